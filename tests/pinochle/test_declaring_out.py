"""Pinochle: declaring out (two-handed) — the claim and the points it counts, the dealer's dix, the running count, and
where the option is off.
"""
import pytest

from tests.pinochle_helpers import THREE, TWO, P, events


def declared_deal(ann_points, upcard="9C"):
    # Ann deals and turns up `upcard` (9C: the dix of clubs, trump), melds KD QD (a plain marriage, 20) after a
    # trick won, takes `ann_points` card points in 3 tricks and declares out; Bob has taken 20 in 2 tricks.
    return {"players": TWO, "dealer": "Ann", "state": {"scores": {"Ann": 920, "Bob": 700}},
            "deal": {"upcard": upcard, "melds": [{"player": "Ann", "cards": ["KD", "QD"]}],
                     "points": {"Ann": ann_points, "Bob": 20}, "tricks_taken": {"Ann": 3, "Bob": 2},
                     "declared_out": {"player": "Ann", "points_at_claim": ann_points}}}


def three_hand(state):
    # Ann bids 300: meld 190 (hearts flush 150 + pinochle 40), 150 in tricks + the last 10, buried nines 0: 350
    return {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid", "state": state,
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "H", "meld": "AH 10H KH QH JH QS JD".split(),
                     "buried": ["9C", "9D", "9S"], "points": {"Ann": 150, "Bob": 50, "Cid": 40},
                     "tricks_taken": {"Ann": 9, "Bob": 3, "Cid": 3}, "last_trick": "Ann"}}


def claim(meld, cards, done=5, scores=None, player="Ann", **extra):
    body = {"players": TWO, "dealer": "Ann", "state": {"scores": scores or {"Ann": 920, "Bob": 700}},
            "position": {"phase": "play", "tricks_done": done, "meld_points": meld, "card_points": cards},
            "action": {"type": "declare_out", "player": player}}
    body.update(extra)
    return body


# Pinochle, issue 17.
@pytest.mark.parametrize("points,total,winner", [
    (52, 1002, "Ann"),   # the case: 920 + 10 (dix turned up) + 20 + 52 = 1002 (six cards: A A 10 10 10 9)
    (50, 1000, "Ann"),   # exactly the target: 920 + 10 + 20 + 50 (A A 10 10 K K) — right
    (49, 999, "Bob"),    # one under: 920 + 10 + 20 + 49 (A A 10 10 K Q) — wrong, Ann loses
    (51, 1001, "Ann"),   # one over: 920 + 10 + 20 + 51 (A A A 10 K K)
])
def test_a_dix_turned_up_counts_in_a_declaration(api, points, total, winner):
    ans = P(api, "score", declared_deal(points))
    assert ans["declared_out"] == {"player": "Ann", "total": total, "right": winner == "Ann"}
    assert ans["winner"] == winner and ans["game_over"] is True
    assert ans["players"][0]["meld_points"] == 30   # the dix's 10 and the marriage's 20, as the claim counts them


# Pinochle, issue 17.
def test_without_the_dix_the_same_claim_falls_short(api):
    # upcard JC: no dix turned up, so 920 + 20 + 52 = 992 < 1000: the claim is wrong and Bob wins
    ans = P(api, "score", declared_deal(52, upcard="JC"))
    assert ans["declared_out"] == {"player": "Ann", "total": 992, "right": False} and ans["winner"] == "Bob"


# Pinochle, issue 17.
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


# Pinochle, issue 17.
def test_declaring_out_is_two_handed_only(api):
    body = three_hand({"scores": {"Ann": 0, "Bob": 0, "Cid": 0}})
    body["options"] = {"declare_out": True}
    assert P(api, "score", body, status=422)["errors"][0]["pointer"] == "/options/declare_out"


# Pinochle, issue 17.
@pytest.mark.parametrize("cards,total,right", [(52, 1002, True), (50, 1000, True), (49, 999, False), (51, 1001, True)])
def test_may_i_declare_and_am_i_right(api, cards, total, right):
    # Ann's count: 920 banked + 30 meld (the dix turned up 10 + a marriage 20) + her card points so far
    eff = P(api, "check", claim(30, cards))["effects"]
    assert (eff["total"], eff["target"], eff["right"], eff["winner"]) == (total, 1000, right, "Ann" if right else "Bob")


# Pinochle, issue 17.
def test_a_declaration_reason(api):
    ans = P(api, "check", claim(30, 52))
    assert ans["legal"] is True and ans["citations"][0]["rule"] == "pinochle/6.4"
    assert ans["effects"]["reason"] == ("Ann: 920 banked + 30 meld + 52 card points = 1002, at least 1000: the claim "
                                        "is right and Ann wins")


# Pinochle, issue 17.
def test_a_declaration_against_the_risen_target(api):
    # both passed 1,000 before, so the claim is against 1,250: 1,100 + 60 + 80 = 1,240 falls short by 10
    body = claim(60, 80)
    body["state"] = {"scores": {"Ann": 1100, "Bob": 1050}, "target": 1250}
    eff = P(api, "check", body)["effects"]
    assert (eff["total"], eff["target"], eff["right"]) == (1240, 1250, False)
    body["position"]["card_points"] = 90    # 1,100 + 60 + 90 = 1,250: right
    assert P(api, "check", body)["effects"]["right"] is True


# Pinochle, issue 17.
def test_no_declaring_out_where_the_option_is_off(api):
    ans = P(api, "check", claim(30, 52, options={"declare_out": False}))
    assert ans["legal"] is False and ans["violations"] == [
        {"rule": "pinochle/6.4", "message": "declaring out is not played in this form", "pointer": "/action"}]


# Pinochle, issue 17.
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


# Pinochle, issue 17.
def test_the_count_fields_belong_to_declare_out(api):
    body = {"players": TWO, "dealer": "Ann",
            "position": {"phase": "play", "trump": "H", "tricks_done": 3, "card_points": 20,
                         "hand": "AS 9H QC KD JD 10C 9C QD JH AH KH 9S".split(), "trick": {"leader": "Bob", "cards": ["KS"]}},
            "action": {"type": "play", "player": "Ann", "card": "AS"}}
    assert P(api, "check", body, status=422)["errors"][0]["pointer"] == "/position/card_points"


@pytest.mark.parametrize("lang,detail", [("en", "a completed deal has 24 tricks, not 3"),
                                         ("ru", "в законченной сдаче взяток 24, а не 3")])
def test_tricks_stop_at_a_declaration_out(client, lang, detail):
    # Bob deals, hearts trump; Ann leads and wins three tricks: AS 9S (11), 10S 9C (10), AD KD (15) = 36 card points,
    # then declares out: 970 banked + 0 meld + 36 = 1006, at least 1000.  Without the declaration the three tricks
    # are a deal cut short (pinochle/6.4: only a declaration out stops play before the 24th trick).
    tricks = [{"leader": "Ann", "cards": ["AS", "9S"]}, {"leader": "Ann", "cards": ["10S", "9C"]},
              {"leader": "Ann", "cards": ["AD", "KD"]}]
    body = {"players": TWO, "dealer": "Bob", "state": {"scores": {"Ann": 970, "Bob": 0}},
            "deal": {"trump": "H", "melds": [], "tricks": tricks, "declared_out": {"player": "Ann"}}}
    r = client.post("/v1/games/pinochle/score", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 200
    assert r.get_json()["declared_out"] == {"player": "Ann", "total": 1006, "right": True}
    del body["deal"]["declared_out"]
    r = client.post("/v1/games/pinochle/score", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [("/deal/tricks", detail)]
