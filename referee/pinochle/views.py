"""Pinochle: the three views, ``score``, ``check`` and ``validate``: build the state the body describes (:mod:`.parse`,
with :mod:`.state`, :mod:`.counts` and :mod:`.reading`), run the state machine (:mod:`.deal`), answer (with the
scores of :mod:`.scoring`, and where a log stands, :func:`position_reached`)."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from ..cards import Card, check_conservation
from ..common import fields_out_of_phase, parse_player, parse_players
from ..errors import IllegalAction, InputError
from ..i18n import _
from ..knowledge import Undecided
from ..replay import Replay, log_of
from .auction import Auction
from .cards import deck_of, dix_rank
from .counts import auction_pad
from .deal import LEAD_RULE, DealState, new_state, stock_tricks
from .melds import meld_in_hand
from .parse import (
    PINOCHLE_FOREIGN,
    auction_deal,
    auction_so_far,
    deal_event,
    declare_position,
    play_position,
    two_handed_deal,
)
from .reading import card_at, cards_at, in_deck, pack_of, trump_at
from .scoring import score_deal, score_partnership, score_three, score_two, state_after
from .state import parse_state

if TYPE_CHECKING:       # the request's records (schemas/pinochle.py), named in annotations only
    from schemas.pinochle import (
        ActionRecord,
        BidCall,
        CheckBody,
        Dealt,
        Draw,
        EventRecord,
        Meld,
        Play,
        ScoreBody,
        Spot,
        ValidateBody,
    )


def _players(req: ScoreBody | CheckBody | ValidateBody, variant) -> list[str]:
    """``players``: as many as the variant is played by, told apart (:func:`referee.common.parse_players`)."""
    return parse_players({"players": req.players}, variant)

# ====================================================================== score

def score(req: ScoreBody, variant, opts: dict) -> dict:
    players = _players(req, variant)
    dealer = parse_player(req.dealer, players, "/dealer")
    scores, target = parse_state(req, players, opts)
    deal = req.deal
    if len(players) == 2:
        st = two_handed_deal(deal, players, dealer, opts, scores, target)
        res = score_two(players, dealer, opts, scores, target, st)
    else:
        pad = deal.meld_points is not None
        d = auction_pad(deal, players, dealer, opts) if pad else auction_deal(deal, players, dealer, opts)
        if len(players) == 4:
            res = score_partnership(players, opts, scores, target, d.declarer, d.bid, d.melds, d.captured, d.won,
                                    d.last, d.took)
            if d.by_side:           # written per side: no player's own share is known
                for p in res["players"]:
                    p["meld_points"] = p["card_points"] = None
        else:
            res = score_three(players, opts, scores, target, d.declarer, d.bid, d.melds[d.declarer], d.captured,
                              d.won, d.conceded, d.last)
    res["_rules"] |= {"pinochle/6.2", "pinochle/1.3"}
    res["state_after"] = state_after(res)
    return res


# ====================================================================== check

ACTION_FIELD = {"play": "card", "meld": "cards", "dix": "exchange", "draw": "card", "bid": "amount"}


def check(req: CheckBody, variant, opts: dict) -> dict:
    players = _players(req, variant)
    dealer = parse_player(req.dealer, players, "/dealer")
    pos = req.position
    action = req.action
    actor = parse_player(action.player, players, "/action/player")
    t = action.type
    phase = pos.phase
    base: dict = {"penalties": [], "effects": {}}
    if t == "count_meld":
        return _count_meld(players, opts, pos, base)
    if t == "declare_out":
        return _declare_out(req, players, dealer, opts, pos, actor, base)
    for name, given in (("meld_points", pos.meld_points), ("card_points", pos.card_points)):
        if given is not None:
            raise InputError(_("the running count is given only when declaring out"),
                             f"/position/{name}")
    if phase == "bidding":
        return _check_call(players, dealer, opts, pos, action, actor, base)
    if t in ("play", "meld", "dix") and pos.hand is None:
        raise InputError(_("give the hand of {player}: this action cannot be judged without it",
                           player=actor),
                         "/position/hand")
    clash = fields_out_of_phase({name: getattr(pos, name) for name in PINOCHLE_FOREIGN.get(phase, ())}, phase,
                                PINOCHLE_FOREIGN)
    if clash:
        raise InputError(clash)
    st, hand = play_position(pos, players, dealer, opts, actor)
    if t in ("bid", "pass"):
        # a call once play has begun: the auction is over (or there is none, two-handed)
        e = (IllegalAction("pinochle/2.1", _("two-handed pinochle has no auction"), pointer="type")
             if len(players) == 2 else
             IllegalAction(Auction(players, dealer, opts).rule, _("the auction is over"), pointer="type"))
        return _listed(_illegal(base, e, st.legal_actions(actor), t))
    legal_before = st.legal_actions(actor)
    if t == "play":
        res = _check_play(st, actor, card_at(cast("Play", action).card, opts, "/action/card"), legal_before, base)
    elif t in ("meld", "dix"):
        res = _check_meld(st, actor, t, cast("Meld", action), opts, legal_before, base)
    else:
        res = _check_draw(st, hand, actor, cast("Draw", action), opts, legal_before, base)
    return _listed(res)


def _listed(res: dict) -> dict:
    """``res`` with the rules its legal actions turn on (a play legal only under conditions) among its rules."""
    res["_rules"] = res["_rules"] | {c["rule"] for a in res["legal_actions"] if "conditions" in a
                                     for c in a["conditions"]}
    return res


def _count_meld(players: list[str], opts: dict, pos: Spot, base: dict) -> dict:
    """The meld a hand holds with the trump given (no action judged: the count itself)."""
    hand = cards_at(pos.hand, opts, "/position/hand")
    trump = trump_at(pos.trump, "/position/trump")
    most = {2: 12, 3: 18, 4: 12}[len(players)]
    if len(hand) > most:
        raise InputError(_("no hand in this form holds more than {n} cards", n=most), "/position/hand")
    check_conservation([("/position/hand", hand)], deck_of(opts))
    found = meld_in_hand(hand, trump, opts)
    return {**base, "legal": True, "violations": [], "legal_actions": [],
            "effects": {"melds": found, "total": sum(m["points"] for m in found)},
            "_rules": {"pinochle/4.1", "pinochle/4.9", "pinochle/4.10"}}


def _check_call(players: list[str], dealer: str, opts: dict, pos: Spot, action: ActionRecord, actor: str,
                base: dict) -> dict:
    """An action in the bidding phase (three- and four-handed): a bid or a pass judged by the auction so far; any
    other action is out of its time."""
    t = action.type
    if pos.bids is None and t in ("bid", "pass"):
        raise InputError(_("give the earlier calls of the auction (none when nobody has spoken)"),
                         "/position/bids")
    auc = auction_so_far(pos, players, dealer, opts)
    if len(players) == 2:
        raise InputError(_("two-handed pinochle has no auction"), "/position/phase")
    legal_before = auc.legal(actor)
    try:
        amount = cast("BidCall", action).amount if t == "bid" else None
        if t == "play":   # a possible position, a rule broken: no play before the auction is over
            raise IllegalAction("pinochle/7.3" if len(players) == 4 else "pinochle/8.3",
                                _("play starts once the auction is over and trump is named"), pointer="type")
        if t in ("meld", "dix"):
            raise IllegalAction("pinochle/4.10", _("in this form all meld is counted at once from the hands"),
                                pointer="type")
        if t == "draw":
            raise IllegalAction("pinochle/3.3", _("nobody draws now"), pointer="type")
        if t not in ("bid", "pass"):
            raise InputError(_("in the bidding a player bids or passes"), "/action/type")
        if t == "bid" and amount is None:
            raise InputError(_("a bid names its amount"), "/action/amount")
        eff = auc.apply(actor, amount)
        return {**base, "legal": True, "violations": [], "legal_actions": legal_before, "effects": eff,
                "_rules": {auc.rule}}
    except IllegalAction as e:
        return _illegal(base, e, legal_before, t if t == "bid" else None)


def _check_play(st: DealState, actor: str, card: Card, legal_before: list, base: dict) -> dict:
    try:
        deciding = st.play_rules(actor, card)
        eff = st.apply_play(actor, card)
        return {**base, "legal": True, "violations": [], "legal_actions": legal_before, "effects": eff,
                "_rules": deciding}
    except IllegalAction as e:
        return _illegal(base, e, legal_before, "play")
    except Undecided as u:      # the verdict turns on cards nobody has seen (a hand known in part)
        return {**base, "legal": None, "conditions": u.conditions, "violations": [],
                "legal_actions": legal_before, "_rules": {c["rule"] for c in u.conditions}}


def _check_meld(st: DealState, actor: str, t: str, action: Meld, opts: dict, legal_before: list, base: dict
                ) -> dict:
    assert st.trump is not None     # play_position names trump
    cards = (in_deck(action.cards, opts, "/action/cards") if t == "meld"
             else [Card(dix_rank(opts), st.trump)])
    st.show(actor, cards)       # a hand known in part: the cards melded are seen now
    try:
        eff = st.apply_meld(actor, cards, bool(action.exchange))
        return {**base, "legal": True, "violations": [], "legal_actions": legal_before, "effects": eff,
                "_rules": _meld_rules(st, eff)}
    except IllegalAction as e:
        return _illegal(base, e, legal_before, t)


def _check_draw(st: DealState, hand: list[Card] | None, actor: str, action: Draw, opts: dict, legal_before: list,
                base: dict) -> dict:
    card = card_at(action.card, opts, "/action/card") if action.card else None
    held = (st.holding(actor) or []).count(card) if card is not None and hand is not None else 0
    twin_out = held >= deck_of(opts).max_copies(card) - 1 if card else False
    # the draw is judged first (pinochle/3.3, 3.4), the count of the card drawn after: a winner of the twelfth
    # trick who holds one JH and names the upcard JH has taken the face-up card, a ruling, not a third copy
    try:
        st.verify_draw(actor, card, twin_out=twin_out)
    except IllegalAction as e:
        return _illegal(base, e, legal_before, "draw")
    # a face-down card: neither a copy the player holds nor the upcard lying face up
    if card is not None and hand is not None and not st.takes_upcard(card) \
            and held + (1 if st.upcard == card else 0) >= deck_of(opts).max_copies(card):
        raise InputError(_("{player} already holds both {card}; a third cannot be drawn",
                           player=actor, card=card) if held >= 2 else
                         _("{player} holds one {card} and the other is the upcard, still face up; a third "
                           "cannot be drawn", player=actor, card=card),
                         "/action/card")
    eff = st.apply_draw(actor, card, twin_out=twin_out)
    return {**base, "legal": True, "violations": [], "legal_actions": legal_before, "effects": eff,
            "_rules": {"pinochle/3.3", "pinochle/3.4"}}


def _meld_rules(st, eff: dict) -> set[str]:
    """The rules that let a two-handed meld stand: the table and who melds (pinochle/4.1-4.4), the time the option
    gives the trick's winner to meld (3.3), and where one applied, the dix and its exchange (4.7), double pinochle
    (4.5), eight of a rank (4.9), the last trick before the stock is gone (4.8)."""
    out = {"pinochle/4.1", "pinochle/4.2", "pinochle/4.3", "pinochle/4.4", "pinochle/3.3"}
    if eff["meld"] == "dix":
        out.add("pinochle/4.7")
    elif eff["meld"] == "double pinochle":
        out.add("pinochle/4.5")
    elif eff["meld"].startswith("double "):
        out.add("pinochle/4.9")
    if st.tricks_done == stock_tricks(st.opts):
        out.add("pinochle/4.8")
    return out


def _declare_out(req, players, dealer, opts, pos, actor, base) -> dict:
    """May ``actor`` declare out now, and is the claim right (pinochle/6.4)?  The position gives the claimant's
    running count; ``state`` the banked scores and the target in force."""
    scores, target = parse_state(req, players, opts)
    done, meld, pts = declare_position(pos, players, dealer, opts, actor)
    st = new_state(players, dealer, opts, None)
    st.tricks_done = done
    st.meld_points[actor] = meld          # the dealer's 10 for a dix turned up is part of the count given
    st.captured[actor] = pts
    try:
        banked = scores[actor] if len(players) == 2 else 0
        claim = st.apply_declare(actor, banked, target)
    except IllegalAction as e:
        return _illegal(base, e, [], "declare_out")
    other = players[1 - players.index(actor)]
    winner = actor if claim["right"] else other
    parts = {"player": actor, "banked": banked, "meld": meld, "cards": pts, "total": claim["total"],
             "target": target}
    reason = (_("{player}: {banked} banked + {meld} meld + {cards} card points = {total}, at least {target}: the "
                "claim is right and {player} wins", **parts) if claim["right"] else
              _("{player}: {banked} banked + {meld} meld + {cards} card points = {total}, short of {target}: the "
                "claim is wrong and {winner} wins", winner=winner, **parts))
    # the position is a running count with no hand: the one action it shows open is the declaration itself
    return {**base, "legal": True, "violations": [], "legal_actions": [{"type": "declare_out", "player": actor}],
            "effects": {"total": claim["total"], "target": target, "right": claim["right"], "winner": winner,
                        "reason": reason},
            "_rules": {"pinochle/6.4"}}


def _illegal(base, e: IllegalAction, legal_before, atype=None):
    field = e.pointer or ACTION_FIELD.get(atype)
    if atype == "dix" and field == "cards":
        field = None  # a dix action names no cards
    field_ptr = f"/action/{field}" if field else "/action"
    return {**base, "legal": False, "violations": [e.as_violation(field_ptr)], "legal_actions": legal_before,
            "_rules": {e.rule}}


# ====================================================================== validate

EVENT_FIELD = {"play": "card", "meld": "cards", "draw": "card", "bid": "amount", "bury": "cards", "trump": "suit"}


class _CannotApply(IllegalAction):
    """An illegal event that has already changed the state (a third copy drawn from the stock): never replayed."""


def validate(req: ValidateBody, variant, opts: dict) -> dict:
    """Replay a log deal by deal (``replay``: ``strict``, a deal's judging stops at its first illegal event;
    ``as_played``, an illegal event the cards allow is applied as logged, see :mod:`.deal`).  Answers every deal
    that ended or stopped being judged in ``deals``; a log that stops in the middle of a deal is not a violation but
    ``complete: false``, with the ``dealer``, ``state`` and ``position`` check takes to go on from there."""
    players = _players(req, variant)
    scores, target = parse_state(req, players, opts)
    log = log_of(req)
    return PinochleReplay(log, req.replay or "strict", players, opts, scores, target).run_typed()


class PinochleReplay(Replay):
    """The replay of a Pinochle log (see :func:`validate`).  Each deal event opens the deal's entry in ``deals``; the
    last is dropped while its deal is still on."""

    def __init__(self, log: list, mode: str, players: list[str], opts: dict, scores: dict[str, int], target: int
                 ) -> None:
        super().__init__(log, mode)
        self.players = players
        self.opts = opts
        self.pack = pack_of(opts)           # the pack's cards: every card played or drawn is one of them
        self.deck = deck_of(opts)           # the pack, with the copies of each card
        self.scores = scores                # the totals before the current deal
        self.target = target
        self.st: DealState | None = None
        self.seen: list = []                # the cards seen so far in the deal, as [(pointer, cards)] (see _event)
        self.counts: Counter = Counter()    # the copies of each card in ``seen``, kept as the stock is drawn

    def event_type(self, i: int, ev: EventRecord, ptr: str) -> str:
        """The event's type: the schema has loaded each event by its type."""
        return ev.type

    def violate(self, i: int, ev: str, rule: str, msg: str, ptr: str, stop: bool = True) -> None:
        """Record a violation of event ``i``; it belongs to the last deal begun, whose judging stops (``stop``)."""
        self.record(i, ev, rule, msg, ptr, self.deals[-1]["index"])
        self.deals[-1]["valid"] = False
        self.skipping = self.skipping or stop

    def deal(self, i: int, ev: Any, ptr: str) -> None:
        dealt: Dealt = ev       # the schema loads each deal event as one
        players, n, st = self.players, len(self.players), self.st
        if st is not None and not st.done and not self.skipping:
            self.violate(i, "deal", "pinochle/2.3", _("a new deal began before the previous one was finished"), ptr)
        self.skipping = False
        self.checked += 1
        self.deals.append({"index": i, "valid": True, "final": None, "as_played": False})
        if self.final is not None and self.final.get("game_over"):
            self.violate(i, "deal", "pinochle/6.3", _("the game was already over"), ptr)
            return
        prev = st.dealer if st is not None else None
        st, self.seen, faults = deal_event(dealt, players, self.opts, ptr)
        self.st = st
        self.counts = Counter()
        for _where, cards in self.seen:
            self.counts.update(cards)
        for rule, msg, where in faults:
            self.violate(i, "deal", rule, msg, where)
        if prev is not None:
            expected = players[(players.index(prev) + 1) % n]
            if st.dealer != expected:
                # as played, the deal is the one dealt
                self.violate(i, "deal", "pinochle/2.1" if n == 2 else LEAD_RULE[n],
                             _("the deal passes to the left: {expected} deals, not {dealer}", expected=expected,
                               dealer=st.dealer), ptr + "/dealer", stop=not self.as_played)

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
        actor = ev.player
        if actor not in self.players:
            actor = parse_player(actor, self.players, f"/log/{i}/player")
        if st.done:
            self.violate(i, t, "pinochle/2.3", _("the deal is over: the next event is a new deal"), f"/log/{i}")
            return True
        banked = self.scores[actor] if len(self.players) == 2 else 0     # declaring out counts the score banked
        try:
            if t == "play" and ev.card in self.pack:    # the commonest event, straight to its apply (as _event does)
                st.apply_play(actor, ev.card, False)
            else:
                _event(st, t, actor, ev, i, self.opts, self.pack, self.deck, self.seen, self.counts, banked,
                       self.target, False)
        except IllegalAction as e:
            field = e.pointer or EVENT_FIELD.get(t)
            cannot = not self.as_played or isinstance(e, _CannotApply)
            self.violate(i, t, e.rule, e.message, f"/log/{i}/{field}" if field else f"/log/{i}", stop=cannot)
            if cannot:
                return True
            try:
                _event(st, t, actor, ev, i, self.opts, self.pack, self.deck, self.seen, self.counts, banked,
                       self.target, True)
            except IllegalAction:
                self.skipping = True     # the cards do not allow it: this deal's judging ends here
                return True
        if st.done and not st.void:
            self.scored(st)
        return True

    def scored(self, st: DealState) -> None:
        """Score the deal that ended: the totals and the target go on from its answer."""
        res = score_deal(st, self.scores, self.target)
        self.rules.update(res.pop("_rules"))
        self.final = res
        self.deals[-1].update(final=res, as_played=not self.deals[-1]["valid"])
        self.scores = {k: v["total_after"] for k, v in
                       ((x["id"], x) for x in (res.get("sides") or res["players"]))}
        self.target = res.get("target", self.target)
        self.rules.add("pinochle/6.1")

    def answer(self) -> dict:
        st = self.st
        out = self.summary(complete=True, deals=self.deals, _rules=self.rules)
        if st is not None and not st.done and not self.skipping:
            # a log still being played: where it stands, for check to go on from
            self.deals.pop()
            out.update(complete=False, dealer=st.dealer,
                       state={"scores": dict(self.scores),
                              **({"target": self.target} if len(self.players) == 2 else {})},
                       position=position_reached(st))
        return out


