"""`referee validate` refuses (exit 2, before anything is written) an --output or a --summary-json that is one of its
input files, however it is named: the same path, a symbolic link, a hard link, or a file inside an input folder.
The files are compared, not the paths; the input is left as it was."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main

ROOT = Path(__file__).resolve().parents[2]
BATCH = (ROOT / "examples" / "thousand" / "batch.jsonl").read_text(encoding="utf-8")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("option", ["-o", "--summary-json"])
@pytest.mark.parametrize("how", ["hard link", "symbolic link", "same path", "inside the input folder"])
def test_a_target_that_is_an_input_file_is_refused_and_the_input_kept(tmp_path, monkeypatch, option, how):
    monkeypatch.chdir(tmp_path)
    Path("logs").mkdir()
    Path("logs/same.jsonl").write_text(BATCH, encoding="utf-8")
    target, given = {"hard link": ("hard.jsonl", "logs/same.jsonl"), "symbolic link": ("soft.jsonl", "logs/same.jsonl"),
                     "same path": ("logs/same.jsonl", "logs/same.jsonl"),
                     "inside the input folder": ("logs/same.jsonl", "logs")}[how]
    if how == "hard link":
        os.link("logs/same.jsonl", target)
    elif how == "symbolic link":
        os.symlink("logs/same.jsonl", target)
    r = run("validate", given, option, target)
    assert r.exit_code == 2, r.output
    name = "--output" if option == "-o" else "--summary-json"
    assert f"{name} would overwrite an input file" in r.output
    assert Path("logs/same.jsonl").read_text(encoding="utf-8") == BATCH


@pytest.mark.parametrize("option", ["-o", "--summary-json"])
def test_a_copy_of_an_input_is_another_file_and_may_be_written(tmp_path, monkeypatch, option):
    monkeypatch.chdir(tmp_path)
    Path("same.jsonl").write_text(BATCH, encoding="utf-8")
    Path("copy.jsonl").write_text(BATCH, encoding="utf-8")     # same name elsewhere would be the same; same text is not
    r = run("validate", "same.jsonl", "-j", 1, option, "copy.jsonl")
    assert r.exit_code == 1, r.output
    assert Path("same.jsonl").read_text(encoding="utf-8") == BATCH
    assert Path("copy.jsonl").read_text(encoding="utf-8") != BATCH
