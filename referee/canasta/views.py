"""Canasta's three views of one deal state machine (:class:`~referee.canasta.deal.DealState`): each parses the
request (:mod:`.parse`), runs the state machine, and answers.

* :func:`score` -- a completed deal described side by side → base and card score lines, totals, game result;
* :func:`check` -- a described position and one proposed action → ruling, penalty, legal actions;
* :func:`validate` -- a log of deals replayed event by event → first violation, every independent problem, the
  score of the last completed deal.

Each takes the request body (already shape-checked by ``schemas/canasta.py``), the variant and the effective
options, and raises :class:`~referee.errors.InputError` (HTTP 422) for input no real game can produce.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import Card, DeckSpec
from ..common import attach_violations, first_unread
from ..errors import IllegalAction, InputError
from ..i18n import N_, _
from ..replay import Replay, log_of
from .cards import deck_of
from .deal import (
    P_PILE,
    UNSEEN,
    DealState,
    Foul,
    Layout,
    NotPlayable,
    foul,
    group_cards,
    legal_actions,
    same,
    take_from,
)
from .options import Options, OptionsLike
from .parse import (
    Tally,
    deal_layout_trio,
    finished_deal,
    parse_table,
    player_at,
    position_state,
    revealed,
    rounds_of,
    sitting_out,
    start_deal,
)
from .position import position_of
from .scoring import settle, settle_state

if TYPE_CHECKING:       # the request records (the schemas' layer: read here, never imported at run time)
    from schemas.canasta_records import Action, CheckRequest, Deal, Event, ScoreRequest, ValidateRequest


def score(req: ScoreRequest, variant, opts: dict) -> dict:
    """Score a completed deal: ``deal.sides[]`` with melds, red threes, each player's cards left, who went out."""
    layout, scores, target, per_side, penalties = finished_deal(req, variant, opts)
    return settle(layout, opts, scores, target, per_side, penalties, rounds_of(req))


# ---------------------------------------------------------------- check

def _illegal_result(e: IllegalAction, side: str, opts: OptionsLike, base: str) -> tuple[dict, list]:
    """The violation (pointer under ``base``, the action's pointer) and the penalty the laws give for it."""
    penalties = []
    pen = getattr(e, "penalty", None)
    if pen is not None:
        prule, pts = pen[:2]
        if prule == "canasta/8.1":
            if opts["count_and_exposure_penalties"]:
                note = _("add cards from the hand to make the canasta the opening needs, or take the cards back at no "
                         "cost; the short opening stands if nobody objects before the next player draws") \
                    if pen[2:] == ("canasta",) else \
                    _("add melds from the hand to reach the minimum, or take the cards back and the side's minimum "
                      "rises by 10 for this deal; the short opening stands if nobody objects before the next player "
                      "draws")
                penalties.append({"rule": prule, "side": side, "points": 0, "note": note})
        else:
            penalties.append({"rule": prule, "side": side, "points": -pts, "note": _(_NOTES[prule])})
    return {"rule": e.rule, "message": e.message, "pointer": base + (e.pointer or "")}, penalties


_NOTES = {"canasta/8.2": N_("cards of an illegal meld go back to the hand; charged only if pointed out before the "
                            "next player draws"),
          "canasta/8.4": N_("if the pile was taken: the opponents rebuild it and the player draws from the stock"),
          "canasta/8.3": N_("laid out in a later turn the red three costs nothing; still in hand at the end of the "
                            "deal it costs the side 500"),
          "canasta/8.5": N_("breach of the permission rules; the opponents may stop the going out"),
          "canasta/8.6": N_("going out without the canastas required; the player keeps a card")}


