"""One side's score for a hand under the options of a variant (canasta/7.1 and the bonus rules it adds up)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from ..cards import Card
from ..i18n import DEFAULT_LANGUAGE, N_, Rank, Suit, _, ngettext
from .cards import card_value, cards_value, is_black_three, is_red_three
from .deal import known
from .melds import (
    MeldFault,
    black_three_points,
    canasta_bonus,
    classify,
    excess_wilds,
    is_canasta,
    is_sevens_canasta,
    red_three_points,
    without_wilds,
)
from .options import Options, OptionsLike

if TYPE_CHECKING:
    from .deal import DealState, Layout


@mypyc_attr(native_class=False)     # a str/tuple subclass: mypyc keeps it a Python class
class SuitSign(str):
    """A suit letter in a score line: ``H`` in English (as the cards are written), ``♥`` elsewhere."""

    def show(self, lang: str) -> str:
        return str(self) if lang == DEFAULT_LANGUAGE else Suit.SYMBOLS.get(self, str(self))


# the score line of each finished meld, by the name canasta_bonus gives it ({rank}: its natural rank; {suit}: a
# sequence's suit)
LABELS = {
    "natural canasta": N_("natural canasta of {rank}"), "mixed canasta": N_("mixed canasta of {rank}"),
    "canasta of sevens": N_("canasta of sevens"), "mixed canasta of sevens": N_("mixed canasta of sevens"),
    "mixed sequence canasta": N_("mixed sequence canasta in {suit}"), "escalera": N_("escalera in {suit}"),
    "samba": N_("samba in {suit}"), "sequence canasta": N_("sequence canasta in {suit}"),
    "big wild canasta": N_("big wild canasta"), "small wild canasta": N_("small wild canasta"),
    "golden canasta": N_("golden canasta"), "diamond canasta": N_("diamond canasta"),
    "canasta of seven 2s": N_("canasta of seven 2s"), "canasta of deuces": N_("canasta of deuces"),
    "canasta of four jokers and three 2s": N_("canasta of four jokers and three 2s"),
    "wild canasta": N_("wild canasta"), "bolivia": N_("bolivia"), "free canasta": N_("free canasta"),
    "seven-joker canasta": N_("seven-joker canasta"),
}
# why red threes count against a side, by red_threes_need
RED_THREES_AGAINST = {"canasta": N_("the side has no canasta"),
                      "sevens_canasta": N_("the side has no canasta of sevens"),
                      "two_canastas": N_("the side has fewer than two canastas"),
                      "won_deal": N_("the side did not win the deal"), "meld": N_("the side has not melded")}


def kind_and_meld(meld: list[Card], opts: OptionsLike) -> tuple[str, list[Card]]:
    """The meld's kind, and the cards that decide its canasta status.  A meld kept with excess wild cards (found
    too late, canasta/8.2) is a group whose excess wild cards count their points but do not make it a canasta."""
    if not isinstance(opts, Options):
        opts = Options.of(opts)
    try:
        return classify(meld, opts, going_out=True), meld
    except MeldFault:
        if any(c.rank not in ("2", "JK") for c in meld):
            return "group", without_wilds(meld, excess_wilds(meld, opts))
        return "wild", meld


@dataclass
class SideScore:
    """``base`` (bonuses and penalties of play, in points), ``cards`` (melded less held) and the ``lines``."""

    base: int
    cards: int
    lines: list[dict]

    @property
    def total(self) -> int:
        return self.base + self.cards


def score_side(melds: list[list[Card]], hands: list[list[Card]], opts: OptionsLike, *, red_threes: int = 0,
               went_out: bool = False, concealed: bool = False, opponents_went_out: bool = False,
               one_player_all_reds: bool | None = False, double_ending: bool = False,
               black_threes_aside: int = 0) -> SideScore:
    """Score one side's hand; every line names its rule.

    ``melds``: the side's melds (lists of cards); ``hands``: the cards each of its players still holds;
    ``red_threes``: how many the side has, laid out or kept.  Bonuses: canastas by kind (canasta/3.2–3.4), red
    threes (canasta/2.2, on the condition ``red_threes_need``; ``one_player_all_reds``: whether one player collected
    all four, None when the deal does not show it, which the line then says), going out (canasta/6.2; 1,000 with four
    black threes when ``four_black_threes_out``), concealed (canasta/6.4), double ending (canasta/6.6).  Penalties
    at the count: an unfinished wild-card meld under Palace rules (canasta/3.3) and black threes left in hand
    (canasta/2.3).  Cards: melded cards plus, cards in hand minus (canasta/7.1).
    """
    opts = Options.of(opts)
    kinds = [kind_and_meld(m, opts) for m in melds]
    lines = _canasta_lines(kinds, opts, went_out) + _count_bonus_lines(kinds, opts)
    if red_threes:
        lines.append(_red_three_line(kinds, opts, red_threes, went_out, one_player_all_reds))
    if went_out:
        lines += _going_out_lines(kinds, opts, concealed, double_ending)
    if black_threes_aside:
        pts = 100 if black_threes_aside == 4 else 5 * black_threes_aside
        lines.append({"item": ngettext("{n} black three set aside", "{n} black threes set aside", black_threes_aside),
                      "points": pts, "rule": "canasta/2.3"})
    lines += _sequence_lines(kinds, opts)
    base = sum(line["points"] for line in lines)          # the bonuses and penalties so far; the cards apart
    on_table = sum(cards_value(m) for m in melds)
    lines.append({"item": _("melded cards"), "points": on_table, "rule": "canasta/7.1"})
    special = opts.black_three_in_hand != "card_value"
    sevens = opts.sevens_in_hand
    if special or sevens:
        in_hand = sum(card_value(c) for h in hands for c in h
                      if not (special and is_black_three(c)) and not (sevens and c.rank == "7"))
    else:
        in_hand = 0
        for h in hands:
            in_hand += cards_value(h)
    if in_hand:
        lines.append({"item": _("cards left in hand"), "points": -in_hand, "rule": "canasta/7.1"})
    held = _held_penalty_lines(hands, opts, opponents_went_out)
    base += sum(line["points"] for line in held)
    return SideScore(base, on_table - in_hand, lines + held)


def _canasta_lines(kinds: list[tuple[str, list[Card]]], opts: Options, went_out: bool) -> list[dict]:
    """A line for each canasta's bonus (canasta/3.2-3.4), by kind and rank: a wild canasta void for a side that did
    not go out under Palace's Tough End or the Italian deuce melds, an unfinished Palace wild meld -1,000
    (canasta/3.3).  ``kinds``: ``(kind, meld)`` of each meld."""
    lines: list[dict] = []
    for kind, m in kinds:
        bonus = canasta_bonus(kind, m, opts)
        rank = next((c.rank for c in m if c.rank not in ("2", "JK")), None)
        if bonus is not None:
            name, pts = bonus
            voided = (opts.tough_end and opts.wild_melds == "palace") \
                or opts.wild_melds == "italian"
            if kind == "wild" and voided and not went_out:
                lines.append({"item": _("{canasta}: void, the side did not go out", canasta=_(LABELS[name])),
                              "points": 0, "rule": "canasta/3.3"})
                continue
            rule = {"group": "canasta/3.2", "sequence": "canasta/3.4", "wild": "canasta/3.3"}[kind]
            suit = next((c.suit for c in m if c.suit and c.rank not in ("2", "JK")), "") if kind == "sequence" else ""
            lines.append({"item": _(LABELS[name], rank=Rank(rank or ""), suit=SuitSign(suit)), "points": pts,
                          "rule": rule})
        elif kind == "wild" and opts.wild_melds == "palace":
            lines.append({"item": _("unfinished wild-card meld"), "points": -1000, "rule": "canasta/3.3"})
    return lines


def _count_bonus_lines(kinds: list[tuple[str, list[Card]]], opts: Options) -> list[dict]:
    """The Italian bonuses for the number of canastas (option canasta_count_bonuses, canasta/3.2): five natural
    2,000; four natural and a mixed one (or five with mixed ones, five_canastas_bonus) 1,000; ten canastas 2,000."""
    if not opts.canasta_count_bonuses:
        return []
    groups = [m for k, m in kinds if k == "group" and len(m) >= 7]
    natural = sum(1 for m in groups if not any(c.rank in ("2", "JK") for c in m))
    mixed = len(groups) - natural
    five_mixed = (natural == 4 and mixed >= 1) if opts.five_canastas_bonus != "with_mixed" \
        else (natural < 5 and natural + mixed >= 5)            # fewer than five natural: some are mixed
    five_item = N_("four natural canastas and a mixed one") if opts.five_canastas_bonus != "with_mixed" \
        else N_("five canastas, mixed ones among them")
    return [{"item": _(item), "points": pts, "rule": "canasta/3.2"}
            for cond, item, pts in ((natural >= 5, N_("five natural canastas"), 2000),
                                    (five_mixed, five_item, 1000),
                                    (sum(1 for k, m in kinds if is_canasta(k, m)) >= 10, N_("ten canastas"), 2000))
            if cond]


def _red_threes_count_plus(kinds: list[tuple[str, list[Card]]], need: str, went_out: bool) -> bool:
    """Whether the side's red threes count plus (canasta/2.2, option red_threes_need): with any meld, a canasta,
    a canasta of sevens, two canastas, or winning the deal."""
    if need == "canasta":
        return any(is_canasta(k, m) for k, m in kinds)
    if need == "sevens_canasta":
        return any(is_sevens_canasta(k, m) for k, m in kinds)
    if need == "two_canastas":
        return sum(1 for k, m in kinds if is_canasta(k, m)) >= 2
    if need == "won_deal":
        return went_out
    return any(k != "black_threes" for k, _m in kinds)


def _red_three_line(kinds: list[tuple[str, list[Card]]], opts: Options, red_threes: int, went_out: bool,
                    one_player_all_reds: bool | None) -> dict:
    """The line of the side's ``red_threes`` red threes (canasta/2.2): plus or minus as the condition holds, by the
    scale of red_three_scale (``special``: a seven-card wild canasta, sequence or natural sevens canasta, for the
    six_2000 scale); not doubled when the deal does not show one player collected all four."""
    need = opts.red_threes_need
    plus = _red_threes_count_plus(kinds, need, went_out)
    special = any(k == "wild" and len(m) == 7 or k == "sequence" and len(m) == 7
                  or (k == "group" and len(m) >= 7 and m[0].rank == "7" and not any(c.rank in ("2", "JK")
                                                                                    for c in m))
                  for k, m in kinds)
    pts = red_three_points(red_threes, plus, opts, bool(one_player_all_reds), special)
    item = ngettext("{n} red three", "{n} red threes", red_threes) if plus else \
        ngettext("{n} red three, {why}", "{n} red threes, {why}", red_threes,
                 why=_(RED_THREES_AGAINST.get(need, RED_THREES_AGAINST["meld"])))
    if one_player_all_reds is None and red_threes == 4 and opts.red_three_scale == "one_player_doubles":
        item = _("{item}; not doubled: the deal does not show that one player collected all four", item=item)
    return {"item": item, "points": pts, "rule": "canasta/2.2"}


def _going_out_lines(kinds: list[tuple[str, list[Card]]], opts: Options, concealed: bool,
                     double_ending: bool) -> list[dict]:
    """Going out (canasta/6.2: going_out_bonus, or 1,000 with four black threes under four_black_threes_out), its
    concealed extra on the same line (canasta/6.4), and the double ending's 100 (canasta/6.6)."""
    four_black = any(k == "black_threes" and len(m) == 4 for k, m in kinds)
    four = bool(four_black and opts.four_black_threes_out)
    pts = 1000 if four else opts.going_out_bonus
    extra = opts.concealed_bonus
    rule = "canasta/6.2"
    if concealed and extra:     # one line: going out and the extra for doing it concealed
        pts, rule = pts + extra, "canasta/6.4"
    item = {(False, False): N_("going out"), (False, True): N_("going out concealed"),
            (True, False): N_("going out with four black threes"),
            (True, True): N_("going out with four black threes concealed")}[four, rule == "canasta/6.4"]
    lines = [{"item": _(item), "points": pts, "rule": rule}]
    if double_ending:
        lines.append({"item": _("double ending"), "points": 100, "rule": "canasta/6.6"})
    return lines


