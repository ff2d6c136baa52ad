"""The discard pile as a type (canasta/5.1): what freezes it, for whom it is frozen, a discarded wild card's block
for a round (option wild_block) and its one lapse, in play and in a pile described card by card or by its top.

Seats in turn order North, East, South, West.  Every expected value is worked by hand in the test's comment.
"""
import pytest

from referee.canasta.pile import Pile
from referee.cards import parse_card

SEATS = ["North", "East", "South", "West"]


def cards(text):
    return [parse_card(t) for t in text.split()]


def test_push_freezes_on_the_first_wild_card_or_red_three():
    p = Pile(None, 0, None, [])
    for c in cards("7H 8S"):
        p.push(c, black_three_freezes=False)
    assert (p.frozen_by, p.size, str(p.top)) == (None, 2, "8S")
    p.push(parse_card("3H"), black_three_freezes=False)
    assert p.frozen_by == "red_three"
    p.push(parse_card("2C"), black_three_freezes=False)       # already frozen: the first freeze is what froze it
    assert (p.frozen_by, p.size, [str(c) for c in p.cards]) == ("red_three", 4, ["7H", "8S", "3H", "2C"])


@pytest.mark.parametrize("freezes, expected", [(False, None), (True, "black_three")])
def test_a_black_three_freezes_only_under_its_option(freezes, expected):
    p = Pile(None, 0)
    p.push(parse_card("3S"), black_three_freezes=freezes)
    assert p.frozen_by == expected


@pytest.mark.parametrize("frozen_by, melded, strict, frozen", [
    (None, True, False, False),          # open pile, side has melded, ordinary pile: free to take with a pair or meld
    (None, False, False, True),          # the side has not melded: frozen for it
    (None, True, True, True),            # strict pile: always frozen
    ("wild", True, False, True),         # frozen for everybody
])
def test_frozen_for_a_side(frozen_by, melded, strict, frozen):
    assert Pile(parse_card("9D"), 3, frozen_by).frozen_for(melded, strict) is frozen


def _blocked_by_north(wild_block):
    # an open pile 7H 8S; North discards 2C: it freezes the pile and blocks it for a round
    p = Pile(None, 0, None, [])
    for c in cards("7H 8S"):
        p.push(c, black_three_freezes=False)
    p.discard(parse_card("2C"), "North", wild_block=wild_block, black_three_freezes=False)
    return p


def test_one_round_block_lapses_when_its_discarder_s_turn_begins():
    p = _blocked_by_north("one_round")
    assert (p.frozen_by, p.block_owner, str(p.block_card), p.block_froze) == ("wild", "North", "2C", True)
    for player, card in (("East", "5D"), ("South", "6H"), ("West", "9S")):   # three more turns: still blocked
        p.turn_begins(player, "one_round")
        p.discard(parse_card(card), player, wild_block="one_round", black_three_freezes=False)
        assert p.block_owner == "North" and p.frozen_by == "wild"
    p.turn_begins("North", "one_round")     # North's next turn: the block lapses, and the freeze it made with it
    assert (p.frozen_by, p.block_owner, p.block_card, p.block_froze) == (None, None, None, False)
    assert p.block_fact() is None


def test_full_round_block_lasts_through_its_discarder_s_next_turn():
    p = _blocked_by_north("full_round")
    for player in ("East", "South", "West", "North"):
        p.turn_begins(player, "full_round")
    assert p.block_owner == "North" and p.frozen_by == "wild"      # North's turn has begun: still blocked
    p.discard(parse_card("KH"), "North", wild_block="full_round", black_three_freezes=False)
    assert (p.frozen_by, p.block_owner, str(p.top), p.size) == (None, None, "KH", 4)


