"""Thousand: the three views (score, check, validate): build the position, run the deal state machine, answer.

Each function takes a request's typed record (``schemas/thousand.py``: ``ScoreBody``, ``CheckBody``,
``ValidateBody``, as the schemas load a body), the :class:`~referee.rulebook.Variant` and the effective options, and
returns the answer body.  Impossible input raises :class:`~referee.errors.InputError` with JSON pointers (see
:mod:`.parse`); rule breaches are rulings in the answer.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..common import parse_player, parse_players
from ..errors import IllegalAction, InputError
from ..i18n import _
from ..knowledge import Undecided
from ..replay import Replay, log_of
from . import pad
from .actions import dispatch, needs_hand
from .cards import DECK, card_points
from .deal import DealState, Layout
from .dealt import start_deal
from .melds import ACES
from .options import Options, OptionsLike
from .outcome import outcome_from_deal
from .parse import build_position
from .prior import parse_state
from .scoring import DealOutcome, GameState, settle

_DECK_RANKS = frozenset(DECK.ranks)     # the ranks of a card the deck holds (DECK.holds, without the call)

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import ActionGiven, CheckBody, DealEvent, ScoreBody, ValidateBody


def _players(req: ScoreBody | CheckBody | ValidateBody, variant) -> list[str]:
    """The request's players, as many as ``variant`` is played by (the shared check reads a body's ``players``)."""
    return parse_players({"players": req.players}, variant)


def score(req: ScoreBody, variant, opts: dict) -> dict:
    """Score one completed deal.  See the module doc and ``openapi.yaml`` for shapes."""
    players = _players(req, variant)
    dealer = parse_player(req.dealer, players, "/dealer")
    layout = Layout.of(players, dealer)
    state = parse_state(req.state, players, opts)
    deal = req.deal
    if pad.is_pad(deal):        # the pulka's form: a player's card points left out, or only who took a trick
        outcome, untallied = pad.outcome(deal, layout, opts, state)
    else:
        outcome, untallied = outcome_from_deal(deal, layout, opts, state), False
    res = finish(layout, opts, state, outcome)
    if untallied:               # the deal says only whether each player took a trick
        for p in res["players"]:
            p["tricks"] = None
    return res


def finish(layout, opts, state, outcome) -> dict:
    res = settle(layout, opts, state, outcome)
    used = res.pop("_used")
    for p in res["players"]:
        used.update(x["rule"] for x in p["lines"])
    res["_rules"] = used
    return res


def check(req: CheckBody, variant, opts: dict) -> dict:
    """Rule on one proposed action in a described position."""
    players = _players(req, variant)
    dealer = parse_player(req.dealer, players, "/dealer")
    layout = Layout.of(players, dealer)
    state = parse_state(req.state, players, opts)
    pos, action = req.position, req.action
    actor = parse_player(action.player, players, "/action/player")
    atype = action.type
    if actor not in layout.active:
        v = {"rule": "thousand/3.2", "message": _("{player} deals and sits out this deal", player=actor),
             "pointer": "/action/player"}
        return {"legal": False, "violations": [v], "penalties": [], "legal_actions": [], "effects": {},
                "_rules": {"thousand/3.2"}}
    if pos.hand is None and needs_hand(action, opts):
        raise InputError(_("give the hand of {player}: this action cannot be judged without it",
                           player=actor),
                         "/position/hand")
    st, ptrs = build_position(pos, layout, opts, state, actor, atype)
    if actor in st.partial:     # the cards an exchange or a discard shows are seen now
        st.show(actor, _shown(action))
    legal_before = st.legal_actions(actor)
    # the rules an action listed as legal only under conditions turns on (a hand known in part)
    listed = {c["rule"] for a in legal_before if "conditions" in a for c in a["conditions"]}
    deciding = _deciding_rules(st, actor, atype, action)
    conditions = None
    try:
        record = dispatch(st, action, actor, ptrs)
        verdict = None
    except IllegalAction as e:
        record, verdict = None, e
    except Undecided as u:      # the verdict turns on cards nobody has seen (a hand known in part)
        record, verdict, conditions = None, None, u.conditions
    rules = set(listed)
    violations = []
    if verdict is not None:
        violations.append(verdict.as_violation(action_pointer("/action", atype, verdict)))
        rules.add(verdict.rule)
    else:
        rules.update(deciding)
        rules.update(_effect_rules(record))
    if conditions is not None:
        return {"legal": None, "conditions": conditions, "violations": [], "penalties": [],
                "legal_actions": legal_before, "effects": {},
                "_rules": listed | {c["rule"] for c in conditions}}
    return {"legal": verdict is None, "violations": violations, "penalties": [], "legal_actions": legal_before,
            "effects": record or {}, "_rules": rules}


def _shown(action: ActionGiven) -> list:
    """The cards an exchange or a discard shows (none for any other action)."""
    gives = getattr(action, "gives", None)
    return list(gives.values()) if gives is not None else list(getattr(action, "cards", None) or [])


def _deciding_rules(st: DealState, actor: str, atype: str, action: ActionGiven) -> set[str]:
    """The rules that decide the action ``atype`` of ``actor`` in the position ``st``."""
    deciding = {ACTION_RULE[atype]}
    card = getattr(action, "card", None)
    if card is not None:        # a play (without its card, a 422 from dispatch)
        deciding = st.play_rules(actor, card)
    elif atype == "redeal":
        deciding = st.redeal_rules(actor, getattr(action, "reason", None) or "")
    elif atype in ("bid", "raise", "concede"):
        deciding |= st.call_rules(actor, atype, getattr(action, "amount", None), bool(getattr(action, "blind", None)))
    return deciding


def _effect_rules(record: dict | None) -> set[str]:
    """The rules a legal action's effects rest on: a marriage declared, a trick completed, the auction ended."""
    rules: set[str] = set()
    if record and record.get("marriage"):
        rules.update({"thousand/10.1", "thousand/2.1" if record["marriage"]["suit"] != ACES else "thousand/2.2",
                      "thousand/10.5"})
    if record and record.get("trick"):
        rules.add("thousand/11.6")
    if record and (record.get("all_passed") or record.get("declarer")):
        rules.add("thousand/7.6")       # the call ended the auction
    return rules


