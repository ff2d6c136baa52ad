"""The routes: each a thin call of :mod:`referee.service`, its answer written as JSON.

The POST routes read the body themselves (a declared length over the limit is 413 before reading, a chunked one is
read up to one byte past it) and parse it strictly (:func:`referee.jsonio.parse_body`).
"""
from __future__ import annotations

from flask import Flask, request
from werkzeug.exceptions import ClientDisconnected

from referee import i18n, service, sheet
from referee.i18n import _
from referee.jsonio import parse_body
from referee.settings import MAX_BODY  # (REFEREE_MAX_BODY)

from . import operations
from .problems import problem, too_large, unsupported, whole
from .responses import dumps, encoded, ok
from .serving import BodyOverLimit
from .transport import media_fault

__all__ = ["dumps", "ok", "register_routes"]


def _declared_length(environ: dict) -> int | None:
    """The body's declared length when the server bounds the body by it (``wsgi.input_terminated``: gunicorn) and it
    is within the limit, written in plain digits, with no transfer coding; None otherwise (werkzeug's own reading
    then decides: a 413 over the limit, a chunked body, any other form)."""
    if "wsgi.input_terminated" not in environ or "HTTP_TRANSFER_ENCODING" in environ:
        return None
    length = environ.get("CONTENT_LENGTH")
    if not isinstance(length, str) or not (0 < len(length) <= 12 and length.isascii() and length.isdigit()):
        return None
    declared = int(length)
    return declared if declared <= MAX_BODY else None


def _read_declared(stream) -> bytes:
    """The body of a declared length within the limit, read as ``request.get_data()`` reads it there, without its
    wrappers: werkzeug reads the server's stream through a ``LimitedStream`` of ``MAX_CONTENT_LENGTH`` (which a body
    bounded by its declared length never reaches), 64 KiB at a time until a read comes back empty, and takes an
    ``OSError`` or ``ValueError`` of the stream (the read timeout, a reset, a body cut short) for a client gone
    (``ClientDisconnected``).  The same reads, in the same sizes, with the same faults."""
    chunks = []
    pos = 0
    while pos < MAX_BODY:
        try:
            data = stream.read(min(_CHUNK, MAX_BODY - pos))
        except (OSError, ValueError):
            raise ClientDisconnected() from None
        if not data:
            break
        chunks.append(data)
        pos += len(data)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


_CHUNK = 64 * 1024      # werkzeug's LimitedStream.readall reads this much at a time


def register_routes(app: Flask) -> None:
    """The API's routes: the health check, the games' index, variants and rules, and the POST routes of each game."""
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

    def post(game: str, endpoint: str, rule: str | None = None):
        fault = media_fault()
        if fault:
            return unsupported(fault)
        service.registry.get(game)  # 404 for an unknown game before reading the body
        environ = request.environ
        try:
            declared = _declared_length(environ)
            if declared is not None:
                raw = _read_declared(environ["wsgi.input"])
            elif request.content_length is None and environ.get("wsgi.input_terminated"):
                # a chunked upload: read it ourselves, since a limited stream would cut it short silently
                raw = environ["wsgi.input"].read(MAX_BODY + 1)
            else:
                raw = request.get_data(cache=False)  # MAX_CONTENT_LENGTH answers 413 for a declared length
        except BodyOverLimit:                        # a chunk's size says so (gunicorn alone: serving.bound_chunks)
            return too_large()
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
        if endpoint == "rules":
            if rule is not None:
                return ok(service.rule_under(game, rule, body, i18n.current()))
            return ok(service.rules_under(game, body, i18n.current()))
        if endpoint == "scoresheet":
            return ok(sheet.scoresheet(game, body, i18n.current()))
        answer = service.handle(game, endpoint, body, i18n.current(), to_encode=True)     # encoded at once
        data = dumps(answer)
        operations.count_rulings(game, answer, data)
        return encoded(data)

    for ep in (*service.ENDPOINTS, "deck", "scoresheet", "rules"):
        app.add_url_rule(f"/v1/games/<game>/{ep}", f"post_{ep}", lambda game, _ep=ep: post(game, _ep),
                         methods=["POST"])
    app.add_url_rule("/v1/games/<game>/rules/<path:rule>", "post_rule",
                     lambda game, rule: post(game, "rules", rule), methods=["POST"])
