"""Pinochle: which melded cards a new meld may take from the table (pinochle/4.3, 4.4), and the last corners of the
auction and of leading that the mutation pass found untested.  Hands are physically possible; values by hand."""
from referee.pinochle.auction import Auction
from referee.pinochle.options import VARIANTS

TWO = ["Ann", "Bob"]
THREE = ["Ann", "Bob", "Cid"]


def P(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="pinochle")


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
    assert err["pointer"] == "/deal/melds/2/cards" and err["detail"].endswith("(pinochle/4.4)")
    assert err["detail"].startswith("QS was already melded as pinochle")


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


def test_the_three_hand_bidder_leads_first(api):
    # after the burial the bidder (Ann) leads; Bob may not
    hands = {"Ann": "AS AS 10S 10S KS KS QS QS JS JS 9S 9S AH AH 10H",
             "Bob": "KH KH QH QH JH JH 9H 9H AD AD 10D 10D KD KD QD",
             "Cid": "QD JD JD 9D 9D AC AC 10C 10C KC KC QC QC JC JC"}
    log = [{"type": "deal", "dealer": "Cid", "hands": {p: h.split() for p, h in hands.items()},
            "widow": ["10H", "9C", "9C"]},
           {"type": "bid", "player": "Ann", "amount": 300}, {"type": "pass", "player": "Bob"},
           {"type": "pass", "player": "Cid"}, {"type": "trump", "player": "Ann", "suit": "S"},
           {"type": "widow", "player": "Ann"}, {"type": "bury", "player": "Ann", "cards": ["10H", "9C", "9C"]},
           {"type": "play", "player": "Bob", "card": "KH"}]
    v = P(api, "validate", {"variant": "three-hand-auction", "players": THREE, "log": log})["first_violation"]
    assert (v["index"], v["rule"], v["message"]) == (7, "pinochle/8.5", "it is Ann's turn to play, not Bob's")


def test_the_lowest_opening_bid():
    # with min_bid 10 the first bid may be 10 (and 20 after it): the opening is the option, not 10 above nothing
    a = Auction(TWO + ["Cid"], "Cid", VARIANTS["three-hand-auction"].resolve({"min_bid": 10}))
    assert a.lowest == 10 and a.can_bid("Ann", 10) and a.can_pass("Ann")
    a.apply_bid("Ann", 10)
    assert a.lowest == 20 and not a.can_bid("Bob", 10) and a.can_bid("Bob", 20)
