"""Thousand: the 24-card deck, the rank of the cards, card points and rounding.

Cards are :class:`referee.cards.Card` values; ranks run ``A 10 K Q J 9`` from high to low in every suit
(thousand/1.2), card points are A 11, 10 10, K 4, Q 3, J 2, 9 0 (thousand/1.3), 120 in the deck.
"""
from __future__ import annotations

from fractions import Fraction

from ..cards import DeckSpec

RANKS = ("A", "10", "K", "Q", "J", "9")  # high to low (thousand/1.2)
STRENGTH = {r: 6 - i for i, r in enumerate(RANKS)}
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}  # thousand/1.3
DECK = DeckSpec("Thousand 24-card", ("A", "K", "Q", "J", "10", "9"))
TOTAL_POINTS = 120  # thousand/1.3: the card points of the whole deck


def card_points(cards) -> int:
    """Sum of card points (thousand/1.3) of ``cards``."""
    return sum([POINTS[c.rank] for c in cards])


def round_to(value: int | Fraction, step: int, half: str) -> int:
    """Round ``value`` to the nearest multiple of ``step`` (thousand/12.3).

    A remainder below half a step goes down, above it goes up; exactly half goes ``half``
    (``"up"`` or ``"down"``).  With step 5 and whole points there is no exact half:
    1–2 go down, 3–4 go up.
    """
    base = (value // step) * step
    rem = value - base
    if rem * 2 < step:
        return int(base)
    if rem * 2 > step:
        return int(base + step)
    return int(base + step) if half == "up" else int(base)
