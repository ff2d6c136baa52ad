"""One Canasta deal as a state machine: the same object judges a single proposed action (``check``) and replays a
whole log (``validate``), and its end state is what ``score`` settles.

Per action there is a triple, after PokerKit: ``verify_<action>`` raises :class:`~referee.errors.IllegalAction` with
the rule and the reason, ``can_<action>`` answers yes/no, ``apply_<action>`` verifies and then changes the state.
Actions: ``draw``, ``take_pile``, ``meld``, ``discard``, ``ask`` (permission to go out), ``go_out`` (meld and an
optional last discard in one step), ``end`` (the player in turn cannot or will not take the pile once the stock is
gone), ``red_three``, ``double_ending``, ``extra_cards``, ``packet`` and ``expose`` (a card shown by accident becomes a
penalty card, canasta/8.7).  Hands may be unknown (``None``) for players other than the one acting, as in a
described position.  :func:`legal_actions` lists what a player may do now.

Which copy: a card named with its suit (``"KH"``) is that card, so a hand holding ``KS`` and no ``KH`` does not hold
it; a card named by its rank alone (``"K"``, ``"2"``, accepted for 4 to A and deuces, never for threes) stands for any
card of that rank, and a hand dealt by rank alone matches any suit asked of it (:func:`same`, :func:`take_from`: exact
copies first).  Suits never change what a card scores or which meld it joins (sequences excepted, canasta/3.4), but a
suited log is held to its suits.  Threes are always named with their suit.  Rule IDs are those of ``rules.yaml``.

:meth:`DealState.apply_as_played` applies an action that its ``verify_`` refused, as a log says it was played
(``validate`` with ``replay`` as_played).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..cards import Card, parse_card
from ..errors import IllegalAction, allowed
from ..i18n import N_, Rank, _, ngettext, number
from .cards import card_value, cards_value, is_black_three, is_red_three, is_wild
from .melds import (
    _WILD_RANKS,
    BRAZILIAN_OPENINGS,
    MeldFault,
    classify,
    go_out_fault,
    is_canasta,
    kind_of_key,
    meld_key,
    meld_ok,
    opening_canasta,
    opening_minimum,
)
from .options import Options, OptionsLike
from .pile import Pile

# the penalties the laws attach to kinds of illegal action: (penalty rule, points lost)
P_COUNT = ("canasta/8.1", 0)      # a short opening: no points, the requirement rises by 10 if withdrawn
P_CANASTA = ("canasta/8.1", 0, "canasta")   # an opening without the canasta its total asks for: completed or withdrawn
P_MELD = ("canasta/8.2", 100)     # an illegal meld
P_PILE = ("canasta/8.4", 100)     # taking the pile illegally
P_ASK = ("canasta/8.5", 100)      # breaking the permission rules
P_OUT = ("canasta/8.6", 100)      # going out without the canastas required
P_KEPT = ("canasta/8.3", 0)       # a red three kept past its holder's turn: 500 only if still held at the end


class NotPlayable(Exception):
    """An action the cards do not allow (cards not held, out of turn...): it cannot be applied as played."""


# a penalty the laws attach to an illegal action: (penalty rule, points lost), and for a short opening what it lacks
Penalty = tuple[str, int] | tuple[str, int, str]


class Foul(IllegalAction):
    """An illegal action with the penalty the laws give for it (``penalty``, or None); ``late_ask``: a question to
    the partner asked too late, after which a log goes on (canasta/8.5, see ``DealState.apply_late_ask``)."""

    penalty: Penalty | None = None
    late_ask: bool = False
    short: int = 0          # a short opening's count: the points it lacks of the side's minimum (canasta/4.1)


def foul(rule: str, message: str, penalty: Penalty | None = None, pointer: str = "") -> Foul:
    """A :class:`Foul` carrying the penalty the laws give for it (``e.penalty``, or None) and the
    pointer of the offending part of the action, relative to the action (``"/melds/1"``)."""
    e = Foul(rule, message, pointer)
    e.penalty = penalty
    e.short = 0
    return e


def _missing_card(hand: list[Card], groups: list, base: str) -> tuple[str, Card] | None:
    """``(pointer under base, card)`` of the first card of ``groups`` the hand does not hold, or None."""
    rest = list(hand)
    cards = [(i, k, c, isinstance(g, tuple)) for i, g in enumerate(groups) for k, c in enumerate(group_cards(g))]
    for i, k, c, by_rank in sorted(cards, key=lambda x: not x[2].suit):     # as take_from matches them
        left = take_from(rest, [c])
        if left is None:
            return (f"{base}/{i}/cards/{k}" if by_rank else f"{base}/{i}/{k}"), c
        rest = left
    return None


def _not_held(player: str, hand: list[Card], groups: list) -> IllegalAction:
    """canasta/6.1: the player does not hold a card of the melds, named with its pointer."""
    missing = _missing_card(hand, groups, "/melds")
    assert missing is not None, "called only for a hand that lacks a card of the melds"
    where, card = missing
    return foul("canasta/6.1", _("{player} does not hold all the cards melded: {card} is missing", player=player,
                                 card=card), None, where)


FROZEN_BY = {"wild": N_("the pile is frozen by a wild card"), "red_three": N_("the pile is frozen by a red three"),
             "black_three": N_("the pile is frozen by a black three"),
             "start": N_("the pile is frozen by a rule of the game until first taken")}


def same(a: Card, b: Card) -> bool:
    """Whether ``a`` and ``b`` may be the same card: equal, or one names only the rank (not for threes)."""
    return a == b or (a.rank == b.rank and a.rank != "3" and (not a.suit or not b.suit))


def alike(a: Card, b: Card) -> bool:
    """Whether ``a`` and ``b`` are interchangeable in a hand: equal, or of one rank other than three."""
    return a == b or (a.rank == b.rank and a.rank != "3")


_RED_3H, _RED_3D = Card("3", "H"), Card("3", "D")
# a card of a hand known in part that nobody has seen (check): it matches no card named, and the rules that turn on
# what it is are left undecided (``DealState.undecided``)
UNSEEN = Card("?", "")
T = TypeVar("T")


def take_from(hand: list[Card], cards: list[Card]) -> list[Card] | None:
    """``hand`` without ``cards`` (each matched once, exact copies first), or None if the hand lacks one.  Cards
    named with their suit are matched before those named by rank alone, which take what is left of the rank."""
    rest = list(hand)
    try:
        for c in cards:
            if not c.suit:
                break
            rest.remove(c)              # the first exact copy
        else:
            return rest                 # every card named with its suit, each held as named
    except ValueError:
        pass
    rest = list(hand)
    for c in sorted(cards, key=_by_rank_alone):
        try:
            rest.remove(c)          # the first exact copy
            continue
        except ValueError:
            pass
        idx = next((i for i, h in enumerate(rest) if same(h, c)), None)
        if idx is None:
            return None
        rest.pop(idx)
    return rest


def known(x: T | None) -> T:
    """``x``, which the caller has made sure is there: a hand's cards checked to be held (``take_from``), the top
    of a pile that has one, a known hand."""
    assert x is not None, "checked by the caller"
    return x


def _by_rank_alone(c: Card) -> bool:
    return not c.suit


def group_cards(g) -> list[Card]:
    """The cards of a meld given as a list, or as ``(rank, cards)`` for cards laid on the meld of a rank."""
    return g[1] if isinstance(g, tuple) else g


def natural_rank(cards: list[Card]) -> str | None:
    for c in cards:
        if c.rank not in _WILD_RANKS:       # not is_wild(c)
            return c.rank
    return None


@dataclass
class Layout:
    """Sides and seats: partners sit apart, so the seat order takes one player of each side in turn."""

    sides: list[str]
    members: dict[str, list[str]]
    seats: list[str] = field(default_factory=list)
    side_of: dict[str, str] = field(default_factory=dict)
    sitting_out: str | None = None           # the trio member who sits this deal out (five players)
    following: dict[str, str] = field(init=False, repr=False, compare=False)    # each seat's left-hand neighbour

    def __post_init__(self) -> None:
        self.following = {p: self.seats[(i + 1) % len(self.seats)] for i, p in enumerate(self.seats)}

    @classmethod
    def of(cls, sides: list[dict]) -> Layout:
        ids = [s["id"] for s in sides]
        members = {s["id"]: list(s["players"]) for s in sides}
        seats = [members[sid][k] for k in range(max(len(m) for m in members.values()))
                 for sid in ids if k < len(members[sid])]
        side_of = {p: sid for sid in ids for p in members[sid]}
        return cls(ids, members, seats, side_of)

    def after(self, player: str) -> str:
        return self.following[player]

    def partners(self, player: str) -> list[str]:
        return [p for p in self.members[self.side_of[player]] if p != player]

    def active(self, sitting_out: str | None) -> Layout:
        """The layout of one deal: without the trio member who sits it out (five players, canasta/1.1)."""
        if sitting_out is None:
            return self
        out = Layout.of([{"id": sid, "players": [p for p in self.members[sid] if p != sitting_out]}
                         for sid in self.sides])
        out.sitting_out = sitting_out
        return out


class DealState:
    """A Canasta deal in progress.

    ``hands``: player → list of cards (None when unknown); ``melds``: side → rank → cards (black threes melded when
    going out are under rank ``"3"``); ``red_threes``: side → cards; ``stock``: cards left; ``pile``: :class:`Pile`;
    ``scores``: side totals before the deal (they set the initial minimum, canasta/4.1).
    ``turn`` is the player to act and ``phase`` ``"draw"`` (turn not begun), ``"play"`` (drawn; melding and the
    discard follow) or ``"done"``.  ``outcome`` after the end: ``{"went_out": player | None, "concealed": bool}``.
    """

    def __init__(self, layout: Layout, opts: OptionsLike, scores: dict[str, int], stock: int, pile: Pile,
                 turn: str, hands: dict[str, list[Card] | None]) -> None:
        self.layout, self.opts, self.scores = layout, Options.of(opts), scores
        self.stock, self.pile, self.turn = stock, pile, turn
        self.hands = hands
        self.phase = "draw"
        self.melds: dict[str, dict[str, list[Card]]] = {s: {} for s in layout.sides}
        self.red_threes: dict[str, list[Card]] = {s: [] for s in layout.sides}
        self.minimum_raise: dict[str, int] = dict.fromkeys(layout.sides, 0)
        self.melded_before: dict[str, bool] = dict.fromkeys(layout.seats, False)
        self.red_by_player: dict[str, int] = {}
        self.penalties: list[dict] = []          # penalties incurred by legal but fined play (canasta/8.5)
        self.extra_due: dict[str, int] = {}      # cards a player must draw after his side's first meld (Mexicana)
        self.extra_given: set[str] = set()       # sides that have had them
        self.packets: dict[str, list[Card] | None] = {}   # face-down packets not yet taken (None: unknown cards)
        self.canasta_makers: set[str] = set()    # players who have completed a canasta in this deal
        self.buy_window = False                  # stock_end=one_buy: the last discard may still be bought
        self.discards = 0                        # discards made in this deal (the first round is the first n)
        self.set_aside: dict[str, int] = {}      # black threes set aside from taken piles (Cuban)
        self.had_turn: set[str] = set()
        self.penalty_cards: dict[str, list[Card]] = {}   # cards shown by accident, face up, still in hand (8.7)
        self.outcome: dict | None = None
        self.last_red_three = False
        self.irregularities: list[IllegalAction] = []   # rules broken that the play goes on after (canasta/2.1)
        self.kept_red_three: set[str] = set()    # players who ended a turn keeping a red three
        # a hand known in part (check): the red threes nobody has seen, and the conditions a verdict turned on
        self.unseen_red_threes = 0
        self.undecided: list[dict] = []
        self.taking: list | None = None          # the pile taken in natural order, its melds still to come (views)
        self._new_turn()

    def _new_turn(self) -> None:
        self.drew_from: str | None = None      # "stock" or "pile" once the turn's draw is made
        self.turn_melded = False               # the player has melded or laid off this turn
        self.laid_on_partner = False           # cards went onto melds the side had before this turn
        self.own_canasta = False               # the player completed a canasta this turn
        self.answer: str | None = None         # the partner's answer to "may I go out?"
        self.asked_late = False                # a late question obliges going out like a yes (canasta/8.5)
        self.start_ranks: set[str] | None = None  # the side's meld ranks before its first meld of the turn

    # ------------------------------------------------------------------ facts
    def side(self, player: str) -> str:
        return self.layout.side_of[player]

    def has_melded(self, side: str) -> bool:
        """Whether the side has a meld other than black threes (keys are unique: more than one, or one not "3")."""
        melds = self.melds[side]
        return len(melds) > 1 or (len(melds) == 1 and "3" not in melds)

    def canastas(self, side: str, extra: dict[str, list[Card]] | None = None) -> int:
        """The side's canastas, its melds changed by ``extra`` (every canasta holds seven cards or more)."""
        n = 0
        for k, m in self.melds[side].items():
            if len(m) >= 7 and not (extra and k in extra) and is_canasta(kind_of_key(k), m):
                n += 1
        if extra:
            for k, m in extra.items():
                if len(m) >= 7 and is_canasta(kind_of_key(k), m):
                    n += 1
        return n

    def go_out_fault(self, side: str, extra: dict[str, list[Card]] | None = None) -> str | None:
        """Why the side's melds (with ``extra``) do not allow going out (canasta/6.2), or None."""
        melds = {**self.melds[side], **extra} if extra else self.melds[side]
        return go_out_fault([(kind_of_key(k), m) for k, m in melds.items()], self.opts, len(self.red_threes[side]))

    def opening_requirement(self, side: str) -> tuple[int | None, str | None]:
        """What the side's first meld needs (canasta/4.1): ``(minimum count or None, canasta needed or None)``;
        the canasta is ``"canasta"``, ``"natural"`` (a natural one or better) or ``"canasta_200"`` (a canasta and
        200 in cards, whose count is the minimum)."""
        score = self.scores.get(side, 0)
        wanted = opening_canasta(score, self.opts)
        if wanted is not None:
            return (200 + self.minimum_raise[side] if wanted == "canasta_200" else None), wanted
        frm = self.opts.opening_canasta_from
        if frm is not None and score >= frm:
            return None, "canasta"
        return self.minimum(side), None

    def minimum(self, side: str) -> int:
        return opening_minimum(self.scores.get(side, 0), self.opts) + self.minimum_raise[side]

    def _opening_fault(self, side: str, count: int, made: dict[str, list[Card]], pointer: str = "",
                       top_key: str | None = None, pile: bool = False) -> IllegalAction | None:
        """Why melds worth ``count`` making ``made`` are not a legal opening for ``side`` (canasta/4.1, 4.2).
        ``top_key``: the meld that takes the pile's top card, when the opening comes with the pile (``pile``: the
        count then holds the top card).  A short opening, of count or of the canasta the total asks for, carries
        canasta/8.1: the player may complete it from his hand; the +10 when it is taken back concerns a count only
        (:data:`P_COUNT`, :data:`P_CANASTA`)."""
        o = self.opts
        canasta = any(is_canasta(kind_of_key(k), m) for k, m in made.items())
        from_hand = any(is_canasta(kind_of_key(k), m) for k, m in made.items() if k != top_key)
        score = self.scores.get(side, 0)
        wanted = opening_canasta(score, o)
        if wanted is not None:
            return self._canasta_table_fault(side, count, made, pointer, pile, wanted, canasta, score)
        frm = o.opening_canasta_from
        if frm is not None and score >= frm:
            return self._canasta_from_fault(made, pointer, top_key, canasta, frm)
        if o.opening_naturals_only and any(is_wild(c) for k, m in made.items() for c in m
                                           if kind_of_key(k) == "group"):
            return foul("canasta/4.2", _("the opening melds take no wild card"), None, pointer)   # no count short
        if from_hand and o.canasta_in_hand_opens:
            return None
        return self._count_fault(side, count, pointer, pile)

    def _canasta_table_fault(self, side: str, count: int, made: dict[str, list[Card]], pointer: str, pile: bool,
                             wanted: str, canasta: bool, score: int) -> IllegalAction | None:
        """The Brazilian table's opening at ``score`` (canasta/4.1): a canasta, a natural one (or better: an
        escalera, a wild canasta), or a canasta and 200 in cards (``wanted``)."""
        natural = any(is_canasta(kind_of_key(k), m) and (kind_of_key(k) == "wild" or not any(is_wild(c) for c in m))
                      for k, m in made.items())           # a natural canasta "or better": escalera, wild
        if (wanted == "natural" and not natural) or not canasta:
            msg = _("at {score} the side opens with a natural canasta", score=number(score)) \
                if wanted == "natural" else _("at {score} the side opens with a canasta and {need} in cards",
                                              score=number(score), need=number(200 + self.minimum_raise[side])) \
                if wanted == "canasta_200" else _("at {score} the side opens with a canasta", score=number(score))
            return foul("canasta/4.1", msg, P_CANASTA, pointer)
        need = 200 + self.minimum_raise[side]
        if wanted == "canasta_200" and count < need:
            frm = next(start for start, kind in BRAZILIAN_OPENINGS if kind == "canasta_200")
            msg = _("from {total} the opening holds a canasta and {need} in cards; these and the top card make "
                    "{count}", total=number(frm), need=number(need), count=number(count)) if pile else \
                _("from {total} the opening holds a canasta and {need} in cards; these make {count}",
                  total=number(frm), need=number(need), count=number(count))
            e = foul("canasta/4.1", msg, P_COUNT, pointer)
            e.short = need - count
            return e
        return None

    def _canasta_from_fault(self, made: dict[str, list[Card]], pointer: str, top_key: str | None, canasta: bool,
                            frm: int) -> IllegalAction | None:
        """From opening_canasta_from on, the side opens with a canasta whatever its count, made with the pile's top
        card under opening_canasta_with_top_card (canasta/4.1)."""
        if not canasta:
            return foul("canasta/4.1", _("from {total} the side opens with a canasta, whatever its count",
                                         total=number(frm)), P_CANASTA, pointer)
        if self.opts.opening_canasta_with_top_card and not (top_key is not None
                                                       and is_canasta(kind_of_key(top_key), made[top_key])):
            return foul("canasta/4.1", _("from {total} the opening canasta is made with the pile's top card: "
                                         "take the pile with it", total=number(frm)), P_CANASTA, pointer)
        return None

    def _count_fault(self, side: str, count: int, pointer: str, pile: bool) -> IllegalAction | None:
        """The opening's count against the side's minimum (canasta/4.1), its laid-out red threes at 5 each under
        red_threes_count_toward_opening (canasta/4.2); ``pile``: the count holds the top card."""
        reds = self.opts.red_threes_count_toward_opening and self.red_threes[side]
        if reds:
            count += 5 * len(self.red_threes[side])
        need = self.minimum(side)
        if count < need:
            params = {"need": number(need), "count": number(count)}
            if pile:
                msg = _("the side's first meld needs {need}; these melds, the top card and the side's red threes at 5 "
                        "each make {count} (the rest of the pile and canasta bonuses never count)", **params) \
                    if reds else _("the side's first meld needs {need}; these melds and the top card make {count} "
                                   "(the rest of the pile and bonuses never count)", **params)
            else:
                msg = _("the side's first meld needs {need}; these melds and the side's red threes at 5 each make "
                        "{count} (canasta bonuses never count)", **params) if reds else \
                    _("the side's first meld needs {need}; these melds make {count} (bonuses never count)", **params)
            e = foul("canasta/4.1", msg, P_COUNT, pointer)
            e.short = need - count
            return e
        return None

    def opening_condition(self, player: str, short: int) -> dict:
        """The condition on a pile taken for the side's opening, with no melds listed, from a hand known in part:
        the melds laid from the hand with it bring the opening to its minimum (``short`` points more, canasta/4.1)."""
        return {"rule": "canasta/4.1", "player": player, "melds_worth": short,
                "text": _("legal only if {player} also lays down melds from the hand worth at least {points} more, "
                          "for the side's opening", player=player, points=number(short))}

    def hand(self, player: str) -> list[Card]:
        h = self.hands.get(player)
        if h is None:
            raise IllegalAction("canasta/6.1", _("{player}'s hand is not known in this position", player=player))
        return h

    def _set_hand(self, player: str, cards: list[Card]) -> None:
        """Give ``player`` the hand ``cards``; penalty cards that left the hand (melded or discarded) stop being
        penalty cards (canasta/8.7)."""
        before = self.hands.get(player) if self.penalty_cards else None
        if before is not None and self.penalty_cards.get(player):
            left, gone = list(cards), []
            for c in before:                        # what is not matched in the new hand has left it
                idx = next((i for i, h in enumerate(left) if h == c), None)
                if idx is not None:
                    left.pop(idx)
                else:
                    gone.append(c)
            self.penalty_cards[player] = self._penalty_left(player, gone)
        self.hands[player] = cards

    def _penalty_left(self, player: str, gone: list[Card]) -> list[Card]:
        """The player's penalty cards still in hand once ``gone`` leave it (exact cards first, then by rank)."""
        shown = list(self.penalty_cards.get(player, []))
        for c in gone:
            idx = next((i for i, p in enumerate(shown) if p == c), None)
            if idx is None:
                idx = next((i for i, p in enumerate(shown) if alike(p, c)), None)
            if idx is not None:
                shown.pop(idx)
        return shown

    def block_fault(self, player: str) -> IllegalAction | None:
        """canasta/5.1 with option wild_block one_round or full_round: a wild card discarded within the last round
        blocks the pile, and nobody takes it, not even with a natural pair, before its discarder's next turn
        (one_round), or before that turn is over (full_round: nor the discarder himself)."""
        owner = self.pile.block_owner
        if owner is None:
            return None
        full = self.opts.wild_block == "full_round"
        if not owner:
            return foul("canasta/5.1", _("a joker or two discarded within the last round blocks the pile: nobody, its "
                                         "discarder included, may take it until his next turn is over") if full else
                        _("a joker or two discarded within the last round blocks the pile: nobody may take it before "
                          "its discarder's next turn"), P_PILE)
        joker = self.pile.blocked_by_joker
        if full:
            msg = (_("{player} discarded a joker: nobody, {player} included, may take the pile until {player}'s next "
                     "turn is over", player=owner) if joker else
                   _("{player} discarded a two: nobody, {player} included, may take the pile until {player}'s next "
                     "turn is over", player=owner))
        else:
            msg = (_("{player} discarded a joker: nobody may take the pile before {player}'s next turn", player=owner)
                   if joker else
                   _("{player} discarded a two: nobody may take the pile before {player}'s next turn", player=owner))
        return foul("canasta/5.1", msg, P_PILE)

    def lapse_block(self) -> None:
        """The round of a discarded wild card's block is over (canasta/5.1): :meth:`Pile.lapse_block`."""
        self.pile.lapse_block()

    def frozen_for(self, side: str) -> bool:
        """Whether the pile is frozen for ``side`` (canasta/5.1): :meth:`Pile.frozen_for`."""
        return self.pile.frozen_for(self.has_melded(side), self.opts.strict_pile)

    # ------------------------------------------------------------------ turn order
    def _over(self) -> str:
        """Why no more can happen in the hand: it is over, and how it ended."""
        if self.outcome and self.outcome["went_out"]:
            return _("the hand is already over: {player} went out", player=self.outcome["went_out"])
        if self.last_red_three:
            return _("the hand is already over: the last stock card was a red three")
        return _("the hand is already over: the stock ran out")

    def verify_turn(self, player: str, phase: str | tuple, extra: bool = False) -> None:
        """IllegalAction unless it is ``player``'s turn, in ``phase`` (or one of them), with no extra cards due
        first (unless ``extra``): canasta/6.1, 4.2; over: 6.2 or 6.5."""
        self._verify_turn(player, phase, extra)

    def _verify_turn(self, player: str, phase: str | tuple, extra: bool = False) -> None:
        if player == self.turn and self.phase == phase and not self.extra_due:
            return                              # the player in turn, in the part of it asked, no extra cards due
        if self.phase == "done":
            raise IllegalAction("canasta/6.5" if self.outcome and not self.outcome["went_out"] else "canasta/6.2",
                                self._over())
        if player != self.turn:
            raise IllegalAction("canasta/6.1", _("it is {turn}'s turn, not {player}'s", turn=self.turn, player=player))
        if self.extra_due.get(player) and not extra:
            n = self.extra_due[player]
            raise IllegalAction("canasta/4.2", ngettext(
                "{player} first draws the {n} card the side's first meld brings",
                "{player} first draws the {n} cards the side's first meld brings", n, player=player)
                if self.opts.opening_bonus_cards else ngettext(
                "{player} first draws the {n} card the first canasta of the deal brings",
                "{player} first draws the {n} cards the first canasta of the deal brings", n, player=player))
        phases = (phase,) if isinstance(phase, str) else phase
        if self.phase not in phases:
            raise IllegalAction("canasta/6.1", _("the turn begins with a draw from the stock or the pile")
                                if self.phase == "draw" else _("the player has already drawn this turn"))

    # ------------------------------------------------------------------ red threes
    def verify_red_three(self, player: str, card: Card) -> None:
        if self.phase == "done":
                        raise IllegalAction("canasta/2.1", self._over())
        if not is_red_three(card):
            raise IllegalAction("canasta/2.1", _("{card} is not a red three", card=card))
        if take_from(self.hand(player), [card]) is None:
            raise IllegalAction("canasta/2.1", _("{player} holds no {card}", player=player, card=card))
        if self.had_turn and player != self.turn:     # before play begins anyone lays out his dealt red threes
            raise IllegalAction("canasta/2.1", _("it is {turn}'s turn: {player} lays out a red three from his hand, "
                                                 "and draws its replacement, in his own turn", turn=self.turn,
                                                 player=player))
        if self.stock < 1:
            raise IllegalAction("canasta/2.1", _("the stock is empty: no replacement can be drawn"))

    def can_red_three(self, player: str, card: Card) -> bool:
        return allowed(self.verify_red_three, player, card)

    def apply_red_three(self, player: str, card: Card, replacement: Card | None) -> None:
        """Lay out a red three held in hand (dealt, or drawn) and draw its replacement (canasta/2.1)."""
        self.verify_red_three(player, card)
        rest = take_from(self.hand(player), [card])
        self.red_threes[self.side(player)] = self.red_threes[self.side(player)] + [card]
        self.red_by_player[player] = self.red_by_player.get(player, 0) + 1
        self.stock -= 1
        self._set_hand(player, known(rest) + ([replacement] if replacement is not None else []))

    # ------------------------------------------------------------------ draw
    def verify_draw(self, player: str) -> None:
        """Raises IllegalAction: canasta/8.8 (a draw out of turn, or a second draw in the turn), 6.5 (no stock)."""
        if player == self.turn and self.phase == "draw" and not self.extra_due and self.stock:
            return                              # the player in turn draws from a stock that has cards
        if self.phase != "done" and player != self.turn:
            if player == self.layout.after(self.turn):
                raise IllegalAction("canasta/8.8", _("it is {turn}'s turn: {player}, next in order, drew early; his "
                                                     "draw stands but he may not take the pile this turn (no points)",
                                                     turn=self.turn, player=player))
            raise IllegalAction("canasta/8.8", _("it is {turn}'s turn: a card {player} draws out of turn goes back to "
                                                 "the stock (no points)", turn=self.turn, player=player))
        if self.phase == "play" and not self.extra_due.get(player):
            raise IllegalAction("canasta/8.8", _("{player} has already drawn this turn: surplus cards go back on the "
                                                 "stock, or, once in his hand, he skips his draws and sheds a card a "
                                                 "turn until his hand is right, melding nothing meanwhile (no points)",
                                                 player=player))
        self._verify_turn(player, "draw")
        if self.stock == 0:
            raise IllegalAction("canasta/6.5", _("the stock is gone: take the pile if possible, otherwise the hand "
                                                 "ends"))

    def can_draw(self, player: str) -> bool:
        return allowed(self.verify_draw, player)

    def apply_draw(self, player: str, cards: list[Card] | None = None) -> dict:
        """Draw from the stock: ``draw_count`` cards; a red three among them is laid out and replaced at once.

        ``cards`` (optional) are the cards taken from the stock in order, red threes and their replacements
        included.  Returns the effects.  A red three as the last stock card ends the hand (canasta/6.5).
        """
        self.verify_draw(player)
        return self._draw(player, cards)

    def _draw(self, player: str, cards: list[Card] | None, judged: bool = True) -> dict:
        """The draw's changes.  ``judged``: refuse cards the laws do not let a draw take (canasta/8.8, 6.1, 2.1);
        not for a draw applied as played, which only needs a stock holding them."""
        stock = self.stock
        if cards is not None and len(cards) == self.opts.draw_count and len(cards) < stock \
                and _RED_3H not in cards and _RED_3D not in cards:
            # the usual draw: the cards a draw takes, no red three among them, the stock not emptied (nothing in
            # _drawn_cards can refuse it)
            self.stock = stock - len(cards)
            held = self.hands.get(player)
            if held is not None:
                if self.penalty_cards:
                    self._set_hand(player, held + cards)
                else:
                    self.hands[player] = held + cards
            return self._drawn(player, {"drawn": len(cards)})
        want = min(self.opts.draw_count, stock)
        if cards is None:
            self.stock -= want
            return self._drawn(player, {"drawn": want})
        return self._drawn(player, self._drawn_cards(player, cards, want, judged))

    def _drawn_cards(self, player: str, cards: list[Card], want: int, judged: bool) -> dict[str, Any]:
        """A draw of the ``cards`` given, ``want`` of them natural: refused as :meth:`_draw` says, else taken (red
        threes laid out, canasta/2.1; a red three as the last stock card ends the hand, 6.5).  Returns the effects."""
        effects: dict[str, Any] = {"drawn": want}
        naturals = [c for c in cards if not is_red_three(c)] if _RED_3H in cards or _RED_3D in cards else cards
        if len(cards) > self.stock:
            raise foul("canasta/6.1", ngettext("the stock holds only {n} card", "the stock holds only {n} cards",
                                               self.stock), None, "/cards")
        exhausted = len(cards) == self.stock
        if judged and len(naturals) > want:
            raise foul("canasta/8.8", ngettext(
                "a draw takes {n} card from the stock (red threes are replaced), not {got}: the surplus goes back "
                "on the stock (no points)",
                "a draw takes {n} cards from the stock (red threes are replaced), not {got}: the surplus goes back "
                "on the stock (no points)", want, got=len(naturals)), None, "/cards")
        if judged and len(naturals) < want and not exhausted:
            raise foul("canasta/6.1", ngettext(
                "a draw takes {n} card from the stock (red threes are replaced), not {got}",
                "a draw takes {n} cards from the stock (red threes are replaced), not {got}", want,
                got=len(naturals)), None, "/cards")
        if judged and cards and is_red_three(cards[-1]) and not exhausted:
            raise foul("canasta/2.1", _("a red three drawn is replaced by the next stock card"), None, "/cards")
        last_red = exhausted and bool(cards) and is_red_three(cards[-1])
        self.stock -= len(cards)
        effects["drawn"] = len(naturals)
        self.red_by_player[player] = self.red_by_player.get(player, 0) + len(cards) - len(naturals)
        if len(naturals) < len(cards):
            reds = [c for c in cards if is_red_three(c)]
            self.red_threes[self.side(player)] = self.red_threes[self.side(player)] + reds
            effects["red_threes_laid_out"] = [str(c) for c in reds]
        held = self.hands.get(player)
        if held is not None:
            self._set_hand(player, held + naturals)
        if last_red:
            self.last_red_three = True
            effects["hand_ends"] = _("a red three was the last stock card")
        return effects

    def _drawn(self, player: str, effects: dict[str, Any]) -> dict[str, Any]:
        """After any draw: the player plays on, and a red three that was the last stock card ends the hand where
        no meld may follow it (canasta/6.5, red_three_last_card)."""
        self.phase = "play"
        self.drew_from = "stock"
        self.had_turn.add(player)
        if self.last_red_three and self.opts.red_three_last_card == "no_meld":
            self._end(None)
        return effects

    # ------------------------------------------------------------------ taking the pile
    def verify_take_pile(self, player: str, shown: list[Card], melds: list[list[Card]] | None = None) -> dict:
        """Whether ``player`` may take the pile showing ``shown`` from his hand to go with the top card, plus
        ``melds`` (further melds from the hand, counted toward an initial meld).  Returns the melds it makes.

        Raises IllegalAction under canasta/5.1 (frozen), 5.2 (what may take it), 5.3 (one-card pile),
        3.1 (the melds formed), 4.1 (initial minimum, top card and hand cards only).
        """
        self._verify_turn(player, "draw")
        melds = melds or []
        pile, top = self.pile, self.pile.top
        if top is None or pile.size == 0:
            raise foul("canasta/5.2", _("the discard pile is empty"), P_PILE)
        if top.rank in _WILD_RANKS and self._wild_pair_takes(player, top, shown, melds):
            return {}                             # Hollywood: the pair and the wild top card join the hand
        self._verify_top_takeable(player, top)
        hand = self.hand(player)
        rest = self._verify_shown_held(player, hand, shown, melds)
        if not self.opts.pile_for_opening and not self.has_melded(self.side(player)):
            raise foul("canasta/5.2", _("the pile may be taken only once the side has opened"), P_PILE)
        if pile.size == 1 and len(hand) == 1:
            raise foul("canasta/5.3", _("a player holding one card may not take a pile of one card"), P_PILE)
        side = self.side(player)
        naturals = [c for c in shown if not is_wild(c)]
        if any(c.rank != top.rank for c in naturals):
            raise foul("canasta/5.2", _("the cards shown with the top card must be {rank}s or wild cards",
                                        rank=Rank(top.rank)), P_PILE, "/cards")
        own_key = self.own_key(side, top.rank, unfinished=self.opts.layoff_take == "below_canasta")
        if self.opts.same_rank_melds == "many" and len(shown) >= 2:
            own_key = None                       # a pair (or pair and wild) opens a meld of its own
        own = self.melds[side].get(own_key) if own_key else None
        seq_key = self._verify_take_claim(side, top, shown, naturals, own)
        group = [top] + shown
        if seq_key is not None:                   # the top card extends the side's sequence (Samba family)
            made = self._verify_melds(side, melds, {seq_key: self.melds[side][seq_key] + [top]}, going_out=False)
            return self._after_take_checks(player, side, rest, made, group, melds, seq_key)
        if self.opts.strict_pile and own is not None and is_canasta("group", own):
            raise foul("canasta/5.1", _("strict discard pile: the top card may not join the side's canasta of "
                                        "{rank}s", rank=Rank(top.rank)), P_PILE, "/cards")
        combined = (own or []) + group
        try:
            classify(combined, self.opts)
        except MeldFault as e:
            msg = _("adding to the side's {rank}s: {fault}", rank=Rank(top.rank), fault=str(e)) if own is not None \
                else _("the top card and the cards shown: {fault}", fault=str(e))
            raise foul("canasta/3.1", msg, P_PILE, "/cards") from None
        key = own_key or meld_key("group", combined, set(self.melds[side]))
        made = self._verify_melds(side, melds, {key: combined}, going_out=False) if melds else {key: combined}
        return self._after_take_checks(player, side, rest, made, group, melds, key)

    def _wild_pair_takes(self, player: str, top: Card, shown: list[Card], melds: list) -> bool:
        """Option wild_pair_takes (Hollywood, canasta/5.2): a pair of 2s takes a 2 on top, a pair of jokers a joker,
        for a side that has opened.  True when the take is such a pair (held), False when it is not one."""
        if not (is_wild(top) and self.opts.wild_pair_takes and len(shown) == 2 and not melds
                and all(c.rank == top.rank for c in shown)):
            return False
        if take_from(self.hand(player), shown) is None:
            raise self._not_shown(player, shown)
        if not self.has_melded(self.side(player)):
            raise foul("canasta/5.2", _("a pair of wild cards takes the pile only for a side that has opened"),
                       P_PILE, "/cards")
        return True

    def _verify_top_takeable(self, player: str, top: Card) -> None:
        """The top card lets the pile be taken (canasta/5.2): not a wild card or a black three, no wild card's
        round block (canasta/5.1), and the sevens rule of option seven_on_pile."""
        if is_wild(top) or is_black_three(top):
            raise foul("canasta/5.2", _("a wild card on top of the pile stops it from being taken") if is_wild(top)
                       else _("a black three on top of the pile stops it from being taken"), P_PILE)
        blocked = self.block_fault(player)
        if blocked:
            raise blocked
        if top.rank == "7" and self.opts.seven_on_pile == "blocks":
            raise foul("canasta/5.2", _("a seven on top of the pile stops it from being taken"), P_PILE)
        if top.rank != "7" and self.opts.seven_on_pile == "only":
            raise foul("canasta/5.2", _("the pile is taken only with a seven on top"), P_PILE)

    def _verify_shown_held(self, player: str, hand: list[Card], shown: list[Card], melds: list) -> list[Card]:
        """The cards shown with the top card and the further melds are in ``player``'s hand (canasta/6.1), no red
        three among them (canasta/2.1).  Returns the hand without them."""
        if _RED_3H in shown or _RED_3D in shown:        # any(is_red_three(c) for c in shown), at C speed
            raise foul("canasta/2.1", _("red threes are laid out, never shown or melded"), P_PILE, "/cards")
        rest = take_from(hand, shown)
        if rest is None:
            raise self._not_shown(player, shown)
        if not melds:
            return rest
        found = _missing_card(rest, melds, "/melds")
        if found:
            where, card = found
            in_pile = any(same(c, card) for c in (self.pile.cards or [])[:-1])
            raise foul("canasta/6.1", _("{player} does not hold all the cards of these melds: {card} is missing (the "
                                        "pile's cards join the hand only once it is taken)", player=player, card=card)
                       if in_pile else _("{player} does not hold all the cards of these melds: {card} is missing",
                                         player=player, card=card), None, where)
        return known(take_from(rest, [c for m in melds for c in group_cards(m)]))

    def _verify_take_claim(self, side: str, top: Card, shown: list[Card], naturals: list[Card],
                           own: list[Card] | None) -> str | None:
        """What takes the pile for ``side`` (canasta/5.1, 5.2): a frozen pile only a natural pair; an unfrozen one
        also a natural card and a wild card (natural_and_wild_takes), the side's meld of the rank (``own``), or its
        sequence the top card extends.  Not with a canasta of the top's rank under own_canasta_blocks_pile.
        Returns the key of that sequence, or None."""
        pair = len(naturals) >= 2
        seq_key = None
        if self.opts.own_canasta_blocks_pile and any(
                k.split("#")[0] == top.rank and is_canasta("group", m) for k, m in self.melds[side].items()):
            raise foul("canasta/5.2", _("the side has a canasta of {rank}s: it may not take a pile topped by one",
                                        rank=Rank(top.rank)), P_PILE)
        if self.frozen_for(side):
            if not pair:
                why = (FROZEN_BY[self.pile.frozen_by] if self.pile.frozen_by
                       else N_("the pile is always frozen in this game") if self.opts.strict_pile
                       else N_("the pile is frozen against a side that has not melded"))
                raise foul("canasta/5.1", _("{why}: only a natural pair of {rank}s from the hand takes it", why=_(why),
                                            rank=Rank(top.rank)), P_PILE, "/cards")
            return None
        one_and_wild = bool(naturals) and len(shown) >= 2 and self.opts.natural_and_wild_takes
        seq_key = None if (pair or one_and_wild or own is not None or shown) else self._sequence_for(side, top)
        if not (pair or one_and_wild or own is not None or seq_key):
            full = self.opts.layoff_take == "below_canasta" and self.own_key(side, top.rank) is not None
            msg = {(True, False): N_("the top {rank} needs a natural pair, a natural {rank} and a wild card, or "
                                     "the side's meld of {rank}s"),
                   (False, False): N_("the top {rank} needs a natural pair or the side's meld of {rank}s"),
                   (True, True): N_("the top {rank} needs a natural pair, a natural {rank} and a wild card, or "
                                    "the side's meld of {rank}s while it is short of a canasta (the side's is "
                                    "complete)"),
                   (False, True): N_("the top {rank} needs a natural pair or the side's meld of {rank}s while it "
                                     "is short of a canasta (the side's is complete)")}[
                bool(self.opts.natural_and_wild_takes), full]
            raise foul("canasta/5.2", _(msg, rank=Rank(top.rank)), P_PILE, "/cards")
        return seq_key

    def _after_take_checks(self, player: str, side: str, rest: list[Card], made: dict, group: list[Card],
                           melds: list, top_key: str) -> dict:
        """Going out by taking the pile, the partner's answer and the opening count (canasta/6.2, 6.3, 4.1)."""
        pile = self.pile
        left = len(rest) + pile.size - 1
        if left <= 1 and self.opts.no_going_out:
            raise foul("canasta/6.2", _("nobody goes out in this game: taking this pile would leave too few cards"),
                       P_PILE)
        if left == 0 and self.opts.going_out_discard == "required":
            raise foul("canasta/6.2", _("going out ends with a discard: taking this pile would leave no card"), P_PILE)
        if left == 0 or (left == 1 and not self.opts.keep_last_card):
            why = self.go_out_fault(side, made)
            if why:
                raise foul("canasta/6.2", ngettext("taking the pile would leave {n} card: {why}",
                                                   "taking the pile would leave {n} cards: {why}", left, why=why),
                           P_PILE)
        if left == 0 and self.answer == "no":
            raise foul("canasta/6.3", _("the partner answered no: the player may not go out this turn"), P_ASK)
        if not self.has_melded(side):
            count = cards_value(group) + sum(cards_value(group_cards(m)) for m in melds)
            fault = self._opening_fault(side, count, made, "/melds" if melds else "/cards", top_key, pile=True)
            if fault:
                raise fault
        return made

    def _not_shown(self, player: str, shown: list[Card]) -> IllegalAction:
        """canasta/6.1: the player does not hold a card he shows with the top card, named with its pointer."""
        missing = _missing_card(self.hand(player), [shown], "/cards")     # "/cards/0/k": the k-th card shown
        assert missing is not None, "called only for a hand that lacks a card shown"
        where, card = missing
        return foul("canasta/6.1", _("{player} does not hold all the cards shown: {card} is missing", player=player,
                                     card=card), None, "/cards/" + where.rsplit("/", 1)[1])

    def can_take_pile(self, player: str, shown: list[Card], melds: list[list[Card]] | None = None) -> bool:
        return allowed(self.verify_take_pile, player, shown, melds)

    def apply_take_pile(self, player: str, shown: list[Card], melds: list[list[Card]] | None = None) -> dict:
        """Take the whole pile; the top card is melded at once with ``shown``; red threes in it are laid out."""
        made = self.verify_take_pile(player, shown, melds)
        return self._take_pile(player, shown, melds, made)

    def _take_pile(self, player: str, shown: list[Card], melds: list | None, made: dict) -> dict:
        """Taking the pile's changes: ``made``, the melds it makes (empty for a wild pair, which joins the hand)."""
        side = self.side(player)
        hand = known(take_from(self.hand(player), shown + [c for m in (melds or []) for c in group_cards(m)]))
        taken = (self.pile.cards or [])[:-1]
        if not made:                              # taken with a wild pair: nothing is melded
            hand = hand + list(shown) + [known(self.pile.top)]
        if self.opts.black_threes_set_aside:
            aside = [c for c in taken if is_black_three(c)]
            self.set_aside[side] = self.set_aside.get(side, 0) + len(aside)
            taken = [c for c in taken if not is_black_three(c)]
        reds = [c for c in taken if is_red_three(c)] if _RED_3H in taken or _RED_3D in taken else []
        if reds:
            self.red_threes[side] = self.red_threes[side] + reds
            taken = [c for c in taken if not is_red_three(c)]
        self.red_by_player[player] = self.red_by_player.get(player, 0) + len(reds)
        hand += taken       # hand: a new list, the hand without the cards shown
        self._set_hand(player, hand)
        n = self.pile.size
        self._record_melds(player, made)
        self.pile = Pile(None, 0, None, [] if self.pile.cards is not None else None)
        self.phase = "play"
        self.drew_from = "pile"
        self.had_turn.add(player)
        out: dict[str, Any] = {"cards_taken": n, "canastas": self.canastas(side)}
        if self.extra_due.get(player):
            out["extra_cards_due"] = self.extra_due[player]
        if reds:
            out["red_threes_laid_out"] = [str(c) for c in reds]
        if not hand:
            concealed = self._concealed_with(player, {})
            self._end(player, concealed)
            out.update(went_out=True, concealed=concealed)
        elif self._keeping(player):
            out["turn_passes"] = self._pass_kept(player)
        return out

    # ------------------------------------------------------------------ melding
    def _sequence_for(self, side: str, card: Card) -> str | None:
        """The key of the side's sequence ``card`` extends (not yet a canasta under layoff_take=below_canasta)."""
        for key, meld in self.melds[side].items():
            if not key.startswith("seq:"):
                continue
            if self.opts.layoff_take == "below_canasta" and is_canasta("sequence", meld):
                continue
            try:
                classify(meld + [card], self.opts)
            except MeldFault:
                continue
            return key
        return None

    def own_key(self, side: str, base: str, made: dict | None = None, unfinished: bool = False) -> str | None:
        """The key of the side's meld of ``base`` (a rank, or ``"wild"``) that cards laid by rank join: the meld of
        the rank, or with several (same_rank_melds=many) the first not yet a canasta, else the first; None if none.
        ``unfinished``: only a meld that is not yet a canasta."""
        melds = self.melds[side]
        first = None
        for k, m in melds.items():               # the side's melds in their order, then the new ones
            if k == base or ("#" in k and k.split("#")[0] == base):
                if made and k in made:
                    m = made[k]
                if not is_canasta(kind_of_key(k), m):
                    return k
                if first is None:
                    first = k
        if made:
            for k, m in made.items():
                if (k == base or ("#" in k and k.split("#")[0] == base)) and k not in melds:
                    if not is_canasta(kind_of_key(k), m):
                        return k
                    if first is None:
                        first = k
        return None if unfinished else first

    def _target(self, side: str, made: dict, g, i: int) -> tuple[str | None, list[Card]]:
        """The key of the side's meld a group goes to (None: a new meld), and its cards."""
        many = self.opts.same_rank_melds == "many"
        if isinstance(g, tuple):
            target, cards = g
            by_rank = target == "wild" or len(target) < 2 or target == "10"
            if by_rank:
                key = self.own_key(side, target, made)
            else:
                key = next((k for k, m in {**self.melds[side], **made}.items()
                            if k.startswith("seq:") and any(c.rank + c.suit == target for c in m)), None)
            if key is None:
                msg = _("meld {i}: the side has no meld of wild cards to add these cards to",
                        i=i + 1) if target == "wild" \
                    else _("meld {i}: the side has no meld of black threes to add these cards to", i=i + 1) \
                    if target == "3" \
                    else _("meld {i}: the side has no meld of {rank}s to add these cards to",
                           i=i + 1, rank=Rank(target)) \
                    if by_rank else _("meld {i}: the side has no meld of a sequence with {card} to add these cards to",
                                      i=i + 1, card=_shown_card(target))
                raise foul("canasta/3.1", msg, P_MELD, f"/melds/{i}/rank")
            if key == "3":
                raise foul("canasta/2.3", _("meld {i}: nothing is added to a meld of black threes", i=i + 1), P_MELD,
                           f"/melds/{i}/rank")
            if kind_of_key(key) == "wild" and any(not is_wild(c) for c in cards):
                raise foul("canasta/3.3", _("meld {i}: a meld of wild cards takes wild cards only", i=i + 1), P_MELD,
                           f"/melds/{i}/cards")
            return key, cards
        cards = g
        naturals = {c.rank for c in cards if c.rank not in _WILD_RANKS}     # not is_wild(c)
        if not naturals:
            return (None if many else self.own_key(side, "wild", made)), cards
        if len(naturals) == 1:
            rank = next(iter(naturals))
            return (None if many and rank != "3" else self.own_key(side, rank, made)), cards
        return None, cards

    def _verify_melds(self, side: str, groups: list, made: dict | None = None,
                      going_out: bool = False, penalty=P_MELD) -> dict[str, list[Card]]:
        """The side's melds after adding ``groups``: lists of cards (new melds, or cards for the side's meld of their
        rank), or ``(target, cards)`` to lay cards on the meld of a rank, on ``"wild"`` or on the sequence
        holding a card such as ``"5H"``.  Returns the changed melds by key.

        Raises IllegalAction (canasta/3.1, 3.3, 3.4, 2.3) naming the group by its index.
        """
        made = dict(made) if made else {}
        for i, g in enumerate(groups):
            key, combined = self._verify_group(side, made, g, i, going_out, penalty)
            made[key] = combined
        return made

    def _verify_group(self, side: str, made: dict[str, list[Card]], g, i: int, going_out: bool,
                      penalty: Penalty) -> tuple[str, list[Card]]:
        """Group ``i`` of a meld (``g``: a list of cards, or ``(target, cards)``) laid by ``side`` with ``made``
        already laid: ``(the key of the meld it makes or joins, that meld's cards)``.  canasta/3.1 (ranks, cards laid
        on a meld of a rank), 2.3 (black threes meld once), 3.1-3.4 through :func:`classify`, and the options'
        wild-card rules (:meth:`_verify_wild_rules`)."""
        if not (g[1] if isinstance(g, tuple) else g):
            raise foul("canasta/3.1", _("meld {i}: no cards", i=i + 1), penalty, f"/melds/{i}")
        key, cards = self._target(side, made, g, i)
        if isinstance(g, tuple) and key is not None and kind_of_key(key) == "group" and any(
                not is_wild(c) and c.rank != key.split("#")[0] for c in cards):
            raise foul("canasta/3.1", _("meld {i}: cards laid on the side's {rank}s are {rank}s or wild cards",
                                        i=i + 1, rank=Rank(key.split("#")[0])), penalty, f"/melds/{i}")
        existing = None if key is None else made.get(key, self.melds[side].get(key))
        combined = (existing or []) + list(cards)
        if existing is not None and key == "3":
            raise foul("canasta/2.3", _("meld {i}: black threes meld once, as three or four", i=i + 1), penalty,
                       f"/melds/{i}")
        try:
            kind = classify(combined, self.opts, going_out=going_out)
        except MeldFault as e:
            msg = _("adding to the side's meld: {fault}", fault=str(e)) if existing is not None \
                else _("meld {i}: {fault}", i=i + 1, fault=str(e))
            raise foul(e.rule, msg, penalty, f"/melds/{i}") from None
        if self.opts.wild_melds == "italian" or self.opts.strict_wild_cards:
            self._verify_wild_rules(side, made, i, kind, list(cards), existing, combined, penalty)
        if key is None:
            key = meld_key(kind, combined, self.melds[side].keys() | made.keys())
        return key, combined

    def _verify_wild_rules(self, side: str, made: dict[str, list[Card]], i: int, kind: str, cards: list[Card],
                           existing: list[Card] | None, combined: list[Card], penalty: Penalty) -> None:
        """The options' rules on wild cards in group ``i``: the Italian deuces are not wild while the side's deuce
        meld is unfinished (canasta/3.3); strict_wild_cards: none added to a canasta, and after the opening a meld
        takes them only once it holds five naturals (canasta/3.1)."""
        if self.opts.wild_melds == "italian" and kind == "group" and any(c.rank == "2" for c in cards) and any(
                kind_of_key(k) == "wild" and not is_canasta("wild", m)
                for k, m in {**self.melds[side], **made}.items()):
            raise foul("canasta/3.3", _("meld {i}: while the side's deuce meld is unfinished, its 2s are not used "
                                        "as wild cards", i=i + 1), penalty, f"/melds/{i}")
        if existing is not None and self.opts.strict_wild_cards and any(is_wild(c) for c in cards) \
                and is_canasta(kind, existing):
            raise foul("canasta/3.1", _("meld {i}: strict wild cards: no wild card is added to a canasta",
                                        i=i + 1), penalty, f"/melds/{i}")
        if self.opts.strict_wild_cards and kind == "group" and self.has_melded(side) \
                and any(is_wild(c) for c in cards) and sum(1 for c in combined if not is_wild(c)) < 5:
            raise foul("canasta/3.1", _("meld {i}: strict wild cards: after the opening a meld takes wild cards "
                                        "only once it holds five natural cards", i=i + 1), penalty, f"/melds/{i}")

    def verify_meld(self, player: str, groups: list, final_discard: Card | None = None,
                    going_out: bool | None = None) -> dict:
        """Whether ``player`` may lay down ``groups`` now; returns ``{"melds", "hand_after", "going_out", ...}``.

        ``going_out`` defaults to whether the hand is then empty (or holds only ``final_discard``).
        Raises IllegalAction: canasta/6.1 (turn, cards held), 3.1/2.3 (meld legality), 4.1 (initial minimum),
        6.2 (going out needs canastas; keep a card otherwise), 6.3 (the partner's answer), 6.5 (last red three).
        """
        self._verify_turn(player, "play")
        if self.last_red_three and self.opts.red_three_last_card == "no_meld":
            raise IllegalAction("canasta/6.5", _("the last stock card was a red three: no meld, the hand is over"))
        side = self.layout.side_of[player]
        cards = [c for g in groups for c in (g[1] if isinstance(g, tuple) else g)]     # group_cards of each
        rest = self._verify_laid_held(player, groups, cards, final_discard)
        out_now, more = self._going_out_now(side, rest, final_discard, going_out)
        keeps = self.opts.keep_last_card and self._keeps_last_card(side, len(rest), final_discard, groups)
        waive = keeps or more        # no going out now: the last card is kept, or more cards come
        made = self._verify_melds(side, groups, going_out=(out_now or len(rest) <= 1) and not waive)
        canastas = self.canastas(side, made)
        if len(rest) <= 1 or keeps or final_discard is not None or not self.opts.black_threes_out_discard:
            self._verify_cards_left(player, side, made, cards, rest, final_discard, keeps, waive)
        finishing = len(rest) <= 1 and not waive   # a last card left must be discarded: the player is going out
        # (going out now is finishing; neither, for a side that has opened, has nothing to check)
        concealed = self._verify_finishing(player, side, groups, made, finishing, out_now) \
            if finishing or not self.has_melded(side) else False
        return {"melds": made, "hand_after": rest, "going_out": out_now, "concealed": concealed,
                "canastas": canastas}

    def _going_out_now(self, side: str, rest: list[Card], final_discard: Card | None,
                       going_out: bool | None) -> tuple[bool, bool]:
        """Whether a meld leaving ``rest`` in hand goes out now (``going_out`` as :meth:`verify_meld` takes it), and
        whether the side's opening brings stock cards first (Mexicana, opening_bonus_cards: nobody goes out with
        it, canasta/4.2).  Going out with cards left, or without the discard the variant requires, is refused
        (canasta/6.2)."""
        out_now = (len(rest) == 0 or (final_discard is not None and len(rest) == 1)) if going_out is None \
            else going_out
        if going_out and final_discard is None and rest:
            raise IllegalAction("canasta/6.2", _leaves(len(rest)))
        if not rest and final_discard is None and self.opts.going_out_discard == "required":
            raise foul("canasta/6.2", _("going out ends with a discard: keep a card to discard"), None, "/melds")
        more = bool(self.opts.opening_bonus_cards) and not self.has_melded(side) and side not in self.extra_given
        if more and (final_discard is not None or going_out):
            raise foul("canasta/4.2", ngettext(
                "the meld that opens the side brings {n} stock card first: the player draws it before he can go out",
                "the meld that opens the side brings {n} stock cards first: the player draws them before he can go "
                "out", self.opts.opening_bonus_cards), None, "/melds")
        return out_now and not more, more

    def _verify_finishing(self, player: str, side: str, groups: list, made: dict[str, list[Card]],
                          finishing: bool, out_now: bool) -> bool:
        """A player ``finishing`` (going out) asks first where ask_required and not after a no (canasta/6.3); a side
        that has not opened meets its initial minimum (canasta/4.1), which going out concealed after a draw from
        the stock waives (concealed_waives_minimum, canasta/6.4).  Returns whether the player goes out
        (``out_now``) concealed."""
        if finishing and self.opts.ask_required and self.answer is None:
            raise foul("canasta/6.3", _("a player asks his partner before going out"), None, "/melds")
        if finishing and self.answer == "no":
            raise foul("canasta/6.3", _("the partner answered no: the player may not go out this turn"), P_ASK)
        if not self.has_melded(side):
            count = sum(cards_value(group_cards(g)) for g in groups)
            waived = finishing and self.drew_from == "stock" and self.opts.concealed_waives_minimum \
                and self._concealed_with(player, made)
            fault = None if waived else self._opening_fault(side, count, made, "/melds")
            if fault:
                raise fault
        return out_now and self._concealed_with(player, made)

    def _verify_laid_held(self, player: str, groups: list, cards: list[Card],
                          final_discard: Card | None) -> list[Card]:
        """The cards of ``groups`` (and the final discard) are in ``player``'s hand (canasta/6.1), the final
        discard may be the last card (canasta/6.2, 2.3) and leaves nothing.  Returns the hand without the melds."""
        rest = take_from(self.hand(player), cards)
        if rest is None:
            raise _not_held(player, self.hand(player), groups)
        if final_discard is not None:
            rest2 = take_from(rest, [final_discard])
            if rest2 is None:
                raise foul("canasta/6.1", _("{player} does not hold {card}", player=player, card=final_discard), None,
                           "/card")
            self._verify_discard_card(final_discard, last=True)
            if rest2:
                raise foul("canasta/6.2", _leaves(len(rest2)))
        return rest

    def _verify_cards_left(self, player: str, side: str, made: dict[str, list[Card]], cards: list[Card],
                           rest: list[Card], final_discard: Card | None, keeps: bool, waive: bool) -> None:
        """What a meld leaves in hand (canasta/6.2): going out, or down to one card, needs the canastas going out
        asks (and a game where somebody goes out); a card kept is no penalty card (canasta/8.7); no discard after
        black threes melded going out where black_threes_out_discard is off (canasta/2.3); a single card left can
        be discarded."""
        if len(rest) <= 1 and not waive:
            why = self.go_out_fault(side, made)
            if why:
                raise foul("canasta/6.2", _("{why}; without them a player keeps a card to discard and one more",
                                            why=why), P_OUT)
        if len(rest) <= 1 and self.opts.no_going_out:
            raise foul("canasta/6.2", _("nobody goes out in this game: keep a card to discard and one more"), None,
                       "/melds")
        if keeps and self._penalty_left(player, cards):
            raise foul("canasta/8.7", _("{card} is a penalty card: it is his discard, so it may not be the last card "
                                        "he keeps", card=rest[0]), None, "/melds")
        if not self.opts.black_threes_out_discard and "3" in made \
                and (final_discard is not None or (len(rest) == 1 and not waive)):
            raise foul("canasta/2.3", _(_BLACK_THREES_OUT), None, "/card" if final_discard is not None else "/melds")
        if final_discard is None and len(rest) == 1 and not waive:
            try:
                self._verify_discard_card(rest[0], last=True)
            except IllegalAction as e:
                raise foul(e.rule, _("{fault}, so it may not be the only card left: keep another", fault=e.message),
                           None, "/melds") from None

    def _keeps_last_card(self, side: str, left: int, final_discard: Card | None, groups: list) -> bool:
        """keep_last_card (the seed's 12-card classic): a player whose side may not go out and who is left with one
        card keeps it and skips the discard (canasta/6.2)."""
        if not self.opts.keep_last_card or left != 1 or final_discard is not None:
            return False
        try:
            made = self._verify_melds(side, groups, going_out=False)
        except IllegalAction:
            return False
        return self.go_out_fault(side, made) is not None

    def can_meld(self, player: str, groups: list) -> bool:
        return allowed(self.verify_meld, player, groups)

    def _record_melds(self, player: str, made: dict[str, list[Card]]) -> None:
        side = self.side(player)
        n = self.opts.opening_bonus_cards
        if n and side not in self.extra_given and any(kind_of_key(k) != "black_threes" for k in made):
            self.extra_given.add(side)
            self.extra_due[player] = n
        melds = self.melds[side]
        start = self.start_ranks
        if start is None:
            start = self.start_ranks = set(melds)
        for rank, cards in made.items():
            before = melds.get(rank)
            if before is not None and rank in start and len(cards) > len(before):
                self.laid_on_partner = True
            if len(cards) >= 7:                  # a canasta holds seven cards or more
                kind = kind_of_key(rank)
                if is_canasta(kind, cards) and not (before and is_canasta(kind, before)):
                    self.own_canasta = True
                    if not self.canasta_makers and self.opts.first_canasta_bonus_cards:
                        self.extra_due[player] = self.opts.first_canasta_bonus_cards
                    self.canasta_makers.add(player)
            melds[rank] = cards
        self.turn_melded = True

    def _concealed_with(self, player: str, made: dict[str, list[Card]]) -> bool:
        """Whether going out after laying ``made`` would be concealed (canasta/6.4)."""
        if self.melded_before[player] or self.laid_on_partner:
            return False
        side = self.side(player)
        start = self.start_ranks if self.start_ranks is not None else set(self.melds[side])
        if self.opts.concealed_rule == "side" and any(k != "3" for k in start):
            return False              # Canasta Palace: the side had melded before this turn
        canasta = self.own_canasta
        for rank, cards in made.items():
            before = self.melds[side].get(rank)
            if rank in start and before is not None and len(cards) > len(before):
                return False
            if is_canasta(kind_of_key(rank), cards) and not (before and is_canasta(kind_of_key(rank), before)):
                canasta = True
        return canasta

    def apply_meld(self, player: str, groups: list) -> dict:
        v = self.verify_meld(player, groups)
        return self._meld(player, v)

    def _meld(self, player: str, v: dict) -> dict:
        """The meld's changes, ``v`` as :meth:`verify_meld` returns it."""
        self._record_melds(player, v["melds"])
        if self.penalty_cards:
            self._set_hand(player, v["hand_after"])
        else:
            self.hands[player] = v["hand_after"]
        effects = {"canastas": v["canastas"]}
        if self.extra_due and self.extra_due.get(player):
            effects["extra_cards_due"] = self.extra_due[player]
        if self.last_red_three:
            self._end(None)
        elif self.opts.keep_last_card and self._keeping(player):
            effects["turn_passes"] = self._pass_kept(player)
        elif not v["hand_after"] and not self.extra_due.get(player):
            self._end(player, v["concealed"])
            effects["went_out"] = True
            effects["concealed"] = v["concealed"]
        return effects

    # ------------------------------------------------------------------ discard
    def _verify_discard_card(self, card: Card, last: bool) -> None:
        """What may never be discarded, or never as the ``last`` card (going out): canasta/2.1 (red threes),
        2.3 (black threes in the first round; as the last card, black_three_last_discard), 6.1 (sevens)."""
        if is_red_three(card):
            raise foul("canasta/2.1", _("a red three is laid out on the table, never discarded"), None, "/card")
        if is_black_three(card) and self.opts.black_three_first_round and self.discards < len(self.layout.seats):
            raise foul("canasta/2.3", _("no black three is discarded in the first round of turns"), None, "/card")
        if is_black_three(card) and last and not self.opts.black_three_last_discard:
            raise foul("canasta/2.3", _("a black three is not the last discard: it is melded in the going-out turn"),
                       None, "/card")
        if card.rank == "7" and self.opts.sevens_discard == "after_sevens_canastas":
            if last:
                raise foul("canasta/6.1", _("a seven is never the last discard"), None, "/card")
            if not all(any(k.split("#")[0] == "7" and is_canasta("group", m) for k, m in melds.items())
                       for melds in self.melds.values()):
                raise foul("canasta/6.1", _("no seven is discarded until each side has a canasta of sevens"), None,
                           "/card")

    def verify_discard(self, player: str, card: Card) -> dict:
        """Whether ``player`` may discard ``card`` now (canasta/6.1); a last card is going out (6.2, 6.3, 8.5)."""
        self._verify_turn(player, "play")
        if self.last_red_three:
            raise IllegalAction("canasta/6.5", _("the last stock card was a red three: no discard, the hand is over"))
        hand = self.hand(player)
        rest: list[Card] | None
        if card.suit and card in hand:          # take_from for one card named with its suit: its first copy
            rest = kept = list(hand)
            kept.remove(card)
        else:
            rest = take_from(hand, [card])
        if rest is None:
            raise foul("canasta/6.1", _("{player} does not hold {card}", player=player, card=card), None, "/card")
        if card.rank == "3" or card.rank == "7":     # only threes and sevens are ever refused as such
            self._verify_discard_card(card, last=not rest)
        shown = self.penalty_cards.get(player) if self.penalty_cards else None
        if shown and not any(alike(card, p) for p in shown):
            raise foul("canasta/8.7",
                       ngettext("{player} has a penalty card face up ({cards}): his discard is that card",
                                "{player} has penalty cards face up ({cards}): his discard is one of them",
                                len(shown), player=player, cards=list(shown)), None, "/card")
        if rest and self.answer is None:
            return {"hand_after": rest}         # not the last card, no question asked: nothing below applies
        side = self.side(player)
        if not rest and self.opts.no_going_out:
            raise foul("canasta/6.2", _("nobody goes out in this game: the last card is never discarded"), None,
                       "/card")
        if not rest:
            why = self.go_out_fault(side)
            if why and self.opts.keep_last_card:
                raise foul("canasta/6.2",
                           _("{why}; without them the last card is kept, not discarded, and the turn passes", why=why),
                           P_OUT, "/card")
            if why:
                raise foul("canasta/6.2", why, P_OUT, "/card")
            if self.opts.ask_required and self.answer is None:
                raise foul("canasta/6.3", _("a player asks his partner before going out"), None, "/card")
            if self.answer == "no":
                raise foul("canasta/6.3", _("the partner answered no: the player may not go out this turn"), P_ASK,
                           "/card")
        elif self.answer == "yes" and self.way_out(player) is not None:
            raise foul("canasta/6.3", _("the player asked late: the player can go out, so he must") if self.asked_late
                       else _("the partner answered yes: the player can go out, so he must"), P_ASK, "/card")
        return {"hand_after": rest}

    def can_discard(self, player: str, card: Card) -> bool:
        return allowed(self.verify_discard, player, card)

    def apply_discard(self, player: str, card: Card) -> dict:
        rest = self.verify_discard(player, card)["hand_after"]
        return self._discard(player, card, rest)

    def _discard(self, player: str, card: Card, rest: list[Card]) -> dict:
        """The discard's changes, ``rest`` being the hand after it."""
        self.discards += 1
        fined = None
        if rest and self.answer == "yes":         # he asked, was told yes, and cannot go out: 100 (canasta/8.5)
            fined = {"rule": "canasta/8.5", "side": self.side(player), "points": -100,
                     "note": _("{player} could not go out after his partner's yes", player=player)}
            self.penalties.append(fined)
        if self.penalty_cards:
            self._set_hand(player, rest)
        else:
            self.hands[player] = rest
        # a wild card blocks the pile for a round; full_round: its discarder's turn is over (canasta/5.1)
        self.pile.discard(card, player, wild_block=self.opts.wild_block,
                          black_three_freezes=self.opts.black_three_freezes)
        if fined:
            self._pass_turn(player)
            return {"pile_frozen": self.pile.frozen_by is not None or self.opts.strict_pile, "penalty": fined}
        if not rest:
            concealed = self._concealed_with(player, {})
            self._end(player, concealed)
            return {"went_out": True, "concealed": concealed}
        if self.stock == 0 and (self.opts.stock_end == "stop"
                                or (self.opts.stock_end == "one_buy" and self.buy_window)):
            self._pass_turn(player)
            self._end(None)                  # the discard after the last stock card (or its buyer's) ends the hand
            return {"hand_ends": _("the stock is gone: the hand ends with this discard")}
        if self.stock == 0 and self.opts.stock_end == "one_buy":
            self.buy_window = True           # the next player may still buy this discard, once
        self._pass_turn(player)
        return {"pile_frozen": self.pile.frozen_by is not None or self.opts.strict_pile}

    def _keeping(self, player: str) -> bool:
        """Whether ``player``, left with one card his side may not go out on, keeps it (keep_last_card)."""
        return bool(self.opts.keep_last_card and len(self.hands.get(player) or []) == 1
                    and self.go_out_fault(self.side(player)) and not self.extra_due.get(player))

    def _pass_kept(self, player: str) -> str:
        self._pass_turn(player)
        return _("{player} keeps his last card and skips the discard; {turn} plays", player=player,
                 turn=self.turn)

    def take_irregularities(self) -> list[IllegalAction]:
        """The rules broken by the last action that do not stop the play (``validate`` lists them, ``check`` rules
        the action illegal), emptied once read."""
        out, self.irregularities = self.irregularities, []
        return out

    def _note_kept_red_three(self, player: str) -> None:
        """A player who ends his turn with a red three in hand, when he could have laid it out, breaks canasta/2.1
        (once a deal); laid out later it costs nothing, held to the end 500 (8.3, charged when the deal is
        scored)."""
        if self.stock < 1 or player in self.kept_red_three:
            return
        hand = self.hands.get(player) or []
        if _RED_3H not in hand and _RED_3D not in hand:       # at C speed: nearly every turn
            if self.unseen_red_threes and UNSEEN in hand:     # a red three may be among the cards nobody has seen
                self.undecided.append(self.red_three_condition(player))
            return
        kept = [c for c in hand if is_red_three(c)]
        if kept:
            self.kept_red_three.add(player)
            self.irregularities.append(foul("canasta/2.1", ngettext(
                "{player} ends his turn with a red three in hand ({cards}): it is laid out in his turn and replaced "
                "from the stock",
                "{player} ends his turn with red threes in hand ({cards}): they are laid out in his turn and "
                "replaced from the stock", len(kept), player=player, cards=kept), P_KEPT))

    def red_three_condition(self, player: str) -> dict:
        """The condition a turn's end puts on a hand known in part that may hold a red three (canasta/2.1)."""
        return {"rule": "canasta/2.1", "player": player, "lacks_red_three": True,
                "text": _("legal only if {player} holds no red three", player=player)}

    def unseen_red_three_possible(self, player: str) -> bool:
        """Whether ending the turn now could keep a red three among ``player``'s cards nobody has seen."""
        hand = self.hands.get(player) or []
        return (player not in self.kept_red_three and self.stock >= 1 and self.unseen_red_threes > 0
                and UNSEEN in hand and not any(is_red_three(c) for c in hand))

    def kept_red_three_now(self, player: str) -> bool:
        """Whether ending the turn now would keep a red three the player could lay out (canasta/2.1)."""
        return player not in self.kept_red_three and self.stock >= 1 and any(
            is_red_three(c) for c in self.hands.get(player) or [])

    def _pass_turn(self, player: str) -> None:
        if self.stock >= 1 and player not in self.kept_red_three:     # what _note_kept_red_three looks at first
            self._note_kept_red_three(player)
        if self.turn_melded:
            self.melded_before[player] = True
        self.turn = turn = self.layout.following[player]     # the seat after the player's
        self.phase = "draw"
        if self.pile.block_owner is not None:
            self.pile.turn_begins(turn, self.opts.wild_block)   # one_round: a block's round is over (5.1)
        self._new_turn()

    def way_out(self, player: str) -> tuple[list, Card | None] | None:
        """One way for ``player`` to go out now, as ``(melds, last discard or None)``, or None: greedy, naturals to
        the side's melds of their rank or into new melds, wild cards where a meld takes them (canasta/6.2).  None
        for a hand known in part (its unseen cards cannot be laid down)."""
        hand = self.hands.get(player) or []
        if UNSEEN in hand:
            return None
        side = self.side(player)
        for discard in [None] + list(dict.fromkeys(hand)):
            rest = known(take_from(hand, [discard])) if discard is not None else list(hand)
            by_rank: dict[str, list[Card]] = {}
            wilds = [c for c in rest if is_wild(c)]
            for c in rest:
                if not is_wild(c):
                    by_rank.setdefault(c.rank if not is_black_three(c) else "3", []).append(c)
            groups: list = [(rank, cs) if rank != "3" and self.own_key(side, rank) is not None else list(cs)
                            for rank, cs in by_rank.items()]
            for w in wilds:                   # a wild card goes to the first meld that still takes it
                for k, g in enumerate(groups):
                    cards = group_cards(g)
                    if cards and cards[0].rank != "3":
                        trial = groups[:k] + [(g[0], cards + [w]) if isinstance(g, tuple) else cards + [w]] \
                            + groups[k + 1:]
                        if allowed(self._verify_melds, side, [trial[k]]):
                            groups = trial
                            break
            if groups and allowed(self.verify_go_out, player, groups, discard) or \
                    (not groups and discard is not None and allowed(self.verify_go_out, player, [], discard)):
                return groups, discard
        return None

    # ------------------------------------------------------------------ going out in one step
    def verify_go_out(self, player: str, groups: list, discard: Card | None) -> dict:
        """Meld ``groups`` and discard ``discard`` (or nothing) leaving no card (canasta/6.2–6.4, 2.3)."""
        self._verify_turn(player, "play")
        if self.opts.no_going_out:
            raise foul("canasta/6.2", _("nobody goes out in this game: the deal runs to the end of the stock"))
        hand = self.hand(player)
        left = take_from(hand, [c for g in groups for c in group_cards(g)])
        if left is not None and len(left) == 2 and all(is_black_three(c) for c in left):
            raise IllegalAction("canasta/2.3", _("two black threes can be neither melded nor both discarded"))
        if discard is not None and self.last_red_three:
            raise IllegalAction("canasta/6.5", _("the last stock card was a red three: no discard, the hand is over"))
        if not groups:
            if discard is None:
                raise IllegalAction("canasta/6.2", _("going out melds the remaining cards or discards the last one"))
            if len(hand) != 1:
                raise IllegalAction("canasta/6.2", _leaves(len(hand) - 1))
            v = self.verify_discard(player, discard)
            return {**v, "going_out": True, "concealed": self._concealed_with(player, {}), "melds": {}}
        return self.verify_meld(player, groups, final_discard=discard, going_out=True)

    def can_go_out(self, player: str, groups: list, discard: Card | None) -> bool:
        return allowed(self.verify_go_out, player, groups, discard)

    def apply_go_out(self, player: str, groups: list, discard: Card | None) -> dict:
        v = self.verify_go_out(player, groups, discard)
        if groups:
            self._record_melds(player, v["melds"])
            self._set_hand(player, v["hand_after"])
        if discard is not None:
            self._set_hand(player, known(take_from(self.hand(player), [discard])))
            self.pile.push(discard, self.opts.black_three_freezes)
        self._end(player, v["concealed"])
        return {"went_out": True, "concealed": v["concealed"]}

    # ------------------------------------------------------------------ exposed cards
    def verify_expose(self, player: str, cards: list[Card]) -> None:
        """``player`` showed or dropped ``cards`` of his hand by accident, at any moment of the deal (canasta/8.7).

        Raises IllegalAction: canasta/8.7 (the hand is over), 6.1 (cards not held, or already face up).
        """
        if self.phase == "done":
            raise IllegalAction("canasta/8.7", _("the hand is over: no card is a penalty card any more"))
        if take_from(self.hand(player), self.penalty_cards.get(player, []) + cards) is None:
            raise foul("canasta/6.1", _("{player} does not hold all of these cards (beside those already face up)",
                                        player=player), None, "/cards")

    def can_expose(self, player: str, cards: list[Card]) -> bool:
        return allowed(self.verify_expose, player, cards)

    def apply_expose(self, player: str, cards: list[Card]) -> dict:
        """The cards stay in the hand, face up: each is melded or becomes the player's next discard (no points).
        Not in a game without exposure penalties (count_and_exposure_penalties=false, canasta/8.11)."""
        self.verify_expose(player, cards)
        if not self.opts.count_and_exposure_penalties:
            return {"penalty_cards": [], "note": _("no penalty cards in this game")}
        self.penalty_cards[player] = self.penalty_cards.get(player, []) + list(cards)
        return {"penalty_cards": [str(c) for c in self.penalty_cards[player]]}

    # ------------------------------------------------------------------ permission
    def verify_ask(self, player: str) -> None:
        """Asking "partner, may I go out?" (canasta/6.3; wrong timing is 8.5)."""
        self._verify_turn(player, ("draw", "play"))
        if self.opts.no_going_out:
            raise IllegalAction("canasta/6.2", _("nobody goes out in this game: there is nothing to ask"))
        if not self.layout.partners(player):
            raise IllegalAction("canasta/6.3", _("a player without a partner has nobody to ask"))
        if self.last_red_three:
            raise foul("canasta/6.5", _("the last stock card was a red three: nobody goes out"))
        if self.turn_melded or self.drew_from == "pile":
            if self.way_out(player) is not None:
                e = foul("canasta/6.3", _("the question comes before any card of the turn is shown or melded, and "
                                          "before the pile is taken: asked late, the player must now go out, which "
                                          "he can (no points)"))
            else:
                e = foul("canasta/6.3", _("the question comes before any card of the turn is shown or melded, and "
                                          "before the pile is taken: asked late, the player must go out and cannot"),
                         P_ASK)
            e.late_ask = True           # a log goes on: see apply_late_ask
            raise e
        if self.answer is not None:
            raise IllegalAction("canasta/6.3", _("the question has been asked and answered this turn"))

    def can_ask(self, player: str) -> bool:
        return allowed(self.verify_ask, player)

    def apply_late_ask(self, player: str) -> dict | None:
        """After a late question (canasta/8.5) the play goes on: a player who can go out must, as after a yes; one
        who cannot is charged 100 and plays on.  Returns the penalty charged, if any."""
        if self.way_out(player) is not None:
            self.answer, self.asked_late = "yes", True
            return None
        fined = {"rule": "canasta/8.5", "side": self.side(player), "points": -100,
                 "note": _("{player} asked late and could not go out", player=player)}
        self.penalties.append(fined)
        return fined

    def apply_ask(self, player: str, answer: str) -> dict:
        self.verify_ask(player)
        self.answer = answer
        return {"binding": answer}

    # ------------------------------------------------------------------ end of the stock
    def must_take(self, player: str) -> bool:
        """With the stock gone, whether the player is obliged to take the pile (canasta/6.5)."""
        top, side = self.pile.top, self.side(player)
        if top is None or is_wild(top) or is_black_three(top) or self.frozen_for(side):
            return False
        if self.own_key(side, top.rank, unfinished=self.opts.layoff_take == "below_canasta") is None:
            return False
        return self.can_take_pile(player, [])

    def verify_end(self, player: str) -> None:
        """The stock is gone and the player in turn does not take the pile, or (red_three_last_card=meld_then_end)
        the drawer of a last red three ends the hand without melding (canasta/6.5); or, under keep_last_card, a
        player left with one card his side may not go out on ends his turn keeping it (canasta/6.2)."""
        if self.last_red_three and self.phase == "play" and player == self.turn:
            return
        if self.phase == "play" and player == self.turn and self._keeping(player):
            return                  # keep_last_card: he keeps his one card and his turn ends (canasta/6.2)
        self._verify_turn(player, "draw")
        if self.stock > 0:
            raise IllegalAction("canasta/6.5", ngettext("the stock still holds {n} card: draw or take the pile",
                                                        "the stock still holds {n} cards: draw or take the pile",
                                                        self.stock))
        if self.opts.stock_end == "play_on" and self.must_take(player):
            raise IllegalAction("canasta/6.5", _("the top {rank} fits the side's meld and the pile is not frozen: "
                                                 "with the stock gone the player must take it",
                                                 rank=Rank(known(self.pile.top).rank)))

    def can_end(self, player: str) -> bool:
        return allowed(self.verify_end, player)

    def apply_end(self, player: str) -> dict:
        self.verify_end(player)
        if self.phase == "play" and not self.last_red_three:
            return {"turn_passes": self._pass_kept(player)}
        self._end(None)
        return {"hand_ends": _("the stock is gone and the pile is not taken")}

    # ------------------------------------------------------------------ the cards the first meld brings (Mexicana)

    def verify_extra_cards(self, player: str, cards: list[Card] | None = None) -> int:
        """The player whose meld opened his side draws ``opening_bonus_cards`` from the stock (canasta/4.2);
        ``cards``, when given, are the cards taken in order, red threes and their replacements included."""
        self._verify_turn(player, "play", extra=True)
        due = self.extra_due.get(player, 0)
        if not due:
            raise foul("canasta/4.2", _("no extra cards are due: they follow the side's first meld, once")
                       if self.opts.opening_bonus_cards else
                       _("no extra cards are due: they follow the first canasta of the deal, once"))
        want = min(due, self.stock)
        if cards is not None:
            naturals = [c for c in cards if not is_red_three(c)]
            if len(cards) > self.stock or (len(naturals) != want and len(cards) != self.stock):
                raise foul("canasta/4.2", ngettext(
                    "the side's first meld brings {n} card from the stock (red threes are replaced), not {got}",
                    "the side's first meld brings {n} cards from the stock (red threes are replaced), not {got}",
                    want, got=len(naturals)) if self.opts.opening_bonus_cards else ngettext(
                    "the first canasta of the deal brings {n} card from the stock (red threes are replaced), not {got}",
                    "the first canasta of the deal brings {n} cards from the stock (red threes are replaced), not "
                    "{got}", want, got=len(naturals)), None, "/cards")
        return want

    def can_extra_cards(self, player: str, cards: list[Card] | None = None) -> bool:
        return allowed(self.verify_extra_cards, player, cards)

    def apply_extra_cards(self, player: str, cards: list[Card] | None = None) -> dict:
        want = self.verify_extra_cards(player, cards)
        if cards is None:
            self.stock -= want
        else:
            reds = [c for c in cards if is_red_three(c)]
            self.stock -= len(cards)
            self.red_threes[self.side(player)] = self.red_threes[self.side(player)] + reds
            self.red_by_player[player] = self.red_by_player.get(player, 0) + len(reds)
            held = self.hands.get(player)
            if held is not None:
                self._set_hand(player, held + [c for c in cards if not is_red_three(c)])
        del self.extra_due[player]
        return {"drawn": want}

    # ------------------------------------------------------------------ the packet (Pennies from Heaven)
    def verify_packet(self, player: str) -> None:
        """A player who has completed a canasta adds his face-down packet to his hand (canasta/1.5)."""
        self._verify_turn(player, "play")
        if player not in self.packets:
            raise foul("canasta/1.5", _("{player} has no packet to take: none was dealt, or he has taken it",
                                        player=player))
        if player not in self.canasta_makers:
            raise foul("canasta/1.5", _("{player} takes his packet once he has completed a canasta", player=player))

    def can_packet(self, player: str) -> bool:
        return allowed(self.verify_packet, player)

    def apply_packet(self, player: str) -> dict:
        self.verify_packet(player)
        cards = self.packets.pop(player)
        held = self.hands.get(player)
        if cards is not None and held is not None:
            reds = [c for c in cards if is_red_three(c)]
            self.red_threes[self.side(player)] = self.red_threes[self.side(player)] + reds
            self._set_hand(player, held + [c for c in cards if not is_red_three(c)])
        return {"packet": self.opts.packet_size}

    # ------------------------------------------------------------------ double ending
    def verify_double_ending(self, player: str, groups: list) -> dict:
        """The partner of the player who went out lays down his whole hand too (canasta/6.6, option double_ending)."""
        if not self.opts.double_ending:
            raise foul("canasta/6.6", _("the double ending is not played under these options"))
        outcome = self.outcome or {}
        went = outcome.get("went_out")
        if self.phase != "done" or went is None or player not in self.layout.partners(went):
            raise foul("canasta/6.6", _("only the partner of the player who just went out lays down his hand after "
                                        "him"))
        if outcome.get("double_ending"):
            raise foul("canasta/6.6", _("the double ending has been made"))
        hand = self.hand(player)
        rest = take_from(hand, [c for g in groups for c in group_cards(g)])
        if rest is None:
            raise _not_held(player, hand, groups)
        if rest:
            raise foul("canasta/6.6", ngettext("a double ending lays down the whole hand; {n} card would remain",
                                               "a double ending lays down the whole hand; {n} cards would remain",
                                               len(rest)))
        return self._verify_melds(self.side(player), groups, going_out=True)

    def can_double_ending(self, player: str, groups: list) -> bool:
        return allowed(self.verify_double_ending, player, groups)

    def apply_double_ending(self, player: str, groups: list) -> dict:
        made = self.verify_double_ending(player, groups)
        side = self.side(player)
        for key, cards in made.items():
            self.melds[side][key] = cards
        self._set_hand(player, [])
        assert self.outcome is not None, "verify_double_ending: the deal is over"
        self.outcome["double_ending"] = True
        return {"double_ending": True}

    # ------------------------------------------------------------------ as played (validate, replay as_played)
    AS_PLAYED = ("draw", "take_pile", "meld", "discard", "go_out")

    def apply_as_played(self, t: str, player: str, cards: list[Card] | None = None, groups: list | None = None,
                        card: Card | None = None) -> dict:
        """Apply, as a log says it was played, an action that its ``verify_<t>`` refused (``validate`` with ``replay``
        as_played: the table is what happened).  ``cards``: drawn, or shown with the pile's top card; ``groups``: the
        melds; ``card``: the discard.

        Applied as played are a ``draw``, ``take_pile``, ``meld``, ``discard`` or ``go_out`` by the player in turn,
        in the part of his turn it belongs to, that the cards allow: he holds the cards he shows, melds and
        discards, the pile has a top card, the stock holds the cards drawn.  The rules so overridden are those its
        ``verify_`` names: canasta/2.1 (a red three shown, discarded, or not replaced), 2.3 (black threes), 3.1, 3.3
        and 3.4 (what a meld holds), 4.1 and 4.2 (the first meld), 5.1, 5.2 and 5.3 (taking the pile), 6.1 (sevens
        discarded, the number of cards drawn), 6.2 (going out), 6.3 (permission), 6.5 (melding or discarding after
        a last red three), 8.7 (penalty cards) and 8.8 (a surplus drawn).  Cards melded against the rules go where
        the log lays them: on the side's meld they name, else into a new meld.

        Raises :class:`NotPlayable` for anything else (another action; out of turn, a second draw, a meld before
        the draw, extra cards due first; cards not held): the deal's judging ends there.
        """
        if t not in self.AS_PLAYED or self.hands.get(player) is None:
            raise NotPlayable(t)
        try:
            self._verify_turn(player, "draw" if t in ("draw", "take_pile") else "play")
        except IllegalAction:
            raise NotPlayable(t) from None
        hand, side = self.hand(player), self.side(player)
        if t == "draw":
            if cards is None or len(cards) > self.stock:
                raise NotPlayable(t)
            return self._draw(player, cards, judged=False)
        if t == "discard":
            rest = take_from(hand, [card]) if card is not None else None
            if rest is None or card is None:
                raise NotPlayable(t)
            return self._discard(player, card, rest)
        groups = groups or []
        laid = [c for g in groups for c in group_cards(g)]
        if t == "take_pile":
            shown = cards or []
            if self.pile.top is None or take_from(hand, shown + laid) is None:
                raise NotPlayable(t)
            made = self._laid_as_played(side, [[self.pile.top] + list(shown)] + list(groups))
            return self._take_pile(player, shown, groups, made)
        rest = take_from(hand, laid + ([card] if card is not None else []))
        if rest is None:
            raise NotPlayable(t)
        made = self._laid_as_played(side, groups)
        effects = {}
        if groups:
            effects = self._meld(player, {"melds": made, "hand_after": rest + ([card] if card is not None else []),
                                          "concealed": not rest and card is None and self._concealed_with(player, made),
                                          "canastas": self.canastas(side, made)})
        if card is not None and self.phase == "play" and self.turn == player:
            effects = self._discard(player, card, rest)
        return effects

    def take_pile_unmelded(self, player: str) -> dict:
        """The pile taken as a log has it when its top card was not melded with it (``validate`` as_played, a take
        in natural order whose melds do not hold the top card): the whole pile joins the hand.  Raises
        :class:`NotPlayable` out of turn, after the draw, or with no pile."""
        if self.hands.get(player) is None or self.pile.top is None:
            raise NotPlayable("take_pile")
        try:
            self._verify_turn(player, "draw")
        except IllegalAction:
            raise NotPlayable("take_pile") from None
        melded = self.turn_melded
        out = self._take_pile(player, [], None, {})
        self.turn_melded = melded                 # nothing was melded
        return out

    def _laid_as_played(self, side: str, groups: list) -> dict[str, list[Card]]:
        """The side's melds changed by ``groups`` laid as a log lays them, legal or not (see :meth:`_verify_melds`):
        on the meld they name or join by rank, else as a new meld filed by its first natural rank."""
        made: dict[str, list[Card]] = {}
        for i, g in enumerate(groups):
            try:
                key, cards = self._target(side, made, g, i)
            except IllegalAction:
                key, cards = None, group_cards(g)
            combined = ([] if key is None else made.get(key, self.melds[side].get(key, []))) + list(cards)
            if key is None:
                try:
                    kind = classify(combined, self.opts, going_out=True)
                except MeldFault:
                    kind = "group" if natural_rank(combined) else "wild"
                key = meld_key(kind, combined, set(self.melds[side]) | set(made))
            made[key] = combined
        return made

    def end_hand(self, went_out: str | None, concealed: bool = False) -> None:
        """The hand is over: ``went_out`` (a player, or None when it ended otherwise) went out, ``concealed`` or not
        (canasta/6.2, 6.4, 6.5).  A position that describes an ended hand ends its state with it."""
        self.phase = "done"
        self.outcome = {"went_out": went_out, "concealed": bool(went_out and concealed)}

    def _end(self, went_out: str | None, concealed: bool = False) -> None:
        self.end_hand(went_out, concealed)

    def verify_turn_start(self, player: str) -> None:
        """Raises :class:`IllegalAction` unless ``player`` may begin his turn now (his turn, nothing drawn yet, no
        extra cards due): what a take of the pile in natural order asks before its melds are known."""
        self._verify_turn(player, "draw")

    def missing_card(self, player: str, cards: list[Card]) -> int | None:
        """The place in ``cards`` of the first card the hand of ``player`` does not hold (matched as a take matches
        them, cards named with their suit first), or None when he holds them all."""
        found = _missing_card(self.hand(player), [cards], "")
        return None if found is None else int(found[0].rsplit("/", 1)[1])


