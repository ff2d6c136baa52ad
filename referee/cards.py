"""Card notation shared by every game.

Input accepts a rank ``A K Q J 10 9 8 7 6 5 4 3 2`` (``T`` also means 10) followed by a suit
``S H D C`` (or ``♠ ♥ ♦ ♣``), in either case, and ``JK`` for a joker.  The Russian notation is accepted
too: ranks ``Т`` (туз), ``К``, ``Д``, ``В`` and the numbers, suits ``п`` (пики), ``ч`` (червы), ``б`` (бубны),
``т`` or ``к`` (трефы, крести), in either case, and ``Дж`` for a joker: ``Дб`` is QD, ``Тк`` AC, ``10ч`` 10H.
A card is written in one alphabet: ``Тs`` (a Cyrillic ace or a Latin ten?) is refused, not guessed.
Output always uses the canonical form: ``10H``, ``QS``, ``JK``; messages show cards in the language of the
answer (:meth:`Card.show`: ``QS`` in English, ``Д♠`` in Russian).

A :class:`Card` is a small immutable value; a :class:`DeckSpec` says which cards a game's deck
holds and how many copies of each.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from .errors import InputError
from .i18n import DEFAULT_LANGUAGE, RANK_TEXT, Rank, Suit, _, ngettext, rank_text

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
JOKER = "JK"
# the Russian notation (upper case; either case is read): туз, король, дама, валет; пики, червы, бубны, трефы/крести
RU_RANKS = {letter: rank for rank, letter in RANK_TEXT["ru"].items() if rank != "JK"}   # {"Т": "A", "К": "K", …}
RU_SUITS = {"П": "S", "Ч": "H", "Б": "D", "Т": "C", "К": "C"}
RU_JOKER = "ДЖ"
RU_SUIT_LETTER = {"S": "п", "H": "ч", "D": "б", "C": "к"}   # how a Russian player writes the suit of a card
LATIN_LETTERS = frozenset("AKQJTSHDC")


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

    def show(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The card as a message in ``lang`` shows it: ``QS`` in English, ``Д♠`` in Russian (a rank alone, as
        Canasta allows for 4 to A, stays a rank)."""
        if lang == DEFAULT_LANGUAGE:
            return str(self)
        return rank_text(self.rank, lang) + Suit.SYMBOLS.get(self.suit, "")

    def word(self, lang: str, spec: str) -> str:
        """The card inside a sentence, where players name it: a joker or a rank alone (Canasta's «К») in words, in
        case ``spec`` (Russian «не хватает джокера», see :class:`referee.i18n.Rank`); a card of a suit keeps its sign
        (К♠)."""
        if self.suit:
            return self.show(lang)
        return Rank(self.rank).word(lang, spec)


def parse_suit(text: object) -> str:
    """Return the canonical suit letter for ``text`` (``S H D C``, a symbol, or Russian ``п ч б т к``) or raise
    :class:`ValueError`."""
    if not isinstance(text, str):
        raise ValueError(_("a suit must be a string"))
    t = text.strip()
    if t in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[t]
    u = t.upper()
    if u in SUITS:
        return u
    if u in RU_SUITS:
        return RU_SUITS[u]
    raise ValueError(_("{text} is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣; or п ч б т к)", text=repr(text)))


def _script(ch: str) -> str:
    """``latin`` or ``cyrillic`` for a letter of the card notations, ``""`` for a digit or a symbol."""
    if ch.upper() in LATIN_LETTERS:
        return "latin"
    if "\u0400" <= ch <= "\u04ff":
        return "cyrillic"
    return ""


def parse_rank(text: str) -> str | None:
    """The canonical rank of ``text`` (``A``, ``10``, ``Д``, ``т``, ``T``…), or None if it names no rank."""
    u = text.upper()
    if u == "T":
        return "10"
    if u in RANKS:
        return u
    return RU_RANKS.get(u)


def parse_card(text: object) -> Card:
    """Parse one card in the notation above; raise :class:`ValueError` with the reason (in the current
    language)."""
    if not isinstance(text, str):
        raise ValueError(_("a card must be a string such as '10H' or 'QS'"))
    return _parse_card(text)


