"""Whole hand-written deals of the official forms and the seeds' rule sets (tests/data/classic_logs/), written by a
black-box tester who counted each final score by hand: each log replays as valid with that score, `score` gives
the same numbers for the finished deal, and each log with one planted illegal event is refused at that event under
the rule that forbids it.

Hand scores (the tester's counts, hand_score per side):
classic NS 765 (natural kings 500, going out 100, melded 240, South -75) / EW -310 (red three, no meld, -100;
hands -210); two-player Anna 1,275 (two natural canastas, going out, 175 melded) / Boris 75; three-player Ann 755,
Ben 20, Cat -195 (from -200 / 1,600 / 3,200: 555 / 1,620 / 3,005); six-player in three sides AD 2,255 (five red
threes 1,000) / BE -205 / CF -220; five-player over two deals, the sit-out rotating: TRIO 820 then 130, DUO -85
then 455 (totals 950 / 370); Palace with wild-card melds and Tough End NS 2,975 (big wild canasta 2,000) / EW
-1,050 (unfinished wild meld -1,000); traditional NS 940 (double ending 100) / EW -360 (two black threes in hand
-200); classic-12 NS 1,390 (red three +100 for winning the deal) / EW 55 (-100 for losing it); popular Russian NS
2,320 (golden canasta 1,000, red three 105, going out with four black threes 1,000) / EW -325.
"""
import json
import pathlib

import pytest

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "classic_logs"

HAND_SCORES = {   # log: (hand scores of its last deal, totals after it)
    "classic": ({"NS": 765, "EW": -310}, {"NS": 765, "EW": -310}),
    "two-player": ({"A": 1275, "B": 75}, {"A": 1275, "B": 75}),
    "three-player": ({"Ann": 755, "Ben": 20, "Cat": -195}, {"Ann": 555, "Ben": 1620, "Cat": 3005}),
    "six-player": ({"AD": 2255, "BE": -205, "CF": -220}, {"AD": 2255, "BE": -205, "CF": -220}),
    "five-player": ({"TRIO": 130, "DUO": 455}, {"TRIO": 950, "DUO": 370}),
    "palace": ({"NS": 2975, "EW": -1050}, {"NS": 2975, "EW": -1050}),
    "traditional": ({"NS": 940, "EW": -360}, {"NS": 940, "EW": -360}),
    "classic-12": ({"NS": 1390, "EW": 55}, {"NS": 4590, "EW": 1655}),
    "russian-popular": ({"NS": 2320, "EW": -325}, {"NS": 2320, "EW": -325}),
}

PLANTED = {   # file: (index of the planted event, the rule that forbids it)
    "classic_bad_frozen_pile_wild": (12, "canasta/5.1"),                 # frozen pile taken with a 9 and a wild
    "two-player_bad_out_one_canasta": (8, "canasta/6.2"),                # two canastas needed
    "two-player_bad_draw_one": (1, "canasta/6.1"),                       # one card drawn where two are due
    "three-player_bad_short_opening": (15, "canasta/4.1"),               # 30 against 120
    "six-player_bad_out_one_canasta": (22, "canasta/6.2"),
    "six-player_bad_fourth_KC": (20, "canasta/1.2"),                     # a fourth KC in three packs
    "five-player_bad_same_sitout": (13, "canasta/1.1"),                  # the same trio member sits out twice
    "five-player_bad_sitout_draws": (1, "canasta/1.1"),                  # the player sitting out draws
    "palace_bad_tough_end_mixed_only": (14, "canasta/6.2"),              # Tough End: a mixed canasta only
    "palace_bad_take_black_three": (1, "canasta/5.2"),                   # the black-three upcard taken
    "traditional_bad_black_three_last_discard": (14, "canasta/2.3"),
    "traditional_bad_double_ending_opponent": (15, "canasta/6.6"),       # an opponent lays the double ending
    "classic-12_bad_wild_upcard": (0, "canasta/1.6"),                    # a wild upcard not replaced
    "classic-12_bad_frozen_start_take": (11, "canasta/5.1"),             # frozen at the start: 8 and a joker
    "classic-12_bad_short_opening_no_canasta": (4, "canasta/4.1"),
    "russian-popular_bad_out_no_discard": (24, "canasta/6.2"),           # going out needs the last discard
    "russian-popular_bad_short_opening": (8, "canasta/4.1"),             # 35 with the red three, against 50
    "russian-popular_bad_opening_45_without_red_three_option": (8, "canasta/4.1"),
}


def post(client, endpoint, body):
    r = client.post(f"/v1/games/canasta/{endpoint}", json=body)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


@pytest.mark.parametrize("name", sorted(HAND_SCORES))
def test_log_and_score_agree_with_the_hand_count(client, name):
    hand, totals = HAND_SCORES[name]
    ans = post(client, "validate", json.loads((DATA / f"{name}.json").read_text()))
    assert ans["valid"], ans["first_violation"]
    assert {s["id"]: s["hand_score"] for s in ans["final"]["sides"]} == hand
    assert {s["id"]: s["total_after"] for s in ans["final"]["sides"]} == totals
    scored = post(client, "score", json.loads((DATA / f"{name}_score.json").read_text()))
    assert {s["id"]: s["hand_score"] for s in scored["sides"]} == hand


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_planted_fault(client, name):
    fv = post(client, "validate", json.loads((DATA / f"{name}.json").read_text()))["first_violation"]
    assert (fv["index"], fv["rule"]) == PLANTED[name]


def test_five_player_first_deal_scores_alone(client):
    scored = post(client, "score", json.loads((DATA / "five-player_score_deal1.json").read_text()))
    assert {s["id"]: s["hand_score"] for s in scored["sides"]} == {"TRIO": 820, "DUO": -85}


def test_five_player_dealer_sitting_out_is_a_ruling(client):
    # the deal passes to the left past the player sitting out (canasta/1.5): naming him is a ruling in a log
    body = json.loads((DATA / "five-player.json").read_text())
    second = next(i for i, ev in enumerate(body["log"]) if i and ev["type"] == "deal")
    body["log"][second]["dealer"] = body["log"][second]["sitting_out"]
    fv = post(client, "validate", body)["first_violation"]
    assert (fv["index"], fv["rule"], fv["pointer"]) == (second, "canasta/1.5", f"/log/{second}/dealer")


def test_palace_sequences_and_russian_diamond_lines(client):
    # Palace Sequences: a sequence canasta 1,500, going out always 200 (CP6). Russian: a diamond canasta 2,000, a
    # clean canasta 600, and all four black threes caught in one hand when the opponents go out: 2 x 4 x 105 = -840.
    pal = post(client, "score", json.loads((DATA / "palace_score_extra_sequences.json").read_text()))
    ns = {ln["item"]: ln["points"] for ln in next(s for s in pal["sides"] if s["id"] == "NS")["lines"]}
    assert (ns["sequence canasta in H"], ns["going out"]) == (1500, 200)
    rus = post(client, "score", json.loads((DATA / "russian-popular_score_extra_diamond_four_black_threes.json")
                                           .read_text()))
    lines = {s["id"]: {ln["item"]: ln["points"] for ln in s["lines"]} for s in rus["sides"]}
    assert (lines["NS"]["diamond canasta"], lines["NS"]["natural canasta of K"]) == (2000, 600)
    assert lines["EW"]["4 black threes left in hand"] == -840
