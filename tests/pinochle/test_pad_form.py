"""Two-handed Pinochle in the numbers a pad keeps: each player's meld and card points, who took the last trick, a
declaration out; the tricks each took may be left out, since the score does not depend on them.

Two-handed (48 cards): 240 card points in tricks and 10 for the last trick; every meld is worth a multiple of 10; a
meld needs a trick won while the stock lasts (12 tricks), the richest (a double around of aces) 1,000; target
1,000, both past it → 1,250 (pinochle/6.3); a declaration out is right when the total reaches the target.
"""
import pytest

from referee import service
from referee.errors import InputError


def score(deal, scores=None, lang="en"):
    body = {"players": ["Ann", "Bob"], "dealer": "Bob", "deal": {"trump": "H", **deal}}
    if scores:
        body["state"] = {"scores": scores}
    return service.handle("pinochle", "score", body, lang)


def refused(deal, scores=None):
    with pytest.raises(InputError) as e:
        score(deal, scores)
    return e.value.errors[0]["pointer"]


def totals(a):
    return {p["id"]: p["total_after"] for p in a["players"]}


def test_meld_and_counters_and_the_last_trick():
    # Ann 40 meld + 130; Bob 20 meld + 110 + 10 for the last trick: 170 and 140
    a = score({"meld_points": {"Ann": 40, "Bob": 20}, "points": {"Ann": 130, "Bob": 110}, "last_trick": "Bob"})
    assert totals(a) == {"Ann": 170, "Bob": 140}
    assert [p["tricks"] for p in a["players"]] == [None, None]
    assert a["players"][0]["lines"][0] == {"item": "meld as written down", "points": 40, "rule": "pinochle/4.1"}


def test_the_trick_counts_when_given_are_checked():
    # Bob melded 20 but took no trick: impossible
    assert refused({"meld_points": {"Ann": 40, "Bob": 20}, "points": {"Ann": 240, "Bob": 0}, "last_trick": "Ann",
                    "tricks_taken": {"Ann": 24, "Bob": 0}}) == "/deal/meld_points/Bob"
    a = score({"meld_points": {"Ann": 40, "Bob": 0}, "points": {"Ann": 240, "Bob": 0}, "last_trick": "Ann",
               "tricks_taken": {"Ann": 24, "Bob": 0}})
    assert totals(a) == {"Ann": 290, "Bob": 0} and [p["tricks"] for p in a["players"]] == [24, 0]


@pytest.mark.parametrize("meld,ok", [(20, True), (25, False), (30, True)])
def test_meld_is_a_multiple_of_ten(meld, ok):
    deal = {"meld_points": {"Ann": meld, "Bob": 0}, "points": {"Ann": 130, "Bob": 110}, "last_trick": "Bob"}
    if ok:
        assert totals(score(deal))["Ann"] == meld + 130
    else:
        assert refused(deal) == "/deal/meld_points/Ann"


@pytest.mark.parametrize("meld,ok", [(12000, True), (12010, False)])
def test_at_most_one_meld_a_trick_of_the_stock(meld, ok):
    # 12 tricks while the stock lasts, 1,000 the richest meld: 12,000 at the very most
    deal = {"meld_points": {"Ann": meld, "Bob": 0}, "points": {"Ann": 130, "Bob": 110}, "last_trick": "Bob"}
    if ok:
        score(deal)
    else:
        assert refused(deal) == "/deal/meld_points/Ann"


def test_card_points_add_up_to_240():
    assert refused({"meld_points": {"Ann": 0, "Bob": 0}, "points": {"Ann": 130, "Bob": 120},
                    "last_trick": "Bob"}) == "/deal/points"


def test_the_last_trick_is_asked_for():
    assert refused({"meld_points": {"Ann": 0, "Bob": 0}, "points": {"Ann": 130, "Bob": 110}}) == "/deal/last_trick"


def test_meld_as_cards_and_as_points_together_are_refused():
    assert refused({"meld_points": {"Ann": 20, "Bob": 0}, "melds": [{"player": "Ann", "cards": ["KD", "QD"]}],
                    "points": {"Ann": 130, "Bob": 110}, "last_trick": "Bob"}) == "/deal/melds"


@pytest.mark.parametrize("claim,right,winner", [(20, True, "Ann"), (10, False, "Bob")])
def test_declaring_out(claim, right, winner):
    # Ann at 880 declares out with a meld of 100 and `claim` taken when play stopped: 880 + 100 + 20 = 1,000 reaches
    # the target (right, Ann wins); 880 + 100 + 10 = 990 does not (wrong, Bob wins)
    a = score({"meld_points": {"Ann": 100, "Bob": 20}, "points": {"Ann": claim, "Bob": 40},
               "declared_out": {"player": "Ann", "points_at_claim": claim}}, scores={"Ann": 880, "Bob": 700})
    assert a["declared_out"] == {"player": "Ann", "total": 880 + 100 + claim, "right": right}
    assert a["game_over"] and a["winner"] == winner


def test_the_card_points_at_the_claim_are_the_deals_own():
    # play stops at the declaration (pinochle/6.4): Ann's 90 card points are those she had when claiming, so the
    # claim is judged at 880 + 100 + 90 = 1,070 (right) with points_at_claim left out ...
    a = score({"meld_points": {"Ann": 100, "Bob": 20}, "points": {"Ann": 90, "Bob": 40},
               "declared_out": {"player": "Ann"}}, scores={"Ann": 880, "Bob": 700})
    assert a["declared_out"] == {"player": "Ann", "total": 1070, "right": True} and a["winner"] == "Ann"
    # ... and a points_at_claim saying otherwise (10, or 91: one under and one over) contradicts the deal
    for claim in (10, 89, 91):
        assert refused({"meld_points": {"Ann": 100, "Bob": 20}, "points": {"Ann": 90, "Bob": 40},
                        "declared_out": {"player": "Ann", "points_at_claim": claim}},
                       scores={"Ann": 880, "Bob": 700}) == "/deal/declared_out/points_at_claim"


def test_a_declaration_stops_play_so_nobody_took_the_last_trick():
    assert refused({"meld_points": {"Ann": 100, "Bob": 20}, "points": {"Ann": 90, "Bob": 40}, "last_trick": "Ann",
                    "declared_out": {"player": "Ann", "points_at_claim": 90}},
                   scores={"Ann": 880, "Bob": 700}) == "/deal/last_trick"


def test_the_partnership_pad_names_every_players_meld():
    # the partnership form also takes the pad's numbers (tests/pinochle/test_pad_partnership.py): written per
    # player, every player's meld is asked for, Bob's missing here
    body = {"variant": "partnership", "players": ["Ann", "Bob", "Cid", "Dee"], "dealer": "Dee",
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "S", "meld_points": {"Ann": 150},
                     "points": {"Ann": 100, "Bob": 40, "Cid": 60, "Dee": 40},
                     "tricks_taken": {"Ann": 5, "Bob": 2, "Cid": 3, "Dee": 2}, "last_trick": "Ann"}}
    with pytest.raises(InputError) as e:
        service.handle("pinochle", "score", body)
    assert e.value.errors[0]["pointer"] == "/deal/meld_points/Bob"