ACTION_FIELD = {"play": "card", "bid": "amount", "raise": "amount", "exchange": "gives", "discard": "cards",
                "redeal": "reason", "take_talon": "musik"}


def action_pointer(base: str, atype: str, err: IllegalAction) -> str:
    """Pointer of the field an illegal action is about: the player for turn faults, else the action's value."""
    field = err.pointer or ACTION_FIELD.get(atype)
    return f"{base}/{field}" if field else base


ACTION_RULE = {"bid": "thousand/7.9", "pass": "thousand/7.3", "take_talon": "thousand/8.1",
               "exchange": "thousand/8.1", "discard": "thousand/3.3", "raise": "thousand/8.2",
               "concede": "thousand/9.1", "play": "thousand/11.2", "redeal": "thousand/6.1"}



# ====================================================================== validate

class _Pointers:
    """The pointers of an event's fields for :func:`~.actions.dispatch` (``ptrs.get("card", default)``: the event's
    ``.../card``), each made only when a fault needs it rather than six for every event."""

    __slots__ = ("base",)
    FIELDS = frozenset(("amount", "card", "gives", "cards", "reason", "type"))

    def __init__(self, base: str) -> None:
        self.base = base

    def get(self, key: str, default=None):
        return f"{self.base}/{key}" if key in self.FIELDS else default


def validate(req: ValidateBody, variant, opts: dict) -> dict:
    """Replay a deal or game log, deal by deal.  Collects violations instead of stopping (python-chess style).

    ``replay: "strict"`` (the default) stops judging a deal at its first illegal event; ``"as_played"`` applies an
    illegal event the cards allow as logged and goes on (the faults that can be waived are listed in the doc of
    :mod:`.deal`; a wrong dealer is one too), and stops judging a deal only at an event that cannot be applied.
    Either way the next deal is judged from its own deal event, with the totals the earlier deals gave.  Every deal
    that ends or stops being judged gets an entry in ``deals``; a log that stops in the middle of a deal is
    ``complete: false`` and says where it stands (``dealer``, ``state``, ``position``, as check takes them)."""
    players = _players(req, variant)
    typed = Options.of(opts)        # once, rather than in each deal's start, outcome and score
    state = parse_state(req.state, players, typed)
    log = log_of(req)
    return ThousandReplay(log, req.replay or "strict", players, typed, state).run_typed()


