"""Thousand: scoring a finished deal and carrying the game forward.

:func:`settle` takes the outcome of one deal (:class:`DealOutcome`) and the game before it
(:class:`GameState`) and returns the score answer: per player the lines (each citing its rule)
that add up exactly to ``total_after - total_before``, the deal score, the counters after the
deal, and whether the game is over.

Order of settlement for each player (documented in thousand/12–16):
1. the deal score (declarer: ±contract, doubled for blind/golden; defenders: rounded points;
   sitter: talon score; concession scores);
2. the barrel or lock (14.x): freeze, clamp to the threshold, count barrel deals, fall off;
3. irregularity penalties (4.1, 5.x);
4. bolts (13.x) and the third-concession penalty (9.3);
5. barrel collisions (14.5), reset after repeated falls (14.6), the 555 dump (16.1);
6. the end of the game (15.x).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..cards import Card
from ..i18n import N_, _, ngettext
from .cards import card_points, round_to
from .deal import Layout, barrel_least_contract
from .melds import MARRIAGE_VALUE, marriage_name
from .options import Options, OptionsLike


@dataclass
class GameState:
    """The game before (or after) a deal: totals and the counters the rules keep."""

    scores: dict[str, int]
    barrel: dict[str, dict]  # player -> {"deals": n, "falls": n}
    bolts: dict[str, int]
    concessions: dict[str, int]
    golden: dict = field(default_factory=lambda: {"played": 0, "made": False, "over": False})
    concession_run: dict[str, int] = field(default_factory=dict)  # concessions in a row, 0-2 (thousand/9.3)

    @classmethod
    def fresh(cls, players) -> GameState:
        return cls(dict.fromkeys(players, 0), {p: {"deals": 0, "falls": 0} for p in players},
                   dict.fromkeys(players, 0), dict.fromkeys(players, 0), concession_run=dict.fromkeys(players, 0))

    @classmethod
    def from_dict(cls, d: dict) -> GameState:
        return cls(d["scores"], d["barrel"], d["bolts"], d["concessions"], d["golden"], d["concession_run"])

    def as_dict(self) -> dict:
        return {"scores": dict(self.scores), "barrel": {p: dict(v) for p, v in self.barrel.items()},
                "bolts": dict(self.bolts), "concessions": dict(self.concessions), "golden": dict(self.golden),
                "concession_run": dict(self.concession_run)}


@dataclass
class DealOutcome:
    """What happened in one deal, in card points (not yet rounded or scored).

    ``void``: nothing was played (a thrown-in or misdealt deal); only penalties apply.
    ``marriages``: ``[{"player", "suit", "points"}]`` announced in the deal.
    ``talon``: the talon's cards, needed for the sitter's score with four players.
    ``irregularities``: ``[{"type", "player", "pointer"}]``.
    """

    declarer: str | None
    contract: int | None
    card_points: dict[str, int] = field(default_factory=dict)
    tricks: dict[str, int] = field(default_factory=dict)
    marriages: list[dict] = field(default_factory=list)
    conceded: bool = False
    blind: bool = False
    golden: bool = False
    talon: list[Card] | None = None
    irregularities: list[dict] = field(default_factory=list)
    void: bool = False
    redeal: dict | None = None


IRREGULARITY_RULES = {
    "exposed_card": ("thousand/5.1", N_("card exposed during the deal")),
    "nine_cut": ("thousand/4.1", N_("a nine cut to the bottom for the third time")),
    "talon_peek": ("thousand/5.2", N_("looked at the talon before the auction ended")),
}
# the declarer's line (thousand/12.1), by (made, rounded before the check, doubled): the sum, then what it scores,
# last, so that the line ends with its points and they are read once (never a bracketed sum and the points after it)
DECLARER_LINES = {
    (True, False, False): N_("contract {contract} made: {cards} card points + {marriages} marriage points = {total}, "
                             "scores {points}"),
    (True, True, False): N_("contract {contract} made: {cards} card points + {marriages} marriage points = {total}, "
                            "rounded to {rounded}, scores {points}"),
    (True, False, True): N_("contract {contract} made: {cards} card points + {marriages} marriage points = {total}; "
                            "doubled ×{mult}, scores {points}"),
    (True, True, True): N_("contract {contract} made: {cards} card points + {marriages} marriage points = {total}, "
                           "rounded to {rounded}; doubled ×{mult}, scores {points}"),
    (False, False, False): N_("contract {contract} failed: {cards} card points + {marriages} marriage points = "
                              "{total}, scores {points}"),
    (False, True, False): N_("contract {contract} failed: {cards} card points + {marriages} marriage points = "
                             "{total}, rounded to {rounded}, scores {points}"),
    (False, False, True): N_("contract {contract} failed: {cards} card points + {marriages} marriage points = "
                             "{total}; doubled ×{mult}, scores {points}"),
    (False, True, True): N_("contract {contract} failed: {cards} card points + {marriages} marriage points = "
                            "{total}, rounded to {rounded}; doubled ×{mult}, scores {points}"),
}


def sitter_score(talon: list[Card], opts: OptionsLike) -> tuple[int, str]:
    """Score of the dealer sitting out (thousand/3.6) and its line item; ``sitter_scoring`` is not ``none``.

    A 3-card talon holds at most one king-queen pair.
    """
    opts = Options.of(opts)
    mode = opts.sitter_scoring
    marriage = next((s for s in ("H", "D", "C", "S") if Card("K", s) in talon and Card("Q", s) in talon), None)
    if mode in ("aces_40_marriage", "aces_50_marriage"):
        each = 40 if mode == "aces_40_marriage" else 50
        aces = sum(1 for c in talon if c.rank == "A")
        if marriage is None:
            return each * aces, ngettext("sitting out: {n} ace in the talon × {each}",
                                         "sitting out: {n} aces in the talon × {each}", aces, each=each)
        value = MARRIAGE_VALUE[marriage]
        return each * aces + value, ngettext(
            "sitting out: {n} ace in the talon × {each} + {marriage} {value}",
            "sitting out: {n} aces in the talon × {each} + {marriage} {value}", aces, each=each,
            marriage=marriage_name(marriage), value=value)
    pts = card_points(talon)
    if mode == "talon_points":
        return pts, _("sitting out: talon card points {points}", points=pts)
    r = round_to(pts, opts.round_step, opts.round_half)
    if r == pts:                                    # nothing to round: the rounding is not said
        return r, _("sitting out: talon card points {points}", points=pts)
    return r, _("sitting out: talon card points {points}, rounded to {rounded}", points=pts, rounded=r)


@dataclass
class _Ledger:
    """The working record of one settlement (:func:`settle`): what each phase reads and writes.

    Points are game points.  ``hand``: each player's deal score (phase 1); ``after``: the running totals, from the
    totals before the deal; ``lines``: each player's line items, whose points always add up to
    ``after[p] - before.scores[p]``; ``used``: the rule IDs that decided something; ``events`` and ``penalties`` as
    in the answer.  ``mounted``: who climbed onto the barrel in this deal; ``finished``: who reached the target.
    """

    layout: Layout
    opts: Options
    before: GameState
    out: DealOutcome
    lines: dict[str, list[dict]]
    after: dict[str, int]
    barrel: dict[str, dict]
    bolts: dict[str, int]
    concessions: dict[str, int]
    run: dict[str, int]
    golden: dict
    on_before: dict[str, bool]
    hand: dict[str, int]
    marriage_pts: dict[str, int]
    used: set[str] = field(default_factory=set)
    events: list[dict] = field(default_factory=list)
    penalties: list[dict] = field(default_factory=list)
    mounted: list[str] = field(default_factory=list)
    finished: list[str] = field(default_factory=list)
    made: bool | None = None        # the contract made (None: conceded or void)
    mult: int = 1                   # the declarer's multiplier (blind, golden)
    others: int = 1                 # the defenders' and the sitter's (golden, when every result is doubled)

    @classmethod
    def start(cls, layout: Layout, opts: Options, before: GameState, out: DealOutcome) -> _Ledger:
        players = layout.players
        on_before = {p: opts.barrel == "barrel" and before.scores[p] == opts.barrel_threshold for p in players}
        return cls(layout, opts, before, out, lines={p: [] for p in players}, after=dict(before.scores),
                   barrel={p: dict(before.barrel[p]) for p in players}, bolts=dict(before.bolts),
                   concessions=dict(before.concessions), run=dict(before.concession_run), golden=dict(before.golden),
                   on_before=on_before, hand=dict.fromkeys(players, 0), marriage_pts=dict.fromkeys(players, 0))

    @property
    def declarer(self) -> str:
        """The declarer of a deal that was bid (not void)."""
        d = self.out.declarer
        assert d is not None, "a deal that was bid has a declarer"
        return d

    @property
    def contract(self) -> int:
        """The contract (game points) of a deal that was bid (not void)."""
        c = self.out.contract
        assert c is not None, "a deal that was bid has a contract"
        return c

    def line(self, p: str, item: str, points: int, rule: str) -> None:
        """Add a line item (``points`` game points, cited to ``rule``) to player ``p``'s account."""
        self.lines[p].append({"item": item, "points": points, "rule": rule})
        self.used.add(rule)

    def event(self, rule: str, p: str, note: str) -> None:
        self.events.append({"rule": rule, "player": p, "note": note})

    def penalty(self, rule: str, p: str, points: int, note: str) -> None:
        self.penalties.append({"rule": rule, "player": p, "points": points, "note": note})

    # ------------------------------------------------------------ 1. the deal score
    def marriages(self) -> None:
        """thousand/10.3: each announced marriage's points go to its owner (``marriage_pts``, game points), unless
        ``marriage_needs_trick_to_score`` and the owner won no trick (then an event says it is void)."""
        out = self.out
        for m in out.marriages:
            if self.opts.marriage_needs_trick_to_score and out.tricks.get(m["player"], 0) == 0:
                self.event("thousand/10.3", m["player"],
                           _("{marriage} is void: its owner won no trick", marriage=marriage_name(m["suit"])))
                self.used.add("thousand/10.3")
                continue
            self.marriage_pts[m["player"]] += m["points"]

    def multipliers(self) -> None:
        """thousand/17.1, 18.1: a blind and a golden deal each double the declarer's score (``mult``); a golden deal
        doubles the others' too (``others``) when ``golden_doubling`` is ``all``."""
        if self.out.blind:
            self.mult *= 2
            self.used.add("thousand/17.1")
        if self.out.golden:
            self.mult *= 2
            self.others = 2 if self.opts.golden_doubling == "all" else 1
            self.used.add("thousand/18.1")

    def concession(self, defenders: list[str]) -> None:
        """thousand/9.1, 9.2: a concession without play; the declarer loses ``rospis_declarer`` and each defender
        scores ``rospis_opponents`` (60, or half the contract rounded up to 5)."""
        opts, d, c = self.opts, self.declarer, self.contract
        lose = {"nothing": 0, "minus_contract": c, "minus_120": 120}[opts.rospis_declarer]
        self.hand[d] = -lose
        self.line(d, _("concession of {contract}: declarer loses {points}", contract=c, points=lose), -lose,
                  "thousand/9.2")
        gain = 60 if opts.rospis_opponents == "sixty_each" else round_to(Fraction(c, 2), 5, "up")
        for p in defenders:
            self.hand[p] = gain
            self.line(p, _("concession of {contract}: opponent scores {points}", contract=c, points=gain), gain,
                      "thousand/9.2")
        self.event("thousand/9.1", d, _("conceded {contract} without play", contract=c))
        self.used.add("thousand/9.1")

    def declarer_score(self) -> None:
        """thousand/12.1, 12.2: the declarer's card points plus marriages (rounded first under ``round_declarer``)
        against the contract: made scores the contract (or the rounded points under ``actual_rounded``), failed
        loses it; times ``mult``."""
        opts, out, d, contract = self.opts, self.out, self.declarer, self.contract
        total = out.card_points[d] + self.marriage_pts[d]
        check_total = total
        if opts.round_declarer:
            check_total = round_to(total, opts.round_step, opts.round_half)
            self.used.add("thousand/12.2")
        made = self.made = check_total >= contract
        if made:
            base = contract
            if opts.declarer_score == "actual_rounded":
                base = max(contract, round_to(total, opts.round_step, opts.round_half))
            self.hand[d] = base * self.mult
        else:
            self.hand[d] = -contract * self.mult
        rounded = bool(opts.round_declarer) and check_total != total    # said only where it changes the sum
        item = _(DECLARER_LINES[(made, rounded, self.mult > 1)], contract=contract, cards=out.card_points[d],
                 marriages=self.marriage_pts[d], total=total, rounded=check_total, mult=self.mult,
                 points=self.hand[d])
        self.line(d, item, self.hand[d], "thousand/12.1")
        self.used.add("thousand/1.3")

    def defender_score(self, p: str) -> None:
        """thousand/12.3: a defender scores card points plus marriages rounded to ``round_step``, times ``others``."""
        opts, out, others = self.opts, self.out, self.others
        cards, marriages = out.card_points[p], self.marriage_pts[p]
        raw = cards + marriages
        r = round_to(raw, opts.round_step, opts.round_half)
        self.hand[p] = r * others
        if r == raw:                    # nothing to round: the rounding is not said
            item = (_("{cards} card points + {marriages} marriage points = {total}, doubled ×{mult}",
                      cards=cards, marriages=marriages, total=raw, mult=others)
                    if others > 1 else
                    _("{cards} card points + {marriages} marriage points = {total}",
                      cards=cards, marriages=marriages, total=raw))
        elif others > 1:
            item = _("{cards} card points + {marriages} marriage points = {total}, rounded to {rounded}, "
                     "doubled ×{mult}", cards=cards, marriages=marriages, total=raw, rounded=r, mult=others)
        else:
            item = _("{cards} card points + {marriages} marriage points = {total}, rounded to {rounded}",
                     cards=cards, marriages=marriages, total=raw, rounded=r)
        self.line(p, item, self.hand[p], "thousand/12.3")

    def sitter(self) -> None:
        """thousand/3.6: the dealer sitting out (four players) scores the talon under ``sitter_scoring``, times
        ``others`` unless the deal was conceded."""
        sitter = self.layout.sitter
        if sitter is None or self.opts.sitter_scoring == "none":
            return
        pts, txt = sitter_score(self.out.talon or [], self.opts)
        if self.others > 1 and not self.out.conceded:
            pts, txt = pts * self.others, _("{item}, doubled ×{mult}", item=txt, mult=self.others)
        self.hand[sitter] = pts
        self.line(sitter, txt, pts, "thousand/3.6")

    def deal_score(self) -> None:
        """Phase 1: ``hand`` for every player (nothing for a void deal)."""
        self.marriages()
        if self.out.void:
            return
        self.multipliers()
        defenders = [p for p in self.layout.active if p != self.out.declarer]
        if self.out.conceded:
            self.concession(defenders)
        else:
            self.declarer_score()
            for p in defenders:
                self.defender_score(p)
        self.sitter()

    # ------------------------------------------------------------ 2. the barrel or the lock
    def on_barrel(self, p: str) -> None:
        """thousand/14.1–14.4: a player who sat on the barrel before the deal: a made contract reaching the target
        finishes, one short keeps the total at the threshold; a defender may finish under ``barrel_defender_finish``;
        a failed declarer falls off under ``barrel_declarer_fail=fall``; otherwise the deal's points are not
        recorded and the deal counts as an attempt (``barrel_attempt``)."""
        opts, out, T, target = self.opts, self.out, self.opts.barrel_threshold, self.opts.target
        s0, h = self.before.scores[p], self.hand[p]
        is_decl = p == out.declarer and not out.void
        if is_decl and not out.conceded and self.made:
            if s0 + h >= target:
                self.after[p] = s0 + h
                self.finished.append(p)
                return
            self.line(p, _("{total} does not reach {target}: stays on the barrel", total=s0 + h, target=target),
                      T - (s0 + h), "thousand/14.1")
            self.after[p] = T
        elif (not is_decl and p in self.layout.active and opts.barrel_defender_finish and not out.void
              and not out.conceded and s0 + h >= target):
            self.after[p] = s0 + h       # a defender on the barrel finishing with the points of the deal (14.3)
            self.finished.append(p)
            self.used.add("thousand/14.3")
            return
        elif is_decl and h < 0 and opts.barrel_declarer_fail == "fall":
            self.after[p] = s0 + h
            self.barrel[p]["falls"] += 1
            self.event("thousand/14.4", p, _("failed on the barrel and falls off"))
            self.used.add("thousand/14.4")
            return
        else:
            if h:
                rule = "thousand/14.4" if is_decl else "thousand/14.3"   # a declarer here has failed
                why = (_("failed contract on the barrel: not written off") if rule == "thousand/14.4"
                       else _("on the barrel: points not recorded"))
                self.line(p, why, -h, rule)
            self.after[p] = T
        self.barrel_attempt(p)

    def barrel_attempt(self, p: str) -> None:
        """thousand/14.2: a deal played on the barrel counts (every deal, or the player's own contracts under
        ``barrel_attempts``); after ``barrel_deals`` of them the player falls off, losing ``barrel_penalty``."""
        opts = self.opts
        if self.out.void or p == self.layout.sitter:
            return    # a deal sat out is no attempt on the barrel (thousand/14.2)
        if opts.barrel_attempts == "all_deals" or p == self.out.declarer:
            self.barrel[p]["deals"] += 1
        if self.barrel[p]["deals"] >= opts.barrel_deals:
            pen = opts.barrel_penalty
            self.after[p] = opts.barrel_threshold - pen
            self.barrel[p] = {"deals": 0, "falls": self.barrel[p]["falls"] + 1}     # with no penalty: a fresh start
            self.line(p, ngettext("{n} deal on the barrel without finishing",
                                  "{n} deals on the barrel without finishing", opts.barrel_deals), -pen,
                      "thousand/14.2")
            self.event("thousand/14.2", p, _("falls off the barrel"))

    def off_barrel(self, p: str) -> None:
        """thousand/14.1, 14.7, 15.1: a player not on the barrel: under the lock, at the threshold or above only a
        won contract scores; otherwise the deal's score is added, and a total reaching the target finishes (under
        the barrel only with ``barrel_jump``) while one reaching the threshold is held there (climbs onto it)."""
        opts, T, target = self.opts, self.opts.barrel_threshold, self.opts.target
        mode = opts.barrel
        s0, h = self.before.scores[p], self.hand[p]
        if mode == "lock" and s0 >= T and p != self.out.declarer and h:
            self.line(p, _("at {threshold} or more only a won contract scores", threshold=T), -h, "thousand/14.7")
            self.after[p] = s0
            return
        new = s0 + h
        self.after[p] = new
        if mode == "barrel":
            if new >= target and opts.barrel_jump:
                self.finished.append(p)
            elif new >= T:
                self.line(p, _("{total} is held at {threshold}: on the barrel", total=new, threshold=T), T - new,
                          "thousand/14.1")
                self.after[p] = T
                self.mounted.append(p)
                self.event("thousand/14.1", p, _("climbs onto the barrel"))
        elif new >= target:
            self.finished.append(p)

    def barrel_or_lock(self) -> None:
        """Phase 2: ``after`` = total before + deal score, as the barrel or the lock lets it stand."""
        for p in self.layout.players:
            if self.opts.barrel == "barrel" and self.on_before[p]:
                self.on_barrel(p)
            else:
                self.off_barrel(p)

    # ------------------------------------------------------------ 3. irregularities
    def irregularities(self) -> None:
        """Phase 3 (thousand/4.1, 5.1, 5.2): each irregularity costs its player ``misdeal_penalty``."""
        for irr in self.out.irregularities:
            rule, what = IRREGULARITY_RULES[irr["type"]]
            what = _(what)
            pen = self.opts.misdeal_penalty
            p = irr["player"]
            self.after[p] -= pen
            self.line(p, what, -pen, rule)
            self.penalty(rule, p, -pen, what)

    # ------------------------------------------------------------ 4. concessions and bolts
    def concession_count(self) -> None:
        """thousand/9.3: a concession counts against the declarer; every third (in total, or in a row under
        ``rospis_third_count=consecutive``) costs ``rospis_third_penalty``.  A contract played out breaks the run."""
        opts, out = self.opts, self.out
        if not out.conceded:
            if not out.void:
                self.run[self.declarer] = 0      # a contract played out breaks the declarer's run of concessions
            return
        d = self.declarer
        self.concessions[d] += 1
        self.run[d] += 1
        extra = opts.rospis_third_penalty
        if opts.rospis_third_count == "consecutive":
            if self.run[d] == 3:
                self.run[d] = 0
                if extra:
                    self.after[d] -= extra
                    self.line(d, _("third concession in a row costs {points}", points=extra), -extra, "thousand/9.3")
                    self.penalty("thousand/9.3", d, -extra, _("third concession in a row"))
        elif extra and self.concessions[d] % 3 == 0:
            self.after[d] -= extra
            self.line(d, _("concession number {n}: every third costs {points}", n=self.concessions[d], points=extra),
                      -extra, "thousand/9.3")
            self.penalty("thousand/9.3", d, -extra, _("third concession"))

    def is_bolt(self, p: str) -> bool:
        """thousand/13.1, 13.3: whether player ``p`` (active, not exempt as on the barrel) has a bolt in this deal:
        no trick, or a zero deal score (``bolt_definition``); never in a conceded deal or the declarer's own deal
        under ``bolt_declarer_exempt``."""
        opts, out = self.opts, self.out
        if out.conceded or (p == out.declarer and opts.bolt_declarer_exempt):
            return False  # no play, or the declarer's own deal (thousand/13.3)
        if opts.bolt_definition == "no_tricks":
            return out.tricks[p] == 0
        return self.hand[p] == 0

    def bolt_count(self) -> None:
        """thousand/13.1–13.3: bolts are counted (in total, or in a row under ``bolt_count=consecutive``); the third
        costs 120, or wipes a positive total to 0 (``bolt_penalty``), and the count starts again."""
        opts = self.opts
        if opts.bolt_count == "off" or self.out.void:
            return
        for p in self.layout.active:
            if self.on_before[p] and opts.bolt_barrel_exempt:
                continue  # barrel deals neither count nor break a run (thousand/13.3)
            if not self.is_bolt(p):
                if opts.bolt_count == "consecutive":
                    self.bolts[p] = 0
                continue
            self.bolts[p] += 1
            self.used.add("thousand/13.1")
            self.event("thousand/13.1", p, _("bolt number {n}", n=self.bolts[p]))
            if self.bolts[p] >= 3:
                self.bolts[p] = 0
                if opts.bolt_penalty == "reset_to_zero":
                    pen = max(self.after[p], 0)  # the total drops to 0; a negative total stays as it is
                    self.line(p, _("third bolt: the total is wiped to 0"), -pen, "thousand/13.2")
                    self.after[p] -= pen
                else:
                    pen = 120
                    self.after[p] -= pen
                    self.line(p, _("third bolt"), -pen, "thousand/13.2")
                self.penalty("thousand/13.2", p, -pen, _("third bolt"))

    # ------------------------------------------------------------ 5. collisions, resets, the 555 dump
    def knock(self, p: str, why: str) -> None:
        """thousand/14.5: player ``p`` is knocked off the barrel (``barrel_penalty`` lost, a fall counted)."""
        pen = self.opts.barrel_penalty
        self.after[p] -= pen
        self.barrel[p] = {"deals": 0, "falls": self.barrel[p]["falls"] + 1}
        self.line(p, why, -pen, "thousand/14.5")
        self.event("thousand/14.5", p, why)

    def collisions(self) -> None:
        """thousand/14.5: one seat on the barrel (two with four players under ``two_fall_together``, who then fall
        together); under ``knock_off`` (or two_fall_together, seats full) a newcomer knocks the sitter(s) off, and
        newcomers beyond the seats fall too."""
        opts, T, players, before = self.opts, self.opts.barrel_threshold, self.layout.players, self.before
        if opts.barrel != "barrel":
            return
        collision = opts.barrel_collision
        # two may sit on the barrel only with four players, under two_fall_together; one otherwise (thousand/14.5)
        seats = 2 if collision == "two_fall_together" and self.layout.sitter is not None else 1
        if seats == 2:
            # the two on the barrel fall together: when one falls, the other falls with them
            fallen = [p for p in players if self.on_before[p] and self.barrel[p]["falls"] > before.barrel[p]["falls"]]
            partners = [p for p in players if self.on_before[p] and p not in fallen and p not in self.finished
                        and self.after[p] == T]
            if fallen:
                for p in partners:
                    self.knock(p, _("{player} falls off the barrel, and {partner} falls together", player=fallen[0],
                                    partner=p))
        mounted = self.mounted
        if collision in ("knock_off", "two_fall_together") and mounted:
            already = [p for p in players if self.on_before[p] and self.after[p] == T and p not in mounted]
            crowded = len(already) + len(mounted) > seats
            victims = (already + (mounted if len(mounted) > seats else [])) if crowded else []
            for p in victims:
                self.knock(p, _("two players reach the barrel together: both fall") if len(mounted) > seats
                           else _("{newcomer} reaches the barrel and knocks {player} off", newcomer=mounted[0],
                                  player=p))

    def reset_after_falls(self) -> None:
        """thousand/14.6: falling off the barrel ``barrel_reset_after_falls`` times resets the total to 0."""
        n_reset = self.opts.barrel_reset_after_falls
        if not n_reset:
            return
        for p in self.layout.players:
            if self.barrel[p]["falls"] >= n_reset:
                self.line(p, ngettext("fell off the barrel {n} time: total reset to 0",
                                      "fell off the barrel {n} times: total reset to 0", self.barrel[p]["falls"]),
                          -self.after[p], "thousand/14.6")
                self.after[p] = 0
                self.barrel[p]["falls"] = 0

    def golden_round(self) -> None:
        """thousand/18.1: one golden deal per player; if nobody made 120 in the round, totals may be reset
        (``golden_fail_resets``)."""
        if not self.out.golden:
            return
        golden, players = self.golden, self.layout.players
        golden["played"] += 1
        golden["made"] = golden["made"] or bool(self.made)
        if golden["played"] == len(players):     # one golden deal per player, the sitter's included
            if not golden["made"] and self.opts.golden_fail_resets:
                for p in players:
                    if self.after[p]:
                        self.line(p, _("nobody made the golden round: every total is reset to 0"), -self.after[p],
                                  "thousand/18.1")
                        self.after[p] = 0
            self.golden = {"played": 0, "made": False, "over": True}

    def dump_555(self) -> None:
        """thousand/16.1: a total of exactly 555 (and -555 under ``dump_555=both``) becomes 0."""
        mode = self.opts.dump_555
        if mode == "off":
            return
        for p in self.layout.players:
            total = self.after[p]
            if total == 555 or (mode == "both" and total == -555):
                self.line(p, _("dump truck: exactly {total} becomes 0", total=total), -total, "thousand/16.1")
                self.event("thousand/16.1", p, _("{total} reset to 0", total=total))
                self.after[p] = 0

    def collisions_and_resets(self) -> None:
        """Phase 5: barrel collisions, resets after falls, the golden round, the 555 dump; barrel deals are cleared
        for everyone not on the barrel after the deal."""
        self.mounted = [p for p in self.mounted if self.after[p] == self.opts.barrel_threshold]  # a penalty may
        self.collisions()                                                  # have taken a player back below it
        self.reset_after_falls()
        self.golden_round()
        self.dump_555()
        for p in self.layout.players:
            if not self.on_barrel_after(p):
                self.barrel[p]["deals"] = 0

    def on_barrel_after(self, p: str) -> bool:
        return self.opts.barrel == "barrel" and self.after[p] == self.opts.barrel_threshold

    # ------------------------------------------------------------ 6. the end of the game
    def winner(self) -> str | None:
        """Phase 6 (thousand/15.1, 15.2): who won, if anyone reached the target; a finishing total is recorded as the
        target under ``finish_cap``; of two finishing in one deal the declarer wins (``double_finish``), or the
        higher total (on equal totals the declarer, then the first to speak after the dealer)."""
        opts, target, after, d = self.opts, self.opts.target, self.after, self.out.declarer
        finished = [p for p in self.finished if after[p] >= target]
        if not finished:
            return None
        self.used.add("thousand/15.1")
        if opts.finish_cap:
            for p in finished:
                if after[p] > target:
                    self.line(p, _("a finishing total is recorded as {target}", target=target), target - after[p],
                              "thousand/15.1")
                    after[p] = target
        if len(finished) == 1:
            return finished[0]
        self.used.add("thousand/15.2")
        if opts.double_finish == "declarer" and d in finished:
            return d
        seat = {p: i for i, p in enumerate([*self.layout.active, self.layout.sitter])}
        return max(finished, key=lambda p: (after[p], p == d, -seat[p]))

    def player_entry(self, p: str) -> dict:
        """Player ``p``'s part of the answer; its lines add up to the change of the total."""
        out, layout = self.out, self.layout
        lst = self.lines[p]
        entry = {
            "id": p,
            "role": ("none" if out.void else "declarer" if p == out.declarer else
                     "sitter" if p == layout.sitter else "defender"),
            "card_points": out.card_points.get(p, 0) if p in layout.active else 0,
            "tricks": out.tricks.get(p, 0) if p in layout.active else 0,
            "marriage_points": self.marriage_pts[p],
            "lines": lst,
            "hand_score": self.hand[p],
            "total_before": self.before.scores[p],
            "total_after": self.after[p],
            "barrel": self.barrel_entry(p),
            "bolts": self.bolts[p],
            "concessions": self.concessions[p],
        }
        assert sum(x["points"] for x in lst) == self.after[p] - self.before.scores[p], (p, lst)
        return entry

    def barrel_entry(self, p: str) -> dict:
        """A player's barrel after the deal: on it or not, the deals and falls counted, and while on it the lowest
        contract that finishes the game from it (``least_contract``, thousand/7.8) where the barrel sets one."""
        on = self.on_barrel_after(p)
        entry = {"on": on, "deals": self.barrel[p]["deals"], "falls": self.barrel[p]["falls"]}
        least = barrel_least_contract(self.opts) if on else None
        if least is not None:
            entry["least_contract"] = least
        return entry

    def answer(self, winner: str | None) -> dict:
        """The score answer (see the module doc), with the rule IDs used under ``_used``."""
        out, players = self.out, self.layout.players
        answer_players = [self.player_entry(p) for p in players]
        for e in self.events:
            self.used.add(e["rule"])
        contract_info = None
        if not out.void:
            contract_info = {"declarer": out.declarer, "contract": out.contract, "conceded": out.conceded,
                             "made": self.made, "blind": out.blind, "golden": out.golden,
                             "rule": "thousand/9.2" if out.conceded else "thousand/12.1"}
        new_state = GameState(self.after, self.barrel, self.bolts, self.concessions, self.golden, self.run)
        answer: dict[str, Any] = {
            "contract": contract_info, "players": answer_players, "events": self.events,
            "penalties": self.penalties, "game_over": winner is not None, "winner": winner,
            "state_after": new_state.as_dict()}
        if winner is not None and self.opts.stake is not None:
            answer["settlement"] = settlement(players, winner, self.opts.stake)
            self.used.add("thousand/20.1")
        answer["_used"] = self.used
        return answer


