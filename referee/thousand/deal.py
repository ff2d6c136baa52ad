"""Thousand: the deal state machine (auction, talon, concession, redeal, trick play).

One :class:`DealState` drives all three views of the game:

* ``check`` builds a state from a described position and asks ``verify_<action>``;
* ``validate`` replays a log event by event through ``apply_<action>``;
* ``score`` replays the tricks of a completed deal through ``apply_play`` so that trick winners,
  leaders and marriages are derived, never trusted.

Each action has the PokerKit-style triple: ``verify_x(...)`` raises
:class:`~referee.errors.IllegalAction` naming the rule; ``can_x(...)`` returns a bool; ``apply_x``
verifies, then changes the state and returns a small record of what happened.

Hands may be unknown (``None``) for players whose cards a position does not give; rules that need
a hand are then judged only for players whose hand is known.

**As played.**  ``apply_x(..., as_played=True)`` applies an illegal action that the cards allow, as a log records
it (``validate`` with ``replay: "as_played"``): the faults that ``verify_x`` reports through
:meth:`DealState._table_fault` are waived and kept in ``waived`` (the view lists them), every other fault still
raises.  The faults that can be waived, by rule:

* bids: the step (thousand/7.2), too low (7.9, the amount only: a call out of turn is not), silence
  (7.7), the barrel minimum (7.8), the highest contract (7.5) and the hand's limit (7.4);
* raises: the step (7.2), a lower contract (8.2), above the hand's limit (8.2), the highest contract (7.5), the
  barrel minimum (7.8), a golden contract (18.1);
* concessions beyond the limits (9.4);
* redeal claims the cards do not support (6.1, 6.2, 6.3, 6.4): the deal is thrown in as logged;
* plays: not following suit (11.2), not trumping (11.3), not beating (11.4), not overtrumping (11.5), and a
  marriage announced on the first trick (10.2).

Never waived: a player who does not play the deal (3.2), a card not held or already played (3.5), an action out of
turn or of another phase, the talon, the exchange and the discard (8.1, 3.3), blind games (17.1), marriages without
their cards (10.1, 2.2): such an event cannot be applied, and a log's deal stops being judged there.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import Card
from ..errors import IllegalAction, InputError, allowed
from ..i18n import N_, OneOf, Suit, _, ngettext
from ..knowledge import Partial, Undecided, completions, verdict
from .cards import STRENGTH, card_points
from .melds import ACE_MARRIAGE_VALUE, ACES, MARRIAGE_VALUE, has_four_aces, marriages_in
from .options import Options, OptionsLike

FORCED_BID = 100
NO_MARRIAGE_CAP = 120
BLIND_CONTRACT = 120
# the phases of a deal as a message names them
# the faults of a play that the cards allow (module doc: as played)
TABLE_PLAY_FAULTS = frozenset({"thousand/11.2", "thousand/11.3", "thousand/11.4", "thousand/11.5"})
# the rule that decides a redeal claim, by its reason (thousand/6.1, 6.3, 6.4)
REDEAL_RULE = {"four_nines": "thousand/6.1", "weak_hand": "thousand/6.3", "weak_talon": "thousand/6.4"}
PHASE_NAMES = {"bidding": N_("bidding"), "talon": N_("talon"), "play": N_("trick play"), "done": N_("done")}


def aces_count(opts: Options) -> bool:
    """Whether four aces count 200 towards the bid limit (thousand/2.2, 7.4)."""
    return opts.ace_marriage and opts.ace_marriage_raises_cap


def bid_cap(cards, opts: Options) -> int:
    """Highest contract a hand may bid (thousand/7.4, 7.5)."""
    max_bid = opts.max_bid
    held = sum(MARRIAGE_VALUE[s] for s in marriages_in(cards))
    if aces_count(opts) and has_four_aces(cards):
        held += ACE_MARRIAGE_VALUE
    if opts.bid_cap == "none":
        return max_bid
    if opts.bid_cap == "marriage_unlocks":
        return max_bid if held else NO_MARRIAGE_CAP
    return min(max_bid, NO_MARRIAGE_CAP + held)


def highest_cap(n_cards: int, opts: Options) -> int:
    """The highest limit any hand of ``n_cards`` cards can have (thousand/7.4, 7.5): the best marriages that fit in
    it (two cards each, hearts first), or with the ace marriage four aces and the best marriages in the rest.

    Seven cards: three marriages (240), or four aces and hearts (300) where aces count; ten cards: all four (280).
    """
    if opts.bid_cap != "marriages":
        return opts.max_bid
    values = sorted(MARRIAGE_VALUE.values(), reverse=True)
    best = sum(values[:n_cards // 2])
    if aces_count(opts) and n_cards >= 4:
        best = max(best, ACE_MARRIAGE_VALUE + sum(values[:(n_cards - 4) // 2]))
    return min(opts.max_bid, NO_MARRIAGE_CAP + best)


@dataclass
class Layout:
    """Who plays a deal: ``active`` in playing order from the first hand; ``sitter`` or None."""

    players: list[str]
    dealer: str
    active: list[str]
    sitter: str | None
    hand_size: int

    @classmethod
    def of(cls, players: list[str], dealer: str) -> Layout:
        n = len(players)
        d = players.index(dealer)
        order = [players[(d + 1 + i) % n] for i in range(n)]  # clockwise from first hand; dealer last
        if n == 4:
            return cls(players, dealer, order[:3], dealer, 7)
        if n == 2:
            return cls(players, dealer, order, None, 10)
        return cls(players, dealer, order, None, 7)

    @property
    def tricks(self) -> int:
        return 10 if len(self.active) == 2 else 8

    def after(self, player: str) -> str:
        i = self.active.index(player)
        return self.active[(i + 1) % len(self.active)]


def barrel_least_contract(opts: Options) -> int | None:
    """The lowest contract a player on the barrel may bid: the one that reaches the target if made, in whole bid steps
    (thousand/7.8: 120 from 880 to 1,000), or None when the barrel sets no floor (``barrel_bid_floor`` off)."""
    if opts.barrel != "barrel" or not opts.barrel_bid_floor:
        return None
    need = opts.target - opts.barrel_threshold
    return -(-need // opts.bid_step) * opts.bid_step


@dataclass
class DealState:
    """State of one Thousand deal.

    Phases: ``bidding`` → ``talon`` (take the talon, exchange, raise or concede) → ``play`` → ``done``.
    ``hands`` maps each active player to a list of cards, or ``None`` when unknown.
    ``scores``/``on_barrel`` describe the game before the deal (bidding rules need them).
    """

    layout: Layout
    opts: Options
    hands: dict[str, list[Card] | None]
    talon: list[Card] | None = None
    musiks: list[list[Card]] | None = None
    scores: dict[str, int] = field(default_factory=dict)
    concessions: dict[str, int] = field(default_factory=dict)
    phase: str = "bidding"
    # auction
    high_bid: int = FORCED_BID
    high_bidder: str | None = None
    passed: set = field(default_factory=set)
    calls: list = field(default_factory=list)  # who has spoken, in order
    bidders: set = field(default_factory=set)  # who has made a (non-blind) bid
    auction_known: bool = True  # False for a described talon or play position given without its auction
    to_speak: str | None = None
    blind: bool = False
    golden: bool = False
    # talon
    declarer: str | None = None
    contract: int | None = None
    talon_taken: bool = False
    exchanged: bool = False
    received: dict[str, Card] = field(default_factory=dict)
    discards: list[Card] = field(default_factory=list)
    conceded: bool = False
    # play
    trump: str | None = None
    pending_trump: str | None = None
    leader: str | None = None
    trick: list[tuple[str, Card]] = field(default_factory=list)
    tricks_won: dict[str, int] = field(default_factory=dict)
    captured: dict[str, int] = field(default_factory=dict)
    marriages: list[dict] = field(default_factory=list)
    trick_index: int = 0
    completed: list[dict] = field(default_factory=list)
    played: dict[Card, int] = field(default_factory=dict)  # card -> index of the trick it was played to
    redeal: dict | None = None
    irregularities: list[dict] = field(default_factory=list)  # deal faults reported in a log (4.1, 5.x)
    bids: list[dict] = field(default_factory=list)   # the calls so far, in check's ``position.bids`` shape
    waived: list[IllegalAction] = field(default_factory=list)  # faults the last apply as played waived (module doc)
    # what is known of a hand given in part (check's position): its ``hands`` entry is then the known cards
    partial: dict[str, Partial] = field(default_factory=dict)
    _waiving: list[IllegalAction] | None = field(default=None, repr=False)   # collecting them, while it verifies

    # ------------------------------------------------------------ set-up
    @classmethod
    def new(cls, layout: Layout, opts: OptionsLike, hands: dict | None = None, talon=None, musiks=None,
            scores: dict | None = None, concessions: dict | None = None) -> DealState:
        st = cls(layout=layout, opts=Options.of(opts),
                 hands={p: (list(hands[p]) if hands and hands.get(p) is not None else None)
                        for p in layout.active},
                 talon=list(talon) if talon is not None else None,
                 musiks=[list(m) for m in musiks] if musiks is not None else None,
                 scores=dict.fromkeys(layout.players, 0) | dict(scores or {}),
                 concessions=dict.fromkeys(layout.players, 0) | dict(concessions or {}))
        st.tricks_won = dict.fromkeys(layout.active, 0)
        st.captured = dict.fromkeys(layout.active, 0)
        st.high_bidder = st.forced_holder()
        st.high_bid = st.forced_bid()
        st.to_speak = layout.active[0] if st.high_bidder is None else layout.after(st.high_bidder)
        return st

    def forced_holder(self) -> str | None:
        """The player bound to the opening 100 (thousand/7.1), or None when nobody is."""
        lay = self.layout
        holder = self.opts.forced_bid_holder
        if holder == "none":
            return None
        if holder == "dealer" and lay.dealer in lay.active:
            return lay.dealer
        return lay.active[0]

    def forced_bid(self) -> int:
        """What the forced holder is bound to (thousand/7.1, 7.8): 100, or for a holder on the barrel under
        ``barrel_forced_floor`` the contract that carries the total from there to the target (120 from 880)."""
        holder, o = self.forced_holder(), self.opts
        if holder is not None and o.barrel_forced_floor and self.on_barrel(holder):
            need, step = o.target - o.barrel_threshold, o.bid_step
            return max(FORCED_BID, -(-need // step) * step)
        return FORCED_BID

    def may_take_over(self, player: str) -> bool:
        """Whether ``player`` may open at 100 over the dealer's forced 100 (thousand/7.1): the first hand, first to
        speak, when the dealer is on 100 and that option is on."""
        lay = self.layout
        return (self.opts.forehand_opens_100 and not self.calls and self.high_bidder == lay.dealer
                and player == lay.active[0])

    def lowest_bid(self, player: str) -> int:
        """The lowest amount ``player`` may bid now, before the barrel floor (thousand/7.1, 7.9): the current bid
        plus a step, or the current bid itself when nobody holds it or the player may take the forced 100 over."""
        if self.high_bidder is None or self.may_take_over(player):
            return self.high_bid
        return self.high_bid + self.opts.bid_step

    def start_play(self, declarer: str, contract: int) -> None:
        """Jump straight to trick play (used when scoring given tricks)."""
        self.phase = "play"
        self.declarer = declarer
        self.contract = contract
        self.leader = declarer

    # ------------------------------------------------------------ helpers
    def on_barrel(self, player: str) -> bool:
        o = self.opts
        return o.barrel == "barrel" and self.scores[player] == o.barrel_threshold

    def barrel_minimum(self, player: str) -> int | None:
        """Lowest contract that can finish the game from the barrel (thousand/7.8), or None when no floor applies."""
        if not self.on_barrel(player):
            return None
        return barrel_least_contract(self.opts)

    def _table_fault(self, fault: IllegalAction) -> None:
        """A fault the cards allow: raised, or waived while an apply as played verifies (module doc)."""
        if self._waiving is None:
            raise fault
        self._waiving.append(fault)

    def _verify(self, verify, as_played: bool, *args) -> None:
        """Run ``verify(*args)`` before an apply; as played, its table faults are waived into ``waived`` instead of
        raising (any other fault still raises, and nothing is applied)."""
        if not as_played:       # nothing to waive: the verify alone (most events of a log)
            if self.waived:
                self.waived = []
            verify(*args)
            return
        self.waived = []
        self._waiving = []
        try:
            verify(*args)
        finally:
            waived, self._waiving = self._waiving, None
        self.waived = waived or []

    def _require_turn(self, player: str, phase: str, rule: str) -> None:
        if self.phase == "done":
            raise IllegalAction(rule, _("the deal is already over"))
        if self.phase != phase:
            raise IllegalAction(rule, _("this action belongs to the {phase} phase, but the deal is in the {now} phase",
                                        phase=_(PHASE_NAMES[phase]), now=_(PHASE_NAMES[self.phase])))
        if player not in self.layout.active:
            raise IllegalAction("thousand/3.2", _("{player} does not play this deal", player=player), pointer="player")

    def _hand(self, player: str) -> list[Card] | None:
        return self.hands.get(player)

    def show(self, player: str, cards: list[Card]) -> None:
        """Cards an action shows (given or discarded) from a hand known in part: those not known that the unseen
        cards can be become known (the table sees them now)."""
        for c in cards:
            part = self.partial.get(player)
            if part is not None and c not in part.known and part.may_hold(c):
                self.partial[player] = part.reveal(c)
                self.hands[player] = list(self.partial[player].known)

    # ------------------------------------------------------------ bidding (thousand/7)
    def bid_range(self, player: str) -> tuple[int, int] | None:
        """(lowest, highest) bid ``player`` may make now, or None if none is possible."""
        step = self.opts.bid_step
        low = self.lowest_bid(player)
        low = -(-low // step) * step
        bm = self.barrel_minimum(player)
        if bm is not None:
            low = max(low, bm)
        hand = self._hand(player)
        high = bid_cap(hand, self.opts) if hand is not None else self.opts.max_bid
        high = (high // step) * step
        return (low, high) if low <= high else None

    def verify_bid(self, player: str, amount: Any, blind: bool = False) -> None:
        o = self.opts
        self._require_turn(player, "bidding", "thousand/7.9")
        if blind:
            return self.verify_blind(player, amount)
        if player in self.passed:
            raise IllegalAction("thousand/7.3", _("{player} has passed and may not bid again", player=player),
                                pointer="player")
        if player != self.to_speak:
            raise IllegalAction("thousand/7.9", _("it is {to_speak}'s turn to speak, not {player}'s",
                                                  to_speak=self.to_speak, player=player), pointer="player")
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalAction("thousand/7.2", _("a bid must be a whole number of points"))
        if amount % o.bid_step:
            self._table_fault(IllegalAction("thousand/7.2", _("bids go in steps of {step}; {amount} is not one",
                                                  step=o.bid_step, amount=amount)))
        if amount < self.lowest_bid(player):
            holder = self.forced_holder()
            if self.high_bidder is None:
                self._table_fault(IllegalAction("thousand/7.9", _("a bid must be at least {high}", high=self.high_bid)))
            elif (self.high_bidder == holder and holder not in self.bidders and not self.blind
                  and self.high_bid != FORCED_BID):
                # the barrel holder's forced bid stands at the barrel minimum (7.8, barrel_forced_floor)
                self._table_fault(IllegalAction("thousand/7.8", _(
                    "{holder} is on the barrel and on the forced bid, so plays {forced} at once: {player} must bid "
                    "more than {forced}", holder=holder, forced=self.high_bid, player=player)))
            else:
                self._table_fault(IllegalAction("thousand/7.9", _("a bid must exceed the current {high}",
                                                                  high=self.high_bid)))
        thr = o.silence_threshold
        if thr is not None and self.scores[player] < thr:
            self._table_fault(IllegalAction("thousand/7.7", _("{player} is below {threshold} and may not bid",
                                                  player=player, threshold=thr)))
        bm = self.barrel_minimum(player)
        if bm is not None and amount < bm:
            self._table_fault(IllegalAction("thousand/7.8", _("on the barrel only a contract of at least {minimum} "
                                                              "can finish", minimum=bm)))
        if amount > o.max_bid:
            self._table_fault(IllegalAction("thousand/7.5", _("no contract may exceed {max_bid}", max_bid=o.max_bid)))
        hand = self._hand(player)
        if hand is None:
            # an unknown hand (another player's earlier call) is held to the best limit a dealt hand can have
            if amount > highest_cap(self.layout.hand_size, o):
                self._table_fault(IllegalAction("thousand/7.4", _("no hand of {n} cards can bid {amount} under the "
                                                                  "marriage cap", n=self.layout.hand_size,
                                                                  amount=amount), pointer="amount"))
        else:
            cap = bid_cap(hand, o)
            if amount > cap and player in self.partial:
                self._cap_unseen(player, amount, "thousand/7.4")
            elif amount > cap:
                held = marriages_in(hand)
                if held:
                    msg = _("{amount} is above this hand's limit of {cap} (marriages held: {suits})", amount=amount,
                            cap=cap, suits=[Suit(s) for s in held])
                else:
                    msg = _("{amount} is above this hand's limit of {cap} (no marriage in hand)", amount=amount,
                            cap=cap)
                self._table_fault(IllegalAction("thousand/7.4", msg))

    def _cap_unseen(self, player: str, amount: int, rule: str) -> None:
        """A hand known in part whose known marriages do not allow ``amount`` (thousand/7.4, 8.2): raise Undecided
        when the unseen cards can complete the marriages that would, the fault when no hand the knowledge allows
        reaches it."""
        part, o = self.partial[player], self.opts
        units = [[Card("K", s), Card("Q", s)] for s in "HDCS"] + \
            ([[Card("A", s) for s in "SHDC"]] if aces_count(o) else [])
        caps = []           # the limit of every hand the knowledge allows, by the marriages it completes
        for mask in range(1 << len(units)):
            need = list(dict.fromkeys(c for i, u in enumerate(units) if mask >> i & 1 for c in u
                                      if c not in part.known))
            if len(need) <= part.unknown and all(part.may_hold(c) for c in need):
                caps.append(bid_cap(part.known + need, o))
        best = max(caps, default=0)
        if best < amount:
            return self._table_fault(IllegalAction(rule, _("{amount} is above the highest limit this hand can "
                                                           "have, {cap}, whatever its unseen cards", amount=amount,
                                                           cap=best)))
        if o.bid_cap == "marriage_unlocks":
            raise Undecided([{"rule": rule, "player": player, "holds_marriage": True,
                              "text": _("legal only if {player} holds a marriage", player=player)}])
        # said as the marriages that can make it: the smallest total of marriages this hand can hold that reaches
        # the bid (130 over nothing known: 40, any marriage; never "marriages worth 10", which no marriage is)
        # (every cap counts the known marriages, so where one is known the least cap is legal and never says this)
        worth = min(c for c in caps if c >= amount) - NO_MARRIAGE_CAP
        if worth == min(c for c in caps if c > NO_MARRIAGE_CAP) - NO_MARRIAGE_CAP:      # any marriage will do
            text = _("legal only if {player} holds a marriage", player=player)
        else:
            text = _("legal only if {player} holds marriages worth at least {points} in all", player=player,
                     points=worth)
        raise Undecided([{"rule": rule, "player": player, "marriages_worth": amount - NO_MARRIAGE_CAP,
                          "text": text}])

    def verify_blind(self, player: str, amount: Any) -> None:
        """thousand/17.1: the forced-bid holder, before any call, announces a blind 120 (``amount`` game points).
        Raises :class:`IllegalAction` where ``player`` may not; also how a score request's blind deal is judged."""
        o = self.opts
        if not o.blind:
            raise IllegalAction("thousand/17.1", _("blind play is not allowed under these options"))
        if self.forced_holder() is None:
            raise IllegalAction("thousand/17.1", _("with nobody on a forced 100 there is no blind game"))
        if player != self.forced_holder():
            raise IllegalAction("thousand/17.1", _("only the holder of the forced 100 ({holder}) may announce a blind "
                                                   "game", holder=self.forced_holder()), pointer="player")
        if self.calls:
            raise IllegalAction("thousand/17.1", _("a blind game is announced before anyone speaks"))
        if amount != BLIND_CONTRACT:
            raise IllegalAction("thousand/17.1", _("a blind game is announced at {contract}", contract=BLIND_CONTRACT))
        if self.scores[player] < o.blind_min_score:
            raise IllegalAction("thousand/17.1", _("blind play needs a total of {minimum}", minimum=o.blind_min_score))
        on = [p for p in self.layout.players if self.on_barrel(p)]
        if on and not o.blind_on_barrel:
            raise IllegalAction("thousand/17.1", _("no blind game while {players} is on the barrel",
                                                   players=", ".join(on)))

    def can_blind(self, player: str) -> bool:
        """Whether ``player`` may announce a blind game now (thousand/17.1)."""
        return allowed(self.verify_blind, player, BLIND_CONTRACT)

    def can_bid(self, player: str, amount: Any, blind: bool = False) -> bool:
        return allowed(self.verify_bid, player, amount, blind)

    def apply_bid(self, player: str, amount: int, blind: bool = False, as_played: bool = False) -> dict:
        self._verify(self.verify_bid, as_played, player, amount, blind)
        self.high_bid, self.high_bidder = amount, player
        self.blind = bool(blind)  # an overbid makes a blind game lapse (thousand/17.1)
        self.calls.append(player)
        self.bids.append({"player": player, "type": "bid", "amount": amount} | ({"blind": True} if blind else {}))
        if blind:
            return {"bid": amount, "player": player, "blind": True}
        self.bidders.add(player)
        return {"bid": amount, "player": player} | self._advance_auction(player)

    def verify_pass(self, player: str) -> None:
        self._require_turn(player, "bidding", "thousand/7.9")
        if player in self.passed:
            raise IllegalAction("thousand/7.3", _("{player} has already passed", player=player), pointer="player")
        if player != self.to_speak:
            raise IllegalAction("thousand/7.9", _("it is {to_speak}'s turn to speak, not {player}'s",
                                                  to_speak=self.to_speak, player=player), pointer="player")

    def can_pass(self, player: str) -> bool:
        return allowed(self.verify_pass, player)

    def apply_pass(self, player: str, as_played: bool = False) -> dict:
        self._verify(self.verify_pass, as_played, player)
        self.passed.add(player)
        self.calls.append(player)
        self.bids.append({"player": player, "type": "pass"})
        return {"pass": player} | self._advance_auction(player)

    def _advance_auction(self, last: str) -> dict:
        """Move the auction on after ``last`` has spoken; when it ends, what that call did (thousand/7.6): every
        player passed, so the deal is dealt again (by whom), or the declarer and contract."""
        remaining = [p for p in self.layout.active if p not in self.passed]
        if not remaining:   # everyone passed with nobody on a forced 100: the deal is dealt again (thousand/7.6)
            self.redeal = {"player": None, "reason": "all_passed"}
            self.phase = "done"
            self.to_speak = None
            players, dealer = self.layout.players, self.layout.dealer
            again = dealer if self.opts.redeal_dealer == "same" else players[(players.index(dealer) + 1) % len(players)]
            return {"all_passed": True, "redealt_by": again}
        nxt = self.layout.after(last)
        while nxt in self.passed:
            nxt = self.layout.after(nxt)
        if nxt == self.high_bidder and len(remaining) == 1:   # the last one left holds the highest bid
            self.declarer, self.contract, self.phase = self.high_bidder, self.high_bid, "talon"
            self.to_speak = None
            return {"declarer": self.declarer, "contract": self.contract}
        self.to_speak = nxt
        return {}

    # ------------------------------------------------------------ talon (thousand/8, 3.3)
    def verify_take_talon(self, player: str, musik: int | None = None) -> None:
        self._require_turn(player, "talon", "thousand/8.1")
        if player != self.declarer:
            raise IllegalAction("thousand/8.1", _("only the declarer ({declarer}) takes the talon",
                                                  declarer=self.declarer), pointer="player")
        if self.talon_taken:
            raise IllegalAction("thousand/8.1", _("the talon has already been taken"))
        if len(self.layout.active) == 2 and musik not in (0, 1):
            raise IllegalAction("thousand/3.3", _("the declarer must choose musik 0 or 1"))

    def apply_take_talon(self, player: str, musik: int | None = None, as_played: bool = False) -> dict:
        self._verify(self.verify_take_talon, as_played, player, musik)
        hand = self.hands.get(player)
        if len(self.layout.active) == 2:
            chosen = self.musiks[musik] if self.musiks is not None and musik is not None else None
        else:
            chosen = self.talon
        if hand is not None and chosen is not None:
            hand.extend(chosen)
        elif chosen is None:
            self.hands[player] = None
        self.talon_taken = True
        return {"talon": [str(c) for c in chosen] if chosen is not None else None}

    def verify_exchange(self, player: str, gives: dict) -> None:
        self._require_turn(player, "talon", "thousand/8.1")
        if player != self.declarer:
            raise IllegalAction("thousand/8.1", _("only the declarer gives cards away"), pointer="player")
        if not self.talon_taken:
            raise IllegalAction("thousand/8.1", _("the declarer must take the talon before the exchange"))
        if self.exchanged:
            raise IllegalAction("thousand/8.1", _("the exchange has already been made"))
        if len(self.layout.active) == 2:
            raise IllegalAction("thousand/3.3", _("in the two-player game the declarer discards two cards"))
        opponents = [p for p in self.layout.active if p != player]
        if not isinstance(gives, dict) or sorted(gives) != sorted(opponents):
            raise IllegalAction("thousand/8.1", _("exactly one card goes to each opponent ({opponents})",
                                                  opponents=", ".join(opponents)))
        cards = list(gives.values())
        if cards[0] == cards[1]:
            raise IllegalAction("thousand/8.1", _("the same card cannot be given twice"))
        hand = self._hand(player)
        if hand is not None:
            for c in cards:
                if c not in hand:
                    raise IllegalAction("thousand/8.1", _("{player} does not hold {card}", player=player, card=c))

    def apply_exchange(self, player: str, gives: dict, as_played: bool = False) -> dict:
        self._verify(self.verify_exchange, as_played, player, gives)
        hand = self.hands.get(player)
        for opp, c in gives.items():
            if hand is not None:
                hand.remove(c)
            held = self.hands.get(opp)
            if held is not None:
                held.append(c)
            self.received[opp] = c
        self.exchanged = True
        return {"gives": {p: str(c) for p, c in gives.items()}}

    def verify_discard(self, player: str, cards: list) -> None:
        self._require_turn(player, "talon", "thousand/3.3")
        if len(self.layout.active) != 2:
            raise IllegalAction("thousand/8.1", _("with three players the declarer gives one card to each opponent"))
        if player != self.declarer:
            raise IllegalAction("thousand/3.3", _("only the declarer discards"), pointer="player")
        if not self.talon_taken:
            raise IllegalAction("thousand/3.3", _("the declarer must take a musik first"))
        if self.exchanged:
            raise IllegalAction("thousand/3.3", _("the declarer has already discarded"))
        if len(cards) != 2 or cards[0] == cards[1]:
            raise IllegalAction("thousand/3.3", _("the declarer discards exactly two different cards"))
        hand = self._hand(player)
        if hand is not None:
            for c in cards:
                if c not in hand:
                    raise IllegalAction("thousand/3.3", _("{player} does not hold {card}", player=player, card=c))

    def apply_discard(self, player: str, cards: list, as_played: bool = False) -> dict:
        self._verify(self.verify_discard, as_played, player, cards)
        hand = self.hands.get(player)
        for c in cards:
            if hand is not None:
                hand.remove(c)
        self.discards = list(cards)
        self.exchanged = True
        return {"discards": [str(c) for c in cards]}

    def verify_raise(self, player: str, amount: Any) -> None:
        o = self.opts
        self._require_turn(player, "talon", "thousand/8.2")
        if player != self.declarer:
            raise IllegalAction("thousand/8.2", _("only the declarer may raise the contract"), pointer="player")
        if not self.talon_taken or not self.exchanged:
            raise IllegalAction("thousand/8.2",
                                _("the contract may be raised only after the exchange (or the discard)"))
        if self.blind:      # never waived: a blind game is 120, doubled (thousand/17.1)
            raise IllegalAction("thousand/17.1", _("a blind game is played at {contract}: the contract cannot be "
                                                   "raised", contract=BLIND_CONTRACT), pointer="amount")
        if self.golden:
            self._table_fault(IllegalAction("thousand/18.1", _("a golden-round contract cannot be raised")))
        if isinstance(amount, bool) or not isinstance(amount, int) or amount % o.bid_step:
            self._table_fault(IllegalAction("thousand/7.2", _("the contract goes in steps of {step}", step=o.bid_step)))
        if amount <= self.contract:
            self._table_fault(IllegalAction("thousand/8.2", _("a raise must go above the contract of {contract}; it "
                                                              "may never be lowered", contract=self.contract)))
        if amount > o.max_bid:
            self._table_fault(IllegalAction("thousand/7.5", _("no contract may exceed {max_bid}", max_bid=o.max_bid)))
        thr = o.silence_threshold
        if thr is not None and self.scores[player] < thr:     # the debt pit: the forced bid is played as it stands
            self._table_fault(IllegalAction("thousand/7.7", _("{player} is below {threshold} and may not raise the "
                                                              "contract", player=player, threshold=thr)))
        bm = self.barrel_minimum(player)
        if bm is not None and amount < bm:
            self._table_fault(IllegalAction("thousand/7.8", _("on the barrel only a contract of at least {minimum} "
                                                              "can finish", minimum=bm)))
        hand = self._hand(player)
        if o.raise_capped and hand is not None:
            cap = bid_cap(hand, o)
            if amount > cap and player in self.partial:
                self._cap_unseen(player, amount, "thousand/8.2")
            elif amount > cap:
                self._table_fault(IllegalAction("thousand/8.2", _("{amount} is above this hand's limit of {cap}",
                                                                  amount=amount, cap=cap)))

    def apply_raise(self, player: str, amount: int, as_played: bool = False) -> dict:
        self._verify(self.verify_raise, as_played, player, amount)
        self.contract = amount
        return {"contract": amount}

    def verify_concede(self, player: str) -> None:
        o = self.opts
        self._require_turn(player, "talon", "thousand/9.1")
        if player != self.declarer:
            raise IllegalAction("thousand/9.1", _("only the declarer may concede"), pointer="player")
        if not self.talon_taken:
            raise IllegalAction("thousand/9.1", _("the declarer concedes only after seeing the talon"))
        if self.golden and not o.rospis_in_golden:
            self._table_fault(IllegalAction("thousand/9.4", _("no concession in a golden-round deal")))
        if o.rospis_max is not None and self.concessions[player] >= o.rospis_max:
            self._table_fault(IllegalAction("thousand/9.4", ngettext("{player} has used all {n} concession",
                                                                     "{player} has used all {n} concessions",
                                                                     o.rospis_max, player=player)))
        if o.rospis_on_barrel == "not_by_barrel_player" and self.on_barrel(player):
            self._table_fault(IllegalAction("thousand/9.4", _("a player on the barrel may not concede")))
        if o.rospis_on_barrel == "not_while_anyone_on_barrel":
            on = [p for p in self.layout.players if self.on_barrel(p)]
            if on:
                self._table_fault(IllegalAction("thousand/9.4", _("no concession while {players} is on the barrel",
                                                      players=", ".join(on))))

    def can_concede(self, player: str) -> bool:
        return allowed(self.verify_concede, player)

    def apply_concede(self, player: str, as_played: bool = False) -> dict:
        self._verify(self.verify_concede, as_played, player)
        self.conceded = True
        self.phase = "done"
        return {"conceded": player}

    def has_bid(self, player: str) -> bool:
        """Whether ``player`` has made a bid in this deal's auction (the four-nines window, thousand/6.1).

        A replayed auction tells it.  A talon or play position given without its auction tells it where the
        declarer and contract decide it: the declarer won the auction, so bid, unless on the forced 100 with the
        contract still 100 (nobody bid then, defenders included) or in a golden deal (no auction); a contract above
        100 before the exchange was bid.  Anything else is a 422 asking for the auction (position.bids)."""
        if self.auction_known:
            return player in self.bidders
        if self.golden:
            return False
        nobody = self.declarer == self.forced_holder() and self.contract == self.forced_bid()
        if nobody:
            return False
        if player == self.declarer and (self.declarer != self.forced_holder() or not self.exchanged):
            return True
        raise InputError(_("give the auction: whether {player} bid decides a four-nines claim", player=player),
                         "/position/bids")

    def verify_redeal(self, player: str, reason: str) -> None:
        """A redeal claim (thousand/6.x): four_nines, weak_hand or weak_talon."""
        if self.phase == "done":
            raise IllegalAction("thousand/6.1", _("the deal is already over"))
        if player not in self.layout.active:
            raise IllegalAction("thousand/3.2", _("{player} does not play this deal", player=player), pointer="player")
        if reason == "four_nines":
            return self._redeal_four_nines(player)
        if reason == "weak_hand":
            return self._redeal_weak_hand(player)
        if reason == "weak_talon":
            return self._redeal_weak_talon(player)
        raise IllegalAction("thousand/6.1", _("unknown redeal reason {reason}", reason=repr(reason)))

    def _redeal_four_nines(self, player: str) -> None:
        """thousand/6.1, 6.2: four nines in one hand, claimed before the first card is played and before bidding
        (a fourth nine received in the exchange counts under ``redeal_four_nines_after_exchange``).  With a hand
        known in part whose unknown cards may be the missing nines, :class:`Undecided`."""
        o, fault = self.opts, self._table_fault
        hand = self._hand(player)
        if not o.redeal_four_nines:
            fault(IllegalAction("thousand/6.1", _("four nines give no redeal under these options")))
        if self.phase == "play" and self.trick_index > 0 or self.trick:
            fault(IllegalAction("thousand/6.1", _("a redeal must be claimed before the first card is played")))
        if hand is None:
            raise IllegalAction("thousand/6.1", _("the claimant's hand is needed to judge the claim"))
        nines = sum(1 for c in hand if c.rank == "9")
        unseen = [Card("9", s) for s in "SHDC" if Card("9", s) not in hand]
        if nines < 4 and not self._partial_holds(player, unseen):    # (else the unseen cards decide, below)
            fault(IllegalAction("thousand/6.1", ngettext("{player} holds {n} nine, not four",
                                                         "{player} holds {n} nines, not four", nines,
                                                         player=player)))
        got = self.received.get(player)
        if got is not None and got.rank == "9":
            if not o.redeal_four_nines_after_exchange:
                fault(IllegalAction("thousand/6.2",
                                    _("the fourth nine came in the exchange; that gives no redeal")))
        elif self.has_bid(player):
            fault(IllegalAction("thousand/6.1", _("{player} has bid, and so has given up the right to a redeal",
                                                  player=player)))
        if nines < 4 and self._partial_holds(player, unseen):     # the other nines may be among the unseen cards
            raise Undecided([{"rule": "thousand/6.1", "player": player, "holds": [str(c) for c in unseen],
                              "text": _("legal only if {player} holds {cards}", player=player, cards=unseen)}])

    def _redeal_weak_hand(self, player: str) -> None:
        """thousand/6.3: a hand worth fewer card points than ``redeal_weak_hand``, shown before the auction ends
        (judged on the whole hand)."""
        thr, fault = self.opts.redeal_weak_hand, self._table_fault
        if thr is None:
            return fault(IllegalAction("thousand/6.3", _("a weak hand gives no redeal under these options")))
        if self.phase != "bidding":
            fault(IllegalAction("thousand/6.3", _("a weak hand must be shown before the auction ends")))
        hand = self._hand(player)
        if hand is None:
            raise IllegalAction("thousand/6.3", _("the claimant's hand is needed to judge the claim"))
        if player in self.partial and self.partial[player].unknown:
            raise InputError(_("a weak hand is judged by the points of all its cards: give the whole hand"),
                             "/position/hand")
        pts = card_points(hand)
        if pts >= thr:
            fault(IllegalAction("thousand/6.3", ngettext("the hand is worth {n} point, not less than {threshold}",
                                                         "the hand is worth {n} points, not less than {threshold}",
                                                         pts, threshold=thr)))
        return None

    def _redeal_weak_talon(self, player: str) -> None:
        """thousand/6.4: a talon worth fewer card points than ``redeal_weak_talon``, claimed by the declarer on
        taking it, before the exchange (only on the forced 100 under ``redeal_weak_talon_only_at_100``)."""
        o, fault = self.opts, self._table_fault
        thr = o.redeal_weak_talon
        if thr is None:
            fault(IllegalAction("thousand/6.4", _("a weak talon gives no redeal under these options")))
        if self.phase != "talon" or player != self.declarer:
            raise IllegalAction("thousand/6.4", _("only the declarer, on seeing the talon, may claim it"),
                                pointer="player")
        if not self.talon_taken:
            fault(IllegalAction("thousand/6.4",
                                _("a weak talon is claimed on taking it, and it has not been taken")))
        if self.exchanged:
            fault(IllegalAction("thousand/6.4", _("a weak talon is claimed on taking it, before the exchange")))
        if thr is None:
            return
        if o.redeal_weak_talon_only_at_100 and self.contract != FORCED_BID:
            fault(IllegalAction("thousand/6.4", _("only a declarer on {contract} may throw in a weak talon",
                                                  contract=FORCED_BID)))
        if self.talon is None:     # a described position without its talon cannot be judged (views: 422)
            raise InputError(_("give the talon: a weak-talon claim is judged by its cards"),
                             "/position/talon")
        pts = card_points(self.talon)
        if pts >= thr:
            fault(IllegalAction("thousand/6.4", ngettext("the talon is worth {n} point, not less than {threshold}",
                                                         "the talon is worth {n} points, not less than {threshold}",
                                                         pts, threshold=thr)))

    def redeal_rules(self, player: str, reason: str) -> set[str]:
        """The rules that decide a redeal claim for ``reason``: four nines (6.1, and 6.2 when the fourth nine came
        in the exchange), a weak hand (6.3), a weak talon (6.4)."""
        rules = {REDEAL_RULE.get(reason, "thousand/6.1") if isinstance(reason, str) else "thousand/6.1"}
        got = self.received.get(player)
        if reason == "four_nines" and got is not None and got.rank == "9":
            rules.add("thousand/6.2")
        return rules

    def apply_redeal(self, player: str, reason: str, as_played: bool = False) -> dict:
        self._verify(self.verify_redeal, as_played, player, reason)
        self.redeal = {"player": player, "reason": reason}
        self.phase = "done"
        return self.redeal

    # ------------------------------------------------------------ play (thousand/10, 11)
    @property
    def to_play(self) -> str | None:
        """Who plays next: the seat after the leader's by the cards on the table."""
        p = self.leader
        if self.phase != "play" or p is None or not self.trick:
            return p if self.phase == "play" else None
        active = self.layout.active
        return active[(active.index(p) + len(self.trick)) % len(active)]

    def trick_trump(self) -> str | None:
        return self.trump

    def _winner(self, trick: list[tuple[str, Card]], trump: str | None) -> str:
        """thousand/11.6: highest trump, else highest card of the led suit."""
        best = trick[0]
        for p, c in trick[1:]:
            b = best[1]
            if c.suit == b.suit:
                if STRENGTH[c.rank] > STRENGTH[b.rank]:
                    best = (p, c)
            elif trump is not None and c.suit == trump:
                best = (p, c)
        return best[0]

    def legal_cards(self, player: str) -> list[Card] | None:
        """Cards ``player`` may play now (thousand/11.2–11.5), or None if the hand is unknown."""
        hand = self._hand(player)
        if hand is None:
            return None
        return [c for c in hand if self._play_fault(player, c) is None]

    def _play_fault(self, player: str, card: Card, hand: list[Card] | None = None) -> IllegalAction | None:
        """Why ``player`` may not play ``card`` now (thousand/3.5, 11.2–11.5), or None; ``hand`` stands in for the
        player's own (a completion of a hand known in part)."""
        if hand is None:
            hand = self.hands.get(player)
            if hand is None:
                return None
        if card not in hand:
            return self._not_held(player, card)
        if not self.trick:
            return None
        led = self.trick[0][1].suit
        if card.suit == led and not self.opts.must_beat:
            return None     # following suit, and beating is not asked (thousand/11.2, 11.4)
        trump = self.trick_trump()
        trumps_on = [c for _p, c in self.trick if trump is not None and c.suit == trump and led != trump]
        follows = [c for c in hand if c.suit == led]
        if follows:
            return self._follow_fault(player, card, follows, led, trumps_on)
        if trump is not None:
            return self._trump_fault(player, card, hand, led, trump, trumps_on)
        return None

    def _not_held(self, player: str, card: Card) -> IllegalAction:
        """thousand/3.5: a card not in the hand: on the table already, played in an earlier trick, or not held."""
        if any(c == card for _p, c in self.trick):
            return IllegalAction("thousand/3.5", _("{card} is already on the table in this trick", card=card))
        if card in self.played:
            return IllegalAction("thousand/3.5", _("{card} was already played, in trick {n}", card=card,
                                                   n=self.played[card] + 1))
        return IllegalAction("thousand/3.5", _("{player} does not hold {card}", player=player, card=card))

    def _follow_fault(self, player: str, card: Card, follows: list[Card], led: str,
                      trumps_on: list[Card]) -> IllegalAction | None:
        """thousand/11.2, 11.4: a player holding the led suit (``follows``) follows it, and under ``must_beat``
        beats the highest card of it on the table if able (unless the trick is trumped)."""
        if card.suit != led:
            return IllegalAction("thousand/11.2", _("{player} holds {led} and must follow suit", player=player,
                                                    led=Suit(led)))
        if self.opts.must_beat and not trumps_on:
            top = max((c for _p, c in self.trick if c.suit == led), key=lambda c: STRENGTH[c.rank])
            higher = [c for c in follows if STRENGTH[c.rank] > STRENGTH[top.rank]]
            if higher and card not in higher:
                return IllegalAction("thousand/11.4",
                                     ngettext("{player} can beat {top} and must play {cards}",
                                              "{player} can beat {top} and must play one of {cards}", len(higher),
                                              player=player, top=top, cards=OneOf(higher)))
        return None

    def _trump_fault(self, player: str, card: Card, hand: list[Card], led: str, trump: str,
                     trumps_on: list[Card]) -> IllegalAction | None:
        """thousand/11.3, 11.5: a player void in the led suit who holds trumps plays one (unless none can beat a
        trump on the table and ``must_undertrump`` is off), and under ``must_overtrump`` beats the table's highest
        trump if able."""
        trumps = [c for c in hand if c.suit == trump]
        if not trumps:
            return None
        top = max(trumps_on, key=lambda c: STRENGTH[c.rank]) if trumps_on else None
        beaten = top is not None and all(STRENGTH[c.rank] < STRENGTH[top.rank] for c in trumps)
        if card.suit != trump and beaten and not self.opts.must_undertrump:
            return None     # no trump of the hand can beat the trick's: any card (thousand/11.3)
        if card.suit != trump:
            return IllegalAction("thousand/11.3",
                                 _("{player} has no {led} and must play a trump ({trump})", player=player,
                                   led=Suit(led), trump=Suit(trump)))
        if self.opts.must_overtrump and top is not None:
            higher = [c for c in trumps if STRENGTH[c.rank] > STRENGTH[top.rank]]
            if higher and card not in higher:
                return IllegalAction("thousand/11.5",
                                     ngettext("{player} can overtrump {top} and must play {cards}",
                                              "{player} can overtrump {top} and must play one of {cards}",
                                              len(higher), player=player, top=top, cards=OneOf(higher)))
        return None

    def _known_play_fault(self, player: str, card: Card) -> IllegalAction | None:
        """:meth:`_play_fault` for a hand known in part: the fault (or None) when every hand the knowledge allows
        gives the same verdict, else :class:`~referee.knowledge.Undecided` with what the verdict turns on: the
        suit led and trumps held, and how high (thousand/11.2–11.5)."""
        part = self.partial[player]
        if card not in part.known:
            if not part.may_hold(card):
                return self._play_fault(player, card)     # not held, or already played (thousand/3.5)
            part = part.reveal(card)        # playing it shows it was one of the unknown cards
        if not self.trick:
            return None
        led, trump = self.trick[0][1].suit, self.trick_trump()
        suits = [led] + ([trump] if trump is not None and trump != led else [])

        def strength(c: Card) -> int:
            return STRENGTH[c.rank]

        cases = [(tops, self._play_fault(player, card, hand)) for tops, hand in completions(part, suits, strength)]
        tables = {s: max((c for _p, c in self.trick if c.suit == s), key=strength, default=None) for s in suits}

        def rules(suit: str, kind: str) -> str:
            if suit == led:
                return "thousand/11.4" if kind == "higher" else "thousand/11.2"
            return "thousand/11.5" if kind == "higher" else "thousand/11.3"
        return verdict(cases, player, tables, rules, strength)

    def _partial_holds(self, player: str, cards: list[Card]) -> bool:
        """Whether ``player``'s hand is known in part and its unknown cards can be the ``cards`` it does not show."""
        part = self.partial.get(player)
        if part is None:
            return False
        missing = [c for c in cards if c not in part.known]
        return bool(missing) and len(missing) <= part.unknown and all(part.may_hold(c) for c in missing)

    def call_rules(self, player: str, kind: str, amount: Any = None, blind: bool = False) -> set[str]:
        """Besides the action's own rule, the limits that bore on a legal bid, raise or concession: the opening 100
        taken over (7.1), the marriage cap above 120 (7.4, 8.2), the barrel floor (7.8), the silence threshold
        (7.7), the concession limits in force (9.4).  Meant for an action its ``verify_*`` allows."""
        o = self.opts
        out: set[str] = set()
        if kind in ("bid", "raise") and not blind and isinstance(amount, int):
            if kind == "bid" and self.may_take_over(player) and amount == self.high_bid:
                out.add("thousand/7.1")
            if amount > NO_MARRIAGE_CAP and o.bid_cap != "none" and (kind == "bid" or o.raise_capped):
                out.add("thousand/7.4")
            if self.barrel_minimum(player) is not None:
                out.add("thousand/7.8")
            if o.silence_threshold is not None:
                out.add("thousand/7.7")
        if kind == "concede" and (o.rospis_max is not None or o.rospis_on_barrel != "allowed"
                                  or o.golden_round and not o.rospis_in_golden):
            out.add("thousand/9.4")
        return out

    def play_rules(self, player: str, card: Card) -> set[str]:
        """The rules that decide that ``card`` is a legal play for ``player`` now (thousand/11.1–11.5, 8.3): the
        lead, following suit and whether the trick had to be beaten, trumping and whether to overtrump, or the
        reading that let the void player keep a low trump back.  Meant for a play ``_play_fault`` allows."""
        o = self.opts
        hand = self._hand(player)
        if not self.trick:
            return {"thousand/8.3"} if self.trick_index == 0 else {"thousand/11.1"}
        if hand is None:
            return {"thousand/11.2"}
        led = self.trick[0][1].suit
        trump = self.trick_trump()
        trumps_on = [c for _p, c in self.trick if trump is not None and c.suit == trump and led != trump]
        if card.suit == led:
            out = {"thousand/11.2"}
            top = max((c for _p, c in self.trick if c.suit == led), key=lambda c: STRENGTH[c.rank])
            if trumps_on and o.must_beat:
                out.add("thousand/11.4")        # the trick is trumped: the duty to beat lapses
            elif not trumps_on and any(c.suit == led and STRENGTH[c.rank] > STRENGTH[top.rank] for c in hand):
                out.add("thousand/11.4")        # able to beat: the option says whether it had to
            return out
        out = {"thousand/11.3"}
        trumps = [c for c in hand if trump is not None and c.suit == trump]
        if card.suit == trump and trumps_on:
            top = max(trumps_on, key=lambda c: STRENGTH[c.rank])
            if any(STRENGTH[c.rank] > STRENGTH[top.rank] for c in trumps):
                out.add("thousand/11.5")        # able to overtrump: the option says whether it had to
        return out

    def marriage_fault(self, player: str, card: Card) -> IllegalAction | None:
        """Why ``player`` may not announce a marriage with ``card`` now, or None (thousand/10.1–10.2, 2.2)."""
        o = self.opts
        pending = None      # cards a hand known in part must hold for the marriage, and the rule that says so
        if self.trick:
            return IllegalAction("thousand/10.1", _("a marriage is announced only by the player leading to a trick"))
        hand = self._hand(player)
        if card.rank == "A":
            if not o.ace_marriage:
                return IllegalAction("thousand/2.2", _("the ace marriage is not played under these options"))
            if hand is not None and not has_four_aces(hand):
                if self._partial_holds(player, [Card("A", s) for s in "SHDC"]):
                    pending = ([Card("A", s) for s in "SHDC"], "thousand/2.2")
                else:
                    return IllegalAction("thousand/2.2", _("{player} does not hold all four aces", player=player))
            if any(m["suit"] == ACES for m in self.marriages):
                return IllegalAction("thousand/2.2", _("the ace marriage has already been announced"))
        elif card.rank in ("K", "Q"):
            partner = Card("Q" if card.rank == "K" else "K", card.suit)
            if hand is not None and partner not in hand:
                if self._partial_holds(player, [partner]):
                    pending = ([partner], "thousand/10.1")
                else:
                    return IllegalAction("thousand/10.1", _("{player} leads {card} without holding {partner}",
                                                            player=player, card=card, partner=partner))
            if any(m["suit"] == card.suit for m in self.marriages):
                return IllegalAction("thousand/10.1", _("the {suit} marriage was already announced",
                                                                    suit=Suit(card.suit)))
        else:
            return IllegalAction("thousand/10.1", _("a marriage is announced by leading its king or queen"))
        # The leader of any later trick has just won the previous one, so "only after winning a
        # trick" and "not on the first trick" are the same restriction (thousand/10.2).
        if self.trick_index == 0 and not o.marriage_on_first_trick:
            return IllegalAction("thousand/10.2",
                                 _("no marriage on the first trick: the announcer must have won a trick"))
        if pending is not None:
            missing = [c for c in pending[0] if c not in self.partial[player].known]
            raise Undecided([{"rule": pending[1], "player": player, "holds": [str(c) for c in missing],
                              "text": _("legal only if {player} holds {cards}", player=player, cards=missing)}])
        return None

    def verify_play(self, player: str, card: Card, marriage: bool = False) -> None:
        phase = self.phase
        if phase != "play" and not (phase == "talon" and player == self.declarer and self.exchanged):
            self._require_turn(player, "play", "thousand/11.1")     # (the first card ends the talon phase)
        if player not in self.layout.active:
            raise IllegalAction("thousand/3.2", _("{player} does not play this deal", player=player), pointer="player")
        if phase == "talon":
            return self._verify_first_lead(player, card, marriage)
        trick, expected, active = self.trick, self.leader, self.layout.active
        if trick and expected is not None:      # (to_play, inline: the seat after the leader's by the cards down)
            expected = active[(active.index(expected) + len(trick)) % len(active)]
        if player != expected:
            rule = "thousand/8.3" if self.trick_index == 0 and not trick else "thousand/11.1"
            raise IllegalAction(rule, _("it is {expected}'s turn to play, not {player}'s", expected=expected,
                                      player=player), pointer="player")
        fault = self._known_play_fault(player, card) if self.partial and player in self.partial else \
            self._play_fault(player, card)
        if fault:
            if fault.rule not in TABLE_PLAY_FAULTS:     # a card not held (thousand/3.5)
                raise fault
            self._table_fault(fault)
        if marriage:
            fault = self.marriage_fault(player, card)
            if fault:
                if fault.rule != "thousand/10.2":           # a marriage without its cards, or out of place
                    raise fault
                self._table_fault(fault)

    def _verify_first_lead(self, player, card, marriage):
        saved = self.phase, self.leader
        self.phase, self.leader = "play", self.declarer
        try:
            self.verify_play(player, card, marriage)
        finally:
            self.phase, self.leader = saved

    def can_play(self, player: str, card: Card, marriage: bool = False) -> bool:
        return allowed(self.verify_play, player, card, marriage)

    def apply_play(self, player: str, card: Card, marriage: bool = False, as_played: bool = False) -> dict:
        """Play ``card``; return ``{"marriage"?: {suit, points}, "trick"?: {winner, points, cards}}``."""
        if as_played:
            self._verify(self.verify_play, as_played, player, card, marriage)
        else:       # (what _verify does with nothing to waive, inline on the commonest event)
            if self.waived:
                self.waived = []
            self.verify_play(player, card, marriage)
        if self.phase == "talon":
            self.phase, self.leader = "play", self.declarer
        out: dict = {}
        if not self.trick and self.pending_trump is not None:
            self.trump, self.pending_trump = self.pending_trump, None
        if marriage:
            suit = ACES if card.rank == "A" else card.suit
            pts = ACE_MARRIAGE_VALUE if suit == ACES else MARRIAGE_VALUE[suit]
            self.marriages.append({"player": player, "suit": suit, "points": pts, "trick": self.trick_index})
            out["marriage"] = {"suit": suit, "points": pts}
            if suit != ACES:
                if self.opts.trump_timing == "immediate":
                    self.trump = suit
                else:
                    self.pending_trump = suit
                out["trump"] = suit
        hand = self.hands.get(player)
        if hand is not None:
            try:        # noqa: SIM105  (contextlib.suppress costs a context manager on every card played)
                hand.remove(card)
            except ValueError:      # a hand known in part may not show it
                pass
        self.played[card] = self.trick_index
        trick = self.trick
        trick.append((player, card))
        if len(trick) == len(self.layout.active):
            trump = self.trick_trump()
            winner = self._winner(trick, trump)
            pts = card_points([c for _p, c in trick])
            self.tricks_won[winner] += 1
            self.captured[winner] += pts
            rec = {"leader": trick[0][0], "cards": [c.rank + c.suit for _p, c in trick], "winner": winner,
                   "points": pts, "trump": trump}
            self.completed.append(rec)
            out["trick"] = rec
            self.trick = []
            self.leader = winner
            self.trick_index += 1
            if self.trick_index == self.layout.tricks:
                self.phase = "done"
        return out

    # ------------------------------------------------------------ summary
    def legal_actions(self, player: str | None = None) -> list[dict]:
        """The actions open now, for ``player`` (default: whoever is to act), redeal claims included."""
        out = self._legal_actions(player)
        p = player or self.to_speak or self.declarer or self.to_play
        if p is not None:
            for reason in ("four_nines", "weak_hand", "weak_talon"):
                try:
                    self.verify_redeal(p, reason)
                except (IllegalAction, InputError):     # a claim the position cannot vouch for is not listed
                    continue
                except Undecided as u:                  # a claim that turns on unseen cards carries its conditions
                    out.append({"type": "redeal", "player": p, "reason": reason, "conditions": u.conditions})
                    continue
                out.append({"type": "redeal", "player": p, "reason": reason})
        return out

    def _legal_actions(self, player: str | None = None) -> list[dict]:
        """The actions open now in the auction, the talon phase or the play (redeal claims aside)."""
        if self.phase == "bidding":
            return self._auction_actions(player)
        if self.phase == "talon":
            return self._talon_actions(player)
        if self.phase == "play":
            return self._play_actions(player)
        return []

    def _auction_actions(self, player: str | None) -> list[dict]:
        """thousand/7.x, 17.1: a blind game for the forced bid's holder before anyone speaks; for the player to
        speak a bid range (up to 120 without the hand when the hand decides above it; none below the silence
        threshold, 7.7) and a pass."""
        out: list[dict] = []
        p = player or self.to_speak
        if p is None:
            return out
        if self.opts.blind and self.can_blind(p):
            out.append({"type": "bid", "player": p, "min": BLIND_CONTRACT, "max": BLIND_CONTRACT,
                        "step": self.opts.bid_step, "blind": True})
        if p != self.to_speak or p in self.passed:
            return out
        rng = self.bid_range(p)
        if rng and self._hand(p) is None and self.opts.bid_cap != "none":   # above 120 the hand decides
            rng = (rng[0], min(rng[1], NO_MARRIAGE_CAP)) if rng[0] <= NO_MARRIAGE_CAP else None
        if rng and (self.opts.silence_threshold is None
                    or self.scores[p] >= self.opts.silence_threshold):
            out.append({"type": "bid", "player": p, "min": rng[0], "max": rng[1], "step": self.opts.bid_step})
        out.append({"type": "pass", "player": p})
        return out

    def _talon_actions(self, player: str | None) -> list[dict]:
        """thousand/8.x, 9.x: the declarer takes the talon (a musik of two with two players), exchanges or
        discards, then may raise (:meth:`_raise_range`), concede, or lead."""
        out: list[dict] = []
        d = self.declarer
        if d is None or player not in (None, d):
            return []
        if not self.talon_taken:
            if len(self.layout.active) == 2:
                out += [{"type": "take_talon", "player": d, "musik": 0},
                        {"type": "take_talon", "player": d, "musik": 1}]
            else:
                out.append({"type": "take_talon", "player": d})
            return out
        if not self.exchanged:
            out.append({"type": "discard" if len(self.layout.active) == 2 else "exchange", "player": d})
        else:
            for c in self.legal_cards(d) or []:
                out.append({"type": "play", "player": d, "card": str(c)})
        rng = self._raise_range(d)
        if rng is not None:
            out.append({"type": "raise", "player": d, "min": rng[0], "max": rng[1], "step": self.opts.bid_step})
        if self.can_concede(d):
            out.append({"type": "concede", "player": d})
        return out

    def _raise_range(self, d: str) -> tuple[int, int] | None:
        """thousand/8.2, 7.8, 7.7: the raise open to declarer ``d`` after the exchange, (lowest, highest) in game
        points: a step over the contract (at least the barrel minimum), up to the marriage cap under
        ``raise_capped`` (120 without the hand) or ``max_bid``; none in a golden or blind deal or below the silence
        threshold."""
        if self.contract is None:
            return None
        step = self.opts.bid_step
        floor = self.barrel_minimum(d)
        low = self.contract + step if floor is None else max(self.contract + step, floor)
        hand = self.hands.get(d)
        if not self.opts.raise_capped:
            top = self.opts.max_bid
        elif hand is not None:
            top = bid_cap(hand, self.opts)
        else:                   # without the declarer's hand only raises to 120 can be vouched for
            top = NO_MARRIAGE_CAP
        thr = self.opts.silence_threshold
        pit = thr is not None and self.scores[d] < thr
        if self.exchanged and low <= top and not self.golden and not self.blind and not pit:
            return low, top
        return None

    def _play_actions(self, player: str | None) -> list[dict]:
        """thousand/10.x, 11.x: the cards the player to play may play, each K, Q (or A) also as a marriage where
        it may announce one; with a hand known in part, :meth:`_partial_plays`."""
        p = player or self.to_play
        if p is None or p != self.to_play:
            return []
        if p in self.partial:
            return self._partial_plays(p)
        cards = self.legal_cards(p)
        if cards is None:
            return [{"type": "play", "player": p, "card": None, "note": _("hand unknown")}]
        out: list[dict] = []
        for c in cards:
            out.append({"type": "play", "player": p, "card": str(c)})
            if c.rank in ("K", "Q", "A") and self.marriage_fault(p, c) is None:
                out.append({"type": "play", "player": p, "card": str(c), "marriage": True})
        return out

    def _partial_plays(self, p: str) -> list[dict]:
        """The plays of the known cards of a hand known in part: those legal whatever the unknown cards are, and
        those legal only under conditions (which they carry)."""
        out: list[dict] = []
        for c in self.partial[p].known:
            for marriage in ((False, True) if c.rank in ("K", "Q", "A") else (False,)):
                entry = {"type": "play", "player": p, "card": str(c)} | ({"marriage": True} if marriage else {})
                try:
                    fault = self._known_play_fault(p, c)
                    conds: list[dict] = []
                    if fault is None and marriage:
                        try:
                            fault = self.marriage_fault(p, c)
                        except Undecided as u:
                            conds = u.conditions
                except Undecided as u:
                    fault, conds = None, u.conditions
                    if marriage:
                        try:
                            if self.marriage_fault(p, c) is not None:
                                continue
                        except Undecided as m:
                            conds = conds + m.conditions
                if fault is None:
                    out.append(entry | ({"conditions": conds} if conds else {}))
        return out
