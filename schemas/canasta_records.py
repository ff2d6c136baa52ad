"""The typed records Canasta's request schemas (:mod:`schemas.canasta`) load into: one frozen, slotted dataclass per
request shape (bodies, positions, deals, the events and actions of each ``type``), cards as
:class:`referee.cards.Card`.

Where they live: beside the schemas, in the ``schemas`` layer, so that each shape is described once (the schema
names its record in ``MODEL``, and tests/contract/test_typed_requests.py holds the two together).  The game
(referee/canasta/) sits in a layer beside the schemas and may not import them (.importlinter): it only reads these
records, and names them for its annotations under ``if TYPE_CHECKING:``.  A module of their own, not
:mod:`schemas.canasta` itself, because several records bear the name the contract already gives a schema (the
deal event ``Deal`` beside the score's ``Deal`` schema, ``Position``, ``Counts`` …).

A field the body left out keeps the record's default (None: not given), as it was absent from the dict before.
A meld laid on a side's meld of a rank (``{"rank", "cards"}``) is a :class:`LaidOn`, a named tuple, since the state
machine tells the two kinds of meld apart as list and tuple (:func:`referee.canasta.deal.group_cards`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from referee.cards import Card
from referee.common import UNSAID, Unsaid

from .common import PartialHand as PartialHand  # what is known of a hand: the record of every game's hand


class LaidOn(NamedTuple):
    """Cards laid on the side's meld of a natural rank (``"7"``), of black threes (``"3"``), of wild cards
    (``"wild"``), or on the sequence holding a card (``"5H"``)."""

    rank: str
    cards: list[Card]


Meld = list[Card] | LaidOn


@dataclass(frozen=True, slots=True)
class Side:
    id: str
    players: list[str]


@dataclass(frozen=True, slots=True)
class GameState:
    scores: dict[str, int] | None = None
    rounds: int | None = None


@dataclass(frozen=True, slots=True)
class Counts:
    natural_canastas: int | None = None
    mixed_canastas: int | None = None
    mixed_canastas_one_wild: int | None = None
    mixed_canastas_two_wilds: int | None = None
    mixed_canastas_three_wilds: int | None = None
    sevens_canastas: int | None = None
    mixed_sevens_canastas: int | None = None
    sequence_canastas: int | None = None
    mixed_sequence_canastas: int | None = None
    wild_canastas: int | None = None
    deuce_canastas: int | None = None
    golden_canastas: int | None = None
    diamond_canastas: int | None = None
    big_wild_canastas: int | None = None
    small_wild_canastas: int | None = None
    joker_canastas: int | None = None
    unfinished_wild_melds: int | None = None
    short_sequences: int | None = None
    long_sequences: int | None = None
    black_threes_melded: int | None = None
    red_threes: int | list[int] | None = None
    meld_points: int | None = None
    hand_points: int | None = None
    black_threes_in_hand: int | list[int] | None = None
    sevens_in_hand: int | None = None

    def given(self) -> dict[str, Any]:
        """The counts the body gave, in the schema's order (what :mod:`referee.canasta.counts` reads)."""
        return {name: getattr(self, name) for name in self.__slots__ if getattr(self, name) is not None}


@dataclass(frozen=True, slots=True)
class DealSide:
    id: str
    melds: list[list[Card]] | None = None
    red_threes: list[Card] | None = None
    hands: list[list[Card]] | None = None
    counts: Counts | None = None
    went_out: bool | None = None
    concealed: bool | None = None
    double_ending: bool | None = None
    one_player_all_reds: bool | None = None
    black_threes_set_aside: int | None = None


@dataclass(frozen=True, slots=True)
class Irregularity:
    type: str
    side: str
    count: int | None = None


@dataclass(frozen=True, slots=True)
class FinishedDeal:
    sides: list[DealSide]
    sitting_out: str | None = None
    irregularities: list[Irregularity] | None = None


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    sides: list[Side]
    deal: FinishedDeal
    variant: str | None = None
    options: dict[str, Any] | None = None
    dealer: str | None = None
    state: GameState | None = None


@dataclass(frozen=True, slots=True)
class PileView:
    # left out, ``top`` and ``frozen_by`` differ from null (UNSAID): a pile given by ``{"top": null}`` alone is empty,
    # and a wild card on top is read as freezing the pile only where ``frozen_by`` is not said
    top: Card | None | Unsaid = UNSAID
    size: int | None = None
    frozen: bool | None = None
    frozen_by: str | None | Unsaid = UNSAID
    cards: list[Card] | None = None
    upcards: int | None = None


