"""A card inside a Russian sentence is named as players name it: a joker or a rank alone (Canasta's «К») in words,
in the case the sentence asks for (``{card:gen_sg}``: «не хватает джокера»); a card of a suit keeps its sign (К♠), and
English keeps the card's code."""
from __future__ import annotations

import pytest

from referee import i18n
from referee.cards import Card

MISSING = "{player} does not hold all the cards shown: {card} is missing"


@pytest.mark.parametrize("card,text", [
    (Card("JK", ""), "Anna: на руке нет всех показанных карт — не хватает джокера"),
    (Card("K", ""), "Anna: на руке нет всех показанных карт — не хватает короля"),
    (Card("Q", ""), "Anna: на руке нет всех показанных карт — не хватает дамы"),
    (Card("K", "S"), "Anna: на руке нет всех показанных карт — не хватает К♠"),
    # a parameter that is not a card (a code already written out) is shown as it is, never a format error
    ("JK", "Anna: на руке нет всех показанных карт — не хватает JK"),
])
def test_a_card_is_named_in_the_case_the_sentence_asks(card, text):
    with i18n.language("ru"):
        assert i18n._(MISSING, player="Anna", card=card) == text


def test_a_penalty_joker_is_named_in_the_nominative():
    with i18n.language("ru"):
        assert i18n._("{card} is a penalty card: it is his discard, so it may not be the last card he keeps",
                      card=Card("JK", "")).startswith("джокер — штрафная карта")


def test_english_keeps_the_code():
    with i18n.language("en"):
        assert i18n._(MISSING, player="Anna", card=Card("JK", "")) == ("Anna does not hold all the cards shown: JK is "
                                                                        "missing")
