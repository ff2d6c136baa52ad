"""marshmallow request schemas for Canasta (shape only; the engine checks the rules and the cards)."""
from __future__ import annotations

from marshmallow import ValidationError

from referee.i18n import _

from .common import (
    MAX_EVENTS,
    PRINTABLE,
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

SIDE_ID = lambda **kw: String(validate=[Length(min=1, max=64), PRINTABLE], **kw)  # noqa: E731


def _melds(value):
    """A list of melds: each a list of cards, or {"rank", "cards"} for cards laid on the side's meld of a rank."""
    if not isinstance(value, list) or len(value) > 24:
        raise ValidationError(_("a list of at most 24 melds"))
    for g in value:
        cards = g
        if isinstance(g, dict):
            if set(g) - {"rank", "cards"} or not isinstance(g.get("rank"), str) or len(g["rank"]) > 4:
                raise ValidationError(_('a meld laid on another is {{"rank": "7" (or "wild", or "5H" for a sequence), '
                                      '"cards": [...]}}'))
            cards = g.get("cards")
        if not isinstance(cards, list) or len(cards) > 40 or \
                not all(isinstance(c, str) and 1 <= len(c) <= 4 for c in cards):
            raise ValidationError(_("each meld is a list of at most 40 cards such as 'KH', 'K', '2' or 'JK'"))


def Melds(**kw):
    return Raw(validate=_melds, **kw)


class SideSeat(Strict):
    id = SIDE_ID(required=True)
    players = List(Name(), required=True, validate=Length(min=1, max=3))


SIDES = List(Nested(SideSeat), required=True, validate=Length(min=1, max=6))


class GameState(Strict):
    scores = Dict(keys=SIDE_ID(), values=Int(-1000000, 1000000), validate=Length(max=6))
    rounds = Int(0, 1000)


def _black_threes(value):
    if isinstance(value, bool) or not (isinstance(value, int) or (isinstance(value, list) and len(value) <= 3
                                                                  and all(type(x) is int for x in value))):
        raise ValidationError(_("a number, or one number per player of the side"))


class Counts(Strict):
    """A side's hand as a pad writes it (referee.canasta.counts); the engine checks what the variant takes."""
    natural_canastas = Int(0, 60)
    mixed_canastas = Int(0, 60)
    mixed_canastas_one_wild = Int(0, 60)
    mixed_canastas_two_wilds = Int(0, 60)
    mixed_canastas_three_wilds = Int(0, 60)
    sevens_canastas = Int(0, 60)
    mixed_sevens_canastas = Int(0, 60)
    sequence_canastas = Int(0, 60)
    mixed_sequence_canastas = Int(0, 60)
    wild_canastas = Int(0, 60)
    deuce_canastas = Int(0, 60)
    golden_canastas = Int(0, 60)
    diamond_canastas = Int(0, 60)
    big_wild_canastas = Int(0, 60)
    small_wild_canastas = Int(0, 60)
    joker_canastas = Int(0, 60)
    unfinished_wild_melds = Int(0, 60)
    short_sequences = Int(0, 60)
    long_sequences = Int(0, 60)
    black_threes_melded = Int(0, 12)
    red_threes = Raw(validate=_black_threes)
    meld_points = Int(0, 100000)
    hand_points = Int(0, 100000)
    black_threes_in_hand = Raw(validate=_black_threes)
    sevens_in_hand = Int(0, 60)


class DealSide(Strict):
    id = SIDE_ID(required=True)
    melds = List(Cards(60), validate=Length(max=24))
    red_threes = Cards(8)
    hands = List(Cards(120), validate=Length(min=1, max=3))
    counts = Nested(Counts)
    went_out = Bool()
    concealed = Bool()
    double_ending = Bool()
    one_player_all_reds = Bool()
    black_threes_set_aside = Int(0, 12)


class Irregularity(Strict):
    type = String(required=True, validate=Length(min=1, max=64))
    side = SIDE_ID(required=True)
    count = Int(0, 100)


class Deal(Strict):
    sides = List(Nested(DealSide), required=True, validate=Length(min=1, max=6))
    sitting_out = Name()
    irregularities = List(Nested(Irregularity), validate=Length(max=50))


class ScoreRequest(Envelope):
    sides = SIDES
    dealer = Name()
    state = Nested(GameState)
    deal = Nested(Deal, required=True)


class PileView(Strict):
    top = Card(allow_none=True)
    size = Int(0, 216)
    frozen = Bool(allow_none=True)
    frozen_by = String(allow_none=True,
                              validate=OneOf(["wild", "red_three", "black_three", "start"]))
    cards = Cards(216)
    upcards = Int(0, 216)


class TurnSoFar(Strict):
    drew_from = String(validate=OneOf(["stock", "pile"]))
    melded = Bool()
    canasta_made = Bool()
    extra_cards_due = Bool()
    first_round = Bool()
    laid_on_partner = Bool()
    answer = String(allow_none=True, validate=OneOf(["yes", "no"]))
    last_red_three = Bool()


class TakingPile(Strict):
    melds = Melds()


class Position(Strict):
    phase = String(validate=OneOf(["draw", "play"]))
    sitting_out = Name()
    to_act = Name()
    hand = Hand(120, required=True)
    melds = Dict(keys=SIDE_ID(), values=List(Cards(60), validate=Length(max=24)),
                        validate=Length(max=6))
    red_threes = Dict(keys=SIDE_ID(), values=Cards(8), validate=Length(max=6))
    pile = Nested(PileView, required=True)
    stock = Int(0, 216)
    melded_before = Bool()
    minimum_raised = Int(0, 1000)
    turn = Nested(TurnSoFar)
    went_out = Name()
    packet = Bool()
    completed_canasta = Bool()
    penalty_cards = Cards(40)
    taking_pile = Nested(TakingPile)
    red_threes_held = Dict(keys=Name(), values=Cards(4), validate=Length(max=5))


ACTION_TYPES = ["draw", "take_pile", "meld", "discard", "ask", "go_out", "end", "double_ending", "extra_cards",
                "packet", "expose", "red_three"]


class Action(Strict):
    type = String(required=True, validate=OneOf(ACTION_TYPES))
    player = Name(required=True)
    cards = Cards(40)
    melds = Melds()
    card = Card()
    replacement = Card()
    answer = String(validate=OneOf(["yes", "no"]))


class CheckRequest(Envelope):
    sides = SIDES
    dealer = Name()
    state = Nested(GameState)
    position = Nested(Position, required=True)
    action = Nested(Action, required=True)


class Event(Strict):
    type = String(required=True, validate=OneOf(["deal"] + ACTION_TYPES))
    player = Name()
    dealer = Name()
    sitting_out = Name()
    hands = Dict(keys=Name(), values=Cards(20), validate=Length(max=6))
    packets = Dict(keys=Name(), values=Cards(20), validate=Length(max=6))
    pile = Cards(30)
    card = Card()
    replacement = Card()
    cards = Cards(40)
    melds = Melds()
    answer = String(validate=OneOf(["yes", "no"]))


class ValidateRequest(Envelope):
    sides = SIDES
    state = Nested(GameState)
    log = List(Nested(Event), required=True, validate=Length(min=1, max=MAX_EVENTS))
    replay = REPLAY


REQUESTS = {"score": ScoreRequest, "check": CheckRequest, "validate": ValidateRequest}
