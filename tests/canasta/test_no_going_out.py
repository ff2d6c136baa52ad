"""The sevens game of the Arabic text (variant sevens, option no_going_out): nobody goes out, so a meld never leaves
a player with fewer than two cards, one to discard and one more (canasta/6.2).

Three packs (162 cards).  NS has a natural canasta of seven kings on the table; North, in his turn after the draw,
melds three fives from his hand.  Cards in view: the hand, 7 kings, the pile's 9D 7C.
"""
import pytest

from referee.canasta.deal import Layout
from referee.canasta.options import VARIANTS
from referee.canasta.parse import position_state
from referee.cards import parse_card
from referee.errors import IllegalAction
from tests.canasta_helpers import loaded

SIDES = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
KINGS = ["KH", "KS", "KD", "KC", "KH", "KS", "KD"]


def _state(hand):
    opts = VARIANTS["sevens"].resolve({})
    pos = {"hand": hand, "melds": {"NS": [KINGS]}, "pile": {"cards": ["9D", "7C"]}, "stock": 40, "phase": "play",
           "turn": {"melded": True}}
    req = {"sides": SIDES, "position": pos, "action": {"type": "meld", "player": "North"}}
    st, _facts = position_state(loaded("check", req), Layout.of(SIDES), opts, {"NS": 0, "EW": 0}, "North")
    return st


@pytest.mark.parametrize("hand, left", [(["5H", "5S", "5D", "9C", "8C"], 2), (["5H", "5S", "5D", "9C"], 1)])
def test_a_meld_keeps_two_cards(hand, left):
    st = _state(hand)
    fives = [["5H", "5S", "5D"]]
    groups = [[parse_card(c) for c in g] for g in fives]
    if left == 2:                        # one card over the limit: the meld stands
        assert len(st.verify_meld("North", groups)["hand_after"]) == 2
        return
    with pytest.raises(IllegalAction) as e:
        st.verify_meld("North", groups)
    assert (e.value.rule, e.value.message) == (
        "canasta/6.2", "nobody goes out in this game: keep a card to discard and one more")
