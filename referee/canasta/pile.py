"""The discard pile of Canasta: what froze it, for whom it is frozen, and a discarded wild card's block with its
lapse (canasta/5.1, 1.6).  The one home of these rules: the deal state (:mod:`.deal`) discards onto it and passes the
turn through it, and the position builder (:mod:`.parse`) builds a described pile by replaying its discards through
the same methods, so the block lapses by one mechanism only.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import JOKER, Card
from .cards import is_black_three, is_red_three, is_wild

# option wild_block: ``until_taken`` (a wild card freezes the pile until it is taken, no block), ``one_round`` (the
# block lapses when its discarder's next turn begins), ``full_round`` (when that turn is over: at his next discard)
UNTIL_TAKEN, ONE_ROUND, FULL_ROUND = "until_taken", "one_round", "full_round"


@dataclass
class Pile:
    """The discard pile.  ``cards`` bottom to top when known; otherwise ``top`` and ``size`` only.

    ``frozen_by`` is what froze it for everybody (``"wild"`` or ``"red_three"``, ``"black_three"`` when black
    threes freeze, ``"start"`` when it starts frozen), or None.

    The block of option wild_block one_round / full_round (canasta/5.1): ``block_owner`` is who discarded the wild
    card that blocks the pile for a round ("" when a described pile does not say who; None: no block),
    ``block_card`` that wild card, ``block_froze`` whether it is what set ``frozen_by`` to ``"wild"`` (the freeze
    goes with the block when it lapses).  ``turned_up``: a described pile never taken since the deal, the cards the
    deal turned up at its bottom (canasta/1.6).
    """

    top: Card | None
    size: int
    frozen_by: str | None = None
    cards: list[Card] | None = None
    block_owner: str | None = None
    block_card: Card | None = None
    block_froze: bool = False
    turned_up: int = 0

    # ------------------------------------------------------------------ building
    @classmethod
    def of_cards(cls, cards: Sequence[Card], upcards: int, *, wild_block: str, black_three_freezes: bool,
                 seats: Sequence[str], to_act: str) -> Pile:
        """A pile described card by card (bottom to top), built as the deal built it: its first ``upcards`` cards
        turned up at the deal (canasta/1.6), every card above them discarded, one a turn, the last by the player
        before ``to_act`` among ``seats`` (the players of the deal in turn order).  The discards and the turns go
        through :meth:`discard` and :meth:`turn_begins`, as in play, so a wild card's block lapses as it does in
        play; the turn of ``to_act`` has begun."""
        pile = cls(None, 0, None, [], turned_up=upcards)
        for c in cards[:upcards]:
            pile.push(c, black_three_freezes)
        n, at = len(seats), list(seats).index(to_act)
        for k in range(upcards, len(cards)):
            discarder = seats[(at - (len(cards) - k)) % n]
            pile.turn_begins(discarder, wild_block)
            pile.discard(cards[k], discarder, wild_block=wild_block, black_three_freezes=black_three_freezes)
        pile.turn_begins(to_act, wild_block)
        return pile

    @classmethod
    def dealt(cls, cards: Sequence[Card], *, black_three_freezes: bool, frozen_at_start: bool) -> Pile:
        """The pile the deal starts (canasta/1.6): ``cards`` turned up, bottom to top; frozen by what they hold,
        or from the start under option pile_frozen_at_start (canasta/5.1)."""
        pile = cls(None, 0, None, [])
        for c in cards:
            pile.push(c, black_three_freezes)
        if frozen_at_start and pile.frozen_by is None:
            pile.frozen_by = "start"
        return pile

    @classmethod
    def of_top(cls, top: Card | None, size: int, frozen_by: str | None, *, wild_block: str,
               seats: Sequence[str], to_act: str) -> Pile:
        """A pile described by its top card, its size and what froze it.  Frozen by a wild card under a round's
        block (wild_block one_round / full_round), the block is the wild card's: on top, its discarder is the
        player before ``to_act``; under other cards, the description does not say who (``block_owner`` "")."""
        pile = cls(top, size, frozen_by, None)
        if frozen_by == "wild" and wild_block != UNTIL_TAKEN:
            pile.block_froze = True
            if top is not None and is_wild(top):
                pile.block_owner, pile.block_card = seats[(list(seats).index(to_act) - 1) % len(seats)], top
            else:
                pile.block_owner = ""
        return pile

    # ------------------------------------------------------------------ play
    def push(self, card: Card, black_three_freezes: bool) -> None:
        """``card`` goes on top; the first wild card or red three (or black three, ``black_three_freezes``) in the
        pile freezes it (canasta/5.1)."""
        self.top = card
        self.size += 1
        if self.cards is not None:
            self.cards.append(card)
        if self.frozen_by is None:
            if is_wild(card):
                self.frozen_by = "wild"
            elif is_red_three(card):
                self.frozen_by = "red_three"
            elif black_three_freezes and is_black_three(card):
                self.frozen_by = "black_three"

    def discard(self, card: Card, player: str, *, wild_block: str, black_three_freezes: bool) -> None:
        """``player`` discards ``card``.  His own wild card's block lapses first (full_round: his turn after it is
        over); a wild card discarded under option wild_block one_round / full_round blocks the pile for a round,
        a later one's round replacing an earlier one's (canasta/5.1)."""
        if self.block_owner == player:
            self.lapse_block()
        unfrozen = self.frozen_by is None
        self.push(card, black_three_freezes)
        if is_wild(card) and wild_block != UNTIL_TAKEN:
            self.block_froze = self.block_froze or (unfrozen and self.frozen_by == "wild")
            self.block_owner, self.block_card = player, card

    def turn_begins(self, player: str, wild_block: str) -> None:
        """``player``'s turn begins: under wild_block one_round the block of the wild card he discarded lapses
        (canasta/5.1: nobody takes the pile before its discarder's next turn)."""
        if self.block_owner == player and wild_block == ONE_ROUND:
            self.lapse_block()

    def lapse_block(self) -> None:
        """The round of a discarded wild card's block is over (canasta/5.1): the wild card no longer blocks the
        pile, nor freezes it if it is what froze it."""
        if self.block_froze and self.frozen_by == "wild":
            self.frozen_by = None
        self.block_owner, self.block_card, self.block_froze = None, None, False

    # ------------------------------------------------------------------ facts
    def frozen_for(self, melded: bool, strict: bool) -> bool:
        """Whether the pile is frozen for a side (canasta/5.1): frozen for everybody, or the side has not melded
        (``melded`` False), or always (``strict``: option strict_pile)."""
        return self.frozen_by is not None or not melded or strict

    @property
    def blocked_by_joker(self) -> bool:
        """The wild card that blocks the pile is a joker (else a two, or not known)."""
        return self.block_card is not None and self.block_card.rank == JOKER

    def block_fact(self) -> dict | None:
        """The round's block on the pile (canasta/5.1), apart from what froze it: ``{"discarder", "card"}``, each
        None when a pile described by its top and size does not say; None without a block."""
        if self.block_owner is None:
            return None
        return {"discarder": self.block_owner or None, "card": str(self.block_card) if self.block_card else None}