class ThousandReplay(Replay):
    """The replay of a Thousand log (see :func:`validate`).  A deal's entry in ``deals`` is made when the deal ends
    or stops being judged."""

    def __init__(self, log: list, mode: str, players: list[str], opts: Options, state: GameState) -> None:
        super().__init__(log, mode)
        self.players = players
        self.opts = opts
        self.state = state                  # the totals before the current deal
        self.st: DealState | None = None
        self.layout: Layout | None = None
        self.start = 0                      # the index of the deal being judged
        self.faulted = False                # the current deal has a violation
        self.entry: dict | None = None      # the current deal's entry in deals, once it has one
        self.prev_dealer: str | None = None
        self.game_over = False
        self.ptrs = _Pointers("")           # the event's pointers (event)

    def event_type(self, i: int, ev: Any, ptr: str) -> str:
        return ev.type      # one of the schema's types

    def violate(self, i: int, ev: str, rule: str, msg: str, ptr: str | None = None) -> None:
        """Record a violation of event ``i`` (ptr: pointer into the request); it belongs to the deal being judged
        (a new deal's own faults come after ``start`` moves)."""
        self.record(i, ev, rule, msg, ptr or f"/log/{i}", self.start)
        self.faulted = True

    def report(self, res: dict | None) -> None:
        """The current deal ended (res: its score answer, or None)."""
        self.entry = {"index": self.start, "valid": not self.faulted, "final": res,
                      "as_played": res is not None and self.faulted}
        self.deals.append(self.entry)

    def stop(self) -> None:
        """The current deal stops being judged."""
        self.skipping = True
        if self.entry is None:
            self.report(None)
        else:           # an event after the deal's end: the deal keeps its score, but is not valid
            self.entry["valid"] = False

    def scored(self, layout: Layout, outcome: DealOutcome) -> dict:
        """Score the deal that ended with ``outcome``: the totals go on from its answer."""
        res = finish(layout, self.opts, self.state, outcome)
        self.rules.update(res.pop("_rules"))
        self.state = GameState.from_dict(res["state_after"])
        self.final = res
        self.report(res)
        return res

    def deal(self, i: int, ev: Any, ptr: str) -> None:
        dealt: DealEvent = ev       # a deal event's record (the schema's)
        if self.st is not None and self.st.phase != "done" and not self.skipping:
            self.violate(i, "deal", "thousand/3.7", _("a new deal began before the previous one was finished"))
            self.stop()
        self.start, self.faulted, self.entry, self.skipping = i, False, None, False
        self.checked += 1
        if self.game_over:
            self.violate(i, "deal", "thousand/15.1", _("the game was already over"))
            self.stop()
            return
        dealer = parse_player(dealt.dealer, self.players, ptr + "/dealer")
        bad_dealer = self.wrong_dealer(i, dealer, ptr) and not self.as_played
        # as played, the deal is judged with the dealer who dealt it
        self.prev_dealer = dealer
        layout = self.layout = Layout.of(self.players, dealer)
        st, problems = start_deal(dealt, layout, self.opts, self.state, ptr)
        self.st = st
        for rule, msg, p in problems:
            self.violate(i, "deal", rule, msg, p)
        if bad_dealer or problems:
            self.stop()
        elif any(x["type"] == "exposed_card" for x in st.irregularities):
            # a card exposed in the deal cancels it; the penalties are scored (thousand/5.1)
            st.phase = "done"
            self.scored(layout, DealOutcome(None, None, void=True, talon=st.talon, irregularities=st.irregularities))

    def wrong_dealer(self, i: int, dealer: str, ptr: str) -> bool:
        """Whether ``dealer`` is not the one the deal passes to (a violation, recorded)."""
        prev, st, players = self.prev_dealer, self.st, self.players
        if prev is None or st is None:
            return False
        expected = players[(players.index(prev) + 1) % len(players)]
        same = self.opts.redeal_dealer == "same"
        if st.redeal is not None and same:
            expected = prev
        if dealer == expected:
            return False
        if st.redeal is None:
            rule, why = "thousand/3.4", _("the deal passes to the left: {expected} deals, not {dealer}",
                                          expected=expected, dealer=dealer)
        else:   # after a redeal (6.1), or everyone passing (7.6), the option names the dealer
            rule = "thousand/7.6" if st.redeal["reason"] == "all_passed" else "thousand/6.1"
            why = (_("after a redeal the same dealer deals again: {expected} deals, not {dealer}",
                     expected=expected, dealer=dealer) if same else
                   _("after a redeal the deal passes to the next player: {expected} deals, not {dealer}",
                     expected=expected, dealer=dealer))
        self.violate(i, "deal", rule, why, ptr + "/dealer")
        return True

    def event(self, i: int, ev: Any, t: str, ptr: str) -> bool:
        return self.step(i, ev, t)

    def step(self, i: int, ev: Any, t: str) -> bool:
        """Judge event ``i`` (not a deal); its pointer ``/log/i`` is made only where one is needed."""
        st = self.st
        if st is None:
            raise InputError(_("the log must start with a deal event"), f"/log/{i}")
        if self.skipping:
            return True
        self.checked += 1
        action: ActionGiven = ev      # an action's record (the schema's)
        actor = action.player
        if type(actor) is not str or actor not in self.players:
            actor = parse_player(actor, self.players, f"/log/{i}/player")
        card = getattr(action, "card", None)    # (of a play: the one record with a card)
        if card is None and t == "play":        # a play without its card
            raise InputError(_("a play names its card"), f"/log/{i}/card")
        try:
            if t == "play" and card is not None and card.rank in _DECK_RANKS:   # the commonest event: to its apply
                st.apply_play(actor, card, bool(getattr(action, "marriage", None)), self.as_played)
            else:
                ptrs = self.ptrs
                ptrs.base = f"/log/{i}"     # (one for the whole replay: dispatch reads it only while it judges)
                dispatch(st, action, actor, ptrs, self.as_played)
        except IllegalAction as e:   # strict: the first fault; as played: an event that cannot be applied
            self.violate(i, t, e.rule, e.message, action_pointer(f"/log/{i}", t, e))
            self.stop()
            return True
        for w in st.waived:          # as played: the faults applied as logged
            self.violate(i, t, w.rule, w.message, action_pointer(f"/log/{i}", t, w))
        if st.phase == "done":
            self.deal_over(st)
        return True

    def deal_over(self, st: DealState) -> None:
        """The deal ended with the event just judged: a redeal, or a deal played out and scored."""
        if st.redeal is not None:   # a claim granted (thousand/6.1–6.4), or a deal everyone passed (7.6)
            if st.redeal["reason"] == "all_passed":
                self.rules.add("thousand/7.6")
            else:
                self.rules.update(st.redeal_rules(st.redeal["player"], st.redeal["reason"]))
            self.report(None)
            return
        assert self.layout is not None      # set with st
        res = self.scored(self.layout, _outcome_of(st, self.layout, self.opts))
        self.game_over = res["game_over"]

    def answer(self) -> dict:
        st, layout = self.st, self.layout
        assert st is not None and layout is not None    # the log starts with a deal event
        complete = st.phase == "done" or self.skipping
        out = self.summary(complete=complete, deals=self.deals, _rules=self.rules)
        if not complete:
            out.update({"dealer": layout.dealer, "state": self.state.as_dict(), "position": position_of(st)})
        return out


