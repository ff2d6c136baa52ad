"""Transport faults found by a black-box probe of the running service (issue 7, fifth round): slow clients, query
strings, media types and codings, path tricks, CORS caching, and the location of JSON faults.  Each failing input
the probe sent is kept here with the answer it must get."""
import copy
import gzip
import json
import os
import pathlib
import socket
import subprocess
import sys
import time
import types
import urllib.request

import pytest

from tests.thousand_helpers import points_deal, score_body
from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))


def problem(r, status, kind):
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["type"] == "https://referee.example/problems/" + kind
    return body


# ---------------------------------------------------------------- query strings

@pytest.mark.parametrize("path", ["/healthz?x=1", "/v1/games?foo=1", "/v1/games/thousand/variants/polish?variant=two-player",
                                  "/v1/games/thousand/rules?foo=bar"])
def test_a_get_with_a_query_it_does_not_take_is_refused(client, path):
    body = problem(client.get(path), 400, "bad-query")
    name = path.split("?")[1].split("=")[0]
    assert body["errors"] == [{"parameter": name, "detail": body["errors"][0]["detail"]}]


def test_a_post_with_a_query_is_refused_not_ignored(client):
    # the probe's ?variant=polish on /check came back judged under russian-classic
    r = client.post("/v1/games/thousand/score?variant=polish", json=GOOD)
    assert problem(r, 400, "bad-query")["errors"][0]["parameter"] == "variant"


def test_rules_take_one_variant(client):
    assert problem(client.get("/v1/games/thousand/rules?variant=polish&variant=two-player"), 400,
                   "bad-query")["errors"][0]["detail"] == "give variant once"
    assert client.get("/v1/games/thousand/rules?variant=polish").status_code == 200


def test_unknown_game_or_variant_in_the_path_is_named(client):
    assert problem(client.get("/v1/games/chess/rules"), 404, "not-found")["errors"][0]["parameter"] == "game"
    assert problem(client.get("/v1/games/thousand/variants/nope"), 404,
                   "not-found")["errors"][0]["parameter"] == "variant"


# ---------------------------------------------------------------- media types and codings

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


def test_a_really_gzipped_body_is_415_too():
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=gzip.compress(json.dumps(GOOD).encode()),
               headers={"Content-Type": "application/json", "Content-Encoding": "gzip"})
    assert problem(r, 415, "unsupported-media-type")["detail"] == "send the body without a content coding, not gzip"


def test_charset_utf8_and_json_suffix_types_are_fine():
    c = create_app().test_client()
    for ctype in ("application/json; charset=UTF-8", "application/vnd.referee+json"):
        assert c.post("/v1/games/thousand/score", data=json.dumps(GOOD).encode(),
                      headers={"Content-Type": ctype}).status_code == 200


# ---------------------------------------------------------------- paths

def test_double_slashes_are_not_redirected():
    # werkzeug merged them into a 308 whose Location came from the Host header
    c = create_app().test_client()
    r = c.get("//v1//games", headers={"Host": "evil.example"})
    assert r.status_code == 404 and "Location" not in r.headers and r.mimetype == "application/problem+json"
    assert c.post("/v1//games/thousand/score", json=GOOD).status_code == 404


def test_an_encoded_slash_is_not_a_separator():
    c = create_app().test_client()
    r = c.get("/v1/games/thousand%2frules", environ_overrides={"RAW_URI": "/v1/games/thousand%2frules"})
    assert problem(r, 404, "not-found")["detail"] == "an encoded slash is not part of any path of the API"


# ---------------------------------------------------------------- CORS

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


# ---------------------------------------------------------------- slow clients, on the real server

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    """The service under gunicorn with the repository's configuration, one worker, a 1 s read timeout."""
    port = _free_port()
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "1", "REFEREE_READ_TIMEOUT": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield port
    proc.terminate()
    proc.wait(timeout=30)


def test_a_stalled_body_is_a_408_problem_after_the_read_timeout(server):
    # a client that sends its headers and part of its body, then stops, is answered 408 once it has been silent
    # for the read timeout (1 s here), and the connection is announced closed; gunicorn alone bounds no more than
    # that: clients that trickle or connect by the hundred are the proxy's to hold (test_proxy.py)
    s = socket.create_connection(("127.0.0.1", server))
    s.sendall(b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: 100\r\n\r\n{")
    s.settimeout(10)
    started = time.monotonic()
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += s.recv(4096)
    waited = time.monotonic() - started
    s.close()
    head = answer.split(b"\r\n\r\n")[0].decode()
    assert head.startswith("HTTP/1.1 408") and "application/problem+json" in head and "Connection: close" in head
    assert 0.9 < waited < 3


# ---------------------------------------------------------------- where a JSON fault lies

@pytest.mark.parametrize("raw,pointer,detail", [
    ('{"options": {"target": NaN}}', "/options/target", "NaN is not valid JSON"),
    ('{"options": {"target": Infinity}}', "/options/target", "Infinity is not valid JSON"),
    ('{"players": ["Anna", -Infinity]}', "/players/1", "-Infinity is not valid JSON"),
    ('{"options": {"target": 1000, "target": 1000}}', "/options/target", "duplicate key 'target' in an object"),
    ('{"players": ["Anna", "Boris", "\\ud800"]}', "/players/2", "a string that is not valid Unicode (a lone surrogate)"),
    ('{"state": {"scores": {"\\udc00x": 1}}}', "/state/scores", "a key that is not valid Unicode (a lone surrogate)"),
    ('{"a/b": {"x~y": [1, {"k": NaN}]}}', "/a~1b/x~0y/1/k", "NaN is not valid JSON"),
    ('{"a": 1, "a": NaN}', "/a", "duplicate key 'a' in an object"),
    ('[NaN]', "/0", "NaN is not valid JSON"),
])
def test_json_faults_name_their_place(raw, pointer, detail):
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=raw.encode(), headers={"Content-Type": "application/json"})
    assert problem(r, 400, "malformed-json")["errors"] == [{"pointer": pointer, "detail": detail}]


def test_faults_before_the_document_is_read_are_the_whole_body():
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=b'{"players": [', headers={"Content-Type": "application/json"})
    assert [e["pointer"] for e in problem(r, 400, "malformed-json")["errors"]] == [""]


