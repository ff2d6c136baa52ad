"""Reading game logs in bulk, one at a time and with bounded memory: :func:`iter_logs` (the library's reader) and
:func:`iter_lines` (the raw lines, which ``referee validate`` ships to its workers).

A path is a file, a folder (every log file in it, recursively, in sorted order), a glob pattern (``logs/*.jsonl.gz``,
``**`` reaching into folders; its matches in sorted order) or ``-`` (JSONL on standard input).  A ``.json`` file
(or ``.json.gz``) is one log; a ``.jsonl`` or ``.ndjson`` file (or ``.jsonl.gz``, ``.ndjson.gz``) is one log a line,
blank lines left out, line numbers counting every physical line from 1.  No line is held longer than the service's
body limit (``REFEREE_MAX_BODY``): a longer one is skipped to its end and reported as too large, as HTTP answers 413.

As python-chess's PGN reader does, a reader never stops at a bad log: what is wrong with it is collected in the
log's ``errors`` and the next one follows.
"""
from __future__ import annotations

import contextlib
import glob
import gzip
import io
import os
import sys
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from .errors import NotFound, RefereeError, TooLarge
from .i18n import _, ngettext
from .jsonio import parse_body
from .settings import MAX_BODY

LOG_SUFFIXES = (".json", ".jsonl", ".ndjson", ".json.gz", ".jsonl.gz", ".ndjson.gz")
WHOLE_SUFFIXES = (".json", ".json.gz")          # one log a file; the others are one log a line
_SKIP = 1 << 16                                  # the bytes read at a time while skipping a line that is too long


class UnreadableFile(RefereeError):
    """A file that cannot be read (``unreadable-file``): not there, not a log file, or its gzip stream broken."""

    status = 400
    kind = "unreadable-file"
    pointer = ""


class NoSuchFile(NotFound):
    """A path that names no file, folder or glob match (``no-such-file``)."""

    kind = "no-such-file"
    pointer = ""


def _kind(path: str) -> str:
    name = path.lower()
    return next((s for s in sorted(LOG_SUFFIXES, key=len, reverse=True) if name.endswith(s)), "")


def _is_glob(path: str) -> bool:
    return glob.has_magic(path) if hasattr(glob, "has_magic") else any(c in path for c in "*?[")


def log_files(paths: str | bytes | os.PathLike | Iterable[str | bytes | os.PathLike]) -> Iterator[str]:
    """The files ``paths`` name, in order: a folder gives every log file in it (sorted, recursively), a glob pattern
    its matches (sorted; a folder matched gives its log files); ``-`` and a path that does not exist are kept
    (the reader reports the latter as :class:`NoSuchFile`)."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    for p in (os.fsdecode(x) for x in paths):     # a bytes path is decoded as the file system does
        if p == "-":
            yield p
        elif os.path.isdir(p):
            yield from (str(f) for f in sorted(Path(p).rglob("*"))     # a broken link: reported as no such file
                        if _kind(f.name) and (f.is_file() or (f.is_symlink() and not f.exists())))
        elif not os.path.exists(p) and _is_glob(p):
            matches = sorted(glob.glob(p, recursive=True))
            if not matches:
                yield p           # reported as no such file
            for m in matches:
                if os.path.isdir(m):
                    yield from log_files([m])
                elif _kind(m):
                    yield m
        else:
            yield p


@dataclass
class Line:
    """One log as read: where it is (``source``, the 1-based ``line``; 1 for a whole-file log, 0 when the file
    itself could not be read) and its bytes, or the error that stopped it being read (``data`` is then None)."""

    source: str
    line: int
    data: bytes | None
    error: RefereeError | None = None


def _too_large(limit: int) -> TooLarge:
    if limit % 1024 == 0:
        return TooLarge(_("a log is limited to {n} KiB, as a request body is", n=limit // 1024))
    return TooLarge(ngettext("a log is limited to {n} byte, as a request body is",
                             "a log is limited to {n} bytes, as a request body is", limit))


class LineReader(Protocol):
    """What :func:`_lines_of` reads: a binary stream's lines (a file, or :class:`referee.cli`'s part of one)."""

    def readline(self, size: int, /) -> bytes: ...


def _lines_of(stream: LineReader, source: str, limit: int, first: bool = True) -> Iterator[Line]:
    """The non-blank lines of a JSONL stream, each read with at most ``limit`` + 2 bytes held.  ``first``: the stream
    begins at the file's first line (whose byte order mark is left out), not at a later line of it."""
    number = 0
    while True:
        raw = stream.readline(limit + 2)            # the line, its \r and its \n
        if not raw:
            return
        number += 1
        if first and number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        ended = raw.endswith(b"\n")
        if not ended and len(raw) == limit + 2:        # longer still: skip the rest of the line, holding little
            while chunk := stream.readline(_SKIP):
                if chunk.endswith(b"\n"):
                    break
            yield Line(source, number, None, _too_large(limit))
            continue
        text = raw[:-1] if ended else raw
        if text.endswith(b"\r"):
            text = text[:-1]
        if len(text) > limit:
            yield Line(source, number, None, _too_large(limit))
        elif text.strip():
            yield Line(source, number, text)


