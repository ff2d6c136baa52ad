"""referee validate --per-deal: an invalid deal always names its violation, as the engine attributes it (a new deal
begun before the last one ended breaks the last one, though its event starts the next)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import referee
from referee.cli import main

ROOT = Path(__file__).resolve().parents[2]


def per_deal(tmp_path, src, *args):
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["validate", str(src), "--per-deal", "-o", str(out), "-j", "1", *args])
    assert r.exit_code in (0, 1), r.output
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_a_deal_cut_short_by_the_next_owns_that_breach(tmp_path):
    # line 7 of the Thousand batch: the deal starting at event 0 is cut short by a new deal at event 12 (3.7), and the
    # new deal's first call is out of turn (event 13, 7.9): deal 1 names 3.7, deal 2 names 7.9
    src = tmp_path / "line7.jsonl"
    src.write_text((ROOT / "examples" / "thousand" / "batch.jsonl").read_text(encoding="utf-8").splitlines()[6] + "\n",
                   encoding="utf-8")
    recs = per_deal(tmp_path, src)
    assert [(r["deal"], r["valid"], [v["rule"] for v in r["violations"]]) for r in recs] == [
        (1, False, ["thousand/3.7"]), (2, False, ["thousand/7.9"])]
    assert recs[0]["first_violation"]["index"] == 12


@pytest.mark.parametrize("game", ["thousand", "pinochle", "canasta"])
@pytest.mark.parametrize("replay", ["strict", "as_played"])
def test_every_invalid_deal_names_a_violation_and_every_violation_has_one_deal(tmp_path, game, replay):
    batch = ROOT / "examples" / game / "batch.jsonl"
    seen = 0
    for log in referee.iter_logs(batch):
        if log.errors:
            continue
        answer = referee.validate(None, {**log.body, "replay": replay})
        owned = [j for d in answer["deals"] for j in d["violation_positions"]]
        assert len(owned) == len(set(owned))                    # no violation in two deals
        for d in answer["deals"]:
            assert d["valid"] == (not d["violation_positions"]), (log.line, d)
            seen += not d["valid"]
    assert seen >= 1


@pytest.mark.parametrize("game", ["thousand", "pinochle", "canasta"])
@pytest.mark.parametrize("replay", ["strict", "as_played"])
def test_every_invalid_deal_record_names_its_violation(tmp_path, game, replay):
    recs = per_deal(tmp_path, ROOT / "examples" / game / "batch.jsonl", "--replay", replay)
    deals = [r for r in recs if r.get("deal") is not None]
    assert any(not r["valid"] for r in deals)
    for r in deals:
        assert r["valid"] == (not r["violations"]), r                         # invalid ⇔ a violation named
        assert r["first_violation"] == (r["violations"][0] if r["violations"] else None), r
