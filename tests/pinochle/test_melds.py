"""Pinochle: melds as a request gives them — their shape per form, and an empty meld."""
import json
import pathlib

import pytest

from tests.pinochle_helpers import TWO, P, events

ROOT = pathlib.Path(__file__).resolve().parents[2]


def pinochle_example(name):
    body = json.loads((ROOT / "examples" / "pinochle" / name).read_text())
    body.pop("game")
    return body


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_two_handed_melds_given_as_an_empty_object_are_refused(api):
    # {} is the partnership shape; in the two-handed game it used to pass as "no melds" (both meld_points 0)
    body = pinochle_example("two-handed-score.json")
    body["deal"]["melds"] = {}
    err = api("score", body, status=422, game="pinochle")["errors"][0]
    assert err == {"pointer": "/deal/melds", "detail": "two-handed melds are a list in the order declared"}


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_an_empty_meld_is_named_as_no_cards(api):
    body = pinochle_example("two-handed-score.json")
    body["deal"]["melds"] = [{"player": body["players"][0], "cards": []}] + body["deal"]["melds"]
    err = api("score", body, status=422, game="pinochle")["errors"][0]
    assert err["pointer"] == "/deal/melds/0/cards" and err["detail"].startswith("no cards is not a meld with ")


def dix_deal(bob_tricks):
    # hearts trump; Bob shows the dix 9H.  With no trick Bob took no card either: Ann has all 240 in 24 tricks.
    # With one trick (two nines, 0 points) Ann has 240 in 23 tricks: 46 cards, the 40 counting cards and 6 nines.
    tricks = {"Ann": 24 - bob_tricks, "Bob": bob_tricks}
    return {"players": TWO, "dealer": "Ann",
            "deal": {"trump": "H", "melds": [{"player": "Bob", "cards": ["9H"]}],
                     "points": {"Ann": 240, "Bob": 0}, "tricks_taken": tricks, "last_trick": "Ann"}}


def claim(meld, cards, done=5, scores=None, player="Ann", **extra):
    body = {"players": TWO, "dealer": "Ann", "state": {"scores": scores or {"Ann": 920, "Bob": 700}},
            "position": {"phase": "play", "tricks_done": done, "meld_points": meld, "card_points": cards},
            "action": {"type": "declare_out", "player": player}}
    body.update(extra)
    return body


# Pinochle, issue 17.
def test_a_dix_without_a_trick_won_is_refused(api):
    err = P(api, "score", dix_deal(0), status=422)["errors"][0]
    assert err == {"pointer": "/deal/melds/0", "detail": "Bob won no trick while the stock lasted, so melded no dix"}


# Pinochle, issue 17.
def test_a_dix_after_one_trick_won_scores_10(api):
    ans = P(api, "score", dix_deal(1))
    bob = ans["players"][1]
    assert bob["meld_points"] == 10 and bob["lines"][0] == {"item": "dix (class A)", "points": 10,
                                                           "rule": "pinochle/4.7"}


# Pinochle, issue 17.
def test_validate_a_repeat_marriage_after_leading_the_melded_king(api):
    # Bob deals, JH turned up (hearts trump).  Ann takes AD (11) and melds KS QS (spade marriage, 20), then draws
    # the second KS.  She leads KS: she holds it twice, on the table and in her hand; the referee plays the melded
    # copy, so the fresh KS stays in her hand.  She takes KS (4), draws the second QS, takes AC (11) and melds the
    # second KS with the second QS, all new cards: another 20.  She then declares out: 500 + 40 + 26 = 566, wrong.
    log = [{"type": "deal", "dealer": "Bob", "upcard": "JH",
            "hands": {"Ann": "KS QS AD AC 10D 10C AH 10H JD JC 9D 9C".split(),
                      "Bob": "9S JS 9S JS QD KD QC KC 9D 9C QH KH".split()}}]
    log += events("play Ann AD; play Bob 9D; meld Ann KS QS; draw Ann KS; draw Bob 10S; "
                  "play Ann KS; play Bob 9S; draw Ann QS; draw Bob 10S; "
                  "play Ann AC; play Bob 9C; meld Ann KS QS; draw Ann AS; draw Bob AS; declare_out Ann")
    ans = P(api, "validate", {"players": TWO, "state": {"scores": {"Ann": 500, "Bob": 500}}, "log": log})
    assert ans["valid"] is True, ans["first_violation"]
    assert ans["final"]["players"][0]["meld_points"] == 40
    assert ans["final"]["declared_out"] == {"player": "Ann", "total": 566, "right": False}


# Pinochle, issue 17.
def test_the_freer_of_two_melded_copies_stays_on_the_table(api):
    # Diamonds trump.  Ann melded KS QS (marriage, class A 20), then KS KH KD KC (kings around, re-using that KS),
    # then a second KS QS marriage (new KS and QS: the first ones have been in a class-A meld of 20).  One KS was
    # played from the table: the one that has also been in the around goes, so the KS left has been in a marriage
    # only, and with the second KH KD KC from the hand it makes kings around again (class B, 80).
    earlier = [["KS", "QS"], ["KS", "KH", "KD", "KC"], ["KS", "QS"]]
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": "D", "tricks_done": 5, "played_from_table": ["KS"],
                         "melds": [{"cards": m} for m in earlier],
                         # 11 held (no draw yet): 6 melded cards still on the table + 5 in the hand
                         "hand": ["KH", "KD", "KC", "9C", "9S"]},
            "action": {"type": "meld", "player": "Ann", "cards": ["KS", "KH", "KD", "KC"]}}
    ans = P(api, "check", body)
    assert ans["legal"] is True, ans["violations"]
    assert ans["effects"]["points"] == 80
    assert ans["effects"]["reason"] == ("Ann has just won a trick and melds kings around for 80: 3 new cards from the "
                                        "hand, and KS again from the table, in another class or a higher meld")


