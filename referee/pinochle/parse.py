"""Pinochle request bodies → states: a score body's deal, a check body's position, a validate log's deal event.

Everything here reads what the request says and refuses what cannot be (an :class:`~referee.errors.InputError`
pointing at the field): cards the pack does not hold or holds fewer times, hands of the wrong size, points that no
share of the cards gives, melds made of cards never held, a deal given for scoring with an illegal play in it.
The rules themselves are the state machine's (:mod:`.deal`) and the meld table's (:mod:`.melds`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..cards import Card, check_conservation, parse_cards, parse_suit
from ..common import missing_scores, parse_player, points_feasible
from ..errors import IllegalAction, InputError, esc
from ..i18n import Suit, _, ngettext
from ..knowledge import Partial, account, read_hand
from .auction import Auction
from .cards import DEAL_TOTAL, LAST_TRICK, deck_of, dix_rank, points_of, pool_of
from .deal import (
    HAND_SIZE,
    DealState,
    new_state,
    shown,
    side_ids,
    side_key,
    side_of,
    stock_tricks,
    total_tricks,
    trick_winner,
)
from .melds import MeldFault, Table, meld_in_hand, meld_kind
from .options import Options, OptionsLike
from .scoring import ESCALATION

if TYPE_CHECKING:       # the request's records (schemas/pinochle.py), named in annotations only
    from schemas.pinochle import DealPlayed, Dealt, Declaration, PlayedTrick, Spot, Standing


def cards_at(value: Any, opts: OptionsLike, ptr: str) -> list[Card]:
    """Cards written as text where the request keeps them as given (a hand, a meld of ``deal.melds``), of the pack
    of option ``deck`` (pinochle/1.1), with errors pointing at each card."""
    return parse_cards(value, deck_of(opts), ptr)


def in_deck(cards: list[Card] | None, opts: OptionsLike, ptr: str) -> list[Card]:
    """Cards the schema has read, each of the pack of option ``deck`` (pinochle/1.1), with errors pointing at each
    card; a list left out (an event or action of a type that takes it) is refused at ``ptr``.  ``opts`` is read as
    given (typed options or the dict): a log calls this for every event."""
    if cards is None:
        raise InputError(_("expected a list of cards"), ptr)
    deck = deck_of(opts)
    bad = [{"pointer": f"{ptr}/{i}", "detail": _("{card} is not in the {deck} deck", card=c, deck=deck)}
           for i, c in enumerate(cards) if not deck.holds(c)]
    if bad:
        raise InputError(bad)
    return cards


def card_at(card: Card | None, opts: OptionsLike, ptr: str) -> Card:
    """One card the schema has read, of the pack (errors at the field itself, as in :func:`in_deck`); left out, it
    is refused at ``ptr``."""
    if card is None:
        raise InputError(_("a card must be a string such as '10H' or 'QS'"), ptr)
    deck = deck_of(opts)
    if not deck.holds(card):
        raise InputError(_("{card} is not in the {deck} deck", card=card, deck=deck), ptr)
    return card


def trump_at(value, ptr) -> str:
    try:
        return parse_suit(value)
    except ValueError as e:
        raise InputError(str(e), ptr) from None


def parse_state(req: Any, players: list[str], opts: OptionsLike) -> tuple[dict[str, int], int]:
    """``state``: ``{"scores": {player or side: n}, "target": n}`` → (scores, target).

    The phases, each a helper: nothing carried into a one-deal game (:func:`_one_deal_state`, pinochle/6.3); the
    score keys, players or sides (:func:`_named_scores`); each score a total the rounding allows
    (:func:`_score_values`, 6.2); the target in force (:func:`_target_given`, 6.3); each total short of it and the
    target's rise borne out by the totals (:func:`_totals_fit_target`, 6.3, 7.7).  The schema gives the types
    (an object of integers, an integer target).
    """
    opts = Options.of(opts)
    keys = side_ids(players) if len(players) == 4 else players
    scores = dict.fromkeys(keys, 0)
    raw: Standing | None = req.state
    if raw is None:
        return scores, opts.target
    if opts.one_deal_game:
        _one_deal_state(raw, opts)
    given = raw.scores
    named = _named_scores(given, players, keys) if given is not None else {}
    missing = missing_scores({"scores": named}, keys) if given else []
    if missing:
        raise InputError(missing)
    scores.update(_score_values(named, opts))
    target = _target_given(raw, players, opts)
    _totals_fit_target(scores, named, target, len(players), opts)
    return scores, target


def _one_deal_state(raw: Standing, opts: Options) -> None:
    """The one-deal game: every deal is a game of its own (pinochle/6.3), so a ``state`` carries no score other
    than 0 and no target other than the option's."""
    for k, v in (raw.scores or {}).items():
        if v != 0:
            raise InputError(_("in the one-deal game each deal is a game of its own: no score is carried into "
                               "it"), f"/state/scores/{esc(k)}")
    if raw.target is not None and raw.target != opts.target:
        raise InputError(_("the one-deal game has no target to rise"), "/state/target")


def _named_scores(given: dict, players: list[str], keys: list[str]) -> dict[str, tuple[str, int]]:
    """``state.scores`` by player (two-handed, three-hand) or by side (partnership, a side named by either partner
    or by its id): ``{player or side id: (the key as written, its score)}``.  Keys not recognised and a side named
    twice are refused, each at its own place, with the totals then missing at theirs."""
    four = len(players) == 4
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
            named[key] = (k, v)
    if errors:
        # the keys not recognised, each at its own place; the totals then missing, at theirs
        raise InputError(errors + missing_scores({"scores": named}, keys))
    return named


def _score_values(named: dict[str, tuple[str, int]], opts: Options) -> dict[str, int]:
    """Each score given (``{id: (key as written, points)}``) → ``{id: points}``: with rounding to tens (option
    ``rounding`` other than ``none``, card points other than ``ace_ten_kq``) every total is a multiple of 10
    (pinochle/6.2)."""
    out = {}
    for key, (k, v) in named.items():
        if v % 10 and opts.rounding != "none" and opts.card_points != "ace_ten_kq":
            raise InputError(_("{score} cannot happen: with rounding every score is a multiple of 10", score=v),
                             f"/state/scores/{esc(k)}")
        out[key] = v
    return out


