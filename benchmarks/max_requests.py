"""What worker recycling (gunicorn's ``max_requests``) costs: Thousand ``/score`` over HTTP with one worker, as
benchmarks/ratios.py (c) measures it, each ``max_requests`` value's requests per second ÷ those of a worker never
recycled (``max_requests`` 0), the servers side by side and interleaved in every round.

    .venv/bin/python benchmarks/max_requests.py [--values 1000,5000,20000] [--rounds 3] [--seconds 3]

Each server is gunicorn_conf.py with ``--max-requests N --max-requests-jitter N/10`` on the command line (which
gunicorn lets override the file).  docs/serving.md gives the value chosen and why.
"""
import argparse
import json
import os
import pathlib
import shutil
import signal
import statistics
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ratios import _serve, _wrk, score_body  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--values", default="1000,5000,20000")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=int, default=3)
    args = ap.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("install wrk (Debian package wrk)")
    values = [0, *(int(v) for v in args.values.split(","))]
    two = (os.cpu_count() or 1) >= 2
    server_cpu, wrk_cpu = ("0", "1") if two else (None, None)
    env = dict(os.environ, REFEREE_WORKERS="1", REFEREE_UPSTREAM="127.0.0.1:8899")
    env.pop("REFEREE_LOG_LEVEL", None)
    gunicorn = str(pathlib.Path(sys.executable).parent / "gunicorn")
    path, body = score_body()
    servers = {}
    try:
        for i, n in enumerate(values):
            servers[n] = (8890 + i, _serve([gunicorn, "--config", "gunicorn_conf.py", "--max-requests", str(n),
                                            "--max-requests-jitter", str(n // 10), "wsgi:app"],
                                           env, 8890 + i, server_cpu))
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(f"{path} {json.dumps(body)}\n")
        for port, _p in servers.values():
            _wrk(f"http://127.0.0.1:{port}", f.name, 1, wrk_cpu)
        rates: dict[int, list[float]] = {n: [] for n in values}
        ratios: dict[int, list[float]] = {n: [] for n in values}
        for _ in range(args.rounds):
            got = {n: _wrk(f"http://127.0.0.1:{port}", f.name, args.seconds, wrk_cpu)
                   for n, (port, _p) in servers.items()}
            for n in values:
                rates[n].append(got[n])
                ratios[n].append(got[n] / got[0])
        os.unlink(f.name)
    finally:
        for _port, p in servers.values():
            os.killpg(p.pid, signal.SIGTERM)
            p.wait(timeout=30)
    print(f"{'max_requests':>12} {'req/s':>8} {'÷ never recycled':>17}")
    for n in values:
        print(f"{n or 'never':>12} {statistics.median(rates[n]):>8.0f} {statistics.median(ratios[n]):>17.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
