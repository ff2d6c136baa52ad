"""A Thousand game kept on one score sheet (POST /v1/games/thousand/scoresheet): each deal's state_after carried into
the next, so the house rules hold from the second deal on.

Russian classic (the default variant): three players, 120 card points a deal; a contract made scores the contract, a
defender scores the card points rounded to 5; a bolt is a deal without a trick (not the declarer's), three in a row
cost 120; at 880 a player climbs onto the barrel and has 3 deals to reach 1,000, else falls back 120; exactly 555
is wiped to 0; a concession costs the declarer the contract and gives each defender 60; stake: every player puts
it in the bank and the winner takes the bank.
"""
import pytest

from referee import sheet
from referee.errors import InputError

PLAYERS = ["Ann", "Bob", "Cid"]


def deal(declarer, points, tricks, marriage=None, contract=120):
    d = {"declarer": declarer, "contract": contract, "points": points, "tricks_taken": tricks}
    if marriage:
        d["marriages"] = [{"player": declarer, "suit": marriage}]
    return d


# Ann makes 120 with every card point in 7 tricks; Cid takes one trick of three cards worth 0 (9s), Bob none
BOLT = deal("Ann", {"Ann": 120, "Bob": 0, "Cid": 0}, {"Ann": 7, "Bob": 0, "Cid": 1})
# Bob makes 120: 110 in 6 tricks and the spade marriage (40); Ann and Cid take a trick of 5 each (J, Q, 9)
BOB = deal("Bob", {"Ann": 5, "Bob": 110, "Cid": 5}, {"Ann": 1, "Bob": 6, "Cid": 1}, "S")


def play(deals, lang="en", **extra):
    return sheet.scoresheet("thousand", {"players": PLAYERS, "dealer": "Cid", "deals": deals, **extra}, lang)


def cells(row):
    return [(p["id"], p["hand_score"], p["total_after"]) for p in row["players"]]


def adds_up(a, before):
    """Each row on paper: the total before + the hand score + the points of the player's events = the total after."""
    totals = dict(before)
    for r in a["rows"]:
        for p in r["players"]:
            extra = sum(e.get("points", 0) for e in r["events"] if e.get("player") == p["id"])
            assert totals[p["id"]] + p["hand_score"] + extra == p["total_after"], (r["deal"], p["id"])
            totals[p["id"]] = p["total_after"]


def test_three_bolts_in_a_row_cost_120():
    a = play([BOLT, BOLT, BOLT], lang="ru")
    # the deal passes to the left: Cid, Ann, Bob
    assert [r["dealer"] for r in a["rows"]] == ["Cid", "Ann", "Bob"]
    # Ann 120, 240, 360; Bob 0, 0, then 0 - 120 for the third bolt
    assert [cells(r) for r in a["rows"]] == [
        [("Ann", 120, 120), ("Bob", 0, 0), ("Cid", 0, 0)],
        [("Ann", 120, 240), ("Bob", 0, 0), ("Cid", 0, 0)],
        [("Ann", 120, 360), ("Bob", 0, -120), ("Cid", 0, 0)]]
    assert [[(e["kind"], e.get("count"), e["text"]) for e in r["events"]] for r in a["rows"]] == [
        [("bolt", 1, "болт № 1")], [("bolt", 2, "болт № 2")],
        [("bolt", 3, "болт № 3"), ("bolt_penalty", None, "третий болт")]]
    assert a["rows"][2]["events"][1]["points"] == -120 and a["rows"][2]["events"][1]["rule"] == "thousand/13.2"
    assert [r["players"][1]["bolts"] for r in a["rows"]] == [1, 2, 0]
    assert a["totals"] == {"Ann": 360, "Bob": -120, "Cid": 0} and not a["game_over"] and a["winner"] is None
    assert {"thousand/13.1", "thousand/13.2"} <= {c["rule"] for c in a["citations"]}


def test_two_bolts_cost_nothing():
    a = play([BOLT, BOLT])
    assert a["totals"]["Bob"] == 0 and a["rows"][1]["players"][1]["bolts"] == 2


