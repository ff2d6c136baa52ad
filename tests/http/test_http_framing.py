"""HTTP framing on the real server (gunicorn) and in process: slow and stalled bodies, chunked and other transfer
codings, expectations, the limits of the request line and the header fields.
"""
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

ROOT = pathlib.Path(__file__).resolve().parents[2]


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


# Found by a black-box probe of the running service (issue 7, fifth round).
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


# Found by a black-box probe of the running service (issue 7, fifth round).
@pytest.mark.parametrize("chunks", [b"zz\r\n{}\r\n0\r\n\r\n", b"-2\r\n{}\r\n0\r\n\r\n", b"2\r\n{}XX0\r\n\r\n"])
def test_a_broken_chunked_body_is_400_not_500(server, chunks):
    # the second probe's malformed chunk sizes and missing terminators came back 500 (gunicorn's parse errors)
    head = (b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    answer = _exchange(server, head + chunks).decode()
    assert answer.startswith("HTTP/1.1 400") and "application/problem+json" in answer
    assert '"type": "https://referee.example/problems/malformed-body"' in answer


GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))


def problem(r, status, kind):
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.mimetype == "application/problem+json"
    body = r.get_json()
    assert body["type"] == "https://referee.example/problems/" + kind
    return body


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


def _chunked(coding: bytes, body: bytes) -> bytes:
    return (b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: " + coding + b"\r\nConnection: close\r\n\r\n" +
            f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n")


def _line_of(n: int) -> bytes:
    """A request line of exactly ``n`` bytes (without its CRLF)."""
    return b"GET /" + b"a" * (n - len(b"GET / HTTP/1.1")) + b" HTTP/1.1"


# Found by a black-box probe of the running service (issue 20, hardening round 2).
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


# Found by a black-box probe of the running service (issue 20, hardening round 2).
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


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("environ", [{"PATH_INFO": "//v1/games", "RAW_URI": "//v1/games"},
                                     {"PATH_INFO": "//v1/games"},          # a server that sets no RAW_URI
                                     {"PATH_INFO": "/v1/games", "RAW_URI": "//v1/games"}])
def test_leading_double_slashes_in_process(environ):
    c = create_app().test_client()
    r = c.get("/", environ_overrides=environ)
    assert problem(r, 404, "not-found")["errors"] == []
    assert c.get("/v1/games", environ_overrides={"RAW_URI": "/v1/games"}).status_code == 200     # one slash: fine


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_an_expectation_other_than_100_continue_is_a_417(server):
    # gunicorn's own answer (behind the proxy, nginx answers the faults of the HTTP framing first)
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\nConnection: close\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 417 ")


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("coding", [b"gzip, chunked", b"deflate, chunked", b"compress, chunked", b"GZIP,chunked"])
def test_a_transfer_coding_other_than_chunked_is_refused(server, coding):
    # gzip, deflate and compress before chunked were accepted and the coding ignored: a really gzipped body then
    # got a misleading "not UTF-8"
    body = gzip.compress(json.dumps(GOOD).encode())
    headers, doc = _problem_over_http(_exchange(server, _chunked(coding, body)), 501, "unsupported-transfer-coding")
    assert doc["detail"] == ("a body may be sent with Content-Length or chunked, with no other transfer coding, not "
                             + repr(coding.decode()))
    assert doc["errors"] == [{"pointer": "", "detail": doc["detail"]}] and headers["connection"] == "close"


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_chunked_alone_is_fine(server):
    answer = _exchange(server, _chunked(b"chunked", json.dumps(GOOD).encode()))
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ") and json.loads(body)["game"] == "thousand"


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_an_unknown_transfer_coding_is_a_501(server):
    # gunicorn itself refuses a coding it does not know (in problem+json: tests/http/test_gunicorn_alone.py)
    assert _exchange(server, _chunked(b"br, chunked", b"{}")).startswith(b"HTTP/1.1 501 ")


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_a_transfer_coding_in_process(client):
    # through the spec-checked client: openapi.yaml documents the 501
    r = client.post("/v1/games/thousand/score", data=json.dumps(GOOD).encode(),
               headers={"Content-Type": "application/json", "Transfer-Encoding": "gzip, chunked",
                        "Accept-Language": "ru"})
    body = problem(r, 501, "unsupported-transfer-coding")
    assert r.headers["Content-Language"] == "ru" and "gzip, chunked" in body["detail"]


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_a_request_line_over_8190_bytes_is_a_414(server):
    at_limit = _exchange(server, _line_of(8190) + b"\r\nHost: x\r\nConnection: close\r\n\r\n")
    _problem_over_http(at_limit, 404, "not-found")          # the app's: no such path
    answer = _exchange(server, _line_of(8191) + b"\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 414 ")         # gunicorn's own answer (nginx's behind the proxy)


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("count,status", [(100, 200), (101, 431)])
def test_more_than_100_headers_are_a_431(server, count, status):
    fields = b"Host: x\r\nConnection: close\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(count - 2))
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\n" + fields + b"\r\n")
    assert answer.startswith(b"HTTP/1.1 %d " % status)


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("size,status", [(8188, 200), (8189, 431)])
def test_a_header_field_over_its_limit_is_a_431(server, size, status):
    field = b"X-Big: " + b"b" * (size - 7)          # with its CRLF, 8190 bytes is gunicorn's limit
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + field + b"\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 %d " % status)


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_http_1_1_without_host_is_refused_over_http(server):
    # it was answered; HTTP/1.1 requires Host (RFC 9112 §3.2), HTTP/1.0 does not
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n")
    headers, doc = _problem_over_http(answer, 400, "bad-request")
    assert doc["detail"] == "an HTTP/1.1 request names its host in a Host header" and headers["connection"] == "close"
    assert _exchange(server, b"GET /healthz HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.0 200 ")


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_header_fields_over_32_kib_in_all_are_431_over_http(server):
    # gunicorn takes 100 fields of 8 KiB (776 KB were accepted); the app takes 32 KiB in all
    fields = b"".join(b"X-Fill-%d: %s\r\n" % (i, b"v" * 8000) for i in range(5))          # 40 KB
    answer = _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + fields + b"\r\n")
    assert _problem_over_http(answer, 431, "header-fields-too-large")[1]["detail"] == \
        "the request's header fields are limited to 32 KiB in all"
