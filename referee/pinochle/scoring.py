"""Pinochle scoring: the two-handed deal and game (pinochle/6.x), the partnership deal (7.4–7.7) and the
three-hand auction deal (8.4).

* :func:`round_points` / :func:`round_one`: card points rounded to tens under option ``rounding`` (pinochle/6.2).
* :func:`score_two`: a two-handed deal from its :class:`~referee.pinochle.deal.DealState`, with the game result
  (:func:`game_result_two`: the target, its rise by 250 when both pass it, declaring out).
* :func:`score_partnership` / :func:`score_three`: the auction forms, from each player's meld and card points.
* :func:`state_after`: the ``state`` to send with the next deal.

Each player's (or side's) ``lines`` add up to its ``hand_score``.  Each score answer carries ``_rules``, every rule it
shows (its lines', the contract's, its events'), which the service cites without walking the answer.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..i18n import _
from .cards import points_of
from .deal import DealState, side_ids, side_of
from .melds import MeldName, meld_in_hand
from .options import Options, OptionsLike

ESCALATION = 250


def round_points(a: int, b: int, rule: str, a_last: bool) -> tuple[int, int]:
    """Round two players' card points to tens (pinochle/6.2); ``a_last``: a took the last trick."""
    def strict(x):
        return (x // 10) * 10 + (10 if x % 10 >= 7 else 0)
    if rule == "none":
        return a, b
    ra, rb = strict(a), strict(b)
    if rule == "conserve_250" and ra + rb < a + b and (a + b) % 10 == 0:
        # our reading: the 10 lost by rounding goes to the higher units, or on a tie to the last trick
        if a % 10 > b % 10 or (a % 10 == b % 10 and a_last):
            ra += 10
        else:
            rb += 10
    return ra, rb


def round_one(x: int, rule: str) -> int:
    if rule == "none":
        return x
    return (x // 10) * 10 + (10 if x % 10 >= 7 else 0)


def game_result_two(players, scores, totals, target, declared, opts: OptionsLike) -> tuple[bool, str | None, int, str]:
    """pinochle/6.3, 6.4: ``(game over, winner, target, rule)``: the winner, or a higher target when both pass it.

    Both past the target: it rises by 250 while both are past it (option ``target_rise``: ``by_step``), so that a
    player past the risen target alone wins; or (``above_both``) until neither has reached it, and play goes on.
    """
    opts = Options.of(opts)
    a, b = players
    if declared:
        p = declared["player"]
        winner = p if declared["right"] else (b if p == a else a)
        return True, winner, target, "pinochle/6.4"
    if opts.target_rise == "above_both" and all(totals[p] >= target for p in players):
        while any(totals[p] >= target for p in players):
            target += ESCALATION
        return False, None, target, "pinochle/6.3"
    while all(totals[p] >= target for p in players):
        target += ESCALATION  # both past it: the game goes on to the next step
    over = [p for p in players if totals[p] >= target]
    if over:
        return True, over[0], target, "pinochle/6.3"
    return False, None, target, "pinochle/6.3"


def score_two(players, dealer, opts: OptionsLike, scores, target, st: DealState) -> dict:
    """A two-handed deal played through ``st``: each player's meld, rounded card points and new total, and the
    game result (the target, its rise, a declaration out)."""
    opts = Options.of(opts)
    lines: dict[str, list[dict]] = {p: [] for p in players}
    meld_total = {p: st.meld_total(p) for p in players}
    if st.dealer_dix(dealer):
        lines[dealer].append({"item": _("dix {card} turned up: dealer scores 10", card=st.turned_up), "points": 10,
                              "rule": "pinochle/2.2"})
    for m in st.melds:
        item = m.get("item") or _("{meld} (class {cls})", meld=MeldName(m["meld"]), cls=m["class"])
        lines[m["player"]].append({"item": item, "points": m["points"],
                                   "rule": "pinochle/4.7" if m["meld"] == "dix" else "pinochle/4.1"})
    a, b = players
    won: Mapping[str, int | None] = st.won      # None: tricks the pad form leaves out (typed so for mypyc)
    raw = {p: st.captured[p] for p in players}
    ra, rb = round_points(raw[a], raw[b], opts.rounding, st.last_trick == a)
    card = {a: ra, b: rb}
    for p in players:
        if raw[p] == card[p]:                  # nothing to round: the rounding is not said
            item = (_("{raw} card points incl. the last trick 10", raw=raw[p])
                    if st.last_trick == p else _("{raw} card points", raw=raw[p]))
        else:
            item = (_("{raw} card points incl. the last trick 10, rounded to {points}", raw=raw[p], points=card[p])
                    if st.last_trick == p else _("{raw} card points, rounded to {points}", raw=raw[p], points=card[p]))
        lines[p].append({"item": item, "points": card[p], "rule": "pinochle/6.2"})
    totals = {p: scores[p] + meld_total[p] + card[p] for p in players}
    if opts.one_deal_game:
        # pinochle/6.3, the one-deal game: the higher score for the deal wins; equal scores, nobody
        deal = {p: meld_total[p] + card[p] for p in players}
        winner = a if deal[a] > deal[b] else b if deal[b] > deal[a] else None
        note = (_("one-deal game: {player} wins, {high} to {low}", player=winner, high=deal[winner],
                  low=min(deal.values())) if winner else
                _("one-deal game: {score} each, a tie: nobody wins", score=deal[a]))
        out_players = [{"id": p, "meld_points": meld_total[p], "raw_card_points": raw[p], "card_points": card[p],
                        "tricks": won[p], "lines": lines[p], "hand_score": deal[p],
                        "total_before": scores[p], "total_after": totals[p]} for p in players]
        return {"trump": st.trump, "players": out_players, "declared_out": None, "target": target,
                "game_over": True, "winner": winner, "events": [{"rule": "pinochle/6.3", "note": note}],
                "_rules": _line_rules(lines.values()) | {"pinochle/6.3"}}
    over, winner, new_target, rule = game_result_two(players, scores, totals, target, st.declared, opts)
    out_players = [{"id": p, "meld_points": meld_total[p], "raw_card_points": raw[p], "card_points": card[p],
                    "tricks": won[p], "lines": lines[p], "hand_score": meld_total[p] + card[p],
                    "total_before": scores[p], "total_after": totals[p]} for p in players]
    return {"trump": st.trump, "players": out_players, "declared_out": st.declared, "target": new_target,
            "game_over": over, "winner": winner, "events": [{"rule": rule, "note": _result_note(over, winner,
                                                                                                  new_target, target)}],
            "_rules": _line_rules(lines.values()) | {rule}}


def _line_rules(lines: Iterable[list[dict]]) -> set[str]:
    """The rules of score lines (``lines``: the lists of each player's or side's lines)."""
    return {x["rule"] for ls in lines for x in ls}


def _result_note(over, winner, new_target, target):
    if over:
        return _("{player} wins", player=winner)
    if new_target != target:
        return _("both passed {target}: the game goes on to {new_target}", target=target, new_target=new_target)
    return _("the game goes on")


def meld_saved(side_pts: int, side_tricks: int, opts: OptionsLike) -> bool:
    opts = Options.of(opts)
    return side_tricks > 0 if opts.meld_save == "one_trick" else side_pts >= 20


def score_partnership(players, opts: OptionsLike, scores, target, declarer, bid, melds, captured, won, last,
                      took: dict[str, bool] | None = None) -> dict:
    """The partnership deal (pinochle/7.4–7.7), per side.  ``won`` may hold None (the pad's form without the
    tricks taken): ``took`` then says whether each side won a trick, for its meld (7.4)."""
    opts = Options.of(opts)
    sides = side_ids(players)
    members = {sides[0]: [players[0], players[2]], sides[1]: [players[1], players[3]]}
    bid_side = side_of(players, declarer)
    out_sides = []
    totals = {}
    for s in sides:
        meld = sum(melds[p]["points"] for p in members[s])
        raw = sum(captured[p] for p in members[s])
        tricks = None if any(won[p] is None for p in members[s]) else sum(won[p] for p in members[s])
        pts = round_one(raw, opts.rounding)
        lines = []
        saved = meld_saved(raw, tricks if tricks is not None else int(bool(took and took[s])), opts)
        if not saved and meld:
            lines.append({"item": _("meld {meld} lost: the side took no trick", meld=meld)
                          if opts.meld_save == "one_trick"
                          else _("meld {meld} lost: fewer than 20 card points", meld=meld), "points": 0,
                          "rule": "pinochle/7.4"})
        counted = meld if saved else 0
        if s == bid_side:
            made = counted + pts >= bid
            hand = counted + pts if made else -bid
            item = (_("bid {bid} made: meld {meld} + card points {points} = {total}", bid=bid, meld=counted,
                      points=pts, total=counted + pts) if made else
                    _("bid {bid} set: meld {meld} + card points {points} = {total}", bid=bid, meld=counted,
                      points=pts, total=counted + pts))
            lines.append({"item": item, "points": hand, "rule": "pinochle/7.5"})
        else:
            hand = counted + pts
            lines.append({"item": _("meld {meld} + card points {points}", meld=counted, points=pts), "points": hand,
                          "rule": "pinochle/7.6"})
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
            "events": [{"rule": "pinochle/7.7",
                        "note": _("{player} wins", player=winner) if winner else _("the game goes on")}],
            "_rules": _line_rules(o["lines"] for o in out_sides) | {"pinochle/7.5", "pinochle/7.7"}}


def score_three(players, opts: OptionsLike, scores, target, declarer, bid, meld, captured, won, conceded, last) -> dict:
    opts = Options.of(opts)
    out = []
    totals = {}
    raw = captured[declarer] if not conceded else 0
    pts = round_one(raw, opts.rounding)
    made = None
    for p in players:
        lines = []
        if p == declarer:
            if conceded:
                hand = -bid
                lines.append({"item": _("bid {bid} conceded before the first lead: single bete", bid=bid),
                              "points": hand,
                              "rule": "pinochle/8.4"})
            else:
                made = meld["points"] + pts >= bid
                hand = bid if made else -2 * bid
                # the sum, then what it scores, last: the line ends with its points, read once
                item = (_("bid {bid} made: meld {meld} + card points {points} = {total}, scores {score}", bid=bid,
                          meld=meld["points"], points=pts, total=meld["points"] + pts, score=hand) if made else
                        _("bid {bid} failed: meld {meld} + card points {points} = {total}; double bete, scores "
                          "{score}", bid=bid, meld=meld["points"], points=pts, total=meld["points"] + pts,
                          score=hand))
                lines.append({"item": item, "points": hand,
                              "rule": "pinochle/8.4"})
        else:
            hand = 0
            lines.append({"item": _("opponents score nothing in the auction game"), "points": 0,
                          "rule": "pinochle/8.4"})
        totals[p] = scores[p] + hand
        out.append({"id": p, "role": "bidder" if p == declarer else "opponent",
                    "meld_points": meld["points"] if p == declarer and not conceded else 0,
                    "raw_card_points": captured[p] if not conceded else 0,
                    "card_points": ((pts if p == declarer else round_one(captured[p], opts.rounding))
                                    if not conceded else 0),
                    "tricks": won[p], "lines": lines, "hand_score": hand, "total_before": scores[p],
                    "total_after": totals[p]})
    winner = declarer if totals[declarer] >= target else None
    return {"contract": {"declarer": declarer, "bid": bid, "conceded": conceded, "made": made, "meld": meld["melds"],
                         "rule": "pinochle/8.4"},
            "players": out, "game_over": winner is not None, "winner": winner,
            "events": [{"rule": "pinochle/6.3",
                        "note": _("{player} wins", player=winner) if winner else _("the game goes on")}],
            "_rules": _line_rules(o["lines"] for o in out) | {"pinochle/8.4", "pinochle/6.3"}}


def state_after(res: dict) -> dict:
    """The ``state`` to send with the next deal: the new totals (per side in the partnership game) and, two-handed,
    the target as it stands after any rise (pinochle/6.3)."""
    rows = res.get("sides") or res["players"]
    out: dict = {"scores": {r["id"]: r["total_after"] for r in rows}}
    if "declared_out" in res:
        out["target"] = res["target"]
    return out


def hand_meld(cards, trump: str, opts: OptionsLike) -> dict:
    """All the meld ``cards`` hold at once (pinochle/4.10): ``{"melds": [...], "points": n}``."""
    opts = Options.of(opts)
    found = meld_in_hand(cards, trump, opts)
    return {"melds": found, "points": sum(m["points"] for m in found)}


def score_deal(st: DealState, scores: dict[str, int], target: int) -> dict:
    """The score answer of a deal a log has played to its end through ``st`` (any form)."""
    players, opts = st.players, st.opts
    if st.n == 2:
        return score_two(players, st.dealer, opts, scores, target, st)
    if st.n == 4:
        melds = {p: hand_meld(st.dealt[p], st.trump_suit, opts) for p in players}
        return score_partnership(players, opts, scores, target, st.declarer, st.bid, melds, st.captured,
                                 st.won, st.last_trick)
    cap = dict(st.captured)
    if st.buried and st.declarer is not None:     # buried by the bidder, after the auction (pinochle/8.3)
        cap[st.declarer] += points_of(st.buried, opts)
    meld = hand_meld(st.kept, st.trump, opts) if st.trump else {"melds": [], "points": 0}
    return score_three(players, opts, scores, target, st.declarer, st.bid, meld, cap, st.won, st.conceded,
                       st.last_trick)
