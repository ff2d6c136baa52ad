"""Pinochle: the game before the deal — ``state``, the totals and the target in force (pinochle/6.2, 6.3, 7.7)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..common import missing_scores
from ..errors import InputError, esc, refuse_first
from ..i18n import _
from .deal import side_ids, side_key
from .options import Options, OptionsLike
from .scoring import ESCALATION

if TYPE_CHECKING:       # the request's records (schemas/pinochle.py), named in annotations only
    from schemas.pinochle import Standing


def parse_state(req: Any, players: list[str], opts: OptionsLike) -> tuple[dict[str, int], int]:
    """``state``: ``{"scores": {player or side: n}, "target": n}`` → (scores, target).

    The score keys, players or sides, are read first (:func:`_named_scores`); then the standing is judged as one
    table of checks (:func:`_standing_faults`), the first that fails refused: the target in force (pinochle/6.3),
    nothing carried into a one-deal game (6.3), each score a total the rounding allows (6.2) and short of the
    target, and the target's rise borne out by the totals (6.3, 7.7).  The schema gives the types (an object of
    integers, an integer target).
    """
    opts = Options.of(opts)
    keys = side_ids(players) if len(players) == 4 else players
    scores = dict.fromkeys(keys, 0)
    raw: Standing | None = req.state
    if raw is None:
        return scores, opts.target
    named = _named_scores(raw.scores or {}, players, scores)
    target = opts.target if raw.target is None else raw.target
    refuse_first(_standing_faults(named, scores, raw.target, target, len(players), opts))
    return scores, target


def _named_scores(given: dict, players: list[str], scores: dict[str, int]) -> dict[str, tuple[str, int]]:
    """``state.scores`` by player (two-handed, three-hand) or by side (partnership, a side named by either partner
    or by its id), each set in ``scores`` (``{player or side id: total}``, every key there): ``{player or side id:
    (the key as written, its score)}``.  Keys not recognised and a side named twice are refused, each at its own
    place, with the totals then missing at theirs (none missing when no score is given: a new game)."""
    four, keys = len(players) == 4, list(scores)
    named: dict[str, tuple[str, int]] = {}
    errors = []
    for k, v in given.items():
        key = side_key(k, players) if four else k
        if key not in keys:
            errors.append({"pointer": f"/state/scores/{esc(k)}",
                           "detail": _("{name} is not a side: the sides are {first} and {second}, partners sitting "
                                       "opposite", name=repr(k), first=keys[0], second=keys[-1])
                           if four else
                           _("{name} is not one of {keys}", name=repr(k), keys=", ".join(keys))})
        elif key in named:
            errors.append({"pointer": f"/state/scores/{esc(k)}",
                           "detail": _("{name} names the side {side} again", name=repr(k), side=key)})
        else:
            named[key], scores[key] = (k, v), v
    # the keys not recognised, each at its own place; the totals then missing, at theirs
    errors += missing_scores({"scores": named}, keys)
    if errors:
        raise InputError(errors)
    return named


def _standing_faults(named: dict[str, tuple[str, int]], scores: dict[str, int], given_target: int | None,
                     target: int, n: int, opts: Options) -> Iterator[tuple[object, str, str]]:
    """The checks of a standing, ``(broken, message, pointer)``: the target's first, then each total's (worked out
    only once the target is one in force), then the target's rise.  ``named``: ``{id: (key as written, score)}``;
    ``scores``: every player's or side's total (0 when no score is given: a new game); ``given_target``:
    ``state.target`` as given, ``target`` the one in force (the option's when left out); ``n``: the players.

    The target is the option's or a later step of :data:`ESCALATION` (250) above it, and rises only two-handed (the
    auction forms score the bid first, pinochle/7.7, 8.4); the one-deal game carries no score other than 0 and no
    target other than the option's (6.3); with rounding to tens (option ``rounding`` other than ``none``, card
    points other than ``ace_ten_kq``) every total is a multiple of 10 (6.2); every total is short of the target (one
    that reached it ended the game or raised the target, 6.3, 7.7), two-handed none below 0; and a risen target is
    borne out by the totals (option ``target_rise``: ``by_step``, both passed the step below; ``above_both``, both
    passed the base target and one the step below)."""
    one_deal, base = opts.one_deal_game, opts.target
    tens = opts.rounding != "none" and opts.card_points != "ace_ten_kq"
    yield one_deal and given_target not in (None, base), _("the one-deal game has no target to rise"), "/state/target"
    yield (target not in range(base, target + 1, ESCALATION),
           _("the target is {target} or a later step of {step} above it", target=base, step=ESCALATION),
           "/state/target")
    # the bidding side counts first (7.7), and only the bidder scores in three-hand play (8.4)
    yield target != base and n != 2, _("the target never rises in this form: it is {target}", target=base), \
        "/state/target"
    for k, v in named.values():
        yield (one_deal and v != 0, _("in the one-deal game each deal is a game of its own: no score is carried into "
                                      "it"), f"/state/scores/{esc(k)}")
        yield v % 10 and tens, _("{score} cannot happen: with rounding every score is a multiple of 10", score=v), \
            f"/state/scores/{esc(k)}"
        # the game would have ended with the deal that brought this total (pinochle/6.3, 7.7)
        yield (v >= target, _("{score} has already reached the target {target}; the target should have risen or the "
                              "game ended", score=v, target=target) if n == 2 else
               _("{score} has already reached the target {target}: the game ended with that deal", score=v,
                 target=target), f"/state/scores/{esc(k)}")
        yield n == 2 and v < 0, _("two-handed scores never go below 0"), f"/state/scores/{esc(k)}"
    if target > base:        # risen: what option target_rise asks of the totals
        low, high, step = min(scores.values()), max(scores.values()), target - ESCALATION
        yield {"by_step": (low < step, _("the target rose to {target} only because both passed {passed}",
                                         target=target, passed=step), "/state/target"),
               "above_both": (high < step or low < base,
                              _("the target rose to {target} only because both passed {base} and one of them "
                                "{passed}", target=target, base=base, passed=step), "/state/target")}[opts.target_rise]
