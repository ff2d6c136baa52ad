"""Pinochle: scoring the auction forms — a bid made exactly, and the tricks that save the meld."""
import pytest

from tests.pinochle_helpers import FOUR, THREE, P


def three_hand(state):
    # Ann bids 300: meld 190 (hearts flush 150 + pinochle 40), 150 in tricks + the last 10, buried nines 0: 350
    return {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid", "state": state,
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "H", "meld": "AH 10H KH QH JH QS JD".split(),
                     "buried": ["9C", "9D", "9S"], "points": {"Ann": 150, "Bob": 50, "Cid": 40},
                     "tricks_taken": {"Ann": 9, "Bob": 3, "Cid": 3}, "last_trick": "Ann"}}


def partnership(bob_points, ann_points, save="twenty_points"):
    # Ann+Cid bid 300 and take 10 tricks; Bob+Dee take 2 tricks (8 cards) worth `bob_points` and show queens
    # around (60); Ann takes the last trick.  8 cards: A K Q J + four nines = 20; A K J J = 19; A K Q Q = 21.
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee", "options": {"meld_save": save},
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "S",
                     "melds": {"Ann": "AS 10S KS QS JS 9S".split(), "Bob": "QS QH QD QC".split()},
                     "points": {"Ann": ann_points, "Cid": 90, "Bob": bob_points, "Dee": 0},
                     "tricks_taken": {"Ann": 6, "Cid": 4, "Bob": 2, "Dee": 0}, "last_trick": "Ann"}}
    return body


def made_bid(bid):
    # E6: Ann+Cid meld 160 (spade flush 150 + dix 10) and take 90 + 70 + the last 10 = 170: 330 in all
    return {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "deal": {"bid": {"player": "Ann", "amount": bid}, "trump": "S",
                     "melds": {"Ann": "AS 10S KS QS JS 9S".split(), "Bob": "QS QH QD QC".split()},
                     "points": {"Ann": 90, "Cid": 70, "Bob": 50, "Dee": 30},
                     "tricks_taken": {"Ann": 5, "Cid": 3, "Bob": 2, "Dee": 2}, "last_trick": "Ann"}}


# Pinochle, issue 17.
@pytest.mark.parametrize("bob,ann,saved,hand", [
    (20, 130, True, 80),    # exactly 20 card points save the meld: 60 + 20
    (19, 131, False, 20),   # one under: the meld is lost; 19 rounds to 20
    (21, 129, True, 80),    # one over: 60 + 20 (21 rounds down)
])
def test_twenty_points_save_the_meld(api, bob, ann, saved, hand):
    sides = {s["id"]: s for s in P(api, "score", partnership(bob, ann))["sides"]}
    assert sides["Bob+Dee"]["hand_score"] == hand and sides["Bob+Dee"]["meld_points"] == (60 if saved else 0)


# Pinochle, issue 17.
@pytest.mark.parametrize("bid,hand", [(330, 330), (340, -340), (320, 330)])
def test_a_partnership_bid_made_exactly(api, bid, hand):
    side = next(s for s in P(api, "score", made_bid(bid))["sides"] if s["id"] == "Ann+Cid")
    assert side["hand_score"] == hand


# Pinochle, issue 17.
@pytest.mark.parametrize("bid,hand", [(350, 350), (360, -720), (340, 340)])
def test_a_three_hand_bid_made_exactly(api, bid, hand):
    # meld 190 + 150 in tricks + the last 10 = 350: made at 350 (+bid), double bete at 360, made at 340
    body = three_hand({"scores": {"Ann": 0, "Bob": 0, "Cid": 0}})
    body["deal"]["bid"]["amount"] = bid
    assert P(api, "score", body)["players"][0]["hand_score"] == hand
