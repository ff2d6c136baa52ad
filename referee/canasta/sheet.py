"""Canasta's rows of the score sheet (:mod:`referee.sheet`): going out, penalties, and each side's minimum first meld
for the next hand as its new total sets it (canasta/4.1)."""
from __future__ import annotations

from typing import Any

from ..i18n import _
from .melds import opening_canasta, opening_minimum
from .options import Options, OptionsLike

LINE_KINDS = {"canasta/6.2": "went_out", "canasta/6.4": "went_out_concealed", "canasta/6.6": "double_ending"}


def _seats(envelope: dict) -> list[str]:
    sides = envelope["sides"]
    return [s["players"][k] for k in range(max(len(s["players"]) for s in sides)) for s in sides
            if k < len(s["players"])]


def next_dealer(envelope: dict, dealer: str, deal) -> str:
    """Who deals ``deal`` after ``dealer``: the deal passes to the left, partners sitting apart, past a player who
    sits the deal out (canasta/1.1, 1.5)."""
    seats = _seats(envelope)
    sitter = deal.get("sitting_out") if isinstance(deal, dict) else None
    nxt = seats[(seats.index(dealer) + 1) % len(seats)]
    return seats[(seats.index(nxt) + 1) % len(seats)] if nxt == sitter else nxt


def entry(side: dict, answer: dict, opts: OptionsLike) -> dict:
    """A side's cell beyond the scores: the minimum first meld its total asks for in the next hand (and, Brazilian,
    the canasta the opening must hold)."""
    opts = Options.of(opts)
    out: dict[str, Any] = {"next_minimum": opening_minimum(side["total_after"], opts)}
    need = opening_canasta(side["total_after"], opts)
    if need is not None:
        out["next_opening_canasta"] = need
    return out


def row(answer: dict, opts: OptionsLike) -> dict:
    opts = Options.of(opts)
    return {}


def events(answer: dict, before: dict, opts: OptionsLike) -> list[dict]:
    opts = Options.of(opts)
    out = []
    for s in answer["sides"]:
        for ln in s["lines"]:
            kind = LINE_KINDS.get(ln["rule"])
            if kind is None and ln["rule"] == "canasta/2.2" and ln["points"] < 0:
                kind = "red_threes_against"
            if kind is not None:
                out.append({"kind": kind, "rule": ln["rule"], "side": s["id"], "points": ln["points"],
                            "text": ln["item"]})
    for p in answer["penalties"]:
        out.append({"kind": "penalty", "rule": p["rule"], "side": p["side"], "points": p["points"],
                    "text": p["note"]})
    for s in answer["sides"]:
        was, now = opening_minimum(s["total_before"], opts), opening_minimum(s["total_after"], opts)
        if was != now:
            out.append({"kind": "minimum_changes", "rule": "canasta/4.1", "side": s["id"], "count": now,
                        "text": _("the minimum first meld goes from {before} to {after}", before=was, after=now)})
    return out
