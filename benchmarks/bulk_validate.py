"""Bulk validation speed: logs per second with 1 worker and with every core, and the speed-up.

    .venv/bin/python benchmarks/bulk_validate.py [--logs 4000]

Builds a JSONL file of whole Thousand deal logs (the hand-worked deals of the tests, one deal a log,
every third log with a planted revoke), then times `referee validate` in-process with --jobs 1 and
--jobs <cores>.  Prints one table row per run.
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


def build(n: int, path: pathlib.Path) -> None:
    good = {"game": "thousand", "players": PLAYERS, "log": readme_log()}
    bad = copy.deepcopy(good)
    i = next(k for k, e in enumerate(bad["log"]) if e.get("card") == "9H")
    bad["log"][i]["card"] = "AC"
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
    args = ap.parse_args()
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / "logs.jsonl"
        build(args.logs, path)
        timed(path, 1)  # warm-up
        one = timed(path, 1)
        many = timed(path, cores)
    print(f"{'jobs':>5} {'logs':>6} {'seconds':>8} {'logs/s':>8} {'logs/s/core':>12}")
    print(f"{1:>5} {args.logs:>6} {one:>8.2f} {args.logs / one:>8.0f} {args.logs / one:>12.0f}")
    print(f"{cores:>5} {args.logs:>6} {many:>8.2f} {args.logs / many:>8.0f} {args.logs / many / cores:>12.0f}")
    print(f"speed-up with {cores} cores: {one / many:.2f}x")


if __name__ == "__main__":
    main_()
