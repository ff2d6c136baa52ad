"""A Thousand deal as a pulka writes it down: the declarer, the contract, each player's card points with the last one
left to be worked out (120 less the others), the marriages announced, and whether each player took a trick
(``took_trick``) in place of the number of tricks each took, since only "no trick" decides anything (a bolt,
thousand/13.1; a marriage's points, thousand/10.3).

It is read through the card-points form of :func:`.outcome.outcome_from_deal`: the deal is possible when some
numbers of tricks agreeing with ``took_trick`` make it so, and every check of that form applies.  The answer then
gives ``tricks: null`` for every player, since the deal does not say how many each took.

Two players (thousand/3.3): the musik the declarer did not take stays unseen, so the pad has no cards for it; it
writes the card points of both players, which add up to 120 less what those 2 cards are worth (0 to 22, so 98 to
120; with the discards counting for nobody, 120 less 4 cards out of play, 76 to 120).  The deal is possible when
some cards out of play (never a card of a marriage announced, which was played) make it so.

Four players (thousand/3.2, 3.6): the dealer sits out and scores from the talon, which is shown; where the sitter
scores the talon's card points the pad writes that number (``talon_points``) instead of the 3 cards.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations_with_replacement, product
from typing import TYPE_CHECKING

from ..cards import Card
from ..errors import InputError, esc
from ..i18n import _, ngettext
from .cards import DECK, POINTS, TOTAL_POINTS, card_points
from .checks import parse_marriage_suit
from .deal import Layout
from .melds import ACES
from .options import POINT_MODES, Options, OptionsLike
from .outcome import dead_cards, outcome_from_deal, stranger
from .read import in_deck
from .scoring import DealOutcome, GameState

if TYPE_CHECKING:       # the record is the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import PlayedDeal



def is_pad(deal: PlayedDeal) -> bool:
    """Whether the deal uses the pad's form: ``took_trick``, card points with a player's left out, or the talon's
    card points in place of its cards."""
    return deal.took_trick is not None or deal.talon_points is not None or (
        deal.points is not None and deal.tricks is None and not deal.conceded)


def outcome(deal: PlayedDeal, layout: Layout, opts: OptionsLike, state: GameState) -> tuple[DealOutcome, bool]:
    """The deal's outcome, and whether the trick counts are unknown (``took_trick`` given).

    A fault found in the card points worked out for the player left out is laid on the field that decides them,
    never on the points the request lacks: that player's ``took_trick`` (or ``tricks_taken``) where one is given,
    else the card points given (``/deal/points``)."""
    opts = Options.of(opts)
    try:
        return _outcome(deal, layout, opts, state)
    except InputError as e:
        pts = deal.points
        missing = [p for p in layout.active if p not in pts] if pts is not None else []
        if len(missing) != 1:
            raise
        absent = f"/deal/points/{esc(missing[0])}"
        if not any(x.get("pointer", "") == absent or x.get("pointer", "").startswith(absent + "/")
                   for x in e.errors):
            raise
        where = "/deal/points"
        for key in ("took_trick", "tricks_taken"):
            given = getattr(deal, key)
            if given is not None and missing[0] in given:
                where = f"/deal/{key}/{esc(missing[0])}"
                break
        moved = [{**x, "pointer": where} if x.get("pointer", "") == absent or x.get("pointer", "").startswith(
            absent + "/") else x for x in e.errors]
        raise InputError(moved, detail=e.detail) from None


def _outcome(deal: PlayedDeal, layout: Layout, opts: Options, state: GameState) -> tuple[DealOutcome, bool]:
    """:func:`outcome` short of moving a fault's pointer: one player's card points worked out from the others',
    then the deal as given, or, with ``took_trick``, the first share of tricks among the players who took one that
    the deal's checks accept."""
    took = deal.took_trick
    deal = _talon_from_points(replace(deal, took_trick=None), layout, opts)
    if took is not None and len(layout.active) == 2 and deal.musik_unused is None and not deal.conceded:
        _both_points(deal, layout)
        _took_trick_fits(deal, took, layout)
        return _unseen_musik(deal, took, layout, opts, state), True
    deal = _left_out_points(deal, layout, opts)
    if took is None:
        return outcome_from_deal(deal, layout, opts, state), False
    _took_trick_fits(deal, took, layout)
    return _trick_shares(deal, took, layout, opts, state), True