def test_a_block_on_a_pile_frozen_before_leaves_the_freeze():
    # 7H, then the red three 3D (frozen by it), then North's joker: blocked, but the joker did not freeze it
    p = Pile(None, 0, None, [])
    for c in cards("7H 3D"):
        p.push(c, black_three_freezes=False)
    p.discard(parse_card("JK"), "North", wild_block="one_round", black_three_freezes=False)
    assert (p.frozen_by, p.block_owner, p.block_froze, p.blocked_by_joker) == ("red_three", "North", False, True)
    p.turn_begins("North", "one_round")
    assert (p.frozen_by, p.block_owner) == ("red_three", None)


def test_until_taken_has_no_block():
    p = _blocked_by_north("until_taken")
    p.turn_begins("North", "until_taken")
    assert (p.frozen_by, p.block_owner, p.block_fact()) == ("wild", None, None)


def test_a_later_wild_card_s_round_replaces_an_earlier_one_s():
    p = _blocked_by_north("one_round")                 # North's 2C froze it
    p.turn_begins("East", "one_round")
    p.discard(parse_card("2H"), "East", wild_block="one_round", black_three_freezes=False)
    assert (p.block_owner, str(p.block_card), p.block_froze) == ("East", "2H", True)
    p.turn_begins("North", "one_round")                # North's block was replaced: nothing lapses
    assert p.frozen_by == "wild" and p.block_owner == "East"
    p.turn_begins("East", "one_round")                 # East's round is over: the freeze North's 2C made goes too
    assert (p.frozen_by, p.block_owner) == (None, None)


# a pile described card by card: 8H turned up at the deal, then one discard a turn, the last by the player before
# North (West).  Four discards above the upcard: North, East, South, West; three: East, South, West.
@pytest.mark.parametrize("text, wild_block, owner, frozen_by", [
    # 2D is the first of four discards: North's; North's turn has come again (one step over the one-round limit)
    ("8H 2D 5C 9S 4H", "one_round", None, None),
    # the same pile under full_round: North's turn has begun, not ended, so it is still blocked
    ("8H 2D 5C 9S 4H", "full_round", "North", "wild"),
    # 2D the first of three discards: East's; East's next turn is after North's (one step under the limit)
    ("8H 2D 5C 9S", "one_round", "East", "wild"),
    # 2D West's, on top
    ("8H 5C 9S 2D", "one_round", "West", "wild"),
    # no block under until_taken: the 2D freezes the pile until it is taken
    ("8H 2D 5C 9S 4H", "until_taken", None, "wild"),
])
def test_a_pile_described_by_its_cards(text, wild_block, owner, frozen_by):
    p = Pile.of_cards(cards(text), 1, wild_block=wild_block, black_three_freezes=False, seats=SEATS, to_act="North")
    assert (p.block_owner, p.frozen_by, p.size, p.turned_up) == (owner, frozen_by, len(text.split()), 1)


def test_a_wild_card_turned_up_at_the_deal_freezes_but_blocks_nobody():
    # 2S turned up, covered by 7D (two upcards), then East, South, West discard: frozen by the 2S, no block
    p = Pile.of_cards(cards("2S 7D 5C 9S 4H"), 2, wild_block="one_round", black_three_freezes=False, seats=SEATS,
                      to_act="North")
    assert (p.frozen_by, p.block_owner) == ("wild", None)


def test_a_pile_described_by_its_top():
    # a 2C on top of a pile frozen by a wild card, South to act: East discarded it
    p = Pile.of_top(parse_card("2C"), 5, "wild", wild_block="one_round", seats=SEATS, to_act="South")
    assert p.block_fact() == {"discarder": "East", "card": "2C"} and p.block_froze
    # a natural card on top: the wild card that froze it lies below, its discarder unknown
    p = Pile.of_top(parse_card("9H"), 5, "wild", wild_block="full_round", seats=SEATS, to_act="South")
    assert p.block_fact() == {"discarder": None, "card": None} and p.block_owner == ""
    p.lapse_block()
    assert (p.frozen_by, p.block_fact()) == (None, None)
    # until_taken: no block, the wild card's freeze stays
    p = Pile.of_top(parse_card("2C"), 5, "wild", wild_block="until_taken", seats=SEATS, to_act="South")
    assert (p.block_fact(), p.frozen_by) == (None, "wild")
