"""Pinochle: score, check and validate over one state machine (:class:`DealState`).

Two-handed: a stock phase (no obligations, one meld per trick won, draws), then the play-off (follow,
trump, head per option).  Partnership and three-hand auction: an auction, trump named by the high
bidder, meld counted at once (:func:`~referee.pinochle.core.meld_in_hand`), and play with obligations.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..cards import Card, SUIT_NAMES, check_conservation, parse_cards, parse_suit
from ..common import fields_out_of_phase, missing_scores, parse_player, parse_players, points_feasible
from ..errors import IllegalAction, InputError, esc
from .core import (DEAL_TOTAL, DECKS, LAST_TRICK, Meld, Table, dix_rank, legal_cards, meld_in_hand, meld_kind,
                   play_fault, points_of, round_one, round_points, trick_winner)

FORM = {2: "two-handed", 3: "three-hand", 4: "partnership"}
HAND_SIZE = {2: 12, 3: 15, 4: 12}
TRICKS = {3: 15, 4: 12}
LEAD_RULE = {2: "pinochle/2.3", 3: "pinochle/8.5", 4: "pinochle/7.3"}



def shown(cards) -> str:
    """Cards as text for a message: "no cards" for none."""
    return " ".join(map(str, cards)) or "no cards"

def stock_tricks(opts: dict) -> int:
    """Two-handed: tricks played while the stock lasts, 12 with 48 cards (20 with 64) (pinochle/2.1)."""
    return (opts["deck"] - 24) // 2


def total_tricks(n: int, opts: dict) -> int:
    return stock_tricks(opts) + 12 if n == 2 else TRICKS[n]
ESCALATION = 250


# ====================================================================== shared parsing

def side_ids(players: list[str]) -> list[str]:
    """Partnership sides: seats 1 and 3 against seats 2 and 4 (pinochle/7.1)."""
    return [f"{players[0]}+{players[2]}", f"{players[1]}+{players[3]}"]


def side_of(players: list[str], p: str) -> str:
    return side_ids(players)[players.index(p) % 2]


def deck_of(opts: dict):
    return DECKS[opts["deck"]]


def cards_at(value, opts, ptr) -> list[Card]:
    return parse_cards(value, deck_of(opts), ptr)


def card_at(value, opts, ptr) -> Card:
    """One card, with errors pointing at the field itself."""
    try:
        return parse_cards([value], deck_of(opts), "#")[0]
    except InputError as e:
        raise InputError(e.errors[0]["detail"], ptr) from None


def trump_at(value, ptr) -> str:
    try:
        return parse_suit(value)
    except ValueError as e:
        raise InputError(str(e), ptr) from None


def parse_state(req: dict, players: list[str], opts: dict) -> tuple[dict[str, int], int]:
    """``state``: ``{"scores": {player or side: n}, "target": n}`` → (scores, target)."""
    keys = side_ids(players) if len(players) == 4 else players
    scores = {k: 0 for k in keys}
    target = opts["target"]
    raw = req.get("state")
    if raw is None:
        return scores, target
    if not isinstance(raw, dict):
        raise InputError("state must be an object", "/state")
    if missing_scores(raw, keys):
        raise InputError(missing_scores(raw, keys))
    for k, v in (raw.get("scores") or {}).items():
        if k not in scores:
            raise InputError(f"{k!r} is not one of {', '.join(keys)}", f"/state/scores/{esc(k)}")
        if isinstance(v, bool) or not isinstance(v, int):
            raise InputError("a score is an integer", f"/state/scores/{esc(k)}")
        if v % 10 and opts["rounding"] != "none" and opts["card_points"] != "ace_ten_kq":
            raise InputError(f"{v} cannot happen: with rounding every score is a multiple of 10",
                             f"/state/scores/{esc(k)}")
        scores[k] = v
    t = raw.get("target")
    if t is not None:
        if isinstance(t, bool) or not isinstance(t, int) or t < opts["target"] or (t - opts["target"]) % ESCALATION:
            raise InputError(f"the target is {opts['target']} or a later step of {ESCALATION} above it (pinochle/6.3)",
                             "/state/target")
        target = t
    for k, v in scores.items():
        if len(players) == 2 and v >= target:
            raise InputError(f"{v} has already reached the target {target}; the target should have risen "
                             "or the game ended (pinochle/6.3)", f"/state/scores/{esc(k)}")
        if len(players) == 2 and v < 0:
            raise InputError("two-handed scores never go below 0", f"/state/scores/{esc(k)}")
        if target > opts["target"] and v < target - ESCALATION:
            raise InputError(f"the target rose to {target} only because both passed {target - ESCALATION}",
                             "/state/target")
    return scores, target


# ====================================================================== the state machine

@dataclass
class DealState:
    """One Pinochle deal.  ``hands`` hold the cards off the table (None = unknown)."""

    players: list[str]
    dealer: str
    opts: dict
    trump: str | None
    hands: dict[str, list[Card] | None]
    tables: dict[str, Table] = field(default_factory=dict)
    stock_left: int = 0
    upcard: Card | None = None
    leader: str | None = None
    trick: list[tuple[str, Card]] = field(default_factory=list)
    tricks_done: int = 0
    won: dict[str, int] = field(default_factory=dict)
    captured: dict[str, int] = field(default_factory=dict)
    last_trick: str | None = None
    meld_points: dict[str, int] = field(default_factory=dict)
    melds: list[dict] = field(default_factory=list)
    window: str | None = None  # two-handed: who may meld now
    melded_this_trick: bool = False
    dix_done: set = field(default_factory=set)
    exchanged: bool = False
    to_draw: list[str] = field(default_factory=list)
    declared: dict | None = None
    done: bool = False
    meld_timing_fault: str | None = None
    drew: bool = False  # a draw has been made since the last trick

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def strict(self) -> bool:
        """Obligations apply: always in the auction forms, in the play-off of two-handed (pinochle/3.1, 5.x)."""
        return self.n != 2 or self.tricks_done >= stock_tricks(self.opts)

    def after(self, p: str) -> str:
        return self.players[(self.players.index(p) + 1) % self.n]

    @property
    def to_play(self) -> str | None:
        if self.done or self.to_draw:
            return None
        p = self.leader
        for _ in self.trick:
            p = self.after(p)
        return p

    def holding(self, p: str) -> list[Card] | None:
        """Every card ``p`` may play: the hand plus, in two-handed, the melded cards on the table (2H-13)."""
        h = self.hands.get(p)
        if h is None:
            return None
        return h + [t.card for t in self.tables[p].cards]

    # ---------------------------------------------------------------- play
    def verify_play(self, player: str, card: Card) -> None:
        if self.done:
            raise IllegalAction("pinochle/2.3", "the deal is over")
        if self.to_draw:
            raise IllegalAction("pinochle/3.3", f"{self.to_draw[0]} must draw from the stock first", pointer="player")
        if player != self.to_play:
            rule = LEAD_RULE[self.n] if not self.trick else "pinochle/3.2"
            raise IllegalAction(rule, f"it is {self.to_play}'s turn to play, not {player}'s", pointer="player")
        hold = self.holding(player)
        if hold is None:
            return
        fault = play_fault(hold, self.trick, card, self.trump, self.strict, self.opts["must_head"], player)
        if fault:
            raise fault

    def can_play(self, player: str, card: Card) -> bool:
        try:
            self.verify_play(player, card)
        except IllegalAction:
            return False
        return True

    def apply_play(self, player: str, card: Card) -> dict:
        if self.n == 2 and self.tricks_done == stock_tricks(self.opts) and not self.trick:
            self.start_playoff()
        self.verify_play(player, card)
        if self.hands.get(player) is not None:
            if card in self.hands[player]:
                self.hands[player].remove(card)
            else:
                self.tables[player].remove(card)
        self.window = None
        self.drew = False
        self.trick.append((player, card))
        if len(self.trick) < self.n:
            return {}
        winner = trick_winner(self.trick, self.trump)
        pts = points_of([c for _, c in self.trick], self.opts)
        self.tricks_done += 1
        self.won[winner] += 1
        self.captured[winner] += pts
        rec = {"cards": [str(c) for _, c in self.trick], "leader": self.trick[0][0], "winner": winner, "points": pts}
        self.trick = []
        self.leader = winner
        if self.tricks_done == total_tricks(self.n, self.opts):
            self.captured[winner] += LAST_TRICK
            self.last_trick = winner
            self.done = True
        elif self.n == 2 and self.tricks_done <= stock_tricks(self.opts):
            self.melded_this_trick = False
            self.to_draw = [winner, self.after(winner)]
            self.window = winner if self.opts["meld_timing"] == "before_draw" else None
        return {"trick": rec}

    # ---------------------------------------------------------------- two-handed melds (pinochle/4.x)
    def verify_meld(self, player: str, cards: list[Card], exchange: bool = False) -> tuple[Meld, list]:
        if self.n != 2:
            raise IllegalAction("pinochle/4.10", "in this form all meld is counted at once from the hands")
        k = stock_tricks(self.opts)
        if self.tricks_done > k or (self.tricks_done == k and self.window != player and not self.meld_timing_fault):
            raise IllegalAction("pinochle/4.8", "no melding once the stock is exhausted")
        if self.to_draw and self.opts["meld_timing"] == "after_draw" and self.window != player:
            raise IllegalAction("pinochle/3.3", "the trick's winner melds after both have drawn (option meld_timing)")
        if self.window != player:
            if self.drew and self.opts["meld_timing"] == "before_draw" and player == self.leader:
                raise IllegalAction("pinochle/3.3", "the trick's winner melds before drawing, not after (option "
                                                    "meld_timing)")
            if self.meld_timing_fault:
                raise IllegalAction("pinochle/3.3", self.meld_timing_fault + " (option meld_timing)")
            raise IllegalAction("pinochle/4.2", "only the winner of the trick just played may meld, now",
                                pointer="player")
        meld = meld_kind(cards, self.trump, self.opts)
        if meld is None:
            raise IllegalAction("pinochle/4.1", f"{shown(cards)} is not a meld with {SUIT_NAMES[self.trump]} trump",
                                pointer="cards")
        if meld.name != "dix" and self.melded_this_trick:
            raise IllegalAction("pinochle/4.2", "one meld per trick won (a dix may be added)", pointer="cards")
        if meld.name == "dix":
            if sum(1 for m in self.melds if m["meld"] == "dix") >= 2:
                raise IllegalAction("pinochle/4.7", "both dixes have already been scored in this deal", pointer="exchange")
            if exchange and (self.exchanged or self.upcard is None or self.stock_left == 0):
                raise IllegalAction("pinochle/4.7", "the upcard can no longer be exchanged", pointer="exchange")
            if exchange and self.upcard.rank == dix_rank(self.opts):
                raise IllegalAction("pinochle/4.7", "the upcard is itself a dix: a dix is only shown", pointer="exchange")
            if (not exchange and self.opts["first_dix_must_exchange"] and not self.exchanged
                    and self.upcard is not None and self.upcard.rank != dix_rank(self.opts) and self.stock_left):
                raise IllegalAction("pinochle/4.7", "the first dix melded must be exchanged for the upcard",
                                    pointer="exchange")
        elif exchange:
            raise IllegalAction("pinochle/4.7", "only a dix is exchanged for the upcard", pointer="exchange")
        free = None if self.hands.get(player) is None else Counter(self.hands[player])
        plan = self.tables[player].plan(cards, meld, free)
        if isinstance(plan, str):
            rule = "pinochle/4.4" if "4.4" in plan else "pinochle/4.3" if "4.3" in plan else "pinochle/1.1"
            raise IllegalAction(rule, plan.replace(f" ({rule})", ""), pointer="cards")
        return meld, plan

    def apply_meld(self, player: str, cards: list[Card], exchange: bool = False) -> dict:
        meld, used = self.verify_meld(player, cards, exchange)
        new = Counter(cards)
        for t in used:
            new[t.card] -= 1
        if self.hands.get(player) is not None:
            for c, k in new.items():
                for _ in range(k):
                    self.hands[player].remove(c)
        self.tables[player].add(cards, meld, used)
        pts = meld.points
        out = {"meld": meld.name, "class": meld.cls, "points": pts}
        if meld.name == "dix" and exchange:
            # the dix goes under the stock in place of the upcard, which the player takes into hand
            dix = self.tables[player].cards.pop()
            if self.hands.get(player) is not None:
                self.hands[player].append(self.upcard)
            out["took"] = str(self.upcard)
            self.upcard = dix.card
            self.exchanged = True
        if meld.name != "dix":
            self.melded_this_trick = True
        self.meld_points[player] += pts
        self.melds.append({"player": player, **out})
        return out

    # ---------------------------------------------------------------- two-handed draws (pinochle/3.3, 3.4)
    def verify_draw(self, player: str, card: Card | None) -> None:
        if not self.to_draw:
            raise IllegalAction("pinochle/3.3", "nobody draws now")
        if player != self.to_draw[0]:
            raise IllegalAction("pinochle/3.3", f"{self.to_draw[0]} draws first", pointer="player")
        if self.stock_left <= 0:
            raise IllegalAction("pinochle/3.3", "the stock is exhausted")
        if self.stock_left == 1 and self.upcard is not None and card is not None and card != self.upcard:
            # the last card: the loser of the twelfth trick gets the upcard (pinochle/3.4)
            raise IllegalAction("pinochle/3.4", f"the loser of the last stock trick takes the upcard {self.upcard}",
                                pointer="card")
        # the winner's face-down card may be the twin of the upcard, so it is never refused

    def apply_draw(self, player: str, card: Card | None) -> dict:
        """Draw from the stock; returns ``{"drew", "stock_left", "upcard"}`` (``upcard``: the face-up card was taken)."""
        self.verify_draw(player, card)
        self.to_draw.pop(0)
        self.drew = True
        self.window = None  # before_draw: drawing ends the winner's turn to meld (pinochle/3.3)
        if card is not None and self.hands.get(player) is not None:
            self.hands[player].append(card)
        took_up = False
        if self.upcard is not None and card == self.upcard and (
                self.stock_left == 1 or self.opts["last_stock"] == "winner_chooses" and self.stock_left == 2):
            took_up = True
            self.upcard = None
        self.stock_left -= 1
        if not self.to_draw:
            if self.opts["meld_timing"] == "after_draw":
                self.window = self.leader
            if self.stock_left == 0:
                self.upcard = None
        return {"drew": str(card) if card else None, "stock_left": self.stock_left, "upcard": took_up}

    def start_playoff(self) -> None:
        """pinochle/5.1: melded cards go back to the hands for the last twelve tricks (idempotent)."""
        for p in self.players:
            if self.hands.get(p) is not None:
                self.hands[p] += [t.card for t in self.tables[p].cards]
            self.tables[p] = Table()
        self.window = None

    # ---------------------------------------------------------------- declaring out (pinochle/6.4)
    def verify_declare(self, player: str) -> None:
        """Whether ``player`` may declare out now (pinochle/6.4): the form plays it and the deal is on."""
        if not self.opts["declare_out"]:
            raise IllegalAction("pinochle/6.4", "declaring out is not played in this form")
        if self.done:
            raise IllegalAction("pinochle/6.4", "the deal is over; a player declares out during it")

    def can_declare(self, player: str) -> bool:
        try:
            self.verify_declare(player)
        except IllegalAction:
            return False
        return True

    def apply_declare(self, player: str, banked: int, target: int) -> dict:
        """Declare out: right if ``banked`` + this deal's melds and captured points reach ``target``."""
        self.verify_declare(player)
        total = banked + self.meld_points[player] + self.captured[player]
        right = total >= target
        self.declared = {"player": player, "total": total, "right": right}
        self.done = True
        return self.declared


