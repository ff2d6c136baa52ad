"""Show that a change of the HTTP layer changed no response: status, headers as a list (names, values and order) and
body of a spread of requests, under each combination of CORS and metrics, then compare two such runs.

    .venv/bin/python scripts/compare_responses.py record /tmp/before.jsonl
    (change the code, or run the copy of this script in another checkout)
    .venv/bin/python scripts/compare_responses.py record /tmp/after.jsonl
    .venv/bin/python scripts/compare_responses.py diff /tmp/before.jsonl /tmp/after.jsonl

The spread: every route of the API (GET and POST, each example body in English and Russian, logs with an event
left out, which mostly break a rule), its faults (bad JSON, invalid and unknown input, media types and codings, sizes,
query parameters, paths, methods, header limits, a missing Host), languages as clients send them, request ids given
and refused, OPTIONS and CORS preflights, the page, /docs, the spec and the static files (plain and compressed,
conditional), and last the counts of ``/metrics``.  Each request's log line is kept too (its keys, in order, and
values).  What differs by nature is replaced before the comparison: a generated request id (checked to be a UUID4's
hex), a static file's Date, a gzip stream's time, the log line's time and duration, and the timings of
``/metrics``.  Each configuration runs in a fresh interpreter (the settings are read when the app is made), with a
fixed hash seed (the methods of an ``Allow`` header come from a set).
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = {
    "plain": {"REFEREE_METRICS": "on", "REFEREE_CORS_ORIGINS": ""},
    "no-metrics": {"REFEREE_METRICS": "off", "REFEREE_CORS_ORIGINS": ""},
    "cors": {"REFEREE_METRICS": "on", "REFEREE_CORS_ORIGINS": "https://table.example"},
    "cors-no-metrics": {"REFEREE_METRICS": "off", "REFEREE_CORS_ORIGINS": "https://table.example"},
}
UUID4_HEX = re.compile(r"[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}")
HTTP_DATE = re.compile(r"(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} "
                       r"\d\d:\d\d:\d\d GMT")
LANGUAGES = (None, "ru", "ru-RU,ru;q=0.9,en;q=0.8", "en;q=0.5, ru;q=0.8", "de", "ru;q=0", "*", "RU")


def _requests() -> list[dict]:
    """The spread, as keyword arguments of the test client's ``open`` (``path``, ``method``, ``headers``, ...)."""
    sys.path.insert(0, str(ROOT))
    from referee import registry
    from referee.settings import MAX_BODY
    from tests.example_bodies import CORPUS

    out: list[dict] = []

    def add(path, method="GET", lang=None, headers=None, **kw):
        h = dict(headers or {})
        if lang is not None:
            h["Accept-Language"] = lang
        out.append({"path": path, "method": method, "headers": h, **kw})

    gets = ["/healthz", "/livez", "/readyz", "/v1/games", "/v1/games?x=1", "/v1/games/nope/rules"]
    for gid, game in registry.GAMES.items():
        first_rule = next(iter(game.rulebook.rules))
        variant = next(iter(game.variants))
        gets += [f"/v1/games/{gid}/variants/{variant}", f"/v1/games/{gid}/variants/nope",
                 f"/v1/games/{gid}/rules", f"/v1/games/{gid}/rules?variant={variant}",
                 f"/v1/games/{gid}/rules?variant=nope", f"/v1/games/{gid}/rules?variant=a&variant=b",
                 f"/v1/games/{gid}/rules?other=1", f"/v1/games/{gid}/rules/{first_rule.split('/', 1)[1]}",
                 f"/v1/games/{gid}/rules/{first_rule}", f"/v1/games/{gid}/rules/99.99",
                 f"/v1/games/{gid}/rules/{first_rule}?variant={variant}", f"/v1/games/{gid}/rules/{first_rule}?x=1"]
    gets += ["/", "/?lang=ru", "/?lang=en", "/sheet", "/sheet?lang=ru", "/docs", "/docs?lang=ru&x=1",
             "/openapi.yaml", "/openapi.json", "/nope", "//v1/games", "/v1//games", "/v1/games/", "/assets/nope.js",
             "/docs/swagger-ui/swagger-ui.css", "/docs/swagger-ui/swagger-ui-bundle.js?v=1"]
    for f in sorted((ROOT / "web" / "static").iterdir()):
        gets += [f"/assets/{f.name}", f"/assets/{f.name}?v=abc"]
    for path in gets:
        for lang in (None, "ru"):
            add(path, lang=lang)
    for path in ("/assets/page.js", "/assets/page.css", "/", "/docs", "/openapi.yaml"):
        for coding in ("gzip", "br", "gzip, deflate, br, zstd"):
            add(path, headers={"Accept-Encoding": coding})
    add("/assets/page.js", headers={"If-Modified-Since": "Sun, 01 Jan 2090 00:00:00 GMT"})
    for lang in LANGUAGES:
        add("/v1/games", lang=lang)
        add("/v1/games/nope/rules", lang=lang)
    add("/healthz", method="HEAD")
    add("/v1/games", method="DELETE")
    add("/v1/games/thousand/score")                   # a POST route asked with GET: 405
    add("/v1/games/thousand/score", method="PUT", lang="ru")
    for path in ("/v1/games/thousand/score", "/v1/games", "/"):
        add(path, method="OPTIONS")
        add(path, method="OPTIONS", headers={"Origin": "https://table.example", "Access-Control-Request-Method":
                                             "POST", "Access-Control-Request-Headers": "content-type, x-request-id"})
        add(path, method="OPTIONS", headers={"Origin": "https://evil.example", "Access-Control-Request-Method":
                                             "POST"})
    for origin in ("https://table.example", "https://evil.example"):
        add("/v1/games", headers={"Origin": origin})
        add("/assets/page.js", headers={"Origin": origin})
        add("/", headers={"Origin": origin})
    for rid in ("abc-123", "bad id!", "x" * 65, "A.b_c-9"):
        add("/healthz", headers={"X-Request-Id": rid})
        add("/v1/games/thousand/score", method="POST", headers={"X-Request-Id": rid}, data=b"{}",
            content_type="application/json")

    # POST: every example body, in English and in Russian, and a few request ids and origins on the way
    for i, (game, endpoint, body) in enumerate(CORPUS):
        data = json.dumps(body, ensure_ascii=False).encode()
        for lang in (None, "ru"):
            add(f"/v1/games/{game}/{endpoint}", method="POST", lang=lang, data=data, content_type="application/json",
                headers={"Origin": "https://table.example"} if i % 3 == 0 else None)
        if endpoint == "validate" and isinstance(body.get("log"), list):   # an event left out: mostly rulings
            for cut in (len(body["log"]) // 3, len(body["log"]) // 2, len(body["log"]) - 2):
                faulty = dict(body, log=body["log"][:cut] + body["log"][cut + 1:])
                add(f"/v1/games/{game}/validate", method="POST", lang="ru" if cut % 2 else None,
                    data=json.dumps(faulty).encode(), content_type="application/json")
    for gid, game in registry.GAMES.items():
        variant = next(iter(game.variants))
        for lang in (None, "ru"):
            for endpoint, body in (("deck", {}), ("deck", {"variant": variant}), ("deck", {"x": 1}),
                                   ("rules", {"variant": variant}), ("rules", {"options": None}),
                                   ("scoresheet", {}), ("scoresheet", []), ("score", {}), ("check", {}),
                                   ("validate", {}), ("score", {"variant": "nope"}), ("score", {"variant": 5}),
                                   ("score", {"variant": "v" * 65}), ("validate", [1]), ("check", "x")):
                add(f"/v1/games/{gid}/{endpoint}", method="POST", lang=lang, data=json.dumps(body).encode(),
                    content_type="application/json")
    score = "/v1/games/thousand/score"
    for lang in (None, "ru"):
        for data, ctype, headers in (
                (b"{", "application/json", None), (b'{"a": 1, "a": 2}', "application/json", None),
                (b"[" * 2000 + b"]" * 2000, "application/json", None), (b"\xff", "application/json", None),
                (b"", "application/json", None), (b"{}", "text/plain", None), (b"{}", None, None),
                (b"{}", "application/json; charset=latin-1", None), (b"{}", "application/json; charset=", None),
                (b"{}", "application/json; charset=UTF-8", None), (b"{}", "application/problem+json", None),
                (b"{}", "application/json", {"Content-Encoding": "gzip"}),
                (b"{}", "application/json", {"Content-Encoding": "identity"}),
                (b"{" + b" " * (MAX_BODY + 1) + b"}", "application/json", None),
                (b"{}", "application/json", {"X-Big": "x" * (33 * 1024)})):
            add(score, method="POST", lang=lang, data=data, content_type=ctype, headers=headers)
        add("/v1/games/nope/score", method="POST", lang=lang, data=b"{}", content_type="application/json")
        add("/v1/games/thousand/nope", method="POST", lang=lang, data=b"{}", content_type="application/json")
        add(score + "?x=1", method="POST", lang=lang, data=b"{}", content_type="application/json")
        add(score, method="POST", lang=lang, data=b"{}", content_type="application/json",
            environ_overrides={"HTTP_HOST": "", "SERVER_PROTOCOL": "HTTP/1.1"})
        add(score, method="POST", lang=lang, data=b"{}", content_type="application/json",
            environ_overrides={"HTTP_HOST": "", "SERVER_PROTOCOL": "HTTP/1.0"})
        add(score, method="POST", lang=lang, data=b"{}", content_type="application/json",
            environ_overrides={"HTTP_TRANSFER_ENCODING": "gzip, chunked"})
        add("/v1/games/canasta/rules/canasta%2F2.2", lang=lang,
            environ_overrides={"RAW_URI": "/v1/games/canasta/rules/canasta%2F2.2"})
        add("/v1/games/canasta/rules", lang=lang, environ_overrides={"RAW_URI": "/v1/games%2Fcanasta/rules"})
    return out


def _run(out_path: Path, config: str) -> None:
    """Answer the spread under one configuration (this process's environment), appending to ``out_path``."""
    sys.path.insert(0, str(ROOT))
    import wsgi
    log = logging.getLogger("referee")
    sink = io.StringIO()
    for h in log.handlers:
        if isinstance(h, logging.StreamHandler):
            h.setStream(sink)
    client = wsgi.create_app().test_client()
    with open(out_path, "a", encoding="utf-8") as w:
        for n, req in enumerate(_requests()):
            kw = {k: v for k, v in req.items() if k in ("method", "headers", "data", "content_type",
                                                          "environ_overrides")}
            start = sink.tell()
            r = client.open(req["path"], **kw)
            body = r.get_data()
            if r.headers.get("Content-Encoding") == "gzip" and body[:2] == b"\x1f\x8b":
                body = body[:4] + b"\0\0\0\0" + body[8:]        # the time it was compressed (RFC 1952's MTIME)
            headers = [[k, "<uuid4>" if k == "X-Request-Id" and UUID4_HEX.fullmatch(v)
                        else "<date>" if k == "Date" and HTTP_DATE.fullmatch(v) else v]
                       for k, v in r.headers.to_wsgi_list()]
            sink.seek(start)
            lines = [_log_line(x) for x in sink.read().splitlines()]
            key = json.dumps([config, n, req["method"], req["path"], req["headers"],
                              hashlib.sha256(req.get("data") or b"").hexdigest()[:16]], ensure_ascii=False)
            w.write(json.dumps({"request": key, "status": r.status, "headers": headers,
                                "body": body.decode("utf-8", "replace") if len(body) < 20000 else
                                hashlib.sha256(body).hexdigest() + f" ({len(body)} bytes)",
                                "log": lines}, ensure_ascii=False) + "\n")
        metrics = client.get("/metrics")
        kept = [x for x in metrics.get_data(as_text=True).splitlines() if x.startswith("referee_")
                and not re.match(r"referee_\w+_created|referee_request_seconds_(sum|bucket)", x)]
        w.write(json.dumps({"request": json.dumps([config, "metrics"]), "status": metrics.status,
                            "headers": [], "body": "\n".join(sorted(kept)), "log": []}) + "\n")


def _log_line(text: str):
    try:
        line = json.loads(text)
    except ValueError:
        return text
    if not isinstance(line, dict):
        return line
    for key, value in list(line.items()):
        if key == "asctime":
            line[key] = "<time>"
        elif key == "ms" and isinstance(value, float):
            line[key] = "<ms>"
        elif key == "request_id" and isinstance(value, str) and UUID4_HEX.fullmatch(value):
            line[key] = "<uuid4>"
    return [list(line.items())]         # the keys in their order


def record(out_path: Path) -> None:
    out_path.write_text("")
    for config, env in CONFIGS.items():
        subprocess.run([sys.executable, __file__, "_run", str(out_path), config], check=True, cwd=ROOT,
                       env={**os.environ, **env, "PYTHONHASHSEED": "0"})   # werkzeug's Allow lists a set
    with open(out_path, encoding="utf-8") as f:
        print(f"{sum(1 for _ in f)} responses recorded into {out_path}")


def diff(a: Path, b: Path) -> int:
    def load(p):
        with open(p, encoding="utf-8") as f:
            return {x["request"]: x for x in map(json.loads, f)}
    before, after = load(a), load(b)
    changed = [k for k in before if k in after and before[k] != after[k]]
    for k in changed[:30]:
        print("request:", k[:300])
        for field in ("status", "headers", "body", "log"):
            if before[k][field] != after[k][field]:
                print(f"  {field} before:", str(before[k][field])[:600])
                print(f"  {field} after: ", str(after[k][field])[:600])
    print(f"{len(before)} before, {len(after)} after, {len(changed)} responses differ, "
          f"{len(set(before) ^ set(after))} requests in only one run")
    return 1 if changed or set(before) ^ set(after) else 0


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "_run":
        _run(Path(sys.argv[2]), sys.argv[3])
        return 0
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("out", type=Path)
    d = sub.add_parser("diff")
    d.add_argument("before", type=Path)
    d.add_argument("after", type=Path)
    args = ap.parse_args()
    if args.cmd == "record":
        record(args.out)
        return 0
    return diff(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
