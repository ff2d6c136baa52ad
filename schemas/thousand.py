"""marshmallow request schemas for Thousand (shape only; the engine checks the rules and the cards), and the typed
records they load into.

Each schema names its record in ``MODEL`` (:class:`schemas.common.Strict`): a frozen, slotted dataclass whose
attributes are the schema's fields, cards loaded as :class:`referee.cards.Card`; a field the body leaves out is the
record's default (None).  Each type of action and log event has its own record (:class:`Bid`, :class:`Play`,
:class:`DealEvent`, ...).

Where the records live: here, beside the schema that describes each one, so that a request's shape is written in one
module.  The schemas and the games are one layer of .importlinter and do not import each other; the engine
(referee/thousand/) reads the records' attributes and names their classes only under ``if TYPE_CHECKING:``, for its
annotations, so no import of this module happens at run time below the service.  The records need nothing of the
engine but :class:`~referee.cards.Card`, which sits below both.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from referee.cards import Card as CardT
from referee.cards import parse_card
from referee.i18n import N_

from .bytype import ByType, narrowed
from .common import (
    MAX_EVENTS,
    REPLAY,
    TOO_LONG,
    TOO_SHORT,
    Bool,
    CardField,
    CardList,
    CardOf,
    CardsOf,
    Dict,
    Envelope,
    Hand,
    Int,
    Length,
    List,
    Name,
    Nested,
    OneOf,
    Strict,
    String,
    TrickCount,
    card_text,
)

PLAYERS = List(Name(), required=True, validate=Length(min=1, max=8),
               too_long=TOO_LONG["players"], too_short=TOO_SHORT["players"], metadata={"description": (
    "The players' names in seat order (clockwise), all different; 2, 3 or 4 as the variant requires.")})
SCORE_MAP = lambda **kw: Dict(keys=Name(), values=Int(), validate=Length(max=8),
                              too_long=TOO_LONG["players"], **kw)  # noqa: E731


@dataclass(frozen=True, slots=True, kw_only=True)
class Barrel:
    """A player's barrel counters (:class:`BarrelCounters`)."""
    deals: int = 0
    falls: int = 0


class BarrelCounters(Strict):
    MODEL = Barrel
    deals = Int(0, 100, metadata={"description": "Deals played on the barrel so far."})
    falls = Int(0, 100, metadata={"description": "Times fallen off the barrel."})


@dataclass(frozen=True, slots=True, kw_only=True)
class Golden:
    """The golden round so far (:class:`GoldenRound`)."""
    played: int | None = None
    made: bool | None = None
    over: bool | None = None


class GoldenRound(Strict):
    """The golden round (thousand/18.1): golden deals played so far in it, whether anyone has made the 120,
    and whether the round is over.
    """
    MODEL = Golden
    played = Int(0, 10)
    made = Bool()
    over = Bool()


@dataclass(frozen=True, slots=True, kw_only=True)
class PriorState:
    """The game before the deal (:class:`GameStateSchema`)."""
    scores: dict[str, int] | None = None
    barrel: dict[str, Barrel] | None = None
    bolts: dict[str, int] | None = None
    concessions: dict[str, int] | None = None
    concession_run: dict[str, int] | None = None
    golden: Golden | None = None


class GameStateSchema(Strict):
    """The game before the deal; `scores` gives every player's total (a new game: no `scores`, or `{}`); the
    counters (barrel, bolts, concessions) of players left out start from 0. Totals that cannot happen
    (not a multiple of 5, inside the barrel zone, already past the target) are a 422.
    """
    MODEL = PriorState
    scores = SCORE_MAP(metadata={"description": "Total per player."})
    barrel = Dict(keys=Name(), values=Nested(BarrelCounters), validate=Length(max=8),
                  too_long=TOO_LONG["players"], metadata={"description": (
        "Barrel counters per player (thousand/14).")})
    bolts = SCORE_MAP(metadata={"description": "Bolt counter per player, 0–2 (thousand/13)."})
    concessions = SCORE_MAP(metadata={"description": "Concessions made so far per player (thousand/9)."})
    concession_run = SCORE_MAP(metadata={"description": (
        "Concessions made in a row per player, 0–2 (thousand/9.3; counted with `rospis_third_count: consecutive`, and "
        "never more than the player's `concessions`). Left out: 0.")})
    golden = Nested(GoldenRound)


@dataclass(frozen=True, slots=True, kw_only=True)
class MarriageSaid:
    """A marriage announced (:class:`Marriage`)."""
    player: str
    suit: str
    trick: int | None = None


