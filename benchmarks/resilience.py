"""How the service holds up against held sockets, slow clients and killed workers (issue 20), straight on gunicorn
(``scripts/serve``) and behind nginx (``scripts/serve-proxied``).

    .venv/bin/python benchmarks/resilience.py held-socket  [--root DIR]
    .venv/bin/python benchmarks/resilience.py slow-clients [--proxied] [--root DIR] [--seconds 45]
    .venv/bin/python benchmarks/resilience.py kill-worker  [--proxied] [--root DIR]

Each starts the service the way the README does (two workers, the default settings) on free loopback ports, runs
its scenario and stops it.  ``--root`` runs the service of another checkout (an older commit unpacked with
``git archive``) to measure a figure before a change; the clients are always this checkout's.

held-socket    clients send ``Connection: close``, read the answer and keep the socket open; the latency of the
               next /healthz (1 and 2 such sockets)
slow-clients   24 stalled connections, then the latency of 5 normal requests; then 200 slow or stalled clients that
               reconnect when dropped, for ``--seconds``, while a normal client asks /healthz once a second
               (timeout 15 s): how many it got within 1 s, and the slowest
kill-worker    8 clients post Thousand /score on kept-alive connections; after 3 s one worker is killed (SIGKILL),
               after 8 s every worker at once; failed requests, the longest time without any answer after each
               kill, and the slowest answer
"""
from __future__ import annotations

import argparse
import contextlib
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
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Service:
    """The service of ``root`` started as the README starts it; ``port`` is where clients connect."""

    def __init__(self, root: pathlib.Path, proxied: bool) -> None:
        self.port, upstream = free_port(), free_port()
        env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{self.port}", "REFEREE_UPSTREAM": f"127.0.0.1:{upstream}",
               "REFEREE_LOG_LEVEL": "WARNING", "PYTHONPATH": str(root)}     # root's modules, not this checkout's
        if proxied:
            cmd = [str(root / "scripts" / "serve-proxied")]
        else:
            cmd = [str(HERE / ".venv" / "bin" / "gunicorn"), "--config", "gunicorn_conf.py", "wsgi:app"]
        self.proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        for _ in range(600):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("the service did not start")
        time.sleep(1)

    def gunicorn_workers(self) -> list[int]:
        """The pids of gunicorn's workers (the children of its master)."""
        out = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,args="], capture_output=True, text=True).stdout
        rows = [ln.split(None, 2) for ln in out.strip().splitlines()]
        session = {int(p) for p, *_ in rows if self._in_session(int(p))}
        masters = {int(p) for p, pp, a in rows if int(p) in session and "gunicorn" in a and int(pp) not in
                   {int(q) for q, _, b in rows if "gunicorn" in b}}
        return sorted(int(p) for p, pp, a in rows if int(pp) in masters)

    def _in_session(self, pid: int) -> bool:
        try:
            return os.getsid(pid) == self.proc.pid
        except OSError:
            return False

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=30)


def get(port: int, path: str = "/healthz", timeout: float = 15) -> float | None:
    """Seconds one GET took, or None if it failed or timed out."""
    t = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as r:
            r.read()
        return time.monotonic() - t
    except OSError:
        return None


# ---------------------------------------------------------------- held-socket

def held_socket(args) -> None:
    for n in (1, 2):
        svc = Service(args.root, args.proxied)
        try:
            held = []
            for _ in range(n):
                s = socket.create_connection(("127.0.0.1", svc.port))
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                s.settimeout(5)
                got = b""
                while b"}" not in got:
                    got += s.recv(4096)
                held.append(s)
                time.sleep(0.3)       # the worker closes the connection on its side (and, before the fix, hangs)
            took = get(svc.port, timeout=30)
            print(f"{n} held socket(s): the next /healthz took {took:.3f} s" if took is not None else
                  f"{n} held socket(s): the next /healthz failed")
            for s in held:
                s.close()
        finally:
            svc.stop()


# ---------------------------------------------------------------- slow-clients

