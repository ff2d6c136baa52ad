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
