"""A value of another type anywhere in a real body is refused or judged, never a crash: the example bodies
(tests/example_bodies.py), each with one value swapped for a boolean, a huge or negative integer, a float, a list, an
object, null or a card-like text, through the service as a request goes (the score sheet too).  The compiled build
checks declared types at run time, so a value the schema keeps for the game to refuse (an unreadable card in a
Canasta deal event) once made a 500 there; CI runs this file in both builds."""
from __future__ import annotations

import contextlib
import copy
import importlib.util
import pathlib
import random

import pytest

from referee import service, sheet
from referee.errors import RefereeError
from tests.example_bodies import CORPUS

ROOT = pathlib.Path(__file__).resolve().parents[2]

OTHERS = [True, False, 0, -1, 2**70, -(2**63), 1.5, "", "x", "10H", "JK", [], {}, None, ["x"], [1], {"a": 1}]
SWAPS = 150     # per body: about 2,850 bodies in all


def _load_paths():
    """scripts/compare_answers.py's walk of a body: every place as (its path of keys and indexes, its value)."""
    spec = importlib.util.spec_from_file_location("compare_answers", ROOT / "scripts" / "compare_answers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module._paths


_paths = _load_paths()


def _swapped(body: dict, rng: random.Random) -> list[dict]:
    spots = [at for at, _value in _paths(body) if at]
    out = []
    for _ in range(SWAPS):
        new = copy.deepcopy(body)
        at = rng.choice(spots)
        parent = new
        for k in at[:-1]:
            parent = parent[k]
        parent[at[-1]] = copy.deepcopy(rng.choice(OTHERS))
        out.append(new)
    return out


@pytest.mark.parametrize("game,endpoint,body", CORPUS, ids=[f"{g}-{ep}-{i}" for i, (g, ep, _b) in enumerate(CORPUS)])
def test_a_value_of_another_type_is_refused_or_judged(game, endpoint, body):
    rng = random.Random(f"{game}/{endpoint}/{len(str(body))}")
    outcomes = {"judged": 0, "refused": 0}
    for b in _swapped(body, rng):
        try:
            service.handle(game, endpoint, b)
            outcomes["judged"] += 1
        except RefereeError:
            outcomes["refused"] += 1
        if endpoint == "score" and "deal" in b:      # the same deal on a score sheet, twice
            envelope = {k: v for k, v in b.items() if k != "deal"}
            with contextlib.suppress(RefereeError):
                sheet.scoresheet(game, {**envelope, "deals": [b["deal"], b["deal"]]}, "en")
    assert outcomes["judged"] + outcomes["refused"] == SWAPS
    assert outcomes["refused"] > 0      # the swaps reach the checks: most values of another type are refused
