"""Partnership auction Pinochle (four players, 48 cards, 12 each; Ann+Cid against Bob+Dee) in the numbers a pad
keeps: the bid, each side's (or each player's) meld and counters, who took the last trick.

The rules at play, default options: the cards count A 11, 10 10, K 4, Q 3, J 2, 9 0 (240 in the pack, 10 more for
the last trick, pinochle/1.3, 1.4); a side's points are rounded to tens, 7, 8 and 9 up (6.2); a side's meld counts
when it wins a trick (7.4); the bidding side scores its meld and counters if they reach the bid, else loses the
bid (7.5); the other side scores what it made (7.6); game to 1,000, the bidding side counting first (7.7).
A hand of 12 cards shows at most 1,800 in meld: a double flush (1,500) with a double pinochle (300).
"""
import pytest

FOUR = ["Ann", "Bob", "Cid", "Dee"]
A, B = "Ann+Cid", "Bob+Dee"


def body(deal, **extra):
    return {"variant": "partnership", "players": FOUR, "dealer": "Dee", "deal": {"trump": "S", **deal}, **extra}


def by_side(meld_a=150, meld_b=60, pts_a=170, pts_b=70, last=A, bid=300, bidder="Ann", **more):
    return body({"bid": {"player": bidder, "amount": bid}, "meld_points": {A: meld_a, B: meld_b},
                 "points": {A: pts_a, B: pts_b}, "last_trick": last, **more})


def score(client, b, status=200, lang="en"):
    r = client.post("/v1/games/pinochle/score", json=b, headers={"Accept-Language": lang})
    assert r.status_code == status, r.get_json()
    return r.get_json()


def sides(a):
    return {s["id"]: s["hand_score"] for s in a["sides"]}


def pointer(client, b):
    return score(client, b, 422)["errors"][0]["pointer"]


def test_a_side_bid_made_and_the_other_side_scores_what_it_made(client):
    # Ann+Cid meld 150 and take 170 + the last 10 = 180: 330 against a bid of 300, made (+330); Bob+Dee meld 60 and
    # take 70: 130
    a = score(client, by_side())
    assert sides(a) == {A: 330, B: 130}
    assert [s["tricks"] for s in a["sides"]] == [None, None]
    assert [(p["id"], p["meld_points"], p["card_points"]) for p in a["players"]] == [
        ("Ann", None, None), ("Bob", None, None), ("Cid", None, None), ("Dee", None, None)]
    assert a["sides"][0]["lines"][-1]["item"] == "bid 300 made: meld 150 + card points 180 = 330"
    assert a["state_after"] == {"scores": {A: 330, B: 130}}


@pytest.mark.parametrize("bid,hand", [(320, 330), (330, 330), (340, -340)])
def test_the_bid_made_exactly_or_set(client, bid, hand):
    # 150 + 180 = 330: made at 320 and at 330 (the side scores its 330), set at 340 (the bid lost)
    assert sides(score(client, by_side(bid=bid)))[A] == hand


def test_the_same_deal_written_per_player(client):
    # Ann 100 and Cid 50 meld, Bob 60 and Dee 0; counters Ann 100, Cid 70, Bob 40, Dee 30, Ann the last trick:
    # the sides as above, 330 and 130; each player's own share is in the answer (Ann 100 + 10 = 110)
    a = score(client, body({"bid": {"player": "Ann", "amount": 300},
                            "meld_points": {"Ann": 100, "Bob": 60, "Cid": 50, "Dee": 0},
                            "points": {"Ann": 100, "Bob": 40, "Cid": 70, "Dee": 30}, "last_trick": "Ann"}))
    assert sides(a) == {A: 330, B: 130}
    assert [(p["id"], p["meld_points"], p["card_points"], p["tricks"]) for p in a["players"]] == [
        ("Ann", 100, 110, None), ("Bob", 60, 40, None), ("Cid", 50, 70, None), ("Dee", 0, 30, None)]


def test_a_side_may_be_named_with_its_partners_in_either_order(client):
    b = by_side()
    b["deal"]["meld_points"] = {"Cid+Ann": 150, "Dee+Bob": 60}
    b["deal"]["last_trick"] = "Cid"
    assert sides(score(client, b)) == {A: 330, B: 130}


