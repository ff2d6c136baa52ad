"""Thousand: marriages (a king and queen of one suit held together) and the optional ace marriage.

A marriage is named by its suit letter (``H D C S``); the ace marriage by :data:`ACES`.  Values in points:
hearts 100, diamonds 80, clubs 60, spades 40 (thousand/2.1); four aces 200 (thousand/2.2).
"""
from __future__ import annotations

from ..i18n import Suit, _

MARRIAGE_VALUE = {"H": 100, "D": 80, "C": 60, "S": 40}  # thousand/2.1
ACE_MARRIAGE_VALUE = 200  # thousand/2.2
ACES = "aces"  # the "suit" of an ace marriage


def marriages_in(cards) -> list[str]:
    """Suits in which ``cards`` hold both K and Q."""
    held = {(c.rank, c.suit) for c in cards}
    return [s for s in ("H", "D", "C", "S") if ("K", s) in held and ("Q", s) in held]


def has_four_aces(cards) -> bool:
    return sum(1 for c in cards if c.rank == "A") == 4


def marriage_value(suit: str) -> int:
    """Points of the marriage of ``suit`` (a suit letter or :data:`ACES`)."""
    return ACE_MARRIAGE_VALUE if suit == ACES else MARRIAGE_VALUE[suit]


def marriage_name(suit: str) -> str:
    """The marriage of ``suit`` as a message names it, in the current language ("the hearts marriage", "марьяж ♥";
    "the ace marriage")."""
    if suit == ACES:
        return _("the ace marriage")
    return _("the {suit} marriage", suit=Suit(suit))