# ------------------------------------------------------------------ what a player may do now

def legal_actions(st: DealState, actor: str) -> list[dict]:
    """What ``actor`` may do now: the draw, one way to take the pile, asking, each legal discard, ending the hand,
    and one way to go out when there is one.

    Melds are many; they are judged when proposed, and one legal opening is suggested when the side has none.
    """
    out: list[dict] = []
    if st.phase == "done" or st.turn != actor:
        return out
    hand = [c for c in st.hands.get(actor) or [] if c != UNSEEN]     # a hand known in part: its known cards
    for c in dict.fromkeys(c for c in hand if is_red_three(c)):
        if allowed(st.verify_red_three, actor, c):
            out.append({"type": "red_three", "player": actor, "card": str(c)})
    if st.phase == "draw":
        out += _draw_phase_actions(st, actor, hand)
    elif st.extra_due.get(actor):
        out.append({"type": "extra_cards", "player": actor})
    else:
        out += _play_phase_actions(st, actor, hand)
    if allowed(st.verify_ask, actor):
        out += [{"type": "ask", "player": actor, "answer": a} for a in ("yes", "no")]
    return out


def _draw_phase_actions(st: DealState, actor: str, hand: list[Card]) -> list[dict]:
    """Before the draw (canasta/6.1, 5.2, 6.5): the draw from the stock, one way to take the pile, ending the hand
    with the stock gone."""
    out: list[dict] = []
    if st.can_draw(actor):
        out.append({"type": "draw", "player": actor})
    way = way_to_take(st, actor, hand)
    if way is not None:
        out.append({"type": "take_pile", "player": actor, "cards": [str(c) for c in way[0]],
                    "melds": [[str(c) for c in m] for m in way[1]]})
    if allowed(st.verify_end, actor):
        out.append({"type": "end", "player": actor})
    return out


