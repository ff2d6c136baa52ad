"""Transport checks: what every request and answer goes through before and after the routes.

The request's id, its language (``Accept-Language``), the transfer and content codings and media type the API takes,
paths with encoded or doubled slashes, the query parameters each route takes, and the security headers and the log
line of every answer.
"""
from __future__ import annotations

import logging
import os
import re
import time

from flask import Flask, Response, g, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from referee import i18n, service, web
from referee.common import echo
from referee.i18n import _

from .logline import log_request
from .problems import HTTP_TEXTS, TRANSFER_CODING, bad_query, problem, whole
from .responses import append_prepared

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
QUERY = {"rules": {"variant"}, "rule": {"variant"}}  # the query parameters each route takes (endpoint → names)
# the most bytes of header fields a request may carry (names, values, ": " and CRLF): what nginx holds for a request
# (large_client_header_buffers 4 8k); gunicorn alone would take 100 fields of 8 KiB, 800 KiB
MAX_HEADER_BYTES = 32 * 1024
# what the HTML pages add to the API's headers: no window of another origin gets hold of them, no other origin
# embeds their files, and the page asks for no device feature
PAGE_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
}


# the static files (the page's script, styles and icon; Swagger UI's): any query is taken (?v= names a version), and
# they may be kept: a day, revalidated by their ETag and Last-Modified, or a year when the URL carries the file's
# fingerprint (?v=, which the pages' links always do)
STATIC = frozenset({"web.static", "swagger_ui.static"})
STATIC_CACHE = "public, max-age=86400"
STATIC_CACHE_VERSIONED = "public, max-age=31536000, immutable"


def header_bytes(environ: dict) -> int:
    """The size of the request's header fields as sent (each ``Name: value`` and its CRLF), from the environ, in one
    pass over it: an ``HTTP_`` key is its header's name and 5 more bytes (``len(key) - 5 + 4``)."""
    size = 0
    for key, value in environ.items():
        if key[:5] == "HTTP_":
            if isinstance(value, str):
                size += len(key) - 1 + len(value)
        elif (key == "CONTENT_TYPE" or key == "CONTENT_LENGTH") and isinstance(value, str) and value:
            size += len(key) + len(value) + 4
    return size


HTTP_1X = re.compile(r"HTTP/1\.([0-9]+)")


def needs_host(protocol: str) -> bool:
    """Whether a request of this ``SERVER_PROTOCOL`` must carry a Host header: HTTP/1.1, and every later 1.x, which
    is read as HTTP/1.1 (RFC 9112 §2.6 and §3.2); not HTTP/1.0."""
    if protocol == "HTTP/1.1":
        return True
    minor = HTTP_1X.fullmatch(protocol)
    return minor is not None and int(minor.group(1)) >= 1


def language(header: str | None = None) -> str:
    """The language of the answer: the best of :data:`referee.i18n.LANGUAGES` for the request's
    ``Accept-Language`` (q-values count; ``ru-RU`` is ``ru``), English by default.  ``header``: that header's value,
    for a request outside Flask (gunicorn's own answers); the current request's by default."""
    if header is None:
        header = request.environ.get("HTTP_ACCEPT_LANGUAGE")       # where request.headers reads it
        if header is None:
            return i18n.DEFAULT_LANGUAGE          # what an empty list of languages gives below
    found = _LANGUAGE_OF.get(header)
    if found is None:
        found = _negotiate(header)
        if len(header) <= _LANGUAGE_KEY_MAX:
            if len(_LANGUAGE_OF) >= _LANGUAGE_CACHE_MAX:
                _LANGUAGE_OF.clear()
            _LANGUAGE_OF[header] = found
    return found


# the language chosen for each Accept-Language value (browsers send a handful of them), kept between requests:
# bounded in entries and in the length of a value kept
_LANGUAGE_OF: dict[str, str] = {}
_LANGUAGE_CACHE_MAX = 256
_LANGUAGE_KEY_MAX = 256


def _negotiate(header: str) -> str:
    accept = parse_accept_header(header, LanguageAccept)      # what request.accept_languages reads
    for value, quality in sorted(accept, key=lambda vq: -vq[1]):     # best first; werkzeug's own order is not
        primary = value.split("-")[0].lower()
        if quality > 0 and primary in service.LANGUAGES:
            return primary
    return i18n.DEFAULT_LANGUAGE


# a version 4 UUID from 16 random bytes, as uuid.UUID(bytes=..., version=4) makes it: the variant's two bits set to
# 10 and the version's four to 0100
_UUID4_CLEAR = ~((0xC000 << 48) | (0xF000 << 64))
_UUID4_SET = (0x8000 << 48) | (4 << 76)


def uuid4_hex(random16: bytes) -> str:
    """The 32 hex digits of the version 4 UUID made of ``random16`` (``uuid.UUID(bytes=random16, version=4).hex``)."""
    return "%032x" % (int.from_bytes(random16, "big") & _UUID4_CLEAR | _UUID4_SET)


def new_request_id() -> str:
    """A request id for a request that gave none (or none that can be used): a random UUID4's hex digits, as
    ``uuid.uuid4().hex``, from 16 bytes of ``os.urandom`` (read 4 KiB at a time: one system call per 256 ids, where
    a call each released the interpreter's lock in the middle of every request)."""
    while True:
        try:
            return uuid4_hex(_RANDOM.pop())
        except IndexError:
            pool = os.urandom(16 * _RANDOM_IDS)
            _RANDOM.extend(pool[i:i + 16] for i in range(0, len(pool), 16))


# random bytes not yet used, 16 per id; list.pop and list.extend are each atomic, so threads never share an id.  A
# worker forked from a process that made ids starts with none (a child never reuses its parent's bytes).
_RANDOM: list[bytes] = []
_RANDOM_IDS = 256
os.register_at_fork(after_in_child=_RANDOM.clear)


