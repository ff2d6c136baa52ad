"""HTTP face of Referee: thin Flask routes over :mod:`referee.service` (the ``server`` extra).

Run with gunicorn: ``scripts/serve`` from the repository, or, from an installed package,
``gunicorn -c python:referee.http.gunicorn_conf 'referee.http:create_app()'``.

Everything here is transport, split by concern: :mod:`.transport` (body limits, strict media types and codings,
paths and query parameters, security headers), :mod:`.problems` (RFC 9457 problem+json for every error),
:mod:`.routes` (the routes and the answers' JSON) and :mod:`.app` (the app factory).  Rulings are the engine's business.
"""
from __future__ import annotations

try:    # the limits are read once, before anything else: a bad value stops the start with one line
    from referee import settings  # noqa: F401  (REFEREE_MAX_BODY, REFEREE_MAX_EVENTS)
except ValueError as e:
    raise SystemExit(f"referee: {e}") from None

from .app import create_app, log
from .problems import (
    BODY_FAULTS,
    FRAMING,
    FRAMING_FAULTS,
    HTTP_TEXTS,
    MAX_ERRORS,
    PROBLEM_BASE,
    TRANSFER_CODING,
    bad_query,
    body_limit,
    framing_problem,
    problem,
    too_large,
    unsupported,
    whole,
)
from .routes import dumps, ok
from .transport import QUERY, SECURITY_HEADERS, language, media_fault

__all__ = ["BODY_FAULTS", "FRAMING", "FRAMING_FAULTS", "HTTP_TEXTS", "MAX_ERRORS", "PROBLEM_BASE", "QUERY",
           "SECURITY_HEADERS", "TRANSFER_CODING", "bad_query", "body_limit", "create_app", "dumps", "framing_problem",
           "language", "log", "media_fault", "ok", "problem", "too_large", "unsupported", "whole"]
