"""The request log line (referee.http.logline.LogLine, written by orjson) holds the same keys, in the same order, with
the same values as python-json-logger's JsonFormatter gives for the same record."""
from __future__ import annotations

import io
import json
import logging
import sys
from pathlib import Path

import pytest
from pythonjsonlogger.json import JsonFormatter

from referee.http.logline import FORMAT, LogLine


def _record(msg="request", args=(), exc_info=None, **extra) -> logging.LogRecord:
    logger = logging.getLogger("referee")
    return logger.makeRecord("referee", logging.INFO, __file__, 1, msg, args, exc_info, extra=extra)


def _pairs(line: str) -> str:
    """The line's keys and values in order (repr: 1, True and 1.0 differ, and a NaN equals a NaN)."""
    return repr(json.loads(line, object_pairs_hook=list))


REQUEST = {"request_id": "0123456789abcdef0123456789abcdef", "client": "127.0.0.1", "method": "POST",
           "path": "/v1/games/thousand/score", "status": 200, "ms": 1.25}


def _raised():
    try:
        raise ValueError("broken")
    except ValueError:
        return sys.exc_info()


def _with_exc_text() -> logging.LogRecord:
    record = _record("failed earlier")
    record.exc_text = "Traceback (most recent call last): ..."      # formatted once by another handler
    return record


RECORDS = [
    lambda: _record(**REQUEST),
    lambda: _record(**{**REQUEST, "path": "/v1/games/тысяча/score", "status": 404, "ms": 0.0}),
    lambda: _record(**{**REQUEST, "client": None, "status": 422, "ms": 12345.67}),
    lambda: _record("%s answered %d", ("score", 200), **REQUEST),
    lambda: _record("кириллица \u2028 \x01 \"quoted\""),
    lambda: _record("no extras"),
    lambda: _record(**{**REQUEST, "ms": float("nan")}),                  # left to python-json-logger
    lambda: _record(**{**REQUEST, "big": 2 ** 70}),
    lambda: _record(**{**REQUEST, "where": Path("/tmp/x")}),
    lambda: _record(**{**REQUEST, "flag": True, "items": [1, 2]}),
    lambda: _record(**{**REQUEST, "_private": 1}),
    lambda: _record(**{**REQUEST, "bad": "\ud800"}),
    lambda: _record({"event": "dict message", "n": 1}),
    lambda: _record("failed", exc_info=_raised()),
    _with_exc_text,
]


@pytest.mark.parametrize("make", RECORDS, ids=range(len(RECORDS)))
def test_the_log_line_holds_python_json_loggers_keys_order_and_values(make):
    record = make()
    new = LogLine().format(record)
    assert _pairs(new) == _pairs(JsonFormatter(FORMAT).format(record))


def test_a_request_is_logged_in_that_order_by_the_app():
    from referee.http import create_app
    app = create_app()
    handler = next(h for h in logging.getLogger("referee").handlers if h.get_name() == "referee-json")
    assert isinstance(handler.formatter, LogLine)
    sink = io.StringIO()
    old = handler.setStream(sink)
    # other tests may have left the logger quieter (a start-up with REFEREE_LOG_LEVEL=WARNING): this one logs at INFO
    logger = logging.getLogger("referee")
    level, disabled, off = logger.level, logger.disabled, logging.root.manager.disable
    logger.setLevel(logging.INFO)
    logger.disabled = False
    logging.disable(logging.NOTSET)
    try:
        app.test_client().get("/healthz", headers={"X-Request-Id": "abc-1"})
    finally:
        handler.setStream(old)
        logger.setLevel(level)
        logger.disabled = disabled
        logging.disable(off)
    line = json.loads(sink.getvalue().splitlines()[-1], object_pairs_hook=list)
    assert [k for k, _v in line] == ["asctime", "levelname", "name", "message", "request_id", "client", "method",
                                     "path", "status", "ms"]
    assert dict(line)["request_id"] == "abc-1" and dict(line)["status"] == 200 and dict(line)["path"] == "/healthz"


