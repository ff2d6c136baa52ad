"""Canasta: a log's ``deal`` event into a fresh :class:`~.deal.DealState`: the hands, the packets and the pile
dealt (canasta/1.5), every card within the deck (canasta/1.2); faults the replay rules on come back as problems."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card, DeckSpec
from ..common import NOT_A_PLAYER, Unread
from ..errors import InputError, esc, tell
from ..i18n import N_, _
from .deal import DealState, Layout, Pile, known
from .options import Options, OptionsLike, deal_size
from .pile import upcard_faults
from .read import NO, Tally, faults, refuse

if TYPE_CHECKING:       # the request records (the schemas' layer: read here, never imported at run time)
    from schemas.canasta_records import (
        Deal,
    )


def start_deal(ev: Deal, layout: Layout, opts: OptionsLike, scores: dict, deck: DeckSpec, ptr: str):
    """Parse a deal event; return (state, tally of the cards seen, problems), problems being independent
    violations."""
    opts = Options.of(opts)
    problems: list[tuple[str, str, str]] = []
    hands = _dealt_hands(ev, layout, opts, ptr, problems)
    packets = _dealt_packets(ev, layout, opts, ptr, problems)
    pile_cards = _logged(ev.pile or [], ptr + "/pile")
    refuse((not pile_cards, N_("the deal turns up at least one card to start the pile: give the pile's cards from "
                               "bottom to top"), NO, ptr + "/pile"))
    seen = [(f"{ptr}/hands/{esc(p)}", hands[p]) for p in layout.seats] + [(ptr + "/pile", pile_cards)]
    seen += [(f"{ptr}/packets/{esc(p)}", c) for p, c in packets.items()]
    problems += upcard_faults(pile_cards, opts, ptr + "/pile")
    tally = Tally(deck)
    problems += [("canasta/1.2", item["detail"], item["pointer"]) for item in tally.add_all(seen)]
    stock = deck.size - sum(tally.by_rank.values()) - (3 if opts.surprise else 0)    # hands, pile, packets
    pile = Pile.dealt(pile_cards, black_three_freezes=opts.black_three_freezes,
                      frozen_at_start=opts.pile_frozen_at_start)
    # the dealer: the replay has named him (player_at)
    st = DealState(layout, opts, dict(scores), max(stock, 0), pile, layout.after(known(ev.dealer)), dict(hands))
    st.packets = dict(packets)
    return st, tally, problems


def _logged(cards: list[Any], ptr: str) -> list[Card]:
    """Cards of a deal event, read now: a text its schema could not read as a card (kept as
    :class:`~referee.common.Unread`) is refused at its place (hands, then packets, then the pile, as before).
    ``cards`` is typed ``Any`` on purpose: it may hold an ``Unread``, which compiled code would refuse as a ``Card``.
    Returns a copy of its own (the deal's hands and packets change as play goes on; the request's stay as sent)."""
    for j, c in enumerate(cards):
        if type(c) is Unread:
            raise InputError(c.reason, f"{ptr}/{j}")
    return list(cards)


def _dealt_hands(ev: Deal, layout: Layout, opts: Options, ptr: str, problems: list) -> dict[str, list[Card]]:
    """The hands a deal event gives: player → cards, one hand for each player in the deal, of the deal's size
    (canasta/1.5; a wrong size is added to ``problems``)."""
    if ev.hands is None:
        raise InputError(_("the deal gives the hands: each player with his cards"), ptr + "/hands")
    return _per_player(ev.hands, layout, f"{ptr}/hands", deal_size(opts, len(layout.seats)), problems, _HANDS)


def _dealt_packets(ev: Deal, layout: Layout, opts: Options, ptr: str, problems: list) -> dict[str, list[Card]]:
    """The face-down packets of option packet_size (canasta/1.5): player → cards, one for each player in the deal,
    of the packet's size (a wrong size is added to ``problems``); none without the option."""
    refuse((ev.packets is not None, opts.packet_size, N_("packets are dealt only in a game played with packets"), NO,
            ptr + "/packets"),
           (ev.packets is None, not opts.packet_size,
            N_("each player is dealt a face-down packet of {n}: give each player's packet"), {"n": opts.packet_size},
            ptr + "/packets"))
    if ev.packets is None:
        return {}
    return _per_player(ev.packets, layout, f"{ptr}/packets", opts.packet_size, problems, _PACKETS)


# what a deal event's hands and packets are told: a name not of the players, a player given none, a wrong size; and
# whether their sizes are told in seat order (hands) or in the event's order (packets)
_HANDS = (NOT_A_PLAYER, N_("the deal gives no hand for {player}"),
          N_("{player} was dealt {n} cards, not {dealt}"), True)
_PACKETS = (N_("{name} is not one of the players in the deal"), N_("the deal gives no packet for {player}"),
            N_("{player}'s packet holds {n} cards, not {size}"), False)


def _per_player(raw: dict[str, list[Card]], layout: Layout, ptr: str, size: int, problems: list,
                words: tuple[str, str, str, bool]) -> dict[str, list[Card]]:
    """The cards a deal event gives each player (``raw``, at ``ptr``): player → cards, one entry for each player
    in the deal (the one sitting out is dealt nothing), each of ``size`` cards (a wrong size is added to
    ``problems``, canasta/1.5).  ``words``: see :data:`_HANDS`."""
    stranger, missing, wrong_size, seat_order = words
    out: dict[str, list[Card]] = {}
    for p, cards in raw.items():
        # five players: the trio's member sitting out is dealt nothing
        refuse((p == layout.sitting_out, N_("{player} sits this deal out and is dealt no cards"), {"player": p},
                f"{ptr}/{esc(p)}"),
               (p not in layout.side_of, stranger, {"name": repr(p), "players": list(layout.seats), "value": p},
                f"{ptr}/{esc(p)}"))
        out[p] = _logged(cards, f"{ptr}/{esc(p)}")
    tell(faults(*((p not in out, missing, {"player": p}, ptr) for p in layout.seats)))   # every one left out
    problems += [("canasta/1.5", _(wrong_size, player=p, n=len(out[p]), size=size, dealt=size), f"{ptr}/{esc(p)}")
                 for p in (layout.seats if seat_order else out) if len(out[p]) != size]
    return out
