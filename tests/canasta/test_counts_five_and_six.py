"""Canasta for five and six by counts, scored alone and on the score sheet over HTTP.

The variants with five or six players: `five-player` (a trio against a pair, two packs of 108 cards; one of the
trio sits each deal out, in turn), `six-player` (three packs, 162 cards: three sides of two or two of three) and
`pennies-from-heaven` (four packs, two sides of three).  Scores (canasta/2.2, 3.2, 6.2): a natural canasta 500, a
mixed one 300, a red three 100 (all six of three packs 1,200 under the six-player scale), going out 100, the meld's
card points counted and the cards left in hand taken off, at least 5 for each player of the side still holding
cards.  The minimum first meld by the new total (canasta/4.1): 15 below 0, 50 from 0, 90 from 1,500, 120 from
3,000.
"""
import pytest

THREE_PAIRS = [{"id": "A", "players": ["A1", "A2"]}, {"id": "B", "players": ["B1", "B2"]},
               {"id": "C", "players": ["C1", "C2"]}]
TWO_TRIOS = [{"id": "X", "players": ["X1", "X2", "X3"]}, {"id": "Y", "players": ["Y1", "Y2", "Y3"]}]
FIVE = [{"id": "T", "players": ["T1", "T2", "T3"]}, {"id": "P", "players": ["P1", "P2"]}]


def c(natural=0, mixed=0, reds=0, meld=0, hand=0):
    return {"natural_canastas": natural, "mixed_canastas": mixed, "red_threes": reds, "meld_points": meld,
            "hand_points": hand}


def sheet(client, variant, sides, deals, status=200, lang="en"):
    r = client.post("/v1/games/canasta/scoresheet", json={"variant": variant, "sides": sides,
                                                          "dealer": sides[0]["players"][0], "deals": deals},
                    headers={"Accept-Language": lang})
    assert r.status_code == status, r.get_json()
    return r.get_json()


def cells(row):
    return [(s["id"], s["hand_score"], s["total_after"], s["next_minimum"]) for s in row["sides"]]


def pairs_hand(a_hand=5):
    # A goes out with two natural canastas and a mixed one, two red threes, 310 in melds, A2 still holding 5:
    # 1,000 + 300 + 200 + 310 - 5 + 100 = 1,905.  B: a mixed canasta, a red three, 150 - 40: 510.  C: 60 - 75 = -15
    return {"sides": [{"id": "A", "counts": c(2, 1, 2, 310, a_hand), "went_out": True},
                      {"id": "B", "counts": c(0, 1, 1, 150, 40)}, {"id": "C", "counts": c(meld=60, hand=75)}]}


def test_six_players_in_three_sides_of_two(client):
    a = sheet(client, "six-player", THREE_PAIRS, [pairs_hand(), pairs_hand()])
    assert cells(a["rows"][0]) == [("A", 1905, 1905, 90), ("B", 510, 510, 50), ("C", -15, -15, 15)]
    # twice: A 3,810 (120 from 3,000), B 1,020, C -30; the deal passes to the left: A1, then B1
    assert cells(a["rows"][1]) == [("A", 1905, 3810, 120), ("B", 510, 1020, 50), ("C", -15, -30, 15)]
    assert [r["dealer"] for r in a["rows"]] == ["A1", "B1"]
    assert a["totals"] == {"A": 3810, "B": 1020, "C": -30}


@pytest.mark.parametrize("hand,ok", [(0, False), (5, True)])
def test_the_partner_of_the_player_out_still_holds_cards(client, hand, ok):
    a = sheet(client, "six-player", THREE_PAIRS, [pairs_hand(hand)], 200 if ok else 422)
    if not ok:
        assert a["errors"][0]["pointer"] == "/deals/0/sides/0/counts/hand_points"


def trios_hand(x_hand=10, y_reds=0):
    # X goes out with two natural canastas and all six red threes (1,200), 400 in melds, two of X still holding 5
    # each: 1,000 + 1,200 + 400 - 10 + 100 = 2,690.  Y: a mixed canasta, 200 - 90: 410
    return {"sides": [{"id": "X", "counts": c(2, 0, 6, 400, x_hand), "went_out": True},
                      {"id": "Y", "counts": c(0, 1, y_reds, 200, 90)}]}


def test_six_players_in_two_sides_of_three(client):
    a = sheet(client, "six-player", TWO_TRIOS, [trios_hand()])
    assert cells(a["rows"][0]) == [("X", 2690, 2690, 90), ("Y", 410, 410, 50)]
    assert [e["kind"] for e in a["rows"][0]["events"]] == ["went_out", "minimum_changes"]


