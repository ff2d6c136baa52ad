"""The discard pile of Canasta: what froze it, for whom it is frozen, and a discarded wild card's block with its
lapse (canasta/5.1, 1.6).  The one home of these rules: the deal state (:mod:`.deal`) discards onto it and passes the
turn through it, and a pile a position describes is built here (:func:`described`, for the position builder
:mod:`.parse`) by replaying its discards through the same methods, so the block lapses by one mechanism only.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import JOKER, Card
from ..common import UNSAID
from ..errors import InputError
from ..i18n import _
from .cards import count_off, is_black_three, is_red_three, is_wild
from .options import Options

if TYPE_CHECKING:       # the request record of a described pile (the schemas' layer: read here, never imported)
    from schemas.canasta_records import PileView

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
    @property
    def hidden(self) -> int:
        """The pile's cards out of view: none when its cards are known, all but the top otherwise."""
        return self.size - (len(self.cards) if self.cards is not None else int(self.top is not None))

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


# ---------------------------------------------------------------- a pile built from its description

def described(raw: PileView, opts: Options, seats: list[str], to_act: str) -> Pile:
    """The pile a position describes (canasta/5.1, 1.6): its cards (bottom to top), or its top, size and what froze
    it, built as a :class:`Pile` with ``seats`` in turn order and ``to_act`` the player in turn (a block's
    discarder); InputError where the description disagrees with itself, the cards or the options."""
    if raw.cards is None and raw.top is UNSAID and raw.size is None:
        raise InputError(_("give the pile by its top card, its size and what froze it, or by its cards from bottom "
                           "to top; an empty pile has size 0"), "/position/pile")
    if raw.cards is not None:
        pile = _of_cards(raw, opts, seats, to_act)
    else:
        pile = _of_top(raw, opts, seats, to_act)
    _freeze_fits(raw, pile, opts)
    return pile


def _of_cards(raw: PileView, opts: Options, seats: list[str], to_act: str) -> Pile:
    """A pile given card by card: a red three only among the cards turned up at the deal (canasta/1.6), its top
    and size, where given too, agreeing with the cards."""
    cards = raw.cards
    assert cards is not None            # a pile given by its cards
    cover = opts.black_three_upcard == "cover"
    for k, c in enumerate(cards):
        if is_red_three(c) and not opts.pile_count_off and \
                not all(_turned_over(x, cover) for x in cards[:k]):
            raise InputError(_("a red three lies in the pile only as an upcard, under the cards turned onto it"
                               ": nobody discards one"), f"/position/pile/cards/{k}")
    pile = Pile.of_cards(cards, _upcards(raw, cards, opts), wild_block=opts.wild_block,
                         black_three_freezes=opts.black_three_freezes, seats=seats, to_act=to_act)
    got = raw.top
    if got is not None and got is not UNSAID and (
            pile.top is None or not (got == pile.top or (got.rank == pile.top.rank and not got.suit))):
        raise InputError(_("the top card disagrees with the pile's cards"), "/position/pile/top")
    if raw.size is not None and raw.size != pile.size:
        raise InputError(_("the pile's size disagrees with its cards"), "/position/pile/size")
    return pile


def _of_top(raw: PileView, opts: Options, seats: list[str], to_act: str) -> Pile:
    """A pile given by its top card and size (an empty pile has no top; a wild card on top has frozen it)."""
    size = raw.size
    top = raw.top if raw.top is not UNSAID else None
    if size is None:
        size = 1 if top is not None else 0
    if top is None and size != 0:            # at what is missing: the top of a pile with cards, or its size
        raise InputError(_("a pile with cards in it has a top card: say which"), "/position/pile/top")
    if top is not None and size == 0:
        raise InputError(_("the top card {card} is in the pile, so the pile holds at least 1 card, not 0", card=top),
                         "/position/pile/size")
    fb = raw.frozen_by if raw.frozen_by is not UNSAID else None
    if raw.frozen_by is UNSAID and top is not None and is_wild(top):
        fb = "wild"                  # a wild card on top is in the pile: it is frozen, certainly
    pile = Pile.of_top(top, size, fb, wild_block=opts.wild_block, seats=seats, to_act=to_act)
    return pile


def _freeze_fits(raw: PileView, pile: Pile, opts: Options) -> None:
    """What the description says froze the pile agrees with its cards and the options (canasta/5.1, 1.6): the
    start under pile_frozen_at_start, a wild card on top, a black three only where black threes freeze, no red
    three on top, nothing in an empty pile or a one-card pile that does not itself freeze it."""
    fb_given = raw.frozen_by if raw.frozen_by is not UNSAID else pile.frozen_by
    if fb_given == "start":
        if not opts.pile_frozen_at_start:
            raise InputError(_("the pile starts frozen only in a game played that way"),
                             "/position/pile/frozen_by")
        if pile.frozen_by is None:
            pile.frozen_by = "start"
    if fb_given != pile.frozen_by:
        raise InputError(_("what froze the pile disagrees with its cards ({what} froze it)", what=pile.frozen_by)
                         if pile.frozen_by else _("what froze the pile disagrees with its cards (nothing froze it)"),
                         "/position/pile/frozen_by")
    if pile.top is not None and is_wild(pile.top) and pile.frozen_by is None:
        raise InputError(_("a wild card on top lies in the pile, which it freezes"),
                         "/position/pile/frozen_by")
    if pile.frozen_by == "black_three" and not opts.black_three_freezes:
        raise InputError(_("a black three does not freeze the pile in this game"),
                         "/position/pile/frozen_by")
    if raw.frozen is not None and raw.frozen != (pile.frozen_by is not None):
        raise InputError(_("whether a wild card or red three in the pile froze it goes with what froze it: give "
                           "both (a pile frozen only because the side has not melded needs neither)"),
                         "/position/pile/frozen")
    if pile.top is not None and is_red_three(pile.top):
        raise InputError(_("a red three never lies on top of the pile: as the upcard it is covered "
                           "and nobody discards one"), "/position/pile")
    if pile.cards is None and pile.frozen_by not in (None, "start") and (
            pile.size == 0 or (pile.size == 1 and not (pile.frozen_by == "wild" and pile.top is not None
                                                       and is_wild(pile.top)))):
        raise InputError(_("an empty pile, or a pile of one card that does not itself freeze it, cannot be frozen "
                           "by a card in it"), "/position/pile/frozen_by")


