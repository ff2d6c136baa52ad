"""Mexicana: the meld that opens a side brings 13 stock cards, drawn before anything else is done (canasta/4.2).

Three packs (162 cards); four players, North and South against East and West; North in turn, stock 100.  North holds
9D 9C 9H 2H 4S 5S 6S and draws 7C; his 9D 9C 9H 2H (10 + 10 + 10 + 20 = 50, the minimum at 0) opens the side.
"""
import pytest

from referee.canasta.deal import DealState, Layout, Pile
from referee.canasta.options import VARIANTS
from referee.cards import parse_card
from referee.errors import IllegalAction
from tests.canasta_helpers import S4

BONUS = "4H 4D 5H 5D 6H 6D 8H 8D 10H 10D JH JD QH"      # 13 stock cards, no red three


def cards(s):
    return [parse_card(c) for c in s.split()]


def opened():
    st = DealState(Layout.of(S4), VARIANTS["mexicana"].resolve({}), {"NS": 0, "EW": 0}, 100,
                   Pile(None, 0, None, []), "North",
                   {"North": cards("9D 9C 9H 2H 4S 5S 6S"), "South": None, "East": None, "West": None})
    st.apply_draw("North", cards("7C"))
    effects = st.apply_meld("North", [cards("9D 9C 9H 2H")])
    assert effects["extra_cards_due"] == 13
    return st


def test_no_discard_before_the_cards_the_opening_brings():
    st = opened()
    assert not st.can_discard("North", parse_card("4S"))
    with pytest.raises(IllegalAction) as e:
        st.apply_discard("North", parse_card("4S"))
    assert e.value.rule == "canasta/4.2"
    assert st.hands["North"] == cards("4S 5S 6S 7C")


def test_the_discard_follows_once_they_are_drawn():
    st = opened()
    assert st.apply_extra_cards("North", cards(BONUS)) == {"drawn": 13}
    assert (st.stock, len(st.hands["North"])) == (86, 4 + 13)     # 100 - 1 drawn - 13 = 86; 4 left + 13
    st.apply_discard("North", parse_card("4S"))
    assert st.turn == "East"


def test_the_opening_that_empties_the_hand_is_not_going_out_while_its_cards_are_due():
    # Mexicana (canasta/4.2): North, unopened, melds all 14 cards, seven 7s and seven kings; the opening brings 13
    # stock cards at once, so the meld leaves nothing in hand and still does not go out: verify_meld's answer (the
    # public verify_* of the state machine) says so
    from referee.canasta.deal import DealState, Layout, Pile
    from referee.canasta.options import VARIANTS
    from tests.canasta_helpers import S4, card_list
    hand = card_list("7H 7D 7S 7C 7H 7D 7S KH KD KS KC KH KD KS")
    st = DealState(Layout.of(S4), VARIANTS["mexicana"].resolve({}), {"NS": 0, "EW": 0}, 100,
                   Pile.dealt(card_list("8C"), black_three_freezes=False, frozen_at_start=False), "North",
                   {"North": hand, "South": None, "East": None, "West": None})
    st.phase, st.drew_from = "play", "stock"
    v = st.verify_meld("North", [hand[:7], hand[7:]])
    assert (v["going_out"], v["concealed"], v["hand_after"]) == (False, False, [])
