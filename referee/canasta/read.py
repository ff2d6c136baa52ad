"""Canasta: what every reader of a request's typed records (:mod:`schemas.canasta`) needs: the consistency checks
as a table (:func:`refuse`), the cards seen against the deck (:class:`Tally`), a side's melds on the table checked as
melds (:func:`side_melds_of`) and the cards an event brings into view."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..cards import JOKER, Card, DeckSpec
from ..common import NOT_A_PLAYER, not_a_player, written_otherwise
from ..errors import InputError, tell
from ..i18n import N_, Rank, _
from .deal import natural_rank
from .melds import MeldFault, classify, excess_wilds, meld_ok, without_wilds
from .options import Options, OptionsLike

if TYPE_CHECKING:       # the request records (the schemas' layer: read here, never imported at run time)
    from schemas.canasta_records import (
        Event,
    )


def faults(*checks: tuple[Any, ...]) -> list[dict]:
    """The consistency checks of a request, as data, in the order they are told: each ``(broken, words, params,
    pointer)``, or ``(given, allowed, ..., words, params, pointer)`` for something said (a field, a flag, a count)
    that is allowed only where one of the ``allowed`` holds (an option the game plays, a phase, a side that has
    melded): broken when given and none allowed.  Every check broken, as a problem ``{"pointer", "detail"}``, its
    words (a message id) in the request's language."""
    return [{"pointer": ptr, "detail": _said(words, params)}
            for given, *allowed, words, params, ptr in checks if given and not any(allowed)]


# what a side id that is not one of the sides is told, the sides listed
NOT_A_SIDE = N_("{name} is not one of the sides ({sides})")


def _said(words: str, params: dict[str, Any]) -> str:
    """``words`` in the request's language with ``params``; a name that is not one of the players or of the sides
    (its ``value`` given) told as :func:`referee.common.not_a_player` tells it: one written otherwise than a
    player's or a side's name (another case, a look-alike letter) is told so."""
    if words == NOT_A_PLAYER and "value" in params:
        return not_a_player(params["value"], params["players"])
    if words == NOT_A_SIDE and "value" in params:
        same = written_otherwise(params["value"], list(params["sides"]))
        if same is not None:
            return _("{name} is written otherwise than the side {side} (in other characters or letter case): write "
                     "it as the sides write it", name=repr(params["value"]), side=repr(same))
    return _(words, **params)


def refuse(*checks: tuple[Any, ...]) -> None:
    """InputError at the first of ``checks`` (rows as :func:`faults` reads them) that is broken: checks where a
    later one may follow from an earlier (a name, then what the name is), told one at a time."""
    tell(faults(*checks)[:1])


NO: dict[str, object] = {}    # a check's words without parameters


def holds_deal(n: int, least: int, opts: Options) -> bool:
    """Whether ``n`` cards can be the hand of a player whose side never melded, who holds ``least`` cards (his
    deal, with the cards drawn this turn): exactly those where the game draws one card a turn (draw one, discard
    one), at least those where it draws more (canasta/1.5)."""
    return n == least or (n > least and opts.draw_count != 1)


class Tally:
    """Copies of each card seen so far, against what the packs hold (canasta/1.2): 2 (3) of each suited card,
    8 (12) of a rank, 4 (6) jokers.  :meth:`add` returns the problems the new cards cause."""

    def __init__(self, deck: DeckSpec, rule: str = "canasta/1.2") -> None:
        self.deck, self.rule = deck, rule
        self.limits = {JOKER: deck.jokers}      # a rank not held four times per copy: the jokers
        self.exact: Counter = Counter()
        self.by_rank: Counter = Counter()

    def add(self, ptr: str, cards: list[Card], single: bool = False) -> list[dict]:
        """Count ``cards`` (at ``ptr``; ``single``: ``ptr`` names one card, not a list)."""
        out = []
        deck = self.deck
        for i, c in enumerate(cards):
            self.by_rank[c.rank] += 1
            self.exact[c] += 1          # a joker's too (only suited cards are looked up)
            limit = self.limits.get(c.rank, deck.copies * 4)
            if c.suit and self.exact[c] > deck.copies:
                detail = _(_MORE_COPIES, card=c, size=deck.size, copies=deck.copies)
            elif self.by_rank[c.rank] > limit:
                detail = _(_MORE_OF.get(c.rank, _MORE_OF_RANK), rank=Rank(c.rank), size=deck.size, limit=limit)
            else:
                continue
            out.append({"pointer": ptr if single else f"{ptr}/{i}", "detail": detail})
        return out

    def add_all(self, groups: list[tuple[str, list[Card]]]) -> list[dict]:
        """Count the cards of ``groups`` (``(pointer, cards)`` pairs), in order: the problems they cause."""
        out = []
        for ptr, cards in groups:
            out += self.add(ptr, cards)
        return out


# what a card beyond the deck is told: a suited card, a joker, a card of a rank
_MORE_COPIES = N_("more copies of {card} than the {size}-card deck holds ({copies})")
_MORE_JOKERS = N_("more jokers than the {size}-card deck holds ({limit})")
_MORE_OF_RANK = N_("more cards of rank {rank} than the {size}-card deck holds ({limit})")
_MORE_OF = {JOKER: _MORE_JOKERS}


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
            if excess is not None and meld_ok(without_wilds(m, over), opts, going_out):   # (none over: not ok)
                excess.append((over, f"{ptr}/{j}"))
                kind = "group"
            else:
                raise InputError(str(e), f"{ptr}/{j}") from None      # the ruling in words (its rule is e.rule)
        key = (kind, natural_rank(m))        # the rank None: the meld of wild cards
        refuse((key in seen, kind not in ONE_A_SIDE, opts.same_rank_melds == "many", ONE_A_SIDE.get(kind),
                {"rank": Rank(key[1])}, f"{ptr}/{j}"))
        seen.add(key)
        kinds.append(kind)
    return kinds


# the melds a side has one of (unless option same_rank_melds is many), and what a second one is told
ONE_A_SIDE = {"group": N_("a side has one meld of each rank: {rank} is melded twice"),
              "wild": N_("a side has one meld of wild cards")}


def revealed(ev: Event, t: str, ptr: str) -> tuple[str, list[Card]] | tuple[str, list[Card], bool] | None:
    """Cards an event brings into view from the stock (draws and red-three replacements), for conservation."""
    cards = getattr(ev, "cards", None) if t in ("draw", "extra_cards") else None
    if cards is not None:
        return ptr + "/cards", cards
    replacement = getattr(ev, "replacement", None)     # a red_three's alone
    if replacement is not None:
        return ptr + "/replacement", [replacement], True
    return None
