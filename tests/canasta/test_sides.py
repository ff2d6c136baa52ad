"""Canasta: sides — how many players a variant seats and how they form sides."""
import pytest

from referee.canasta.options import VARIANTS
from tests.canasta_helpers import loaded


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("sides,target", [
    ([{"id": x, "players": [x + "1", x + "2", x + "3"]} for x in "AB"], 10000),
    ([{"id": x, "players": [x + "1", x + "2"]} for x in "ABC"], 7500),
])
def test_six_players_play_as_two_sides_of_three_or_three_of_two(sides, target):
    from referee.canasta.parse import parse_table
    v = VARIANTS["six-player"]
    assert parse_table(loaded("validate", {"sides": sides, "log": [{"type": "end"}]}), v, v.resolve({}))[2] == target


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("variant,sides", [
    ("six-player", [{"id": f"S{k}", "players": [f"P{k}"]} for k in range(6)]),
    ("two-player", [{"id": "A", "players": ["Ann", "Bob"]}]),
    ("three-player", [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob", "Cid"]}]),
])
def test_sides_the_player_counts_do_not_allow(variant, sides):
    from referee.canasta.parse import parse_table
    from referee.errors import InputError
    v = VARIANTS[variant]
    with pytest.raises(InputError) as e:
        parse_table(loaded("validate", {"sides": sides, "log": [{"type": "end"}]}), v, v.resolve({}))
    assert e.value.errors[0]["pointer"] == "/sides"


# each table of players is told the partnerships its number allows (canasta/1.1): five, whatever the sizes of the
# sides, a pair against a trio; four in unequal sides, that every side has as many players as the others
@pytest.mark.parametrize("variant,sizes,words", [
    ("five-player", [1, 2, 2], "five play as a pair against a trio"),
    ("five-player", [1, 1, 3], "five play as a pair against a trio"),
    ("classic-12", [1, 3], "every side has the same number of players"),
    ("classic-12", [1, 1, 1, 1], "four play as two partnerships of two"),
])
def test_the_partnerships_a_table_is_told(variant, sizes, words):
    from referee.canasta.parse import parse_table
    from referee.errors import InputError
    sides = [{"id": f"S{k}", "players": [f"P{k}{j}" for j in range(n)]} for k, n in enumerate(sizes)]
    v = VARIANTS[variant]
    with pytest.raises(InputError) as e:
        parse_table(loaded("validate", {"sides": sides, "log": [{"type": "end"}]}), v, v.resolve({}))
    assert e.value.errors[0] == {"pointer": "/sides", "detail": words}


# asking the partner and the partner's double ending need partners: sides of one refuse both options
@pytest.mark.parametrize("option,words", [
    ("ask_required", "a player asks his partner: asking needs sides of two or more"),
    ("double_ending", "the double ending is laid by a partner: it needs sides of two or more"),
])
def test_options_that_need_partners(api, option, words):
    body = {"variant": "three-player", "options": {option: True},
            "sides": [{"id": p, "players": [p]} for p in ("Ann", "Bob", "Cid")],
            "position": {"hand": ["5H"], "pile": {"top": "6S", "size": 4}}, "action": {"type": "draw", "player": "Ann"}}
    r = api("check", body, status=422, game="canasta")
    assert r["errors"] == [{"pointer": f"/options/{option}", "detail": words}]
