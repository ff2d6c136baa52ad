"""The costliest body within the limits against a good one, over HTTP (issue 29): gunicorn alone, one worker,
one keep-alive client sending one request at a time.

    .venv/bin/python benchmarks/costliest_body.py [--repeat 30] [--max-body BYTES]

The good body is the cheapest good request: a /score of one Thousand deal (a whole one-deal /validate is timed
too).  The costly ones fill the body
limit (256 KiB by default) with what is cheapest to send and dearest to read: empty lists nested two deep
(``[[],[],...]`` as the log: 87,000 lists), nested to the depth limit, and the like with objects.  Each is timed as
the client sees it (the median of ``--repeat`` requests), and the ratio to the good body printed; target <= 20.
Beside it, the worker's own CPU time per request (all its threads, from /proc/<pid>/task/*/schedstat), which the
other jobs of a shared machine do not move.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import signal
import socket
import statistics
import subprocess
import sys
import time

import requests

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from thousand_helpers import PLAYERS, points_deal, readme_log, score_body  # noqa: E402

TARGET = 20


def bodies(limit: int) -> dict[str, bytes]:
    good = json.dumps(score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11},
                                             {"Anna": 6, "Boris": 1, "Vera": 1}, [("Anna", "H")]))).encode()
    head = b'{"players": ["Anna", "Boris", "Vera"], "log": ['
    room = limit - len(head) - 2
    out = {"good": good, "good /validate": json.dumps({"players": PLAYERS, "log": readme_log()}).encode()}
    out["empty lists, 2 deep"] = head + b",".join([b"[]"] * (room // 3)) + b"]}"
    unit = b"[" * 30 + b"]" * 30
    out["empty lists, 31 deep"] = head + b",".join([unit] * (room // (len(unit) + 1))) + b"]}"
    out["empty objects"] = head + b",".join([b"{}"] * (room // 3)) + b"]}"
    out["lists of zeros"] = head + b"[" + b",".join([b"0"] * (room // 2 - 2)) + b"]]}"
    # the most arrays and objects the limit lets in (one per 8 bytes of the body limit), nested 31 deep, the rest
    # of the body spaces; and the same as empty lists two deep
    cap = max(1024, limit // 8) - 3
    deep = b",".join([unit] * (cap // 30)).ljust(room - 2)
    out["at the cap, 31 deep"] = head + deep + b"]}"
    out["at the cap, 2 deep"] = head + b",".join([b"[]"] * cap).ljust(room - 2) + b"]}"
    for name, body in out.items():
        assert len(body) <= limit, (name, len(body))
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def worker_cpu_ns(master: int) -> int:
    """The CPU time, in ns, of every thread of ``master``'s workers so far (Linux)."""
    total = 0
    for child in pathlib.Path(f"/proc/{master}/task/{master}/children").read_text().split():
        for task in pathlib.Path(f"/proc/{child}/task").iterdir():
            with contextlib.suppress(OSError, ValueError):
                total += int((task / "schedstat").read_text().split()[0])
    return total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--max-body", type=int, default=262144)
    args = ap.parse_args()
    port = free_port()
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "1", "REFEREE_LOG_LEVEL": "WARNING",
           "REFEREE_MAX_BODY": str(args.max_body)}
    proc = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        s = requests.Session()
        url = f"http://127.0.0.1:{port}/v1/games/thousand/validate"
        for _ in range(300):
            try:
                s.get(f"http://127.0.0.1:{port}/livez", timeout=1)
                break
            except requests.RequestException:
                time.sleep(0.1)
        times: dict[str, list[float]] = {}
        cpu: dict[str, float] = {}
        statuses: dict[str, int] = {}
        named = bodies(args.max_body)
        for name, body in named.items():        # each body in a run of its own: what one costs, its clean-up
            for i in range(args.repeat + 3):    # included (charged to the next of its kind), the first 3 dropped
                if i == 3:
                    cpu0 = worker_cpu_ns(proc.pid)
                t0 = time.perf_counter()
                r = s.post(url.replace("validate", "score") if name == "good" else url, data=body,
                           headers={"Content-Type": "application/json"}, timeout=60)
                times.setdefault(name, []).append(time.perf_counter() - t0)
                statuses[name] = r.status_code
            cpu[name] = (worker_cpu_ns(proc.pid) - cpu0) / args.repeat / 1e6
            times[name] = times[name][3:]
        good = statistics.median(times["good"])
        print(f"good body (/score): {len(named['good'])} bytes, {good * 1000:.2f} ms, worker CPU {cpu['good']:.2f} ms "
              f"(status {statuses['good']})")
        worst = worst_cpu = 0.0
        for name, ts in times.items():
            if name == "good":
                continue
            ratio = statistics.median(ts) / good
            worst = max(worst, ratio)
            worst_cpu = max(worst_cpu, cpu[name] / cpu["good"])
            print(f"{name:22} {len(named[name]):7} bytes  {statistics.median(ts) * 1000:8.2f} ms  {ratio:6.1f}x  "
                  f"CPU {cpu[name]:7.2f} ms {cpu[name] / cpu['good']:6.1f}x  (status {statuses[name]})")
        print(f"worst: {worst:.1f}x over HTTP, {worst_cpu:.1f}x in the worker's CPU (target <= {TARGET}x)")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
