"""The limits as settings (issue 19): REFEREE_MAX_BODY and REFEREE_MAX_EVENTS are read once at start-up, today's
limits by default; each process below starts the app with its own environment."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = r"""
import json, sys
import wsgi
c = wsgi.app.test_client()
out = {}
for name, body in json.loads(sys.stdin.read()).items():
    r = c.post("/v1/games/thousand/validate", data=body.encode(), content_type="application/json")
    doc = r.get_json()
    out[name] = [r.status_code, doc.get("detail"), [[e["pointer"], e["detail"]] for e in doc.get("errors", [])]]
spec = c.get("/openapi.yaml").get_data(as_text=True)
out["maxItems"] = sorted({line.strip() for line in spec.splitlines()
                          if "maxItems: 5000" in line or "maxItems: 10" == line.strip()})
print(json.dumps(out))
"""


def run(env: dict, bodies: dict) -> dict:
    r = subprocess.run([sys.executable, "-c", PROBE], input=json.dumps(bodies), capture_output=True, text=True,
                       cwd=ROOT, env={**os.environ, **env}, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def log_body(events: int, pad: int = 0) -> str:
    """A validate body whose log holds ``events`` events (a deal and passes: judged or refused, never too long
    unless the limit says so), padded with spaces to ``pad`` bytes."""
    log = [{"type": "deal", "dealer": "Vera"}] + [{"type": "pass", "player": "Anna"}] * (events - 1)
    text = json.dumps({"players": ["Anna", "Boris", "Vera"], "log": log})
    return text + " " * max(0, pad - len(text.encode()))


def test_events_limit_at_its_boundary():
    # REFEREE_MAX_EVENTS=10: 10 events are read (the log is then judged: a 422 for the deal's missing hands, not
    # for its length), 11 are one too many for /log; the served contract says 10
    out = run({"REFEREE_MAX_EVENTS": "10"}, {"ten": log_body(10), "eleven": log_body(11)})
    assert out["eleven"][0] == 422 and out["eleven"][2] == [["/log", "at most 10 events, not 11"]]
    assert out["ten"][0] == 422 and "/log" not in [p for p, _d in out["ten"][2]]
    assert out["maxItems"] == ["maxItems: 10"]
    # by default 5000: the 5001st event is one too many, and the contract is served as written
    out = run({}, {"at": log_body(5000), "over": log_body(5001)})
    assert out["over"][0] == 422 and out["over"][2] == [["/log", "at most 5000 events, not 5001"]]
    assert "/log" not in [p for p, _d in out["at"][2]]
    assert out["maxItems"] == ["maxItems: 5000"]


def test_body_limit_at_its_boundary_in_bytes_and_in_kib():
    # 3000 bytes are taken, 3001 are refused, in bytes since 3000 is no whole number of KiB; 4096 reads "4 KiB"
    out = run({"REFEREE_MAX_BODY": "3000"}, {"at": log_body(3, 3000), "over": log_body(3, 3001)})
    assert out["at"][0] == 422
    assert out["over"][:2] == [413, "bodies are limited to 3000 bytes"]
    out = run({"REFEREE_MAX_BODY": "4096"}, {"over": log_body(3, 4097)})
    assert out["over"][:2] == [413, "bodies are limited to 4 KiB"]
    assert run({}, {"over": log_body(3, 262145)})["over"][:2] == [413, "bodies are limited to 256 KiB"]


@pytest.mark.parametrize("name,value,message", [
    ("REFEREE_MAX_EVENTS", "abc", "referee: REFEREE_MAX_EVENTS='abc' is not a whole number"),
    ("REFEREE_MAX_EVENTS", "0", "referee: REFEREE_MAX_EVENTS=0 is outside 1..1000000"),
    ("REFEREE_MAX_EVENTS", "1000001", "referee: REFEREE_MAX_EVENTS=1000001 is outside 1..1000000"),
    ("REFEREE_MAX_BODY", "1023", "referee: REFEREE_MAX_BODY=1023 is outside 1024..8388608"),
    ("REFEREE_MAX_BODY", "8388609", "referee: REFEREE_MAX_BODY=8388609 is outside 1024..8388608"),
    ("REFEREE_MAX_BODY", "1e3", "referee: REFEREE_MAX_BODY='1e3' is not a whole number"),
])
def test_a_bad_setting_stops_the_start_with_one_line(name, value, message):
    r = subprocess.run([sys.executable, "-c", "import gunicorn_conf"], capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, name: value}, timeout=60)
    assert (r.returncode, r.stderr.strip()) == (1, message)


@pytest.mark.parametrize("name,value", [("REFEREE_MAX_EVENTS", "1"), ("REFEREE_MAX_EVENTS", "1000000"),
                                        ("REFEREE_MAX_BODY", "1024"), ("REFEREE_MAX_BODY", "8_388_608")])
def test_a_setting_at_either_end_of_its_range_is_taken(name, value):
    r = subprocess.run([sys.executable, "-c", "import gunicorn_conf"], capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, name: value}, timeout=60)
    assert r.returncode == 0, r.stderr
