"""Canasta's card fields at their bounds, as the loader that reads cards met before reads them and marshmallow words
what it refuses: a side's red threes are at most 8 (the most any variant's packs hold), so 8 pass the shape and only
the deck's copies refuse them, and a 9th is refused at the list; a card that may not be left empty is refused as
null.  The deal is the README's four-player hand (tests/canasta_helpers.full_deal)."""
from tests.canasta_helpers import S4, full_deal


def _with_red_threes(n):
    deal = full_deal()
    deal["sides"][0]["red_threes"] = ["3H"] * n
    return {"sides": S4, "deal": deal}


def test_eight_red_threes_pass_the_shape_and_are_refused_by_the_deck(api):
    errors = api("score", _with_red_threes(8), status=422, game="canasta")["errors"]
    # two packs hold 3H twice: NS's third to eighth are a copy too many each, and so is EW's own 3H (the hand's);
    # none is a fault of the list
    too_many = "more copies of 3H than the 108-card deck holds (2)"
    assert errors == [{"pointer": f"/deal/sides/0/red_threes/{j}", "detail": too_many} for j in range(2, 8)] + [
        {"pointer": "/deal/sides/1/red_threes/0", "detail": too_many}]


def test_a_ninth_red_three_is_refused_at_the_list(api):
    assert api("score", _with_red_threes(9), status=422, game="canasta")["errors"] == [
        {"pointer": "/deal/sides/0/red_threes", "detail": "at most 8 red threes, not 9"}]


def test_a_discard_of_no_card_is_refused_at_the_card(api):
    body = {"sides": S4, "action": {"type": "discard", "player": "North", "card": None}}
    assert api("check", body, status=422, game="canasta")["errors"] == [
        {"pointer": "/position", "detail": "this field is required and missing"},
        {"pointer": "/action/card", "detail": "may not be null"}]
