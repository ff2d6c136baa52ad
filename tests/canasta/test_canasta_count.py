"""The canastas an action reports: a meld counts once however many cards are laid on it, and becomes a canasta at
its seventh card (canasta/3.2).

Hands: four players, North and South against East and West (two decks: eight cards of each rank); North has drawn.
"""
import pytest

from referee.canasta.deal import DealState, Layout, Pile
from referee.canasta.options import VARIANTS
from referee.cards import parse_card
from tests.canasta_helpers import S4


def cards(s):
    return [parse_card(c) for c in s.split()]


def drawn(hand, melds):
    """North to play, his side's melds ``melds``, his hand ``hand`` after drawing 7C from a stock of 40."""
    st = DealState(Layout.of(S4), VARIANTS["classic"].resolve({}), {"NS": 0, "EW": 0}, 40, Pile(None, 0, None, []),
                   "North", {"North": cards(hand), "South": None, "East": None, "West": None})
    st.melds["NS"] = {rank: cards(m) for rank, m in melds.items()}
    st.apply_draw("North", cards("7C"))
    return st


def test_a_card_laid_on_a_canasta_leaves_one_canasta():
    # NS: seven kings (a natural canasta) and three queens.  North lays the eighth king, KC, on the kings: one
    # canasta of eight cards, not two.  Kings: KS KH KD KC KS KH KD on the table + KC in hand = the 8 of two decks.
    st = drawn("KC 4S 5S 6S", {"K": "KS KH KD KC KS KH KD", "Q": "QS QH QD"})
    effects = st.apply_meld("North", [("K", cards("KC"))])
    assert effects["canastas"] == 1
    assert len(st.melds["NS"]["K"]) == 8
    assert st.hands["North"] == cards("4S 5S 6S 7C")


@pytest.mark.parametrize("queens, laid, expect", [
    ("QS QH QD QC QS", "QH", 0),        # five queens + QH = six cards: no canasta yet
    ("QS QH QD QC QS QH", "QD", 1),     # six queens + QD = seven cards: a canasta
])
def test_the_seventh_card_makes_a_canasta(queens, laid, expect):
    st = drawn(f"{laid} 4S 5S 6S", {"Q": queens, "A": "AS AH AD"})
    effects = st.apply_meld("North", [("Q", cards(laid))])
    assert effects["canastas"] == expect
    assert st.own_canasta is bool(expect)          # the player completed it this turn (canasta/6.4's concealed)


def test_a_canasta_laid_on_and_a_new_one_made_in_one_action_count_two():
    # NS: seven kings and six queens.  North lays KC on the kings and QD on the queens at once: two canastas.
    st = drawn("KC QD 4S 5S", {"K": "KS KH KD KC KS KH KD", "Q": "QS QH QD QC QS QH"})
    effects = st.apply_meld("North", [("K", cards("KC")), ("Q", cards("QD"))])
    assert effects["canastas"] == 2
