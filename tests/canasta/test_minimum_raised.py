"""Canasta: a side's initial-meld minimum raised by withdrawn short openings (canasta/8.1), 10 for each: a raise
that is not a multiple of 10 is refused at its field, and the raise of a described position is written back with
the position a log reaches.

Classic, four players.  North, to draw, holds eleven cards; his side has not melded; the pile holds 4 cards under a
6S.  Cards in view: 11 + 1 = 12 of the 108.
"""
import pytest

from referee.canasta.deal import Layout
from referee.canasta.options import VARIANTS
from referee.canasta.parse import position_state
from referee.canasta.position import position_of
from referee.errors import InputError
from tests.canasta_helpers import ELEVEN, S4, loaded


def state(raised):
    req = {"sides": S4, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}, "minimum_raised": raised},
           "action": {"type": "draw", "player": "North"}}
    return position_state(loaded("check", req), Layout.of(S4), VARIANTS["classic"].resolve({}), {"NS": 0, "EW": 0},
                          "North")


@pytest.mark.parametrize("raised", [10, 20])
def test_a_raise_of_tens_is_written_back(raised):
    st, _facts = state(raised)
    assert st.minimum_raise["NS"] == raised
    assert position_of(st)["minimum_raised"] == raised


@pytest.mark.parametrize("raised", [5, 15])
def test_a_raise_between_the_tens_is_refused(raised):
    with pytest.raises(InputError) as e:
        state(raised)
    assert e.value.errors == [{"pointer": "/position/minimum_raised",
                               "detail": "the minimum rises by 10 for each withdrawn short initial meld"}]


def test_no_raise_is_left_out_of_the_position():
    st, _facts = state(0)
    assert "minimum_raised" not in position_of(st)


def test_a_side_that_has_melded_has_no_minimum_to_raise():
    # NS's three kings on the table: the raise of 10 has nothing left to raise (North: 8 cards, 3 melded, 1 pile card)
    req = {"sides": S4, "position": {"hand": ELEVEN[:8], "melds": {"NS": [["KH", "KS", "KD"]]},
                                     "pile": {"top": "6S", "size": 4}, "minimum_raised": 10},
           "action": {"type": "draw", "player": "North"}}
    with pytest.raises(InputError) as e:
        position_state(loaded("check", req), Layout.of(S4), VARIANTS["classic"].resolve({}), {"NS": 0, "EW": 0},
                       "North")
    assert e.value.errors == [{"pointer": "/position/minimum_raised",
                               "detail": "a side that has melded has no initial minimum left to raise"}]
