"""Operations: the probes and the Prometheus metrics, in process (spec-checked) and under gunicorn with two
workers (prometheus_client's multiprocess mode)."""
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
    # two workers, 20 requests on fresh connections (spread over both): /metrics counts all 20, whichever worker
    # answers it
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
        for _ in range(4):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
                text = r.read().decode()
            assert _sample(text, "referee_requests_total", route="/v1/games", game="", status="200") == 20
        assert "referee_request_seconds_bucket" in text
    finally:
        proc.terminate()
        proc.wait(timeout=30)
