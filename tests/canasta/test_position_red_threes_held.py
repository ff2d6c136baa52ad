"""Canasta: the position validate writes where a log ends inside a deal lists the red threes the other players were
dealt and still hold only before play begins (canasta/2.1), never the player in turn's own (they are in his hand)."""
import copy

from referee.canasta.cards import deck_of
from referee.canasta.deal import Layout
from referee.canasta.options import VARIANTS
from referee.canasta.parse import start_deal
from referee.canasta.position import position_of
from referee.cards import parse_card
from tests.canasta_helpers import DEAL, S4, loaded


def dealt_with_north_s_red_three():
    # DEAL (West deals, North first), North's QC replaced by the 3D: North and West each hold a red three
    ev = copy.deepcopy(DEAL)
    ev["hands"]["North"] = [c if c != "QC" else "3D" for c in ev["hands"]["North"]]
    opts = VARIANTS["classic"].resolve({})
    ev = loaded("validate", {"sides": S4, "log": [ev]}).log[0]
    st, _tally, problems = start_deal(ev, Layout.of(S4), opts, {"NS": 0, "EW": 0}, deck_of(opts), "/log/0")
    assert problems == []
    return st


def test_before_play_the_others_red_threes_are_listed_not_the_player_s_own():
    assert position_of(dealt_with_north_s_red_three())["red_threes_held"] == {"West": ["3H"]}


def test_once_play_has_begun_none_are_listed():
    st = dealt_with_north_s_red_three()
    st.apply_draw("North", [parse_card("5C")])
    assert "red_threes_held" not in position_of(st)
