"""Answers are encoded by orjson (wsgi.dumps): the same JSON, key order included, as json.dumps gives."""
import json

import pytest

import wsgi
from referee import service
from tests.example_bodies import CORPUS


def _same(body):
    fast = wsgi.dumps(body)
    assert json.loads(fast) == json.loads(json.dumps(body, ensure_ascii=False))
    # key order and values, as text once both are read back
    assert json.dumps(json.loads(fast)) == json.dumps(body)


@pytest.mark.parametrize("game,endpoint,body", CORPUS, ids=[f"{g}-{e}-{i}" for i, (g, e, _) in enumerate(CORPUS)])
def test_answers_encode_as_json_dumps_does(game, endpoint, body):
    _same(service.handle(game, endpoint, body))
    _same(service.handle(game, endpoint, body, "ru"))


def test_values_orjson_cannot_write_fall_back_to_json_dumps():
    assert json.loads(wsgi.dumps({1: "x", "n": 2 ** 70})) == {"1": "x", "n": 2 ** 70}


def test_text_is_utf8_not_escaped():
    out = wsgi.dumps({"name": "Вера ♠"})
    assert "Вера ♠" in (out.decode() if isinstance(out, bytes) else out)


def test_http_answer_is_utf8_json():
    c = wsgi.app.test_client()
    game, endpoint, body = next(x for x in CORPUS if x[1] == "score")
    r = c.post(f"/v1/games/{game}/{endpoint}", json=body, headers={"Accept-Language": "ru"})
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert r.get_json() == json.loads(json.dumps(service.handle(game, endpoint, body, "ru")))
