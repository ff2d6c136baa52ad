"""The position builder: a score body's deal, a check body's position, a validate log's deal event → states.

The schema (schemas/pinochle.py) has loaded the body into typed records, cards as :class:`~referee.cards.Card`:
what is left here are the checks that need the deck, the seats or the rules, each refused as an
:class:`~referee.errors.InputError` pointing at the field: cards the pack does not hold or holds fewer times
(:mod:`.reading`), hands of the wrong size, a position that does not fit together, a deal given for scoring with
an illegal play in it.  The game before the deal is :mod:`.state`'s; a deal given as numbers (points, the pad's
form) :mod:`.counts`'s; the melds a scored two-handed deal declares :mod:`.declared`'s.  The rules themselves are the
state machine's (:mod:`.deal`) and the meld table's (:mod:`.melds`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from ..cards import Card, check_conservation, conservation_faults
from ..common import parse_player, points_feasible
from ..errors import IllegalAction, InputError, esc, refuse_all, refuse_first
from ..i18n import Suit, _, ngettext
from ..knowledge import Partial, account, read_hand
from .auction import Auction
from .cards import DEAL_TOTAL, deck_of, dix_rank, points_of, pool_of
from .counts import AuctionDeal, auction_points, pad_form, points_two, took, winning_bid
from .deal import (
    HAND_SIZE,
    DealState,
    new_state,
    stock_tricks,
    total_tricks,
)
from .declared import TWO_OF_EACH, DeclaredMeld, check_meld_cards, meld_at, sequential_melds
from .melds import MeldFault
from .options import Options, OptionsLike
from .reading import card_at, cards_at, in_deck, trump_at
from .scoring import hand_meld

if TYPE_CHECKING:       # the request's records (schemas/pinochle.py), named in annotations only
    from schemas.pinochle import DealPlayed, Dealt, Declaration, MeldShown, PlayedTrick, Spot


def seats_from(players: list[str], leader: str) -> list[str]:
    """The players in playing order from ``leader`` (pinochle/3.2)."""
    k = players.index(leader)
    return players[k:] + players[:k]


def cards_played(tricks: list[list[tuple[str, Card]]], players: list[str]) -> dict[str, list[Card]]:
    """Each player's cards in ``tricks`` (complete ones: one card a player each), in the order played."""
    return {p: [dict(seq)[p] for seq in tricks] for p in players}


def trick_list(deal: DealPlayed, players: list[str], opts: OptionsLike, n_tricks: int, allow_short: bool = False,
               also: tuple[tuple[str, list[Card]], ...] = ()) -> list[list[tuple[str, Card]]]:
    """``deal.tricks``: each trick as ``[(player, card)]`` in play order, its players following from its leader;
    ``n_tricks`` of them (``allow_short``: at most, play having stopped early).  The tricks and the cards ``also``
    kept out of them (``[(pointer, cards)]``) hold no card more often than the pack (pinochle/1.1).  All the tricks
    given, that is the whole pack too: one card a player a trick, and (three-hand) the 3 cards buried, make 48 (64
    two-handed; the auction forms are played with 48), so with no card too often none is missing."""
    opts = Options.of(opts)
    raw = cast("list[PlayedTrick]", deal.tricks)     # given (the callers ask)
    least = 0 if allow_short else n_tricks
    refuse_first(((not least <= len(raw) <= n_tricks,
                   _("a completed deal has {n} tricks, not {given}", n=n_tricks, given=len(raw)), "/deal/tricks"),))
    out = []
    groups = []
    for i, t in enumerate(raw):
        ptr = f"/deal/tricks/{i}"
        leader = parse_player(t.leader, players, ptr + "/leader")
        cards = in_deck(t.cards, opts, ptr + "/cards")
        refuse_first(((len(cards) != len(players), _("a trick has {n} cards, not {given}", n=len(players),
                                                     given=len(cards)), ptr + "/cards"),))
        out.append(list(zip(seats_from(players, leader), cards)))
        groups.append((ptr + "/cards", cards))
    check_conservation(groups + list(also), deck_of(opts))
    return out


