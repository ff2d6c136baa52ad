"""Card notation shared by every game.

Input accepts a rank ``A K Q J 10 9 8 7 6 5 4 3 2`` (``T`` also means 10) followed by a suit
``S H D C`` (or ``♠ ♥ ♦ ♣``), in either case, and ``JK`` for a joker.  Output always uses the
canonical form: ``10H``, ``QS``, ``JK``.

A :class:`Card` is a small immutable value; a :class:`DeckSpec` says which cards a game's deck
holds and how many copies of each.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, NamedTuple

from .errors import InputError

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
JOKER = "JK"


class Card(NamedTuple):
    """A playing card: ``rank`` in :data:`RANKS` (or ``"JK"``), ``suit`` in :data:`SUITS` (``""`` for a joker).

    A named tuple: immutable, hashable and cheap to compare, which the replay loops rely on.
    """

    rank: str
    suit: str

    def __str__(self) -> str:
        return self.rank + self.suit

    def __repr__(self) -> str:
        return self.rank + self.suit


def parse_suit(text: str) -> str:
    """Return the canonical suit letter for ``text`` or raise :class:`ValueError`."""
    if not isinstance(text, str):
        raise ValueError("a suit must be a string")
    t = text.strip()
    if t in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[t]
    u = t.upper()
    if u in SUITS:
        return u
    raise ValueError(f"{text!r} is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣)")


def parse_card(text: object) -> Card:
    """Parse one card in the notation above; raise :class:`ValueError` with the reason."""
    if not isinstance(text, str):
        raise ValueError("a card must be a string such as '10H' or 'QS'")
    return _parse_card(text)


@lru_cache(maxsize=1024)
def _parse_card(text: str) -> Card:
    if text != text.strip():
        raise ValueError(f"{text!r} has spaces around it: write the card alone, e.g. '10H'")
    if text.upper() == JOKER:
        return Card(JOKER, "")
    head = text[:2] if text[:2] == "10" else text[:1].upper()
    rank = "10" if head == "T" else head
    if rank not in RANKS:
        raise ValueError(f"{text!r} has no valid rank (A K Q J 10 9 8 7 6 5 4 3 2, T for 10)")
    rest = text[len(head):]
    if len(rest) != 1:
        raise ValueError(f"{text!r} is not a card: after the rank {rank} comes one suit (S H D C or ♠ ♥ ♦ ♣)")
    try:
        s = parse_suit(rest)
    except ValueError:
        raise ValueError(f"{text!r} has no valid suit (S H D C or ♠ ♥ ♦ ♣)") from None
    return Card(rank, s)


@dataclass(frozen=True)
class DeckSpec:
    """Which cards a deck holds: ``ranks`` × ``SUITS`` with ``copies`` of each, plus ``jokers``."""

    name: str
    ranks: tuple[str, ...]
    copies: int = 1
    jokers: int = 0

    def holds(self, card: Card) -> bool:
        if card.rank == JOKER:
            return self.jokers > 0
        return card.rank in self.ranks

    def cards(self) -> list[Card]:
        """Every physical card of the deck, copies included."""
        out = [Card(r, s) for _ in range(self.copies) for s in SUITS for r in self.ranks]
        out += [Card(JOKER, "")] * self.jokers
        return out

    def max_copies(self, card: Card) -> int:
        if card.rank == JOKER:
            return self.jokers
        return self.copies if card.rank in self.ranks else 0

    @property
    def size(self) -> int:
        return len(self.ranks) * 4 * self.copies + self.jokers


def parse_cards(values: object, deck: DeckSpec, where: str) -> list[Card]:
    """Parse a list of card strings that must all belong to ``deck``.

    ``where`` is the JSON pointer of the list; errors point at each bad element.
    Raises :class:`InputError` listing every bad card.
    """
    if not isinstance(values, list):
        raise InputError("expected a list of cards", where)
    out: list[Card] = []
    errors = []
    for i, v in enumerate(values):
        try:
            c = parse_card(v)
        except ValueError as e:
            errors.append({"pointer": f"{where}/{i}", "detail": str(e)})
            continue
        if not deck.holds(c):
            errors.append({"pointer": f"{where}/{i}",
                           "detail": f"{c} is not in the {deck.name} deck"})
            continue
        out.append(c)
    if errors:
        raise InputError(errors)
    return out


def check_conservation(groups: Iterable[tuple[str, list[Card]]], deck: DeckSpec,
                       rule: str = "", exact: bool = False) -> None:
    """Check that no card appears more often than ``deck`` holds it.

    ``groups`` yields ``(pointer, cards)`` pairs.  With ``exact`` every card of the deck must
    appear exactly as often as the deck holds it.  Raises :class:`InputError` pointing at the
    first surplus copy of each card (and, with ``exact``, naming missing cards).
    """
    seen: Counter = Counter()
    errors = []
    for ptr, cards in groups:
        for i, c in enumerate(cards):
            seen[c] += 1
            if seen[c] > deck.max_copies(c):
                n = deck.max_copies(c)
                errors.append({"pointer": f"{ptr}/{i}",
                               "detail": f"{c} appears more often than the {deck.name} deck holds it "
                                         f"({n} {'copy' if n == 1 else 'copies'})"
                                         + (f" [{rule}]" if rule else "")})
    if errors:
        raise InputError(errors)
    if exact:
        missing = [c for c in dict.fromkeys(deck.cards()) if seen[c] < deck.max_copies(c)]
        if missing:
            raise InputError(f"cards missing from the deal: {', '.join(map(str, missing))}"
                             + (f" [{rule}]" if rule else ""), "")