def check(req: CheckRequest, variant, opts: dict) -> dict:
    """Rule on one proposed action in a described position (draw, take_pile, meld, discard, ask, go_out, end)."""
    layout, scores, _target = parse_table(req, variant, opts)
    layout = layout.active(sitting_out(req.position.sitting_out, layout, "/position/sitting_out"))
    action = req.action
    t = action.type
    actor = player_at(action.player, layout, "/action/player")
    st, facts = position_state(req, layout, opts, scores, actor)
    side = layout.side_of[actor]
    rules = {"canasta/4.1"} if not st.has_melded(side) else set()
    legal_before = legal_actions(st, actor)
    # the rules a discard listed as legal turns on (canasta/2.1: a red three the unseen cards may hold)
    rules.update(c["rule"] for a in legal_before if "conditions" in a for c in a["conditions"])
    base = "/action"
    try:
        if t == "take_pile" and st.taking is None and _takes_in_order(st, actor, action):
            # the top card alone: its melds come next
            st.verify_turn_start(actor)
            return {"legal": True, "violations": [], "penalties": [], "legal_actions": legal_before,
                    "effects": {"taking_pile": True}, "facts": facts, "_rules": rules | {"canasta/5.2"}}
        if st.taking is not None:            # the pile taken in natural order: this action goes on with its melds
            base = ""
            rules |= {"canasta/5.1", "canasta/5.2"}
            effects = _go_on_taking(st, actor, t, action)
        else:
            effects = _apply(st, actor, t, action)
    except IllegalAction as e:
        condition = _opening_from_unseen(st, actor, t, action, e)
        if condition is not None:
            # the pile taken for the opening with no melds listed: those laid from the unseen cards may complete it
            return {"legal": None, "conditions": [condition], "violations": [], "penalties": [],
                    "legal_actions": legal_before, "effects": {}, "facts": facts,
                    "_rules": rules | {"canasta/4.1", "canasta/4.2"}}        # the minimum, and what counts toward it
        v, penalties = _illegal_result(e, side, opts, base)
        return {"legal": False, "violations": [v], "penalties": penalties, "legal_actions": legal_before,
                "effects": {}, "facts": facts, "_rules": rules | _ruled([(v, penalties)])}
    broken = st.take_irregularities()          # allowed, but a rule is broken: a red three kept (canasta/2.1)
    if broken:
        results = [_illegal_result(e, side, opts, "/action") for e in broken]
        return {"legal": False, "violations": [v for v, _p in results], "penalties": [p for _v, ps in results
                                                                                       for p in ps],
                "legal_actions": legal_before, "effects": {}, "facts": facts, "_rules": rules | _ruled(results)}
    if st.undecided:                            # the verdict turns on cards nobody has seen (a hand known in part)
        return {"legal": None, "conditions": st.undecided, "violations": [], "penalties": [],
                "legal_actions": legal_before, "effects": {}, "facts": facts,
                "_rules": rules | {c["rule"] for c in st.undecided}}
    rules |= _rules_of(t, st, actor)
    rules.update(p["rule"] for p in st.penalties)       # the penalties charged (one of them in the effects too)
    return {"legal": True, "violations": [], "penalties": list(st.penalties), "legal_actions": legal_before,
            "effects": effects, "facts": facts, "_rules": rules}


def _ruled(results: list[tuple[dict, list]]) -> set[str]:
    """The rules of the violations and penalties of :func:`_illegal_result`'s ``results``."""
    return {v["rule"] for v, _p in results} | {p["rule"] for _v, ps in results for p in ps}


def _opening_from_unseen(st: DealState, actor: str, t: str, action: Event, e: IllegalAction) -> dict | None:
    """The condition when ``e`` is a pile taken for the side's opening that falls short of its minimum
    (canasta/4.1) with no melds listed, from a hand that still holds three cards or more nobody has seen: the
    verdict turns on the melds laid from them.  None otherwise."""
    if (t == "take_pile" and isinstance(e, Foul) and e.short > 0 and not getattr(action, "melds", None)
            and (st.hands.get(actor) or []).count(UNSEEN) >= 3):        # a meld is three cards at least (3.1)
        return st.opening_condition(actor, e.short)
    return None


def _takes_in_order(st: DealState, actor: str, action: Event) -> bool:
    """Whether a take_pile is in natural order: it shows only the pile's top card, which the player does not hold
    (as ``validate`` reads a logged one with no melds after it)."""
    cards = getattr(action, "cards", None)
    if st.pile.top is None or getattr(action, "melds", None) or cards is None or len(cards) != 1:
        return False
    return same(cards[0], st.pile.top) and not _shows(st, actor, cards[0])


def _shows(st: DealState, actor: str, card: Card) -> bool:
    """Whether a take_pile showing ``card`` alone, the pile's top card's rank, is the take with it shown (he holds
    it, and so it takes the pile), not the top card alone in natural order."""
    return take_from(st.hands.get(actor) or [], [card]) is not None and st.can_take_pile(actor, [card], [])


def _go_on_taking(st: DealState, actor: str, t: str, action: Action) -> dict:
    """An action after a take in natural order (``position.taking_pile``), judged as ``validate`` judges the turn: a
    meld adds its melds to those of the take so far, and the take is judged with them; any other action comes after
    the take, judged with the melds so far.  Raises IllegalAction with absolute pointers."""
    prior = st.taking
    top = st.pile.top
    assert prior is not None and top is not None     # a take under way has a pile (position_state)
    groups = list(prior)
    places = [f"/position/taking_pile/melds/{j}" for j in range(len(prior))]
    if t == "meld":
        more = list(getattr(action, "melds", None) or [])
        groups += more
        places += [f"/action/melds/{j}" for j in range(len(more))]
    st.taking = None
    if not groups:
        e = _top_not_melded(actor, top, True)
        e.pointer = "/action"
        raise e
    head = _take_head(groups, len(prior) or len(groups), top)
    if head is None:
        e = _top_not_melded(actor, top, False)
        e.pointer = places[0].rsplit("/", 1)[0]
        raise e
    shown, take, post = _take_plan(st, actor, groups, places, head)
    try:
        effects = st.apply_take_pile(actor, shown, [groups[j] for j in take[1:]])
    except IllegalAction as e:
        e.pointer = _take_where(places, head, take, groups[head], top, e.pointer, places[head].rsplit("/", 2)[0])
        raise
    if post:
        try:
            effects.update(st.apply_meld(actor, [groups[j] for j in post]))
        except IllegalAction as e:
            e.pointer = _melds_where(places, post, e.pointer, places[post[0]].rsplit("/", 2)[0])
            raise
    if t != "meld":
        try:
            effects.update(_apply(st, actor, t, action))
        except IllegalAction as e:
            e.pointer = "/action" + (e.pointer or "")
            raise
    return effects


