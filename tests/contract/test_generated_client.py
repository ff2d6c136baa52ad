"""The contract is one that the mainstream client generators accept: openapi-python-client builds a client from
openapi.yaml with no schema dropped, and every score, check and validate example of the contract, sent to the service
through that client, comes back parsed into its game's answer model (not None, not a problem).

The client talks to the service in process, through httpx's WSGI transport: the same requests and answers as over a
socket, without a port."""
from __future__ import annotations

import importlib
import pathlib
import subprocess
import sys

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
    run = subprocess.run([sys.executable, "-m", "openapi_python_client", "generate", "--path", str(ROOT / "openapi.yaml"),
                          "--meta", "none", "--config", str(config), "--output-path", str(out / PACKAGE)],
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
    rulings = importlib.import_module(f"{PACKAGE}.api.rulings")
    models = importlib.import_module(f"{PACKAGE}.models")
    module = {"score": "score_deal", "check": "check_action", "validate": "validate_log"}[operation]
    call = importlib.import_module(f"{rulings.__name__}.{module}")
    request_model = getattr(models, f"{game.capitalize()}{operation.capitalize()}Request")
    game_enum = getattr(models, f"{''.join(w.capitalize() for w in module.split('_'))}Game")
    transport = httpx.WSGITransport(app=create_app())
    with importlib.import_module(PACKAGE).Client(base_url="http://referee.test",
                                                 httpx_args={"transport": transport}) as client:
        response = call.sync_detailed(game_enum(game), client=client, body=request_model.from_dict(body))
    assert response.status_code == 200, response.content[:500]
    parsed = response.parsed
    assert parsed is not None and type(parsed).__name__.startswith(game.capitalize()), type(parsed)
    assert type(parsed).__name__.endswith(f"{operation.capitalize()}Answer")
    assert parsed.to_dict()["game"] == game
