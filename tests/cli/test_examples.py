"""The `referee` command line, on the examples in examples/thousand (worked by hand in
tests/thousand_helpers.py): single bodies, a JSONL batch with planted faults, folders, stdin,
all cores, and a Dask cluster started by the test."""
import json
import pathlib

import pytest
from click.testing import CliRunner

from referee.cli import main

EX = pathlib.Path(__file__).resolve().parents[2] / "examples" / "thousand"
# examples/thousand/batch.jsonl, line by line (see scripts/make_examples.py)
EXPECTED = [
    (1, "valid", None), (2, "valid", None), (3, "invalid", "thousand/11.3"), (4, "valid", None),
    (5, "invalid", "thousand/10.2"), (6, "invalid", "thousand/3.5"), (7, "invalid", "thousand/3.7"),
    (8, "unreadable", None),
]


def run(*args, input=None):
    return CliRunner().invoke(main, list(map(str, args)), input=input)


def statuses(path):
    recs = [json.loads(line) for line in pathlib.Path(path).read_text().splitlines()]
    return [(r["line"], r["status"], (r.get("first_violation") or {}).get("rule")) for r in recs], recs


def test_score_file():
    r = run("score", EX / "score-deal.json")
    assert r.exit_code == 0
    ans = json.loads(r.output)
    assert [p["hand_score"] for p in ans["players"]] == [100, 155, 0]


def test_check_file_exits_1_when_illegal():
    r = run("check", EX / "check-revoke.json")
    assert r.exit_code == 1
    assert json.loads(r.output)["violations"][0]["rule"] == "thousand/11.3"


def test_game_needed():
    body = json.loads((EX / "check-revoke.json").read_text())
    del body["game"]
    r = run("check", "-", input=json.dumps(body))
    assert r.exit_code == 2 and "--game" in r.output
    assert run("check", "-", "--game", "thousand", input=json.dumps(body)).exit_code == 1


@pytest.mark.parametrize("jobs", [1, 2])
def test_validate_batch(tmp_path, jobs):
    out = tmp_path / "out.jsonl"
    r = run("validate", EX / "batch.jsonl", "--output", out, "--jobs", jobs)
    assert r.exit_code == 1
    got, recs = statuses(out)
    assert got == EXPECTED
    assert recs[0]["final"] == {"Anna": 100, "Boris": 155, "Vera": 0}
    assert "batch.jsonl:8" in r.output and "unreadable" in r.output
    assert "invalid" in r.output and "thousand/11.3" in r.output


def test_validate_folder_and_stdin(tmp_path):
    out = tmp_path / "out.jsonl"
    r = run("validate", EX, "--output", out)
    got, recs = statuses(out)
    # files in name order: the batch's 8 lines, then check-revoke.json and score-deal.json, which are not
    # game logs (unreadable as validate bodies), around game.json, a valid log
    assert got == EXPECTED + [(1, "unreadable", None), (1, "valid", None), (1, "unreadable", None)]
    assert [pathlib.Path(r["source"]).name for r in recs[8:]] == ["check-revoke.json", "game.json", "score-deal.json"]
    assert r.exit_code == 1
    ok = run("validate", "-", input=(EX / "game.json").read_text().replace("\n", " ") + "\n")
    assert ok.exit_code == 0 and "valid" in ok.output


def test_validate_all_valid_exits_0(tmp_path):
    r = run("validate", EX / "game.json")
    assert r.exit_code == 0


def test_rules_and_variants():
    r = run("rules", "thousand", "--variant", "polish")
    assert r.exit_code == 0 and "thousand/12.3" in r.output and "round_step=10" in r.output
    r = run("variants", "thousand")
    assert r.exit_code == 0 and "four-player" in r.output and "sitter_scoring" in r.output
    assert run("rules", "chess").exit_code == 2


