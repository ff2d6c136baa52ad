"""The library takes what JSON holds and nothing else, reads paths as os.fspath does, reads a body's byte order
mark as HTTP does, and gives an unknown game the machine data HTTP answers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import referee
from referee.errors import InputError, UnknownGame
from referee.jsonio import BadJSON

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


CONCEDED = {"players": ["a", "b", "c"], "dealer": "c", "deal": {"declarer": "a", "contract": 120, "conceded": True}}


@pytest.mark.parametrize("contract", [120.0, 1.2e2])
def test_a_float_with_no_fraction_is_the_integer_as_in_json_text(contract):
    # the strict reader reads 120.0 and 1.2e2 in a body's text as 120; a dict holding the float is read the same
    body = {**CONCEDED, "deal": {**CONCEDED["deal"], "contract": contract}}
    answer = referee.score("thousand", body)
    assert answer == referee.score("thousand", json.dumps(body)) == referee.score("thousand", CONCEDED)
    # a conceded deal: the declarer loses the contract, the defenders score half of 120 each (thousand/9.4)
    assert [p["total_after"] for p in answer["players"]] == [-120, 60, 60]
    assert body["deal"]["contract"] == contract and type(body["deal"]["contract"]) is float   # the caller's, as given


# 120.5 has a fraction and stays a float; 2**53 is the last float read as an integer, 2**54 one step over: the dict is
# refused exactly as its text is, at the contract
@pytest.mark.parametrize("contract", [120.5, 2.0 ** 53, 2.0 ** 54])
def test_a_float_the_schema_refuses_is_refused_as_in_its_text(contract):
    body = {**CONCEDED, "deal": {**CONCEDED["deal"], "contract": contract}}
    with pytest.raises(InputError) as as_dict:
        referee.score("thousand", body)
    with pytest.raises(InputError) as as_text:
        referee.score("thousand", json.dumps(body))
    assert as_dict.value.errors == as_text.value.errors
    assert as_dict.value.errors[0]["pointer"] == "/deal/contract"


@pytest.mark.parametrize(("value", "name"), [(float("nan"), "NaN"), (float("inf"), "Infinity"),
                                             (float("-inf"), "-Infinity")])
def test_not_a_number_and_the_infinities_are_refused_at_their_field_as_in_text(value, name):
    body = {**CONCEDED, "deal": {**CONCEDED["deal"], "contract": value}}
    with pytest.raises(BadJSON) as as_dict:
        referee.score("thousand", body)
    with pytest.raises(BadJSON) as as_text:
        referee.score("thousand", json.dumps(CONCEDED).replace('"contract": 120', f'"contract": {name}'))
    for e in (as_dict.value, as_text.value):
        assert (e.status, e.pointer, e.detail) == (400, "/deal/contract", f"{name} is not valid JSON")
