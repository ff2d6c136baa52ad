"""Raw HTTP/1.1 requests with framing and header faults (bad chunk sizes, odd versions, repeated or missing headers,
…), each sent on a fresh loopback connection to gunicorn alone (tests/http/test_gunicorn_alone.py) and behind the
proxy (tests/test_proxy.py).  Each is (its name, the raw request, a check of the answer's status, headers and body);
the check holds for both servers."""
from __future__ import annotations

import json
import pathlib
import socket
from collections.abc import Callable

from thousand_helpers import points_deal, score_body

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))


def exchange(port: int, raw: bytes, timeout: float = 10, source: str | None = None) -> bytes:
    """Send ``raw`` on a fresh connection (from the address ``source`` if given) and read one answer, until its
    Content-Length or the close."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                  source_address=(source, 0) if source else None) as s:
        s.sendall(raw)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
            head, sep, body = out.partition(b"\r\n\r\n")
            length = [ln.split(b":")[1] for ln in head.split(b"\r\n") if ln.lower().startswith(b"content-length:")]
            if sep and length and len(body) >= int(length[0]):
                break
    return out


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for ln in lines[1:]:
        k, v = ln.split(":", 1)
        headers[k.strip().lower()] = v.strip()
    return int(lines[0].split()[1]), headers, body


def post(body: bytes, lang: str = "en", path: str = "/v1/games/thousand/score") -> bytes:
    return (b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept-Language: %s\r\n"
            b"Content-Length: %d\r\nConnection: close\r\n\r\n" % (path.encode(), lang.encode(), len(body)) + body)


def get(path: str, extra: bytes = b"") -> bytes:
    return b"GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n%s\r\n" % (path.encode(), extra)


def players(*names: str) -> bytes:
    return json.dumps({**GOOD, "players": list(names), "dealer": names[2]}).encode()


def problem(status: int, kind: str, pointer: str | None = None) -> Callable:
    def check(got: int, headers: dict, body: bytes) -> None:
        assert got == status and headers["content-type"] == "application/problem+json", (got, body[:200])
        doc = json.loads(body)
        assert doc["type"] == "https://referee.example/problems/" + kind
        if pointer is not None:
            assert doc["errors"][0]["pointer"] == pointer, doc
    return check


def same_as_without_bom(lang: str) -> Callable:
    def check(got: int, headers: dict, body: bytes) -> None:
        from wsgi import create_app
        plain = create_app().test_client().post("/v1/games/thousand/score", json=GOOD,
                                                headers={"Accept-Language": lang})
        assert got == 200 and json.loads(body) == plain.get_json()
    return check


def asset(got: int, headers: dict, body: bytes) -> None:
    # a fingerprint in the query is taken (it was a 400) and the file may be kept (it was no-store)
    assert got == 200 and body == (ROOT / "web" / "static" / "page.js").read_bytes()
    assert headers["cache-control"] == "public, max-age=31536000, immutable"


def isolated_page(got: int, headers: dict, body: bytes) -> None:
    assert got == 200 and headers["content-type"].startswith("text/html")
    assert headers["cross-origin-opener-policy"] == "same-origin"
    assert headers["cross-origin-resource-policy"] == "same-origin"
    assert "camera=()" in headers["permissions-policy"] and "geolocation=()" in headers["permissions-policy"]


# 776 KB of header fields, as the probe sent them: 98 fields of 7,920 bytes beside Host and Connection (within
# gunicorn's 100 fields of 8 KiB, past nginx's 4 buffers of 8 KiB and the app's 32 KiB in all)
HEAVY_HEADERS = b"".join(b"X-Fill-%02d: %s\r\n" % (i, b"v" * 7907) for i in range(98))

PROBES = [
    ("a name of U+3164 alone", post(players("Anna", "\u3164", "Vera")), problem(422, "invalid-input", "/players/1")),
    ("a name of U+2800 alone", post(players("Anna", "\u2800", "Vera")), problem(422, "invalid-input", "/players/1")),
    ("Anna beside Anna + U+2800", post(players("Anna", "Anna\u2800", "Vera")),
     problem(422, "invalid-input", "/players")),
    ("HTTP/1.1 without Host", b"GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n", problem(400, "bad-request")),
    ("776 KB of header fields", get("/healthz", HEAVY_HEADERS), problem(431, "header-fields-too-large")),
    ("a BOM, in English", post(b"\xef\xbb\xbf" + json.dumps(GOOD).encode()), same_as_without_bom("en")),
    ("a BOM, in Russian", post(b"\xef\xbb\xbf" + json.dumps(GOOD).encode(), "ru"), same_as_without_bom("ru")),
    ("/assets/page.js?v=1", get("/assets/page.js?v=1"), asset),
    ("the page's headers", get("/"), isolated_page),
]
