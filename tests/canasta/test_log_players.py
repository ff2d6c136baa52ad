"""Each event of a validate log names one of the deal's players: another name is refused at the event's player
(422), before anything is judged.

The log: the classic four-player deal of tests/canasta_sim.py, seed 3 (North and South against East and West).
"""
from tests.canasta_sim import random_canasta_log


def test_an_event_naming_nobody_at_the_table_is_refused_at_its_player(api):
    sides, log, _ = random_canasta_log(3)
    assert api("validate", {"sides": sides, "log": log}, game="canasta")["valid"]
    log[1] = {**log[1], "player": "Zed"}
    errors = api("validate", {"sides": sides, "log": log}, status=422, game="canasta")["errors"]
    assert [e["pointer"] for e in errors] == ["/log/1/player"]
    assert errors[0]["detail"].startswith("'Zed' is not one of the players")
