"""Canasta: the game before the deal: the sides and their seats (canasta/1.1), the totals before the deal and the
target in force (canasta/7.1, 7.2), the player sitting out and a player of the deal named at a field."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..common import NOT_A_PLAYER, distinct_names, missing_scores
from ..errors import InputError, esc, tell
from ..i18n import N_, _, alternatives, ngettext, number
from .deal import Layout
from .options import Options, OptionsLike
from .read import NO, NOT_A_SIDE, faults, refuse

if TYPE_CHECKING:       # the request records (the schemas' layer: read here, never imported at run time)
    from schemas.canasta_records import (
        CheckRequest,
        ScoreRequest,
        Side,
        ValidateRequest,
    )


# of equal sides that is not one of them is told (five are told theirs whatever the sizes)
_ALONE = N_("with two or three players each plays for himself: one player per side")
PARTNERSHIPS = {2: ([[1, 1]], _ALONE), 3: ([[1, 1, 1]], _ALONE),
                4: ([[2, 2]], N_("four play as two partnerships of two")),
                5: ([[2, 3]], N_("five play as a pair against a trio")),
                6: ([[3, 3], [2, 2, 2]], N_("six play as two sides of three or three sides of two"))}


def player_at(value: str | None, layout: Layout, ptr: str) -> str:
    """One of the players, or InputError at ``ptr``."""
    players = {"players": list(layout.seats), "player": value, "name": repr(value), "value": value}
    refuse((value is None, N_("name the player (one of {players})"), players, ptr),
            (value == layout.sitting_out, N_("{player} sits this deal out: the players are {players}"), players, ptr),
            (value not in layout.side_of, NOT_A_PLAYER, players, ptr))
    assert value is not None
    return value


def parse_table(req: ScoreRequest | CheckRequest | ValidateRequest, variant,
                opts: OptionsLike) -> tuple[Layout, dict[str, int], int]:
    """The sides in seat order, their totals before the deal and the game target (canasta/1.1, 7.2)."""
    opts = Options.of(opts)
    sides = req.sides
    layout = Layout.of([{"id": s.id, "players": s.players} for s in sides])
    sizes = _seating(sides, layout, variant)
    scores = _scores_before(req, layout.sides, opts)
    players = list(layout.side_of)              # in the sides' order (all different by now)
    target = _target_of(opts, scores, len(players))
    alone = sizes[-1] < 2                       # the largest side has one player
    dealer = getattr(req, "dealer", None)          # validate's body names no dealer
    refuse((opts.double_ending, not alone,
             N_("the double ending is laid by a partner: it needs sides of two or more"), NO,
             "/options/double_ending"),
            (opts.ask_required, not alone, N_("a player asks his partner: asking needs sides of two or more"), NO,
             "/options/ask_required"),
            (dealer is not None, dealer in players, NOT_A_PLAYER,
             {"name": repr(dealer), "players": players, "value": dealer}, "/dealer"))
    return layout, scores, target


ALL_DIFFERENT = N_("side ids and player names must all be different, ignoring case and Unicode normalisation (a "
                   "one-player side may bear its player's name)")


def _seating(sides: list[Side], layout: Layout, variant) -> list[int]:
    """The sides' sizes from the smallest, the sides given (``sides``, read into ``layout``) having names all
    different, as many players as the variant is played by, in the partnerships canasta/1.1 allows for their
    number."""
    ids = layout.sides
    players = layout.seats          # every name given (one given twice, twice)
    # a side may bear its only player's name; otherwise ids and names are all different
    clash = any(layout.members[name] != [name] for name in layout.members.keys() & layout.side_of.keys())
    sizes = sorted(map(len, layout.members.values()))       # (a side given twice is told first)
    allowed, why = PARTNERSHIPS.get(len(players), ([sizes], ""))
    refuse((not distinct_names(ids), ALL_DIFFERENT, NO, "/sides"),
            (not distinct_names(players), ALL_DIFFERENT, NO, "/sides"),
            (clash, ALL_DIFFERENT, NO, "/sides"),
            # the variant by its name in the reader's language, never its ID inside the sentence
            (len(players) not in variant.players, N_("“{variant}” is played by {want} players, not {n}"),
             {"variant": _(variant.title), "want": alternatives(variant.players), "n": len(players)}, "/sides"),
            # sides of unequal sizes are told so, except with five, who are told their pair and trio
            (sizes not in allowed, len(set(sizes)) > 1, why, NO, "/sides"),
            (sizes not in allowed, len(players) != 5, why, NO, "/sides"),
            (sizes not in allowed, N_("every side has the same number of players"), NO, "/sides"))
    return sizes


def _scores_before(req: ScoreRequest | CheckRequest | ValidateRequest, ids: list[str],
                   opts: Options) -> dict[str, int]:
    """Each side's total before the deal (``state.scores``, 0 when not given; multiples of 5, canasta/7.1), and
    the deals played under option max_rounds (canasta/7.2)."""
    scores = dict.fromkeys(ids, 0)
    state = req.state or _NO_STATE
    rounds = rounds_of(req)                     # 0 when not given: under any limit (at least 1)
    if opts.max_rounds is not None and rounds >= opts.max_rounds:
        raise InputError(ngettext("{rounds} deals are played: the game ended after {n}",
                                  "{rounds} deals are played: the game ended after {n}",
                                  opts.max_rounds, rounds=rounds), "/state/rounds")
    given = state.scores or {}
    # a name that is no side, then a side left out (the one it may stand for), then the totals that are no
    # multiple of 5: all said at once, as in the other games
    tell(faults(*((k not in scores, NOT_A_SIDE, {"name": repr(k), "sides": ids, "value": k},
                   f"/state/scores/{esc(k)}") for k in given))
               + missing_scores({"scores": state.scores, "rounds": rounds}, ids, ("rounds",), sides=True)
               + faults(*((v % 5, N_("a side's total: an integer multiple of 5 (every card and bonus is)"), NO,
                           f"/state/scores/{esc(k)}") for k, v in given.items())))
    scores.update(given)
    return scores


@dataclass(frozen=True)
class _NoState:
    """Stands for the ``state`` a request leaves out: a new game."""

    scores: None = None
    rounds: None = None


_NO_STATE = _NoState()


SIX_PLAYER_TARGETS = {2: 10000, 3: 7500}    # the six-player game's target by its number of sides (canasta/7.2)


def _target_of(opts: Options, scores: dict[str, int], n_players: int) -> int:
    """The game's target (canasta/7.2): option target, or by the sides of the six-player game (10,000 for two,
    7,500 for three); no side is at or past it yet."""
    refuse((opts.target is None, n_players == 6,
             N_("without a target only the six-player game picks one, by its sides; with {n} players give the target"),
             {"n": n_players}, "/options/target"))
    target = opts.target if opts.target is not None else SIX_PLAYER_TARGETS[len(scores)]
    refuse(*((v >= target, N_("{side} already has {total}, at or past the target of {target}: the game is over"),
               {"side": k, "total": number(v), "target": number(target)}, f"/state/scores/{esc(k)}")
              for k, v in scores.items()))
    return target


def rounds_of(req: ScoreRequest | CheckRequest | ValidateRequest) -> int:
    """Deals already played (``state.rounds``), for the round limit (canasta/7.2)."""
    return (req.state or _NO_STATE).rounds or 0


def sitting_out(value: str | None, layout: Layout, ptr: str) -> str | None:
    """The trio member who sits this deal out in the five-player game (canasta/1.1), or None."""
    five = len(layout.seats) == 5
    trio = deal_layout_trio(layout)
    named = value is not None
    refuse((five, named, N_("with five players one member of the trio sits out: name him"), NO, ptr),
            (named, five, N_("only the five-player game has a player sitting out"), NO, ptr),
            (named, value in trio, N_("the player sitting out is one of the trio ({players})"),
             {"players": trio}, ptr))
    return value


def deal_layout_trio(layout: Layout) -> list[str]:
    """The players of the five-player game's trio (canasta/1.1); none where no side has three."""
    return next((layout.members[sid] for sid in layout.sides if len(layout.members[sid]) == 3), [])
