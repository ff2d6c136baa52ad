"""/docs «Try it out» works on an operation opened first: each operation lists every parameter of its path itself
(Swagger UI sent POST /v1/games/{game}/check with {game} literally when the parameter was declared at the path's
level only), and the served spec says the same as the file."""
from __future__ import annotations

import pathlib
import re

import pytest
import yaml

from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
METHODS = ("get", "post", "put", "patch", "delete")


def _parameter(ref_or_param: dict) -> dict:
    if "$ref" in ref_or_param:
        return SPEC["components"]["parameters"][ref_or_param["$ref"].rsplit("/", 1)[1]]
    return ref_or_param


OPERATIONS = [(path, method) for path, item in SPEC["paths"].items() for method in item if method in METHODS]


@pytest.mark.parametrize("path,method", OPERATIONS, ids=[f"{m.upper()} {p}" for p, m in OPERATIONS])
def test_every_operation_lists_each_parameter_of_its_path(path, method):
    wanted = set(re.findall(r"\{(\w+)\}", path))
    listed = {p["name"] for p in map(_parameter, SPEC["paths"][path][method].get("parameters", []))
              if p["in"] == "path"}
    assert listed == wanted
    for p in map(_parameter, SPEC["paths"][path][method].get("parameters", [])):
        if p["in"] == "path":
            assert p["required"] is True and p["schema"]


def test_the_games_operations_are_among_them():
    # the operation of the issue: check, with {game}; and the rule route, with two parameters
    assert ("/v1/games/{game}/check", "post") in OPERATIONS
    assert any(len(re.findall(r"\{\w+\}", p)) == 2 for p, _ in OPERATIONS)


def test_the_served_spec_is_the_file():
    client = create_app().test_client()
    assert client.get("/openapi.json").get_json()["paths"] == SPEC["paths"]
