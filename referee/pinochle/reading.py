"""Pinochle: the cards and suits of a request read against the variant's pack.

The schema has read every card field as a :class:`~referee.cards.Card` (syntax only); whether the card is in the
pack of option ``deck`` (48 or 64 cards, pinochle/1.1) is checked here, where the options are known.  A hand (and a
count_meld's hand) is kept as the body gives it (a list of cards, or what is known of it), and read here.
"""
from __future__ import annotations

from typing import Any, cast

from ..cards import Card, parse_cards, parse_suit
from ..errors import InputError, refuse_all, refuse_first
from ..i18n import _
from .cards import DECKS, deck_of, deck_size
from .options import OptionsLike


def cards_at(value: Any, opts: OptionsLike, ptr: str) -> list[Card]:
    """Cards written as text where the request keeps them as given (a hand, a list or what is known of it), of the
    pack of option ``deck`` (pinochle/1.1), with errors pointing at each card."""
    return parse_cards(value, deck_of(opts), ptr)


def in_deck(cards: list[Card] | None, opts: OptionsLike, ptr: str, optional: bool = False) -> list[Card]:
    """Cards the schema has read, each of the pack of option ``deck`` (pinochle/1.1), with errors pointing at each
    card; a list left out is none when ``optional``, else (an event or action of a type that takes it) refused at
    ``ptr``.  ``opts`` is read as given (typed options or the dict): a log calls this for every event."""
    if cards is None:
        refuse_first(((not optional, _("expected a list of cards"), ptr),))
        return []
    if not pack_of(opts).issuperset(cards):     # (the usual case, every card of the pack: one look-up a card)
        deck = deck_of(opts)
        refuse_all((not deck.holds(c), _("{card} is not in the {deck} deck", card=c, deck=deck), f"{ptr}/{i}")
                   for i, c in enumerate(cards))
    return cards


# each pack's cards, for the test of every card a request names (a set: one look-up a card)
_PACKS = {size: frozenset(deck.cards()) for size, deck in DECKS.items()}


def pack_of(opts: OptionsLike) -> frozenset[Card]:
    """The cards of the pack of option ``deck`` (pinochle/1.1), each once."""
    return _PACKS[deck_size(opts)]


def card_at(card: Card | None, opts: OptionsLike, ptr: str) -> Card:
    """One card the schema has read, of the pack (errors at the field itself, as in :func:`in_deck`); left out, it
    is refused at ``ptr``."""
    refuse_first(((card is None, _("a card must be a string such as '10H' or 'QS'"), ptr),
                  (card not in pack_of(opts), _("{card} is not in the {deck} deck", card=card, deck=deck_of(opts)),
                   ptr)))
    return cast(Card, card)


def trump_at(value, ptr) -> str:
    """The trump suit given at ``ptr`` (``H``, ``♥``, ``ч`` …); InputError there when it is missing or names no suit."""
    refuse_first(((value is None, _("the trump is missing: name its suit"), ptr),))
    try:
        return parse_suit(value)
    except ValueError as e:
        raise InputError(str(e), ptr) from None