def new_state(players, dealer, opts, trump, hands=None) -> DealState:
    st = DealState(players=players, dealer=dealer, opts=opts, trump=trump,
                   hands={p: (list(hands[p]) if hands and hands.get(p) is not None else None) for p in players})
    st.tables = {p: Table() for p in players}
    st.won = {p: 0 for p in players}
    st.captured = {p: 0 for p in players}
    st.meld_points = {p: 0 for p in players}
    st.leader = players[(players.index(dealer) + 1) % len(players)]
    return st


# ====================================================================== auction (pinochle/7.2, 8.2)

@dataclass
class Auction:
    players: list[str]
    dealer: str
    opts: dict
    high: int = 0
    high_bidder: str | None = None
    passed: set = field(default_factory=set)
    to_speak: str | None = None
    over: bool = False

    def __post_init__(self):
        self.to_speak = self.players[(self.players.index(self.dealer) + 1) % len(self.players)]

    @property
    def rule(self) -> str:
        return "pinochle/7.2" if len(self.players) == 4 else "pinochle/8.2"

    def verify(self, player: str, amount: int | None) -> None:
        if self.over:
            raise IllegalAction(self.rule, "the auction is over")
        if player in self.passed:
            raise IllegalAction(self.rule, f"{player} has passed and may not bid again", pointer="player")
        if player != self.to_speak:
            raise IllegalAction(self.rule, f"it is {self.to_speak}'s turn to speak, not {player}'s", pointer="player")
        if amount is None:
            return
        low = max(self.opts["min_bid"], self.high + 10)
        if amount % 10 or amount < low:
            raise IllegalAction(self.rule, f"a bid must be a multiple of 10 and at least {low}", pointer="amount")

    def apply(self, player: str, amount: int | None) -> dict:
        self.verify(player, amount)
        if amount is None:
            self.passed.add(player)
        else:
            self.high, self.high_bidder = amount, player
        live = [p for p in self.players if p not in self.passed]
        if not live:
            # nobody bid: the deal is thrown in and dealt again (pinochle/7.2, 8.2)
            self.over = True
            self.to_speak = None
            return {"all_passed": True}
        if len(live) == 1 and self.high_bidder == live[0]:
            self.over = True
            self.to_speak = None
            return {"declarer": self.high_bidder, "bid": self.high}
        nxt = self.after(player)
        while nxt in self.passed:
            nxt = self.after(nxt)
        self.to_speak = nxt
        return {"bid": amount} if amount is not None else {"pass": player}

    def after(self, p):
        return self.players[(self.players.index(p) + 1) % len(self.players)]

    def legal(self, player) -> list[dict]:
        if self.over or player != self.to_speak:
            return []
        return [{"type": "bid", "player": player, "min": max(self.opts["min_bid"], self.high + 10), "step": 10},
                {"type": "pass", "player": player}]


