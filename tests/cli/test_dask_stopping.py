"""Stopping a `referee validate --dask --output` run with SIGTERM or Ctrl-C: exit 3 and one line that names the kept
parts folder and --resume (as losing the scheduler does), not a count of logs that are in no output; the same
command with --resume then finishes the run, its output that of `-j 1`."""
from __future__ import annotations

import signal
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


@pytest.mark.parametrize("how", ["SIGTERM", "SIGINT"])
def test_a_signal_names_the_kept_parts_and_resume_and_resume_finishes(tmp_path, monkeypatch, how):
    files = []
    for n in range(3):
        files.append(tmp_path / f"logs-{n}.jsonl")
        files[-1].write_text("\n".join(LINES) + "\n", encoding="utf-8")
    ref, out = tmp_path / "ref.jsonl", tmp_path / "out.jsonl"
    assert run("validate", *files, "-j", 1, "-o", ref).exit_code == 1

    def stopped_after_one(futures):      # the signal arrives once the first block is done
        for fut in futures:
            yield fut
            if how == "SIGTERM":
                raise cli.CutShort(signal.SIGTERM)
            raise KeyboardInterrupt
    monkeypatch.setattr(cli, "_completed", stopped_after_one)
    r = run("validate", *files, "--dask", "-j", 2, "-o", out)
    assert r.exit_code == 3, r.output
    parts = tmp_path / "out.jsonl.parts"
    assert r.output == (f"referee: the run was cut short; its complete parts are kept in {parts}: "
                        "run the same command again with --resume\n")
    assert (parts / "plan.json").exists() and out.read_text() == ""
    monkeypatch.undo()
    r = run("validate", *files, "--dask", "-j", 2, "-o", out, "--resume")
    assert r.exit_code == 1, r.output
    assert out.read_text() == ref.read_text() and not parts.exists()


def test_a_dask_run_without_output_still_counts_the_logs_judged(tmp_path, monkeypatch):
    path = tmp_path / "logs.jsonl"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")

    def stopped(futures):
        raise cli.CutShort(signal.SIGTERM)
        yield  # pragma: no cover
    monkeypatch.setattr(cli, "_completed", stopped)
    r = run("validate", path, "--dask", "-j", 1)
    assert r.exit_code == 3 and r.output == "referee: the run was cut short; 0 logs were judged\n", r.output
