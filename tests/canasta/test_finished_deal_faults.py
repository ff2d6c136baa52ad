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