def _rules_of(t: str, st: DealState, actor: str) -> set[str]:
    """The rules a legal action rests on.  Going out, by any action, rests on 6.2 and, for a player with a partner,
    on the permission rule 6.3, which says whether he had to ask (an answer that is not there is then stated, not
    inferred from an empty list); concealed, on 6.4 too."""
    out = {"draw": {"canasta/6.1"}, "take_pile": {"canasta/5.1", "canasta/5.2"}, "meld": {"canasta/3.1"},
           "discard": {"canasta/6.1"}, "ask": {"canasta/6.3"}, "go_out": {"canasta/6.2"},
           "end": {"canasta/6.5"}, "double_ending": {"canasta/6.6"}, "extra_cards": {"canasta/4.2"},
           "packet": {"canasta/1.5"}, "expose": {"canasta/8.7", "canasta/8.11"}, "red_three": {"canasta/2.1"}}[t]
    if t == "end" and st.phase != "done":       # keep_last_card: the turn ends, the last card kept
        out = {"canasta/6.2"}
    if st.outcome and st.outcome["went_out"] == actor:
        out = out | {"canasta/6.2"} | ({"canasta/6.3"} if st.layout.partners(actor) else set()) \
            | ({"canasta/6.4"} if st.outcome["concealed"] else set())
    return out


def _apply(st: DealState, actor: str, t: str, action: Any, ptr: str = "/action") -> dict:
    """Apply the action (or log event) ``action`` of type ``t``, a record of :mod:`schemas.canasta_records` whose
    fields are those of its type (``Any``: the records are named here for type checkers only)."""
    if t == "draw":
        if action.cards is None and ptr != "/action":
            raise InputError(_("a draw in a log lists the cards taken from the stock"), ptr + "/cards")
        return st.apply_draw(actor, action.cards)
    if t == "take_pile":
        return st.apply_take_pile(actor, action.cards or [], [group_cards(g) for g in action.melds or []])
    if t == "meld":
        if not action.melds:
            raise InputError(_("melding lays down at least one meld"), ptr + "/melds")
        return st.apply_meld(actor, action.melds)
    if t == "discard":
        if action.card is None:
            raise InputError(_("a discard names its card"), ptr + "/card")
        return st.apply_discard(actor, action.card)
    if t == "ask":
        if action.answer is None:
            raise InputError(_("the partner's answer: yes or no"), ptr + "/answer")
        return st.apply_ask(actor, action.answer)
    if t == "double_ending":
        return st.apply_double_ending(actor, list(action.melds or []))
    if t == "packet":
        return st.apply_packet(actor)
    if t == "red_three":
        return _red_three(st, actor, action.card, action.replacement, ptr)
    if t == "expose":
        if not action.cards:
            raise InputError(_("an expose names the cards shown by accident"), ptr + "/cards")
        return st.apply_expose(actor, action.cards)
    if t == "extra_cards":
        if action.cards is None and ptr != "/action":
            raise InputError(_("extra cards in a log list the cards taken from the stock"), ptr + "/cards")
        return st.apply_extra_cards(actor, action.cards)
    if t == "go_out":
        return st.apply_go_out(actor, list(action.melds or []), action.card)
    return st.apply_end(actor)


def _red_three(st: DealState, actor: str, card: Card | None, replacement: Card | None, ptr: str) -> dict:
    """A red three laid out from the hand (canasta/2.1), with the stock card that replaces it (given in a log)."""
    if card is None:
        raise InputError(_("a card must be a string such as '10H' or 'QS'"), ptr + "/card")
    if replacement is None and ptr != "/action":
        raise InputError(_("a red three laid out from the hand is replaced from the stock: give the replacement"),
                         ptr + "/replacement")
    st.apply_red_three(actor, card, replacement)
    return {"red_three_laid_out": str(card)}




def validate(req: ValidateRequest, variant, opts: dict) -> dict:
    """Replay a log of deals; collect violations rather than stop (python-chess style); score each deal.

    ``replay`` strict (the default): a deal's judging stops at its first illegal event.  as_played: an illegal
    event that the cards allow is applied as logged (:meth:`~.deal.DealState.apply_as_played`) and judging goes on;
    one they do not allow ends the deal's judging.  Either way the next deal is judged from its ``deal`` event with
    the totals as the earlier deals gave them.  ``deals`` reports every deal that ended or stopped being judged; a
    log that ends inside a deal being judged is ``complete`` false, with the ``dealer``, ``state`` and ``position``
    that ``check`` takes to go on."""
    typed = Options.of(opts)          # once: the table, the deck, each deal and its score read the typed options
    layout, scores, target = parse_table(req, variant, typed)
    replay = req.replay or "strict"
    deck = deck_of(typed)
    log = log_of(req)
    return CanastaReplay(log, replay, layout, typed, scores, target, rounds_of(req), deck).run()


