"""HTTP: media types, charsets and content codings a request may come in."""
import gzip
import json

import pytest

from tests.thousand_helpers import points_deal, score_body
from wsgi import create_app

GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))


def problem(r, status, kind):
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["type"] == "https://referee.example/problems/" + kind
    return body


# Found by a black-box probe of the running service (issue 7, fifth round).
@pytest.mark.parametrize("headers,detail", [
    ({}, "say what the body is: Content-Type: application/json"),
    ({"Content-Type": "application/json; charset=utf-16"}, "JSON bodies are UTF-8, not utf-16"),
    ({"Content-Type": "application/json; charset="}, "JSON bodies are UTF-8, not an empty charset"),
    ({"Content-Type": "application/json", "Content-Encoding": "gzip"},
     "send the body without a content coding, not gzip"),
])
def test_media_type_charset_and_coding(headers, detail):
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=json.dumps(GOOD).encode(), headers=headers)
    assert problem(r, 415, "unsupported-media-type")["errors"] == [{"pointer": "", "detail": detail}]


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_a_really_gzipped_body_is_415_too():
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=gzip.compress(json.dumps(GOOD).encode()),
               headers={"Content-Type": "application/json", "Content-Encoding": "gzip"})
    assert problem(r, 415, "unsupported-media-type")["detail"] == "send the body without a content coding, not gzip"


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_charset_utf8_and_json_suffix_types_are_fine():
    c = create_app().test_client()
    for ctype in ("application/json; charset=UTF-8", "application/vnd.referee+json"):
        assert c.post("/v1/games/thousand/score", data=json.dumps(GOOD).encode(),
                      headers={"Content-Type": ctype}).status_code == 200
