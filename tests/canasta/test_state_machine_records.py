"""Canasta's state machine, event by event: which copy of a card a hand gives up, melds that build on one another in
one action, and where red threes drawn or taken with the pile are recorded (canasta/2.1, 3.1, 5.2, 6.1).

Hands: four players, North and South against East and West; the stock and the pile as each test sets them.
"""
import pytest

from referee.canasta.deal import DealState, Layout, Pile, take_from
from referee.canasta.options import VARIANTS
from referee.cards import Card, parse_card
from referee.errors import IllegalAction
from tests.canasta_helpers import S4


def cards(s):
    return [parse_card(c) for c in s.split()]


def state(hands, *, pile=None, stock=40, turn="North", variant="classic", **options):
    layout = Layout.of(S4)
    full = {"North": None, "South": None, "East": None, "West": None} | hands
    return DealState(layout, VARIANTS[variant].resolve(options), {"NS": 0, "EW": 0}, stock,
                     pile if pile is not None else Pile(None, 0, None, []), turn, full)


def test_a_card_named_with_its_suit_is_matched_before_one_named_by_its_rank():
    # the hand holds KH and KS; "K" (any king) and "KH" are asked for: KH goes to KH, the king by rank takes KS.
    # Matched in the order asked, "K" would take KH first and KH would then be missing.
    king = Card("K", "")
    assert take_from(cards("KH KS 5C"), [king, parse_card("KH")]) == cards("5C")
    assert take_from(cards("KH 5C"), [king, parse_card("KH")]) is None     # one king for two


def test_cards_laid_on_a_meld_made_earlier_in_the_same_action():
    # North (drawn) melds three 9s and, in the same action, a 2 on those 9s: the 2 joins the meld just made.
    # 9D 9C 9H 2H = 10 + 10 + 10 + 20 = 50, the opening minimum at 0.  Hand: 9D 9C 9H 2H 4S 5S (6 cards), 2 left.
    st = state({"North": cards("9D 9C 9H 2H 4S 5S")})
    st.apply_draw("North", cards("6S"))
    effects = st.apply_meld("North", [cards("9D 9C 9H"), ("9", cards("2H"))])
    assert st.melds["NS"] == {"9": cards("9D 9C 9H 2H")}
    assert (effects["canastas"], st.hands["North"]) == (0, cards("4S 5S 6S"))


def test_a_red_three_drawn_counts_as_laid_out_by_its_drawer():
    # North draws 3H, laid out and replaced by 7C: the side has one red three, laid out by North
    st = state({"North": cards("4S 5S 6S")})
    effects = st.apply_draw("North", cards("3H 7C"))
    assert (st.red_by_player.get("North"), st.red_threes["NS"]) == (1, cards("3H"))
    assert (effects["red_threes_laid_out"], st.hands["North"], st.stock) == (["3H"], cards("4S 5S 6S 7C"), 38)


def test_a_red_three_in_the_taken_pile_goes_to_the_takers_side():
    # the deal turned up 3D (the pile frozen by it) and then 7D on top; North holds a natural pair of 7s (the side
    # has not opened, so only a pair takes it) and 7D 7S 7H = 15 < 50: he adds KS KH KC (30) and AS AH AD (60),
    # 105 in all.  The 3D joins the side's red threes, not North's hand.
    pile = Pile.dealt(cards("3D 7D"), black_three_freezes=False, frozen_at_start=False)
    st = state({"North": cards("7S 7H KS KH KC AS AH AD 4C 5C")}, pile=pile)
    effects = st.apply_take_pile("North", cards("7S 7H"), [cards("KS KH KC"), cards("AS AH AD")])
    assert st.red_threes["NS"] == cards("3D")
    assert (st.red_by_player["North"], effects["red_threes_laid_out"]) == (1, ["3D"])
    assert st.hands["North"] == cards("4C 5C")


def test_cards_shown_with_the_top_card_are_of_its_rank():
    # top 9D; North's side has opened (AS AH AD) and shows 9S with a 5C: refused, naming the top card's rank;
    # 9S with 9H (a natural pair) takes it
    pile = Pile.dealt(cards("4C 9D"), black_three_freezes=False, frozen_at_start=False)
    st = state({"North": cards("9S 9H 5C 6H")}, pile=pile)
    st.melds["NS"] = {"A": cards("AS AH AD")}
    with pytest.raises(IllegalAction) as e:
        st.verify_take_pile("North", cards("9S 5C"))
    assert (e.value.rule, e.value.pointer) == ("canasta/5.2", "/cards")
    assert str(e.value.message) == "the cards shown with the top card must be 9s or wild cards"
    assert st.can_take_pile("North", cards("9S 9H"))


def refusal(st, shown):
    with pytest.raises(IllegalAction) as e:
        st.verify_take_pile("North", cards(shown))
    return e.value.rule, str(e.value.message)


def test_a_side_with_a_canasta_of_the_top_cards_rank_is_told_so():
    # NS has a mixed canasta of 7s; 7D on top; North shows a natural pair of 7s.  Sevens counted: 7S in the meld
    # and in North's hand (2 of 2), 7H the same, 7C twice in the meld, 7D on the pile (1 of 2).
    pile = Pile.dealt(cards("4C 7D"), black_three_freezes=False, frozen_at_start=False)
    melds = {"7": cards("7S 7H 7C 7C 2S 2H JK"), "A": cards("AS AH AD")}
    st = state({"North": cards("7S 7H 5C 6H")}, pile=pile, own_canasta_blocks_pile=True)
    st.melds["NS"] = dict(melds)
    assert refusal(st, "7S 7H") == ("canasta/5.2", "the side has a canasta of 7s: it may not take a pile topped by one")
    st = state({"North": cards("7S 7H 5C 6H")}, pile=pile, strict_pile=True)
    st.melds["NS"] = dict(melds)
    assert refusal(st, "7S 7H") == ("canasta/5.1", "strict discard pile: the top card may not join the side's canasta "
                                                   "of 7s")