# ====================================================================== scoring

def game_result_two(players, scores, totals, target, declared) -> tuple[bool, str | None, int, str]:
    """pinochle/6.3, 6.4: the winner, or a higher target when both pass it."""
    a, b = players
    if declared:
        p = declared["player"]
        winner = p if declared["right"] else (b if p == a else a)
        return True, winner, target, "pinochle/6.4"
    while all(totals[p] >= target for p in players):
        target += ESCALATION  # both past it: the game goes on to the next step
    over = [p for p in players if totals[p] >= target]
    if over:
        return True, over[0], target, "pinochle/6.3"
    return False, None, target, "pinochle/6.3"


def score_two(players, dealer, opts, scores, target, st: DealState, upcard: Card | None) -> dict:
    lines = {p: [] for p in players}
    meld_total = dict(st.meld_points)
    if upcard is not None and upcard == Card(dix_rank(opts), st.trump):
        meld_total[dealer] += 10
        lines[dealer].append({"item": f"dix {upcard} turned up: dealer scores 10", "points": 10, "rule": "pinochle/2.2"})
    for m in st.melds:
        lines[m["player"]].append({"item": f"{m['meld']} (class {m['class']})", "points": m["points"],
                                   "rule": "pinochle/4.7" if m["meld"] == "dix" else "pinochle/4.1"})
    a, b = players
    raw = {p: st.captured[p] for p in players}
    ra, rb = round_points(raw[a], raw[b], opts["rounding"], st.last_trick == a)
    card = {a: ra, b: rb}
    for p in players:
        last = " incl. the last trick 10" if st.last_trick == p else ""
        lines[p].append({"item": f"{raw[p]} card points{last}, rounded to {card[p]}", "points": card[p],
                         "rule": "pinochle/6.2"})
    totals = {p: scores[p] + meld_total[p] + card[p] for p in players}
    over, winner, new_target, rule = game_result_two(players, scores, totals, target, st.declared)
    out_players = [{"id": p, "meld_points": meld_total[p], "raw_card_points": raw[p], "card_points": card[p],
                    "tricks": st.won[p], "lines": lines[p], "hand_score": meld_total[p] + card[p],
                    "total_before": scores[p], "total_after": totals[p]} for p in players]
    return {"trump": st.trump, "players": out_players, "declared_out": st.declared, "target": new_target,
            "game_over": over, "winner": winner, "events": [{"rule": rule, "note": _result_note(over, winner,
                                                                                                  new_target, target)}]}


def _result_note(over, winner, new_target, target):
    if over:
        return f"{winner} wins"
    if new_target != target:
        return f"both passed {target}: the game goes on to {new_target}"
    return "the game goes on"


def meld_saved(side_pts: int, side_tricks: int, opts: dict) -> bool:
    return side_tricks > 0 if opts["meld_save"] == "one_trick" else side_pts >= 20


def score_partnership(players, opts, scores, target, declarer, bid, melds, captured, won, last) -> dict:
    sides = side_ids(players)
    members = {sides[0]: [players[0], players[2]], sides[1]: [players[1], players[3]]}
    bid_side = side_of(players, declarer)
    out_sides = []
    totals = {}
    for s in sides:
        meld = sum(melds[p]["points"] for p in members[s])
        raw = sum(captured[p] for p in members[s])
        tricks = sum(won[p] for p in members[s])
        pts = round_one(raw, opts["rounding"])
        lines = []
        saved = meld_saved(raw, tricks, opts)
        if not saved and meld:
            lines.append({"item": f"meld {meld} lost: the side took no trick" if opts["meld_save"] == "one_trick"
                          else f"meld {meld} lost: fewer than 20 card points", "points": 0, "rule": "pinochle/7.4"})
        counted = meld if saved else 0
        if s == bid_side:
            made = counted + pts >= bid
            hand = counted + pts if made else -bid
            lines.append({"item": f"bid {bid} {'made' if made else 'set'}: meld {counted} + card points {pts} "
                                  f"= {counted + pts}", "points": hand, "rule": "pinochle/7.5"})
        else:
            hand = counted + pts
            lines.append({"item": f"meld {counted} + card points {pts}", "points": hand, "rule": "pinochle/7.6"})
        totals[s] = scores[s] + hand
        out_sides.append({"id": s, "players": members[s], "meld_points": counted, "raw_card_points": raw,
                          "card_points": pts, "tricks": tricks, "lines": lines, "hand_score": hand,
                          "total_before": scores[s], "total_after": totals[s], "bidding_side": s == bid_side})
    winner = None
    if totals[bid_side] >= target:
        winner = bid_side
    else:
        other = sides[1 - sides.index(bid_side)]
        if totals[other] >= target:
            winner = other
    by_side = {o["id"]: o for o in out_sides}
    # per player (api.md): the player's own meld and card points, and the side's hand score and totals
    players_out = [{"id": p, "side": side_of(players, p), "meld": melds[p]["melds"], "meld_points": melds[p]["points"],
                    "card_points": captured[p], "tricks": won[p],
                    "hand_score": by_side[side_of(players, p)]["hand_score"],
                    "total_before": by_side[side_of(players, p)]["total_before"],
                    "total_after": by_side[side_of(players, p)]["total_after"]} for p in players]
    return {"contract": {"declarer": declarer, "side": bid_side, "bid": bid, "rule": "pinochle/7.5"},
            "players": players_out, "sides": out_sides, "game_over": winner is not None, "winner": winner,
            "events": [{"rule": "pinochle/7.7", "note": f"{winner} wins" if winner else "the game goes on"}]}


def score_three(players, opts, scores, target, declarer, bid, meld, captured, won, conceded, last) -> dict:
    out = []
    totals = {}
    raw = captured[declarer] if not conceded else 0
    pts = round_one(raw, opts["rounding"])
    made = None
    for p in players:
        lines = []
        if p == declarer:
            if conceded:
                hand = -bid
                lines.append({"item": f"bid {bid} conceded before the first lead: single bete", "points": hand,
                              "rule": "pinochle/8.4"})
            else:
                made = meld["points"] + pts >= bid
                hand = bid if made else -2 * bid
                lines.append({"item": f"bid {bid} {'made' if made else 'failed: double bete'} (meld {meld['points']} + "
                                      f"card points {pts} = {meld['points'] + pts})", "points": hand,
                              "rule": "pinochle/8.4"})
        else:
            hand = 0
            lines.append({"item": "opponents score nothing in the auction game", "points": 0, "rule": "pinochle/8.4"})
        totals[p] = scores[p] + hand
        out.append({"id": p, "role": "bidder" if p == declarer else "opponent",
                    "meld_points": meld["points"] if p == declarer and not conceded else 0,
                    "raw_card_points": captured[p] if not conceded else 0,
                    "card_points": (pts if p == declarer else round_one(captured[p], opts["rounding"])) if not conceded else 0,
                    "tricks": won[p], "lines": lines, "hand_score": hand, "total_before": scores[p],
                    "total_after": totals[p]})
    winner = declarer if totals[declarer] >= target else None
    return {"contract": {"declarer": declarer, "bid": bid, "conceded": conceded, "made": made, "meld": meld["melds"],
                         "rule": "pinochle/8.4"},
            "players": out, "game_over": winner is not None, "winner": winner,
            "events": [{"rule": "pinochle/6.3", "note": f"{winner} wins" if winner else "the game goes on"}]}


# ====================================================================== score endpoint

