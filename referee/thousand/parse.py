"""Thousand: the position builder, a check's ``position`` (a typed record of ``schemas/thousand.py``) into a
:class:`~.deal.DealState`.

The schema has checked the position's types, its cards and the fields of its phase's shape; what is left here needs
the deck, the seats or the rules: the fields the phase allows, the hand and the talon, the card received, then the
auction (deal, bidding), the talon phase (thousand/8.x) or the play (11.x).  Impossible input raises
:class:`~referee.errors.InputError` with JSON pointers.

The other parts of a request have their own readers: the game before the deal (:mod:`.prior`), a deal given for
scoring (:mod:`.outcome`, with the pulka's forms in :mod:`.pad`), a log's deal event (:mod:`.dealt`), an action
(:mod:`.actions`); the checks a position and a scored deal share are in :mod:`.checks`, and the deck's check of the
cards the schema has read in :mod:`.read`.
"""
from __future__ import annotations

import math
from collections import defaultdict
from itertools import chain
from typing import TYPE_CHECKING, Any

from ..cards import Card, parse_cards, parse_suit
from ..common import fields_out_of_phase, parse_player
from ..errors import IllegalAction, InputError, esc, tell
from ..i18n import N_, Suit, _, ngettext
from ..knowledge import Partial, account, read_hand
from .actions import dispatch
from .cards import DECK
from .checks import (
    MARRIAGE_CARDS,
    check_forced_bid,
    check_marriage_cards,
    contract_value,
    golden_known,
    marriage_list,
)
from .deal import BLIND_CONTRACT, DealState, Layout
from .melds import ACES, marriage_name, marriage_value
from .options import Options, OptionsLike
from .read import distinct, faults_of, given, in_deck, overlap, refuse_all, refuse_if, seats_from
from .scoring import GameState

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import CallMade, PositionGiven

def _hand_cards(value: Any, ptr: str) -> list[Card]:
    """A hand's card texts (the schema leaves a hand as given: :func:`referee.knowledge.read_hand` reads its two
    forms) as cards of the deck, none twice."""
    return distinct(parse_cards(value, DECK, ptr), ptr)


# a call judged in the bidding needs the calls before it (none when nobody has spoken): (phase, no bids given, type)
_CALLS_NEEDED = {("bidding", True, "bid"), ("bidding", True, "pass")}
_PLAY_FIELDS = ("tricks_won", "marriages", "trick", "trump")
FOREIGN = {"deal": ("bids", "declarer", "contract", "talon_taken", "exchanged", "received") + _PLAY_FIELDS,
           "bidding": ("declarer", "contract", "talon_taken", "exchanged", "received") + _PLAY_FIELDS,
           "talon": _PLAY_FIELDS, "play": ()}


# the flags a phase has set for good (thousand/8.1): in the play the talon is taken and the exchange made
_DONE = {"play": ("talon_taken", "exchanged")}


# where a check's action fields are
_ACTION_PTRS = {k: f"/action/{k}" for k in ("amount", "card", "gives", "cards", "reason", "type")}


