"""Pinochle: faults a black-box tester found.  A rule broken in a possible position is a ruling, not a 422; a meld
of cards not held cites the melding rules in plain words; citations show only options that can have effect; the
partnership's state.scores names an unknown key and takes a side's partners in either order.  Positions are
physically possible and every expected value is worked by hand in a comment."""
import pytest

from tests.pinochle_helpers import FOUR, TWO, P


def meld_at(done, hand, cards, **pos):
    return {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": "S", "tricks_done": done, "hand": hand.split(), **pos},
            "action": {"type": "meld", "player": "Ann", "cards": cards.split()}}


# ---------------------------------------------------------------- 1. melding and drawing outside the stock

PLAYOFF_11 = "KS QS AH 10H AD 10D AC 10C JD 9C 9H"


def test_meld_in_the_play_off_is_a_ruling(api):
    # The tester's body with a possible hand: 13 tricks done, one of them in the play-off, so Ann holds 12 - 1 = 11
    # cards (the melded ones came back to the hand, 5.1).  A marriage now breaks 4.8.
    ans = P(api, "check", meld_at(13, PLAYOFF_11, "KS QS"))
    assert ans["legal"] is False
    assert ans["violations"] == [{"rule": "pinochle/4.8", "message": "no melding once the stock is exhausted",
                                  "pointer": "/action/cards"}]
    assert [c["rule"] for c in ans["citations"]] == ["pinochle/4.8"]


def test_the_testers_exact_body_has_one_card_too_few(api):
    # The tester's own body gives 10 cards after 13 tricks: 12 - 1 = 11 are held then, so the hand is impossible
    # (422 at the hand, no longer at tricks_done).
    body = meld_at(13, "KS QS AH 10H AD 10D AC 10C JD 9C", "KS QS")
    err = P(api, "check", body, status=422)["errors"]
    assert err == [{"pointer": "/position/hand",
                    "detail": "at this point Ann holds 11 cards (hand and melded cards), not 10"}]


@pytest.mark.parametrize("done,legal", [(11, True), (12, True), (13, False), (23, False)])
def test_meld_at_the_boundary_of_the_stock(api, done, legal):
    # The 12th trick is the last one with the stock (k = 12): its winner may still meld before drawing; after
    # the 13th and up to the 23rd (the last before the 24th) nobody melds.  In the stock Ann holds 11 (she has
    # played to the trick and not drawn), in the play-off 12 - (done - 12): 11 after 13, 1 after 23.
    hand = PLAYOFF_11 if done <= 13 else "KS"
    cards = "KS QS" if done <= 13 else "KS"
    ans = P(api, "check", meld_at(done, hand, cards))
    if legal:
        assert ans["legal"] is True and ans["effects"]["points"] == 40      # royal marriage, spades trump
    else:
        assert ans["violations"][0]["rule"] == "pinochle/4.8"


def test_meld_before_the_first_trick_is_a_ruling(api):
    # Nobody has won a trick yet (0 done): Ann holds her 12 cards as dealt, and a meld breaks 4.2
    ans = P(api, "check", meld_at(0, PLAYOFF_11 + " 9D", "KS QS"))
    assert ans["violations"] == [{"rule": "pinochle/4.2",
                                  "message": "only the winner of the trick just played may meld, now",
                                  "pointer": "/action/player"}]


def test_a_flag_of_draws_outside_the_stock_is_impossible(api):
    # drawn: true after 13 tricks: nobody draws in the play-off, so the position cannot be
    body = meld_at(13, PLAYOFF_11, "KS QS", drawn=True)
    err = P(api, "check", body, status=422)["errors"][0]
    assert err["pointer"] == "/position/drawn"


@pytest.mark.parametrize("done,message", [(0, "nobody draws now"), (13, "the stock is exhausted"),
                                          (14, "the stock is exhausted")])