def test_a_barrel_fall_after_three_deals():
    # Ann from 760 makes 120 (110 + the heart marriage 100) → 880: onto the barrel.  Bob then makes 120 three
    # times; Ann's 5 each time are not recorded on the barrel; after the third deal she falls back to 880 - 120 = 760
    # The fourth deal is Cid's again, so Ann holds the forced 100 on the barrel and plays 120 at once (thousand/7.8,
    # russian-classic): Bob must bid more than 120 to play, so he makes 125 there (110 + the spade marriage 40 = 150)
    ann = deal("Ann", {"Ann": 110, "Bob": 5, "Cid": 5}, {"Ann": 6, "Bob": 1, "Cid": 1}, "H")
    bob_125 = deal("Bob", {"Ann": 5, "Bob": 110, "Cid": 5}, {"Ann": 1, "Bob": 6, "Cid": 1}, "S", contract=125)
    a = play([ann, BOB, BOB, bob_125], state={"scores": {"Ann": 760, "Bob": 0, "Cid": 0}})
    assert [cells(r)[0] for r in a["rows"]] == [("Ann", 120, 880), ("Ann", 5, 880), ("Ann", 5, 880),
                                                ("Ann", 5, 760)]
    assert [[(e["kind"], e.get("count")) for e in r["events"]] for r in a["rows"]] == [
        [("barrel_on", None)], [("barrel_not_recorded", None), ("barrel_try", 1)],
        [("barrel_not_recorded", None), ("barrel_try", 2)], [("barrel_fall", None), ("barrel_not_recorded", None)]]
    adds_up(a, {"Ann": 760, "Bob": 0, "Cid": 0})
    assert a["rows"][1]["events"][1]["text"] == "on the barrel: 1 of 3 tries used"
    assert a["rows"][3]["events"][0]["points"] == -120 and a["rows"][3]["events"][0]["rule"] == "thousand/14.2"
    assert [r["players"][0]["barrel"] for r in a["rows"]] == [
        {"on": True, "deals": 0, "falls": 0, "least_contract": 120},
        {"on": True, "deals": 1, "falls": 0, "least_contract": 120},
        {"on": True, "deals": 2, "falls": 0, "least_contract": 120}, {"on": False, "deals": 0, "falls": 1}]
    # Bob 5, then 125, 245, 370; Cid 5, 10, 15, 20
    assert a["totals"] == {"Ann": 760, "Bob": 370, "Cid": 20}


def test_two_deals_on_the_barrel_are_no_fall():
    ann = deal("Ann", {"Ann": 110, "Bob": 5, "Cid": 5}, {"Ann": 6, "Bob": 1, "Cid": 1}, "H")
    a = play([ann, BOB, BOB], state={"scores": {"Ann": 760, "Bob": 0, "Cid": 0}})
    assert a["totals"]["Ann"] == 880


def test_555_a_concession_and_a_game_won_for_money():
    # Bob from 435 makes 120: exactly 555, wiped to 0.  Ann concedes 120: -120, Bob and Cid 60 each (Cid's not
    # recorded on the barrel).  Cid, on the barrel from the start, makes 120 on the third deal: 880 + 120 = 1,000
    # wins; stake 10: the bank 30, Cid +20, the others -10
    cid = deal("Cid", {"Ann": 5, "Bob": 5, "Cid": 110}, {"Ann": 1, "Bob": 1, "Cid": 6}, "S")
    a = play([BOB, {"declarer": "Ann", "contract": 120, "conceded": True}, cid],
             state={"scores": {"Ann": 0, "Bob": 435, "Cid": 880}}, options={"stake": 10})
    assert [cells(r) for r in a["rows"]] == [
        [("Ann", 5, 5), ("Bob", 120, 0), ("Cid", 5, 880)],
        [("Ann", -120, -115), ("Bob", 60, 60), ("Cid", 60, 880)],
        [("Ann", 5, -110), ("Bob", 5, 65), ("Cid", 120, 1000)]]
    assert [e["kind"] for e in a["rows"][0]["events"]] == ["dump_555", "barrel_not_recorded", "barrel_try"]
    assert [e["kind"] for e in a["rows"][1]["events"]] == ["concession", "barrel_not_recorded", "barrel_try"]
    assert a["rows"][0]["events"][0]["points"] == -555
    adds_up(a, {"Ann": 0, "Bob": 435, "Cid": 880})
    assert a["rows"][1]["contract"]["conceded"] is True
    assert a["game_over"] and a["winner"] == "Cid"
    assert a["settlement"] == {"stake": 10, "bank": 30, "net": {"Ann": -10, "Bob": -10, "Cid": 20},
                               "rule": "thousand/20.1"}
    assert {"thousand/16.1", "thousand/9.1", "thousand/20.1"} <= {c["rule"] for c in a["citations"]}


def test_a_deal_that_cannot_be_scored_stops_the_sheet():
    bad = deal("Ann", {"Ann": 120, "Bob": 5, "Cid": 0}, {"Ann": 7, "Bob": 0, "Cid": 1})
    with pytest.raises(InputError) as e:
        play([BOLT, bad, BOLT])
    assert [x["pointer"] for x in e.value.errors] == ["/deals/1/points"]
    assert e.value.detail == "deal 2 cannot be scored, so the sheet stops there: the deals before it are in order"


