"""referee.iter_logs: logs streamed from JSONL, .ndjson, .json, gzip, folders and globs, one at a time, each error
collected with the log it belongs to and the reading going on."""
from __future__ import annotations

import gzip
import json
import tracemalloc

import pytest

import referee
from referee import logs
from referee.settings import MAX_BODY

LOG = {"game": "thousand", "players": ["Anna", "Boris", "Vera"], "log": []}
LINE = json.dumps(LOG)


def read(path, **kw):
    return [(log.line, log.body is not None, [e.kind for e in log.errors]) for log in referee.iter_logs(path, **kw)]


def test_jsonl_lines_are_numbered_from_one_and_blank_lines_are_skipped(tmp_path):
    f = tmp_path / "a.jsonl"
    f.write_bytes(b"\xef\xbb\xbf" + LINE.encode() + b"\r\n\n   \n{bad\n" + LINE.encode())   # no final newline
    assert read(f) == [(1, True, []), (4, False, ["malformed-json"]), (5, True, [])]
    assert next(referee.iter_logs(f)).game == "thousand"


def test_gzip_ndjson_and_whole_json_files(tmp_path):
    (tmp_path / "a.jsonl.gz").write_bytes(gzip.compress((LINE + "\n" + LINE + "\n").encode()))
    (tmp_path / "b.ndjson").write_text(LINE + "\n", encoding="utf-8")
    (tmp_path / "c.json.gz").write_bytes(gzip.compress(json.dumps(LOG, indent=2).encode()))
    (tmp_path / "notes.txt").write_text("not a log", encoding="utf-8")
    got = [(log.source.rsplit("/", 1)[1], log.line) for log in referee.iter_logs(tmp_path)]
    assert got == [("a.jsonl.gz", 1), ("a.jsonl.gz", 2), ("b.ndjson", 1), ("c.json.gz", 1)]


def test_a_glob_reads_its_matches_in_sorted_order_and_reaches_into_folders(tmp_path):
    for name in ("b.jsonl", "a.jsonl", "sub/c.jsonl"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(LINE + "\n", encoding="utf-8")
    assert [log.source for log in referee.iter_logs(str(tmp_path / "*.jsonl"))] == \
        [str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")]
    assert len(list(referee.iter_logs(str(tmp_path / "**" / "*.jsonl")))) == 3
    # a pattern that matches nothing is reported, not skipped
    assert read(str(tmp_path / "*.ndjson")) == [(0, False, ["no-such-file"])]


def test_a_missing_file_and_a_broken_gzip_are_errors_and_reading_goes_on(tmp_path):
    good = tmp_path / "good.jsonl"
    good.write_text(LINE + "\n", encoding="utf-8")
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_bytes(gzip.compress(((LINE + "\n") * 3).encode())[:-30])     # cut short: the stream ends early
    got = read([tmp_path / "missing.jsonl", broken, good])
    assert got[0] == (0, False, ["no-such-file"])
    assert got[-1] == (1, True, [])
    assert got[-2][2] == ["unreadable-file"]


@pytest.mark.parametrize("extra, kinds", [(0, []), (1, ["payload-too-large"])])
def test_a_line_over_the_body_limit_is_refused_as_over_http(tmp_path, extra, kinds):
    # a line of exactly REFEREE_MAX_BODY bytes is read; one byte more is refused (413), and the next line is read
    line = LINE[:-1] + " " * (MAX_BODY - len(LINE) + extra) + "}"
    assert len(line.encode()) == MAX_BODY + extra
    f = tmp_path / "a.jsonl"
    f.write_text(line + "\r\n" + LINE + "\n", encoding="utf-8")
    assert read(f) == [(1, not kinds, kinds), (2, True, [])]


def test_a_huge_line_is_skipped_without_being_held(tmp_path):
    f = tmp_path / "big.jsonl"
    with open(f, "wb") as fh:
        fh.write(b'{"log": [' + b"0," * (16 * 1024 * 1024) + b"0]}\n")       # 32 MiB on one line
        fh.write(LINE.encode() + b"\n")
    tracemalloc.start()
    try:
        got = read(f)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got == [(1, False, ["payload-too-large"]), (2, True, [])]
    assert peak < 4 * MAX_BODY          # a few buffers of the limit, never the line


def test_a_line_that_is_not_an_object_is_an_input_error(tmp_path):
    f = tmp_path / "a.jsonl"
    f.write_text('[1, 2]\n"text"\n', encoding="utf-8")
    assert read(f) == [(1, False, ["invalid-input"]), (2, False, ["invalid-input"])]


def test_the_reader_is_lazy(tmp_path):
    f = tmp_path / "a.jsonl"
    f.write_text(LINE + "\n{bad\n", encoding="utf-8")
    it = referee.iter_logs(f)
    first = next(it)
    assert first.line == 1 and first.body == LOG
    assert next(it).errors[0].kind == "malformed-json"
    assert next(it, None) is None


def test_log_files_keep_the_order_given():
    assert list(logs.log_files(["examples/thousand/batch.jsonl", "examples/canasta/batch.jsonl"])) == \
        ["examples/thousand/batch.jsonl", "examples/canasta/batch.jsonl"]
