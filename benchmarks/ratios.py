"""The request path against what it cannot do without, as ratios measured side by side in one run (issues 13, 30).

    .venv/bin/python benchmarks/ratios.py [--rounds 7] [--skip-http] [--seconds 3] [--build both|compiled|pure]

Both builds of the engine are measured in one run (``--build both``, the default): the script runs itself once per
build, the compiled (mypyc, scripts/build) and the pure Python (REFEREE_PURE=1), one after the other, and prints the
two columns side by side, each against its build's targets.  ``--build compiled`` or ``--build pure`` measures one.

(a) whole-deal validate, ``parse_body`` + ``referee.service.handle``, ÷ ``json.loads`` of the same body, per game;
    and ``parse_body`` alone ÷ ``json.loads`` (the strict parser's own cost; no target);
(b) Thousand ``/score`` in process (Flask test client, same body): the bare Flask endpoint's time ÷ Referee's;
(c) Thousand ``/score`` over HTTP: Referee's requests per second ÷ the bare endpoint's, both under gunicorn_conf.py
    with one worker (REFEREE_WORKERS=1), logging as shipped (INFO, one JSON line per request, to /dev/null), the
    servers pinned to one core and wrk to the other when there are two; and the same ratio as the servers' CPU time
    per answer (bare's ÷ Referee's, from /proc: each gunicorn master with its workers, a recycled one included),
    which the share of the core that other work took during a run leaves alone (no target: the target is the
    requests per second).

A and B alternate in every round; each figure is the median of the rounds, and (a) and (b) count the CPU time of
this process (``time.process_time``), so that time the shared cores spent on other work is left out.  Absolute times are never compared
across runs (the machine is shared).  Prints each measured ratio against its target (:data:`TARGETS`) and exits 1
when one is missed.
"""
import argparse
import contextlib
import json
import logging
import os
import pathlib
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# measure -> (target, "max" when the ratio must stay at most the target, "min" when at least); issue 30's targets
TARGETS: dict[str, tuple[float | None, str]] = {
    "validate/json.loads thousand": (18.0, "max"),
    "validate/json.loads pinochle": (16.0, "max"),
    "validate/json.loads canasta": (24.0, "max"),
    "parse_body/json.loads thousand": (None, "max"),
    "parse_body/json.loads pinochle": (None, "max"),
    "parse_body/json.loads canasta": (None, "max"),
    "in process bare/referee": (0.5, "min"),
    "http referee/bare": (0.6, "min"),
    "http referee/bare CPU/answer": (None, "min"),
}
# the compiled build's own targets, where they differ from the pure Python's
COMPILED_TARGETS: dict[str, tuple[float | None, str]] = {
    "validate/json.loads thousand": (12.0, "max"),
    "validate/json.loads pinochle": (12.0, "max"),
    "validate/json.loads canasta": (15.0, "max"),
}
BUILDS = ("compiled", "pure")


def target_of(name: str, build: str) -> tuple[float | None, str]:
    return (COMPILED_TARGETS if build == "compiled" else {}).get(name, TARGETS[name])


def validate_bodies() -> dict[str, str]:
    """One whole-deal validate body per game, as JSON text."""
    from tests.canasta_sim import random_canasta_log
    from tests.thousand_helpers import PLAYERS, readme_log
    pin = json.loads((ROOT / "examples" / "pinochle" / "two-handed-game.json").read_text())
    pin.pop("game")
    sides, log, _ = random_canasta_log(3)
    return {"thousand": json.dumps({"players": PLAYERS, "log": readme_log()}),
            "pinochle": json.dumps(pin),
            "canasta": json.dumps({"sides": sides, "log": log})}


def per_call(fn, n: int) -> float:
    """CPU seconds per call: the time this process ran, not the time others held the shared cores."""
    start = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - start) / n


def side_by_side(a, b, rounds: int, seconds: float = 0.3) -> tuple[float, float, float]:
    """Median time per call of ``a`` and of ``b``, and the median of the rounds' a/b, alternating every round."""
    a(), b()
    n_a = max(1, int(seconds / max(per_call(a, 3), 1e-7)))
    n_b = max(1, int(seconds / max(per_call(b, 3), 1e-7)))
    ta, tb, r = [], [], []
    for _ in range(rounds):
        x = per_call(a, n_a)
        y = per_call(b, n_b)
        ta.append(x), tb.append(y), r.append(x / y)
    return statistics.median(ta), statistics.median(tb), statistics.median(r)