def _play_phase_actions(st: DealState, actor: str, hand: list[Card]) -> list[dict]:
    """After the draw: each legal discard (conditional on a red three the unseen cards may hold, canasta/2.1), one
    legal opening for a side that has none (canasta/4.1), one way to go out (canasta/6.2), ending the hand after a
    last red three (canasta/6.5)."""
    out: list[dict] = []
    seen = set()
    keeps_red = st.kept_red_three_now(actor)      # lay the red three out first (canasta/2.1)
    unseen_red = st.unseen_red_three_possible(actor)     # a hand known in part: each discard is conditional
    for c in hand:
        if c not in seen and not keeps_red and st.can_discard(actor, c):
            out.append({"type": "discard", "player": actor, "card": str(c)} |
                       ({"conditions": [st.red_three_condition(actor)]} if unseen_red else {}))
        seen.add(c)
    if not st.has_melded(st.side(actor)):
        opening = next((o for o in openings(st, actor, hand) if st.can_meld(actor, o)), None)
        if opening:
            out.append({"type": "meld", "player": actor, "melds": [[str(c) for c in m] for m in opening]})
    way = st.way_out(actor)
    if way is not None:
        groups, card = way
        act = {"type": "go_out", "player": actor,
               "melds": [{"rank": g[0], "cards": [str(c) for c in g[1]]} if isinstance(g, tuple)
                         else [str(c) for c in g] for g in groups]}
        if card is not None:
            act["card"] = str(card)
        out.append(act)
    if allowed(st.verify_end, actor):            # a last red three drawn: the hand ends (canasta/6.5)
        out.append({"type": "end", "player": actor})
    return out


