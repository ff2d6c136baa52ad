"""Canasta's position builder: a position described for ``check`` into a :class:`~.deal.DealState` and its facts,
keeping only the checks that need the deck, the seats or the rules.  The game before the deal is read in
:mod:`.state`, a finished deal for ``score`` in :mod:`.outcome`, a log's deal event in :mod:`.dealt`, and what they
all use in :mod:`.read`; their entry points are named here too, where the views and the tests find them.

Everything here raises :class:`~referee.errors.InputError` (HTTP 422) for input no real game can produce, with the
JSON pointer of the field; rule violations in possible positions are for :mod:`.deal` to rule on.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

# (the ``x as x`` names: the entry points of .dealt, .outcome and .state, where the views and the tests find them)
from ..cards import Card, DeckSpec
from ..common import UNSAID, Unsaid
from ..errors import InputError, esc, tell
from ..i18n import N_, ngettext
from .cards import deck_of
from .deal import UNSEEN, DealState, Layout, Pile, group_cards, same, take_from
from .dealt import start_deal as start_deal
from .melds import meld_key
from .options import Options, OptionsLike, deal_size
from .outcome import PENALTIES as PENALTIES
from .outcome import finished_deal as finished_deal
from .pile import described
from .read import NO, NOT_A_SIDE, Tally, holds_deal, refuse, revealed, side_melds_of
from .state import deal_layout_trio as deal_layout_trio
from .state import parse_table as parse_table
from .state import player_at
from .state import rounds_of as rounds_of
from .state import sitting_out as sitting_out

if TYPE_CHECKING:       # the request records (the schemas' layer: read here, never imported at run time)
    from schemas.canasta_records import (
        Action,
        CheckRequest,
        PartialHand,
        Position,
        TurnSoFar,
    )

def _position_hand(pos: Position, action: Action, answer: Any, tally: Tally,
                   problems: list) -> tuple[list[Card], int]:
    """The acting player's hand (canasta/1.5): a list of cards, or ``{"known", "unknown"}`` for a hand known in part
    (then the cards the action shows are among it; ``answer``: the partner's this turn).  Returns ``(hand, number
    of unseen cards)``; the cards are counted into ``tally`` (its faults added to ``problems``); InputError for an
    empty hand."""
    if not isinstance(pos.hand, list):
        hand, revealed, unseen = _partial_hand(pos.hand, action, answer)
        problems += tally.add("/position/hand/known", hand[:len(hand) - len(revealed) - unseen])
        problems += tally.add("/action/cards", revealed)
    else:
        hand, unseen = pos.hand, 0
        problems += tally.add("/position/hand", hand)
    refuse((not hand, N_("a player still in the deal holds at least one card"), NO, "/position/hand"))
    return hand, unseen


def _one_of_the_sides(sid: str, layout: Layout, at: str) -> str:
    """The pointer of side ``sid``'s entry under ``at``; InputError there when it is not one of the sides."""
    ptr = f"{at}/{esc(sid)}"
    refuse((sid not in layout.members, NOT_A_SIDE, {"name": repr(sid), "sides": layout.sides, "value": sid}, ptr))
    return ptr


def _position_table(pos: Position, layout: Layout, opts: Options, tally: Tally,
                    problems: list) -> tuple[dict[str, dict[str, list[Card]]], dict[str, list[Card]]]:
    """What the table shows of each side, its cards counted into ``tally``: ``(melds, red threes)``, the melds
    side → meld key → cards, each legal as it stands (canasta/3.1-3.4), and the red threes laid out (canasta/2.1)
    side → cards (red threes only, the schema's)."""
    side_melds: dict[str, dict[str, list[Card]]] = {s: {} for s in layout.sides}
    for sid, melds in (pos.melds or {}).items():
        ptr = _one_of_the_sides(sid, layout, "/position/melds")
        for j, (kind, m) in enumerate(zip(side_melds_of(melds, opts, ptr, going_out=False), melds)):
            side_melds[sid][meld_key(kind, m, set(side_melds[sid]))] = m
            problems += tally.add(f"{ptr}/{j}", m)
    reds: dict[str, list[Card]] = {s: [] for s in layout.sides}
    for sid, rs in (pos.red_threes or {}).items():
        ptr = _one_of_the_sides(sid, layout, "/position/red_threes")
        reds[sid] = rs                  # red threes only (the schema's)
        problems += tally.add(ptr, rs)
    return side_melds, reds


