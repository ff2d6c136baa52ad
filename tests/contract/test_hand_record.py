"""A position's hand (the shared Hand field of schemas/common.py) loads into a typed record in all three games: a
list stays the list, what is known of a hand (``{"known", "unknown", "void"}``) becomes a PartialHand whose
attributes the position builders read; both loaders (the sparse one and marshmallow's) make the same record, and
a hand of the wrong shape is refused at the hand by both with the same words."""
import pytest
from marshmallow import ValidationError

from referee.cards import Card
from schemas import canasta, pinochle, thousand
from schemas.common import PartialHand, errors_to_pointers

# the position schemas of Thousand and Pinochle, each with the most cards its hand may hold and the phase a
# position names
POSITIONS = [(thousand.Position, 14), (pinochle.Position, 24)]
PHASE = {thousand.Position: "play", pinochle.Position: "play"}


def loads(schema_class, body):
    """The record both loaders make of ``body`` (asserted equal); the phase added for Thousand and Pinochle."""
    body = {"phase": PHASE[schema_class], **body} if schema_class in PHASE else body
    fast, slow = schema_class(), schema_class()
    assert fast.fast_loader() is not None          # the sparse loader handles the hand field
    slow._fast = False
    got = fast.load(body)
    assert slow.load(body) == got
    return got


@pytest.mark.parametrize("schema_class,_most", POSITIONS)
def test_a_hand_known_in_part_is_a_record_of_its_texts(schema_class, _most):
    # Thousand and Pinochle keep the card texts for their builders to read against the variant's deck
    pos = loads(schema_class, {"hand": {"known": ["AS", "10S"], "unknown": 5, "void": ["H"]}})
    assert pos.hand == PartialHand(["AS", "10S"], 5, ["H"])
    assert (pos.hand.known, pos.hand.unknown, pos.hand.void) == (["AS", "10S"], 5, ["H"])


@pytest.mark.parametrize("schema_class,_most", POSITIONS)
def test_a_hand_known_in_part_may_leave_out_what_is_not_known(schema_class, _most):
    # nothing said of the unknown cards or the suits lacked: none of either
    assert loads(schema_class, {"hand": {"known": ["KH"]}}).hand == PartialHand(["KH"], 0, [])


@pytest.mark.parametrize("schema_class,_most", POSITIONS)
def test_a_whole_hand_stays_a_list(schema_class, _most):
    assert loads(schema_class, {"hand": ["AS", "KH"]}).hand == ["AS", "KH"]


def test_canasta_reads_the_known_cards_as_cards():
    # Canasta's hand is the same field with Canasta's reading of a card (a rank alone where the suit does not matter)
    pos = loads(canasta.Position, {"hand": {"known": ["KH", "5"], "unknown": 3},
                                   "pile": {"top": "6S", "size": 4}})
    assert pos.hand == PartialHand([Card("K", "H"), Card("5", "")], 3, [])


@pytest.mark.parametrize("schema_class,most", POSITIONS)
def test_the_unknown_cards_up_to_the_hands_size(schema_class, most):
    # the schema checks the count (the builders no longer do): the most a hand holds passes, one more is refused
    assert loads(schema_class, {"hand": {"known": [], "unknown": most}}).hand.unknown == most
    for fast in (True, False):
        schema = schema_class()
        if not fast:
            schema._fast = False
        with pytest.raises(ValidationError) as e:
            schema.load({"phase": "play", "hand": {"known": [], "unknown": most + 1}})
        assert errors_to_pointers(e.value.messages) == [
            {"pointer": "/hand", "detail": f"the number of unknown cards is a whole number from 0 to {most}"}]