class Marriage(Strict):
    MODEL = MarriageSaid
    player = Name(required=True)
    suit = String(required=True, validate=Length(min=1, max=8), metadata={"description": (
        "The marriage's suit (`H`, `♥`, ...), or `aces` (`тузы`) for the ace marriage (option ace_marriage).")})
    trick = Int(0, 20, metadata={"description": (
        "0-based index of the trick led with the marriage card (score with tricks; optional).")})


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickPlayed:
    """A trick of a completed deal (:class:`Trick`)."""
    leader: str
    cards: list[CardT]


class Trick(Strict):
    MODEL = TrickPlayed
    leader = Name(required=True)
    cards = CardsOf(8, required=True, metadata={"description": (
        "The cards in playing order, starting with the leader's.")})


@dataclass(frozen=True, slots=True, kw_only=True)
class IrregularitySeen:
    """An irregularity in a deal (:class:`Irregularity`)."""
    type: str
    player: str


class Irregularity(Strict):
    MODEL = IrregularitySeen
    type = String(required=True, validate=Length(min=1, max=32), metadata={"description": (
        "`exposed_card` (the dealer, thousand/5.1), `nine_cut` (the cutter, 4.1) or `talon_peek` (5.2).")})
    player = Name(required=True)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayedDeal:
    """A completed deal to score (:class:`Deal`)."""
    declarer: str | None = None
    contract: int | None = None
    conceded: bool | None = None
    blind: bool | None = None
    golden: bool | None = None
    marriages: list[MarriageSaid] | None = None
    tricks: list[TrickPlayed] | None = None
    points: dict[str, int] | None = None
    tricks_taken: dict[str, int] | None = None
    took_trick: dict[str, bool] | None = None
    talon: list[CardT] | None = None
    talon_points: int | None = None
    musik_unused: list[CardT] | None = None
    discards: list[CardT] | None = None
    irregularities: list[IrregularitySeen] | None = None


class Deal(Strict):
    """A completed deal: `declarer` and `contract`, then either `tricks` or `points` with
    `tricks_taken`. A void deal has no declarer and only `irregularities`. With four
    players give `talon` (the sitter scores from it); with two, `musik_unused` and
    `discards`.

    **As a pulka writes it:** `points` may leave out one active player, whose card points are worked out
    (120 less the others and any cards out of play), and `took_trick` (player → `true`/`false`) may stand for
    `tricks_taken`: only "no trick" decides anything (a bolt, thousand/13.1; a marriage's points, 10.3). The
    deal is checked as the card-points form checks it, against every number of tricks that agrees with
    `took_trick`, and the answer's `tricks` are `null`. Or `conceded: true`. With two players and `took_trick`
    the unused musik may be left out (it stays unseen): both players' `points` are then given, and the deal is
    checked against every pair of cards out of play they leave (total 98 to 120; 76 to 120 when the discards count
    for nobody and are not given). With four players `talon_points` may stand for `talon` (the sitter's score).
    """
    MODEL = PlayedDeal
    declarer = Name(allow_none=True, metadata={"description": "The declarer; `null` (or absent) for a void deal."})
    contract = Int(0, 1000, allow_none=True, metadata={"description": "The final contract (after any raise)."})
    conceded = Bool(metadata={"description": "The declarer conceded without play (thousand/9)."})
    blind = Bool(metadata={"description": "A blind contract (option blind, thousand/17.1)."})
    golden = Bool(metadata={"description": (
        "A golden-round deal (option golden_round, thousand/18.1). Once a golden deal of the round has been played "
        "and the round is not over (`state.golden`), the deal is golden without saying so, and `false` is a 422.")})
    marriages = List(Nested(Marriage), validate=Length(max=8), too_long=TOO_LONG["marriages"])
    tricks = List(Nested(Trick), validate=Length(max=24), too_long=TOO_LONG["tricks"], metadata={"description": (
        "Every trick of the deal in order (instead of points + tricks_taken).")})
    points = SCORE_MAP(metadata={"description": (
        "Card points won per active player (with tricks_taken, instead of tricks).")})
    tricks_taken = SCORE_MAP(metadata={"description": "Tricks won per active player."})
    took_trick = Dict(keys=Name(), values=Bool(), validate=Length(max=8),
                      too_long=TOO_LONG["players"], metadata={"description": (
        "Whether each active player took a trick (with `points`, instead of `tricks_taken`).")})
    talon = CardsOf(4, metadata={"description": (
        "The talon's 3 cards (needed for the sitter's score with four players).")})
    talon_points = Int(0, 33, metadata={"description": (
        "Four players only, where the dealer sitting out scores the talon's card points (`sitter_scoring` "
        "`talon_points` or `talon_points_rounded`): those points, as the pad writes them, instead of `talon`.")})
    musik_unused = CardsOf(4, metadata={"description": "Two players only — the musik the declarer did not take."})
    discards = CardsOf(4, metadata={"description": "Two players only — the declarer's 2 discards."})
    irregularities = List(Nested(Irregularity), validate=Length(max=16), too_long=TOO_LONG["irregularities"],
                          metadata={"description": (
        "Irregularities in the deal, each costing the misdeal penalty.")})


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreBody:
    """A score request (:class:`ScoreRequest`)."""
    variant: str | None = None
    options: dict[str, Any] | None = None
    players: list[str]
    dealer: str
    state: PriorState | None = None
    deal: PlayedDeal