def way_to_take(st: DealState, actor: str, hand: list[Card]):
    """One way for ``actor`` to take the pile, as ``(cards shown, further melds)``, or None (canasta/5.1, 5.2, 4.2):
    the naturals of the top card's rank (two or more, or one), with none, one or two wild cards, and for an
    opening the melds the rest of the hand can add."""
    top = st.pile.top
    if top is None or is_wild(top) or is_black_three(top) or is_red_three(top):
        return None
    nat = [c for c in hand if c.rank == top.rank]
    wild = sorted((c for c in hand if is_wild(c)), key=card_value)
    candidates: list[list[Card]] = [[]]
    for n in range(len(nat), 0, -1):
        for w in range(0, min(2, len(wild)) + 1):
            candidates.append(nat[:n] + wild[:w])
    side = st.side(actor)
    for shown in candidates:
        if st.can_take_pile(actor, shown, []):
            return shown, []
        if not st.has_melded(side):
            rest = known(take_from(hand, shown))
            extra = opening_melds(rest, st.minimum(side) - cards_value([top] + shown), st.opts, top.rank)
            if extra and st.can_take_pile(actor, shown, extra):
                return shown, extra
    return None


def openings(st: DealState, actor: str, hand: list[Card]) -> list[list[list[Card]]]:
    """Candidate opening melds from the hand: a greedy set worth the minimum (less what laid-out red threes count
    under red_threes_count_toward_opening), and each canasta the hand holds (canasta openings)."""
    side = st.side(actor)
    need = st.minimum(side)
    if st.opts.red_threes_count_toward_opening:
        need -= 5 * len(st.red_threes[side])
    out = []
    greedy = opening_melds(hand, need, st.opts)
    if greedy:
        out.append(greedy)
    by_rank: dict[str, list[Card]] = {}
    for c in hand:
        if not is_wild(c) and c.rank != "3":
            by_rank.setdefault(c.rank, []).append(c)
    wilds = [c for c in hand if is_wild(c)]
    for cs in by_rank.values():
        if len(cs) + min(len(wilds), 3) >= 7 and len(cs) >= 4:
            out.append([cs + wilds[:max(0, 7 - len(cs))]])
    return out