def test_draw_outside_the_stock_is_a_ruling(api, done, message):
    # 0 done: Ann holds 12 as dealt; 13 and 14 done: 12 - 1 = 11 and 12 - 2 = 10 in the play-off
    hand = {0: PLAYOFF_11 + " 9D", 13: PLAYOFF_11, 14: "KS QS AH 10H AD 10D AC 10C JD 9C"}[done]
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "draw", "trump": "S", "tricks_done": done, "winner": "Ann", "hand": hand.split()},
            "action": {"type": "draw", "player": "Ann"}}
    ans = P(api, "check", body)
    assert ans["legal"] is False
    assert ans["violations"] == [{"rule": "pinochle/3.3", "message": message, "pointer": "/action/card"}]


@pytest.mark.parametrize("atype,extra,rule,message", [
    ("play", {"card": "AS"}, "pinochle/7.3", "play starts once the auction is over and trump is named"),
    ("meld", {"cards": ["KS", "QS"]}, "pinochle/4.10", "in this form all meld is counted at once from the hands"),
])
def test_play_or_meld_during_the_auction_is_a_ruling(api, atype, extra, rule, message):
    # nobody has spoken yet: a card played or melded now breaks the rule of the auction form
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee", "position": {"phase": "bidding", "bids": []},
            "action": {"type": atype, "player": "Ann", **extra}}
    ans = P(api, "check", body)
    assert ans["violations"] == [{"rule": rule, "message": message, "pointer": "/action/type"}]


@pytest.mark.parametrize("variant,players,rule,message", [
    ("partnership", FOUR, "pinochle/7.2", "the auction is over"),
    ("two-handed", TWO, "pinochle/2.1", "two-handed pinochle has no auction"),
])
def test_a_call_during_play_is_a_ruling(api, variant, players, rule, message):
    # the first trick, nothing played yet: a bid of 300 now comes after the auction (or where there is none)
    body = {"variant": variant, "players": players, "dealer": players[-1],
            "position": {"phase": "play", "trump": "S", "tricks_done": 0},
            "action": {"type": "bid", "player": "Ann", "amount": 300}}
    ans = P(api, "check", body)
    assert ans["violations"] == [{"rule": rule, "message": message, "pointer": "/action/type"}]


# ---------------------------------------------------------------- 2. a meld of cards not held

HAND_11 = "KS QS AH 10H AD 10D AC 10C JD 9C 9H"   # 3 tricks done, Ann won the third and has not drawn: 11 cards


def not_held(action, hand=HAND_11, **pos):
    return {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": "S", "tricks_done": 3, "upcard": "JS", "hand": hand.split(), **pos},
            "action": {"player": "Ann", **action}}


def test_a_marriage_not_held(api):
    # the tester's body: neither KH nor QH is in Ann's hand (and nothing lies melded): 4.3, a meld is made of the
    # cards held; KH, the first of the meld, is named
    ans = P(api, "check", not_held({"type": "meld", "cards": ["KH", "QH"]}))
    assert ans["violations"] == [{"rule": "pinochle/4.3", "message": "Ann does not hold KH", "pointer": "/action/cards"}]
    assert [c["rule"] for c in ans["citations"]] == ["pinochle/4.3"]
    assert ans["citations"][0]["text"].startswith("A meld is made of cards the player holds")


def test_a_dix_not_held(api):
    # no 9S in the hand: the dix rule (4.7); a dix action names no cards, so the pointer is the action
    ans = P(api, "check", not_held({"type": "dix"}))
    assert ans["violations"] == [{"rule": "pinochle/4.7", "message": "Ann does not hold 9S", "pointer": "/action"}]


def test_a_dix_held_is_legal(api):
    # one under the fault: 9S in place of 9H, shown for 10
    ans = P(api, "check", not_held({"type": "dix"}, hand=HAND_11.replace("9H", "9S")))
    assert ans["legal"] is True and ans["effects"]["points"] == 10


def test_double_pinochle_with_one_copy_of_each(api):
    # double pinochle needs both QS and both JD; Ann holds one of each: the first short card, QS, is named
    ans = P(api, "check", not_held({"type": "meld", "cards": ["QS", "QS", "JD", "JD"]}))
    assert ans["violations"][0] == {"rule": "pinochle/4.3", "message": "Ann holds one QS, the meld needs two",
                                    "pointer": "/action/cards"}