def build_position(pos: PositionGiven, layout: Layout, opts: OptionsLike, state: GameState, actor: str,
                   action_type: str | None = ""):
    """A :class:`DealState` for a described position.  Returns (state, action pointer map).

    The request schema (schemas/thousand.py ``Position``) has given every field its type; this checks what needs the
    deck, the seats and the rules, phase by phase: the fields the phase allows, the hand and the talon, the card
    received, then the auction (deal, bidding), the talon phase (thousand/8.x) or the play (11.x).
    """
    opts = Options.of(opts)
    phase = pos.phase
    _phase_fields(pos, phase, action_type)
    hand, part = (None, None) if pos.hand is None else \
        read_hand(pos.hand, "/position/hand", _hand_cards, DECK.cards())
    hsize = None if hand is None else part.size if part is not None else len(hand)
    hands = dict.fromkeys(layout.active)
    hands[actor] = hand
    st = DealState.new(layout, opts, hands=hands, scores=state.scores, concessions=state.concessions)
    _position_talon(pos, st, layout, phase, hand, hsize)
    ptrs = dict(_ACTION_PTRS)
    if phase in _AUCTION:       # (no card received yet: a field of a later phase)
        _position_golden(pos, st, layout, opts, state, action_type)
        _replay_calls(st, pos.bids or [], layout)
        _knowledge(st, actor, part)
        return st, ptrs
    if part is not None:        # the cards the position shows are revealed in it (DealState.show)
        st.partial[actor] = part
    _position_received(pos, st, actor)
    d = parse_player(pos.declarer, layout.players, "/position/declarer", layout.active)
    contract = contract_value(pos.contract, opts, "/position/contract")
    st.declarer, st.contract = d, contract
    _position_golden(pos, st, layout, opts, state, action_type)
    if not st.golden:   # a golden deal has no auction: its 120 is the first hand's (18.1)
        check_forced_bid(layout, opts, state, d, contract, "/position/contract")
    _PHASE_READERS[phase](pos, st, layout, opts, actor, d, contract, hsize, action_type)
    _auction_of(pos, st, layout, opts, state, d, contract)
    _knowledge(st, actor, st.partial.get(actor))
    return st, ptrs


def _phase_fields(pos: PositionGiven, phase: str, action_type: str | None) -> None:
    """Refuse fields that belong to a later phase than ``phase`` (:data:`FOREIGN`); in the play the talon is taken
    and the exchange made, so neither flag can be false (thousand/8.1); a call judged in the bidding needs the calls
    before it (:data:`_CALLS_NEEDED`).  Each is told."""
    rows = [(getattr(pos, f) is False, N_("in the play phase the talon is already taken and the exchange made"),
             f"/position/{f}") for f in _DONE.get(phase, ())]
    rows.append(((phase, pos.bids is None, action_type) in _CALLS_NEEDED,
                 N_("give the earlier calls of the auction (none when nobody has spoken)"), "/position/bids"))
    tell(fields_out_of_phase(given(pos), phase, FOREIGN) + faults_of(rows))


# what a talon or a musik holds, by the number of players in the deal (thousand/3.1–3.3): the talon 3 cards, the
# musik 2 (the declarer takes one of two)
_TALON_SIZE = {2: (2, N_("the musik holds 2 cards (give the musik the declarer takes)")),
               3: (3, N_("the talon holds 3 cards"))}
_AUCTION = ("deal", "bidding")


def _position_talon(pos: PositionGiven, st: DealState, layout: Layout, phase: str, hand: list[Card] | None,
                    hsize: int | None) -> None:
    """The talon (3 cards; a musik of 2 with two players, thousand/3.1–3.3) into ``st.talon``, and the actor's hand
    size (``hsize`` cards) against the phase: the dealt size before the talon is taken, never more than 3 over it;
    no card both in the hand and in a talon not yet taken."""
    if pos.talon is not None:
        st.talon = distinct(pos.talon, "/position/talon")
        size, why = _TALON_SIZE[len(layout.active)]
        if len(st.talon) != size:
            raise InputError(_(why), "/position/talon")
    if hsize is None:       # no hand given (a hand has its size)
        return
    refuse_if(((phase in _AUCTION and hsize != layout.hand_size, N_("a hand holds {n} cards at this point, not "
                                                                   "{given}"), "/position/hand"),
               (hsize > layout.hand_size + 3, N_("no hand ever holds {given} cards"), "/position/hand"),
               # in the talon phase the declarer may hold the talon taken (:func:`_talon_phase` tells where it is)
               (overlap(st.talon, hand) and phase != "talon", N_("a card cannot be both in the hand and in the talon"),
                "/position/talon")),
              n=layout.hand_size, given=hsize)


