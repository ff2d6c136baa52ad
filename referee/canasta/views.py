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

from ..cards import Card
from ..common import attach_violations
from ..errors import IllegalAction, InputError
from ..i18n import N_, _
from .cards import deck_of
from .deal import P_PILE, DealState, NotPlayable, _missing_card, foul, group_cards, legal_actions, same, take_from
from .parse import (
    ACTIONS,
    EVENT_TYPES,
    Tally,
    canasta_card,
    card_list,
    check_fields,
    deal_layout_trio,
    finished_deal,
    meld_groups,
    parse_table,
    player_at,
    position_of,
    position_state,
    revealed,
    rounds_of,
    sitting_out,
    start_deal,
)
from .scoring import settle, settle_state


def score(req: dict, variant, opts: dict) -> dict:
    """Score a completed deal: ``deal.sides[]`` with melds, red threes, each player's cards left, who went out."""
    layout, scores, target, per_side, penalties = finished_deal(req, variant, opts)
    return settle(layout, opts, scores, target, per_side, penalties, rounds_of(req))


# ---------------------------------------------------------------- check

def _illegal_result(e: IllegalAction, side: str, opts: dict, base: str) -> tuple[dict, list]:
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


def check(req: dict, variant, opts: dict) -> dict:
    """Rule on one proposed action in a described position (draw, take_pile, meld, discard, ask, go_out, end)."""
    layout, scores, _target = parse_table(req, variant, opts)
    pos = req.get("position") if isinstance(req.get("position"), dict) else {}
    layout = layout.active(sitting_out(pos.get("sitting_out"), layout, "/position/sitting_out"))
    action = req.get("action")
    if not isinstance(action, dict):
        raise InputError(_("action: an object {{type, player, ...}}"), "/action")
    t = action.get("type")
    if t not in ACTIONS:
        raise InputError(_("type is one of {types}", types=list(ACTIONS)), "/action/type")
    check_fields(action, "/action")
    actor = player_at(action.get("player"), layout, "/action/player")
    st, facts = position_state(req, layout, opts, scores, actor)
    side = layout.side_of[actor]
    rules = {"canasta/4.1"} if not st.has_melded(side) else set()
    legal_before = legal_actions(st, actor)
    base = "/action"
    try:
        if t == "take_pile" and st.taking is None and _takes_in_order(st, actor, action):   # the top card alone: its melds come next
            st._verify_turn(actor, "draw")
            return {"legal": True, "violations": [], "penalties": [], "legal_actions": legal_before,
                    "effects": {"taking_pile": True}, "facts": facts, "_rules": rules | {"canasta/5.2"}}
        if st.taking is not None:            # the pile taken in natural order: this action goes on with its melds
            base = ""
            rules |= {"canasta/5.1", "canasta/5.2"}
            effects = _go_on_taking(st, actor, t, action)
        else:
            effects = _apply(st, actor, t, action)
    except IllegalAction as e:
        v, penalties = _illegal_result(e, side, opts, base)
        return {"legal": False, "violations": [v], "penalties": penalties, "legal_actions": legal_before,
                "effects": {}, "facts": facts, "_rules": rules}
    broken = st.take_irregularities()          # allowed, but a rule is broken: a red three kept (canasta/2.1)
    if broken:
        results = [_illegal_result(e, side, opts, "/action") for e in broken]
        return {"legal": False, "violations": [v for v, _p in results], "penalties": [p for _v, ps in results
                                                                                       for p in ps],
                "legal_actions": legal_before, "effects": {}, "facts": facts, "_rules": rules}
    if st.undecided:                            # the verdict turns on cards nobody has seen (a hand known in part)
        return {"legal": None, "conditions": st.undecided, "violations": [], "penalties": [],
                "legal_actions": legal_before, "effects": {}, "facts": facts,
                "_rules": rules | {c["rule"] for c in st.undecided}}
    rules |= _rules_of(t, st, actor)
    return {"legal": True, "violations": [], "penalties": list(st.penalties), "legal_actions": legal_before,
            "effects": effects, "facts": facts, "_rules": rules}