@pytest.mark.parametrize("hand,ok", [(5, False), (10, True)])
def test_two_players_of_the_side_out_still_hold_cards(client, hand, ok):
    a = sheet(client, "six-player", TWO_TRIOS, [trios_hand(hand)], 200 if ok else 422)
    if not ok:
        assert a["errors"][0]["pointer"] == "/deals/0/sides/0/counts/hand_points"


def test_three_packs_hold_six_red_threes(client):
    a = sheet(client, "six-player", TWO_TRIOS, [trios_hand(y_reds=1)], 422)
    assert a["errors"] == [{"pointer": "/deals/0/sides/1/counts/red_threes",
                            "detail": "the 162-card deck holds 6 red threes, and the sides count 7"}]
    r = sheet(client, "six-player", TWO_TRIOS, [trios_hand(y_reds=1)], 422, lang="ru")
    assert r["errors"][0]["pointer"] == "/deals/0/sides/1/counts/red_threes"
    assert "162" in r["errors"][0]["detail"] and "7" in r["errors"][0]["detail"]


def test_pennies_from_heaven_red_threes_against_a_side_with_no_sevens_canasta(client):
    # X did not go out, with a natural canasta and two red threes but no canasta of sevens: the red threes count
    # against it (canasta/2.2): 500 - 200 + 300 - 20 = 580; Y 300 + 150 - 40 = 410
    deal = {"sides": [{"id": "X", "counts": {"natural_canastas": 1, "red_threes": 2, "meld_points": 300,
                                             "hand_points": 20}},
                      {"id": "Y", "counts": {"mixed_canastas": 1, "meld_points": 150, "hand_points": 40}}]}
    a = sheet(client, "pennies-from-heaven", TWO_TRIOS, [deal])
    assert [(s["id"], s["hand_score"]) for s in a["rows"][0]["sides"]] == [("X", 580), ("Y", 410)]
    assert a["rows"][0]["events"][0]["kind"] == "red_threes_against"


def test_five_players_the_trio_sitting_out_in_turn(client):
    deals = [
        # T3 sits out; T goes out: 500 + 300 + 100 + 200 - 5 + 100 = 1,195 (T2 holds 5); P: 300 + 150 - 40 = 410
        {"sitting_out": "T3", "sides": [{"id": "T", "counts": c(1, 1, 1, 200, 5), "went_out": True},
                                        {"id": "P", "counts": c(0, 1, 0, 150, 40)}]},
        # T1 sits out; P goes out: 500 + 300 + 200 - 5 + 100 = 1,095 → 1,505 (90 from 1,500); T: 50 - 30 → 1,215
        {"sitting_out": "T1", "sides": [{"id": "T", "counts": c(meld=50, hand=30)},
                                        {"id": "P", "counts": c(1, 1, 0, 200, 5), "went_out": True}]},
    ]
    a = sheet(client, "five-player", FIVE, deals)
    assert cells(a["rows"][0]) == [("T", 1195, 1195, 50), ("P", 410, 410, 50)]
    assert cells(a["rows"][1]) == [("T", 20, 1215, 50), ("P", 1095, 1505, 90)]
    # seats T1, P1, T2, P2, T3: T1 deals, then P1
    assert [r["dealer"] for r in a["rows"]] == ["T1", "P1"]


@pytest.mark.parametrize("hand,ok", [(0, False), (5, True)])
def test_five_players_the_side_out_counts_only_its_players_in_the_deal(client, hand, ok):
    # T3 sits out: of the trio only T2 still holds cards when T1 goes out, so 5 at least (not 10)
    deal = {"sitting_out": "T3", "sides": [{"id": "T", "counts": c(1, 1, 1, 200, hand), "went_out": True},
                                           {"id": "P", "counts": c(0, 1, 0, 150, 40)}]}
    a = sheet(client, "five-player", FIVE, [deal], 200 if ok else 422)
    if not ok:
        assert a["errors"][0]["pointer"] == "/deals/0/sides/0/counts/hand_points"


def test_five_players_name_who_sits_out(client):
    deal = {"sides": [{"id": "T", "counts": c(meld=50, hand=30)}, {"id": "P", "counts": c(meld=50, hand=30)}]}
    a = sheet(client, "five-player", FIVE, [deal], 422)
    assert a["errors"][0]["pointer"] == "/deals/0/sitting_out"
