"""The app factory: the Flask app of the API with its transport checks, routes, problems, page and docs."""
from __future__ import annotations

import logging

from flask import Flask
from flask_cors import CORS
from pythonjsonlogger.json import JsonFormatter

from referee import settings, web
from referee.settings import MAX_BODY  # (REFEREE_MAX_BODY)

from . import operations, transport
from .problems import register_error_handlers
from .routes import register_routes

log = logging.getLogger("referee")


def _setup_logging() -> None:
    """One JSON object per log line on stderr (gunicorn collects it), each with the request id."""
    if getattr(log, "_referee_ready", False):
        return
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    log.addHandler(handler)
    log.setLevel(settings.server().log_level)
    log.propagate = False
    log._referee_ready = True


def create_app() -> Flask:
    """A new app of the API (gunicorn: ``'referee.http:create_app()'``)."""
    app = Flask("referee")
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
    register_routes(app)
    operations.install(app, config.metrics)
    register_error_handlers(app)
    return app
