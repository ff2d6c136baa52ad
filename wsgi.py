"""HTTP face of Referee: thin Flask routes over :mod:`referee.service`.

Run with gunicorn (``scripts/serve``); ``app`` is the WSGI callable.

Everything here is transport: body limits (256 KiB → 413, nesting deeper than 32 → 400),
strict JSON parsing (no duplicate keys, no NaN/Infinity, UTF-8 only), and RFC 9457 problem+json
for every error.  Rulings are the engine's business.
"""
from __future__ import annotations

import json
import logging
import os
import re
import time
import uuid

from flask import Flask, Response, g, request
from flask_cors import CORS
from pythonjsonlogger.json import JsonFormatter
from werkzeug.exceptions import ClientDisconnected, HTTPException

import web
from referee import i18n, service
from referee.i18n import N_, _, ngettext
from referee.jsonio import BadJSON, parse_body
from referee.errors import InputError, UnknownGame, UnknownRule, UnknownVariant

MAX_BODY = 256 * 1024
MAX_ERRORS = 100          # entries of a 422's errors list, the last one counting the rest
PROBLEM_BASE = "https://referee.example/problems/"
log = logging.getLogger("referee")
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "Cache-Control": "no-store",
}
REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


# the answers of werkzeug's own HTTP errors, in the catalog's words
HTTP_TEXTS = {
    404: (N_("Not found"), N_("no path of the API has this URL; GET /v1/games lists the games")),
    405: (N_("Method not allowed"), N_("this path does not take this method; the Allow header lists those it takes")),
}


def _setup_logging() -> None:
    """One JSON object per log line on stderr (gunicorn collects it), each with the request id."""
    if getattr(log, "_referee_ready", False):
        return
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(os.environ.get("REFEREE_LOG_LEVEL", "INFO"))
    log.propagate = False
    log._referee_ready = True


QUERY = {"rules": {"variant"}, "rule": {"variant"}}  # the query parameters each route takes (endpoint → names)


def problem(status: int, kind: str, title: str, detail: str, errors: list | None = None,
            headers: dict | None = None) -> Response:
    """An RFC 9457 answer; ``errors`` lists the offending inputs: ``{"pointer", "detail"}`` for a field of the body
    (pointer ``""`` is the whole body), ``{"parameter", "detail"}`` for a path or query parameter; it is empty
    only when the URL as a whole or the method is at fault."""
    body = {"type": PROBLEM_BASE + kind, "title": title, "status": status, "detail": detail,
            "errors": errors if errors is not None else []}
    return Response(json.dumps(body, ensure_ascii=False), status=status, mimetype="application/problem+json",
                    headers={"Content-Language": i18n.current(), "Vary": "Accept-Language", **(headers or {})})


def whole(detail: str) -> list[dict]:
    """The errors entry for a fault of the body as a whole."""
    return [{"pointer": "", "detail": detail}]


