"""Thousand: a typed action (a check's action, a log's event, an earlier call of a position's auction) applied to
the deal state machine: each type (the schema's, :mod:`schemas.thousand`) has its apply; what is left to check here
is what the schema cannot know (a value a type needs that the body left out, a card of another deck)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..cards import Card
from ..common import not_a_player
from ..errors import InputError, esc
from ..i18n import N_, _
from .cards import DECK
from .deal import DealState
from .options import Options, OptionsLike
from .read import distinct, unread

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import ActionGiven, CallMade


def needs_hand(action: ActionGiven, opts: OptionsLike) -> bool:
    """Whether judging ``action`` needs the actor's hand (thousand/11.2–11.5, 7.4, 8.2, 6.x): a card played, a
    redeal claimed for the hand, a bid or a raise over 120 where the hand must show a marriage."""
    opts = Options.of(opts)
    amount = getattr(action, "amount", None)
    big = amount is not None and amount > 120 and opts.bid_cap != "none"
    needs = {"play": True, "redeal": getattr(action, "reason", None) != "weak_talon",
             "bid": big and not getattr(action, "blind", None), "raise": big and opts.raise_capped}
    return bool(needs.get(action.type, False))


class Pointers(Protocol):
    """Where an action's fields are (``ptrs.get("card", default)``): a dict of JSON pointers, or views' lazy map."""

    def get(self, field: str, default: str, /) -> str: ...


def _at(ptrs: Pointers, field: str) -> str:
    """Where the action's ``field`` is (made only when a fault needs it)."""
    return ptrs.get(field, f"/action/{field}")


def _as_given(_st: DealState, value: Any, _ptrs: Pointers, _field: str) -> Any:
    return value


def _flag(_st: DealState, value: bool | None, _ptrs: Pointers, _field: str) -> bool:
    """A flag left out (None) is false to the apply, whose parameter is a bool (compiled, it takes nothing else)."""
    return bool(value)


def _gives(st: DealState, gives: dict[str, Card], ptrs: Pointers, field: str) -> dict[str, Card]:
    """The exchange's cards, each to one of the players, each of the deck."""
    for p, card in gives.items():
        if p not in st.layout.players:
            raise InputError(not_a_player(p, st.layout.players), f"{_at(ptrs, field)}/{esc(p)}")
        if not DECK.holds(card):
            raise InputError(_not_of_deck(card), f"{_at(ptrs, field)}/{esc(p)}")
    return dict(gives)


def _cards(_st: DealState, cards: list[Card], ptrs: Pointers, field: str) -> list[Card]:
    return distinct(cards, _at(ptrs, field))


def _card(_st: DealState, card: Card, ptrs: Pointers, field: str) -> Card:
    if not DECK.holds(card):
        raise InputError(_not_of_deck(card), _at(ptrs, field))
    return card


def _not_of_deck(card: Card) -> str:
    """Why ``card``, not a card of the Thousand deck, is not one."""
    return unread(card) or _("{card} is not in the Thousand deck", card=card)


# each type of action (the schema knows no other): the fields its apply takes after the actor, in order, each with
# what is said when a needed one is left out (None: may be left out; a flag left out is false to the apply) and how
# it is read
_AMOUNT = ("amount", N_("the amount must be a whole number"), _as_given)
ARGS = {
    "bid": (_AMOUNT, ("blind", None, _flag)), "pass": (), "take_talon": (("musik", None, _as_given),),
    "exchange": (("gives", N_("give each opponent the card given to him"), _gives),),
    "discard": (("cards", N_("cards are required here"), _cards),), "raise": (_AMOUNT,), "concede": (),
    "play": (("card", N_("a card must be a string such as '10H' or 'QS'"), _card), ("marriage", None, _flag)),
    "redeal": (("reason", N_("the reason is four nines, a weak hand or a weak talon"), _as_given),),
}


def dispatch(st: DealState, action: ActionGiven | CallMade, actor: str, ptrs: Pointers,
             as_played: bool = False) -> dict:
    """Apply one action to ``st`` (raises IllegalAction, or InputError for an action that cannot be judged).  With
    ``as_played`` the faults the cards allow are waived into ``st.waived`` (see :mod:`.deal`)."""
    args = []
    for field, needed, read in ARGS[action.type]:
        value = getattr(action, field)
        if value is None and needed:
            raise InputError(_(needed), _at(ptrs, field))
        args.append(read(st, value, ptrs, field))
    return getattr(st, "apply_" + action.type)(actor, *args, as_played)
