"""`referee validate --dask` records a file it cannot read as `--jobs` does, byte for byte: the error's detail names
the path as given (the driver resolves it for the workers, the records never show the resolved one).  Four broken
files: a `.jsonl.gz` that is not gzip at all, one cut off mid-stream, one whose block fails its CRC check, and a
`.json.gz` of garbage."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main

pytest.importorskip("dask.distributed")
ROOT = Path(__file__).resolve().parents[2]
LINES = (ROOT / "examples" / "thousand" / "batch.jsonl").read_text(encoding="utf-8").splitlines()


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_unreadable_files_are_recorded_by_dask_as_by_jobs_naming_the_path_as_given(tmp_path, monkeypatch):
    odd = tmp_path / "odd"
    odd.mkdir()
    whole = gzip.compress("".join(line + "\n" for line in LINES * 4).encode(), mtime=0)
    (odd / "notgz.jsonl.gz").write_text(LINES[0] + "\n", encoding="utf-8")
    (odd / "truncated.jsonl.gz").write_bytes(whole[: len(whole) * 2 // 3])
    crc = bytearray(whole)
    crc[-8] ^= 0xFF                                   # the trailer's CRC-32 no longer matches the data
    (odd / "crc.jsonl.gz").write_bytes(bytes(crc))
    (odd / "garbage.json.gz").write_bytes(b"\x1f\x8b\x08\x00garbage, not deflate")
    monkeypatch.chdir(tmp_path)

    r = run("validate", "odd", "-j", 2, "-o", "jobs.jsonl")
    assert r.exit_code == 1, r.output
    r = run("validate", "odd", "--dask", "-j", 2, "-o", "dask.jsonl")
    assert r.exit_code == 1, r.output

    jobs = (tmp_path / "jobs.jsonl").read_text(encoding="utf-8")
    unreadable = [json.loads(x) for x in jobs.splitlines() if json.loads(x)["status"] == "unreadable"]
    details = {r["source"]: r["error"]["detail"] for r in unreadable if r["code"].endswith("/unreadable-file")}
    assert sorted(details) == ["odd/crc.jsonl.gz", "odd/garbage.json.gz", "odd/notgz.jsonl.gz",
                               "odd/truncated.jsonl.gz"]
    for source, detail in details.items():
        assert detail.startswith(f"cannot read {source}: ") and str(tmp_path) not in detail
    assert (tmp_path / "dask.jsonl").read_text(encoding="utf-8") == jobs          # line for line, byte for byte
