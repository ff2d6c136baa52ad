"""`referee validate --dask` on gzipped JSONL: gzip cannot be read from the middle, so the driver decompresses each
file in one streaming pass into blocks of whole lines (at most GZ_BLOCK bytes, a line over the body limit cut short)
and ships them to the workers in input order; the records are those of the plain file and of `-j 1`, byte for
byte, and a broken stream is read as `--jobs` reads it.  (A plain file's blocks, which the workers cut themselves,
are held to the same edge cases.)"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import cli, settings
from referee.cli import main
from referee.logs import iter_lines

pytest.importorskip("dask.distributed")
ROOT = Path(__file__).resolve().parents[2]
LINES = (ROOT / "examples" / "thousand" / "batch.jsonl").read_text(encoding="utf-8").splitlines()
# 8 lines a copy: valid, valid, invalid ×4 and one unreadable (line 8); 25 copies are 200 logs, about 320 KB
N = 25 * len(LINES)


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_gzipped_input_is_judged_in_several_blocks_as_the_plain_file_and_as_one_job(tmp_path, monkeypatch):
    text = "".join(line + "\n" for line in LINES * 25)
    (tmp_path / "plain").mkdir()
    (tmp_path / "gz").mkdir()
    (tmp_path / "plain" / "logs.jsonl").write_text(text, encoding="utf-8")
    with gzip.open(tmp_path / "gz" / "logs.jsonl.gz", "wt", encoding="utf-8") as fh:
        fh.write(text)
    monkeypatch.chdir(tmp_path)
    assert run("validate", "gz/logs.jsonl.gz", "-j", 1, "-o", "serial.jsonl").exit_code == 1
    assert run("validate", "plain/logs.jsonl", "--dask", "-j", 2, "-o", "plain.jsonl").exit_code == 1

    planned, shipped = [], []
    real_plan, real_read = cli.plan_blocks, cli._GzipFeed.read
    monkeypatch.setattr(cli, "plan_blocks", lambda fs, size: planned.extend(real_plan(fs, size)) or planned)
    monkeypatch.setattr(cli._GzipFeed, "read",
                        lambda self, b: shipped.append((b, len(data := real_read(self, b)))) or data)
    r = run("validate", "gz/logs.jsonl.gz", "--dask", "-j", 2, "-o", "gz.jsonl", "--summary-json", "sum.json")
    assert r.exit_code == 1, r.output

    assert len(planned) > 1 and all(b.gz and not b.whole for b in planned)       # more than one partition
    assert [b for b, _n in shipped] == planned                      # each block read once, in input order
    assert sum(b.lines for b in planned) == N and sum(n for _b, n in shipped) == len(text.encode())
    assert max(n for _b, n in shipped) <= cli.GZ_BLOCK + 2 * len(max(LINES, key=len).encode())
    gz = (tmp_path / "gz.jsonl").read_text(encoding="utf-8")
    assert gz == (tmp_path / "serial.jsonl").read_text(encoding="utf-8")          # byte for byte, as -j 1
    assert gz.replace('"gz/logs.jsonl.gz"', '"plain/logs.jsonl"') == \
        (tmp_path / "plain.jsonl").read_text(encoding="utf-8")                   # and as the plain file
    assert len(gz.splitlines()) == N and json.loads(gz.splitlines()[-1])["line"] == N
    assert json.loads((tmp_path / "sum.json").read_text())["logs"] == N


def driver_and_workers(path: Path, blocksize: int, job: cli.Job) -> list[dict]:
    """What a Dask run writes, its workers' part played here: the driver's plan and feed, each block judged."""
    blocks = cli.plan_blocks([str(path)], blocksize)
    counts = [cli.block_line_count(b) for b in blocks]
    feed = cli._GzipFeed(settings.MAX_BODY)
    out = []
    for b, first in zip(blocks, cli._first_lines(blocks, counts)):
        for records in cli.validate_block(b, first, job, None, feed.read(b) if b.gz else None):
            out += records
    feed.close()
    return out


def one_job(path: Path, job: cli.Job) -> list[dict]:
    out: list[dict] = []
    cli.run_local(iter_lines(str(path), limit=settings.MAX_BODY), job, 1, out.extend)
    return out


@pytest.mark.parametrize("name", ["logs.jsonl.gz", "logs.jsonl"])
def test_a_long_line_a_byte_order_mark_blank_lines_and_no_last_newline_are_read_as_one_job_reads_them(
        tmp_path, monkeypatch, name):
    limit = 2000                                  # the longest valid line is about 1.7 KB
    monkeypatch.setattr(settings, "MAX_BODY", limit)
    lines = [LINES[0], "", LINES[2] + "\r", "x" * (limit + 1), LINES[1], "y" * (limit + 2), "z" * 300_000,
             "\ufeff\ufeff" + LINES[0], LINES[3], "  ", LINES[4]]
    path = tmp_path / name
    data = ("\ufeff\ufeff" + "\n".join(lines)).encode()              # no newline at the end
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    job = cli.Job("thousand", "en")
    want = one_job(path, job)
    assert [(r["line"], r["status"]) for r in want] == [
        (1, "valid"), (3, "invalid"), (4, "unreadable"), (5, "valid"), (6, "unreadable"), (7, "unreadable"),
        (8, "unreadable"), (9, "valid"), (11, "invalid")]
    # line 1's first mark is the file's and its second the body's own (read as over HTTP); line 8's second is not
    # the file's: a block that begins at line 8 leaves it to the body, as one job does
    sizes = (1, 1000, 5000, 1 << 20) if name.endswith(".gz") else (1000, 5000, 1 << 20)    # a line a block ... one
    for blocksize in sizes:
        assert driver_and_workers(path, blocksize, job) == want, blocksize
    if name.endswith(".gz"):
        blocks = cli.plan_blocks([str(path)], 1)
        assert len(blocks) == len(lines) and [b.lines for b in blocks] == [1] * len(lines)
        assert max(len(cli._GzipFeed(limit).read(b)) for b in blocks) == limit + 3    # the 300 KB line cut short


def test_a_line_just_over_the_limit_and_just_under_it(tmp_path, monkeypatch):
    limit = 2000
    monkeypatch.setattr(settings, "MAX_BODY", limit)
    body = LINES[0]
    pad = limit - len(body.encode())                      # spaces after the object keep it valid JSON
    lines = [body + " " * pad, body + " " * (pad + 1), body + " " * (pad + 2), body + " " * (pad + 3)]
    path = tmp_path / "logs.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("".join(line + "\n" for line in lines))
    job = cli.Job("thousand", "en")
    want = one_job(path, job)
    assert [r["status"] for r in want] == ["valid", "unreadable", "unreadable", "unreadable"]
    assert driver_and_workers(path, 1, job) == want


def test_a_broken_gzip_stream_is_one_whole_block_read_as_one_job_reads_it(tmp_path):
    whole = gzip.compress("".join(line + "\n" for line in LINES * 4).encode())
    path = tmp_path / "logs.jsonl.gz"
    path.write_bytes(whole[: len(whole) * 2 // 3])             # cut off in the middle of its stream
    [block] = cli.plan_blocks([str(path)], 1000)
    assert block.whole and not block.gz
    job = cli.Job("thousand", "en")
    want = one_job(path, job)
    assert want[-1]["status"] == "unreadable" and "cannot read" in want[-1]["error"]["detail"]
    assert driver_and_workers(path, 1000, job) == want


def test_an_empty_gzipped_file_is_one_empty_block(tmp_path):
    path = tmp_path / "logs.jsonl.gz"
    path.write_bytes(gzip.compress(b""))
    assert cli.plan_blocks([str(path)], 1000) == [cli.Block(str(path), str(path), gz=True)]
    assert driver_and_workers(path, 1000, cli.Job("thousand", "en")) == []


def test_resume_skips_the_gzipped_blocks_already_written(tmp_path, monkeypatch):
    path = tmp_path / "logs.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write("".join(line + "\n" for line in LINES * 10))
    ref, out = tmp_path / "ref.jsonl", tmp_path / "out.jsonl"
    assert run("validate", path, "-j", 1, "-o", ref).exit_code == 1
    monkeypatch.setattr(cli, "plan_blocks", lambda fs, size, real=cli.plan_blocks: real(fs, 4000))
    monkeypatch.setattr(cli, "IN_FLIGHT", 1)

    def lost_after_two(futures):
        for n, fut in enumerate(futures):
            yield fut
            if n == 1:
                raise OSError("the scheduler is gone")
    monkeypatch.setattr(cli, "_completed", lost_after_two)
    r = run("validate", path, "--dask", "-j", 1, "-o", out)
    assert r.exit_code == 3 and "--resume" in r.output, r.output
    parts = tmp_path / "out.jsonl.parts"
    kept = sorted(p.name for p in parts.glob("part-*.jsonl"))
    plan = [cli.Block(*row) for row in json.loads((parts / "plan.json").read_text())["blocks"]]
    assert len(plan) > 3 and all(b.gz for b in plan)
    assert kept[:2] == ["part-00000.jsonl", "part-00001.jsonl"] and len(kept) < len(plan)   # one block at a time
    monkeypatch.setattr(cli, "_completed", lambda futures: futures)
    shipped = []
    real_read = cli._GzipFeed.read
    monkeypatch.setattr(cli._GzipFeed, "read", lambda self, b: shipped.append(b) or real_read(self, b))
    r = run("validate", path, "--dask", "-j", 1, "-o", out, "--resume")
    assert r.exit_code == 1, r.output
    assert shipped == plan[len(kept):]          # the blocks written before were skipped over, not shipped again
    assert out.read_text() == ref.read_text()


def test_a_gzipped_file_is_sized_by_what_it_holds_decompressed(tmp_path):
    text = "".join(line + "\n" for line in LINES * 25).encode()
    path = tmp_path / "logs.jsonl.gz"
    path.write_bytes(gzip.compress(text))
    assert path.stat().st_size < len(text) // 10                    # repeated logs compress well
    assert cli._input_size(str(path)) == len(text)
    plain = tmp_path / "logs.jsonl"
    plain.write_bytes(text)
    assert cli._input_size(str(plain)) == len(text)
