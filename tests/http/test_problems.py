"""HTTP: problem answers (RFC 9457) — the title a status falls back to, and the errors list capped."""
import json

import pytest

from wsgi import create_app


def problem(r, status, kind):
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["type"] == "https://referee.example/problems/" + kind
    return body


def bogus_log(n: int) -> list[dict]:
    return [{"type": "bogus"}] * n      # one fault each: an unknown event type


# Found by a black-box probe of the running service (issue 7, fifth round).
@pytest.mark.parametrize("game", ["thousand", "pinochle", "canasta"])
def test_a_huge_list_of_junk_is_one_error(api, game):
    # [1] * 100000 as the log took 1.8 s and answered 5.8 MB (an error per item); the length is refused first
    body = {"players": ["Anna", "Boris", "Vera"], "log": [1] * 100000}
    if game == "canasta":
        body = {"sides": [{"id": "A", "players": ["Anna"]}, {"id": "B", "players": ["Boris"]}], "log": [1] * 100000}
    if game == "pinochle":
        body["players"] = ["Anna", "Boris"]
    c = create_app().test_client()
    r = c.post(f"/v1/games/{game}/validate", data=json.dumps(body, separators=(",", ":")),
               headers={"Content-Type": "application/json"})
    errors = problem(r, 422, "invalid-input")["errors"]
    assert errors == [{"pointer": "/log", "detail": "at most 5000 events, not 100000"}]


# Found by a black-box probe of the running service (issue 7, fifth round).
@pytest.mark.parametrize("events,last", [
    (100, {"pointer": "/log/99/type", "detail": "must be one of: deal, bid, pass, "}),
    (101, {"pointer": "/log/100/type", "detail": "1 more fault from here on is not listed"}),
    (102, {"pointer": "/log/100/type",
           "detail": "more faults from here on are not listed, and the body was not read from /log/101 on"}),
    (3000, {"pointer": "/log/100/type",
            "detail": "more faults from here on are not listed, and the body was not read from /log/101 on"}),
])
def test_the_errors_list_is_capped(events, last):
    # 3,000 events of an unknown type, within the log's limit, name the first 100 places; a list stops reading its
    # items once it has given more faults than the answer lists (issue 20: it used to collect all 3,000 first)
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/validate", json={"players": ["Anna", "Boris", "Vera"], "log": bogus_log(events)})
    errors = problem(r, 422, "invalid-input")["errors"]
    assert len(errors) == min(events, 101) and errors[0]["pointer"] == "/log/0/type"
    assert errors[-1]["pointer"] == last["pointer"] and errors[-1]["detail"].startswith(last["detail"])


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("status,kind", [(418, "bad-request"), (599, "internal-error"),
                                         (505, "http-version-not-supported")])
def test_a_status_without_its_own_text_falls_back_by_class(status, kind):
    import wsgi
    assert wsgi.framing_problem(status, line=8190)["type"].endswith("/" + kind)