def _sequence_lines(kinds: list[tuple[str, list[Card]]], opts: Options) -> list[dict]:
    """Each melded sequence shorter than five cards loses short_sequence_penalty, each of five or more wins
    long_sequence_bonus (canasta/3.4)."""
    short, long = opts.short_sequence_penalty, opts.long_sequence_bonus
    lines: list[dict] = []
    for kind, m in kinds:
        if kind != "sequence":
            continue
        suit = SuitSign(next(c.suit for c in m if c.rank not in ("2", "JK")))
        if short and len(m) < 5:
            lines.append({"item": ngettext("sequence of {n} in {suit}, shorter than five",
                                           "sequence of {n} in {suit}, shorter than five", len(m), suit=suit),
                          "points": -short, "rule": "canasta/3.4"})
        if long and len(m) >= 5:
            lines.append({"item": ngettext("sequence of {n} in {suit}, five or more",
                                           "sequence of {n} in {suit}, five or more", len(m), suit=suit),
                          "points": long, "rule": "canasta/3.4"})
    return lines


def _held_penalty_lines(hands: list[list[Card]], opts: Options, opponents_went_out: bool) -> list[dict]:
    """Sevens left in hand (sevens_in_hand points each) and black threes left in hand (black_three_in_hand, doubled
    for all four in one hand when the opponents went out), canasta/2.3."""
    lines: list[dict] = []
    sevens = opts.sevens_in_hand
    if sevens:
        n = sum(1 for h in hands for c in h if c.rank == "7")
        if n:
            lines.append({"item": ngettext("{n} seven left in hand", "{n} sevens left in hand", n),
                          "points": -sevens * n, "rule": "canasta/2.3"})
    if opts.black_three_in_hand != "card_value":
        for h in hands:
            n = sum(1 for c in h if is_black_three(c))
            black = black_three_points(n, opts, doubled=opponents_went_out)
            if black is not None:
                lines.append({"item": ngettext("{n} black three left in hand", "{n} black threes left in hand", n),
                              "points": black, "rule": "canasta/2.3"})
    return lines


