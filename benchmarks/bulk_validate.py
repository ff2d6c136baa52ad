"""Bulk validation speed: logs per second with 1 worker and with every core, and the speed-up; then Dask against
--jobs, side by side.

    .venv/bin/python benchmarks/bulk_validate.py [--logs 4000] [--game thousand|pinochle|all]
    .venv/bin/python benchmarks/bulk_validate.py --dask [--logs 20000]

For each game builds a JSONL file of whole deal logs (Thousand: the hand-worked deal of the tests;
Pinochle: the two-handed deal in examples/pinochle), every third log with a planted fault, then times
`referee validate` in-process with --jobs 1 and --jobs <cores>.  Prints one table row per run.

With --dask it times, in one run, `--jobs 2` and `--scheduler` on a LocalCluster of 2 worker processes (started
once, before the timing: a cluster is there before the work), three times each, alternating, and prints the ratio of
the best times, --jobs 2 ÷ Dask (target ≥ 0.95: Dask's workers read their own blocks of the input, so the task
graph carries file names and offsets, not the logs).
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


def timed_args(*args):
    t = time.perf_counter()
    r = CliRunner().invoke(main, [str(a) for a in args])
    assert r.exit_code == 1, r.output
    return time.perf_counter() - t


def dask_vs_jobs(n: int) -> None:
    from dask.distributed import LocalCluster
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / "logs.jsonl"
        build(n, path, "thousand")
        jobs_out, dask_out = pathlib.Path(d) / "jobs.jsonl", pathlib.Path(d) / "dask.jsonl"
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
            timed_args("validate", path, "--jobs", 2)                                      # warm-up
            timed_args("validate", path, "--scheduler", cluster.scheduler_address)
            jobs, dask = [], []
            for _ in range(3):
                jobs.append(timed_args("validate", path, "--jobs", 2, "--output", jobs_out))
                dask.append(timed_args("validate", path, "--scheduler", cluster.scheduler_address,
                                       "--output", dask_out))
        assert jobs_out.read_bytes() == dask_out.read_bytes()     # the same records in the same order
    print(f"{'logs':>6} {'--jobs 2 s':>11} {'--dask s':>9} {'jobs/dask':>10}")
    print(f"{n:>6} {min(jobs):>11.2f} {min(dask):>9.2f} {min(jobs) / min(dask):>10.2f}")


def main_():
    ap = argparse.ArgumentParser()
    ap.add_argument("--logs", type=int, default=4000)
    ap.add_argument("--game", choices=["thousand", "pinochle", "all"], default="all")
    ap.add_argument("--dask", action="store_true", help="Dask on 2 local workers against --jobs 2")
    args = ap.parse_args()
    if args.dask:
        dask_vs_jobs(args.logs)
        return
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
