"""Canasta cards: the decks (canasta/1.2), wild cards and threes (canasta/1.3, 2.1, 2.3), card values
(canasta/1.4), the Italian count-off under the upcard (canasta/1.6).  Melds are in :mod:`.melds`, the deal state in
:mod:`.deal`, the scores in :mod:`.scoring`.
"""
from __future__ import annotations

from ..cards import JOKER, Card, DeckSpec
from .options import Options, OptionsLike

_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
DECK = DeckSpec("Canasta 108-card", _RANKS, copies=2, jokers=4)
DECK_3 = DeckSpec("Canasta 162-card", _RANKS, copies=3, jokers=6)


def deck_for(packs: int, jokers_per_pack: int = 2) -> DeckSpec:
    """The deck of ``packs`` packs with ``jokers_per_pack`` jokers each: 108 cards for two packs, 162 for three,
    216 for four (canasta/1.2)."""
    if jokers_per_pack == 2 and packs in (2, 3):
        return DECK_3 if packs == 3 else DECK
    return DeckSpec(f"Canasta {52 * packs + jokers_per_pack * packs}-card", _RANKS, copies=packs,
                    jokers=jokers_per_pack * packs)


def deck_of(opts: OptionsLike) -> DeckSpec:
    """The deck the options play with (canasta/1.2)."""
    opts = Options.of(opts)
    return deck_for(opts.packs, opts.jokers_per_pack)


def is_wild(c: Card) -> bool:
    """Jokers and deuces (canasta/1.3)."""
    return c.rank in (JOKER, "2")


def is_red_three(c: Card) -> bool:
    return c.rank == "3" and c.suit in ("H", "D")


def is_black_three(c: Card) -> bool:
    return c.rank == "3" and c.suit in ("S", "C")


# the points of a card by its rank (canasta/1.4); threes, whose value turns on the suit, are not in it
_RANK_VALUES = {JOKER: 50, "A": 20, "2": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10, "7": 5, "6": 5,
                "5": 5, "4": 5}


def card_value(c: Card) -> int:
    """Points of one card (canasta/1.4): joker 50; ace and deuce 20; K-8 10; 7-4 and black threes 5.

    A red three has no card value (its bonus or penalty is canasta/2.2).
    """
    v = _RANK_VALUES.get(c.rank)
    if v is not None:
        return v
    if is_red_three(c):
        return 0
    return 5


def cards_value(cards) -> int:
    """The points of ``cards`` (:func:`card_value` of each, added up)."""
    total = 0
    values = _RANK_VALUES
    for c in cards:
        v = values.get(c.rank)
        total += v if v is not None else 0 if is_red_three(c) else 5
    return total


def count_off(upcard: Card) -> int:
    """Cards counted off under the Italian upcard (canasta/1.6): J 11, Q 12, K 13, A or joker 20, a number its pips."""
    return {"J": 11, "Q": 12, "K": 13, "A": 20, JOKER: 20}.get(upcard.rank) or int(upcard.rank)