def _position_received(pos: PositionGiven, st: DealState, actor: str) -> None:
    """thousand/8.1: the card the actor received in the exchange is in the actor's hand (revealed in a partly known
    hand: :meth:`DealState.show`)."""
    got = pos.received
    if got is None:
        return
    in_deck([got], "/position/received")
    st.show(actor, [got])       # an unknown card of a partly known hand may be it
    hand = st.hands[actor]
    if hand is not None and got not in hand:
        raise InputError(_("the card received in the exchange must be in the hand"), "/position/received")
    st.received[actor] = got


# the flag a talon position must say (talon_taken, exchanged), by (talon_taken as given, exchanged left out, the
# declarer's hand given), when the declarer's hand does not tell it: whether the talon is taken, then whether the
# exchange is made once it is
_UNSAID_FLAG = {(None, True, False): "talon_taken", (None, False, False): "talon_taken",
                (True, True, False): "exchanged"}
_ASK_FLAG = {"talon_taken": N_("say whether the declarer has taken the talon, or give the declarer's hand"),
             "exchanged": N_("say whether the declarer has passed the cards, or give the declarer's hand")}


# the talon phase's actions only the declarer makes (thousand/8.1, 8.2, 9.1): another player's is refused for that
# alone, whatever the talon and the exchange
_DECLARERS = frozenset({"take_talon", "exchange", "raise", "concede"})


def _talon_phase(pos: PositionGiven, st: DealState, layout: Layout, _opts: Options, actor: str, d: str,
                 _contract: int, hsize: int | None, action_type: str | None) -> None:
    """thousand/8.1, 8.2: the talon phase, as given or as the declarer's hand tells it.

    Whether the declarer has taken the talon and made the exchange: said, or told by the declarer's hand size
    (``hsize`` cards); the exchange comes after the talon is taken.  Not asked when another player makes a
    declarer's action (:data:`_DECLARERS`): that is refused whatever they are.

    Where the talon's cards are (in the declarer's hand once taken and before the exchange; nowhere in another
    hand) and the declarer's hand size: the dealt size, plus the talon (3) or a musik (2) once taken, plus 1 (three
    players) or 0 (two) after the exchange; the talon's cards revealed in a declarer's partly known hand
    (:meth:`DealState.show`)."""
    st.phase, hand = "talon", st.hands[actor]
    told = hand is not None and actor == d      # the declarer's hand size tells both flags
    flag = _UNSAID_FLAG.get((pos.talon_taken, pos.exchanged is None, told), "")     # "": none to ask
    grown = (hsize or 0) - layout.hand_size         # cards over the dealt size (no hand: both flags given)
    st.talon_taken = grown > 0 if pos.talon_taken is None else pos.talon_taken
    # after the exchange a hand is 1 card over the dealt size with three players (2 in, 1 to each opponent), even
    # with two (2 in, 2 laid aside)
    st.exchanged = (st.talon_taken and grown == len(layout.active) - 2) if pos.exchanged is None \
        else pos.exchanged
    refuse_if(((flag and not (actor != d and action_type in _DECLARERS), _ASK_FLAG.get(flag, ""),
                f"/position/{flag}"),
               (st.exchanged and not st.talon_taken, N_("the exchange comes after taking the talon"),
                "/position/exchanged"),
               (overlap(st.talon, hand) and (actor != d or not st.talon_taken),
                N_("a card cannot be both in the hand and in the talon"), "/position/talon")))
    if not told:
        return
    # the talon taken is in the declarer's hand until the exchange (shown in a hand known in part)
    holding = (st.talon or []) if st.talon_taken and not st.exchanged else []
    st.show(actor, holding)
    # the dealt size; with the talon taken, the talon (3) or a musik (2) more: as many cards as players; after the
    # exchange two of them gone (one to each opponent, or two laid aside)
    expect = layout.hand_size + st.talon_taken * (len(layout.active) - 2 * st.exchanged)
    refuse_if(((overlap(holding, st.hands[actor]) != set(holding), N_("the declarer has taken the talon, so its "
                                                                     "cards are in the hand"), "/position/hand"),
               (hsize != expect, N_("the declarer holds {n} cards at this point, not {given}"), "/position/hand")),
              n=expect, given=hsize)


