"""GET /v1/games/{game}/rules/{rule}: the rule by its number or its whole ID, and the whole ID with its slash
percent-encoded as Swagger UI's "Try it out" sends it (a black-box tester's 404).  An encoded slash stays a 404
everywhere else (the hardening of wsgi.py)."""


import pytest

from wsgi import create_app


@pytest.fixture
def c():
    return create_app().test_client()


def get(c, raw):
    # RAW_URI: the path as the client sent it, before decoding (gunicorn sets it; the guard reads it)
    return c.get(raw, environ_overrides={"RAW_URI": raw})


@pytest.mark.parametrize("raw", ["/v1/games/canasta/rules/2.2", "/v1/games/canasta/rules/canasta/2.2",
                                 "/v1/games/canasta/rules/canasta%2F2.2", "/v1/games/canasta/rules/canasta%2f2.2"])
def test_every_documented_form_of_the_rule_answers_it(c, raw):
    r = get(c, raw)
    assert r.status_code == 200, r.get_data(as_text=True)
    body = r.get_json()
    assert body["game"] == "canasta" and body["id"] == "canasta/2.2"


def test_the_encoded_form_answers_what_the_plain_form_answers(c):
    assert get(c, "/v1/games/pinochle/rules/pinochle%2F5.4").get_json() == \
        get(c, "/v1/games/pinochle/rules/5.4").get_json()


def test_an_encoded_id_of_a_rule_not_in_the_book_is_the_ordinary_404(c):
    r = get(c, "/v1/games/canasta/rules/canasta%2F99.9")
    assert r.status_code == 404
    assert r.get_json()["detail"] == "this game's rulebook has no rule 'canasta/99.9'"


@pytest.mark.parametrize("raw", ["/v1/games/canasta%2Frules/2.2", "/v1/games%2Fcanasta/rules/2.2",
                                 "/v1/games/canasta/rules/canasta%2F2%2F2", "/v1/games/canasta/rules/canasta%5C2.2",
                                 "/v1/games/canasta/rules%2Fcanasta%2F2.2"])
def test_an_encoded_slash_anywhere_else_is_still_refused(c, raw):
    r = get(c, raw)
    assert r.status_code == 404
    assert r.get_json()["detail"] == "an encoded slash is not part of any path of the API"


# Once answered wrongly; found by probing the service as a new user.
@pytest.mark.parametrize("query", ["?variant=polish&variant=two-player", "?foo=1", "?must_beat=true"])
def test_rules_query_is_strict(client, query):
    r = client.get("/v1/games/thousand/rules" + query)
    assert r.status_code == 400 and r.get_json()["type"].endswith("bad-query")


def problem(r, status, kind):
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["type"] == "https://referee.example/problems/" + kind
    return body


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_rules_take_one_variant(client):
    assert problem(client.get("/v1/games/thousand/rules?variant=polish&variant=two-player"), 400,
                   "bad-query")["errors"][0]["detail"] == "give variant once"
    assert client.get("/v1/games/thousand/rules?variant=polish").status_code == 200


@pytest.mark.parametrize("raw", ["/v1/games/thousand/rules/9.4", "/v1/games/thousand/rules/thousand/9.4",
                                 "/v1/games/thousand/rules/thousand%2F9.4"])
def test_every_form_of_the_rule_answers_it_under_options_too(c, raw):
    # POST: the rule under the envelope's options (rospis_on_barrel picks 9.4's clause), by each documented form
    r = c.post(raw, json={"options": {"rospis_on_barrel": "not_by_barrel_player"}}, environ_overrides={"RAW_URI": raw})
    assert r.status_code == 200, r.get_data(as_text=True)
    body = r.get_json()
    assert body["id"] == "thousand/9.4" and body["options"]["rospis_on_barrel"] == "not_by_barrel_player"
    assert body["text"].endswith("A declarer on the barrel may not concede.")