def _takes_in_order(st: DealState, actor: str, action: dict) -> bool:
    """Whether a take_pile is in natural order: it shows only the pile's top card, which the player does not hold
    (as ``validate`` reads a logged one with no melds after it)."""
    raw = action.get("cards")
    if st.pile.top is None or action.get("melds") or not isinstance(raw, list) or len(raw) != 1:
        return False
    card = canasta_card(raw[0], "/action/cards/0")
    return same(card, st.pile.top) and not _shows(st, actor, card)


def _shows(st: DealState, actor: str, card: Card) -> bool:
    """Whether a take_pile showing ``card`` alone, the pile's top card's rank, is the take with it shown (he holds
    it, and so it takes the pile), not the top card alone in natural order."""
    return take_from(st.hands.get(actor) or [], [card]) is not None and st.can_take_pile(actor, [card], [])


def _go_on_taking(st: DealState, actor: str, t: str, action: dict) -> dict:
    """An action after a take in natural order (``position.taking_pile``), judged as ``validate`` judges the turn: a
    meld adds its melds to those of the take so far, and the take is judged with them; any other action comes after
    the take, judged with the melds so far.  Raises IllegalAction with absolute pointers."""
    prior = st.taking
    groups = list(prior)
    places = [f"/position/taking_pile/melds/{j}" for j in range(len(prior))]
    if t == "meld":
        more = meld_groups(action.get("melds"), "/action/melds")
        groups += more
        places += [f"/action/melds/{j}" for j in range(len(more))]
    st.taking = None
    top = st.pile.top
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


def _apply(st: DealState, actor: str, t: str, action: dict, ptr: str = "/action") -> dict:
    if t == "draw":
        cards = action.get("cards")
        if cards is None and ptr != "/action":
            raise InputError(_("a draw in a log lists the cards taken from the stock"), ptr + "/cards")
        return st.apply_draw(actor, card_list(cards, ptr + "/cards") if cards is not None else None)
    if t == "take_pile":
        return st.apply_take_pile(actor, card_list(action.get("cards") or [], ptr + "/cards"),
                                  [group_cards(g) for g in meld_groups(action.get("melds"), ptr + "/melds")])
    if t == "meld":
        groups = meld_groups(action.get("melds"), ptr + "/melds")
        if not groups:
            raise InputError(_("a meld action lays down at least one meld"), ptr + "/melds")
        return st.apply_meld(actor, groups)
    if t == "discard":
        if action.get("card") is None:
            raise InputError(_("a discard names its card"), ptr + "/card")
        return st.apply_discard(actor, canasta_card(action["card"], ptr + "/card"))
    if t == "ask":
        answer = action.get("answer")
        if answer not in ("yes", "no"):
            raise InputError(_("the partner's answer: yes or no"), ptr + "/answer")
        return st.apply_ask(actor, answer)
    if t == "double_ending":
        return st.apply_double_ending(actor, meld_groups(action.get("melds"), ptr + "/melds"))
    if t == "packet":
        return st.apply_packet(actor)
    if t == "red_three":
        card = canasta_card(action.get("card"), ptr + "/card")
        rep = action.get("replacement")
        if rep is None and ptr != "/action":
            raise InputError(_("a red three laid out from the hand is replaced from the stock: give the replacement"),
                             ptr + "/replacement")
        st.apply_red_three(actor, card, canasta_card(rep, ptr + "/replacement") if rep is not None else None)
        return {"red_three_laid_out": str(card)}
    if t == "expose":
        cards = card_list(action.get("cards"), ptr + "/cards")
        if not cards:
            raise InputError(_("an expose names the cards shown by accident"), ptr + "/cards")
        return st.apply_expose(actor, cards)
    if t == "extra_cards":
        cards = action.get("cards")
        if cards is None and ptr != "/action":
            raise InputError(_("extra cards in a log list the cards taken from the stock"), ptr + "/cards")
        return st.apply_extra_cards(actor, card_list(cards, ptr + "/cards") if cards is not None else None)
    if t == "go_out":
        card = action.get("card")
        return st.apply_go_out(actor, meld_groups(action.get("melds"), ptr + "/melds"),
                               canasta_card(card, ptr + "/card") if card is not None else None)
    return st.apply_end(actor)