def media_fault() -> str | None:
    """Why the body's declared media type or coding cannot be read, or None: JSON (``application/json`` or a
    ``+json`` type) in UTF-8, with no content coding (RFC 9110 §8.4: 415 for a coding the server does not take)."""
    if request.environ.get("CONTENT_TYPE") == "application/json":    # nearly every request: no parameters
        return _coding_fault()                                       # (request.headers reads it there)
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
    coding = request.environ.get("HTTP_CONTENT_ENCODING", "identity").strip().lower()    # (as request.headers)
    if coding not in ("", "identity"):
        return _("send the body without a content coding, not {coding}", coding=coding)
    return None


def install(app: Flask, origins: list[str]) -> None:
    """The checks before every request (its id, language, codings, path and query) and the headers and log line
    after every answer; ``origins``: the CORS origins, whose answers vary by ``Origin``."""
    @app.before_request
    def start():
        # the request's headers read from its WSGI environ (what request.headers.get reads, without its wrappers)
        # the request and its globals behind their proxies, read once
        req = request._get_current_object()     # type: ignore[attr-defined]
        ctx_g = g._get_current_object()
        environ = req.environ
        rid = environ.get("HTTP_X_REQUEST_ID", "")
        ctx_g.request_id = rid if REQUEST_ID.fullmatch(rid) else new_request_id()
        ctx_g.started = time.perf_counter()
        accept = environ.get("HTTP_ACCEPT_LANGUAGE")
        i18n.set_language(i18n.DEFAULT_LANGUAGE if accept is None else language(accept))
        if header_bytes(environ) > MAX_HEADER_BYTES:
            detail = _("the request's header fields are limited to {n} KiB in all", n=MAX_HEADER_BYTES // 1024)
            return problem(431, "header-fields-too-large", _("Request header fields too large"), detail,
                           headers={"Connection": "close"})
        if not environ.get("HTTP_HOST") and needs_host(environ.get("SERVER_PROTOCOL", "")):
            detail = _("an HTTP/1.1 request names its host in a Host header")     # RFC 9112 §3.2
            return problem(400, "bad-request", _("Bad request"), detail, headers={"Connection": "close"})
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
        url_rule = req.url_rule
        if url_rule is None or url_rule.endpoint in web.PAGES or url_rule.endpoint in STATIC:
            return None                   # 404 or 405 follow; the page and /docs read only ?lang and ignore the rest,
                                          # the static files ignore theirs (?v=, a version for caches)
        if not environ.get("QUERY_STRING"):
            return None                   # no query: request.args is empty
        allowed = QUERY.get(url_rule.endpoint, set())
        args = req.args
        for name in args:
            if name not in allowed:
                if allowed:
                    why = _("unknown query parameter {name}; the only one is {known}", name=repr(name),
                            known=", ".join(sorted(allowed)))
                else:
                    why = _("unknown query parameter {name}; this path takes none", name=repr(name))
                return bad_query(name, why)
            if len(args.getlist(name)) > 1:
                return bad_query(name, _("give {name} once", name=name))
        return None

    @app.teardown_request
    def forget_language(_exc):
        i18n.set_language(None)   # the thread's next request (or a test after it) starts in English again

    @app.after_request
    def finish(resp: Response):
        # the request and its globals behind their proxies, read once
        req = request._get_current_object()     # type: ignore[attr-defined]
        ctx_g = g._get_current_object()
        headers = resp.headers
        rid = getattr(ctx_g, "request_id", None) or new_request_id()
        url_rule = req.url_rule
        endpoint = url_rule.endpoint if url_rule is not None else None      # request.endpoint
        # none of the headers set here is there yet (every answer of the app's own): appended in order, which is
        # what update and set do then, without looking for each one
        fresh = not any(k.lower() in _SET_AFTER for k, _v in headers)
        if fresh and not origins and endpoint not in web.PAGES and endpoint not in STATIC:
            append_prepared(headers, (*_SECURITY_ITEMS, ("X-Request-Id", rid)))   # an API answer: one prepared list
            # (the id is the client's only when it is made of letters, digits and ._- (REQUEST_ID), or ours)
        else:
            _finish_headers(resp, fresh, rid, endpoint, origins)
        if log.isEnabledFor(logging.INFO):
            started = getattr(ctx_g, "started", None)
            log_request(log, {"request_id": rid, "client": req.remote_addr, "method": req.method, "path": req.path,
                              "status": resp.status_code,
                              "ms": round((time.perf_counter() - (time.perf_counter() if started is None
                                                                   else started)) * 1000, 2)})
        return resp


def _finish_headers(resp: Response, fresh: bool, rid: str, endpoint: str | None, origins: list[str]) -> None:
    """The headers of a page, a static file, an answer under CORS, or one that set some of these headers itself."""
    headers = resp.headers
    if fresh:
        headers.extend(_SECURITY_ITEMS)
    else:
        headers.update(SECURITY_HEADERS)
    if endpoint in web.PAGES:  # the page and /docs: their own policy (this origin only)
        headers["Content-Security-Policy"] = web.PAGE_CSP
        headers.update(PAGE_HEADERS)
    elif endpoint in STATIC and resp.status_code in (200, 304):
        headers["Cache-Control"] = STATIC_CACHE_VERSIONED if request.args.get("v") else STATIC_CACHE
        headers["Cross-Origin-Resource-Policy"] = "same-origin"
    if origins:   # the answer depends on the Origin header whether or not the origin is allowed
        resp.vary.add("Origin")
    if fresh:
        headers.add("X-Request-Id", rid)
    else:
        headers["X-Request-Id"] = rid
