"""Canasta: penalties — which faults the laws fine, what the notes say, and what stands when a fault was made."""
import json
import pathlib

import pytest

from tests.canasta_helpers import DEAL3, K7, S4, C, chk, m, ruling


# Found by black-box probing of the Canasta variants (issues 4 and 5).
@pytest.mark.parametrize("player,stands", [("East", True), ("South", False)])
def test_a_draw_out_of_turn_by_the_next_player_stands(api, player, stands):
    # canasta/8.8: a card drawn out of turn goes back, unless the next player in order drew it: then the draw
    # stands but he may not take the pile.
    body = {"sides": S4, "position": {"hand": m("5S 5C 7H"), "to_act": "North",
                                      "melds": {"NS": [m("QH QC QS"), ["K"] * 7], "EW": [m("A A A")]},
                                      "pile": {"top": "9D", "size": 9, "frozen_by": None}, "stock": 52},
            "action": {"type": "draw", "player": player}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/8.8")
    assert ("his draw stands but he may not take the pile" in ans["violations"][0]["message"]) is stands


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_illegal_meld_penalty_note_says_when_it_is_charged(api):
    hands = dict(DEAL3["hands"], North=m("KH KD KS 2C 2H JK JK QH QD 8C 5C"), West=m("4C 5D 6H 7D 8S 9H 10D JS AH "
                                                                                     "2D 10H"))
    log = [dict(DEAL3, hands=hands), {"type": "red_three", "player": "East", "card": "3H", "replacement": "6C"},
           {"type": "draw", "player": "North", "cards": ["QC"]},
           {"type": "meld", "player": "North", "melds": [m("KH KD KS 2C 2H JK JK")]}]
    fv = C(api, "validate", {"sides": S4, "log": log})["first_violation"]
    assert (fv["index"], fv["rule"], fv["penalty"]["points"]) == (3, "canasta/3.1", -100)
    assert fv["penalty"]["note"].endswith("charged only if pointed out before the next player draws")


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_a_penalty_card_is_not_the_card_kept(api):
    body = {"variant": "classic-12", "sides": S4,
            "position": {"phase": "play", "hand": m("5C 5D 5H KH"), "penalty_cards": ["KH"],
                         "melds": {"NS": [m("9H 9D 9C")]}, "pile": {"top": "4D", "size": 5}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [m("5C 5D 5H")]}}
    assert ruling(C(api, "check", body)) == (False, "canasta/8.7")


ROOT = pathlib.Path(__file__).resolve().parents[2]


def readme_log():
    body = json.loads((ROOT / "examples/canasta/validate-concealed.json").read_text())
    body.pop("game")
    return body


# Found by black-box probing of the Canasta endpoints.
def test_penalties_only_for_the_faults_the_laws_fine(api):
    # one card would remain after "going out": illegal, but not a canasta fault (no 8.6)
    ans = chk(api, {"phase": "play", "hand": ["5C", "7S"], "melds": {"NS": [K7]}, "pile": {"top": "6D", "size": 3}},
              {"type": "go_out", "melds": [], "card": "5C"})
    assert (ans["legal"], ans["violations"][0]["rule"], ans["penalties"]) == (False, "canasta/6.2", [])
    body = readme_log()
    body["log"].append({"type": "draw", "player": "East", "cards": ["6S"]})   # after North went out
    ans = C(api, "validate", body)
    assert ans["first_violation"]["rule"] == "canasta/6.2" and "penalty" not in ans["first_violation"]
