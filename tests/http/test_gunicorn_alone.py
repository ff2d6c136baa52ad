"""gunicorn alone (scripts/serve), stock gthread with referee.http.serving's public-hook fixes: keep-alive that tells
the
truth, clients that stop reading dropped after the read timeout, gunicorn's own log lines in JSON, and every
REFEREE_* setting checked at start-up with one line.  Each server runs on a free loopback port."""
import contextlib
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import pytest
import requests
from thousand_helpers import points_deal, score_body

from tests.http import raw_requests

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOOD = json.dumps(score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11},
                                         {"Anna": 6, "Boris": 1, "Vera": 1}, [("Anna", "H")]))).encode()
JSON = {"Content-Type": "application/json"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def served():
    """gunicorn with the repository's configuration, one worker of 4 threads, a 1 s read timeout: (port, the
    file of its stderr)."""
    port = _free_port()
    err = tempfile.NamedTemporaryFile()     # noqa: SIM115 (kept open for the server's whole life: closed below)
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "1", "REFEREE_THREADS": "4",
           "REFEREE_READ_TIMEOUT": "1", "REFEREE_LOG_LEVEL": "INFO"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=err)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield port, err.name
    proc.terminate()
    proc.wait(timeout=30)
    err.close()


# the early refusals of the probe: answered before the body is read, with more than gunicorn drains (64 KiB) unread
EARLY = [("/v1/games/thousand/score", JSON, b"[" + b" " * 300_000 + b"]", 413),
         ("/v1/games/thousand/score", {"Content-Type": "text/plain"}, b"x" * 100_000, 415),
         ("/v1/games/nope/score", JSON, b"x" * 100_000, 404),
         ("/v1/games/nope/score", JSON, b"x" * 10, 404)]


@pytest.mark.parametrize("path,headers,body,status", EARLY)
def test_an_answer_that_leaves_the_body_unread_says_connection_close(served, path, headers, body, status):
    # they said keep-alive and gunicorn then closed: a requests.Session lost 31-36 of its next 100 requests.  Now
    # the answer says Connection: close, and the session's next 20 requests are all answered
    port, _err = served
    session = requests.Session()
    for _ in range(20):
        r = session.post(f"http://127.0.0.1:{port}{path}", data=body, headers=headers, timeout=10)
        assert r.status_code == status and r.headers["Connection"] == "close"
        nxt = session.post(f"http://127.0.0.1:{port}/v1/games/thousand/score", data=GOOD, headers=JSON, timeout=10)
        assert nxt.status_code == 200


def test_an_answer_to_a_body_read_whole_keeps_the_connection(served):
    port, _err = served
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(10)
        for _ in range(3):            # three answers on one connection, each announced kept alive
            s.sendall(b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      b"Content-Length: %d\r\n\r\n" % len(GOOD) + GOOD)
            head = b""
            while b"\r\n\r\n" not in head:
                head += s.recv(65536)
            head, _, body = head.partition(b"\r\n\r\n")
            length = int(next(ln.split(b":")[1] for ln in head.split(b"\r\n")
                              if ln.lower().startswith(b"content-length")))
            while len(body) < length:
                body += s.recv(65536)
            assert head.startswith(b"HTTP/1.1 200 ") and b"Connection: keep-alive" in head


def test_a_client_that_stops_reading_is_dropped_after_the_read_timeout():
    # one thread, and a client that asks for the 400 KB contract 60 times over one connection and reads nothing:
    # once the socket buffers are full (2-3 MB), gunicorn's write blocked the thread for good, and a normal request
    # waited for ever (8 s here, then the test gave up).  Now the answer must be taken within the read timeout
    # (1 s), the stuck connection is dropped, and the normal request is answered
    port = _free_port()
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "1", "REFEREE_THREADS": "1",
           "REFEREE_READ_TIMEOUT": "1", "REFEREE_LOG_LEVEL": "WARNING"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        with socket.socket() as reader:
            reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            reader.connect(("127.0.0.1", port))
            reader.sendall(b"GET /openapi.yaml HTTP/1.1\r\nHost: x\r\n\r\n" * 60)
            time.sleep(1.5)
            started = time.monotonic()
            r = requests.get(f"http://127.0.0.1:{port}/healthz", timeout=8)
            assert r.status_code == 200 and time.monotonic() - started < 4
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_gunicorns_own_log_lines_are_json(served):
    _port, err = served
    lines = [ln for ln in pathlib.Path(err).read_text().splitlines() if ln.strip()]
    records = [json.loads(ln) for ln in lines]          # every line, gunicorn's and the app's
    assert any(r["name"] == "gunicorn.error" and r["message"].startswith("Booting worker") for r in records)
    assert all({"asctime", "levelname", "name", "message"} <= set(r) for r in records)