def test_double_pinochle_with_both_copies(api):
    # one over: the second QS and JD in place of 9C and 9H: 300 (option double_pinochle: 300)
    hand = HAND_11.replace("9C", "QS").replace("9H", "JD")
    ans = P(api, "check", not_held({"type": "meld", "cards": ["QS", "QS", "JD", "JD"]}, hand=hand))
    assert ans["legal"] is True and ans["effects"]["points"] == 300


def test_a_card_on_the_table_that_may_not_serve_again(api):
    # KS and QS lie on the table from a royal marriage (class A, 40).  A second royal marriage with the other QS
    # from the hand may not take the table's KS (same class, not worth more), and the hand has no other KS: the
    # card is there but barred (4.4).  9 cards in the hand + KS QS on the table = 11.
    hand = "AH 10H AD 10D AC 10C JD 9C QS"
    ans = P(api, "check", not_held({"type": "meld", "cards": ["KS", "QS"]}, hand=hand, melds=[{"cards": ["KS", "QS"]}]))
    assert ans["violations"][0] == {
        "rule": "pinochle/4.4", "pointer": "/action/cards",
        "message": "KS was already melded as royal marriage; it may be used again only in another class or in a "
                   "higher meld of the same class"}


def test_not_held_in_russian(client):
    for action, message in [({"type": "meld", "cards": ["QS", "QS", "JD", "JD"]},
                             "Ann: Д♠ только одна, а для комбинации нужны обе"),
                            ({"type": "meld", "cards": ["KH", "QH"]}, "Ann: на руке нет К♥")]:
        r = client.post("/v1/games/pinochle/check", json=not_held(action), headers={"Accept-Language": "ru"})
        assert r.status_code == 200 and r.get_json()["violations"][0]["message"] == message


# ---------------------------------------------------------------- 4. the partnership's state.scores

# Ann+Cid bid 300 and show no meld; they take 100 + 50 card points (+ the last trick's 10) = 160 < 300: -300.
# Bob+Dee take 50 + 40 = 90, rounded (seven_up_strict) to 90: 90.
PARTNERSHIP_DEAL = {"bid": {"player": "Ann", "amount": 300}, "trump": "S", "melds": {},
                    "points": {"Ann": 100, "Bob": 50, "Cid": 50, "Dee": 40},
                    "tricks_taken": {"Ann": 4, "Bob": 2, "Cid": 4, "Dee": 2}, "last_trick": "Ann"}


def partnership(scores):
    return {"variant": "partnership", "players": FOUR, "dealer": "Dee", "state": {"scores": scores},
            "deal": PARTNERSHIP_DEAL}


def test_unknown_sides_are_named(api):
    # the tester's body: Ann+Bob and Cid+Dee are not sides (partners sit opposite); each is named at its place
    errors = P(api, "score", partnership({"Ann+Bob": 300, "Cid+Dee": 200}), status=422)["errors"]
    detail = "is not a side: the sides are Ann+Cid and Bob+Dee, partners sitting opposite"
    assert errors == [{"pointer": "/state/scores/Ann+Bob", "detail": "'Ann+Bob' " + detail},
                      {"pointer": "/state/scores/Cid+Dee", "detail": "'Cid+Dee' " + detail}]


def test_one_unknown_side_and_the_total_it_leaves_out(api):
    errors = P(api, "score", partnership({"Ann+Cid": 300, "Bob+Cid": 200}), status=422)["errors"]
    assert [e["pointer"] for e in errors] == ["/state/scores/Bob+Cid", "/state/scores/Bob+Dee"]


@pytest.mark.parametrize("scores", [{"Ann+Cid": 300, "Bob+Dee": 200}, {"Cid+Ann": 300, "Bob+Dee": 200},
                                    {"Cid+Ann": 300, "Dee+Bob": 200}])