def test_validate_on_a_dask_cluster(tmp_path):
    from dask import distributed
    out, ref = tmp_path / "out.jsonl", tmp_path / "ref.jsonl"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        r = run("validate", EX / "batch.jsonl", EX / "game.json", "--output", out, "--scheduler",
                cluster.scheduler_address)
    assert r.exit_code == 1, r.output
    assert statuses(out)[0] == EXPECTED + [(1, "valid", None)]
    # the same records, in the same order, as with --jobs; the workers' part files are gone
    run("validate", EX / "batch.jsonl", EX / "game.json", "--output", ref, "--jobs", 2)
    assert out.read_text() == ref.read_text()
    assert not (tmp_path / "out.jsonl.parts").exists()
    assert "thousand/11.3" in r.output and "batch.jsonl:8" in r.output


def test_dask_on_a_local_cluster_of_processes(tmp_path):
    out = tmp_path / "out.jsonl"
    r = run("validate", EX / "batch.jsonl", "--output", out, "--dask", "--jobs", 2)
    assert r.exit_code == 1, r.output
    assert statuses(out)[0] == EXPECTED


def test_dask_reads_files_not_stdin():
    r = run("validate", "-", "--dask", input="{}\n")
    assert r.exit_code == 2 and "give paths, not -" in r.output


def test_blocks_cover_every_line_once(tmp_path):
    # a BOM, CRLF endings, blank lines, a line longer than the blocks, a last line without its newline: for every
    # block size the lines the blocks read, numbered from their counted starts, are the file's lines
    from referee.cli import block_line_count, block_lines, plan_blocks
    from referee.logs import iter_lines
    path = tmp_path / "logs.jsonl"
    path.write_bytes(b"\xef\xbb\xbf{\"a\": 1}\r\n\n  \n{\"b\": \"" + b"x" * 40 + b"\"}\n{}\n\n{\"c\": [1, 2]}")
    whole = [(x.line, x.data) for x in iter_lines(path)]
    assert [n for n, _t in whole] == [1, 4, 5, 7] and whole[0][1] == b'{"a": 1}'
    for size in range(1, path.stat().st_size + 2):
        blocks = plan_blocks([str(path)], size)
        got, first = [], 1
        for b in blocks:
            got += [(first + x.line - 1, x.data) for x in block_lines(b)]
            first += block_line_count(b)
        assert got == whole, size
        assert first == 8                     # physical lines: 6 newlines and a last line without one