# ---------------------------------------------------------------- names that look alike

@pytest.mark.parametrize("players,pointer,detail", [
    (["Anna", "anna", "Vera"], "/players", "player names must be distinct, ignoring case and Unicode normalisation"),
    (["Anna", "e\u0301", "\u00e9"], "/players", "player names must be distinct, ignoring case and Unicode "
                                                 "normalisation"),
    (["Anna", "Anna ", "Vera"], "/players/1", "a name has no spaces before or after it"),
    (["Anna", "Anna\u200b", "Vera"], "/players/1", "a name holds no control or invisible characters"),
])
def test_names_that_look_alike_are_refused(api, players, pointer, detail):
    body = {**GOOD, "players": players, "dealer": players[2]}
    errors = api("score", body, status=422)["errors"]
    assert errors[0] == {"pointer": pointer, "detail": detail}


def test_canasta_side_ids_and_names_that_look_alike(api):
    body = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    body.pop("game")
    assert api("score", body, game="canasta")["sides"][0]["id"] == "NS"
    body["sides"][1]["players"] = ["East", "north"]
    err = api("score", body, status=422, game="canasta")["errors"][0]
    assert err["pointer"] == "/sides" and "ignoring case" in err["detail"]


# ---------------------------------------------------------------- Pinochle meld shapes

def pinochle_example(name):
    body = json.loads((ROOT / "examples" / "pinochle" / name).read_text())
    body.pop("game")
    return body


def test_two_handed_melds_given_as_an_empty_object_are_refused(api):
    # {} is the partnership shape; in the two-handed game it used to pass as "no melds" (both meld_points 0)
    body = pinochle_example("two-handed-score.json")
    body["deal"]["melds"] = {}
    err = api("score", body, status=422, game="pinochle")["errors"][0]
    assert err == {"pointer": "/deal/melds", "detail": "two-handed melds are a list in the order declared"}


def test_an_empty_meld_is_named_as_no_cards(api):
    body = pinochle_example("two-handed-score.json")
    body["deal"]["melds"] = [{"player": body["players"][0], "cards": []}] + body["deal"]["melds"]
    err = api("score", body, status=422, game="pinochle")["errors"][0]
    assert err["pointer"] == "/deal/melds/0/cards" and err["detail"].startswith("no cards is not a meld with ")


# ---------------------------------------------------------------- a state that leaves a total out

def test_a_missing_total_is_not_read_as_zero(api):
    # Thousand: Vera's 875 dropped from the README's state came back as 0
    body = {**GOOD, "state": {"scores": {"Anna": 420, "Boris": 310}}}
    err = api("score", body, status=422)["errors"]
    assert [e["pointer"] for e in err] == ["/state/scores/Vera"]
    assert err[0]["detail"].startswith("no total for Vera: a game under way gives every total")
    # a new game: no state, or scores {}
    assert api("score", {**GOOD, "state": {"scores": {}}})["players"][2]["total_before"] == 0
    # Pinochle and Canasta alike
    pin = pinochle_example("two-handed-score.json")
    pin["state"] = {"scores": {"Ann": 500}}
    assert api("score", pin, status=422, game="pinochle")["errors"][0]["pointer"] == "/state/scores/Bob"
    can = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    can.pop("game")
    can["state"] = {"scores": {"EW": 2310}}
    assert api("score", can, status=422, game="canasta")["errors"][0]["pointer"] == "/state/scores/NS"


def _exchange(port: int, raw: bytes) -> bytes:
    """Send ``raw`` on a fresh connection and read the answer until the server closes it."""
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(10)
    s.sendall(raw)
    out = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        out += chunk
    s.close()
    return out