def _outcome_of(st: DealState, layout: Layout, opts: OptionsLike) -> DealOutcome:
    opts = Options.of(opts)
    out = DealOutcome(st.declarer, st.contract, conceded=st.conceded, blind=st.blind, golden=st.golden,
                      talon=st.talon, irregularities=st.irregularities)
    if not st.conceded:
        pts = dict(st.captured)
        if len(layout.active) == 2 and opts.two_player_discards_count and st.declarer is not None:
            pts[st.declarer] += card_points(st.discards)
        out.card_points = pts
        out.tricks = dict(st.tricks_won)
        out.marriages = [{"player": m["player"], "suit": m["suit"], "points": m["points"]} for m in st.marriages]
    return out


def position_of(st: DealState) -> dict:
    """The position a replayed deal has reached, in check's ``position`` shape (what :func:`build_position` reads
    back), with the hand of the player to act: the one who speaks in the auction, the declarer with the talon, the
    one to play in the tricks.  A golden deal is given as an ordinary one (a position has no golden flag)."""
    if st.phase == "bidding":
        actor = st.to_speak
        pos: dict = {"phase": "bidding", "bids": [dict(b) for b in st.bids]}
    elif st.phase == "talon":
        actor = st.declarer
        pos = {"phase": "talon", "declarer": st.declarer, "contract": st.contract, "talon_taken": st.talon_taken,
               "exchanged": st.exchanged}
        if st.talon is not None:
            pos["talon"] = [str(c) for c in st.talon]
    else:
        actor = st.to_play
        # between tricks a marriage's suit waiting for the next trick (trump_timing next_trick) is the trump now
        trump = st.pending_trump if not st.trick and st.pending_trump is not None else st.trump
        pos = {"phase": "play", "declarer": st.declarer, "contract": st.contract, "tricks_won": dict(st.tricks_won),
               "marriages": [{"player": m["player"], "suit": m["suit"], "trick": m["trick"]} for m in st.marriages],
               "trump": trump, "trick": {"leader": st.leader, "cards": [str(c) for _p, c in st.trick]}}
    hand = st.hands.get(actor) if actor is not None else None
    if hand is not None:
        pos["hand"] = [str(c) for c in hand]
    return pos
