"""A scored deal's rows are typed as far down as a caller reads them: each entry of ``players`` is a
``referee.PlayerScore``, each of ``sides`` a ``referee.SideScore``, each of their lines a ``referee.Line`` (and
Thousand's barrel, Pinochle's melds their own): every required key is there and no key the type does not know, in
the examples' deals of each game and in deals of every form (Thousand's barrel and bolts, Pinochle with partners,
Canasta by counts).  A caller's ``p["total_after"]`` is an int to ``mypy --strict``."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import typing
from pathlib import Path

import pytest

import referee
from referee import answers

ROOT = Path(__file__).resolve().parents[2]


def keys_fit(kind, value: dict) -> None:
    hints = typing.get_type_hints(kind)
    assert kind.__required_keys__ <= value.keys(), (kind.__name__, kind.__required_keys__ - value.keys())
    assert value.keys() <= hints.keys(), (kind.__name__, value.keys() - hints.keys())


def rows_fit(answer: dict) -> int:
    """Check every row of ``answer``; return how many rows were checked."""
    n = 0
    for kind, part in ((answers.PlayerScore, "players"), (answers.SideScore, "sides")):
        for row in answer.get(part, []):
            keys_fit(kind, row)
            for line in row.get("lines", []):
                keys_fit(answers.Line, line)
            if "barrel" in row:
                keys_fit(answers.Barrel, row["barrel"])
            for meld in row.get("meld", []):
                keys_fit(answers.MeldScored, meld)
            n += 1
    return n


def body(name: str) -> dict:
    return json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name, rows", [("thousand/score-deal.json", 3), ("pinochle/two-handed-score.json", 2),
                                        ("canasta/score-four-player.json", 2)])
def test_the_examples_rows_fit_their_types(name, rows):
    assert rows_fit(referee.score(None, body(name))) == rows


def test_a_thousand_row_on_the_barrel_fits():
    # Anna at 760 plays 120 with 85 card points and her spade marriage (40): 125, made: 760 + 120 = 880, onto the
    # barrel (thousand/14.1), whose lowest contract is the 120 that reaches 1000 (thousand/7.8)
    answer = referee.score("thousand", {
        "players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
        "deal": {"declarer": "Anna", "contract": 120, "points": {"Anna": 85, "Boris": 20, "Vera": 15},
                 "tricks_taken": {"Anna": 5, "Boris": 2, "Vera": 1}, "marriages": [{"player": "Anna", "suit": "S"}]},
        "state": {"scores": {"Anna": 760, "Boris": 0, "Vera": 0}}})
    assert rows_fit(answer) == 3
    anna = answer["players"][0]
    assert (anna["total_after"], anna["barrel"]) == (880, {"on": True, "deals": 0, "falls": 0, "least_contract": 120})


def test_a_callers_total_is_an_int_to_mypy_strict(tmp_path):
    script = tmp_path / "total.py"
    script.write_text(
        "import referee\n\n\n"
        "def total(a: referee.ScoreAnswer, who: str) -> int:\n"
        "    for p in a.get('players', []):\n"
        "        if p['id'] == who:\n"
        "            return p['total_after']\n"
        "    return 0\n\n\n"
        "def side_lines(a: referee.ScoreAnswer) -> list[str]:\n"
        "    return [line['item'] for s in a.get('sides', []) for line in s['lines']]\n", encoding="utf-8")
    # (the checkout's package by its path, its own errors silent as an installed package's: an editable install's
    # import hook is not seen by mypy)
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", os.devnull,
                          "--follow-imports=silent", str(script)], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "MYPYPATH": str(ROOT)})
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_pinochle_partnership_s_rows_fit():
    # tests/pinochle/test_auction_scoring.py's made bid (E6): Ann+Cid meld 160 (spade flush 150 + dix 10) and take
    # 90 + 70 + the last trick's 10 = 170, 330 in all for a bid of 300; Bob+Dee meld queens around (60) and take 80
    answer = referee.score("pinochle", {
        "variant": "partnership", "players": ["Ann", "Bob", "Cid", "Dee"], "dealer": "Dee",
        "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "S",
                 "melds": {"Ann": "AS 10S KS QS JS 9S".split(), "Bob": "QS QH QD QC".split()},
                 "points": {"Ann": 90, "Cid": 70, "Bob": 50, "Dee": 30},
                 "tricks_taken": {"Ann": 5, "Cid": 3, "Bob": 2, "Dee": 2}, "last_trick": "Ann"}})
    assert rows_fit(answer) == 6            # four players' rows and two sides'
    assert [(s["id"], s["bidding_side"]) for s in answer["sides"]] == [("Ann+Cid", True), ("Bob+Dee", False)]
