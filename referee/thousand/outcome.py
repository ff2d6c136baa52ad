"""Thousand: a completed deal given for scoring (a request's ``deal``, a typed record of :mod:`schemas.thousand`)
into a :class:`~.scoring.DealOutcome`: the deal checked against the deck, the seats and the rules, its play given
trick by trick or as card points with the tricks taken (the pulka's forms: :mod:`.pad`)."""
from __future__ import annotations

from collections import Counter, defaultdict
from itertools import chain, product
from typing import TYPE_CHECKING, cast

from ..cards import Card, check_conservation
from ..common import not_a_player, parse_player, points_feasible
from ..errors import IllegalAction, InputError, esc, tell
from ..i18n import N_, Suit, _
from .cards import DECK, POINTS, TOTAL_POINTS, card_points
from .checks import (
    MARRIAGE_CARDS,
    check_forced_bid,
    check_marriage_cards,
    contract_value,
    golden_known,
    irregularities_of,
    marriage_list,
)
from .deal import BLIND_CONTRACT, DealState, Layout
from .melds import ACES, marriage_value
from .options import POINT_MODES, Options, OptionsLike
from .read import in_deck, overlap, refuse_all, refuse_if, seats_from
from .scoring import DealOutcome, GameState

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import PlayedDeal, TrickPlayed


def outcome_from_deal(deal: PlayedDeal, layout: Layout, opts: OptionsLike, state: GameState) -> DealOutcome:
    """Check the described deal and turn it into a :class:`DealOutcome`.

    The request schema (schemas/thousand.py ``Deal``) has given every field its type; this checks the deal against
    the deck, the seats and the rules: the talon, a void deal, how the contract was reached (:func:`_how_bid`), a
    concession, then the play given as tricks (:func:`_from_tricks`) or as points (:func:`_from_points`).
    """
    opts = Options.of(opts)
    irregularities = irregularities_of(deal.irregularities, layout)
    talon = _deal_talon(deal, layout, opts)
    _void_deal(deal, irregularities)
    if deal.declarer is None:
        return DealOutcome(None, None, void=True, irregularities=irregularities, talon=talon)
    d = parse_player(deal.declarer, layout.players, "/deal/declarer", layout.active)
    contract = contract_value(deal.contract, opts, "/deal/contract")
    golden = _how_bid(deal, layout, opts, state, d, contract)
    base = DealOutcome(d, contract, conceded=bool(deal.conceded), blind=bool(deal.blind), golden=golden, talon=talon,
                       irregularities=irregularities)
    if base.conceded:
        _conceded_deal(deal, layout, opts, state, d, contract, golden)
        return base
    form = _FORMS.get((deal.tricks is not None, deal.points is not None))
    if form is None:
        raise InputError(_("give the deal either trick by trick or as card points with each player's number of "
                           "tricks, not both or neither"),
                         "/deal")
    return form(deal, layout, opts, base, d, contract)


def _deal_talon(deal: PlayedDeal, layout: Layout, opts: Options) -> list[Card] | None:
    """``deal.talon``: 3 different cards of the deck (thousand/3.1); needed with four players when the sitter scores
    from it and the deal was bid (3.6)."""
    talon = deal.talon
    if talon is not None:
        in_deck(talon, "/deal/talon")
        if not len(talon) == len(set(talon)) == 3:
            raise InputError(_("the talon holds 3 different cards"), "/deal/talon")
    elif opts.sitter_scoring != "none" and None not in (layout.sitter, deal.declarer):
        raise InputError(_("with four players the dealer sitting out scores the talon's points: give the talon's "
                           "cards or its card points") if opts.sitter_scoring in POINT_MODES else
                         _("with four players the dealer sitting out scores the aces and the marriage in the talon: "
                           "give the talon's cards"), "/deal/talon")
    return talon


# the fields of a deal's play, in the order a void deal's are refused
_PLAY = ("declarer", "contract", "tricks", "points", "marriages", "conceded")


def _void_deal(deal: PlayedDeal, irregularities: list[dict]) -> None:
    """A deal with no play: a card exposed in the deal cancels it (thousand/5.1), so it has no play given; a deal
    without a declarer has no play and is void only through an irregularity.  (A deal with a declarer and no card
    exposed passes.)"""
    exposed = any(x["type"] == "exposed_card" for x in irregularities)
    played = [k for k in _PLAY if getattr(deal, k) not in (None, [], False)]
    refuse_if((exposed, N_("a card exposed in the deal cancels it: a void deal has no play"), f"/deal/{k}")
              for k in played)     # the first field of play told
    if deal.declarer is None:
        refuse_if(((any(getattr(deal, k) for k in _PLAY[1:5]), N_("a deal with play needs its declarer"),
                    "/deal/declarer"),
                   (not irregularities, N_("a deal needs a declarer and contract, or only irregularities (a void "
                                           "deal)"), "/deal/declarer")))