@dataclass
class _Turn:
    """A ``take_pile`` in natural order judged as one take with the meld events after it (:func:`_natural_take`):
    the melds of those events and their pointers, ``head`` the one holding the top card, ``end`` the first event
    after them; and how they split (:func:`_take_plan`): ``shown``, ``take``, ``post``, or the ``fault`` when the
    hand does not hold the head's cards (``held`` false); ``rest``: the melds of the turn's last event laid after
    the take."""

    groups: list
    places: list[str]
    head: int
    end: int
    held: bool = True
    fault: IllegalAction | None = None
    shown: list[Card] = field(default_factory=list)
    take: list[int] = field(default_factory=list)
    post: list[int] = field(default_factory=list)
    rest: list[int] = field(default_factory=list)

    def taken(self) -> list:
        """The melds laid with the take after its head."""
        return [self.groups[j] for j in self.take[1:]]


class CanastaReplay(Replay):
    """The replay of a Canasta log (see :func:`validate`).  A deal's entry (``entry``) is kept aside while it is
    judged and joins ``deals`` when the deal is scored or its judging stops."""

    def __init__(self, log: list, mode: str, layout: Layout, opts: Options, scores: dict[str, int], target: int,
                 rounds: int, deck: DeckSpec) -> None:
        super().__init__(log, mode)
        self.layout = layout
        self.opts = opts
        self.scores = scores
        self.target = target
        self.rounds = rounds
        self.deck = deck
        self.entry: dict | None = None     # the deals entry of the deal being judged
        self.st: DealState | None = None
        self.prev_dealer: str | None = None
        self.prev_sitter: str | None = None
        self.game_over = False
        self.pending = False            # a deal ended by going out, scored once a double ending is or is not laid
        self.consumed = 0               # events up to here were judged with an earlier one (a take in natural order)
        self.before = dict(scores)      # the totals before the deal being judged
        self.tally = Tally(deck)
        self.deal_layout = layout

    # ------------------------------------------------------------------ the record

    def violate(self, i: int, ev_type: str | None, rule: str, msg: str, ptr: str | None = None,
                penalty: dict | None = None) -> None:
        """Record a violation of event ``i``; it belongs to the deal being judged (None between deals)."""
        entry = self.entry
        self.record(i, ev_type, rule, msg, ptr or f"/log/{i}", entry["index"] if entry is not None else None,
                    penalty)
        if entry is not None:
            entry["valid"] = False

    def stop(self) -> None:
        """The judging of the deal stops: it is reported unscored."""
        self.skipping, self.pending = True, False
        if self.entry is not None:
            self.deals.append({**self.entry, "final": None, "as_played": False})
            self.entry = None

    def finish(self) -> None:
        """The deal is over: it is scored, and the totals go on from its answer."""
        assert self.st is not None and self.entry is not None      # a deal being judged
        self.pending = False
        res = settle_state(self.st, self.deal_layout, self.opts, self.scores, self.target, self.rounds)
        self.rules.update(res.pop("_rules"))
        self.final = res
        self.scores = {s["id"]: s["total_after"] for s in res["sides"]}
        self.game_over = res["game_over"]
        self.rounds += 1
        self.deals.append({**self.entry, "final": res})
        self.entry = None

    def ruled(self, i: int, t: str | None, actor: str, e: IllegalAction, ptr: str) -> bool:
        """Record the violation ``e`` of event ``i``; whether the deal's judging goes on (canasta/8.5's late
        question, or an event applied as played)."""
        v, pens = _illegal_result(e, self.layout.side_of[actor], self.opts, ptr)
        self.violate(i, t, v["rule"], v["message"], v["pointer"], pens[0] if pens else None)
        if getattr(e, "late_ask", False):   # the laws' remedy keeps the deal going (canasta/8.5)
            assert self.st is not None
            self.st.apply_late_ask(actor)
            return True
        return False

    def irregularities(self, i: int, t: str, actor: str, ptr: str) -> None:
        """Record the rules broken that the play goes on after (a red three kept, canasta/2.1)."""
        assert self.st is not None
        for e in self.st.take_irregularities():
            v, pens = _illegal_result(e, self.layout.side_of[actor], self.opts, ptr)
            self.violate(i, t, v["rule"], v["message"], v["pointer"], pens[0] if pens else None)

    # ------------------------------------------------------------------ the hooks

    def run(self) -> dict:
        """:meth:`Replay.run` with its hooks read inline: the event's type off its record (the schema loaded each
        event by its type); the events a take in natural order consumed passed over; a deal ended by going out
        scored at the next event unless that is a double ending (canasta/6.6)."""
        for i, ev in enumerate(self.log):
            t = ev.type
            if i < self.consumed:
                continue
            if self.pending and t != "double_ending":
                self.finish()
            if t == "deal":
                self.deal(i, ev, f"/log/{i}")
            elif not self.event(i, ev, t, f"/log/{i}"):
                break
        self.end()
        attach_violations(self.deals, self.owners)
        return self.answer()

    def event_type(self, i: int, ev: Event, ptr: str) -> str:
        return ev.type          # one of the types: the schema loaded each event by its type

    def deal(self, i: int, ev: Deal, ptr: str) -> None:
        t = "deal"
        if self.st is not None and self.st.phase != "done" and not self.skipping:
            self.close_open_deal(i, t, _("a new deal began before the previous hand ended"))
        self.checked += 1
        self.entry = entry = {"index": i, "valid": True, "as_played": False}
        self.before = dict(self.scores)
        if self.game_over:
            self.violate(i, t, "canasta/7.2", _("the game was already over"))
            self.stop()
            return
        sitter = sitting_out(ev.sitting_out, self.layout, ptr + "/sitting_out")
        self.deal_layout = self.layout.active(sitter)
        if sitter is not None and ev.dealer == sitter:     # a ruling: the deal passes him by
            self.violate(i, t, "canasta/1.5", _("{player} sits this deal out, so he does not deal it: the deal passes "
                                                "to the left past him", player=sitter), ptr + "/dealer")
            self.st, self.prev_dealer, self.prev_sitter = None, sitter, sitter
            self.stop()
            return
        dealer = player_at(ev.dealer, self.deal_layout, ptr + "/dealer")
        problems = self.rotation_faults(dealer, sitter, ptr)
        self.prev_dealer, self.prev_sitter = dealer, sitter
        self.st, self.tally, more = start_deal(ev, self.deal_layout, self.opts, self.scores, self.deck, ptr)
        self.skipping = False
        for rule, msg, p in problems + more:
            self.violate(i, t, rule, msg, p)
        # as played, a deal dealt as logged is played on; not one the deck could not deal (canasta/1.2)
        if problems + more and (self.mode == "strict" or any(rule == "canasta/1.2" for rule, _m, _p in more)):
            self.stop()
        elif problems + more:
            entry["as_played"] = True

    def rotation_faults(self, dealer: str, sitter: str | None, ptr: str) -> list[tuple[str, str, str]]:
        """The faults of the deal's dealer and of the trio member sitting out, against the deal before."""
        problems = []
        if sitter is not None and self.prev_sitter is not None:
            trio = deal_layout_trio(self.layout)
            want = trio[(trio.index(self.prev_sitter) + 1) % len(trio)]
            if sitter != want:
                problems.append(("canasta/1.1", _("the trio's members sit out in turn: {want} sits out, not "
                                                  "{player}", want=want, player=sitter), ptr + "/sitting_out"))
        if self.prev_dealer is not None:
            want = self.layout.after(self.prev_dealer)
            while want == sitter:         # the deal passes to the left, past the player sitting out
                want = self.layout.after(want)
            if dealer != want:
                problems.append(("canasta/1.5", _("the deal passes to the left: {want} deals, not {player}",
                                                  want=want, player=dealer), ptr + "/dealer"))
        return problems

    def close_open_deal(self, i: int, ev_type: str, why: str) -> None:
        """A deal the log leaves open ends by itself when nothing else could happen: the stock is gone and the
        player in turn does not take the pile, or the drawer of a last red three does not meld (canasta/6.5)."""
        st = self.st
        assert st is not None
        if (st.stock == 0 and st.phase == "draw") or (st.last_red_three and st.phase == "play"):
            try:
                st.apply_end(st.turn)
                self.finish()
                return
            except IllegalAction as e:
                self.violate(i, ev_type, e.rule, e.message)
        else:
            self.violate(i, ev_type, "canasta/6.2", why)
        self.stop()

    def event(self, i: int, ev: Any, t: str, ptr: str) -> bool:
        if self.skipping:                 # the rest of a deal whose judging stopped
            return True
        st = self.st
        if st is None:
            raise InputError(_("the log must start with a deal event"), ptr)
        self.checked += 1
        if ev.player is None:
            raise InputError(_("a {type} names its player", type=t), ptr + "/player")
        if ev.player == self.deal_layout.sitting_out:
            self.violate(i, t, "canasta/1.1", _("{player} sits this deal out: he takes no part in it",
                                                player=ev.player), ptr + "/player")
            self.stop()
            return True
        p = ev.player
        actor = p if type(p) is str and p in self.deal_layout.side_of else \
            player_at(p, self.deal_layout, ptr + "/player")             # one of the deal's players, or the 422
        _readable(ev, ptr)
        if t == "end" and st.phase == "done" and st.outcome is not None and not st.outcome["went_out"] \
                and actor == st.turn:
            return True   # confirms a hand that the end of the stock has already closed (canasta/6.5)
        turn = None
        if t == "take_pile":
            found = _natural_take(st, self.log, i, actor)
            if found is not None and found["kind"] != "take":   # the pile taken, its top card not melded with it
                return self.unmelded_take(i, t, actor, found)
            if found is not None:
                turn = self.plan_take(i, actor, found)
                if turn is None:
                    return False        # the log ends inside the turn
        if not self.apply_event(i, ev, t, ptr, actor, turn):
            return True
        if turn is not None and turn.rest and not self.lay_rest(actor, turn):
            return True
        if st.phase == "done" or t == "double_ending":      # what deal_over looks at: most events leave the deal on
            self.deal_over(t)
        return True

    def end(self) -> None:
        if self.pending:
            self.finish()
        st = self.st
        if self.entry is not None and st is not None and st.phase != "done" and st.taking is None \
                and {a["type"] for a in legal_actions(st, st.turn)} == {"end"}:
            st.apply_end(st.turn)           # nothing but the end can follow: the hand is over (canasta/6.5)
            self.finish()

    def answer(self) -> dict:
        out = self.summary(deals=self.deals,
                           complete=self.entry is None)  # a deal that stopped being judged has its entry: complete
        if self.entry is not None:            # a deal still being played: where it stands, as check takes it
            assert self.st is not None
            out.update(dealer=self.prev_dealer, state={"scores": self.before, "rounds": self.rounds},
                       position=position_of(self.st))
        out["_rules"] = self.rules
        return out

    # ------------------------------------------------------------------ one event of a deal

    def unmelded_take(self, i: int, t: str, actor: str, found: dict) -> bool:
        """A take in natural order whose top card is not melded with it (canasta/5.2)."""
        st, log = self.st, self.log
        assert st is not None
        at = found["at"]
        if at == len(log):                  # the log ends after the take: the turn is still being played
            st.taking = []
            return False
        assert st.pile.top is not None      # _natural_take found the top card
        e = _top_not_melded(actor, st.pile.top, found["kind"] == "no_meld")
        self.ruled(at, log[at].type, actor, e,
                   f"/log/{at}" + ("/melds" if found["kind"] == "no_top" else ""))
        if self.mode == "strict":
            self.stop()
            return True
        try:
            st.take_pile_unmelded(actor)
        except NotPlayable:
            self.stop()
            return True
        assert self.entry is not None     # as played: the deal is being judged
        self.entry["as_played"] = True
        return True

    def plan_take(self, i: int, actor: str, found: dict) -> _Turn | None:
        """How a take in natural order splits (:class:`_Turn`), and the events it consumes; None when the log ends
        inside the turn (judged once its melds are all there)."""
        st = self.st
        assert st is not None
        turn = _Turn(found["groups"], found["places"], found["head"], found["end"])
        groups, places = turn.groups, turn.places
        try:
            turn.shown, turn.take, turn.post = _take_plan(st, actor, groups, places, turn.head)
        except IllegalAction as e:
            turn.held, turn.fault = False, e
        if turn.end == len(self.log) and (not turn.held or not st.can_take_pile(actor, turn.shown, turn.taken())):
            st.taking = groups
            self.checked += turn.end - i - 1
            return None
        if turn.held:
            post = turn.post
            split = _index_of(places[post[0]]) if post else turn.end
            turn.rest = [j for j in post if _index_of(places[j]) == split] \
                if post and any(_index_of(places[j]) == split for j in turn.take) else []
            self.consumed = split + (1 if turn.rest else 0)
        else:
            turn.rest, self.consumed = [], turn.end
        self.checked += self.consumed - i - 1
        return turn

    def apply_event(self, i: int, ev: Event, t: str, ptr: str, actor: str, turn: _Turn | None) -> bool:
        """Count the cards the event shows, and apply it (a take in natural order: the take and the melds laid with
        it); whether the deal's judging goes on with this event."""
        st = self.st
        assert st is not None
        try:
            new_cards = revealed(ev, t, ptr) if t in _REVEALING else None
            if new_cards:
                problems = self.tally.add(*new_cards)
                if problems:
                    self.violate(i, t, "canasta/1.2", problems[0]["detail"], problems[0]["pointer"])
                    self.stop()
                    return False
            if turn is None:
                a: Any = ev         # a record of its type (as _apply reads it)
                if t == "discard" and a.card is not None:      # the usual events straight to the state machine
                    st.apply_discard(actor, a.card)
                elif t == "draw" and a.cards is not None:
                    st.apply_draw(actor, a.cards)
                else:
                    _apply(st, actor, t, ev, ptr)
            elif turn.fault is not None:
                raise turn.fault
            else:
                st.apply_take_pile(actor, turn.shown, turn.taken())
            if st.irregularities:
                self.irregularities(i, t, actor, ptr)      # rules broken that the play goes on after (canasta/2.1)
        except IllegalAction as e:
            return self.illegal(i, ev, t, ptr, actor, turn, e)
        return True

    def illegal(self, i: int, ev: Event, t: str, ptr: str, actor: str, turn: _Turn | None, e: IllegalAction) -> bool:
        """The event is illegal: the violation, then as played the event applied as logged if the cards allow it;
        whether the deal's judging goes on with this event."""
        st = self.st
        assert st is not None
        if turn is not None:
            pointer = e.pointer or ""
            ptr = pointer if pointer.startswith("/log/") else \
                _take_where(turn.places, turn.head, turn.take, turn.groups[turn.head], st.pile.top, pointer,
                            f"/log/{i}")
            at, e.pointer = _index_of(ptr), ""
        else:
            at = i
        if self.ruled(at, t if at == i else "meld", actor, e, ptr):
            return False
        if self.mode == "strict":
            self.stop()
            return False
        try:
            if turn is None:
                st.apply_as_played(t, actor, *_as_logged(t, ev, ptr))
            elif not turn.held:
                raise NotPlayable(t)
            else:
                st.apply_as_played(t, actor, turn.shown, turn.taken())
        except NotPlayable:
            self.stop()
            return False
        assert self.entry is not None     # as played: the deal is being judged
        self.entry["as_played"] = True
        self.irregularities(i, t, actor, ptr)          # as above: a red three kept through the turn (canasta/2.1)
        return True

    def lay_rest(self, actor: str, turn: _Turn) -> bool:
        """The melds of the turn's last event that the pile's cards make; whether the deal's judging goes on."""
        st = self.st
        assert st is not None
        at = _index_of(turn.places[turn.rest[0]])
        rest = [turn.groups[j] for j in turn.rest]
        try:
            st.apply_meld(actor, rest)
        except IllegalAction as e:
            ptr = _melds_where(turn.places, turn.rest, e.pointer, f"/log/{at}")
            e.pointer = ""
            if not self.ruled(at, "meld", actor, e, ptr):
                if self.mode == "strict":
                    self.stop()
                    return False
                try:
                    st.apply_as_played("meld", actor, None, rest)
                except NotPlayable:
                    self.stop()
                    return False
                assert self.entry is not None     # as played: the deal is being judged
                self.entry["as_played"] = True
        self.irregularities(at, "meld", actor, f"/log/{at}")
        return True

    def deal_over(self, t: str) -> None:
        """Score the deal if the event ended it (once a double ending is or is not laid after going out)."""
        st = self.st
        assert st is not None
        if st.phase == "done" and t != "double_ending":
            if st.outcome is not None and st.outcome["went_out"] and self.opts.double_ending:
                self.pending = True
            else:
                self.finish()
        elif t == "double_ending":
            self.finish()


