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
try:
    import orjson               # encodes answers several times faster than json.dumps
except ImportError:             # pragma: no cover - an environment set up before it was a dependency
    orjson = None
from flask_cors import CORS
from pythonjsonlogger.json import JsonFormatter
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import ClientDisconnected, HTTPException
from werkzeug.http import parse_accept_header

import web
from referee import i18n, service
from referee.common import echo
from referee.i18n import N_, _, ngettext
from referee.jsonio import BadJSON, parse_body
from referee.errors import InputError, UnknownGame, UnknownRule, UnknownVariant
from schemas.common import MAX_FAULTS

from referee.settings import MAX_BODY  # noqa: E402  (REFEREE_MAX_BODY)
MAX_ERRORS = MAX_FAULTS   # entries of a 422's errors list, the last one counting the rest
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
# the one path where an encoded slash is taken as the slash it encodes: a rule's whole ID as one path parameter,
# /v1/games/canasta/rules/canasta%2F2.2, as Swagger UI's "Try it out" sends the documented form canasta/2.2
ENCODED_RULE_ID = re.compile(r"/v1/games/[^/%]+/rules/[^/%]+%2[fF][^/%]+")
_SECURITY_ITEMS = tuple(SECURITY_HEADERS.items())
_SET_AFTER = frozenset(k.lower() for k in (*SECURITY_HEADERS, "X-Request-Id"))   # the headers finish() sets


# the answers of werkzeug's own HTTP errors, in the catalog's words
HTTP_TEXTS = {
    404: (N_("Not found"), N_("no path of the API has this URL; GET /v1/games lists the games")),
    405: (N_("Method not allowed"), N_("this path does not take this method; the Allow header lists those it takes")),
}
TRANSFER_CODING = ("unsupported-transfer-coding", N_("Transfer coding not supported"))

# The problems answered before a request reaches the app: gunicorn's answers to faults of the HTTP framing
# (gunicorn_conf.TimedThreadWorker) and the proxy's own (deploy/nginx): status -> (kind, title, detail).
FRAMING = {
    400: ("bad-request", N_("Bad request"), N_("the request is not valid HTTP/1.1")),
    404: ("not-found", *HTTP_TEXTS[404]),
    403: ("forbidden", N_("Forbidden"), N_("the server does not take requests of this kind")),
    408: ("request-timeout", N_("Request timeout"), N_("the request did not arrive in time")),
    413: ("payload-too-large", N_("Request body too large"), N_("bodies are limited to {n} KiB")),
    414: ("uri-too-long", N_("URI too long"), N_("the request line (method, path and query) is limited to {line} "
                                                  "bytes")),
    429: ("too-many-requests", N_("Too many requests"), N_("this address sends more requests, or more at once, "
                                                          "than the referee serves one client; wait a moment and "
                                                          "try again")),
    417: ("expectation-failed", N_("Expectation failed"), N_("the only expectation the server meets is "
                                                           "Expect: 100-continue")),
    431: ("header-fields-too-large", N_("Request header fields too large"),
          N_("the request's header fields are too many or too large")),
    500: ("internal-error", N_("Internal error"), N_("the referee failed; this is a bug")),
    501: (*TRANSFER_CODING, N_("a body may be sent with Content-Length or chunked, with no other transfer coding")),
    502: ("bad-gateway", N_("Referee unavailable"), N_("the proxy could not reach the referee; try again in a moment")),
    503: ("service-unavailable", N_("Referee unavailable"), N_("the referee is busy or restarting; try again in a "
                                                              "moment")),
    504: ("gateway-timeout", N_("Referee timeout"), N_("the referee did not answer the proxy in time")),
    505: ("http-version-not-supported", N_("HTTP version not supported"),
          N_("the server speaks HTTP/1.0 and HTTP/1.1 only")),
}
# what a 400 of gunicorn's was about (its exception's name) when the catalog can say it more precisely
FRAMING_FAULTS = {
    "InvalidRequestLine": N_("the request line is not a method, a path and an HTTP version"),
    "InvalidRequestMethod": N_("the method is not one that HTTP allows"),
    "InvalidHTTPVersion": N_("the server speaks HTTP/1.0 and HTTP/1.1 only"),
    "InvalidHeader": N_("a header is malformed, repeated or not allowed with the others"),
    "InvalidHeaderName": N_("a header name is not valid"),
    "ObsoleteFolding": N_("a header is folded over several lines, which HTTP/1.1 no longer allows"),
    "InvalidChunkSize": N_("the body's chunked framing is broken: send a valid chunked or sized body"),
    "ChunkMissingTerminator": N_("the body's chunked framing is broken: send a valid chunked or sized body"),
    "InvalidChunkExtension": N_("the body's chunked framing is broken: send a valid chunked or sized body"),
    "InvalidProxyLine": N_("the forwarding headers or the PROXY line are not valid"),
    "InvalidSchemeHeaders": N_("the forwarding headers or the PROXY line are not valid"),
}
BODY_FAULTS = {"InvalidChunkSize", "ChunkMissingTerminator", "InvalidChunkExtension"}