def _turned_over(c: Card, cover: bool) -> bool:
    """A card turned up at the deal that another card covers: a wild card, a red three, or a black three under
    option black_three_upcard cover (canasta/1.6)."""
    return is_wild(c) or is_red_three(c) or (cover and is_black_three(c))


def _upcards(raw: PileView, cards: list[Card], opts: Options) -> int:
    """How many cards at the bottom of a described pile were turned up at the deal (canasta/1.6); 0 once the pile
    has been taken.  Given as ``upcards``, or read from the cards: a red three lies only among them, so a pile
    holding one was never taken, and its deal cards are the wild cards and threes at the bottom and the natural card
    on them.  Under a round's block (canasta/5.1) a wild card at the bottom of a pile without a red three may be
    either turned up (it freezes the pile) or discarded (it blocks it for a round): ``upcards`` must say which."""
    ptr = "/position/pile/upcards"
    cover = opts.black_three_upcard == "cover"
    natural = next((k for k, c in enumerate(cards) if not _turned_over(c, cover)), None)
    start = None if natural is None or opts.upcard_replaced and natural else natural + 1   # never taken: these
    reds = not opts.pile_count_off and any(is_red_three(c) for c in cards)
    given = raw.upcards
    if given is not None:
        if given > len(cards):
            raise InputError(_("how many cards at the bottom of the pile the deal turned up: from 0 (the pile has "
                               "been taken since) to {n}", n=len(cards)), ptr)
        if given and not opts.pile_count_off and given != start:
            raise InputError(_("the cards turned up at the deal are the upcard and the wild cards or threes under "
                               "it: {n} here", n=start) if start else
                             _("these cards cannot all have been turned up at the deal: the last one turned up is a "
                               "natural card"), ptr)
        if reds and not given:
            raise InputError(_("a red three lies in the pile only among the cards turned up at the deal, so this "
                               "pile was never taken"), ptr)
        return given
    if reds:
        if start is None:
            raise InputError(_("the cards turned up at the deal end with a natural card, which covers the red three"
                               ""), "/position/pile/cards")
        return start
    if start and opts.wild_block != "until_taken" and any(is_wild(c) for c in cards[:start]):
        raise InputError(_("the pile begins with a wild card, turned up at the deal or discarded after the pile was "
                           "taken, and only a discarded one blocks it for a round: say how many cards the deal turned "
                           "up (0 when the pile has been taken since)"), ptr)
    return 0


def upcard_faults(cards: list[Card], opts: Options, ptr: str) -> list[tuple[str, str, str]]:
    """What is wrong with the cards a deal turns up to start the pile (``cards`` at ``ptr``, bottom first;
    canasta/1.6), as ``(rule, words, pointer)``: a wild card or a three is covered by the next card
    (:func:`_turned_over`) and a natural upcard ends the turning; under upcard_replaced a wild card or three goes back
    and the pile starts with one natural card; Italian (pile_count_off), the upcard's count is counted off under
    it."""
    faults = []
    if opts.pile_count_off and len(cards) - 1 != count_off(cards[-1]):
        faults.append(("canasta/1.6", _("the upcard {card} has {want} cards counted off under it, not {n}",
                                        card=cards[-1], want=count_off(cards[-1]), n=len(cards) - 1), ptr))
    bad = next((k for k, c in enumerate(cards) if is_wild(c) or c.rank == "3"), None)
    if opts.upcard_replaced and (bad is not None or len(cards) != 1):
        faults.append(("canasta/1.6", _("the pile starts with one natural card: a wild card or a three turned up "
                                        "goes back into the pack and another card is turned"),
                       f"{ptr}/{bad if bad is not None else 1}"))
    if opts.pile_count_off or opts.upcard_replaced:
        return faults
    natural = next((k for k, c in enumerate(cards) if not _turned_over(c, opts.black_three_upcard == "cover")), None)
    if natural is None:
        faults.append(("canasta/1.6", _("{card} turned up is covered by the next stock card", card=cards[-1]),
                       f"{ptr}/{len(cards) - 1}"))
    elif natural != len(cards) - 1:
        faults.append(("canasta/1.6", _("{card} is a natural upcard: no more cards are turned onto it",
                                        card=cards[natural]), f"{ptr}/{natural + 1}"))
    return faults
