"""The HTTP contract: envelope, problems (RFC 9457) with pointers, limits, hostile bodies."""
import json

import pytest

from tests.thousand_helpers import PLAYERS, README_TRICKS, points_deal, readme_log, score_body

ENDPOINTS = ["score", "check", "validate"]
GAMES = ["thousand", "pinochle", "canasta"]
GOOD = points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                   [("Anna", "H")])


def post_raw(client, endpoint, data, ctype="application/json", game="thousand"):
    return client.post(f"/v1/games/{game}/{endpoint}", data=data, headers={"Content-Type": ctype})


def problem(r, status):
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["status"] == status and body["title"] and body["type"].startswith("https://")
    # every problem lists the offending inputs: a body field by pointer ("" the body as a whole), a path or query
    # parameter by name; a fault of the whole URL or of the method has none
    assert isinstance(body["errors"], list)
    assert all(set(e) in ({"pointer", "detail"}, {"parameter", "detail"}) or
               (set(e) == {"pointer", "detail", "allowed"} and e["pointer"].startswith("/options/"))
               for e in body["errors"])
    if status in (400, 408, 413, 415) and "query" not in body["type"]:
        assert [e["pointer"] for e in body["errors"]] == [""]
    if body["type"].endswith(("bad-query", "not-found")) and body["errors"]:
        assert "parameter" in body["errors"][0] or body["errors"][0]["pointer"] == "/variant"
    return body


def test_health_and_index(client):
    assert client.get("/healthz").get_json() == {"status": "ok"}
    games = client.get("/v1/games").get_json()["games"]
    thousand = next(g for g in games if g["id"] == "thousand")
    assert [v["id"] for v in thousand["variants"]] == ["russian-classic", "pagat", "russian-detailed", "two-player",
                                                       "four-player", "polish"]
    assert next(v for v in thousand["variants"] if v["id"] == "four-player")["players"] == [4]


def test_variant_describes_options(client):
    v = client.get("/v1/games/thousand/variants/polish").get_json()
    opts = {o["name"]: o for o in v["options"]}
    assert opts["round_step"] == {"name": "round_step", "type": "int", "default": 10, "rule": "thousand/12.3",
                                  "summary": opts["round_step"]["summary"], "allowed": [5, 10],
                                  "labels": {"5": "5", "10": "10"}}
    assert opts["barrel"]["default"] == "lock" and opts["barrel"]["allowed"] == ["barrel", "lock", "off"]
    assert opts["silence_threshold"]["type"] == "int|null"


def test_rules_with_variant_options(client):
    rules = client.get("/v1/games/thousand/rules?variant=polish").get_json()
    r = next(x for x in rules["rules"] if x["id"] == "thousand/12.3")
    assert r["options"] == {"round_step": 10, "round_half": "up"}
    assert r["source"] and r["text"] and r["title"]
    assert rules["variant"] == "polish"


def test_envelope_echoes_effective_options(client):
    r = client.post("/v1/games/thousand/score", json=score_body(GOOD, options={"dump_555": "off"}))
    body = r.get_json()
    assert (body["game"], body["variant"]) == ("thousand", "russian-classic")
    assert body["options"]["dump_555"] == "off" and body["options"]["round_step"] == 5
    cited = {c["rule"] for c in body["citations"]}
    used = {line["rule"] for p in body["players"] for line in p["lines"]}
    assert used <= cited
    c = next(c for c in body["citations"] if c["rule"] == "thousand/12.3")
    assert c["options"] == {"round_step": 5}     # an exact half decides nothing in fives (round_half: tens only)


def test_same_request_same_answer(client):
    a = client.post("/v1/games/thousand/score", json=score_body(GOOD)).get_data()
    b = client.post("/v1/games/thousand/score", json=score_body(GOOD)).get_data()
    assert a == b


@pytest.mark.parametrize("path", ["/v1/games/chess/score", "/v1/games/chess/rules", "/v1/games/thousand/variants/x",
                                  "/v1/nothing"])
