"""Problems: every error the service answers, as RFC 9457 problem+json.

The texts of the answers given before a request reaches the app (gunicorn's own and the proxy's, :data:`FRAMING`),
the app's own problems (:func:`problem`), and the handlers that turn the engine's errors into them
(:func:`register_error_handlers`).
"""
from __future__ import annotations

import json
import logging

from flask import Flask, Response, g
from werkzeug.exceptions import HTTPException

from referee import i18n
from referee.errors import PROBLEM_BASE, InputError, UnknownGame, UnknownRule, UnknownVariant
from referee.i18n import N_, _, ngettext
from referee.jsonio import BadJSON
from referee.schemas.common import MAX_FAULTS
from referee.settings import MAX_BODY  # (REFEREE_MAX_BODY)

MAX_ERRORS = MAX_FAULTS   # entries of a 422's errors list, the last one counting the rest

log = logging.getLogger("referee")


# the answers of werkzeug's own HTTP errors, in the catalog's words
HTTP_TEXTS = {
    404: (N_("Not found"), N_("no path of the API has this URL; GET /v1/games lists the games")),
    405: (N_("Method not allowed"), N_("this path does not take this method; the Allow header lists those it takes")),
}
TRANSFER_CODING = ("unsupported-transfer-coding", N_("Transfer coding not supported"))

# The problems answered before a request reaches the app: gunicorn's answers to faults of the HTTP framing
# (referee.http.serving.problem_pages) and the proxy's own (deploy/nginx): status -> (kind, title, detail).
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


def bad_query(name: str, detail: str) -> Response:
    return problem(400, "bad-query", _("Bad query string"), detail, [{"parameter": name, "detail": detail}])


def unsupported(detail: str) -> Response:
    return problem(415, "unsupported-media-type", _("Unsupported media type"), detail, whole(detail))


def register_error_handlers(app: Flask) -> None:
    """The engine's errors and werkzeug's as problems: 400 for bad JSON, 422 for an input that cannot be judged, 404
    for an unknown game, variant or rule, werkzeug's own 4xx, and 500 (never a stack trace) for anything else."""
    @app.errorhandler(BadJSON)
    def bad_json(e: BadJSON):
        title = {"nesting-too-deep": _("JSON nested too deeply"),
                 "too-many-values": _("JSON too complex")}.get(e.kind) or _("Malformed JSON")
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
                       e.detail or _("the request is invalid or describes something impossible"), errors)

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