def opening_melds(hand: list[Card], need: int, opts: OptionsLike,
                  skip_rank: str | None = None) -> list[list[Card]] | None:
    """A greedy set of melds from ``hand`` worth at least ``need`` (canasta/4.1), or None."""
    opts = Options.of(opts)
    by_rank: dict[str, list[Card]] = {}
    for c in hand:
        if not is_wild(c) and not is_red_three(c) and not is_black_three(c) and c.rank != skip_rank:
            by_rank.setdefault(c.rank, []).append(c)
    wilds = sorted((c for c in hand if is_wild(c)), key=card_value, reverse=True)
    melds = []
    for cs in sorted(by_rank.values(), key=lambda cs: -cards_value(cs)):
        if len(cs) >= 3:
            melds.append(list(cs))
        elif len(cs) == 2 and wilds and meld_ok(cs + wilds[:1], opts, False):
            melds.append(cs + [wilds.pop(0)])
    total = sum(cards_value(m) for m in melds)
    for m in melds:
        while total < need and wilds and meld_ok(m + [wilds[0]], opts, False):
            w = wilds.pop(0)
            m.append(w)
            total += card_value(w)
    if need <= 0:
        return []
    if total < need or not melds:
        return None
    return melds


_BLACK_THREES_OUT = N_("after black threes are melded in the going-out turn no discard follows: the player goes out "
                       "by melding his last cards")


def _shown_card(text: str) -> Card | str:
    """The card ``text`` names, to show in a message (as given when it names none)."""
    try:
        return parse_card(text)
    except ValueError:
        return text


def _leaves(n: int) -> str:
    """Why a going out that leaves ``n`` cards is none (canasta/6.2)."""
    return ngettext("going out leaves no card in hand; {n} would remain",
                    "going out leaves no card in hand; {n} would remain", n)


__all__ = ["DealState", "Layout", "NotPlayable", "Pile", "foul", "legal_actions", "same", "take_from", "way_to_take"]