def framing_problem(status: int, fault: str | None = None, *, line: int) -> dict:
    """The problem body of a request refused before the app sees it (gunicorn's or the proxy's own answer), in the
    current language: ``fault`` names gunicorn's exception, ``line`` is the longest request line.  Its ``errors``
    point at the body (``""``) when the body's framing is at fault."""
    kind, title, detail = FRAMING.get(status, FRAMING[400 if status < 500 else 500])
    if status == 400 and fault in FRAMING_FAULTS:
        detail = FRAMING_FAULTS[fault]
    detail = body_limit() if status == 413 else _(detail, line=line)
    on_body = status in (413, 501) or fault in BODY_FAULTS
    return {"type": PROBLEM_BASE + kind, "title": _(title), "status": status, "detail": detail,
            "errors": whole(detail) if on_body else []}


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


def body_limit() -> str:
    """The body limit as a 413 states it: in KiB when ``REFEREE_MAX_BODY`` is a whole number of them, else in bytes."""
    if MAX_BODY % 1024 == 0:
        return _("bodies are limited to {n} KiB", n=MAX_BODY // 1024)
    return ngettext("bodies are limited to {n} byte", "bodies are limited to {n} bytes", MAX_BODY)


def whole(detail: str) -> list[dict]:
    """The errors entry for a fault of the body as a whole."""
    return [{"pointer": "", "detail": detail}]


def too_large() -> Response:
    detail = body_limit()
    return problem(413, "payload-too-large", _("Request body too large"), detail, whole(detail))


def dumps(body: dict) -> bytes | str:
    """The answer as JSON in UTF-8, keys in their order: orjson's compact form when it can write the value (every
    answer the referee gives), Python's otherwise (the same text but for the spaces after ``,`` and ``:``)."""
    if orjson is not None:
        try:
            return orjson.dumps(body)
        except TypeError:   # orjson's JSONEncodeError: a key that is not a string, an integer past 64 bits
            pass
    return json.dumps(body, ensure_ascii=False)


def ok(body: dict) -> Response:
    return Response(dumps(body), status=200, mimetype="application/json",
                    headers={"Content-Language": i18n.current(), "Vary": "Accept-Language"})


def language(header: str | None = None) -> str:
    """The language of the answer: the best of :data:`referee.i18n.LANGUAGES` for the request's
    ``Accept-Language`` (q-values count; ``ru-RU`` is ``ru``), English by default.  ``header``: that header's value,
    for a request outside Flask (gunicorn's own answers); the current request's by default."""
    if header is None and "Accept-Language" not in request.headers:
        return i18n.DEFAULT_LANGUAGE          # what an empty list of languages gives below
    accept = request.accept_languages if header is None else parse_accept_header(header, LanguageAccept)
    for value, quality in sorted(accept, key=lambda vq: -vq[1]):     # best first; werkzeug's own order is not
        primary = value.split("-")[0].lower()
        if quality > 0 and primary in service.LANGUAGES:
            return primary
    return i18n.DEFAULT_LANGUAGE


def bad_query(name: str, detail: str) -> Response:
    return problem(400, "bad-query", _("Bad query string"), detail, [{"parameter": name, "detail": detail}])


def unsupported(detail: str) -> Response:
    return problem(415, "unsupported-media-type", _("Unsupported media type"), detail, whole(detail))


def media_fault() -> str | None:
    """Why the body's declared media type or coding cannot be read, or None: JSON (``application/json`` or a
    ``+json`` type) in UTF-8, with no content coding (RFC 9110 §8.4: 415 for a coding the server does not take)."""
    if request.headers.get("Content-Type") == "application/json":      # nearly every request: no parameters
        return _coding_fault()
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
    return _coding_fault()


def _coding_fault() -> str | None:
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
        # the request's headers read from its WSGI environ (what request.headers.get reads, without its wrappers)
        environ = request.environ
        rid = environ.get("HTTP_X_REQUEST_ID", "")
        g.request_id = rid if REQUEST_ID.fullmatch(rid) else uuid.uuid4().hex
        g.started = time.perf_counter()
        i18n.set_language(language())
        coding = environ.get("HTTP_TRANSFER_ENCODING")
        if coding is not None and any(c.strip().lower() != "chunked" for c in coding.split(",")):
            # gunicorn passes gzip, deflate and compress before chunked on and leaves the body coded (RFC 9112 §6.1)
            detail = _("a body may be sent with Content-Length or chunked, with no other transfer coding, not {coding}",
                       coding=echo(coding))
            return problem(501, TRANSFER_CODING[0], _(TRANSFER_CODING[1]), detail, whole(detail),
                           headers={"Connection": "close"})
        raw_path = (environ.get("RAW_URI") or environ.get("REQUEST_URI") or "").split("?")[0]
        if "%" in raw_path and ("%2f" in raw_path.lower() or "%5c" in raw_path.lower()) \
                and not ENCODED_RULE_ID.fullmatch(raw_path):
            return problem(404, "not-found", _("Not found"), _("an encoded slash is not part of any path of the API"))
        if raw_path.startswith("//") or environ.get("PATH_INFO", "").startswith("//"):
            # werkzeug's routing strips leading slashes: //v1/games would be /v1/games
            return problem(404, "not-found", _("Not found"), _(HTTP_TEXTS[404][1]))
        if request.url_rule is None or request.endpoint in web.PAGES:
            return None                   # 404 or 405 follow; the page and /docs read only ?lang and ignore the rest
        if not environ.get("QUERY_STRING"):
            return None                   # no query: request.args is empty
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

    @app.teardown_request
    def forget_language(_exc):
        i18n.set_language(None)   # the thread's next request (or a test after it) starts in English again

    @app.after_request
    def finish(resp: Response):
        headers = resp.headers
        # none of the headers set here is there yet (every answer of the app's own): appended in order, which is
        # what update and set do then, without looking for each one
        fresh = not any(k.lower() in _SET_AFTER for k, _v in headers)
        if fresh:
            headers.extend(_SECURITY_ITEMS)
        else:
            headers.update(SECURITY_HEADERS)
        if request.endpoint in web.PAGES:  # the page and /docs: their own policy (this origin only)
            headers["Content-Security-Policy"] = web.PAGE_CSP
        if origins:   # the answer depends on the Origin header whether or not the origin is allowed
            resp.vary.add("Origin")
        rid = getattr(g, "request_id", None) or uuid.uuid4().hex
        if fresh:
            headers.add("X-Request-Id", rid)
        else:
            headers["X-Request-Id"] = rid
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
            unread = getattr(errors, "unread", None)    # where the schema stopped reading (schemas.common.List)
            if unread is None:
                more = ngettext("{n} more fault from here on is not listed", "{n} more faults from here on are not "
                                "listed", rest)
            elif unread:
                more = _("more faults from here on are not listed, and the body was not read from {pointer} on",
                         pointer=unread)
            else:
                more = _("more faults from here on are not listed, and the rest of the body was not read")
            errors = errors[:MAX_ERRORS] + [{"pointer": errors[MAX_ERRORS]["pointer"], "detail": more}]
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