def _readable(ev: Event, ptr: str) -> None:
    """The event read: a value its schema could not read (:class:`~referee.common.Unread`: a text that names no
    card, a meld without a card) is refused at its place, now that the replay judges the event."""
    k = ev.type
    if k == "discard" and type(getattr(ev, "card", None)) is Card:
        return                  # the usual events, read whole: a discard's card, a draw's cards
    if k == "draw":
        cards = getattr(ev, "cards", None)
        if type(cards) is list and all(type(c) is Card for c in cards):
            return
    found = first_unread(ev, ptr) if _unsure(ev) else None
    if found is not None:
        raise InputError(found[1], found[0])


def _unsure(ev: Event) -> bool:
    """Whether the event may hold a value its schema could not read: a value that is not a card, a name, a list or
    mapping of cards, or cards laid on a meld named by a text (anything else is looked at by
    :func:`~referee.common.first_unread`)."""
    for name in ev.__slots__:
        v = getattr(ev, name)
        t = type(v)
        if v is None or t is str or t is Card:
            continue
        if t is dict:
            v = list(v.values())
        elif t is not list:
            return True
        for x in v:
            tx = type(x)
            if tx is Card:
                continue
            if tx is not list:
                # cards laid on the side's meld of a rank: a named pair (rank, cards)
                if not (isinstance(x, tuple) and len(x) == 2 and type(x[0]) is str and type(x[1]) is list):
                    return True
                x = x[1]
            for c in x:
                if type(c) is not Card:
                    return True
    return False