def test_the_time_is_loggings_own_across_seconds_formatted_once_each():
    line, plain = LogLine(), logging.Formatter()
    record = _record(**REQUEST)
    start = record.created
    for created in (start, start + 0.25, start + 1.5, start + 1.75, start - 86400.5, start + 3600, start):
        record.created = created
        record.msecs = (created - int(created)) * 1000
        assert line.formatTime(record) == plain.formatTime(record)


def _logger_as_the_app_makes_it(name: str) -> tuple[logging.Logger, io.StringIO]:
    logger = logging.getLogger(name)
    for h in list(logger.handlers):
        logger.removeHandler(h)
    sink = io.StringIO()
    handler = logging.StreamHandler(sink)
    handler.setFormatter(LogLine())
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    return logger, sink


@pytest.mark.parametrize("fields", [REQUEST, {**REQUEST, "path": "/v1/games/тысяча/score", "status": 404, "ms": 0.0},
                                    {**REQUEST, "client": None, "ms": 12345.67}])
@pytest.mark.parametrize("created", [1764910869.0, 1764910869.999, 1764910870.5004])
def test_a_request_line_written_at_once_is_the_line_of_its_record(monkeypatch, fields, created):
    from referee.http import logline
    msecs = int((created - int(created)) * 1000) + 0.0           # as logging.LogRecord takes them (Python 3.11)
    monkeypatch.setattr(logline, "_now", lambda: (created, msecs))
    logger, sink = _logger_as_the_app_makes_it("referee-test-line")
    logline.log_request(logger, fields)
    record = logger.makeRecord(logger.name, logging.INFO, __file__, 1, "request", (), None, extra=fields)
    record.created, record.msecs = created, msecs
    assert sink.getvalue() == LogLine().format(record) + "\n"
    assert _pairs(sink.getvalue()) == _pairs(JsonFormatter(FORMAT).format(record))


def test_a_second_handler_a_filter_or_propagation_gets_the_record_as_before():
    from referee.http import logline
    logger, sink = _logger_as_the_app_makes_it("referee-test-record")
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record)
    keep = Keep()
    logger.addHandler(keep)                                   # as pytest's caplog does
    logline.log_request(logger, REQUEST)
    assert [r.request_id for r in records] == [REQUEST["request_id"]] and len(sink.getvalue().splitlines()) == 1
    logger.removeHandler(keep)
    handler = logger.handlers[0]
    handler.addFilter(lambda r: r.status != 200)              # a filter drops this line
    logline.log_request(logger, REQUEST)
    assert len(sink.getvalue().splitlines()) == 1
    handler.filters.clear()
    logger.propagate = True                                   # the root's handlers see it too
    root_keep = Keep()
    logging.getLogger().addHandler(root_keep)
    try:
        logline.log_request(logger, REQUEST)
    finally:
        logging.getLogger().removeHandler(root_keep)
    assert len(records) == 2 and len(sink.getvalue().splitlines()) == 2


def test_a_value_the_short_way_cannot_write_goes_to_the_record():
    from referee.http import logline
    logger, sink = _logger_as_the_app_makes_it("referee-test-value")
    logline.log_request(logger, {**REQUEST, "ms": float("nan")})      # python-json-logger writes NaN
    line = json.loads(sink.getvalue(), object_pairs_hook=list)
    assert '"ms": NaN' in sink.getvalue()                              # its spacing, not orjson's
    assert [k for k, _v in line] == ["asctime", "levelname", "name", "message", *REQUEST]


def test_a_handler_above_info_writes_no_request_line_and_a_reserved_name_is_refused_as_before():
    from referee.http import logline
    logger, sink = _logger_as_the_app_makes_it("referee-test-level")
    logger.handlers[0].setLevel(logging.WARNING)
    logline.log_request(logger, REQUEST)
    assert sink.getvalue() == ""
    logger.handlers[0].setLevel(logging.NOTSET)
    with pytest.raises(KeyError, match="overwrite"):          # what logger.info(..., extra=) says of such a name
        logline.log_request(logger, {**REQUEST, "thread": 1})
    assert sink.getvalue() == ""