def validate(req: dict, variant, opts: dict) -> dict:
    """Replay a log of deals; collect violations rather than stop (python-chess style); score each deal.

    ``replay`` strict (the default): a deal's judging stops at its first illegal event.  as_played: an illegal
    event that the cards allow is applied as logged (:meth:`~.deal.DealState.apply_as_played`) and judging goes on;
    one they do not allow ends the deal's judging.  Either way the next deal is judged from its ``deal`` event with
    the totals as the earlier deals gave them.  ``deals`` reports every deal that ended or stopped being judged; a
    log that ends inside a deal being judged is ``complete`` false, with the ``dealer``, ``state`` and ``position``
    that ``check`` takes to go on."""
    layout, scores, target = parse_table(req, variant, opts)
    replay = req.get("replay", "strict")
    deck = deck_of(opts)
    log = req.get("log")
    if not isinstance(log, list) or not log:
        raise InputError(_("log must be a non-empty list of events"), "/log")
    violations: list[dict] = []
    deals: list[dict] = []
    entry: dict | None = None  # the deals entry of the deal being judged
    first = None
    final = None
    rules: set[str] = set()
    st: DealState | None = None
    skipping = False
    prev_dealer = prev_sitter = None
    game_over = False
    pending = False            # a deal ended by going out, scored once a double ending is or is not laid
    checked = 0
    consumed = 0               # events up to here were judged with an earlier one (a take_pile in natural order)
    rounds = rounds_of(req)
    before = dict(scores)      # the totals before the deal being judged
    tally = Tally(deck)
    deal_layout = layout
    owners: list[int | None] = []     # the deal (its index) each violation belongs to; None between deals

    def violate(i, ev_type, rule, msg, ptr=None, penalty=None):
        nonlocal first
        v = {"index": i, "event": ev_type, "rule": rule, "message": msg, "pointer": ptr or f"/log/{i}"}
        if penalty:
            v["penalty"] = penalty
        violations.append(v)
        owners.append(entry["index"] if entry is not None else None)
        rules.add(rule)
        if first is None:
            first = dict(v)
        if entry is not None:
            entry["valid"] = False

    def stop():
        """The judging of the deal stops: it is reported unscored."""
        nonlocal skipping, pending, entry
        skipping, pending = True, False
        if entry is not None:
            deals.append({**entry, "final": None, "as_played": False})
            entry = None

    def finish():
        nonlocal final, scores, game_over, rounds, pending, entry
        pending = False
        res = settle_state(st, deal_layout, opts, scores, target, rounds)
        rules.update(res.pop("_rules"))
        final = res
        scores = {s["id"]: s["total_after"] for s in res["sides"]}
        game_over = res["game_over"]
        rounds += 1
        deals.append({**entry, "final": res})
        entry = None

    def close_open_deal(i, ev_type, why):
        """A deal the log leaves open ends by itself when nothing else could happen: the stock is gone and the
        player in turn does not take the pile, or the drawer of a last red three does not meld (canasta/6.5)."""
        if (st.stock == 0 and st.phase == "draw") or (st.last_red_three and st.phase == "play"):
            try:
                st.apply_end(st.turn)
                finish()
                return
            except IllegalAction as e:
                violate(i, ev_type, e.rule, e.message)
        else:
            violate(i, ev_type, "canasta/6.2", why)
        stop()

    def ruled(i, t, actor, e, ptr):
        """Record the violation ``e`` of event ``i``; whether the deal's judging goes on (canasta/8.5's late
        question, or an event applied as played)."""
        v, pens = _illegal_result(e, layout.side_of[actor], opts, ptr)
        violate(i, t, v["rule"], v["message"], v["pointer"], pens[0] if pens else None)
        if getattr(e, "late_ask", False):   # the laws' remedy keeps the deal going (canasta/8.5)
            st.apply_late_ask(actor)
            return True
        return False

    for i, ev in enumerate(log):
        ptr = f"/log/{i}"
        if not isinstance(ev, dict):
            raise InputError(_("each event is an object with a type"), ptr)
        t = ev.get("type")
        if t not in EVENT_TYPES:
            raise InputError(_("unknown event type {type}; known: {types}", type=repr(t), types=list(EVENT_TYPES)),
                             ptr + "/type")
        if i < consumed:
            continue
        if pending and t != "double_ending":
            finish()
        if t == "deal":
            if st is not None and st.phase != "done" and not skipping:
                close_open_deal(i, t, _("a new deal began before the previous hand ended"))
            checked += 1
            entry = {"index": i, "valid": True, "as_played": False}
            before = dict(scores)
            if game_over:
                violate(i, t, "canasta/7.2", _("the game was already over"))
                stop()
                continue
            check_fields(ev, ptr)
            sitter = sitting_out(ev.get("sitting_out"), layout, ptr + "/sitting_out")
            deal_layout = layout.active(sitter)
            if sitter is not None and ev.get("dealer") == sitter:     # a ruling: the deal passes him by
                violate(i, t, "canasta/1.5", _("{player} sits this deal out, so he does not deal it: the deal passes "
                                               "to the left past him", player=sitter), ptr + "/dealer")
                st, prev_dealer, prev_sitter = None, sitter, sitter
                stop()
                continue
            dealer = player_at(ev.get("dealer"), deal_layout, ptr + "/dealer")
            problems = []
            if sitter is not None and prev_sitter is not None:
                trio = deal_layout_trio(layout)
                want = trio[(trio.index(prev_sitter) + 1) % len(trio)]
                if sitter != want:
                    problems.append(("canasta/1.1", _("the trio's members sit out in turn: {want} sits out, not "
                                                      "{player}", want=want, player=sitter), ptr + "/sitting_out"))
            if prev_dealer is not None:
                want = layout.after(prev_dealer)
                while want == sitter:         # the deal passes to the left, past the player sitting out
                    want = layout.after(want)
                if dealer != want:
                    problems.append(("canasta/1.5", _("the deal passes to the left: {want} deals, not {player}",
                                                      want=want, player=dealer), ptr + "/dealer"))
            prev_dealer, prev_sitter = dealer, sitter
            st, tally, more = start_deal(ev, deal_layout, opts, scores, deck, ptr)
            skipping = False
            for rule, msg, p in problems + more:
                violate(i, t, rule, msg, p)
            # as played, a deal dealt as logged is played on; not one the deck could not deal (canasta/1.2)
            if problems + more and (replay == "strict" or any(rule == "canasta/1.2" for rule, _m, _p in more)):
                stop()
            elif problems + more:
                entry["as_played"] = True
            continue
        if skipping:                 # the rest of a deal whose judging stopped
            continue
        if st is None:
            raise InputError(_("the log must start with a deal event"), ptr)
        checked += 1
        check_fields(ev, ptr)
        if ev.get("player") is not None and ev.get("player") == deal_layout.sitting_out:
            violate(i, t, "canasta/1.1", _("{player} sits this deal out: he takes no part in it", player=ev["player"]),
                    ptr + "/player")
            stop()
            continue
        actor = player_at(ev.get("player"), deal_layout, ptr + "/player")
        if t == "end" and st.phase == "done" and not st.outcome["went_out"] and actor == st.turn:
            continue      # confirms a hand that the end of the stock has already closed (canasta/6.5)
        turn = _natural_take(st, log, i, actor) if t == "take_pile" else None
        if turn is not None and turn["kind"] != "take":     # the pile taken, its top card not melded with it
            at = turn["at"]
            if at == len(log):                  # the log ends after the take: the turn is still being played
                st.taking = []
                break
            e = _top_not_melded(actor, st.pile.top, turn["kind"] == "no_meld")
            ruled(at, log[at].get("type") if isinstance(log[at], dict) else t, actor, e,
                  f"/log/{at}" + ("/melds" if turn["kind"] == "no_top" else ""))
            if replay == "strict":
                stop()
                continue
            try:
                st.take_pile_unmelded(actor)
            except NotPlayable:
                stop()
                continue
            entry["as_played"] = True
            continue
        if turn is not None:
            groups, places, head = turn["groups"], turn["places"], turn["head"]
            try:
                shown, take, post = _take_plan(st, actor, groups, places, head)
                held = True
            except IllegalAction as e:
                held, fault = False, e
            if turn["end"] == len(log) and (not held or not st.can_take_pile(
                    actor, shown, [groups[j] for j in take[1:]])):
                st.taking = groups              # the log ends inside the turn: judged once its melds are all there
                checked += turn["end"] - i - 1
                break
            if held:
                split = _index_of(places[post[0]]) if post else turn["end"]
                rest = [j for j in post if _index_of(places[j]) == split] \
                    if post and any(_index_of(places[j]) == split for j in take) else []
                consumed = split + (1 if rest else 0)
            else:
                rest, consumed = [], turn["end"]
            checked += consumed - i - 1
        try:
            new_cards = revealed(ev, t, ptr)
            if new_cards:
                problems = tally.add(*new_cards)
                if problems:
                    violate(i, t, "canasta/1.2", problems[0]["detail"], problems[0]["pointer"])
                    stop()
                    continue
            if turn is None:
                _apply(st, actor, t, ev, ptr)
            elif not held:
                raise fault
            else:
                st.apply_take_pile(actor, shown, [groups[j] for j in take[1:]])
            for e in st.take_irregularities():      # rules broken that the play goes on after (canasta/2.1)
                v, pens = _illegal_result(e, layout.side_of[actor], opts, ptr)
                violate(i, t, v["rule"], v["message"], v["pointer"], pens[0] if pens else None)
        except IllegalAction as e:
            if turn is not None:
                ptr = e.pointer if e.pointer.startswith("/log/") else \
                    _take_where(places, head, take, groups[head], st.pile.top, e.pointer, f"/log/{i}")
                at, e.pointer = _index_of(ptr), ""
            else:
                at = i
            if ruled(at, t if at == i else "meld", actor, e, ptr):
                continue
            if replay == "strict":
                stop()
                continue
            try:
                if turn is None:
                    st.apply_as_played(t, actor, *_as_logged(t, ev, ptr))
                elif not held:
                    raise NotPlayable(t)
                else:
                    st.apply_as_played(t, actor, shown, [groups[j] for j in take[1:]])
            except NotPlayable:
                stop()
                continue
            entry["as_played"] = True
            for e in st.take_irregularities():      # as above: a red three kept through the turn (canasta/2.1)
                v, pens = _illegal_result(e, layout.side_of[actor], opts, ptr)
                violate(i, t, v["rule"], v["message"], v["pointer"], pens[0] if pens else None)
        if turn is not None and rest:       # the melds of the turn's last event that the pile's cards make
            at = _index_of(places[rest[0]])
            try:
                st.apply_meld(actor, [groups[j] for j in rest])
            except IllegalAction as e:
                ptr = _melds_where(places, rest, e.pointer, f"/log/{at}")
                e.pointer = ""
                if not ruled(at, "meld", actor, e, ptr):
                    if replay == "strict":
                        stop()
                        continue
                    try:
                        st.apply_as_played("meld", actor, None, [groups[j] for j in rest])
                    except NotPlayable:
                        stop()
                        continue
                    entry["as_played"] = True
            for e in st.take_irregularities():
                v, pens = _illegal_result(e, layout.side_of[actor], opts, f"/log/{at}")
                violate(at, "meld", v["rule"], v["message"], v["pointer"], pens[0] if pens else None)
        if st.phase == "done" and t != "double_ending":
            if st.outcome["went_out"] and opts["double_ending"]:
                pending = True
            else:
                finish()
        elif t == "double_ending":
            finish()
    if pending:
        finish()
    if entry is not None and st.phase != "done" and st.taking is None and {a["type"] for a in legal_actions(st, st.turn)} == {"end"}:
        st.apply_end(st.turn)           # nothing but the end can follow: the hand is over (canasta/6.5)
        finish()
    attach_violations(deals, owners)
    out = {"valid": not violations, "events_checked": checked, "first_violation": first,
           "violations": violations, "final": final, "replay": replay, "deals": deals,
           "complete": entry is None}       # a deal that stopped being judged has its entry: the log is complete
    if entry is not None:            # a deal still being played: where it stands, as check takes it
        out.update(dealer=prev_dealer, state={"scores": before, "rounds": rounds}, position=position_of(st))
    out["_rules"] = rules
    return out


