"""What gunicorn alone needs to serve Referee truthfully, through its public interfaces but for two methods
(gunicorn_conf.py installs it): the WSGI middleware :class:`Guard`, the ``pre_request`` hook, a graceful SIGTERM
and gunicorn's own refusals in problem+json.

gunicorn's stock threaded worker is kept as it is.  It is for development and trusted clients; facing the open
internet, nginx (deploy/, ``scripts/serve-proxied``) is the one defence against slow and hostile clients.  Even for
trusted clients, gunicorn alone must:

- **tell the truth about keep-alive**: an answer given before the body was read whole (413, 415, 404, the app's 408
  and 400) leaves bytes on the connection, which gunicorn then closes; such an answer says ``Connection: close``
  (RFC 9112 §9.6), so that a client's next request never meets a closed connection.  gunicorn ignores a Connection
  header from the app, so the request handed to the documented ``pre_request`` hook is marked to close instead
  (its ``must_close``);
- **refuse a chunked body by its sizes**: a chunk whose size line takes the body past ``REFEREE_MAX_BODY`` is
  refused as that line is read (413; a size past any body, 400), not waited for (:func:`bound_chunks`, one of
  the two uses of gunicorn's private API);
- **never wait forever on a client**: a body that stops arriving for ``REFEREE_READ_TIMEOUT`` seconds is answered
  408, no read of it starts later than that after the request began, and an answer must be taken within as long
  (a client that stops reading is dropped, freeing the thread).  A client that trickles a byte at a time within
  those bounds still holds its thread: the proxy's to stop;
- **stop without losing what the kernel accepted**: on SIGTERM the kernel stops starting handshakes on the listening
  socket (a socket filter drops new SYNs), each worker serves the connections already waiting in its queue, and
  only then stops as gunicorn does;
- **die without a half answer**: gunicorn writes an answer's head and its body in two writes, and a worker killed
  between them (SIGKILL, the OOM killer) left the proxy a head without its body, which it cannot send again.  The
  answer is now held back (TCP_CORK) until it is written whole, and a worker that dies before then resets the
  connection instead of closing it: the proxy sees no answer at all and sends the request to the other instance;
- **word its own refusals as the app does**: a fault of the HTTP framing, which gunicorn refuses before the app
  sees the request, is answered in the app's problem+json, not gunicorn's HTML page (:func:`problem_pages`, the
  other use of its private API).
"""
from __future__ import annotations

import contextlib
import ctypes
import ipaddress
import logging
import os
import select
import signal
import socket
import struct
import sys
import threading
import time

_RESET_ON_CLOSE = struct.pack("ii", 1, 0)     # SO_LINGER on, 0 s: a close sends a reset and drops what is unsent
_CLOSE_GRACEFULLY = struct.pack("ii", 0, 0)

_current = threading.local()      # the gunicorn request being served on this thread (pre_request)


def pre_request(worker, req) -> None:
    """gunicorn's ``pre_request`` hook: remember the request, so that :class:`Guard` can mark it to close; and read
    a later minor version of HTTP/1 (1.2 to 1.9, which gunicorn's parser lets through) as HTTP/1.1, as RFC 9112 §2.6
    asks and nginx does: the app then sees HTTP/1.1 (its Host is required) and the answer's status line says
    HTTP/1.1, not a version the server does not speak."""
    _current.req = req
    version = getattr(req, "version", None)
    if isinstance(version, tuple) and len(version) == 2 and version[0] == 1 and version[1] > 1:
        req.version = (1, 1)


def _close_after_answer() -> None:
    req = getattr(_current, "req", None)
    if req is not None:
        req.must_close = True     # gunicorn then announces "Connection: close" and closes after the answer


# the largest chunk size nginx reads (its off_t): one past it is no body any server takes, a framing fault (400)
LARGEST_CHUNK = 2 ** 63 - 1


class BodyOverLimit(Exception):
    """A chunk's declared size takes the body past ``REFEREE_MAX_BODY``: the app answers 413 at once."""


