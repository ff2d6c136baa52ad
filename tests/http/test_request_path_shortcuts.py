"""The short ways the request path takes (issue 30), each shown to give what the long way gives: the request id made
without the UUID object, the language kept per Accept-Language value, the answer's headers sent without werkzeug's
copy, the answer's text read for violations before it is walked, and the app's hooks called as one of each kind."""
import json
import pathlib
import uuid

import pytest
from flask import Flask
from werkzeug.datastructures import Headers
from werkzeug.wrappers import Response

from referee.http import operations, transport
from referee.http.app import _one_hook_each
from referee.http.responses import Answer, dumps
from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parents[2]


# uuid.UUID(bytes=b, version=4).hex sets the version nibble (4) and the variant's two bits (10) and keeps the rest:
# all zero bits give 4 at digit 13 and 8 at digit 17; all one bits give 4 and b; bits around them pass unchanged
@pytest.mark.parametrize("random16", [bytes(16), b"\xff" * 16, bytes(range(16)), bytes(range(240, 256)),
                                      b"\x00" * 6 + b"\xff\xff" + b"\x00" * 8, b"\xff" * 6 + b"\x00\x00" + b"\xff" * 8])
def test_a_request_id_is_the_hex_of_the_uuid4_of_its_random_bytes(random16):
    assert transport.uuid4_hex(random16) == uuid.UUID(bytes=random16, version=4).hex


def test_the_corner_request_ids_by_hand():
    assert transport.uuid4_hex(bytes(16)) == "00000000000040008000000000000000"
    assert transport.uuid4_hex(b"\xff" * 16) == "ffffffffffff4fffbfffffffffffffff"


def test_an_answer_without_an_id_gets_a_fresh_uuid4():
    c = create_app().test_client()
    ids = [c.get("/healthz").headers["X-Request-Id"] for _ in range(3)]
    assert len(set(ids)) == 3
    assert all(uuid.UUID(hex=i).version == 4 and uuid.UUID(hex=i).hex == i for i in ids)


LANGUAGE_HEADERS = ["ru", "RU", "ru-RU,ru;q=0.9,en;q=0.8", "en;q=0.5, ru;q=0.8", "de", "ru;q=0", "*", "",
                    "de, ru;q=0.1", "en-GB,en;q=0.9"]
EXPECTED = ["ru", "ru", "ru", "ru", "en", "en", "en", "en", "ru", "en"]


@pytest.mark.parametrize("header,expected", list(zip(LANGUAGE_HEADERS, EXPECTED)))
def test_the_language_of_an_accept_language_value_is_the_same_each_time(header, expected):
    transport._LANGUAGE_OF.clear()
    assert transport.language(header) == expected          # negotiated
    assert transport.language(header) == expected          # kept
    c = create_app().test_client()
    assert c.get("/v1/games", headers={"Accept-Language": header}).headers["Content-Language"] == expected


def test_the_languages_kept_are_bounded_in_number_and_length():
    transport._LANGUAGE_OF.clear()
    longest = "ru," + "x" * (transport._LANGUAGE_KEY_MAX - 3)          # the longest value kept
    past = longest + "x"                                               # one character more
    assert len(longest) == transport._LANGUAGE_KEY_MAX
    assert transport.language(longest) == "ru" and longest in transport._LANGUAGE_OF
    assert transport.language(past) == "ru" and past not in transport._LANGUAGE_OF
    transport._LANGUAGE_OF.clear()
    for n in range(transport._LANGUAGE_CACHE_MAX):                    # as many values as are kept
        transport.language(f"ru;q=0.{n % 9 + 1}, x{n}")
    assert len(transport._LANGUAGE_OF) == transport._LANGUAGE_CACHE_MAX
    transport.language("de, ru;q=0.5")                                  # one more: the kept ones are let go
    assert transport._LANGUAGE_OF == {"de, ru;q=0.5": "ru"}


def _werkzeug_headers(resp: Response, environ: dict) -> list:
    return Response.get_wsgi_headers(resp, environ).to_wsgi_list()


