"""marshmallow request schemas for Thousand (shape only; the engine checks the rules and the cards)."""
from __future__ import annotations

from .common import (
    MAX_EVENTS,
    REPLAY,
    Bool,
    Card,
    Cards,
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
)

PLAYERS = List(Name(), required=True, validate=Length(min=1, max=8))
SCORE_MAP = lambda **kw: Dict(keys=Name(), values=Int(), validate=Length(max=8), **kw)  # noqa: E731


class BarrelCounters(Strict):
    deals = Int(0, 100)
    falls = Int(0, 100)


class GoldenRound(Strict):
    played = Int(0, 10)
    made = Bool()
    over = Bool()


class GameStateSchema(Strict):
    scores = SCORE_MAP()
    barrel = Dict(keys=Name(), values=Nested(BarrelCounters), validate=Length(max=8))
    bolts = SCORE_MAP()
    concessions = SCORE_MAP()
    concession_run = SCORE_MAP()
    golden = Nested(GoldenRound)


class Marriage(Strict):
    player = Name(required=True)
    suit = String(required=True, validate=Length(min=1, max=8))
    trick = Int(0, 20)


class Trick(Strict):
    leader = Name(required=True)
    cards = Cards(8, required=True)


class Irregularity(Strict):
    type = String(required=True, validate=Length(min=1, max=32))
    player = Name(required=True)


class Deal(Strict):
    declarer = Name(allow_none=True)
    contract = Int(0, 1000, allow_none=True)
    conceded = Bool()
    blind = Bool()
    golden = Bool()
    marriages = List(Nested(Marriage), validate=Length(max=8))
    tricks = List(Nested(Trick), validate=Length(max=24))
    points = SCORE_MAP()
    tricks_taken = SCORE_MAP()
    took_trick = Dict(keys=Name(), values=Bool(), validate=Length(max=8))
    talon = Cards(4)
    musik_unused = Cards(4)
    discards = Cards(4)
    irregularities = List(Nested(Irregularity), validate=Length(max=16))


class ScoreRequest(Envelope):
    players = PLAYERS
    dealer = Name(required=True)
    state = Nested(GameStateSchema)
    deal = Nested(Deal, required=True)


class Call(Strict):
    player = Name(required=True)
    type = String(required=True, validate=OneOf(["bid", "pass"]))
    amount = Int(0, 1000)
    blind = Bool()


class CurrentTrick(Strict):
    leader = Name()
    cards = Cards(3)


class Position(Strict):
    phase = String(required=True, validate=OneOf(["deal", "bidding", "talon", "play"]))
    hand = Hand(14)
    bids = List(Nested(Call), validate=Length(max=200))
    talon = Cards(4)
    talon_taken = Bool()
    exchanged = Bool()
    declarer = Name()
    contract = Int(0, 1000)
    trump = String(allow_none=True, validate=Length(min=1, max=2))
    tricks_won = Dict(keys=Name(), values=TrickCount(), validate=Length(max=8))
    marriages = List(Nested(Marriage), validate=Length(max=8))
    trick = Nested(CurrentTrick)
    received = Card()
    golden = Bool()


ACTIONS = ["bid", "pass", "take_talon", "exchange", "discard", "raise", "concede", "play", "redeal"]


class Action(Strict):
    type = String(required=True, validate=OneOf(ACTIONS))
    player = Name(required=True)
    amount = Int(0, 1000)
    blind = Bool()
    musik = Int(0, 1)
    gives = Dict(keys=Name(), values=Card(), validate=Length(max=3))
    cards = Cards(4)
    card = Card()
    marriage = Bool()
    reason = String(validate=OneOf(["four_nines", "weak_hand", "weak_talon"]))


class CheckRequest(Envelope):
    players = PLAYERS
    dealer = Name(required=True)
    state = Nested(GameStateSchema)
    position = Nested(Position, required=True)
    action = Nested(Action, required=True)


EVENTS = ["deal"] + ACTIONS


class Event(Strict):
    type = String(required=True, validate=OneOf(EVENTS))
    player = Name()
    dealer = Name()
    hands = Dict(keys=Name(), values=Cards(14), validate=Length(max=4))
    talon = Cards(4)
    musiks = List(Cards(4), validate=Length(max=2))
    golden = Bool()
    irregularities = List(Nested(Irregularity), validate=Length(max=16))
    amount = Int(0, 1000)
    blind = Bool()
    musik = Int(0, 1)
    gives = Dict(keys=Name(), values=Card(), validate=Length(max=3))
    cards = Cards(4)
    card = Card()
    marriage = Bool()
    reason = String(validate=OneOf(["four_nines", "weak_hand", "weak_talon"]))


class ValidateRequest(Envelope):
    players = PLAYERS
    state = Nested(GameStateSchema)
    log = List(Nested(Event), required=True, validate=Length(min=1, max=MAX_EVENTS))
    replay = REPLAY


REQUESTS = {"score": ScoreRequest, "check": CheckRequest, "validate": ValidateRequest}
