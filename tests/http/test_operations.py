"""Operations: the probes and the Prometheus metrics, in process (spec-checked) and under gunicorn with two
workers (prometheus_client's multiprocess mode)."""
import json
import os
import pathlib
import re
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
import yaml
from prometheus_client import CollectorRegistry, Counter, Histogram
from thousand_helpers import points_deal, score_body

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))


def _editions() -> dict:
    """Each game's edition as its rulebook file states it."""
    out = {}
    for game in ("thousand", "pinochle", "canasta"):
        doc = yaml.safe_load((ROOT / "referee" / game / "rules.yaml").read_text(encoding="utf-8"))
        out[game] = str(doc["edition"])
    return out


@pytest.mark.parametrize("path", ["/livez", "/readyz"])
def test_the_probes_name_the_version_and_the_editions(client, path):
    r = client.get(path)
    version = re.search(r'__version__ = "([^"]+)"', (ROOT / "referee" / "__init__.py").read_text()).group(1)
    assert r.status_code == 200 and r.get_json() == {"status": "ok", "engine_version": version,
                                                     "editions": _editions()}


def _sample(text: str, name: str, **labels) -> float:
    """The value of one sample of the metrics text, 0 when it is not there."""
    want = ",".join(f'{k}="{v}"' for k, v in sorted(labels.items()))
    for line in text.splitlines():
        if line.startswith(name + "{"):
            got = ",".join(sorted(line[len(name) + 1:line.index("}")].split(",")))
            if got == want:
                return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_metrics_count_answers_422s_and_rulings_by_rule(client):
    before = client.get("/metrics").get_data(as_text=True)
    client.post("/v1/games/thousand/score", json=GOOD)
    client.post("/v1/games/thousand/score", json={})               # a 422
    after = client.get("/metrics").get_data(as_text=True)
    route = "/v1/games/<game>/score"
    assert _sample(after, "referee_requests_total", route=route, game="thousand", status="200") == \
        _sample(before, "referee_requests_total", route=route, game="thousand", status="200") + 1
    assert _sample(after, "referee_invalid_requests_total", route=route, game="thousand") == \
        _sample(before, "referee_invalid_requests_total", route=route, game="thousand") + 1
    assert _sample(after, "referee_request_seconds_count", route=route) == \
        _sample(before, "referee_request_seconds_count", route=route) + 2


def test_rulings_are_counted_by_the_rule_they_cite():
    from referee.http import operations
    answer = {"legal": False, "violations": [{"rule": "thousand/7.2"}],
              "deals": [{"violations": [{"rule": "thousand/7.2"}, {"rule": "thousand/12.3"}]}]}
    assert operations.violations(answer, []) == ["thousand/7.2", "thousand/7.2", "thousand/12.3"]


def test_an_unknown_game_is_no_label(client):
    client.post("/v1/games/nope-" + "x" * 40 + "/score", json={})
    assert "nope-" not in client.get("/metrics").get_data(as_text=True)


def test_metrics_can_be_left_out():
    r = subprocess.run([sys.executable, "-c", "import wsgi; print(wsgi.app.test_client().get('/metrics').status_code)"],
                       cwd=ROOT, env={**os.environ, "REFEREE_METRICS": "off", "REFEREE_LOG_LEVEL": "ERROR"},
                       capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "404", r.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_metrics_add_up_every_gunicorn_worker():
    # two workers, 20 requests on fresh connections (spread over both): /metrics counts all 20 within a second of
    # the last answer (each worker writes its counts at least once a second), whichever worker answers it
    port = _free_port()
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "2", "REFEREE_LOG_LEVEL": "WARNING"}
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/livez", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        for _ in range(20):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/games", timeout=5).read()
        answered = time.monotonic()
        while True:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
                counted = _sample(r.read().decode(), "referee_requests_total", route="/v1/games", game="", status="200")
            if counted == 20 or time.monotonic() - answered > 3:   # a second, and two more for a loaded machine
                break
            time.sleep(0.05)
        assert counted == 20
        for _ in range(4):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
                text = r.read().decode()
            assert _sample(text, "referee_requests_total", route="/v1/games", game="", status="200") == 20
        assert "referee_request_seconds_bucket" in text
    finally:
        proc.terminate()
        proc.wait(timeout=30)


_WORKER_EXIT = """
import json, os, sys
from prometheus_client import CollectorRegistry, multiprocess
from referee.http import operations
operations.Tally.INTERVAL = 600               # no flush by the clock while this runs
import gunicorn_conf
import wsgi

def counted():
    reg = CollectorRegistry()
    multiprocess.MultiProcessCollector(reg, path=os.environ["PROMETHEUS_MULTIPROC_DIR"])
    return {s.name + json.dumps(s.labels, sort_keys=True): s.value for m in reg.collect() for s in m.samples}

wsgi.app.test_client().post("/v1/games/thousand/score", json={})          # a 422
before = counted()
gunicorn_conf.worker_exit(None, None)
print(json.dumps([before, counted()]))
"""