def measure_validate(rounds: int) -> dict[str, float]:
    from referee import service
    from referee.jsonio import parse_body
    out = {}
    for game, text in validate_bodies().items():
        raw = text.encode()
        assert service.handle(game, "validate", parse_body(raw))["valid"], game
        ta, tb, r = side_by_side(lambda game=game, raw=raw: service.handle(game, "validate", parse_body(raw)),
                                 lambda raw=raw: json.loads(raw), rounds)
        print(f"  {game:<9} validate {ta * 1e3:7.3f} ms   json.loads {tb * 1e3:7.4f} ms   ({len(raw)} bytes)")
        out[f"validate/json.loads {game}"] = r
        ta, tb, r = side_by_side(lambda raw=raw: parse_body(raw), lambda raw=raw: json.loads(raw), rounds)
        print(f"  {game:<9} parse_body {ta * 1e3:7.4f} ms   json.loads {tb * 1e3:7.4f} ms")
        out[f"parse_body/json.loads {game}"] = r
    return out


def score_body() -> tuple[str, dict]:
    from benchmarks.load import bodies
    return bodies()[0]


def quiet(logger_names) -> None:
    """Logging as shipped (INFO, the JSON formatter), written to /dev/null rather than to this terminal."""
    sink = open(os.devnull, "w")  # noqa: SIM115 (the log handlers write to it until the process ends)
    for name in logger_names:
        for h in logging.getLogger(name).handlers:
            if isinstance(h, logging.StreamHandler):
                h.setStream(sink)


def measure_in_process(rounds: int) -> dict[str, float]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bare_app

    from wsgi import app
    quiet(["referee", "bare"])
    path, body = score_body()
    data = json.dumps(body)
    ref, bare = app.test_client(), bare_app.app.test_client()

    def a():
        assert bare.post(path, data=data, content_type="application/json").status_code == 200

    def b():
        assert ref.post(path, data=data, content_type="application/json").status_code == 200
    ta, tb, r = side_by_side(a, b, rounds)
    print(f"  /score in process: bare {ta * 1e3:.3f} ms, Referee {tb * 1e3:.3f} ms")
    return {"in process bare/referee": r}


def _serve(cmd, env, port, cpus):
    if cpus and shutil.which("taskset"):
        cmd = ["taskset", "-c", cpus, *cmd]
    proc = subprocess.Popen(cmd, env=dict(env, REFEREE_BIND=f"127.0.0.1:{port}"), cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return proc
        except OSError:
            time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGTERM)
    raise SystemExit("a server did not start")


def _server_cpu(master: int) -> float | None:
    """CPU seconds the server has used: its master's own and reaped children's (a worker recycled by max_requests
    is counted there once gone) and each live worker's (Linux's /proc; None elsewhere)."""
    tick = os.sysconf("SC_CLK_TCK")
    try:
        with open(f"/proc/{master}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total = sum(int(x) for x in fields[11:15])           # utime, stime, cutime, cstime
        with open(f"/proc/{master}/task/{master}/children") as f:
            children = f.read().split()
        for pid in children:
            with contextlib.suppress(OSError), open(f"/proc/{pid}/stat") as f:
                total += sum(int(x) for x in f.read().rsplit(")", 1)[1].split()[11:13])
    except OSError:
        return None
    return total / tick


def _wrk(url, path_file, seconds, cpus, server=None) -> tuple[float, float | None]:
    """Requests per second, and the server's CPU seconds per answer (``server``: its gunicorn master; None where
    /proc is not there)."""
    cmd = ["wrk", "-t1", "-c8", f"-d{seconds}s", "-s", str(ROOT / "benchmarks" / "load_mix.lua"), url, "--",
           str(path_file)]
    if cpus and shutil.which("taskset"):
        cmd = ["taskset", "-c", cpus, *cmd]
    before = _server_cpu(server.pid) if server is not None else None
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    after = _server_cpu(server.pid) if server is not None else None
    if re.search(r"Non-2xx|Socket errors", out):
        raise SystemExit("wrk met errors:\n" + out)
    answers = int(re.search(r"(\d+) requests in", out).group(1))
    cpu = (after - before) / answers if before is not None and after is not None and answers else None
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)), cpu


