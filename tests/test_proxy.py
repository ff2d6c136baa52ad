"""Referee behind the buffering proxy of deploy/ (issue 20): ``scripts/serve-proxied`` starts Debian's nginx in front
of gunicorn, as the README advises facing the open internet.  Slow and stalled clients wait in nginx, which hands
gunicorn only whole requests, so a normal client keeps being answered; what nginx refuses itself is answered as the
app answers it.  (``scripts/test`` installs nginx when it is missing.)"""
import contextlib
import http.client
import json
import os
import pathlib
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.http import raw_requests
from tests.thousand_helpers import points_deal, score_body
from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))
SECURITY = {"x-content-type-options": "nosniff", "x-frame-options": "DENY", "referrer-policy": "no-referrer",
            "content-security-policy": "default-src 'none'; frame-ancestors 'none'", "cache-control": "no-store"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


GENEROUS = {"REFEREE_PROXY_CONNECTIONS": "1000", "REFEREE_PROXY_RATE": "100000", "REFEREE_PROXY_BURST": "100000"}


@contextlib.contextmanager
def serve_proxied(**settings):
    """``scripts/serve-proxied`` as the README runs it, on free ports, with two gunicorn instances of one worker
    each: (the port nginx listens on, the script's process, the file its output (nginx's log) goes to, the file its
    errors (gunicorn's and the app's log lines) go to)."""
    port, up1, up2 = _free_port(), _free_port(), _free_port()
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_UPSTREAM": f"127.0.0.1:{up1},127.0.0.1:{up2}",
           "REFEREE_WORKERS": "1", "REFEREE_LOG_LEVEL": "WARNING", **settings}
    log = tempfile.NamedTemporaryFile()  # noqa: SIM115 (read by the caller after the server stops)
    out = tempfile.NamedTemporaryFile()  # noqa: SIM115
    proc = subprocess.Popen([str(ROOT / "scripts" / "serve-proxied")], cwd=ROOT, env=env, stdout=out,
                            stderr=log, start_new_session=True)
    try:
        for _ in range(600):
            if proc.poll() is not None:
                break
            try:
                for upstream in (up1, up2):        # both instances up, and nginx in front
                    urllib.request.urlopen(f"http://127.0.0.1:{upstream}/healthz", timeout=1)
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("scripts/serve-proxied did not answer within 60 s")
        if proc.poll() is not None:
            log.seek(0)
            raise AssertionError("scripts/serve-proxied stopped: " + log.read().decode(errors="replace")[-2000:])
        yield port, proc, out.name, log.name
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
        log.close()
        out.close()


@pytest.fixture(scope="module")
def proxied_server():
    """``scripts/serve-proxied`` with per-address limits out of the way, the app logging each request."""
    with serve_proxied(**GENEROUS, REFEREE_LOG_LEVEL="INFO") as served:
        yield served


@pytest.fixture(scope="module")
def proxied(proxied_server):
    """The port of nginx under ``scripts/serve-proxied``, with per-address limits out of the way."""
    return proxied_server[0]


def exchange(port: int, raw: bytes, timeout: float = 10) -> bytes:
    """Send ``raw`` on a fresh connection and read one answer (until the body's Content-Length, or the close)."""
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(timeout)
    s.sendall(raw)
    out = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        out += chunk
        head, sep, body = out.partition(b"\r\n\r\n")
        length = [ln.split(b":")[1] for ln in head.split(b"\r\n") if ln.lower().startswith(b"content-length:")]
        if sep and length and len(body) >= int(length[0]):
            break
    s.close()
    return out