# Pinochle, issue 17.
@pytest.mark.parametrize("player,meld,status", [
    ("Ann", 10, 200),   # the dealer's 10 for a dix turned up, before any trick
    ("Bob", 10, 422),   # the non-dealer has no meld before a trick won
    ("Ann", 20, 422),
])
def test_meld_before_the_first_trick(api, player, meld, status):
    body = claim(meld, 0, done=0, player=player)
    ans = P(api, "check", body, status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/position/meld_points"


# Pinochle, issue 17.
def test_meld_points_are_tens(api):
    assert P(api, "check", claim(25, 52), status=422)["errors"][0]["pointer"] == "/position/meld_points"


def meld_body(earlier, hand, meld):
    # diamonds trump; Ann has won the trick just played (5 done) and has not drawn: 11 cards in hand and on table
    return {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": "D", "tricks_done": 5, "melds": [{"cards": m.split()} for m in earlier],
                         "hand": hand.split()},
            "action": {"type": "meld", "player": "Ann", "cards": meld.split()}}


def test_a_new_card_from_the_hand_where_all_could_come_from_the_table(api):
    # KS lies in kings around (class B) and QS in queens around (class B): both may serve in a spade marriage
    # (class A), but a meld needs a new card from the hand (4.3): the second QS, held in the hand, is the new one.
    # 8 melded cards + 3 in the hand = 11.
    body = meld_body(["KS KH KD KC", "QS QH QD QC"], "QS 9C 9S", "KS QS")
    ans = P(api, "check", body)
    assert ans["legal"] is True and ans["effects"]["points"] == 20
    assert ans["effects"]["reason"] == ("Ann has just won a trick and melds marriage in spades for 20: 1 new card from "
                                        "the hand, and KS again from the table, in another class or a higher meld")


def test_no_new_card_to_bring(api):
    # the same without the second QS: both cards would come from the table, which 4.3 forbids
    body = meld_body(["KS KH KD KC", "QS QH QD QC"], "9C 9S JC", "KS QS")
    ans = P(api, "check", body)
    assert ans["violations"] == [{"rule": "pinochle/4.3", "message": "a meld needs at least one new card from the hand",
                                  "pointer": "/action/cards"}]


def test_a_card_the_hand_does_not_have(api):
    # KS is neither on the table nor in the hand
    body = meld_body(["QS QH QD QC"], "9C 9S JC 9H JH 10C 10S", "KS QS")
    ans = P(api, "check", body)
    assert ans["violations"][0]["rule"] == "pinochle/4.3"
    assert ans["violations"][0]["message"] == "Ann does not hold KS"


def test_a_single_card_that_is_not_the_dix(api):
    body = meld_body([], "AS 9C 9S JC 9H JH 10C 10S KS QS 9D", "AS")
    assert P(api, "check", body)["violations"][0]["message"] == "AS is not a meld with diamonds trump"


def test_a_third_pinochle_in_a_scored_deal(api):
    # Ann melds a pinochle, a second one from the other QS and JD, and a third: there are only two of each, and
    # both have been in a pinochle (4.4)
    melds = [{"player": "Ann", "cards": ["QS", "JD"]} for _ in range(3)]
    body = {"players": TWO, "dealer": "Bob",
            "deal": {"trump": "H", "melds": melds, "points": {"Ann": 120, "Bob": 120},
                     "tricks_taken": {"Ann": 12, "Bob": 12}, "last_trick": "Ann"}}
    err = P(api, "score", body, status=422)["errors"][0]
    assert err == {"pointer": "/deal/melds/2/cards",
                   "detail": "QS was already melded as pinochle; it may be used again only in another class or in "
                             "a higher meld of the same class"}


def test_a_dix_after_two_melds(api):
    # Ann melds kings around after her first trick and queens around after her second; after the third she shows
    # the dix: legal (a dix needs only the trick just won), and the log then stops mid-deal
    log = [{"type": "deal", "dealer": "Bob", "upcard": "JH",
            "hands": {"Ann": "KS KH KD KC QS QH QD QC AS AD AC 9H".split(),
                      "Bob": "9S 9S 9D 9D 9C 9C JS JS JD JD JC JC".split()}}]
    seq = [("play", "Ann", "AS"), ("play", "Bob", "9S"), ("meld", "Ann", "KS KH KD KC"), ("draw", "Ann", "10S"),
           ("draw", "Bob", "10D"), ("play", "Ann", "AD"), ("play", "Bob", "9D"), ("meld", "Ann", "QS QH QD QC"),
           ("draw", "Ann", "10C"), ("draw", "Bob", "10H"), ("play", "Ann", "AC"), ("play", "Bob", "9C"),
           ("dix", "Ann", None)]
    for kind, p, c in seq:
        e = {"type": kind, "player": p}
        if kind in ("play", "draw"):
            e["card"] = c
        elif kind == "meld":
            e["cards"] = c.split()
        log.append(e)
    ans = P(api, "validate", {"players": TWO, "log": log})
    # the dix is legal; the log stops there, in the middle of the deal, which is no violation
    assert (ans["valid"], ans["complete"], ans["events_checked"]) == (True, False, 14)
