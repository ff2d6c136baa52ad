"""HTTP: JSON bodies the service cannot take (lone surrogates, huge integers) and numbers it can (integral floats).
"""
import json

import pytest

from tests.thousand_helpers import points_deal, score_body

GOOD = points_deal("Anna", 100, {"Anna": 100, "Boris": 10, "Vera": 10}, {"Anna": 6, "Boris": 1, "Vera": 1})


def raw(client, endpoint, text):
    return client.post(f"/v1/games/thousand/{endpoint}", data=text, headers={"Content-Type": "application/json"})


# Once answered wrongly; found by probing the service as a new user.
@pytest.mark.parametrize("text", [
    '{"players":["\\ud800","b","c"],"dealer":"\\ud800","deal":{"declarer":"\\ud800","contract":100,"conceded":true}}',
    '{"\\ud800":1,"players":["a","b","c"],"dealer":"a","deal":{"declarer":"a","contract":100,"conceded":true}}',
])
def test_lone_surrogate_is_400(client, text):
    r = raw(client, "score", text)
    assert r.status_code == 400 and r.get_json()["type"].endswith("malformed-json")


# Once answered wrongly; found by probing the service as a new user.
def test_huge_integer_is_400_without_internals(client):
    r = raw(client, "score", '{"players": ' + "9" * 5000 + "}")
    assert r.status_code == 400
    assert r.get_json()["detail"] == "the body is not valid JSON: a number is too long"


# Once answered wrongly; found by probing the service as a new user.
def test_integral_numbers_written_as_floats(client):
    body = json.dumps(score_body(GOOD)).replace('"contract": 100', '"contract": 1e2')
    r = client.post("/v1/games/thousand/score", data=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 200 and r.get_json()["contract"]["contract"] == 100
