"""Pinochle, issue 17: the dealer's dix in a declaration out, a dix needs a won trick, the copy a played melded card
comes from, impossible totals in the auction forms, heading in three-hand play, declaring out in check, passing
1,000 and 1,250 in one deal, the reason for a legal meld, and the thresholds no test sat on.

Every position is physically possible (48 cards, two of each); expected values are worked by hand in the comments.
"""
import pytest

TWO = ["Ann", "Bob"]
THREE = ["Ann", "Bob", "Cid"]
FOUR = ["Ann", "Bob", "Cid", "Dee"]   # sides Ann+Cid and Bob+Dee


def P(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="pinochle")


def events(spec):
    """``"play Ann AS; draw Bob 9D; meld Ann KS QS"`` → log events."""
    out = []
    for part in spec.split(";"):
        kind, player, *cards = part.split()
        ev = {"type": kind, "player": player}
        if kind in ("play", "draw"):
            ev["card"] = cards[0]
        elif kind == "meld":
            ev["cards"] = cards
        out.append(ev)
    return out


# ---------------------------------------------------------------- 1. the dealer's dix turned up counts in a claim

def declared_deal(ann_points, upcard="9C"):
    # Ann deals and turns up `upcard` (9C: the dix of clubs, trump), melds KD QD (a plain marriage, 20) after a
    # trick won, takes `ann_points` card points in 3 tricks and declares out; Bob has taken 20 in 2 tricks.
    return {"players": TWO, "dealer": "Ann", "state": {"scores": {"Ann": 920, "Bob": 700}},
            "deal": {"upcard": upcard, "melds": [{"player": "Ann", "cards": ["KD", "QD"]}],
                     "points": {"Ann": ann_points, "Bob": 20}, "tricks_taken": {"Ann": 3, "Bob": 2},
                     "declared_out": {"player": "Ann", "points_at_claim": ann_points}}}


@pytest.mark.parametrize("points,total,winner", [
    (52, 1002, "Ann"),   # the issue's case: 920 + 10 (dix turned up) + 20 + 52 = 1002 (six cards: A A 10 10 10 9)
    (50, 1000, "Ann"),   # exactly the target: 920 + 10 + 20 + 50 (A A 10 10 K K) — right
    (49, 999, "Bob"),    # one under: 920 + 10 + 20 + 49 (A A 10 10 K Q) — wrong, Ann loses
    (51, 1001, "Ann"),   # one over: 920 + 10 + 20 + 51 (A A A 10 K K)
])
def test_a_dix_turned_up_counts_in_a_declaration(api, points, total, winner):
    ans = P(api, "score", declared_deal(points))
    assert ans["declared_out"] == {"player": "Ann", "total": total, "right": winner == "Ann"}
    assert ans["winner"] == winner and ans["game_over"] is True
    assert ans["players"][0]["meld_points"] == 30   # the dix's 10 and the marriage's 20, as the claim counts them


def test_without_the_dix_the_same_claim_falls_short(api):
    # upcard JC: no dix turned up, so 920 + 20 + 52 = 992 < 1000: the claim is wrong and Bob wins
    ans = P(api, "score", declared_deal(52, upcard="JC"))
    assert ans["declared_out"] == {"player": "Ann", "total": 992, "right": False} and ans["winner"] == "Bob"


def test_validate_counts_the_dealer_dix_in_a_declaration(api):
    # Ann deals, 9C turned up (Ann scores 10 at once).  Bob leads KS, Ann takes it with AS (11 + 4 = 15) and
    # melds KD QD (20); then AH over KH (15), 10S over JS (10 + 2 = 12) and 10D over 9S (10): 52 in four tricks.
    # 920 + 10 + 20 + 52 = 1002: Ann declares out rightly and wins.
    log = [{"type": "deal", "dealer": "Ann", "upcard": "9C",
            "hands": {"Ann": "AS AH 10S 10H 10D KD QD JC JD JH 9H 9D".split(),
                      "Bob": "KS QS JS 9S KH QH AD QC KC AC 10C JS".split()}}]
    log += events("play Bob KS; play Ann AS; meld Ann KD QD; draw Ann 9D; draw Bob JD; "
                  "play Ann AH; play Bob KH; draw Ann 10C; draw Bob 9H; "
                  "play Ann 10S; play Bob JS; draw Ann QS; draw Bob AD; "
                  "play Ann 10D; play Bob 9S; draw Ann KS; draw Bob KH; declare_out Ann")
    ans = P(api, "validate", {"players": TWO, "state": {"scores": {"Ann": 920, "Bob": 700}}, "log": log})
    assert ans["valid"] is True, ans["first_violation"]
    assert ans["final"]["declared_out"] == {"player": "Ann", "total": 1002, "right": True}
    assert ans["final"]["winner"] == "Ann"