@pytest.mark.parametrize("chunks", [b"zz\r\n{}\r\n0\r\n\r\n", b"-2\r\n{}\r\n0\r\n\r\n", b"2\r\n{}XX0\r\n\r\n"])
def test_a_broken_chunked_body_is_400_not_500(server, chunks):
    # the second probe's malformed chunk sizes and missing terminators came back 500 (gunicorn's parse errors)
    head = (b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    answer = _exchange(server, head + chunks).decode()
    assert answer.startswith("HTTP/1.1 400") and "application/problem+json" in answer
    assert '"type": "https://referee.example/problems/malformed-body"' in answer


# ---------------------------------------------------------------- many faults at once

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
    assert errors == [{"pointer": "/log", "detail": "at most 5000 items, not 100000"}]


def bogus_log(n: int) -> list[dict]:
    return [{"type": "bogus"}] * n      # one fault each: an unknown event type


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


# ---------------------------------------------------------------- checks that would need a guess

PINOCHLE_PLAYOFF = {"players": ["Ann", "Bob"], "dealer": "Ann",
                    "position": {"phase": "play", "trump": "H", "tricks_done": 14,
                                 "hand": ["AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C"],
                                 "trick": {"leader": "Bob", "cards": ["KH"]}},
                    "action": {"type": "play", "player": "Ann", "card": "9S"}}


def test_pinochle_play_without_the_hand_is_422(api):
    # with the hand, 9S on a trump lead is a revoke (Ann holds 10H); without it the probe got legal: true
    assert api("check", PINOCHLE_PLAYOFF, game="pinochle")["legal"] is False
    body = copy.deepcopy(PINOCHLE_PLAYOFF)
    del body["position"]["hand"]
    err = api("check", body, status=422, game="pinochle")["errors"][0]
    assert err == {"pointer": "/position/hand",
                   "detail": "give the hand of Ann (position.hand): this action cannot be judged without it"}
    body["action"] = {"type": "meld", "player": "Ann", "cards": ["KH", "QH"]}
    assert api("check", body, status=422, game="pinochle")["errors"][0]["pointer"] == "/position/hand"


def test_the_leader_of_a_later_trick_is_not_guessed(api):
    # Pinochle: after 14 tricks nobody can tell from the position who leads the fifteenth
    body = copy.deepcopy(PINOCHLE_PLAYOFF)
    body["position"]["trick"] = {"cards": []}
    err = api("check", body, status=422, game="pinochle")["errors"][0]
    assert err["pointer"] == "/position/trick/leader"
    # the first trick's leader is known: the player after the dealer (Bob, with Ann dealing)
    first = {"players": ["Ann", "Bob"], "dealer": "Ann",
             "position": {"phase": "play", "trump": "H", "tricks_done": 0, "stock_left": 24,
                          "hand": ["AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C", "KC", "AD"]},
             "action": {"type": "play", "player": "Bob", "card": "AS"}}
    assert api("check", first, game="pinochle")["legal"] is True
    # Thousand: six tricks played; the trick's leader must be given
    th = json.loads((ROOT / "examples/thousand/check-revoke.json").read_text())
    th.pop("game")
    del th["position"]["trick"]
    err = api("check", th, status=422)["errors"][0]
    assert err == {"pointer": "/position/trick/leader",
                   "detail": "give the leader of the current trick (the winner of the last one)"}


def test_a_total_the_555_rule_forbids_is_impossible(api):
    # russian-classic plays dump_555=positive: landing on 555 drops to 0, so no game stands at 555
    body = {**GOOD, "state": {"scores": {"Anna": 555, "Boris": 0, "Vera": 0}}}
    err = api("score", body, status=422)["errors"][0]
    assert err == {"pointer": "/state/scores/Anna",
                   "detail": "555 cannot happen: a total of exactly 555 drops to 0 (dump_555 positive, thousand/16.1)"}
    assert api("score", {**body, "options": {"dump_555": "off"}})["players"][0]["total_before"] == 555
    # -555 only under dump_555=both; Anna below 0 may not bid under russian-classic (7.7), so her 120 needs the
    # debt-pit rule off here
    body["state"]["scores"]["Anna"] = -555
    no_pit = {"silence_threshold": None}
    assert api("score", {**body, "options": no_pit})["players"][0]["total_before"] == -555
    assert api("score", {**body, "options": {**no_pit, "dump_555": "both"}}, status=422)["errors"][0]["pointer"] == \
        "/state/scores/Anna"


# ---------------------------------------------------------------- a check never rules on what it was not told
# (a seventh probe removed one field at a time from the documented examples)

def test_pinochle_tricks_done_is_needed(api):
    # a 12-card hand fits the stock phase and the first play-off trick; only tricks_done tells whether Ann must
    # follow suit: with 12 she must (she holds AS and 9S), and without it the probe got legal: true
    body = {"players": ["Ann", "Bob"], "dealer": "Ann",
            "position": {"phase": "play", "trump": "H", "tricks_done": 12,
                         "hand": ["AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C", "AH", "KH"],
                         "trick": {"leader": "Bob", "cards": ["KS"]}},
            "action": {"type": "play", "player": "Ann", "card": "10H"}}
    assert api("check", body, game="pinochle")["violations"][0]["rule"] == "pinochle/5.2"
    del body["position"]["tricks_done"]
    assert api("check", body, status=422, game="pinochle")["errors"][0]["pointer"] == "/position/tricks_done"


def test_a_game_under_way_gives_its_totals(api):
    # Canasta: four deals played (state.rounds) but no totals was scored as a new game and could name a winner
    can = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    can.pop("game")
    can["state"] = {"rounds": 4}
    can["options"] = {"max_rounds": 5}
    err = api("score", can, status=422, game="canasta")["errors"][0]
    assert err == {"pointer": "/state/scores",
                   "detail": "state.rounds says the game is under way: give every total in state.scores"}
    # Thousand: concessions or bolts belong to a game under way too
    body = {**GOOD, "state": {"bolts": {"Vera": 2}}}
    assert api("score", body, status=422)["errors"][0]["pointer"] == "/state/scores"


THOUSAND_TALON = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
                  "position": {"phase": "talon", "declarer": "Anna", "contract": 100},
                  "action": {"type": "raise", "player": "Anna", "amount": 120}}


def test_thousand_talon_phase_says_where_the_exchange_stands(api):
    # without talon_taken/exchanged (or the declarer's hand, whose size tells both) the probe got "may be raised
    # only after the exchange", a ruling on flags nobody gave
    err = api("check", THOUSAND_TALON, status=422)["errors"][0]
    assert err["pointer"] == "/position/talon_taken"
    body = copy.deepcopy(THOUSAND_TALON)
    body["position"].update(talon_taken=True)
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/exchanged"
    body["position"].update(exchanged=True)
    assert api("check", body)["legal"] is True
    # the declarer's hand tells both: 7 + 3 = 10 cards is taken, not yet exchanged
    body = copy.deepcopy(THOUSAND_TALON)
    body["position"]["hand"] = ["AH", "10H", "KS", "QS", "AD", "10D", "9C", "9D", "JC", "9S"]
    assert api("check", body)["violations"][0]["rule"] == "thousand/8.2"


def test_a_weak_talon_claim_needs_the_talon(api):
    body = copy.deepcopy(THOUSAND_TALON)
    body["options"] = {"redeal_weak_talon": 14}
    body["position"].update(talon_taken=True, hand=["AH", "10H", "KS", "QS", "AD", "10D", "9C", "9D", "JC", "9S"])
    body["action"] = {"type": "redeal", "player": "Anna", "reason": "weak_talon"}
    err = api("check", body, status=422)["errors"][0]
    assert err == {"pointer": "/position/talon",
                   "detail": "give the talon (position.talon): a weak-talon claim is judged by its cards"}
    body["position"]["talon"] = ["9D", "JC", "9S"]          # 0 + 2 + 0 = 2 < 14: a weak talon
    assert api("check", body)["legal"] is True