def score(req: dict, variant, opts: dict) -> dict:
    players = parse_players(req, variant)
    dealer = parse_player(req.get("dealer"), players, "/dealer")
    scores, target = parse_state(req, players, opts)
    deal = req.get("deal")
    if not isinstance(deal, dict):
        raise InputError("deal must be an object", "/deal")
    if len(players) == 2:
        res = _score_two_handed(deal, players, dealer, opts, scores, target)
    else:
        res = _score_auction(deal, players, dealer, opts, scores, target)
    res["_rules"] = {"pinochle/6.2", "pinochle/1.3"}
    res["state_after"] = state_after(res)
    return res


def state_after(res: dict) -> dict:
    """The ``state`` to send with the next deal: the new totals (per side in the partnership game) and, two-handed,
    the target as it stands after any rise (pinochle/6.3)."""
    rows = res.get("sides") or res["players"]
    out: dict = {"scores": {r["id"]: r["total_after"] for r in rows}}
    if "declared_out" in res:
        out["target"] = res["target"]
    return out


def _trick_list(deal, players, opts, n_tricks, allow_short=False):
    raw = deal.get("tricks")
    if not isinstance(raw, list):
        raise InputError("tricks must be a list", "/deal/tricks")
    if len(raw) != n_tricks and not (allow_short and len(raw) < n_tricks):
        raise InputError(f"a completed deal has {n_tricks} tricks, not {len(raw)}", "/deal/tricks")
    out = []
    for i, t in enumerate(raw):
        ptr = f"/deal/tricks/{i}"
        if not isinstance(t, dict):
            raise InputError("each trick is {\"leader\", \"cards\"}", ptr)
        leader = parse_player(t.get("leader"), players, ptr + "/leader")
        cards = cards_at(t.get("cards"), opts, ptr + "/cards")
        if len(cards) != len(players):
            raise InputError(f"a trick has {len(players)} cards, not {len(cards)}", ptr + "/cards")
        seq, p = [], leader
        for c in cards:
            seq.append((p, c))
            p = players[(players.index(p) + 1) % len(players)]
        out.append(seq)
    return out


def _replay(st: DealState, tricks):
    """Play the given tricks through the state (leaders and plays judged; draws are not part of it)."""
    for i, seq in enumerate(tricks):
        if st.n == 2 and i == stock_tricks(st.opts):
            # the play-off hands are exactly the cards each player plays in the last twelve tricks
            for p in st.players:
                st.hands[p] = [c for s in tricks[i:] for q, c in s if q == p]
                st.tables[p] = Table()
        for j, (p, c) in enumerate(seq):
            if j == 0 and p != st.to_play:
                rule = LEAD_RULE[st.n]
                raise InputError(f"trick {i} must be led by {st.to_play}, not {p} ({rule})", f"/deal/tricks/{i}/leader")
            try:
                st.apply_play(p, c)
            except IllegalAction as e:
                raise InputError(f"illegal play in a deal given for scoring: {e.message} ({e.rule}); use /validate to "
                                 "rule on a disputed deal", f"/deal/tricks/{i}/cards/{j}") from None
        st.to_draw = []  # a scored deal lists its tricks only; the draws are not replayed
        st.window = None


def _score_two_handed(deal, players, dealer, opts, scores, target):
    deck = deck_of(opts)
    upcard = None
    if deal.get("upcard") is not None:
        upcard = card_at(deal["upcard"], opts, "/deal/upcard")
    if deal.get("trump") is not None:
        trump = trump_at(deal["trump"], "/deal/trump")
        if upcard is not None and upcard.suit != trump:
            raise InputError(f"the upcard {upcard} makes {SUIT_NAMES[upcard.suit]} trump (pinochle/2.1)", "/deal/trump")
    elif upcard is not None:
        trump = upcard.suit
    else:
        raise InputError("give the trump (or the upcard that fixed it)", "/deal/trump")
    melds_raw = deal.get("melds")
    melds_raw = [] if melds_raw is None else melds_raw   # {} is the partnership shape, not "no melds"
    if not isinstance(melds_raw, list):
        raise InputError("two-handed melds are a list in the order declared", "/deal/melds")
    melds = []
    for i, m in enumerate(melds_raw):
        ptr = f"/deal/melds/{i}"
        if not isinstance(m, dict):
            raise InputError("each meld is {\"player\", \"cards\", \"exchange\"?}", ptr)
        extra = sorted(set(m) - {"player", "cards", "exchange"})
        if extra:
            raise InputError(f"a meld does not take {extra[0]!r}", f"{ptr}/{esc(extra[0])}")
        if "exchange" in m and not isinstance(m["exchange"], bool):
            raise InputError("exchange is true or false", ptr + "/exchange")
        p = parse_player(m.get("player"), players, ptr + "/player")
        cards = cards_at(m.get("cards"), opts, ptr + "/cards")
        melds.append((i, p, cards, bool(m.get("exchange"))))
    declared = deal.get("declared_out")
    st = new_state(players, dealer, opts, trump)
    st.upcard = upcard
    st.stock_left = 2 * stock_tricks(opts)
    if deal.get("tricks") is not None:
        if deal.get("points") is not None:
            raise InputError("give tricks or points, not both", "/deal/points")
        n_all = total_tricks(2, opts)
        tricks = _trick_list(deal, players, opts, n_all, allow_short=declared is not None)
        complete = len(tricks) == n_all
        check_conservation([(f"/deal/tricks/{i}/cards", [c for _, c in s]) for i, s in enumerate(tricks)], deck,
                           "pinochle/1.1", exact=complete)
        held = {p: Counter(c for s in tricks for q, c in s if q == p) for p in players} if complete else None
        _check_meld_cards(melds, held, players, opts, trump, upcard)
        # melds are attached to phase-1 tricks in order: each non-dix meld needs a trick won before it
        _replay(st, tricks)
        _sequential_melds(melds, players, opts, trump, st, tricks[:stock_tricks(opts)], held, upcard)
        if declared is not None:
            st.declared = _declared(declared, players, scores, st, target, len(tricks))
    else:
        pts, taken, last = _points_two(deal, players, opts, partial=declared is not None)
        st.captured = dict(pts)
        st.won = dict(taken)
        st.last_trick = last
        if last is not None:
            st.captured[last] += LAST_TRICK
        _check_meld_cards(melds, None, players, opts, trump, upcard)
        _sequential_melds(melds, players, opts, trump, st, None, None, upcard)
        if declared is not None:
            st.declared = _declared(declared, players, scores, st, target, None)
    return score_two(players, dealer, opts, scores, target, st, upcard)


def _points_two(deal, players, opts, partial=False):
    """Points form of a two-handed deal; ``partial``: play stopped at a declaration out (pinochle/6.4)."""
    pts, taken = deal.get("points"), deal.get("tricks_taken")
    if not isinstance(pts, dict):
        raise InputError("give the card points each player took in tricks", "/deal/points")
    if not isinstance(taken, dict):
        raise InputError("with points, give tricks_taken", "/deal/tricks_taken")
    for key, obj in (("points", pts), ("tricks_taken", taken)):
        for k in obj:
            if k not in players:
                raise InputError(f"{k!r} is not a player", f"/deal/{key}/{esc(k)}")
        for p in players:
            v = obj.get(p)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise InputError("a whole number, 0 or more, for every player", f"/deal/{key}/{esc(p)}")
    n = len(players)
    all_tricks = total_tricks(n, opts)
    if partial:
        if sum(taken.values()) >= all_tricks:
            raise InputError("after a declaration out give the tricks taken before play stopped", "/deal/tricks_taken")
        if deal.get("last_trick") is not None:
            raise InputError("play stopped at the declaration, so nobody took the last trick", "/deal/last_trick")
        for p in players:
            if taken[p] == 0 and pts[p]:
                raise InputError(f"{p} took no trick, so no card points", f"/deal/points/{esc(p)}")
        # the unplayed cards are still in the hands: check what was taken against the pack with room to spare
        rest = 2 * (all_tricks - sum(taken.values()))
        feasible_or_422([(2 * taken[p], pts[p]) for p in players] + [(rest, DEAL_TOTAL - sum(pts.values()))],
                        pool_of(opts), "/deal/points", ", ".join(f"{p}: {pts[p]} in {taken[p]}" for p in players))
        return pts, taken, None
    if sum(pts.values()) != DEAL_TOTAL:
        raise InputError(f"card points in tricks add up to {DEAL_TOTAL} (the last trick's 10 is added by "
                         f"last_trick), not {sum(pts.values())} (pinochle/1.3)", "/deal/points")
    if sum(taken.values()) != all_tricks:
        raise InputError(f"a deal has {all_tricks} tricks, not {sum(taken.values())}", "/deal/tricks_taken")
    for p in players:
        if taken[p] == 0 and pts[p]:
            raise InputError(f"{p} took no trick, so no card points", f"/deal/points/{esc(p)}")
    feasible_or_422([(2 * taken[p], pts[p]) for p in players], pool_of(opts), "/deal/points",
                    ", ".join(f"{p}: {pts[p]} in {taken[p]}" for p in players))
    if deal.get("last_trick") is None:
        raise InputError("give last_trick: who took the last trick (worth 10)", "/deal/last_trick")
    last = parse_player(deal.get("last_trick"), players, "/deal/last_trick")
    if taken[last] == 0:
        raise InputError(f"{last} took no trick, so not the last one", "/deal/last_trick")
    return pts, taken, last


