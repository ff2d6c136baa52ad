"""Filling a message's parameters: every text of the code and of each catalog, filled by :func:`referee.i18n._format`
(the text read once into its parts), reads exactly as ``str.format_map`` fills it with the parameters shown in the
language (:class:`referee.i18n._Params`, the way every text was filled before): names, numbers, cards, suits,
ranks asked in words, lists of cards, a choice, braces written double."""
from __future__ import annotations

import pytest

from referee import i18n
from referee.cards import Card
from referee.i18n import OneOf, Rank, Suit, _format, _Params, placeholders

MESSAGES = i18n.extract()
# values of every kind a message is given, each tried in every field of every text
VALUES = ["Анна", 0, 120, -60, True, None, Card("Q", "S"), Card("10", "H"), Suit("D"), Rank("8"), Rank("K"),
          [Card("A", "C"), Card("9", "D")], OneOf((Card("10", "H"), Card("A", "H"))), ["2", 3], 1.5]


def _texts(lang: str) -> list[str]:
    out = []
    catalog = i18n.translations(lang)
    for msgid, _locs, _flags in MESSAGES:
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        for m in ids:
            out.append(catalog.gettext(m))
    return out


def _old(text: str, params: dict, lang: str) -> str:
    return text.format_map(_Params(params, lang))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_text_reads_as_before(lang):
    checked = 0
    for text in _texts(lang):
        names = sorted(placeholders(text))
        for k, value in enumerate(VALUES):
            # each field gets a value of another kind, turn by turn
            params = {n: VALUES[(k + j) % len(VALUES)] for j, n in enumerate(names)}
            params["unused"] = value
            assert _format(text, params, lang) == _old(text, params, lang), text
            checked += 1
    assert checked > 1000, checked


@pytest.mark.parametrize("text, params, en, ru", [
    ("{{literal}} {n}", {"n": 3}, "{literal} 3", "{literal} 3"),
    ("{{no fields}}", {}, "{no fields}", "{no fields}"),
    ("{rank:gen_pl} {rank:?верхний|верхняя}", {"rank": Rank("8")}, "8 8", "восьмёрок верхняя"),
    ("{card:nom_sg}", {"card": Card("Q", "S")}, "QS", "Д♠"),
    ("[{name:>6}]", {"name": "Bob"}, "[   Bob]", "[   Bob]"),
    ("{suit} {cards}", {"suit": Suit("H"), "cards": [Card("A", "C"), Card("9", "D")]}, "hearts AC, 9D",
     "♥ Т♣, 9♦"),
    # forms filled by str.format_map as before: a conversion, an index, an attribute
    ("{n!r}", {"n": "x"}, "'x'", "'x'"),
    ("{cards[0]}", {"cards": "ab"}, "a", "a"),
])
def test_a_text_filled(text, params, en, ru):
    assert _format(text, params, "en") == _old(text, params, "en") == en
    assert _format(text, params, "ru") == _old(text, params, "ru") == ru


@pytest.mark.parametrize("text", ["a } b", "{n", "{n} }"])
def test_a_malformed_text_fails_as_before(text):
    with pytest.raises(ValueError):
        _old(text, {"n": 1}, "en")
    with pytest.raises(ValueError):
        _format(text, {"n": 1}, "en")


def test_a_parameter_not_given_fails_as_before():
    with pytest.raises(KeyError):
        _old("{player} plays", {}, "en")
    with pytest.raises(KeyError):
        _format("{player} plays", {}, "en")