def test_a_bid_needs_the_auction_so_far(api):
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera", "position": {"phase": "bidding"},
            "action": {"type": "bid", "player": "Boris", "amount": 110}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/bids"
    body["position"]["bids"] = []           # Anna holds the forced 100; Boris speaks next
    assert api("check", body)["legal"] is True


def test_a_pinochle_bid_needs_the_auction_so_far(api):
    body = {"players": ["Ann", "Bob", "Cid"], "dealer": "Cid", "variant": "three-hand-auction",
            "position": {"phase": "bidding"}, "action": {"type": "bid", "player": "Bob", "amount": 310}}
    assert api("check", body, status=422, game="pinochle")["errors"][0]["pointer"] == "/position/bids"
    body["position"]["bids"] = [{"player": "Ann", "type": "bid", "amount": 300}]
    assert api("check", body, game="pinochle")["legal"] is True


def test_a_position_that_says_two_things_at_once(api):
    # Thousand: a bidding position with a contract and a trick, or a play position whose talon is not taken
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
            "position": {"phase": "bidding", "bids": [], "declarer": "Anna", "contract": 100,
                         "trick": {"leader": "Anna", "cards": []}},
            "action": {"type": "bid", "player": "Boris", "amount": 110}}
    assert [e["pointer"] for e in api("check", body, status=422)["errors"]] == \
        ["/position/declarer", "/position/contract", "/position/trick"]
    th = json.loads((ROOT / "examples/thousand/check-revoke.json").read_text())
    th.pop("game")
    th["position"]["exchanged"] = False
    assert api("check", th, status=422)["errors"][0] == {
        "pointer": "/position/exchanged",
        "detail": "in the play phase the talon is taken and the exchange made: position.exchanged cannot be false"}
    # Pinochle: the draw phase's winner in a meld position
    body = {"players": ["Ann", "Bob"], "dealer": "Ann",
            "position": {"phase": "meld", "trump": "H", "tricks_done": 3, "winner": "Bob",
                         "hand": ["KH", "QH", "AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C"]},
            "action": {"type": "meld", "player": "Ann", "cards": ["KH", "QH"]}}
    assert api("check", body, status=422, game="pinochle")["errors"][0] == {
        "pointer": "/position/winner", "detail": "position.winner does not belong to the meld phase"}


def test_canasta_pile_taken_this_turn_is_empty(api):
    body = json.loads((ROOT / "examples/canasta/check-frozen-pile.json").read_text())
    body.pop("game")
    # North took the pile and now discards 5C: with the pile still shown at nine cards the position contradicts
    # itself; with the pile empty, the discard is an ordinary legal one
    body["position"].update(phase="play", turn={"drew_from": "pile"})
    body["action"] = {"type": "discard", "player": "North", "card": "5C"}
    err = api("check", body, status=422, game="canasta")["errors"][0]
    assert err == {"pointer": "/position/turn/drew_from",
                   "detail": "the player took the pile this turn, so it is empty until his discard: pile.size 0"}
    body["position"]["pile"] = {"size": 0}
    assert api("check", body, game="canasta")["legal"] is True


def test_legal_bids_without_the_hand_stop_at_120(api):
    # the probe saw bids up to 400 offered to a player whose hand was not given, though a bid over 120 without it
    # is a 422 (the marriage cap needs the hand); with K+Q of hearts (100) the cap is 120 + 100 = 220
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera", "position": {"phase": "bidding", "bids": []},
            "action": {"type": "pass", "player": "Boris"}}
    bids = [a for a in api("check", body)["legal_actions"] if a["type"] == "bid"]
    assert [(a["min"], a["max"]) for a in bids] == [(105, 120)]
    body["position"]["hand"] = ["KH", "QH", "AS", "10S", "9C", "JD", "9D"]
    bids = [a for a in api("check", body)["legal_actions"] if a["type"] == "bid"]
    assert [(a["min"], a["max"]) for a in bids] == [(105, 220)]


# ---------------------------------------------------------------- a newcomer's variations on the README

def test_a_talon_the_tricks_contradict(api):
    # README deal, talon given: Anna kept 9D and JC and passed 9S to Boris (9C to Vera from her own hand).  A talon
    # of AS KC QC cannot be: Vera played both KC and QC, and the declarer passes each opponent one talon card.
    from tests.thousand_helpers import README_TRICKS
    deal = {"declarer": "Anna", "contract": 100, "tricks": README_TRICKS,
            "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}
    four = {"variant": "four-player", "players": ["Anna", "Boris", "Vera", "Dima"], "dealer": "Dima"}
    ok = api("score", {**four, "deal": {**deal, "talon": ["9D", "JC", "9S"]}})
    assert ok["players"][0]["total_after"] == 100
    err = api("score", {**four, "deal": {**deal, "talon": ["AS", "KC", "QC"]}}, status=422)["errors"][0]
    assert err["pointer"] == "/deal/talon" and err["detail"].startswith("Vera played QC, KC of the talon")


PIN3 = {"variant": "three-hand-auction", "players": ["Ann", "Bob", "Cid"], "dealer": "Cid",
        "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "S", "meld": ["AS", "10S", "KS", "QS", "JS"],
                 "points": {"Ann": 170, "Bob": 40, "Cid": 30}, "tricks_taken": {"Ann": 10, "Bob": 3, "Cid": 2},
                 "last_trick": "Ann", "buried": ["9H", "9D", "9C"]}}


