"""`referee validate`'s summary lists the first 50 logs of each kind that is not valid, and after a list it cut says
how many more there are and where every record is: the `--output` file, or the option that writes one.  At 50 no
line follows; at 51, one more."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main

ROOT = Path(__file__).resolve().parents[2]
LINES = (ROOT / "examples" / "thousand" / "batch.jsonl").read_text(encoding="utf-8").splitlines()
INVALID = LINES[2]          # batch.jsonl:3, a card played against suit (thousand/11.3)
UNREADABLE = LINES[7]       # batch.jsonl:8, not JSON


def summary(tmp_path, lines, *args) -> list[str]:
    src = tmp_path / "logs.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = CliRunner().invoke(main, [*args, "validate", str(src), "--jobs", "1"])
    assert r.exit_code == 1, r.output
    return r.output.splitlines()


def test_fifty_invalid_logs_are_listed_whole(tmp_path):
    out = summary(tmp_path, [INVALID] * 50)
    assert sum(line.startswith("invalid ") for line in out) == 50
    assert not any(line.startswith("...") for line in out)


@pytest.mark.parametrize("lang,more", [
    ("en", "... and 1 more invalid log (--output FILE writes every record)"),
    ("ru", "... и ещё 1 запись с нарушениями (все записи будут в файле, если указать --output ФАЙЛ)"),
])
def test_a_fifty_first_invalid_log_is_counted_after_the_list(tmp_path, lang, more):
    out = summary(tmp_path, [INVALID] * 51, "--lang", lang)
    assert out[-1] == more
    assert len([line for line in out if line.startswith(("invalid ", "нарушение "))]) == 50


@pytest.mark.parametrize("lang,more", [
    ("en", "... and 2 more invalid logs (every record is in {out})"),
    ("ru", "... и ещё 2 записи с нарушениями (все записи — в {out})"),
])
def test_with_output_the_line_names_the_file(tmp_path, lang, more):
    out_file = tmp_path / "records.jsonl"
    src = tmp_path / "logs.jsonl"
    src.write_text("\n".join([INVALID] * 52) + "\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["--lang", lang, "validate", str(src), "--jobs", "1", "--output", str(out_file)])
    assert r.exit_code == 1, r.output
    assert r.output.splitlines()[-1] == more.format(out=out_file)
    assert len(out_file.read_text(encoding="utf-8").splitlines()) == 52      # every record is there


@pytest.mark.parametrize("n,more", [(50, None), (51, "... and 1 more unreadable line (--output FILE writes every "
                                                     "record)"),
                                    (53, "... and 3 more unreadable lines (--output FILE writes every record)")])
def test_unreadable_lines_are_counted_after_the_first_fifty(tmp_path, n, more):
    out = summary(tmp_path, [UNREADABLE] * n)
    assert [line for line in out if line.startswith("...")] == ([more] if more else [])