def pool_of(opts: dict, minus=()) -> dict[int, int]:
    """Card values of the pack (value → number of cards), less the cards in ``minus``."""
    pool = Counter(points_of([c], opts) for c in deck_of(opts).cards())
    pool.subtract(points_of([c], opts) for c in minus)
    return +pool


def feasible_or_422(targets, pool, ptr, desc):
    if not points_feasible(targets, pool):
        raise InputError(f"no share of the pack's cards gives these card points for these numbers of tricks ({desc}) "
                         "(pinochle/1.3)", ptr)


def _check_meld_cards(melds, held, players, opts, trump, upcard):
    """A meld may use only cards the player could hold (pinochle/1.1); a dix exchange gives the upcard."""
    for i, p, cards, exchange in melds:
        cnt = Counter(cards)
        for c, k in cnt.items():
            if exchange and c.rank == dix_rank(opts):
                continue  # an exchanged dix ends in the stock, so maybe in the other player's tricks
            if k > 2 or (held is not None and held[p][c] < k):
                raise InputError(f"{p} never held {k} × {c} in this deal (their tricks show every card they had)",
                                 f"/deal/melds/{i}/cards")
        if exchange and held is not None and upcard is not None and held[p][upcard] == 0:
            raise InputError(f"{p} exchanged a dix for {upcard} but never played {upcard}", f"/deal/melds/{i}/exchange")


def _sequential_melds(melds, players, opts, trump, st: DealState, phase1, held, upcard):
    """Judge the declared melds in order (pinochle/4.2–4.9) and add their points to ``st``.

    ``held``: every card each player had in the deal (from complete tricks), which bounds the copies
    available off the table; None when unknown.
    """
    wins = {p: 0 for p in players}
    if phase1 is not None:
        for s in phase1:
            wins[trick_winner(s, trump)] += 1
    else:
        wins = dict(st.won)
    used = {p: 0 for p in players}
    held = {p: Counter(h) for p, h in held.items()} if held is not None else None
    dixes = 0
    for i, p, cards, exchange in melds:
        ptr = f"/deal/melds/{i}"
        meld = meld_kind(cards, trump, opts)
        if meld is None:
            raise InputError(f"{shown(cards)} is not a meld with {SUIT_NAMES[trump]} trump (pinochle/4.1)",
                             ptr + "/cards")
        if meld.name != "dix":
            used[p] += 1
            if used[p] > min(wins[p], stock_tricks(opts)):
                raise InputError(f"{p} declared more melds than tricks won while the stock lasted (pinochle/4.2)", ptr)
        if meld.name == "dix":
            dixes += 1
            if dixes > 2:
                raise InputError("both dixes have already been scored in this deal (pinochle/4.7)", ptr)
            if exchange and (upcard is None or upcard.rank == dix_rank(opts) or st.exchanged):
                raise InputError("the upcard cannot be exchanged here (pinochle/4.7)", ptr + "/exchange")
            if exchange and held is not None:
                # the dix left this player for the stock, and the upcard came in: both count as held
                held[p][cards[0]] += 1
        elif exchange:
            raise InputError("only a dix is exchanged for the upcard (pinochle/4.7)", ptr + "/exchange")
        free = None
        if held is not None:
            free = Counter(held[p])
            free.subtract(t.card for t in st.tables[p].cards)
        plan = st.tables[p].plan(cards, meld, free)
        if isinstance(plan, str):
            raise InputError(plan, ptr + "/cards")
        st.tables[p].add(cards, meld, plan)
        if meld.name == "dix" and exchange:
            # the dix goes under the stock as the new upcard; the old upcard joins the player's hand
            st.tables[p].cards.pop()
            upcard = cards[0]
            st.exchanged = True
        total_on_table = Counter(t.card for q in players for t in st.tables[q].cards)
        if upcard is not None:
            total_on_table[upcard] += 1
        for c, k in total_on_table.items():
            if k > 2:
                raise InputError(f"more than two {c} have been melded (pinochle/1.1)", ptr + "/cards")
        st.meld_points[p] += meld.points
        st.melds.append({"player": p, "meld": meld.name, "class": meld.cls, "points": meld.points})


def _declared(declared, players, scores, st, target, n_tricks):
    if not st.opts["declare_out"]:
        raise InputError("declaring out is not played in this form (pinochle/6.4)", "/deal/declared_out")
    if not isinstance(declared, dict):
        raise InputError("declared_out is {\"player\", \"points_at_claim\"}", "/deal/declared_out")
    p = parse_player(declared.get("player"), players, "/deal/declared_out/player")
    if n_tricks is None:
        pts = declared.get("points_at_claim")
        if isinstance(pts, bool) or not isinstance(pts, int):
            raise InputError("give points_at_claim: the card points the claimant had taken when claiming",
                             "/deal/declared_out/points_at_claim")
        if not 0 <= pts <= st.captured[p]:
            raise InputError(f"points_at_claim runs from 0 to the {st.captured[p]} points {p} took in the deal",
                             "/deal/declared_out/points_at_claim")
    else:
        pts = st.captured[p]
    total = scores[p] + st.meld_points[p] + pts
    return {"player": p, "total": total, "right": total >= target}