def test_three_hand_pinochle_names_what_is_missing(api):
    # Ann melds a run in spades (150) and takes 170 + 10 (last trick) in play, buried nines 0: 330 >= 300, made
    ans = api("score", PIN3, game="pinochle")
    assert ans["players"][0]["lines"][0]["item"] == "bid 300 made (meld 150 + card points 180 = 330)"
    body = copy.deepcopy(PIN3)
    del body["deal"]["buried"]        # was "no share of the pack's cards gives these card points"
    assert api("score", body, status=422, game="pinochle")["errors"][0]["pointer"] == "/deal/buried"
    body = copy.deepcopy(PIN3)
    body["deal"]["melds"] = [{"player": "Ann", "cards": ["AS", "10S", "KS", "QS", "JS"]}]
    err = api("score", body, status=422, game="pinochle")["errors"][0]
    assert err["pointer"] == "/deal/melds" and "give his cards as deal.meld" in err["detail"]
    body = copy.deepcopy(PIN3)
    del body["deal"]["last_trick"]    # was "None is not one of the players"
    assert api("score", body, status=422, game="pinochle")["errors"][0] == {
        "pointer": "/deal/last_trick", "detail": "missing: give one of the players (Ann, Bob, Cid)"}


def test_state_after_is_the_next_deals_state(api):
    # the README promises the new state comes back; Pinochle and Canasta returned totals but no state_after, and a
    # two-handed game whose target had risen was refused when the client sent only the scores
    pin = pinochle_example("two-handed-score.json")
    pin["state"] = {"scores": {"Ann": 950, "Bob": 900}}
    first = api("score", pin, game="pinochle")
    # both pass 1,000 (Ann 950 + 90, Bob 900 + 190) and nobody declared out: the target rises to 1,250
    assert first["state_after"] == {"scores": {"Ann": 1040, "Bob": 1090}, "target": 1250}
    nxt = pinochle_example("two-handed-score.json")
    nxt["state"] = first["state_after"]
    assert api("score", nxt, game="pinochle")["players"][0]["total_before"] == 1040
    can = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    can.pop("game")
    can["options"] = {"max_rounds": 5}
    can["state"] = {"scores": {"NS": 100, "EW": 300}, "rounds": 2}
    # NS 100 + 1,355 and EW 300 + 40 (the README's hand), third deal of five
    assert api("score", can, game="canasta")["state_after"] == {"scores": {"NS": 1455, "EW": 340}, "rounds": 3}


# ================================================================ issue 20: hardening, round 2
# (held sockets, path and coding aliases, gunicorn's own pages, costly bodies, confusable names, long echoes;
# the slow clients behind the proxy are in test_proxy.py)

@pytest.fixture(scope="module")
def server_default():
    """The service under gunicorn with the repository's configuration as scripts/serve runs it (the 10 s read
    timeout), on one worker."""
    port = _free_port()
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "1", "REFEREE_LOG_LEVEL": "WARNING"}
    env.pop("REFEREE_READ_TIMEOUT", None)
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield types.SimpleNamespace(port=port, pid=proc.pid)
    proc.terminate()
    proc.wait(timeout=30)


def _problem_over_http(raw_answer: bytes, status: int, kind: str) -> tuple[dict, dict]:
    """The headers (lower-case names) and the problem body of an HTTP answer, checked for status and kind."""
    head, body = raw_answer.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0].startswith(f"HTTP/1.1 {status} "), lines[0]
    headers = {k.lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:])}
    assert headers["content-type"] == "application/problem+json"
    doc = json.loads(body)
    assert doc["type"] == "https://referee.example/problems/" + kind and doc["status"] == status
    return headers, doc


# ---------------------------------------------------------------- 1. a socket held open after its answer

def test_bytes_left_unread_do_not_reset_the_answer(server_default):
    # the point of the lingering close (RFC 9112 §9.6): closing at once with unread bytes would send a reset that
    # can destroy the answer before the client reads it
    s = socket.create_connection(("127.0.0.1", server_default.port))
    s.settimeout(10)
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n" + b"x" * 50_000)
    time.sleep(0.3)
    answer = b""
    while chunk := s.recv(65536):
        answer += chunk
    s.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ") and json.loads(body) == {"status": "ok"}     # the whole answer


# ---------------------------------------------------------------- 4. leading double slashes

@pytest.mark.parametrize("raw", [
    b"GET //v1/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    b"GET ///healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    b"POST //v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
    b"Content-Length: " + str(len(json.dumps(GOOD))).encode() + b"\r\n\r\n" + json.dumps(GOOD).encode(),
])
def test_leading_double_slashes_are_no_path_over_http(server, raw):
    # werkzeug's routing strips leading slashes, so over HTTP //v1/games and POST //v1/games/thousand/score
    # answered 200 (the in-process test client reads //v1 as a host and never saw it)
    headers, doc = _problem_over_http(_exchange(server, raw), 404, "not-found")
    assert doc["detail"] == "no path of the API has this URL; GET /v1/games lists the games" and doc["errors"] == []
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("environ", [{"PATH_INFO": "//v1/games", "RAW_URI": "//v1/games"},
                                     {"PATH_INFO": "//v1/games"},          # a server that sets no RAW_URI
                                     {"PATH_INFO": "/v1/games", "RAW_URI": "//v1/games"}])
def test_leading_double_slashes_in_process(environ):
    c = create_app().test_client()
    r = c.get("/", environ_overrides=environ)
    assert problem(r, 404, "not-found")["errors"] == []
    assert c.get("/v1/games", environ_overrides={"RAW_URI": "/v1/games"}).status_code == 200     # one slash: fine


def test_an_expectation_other_than_100_continue_is_a_417(server):
    # gunicorn's own answer (its page; behind the proxy, nginx answers the faults of the HTTP framing first)
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 417 ")


@pytest.mark.parametrize("status,kind", [(418, "bad-request"), (599, "internal-error"), (505, "http-version-not-supported")])
def test_a_status_without_its_own_text_falls_back_by_class(status, kind):
    import wsgi
    assert wsgi.framing_problem(status, line=8190)["type"].endswith("/" + kind)


# ---------------------------------------------------------------- 5. transfer codings other than chunked

