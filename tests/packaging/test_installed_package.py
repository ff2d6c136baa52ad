"""The package as users install it: a wheel built from the repository and installed into a fresh virtual
environment, from a local wheelhouse (``--no-index``), adds only ``referee`` to site-packages; the engine alone
scores a deal with no Flask importable; the ``server`` extra serves its contract.

It runs in the normal suite (marked ``packaging``: ``-m "not packaging"`` leaves it out) in well under two minutes,
plus the compilation where the wheel is compiled by mypyc (a C compiler found and REFEREE_PURE unset; one to six
minutes): the wheelhouse (build/wheelhouse, the dependencies' wheels) is filled from pip's cache once and reused."""
from __future__ import annotations

import json
import os
import runpy
import socket
import subprocess
import sys
import time
import urllib.request
import venv
from pathlib import Path

import pytest

import referee

pytestmark = pytest.mark.packaging
ROOT = Path(__file__).resolve().parents[2]
WHEELHOUSE = ROOT / "build" / "wheelhouse"


def sh(*args, cwd=None, env=None, timeout=300) -> subprocess.CompletedProcess:
    r = subprocess.run([str(a) for a in args], capture_output=True, text=True, cwd=cwd, timeout=timeout,
                       env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", **(env or {})})
    assert r.returncode == 0, (args, r.stdout[-2000:], r.stderr[-2000:])
    return r


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel, built now from the repository by a fresh virtual environment's pip (as a user's `pip install`
    builds it: only the build requirements of pyproject.toml in its isolated build, nothing of this .venv), and a
    wheelhouse holding it and every dependency of the extras."""
    out = tmp_path_factory.mktemp("dist")
    builder = tmp_path_factory.mktemp("builder") / "v"
    venv.EnvBuilder(with_pip=True).create(builder)
    sh(builder / "bin" / "python", "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, ROOT, timeout=900)
    built = next(out.glob("referee-*.whl"))
    WHEELHOUSE.mkdir(parents=True, exist_ok=True)
    for stale in WHEELHOUSE.glob("referee-*.whl"):     # an earlier build of the same version, with other metadata
        stale.unlink()
    sh(sys.executable, "-m", "pip", "wheel", "-q", "-w", WHEELHOUSE, f"{built}[server]")
    return built


@pytest.fixture(scope="module")
def env(tmp_path_factory, wheel):
    """A fresh virtual environment with the engine alone installed from the wheelhouse (no index)."""
    home = tmp_path_factory.mktemp("venv") / "v"
    venv.EnvBuilder(with_pip=True).create(home)
    python = home / "bin" / "python"
    sh(python, "-m", "pip", "install", "-q", "--no-index", "--find-links", WHEELHOUSE, wheel)
    return home


def site_packages(home: Path) -> Path:
    return next((home / "lib").glob("python3*/site-packages"))


def test_the_wheel_installs_only_referee(env):
    dist = site_packages(env) / f"referee-{referee.__version__}.dist-info"
    installed = [line.split(",")[0] for line in (dist / "RECORD").read_text(encoding="utf-8").splitlines()]
    tops = {p.split("/")[0] for p in installed}
    assert tops == {"referee", dist.name, ".."}, tops                 # "..": the console script in bin/
    outside = [p for p in installed if p.startswith("..")]
    assert [Path(p).name for p in outside] == ["referee"]             # the console script, nothing else
    for stray in ("schemas", "web", "wsgi.py", "gunicorn_conf.py"):
        assert not (site_packages(env) / stray).exists()
    assert {"referee/py.typed", "referee/web/openapi.yaml", "referee/schemas/__init__.py",
            "referee/http/__init__.py"} <= set(installed)
    meta = (dist / "METADATA").read_text(encoding="utf-8")
    assert "License-Expression: MIT" in meta


def test_the_engine_alone_scores_a_deal_without_flask(env, tmp_path):
    body = (ROOT / "examples" / "thousand" / "score-deal.json").read_text(encoding="utf-8")
    probe = ("import importlib.util, json, sys, referee\n"
             "missing = [m for m in ('flask', 'gunicorn', 'flask_cors', 'flask_swagger_ui', 'rich', 'click', 'orjson')"
             " if importlib.util.find_spec(m)]\n"
             "a = referee.score(None, sys.stdin.read())\n"
             "print(json.dumps([missing, referee.__file__, [p['total_after'] for p in a['players']], "
             "referee.compiled]))")
    r = subprocess.run([env / "bin" / "python", "-c", probe], input=body, capture_output=True, text=True,
                       cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stderr
    missing, where, totals, compiled = json.loads(r.stdout)
    assert missing == [] and where.startswith(str(site_packages(env)))
    assert totals == [520, 465, 875]        # 420 + 100, 310 + 155, 875 + 0 (docs/library.md's example)
    # the wheel was compiled by mypyc where setup.py found a compiler, and REFEREE_PURE asked for no pure build
    pure = os.environ.get("REFEREE_PURE", "") not in ("", "0") or runpy.run_path(str(ROOT / "setup.py"))["why_pure"]()
    assert compiled is (not pure)
    # the command line is the cli extra: without it, one line says so
    r = subprocess.run([env / "bin" / "referee", "--version"], capture_output=True, text=True, cwd=tmp_path,
                       timeout=60)
    assert r.returncode == 2 and "pip install 'referee[cli]'" in r.stderr     # a usage error (exit 2), not findings


def test_an_apps_own_schemas_package_is_left_alone(env, tmp_path):
    # an app with its own top-level `schemas` (and `web`) package, run from its folder: referee imports its own
    for name in ("schemas", "web"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("MINE = True\n", encoding="utf-8")
    probe = ("import json, schemas, web\n"
             "from referee import service\n"
             "import referee.schemas\n"
             "print(json.dumps([schemas.MINE, web.MINE, hasattr(referee.schemas, 'REQUESTS'), "
             "service.handle('thousand', 'score', json.load(open(%r)))['game']]))")
    body = tmp_path / "body.json"
    deal = json.loads((ROOT / "examples" / "thousand" / "score-deal.json").read_text(encoding="utf-8"))
    deal.pop("game")
    body.write_text(json.dumps(deal), encoding="utf-8")
    r = subprocess.run([env / "bin" / "python", "-c", probe % str(body)], capture_output=True, text=True,
                       cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout) == [True, True, True, "thousand"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_server_extra_serves_its_contract(env, wheel, tmp_path):
    sh(env / "bin" / "python", "-m", "pip", "install", "-q", "--no-index", "--find-links", WHEELHOUSE,
       f"{wheel}[server]")
    port = free_port()
    server = subprocess.Popen([env / "bin" / "gunicorn", "-c", "python:referee.http.gunicorn_conf",
                               "referee.http:create_app()"], cwd=tmp_path, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE,
                              env={**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "1",
                                   "REFEREE_THREADS": "2"})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.json", timeout=5) as resp:
                    status, spec = resp.status, json.loads(resp.read())
                break
            except OSError:
                assert server.poll() is None, server.stderr.read().decode()[-2000:]
                assert time.monotonic() < deadline, "the installed server did not answer within 60 s"
                time.sleep(0.3)
        assert status == 200 and spec["info"]["version"] == referee.__version__
        assert spec["info"]["license"]["identifier"] == "MIT"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.yaml", timeout=5) as resp:
            assert resp.status == 200 and resp.read().startswith(b"openapi: 3.1.0")
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)