def _play_position(pos: PositionGiven, st: DealState, layout: Layout, opts: Options, actor: str, d: str, contract: int,
                   hsize: int | None, _action_type: str | None) -> None:
    """The play phase (thousand/11.x): tricks won so far, the marriages and the trump, and the current trick."""
    hand = st.hands[actor]
    st.start_play(d, contract)
    some = _tricks_won(pos, st, layout)
    done = sum(st.tricks_won.values())      # with "some", the fewest tricks that can have been played
    if done >= layout.tricks:
        raise InputError(_("{n} tricks already played: the deal is over", n=done), "/position/tricks_won")
    # cards in a hand at the first trick: the dealt size and 1 more with three players (talon 3 in, 1 to each
    # opponent), as many with two (musik 2 in, 2 laid aside)
    full = layout.hand_size + len(layout.active) - 2
    if some and hsize is not None:
        done = _tricks_by_hand(pos, layout, actor, done, full, hsize)
    st.trick_index = done
    own_marriages = _position_marriages(pos, st, layout, opts, actor, d, some)
    _position_trump(pos, st, opts)
    _current_trick(pos, st, layout, d, done)
    if hand is not None:
        _hand_in_play(st, actor, hand, hsize, done, full)
        if own_marriages:      # the cards played before them, told by a hand of the right size (just checked)
            check_marriage_cards(own_marriages, actor, d, layout, opts, "/position/marriages", hand)


_SAID: dict[int | str, int] = {"some": 1, "none": 0}    # tricks won "some" (one or more: one is the fewest) or "none"


def _tricks_won(pos: PositionGiven, st: DealState, layout: Layout) -> set[str]:
    """``position.tricks_won`` into ``st.tricks_won``: a count, or "some" (at least one) / "none".  Returns the
    players said to have won "some" tricks."""
    said = pos.tricks_won or {}
    for p, n in said.items():
        parse_player(p, layout.players, f"/position/tricks_won/{esc(p)}", layout.active)
        st.tricks_won[p] = int(_SAID.get(n, n))      # a word of the schema's, or a number
        if st.tricks_won[p] < 0:
            raise InputError(_("tricks won are a number from 0 up, or \"some\" or \"none\""),
                             f"/position/tricks_won/{esc(p)}")
    return {p for p, n in said.items() if n == "some"}


def _tricks_by_hand(pos: PositionGiven, layout: Layout, actor: str, done: int, full: int, hsize: int) -> int:
    """With tricks won given as "some", the tricks played so far as the actor's hand (``hsize`` cards of ``full``
    at the first trick) tells them: one more card gone if the actor has played to the current trick (which needs
    the leader: given, as no trick can be the first).  ``done`` is the fewest tricks the counts allow."""
    leader, cards = _trick_of(pos)
    own = seats_from(layout, leader, len(cards)).count(actor) if leader in layout.active else 0
    played_so_far = full - hsize - own
    if not done <= played_so_far < layout.tricks:
        raise InputError(_("a hand of {n} cards does not fit the tricks won so far", n=hsize), "/position/hand")
    return played_so_far


def _trick_of(pos: PositionGiven) -> tuple[str | None, list[Card]]:
    """The current trick's leader (None when not given) and cards (none when not given)."""
    trick = pos.trick
    return (None, []) if trick is None else (trick.leader, trick.cards or [])


# who may lead the current trick (thousand/8.3, 11.1), by whether it is the first: the declarer to the first trick;
# later the winner of the last one, so a player who has won a trick
_LEADS = {True: N_("the declarer ({declarer}) leads to the first trick"),
          False: N_("{player} leads but has won no trick")}