@pytest.mark.parametrize("pts_b,ok", [(69, False), (70, True), (71, False)])
def test_the_counters_add_up_to_240(client, pts_b, ok):
    # 170 + 70 = 240; one under (239) and one over (241) are no pack's counters
    b = by_side(pts_b=pts_b)
    if ok:
        score(client, b)
    else:
        err = score(client, b, 422)["errors"][0]
        assert err["pointer"] == "/deal/points"
        assert err["detail"].endswith(f"add up to 240 (the last trick's 10 is added for whoever took it), not "
                                      f"{170 + pts_b}")


@pytest.mark.parametrize("meld,ok", [(150, True), (155, False), (160, True)])
def test_a_meld_is_a_multiple_of_ten(client, meld, ok):
    b = by_side(meld_a=meld)
    if ok:
        assert sides(score(client, b))[A] == meld + 180
    else:
        assert pointer(client, b) == "/deal/meld_points/Ann+Cid"


@pytest.mark.parametrize("meld,ok", [(3600, True), (3610, False)])
def test_a_side_shows_at_most_two_hands_meld(client, meld, ok):
    # two hands of 12 cards, 1,800 each at the very most
    b = by_side(meld_a=meld)
    if ok:
        assert sides(score(client, b))[A] == meld + 180
    else:
        assert pointer(client, b) == "/deal/meld_points/Ann+Cid"


@pytest.mark.parametrize("meld,ok", [(1800, True), (1810, False)])
def test_a_player_shows_at_most_one_hands_meld(client, meld, ok):
    b = body({"bid": {"player": "Ann", "amount": 300}, "meld_points": {"Ann": meld, "Bob": 0, "Cid": 0, "Dee": 0},
              "points": {"Ann": 100, "Bob": 40, "Cid": 70, "Dee": 30}, "last_trick": "Ann"})
    if ok:
        assert sides(score(client, b))[A] == meld + 180
    else:
        assert pointer(client, b) == "/deal/meld_points/Ann"


def test_the_last_trick_is_asked_for_and_is_a_players_or_sides(client):
    b = by_side()
    del b["deal"]["last_trick"]
    assert pointer(client, b) == "/deal/last_trick"
    assert pointer(client, by_side(last="Eve")) == "/deal/last_trick"


def test_the_last_trick_goes_to_one_side_once(client):
    # Bob+Dee take the last trick: its 10 is theirs, not Ann+Cid's: 150 + 170 = 320 (made at 300), 60 + 80 = 140
    assert sides(score(client, by_side(last=B))) == {A: 320, B: 140}


def test_the_last_trick_is_a_trick_won_so_the_meld_counts(client):
    # Bob+Dee took no counters but the last trick (four nines): they won a trick, so
    # their meld of 60 counts: 60 + 10 = 70; Ann+Cid 150 + 240 = 390
    assert sides(score(client, by_side(pts_a=240, pts_b=0, last=B))) == {A: 390, B: 70}


def test_the_taker_of_the_last_trick_took_a_trick(client):
    b = by_side(pts_a=240, pts_b=0, last=B, tricks_taken={A: 12, B: 0})
    assert pointer(client, b) == "/deal/last_trick"


@pytest.mark.parametrize("pts_b,asked", [(0, True), (2, False)])
def test_a_meld_with_no_counters_asks_whether_the_side_won_a_trick(client, pts_b, asked):
    # Bob+Dee meld 60.  With 0 counters and not the last trick they may have won a trick of four nines (worth 0) or
    # none: the pad does not say, so the tricks are asked for.  With 2 (a jack) they won a trick: the meld counts,
    # 60 + 2 rounded down to 0 = 60; Ann+Cid 150 + 238 + 10 = 248, rounded up to 250: 400
    b = by_side(pts_a=240 - pts_b, pts_b=pts_b)
    if asked:
        assert pointer(client, b) == "/deal/tricks_taken"
    else:
        assert sides(score(client, b)) == {A: 400, B: 60}


@pytest.mark.parametrize("b_tricks,b_hand", [(0, 0), (1, 60)])
def test_the_tricks_taken_decide_the_meld(client, b_tricks, b_hand):
    # as above with 0 counters: no trick, the meld of 60 is lost (0); one trick of four nines, it counts (60)
    a = score(client, by_side(pts_a=240, pts_b=0, tricks_taken={A: 12 - b_tricks, B: b_tricks}))
    assert sides(a)[B] == b_hand
    assert [s["tricks"] for s in a["sides"]] == [12 - b_tricks, b_tricks]