def settle(layout: Layout, opts: OptionsLike, before: GameState, out: DealOutcome) -> dict:
    """Score one deal and carry the game forward.  Returns the score answer (see module doc), in the documented
    order of phases (thousand/12–16), each a method of :class:`_Ledger`."""
    ledger = _Ledger.start(layout, Options.of(opts), before, out)
    ledger.deal_score()                 # 1. (3.6, 9.2, 10.3, 12.x, 17.1, 18.1)
    ledger.barrel_or_lock()             # 2. (14.1–14.4, 14.7)
    ledger.irregularities()             # 3. (4.1, 5.x)
    ledger.concession_count()           # 4. (9.3)
    ledger.bolt_count()                 #    (13.x)
    ledger.collisions_and_resets()      # 5. (14.5, 14.6, 18.1, 16.1)
    winner = ledger.winner()            # 6. (15.x)
    return ledger.answer(winner)


def settlement(players: list[str], winner: str, stake: int) -> dict:
    """Thousand for money (thousand/20.1): every player puts ``stake`` (money units) in the bank and the winner takes
    all of it.  ``net`` is each player's gain (the winner's bank less own stake) or loss (the stake)."""
    bank = stake * len(players)
    return {"stake": stake, "bank": bank, "net": {p: bank - stake if p == winner else -stake for p in players},
            "rule": "thousand/20.1"}
