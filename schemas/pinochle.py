"""marshmallow request schemas for Pinochle (shape only; the engine checks the rules and the cards), and the typed
records they load into.

Each schema names its record (``MODEL``): a frozen, slotted dataclass whose attributes are the schema's fields,
cards loaded as :class:`referee.cards.Card` (``CardOf``/``CardsOf``), a field the body leaves out ``None``.  Each
type of action and log event has its record (:class:`Play`, :class:`BidCall`, :class:`Dealt`, …; an action and an
event of one type share it: their fields are the same).

Where the records live: here, beside the schemas that describe them, so that a request's shape is written once.
The games sit in the same layer as the schemas (.importlinter) and may not import them; the engine
(referee/pinochle/) names the records only in annotations, under ``if TYPE_CHECKING:``, and reads their
attributes.  A module below both would have to be a layer of its own in .importlinter, and would split each shape
between its fields (here) and its record (there).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow import ValidationError, fields

from referee.cards import Card as CardT
from referee.i18n import N_, _

from .bytype import ByType, narrowed
from .common import (
    FAST_KINDS,
    MAX_EVENTS,
    REPLAY,
    TOO_LONG,
    TOO_SHORT,
    Bool,
    CardOf,
    CardsOf,
    Dict,
    Envelope,
    Field,
    Hand,
    Int,
    Length,
    List,
    Name,
    Nested,
    OneOf,
    PartialHand,
    Strict,
    String,
)
from .fast import Fallback, compile_field

PLAYERS = List(Name(), required=True, validate=Length(min=1, max=8),
               too_long=TOO_LONG["players"], too_short=TOO_SHORT["players"], metadata={"description": (
    "The players' names in seat order (clockwise), all different: 2 for `two-handed`, 4 for `partnership` (seats 1 "
    "and 3 against 2 and 4; the sides are named `<seat 1>+<seat 3>` and `<seat 2>+<seat 4>`), 3 for "
    "`three-hand-auction`.")})
SCORE_MAP = lambda **kw: Dict(keys=Name(), values=Int(), validate=Length(max=8),
                              too_long=TOO_LONG["players"], **kw)  # noqa: E731


# ---------------------------------------------------------------- the records (see the module's doc)

_RECORD = dataclass(frozen=True, slots=True, kw_only=True)


@_RECORD
class Standing:
    """``state`` (:class:`GameState`): the totals per player or side, and the target in force."""
    scores: dict[str, int] | None = None
    target: int | None = None


@_RECORD
class PlayedTrick:
    """A trick of a completed deal (:class:`Trick`)."""
    leader: str
    cards: list[CardT]


@_RECORD
class WinningBid:
    """The winning bid of the auction forms (:class:`Bid`)."""
    player: str
    amount: int


@_RECORD
class Declaration:
    """A declaration out during the deal (:class:`Declared`)."""
    player: str
    points_at_claim: int | None = None


@_RECORD
class MeldShown:
    """Two-handed — one meld of ``deal.melds``, in the order declared (:class:`DealMelds`)."""
    player: str
    cards: list[CardT]
    exchange: bool | None = None


@_RECORD
class DealPlayed:
    """A completed deal (:class:`Deal`).  ``melds`` in either of its forms (a list of melds two-handed, player →
    cards in partnership): which of the two a deal takes depends on its form, the engine's to judge."""
    trump: str | None = None
    upcard: CardT | None = None
    melds: list[MeldShown] | dict[str, list[CardT]] | None = None
    meld: list[CardT] | None = None
    tricks: list[PlayedTrick] | None = None
    meld_points: dict[str, int] | None = None
    points: dict[str, int] | None = None
    tricks_taken: dict[str, int] | None = None
    last_trick: str | None = None
    declared_out: Declaration | None = None
    bid: WinningBid | None = None
    conceded: bool | None = None
    buried: list[CardT] | None = None


@_RECORD
class ScoreBody:
    """A score request (:class:`ScoreRequest`)."""
    variant: str | None = None
    options: dict[str, Any] | None = None
    players: list[str]
    dealer: str
    state: Standing | None = None
    deal: DealPlayed


