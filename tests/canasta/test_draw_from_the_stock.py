"""The draw from the stock at its end (canasta/6.1, 6.5): the last card may be drawn; with the stock gone there is no
draw, the player takes the pile or the hand ends.

Hands: four players, North and South against East and West; North is in turn and has not drawn.
"""
import pytest

from referee.errors import IllegalAction
from tests.canasta_helpers import card_list as cards
from tests.canasta_helpers import north_to_draw as state


def test_the_last_stock_card_is_drawn():
    # a stock of one: North draws it (7C), the stock is empty and he goes on to meld or discard
    st = state(1)
    assert st.can_draw("North")
    effects = st.apply_draw("North", cards("7C"))
    assert (effects["drawn"], st.stock, st.phase) == (1, 0, "play")
    assert st.hands["North"] == cards("4S 5S 6S 7C")


def test_no_draw_from_a_stock_that_is_gone():
    # a stock of none: the draw is refused (canasta/6.5), the turn not begun
    st = state(0)
    assert not st.can_draw("North")
    with pytest.raises(IllegalAction) as e:
        st.apply_draw("North", cards("7C"))
    assert e.value.rule == "canasta/6.5"
    assert (st.stock, st.phase, st.hands["North"]) == (0, "draw", cards("4S 5S 6S"))
