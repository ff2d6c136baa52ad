"""Pinochle: the target — a side or player reaching it, and the target rising when both pass it in one deal."""
import pytest

from tests.pinochle_helpers import FOUR, THREE, TWO, P


def three_hand(state):
    # Ann bids 300: meld 190 (hearts flush 150 + pinochle 40), 150 in tricks + the last 10, buried nines 0: 350
    return {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid", "state": state,
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "H", "meld": "AH 10H KH QH JH QS JD".split(),
                     "buried": ["9C", "9D", "9S"], "points": {"Ann": 150, "Bob": 50, "Cid": 40},
                     "tricks_taken": {"Ann": 9, "Bob": 3, "Cid": 3}, "last_trick": "Ann"}}


def rise(ann_cards, bob_cards, rise_opt=None):
    # 990 each; Ann melds the hearts flush (150) and takes the last trick (10); card points are already tens
    body = {"players": TWO, "dealer": "Bob", "state": {"scores": {"Ann": 990, "Bob": 990}},
            "deal": {"trump": "H", "melds": [{"player": "Ann", "cards": ["AH", "10H", "KH", "QH", "JH"]}],
                     "points": {"Ann": ann_cards, "Bob": bob_cards}, "tricks_taken": {"Ann": 14, "Bob": 10},
                     "last_trick": "Ann"}}
    if rise_opt:
        body["options"] = {"target_rise": rise_opt}
    return body


# Pinochle, issue 17.
@pytest.mark.parametrize("total,status", [(1200, 422), (1000, 422), (990, 200)])
def test_a_partnership_side_at_the_target_is_over(api, total, status):
    # a side at 1,000 or more has already won (7.7); 990 is a game under way (the E6 deal: 330 and 140 more)
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "state": {"scores": {"Ann+Cid": 500, "Bob+Dee": total}},
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "S",
                     "melds": {"Ann": "AS 10S KS QS JS 9S".split(), "Bob": "QS QH QD QC".split()},
                     "points": {"Ann": 90, "Cid": 70, "Bob": 50, "Dee": 30},
                     "tricks_taken": {"Ann": 5, "Cid": 3, "Bob": 2, "Dee": 2}, "last_trick": "Ann"}}
    ans = P(api, "score", body, status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/state/scores/Bob+Dee"
    else:
        # Ann+Cid: 160 meld + 170 cards = 330 made → 830; Bob+Dee: 60 + 80 = 140 → 1130: they win (7.7)
        assert {s["id"]: s["total_after"] for s in ans["sides"]} == {"Ann+Cid": 830, "Bob+Dee": 1130}
        assert ans["winner"] == "Bob+Dee"


# Pinochle, issue 17.
@pytest.mark.parametrize("score,status", [(1500, 422), (1000, 422), (990, 200)])
def test_a_three_hand_player_at_the_target_is_over(api, score, status):
    ans = P(api, "score", three_hand({"scores": {"Ann": 100, "Bob": score, "Cid": 0}}), status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/state/scores/Bob"
    else:
        assert [p["total_after"] for p in ans["players"]] == [400, 990, 0] and ans["game_over"] is False


# Pinochle, issue 17.
def test_the_target_never_rises_in_the_auction_forms(api):
    state = {"scores": {"Ann": 100, "Bob": 900, "Cid": 0}, "target": 1250}
    assert P(api, "score", three_hand(state), status=422)["errors"][0]["pointer"] == "/state/target"


# Pinochle, issue 17.
@pytest.mark.parametrize("ann,bob,totals,target,winner", [
    (150, 90, (1300, 1080), 1250, "Ann"),   # 990+150+160 and 990+90: both past 1,000; only Ann past 1,250
    (100, 140, (1250, 1130), 1250, "Ann"),  # exactly 1,250: 990 + 150 + 110
    (90, 150, (1240, 1140), 1250, None),    # one under: both past 1,000, neither past 1,250: play on
])
def test_by_step(api, ann, bob, totals, target, winner):
    ans = P(api, "score", rise(ann, bob))
    assert tuple(p["total_after"] for p in ans["players"]) == totals
    assert (ans["target"], ans["winner"]) == (target, winner)


# Pinochle, issue 17.
@pytest.mark.parametrize("ann,bob,target", [(150, 90, 1500), (100, 140, 1500), (90, 150, 1250)])
def test_above_both(api, ann, bob, target):
    # the other reading: both past the target means playing on, to the first step neither has reached
    ans = P(api, "score", rise(ann, bob, "above_both"))
    assert (ans["target"], ans["winner"], ans["game_over"]) == (target, None, False)
    assert ans["state_after"]["target"] == target


# Pinochle, issue 17.
@pytest.mark.parametrize("rise_opt,status", [("above_both", 200), ("by_step", 422)])
def test_a_state_after_a_rise_past_both(api, rise_opt, status):
    # 1,300 and 1,080 with the target at 1,500 can only follow the above_both reading
    body = rise(0, 240, rise_opt)
    body["state"] = {"scores": {"Ann": 1300, "Bob": 1080}, "target": 1500}
    body["deal"]["melds"] = []
    body["deal"]["tricks_taken"] = {"Ann": 0, "Bob": 24}
    body["deal"]["last_trick"] = "Bob"
    P(api, "score", body, status=status)