def measure_http(rounds: int, seconds: int) -> dict[str, float]:
    import tempfile
    if not shutil.which("wrk"):
        raise SystemExit("install wrk (Debian package wrk), or pass --skip-http")
    from wsgi import app
    path, body = score_body()
    size = len(app.test_client().post(path, json=body).get_data())
    (ROOT / "benchmarks" / "score_answer_size.txt").write_text(str(size))
    two = (os.cpu_count() or 1) >= 2
    server_cpu, wrk_cpu = ("0", "1") if two else (None, None)
    env = dict(os.environ, REFEREE_WORKERS="1", REFEREE_UPSTREAM="127.0.0.1:8879")
    env.pop("REFEREE_LOG_LEVEL", None)           # as shipped: INFO
    gunicorn = str(pathlib.Path(sys.executable).parent / "gunicorn")     # this interpreter's environment
    ref = _serve([gunicorn, "--config", "gunicorn_conf.py", "wsgi:app"], env, 8877, server_cpu)
    bare = _serve([gunicorn, "--config", "gunicorn_conf.py", "--chdir", str(ROOT / "benchmarks"), "bare_app:app"],
                  env, 8878, server_cpu)
    try:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(f"{path} {json.dumps(body)}\n")
        _wrk("http://127.0.0.1:8877", f.name, 1, wrk_cpu)      # warm both
        _wrk("http://127.0.0.1:8878", f.name, 1, wrk_cpu)
        rr, rb, ratio, cpu_ratio = [], [], [], []
        for _ in range(rounds):
            x, cpu_x = _wrk("http://127.0.0.1:8877", f.name, seconds, wrk_cpu, ref)
            y, cpu_y = _wrk("http://127.0.0.1:8878", f.name, seconds, wrk_cpu, bare)
            rr.append(x), rb.append(y), ratio.append(x / y)
            if cpu_x and cpu_y:
                cpu_ratio.append(cpu_y / cpu_x)
        os.unlink(f.name)
    finally:
        for p in (ref, bare):
            os.killpg(p.pid, signal.SIGTERM)
            p.wait(timeout=30)
    print(f"  /score over HTTP: Referee {statistics.median(rr):.0f} req/s, bare {statistics.median(rb):.0f} req/s "
          f"(one worker each{', servers on CPU 0, wrk on CPU 1' if two else ''}; answer {size} bytes)")
    got = {"http referee/bare": statistics.median(ratio)}
    if len(cpu_ratio) == rounds:
        # the same ratio as the servers' CPU time per answer, bare's ÷ Referee's: what requests per second measure when
        # each server has its core to itself, without the share of the core that other work took during each run
        got["http referee/bare CPU/answer"] = statistics.median(cpu_ratio)
    return got


def measure(args) -> dict[str, float]:
    got: dict[str, float] = {}
    print("(a) whole-deal validate vs json.loads")
    got |= measure_validate(args.rounds)
    print("(b) /score in process")
    got |= measure_in_process(args.rounds)
    if not args.skip_http:
        print("(c) /score over HTTP")
        got |= measure_http(args.rounds, args.seconds)
    return got


def verdict(value: float, target: float | None, kind: str) -> tuple[str, bool]:
    """The target as written (``≤ 12.0``) and whether the value meets it."""
    if target is None:
        return "", True
    return ("≤ " if kind == "max" else "≥ ") + str(target), value <= target if kind == "max" else value >= target


def one_build(build: str, argv: list[str]) -> dict[str, float] | None:
    """The figures of one build, measured by this script in a fresh interpreter (None when it is not there)."""
    env = dict(os.environ, REFEREE_PURE="1" if build == "pure" else "0")
    print(f"== {build} ==", flush=True)
    r = subprocess.run([sys.executable, __file__, *argv, "--build", build, "--json"], env=env, cwd=ROOT,
                       stdout=subprocess.PIPE, text=True)
    out = r.stdout.rstrip().splitlines()
    print("\n".join(out[:-1]), flush=True)
    if r.returncode not in (0, 1) or not out:
        raise SystemExit(f"the {build} run failed")
    return json.loads(out[-1])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=int, default=3, help="length of each wrk run")
    ap.add_argument("--skip-http", action="store_true")
    ap.add_argument("--build", choices=["both", *BUILDS], default="both")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)   # a child of --build both
    args = ap.parse_args()
    if args.build != "both":
        import referee
        if referee.compiled != (args.build == "compiled"):
            print(f"referee.compiled is {referee.compiled}: no {args.build} build here (scripts/build compiles)")
            print("null")
            return 1
        got = measure(args)
        if args.json:
            print(json.dumps(got))
            return 0
        columns = {args.build: got}
    else:
        argv = ["--rounds", str(args.rounds), "--seconds", str(args.seconds)] + (["--skip-http"] * args.skip_http)
        columns = {b: got for b in BUILDS if (got := one_build(b, argv)) is not None}
    missed = 0
    names = list(dict.fromkeys(name for got in columns.values() for name in got))
    head = "".join(f" {b:>9} {'target':>9}     " for b in columns)
    print(f"\n{'measure':<32}{head}")
    for name in names:
        line = f"{name:<32}"
        for build, got in columns.items():
            if name not in got:                 # (the CPU figure where /proc is not there)
                line += f" {'-':>9} {'':>9} {'':<6}"
                continue
            shown, ok = verdict(got[name], *target_of(name, build))
            missed += not ok
            line += f" {got[name]:>9.2f} {shown:>9} {'' if not shown else 'met' if ok else 'MISSED':<6}"
        print(line.rstrip())
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
