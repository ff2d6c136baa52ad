"""A Thousand deal as a pulka writes it down: the declarer, the contract, each player's card points with the last one
left to be worked out (120 less the others), the marriages announced, and whether each player took a trick
(``took_trick``) in place of the number of tricks each took, since only "no trick" decides anything (a bolt,
thousand/13.1; a marriage's points, thousand/10.3).

It is read through the card-points form of :func:`.parse.outcome_from_deal`: the deal is possible when some
numbers of tricks agreeing with ``took_trick`` make it so, and every check of that form applies.  The answer then
gives ``tricks: null`` for every player, since the deal does not say how many each took.
"""
from __future__ import annotations

from itertools import product

from ..errors import InputError, esc
from ..i18n import _
from .cards import TOTAL_POINTS, card_points
from .deal import Layout
from .options import Options, OptionsLike
from .parse import _dead_cards, outcome_from_deal
from .scoring import DealOutcome, GameState


def is_pad(deal: dict) -> bool:
    """Whether the deal uses the pad's form: ``took_trick``, or card points with a player's left out."""
    return deal.get("took_trick") is not None or (
        deal.get("points") is not None and deal.get("tricks") is None and not deal.get("conceded"))


def outcome(deal: dict, layout: Layout, opts: OptionsLike, state: GameState) -> tuple[DealOutcome, bool]:
    """The deal's outcome, and whether the trick counts are unknown (``took_trick`` given).

    A fault found in the card points worked out for the player left out is laid on the field that decides them,
    never on the points the request lacks: that player's ``took_trick`` (or ``tricks_taken``) where one is given,
    else the card points given (``/deal/points``)."""
    opts = Options.of(opts)
    try:
        return _outcome(deal, layout, opts, state)
    except InputError as e:
        pts = deal.get("points")
        missing = [p for p in layout.active if p not in pts] if pts is not None else []
        if len(missing) != 1:
            raise
        absent = f"/deal/points/{esc(missing[0])}"
        if not any(x.get("pointer", "") == absent or x.get("pointer", "").startswith(absent + "/")
                   for x in e.errors):
            raise
        where = "/deal/points"
        for key in ("took_trick", "tricks_taken"):
            given = deal.get(key)
            if given is not None and missing[0] in given:
                where = f"/deal/{key}/{esc(missing[0])}"
                break
        moved = [{**x, "pointer": where} if x.get("pointer", "") == absent or x.get("pointer", "").startswith(
            absent + "/") else x for x in e.errors]
        raise InputError(moved, detail=e.detail) from None


def _outcome(deal: dict, layout: Layout, opts: Options, state: GameState) -> tuple[DealOutcome, bool]:
    """:func:`outcome` short of moving a fault's pointer: one player's card points worked out from the others',
    then the deal as given, or, with ``took_trick``, the first share of tricks among the players who took one that
    the deal's checks accept."""
    deal = dict(deal)
    took = deal.pop("took_trick", None)
    _left_out_points(deal, layout, opts)
    if took is None:
        return outcome_from_deal(deal, layout, opts, state), False
    _took_trick_fits(deal, took, layout)
    return _trick_shares(deal, took, layout, opts, state), True


def _left_out_points(deal: dict, layout: Layout, opts: Options) -> None:
    """thousand/1.3: with one player's card points left out of ``deal.points``, they are the deal's total (120 less
    the cards out of play, 3.3) less the others'; set in ``deal`` (a copy of the request's)."""
    pts = deal.get("points")
    if pts is None:
        return
    missing = [p for p in layout.active if p not in pts]
    if len(missing) > 1:
        raise InputError(_("give the card points of every player; one may be left out, to be worked out from "
                           "the others"), "/deal/points")
    if not missing:
        return
    unused, discards = _dead_cards(deal, layout, opts, need=False)
    dead = card_points(unused) + (0 if opts.two_player_discards_count else card_points(discards))
    known = list(pts.values())
    rest = TOTAL_POINTS - dead - sum(known)
    if rest < 0:
        raise InputError(_("the card points given add up to {total}, more than the {most} of the deal"
                           "", total=sum(known), most=TOTAL_POINTS - dead), "/deal/points")
    deal["points"] = {**pts, missing[0]: rest}


def _took_trick_fits(deal: dict, took: dict[str, bool], layout: Layout) -> None:
    """``deal.took_trick`` goes with the card points of a played deal (not with tricks or trick counts), names the
    players of the deal, each true or false, and somebody took a trick; a player who took none has no card
    points."""
    if deal.get("tricks_taken") is not None:
        raise InputError(_("give whether each player took a trick, or how many tricks each took, not both"),
                         "/deal/took_trick")
    if deal.get("tricks") is not None or deal.get("conceded"):
        raise InputError(_("whether each player took a trick goes with the card points of a played deal"),
                         "/deal/took_trick")
    for name in took:
        if name not in layout.active:
            raise InputError(_("{name} does not play this deal", name=repr(name)), f"/deal/took_trick/{esc(name)}")
    for p in layout.active:
        if took.get(p) is None:
            raise InputError(_("true or false for every player: did the player take a trick?"),
                             f"/deal/took_trick/{esc(p)}")
        if not took[p] and deal.get("points") is not None and deal["points"].get(p):
            raise InputError(_("{player} took no trick, so no card points", player=p),
                             f"/deal/points/{esc(p)}")
    if not any(took.values()):
        raise InputError(_("somebody takes every trick of a played deal"), "/deal/took_trick")


def _trick_shares(deal: dict, took: dict[str, bool], layout: Layout, opts: Options,
                  state: GameState) -> DealOutcome:
    """The outcome under the first share of the deal's tricks (at least one each) among the players who took one
    that the deal's checks accept; only "none" is used, as given.  With no such share: a marriage's fault, the same
    fault whatever the share, or no share of the deck fits (thousand/1.3)."""
    takers = [p for p in layout.active if took[p]]
    faults = []
    for counts in product(range(1, layout.tricks + 1), repeat=len(takers)):
        if sum(counts) != layout.tricks:
            continue
        trial = dict(deal, tricks_taken={p: dict(zip(takers, counts)).get(p, 0) for p in layout.active})
        try:
            return outcome_from_deal(trial, layout, opts, state)
        except InputError as e:
            faults.append(e)
    marriage = next((e for e in faults if e.errors[0]["pointer"].startswith("/deal/marriages")), None)
    if marriage is not None:
        raise marriage
    if faults and all(e.errors == faults[0].errors for e in faults):
        raise faults[0]                 # the same fault whatever the tricks (a total, a declarer, a contract …)
    raise InputError(_("no share of the deck's cards gives these card points to players who took a trick or "
                       "none as given"), "/deal/points")