def _target_given(raw: Standing, players: list[str], opts: Options) -> int:
    """``state.target``: the target in force, the option's or a later step of :data:`ESCALATION` (250) above it
    (pinochle/6.3); it rises only two-handed (the auction forms score the bid first, 7.7, 8.4)."""
    t = raw.target
    if t is None:
        return opts.target
    if t < opts.target or (t - opts.target) % ESCALATION:
        raise InputError(_("the target is {target} or a later step of {step} above it",
                           target=opts.target, step=ESCALATION),
                         "/state/target")
    if t != opts.target and len(players) != 2:
        # the bidding side counts first (7.7), and only the bidder scores in three-hand play (8.4)
        raise InputError(_("the target never rises in this form: it is {target}",
                           target=opts.target), "/state/target")
    return t


def _totals_fit_target(scores: dict[str, int], named: dict[str, tuple[str, int]], target: int, n: int,
                       opts: Options) -> None:
    """Every total is short of ``target`` (one that reached it ended the game or raised the target, pinochle/6.3,
    7.7), two-handed none below 0, and a risen target is borne out by the totals (option ``target_rise``:
    ``by_step``, both passed the step below; ``above_both``, both passed the base target and one the step below)."""
    for k, v in scores.items():
        if v >= target:
            # the game would have ended with the deal that brought this total (pinochle/6.3, 7.7)
            raise InputError(_("{score} has already reached the target {target}; the target should have risen "
                               "or the game ended", score=v, target=target) if n == 2 else
                             _("{score} has already reached the target {target}: the game ended with that deal"
                               "", score=v, target=target),
                             f"/state/scores/{esc(named.get(k, (k,))[0])}")
        if n == 2 and v < 0:
            raise InputError(_("two-handed scores never go below 0"), f"/state/scores/{esc(k)}")
    if target > opts.target:
        low, high = min(scores.values()), max(scores.values())
        if opts.target_rise == "by_step" and low < target - ESCALATION:
            raise InputError(_("the target rose to {target} only because both passed {passed}", target=target,
                               passed=target - ESCALATION), "/state/target")
        if opts.target_rise == "above_both" and (high < target - ESCALATION or low < opts.target):
            raise InputError(_("the target rose to {target} only because both passed {base} and one of them "
                               "{passed}", target=target, base=opts.target, passed=target - ESCALATION),
                             "/state/target")


def trick_list(deal: DealPlayed, players: list[str], opts: OptionsLike, n_tricks: int,
               allow_short: bool = False) -> list[list[tuple[str, Card]]]:
    """``deal.tricks``: each trick as ``[(player, card)]`` in play order, its players following from its leader."""
    opts = Options.of(opts)
    raw: list[PlayedTrick] = deal.tricks or []     # given (the callers ask)
    if len(raw) != n_tricks and not (allow_short and len(raw) < n_tricks):
        raise InputError(_("a completed deal has {n} tricks, not {given}", n=n_tricks, given=len(raw)), "/deal/tricks")
    out = []
    for i, t in enumerate(raw):
        ptr = f"/deal/tricks/{i}"
        leader = parse_player(t.leader, players, ptr + "/leader")
        cards = in_deck(t.cards, opts, ptr + "/cards")
        if len(cards) != len(players):
            raise InputError(_("a trick has {n} cards, not {given}", n=len(players), given=len(cards)), ptr + "/cards")
        seq, p = [], leader
        for c in cards:
            seq.append((p, c))
            p = players[(players.index(p) + 1) % len(players)]
        out.append(seq)
    return out


def replay(st: DealState, tricks) -> None:
    """Play the given tricks through the state (leaders and plays judged; draws are not part of it)."""
    for i, seq in enumerate(tricks):
        if st.n == 2 and i == stock_tricks(st.opts):
            # the play-off hands are exactly the cards each player plays in the last twelve tricks
            for p in st.players:
                st.hands[p] = [c for s in tricks[i:] for q, c in s if q == p]
                st.tables[p] = Table()
        for j, (p, c) in enumerate(seq):
            if j == 0 and p != st.to_play:
                raise InputError(_("trick {i} must be led by {leader}, not {player}", i=i, leader=st.to_play,
                                   player=p), f"/deal/tricks/{i}/leader")
            try:
                st.apply_play(p, c)
            except IllegalAction as e:
                raise InputError(_("illegal play in a deal given for scoring: {why}", why=e.message),
                                 f"/deal/tricks/{i}/cards/{j}") from None
        st.to_draw = []  # a scored deal lists its tricks only; the draws are not replayed
        st.window = None


def two_handed_deal(deal: DealPlayed, players: list[str], dealer: str, opts: OptionsLike, scores: dict[str, int],
                    target: int) -> DealState:
    """A two-handed score body's deal → the state at its end: tricks replayed (or the points form read), melds
    judged in the order declared, a declaration out read.

    The phases, each a helper: trump and the upcard (:func:`_trump_and_upcard`, pinochle/2.1); the melds as
    declared (:func:`_meld_list`); then one of three forms: the tricks (:func:`_tricks_form`), the pad's meld and
    card points (:func:`_pad_form`) or the card points with the melds as cards (:func:`_points_form`).
    """
    opts = Options.of(opts)
    trump, upcard = _trump_and_upcard(deal, opts)
    melds = _meld_list(deal, players, opts)
    st = new_state(players, dealer, opts, trump)
    st.upcard = st.turned_up = upcard
    st.stock_left = 2 * stock_tricks(opts)
    declared = deal.declared_out
    n_tricks = None     # the tricks given, when they are (a declaration out stops play before the last)
    if deal.tricks is not None:
        n_tricks = _tricks_form(deal, st, melds)
    elif deal.meld_points is not None:
        _pad_form(deal, st)
    else:
        _points_form(deal, st, melds)
    if declared is not None:
        st.declared = _declared(declared, players, scores, st, target, n_tricks)
    return st