@_RECORD
class EarlierCall:
    """An earlier call of the auction (:class:`Call`)."""
    player: str
    type: str
    amount: int | None = None


@_RECORD
class TrickOn:
    """The trick in progress (:class:`CurrentTrick`)."""
    leader: str | None = None
    cards: list[CardT] | None = None


@_RECORD
class TableMeld:
    """One of the acting player's earlier melds on the table (:class:`EarlierMeld`)."""
    cards: list[CardT]


@_RECORD
class Spot:
    """A check's position (:class:`Position`).  ``hand``: the list of card texts, or what is known of it (a
    :class:`~schemas.common.PartialHand` of card texts), read by :func:`referee.knowledge.read_hand`."""
    phase: str
    hand: list[str] | PartialHand | None = None
    trump: str | None = None
    tricks_done: int | None = None
    stock_left: int | None = None
    upcard: CardT | None = None
    melds: list[TableMeld] | None = None
    played_from_table: list[CardT] | None = None
    exchanged: bool | None = None
    melded_this_trick: bool | None = None
    drawn: bool | None = None
    winner: str | None = None
    winner_drew: bool | None = None
    trick: TrickOn | None = None
    bids: list[EarlierCall] | None = None
    meld_points: int | None = None
    card_points: int | None = None


# one record per type of action and event (an action and an event of one type have the same fields); ``player`` is
# required in an action and may be left out of an event (the replay asks for it)

@_RECORD
class Play:
    type: str
    player: str | None = None
    card: CardT | None = None


@_RECORD
class Meld:
    type: str
    player: str | None = None
    cards: list[CardT] | None = None
    exchange: bool | None = None


@_RECORD
class Dix:
    type: str
    player: str | None = None
    exchange: bool | None = None


@_RECORD
class Draw:
    type: str
    player: str | None = None
    card: CardT | None = None


@_RECORD
class BidCall:
    type: str
    player: str | None = None
    amount: int | None = None


@_RECORD
class Pass:
    type: str
    player: str | None = None


@_RECORD
class DeclareOut:
    type: str
    player: str | None = None


@_RECORD
class CountMeld:
    type: str
    player: str | None = None


@_RECORD
class Trump:
    type: str
    player: str | None = None
    suit: str | None = None


@_RECORD
class Widow:
    type: str
    player: str | None = None


@_RECORD
class Bury:
    type: str
    player: str | None = None
    cards: list[CardT] | None = None


@_RECORD
class Concede:
    type: str
    player: str | None = None


@_RECORD
class Dealt:
    """A log's ``deal`` event: the dealer, each player's cards, the upcard (two-handed) or the widow (three-hand)."""
    type: str
    dealer: str | None = None
    hands: dict[str, list[CardT]] | None = None
    upcard: CardT | None = None
    widow: list[CardT] | None = None


ActionRecord = Play | Meld | Dix | Draw | BidCall | Pass | DeclareOut | CountMeld
EventRecord = Dealt | BidCall | Pass | Trump | Widow | Bury | Concede | Play | Meld | Dix | Draw | DeclareOut
RECORDS: dict[str, type] = {"play": Play, "meld": Meld, "dix": Dix, "draw": Draw, "bid": BidCall, "pass": Pass,
                            "declare_out": DeclareOut, "count_meld": CountMeld, "trump": Trump, "widow": Widow,
                            "bury": Bury, "concede": Concede, "deal": Dealt}


@_RECORD
class CheckBody:
    """A check request (:class:`CheckRequest`)."""
    variant: str | None = None
    options: dict[str, Any] | None = None
    players: list[str]
    dealer: str
    state: Standing | None = None
    position: Spot
    action: ActionRecord


@_RECORD
class ValidateBody:
    """A validate request (:class:`ValidateRequest`)."""
    variant: str | None = None
    options: dict[str, Any] | None = None
    players: list[str]
    state: Standing | None = None
    log: list[EventRecord]
    replay: str | None = None