def _how_bid(deal: PlayedDeal, layout: Layout, opts: Options, state: GameState, d: str, contract: int) -> bool:
    """How the contract was reached, and whether the deal is a golden one (thousand/18.1): said so, or a golden
    round under way (a deal of it played, the round not over), where it cannot be said not to be.

    A blind game (17.1) is whoever may announce one before the auction, at 120 (doubled, never raised after the
    talon).  A golden deal can be: the option on, 120 played by the player left of the dealer, the round not over,
    no blind game (what it cannot be is told in that order, at its field); it has no auction (its 120 is the first
    hand's).  Any other contract came through the auction, the forced bid's (7.1)."""
    under_way = golden_known(opts, state)[0] is True
    if deal.blind:
        try:
            DealState.new(layout, opts, scores=state.scores).verify_blind(d, BLIND_CONTRACT)
        except IllegalAction as e:
            raise InputError(e.message, "/deal/blind") from None
        if contract != BLIND_CONTRACT:
            raise InputError(_("a blind game is played at {contract}: the contract cannot be raised",
                               contract=BLIND_CONTRACT), "/deal/contract")
    if not (under_way or deal.golden):
        check_forced_bid(layout, opts, state, d, contract, "/deal/contract")
        return False
    # golden: said so, or the round under way (where it cannot be said not to be)
    refuse_if(((deal.golden is False, N_("the golden round is under way, so this deal is a golden one"),
                "/deal/golden"),
               (not opts.golden_round, N_("the golden round is not played in this game"), "/deal/golden"),
               (contract != 120, N_("a golden-round contract is 120"), "/deal/contract"),
               (state.golden["over"], N_("the golden round has been played"), "/deal/golden"),
               (d != layout.active[0], N_("in a golden deal the player left of the dealer ({player}) plays the 120"),
                "/deal/declarer"),
               (deal.blind, N_("a golden deal has no auction, so no blind game"), "/deal/blind")),
              player=layout.active[0])
    return True


def _conceded_deal(deal: PlayedDeal, layout: Layout, opts: Options, state: GameState, d: str, contract: int,
                   golden: bool) -> None:
    """thousand/9.1, 9.4: a conceded deal is not played (no tricks, points or marriages given), and the declarer
    may concede it here (the state machine's concession check after the talon is taken)."""
    refuse_all((getattr(deal, k), N_("a conceded deal is not played: give no tricks, points or marriages"),
                f"/deal/{k}") for k in ("tricks", "points", "tricks_taken", "marriages"))
    probe = DealState.new(layout, opts, scores=state.scores, concessions=state.concessions)
    probe.phase, probe.declarer, probe.contract, probe.talon_taken = "talon", d, contract, True
    probe.golden = golden
    try:
        probe.verify_concede(d)
    except IllegalAction as e:
        raise InputError(e.message, "/deal/conceded") from None


def dead_cards(deal: PlayedDeal, layout: Layout, opts: OptionsLike, need: bool) -> tuple[list[Card], list[Card]]:
    """Two-player game: the unused musik and the discards (thousand/3.3)."""
    opts = Options.of(opts)
    if len(layout.active) != 2:
        refuse_all(((deal.musik_unused is not None, N_("only the two-player game has an unused musik"),
                     "/deal/musik_unused"),
                    (deal.discards is not None, N_("only the two-player game has discards laid aside"),
                     "/deal/discards")))
        return [], []
    unused = in_deck(deal.musik_unused or [], "/deal/musik_unused")
    discards = in_deck(deal.discards or [], "/deal/discards")
    # the discards may go unsaid in a deal given as points when they count for nobody
    unsaid = deal.discards is None and not need and opts.two_player_discards_count
    refuse_all(((len(unused) != 2, _MUSIK_WHY[deal.musik_unused is None], "/deal/musik_unused"),
                (len(discards) != 2 and not unsaid, _DISCARDS_WHY[deal.discards is None], "/deal/discards")))
    return unused, discards


# what a two-player deal's unused musik and discards are told (thousand/3.3), by whether they were left out
_MUSIK_WHY = {True: N_("the two-player game needs the unused musik (2 cards) to account for all 24 cards"),
              False: N_("a musik holds 2 cards")}