def _chunked(coding: bytes, body: bytes) -> bytes:
    return (b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: " + coding + b"\r\nConnection: close\r\n\r\n" +
            f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n")


@pytest.mark.parametrize("coding", [b"gzip, chunked", b"deflate, chunked", b"compress, chunked", b"GZIP,chunked"])
def test_a_transfer_coding_other_than_chunked_is_refused(server, coding):
    # gzip, deflate and compress before chunked were accepted and the coding ignored: a really gzipped body then
    # got a misleading "not UTF-8"
    body = gzip.compress(json.dumps(GOOD).encode())
    headers, doc = _problem_over_http(_exchange(server, _chunked(coding, body)), 501, "unsupported-transfer-coding")
    assert doc["detail"] == ("a body may be sent with Content-Length or chunked, with no other transfer coding, not "
                             + repr(coding.decode()))
    assert doc["errors"] == [{"pointer": "", "detail": doc["detail"]}] and headers["connection"] == "close"


def test_chunked_alone_is_fine(server):
    answer = _exchange(server, _chunked(b"chunked", json.dumps(GOOD).encode()))
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ") and json.loads(body)["game"] == "thousand"


def test_an_unknown_transfer_coding_is_a_501(server):
    # gunicorn itself refuses a coding it does not know, with its own page (behind the proxy, nginx's problem)
    assert _exchange(server, _chunked(b"br, chunked", b"{}")).startswith(b"HTTP/1.1 501 ")


def test_a_transfer_coding_in_process(client):
    # through the spec-checked client: openapi.yaml documents the 501
    r = client.post("/v1/games/thousand/score", data=json.dumps(GOOD).encode(),
               headers={"Content-Type": "application/json", "Transfer-Encoding": "gzip, chunked",
                        "Accept-Language": "ru"})
    body = problem(r, 501, "unsupported-transfer-coding")
    assert r.headers["Content-Language"] == "ru" and "gzip, chunked" in body["detail"]


# ---------------------------------------------------------------- 8. gunicorn's own answers (its limits)

def _line_of(n: int) -> bytes:
    """A request line of exactly ``n`` bytes (without its CRLF)."""
    return b"GET /" + b"a" * (n - len(b"GET / HTTP/1.1")) + b" HTTP/1.1"


def test_a_request_line_over_8190_bytes_is_a_414(server):
    at_limit = _exchange(server, _line_of(8190) + b"\r\nHost: x\r\nConnection: close\r\n\r\n")
    _problem_over_http(at_limit, 404, "not-found")          # the app's: no such path
    answer = _exchange(server, _line_of(8191) + b"\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 414 ")         # gunicorn's own answer (nginx's problem behind the proxy)


@pytest.mark.parametrize("count,status", [(100, 200), (101, 431)])
def test_more_than_100_headers_are_a_431(server, count, status):
    fields = b"Host: x\r\nConnection: close\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(count - 2))
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\n" + fields + b"\r\n")
    assert answer.startswith(b"HTTP/1.1 %d " % status)


@pytest.mark.parametrize("size,status", [(8188, 200), (8189, 431)])
def test_a_header_field_over_its_limit_is_a_431(server, size, status):
    field = b"X-Big: " + b"b" * (size - 7)          # with its CRLF, 8190 bytes is gunicorn's limit
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + field + b"\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 %d " % status)


def test_a_log_packed_with_unknown_keys_is_read_only_as_far_as_the_answer_lists(client):
    # 5,000 events of 8 unknown keys each (250 KB) cost 256-267 ms and 24.5 MB: every one of the 40,000 faults was
    # collected and flattened before the answer kept 100.  The log now stops after its 12th event (9 faults each,
    # its missing type and the 8 keys: 108 > 100 after events 0-11); benchmarks/fault_bodies.py measures the cost
    # against a valid one-deal request.
    event = {k: 0 for k in "abcdefgh"}
    raw = json.dumps({"players": ["Anna", "Boris", "Vera"], "log": [event] * 5000}, separators=(",", ":"))
    assert len(raw) < 256 * 1024
    r = client.post("/v1/games/thousand/validate", data=raw, headers={"Content-Type": "application/json"})
    errors = problem(r, 422, "invalid-input")["errors"]
    assert len(errors) == 101
    assert errors[0] == {"pointer": "/log/0/type", "detail": "this field is required and missing"}
    assert sorted(e["pointer"] for e in errors[1:9]) == [f"/log/0/{k}" for k in "abcdefgh"]
    assert {e["detail"] for e in errors[1:9]} == {"unknown field: not part of this request's shape"}
    assert errors[-1]["pointer"].startswith("/log/11/") and errors[-1]["detail"] == \
        "more faults from here on are not listed, and the body was not read from /log/12 on"


# ---------------------------------------------------------------- 7. what an error shows back

def test_an_over_long_variant_is_refused_before_it_is_looked_up(client):
    # an unknown variant of 250,000 characters came back twice in a 500 KB 404
    r = client.post("/v1/games/thousand/score", json={**GOOD, "variant": "x" * 250_000})
    assert len(r.get_data()) < 1000
    assert problem(r, 422, "invalid-input")["errors"] == [{"pointer": "/variant",
                                                           "detail": "longer than the maximum length 64"}]


@pytest.mark.parametrize("length,status", [(64, 404), (65, 422)])
def test_the_variant_length_boundary(client, length, status):
    r = client.post("/v1/games/thousand/score", json={**GOOD, "variant": "v" * length})
    body = problem(r, status, "not-found" if status == 404 else "invalid-input")
    if status == 404:    # 64 characters are shown back whole
        assert body["detail"].startswith(f"thousand has no variant '{'v' * 64}'; known: ")


@pytest.mark.parametrize("path,parameter", [
    ("/v1/games/thousand/variants/" + "x" * 300, "variant"),
    ("/v1/games/thousand/rules?variant=" + "x" * 300, "variant"),
    ("/v1/games/" + "x" * 300 + "/rules", "game"),
    ("/v1/games/thousand/rules/" + "x" * 300, "rule"),
])
def test_unknown_ids_in_a_url_are_shown_back_cut(client, path, parameter):
    body = problem(client.get(path), 404, "not-found")
    assert f"'{'x' * 64}'…" in body["detail"] and "x" * 65 not in body["detail"]
    assert body["errors"] == [{"parameter": parameter, "detail": body["detail"]}]


