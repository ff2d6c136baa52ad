"""Thousand: a request's ``state`` (the game before the deal, a typed record of :mod:`schemas.thousand`) into a
:class:`~.scoring.GameState`, checked for counters and totals that the seats and the rules make impossible."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..common import missing_scores, not_a_player
from ..errors import esc, tell
from ..i18n import N_, _, ngettext
from .options import Options, OptionsLike
from .read import faults_of, given
from .scoring import GameState

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import Barrel, Golden, PriorState


def parse_state(raw: PriorState | None, players: list[str], opts: OptionsLike) -> GameState:
    """The game before the deal (``state``), checked for totals that cannot happen.

    The request schema (schemas/thousand.py ``GameStateSchema``) has given every counter its type and range; this
    checks what needs the seats and the rules: counters of known players within the rules' bounds, then totals
    that the rules make impossible (thousand/12.3, 14.1, 15.1, 16.1).
    """
    opts = Options.of(opts)
    st = GameState.fresh(players)
    if raw is None:
        return st
    errors = _state_golden(raw.golden, st, players)
    shape = given(raw)      # the parts of the state given
    for key in ("scores", "bolts", "concessions", "barrel", "concession_run"):
        for name, val in shape.get(key, {}).items():
            ptr = f"/state/{key}/{esc(name)}"
            if name not in players:
                errors.append({"pointer": ptr, "detail": not_a_player(name, players)})
            else:
                errors += _READ.get(key, _state_counter)(st, key, name, val, ptr, opts)
    if raw.golden is not None:      # a golden round given with no counter says nothing of a game under way
        shape["golden"] = given(raw.golden)
    errors += missing_scores(shape, players, ("concessions", "bolts", "barrel", "golden", "concession_run"))
    errors += [{"pointer": f"/state/concession_run/{esc(p)}",
                "detail": ngettext("{player} has made {n} concession, so cannot have {run} in a row",
                                   "{player} has made {n} concessions, so cannot have {run} in a row",
                                   st.concessions[p], player=p, run=n)}
               for p, n in st.concession_run.items() if n > st.concessions[p]]
    tell(errors)
    # the totals and the barrel's seats, read once every player's counters are (a total left out is not known)
    errors = []
    for p, s in st.scores.items():
        errors += _impossible_total(p, s, st, players, opts)
    tell(errors + _crowded_barrel(st, players, opts))
    return st


def _state_golden(g: Golden | None, st: GameState, players: list[str]) -> list[dict]:
    """thousand/18.1: ``state.golden`` (``{"played", "made", "over"}``) into ``st.golden``; golden deals played in a
    round under way run from 0 to one less than the players, and a finished round has none in play."""
    if g is None:
        return []
    played, made, over = g.played or 0, bool(g.made), bool(g.over)     # played: 0 up (the schema's)
    st.golden = {"played": played, "made": made and played > 0, "over": over}
    return faults_of(((played >= len(players), N_("golden deals played in the round: from 0 to one less than the "
                                                  "players"), "/state/golden/played"),
                      (played and over, N_("a finished golden round has no deals in play"), "/state/golden/over")))

def _state_barrel(st: GameState, _key: str, name: str, val: Barrel, ptr: str, opts: Options) -> list[dict]:
    """thousand/14.2, 14.6: a player's barrel counters into ``st.barrel``: deals on the barrel below
    ``barrel_deals``, falls below ``barrel_reset_after_falls`` (below 1000 with no such rule)."""
    st.barrel[name] = {"deals": val.deals, "falls": val.falls}
    errors = []
    for k, hi in (("deals", opts.barrel_deals - 1), ("falls", (opts.barrel_reset_after_falls or 1000) - 1)):
        if not 0 <= getattr(val, k) <= hi:
            errors.append({"pointer": f"{ptr}/{k}", "detail": _("must be an integer from 0 to {high}", high=hi)})
    return errors


# what a counter of ``state`` is told past its bounds (0 to the high bound: thousand/13.2, 9.3, 9.4); totals
# (``scores``) are checked by :func:`_impossible_total`
_COUNTER_WHY = {"bolts": N_("a bolt counter runs from 0 to 2 (the third is paid)"),
                "concession_run": N_("a run of concessions counts from 0 to 2 (the third is paid)"),
                "concessions": N_("impossible number of concessions")}


def _state_counter(st: GameState, key: str, name: str, val: int, ptr: str, opts: Options) -> list[dict]:
    """A player's count under ``state.<key>``, into ``st``: bolts 0–2 (thousand/13.2), a run of concessions 0–2 (9.3),
    concessions 0 to ``rospis_max`` (9.4, no bound without one); a total (``scores``) is checked by
    :func:`_impossible_total`."""
    getattr(st, key)[name] = val
    high = {"bolts": 2, "concession_run": 2, "concessions": opts.rospis_max}.get(key, val)
    if key not in _COUNTER_WHY or 0 <= val <= (val if high is None else high):
        return []
    return [{"pointer": ptr, "detail": _(_COUNTER_WHY[key])}]


_READ = {"barrel": _state_barrel}     # the reader of each part of ``state`` that is not a count per player


# the totals that cannot happen, each with why (thousand/12.3, 15.1, 16.1, 14.1): the first that applies is told
_FIVES = {True: N_("{total} cannot happen: with three players every score is a multiple of 5"),
          False: N_("{total} cannot happen: under these options every score is a multiple of 5")}
_DUMPED = {"off": (), "positive": (555,), "both": (555, -555)}     # the totals dump_555 drops to 0


def _impossible_total(p: str, s: int, st: GameState, players: list[str], opts: Options) -> list[dict]:
    """Player ``p``'s total ``s`` (game points) against the rules: a multiple of 5 (thousand/12.3; a four-player
    sitter's raw talon points excepted, 3.6), below the target (15.1), not a dumped 555 (16.1), not between the
    barrel and the target (14.1); barrel deals only for a player on the barrel (14.2)."""
    T, target = opts.barrel_threshold, opts.target
    ptr = f"/state/scores/{esc(p)}"
    fives = (len(players), opts.sitter_scoring) != (4, "talon_points")
    barrel = opts.barrel == "barrel"
    return faults_of(((s % 5 != 0 and fives, _FIVES[len(players) == 3], ptr),
                      (s >= target, N_("{total} has already reached the target {target}: the game is over"), ptr),
                      (s in _DUMPED[opts.dump_555], N_("{total} cannot happen: a total of exactly {total} drops to 0"),
                       ptr),
                      (barrel and T < s < target, N_("{total} cannot happen: totals from {threshold} to {last} are "
                                                     "held at {threshold}"), ptr),
                      (st.barrel[p]["deals"] and not (barrel and s == T),
                       N_("{player} is not on the barrel (total {total}), so has no barrel deals"),
                       f"/state/barrel/{esc(p)}/deals")),
                     total=s, target=target, threshold=T, last=target - 1, player=p)


# how many may sit on the barrel (thousand/14.5), by (barrel, barrel_collision, players), and what the others are
# told: only the barrel proper seats anyone (a lock or no barrel none), and under coexist any number
_SEATS = {("barrel", "knock_off", 2): 1, ("barrel", "knock_off", 3): 1, ("barrel", "knock_off", 4): 1,
          ("barrel", "two_fall_together", 2): 1, ("barrel", "two_fall_together", 3): 1,
          ("barrel", "two_fall_together", 4): 2}
_CROWDED = {1: N_("{player} cannot be on the barrel too: {other} already sits there, and only one player can sit on "
                  "the barrel (whoever reaches it knocks the one there off, and two reaching it in the same deal both "
                  "fall)"),
            2: N_("{player} cannot be on the barrel too: two players already sit there, and no more than two can sit "
                  "on the barrel (a third reaching it knocks both off)")}


def _crowded_barrel(st: GameState, players: list[str], opts: Options) -> list[dict]:
    """More players on the barrel than the collision rule lets sit there (thousand/14.5).

    Only the barrel proper has sitters (a total held at the threshold); a lock or no barrel has none, and under
    ``coexist`` any number may sit.  ``knock_off`` seats one; ``two_fall_together`` two with four players, one with
    three (as the engine settles it).  Those who have used more barrel deals were there first; the others, in seat
    order, are the ones that cannot be there, each pointed at by their total."""
    seats = _SEATS.get((opts.barrel, opts.barrel_collision, len(players)), len(players))     # any number: all
    sitters = sorted((p for p in players if st.scores[p] == opts.barrel_threshold),
                     key=lambda p: (-st.barrel[p]["deals"], players.index(p)))
    return [{"pointer": f"/state/scores/{esc(p)}", "detail": _(_CROWDED[seats], player=p, other=sitters[0])}
            for p in sitters[seats:]]
