"""gunicorn settings for Referee: ``gunicorn -c python:referee.http.gunicorn_conf 'referee.http:create_app()'`` from an
installed package; the repository's gunicorn_conf.py (scripts/serve and scripts/serve-proxied) is these settings.

The referee is CPU-bound and stateless.  gunicorn's own threaded worker (gthread, unmodified) runs one process per
core (``REFEREE_WORKERS``) with 16 threads each (``REFEREE_THREADS``), which keeps connections alive between
requests.  Through gunicorn's public hooks, :mod:`referee.http.serving` makes it tell the truth about keep-alive
(``Connection: close`` whenever the connection will close), bounds each request's body and answer by
``REFEREE_READ_TIMEOUT`` seconds, refuses a chunked body as soon as a chunk's size takes it past the limit, words
gunicorn's own refusals in the app's problem+json (those two through one private method of gunicorn's each), and
makes a SIGTERM answer every connection the kernel already accepted.  A worker silent for ``timeout`` seconds is
restarted, workers are recycled after about 20,000 requests, and a stop lets
running requests finish within ``graceful_timeout``.

gunicorn alone is for development and trusted clients.  Facing the open internet, run it behind the buffering proxy
of ``deploy/`` (``scripts/serve-proxied``): nginx is the one defence against clients that stall, trickle, stop
reading or flood (docs/serving.md has the figures behind that choice).

Every ``REFEREE_*`` setting is checked here, before any worker starts: one that cannot be used stops the start
with one line naming it.
"""
import gc
import logging
import os
import shutil
import tempfile

from gunicorn.glogging import Logger

try:
    from referee import settings
    SETTINGS = settings.server()
    MAX_BODY = settings.MAX_BODY
except ValueError as e:      # referee.settings.SettingError: one line on stderr, exit status 1
    raise SystemExit(f"referee: {e}") from None

_OWN_METRICS_DIR: str | None
if SETTINGS.metrics and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    # /metrics adds up every worker's values from files in a folder of this server's own (prometheus_client's
    # multiprocess mode); set before anything imports prometheus_client, removed when the server stops
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="referee-metrics.")
    _OWN_METRICS_DIR = os.environ["PROMETHEUS_MULTIPROC_DIR"]
else:
    _OWN_METRICS_DIR = None

from referee.http import serving  # noqa: E402

bind = SETTINGS.bind
workers = SETTINGS.workers
threads = SETTINGS.threads
worker_class = "gthread"
timeout = 30
graceful_timeout = 20
keepalive = 2
# recycling guards against a slow leak; the caches are bounded and worker memory stays flat (benchmarks/memory.py),
# and each recycle costs a fork and cold caches: 1,000 cost 16% of /score's throughput at ~1,100 requests a second,
# 20,000 (one recycle per worker every ~20 s at that rate) costs nothing measurable (docs/serving.md)
max_requests = 20000
max_requests_jitter = 2000
preload_app = True
limit_request_line = 8190     # the longest request line gunicorn allows
limit_request_fields = 100
limit_request_field_size = 8190
forwarded_allow_ips = ",".join(str(n) for n in SETTINGS.trusted_proxies)
accesslog = None              # the app logs each request as one JSON line (referee.http.transport)
errorlog = "-"
loglevel = SETTINGS.log_level.lower()
# gunicorn's own lines (start, workers, errors) in JSON like the app's, on stderr
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "pythonjsonlogger.json.JsonFormatter",
                            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"json_stderr": {"class": "logging.StreamHandler", "formatter": "json",
                                 "stream": "ext://sys.stderr"}},
    "loggers": {"gunicorn.error": {"level": SETTINGS.log_level, "handlers": ["json_stderr"], "propagate": False},
                # the app logs each request it answers (referee.http.transport); gunicorn's access lines would
                # repeat them
                "gunicorn.access": {"level": "CRITICAL", "handlers": [], "propagate": False}},
    "root": {"level": "WARNING", "handlers": ["json_stderr"]},
}


class AccessLinesWhenKept(Logger):
    """gunicorn's logger, which builds each request's access-line fields (a dict of some 20 entries, the headers
    walked, the time formatted) whenever any logging configuration is given, as ``logconfig_dict`` above is, and
    then hands them to an access logger set to drop them: here they are built only when that logger takes a line
    at INFO, the level gunicorn writes it at (a line it takes is written as before).  About 5 % of a ``/score``
    over HTTP (benchmarks/README.md)."""

    def access(self, resp, req, environ, request_time) -> None:
        if self.access_log.isEnabledFor(logging.INFO):
            super().access(resp, req, environ, request_time)


logger_class = AccessLinesWhenKept
# gunicorn 25+ opens a control socket at one fixed path per user; two servers on a machine would share it, and
# the service has no use for it (older gunicorn ignores the setting)
control_socket_disable = True

pre_request = serving.pre_request


def pre_fork(server, worker):
    # the app and its rulebooks, loaded once in the master (preload_app), are never collected: frozen out of the
    # garbage collector's generations, a worker's collections walk only what its requests make, and the pages
    # shared with the master stay shared
    gc.collect()
    gc.freeze()


def child_exit(server, worker):
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess
        multiprocess.mark_process_dead(worker.pid)


def worker_exit(server, worker):
    # the answers a worker counted since its metrics were last written (at most a second ago), written before it
    # is gone (called in the worker; in the master, for a worker that never ran, there is nothing to write)
    from referee.http import operations
    operations.flush()


def on_exit(server):
    if _OWN_METRICS_DIR:
        shutil.rmtree(_OWN_METRICS_DIR, ignore_errors=True)


def post_worker_init(worker):
    worker.wsgi = serving.Guard(worker.wsgi, SETTINGS.read_timeout, SETTINGS.trusted_proxies, MAX_BODY)
    worker.log.error_log.addFilter(serving.TimeoutsAreNotErrors())
    serving.drain_on_sigterm(worker)
    serving.problem_pages(worker)