def _list_or_map(value):
    """``deal.melds`` is one of its two forms, of at most 64 entries (openapi's PinochleDealMelds)."""
    if not isinstance(value, (list, dict)):
        raise ValidationError(_("a list of melds in the order declared (two-handed) or an object of player to cards"))
    if len(value) > 64:
        raise ValidationError(TOO_LONG["melds"](64, len(value)) if isinstance(value, list)
                              else TOO_LONG["players"](64, len(value)))


class DealMelds(fields.Field):
    """``deal.melds`` in either form (the deal's form, which the engine knows from the seats, says which it must
    be): two-handed a list of melds in the order declared, each loaded as a :class:`MeldShown`; in partnership an
    object of player → the cards shown (at most the 12 of a hand), loaded as ``{player: [Card]}``."""

    default_error_messages = Field.default_error_messages      # the catalog's, as every field of the schemas

    class _Meld(Strict):
        """Two-handed — one meld, in the order declared (openapi's PinochleDealMeld)."""
        MODEL = MeldShown
        player = Name(required=True)
        cards = CardsOf(64, required=True)
        exchange = Bool()

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._list = List(Nested(self._Meld))
        self._map = Dict(keys=Name(), values=CardsOf(12))

    def _deserialize(self, value, attr, data, **kwargs):
        _list_or_map(value)
        form = self._list if isinstance(value, list) else self._map
        return form.deserialize(value, attr, data, **kwargs)

    def fast_converter(self):
        """The sparse loader's conversion (:mod:`schemas.fast`): each form by its own compiled loader."""
        as_list = compile_field(self._list, FAST_KINDS)
        as_map = compile_field(self._map, FAST_KINDS)
        assert as_list is not None and as_map is not None

        def convert(value: Any) -> Any:
            if type(value) is list and len(value) <= 64:
                return as_list(value)
            if type(value) is dict and len(value) <= 64:
                return as_map(value)
            raise Fallback()
        return convert


class GameState(Strict):
    """The game before the deal (a fresh game when absent). `scores` are per player, or per side id
    (`Ann+Cid`, seats 1 and 3 against 2 and 4) in the partnership game, every one of them (or none, for a new
    game); a side may be named with its partners in either order (`Cid+Ann`), and a key that names no player or
    side is refused at its own pointer with the keys expected. With rounding every score is a multiple of
    10, and a two-handed score already at the target is impossible (422).
    """
    MODEL = Standing
    scores = Dict(keys=String(validate=Length(min=1, max=140)), values=Int(),
                         validate=Length(max=8), metadata={"description": (
        "Total per player (per side in the partnership game, its partners in either order).")})
    target = Int(0, 100000, metadata={"description": (
        "The target in force — option target, or a later step of 250 above it after both two-handed players passed it "
        "(pinochle/6.3).")})


class Trick(Strict):
    MODEL = PlayedTrick
    leader = Name(required=True)
    cards = CardsOf(4, required=True, metadata={"description": (
        "The cards in playing order, starting with the leader's.")})


class Bid(Strict):
    """The winning bid of the auction forms."""
    MODEL = WinningBid
    player = Name(required=True)
    amount = Int(0, 10000, required=True, metadata={"description": (
        "A multiple of 10 from option min_bid (422 otherwise).")})


class Declared(Strict):
    """Two-handed — a player declared out during the deal (option declare_out, pinochle/6.4)."""
    MODEL = Declaration
    player = Name(required=True)
    points_at_claim = Int(0, 1000, metadata={"description": (
        "The card points the claimant had taken when claiming. Play stops at the declaration (pinochle/6.4), so these "
        "are the claimant's card points in the deal (`points`, or counted from `tricks`); may be left out, and when "
        "given must equal them (422 otherwise).")})