def _stock_room(pile: Pile, stock: int | None, phase: str, deck: DeckSpec, seen: int, unseen: int, seats: int,
                opts: Options) -> int:
    """The most cards the stock can hold (canasta/1.2): the deck less the cards in view, the pile's unseen cards
    and one card for each other player (and Palace's three Surprise cards).  InputError when the cards described
    are more than the deck, the stock given is more than that, or a turn begins with the stock gone under
    stock_end stop (canasta/6.5)."""
    others = seats - 1            # every other player holds at least one card
    room = deck.size - seen - pile.hidden - others - (3 if opts.surprise else 0)
    refuse((unseen, room >= 0, N_("only {n} cards not seen elsewhere could be in this hand, not {unknown}"),
             {"n": max(0, unseen + room), "unknown": unseen}, "/position/hand/unknown"),
            (room < 0, N_("the pile of {size} cards, the {seen} cards in view and a card for each other player are "
                          "more than the {deck}-card deck"), {"size": pile.size, "seen": seen, "deck": deck.size},
             "/position/pile/size"),
            (stock is not None and stock > room,
             N_("the stock cannot hold {stock} cards: with the cards in view, the pile and a card for each other "
                "player at most {room} remain"), {"stock": stock, "room": room}, "/position/stock"),
            (stock == 0, phase != "draw", opts.stock_end != "stop",
             N_("where play stops with the stock, the hand ended with the discard after the last stock card: no turn "
                "begins with the stock gone"), NO, "/position/stock"))
    return room


HELD_BY_OTHERS = N_("the red threes still held are listed for the other players, each with those in his hand "
                    "before play begins")


def _held_hands(pos: Position, layout: Layout, actor: str, to_act: str, hand: list[Card], phase: str, tally: Tally,
                problems: list) -> tuple[dict[str, list[Card] | None], str]:
    """The hands the position knows: the acting player's, and before play begins the red threes other players
    were dealt and still hold (``red_threes_held``, canasta/2.1).  Returns ``(player → cards or None, owner)``,
    ``owner`` being whose hand ``hand`` is: the player in turn's when the actor lays out his own red threes."""
    hands: dict[str, list[Card] | None] = dict.fromkeys(layout.seats)
    hands[actor] = hand
    owner = actor                             # whose hand ``hand`` is
    # before play begins: other players' dealt red threes, still to lay out
    for p, cards in (pos.red_threes_held or {}).items():
        hptr = f"/position/red_threes_held/{esc(p)}"
        refuse((p == layout.sitting_out, N_("{player} sits this deal out and is dealt no cards"), {"player": p}, hptr),
                (p not in layout.side_of, HELD_BY_OTHERS, NO, hptr),
                (p == to_act, HELD_BY_OTHERS, NO, hptr),
                (not cards, N_("the red threes still held are red threes only"), NO, hptr),  # each one: the schema's
                (phase != "draw", N_("red threes are held by the other players only before play begins, at the draw"),
                 NO, hptr))
        problems += tally.add(hptr, cards)
        if p == actor:                            # he lays his out: the hand described is the player in turn's
            hands[to_act], hands[actor], owner = hand, cards, to_act
    return hands, owner


def _side_facts(st: DealState, pos: Position, opts: Options, actor: str, side: str, hand: list[Card]) -> None:
    """What the position says of the acting player and his side beyond the cards: a minimum raised by withdrawn
    short openings (canasta/8.1), his penalty cards face up (canasta/8.7), whether he has melded before."""
    raise_by = pos.minimum_raised or 0
    shown = pos.penalty_cards or []
    penalties, melded = opts.count_and_exposure_penalties, st.has_melded(side)
    refuse((raise_by % 10, N_("the minimum rises by 10 for each withdrawn short initial meld"), NO,
             "/position/minimum_raised"),
            (raise_by, penalties, N_("the +10 for a withdrawn short initial meld does not apply in this game"),
             NO, "/position/minimum_raised"),
            (raise_by, not melded, N_("a side that has melded has no initial minimum left to raise"), NO,
             "/position/minimum_raised"),
            (shown, penalties, N_("there are no penalty cards in this game"), NO, "/position/penalty_cards"),
            (take_from(hand, shown) is None, N_("penalty cards are part of the hand: each is one of the hand's cards"),
             NO, "/position/penalty_cards"),
            (pos.melded_before, melded,
             N_("the player has melded before, so his side has melds: give them with the melds"), NO,
             "/position/melded_before"))
    st.minimum_raise[side] = raise_by
    st.melded_before[actor] = bool(pos.melded_before)
    spare = list(hand)                  # the penalty cards as the hand's own cards: "5" names the 5 it holds
    for c in sorted(shown, key=lambda c: not c.suit):     # exact cards first, then those named by rank
        st.penalty_cards.setdefault(actor, []).append(
            spare.pop(next(i for i, h in enumerate(spare) if same(h, c))))


