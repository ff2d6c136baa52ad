"""Canasta tells a player's name written otherwise than its sides write it (another letter case, a look-alike
letter) as Thousand and Pinochle do: at the field, naming the player it looks like; a name like no player's is
told the players it may name."""
from __future__ import annotations

import copy
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
OTHERWISE = {"en": "{name} is written otherwise than {player} in the list of players (in other characters or letter "
                   "case): write it as the list writes it",
             "ru": "{name} записано иначе, чем {player} в списке игроков (другими символами или в другом регистре): "
                   "напишите так же, как в списке"}


def example(name):
    body = json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))
    body.pop("game", None)
    return body


def errors(client, endpoint, body, lang="en"):
    r = client.post(f"/v1/games/canasta/{endpoint}", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_data(as_text=True)
    return r.get_json()["errors"]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("written", ["north", "NORTH", "Nоrth"])      # the last with a Cyrillic о
def test_the_acting_player_written_otherwise(client, lang, written):
    body = example("canasta/check-frozen-pile.json")        # the README's frozen pile: North takes it
    body["action"]["player"] = written
    assert errors(client, "check", body, lang) == [
        {"pointer": "/action/player", "detail": OTHERWISE[lang].format(name=repr(written), player="'North'")}]


def test_a_stranger_is_told_the_players(client):
    body = example("canasta/check-frozen-pile.json")
    body["action"]["player"] = "Zed"
    assert errors(client, "check", body) == [
        {"pointer": "/action/player", "detail": "'Zed' is not one of the players (North, East, South, West)"}]


def test_a_dealt_hand_of_a_player_written_otherwise(client):
    # a legal four-player deal (tests/canasta_sim.py, seed 1) whose deal event names South «south»
    from tests.canasta_sim import random_canasta_log
    sides, log, _ = random_canasta_log(1)
    log = copy.deepcopy(log)
    log[0]["hands"]["s"] = log[0]["hands"].pop("S")
    assert errors(client, "validate", {"sides": sides, "log": log}) == [
        {"pointer": "/log/0/hands/s", "detail": OTHERWISE["en"].format(name="'s'", player="'S'")}]


SIDE_OTHERWISE = {"en": "'ew' is written otherwise than the side 'EW' (in other characters or letter case): write it "
                        "as the sides write it",
                  "ru": "'ew' записано иначе, чем сторона 'EW' (другими символами или в другом регистре): напишите "
                        "так же, как записаны стороны"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_side_s_total_under_its_id_written_otherwise(client, lang):
    # the README's frozen pile at NS 1,250 and EW 2,310, EW's total under «ew»: told so, and EW's total as missing
    body = example("canasta/check-frozen-pile.json")
    body["state"] = {"scores": {"NS": 1250, "ew": 2310}}
    assert errors(client, "check", body, lang)[0] == {"pointer": "/state/scores/ew", "detail": SIDE_OTHERWISE[lang]}


def test_a_side_id_like_none_lists_the_sides(client):
    body = example("canasta/check-frozen-pile.json")
    body["state"] = {"scores": {"NS": 1250, "XY": 2310}}
    assert errors(client, "check", body)[0] == {"pointer": "/state/scores/XY",
                                                "detail": "'XY' is not one of the sides (NS, EW)"}