def test_a_workers_counts_are_written_to_the_metrics_files_when_it_exits(tmp_path):
    # a worker adds its answers to the metrics' files later (at least once a second) and at the latest when it
    # exits: gunicorn's worker_exit hook writes what is left
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path), "REFEREE_LOG_LEVEL": "ERROR"}
    r = subprocess.run([sys.executable, "-c", _WORKER_EXIT], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    before, after = json.loads(r.stdout)
    key = 'referee_requests_total{"game": "thousand", "route": "/v1/games/<game>/score", "status": "422"}'
    invalid = 'referee_invalid_requests_total{"game": "thousand", "route": "/v1/games/<game>/score"}'
    assert key not in before and invalid not in before
    assert after[key] == 1 and after[invalid] == 1
    assert after['referee_request_seconds_count{"route": "/v1/games/<game>/score"}'] == 1


class _Metric:
    """A stand-in for the metrics a Tally adds to: each child is a real prometheus_client child of a metric of its
    own registry."""

    def __init__(self, make) -> None:
        self.made = make(registry=CollectorRegistry())

    def labels(self, *values):
        return self.made.labels(*values)


BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)


def test_a_tally_buckets_the_seconds_as_observe_does_at_each_bound():
    # the oracle: prometheus_client's own Histogram.observe, one observation at a time; each bound, just under it
    # and just over it (a bucket counts the observations up to and including its bound), and past the last bound
    from referee.http.operations import Tally
    seconds = [b + d for b in BUCKETS for d in (-1e-9, 0.0, 1e-9)] + [0.0, 11.0]
    metrics = {"requests": _Metric(lambda registry: Counter("r", "r", ["route", "game", "status"], registry=registry)),
               "seconds": _Metric(lambda registry: Histogram("s", "s", ["route"], buckets=BUCKETS, registry=registry)),
               "invalid": _Metric(lambda registry: Counter("i", "i", ["route", "game"], registry=registry)),
               "rulings": _Metric(lambda registry: Counter("v", "v", ["game", "rule"], registry=registry))}
    tally = Tally(metrics)
    for x in seconds:
        tally.answer("/r", "thousand", 200, x)
    tally.answer("/r", "thousand", 422, 0.5)
    tally.rulings("thousand", ["thousand/7.2", "thousand/7.2"])
    oracle = Histogram("o", "o", ["route"], buckets=BUCKETS, registry=CollectorRegistry())
    for x in [*seconds, 0.5]:
        oracle.labels("/r").observe(x)
    assert metrics["seconds"].made.labels("/r")._buckets[0].get() == 0        # nothing added before the flush
    tally.flush()

    def samples(metric, suffix):
        return {s.labels.get("le"): s.value for m in metric.collect() for s in m.samples if s.name.endswith(suffix)}
    assert samples(metrics["seconds"].made, "_bucket") == samples(oracle, "_bucket")
    assert samples(metrics["seconds"].made, "_count") == {None: len(seconds) + 1}
    assert samples(metrics["seconds"].made, "_sum")[None] == pytest.approx(sum(seconds) + 0.5)
    assert metrics["requests"].made.labels("/r", "thousand", "200")._value.get() == len(seconds)
    assert metrics["requests"].made.labels("/r", "thousand", "422")._value.get() == 1
    assert metrics["invalid"].made.labels("/r", "thousand")._value.get() == 1
    assert metrics["rulings"].made.labels("thousand", "thousand/7.2")._value.get() == 2


def test_a_tally_hands_each_observation_to_observe_where_a_histogram_keeps_no_buckets_it_knows():
    # a prometheus_client release whose histogram children keep their buckets otherwise: each observation is
    # handed to the child's observe at the flush, as it was made
    from referee.http.operations import Tally

    class Child:
        def __init__(self):
            self.observed, self.added = [], 0

        def observe(self, x):
            self.observed.append(x)

        def inc(self, n=1):
            self.added += n

    children: dict = {}

    class Metric:
        def labels(self, *values):
            return children.setdefault(values, Child())
    tally = Tally({name: Metric() for name in ("requests", "seconds", "invalid", "rulings")})
    for x in (0.5, 0.001, 3.0):
        tally.answer("/r", "", 200, x)
    assert children[("/r",)].observed == []
    tally.flush()
    assert children[("/r",)].observed == [0.5, 0.001, 3.0] and children[("/r", "", "200")].added == 3


def test_a_tally_writes_rulings_counted_before_their_answer():
    # a ruling's violations are counted by the route, its answer after it by the hook: a flush between the two
    # writes the violations already counted
    from referee.http.operations import Tally
    metrics = {"requests": _Metric(lambda registry: Counter("r", "r", ["route", "game", "status"], registry=registry)),
               "seconds": _Metric(lambda registry: Histogram("s", "s", ["route"], buckets=BUCKETS, registry=registry)),
               "invalid": _Metric(lambda registry: Counter("i", "i", ["route", "game"], registry=registry)),
               "rulings": _Metric(lambda registry: Counter("v", "v", ["game", "rule"], registry=registry))}
    tally = Tally(metrics)
    tally.rulings("thousand", ["thousand/11.3"])
    tally.flush()
    assert metrics["rulings"].made.labels("thousand", "thousand/11.3")._value.get() == 1
