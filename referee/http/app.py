"""The app factory: the Flask app of the API with its transport checks, routes, problems, page and docs."""
from __future__ import annotations

import hashlib
import inspect
import logging
from functools import lru_cache
from pathlib import Path

from flask import Flask, request
from flask_compress import Compress
from flask_cors import CORS

from referee import i18n, settings, web
from referee.settings import MAX_BODY  # (REFEREE_MAX_BODY)

from . import operations, transport
from .logline import LogLine
from .problems import register_error_handlers
from .routes import register_routes

log = logging.getLogger("referee")
_HANDLER = "referee-json"     # the name of the handler _setup_logging adds, once


def _setup_logging() -> None:
    """One JSON object per log line on stderr (gunicorn collects it), each with the request id."""
    if any(h.get_name() == _HANDLER for h in log.handlers):
        return
    handler = logging.StreamHandler()
    handler.set_name(_HANDLER)
    handler.setFormatter(LogLine())
    log.addHandler(handler)
    log.setLevel(settings.server().log_level)
    log.propagate = False


class _Compressed(dict):
    """flask-compress's cache of compressed static files, by path, version and coding (a few files, each once)."""

    def set(self, key, value) -> None:
        if len(self) < 256:
            self[key] = value


def _compressed_key(req) -> str:
    """What a compressed answer is kept under: a static file by its path and version; a page by its path, the
    language it was rendered in and whether the switch chose it (``?lang=``), since a page is rendered anew in each
    language (keyed by the path alone, a Russian page went to the next English reader)."""
    if req.endpoint in web.PAGES:
        return f"{req.path}|{i18n.current()}|{bool(req.args.get('lang'))}"
    return req.path + "?" + req.args.get("v", "")


@lru_cache(maxsize=64)
def _fingerprint(folder: str, filename: str) -> str:
    """The first 12 hex digits of a static file's SHA-256 (its version in the pages' links)."""
    try:
        return hashlib.sha256((Path(folder) / filename).read_bytes()).hexdigest()[:12]
    except OSError:
        return ""


class _Flask(Flask):
    """Flask, which asks of each view and hook, on every request, whether it is a coroutine function; the answer
    for a plain function is kept (bounded: the app's views and hooks, a few dozen)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._plain: set = set()

    def ensure_sync(self, func):
        if func in self._plain:
            return func
        synced = super().ensure_sync(func)
        if synced is func and inspect.isfunction(func) and len(self._plain) < 1024:
            self._plain.add(func)       # a plain function stays one (a bound method, made anew, is not kept)
        return synced


def create_app() -> Flask:
    """A new app of the API (gunicorn: ``'referee.http:create_app()'``)."""
    app = _Flask("referee")
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.url_map.merge_slashes = False     # //v1//games is not a path of the API: 404, never a redirect
    config = settings.server()      # every setting checked: a wildcard origin, say, stops the start (SettingError)
    _setup_logging()
    origins = list(config.cors_origins)
    if origins:  # CORS only for the origins listed; none by default
        CORS(app, origins=origins, methods=["GET", "POST"], always_send=False, vary_header=False,
             allow_headers=["Content-Type", "Accept-Language", "X-Request-Id"], expose_headers=["X-Request-Id"])
    transport.install(app, origins)
    app.register_blueprint(web.bp)        # the page for the table, /docs and the spec
    app.register_blueprint(web.swagger)   # Swagger UI's files, from its package
    # the pages' links to the static files carry each file's fingerprint (?v=), so browsers may keep them a year
    folders = {"web.static": web.bp.static_folder, "swagger_ui.static": web.swagger.static_folder}

    @app.url_defaults
    def _versioned(endpoint, values):
        if endpoint in folders and "filename" in values and "v" not in values:
            v = _fingerprint(folders[endpoint], values["filename"])
            if v:
                values["v"] = v

    # the static files and pages compressed (gzip, or brotli/zstd when the client takes them); the API's answers
    # are left as they are (small, and read by every kind of client)
    app.config.update(COMPRESS_MIMETYPES=["text/html", "text/css", "text/javascript", "application/javascript",
                                          "image/svg+xml"],
                      COMPRESS_MIN_SIZE=500, COMPRESS_CACHE_BACKEND=_Compressed, COMPRESS_REGISTER=False,
                      COMPRESS_CACHE_KEY=_compressed_key)
    compress = Compress(app)

    @app.after_request
    def _compressed(resp):
        # only the static files and the pages: the API's answers keep their headers (no Vary: Accept-Encoding).
        # A static file is sent from memory, so that it can be compressed once per file and coding (the cache
        # above): flask-compress would leave a file sent as a stream in gzip's stead
        endpoint = request.endpoint
        if endpoint in transport.STATIC or endpoint in web.PAGES:
            if resp.direct_passthrough and resp.status_code == 200:
                resp.direct_passthrough = False
                resp.set_data(resp.get_data())
            return compress.after_request(resp)
        return resp
    register_routes(app)
    operations.install(app, config.metrics)
    register_error_handlers(app)
    _one_hook_each(app)
    return app


def _one_hook_each(app: Flask) -> None:
    """The app's own hooks before and after a request (the transport checks, the metrics, the compression, CORS's)
    called as one hook of each kind, in the order and with the effect Flask gives them: the hooks before, in the
    order registered, until one answers; those after, last registered first, each handed the answer of the one
    before.  Flask calls each hook through its own machinery (a check that it is not a coroutine, each time);
    hooks registered later, and the blueprints' own, are called by Flask as before."""
    befores = app.before_request_funcs.get(None, [])
    afters = app.after_request_funcs.get(None, [])
    if any(inspect.iscoroutinefunction(f) for f in (*befores, *afters)):
        return                                   # an async hook: Flask's own machinery runs it
    if len(befores) > 1:
        first = tuple(befores)

        def before_request():
            for hook in first:
                answer = hook()
                if answer is not None:
                    return answer
            return None
        app.before_request_funcs[None] = [before_request]
    if len(afters) > 1:
        last_first = tuple(reversed(afters))

        def after_request(resp):
            for hook in last_first:
                resp = hook(resp)
            return resp
        app.after_request_funcs[None] = [after_request]
