"""Bulk validation speed: logs per second with 1 worker and with every core, and the speed-up.

    .venv/bin/python benchmarks/bulk_validate.py [--logs 4000]

For each game builds a JSONL file of whole deal logs (Thousand: the hand-worked deal of the tests;
Pinochle: the two-handed deal in examples/pinochle), every third log with a planted fault, then times
`referee validate` in-process with --jobs 1 and --jobs <cores>.  Prints one table row per run.
"""
import argparse
import copy
import json
import os
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from click.testing import CliRunner  # noqa: E402

from referee.cli import main  # noqa: E402
from tests.thousand_helpers import PLAYERS, readme_log  # noqa: E402


def logs(game: str):
    """A valid log and one with a planted fault, for ``game``."""
    if game == "thousand":
        good = {"game": "thousand", "players": PLAYERS, "log": readme_log()}
        bad = copy.deepcopy(good)
        i = next(k for k, e in enumerate(bad["log"]) if e.get("card") == "9H")
        bad["log"][i]["card"] = "AC"
    else:
        good = json.loads((ROOT / "examples" / "pinochle" / "two-handed-game.json").read_text())
        bad = copy.deepcopy(good)
        bad["log"][0]["hands"]["Ann"][0] = bad["log"][0]["hands"]["Bob"][0]  # a third copy of a card
        bad["log"][0]["hands"]["Ann"][1] = bad["log"][0]["hands"]["Bob"][0]
    return good, bad


def build(n: int, path: pathlib.Path, game: str) -> None:
    good, bad = logs(game)
    with path.open("w") as fh:
        for k in range(n):
            fh.write(json.dumps(bad if k % 3 == 2 else good) + "\n")


def timed(path, jobs):
    t = time.perf_counter()
    r = CliRunner().invoke(main, ["validate", str(path), "--jobs", str(jobs)])
    assert r.exit_code == 1, r.output  # a third of the logs are invalid on purpose
    return time.perf_counter() - t


def main_():
    ap = argparse.ArgumentParser()
    ap.add_argument("--logs", type=int, default=4000)
    ap.add_argument("--game", choices=["thousand", "pinochle", "all"], default="all")
    args = ap.parse_args()
    cores = os.cpu_count() or 1
    print(f"{'game':>9} {'jobs':>5} {'logs':>6} {'seconds':>8} {'logs/s':>8} {'logs/s/core':>12} {'speed-up':>9}")
    for game in (["thousand", "pinochle"] if args.game == "all" else [args.game]):
        with tempfile.TemporaryDirectory() as d:
            path = pathlib.Path(d) / "logs.jsonl"
            build(args.logs, path, game)
            timed(path, 1)  # warm-up
            one = timed(path, 1)
            many = timed(path, cores)
        print(f"{game:>9} {1:>5} {args.logs:>6} {one:>8.2f} {args.logs / one:>8.0f} {args.logs / one:>12.0f} {'':>9}")
        print(f"{game:>9} {cores:>5} {args.logs:>6} {many:>8.2f} {args.logs / many:>8.0f} "
              f"{args.logs / many / cores:>12.0f} {one / many:>8.2f}x")


if __name__ == "__main__":
    main_()
