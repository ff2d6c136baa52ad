"""The position a state is in, written back in the shape ``check`` takes (parse.position_of), reads back into the
same facts (parse.position_state): what the player did before this deal's turn, his side's raised minimum.

Classic, four players.  North holds 5 cards; NS has a meld of three kings on the table; the pile holds 9D 7C; the
stock 40.  Cards in view: 5 + 3 + 2 = 10 of the 108.
"""
import pytest

from referee.canasta.deal import Layout
from referee.canasta.options import VARIANTS
from referee.canasta.parse import position_state
from referee.canasta.position import position_of
from tests.canasta_helpers import loaded

SIDES = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


def _state(**extra):
    opts = VARIANTS["classic"].resolve({})
    pos = {"hand": ["5H", "6C", "8D", "QS", "AH"], "melds": {"NS": [["KH", "KS", "KD"]]},
           "pile": {"cards": ["9D", "7C"]}, "stock": 40, "phase": "play", **extra}
    req = {"sides": SIDES, "position": pos, "action": {"type": "discard", "player": "North", "card": "5H"}}
    return position_state(loaded("check", req), Layout.of(SIDES), opts, {"NS": 0, "EW": 0}, "North")


@pytest.mark.parametrize("before", [True, False])
def test_melded_before_goes_round(before):
    st, _facts = _state(melded_before=before)
    assert st.melded_before["North"] is before
    pos = position_of(st)
    assert pos.get("melded_before", False) is before
    again = {"sides": SIDES, "position": pos, "action": {"type": "discard", "player": "North", "card": "5H"}}
    st2, _ = position_state(loaded("check", again), Layout.of(SIDES), VARIANTS["classic"].resolve({}),
                            {"NS": 0, "EW": 0}, "North")
    assert st2.melded_before["North"] is before


def test_the_position_written_back():
    st, facts = _state(minimum_raised=0)
    pos = position_of(st)
    assert pos["hand"] == ["5H", "6C", "8D", "QS", "AH"] and pos["stock"] == 40
    assert pos["pile"] == {"cards": ["9D", "7C"], "frozen_by": None}
    assert pos["melds"] == {"NS": [["KH", "KS", "KD"]]}
    assert facts["pile_frozen"] is False and facts["pile_block"] is None