@pytest.mark.parametrize("extra,status", [([], 200), ([("Location", "/v1/игры")], 200),
                                          ([("Content-Location", "/x y")], 200), ([], 201), ([], 204),
                                          ([], 304), ([], 103), ([], 199)])
def test_an_answers_headers_are_sent_as_werkzeug_would_send_them(extra, status):
    environ = {"REQUEST_METHOD": "GET", "wsgi.url_scheme": "http", "SERVER_NAME": "x", "SERVER_PORT": "80",
               "HTTP_HOST": "x", "PATH_INFO": "/v1/games", "SCRIPT_NAME": ""}
    resp = Answer(b'{"a":1}', status=status, headers=Headers([("Content-Type", "application/json"), *extra]))
    assert resp.get_wsgi_headers(environ).to_wsgi_list() == _werkzeug_headers(resp, environ)
    if status == 200 and not extra:
        assert resp.get_wsgi_headers(environ) is resp.headers         # nothing to fix: not copied
    del resp.headers["Content-Length"]                                # werkzeug sets it again where it may
    assert resp.get_wsgi_headers(environ).to_wsgi_list() == _werkzeug_headers(resp, environ)


def test_a_json_answer_keeps_its_header_order():
    r = create_app().test_client().get("/healthz", headers={"Accept-Language": "ru"})
    assert [k for k, _v in r.headers.to_wsgi_list()] == [
        "Content-Language", "Vary", "Content-Type", "Content-Length", "X-Content-Type-Options", "X-Frame-Options",
        "Referrer-Policy", "Content-Security-Policy", "Cache-Control", "X-Request-Id"]
    assert r.headers["Content-Language"] == "ru" and r.headers["Content-Length"] == "15"   # {"status":"ok"}


@pytest.mark.parametrize("answer,walked", [
    ({"legal": True, "violations": []}, False),
    ({"legal": False, "violations": [{"rule": "thousand/11.3"}]}, True),
    ({"a": {"violations": []}, "b": [{"violations": [{"rule": "x/1"}]}]}, True),
    ({"message": '"violations":[{"rule": "a string, not a list"}]'}, False),      # escaped quotes in a string
    ({'a"violations': [], "violations": [1]}, True),                              # a key that ends like one
    ({"players": [{"score": 1}]}, False),
])
def test_an_answer_is_walked_for_violations_where_its_text_may_hold_one(answer, walked):
    assert operations.may_hold_violations(dumps(answer)) is walked
    assert operations.may_hold_violations(json.dumps(answer, ensure_ascii=False)) is walked
    if not walked:
        assert operations.violations(answer, []) == []      # nothing the walk would have counted


def _rulings(client, rule: str) -> float:
    text = client.get("/metrics").get_data(as_text=True)
    line = next((x for x in text.splitlines() if x.startswith("referee_rulings_total{") and f'rule="{rule}"' in x),
                None)
    return float(line.rsplit(" ", 1)[1]) if line else 0.0


def test_the_violations_of_an_answer_are_counted_and_an_answer_without_is_not():
    c = create_app().test_client()
    body = json.loads((ROOT / "examples" / "thousand" / "check-revoke.json").read_text())
    body.pop("game")
    before = _rulings(c, "thousand/11.3")
    r = c.post("/v1/games/thousand/check", json=body)
    assert [v["rule"] for v in r.get_json()["violations"]] == ["thousand/11.3"]     # a revoke: one violation
    assert _rulings(c, "thousand/11.3") == before + 1
    assert c.post("/v1/games/thousand/check", json=body).status_code == 200
    assert _rulings(c, "thousand/11.3") == before + 2
    counted = c.get("/metrics").get_data(as_text=True).count("referee_rulings_total{")
    score = json.loads((ROOT / "examples" / "thousand" / "score-deal.json").read_text())
    score.pop("game")
    assert c.post("/v1/games/thousand/score", json=score).status_code == 200           # no violations
    assert c.get("/metrics").get_data(as_text=True).count("referee_rulings_total{") == counted


