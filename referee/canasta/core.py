"""Classic Canasta: card values, melds and canastas, red threes, the initial-meld minimum and hand scoring.

This is the scoring core of the coming Canasta game (its HTTP endpoints are not served yet).  Every function
names the rule it applies (``canasta/…``, see ``rules.yaml`` beside this file):

* :func:`card_value` (canasta/1.4) and :func:`meld_fault` (canasta/3.1) judge single melds;
* :func:`canasta_kind` (canasta/3.2) tells natural from mixed canastas;
* :func:`red_three_score` (canasta/2.2), :func:`initial_minimum` (canasta/4.1) and
  :func:`initial_count` (canasta/4.2) give the numbers the laws fix;
* :func:`side_score` (canasta/7.1) adds up one side's hand: base (bonuses) and cards.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import JOKER, Card, DeckSpec

DECK = DeckSpec("Canasta 108-card", ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"),
                copies=2, jokers=4)
NATURAL_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
NATURAL_CANASTA, MIXED_CANASTA = 500, 300
GOING_OUT, CONCEALED_GOING_OUT = 100, 200
MAX_WILDS = 3


def is_wild(c: Card) -> bool:
    """Jokers and deuces (canasta/1.3)."""
    return c.rank in (JOKER, "2")


def is_red_three(c: Card) -> bool:
    return c.rank == "3" and c.suit in ("H", "D")


def is_black_three(c: Card) -> bool:
    return c.rank == "3" and c.suit in ("S", "C")


def card_value(c: Card) -> int:
    """Points of one card (canasta/1.4): joker 50; ace and deuce 20; K-8 10; 7-4 and black threes 5.

    A red three has no card value (its bonus or penalty is canasta/2.2).
    """
    if c.rank == JOKER:
        return 50
    if c.rank in ("A", "2"):
        return 20
    if c.rank in ("K", "Q", "J", "10", "9", "8"):
        return 10
    if is_red_three(c):
        return 0
    return 5


def cards_value(cards) -> int:
    return sum(card_value(c) for c in cards)


def meld_fault(cards: list[Card], going_out: bool = False) -> str | None:
    """Why ``cards`` are not a legal meld (canasta/3.1, 2.3), or None.

    A meld is three or more cards of one natural rank with at least two naturals, at most three wild cards,
    and never more wilds than naturals; black threes meld only when going out, three or four of them and no
    wild card; red threes never meld.
    """
    if len(cards) < 3:
        return "a meld has at least three cards"
    if any(is_red_three(c) for c in cards):
        return "red threes are laid out, never melded"
    naturals = [c for c in cards if not is_wild(c)]
    wilds = len(cards) - len(naturals)
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        return "a meld holds cards of one rank (and wild cards); sequences do not count"
    if not ranks:
        return "a meld needs natural cards: wild cards alone do not meld"
    rank = next(iter(ranks))
    if rank == "3":
        if not going_out:
            return "black threes meld only when going out"
        if wilds:
            return "a meld of black threes takes no wild card"
        if len(naturals) not in (3, 4):
            return "black threes meld as three or four"
        return None
    if len(naturals) < 2:
        return "a meld needs at least two natural cards"
    if wilds > MAX_WILDS:
        return f"a meld holds at most {MAX_WILDS} wild cards"
    if wilds > len(naturals):
        return "wild cards may not outnumber the natural cards"
    return None


def canasta_kind(cards: list[Card]) -> str | None:
    """``"natural"`` or ``"mixed"`` for a meld of seven or more cards, else None (canasta/3.2)."""
    if len(cards) < 7:
        return None
    return "mixed" if any(is_wild(c) for c in cards) else "natural"


def red_three_score(n: int, side_has_melded: bool) -> int:
    """Red threes (canasta/2.2): 100 each, 800 for all four; negative for a side that has not melded."""
    if n < 0 or n > 4:
        raise ValueError("a side holds from 0 to 4 red threes")
    value = 800 if n == 4 else 100 * n
    return value if side_has_melded else -value


def initial_minimum(score: int, negative_minimum: int = 15) -> int:
    """Count the side's first meld of a deal needs, by its total before the deal (canasta/4.1)."""
    if score < 0:
        return negative_minimum
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    return 120


def initial_count(melds: list[list[Card]], pile_cards: list[Card] | None = None) -> int:
    """Card points that count toward the initial minimum (canasta/4.2).

    ``melds`` are the melds laid down in the turn.  When the pile was taken, only its top card counts:
    ``pile_cards`` are the other cards of the pile, which are taken out of the count wherever they were
    melded.  Bonuses (canastas, red threes) never count.
    """
    total = sum(cards_value(m) for m in melds)
    if pile_cards:
        total -= cards_value(pile_cards)  # the top card counts like a card from the hand; the rest does not
    return total


@dataclass
class SideScore:
    base: int
    cards: int
    lines: list[dict]

    @property
    def total(self) -> int:
        return self.base + self.cards


def side_score(melds: list[list[Card]], red_threes: int, hands: list[list[Card]], went_out: bool = False,
               concealed: bool = False) -> SideScore:
    """One side's score for a hand (canasta/7.1), with a line per item.

    Base: natural canastas 500, mixed 300 (canasta/3.2), red threes (canasta/2.2), going out 100 or 200
    concealed (canasta/6.2, 6.4).  Cards: the melded cards' values less the values of the cards left in both
    partners' hands (canasta/1.4).  A side that has melded nothing has its red threes counted against it.
    """
    lines = []
    base = 0
    melded = bool(melds)
    for m in melds:
        kind = canasta_kind(m)
        if kind:
            pts = NATURAL_CANASTA if kind == "natural" else MIXED_CANASTA
            base += pts
            lines.append({"item": f"{kind} canasta of {_rank(m)}",
                          "points": pts, "rule": "canasta/3.2"})
    if red_threes:
        pts = red_three_score(red_threes, melded)
        base += pts
        lines.append({"item": f"{red_threes} red three(s)" + ("" if melded else ", the side has not melded"),
                      "points": pts, "rule": "canasta/2.2"})
    if went_out:
        pts = CONCEALED_GOING_OUT if concealed else GOING_OUT
        base += pts
        lines.append({"item": "going out concealed" if concealed else "going out", "points": pts,
                      "rule": "canasta/6.4" if concealed else "canasta/6.2"})
    on_table = sum(cards_value(m) for m in melds)
    in_hand = sum(cards_value(h) for h in hands)
    lines.append({"item": "melded cards", "points": on_table, "rule": "canasta/7.1"})
    if in_hand:
        lines.append({"item": "cards left in hand", "points": -in_hand, "rule": "canasta/7.1"})
    return SideScore(base, on_table - in_hand, lines)


def _rank(meld: list[Card]) -> str:
    return next(c.rank for c in meld if not is_wild(c))