def too_large() -> Response:
    detail = _("bodies are limited to {n} KiB", n=MAX_BODY // 1024)
    return problem(413, "payload-too-large", _("Request body too large"), detail, whole(detail))


def ok(body: dict) -> Response:
    return Response(json.dumps(body, ensure_ascii=False), status=200, mimetype="application/json",
                    headers={"Content-Language": i18n.current(), "Vary": "Accept-Language"})


def language() -> str:
    """The language of the answer: the best of :data:`referee.i18n.LANGUAGES` for the request's
    ``Accept-Language`` (q-values count; ``ru-RU`` is ``ru``), English by default."""
    accept = request.accept_languages
    best = accept.best_match(service.LANGUAGES)
    if best is None:             # "ru-RU" alone: werkzeug matches "ru" to it, not the other way round
        for value, _q in accept:
            primary = value.split("-")[0].lower()
            if primary in service.LANGUAGES:
                best = primary
                break
    return best or i18n.DEFAULT_LANGUAGE


def bad_query(name: str, detail: str) -> Response:
    return problem(400, "bad-query", _("Bad query string"), detail, [{"parameter": name, "detail": detail}])


def unsupported(detail: str) -> Response:
    return problem(415, "unsupported-media-type", _("Unsupported media type"), detail, whole(detail))


def media_fault() -> str | None:
    """Why the body's declared media type or coding cannot be read, or None: JSON (``application/json`` or a
    ``+json`` type) in UTF-8, with no content coding (RFC 9110 §8.4: 415 for a coding the server does not take)."""
    ctype = (request.mimetype or "").lower()
    if not ctype:
        return _("say what the body is: Content-Type: application/json")
    if ctype != "application/json" and not ctype.endswith("+json"):
        return _("send application/json, not {type}", type=ctype)
    charset = request.mimetype_params.get("charset", "utf-8").strip().lower()
    if re.search(r"charset\s*=\s*(;|$)", request.headers.get("Content-Type", ""), re.I):
        charset = ""             # werkzeug drops an empty parameter; an empty charset names no encoding
    if charset not in ("utf-8", "utf8"):
        return (_("JSON bodies are UTF-8, not {charset}", charset=charset) if charset
                else _("JSON bodies are UTF-8, not an empty charset"))
    coding = request.headers.get("Content-Encoding", "identity").strip().lower()
    if coding not in ("", "identity"):
        return _("send the body without a content coding, not {coding}", coding=coding)
    return None


def create_app() -> Flask:
    app = Flask("referee")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.url_map.merge_slashes = False     # //v1//games is not a path of the API: 404, never a redirect
    _setup_logging()
    origins = [o.strip() for o in os.environ.get("REFEREE_CORS_ORIGINS", "").split(",") if o.strip()]
    if origins:  # CORS only for the origins listed; none by default
        CORS(app, origins=origins, methods=["GET", "POST"], always_send=False, vary_header=False,
             allow_headers=["Content-Type", "Accept-Language", "X-Request-Id"], expose_headers=["X-Request-Id"])

    @app.before_request
    def start():
        rid = request.headers.get("X-Request-Id", "")
        g.request_id = rid if REQUEST_ID.fullmatch(rid) else uuid.uuid4().hex
        g.started = time.perf_counter()
        i18n.set_language(language())
        raw_path = (request.environ.get("RAW_URI") or request.environ.get("REQUEST_URI") or "").split("?")[0]
        if "%2f" in raw_path.lower() or "%5c" in raw_path.lower():
            return problem(404, "not-found", _("Not found"), _("an encoded slash is not part of any path of the API"))
        if request.url_rule is None or request.endpoint in web.PAGES:
            return None                   # 404 or 405 follow; the page and /docs read only ?lang and ignore the rest
        allowed = QUERY.get(request.url_rule.endpoint, set())
        for name in request.args:
            if name not in allowed:
                if allowed:
                    why = _("unknown query parameter {name}; the only one is {known}", name=repr(name),
                            known=", ".join(sorted(allowed)))
                else:
                    why = _("unknown query parameter {name}; this path takes none", name=repr(name))
                return bad_query(name, why)
            if len(request.args.getlist(name)) > 1:
                return bad_query(name, _("give {name} once", name=name))
        return None

    app.register_blueprint(web.bp)        # the page for the table, /docs and the spec
    app.register_blueprint(web.swagger)   # Swagger UI's files, from its package

    @app.after_request
    def finish(resp: Response):
        resp.headers.update(SECURITY_HEADERS)
        if request.endpoint in web.PAGES:  # the page and /docs: their own policy (this origin only)
            resp.headers["Content-Security-Policy"] = web.PAGE_CSP
        if origins:   # the answer depends on the Origin header whether or not the origin is allowed
            resp.vary.add("Origin")
        rid = getattr(g, "request_id", None) or uuid.uuid4().hex
        resp.headers["X-Request-Id"] = rid
        log.info("request", extra={"request_id": rid, "method": request.method, "path": request.path,
                                   "status": resp.status_code,
                                   "ms": round((time.perf_counter() - getattr(g, "started", time.perf_counter()))
                                               * 1000, 2)})
        return resp

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
        return ok(service.rules_info(game, request.args.get("variant")))

    @app.get("/v1/games/<game>/rules/<path:rule>")
    def rule(game, rule):
        return ok(service.rule_info(game, rule, request.args.get("variant")))

    def post(game: str, endpoint: str):
        fault = media_fault()
        if fault:
            return unsupported(fault)
        service.registry.get(game)  # 404 for an unknown game before reading the body
        try:
            if request.content_length is None and request.environ.get("wsgi.input_terminated"):
                # a chunked upload: read it ourselves, since a limited stream would cut it short silently
                raw = request.environ["wsgi.input"].read(MAX_BODY + 1)
            else:
                raw = request.get_data(cache=False)  # MAX_CONTENT_LENGTH answers 413 for a declared length
        except (TimeoutError, ClientDisconnected):   # the client stopped sending (gunicorn_conf.read_timeout)
            detail = _("the body stopped short of its Content-Length: it did not arrive in time")
            return problem(408, "request-timeout", _("Request timeout"), detail, whole(detail),
                           headers={"Connection": "close"})
        except Exception as e:   # the server's reader found the body's framing broken (a bad chunk, cut short)
            if not type(e).__module__.startswith("gunicorn.http"):
                raise
            detail = _("the body's framing is broken ({fault}): send a valid chunked or sized body",
                       fault=type(e).__name__)
            return problem(400, "malformed-body", _("Malformed body"), detail, whole(detail),
                           headers={"Connection": "close"})
        if len(raw) > MAX_BODY:
            return too_large()
        body = parse_body(raw)
        if endpoint == "deck":
            return ok(service.deck_info(game, body, i18n.current()))
        return ok(service.handle(game, endpoint, body, i18n.current()))

    for ep in (*service.ENDPOINTS, "deck"):
        app.add_url_rule(f"/v1/games/<game>/{ep}", f"post_{ep}", lambda game, _ep=ep: post(game, _ep),
                         methods=["POST"])

    @app.errorhandler(BadJSON)
    def bad_json(e: BadJSON):
        title = _("JSON nested too deeply") if e.kind == "nesting-too-deep" else _("Malformed JSON")
        return problem(400, e.kind, title, e.detail, [{"pointer": e.pointer, "detail": e.detail}])

    @app.errorhandler(InputError)
    def invalid(e: InputError):
        errors = e.errors
        if len(errors) > MAX_ERRORS:   # a body of many faults gets the first ones and a count, not megabytes
            rest = len(errors) - MAX_ERRORS
            errors = errors[:MAX_ERRORS] + [{"pointer": errors[MAX_ERRORS]["pointer"],
                                             "detail": ngettext("{n} more fault from here on is not listed",
                                                                "{n} more faults from here on are not listed",
                                                                rest)}]
        return problem(422, "invalid-input", _("The request cannot be judged"),
                       _("the request is invalid or describes something impossible"), errors)

    @app.errorhandler(UnknownGame)
    @app.errorhandler(UnknownVariant)
    @app.errorhandler(UnknownRule)
    def unknown(e):
        ptr = getattr(e, "pointer", None)
        param = {UnknownGame: "game", UnknownVariant: "variant", UnknownRule: "rule"}[type(e)]
        where = {"pointer": ptr} if ptr else {"parameter": param}
        return problem(404, "not-found", _("Not found"), str(e), [{**where, "detail": str(e)}])

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        if e.code == 413:
            return too_large()
        if not e.code or e.code >= 500:
            return crash(e)
        kind = {404: "not-found", 405: "method-not-allowed"}.get(e.code, "http-error")
        allow = {k: v for k, v in e.get_headers() if k.lower() == "allow"}
        title, detail = HTTP_TEXTS.get(e.code, (e.name, e.description or e.name))
        return problem(e.code, kind, _(title), _(detail), headers=allow)

    @app.errorhandler(Exception)
    def crash(e: Exception):  # never a stack trace in an answer
        log.exception("unhandled error", extra={"request_id": getattr(g, "request_id", None)})
        return problem(500, "internal-error", _("Internal error"), _("the referee failed; this is a bug"))

    return app


app = create_app()
