"""Referee behind the buffering proxy of deploy/ (issue 20): ``scripts/serve-proxied`` starts Debian's nginx in front
of gunicorn, as the README advises facing the open internet.  Slow and stalled clients wait in nginx, which hands
gunicorn only whole requests, so a normal client keeps being answered; what nginx refuses itself is answered as the
app answers it.  (``scripts/test`` installs nginx when it is missing.)"""
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


@pytest.fixture(scope="module")
def proxied():
    """``scripts/serve-proxied`` as the README runs it, on free ports, with one gunicorn worker: the port nginx
    listens on."""
    port, upstream = _free_port(), _free_port()
    env = {**os.environ, "REFEREE_BIND": f"127.0.0.1:{port}", "REFEREE_UPSTREAM": f"127.0.0.1:{upstream}",
           "REFEREE_WORKERS": "1", "REFEREE_LOG_LEVEL": "WARNING"}
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([str(ROOT / "scripts" / "serve-proxied")], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=log, start_new_session=True)
    try:
        for _ in range(600):
            if proc.poll() is not None:
                break
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("scripts/serve-proxied did not answer within 60 s")
        if proc.poll() is not None:
            log.seek(0)
            raise AssertionError("scripts/serve-proxied stopped: " + log.read().decode(errors="replace")[-2000:])
        yield port
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
        log.close()


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
    conf = (ROOT / "deploy" / "nginx" / "referee.conf").read_text()
    for status in make_problems.STATUSES:        # each has its error_page line
        assert f"/_problem/{status}.$referee_language.json" in conf


def test_the_nginx_configuration_is_valid():
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    with tempfile.TemporaryDirectory() as run:
        pathlib.Path(run, "tmp").mkdir()
        conf = (ROOT / "deploy" / "nginx" / "nginx.conf").read_text()
        if os.geteuid() != 0:
            conf = "\n".join(ln for ln in conf.splitlines() if not ln.startswith("user "))
        pathlib.Path(run, "nginx.conf").write_text(conf)
        site = (ROOT / "deploy" / "nginx" / "referee.conf").read_text().replace(
            "/var/log/nginx/referee.log", "/dev/null")
        pathlib.Path(run, "referee.conf").write_text(site)
        check = subprocess.run([nginx, "-p", run + "/", "-c", run + "/nginx.conf", "-t"], capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