class Deal(Strict):
    """A completed deal. Two-handed: `trump` (or the `upcard` that fixed it), `melds` as a list in the
    order declared, then either `tricks` (all 24; fewer after a declaration out) or `points` +
    `tricks_taken` + `last_trick`; `declared_out` when someone declared out. Partnership: `bid`,
    `trump`, `melds` as player → the cards shown, then `tricks` (12) or `points` + `tricks_taken` +
    `last_trick`. Three-hand auction: `bid`, `trump`, `meld` (the bidder's cards shown), `buried`,
    then `tricks` (15) or `points` + `tricks_taken` + `last_trick`, or `conceded: true` with none of
    them. `points` are card points in tricks and add up to 240 (with the buried cards' points in
    the three-hand game); the last trick's 10 is added by `last_trick`. The auction forms as a pad
    writes them: `bid`, `trump`, `meld_points`, `points`, `last_trick` (`tricks_taken` optional).
    """
    MODEL = DealPlayed
    trump = String(validate=Length(min=1, max=2), metadata={"description": "The trump suit (`H`, `♥`, ...)."})
    upcard = CardOf(metadata={"description": (
        "Two-handed — the card turned up under the stock; it fixes the trump, and a dix turned up scores 10 for the "
        "dealer.")})
    melds = DealMelds(metadata={"schema": "PinochleDealMelds", "description": (
        "Two-handed: the melds in the order declared, `[{player, cards, exchange}]`. Partnership: player → the cards "
        "shown in meld (at most 12); each hand's meld is counted at once. The request layer accepts any list or "
        "object of up to 64 entries; the entries are judged by the referee (422).")})
    meld = CardsOf(18, metadata={"description": "Three-hand auction — the cards the bidder shows in meld."})
    tricks = List(Nested(Trick), validate=Length(max=32), too_long=TOO_LONG["tricks"], metadata={"description": (
        "Every trick of the deal in order (instead of points + tricks_taken + last_trick).")})
    meld_points = SCORE_MAP(metadata={"description": (
        "Two-handed, as a pad writes it — each player's meld in points (multiples of 10) instead of `melds`, with "
        "`points`, `last_trick` (or `declared_out`); `tricks_taken` may then be left out (the deal must fit some "
        "share of the tricks; a meld needs a trick won while the stock lasts, at most one a trick, 1,000 the "
        "richest), and the answer's `tricks` are `null`. Partnership, as a pad writes it — the meld per player or per "
        "side (`Ann+Cid`, partners in either order; then `points`, `tricks_taken` and `last_trick` may name the "
        "sides too, and the answer's per-player `meld_points` and `card_points` are `null`), with `bid`, `points` "
        "and `last_trick`; each hand shows at most 1,800. Three-hand auction — the bidder's meld (the others' 0 may "
        "be left out; each at most 1,900), with `points` for every player (the bidder's buried cards in his), "
        "`last_trick`, and no `buried`. The counters add up to 240 and some share of the tricks and cards must give "
        "them; where a partnership side's meld depends on a trick its card points do not show, `tricks_taken` is "
        "asked for.")})
    points = SCORE_MAP(metadata={"description": (
        "Card points won in tricks per player (with tricks_taken and last_trick, instead of tricks); per side in "
        "the partnership pad written per side.")})
    tricks_taken = SCORE_MAP(metadata={"description": "Tricks won per player (per side in the partnership pad "
                                       "written per side)."})
    last_trick = Name(metadata={"description": "Who took the last trick (it adds 10 card points); the partnership "
                                "pad written per side may name the side."})
    declared_out = Nested(Declared)
    bid = Nested(Bid)
    conceded = Bool(metadata={"description": (
        "Three-hand auction — the bidder conceded before the first lead (single bete, pinochle/8.4).")})
    buried = CardsOf(3, metadata={"description": (
        "Three-hand auction — the 3 cards the bidder buried; their card points count for the bidder.")})


class ScoreRequest(Envelope):
    MODEL = ScoreBody
    players = PLAYERS
    dealer = Name(required=True)
    state = Nested(GameState)
    deal = Nested(Deal, required=True)


class Call(Strict):
    """An earlier call in the auction."""
    MODEL = EarlierCall
    player = Name(required=True)
    type = String(required=True, validate=OneOf(["bid", "pass"]))
    amount = Int(0, 10000)


class CurrentTrick(Strict):
    """The trick in progress. `leader` is required except for the first trick of the two-handed and partnership games,
    which the player after the dealer leads; `cards` absent means none played yet.
    """
    MODEL = TrickOn
    leader = Name()
    cards = CardsOf(4, metadata={"description": (
        "Cards already played to it, in order from the leader (none when absent).")})