def test_the_envelope_is_checked_as_the_score_checks_it():
    with pytest.raises(InputError) as e:
        play([BOLT], deal=BOLT)
    assert e.value.errors[0]["pointer"] == "/deal"
    with pytest.raises(InputError) as e:
        play([])
    assert e.value.errors[0]["pointer"] == "/deals"


def test_the_sheet_over_http(client):
    r = client.post("/v1/games/thousand/scoresheet", json={"players": PLAYERS, "dealer": "Cid",
                                                           "deals": [BOLT, BOLT, BOLT]},
                    headers={"Accept-Language": "ru"})
    assert r.status_code == 200 and r.get_json()["totals"] == {"Ann": 360, "Bob": -120, "Cid": 0}
    bad = deal("Ann", {"Ann": 120, "Bob": 5, "Cid": 0}, {"Ann": 7, "Bob": 0, "Cid": 1})
    r = client.post("/v1/games/thousand/scoresheet", json={"players": PLAYERS, "dealer": "Cid",
                                                           "deals": [BOLT, BOLT, bad]},
                    headers={"Accept-Language": "ru"})
    assert r.status_code == 422
    body = r.get_json()
    assert body["detail"] == "сдачу 3 засчитать нельзя, и запись партии на ней обрывается; сдачи до неё в порядке"
    assert body["errors"][0]["pointer"] == "/deals/2/points"


def test_a_void_deal_is_no_try_on_the_barrel():
    # Ann on the barrel with no try used; a deal cancelled for the third nine cut (Bob pays the misdeal penalty)
    # is no attempt: no try is marked
    a = play([{"irregularities": [{"type": "nine_cut", "player": "Bob"}]}],
             state={"scores": {"Ann": 880, "Bob": 0, "Cid": 0}, "barrel": {"Ann": {"deals": 0, "falls": 0}}})
    assert [e["kind"] for e in a["rows"][0]["events"]] == ["penalty"]
    assert a["rows"][0]["players"][0]["barrel"] == {"on": True, "deals": 0, "falls": 0, "least_contract": 120}


def test_the_golden_round_runs_on_from_deal_to_deal():
    # golden_round: after a golden deal every deal of the round is golden (state.golden), each played at 120 by
    # the player left of the dealer, the declarer's result and the defenders' points doubled.
    # Deal 1 (Cid deals, Ann plays): 110 + hearts 100 = 210, made: 240; Bob 5 → 10; Cid 5 → 10.
    # Deal 2 (Ann deals, Bob plays, golden without saying so): 100 < 120: -240; Ann 5 → 10; Cid 15 → 30.
    # Deal 3 (Bob deals, Cid plays): 110 + spades 40 = 150: 240; Ann and Bob 10 each.
    # Deal 4 (Cid deals): the round is over, an ordinary deal: Ann 120, Bob's bolt.
    golden = dict(deal("Ann", {"Ann": 110, "Bob": 5, "Cid": 5}, {"Ann": 6, "Bob": 1, "Cid": 1}, "H"), golden=True)
    bob = deal("Bob", {"Ann": 5, "Bob": 100, "Cid": 15}, {"Ann": 1, "Bob": 6, "Cid": 1})
    cid = deal("Cid", {"Ann": 5, "Bob": 5, "Cid": 110}, {"Ann": 1, "Bob": 1, "Cid": 6}, "S")
    a = play([golden, bob, cid, BOLT], options={"golden_round": True})
    assert [[c[1] for c in cells(r)] for r in a["rows"]] == [[240, 10, 10], [10, -240, 30], [10, 10, 240],
                                                            [120, 0, 0]]
    assert [[(e["kind"], e.get("player")) for e in r["events"]] for r in a["rows"]] == [
        [("golden_deal", "Ann")], [("golden_deal", "Bob")], [("golden_deal", "Cid")], [("bolt", "Bob")]]
    assert a["totals"] == {"Ann": 380, "Bob": -220, "Cid": 280}


def test_a_fault_of_the_envelope_is_not_laid_on_a_deal():
    with pytest.raises(InputError) as e:
        sheet.scoresheet("thousand", {"players": PLAYERS, "dealer": "Dan", "deals": [BOLT]})
    assert e.value.errors[0]["pointer"] == "/dealer" and e.value.detail is None


