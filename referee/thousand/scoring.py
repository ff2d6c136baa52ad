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

from ..cards import Card
from ..i18n import N_, _, ngettext
from .cards import card_points, round_to
from .deal import Layout
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
# the declarer's line (thousand/12.1), by (made, rounded before the check, doubled)
DECLARER_LINES = {
    (True, False, False): N_("contract {contract} made ({cards} card points + {marriages} marriage points = {total})"),
    (True, True, False): N_("contract {contract} made ({cards} card points + {marriages} marriage points = {total}, "
                            "rounded to {rounded})"),
    (True, False, True): N_("contract {contract} made ({cards} card points + {marriages} marriage points = {total}), "
                            "doubled ×{mult}"),
    (True, True, True): N_("contract {contract} made ({cards} card points + {marriages} marriage points = {total}, "
                           "rounded to {rounded}), doubled ×{mult}"),
    (False, False, False): N_("contract {contract} failed ({cards} card points + {marriages} marriage points = "
                              "{total})"),
    (False, True, False): N_("contract {contract} failed ({cards} card points + {marriages} marriage points = "
                             "{total}, rounded to {rounded})"),
    (False, False, True): N_("contract {contract} failed ({cards} card points + {marriages} marriage points = "
                             "{total}), doubled ×{mult}"),
    (False, True, True): N_("contract {contract} failed ({cards} card points + {marriages} marriage points = "
                            "{total}, rounded to {rounded}), doubled ×{mult}"),
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


def settle(layout: Layout, opts: OptionsLike, before: GameState, out: DealOutcome) -> dict:
    """Score one deal and carry the game forward.  Returns the score answer (see module doc)."""
    opts = Options.of(opts)
    players = layout.players
    lines: dict[str, list[dict]] = {p: [] for p in players}
    used: set[str] = set()
    events: list[dict] = []
    penalties: list[dict] = []

    def line(p, item, points, rule):
        lines[p].append({"item": item, "points": points, "rule": rule})
        used.add(rule)

    T, target = opts.barrel_threshold, opts.target
    mode = opts.barrel
    on_before = {p: mode == "barrel" and before.scores[p] == T for p in players}
    d = out.declarer
    hand: dict[str, int] = dict.fromkeys(players, 0)
    marriage_pts = dict.fromkeys(players, 0)
    made = None
    mult = 1        # the declarer's multiplier (blind, golden)
    others = 1      # the defenders' and the sitter's (golden, when every result is doubled)
    # ---------------------------------------------------------------- 1. deal score
    for m in out.marriages:
        if opts.marriage_needs_trick_to_score and out.tricks.get(m["player"], 0) == 0:
            events.append({"rule": "thousand/10.3", "player": m["player"],
                           "note": _("{marriage} is void: its owner won no trick",
                                     marriage=marriage_name(m["suit"]))})
            used.add("thousand/10.3")
            continue
        marriage_pts[m["player"]] += m["points"]
    if not out.void:
        if out.blind:
            mult *= 2
            used.add("thousand/17.1")
        if out.golden:
            mult *= 2
            others = 2 if opts.golden_doubling == "all" else 1
            used.add("thousand/18.1")
        defenders = [p for p in layout.active if p != d]
        if out.conceded:
            c = out.contract
            lose = {"nothing": 0, "minus_contract": c, "minus_120": 120}[opts.rospis_declarer]
            hand[d] = -lose
            line(d, _("concession of {contract}: declarer loses {points}", contract=c, points=lose), -lose,
                 "thousand/9.2")
            gain = 60 if opts.rospis_opponents == "sixty_each" else round_to(Fraction(c, 2), 5, "up")
            for p in defenders:
                hand[p] = gain
                line(p, _("concession of {contract}: opponent scores {points}", contract=c, points=gain), gain,
                     "thousand/9.2")
            events.append({"rule": "thousand/9.1", "player": d,
                           "note": _("conceded {contract} without play", contract=c)})
            used.add("thousand/9.1")
        else:
            total = out.card_points[d] + marriage_pts[d]
            check_total = total
            if opts.round_declarer:
                check_total = round_to(total, opts.round_step, opts.round_half)
                used.add("thousand/12.2")
            made = check_total >= out.contract
            if made:
                base = out.contract
                if opts.declarer_score == "actual_rounded":
                    base = max(out.contract, round_to(total, opts.round_step, opts.round_half))
                hand[d] = base * mult
            else:
                hand[d] = -out.contract * mult
            rounded = bool(opts.round_declarer) and check_total != total    # said only where it changes the sum
            item = _(DECLARER_LINES[(made, rounded, mult > 1)], contract=out.contract,
                     cards=out.card_points[d], marriages=marriage_pts[d], total=total, rounded=check_total, mult=mult)
            line(d, item, hand[d], "thousand/12.1")
            used.add("thousand/1.3")
            for p in defenders:
                raw = out.card_points[p] + marriage_pts[p]
                r = round_to(raw, opts.round_step, opts.round_half)
                hand[p] = r * others
                if r == raw:                    # nothing to round: the rounding is not said
                    item = (_("{cards} card points + {marriages} marriage points = {total}, doubled ×{mult}",
                              cards=out.card_points[p], marriages=marriage_pts[p], total=raw, mult=others)
                            if others > 1 else
                            _("{cards} card points + {marriages} marriage points = {total}",
                              cards=out.card_points[p], marriages=marriage_pts[p], total=raw))
                elif others > 1:
                    item = _("{cards} card points + {marriages} marriage points = {total}, rounded to {rounded}, "
                             "doubled ×{mult}", cards=out.card_points[p], marriages=marriage_pts[p], total=raw,
                             rounded=r, mult=others)
                else:
                    item = _("{cards} card points + {marriages} marriage points = {total}, rounded to {rounded}",
                             cards=out.card_points[p], marriages=marriage_pts[p], total=raw, rounded=r)
                line(p, item, hand[p], "thousand/12.3")
        if layout.sitter is not None and opts.sitter_scoring != "none":
            pts, txt = sitter_score(out.talon or [], opts)
            if others > 1 and not out.conceded:
                pts, txt = pts * others, _("{item}, doubled ×{mult}", item=txt, mult=others)
            hand[layout.sitter] = pts
            line(layout.sitter, txt, pts, "thousand/3.6")
    # ---------------------------------------------------------------- 2. barrel / lock
    after = dict(before.scores)
    barrel = {p: dict(before.barrel[p]) for p in players}
    mounted: list[str] = []
    finished: list[str] = []
    for p in players:
        s0, h = before.scores[p], hand[p]
        if mode == "barrel" and on_before[p]:
            is_decl = p == d and not out.void
            if is_decl and not out.conceded and made:
                if s0 + h >= target:
                    after[p] = s0 + h
                    finished.append(p)
                    continue
                line(p, _("{total} does not reach {target}: stays on the barrel", total=s0 + h, target=target),
                     T - (s0 + h), "thousand/14.1")
                after[p] = T
            elif (not is_decl and p in layout.active and opts.barrel_defender_finish and not out.void
                  and not out.conceded and s0 + h >= target):
                after[p] = s0 + h       # a defender on the barrel finishing with the points of the deal (14.3)
                finished.append(p)
                used.add("thousand/14.3")
                continue
            elif is_decl and h < 0 and opts.barrel_declarer_fail == "fall":
                after[p] = s0 + h
                barrel[p]["falls"] += 1
                events.append({"rule": "thousand/14.4", "player": p, "note": _("failed on the barrel and falls off")})
                used.add("thousand/14.4")
                continue
            else:
                if h:
                    rule = "thousand/14.4" if is_decl else "thousand/14.3"   # a declarer here has failed
                    why = (_("failed contract: stays on the barrel") if rule == "thousand/14.4"
                           else _("on the barrel: points not recorded"))
                    line(p, why, -h, rule)
                after[p] = T
            if out.void or p == layout.sitter:
                continue    # a deal sat out is no attempt on the barrel (thousand/14.2)
            if opts.barrel_attempts == "all_deals" or p == d:
                barrel[p]["deals"] += 1
            if barrel[p]["deals"] >= opts.barrel_deals:
                pen = opts.barrel_penalty
                after[p] = T - pen
                barrel[p] = {"deals": 0, "falls": barrel[p]["falls"] + 1}     # with no penalty: a fresh start
                line(p, ngettext("{n} deal on the barrel without finishing", "{n} deals on the barrel without finishing",
                                 opts.barrel_deals), -pen, "thousand/14.2")
                events.append({"rule": "thousand/14.2", "player": p, "note": _("falls off the barrel")})
            continue
        if mode == "lock" and s0 >= T and p != d and h:
            line(p, _("at {threshold} or more only a won contract scores", threshold=T), -h, "thousand/14.7")
            after[p] = s0
            continue
        new = s0 + h
        after[p] = new
        if mode == "barrel":
            if new >= target and opts.barrel_jump:
                finished.append(p)
            elif new >= T:
                line(p, _("{total} is held at {threshold}: on the barrel", total=new, threshold=T), T - new,
                     "thousand/14.1")
                after[p] = T
                mounted.append(p)
                events.append({"rule": "thousand/14.1", "player": p, "note": _("climbs onto the barrel")})
        elif new >= target:
            finished.append(p)
    # ---------------------------------------------------------------- 3. irregularities
    for irr in out.irregularities:
        rule, what = IRREGULARITY_RULES[irr["type"]]
        what = _(what)
        pen = opts.misdeal_penalty
        p = irr["player"]
        after[p] -= pen
        line(p, what, -pen, rule)
        penalties.append({"rule": rule, "player": p, "points": -pen, "note": what})
    # ---------------------------------------------------------------- 4. bolts, concessions
    bolts = dict(before.bolts)
    concessions = dict(before.concessions)
    run = dict(before.concession_run)
    if out.conceded:
        concessions[d] += 1
        run[d] += 1
        extra = opts.rospis_third_penalty
        if opts.rospis_third_count == "consecutive":
            if run[d] == 3:
                run[d] = 0
                if extra:
                    after[d] -= extra
                    line(d, _("third concession in a row costs {points}", points=extra), -extra, "thousand/9.3")
                    penalties.append({"rule": "thousand/9.3", "player": d, "points": -extra,
                                      "note": _("third concession in a row")})
        elif extra and concessions[d] % 3 == 0:
            after[d] -= extra
            line(d, _("concession number {n}: every third costs {points}", n=concessions[d], points=extra), -extra,
                 "thousand/9.3")
            penalties.append({"rule": "thousand/9.3", "player": d, "points": -extra, "note": _("third concession")})
    elif not out.void:
        run[d] = 0      # a contract played out breaks the declarer's run of concessions
    if opts.bolt_count != "off" and not out.void:
        for p in layout.active:
            if on_before[p] and opts.bolt_barrel_exempt:
                continue  # barrel deals neither count nor break a run (thousand/13.3)
            if out.conceded or (p == d and opts.bolt_declarer_exempt):
                is_bolt = False  # no play, or the declarer's own deal (thousand/13.3)
            elif opts.bolt_definition == "no_tricks":
                is_bolt = out.tricks[p] == 0
            else:
                is_bolt = hand[p] == 0
            if not is_bolt:
                if opts.bolt_count == "consecutive":
                    bolts[p] = 0
                continue
            bolts[p] += 1
            used.add("thousand/13.1")
            events.append({"rule": "thousand/13.1", "player": p, "note": _("bolt number {n}", n=bolts[p])})
            if bolts[p] >= 3:
                bolts[p] = 0
                if opts.bolt_penalty == "reset_to_zero":
                    pen = max(after[p], 0)  # the total drops to 0; a negative total stays as it is
                    line(p, _("third bolt: the total is wiped to 0"), -pen, "thousand/13.2")
                    after[p] -= pen
                else:
                    pen = 120
                    after[p] -= pen
                    line(p, _("third bolt"), -pen, "thousand/13.2")
                penalties.append({"rule": "thousand/13.2", "player": p, "points": -pen, "note": _("third bolt")})
    # a penalty may have taken a player back below the barrel
    mounted = [p for p in mounted if after[p] == T]
    # ---------------------------------------------------------------- 5. collisions, resets, 555
    collision = opts.barrel_collision
    # two may sit on the barrel only with four players, under two_fall_together; one otherwise (thousand/14.5)
    seats = 2 if collision == "two_fall_together" and layout.sitter is not None else 1
    if mode == "barrel" and seats == 2:
        # the two on the barrel fall together: when one falls, the other falls with them
        fallen = [p for p in players if on_before[p] and barrel[p]["falls"] > before.barrel[p]["falls"]]
        partners = [p for p in players if on_before[p] and p not in fallen and p not in finished and after[p] == T]
        if fallen:
            for p in partners:
                pen = opts.barrel_penalty
                after[p] -= pen
                barrel[p] = {"deals": 0, "falls": barrel[p]["falls"] + 1}
                why = _("{player} falls off the barrel, and {partner} falls together", player=fallen[0], partner=p)
                line(p, why, -pen, "thousand/14.5")
                events.append({"rule": "thousand/14.5", "player": p, "note": why})
    if mode == "barrel" and collision in ("knock_off", "two_fall_together") and mounted:
        already = [p for p in players if on_before[p] and after[p] == T and p not in mounted]
        victims = (already + (mounted if len(mounted) > seats else [])) if len(already) + len(mounted) > seats else []
        for p in victims:
            pen = opts.barrel_penalty
            after[p] -= pen
            barrel[p] = {"deals": 0, "falls": barrel[p]["falls"] + 1}
            why = (_("two players reach the barrel together: both fall") if len(mounted) > seats
                   else _("{newcomer} reaches the barrel and knocks {player} off", newcomer=mounted[0], player=p))
            line(p, why, -pen, "thousand/14.5")
            events.append({"rule": "thousand/14.5", "player": p, "note": why})
    n_reset = opts.barrel_reset_after_falls
    if n_reset:
        for p in players:
            if barrel[p]["falls"] >= n_reset:
                line(p, ngettext("fell off the barrel {n} time: total reset to 0",
                                 "fell off the barrel {n} times: total reset to 0", barrel[p]["falls"]), -after[p],
                     "thousand/14.6")
                after[p] = 0
                barrel[p]["falls"] = 0
    golden = dict(before.golden)
    if out.golden:
        # thousand/18.1: one golden deal per player; if nobody made 120 in the round, totals may be reset
        golden["played"] += 1
        golden["made"] = golden["made"] or bool(made)
        if golden["played"] == len(players):     # one golden deal per player, the sitter's included
            if not golden["made"] and opts.golden_fail_resets:
                for p in players:
                    if after[p]:
                        line(p, _("nobody made the golden round: every total is reset to 0"), -after[p],
                             "thousand/18.1")
                        after[p] = 0
            golden = {"played": 0, "made": False, "over": True}
    if opts.dump_555 != "off":
        for p in players:
            if after[p] == 555 or (opts.dump_555 == "both" and after[p] == -555):
                line(p, _("dump truck: exactly {total} becomes 0", total=after[p]), -after[p], "thousand/16.1")
                events.append({"rule": "thousand/16.1", "player": p, "note": _("{total} reset to 0", total=after[p])})
                after[p] = 0
    for p in players:
        if not (mode == "barrel" and after[p] == T):
            barrel[p]["deals"] = 0
    # ---------------------------------------------------------------- 6. end of game
    finished = [p for p in finished if after[p] >= target]
    winner = None
    if finished:
        used.add("thousand/15.1")
        if opts.finish_cap:
            for p in finished:
                if after[p] > target:
                    line(p, _("a finishing total is recorded as {target}", target=target), target - after[p],
                         "thousand/15.1")
                    after[p] = target
        if len(finished) > 1:
            used.add("thousand/15.2")
            if opts.double_finish == "declarer" and d in finished:
                winner = d
            else:   # the higher total; on equal totals the declarer, then the first to speak after the dealer
                seat = {p: i for i, p in enumerate(layout.active + [layout.sitter])}
                winner = max(finished, key=lambda p: (after[p], p == d, -seat[p]))
        else:
            winner = finished[0]
    answer_players = []
    for p in players:
        lst = lines[p]
        entry = {
            "id": p,
            "role": ("none" if out.void else "declarer" if p == d else
                     "sitter" if p == layout.sitter else "defender"),
            "card_points": out.card_points.get(p, 0) if p in layout.active else 0,
            "tricks": out.tricks.get(p, 0) if p in layout.active else 0,
            "marriage_points": marriage_pts[p],
            "lines": lst,
            "hand_score": hand[p],
            "total_before": before.scores[p],
            "total_after": after[p],
            "barrel": {"on": mode == "barrel" and after[p] == T, "deals": barrel[p]["deals"],
                       "falls": barrel[p]["falls"]},
            "bolts": bolts[p],
            "concessions": concessions[p],
        }
        assert sum(x["points"] for x in lst) == after[p] - before.scores[p], (p, lst)
        answer_players.append(entry)
    for e in events:
        used.add(e["rule"])
    contract_info = None
    if not out.void:
        contract_info = {"declarer": d, "contract": out.contract, "conceded": out.conceded,
                         "made": made, "blind": out.blind, "golden": out.golden,
                         "rule": "thousand/9.2" if out.conceded else "thousand/12.1"}
    new_state = GameState(after, barrel, bolts, concessions, golden, run)
    answer = {"contract": contract_info, "players": answer_players, "events": events, "penalties": penalties,
              "game_over": winner is not None, "winner": winner, "state_after": new_state.as_dict()}
    if winner is not None and opts.stake is not None:
        answer["settlement"] = settlement(players, winner, opts.stake)
        used.add("thousand/20.1")
    answer["_used"] = used
    return answer


def settlement(players: list[str], winner: str, stake: int) -> dict:
    """Thousand for money (thousand/20.1): every player puts ``stake`` (money units) in the bank and the winner takes
    all of it.  ``net`` is each player's gain (the winner's bank less own stake) or loss (the stake)."""
    bank = stake * len(players)
    return {"stake": stake, "bank": bank, "net": {p: bank - stake if p == winner else -stake for p in players},
            "rule": "thousand/20.1"}
