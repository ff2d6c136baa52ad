"""Pinochle cards: the packs, the rank of the cards, card points.

* :data:`DECKS`: the 48-card pack (two of each A 10 K Q J 9 in four suits, pinochle/1.1) and the 64-card
  pack with the 8s and 7s.
* :data:`ORDER` / :data:`STRENGTH`: the rank in every suit, A 10 K Q J 9 (8 7) (pinochle/1.2).
* :func:`points_of`: the card points of cards won in tricks under option ``card_points`` (pinochle/1.3);
  every scheme puts 240 in the pack (:data:`DEAL_TOTAL`), 250 with the last trick's 10 (pinochle/1.4).
* :func:`dix_rank`: the rank of the dix, the 9 of trump (the 7 with 64 cards) (pinochle/2.2, 4.7).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..cards import Card, DeckSpec
from .options import Options, OptionsLike

DECKS = {48: DeckSpec("Pinochle 48-card", ("A", "K", "Q", "J", "10", "9"), copies=2),
         64: DeckSpec("Pinochle 64-card", ("A", "K", "Q", "J", "10", "9", "8", "7"), copies=2)}
ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
STRENGTH = {r: len(ORDER) - i for i, r in enumerate(ORDER)}
POINT_SCHEMES = {
    "classic": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2},
    "counters": {"A": 10, "10": 10, "K": 10},
    "ace_ten_kq": {"A": 10, "10": 10, "K": 5, "Q": 5},
}
LAST_TRICK = 10
DEAL_TOTAL = 240  # card points in the pack under every scheme (250 with the last trick)


def deck_size(opts: OptionsLike) -> int:
    """Option ``deck``, 48 or 64 (pinochle/1.1), of the typed options or of the resolved dict as it is: the
    per-card helpers are called for every event of a log with the dict views.py holds, where making the typed
    options each time would cost more than the lookup."""
    return opts.deck if isinstance(opts, Options) else opts["deck"]


def dix_rank(opts: OptionsLike) -> str:
    """The dix's rank: "9", or "7" with the 64-card pack (pinochle/2.2)."""
    return "7" if deck_size(opts) == 64 else "9"


def points_of(cards: Iterable[Card], opts: OptionsLike) -> int:
    """Card points of ``cards`` under option ``card_points`` (pinochle/1.3); the last trick's 10 is not included."""
    table = POINT_SCHEMES[opts.card_points if isinstance(opts, Options) else opts["card_points"]]
    return sum([table.get(c.rank, 0) for c in cards])


def deck_of(opts: OptionsLike) -> DeckSpec:
    """The pack of option ``deck`` (pinochle/1.1)."""
    return DECKS[deck_size(opts)]


def pool_of(options: OptionsLike, minus: Iterable[Card] = ()) -> dict[int, int]:
    """Card values of the pack (value → number of cards), less the cards in ``minus``."""
    opts = Options.of(options)
    pool = Counter(points_of([c], opts) for c in deck_of(opts).cards())
    pool.subtract(points_of([c], opts) for c in minus)
    return +pool
