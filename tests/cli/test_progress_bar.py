"""`referee validate` on a terminal draws a progress bar that counts the logs judged ("3/?": the total is not known
while the input streams); off a terminal nothing is drawn."""
from __future__ import annotations

import io

from rich.console import Console

from referee import cli


def drawn(monkeypatch, show: bool, logs: int) -> str:
    buf = io.StringIO()
    monkeypatch.setattr(cli, "ERR", Console(file=buf, force_terminal=True, width=80))
    with cli._progress(show) as advance:
        for _ in range(logs):
            advance()
    return buf.getvalue()


def test_on_a_terminal_the_bar_counts_the_logs(monkeypatch):
    text = drawn(monkeypatch, True, 3)
    assert "3/?" in text and "validating" in text
    assert "4/?" not in text


def test_off_a_terminal_nothing_is_drawn(monkeypatch):
    assert drawn(monkeypatch, False, 3) == ""


def test_validate_on_a_terminal_counts_every_log(monkeypatch, tmp_path):
    from pathlib import Path

    from click.testing import CliRunner
    batch = Path(__file__).resolve().parents[2] / "examples" / "thousand" / "batch.jsonl"
    lines = batch.read_text(encoding="utf-8").splitlines()
    src = tmp_path / "a.jsonl"
    src.write_text("\n".join(lines + ["{not json"]) + "\n", encoding="utf-8")       # the unreadable line counts too
    buf = io.StringIO()
    monkeypatch.setattr(cli, "ERR", Console(file=buf, force_terminal=True, width=80))
    r = CliRunner().invoke(cli.main, ["validate", str(src), "-j", "1"])
    assert r.exit_code == 1, r.output
    assert f"{len(lines) + 1}/?" in buf.getvalue()
