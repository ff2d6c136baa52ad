"""`referee validate` left running on third-party logs: exit codes that tell findings from failures, text from the
logs printed as it is, a dead worker noticed, records streamed in input order, the service's limits per line,
gzip, .ndjson and globs, codes beside the texts, and a machine summary."""
from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import cli
from referee.cli import main
from referee.errors import PROBLEM_BASE

ROOT = Path(__file__).resolve().parents[2]
BATCH = ROOT / "examples" / "thousand" / "batch.jsonl"
LINES = BATCH.read_text(encoding="utf-8").splitlines()
VALID, INVALID = LINES[0], LINES[2]          # line 3 breaks thousand/11.3 (Boris does not trump)


def run(*args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


# ---------------------------------------------------------------- exit codes

def test_exit_codes_tell_valid_findings_usage_and_failure(tmp_path, monkeypatch):
    assert run("validate", write(tmp_path / "ok.jsonl", [VALID]), "-j", 1).exit_code == 0
    assert run("validate", write(tmp_path / "bad.jsonl", [VALID, INVALID]), "-j", 1).exit_code == 1
    assert run("validate", write(tmp_path / "junk.jsonl", ["{"]), "-j", 1).exit_code == 1
    assert run("validate", tmp_path / "missing.jsonl").exit_code == 2
    assert run("validate", tmp_path / "ok.jsonl", "--jobs", 0).exit_code == 2

    def broken(self, record):
        raise RuntimeError("disk on fire")
    monkeypatch.setattr(cli.Summary, "add", broken)
    r = run("validate", tmp_path / "ok.jsonl", "-j", 1)
    assert r.exit_code == 3 and "referee: RuntimeError: disk on fire" in r.output
    assert "Traceback" not in r.output


# ---------------------------------------------------------------- text from the logs

def test_a_player_named_like_markup_is_printed_as_it_is(tmp_path):
    src = write(tmp_path / "a.jsonl", [INVALID.replace('"Boris"', '"[/bold]"')])
    r = run("validate", src, "-j", 1)
    assert r.exit_code == 1, r.output
    assert "[/bold] has no diamonds and must play a trump" in r.output


def test_line_100_is_not_an_emoji(tmp_path):
    src = write(tmp_path / "a.jsonl", [VALID] * 99 + ["{not json"])
    r = run("validate", src, "-j", 1)
    assert r.exit_code == 1
    assert f"{src}:100: Malformed JSON" in r.output and "\U0001f4af" not in r.output


def test_names_and_paths_like_emoji_codes_and_markup_are_printed_as_they_are(tmp_path):
    src = tmp_path / "[bold]:thumbs_up:[red].jsonl"
    write(src, [INVALID.replace('"Boris"', '":100:"'), "{not json"])
    r = run("validate", src, "-j", 1)
    assert r.exit_code == 1, r.output
    assert f"invalid {src}:1: event 24 (play) breaks thousand/11.3: :100: has no diamonds" in r.output
    assert f"unreadable {src}:2: Malformed JSON" in r.output
    assert not [c for c in r.output if ord(c) >= 0x1F000]           # no emoji at all


# ---------------------------------------------------------------- a worker that dies

def killing(line: int, marker: Path | None):
    """A validate_item whose worker process is SIGKILLed at ``line`` (once, when ``marker`` is given: the retry
    then succeeds; every time without it)."""
    real = cli.validate_item

    def item(it):
        if it[1] == line and (marker is None or not marker.exists()):
            if marker is not None:
                marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return real(it)
    return item


@pytest.mark.skipif(sys.platform == "darwin", reason="the workers are forked, so they see the patched function")
def test_a_worker_killed_once_is_noticed_and_its_logs_retried(tmp_path, monkeypatch):
    src = write(tmp_path / "a.jsonl", [VALID] * 40)
    ref, out = tmp_path / "ref.jsonl", tmp_path / "out.jsonl"
    assert run("validate", src, "-j", 1, "-o", ref).exit_code == 0
    monkeypatch.setattr(cli, "validate_item", killing(25, tmp_path / "killed"))
    r = run("validate", src, "-j", 2, "-o", out)
    assert (tmp_path / "killed").exists()            # a worker did die
    assert r.exit_code == 0, r.output
    assert out.read_text() == ref.read_text()


@pytest.mark.skipif(sys.platform == "darwin", reason="the workers are forked, so they see the patched function")
def test_a_log_that_kills_its_worker_every_time_is_recorded_as_failed(tmp_path, monkeypatch):
    src = write(tmp_path / "a.jsonl", [VALID] * 40)
    out = tmp_path / "out.jsonl"
    monkeypatch.setattr(cli, "validate_item", killing(25, None))
    r = run("validate", src, "-j", 2, "-o", out, "--summary-json", tmp_path / "s.json")
    assert r.exit_code == 3, r.output
    recs = records(out)
    assert [x["line"] for x in recs] == list(range(1, 41))            # every log, in input order
    failed = [x["line"] for x in recs if x["status"] == "failed"]
    assert failed == [25]                    # its chunk's other logs, judged each alone at last, are valid
    assert all(x["status"] == "valid" for x in recs if x["line"] != 25)
    assert {x["code"] for x in recs if x["status"] == "failed"} == {PROBLEM_BASE + "internal-error"}
    assert json.loads((tmp_path / "s.json").read_text())["failed"] == len(failed)


# ---------------------------------------------------------------- streaming

def test_records_stream_in_input_order_holding_a_bounded_window():
    # 10,000 logs through two workers: the first record is handed on long before the input is read to its end
    from referee.logs import Line
    read = 0

    def lines():
        nonlocal read
        for n in range(1, 10_001):
            read += 1
            yield Line("x", n, b"{not json" if n % 7 == 0 else VALID.encode())
    seen: list[tuple[int, int]] = []
    cli.run_local(lines(), cli.Job(None, "en"), 2, lambda recs: seen.append((recs[0]["line"], read)))
    assert [n for n, _r in seen] == list(range(1, 10_001))
    assert seen[0][1] <= 4 * 2 * cli.CHUNK + cli.CHUNK     # the window: 4 chunks a worker, and one being read


def test_parallel_output_is_the_serial_output(tmp_path):
    src = write(tmp_path / "a.jsonl", LINES * 5)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert run("validate", src, "-j", 1, "-o", one).exit_code == 1
    assert run("validate", src, "-j", 2, "-o", two).exit_code == 1
    assert one.read_text() == two.read_text() and len(records(one)) == 40


# ---------------------------------------------------------------- the service's limits, per line

def run_with(env: dict, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, **env}, timeout=120)