_REVEALING = frozenset({"draw", "extra_cards", "red_three"})      # the events that bring cards from the stock


def _as_logged(t: str, ev: Event, ptr: str) -> tuple:
    """The arguments of :meth:`~.deal.DealState.apply_as_played` for a logged event: cards, melds, card."""
    cards = getattr(ev, "cards", None)
    card = getattr(ev, "card", None)
    groups = list(getattr(ev, "melds", None) or [])
    if t == "take_pile":
        groups = [group_cards(g) for g in groups]
    return cards, groups, card


def _natural_take(st: DealState, log: list[Any], i: int, actor: str) -> dict | None:
    """A ``take_pile`` in natural order: it carries only the pile's top card, and the meld events of the same player
    that follow lay it, the first meld event holding it.  None: the take_pile as it is (it shows no single top
    card, or he holds that card and shows it).  Else ``{"kind": "take", "groups", "places", "head", "end"}``: the
    melds of the run of meld events (their JSON pointers; ``head`` the one holding the top card; ``end`` the first
    event after the run); or ``{"kind": "no_meld" | "no_top", "at": event}``: no meld event follows (``at`` the
    next event, ``len(log)`` when the log ends), or the first holds no top card."""
    ev = log[i]
    top = st.pile.top
    if top is None or ev.melds or ev.cards is None or len(ev.cards) != 1:
        return None
    card = ev.cards[0]
    if not same(card, top):
        return None
    groups, places, end, first_n = [], [], i + 1, None
    while end < len(log) and log[end].type == "meld" and log[end].player == actor:
        _readable(log[end], f"/log/{end}")
        run = log[end].melds or []
        for k, g in enumerate(run):
            groups.append(g)
            places.append(f"/log/{end}/melds/{k}")
        first_n = len(run) if first_n is None else first_n
        end += 1
    head = _take_head(groups, first_n or 0, top)
    if head is None:
        if _shows(st, actor, card):
            return None                           # he holds the card and it takes the pile: the take shows it
        return {"kind": "no_meld" if not groups else "no_top", "at": i + 1}
    return {"kind": "take", "groups": groups, "places": places, "head": head, "end": end}