def replay(st: DealState, tricks, first: int = 0) -> None:
    """Play the given tricks through the state (leaders and plays judged; draws are not part of it); ``first``: the
    index in ``deal.tricks`` of the first of them (for the pointers)."""
    for i, seq in enumerate(tricks, first):
        refuse_first(((seq[0][0] != st.to_play, _("trick {i} must be led by {leader}, not {player}", i=i,
                                                   leader=st.to_play, player=seq[0][0]),
                       f"/deal/tricks/{i}/leader"),))
        for j, (p, c) in enumerate(seq):
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
    card points (:func:`pad_form`) or the card points and tricks taken per player (:func:`points_two`) with the
    melds as cards, judged in order against the tricks won (:func:`sequential_melds`); a declaration out
    (:func:`_declared`).
    """
    opts = Options.of(opts)
    # what the deal says of its shape, every fault told at its field: trump or the upcard, the melds as a list, one
    # form, declaring out only where the form plays it
    refuse_all(((deal.trump is None and deal.upcard is None, _("give the trump (or the upcard that fixed it)"),
                 "/deal/trump"),
                (isinstance(deal.melds, dict), _("two-handed melds are a list in the order declared"), "/deal/melds"),
                (deal.tricks is not None and deal.points is not None, _("give the tricks or the points, not both"),
                 "/deal/points"),
                (deal.declared_out is not None and not opts.declare_out,
                 _("declaring out is not played in this form"), "/deal/declared_out")))
    trump, upcard = _trump_and_upcard(deal, opts)
    melds = _meld_list(deal, players, opts)
    st = new_state(players, dealer, opts, trump)
    st.upcard = st.turned_up = upcard
    st.stock_left = 2 * stock_tricks(opts)
    declared = deal.declared_out
    if deal.tricks is not None:
        _tricks_form(deal, st, melds)
    elif deal.meld_points is not None:
        pad_form(deal, st)
    else:       # the points form
        took(st, *points_two(deal, players, opts, partial=declared is not None))
        check_meld_cards(melds, dict.fromkeys(players, TWO_OF_EACH), opts, upcard)
        sequential_melds(melds, st, st.won, None)
    if declared is not None:
        st.declared = _declared(declared, players, scores, st, target)
    return st


def _trump_and_upcard(deal: DealPlayed, opts: Options) -> tuple[str, Card | None]:
    """``deal.trump`` and ``deal.upcard``: ``(trump suit, upcard or None)``; the upcard fixes trump (pinochle/2.1),
    so given both they agree (one of them is given: :func:`two_handed_deal`)."""
    upcard = None if deal.upcard is None else card_at(deal.upcard, opts, "/deal/upcard")
    trump = cast(Card, upcard).suit if deal.trump is None else trump_at(deal.trump, "/deal/trump")
    if upcard is not None and upcard.suit != trump:
        raise InputError(_("the upcard {card} makes {suit} trump", card=upcard, suit=Suit(upcard.suit)), "/deal/trump")
    return trump, upcard


def _meld_list(deal: DealPlayed, players: list[str], opts: Options) -> list[DeclaredMeld]:
    """``deal.melds``, two-handed: the list in the order declared (not the partnership's player → cards, which the
    schema reads too and :func:`two_handed_deal` refuses, ``{}`` included) → ``[(index, player, cards, exchange)]``."""
    return [(i, parse_player(m.player, players, f"/deal/melds/{i}/player"),
             in_deck(m.cards, opts, f"/deal/melds/{i}/cards"), bool(m.exchange))
            for i, m in enumerate(cast("list[MeldShown]", deal.melds or []))]


def _tricks_form(deal: DealPlayed, st: DealState, melds: list[DeclaredMeld]) -> None:
    """Two-handed, tricks given: all 24 (32 with 64 cards), or fewer when play stopped at a declaration out
    (pinochle/6.4).  The tricks hold the pack (exactly, when complete; 1.1), each meld uses cards its player held
    (:func:`check_meld_cards`), the tricks are replayed and the melds judged in order against the tricks won
    while the stock lasted (:func:`sequential_melds`)."""
    players, opts = st.players, st.opts
    n_all, k = total_tricks(2, opts), stock_tricks(opts)
    tricks = trick_list(deal, players, opts, n_all, allow_short=deal.declared_out is not None)
    # what a meld may use: every card its player had, known when the tricks are complete, else the pack's two
    held: dict[str, Counter] | None = None
    most: Mapping[str, Mapping[Card, int]] = dict.fromkeys(players, TWO_OF_EACH)
    if len(tricks) == n_all:
        held = {p: Counter(cs) for p, cs in cards_played(tricks, players).items()}
        most = held
    check_meld_cards(melds, most, opts, st.upcard)
    replay(st, tricks[:k])
    # melds are attached to the tricks won while the stock lasted, in order: each non-dix meld needs one before it
    wins = dict(st.won)
    # the play-off hands (pinochle/5.1) are exactly the cards each player plays in the last twelve tricks; no meld is
    # on the tables here (a scored deal's melds are judged after its tricks)
    st.hands.update(cards_played(tricks[k:], players))
    replay(st, tricks[k:], k)
    sequential_melds(melds, st, wins, held)


def _declared(declared: Declaration, players: list[str], scores: dict[str, int], st: DealState,
              target: int) -> dict:
    """``deal.declared_out`` (the form plays it: :func:`two_handed_deal`): ``{player, total, right}``."""
    p = parse_player(declared.player, players, "/deal/declared_out/player")
    # play stops at the declaration (pinochle/6.4): the card points the deal gives the claimant are those at the
    # claim; points_at_claim may be left out, and given it must say the same (the schema gives a whole number)
    pts, given = st.captured[p], declared.points_at_claim
    refuse_first(((given not in (None, pts), _("play stops at a declaration out, so the claimant's card points at "
                                               "the claim are the {points} taken in the deal, not {given}",
                                               points=pts, given=given), "/deal/declared_out/points_at_claim"),))
    total = scores[p] + st.meld_total(p) + pts
    return {"player": p, "total": total, "right": total >= target}


def auction_deal(deal: DealPlayed, players: list[str], dealer: str, opts: OptionsLike) -> AuctionDeal:
    """A partnership or three-hand score body's deal → the bid, each player's meld and what each took.

    The phases, each a helper: the winning bid (:func:`winning_bid`, pinochle/7.2, 8.2); a deal the bidder gave up
    (:func:`_conceded`, 8.4); the meld shown (:func:`_auction_melds`, 4.10); the bidder's buried cards
    (:func:`_buried`, 8.3); what each took, from the tricks replayed (:func:`_auction_tricks`) or from the points
    written (:func:`auction_points`, 1.3, 1.4).
    """
    opts = Options.of(opts)
    n = len(players)
    declarer, amount = winning_bid(deal, players, opts)
    if deal.conceded:
        refuse_first(((n == 4, _("conceding belongs to the three-hand auction"), "/deal/conceded"),))
        return _conceded(deal, players, declarer, amount, opts)
    trump = trump_at(deal.trump, "/deal/trump")
    melds, shown_cards = _auction_melds(deal, players, declarer, trump, opts)
    buried = _buried(deal, opts, required=True) if n == 3 else []     # none in partnership
    took = (_auction_tricks(deal, players, dealer, declarer, trump, shown_cards, buried, opts)
            if deal.tricks is not None else auction_points(deal, players, declarer, buried, opts))
    return AuctionDeal(declarer, amount, melds, *took, False)


def _conceded(deal: DealPlayed, players: list[str], declarer: str, amount: int, opts: Options) -> AuctionDeal:
    """Three-hand, a deal the bidder gave up (pinochle/8.4): the bid alone is lost.  Given up before naming a
    trump, nothing is melded; after, the bidder's meld is read (and the buried cards, when given), and the deal,
    not played, gives neither tricks nor points (each fault listed)."""
    zero = dict.fromkeys(players, 0)
    if deal.trump is None and deal.meld is None:
        return AuctionDeal(declarer, amount, {p: {"melds": [], "points": 0} for p in players}, zero, dict(zero), None,
                           True)
    melds, _shown = _auction_melds(deal, players, declarer, trump_at(deal.trump, "/deal/trump"), opts)
    _buried(deal, opts, required=False)
    refuse_all(((deal.tricks is not None, _("a conceded deal is not played"), "/deal/tricks"),
                (deal.points is not None, _("a conceded deal is not played"), "/deal/points")))
    return AuctionDeal(declarer, amount, melds, zero, dict(zero), None, True)


def _auction_melds(deal: DealPlayed, players: list[str], declarer: str, trump: str,
                   opts: Options) -> tuple[dict[str, dict], dict[str, list[Card]]]:
    """The meld of an auction-form deal, counted at once from the cards shown (pinochle/4.10): ``({player:
    {"melds", "points"}}, {player: cards shown})``.  Three-hand only the bidder melds (``deal.meld``, a list; 8.3);
    in partnership each player shows cards (``deal.melds``, player → cards, at most the 12 of a hand; 7.4), and
    no card more often than the pack holds it (1.1)."""
    refuse_first(((len(players) == 3 and deal.melds is not None,
                   _("in the three-hand auction only the bidder melds: give his meld as one list of cards, not per "
                     "player"), "/deal/melds"),
                  (isinstance(deal.melds, list), _("give the melds by player: each with the cards he melded"),
                   "/deal/melds")))     # the schema reads the two-handed list too
    shown: dict[str, list[Card]]
    if len(players) == 3:      # the others show nothing (read only: one empty list for them)
        shown = dict.fromkeys(players, []) | {declarer: in_deck(deal.meld, opts, "/deal/meld", optional=True)}
    else:
        raw = cast("dict[str, list[Card]]", deal.melds or {})
        refuse_first((k not in players, _("{name} is not a player", name=repr(k)), f"/deal/melds/{esc(k)}")
                     for k in raw)
        shown = {p: in_deck(raw.get(p, []), opts, f"/deal/melds/{esc(p)}") for p in players}
        check_conservation([(f"/deal/melds/{esc(p)}", shown[p]) for p in players], deck_of(opts))
    # each at most the 12 of a hand (the schema)
    return {p: hand_meld(shown[p], trump, opts) for p in players}, shown


def _buried(deal: DealPlayed, opts: Options, required: bool) -> list[Card]:
    """Three-hand: ``deal.buried``, the 3 cards the bidder laid away (pinochle/8.3), ``required`` unless the deal
    was conceded (their card points count to the bidder)."""
    if deal.buried is None:
        refuse_first(((required, _("give the 3 cards the bidder buried: they count to him, so the card points "
                                   "cannot be checked without them"), "/deal/buried"),))
        return []
    buried = in_deck(deal.buried, opts, "/deal/buried")
    refuse_first(((len(buried) != 3, _("the bidder buries 3 cards"), "/deal/buried"),))
    return buried


def _auction_tricks(deal: DealPlayed, players: list[str], dealer: str, declarer: str, trump: str,
                    shown_cards: dict[str, list[Card]], buried: list[Card],
                    opts: Options) -> tuple[dict[str, int], dict[str, int], str | None]:
    """The tricks of an auction-form deal, replayed (pinochle/3.2, 5.x; the bidder leads three-hand, 8.5):
    ``(card points taken per player, last trick's 10 and the buried cards included; tricks won; who took the
    last)``.  The tricks and the buried cards (the bidder's 3 three-hand, none in partnership) hold the pack once
    (1.1: exactly, every card there; the auction forms are played with 48), and every card shown as meld was
    played or buried by its player (4.10)."""
    n = len(players)
    tricks = trick_list(deal, players, opts, total_tricks(n, opts), also=(("/deal/buried", buried),))
    hands = cards_played(tricks, players)
    kept = {**hands, declarer: hands[declarer] + buried}      # what each held: played, or buried by the bidder
    for p in players:
        missing = Counter(shown_cards[p]) - Counter(kept[p])
        if missing:
            raise InputError(_("{player} shows {card} as meld but never held it (the tricks show every card "
                               "played)", player=p, card=next(iter(missing))),
                             f"/deal/melds/{esc(p)}" if n == 4 else "/deal/meld")
    st = new_state(players, dealer, opts, trump, hands)
    st.leader = declarer if n == 3 else st.leader
    replay(st, tricks)
    st.captured[declarer] += points_of(buried, opts)
    return st.captured, st.won, st.last_trick


PINOCHLE_FOREIGN = {"play": ("bids", "winner", "winner_drew", "drawn", "melded_this_trick"),
                    "meld": ("bids", "trick", "winner", "winner_drew"),
                    "draw": ("bids", "trick", "drawn", "melded_this_trick")}


def play_position(pos: Spot, players: list[str], dealer: str, opts: OptionsLike,
                  actor: str) -> tuple[DealState, list[Card] | None]:
    """A play/meld/draw position: trump, hand, table melds, current trick, tricks done (stock derived).

    Everything a position says must fit together: the hand's size for the point of the deal, at most two
    copies of any card among hand, melds, cards played from them and the trick (pinochle/1.1, 2.1).  The phases,
    each a helper: the tricks done (:func:`_tricks_done`); two-handed, the stock and the upcard
    (:func:`_stock_and_upcard`), the actor's melds on the table and the cards played from them (:func:`_table`);
    the current trick and whose turn it is (:func:`_turn`); the hand against all of it
    (:func:`_hand_fits`).
    """
    opts = Options.of(opts)
    n = len(players)
    phase = pos.phase
    trump = trump_at(pos.trump, "/position/trump")
    hand, part = (None, None) if pos.hand is None else \
        read_hand(pos.hand, "/position/hand", lambda v, p: cards_at(v, opts, p), deck_of(opts).cards())
    st = new_state(players, dealer, opts, trump, {actor: hand})
    st.tricks_done = done = _tricks_done(pos, n, opts)
    refuse_first(((phase in ("meld", "draw") and n != 2,
                   _("melding after a trick and drawing belong to two-handed pinochle"), "/position/phase"),))
    # a meld or a draw after a trick won while the stock lasts; before the first trick, or in the play-off, the
    # position is an ordinary one and the action a ruling (4.2, 4.8, 3.3)
    after_trick = phase in ("meld", "draw") and 1 <= done <= stock_tricks(opts)
    # the draws after this trick the position says were made: both in the meld phase, the winner's in the draw (3.3)
    made = {"draw": 1 * bool(pos.winner_drew), "meld": 2 * bool(pos.drawn)}.get(phase, 0)
    played_from_table: list[Card] = []
    if n == 2:
        exhausted = _stock_and_upcard(pos, st, after_trick, made)
        played_from_table = _table(pos, st, actor)
        if exhausted:       # the play-off: the melded cards back in the hands (pinochle/5.1)
            st.start_playoff()
    st.exchanged = bool(pos.exchanged)
    # the trick in progress: its leader and its cards, fewer than one per player (pinochle/3.2)
    leader, played = (None, []) if pos.trick is None else \
        (pos.trick.leader, in_deck(pos.trick.cards, opts, "/position/trick/cards", optional=True))
    refuse_first(((len(played) >= n, _("the current trick is already complete"), "/position/trick/cards"),))
    _turn(pos, st, actor, after_trick, leader, played, made)
    if hand is not None:
        _hand_fits(pos, st, actor, hand, part, after_trick, played, played_from_table)
    return st, hand


def _tricks_done(pos: Spot, n: int, opts: Options) -> int:
    """``position.tricks_done``: the tricks completed so far, required (the obligations, the stock and the leader all
    turn on it), from 0 to one less than the deal's tricks (23 two-handed with 48 cards, 14 three-hand, 11 in
    partnership; pinochle/2.1, 7.1, 8.1).  The schema gives an integer; the bound depends on the form."""
    last, done = total_tricks(n, opts) - 1, pos.tricks_done
    if done is None:
        raise InputError(_("give the number of tricks completed so far (0 before the first)"), "/position/tricks_done")
    refuse_first(((done > last, _("the tricks completed run from 0 to {last}", last=last), "/position/tricks_done"),))
    return done


def _stock_and_upcard(pos: Spot, st: DealState, after_trick: bool, made: int) -> bool:
    """Two-handed: the stock (cards, the upcard counted) and the upcard the position implies (pinochle/2.1, 3.3,
    3.4, 4.7).  The stock holds ``2 × (stock tricks − tricks done)`` cards before a trick's draws (24 with 48 cards
    before the first trick), less the ``made`` draws the position says were made; ``stock_left``, when given, must
    say the same.  Sets ``st.stock_left`` and ``st.upcard``; returns whether the stock is exhausted (the play-off,
    5.1: the last stock card drawn and nobody about to meld or draw after the trick that emptied it)."""
    done, k = st.tricks_done, stock_tricks(st.opts)
    if after_trick:     # the stock, counting the upcard, before this trick's draws, less the draws made
        expect, exhausted = 2 * k - 2 * (done - 1) - made, False
    else:               # nobody has just won a trick with the stock left, so nobody draws
        nobody = _("nobody draws before the first trick or once the stock is exhausted")
        refuse_first(((pos.drawn, nobody, "/position/drawn"), (pos.winner_drew, nobody, "/position/winner_drew")))
        expect, exhausted = max(0, 2 * k - 2 * done), done >= k
    refuse_first(((pos.stock_left not in (None, expect), _("after {done} tricks the stock holds {n} cards here (with "
                                                           "the upcard)", done=done, n=expect),
                   "/position/stock_left"),))
    st.stock_left = expect
    if pos.upcard is not None:
        st.upcard = upcard = card_at(pos.upcard, st.opts, "/position/upcard")
        refuse_first(((upcard.suit != st.trump, _("the upcard fixes trump, so it is a trump ({suit})",
                                                  suit=Suit(st.trump_suit)), "/position/upcard"),
                      (pos.exchanged and upcard.rank != dix_rank(st.opts), _("after an exchange the upcard is the dix"),
                       "/position/upcard"),
                      (exhausted, _("the upcard was taken with the last stock card"), "/position/upcard")))
    return exhausted


def _table(pos: Spot, st: DealState, actor: str) -> list[Card]:
    """Two-handed, the actor's table in ``st``: ``position.melds``, the melds still on it, in the order made, each
    a meld with trump (pinochle/4.1) that the table allows after the ones before (4.3, 4.4), one per trick won
    (4.2); then ``position.played_from_table``, melded cards the actor has since played (4.2), each among the
    melded cards and taken off the table.  Returns the cards played from the table."""
    done = st.tricks_done
    won = 0     # the melds that used up a trick won: all but a dix (4.2, 4.7)
    for i, m in enumerate(pos.melds or []):
        # a meld follows a won trick (4.2)
        refuse_first(((done == 0, _("a meld follows a won trick; none has been played"), "/position/melds"),))
        ptr = f"/position/melds/{i}"
        cards = in_deck(m.cards, st.opts, ptr + "/cards")
        meld = meld_at(cards, st.trump_suit, st.opts, ptr + "/cards")
        plan = st.tables[actor].plan(cards, meld, None, actor)
        if isinstance(plan, MeldFault):
            raise InputError(_("earlier melds are not legal: {why}", why=plan.message), ptr)
        st.tables[actor].add(cards, meld, plan)
        won += meld.name != "dix"
    refuse_first(((won > done,
                   ngettext("one meld per won trick: {n} trick cannot have brought these melds",
                            "one meld per won trick: {n} tricks cannot have brought these melds", done),
                   "/position/melds"),))
    played_from_table = in_deck(pos.played_from_table, st.opts, "/position/played_from_table",
                                optional=True)
    refuse_first((not st.tables[actor].remove(c), _("{card} is not among the melded cards", card=c),
                  f"/position/played_from_table/{i}") for i, c in enumerate(played_from_table))
    return played_from_table


def _turn(pos: Spot, st: DealState, actor: str, after_trick: bool, leader: str | None, played: list[Card],
          made: int) -> None:
    """Whose turn the position shows, by phase, set in ``st``: two-handed after a trick won while the stock lasts,
    the winner's chance to meld (``meld``: before or after the draws by option ``meld_timing``, pinochle/3.3, 4.2)
    or the draws (``draw``: winner first, 3.3; ``made``: the draws made already); otherwise the trick in progress
    (``play``: its ``leader`` as given and its cards, ``played``).  A meld or draw phase with nobody having just
    won a trick leaves an ordinary position (the action a ruling)."""
    phase, players = pos.phase, st.players
    if phase not in ("meld", "draw"):
        refuse_first(((leader is None and (st.tricks_done or played or st.n == 3),
                       _("give the leader of the current trick (the winner of the last one; in the three-hand game "
                         "the bidder leads first)"), "/position/trick/leader"),))
        # the first trick: the player after the dealer leads (pinochle/2.3)
        st.leader = parse_player(st.leader if leader is None else leader, players, "/position/trick/leader")
        st.trick.extend(zip(seats_from(players, st.leader), played))
        return
    # the one who won the last trick (the meld's player, the draw's winner) leads the next
    winner = actor if phase == "meld" else pos.winner
    if not after_trick:
        # nobody has just won a trick with the stock left: nobody melds or draws (4.2, 4.8, 3.3)
        if st.tricks_done and winner is not None:
            st.leader = parse_player(winner, players, "/position/winner")
        return
    st.leader = winner = parse_player(winner, players, "/position/winner")
    st.to_draw = [winner, st.after(winner)][made:]      # winner first, less the draws made
    if phase == "meld":
        before = st.opts.meld_timing == "before_draw"
        if bool(pos.drawn) != before:   # the meld's time by option meld_timing: the actor may meld now
            st.window = actor
        else:                           # not its time: the meld belongs before the draws (or after, by option)
            st.meld_timing_fault = ("after", "before")[before]
        st.melded_this_trick = bool(pos.melded_this_trick)


def _hand_size(pos: Spot, st: DealState, actor: str, after_trick: bool) -> int:
    """The cards the actor holds at this point, in hand and melded on the table (pinochle/2.1, 3.3, 7.1, 8.1):
    two-handed 12 while the stock lasts (11 between a trick and the actor's draw), one fewer per trick of the
    play-off; in the auction forms the hand dealt (15 or 12) less one per trick done; one fewer again once the
    actor has played to the current trick (only a play position has one)."""
    done, k = st.tricks_done, stock_tricks(st.opts)
    if st.n != 2:
        expect = HAND_SIZE[st.n] - done
    elif not after_trick:
        expect = 12 - max(0, done - k)
    else:       # after a trick: 12 once the actor has drawn, 11 before
        expect = 11 + (actor not in st.to_draw)
    return expect - (pos.phase == "play" and actor in dict(st.trick))


def _hand_fits(pos: Spot, st: DealState, actor: str, hand: list[Card], part: Partial | None, after_trick: bool,
               played: list[Card], played_from_table: list[Card]) -> None:
    """The actor's hand against the rest of the position: its size (:func:`_hand_size`), and at most two copies
    of a card among hand, trick, melds, cards played from them and the upcard (pinochle/1.1).  A hand known in part
    (``part``): its unknown cards are accounted for in ``st.partial``."""
    held = cast("list[Card]", st.holding(actor))     # a list: the hand is given
    have = len(held) + (part.unknown if part is not None else 0)
    expect = _hand_size(pos, st, actor, after_trick)
    refuse_first(((have != expect, _("at this point {player} holds {n} cards (hand and melded cards), not {given}",
                                     player=actor, n=expect, given=have), "/position/hand"),))
    melded = [t.card for t in st.tables[actor].cards]
    upcard = [st.upcard] if st.upcard is not None else []
    try:
        check_conservation([("/position/hand", hand), ("/position/trick/cards", played), ("/position/melds", melded),
                            ("/position/played_from_table", played_from_table), ("/position/upcard", upcard)],
                           deck_of(st.opts))
    except InputError as e:
        for err in e.errors:  # the upcard is a single card, not a list
            err["pointer"] = err["pointer"].replace("/position/upcard/0", "/position/upcard")
        raise
    if part is not None:    # the unknown cards: any not on the table, melded or played from the melds
        st.partial[actor] = account(part, played + played_from_table + melded + upcard, "/position/hand")


def declare_position(pos: Spot, players: list[str], dealer: str, opts: OptionsLike,
                     actor: str) -> tuple[int, int, int]:
    """A declaring-out position: ``(tricks_done, meld_points, card_points)``, the claimant's running count.

    ``meld_points``: the meld the claimant has scored in this deal so far (the dealer's 10 for a dix turned up
    included, as a score answer counts it); ``card_points``: the card points in the tricks the claimant has taken
    so far.  Both must be possible after ``tricks_done`` tricks (pinochle/1.3, 4.1, 6.4).
    """
    opts = Options.of(opts)
    count = _("give the claimant's running count: a declaration out is judged on it")
    refuse_all(((pos.phase not in ("play", "meld", "draw"),
                 _("a player declares out during the play: in the tricks, the meld or the draw"), "/position/phase"),
                (pos.tricks_done is None, count, "/position/tricks_done"),
                (pos.meld_points is None, count, "/position/meld_points"),
                (pos.card_points is None, count, "/position/card_points")))
    done = _tricks_done(pos, len(players), opts)
    meld, pts = cast(int, pos.meld_points), cast(int, pos.card_points)
    pool = pool_of(opts)
    refuse_first((
        (meld % 10, _("every meld scores a multiple of 10, so the meld points are one too"), "/position/meld_points"),
        # a meld follows a trick won (4.2); before the first, only the dealer may have the 10 of a dix turned up
        (done == 0 and meld > 10 * (actor == dealer), _("before the first trick the only meld is the dealer's 10 "
                                                       "for a dix turned up"), "/position/meld_points"),
        (not any(points_feasible([(c, pts), (sum(pool.values()) - c, DEAL_TOTAL - pts)], pool)
                 for c in range(0, 2 * done + 1, 2)),
         ngettext("{points} card points cannot be taken in {n} trick",
                  "{points} card points cannot be taken in {n} tricks", done, points=pts), "/position/card_points")))
    return done, meld, pts


DEAL_RULE = {2: "pinochle/2.1", 3: "pinochle/8.1", 4: "pinochle/7.1"}     # the deal: the hands' size, the widow


def deal_event(ev: Dealt, players: list[str], opts: OptionsLike,
               ptr: str) -> tuple[DealState, list, list[tuple[str, str, str]]]:
    """A log's ``deal`` event → the state at the start of the deal, the cards seen so far as ``[(pointer, cards)]``
    (for the pack's count as the stock is drawn), and the deal's faults as ``[(rule, message, pointer)]``: a
    hand of the wrong size, a widow that is not 3 cards, a card more often than the pack holds it (rulings, not
    errors: in a log the deal is what is judged)."""
    opts = Options.of(opts)
    n = len(players)
    dealer = parse_player(ev.dealer, players, ptr + "/dealer")
    given = ev.hands or {}
    refuse_first(((set(given) != set(players), _("the deal gives every player's hand"), ptr + "/hands"),))
    hands = {p: in_deck(given[p], opts, f"{ptr}/hands/{esc(p)}") for p in players}
    seen: list[tuple[str, list]] = []       # each hand at its pointer, and its size's fault
    faults = []
    for p in players:
        seen.append((f"{ptr}/hands/{esc(p)}", hands[p]))
        if len(hands[p]) != HAND_SIZE[n]:
            faults.append((DEAL_RULE[n], _("{player} was dealt {given} cards, not {n}", player=p, given=len(hands[p]),
                                           n=HAND_SIZE[n]), f"{ptr}/hands/{esc(p)}"))
    st = new_state(players, dealer, opts, None, hands)
    st.dealt = hands            # read only (the meld of the hands as dealt); the state plays from copies
    if n == 2:                  # the upcard fixes trump (pinochle/2.1)
        st.upcard = st.turned_up = card_at(ev.upcard, opts, ptr + "/upcard")
        st.trump, st.stock_left = st.upcard.suit, 2 * stock_tricks(opts)
        seen.append((ptr + "/upcard", [st.upcard]))
    else:
        st.auction = Auction(players, dealer, opts)
    if n == 3:                  # the widow (pinochle/8.1)
        st.widow = in_deck(ev.widow, opts, ptr + "/widow", optional=True)
        faults += [("pinochle/8.1", _("the widow holds 3 cards"), ptr + "/widow")] if len(st.widow) != 3 else []
        seen.append((ptr + "/widow", st.widow))
    return st, seen, faults + conservation_faults(seen, deck_of(opts), "pinochle/1.1")


def auction_so_far(pos: Spot, players: list[str], dealer: str, opts: OptionsLike) -> Auction:
    """``position.bids``: the calls before the one judged, replayed (an illegal one is impossible input)."""
    opts = Options.of(opts)
    auc = Auction(players, dealer, opts)
    for i, b in enumerate(pos.bids or []):
        ptr = f"/position/bids/{i}"
        p = parse_player(b.player, players, ptr + "/player")
        refuse_first(((b.type == "bid" and b.amount is None, _("a bid names its amount"), ptr + "/amount"),))
        try:
            auc.apply(p, b.amount if b.type == "bid" else None)
        except IllegalAction as e:
            raise InputError(_("the earlier calls are not a legal auction: {why}", why=e.message),
                             ptr) from None
    return auc