# a counted canasta's line, without the rank or suit of the meld that stood for it (referee.canasta.counts)
RANKLESS = {"natural canasta": N_("natural canasta"), "mixed canasta": N_("mixed canasta"),
            "mixed sequence canasta": N_("mixed sequence canasta"), "escalera": N_("escalera"), "samba": N_("samba"),
            "sequence canasta": N_("sequence canasta")}


def _rankless_items() -> dict[str, str]:
    """The lines of the stand-in melds (a K group, a sequence in hearts from 4) → the same lines without them."""
    out = {_(LABELS[name], rank=Rank("K"), suit=SuitSign("H")): _(label) for name, label in RANKLESS.items()}
    for n in (3, 4):
        out[ngettext("sequence of {n} in {suit}, shorter than five", "sequence of {n} in {suit}, shorter than five",
                     n, suit=SuitSign("H"))] = _("a sequence shorter than five")
    for n in (5, 6, 7):
        out[ngettext("sequence of {n} in {suit}, five or more", "sequence of {n} in {suit}, five or more", n,
                     suit=SuitSign("H"))] = _("a sequence of five or more")
    return out


def counted(s: SideScore, meld_points: int, hand_points: int) -> SideScore:
    """A side given by counts (:mod:`.counts`): scored on the melds that stand for its canastas, with the card
    points written down in place of those of the stand-in cards (canasta/7.1), and the lines naming no rank or
    suit of the stand-ins."""
    lines = []
    plain = _rankless_items()
    for ln in s.lines:
        if ln["item"] in plain:
            ln = {**ln, "item": plain[ln["item"]]}
        if ln["rule"] == "canasta/7.1":     # the stand-ins' melded cards; their hands hold no card counted here
            lines.append({**ln, "points": meld_points})
            if hand_points:
                lines.append({"item": _("cards left in hand"), "points": -hand_points, "rule": "canasta/7.1"})
            continue
        lines.append(ln)
    return SideScore(s.base, meld_points - hand_points, lines)


