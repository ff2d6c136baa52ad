from tests.pinochle_helpers import ANN

"""A deal event with a fault in its cards is not judged further, even as played (pinochle/2.1): the wrong dealer
that ``as_played`` lets stand does not bring the judging of such a deal back.

The deal, counted card by card (two-handed, 48 cards, two of each): Ann holds the twelve spades, Bob eleven hearts
(AH AH 10H 10H KH KH QH QH JH JH 9H, one short of twelve), the upcard is the 9D.  12 + 11 + 1 = 24 cards dealt, no
card more than twice.  The log: a first deal by Ann (Bob holding the other 9H too, so twelve cards), a second deal by
Ann again (Bob deals it by rotation) with Bob's eleven, then Bob's lead AH."""
BOB_11 = "AH AH 10H 10H KH KH QH QH JH JH 9H".split()


def body(replay: str) -> dict:
    deal1 = {"type": "deal", "dealer": "Ann", "upcard": "9D", "hands": {"Ann": ANN, "Bob": BOB_11 + ["9H"]}}
    deal2 = {"type": "deal", "dealer": "Ann", "upcard": "9D", "hands": {"Ann": ANN, "Bob": BOB_11}}
    return {"players": ["Ann", "Bob"], "replay": replay,
            "log": [deal1, deal2, {"type": "play", "player": "Bob", "card": "AH"}]}


def test_a_short_hand_and_a_wrong_dealer_stop_the_deal_as_played(api):
    ans = api("validate", body("as_played"), game="pinochle")
    assert [(v["index"], v["rule"], v["pointer"]) for v in ans["violations"]] == [
        (1, "pinochle/2.3", "/log/1"),                  # the first deal was not finished
        (1, "pinochle/2.1", "/log/1/hands/Bob"),        # eleven cards, not twelve
        (1, "pinochle/2.1", "/log/1/dealer")]           # Bob deals the second deal
    # the lead after the faulty deal is not looked at: two deal events checked, and the log is complete
    assert ans["events_checked"] == 2
    assert ans["complete"] is True
    assert [(d["index"], d["valid"], d["violation_positions"]) for d in ans["deals"]] == [(0, False, [0]),
                                                                                         (1, False, [1, 2])]


def test_strict_stops_the_same_deal_at_the_same_faults(api):
    ans = api("validate", body("strict"), game="pinochle")
    assert [v["rule"] for v in ans["violations"]] == ["pinochle/2.3", "pinochle/2.1", "pinochle/2.1"]
    assert ans["events_checked"] == 2 and ans["complete"] is True
