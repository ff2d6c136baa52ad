"""Text from the logs reaches a terminal with its control characters escaped: a player's name or a field name with
an escape sequence cannot colour, clear or retitle the terminal of whoever reads the summary."""
from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import main, safe

EVIL = "\u001b[31mEVIL\u001b]0;title\u0007\u001b[2J"
RAW = ("\x1b", "\x07", "\x9b", "\x7f")


def test_safe_escapes_c0_del_and_c1_and_leaves_other_text():
    assert safe(EVIL + "\u009b\u007f") == "\\x1b[31mEVIL\\x1b]0;title\\x07\\x1b[2J\\x9b\\x7f"
    assert safe("Вера é \u00a0 ~") == "Вера é \u00a0 ~"       # U+00A0 is one past C1; ~ one before DEL


def test_the_summary_escapes_names_and_pointers_from_a_log(tmp_path):
    body = {"game": "thousand", EVIL: 1, "players": [EVIL + "\u009b", "b", "c"]}
    src = tmp_path / "evil.jsonl"
    src.write_text(json.dumps(body) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["validate", str(src), "-j", "1", "-o", str(out)])
    assert r.exit_code == 1, r.output
    assert not any(c in r.output for c in RAW), repr(r.output)
    assert "/\\x1b[31mEVIL\\x1b]0;title\\x07\\x1b[2J: unknown field" in r.output
    record = json.loads(out.read_text(encoding="utf-8"))            # the records keep the text itself (as JSON)
    assert any(e["pointer"] == "/" + EVIL for e in record["error"]["errors"])


def test_a_usage_error_escapes_a_path_as_given(tmp_path):
    r = CliRunner().invoke(main, ["validate", str(tmp_path / (EVIL + ".jsonl"))])
    assert r.exit_code == 2
    assert not any(c in r.output for c in RAW) and "\\x1b[2J.jsonl" in r.output


def test_score_prints_del_and_c1_as_json_escapes(tmp_path):
    src = tmp_path / "body.json"
    src.write_text(json.dumps({"game": "thousand", "a\u009b\u007f": 1}), encoding="utf-8")
    r = CliRunner().invoke(main, ["score", str(src)])
    assert r.exit_code == 2
    assert not any(c in r.output for c in RAW) and "a\\u009b\\u007f" in r.output
    assert "a\u009b\u007f" in json.dumps(json.loads(r.output), ensure_ascii=False)   # the same JSON value