# ---------------------------------------------------------------- 2. a dix needs a trick won

def dix_deal(bob_tricks):
    # hearts trump; Bob shows the dix 9H.  With no trick Bob took no card either: Ann has all 240 in 24 tricks.
    # With one trick (two nines, 0 points) Ann has 240 in 23 tricks: 46 cards, the 40 counting cards and 6 nines.
    tricks = {"Ann": 24 - bob_tricks, "Bob": bob_tricks}
    return {"players": TWO, "dealer": "Ann",
            "deal": {"trump": "H", "melds": [{"player": "Bob", "cards": ["9H"]}],
                     "points": {"Ann": 240, "Bob": 0}, "tricks_taken": tricks, "last_trick": "Ann"}}


def test_a_dix_without_a_trick_won_is_refused(api):
    err = P(api, "score", dix_deal(0), status=422)["errors"][0]
    assert err["pointer"] == "/deal/melds/0" and "pinochle/4.7" in err["detail"]


def test_a_dix_after_one_trick_won_scores_10(api):
    ans = P(api, "score", dix_deal(1))
    bob = ans["players"][1]
    assert bob["meld_points"] == 10 and bob["lines"][0] == {"item": "dix (class A)", "points": 10,
                                                           "rule": "pinochle/4.7"}


# ---------------------------------------------------------------- 3. the copy a played melded card comes from

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


# ---------------------------------------------------------------- 4. impossible totals in the auction forms

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


def three_hand(state):
    # Ann bids 300: meld 190 (hearts flush 150 + pinochle 40), 150 in tricks + the last 10, buried nines 0: 350
    return {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid", "state": state,
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "H", "meld": "AH 10H KH QH JH QS JD".split(),
                     "buried": ["9C", "9D", "9S"], "points": {"Ann": 150, "Bob": 50, "Cid": 40},
                     "tricks_taken": {"Ann": 9, "Bob": 3, "Cid": 3}, "last_trick": "Ann"}}