@dataclass(frozen=True)
class _NoTurn:
    """Stands for the ``turn`` a position leaves out: nothing said."""

    drew_from: None = None
    melded: None = None
    canasta_made: None = None
    extra_cards_due: None = None
    first_round: None = None
    laid_on_partner: None = None
    answer: Unsaid = UNSAID
    last_red_three: None = None


def _turn_so_far(st: DealState, pos: Position, turn: TurnSoFar, opts: Options, actor: str, side: str, phase: str,
                 stock: int | None) -> None:
    """What happened in the turn so far (``turn``, phase play: the draw, melds, a canasta, the partner's answer,
    a last red three; canasta/6.1-6.5), set on ``st``; InputError where it contradicts the rest of the position."""
    refuse((turn != type(turn)(), phase == "play",           # a turn that says anything (an empty one says nothing)
            N_("what happened this turn after the draw is given only once the cards are drawn"), NO, "/position/turn"))
    if phase == "play":
        _turn_draw_and_melds(st, pos, turn, opts, actor, side)
        _turn_answer_and_end(st, turn, opts, actor, side, stock)


EXTRA_DUE = N_("extra cards are due only after a side's first meld, in a game that gives them")
CANASTA_MADE = N_("the player is said to have completed a canasta this turn: the side shows one and the player melded")


def _turn_draw_and_melds(st: DealState, pos: Position, turn: TurnSoFar, opts: Options, actor: str, side: str) -> None:
    """The draw and the melds of the turn so far (canasta/6.1): where the player drew, whether he melded or laid
    on his side's melds, completed a canasta, took his packet (canasta/1.5) or is owed extra cards (canasta/4.2);
    whether the first round is still on (the discards made so far)."""
    st.phase = "play"
    st.drew_from = turn.drew_from or "stock"
    st.turn_melded = bool(turn.melded) or st.drew_from == "pile"   # taking the pile melds its top
    st.laid_on_partner = bool(turn.laid_on_partner)
    st.own_canasta = bool(turn.canasta_made)
    refuse((pos.packet, opts.packet_size, N_("packets are dealt only in a game played with packets"), NO,
             "/position/packet"),
            (turn.extra_cards_due, opts.opening_bonus_cards, EXTRA_DUE, NO, "/position/turn/extra_cards_due"),
            (turn.extra_cards_due, st.has_melded(side), EXTRA_DUE, NO, "/position/turn/extra_cards_due"),
            (st.own_canasta, st.canastas(side), CANASTA_MADE, NO, "/position/turn/canasta_made"),
            (st.own_canasta, st.turn_melded, CANASTA_MADE, NO, "/position/turn/canasta_made"))
    if pos.packet:
        st.packets[actor] = None
        if turn.canasta_made or pos.completed_canasta:
            st.canasta_makers.add(actor)
    st.discards = 0 if turn.first_round else len(st.layout.seats)
    if turn.extra_cards_due:
        st.extra_due[actor] = opts.opening_bonus_cards
        st.extra_given.add(side)


HAS_MELDS = N_("by this the side has melds on the table: give them with the melds")


def _turn_answer_and_end(st: DealState, turn: TurnSoFar, opts: Options, actor: str, side: str,
                         stock: int | None) -> None:
    """The partner's answer (canasta/6.3), a red three drawn as the last stock card (canasta/6.5, ``stock`` 0), and
    the turn's flags checked against the melds on the table."""
    st.answer = turn.answer if turn.answer is not UNSAID else None
    st.last_red_three = bool(turn.last_red_three)
    melded = st.has_melded(side)
    asked = st.answer is not None
    refuse((asked, not opts.no_going_out, N_("nobody goes out in this game, so nobody asks"), NO,
             "/position/turn/answer"),
            (asked, st.layout.partners(actor), N_("a player without a partner asks nobody"),
             NO, "/position/turn/answer"),
            (st.last_red_three, stock == 0,
             N_("a red three was the last stock card only when the stock is empty (0 cards)"), NO,
             "/position/turn/last_red_three"),
            (st.last_red_three, st.drew_from != "pile",
             N_("the last stock card was drawn, so the pile was not taken"), NO, "/position/turn/drew_from"),
            (st.drew_from == "pile", not st.pile.size,
             N_("the player took the pile this turn, so it is empty until his discard"), NO,
             "/position/turn/drew_from"),
            # the flags that say the side has melds on the table, the first one said told
            (turn.melded, melded, HAS_MELDS, NO, "/position/turn/melded"),
            (turn.laid_on_partner, melded, HAS_MELDS, NO, "/position/turn/laid_on_partner"),
            (turn.drew_from == "pile", melded, HAS_MELDS, NO, "/position/turn/drew_from"),
            (st.laid_on_partner, st.melded_before[actor] is not False, st.turn_melded,
             N_("laying cards on melds is melding: say that the player melded too"), NO,
             "/position/turn/laid_on_partner"))


