"""The score sheet: a whole game's deals scored in one request (``POST /v1/games/{game}/scoresheet``).

One generic loop over each game's ``score``: deal after deal, each deal's ``state_after`` is the next deal's
``state``, and the deal passes to the left.  Each game adds only what its rows show beyond the scores, in its
``sheet`` module (``referee/<game>/sheet.py``): the events of a deal in the table's words (bolts, the barrel, 555,
going out …), any extra a row keeps (the next minimum first meld of Canasta), and who deals next.

Stateless: correcting deal 3 of 15 sends the whole sheet again.
"""
from __future__ import annotations

import importlib
from typing import Any

from . import i18n, registry, service
from .errors import InputError, esc
from .i18n import DEFAULT_LANGUAGE, _

MAX_DEALS = 200          # a long game of Thousand runs to some 40 deals; Canasta to a dozen
ENVELOPE = {"variant", "options", "state", "dealer", "players", "sides"}


def _hooks(game_id: str):
    return importlib.import_module(f"referee.{game_id}.sheet")


def scoresheet(game_id: str, body: Any, lang: str = DEFAULT_LANGUAGE) -> dict:
    """Score every deal of ``body["deals"]`` in order.  Returns ``{game, variant, options, rows, totals, game_over,
    winner, settlement?, citations}``; raises :class:`~referee.errors.InputError` (422) pointing into
    ``/deals/N/...`` for the first deal that cannot be scored, the problem's detail saying the sheet stops there."""
    with i18n.language(lang):
        return _scoresheet(game_id, body)


def _scoresheet(game_id: str, body: Any) -> dict:
    game = registry.get(game_id)
    hooks = _hooks(game_id)
    if not isinstance(body, dict):
        raise InputError(_("the body must be a JSON object"), "")
    known = ENVELOPE & set(service._SCHEMAS[(game_id, "score")].fields) | {"deals"}
    extra = [{"pointer": "/" + esc(k), "detail": _("unknown field: not part of this request's shape")}
             for k in body if k not in known]
    if extra:
        raise InputError(extra)
    deals = body.get("deals")
    if not isinstance(deals, list) or not deals:
        raise InputError(_("give the deals played, in order, at least one"), "/deals")
    if len(deals) > MAX_DEALS:
        raise InputError(_("a sheet holds at most {n} deals", n=MAX_DEALS), "/deals")
    envelope = {k: v for k, v in body.items() if k != "deals"}
    state = envelope.pop("state", None)
    dealer = envelope.pop("dealer", None)
    rows: list[dict] = []
    rules: set[str] = set()
    answer: dict | None = None
    game_, variant, opts = game, None, None
    for i, deal in enumerate(deals):
        if answer is not None and answer.get("game_over"):
            raise InputError(_("the game was over after deal {n}: no deal follows it", n=i), f"/deals/{i}",
                             detail=_stops(i))
        if i and dealer is not None:
            dealer = hooks.next_dealer(envelope, dealer, deal)
        req = dict(envelope, deal=deal)
        if state is not None:
            req["state"] = state
        if dealer is not None:
            req["dealer"] = dealer
        try:
            game_, variant, opts, answer, used = service.judge(game_id, "score", req)
        except InputError as e:
            moved = _moved(e.errors, i)
            # a fault of the deal stops the sheet there; one of the envelope (players, options …) is the sheet's own
            on_deal = any(x.get("pointer", "").startswith("/deals/") for x in moved)
            raise InputError(moved, detail=_stops(i) if on_deal else None) from None
        rules |= used
        before = state
        rows.append(_row(hooks, i, dealer, answer, before, opts))
        state = answer["state_after"]
    assert answer is not None and variant is not None and opts is not None   # one deal at least, each scored
    out = {"game": game_.id, "variant": variant.id, "options": opts, "rows": rows,
           "totals": dict(answer["state_after"]["scores"]), "game_over": bool(answer.get("game_over")),
           "winner": answer.get("winner")}
    if answer.get("settlement") is not None:
        out["settlement"] = answer["settlement"]
    for r in rows:      # each event of a row names the rule that made it
        rules.update(e["rule"] for e in r["events"])
    out["citations"] = service._citations(game_, variant, opts, i18n.current(), rules)
    return out


def _row(hooks, i: int, dealer, answer: dict, before, opts: dict) -> dict:
    keyed = "sides" if "sides" in answer else "players"
    entries = []
    for e in answer[keyed]:
        entries.append({"id": e["id"], "hand_score": e["hand_score"], "total_after": e["total_after"],
                        **hooks.entry(e, answer, opts)})
    row: dict[str, Any] = {"deal": i}
    if dealer is not None:
        row["dealer"] = dealer
    row.update(hooks.row(answer, opts))
    row[keyed] = entries
    row["events"] = hooks.events(answer, before or {}, opts)
    row["state_after"] = answer["state_after"]
    return row


def _moved(errors: list[dict], i: int) -> list[dict]:
    """The faults of deal ``i`` scored alone, their pointers moved into the sheet: ``/deal/...`` → ``/deals/i/...``
    (the envelope's own fields keep theirs)."""
    out = []
    for e in errors:
        p = e.get("pointer", "")
        if p == "/deal" or p.startswith("/deal/"):
            p = f"/deals/{i}" + p[len("/deal"):]
        elif i and (p == "/state" or p.startswith("/state/")):
            p = f"/deals/{i}"           # the state of a later deal is the sheet's own: the deal is what cannot be
        out.append({**e, "pointer": p})
    return out


def _stops(i: int) -> str:
    return _("deal {n} cannot be scored, so the sheet stops there: the deals before it are in order",
             n=i + 1)