def _score_auction(deal, players, dealer, opts, scores, target):
    n = len(players)
    bid = deal.get("bid")
    if not isinstance(bid, dict):
        raise InputError("give the winning bid: {\"player\", \"amount\"}", "/deal/bid")
    declarer = parse_player(bid.get("player"), players, "/deal/bid/player")
    amount = bid.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < opts["min_bid"] or amount % 10:
        raise InputError(f"a bid is a multiple of 10 from {opts['min_bid']}", "/deal/bid/amount")
    trump = trump_at(deal.get("trump"), "/deal/trump")
    deck = deck_of(opts)
    melds = {}
    meld_raw = deal.get("melds")
    if n == 3 and meld_raw is not None:
        raise InputError("in the three-hand auction only the bidder melds: give his cards as deal.meld (a list), "
                         "not deal.melds", "/deal/melds")
    meld_raw = {} if meld_raw is None else meld_raw
    if not isinstance(meld_raw, dict):
        raise InputError("melds are an object of player to the cards he melded", "/deal/melds")
    shown = {}
    if n == 3:
        cards = cards_at(deal.get("meld") or [], opts, "/deal/meld")
        found = meld_in_hand(cards, trump, opts)
        melds = {p: {"melds": [], "points": 0} for p in players}
        melds[declarer] = {"melds": found, "points": sum(m["points"] for m in found)}
        if meld_raw:
            raise InputError("in the three-hand auction only the bidder melds: give deal.meld", "/deal/melds")
    else:
        if not isinstance(meld_raw, dict):
            raise InputError("melds maps each player to the cards shown", "/deal/melds")
        for k, v in meld_raw.items():
            if k not in players:
                raise InputError(f"{k!r} is not a player", f"/deal/melds/{esc(k)}")
            if not isinstance(v, list):
                raise InputError("the cards this player shows as meld (a list)", f"/deal/melds/{esc(k)}")
        shown = {p: cards_at(meld_raw.get(p, []), opts, f"/deal/melds/{esc(p)}") for p in players}
        check_conservation([(f"/deal/melds/{esc(p)}", shown[p]) for p in players], deck, "pinochle/1.1")
        for p in players:
            if len(shown[p]) > HAND_SIZE[4]:
                raise InputError("a hand holds 12 cards", f"/deal/melds/{esc(p)}")
            found = meld_in_hand(shown[p], trump, opts)
            melds[p] = {"melds": found, "points": sum(m["points"] for m in found)}
    conceded = bool(deal.get("conceded"))
    if conceded and n == 4:
        raise InputError("conceding belongs to the three-hand auction", "/deal/conceded")
    buried = []
    if n == 3 and not conceded and deal.get("buried") is None:
        raise InputError("give the 3 cards the bidder buried (deal.buried): they count to him, so the card points "
                         "cannot be checked without them", "/deal/buried")
    if n == 3 and deal.get("buried") is not None:
        buried = cards_at(deal["buried"], opts, "/deal/buried")
        if len(buried) != 3:
            raise InputError("the bidder buries 3 cards", "/deal/buried")
    captured = {p: 0 for p in players}
    won = {p: 0 for p in players}
    last = None
    if conceded:
        for k in ("tricks", "points"):
            if deal.get(k) is not None:
                raise InputError("a conceded deal is not played", f"/deal/{k}")
    elif deal.get("tricks") is not None:
        tricks = _trick_list(deal, players, opts, total_tricks(n, opts))
        groups = [(f"/deal/tricks/{i}/cards", [c for _, c in s]) for i, s in enumerate(tricks)]
        groups.append(("/deal/buried", buried))
        check_conservation(groups, deck, "pinochle/1.1", exact=opts["deck"] == 48 and (n == 4 or len(buried) == 3))
        hands = {p: [c for s in tricks for q, c in s if q == p] for p in players}
        shown_cards = {p: (shown[p] if n == 4 else (cards if p == declarer else [])) for p in players}
        for p in players:
            have = Counter(hands[p]) + (Counter(buried) if n == 3 and p == declarer else Counter())
            missing = Counter(shown_cards[p]) - have
            if missing:
                ptr = f"/deal/melds/{esc(p)}" if n == 4 else "/deal/meld"
                raise InputError(f"{p} shows {next(iter(missing))} as meld but never held it (the tricks show every "
                                 "card played) (pinochle/1.1)", ptr)
        st = new_state(players, dealer, opts, trump, hands)
        st.leader = declarer if n == 3 else st.leader
        _replay(st, tricks)
        captured, won, last = st.captured, st.won, st.last_trick
        if n == 3:
            captured[declarer] += points_of(buried, opts)
    else:
        pts = deal.get("points")
        taken = deal.get("tricks_taken")
        if not isinstance(pts, dict) or not isinstance(taken, dict):
            raise InputError("give tricks, or points and tricks_taken per player", "/deal/points")
        extra = points_of(buried, opts) if n == 3 else 0
        for key, obj in (("points", pts), ("tricks_taken", taken)):
            for p in players:
                v = obj.get(p)
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise InputError("a whole number, 0 or more, for every player", f"/deal/{key}/{esc(p)}")
            for k in obj:
                if k not in players:
                    raise InputError(f"{k!r} is not a player", f"/deal/{key}/{esc(k)}")
        if sum(pts.values()) + extra != DEAL_TOTAL:
            raise InputError(f"card points in tricks{' and the buried cards' if extra else ''} add up to {DEAL_TOTAL}, "
                             f"not {sum(pts.values()) + extra} (pinochle/1.3)", "/deal/points")
        if sum(taken.values()) != total_tricks(n, opts):
            raise InputError(f"a deal has {total_tricks(n, opts)} tricks", "/deal/tricks_taken")
        last = parse_player(deal.get("last_trick"), players, "/deal/last_trick")
        if taken[last] == 0:
            raise InputError(f"{last} took no trick, so not the last one", "/deal/last_trick")
        if n == 3:
            feasible_or_422([(3 * taken[p], pts[p]) for p in players], pool_of(opts, buried), "/deal/points",
                            ", ".join(f"{p}: {pts[p]} in {taken[p]}" for p in players))
        else:
            sides = [[players[0], players[2]], [players[1], players[3]]]
            feasible_or_422([(4 * sum(taken[p] for p in sd), sum(pts[p] for p in sd)) for sd in sides], pool_of(opts),
                            "/deal/points", ", ".join(f"{'+'.join(sd)}: {sum(pts[p] for p in sd)} in "
                                                      f"{sum(taken[p] for p in sd)}" for sd in sides))
        captured = {p: pts[p] + (LAST_TRICK if p == last else 0) + (extra if p == declarer else 0) for p in players}
        won = dict(taken)
    if n == 4:
        return score_partnership(players, opts, scores, target, declarer, amount, melds, captured, won, last)
    return score_three(players, opts, scores, target, declarer, amount, melds[declarer], captured, won, conceded,
                       last)


# ====================================================================== check endpoint

def check(req: dict, variant, opts: dict) -> dict:
    players = parse_players(req, variant)
    dealer = parse_player(req.get("dealer"), players, "/dealer")
    pos = req.get("position")
    action = req.get("action")
    if not isinstance(pos, dict) or not isinstance(action, dict):
        raise InputError("give a position and an action", "/position")
    actor = parse_player(action.get("player"), players, "/action/player")
    t = action.get("type")
    phase = pos.get("phase")
    base = {"penalties": [], "effects": {}}
    if t == "count_meld":
        hand = cards_at(pos.get("hand"), opts, "/position/hand")
        trump = trump_at(pos.get("trump"), "/position/trump")
        most = {2: 12, 3: 18, 4: 12}[len(players)]
        if len(hand) > most:
            raise InputError(f"no hand in this form holds more than {most} cards", "/position/hand")
        check_conservation([("/position/hand", hand)], deck_of(opts), "pinochle/1.1")
        found = meld_in_hand(hand, trump, opts)
        return {**base, "legal": True, "violations": [], "legal_actions": [],
                "effects": {"melds": found, "total": sum(m["points"] for m in found)},
                "_rules": {"pinochle/4.1", "pinochle/4.9", "pinochle/4.10"}}
    if phase == "bidding":
        if pos.get("bids") is None and t in ("bid", "pass"):
            raise InputError("give the earlier calls of the auction (position.bids; [] when nobody has spoken)",
                             "/position/bids")
        auc = Auction(players, dealer, opts)
        for i, b in enumerate(pos.get("bids") or []):
            ptr = f"/position/bids/{i}"
            p = parse_player(b.get("player"), players, ptr + "/player")
            if b.get("type") == "bid" and b.get("amount") is None:
                raise InputError("a bid names its amount", ptr + "/amount")
            try:
                auc.apply(p, b.get("amount") if b.get("type") == "bid" else None)
            except IllegalAction as e:
                raise InputError(f"the earlier calls are not a legal auction: {e.message} ({e.rule})", ptr) from None
        if len(players) == 2:
            raise InputError("two-handed pinochle has no auction", "/position/phase")
        legal_before = auc.legal(actor)
        try:
            amount = action.get("amount") if t == "bid" else None
            if t not in ("bid", "pass"):
                raise InputError("in the bidding phase the action is bid or pass", "/action/type")
            if t == "bid" and amount is None:
                raise InputError("a bid names its amount", "/action/amount")
            eff = auc.apply(actor, amount)
            return {**base, "legal": True, "violations": [], "legal_actions": legal_before, "effects": eff,
                    "_rules": {auc.rule}}
        except IllegalAction as e:
            return _illegal(base, e, legal_before, t if t == "bid" else None)
    if t in ("play", "meld", "dix") and pos.get("hand") is None:
        raise InputError(f"give the hand of {actor} (position.hand): a {t} cannot be judged without it",
                         "/position/hand")
    clash = fields_out_of_phase(pos, phase, PINOCHLE_FOREIGN)
    if clash:
        raise InputError(clash)
    st, hand = _play_position(pos, players, dealer, opts, actor)
    if t == "play":
        card = card_at(action.get("card"), opts, "/action/card")
        legal_before = [{"type": "play", "player": actor, "card": str(c)}
                        for c in legal_cards(st.holding(actor) or [], st.trick, st.trump, st.strict,
                                             opts["must_head"], actor)] if st.to_play == actor else []
        try:
            eff = st.apply_play(actor, card)
            return {**base, "legal": True, "violations": [], "legal_actions": legal_before, "effects": eff,
                    "_rules": {"pinochle/5.2" if st.strict else "pinochle/3.1"}}
        except IllegalAction as e:
            return _illegal(base, e, legal_before, "play")
    if t in ("meld", "dix"):
        cards = (cards_at(action.get("cards"), opts, "/action/cards") if t == "meld"
                 else [Card(dix_rank(opts), st.trump)])
        try:
            eff = st.apply_meld(actor, cards, bool(action.get("exchange")))
            return {**base, "legal": True, "violations": [], "legal_actions": [], "effects": eff,
                    "_rules": {"pinochle/4.1", "pinochle/4.2", "pinochle/4.3", "pinochle/4.4"}}
        except IllegalAction as e:
            return _illegal(base, e, [], t)
    if t == "draw":
        card = card_at(action.get("card"), opts, "/action/card") if action.get("card") else None
        if card is not None and hand is not None:
            have = (st.holding(actor) or []).count(card) + (1 if st.upcard == card and st.stock_left > 1 else 0)
            if have >= 2:
                raise InputError(f"{actor} already holds both {card}; a third cannot be drawn (pinochle/1.1)",
                                 "/action/card")
        try:
            eff = st.apply_draw(actor, card)
            return {**base, "legal": True, "violations": [], "legal_actions": [], "effects": eff,
                    "_rules": {"pinochle/3.3", "pinochle/3.4"}}
        except IllegalAction as e:
            return _illegal(base, e, [], "draw")
    raise InputError("action type must be play, meld, dix, draw, bid, pass or count_meld", "/action/type")