class EarlierMeld(Strict):
    """Two-handed — one of the acting player's earlier melds whose cards are still on the table, in the order
    declared."""
    MODEL = TableMeld
    cards = CardsOf(8, required=True)


class Position(Strict):
    MODEL = Spot
    phase = String(required=True, validate=OneOf(["bidding", "play", "meld", "draw", "count"]),
                   metadata={"description": (
        "`bidding` (auction forms), `play`, `meld` (two-handed: the trick winner's chance to meld), `draw` "
        "(two-handed: drawing from the stock), `count` (for `count_meld`; any phase may be given with that action).")})
    hand = Hand(24, metadata={"description": (
        "The acting player's hand (without the two-handed cards melded on the table); required for play, meld, dix "
        "and count_meld, optional for draw. A play may give what is known of it (`PartialHand`); count_meld needs the "
        "list.")})
    trump = String(validate=Length(min=1, max=2), metadata={"description": (
        "The trump suit (required except in the bidding phase).")})
    tricks_done = Int(0, 24, metadata={"description": (
        "Tricks completed so far, required in the play, meld and draw phases (two-handed, 12 or more is the play-off, "
        "where the obligations apply).")})
    stock_left = Int(0, 48, metadata={"description": (
        "Two-handed — cards left in the stock with the upcard (even, 0–24; by default worked out from tricks_done).")})
    upcard = CardOf(metadata={"description": "Two-handed — the face-up card under the stock."})
    melds = List(Nested(EarlierMeld), validate=Length(max=24), too_long=TOO_LONG["melds"], metadata={"description": (
        "Two-handed — the acting player's earlier melds still on the table.")})
    played_from_table = CardsOf(24, metadata={"description": (
        "Two-handed — melded cards the acting player has since played from the table.")})
    exchanged = Bool(metadata={"description": (
        "Two-handed — the upcard has already been exchanged for a dix (false when absent).")})
    melded_this_trick = Bool(metadata={"description": (
        "Two-handed, meld phase — the player already melded (other than a dix) after this trick (false when absent).")})
    drawn = Bool(metadata={"description": (
        "Two-handed, meld phase — whether the draws after the trick just won have been made (pinochle/3.3; false when "
        "absent).")})
    winner = Name(metadata={"description": "Two-handed, draw phase — who won the trick just played (draws first)."})
    winner_drew = Bool(metadata={"description": (
        "Two-handed, draw phase — the winner has drawn; the loser draws now (false when absent).")})
    trick = Nested(CurrentTrick)
    bids = List(Nested(Call), validate=Length(max=200), too_long=TOO_LONG["calls"], metadata={"description": (
        "The calls so far, in order (bidding phase).")})
    meld_points = Int(0, 10000, metadata={"description": (
        "For `declare_out` (required there, refused with any other action) — the meld the claimant has scored in this "
        "deal so far, a multiple of 10, the dealer's 10 for a dix turned up included (as a score answer's "
        "`meld_points` counts it); before the first trick only that 10 can be.")})
    card_points = Int(0, 250, metadata={"description": (
        "For `declare_out` (required there, refused with any other action) — the card points in the tricks the "
        "claimant has taken so far, not rounded (pinochle/6.4); they must be possible in `tricks_done` tricks.")})


ACTIONS = ["play", "meld", "dix", "draw", "bid", "pass", "declare_out", "count_meld"]
EVENTS = ["deal", "bid", "pass", "trump", "widow", "bury", "concede", "play", "meld", "dix", "draw", "declare_out"]