@dataclass(frozen=True, slots=True)
class TurnSoFar:
    drew_from: str | None = None
    melded: bool | None = None
    canasta_made: bool | None = None
    extra_cards_due: bool | None = None
    first_round: bool | None = None
    laid_on_partner: bool | None = None
    answer: str | None | Unsaid = UNSAID      # given as null, the turn is still said (phase play only)
    last_red_three: bool | None = None


@dataclass(frozen=True, slots=True)
class TakingPile:
    melds: list[Meld] | None = None


@dataclass(frozen=True, slots=True)
class Position:
    hand: list[Card] | PartialHand
    pile: PileView
    phase: str | None = None
    sitting_out: str | None = None
    to_act: str | None = None
    melds: dict[str, list[list[Card]]] | None = None
    red_threes: dict[str, list[Card]] | None = None
    stock: int | None = None
    melded_before: bool | None = None
    minimum_raised: int | None = None
    turn: TurnSoFar | None = None
    went_out: str | None = None
    packet: bool | None = None
    completed_canasta: bool | None = None
    penalty_cards: list[Card] | None = None
    taking_pile: TakingPile | None = None
    red_threes_held: dict[str, list[Card]] | None = None


# ---------------------------------------------------------------- the actions and events, one record per type
# (``player`` is required in an action of ``check`` and left optional in a log, where the replay asks for it)

@dataclass(frozen=True, slots=True)
class Draw:
    type: str
    player: str | None = None
    cards: list[Card] | None = None


@dataclass(frozen=True, slots=True)
class TakePile:
    type: str
    player: str | None = None
    cards: list[Card] | None = None
    melds: list[Meld] | None = None


@dataclass(frozen=True, slots=True)
class MeldCards:
    """The action ``meld`` (``Meld`` names a meld's cards)."""

    type: str
    player: str | None = None
    melds: list[Meld] | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    type: str
    player: str | None = None
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Ask:
    type: str
    player: str | None = None
    answer: str | None = None


@dataclass(frozen=True, slots=True)
class GoOut:
    type: str
    player: str | None = None
    melds: list[Meld] | None = None
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class End:
    type: str
    player: str | None = None


@dataclass(frozen=True, slots=True)
class DoubleEnding:
    type: str
    player: str | None = None
    melds: list[Meld] | None = None


@dataclass(frozen=True, slots=True)
class ExtraCards:
    type: str
    player: str | None = None
    cards: list[Card] | None = None


@dataclass(frozen=True, slots=True)
class Packet:
    type: str
    player: str | None = None


@dataclass(frozen=True, slots=True)
class Expose:
    type: str
    player: str | None = None
    cards: list[Card] | None = None


@dataclass(frozen=True, slots=True)
class RedThree:
    type: str
    player: str | None = None
    card: Card | None = None
    replacement: Card | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """The log event that starts a deal."""

    type: str
    dealer: str | None = None
    hands: dict[str, list[Card]] | None = None
    pile: list[Card] | None = None
    sitting_out: str | None = None
    packets: dict[str, list[Card]] | None = None


Action = Draw | TakePile | MeldCards | Discard | Ask | GoOut | End | DoubleEnding | ExtraCards | Packet | Expose \
    | RedThree
Event = Deal | Action

RECORDS: dict[str, type] = {"draw": Draw, "take_pile": TakePile, "meld": MeldCards, "discard": Discard, "ask": Ask,
                            "go_out": GoOut, "end": End, "double_ending": DoubleEnding, "extra_cards": ExtraCards,
                            "packet": Packet, "expose": Expose, "red_three": RedThree, "deal": Deal}


@dataclass(frozen=True, slots=True)
class CheckRequest:
    sides: list[Side]
    position: Position
    action: Action
    variant: str | None = None
    options: dict[str, Any] | None = None
    dealer: str | None = None
    state: GameState | None = None


@dataclass(frozen=True, slots=True)
class ValidateRequest:
    sides: list[Side]
    log: list[Event]
    variant: str | None = None
    options: dict[str, Any] | None = None
    state: GameState | None = None
    replay: str | None = None
