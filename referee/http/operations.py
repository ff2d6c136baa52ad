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

Each answer is counted in the worker itself (:class:`Tally`: a few additions to dicts under one lock) and added to
the metrics at most a second later, before ``/metrics`` answers and when the worker exits (gunicorn's
``worker_exit``; ``atexit`` elsewhere): in multiprocess mode each addition to a metric is a write to its file under
a lock, three a request when made one answer at a time (issue 30).  So ``/metrics`` shows what the worker answering
it counted up to that moment, and what the other workers counted up to a second before.
"""
from __future__ import annotations

import atexit
import bisect
import logging
import os
import threading
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


class Tally:
    """The counts of the answers given since they were last added to the metrics: made by each answer in the
    worker, added to prometheus_client's metrics by :meth:`flush` (at least once a second from a thread of the
    worker's own, started with its first answer; before ``/metrics`` answers; when the worker exits).

    A histogram's observations are added per bucket, through the child's buckets and sum (``_buckets``,
    ``_sum``, ``_upper_bounds``: prometheus_client's own attributes, as its ``observe`` adds to them); where a
    release has them no more, each observation is kept and handed to ``observe`` at the flush."""

    INTERVAL = 1.0      # seconds: the longest a count waits before it is added to the metrics

    def __init__(self, metrics: dict) -> None:
        self._metrics = metrics
        self._lock = threading.Lock()           # the counts below
        self._flushing = threading.Lock()       # one flush at a time: /metrics's waits for the thread's
        self._answers: dict[tuple[str, str, int], int] = {}       # (route, game, status) -> answers
        self._invalid: dict[tuple[str, str], int] = {}            # (route, game) -> 422s
        self._rulings: dict[tuple[str, str], int] = {}            # (game, rule) -> violations
        self._seconds: dict[str, list] = {}     # route -> [sum, count per bucket...] (or the observations)
        self._children: dict[tuple, Any] = {}
        self._bounds: list[float] | None = None     # the histogram's upper bounds, +Inf last (None: observe)
        self._probed = False                    # whether _bounds was looked for
        self._started = False                   # whether this process's flushing thread runs
        os.register_at_fork(after_in_child=self._forked)

    def _forked(self) -> None:
        """A new process (a gunicorn worker): no thread flushes for it yet, and the counts made before the fork
        are its parent's to add."""
        self._lock = threading.Lock()
        self._flushing = threading.Lock()
        self._answers, self._invalid, self._rulings, self._seconds = {}, {}, {}, {}
        self._started = False

    def child(self, *key: str) -> Any:
        """The child of metric ``key[0]`` for the labels ``key[1:]`` (prometheus_client's ``labels()`` checks and
        looks them up on each call): the routes, the games, the statuses and the rules the app answers with."""
        found = self._children.get(key)
        if found is None:
            if len(self._children) >= 4096:   # never reached (the labels come from the app's own values)
                self._children.clear()
            found = self._children[key] = self._metrics[key[0]].labels(*key[1:])
        return found

    def answer(self, route: str, game: str, status: int, seconds: float) -> None:
        """One answer of ``status`` on ``route`` for ``game`` (or ``""``), which took the app ``seconds``."""
        bounds = self._bounds if self._probed else self._buckets_of(route)
        with self._lock:
            key = (route, game, status)
            self._answers[key] = self._answers.get(key, 0) + 1
            if status == 422:
                self._invalid[route, game] = self._invalid.get((route, game), 0) + 1
            kept = self._seconds.get(route)
            if bounds is not None:
                if kept is None:
                    kept = self._seconds[route] = [0.0] * (len(bounds) + 1)
                kept[0] += seconds
                kept[1 + bisect.bisect_left(bounds, seconds)] += 1    # the first bucket whose bound is >= seconds
            elif kept is None:
                self._seconds[route] = [seconds]
            else:
                kept.append(seconds)
        if not self._started:
            self._start()

    def rulings(self, game: str, rules: list[str]) -> None:
        with self._lock:
            for rule in rules:
                self._rulings[game, rule] = self._rulings.get((game, rule), 0) + 1
        if not self._started:
            self._start()

    def _buckets_of(self, route: str) -> list[float] | None:
        """The histogram's upper bounds, when its child has the buckets and sum :meth:`flush` adds to."""
        c = self.child("seconds", route)
        bounds = getattr(c, "_upper_bounds", None)
        if isinstance(getattr(c, "_buckets", None), list) and hasattr(c, "_sum") and isinstance(bounds, list) \
                and len(c._buckets) == len(bounds) and bounds and bounds[-1] == float("inf"):
            self._bounds = list(bounds)
        self._probed = True
        return self._bounds

    def _start(self) -> None:
        with self._lock:
            if self._started:
                return
            self._started = True
        threading.Thread(target=self._run, name="referee-metrics", daemon=True).start()

    def _run(self) -> None:
        while True:
            time.sleep(self.INTERVAL)
            try:
                self.flush()
            except Exception:           # a metrics file that cannot be written: said, and tried again
                logging.getLogger("referee").exception("the metrics could not be written")

    def flush(self) -> None:
        """Add the counts made so far to the metrics."""
        with self._flushing:
            with self._lock:
                if not (self._answers or self._rulings):
                    return
                answers, invalid, rulings, seconds = self._answers, self._invalid, self._rulings, self._seconds
                self._answers, self._invalid, self._rulings, self._seconds = {}, {}, {}, {}
            for (route, game, status), n in answers.items():
                self.child("requests", route, game, str(status)).inc(n)
            for route, kept in seconds.items():
                c = self.child("seconds", route)
                if self._bounds is None:
                    for value in kept:
                        c.observe(value)
                    continue
                c._sum.inc(kept[0])
                for bucket, n in zip(c._buckets, kept[1:]):
                    if n:
                        bucket.inc(n)
            for (route, game), n in invalid.items():
                self.child("invalid", route, game).inc(n)
            for (game, rule), n in rulings.items():
                self.child("rulings", game, rule).inc(n)


_TALLY: list[Tally] = []      # the one tally of this process, made with the metrics


def _tally() -> Tally:
    if not _TALLY:
        _TALLY.append(Tally(_metrics()))
        atexit.register(flush)
    return _TALLY[0]


def flush() -> None:
    """Add every count this process made to the metrics (gunicorn_conf.py's ``worker_exit``, and at exit)."""
    if _TALLY:
        _TALLY[0].flush()


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
    if _TALLY and (encoded is None or may_hold_violations(encoded)):
        rules = violations(answer, [])
        if rules:
            _TALLY[0].rulings(game, rules)


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
    tally = _tally()

    @app.before_request
    def _started():
        g.metrics_started = time.perf_counter()

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
        tally.answer(rule, game, resp.status_code,
                     time.perf_counter() - getattr(g, "metrics_started", time.perf_counter()))
        return resp

    @app.get("/metrics")
    def metrics_view():
        tally.flush()               # this worker's counts, up to this request
        folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
        if folder:
            reg = CollectorRegistry()
            multiprocess.MultiProcessCollector(reg, path=folder)
        else:
            reg = prometheus_client.REGISTRY
        return Response(prometheus_client.generate_latest(reg), mimetype=None,
                        headers={"Content-Type": prometheus_client.CONTENT_TYPE_LATEST})
