"""The types of the library's answers (:func:`referee.score`, :func:`referee.check`, :func:`referee.validate`):
the JSON the service answers, as TypedDicts.  The fields every answer carries are required; a game's own fields
(Thousand's ``contract``, Pinochle's ``trump``, Canasta's ``sides`` ...) are typed where they are shared and
otherwise left to the answer's JSON (openapi.yaml describes each)."""

from typing import Any, Literal, NotRequired, TypedDict


class Source(TypedDict):
    source: str
    section: str


class Citation(TypedDict):
    """A rule the answer used, as it applies under the answer's options."""

    rule: str
    title: str
    text: str
    source: list[Source]
    options: NotRequired[dict[str, Any]]


class Violation(TypedDict):
    """A broken rule: where (``index`` of the event, ``event`` its type, ``pointer`` into the request) and why."""

    rule: str
    message: str
    pointer: str
    index: NotRequired[int]
    event: NotRequired[str]


class Penalty(TypedDict):
    rule: str
    points: int
    note: str
    player: NotRequired[str]
    side: NotRequired[str]


class Line(TypedDict):
    """One line of a player's or a side's deal: what scored (``item``, in the answer's language), its ``points``
    and the ``rule`` that scores it."""

    item: str
    points: int
    rule: str


class Barrel(TypedDict):
    """Thousand: the player's barrel after the deal (``on`` it or not, the ``deals`` used on it, its ``falls``;
    ``least_contract`` the lowest contract that finishes from it, where the barrel sets one)."""

    on: bool
    deals: int
    falls: int
    least_contract: NotRequired[int]


class MeldScored(TypedDict):
    """Pinochle: one meld of a player's, as many times as it was melded (``count``)."""

    meld: str
    name: str
    points: int
    count: int


class PlayerScore(TypedDict):
    """One player's deal (Thousand; Pinochle without partners, and each partner's part): points in game points,
    the totals before and after the deal.  ``card_points`` and ``tricks`` are None where the deal did not give
    them."""

    id: str
    hand_score: int
    total_before: int
    total_after: int
    card_points: int | None
    tricks: int | None
    role: NotRequired[str]                  # declarer or defender; Pinochle's bidder
    lines: NotRequired[list[Line]]
    marriage_points: NotRequired[int]       # Thousand
    barrel: NotRequired[Barrel]             # Thousand
    bolts: NotRequired[int]                 # Thousand: bolts in a row after the deal
    concessions: NotRequired[int]           # Thousand: deals conceded so far
    side: NotRequired[str]                  # Pinochle with partners
    meld: NotRequired[list[MeldScored]]     # Pinochle
    meld_points: NotRequired[int | None]    # Pinochle
    raw_card_points: NotRequired[int]       # Pinochle: the counters before rounding


class SideScore(TypedDict):
    """One side's deal (Canasta; Pinochle with partners): its players, lines and totals."""

    id: str
    players: list[str]
    hand_score: int
    total_before: int
    total_after: int
    lines: list[Line]
    base_score: NotRequired[int]            # Canasta: canastas, red threes, going out
    card_score: NotRequired[int]            # Canasta: cards melded less cards left in hand
    penalties: NotRequired[int]             # Canasta
    meld_points: NotRequired[int]           # Pinochle
    raw_card_points: NotRequired[int]       # Pinochle
    card_points: NotRequired[int]           # Pinochle
    tricks: NotRequired[int | None]         # Pinochle
    bidding_side: NotRequired[bool]         # Pinochle


class Answer(TypedDict):
    """What every answer carries."""

    game: Literal["thousand", "pinochle", "canasta"]
    variant: str
    options: dict[str, Any]
    citations: list[Citation]
    engine_version: str
    edition: str


class ScoreAnswer(Answer):
    """One deal scored: each player's (or side's) lines and totals, penalties, and the game's state after it."""

    game_over: bool
    winner: str | None
    state_after: dict[str, Any]
    penalties: NotRequired[list[Penalty]]
    players: NotRequired[list[PlayerScore]]          # Thousand, Pinochle
    sides: NotRequired[list[SideScore]]              # Canasta, Pinochle with partners
    events: NotRequired[list[dict[str, Any]]]
    contract: NotRequired[dict[str, Any]]            # Thousand
    trump: NotRequired[str | None]                   # Pinochle
    declared_out: NotRequired[Any]                   # Pinochle
    target: NotRequired[int]


class Condition(TypedDict):
    """What a verdict of ``legal: None`` turns on (a hand known in part): the action is legal exactly when every
    condition holds.  Besides these keys, one machine form: ``lacks_suit``, ``holds_suit``, ``lacks_higher_than``,
    ``holds_higher_than``, ``holds``, ``holds_marriage``, ``marriages_worth``, ``lacks_red_three`` or
    ``melds_worth``."""

    rule: str
    player: str
    text: str


class CheckAnswer(Answer):
    """A ruling on one action: legal or not (None when it turns on cards nobody has seen: see ``conditions``), the
    rules it breaks, the penalties and what it leads to."""

    legal: bool | None
    conditions: NotRequired[list[Condition]]
    violations: list[Violation]
    penalties: list[Penalty]
    legal_actions: list[dict[str, Any]]
    effects: NotRequired[dict[str, Any]]
    facts: NotRequired[dict[str, Any]]               # Canasta


class DealResult(TypedDict):
    index: int
    valid: bool
    as_played: bool
    final: dict[str, Any] | None


class ValidateAnswer(Answer):
    """A whole log judged: valid or not, the first and every violation, each deal, and the totals at the end."""

    valid: bool
    events_checked: int
    first_violation: Violation | None
    violations: list[Violation]
    final: dict[str, Any] | None
    replay: Literal["strict", "as_played"]
    complete: bool
    deals: list[DealResult]