def _trump_and_upcard(deal: DealPlayed, opts: Options) -> tuple[str, Card | None]:
    """``deal.trump`` and ``deal.upcard``: ``(trump suit, upcard or None)``; the upcard fixes trump (pinochle/2.1),
    so given both they agree, and one of them is required."""
    upcard = None
    if deal.upcard is not None:
        upcard = card_at(deal.upcard, opts, "/deal/upcard")
    if deal.trump is not None:
        trump = trump_at(deal.trump, "/deal/trump")
        if upcard is not None and upcard.suit != trump:
            raise InputError(_("the upcard {card} makes {suit} trump", card=upcard,
                               suit=Suit(upcard.suit)), "/deal/trump")
    elif upcard is not None:
        trump = upcard.suit
    else:
        raise InputError(_("give the trump (or the upcard that fixed it)"), "/deal/trump")
    return trump, upcard


DeclaredMeld = tuple[int, str, list[Card], bool]    # a meld as declared: (index in deal.melds, player, cards, exchange)


def _meld_list(deal: DealPlayed, players: list[str], opts: Options) -> list[DeclaredMeld]:
    """``deal.melds``, two-handed: the list in the order declared (not the partnership's player → cards, which the
    schema reads too) → ``[(index, player, cards, exchange)]``."""
    if isinstance(deal.melds, dict):    # {} is the partnership shape, not "no melds"
        raise InputError(_("two-handed melds are a list in the order declared"), "/deal/melds")
    return [(i, parse_player(m.player, players, f"/deal/melds/{i}/player"),
             in_deck(m.cards, opts, f"/deal/melds/{i}/cards"), bool(m.exchange))
            for i, m in enumerate(deal.melds or [])]


def _tricks_form(deal: DealPlayed, st: DealState, melds: list[DeclaredMeld]) -> int:
    """Two-handed, tricks given: all 24 (32 with 64 cards), or fewer when play stopped at a declaration out
    (pinochle/6.4).  The tricks hold the pack (exactly, when complete; 1.1), each meld uses cards its player held
    (:func:`_check_meld_cards`), the tricks are replayed and the melds judged in order against the tricks won
    while the stock lasted (:func:`_sequential_melds`).  Returns the number of tricks given."""
    players, opts = st.players, st.opts
    assert st.trump is not None
    if deal.points is not None:
        raise InputError(_("give the tricks or the points, not both"), "/deal/points")
    n_all = total_tricks(2, opts)
    tricks = trick_list(deal, players, opts, n_all, allow_short=deal.declared_out is not None)
    complete = len(tricks) == n_all
    check_conservation([(f"/deal/tricks/{i}/cards", [c for _p, c in s]) for i, s in enumerate(tricks)],
                       deck_of(opts), exact=complete)
    held = {p: Counter(c for s in tricks for q, c in s if q == p) for p in players} if complete else None
    _check_meld_cards(melds, held, players, opts, st.trump, st.upcard)
    # melds are attached to phase-1 tricks in order: each non-dix meld needs a trick won before it
    replay(st, tricks)
    _sequential_melds(melds, players, opts, st.trump, st, tricks[:stock_tricks(opts)], held, st.upcard)
    return len(tricks)


def _pad_form(deal: DealPlayed, st: DealState) -> None:
    """Two-handed, the pad's form: meld and card points per player as written down (:func:`_pad_two`), the
    melds not given as cards; the last trick's 10 added to its taker (pinochle/1.4)."""
    if deal.melds is not None:
        raise InputError(_("give the melds as cards or as points, not both"), "/deal/melds")
    _took(st, *_pad_two(deal, st.players, st.opts, partial=deal.declared_out is not None))
    written = deal.meld_points or {}
    for p in st.players:
        if written[p]:
            st.meld_points[p] += written[p]
            st.melds.append({"player": p, "meld": None, "class": None, "points": written[p],
                             "item": _("meld as written down")})


def _points_form(deal: DealPlayed, st: DealState, melds: list[DeclaredMeld]) -> None:
    """Two-handed, card points and tricks taken per player (:func:`_points_two`), the melds as cards judged in
    order against the tricks won (:func:`_sequential_melds`)."""
    assert st.trump is not None
    _took(st, *_points_two(deal, st.players, st.opts, partial=deal.declared_out is not None))
    _check_meld_cards(melds, None, st.players, st.opts, st.trump, st.upcard)
    _sequential_melds(melds, st.players, st.opts, st.trump, st, None, None, st.upcard)


def _took(st: DealState, pts: dict[str, int], taken: dict, last: str | None) -> None:
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