@pytest.mark.parametrize("length,pointer", [(64, "/options/" + "o" * 64), (65, "/options")])
def test_an_over_long_option_name_is_not_put_in_a_pointer(client, length, pointer):
    r = client.post("/v1/games/thousand/score", json={**GOOD, "options": {"o" * length: 1}})
    err = problem(r, 422, "invalid-input")["errors"]
    assert [e["pointer"] for e in err] == [pointer]
    if length == 64:
        assert err[0]["detail"].startswith(f"unknown option '{'o' * 64}'; known options: ")
    else:
        assert err[0]["detail"] == f"under the key '{'o' * 64}'…: longer than the maximum length 64"


def test_an_over_long_unknown_field_points_at_its_object(client):
    r = client.post("/v1/games/thousand/score", json={**GOOD, "z" * 200_000: 1})
    assert len(r.get_data()) < 1000
    assert problem(r, 422, "invalid-input")["errors"] == [
        {"pointer": "", "detail": f"under the key '{'z' * 64}'…: unknown field: not part of this request's shape"}]


def test_an_over_long_repeated_key_points_at_its_object():
    c = create_app().test_client()
    key = "k" * 100_000
    raw = '{"options": {"%s": 1, "%s": 2}}' % (key, key)
    r = c.post("/v1/games/thousand/score", data=raw.encode(), headers={"Content-Type": "application/json"})
    assert len(r.get_data()) < 1000
    assert problem(r, 400, "malformed-json")["errors"] == [
        {"pointer": "/options", "detail": f"duplicate key '{'k' * 64}'… in an object"}]


# ---------------------------------------------------------------- 6. confusable player names

CYRILLIC = points_deal("Анна", 120, {"Анна": 95, "Борис": 14, "Вера": 11}, {"Анна": 6, "Борис": 1, "Вера": 1},
                       [("Анна", "H")])


@pytest.mark.parametrize("players,detail", [
    (["\uff21nna", "Anna", "Vera"], "player names must be distinct, ignoring case and Unicode normalisation"),
    (["Anna", "\u0410nna", "Vera"], "'Anna' and '\u0410nna' look alike (letters of another alphabet, or characters "
                                    "that pass for others): give names that can be told apart"),
    (["Ivan", "lvan", "Vera"], "'Ivan' and 'lvan' look alike"),
    (["ANNA", "\u0430nn\u0430", "Vera"], "'ANNA' and '\u0430nn\u0430' look alike"),
    (["Вера", "Bepa", "Anna"], "'Вера' and 'Bepa' look alike"),
])
def test_names_that_pass_for_each_other_are_refused(api, players, detail):
    # fullwidth Ａnna folded to Anna only under NFKC, and a Cyrillic А in "Аnna" beside a Latin "Anna" passed
    body = {**GOOD, "players": players, "dealer": players[2]}
    err = api("score", body, status=422)["errors"][0]
    assert err["pointer"] == "/players" and err["detail"].startswith(detail)


def test_names_all_in_cyrillic_are_fine(api):
    # Russian players use Russian names: one alphabet throughout looks like nothing else at the table
    ans = api("score", score_body(CYRILLIC, players=["Анна", "Борис", "Вера"], dealer="Вера"))
    # Анна bid 120 and took 95 + the hearts marriage 100: the contract, 120; Борис 14 and Вера 11 round to 15, 10
    assert [p["hand_score"] for p in ans["players"]] == [120, 15, 10]
    # a Cyrillic name beside a Latin one that does not look like it is fine too (н is not n)
    mixed = points_deal("Анна", 120, {"Анна": 95, "Anna": 14, "Вера": 11}, {"Анна": 6, "Anna": 1, "Вера": 1},
                        [("Анна", "H")])
    assert api("score", score_body(mixed, players=["Анна", "Anna", "Вера"], dealer="Вера"))["game"] == "thousand"


def test_confusable_names_in_the_other_games(api):
    pin = pinochle_example("two-handed-score.json")
    names = pin["players"]
    pin["players"] = [names[0], names[0].replace("A", "\u0410", 1)]
    assert api("score", pin, status=422, game="pinochle")["errors"][0]["detail"].endswith(
        "give names that can be told apart")
    can = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    can.pop("game")
    can["sides"][1]["players"][0] = can["sides"][0]["players"][0].replace("o", "\u043e")      # Cyrillic о
    assert api("score", can, status=422, game="canasta")["errors"][0]["pointer"] == "/sides"


@pytest.mark.parametrize("accept,lang", [("ru-RU, en;q=0.5", "ru"), ("de, ru-RU;q=0.8, en;q=0.7", "ru"),
                                         ("en-GB, ru;q=0.9", "en"), ("ru;q=0, en;q=0.1", "en"), ("ru-RU;q=0", "en")])
def test_a_regional_tag_counts_with_its_q_value(client, accept, lang):
    # "ru-RU, en;q=0.5" was answered in English: werkzeug matched en exactly and ru-RU not at all
    assert client.get("/healthz", headers={"Accept-Language": accept}).headers["Content-Language"] == lang


@pytest.mark.parametrize("unknown,last", [
    (100, None),
    (101, "more faults from here on are not listed, and the rest of the body was not read"),
    (21000, "more faults from here on are not listed, and the rest of the body was not read"),
])
def test_an_object_with_more_unknown_keys_than_listed_is_not_read_further(client, unknown, last):
    # 21,000 unknown keys in one object cost 108-155 ms (50x a valid request): marshmallow made an error of each
    from tests.thousand_helpers import readme_log
    body = {"players": ["Anna", "Boris", "Vera"], "log": readme_log(), **{f"k{i}": 0 for i in range(unknown)}}
    r = client.post("/v1/games/thousand/validate", data=json.dumps(body, separators=(",", ":")),
                    headers={"Content-Type": "application/json"})
    errors = problem(r, 422, "invalid-input")["errors"]
    assert {e["detail"] for e in errors[:100]} == {"unknown field: not part of this request's shape"}
    if last is None:
        assert sorted(e["pointer"] for e in errors) == sorted(f"/k{i}" for i in range(100))
    else:       # the first 100 in the body's order, then where the rest begins
        assert [e["pointer"] for e in errors] == [f"/k{i}" for i in range(101)] and errors[-1]["detail"] == last


