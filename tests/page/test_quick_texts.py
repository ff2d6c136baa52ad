"""The quick questions' texts, without a browser: the first screen opens on «Что случилось?» with «Партия» and
«Другой вопрос» beside the tiles, and every Russian text the quick questions can show is written in words: no Latin
identifier (field or option name), no JSON pointer, no rule ID or source name inside a sentence."""
from __future__ import annotations

import json
import re

import pytest

from referee.web import QUICK_TEXTS

LATIN = re.compile(r"[A-Za-z_]")
POINTER = re.compile(r"(^|\s)/[a-z]")
RULE_ID = re.compile(r"\b(thousand|pinochle|canasta)/\d")


def config(client, lang):
    html = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    m = re.search(r'<script type="application/json" id="config">(.*?)</script>', html, re.S)
    return html, json.loads(m.group(1))["quick"]


def test_the_first_screen_asks_what_happened_before_the_question_builder(client):
    html, _ = config(client, "ru")
    quick, sheet, other, builder = (html.index(s) for s in (
        '<h2 id="h-quick">Что случилось?</h2>', 'id="sheet-link"', 'id="other-question"', '<form id="ask"'))
    assert quick < sheet < other < builder
    assert ">Другой вопрос</button>" in html


@pytest.mark.parametrize("key", sorted(QUICK_TEXTS))
def test_every_russian_text_is_in_words(client, key):
    _, quick = config(client, "ru")
    text = quick["texts"][key]
    if key == "names":
        assert text.startswith("Анна, Борис, Вера")
        return
    words = re.sub(r"\{\w+\}", "", text)          # the parameters the script fills in
    assert not LATIN.search(words), (key, text)
    assert not POINTER.search(text) and not RULE_ID.search(text), (key, text)


def test_card_names_are_words_in_both_languages(client):
    _, ru = config(client, "ru")
    assert ru["rank_words"]["Q"] == "дама" and ru["texts"]["of_S"] == "{rank} пик"
    assert ru["texts"]["of_H"] == "{rank} червей" and ru["texts"]["of_D"] == "{rank} бубен"
    _, en = config(client, "en")
    assert en["rank_words"]["Q"] == "queen" and en["texts"]["of_S"] == "{rank} of spades"
