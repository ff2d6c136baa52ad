"""The debt pit (the first Russian text): under russian-classic a player whose total is below 0 may not bid
(thousand/7.7, silence_threshold 0), though the forced 100 is still played."""
import pytest

from tests.thousand_helpers import PLAYERS

# Vera deals: Anna is on the forced 100, Boris speaks first.  Boris holds no marriage, so bids up to 120.
HAND = ["AS", "10S", "KS", "JD", "9D", "QC", "9H"]


def bid_check(api, boris_total, variant="russian-classic", amount=105):
    return api("check", {"players": PLAYERS, "dealer": "Vera", "variant": variant,
                         "state": {"scores": {"Anna": 0, "Boris": boris_total, "Vera": 0}},
                         "position": {"phase": "bidding", "hand": HAND, "bids": []},
                         "action": {"type": "bid", "player": "Boris", "amount": amount}})


@pytest.mark.parametrize("total,legal", [(-5, False), (0, True), (5, True)])
def test_the_threshold_is_0(api, total, legal):
    # One step under 0 (-5): in the pit, no bid; 0 and 5: free to bid.
    ans = bid_check(api, total)
    assert ans["legal"] is legal
    bids = [a for a in ans["legal_actions"] if a["type"] == "bid"]
    if legal:
        assert [(a["min"], a["max"]) for a in bids] == [(105, 120)]
    else:
        assert ans["violations"][0]["rule"] == "thousand/7.7"
        assert ans["violations"][0]["message"] == "Boris is below 0 and may not bid"
        assert bids == [] and {"type": "pass", "player": "Boris"} in ans["legal_actions"]


def test_pagat_has_no_pit(api):
    assert bid_check(api, -5, variant="pagat")["legal"] is True


def test_the_forced_100_is_played_from_the_pit(api):
    # Anna at -120 is on the forced 100: Boris and Vera pass, and she is the declarer at 100.
    ans = api("check", {"players": PLAYERS, "dealer": "Vera",
                        "state": {"scores": {"Anna": -120, "Boris": 0, "Vera": 0}},
                        "position": {"phase": "bidding", "bids": [{"player": "Boris", "type": "pass"}]},
                        "action": {"type": "pass", "player": "Vera"}})
    assert ans["legal"] is True and ans["effects"] == {"pass": "Vera", "declarer": "Anna", "contract": 100}