TAKEN_IN_TURN = N_("a pile being taken is taken by the player in turn, who is laying its melds: the position is his, "
                   "before the take, as he draws")


def position_state(req: CheckRequest, layout: Layout, opts: OptionsLike, scores: dict,
                   actor: str) -> tuple[DealState, dict]:
    """Build the deal state a position describes, and its facts; InputError for anything no deal can reach."""
    opts = Options.of(opts)
    pos = req.position
    deck = deck_of(opts)
    tally = Tally(deck)
    problems: list[dict] = []
    action = req.action
    turn = pos.turn if pos.turn is not None else cast("TurnSoFar", _NoTurn())
    hand, unseen = _position_hand(pos, action, turn.answer, tally, problems)
    phase = pos.phase or "draw"
    side_melds, reds = _position_table(pos, layout, opts, tally, problems)
    # a player of this deal (not the one sitting out); the pile's block names its discarder by his seat before him
    to_act = player_at(pos.to_act or actor, layout, "/position/to_act")
    pile = described(pos.pile, opts, list(layout.seats), to_act)
    if pos.pile.cards is not None:
        problems += tally.add("/position/pile/cards", pos.pile.cards)
    elif pile.top is not None:
        problems += tally.add("/position/pile/top", [pile.top], single=True)
    seen = sum(tally.by_rank.values()) + unseen     # the cards drawn below come out of the stock: not counted here
    drawn = revealed(action, action.type, "/action")       # the cards a draw shows come out of the stock
    if drawn is not None:
        problems += tally.add(*drawn)
    tell(problems)
    stock = pos.stock
    room = _stock_room(pile, stock, phase, deck, seen, unseen, len(layout.seats), opts)
    hands, owner = _held_hands(pos, layout, actor, to_act, hand, phase, tally, problems)
    tell(problems)
    # an unknown stock is taken as holding enough cards for any draw
    _melds_fit_pile(pile, side_melds, layout, to_act, phase, opts)
    st = DealState(layout, opts, scores, stock if stock is not None else max(room, 2), pile, to_act, hands)
    st.melds = side_melds
    st.red_threes = reds
    # the red threes of the packs that nobody has seen: the unseen cards, if any, may hold one
    st.unseen_red_threes = 2 * deck.copies - tally.exact[Card("3", "H")] - tally.exact[Card("3", "D")]
    side = layout.side_of[actor]
    _side_facts(st, pos, opts, actor, side, hand)
    _turn_so_far(st, pos, turn, opts, actor, side, phase, stock)
    taking = pos.taking_pile
    if taking is not None:
        refuse((phase != "draw", TAKEN_IN_TURN, NO, "/position/taking_pile"),
               (to_act != actor, TAKEN_IN_TURN, NO, "/position/taking_pile"),
               (pile.top is None, N_("the pile being taken has a top card"), NO, "/position/pile"))
        st.taking = list(taking.melds or [])
    # out of turn: no draw yet
    _hand_size_fits(st, owner, hand, phase if to_act == owner else "draw", layout.side_of[owner])
    if st.last_red_three and opts.red_three_last_card == "no_meld":
        st.end_hand(None)
    went = pos.went_out
    if went is not None:
        refuse((went not in layout.partners(actor),
                N_("the player who has just gone out is the acting player's partner (a double ending follows)"), NO,
                "/position/went_out"),
               (not st.has_melded(side), N_("a side that went out has melds: give them with the melds"), NO,
                "/position/went_out"))
        st.end_hand(went, False)
    need, canasta = (None, None) if st.has_melded(side) else st.opening_requirement(side)
    facts = {"side": side, "side_has_melded": st.has_melded(side), "minimum": need, "opening_canasta": canasta,
             "pile_frozen": st.frozen_for(side), "frozen_by": st.pile.frozen_by, "pile_block": st.pile.block_fact(),
             "canastas": st.canastas(side), "stock": stock}
    return st, facts