def _talon_from_points(deal: PlayedDeal, layout: Layout, opts: Options) -> PlayedDeal:
    """thousand/3.6: ``deal.talon_points``, the talon's card points, stands for the talon's 3 cards where the sitter
    scores those points (four players); returns ``deal`` with 3 cards worth them (which 3 decides nothing else: the
    talon goes back into play)."""
    given = deal.talon_points
    if given is None:
        return deal
    ptr = "/deal/talon_points"
    if layout.sitter is None:
        raise InputError(_("the talon's points are written down only with four players, for the dealer who sits "
                           "out"), ptr)
    if opts.sitter_scoring not in POINT_MODES:
        raise InputError(_("here the dealer who sits out scores nothing") if opts.sitter_scoring == "none" else
                         _("here the dealer who sits out scores the aces and the marriage in the talon: give the "
                           "talon's cards"), ptr)
    if deal.talon is not None:
        raise InputError(_("give the talon's cards or its card points, not both"), ptr)
    cards = _cards_worth(given, 3, DECK.cards())
    if cards is None:
        raise InputError(ngettext("no 3 cards are worth {points}: card values are 11, 10, 4, 3, 2 and 0",
                                  "no 3 cards are worth {points}: card values are 11, 10, 4, 3, 2 and 0", given,
                                  points=given), ptr)
    return replace(deal, talon=cards, talon_points=None)


def _cards_worth(points: int, n: int, free: list[Card]) -> list[Card] | None:
    """Some ``n`` of the cards ``free`` worth ``points`` in all (no king and queen of one suit among them), or
    None."""
    return next(_all_worth(points, n, free), None)


def _all_worth(points: int, n: int, free: list[Card]):
    """One set of ``n`` of the cards ``free`` for each way of making ``points`` from ``n`` card values (thousand/1.3);
    kings and queens are taken from different suits where they can be, so that a set holds no marriage."""
    by_value: dict[int, list[Card]] = {}
    for c in free:
        by_value.setdefault(POINTS[c.rank], []).append(c)
    by_value[POINTS["Q"]] = by_value.get(POINTS["Q"], [])[::-1]     # queens from the other end of the suits
    for values in combinations_with_replacement(sorted(by_value), n):
        if sum(values) != points:
            continue
        if all(values.count(v) <= len(by_value[v]) for v in set(values)):
            yield [c for v in sorted(set(values)) for c in by_value[v][:values.count(v)]]


def _both_points(deal: PlayedDeal, layout: Layout) -> None:
    """thousand/3.3: with two players the unused musik is never seen, so nobody's card points can be worked out
    from the other's: both are written down."""
    pts = deal.points
    if pts is None or any(p not in pts for p in layout.active):
        raise InputError(_("with two players the unused musik stays unseen, so the card points of both players are "
                           "written down"), "/deal/points")


def _unseen_musik(deal: PlayedDeal, took: dict[str, bool], layout: Layout, opts: Options,
                  state: GameState) -> DealOutcome:
    """thousand/3.3, 1.3: two players' card points with the unused musik unseen (and the discards, when they count
    for nobody and are not given): the cards out of play are worth 120 less the points given, in 2 cards (4 with
    the discards), none of them a card of a marriage announced (it was played) or a discard given; the deal is
    possible when some such cards and some share of the tricks make it so."""
    given = deal.discards
    with_discards = given is None and not opts.two_player_discards_count
    kept = set(in_deck(given, "/deal/discards")) if given is not None else set()
    most = TOTAL_POINTS - (0 if opts.two_player_discards_count else card_points(kept))
    total = sum(v for p, v in (deal.points or {}).items() if p in layout.active)
    if total > most:
        raise InputError(_("the card points given add up to {total}, more than the {most} of the deal"
                           "", total=total, most=most), "/deal/points")
    dead = most - total
    played = _marriage_cards(deal)
    free = [c for c in DECK.cards() if c not in played and c not in kept]
    n = 4 if with_discards else 2
    faults = []
    for cards in _all_worth(dead, n, free):
        trial = replace(deal, musik_unused=cards[:2], discards=cards[2:] if with_discards else deal.discards)
        try:
            return _trick_shares(trial, took, layout, opts, state)
        except InputError as e:
            faults.append(e)
    if not faults:
        why = (_("the discards and the unused musik would be worth {dead} (120 less the {total} given), and no 4 "
                 "cards out of play are worth that", dead=dead, total=total) if with_discards else
               _("the unused musik would be worth {dead} (120 less the {total} given), and no 2 cards out of play "
                 "are worth that", dead=dead, total=total))
        raise InputError(why, "/deal/points")
    raise _fault_of(faults)