# ---------------------------------------------------------------- settling a deal (score and validate)

def settle(layout: Layout, opts: OptionsLike, scores: dict[str, int], target: int, per_side: dict[str, dict],
           penalties: list[dict], rounds_before: int = 0) -> dict:
    """Score one finished deal.

    ``per_side[side]``: ``{"melds": [[cards]], "red_threes": n, "hands": [[cards] per player], "went_out": bool,
    "concealed": bool}`` and optionally ``one_player_all_reds``, ``double_ending``.  ``rounds_before``: deals
    already played (the game also ends after ``max_rounds``).  ``penalties``: ``[{"rule", "side", "points"
    (negative), "note"}]``.  Returns the score answer: ``sides`` (lines, base_score, card_score, penalties,
    hand_score, total_before, total_after), ``penalties``, ``game_over``, ``winner`` (the higher total once a side
    reaches ``target``; None on a tie) and ``target``; and ``_rules``, every rule the answer shows (the service
    cites them without walking the answer).
    """
    opts = Options.of(opts)
    out = []
    used: set[str] = set()      # the rules the answer shows: its lines' (each penalty is a line of its side's)
    anyone_out = any(d["went_out"] for d in per_side.values())
    for sid in layout.sides:
        d = per_side[sid]
        s = score_side(d["melds"], d["hands"], opts, red_threes=d["red_threes"], went_out=d["went_out"],
                       concealed=d["concealed"], opponents_went_out=anyone_out and not d["went_out"],
                       one_player_all_reds=d.get("one_player_all_reds", False),
                       double_ending=d.get("double_ending", False), black_threes_aside=d.get("black_threes_aside", 0))
        if d.get("counts") is not None:
            s = counted(s, d["meld_points"], d["hand_points"])
        lines = list(s.lines)
        pen = [p for p in penalties if p["side"] == sid]
        lines += [{"item": p["note"], "points": p["points"], "rule": p["rule"]} for p in pen]
        hand_score = sum(x["points"] for x in lines)
        used.update(x["rule"] for x in lines)
        out.append({"id": sid, "players": layout.members[sid], "base_score": s.base, "card_score": s.cards,
                    "penalties": sum(p["points"] for p in pen), "lines": lines, "hand_score": hand_score,
                    "total_before": scores[sid], "total_after": scores[sid] + hand_score})
    over = [o for o in out if o["total_after"] >= target]
    last_round = opts.max_rounds is not None and rounds_before + 1 >= opts.max_rounds
    winner = None
    if over or last_round:
        best = max(o["total_after"] for o in out)
        top = [o["id"] for o in out if o["total_after"] == best]
        winner = top[0] if len(top) == 1 else None
    used.add("canasta/7.1")
    if over or last_round:
        used.add("canasta/7.2")
    ans: dict[str, Any] = {
        "sides": out, "penalties": penalties, "game_over": bool(over) or last_round, "winner": winner,
        "target": target, "_rules": used}
    if opts.max_rounds is not None:
        ans["rounds_played"] = rounds_before + 1
    # the state to send with the next deal (canasta/7.1)
    ans["state_after"] = {"scores": {o["id"]: o["total_after"] for o in out}}
    if opts.max_rounds is not None:
        ans["state_after"]["rounds"] = rounds_before + 1
    return ans



