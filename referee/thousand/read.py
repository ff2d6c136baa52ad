"""Thousand: what every reader of a request's typed records (:mod:`schemas.thousand`) needs: the fields a record
was given, and the deck's check of the cards the schema has read (the deck is the game's, so the schema leaves it)."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from itertools import cycle, islice
from typing import TYPE_CHECKING, Any

from ..cards import Card, parse_card
from ..errors import InputError, tell
from ..i18n import _
from .cards import DECK

if TYPE_CHECKING:
    from .deal import Layout


def given(record: Any) -> dict[str, Any]:
    """The fields of ``record`` that the request gave (not None), as a dict (for the shared helpers that read one)."""
    return {f.name: v for f in dataclasses.fields(record) if (v := getattr(record, f.name)) is not None}


def unread(card: Card) -> str | None:
    """Why ``card`` names no card: a log's text kept as written (``schemas.thousand.UnreadCard``, refused where the
    replay reads it), else None."""
    try:
        parse_card(str(card))
    except ValueError as e:
        return str(e)
    return None


def in_deck(cards: list[Card], ptr: str) -> list[Card]:
    """``cards`` (read by the schema), each of the Thousand deck, or :class:`InputError` at each one that is not."""
    tell([{"pointer": f"{ptr}/{i}", "detail": unread(c) or _("{card} is not in the {deck} deck", card=c, deck=DECK)}
          for i, c in enumerate(cards) if not DECK.holds(c)])
    return cards


def distinct(cards: list[Card], ptr: str) -> list[Card]:
    """``cards``, each of the deck and none twice."""
    if len(set(in_deck(cards, ptr))) != len(cards):
        raise InputError(_("the same card is listed twice"), ptr)
    return cards


def refuse_if(faults: Iterable[tuple[object, str, str]], **params: Any) -> None:
    """The first of ``faults`` that applies, as an :class:`InputError` at its place; nothing when none does.

    Each fault is ``(applies, message, pointer)``, its message marked with ``N_`` and translated with ``params``
    filled in: a table of a builder's checks, each stated once, in the order they are told, where a later one may
    rest on an earlier one holding (the faults' own conditions are worked out before any is told, so each must hold
    up whatever the others find).  Independent checks: :func:`refuse_all`."""
    tell(faults_of(faults, **params)[:1])


def faults_of(faults: Iterable[tuple[object, str, str]], **params: Any) -> list[dict]:
    """Every one of ``faults`` that applies, as ``{"pointer", "detail"}`` errors in their order.

    Each fault is ``(applies, message, pointer)`` as :func:`refuse_if` reads them: a table of a body's independent
    checks (none needs another to hold first), so a body with several faults is told each of them."""
    return [{"pointer": ptr, "detail": _(why, **params)} for applies, why, ptr in faults if applies]


def refuse_all(faults: Iterable[tuple[object, str, str]], **params: Any) -> None:
    """Every one of ``faults`` that applies (:func:`faults_of`), told at once; nothing when none does."""
    tell(faults_of(faults, **params))


def overlap(cards: Iterable[Card] | None, other: Iterable[Card] | None) -> set[Card]:
    """The cards both lists hold (none when either is not given)."""
    return set(cards or ()) & set(other or ())


def seats_from(layout: Layout, first: str, n: int) -> list[str]:
    """``n`` seats of ``layout`` in playing order from ``first``, round the table as often as needed (who plays each
    card of a trick led by ``first``)."""
    i = layout.active.index(first)
    return list(islice(cycle(layout.active[i:] + layout.active[:i]), n))