_DISCARDS_WHY = {True: N_("give the declarer's 2 discards"), False: N_("the declarer discards 2 cards")}

def _from_tricks(deal: PlayedDeal, layout: Layout, opts: Options, base: DealOutcome, d: str,
                 contract: int) -> DealOutcome:
    """A deal given as its tricks (``[{"leader", "cards"}]``), bid by ``d`` at ``contract``: the cards are the
    deck's (thousand/3.5), the seat order tells who played each, the marriages fit the leads (10.1), and every play
    is legal (8.3, 11.x).  Fills ``base`` with card points, tricks won and the marriages scored."""
    order, groups = _parse_tricks(cast("list[TrickPlayed]", deal.tricks), layout)     # (given: its form)
    unused, discards = dead_cards(deal, layout, opts, need=True)
    groups += [("/deal/musik_unused", unused), ("/deal/discards", discards)]
    check_conservation(groups, DECK, exact=True)
    hands: dict[str, list[Card]] = defaultdict(list)     # every active player plays to every trick
    for p, c in chain.from_iterable(order):
        hands[p].append(c)
    if len(layout.active) == 3:     # (with two players no talon is passed)
        _talon_passed(hands, base.talon, d, layout)
    announce = _marriage_leads(marriage_list(deal.marriages, "/deal/marriages", layout, opts), order)
    st = _replay_tricks(DealState.new(layout, opts, hands=hands), d, contract, order, announce)
    card_pts = dict(st.captured)
    if opts.two_player_discards_count:      # the declarer's 2 discards (none with three or four players)
        card_pts[d] += card_points(discards)
    base.card_points = card_pts
    base.tricks = dict(st.tricks_won)
    base.marriages = [{"player": m["player"], "suit": m["suit"], "points": m["points"]} for m in st.marriages]
    return base


def _parse_tricks(tricks: list[TrickPlayed], layout: Layout
                  ) -> tuple[list[list[tuple[str, Card]]], list[tuple[str, list[Card]]]]:
    """``deal.tricks`` → who played what, ``[[(player, card)]]`` trick by trick (the seat order fixes the player of
    each card from the leader), and each trick's cards with their pointer (``[(pointer, cards)]``): a completed deal
    has one trick per card in a hand, each with one card per active player."""
    n, size = layout.tricks, len(layout.active)
    if len(tricks) != n:
        raise InputError(_("a completed deal has {n} tricks, not {given}", n=n, given=len(tricks)), "/deal/tricks")
    order, groups = [], []
    errors = []
    for i, t in enumerate(tricks):
        ptr = f"/deal/tricks/{i}"
        leader = parse_player(t.leader, layout.players, ptr + "/leader", layout.active)
        cards = in_deck(t.cards, ptr + "/cards")
        if len(cards) != size:
            errors.append({"pointer": ptr + "/cards", "detail": _("a trick has {n} cards, not {given}", n=size,
                                                                  given=len(cards))})
        order.append(list(zip(seats_from(layout, leader, len(cards)), cards)))
        groups.append((ptr + "/cards", cards))
    tell(errors)
    return order, groups


def _talon_passed(hands: dict[str, list[Card]], talon: list[Card] | None, declarer: str | None,
                  layout: Layout) -> None:
    """thousand/8.1: the declarer takes the talon (when given) and passes one card to each opponent, so an opponent
    plays one talon card at most."""
    for p in layout.active:
        got = sorted(overlap(hands[p], talon), key=hands[p].index)     # the talon's cards p played, in play order
        if p != declarer and len(got) > 1:
            raise InputError(_("{player} played {cards} of the talon, but the declarer passes each opponent one "
                               "card of it at most", player=p, cards=got), "/deal/talon")


# what a marriage's lead is told when the tricks do not show it (thousand/10.1), by (its trick given, the ace
# marriage), with where: the trick given, or the marriage
_UNLED = {(True, True): (N_("trick {trick} was not led by {player} with an ace"), "/trick"),
          (True, False): (N_("trick {trick} was not led by {player} with the K or Q of {suit}"), "/trick"),
          (False, True): (N_("{player} never led an ace, so could not announce this marriage"), ""),
          (False, False): (N_("{player} never led the K or Q of {suit}, so could not announce this marriage"), "")}


