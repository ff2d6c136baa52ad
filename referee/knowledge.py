"""Partial knowledge of a hand: the cards known, how many are unknown, the suits the player is known to lack.

At the table nobody sees the other hands, so ``check`` accepts a hand as ``{"known": [...], "unknown": n,
"void": [suits]}`` (the plain list is a whole hand, as before).  The unknown cards are any cards not accounted for
elsewhere (:attr:`Partial.pool`), outside the void suits.

A play rule that asks what the hand holds of a suit (follow, trump, beat, overtrump) depends only on whether the
hand holds that suit and on its highest card there.  :func:`completions` gives one representative hand for each
possible combination of those facts, for the suits that matter; a state machine judges the play in each, and
:func:`verdict` says whether the known facts decide it (every case the same) or on what it turns: the
``conditions`` (all must hold for the play to be legal), each citing its rule and worded in the players' terms.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import product

from .cards import SUITS, Card, parse_suit
from .errors import IllegalAction, InputError
from .i18n import Suit, _


@dataclass
class Partial:
    """What is known of one hand: ``known`` cards, ``unknown`` more, none of the ``void`` suits; the unknown cards
    come from ``pool`` (the deck less every card accounted for, less the void suits; a list: a double deck holds
    two of a card)."""

    known: list[Card]
    unknown: int
    void: frozenset[str]
    pool: list[Card] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.known) + self.unknown

    def may_hold(self, card: Card) -> bool:
        """Whether ``card`` may be one of the unknown cards."""
        return self.unknown > 0 and card.suit not in self.void and card in self.pool

    def reveal(self, card: Card) -> Partial:
        """The knowledge once ``card`` (one of the unknown cards) is shown."""
        pool = list(self.pool)
        pool.remove(card)
        return Partial(self.known + [card], self.unknown - 1, self.void, pool)


class Undecided(Exception):
    """A verify_* whose verdict turns on unknown cards: ``conditions`` say on what (each ``{"rule", "player", ...,
    "text"}``); the action is legal exactly when all of them hold."""

    def __init__(self, conditions: list[dict]) -> None:
        self.conditions = conditions
        super().__init__(conditions)


def read_hand(value, ptr: str, cards_at: Callable, deck_cards: list[Card]) -> tuple[list[Card], Partial | None]:
    """A hand as the request's schema loaded it: a list (the whole hand) or what is known of it (a record with
    ``known``, ``unknown`` and ``void``: ``schemas.common.PartialHand``, whose shape the schema checked).  Returns the
    known cards and, for the second form, the :class:`Partial` (its pool still the whole deck less the known
    cards: :func:`account` takes out what is seen elsewhere).  ``cards_at(value, ptr)`` reads a list of cards as
    the game does (duplicates refused)."""
    if isinstance(value, list):
        return cards_at(value, ptr), None
    known = cards_at(value.known, f"{ptr}/known")
    void: set[str] = set()
    for i, s in enumerate(value.void):
        try:
            suit = parse_suit(s)
        except ValueError as e:
            raise InputError(str(e), f"{ptr}/void/{i}") from None
        if suit in void:            # "D" and "Б" name one suit: said twice, it says nothing twice over
            raise InputError(_("the suits lacked name {suit} twice", suit=Suit(suit)),
                             f"{ptr}/void/{i}")
        held = [c for c in known if c.suit == suit]
        if held:
            raise InputError(_("the player is said to have no {suit}, but holds {card}", suit=Suit(suit),
                               card=held[0]), f"{ptr}/void/{i}")
        void.add(suit)
    pool = list(deck_cards)
    for c in known:
        if c in pool:       # a card known more often than the deck holds it is the caller's 422
            pool.remove(c)
    return known, Partial(known, value.unknown, frozenset(void), pool)


def account(part: Partial, seen: Iterable[Card], ptr: str) -> Partial:
    """Take the cards ``seen`` elsewhere (the table, the talon, other hands) out of the pool, and check that the
    pool can supply the unknown cards outside the void suits (422 at ``ptr/unknown`` otherwise).  A card seen
    elsewhere that is also known in the hand is the caller's 422 (it knows which field to point at)."""
    pool = list(part.pool)
    for c in seen:
        if c in pool:
            pool.remove(c)
    pool = [c for c in pool if c.suit not in part.void]
    if part.unknown > len(pool):
        raise InputError(_("only {n} cards not seen elsewhere could be in this hand, not {unknown}", n=len(pool),
                           unknown=part.unknown), f"{ptr}/unknown")
    return Partial(part.known, part.unknown, part.void, pool)