def bound_chunks(stream, max_body: int) -> bool:
    """Refuse a chunked body the moment a chunk's size line says it goes past ``max_body``: a size past any body
    (over :data:`LARGEST_CHUNK`, as nginx) is gunicorn's own ``InvalidChunkSize`` (400), a size a body could have
    :class:`BodyOverLimit` (413).  Without this, a client that declares a chunk of 2**96 bytes and sends two of
    them holds a thread until the read timeout (10 s), and is then answered 408.

    gunicorn says nothing of a chunk's size through WSGI, so this is the one place where its private API is used:
    the ``parse_chunk_size(unreader, data)`` method of the ``ChunkedReader`` behind ``wsgi.input`` (unchanged since
    gunicorn 19), wrapped on this request's reader alone.  Where gunicorn has no such method, nothing is wrapped
    (False) and the body is bounded as before: by the limit as it is read, and by the read timeout."""
    reader = getattr(stream, "reader", None)
    parse = getattr(reader, "parse_chunk_size", None)
    if not callable(parse):
        return False
    from gunicorn.http.errors import InvalidChunkSize
    total = 0

    def checked(unreader, data=None):
        nonlocal total
        size, rest = parse(unreader, data)
        if size > LARGEST_CHUNK:
            raise InvalidChunkSize(b"%x" % size)
        total += size
        if total > max_body:
            raise BodyOverLimit(total)
        return size, rest

    reader.parse_chunk_size = checked  # type: ignore[union-attr]
    return True


class _Body:
    """The request body (``wsgi.input``), counting what was read: each read waits at most until the deadline (the
    socket's timeout is set to what is left of it), and none starts after it."""

    def __init__(self, stream, sock, deadline: float) -> None:
        self._stream = stream
        self._sock = sock
        self._deadline = deadline
        self.read_bytes = 0
        self.ended = False

    def _arm(self) -> None:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request body did not arrive within the read timeout")
        if self._sock is not None:
            self._sock.settimeout(left)

    def _count(self, data: bytes, size) -> bytes:
        self.read_bytes += len(data)
        if not data or (size is None or size < 0):
            self.ended = True
        return data

    def read(self, size=None):
        self._arm()
        return self._count(self._stream.read(size) if size is not None else self._stream.read(), size)

    def readline(self, size=None):
        self._arm()
        return self._count(self._stream.readline(size), 1)

    def readlines(self, hint=None):
        return list(iter(self.readline, b""))

    def __iter__(self):
        return iter(self.readline, b"")


class Guard:
    """WSGI middleware around the app under gunicorn (see the module's text)."""

    def __init__(self, app, read_timeout: float, trusted_proxies=(), max_body: int | None = None) -> None:
        self.app = app
        self.read_timeout = read_timeout
        self.trusted = tuple(trusted_proxies)
        self.max_body = max_body

    def _trusted(self, addr: str) -> bool:
        try:
            ip = ipaddress.ip_address(addr)
        except ValueError:
            return False
        return any(ip in net for net in self.trusted)

    def __call__(self, environ, start_response):
        sock = environ.get("gunicorn.socket")
        body = _Body(environ["wsgi.input"], sock, time.monotonic() + self.read_timeout)
        environ["wsgi.input"] = body
        peer = environ.get("REMOTE_ADDR", "")
        real = environ.get("HTTP_X_REAL_IP", "").strip()
        if real and self._trusted(peer):        # the proxy's word for the client's address, from the proxy only
            environ["REMOTE_ADDR"] = real
        length = environ.get("CONTENT_LENGTH") or ""
        declared = int(length) if length.isdigit() else None
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and self.max_body is not None:
            bound_chunks(body._stream, self.max_body)

        def start(status, headers, exc_info=None):
            # one pass over the app's headers: its Connection header read and left out (gunicorn ignores it)
            sent = []
            close = False
            for k, v in headers:
                if k.lower() == "connection":
                    close = close or v.strip().lower() == "close"
                else:
                    sent.append((k, v))
            if declared is not None:
                close = close or body.read_bytes < declared
            elif chunked:
                close = close or not body.ended
            if close:
                _close_after_answer()
            if sock is not None:
                try:
                    sock.settimeout(self.read_timeout)      # the answer must be taken within the timeout too
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _RESET_ON_CLOSE)
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)
                    held.append(sock)
                except OSError:                 # not a TCP socket (a unix one): nothing to hold
                    pass
            return start_response(status, sent, exc_info)

        held: list = []
        return _Answer(self.app(environ, start), held)


class _Answer:
    """The app's answer, as gunicorn writes it; once it is written whole (gunicorn closes it), the held-back bytes
    go out and the connection closes gracefully again."""

    def __init__(self, body, held: list) -> None:
        self._body = body
        self._held = held

    def __iter__(self):
        return iter(self._body)

    def close(self) -> None:
        try:
            if hasattr(self._body, "close"):
                self._body.close()
        finally:
            for sock in self._held:
                try:
                    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 0)
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, _CLOSE_GRACEFULLY)
                except OSError:
                    pass


class TimeoutsAreNotErrors(logging.Filter):
    """gunicorn logs a client dropped by a timeout (a body that did not arrive, an answer not taken) as a socket
    error with a traceback; it is the timeout doing its job."""

    def filter(self, record) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], TimeoutError))