def test_one_hook_of_each_kind_runs_them_in_flasks_order():
    calls = []
    app = Flask("hooks")

    @app.get("/")
    def index():
        calls.append("view")
        return "ok"
    for name in ("b1", "b2", "b3"):
        app.before_request(lambda name=name: calls.append(name))
    for name in ("a1", "a2", "a3"):
        def after(resp, name=name):
            calls.append(name)
            resp.headers.add("X-Order", name)
            return resp
        app.after_request(after)
    _one_hook_each(app)
    assert len(app.before_request_funcs[None]) == 1 and len(app.after_request_funcs[None]) == 1
    r = app.test_client().get("/")
    assert calls == ["b1", "b2", "b3", "view", "a3", "a2", "a1"]
    assert r.headers.getlist("X-Order") == ["a3", "a2", "a1"]


def test_a_hook_before_that_answers_stops_the_others():
    calls = []
    app = Flask("hooks")
    app.get("/")(lambda: "view")
    app.before_request(lambda: calls.append(1))
    app.before_request(lambda: "stopped")
    app.before_request(lambda: calls.append(3))
    _one_hook_each(app)
    assert app.test_client().get("/").get_data() == b"stopped" and calls == [1]


def test_async_hooks_are_left_to_flask():
    app = Flask("hooks")

    async def before():
        return None
    app.before_request(before)
    app.before_request(lambda: None)
    _one_hook_each(app)
    assert len(app.before_request_funcs[None]) == 2


def test_request_ids_from_the_pool_are_uuid4s_and_never_repeat_across_a_refill():
    transport._RANDOM.clear()
    ids = [transport.new_request_id() for _ in range(2 * transport._RANDOM_IDS + 1)]     # two refills and one more
    assert len(set(ids)) == len(ids)
    assert all(uuid.UUID(hex=i).version == 4 and uuid.UUID(hex=i).hex == i for i in ids)
    assert len(transport._RANDOM) == transport._RANDOM_IDS - 1


def test_a_forked_worker_never_takes_its_parents_next_request_id():
    import os
    transport._RANDOM.clear()
    transport.new_request_id()                       # the pool filled: 255 ids left in this process
    parents_next = transport.uuid4_hex(transport._RANDOM[-1])
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:                                     # the child: as a gunicorn worker forked from the master
        try:
            os.write(write, f"{len(transport._RANDOM)} {transport.new_request_id()}".encode())
        finally:
            os._exit(0)
    os.close(write)
    left, childs_id = os.read(read, 200).decode().split()
    os.waitpid(pid, 0)
    assert left == "0" and childs_id != parents_next
    assert transport.new_request_id() == parents_next


@pytest.mark.parametrize("data", [b'{"status":"ok"}', '{"имя":"Аня"}', b""])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_answers_prepared_headers_are_what_werkzeug_makes(data, lang):
    from referee import i18n
    from referee.http.responses import _HEADERS, encoded, prepared_headers
    with i18n.language(lang):
        ours = encoded(data)
    theirs = Response(data, status=200, headers=Headers(_HEADERS[lang]))
    assert ours.headers.to_wsgi_list() == theirs.headers.to_wsgi_list()
    assert ours.get_data() == theirs.get_data() and ours.status == theirs.status == "200 OK"
    fields = (("X-Content-Type-Options", "nosniff"), ("X-Request-Id", "abc-1"))
    assert prepared_headers(fields).to_wsgi_list() == Headers(fields).to_wsgi_list()


def test_a_plain_view_is_asked_once_whether_it_is_a_coroutine_and_an_async_one_every_time():
    from referee.http.app import _Flask
    app = _Flask("sync")

    def view():
        return "ok"

    async def coroutine_view():
        return "ok"
    assert app.ensure_sync(view) is view and view in app._plain
    assert app.ensure_sync(view) is view
    for _ in range(2):                      # never kept: Flask wraps it (or says the async extra is missing)
        try:
            assert app.ensure_sync(coroutine_view) is not coroutine_view
        except RuntimeError as e:
            assert "async" in str(e)
        assert coroutine_view not in app._plain
