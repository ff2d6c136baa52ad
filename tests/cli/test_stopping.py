"""Stopping `referee validate --jobs`: SIGTERM or Ctrl-C (SIGINT to the whole process group) ends the worker
processes, prints one line saying the run was cut short and where the output stops, and exits 3; the output holds
whole logs only and no traceback is printed."""
from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from process_helpers import ROOT
from process_helpers import THOUSAND_LINES as LINES
from process_helpers import alive as _alive
from process_helpers import children as _children


def _as_from_a_terminal() -> None:
    """The run started as from a terminal, where Ctrl-C is not ignored: a shell that starts the test suite in the
    background (``nohup … &``) leaves SIGINT ignored for every process below it, and a Python started with SIGINT
    ignored keeps ignoring it (the run then went on to its end and exited 1)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def _validate(src, out, jobs, *more):
    """``referee validate SRC -j JOBS -o OUT`` started as from a terminal, in a session of its own (so that Ctrl-C can
    reach its whole group); killed on the way out if it still runs."""
    proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "validate", str(src), "-j", jobs, "-o", str(out),
                             *map(str, more)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                            env={**os.environ, "REFEREE_LANG": "en"}, preexec_fn=_as_from_a_terminal)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the process tree from /proc")
@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT"])
def test_a_signal_ends_the_workers_and_says_where_the_output_stops(tmp_path, how):
    src, out, summary = tmp_path / "big.jsonl", tmp_path / "out.jsonl", tmp_path / "summary.json"
    src.write_text("\n".join(LINES * 4000) + "\n", encoding="utf-8")       # 32000 logs: some seconds on 2 cores
    summary.write_text('{"old": true}\n', encoding="utf-8")                # an earlier run's summary
    with _validate(src, out, "2", "--summary-json", summary) as proc:
        deadline = time.monotonic() + 60
        while (not out.exists() or out.stat().st_size < 4096) and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _children(proc.pid)
        assert len(workers) >= 2 and proc.poll() is None
        if how == "SIGTERM":
            proc.send_signal(signal.SIGTERM)
        else:
            os.killpg(proc.pid, signal.SIGINT)        # Ctrl-C reaches every process of the terminal's group
        said, err = proc.communicate(timeout=30)
    err = err.decode()
    written = len(out.read_text(encoding="utf-8").splitlines())
    assert proc.returncode == 3, (err, said.decode()[-2000:], written)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert len(err.strip().splitlines()) == 1 and "the run was cut short" in err, err
    time.sleep(0.2)
    assert not [w for w in workers if _alive(w)]
    records = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]      # every line whole
    assert 0 < len(records) < 32000
    last = records[-1]
    assert f"stops after log {len(records)} ({src}:{last['line']})" in err
    # the summary is this run's, of the logs judged before the stop (the last one counted may have been stopped
    # between its count and its record), with the stop's exit code
    said_summary = json.loads(summary.read_text(encoding="utf-8"))
    assert "old" not in said_summary and said_summary["cut_short"] is True and said_summary["exit_code"] == 3
    assert len(records) <= said_summary["logs"] <= len(records) + 1
    assert not list(tmp_path.glob("*.tmp"))


def _maps(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/maps").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return ""


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads what a process has loaded from /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_while_the_engine_loads_is_one_line_and_exit_3(tmp_path, jobs):
    # the probe's case: 50 logs take about two seconds, most of it loading the engine, so Ctrl-C mostly lands there.
    # Sent once ICU's library is mapped (the engine's imports are under way, well after Python's own start-up): one
    # line, exit code 3, no traceback, and no output written.  On a machine that loads faster than the test looks,
    # the run may already be judging: then it is the ordinary cut-short line
    src, out = tmp_path / "fifty.jsonl", tmp_path / "out.jsonl"
    src.write_text("\n".join((LINES * 50)[:50]) + "\n", encoding="utf-8")
    with _validate(src, out, jobs) as proc:
        deadline = time.monotonic() + 30
        while "icu" not in _maps(proc.pid) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.002)
        assert proc.poll() is None, "the run ended before the engine was seen loading"
        os.killpg(proc.pid, signal.SIGINT)
        said, err = proc.communicate(timeout=30)
    err = err.decode()
    assert proc.returncode == 3, (err, said.decode()[-2000:])
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert len(err.strip().splitlines()) == 1, err
    if "while starting" in err:
        assert err.strip() == "referee: stopped (Ctrl-C) while starting: no log was read and nothing was written"
        assert not out.exists()
    else:
        assert "the run was cut short" in err, err


@pytest.mark.parametrize(("argv", "env", "said"), [
    (["--lang", "ru", "validate", "a.jsonl"], "", "referee: остановлено (Ctrl-C) при запуске: ни один лог не прочитан, "
                                                  "ничего не записано"),
    (["--lang=ru", "validate", "a.jsonl"], "en", "referee: остановлено (Ctrl-C) при запуске: ни один лог не "
                                                 "прочитан, ничего не записано"),
    (["validate", "a.jsonl"], "ru", "referee: остановлено (Ctrl-C) при запуске: ни один лог не прочитан, ничего не "
                                    "записано"),
    (["--lang", "en", "validate", "a.jsonl"], "ru", "referee: stopped (Ctrl-C) while starting: no log was read and "
                                                    "nothing was written"),
    (["validate", "a.jsonl"], "xx", "referee: stopped (Ctrl-C) while starting: no log was read and nothing was "
                                    "written"),
])
def test_the_line_said_while_loading_is_in_the_runs_language(monkeypatch, argv, env, said):
    # before the catalogs load, the language is read from the command line (--lang) or REFEREE_LANG as the run
    # will read it
    from referee import cli
    monkeypatch.setenv("REFEREE_LANG", env)
    assert cli._STOPPED_WHILE_LOADING[cli._starting_language(argv)] == said
