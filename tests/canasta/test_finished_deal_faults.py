"""Canasta: a finished deal that the variant or the table refuses, at its field — black threes set aside where the
game sets none aside (canasta/2.3), a count of excess wild cards outside 1 to 9 (canasta/8.2), a dealer who is not
one of the players.  The deal is the README's four-player hand (tests/canasta_helpers.full_deal)."""
import pytest

from tests.canasta_helpers import S4, full_deal


def refused(api, deal, **extra):
    r = api("score", {"sides": S4, "deal": deal, **extra}, status=422, game="canasta")
    return r["errors"]


def test_black_threes_set_aside_in_a_game_that_sets_none_aside(api):
    deal = full_deal()
    deal["sides"][1]["black_threes_set_aside"] = 1
    assert refused(api, deal) == [{"pointer": "/deal/sides/1/black_threes_set_aside",
                                   "detail": "black threes are set aside only in a game played that way"}]


@pytest.mark.parametrize("count", [0, 10])
def test_excess_wild_cards_are_counted_1_to_9(api, count):
    deal = {**full_deal(), "irregularities": [{"type": "excess_wild_cards", "side": "EW", "count": count}]}
    assert refused(api, deal) == [{"pointer": "/deal/irregularities/0/count",
                                   "detail": "the number of wild cards over the limit is 1 to 9"}]


def test_a_dealer_who_is_not_a_player(api):
    errors = refused(api, full_deal(), dealer="Zed")
    assert [e["pointer"] for e in errors] == ["/dealer"]
    assert errors[0]["detail"].startswith("'Zed' is not one of the players")


def test_a_dealer_who_is_not_a_player_is_told_the_players_side_by_side(api):
    # the players as the sides give them (NS, then EW), not in seat order
    assert refused(api, full_deal(), dealer="Zed") == [
        {"pointer": "/dealer", "detail": "'Zed' is not one of the players (North, South, East, West)"}]


@pytest.mark.parametrize("field,cards", [("melds", [["KH", "KS", "KD"]]), ("red_threes", ["3H"]),
                                         ("hands", [["4C"], ["5C"]])])
def test_a_side_by_counts_gives_no_cards(api, field, cards):
    ew = {"id": "EW", "counts": {"meld_points": 0, "hand_points": 10}, field: cards}
    ns = {"id": "NS", "counts": {"natural_canastas": 1, "meld_points": 100, "hand_points": 5}, "went_out": True}
    assert refused(api, {"sides": [ns, ew]}) == [
        {"pointer": f"/deal/sides/1/{field}", "detail": "a side is given by its cards or by counts, not both"}]


def test_red_threes_per_player_where_the_game_does_not_double_them(api):
    # classic scores four red threes 800 whoever holds them: one player's four, said not to be all one player's,
    # is no contradiction there (it is where one player's four count double); NS went out, South holds a 5
    ns = {"id": "NS", "counts": {"natural_canastas": 1, "red_threes": [4, 0], "meld_points": 100, "hand_points": 5},
          "went_out": True, "one_player_all_reds": False}
    ew = {"id": "EW", "counts": {"meld_points": 0, "hand_points": 10}}
    lines = api("score", {"sides": S4, "deal": {"sides": [ns, ew]}}, game="canasta")["sides"][0]["lines"]
    # four_800: 100 each, all four doubled
    assert {"item": "4 red threes", "points": 800, "rule": "canasta/2.2"} in lines
