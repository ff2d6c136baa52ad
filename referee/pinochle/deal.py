"""Pinochle: the deal state machine (:class:`DealState`) and the rules of trick play.

Two-handed: a stock phase (no obligations, one meld per trick won, draws), then the play-off (follow, trump, head
per option).  Partnership and three-hand auction: an auction (:mod:`.auction`), trump named by the high bidder,
meld counted at once (:func:`~referee.pinochle.melds.meld_in_hand`), and play with obligations from the first
trick.

Per action the PokerKit triple: ``verify_<action>`` raises :class:`~referee.errors.IllegalAction` naming the
rule, ``can_<action>`` says whether it is legal, ``apply_<action>`` checks and plays it and returns its effects.
Actions: play, meld (a dix too), draw, declare (declaring out), bid, pass, trump, widow, bury, concede.

As played: ``verify_<action>(..., as_played=True)`` and ``apply_<action>(..., as_played=True)`` (validate's
``replay: "as_played"``) skip the rules of order and obligation that the cards themselves do not enforce, so that an
illegal action the cards allow is applied as logged.  The rules that can be overridden so:

* play: the lead out of turn (pinochle/2.3, 7.3, 8.5; the card played leads the trick) and following, trumping and
  heading (pinochle/5.2, 5.3, 5.4);
* meld (two-handed): who melds and when, the trick winner's turn and the timing (pinochle/3.3, 4.2, 4.8) and one
  meld per trick won (pinochle/4.2);
* draw: the order of the draws (pinochle/3.3: the loser draws before the winner);
* bid and pass: the turn to speak and the amount bid (pinochle/7.2, 8.2; see :mod:`.auction`);
* concede: after the first lead (pinochle/8.4).

Everything else still raises, as_played or not, because the action cannot be applied: a card the player does not
hold (pinochle/1.1), a play out of turn inside a trick (pinochle/3.2), a meld the cards do not form (4.1, 4.3, 4.4),
a dix exchange or a third dix (4.7), a draw nobody owes or from an empty stock, the upcard not taken (3.3, 3.4),
the actions of the wrong form (2.1, 4.10, 6.4, 7.3, 8.3).

* :func:`trick_winner` (pinochle/3.2), :func:`play_fault` and :func:`legal_cards` (pinochle/3.1, 5.2–5.4).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import cast

from mypy_extensions import mypyc_attr

from ..cards import Card
from ..errors import IllegalAction, allowed
from ..i18n import OneOf, Suit, _, ngettext
from ..knowledge import Partial, Undecided, completions, verdict
from .auction import Auction
from .cards import LAST_TRICK, POINT_SCHEMES, STRENGTH, deck_size, dix_rank
from .melds import Meld, MeldFault, Table, meld_candidates, meld_in_hand, meld_kind
from .options import Options, OptionsLike

HAND_SIZE = {2: 12, 3: 15, 4: 12}
TRICKS = {3: 15, 4: 12}
LEAD_RULE = {2: "pinochle/2.3", 3: "pinochle/8.5", 4: "pinochle/7.3"}


@mypyc_attr(native_class=False)     # a str/tuple subclass: mypyc keeps it a Python class
class Shown(tuple):
    """Cards as a message parameter: separated by spaces (``KS QS JD``, ``К♠ Д♠ В♦``), "no cards" for none."""

    def show(self, lang: str) -> str:
        return " ".join(c.show(lang) for c in self) or _("no cards")


def shown(cards) -> Shown:
    return Shown(cards)


def stock_tricks(opts: OptionsLike) -> int:
    """Two-handed: tricks played while the stock lasts, 12 with 48 cards (20 with 64) (pinochle/2.1)."""
    return (deck_size(opts) - 24) // 2


def total_tricks(n: int, opts: OptionsLike) -> int:
    """Tricks in a deal of ``n`` players: 24 two-handed (32 with 64 cards), 15 three-hand, 12 partnership."""
    return stock_tricks(opts) + 12 if n == 2 else TRICKS[n]


def side_ids(players: list[str]) -> list[str]:
    """Partnership sides: seats 1 and 3 against seats 2 and 4 (pinochle/7.1)."""
    return [f"{players[0]}+{players[2]}", f"{players[1]}+{players[3]}"]


def side_key(name, players: list[str]):
    """A partnership side as a request names it: ``Ann+Cid`` or, the partners in the other order, ``Cid+Ann``; the
    side's id (:func:`side_ids`), or ``name`` itself when it names no side."""
    if isinstance(name, str):
        for sid, pair in zip(side_ids(players), ((players[0], players[2]), (players[1], players[3]))):
            if name in (sid, f"{pair[1]}+{pair[0]}"):
                return sid
    return name


def side_of(players: list[str], p: str) -> str:
    return side_ids(players)[players.index(p) % 2]


# ====================================================================== trick play

def trick_winner(plays: list[tuple[str, Card]], trump: str) -> str:
    """pinochle/3.2: the highest trump, else the highest card of the suit led; ties go to the first."""
    best_p, best = plays[0]
    for p, c in plays[1:]:
        if c.suit == best.suit:
            if STRENGTH[c.rank] > STRENGTH[best.rank]:
                best_p, best = p, c
        elif c.suit == trump:
            best_p, best = p, c
    return best_p