def _current_trick(pos: PositionGiven, st: DealState, layout: Layout, d: str, done: int) -> None:
    """The current trick's leader and cards (thousand/8.3, 11.1): the declarer leads to the first trick; later the
    leader won the last trick, so has won a trick; the trick is not complete."""
    leader, cards = _trick_of(pos)
    if leader is None and done:     # who won the last trick cannot be read from the position
        raise InputError(_("give the leader of the current trick (the winner of the last one)"),
                         "/position/trick/leader")
    leader = parse_player(d if leader is None else leader, layout.players, "/position/trick/leader", layout.active)
    first = done == 0
    played = distinct(cards, "/position/trick/cards")
    refuse_all((((leader != d) if first else not st.tricks_won.get(leader, 0), _LEADS[first], "/position/trick/leader"),
                (len(played) >= len(layout.active), N_("the current trick is already complete"),
                 "/position/trick/cards")),
               declarer=d, player=leader)
    st.leader = leader
    st.trick.extend(zip(seats_from(layout, leader, len(played)), played))


def _hand_in_play(st: DealState, actor: str, hand: list[Card], hsize: int | None, done: int, full: int) -> None:
    """The actor's hand in the play: no card of it on the table, and ``full`` cards (8 after the exchange, 10 with
    two players) less one for each trick played and for a card of the actor's already on the table."""
    on_table = dict(st.trick)       # each player's card on the table (a trick not complete: one each at most)
    if overlap(list(on_table.values()), hand):
        raise InputError(_("a card on the table cannot also be in the hand"), "/position/trick/cards")
    own = int(actor in on_table)        # the acting player's card played to the current trick
    expect = full - done - own
    if hsize != expect:
        # two counts, each with its own noun: the tricks' phrase takes its plural from the tricks, the cards'
        # from the cards
        after = (ngettext("after {n} trick and a card on the table", "after {n} tricks and a card on the table",
                          done) if own else ngettext("after {n} trick", "after {n} tricks", done))
        why = ngettext("{after} {player} holds {n} card, not {given}", "{after} {player} holds {n} cards, not {given}",
                       expect, after=after, player=actor, given=hsize)
        raise InputError(why, "/position/hand")


def _knowledge(st: DealState, actor: str, part: Partial | None) -> None:
    """The actor's partial hand, its unknown cards any not seen elsewhere: on the table, in a talon not yet passed
    on in the exchange, or in another player's announced marriage (its king and queen were that player's).  (A
    talon the actor's own hand holds, taken and not passed on, is known in it (:func:`_talon_phase`): its cards
    are out of the pool already.)"""
    if part is None:
        return
    seen = list(dict(st.trick).values())        # the cards on the table
    if not st.exchanged:
        seen += st.talon or []
    seen += chain.from_iterable(MARRIAGE_CARDS[m["suit"]] for m in st.marriages if m["player"] != actor)
    st.partial[actor] = account(part, seen, "/position/hand")


# how a talon or play position is read past the auction, by its phase
_PHASE_READERS = {"talon": _talon_phase, "play": _play_position}


def _replay_calls(st: DealState, bids: list[CallMade], layout: Layout) -> None:
    """Run the earlier calls of an auction (position.bids) through ``st``, each judged without its hand."""
    for i, b in enumerate(bids):
        ptr = f"/position/bids/{i}"
        if st.phase != "bidding":
            raise InputError(_("the auction ended before this call"), ptr)
        p = parse_player(b.player, layout.players, ptr + "/player", layout.active)
        saved = st.hands[p]
        st.hands[p] = None  # earlier calls are judged without hands
        try:
            dispatch(st, b, p, {"amount": ptr + "/amount", "type": ptr + "/type"})
        except IllegalAction as e:
            raise InputError(_("the earlier calls are not a legal auction: {why}", why=e.message), ptr) from None
        finally:
            st.hands[p] = saved


