"""Whole hand-written deals of seven three-pack variants (tests/data/family_logs/), written by a black-box tester
who counted each final score by hand: each log replays as valid with that score, `score` gives the same numbers
for the finished deal, and each log with one planted illegal event is refused at that event under the rule that
forbids it.

Hand scores (the tester's counts): Bolivia NS 4,515 / EW -465 (an escalera, a bolivia, black threes -100);
Brazilian 3,390 / -85 (from 7,200: a mixed-canasta opening, five red threes 1,000, two short runs -1,000 each,
an escalera extended on going out, a wild canasta 2,000); Italian 5,360 / 60 (six cards counted off under a 6D,
seven 2s 3,000, EW's deuce canasta void, four red threes 800, going out 300); Cuban 4,585 / -125 (4 jokers and
3 twos 3,000, four red threes 1,000, a black three set aside +5); Hollywood 4,000 / -360 (a natural sequence
canasta 2,000 and a mixed one 1,000); Pennies from Heaven 3,625 / -520 (packets, all four canasta kinds to go
out); Uruguay 2,535 / 55 (a wild canasta 2,000, going out concealed 200).
"""
import json
import pathlib

import pytest

DATA = pathlib.Path(__file__).resolve().parents[1] / "data" / "family_logs"

HAND_SCORES = {
    "bolivia": {"NS": 4515, "EW": -465},
    "brazilian": {"NS": 3390, "EW": -85},
    "italian": {"NS": 5360, "EW": 60},
    "cuban": {"NS": 4585, "EW": -125},
    "hollywood": {"NS": 4000, "EW": -360},
    "pennies": {"A": 3625, "B": -520},
    "uruguay": {"NS": 2535, "EW": 55},
}

PLANTED = {   # file: (index of the planted event, the rule that forbids it)
    "bolivia_bad_add_bolivia": (22, "canasta/3.3"),       # a wild card added to a finished bolivia
    "bolivia_bad_add_escalera": (22, "canasta/3.4"),      # a card added to a finished escalera
    "bolivia_bad_noescalera": (22, "canasta/6.2"),        # going out without an escalera
    "bolivia_bad_wildtop": (11, "canasta/5.2"),           # a wild card on top of the pile taken
    "brazilian_bad_noask": (30, "canasta/6.3"),           # going out without asking
    "brazilian_bad_nocanasta_open": (4, "canasta/4.1"),   # opening without a canasta at 7,000
    "brazilian_bad_pileopen": (6, "canasta/5.2"),         # the pile used for the opening
    "brazilian_bad_pileopen2": (6, "canasta/5.2"),
    "cuban_bad_b3_firstround": (7, "canasta/2.3"),        # a black three discarded in the first round
    "cuban_bad_canasta8": (40, "canasta/3.3"),            # an eighth card on a wild canasta
    "cuban_bad_natwild_take": (24, "canasta/5.1"),        # natural + wild taking the always-frozen pile
    "hollywood_bad_2naturals": (12, "canasta/3.1"),       # a meld with two naturals (three needed)
    "hollywood_bad_jk_natural_take": (11, "canasta/5.2"), # a joker on top taken with a natural and a joker
    "hollywood_bad_seq8": (22, "canasta/3.4"),            # an eight-card sequence
    "italian_bad_countoff": (0, "canasta/1.6"),           # the wrong number of cards counted off
    "italian_bad_deuce_as_wild": (23, "canasta/3.3"),     # 2s used as wild cards while the deuce meld is open
    "italian_bad_out_deuce_counts": (40, "canasta/6.2"),  # the deuce canasta counted toward going out
    "italian_bad_wildopen": (5, "canasta/4.2"),           # a wild card in the opening
    "pennies_bad_no_mixed": (20, "canasta/6.2"),          # going out without a mixed canasta
    "pennies_bad_packet_early": (8, "canasta/1.5"),       # the packet taken before a canasta
    "pennies_bad_seven_discard": (11, "canasta/6.1"),     # a seven discarded too early
    "uruguay_bad_layoff_take": (15, "canasta/5.1"),       # the top card laid off on an always-frozen pile
    "uruguay_bad_wild8": (22, "canasta/3.3"),             # an eight-card wild meld
}


def post(client, endpoint, body):
    r = client.post(f"/v1/games/canasta/{endpoint}", json=body)
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


@pytest.mark.parametrize("name", sorted(HAND_SCORES))
def test_family_log_and_score_agree_with_the_hand_count(client, name):
    ans = post(client, "validate", json.loads((DATA / f"{name}.json").read_text()))
    assert ans["valid"], ans["first_violation"]
    assert {s["id"]: s["hand_score"] for s in ans["final"]["sides"]} == HAND_SCORES[name]
    scored = post(client, "score", json.loads((DATA / f"{name}_score.json").read_text()))
    assert {s["id"]: s["hand_score"] for s in scored["sides"]} == HAND_SCORES[name]


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_family_log_planted_fault(client, name):
    fv = post(client, "validate", json.loads((DATA / f"{name}.json").read_text()))["first_violation"]
    assert (fv["index"], fv["rule"]) == PLANTED[name]
