"""HTTP: headers — Allow on a 405, CORS for browsers that send and read request ids."""
from tests.thousand_helpers import points_deal, score_body
from wsgi import create_app


# Once answered wrongly; found by probing the service as a new user.
def test_405_has_allow_header(client):
    r = client.raw().get("/v1/games/thousand/score")
    assert r.status_code == 405 and "POST" in r.headers["Allow"].split(", ")


# Once answered wrongly; found by probing the service as a new user.
def test_cors_lets_browsers_send_and_read_request_ids(monkeypatch):
    from wsgi import create_app
    monkeypatch.setenv("REFEREE_CORS_ORIGINS", "https://scores.example")
    c = create_app().test_client()
    pre = c.options("/v1/games/thousand/score", headers={
        "Origin": "https://scores.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, x-request-id"})
    assert "x-request-id" in pre.headers["Access-Control-Allow-Headers"].lower()
    get = c.get("/healthz", headers={"Origin": "https://scores.example"})
    assert "x-request-id" in get.headers["Access-Control-Expose-Headers"].lower()


GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_vary_origin_also_when_the_origin_is_refused(monkeypatch):
    monkeypatch.setenv("REFEREE_CORS_ORIGINS", "https://good.example")
    c = create_app().test_client()
    refused = c.get("/v1/games", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in refused.headers and "Origin" in refused.headers["Vary"]
    allowed = c.get("/v1/games", headers={"Origin": "https://good.example"})
    assert allowed.headers["Access-Control-Allow-Origin"] == "https://good.example"
    assert allowed.headers.getlist("Vary") == ["Accept-Language, Origin"]      # one header, both names
    # no Origin, no CORS answer (the second probe got the first allowed origin back)
    bare = c.get("/v1/games")
    assert "Access-Control-Allow-Origin" not in bare.headers and bare.headers.getlist("Vary") == \
        ["Accept-Language, Origin"]
    posted = c.post("/v1/games/thousand/score", json=GOOD, headers={"Origin": "https://good.example"})
    assert posted.headers.getlist("Vary") == ["Accept-Language, Origin"]