# the fields each type takes besides `type` and `player` (what referee/pinochle/views.py reads of an action or an
# event, and parse.py's deal_event of a deal); a declare_out or count_meld action is judged on the position alone
FIELDS = {
    "play": {"card"}, "meld": {"cards", "exchange"}, "dix": {"exchange"}, "draw": {"card"}, "bid": {"amount"},
    "pass": set(), "declare_out": set(), "count_meld": set(), "trump": {"suit"}, "widow": set(), "bury": {"cards"},
    "concede": set(), "deal": {"dealer", "hands", "upcard", "widow"},
}
# what a field of another type is told, at the field (a player may read it: the players' words)
REFUSALS = {
    "deal": N_("not part of a deal"), "bid": N_("not part of a bid"), "pass": N_("not part of a pass"),
    "trump": N_("not part of naming trump"), "widow": N_("not part of taking the widow"),
    "bury": N_("not part of burying cards"), "concede": N_("not part of conceding the bid"),
    "play": N_("not part of playing a card"), "meld": N_("not part of declaring a meld"),
    "dix": N_("not part of the dix"), "draw": N_("not part of a draw"), "declare_out": N_("not part of declaring out"),
    "count_meld": N_("not part of counting the meld"),
}


def _typed(union: type[ByType]) -> None:
    """Each type's schema of ``union`` loads into the type's record."""
    for t, schema in union.TYPES.items():
        schema.MODEL = RECORDS[t]


class Action(ByType):
    """One action by `player`. The fields that matter per `type`: `play` — `card`; `meld` — `cards`
    (every card of the meld) and `exchange`; `dix` — `exchange` (exchange it for the upcard);
    `draw` — `card` (the card drawn); `bid` — `amount`; `pass`; `declare_out` — two-handed: may
    `player` declare out now, and is the claim right? judged on `state` (the banked scores and the
    target in force) and the claimant's running count, `position.tricks_done`, `position.meld_points` and
    `position.card_points` (pinochle/6.4); `count_meld` — counts all the meld in `position.hand` with
    `position.trump` (partnership and three-hand meld, pinochle/4.10).
    """
    type = String(required=True, validate=OneOf(ACTIONS))
    player = Name(required=True)
    card = CardOf()
    cards = CardsOf(8)
    exchange = Bool()
    amount = Int(0, 10000)


Action.TYPES = {t: narrowed(Action, t, FIELDS[t] | {"player"}, REFUSALS[t], "Action") for t in ACTIONS}
_typed(Action)


class CheckRequest(Envelope):
    MODEL = CheckBody
    players = PLAYERS
    dealer = Name(required=True)
    state = Nested(GameState)
    position = Nested(Position, required=True)
    action = Nested(Action, required=True)


class Event(ByType):
    """One event of a game log. `deal` starts a deal: `dealer`, `hands` (player → the cards dealt: 12
    each with two or four players, 15 with three), and `upcard` (two-handed) or `widow` (3 cards,
    three-hand). The other types carry `player` (required by the replay) and: `bid` — `amount`;
    `pass`; `trump` — `suit` (the high bidder names it); `widow` (the bidder takes it); `bury` —
    `cards` (3); `concede` (three-hand, before the first lead); `play` — `card`; `meld` — `cards`,
    `exchange`; `dix` — `exchange`; `draw` — `card`; `declare_out`.
    """
    type = String(required=True, validate=OneOf(EVENTS))
    player = Name()
    dealer = Name()
    hands = Dict(keys=Name(), values=CardsOf(18), validate=Length(max=4), too_long=TOO_LONG["players"])
    upcard = CardOf()
    widow = CardsOf(3)
    card = CardOf()
    cards = CardsOf(8)
    exchange = Bool()
    amount = Int(0, 10000)
    suit = String(validate=Length(min=1, max=2))


# in a log `player` stays optional, as before (the replay asks for it where it is missing); a deal has none
Event.TYPES = {t: narrowed(Event, t, FIELDS[t] | ({"player"} if t != "deal" else set()), REFUSALS[t], "Event")
               for t in EVENTS}
_typed(Event)


class ValidateRequest(Envelope):
    MODEL = ValidateBody
    players = PLAYERS
    state = Nested(GameState)
    log = List(Nested(Event), required=True, validate=Length(min=1, max=MAX_EVENTS),
               too_long=TOO_LONG["events"], too_short=TOO_SHORT["events"],
               metadata={"description": (
        "The events in order, starting with a `deal` (at most `REFEREE_MAX_EVENTS`, 5000 unless the service is set "
        "otherwise).")})
    replay = REPLAY


REQUESTS = {"score": ScoreRequest, "check": CheckRequest, "validate": ValidateRequest}
