"""Pinochle's rows of the score sheet (:mod:`referee.sheet`): a declaration out, a contract made or set, a target
raised."""
from __future__ import annotations

from ..i18n import _
from .options import Options, OptionsLike


def next_dealer(envelope: dict, dealer: str, deal) -> str:
    """The deal passes to the left: the next player in seat order (pinochle/2.1)."""
    players = envelope["players"]
    return players[(players.index(dealer) + 1) % len(players)]


def entry(item: dict, answer: dict, opts: OptionsLike) -> dict:
    return {"meld_points": item["meld_points"], "card_points": item["card_points"]}


def row(answer: dict, opts: OptionsLike) -> dict:
    out = {}
    if "contract" in answer:
        out["contract"] = {k: v for k, v in answer["contract"].items() if k != "meld"}
    if "target" in answer:
        out["target"] = answer["target"]
    return out


def events(answer: dict, before: dict, opts: OptionsLike) -> list[dict]:
    opts = Options.of(opts)
    out = []
    d = answer.get("declared_out")
    if d:
        text = (_("{player} declared out with {total}: right, and wins", player=d["player"], total=d["total"])
                if d["right"] else
                _("{player} declared out with {total}: wrong, and loses", player=d["player"], total=d["total"]))
        out.append({"kind": "declared_out", "rule": "pinochle/6.4", "player": d["player"], "right": d["right"],
                    "text": text})
    if "target" in answer and answer["target"] != (before.get("target") or opts.target):
        out.append({"kind": "target_raised", "rule": "pinochle/6.3", "count": answer["target"],
                    "text": answer["events"][0]["note"]})
    rows = answer.get("sides") or answer["players"]
    key = "side" if "sides" in answer else "player"
    for r in rows:
        for ln in r.get("lines", []):
            if ln["rule"] == "pinochle/7.4":
                out.append({"kind": "meld_lost", "rule": ln["rule"], key: r["id"], "text": ln["item"]})
            elif ln["rule"] in ("pinochle/7.5", "pinochle/8.4") and ln["points"] and r.get("role") != "opponent":
                c = answer["contract"]
                kind = ("concession" if c.get("conceded") else "contract_made" if ln["points"] > 0 else "contract_set")
                out.append({"kind": kind, "rule": ln["rule"], key: r["id"], "points": ln["points"],
                            "text": ln["item"]})
    return out
