"""marshmallow request schemas for Pinochle (shape only; the engine checks the rules and the cards)."""
from __future__ import annotations

from marshmallow import ValidationError

from referee.i18n import _

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
    Raw,
    Strict,
    String,
)

PLAYERS = List(Name(), required=True, validate=Length(min=1, max=8))
SCORE_MAP = lambda **kw: Dict(keys=Name(), values=Int(), validate=Length(max=8), **kw)  # noqa: E731


def _list_or_map(value):
    if not isinstance(value, (list, dict)):
        raise ValidationError(_("a list of melds in the order declared (two-handed) or an object of player to cards"))
    if len(value) > 64:
        raise ValidationError(_("too many melds"))


class GameState(Strict):
    scores = Dict(keys=String(validate=Length(min=1, max=140)), values=Int(),
                         validate=Length(max=8))
    target = Int(0, 100000)


class Trick(Strict):
    leader = Name(required=True)
    cards = Cards(4, required=True)


class Bid(Strict):
    player = Name(required=True)
    amount = Int(0, 10000, required=True)


class Declared(Strict):
    player = Name(required=True)
    points_at_claim = Int(0, 1000)


class Deal(Strict):
    trump = String(validate=Length(min=1, max=2))
    upcard = Card()
    melds = Raw(validate=_list_or_map)
    meld = Cards(18)
    tricks = List(Nested(Trick), validate=Length(max=32))
    meld_points = SCORE_MAP()
    points = SCORE_MAP()
    tricks_taken = SCORE_MAP()
    last_trick = Name()
    declared_out = Nested(Declared)
    bid = Nested(Bid)
    conceded = Bool()
    buried = Cards(3)


class ScoreRequest(Envelope):
    players = PLAYERS
    dealer = Name(required=True)
    state = Nested(GameState)
    deal = Nested(Deal, required=True)


class Call(Strict):
    player = Name(required=True)
    type = String(required=True, validate=OneOf(["bid", "pass"]))
    amount = Int(0, 10000)


class CurrentTrick(Strict):
    leader = Name()
    cards = Cards(4)


class EarlierMeld(Strict):
    cards = Cards(8, required=True)


class Position(Strict):
    phase = String(required=True, validate=OneOf(["bidding", "play", "meld", "draw", "count"]))
    hand = Hand(24)
    trump = String(validate=Length(min=1, max=2))
    tricks_done = Int(0, 24)
    stock_left = Int(0, 48)
    upcard = Card()
    melds = List(Nested(EarlierMeld), validate=Length(max=24))
    played_from_table = Cards(24)
    exchanged = Bool()
    melded_this_trick = Bool()
    drawn = Bool()
    winner = Name()
    winner_drew = Bool()
    trick = Nested(CurrentTrick)
    bids = List(Nested(Call), validate=Length(max=200))
    meld_points = Int(0, 10000)     # declare_out: the claimant's meld in this deal so far
    card_points = Int(0, 250)       # declare_out: the card points the claimant has taken so far


class Action(Strict):
    type = String(required=True, validate=OneOf(
        ["play", "meld", "dix", "draw", "bid", "pass", "declare_out", "count_meld"]))
    player = Name(required=True)
    card = Card()
    cards = Cards(8)
    exchange = Bool()
    amount = Int(0, 10000)


class CheckRequest(Envelope):
    players = PLAYERS
    dealer = Name(required=True)
    state = Nested(GameState)
    position = Nested(Position, required=True)
    action = Nested(Action, required=True)


class Event(Strict):
    type = String(required=True, validate=OneOf(
        ["deal", "bid", "pass", "trump", "widow", "bury", "concede", "play", "meld", "dix", "draw", "declare_out"]))
    player = Name()
    dealer = Name()
    hands = Dict(keys=Name(), values=Cards(18), validate=Length(max=4))
    upcard = Card()
    widow = Cards(3)
    card = Card()
    cards = Cards(8)
    exchange = Bool()
    amount = Int(0, 10000)
    suit = String(validate=Length(min=1, max=2))


class ValidateRequest(Envelope):
    players = PLAYERS
    state = Nested(GameState)
    log = List(Nested(Event), required=True, validate=Length(min=1, max=MAX_EVENTS))
    replay = REPLAY


REQUESTS = {"score": ScoreRequest, "check": CheckRequest, "validate": ValidateRequest}