def _marriage_leads(marriages: list[tuple[int, str, str, int | None]],
                    order: list[list[tuple[str, Card]]]) -> dict[tuple[int, int], tuple[int, str]]:
    """thousand/10.1: the lead announcing each marriage: the trick given, or the owner's first lead of one of its
    cards (an ace for the ace marriage, the K or Q of the suit).  One marriage a lead follows: a lead's card is of
    one marriage only, and each is announced once (:func:`.checks.marriage_list`).  Returns
    ``{(trick index, 0): (marriage index, suit)}``, keyed by the play that announces it (a lead: the trick's card 0)."""
    announce: dict[tuple[int, int], tuple[int, str]] = {}
    for mi, p, s, t in marriages:
        ptr = f"/deal/marriages/{mi}"
        own = set(product([p], MARRIAGE_CARDS[s]))      # p leading a card of this marriage
        leads = [i for i, seq in enumerate(order) if seq[0] in own]
        idx = next(iter(leads), None) if t is None else t       # the trick given, or the first such lead (if any)
        if idx not in leads:
            why, at = _UNLED[(t is not None, s == ACES)]
            raise InputError(_(why, trick=t, player=p, suit=Suit(s)), ptr + at)
        announce[(idx, 0)] = (mi, s)
    return announce


def _replay_tricks(st: DealState, declarer: str, contract: int, order: list[list[tuple[str, Card]]],
                   announce: dict[tuple[int, int], tuple[int, str]]) -> DealState:
    """Play the tricks through ``st`` from the declarer's lead (thousand/8.3, 11.1): each trick led by the winner of
    the last, every card a legal play (a deal given for scoring is not disputed: an illegal play is refused)."""
    st.start_play(declarer, contract)
    for i, seq in enumerate(order):
        if seq[0][0] != st.to_play:
            raise InputError(_("trick {trick} must be led by {leader}, not {player}", trick=i,
                               leader=st.to_play, player=seq[0][0]),
                             f"/deal/tricks/{i}/leader")
        for j, (p, c) in enumerate(seq):
            announcing = (i, j) in announce
            try:
                st.apply_play(p, c, marriage=announcing)
            except IllegalAction as e:
                ptr = f"/deal/marriages/{announce[(i, j)][0]}" if announcing else f"/deal/tricks/{i}/cards/{j}"
                raise InputError(_("illegal play in a deal given for scoring: {why}", why=e.message), ptr) from None
    return st


def _from_points(deal: PlayedDeal, layout: Layout, opts: Options, base: DealOutcome, d: str,
                 _contract: int) -> DealOutcome:
    """A deal given as card points and tricks taken per player, bid by ``d``: every active player has both, the
    points add up to the deck's 120 less the cards out of play (thousand/1.3, 3.3), the tricks to a deal's, some
    share of the deck gives them (1.3), and the marriages fit the tricks (10.1, 10.2).  Fills ``base``."""
    pts, taken = cast("dict[str, int]", deal.points), deal.tricks_taken        # (the points given: their form)
    if taken is None:
        raise InputError(_("with card points, give each player's number of tricks"), "/deal/tricks_taken")
    _points_shape(pts, taken, layout)
    unused, discards = dead_cards(deal, layout, opts, need=False)
    check_conservation([("/deal/musik_unused", unused), ("/deal/discards", discards)], DECK)
    _points_add_up(pts, taken, unused, discards, layout, opts)
    _points_feasible(pts, taken, unused, discards, layout, opts, d)
    base.marriages = _points_marriages(deal, taken, layout, opts, d)
    base.card_points = {p: pts[p] for p in layout.active}
    base.tricks = {p: taken[p] for p in layout.active}
    return base


def _points_shape(pts: dict[str, int], taken: dict[str, int], layout: Layout) -> None:
    """``deal.points`` and ``deal.tricks_taken`` name the players of the deal, each with a whole number, 0 or
    more."""
    errors = []
    for key, obj in (("points", pts), ("tricks_taken", taken)):
        strangers = [{"pointer": f"/deal/{key}/{esc(name)}", "detail": stranger(name, layout)}
                     for name in obj if name not in layout.active]
        errors += strangers
        # a missing player is told so too, unless a name that is no player's may be his, written otherwise
        errors += [{"pointer": f"/deal/{key}/{esc(p)}", "detail": _("a whole number, 0 or more, for every player")}
                   for p in layout.active if (obj[p] < 0 if p in obj else not strangers)]
    tell(errors)