def test_a_side_in_either_order(api, scores):
    # 300 - 300 = 0 and 200 + 90 = 290, whichever order the partners are written in
    sides = P(api, "score", partnership(scores))["sides"]
    assert {s["id"]: s["total_after"] for s in sides} == {"Ann+Cid": 0, "Bob+Dee": 290}


def test_a_side_given_twice(api):
    errors = P(api, "score", partnership({"Ann+Cid": 300, "Cid+Ann": 300, "Bob+Dee": 200}), status=422)["errors"]
    assert errors == [{"pointer": "/state/scores/Cid+Ann", "detail": "'Cid+Ann' names the side Ann+Cid again"}]


@pytest.mark.parametrize("total,status", [(990, 200), (1000, 422)])
def test_the_target_boundary_points_at_the_key_as_written(api, total, status):
    # 990 is one step (10) under the target 1,000: possible; 1,000 has already reached it, and the error points at
    # the key as the request wrote it
    ans = P(api, "score", partnership({"Cid+Ann": 300, "Dee+Bob": total}), status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/state/scores/Dee+Bob"
    else:
        assert {s["id"]: s["total_after"] for s in ans["sides"]}["Bob+Dee"] == 1080    # 990 + 90


def test_an_unknown_player_in_the_points_is_named(api):
    # 'Dan' for 'Dee': named at its own place, not reported as Dee's missing number
    deal = dict(PARTNERSHIP_DEAL, points={"Ann": 100, "Bob": 50, "Cid": 50, "Dan": 40})
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee", "deal": deal}
    err = P(api, "score", body, status=422)["errors"]
    assert err == [{"pointer": "/deal/points/Dan", "detail": "'Dan' is not a player"}]


# ---------------------------------------------------------------- 3. citations show only options that can have effect

def rules_of(client, variant):
    r = client.get(f"/v1/games/pinochle/rules?variant={variant}")
    assert r.status_code == 200
    return {x["id"]: x for x in r.get_json()["rules"]}


@pytest.mark.parametrize("variant", ["partnership", "three-hand-auction"])
def test_auction_forms_show_no_option_without_effect(client, variant):
    # the target never rises (6.3), declaring out is not played (6.4) and the pack is the 48 cards (1.1, 1.2, 1.4,
    # 4.1) in these forms: their options cannot be set otherwise, so the citations leave them out
    rules = rules_of(client, variant)
    assert rules["pinochle/6.3"]["options"] == {"target": 1000}
    assert "never rises" in rules["pinochle/6.3"]["text"]
    assert "options" not in rules["pinochle/6.4"]
    for rid in ("pinochle/1.1", "pinochle/1.2", "pinochle/1.4"):
        assert "options" not in rules[rid], rid
    assert rules["pinochle/4.1"]["options"] == {"double_pinochle": "300"}


def test_two_handed_shows_them(client):
    rules = rules_of(client, "two-handed")
    assert rules["pinochle/6.3"]["options"] == {"target": 1000, "target_rise": "by_step", "one_deal_game": False}
    assert rules["pinochle/6.4"]["options"] == {"declare_out": True}
    assert rules["pinochle/1.1"]["options"] == {"deck": 48}
    assert rules["pinochle/4.1"]["options"] == {"deck": 48, "double_pinochle": "300"}


def test_a_ruling_citation_in_an_auction_form(api):
    # counting a partnership hand cites 4.1 (the meld table): double pinochle's value shows, the pack does not.
    # K-Q of spades, spades trump: a royal marriage, 40.
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "position": {"phase": "count", "hand": ["KS", "QS"], "trump": "S"},
            "action": {"type": "count_meld", "player": "Ann"}}
    ans = P(api, "check", body)
    assert ans["effects"]["total"] == 40
    cited = {c["rule"]: c.get("options") for c in ans["citations"]}
    assert cited == {"pinochle/4.1": {"double_pinochle": "300"}, "pinochle/4.9": None, "pinochle/4.10": None}
