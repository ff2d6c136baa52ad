"""Which code and which rules judged: every answer and every record of ``referee validate`` carries the engine's
version and the game's rulebook edition; the package says its version and licence."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import yaml
from click.testing import CliRunner

import referee
from referee.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def rulebook_edition(game: str) -> str:
    # read from the rulebook's own file, not from the engine that loaded it
    return str(yaml.safe_load((ROOT / "referee" / game / "rules.yaml").read_text(encoding="utf-8"))["edition"])


def test_the_version_is_semantic_and_the_same_everywhere():
    assert re.fullmatch(r"\d+\.\d+\.\d+", referee.__version__)
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert spec["info"]["version"] == referee.__version__
    assert f"## {referee.__version__}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    r = CliRunner().invoke(main, ["--version"])
    assert (r.exit_code, r.output) == (0, f"referee {referee.__version__}\n")


def test_the_licence_is_mit_in_the_metadata_and_the_contract():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["license"] == "MIT" and meta["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    assert spec["info"]["license"] == {"name": "MIT", "identifier": "MIT"}


ANSWERS = [("thousand", "score", "thousand/score-deal.json"), ("thousand", "check", "thousand/check-revoke.json"),
           ("thousand", "validate", "thousand/game.json"), ("pinochle", "score", "pinochle/two-handed-score.json"),
           ("pinochle", "validate", "pinochle/two-handed-game.json"), ("canasta", "score", "canasta/score-four-player.json"),
           ("canasta", "check", "canasta/check-frozen-pile.json"), ("canasta", "validate", "canasta/validate-concealed.json")]


def test_every_answer_carries_the_engine_version_and_the_rulebook_edition(client):
    # a score, check or validate of each game: the answer (checked against openapi.yaml by the client fixture,
    # where both fields are required) names the engine's version and the edition of that game's rulebook
    for game, endpoint, name in ANSWERS:
        body = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
        body.pop("game", None)
        r = client.post(f"/v1/games/{game}/{endpoint}", json=body)
        assert r.status_code == 200, (name, r.get_json())
        a = r.get_json()
        assert (a["engine_version"], a["edition"]) == (referee.__version__, rulebook_edition(game)), name


def test_every_record_of_validate_carries_them_too(tmp_path):
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["validate", str(EXAMPLES / "canasta" / "batch.jsonl"), "-o", str(out), "-j", "1"])
    assert r.exit_code in (0, 1), r.output
    recs = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert any(x["status"] != "unreadable" for x in recs)
    assert all((x["engine_version"], x["edition"]) == (referee.__version__, rulebook_edition("canasta"))
                        for x in recs if x["status"] != "unreadable")
    # a line that is not JSON names no game: the version still, the edition as unknown
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n", encoding="utf-8")
    CliRunner().invoke(main, ["validate", str(bad), "-o", str(out), "-j", "1"])
    rec = json.loads(out.read_text(encoding="utf-8"))
    assert (rec["status"], rec["engine_version"], rec["edition"]) == ("unreadable", referee.__version__, None)
