"""`referee validate` on Dask, left running: paths resolved before they are shipped, a scheduler with no workers
an error after a deadline, and a run cut short leaving only complete part files, which --resume goes on from."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import cli
from referee.cli import main

pytest.importorskip("dask.distributed")
ROOT = Path(__file__).resolve().parents[2]
LINES = (ROOT / "examples" / "thousand" / "batch.jsonl").read_text(encoding="utf-8").splitlines()


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def three_files(folder: Path) -> list[Path]:
    out = []
    for n in range(3):
        path = folder / f"logs-{n}.jsonl"
        path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
        out.append(path)
    return out


def test_a_relative_path_is_resolved_before_it_is_shipped(tmp_path, monkeypatch):
    (tmp_path / "in").mkdir()
    three_files(tmp_path / "in")
    monkeypatch.chdir(tmp_path)
    blocks = cli.plan_blocks(["in/logs-0.jsonl"], 1 << 20)
    assert blocks[0].path == str(tmp_path / "in" / "logs-0.jsonl") and blocks[0].name == "in/logs-0.jsonl"
    r = run("validate", "in/logs-0.jsonl", "--dask", "-j", 1, "-o", "out.jsonl")
    assert r.exit_code == 1, r.output
    recs = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert {x["source"] for x in recs} == {"in/logs-0.jsonl"} and len(recs) == 8     # shown as given


def test_a_scheduler_without_workers_is_an_error_after_the_deadline(tmp_path):
    from dask.distributed import LocalCluster
    three_files(tmp_path)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        r = run("validate", tmp_path / "logs-0.jsonl", "--scheduler", cluster.scheduler_address,
                "--wait-workers", 1)
    assert r.exit_code == 3, r.output
    assert "no Dask worker joined the scheduler" in r.output and "within 1 s" in r.output


def test_a_run_cut_short_keeps_only_complete_parts_and_resume_finishes_it(tmp_path, monkeypatch):
    files = three_files(tmp_path)
    ref, out = tmp_path / "ref.jsonl", tmp_path / "out.jsonl"
    assert run("validate", *files, "-j", 1, "-o", ref).exit_code == 1

    def lost_after_one(futures):        # the scheduler goes away once the first block is done
        for fut in futures:
            yield fut
            raise OSError("the scheduler is gone")
    monkeypatch.setattr(cli, "_completed", lost_after_one)
    r = run("validate", *files, "--dask", "-j", 2, "-o", out)
    assert r.exit_code == 3, r.output
    assert "--resume" in r.output
    parts = tmp_path / "out.jsonl.parts"
    names = sorted(p.name for p in parts.iterdir())
    assert "plan.json" in names and not [n for n in names if n.endswith(".tmp")]
    kept = [n for n in names if n.startswith("part-")]
    assert 1 <= len(kept) <= 3
    if len(kept) == 3:          # the workers finished every block before the driver stopped (a busy machine's
        (parts / kept.pop()).unlink()   # timing): the last part is taken away, as if its worker had been lost
    monkeypatch.undo()
    (parts / "part-00002.jsonl.tmp").write_text('{"half": ', encoding="utf-8")     # a straggler's, written late
    reused = []
    real = cli._read_part
    monkeypatch.setattr(cli, "_read_part", lambda p: reused.append(Path(p).name) or real(p))
    r = run("validate", *files, "--dask", "-j", 2, "-o", out, "--resume")
    assert r.exit_code == 1, r.output
    assert reused == kept                   # the complete parts were taken as they were, not judged again
    assert out.read_text() == ref.read_text() and not parts.exists()


def test_resume_refuses_a_changed_input(tmp_path, monkeypatch):
    files = three_files(tmp_path)
    out = tmp_path / "out.jsonl"
    monkeypatch.setattr(cli, "_completed", lambda futures: _raise())
    r = run("validate", *files, "--dask", "-j", 1, "-o", out)
    assert r.exit_code == 3, r.output
    files[1].write_text(LINES[0] + "\n", encoding="utf-8")
    monkeypatch.undo()
    r = run("validate", *files, "--dask", "-j", 1, "-o", out, "--resume")
    assert r.exit_code == 2 and "changed since the run began" in r.output


def _raise():
    raise OSError("the scheduler is gone")
    yield  # pragma: no cover


def test_a_relative_output_is_written_where_the_driver_runs_not_where_the_workers_run(tmp_path, monkeypatch):
    from dask.distributed import LocalCluster
    (tmp_path / "workers").mkdir()
    (tmp_path / "driver").mkdir()
    files = three_files(tmp_path / "driver")
    ref = tmp_path / "ref.jsonl"
    assert run("validate", *files, "-j", 1, "-o", ref).exit_code == 1
    monkeypatch.chdir(tmp_path / "workers")             # the worker processes start in this folder
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        monkeypatch.chdir(tmp_path / "driver")
        r = run("validate", *[f.name for f in files], "--scheduler", cluster.scheduler_address,
                "--wait-workers", 30, "-o", "out.jsonl")
    assert r.exit_code == 1, r.output
    got = [json.loads(x) for x in (tmp_path / "driver" / "out.jsonl").read_text().splitlines()]
    want = [json.loads(x) for x in ref.read_text().splitlines()]
    assert [(x["source"], x["line"], x["status"]) for x in got] == \
        [(Path(x["source"]).name, x["line"], x["status"]) for x in want] and len(got) == 24
    assert not list((tmp_path / "workers").iterdir())   # nothing written in the workers' folder


def test_wait_workers_zero_fails_at_once_on_a_scheduler_without_workers(tmp_path):
    import time

    from dask.distributed import LocalCluster
    three_files(tmp_path)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        began = time.monotonic()
        r = run("validate", tmp_path / "logs-0.jsonl", "--scheduler", cluster.scheduler_address,
                "--wait-workers", 0)
        took = time.monotonic() - began
    assert r.exit_code == 3, r.output
    assert "no Dask worker joined the scheduler" in r.output and "within 0 s" in r.output
    assert took < 10


def test_blocks_in_flight_are_bounded_and_the_records_stay_in_order(tmp_path, monkeypatch):
    files = three_files(tmp_path)
    ref, out = tmp_path / "ref.jsonl", tmp_path / "out.jsonl"
    assert run("validate", *files, "-j", 1, "-o", ref).exit_code == 1
    monkeypatch.setattr(cli, "IN_FLIGHT", 1)
    monkeypatch.setattr(cli, "plan_blocks", lambda fs, size, real=cli.plan_blocks: real(fs, 1024))   # many blocks
    seen = []

    def counting(flying):
        for fut in flying:
            seen.append(flying.count() + 1)     # this one and those still pending
            yield fut
    monkeypatch.setattr(cli, "_completed", counting)
    assert run("validate", *files, "--dask", "-j", 1, "-o", out).exit_code == 1
    assert out.read_text() == ref.read_text()
    assert len(seen) > 3 and max(seen) == 1             # one worker × IN_FLIGHT 1: one block at a time


def test_a_part_is_read_one_log_at_a_time(tmp_path):
    part = tmp_path / "part-00000.jsonl"
    recs = [{"source": "a", "line": 1, "deal": 1}, {"source": "a", "line": 1, "deal": 2}, {"source": "a", "line": 2}]
    part.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    logs = cli._read_part(str(part))
    assert not isinstance(logs, list)                     # a generator: nothing read until handed on
    assert next(logs) == recs[:2]                         # the two deals of line 1, then line 2
    assert list(logs) == [recs[2:]]


def test_a_worker_writes_each_logs_records_as_it_judges_them(tmp_path, monkeypatch):
    import gzip
    src = tmp_path / "logs.jsonl.gz"
    with gzip.open(src, "wt", encoding="utf-8") as fh:
        fh.write("\n".join(LINES) + "\n")
    [block] = cli.plan_blocks([str(src)], 1 << 20)
    assert block.gz and block.lines == len(LINES)
    data = cli._GzipFeed(1 << 20).read(block)
    job = cli.Job("thousand", "en")
    real, judged = cli.validate_item, []

    def third_fails(item):
        if len(judged) == 2:
            raise MemoryError
        judged.append(item)
        return real(item)
    monkeypatch.setattr(cli, "validate_item", third_fails)
    part = tmp_path / "part-00000.jsonl"
    with pytest.raises(MemoryError):
        cli.validate_block(block, 1, job, str(part), data)
    written = [json.loads(x) for x in (tmp_path / "part-00000.jsonl.tmp").read_text().splitlines()]
    assert [x["line"] for x in written] == [1, 2] and not part.exists()      # the first two already out


def test_an_empty_input_on_dask_is_zero_logs_and_exit_0(tmp_path):
    import gzip
    (tmp_path / "empty.jsonl").write_bytes(b"")
    (tmp_path / "empty.jsonl.gz").write_bytes(gzip.compress(b""))
    (tmp_path / "blank.ndjson").write_bytes(b"\n\n")
    (tmp_path / "folder").mkdir()
    out, summary = tmp_path / "out.jsonl", tmp_path / "s.json"
    r = run("validate", tmp_path / "empty.jsonl", tmp_path / "empty.jsonl.gz", tmp_path / "blank.ndjson",
            tmp_path / "folder", "--dask", "-j", 1, "-o", out, "--summary-json", summary)
    assert r.exit_code == 0, r.output
    assert out.read_text() == "" and not (tmp_path / "out.jsonl.parts").exists()
    assert json.loads(summary.read_text())["logs"] == 0


def test_the_limits_apply_to_each_line_on_dask_as_with_one_job(tmp_path):
    # REFEREE_MAX_BODY=4096 and REFEREE_MAX_EVENTS=29, in the environment the workers start from: a line of 4096
    # bytes is judged and one of 4097 refused (413's code), a log of 29 events judged and one of 30 refused at /log,
    # in a plain file and in a gzipped one, with the records of -j 1 (the batch's lines 1 and 3 have 29 events)
    import gzip
    import os
    import subprocess
    import sys
    text = json.dumps(json.loads(LINES[0]))
    at, over = text[:-1] + " " * (4096 - len(text)) + "}", text[:-1] + " " * (4097 - len(text)) + "}"
    long_log = json.dumps({"game": "thousand", "players": ["Anna", "Boris", "Vera"],
                           "log": [{"type": "deal", "dealer": "Vera"}] + [{"type": "pass", "player": "Anna"}] * 29})
    body = "".join(x + "\n" for x in [at, over, long_log, LINES[2]])
    (tmp_path / "a.jsonl").write_text(body, encoding="utf-8")
    (tmp_path / "b.jsonl.gz").write_bytes(gzip.compress(body.encode()))
    env = {**os.environ, "REFEREE_MAX_BODY": "4096", "REFEREE_MAX_EVENTS": "29"}
    outs = {}
    for how in (["-j", "1"], ["--dask", "-j", "1"]):
        out = tmp_path / f"out{len(how)}.jsonl"
        r = subprocess.run([sys.executable, "-m", "referee.cli", "validate", "a.jsonl", "b.jsonl.gz", *how, "-o",
                            str(out)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert r.returncode == 1, r.stderr[-2000:]
        outs[len(how)] = out.read_text(encoding="utf-8")
    assert outs[2] == outs[3]
    recs = [json.loads(x) for x in outs[3].splitlines()]
    assert [(r["source"], r["line"], r["status"], r.get("code", "").rsplit("/", 1)[-1]) for r in recs] == [
        (src, n, status, code) for src in ("a.jsonl", "b.jsonl.gz") for n, status, code in
        [(1, "valid", ""), (2, "unreadable", "payload-too-large"), (3, "unreadable", "invalid-input"),
         (4, "invalid", "")]]
