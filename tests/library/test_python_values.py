"""The library takes what JSON holds and nothing else, reads paths as os.fspath does, reads a body's byte order
mark as HTTP does, and gives an unknown game the machine data HTTP answers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import referee
from referee.errors import InputError, UnknownGame

ROOT = Path(__file__).resolve().parents[2]
BATCH = ROOT / "examples" / "thousand" / "batch.jsonl"
BODY = json.loads(BATCH.read_text(encoding="utf-8").splitlines()[0])


def test_a_set_of_players_is_refused_at_players():
    body = {**BODY, "players": set(BODY["players"])}        # its order would follow the hash seed
    with pytest.raises(InputError) as e:
        referee.validate(None, body)
    assert e.value.status == 422 and e.value.pointer == "/players"
    assert referee.validate(None, {**BODY, "players": tuple(BODY["players"])}) == referee.validate(None, BODY)


def test_a_bytes_name_is_refused_not_decoded():
    body = {**BODY, "players": [BODY["players"][0].encode(), *BODY["players"][1:]]}
    with pytest.raises(InputError) as e:
        referee.validate(None, body)
    assert e.value.errors[0]["pointer"] == "/players/0" and "bytes" in e.value.errors[0]["detail"]


def test_iter_logs_takes_a_bytes_path_as_a_str_path():
    want = [(x.line, x.body) for x in referee.iter_logs(str(BATCH))]
    assert [(x.line, x.body) for x in referee.iter_logs(bytes(BATCH))] == want
    assert [(x.line, x.body) for x in referee.iter_logs([bytes(BATCH)])] == want and len(want) == 8


def test_one_byte_order_mark_is_read_as_http_reads_it():
    text = json.dumps(BODY)
    assert referee.validate(None, "\ufeff" + text) == referee.validate(None, text)
    assert referee.validate(None, b"\xef\xbb\xbf" + text.encode()) == referee.validate(None, text)


def test_an_unknown_game_carries_the_parameter_as_http_answers_it():
    with pytest.raises(UnknownGame) as e:
        referee.score("whist", {})
    assert e.value.status == 404 and e.value.pointer is None
    assert e.value.errors == [{"parameter": "game", "detail": str(e.value)}]