def _position_golden(pos: PositionGiven, st: DealState, layout: Layout, opts: Options, state: GameState,
                     action_type: str | None) -> None:
    """Whether the described deal is a golden one (thousand/18.1): the state tells it once a golden round is under
    way (a deal of it played) or over; before that position.golden must say so wherever it could be (the first hand
    on 120) and would change the ruling (the talon phase's raise and concession, a redeal claim)."""
    said = pos.golden
    known, why = golden_known(opts, state)
    golden = said if known is None else known
    # never the first hand on 120 in the auction (no declarer yet)
    refuse_if(((said not in (None, golden), why, "/position/golden"),      # (said, when the state does not tell it)
               ((golden, st.declarer, st.contract) == (None, layout.active[0], 120) and
                (pos.phase == "talon" or action_type == "redeal"),
                N_("say whether this deal is a golden one: the game so far shows no golden deal played yet, and a "
                   "golden deal is judged by other rules"), "/position/golden")))
    if golden:
        refuse_if(((pos.phase in _AUCTION, N_("a golden deal has no auction: the first hand plays 120 with the "
                                              "talon"), "/position/phase"),
                   (st.declarer != layout.active[0], N_("in a golden deal the player left of the dealer ({player}) "
                                                        "plays the 120"), "/position/declarer"),
                   (st.contract != 120, N_("a golden-round contract is 120"), "/position/contract"),
                   (pos.bids is not None, N_("a golden deal has no auction"), "/position/bids")),
                  player=layout.active[0])
    st.golden = bool(golden)


def _auction_of(pos: PositionGiven, st: DealState, layout: Layout, opts: Options, state: GameState, d: str,
                contract: int) -> None:
    """A talon or play position: who bid (thousand/6.1) from the whole auction in position.bids, when given; it must
    end with this declarer on this contract (or a lower one, raised after the exchange: thousand/8.2)."""
    bids = pos.bids
    if bids is None:
        st.auction_known = False
        return
    auction = DealState.new(layout, opts, scores=state.scores, concessions=state.concessions)
    _replay_calls(auction, bids, layout)
    won = auction.high_bid      # the contract, once the auction has ended
    # the contract is the one won, or raised after the exchange (thousand/8.2) up to the highest contract
    highest = opts.max_bid if st.exchanged else won
    if (auction.phase, auction.declarer) != ("talon", d) or not won <= contract <= highest:
        raise InputError(_("these calls do not end the auction with {declarer} the declarer on {contract}",
                           declarer=d, contract=contract), "/position/bids")
    if auction.blind and contract != won:
        raise InputError(_("a blind game is played at {contract}: the contract cannot be raised",
                           contract=BLIND_CONTRACT), "/position/contract")
    st.bidders = set(auction.bidders)
    st.blind = auction.blind


# the king and queen of each suit: another player's marriage of a suit cannot have them in this hand (the aces can be
# anyone's before the ace marriage)
_PAIRS = {s: cards for s, cards in MARRIAGE_CARDS.items() if s != ACES}


