"""Thousand's rows of the score sheet (:mod:`referee.sheet`): each deal's events as a pulka marks them."""
from __future__ import annotations

from ..i18n import _
from .options import Options, OptionsLike

# the events of the score answer by the rule that made them → the sheet's stable kind
EVENT_KINDS = {"thousand/13.1": "bolt", "thousand/14.1": "barrel_on", "thousand/14.4": "barrel_fall",
               "thousand/14.2": "barrel_fall", "thousand/14.5": "barrel_knocked_off", "thousand/16.1": "dump_555",
               "thousand/9.1": "concession", "thousand/10.3": "marriage_void"}
PENALTY_KINDS = {"thousand/13.2": "bolt_penalty", "thousand/9.3": "concession_penalty"}
LINE_KINDS = {"thousand/14.6": "barrel_reset", "thousand/18.1": "golden_reset",   # 18.1: a line only for the reset
              # what the barrel, the lock and the finish do to the deal's score, so that a row adds up: the total
              # before + the hand score + the events' points = the total after
              "thousand/14.1": "barrel_held", "thousand/14.3": "barrel_not_recorded",
              "thousand/14.4": "barrel_failed_stays", "thousand/14.7": "lock_not_recorded",
              "thousand/15.1": "finish_capped"}


def next_dealer(envelope: dict, dealer: str, deal) -> str:
    """Who deals ``deal`` after ``dealer``: the next player in seat order, the deal passing to the left (thousand/3.4;
    after a void deal too)."""
    players = envelope["players"]
    return players[(players.index(dealer) + 1) % len(players)]


def entry(player: dict, answer: dict, opts: OptionsLike) -> dict:
    """A player's cell beyond the scores: the bolts and the barrel as they stand after the deal."""
    return {"bolts": player["bolts"], "barrel": player["barrel"]}


def row(answer: dict, opts: OptionsLike) -> dict:
    return {"contract": answer["contract"]}


def events(answer: dict, before: dict, opts: OptionsLike) -> list[dict]:
    opts = Options.of(opts)
    out = []
    c = answer["contract"]
    if c is not None and c["golden"]:
        out.append({"kind": "golden_deal", "rule": "thousand/18.1", "player": c["declarer"],
                    "text": _("golden deal: {player} plays 120", player=c["declarer"])})
    bolts_before = (before.get("bolts") or {})
    for e in answer["events"]:
        kind = EVENT_KINDS.get(e["rule"])
        if kind is None:
            continue
        ev = {"kind": kind, "rule": e["rule"], "player": e["player"], "text": e["note"]}
        if kind == "bolt":
            ev["count"] = bolts_before.get(e["player"], 0) + 1
        elif e["rule"] in ("thousand/14.2", "thousand/14.5") and opts.barrel_penalty:
            ev["points"] = -opts.barrel_penalty      # a fall off the barrel costs the barrel's penalty
        out.append(ev)
    for p in answer["penalties"]:
        out.append({"kind": PENALTY_KINDS.get(p["rule"], "penalty"), "rule": p["rule"], "player": p["player"],
                    "points": p["points"], "text": p["note"]})
    out += _sitting_out(answer)
    marked = {(e["player"], e["kind"]) for e in out}
    for p in answer["players"]:
        for ln in p["lines"]:
            kind = LINE_KINDS.get(ln["rule"])
            if ln["rule"] == "thousand/16.1":      # the 555 dump's event carries what it takes away
                for ev in out:
                    if ev["kind"] == "dump_555" and ev["player"] == p["id"]:
                        ev["points"] = ln["points"]
            if kind is not None and ln["points"]:
                out.append({"kind": kind, "rule": ln["rule"], "player": p["id"], "points": ln["points"],
                            "text": ln["item"]})
        b = p["barrel"]
        if b["on"] and b["deals"] and (p["id"], "barrel_on") not in marked:
            out.append({"kind": "barrel_try", "rule": "thousand/14.2", "player": p["id"], "count": b["deals"],
                        "text": _("on the barrel: {n} of {max} tries used", n=b["deals"], max=opts.barrel_deals)})
    return out


def _sitting_out(answer: dict) -> list[dict]:
    """Four players: the dealer who sat out the deal (thousand/3.2) and what the talon gave him (3.6), as the row
    says it; the score itself is the sitter's ``hand_score``, so the mark carries no points of its own."""
    out = []
    for p in answer["players"]:
        if p.get("role") != "sitter":
            continue
        line = next((ln for ln in p["lines"] if ln["rule"] == "thousand/3.6"), None)
        if line is not None:
            out.append({"kind": "sitting_out", "rule": "thousand/3.6", "player": p["id"], "text": line["item"]})
        else:
            out.append({"kind": "sitting_out", "rule": "thousand/3.2", "player": p["id"],
                        "text": _("{player} deals and sits out this deal", player=p["id"])})
    return out