def test_a_lost_meld_is_marked_on_the_sheet(client):
    r = client.post("/v1/games/pinochle/scoresheet", json={
        "variant": "partnership", "players": FOUR, "dealer": "Dee",
        "deals": [by_side(pts_a=240, pts_b=0, tricks_taken={A: 12, B: 0})["deal"]]})
    assert r.status_code == 200
    row = r.get_json()["rows"][0]
    assert [(e["kind"], e.get("side")) for e in row["events"]] == [("contract_made", A), ("meld_lost", B)]


@pytest.mark.parametrize("taken,ok", [(11, False), (12, True), (13, False)])
def test_the_tricks_taken_are_the_deals_twelve(client, taken, ok):
    b = by_side(tricks_taken={A: taken - 2, B: 2})
    if ok:
        score(client, b)
    else:
        assert pointer(client, b) == "/deal/tricks_taken"


@pytest.mark.parametrize("pts_b,ok", [(1, False), (2, True)])
def test_counters_no_cards_can_give(client, pts_b, ok):
    # no card is worth 1: a side cannot take 1 counter; 2 is a jack
    b = by_side(meld_b=0, pts_a=240 - pts_b, pts_b=pts_b)
    if ok:
        score(client, b)
    else:
        assert pointer(client, b) == "/deal/points"


def test_meld_as_cards_and_as_points_together_are_refused(client):
    b = by_side(melds={"Ann": ["KS", "QS"]})
    assert pointer(client, b) == "/deal/melds"


def test_a_side_named_twice_or_not_at_all(client):
    b = by_side()
    b["deal"]["meld_points"] = {A: 150, "Cid+Ann": 10}
    assert pointer(client, b) == "/deal/meld_points/Cid+Ann"
    b["deal"]["meld_points"] = {A: 150}
    assert pointer(client, b) == f"/deal/meld_points/{B}"


def test_a_refusal_in_russian(client):
    a = score(client, by_side(pts_b=71), 422, lang="ru")
    assert a["errors"][0]["pointer"] == "/deal/points"
    assert "240" in a["errors"][0]["detail"] and "241" in a["errors"][0]["detail"]


def test_a_partnership_game_on_the_sheet_to_the_target(client):
    deals = [
        # Ann bids 500: Ann+Cid 500 meld + 200 + 10 = 710, made; Bob+Dee 20 + 40 = 60
        by_side(meld_a=500, meld_b=20, pts_a=200, pts_b=40, bid=500)["deal"],
        # Bob bids 250: Bob+Dee 100 meld + 90 = 190, set: -250; Ann+Cid 80 + 150 + 10 = 240 → 950
        by_side(meld_a=80, meld_b=100, pts_a=150, pts_b=90, bid=250, bidder="Bob")["deal"],
        # Cid bids 200: Ann+Cid 40 + 140 + 10 = 190, set: -200 → 750; Bob+Dee 20 + 100 = 120 → -70
        by_side(meld_a=40, meld_b=20, pts_a=140, pts_b=100, bid=200, bidder="Cid")["deal"],
        # Ann bids 250: 100 + 160 + 10 = 270, made → 1,020, past 1,000: Ann+Cid win; Bob+Dee 0 + 80 → 10
        by_side(meld_a=100, meld_b=0, pts_a=160, pts_b=80, bid=250)["deal"],
    ]
    r = client.post("/v1/games/pinochle/scoresheet", json={"variant": "partnership", "players": FOUR,
                                                          "dealer": "Dee", "deals": deals})
    assert r.status_code == 200, r.get_json()
    a = r.get_json()
    assert [r["dealer"] for r in a["rows"]] == ["Dee", "Ann", "Bob", "Cid"]
    assert [[s["total_after"] for s in r["sides"]] for r in a["rows"]] == [
        [710, 60], [950, -190], [750, -70], [1020, 10]]
    assert a["totals"] == {A: 1020, B: 10} and a["game_over"] and a["winner"] == A
    assert [e["kind"] for e in a["rows"][1]["events"]] == ["contract_set"]