def test_the_body_limit_applies_to_each_line(tmp_path):
    # REFEREE_MAX_BODY=4096: a line of 4096 bytes is read and judged, one of 4097 is refused as HTTP refuses it
    body = json.loads(VALID)
    text = json.dumps(body)
    at = text[:-1] + " " * (4096 - len(text)) + "}"
    over = text[:-1] + " " * (4097 - len(text)) + "}"
    src = write(tmp_path / "a.jsonl", [at, over])
    out = tmp_path / "out.jsonl"
    r = run_with({"REFEREE_MAX_BODY": "4096"}, "validate", src, "-j", 1, "-o", out)
    assert r.returncode == 1, r.stderr
    recs = records(out)
    assert [(x["line"], x["status"], x.get("code")) for x in recs] == [
        (1, "valid", None), (2, "unreadable", PROBLEM_BASE + "payload-too-large")]
    assert "game" not in recs[1] and recs[1]["edition"] is None     # a line not read names no game (docs/cli.md)


def test_the_events_limit_applies_to_each_line(tmp_path):
    # REFEREE_MAX_EVENTS=10: a log of 10 events is judged, one of 11 is refused at /log, as HTTP refuses it
    def log(n):
        return json.dumps({"game": "thousand", "players": ["Anna", "Boris", "Vera"],
                           "log": [{"type": "deal", "dealer": "Vera"}]
                           + [{"type": "pass", "player": "Anna"}] * (n - 1)})
    src = write(tmp_path / "a.jsonl", [log(10), log(11)])
    out = tmp_path / "out.jsonl"
    r = run_with({"REFEREE_MAX_EVENTS": "10"}, "validate", src, "-j", 1, "-o", out)
    assert r.returncode == 1, r.stderr
    ten, eleven = records(out)
    assert "/log" not in [e["pointer"] for e in (ten.get("error") or {}).get("errors", [])]
    assert eleven["code"] == PROBLEM_BASE + "invalid-input"
    assert eleven["error"]["errors"] == [{"pointer": "/log", "detail": "at most 10 events, not 11"}]
    # the refused line names its game: its record gives the game's rulebook edition (docs/cli.md), as a judged one
    assert (eleven["game"], eleven["edition"]) == ("thousand", "2026-12-01") == (ten["game"], ten["edition"])


# ---------------------------------------------------------------- inputs

def test_gzip_ndjson_and_globs_are_read(tmp_path):
    (tmp_path / "a.jsonl.gz").write_bytes(gzip.compress((VALID + "\n" + INVALID + "\n").encode()))
    write(tmp_path / "b.ndjson", [VALID])
    out = tmp_path / "out.jsonl"
    r = run("validate", str(tmp_path / "*.*"), "-j", 1, "-o", out)
    assert r.exit_code == 1, r.output
    assert [(Path(x["source"]).name, x["line"], x["status"]) for x in records(out)] == [
        ("a.jsonl.gz", 1, "valid"), ("a.jsonl.gz", 2, "invalid"), ("b.ndjson", 1, "valid")]


def test_an_empty_input_is_zero_logs_and_exit_0(tmp_path):
    (tmp_path / "empty.jsonl").write_bytes(b"")
    (tmp_path / "folder").mkdir()
    for path in (tmp_path / "empty.jsonl", tmp_path / "folder"):
        r = run("validate", path, "--summary-json", tmp_path / "s.json")
        assert r.exit_code == 0, r.output
        assert json.loads((tmp_path / "s.json").read_text())["logs"] == 0
    assert run("validate", "-", input="\n\n").exit_code == 0


# ---------------------------------------------------------------- records and summaries