def test_a_pad_deal_with_a_players_points_left_out_names_a_field_the_sheet_has():
    # Vera's points are worked out (120 - 100 - 10 = 10), but she took no trick: the fault is her took_trick
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
            "deals": [{"declarer": "Anna", "contract": 120, "points": {"Anna": 100, "Boris": 10},
                       "took_trick": {"Anna": True, "Boris": True, "Vera": False}}]}
    with pytest.raises(InputError) as e:
        sheet.scoresheet("thousand", body)
    assert e.value.errors[0]["pointer"] == "/deals/0/took_trick/Vera"


def events_of(row, player):
    return [(e["kind"], e["rule"], e.get("points"), e["text"]) for e in row["events"] if e.get("player") == player]


def test_a_defenders_points_on_the_barrel_are_not_recorded():
    # Ann deals, on the barrel (880), and defends Bob's 120 taking 5: her row shows 5, and the barrel takes them back
    # (thousand/14.3): 880 + 5 - 5 = 880
    a = play([BOB], dealer="Ann", state={"scores": {"Ann": 880, "Bob": 0, "Cid": 0}})
    assert cells(a["rows"][0])[0] == ("Ann", 5, 880)
    assert events_of(a["rows"][0], "Ann") == [
        ("barrel_not_recorded", "thousand/14.3", -5, "on the barrel: points not recorded"),
        ("barrel_try", "thousand/14.2", None, "on the barrel: 1 of 3 tries used")]
    adds_up(a, {"Ann": 880, "Bob": 0, "Cid": 0})
    ru = play([BOB], lang="ru", dealer="Ann", state={"scores": {"Ann": 880, "Bob": 0, "Cid": 0}})
    assert events_of(ru["rows"][0], "Ann")[0][3] == "на бочке: очки не записываются"


def test_a_failed_contract_on_the_barrel_stays_there():
    # Ann on the barrel plays 120 and takes 100 with no marriage: failed, -120, and she stays on the barrel at 880
    # (thousand/14.4): 880 - 120 + 120 = 880
    failed = deal("Ann", {"Ann": 100, "Bob": 10, "Cid": 10}, {"Ann": 6, "Bob": 1, "Cid": 1})
    a = play([failed], state={"scores": {"Ann": 880, "Bob": 0, "Cid": 0}})
    assert cells(a["rows"][0]) == [("Ann", -120, 880), ("Bob", 10, 10), ("Cid", 10, 10)]
    assert events_of(a["rows"][0], "Ann")[0] == ("barrel_failed_stays", "thousand/14.4", 120,
                                                 "failed contract on the barrel: not written off")
    adds_up(a, {"Ann": 880, "Bob": 0, "Cid": 0})


@pytest.mark.parametrize("start,cut", [(720, -40), (680, 0)])
def test_a_total_past_the_barrel_is_cut_to_880(start, cut):
    # Bob from 720 makes 200 (110 + the heart marriage 100 = 210): 920, held at 880 (thousand/14.1): 720 + 200 - 40;
    # from 680 he reaches 880 exactly, and nothing is cut
    bob_200 = deal("Bob", {"Ann": 5, "Bob": 110, "Cid": 5}, {"Ann": 1, "Bob": 6, "Cid": 1}, "H", contract=200)
    a = play([bob_200], state={"scores": {"Ann": 0, "Bob": start, "Cid": 0}})
    assert cells(a["rows"][0])[1] == ("Bob", 200, 880)
    expected = [("barrel_on", "thousand/14.1", None, "climbs onto the barrel")]
    if cut:
        expected.append(("barrel_held", "thousand/14.1", cut, "920 is held at 880: on the barrel"))
    assert events_of(a["rows"][0], "Bob") == expected
    adds_up(a, {"Ann": 0, "Bob": start, "Cid": 0})


def test_the_last_failed_try_on_the_barrel_does_not_say_she_stays():
    # russian-classic: Ann on the barrel for her third deal (two used) plays 120 and takes 100: the failure costs
    # nothing on the barrel (14.4), and the third deal without finishing drops her by 120 (14.2): 880 - 120 + 120 - 120
    # = 760; no line may say she stays on the barrel while she falls off it
    failed = deal("Ann", {"Ann": 100, "Bob": 10, "Cid": 10}, {"Ann": 6, "Bob": 1, "Cid": 1})
    a = play([failed], state={"scores": {"Ann": 880, "Bob": 0, "Cid": 0},
                              "barrel": {"Ann": {"deals": 2, "falls": 0}}})
    assert cells(a["rows"][0])[0] == ("Ann", -120, 760)
    texts = [e[3] for e in events_of(a["rows"][0], "Ann")]
    assert "failed contract on the barrel: not written off" in texts
    assert not [t for t in texts if "stays" in t]