def completions(part: Partial, suits: Iterable[str], strength: Callable[[Card], int]):
    """One representative hand for each possible combination of, for every suit in ``suits``, the hand's highest
    card of that suit (or None: the hand holds none).  Yields ``(tops, hand)``: ``tops`` maps each suit to that
    card."""
    suits = [s for s in dict.fromkeys(suits) if s in SUITS]
    choices = []
    for s in suits:
        own = [c for c in part.known if c.suit == s]
        top = max(own, key=strength) if own else None
        opts: list[Card | None] = [None]      # no unknown card of the suit raises the hand's highest
        if s not in part.void:
            seen = set()
            for c in part.pool:
                if c.suit == s and c not in seen and (top is None or strength(c) > strength(top)):
                    seen.add(c)
                    opts.append(c)
        choices.append((s, top, opts))
    for picks in product(*(o for _s, _t, o in choices)):
        tops: dict[str, Card | None] = {}
        extra: list[Card] = []
        rest = list(part.pool)
        for (s, top, _o), pick in zip(choices, picks):
            tops[s] = pick if pick is not None else top
            if pick is not None:
                extra.append(pick)
                rest.remove(pick)
        if len(extra) > part.unknown:
            continue
        # filler: cards of no suit that matters first, then cards of a suit that matters below its highest
        fill = [c for c in rest if c.suit not in tops]
        fill += [c for c in rest if c.suit in tops and (high := tops[c.suit]) is not None
                 and strength(c) < strength(high)]
        need = part.unknown - len(extra)
        if len(fill) < need:
            continue
        yield tops, part.known + extra + fill[:need]


def verdict(cases: list[tuple[dict, IllegalAction | None]], player: str, tables: dict[str, Card | None],
            rules: Callable[[str, str], str], strength: Callable[[Card], int]):
    """Judge a play from its cases (``(tops, fault or None)``, one per representative hand).  Returns the fault
    (illegal whatever the unknown cards), None (legal whatever they are), or raises :class:`Undecided` with the
    conditions.  ``tables`` maps a suit that matters to the highest card of it on the table (what "beat" means),
    ``rules(suit, kind)`` names the rule a condition on that suit cites (kind ``"suit"`` or ``"higher"``)."""
    faults = [f for _t, f in cases if f is not None]
    if not faults:
        return None
    if len(faults) == len(cases):
        return faults[0]
    legal = [t for t, f in cases if f is None]
    conditions = []
    for s in cases[0][0]:
        every = {t[s] for t, _f in cases}
        ok = {t[s] for t in legal}
        if ok == every:
            continue
        cond = _describe(s, ok, every, tables.get(s), strength)
        if cond is None:
            return _fallback(cases, player)
        kind, card = cond
        c = {"rule": rules(s, "higher" if card is not None else "suit"), "player": player}
        if kind == "lacks":
            c |= {"lacks_suit": s} if card is None else {"lacks_higher_than": str(card)}
            c["text"] = (_("legal only if {player} holds no {suit}", player=player, suit=Suit(s)) if card is None else
                         _("legal only if {player} holds no {suit} higher than {card}", player=player, suit=Suit(s),
                           card=card))
        else:
            c |= {"holds_suit": s} if card is None else {"holds_higher_than": str(card)}
            c["text"] = (_("legal only if {player} holds a card of {suit}", player=player, suit=Suit(s))
                         if card is None else
                         _("legal only if {player} holds a {suit} higher than {card}", player=player, suit=Suit(s),
                           card=card))
        conditions.append(c)
    # the conditions describe a product of per-suit sets: check that the legal cases are exactly that product
    for t, f in cases:
        inside = all(_meets(c, t, strength) for c in conditions)
        if inside != (f is None):
            return _fallback(cases, player)
    raise Undecided(conditions)


def _describe(s: str, ok: set, every: set, table: Card | None, strength):
    """``("lacks" | "holds", card or None)`` describing the set ``ok`` of the suit's highest cards among ``every``,
    or None when no such phrase fits."""
    if ok == {None}:
        return "lacks", None
    if ok == every - {None}:
        return "holds", None
    if table is not None:
        low = {t for t in every if t is None or strength(t) <= strength(table)}
        if ok == low:
            return "lacks", table
        if ok == every - low:
            return "holds", table
    return None


def _meets(c: dict, tops: dict, strength) -> bool:
    if "lacks_suit" in c:
        return tops[c["lacks_suit"]] is None
    if "holds_suit" in c:
        return tops[c["holds_suit"]] is not None
    key = "lacks_higher_than" if "lacks_higher_than" in c else "holds_higher_than"
    ref = c[key]
    suit = next(s for s in tops if ref.endswith(s))
    top = tops[suit]
    above = top is not None and strength(top) > strength(Card(ref[:-1], suit))
    return not above if key == "lacks_higher_than" else above


def _fallback(cases, player: str):
    """No phrase describes the cases: the first fault stands for the play being undecided."""
    f = next(f for _t, f in cases if f is not None)
    raise Undecided([{"rule": f.rule, "player": player,
                      "text": _("legal only if the cards {player} holds allow it", player=player)}])