def stranger(name: str, layout: Layout) -> str:
    """What a name given for a player of the deal (a key of its points, tricks or tricks taken) that is not one is
    told: the player sitting this deal out does not play it (thousand/3.2); any other name is not one of the
    players (:func:`referee.common.not_a_player`)."""
    if name in layout.players:
        return _("{name} does not play this deal", name=repr(name))
    return not_a_player(name, layout.players)


# what card points adding up to another total are told, by whether cards are out of play (thousand/1.3, 3.3)
_ADD_UP = {True: N_("the card points of a deal add up to {expected} (120 less {dead} in cards out of play), not "
                    "{total}"),
           False: N_("the card points of a deal add up to {expected}, not {total}")}


def _points_add_up(pts: dict[str, int], taken: dict[str, int], unused: list[Card], discards: list[Card],
                   layout: Layout, opts: Options) -> None:
    """thousand/1.3, 3.3: the card points add up to 120 less the cards out of play (the unused musik, and the
    discards unless they count for the declarer); the tricks to the deal's number."""
    dead = card_points(unused) + (0 if opts.two_player_discards_count else card_points(discards))
    expected = TOTAL_POINTS - dead
    total = sum(pts.values())       # one for each player of the deal (_points_shape)
    n_tricks = sum(taken.values())
    refuse_all(((total != expected, _ADD_UP[bool(dead)], "/deal/points"),
                (n_tricks != layout.tricks, N_("a deal has {n} tricks, not {given}"), "/deal/tricks_taken")),
               expected=expected, dead=dead, total=total, n=layout.tricks, given=n_tricks)


def _points_feasible(pts: dict[str, int], taken: dict[str, int], unused: list[Card], discards: list[Card],
                     layout: Layout, opts: Options, declarer: str | None) -> None:
    """thousand/1.3: some share of the deck's cards (values 11, 10, 4, 3, 2, 0) gives each player's card points in
    that player's tricks (one card per player a trick; the two-player declarer's pile also holds the discards)."""
    size = len(layout.active)
    pool = _POOL.copy()
    pool.subtract(POINTS[c.rank] for c in unused + discards)
    # the two-player declarer's pile when the discards count: their points, given; or 2 cards more, not given
    # (dead_cards gives them, or none when they go unsaid)
    counted = size == 2 and opts.two_player_discards_count
    pile = {declarer: (2 - len(discards), card_points(discards))} if counted else {}
    targets = []
    for p in layout.active:
        more_cards, less_points = pile.get(p, (0, 0))
        if pts[p] < less_points:
            raise InputError(_("{player}: the points are less than the discards alone are worth", player=p),
                             f"/deal/points/{esc(p)}")
        targets.append((taken[p] * size + more_cards, pts[p] - less_points))
    if not points_feasible(targets, +pool):
        shares = ", ".join(_("{player}: {points} in {tricks}", player=p, points=pts[p], tricks=taken[p])
                           for p in layout.active)
        raise InputError(_("no share of the deck's cards gives these card points for these numbers of tricks "
                           "({shares}); card values are 11, 10, 4, 3, 2 and 0", shares=shares),
                         "/deal/points")


def _points_marriages(deal: PlayedDeal, taken: dict[str, int], layout: Layout, opts: Options,
                      declarer: str | None) -> list[dict]:
    """thousand/10.1, 10.2: a marriage is led after winning a trick (so at most one per trick won), or by the
    declarer on the first trick where that is allowed; the cards the marriages take leave one over.  Returns
    ``[{"player", "suit", "points"}]``."""
    marriages: list[dict] = []
    suits_of: dict[str, list[str]] = defaultdict(list)
    first_lead = {declarer: int(opts.marriage_on_first_trick)}
    for mi, p, s, _t in marriage_list(deal.marriages, "/deal/marriages", layout, opts):
        ptr = f"/deal/marriages/{mi}"
        room = taken[p] + first_lead.get(p, 0)     # leads that can announce: one a trick won
        refuse_if(((room == 0, N_("{player} won no trick, so could not lead a marriage"), ptr),
                   (len(suits_of[p]) >= room, N_("{player} announced more marriages than the tricks they led allow"),
                    ptr)),
                  player=p)
        suits_of[p].append(s)
        marriages.append({"player": p, "suit": s, "points": marriage_value(s)})
        check_marriage_cards(suits_of[p], p, declarer, layout, opts, ptr)
    return marriages


_POOL = Counter(POINTS[c.rank] for c in DECK.cards())      # the deck's cards by value
# the forms a played deal is given in, by (tricks given, points given): trick by trick, or card points with tricks
_FORMS = {(True, False): _from_tricks, (False, True): _from_points}
