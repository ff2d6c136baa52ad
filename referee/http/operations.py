"""Operations: the probes (``/livez``, ``/readyz``) and the Prometheus metrics (``/metrics``).

Metrics come from ``prometheus_client``.  Under gunicorn every worker is a process of its own, so the values live in
files (its multiprocess mode): gunicorn_conf.py gives ``PROMETHEUS_MULTIPROC_DIR`` a fresh folder before anything
imports ``prometheus_client``, and ``/metrics`` adds up the files of every worker, live or gone.  In one process (the
tests, ``flask run``) they are the process's own.  ``REFEREE_METRICS=off`` leaves ``/metrics`` out (404).

What is counted:

``referee_requests_total{route, game, status}``
    every answer, by route (the route's pattern, ``/v1/games/<game>/score``), game (or ``""``) and status;
``referee_request_seconds{route}``
    how long the app took over each request (a histogram);
``referee_invalid_requests_total{route, game}``
    the 422s: requests that could not be judged;
``referee_rulings_total{game, rule}``
    each violation a ruling found, by the rule it broke.
"""
from __future__ import annotations

import os
import time
from typing import Any

from flask import Flask, Response, g, request

from referee import __version__, registry

from .responses import ok

_METRICS: dict = {}      # the metrics, made once, on first use: prometheus_client is imported only then, so that
                        # gunicorn_conf.py can set PROMETHEUS_MULTIPROC_DIR first (it picks its mode on import)


def _metrics() -> dict:
    if not _METRICS:
        from prometheus_client import Counter, Histogram
        _METRICS.update(
            requests=Counter("referee_requests", "Answers given, by route, game and status",
                             ["route", "game", "status"]),
            seconds=Histogram("referee_request_seconds", "Time the app took over a request, by route", ["route"],
                              buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)),
            invalid=Counter("referee_invalid_requests", "Requests that could not be judged (422), by route and game",
                            ["route", "game"]),
            rulings=Counter("referee_rulings", "Violations found by rulings, by game and the rule broken",
                            ["game", "rule"]))
    return _METRICS


def editions() -> dict[str, str]:
    """Each game's rulebook edition."""
    return {gid: game.rulebook.edition for gid, game in registry.GAMES.items()}


def probe() -> dict:
    return {"status": "ok", "engine_version": __version__, "editions": editions()}


def violations(answer, out: list) -> list:
    """The rule of every violation in an answer (under any ``violations`` list, at any depth)."""
    if isinstance(answer, dict):
        for key, value in answer.items():
            if key == "violations" and isinstance(value, list):
                out.extend(v["rule"] for v in value if isinstance(v, dict) and isinstance(v.get("rule"), str))
            elif isinstance(value, (dict, list)):
                violations(value, out)
    elif isinstance(answer, list):
        for item in answer:
            violations(item, out)
    return out


def count_rulings(game: str, answer: dict, encoded: bytes | str | None = None) -> None:
    """Count the violations of a ruling's answer (routes call it with each POST answer).  ``encoded``: the answer as
    :func:`~referee.http.responses.dumps` wrote it, when at hand: an answer whose text holds no list of violations
    with an entry in it is not walked (most answers; see :func:`may_hold_violations`)."""
    if _METRICS and (encoded is None or may_hold_violations(encoded)):
        rulings = _METRICS["rulings"]
        for rule in violations(answer, []):
            rulings.labels(game, rule).inc()


def may_hold_violations(encoded: bytes | str) -> bool:
    """Whether the JSON text of an answer may hold a ``violations`` list with an entry: False only when every
    ``"violations":[`` in it (``": ["`` as Python's json writes it) is an empty list.  A key's quotes are bare in the
    text and a quote inside a string is escaped, so every ``violations`` key of the answer is found; a string that
    looks like one can only make this say True, and the answer is then walked as before."""
    if isinstance(encoded, bytes):
        return encoded.count(b'"violations":[') != encoded.count(b'"violations":[]')
    return encoded.count('"violations": [') != encoded.count('"violations": []')


def install(app: Flask, metrics: bool) -> None:
    """The probes, and ``/metrics`` with the counting of every answer when ``metrics`` is on."""
    @app.get("/livez")
    def livez():
        """The process answers."""
        return ok(probe())

    @app.get("/readyz")
    def readyz():
        """The process answers and its rulebooks are loaded: it can judge."""
        editions()          # each game's rulebook, read at start-up
        return ok(probe())

    if not metrics:
        return
    import prometheus_client
    from prometheus_client import CollectorRegistry, multiprocess
    m = _metrics()

    @app.before_request
    def _started():
        g.metrics_started = time.perf_counter()

    # each metric's child for the labels it was given (prometheus_client's labels() checks and looks them up on each
    # call): the routes, the games and the statuses the app answers, a few dozen
    children: dict[tuple, Any] = {}

    def child(*key: str) -> Any:
        found = children.get(key)
        if found is None:
            if len(children) >= 4096:   # never reached (the labels come from the app's routes, games and statuses)
                children.clear()
            found = children[key] = m[key[0]].labels(*key[1:])
        return found

    @app.after_request
    def _count(resp: Response):
        req = request._get_current_object()     # type: ignore[attr-defined]  # the request behind its proxy
        url_rule = req.url_rule
        rule = url_rule.rule if url_rule is not None else "(none)"
        if rule == "/metrics":
            return resp
        game = (req.view_args or {}).get("game", "") if url_rule is not None else ""
        if game not in registry.GAMES:
            game = ""                      # never a label made of what a client typed
        status = resp.status_code
        child("requests", rule, game, str(status)).inc()
        child("seconds", rule).observe(time.perf_counter() - getattr(g, "metrics_started", time.perf_counter()))
        if status == 422:
            child("invalid", rule, game).inc()
        return resp

    @app.get("/metrics")
    def metrics_view():
        folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
        if folder:
            reg = CollectorRegistry()
            multiprocess.MultiProcessCollector(reg, path=folder)
        else:
            reg = prometheus_client.REGISTRY
        return Response(prometheus_client.generate_latest(reg), mimetype=None,
                        headers={"Content-Type": prometheus_client.CONTENT_TYPE_LATEST})
