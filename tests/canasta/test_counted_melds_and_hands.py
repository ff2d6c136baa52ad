"""A side given by counts (referee.canasta.counts): the card points its counted melds hold at the least, the black
threes it melds (three or four, only going out), a count of a meld that earns no canasta, and the cards its hands
still hold when it went out (every hand empty with a double ending, the partner's not), each at its boundary.

Card values (canasta/1.4): 4 to 7 and black threes 5, 2 20.  The cheapest natural canasta is seven 4s (35 points).
"""
import pytest

from referee import service
from referee.errors import InputError

S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
S2 = [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]
QUIET = {"counts": {"meld_points": 0, "hand_points": 10}}      # EW never melded; each of them holds a 5


def score(side, other=QUIET, variant=None, sides=S4, options=None):
    ids = [s["id"] for s in sides]
    body = {"sides": sides, "deal": {"sides": [{"id": ids[0], **side}, {"id": ids[1], **other}]}}
    if variant:
        body["variant"] = variant
    if options:
        body["options"] = options
    return service.handle("canasta", "score", body, "en")


def refused(*args, **kw):
    with pytest.raises(InputError) as e:
        score(*args, **kw)
    return e.value.errors[0]["pointer"], e.value.errors[0]["detail"]


def out_with(**counts):
    return {"counts": {"natural_canastas": 1, "hand_points": 5, **counts}, "went_out": True}


def test_melded_black_threes_count_in_the_melds_points():
    # popular Russian: a natural canasta (35 at the least) and four black threes (4 x 5 = 20): 55 at the least
    score(out_with(black_threes_melded=4, meld_points=55), variant="russian-popular")
    assert refused(out_with(black_threes_melded=4, meld_points=50), variant="russian-popular") == (
        "/deal/sides/0/counts/meld_points", "the melds counted hold at least 55 card points, more than 50")


def test_black_threes_are_melded_only_going_out():
    # the same four black threes by a side that did not go out: refused at the count
    side = {"counts": {"natural_canastas": 1, "black_threes_melded": 4, "meld_points": 120, "hand_points": 5}}
    assert refused(side, variant="russian-popular") == (
        "/deal/sides/0/counts/black_threes_melded",
        "black threes are melded three or four at once, in the going-out turn")


def test_a_meld_that_earns_no_canasta_is_counted_where_the_variant_charges_it():
    # Palace wild melds: an unfinished wild meld (three 2s, 60 at the least) costs 1,000.  Ann went out with it and
    # a natural canasta (35): 95 at the least; 500 - 1,000 + 100 for going out + 95 = -305
    palace = {"variant": "palace", "sides": S2, "options": {"wild_melds": "palace"}}
    side = out_with(unfinished_wild_melds=1, meld_points=95, hand_points=0)
    assert score(side, **palace)["sides"][0]["hand_score"] == -305
    assert refused(out_with(unfinished_wild_melds=1, meld_points=90, hand_points=0), **palace) == (
        "/deal/sides/0/counts/meld_points", "the melds counted hold at least 95 card points, more than 90")


def test_a_double_ending_empties_every_hand_of_the_side():
    # traditional (double ending played): North went out and South laid down his hand too; no card is left
    score({**out_with(meld_points=35, hand_points=0), "double_ending": True}, variant="traditional")
    assert refused({**out_with(meld_points=35, hand_points=5), "double_ending": True}, variant="traditional") == (
        "/deal/sides/0/counts/hand_points", "the side went out with every hand empty, so no card is left in hand")


def test_without_a_double_ending_the_partner_still_holds_a_card():
    # North went out alone: South holds a card at least, 5 points at the least (0 is one step under)
    score(out_with(meld_points=35, hand_points=5), variant="traditional")
    assert refused(out_with(meld_points=35, hand_points=0), variant="traditional") == (
        "/deal/sides/0/counts/hand_points",
        "1 player of the side still holds cards, so the cards left in hand are worth at least 5 points")