@pytest.mark.parametrize("score,status", [(1500, 422), (1000, 422), (990, 200)])
def test_a_three_hand_player_at_the_target_is_over(api, score, status):
    ans = P(api, "score", three_hand({"scores": {"Ann": 100, "Bob": score, "Cid": 0}}), status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/state/scores/Bob"
    else:
        assert [p["total_after"] for p in ans["players"]] == [400, 990, 0] and ans["game_over"] is False


def test_the_target_never_rises_in_the_auction_forms(api):
    state = {"scores": {"Ann": 100, "Bob": 900, "Cid": 0}, "target": 1250}
    assert P(api, "score", three_hand(state), status=422)["errors"][0]["pointer"] == "/state/target"


def test_declaring_out_is_two_handed_only(api):
    body = three_hand({"scores": {"Ann": 0, "Bob": 0, "Cid": 0}})
    body["options"] = {"declare_out": True}
    assert P(api, "score", body, status=422)["errors"][0]["pointer"] == "/options/declare_out"


# ---------------------------------------------------------------- 5. heading in three-hand play

def three_play(hand, trick, card, leader="Bob", trump="H", done=10, **opts):
    body = {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid",
            "position": {"phase": "play", "trump": trump, "tricks_done": done, "hand": hand.split(),
                         "trick": {"leader": leader, "cards": trick.split()}},
            "action": {"type": "play", "player": "Ann", "card": card}}
    if opts:
        body["options"] = opts
    return body


def legal_cards(ans):
    return sorted(a["card"] for a in ans["legal_actions"])


def test_the_issue_case_a_void_player_overtrumps(api):
    # Bob leads AS, Cid trumps with 9H; Ann has no spade, 9H and AH: she must trump above the 9H, so AH only.
    # 10 tricks done: 5 cards left in Ann's hand.
    ans = P(api, "check", three_play("9H AH 9D 10D KC", "AS 9H", "9H"))
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/5.4"
    assert legal_cards(ans) == ["AH"]
    assert ans["options"]["must_head"] == "trump_lead_and_overtrump"   # the three-hand default
    # the older reading (beat a trump lead only) lets her under-trump
    assert P(api, "check", three_play("9H AH 9D 10D KC", "AS 9H", "9H", must_head="trump_lead_only"))["legal"]


def test_a_void_player_who_cannot_overtrump_still_trumps(api):
    # Cid trumped with AH; Ann holds only 9H in trumps: she must still trump (5.3), with the 9H
    ans = P(api, "check", three_play("9H 9D 10D KC QC", "AS AH", "KC"))
    assert ans["violations"][0]["rule"] == "pinochle/5.3" and legal_cards(ans) == ["9H"]


def test_following_a_plain_suit_need_not_beat(api):
    # Bob leads KS, Cid follows with QS; Ann holds AS and 9S: either is legal (no duty to head a plain-suit lead,
    # unlike must_head always)
    ans = P(api, "check", three_play("AS 9S 9D 10D KC", "KS QS", "9S"))
    assert ans["legal"] is True and legal_cards(ans) == ["9S", "AS"]
    always = P(api, "check", three_play("AS 9S 9D 10D KC", "KS QS", "9S", must_head="always"))
    assert always["legal"] is False and legal_cards(always) == ["AS"]


def test_a_trump_lead_must_be_beaten(api):
    # Bob leads KH (trump), Cid plays 9H; Ann holds AH and JH: she must beat the KH, so AH only
    ans = P(api, "check", three_play("AH JH 9D 10D KC", "KH 9H", "JH"))
    assert ans["legal"] is False and legal_cards(ans) == ["AH"]


# ---------------------------------------------------------------- 6. declaring out in check

def claim(meld, cards, done=5, scores=None, player="Ann", **extra):
    body = {"players": TWO, "dealer": "Ann", "state": {"scores": scores or {"Ann": 920, "Bob": 700}},
            "position": {"phase": "play", "tricks_done": done, "meld_points": meld, "card_points": cards},
            "action": {"type": "declare_out", "player": player}}
    body.update(extra)
    return body


@pytest.mark.parametrize("cards,total,right", [(52, 1002, True), (50, 1000, True), (49, 999, False), (51, 1001, True)])
def test_may_i_declare_and_am_i_right(api, cards, total, right):
    # Ann's count: 920 banked + 30 meld (the dix turned up 10 + a marriage 20) + her card points so far
    eff = P(api, "check", claim(30, cards))["effects"]
    assert (eff["total"], eff["target"], eff["right"], eff["winner"]) == (total, 1000, right, "Ann" if right else "Bob")


def test_a_declaration_reason(api):
    ans = P(api, "check", claim(30, 52))
    assert ans["legal"] is True and ans["citations"][0]["rule"] == "pinochle/6.4"
    assert ans["effects"]["reason"] == ("Ann: 920 banked + 30 meld + 52 card points = 1002, at least 1000: the claim "
                                        "is right and Ann wins")


def test_a_declaration_against_the_risen_target(api):
    # both passed 1,000 before, so the claim is against 1,250: 1,100 + 60 + 80 = 1,240 falls short by 10
    body = claim(60, 80)
    body["state"] = {"scores": {"Ann": 1100, "Bob": 1050}, "target": 1250}
    eff = P(api, "check", body)["effects"]
    assert (eff["total"], eff["target"], eff["right"]) == (1240, 1250, False)
    body["position"]["card_points"] = 90    # 1,100 + 60 + 90 = 1,250: right
    assert P(api, "check", body)["effects"]["right"] is True


def test_no_declaring_out_where_the_option_is_off(api):
    ans = P(api, "check", claim(30, 52, options={"declare_out": False}))
    assert ans["legal"] is False and ans["violations"] == [
        {"rule": "pinochle/6.4", "message": "declaring out is not played in this form", "pointer": "/action"}]


@pytest.mark.parametrize("done,cards,status", [
    (1, 22, 200),   # one trick holds at most two cards: A + A = 22
    (1, 23, 422),   # one over
    (0, 0, 200),    # before the first trick nothing is taken
    (0, 2, 422),
])
def test_the_running_count_must_be_possible(api, done, cards, status):
    ans = P(api, "check", claim(0, cards, done=done), status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/position/card_points"


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


def test_meld_points_are_tens(api):
    assert P(api, "check", claim(25, 52), status=422)["errors"][0]["pointer"] == "/position/meld_points"


def test_the_count_fields_belong_to_declare_out(api):
    body = {"players": TWO, "dealer": "Ann",
            "position": {"phase": "play", "trump": "H", "tricks_done": 3, "card_points": 20,
                         "hand": "AS 9H QC KD JD 10C 9C QD JH AH KH 9S".split(), "trick": {"leader": "Bob", "cards": ["KS"]}},
            "action": {"type": "play", "player": "Ann", "card": "AS"}}
    assert P(api, "check", body, status=422)["errors"][0]["pointer"] == "/position/card_points"


# ---------------------------------------------------------------- 7. passing 1,000 and 1,250 in one deal

def rise(ann_cards, bob_cards, rise_opt=None):
    # 990 each; Ann melds the hearts flush (150) and takes the last trick (10); card points are already tens
    body = {"players": TWO, "dealer": "Bob", "state": {"scores": {"Ann": 990, "Bob": 990}},
            "deal": {"trump": "H", "melds": [{"player": "Ann", "cards": ["AH", "10H", "KH", "QH", "JH"]}],
                     "points": {"Ann": ann_cards, "Bob": bob_cards}, "tricks_taken": {"Ann": 14, "Bob": 10},
                     "last_trick": "Ann"}}
    if rise_opt:
        body["options"] = {"target_rise": rise_opt}
    return body


@pytest.mark.parametrize("ann,bob,totals,target,winner", [
    (150, 90, (1300, 1080), 1250, "Ann"),   # 990+150+160 and 990+90: both past 1,000; only Ann past 1,250
    (100, 140, (1250, 1130), 1250, "Ann"),  # exactly 1,250: 990 + 150 + 110
    (90, 150, (1240, 1140), 1250, None),    # one under: both past 1,000, neither past 1,250: play on
])
def test_by_step(api, ann, bob, totals, target, winner):
    ans = P(api, "score", rise(ann, bob))
    assert tuple(p["total_after"] for p in ans["players"]) == totals
    assert (ans["target"], ans["winner"]) == (target, winner)


@pytest.mark.parametrize("ann,bob,target", [(150, 90, 1500), (100, 140, 1500), (90, 150, 1250)])
def test_above_both(api, ann, bob, target):
    # the other reading: both past the target means playing on, to the first step neither has reached
    ans = P(api, "score", rise(ann, bob, "above_both"))
    assert (ans["target"], ans["winner"], ans["game_over"]) == (target, None, False)
    assert ans["state_after"]["target"] == target


@pytest.mark.parametrize("rise_opt,status", [("above_both", 200), ("by_step", 422)])
def test_a_state_after_a_rise_past_both(api, rise_opt, status):
    # 1,300 and 1,080 with the target at 1,500 can only follow the above_both reading
    body = rise(0, 240, rise_opt)
    body["state"] = {"scores": {"Ann": 1300, "Bob": 1080}, "target": 1500}
    body["deal"]["melds"] = []
    body["deal"]["tricks_taken"] = {"Ann": 0, "Bob": 24}
    body["deal"]["last_trick"] = "Bob"
    P(api, "score", body, status=status)


# ---------------------------------------------------------------- 8. the thresholds no test sat on

def partnership(bob_points, ann_points, save="twenty_points"):
    # Ann+Cid bid 300 and take 10 tricks; Bob+Dee take 2 tricks (8 cards) worth `bob_points` and show queens
    # around (60); Ann takes the last trick.  8 cards: A K Q J + four nines = 20; A K J J = 19; A K Q Q = 21.
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee", "options": {"meld_save": save},
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "S",
                     "melds": {"Ann": "AS 10S KS QS JS 9S".split(), "Bob": "QS QH QD QC".split()},
                     "points": {"Ann": ann_points, "Cid": 90, "Bob": bob_points, "Dee": 0},
                     "tricks_taken": {"Ann": 6, "Cid": 4, "Bob": 2, "Dee": 0}, "last_trick": "Ann"}}
    return body


