"""gunicorn settings for Referee: ``gunicorn -c python:referee.http.gunicorn_conf 'referee.http:create_app()'`` from an
installed package; the repository's gunicorn_conf.py (scripts/serve and scripts/serve-proxied) is these settings.

The referee is CPU-bound and stateless.  Threaded workers (one process per core, REFEREE_WORKERS overrides; 16
threads each, REFEREE_THREADS) keep connections alive between requests and keep serving while some clients send
slowly: a connection that has sent nothing waits in gunicorn's poller without a thread, and ``TimedThreadWorker``
gives each request ``read_timeout`` seconds to arrive in full, then drops it (the app answers 408 if the body was
due).  A worker silent for ``timeout`` seconds is restarted, workers are recycled after about 1,000 requests to
contain any leak, and a stop lets running requests finish within ``graceful_timeout``.  Facing the open internet,
run it behind the buffering proxy of ``deploy/`` (``scripts/serve-proxied``): more stalled clients than threads can
still hold every thread for up to ``read_timeout``.
"""
import json
import multiprocessing
import os
import selectors
import socket
import time
import uuid
from collections import deque
from functools import partial

from gunicorn import util

try:    # the limits are read once, here, before any worker starts: a bad value stops the start with one line
    from referee import settings  # noqa: F401  (REFEREE_MAX_BODY, REFEREE_MAX_EVENTS)
except ValueError as e:
    raise SystemExit(f"referee: {e}") from None
from gunicorn.workers.gthread import _DEFER, ThreadWorker

