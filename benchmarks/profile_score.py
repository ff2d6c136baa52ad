"""Profile Thousand /score through the WSGI app in process (the request the load benchmark repeats).

    .venv/bin/python benchmarks/profile_score.py [--requests 500]

Prints the time per request and cProfile's top entries by cumulative time.
"""
import argparse
import cProfile
import json
import logging
import pathlib
import pstats
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=500)
    n = ap.parse_args().requests
    from benchmarks.load import bodies
    from wsgi import app
    logging.getLogger("referee").setLevel(logging.WARNING)
    client = app.test_client()
    path, body = bodies()[0]
    data = json.dumps(body)

    def post():
        return client.post(path, data=data, content_type="application/json")

    for _ in range(50):
        post()
    start = time.perf_counter()
    for _ in range(n):
        post()
    print(f"{(time.perf_counter() - start) / n * 1000:.2f} ms per request ({path})")
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(n):
        post()
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
