"""Worker memory over many requests, and cost against log length (issue 13: both must stay so).

    .venv/bin/python benchmarks/memory.py [--requests 10000]

Posts a mix of real requests of every game through the WSGI app in process, every request with other player
names (so that the bounded caches of names, card spellings, shapes and citations fill and are cleared), and
prints the process's resident memory after the first 1,000 requests and at the end; then the CPU time of a
Thousand validate of 1 deal against one of 10 deals.
"""
import argparse
import json
import logging
import os
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def rss_mb() -> float:
    for line in pathlib.Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def renamed(text: str, names: list[str], k: int) -> str:
    for n in names:
        text = text.replace(f'"{n}"', f'"{n}{k}"')
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=10000)
    n = ap.parse_args().requests
    from benchmarks.load import bodies
    from wsgi import app
    sink = open(os.devnull, "w")  # noqa: SIM115 (the log handlers write to it until the process ends)
    for h in logging.getLogger("referee").handlers:
        h.setStream(sink)
    client = app.test_client()
    reqs = [(p, json.dumps(b)) for p, b in bodies()]
    names = ["Anna", "Boris", "Vera", "Ann", "Bob"]
    at_1000 = None
    for i in range(n):
        path, text = reqs[i % len(reqs)]
        r = client.post(path, data=renamed(text, names, i), content_type="application/json")
        assert r.status_code in (200, 422), (path, r.status_code)
        if i == 999:
            at_1000 = rss_mb()
    print(f"RSS after 1,000 requests {at_1000:.1f} MB, after {n:,} {rss_mb():.1f} MB")
    from benchmarks.engine import PLAYERS3, random_game
    from referee import service
    one = {"players": PLAYERS3, "log": random_game(1)}
    ten = {"players": PLAYERS3, "log": random_game(10), "options": {"target": 1005}}

    def cpu(body, reps):
        start = time.process_time()
        for _ in range(reps):
            service.handle("thousand", "validate", body)
        return (time.process_time() - start) / reps
    t1, t10 = [], []
    for _ in range(5):
        t1.append(cpu(one, 200))
        t10.append(cpu(ten, 20))
    t1.sort(), t10.sort()
    print(f"thousand validate: a 10-deal log costs {t10[2] / t1[2]:.1f}x a 1-deal log "
          f"({len(ten['log'])} and {len(one['log'])} events)")


if __name__ == "__main__":
    main()