def _event(st, t, actor, ev, i, opts, pack, deck, seen, counts, banked, target, as_played) -> None:
    """Apply event ``i`` of a log, other than a deal, to ``st`` (``as_played``: see :mod:`.deal`); ``seen`` lists the
    cards seen so far in the deal as ``[(pointer, cards)]`` (a drawn card as ``(its event's pointer, card)``) and
    ``counts`` counts them (a draw adds to both); raises :class:`~referee.errors.IllegalAction` when it is illegal
    (then ``st`` is as before, unless the error is a :class:`_CannotApply`); ``pack`` is the set of the pack's cards,
    ``deck`` the pack of the options (:func:`deck_of`).  The event's pointer is made only where one is needed (not for
    a play of a card of the pack)."""
    if t in ("play", "draw"):       # the events of a log, most common first
        card = ev.card
        if card not in pack:        # a card of the pack (the pack's cards: ``pack``), or the refusal
            card = card_at(card, opts, f"/log/{i}/card")
        if t == "play":
            st.apply_play(actor, card, as_played)
            return
        ptr = f"/log/{i}"
        copies = deck.max_copies(card)
        # the draw is judged before the count: the upcard named by the winner of the twelfth trick while its twin
        # is already in play is the face-up card taken (pinochle/3.4), not a third copy (1.1)
        if st.apply_draw(actor, card, as_played, twin_out=counts[card] >= copies)["upcard"]:
            return  # the upcard was already counted at the deal
        seen.append((ptr, card))    # a drawn card, with its event's pointer (the card's own made only for a fault)
        counts[card] += 1
        if counts[card] <= copies:
            return      # the deal's cards were within the pack (else its judging stopped), and so is this one
        try:            # a copy too many: placed, with its message, as the whole deal's count places it
            check_conservation([(f"{where}/card", [cards]) if type(cards) is Card else (where, cards)
                                for where, cards in seen], deck)
        except InputError as e:
            raise _CannotApply("pinochle/1.1", e.errors[0]["detail"], pointer="card") from None
        return
    ptr = f"/log/{i}"
    if t == "bid" and ev.amount is None:
        raise InputError(_("a bid names its amount"), ptr + "/amount")
    if t == "bid":
        st.apply_bid(actor, ev.amount, as_played)
    elif t == "pass":
        st.apply_pass(actor, as_played)
    elif t == "trump":
        st.verify_trump(actor)
        st.apply_trump(actor, trump_at(ev.suit, ptr + "/suit"))
    elif t == "widow":
        st.apply_widow(actor)
    elif t == "bury":
        st.verify_bidder(actor)
        st.apply_bury(actor, in_deck(ev.cards, opts, ptr + "/cards"))
    elif t == "concede":
        st.apply_concede(actor, as_played)
    elif t in ("meld", "dix"):
        cards = in_deck(ev.cards, opts, ptr + "/cards") if t == "meld" else [Card(dix_rank(opts), st.trump)]
        st.apply_meld(actor, cards, bool(ev.exchange), as_played, explain=False)
    elif t == "declare_out":
        st.apply_declare(actor, banked, target)