def parse(answer: bytes) -> tuple[int, dict, bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers: dict = {}
    for ln in lines[1:]:
        k, v = ln.split(":", 1)
        headers.setdefault(k.strip().lower(), []).append(v.strip())
    return int(lines[0].split()[1]), headers, body


def assert_problem(answer: bytes, status: int, kind: str, lang: str = "en") -> dict:
    got, headers, body = parse(answer)
    assert got == status, answer[:300]
    assert headers["content-type"] == ["application/problem+json"] and headers["content-language"] == [lang]
    for name, value in SECURITY.items():        # each security header once, as the app sends it
        assert headers[name] == [value], name
    assert len(headers["x-request-id"]) == 1
    doc = json.loads(body)
    assert doc["type"] == "https://referee.example/problems/" + kind and doc["status"] == status
    return doc


# ---------------------------------------------------------------- slow and stalled clients

HEAD = b"POST /v1/games/thousand/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"


class SlowClients:
    """``n`` connections that never finish a request, kept up from a thread: a quarter connect and send nothing, a
    quarter send half a request line and stall, a quarter trickle their headers a byte every half second, a quarter
    send whole headers and trickle a body they never finish.  One that the server drops (with whatever answer it
    gave, kept in ``answers``) connects again at once, as the probe's 200 reconnecting clients did."""

    SCRIPTS = (b"", b"POST /v1/games/thou", HEAD + b"Content-Length: 10\r\n\r\n{}",
               HEAD + b"Content-Length: 1000\r\n\r\n{\"players\": [\"Anna\", ")

    def __init__(self, port: int, n: int = 200) -> None:
        self.port = port
        self.n = n
        self.sel = selectors.DefaultSelector()
        self.answers: list[bytes] = []
        self.reconnects = 0
        self.stop = threading.Event()
        self.lock = threading.Lock()          # held while dropped clients connect again, so that open() counts them
        self.thread = threading.Thread(target=self.run, daemon=True)
        for i in range(n):
            self.connect(i % 4)

    def connect(self, kind: int) -> None:
        s = socket.create_connection(("127.0.0.1", self.port))
        s.setblocking(False)
        script = self.SCRIPTS[kind]
        sent = {0: 0, 1: len(script), 2: len(HEAD) // 2, 3: len(HEAD) + 40}[kind]    # what is sent at once
        s.send(script[:sent])
        self.sel.register(s, selectors.EVENT_READ, {"kind": kind, "sent": sent, "got": b""})

    def open(self) -> int:
        with self.lock:
            return len(self.sel.get_map())

    def run(self) -> None:
        last = time.monotonic()
        while not self.stop.is_set():
            events = self.sel.select(timeout=0.1)
            with self.lock:
                self.serve(events)
            if time.monotonic() - last >= 0.5:       # one more byte from each trickling client
                last = time.monotonic()
                for key in list(self.sel.get_map().values()):
                    script = self.SCRIPTS[key.data["kind"]]
                    if key.data["kind"] in (2, 3) and key.data["sent"] < len(script) - 1:
                        try:
                            key.fileobj.send(script[key.data["sent"]:key.data["sent"] + 1])
                            key.data["sent"] += 1
                        except OSError:
                            pass

    def serve(self, events) -> None:
        """Read what the server sent; a client it dropped connects again."""
        for key, _ in events:
            try:
                data = key.fileobj.recv(65536)
            except OSError:
                data = b""
            if data:
                key.data["got"] += data
                continue
            self.sel.unregister(key.fileobj)
            key.fileobj.close()
            if key.data["got"]:
                self.answers.append(key.data["got"])
            self.reconnects += 1
            self.connect(key.data["kind"])

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join(timeout=10)
        for key in list(self.sel.get_map().values()):
            key.fileobj.close()
        self.sel.close()


def test_200_slow_clients_behind_the_proxy_leave_the_service_answering(proxied):
    # Straight on gunicorn, 24 stalled connections held a normal request back for 6.5 s and 200 reconnecting ones
    # stopped the service (0 of 3 requests answered in 45 s).  Behind nginx, for 12 s (past nginx's 10 s timeouts,
    # so that dropped clients come back), a normal client is answered within 1 s every time, on one gunicorn worker.
    url = f"http://127.0.0.1:{proxied}"
    body = json.dumps(GOOD).encode()
    expected = create_app().test_client().post("/v1/games/thousand/score", json=GOOD).get_json()
    slowest, rounds = 0.0, 0
    with SlowClients(proxied) as slow:
        started = time.monotonic()
        while time.monotonic() - started < 12:
            assert slow.open() >= 195              # the slow clients are there all along
            t0 = time.monotonic()
            with urllib.request.urlopen(url + "/healthz", timeout=1) as r:
                assert json.loads(r.read()) == {"status": "ok"}
            req = urllib.request.Request(url + "/v1/games/thousand/score", data=body,
                                         headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=1) as r:
                assert json.loads(r.read()) == expected
            slowest = max(slowest, time.monotonic() - t0)
            rounds += 1
            time.sleep(0.2)
        assert slow.open() >= 195
    assert rounds >= 20 and slowest < 1, (rounds, slowest)
    assert slow.reconnects >= 100        # nginx dropped the stalled ones after its timeouts, and they came back
    for answer in slow.answers:          # whatever a dropped client was told is a problem, never an HTML page
        if answer.startswith(b"HTTP/"):
            assert b"application/problem+json" in answer.split(b"\r\n\r\n")[0], answer[:200]


# ---------------------------------------------------------------- what passes through, what nginx refuses

def test_the_apps_answers_pass_through_unchanged(proxied):
    raw = json.dumps(GOOD).encode()
    answer = exchange(proxied, HEAD + b"Content-Length: %d\r\nX-Request-Id: table-7.deal-12\r\nConnection: close\r\n"
                      b"\r\n" % len(raw) + raw)
    status, headers, body = parse(answer)
    assert status == 200 and json.loads(body) == create_app().test_client().post(
        "/v1/games/thousand/score", json=GOOD).get_json()
    assert headers["x-request-id"] == ["table-7.deal-12"]
    for name, value in SECURITY.items():
        assert headers[name] == [value], name
    # the app's own problems too: an unknown variant, in Russian
    answer = exchange(proxied, b"GET /v1/games/thousand/variants/nope HTTP/1.1\r\nHost: x\r\nAccept-Language: ru\r\n"
                      b"Connection: close\r\n\r\n")
    assert assert_problem(answer, 404, "not-found", "ru")["errors"][0]["parameter"] == "variant"


def test_a_body_over_256_kib_is_refused_by_nginx_as_by_the_app(proxied):
    at_limit = b"[" + b" " * (256 * 1024 - 2) + b"]"             # 256 KiB exactly: the app reads and judges it
    answer = exchange(proxied, HEAD + b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(at_limit) + at_limit)
    assert assert_problem(answer, 422, "invalid-input")["errors"][0]["detail"] == "the body must be a JSON object"
    over = at_limit + b" "
    answer = exchange(proxied, HEAD + b"Content-Length: %d\r\nAccept-Language: ru-RU, en;q=0.5\r\n\r\n" % len(over)
                      + over)
    doc = assert_problem(answer, 413, "payload-too-large", "ru")
    with_app = create_app().test_client().post("/v1/games/thousand/score", data=over,
                                               headers={"Content-Type": "application/json", "Accept-Language": "ru"})
    assert doc == with_app.get_json()


@pytest.mark.parametrize("raw,status,kind", [
    (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "uri-too-long"),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n", 431, "header-fields-too-large"),
    (HEAD + b"Transfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", 501, "unsupported-transfer-coding"),
    (b"GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n", 505, "http-version-not-supported"),
    (b"GET /healthz HTTP/1.1\r\n\r\n", 400, "bad-request"),                       # no Host
    (b"GET /_problem/400.en.json HTTP/1.1\r\nHost: x\r\n\r\n", 404, "not-found"),  # nginx's own pages are internal
    (b"GET //v1/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 404, "not-found"),   # the app's answer
])
def test_what_nginx_refuses_is_a_problem(proxied, raw, status, kind):
    assert_problem(exchange(proxied, raw), status, kind)


def test_a_trickling_client_is_no_burden_to_gunicorn(proxied):
    # a byte every 0.3 s: gunicorn would give it its 10 s read timeout and a thread; nginx takes the request whole
    # and gunicorn answers it at once
    raw = json.dumps(GOOD).encode()
    request = HEAD + b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(raw) + raw
    s = socket.create_connection(("127.0.0.1", proxied))
    s.settimeout(10)
    s.sendall(request[:-8])
    for i in range(8):
        time.sleep(0.3)
        s.send(request[-8 + i:len(request) - 7 + i])
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += s.recv(65536)
    s.close()
    assert answer.startswith(b"HTTP/1.1 200 ")


def test_the_problem_bodies_of_nginx_are_up_to_date():
    # deploy/nginx/problems/ holds nginx's own answers in every language of the catalog, written from wsgi.FRAMING by
    # deploy/nginx/make_problems.py; a text changed in the catalog changes them
    sys.path.insert(0, str(ROOT / "deploy" / "nginx"))
    try:
        import make_problems
    finally:
        sys.path.pop(0)
    wanted = make_problems.bodies()
    folder = ROOT / "deploy" / "nginx" / "problems"
    assert {p.name: p.read_text(encoding="utf-8") for p in folder.glob("*.json")} == wanted
    conf = (ROOT / "deploy" / "nginx" / "referee-server.conf").read_text()
    for status in make_problems.STATUSES:        # each has its error_page line
        assert f"/_problem/{status}.$referee_language.json" in conf


def _nginx_run(run: str, site: str) -> list[str]:
    """deploy/nginx's whole configuration in the folder ``run``, with ``site`` as referee.conf: the command that
    runs it."""
    pathlib.Path(run, "tmp").mkdir()
    conf = (ROOT / "deploy" / "nginx" / "nginx.conf").read_text()
    if os.geteuid() != 0:
        conf = "\n".join(ln for ln in conf.splitlines() if not ln.startswith("user "))
    pathlib.Path(run, "nginx.conf").write_text(conf)
    pathlib.Path(run, "referee.conf").write_text(site)
    server = (ROOT / "deploy" / "nginx" / "referee-server.conf").read_text()
    pathlib.Path(run, "referee-server.conf").write_text(server.replace("/var/log/nginx/referee.log", "/dev/null")
                                                        .replace("/srv/referee/deploy/nginx/", str(ROOT / "deploy" / "nginx") + "/"))
    return [shutil.which("nginx") or "/usr/sbin/nginx", "-p", run + "/", "-c", run + "/nginx.conf"]


def test_the_nginx_configuration_is_valid():
    with tempfile.TemporaryDirectory() as run:
        nginx = _nginx_run(run, (ROOT / "deploy" / "nginx" / "referee.conf").read_text())
        check = subprocess.run([*nginx, "-t"], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr


def test_the_tls_server_sends_hsts_and_the_plain_one_does_not(proxied):
    # referee-tls.conf in place of the plain server block, with a certificate made for the test: every answer over
    # TLS carries HSTS (here nginx's own 404 problem, since no gunicorn stands behind it); over plain HTTP none does
    tls, plain = _free_port(), _free_port()
    with tempfile.TemporaryDirectory() as run:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                        "/CN=127.0.0.1", "-keyout", f"{run}/key.pem", "-out", f"{run}/cert.pem"],
                       check=True, capture_output=True, timeout=30)
        site = (ROOT / "deploy" / "nginx" / "referee.conf").read_text()
        site = site[:site.rindex("server {")]
        block = (ROOT / "deploy" / "nginx" / "referee-tls.conf").read_text()
        block = "\n".join(ln for ln in block.splitlines() if "[::]" not in ln)
        block = (block.replace("listen 443 ssl", f"listen 127.0.0.1:{tls} ssl")
                 .replace("listen 80;", f"listen 127.0.0.1:{plain};")
                 .replace("/etc/letsencrypt/live/referee.example/fullchain.pem", f"{run}/cert.pem")
                 .replace("/etc/letsencrypt/live/referee.example/privkey.pem", f"{run}/key.pem"))
        nginx = _nginx_run(run, site + block)
        pathlib.Path(run, "problems").mkdir()
        server = pathlib.Path(run, "referee-server.conf")
        server.write_text(server.read_text().replace(str(ROOT / "deploy" / "nginx" / "problems"), run + "/problems"))
        for f in (ROOT / "deploy" / "nginx" / "problems").glob("*.json"):
            shutil.copy(f, pathlib.Path(run, "problems", f.name))
        os.chmod(run, 0o755)
        proc = subprocess.Popen([*nginx, "-g", "daemon off;"], stderr=subprocess.PIPE)
        time.sleep(0.5)
        assert proc.poll() is None, proc.stderr.read()
        try:
            import ssl
            ctx = ssl.create_default_context(cafile=f"{run}/cert.pem")
            ctx.check_hostname = False
            for _ in range(100):
                try:
                    raw = socket.create_connection(("127.0.0.1", tls), timeout=5)
                    break
                except OSError:
                    time.sleep(0.05)
            with ctx.wrap_socket(raw) as s:
                s.sendall(b"GET /_problem/400.en.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                answer = b""
                while chunk := s.recv(65536):
                    answer += chunk
            status, headers, _body = parse(answer)
            assert status == 404 and headers["strict-transport-security"] == ["max-age=63072000; includeSubDomains"]
            redirect = parse(exchange(plain, b"GET /v1/games?x=1 HTTP/1.1\r\nHost: referee.example\r\n\r\n"))
            assert redirect[0] == 308 and redirect[1]["location"] == ["https://referee.example/v1/games?x=1"]
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    for raw in (b"GET /_problem/400.en.json HTTP/1.1\r\nHost: x\r\n\r\n",
                b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"):
        assert "strict-transport-security" not in parse(exchange(proxied, raw))[1]


# ---------------------------------------------------------------- a fair share for each client address

def _statuses(port: int, n: int, path: str = "/healthz") -> list[tuple[int, dict, bytes]]:
    """``n`` requests one after another, each on its own connection, as fast as they go."""
    return [parse(exchange(port, b"GET %s HTTP/1.1\r\nHost: x\r\nAccept-Language: ru\r\nConnection: close\r\n\r\n"
                           % path.encode())) for _ in range(n)]


def test_one_address_gets_its_rate_and_burst_then_429_with_retry_after():
    # a rate of 1 request a second with a burst of 5: of 10 requests sent within a fraction of a second, the first
    # and the 5 of the burst are served (6), the other 4 are refused with 429, problem+json, Retry-After: 2 (the
    # setting), in the client's language; a second later the address has its turn again
    with serve_proxied(REFEREE_PROXY_RATE="1", REFEREE_PROXY_BURST="5", REFEREE_PROXY_RETRY_AFTER="2") as (port, *_):
        time.sleep(1.1)                       # the start-up's probe had its token back
        started = time.monotonic()
        got = _statuses(port, 10)
        assert time.monotonic() - started < 0.8
        assert [g[0] for g in got] == [200] * 6 + [429] * 4
        status, headers, body = got[-1]
        assert headers["retry-after"] == ["2"] and headers["content-type"] == ["application/problem+json"]
        doc = json.loads(body)
        assert doc["type"].endswith("/too-many-requests") and doc["status"] == 429 and headers["content-language"] == ["ru"]
        for name, value in SECURITY.items():
            assert headers[name] == [value], name
        time.sleep(1.1)
        assert [g[0] for g in _statuses(port, 1)] == [200]


def _once_settled(port: int, request: bytes, status: int, within: float = 5.0) -> bytes:
    """The answer to ``request`` once nginx has caught up with the connections just opened or closed (it counts them
    as it reads their headers): the first answer with ``status``, or the last one when ``within`` seconds pass."""
    end = time.monotonic() + within
    while True:
        answer = exchange(port, request)
        if parse(answer)[0] == status or time.monotonic() > end:
            return answer
        time.sleep(0.1)


def _hold_three_then_probe(port: int) -> tuple[list[socket.socket], bytes]:
    """Three requests in progress from one address (their bodies still on the way), checking that two leave room for
    another request; then the answer to a fourth, once nginx has counted them."""
    raw = json.dumps(GOOD).encode()
    held = []
    for _ in range(2):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(HEAD + b"Content-Length: %d\r\n\r\n" % len(raw) + raw[:10])
        held.append(s)
    time.sleep(0.3)
    assert parse(exchange(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))[0] == 200
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(HEAD + b"Content-Length: %d\r\n\r\n" % len(raw) + raw[:10])
    held.append(s)
    probe = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    return held, _once_settled(port, probe, 429)


def test_one_address_holds_at_most_its_requests_in_progress():
    # 3 requests in progress from one address (their bodies still on the way) are the limit: a 4th is refused with
    # 429 at once while a 3rd is still fine; once one of them ends, the address is served again.
    # Known flake, cause not found: after other tests of this module, nginx now and then answered the 4th with 200
    # for the whole 5 s (seen twice in the full module, never alone; once more on a loaded CI, three times running);
    # the scenario is tried afresh up to five times
    raw = json.dumps(GOOD).encode()
    probe = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    for attempt in range(5):
        with serve_proxied(REFEREE_PROXY_CONNECTIONS="3") as (port, *_):
            held, answer = _hold_three_then_probe(port)
            try:
                if parse(answer)[0] != 429 and attempt < 4:
                    continue
                assert_problem(answer, 429, "too-many-requests")
                held[0].sendall(raw[10:])             # one finishes its request and is answered
                held[0].settimeout(5)
                assert held[0].recv(65536).startswith(b"HTTP/1.1 200 ")
                held[0].close()
                assert parse(_once_settled(port, probe, 200))[0] == 200
                return
            finally:
                for s in held:
                    s.close()


# ---------------------------------------------------------------- kills and stops behind two upstreams

def _children(pid: int) -> list[int]:
    try:
        text = pathlib.Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def _cmdline(pid: int) -> bytes:
    """A process's command line; empty for one that has ended since it was listed (the script's short-lived
    children, such as its readiness probes, come and go)."""
    try:
        return pathlib.Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _gunicorn_masters(script_pid: int) -> list[int]:
    return [p for p in _children(script_pid) if b"gunicorn" in _cmdline(p)]


class Load:
    """``n`` clients posting a good body over keep-alive connections until stopped: every answer is counted,
    and anything but a 200 with the expected answer is an error the client saw."""

    def __init__(self, port: int, n: int = 8) -> None:
        self.url = f"http://127.0.0.1:{port}/v1/games/thousand/score"
        self.body = json.dumps(GOOD).encode()
        self.expected = create_app().test_client().post("/v1/games/thousand/score", json=GOOD).get_json()
        self.ok = 0
        self.errors: list[str] = []
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self.run, daemon=True) for _ in range(n)]

    def run(self) -> None:
        while not self.stop.is_set():
            req = urllib.request.Request(self.url, data=self.body, headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(req, timeout=20) as r:
                    if json.loads(r.read()) == self.expected:
                        self.ok += 1
                        continue
                    self.errors.append("wrong answer")
            except urllib.error.HTTPError as e:
                self.errors.append(f"{e.code}")
            except (OSError, http.client.HTTPException, ValueError) as e:    # a reset, a cut answer, broken JSON
                self.errors.append(repr(e))

    def __enter__(self):
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for t in self.threads:
            t.join(timeout=30)


def test_a_killed_worker_costs_clients_nothing_behind_two_upstreams():
    # SIGKILL, as the OOM killer would, a worker of one instance then the other under load, six times: a request
    # the dead worker had not begun to answer fails between nginx and gunicorn, and nginx sends it once more to the
    # other instance; one it was answering is reset before its head is out (an answer goes out whole or not at all,
    # referee.http.serving), so nginx can send that one again too.  Without that, 1 and 2 answers of 20 kills
    # came back cut short (IncompleteRead); now no client sees an error
    with serve_proxied(**GENEROUS) as (port, proc, *_):
        with Load(port, n=12) as load:
            time.sleep(1)
            for i in range(6):
                master = _gunicorn_masters(proc.pid)[i % 2]
                workers = _children(master)
                if workers:
                    os.kill(workers[0], signal.SIGKILL)
                time.sleep(0.8)
        assert load.errors == [] and load.ok > 100, (load.errors[:5], load.ok)


def test_sigterm_under_load_loses_no_request():
    # a gunicorn instance stopped (SIGTERM, as systemd stops it for a restart) under load finishes what it has
    # accepted; what it no longer takes, and a kept-alive connection it closes under nginx, goes to the other
    # instance: no client sees an error.  nginx logs every request on which an upstream failed: those first sent to
    # the stopped instance, answered by the other
    with serve_proxied(**GENEROUS) as (port, proc, log, _errors):
        with Load(port) as load:
            time.sleep(1)
            first = _gunicorn_masters(proc.pid)[0]
            os.kill(first, signal.SIGTERM)
            time.sleep(3)
        assert load.errors == [] and load.ok > 50, (load.errors[:5], load.ok)
        for _ in range(4):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as r:
                assert r.status == 200
        time.sleep(0.3)
        lines = [json.loads(ln) for ln in pathlib.Path(log).read_text().splitlines() if ln.startswith("{")]
        retried = [ln for ln in lines if "502" in ln["upstream_status"]]
        assert len(retried) >= 2 and all(ln["status"] == 200 and ln["upstream_status"].endswith("200")
                                         for ln in retried), lines[-5:]


def test_a_chunk_size_past_any_body_is_refused_at_once(proxied):
    # a chunk of 2**96 bytes held a gunicorn thread for its read timeout and was then answered 408; nginx refuses
    # the size as it reads it, before anything reaches gunicorn
    size = b"%x" % 2 ** 96
    started = time.monotonic()
    answer = exchange(proxied, HEAD + b"Transfer-Encoding: chunked\r\n\r\n" + size + b"\r\n{}", timeout=5)
    assert time.monotonic() - started < 1
    assert_problem(answer, 400, "bad-request")


@pytest.mark.parametrize("name,value,line", [
    ("REFEREE_PROXY_RATE", "fast", "referee: REFEREE_PROXY_RATE='fast' is not a whole number from 1 to 1000000"),
    ("REFEREE_PROXY_CONNECTIONS", "0", "referee: REFEREE_PROXY_CONNECTIONS='0' is not a whole number from 1 to 100000"),
    ("REFEREE_UPSTREAM", "127.0.0.1:1,127.0.0.1:2,127.0.0.1:3",
     "referee: REFEREE_UPSTREAM='127.0.0.1:1,127.0.0.1:2,127.0.0.1:3' names one or two addresses (host:port), "
     "comma-separated"),
    # gunicorn's own settings too, before nginx starts (the script went on and exited 0)
    ("REFEREE_CORS_ORIGINS", "https://*.club.example", "referee: REFEREE_CORS_ORIGINS: 'https://*.club.example' has "
                                                       "a wildcard; list each origin in full (https://club.example)"),
    ("REFEREE_MAX_BODY", "1k", "referee: REFEREE_MAX_BODY='1k' is not a whole number"),
])
def test_a_proxy_setting_that_cannot_be_used_stops_the_start_with_one_line(name, value, line):
    r = subprocess.run([str(ROOT / "scripts" / "serve-proxied")], cwd=ROOT, env={**os.environ, name: value},
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and r.stderr.strip().splitlines()[-1] == line


def test_9000_idle_connections_leave_room_for_normal_clients(proxied):
    # 9,000 connections that said nothing (or trickled a byte every 8 s) filled nginx's 2 x 4,096 connections: 4 of
    # 47 normal requests were answered.  With 16,384 a worker (and the descriptors for them), nginx takes all 9,000
    # (each connection is accepted at once) and answers every normal request while they wait
    idle = []
    try:
        started, misses = time.monotonic(), 0
        # a loaded machine (the whole suite on two cores) may leave one connect unanswered for half a second: three
        # in a row say nginx no longer accepts (its connections are full), and the time allowed is a minute
        while len(idle) < 9000 and misses < 3 and time.monotonic() - started < 60:
            s = socket.socket()
            s.settimeout(0.5)
            try:
                s.connect(("127.0.0.1", proxied))
            except OSError:
                s.close()
                misses += 1
                time.sleep(0.2)
                continue
            misses = 0
            idle.append(s)
        time.sleep(0.5)
        taken = len(idle)
        assert taken == 9000          # with 2 x 4,096 connections: 8,943 (the rest of the listen queue)
        answered = 0
        for _ in range(20):
            with urllib.request.urlopen(f"http://127.0.0.1:{proxied}/healthz", timeout=2) as r:
                answered += r.status == 200
        assert answered == 20
    finally:
        for s in idle:
            s.close()


# ---------------------------------------------------------------- the probe's smaller faults, behind the proxy

@pytest.mark.parametrize("name,raw,check", raw_requests.PROBES, ids=[p[0] for p in raw_requests.PROBES])
def test_raw_requests_answered_behind_the_proxy(proxied, name, raw, check):
    check(*raw_requests.parse(raw_requests.exchange(proxied, raw)))


def test_the_log_names_the_client_as_the_proxy_saw_it(proxied_server):
    # a client on 127.0.0.2 claiming another address in X-Real-IP and X-Forwarded-For: nginx replaces both with
    # the address it saw, gunicorn's app believes it from nginx (127.0.0.1, REFEREE_TRUSTED_PROXIES), and the log
    # line names 127.0.0.2; a client on 127.0.0.1 is named 127.0.0.1
    port, _proc, _out, errors = proxied_server
    for source, request_id in (("127.0.0.2", "claims-another"), ("127.0.0.1", "plain")):
        claim = b"X-Real-IP: 203.0.113.7\r\nX-Forwarded-For: 203.0.113.8\r\n" if request_id != "plain" else b""
        raw = raw_requests.get("/healthz", claim + b"X-Request-Id: %s\r\n" % request_id.encode())
        assert raw_requests.parse(raw_requests.exchange(port, raw, source=source))[0] == 200
    time.sleep(0.3)
    lines = [json.loads(ln) for ln in pathlib.Path(errors).read_text().splitlines() if ln.startswith("{")]
    clients = {ln["request_id"]: ln["client"] for ln in lines if ln.get("message") == "request"}
    assert clients["claims-another"] == "127.0.0.2" and clients["plain"] == "127.0.0.1"
