"""HTTP face of Referee: thin Flask routes over :mod:`referee.service`.

Run with gunicorn (``scripts/serve``); ``app`` is the WSGI callable.

Everything here is transport: body limits (256 KiB → 413, nesting deeper than 32 → 400),
strict JSON parsing (no duplicate keys, no NaN/Infinity, UTF-8 only), and RFC 9457 problem+json
for every error.  Rulings are the engine's business.
"""
from __future__ import annotations

import json
import logging
from typing import Any

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

from referee import service
from referee.errors import InputError, UnknownGame, UnknownVariant

MAX_BODY = 256 * 1024
MAX_DEPTH = 32
PROBLEM_BASE = "https://referee.example/problems/"
log = logging.getLogger("referee")


class BadJSON(Exception):
    def __init__(self, detail: str, kind: str = "malformed-json") -> None:
        super().__init__(detail)
        self.detail = detail
        self.kind = kind


def _no_duplicates(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise BadJSON(f"duplicate key {k!r} in an object")
        out[k] = v
    return out


def _no_constants(name):
    raise BadJSON(f"{name} is not valid JSON")


def _depth_ok(text: str, limit: int) -> bool:
    """True if brackets nest at most ``limit`` deep (strings are skipped)."""
    depth = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_body(raw: bytes) -> Any:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadJSON(f"the body is not UTF-8 ({e.reason} at byte {e.start})") from None
    if not text.strip():
        raise BadJSON("the body is empty; send a JSON object")
    if text.count("[") + text.count("{") > MAX_DEPTH and not _depth_ok(text, MAX_DEPTH):
        raise BadJSON(f"JSON nested deeper than {MAX_DEPTH} levels", "nesting-too-deep")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except BadJSON:
        raise
    except json.JSONDecodeError as e:
        raise BadJSON(f"the body is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except (ValueError, RecursionError):
        raise BadJSON("the body is not valid JSON: a number is too long") from None
    _check_strings(data)
    return data


def _check_strings(data: Any) -> None:
    """Reject strings (keys or values) that are not Unicode text, e.g. a lone surrogate escape."""
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                raise BadJSON("the body holds a string that is not valid Unicode (a lone surrogate)") from None
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)


def problem(status: int, kind: str, title: str, detail: str, errors: list | None = None,
            headers: dict | None = None) -> Response:
    body = {"type": PROBLEM_BASE + kind, "title": title, "status": status, "detail": detail}
    if errors is not None:
        body["errors"] = errors
    return Response(json.dumps(body, ensure_ascii=False), status=status, mimetype="application/problem+json",
                    headers=headers)


def ok(body: dict) -> Response:
    return Response(json.dumps(body, ensure_ascii=False), status=200, mimetype="application/json",
                    headers={"Content-Language": language(), "Vary": "Accept-Language"})


def language() -> str:
    """The best language the rulebooks have for the request's Accept-Language (English by default)."""
    return request.accept_languages.best_match(service.LANGUAGES, default="en")


def create_app() -> Flask:
    app = Flask("referee")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY

    @app.get("/healthz")
    def healthz():
        return ok({"status": "ok"})

    @app.get("/v1/games")
    def games():
        return ok(service.games_index())

    @app.get("/v1/games/<game>/variants/<variant>")
    def variant(game, variant):
        return ok(service.variant_info(game, variant))

    @app.get("/v1/games/<game>/rules")
    def rules(game):
        return ok(service.rules_info(game, request.args.get("variant"), language()))

    def post(game: str, endpoint: str):
        ctype = (request.mimetype or "").lower()
        if ctype and ctype != "application/json" and not ctype.endswith("+json"):
            return problem(415, "unsupported-media-type", "Unsupported media type",
                           f"send application/json, not {ctype}")
        service.registry.get(game)  # 404 for an unknown game before reading the body
        body = parse_body(request.get_data(cache=False))
        return ok(service.handle(game, endpoint, body, language()))

    for ep in service.ENDPOINTS:
        app.add_url_rule(f"/v1/games/<game>/{ep}", f"post_{ep}", lambda game, _ep=ep: post(game, _ep),
                         methods=["POST"])

    @app.errorhandler(BadJSON)
    def bad_json(e: BadJSON):
        title = "JSON nested too deeply" if e.kind == "nesting-too-deep" else "Malformed JSON"
        return problem(400, e.kind, title, e.detail)

    @app.errorhandler(InputError)
    def invalid(e: InputError):
        return problem(422, "invalid-input", "The request cannot be judged",
                       "the request is invalid or describes something impossible", e.errors)

    @app.errorhandler(UnknownGame)
    @app.errorhandler(UnknownVariant)
    def unknown(e):
        return problem(404, "not-found", "Not found", str(e))

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        if e.code == 413:
            return problem(413, "payload-too-large", "Request body too large",
                           f"bodies are limited to {MAX_BODY // 1024} KiB")
        if not e.code or e.code >= 500:
            return crash(e)
        kind = {404: "not-found", 405: "method-not-allowed"}.get(e.code, "http-error")
        allow = {k: v for k, v in e.get_headers() if k.lower() == "allow"}
        return problem(e.code, kind, e.name, e.description or e.name, headers=allow)

    @app.errorhandler(Exception)
    def crash(e: Exception):  # never a stack trace in an answer
        log.exception("unhandled error")
        return problem(500, "internal-error", "Internal error", "the referee failed; this is a bug")

    return app


app = create_app()