def test_not_found(client, path):
    r = client.post(path, json={}) if path.endswith("score") else client.get(path)
    problem(r, 404)


def test_unknown_variant_in_body(client):
    r = client.post("/v1/games/thousand/score", json=score_body(GOOD, variant="klondike"))
    assert "klondike" in problem(r, 404)["detail"]


def test_unknown_and_illtyped_options(client):
    r = client.post("/v1/games/thousand/score", json=score_body(GOOD, options={"round_step": 7, "barel": "x"}))
    errs = problem(r, 422)["errors"]
    assert {e["pointer"] for e in errs} == {"/options/round_step", "/options/barel"}
    step = next(e for e in errs if e["pointer"] == "/options/round_step")
    assert step["detail"] == "5 or 10"     # what the option takes, in words; the pointer says which option


def test_options_combination_rejected(client):
    r = client.post("/v1/games/thousand/score", json=score_body(GOOD, options={"golden_fail_resets": True}))
    assert problem(r, 422)["errors"][0]["pointer"] == "/options/golden_fail_resets"


@pytest.mark.parametrize("deal,pointer", [
    (dict(GOOD, contract=123), "/deal/contract"),
    (dict(GOOD, declarer="Olga"), "/deal/declarer"),
    (dict(GOOD, points={"Anna": 95, "Boris": 14, "Vera": 12}), "/deal/points"),
    (dict(GOOD, tricks_taken={"Anna": 6, "Boris": 1, "Vera": 2}), "/deal/tricks_taken"),
    ({"declarer": "Anna", "contract": 100, "tricks": README_TRICKS[:7]}, "/deal/tricks"),
    ({"declarer": "Anna", "contract": 100,
      "tricks": README_TRICKS[:7] + [{"leader": "Boris", "cards": ["AC", "10C", "XX"]}]}, "/deal/tricks/7/cards/2"),
    ({"declarer": "Anna", "contract": 100,
      "tricks": README_TRICKS[:7] + [{"leader": "Boris", "cards": ["AC", "10C", "8C"]}]}, "/deal/tricks/7/cards/2"),
    ({"declarer": "Anna", "contract": 100,
      "tricks": README_TRICKS[:7] + [{"leader": "Boris", "cards": ["AC", "10C", "AD"]}]}, "/deal/tricks/7/cards/2"),
    ({"declarer": "Anna", "contract": 100,
      "tricks": README_TRICKS[:7] + [{"leader": "Boris", "cards": ["AC", "10C", "JC", "9C"]}]}, "/deal/tricks/7/cards"),
])
def test_impossible_deals(client, deal, pointer):
    r = client.post("/v1/games/thousand/score", json=score_body(deal))
    errs = problem(r, 422)["errors"]
    assert errs[0]["pointer"] == pointer, errs


def test_impossible_state(client):
    r = client.post("/v1/games/thousand/score", json=score_body(GOOD, state={"scores": {"Anna": 950, "Boris": 33}}))
    errs = problem(r, 422)["errors"]
    assert {e["pointer"] for e in errs} == {"/state/scores/Anna", "/state/scores/Boris"}


def test_wrong_player_count(client):
    r = client.post("/v1/games/thousand/score", json=score_body(GOOD, players=PLAYERS + ["Gleb"]))
    assert problem(r, 422)["errors"][0]["pointer"] == "/players"


def test_unknown_field_rejected(client):
    body = score_body(GOOD)
    body["deal"] = dict(GOOD, trump="H")
    assert problem(client.post("/v1/games/thousand/score", json=body), 422)["errors"][0]["pointer"] == "/deal/trump"


def test_card_notation_accepted(api):
    # T for ten, lower case, suit symbols: all the same cards.
    tricks = [{"leader": t["leader"], "cards": [c.replace("10", "T").lower() for c in t["cards"]]}
              for t in README_TRICKS]
    tricks[0]["cards"][0] = "A♦"
    ans = api("score", score_body({"declarer": "Anna", "contract": 100, "tricks": tricks,
                                   "marriages": [{"player": "Anna", "suit": "♠"}, {"player": "Boris", "suit": "h"}]}))
    assert [p["hand_score"] for p in ans["players"]] == [100, 155, 0]


