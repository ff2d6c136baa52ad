"""A list of cards (``CardsOf``, a log's ``LogCards``) loads by the sparse loader with one lookup per card read
before, and reads a text met for the first time as the card field does; anything the field would refuse (too many
cards, a text that names no card, a card that is no text) is handed to marshmallow, which words the fault."""
from __future__ import annotations

import pytest

from referee.cards import Card
from schemas import common, fast
from schemas.common import CardsOf
from schemas.thousand import LogCards


def converter(field):
    load = fast.compile_field(field, common.FAST_KINDS)
    assert load is not None
    return load


def test_a_list_at_its_most_cards_is_loaded_and_one_more_is_handed_on():
    load = converter(CardsOf(3))
    assert load(["QS", "10H", "Тп"]) == [Card("Q", "S"), Card("10", "H"), Card("A", "S")]
    assert load([]) == []
    with pytest.raises(fast.Fallback):
        load(["QS", "10H", "Тп", "KD"])


def test_a_text_met_for_the_first_time_is_read_and_then_known():
    load = converter(CardsOf(2))
    text = "к♥"          # K of hearts, as a Russian player writes it
    common._CARDS.pop(text, None)
    assert load(["QS", text]) == [Card("Q", "S"), Card("K", "H")]
    assert common._CARDS[text] == Card("K", "H")
    assert load([text]) == [Card("K", "H")]


@pytest.mark.parametrize("value", [["QS", "1X"], ["QS", 5], ["QS", None], ["QS", ["KH"]], ["10HXY"], [""],
                                   ("QS",), "QS", None, {"QS": 1}])
def test_what_the_field_refuses_is_handed_on(value):
    for load in (converter(CardsOf(4)), converter(LogCards(4))):
        with pytest.raises(fast.Fallback):
            load(value)


def test_a_list_that_may_be_null():
    load = converter(CardsOf(2, allow_none=True))
    assert load(None) is None
    assert load(["AS"]) == [Card("A", "S")]
