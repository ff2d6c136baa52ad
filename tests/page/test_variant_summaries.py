"""Each variant in players' terms where it is chosen: phrases derived from the variant's resolved options, in the
page's language, with no source name or Latin identifier in Russian (the texts a variant follows are behind
«Источники», in the variant's own summary)."""
from __future__ import annotations

import json
import re

import pytest

from referee import i18n
from web import variants

SOURCES = re.compile(r"pagat|hoyle|хойл|howstuffworks|bicycle|rummy|wikipedia|википеди|parlett|парлетт|\bhay\b|хэй|"
                     r"palace|палас|mcleod|текст", re.I)


def page_summaries(client, lang):
    html = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    m = re.search(r'<script type="application/json" id="config">(.*?)</script>', html, re.S)
    return json.loads(m.group(1))["variant_summaries"]


def test_the_russian_classic_reads_as_players_say_it(client):
    # the variant's rules (docs/thousand-design.md): barrel at 880 for three deals; a bolt is a deal without a
    # trick, the third in a row costs 120; a concession costs the declarer his contract; 555 is dumped to 0
    assert page_summaries(client, "ru")["thousand"]["russian-classic"] == (
        "бочка 880, 3 попытки; болт — без взятки, три подряд: минус 120; роспись стоит заказчику суммы заказа; "
        "самосвал 555.")
    # pagat's reading: a bolt scores zero, counted in the game; a concession costs nothing; no dump
    assert page_summaries(client, "en")["thousand"]["pagat"] == (
        "barrel at 880, 3 attempts; a bolt is a deal scoring zero, three in the game: minus 120; "
        "a concession costs the declarer nothing; no dump at 555.")


def ru(phrases, options):
    token = i18n._current.set("ru")
    try:
        return phrases(options)
    finally:
        i18n._current.reset(token)


def test_the_phrases_follow_the_options_not_the_variant_name():
    classic = variants.resolved("thousand")["russian-classic"]
    assert ru(variants.thousand, {**classic, "barrel": "lock", "barrel_threshold": 800})[0] == "замок на 800"
    assert ru(variants.thousand, {**classic, "barrel_deals": 1})[0] == "бочка 880, 1 попытка"
    assert ru(variants.thousand, {**classic, "barrel_deals": 5})[0] == "бочка 880, 5 попыток"
    assert ru(variants.thousand, {**classic, "bolt_count": "off"})[1] == "болты не считаются"
    reset = ru(variants.thousand, {**classic, "bolt_penalty": "reset_to_zero"})[1]
    assert reset.startswith("болт — без взятки, три подряд: ") and "120" not in reset
    samba = variants.resolved("canasta")["samba"]
    assert ru(variants.canasta, samba)[:2] == ["для выхода нужны 2 канасты", "не больше 2 свободных карт в комбинации"]
    assert ru(variants.canasta, {**samba, "max_wilds": None})[1] == "свободных карт в комбинации сколько угодно"


@pytest.mark.parametrize("game", ["thousand", "pinochle", "canasta"])
def test_no_russian_summary_names_a_source_or_an_identifier(client, game):
    summaries = page_summaries(client, "ru")[game]
    assert set(summaries) == set(variants.resolved(game))
    for variant, text in summaries.items():
        assert not re.search(r"[A-Za-z_]", text) and not SOURCES.search(text), (variant, text)
