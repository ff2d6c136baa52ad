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
import time

import orjson
from pythonjsonlogger.json import JsonFormatter

FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
_PLAIN = frozenset({str, int, bool, type(None)})


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
        if datefmt or not self.default_msec_format or self.converter is not time.localtime:
            return super().formatTime(record, datefmt)
        second = int(record.created)
        kept = self._second
        if kept[0] != second:
            kept = self._second = (second, time.strftime(self.default_time_format, self.converter(record.created)))
        return self.default_msec_format % (kept[1], record.msecs)

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