def _open(path: str):
    """The file's bytes as a context manager (gunzipped for ``.gz``); standard input is not closed after it."""
    if path == "-":
        return contextlib.nullcontext(sys.stdin.buffer if hasattr(sys.stdin, "buffer")
                                      else io.BytesIO(sys.stdin.read().encode()))
    return gzip.open(path, "rb") if path.lower().endswith(".gz") else open(path, "rb")


def iter_lines(paths: str | os.PathLike | Iterable[str | os.PathLike], *, limit: int | None = None) -> Iterator[Line]:
    """Every log of ``paths`` as raw bytes (see the module's text), in input order, lazily: one line held at a time.
    ``limit``: the longest log in bytes (``REFEREE_MAX_BODY`` by default)."""
    limit = MAX_BODY if limit is None else limit
    for path in log_files(paths):
        if path != "-" and not os.path.exists(path):
            yield Line(path, 0, None, NoSuchFile(_("no such file or folder: {path}", path=path)))
            continue
        if path != "-" and not os.path.isfile(path):
            yield Line(path, 0, None, UnreadableFile(_("not a file: {path}", path=path)))
            continue
        yield from file_lines(path, limit)


def file_lines(path: str, limit: int, shown: str | None = None) -> Iterator[Line]:
    """The logs of one file that exists (or ``-``), as :func:`iter_lines` reads them; ``shown``: the name the lines
    and the error messages give the file (``path`` by default; a Dask worker reads a resolved path, named as given)."""
    shown = path if shown is None else shown
    number = 0
    try:
        with _open(path) as stream:
            if path != "-" and _kind(path) in WHOLE_SUFFIXES:
                data = stream.read(limit + 4)
                number = 1
                data = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
                yield Line(shown, 1, None, _too_large(limit)) if len(data) > limit else Line(shown, 1, data)
                return
            for item in _lines_of(stream, shown, limit):
                number = item.line
                yield item
    except (OSError, EOFError, zlib.error) as e:      # gzip.BadGzipFile is an OSError
        why = str(e) or type(e).__name__
        if path != shown:
            why = why.replace(path, shown)        # an OSError names the file it was opened as
        yield Line(shown, number + 1 if number else 0, None,
                   UnreadableFile(_("cannot read {path}: {why}", path=shown, why=why)))


@dataclass
class Log:
    """A log as :func:`iter_logs` yields it: ``source`` and ``line`` say where it is; ``body`` is the parsed JSON
    object (None when it could not be read); ``errors`` lists what is wrong with it as read (an empty list for a
    log that was read: whether it breaks a rule is :func:`referee.validate`'s to say)."""

    source: str
    line: int
    body: dict[str, Any] | None
    errors: list[RefereeError] = field(default_factory=list)

    @property
    def game(self) -> str | None:
        """The game the body names in its top-level ``"game"`` key, if any."""
        g = (self.body or {}).get("game")
        return g if isinstance(g, str) else None


def iter_logs(paths: str | os.PathLike | Iterable[str | os.PathLike], *, limit: int | None = None) -> Iterator[Log]:
    """Yield the logs of ``paths`` one at a time (JSONL, ``.ndjson``, ``.json``, each also gzipped; a folder; a glob;
    ``-``), parsed as the service parses a body, never stopping at a bad one: its errors are in ``Log.errors``
    (:class:`~referee.jsonio.BadJSON`, :class:`~referee.errors.TooLarge`, :class:`NoSuchFile`,
    :class:`UnreadableFile`, :class:`~referee.errors.InputError` for a line that is not a JSON object)."""
    from .errors import InputError
    for item in iter_lines(paths, limit=limit):
        if item.error is not None or item.data is None:
            yield Log(item.source, item.line, None, [item.error or UnreadableFile(item.source)])
            continue
        try:
            body = parse_body(item.data)
        except RefereeError as e:
            yield Log(item.source, item.line, None, [e])
            continue
        if not isinstance(body, dict):
            yield Log(item.source, item.line, None, [InputError(_("a request body is a JSON object"), "")])
            continue
        yield Log(item.source, item.line, body)