def _points_two(deal: DealPlayed, players: list[str], opts: OptionsLike,
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
    points form (:func:`_points_two`); without them, the card points' total and the last trick
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
        out = _points_two(deal, players, opts, partial)
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


def _check_meld_cards(melds, held, players, opts: OptionsLike, trump, upcard):
    """A meld may use only cards the player could hold (pinochle/1.1); a dix exchange gives the upcard."""
    opts = Options.of(opts)
    for i, p, cards, exchange in melds:
        cnt = Counter(cards)
        for c, k in cnt.items():
            if exchange and c.rank == dix_rank(opts):
                continue  # an exchanged dix ends in the stock, so maybe in the other player's tricks
            if k > 2 or (held is not None and held[p][c] < k):
                raise InputError(_("{player} never held {n} × {card} in this deal (their tricks show every card "
                                   "they had)", player=p, n=k, card=c),
                                 f"/deal/melds/{i}/cards")
        if exchange and held is not None and upcard is not None and held[p][upcard] == 0:
            raise InputError(_("{player} exchanged a dix for {card} but never played {card}", player=p, card=upcard),
                             f"/deal/melds/{i}/exchange")


def _sequential_melds(melds, players, opts: OptionsLike, trump, st: DealState, phase1, held, upcard):
    """Judge the declared melds in order (pinochle/4.2–4.9) and add their points to ``st``.

    ``held``: every card each player had in the deal (from complete tricks), which bounds the copies
    available off the table; None when unknown.
    """
    opts = Options.of(opts)
    wins = dict.fromkeys(players, 0)
    if phase1 is not None:
        for s in phase1:
            wins[trick_winner(s, trump)] += 1
    else:
        wins = dict(st.won)
    used = dict.fromkeys(players, 0)
    held = {p: Counter(h) for p, h in held.items()} if held is not None else None
    dixes = 0
    for i, p, cards, exchange in melds:
        ptr = f"/deal/melds/{i}"
        meld = meld_kind(cards, trump, opts)
        if meld is None:
            raise InputError(_("{cards} is not a meld with {suit} trump", cards=shown(cards),
                               suit=Suit(trump)),
                             ptr + "/cards")
        if meld.name != "dix":
            used[p] += 1
            if used[p] > min(wins[p], stock_tricks(opts)):
                raise InputError(_("{player} declared more melds than tricks won while the stock lasted",
                                   player=p), ptr)
        if meld.name == "dix":
            if min(wins[p], stock_tricks(opts)) == 0:
                # a dix is shown or exchanged after a trick won, like any meld (it only does not use one up)
                raise InputError(_("{player} won no trick while the stock lasted, so melded no dix",
                                   player=p), ptr)
            dixes += 1
            if dixes > 2:
                raise InputError(_("both dixes have already been scored in this deal"), ptr)
            if exchange and (upcard is None or upcard.rank == dix_rank(opts) or st.exchanged):
                raise InputError(_("the upcard cannot be exchanged here"), ptr + "/exchange")
            if exchange and held is not None:
                # the dix left this player for the stock, and the upcard came in: both count as held
                held[p][cards[0]] += 1
        elif exchange:
            raise InputError(_("only a dix is exchanged for the upcard"), ptr + "/exchange")
        free = None
        if held is not None:
            free = Counter(held[p])
            free.subtract(t.card for t in st.tables[p].cards)
        plan = st.tables[p].plan(cards, meld, free, p)
        if isinstance(plan, MeldFault):
            raise InputError(plan.message, ptr + "/cards")
        st.tables[p].add(cards, meld, plan)
        if meld.name == "dix" and exchange:
            # the dix goes under the stock as the new upcard; the old upcard joins the player's hand
            st.tables[p].cards.pop()
            upcard = cards[0]
            st.exchanged = True
        total_on_table = Counter(t.card for q in players for t in st.tables[q].cards)
        if upcard is not None:
            total_on_table[upcard] += 1
        for c, k in total_on_table.items():
            if k > 2:
                raise InputError(_("more than two {card} have been melded", card=c), ptr + "/cards")
        st.meld_points[p] += meld.points
        st.melds.append({"player": p, "meld": meld.name, "class": meld.cls, "points": meld.points})


def _declared(declared: Declaration, players: list[str], scores: dict[str, int], st: DealState, target: int,
              n_tricks: int | None) -> dict:
    if not st.opts.declare_out:
        raise InputError(_("declaring out is not played in this form"), "/deal/declared_out")
    p = parse_player(declared.player, players, "/deal/declared_out/player")
    # play stops at the declaration (pinochle/6.4): the card points the deal gives the claimant are those at the
    # claim; points_at_claim may be left out, and given it must say the same
    pts = st.captured[p]
    given = declared.points_at_claim
    if given is not None and given != pts:     # the schema gives a whole number, 0 or more
        raise InputError(_("play stops at a declaration out, so the claimant's card points at "
                           "the claim are the {points} taken in the deal, not {given}", points=pts, given=given),
                         "/deal/declared_out/points_at_claim")
    total = scores[p] + st.meld_total(p) + pts
    return {"player": p, "total": total, "right": total >= target}


def auction_deal(deal: DealPlayed, players: list[str], dealer: str, opts: OptionsLike) -> AuctionDeal:
    """A partnership or three-hand score body's deal → the bid, each player's meld and what each took.

    The phases, each a helper: the winning bid (:func:`_winning_bid`, pinochle/7.2, 8.2); the meld shown
    (:func:`_auction_melds`, 4.10); the bidder's buried cards (:func:`_buried`, 8.3); what each took, from the
    tricks replayed (:func:`_auction_tricks`) or from the points written (:func:`_auction_points`, 1.3, 1.4).
    """
    opts = Options.of(opts)
    n = len(players)
    declarer, amount = _winning_bid(deal, players, opts)
    trump = trump_at(deal.trump, "/deal/trump")
    melds, shown_cards = _auction_melds(deal, players, declarer, trump, opts)
    conceded = bool(deal.conceded)
    if conceded and n == 4:
        raise InputError(_("conceding belongs to the three-hand auction"), "/deal/conceded")
    buried = _buried(deal, n, conceded, opts)
    if conceded:
        for k, given in (("tricks", deal.tricks), ("points", deal.points)):
            if given is not None:
                raise InputError(_("a conceded deal is not played"), f"/deal/{k}")
        return AuctionDeal(declarer, amount, melds, dict.fromkeys(players, 0), dict.fromkeys(players, 0), None,
                           conceded)
    if deal.tricks is not None:
        captured, won, last = _auction_tricks(deal, players, dealer, declarer, trump, shown_cards, buried, opts)
    else:
        captured, won, last = _auction_points(deal, players, declarer, buried, opts)
    return AuctionDeal(declarer, amount, melds, captured, won, last, conceded)


def _winning_bid(deal: DealPlayed, players: list[str], opts: Options) -> tuple[str, int]:
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


def _auction_melds(deal: DealPlayed, players: list[str], declarer: str, trump: str,
                   opts: Options) -> tuple[dict[str, dict], dict[str, list[Card]]]:
    """The meld of an auction-form deal, counted at once from the cards shown (pinochle/4.10): ``({player:
    {"melds", "points"}}, {player: cards shown})``.  Three-hand only the bidder melds (``deal.meld``, a list; 8.3);
    in partnership each player shows cards (``deal.melds``, player → cards, at most the 12 of a hand; 7.4), and
    no card more often than the pack holds it (1.1)."""
    n = len(players)
    meld_raw = deal.melds
    if n == 3 and meld_raw is not None:
        raise InputError(_("in the three-hand auction only the bidder melds: give his meld as one list of cards, not "
                           "per player"), "/deal/melds")
    meld_raw = {} if meld_raw is None else meld_raw
    if isinstance(meld_raw, list):     # the schema reads the two-handed list too
        raise InputError(_("give the melds by player: each with the cards he melded"), "/deal/melds")
    if n == 3:
        cards = in_deck(deal.meld or [], opts, "/deal/meld")
        found = meld_in_hand(cards, trump, opts)
        melds = {p: {"melds": [], "points": 0} for p in players}
        melds[declarer] = {"melds": found, "points": sum(m["points"] for m in found)}
        return melds, {p: (cards if p == declarer else []) for p in players}
    for k in meld_raw:
        if k not in players:
            raise InputError(_("{name} is not a player", name=repr(k)), f"/deal/melds/{esc(k)}")
    shown = {p: in_deck(meld_raw.get(p, []), opts, f"/deal/melds/{esc(p)}") for p in players}
    check_conservation([(f"/deal/melds/{esc(p)}", shown[p]) for p in players], deck_of(opts))
    melds = {}
    for p in players:      # each at most the 12 of a hand (the schema)
        found = meld_in_hand(shown[p], trump, opts)
        melds[p] = {"melds": found, "points": sum(m["points"] for m in found)}
    return melds, shown


def _buried(deal: DealPlayed, n: int, conceded: bool, opts: Options) -> list[Card]:
    """Three-hand: ``deal.buried``, the 3 cards the bidder laid away (pinochle/8.3), required unless the deal was
    conceded (their card points count to the bidder); none in partnership."""
    if n == 3 and not conceded and deal.buried is None:
        raise InputError(_("give the 3 cards the bidder buried: they count to him, so the card points cannot be "
                           "checked without them"), "/deal/buried")
    if n != 3 or deal.buried is None:
        return []
    buried = in_deck(deal.buried, opts, "/deal/buried")
    if len(buried) != 3:
        raise InputError(_("the bidder buries 3 cards"), "/deal/buried")
    return buried


def _auction_tricks(deal: DealPlayed, players: list[str], dealer: str, declarer: str, trump: str,
                    shown_cards: dict[str, list[Card]], buried: list[Card],
                    opts: Options) -> tuple[dict[str, int], dict[str, int], str | None]:
    """The tricks of an auction-form deal, replayed (pinochle/3.2, 5.x; the bidder leads three-hand, 8.5):
    ``(card points taken per player, last trick's 10 and the buried cards included; tricks won; who took the
    last)``.  The tricks and the buried cards hold the pack once (1.1: exactly, with 48 cards and every card
    there), and every card shown as meld was played or buried by its player (4.10)."""
    n = len(players)
    tricks = trick_list(deal, players, opts, total_tricks(n, opts))
    groups = [(f"/deal/tricks/{i}/cards", [c for _p, c in s]) for i, s in enumerate(tricks)]
    groups.append(("/deal/buried", buried))
    check_conservation(groups, deck_of(opts),
                       exact=opts.deck == 48 and (n == 4 or len(buried) == 3))
    hands = {p: [c for s in tricks for q, c in s if q == p] for p in players}
    for p in players:
        have = Counter(hands[p]) + (Counter(buried) if n == 3 and p == declarer else Counter())
        missing = Counter(shown_cards[p]) - have
        if missing:
            ptr = f"/deal/melds/{esc(p)}" if n == 4 else "/deal/meld"
            raise InputError(_("{player} shows {card} as meld but never held it (the tricks show every card "
                               "played)", player=p, card=next(iter(missing))), ptr)
    st = new_state(players, dealer, opts, trump, hands)
    st.leader = declarer if n == 3 else st.leader
    replay(st, tricks)
    captured = st.captured
    if n == 3:
        captured[declarer] += points_of(buried, opts)
    return captured, st.won, st.last_trick


def _auction_points(deal: DealPlayed, players: list[str], declarer: str, buried: list[Card],
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
    declarer, amount = _winning_bid(deal, players, opts)
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


PINOCHLE_FOREIGN = {"play": ("bids", "winner", "winner_drew", "drawn", "melded_this_trick"),
                    "meld": ("bids", "trick", "winner", "winner_drew"),
                    "draw": ("bids", "trick", "drawn", "melded_this_trick")}


def play_position(pos: Spot, players: list[str], dealer: str, opts: OptionsLike,
                  actor: str) -> tuple[DealState, list[Card] | None]:
    """A play/meld/draw position: trump, hand, table melds, current trick, tricks done (stock derived).

    Everything a position says must fit together: the hand's size for the point of the deal, at most two
    copies of any card among hand, melds, cards played from them and the trick (pinochle/1.1, 2.1).  The phases,
    each a helper: the tricks done (:func:`_tricks_done`); two-handed, the stock and the upcard
    (:func:`_stock_and_upcard`), the actor's melds on the table (:func:`_earlier_melds`, :func:`_played_from_table`);
    the current trick and whose turn it is (:func:`_current_trick`, :func:`_turn`); the hand against all of it
    (:func:`_hand_fits`).
    """
    opts = Options.of(opts)
    n = len(players)
    phase = pos.phase
    trump = trump_at(pos.trump, "/position/trump")
    hand, part = (None, None) if pos.hand is None else \
        read_hand(pos.hand, "/position/hand", lambda v, p: cards_at(v, opts, p), deck_of(opts).cards())
    st = new_state(players, dealer, opts, trump, {actor: hand} if hand is not None else None)
    st.tricks_done = done = _tricks_done(pos, n, opts)
    if phase in ("meld", "draw") and n != 2:
        raise InputError(_("melding after a trick and drawing belong to two-handed pinochle"), "/position/phase")
    # a meld or a draw after a trick won while the stock lasts; before the first trick, or in the play-off, the
    # position is an ordinary one and the action a ruling (4.2, 4.8, 3.3)
    after_trick = phase in ("meld", "draw") and 1 <= done <= stock_tricks(opts)
    played_from_table: list[Card] = []
    if n == 2:
        _stock_and_upcard(pos, st, after_trick)
        _earlier_melds(pos, st, actor)
        played_from_table = _played_from_table(pos, st, actor)
        if done >= stock_tricks(opts) and not after_trick:
            st.start_playoff()
    st.exchanged = bool(pos.exchanged)
    played = _current_trick(pos, st)
    _turn(pos, st, actor, after_trick, played)
    if hand is not None:
        _hand_fits(pos, st, actor, hand, part, after_trick, played, played_from_table)
    return st, hand


def _tricks_done(pos: Spot, n: int, opts: Options) -> int:
    """``position.tricks_done``: the tricks completed so far, required (the obligations, the stock and the leader all
    turn on it), from 0 to one less than the deal's tricks (23 two-handed with 48 cards, 14 three-hand, 11 in
    partnership; pinochle/2.1, 7.1, 8.1).  The schema gives an integer; the bound depends on the form."""
    done = pos.tricks_done
    if done is None:
        raise InputError(_("give the number of tricks completed so far (0 before the first)"),
                         "/position/tricks_done")
    last = total_tricks(n, opts) - 1
    if not 0 <= done <= last:
        raise InputError(_("the tricks completed run from 0 to {last}", last=last), "/position/tricks_done")
    return done


def _stock_and_upcard(pos: Spot, st: DealState, after_trick: bool) -> None:
    """Two-handed: the stock (cards, the upcard counted) and the upcard the position implies (pinochle/2.1, 3.3,
    3.4, 4.7).  The stock holds ``2 × (stock tricks − tricks done)`` cards before a trick's draws (24 with 48 cards
    before the first trick), less the draws the position says were made; ``stock_left``, when given, must say the
    same.  Sets ``st.stock_left`` and ``st.upcard``."""
    done, k, phase = st.tricks_done, stock_tricks(st.opts), pos.phase
    # the stock, counting the upcard, before this trick's draws
    expect_stock = 2 * k - 2 * (done - 1) if after_trick else max(0, 2 * k - 2 * done)
    if not after_trick and (pos.drawn or pos.winner_drew):
        flag = "drawn" if pos.drawn else "winner_drew"
        raise InputError(_("nobody draws before the first trick or once the stock is exhausted"),
                         f"/position/{flag}")
    if phase == "draw" and pos.winner_drew:
        expect_stock -= 1
    if phase == "meld" and pos.drawn:
        expect_stock -= 2
    if pos.stock_left is not None and pos.stock_left != expect_stock:
        raise InputError(_("after {done} tricks the stock holds {n} cards here (with the upcard)", done=done,
                           n=expect_stock),
                         "/position/stock_left")
    st.stock_left = expect_stock
    if pos.upcard is not None:
        st.upcard = upcard = card_at(pos.upcard, st.opts, "/position/upcard")
        if upcard.suit != st.trump:
            raise InputError(_("the upcard fixes trump, so it is a trump ({suit})",
                               suit=Suit(st.trump)),
                             "/position/upcard")
        if pos.exchanged and upcard.rank != dix_rank(st.opts):
            raise InputError(_("after an exchange the upcard is the dix"), "/position/upcard")
        if done >= k and not after_trick:
            raise InputError(_("the upcard was taken with the last stock card"), "/position/upcard")


def _earlier_melds(pos: Spot, st: DealState, actor: str) -> None:
    """Two-handed: ``position.melds``, the actor's melds still on the table, in the order made: each a meld with
    trump (pinochle/4.1) that the table allows after the ones before (4.3, 4.4), one per trick won (4.2), put on
    the actor's table in ``st``."""
    done, trump = st.tricks_done, st.trump
    assert trump is not None        # a play position names its trump (trump_at)
    earlier = pos.melds or []
    if earlier and done == 0:
        raise InputError(_("a meld follows a won trick; none has been played"), "/position/melds")
    for i, m in enumerate(earlier):
        ptr = f"/position/melds/{i}"
        cards = in_deck(m.cards, st.opts, ptr + "/cards")
        meld = meld_kind(cards, trump, st.opts)
        if meld is None:
            raise InputError(_("{cards} is not a meld with {suit} trump", cards=shown(cards),
                               suit=Suit(trump)), ptr + "/cards")
        plan = st.tables[actor].plan(cards, meld, None, actor)
        if isinstance(plan, MeldFault):
            raise InputError(_("earlier melds are not legal: {why}", why=plan.message),
                             ptr)
        st.tables[actor].add(cards, meld, plan)
    if sum(1 for m in earlier if len(m.cards) > 1) > done:
        raise InputError(ngettext("one meld per won trick: {n} trick cannot have brought these melds",
                                  "one meld per won trick: {n} tricks cannot have brought these melds"
                                  "", done),
                         "/position/melds")


def _played_from_table(pos: Spot, st: DealState, actor: str) -> list[Card]:
    """Two-handed: ``position.played_from_table``, melded cards the actor has since played (pinochle/4.2): each
    must be among the melded cards, and leaves the table in ``st``.  Returns them."""
    played_from_table = in_deck(pos.played_from_table or [], st.opts, "/position/played_from_table")
    for i, c in enumerate(played_from_table):
        if not st.tables[actor].remove(c):
            raise InputError(_("{card} is not among the melded cards", card=c), f"/position/played_from_table/{i}")
    return played_from_table


def _current_trick(pos: Spot, st: DealState) -> list[Card]:
    """``position.trick.cards``: the cards of the trick in progress, fewer than one per player (pinochle/3.2)."""
    played = in_deck(pos.trick and pos.trick.cards or [], st.opts, "/position/trick/cards")
    if len(played) >= st.n:
        raise InputError(_("the current trick is already complete"), "/position/trick/cards")
    return played


def _turn(pos: Spot, st: DealState, actor: str, after_trick: bool, played: list[Card]) -> None:
    """Whose turn the position shows, by phase, set in ``st``: two-handed after a trick won while the stock lasts,
    the winner's chance to meld (``meld``: before or after the draws by option ``meld_timing``, pinochle/3.3, 4.2)
    or the draws (``draw``: winner first, 3.3); otherwise the trick in progress (``play``: its leader and cards).
    A meld or draw phase with nobody having just won a trick leaves an ordinary position (the action a ruling)."""
    phase, players = pos.phase, st.players
    if phase in ("meld", "draw") and not after_trick:
        # nobody has just won a trick with the stock left: nobody melds or draws (4.2, 4.8, 3.3); after a trick the
        # one who won it (the meld's player, the draw's winner) leads the next
        winner = actor if phase == "meld" else pos.winner
        if st.tricks_done and winner is not None:
            st.leader = parse_player(winner, players, "/position/winner")
    elif phase == "meld":
        before = st.opts.meld_timing == "before_draw"
        st.window = actor if bool(pos.drawn) != before else None
        st.meld_timing_fault = None if st.window else ("before" if before else "after")
        st.melded_this_trick = bool(pos.melded_this_trick)
        st.leader = actor
        if not pos.drawn:
            st.to_draw = [actor, st.after(actor)]
    elif phase == "draw":
        winner = parse_player(pos.winner, players, "/position/winner")
        st.leader = winner
        st.to_draw = [winner, st.after(winner)] if not pos.winner_drew else [st.after(winner)]
    else:
        leader = pos.trick and pos.trick.leader
        if leader is None:
            if st.tricks_done or played or st.n == 3:
                raise InputError(_("give the leader of the current trick (the winner of the last one; in the "
                                   "three-hand game the bidder leads first)"), "/position/trick/leader")
            leader = st.leader          # the first trick: the player after the dealer leads (pinochle/2.3)
        leader = parse_player(leader, players, "/position/trick/leader")
        st.leader = leader
        p = leader
        for c in played:
            st.trick.append((p, c))
            p = st.after(p)


def _hand_size(pos: Spot, st: DealState, actor: str, after_trick: bool) -> int:
    """The cards the actor holds at this point, in hand and melded on the table (pinochle/2.1, 3.3, 7.1, 8.1):
    two-handed 12 while the stock lasts (11 between a trick and the actor's draw), one fewer per trick of the
    play-off; in the auction forms the hand dealt (15 or 12) less one per trick done; one fewer again once the
    actor has played to the current trick."""
    phase, done, k = pos.phase, st.tricks_done, stock_tricks(st.opts)
    if st.n == 2:
        if not after_trick and phase in ("meld", "draw"):
            expect = 12 - max(0, done - k)
        elif phase == "meld":
            expect = 12 if pos.drawn else 11
        elif phase == "draw":
            expect = 11 if actor in st.to_draw else 12
        else:
            expect = 12 if done < k else 12 - (done - k)
    else:
        expect = HAND_SIZE[st.n] - done
    if phase in (None, "play") and actor in [q for q, _ in st.trick]:
        expect -= 1
    return expect


def _hand_fits(pos: Spot, st: DealState, actor: str, hand: list[Card], part: Partial | None, after_trick: bool,
               played: list[Card], played_from_table: list[Card]) -> None:
    """The actor's hand against the rest of the position: its size (:func:`_hand_size`), and at most two copies
    of a card among hand, trick, melds, cards played from them and the upcard (pinochle/1.1).  A hand known in part
    (``part``): its unknown cards are accounted for in ``st.partial``."""
    have = len(st.holding(actor) or []) + (part.unknown if part is not None else 0)
    expect = _hand_size(pos, st, actor, after_trick)
    if have != expect:
        raise InputError(_("at this point {player} holds {n} cards (hand and melded cards), not {given}",
                           player=actor, n=expect, given=have),
                         "/position/hand")
    groups = [("/position/hand", hand), ("/position/trick/cards", played),
              ("/position/melds", [t.card for t in st.tables[actor].cards]),
              ("/position/played_from_table", played_from_table)]
    if st.upcard is not None:
        groups.append(("/position/upcard", [st.upcard]))
    try:
        check_conservation(groups, deck_of(st.opts))
    except InputError as e:
        for err in e.errors:  # the upcard is a single card, not a list
            err["pointer"] = err["pointer"].replace("/position/upcard/0", "/position/upcard")
        raise
    if part is not None:    # the unknown cards: any not on the table, melded or played from the melds
        seen = played + played_from_table + [t.card for t in st.tables[actor].cards] + \
            ([st.upcard] if st.upcard is not None else [])
        st.partial[actor] = account(part, seen, "/position/hand")


def declare_position(pos: Spot, players: list[str], dealer: str, opts: OptionsLike,
                     actor: str) -> tuple[int, int, int]:
    """A declaring-out position: ``(tricks_done, meld_points, card_points)``, the claimant's running count.

    ``meld_points``: the meld the claimant has scored in this deal so far (the dealer's 10 for a dix turned up
    included, as a score answer counts it); ``card_points``: the card points in the tricks the claimant has taken
    so far.  Both must be possible after ``tricks_done`` tricks (pinochle/1.3, 4.1, 6.4).
    """
    opts = Options.of(opts)
    if pos.phase not in ("play", "meld", "draw"):
        raise InputError(_("a player declares out during the play: in the tricks, the meld or the draw"),
                         "/position/phase")
    done, meld, pts = pos.tricks_done, pos.meld_points, pos.card_points
    for name, given in (("tricks_done", done), ("meld_points", meld), ("card_points", pts)):
        if given is None:
            raise InputError(_("give the claimant's running count: a declaration out is judged on it"),
                             f"/position/{name}")
    assert done is not None and meld is not None and pts is not None
    last = total_tricks(len(players), opts) - 1
    if not 0 <= done <= last:
        raise InputError(_("the tricks completed run from 0 to {last}", last=last), "/position/tricks_done")
    if meld % 10:
        raise InputError(_("every meld scores a multiple of 10, so the meld points are one too"),
                         "/position/meld_points")
    if done == 0 and meld > (10 if actor == dealer else 0):
        # a meld follows a trick won (4.2); before the first, only the dealer may have the 10 of a dix turned up
        raise InputError(_("before the first trick the only meld is the dealer's 10 for a dix turned up"
                           ""), "/position/meld_points")
    pool = pool_of(opts)
    if not any(points_feasible([(c, pts), (sum(pool.values()) - c, DEAL_TOTAL - pts)], pool)
               for c in range(0, 2 * done + 1, 2)):
        raise InputError(ngettext("{points} card points cannot be taken in {n} trick",
                                  "{points} card points cannot be taken in {n} tricks", done,
                                  points=pts), "/position/card_points")
    return done, meld, pts


def deal_event(ev: Dealt, players: list[str], opts: OptionsLike,
               ptr: str) -> tuple[DealState, list, list[tuple[str, str, str]]]:
    """A log's ``deal`` event → the state at the start of the deal, the cards seen so far as ``[(pointer, cards)]``
    (for the pack's count as the stock is drawn), and the deal's faults as ``[(rule, message, pointer)]``: a
    hand of the wrong size, a widow that is not 3 cards, a card more often than the pack holds it (rulings, not
    errors: in a log the deal is what is judged)."""
    opts = Options.of(opts)
    n = len(players)
    faults = []
    dealer = parse_player(ev.dealer, players, ptr + "/dealer")
    hands_raw = ev.hands
    if hands_raw is None or set(hands_raw) != set(players):
        raise InputError(_("the deal gives every player's hand"), ptr + "/hands")
    hands = {p: in_deck(hands_raw[p], opts, f"{ptr}/hands/{esc(p)}") for p in players}
    seen = [(f"{ptr}/hands/{esc(p)}", hands[p]) for p in players]
    for p in players:
        if len(hands[p]) != HAND_SIZE[n]:
            faults.append(("pinochle/2.1" if n == 2 else "pinochle/7.1" if n == 4 else "pinochle/8.1",
                           _("{player} was dealt {given} cards, not {n}", player=p, given=len(hands[p]),
                             n=HAND_SIZE[n]), f"{ptr}/hands/{esc(p)}"))
    trump = None
    upcard = None
    widow: list[Card] = []
    if n == 2:
        upcard = card_at(ev.upcard, opts, ptr + "/upcard")
        seen.append((ptr + "/upcard", [upcard]))
        trump = upcard.suit
    if n == 3:
        widow = in_deck(ev.widow or [], opts, ptr + "/widow")
        if len(widow) != 3:
            faults.append(("pinochle/8.1", _("the widow holds 3 cards"), ptr + "/widow"))
        seen.append((ptr + "/widow", widow))
    try:
        check_conservation(seen, deck_of(opts))
    except InputError as e:
        for err in e.errors:
            faults.append(("pinochle/1.1", err["detail"], err["pointer"]))
    st = new_state(players, dealer, opts, trump, hands)
    st.dealt = {p: list(hands[p]) for p in players}
    if n == 2:
        st.upcard = st.turned_up = upcard
        st.stock_left = 2 * stock_tricks(opts)
    else:
        st.auction = Auction(players, dealer, opts)
        st.widow = widow
    return st, seen, faults


def auction_so_far(pos: Spot, players: list[str], dealer: str, opts: OptionsLike) -> Auction:
    """``position.bids``: the calls before the one judged, replayed (an illegal one is impossible input)."""
    opts = Options.of(opts)
    auc = Auction(players, dealer, opts)
    for i, b in enumerate(pos.bids or []):
        ptr = f"/position/bids/{i}"
        p = parse_player(b.player, players, ptr + "/player")
        if b.type == "bid" and b.amount is None:
            raise InputError(_("a bid names its amount"), ptr + "/amount")
        try:
            auc.apply(p, b.amount if b.type == "bid" else None)
        except IllegalAction as e:
            raise InputError(_("the earlier calls are not a legal auction: {why}", why=e.message),
                             ptr) from None
    return auc


def position_reached(st: DealState) -> dict:
    """Where a log's deal stands, as a check ``position`` (the inverse of :func:`play_position` and
    :func:`auction_so_far`): the position of the player to act next by the rules, whose hand it gives.

    * the auction on, or over with play not yet begun (trump to name, the widow to take and bury): ``bidding`` with
      the calls made;
    * two-handed, the trick winner's chance to meld (before the draws, or after them with option ``meld_timing``
      ``after_draw``): ``meld``, the winner's hand;
    * two-handed, a draw due: ``draw``, the hand of the one who draws;
    * otherwise ``play``: the current trick, the hand of the one to play.

    Two-handed, the acting player's melds still count on the table as ``melds`` (in the order made, the dix
    exchanged for the upcard left out: it lies under the stock) and ``played_from_table``; in the play-off, when the
    melded cards are back in the hands, the whole hand.
    """
    if st.auction is not None and (not st.auction.over or st.trump is None
                                   or (st.n == 3 and st.buried is None and not st.tricks_done)):
        return {"phase": "bidding", "bids": [dict(c) for c in st.auction.calls]}
    pos: dict = {"trump": st.trump, "tricks_done": st.tricks_done}
    if st.to_draw and st.window == st.to_draw[0]:
        actor = st.window
        pos.update(phase="meld", drawn=False, melded_this_trick=st.melded_this_trick)
    elif st.to_draw:
        actor = st.to_draw[0]
        pos.update(phase="draw", winner=st.leader, winner_drew=actor != st.leader)
    elif st.window is not None:
        actor = st.window
        pos.update(phase="meld", drawn=True, melded_this_trick=st.melded_this_trick)
    else:
        actor = cast(str, st.to_play)       # the deal is on and no draw is owed: someone is to play
        pos.update(phase="play", trick={"leader": st.leader, "cards": [str(c) for _p, c in st.trick]})
    if st.n == 2 and st.tricks_done >= stock_tricks(st.opts) and pos["phase"] == "play":
        pos["hand"] = [str(c) for c in st.holding(actor) or []]      # a log deals every hand
        return pos
    pos["hand"] = [str(c) for c in st.hands[actor] or []]
    if st.n == 2:
        if st.upcard is not None:
            pos["upcard"] = str(st.upcard)
        pos["exchanged"] = st.exchanged
        pos["melds"] = [{"cards": [str(c) for c in m["cards"]]} for m in st.melds
                        if m["player"] == actor and not (m["meld"] == "dix" and m["exchange"])]
        pos["played_from_table"] = [str(c) for c in st.from_table.get(actor, [])]
    return pos