def _take_head(groups: list, first_n: int, top: Card) -> int | None:
    """Which of the first meld event's ``first_n`` melds holds the pile's top card (the melds of one event are laid
    at once, in no order), or None."""
    return next((j for j in range(first_n) if any(same(c, top) for c in group_cards(groups[j]))), None)


def _take_plan(st: DealState, actor: str, groups: list, places: list[str], head: int):
    """How the melds of a take in natural order split: ``(shown, take, post)``, ``shown`` the cards of the ``head``
    meld beside the top card, ``take`` the indexes of the melds laid with the take (the head first, then those the
    hand held before it, counted toward a first meld), ``post`` those laid after it from the hand the pile made (the
    first meld that needs a card the hand did not hold, and all after it).  Raises canasta/6.1, the missing card
    named, when the hand does not hold the head's cards."""
    top = st.pile.top
    assert top is not None      # a take in natural order
    cards = group_cards(groups[head])
    k = next(n for n, c in enumerate(cards) if same(c, top))
    shown = cards[:k] + cards[k + 1:]
    hand = st.hand(actor)
    rest = take_from(hand, shown)
    if rest is None:
        n = st.missing_card(actor, shown)
        assert n is not None        # the hand does not hold them all
        raise foul("canasta/6.1", _("{player} does not hold all the cards melded: {card} is missing", player=actor,
                                    card=shown[n]), None, _in_group(places[head], groups[head], n + (n >= k)))
    take: list[int] = [head]
    post: list[int] = []
    for j, g in enumerate(groups):
        if j == head:
            continue
        left = None if post else take_from(rest, group_cards(g))
        if left is None:
            post.append(j)
        else:
            take.append(j)
            rest = left
    return shown, take, post


