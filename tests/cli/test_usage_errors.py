"""Mistakes in the command itself are usage errors (exit 2, one line), never "some logs are invalid" (exit 1)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main

ROOT = Path(__file__).resolve().parents[2]
BATCH = ROOT / "examples" / "thousand" / "batch.jsonl"


def test_an_unknown_game_is_a_usage_error_not_a_finding_on_every_log(tmp_path):
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["validate", str(BATCH), "--game", "whist", "-o", str(out)])
    assert r.exit_code == 2, r.output
    assert "unknown game 'whist'" in r.output and "Validation summary" not in r.output
    assert CliRunner().invoke(main, ["validate", str(BATCH), "--game", "thousand", "-j", "1"]).exit_code == 1


def test_without_the_cli_extra_the_command_is_a_usage_error_of_one_line():
    code = ("import sys; sys.modules['click'] = None\n"          # click not installed: an engine-only install
            "from referee.cli import main\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip().splitlines() == [
        "referee: the command line needs the cli extra (click is missing): pip install 'referee[cli]'"]


def test_a_language_setting_that_is_no_language_is_a_usage_error_of_one_line():
    def with_lang(value, *args):
        return subprocess.run([sys.executable, "-m", "referee.cli", *args, "rules", "thousand"], cwd=ROOT,
                              capture_output=True, text=True, timeout=60, env={**os.environ, "REFEREE_LANG": value})
    r = with_lang("xx")
    assert (r.returncode, r.stderr.strip().splitlines()) == (2, ["referee: REFEREE_LANG='xx' is not one of en, ru"])
    assert with_lang("ru").stdout.startswith("thousand — вариант")     # a language it knows is taken
    assert with_lang("xx", "--lang", "en").returncode == 0           # --lang, given, stands before the setting


def test_the_commands_language_ends_with_the_command():
    # a program (or a test) that runs the command in its own process keeps its own language afterwards, whatever
    # --lang said, and the command's output is in the language asked for
    from click.testing import CliRunner

    from referee import i18n
    from referee.cli import main
    with i18n.language("en"):
        r = CliRunner().invoke(main, ["--lang", "ru", "rules", "thousand"])
        assert r.exit_code == 0 and "thousand/1.1 Колода из 24 карт" in r.output, r.output[:300]
        assert i18n.current() == "en"
    with i18n.language("ru"):
        r = CliRunner().invoke(main, ["--lang", "en", "rules", "thousand"])
        assert r.exit_code == 0 and "thousand/1.1 The 24-card deck" in r.output, r.output[:300]
        assert i18n.current() == "ru"
