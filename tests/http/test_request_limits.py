"""What every request must be before the routes see it: HTTP/1.1 names its host, the header fields fit in 32 KiB;
what the HTML pages add to the API's headers; whose address the log names."""
import io
import logging

import pytest

from referee import settings
from referee.http import transport
from wsgi import create_app


def _problem(r, status: int, kind: str) -> dict:
    assert r.status_code == status and r.headers["Content-Type"] == "application/problem+json"
    doc = r.get_json()
    assert doc["type"] == "https://referee.example/problems/" + kind
    return doc


def test_http_1_1_without_host_is_refused():
    c = create_app().test_client()
    r = c.get("/healthz", environ_overrides={"SERVER_PROTOCOL": "HTTP/1.1", "HTTP_HOST": ""},
              headers={"Accept-Language": "ru"})
    assert _problem(r, 400, "bad-request")["detail"] == "запрос HTTP/1.1 должен называть сервер в заголовке Host"
    assert r.headers["Connection"] == "close"
    assert c.get("/healthz", environ_overrides={"SERVER_PROTOCOL": "HTTP/1.0", "HTTP_HOST": ""}).status_code == 200
    assert c.get("/healthz", environ_overrides={"SERVER_PROTOCOL": "HTTP/1.1"}).status_code == 200


@pytest.mark.parametrize("protocol,status", [("HTTP/1.0", 200), ("HTTP/1.1", 400), ("HTTP/1.2", 400),
                                             ("HTTP/1.9", 400), ("HTTP/1.10", 400), ("HTTP/2", 200)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_http_1_after_1_0_names_its_host(protocol, status, lang):
    # a server that hands the app a later HTTP/1 (gunicorn passed HTTP/1.2 to 1.9 on) has it read as HTTP/1.1
    # (RFC 9112 §2.6), Host required (§3.2); HTTP/1.0 needs none, and HTTP/2 names its host in :authority
    c = create_app().test_client()
    r = c.get("/healthz", environ_overrides={"SERVER_PROTOCOL": protocol, "HTTP_HOST": ""},
              headers={"Accept-Language": lang})
    if status == 200:
        assert r.status_code == 200
        return
    detail = {"en": "an HTTP/1.1 request names its host in a Host header",
              "ru": "запрос HTTP/1.1 должен называть сервер в заголовке Host"}[lang]
    assert _problem(r, 400, "bad-request")["detail"] == detail
    assert r.headers["Connection"] == "close" and r.headers["Content-Language"] == lang


@pytest.mark.parametrize("extra,status", [(0, 200), (1, 431)])
def test_header_fields_are_limited_to_32_kib_in_all(extra, status):
    # 776 KB of headers were taken; 32 KiB (what nginx holds for one request) is the limit, to the byte
    c = create_app().test_client()
    environ = c.get("/healthz").request.environ
    base = transport.header_bytes(dict(environ.items()))
    # fill with fields of 8 KiB at most (gunicorn's limit for one), "X-Fill-n: value\r\n"
    room = transport.MAX_HEADER_BYTES - base + extra
    headers, n = {}, 0
    while room > 0:
        name = f"X-Fill-{n}"
        size = min(room, 8000)
        value = "v" * (size - len(name) - 4)
        headers[name] = value
        room -= len(name) + len(value) + 4
        n += 1
    r = c.get("/healthz", headers=headers)
    assert transport.header_bytes(r.request.environ) == transport.MAX_HEADER_BYTES + extra
    if status == 200:
        assert r.status_code == 200
    else:
        assert _problem(r, 431, "header-fields-too-large")["detail"] == \
            "the request's header fields are limited to 32 KiB in all"


@pytest.mark.parametrize("path", ["/", "/docs"])
def test_html_pages_isolate_themselves(path):
    r = create_app().test_client().get(path)
    assert r.status_code == 200 and r.mimetype == "text/html"
    assert r.headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert r.headers["Cross-Origin-Resource-Policy"] == "same-origin"
    assert "camera=()" in r.headers["Permissions-Policy"] and "geolocation=()" in r.headers["Permissions-Policy"]


def test_the_log_names_the_client_address(caplog):
    c = create_app().test_client()
    with caplog.at_level(logging.INFO, logger="referee"):
        c.get("/healthz", environ_overrides={"REMOTE_ADDR": "203.0.113.7"})
    assert [r.client for r in caplog.records if r.getMessage() == "request"][-1] == "203.0.113.7"


def test_the_proxys_word_for_the_address_is_taken_from_the_proxy_only():
    from referee.http.serving import Guard
    seen = []

    def app(environ, start_response):
        seen.append(environ["REMOTE_ADDR"])
        start_response("200 OK", [("Content-Length", "0")])
        return [b""]

    guard = Guard(app, 10, settings.server().trusted_proxies)      # 127.0.0.1 and ::1 by default
    for peer, real, logged in (("127.0.0.1", "203.0.113.7", "203.0.113.7"),      # from nginx on the loopback
                               ("198.51.100.9", "203.0.113.7", "198.51.100.9"),   # a client claiming another
                               ("127.0.0.1", "", "127.0.0.1")):
        env = {"REMOTE_ADDR": peer, "wsgi.input": io.BytesIO(b"")}
        if real:
            env["HTTP_X_REAL_IP"] = real
        list(guard(env, lambda *a: None))
        assert seen[-1] == logged


# Once answered wrongly; found by probing the service as a new user.
def test_chunked_body_over_the_limit(client):
    big = b'{"players": ["Anna", "Boris", "Vera"], "pad": "' + b"x" * (300 * 1024) + b'"}'
    # no Content-Length: the body arrives as a stream of unknown length, as a chunked upload does
    r = client.raw().post("/v1/games/thousand/score", input_stream=io.BytesIO(big),
                          headers={"Content-Type": "application/json"},
                          environ_overrides={"wsgi.input_terminated": True})
    assert r.status_code == 413 and r.mimetype == "application/problem+json"