def play_fault(hand: list[Card], trick: list[tuple[str, Card]], card: Card, trump: str, strict: bool,
               must_head: str, player: str) -> IllegalAction | None:
    """Why ``card`` may not be played to ``trick`` from ``hand`` (pinochle/3.1, 5.2–5.4), or None.

    ``must_head`` (5.4): ``trump_lead_only``, beat a trump lead; ``trump_lead_and_overtrump``, beat a trump lead
    and, when void and trumping, overtrump; ``always``, beat every trick (and overtrump) if able.  A card held
    (1.1); a lead, or any card while the stock lasts two-handed (3.1); else following (:func:`_follow_fault`, 5.2,
    5.4) or, void in the suit led, trumping (:func:`_trump_fault`, 5.3, 5.4); void in both, any card.
    """
    if card not in hand:
        return IllegalAction("pinochle/1.1", _("{player} does not hold {card}", player=player, card=card))
    if not trick or not strict:
        return None
    led = trick[0][1].suit
    follows = [c for c in hand if c.suit == led]
    if follows:
        return _follow_fault(follows, trick, card, trump, must_head, player)
    trumps = [c for c in hand if c.suit == trump]
    if trumps:
        return _trump_fault(trumps, trick, card, trump, must_head, player)
    return None


def _follow_fault(follows: list[Card], trick: list[tuple[str, Card]], card: Card, trump: str, must_head: str,
                  player: str) -> IllegalAction | None:
    """A player holding ``follows``, the cards of the suit led: follow suit (pinochle/5.2), and where the option
    says so (``always``, or a trump lead) beat the best card of the suit led if able, unless a plain-suit lead has
    been trumped (5.4)."""
    led = trick[0][1].suit
    if card.suit != led:
        return IllegalAction("pinochle/5.2", _("{player} holds {suit} and must follow suit", player=player,
                                               suit=Suit(led)))
    heading = must_head == "always" or led == trump           # beat the best card of the suit led
    trumped = led != trump and any(c.suit == trump for _p, c in trick)
    if not heading or trumped:
        return None
    top = max((c for _p, c in trick if c.suit == led), key=lambda c: STRENGTH[c.rank])
    higher = _higher(follows, top)
    if higher and STRENGTH[card.rank] <= STRENGTH[top.rank]:
        return IllegalAction("pinochle/5.4", ngettext("{player} can beat {card} and must play {cards}",
                                                      "{player} can beat {card} and must play one of {cards}",
                                                      len(higher), player=player, card=top, cards=OneOf(higher)))
    return None


def _trump_fault(trumps: list[Card], trick: list[tuple[str, Card]], card: Card, trump: str, must_head: str,
                 player: str) -> IllegalAction | None:
    """A player void in the suit led holding ``trumps``: trump (pinochle/5.3), and where the option says so (not
    ``trump_lead_only``) overtrump a trump already in the trick if able (5.4)."""
    if card.suit != trump:
        return IllegalAction("pinochle/5.3", _("{player} has no {suit} and must trump", player=player,
                                               suit=Suit(trick[0][1].suit)))
    on = [c for _p, c in trick if c.suit == trump]
    if must_head == "trump_lead_only" or not on:   # (a trump lead never comes here: a player with trumps follows)
        return None
    top = max(on, key=lambda c: STRENGTH[c.rank])
    higher = _higher(trumps, top)
    if higher and STRENGTH[card.rank] <= STRENGTH[top.rank]:
        return IllegalAction("pinochle/5.4", ngettext("{player} can overtrump {card} and must play {cards}",
                                                      "{player} can overtrump {card} and must play one of {cards}",
                                                      len(higher), player=player, card=top, cards=OneOf(higher)))
    return None


def _higher(cards: list[Card], top: Card) -> list[Card]:
    """The distinct cards of ``cards`` above ``top`` in rank (pinochle/1.2), in a fixed order (by text)."""
    return sorted({c for c in cards if STRENGTH[c.rank] > STRENGTH[top.rank]}, key=str)


def play_rules(hand, trick, card: Card, trump: str, strict: bool, must_head: str, lead_rule: str) -> set[str]:
    """The rules that decide that ``card``, a play :func:`play_fault` allows, is legal (pinochle/2.3, 3.1,
    5.2–5.4, 7.3, 8.5): a lead, the rule of who leads (two-handed while the stock lasts, also that any card may be
    played, 3.1); following suit (5.2) and, where the player could head the suit led or the duty to head lapsed
    because the trick was trumped, heading (5.4, the option saying whether it had to); a void player's trump or any
    card (5.3) and, where the player could overtrump a trump already in the trick, 5.4."""
    if not trick:
        return {lead_rule, "pinochle/3.1"} if not strict else {lead_rule}
    if not strict:
        return {"pinochle/3.1"}
    led = trick[0][1].suit
    trumped = led != trump and any(c.suit == trump for _p, c in trick)
    if card.suit == led:
        out = {"pinochle/5.2"}
        top = max((c for _p, c in trick if c.suit == led), key=lambda c: STRENGTH[c.rank])
        if any(c.suit == led and STRENGTH[c.rank] > STRENGTH[top.rank] for c in hand):
            out.add("pinochle/5.4")         # able to head the suit led: the option says whether it had to
        elif trumped and must_head == "always":
            out.add("pinochle/5.4")         # the plain-suit lead was trumped: the duty to head lapses
        return out
    out = {"pinochle/5.3"}
    on = [c for _p, c in trick if c.suit == trump]
    if card.suit == trump and on:
        top = max(on, key=lambda c: STRENGTH[c.rank])
        if any(c.suit == trump and STRENGTH[c.rank] > STRENGTH[top.rank] for c in hand):
            out.add("pinochle/5.4")         # able to overtrump: the option says whether it had to
    return out