def test_an_event_with_too_many_unknown_keys_stops_the_log(client):
    log = [{f"k{i}": 0 for i in range(150)}] + [{"type": "bogus"}] * 10
    r = client.post("/v1/games/thousand/validate", data=json.dumps({"players": ["Anna", "Boris", "Vera"], "log": log}),
                    headers={"Content-Type": "application/json"})      # (json= would sort the keys)
    errors = problem(r, 422, "invalid-input")["errors"]
    assert [e["pointer"] for e in errors] == [f"/log/0/k{i}" for i in range(101)]
    assert errors[-1]["detail"] == "more faults from here on are not listed, and the body was not read from /log/0 on"


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


@pytest.mark.parametrize("length,pointer", [(64, "/options/" + "k" * 64), (65, "/options")])
def test_a_repeated_key_of_64_characters_is_still_in_the_pointer(length, pointer):
    c = create_app().test_client()
    raw = '{"options": {"%s": 1, "%s": 2}}' % ("k" * length, "k" * length)
    r = c.post("/v1/games/thousand/score", data=raw.encode(), headers={"Content-Type": "application/json"})
    assert problem(r, 400, "malformed-json")["errors"][0]["pointer"] == pointer


def test_a_surrogate_pair_escape_is_a_character_not_a_fault():
    # only a lone surrogate is refused; the escaped pair of an emoji is one character
    raw = json.dumps({**GOOD, "options": {"dump_555": "off"}}).replace('"off"', '"of\\ud83d\\ude00f"')
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=raw.encode(), headers={"Content-Type": "application/json"})
    err = problem(r, 422, "invalid-input")["errors"][0]
    assert err["pointer"] == "/options/dump_555"


def test_an_unclosed_run_of_brackets_is_too_deep():
    c = create_app().test_client()
    r = c.post("/v1/games/thousand/score", data=b"[" * 40, headers={"Content-Type": "application/json"})
    problem(r, 400, "nesting-too-deep")


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


@pytest.mark.parametrize("raw,shallow", [
    (b"[]", True), (b'{"a": [[1], {"b": []}]}', True), (b"[" * 32 + b"]" * 32, True),
    (b"[" * 33 + b"]" * 33, False), (b'["[[["]', False),     # brackets in a string: the close look decides
])
def test_the_fast_depth_bound(raw, shallow):
    from referee.jsonio import _shallow
    assert _shallow(raw, 32) is shallow


def test_echo_cuts_after_64_characters():
    from referee.common import echo
    assert echo("x" * 64) == repr("x" * 64) and echo("x" * 65) == repr("x" * 64) + "…"
    # anything else by its repr: 66 characters shown whole (as many as a string's 64 and its quotes), 67 cut
    assert len(repr([1] * 22)) == 66 and echo([1] * 22) == repr([1] * 22)
    assert len(repr([10] + [1] * 21)) == 67 and echo([10] + [1] * 21) == repr([10] + [1] * 21)[:64] + "…"


@pytest.mark.parametrize("key,pointer", [("z" * 64, "/" + "z" * 64), ("z" * 65, ""), ("a/b~c", "/a~1b~0c")])
def test_an_unknown_fields_pointer(client, key, pointer):
    # a key up to 64 characters is put in the pointer (escaped as RFC 6901 says), a longer one is not
    r = client.post("/v1/games/thousand/score", data=json.dumps({**GOOD, key: 1}),
                    headers={"Content-Type": "application/json"})
    assert [e["pointer"] for e in problem(r, 422, "invalid-input")["errors"]] == [pointer]


def test_100_unknown_keys_still_let_the_known_fields_be_read(client):
    from tests.thousand_helpers import readme_log
    body = {"log": readme_log(), **{f"k{i}": 0 for i in range(100)}}        # players left out
    r = client.post("/v1/games/thousand/validate", data=json.dumps(body), headers={"Content-Type": "application/json"})
    errors = problem(r, 422, "invalid-input")["errors"]
    assert len(errors) == 101 and {"pointer": "/players", "detail": "this field is required and missing"} in errors


def test_a_list_where_an_event_belongs_is_the_wrong_type(client):
    # 101 items in a list given for an event object are not 101 unknown keys
    r = client.post("/v1/games/thousand/validate", json={"players": ["Anna", "Boris", "Vera"], "log": [["x"] * 101]})
    assert problem(r, 422, "invalid-input")["errors"] == [{"pointer": "/log/0", "detail": "not a valid type: an object is expected"}]


def test_http_1_1_without_host_is_refused_over_http(server):
    # it was answered; HTTP/1.1 requires Host (RFC 9112 §3.2), HTTP/1.0 does not
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n")
    headers, doc = _problem_over_http(answer, 400, "bad-request")
    assert doc["detail"] == "an HTTP/1.1 request names its host in a Host header" and headers["connection"] == "close"
    assert _exchange(server, b"GET /healthz HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.0 200 ")


def test_header_fields_over_32_kib_in_all_are_431_over_http(server):
    # gunicorn takes 100 fields of 8 KiB (776 KB were accepted); the app takes 32 KiB in all
    fields = b"".join(b"X-Fill-%d: %s\r\n" % (i, b"v" * 8000) for i in range(5))          # 40 KB
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + fields + b"\r\n")
    assert _problem_over_http(answer, 431, "header-fields-too-large")[1]["detail"] == \
        "the request's header fields are limited to 32 KiB in all"