# ---------------------------------------------------------------- limits and hostile bodies

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_too_large(client, game, endpoint):
    problem(post_raw(client, endpoint, b'{"x": "' + b"a" * (300 * 1024) + b'"}', game=game), 413)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("depth", [33, 1000, 100000])
def test_too_deep(client, game, endpoint, depth):
    # 100,000 brackets are also more arrays than the body may hold (32,768), which is counted first
    body = problem(post_raw(client, endpoint, "[" * depth + "]" * depth, game=game), 400)
    assert body["type"].endswith("nesting-too-deep" if depth <= 32768 else "too-many-values")


def test_depth_32_is_fine_for_parsing(client):
    # 32 levels parse; the shape is then simply wrong (422), not a transport error.
    r = post_raw(client, "score", '{"players":' + "[" * 31 + "]" * 31 + "}")
    problem(r, 422)


HOSTILE = [
    b"", b"   ", b"{", b"nul", b"[]", b"42", b'"text"', b"null", b'{"players": NaN}', b'{"players": Infinity}',
    b'{"a": 1, "a": 2}', b"\xff\xfe{}", b'{"players": ["A","B","C"], "dealer": "A", "deal": []}',
    b'{"players": "ABC"}', b'{"players": [1,2,3]}', b'{"variant": 5}', b'{"options": []}', b'{"options": {"x": {}}}',
    json.dumps({"players": PLAYERS, "dealer": "Vera", "deal": {"declarer": "Anna", "contract": 1e309}}).encode(),
    json.dumps({"players": PLAYERS, "dealer": "Vera", "deal": {"declarer": "Anna", "contract": True,
                                                               "points": {}, "tricks_taken": {}}}).encode(),
    json.dumps({"players": PLAYERS, "dealer": "Vera", "deal": {"declarer": "Anna", "contract": 100,
                "points": {"Anna": -5, "Boris": 100, "Vera": 25},
                "tricks_taken": {"Anna": 1, "Boris": 6, "Vera": 1}}}).encode(),
    json.dumps({"players": ["A"] * 3, "dealer": "A", "log": [{"type": "deal"}]}).encode(),
    json.dumps({"players": PLAYERS, "log": [{"type": "play", "player": "Anna", "card": "AH"}]}).encode(),
    json.dumps({"players": PLAYERS, "log": [{"type": "deal", "dealer": "Vera", "hands": {"Anna": ["ZZ"]}}]}).encode(),
    json.dumps({"players": PLAYERS, "log": [{"type": "deal", "dealer": "Vera", "hands": {}, "talon": []}]}).encode(),
    json.dumps({"players": PLAYERS, "dealer": "Vera", "position": {"phase": "play"},
                "action": {"type": "play", "player": "Anna", "card": "AH"}}).encode(),
    json.dumps({"players": PLAYERS, "dealer": "Vera", "position": {"phase": "play", "declarer": "Anna",
                "contract": 100, "tricks_won": {"Anna": 9}}, "action": {"type": "play", "player": "Anna",
                                                                        "card": "AH"}}).encode(),
    json.dumps({"players": PLAYERS, "dealer": "Vera", "position": {"phase": "bidding", "bids": [{"player": "Anna",
                "type": "bid", "amount": 1000}] * 50}, "action": {"type": "pass", "player": "Boris"}}).encode(),
    json.dumps({"players": PLAYERS, "dealer": "Vera", "position": {"phase": "talon", "declarer": "Anna",
                "contract": 100, "hand": ["AH"] * 10}, "action": {"type": "concede", "player": "Anna"}}).encode(),
]


