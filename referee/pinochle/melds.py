"""Pinochle melds: the meld table and its classes, meld recognition, and the two-handed table of melded cards.

* :func:`meld_kind` names the meld a set of cards forms (two-handed, one meld at a time; pinochle/4.1, 4.5, 4.9);
  :func:`meld_in_hand` counts all the meld in a hand at once (partnership, three-hand; pinochle/4.10).
* :class:`Table` keeps a two-handed player's melded cards with the melds each card has been in, and
  :meth:`Table.plan` applies pinochle/4.3 and 4.4 (a new card, re-use by class).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from mypy_extensions import mypyc_attr

from ..cards import SUIT_NAMES, SUITS, Card
from ..i18n import N_, Suit, _, ngettext
from .cards import ORDER, dix_rank
from .options import Options, OptionsLike


@mypyc_attr(native_class=False)     # a str/tuple subclass: mypyc keeps it a Python class
class MeldName(str):
    """A meld's name: the ``meld`` field of the answers (English, the same in every language) and, as a message
    parameter, the name in the language of the answer (``marriage in diamonds``, ``марьяж ♦``)."""

    def show(self, lang: str | None = None) -> str:
        """The name in the current language (the language of the answer; ``lang`` is that language)."""
        for s, word in SUIT_NAMES.items():
            if self == f"marriage in {word}":
                return _("marriage in {suit}", suit=Suit(s))
        return _(str(self))


# every meld's name, for the catalog (the marriages of the plain suits are "marriage in {suit}")
NAMES = (N_("flush"), N_("double flush"), N_("royal marriage"), N_("dix"), N_("pinochle"), N_("double pinochle"),
         N_("aces around"), N_("kings around"), N_("queens around"), N_("jacks around"), N_("double aces around"),
         N_("double kings around"), N_("double queens around"), N_("double jacks around"))
AROUND = {"A": ("aces around", 100, 1000), "K": ("kings around", 80, 800), "Q": ("queens around", 60, 600),
          "J": ("jacks around", 40, 400)}
PINOCHLE = (Card("Q", "S"), Card("J", "D"))


def marriage_name(suit: str) -> MeldName:
    return MeldName(f"marriage in {SUIT_NAMES[suit]}")


@dataclass
class Meld:
    """One meld of the table of pinochle/4.1: its name, class (``A`` marriages, flush and dix; ``B`` arounds; ``C``
    pinochles) and points."""

    name: MeldName
    cls: str  # "A", "B", "C"
    points: int


@dataclass
class MeldFault:
    """Why a meld cannot be made from the cards at hand: the rule broken and a message for a player."""

    rule: str
    message: str


def meld_kind(cards: list[Card], trump: str, opts: OptionsLike) -> Meld | None:
    """The meld ``cards`` form exactly (pinochle/4.1, 4.5, 4.9), or None: looked up in the table of every meld
    with ``trump`` (:func:`_meld_table`, made once per trump and options)."""
    return _meld_table(trump, Options.of(opts)).get(tuple(sorted(cards)))


@lru_cache(maxsize=64)
def _meld_table(trump: str, opts: Options) -> dict[tuple[Card, ...], Meld]:
    """Every two-handed meld with ``trump`` (:func:`meld_candidates`), by its cards in sorted order, as
    :func:`_meld_of` names it."""
    out: dict[tuple[Card, ...], Meld] = {}
    for cards in meld_candidates(trump, opts):
        meld = _meld_of(cards, trump, opts)
        assert meld is not None, cards      # every candidate is a meld
        out[tuple(sorted(cards))] = meld
    return out


def _meld_of(cards: list[Card], trump: str, opts: Options) -> Meld | None:
    """The meld ``cards`` form exactly (pinochle/4.1, 4.5, 4.9), or None."""
    cnt = Counter(cards)
    ranks = sorted((c.rank for c in cards), key=lambda r: ORDER.index(r))
    suits = {c.suit for c in cards}
    if len(cards) == 5 and suits == {trump} and ranks == ["A", "10", "K", "Q", "J"]:
        return Meld(MeldName("flush"), "A", 150)
    if len(cards) == 2 and ranks == ["K", "Q"] and len(suits) == 1:
        s = next(iter(suits))
        return Meld(MeldName("royal marriage"), "A", 40) if s == trump else Meld(marriage_name(s), "A", 20)
    if len(cards) == 1 and cards[0] == Card(dix_rank(opts), trump):
        return Meld(MeldName("dix"), "A", 10)
    rank = ranks[0] if len(set(ranks)) == 1 else None      # one rank throughout: an around?
    if len(cards) == 4 and rank in AROUND and suits == set(SUITS):
        name, pts, _double = AROUND[rank]
        return Meld(MeldName(name), "B", pts)
    if len(cards) == 8 and rank in AROUND and all(cnt[c] == 2 for c in cnt) and suits == set(SUITS):
        name, _single, double = AROUND[rank]
        return Meld(MeldName("double " + name), "B", double)
    if len(cards) == 2 and set(cards) == set(PINOCHLE):
        return Meld(MeldName("pinochle"), "C", 40)
    if len(cards) == 4 and cnt == Counter({PINOCHLE[0]: 2, PINOCHLE[1]: 2}) and opts.double_pinochle == "300":
        return Meld(MeldName("double pinochle"), "C", 300)
    return None


def meld_candidates(trump: str, opts: OptionsLike) -> list[list[Card]]:
    """Every set of cards that forms a two-handed meld with ``trump`` (:func:`meld_kind`), in the order of the meld
    table (pinochle/4.1, 4.5, 4.9): the flush, the marriages, the dix, the arounds and doubled arounds, the
    pinochles."""
    opts = Options.of(opts)
    out = [[Card(r, trump) for r in ("A", "10", "K", "Q", "J")]]
    out += [[Card("K", s), Card("Q", s)] for s in [trump] + [s for s in ("H", "D", "C", "S") if s != trump]]
    out.append([Card(dix_rank(opts), trump)])
    for r in AROUND:
        out.append([Card(r, s) for s in SUITS])
    for r in AROUND:
        out.append([Card(r, s) for s in SUITS for _copy in (0, 1)])
    out.append(list(PINOCHLE))
    if opts.double_pinochle == "300":
        out.append([PINOCHLE[0], PINOCHLE[0], PINOCHLE[1], PINOCHLE[1]])
    return out


def meld_in_hand(cards: list[Card], trump: str, opts: OptionsLike) -> list[dict]:
    """All the meld a hand holds at once (pinochle/4.10): ``[{"meld", "points", "count"}]``."""
    opts = Options.of(opts)
    cnt = Counter(cards)
    out = []

    def add(name, pts, n=1):
        if n > 0:
            out.append({"meld": str(name), "name": MeldName(name).show(), "points": pts * n, "count": n})
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
            add(marriage_name(s), 20, pairs)
    add("dix", 10, cnt[Card(dix_rank(opts), trump)])
    for r, (name, single, double) in AROUND.items():
        n = min(cnt[Card(r, s)] for s in SUITS)
        if n == 2:
            add("double " + name, double)
        else:
            add(name, single, n)
    pin = min(cnt[PINOCHLE[0]], cnt[PINOCHLE[1]])
    if pin == 2 and opts.double_pinochle == "300":
        add("double pinochle", 300)
    else:
        add("pinochle", 40, pin)
    return out


# ---------------------------------------------------------------- two-handed table of melded cards

@dataclass
class TableCard:
    """A melded card on the table and the melds it has been in (pinochle/4.4)."""

    card: Card
    melds: list[Meld] = field(default_factory=list)

    def barred(self, meld: Meld) -> bool:
        """pinochle/4.4: the card may not serve in ``meld`` when it has been in a meld of the same class worth as
        much or more."""
        return any(m.cls == meld.cls and m.points >= meld.points for m in self.melds)


@dataclass
class Table:
    """A two-handed player's melded cards still on the table, each with the melds it has been in.

    Of the two copies of a card, the one melded first is always the more restricted (pinochle/4.4): a meld takes a
    copy from the hand only when the table's copy may not serve in it (it has been in a meld of that class worth
    as much or more) or when the meld needs both, and it uses the table's copies in the order they were melded.
    """

    cards: list[TableCard] = field(default_factory=list)

    def plan(self, cards: list[Card], meld: Meld, hand_free: Counter | None,
             player: str) -> list[TableCard] | MeldFault:
        """Choose which of ``cards`` come from the table so that the meld is legal.

        A table card may serve only if it was never in a meld of the same class worth as much or more
        (pinochle/4.4); the other cards come from the hand, and at least one must (4.3).  ``hand_free``
        counts the cards held off the table (None when unknown: then at most two copies exist).
        Returns the table cards to use, or why no choice is legal (:class:`MeldFault`): a card ``player`` does
        not have as often as the meld needs it breaks 4.3 (a meld is made of the cards held; 4.7 for a dix), one
        that is there but only on the table in a meld that bars it, 4.4.
        """
        need = Counter(cards)
        plan: dict[Card, tuple[list[TableCard], int]] = {}
        spare: list[Card] = []
        for card, k in need.items():
            usable = [t for t in self.cards if t.card == card]
            ok = [t for t in usable if not t.barred(meld)]
            avail = (2 - len(usable)) if hand_free is None else hand_free[card]
            min_h = k - min(k, len(ok))
            if min_h > avail:
                if avail + len(usable) >= k:
                    # enough copies, but one the meld needs is on the table in a meld that bars it (4.4)
                    bad = next(t for t in usable if t not in ok)
                    return MeldFault("pinochle/4.4", _(
                        "{card} was already melded as {meld}; it may be used again only in another class or in a "
                        "higher meld of the same class", card=card, meld=bad.melds[-1].name))
                rule = "pinochle/4.7" if meld.name == "dix" else "pinochle/4.3"
                have = avail + len(usable)
                if have == 0:
                    return MeldFault(rule, _("{player} does not hold {card}", player=player, card=card))
                # the meld needs both copies (a doubled around, double pinochle) and only one is held: a meld never
                # takes more than the pack's two, so the plural form is never reached
                return MeldFault(rule, ngettext("{player} holds one {card}, the meld needs two",
                                                "{player} holds {n} {card}, the meld needs more", have,
                                                player=player, card=card))
            plan[card] = (ok, min_h)
            if avail > min_h:
                spare.append(card)    # a copy in the hand could be the meld's new card (4.3)
        if sum(h for _c, h in plan.values()) == 0:
            if not spare:
                return MeldFault("pinochle/4.3", _("a meld needs at least one new card from the hand"))
            ok, h = plan[spare[0]]
            plan[spare[0]] = (ok, h + 1)
        used: list[TableCard] = []
        for card, (ok, h) in plan.items():
            used += ok[:need[card] - h]     # the copies melded first, the more restricted ones
        return used

    def add(self, cards: list[Card], meld: Meld, used: list[TableCard]) -> None:
        left = Counter(cards)
        for t in used:
            t.melds.append(meld)
            left[t.card] -= 1
        for card, k in left.items():
            for _copy in range(k):
                self.cards.append(TableCard(card, [meld]))

    def remove(self, card: Card) -> bool:
        """A melded card played to a trick leaves the table.  Of two copies the one melded first goes, the more
        restricted one, so that the copy left may serve in every meld the other could."""
        for t in self.cards:
            if t.card == card:
                self.cards.remove(t)
                return True
        return False
