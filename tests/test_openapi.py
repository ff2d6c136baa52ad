"""openapi.yaml stays true to the app: a valid OpenAPI 3.1 document, the same set of routes, examples
that validate.  (Every answer the suite gets is also validated against it: see conftest.py.)"""
import pathlib
import re

import yaml
from openapi_spec_validator import validate

from wsgi import create_app

SPEC = yaml.safe_load((pathlib.Path(__file__).resolve().parent.parent / "openapi.yaml").read_text())


def test_spec_is_valid_openapi_31():
    assert SPEC["openapi"].startswith("3.1")
    validate(SPEC)


# the folders of static files (the page's script and style, Swagger UI's distribution): files, not API routes
STATIC = {"static": "/static/<path:filename>", "web.static": "/assets/<path:filename>",
          "swagger_ui.static": "/docs/swagger-ui/<path:filename>"}


def test_the_only_static_routes_are_the_file_folders():
    static = {r.endpoint: r.rule for r in create_app().url_map.iter_rules() if r.endpoint.split(".")[-1] == "static"}
    assert static == STATIC


def app_routes():
    out = set()
    for rule in create_app().url_map.iter_rules():
        if rule.endpoint in STATIC:
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
        for m in rule.methods - {"HEAD", "OPTIONS"}:
            out.add((m, path))
    return out


def spec_routes():
    return {(m.upper(), p) for p, ops in SPEC["paths"].items() for m in ops
            if m in ("get", "post", "put", "patch", "delete")}


def test_routes_match():
    assert app_routes() == spec_routes()


def test_every_game_in_the_spec():
    from referee import registry
    params = SPEC["components"]["parameters"]
    game = next(p for p in params.values() if p["name"] == "game")
    assert set(game["schema"]["enum"]) == set(registry.GAMES)


def test_every_post_has_problem_answers():
    for path, ops in SPEC["paths"].items():
        for method, op in ops.items():
            if method != "post":
                continue
            for status in ("400", "404", "413", "415", "422"):
                resp = op["responses"][status]
                if "$ref" in resp:
                    resp = SPEC["components"]["responses"][resp["$ref"].rsplit("/", 1)[1]]
                assert "application/problem+json" in resp["content"], (path, status)


def resolve(obj):
    while "$ref" in obj:
        obj = SPEC["components"][obj["$ref"].split("/")[2]][obj["$ref"].rsplit("/", 1)[1]]
    return obj


def post_examples():
    for path, ops in SPEC["paths"].items():
        op = ops.get("post")
        if not op:
            continue
        reqs = op["requestBody"]["content"]["application/json"].get("examples", {})
        answers = op["responses"]["200"]["content"]["application/json"].get("examples", {})
        for name, ex in reqs.items():
            yield (path.replace("{game}", name.split("-")[0]), name, resolve(ex)["value"],
                   resolve(answers[name])["value"])


def test_post_examples_are_real(client):
    """Each request example, sent to the app, gets the answer example shown (keys it shows must match)."""
    from tests.doc_examples import subset
    n = 0
    for path, name, request, answer in post_examples():
        r = client.post(path, json=request)
        assert r.status_code == 200, (name, r.get_json())
        subset(answer, r.get_json(), name)
        n += 1
    assert n >= 8
