"""Bulk validation speed: whole-deal logs judged per CPU-second by ``referee validate``, per game and mixed, with
one worker and with every core; then Dask against --jobs, side by side.

    .venv/bin/python benchmarks/bulk_validate.py [--logs 3000] [--rounds 3] [--game thousand|pinochle|canasta|mixed|all]
                                                 [--build compiled|pure|both] [--base DIR]
    .venv/bin/python benchmarks/bulk_validate.py --overhead [--logs 1000] [--game mixed]
    .venv/bin/python benchmarks/bulk_validate.py --dask [--logs 20000]

The input, per game, is a JSONL file of whole-deal logs, every third one with a planted fault: Thousand, the
README's deal (a card played against suit); Pinochle, the two-handed deal of examples/pinochle (a third copy of a
card); Canasta, random legal four-player deals of tests/canasta_sim.py over a few seeds (a card discarded that the
player does not hold).  The mixed file takes the three games in turn, a log of each.  Each file is run through
`referee validate FILE --output OUT` as its own process (its start-up counted, as a user runs it), with `--jobs 1` and
with `--jobs <cores>`, and the figure is issue 30's: logs per CPU-second, the CPU time (user + system) of the CLI
process and of its worker processes (``resource.getrusage(RUSAGE_CHILDREN)`` of this script, which only starts the
CLI), the median of ``--rounds`` runs after one warm-up; the wall-clock logs per second are printed beside it.  The
CLI runs with its bytecode cached (under the temporary folder, ``PYTHONPYCACHEPREFIX``, whatever
``PYTHONDONTWRITEBYTECODE`` says), as an installed package has it.  ``--build`` runs the CLI on the engine compiled
by mypyc (``scripts/build``; ``REFEREE_PURE=0``), on the pure Python (``REFEREE_PURE=1``), or both, one after the
other.  ``--root DIR`` runs the CLI of another checkout; ``--base DIR`` measures a base checkout (a ``git archive`` of
it, its compiled modules copied in after its sources) side by side with this one, their runs alternating round by
round, and prints this ÷ base.

With --overhead it measures, in this process (this build), the CLI's own cost per log: the whole of
`referee validate FILE --jobs 1 --output /dev/null` against the judging alone (the strict parse and
``service.judge``, as the CLI judges a log: no citations) of the same logs, alternating, CPU time.

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
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from click.testing import CliRunner  # noqa: E402

from referee.cli import main  # noqa: E402
from tests.thousand_helpers import PLAYERS, readme_log  # noqa: E402

GAMES = ("thousand", "pinochle", "canasta")
CANASTA_SEEDS = (1, 2, 3, 4, 5)
TARGET = 2500           # issue 30: mixed games, logs per CPU-second
PYCACHE = pathlib.Path(tempfile.gettempdir()) / "referee-bulk-validate-pycache"   # the CLI's bytecode, out of the tree


def logs(game: str) -> list[tuple[dict, dict]]:
    """Pairs of a valid log and the same log with a planted fault, for ``game`` (one pair, or one per Canasta seed)."""
    if game == "thousand":
        good = {"game": "thousand", "players": PLAYERS, "log": readme_log()}
        bad = copy.deepcopy(good)
        i = next(k for k, e in enumerate(bad["log"]) if e.get("card") == "9H")
        bad["log"][i]["card"] = "AC"
        return [(good, bad)]
    if game == "pinochle":
        good = json.loads((ROOT / "examples" / "pinochle" / "two-handed-game.json").read_text())
        bad = copy.deepcopy(good)
        bad["log"][0]["hands"]["Ann"][0] = bad["log"][0]["hands"]["Bob"][0]  # a third copy of a card
        bad["log"][0]["hands"]["Ann"][1] = bad["log"][0]["hands"]["Bob"][0]
        return [(good, bad)]
    from tests.canasta_sim import random_canasta_log
    pairs = []
    for seed in CANASTA_SEEDS:
        sides, log, _ = random_canasta_log(seed)
        good = {"game": "canasta", "sides": sides, "log": log}
        bad = copy.deepcopy(good)
        # the tenth discard names the card the next player discards after it: a card its player does not hold
        discards = [k for k, e in enumerate(bad["log"]) if e["type"] == "discard"]
        a, b = discards[9], discards[10]
        bad["log"][a]["card"] = bad["log"][b]["card"]
        pairs.append((good, bad))
    return pairs


def lines(n: int, game: str) -> list[str]:
    """``n`` JSONL lines of ``game`` (or of the three in turn, ``mixed``), every third one faulty."""
    pairs = {g: logs(g) for g in (GAMES if game == "mixed" else (game,))}
    order = list(pairs)
    out = []
    for k in range(n):
        g = order[(k + k // 3) % len(order)]      # mixed: the games in turn, shifted every three so each has faults
        good, bad = pairs[g][(k // len(order)) % len(pairs[g])]
        out.append(json.dumps(bad if k % 3 == 2 else good))
    return out


def build(n: int, path: pathlib.Path, game: str) -> None:
    with path.open("w") as fh:
        for line in lines(n, game):
            fh.write(line + "\n")


def cli_run(path: pathlib.Path | None, jobs: int, out: pathlib.Path | None, build_: str,
            root: pathlib.Path = ROOT) -> tuple[float, float]:
    """CPU seconds (the CLI's and its workers') and wall seconds of one `referee validate` run of the tree at
    ``root``; without ``path``, of `referee --version` (the CLI's start-up: every module it loads)."""
    env = dict(os.environ, REFEREE_PURE="1" if build_ == "pure" else "0", PYTHONPYCACHEPREFIX=str(PYCACHE))
    env.pop("PYTHONDONTWRITEBYTECODE", None)        # an installed package has its bytecode: start-up as a user sees it
    own = root / ".venv" / "bin" / "python"      # a base checkout with a venv of its own (an editable install maps
    cmd = [str(own) if root != ROOT and own.exists() else sys.executable, "-m", "referee.cli"]   # to its tree)
    cmd += ["--version"] if path is None else ["validate", str(path), "--jobs", str(jobs), "--output", str(out)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run(cmd, env=env, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert r.returncode == (0 if path is None else 1), r.stderr.decode()  # a third of the logs are invalid on purpose
    if b"Warning" in r.stderr or b"warning" in r.stderr:
        print(r.stderr.decode(), file=sys.stderr)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def bulk(n: int, games: list[str], builds: list[str], rounds: int, root: pathlib.Path = ROOT,
         base: pathlib.Path | None = None) -> None:
    """One row per build, game and worker count; with ``base`` the base tree's row first, the two trees' runs
    alternating round by round, and the ratio of their logs per CPU-second (the median of the rounds' ratios)."""
    cores = os.cpu_count() or 1
    trees = [("base", base), ("this", root)] if base is not None else [("", root)]
    print(f"{'tree':>5} {'build':>8} {'game':>9} {'jobs':>5} {'logs':>6} {'CPU s':>7} {'logs/CPU-s':>11} {'wall s':>7} "
          f"{'logs/s':>7} {'less start-up':>14}  (medians of {rounds}; the last column: logs per CPU-second "
          f"with the start-up's CPU time taken off)")
    with tempfile.TemporaryDirectory() as d:
        files = {}
        for game in games:
            files[game] = pathlib.Path(d) / f"{game}.jsonl"
            build(n, files[game], game)
        out = pathlib.Path(d) / "out.jsonl"
        for build_ in builds:
            start = {}
            for name, tree in trees:
                cli_run(None, 1, None, build_, tree)          # warm-up
                start[name] = statistics.median(cli_run(None, 1, None, build_, tree)[0] for _ in range(5))
                print(f"{name:>5} {build_:>8} start-up (referee --version): {start[name]:.3f} CPU s, median of 5",
                      flush=True)
            for game in games:
                for jobs in sorted({1, cores}):
                    runs: dict[str, list[tuple[float, float]]] = {name: [] for name, _t in trees}
                    for _name, tree in trees:
                        cli_run(files[game], jobs, out, build_, tree)          # warm-up
                    for _ in range(rounds):
                        for name, tree in trees:
                            runs[name].append(cli_run(files[game], jobs, out, build_, tree))
                    for name, _t in trees:
                        cpu = statistics.median(c for c, _w in runs[name])
                        wall = statistics.median(w for _c, w in runs[name])
                        print(f"{name:>5} {build_:>8} {game:>9} {jobs:>5} {n:>6} {cpu:>7.2f} {n / cpu:>11.0f} "
                              f"{wall:>7.2f} {n / wall:>7.0f} {n / (cpu - start[name]):>14.0f}", flush=True)
                    if base is not None:
                        ratio = statistics.median(b[0] / t[0] for b, t in zip(runs["base"], runs["this"]))
                        print(f"{'':>5} {build_:>8} {game:>9} {jobs:>5} this ÷ base, logs per CPU-second: "
                              f"{ratio:.2f}", flush=True)
    print(f"target (issue 30): mixed games, logs per CPU-second >= {TARGET}")


def overhead(n: int, games: list[str], rounds: int) -> None:
    """In this process, CPU time: the judging alone (``judge_text(..., cite=False)``: the strict parse and
    ``service.judge``, as the CLI judges a log: the answer without its citations, which no record shows) of ``n`` logs, against the whole of `referee validate FILE --jobs 1 --output /dev/null` on the same logs
    (reading, records, their JSON, the summary), alternating, medians; the CLI's cost around the judging per log."""
    from referee import cli
    print(f"{'game':>9} {'logs':>6} {'judging s':>10} {'validate s':>11} {'CLI µs/log':>11} {'validate ÷ judging':>19}"
          f"  (medians of {rounds}, in process)")
    with tempfile.TemporaryDirectory() as d:
        for game in games:
            path = pathlib.Path(d) / f"{game}.jsonl"
            build(n, path, game)
            bodies = path.read_bytes().splitlines()

            def judging(bodies: list[bytes] = bodies) -> None:
                for b in bodies:
                    cli.judge_text(b, "validate", None, cite=False)

            def validate(path: pathlib.Path = path) -> None:
                r = CliRunner().invoke(main, ["validate", str(path), "--jobs", "1", "--output", os.devnull])
                assert r.exit_code == 1, r.output

            judging(), validate()       # warm-up
            a, b = [], []
            for _ in range(rounds):
                t = time.process_time()
                judging()
                a.append(time.process_time() - t)
                t = time.process_time()
                validate()
                b.append(time.process_time() - t)
            ja, vb = statistics.median(a), statistics.median(b)
            ratio = statistics.median(y / x for x, y in zip(a, b))
            print(f"{game:>9} {n:>6} {ja:>10.3f} {vb:>11.3f} {(vb - ja) / n * 1e6:>11.1f} {ratio:>19.3f}", flush=True)


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
    ap.add_argument("--logs", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--game", choices=[*GAMES, "mixed", "all"], default="all")
    ap.add_argument("--build", choices=["compiled", "pure", "both"], default="both")
    ap.add_argument("--root", type=pathlib.Path, default=ROOT,
                    help="the source tree whose CLI is run (another checkout; this one by default)")
    ap.add_argument("--base", type=pathlib.Path, default=None,
                    help="a base tree to measure side by side with --root, runs alternating")
    ap.add_argument("--dask", action="store_true", help="Dask on 2 local workers against --jobs 2")
    ap.add_argument("--overhead", action="store_true",
                    help="in process: the CLI's cost per log around the judging (validate --jobs 1 against judge_text)")
    args = ap.parse_args()
    if args.dask:
        dask_vs_jobs(args.logs)
        return
    games = [*GAMES, "mixed"] if args.game == "all" else [args.game]
    if args.overhead:
        overhead(args.logs, games, args.rounds)
        return
    builds = ["compiled", "pure"] if args.build == "both" else [args.build]
    bulk(args.logs, games, builds, args.rounds, args.root.resolve(), args.base.resolve() if args.base else None)


if __name__ == "__main__":
    main_()