def test_records_carry_a_stable_code_whatever_the_language(tmp_path):
    src = write(tmp_path / "a.jsonl", ["{", "[1]", '{"game": "whist"}', VALID])
    out = {}
    for lang in ("en", "ru"):
        out[lang] = tmp_path / f"{lang}.jsonl"
        assert run("--lang", lang, "validate", src, "-j", 1, "-o", out[lang]).exit_code == 1
    en, ru = records(out["en"]), records(out["ru"])
    assert [x.get("code") for x in en] == [x.get("code") for x in ru] == [
        PROBLEM_BASE + "malformed-json", PROBLEM_BASE + "invalid-input", PROBLEM_BASE + "not-found", None]
    assert en[0]["error"]["title"] != ru[0]["error"]["title"]          # the text is translated, the code is not


def test_the_summary_json_and_the_incomplete_row(tmp_path):
    # the Canasta batch: 4 valid logs of which one is cut off mid-deal (incomplete), 2 invalid
    src = ROOT / "examples" / "canasta" / "batch.jsonl"
    r = run("validate", src, "-j", 1, "--summary-json", tmp_path / "s.json")
    assert r.exit_code == 1
    s = json.loads((tmp_path / "s.json").read_text())
    assert (s["logs"], s["valid"], s["invalid"], s["unreadable"], s["failed"], s["incomplete"]) == (6, 4, 2, 0, 0, 1)
    assert s["first_violations"] == {"canasta/1.2": 1, "canasta/2.1": 1} and s["exit_code"] == 1
    assert s["cut_short"] is False
    assert not list(tmp_path.glob("*.tmp"))
    row = next(line for line in r.output.splitlines() if "incomplete" in line)
    assert row.split()[-2:] == ["1", "│"]


def test_a_refused_run_leaves_no_empty_summary_behind(tmp_path):
    # the writability check must not create the summary file: a usage error after it (here a game the tool does
    # not know) ends the run before anything is written
    src = ROOT / "examples" / "canasta" / "batch.jsonl"
    r = run("validate", src, "--game", "whist", "--summary-json", tmp_path / "s.json")
    assert r.exit_code == 2
    assert not (tmp_path / "s.json").exists()


def test_a_worker_killed_from_outside_mid_run_is_noticed(tmp_path):
    # as the OOM killer would: SIGKILL one of the worker processes of a running `referee validate -j 2`, once its
    # first records are out; the run goes on to the end, every log recorded once, in input order
    src = write(tmp_path / "a.jsonl", LINES[:5] * 4000)        # 20,000 logs: a run of several seconds
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "validate", str(src), "-j", "2", "-o", str(out)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not (out.exists() and out.stat().st_size > 0):      # records stream out before the end
            assert proc.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        children = subprocess.run(["ps", "--ppid", str(proc.pid), "-o", "pid="], capture_output=True,
                                  text=True).stdout.split()
        assert children, "no worker processes"
        os.kill(int(children[0]), signal.SIGKILL)
        assert proc.wait(timeout=120) == 1, proc.stderr.read().decode()[-2000:]      # findings, no failure
    finally:
        if proc.poll() is None:
            proc.kill()
    recs = records(out)
    assert [x["line"] for x in recs] == list(range(1, 20_001))
    assert [x["status"] for x in recs[:5]] == ["valid", "valid", "invalid", "valid", "invalid"]
    assert not [x for x in recs if x["status"] == "failed"]


def test_a_pool_that_refuses_new_work_after_a_death_is_replaced(tmp_path, monkeypatch):
    # the race behind the test above: a worker dies while the driver is still handing out chunks, and the pool
    # refuses the next chunk at once (BrokenProcessPool from submit, not from a result); the run replaces the pool
    # and goes on to the end instead of failing with exit 3
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    real, calls = ProcessPoolExecutor.submit, []

    def submit(self, fn, *args, **kwargs):
        calls.append(1)
        if len(calls) == 3:           # the third chunk handed out meets a broken pool
            raise BrokenProcessPool("a child process terminated abruptly")
        return real(self, fn, *args, **kwargs)
    monkeypatch.setattr(ProcessPoolExecutor, "submit", submit)
    src = write(tmp_path / "a.jsonl", LINES[:5] * 200)       # 1,000 logs: several chunks
    out = tmp_path / "out.jsonl"
    r = run("validate", src, "-j", 2, "-o", out)
    assert r.exit_code == 1, r.output                          # findings (lines 3 and 5 of every five), no failure
    recs = records(out)
    assert [x["line"] for x in recs] == list(range(1, 1001))
    assert not [x for x in recs if x["status"] == "failed"]
    assert len(calls) > 3                                       # the refused chunk was handed out again


def test_a_bad_limit_setting_is_a_usage_error_of_one_line(tmp_path):
    r = subprocess.run([sys.executable, "-m", "referee.cli", "validate", str(BATCH)], capture_output=True, text=True,
                       cwd=ROOT, env={**os.environ, "REFEREE_MAX_BODY": "1023"}, timeout=60)
    assert (r.returncode, r.stderr.strip()) == (2, "referee: REFEREE_MAX_BODY=1023 is outside 1024..8388608")
