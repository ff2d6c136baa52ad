"""./scripts/serve keeps working as the README writes it, with the dependencies split into extras: it sets up
.venv (the server extra among what it installs) and starts gunicorn, whose service answers its probes and serves
its contract; its arguments go to gunicorn (`--bind`)."""
from __future__ import annotations

import json
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import referee

ROOT = Path(__file__).resolve().parents[2]


def test_scripts_serve_starts_the_service_with_its_arguments_for_gunicorn(tmp_path):
    err = tmp_path / "stderr"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with open(err, "wb") as fh:
        proc = subprocess.Popen([ROOT / "scripts" / "serve", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
                                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=fh)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as r:
                    ready = json.loads(r.read())
                break
            except OSError:
                assert proc.poll() is None, err.read_text(errors="replace")[-2000:]
                assert time.monotonic() < deadline, err.read_text(errors="replace")[-2000:]
                time.sleep(0.2)
        assert ready["status"] == "ok" and ready["engine_version"] == referee.__version__
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=5) as r:
            assert r.status == 200 and json.loads(r.read())["info"]["version"] == referee.__version__
    finally:
        proc.terminate()
        proc.wait(timeout=30)
