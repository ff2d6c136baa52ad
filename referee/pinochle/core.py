"""Pinochle: cards, melds and the trick-play state machine.

* :func:`meld_kind` names the meld a set of cards forms (two-handed, one meld at a time);
  :func:`meld_in_hand` counts all the meld in a hand at once (partnership, three-hand).
* :class:`Table` keeps a two-handed player's melded cards with the melds each card has been in, and
  :meth:`Table.verify_meld` applies pinochle/4.2–4.9 (new card, re-use by class, one meld per trick).
* :class:`Tricks` judges plays (pinochle/3.1, 5.2–5.4) and decides trick winners (3.2): the PokerKit
  triple ``verify_play`` (raises :class:`~referee.errors.IllegalAction`), ``can_play``, ``apply_play``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..cards import Card, DeckSpec, SUIT_NAMES, SUITS
from ..errors import IllegalAction

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
AROUND = {"A": ("aces around", 100, 1000), "K": ("kings around", 80, 800), "Q": ("queens around", 60, 600),
          "J": ("jacks around", 40, 400)}
PINOCHLE = (Card("Q", "S"), Card("J", "D"))


def dix_rank(opts: dict) -> str:
    return "7" if opts["deck"] == 64 else "9"


def points_of(cards, opts: dict) -> int:
    table = POINT_SCHEMES[opts["card_points"]]
    return sum(table.get(c.rank, 0) for c in cards)


@dataclass(frozen=True)
class Meld:
    name: str
    cls: str  # "A", "B", "C"
    points: int


def meld_kind(cards: list[Card], trump: str, opts: dict) -> Meld | None:
    """The meld ``cards`` form exactly (pinochle/4.1, 4.5, 4.9), or None."""
    cnt = Counter(cards)
    ranks = sorted((c.rank for c in cards), key=lambda r: ORDER.index(r))
    suits = {c.suit for c in cards}
    if len(cards) == 5 and suits == {trump} and ranks == ["A", "10", "K", "Q", "J"]:
        return Meld("flush", "A", 150)
    if len(cards) == 2 and ranks == ["K", "Q"] and len(suits) == 1:
        s = next(iter(suits))
        return Meld("royal marriage", "A", 40) if s == trump else Meld(f"marriage in {SUIT_NAMES[s]}", "A", 20)
    if len(cards) == 1 and cards[0] == Card(dix_rank(opts), trump):
        return Meld("dix", "A", 10)
    if len(cards) == 4 and len(set(ranks)) == 1 and ranks[0] in AROUND and suits == set(SUITS):
        name, pts, _ = AROUND[ranks[0]]
        return Meld(name, "B", pts)
    if len(cards) == 8 and len(set(ranks)) == 1 and ranks[0] in AROUND and all(cnt[c] == 2 for c in cnt) \
            and suits == set(SUITS):
        name, _, double = AROUND[ranks[0]]
        return Meld("double " + name, "B", double)
    if len(cards) == 2 and set(cards) == set(PINOCHLE):
        return Meld("pinochle", "C", 40)
    if len(cards) == 4 and cnt == Counter({PINOCHLE[0]: 2, PINOCHLE[1]: 2}) and opts["double_pinochle"] == "300":
        return Meld("double pinochle", "C", 300)
    return None


def meld_in_hand(cards: list[Card], trump: str, opts: dict) -> list[dict]:
    """All the meld a hand holds at once (pinochle/4.10): ``[{"meld", "points", "count"}]``."""
    cnt = Counter(cards)
    out = []

    def add(name, pts, n=1):
        if n > 0:
            out.append({"meld": name, "points": pts * n, "count": n})
    runs = min(cnt[Card(r, trump)] for r in ("A", "10", "K", "Q", "J"))
    if runs == 2:
        add("double flush", 1500)
    else:
        add("flush", 150, runs)
    for s in ("H", "D", "C", "S"):
        pairs = min(cnt[Card("K", s)], cnt[Card("Q", s)])
        if s == trump:
            add("royal marriage", 40, pairs - runs)
        else:
            add(f"marriage in {SUIT_NAMES[s]}", 20, pairs)
    add("dix", 10, cnt[Card(dix_rank(opts), trump)])
    for r, (name, single, double) in AROUND.items():
        n = min(cnt[Card(r, s)] for s in SUITS)
        if n == 2:
            add("double " + name, double)
        else:
            add(name, single, n)
    pin = min(cnt[PINOCHLE[0]], cnt[PINOCHLE[1]])
    if pin == 2 and opts["double_pinochle"] == "300":
        add("double pinochle", 300)
    else:
        add("pinochle", 40, pin)
    return out


# ---------------------------------------------------------------- two-handed table of melded cards

@dataclass
class TableCard:
    card: Card
    melds: list[Meld] = field(default_factory=list)


@dataclass
class Table:
    """A two-handed player's melded cards still on the table, each with the melds it has been in."""

    cards: list[TableCard] = field(default_factory=list)

    def count(self, card: Card) -> int:
        return sum(1 for t in self.cards if t.card == card)

    def plan(self, cards: list[Card], meld: Meld, hand_free: Counter | None) -> list[TableCard] | str:
        """Choose which of ``cards`` come from the table so that the meld is legal.

        A table card may serve only if it was never in a meld of the same class worth as much or more
        (pinochle/4.4); the other cards come from the hand, and at least one must (4.3).  ``hand_free``
        counts the cards held off the table (None when unknown: then at most two copies exist).
        Returns the table cards to use, or the reason no choice is legal.
        """
        need = Counter(cards)
        plan: dict[Card, tuple[list[TableCard], int]] = {}
        spare: list[Card] = []
        for card, k in need.items():
            usable = [t for t in self.cards if t.card == card]
            ok = [t for t in usable if not any(m.cls == meld.cls and m.points >= meld.points for m in t.melds)]
            avail = (2 - len(usable)) if hand_free is None else hand_free[card]
            min_h = k - min(k, len(ok))
            if min_h > avail:
                if len(ok) < len(usable):
                    bad = next(t for t in usable if t not in ok)
                    return (f"{card} was already melded as {bad.melds[-1].name}; it may be used again only in "
                            "another class or in a higher meld of the same class (pinochle/4.4)")
                return f"{card} is not available {k} time(s) for this meld"
            plan[card] = (ok, min_h)
            if avail > min_h and min_h < k:
                spare.append(card)
        if sum(h for _, h in plan.values()) == 0:
            if not spare:
                return "a meld needs at least one new card from the hand (pinochle/4.3)"
            ok, h = plan[spare[0]]
            plan[spare[0]] = (ok, h + 1)
        used: list[TableCard] = []
        for card, (ok, h) in plan.items():
            used += ok[:need[card] - h]
        return used

    def add(self, cards: list[Card], meld: Meld, used: list[TableCard]) -> None:
        left = Counter(cards)
        for t in used:
            t.melds.append(meld)
            left[t.card] -= 1
        for card, k in left.items():
            for _ in range(k):
                self.cards.append(TableCard(card, [meld]))

    def remove(self, card: Card) -> bool:
        """A melded card played to a trick leaves the table (the freshest copy first)."""
        copies = [t for t in self.cards if t.card == card]
        if not copies:
            return False
        self.cards.remove(min(copies, key=lambda t: len(t.melds)))
        return True


