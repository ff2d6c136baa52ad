"""The contract is one that the mainstream client generators accept: openapi-python-client builds a client from
openapi.yaml with no schema dropped, and every score, check and validate example of the contract, sent to the service
through that client, comes back parsed into its game's answer model (not None, not a problem).

The client talks to the service in process, through httpx's WSGI transport: the same requests and answers as over a
socket, without a port; and, one score, one check and one validate per game, to the service running under gunicorn
on a loopback port."""
from __future__ import annotations

import importlib
import os
import pathlib
import socket
import subprocess
import sys
import time
import urllib.request

import httpx
import pytest
import yaml

from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
PACKAGE = "referee_client"


@pytest.fixture(scope="module")
def client_package(tmp_path_factory):
    out = tmp_path_factory.mktemp("client")
    config = out / "config.yaml"
    config.write_text(f"project_name_override: referee-client\npackage_name_override: {PACKAGE}\n")
    run = subprocess.run([sys.executable, "-m", "openapi_python_client", "generate",
                          "--path", str(ROOT / "openapi.yaml"), "--meta", "none", "--config", str(config),
                          "--output-path", str(out / PACKAGE)],
                         capture_output=True, text=True, timeout=300, cwd=out)
    assert run.returncode == 0, run.stdout + run.stderr
    # every schema is kept: a schema the generator cannot read is dropped with "Unable to process schema"
    assert "Unable to process schema" not in run.stdout + run.stderr, run.stdout
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(out))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def examples(operation: str) -> list[tuple[str, str, dict]]:
    """(example name, game, body) for every request example of POST /v1/games/{game}/<operation>."""
    op = SPEC["paths"][f"/v1/games/{{game}}/{operation}"]["post"]
    out = []
    for name, ex in op["requestBody"]["content"]["application/json"]["examples"].items():
        value = ex.get("value") or SPEC["components"]["examples"][ex["$ref"].rsplit("/", 1)[1]]["value"]
        body = dict(value)
        out.append((name, body.pop("game", None) or name.split("-")[0], body))
    return out


CASES = [(op, name, game, body) for op in ("score", "check", "validate") for name, game, body in examples(op)]


@pytest.mark.parametrize("operation, name, game, body", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_every_example_is_parsed_into_its_answer_model(client_package, operation, name, game, body):
    transport = httpx.WSGITransport(app=create_app())
    with client_package.Client(base_url="http://referee.test", httpx_args={"transport": transport}) as client:
        status, parsed = answered(client_package, client, operation, game, body)
    assert status == 200, (name, parsed)
    assert parsed is not None and type(parsed).__name__.startswith(game.capitalize()), type(parsed)
    assert type(parsed).__name__.endswith(f"{operation.capitalize()}Answer")
    assert parsed.to_dict()["game"] == game


def answered(client_package, client, operation: str, game: str, body: dict):
    """The answer to ``body``, sent through the generated client: (status, parsed answer)."""
    rulings = importlib.import_module(f"{PACKAGE}.api.rulings")
    models = importlib.import_module(f"{PACKAGE}.models")
    module = {"score": "score_deal", "check": "check_action", "validate": "validate_log"}[operation]
    call = importlib.import_module(f"{rulings.__name__}.{module}")
    request_model = getattr(models, f"{game.capitalize()}{operation.capitalize()}Request")
    game_enum = getattr(models, f"{''.join(w.capitalize() for w in module.split('_'))}Game")
    response = call.sync_detailed(game_enum(game), client=client, body=request_model.from_dict(body))
    return response.status_code, response.parsed


@pytest.fixture(scope="module")
def served():
    """The service as scripts/serve runs it (gunicorn with the repository's configuration), on a free loopback
    port: its base URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "1", "REFEREE_LOG_LEVEL": "WARNING"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1).read()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


FIRST = {(op, game): (name, body) for op, name, game, body in reversed(CASES)}     # the first example of each


def test_the_running_service_answers_each_game_through_the_generated_client(client_package, served):
    assert sorted(FIRST) == [(op, game) for op in ("check", "score", "validate")
                             for game in ("canasta", "pinochle", "thousand")]
    with client_package.Client(base_url=served, timeout=httpx.Timeout(30)) as client:
        for (operation, game), (name, body) in sorted(FIRST.items()):
            status, parsed = answered(client_package, client, operation, game, body)
            assert status == 200, (operation, name)
            model = type(parsed).__name__         # the game's answer model (PinochleTwoHandedScoreAnswer ...)
            assert model.startswith(game.capitalize()) and model.endswith(f"{operation.capitalize()}Answer"), name
            assert parsed.to_dict()["game"] == game