def position_reached(st: DealState) -> dict:
    """Where a log's deal stands, as a check ``position`` (the inverse of :func:`play_position` and
    :func:`auction_so_far`): the position of the player to act next by the rules, whose hand it gives.

    * the auction on, or over with play not yet begun (trump to name, the widow to take and bury): ``bidding`` with
      the calls made;
    * two-handed, the trick winner's chance to meld (before the draws, or after them with option ``meld_timing``
      ``after_draw``): ``meld``, the winner's hand;
    * two-handed, a draw due: ``draw``, the hand of the one who draws;
    * otherwise ``play``: the current trick, the hand of the one to play.

    Two-handed, the acting player's melds still count on the table as ``melds`` (in the order made, the dix
    exchanged for the upcard left out: it lies under the stock) and ``played_from_table``; in the play-off, when the
    melded cards are back in the hands, the whole hand.
    """
    if st.auction is not None and (not st.auction.over or st.trump is None
                                   or (st.n == 3 and st.buried is None and not st.tricks_done)):
        return {"phase": "bidding", "bids": [dict(c) for c in st.auction.calls]}
    pos: dict = {"trump": st.trump, "tricks_done": st.tricks_done}
    if st.to_draw and st.window == st.to_draw[0]:
        actor = st.window
        pos.update(phase="meld", drawn=False, melded_this_trick=st.melded_this_trick)
    elif st.to_draw:
        actor = st.to_draw[0]
        pos.update(phase="draw", winner=st.leader, winner_drew=actor != st.leader)
    elif st.window is not None:
        actor = st.window
        pos.update(phase="meld", drawn=True, melded_this_trick=st.melded_this_trick)
    else:
        actor = cast(str, st.to_play)       # the deal is on and no draw is owed: someone is to play
        pos.update(phase="play", trick={"leader": st.leader, "cards": [str(c) for _p, c in st.trick]})
    if st.n == 2 and st.tricks_done >= stock_tricks(st.opts) and pos["phase"] == "play":
        pos["hand"] = [str(c) for c in st.holding(actor) or []]      # a log deals every hand
        return pos
    pos["hand"] = [str(c) for c in st.hands[actor] or []]
    if st.n == 2:
        if st.upcard is not None:
            pos["upcard"] = str(st.upcard)
        pos["exchanged"] = st.exchanged
        pos["melds"] = [{"cards": [str(c) for c in m["cards"]]} for m in st.melds
                        if m["player"] == actor and not (m["meld"] == "dix" and m["exchange"])]
        pos["played_from_table"] = [str(c) for c in st.from_table.get(actor, [])]
    return pos