def _position_marriages(pos: PositionGiven, st: DealState, layout: Layout, opts: Options, actor: str, d: str,
                        some=frozenset()) -> list[str]:
    """Marriages announced earlier in the deal; each must have been possible (thousand/10.1, 10.2): not with a
    king or queen of it in the actor's hand (another player's), one a trick won (the declarer's first lead too,
    where allowed), cards enough left over.  Returns the suits of the actor's own marriages, whose cards played
    before the first the caller checks once the hand's size is known to be right."""
    hand = st.hands[actor]
    place = (hand or []).index      # a card's place in the hand (of two held, the first is told)
    suits_of: dict[str, list[str]] = defaultdict(list)
    # each announcement is a lead after a won trick, or the declarer's first lead where allowed: the leads beyond the
    # tricks won, any number for a player said to have won "some" (one is only the fewest)
    more_leads = {d: int(opts.marriage_on_first_trick)} | dict.fromkeys(some, math.inf)
    led: set[int] = set()      # the tricks the marriages were led to: a trick is led by one card
    for i, p, suit, t in marriage_list(pos.marriages, "/position/marriages", layout, opts, st.trick_index):
        ptr = f"/position/marriages/{i}"
        if t is not None:
            if t in led:
                raise InputError(_("one card leads a trick: two marriages cannot both have been announced at "
                                   "trick {trick}", trick=t), ptr + "/trick")
            led.add(t)
        # another player's marriage: its king or queen in this hand
        held = min(overlap(hand, _PAIRS.get(suit)) if p != actor else (), key=place, default=None)
        if held is not None:
            raise InputError(_("{player} cannot have announced {marriage}: {card} is in this hand"
                               "", player=p, marriage=marriage_name(suit), card=held), ptr)
        suits_of[p].append(suit)
        if len(suits_of[p]) > st.tricks_won[p] + more_leads.get(p, 0):
            raise InputError(ngettext("{player} has won {n} trick, too few to have announced this marriage"
                                      "", "{player} has won {n} tricks, too few to have announced "
                                      "this marriage", st.tricks_won[p], player=p), ptr)
        st.marriages.append({"player": p, "suit": suit, "trick": t, "points": marriage_value(suit)})
        check_marriage_cards(suits_of[p], p, d, layout, opts, ptr)
    return suits_of[actor]


# what a trump other than the one the listed marriages set is told (thousand/10.5), by (the trump set at once or no
# marriage announced yet, no trump in force): a marriage makes trump at once, or from the next trick on
_TRUMP_WHY = {(True, True): N_("there is no trump before a marriage is announced: list the marriages announced, the "
                               "one that made {trump} trump among them"),
              (True, False): N_("the last marriage announced ({suit}) is the trump, not {trump}"),
              (False, True): N_("a marriage makes trump from the next trick on, so this trick has no trump yet, not "
                                "{trump}"),
              (False, False): N_("a marriage makes trump from the next trick on, so the trump of this trick is {now}, "
                                 "not {trump}")}


def _position_trump(pos: PositionGiven, st: DealState, opts: Options) -> None:
    """The trump in force must be the one the listed marriages set (thousand/10.5): the last one's at once, or
    from the next trick on (the one before it while the last is led to the current trick, then pending)."""
    try:
        trump = None if pos.trump is None else parse_suit(pos.trump)       # None: no trump yet
    except ValueError as e:
        raise InputError(str(e), "/position/trump") from None
    timed = [(m["trick"], m["suit"]) for m in st.marriages if m["suit"] != ACES]     # the marriages that set trump
    if all(t is not None for t, _s in timed):
        timed.sort(key=lambda ts: -1 if ts[0] is None else ts[0])   # the last marriage: the last led, as listed or not
    suits = [None] + [s for _t, s in timed]       # None: no trump before the first
    at_once = opts.trump_timing == "immediate" or not timed
    if not at_once and None in [t for t, _s in timed]:
        # a marriage's trick not given: the last marriage's suit, or the one before it (while the last is led to
        # the current trick)
        if trump not in suits[-2:]:
            raise InputError(_("a marriage makes trump from the next trick on: give the trump of the current trick, "
                               "the suit of the last marriage or of the one before it (none if there is no trump "
                               "yet)"), "/position/trump")
        st.trump, st.pending_trump = trump, None if trump == suits[-1] else suits[-1]
        return
    # the trump of the current trick: the last marriage's led before it (at once: every one's); one led to it (no
    # marriage is led to a later trick: marriage_list) is pending until the next
    now = pending = None
    for t, s in timed:
        if at_once or t < st.trick_index:
            now = s
        else:
            pending = s
    if trump not in (None, now):
        raise InputError(_(_TRUMP_WHY[(at_once, now is None)], suit=Suit(now), now=Suit(now), trump=Suit(trump)),
                         "/position/trump")
    st.trump, st.pending_trump = now, pending