def legal_cards(hand, trick, trump, strict, must_head, player) -> list[Card]:
    return sorted({c for c in hand if play_fault(hand, trick, c, trump, strict, must_head, player) is None},
                  key=lambda c: (c.suit, -STRENGTH[c.rank]))


# ====================================================================== the state machine

@dataclass
class DealState:
    """One Pinochle deal.  ``hands`` hold the cards off the table (None = unknown)."""

    players: list[str]
    dealer: str
    opts: Options      # a resolved dict given is made the typed options (__post_init__)
    trump: str | None
    hands: dict[str, list[Card] | None]
    tables: dict[str, Table] = field(default_factory=dict)
    stock_left: int = 0
    upcard: Card | None = None
    leader: str = ""           # new_state sets it: the player after the dealer
    trick: list[tuple[str, Card]] = field(default_factory=list)
    tricks_done: int = 0
    won: dict[str, int] = field(default_factory=dict)
    captured: dict[str, int] = field(default_factory=dict)
    last_trick: str | None = None
    meld_points: dict[str, int] = field(default_factory=dict)
    melds: list[dict] = field(default_factory=list)
    window: str | None = None  # two-handed: who may meld now
    melded_this_trick: bool = False
    exchanged: bool = False
    to_draw: list[str] = field(default_factory=list)
    declared: dict | None = None
    done: bool = False
    meld_timing_fault: str | None = None  # check: the meld comes at the wrong time ("before" / "after" the draw)
    drew: bool = False  # a draw has been made since the last trick
    turned_up: Card | None = None  # two-handed: the upcard as dealt (a dix there pays the dealer, pinochle/2.2)
    # the auction forms (pinochle/7.x, 8.x), as a log plays them
    auction: Auction | None = None
    dealt: dict[str, list[Card]] = field(default_factory=dict)   # the hands as dealt
    declarer: str | None = None
    bid: int | None = None
    void: bool = False          # everybody passed: the deal is thrown in
    widow: list[Card] = field(default_factory=list)
    widow_taken: bool = False
    buried: list[Card] | None = None
    kept: list[Card] = field(default_factory=list)   # the bidder's hand after burying, the hand that melds
    conceded: bool = False
    from_table: dict[str, list[Card]] = field(default_factory=dict)   # two-handed: melded cards since played
    # what is known of a hand given in part (check's position): its ``hands`` entry is then the known cards
    partial: dict[str, Partial] = field(default_factory=dict)
    # the deal's shape, from the players and the options (__post_init__): tricks while the stock lasts, in all
    stock_trick_count: int = field(init=False, repr=False, compare=False, default=0)
    trick_count: int = field(init=False, repr=False, compare=False, default=0)
    # each rank's card points under option card_points (pinochle/1.3), looked up once per deal
    card_values: Mapping[str, int] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.opts = Options.of(cast(OptionsLike, self.opts))
        self.stock_trick_count = stock_tricks(self.opts)
        self.trick_count = total_tricks(len(self.players), self.opts)
        self.card_values = POINT_SCHEMES[self.opts.card_points]

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def strict(self) -> bool:
        """Obligations apply: always in the auction forms, in the play-off of two-handed (pinochle/3.1, 5.x)."""
        return len(self.players) != 2 or self.tricks_done >= self.stock_trick_count

    def after(self, p: str) -> str:
        return self.players[(self.players.index(p) + 1) % self.n]

    @property
    def trump_suit(self) -> str:
        """Trump, for the rules that compare suits: two-handed it is the upcard's from the deal; in the auction
        forms the high bidder names it before any play or meld (pinochle/7.3, 8.3), and no rule reached before then
        compares suits (the verify_* methods refuse first)."""
        return cast(str, self.trump)

    @property
    def to_play(self) -> str | None:
        if self.done or self.to_draw:
            return None
        if not self.trick:
            return self.leader
        players = self.players       # the seat after the leader's by the cards on the table
        return players[(players.index(self.leader) + len(self.trick)) % len(players)]

    def _hand(self, p: str) -> list[Card]:
        """``p``'s hand where the position or log gives it (the auction forms' logs deal every hand; a meld shows
        cards only from a hand known in part): the cards off the table."""
        return cast(list[Card], self.hands[p])

    def holding(self, p: str) -> list[Card] | None:
        """Every card ``p`` may play: the hand plus, in two-handed, the melded cards on the table (2H-13)."""
        h = self.hands.get(p)
        if h is None:
            return None
        return h + [t.card for t in self.tables[p].cards]

    def show(self, player: str, cards: list[Card]) -> None:
        """Cards an action shows (a meld) from a hand known in part: those not among the cards held that the unseen
        cards can be become known (the table sees them now)."""
        if player not in self.partial:
            return
        have = Counter(self.holding(player) or [])
        for c, k in Counter(cards).items():
            for _i in range(k - have[c]):
                part = self.partial[player]
                if part.may_hold(c):
                    self.partial[player] = part.reveal(c)
                    self._hand(player).append(c)

    # ---------------------------------------------------------------- play
    def verify_play(self, player: str, card: Card, as_played: bool = False) -> None:
        """As played, a lead out of turn and a card that does not follow, trump or head are allowed."""
        if self.done:
            raise IllegalAction("pinochle/2.3", _("the deal is over"))
        if self.auction is not None:
            self._verify_auction_done()
        if self.to_draw:
            raise IllegalAction("pinochle/3.3", _("{player} must draw from the stock first", player=self.to_draw[0]),
                                pointer="player")
        trick, players = self.trick, self.players
        turn = players[(players.index(self.leader) + len(trick)) % len(players)] if trick else self.leader  # to_play
        if player != turn and not (as_played and not trick):
            rule = LEAD_RULE[self.n] if not trick else "pinochle/3.2"
            raise IllegalAction(rule, _("it is {turn}'s turn to play, not {player}'s", turn=turn,
                                        player=player), pointer="player")
        hand = self.hands.get(player)
        if hand is None:
            return
        strict = (len(players) != 2 or self.tricks_done >= self.stock_trick_count) and not as_played   # self.strict
        table = self.tables[player].cards
        # what holding() gives, copied only where the cards on the table can count: while the stock lasts a card
        # held in the hand is all play_fault asks
        hold = hand + [t.card for t in table] if table and (strict or card not in hand) else hand
        if self.partial and player in self.partial:
            fault = self._known_play_fault(player, card, hold, strict)
        elif (not trick or not strict) and card in hold:
            fault = None        # a card held, and nothing more asked of it (what play_fault finds)
        else:
            fault = play_fault(hold, trick, card, cast(str, self.trump), strict, self.opts.must_head, player)
        if fault:
            raise fault

    def _verify_auction_done(self) -> None:
        """The auction forms: play starts once trump is named (pinochle/7.3) and, three-hand, the widow is buried
        (8.3)."""
        if self.auction is None or not self.auction.over or self.trump is None:
            raise IllegalAction("pinochle/7.3", _("play starts once the auction is over and trump is named"))
        if self.n == 3 and self.tricks_done == 0 and not self.trick and self.buried is None:
            raise IllegalAction("pinochle/8.3", _("the bidder takes the widow and buries 3 cards before play"))

    def _known_play_fault(self, player: str, card: Card, hold: list[Card], strict: bool) -> IllegalAction | None:
        """:func:`play_fault` for a hand known in part (``hold``: its known cards and its melds on the table): the
        fault (or None) when every hand the knowledge allows gives the same verdict, else
        :class:`~referee.knowledge.Undecided` with what it turns on: the suit led and trumps held, and how high
        (pinochle/5.2–5.4)."""
        known = self.partial[player]
        part = Partial(hold, known.unknown, known.void, known.pool)
        if card not in hold:
            if not part.may_hold(card):
                return play_fault(hold, self.trick, card, self.trump_suit, strict, self.opts.must_head, player)
            part = part.reveal(card)        # playing it shows it was one of the unknown cards
        if not self.trick or not strict:
            return None
        led, trump = self.trick[0][1].suit, self.trump_suit
        suits = [led] + ([trump] if trump != led else [])

        def strength(c: Card) -> int:
            return STRENGTH[c.rank]

        cases = [(tops, play_fault(h, self.trick, card, trump, strict, self.opts.must_head, player))
                 for tops, h in completions(part, suits, strength)]
        tables = {s: max((c for _p, c in self.trick if c.suit == s), key=strength, default=None) for s in suits}

        def rules(suit: str, kind: str) -> str:
            if kind == "higher":
                return "pinochle/5.4"
            return "pinochle/5.2" if suit == led else "pinochle/5.3"
        return verdict(cases, player, tables, rules, strength)

    def play_rules(self, player: str, card: Card) -> set[str]:
        """The rules that decide that ``card``, a legal play for ``player`` now, is legal (:func:`play_rules`)."""
        return play_rules(self.holding(player) or [], self.trick, card, self.trump_suit, self.strict,
                          self.opts.must_head, LEAD_RULE[self.n])

    def can_play(self, player: str, card: Card) -> bool:
        return allowed(self.verify_play, player, card)

    def apply_play(self, player: str, card: Card, as_played: bool = False) -> dict:
        n = len(self.players)
        trick = self.trick
        if n == 2 and not trick and self.tricks_done == self.stock_trick_count:
            self.start_playoff()
        self.verify_play(player, card, as_played)
        if not trick:
            self.leader = player        # as the rules say, or a lead out of turn as played
        hand = self.hands.get(player)
        if hand is not None:
            # a card both in the hand and melded on the table is played from the table: the copy kept in the hand
            # has been in no meld, so every meld the table copy could still serve in, it can too (pinochle/4.4)
            table = self.tables[player]
            if table.cards and table.remove(card):
                self.from_table.setdefault(player, []).append(card)
            elif card in hand:        # a hand known in part may not show it
                hand.remove(card)
        self.window = None
        self.drew = False
        trick.append((player, card))
        if len(trick) < n:
            return {}
        winner = trick_winner(trick, cast(str, self.trump))
        cards = [c for _p, c in trick]
        values = self.card_values     # (points_of, with the deal's table)
        pts = sum([values.get(c.rank, 0) for c in cards])
        self.tricks_done += 1
        self.won[winner] += 1
        self.captured[winner] += pts
        rec = {"cards": [c.rank + c.suit for c in cards], "leader": trick[0][0], "winner": winner, "points": pts}
        self.trick = []
        self.leader = winner
        if self.tricks_done == self.trick_count:
            self.captured[winner] += LAST_TRICK
            self.last_trick = winner
            self.done = True
        elif n == 2 and self.tricks_done <= self.stock_trick_count:
            self.melded_this_trick = False
            self.to_draw = [winner, self.after(winner)]
            self.window = winner if self.opts.meld_timing == "before_draw" else None
        return {"trick": rec}

    # ---------------------------------------------------------------- the actions open
    def legal_actions(self, player: str) -> list[dict]:
        """The actions open to ``player`` now: two-handed, every meld and dix the player may make (a dix once for
        each way, exchanged or shown, that is allowed) and the draw owed (with the upcard when it is the card the
        player must take, pinochle/3.4); the cards the player may play.  Melds, dixes and plays are listed only when
        the hand is known.  Declaring out is not listed (it is judged on a running count, pinochle/6.4)."""
        if self.done:
            return []
        out: list[dict] = []
        hold = self.holding(player)
        if self.n == 2 and hold is not None:
            have = Counter(hold)
            for cards in meld_candidates(self.trump_suit, self.opts):
                if any(have[c] < k for c, k in Counter(cards).items()):
                    continue
                if len(cards) == 1:         # the dix
                    out += [{"type": "dix", "player": player, "exchange": ex} for ex in (True, False)
                            if self.can_meld(player, cards, ex)]
                elif self.can_meld(player, cards):
                    out.append({"type": "meld", "player": player, "cards": [str(c) for c in cards]})
        if self.to_draw and self.to_draw[0] == player and self.can_draw(player, None):
            draw = {"type": "draw", "player": player}
            if self.stock_left == 1 and self.upcard is not None:
                draw["card"] = str(self.upcard)
            out.append(draw)
        if hold is not None and self.to_play == player and player in self.partial:
            for c in sorted(set(hold), key=lambda c: (c.suit, -STRENGTH[c.rank])):
                try:
                    if self._known_play_fault(player, c, hold, self.strict) is None:
                        out.append({"type": "play", "player": player, "card": str(c)})
                except Undecided as u:
                    out.append({"type": "play", "player": player, "card": str(c), "conditions": u.conditions})
        elif hold is not None and self.to_play == player:
            out += [{"type": "play", "player": player, "card": str(c)}
                    for c in legal_cards(hold, self.trick, self.trump, self.strict, self.opts.must_head, player)
                    if self.can_play(player, c)]
        return out

    # ---------------------------------------------------------------- two-handed melds (pinochle/4.x)
    def verify_meld(self, player: str, cards: list[Card], exchange: bool, as_played: bool = False) -> tuple[Meld, list]:
        """As played, who melds and when (pinochle/3.3, 4.2, 4.8) and one meld per trick (4.2) are not checked."""
        if self.n != 2:
            raise IllegalAction("pinochle/4.10", _("in this form all meld is counted at once from the hands"))
        if not as_played:
            self._verify_meld_turn(player)
        meld = meld_kind(cards, self.trump_suit, self.opts)
        if meld is None:
            raise self._not_one_meld(cards)
        if meld.name != "dix" and self.melded_this_trick and not as_played:
            raise IllegalAction("pinochle/4.2", _("one meld per trick won (a dix may be added)"), pointer="cards")
        return self._verify_meld_cards(player, cards, meld, exchange)

    def _not_one_meld(self, cards: list[Card]) -> IllegalAction:
        """Why ``cards`` are no meld: none at all (pinochle/4.1), or several melds shown at once, of which one is
        declared for the trick won and the others after later ones (pinochle/4.2: K♠ Q♠ J♦ hold a marriage and a
        pinochle)."""
        held = meld_in_hand(cards, self.trump_suit, self.opts)
        if sum(m["count"] for m in held) > 1:
            melds = ", ".join(f"{m['name']} ({m['points']})" for m in held)
            return IllegalAction("pinochle/4.2", _("{cards} are not one meld but several: {melds}; one is declared "
                                                   "for each trick won", cards=shown(cards), melds=melds),
                                 pointer="cards")
        return IllegalAction("pinochle/4.1", _("{cards} is not a meld with {suit} trump", cards=shown(cards),
                                               suit=Suit(self.trump)), pointer="cards")

    def _verify_meld_turn(self, player: str) -> None:
        """Whether ``player`` may meld now: the winner of the trick just played, at the time option ``meld_timing``
        says, while the stock lasts (pinochle/3.3, 4.2, 4.8)."""
        k = stock_tricks(self.opts)
        if self.tricks_done > k or (self.tricks_done == k and self.window != player and not self.meld_timing_fault):
            raise IllegalAction("pinochle/4.8", _("no melding once the stock is exhausted"))
        if self.to_draw and self.opts.meld_timing == "after_draw" and self.window != player:
            raise IllegalAction("pinochle/3.3",
                                _("the trick's winner melds after both have drawn"))
        if self.window != player:
            if self.drew and self.opts.meld_timing == "before_draw" and player == self.leader:
                raise IllegalAction("pinochle/3.3", _("the trick's winner melds before drawing, not after"))
            if self.meld_timing_fault:
                raise IllegalAction("pinochle/3.3", _("the trick's winner melds before drawing")
                                    if self.meld_timing_fault == "before" else
                                    _("the trick's winner melds after both have drawn"))
            raise IllegalAction("pinochle/4.2", _("only the winner of the trick just played may meld, now"),
                                pointer="player")

    def _verify_meld_cards(self, player: str, cards: list[Card], meld: Meld, exchange: bool) -> tuple[Meld, list]:
        """Whether the cards make ``meld`` now: the dix and its exchange (pinochle/4.7), a new card from the hand
        and the re-use of melded cards (4.3, 4.4).  Returns the meld and the table cards it uses."""
        if meld.name == "dix":
            if sum(1 for m in self.melds if m["meld"] == "dix") >= 2:
                raise IllegalAction("pinochle/4.7", _("both dixes have already been scored in this deal"),
                                    pointer="exchange")
            if exchange and (self.exchanged or self.upcard is None):   # the upcard goes with the last stock card
                raise IllegalAction("pinochle/4.7", _("the upcard can no longer be exchanged"), pointer="exchange")
            if exchange and self.upcard is not None and self.upcard.rank == dix_rank(self.opts):
                raise IllegalAction("pinochle/4.7", _("the upcard is itself a dix: a dix is only shown"),
                                    pointer="exchange")
            if (not exchange and self.opts.first_dix_must_exchange and not self.exchanged
                    and self.upcard is not None and self.upcard.rank != dix_rank(self.opts)):
                raise IllegalAction("pinochle/4.7", _("the first dix melded must be exchanged for the upcard"),
                                    pointer="exchange")
        elif exchange:
            raise IllegalAction("pinochle/4.7", _("only a dix is exchanged for the upcard"), pointer="exchange")
        free = None if self.hands.get(player) is None else Counter(self.hands[player])
        plan = self.tables[player].plan(cards, meld, free, player)
        if isinstance(plan, MeldFault):
            raise IllegalAction(plan.rule, plan.message, pointer="cards")
        return meld, plan

    def can_meld(self, player: str, cards: list[Card], exchange: bool = False) -> bool:
        return allowed(self.verify_meld, player, cards, exchange)

    def apply_meld(self, player: str, cards: list[Card], exchange: bool = False, as_played: bool = False,
                   explain: bool = True) -> dict:
        """Meld ``cards`` (a dix with ``exchange``: swapped for the upcard).  Returns ``{meld, name, class, points,
        took?, reason}``: ``reason`` says in one line why the meld is legal.  With ``explain`` off (a log's replay,
        whose answer shows neither) the two texts, ``name`` and ``reason``, are not made."""
        meld, used = self.verify_meld(player, cards, exchange, as_played)
        new = Counter(cards)
        for t in used:
            new[t.card] -= 1
        reason = self._meld_reason(player, meld, cards, used, exchange) if explain else None
        hand = self.hands.get(player)
        if hand is not None:
            for c, k in new.items():
                for _copy in range(k):
                    hand.remove(c)
        self.tables[player].add(cards, meld, used)
        pts = meld.points
        out = ({"meld": str(meld.name), "name": meld.name.show(), "class": meld.cls, "points": pts} if explain else
               {"meld": str(meld.name), "class": meld.cls, "points": pts})
        if meld.name == "dix" and exchange:
            # the dix goes under the stock in place of the upcard, which the player takes into hand
            upcard = cast(Card, self.upcard)    # there is one: verify_meld refuses an exchange without (4.7)
            dix = self.tables[player].cards.pop()
            if hand is not None:
                hand.append(upcard)
            out["took"] = str(upcard)
            self.upcard = dix.card
            self.exchanged = True
        if meld.name != "dix":
            self.melded_this_trick = True
        self.meld_points[player] += pts
        if explain:
            out["reason"] = reason
        self.melds.append({"player": player, **out, "cards": list(cards), "exchange": bool(exchange)})
        return out

    def _meld_reason(self, player: str, meld: Meld, cards: list[Card], used: list, exchange: bool) -> str:
        """Why the meld is legal, in one line (pinochle/4.2-4.4, 4.7)."""
        if meld.name == "dix":
            if exchange:
                return _("{player} has just won a trick and exchanges the dix {card} for the upcard {upcard}, for 10; "
                         "a dix does not use up the trick's meld", player=player, card=cards[0], upcard=self.upcard)
            return _("{player} has just won a trick and shows the dix {card} for 10; a dix does not use up the "
                     "trick's meld", player=player, card=cards[0])
        n = len(cards) - len(used)
        if used:
            return ngettext("{player} has just won a trick and melds {meld} for {points}: {n} new card from the "
                            "hand, and {cards} again from the table, in another class or a higher meld",
                            "{player} has just won a trick and melds {meld} for {points}: {n} new cards from the "
                            "hand, and {cards} again from the table, in another class or a higher meld", n,
                            player=player, meld=meld.name, points=meld.points, cards=[t.card for t in used])
        return ngettext("{player} has just won a trick and melds {meld} for {points}: {n} new card from the hand",
                        "{player} has just won a trick and melds {meld} for {points}: {n} new cards from the hand",
                        n, player=player, meld=meld.name, points=meld.points)

    # ---------------------------------------------------------------- two-handed draws (pinochle/3.3, 3.4)
    def verify_draw(self, player: str, card: Card | None, as_played: bool = False, twin_out: bool = False) -> None:
        """As played, the loser may draw before the winner.

        ``twin_out``: the other copy of ``card`` is known to be elsewhere (held, played or seen), so that ``card``,
        when it is the upcard, cannot be the face-down card: at the last two stock cards the winner who names it has
        taken the upcard (pinochle/3.4)."""
        if not self.to_draw:
            raise IllegalAction("pinochle/3.3", _("the stock is exhausted") if self.n == 2 and self.stock_left <= 0
                                else _("nobody draws now"))
        if player != self.to_draw[0] and not (as_played and player in self.to_draw):
            raise IllegalAction("pinochle/3.3", _("{player} draws first", player=self.to_draw[0]), pointer="player")
        if self.stock_left <= 0:
            raise IllegalAction("pinochle/3.3", _("the stock is exhausted"))
        if self.stock_left == 1 and self.upcard is not None and card is not None and card != self.upcard:
            # the last card: the loser of the twelfth trick gets the upcard (pinochle/3.4)
            raise IllegalAction("pinochle/3.4", _("the loser of the last stock trick takes the upcard {card}",
                                                  card=self.upcard),
                                pointer="card")
        if (self.stock_left == 2 and self.upcard is not None and card == self.upcard and twin_out
                and self.opts.last_stock == "winner_takes_hidden"):
            # the upcard's twin is elsewhere, so the winner of the twelfth trick has taken the face-up card
            raise IllegalAction("pinochle/3.4", _("{player} won the last trick before the stock ran out and must take "
                                                  "the face-down card; {card} is the face-up card (the other {card} "
                                                  "is already in play), which goes to the loser", player=player,
                                                  card=card),
                                pointer="card")
        # otherwise the winner's face-down card may be the twin of the upcard, so it is not refused

    def can_draw(self, player: str, card: Card | None, twin_out: bool = False) -> bool:
        return allowed(self.verify_draw, player, card, False, twin_out)

    def takes_upcard(self, card: Card | None) -> bool:
        """Whether drawing ``card`` now takes the face-up card: the last stock card, or with option last_stock
        winner_chooses the winner's pick of the last two (pinochle/3.4)."""
        return self.upcard is not None and card == self.upcard and (
            self.stock_left == 1 or self.opts.last_stock == "winner_chooses" and self.stock_left == 2)

    def apply_draw(self, player: str, card: Card | None, as_played: bool = False, twin_out: bool = False) -> dict:
        """Draw from the stock; returns ``{"drew", "stock_left", "upcard"}`` (``upcard``: the face-up card was
        taken)."""
        self.verify_draw(player, card, as_played, twin_out)
        self.to_draw.remove(player)
        self.drew = True
        self.window = None  # before_draw: drawing ends the winner's turn to meld (pinochle/3.3)
        hand = self.hands.get(player)
        if card is not None and hand is not None:
            hand.append(card)
        took_up = self.upcard is not None and self.takes_upcard(card)
        if took_up:
            self.upcard = None
        self.stock_left -= 1
        if not self.to_draw:
            if self.opts.meld_timing == "after_draw":
                self.window = self.leader
            if self.stock_left == 0:
                self.upcard = None
        return {"drew": card.rank + card.suit if card else None, "stock_left": self.stock_left, "upcard": took_up}

    def start_playoff(self) -> None:
        """pinochle/5.1: melded cards go back to the hands for the last twelve tricks (idempotent)."""
        for p in self.players:
            hand = self.hands.get(p)
            if hand is not None:
                hand += [t.card for t in self.tables[p].cards]
            self.tables[p] = Table()
        self.from_table = {}
        self.window = None

    # ---------------------------------------------------------------- this deal's meld, and declaring out (6.4)
    def dealer_dix(self, player: str) -> int:
        """10 for the dealer when the card turned up at the deal is the dix (pinochle/2.2); else 0."""
        t = self.turned_up
        return 10 if player == self.dealer and t is not None and t == Card(dix_rank(self.opts), self.trump_suit) else 0

    def meld_total(self, player: str) -> int:
        """The meld ``player`` has scored in this deal so far: the melds made and a dix turned up at the deal."""
        return self.meld_points[player] + self.dealer_dix(player)
    # ---------------------------------------------------------------- declaring out (pinochle/6.4)
    def verify_declare(self, player: str) -> None:
        """Whether ``player`` may declare out now (pinochle/6.4): the form plays it and the deal is on."""
        if not self.opts.declare_out:
            raise IllegalAction("pinochle/6.4", _("declaring out is not played in this form"))
        if self.done:
            raise IllegalAction("pinochle/6.4", _("the deal is over; a player declares out during it"))

    def can_declare(self, player: str) -> bool:
        return allowed(self.verify_declare, player)

    def apply_declare(self, player: str, banked: int, target: int) -> dict:
        """Declare out: right if ``banked`` + this deal's meld (the dealer's 10 for a dix turned up included) and the
        card points taken so far reach ``target`` (pinochle/6.4)."""
        self.verify_declare(player)
        total = banked + self.meld_total(player) + self.captured[player]
        right = total >= target
        self.declared = {"player": player, "total": total, "right": right}
        self.done = True
        return self.declared

    # ---------------------------------------------------------------- the auction forms (pinochle/7.2-7.3, 8.2-8.4)
    def _the_auction(self) -> Auction:
        """The auction of the partnership and three-hand forms; two-handed there is none (pinochle/2.1)."""
        if self.auction is None:
            raise IllegalAction("pinochle/2.1", _("two-handed pinochle has no auction"))
        return self.auction

    def verify_bid(self, player: str, amount: int, as_played: bool = False) -> None:
        self._the_auction().verify_bid(player, amount, as_played)

    def can_bid(self, player: str, amount: int) -> bool:
        return allowed(self.verify_bid, player, amount)

    def apply_bid(self, player: str, amount: int, as_played: bool = False) -> dict:
        self.verify_bid(player, amount, as_played)
        return self._called(self._the_auction().apply_bid(player, amount, as_played))

    def verify_pass(self, player: str, as_played: bool = False) -> None:
        self._the_auction().verify_pass(player, as_played)

    def can_pass(self, player: str) -> bool:
        return allowed(self.verify_pass, player)

    def apply_pass(self, player: str, as_played: bool = False) -> dict:
        self.verify_pass(player, as_played)
        return self._called(self._the_auction().apply_pass(player, as_played))

    def _called(self, res: dict) -> dict:
        auction = self._the_auction()
        if auction.over:
            self.declarer, self.bid = auction.high_bidder, auction.high
            if res.get("all_passed"):
                self.done = True  # thrown in: nothing to score
                self.void = True
        return res

    def verify_trump(self, player: str) -> None:
        """Only the high bidder names trump, once the auction is over (pinochle/7.3, 8.3)."""
        if self.auction is None or not self.auction.over or player != self.declarer:
            raise IllegalAction("pinochle/7.3", _("only the high bidder names trump, after the auction"))

    def can_trump(self, player: str) -> bool:
        return allowed(self.verify_trump, player)

    def apply_trump(self, player: str, suit: str) -> dict:
        self.verify_trump(player)
        self.trump = suit
        return {"trump": suit}

    def verify_bidder(self, player: str) -> None:
        """The widow, the burial and a concession belong to the three-hand bidder (pinochle/8.3)."""
        if self.n != 3:
            raise IllegalAction("pinochle/8.3", _("the widow belongs to the three-hand auction"))
        if player != self.declarer:
            raise IllegalAction("pinochle/8.3", _("only the bidder may do this"), pointer="player")

    def verify_widow(self, player: str) -> None:
        self.verify_bidder(player)
        if self.widow_taken:
            raise IllegalAction("pinochle/8.3", _("the widow was already taken"))

    def can_widow(self, player: str) -> bool:
        return allowed(self.verify_widow, player)

    def apply_widow(self, player: str) -> dict:
        """The bidder takes the 3 widow cards into the hand (pinochle/8.3)."""
        self.verify_widow(player)
        self._hand(player).extend(self.widow)
        self.widow_taken = True
        return {"took": [str(c) for c in self.widow]}

    def verify_bury(self, player: str, cards: list[Card]) -> None:
        self.verify_bidder(player)
        if not self.widow_taken or self.buried is not None:
            raise IllegalAction("pinochle/8.3", _("the bidder buries once, after taking the widow"))
        if len(cards) != 3:
            raise IllegalAction("pinochle/8.3", _("the bidder buries exactly 3 cards"), pointer="cards")
        left = Counter(self._hand(player))
        for c in cards:
            if left[c] <= 0:
                raise IllegalAction("pinochle/8.3", _("{player} does not hold {card}", player=player, card=c),
                                    pointer="cards")
            left[c] -= 1

    def can_bury(self, player: str, cards: list[Card]) -> bool:
        return allowed(self.verify_bury, player, cards)

    def apply_bury(self, player: str, cards: list[Card]) -> dict:
        """The bidder lays 3 cards away; they count for the bidder, who then leads (pinochle/8.3, 8.5)."""
        self.verify_bury(player, cards)
        hand = self._hand(player)
        for c in cards:
            hand.remove(c)
        self.buried = list(cards)
        self.kept = list(hand)
        self.leader = player
        return {"buried": [str(c) for c in cards]}

    def verify_concede(self, player: str, as_played: bool = False) -> None:
        """As played, a concession after the first lead ends the deal all the same."""
        self.verify_bidder(player)
        if (self.tricks_done or self.trick) and not as_played:
            raise IllegalAction("pinochle/8.4", _("a bid is conceded before the first lead"))

    def can_concede(self, player: str) -> bool:
        return allowed(self.verify_concede, player)

    def apply_concede(self, player: str, as_played: bool = False) -> dict:
        """The bidder gives up before the first lead: a single bete (pinochle/8.4); the deal is over."""
        self.verify_concede(player, as_played)
        self.conceded = True
        self.done = True
        return {"conceded": True}


def new_state(players: list[str], dealer: str, opts: OptionsLike, trump: str | None,
              hands: Mapping[str, list[Card] | None] | None = None) -> DealState:
    st = DealState(players=players, dealer=dealer, opts=Options.of(opts), trump=trump,
                   hands={p: (list(h) if (h := (hands or {}).get(p)) is not None else None) for p in players})
    st.tables = {p: Table() for p in players}
    st.won = dict.fromkeys(players, 0)
    st.captured = dict.fromkeys(players, 0)
    st.meld_points = dict.fromkeys(players, 0)
    st.leader = players[(players.index(dealer) + 1) % len(players)]
    return st
