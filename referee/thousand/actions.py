"""Thousand: a typed action (a check's action, a log's event, an earlier call of a position's auction) applied to
the deal state machine: each type (the schema's, :mod:`schemas.thousand`) has its apply; what is left to check here
is what the schema cannot know (a value a type needs that the body left out, a card of another deck)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..errors import InputError, esc
from ..i18n import _
from .cards import DECK
from .deal import DealState
from .options import Options, OptionsLike
from .read import distinct, unread

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import ActionGiven, Bid, CallMade, Discard, Exchange, Play, Raise, Redeal, TakeTalon


def needs_hand(action: ActionGiven, opts: OptionsLike) -> bool:
    """Whether judging ``action`` needs the actor's hand (thousand/11.2–11.5, 7.4, 8.2, 6.x)."""
    opts = Options.of(opts)
    t = action.type
    amount = getattr(action, "amount", None)
    big = amount is not None and amount > 120 and opts.bid_cap != "none"
    return (t == "play" or (t == "redeal" and getattr(action, "reason", None) != "weak_talon")
            or (t == "bid" and big and not getattr(action, "blind", None))
            or (t == "raise" and big and opts.raise_capped))


class Pointers(Protocol):
    """Where an action's fields are (``ptrs.get("card", default)``): a dict of JSON pointers, or views' lazy map."""

    def get(self, field: str, default: str, /) -> str: ...


def _amount(action: Bid | Raise | CallMade, ptrs: Pointers) -> int:
    if action.amount is None:
        raise InputError(_("the amount must be a whole number"), ptrs.get("amount", "/action/amount"))
    return action.amount


def _bid(st: DealState, a: Bid | CallMade, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_bid(actor, _amount(a, ptrs), bool(a.blind), as_played)


def _pass(st: DealState, _a: Any, actor: str, _ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_pass(actor, as_played)


def _take_talon(st: DealState, a: TakeTalon, actor: str, _ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_take_talon(actor, a.musik, as_played)


def _exchange(st: DealState, a: Exchange, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    gp = ptrs.get("gives", "/action/gives")
    if a.gives is None:
        raise InputError(_("give each opponent the card given to him"), gp)
    for p, card in a.gives.items():
        if p not in st.layout.players:
            raise InputError(_("{name} is not one of the players", name=repr(p)), f"{gp}/{esc(p)}")
        if not DECK.holds(card):
            raise InputError(unread(card) or _("{card} is not in the Thousand deck", card=card), f"{gp}/{esc(p)}")
    return st.apply_exchange(actor, dict(a.gives), as_played)


def _discard(st: DealState, a: Discard, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    ptr = ptrs.get("cards", "/action/cards")
    if a.cards is None:
        raise InputError(_("cards are required here"), ptr)
    return st.apply_discard(actor, distinct(a.cards, ptr), as_played)


def _raise(st: DealState, a: Raise, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_raise(actor, _amount(a, ptrs), as_played)


def _concede(st: DealState, _a: Any, actor: str, _ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_concede(actor, as_played)


def _play(st: DealState, a: Play, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    if a.card is None:
        raise InputError(_("a card must be a string such as '10H' or 'QS'"), ptrs.get("card", "/action/card"))
    if not DECK.holds(a.card):
        raise InputError(unread(a.card) or _("{card} is not in the Thousand deck", card=a.card),
                         ptrs.get("card", "/action/card"))
    return st.apply_play(actor, a.card, bool(a.marriage), as_played)


def _redeal(st: DealState, a: Redeal, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    if a.reason is None:
        raise InputError(_("the reason is four nines, a weak hand or a weak talon"),
                         ptrs.get("reason", "/action/reason"))
    return st.apply_redeal(actor, a.reason, as_played)


# each type of action (the schema knows no other) and what applies it
APPLY = {"bid": _bid, "pass": _pass, "take_talon": _take_talon, "exchange": _exchange, "discard": _discard,
         "raise": _raise, "concede": _concede, "play": _play, "redeal": _redeal}


def dispatch(st: DealState, action: ActionGiven | CallMade, actor: str, ptrs: Pointers,
             as_played: bool = False) -> dict:
    """Apply one action to ``st`` (raises IllegalAction, or InputError for an action that cannot be judged).  With
    ``as_played`` the faults the cards allow are waived into ``st.waived`` (see :mod:`.deal`)."""
    apply: Any = APPLY[action.type]
    return apply(st, action, actor, ptrs, as_played)
