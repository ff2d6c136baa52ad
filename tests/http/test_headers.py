"""HTTP: headers — Allow on a 405, CORS for browsers that send and read request ids.
"""


# Once answered wrongly; found by probing the service as a new user.
def test_405_has_allow_header(client):
    r = client.raw().get("/v1/games/thousand/score")
    assert r.status_code == 405 and "POST" in r.headers["Allow"].split(", ")


# Once answered wrongly; found by probing the service as a new user.
def test_cors_lets_browsers_send_and_read_request_ids(monkeypatch):
    from wsgi import create_app
    monkeypatch.setenv("REFEREE_CORS_ORIGINS", "https://scores.example")
    c = create_app().test_client()
    pre = c.options("/v1/games/thousand/score", headers={"Origin": "https://scores.example",
                                                         "Access-Control-Request-Method": "POST",
                                                         "Access-Control-Request-Headers": "content-type, x-request-id"})
    assert "x-request-id" in pre.headers["Access-Control-Allow-Headers"].lower()
    get = c.get("/healthz", headers={"Origin": "https://scores.example"})
    assert "x-request-id" in get.headers["Access-Control-Expose-Headers"].lower()