# ---------------------------------------------------------------- trick play

def trick_winner(plays: list[tuple[str, Card]], trump: str) -> str:
    """pinochle/3.2: the highest trump, else the highest card of the suit led; ties go to the first."""
    best_p, best = plays[0]
    for p, c in plays[1:]:
        if c.suit == best.suit:
            if STRENGTH[c.rank] > STRENGTH[best.rank]:
                best_p, best = p, c
        elif c.suit == trump:
            best_p, best = p, c
    return best_p


def play_fault(hand: list[Card], trick: list[tuple[str, Card]], card: Card, trump: str, strict: bool,
               must_head: str, player: str) -> IllegalAction | None:
    """Why ``card`` may not be played to ``trick`` from ``hand`` (pinochle/3.1, 5.2–5.4), or None."""
    if card not in hand:
        return IllegalAction("pinochle/1.1", f"{player} does not hold {card}")
    if not trick or not strict:
        return None
    led = trick[0][1].suit
    heading = must_head == "always" or led == trump
    follows = [c for c in hand if c.suit == led]
    trumped = led != trump and any(c.suit == trump for _, c in trick)
    if follows:
        if card.suit != led:
            return IllegalAction("pinochle/5.2", f"{player} holds {SUIT_NAMES[led]} and must follow suit")
        if heading and not trumped:
            top = max((c for _, c in trick if c.suit == led), key=lambda c: STRENGTH[c.rank])
            higher = [c for c in follows if STRENGTH[c.rank] > STRENGTH[top.rank]]
            if higher and STRENGTH[card.rank] <= STRENGTH[top.rank]:
                return IllegalAction("pinochle/5.4", f"{player} can beat {top} and must: play one of "
                                                     f"{', '.join(sorted(set(map(str, higher))))}")
        return None
    trumps = [c for c in hand if c.suit == trump]
    if trumps:
        if card.suit != trump:
            return IllegalAction("pinochle/5.3", f"{player} has no {SUIT_NAMES[led]} and must trump")
        on = [c for _, c in trick if c.suit == trump]
        if heading and on:
            top = max(on, key=lambda c: STRENGTH[c.rank])
            higher = [c for c in trumps if STRENGTH[c.rank] > STRENGTH[top.rank]]
            if higher and STRENGTH[card.rank] <= STRENGTH[top.rank]:
                return IllegalAction("pinochle/5.4", f"{player} can overtrump {top} and must: play one of "
                                                     f"{', '.join(sorted(set(map(str, higher))))}")
    return None


def legal_cards(hand, trick, trump, strict, must_head, player) -> list[Card]:
    return sorted({c for c in hand if play_fault(hand, trick, c, trump, strict, must_head, player) is None},
                  key=lambda c: (c.suit, -STRENGTH[c.rank]))


def round_points(a: int, b: int, rule: str, a_last: bool) -> tuple[int, int]:
    """Round two players' card points to tens (pinochle/6.2); ``a_last``: a took the last trick."""
    def strict(x):
        return (x // 10) * 10 + (10 if x % 10 >= 7 else 0)
    if rule == "none":
        return a, b
    ra, rb = strict(a), strict(b)
    if rule == "conserve_250" and ra + rb < a + b and (a + b) % 10 == 0:
        # our reading: the 10 lost by rounding goes to the higher units, or on a tie to the last trick
        if a % 10 > b % 10 or (a % 10 == b % 10 and a_last):
            ra += 10
        else:
            rb += 10
    return ra, rb


def round_one(x: int, rule: str) -> int:
    if rule == "none":
        return x
    return (x // 10) * 10 + (10 if x % 10 >= 7 else 0)
