"""Canasta: what every reader of a request's typed records (:mod:`schemas.canasta`) needs: the consistency checks
as a table (:func:`refuse`), the cards seen against the deck (:class:`Tally`), a side's melds on the table checked as
melds (:func:`side_melds_of`) and the cards an event brings into view."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..cards import JOKER, Card, DeckSpec
from ..errors import InputError
from ..i18n import Rank, _
from .deal import natural_rank
from .melds import MeldFault, classify, excess_wilds, meld_ok, without_wilds
from .options import Options, OptionsLike

if TYPE_CHECKING:       # the request records (the schemas' layer: read here, never imported at run time)
    from schemas.canasta_records import (
        Event,
    )


def refuse(*checks: tuple[object, str, dict, str]) -> None:
    """The consistency checks of a request, as data: each ``(broken, words, params, pointer)``, in the order they
    are told.  InputError at the first that is broken, its words (a message id) in the request's language."""
    for broken, words, params, ptr in checks:
        if broken:
            raise InputError(_(words, **params), ptr)


NO: dict[str, object] = {}    # a check's words without parameters


class Tally:
    """Copies of each card seen so far, against what the packs hold (canasta/1.2): 2 (3) of each suited card,
    8 (12) of a rank, 4 (6) jokers.  :meth:`add` returns the problems the new cards cause."""

    def __init__(self, deck: DeckSpec, rule: str = "canasta/1.2") -> None:
        self.deck, self.rule = deck, rule
        self.exact: Counter = Counter()
        self.by_rank: Counter = Counter()

    def add(self, ptr: str, cards: list[Card], single: bool = False) -> list[dict]:
        """Count ``cards`` (at ``ptr``; ``single``: ``ptr`` names one card, not a list)."""
        out = []
        deck = self.deck
        for i, c in enumerate(cards):
            self.by_rank[c.rank] += 1
            self.exact[c] += 1          # a joker's too (only suited cards are looked up)
            limit_rank = deck.jokers if c.rank == JOKER else deck.copies * 4
            if c.suit and self.exact[c] > deck.copies:
                where = ptr if single else f"{ptr}/{i}"
                out.append({"pointer": where, "detail": _("more copies of {card} than the {size}-card deck holds "
                                                          "({copies})", card=c, size=deck.size,
                                                          copies=deck.copies)})
            elif self.by_rank[c.rank] > limit_rank:
                detail = _("more jokers than the {size}-card deck holds ({limit})", size=deck.size,
                           limit=limit_rank) if c.rank == JOKER else \
                    _("more cards of rank {rank} than the {size}-card deck holds ({limit})", rank=Rank(c.rank),
                      size=deck.size, limit=limit_rank)
                out.append({"pointer": ptr if single else f"{ptr}/{i}", "detail": detail})
        return out


def conservation(groups: list[tuple[str, list[Card]]], deck: DeckSpec, rule: str = "canasta/1.2") -> list[dict]:
    """Problems where the cards of ``groups`` (``(pointer, cards)`` pairs) exceed the deck (see :class:`Tally`)."""
    tally = Tally(deck, rule)
    return [p for ptr, cards in groups for p in tally.add(ptr, cards)]


def side_melds_of(melds: list[list[Card]], opts: OptionsLike, ptr: str, going_out: bool,
                  excess: list | None = None) -> list[str]:
    """Check a side's melds on the table (canasta/3.1–3.4, 2.3): each legal, one group per rank, one meld of
    wild cards.  Returns their kinds.  Melds carrying wild cards over the limit are collected in ``excess``
    (when given) for the irregularity excess_wild_cards (canasta/8.2)."""
    opts = Options.of(opts)
    kinds, seen = [], set()
    for j, m in enumerate(melds):
        try:
            kind = classify(m, opts, going_out=going_out)
        except MeldFault as e:
            over = excess_wilds(m, opts)
            if excess is not None and over and meld_ok(without_wilds(m, over), opts, going_out):
                excess.append((over, f"{ptr}/{j}"))
                kind = "group"
            else:
                raise InputError(str(e), f"{ptr}/{j}") from None      # the ruling in words (its rule is e.rule)
        key = natural_rank(m) if kind == "group" else ("wild" if kind == "wild" else None)
        if key is not None and key in seen and opts.same_rank_melds != "many":
            raise InputError(_("a side has one meld of wild cards") if key == "wild" else
                             _("a side has one meld of each rank: {rank} is melded twice",
                               rank=Rank(key)), f"{ptr}/{j}")
        seen.add(key)
        kinds.append(kind)
    return kinds


def revealed(ev: Event, t: str, ptr: str) -> tuple[str, list[Card]] | tuple[str, list[Card], bool] | None:
    """Cards an event brings into view from the stock (draws and red-three replacements), for conservation."""
    cards = getattr(ev, "cards", None) if t in ("draw", "extra_cards") else None
    if cards is not None:
        return ptr + "/cards", cards
    replacement = getattr(ev, "replacement", None) if t == "red_three" else None
    if replacement is not None:
        return ptr + "/replacement", [replacement], True
    return None
