"""Pinochle: a deal given as numbers — the card points and tricks each took (the points form), or as a pad writes
it (meld and card points, the tricks each took optional).

Nothing is replayed here: the numbers must be what some share of the pack's cards and the deal's tricks gives
(pinochle/1.3, 1.4), each meld a multiple of 10 no richer than a hand or the tricks won allow (4.1, 4.2, 4.10).
The two-handed forms fill a :class:`~.deal.DealState` (:func:`pad_form`, :func:`points_two`); the auction forms
give an :class:`AuctionDeal` (:func:`auction_pad`, :func:`auction_points`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import Card
from ..common import parse_player, points_feasible
from ..errors import InputError, esc
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


def _per_player_counts(pts: dict, taken: dict, players: list[str]) -> None:
    """``deal.points`` and ``deal.tricks_taken``: a whole number, 0 or more, for every player and nobody else."""
    _whole_per_player((("points", pts), ("tricks_taken", taken)), players)


def _whole_per_player(fields, players: list[str]) -> None:
    """Each ``(key, obj)`` of ``fields`` (``deal.<key>``): a whole number, 0 or more, for every player and nobody else
    (a name not recognised is refused first, at its own place, rather than as the player it misses)."""
    for key, obj in fields:
        for k in obj:
            if k not in players:
                raise InputError(_("{name} is not a player", name=repr(k)), f"/deal/{key}/{esc(k)}")
        for p in players:
            v = obj.get(p)
            if v is None or v < 0:      # the schema gives integers
                raise InputError(_("a whole number, 0 or more, for every player"), f"/deal/{key}/{esc(p)}")


def points_two(deal: DealPlayed, players: list[str], opts: OptionsLike,
                partial: bool = False) -> tuple[dict[str, int], dict, str | None]:
    """Points form of a two-handed deal; ``partial``: play stopped at a declaration out (pinochle/6.4)."""
    opts = Options.of(opts)
    pts, taken = deal.points, deal.tricks_taken
    if pts is None:
        raise InputError(_("give the card points each player took in tricks"), "/deal/points")
    if taken is None:
        raise InputError(_("with card points, give each player's number of tricks"), "/deal/tricks_taken")
    _per_player_counts(pts, taken, players)
    n = len(players)
    all_tricks = total_tricks(n, opts)
    if partial:
        if sum(taken.values()) >= all_tricks:
            raise InputError(_("after a declaration out give the tricks taken before play stopped"),
                             "/deal/tricks_taken")
        if deal.last_trick is not None:
            raise InputError(_("play stopped at the declaration, so nobody took the last trick"), "/deal/last_trick")
        for p in players:
            if taken[p] == 0 and pts[p]:
                raise InputError(_("{player} took no trick, so no card points", player=p), f"/deal/points/{esc(p)}")
        # the unplayed cards are still in the hands: check what was taken against the pack with room to spare
        rest = 2 * (all_tricks - sum(taken.values()))
        feasible_or_422([(2 * taken[p], pts[p]) for p in players] + [(rest, DEAL_TOTAL - sum(pts.values()))],
                        pool_of(opts), "/deal/points", _taken(players, pts, taken))
        return pts, taken, None
    if sum(pts.values()) != DEAL_TOTAL:
        raise InputError(_("card points in tricks add up to {total} (the last trick's 10 is added for whoever took "
                           "it), not {given}", total=DEAL_TOTAL, given=sum(pts.values())), "/deal/points")
    if sum(taken.values()) != all_tricks:
        raise InputError(_("a deal has {n} tricks, not {given}", n=all_tricks, given=sum(taken.values())),
                         "/deal/tricks_taken")
    for p in players:
        if taken[p] == 0 and pts[p]:
            raise InputError(_("{player} took no trick, so no card points", player=p), f"/deal/points/{esc(p)}")
    feasible_or_422([(2 * taken[p], pts[p]) for p in players], pool_of(opts), "/deal/points",
                    _taken(players, pts, taken))
    if deal.last_trick is None:
        raise InputError(_("say who took the last trick (worth 10)"), "/deal/last_trick")
    last = parse_player(deal.last_trick, players, "/deal/last_trick")
    if taken[last] == 0:
        raise InputError(_("{player} took no trick, so not the last one", player=last), "/deal/last_trick")
    return pts, taken, last


MOST_MELD = 1000        # the richest single meld: a double around of aces (pinochle/4.1)


def _pad_two(deal: DealPlayed, players: list[str], opts: OptionsLike,
             partial: bool = False) -> tuple[dict[str, int], dict, str | None]:
    """The pad's form of a two-handed deal: each player's meld and card points (``meld_points``, ``points``), who
    took the last trick, and a declaration out; the tricks each took may be left out (``tricks_taken``), since the
    score does not depend on them.  Left out, some share of the tricks must fit what is written (every card point
    and every meld needs a trick won, a meld one won while the stock lasted), and ``tricks`` is null in the answer.
    ``partial``: play stopped at a declaration out (pinochle/6.4).

    The phases, each a helper: the meld points (:func:`_pad_meld_points`, 4.1, 4.2); with the tricks taken, the
    points form (:func:`points_two`); without them, the card points' total and the last trick
    (:func:`_pad_last_trick`, 1.3, 1.4) and a share of the tricks that fits (:func:`_pad_share_fits`).
    """
    opts = Options.of(opts)
    melds, pts = deal.meld_points, deal.points
    if pts is None:
        raise InputError(_("give the card points each player took in tricks"), "/deal/points")
    if melds is None:
        raise InputError(_("give the meld each player scored"), "/deal/meld_points")
    _whole_per_player((("meld_points", melds), ("points", pts)), players)
    _pad_meld_points(melds, players, opts)
    if deal.tricks_taken is not None:
        out = points_two(deal, players, opts, partial)
        for p in players:
            if melds[p] and out[1][p] == 0:
                raise InputError(_("{player} won no trick, so melded nothing", player=p),
                                 f"/deal/meld_points/{esc(p)}")
        return out
    last = _pad_last_trick(deal, players, pts, partial)
    if not _pad_share_fits(players, melds, pts, last, partial, opts):
        raise InputError(_("no share of the pack's cards and tricks gives these card points"),
                         "/deal/points")
    return pts, dict.fromkeys(players), last


def _pad_meld_points(melds: dict[str, int], players: list[str], opts: Options) -> None:
    """``deal.meld_points``: each player's meld in the deal, a multiple of 10 (pinochle/4.1) and at most one
    richest meld (:data:`MOST_MELD`, 1000) per trick won while the stock lasts (12 with 48 cards; 4.2)."""
    stock = stock_tricks(opts)
    for p in players:
        if melds[p] % 10:
            raise InputError(_("every meld is worth a multiple of 10, so {points} cannot be a "
                               "player's meld", points=melds[p]), f"/deal/meld_points/{esc(p)}")
        if melds[p] > stock * MOST_MELD:
            raise InputError(_("a player melds once for each trick won while the stock lasts, {n} at most, so "
                               "{points} is more meld than a deal holds", n=stock, points=melds[p]),
                             f"/deal/meld_points/{esc(p)}")


def _pad_last_trick(deal: DealPlayed, players: list[str], pts: dict[str, int], partial: bool) -> str | None:
    """The pad's form without the tricks taken: who took the last trick (its 10, pinochle/1.4), required for a
    deal played out, whose card points add up to the pack's 240 (1.3); none when play stopped at a declaration
    out (6.4)."""
    if partial:
        if deal.last_trick is not None:
            raise InputError(_("play stopped at the declaration, so nobody took the last trick"), "/deal/last_trick")
        return None
    if sum(pts.values()) != DEAL_TOTAL:
        raise InputError(_("card points in tricks add up to {total} (the last trick's 10 is added for whoever took "
                           "it), not {given}", total=DEAL_TOTAL, given=sum(pts.values())),
                         "/deal/points")
    if deal.last_trick is None:
        raise InputError(_("say who took the last trick (worth 10)"), "/deal/last_trick")
    return parse_player(deal.last_trick, players, "/deal/last_trick")


def _pad_share_fits(players: list[str], melds: dict[str, int], pts: dict[str, int], last: str | None,
                    partial: bool, opts: Options) -> bool:
    """Whether some share of the deal's tricks (all 24 with 48 cards; fewer when play stopped at a declaration out)
    fits the pad: a player with card points, meld or the last trick won a trick, meld at most one richest meld per
    trick won while the stock lasted (pinochle/4.2), and some share of the pack's cards gives each player's card
    points in two cards a trick (1.3; the cards not yet played hold the rest)."""
    n_all = total_tricks(len(players), opts)
    stock = stock_tricks(opts)
    a, b = players
    pool = pool_of(opts)
    splits = ([(t, n_all - t) for t in range(n_all + 1)] if not partial else
              [(t, u) for t in range(n_all) for u in range(n_all - t)])
    for ta, tb in splits:
        taken = {a: ta, b: tb}
        if any(taken[p] == 0 and (pts[p] or melds[p] or p == last) for p in players):
            continue
        if any(melds[p] > min(taken[p], stock) * MOST_MELD for p in players):
            continue
        targets = [(2 * taken[p], pts[p]) for p in players]
        if partial:
            targets.append((2 * (n_all - ta - tb), DEAL_TOTAL - sum(pts.values())))
            if len(targets) > 3 or DEAL_TOTAL - sum(pts.values()) < 0:
                break
        if points_feasible(targets, pool):
            return True
    return False


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
    amount = bid.amount
    if amount < opts.min_bid or amount % 10:
        raise InputError(_("a bid is a multiple of 10 from {low}", low=opts.min_bid), "/deal/bid/amount")
    return declarer, amount


def auction_points(deal: DealPlayed, players: list[str], declarer: str, buried: list[Card],
                    opts: Options) -> tuple[dict[str, int], dict[str, int], str]:
    """The points form of an auction-form deal: ``deal.points`` and ``deal.tricks_taken`` per player and
    ``deal.last_trick``: ``(card points taken, the last trick's 10 and the buried cards included; tricks won; who
    took the last)``.  The points and the buried cards add up to the pack's 240 (pinochle/1.3), the tricks to the
    deal's (12 or 15), and some share of the pack's cards gives each side its points in its tricks."""
    n = len(players)
    pts = deal.points
    taken = deal.tricks_taken
    if pts is None or taken is None:
        raise InputError(_("give the tricks, or each player's card points and number of tricks"), "/deal/points")
    extra = points_of(buried, opts) if n == 3 else 0
    _per_player_counts(pts, taken, players)
    if sum(pts.values()) + extra != DEAL_TOTAL:
        raise InputError(_("card points in tricks and the buried cards add up to {total}, not {given}"
                           "", total=DEAL_TOTAL, given=sum(pts.values()) + extra) if extra else
                         _("card points in tricks add up to {total}, not {given}",
                           total=DEAL_TOTAL, given=sum(pts.values())), "/deal/points")
    if sum(taken.values()) != total_tricks(n, opts):
        raise InputError(_("a deal has {n} tricks", n=total_tricks(n, opts)), "/deal/tricks_taken")
    last = parse_player(deal.last_trick, players, "/deal/last_trick")
    if taken[last] == 0:
        raise InputError(_("{player} took no trick, so not the last one", player=last), "/deal/last_trick")
    if n == 3:
        feasible_or_422([(3 * taken[p], pts[p]) for p in players], pool_of(opts, buried), "/deal/points",
                        _taken(players, pts, taken))
    else:
        sides = [[players[0], players[2]], [players[1], players[3]]]
        feasible_or_422([(4 * sum(taken[p] for p in sd), sum(pts[p] for p in sd)) for sd in sides], pool_of(opts),
                        "/deal/points", _taken(["+".join(sd) for sd in sides],
                                               {"+".join(sd): sum(pts[p] for p in sd) for sd in sides},
                                               {"+".join(sd): sum(taken[p] for p in sd) for sd in sides}))
    captured = {p: pts[p] + (LAST_TRICK if p == last else 0) + (extra if p == declarer else 0) for p in players}
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


@dataclass
class PadUnits:
    """Who a partnership pad writes a number for: each player, or each side (``by_side``); ``of`` maps a unit to
    its players."""

    units: list[str]
    of: dict[str, list[str]]
    by_side: bool


def auction_pad(deal: DealPlayed, players: list[str], dealer: str, opts: OptionsLike) -> AuctionDeal:
    """A partnership or three-hand deal in the numbers a pad keeps: the winning bid, the meld (``meld_points``),
    the counters (``points``), who took the last trick; the tricks each took may be left out (``tricks_taken``).

    Partnership: the numbers per player or per side (``Ann+Cid``, partners in either order), every one of one kind.
    Three-hand: the bidder's meld alone (the others meld nothing, pinochle/8.3), every player's counters with the
    bidder's buried cards in his (8.3).  Checked as the card forms are: the counters add up to the pack's 240 (1.3),
    the last trick's 10 goes once to a player who took a trick (1.4), each meld a multiple of 10 no richer than a
    hand holds (4.1, 4.10), and some share of the deal's tricks and cards gives what is written
    (:func:`_pad_auction_share`).
    """
    opts = Options.of(opts)
    n = len(players)
    declarer, amount = winning_bid(deal, players, opts)
    trump_at(deal.trump, "/deal/trump")
    _pad_refusals(deal, n)
    pu = _pad_units(deal, players)
    melds, pts = deal.meld_points or {}, deal.points
    if n == 3:          # only the bidder melds: the others' 0 may be left out
        melds = dict.fromkeys([p for p in players if p != declarer], 0) | melds
    if pts is None:
        raise InputError(_("give the card points each player took in tricks"), "/deal/points")
    _whole_per_unit(("meld_points", melds), pu, players)
    _whole_per_unit(("points", pts), pu, players)
    meld = {u: melds[_written(melds, u, players)] for u in pu.units}
    counters = {u: pts[_written(pts, u, players)] for u in pu.units}
    _pad_meld_fits(meld, melds, pu, players, declarer)
    if sum(counters.values()) != DEAL_TOTAL:
        raise InputError(_("card points in tricks add up to {total} (the last trick's 10 is added for whoever took "
                           "it), not {given}", total=DEAL_TOTAL, given=sum(counters.values())), "/deal/points")
    if deal.last_trick is None:
        raise InputError(_("say who took the last trick (worth 10)"), "/deal/last_trick")
    last_unit = _pad_last_unit(deal.last_trick, pu, players)
    taken = _pad_tricks_taken(deal, pu, players, last_unit, opts)
    took = _pad_auction_share(players, declarer, pu, counters, last_unit, taken, opts)
    if n == 4 and opts.meld_save == "one_trick" and any(
            meld[u] and len(took[side_of(players, pu.of[u][0])]) > 1 for u in pu.units):
        raise InputError(_("the side's meld counts only if it won a trick, and its card points do not say "
                           "whether it did: give the tricks each took"), "/deal/tricks_taken")
    per_player = _pad_per_player(players, pu, meld, counters, taken, last_unit)
    m, captured, won = per_player
    if n == 3:
        m = {p: {"melds": [], "points": meld[p] if p == declarer else 0} for p in players}
    return AuctionDeal(declarer, amount, m, captured, won, pu.of[last_unit][0], False,
                       took={s: next(iter(v)) for s, v in took.items()} if n == 4 else None, by_side=pu.by_side)


def _pad_refusals(deal: DealPlayed, n: int) -> None:
    """What the pad's form of an auction deal does not take: the melds as cards too, a conceded deal, three-hand the
    buried cards (in the bidder's counters)."""
    for k, given in (("melds", deal.melds), ("meld", deal.meld)):
        if given is not None:
            raise InputError(_("give the melds as cards or as points, not both"), f"/deal/{k}")
    if deal.conceded:
        raise InputError(_("a conceded deal is not played, so no meld is scored"), "/deal/meld_points")
    if n == 3 and deal.buried is not None:
        raise InputError(_("as a pad writes it, the bidder's counters include the cards he buried: leave them out"),
                         "/deal/buried")


def _pad_meld_fits(meld: dict[str, int], written: dict, pu: PadUnits, players: list[str], declarer: str) -> None:
    """Each meld a multiple of 10 (pinochle/4.1), three-hand the bidder's alone (8.3), and no more than the hands
    hold (:data:`MOST_HAND_MELD`, 4.10)."""
    n = len(players)
    most = MOST_HAND_MELD[HAND_SIZE[n]]
    for u in pu.units:
        ptr = f"/deal/meld_points/{esc(_written(written, u, players))}"
        if meld[u] % 10:
            raise InputError(_("every meld is worth a multiple of 10, so {points} cannot be a player's meld",
                               points=meld[u]), ptr)
        if n == 3 and u != declarer and meld[u]:
            raise InputError(_("in the three-hand auction only the bidder melds"), ptr)
        if meld[u] > most * len(pu.of[u]):
            raise InputError(_("a hand shows at most {most} in meld, so {points} is more than it holds",
                               most=most * len(pu.of[u]), points=meld[u]) if len(pu.of[u]) == 1 else
                             _("a hand shows at most {most} in meld, so a side at most {both}, not {points}",
                               most=most, both=most * len(pu.of[u]), points=meld[u]), ptr)


def _pad_tricks_taken(deal: DealPlayed, pu: PadUnits, players: list[str], last: str,
                      opts: Options) -> dict[str, int] | None:
    """``deal.tricks_taken`` when the pad gives it: per unit, the deal's tricks in all, one at least for the taker of
    the last (pinochle/1.4)."""
    taken = deal.tricks_taken
    if taken is None:
        return None
    _whole_per_unit(("tricks_taken", taken), pu, players)
    out = {u: taken[_written(taken, u, players)] for u in pu.units}
    n_tricks = total_tricks(len(players), opts)
    if sum(out.values()) != n_tricks:
        raise InputError(_("a deal has {n} tricks", n=n_tricks), "/deal/tricks_taken")
    if out[last] == 0:
        raise InputError(_("{player} took no trick, so not the last one", player=last), "/deal/last_trick")
    return out


def _written(obj: dict, unit: str, players: list[str]) -> str:
    """The key ``obj`` gives ``unit`` under (a side may be named with its partners in either order)."""
    for k in obj:
        if k == unit or (len(players) == 4 and side_key(k, players) == unit):
            return k
    return unit


def _pad_units(deal: DealPlayed, players: list[str]) -> PadUnits:
    """Partnership: per side when ``meld_points`` names a side, else per player; three-hand: per player."""
    melds = deal.meld_points or {}
    if len(players) == 4 and any(side_key(k, players) in side_ids(players) for k in melds):
        sides = side_ids(players)
        return PadUnits(sides, {sides[0]: [players[0], players[2]], sides[1]: [players[1], players[3]]}, True)
    return PadUnits(list(players), {p: [p] for p in players}, False)


def _whole_per_unit(field: tuple[str, dict], pu: PadUnits, players: list[str]) -> None:
    """``deal.<key>``: a whole number, 0 or more, for every player (or every side) and nobody else."""
    key, obj = field
    seen = set()
    for k in obj:
        u = side_key(k, players) if pu.by_side else k
        if u not in pu.units:
            raise InputError(_("{name} is not a side: the sides are {first} and {second}, partners sitting "
                               "opposite", name=repr(k), first=pu.units[0], second=pu.units[1]) if pu.by_side else
                             _("{name} is not a player", name=repr(k)), f"/deal/{key}/{esc(k)}")
        if u in seen:
            raise InputError(_("{name} names the side {side} again", name=repr(k), side=u), f"/deal/{key}/{esc(k)}")
        seen.add(u)
    for u in pu.units:
        v = obj.get(_written(obj, u, players))
        if v is None or v < 0:      # the schema gives integers
            raise InputError(_("a whole number, 0 or more, for every side") if pu.by_side else
                             _("a whole number, 0 or more, for every player"),
                             f"/deal/{key}/{esc(_written(obj, u, players))}")


def _pad_last_unit(value: str, pu: PadUnits, players: list[str]) -> str:
    """``deal.last_trick``: a player, or with the numbers per side also a side; the unit that took it."""
    if pu.by_side and side_key(value, players) in pu.units:
        return side_key(value, players)
    p = parse_player(value, players, "/deal/last_trick")
    return next(u for u in pu.units if p in pu.of[u])


def _pad_auction_share(players: list[str], declarer: str, pu: PadUnits, counters: dict[str, int], last: str,
                       taken: dict[str, int] | None, opts: Options) -> dict[str, set[bool]]:
    """Whether some share of the deal's tricks gives what the pad says (pinochle/1.3, 1.4): every trick 4 cards in
    partnership (:func:`_pad_share_four`), 3 three-hand with the bidder's 3 buried cards besides
    (:func:`_pad_share_three`); a player or side with card points (other than the bidder's buried ones) or the
    last trick won a trick; the tricks as written when given.  Returns, per partnership side, whether it won a
    trick in the shares that fit (``{True}``, ``{False}`` or both); 422 when none fits."""
    if len(players) == 4:
        return _pad_share_four(players, pu, counters, last, taken, opts)
    _pad_share_three(players, declarer, counters, last, taken, opts)
    return {}


def _pad_share_four(players: list[str], pu: PadUnits, counters: dict[str, int], last: str,
                    taken: dict[str, int] | None, opts: Options) -> dict[str, set[bool]]:
    pool = pool_of(opts)
    a, b = side_ids(players)
    found: dict[str, set[bool]] = {a: set(), b: set()}
    unit_side = {u: side_of(players, pu.of[u][0]) for u in pu.units}
    side_pts = {s: sum(counters[u] for u in pu.units if unit_side[u] == s) for s in (a, b)}
    if taken is not None:
        side_t = {s: sum(taken[u] for u in pu.units if unit_side[u] == s) for s in (a, b)}
        feasible_or_422([(4 * side_t[s], side_pts[s]) for s in (a, b)], pool, "/deal/points",
                        _taken([a, b], side_pts, side_t))
        for u in pu.units:
            if taken[u] == 0 and counters[u]:
                raise InputError(_("{player} took no trick, so no card points", player=u), f"/deal/points/{esc(u)}")
        return {s: {side_t[s] > 0} for s in (a, b)}
    n_tricks = total_tricks(4, opts)
    for t in range(n_tricks + 1):
        share = {a: t, b: n_tricks - t}
        if any(share[s] == 0 and (side_pts[s] or unit_side[last] == s) for s in (a, b)):
            continue
        if points_feasible([(4 * share[s], side_pts[s]) for s in (a, b)], pool):
            for s in (a, b):
                found[s].add(share[s] > 0)
    if not found[a]:
        raise InputError(_("no share of the pack's cards and tricks gives these card points"), "/deal/points")
    return found


def _pad_share_three(players: list[str], declarer: str, counters: dict[str, int], last: str,
                     taken: dict[str, int] | None, opts: Options) -> None:
    others = [p for p in players if p != declarer]
    n_tricks = total_tricks(3, opts)
    splits = ([(taken[declarer], taken[others[0]], taken[others[1]])] if taken is not None else
              [(t, u, n_tricks - t - u) for t in range(n_tricks + 1) for u in range(n_tricks + 1 - t)])
    for t, u, v in splits:
        share = {declarer: t, others[0]: u, others[1]: v}
        if any(share[p] == 0 and ((counters[p] and p != declarer) or p == last) for p in players):
            continue
        if points_feasible([(3 * t + 3, counters[declarer]), (3 * u, counters[others[0]]),
                            (3 * v, counters[others[1]])], pool_of(opts)):
            return
    raise InputError(_("no share of the pack's cards and tricks gives these card points"), "/deal/points")


def _pad_per_player(players: list[str], pu: PadUnits, meld: dict[str, int], counters: dict[str, int],
                    taken: dict[str, int] | None, last: str) -> tuple[dict[str, dict], dict[str, int], dict]:
    """The pad's numbers per player for the scoring: a side's numbers on its first player, the partner's 0 (the
    answer then shows no player's own share); the last trick's 10 added (pinochle/1.4)."""
    first = {pu.of[u][0]: u for u in pu.units}
    m = {p: {"melds": [], "points": meld[first[p]] if p in first else 0} for p in players}
    captured = {p: (counters[first[p]] + (LAST_TRICK if first[p] == last else 0)) if p in first else 0
                for p in players}
    won: dict = {p: (taken[first[p]] if p in first else 0) if taken is not None else None for p in players}
    return m, captured, won


def pad_form(deal: DealPlayed, st: DealState) -> None:
    """Two-handed, the pad's form: meld and card points per player as written down (:func:`_pad_two`), the
    melds not given as cards; the last trick's 10 added to its taker (pinochle/1.4)."""
    if deal.melds is not None:
        raise InputError(_("give the melds as cards or as points, not both"), "/deal/melds")
    took(st, *_pad_two(deal, st.players, st.opts, partial=deal.declared_out is not None))
    written = deal.meld_points or {}
    for p in st.players:
        if written[p]:
            st.meld_points[p] += written[p]
            st.melds.append({"player": p, "meld": None, "class": None, "points": written[p],
                             "item": _("meld as written down")})
