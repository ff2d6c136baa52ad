"""Three-hand auction Pinochle: the bidder who gives up before the first lead loses the bid once (pinochle/8.4),
whether or not he named a trump; nothing else of the deal is asked.  A meld given with the give-up needs its trump,
and a missing trump is said as missing."""
from __future__ import annotations

import pytest

PLAYERS = ["Ann", "Bob", "Cid"]


def score(api, deal, status=200):
    body = {"variant": "three-hand-auction", "players": PLAYERS, "dealer": "Cid", "deal": deal}
    return api("score", body, status=status, game="pinochle")


@pytest.mark.parametrize("trump", [None, "H"])
def test_giving_up_costs_the_bid_once_with_or_without_a_trump(api, trump):
    # Ann wins the auction at 350 and gives up before the first lead: −350 for her (the bid off once), 0 for the others
    deal = {"bid": {"player": "Ann", "amount": 350}, "conceded": True}
    if trump:
        deal["trump"] = trump
    ans = score(api, deal)
    assert [(p["id"], p["hand_score"], p["total_after"]) for p in ans["players"]] == [
        ("Ann", -350, -350), ("Bob", 0, 0), ("Cid", 0, 0)]
    assert ans["players"][0]["lines"][0]["rule"] == "pinochle/8.4"


def test_a_played_deal_without_its_trump_is_refused_as_missing(api):
    # not given up: the trump decides the meld and the play, so it is asked for at /deal/trump
    deal = {"bid": {"player": "Ann", "amount": 300}, "meld_points": {"Ann": 100},
            "points": {"Ann": 200, "Bob": 20, "Cid": 20}, "last_trick": "Ann"}
    ans = score(api, deal, status=422)
    assert ans["errors"] == [{"pointer": "/deal/trump", "detail": "the trump is missing: name its suit"}]


def test_a_meld_given_with_a_give_up_still_needs_its_trump(api):
    # the cards shown are read as melds of a trump: with none named, the trump is asked for
    deal = {"bid": {"player": "Ann", "amount": 300}, "conceded": True, "meld": ["KH", "QH"],
            "buried": ["9C", "9D", "9S"]}
    ans = score(api, deal, status=422)
    assert ans["errors"][0]["pointer"] == "/deal/trump"
