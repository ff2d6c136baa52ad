"""A two-handed Pinochle game on one score sheet, in the pad's numbers, to a declaration out.

Target 1,000; the last trick 10; a declaration out is right when the declarer's total reaches the target.
"""
import pytest

from referee import sheet
from referee.errors import InputError

DEALS = [
    # Bob deals.  Ann 40 + 130 = 170; Bob 20 + 110 + 10 (last trick) = 140
    {"trump": "H", "meld_points": {"Ann": 40, "Bob": 20}, "points": {"Ann": 130, "Bob": 110}, "last_trick": "Bob"},
    # Ann deals.  Ann 150 + 150 + 10 = 310 → 480; Bob 80 + 90 = 170 → 310
    {"trump": "S", "meld_points": {"Ann": 150, "Bob": 80}, "points": {"Ann": 150, "Bob": 90}, "last_trick": "Ann"},
    # Bob deals.  Ann declares out with a meld of 340 and 200 taken: 480 + 340 + 200 = 1,020, right: Ann wins;
    # Bob 310 + 30 = 340
    {"trump": "D", "meld_points": {"Ann": 340, "Bob": 0}, "points": {"Ann": 200, "Bob": 30},
     "declared_out": {"player": "Ann", "points_at_claim": 200}},
]


def play(deals, lang="en", **extra):
    return sheet.scoresheet("pinochle", {"players": ["Ann", "Bob"], "dealer": "Bob", "deals": deals, **extra},
                            lang)


def test_a_game_to_a_declaration_out():
    a = play(DEALS)
    assert [r["dealer"] for r in a["rows"]] == ["Bob", "Ann", "Bob"]
    assert [[p["total_after"] for p in r["players"]] for r in a["rows"]] == [[170, 140], [480, 310], [1020, 340]]
    assert [[p["hand_score"] for p in r["players"]] for r in a["rows"]] == [[170, 140], [310, 170], [540, 30]]
    assert a["rows"][2]["events"] == [{"kind": "declared_out", "rule": "pinochle/6.4", "player": "Ann", "right": True,
                                       "text": "Ann declared out with 1020: right, and wins"}]
    assert a["totals"] == {"Ann": 1020, "Bob": 340} and a["game_over"] and a["winner"] == "Ann"
    assert "pinochle/6.4" in [c["rule"] for c in a["citations"]]


def test_no_deal_after_the_game_is_over():
    with pytest.raises(InputError) as e:
        play(DEALS + [DEALS[0]])
    assert e.value.errors == [{"pointer": "/deals/3", "detail": "the game was over after deal 3: no deal follows it"}]
    assert e.value.detail == "deal 4 cannot be scored, so the sheet stops there: the deals before it are in order"


def test_both_past_the_target_raise_it():
    # from 900 each: Ann 900 + 130 = 1,030, Bob 900 + 120 = 1,020; both past 1,000: the target rises to 1,250
    a = play([DEALS[0] | {"meld_points": {"Ann": 0, "Bob": 0}}], state={"scores": {"Ann": 900, "Bob": 900}})
    assert a["rows"][0]["target"] == 1250 and not a["game_over"]
    assert a["rows"][0]["events"][0]["kind"] == "target_raised" and a["rows"][0]["events"][0]["count"] == 1250


def test_a_bad_deal_stops_the_sheet_in_russian():
    bad = dict(DEALS[1], points={"Ann": 150, "Bob": 100})
    with pytest.raises(InputError) as e:
        play([DEALS[0], bad], lang="ru")
    assert e.value.errors[0]["pointer"] == "/deals/1/points"
    assert e.value.detail.startswith("сдачу 2 засчитать нельзя")


PARTNERSHIP = {"bid": {"player": "Ann", "amount": 300}, "trump": "S",
               "melds": {"Ann": ["KS", "QS", "AS", "10S", "JS"], "Cid": ["QS", "JD"]},
               "points": {"Ann": 100, "Bob": 40, "Cid": 60, "Dee": 40},
               "tricks_taken": {"Ann": 5, "Bob": 2, "Cid": 3, "Dee": 2}, "last_trick": "Ann"}


def test_a_partnership_sheet_over_http(client):
    # Ann bids 300; Ann+Cid meld 150 + 40 and take 100 + 60 + 10 = 170: 360 made, twice (720); Bob+Dee take 80
    # a deal (160).  The rows are the sides'
    r = client.post("/v1/games/pinochle/scoresheet", json={
        "variant": "partnership", "players": ["Ann", "Bob", "Cid", "Dee"], "dealer": "Dee",
        "deals": [PARTNERSHIP, dict(PARTNERSHIP, bid={"player": "Bob", "amount": 250})]})
    assert r.status_code == 200, r.get_json()
    a = r.get_json()
    assert [r["dealer"] for r in a["rows"]] == ["Dee", "Ann"]
    assert [[(s["id"], s["hand_score"], s["total_after"]) for s in r["sides"]] for r in a["rows"]] == [
        [("Ann+Cid", 360, 360), ("Bob+Dee", 80, 80)],
        # Bob's side bid 250 and took 80 with no meld: set, -250
        [("Ann+Cid", 360, 720), ("Bob+Dee", -250, -170)]]
    assert [e["kind"] for e in a["rows"][1]["events"]] == ["contract_set"]


def test_a_three_hand_concession_on_the_sheet():
    a = sheet.scoresheet("pinochle", {"variant": "three-hand-auction", "players": ["Ann", "Bob", "Cid"],
                                      "dealer": "Cid", "deals": [
                                          {"bid": {"player": "Ann", "amount": 300}, "trump": "H", "conceded": True,
                                           "buried": ["9C", "9D", "9S"]}]})
    # a concession before the first lead: single bete, -300
    assert a["rows"][0]["events"][0]["kind"] == "concession" and a["totals"]["Ann"] == -300


def test_a_claim_that_contradicts_the_deals_card_points_stops_the_sheet():
    # Anna took 90 card points when play stopped at her declaration (pinochle/6.4); a claim of 10 contradicts them
    body = {"players": ["Anna", "Boris"], "dealer": "Boris", "state": {"scores": {"Anna": 880, "Boris": 700}},
            "deals": [{"trump": "H", "meld_points": {"Anna": 100, "Boris": 20}, "points": {"Anna": 90, "Boris": 40},
                       "declared_out": {"player": "Anna", "points_at_claim": 10}}]}
    with pytest.raises(InputError) as e:
        sheet.scoresheet("pinochle", body)
    assert e.value.errors[0]["pointer"] == "/deals/0/declared_out/points_at_claim"
    # left out, the claim is judged at the deal's own points: 880 + 100 + 90 = 1,070, right; Boris 700 + 20 + 40
    del body["deals"][0]["declared_out"]["points_at_claim"]
    a = sheet.scoresheet("pinochle", body)
    assert [(p["hand_score"], p["total_after"]) for p in a["rows"][0]["players"]] == [(190, 1070), (60, 760)]
    assert a["rows"][0]["events"][0]["text"] == "Anna declared out with 1070: right, and wins"
    assert a["winner"] == "Anna"