def slow_clients(args) -> None:
    from tests.test_proxy import SlowClients

    svc = Service(args.root, args.proxied)
    try:
        stalled = []
        for _ in range(24):
            s = socket.create_connection(("127.0.0.1", svc.port))
            s.sendall(b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: 100\r\n\r\n{")
            stalled.append(s)
        times = [get(svc.port) for _ in range(5)]
        shown = ", ".join("failed" if t is None else f"{t:.3f}" for t in times)
        print(f"24 stalled connections: 5 normal requests took {shown} s")
        for s in stalled:
            s.close()
        time.sleep(1)
        served, asked, slowest = 0, 0, 0.0
        with SlowClients(svc.port) as slow:
            end = time.monotonic() + args.seconds
            while time.monotonic() < end:
                t0 = time.monotonic()
                took = get(svc.port, timeout=15)
                asked += 1
                if took is not None:
                    slowest = max(slowest, took)
                    served += took < 1
                else:
                    slowest = max(slowest, time.monotonic() - t0)
                time.sleep(max(0.0, 1 - (time.monotonic() - t0)))
            reconnects = slow.reconnects
        print(f"200 reconnecting slow clients for {args.seconds} s: {served} of {asked} requests answered within 1 s, "
              f"slowest {slowest:.3f} s ({reconnects} reconnections)")
    finally:
        svc.stop()


# ---------------------------------------------------------------- kill-worker

def kill_worker(args) -> None:
    from tests.thousand_helpers import PLAYERS, README_TRICKS

    body = json.dumps({"players": PLAYERS, "dealer": "Vera", "deal": {
        "declarer": "Anna", "contract": 100, "tricks": README_TRICKS,
        "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}})
    svc = Service(args.root, args.proxied)
    log: list[tuple[float, bool, float]] = []         # (time done, answered 200, seconds taken)
    lock = threading.Lock()
    stop = threading.Event()

    def client():
        conn = None
        while not stop.is_set():
            t = time.monotonic()
            ok = False
            try:
                if conn is None:
                    conn = http.client.HTTPConnection("127.0.0.1", svc.port, timeout=10)
                conn.request("POST", "/v1/games/thousand/score", body, {"Content-Type": "application/json"})
                r = conn.getresponse()
                r.read()
                ok = r.status == 200
                if r.getheader("Connection", "").lower() == "close":
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException):
                if conn is not None:
                    conn.close()
                conn = None
            with lock:
                log.append((time.monotonic(), ok, time.monotonic() - t))

    threads = [threading.Thread(target=client, daemon=True) for _ in range(8)]
    start = time.monotonic()
    for th in threads:
        th.start()
    try:
        before = svc.gunicorn_workers()
        time.sleep(3)
        kill1 = time.monotonic()
        os.kill(before[0], signal.SIGKILL)
        time.sleep(5)
        kill2 = time.monotonic()
        for pid in svc.gunicorn_workers():
            os.kill(pid, signal.SIGKILL)
        time.sleep(6)
        stop.set()
        for th in threads:
            th.join(timeout=15)
    finally:
        svc.stop()

    def gap(after: float, until: float) -> float:
        """The longest stretch from ``after`` to ``until`` without a successful answer."""
        times = [after] + [t for t, ok, _ in log if ok and after <= t <= until] + [until]
        return max(b - a for a, b in zip(times, times[1:]))

    ok = sum(1 for _, good, _ in log if good)
    failed = len(log) - ok
    print(f"{len(log)} requests in {time.monotonic() - start:.0f} s: {ok} answered, {failed} failed; "
          f"after one worker was killed the longest wait for an answer was {gap(kill1, kill2):.3f} s, after every "
          f"worker was killed {gap(kill2, kill2 + 6):.3f} s; the slowest answer {max(d for _, _, d in log):.3f} s; "
          f"failures within 1 s of a kill: {sum(1 for t, good, _ in log if not good and (0 <= t - kill1 < 1 or 0 <= t - kill2 < 1))}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("scenario", choices=["held-socket", "slow-clients", "kill-worker"])
    ap.add_argument("--proxied", action="store_true", help="run scripts/serve-proxied (nginx in front)")
    ap.add_argument("--root", type=pathlib.Path, default=HERE, help="the checkout whose service runs")
    ap.add_argument("--seconds", type=int, default=45)
    args = ap.parse_args()
    {"held-socket": held_socket, "slow-clients": slow_clients, "kill-worker": kill_worker}[args.scenario](args)


if __name__ == "__main__":
    main()
