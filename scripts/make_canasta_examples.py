"""Write examples/canasta/batch.jsonl: three random legal four-player deals (tests/canasta_sim.py), then a
discard of a red three, a two-player log cut off mid-deal, and a deal with five jokers.

Run: `.venv/bin/python scripts/make_canasta_examples.py`.
"""
import copy
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from canasta_sim import random_canasta_log  # noqa: E402

lines = []
for seed in (1, 2, 3):
    sides, log, _ = random_canasta_log(seed, "classic")
    lines.append({"game": "canasta", "sides": sides, "log": log})
sides, log, _ = random_canasta_log(4, "classic")
bad = copy.deepcopy(log)
# a player held 3D instead of a card of his deal, never laid it out, and discards it where he discarded that card
ev = next(ev for ev in bad if ev["type"] == "discard" and ev["card"] in bad[0]["hands"][ev["player"]])
hand = bad[0]["hands"][ev["player"]]
hand[hand.index(ev["card"])] = "3D"
ev["card"] = "3D"
lines.append({"game": "canasta", "sides": sides, "log": bad})
sides, log, _ = random_canasta_log(5, "two-player")
lines.append({"game": "canasta", "variant": "two-player", "sides": sides, "log": log[: len(log) // 2]})
sides, log, _ = random_canasta_log(6, "classic")
bad = copy.deepcopy(log)
for p, k in (("N", 0), ("E", 0), ("S", 0), ("W", 0), ("N", 1)):
    bad[0]["hands"][p][k] = "JK"
lines.append({"game": "canasta", "sides": sides, "log": bad})
(ROOT / "examples/canasta/batch.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
