"""A broken symbolic link among the inputs is recorded as a path that names no file (unreadable, `no-such-file`,
exit 1) whether it is named directly, found in a folder or matched by a glob; never skipped without a record."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAME = (ROOT / "examples" / "thousand" / "batch.jsonl").read_text(encoding="utf-8").splitlines()[0]


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="symbolic links")
@pytest.mark.parametrize("given", ["logs/gone.jsonl", "logs", "logs/*.jsonl"])
def test_a_broken_link_is_recorded_as_no_such_file(tmp_path, monkeypatch, given):
    monkeypatch.chdir(tmp_path)
    Path("logs").mkdir()
    Path("logs/a.jsonl").write_text(GAME + "\n", encoding="utf-8")
    os.symlink("nowhere.jsonl", "logs/gone.jsonl")
    r = run("validate", given, "-j", 1, "-o", "out.jsonl")
    assert r.exit_code == 1, r.output
    records = {x["source"]: x for x in map(json.loads, Path("out.jsonl").read_text(encoding="utf-8").splitlines())}
    gone = records["logs/gone.jsonl"]
    assert (gone["status"], gone["line"]) == ("unreadable", 0)
    assert gone["code"].endswith("/no-such-file")
    assert gone["error"]["detail"] == "no such file or folder: logs/gone.jsonl"
    assert len(records) == (1 if given == "logs/gone.jsonl" else 2)
