"""The house rules grouped by topic, as the page is given them (the page's config, without a browser): every option
of each game in exactly one topic, the most argued (six to eight) among them, and the topics named in the page's
language, in Russian as players say it, with no Latin identifier."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from referee.canasta import options as canasta
from referee.pinochle import options as pinochle
from referee.thousand import options as thousand

GAMES = {"thousand": thousand, "pinochle": pinochle, "canasta": canasta}


def house_rules(client, lang):
    html = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    m = re.search(r'<script type="application/json" id="config">(.*?)</script>', html, re.S)
    return json.loads(m.group(1))["house_rules"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_option_is_in_exactly_one_topic(game):
    m = GAMES[game]
    placed = Counter(name for _, _, names in m.TOPICS for name in names)
    assert {n for n, k in placed.items() if k > 1} == set()
    assert set(placed) == set(m.SPECS)
    assert len({t for t, _, _ in m.TOPICS}) == len(m.TOPICS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_most_argued_are_six_to_eight_known_options(game):
    first = GAMES[game].MOST_ARGUED
    assert 6 <= len(first) <= 8
    assert len(set(first)) == len(first) and set(first) <= set(GAMES[game].SPECS)


def test_thousand_has_the_topics_players_name(client):
    topics = [label for _, label, _ in house_rules(client, "ru")["games"]["thousand"]["topics"]]
    for name in ("Торговля", "Марьяжи", "Роспись", "Болты", "Бочка", "Конец партии", "Тёмная и золотой кон",
                 "Деньги"):
        assert name in topics


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_page_is_given_each_games_topics_in_its_language(client, lang):
    config = house_rules(client, lang)
    for game, m in GAMES.items():
        served = config["games"][game]
        assert served["first"] == list(m.MOST_ARGUED)
        assert [[t, names] for t, _, names in served["topics"]] == [[t, list(names)] for t, _, names in m.TOPICS]
    thousand_topics = {t: label for t, label, _ in config["games"]["thousand"]["topics"]}
    assert thousand_topics["barrel"] == {"ru": "Бочка", "en": "Barrel"}[lang]
    assert config["texts"]["search"] == {"ru": "Найти правило", "en": "Find a house rule"}[lang]


def test_russian_topic_names_and_texts_are_words(client):
    config = house_rules(client, "ru")
    texts = [label for g in config["games"].values() for _, label, _ in g["topics"]] + list(config["texts"].values())
    for text in texts:
        assert not re.search(r"[A-Za-z_]", text), text