class ScoreRequest(Envelope):
    MODEL = ScoreBody
    players = PLAYERS
    dealer = Name(required=True)
    state = Nested(GameStateSchema)
    deal = Nested(Deal, required=True)


@dataclass(frozen=True, slots=True, kw_only=True)
class CallMade:
    """An earlier call of the auction (:class:`Call`)."""
    player: str
    type: str
    amount: int | None = None
    blind: bool | None = None


class Call(Strict):
    """An earlier call in the auction."""
    MODEL = CallMade
    player = Name(required=True)
    type = String(required=True, validate=OneOf(["bid", "pass"]))
    amount = Int(0, 1000)
    blind = Bool(metadata={"description": "A blind announcement by the forced-bid holder (thousand/17.1)."})


@dataclass(frozen=True, slots=True, kw_only=True)
class TrickInPlay:
    """The trick in progress (:class:`CurrentTrick`)."""
    leader: str | None = None
    cards: list[CardT] | None = None


class CurrentTrick(Strict):
    """The trick in progress. `leader` is required after the first trick (the declarer leads the first); `cards` absent
    means none played yet.
    """
    MODEL = TrickInPlay
    leader = Name()
    cards = CardsOf(3, metadata={"description": (
        "Cards already played to it, in order from the leader (none when absent).")})


@dataclass(frozen=True, slots=True, kw_only=True)
class PositionGiven:
    """A described position (:class:`Position`); ``hand``: a list of card texts, or what is known of it (a
    :class:`~schemas.common.PartialHand` of card texts); :func:`referee.knowledge.read_hand` reads both."""
    phase: str
    hand: Any = None
    bids: list[CallMade] | None = None
    talon: list[CardT] | None = None
    talon_taken: bool | None = None
    exchanged: bool | None = None
    declarer: str | None = None
    contract: int | None = None
    trump: str | None = None
    tricks_won: dict[str, int | str] | None = None
    marriages: list[MarriageSaid] | None = None
    trick: TrickInPlay | None = None
    received: CardT | None = None
    golden: bool | None = None


class Position(Strict):
    MODEL = PositionGiven
    phase = String(required=True, validate=OneOf(["deal", "bidding", "talon", "play"]))
    hand = Hand(14, metadata={"description": (
        "The acting player's hand (optional; without it, rules that need the hand are not judged), as a list of all "
        "its cards or as what is known of it (`PartialHand`).")})
    bids = List(Nested(Call), validate=Length(max=200), too_long=TOO_LONG["calls"], metadata={"description": (
        "The calls so far, in order (deal and bidding phases); in the talon and play phases the whole auction, which "
        "tells who has bid (a four-nines claim is open only until the claimant's first bid, thousand/6.1) and must "
        "end with the declarer on the contract.")})
    talon = CardsOf(4)
    talon_taken = Bool()
    exchanged = Bool()
    declarer = Name()
    contract = Int(0, 1000)
    trump = String(allow_none=True, validate=Length(min=1, max=2), metadata={"description": (
        "The current trump suit, `null` for none yet.")})
    tricks_won = Dict(keys=Name(), values=TrickCount(), validate=Length(max=8),
                      too_long=TOO_LONG["players"], metadata={"description": (
        "Tricks won so far per player (play phase), each a number or, where the exact count decides nothing, `some` "
        "(one or more) or `none`. With `some`, a given hand's size tells how many tricks have been played.")})
    marriages = List(Nested(Marriage), validate=Length(max=8),
                     too_long=TOO_LONG["marriages"], metadata={"description": "Marriages announced so far."})
    trick = Nested(CurrentTrick)
    received = CardOf(metadata={"description": (
        "The card the acting player received in the exchange (it must be in `hand`); judges a four-nines claim "
        "completed by it (thousand/6.2).")})
    golden = Bool(metadata={"description": (
        "Whether this deal is a golden one (thousand/18.1). The state tells it once a golden deal has been played in "
        "the round (or the round is over); before that it is needed where the first hand plays 120 in the talon "
        "phase, or for a redeal claim.")})


