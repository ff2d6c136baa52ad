"""HTTP: JSON bodies the service cannot take (lone surrogates, huge integers) and numbers it can (integral floats)."""
import json

import pytest

from tests.thousand_helpers import points_deal, score_body
from wsgi import create_app

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


def problem(r, status, kind):
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["type"] == "https://referee.example/problems/" + kind
    return body


# Found by a black-box probe of the running service (issue 7, fifth round).
@pytest.mark.parametrize("raw,pointer,detail", [
    ('{"options": {"target": NaN}}', "/options/target", "NaN is not valid JSON"),
    ('{"options": {"target": Infinity}}', "/options/target", "Infinity is not valid JSON"),
    ('{"players": ["Anna", -Infinity]}', "/players/1", "-Infinity is not valid JSON"),
    ('{"options": {"target": 1000, "target": 1000}}', "/options/target", "duplicate key 'target' in an object"),
    ('{"players": ["Anna", "Boris", "\\ud800"]}', "/players/2",
     "a string that is not valid Unicode (a lone surrogate)"),
    ('{"state": {"scores": {"\\udc00x": 1}}}', "/state/scores", "a key that is not valid Unicode (a lone surrogate)"),
    ('{"a/b": {"x~y": [1, {"k": NaN}]}}', "/a~1b/x~0y/1/k", "NaN is not valid JSON"),
    ('{"a": 1, "a": NaN}', "/a", "duplicate key 'a' in an object"),
    ('[NaN]', "/0", "NaN is not valid JSON"),
])
def test_json_faults_name_their_place(raw, pointer, detail):
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=raw.encode(), headers={"Content-Type": "application/json"})
    assert problem(r, 400, "malformed-json")["errors"] == [{"pointer": pointer, "detail": detail}]


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_faults_before_the_document_is_read_are_the_whole_body():
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=b'{"players": [', headers={"Content-Type": "application/json"})
    assert [e["pointer"] for e in problem(r, 400, "malformed-json")["errors"]] == [""]


GOOD_SCORE = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11},
                                    {"Anna": 6, "Boris": 1, "Vera": 1}, [("Anna", "H")]))


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_an_over_long_repeated_key_points_at_its_object():
    c = create_app().test_client()
    key = "k" * 100_000
    raw = f'{{"options": {{"{key}": 1, "{key}": 2}}}}'
    r = c.post("/v1/games/thousand/score", data=raw.encode(), headers={"Content-Type": "application/json"})
    assert len(r.get_data()) < 1000
    assert problem(r, 400, "malformed-json")["errors"] == [
        {"pointer": "/options", "detail": f"duplicate key '{'k' * 64}'… in an object"}]


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("raw,status", [
    ('{"players": ["' + "[" * 40 + '"]}', 422),                   # brackets in a string are no nesting
    ('{"players": ' + "[" * 31 + '"{{{{"' + "]" * 31 + "}", 422),   # 32 deep, with brackets in a string
    ('{"players": ' + "[" * 32 + "]" * 32 + "}", 400),             # 33 deep
])
def test_the_depth_check_skips_strings(raw, status):
    # the nesting is first bounded at C speed with the strings' brackets counted, then, when that bound is over 32,
    # measured with strings skipped
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=raw.encode(), headers={"Content-Type": "application/json"})
    problem(r, status, "invalid-input" if status == 422 else "nesting-too-deep")


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("length,pointer", [(64, "/options/" + "k" * 64), (65, "/options")])
def test_a_repeated_key_of_64_characters_is_still_in_the_pointer(length, pointer):
    c = create_app().test_client()
    key = "k" * length
    raw = f'{{"options": {{"{key}": 1, "{key}": 2}}}}'
    r = c.post("/v1/games/thousand/score", data=raw.encode(), headers={"Content-Type": "application/json"})
    assert problem(r, 400, "malformed-json")["errors"][0]["pointer"] == pointer


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_a_surrogate_pair_escape_is_a_character_not_a_fault():
    # only a lone surrogate is refused; the escaped pair of an emoji is one character
    raw = json.dumps({**GOOD_SCORE, "options": {"dump_555": "off"}}).replace('"off"', '"of\\ud83d\\ude00f"')
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=raw.encode(), headers={"Content-Type": "application/json"})
    err = problem(r, 422, "invalid-input")["errors"][0]
    assert err["pointer"] == "/options/dump_555"


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_an_unclosed_run_of_brackets_is_too_deep():
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=b"[" * 40, headers={"Content-Type": "application/json"})
    problem(r, 400, "nesting-too-deep")


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_a_text_body_is_checked_for_depth_as_bytes_are():
    # the command line hands parse_body text, the web app bytes
    from referee.jsonio import BadJSON, parse_body
    deep: list = []
    for _ in range(31):
        deep = [deep]
    assert parse_body("[" * 32 + "]" * 32) == deep           # 32 levels
    with pytest.raises(BadJSON) as e:
        parse_body("[" * 33 + "]" * 33)
    assert e.value.kind == "nesting-too-deep"
    assert parse_body('["' + "[" * 40 + '"]') == ["[" * 40]


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("raw,shallow", [
    (b"[]", True), (b'{"a": [[1], {"b": []}]}', True), (b"[" * 32 + b"]" * 32, True),
    (b"[" * 33 + b"]" * 33, False), (b'["[[["]', False),     # brackets in a string: the close look decides
])
def test_the_fast_depth_bound(raw, shallow):
    from referee.jsonio import _shallow
    assert _shallow(raw, 32) is shallow


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_echo_cuts_after_64_characters():
    from referee.common import echo
    assert echo("x" * 64) == repr("x" * 64) and echo("x" * 65) == repr("x" * 64) + "…"
    # anything else by its repr: 66 characters shown whole (as many as a string's 64 and its quotes), 67 cut
    assert len(repr([1] * 22)) == 66 and echo([1] * 22) == repr([1] * 22)
    assert len(repr([10] + [1] * 21)) == 67 and echo([10] + [1] * 21) == repr([10] + [1] * 21)[:64] + "…"
