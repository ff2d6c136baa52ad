"""A red three drawn from the stock is laid out and replaced by the next stock card (canasta/2.1), so a draw that
lists a red three alone takes no card for the hand: refused while the stock holds more (a draw takes one card,
canasta/6.1), and the end of the hand when it was the last stock card (canasta/6.5, red_three_last_card no_meld).

Hands: four players, North and South against East and West; North is in turn and has not drawn; the pile is the
9D, North holds 4S 5S 6S.  Cards: 3 in North's hand, 1 in the pile, the stock's one or two; the other hands unknown.
"""
import pytest

from referee.errors import IllegalAction
from tests.canasta_helpers import card_list as cards
from tests.canasta_helpers import north_to_draw as state


@pytest.mark.parametrize("red", ["3H", "3D"])
def test_a_red_three_alone_is_no_draw_while_the_stock_holds_more(red):
    # a stock of two: the red three is replaced by the second card, which the draw does not list (0 cards for the
    # hand, not 1); nothing changes
    st = state(2)
    with pytest.raises(IllegalAction) as e:
        st.apply_draw("North", cards(red))
    assert e.value.rule == "canasta/6.1"
    assert (st.stock, st.phase, st.hands["North"], st.red_threes["NS"]) == (2, "draw", cards("4S 5S 6S"), [])


@pytest.mark.parametrize("red", ["3H", "3D"])
def test_a_red_three_with_its_replacement_is_a_draw(red):
    # a stock of two: the red three laid out for the side, the 7C for the hand; the stock is empty
    st = state(2)
    effects = st.apply_draw("North", cards(f"{red} 7C"))
    assert (effects["drawn"], effects["red_threes_laid_out"]) == (1, [red])
    assert (st.stock, st.phase, st.hands["North"], st.red_threes["NS"]) == (0, "play", cards("4S 5S 6S 7C"),
                                                                             cards(red))


@pytest.mark.parametrize("red", ["3H", "3D"])
def test_a_red_three_as_the_last_stock_card_ends_the_hand(red):
    # a stock of one: the red three is the last card; no replacement, no meld: the hand is over (canasta/6.5)
    st = state(1)
    effects = st.apply_draw("North", cards(red))
    assert effects["drawn"] == 0 and "hand_ends" in effects
    assert (st.stock, st.phase, st.hands["North"], st.red_threes["NS"]) == (0, "done", cards("4S 5S 6S"),
                                                                             cards(red))
    assert st.outcome == {"went_out": None, "concealed": False}


def test_a_natural_card_drawn_with_more_in_the_stock():
    # a stock of two, one step over the last card: the 7C joins the hand, one card left, the turn goes on
    st = state(2)
    assert st.apply_draw("North", cards("7C")) == {"drawn": 1}
    assert (st.stock, st.phase, st.hands["North"]) == (1, "play", cards("4S 5S 6S 7C"))