bind = os.environ.get("REFEREE_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("REFEREE_WORKERS", multiprocessing.cpu_count()))
threads = int(os.environ.get("REFEREE_THREADS", 16))
worker_class = "referee.http.gunicorn_conf.TimedThreadWorker"
read_timeout = float(os.environ.get("REFEREE_READ_TIMEOUT", 10))  # seconds a stalled request may hold a thread
timeout = 30
graceful_timeout = 20
keepalive = 2
max_requests = 1000
max_requests_jitter = 100
preload_app = True
limit_request_line = 8190     # the longest request line gunicorn allows
limit_request_fields = 100
limit_request_field_size = 8190
accesslog = None              # the app logs each request as one JSON line (referee.http.transport)
errorlog = "-"
# gunicorn 25+ opens a control socket at one fixed path per user; two servers on a machine would share it, and
# the service has no use for it (older gunicorn ignores the setting)
control_socket_disable = True

LINGER = 2.0                  # seconds a closed connection is drained for the client's last bytes (gunicorn's own)
LINGER_BYTES = 65536          # and at most this much of them


class _Deadline:
    """A client socket whose reads must finish by a deadline, armed for each request: a client that stalls, or
    trickles a byte at a time, gets ``read_timeout`` seconds for the whole request, not for each read.  A caller's
    own, shorter timeout (``settimeout``) still holds: gunicorn's lingering close asks for 2 s at most."""

    def __init__(self, sock) -> None:
        self._sock = sock
        self._end = 0.0
        self._timeout = None      # the caller's timeout: None blocks, 0.0 does not wait

    def arm(self, seconds: float) -> None:
        self._end = time.monotonic() + seconds

    def settimeout(self, value) -> None:
        self._timeout = value
        self._sock.settimeout(value)

    def setblocking(self, flag: bool) -> None:
        self._timeout = None if flag else 0.0
        self._sock.setblocking(flag)

    def gettimeout(self):
        return self._timeout

    def recv(self, size: int) -> bytes:
        left = self._end - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not arrive within the read timeout")
        self._sock.settimeout(left if self._timeout is None else min(left, self._timeout))
        try:
            return self._sock.recv(size)
        finally:
            self._sock.settimeout(self._timeout)

    def __getattr__(self, name):
        return getattr(self._sock, name)


class _Page:
    """Stands in for the client socket while gunicorn writes one of its HTML error pages, to learn its status."""

    def __init__(self) -> None:
        self.data = b""

    def gettimeout(self):
        return 0.0

    def setblocking(self, flag) -> None:
        pass

    def sendall(self, data) -> None:
        self.data += data

    def send(self, data) -> int:
        self.data += data
        return len(data)

    @property
    def status(self) -> int:
        try:
            return int(self.data.split(b" ", 2)[1])
        except (IndexError, ValueError):
            return 500


class TimedThreadWorker(ThreadWorker):
    """gunicorn's threaded worker with a deadline on each request's arrival (its own reads block without a limit,
    so a client that stops, or trickles, mid-request would hold the thread), no wait on a connection that has not
    sent anything yet, closed connections drained in the poller rather than on the main thread, and its answers to
    faults of the HTTP framing in problem+json."""

    def init_process(self):
        self.lingering: deque = deque()      # [deadline, socket, bytes drained] of connections being closed
        super().init_process()

    def handle(self, conn):
        # a new connection with nothing to read yet goes back to the poller at once (gunicorn would hold the thread
        # for up to 5 s waiting for it)
        if not conn.initialized and not conn.data_ready and not conn.wait_for_data(0.05):
            return _DEFER
        if not isinstance(conn.sock, _Deadline):
            conn.sock = _Deadline(conn.sock)      # before gunicorn builds its parser over the socket
            conn.close = partial(self.close_conn, conn)
        conn.sock.arm(read_timeout)
        return super().handle(conn)

    # ------------------------------------------------------------------ closing a connection
    # gunicorn closes a finished connection gracefully (RFC 9112 §9.6: send FIN, then read what the client still
    # sends, so that unread bytes do not turn the close into a reset that could cut the answer short) on the
    # worker's main thread, blocking for up to 2 s: a client that keeps its socket open after "Connection: close"
    # froze the whole worker that long.  Here the socket waits in the poller instead, and the main thread goes on.

    def close_conn(self, conn, graceful: bool = False) -> None:
        sock = conn.sock._sock if isinstance(conn.sock, _Deadline) else conn.sock
        if not graceful:
            util.close(sock)
            return
        try:
            sock.shutdown(socket.SHUT_WR)
            sock.setblocking(False)
            entry = [time.monotonic() + LINGER, sock, 0]
            self.poller.register(sock, selectors.EVENT_READ, partial(self.drain, entry))
        except (OSError, ValueError, KeyError):
            util.close(sock)
            return
        self.lingering.append(entry)

    def drain(self, entry, _fileobj=None) -> None:
        """Read what a closing connection's client still sends; close it once the client closes its side, or
        after :data:`LINGER_BYTES`."""
        sock = entry[1]
        try:
            while entry[2] < LINGER_BYTES:
                data = sock.recv(4096)
                if not data:
                    break
                entry[2] += len(data)
        except BlockingIOError:
            return                     # nothing more for now: the poller calls again
        except OSError:
            pass
        self.end_linger(entry)

    def end_linger(self, entry) -> None:
        if entry[1] is None:
            return
        try:
            self.poller.unregister(entry[1])
        except (OSError, KeyError, ValueError):
            pass
        util.close(entry[1])
        entry[1] = None

    def murder_pending(self):
        super().murder_pending()
        now = time.monotonic()
        while self.lingering and (self.lingering[0][1] is None or self.lingering[0][0] <= now):
            self.end_linger(self.lingering.popleft())

    # ------------------------------------------------------------------ gunicorn's own answers
    def handle_error(self, req, client, addr, exc):
        """gunicorn answers a fault of the HTTP framing (a request line over 8 KiB, too many headers, an unknown
        transfer coding, a malformed chunk) with a small HTML page; this keeps its status, reason and logging and
        sends the same problem+json as the app would instead."""
        page = _Page()
        super().handle_error(req, page, addr, exc)
        status = page.status
        reason = page.data.split(b"\r\n", 1)[0].split(b" ", 2)[2:] or [b"Error"]
        try:
            from referee import http as wsgi
            from referee import i18n
            req = req or getattr(exc, "req", None)
            header = next((v for k, v in getattr(req, "headers", None) or () if k == "ACCEPT-LANGUAGE"), "")
            with i18n.language(wsgi.language(header)) as lang:
                body = wsgi.framing_problem(status, type(exc).__name__, line=self.cfg.limit_request_line)
            payload = json.dumps(body, ensure_ascii=False).encode()
            headers = {"Content-Type": "application/problem+json", "Content-Length": str(len(payload)),
                       "Content-Language": lang, "Connection": "close", "X-Request-Id": uuid.uuid4().hex,
                       **wsgi.SECURITY_HEADERS}
            head = (b"HTTP/1.1 %d " % status) + reason[0] + b"\r\n" + "".join(
                f"{k}: {v}\r\n" for k, v in headers.items()).encode("latin-1") + b"\r\n"
            util.write_nonblock(client, head + payload)
        except Exception:
            self.log.debug("Failed to send error message.")


class _StalledClientsAreNotErrors:
    """gunicorn logs a client that stalls past ``read_timeout`` as a socket error with a traceback; it is the read
    timeout doing its job, so such records are dropped from the error log."""

    @staticmethod
    def filter(record) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], TimeoutError))


def post_worker_init(worker):
    worker.log.error_log.addFilter(_StalledClientsAreNotErrors())