# A classic BPF socket filter (Linux's SO_ATTACH_FILTER, unprivileged) that drops every TCP segment with SYN set and
# keeps the rest.  On a listening socket it runs on each segment addressed to it (RFC 793's three-way handshake):
# a new connection's SYN is dropped, so the kernel no longer starts handshakes, while the last ACK of a handshake
# already under way passes and completes it into the accept queue.  The load is relative to the TCP header.
_SO_ATTACH_FILTER = getattr(socket, "SO_ATTACH_FILTER", 26)
_DROP_SYN = ((0x30, 0, 0, 13),              # ldb [13]            the TCP header's flags
             (0x45, 0, 1, 0x02),            # jset #SYN, drop, keep
             (0x06, 0, 0, 0),               # drop: ret #0
             (0x06, 0, 0, 0xFFFFFFFF))      # keep: ret #-1


def stop_handshakes(listener) -> bool:
    """Make the kernel start no more handshakes on ``listener`` (a listening TCP socket on Linux), leaving those
    under way and the accepted connections in its queue as they are: a new client's SYN goes unanswered, it tries
    again a second later and then finds the socket closed (refused: never accepted, nothing lost).  False where
    that cannot be done (not Linux, not TCP)."""
    if listener.family not in (socket.AF_INET, socket.AF_INET6) or not sys.platform.startswith("linux"):
        return False
    program = ctypes.create_string_buffer(b"".join(struct.pack("HBBI", *op) for op in _DROP_SYN))
    fprog = struct.pack("HL", len(_DROP_SYN), ctypes.addressof(program))    # struct sock_fprog
    try:
        listener.setsockopt(socket.SOL_SOCKET, _SO_ATTACH_FILTER, fprog)    # the kernel copies the program
    except OSError:
        return False
    return True


def _socket_holders(listeners) -> tuple[set[int], set[int]]:
    """The processes (other than this one) that hold one of ``listeners`` open, from /proc (Linux), and those whose
    files could not be looked at (another user's)."""
    wanted = set()
    for s in listeners:
        with contextlib.suppress(OSError, ValueError):
            wanted.add(f"socket:[{os.fstat(s.fileno()).st_ino}]")
    holders: set[int] = set()
    unseen: set[int] = set()
    me = os.getpid()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            fds = os.listdir(f"/proc/{entry.name}/fd")
        except FileNotFoundError:
            continue                              # gone meanwhile
        except OSError:
            unseen.add(int(entry.name))           # another user's
            continue
        for fd in fds:
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{entry.name}/fd/{fd}") in wanted:
                    holders.add(int(entry.name))
                    break
    return holders, unseen