PINOCHLE_FOREIGN = {"play": ("bids", "winner", "winner_drew", "drawn", "melded_this_trick"),
                    "meld": ("bids", "trick", "winner", "winner_drew"),
                    "draw": ("bids", "trick", "drawn", "melded_this_trick")}

ACTION_FIELD = {"play": "card", "meld": "cards", "dix": "exchange", "draw": "card", "bid": "amount"}


def _illegal(base, e: IllegalAction, legal_before, atype=None):
    field = e.pointer or ACTION_FIELD.get(atype)
    if atype == "dix" and field == "cards":
        field = None  # a dix action names no cards
    field_ptr = f"/action/{field}" if field else "/action"
    return {**base, "legal": False, "violations": [e.as_violation(field_ptr)], "legal_actions": legal_before,
            "_rules": {e.rule}}


def _play_position(pos, players, dealer, opts, actor):
    """A play/meld/draw position: trump, hand, table melds, current trick, tricks done (stock derived).

    Everything a position says must fit together: the hand's size for the point of the deal, at most two
    copies of any card among hand, melds, cards played from them and the trick (pinochle/1.1, 2.1).
    """
    n = len(players)
    phase = pos.get("phase")
    trump = trump_at(pos.get("trump"), "/position/trump")
    hand = cards_at(pos.get("hand") or [], opts, "/position/hand") if pos.get("hand") is not None else None
    st = new_state(players, dealer, opts, trump, {actor: hand} if hand is not None else None)
    if "tricks_done" not in pos:   # the obligations, the stock and the leader all turn on it
        raise InputError("give the tricks completed so far (position.tricks_done; 0 before the first)",
                         "/position/tricks_done")
    done = pos.get("tricks_done")
    last = total_tricks(n, opts) - 1
    if isinstance(done, bool) or not isinstance(done, int) or not 0 <= done <= last:
        raise InputError(f"tricks_done runs from 0 to {last}", "/position/tricks_done")
    st.tricks_done = done
    k = stock_tricks(opts)
    if phase in ("meld", "draw"):
        if n != 2:
            raise InputError("melding after a trick and drawing belong to two-handed pinochle", "/position/phase")
        if not 1 <= done <= k:
            raise InputError(f"a {phase} follows a trick won while the stock lasts: tricks_done from 1 to {k}",
                             "/position/tricks_done")
    played_from_table: list[Card] = []
    if n == 2:
        # the stock, counting the upcard, before this trick's draws
        before_draws = 2 * k - 2 * (done - 1) if phase in ("meld", "draw") else max(0, 2 * k - 2 * done)
        expect_stock = before_draws
        if phase == "draw" and pos.get("winner_drew"):
            expect_stock -= 1
        if phase == "meld" and pos.get("drawn"):
            expect_stock -= 2
        if pos.get("stock_left") is not None and pos["stock_left"] != expect_stock:
            raise InputError(f"after {done} tricks the stock holds {expect_stock} cards here (with the upcard)",
                             "/position/stock_left")
        st.stock_left = expect_stock
        if pos.get("upcard") is not None:
            st.upcard = card_at(pos["upcard"], opts, "/position/upcard")
            if st.upcard.suit != trump:
                raise InputError(f"the upcard fixes trump, so it is a {SUIT_NAMES[trump][:-1]} (pinochle/2.1)",
                                 "/position/upcard")
            if pos.get("exchanged") and st.upcard.rank != dix_rank(opts):
                raise InputError("after an exchange the upcard is the dix (pinochle/4.7)", "/position/upcard")
            if done >= k and phase not in ("meld", "draw"):
                raise InputError("the upcard was taken with the last stock card (pinochle/3.4)", "/position/upcard")
        earlier = pos.get("melds") or []
        if earlier and done == 0:
            raise InputError("a meld follows a won trick; none has been played (pinochle/4.2)", "/position/melds")
        for i, m in enumerate(earlier):
            ptr = f"/position/melds/{i}"
            cards = cards_at(m.get("cards"), opts, ptr + "/cards")
            meld = meld_kind(cards, trump, opts)
            if meld is None:
                raise InputError("not a meld", ptr + "/cards")
            plan = st.tables[actor].plan(cards, meld, None)
            if isinstance(plan, str):
                raise InputError(f"earlier melds are not legal: {plan}", ptr)
            st.tables[actor].add(cards, meld, plan)
        if sum(1 for m in earlier if len(m.get("cards") or []) > 1) > done:
            raise InputError(f"one meld per won trick: {done} trick(s) cannot have brought these melds (pinochle/4.2)",
                             "/position/melds")
        played_from_table = cards_at(pos.get("played_from_table") or [], opts, "/position/played_from_table")
        for i, c in enumerate(played_from_table):
            if not st.tables[actor].remove(c):
                raise InputError(f"{c} is not among the melded cards", f"/position/played_from_table/{i}")
        if done >= k and phase not in ("meld", "draw"):
            st.start_playoff()
    st.exchanged = bool(pos.get("exchanged"))
    trick = pos.get("trick") or {}
    played = cards_at(trick.get("cards") or [], opts, "/position/trick/cards")
    if len(played) >= n:
        raise InputError("the current trick is already complete", "/position/trick/cards")
    if phase == "meld":
        before = opts["meld_timing"] == "before_draw"
        st.window = actor if bool(pos.get("drawn")) != before else None
        st.meld_timing_fault = None if st.window else (
            "the trick's winner melds before drawing" if before else "the trick's winner melds after both have drawn")
        st.melded_this_trick = bool(pos.get("melded_this_trick"))
        st.leader = actor
        if not pos.get("drawn"):
            st.to_draw = [actor, st.after(actor)]
    elif phase == "draw":
        winner = parse_player(pos.get("winner"), players, "/position/winner")
        st.leader = winner
        st.to_draw = [winner, st.after(winner)] if not pos.get("winner_drew") else [st.after(winner)]
    else:
        leader = trick.get("leader")
        if leader is None:
            if done or played or n == 3:
                raise InputError("give the leader of the current trick (the winner of the last one; in the "
                                 "three-hand game the bidder leads first)", "/position/trick/leader")
            leader = st.leader          # the first trick: the player after the dealer leads (pinochle/2.3)
        leader = parse_player(leader, players, "/position/trick/leader")
        st.leader = leader
        p = leader
        for c in played:
            st.trick.append((p, c))
            p = st.after(p)
    if hand is not None:
        have = len(st.holding(actor))
        if n == 2:
            if phase == "meld":
                expect = 12 if pos.get("drawn") else 11
            elif phase == "draw":
                expect = 11 if actor in st.to_draw else 12
            else:
                expect = 12 if done < k else 12 - (done - k)
        else:
            expect = HAND_SIZE[n] - done
        if phase in (None, "play") and actor in [q for q, _ in st.trick]:
            expect -= 1
        if have != expect:
            raise InputError(f"at this point {actor} holds {expect} cards (hand and melded cards), not {have}",
                             "/position/hand")
        groups = [("/position/hand", hand), ("/position/trick/cards", played),
                  ("/position/melds", [t.card for t in st.tables[actor].cards]),
                  ("/position/played_from_table", played_from_table)]
        if st.upcard is not None:
            groups.append(("/position/upcard", [st.upcard]))
        try:
            check_conservation(groups, deck_of(opts), "pinochle/1.1")
        except InputError as e:
            for err in e.errors:  # the upcard is a single card, not a list
                err["pointer"] = err["pointer"].replace("/position/upcard/0", "/position/upcard")
            raise
    return st, hand


# ====================================================================== validate endpoint

EVENTS = ("deal", "bid", "pass", "trump", "widow", "bury", "concede", "play", "meld", "dix", "draw", "declare_out")


