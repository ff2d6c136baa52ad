"""gunicorn alone (``scripts/serve``, no proxy), three questions of issue 29, measured on loopback:

1. keep-alive that tells the truth: a ``requests.Session`` sends 100 pairs (an early refusal that leaves the body
   unread, then a good request on the same session); how many of the good requests fail because the server closed
   a connection it had announced as kept alive;
2. a client that stops reading: on one thread, a client pipelines 60 requests for /openapi.yaml (~400 KB) and
   reads nothing; is the next normal request answered, and how soon;
3. SIGTERM under load: 32 clients send requests on fresh connections while the server is stopped; how many
   requests whose connection the kernel had accepted are reset instead of answered;
4. a chunk size past the body limit (2**96, and 256 KiB + 1): the client sends two bytes of the chunk and waits;
   what the answer is, and how soon (the read timeout is the default, 10 s).

    .venv/bin/python benchmarks/gunicorn_alone.py [--config gunicorn_conf.py] [--only keepalive,readers,sigterm,chunk]
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import threading
import time

import requests

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from thousand_helpers import points_deal, score_body  # noqa: E402

GOOD = json.dumps(score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11},
                                         {"Anna": 6, "Boris": 1, "Vera": 1}, [("Anna", "H")]))).encode()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(config: str, workers: int = 1, **env: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen([str(ROOT / ".venv/bin/gunicorn"), "--config", config, "wsgi:app"], cwd=ROOT,
                            env={**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": str(workers),
                                 "REFEREE_LOG_LEVEL": "WARNING", **env},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return proc, port
        except requests.RequestException:
            time.sleep(0.1)
    raise SystemExit("gunicorn did not start")


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()


EARLY = {   # early refusals that leave the body unread
    "413": ("/v1/games/thousand/score", {"Content-Type": "application/json"}, b"[" + b" " * 300_000 + b"]"),
    "415": ("/v1/games/thousand/score", {"Content-Type": "text/plain"}, b"x" * 100_000),
    "404": ("/v1/games/nope/score", {"Content-Type": "application/json"}, b"x" * 100_000),
}


def keepalive(port: int, rounds: int = 100) -> dict:
    out = {}
    for name, (path, headers, body) in EARLY.items():
        lost, announced = 0, set()
        s = requests.Session()
        for _ in range(rounds):
            r = s.post(f"http://127.0.0.1:{port}{path}", data=body, headers=headers, timeout=10)
            announced.add(r.headers.get("Connection", ""))
            try:
                s.post(f"http://127.0.0.1:{port}/v1/games/thousand/score", data=GOOD,
                       headers={"Content-Type": "application/json"}, timeout=10).raise_for_status()
            except requests.RequestException:
                lost += 1
        out[name] = {"lost": lost, "of": rounds, "connection": sorted(announced)}
    return out


def stopped_reader(config: str) -> dict:
    """One thread (REFEREE_THREADS=1, REFEREE_READ_TIMEOUT=1) and a client that pipelines 60 requests for the
    400 KB contract and reads nothing: is the next normal request answered, and how soon."""
    proc, port = start(config, REFEREE_THREADS="1", REFEREE_READ_TIMEOUT="1")
    try:
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(("127.0.0.1", port))
            s.sendall(b"GET /openapi.yaml HTTP/1.1\r\nHost: x\r\n\r\n" * 60)
            time.sleep(1.5)
            t0 = time.monotonic()
            try:
                requests.get(f"http://127.0.0.1:{port}/healthz", timeout=8).raise_for_status()
                return {"answered": True, "after_s": round(time.monotonic() - t0, 2)}
            except requests.RequestException:
                return {"answered": False, "after_s": round(time.monotonic() - t0, 2)}
    finally:
        stop(proc)


def sigterm_under_load(config: str, clients: int = 32, workers: int = 2) -> dict:
    proc, port = start(config, workers=workers)
    counts = {"answered": 0, "reset": 0, "refused": 0, "other": 0}
    lock = threading.Lock()
    stopping = threading.Event()

    def client():
        while not stopping.is_set():
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
            except (ConnectionRefusedError, ConnectionResetError):
                kind = "refused"            # the listener is gone: never accepted, nothing lost
            else:
                try:
                    s.sendall(b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                              b"\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(GOOD) + GOOD)
                    data = b""
                    while chunk := s.recv(65536):
                        data += chunk
                    kind = "answered" if data.startswith(b"HTTP/1.1 200") else ("reset" if not data else "other")
                except (ConnectionResetError, BrokenPipeError):
                    kind = "reset"
                except OSError:
                    kind = "other"
                finally:
                    s.close()
            with lock:
                counts[kind] += 1
            if kind == "refused":
                return

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    time.sleep(2)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=40)
    time.sleep(0.5)
    stopping.set()
    for t in threads:
        t.join(timeout=15)
    return counts


def chunk_sizes(config: str) -> dict:
    proc, port = start(config)
    out = {}
    try:
        for size in (2 ** 96, 256 * 1024 + 1):
            with socket.create_connection(("127.0.0.1", port)) as s:
                s.settimeout(30)
                t0 = time.monotonic()
                s.sendall(b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          b"Transfer-Encoding: chunked\r\n\r\n%x\r\n{}" % size)
                head = s.recv(65536)
                out[f"{size:x}"] = {"status": head[9:12].decode() or "none", "after_s": round(time.monotonic() - t0, 3)}
    finally:
        stop(proc)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="gunicorn_conf.py")
    ap.add_argument("--only", default="keepalive,readers,sigterm,chunk")
    args = ap.parse_args()
    only = args.only.split(",")
    result = {"config": args.config}
    if "keepalive" in only:
        proc, port = start(args.config)
        try:
            result["keepalive"] = keepalive(port)
        finally:
            stop(proc)
    if "readers" in only:
        result["stopped_reader"] = stopped_reader(args.config)
    if "sigterm" in only:
        result["sigterm"] = [sigterm_under_load(args.config) for _ in range(2)]
    if "chunk" in only:
        result["chunk"] = chunk_sizes(args.config)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
