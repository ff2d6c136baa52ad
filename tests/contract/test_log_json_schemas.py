"""Each game's log has a stand-alone JSON Schema (schemas/json/<game>-log.schema.json), generated with openapi.yaml
from the same request schemas (scripts/openapi): every log the service takes whole is valid under it, a log with a
field its event type does not take is not, and the files are what the generator makes."""
from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import pathlib

import pytest
from jsonschema import Draft202012Validator

from referee import service

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = ("thousand", "pinochle", "canasta")


def schema(game: str) -> Draft202012Validator:
    doc = json.loads((ROOT / "schemas" / "json" / f"{game}-log.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(doc)
    return Draft202012Validator(doc)


def logs(game: str) -> list[dict]:
    """The game's example logs: the whole-log files of examples/ and every line of its batch that is a JSON object."""
    out = []
    for path in sorted((ROOT / "examples" / game).glob("*.json")):
        body = json.loads(path.read_text(encoding="utf-8"))
        if "log" in body:
            out.append(body)
    for line in (ROOT / "examples" / game / "batch.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            body = json.loads(line)
        except ValueError:
            continue
        if isinstance(body, dict) and "log" in body:
            out.append(body)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_log_the_service_takes_is_valid_under_its_schema(game):
    validator, taken = schema(game), 0
    for body in logs(game):
        body = {k: v for k, v in body.items() if k != "game"}
        try:
            service.handle(game, "validate", body)
        except Exception:           # refused whole (a 4xx): nothing to say about the schema's verdict here
            continue
        taken += 1
        errors = [e.message for e in validator.iter_errors(body)]
        assert errors == [], errors
    assert taken >= 3, taken       # the examples hold at least three whole logs per game


@pytest.mark.parametrize("game, event", [
    ("thousand", {"type": "pass", "player": "Boris", "card": "AS"}),
    ("pinochle", {"type": "bid", "player": "Anna", "amount": 260, "card": "AS"}),
    ("canasta", {"type": "draw", "player": "N", "card": "KH"}),
])
def test_a_field_its_event_type_does_not_take_is_refused(game, event):
    body = {k: v for k, v in logs(game)[0].items() if k != "game"}
    body["log"] = [*body["log"][:1], event]
    assert list(schema(game).iter_errors(body)), "the schema took a field the service refuses"


def test_the_files_are_what_the_generator_makes():
    loader = importlib.machinery.SourceFileLoader("openapi_script", str(ROOT / "scripts" / "openapi"))
    spec = importlib.util.spec_from_loader("openapi_script", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    for name, doc in module.log_schemas(module.build()).items():
        assert (ROOT / "schemas" / "json" / name).read_text(encoding="utf-8") == module.render_json(doc), name
