"""`referee validate --output` writes each record as ``json.dumps(record, ensure_ascii=False)`` and a newline: the
texts of the run's language as they are (Cyrillic, not \\u escapes), a space after each comma and colon, the keys in
the record's order; with one worker and with two the same bytes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main

ROOT = Path(__file__).resolve().parents[2]
LINES = (ROOT / "examples" / "thousand" / "batch.jsonl").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("jobs", [1, 2])
def test_each_record_is_the_standard_json_text_of_it(tmp_path, jobs):
    src = tmp_path / "a.jsonl"
    src.write_text("\n".join([*LINES, "{not json", "[1]"]) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["--lang", "ru", "validate", str(src), "-j", str(jobs), "-o", str(out)])
    assert r.exit_code == 1, r.output                   # an invalid log and two unreadable lines
    text = out.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) == len(LINES) + 2 and text.endswith("\n")
    for line in lines:
        assert line == json.dumps(json.loads(line), ensure_ascii=False)
    assert any("\u0400" <= c <= "\u04ff" for c in text)       # Russian, written as it is
    assert "\\u04" not in text


def test_two_workers_write_what_one_writes(tmp_path):
    src = tmp_path / "a.jsonl"
    src.write_text("\n".join(LINES * 20 + ["{not json", ""]) + "\n", encoding="utf-8")
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert CliRunner().invoke(main, ["validate", str(src), "-j", "1", "-o", str(one)]).exit_code == 1
    assert CliRunner().invoke(main, ["validate", str(src), "-j", "2", "-o", str(two)]).exit_code == 1
    assert one.read_bytes() == two.read_bytes()


def test_a_log_judged_for_its_record_answers_as_the_service_does_short_of_the_citations():
    # validate's records show no citation, version or edition, so the CLI judges a log without rendering them:
    # every other key of the answer, in its order, is the service's (a valid log, an invalid one, in Russian)
    from referee import cli, i18n
    judged = set()
    with i18n.language("ru"):
        for line in LINES:
            whole = cli.judge_text(line, "validate", None)
            alone = cli.judge_text(line, "validate", None, cite=False)
            assert whole["status"] == alone["status"]
            if whole["status"] != "ok":        # a line the batch holds to be refused: refused alike
                assert alone == whole
                continue
            assert list(alone["answer"].items()) == [(k, v) for k, v in whole["answer"].items()
                                                     if k not in ("citations", "engine_version", "edition")]
            assert whole["answer"]["citations"] and "citations" not in alone["answer"]
            judged.add(whole["answer"]["valid"])
    assert judged == {True, False}