def validate(req: dict, variant, opts: dict) -> dict:
    players = parse_players(req, variant)
    scores, target = parse_state(req, players, opts)
    log = req.get("log")
    if not isinstance(log, list) or not log:
        raise InputError("log must be a non-empty list of events", "/log")
    violations, first, final = [], None, None
    rules: set[str] = set()
    n = len(players)
    st = auc = None
    skipping = False
    checked = 0
    meta: dict = {}

    def violate(i, ev, rule, msg, ptr):
        nonlocal first, skipping
        v = {"index": i, "event": ev, "rule": rule, "message": msg, "pointer": ptr}
        violations.append(v)
        rules.add(rule)
        skipping = True
        if first is None:
            first = dict(v)

    for i, ev in enumerate(log):
        ptr = f"/log/{i}"
        if not isinstance(ev, dict) or ev.get("type") not in EVENTS:
            raise InputError(f"each event is an object whose type is one of {', '.join(EVENTS)}", ptr + "/type")
        t = ev["type"]
        if t == "deal":
            if st is not None and not st.done and not skipping:
                violate(i, t, "pinochle/2.3", "a new deal began before the previous one was finished", ptr)
            skipping = False
            checked += 1
            if final is not None and final.get("game_over"):
                violate(i, t, "pinochle/6.3", "the game was already over", ptr)
                continue
            prev = meta.get("dealer") if meta else None
            st, auc, meta = _start(ev, players, opts, ptr, violate, i)
            if prev is not None and not meta.get("void_prev"):
                expected = players[(players.index(prev) + 1) % n]
                if meta["dealer"] != expected:
                    violate(i, t, "pinochle/2.1" if n == 2 else LEAD_RULE[n],
                            f"the deal passes to the left: {expected} deals, not {meta['dealer']}", ptr + "/dealer")
            continue
        if st is None and auc is None:
            raise InputError("the log must start with a deal event", ptr)
        if skipping:
            continue
        checked += 1
        actor = parse_player(ev.get("player"), players, ptr + "/player")
        if st is not None and st.done:
            violate(i, t, "pinochle/2.3", "the deal is over: the next event is a new deal", ptr)
            continue
        try:
            if t == "bid" and ev.get("amount") is None:
                raise InputError("a bid names its amount", ptr + "/amount")
            if t in ("bid", "pass"):
                if auc is None:
                    raise IllegalAction("pinochle/2.1", "two-handed pinochle has no auction")
                res = auc.apply(actor, ev.get("amount") if t == "bid" else None)
                if auc.over:
                    meta["declarer"], meta["bid"] = auc.high_bidder, auc.high
                    if res.get("all_passed"):
                        st.done = True  # thrown in: nothing to score
                        meta["void"] = True
            elif t == "trump":
                if auc is None or not auc.over or actor != meta.get("declarer"):
                    raise IllegalAction("pinochle/7.3", "only the high bidder names trump, after the auction")
                st.trump = trump_at(ev.get("suit"), ptr + "/suit")
            elif t in ("widow", "bury", "concede"):
                _auction_step(t, ev, actor, st, meta, opts, ptr)
            elif t == "play":
                card = card_at(ev.get("card"), opts, ptr + "/card")
                if auc is not None and (not auc.over or st.trump is None):
                    raise IllegalAction("pinochle/7.3", "play starts once the auction is over and trump is named")
                if n == 3 and st.tricks_done == 0 and not st.trick and not meta.get("buried"):
                    raise IllegalAction("pinochle/8.3", "the bidder takes the widow and buries 3 cards before play")
                st.apply_play(actor, card)
            elif t in ("meld", "dix"):
                cards = cards_at(ev.get("cards"), opts, ptr + "/cards") if t == "meld" else [Card(dix_rank(opts), st.trump)]
                st.apply_meld(actor, cards, bool(ev.get("exchange")))
            elif t == "draw":
                card = card_at(ev.get("card"), opts, ptr + "/card")
                if st.apply_draw(actor, card)["upcard"]:
                    continue  # the upcard was already counted at the deal
                meta["seen"].append((f"{ptr}/card", [card]))
                try:
                    check_conservation(meta["seen"], deck_of(opts))
                except InputError as e:
                    raise IllegalAction("pinochle/1.1", e.errors[0]["detail"], pointer="card") from None
            elif t == "declare_out":
                st.apply_declare(actor, scores[actor] if n == 2 else 0, target)
        except IllegalAction as e:
            field = e.pointer or {"play": "card", "meld": "cards", "draw": "card", "bid": "amount",
                                  "bury": "cards", "trump": "suit"}.get(t)
            violate(i, t, e.rule, e.message, f"{ptr}/{field}" if field else ptr)
            continue
        if st is not None and st.done and not meta.get("void"):
            res = _finish(players, meta, opts, scores, target, st)
            final = res
            scores = {k: v["total_after"] for k, v in
                      ((x["id"], x) for x in (res.get("sides") or res["players"]))}
            target = res.get("target", target)
            rules.add("pinochle/6.1")
    if st is not None and not st.done and not skipping:
        violate(len(log) - 1, log[-1].get("type"), "pinochle/2.3", "the log ends in the middle of a deal",
                f"/log/{len(log) - 1}")
    return {"valid": not violations, "events_checked": checked, "first_violation": first, "violations": violations,
            "final": final, "_rules": rules}


def _start(ev, players, opts, ptr, violate, i):
    n = len(players)
    dealer = parse_player(ev.get("dealer"), players, ptr + "/dealer")
    hands_raw = ev.get("hands")
    if not isinstance(hands_raw, dict) or set(hands_raw) != set(players):
        raise InputError("a deal event gives every player's hand", ptr + "/hands")
    hands = {p: cards_at(hands_raw[p], opts, f"{ptr}/hands/{esc(p)}") for p in players}
    seen = [(f"{ptr}/hands/{esc(p)}", hands[p]) for p in players]
    meta = {"dealer": dealer, "seen": seen, "hands0": {p: list(hands[p]) for p in players}}
    for p in players:
        if len(hands[p]) != HAND_SIZE[n]:
            violate(i, "deal", "pinochle/2.1" if n == 2 else "pinochle/7.1" if n == 4 else "pinochle/8.1",
                    f"{p} was dealt {len(hands[p])} cards, not {HAND_SIZE[n]}", f"{ptr}/hands/{esc(p)}")
    trump = None
    upcard = None
    if n == 2:
        upcard = card_at(ev.get("upcard"), opts, ptr + "/upcard")
        seen.append((ptr + "/upcard", [upcard]))
        trump = upcard.suit
        meta["upcard"] = upcard
    if n == 3:
        meta["widow"] = cards_at(ev.get("widow") or [], opts, ptr + "/widow")
        if len(meta["widow"]) != 3:
            violate(i, "deal", "pinochle/8.1", "the widow holds 3 cards", ptr + "/widow")
        seen.append((ptr + "/widow", meta["widow"]))
    try:
        check_conservation(seen, deck_of(opts))
    except InputError as e:
        for err in e.errors:
            violate(i, "deal", "pinochle/1.1", err["detail"], err["pointer"])
    st = new_state(players, dealer, opts, trump, hands)
    auc = None
    if n == 2:
        st.upcard = upcard
        st.stock_left = 2 * stock_tricks(opts)
    else:
        auc = Auction(players, dealer, opts)
    return st, auc, meta


def _auction_step(t, ev, actor, st: DealState, meta, opts, ptr):
    if len(st.players) != 3:
        raise IllegalAction("pinochle/8.3", "the widow belongs to the three-hand auction")
    if actor != meta.get("declarer"):
        raise IllegalAction("pinochle/8.3", "only the bidder", pointer="player")
    if t == "widow":
        if meta.get("took"):
            raise IllegalAction("pinochle/8.3", "the widow was already taken")
        st.hands[actor] += meta["widow"]
        meta["took"] = True
    elif t == "bury":
        cards = cards_at(ev.get("cards"), opts, ptr + "/cards")
        if not meta.get("took") or meta.get("buried"):
            raise IllegalAction("pinochle/8.3", "the bidder buries once, after taking the widow")
        if len(cards) != 3:
            raise IllegalAction("pinochle/8.3", "the bidder buries exactly 3 cards", pointer="cards")
        for c in cards:
            if c not in st.hands[actor]:
                raise IllegalAction("pinochle/8.3", f"{actor} does not hold {c}", pointer="cards")
            st.hands[actor].remove(c)
        meta["buried"] = cards
        meta["kept"] = list(st.hands[actor])
        st.leader = actor
    elif t == "concede":
        if st.tricks_done or st.trick:
            raise IllegalAction("pinochle/8.4", "a bid is conceded before the first lead")
        meta["conceded"] = True
        st.done = True


def _finish(players, meta, opts, scores, target, st: DealState) -> dict:
    n = len(players)
    if n == 2:
        res = score_two(players, meta["dealer"], opts, scores, target, st, meta.get("upcard"))
        return res
    if n == 4:
        melds = {}
        for p in players:
            found = meld_in_hand(meta["hands0"][p], st.trump, opts)
            melds[p] = {"melds": found, "points": sum(m["points"] for m in found)}
        return score_partnership(players, opts, scores, target, meta["declarer"], meta["bid"], melds, st.captured,
                                 st.won, st.last_trick)
    cap = dict(st.captured)
    if meta.get("buried"):
        cap[meta["declarer"]] += points_of(meta["buried"], opts)
    found = meld_in_hand(meta.get("kept", []), st.trump, opts) if st.trump else []
    meld = {"melds": found, "points": sum(m["points"] for m in found)}
    return score_three(players, opts, scores, target, meta["declarer"], meta["bid"], meld, cap, st.won,
                       bool(meta.get("conceded")), st.last_trick)
