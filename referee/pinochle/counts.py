"""Pinochle: a deal given as numbers — the card points and tricks each took (the points form), or as a pad writes
it (meld and card points, the tricks each took optional).

Nothing is replayed here: the numbers must be what some share of the pack's cards and the deal's tricks gives
(pinochle/1.3, 1.4), each meld a multiple of 10 no richer than a hand or the tricks won allow (4.1, 4.2, 4.10).
The two-handed forms fill a :class:`~.deal.DealState` (:func:`pad_form`, :func:`points_two`); the auction forms
give an :class:`AuctionDeal` (:func:`auction_pad`, :func:`auction_points`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from operator import ge
from typing import TYPE_CHECKING, cast

from ..cards import Card
from ..common import parse_player, points_feasible
from ..errors import InputError, esc, refuse_first
from ..i18n import _
from .cards import DEAL_TOTAL, LAST_TRICK, points_of, pool_of
from .deal import HAND_SIZE, DealState, side_ids, side_key, side_of, stock_tricks, total_tricks
from .options import Options, OptionsLike
from .reading import trump_at

if TYPE_CHECKING:       # the request's records (schemas/pinochle.py), named in annotations only
    from schemas.pinochle import DealPlayed


def took(st: DealState, pts: dict[str, int], taken: dict, last: str | None) -> None:
    """What each player took, into ``st``: card points (the last trick's 10 added, pinochle/1.4), tricks (None
    where the pad leaves them out), who took the last trick."""
    st.captured = dict(pts)
    st.won = dict(taken)
    st.last_trick = last
    if last is not None:
        st.captured[last] += LAST_TRICK


@dataclass
class PadUnits:
    """Who a deal's numbers are written for: each player, or in a partnership pad each side (``by_side``); ``of``
    maps a unit to its players."""

    units: list[str]
    of: dict[str, list[str]]
    by_side: bool = False

    @classmethod
    def each(cls, players: list[str]) -> PadUnits:
        """A number for each player."""
        return cls(list(players), {p: [p] for p in players})


def per_unit(key: str, given: dict[str, int] | None, pu: PadUnits,
             players: list[str]) -> tuple[dict[str, int], dict[str, str]]:
    """``deal.<key>``: a whole number, 0 or more, for every player (or every side, a side named by its partners in
    either order) and nobody else → ``({unit: number}, {unit: the key as written})``.  A name not recognised is
    refused first, at its own place, rather than as the unit it misses (the schema gives integers; the callers
    have asked for the field)."""
    obj = cast("dict[str, int]", given)
    written: dict[str, str] = {}
    for k in obj:
        u = side_key(k, players) if pu.by_side else k
        refuse_first(((u not in pu.units, _("{name} is not a side: the sides are {first} and {second}, partners "
                                            "sitting opposite", name=repr(k), first=pu.units[0], second=pu.units[1])
                       if pu.by_side else _("{name} is not a player", name=repr(k)), f"/deal/{key}/{esc(k)}"),
                      (u in written, _("{name} names the side {side} again", name=repr(k), side=u),
                       f"/deal/{key}/{esc(k)}")))
        written[u] = k
    refuse_first((obj.get(written.setdefault(u, u), -1) < 0,     # left out, or below 0
                  _("a whole number, 0 or more, for every side") if pu.by_side else
                  _("a whole number, 0 or more, for every player"), f"/deal/{key}/{esc(written[u])}")
                 for u in pu.units)
    return {u: obj[written[u]] for u in pu.units}, written


def _counts(deal: DealPlayed, players: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """``deal.points`` and ``deal.tricks_taken`` of a points form (both given: the callers ask), each player's whole
    number (:func:`per_unit`)."""
    pu = PadUnits.each(players)
    return per_unit("points", deal.points, pu, players)[0], per_unit("tricks_taken", deal.tricks_taken, pu, players)[0]


def _points_in_tricks(units: list[str], pts: dict[str, int], taken: dict[str, int]) -> None:
    """No card points in the tricks of a player (or side) who took none (pinochle/1.3)."""
    refuse_first((taken[u] == 0 and pts[u], _("{player} took no trick, so no card points", player=u),
                  f"/deal/points/{esc(u)}") for u in units)


def _last_taker(value: str | None, units: list[str], taken: dict[str, int] | None) -> str:
    """``deal.last_trick``: a player who took a trick (its 10, pinochle/1.4)."""
    last = parse_player(value, units, "/deal/last_trick")
    refuse_first(((taken is not None and taken[last] == 0, _("{player} took no trick, so not the last one",
                                                             player=last), "/deal/last_trick"),))
    return last


def _played_out(n_pts: int, last: str | None) -> None:
    """A deal played out: its card points add up to the pack's 240 (pinochle/1.3), and somebody took the last
    trick (1.4)."""
    refuse_first(((n_pts != DEAL_TOTAL, _("card points in tricks add up to {total} (the last trick's 10 is added for "
                                          "whoever took it), not {given}", total=DEAL_TOTAL, given=n_pts),
                   "/deal/points"),
                  (last is None, _("say who took the last trick (worth 10)"), "/deal/last_trick")))


def points_two(deal: DealPlayed, players: list[str], opts: OptionsLike,
               partial: bool = False) -> tuple[dict[str, int], dict, str | None]:
    """Points form of a two-handed deal; ``partial``: play stopped at a declaration out (pinochle/6.4), the cards
    not played still in the hands (a third share, :func:`points_feasible`)."""
    opts = Options.of(opts)
    refuse_first(((deal.points is None, _("give the card points each player took in tricks"), "/deal/points"),
                  (deal.tricks_taken is None, _("with card points, give each player's number of tricks"),
                   "/deal/tricks_taken")))
    pts, taken = _counts(deal, players)
    all_tricks, n_taken, n_pts = total_tricks(2, opts), sum(taken.values()), sum(pts.values())
    refuse_first(((n_taken >= all_tricks, _("after a declaration out give the tricks taken before play stopped"),
                   "/deal/tricks_taken"),
                  (deal.last_trick is not None, _("play stopped at the declaration, so nobody took the last trick"),
                   "/deal/last_trick")) if partial else
                 ((n_pts != DEAL_TOTAL, _("card points in tricks add up to {total} (the last trick's 10 is added for "
                                          "whoever took it), not {given}", total=DEAL_TOTAL, given=n_pts),
                   "/deal/points"),
                  (n_taken != all_tricks, _("a deal has {n} tricks, not {given}", n=all_tricks, given=n_taken),
                   "/deal/tricks_taken")))
    _points_in_tricks(players, pts, taken)
    feasible_or_422([(2 * taken[p], pts[p]) for p in players] + [(2 * (all_tricks - n_taken), DEAL_TOTAL - n_pts)],
                    pool_of(opts), "/deal/points", _taken(players, pts, taken))
    if partial:
        return pts, taken, None
    _played_out(n_pts, deal.last_trick)
    return pts, taken, _last_taker(deal.last_trick, players, taken)


MOST_MELD = 1000        # the richest single meld: a double around of aces (pinochle/4.1)


def _pad_two(deal: DealPlayed, players: list[str], opts: Options,
             partial: bool = False) -> tuple[dict[str, int], dict, str | None]:
    """The pad's form of a two-handed deal: each player's meld and card points (``meld_points``, ``points``), who
    took the last trick, and a declaration out; the tricks each took may be left out (``tricks_taken``), since the
    score does not depend on them.  Left out, some share of the tricks must fit what is written
    (:func:`_pad_share_fits`), and ``tricks`` is null in the answer.  ``partial``: play stopped at a declaration out
    (pinochle/6.4).  Each meld a multiple of 10 (4.1), at most one richest meld (:data:`MOST_MELD`) per trick won
    while the stock lasts (12 with 48 cards; 4.2), and none without a trick won."""
    pu, stock = PadUnits.each(players), stock_tricks(opts)
    refuse_first(((deal.points is None, _("give the card points each player took in tricks"), "/deal/points"),))
    melds = per_unit("meld_points", deal.meld_points, pu, players)[0]
    pts = per_unit("points", deal.points, pu, players)[0]
    refuse_first(check for p in players for check in (
        (melds[p] % 10, _("every meld is worth a multiple of 10, so {points} cannot be a player's meld",
                          points=melds[p]), f"/deal/meld_points/{esc(p)}"),
        (melds[p] > stock * MOST_MELD, _("a player melds once for each trick won while the stock lasts, {n} at most, "
                                         "so {points} is more meld than a deal holds", n=stock, points=melds[p]),
         f"/deal/meld_points/{esc(p)}")))
    if deal.tricks_taken is not None:
        out = points_two(deal, players, opts, partial)
        refuse_first((melds[p] and out[1][p] == 0, _("{player} won no trick, so melded nothing", player=p),
                      f"/deal/meld_points/{esc(p)}") for p in players)
        return out
    if partial:
        refuse_first(((deal.last_trick is not None, _("play stopped at the declaration, so nobody took the last "
                                                      "trick"), "/deal/last_trick"),))
        last = None
    else:
        _played_out(sum(pts.values()), deal.last_trick)
        last = parse_player(deal.last_trick, players, "/deal/last_trick")
    refuse_first(((not _pad_share_fits(players, melds, pts, last, partial, opts),
                   _("no share of the pack's cards and tricks gives these card points"), "/deal/points"),))
    return pts, dict.fromkeys(players), last


def _shares(units: int, n_tricks: int, partial: bool = False) -> list[tuple[int, ...]]:
    """Every way to share a deal's tricks among ``units`` players or sides: all of them, or when play stopped at a
    declaration out (pinochle/6.4) fewer, the rest not played."""
    return [t for t in product(range(n_tricks + 1), repeat=units) if (sum(t) == n_tricks) != partial]


def _pad_share_fits(players: list[str], melds: dict[str, int], pts: dict[str, int], last: str | None,
                    partial: bool, opts: Options) -> bool:
    """Whether some share of the deal's tricks (all 24 with 48 cards; fewer when play stopped at a declaration out)
    fits the pad: a player with card points, meld or the last trick won a trick, meld at most one richest meld per
    trick won (pinochle/4.2; the meld is at most one a trick while the stock lasts, :func:`_pad_two`), and some
    share of the pack's cards gives each player's card points in two cards a trick (1.3; the cards not yet played
    hold the rest)."""
    n_all, rest = total_tricks(2, opts), DEAL_TOTAL - sum(pts.values())
    least = [max(-(-melds[p] // MOST_MELD), pts[p] > 0, p == last) for p in players]
    return any(_fitting(_shares(2, n_all, partial), least, pool_of(opts), lambda share: [
        *((2 * t, pts[p]) for p, t in zip(players, share)), (2 * (n_all - sum(share)), rest)]))


def _fitting(shares: list[tuple[int, ...]], least: Sequence[int], pool: dict[int, int],
             targets: Callable[[tuple[int, ...]], list[tuple[int, int]]]) -> Iterator[tuple[int, ...]]:
    """The shares of a deal's tricks (each player's or side's number) that give each at least its ``least`` tricks
    (one for card points or the last trick, pinochle/1.3, 1.4; one a richest meld, 4.2) and whose cards can hold
    the card points written, ``targets(share)`` as ``[(cards, points)]`` (:func:`points_feasible`)."""
    return (share for share in shares if all(map(ge, share, least)) and points_feasible(targets(share), pool))


def _taken(players, pts, taken) -> str:
    """What each took, for a message: "Ann: 100 in 12, Bob: 140 in 12" (card points in tricks)."""
    return ", ".join(_("{player}: {points} in {tricks}", player=p, points=pts[p], tricks=taken[p]) for p in players)


def feasible_or_422(targets, pool, ptr, desc):
    if not points_feasible(targets, pool):
        raise InputError(_("no share of the pack's cards gives these card points for these numbers of tricks "
                           "({desc})", desc=desc), ptr)


def winning_bid(deal: DealPlayed, players: list[str], opts: Options) -> tuple[str, int]:
    """``deal.bid``: ``(declarer, amount)``, the amount a multiple of 10 from option ``min_bid`` (pinochle/7.2,
    8.2; the schema gives an integer)."""
    bid = deal.bid
    if bid is None:
        raise InputError(_("give the winning bid: who and how much"), "/deal/bid")
    declarer = parse_player(bid.player, players, "/deal/bid/player")
    refuse_first(((bid.amount < opts.min_bid or bid.amount % 10, _("a bid is a multiple of 10 from {low}",
                                                                    low=opts.min_bid), "/deal/bid/amount"),))
    return declarer, bid.amount


def auction_points(deal: DealPlayed, players: list[str], declarer: str, buried: list[Card],
                   opts: Options) -> tuple[dict[str, int], dict[str, int], str]:
    """The points form of an auction-form deal: ``deal.points`` and ``deal.tricks_taken`` per player and
    ``deal.last_trick``: ``(card points taken, the last trick's 10 and the buried cards included; tricks won; who
    took the last)``.  The points and the buried cards (three-hand; none in partnership) add up to the pack's 240
    (pinochle/1.3), the tricks to the deal's (12 or 15), and some share of the pack's cards gives each player
    (three-hand, 3 cards a trick) or side (partnership, 4) its points in its tricks."""
    n = len(players)
    refuse_first(((deal.points is None or deal.tricks_taken is None,
                   _("give the tricks, or each player's card points and number of tricks"), "/deal/points"),))
    pts, taken = _counts(deal, players)
    extra, n_pts = points_of(buried, opts), sum(pts.values())
    refuse_first(((n_pts + extra != DEAL_TOTAL,
                   _("card points in tricks and the buried cards add up to {total}, not {given}",
                     total=DEAL_TOTAL, given=n_pts + extra) if extra else
                   _("card points in tricks add up to {total}, not {given}", total=DEAL_TOTAL, given=n_pts),
                   "/deal/points"),
                  (sum(taken.values()) != total_tricks(n, opts), _("a deal has {n} tricks", n=total_tricks(n, opts)),
                   "/deal/tricks_taken")))
    last = _last_taker(deal.last_trick, players, taken)
    each = PadUnits.each(players)      # three-hand each player's tricks, in partnership each side's (1.3)
    units, u_pts, u_taken = ((players, pts, taken) if n == 3 else
                             (side_ids(players), _side_sums(pts, each, players), _side_sums(taken, each, players)))
    feasible_or_422([(n * u_taken[u], u_pts[u]) for u in units], pool_of(opts, buried), "/deal/points",
                    _taken(units, u_pts, u_taken))
    captured = {p: pts[p] + LAST_TRICK * (p == last) + extra * (p == declarer) for p in players}
    return captured, dict(taken), last


@dataclass
class AuctionDeal:
    """What an auction-form deal comes to: the bid, each player's meld (``{"melds", "points"}``), card points and
    tricks taken (the bidder's buried cards and the last trick included), who took the last trick."""

    declarer: str
    bid: int
    melds: dict[str, dict]
    captured: dict[str, int]
    won: dict[str, int]
    last: str | None
    conceded: bool
    took: dict[str, bool] | None = None     # the pad's partnership form: whether each side won a trick
    by_side: bool = False                   # the pad's partnership form written per side


# ---------------------------------------------------------------- the auction forms as a pad writes them

# The richest meld a hand can show at once (pinochle/4.10), with the default double pinochle of 300: 12 cards
# (partnership) a double flush with a double pinochle, 1,500 + 300; 15 (the three-hand bidder's kept hand) the same
# with aces around or kings around and a marriage, 1,900.  An upper bound under every option.
MOST_HAND_MELD = {12: 1800, 15: 1900}


def auction_pad(deal: DealPlayed, players: list[str], dealer: str, opts: OptionsLike) -> AuctionDeal:
    """A partnership or three-hand deal in the numbers a pad keeps: the winning bid, the meld (``meld_points``),
    the counters (``points``), who took the last trick; the tricks each took may be left out (``tricks_taken``).

    Partnership: the numbers per player or per side (``Ann+Cid``, partners in either order), every one of one kind.
    Three-hand: the bidder's meld alone (the others meld nothing, pinochle/8.3), every player's counters with the
    bidder's buried cards in his (8.3).  Checked as the card forms are: the counters add up to the pack's 240 (1.3),
    the last trick's 10 goes once to a player who took a trick (1.4), each meld a multiple of 10 no richer than a
    hand holds (4.1, 4.10), and some share of the deal's tricks and cards gives what is written
    (:func:`_pad_share_four`, :func:`_pad_share_three`).
    """
    opts = Options.of(opts)
    n = len(players)
    declarer, amount = winning_bid(deal, players, opts)
    trump_at(deal.trump, "/deal/trump")
    refuse_first(((deal.melds is not None, _("give the melds as cards or as points, not both"), "/deal/melds"),
                  (deal.meld is not None, _("give the melds as cards or as points, not both"), "/deal/meld"),
                  (deal.conceded, _("a conceded deal is not played, so no meld is scored"), "/deal/meld_points"),
                  (n == 3 and deal.buried is not None, _("as a pad writes it, the bidder's counters include the cards "
                                                         "he buried: leave them out"), "/deal/buried"),
                  (deal.points is None, _("give the card points each player took in tricks"), "/deal/points")))
    pu = _pad_units(deal, players)
    # three-hand only the bidder melds: the others' 0 may be left out
    melds = dict.fromkeys([p for p in players if p != declarer and n == 3], 0) | cast("dict[str, int]",
                                                                                    deal.meld_points)
    meld, written = per_unit("meld_points", melds, pu, players)
    counters = per_unit("points", deal.points, pu, players)[0]
    _pad_meld_fits(meld, written, pu, players, declarer)
    _played_out(sum(counters.values()), deal.last_trick)
    last = _pad_last_unit(deal.last_trick, pu, players)
    taken = None
    if deal.tricks_taken is not None:       # given: the deal's tricks in all, one at least for the taker of the last
        taken = per_unit("tricks_taken", deal.tricks_taken, pu, players)[0]
        n_tricks = total_tricks(n, opts)
        refuse_first(((sum(taken.values()) != n_tricks, _("a deal has {n} tricks", n=n_tricks), "/deal/tricks_taken"),))
        _last_taker(last, pu.units, taken)
    took = (_pad_share_four(players, pu, counters, last, taken, opts) if n == 4 else
            _pad_share_three(players, declarer, counters, last, taken, opts))
    refuse_first(((n == 4 and opts.meld_save == "one_trick" and any(
        meld[u] and len(took[side_of(players, pu.of[u][0])]) > 1 for u in pu.units),
        _("the side's meld counts only if it won a trick, and its card points do not say whether it did: give the "
          "tricks each took"), "/deal/tricks_taken"),))
    m, captured, won = _pad_per_player(players, pu, meld, counters, taken, last)
    return AuctionDeal(declarer, amount, m, captured, won, pu.of[last][0], False,
                       took={s: next(iter(v)) for s, v in took.items()} if n == 4 else None, by_side=pu.by_side)


def _pad_meld_fits(meld: dict[str, int], written: dict[str, str], pu: PadUnits, players: list[str],
                   declarer: str) -> None:
    """Each meld a multiple of 10 (pinochle/4.1), three-hand the bidder's alone (8.3), and no more than the hands
    hold (:data:`MOST_HAND_MELD`, 4.10)."""
    n = len(players)
    most = MOST_HAND_MELD[HAND_SIZE[n]]
    refuse_first(check for u in pu.units for check in (
        (meld[u] % 10, _("every meld is worth a multiple of 10, so {points} cannot be a player's meld",
                         points=meld[u]), f"/deal/meld_points/{esc(written[u])}"),
        (n == 3 and u != declarer and meld[u], _("in the three-hand auction only the bidder melds"),
         f"/deal/meld_points/{esc(written[u])}"),
        (meld[u] > most * len(pu.of[u]),
         _("a hand shows at most {most} in meld, so {points} is more than it holds",
           most=most * len(pu.of[u]), points=meld[u]) if len(pu.of[u]) == 1 else
         _("a hand shows at most {most} in meld, so a side at most {both}, not {points}",
           most=most, both=most * len(pu.of[u]), points=meld[u]), f"/deal/meld_points/{esc(written[u])}")))


def _pad_units(deal: DealPlayed, players: list[str]) -> PadUnits:
    """Partnership: per side when ``meld_points`` names a side, else per player; three-hand: per player."""
    given = cast("dict[str, int]", deal.meld_points)      # the pad's form is the one that gives it
    if len(players) == 4 and any(side_key(k, players) in side_ids(players) for k in given):
        sides = side_ids(players)
        return PadUnits(sides, {sides[0]: [players[0], players[2]], sides[1]: [players[1], players[3]]}, True)
    return PadUnits.each(players)


def _pad_last_unit(value: str | None, pu: PadUnits, players: list[str]) -> str:
    """``deal.last_trick``: a player, or with the numbers per side also a side; the unit that took it."""
    if pu.by_side and side_key(value, players) in pu.units:
        return side_key(value, players)
    p = parse_player(value, players, "/deal/last_trick")
    return side_of(players, p) if pu.by_side else p


def _pad_share_four(players: list[str], pu: PadUnits, counters: dict[str, int], last: str,
                    taken: dict[str, int] | None, opts: Options) -> dict[str, set[bool]]:
    """Partnership: whether some share of the deal's tricks, 4 cards each, gives each side its card points
    (pinochle/1.3), a side with card points or the last trick having won a trick (1.4); the tricks as written when
    given.  Returns, per side, whether it won a trick in the shares that fit (``{True}``, ``{False}`` or both); 422
    when none fits."""
    pool, sides, last_side = pool_of(opts), side_ids(players), side_of(players, pu.of[last][0])
    side_pts = _side_sums(counters, pu, players)
    if taken is not None:
        side_t = _side_sums(taken, pu, players)
        feasible_or_422([(4 * side_t[s], side_pts[s]) for s in sides], pool, "/deal/points",
                        _taken(sides, side_pts, side_t))
        _points_in_tricks(pu.units, counters, taken)
        return {s: {side_t[s] > 0} for s in sides}
    least = [side_pts[s] > 0 or s == last_side for s in sides]
    fits = list(_fitting(_shares(2, total_tricks(4, opts)), least, pool,
                         lambda share: [(4 * t, side_pts[s]) for s, t in zip(sides, share)]))
    refuse_first(((not fits, _("no share of the pack's cards and tricks gives these card points"), "/deal/points"),))
    return {s: {share[i] > 0 for share in fits} for i, s in enumerate(sides)}


def _side_sums(values: dict[str, int], pu: PadUnits, players: list[str]) -> dict[str, int]:
    """A partnership pad's numbers (per player or per side) added up per side."""
    out = dict.fromkeys(side_ids(players), 0)
    for u in pu.units:
        out[side_of(players, pu.of[u][0])] += values[u]
    return out


def _pad_share_three(players: list[str], declarer: str, counters: dict[str, int], last: str,
                     taken: dict[str, int] | None, opts: Options) -> dict[str, set[bool]]:
    """Three-hand: whether some share of the deal's tricks, 3 cards each with the bidder's 3 buried cards besides,
    gives each player his counters (pinochle/1.3, 8.3), a player with card points (other than the bidder's buried
    ones) or the last trick having won a trick (1.4); the tricks as written when given.  422 when none fits."""
    order = [declarer] + [p for p in players if p != declarer]     # the bidder first: his buried cards
    shares = [tuple(taken[p] for p in order)] if taken is not None else _shares(3, total_tricks(3, opts))
    least = [p == last or (p != declarer and counters[p] > 0) for p in order]
    fits = _fitting(shares, least, pool_of(opts), lambda share: [
        (3 * t + 3 * (p == declarer), counters[p]) for p, t in zip(order, share)])
    refuse_first(((not any(fits), _("no share of the pack's cards and tricks gives these card points"),
                   "/deal/points"),))
    return {}


def _pad_per_player(players: list[str], pu: PadUnits, meld: dict[str, int], counters: dict[str, int],
                    taken: dict[str, int] | None, last: str) -> tuple[dict[str, dict], dict[str, int], dict]:
    """The pad's numbers per player for the scoring: a side's numbers on its first player, the partner's 0 (the
    answer then shows no player's own share); the last trick's 10 added (pinochle/1.4)."""
    m = {p: {"melds": [], "points": 0} for p in players}
    captured = dict.fromkeys(players, 0)
    won: dict = dict.fromkeys(players, None if taken is None else 0)
    for u in pu.units:
        p = pu.of[u][0]
        m[p]["points"] = meld[u]
        captured[p] = counters[u] + LAST_TRICK * (u == last)
        won[p] = taken and taken[u]
    return m, captured, won


def pad_form(deal: DealPlayed, st: DealState) -> None:
    """Two-handed, the pad's form: meld and card points per player as written down (:func:`_pad_two`), the
    melds not given as cards; the last trick's 10 added to its taker (pinochle/1.4)."""
    refuse_first(((deal.melds is not None, _("give the melds as cards or as points, not both"), "/deal/melds"),))
    took(st, *_pad_two(deal, st.players, st.opts, partial=deal.declared_out is not None))
    written = cast("dict[str, int]", deal.meld_points)      # given (_pad_two asks)
    for p in st.players:
        if written[p]:
            st.meld_points[p] += written[p]
            st.melds.append({"player": p, "meld": None, "class": None, "points": written[p],
                             "item": _("meld as written down")})