def _as_logged(t: str, ev: dict, ptr: str) -> tuple:
    """The arguments of :meth:`~.deal.DealState.apply_as_played` for a logged event: cards, melds, card."""
    cards = card_list(ev["cards"], ptr + "/cards") if ev.get("cards") is not None else None
    card = canasta_card(ev["card"], ptr + "/card") if ev.get("card") is not None else None
    groups = meld_groups(ev.get("melds"), ptr + "/melds")
    if t == "take_pile":
        groups = [group_cards(g) for g in groups]
    return cards, groups, card


def _natural_take(st: DealState, log: list, i: int, actor: str) -> dict | None:
    """A ``take_pile`` in natural order: it carries only the pile's top card, and the meld events of the same player
    that follow lay it, the first meld event holding it.  None: the take_pile as it is (it shows no single top
    card, or he holds that card and shows it).  Else ``{"kind": "take", "groups", "places", "head", "end"}``: the
    melds of the run of meld events (their JSON pointers; ``head`` the one holding the top card; ``end`` the first
    event after the run); or ``{"kind": "no_meld" | "no_top", "at": event}``: no meld event follows (``at`` the
    next event, ``len(log)`` when the log ends), or the first holds no top card."""
    ev = log[i]
    top = st.pile.top
    raw = ev.get("cards")
    if top is None or ev.get("melds") or not isinstance(raw, list) or len(raw) != 1:
        return None
    card = canasta_card(raw[0], f"/log/{i}/cards/0")
    if not same(card, top):
        return None
    groups, places, end, first_n = [], [], i + 1, None
    while end < len(log) and isinstance(log[end], dict) and log[end].get("type") == "meld" \
            and log[end].get("player") == actor:
        check_fields(log[end], f"/log/{end}")
        run = meld_groups(log[end].get("melds"), f"/log/{end}/melds")
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
    cards = group_cards(groups[head])
    k = next(n for n, c in enumerate(cards) if same(c, top))
    shown = cards[:k] + cards[k + 1:]
    hand = st.hand(actor)
    rest = take_from(hand, shown)
    if rest is None:
        n = int(_missing_card(hand, [shown], "")[0].rsplit("/", 1)[1])
        raise foul("canasta/6.1", _("{player} does not hold all the cards melded: {card} is missing", player=actor,
                                    card=shown[n]), None, _in_group(places[head], groups[head], n + (n >= k)))
    take, post = [head], []
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


def _take_where(places: list[str], head: int, take: list[int], head_group, top: Card, pointer: str,
                whole: str) -> str:
    """A pointer into the take_pile (``/cards/n``: the n-th card shown; ``/melds/m/...``: a further meld) as the
    JSON pointer of the meld it came from; ``whole`` for a fault of the take as a whole."""
    parts = (pointer or "").strip("/").split("/")
    if parts[0] == "cards":
        if len(parts) == 1:
            return _in_group(places[head], head_group)
        k = next(n for n, c in enumerate(group_cards(head_group)) if same(c, top))
        n = int(parts[1])
        return _in_group(places[head], head_group, n + (n >= k))
    if parts[0] == "melds":
        if len(parts) == 1:
            return places[head].rsplit("/", 1)[0]
        return "/".join([places[take[int(parts[1]) + 1]]] + parts[2:])
    return whole


def _melds_where(places: list[str], idx: list[int], pointer: str, whole: str) -> str:
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