def _parent_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return int(f.read().rsplit(b")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def server_is_stopping(listeners) -> bool:
    """True when the whole server stops, not just this worker: gunicorn's master closes its listening sockets before
    it sends its workers SIGTERM to stop, and keeps them when it stops some of them (a reload, SIGHUP; one worker
    fewer, SIGTTOU), as does a new master started by SIGUSR2.  So: no process but this master's other workers still
    holds the sockets open (Linux's /proc).  False where that cannot be seen: the master's files, or those of a
    gunicorn process of another user, out of sight."""
    if not sys.platform.startswith("linux"):
        return False
    master = os.getppid()
    try:
        holders, unseen = _socket_holders(listeners)
    except OSError:
        return False
    for pid in unseen:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                hidden_gunicorn = b"gunicorn" in f.read()
        except OSError:
            hidden_gunicorn = False
        if pid == master or hidden_gunicorn:
            return False
    return all(pid != master and _parent_of(pid) == master for pid in holders)


def drain_on_sigterm(worker, longest: float = 5.0, quiet: float = 0.1) -> None:
    """Make the worker's SIGTERM graceful for the connections the kernel has accepted, when the whole server stops:
    gunicorn would stop accepting at once, and closing the listening socket resets every connection waiting in its
    queue, and every one whose handshake completes until the socket is closed (the worker keeps it open while it
    finishes its requests).  Here the kernel first stops starting handshakes on the socket
    (:func:`stop_handshakes`; where it cannot, the queue is shrunk to its least), the worker goes on accepting until
    the queue has stayed empty for ``quiet`` seconds (``longest`` at most), and only then stops as gunicorn does:
    every connection the kernel accepted is answered, and no new one is accepted meanwhile.

    When only some workers stop (:func:`server_is_stopping` is False: a reload, one worker fewer), the socket is
    left as it is, since the master and the other workers go on serving from it, and the worker stops as gunicorn
    does: what waits in the queue is theirs to accept."""
    stop = signal.getsignal(signal.SIGTERM)
    listeners = list(getattr(worker, "sockets", ()) or ())

    def drain():
        try:
            if not server_is_stopping(listeners):
                return
            for s in listeners:
                if not stop_handshakes(s):
                    with contextlib.suppress(OSError):
                        s.listen(0)
            end = time.monotonic() + longest
            empty_since = time.monotonic()
            while time.monotonic() < end and time.monotonic() - empty_since < quiet:
                try:
                    ready, _w, _x = select.select(listeners, [], [], 0.02)
                except (OSError, ValueError):
                    break
                if ready:
                    empty_since = time.monotonic()
                    time.sleep(0.01)            # the worker's own poller accepts it
        finally:
            if callable(stop):
                stop(signal.SIGTERM, None)

    def on_term(signum, frame):
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        threading.Thread(target=drain, name="referee-drain", daemon=True).start()

    if callable(stop) and listeners:
        signal.signal(signal.SIGTERM, on_term)


class _Page:
    """Where gunicorn writes its own error page (through ``util.write_nonblock``: ``gettimeout``, ``setblocking``,
    ``sendall``), kept here so that its status line can be read and the page itself not sent."""

    def __init__(self) -> None:
        self.data = b""

    def gettimeout(self):
        return None

    def setblocking(self, flag) -> None:
        pass

    def sendall(self, data) -> None:
        self.data += data

    def send(self, data) -> int:
        self.data += data
        return len(data)


def problem_pages(worker) -> None:
    """Answer gunicorn's own refusals (a fault of the HTTP framing: a request line over its limit, too many or too
    large header fields, a malformed request line or header, an unknown transfer coding, an expectation other than
    100-continue) in the app's problem+json, as nginx does in front (deploy/nginx/problems), instead of gunicorn's
    short HTML page.  gunicorn keeps its say on the status and its logging: its ``handle_error`` runs as before and
    writes its page to a :class:`_Page`; the problem with that status goes to the client, in the language of the
    request when gunicorn got as far as reading its headers.

    gunicorn offers no hook for its own answers, so this is the second use of its private API: the worker's
    ``handle_error(req, client, addr, exc)`` method (the same since gunicorn 19), replaced on this worker alone.
    Should a release change it, the wrapper fails to send and gunicorn's page is sent as before."""
    page_of = getattr(worker, "handle_error", None)
    if not callable(page_of):
        return
    line = worker.cfg.limit_request_line

    def handle_error(req, client, addr, exc):
        page = _Page()
        page_of(req, page, addr, exc)
        try:
            payload, head = _problem_for(page.data, req or getattr(exc, "req", None), type(exc).__name__, line,
                                         other_major=_other_major(exc))
            client.settimeout(1.0)
            client.sendall(head + payload)
        except Exception:           # anything unforeseen: gunicorn's own page, as it wrote it
            with contextlib.suppress(Exception):
                client.sendall(page.data)

    worker.handle_error = handle_error


def _other_major(exc) -> bool:
    """Whether gunicorn refused the request for a later major version of HTTP (HTTP/2.0, HTTP/3.0: its
    ``InvalidHTTPVersion`` with the version parsed): a 505 (RFC 9110 §15.6.6), as nginx answers, not gunicorn's 400,
    which stays, as in nginx, for HTTP/0.9 (which never named its version) and for a version written otherwise
    (HTTP/1.10)."""
    version = getattr(exc, "version", None) if type(exc).__name__ == "InvalidHTTPVersion" else None
    return isinstance(version, tuple) and bool(version) and version[0] >= 2


def _problem_for(page: bytes, req, fault: str, line: int, other_major: bool = False) -> tuple[bytes, bytes]:
    """The problem+json answer (its body, its head) for gunicorn's page ``page`` to the request ``req``;
    ``other_major``: the request's HTTP version is of another major version (505)."""
    import json
    import uuid

    from referee import i18n

    from .problems import framing_problem
    from .transport import SECURITY_HEADERS, language

    _version, status, reason = page.split(b"\r\n", 1)[0].split(b" ", 2)
    if other_major:
        status, reason, fault = b"505", b"HTTP Version Not Supported", ""
    header = next((v for k, v in getattr(req, "headers", None) or () if k == "ACCEPT-LANGUAGE"), "")
    with i18n.language(language(header)) as lang:
        body = framing_problem(int(status), fault, line=line)
    payload = json.dumps(body, ensure_ascii=False).encode()
    headers = {"Content-Type": "application/problem+json", "Content-Length": str(len(payload)),
               "Content-Language": lang, "Vary": "Accept-Language", "Connection": "close",
               "X-Request-Id": uuid.uuid4().hex, **SECURITY_HEADERS}
    head = b"HTTP/1.1 " + status + b" " + reason + b"\r\n" + "".join(
        f"{k}: {v}\r\n" for k, v in headers.items()).encode("latin-1") + b"\r\n"
    return payload, head
