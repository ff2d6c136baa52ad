"""Parts of a /score request measured alone, each against the way it was done before round 7 (benchmarks/README.md).

    PROMETHEUS_MULTIPROC_DIR=$(mktemp -d) .venv/bin/python benchmarks/request_parts.py

- the metrics of one answer: prometheus_client's writes one answer at a time (a counter's ``inc`` and a histogram's
  ``observe``: three writes into the worker's file, each under a lock, in multiprocess mode) against
  :meth:`referee.http.operations.Tally.answer` (counted in the worker, written at most a second later);
- the citations of a Thousand /score answer: copied for a Python caller against kept for an answer encoded at once.

Times are CPU time per call (``time.process_time``), the median of seven rounds.
"""
import json
import os
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def per_call(fn, n: int = 20000) -> float:
    rounds = []
    for _ in range(7):
        start = time.process_time()
        for _ in range(n):
            fn()
        rounds.append((time.process_time() - start) / n)
    return statistics.median(rounds) * 1e6


def main() -> None:
    from benchmarks.load import bodies
    from referee import service
    from referee.http import operations
    from referee.jsonio import parse_body
    mode = "multiprocess" if os.environ.get("PROMETHEUS_MULTIPROC_DIR") else "one process"
    m = operations._metrics()
    tally = operations.Tally(m)
    route = "/v1/games/<game>/score"
    requests, seconds = m["requests"].labels(route, "thousand", "200"), m["seconds"].labels(route)

    def each_answer():
        requests.inc()
        seconds.observe(0.004)
    print(f"metrics of one answer ({mode}): written at once {per_call(each_answer):.2f} µs, "
          f"counted in the worker {per_call(lambda: tally.answer(route, 'thousand', 200, 0.004)):.2f} µs")
    _path, body = bodies()[0]
    game, variant, opts, _result, rules = service.judge("thousand", "score", parse_body(json.dumps(body).encode()))
    copied = per_call(lambda: service._citations(game, variant, opts, "en", rules))
    kept = per_call(lambda: service._citations(game, variant, opts, "en", rules, copy=False))
    print(f"citations of a Thousand /score ({len(rules)} rules): copied {copied:.2f} µs, kept {kept:.2f} µs")


if __name__ == "__main__":
    main()
