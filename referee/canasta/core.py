"""Classic Canasta: card values, melds and canastas, red threes, the initial-meld minimum and hand scoring.

This is the scoring core of the coming Canasta game (its HTTP endpoints are not served yet).  Every function
names the rule it applies (``canasta/…``, see ``rules.yaml`` beside this file):

* :func:`card_value` (canasta/1.4) and :func:`meld_fault` (canasta/3.1) judge single melds;
* :func:`canasta_kind` (canasta/3.2) tells natural from mixed canastas;
* :func:`red_three_score` (canasta/2.2), :func:`initial_minimum` (canasta/4.1) and
  :func:`initial_count` (canasta/4.2) give the numbers the laws fix;
* :func:`side_score` (canasta/7.1) adds up one side's hand: base (bonuses) and cards.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import JOKER, Card, DeckSpec

_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
DECK = DeckSpec("Canasta 108-card", _RANKS, copies=2, jokers=4)
DECK_3 = DeckSpec("Canasta 162-card", _RANKS, copies=3, jokers=6)


def deck_for(packs: int) -> DeckSpec:
    """The two-pack (108 cards) or three-pack (162 cards) deck (canasta/1.2)."""
    return DECK_3 if packs == 3 else DECK
NATURAL_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
NATURAL_CANASTA, MIXED_CANASTA = 500, 300
GOING_OUT, CONCEALED_GOING_OUT = 100, 200
MAX_WILDS = 3


def is_wild(c: Card) -> bool:
    """Jokers and deuces (canasta/1.3)."""
    return c.rank in (JOKER, "2")


def is_red_three(c: Card) -> bool:
    return c.rank == "3" and c.suit in ("H", "D")


def is_black_three(c: Card) -> bool:
    return c.rank == "3" and c.suit in ("S", "C")


def card_value(c: Card) -> int:
    """Points of one card (canasta/1.4): joker 50; ace and deuce 20; K-8 10; 7-4 and black threes 5.

    A red three has no card value (its bonus or penalty is canasta/2.2).
    """
    if c.rank == JOKER:
        return 50
    if c.rank in ("A", "2"):
        return 20
    if c.rank in ("K", "Q", "J", "10", "9", "8"):
        return 10
    if is_red_three(c):
        return 0
    return 5


def cards_value(cards) -> int:
    return sum(card_value(c) for c in cards)


def meld_fault(cards: list[Card], going_out: bool = False) -> str | None:
    """Why ``cards`` are not a legal meld (canasta/3.1, 2.3), or None.

    A meld is three or more cards of one natural rank with at least two naturals, at most three wild cards,
    and never more wilds than naturals; black threes meld only when going out, three or four of them and no
    wild card; red threes never meld.
    """
    if len(cards) < 3:
        return "a meld has at least three cards"
    if any(is_red_three(c) for c in cards):
        return "red threes are laid out, never melded"
    naturals = [c for c in cards if not is_wild(c)]
    wilds = len(cards) - len(naturals)
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        return "a meld holds cards of one rank (and wild cards); sequences do not count"
    if not ranks:
        return "a meld needs natural cards: wild cards alone do not meld"
    rank = next(iter(ranks))
    if rank == "3":
        if not going_out:
            return "black threes meld only when going out"
        if wilds:
            return "a meld of black threes takes no wild card"
        if len(naturals) not in (3, 4):
            return "black threes meld as three or four"
        return None
    if len(naturals) < 2:
        return "a meld needs at least two natural cards"
    if wilds > MAX_WILDS:
        return f"a meld holds at most {MAX_WILDS} wild cards"
    if wilds > len(naturals):
        return "wild cards may not outnumber the natural cards"
    return None


def canasta_kind(cards: list[Card]) -> str | None:
    """``"natural"`` or ``"mixed"`` for a meld of seven or more cards, else None (canasta/3.2)."""
    if len(cards) < 7:
        return None
    return "mixed" if any(is_wild(c) for c in cards) else "natural"


def red_three_score(n: int, side_has_melded: bool, scale: str = "four_800") -> int:
    """Red threes (canasta/2.2), in points; negative for a side that has not melded.

    ``scale="four_800"`` (two packs): 100 each, 800 for all four.  ``"six_1200"`` (three packs): 100 each up to
    four, 1,000 for five, 1,200 for six.  Raises :class:`ValueError` for a count the deck cannot hold.
    """
    most = 6 if scale == "six_1200" else 4
    if n < 0 or n > most:
        raise ValueError(f"a side holds from 0 to {most} red threes")
    if scale == "six_1200":
        value = {5: 1000, 6: 1200}.get(n, 100 * n)
    else:
        value = 800 if n == 4 else 100 * n
    return value if side_has_melded else -value


def initial_minimum(score: int, negative_minimum: int = 15, minimum_150_from: int | None = None) -> int:
    """Count the side's first meld of a deal needs, by its total before the deal (canasta/4.1), in points.

    15 below zero (``negative_minimum``), 50 from 0, 90 from 1,500, 120 from 3,000, and 150 from
    ``minimum_150_from`` when set (the six-player game to 10,000).
    """
    if score < 0:
        return negative_minimum
    if minimum_150_from is not None and score >= minimum_150_from:
        return 150
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    return 120


def initial_count(melds: list[list[Card]], pile_cards: list[Card] | None = None) -> int:
    """Card points that count toward the initial minimum (canasta/4.2).

    ``melds`` are the melds laid down in the turn.  When the pile was taken, only its top card counts:
    ``pile_cards`` are the other cards of the pile, which are taken out of the count wherever they were
    melded.  Bonuses (canastas, red threes) never count.
    """
    total = sum(cards_value(m) for m in melds)
    if pile_cards:
        total -= cards_value(pile_cards)  # the top card counts like a card from the hand; the rest does not
    return total


@dataclass
class SideScore:
    base: int
    cards: int
    lines: list[dict]

    @property
    def total(self) -> int:
        return self.base + self.cards


def side_score(melds: list[list[Card]], red_threes: int, hands: list[list[Card]], went_out: bool = False,
               concealed: bool = False, red_threes_need_canasta: bool = False,
               red_three_scale: str = "four_800") -> SideScore:
    """One side's score for a hand (canasta/7.1), with a line per item.

    Base: natural canastas 500, mixed 300 (canasta/3.2), red threes (canasta/2.2), going out 100 or 200
    concealed (canasta/6.2, 6.4).  Cards: the melded cards' values less the values of the cards left in both
    partners' hands (canasta/1.4).  A side that has melded nothing (or, with ``red_threes_need_canasta``, has
    no canasta) has its red threes counted against it.
    """
    lines = []
    base = 0
    melded = any(canasta_kind(m) for m in melds) if red_threes_need_canasta else bool(melds)
    for m in melds:
        kind = canasta_kind(m)
        if kind:
            pts = NATURAL_CANASTA if kind == "natural" else MIXED_CANASTA
            base += pts
            lines.append({"item": f"{kind} canasta of {_rank(m)}",
                          "points": pts, "rule": "canasta/3.2"})
    if red_threes:
        pts = red_three_score(red_threes, melded, red_three_scale)
        base += pts
        lines.append({"item": f"{red_threes} red three{'' if red_threes == 1 else 's'}" + ("" if melded else (
                          ", the side has no canasta" if red_threes_need_canasta else ", the side has not melded")),
                      "points": pts, "rule": "canasta/2.2"})
    if went_out:
        pts = CONCEALED_GOING_OUT if concealed else GOING_OUT
        base += pts
        lines.append({"item": "going out concealed" if concealed else "going out", "points": pts,
                      "rule": "canasta/6.4" if concealed else "canasta/6.2"})
    on_table = sum(cards_value(m) for m in melds)
    in_hand = sum(cards_value(h) for h in hands)
    lines.append({"item": "melded cards", "points": on_table, "rule": "canasta/7.1"})
    if in_hand:
        lines.append({"item": "cards left in hand", "points": -in_hand, "rule": "canasta/7.1"})
    return SideScore(base, on_table - in_hand, lines)


def _rank(meld: list[Card]) -> str:
    return next(c.rank for c in meld if not is_wild(c))


# ---------------------------------------------------------------- the discard pile and going out

@dataclass
class Pile:
    """The discard pile as a rule sees it: the top card, the number of cards, and what freezes it.

    ``wild_inside``: a wild card or red three lies in it (frozen for everybody, canasta/5.1);
    ``black_three_below``: a black three lies under the top card (matters only with black_three_freezes).
    """

    top: Card
    size: int
    wild_inside: bool = False
    black_three_below: bool = False


def frozen_for(pile: Pile, side_has_melded: bool, black_three_freezes: bool = False) -> bool:
    """Whether the pile is frozen for this side (canasta/5.1)."""
    return (not side_has_melded) or pile.wild_inside or (black_three_freezes and pile.black_three_below)


def take_pile_fault(pile: Pile, hand: list[Card], side_meld_ranks: set[str], side_has_melded: bool,
                    minimum: int = 0, black_three_freezes: bool = False) -> tuple[str, str] | None:
    """Why the player may not take the pile, as ``(rule, reason)``, or None (canasta/5.1–5.3, 4.2).

    ``minimum`` is the side's initial-meld requirement when it has not melded yet; it must be reachable with
    the top card and cards from the hand alone.
    """
    top = pile.top
    if is_wild(top) or is_black_three(top) or is_red_three(top):
        return ("canasta/5.2", "a wild card or a three on top of the pile can never be taken")
    if pile.size == 1 and len(hand) == 1:
        return ("canasta/5.3", "a player holding one card may not take a pile of one card")
    pair = sum(1 for c in hand if c.rank == top.rank) >= 2
    if frozen_for(pile, side_has_melded, black_three_freezes):
        if not pair:
            return ("canasta/5.1", "the pile is frozen: it takes a natural pair of the top card's rank")
    else:
        one_and_wild = any(c.rank == top.rank for c in hand) and any(is_wild(c) for c in hand)
        if not (pair or one_and_wild or top.rank in side_meld_ranks):
            return ("canasta/5.2", "the top card needs a natural pair, a natural card and a wild card, "
                                   "or the side's meld of its rank")
    if not side_has_melded and minimum:
        best = _best_initial_count(hand, top)
        if best < minimum:
            return ("canasta/4.2", f"the side's first meld needs {minimum}; the top card and this hand reach "
                                   f"only {best}")
    return None


def _best_initial_count(hand: list[Card], top: Card) -> int:
    """The most card points legal melds can reach from ``hand`` plus the top discard (canasta/4.2)."""
    naturals: dict[str, list[Card]] = {}
    for c in hand + [top]:
        if not is_wild(c) and not is_red_three(c) and not is_black_three(c):
            naturals.setdefault(c.rank, []).append(c)
    wilds = sorted((c for c in hand if is_wild(c)), key=card_value, reverse=True)
    total = 0
    groups = []
    for rank, cs in naturals.items():
        if len(cs) >= 2 or rank == top.rank:
            groups.append(cs)
    groups.sort(key=cards_value, reverse=True)  # scarce wild cards go to the most valuable pairs first
    # each group of two or more naturals melds; wild cards go where they are needed first, then anywhere
    # they are allowed (at most three a meld, never more than the naturals)
    room = []
    for cs in groups:
        n = len(cs)
        if n >= 3:
            total += cards_value(cs)
            room.append(min(MAX_WILDS, n))
        elif n == 2:
            room.append(-1)  # needs one wild to meld at all
    for i, r in enumerate(room):
        if r == -1 and wilds:
            w = wilds.pop(0)
            total += card_value(w) + cards_value(groups[i])
            room[i] = 1  # two naturals carry at most two wilds: one more allowed
    for i, r in enumerate(room):
        while r > 0 and wilds and r != -1:
            total += card_value(wilds.pop(0))
            r -= 1
    return total


def go_out_fault(side_canastas: int, hand_after_draw: list[Card], needed: int = 1,
                 permission: str | None = None) -> tuple[str, str] | None:
    """Why a player may not go out, as ``(rule, reason)``, or None (canasta/6.2, 6.3, 2.3)."""
    if permission == "no":
        return ("canasta/6.3", "the partner answered no: the answer binds for this turn")
    if side_canastas < needed:
        return ("canasta/6.2", f"going out needs {needed} canasta(s) on the side's table")
    if len(hand_after_draw) == 2 and all(is_black_three(c) for c in hand_after_draw):
        return ("canasta/2.3", "two black threes alone can be neither melded nor all discarded")
    return None
