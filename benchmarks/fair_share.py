"""Fair share (issue 29): a normal client's throughput alone, then while 16 connections from another address send
256 KB bodies of nested empty lists as fast as they are answered; behind nginx (scripts/serve-proxied, default
limits) and on gunicorn alone.  The normal client sends from 127.0.0.2, the heavy ones from 127.0.0.1, so that
nginx sees two addresses.

    .venv/bin/python benchmarks/fair_share.py [--seconds 6]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from thousand_helpers import points_deal, score_body  # noqa: E402

GOOD = json.dumps(score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11},
                                         {"Anna": 6, "Boris": 1, "Vera": 1}, [("Anna", "H")]))).encode()
HEAD = b'{"players": ["Anna", "Boris", "Vera"], "log": ['
HEAVY = HEAD + b",".join([b"[" * 30 + b"]" * 30] * 4290) + b"]}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(port: int, source: str, path: str, body: bytes) -> int:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        c.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        r = c.getresponse()
        r.read()
        return r.status
    finally:
        c.close()


def rate(port: int, seconds: float) -> float:
    n, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        if post(port, "127.0.0.2", "/v1/games/thousand/score", GOOD) == 200:
            n += 1
    return n / seconds


def measure(port: int, seconds: float) -> dict:
    alone = rate(port, seconds)
    stop = threading.Event()
    heavy = {"sent": 0, "statuses": {}}

    def attacker():
        while not stop.is_set():
            try:
                st = post(port, "127.0.0.1", "/v1/games/thousand/validate", HEAVY)
            except OSError:
                st = 0
            heavy["sent"] += 1
            heavy["statuses"][st] = heavy["statuses"].get(st, 0) + 1

    threads = [threading.Thread(target=attacker, daemon=True) for _ in range(16)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    loaded = rate(port, seconds)
    stop.set()
    for t in threads:
        t.join(timeout=15)
    return {"alone_rps": round(alone, 1), "loaded_rps": round(loaded, 1),
            "kept": f"{100 * loaded / alone:.0f}%", "heavy": heavy}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=6)
    args = ap.parse_args()
    out = {}
    for profile in ("proxied", "gunicorn"):
        port, up1, up2 = free_port(), free_port(), free_port()
        env = {**os.environ, "REFEREE_LOG_LEVEL": "WARNING", "REFEREE_WORKERS": "1"}
        if profile == "proxied":
            env.update(REFEREE_BIND=f"127.0.0.1:{port}", REFEREE_UPSTREAM=f"127.0.0.1:{up1},127.0.0.1:{up2}")
            cmd = [str(ROOT / "scripts" / "serve-proxied")]
        else:
            env.update(REFEREE_BIND=f"127.0.0.1:{port}", REFEREE_WORKERS="2")
            cmd = [str(ROOT / ".venv" / "bin" / "gunicorn"), "--config", "gunicorn_conf.py", "wsgi:app"]
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        try:
            for _ in range(300):
                try:
                    post(port, "127.0.0.2", "/v1/games/thousand/score", GOOD)
                    break
                except OSError:
                    time.sleep(0.1)
            time.sleep(1.5)
            out[profile] = measure(port, args.seconds)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