@dataclass(frozen=True, slots=True, kw_only=True)
class Bid:
    """A bid (an action or a log event: ``player`` is required of an action by its schema, and of an event by the
    replay)."""
    type: str
    player: str | None = None
    amount: int | None = None
    blind: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Pass:
    """A pass."""
    type: str
    player: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeTalon:
    """The declarer takes the talon (``musik``: which of two, with two players)."""
    type: str
    player: str | None = None
    musik: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Exchange:
    """The declarer passes one card to each opponent (``gives``: opponent → card)."""
    type: str
    player: str | None = None
    gives: dict[str, CardT] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Discard:
    """The two-player declarer lays two cards aside."""
    type: str
    player: str | None = None
    cards: list[CardT] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Raise:
    """The declarer raises the contract after the exchange."""
    type: str
    player: str | None = None
    amount: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Concede:
    """The declarer concedes the deal."""
    type: str
    player: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Play:
    """A card played (``marriage``: announcing a marriage with this lead)."""
    type: str
    player: str | None = None
    card: CardT | None = None
    marriage: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Redeal:
    """A redeal claimed (``reason``: four_nines, weak_hand, weak_talon)."""
    type: str
    player: str | None = None
    reason: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DealEvent:
    """A log's ``deal`` event: the dealer, the hands, the talon or the two musiks."""
    type: str
    dealer: str | None = None
    hands: dict[str, list[CardT]] | None = None
    talon: list[CardT] | None = None
    musiks: list[list[CardT]] | None = None
    golden: bool | None = None
    irregularities: list[IrregularitySeen] | None = None


ActionGiven: TypeAlias = Bid | Pass | TakeTalon | Exchange | Discard | Raise | Concede | Play | Redeal
EventGiven: TypeAlias = DealEvent | ActionGiven
# the record of each type of action and event
RECORDS: dict[str, type] = {"bid": Bid, "pass": Pass, "take_talon": TakeTalon, "exchange": Exchange,
                            "discard": Discard, "raise": Raise, "concede": Concede, "play": Play, "redeal": Redeal,
                            "deal": DealEvent}


def _typed(schema: type[Strict], kind: str) -> type[Strict]:
    """The schema of one type, loading into that type's record."""
    schema.MODEL = RECORDS[kind]
    return schema


ACTIONS = ["bid", "pass", "take_talon", "exchange", "discard", "raise", "concede", "play", "redeal"]


# the fields each type takes besides `type` and `player` (the one description of them: the engine reads the records)
FIELDS = {
    "bid": {"amount", "blind"}, "pass": set(), "take_talon": {"musik"}, "exchange": {"gives"}, "discard": {"cards"},
    "raise": {"amount"}, "concede": set(), "play": {"card", "marriage"}, "redeal": {"reason"},
    "deal": {"dealer", "hands", "talon", "musiks", "golden", "irregularities"},
}
# what a field of another type is told, at the field (a player may read it: the players' words)
REFUSALS = {
    "deal": N_("not part of a deal"), "bid": N_("not part of a bid"), "pass": N_("not part of a pass"),
    "take_talon": N_("not part of taking the talon"), "exchange": N_("not part of passing cards to the opponents"),
    "discard": N_("not part of laying cards aside"), "raise": N_("not part of raising the contract"),
    "concede": N_("not part of a concession"), "play": N_("not part of playing a card"),
    "redeal": N_("not part of a redeal claim"),
}


class Action(ByType):
    """One action by `player`. The fields that matter per `type`:
    `bid` — `amount`, `blind`; `pass`; `take_talon` — `musik` (0 or 1, two players);
    `exchange` — `gives`; `discard` — `cards` (2, two players); `raise` — `amount`;
    `concede`; `play` — `card`, `marriage` (announce a marriage with this lead);
    `redeal` — `reason`.
    """
    type = String(required=True, validate=OneOf(ACTIONS))
    player = Name(required=True)
    amount = Int(0, 1000)
    blind = Bool()
    musik = Int(0, 1)
    gives = Dict(keys=Name(), values=CardOf(), validate=Length(max=3),
                 too_long=TOO_LONG["players"], metadata={"description": (
        "The exchange — opponent → the card given to them (one each).")})
    cards = CardsOf(4)
    card = CardOf()
    marriage = Bool()
    reason = String(validate=OneOf(["four_nines", "weak_hand", "weak_talon"]))