# the actions a hand known in part can be judged for: the draw phase's, which turn only on the cards shown and on
# how many the hand holds, and the discard, which also turns on whether the unseen cards hold a red three that had to
# be laid out first (canasta/2.1: a condition); melding and going out are judged on the whole hand, so they ask for it
PARTIAL_ACTIONS = ("draw", "take_pile", "ask", "end", "discard")
WHOLE_HAND = N_("this action is judged on every card of the hand: give the whole hand as a list")


def _partial_hand(raw: PartialHand, action: Action, answer: Any) -> tuple[list[Card], list[Card], int]:
    """A hand given as ``{"known", "unknown"}``: the known cards, then the cards the action shows that are not
    among them (taken from the unknown ones: the table sees them now), then one :data:`UNSEEN` per card still
    unknown.  Returns ``(hand, revealed, unseen)``."""
    refuse((raw.void, N_("in Canasta the suits a player lacks decide nothing: give the known cards and how many "
                          "others the hand holds"), NO, "/position/hand/void"),
            (action.type not in PARTIAL_ACTIONS, WHOLE_HAND, NO, "/position/hand"),
            # after the partner's yes, a player who can go out must: that turns on the whole hand (canasta/6.3)
            (answer == "yes", action.type != "discard", WHOLE_HAND, NO, "/position/hand"))
    known, unknown = raw.known, raw.unknown
    shown = list(getattr(action, "cards", None) or [])
    for g in getattr(action, "melds", None) or []:      # of the actions above, take_pile's alone
        shown += group_cards(g)
    rest, revealed = list(known), list[Card]()
    for c in shown:
        left = take_from(rest, [c])
        if left is None:
            revealed.append(c)      # a card shown now that was not known: one of the unknown cards
        else:
            rest = left
    revealed = revealed[:unknown]   # (those beyond are not in the hand at all: the action's fault)
    unseen = unknown - len(revealed)
    return known + revealed + [UNSEEN] * unseen, revealed, unseen


# what a hand of the wrong size is told (canasta/1.5), by (the game draws one card, the player has drawn this turn)
HAND_SIZE = {(True, True): N_("a player whose side has not melded holds the {dealt} cards of his deal and the card "
                              "just drawn ({want}), not {n}"),
             (True, False): N_("a player whose side has not melded holds exactly the {dealt} cards of his deal, not "
                               "{n}"),
             (False, True): N_("a player whose side has not melded holds at least the {dealt} cards of his deal and "
                               "the {drawn} just drawn ({least}), not {n}"),
             (False, False): N_("a player whose side has not melded holds at least the {dealt} cards of his deal, "
                                "not {n}")}


def _hand_size_fits(st: DealState, actor: str, hand: list[Card], phase: str, side: str) -> None:
    """A player whose side never melded holds exactly his deal (draw one, discard one; canasta/1.5), or at least
    it where the game draws more than one card (the draw's cards after the draw)."""
    draw = st.opts.draw_count
    drawn = draw if phase == "play" and not st.last_red_three else 0
    dealt, n = deal_size(st.opts, len(st.layout.seats)), len(hand)
    want = dealt + drawn
    refuse((not st.has_melded(side), holds_deal(n, want, st.opts), HAND_SIZE[draw == 1, drawn > 0],
            {"dealt": dealt, "want": want, "least": want, "drawn": draw, "n": n}, "/position/hand"))


def _melds_fit_pile(pile: Pile, melds: dict, layout: Layout, to_act: str, phase: str, opts: Options) -> None:
    """A pile never taken since the deal counts the turns played: one discard each (canasta/1.5), the last by the
    player before the one in turn.  A side shows melds only when one of its players has had a turn (or is in his
    own, phase play)."""
    if not pile.turned_up or opts.keep_last_card:         # turned-up cards: a pile given by its cards
        return
    seats = list(layout.seats)
    turns = min(pile.size - pile.turned_up, len(seats))
    played = {seats[(seats.index(to_act) - k) % len(seats)] for k in range(1, turns + 1)}
    if phase == "play":
        played.add(to_act)
    for sid, ms in melds.items():
        if ms and not played & set(layout.members[sid]):
            raise InputError(ngettext("the pile, never taken since the deal, shows {n} discard since: no player of "
                                      "{side} has had a turn, so the side has no melds",
                                      "the pile, never taken since the deal, shows {n} discards since: no player of "
                                      "{side} has had a turn, so the side has no melds",
                                      pile.size - pile.turned_up, side=sid), f"/position/melds/{esc(sid)}")