CANASTA_SIDES = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]
HOSTILE += [
    json.dumps({"sides": CANASTA_SIDES, "deal": {"sides": [{"id": "NS", "hands": [["3"] * 11, []]}]}}).encode(),
    json.dumps({"sides": [{"id": "A", "players": []}]}).encode(),
    json.dumps({"sides": CANASTA_SIDES * 4}).encode(),
    json.dumps({"sides": CANASTA_SIDES, "position": {"hand": ["JK"] * 120, "pile": {"cards": ["2C"] * 162}},
                "action": {"type": "draw", "player": "N"}}).encode(),
    json.dumps({"sides": CANASTA_SIDES, "position": {"hand": ["5H"], "pile": {"top": "5H", "size": -1}},
                "action": {"type": "take_pile", "player": "N", "melds": [{"rank": "ZZ", "cards": []}]}}).encode(),
    json.dumps({"sides": CANASTA_SIDES, "position": {"hand": ["5H"], "pile": {}},
                "action": {"type": "meld", "player": "N", "melds": [[[["5H"]]]]}}).encode(),
    json.dumps({"sides": CANASTA_SIDES, "log": [{"type": "draw", "player": "N", "cards": ["5H"]}]}).encode(),
    json.dumps({"sides": CANASTA_SIDES, "log": [{"type": "deal", "dealer": "N", "hands": {"N": ["5H"] * 20},
                                                 "pile": []}]}).encode(),
    json.dumps({"sides": CANASTA_SIDES, "state": {"scores": {"NS": 7}}, "deal": {"sides": []}}).encode(),
]
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("raw", HOSTILE)
def test_hostile_bodies_never_500(client, game, endpoint, raw):
    r = post_raw(client, endpoint, raw, game=game)
    assert 400 <= r.status_code < 500, (r.status_code, r.get_data(as_text=True))
    assert r.mimetype == "application/problem+json"
    assert "Traceback" not in r.get_data(as_text=True)


def test_wrong_content_type(client):
    problem(post_raw(client, "score", b"players=1", ctype="application/x-www-form-urlencoded"), 415)


def test_method_not_allowed(client):
    problem(client.raw().get("/v1/games/thousand/score"), 405)


@pytest.mark.parametrize("game", GAMES)
def test_log_of_100000_events(client, game):
    # far past the body limit (413) whatever the game; never parsed, never replayed
    log = [{"type": "draw", "player": "N", "cards": ["5H"]}] * 100000
    r = client.post(f"/v1/games/{game}/validate", json={"sides": CANASTA_SIDES, "players": ["N"], "log": log})
    problem(r, 413)


def test_big_log_is_judged_not_crashed(client):
    # 400 deals of the README game: far past the game's end; the replay reports it and stops.
    log = readme_log() * 3
    r = client.post("/v1/games/thousand/validate", json={"players": PLAYERS, "log": log})
    assert r.status_code == 200 and r.get_json()["valid"] is False


def test_security_headers_and_request_id(client):
    r = client.get("/healthz")
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"
    assert len(r.headers["X-Request-Id"]) == 32
    r = client.get("/healthz", headers={"X-Request-Id": "table-7.deal-12"})
    assert r.headers["X-Request-Id"] == "table-7.deal-12"
    r = client.get("/healthz", headers={"X-Request-Id": "<script>"})
    assert r.headers["X-Request-Id"] != "<script>"
    err = client.post("/v1/games/thousand/score", data=b"{", headers={"Content-Type": "application/json"})
    assert err.headers["X-Frame-Options"] == "DENY"


def test_cors_allow_list(monkeypatch):
    from wsgi import create_app
    monkeypatch.setenv("REFEREE_CORS_ORIGINS", "https://scores.example")
    c = create_app().test_client()
    ok = c.get("/healthz", headers={"Origin": "https://scores.example"})
    assert ok.headers["Access-Control-Allow-Origin"] == "https://scores.example"
    other = c.get("/healthz", headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers
    monkeypatch.delenv("REFEREE_CORS_ORIGINS")
    assert "Access-Control-Allow-Origin" not in create_app().test_client().get(
        "/healthz", headers={"Origin": "https://scores.example"}).headers