def settle_state(st: DealState, layout: Layout, opts: OptionsLike, scores: dict, target: int, rounds: int = 0) -> dict:
    """The score answer of a replayed deal, with the 500 for a red three kept in hand (canasta/8.3)."""
    opts = Options.of(opts)
    per_side = {}
    penalties = []
    outcome = known(st.outcome)           # the deal is over
    went = outcome["went_out"]
    penalties += [p for p in st.penalties if p["side"] in layout.sides]
    for sid in layout.sides:
        hands = []
        for p in layout.members[sid]:
            h = st.hands[p] or []
            kept = [c for c in h if is_red_three(c)]
            for c in kept:
                if p in st.had_turn:
                    penalties.append({"rule": "canasta/8.3", "side": sid, "points": -500,
                                      "note": _("{player} kept {card} in hand to the end", player=p, card=c)})
            hands.append([c for c in h if not is_red_three(c)])
        reds = len(st.red_threes[sid]) + sum(1 for p in layout.members[sid] for c in (st.hands[p] or [])
                                             if is_red_three(c))
        ours = went is not None and layout.side_of[went] == sid
        per_side[sid] = {"melds": list(st.melds[sid].values()), "red_threes": reds, "hands": hands,
                         "went_out": ours, "concealed": bool(ours and outcome["concealed"]),
                         "double_ending": bool(ours and outcome.get("double_ending")),
                         # laid out by him, or kept in his hand
                         "one_player_all_reds": any(st.red_by_player.get(p, 0) + sum(
                             1 for c in st.hands[p] or [] if is_red_three(c)) == 4 for p in layout.members[sid]),
                         "black_threes_aside": st.set_aside.get(sid, 0)}
    return settle(layout, opts, scores, target, per_side, penalties, rounds)

