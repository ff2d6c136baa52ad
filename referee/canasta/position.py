"""The position a Canasta log has reached, written as ``check`` takes it (the position builder,
:func:`.parse.position_state`, reads it back): ``validate`` answers with it where a log ends inside a deal."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import Card
from .cards import is_red_three
from .deal import DealState


def position_of(st: DealState) -> dict:
    """The position a log has reached, in the shape ``check`` takes (:func:`position_state` reads it back): the
    player in turn's hand, the melds, red threes, pile and stock, and what his turn has done so far.

    ``check`` knows one hand, so the position is the player in turn's; what ``check`` does not describe (the other
    hands, a wild card's one-round block, the one-buy window, Cuban black threes set aside) is left out."""
    player = st.turn
    side = st.side(player)
    pos: dict[str, Any] = {"phase": st.phase, "to_act": player, "hand": _texts(st.hand(player)),
                           "melds": _said({sid: list(map(_texts, melds.values())) for sid, melds in st.melds.items()}),
                           "red_threes": _said({sid: _texts(reds) for sid, reds in st.red_threes.items()}),
                           "pile": {"cards": _texts(st.pile.cards or []), "frozen_by": st.pile.frozen_by},
                           "stock": st.stock}
    pos.update(_position_facts(st, player, side))
    if st.phase == "play":                  # the turn so far, once drawn
        packet = player in st.packets       # still face down: said with whether he may take it now
        pos.update(_said({"turn": _turn_of(st, player), "packet": packet,
                          "completed_canasta": packet and player in st.canasta_makers}))
    return pos


def _position_facts(st: DealState, player: str, side: str) -> dict[str, Any]:
    """The position's facts beyond the cards in play, each only where it says something: who sits out, whether
    ``player`` melded before, his side's raised minimum (canasta/8.1), his penalty cards (canasta/8.7), the
    others' dealt red threes before play begins (canasta/2.1), the pile being taken and its melds so far."""
    held = {p: _texts(filter(is_red_three, st.hands.get(p) or [])) for p in st.layout.seats if p != player}
    facts = {"sitting_out": st.layout.sitting_out, "melded_before": bool(st.melded_before[player]),
             "minimum_raised": st.minimum_raise[side],
             "penalty_cards": _texts(st.penalty_cards.get(player, [])),
             # before play begins the others lay out their dealt red threes (canasta/2.1)
             "red_threes_held": None if st.had_turn else _said(held),
             # the pile taken in natural order: the turn's melds so far, judged with the next
             "taking_pile": None if st.taking is None else {"melds": list(map(_taken, st.taking))}}
    return _said(facts)


def _said(entries: dict[str, Any]) -> dict[str, Any]:
    """``entries`` without those that say nothing (None, false, 0, empty): what a request leaves out."""
    return {k: v for k, v in entries.items() if v}


def _texts(cards: Iterable[Card]) -> list[str]:
    """Cards as a request writes them."""
    return list(map(str, cards))


def _taken(g: Any) -> Any:
    """A meld of the pile being taken as a request writes it: its cards, or a rank and the cards laid on it."""
    return {"rank": g[0], "cards": _texts(g[1])} if isinstance(g, tuple) else _texts(g)


def _turn_of(st: DealState, player: str) -> dict[str, Any]:
    """What ``player``'s turn has done so far, as ``check`` takes it (phase play): the flags that are set, and the
    partner's answer."""
    turn = {"drew_from": st.drew_from, "melded": st.turn_melded, "canasta_made": st.own_canasta,
            "laid_on_partner": st.laid_on_partner, "first_round": st.discards < len(st.layout.seats),
            "extra_cards_due": bool(st.extra_due.get(player)), "last_red_three": st.last_red_three,
            "answer": st.answer}                # "yes" or "no" once asked
    return _said(turn)
