"""The log line of every request, one JSON object: python-json-logger's :class:`JsonFormatter` with the same keys,
in the same order, with the same values, written by orjson.

python-json-logger builds each line through a generic path (its hooks, renames, a ``json.dumps`` with an encoder
class), which cost 50–65 µs a request (issue 30).  :class:`LogLine` takes the short way when a record holds what a
request's line holds (a text message, no exception or stack, values that are strings, integers, booleans, None or
finite floats) and leaves every other record, and every formatter option, to python-json-logger.  The line is
compact (no blank after ``:`` and ``,``) and non-ASCII text is written as UTF-8 rather than ``\\u`` escapes: the
same JSON value (tests/http/test_request_log_line.py compares the two formatters on the same records).
"""
from __future__ import annotations

import logging
import math
import sys
import time

import orjson
from pythonjsonlogger.json import JsonFormatter

FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
_PLAIN = frozenset({str, int, bool, type(None)})
_RECORD_FIELDS = frozenset({"asctime", "levelname", "name", "message"})    # what request_line knows of a record


def _info_name() -> str:
    return logging.getLevelName(logging.INFO)


def _now() -> tuple[float, float]:
    """The time a log record made now holds, and its milliseconds, as :class:`logging.LogRecord` takes them."""
    if _NS_TIME:
        ns = time.time_ns()
        return ns / 1e9, (ns % 1_000_000_000) // 1_000_000 + 0.0
    ct = time.time()
    return ct, int((ct - int(ct)) * 1000) + 0.0


_NS_TIME = sys.version_info >= (3, 13)      # Python 3.13's LogRecord reads time.time_ns()


def log_request(logger: logging.Logger, fields: dict) -> None:
    """``logger.info("request", extra=fields)``, the line written at once where the logger is as
    :func:`referee.http.app._setup_logging` made it (one stream handler with a :class:`LogLine`, no filters): the
    same line, without a :class:`logging.LogRecord` and the generic path of logging (its record, its handler's
    checks and the formatter's walk of the record's attributes: most of the line's cost, issue 30).  Any other
    set-up (a second handler, as pytest's ``caplog`` adds, a filter, another formatter, propagation) gets the record
    as before."""
    handlers = logger.handlers
    if len(handlers) == 1 and not logger.propagate and not logger.filters and not logger.disabled:
        handler = handlers[0]
        formatter = handler.formatter
        if (type(handler) is logging.StreamHandler and type(formatter) is LogLine and not handler.filters
                and handler.level <= logging.INFO):
            created, msecs = _now()
            line = formatter.request_line(fields, created, msecs, logger.name)
            if line is not None:
                handler.acquire()
                try:
                    try:
                        handler.stream.write(line + handler.terminator)
                        handler.flush()
                    except RecursionError:
                        raise
                    except Exception:
                        handler.handleError(logger.makeRecord(logger.name, logging.INFO, "", 0, "request", (), None,
                                                              extra=fields))
                finally:
                    handler.release()
                return
    logger.info("request", extra=fields)


class LogLine(JsonFormatter):
    """:class:`JsonFormatter` (``FORMAT`` by default), written by orjson where the record allows (see the module)."""

    def __init__(self, *args, **kwargs) -> None:
        if not args and "fmt" not in kwargs:
            args = (FORMAT,)
        super().__init__(*args, **kwargs)
        self._short = not (self.defaults or self.static_fields or self.rename_fields or self.timestamp
                           or self.rename_fields_keep_missing)
        self._fields = tuple(self._required_fields)
        self._timed = "asctime" in self._fields
        self._second: tuple[int, str] = (-1, "")      # the last second formatted, and its text

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:    # noqa: N802
        """logging's default time (``2026-12-05 04:21:09,123``), its seconds formatted once per second."""
        if datefmt or not self._default_time():
            return super().formatTime(record, datefmt)
        return self._time_of(record.created, record.msecs)

    def _default_time(self) -> bool:
        """Whether the time is logging's default form, which :meth:`_time_of` writes."""
        return bool(self.default_msec_format) and self.converter is time.localtime

    def _time_of(self, created: float, msecs: float) -> str:
        """The time ``created`` in logging's default form (where :meth:`_default_time`)."""
        second = int(created)
        kept = self._second
        if kept[0] != second:
            kept = self._second = (second, time.strftime(self.default_time_format, self.converter(created)))
        return str(self.default_msec_format) % (kept[1], msecs)

    def request_line(self, fields: dict, created: float, msecs: float, name: str) -> str | None:
        """The line :meth:`format` writes for a record of ``name`` at INFO with the message ``request`` and
        ``fields`` as its extras, made at ``created`` (``msecs``: its milliseconds, as the record keeps them); None
        when this formatter would not take its short way with such a record (its options, its fields, a value), so
        that the caller logs the record itself."""
        if not self._request_ready():
            return None
        known = {"asctime": self._time_of(created, msecs) if self._timed else None,
                 "levelname": _info_name(), "name": name, "message": "request"}
        line = {field: known[field] for field in self._fields}
        skip = self._skip_fields
        for key, value in fields.items():
            if key in skip or key in line or key[:1] == "_":
                return None
            t = type(value)
            if t not in _PLAIN and not (t is float and math.isfinite(value)):
                return None
            line[key] = value
        try:
            return orjson.dumps(line).decode()
        except orjson.JSONEncodeError:      # a lone surrogate, an integer past 64 bits
            return None

    def _request_ready(self) -> bool:
        """Whether a request's line can be written without a record: the short way, the fields a request's record
        holds (those of ``FORMAT`` or fewer), logging's default time."""
        return (self._short and not self.datefmt and set(self._fields) <= _RECORD_FIELDS
                and (not self._timed or self._default_time()))

    def format(self, record: logging.LogRecord) -> str:
        if (not self._short or isinstance(record.msg, dict) or record.exc_info or record.exc_text
                or record.stack_info):
            return super().format(record)
        record.message = record.getMessage()
        if self._timed:
            record.asctime = self.formatTime(record, self.datefmt)
        attrs = record.__dict__
        line = {field: attrs.get(field) for field in self._fields}
        skip = self._skip_fields
        for key, value in attrs.items():
            if key not in skip and not (hasattr(key, "startswith") and key.startswith("_")):
                line[key] = value
        for value in line.values():
            t = type(value)
            if t not in _PLAIN and not (isinstance(value, float) and t is float and math.isfinite(value)):
                return super().format(record)
        try:
            return orjson.dumps(line).decode()
        except orjson.JSONEncodeError:      # a lone surrogate, an integer past 64 bits
            return super().format(record)
