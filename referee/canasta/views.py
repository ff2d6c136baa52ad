"""Classic Canasta: the score view (check and validate come with issue 3; the game is not served yet).

``score(request, variant, options)`` takes the contract's body (``sides``, ``state``, ``deal``) and returns
per side the base score, card score, hand score and totals, each line citing its rule.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..cards import JOKER, SUITS, Card, parse_card
from ..errors import InputError, esc
from .core import (DECK, canasta_kind, is_red_three, is_wild, meld_fault, side_score)

PENALTIES = {  # irregularity type → (rule, points)
    "illegal_meld": ("canasta/8.2", 100),
    "red_three_not_laid_out": ("canasta/8.3", 500),
    "pile_taken_illegally": ("canasta/8.4", 100),
    "permission_breach": ("canasta/8.5", 100),
    "out_without_canasta": ("canasta/8.6", 100),
}
SUITLESS_OK = set("A K Q J 10 9 8 7 6 5 4 2".split())


def canasta_card(value: Any, ptr: str) -> Card:
    """A card; a rank alone is accepted where the suit does not matter (4 to A, and deuces)."""
    if isinstance(value, str) and value.strip().upper().replace("T", "10") in SUITLESS_OK:
        return Card(value.strip().upper().replace("T", "10"), "")
    try:
        return parse_card(value)
    except ValueError as e:
        raise InputError(str(e), ptr) from None


def card_list(value: Any, ptr: str) -> list[Card]:
    if not isinstance(value, list):
        raise InputError("a list of cards", ptr)
    return [canasta_card(v, f"{ptr}/{i}") for i, v in enumerate(value)]


def conservation(groups: list[tuple[str, list[Card]]]) -> None:
    """No more copies than the 108-card deck holds: 2 of each suited card, 8 of a rank, 4 jokers (canasta/1.2)."""
    exact: Counter = Counter()
    by_rank: Counter = Counter()
    for ptr, cards in groups:
        for i, c in enumerate(cards):
            by_rank[c.rank] += 1
            if c.suit:
                exact[c] += 1
            limit_rank = DECK.jokers if c.rank == JOKER else DECK.copies * len(SUITS)
            if (c.suit and exact[c] > DECK.copies) or by_rank[c.rank] > limit_rank:
                raise InputError(f"more copies of {c if c.suit else c.rank} than the 108-card deck holds "
                                 "(canasta/1.2)", f"{ptr}/{i}")


def score(req: dict, variant, opts: dict) -> dict:
    sides = req.get("sides")
    if not isinstance(sides, list) or not sides:
        raise InputError("sides: [{\"id\", \"players\"}] in seat order", "/sides")
    ids, players = [], []
    for i, s in enumerate(sides):
        if not isinstance(s, dict) or not isinstance(s.get("id"), str) or not isinstance(s.get("players"), list):
            raise InputError("each side is {\"id\", \"players\"}", f"/sides/{i}")
        ids.append(s["id"])
        players += s["players"]
    if len(set(ids)) != len(ids) or len(set(players)) != len(players):
        raise InputError("side ids and player names must be distinct", "/sides")
    if len(players) not in variant.players:
        raise InputError(f"variant {variant.id} is played by {variant.players[0]} players", "/sides")
    scores = {k: 0 for k in ids}
    for k, v in ((req.get("state") or {}).get("scores") or {}).items():
        if k not in scores or isinstance(v, bool) or not isinstance(v, int) or v % 5:
            raise InputError("a side's total: an integer multiple of 5", f"/state/scores/{esc(k)}")
        scores[k] = v
    deal = req.get("deal")
    if not isinstance(deal, dict) or not isinstance(deal.get("sides"), list):
        raise InputError("deal.sides: one entry per side", "/deal/sides")
    by_id = {}
    groups = []
    for i, ds in enumerate(deal["sides"]):
        ptr = f"/deal/sides/{i}"
        sid = ds.get("id") if isinstance(ds, dict) else None
        if sid not in scores or sid in by_id:
            raise InputError(f"{sid!r} is not one of the sides (or is given twice)", ptr + "/id")
        n_players = len(next(s["players"] for s in sides if s["id"] == sid))
        melds = [card_list(m, f"{ptr}/melds/{j}") for j, m in enumerate(ds.get("melds") or [])]
        reds = card_list(ds.get("red_threes") or [], ptr + "/red_threes")
        hands = [card_list(h, f"{ptr}/hands/{j}") for j, h in enumerate(ds.get("hands") or [])]
        if len(hands) != n_players:
            raise InputError(f"give one hand per player of the side ({n_players})", ptr + "/hands")
        for j, c in enumerate(reds):
            if not is_red_three(c):
                raise InputError(f"{c} is not a red three", f"{ptr}/red_threes/{j}")
        for j, h in enumerate(hands):
            for k, c in enumerate(h):
                if is_red_three(c):
                    raise InputError("a red three is laid out, not kept (report it as red_three_not_laid_out)",
                                     f"{ptr}/hands/{j}/{k}")
        went_out, concealed = bool(ds.get("went_out")), bool(ds.get("concealed"))
        seen_ranks = set()
        for j, m in enumerate(melds):
            fault = meld_fault(m, going_out=went_out)
            if fault:
                raise InputError(f"{fault} (canasta/3.1)", f"{ptr}/melds/{j}")
            rank = next(c.rank for c in m if not is_wild(c))
            if rank in seen_ranks:
                raise InputError(f"a side has one meld of each rank: {rank} is melded twice (canasta/3.1)",
                                 f"{ptr}/melds/{j}")
            seen_ranks.add(rank)
        if concealed and not went_out:
            raise InputError("only going out can be concealed (canasta/6.4)", ptr + "/concealed")
        if went_out:
            canastas = sum(1 for m in melds if canasta_kind(m))
            if canastas < opts["canastas_to_go_out"]:
                raise InputError(f"going out needs {opts['canastas_to_go_out']} canasta(s) (canasta/6.2)",
                                 ptr + "/went_out")
            if not any(not h for h in hands):
                raise InputError("the player who went out holds no card", ptr + "/hands")
        groups += [(f"{ptr}/melds/{j}", m) for j, m in enumerate(melds)] + [(ptr + "/red_threes", reds)]
        groups += [(f"{ptr}/hands/{j}", h) for j, h in enumerate(hands)]
        by_id[sid] = (melds, reds, hands, went_out, concealed)
    if set(by_id) != set(scores):
        raise InputError("give every side's cards", "/deal/sides")
    if sum(1 for v in by_id.values() if v[3]) > 1:
        raise InputError("only one side goes out", "/deal/sides")
    conservation(groups)
    penalties = []
    for i, irr in enumerate(deal.get("irregularities") or []):
        ptr = f"/deal/irregularities/{i}"
        if not isinstance(irr, dict) or irr.get("type") not in PENALTIES:
            raise InputError(f"type is one of {', '.join(PENALTIES)}", ptr + "/type")
        if irr.get("side") not in scores:
            raise InputError("side names one of the sides", ptr + "/side")
        rule, pts = PENALTIES[irr["type"]]
        penalties.append({"rule": rule, "side": irr["side"], "points": -pts, "note": irr["type"].replace("_", " ")})
    out = []
    for sid in ids:
        melds, reds, hands, went_out, concealed = by_id[sid]
        s = side_score(melds, len(reds), hands, went_out, concealed, opts["red_threes_need_canasta"])
        lines = list(s.lines)
        pen = [p for p in penalties if p["side"] == sid]
        for p in pen:
            lines.append({"item": p["note"], "points": p["points"], "rule": p["rule"]})
        hand_score = sum(x["points"] for x in lines)
        base = s.base
        out.append({"id": sid, "base_score": base, "card_score": s.cards, "penalties": sum(p["points"] for p in pen),
                    "lines": lines, "hand_score": hand_score, "total_before": scores[sid],
                    "total_after": scores[sid] + hand_score})
    over = [o for o in out if o["total_after"] >= opts["target"]]
    winner = None
    if over:
        best = max(o["total_after"] for o in over)
        top = [o["id"] for o in over if o["total_after"] == best]
        winner = top[0] if len(top) == 1 else None
    return {"sides": out, "penalties": penalties, "game_over": bool(over), "winner": winner,
            "_rules": {"canasta/7.1", "canasta/7.2"} if over else {"canasta/7.1"}}