def _in_group(place: str, g, n: int | None = None) -> str:
    base = place + ("/cards" if isinstance(g, tuple) else "")
    return base if n is None else f"{base}/{n}"


def _take_where(places: list[str], head: int, take: list[int], head_group, top: Card | None, pointer: str | None,
                whole: str) -> str:
    """A pointer into the take_pile (``/cards/n``: the n-th card shown; ``/melds/m/...``: a further meld) as the
    JSON pointer of the meld it came from; ``whole`` for a fault of the take as a whole."""
    parts = (pointer or "").strip("/").split("/")
    if parts[0] == "cards":
        if len(parts) == 1:
            return _in_group(places[head], head_group)
        assert top is not None      # a card of the take: the pile had its top card
        k = next(n for n, c in enumerate(group_cards(head_group)) if same(c, top))
        n = int(parts[1])
        return _in_group(places[head], head_group, n + (n >= k))
    if parts[0] == "melds":
        if len(parts) == 1:
            return places[head].rsplit("/", 1)[0]
        return "/".join([places[take[int(parts[1]) + 1]]] + parts[2:])
    return whole


def _melds_where(places: list[str], idx: list[int], pointer: str | None, whole: str) -> str:
    """A pointer into a meld of the groups ``idx`` (``/melds/m/...``) as the JSON pointer of that group."""
    parts = (pointer or "").strip("/").split("/")
    if parts[0] == "melds" and len(parts) > 1:
        return "/".join([places[idx[int(parts[1])]]] + parts[2:])
    return whole + ("/melds" if parts[0] == "melds" else "")


def _top_not_melded(player: str, top: Card, no_meld: bool) -> IllegalAction:
    """canasta/5.2: the pile was taken (in natural order) and its top card was not melded at once."""
    return foul("canasta/5.2", _("{player} took the pile but melded nothing: its top card {card} goes straight into a "
                                 "meld with the cards from his hand that take it", player=player, card=top)
                if no_meld else _("{player} took the pile: his first meld holds its top card {card}, with the cards "
                                  "from his hand that take it", player=player, card=top), P_PILE)


def _index_of(pointer: str) -> int:
    return int(pointer.split("/")[2])