Action.TYPES = {t: _typed(narrowed(Action, t, FIELDS[t] | {"player"}, REFUSALS[t], "Action"), t) for t in ACTIONS}


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckBody:
    """A check request (:class:`CheckRequest`)."""
    variant: str | None = None
    options: dict[str, Any] | None = None
    players: list[str]
    dealer: str
    state: PriorState | None = None
    position: PositionGiven
    action: ActionGiven


class CheckRequest(Envelope):
    MODEL = CheckBody
    players = PLAYERS
    dealer = Name(required=True)
    state = Nested(GameStateSchema)
    position = Nested(Position, required=True)
    action = Nested(Action, required=True)


EVENTS = ["deal"] + ACTIONS


class UnreadCard(CardT):
    """A log's card text that names no card, kept as written (its rank the text, no suit): the replay reads only the
    events it judges (not those after a deal stops being judged), and refuses this card, with the reason, where it
    reads it, as it did when the log's cards were texts.  A card of no deck, so the engine's deck check meets it."""

    __slots__ = ()


class LogCardField(CardField):
    """A card of a log event (:class:`CardField`), a text that names no card loaded as :class:`UnreadCard`."""

    def _deserialize(self, value, attr, data, **kwargs):
        text = card_text(value)
        try:
            return parse_card(text)
        except ValueError:
            return UnreadCard(text, "")


def LogCard(**kw) -> LogCardField:
    return LogCardField(**kw)


def LogCards(max_len: int, **kw):
    return CardList(LogCardField(), validate=Length(max=max_len), **kw)


class Event(ByType):
    """One event of a game log. `deal` starts a deal: `dealer`, `hands` (player → the cards
    dealt: 7 each with three or four players, 10 with two; with four players the sitting
    dealer gets none), and `talon` (3 cards) or, with two players, `musiks` (two lists of 2);
    `golden` for a golden-round deal; `irregularities` for penalties in the deal. The other
    types are the actions of `ThousandAction` and carry the same fields (`player` is
    required for them by the replay).
    """
    type = String(required=True, validate=OneOf(EVENTS))
    player = Name()
    dealer = Name()
    hands = Dict(keys=Name(), values=LogCards(14), validate=Length(max=4), too_long=TOO_LONG["players"])
    talon = LogCards(4)
    musiks = List(LogCards(4), validate=Length(max=2), too_long=TOO_LONG["talons"])
    golden = Bool()
    irregularities = List(Nested(Irregularity), validate=Length(max=16), too_long=TOO_LONG["irregularities"])
    amount = Int(0, 1000)
    blind = Bool()
    musik = Int(0, 1)
    gives = Dict(keys=Name(), values=LogCard(), validate=Length(max=3),
                 too_long=TOO_LONG["players"], metadata={"description": (
        "The exchange — opponent → the card given to them (one each).")})
    cards = LogCards(4)
    card = LogCard()
    marriage = Bool()
    reason = String(validate=OneOf(["four_nines", "weak_hand", "weak_talon"]))


# in a log `player` stays optional, as before (the replay asks for it where it is missing); a deal has none
Event.TYPES = {t: _typed(narrowed(Event, t, FIELDS[t] | ({"player"} if t != "deal" else set()), REFUSALS[t],
                                 "Event"), t)
               for t in EVENTS}


@dataclass(frozen=True, slots=True, kw_only=True)
class ValidateBody:
    """A validate request (:class:`ValidateRequest`)."""
    variant: str | None = None
    options: dict[str, Any] | None = None
    players: list[str]
    state: PriorState | None = None
    log: list[EventGiven]
    replay: str | None = None


class ValidateRequest(Envelope):
    MODEL = ValidateBody
    players = PLAYERS
    state = Nested(GameStateSchema)
    log = List(Nested(Event), required=True, validate=Length(min=1, max=MAX_EVENTS),
               too_long=TOO_LONG["events"], too_short=TOO_SHORT["events"],
               metadata={"description": (
        "The events in order, starting with a `deal` (at most `REFEREE_MAX_EVENTS`, 5000 unless the service is set "
        "otherwise).")})
    replay = REPLAY


REQUESTS = {"score": ScoreRequest, "check": CheckRequest, "validate": ValidateRequest}
