"""gunicorn's access line: its fields are built only when the access logger takes a line at INFO, the level gunicorn
writes it at; as shipped (``logconfig_dict`` sets the access logger to CRITICAL) no request builds them, and a
set-up that keeps access lines still gets each one, as gunicorn writes it.

The settings module sets up logging and the metrics' folder when it is loaded, as gunicorn loads it: each check runs
in an interpreter of its own."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUP = '''
import logging
from datetime import timedelta
from types import SimpleNamespace
from gunicorn.config import Config
from referee.http import gunicorn_conf
cfg = Config()
cfg.set("logconfig_dict", gunicorn_conf.logconfig_dict)
cfg.set("logger_class", gunicorn_conf.logger_class)
log = cfg.logger_class(cfg)
built, lines = [], []
atoms = log.atoms
log.atoms = lambda *args: built.append(args) or atoms(*args)
handler = logging.Handler()
handler.emit = lines.append
log.access_log.addHandler(handler)
resp = SimpleNamespace(status="200 OK", headers=[], response_length=5716, sent=5716)
req = SimpleNamespace(headers=[("HOST", "x")], method="POST", path="/v1/games/thousand/score", query="",
                      version=(1, 1), uri="/v1/games/thousand/score")
environ = {"REMOTE_ADDR": "127.0.0.1", "REQUEST_METHOD": "POST", "RAW_URI": "/v1/games/thousand/score",
           "SERVER_PROTOCOL": "HTTP/1.1", "PATH_INFO": "/v1/games/thousand/score", "QUERY_STRING": ""}
request = (resp, req, environ, timedelta(microseconds=700))
'''


def _run(check: str) -> str:
    r = subprocess.run([sys.executable, "-c", SETUP + check], capture_output=True, text=True, cwd=ROOT,
                       env={**os.environ, "REFEREE_METRICS": "off"}, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_as_shipped_no_request_builds_the_fields():
    out = _run('''
assert type(log) is gunicorn_conf.AccessLinesWhenKept
assert not log.access_log.isEnabledFor(logging.INFO)      # CRITICAL, as logconfig_dict sets it
log.access(*request)
print(len(built), len(lines))
''')
    assert out.split() == ["0", "0"]


def test_a_line_as_gunicorn_writes_it_when_the_access_logger_takes_info():
    out = _run('''
log.access_log.setLevel(logging.INFO)           # INFO: the level gunicorn writes the line at
log.access(*request)
log.access_log.setLevel(logging.INFO + 1)       # one above it: no line, no fields
log.access(*request)
print(len(built), len(lines))
print(lines[0].getMessage())
''')
    counts, line = out.split("\n", 1)
    assert counts.split() == ["1", "1"]
    assert '"POST /v1/games/thousand/score HTTP/1.1" 200 5716' in line