@lru_cache(maxsize=1024)
def _parse_card(text: str) -> Card:
    """The card ``text`` names (the cache holds only cards: a fault is raised anew, in the current language)."""
    if text != text.strip():
        raise ValueError(_("{text} has spaces around it: write the card alone, e.g. '10H'", text=repr(text)))
    if text.upper() in (JOKER, RU_JOKER):
        return Card(JOKER, "")
    head = text[:2] if text[:2] == "10" else text[:1]
    rank = parse_rank(head)
    if rank is None:
        raise ValueError(_("{text} has no valid rank (A K Q J 10 9 8 7 6 5 4 3 2, T for 10; or Т К Д В)",
                           text=repr(text)))
    rest = text[len(head):]
    if len(rest) != 1:
        raise ValueError(_("{text} is not a card: after the rank {rank} comes one suit (S H D C or ♠ ♥ ♦ ♣; or п ч б т "
                           "к)", text=repr(text), rank=head))
    try:
        s = parse_suit(rest)
    except ValueError:
        raise ValueError(_("{text} has no valid suit (S H D C or ♠ ♥ ♦ ♣; or п ч б т к)", text=repr(text))) from None
    scripts = {_script(head[0]), _script(rest)} - {""}
    if len(scripts) > 1:
        raise ValueError(_("{text} mixes Latin and Russian letters: write {latin} or {russian}, not a mixture",
                           text=repr(text), latin=rank + s, russian=rank_text(rank, "ru") + RU_SUIT_LETTER[s]))
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

    def show(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The deck as a message names it: its name in English ("Thousand 24-card"), its size elsewhere."""
        if lang == DEFAULT_LANGUAGE:
            return self.name
        return ngettext("a deck of {n} card", "a deck of {n} cards", self.size)


def parse_cards(values: object, deck: DeckSpec, where: str) -> list[Card]:
    """Parse a list of card strings that must all belong to ``deck``.

    ``where`` is the JSON pointer of the list; errors point at each bad element.
    Raises :class:`InputError` listing every bad card.
    """
    if not isinstance(values, list):
        raise InputError(_("expected a list of cards"), where)
    known = _deck_cards(deck)
    try:            # every text already met as a card of this deck (nearly every list): no parsing at all
        return [known[v] for v in values]
    except (KeyError, TypeError):
        pass
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
                           "detail": _("{card} is not in the {deck} deck", card=c, deck=deck)})
            continue
        out.append(c)
        if len(known) < _KNOWN_MAX and type(v) is str:
            known[v] = c
    if errors:
        raise InputError(errors)
    return out


def known_card(value: object, deck: DeckSpec) -> Card | None:
    """The card ``value`` names if :func:`parse_cards` has already read this text as a card of ``deck`` (the same
    value it gives), else None: the caller then parses it, with its errors."""
    return _deck_cards(deck).get(value) if type(value) is str else None


# per deck, the texts met that name one of its cards (``10H``, ``TH``, ``10♥``, ``10ч``: a few hundred spellings
# at most, and bounded anyway), each with its Card: the same value parse_card gives
_KNOWN: dict[int, tuple[DeckSpec, dict[str, Card]]] = {}
_KNOWN_MAX = 2048


def _deck_cards(deck: DeckSpec) -> dict[str, Card]:
    entry = _KNOWN.get(id(deck))
    if entry is None or entry[0] is not deck:
        entry = _KNOWN[id(deck)] = (deck, {})
    return entry[1]


def _copies(deck: DeckSpec) -> dict[Card, int]:
    """How many copies of each of its cards ``deck`` holds (cards it does not hold are left out)."""
    entry = _COPIES.get(id(deck))
    if entry is None or entry[0] is not deck:
        entry = _COPIES[id(deck)] = (deck, {c: deck.max_copies(c) for c in deck.cards()})
    return entry[1]


_COPIES: dict[int, tuple[DeckSpec, dict[Card, int]]] = {}


def check_conservation(groups: Iterable[tuple[str, list[Card]]], deck: DeckSpec,
                       exact: bool = False) -> None:
    """Check that no card appears more often than ``deck`` holds it.

    ``groups`` yields ``(pointer, cards)`` pairs.  With ``exact`` every card of the deck must
    appear exactly as often as the deck holds it.  Raises :class:`InputError` pointing at the
    first surplus copy of each card (and, with ``exact``, naming missing cards).
    """
    groups = groups if isinstance(groups, list) else list(groups)
    # counted at C speed first; only a surplus (or cards not given as a list) is placed card by card below
    seen: Counter = Counter()
    plain = True
    for _ptr, cards in groups:
        if type(cards) is not list and type(cards) is not tuple:
            plain = False
            break
        seen.update(cards)
    copies = _copies(deck)
    if plain and all(copies.get(c, 0) >= n for c, n in seen.items()):
        if exact:       # copies: the deck's cards in the order of deck.cards(), each once, with its copies
            missing = [c for c, n in copies.items() if seen[c] < n]
            if missing:
                raise InputError(_("cards missing from the deal: {cards}", cards=missing), "")
        return
    # a surplus: place each one
    seen = Counter()
    errors = []
    for ptr, cards in groups:
        for i, c in enumerate(cards):
            seen[c] += 1
            if seen[c] > deck.max_copies(c):
                n = deck.max_copies(c)
                errors.append({"pointer": f"{ptr}/{i}",
                               "detail": ngettext("{card} appears more often than the {deck} deck holds it ({n} copy)",
                                                  "{card} appears more often than the {deck} deck holds it "
                                                  "({n} copies)", n, card=c, deck=deck)})
    if errors:
        raise InputError(errors)
    if exact:
        missing = [c for c in dict.fromkeys(deck.cards()) if seen[c] < deck.max_copies(c)]
        if missing:
            raise InputError(_("cards missing from the deal: {cards}", cards=missing), "")


def conservation_faults(groups: Iterable[tuple[str, list[Card]]], deck: DeckSpec,
                        rule: str) -> list[tuple[str, str, str]]:
    """:func:`check_conservation` as a log's deal takes it, where the deal is what is judged: each surplus copy a
    fault ``(rule, message, pointer)`` rather than an error; none when the cards fit ``deck``."""
    try:
        check_conservation(groups, deck)
    except InputError as e:
        return [(rule, err["detail"], err["pointer"]) for err in e.errors]
    return []