def _marriage_cards(deal: PlayedDeal) -> set[Card]:
    """The cards of the marriages announced (thousand/10.1): played, so never out of play."""
    played: set[Card] = set()
    for i, m in enumerate(deal.marriages or []):
        suit = parse_marriage_suit(m.suit, f"/deal/marriages/{i}/suit")
        played |= {Card("A", s) for s in "SHDC"} if suit == ACES else {Card("K", suit), Card("Q", suit)}
    return played


def _fault_of(faults: list[InputError]) -> InputError:
    """The fault to answer when no trial of a deal is accepted: a marriage's, the same fault whatever the trial,
    or no share of the deck fits (thousand/1.3)."""
    marriage = next((e for e in faults if e.errors[0]["pointer"].startswith("/deal/marriages")), None)
    if marriage is not None:
        return marriage
    if faults and all(e.errors == faults[0].errors for e in faults):
        return faults[0]
    return InputError(_("no share of the deck's cards gives these card points to players who took a trick or "
                        "none as given"), "/deal/points")


def _left_out_points(deal: PlayedDeal, layout: Layout, opts: Options) -> PlayedDeal:
    """thousand/1.3: with one player's card points left out of ``deal.points``, they are the deal's total (120 less
    the cards out of play, 3.3) less the others'; returns ``deal`` with them."""
    pts = deal.points
    if pts is None or any(name not in layout.active for name in pts):
        return deal             # a name that is not a player of the deal is told at its key (outcome._points_shape)
    missing = [p for p in layout.active if p not in pts]
    if len(missing) > 1:
        raise InputError(_("give the card points of every player; one may be left out, to be worked out from "
                           "the others"), "/deal/points")
    if not missing:
        return deal
    unused, discards = dead_cards(deal, layout, opts, need=False)
    dead = card_points(unused) + (0 if opts.two_player_discards_count else card_points(discards))
    known = list(pts.values())
    rest = TOTAL_POINTS - dead - sum(known)
    if rest < 0:
        raise InputError(_("the card points given add up to {total}, more than the {most} of the deal"
                           "", total=sum(known), most=TOTAL_POINTS - dead), "/deal/points")
    return replace(deal, points={**pts, missing[0]: rest})


def _took_trick_fits(deal: PlayedDeal, took: dict[str, bool], layout: Layout) -> None:
    """``deal.took_trick`` goes with the card points of a played deal (not with tricks or trick counts), names the
    players of the deal, each true or false, and somebody took a trick; a player who took none has no card
    points."""
    if deal.tricks_taken is not None:
        raise InputError(_("give whether each player took a trick, or how many tricks each took, not both"),
                         "/deal/took_trick")
    if deal.tricks is not None or deal.conceded:
        raise InputError(_("whether each player took a trick goes with the card points of a played deal"),
                         "/deal/took_trick")
    for name in took:
        if name not in layout.active:
            raise InputError(stranger(name, layout), f"/deal/took_trick/{esc(name)}")
    for p in layout.active:
        if took.get(p) is None:
            raise InputError(_("true or false for every player: did the player take a trick?"),
                             f"/deal/took_trick/{esc(p)}")
        if not took[p] and deal.points is not None and deal.points.get(p):
            raise InputError(_("{player} took no trick, so no card points", player=p),
                             f"/deal/points/{esc(p)}")
    if not any(took.values()):
        raise InputError(_("somebody takes every trick of a played deal"), "/deal/took_trick")


def _trick_shares(deal: PlayedDeal, took: dict[str, bool], layout: Layout, opts: Options,
                  state: GameState) -> DealOutcome:
    """The outcome under the first share of the deal's tricks (at least one each) among the players who took one
    that the deal's checks accept; only "none" is used, as given.  With no such share: a marriage's fault, the same
    fault whatever the share, or no share of the deck fits (thousand/1.3)."""
    takers = [p for p in layout.active if took[p]]
    faults = []
    for counts in product(range(1, layout.tricks + 1), repeat=len(takers)):
        if sum(counts) != layout.tricks:
            continue
        trial = replace(deal, tricks_taken={p: dict(zip(takers, counts)).get(p, 0) for p in layout.active})
        try:
            return outcome_from_deal(trial, layout, opts, state)
        except InputError as e:
            faults.append(e)
    raise _fault_of(faults)     # a marriage's, or the same whatever the tricks (a total, a declarer, a contract …)