# ---------------------------------------------------------------- settings checked at start-up

@pytest.mark.parametrize("name,value,line", [
    ("REFEREE_WORKERS", "two", "referee: REFEREE_WORKERS='two' is not a whole number"),
    ("REFEREE_WORKERS", "0", "referee: REFEREE_WORKERS=0 is outside 1..64"),
    ("REFEREE_THREADS", "0", "referee: REFEREE_THREADS=0 is outside 1..256"),
    ("REFEREE_READ_TIMEOUT", "soon", "referee: REFEREE_READ_TIMEOUT='soon' is not a number of seconds"),
    ("REFEREE_READ_TIMEOUT", "nan", "referee: REFEREE_READ_TIMEOUT=nan is outside 0.5..300 seconds"),
    ("REFEREE_LOG_LEVEL", "LOUD", "referee: REFEREE_LOG_LEVEL='LOUD' is not one of DEBUG, INFO, WARNING, ERROR, "
                                  "CRITICAL"),
    ("REFEREE_BIND", "8000", "referee: REFEREE_BIND='8000' is not host:port (127.0.0.1:8000) or unix:/path"),
    ("REFEREE_CORS_ORIGINS", "https://*.club.example", "referee: REFEREE_CORS_ORIGINS: 'https://*.club.example' has "
                                                       "a wildcard; list each origin in full (https://club.example)"),
    ("REFEREE_METRICS", "maybe", "referee: REFEREE_METRICS='maybe' is not on or off"),
    ("REFEREE_TRUSTED_PROXIES", "nginx", "referee: REFEREE_TRUSTED_PROXIES: 'nginx' is not an address or network "
                                         "(127.0.0.1, 10.0.0.0/8)"),
    ("REFEREE_MAX_BODY", "1k", "referee: REFEREE_MAX_BODY='1k' is not a whole number"),
])
def test_a_setting_that_cannot_be_used_stops_the_start_with_one_line(name, value, line):
    r = subprocess.run([sys.executable, "-m", "gunicorn", "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                       env={**os.environ, name: value}, capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stderr.strip() == line, r.stderr[-500:]


@pytest.mark.parametrize("name,low,below,high,above", [
    ("REFEREE_WORKERS", "1", "0", "64", "65"),
    ("REFEREE_THREADS", "1", "0", "256", "257"),
    ("REFEREE_READ_TIMEOUT", "0.5", "0.49", "300", "300.5"),
])
def test_the_ranges_at_their_boundaries(monkeypatch, name, low, below, high, above):
    from referee import settings
    for ok in (low, high):
        monkeypatch.setenv(name, ok)
        settings.server()
    for bad in (below, above):
        monkeypatch.setenv(name, bad)
        with pytest.raises(settings.SettingError):
            settings.server()


def test_origins_are_taken_exactly(monkeypatch):
    from referee import settings
    monkeypatch.setenv("REFEREE_CORS_ORIGINS", " https://club.example , http://127.0.0.1:8080/ ")
    assert settings.server().cors_origins == ("https://club.example", "http://127.0.0.1:8080")


# ---------------------------------------------------------------- a chunk size past the body limit

def _exchange(port: int, raw: bytes, timeout: float = 5) -> bytes:
    """Send ``raw`` on a fresh connection and read until the server closes it (or ``timeout``)."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(timeout)
        s.sendall(raw)
        out = b""
        with contextlib.suppress(TimeoutError):
            while chunk := s.recv(65536):
                out += chunk
    return out


CHUNKED = (b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
           b"Transfer-Encoding: chunked\r\n\r\n")


@pytest.mark.parametrize("size,status,kind", [
    (2 ** 96, 400, "malformed-body"),             # past any body (nginx's bound: 2**63 - 1)
    (2 ** 63, 400, "malformed-body"),
    (2 ** 63 - 1, 413, "payload-too-large"),      # a size a body could have, past the limit
    (256 * 1024 + 1, 413, "payload-too-large"),   # one byte over the limit (256 KiB)
])
def test_a_chunk_size_past_the_limit_is_refused_as_it_is_read(served, size, status, kind):
    # the client declares the chunk, sends 2 bytes of it and waits: the chunk held a thread for the read timeout
    # (10 s; 1 s here) and was then answered 408, "stopped short".  The size alone says the body cannot be taken:
    # it is refused at once (within 0.5 s), and the connection closed
    port, _err = served
    started = time.monotonic()
    answer = _exchange(port, CHUNKED + b"%x\r\n{}" % size)
    took = time.monotonic() - started
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 %d " % status), answer[:200]
    assert took < 0.5, took
    assert b"Connection: close" in head and b"Content-Type: application/problem+json" in head
    assert json.loads(body)["type"].endswith("/" + kind)


def test_a_chunked_body_at_the_limit_is_read_whole(served):
    # 256 KiB exactly, in two chunks whose sizes add up to the limit: read and judged (a 422: not an object)
    port, _err = served
    body = b"[" + b" " * (256 * 1024 - 2) + b"]"
    half = len(body) // 2
    raw = (CHUNKED.replace(b"Host: x\r\n", b"Host: x\r\nConnection: close\r\n")
           + b"%x\r\n%s\r\n%x\r\n%s\r\n0\r\n\r\n" % (half, body[:half], len(body) - half, body[half:]))
    answer = _exchange(port, raw)
    assert answer.startswith(b"HTTP/1.1 422 "), answer[:200]
    over = raw.replace(b"0\r\n\r\n", b"1\r\n \r\n0\r\n\r\n")     # one byte more, in a third chunk
    assert _exchange(port, over).startswith(b"HTTP/1.1 413 ")


# ---------------------------------------------------------------- SIGTERM under load

def test_sigterm_under_load_resets_no_accepted_connection():
    # 24 clients post on fresh connections to two workers; SIGTERM.  gunicorn stopped accepting at once and the
    # closing socket reset the connections in its queue (18 and 64 in the probe's runs; 11-21 of ~6,000 with the
    # queue shrunk and drained, since handshakes went on completing until the socket closed).  Now the kernel
    # starts no new handshake once the stop begins, the queue is drained, and every connection it accepted is
    # answered; the others are refused (connection refused: never accepted)
    port = _free_port()
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "2", "REFEREE_LOG_LEVEL": "WARNING"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    counts = {"answered": 0, "reset": 0, "refused": 0, "other": 0}
    lock = threading.Lock()
    request = (b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(GOOD) + GOOD)

    def client():
        while True:
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
            except ConnectionRefusedError:
                kind = "refused"
            except OSError:
                kind = "other"
            else:
                try:
                    s.sendall(request)
                    data = b""
                    while chunk := s.recv(65536):
                        data += chunk
                    kind = "answered" if data.startswith(b"HTTP/1.1 200 ") else ("reset" if not data else "other")
                except (ConnectionResetError, BrokenPipeError):
                    kind = "reset"
                except OSError:
                    kind = "other"
                finally:
                    s.close()
            with lock:
                counts[kind] += 1
            if kind in ("refused", "other"):
                return

    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        threads = [threading.Thread(target=client, daemon=True) for _ in range(24)]
        for t in threads:
            t.start()
        time.sleep(1.5)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        for t in threads:
            t.join(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert counts["reset"] == 0 and counts["other"] == 0 and counts["refused"] == 24, counts
    assert counts["answered"] > 100, counts


# ---------------------------------------------------------------- the probe's smaller faults, over HTTP

@pytest.mark.parametrize("name,raw,check", raw_requests.PROBES, ids=[p[0] for p in raw_requests.PROBES])
def test_raw_requests_answered_by_gunicorn_alone(served, name, raw, check):
    port, _err = served
    check(*raw_requests.parse(raw_requests.exchange(port, raw)))


def test_the_app_answers_its_408_with_connection_close(served):
    # a body that stops arriving: the app's 408 (after the 1 s read timeout here) says the connection closes, and
    # it does
    port, _err = served
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(10)
        s.sendall(b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 100\r\n\r\n{\"players\"")
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    status, headers, body = raw_requests.parse(answer)
    assert status == 408 and headers["connection"] == "close"
    assert json.loads(body)["type"].endswith("/request-timeout")


def test_the_log_names_the_client_and_believes_x_real_ip_from_a_trusted_proxy_only(served):
    # REFEREE_TRUSTED_PROXIES is 127.0.0.1 and ::1: from 127.0.0.1 the X-Real-IP names the client in the log line;
    # from 127.0.0.2 it is a claim, and the connection's own address is logged
    port, err = served
    for source, request_id in (("127.0.0.1", "from-the-proxy"), ("127.0.0.2", "from-a-client")):
        raw = raw_requests.get("/healthz", b"X-Real-IP: 203.0.113.7\r\nX-Request-Id: %s\r\n" % request_id.encode())
        assert raw_requests.parse(raw_requests.exchange(port, raw, source=source))[0] == 200
    time.sleep(0.3)
    lines = [json.loads(ln) for ln in pathlib.Path(err).read_text().splitlines() if ln.strip()]
    clients = {ln["request_id"]: ln["client"] for ln in lines if ln.get("message") == "request"}
    assert clients["from-the-proxy"] == "203.0.113.7" and clients["from-a-client"] == "127.0.0.2"


# ---------------------------------------------------------------- gunicorn's own refusals, as the app words them

@pytest.mark.parametrize("raw,status,fault,lang", [
    (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, None, "en"),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nAccept-Language: ru\r\n"
     + b"".join(b"X-%d: 1\r\n" % i for i in range(100)) + b"\r\n", 431, None, "en"),    # the headers unread: English
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", 431, None, "en"),
    (b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: foo\r\n\r\n", 501, None, "en"),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n", 417, None, "en"),
    (b"NOT A REQUEST LINE\r\n\r\n", 400, "InvalidRequestLine", "en"),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n", 400, "InvalidHeaderName", "en"),
    (b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nAccept-Language: ru\r\nContent-Length: 1\r\n"
     b"Content-Length: 2\r\n\r\n{}", 400, "InvalidHeader", "ru"),          # the headers read: in their language
    # a later major version of HTTP: 505, as nginx answers (it was gunicorn's 400); HTTP/0.9 named no version, and
    # HTTP/1.10 is none (one digit each side of the dot, RFC 9112 §2.3): 400 as before (nginx's for 0.9 too)
    (b"GET /healthz HTTP/2.0\r\nHost: x\r\nAccept-Language: ru\r\n\r\n", 505, None, "en"),   # the line read alone
    (b"GET /healthz HTTP/3.0\r\nHost: x\r\n\r\n", 505, None, "en"),
    (b"GET /healthz HTTP/0.9\r\nHost: x\r\n\r\n", 400, "InvalidHTTPVersion", "en"),
    (b"GET /healthz HTTP/1.10\r\nHost: x\r\n\r\n", 400, "InvalidHTTPVersion", "en"),
])
def test_gunicorns_own_refusals_are_problems(served, raw, status, fault, lang):
    # a fault of the HTTP framing is refused by gunicorn before the app sees the request: it answered with its own
    # short HTML page; now with the same problem+json as nginx's (deploy/nginx/problems), the app's headers, in the
    # request's language when gunicorn got as far as reading its headers
    port, _err = served
    got, headers, body = raw_requests.parse(_exchange(port, raw))
    assert got == status and headers["content-type"] == "application/problem+json", (got, body[:200])
    assert headers["content-language"] == lang and headers["connection"] == "close"
    assert headers["x-content-type-options"] == "nosniff" and headers["cache-control"] == "no-store"
    assert len(headers["x-request-id"]) == 32 and int(headers["content-length"]) == len(body)
    from referee import i18n
    from referee.http import problems
    with i18n.language(lang):
        assert json.loads(body) == problems.framing_problem(status, fault, line=8190)


@pytest.mark.parametrize("sig", [signal.SIGHUP, signal.SIGTTOU])
def test_workers_replaced_or_retired_while_the_server_runs_leave_it_serving(sig):
    # a reload (SIGHUP: new workers, the old ones stopped) or one worker fewer (SIGTTOU) stops workers with SIGTERM
    # while the master and the other workers go on with the same listening socket: the graceful stop of the whole
    # server (no new handshakes) must not take hold there, or the server would never accept again
    port = _free_port()
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_WORKERS": "2", "REFEREE_LOG_LEVEL": "WARNING"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "--config", "gunicorn_conf.py", "wsgi:app"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        before = set(pathlib.Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split())
        proc.send_signal(sig)
        for _ in range(100):           # the old workers (SIGHUP) or one of them (SIGTTOU) gone
            time.sleep(0.1)
            now = set(pathlib.Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split())
            if (sig == signal.SIGHUP and not now & before) or (sig == signal.SIGTTOU and len(now) == 1):
                break
        else:
            raise AssertionError("the workers were not replaced")
        time.sleep(0.5)
        for _ in range(20):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=3) as r:
                assert r.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=30)


# ---------------------------------------------------------------- a later HTTP/1 is HTTP/1.1, Host and all

NO_HOST = {"en": "an HTTP/1.1 request names its host in a Host header",
           "ru": "запрос HTTP/1.1 должен называть сервер в заголовке Host"}


@pytest.mark.parametrize("minor", [2, 5, 9])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("request_line,extra", [
    (b"GET /healthz", b""),
    (b"GET /nope", b""),
    (b"POST /v1/games/thousand/score", b"Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"),
])
def test_a_later_http_1_without_host_is_refused_as_http_1_1_is(served, minor, lang, request_line, extra):
    # HTTP/1.2 to HTTP/1.9 without Host were served (200 with keep-alive, the app's 422 for a POST, 404) under a
    # status line of the client's version: they are HTTP/1.1 (RFC 9112 §2.6), which names its host (§3.2)
    port, _err = served
    head = b"%s HTTP/1.%d\r\nAccept-Language: %s\r\n" % (request_line, minor, lang.encode())
    answer = _exchange(port, head + (extra or b"\r\n"))
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
    status, headers, body = raw_requests.parse(answer)
    assert headers["connection"] == "close" and headers["content-language"] == lang
    doc = json.loads(body)
    assert doc["type"].endswith("/bad-request") and doc["detail"] == NO_HOST[lang]


@pytest.mark.parametrize("minor", [2, 9])
def test_a_later_http_1_with_host_is_answered_as_http_1_1(served, minor):
    # the boundary: with its Host, HTTP/1.2 is served, under the version the server speaks, and keeps its
    # connection as HTTP/1.1 does (two answers on one connection)
    port, _err = served
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        f = s.makefile("rb")
        for path, status in ((b"/healthz", 200), (b"/nope", 404)):
            s.sendall(b"GET %s HTTP/1.%d\r\nHost: x\r\n\r\n" % (path, minor))
            assert f.readline() == b"HTTP/1.1 %d %s\r\n" % (status, b"OK" if status == 200 else b"NOT FOUND")
            headers = {}
            while (line := f.readline()) != b"\r\n":
                k, v = line.decode("latin-1").split(":", 1)
                headers[k.strip().lower()] = v.strip()
            assert headers.get("connection", "keep-alive").lower() != "close"
            f.read(int(headers["content-length"]))


@pytest.mark.parametrize("version,status", [(b"1.0", 200), (b"1.1", 400)])
def test_host_is_required_from_http_1_1_on(served, version, status):
    # the boundary one step under: HTTP/1.0 needs no Host; HTTP/1.1 does
    port, _err = served
    answer = _exchange(port, b"GET /healthz HTTP/%s\r\n\r\n" % version)
    assert raw_requests.parse(answer)[0] == status