def test_the_cli_guide_shows_the_real_batch_output():
    import re
    readme = (EX.parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    shown = re.search(r"```sh\n\./scripts/referee validate examples/thousand/batch\.jsonl\n```\s*```text\n(.*?)\n```",
                      readme, re.S).group(1)
    import os
    cwd = os.getcwd()
    os.chdir(EX.parent.parent)
    try:
        r = run("validate", "examples/thousand/batch.jsonl")
    finally:
        os.chdir(cwd)
    assert [ln.rstrip() for ln in r.output.splitlines()] == [ln.rstrip() for ln in shown.splitlines()]


def test_unwritable_output_is_a_usage_error(tmp_path):
    r = run("validate", EX / "batch.jsonl", "--output", tmp_path / "no" / "such" / "dir.jsonl")
    assert r.exit_code == 2 and "cannot write" in r.output
    r = run("validate", EX / "game.json", "--output", EX / "game.json")
    assert r.exit_code == 2 and "overwrite" in r.output


def test_non_utf8_body_is_unreadable_not_a_crash():
    r = run("score", "-", "--game", "thousand", input=b"\xff\xfe")
    assert r.exit_code == 2 and "not UTF-8" in r.output


def test_byte_order_mark_is_ignored(tmp_path):
    f = tmp_path / "bom.jsonl"
    f.write_bytes(b"\xef\xbb\xbf" + (EX / "game.json").read_text().replace("\n", " ").encode() + b"\n")
    assert run("validate", f).exit_code == 0


def test_pinochle_logs_in_a_batch(tmp_path):
    f = tmp_path / "p.jsonl"
    f.write_text((EX.parent / "pinochle" / "two-handed-game.json").read_text().replace("\n", " ") + "\n")
    out = tmp_path / "o.jsonl"
    assert run("validate", f, "--output", out).exit_code == 0
    assert json.loads(out.read_text())["final"] == {"Ann": 90, "Bob": 190}


def test_pinochle_batch(tmp_path):
    # examples/pinochle/batch.jsonl: the example deal, then a play-off revoke, a third copy of a card in the
    # deal, and a log cut off mid-deal (scripts/make_pinochle_examples.py), which is valid and not complete (issue 19).
    out = tmp_path / "o.jsonl"
    r = run("validate", EX.parent / "pinochle" / "batch.jsonl", "--output", out)
    assert r.exit_code == 1
    got, recs = statuses(out)
    assert got == [(1, "valid", None), (2, "invalid", "pinochle/5.2"), (3, "invalid", "pinochle/1.1"),
                   (4, "valid", None)]
    assert [r["complete"] for r in recs] == [True, True, True, False]


def test_canasta_batch(tmp_path):
    # examples/canasta/batch.jsonl (scripts/make_canasta_examples.py): three legal deals, then a red three
    # discarded, a two-player log cut off mid-deal (in progress, not a violation: issue 19), and a deal with a fifth
    # joker.
    out = tmp_path / "o.jsonl"
    r = run("validate", EX.parent / "canasta" / "batch.jsonl", "--output", out)
    assert r.exit_code == 1
    got, _ = statuses(out)
    assert got == [(1, "valid", None), (2, "valid", None), (3, "valid", None), (4, "invalid", "canasta/2.1"),
                   (5, "valid", None), (6, "invalid", "canasta/1.2")]


def test_per_deal_records_carry_the_violations_of_their_own_deal(monkeypatch):
    # a log of three deals starting at events 0, 30 and 61, with faults at events 45 and 61 that the engine gives to
    # the second and the third deal (violation_positions): their records name their own, the first none
    from referee import cli
    v45 = {"index": 45, "event": "play", "rule": "thousand/11.3", "message": "m", "pointer": "/log/45/card"}
    v61 = {"index": 61, "event": "deal", "rule": "thousand/3.4", "message": "m", "pointer": "/log/61/dealer"}
    final = {"players": [{"id": "A", "total_after": 10}], "winner": None}
    answer = {"game": "thousand", "variant": "russian-classic", "valid": False, "events_checked": 70,
              "first_violation": v45, "violations": [v45, v61], "final": final, "complete": True,
              "deals": [{"index": 0, "valid": True, "final": final, "as_played": False, "violation_positions": []},
                        {"index": 30, "valid": False, "final": None, "as_played": False,
                         "violation_positions": [0]},
                        {"index": 61, "valid": False, "final": final, "as_played": True,
                         "violation_positions": [1]}]}
    monkeypatch.setattr(cli, "judge_text", lambda *a, **k: {"status": "ok", "answer": answer})
    recs = cli._validate_item("x.jsonl", 1, "{}", cli.Job(None, "en", None, True))
    assert [(r["deal"], r["index"], r["first_violation"], r["violations"]) for r in recs] == [
        (1, 0, None, []), (2, 30, v45, [v45]), (3, 61, v61, [v61])]
    assert [(r["valid"], r["as_played"], r["final"]) for r in recs] == [
        (True, False, {"A": 10}), (False, False, None), (False, True, {"A": 10})]


@pytest.mark.parametrize("lang,detail", [("en", "only the two-player game has an unused musik"),
                                         ("ru", "неиспользованный прикуп бывает только в игре вдвоём")])
def test_a_body_that_cannot_be_judged_prints_its_problem_and_exits_2(lang, detail):
    # the worked score example with an unused musik, which only the two-player game has: the service's 422, printed as
    # its problem with the pointer, and exit 2 (the input's own fault; 1 is kept for an answer that finds a fault)
    body = json.loads((EX / "score-deal.json").read_text())
    body["deal"]["musik_unused"] = ["9S", "9C"]
    r = run("--lang", lang, "score", "-", input=json.dumps(body))
    assert r.exit_code == 2
    problem = json.loads(r.output)
    assert problem["code"].endswith("/invalid-input")
    assert problem["errors"] == [{"pointer": "/deal/musik_unused", "detail": detail}]
