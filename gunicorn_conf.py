"""gunicorn settings for Referee (used by scripts/serve).

The referee is CPU-bound and stateless.  Threaded workers (one process per core, REFEREE_WORKERS overrides; 16
threads each, REFEREE_THREADS) keep connections alive between requests and keep serving while some clients send
slowly: a connection that has sent nothing waits in gunicorn's poller without a thread, and ``TimedThreadWorker``
gives each request ``read_timeout`` seconds to arrive in full, then drops it (the app answers 408 if the body was
due).  A worker silent for ``timeout`` seconds is restarted, workers are recycled after about 1,000 requests to
contain any leak, and a stop lets running requests finish within ``graceful_timeout``.  Facing the open internet,
put a buffering proxy in front as gunicorn's documentation advises: more stalled clients than threads can still
hold every thread for up to ``read_timeout``.
"""
import multiprocessing
import os
import time

from gunicorn.workers.gthread import _DEFER, ThreadWorker

bind = os.environ.get("REFEREE_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("REFEREE_WORKERS", multiprocessing.cpu_count()))
threads = int(os.environ.get("REFEREE_THREADS", 16))
worker_class = "gunicorn_conf.TimedThreadWorker"
read_timeout = float(os.environ.get("REFEREE_READ_TIMEOUT", 10))  # seconds a stalled request may hold a thread
timeout = 30
graceful_timeout = 20
keepalive = 2
max_requests = 1000
max_requests_jitter = 100
preload_app = True
limit_request_line = 8190     # the longest request line gunicorn allows
accesslog = None              # the app logs each request as one JSON line (wsgi.py)
errorlog = "-"
# gunicorn 25+ opens a control socket at one fixed path per user; two servers on a machine would share it, and
# the service has no use for it (older gunicorn ignores the setting)
control_socket_disable = True


class _Deadline:
    """A client socket whose reads must finish by a deadline, armed for each request: a client that stalls, or
    trickles a byte at a time, gets ``read_timeout`` seconds for the whole request, not for each read."""

    def __init__(self, sock) -> None:
        self._sock = sock
        self._end = 0.0

    def arm(self, seconds: float) -> None:
        self._end = time.monotonic() + seconds

    def recv(self, size: int) -> bytes:
        left = self._end - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not arrive within the read timeout")
        self._sock.settimeout(left)
        return self._sock.recv(size)

    def __getattr__(self, name):
        return getattr(self._sock, name)


class TimedThreadWorker(ThreadWorker):
    """gunicorn's threaded worker with a deadline on each request's arrival (its own reads block without a limit,
    so a client that stops, or trickles, mid-request would hold the thread), and no wait on a connection that has
    not sent anything yet."""

    def handle(self, conn):
        # a new connection with nothing to read yet goes back to the poller at once (gunicorn would hold the thread
        # for up to 5 s waiting for it)
        if not conn.initialized and not conn.data_ready and not conn.wait_for_data(0.05):
            return _DEFER
        if not isinstance(conn.sock, _Deadline):
            conn.sock = _Deadline(conn.sock)      # before gunicorn builds its parser over the socket
        conn.sock.arm(read_timeout)
        return super().handle(conn)


class _StalledClientsAreNotErrors:
    """gunicorn logs a client that stalls past ``read_timeout`` as a socket error with a traceback; it is the read
    timeout doing its job, so such records are dropped from the error log."""

    @staticmethod
    def filter(record) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], TimeoutError))


def post_worker_init(worker):
    worker.log.error_log.addFilter(_StalledClientsAreNotErrors())