@pytest.mark.parametrize("bob,ann,saved,hand", [
    (20, 130, True, 80),    # exactly 20 card points save the meld: 60 + 20
    (19, 131, False, 20),   # one under: the meld is lost; 19 rounds to 20
    (21, 129, True, 80),    # one over: 60 + 20 (21 rounds down)
])
def test_twenty_points_save_the_meld(api, bob, ann, saved, hand):
    sides = {s["id"]: s for s in P(api, "score", partnership(bob, ann))["sides"]}
    assert sides["Bob+Dee"]["hand_score"] == hand and sides["Bob+Dee"]["meld_points"] == (60 if saved else 0)


def made_bid(bid):
    # E6: Ann+Cid meld 160 (spade flush 150 + dix 10) and take 90 + 70 + the last 10 = 170: 330 in all
    return {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "deal": {"bid": {"player": "Ann", "amount": bid}, "trump": "S",
                     "melds": {"Ann": "AS 10S KS QS JS 9S".split(), "Bob": "QS QH QD QC".split()},
                     "points": {"Ann": 90, "Cid": 70, "Bob": 50, "Dee": 30},
                     "tricks_taken": {"Ann": 5, "Cid": 3, "Bob": 2, "Dee": 2}, "last_trick": "Ann"}}


@pytest.mark.parametrize("bid,hand", [(330, 330), (340, -340), (320, 330)])
def test_a_partnership_bid_made_exactly(api, bid, hand):
    side = next(s for s in P(api, "score", made_bid(bid))["sides"] if s["id"] == "Ann+Cid")
    assert side["hand_score"] == hand


@pytest.mark.parametrize("bid,hand", [(350, 350), (360, -720), (340, 340)])
def test_a_three_hand_bid_made_exactly(api, bid, hand):
    # meld 190 + 150 in tricks + the last 10 = 350: made at 350 (+bid), double bete at 360, made at 340
    body = three_hand({"scores": {"Ann": 0, "Bob": 0, "Cid": 0}})
    body["deal"]["bid"]["amount"] = bid
    assert P(api, "score", body)["players"][0]["hand_score"] == hand
