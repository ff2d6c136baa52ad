"""What the contract and the package say of themselves is current: every game is served now (none is "to come"),
and Russian is served beside English (English is not "the only language")."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

import referee

ROOT = Path(__file__).resolve().parents[2]
STALE = re.compile(r"to come|for now|only language|not yet (served|supported)|coming soon", re.IGNORECASE)


def test_the_contract_names_every_game_and_both_languages_and_nothing_stale():
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    info = spec["info"]
    said = info["summary"] + "\n" + info["description"]
    assert not STALE.search(said), STALE.search(said)
    for game in ("Thousand", "Pinochle", "Canasta"):
        assert game in info["summary"]
    assert "English (the default) or Russian" in info["description"]
    accept = spec["components"]["parameters"]["AcceptLanguage"]["description"]
    assert not STALE.search(accept) and "English (`en`) by default" in accept


def test_the_package_names_every_game_and_nothing_stale():
    doc = referee.__doc__ or ""
    assert not STALE.search(doc), STALE.search(doc)
    assert all(game in doc.split("\n\n")[0] for game in ("Thousand", "Pinochle", "Canasta"))
    meta = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^description = ".*Thousand, Pinochle and Canasta"$', meta, re.MULTILINE)
