"""Melds under the options of a variant: groups, black threes, sequences and wild-card melds; their canasta
bonuses; the opening minimum tables; going out; red and black threes at the count.

Every function takes the effective options (``opts``) so that the classic laws and the seed rule sets are one
code path (rule IDs in ``rules.yaml``):

* :func:`classify` (canasta/3.1, 3.3, 3.4, 2.3) says what kind of meld some cards are, or why they are none;
* :func:`canasta_bonus` (canasta/3.2, 3.3, 3.4) is the bonus a finished meld earns;
* :func:`opening_minimum` (canasta/4.1) is the count a side's opening needs;
* :func:`go_out_fault` (canasta/6.2) says why a side's melds do not allow going out;
* :func:`red_three_points` (canasta/2.2) and :func:`black_three_points` (canasta/2.3) score the threes.
"""
from __future__ import annotations

from functools import lru_cache

from ..cards import JOKER, Card
from ..i18n import N_, _, ngettext
from .cards import is_black_three, is_red_three, is_wild
from .options import Options, OptionsLike

_RED_3H, _RED_3D = Card("3", "H"), Card("3", "D")
_WILD_RANKS = (JOKER, "2")        # is_wild
SEQUENCE_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


class MeldFault(ValueError):
    """Why cards are not a legal meld: ``rule`` and the message."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


NO_CAP = 99
NATURALS_NEEDED = {2: N_("a meld needs at least two natural cards"), 3: N_("a meld needs at least three natural cards")}


def max_wilds(opts: OptionsLike) -> int:
    """Wild cards a meld of a rank may hold (canasta/3.1): max_wilds (null: no cap), two with strict_wild_cards."""
    opts = Options.of(opts)
    cap = opts.max_wilds
    cap = NO_CAP if cap is None else cap
    return min(cap, 2) if opts.strict_wild_cards else cap


def excess_wilds(meld: list[Card], opts: OptionsLike) -> int:
    """Wild cards in a meld of a rank beyond the limits of canasta/3.1 (max_wilds, and the ratio to naturals)."""
    opts = Options.of(opts)
    wilds = sum(1 for c in meld if is_wild(c))
    naturals = len(meld) - wilds
    if not naturals:
        return 0
    return max(0, wilds - max_wilds(opts), wilds - ratio_wilds(naturals, opts))


def ratio_wilds(naturals: int, opts: OptionsLike) -> int:
    """Wild cards that ``naturals`` natural cards may carry under wild_ratio (canasta/3.1): as many (not_more),
    one fewer (fewer), half as many (half) or any number (none, the official laws as written: only the cap of
    max_wilds; four_in_canasta, which counts naturals instead)."""
    opts = Options.of(opts)
    ratio = opts.wild_ratio
    return {"not_more": naturals, "fewer": naturals - 1, "half": naturals // 2}.get(ratio, NO_CAP)


def without_wilds(meld: list[Card], n: int) -> list[Card]:
    """``meld`` less its first ``n`` wild cards."""
    out, dropped = [], 0
    for c in meld:
        if is_wild(c) and dropped < n:
            dropped += 1
            continue
        out.append(c)
    return out


def classify(cards: list[Card], opts: OptionsLike, going_out: bool = False) -> str:
    """The kind of meld ``cards`` form: ``"group"``, ``"black_threes"``, ``"sequence"`` or ``"wild"``.

    Raises :class:`MeldFault`.  Groups: three or more of a natural rank, at least two naturals, at most three
    wild cards (two with strict_wild_cards) and, by default, never more wilds than naturals (wild_ratio,
    canasta/3.1).  Black threes: three
    or four, no wild card, only when going out (canasta/2.3).  Sequences (option sequences): three to seven
    consecutive cards of one suit from 4 to A, no wild card (canasta/3.4).  Wild-card melds (option wild_melds):
    three to seven wild cards, as the option allows (canasta/3.3).
    """
    if not isinstance(opts, Options):
        opts = Options.of(opts)
    if len(cards) < 3:
        raise MeldFault("canasta/3.1", _("a meld has at least three cards"))
    if _RED_3H in cards or _RED_3D in cards:        # any(is_red_three(c) for c in cards), at C speed
        raise MeldFault("canasta/3.1", _("red threes are laid out, never melded"))
    naturals = [c for c in cards if c.rank not in _WILD_RANKS]      # not is_wild(c)
    wilds = len(cards) - len(naturals)
    ranks = {c.rank for c in naturals}
    if not naturals:
        return _wild_meld(cards, opts)
    if len(ranks) > 1:
        if opts.sequences:
            return _sequence(cards, opts, going_out)
        raise MeldFault("canasta/3.1", _("a meld holds cards of one rank (and wild cards); sequences do not count"))
    if next(iter(ranks)) == "3":
        return _black_threes(naturals, wilds, opts, going_out)
    return _group(cards, naturals, wilds, opts)


def _black_threes(naturals: list[Card], wilds: int, opts: Options, going_out: bool) -> str:
    """A meld of threes (``naturals``, with ``wilds`` wild cards): black threes, three or four, no wild card, in the
    going-out turn (or at any time, or all four only, as black_three_meld says), canasta/2.3."""
    if any(is_red_three(c) for c in naturals):
        raise MeldFault("canasta/3.1", _("red threes are laid out, never melded"))
    if not going_out and opts.black_three_meld != "any_time":
        raise MeldFault("canasta/2.3", _("black threes meld only when going out"))
    if wilds:
        raise MeldFault("canasta/2.3", _("a meld of black threes takes no wild card"))
    if len(naturals) not in (3, 4):
        raise MeldFault("canasta/2.3", _("black threes meld as three or four"))
    if len(naturals) == 3 and opts.black_three_meld == "four_only":
        raise MeldFault("canasta/2.3", _("black threes are laid down only all four, in the going-out turn"))
    return "black_threes"


def _group(cards: list[Card], naturals: list[Card], wilds: int, opts: Options) -> str:
    """A meld of one natural rank (canasta/3.1, 3.2): enough naturals (min_naturals), at most max_wilds wild cards
    in the ratio wild_ratio allows, no more cards than canasta_max."""
    least = opts.min_naturals
    if len(naturals) < least:
        raise MeldFault("canasta/3.1", _(NATURALS_NEEDED[least]))
    cap = opts.max_wilds                 # max_wilds(opts), inline
    most = NO_CAP if cap is None else cap
    if opts.strict_wild_cards:
        most = min(most, 2)
    if wilds > most:
        raise MeldFault("canasta/3.1", ngettext("a meld holds at most {n} wild card",
                                                "a meld holds at most {n} wild cards", most))
    ratio = opts.wild_ratio
    if ratio in ("not_more", "half") and wilds > len(naturals):
        raise MeldFault("canasta/3.1", _("wild cards may not outnumber the natural cards"))
    if ratio == "fewer" and wilds >= len(naturals):
        raise MeldFault("canasta/3.1", _("the natural cards must outnumber the wild cards"))
    if ratio == "four_in_canasta" and len(cards) >= 7 and len(naturals) < 4:
        raise MeldFault("canasta/3.1", _("a canasta holds at least four natural cards"))
    if opts.wild_ratio == "half" and 2 * wilds > len(naturals):
        raise MeldFault("canasta/3.1", _("the natural cards must be at least twice the wild cards"))
    top = opts.canasta_max
    if top is not None and len(cards) > top:
        raise MeldFault("canasta/3.2", ngettext("a canasta holds at most {n} card",
                                                "a canasta holds at most {n} cards", top))
    return "group"


def _sequence(cards: list[Card], opts: Options, going_out: bool = False) -> str:
    wilds = [c for c in cards if is_wild(c)]
    naturals = [c for c in cards if not is_wild(c)]
    least = opts.min_naturals
    if len(naturals) < least:
        raise MeldFault("canasta/3.1", _(NATURALS_NEEDED[least]))
    allowed = opts.sequence_wilds
    if len(wilds) > allowed:
        raise MeldFault("canasta/3.4", _("a sequence takes no wild card") if not allowed
                        else ngettext("a sequence takes at most {n} wild card",
                                      "a sequence takes at most {n} wild cards", allowed))
    if any(not c.suit for c in naturals):
        raise MeldFault("canasta/3.4", _("the cards of a sequence need their suits (e.g. 5H 6H 7H)"))
    if len({c.suit for c in naturals}) > 1:
        raise MeldFault("canasta/3.4", _("a sequence is of one suit"))
    if any(c.rank not in SEQUENCE_RANKS for c in naturals):
        raise MeldFault("canasta/3.4", _("a sequence runs from 4 up to A; threes and wild cards stay out"))
    idx = sorted(SEQUENCE_RANKS.index(c.rank) for c in naturals)
    if len(set(idx)) != len(idx) or idx[-1] - idx[0] + 1 > len(cards) or len(cards) > len(SEQUENCE_RANKS):
        raise MeldFault("canasta/3.4", _("a sequence is made of consecutive ranks, each once (a wild card may stand "
                                         "for one)") if allowed else
                        _("a sequence is made of consecutive ranks, each once"))
    if len(cards) > 7 and not (going_out and opts.extend_escalera_out):
        raise MeldFault("canasta/3.4", _("a sequence holds at most seven cards"))
    return "sequence"


def _wild_meld(cards: list[Card], opts: Options) -> str:
    mode = opts.wild_melds
    if mode == "off":
        raise MeldFault("canasta/3.1", _("wild cards alone do not meld"))
    if len(cards) > 7:
        raise MeldFault("canasta/3.3", _("a meld of wild cards holds at most seven"))
    jokers = sum(1 for c in cards if c.rank == JOKER)
    twos = len(cards) - jokers
    if mode == "seven_jokers" and len(cards) != 7:
        raise MeldFault("canasta/3.3", _("the seven-joker canasta is laid all at once, seven wild cards"))
    if mode == "italian" and twos < 2:
        raise MeldFault("canasta/3.3", _("a deuce meld holds at least two 2s (jokers may join them)"))
    if mode == "golden_diamond" and not (jokers == 0 or (jokers <= 4 and twos <= 3)):
        raise MeldFault("canasta/3.3", _("wild cards meld only toward a golden canasta (seven 2s) or a diamond "
                                         "canasta (four jokers and three 2s)"))
    return "wild"


def meld_ok(meld: list[Card], opts: OptionsLike, going_out: bool) -> bool:
    """Whether ``meld`` is a legal meld under ``opts`` (:func:`classify` without the reason)."""
    if not isinstance(opts, Options):
        opts = Options.of(opts)
    try:
        classify(meld, opts, going_out=going_out)
    except MeldFault:
        return False
    return True



WILD_CANASTA = {"bolivia": ("bolivia", 2500), "brazilian": ("wild canasta", 2000),
                "uruguay": ("wild canasta", 2000), "free": ("free canasta", 1000)}


def canasta_bonus(kind: str, cards: list[Card], opts: OptionsLike) -> tuple[str, int] | None:
    """``(name, points)`` for a finished meld, or None (canasta/3.2, 3.3, 3.4)."""
    if not isinstance(opts, Options):
        opts = Options.of(opts)
    if kind == "group" and len(cards) >= 7:
        return _group_canasta(cards, opts)
    if kind == "sequence" and len(cards) >= 7:
        return _sequence_canasta(cards, opts)
    if kind == "wild" and len(cards) == 7:
        return _wild_canasta(cards, opts)
    return None


def _group_canasta(cards: list[Card], opts: Options) -> tuple[str, int]:
    """A canasta of a rank (canasta/3.2): natural (natural_canasta_bonus) or mixed (300, or graded 400 / 300 / 200
    by its wild cards); of sevens, sevens_canasta_bonus (a mixed one too with sevens_canasta_mixed, else
    mixed_sevens_bonus where set)."""
    wilds = sum(1 for c in cards if is_wild(c))
    sevens = opts.sevens_canasta_bonus
    if sevens and natural_rank(cards) == "7":
        if not wilds or opts.sevens_canasta_mixed:
            return "canasta of sevens", sevens
        if opts.mixed_sevens_bonus:
            return "mixed canasta of sevens", opts.mixed_sevens_bonus
    if wilds:
        if opts.mixed_canasta_bonus == "graded":
            return "mixed canasta", {1: 400, 2: 300}.get(wilds, 200)
        return "mixed canasta", 300
    return "natural canasta", opts.natural_canasta_bonus


def _sequence_canasta(cards: list[Card], opts: Options) -> tuple[str, int]:
    """A sequence canasta (canasta/3.4): mixed 1,000, natural natural_sequence_bonus, named as the game names it."""
    if any(is_wild(c) for c in cards):
        return "mixed sequence canasta", 1000
    bonus = opts.natural_sequence_bonus
    # the Samba family's names: an escalera where wild-card canastas are bolivias, else a samba
    if opts.same_rank_melds == "many":
        return ("escalera" if opts.wild_melds not in (None, "off") else "samba"), bonus
    return "sequence canasta", bonus


def _wild_canasta(cards: list[Card], opts: Options) -> tuple[str, int]:
    """A canasta of seven wild cards (canasta/3.3), scored as wild_melds has it, by its jokers and 2s."""
    jokers = sum(1 for c in cards if c.rank == JOKER)
    mode = opts.wild_melds
    if mode == "palace":
        return ("big wild canasta", 2000) if jokers > 7 - jokers else ("small wild canasta", 1000)
    if mode == "golden_diamond":
        return ("golden canasta", 1000) if jokers == 0 else ("diamond canasta", 2000)
    if mode == "italian":
        return ("canasta of seven 2s", 3000) if jokers == 0 else ("canasta of deuces", 2000)
    if mode == "cuban":
        if jokers == 0:
            return "canasta of seven 2s", 4000
        return ("canasta of four jokers and three 2s", 3000) if jokers == 4 else ("wild canasta", 2000)
    if mode in WILD_CANASTA:
        return WILD_CANASTA[mode]
    return "seven-joker canasta", 1000


def is_canasta(kind: str, cards: list[Card]) -> bool:
    return (kind in ("group", "sequence") and len(cards) >= 7) or (kind == "wild" and len(cards) == 7)


def is_natural_canasta(kind: str, cards: list[Card]) -> bool:
    return kind == "group" and len(cards) >= 7 and not any(is_wild(c) for c in cards)


TABLES = {  # opening minimum: (below zero, then (from total, minimum) ascending)
    "classic": [(0, 50), (1500, 90), (3000, 120)],
    "tougher": [(0, 90), (1500, 120), (3000, 150)],
    "russian": [(0, 50), (1500, 90), (3000, 120), (5000, 150)],
    "seven_thousand": [(0, 50), (1500, 70), (3000, 90), (5000, 120)],
    "brazilian": [(0, 50), (1500, 90), (3000, 120)],
    "pennies": [(0, 50), (500, 90), (1000, 120), (1500, 150)],
    "italian": [(0, 50), (1500, 90), (3000, 120), (5000, 160), (7500, 180), (10000, 200)],
}
BRAZILIAN_OPENINGS = ((9000, "natural"), (8000, "canasta_200"), (7000, "canasta"))


def opening_canasta(score: int, opts: OptionsLike) -> str | None:
    """What kind of canasta the opening must hold at this total (Brazilian: canasta/4.1), or None."""
    if not isinstance(opts, Options):
        opts = Options.of(opts)
    if opts.opening_table != "brazilian":
        return None
    return next((kind for start, kind in BRAZILIAN_OPENINGS if score >= start), None)


def opening_minimum(score: int, opts: OptionsLike) -> int:
    """Count a side's opening needs by its total before the deal (canasta/4.1), in points."""
    if not isinstance(opts, Options):
        opts = Options.of(opts)
    table = opts.opening_table
    if score < 0:
        return opts.negative_minimum
    need = 0
    for start, value in TABLES[table]:
        if score >= start:
            need = value
    frm = opts.minimum_150_from
    if frm is not None and score >= frm:
        need = max(need, opts.top_minimum)
    return need


def is_sevens_canasta(kind: str, cards: list[Card]) -> bool:
    return kind == "group" and len(cards) >= 7 and natural_rank(cards) == "7"


def go_out_fault(melds: list[tuple[str, list[Card]]], opts: OptionsLike, red_threes: int = 0) -> str | None:
    """Why a side with ``melds`` (``(kind, cards)``) and ``red_threes`` laid out may not go out (canasta/6.2),
    or None."""
    if not isinstance(opts, Options):
        opts = Options.of(opts)
    canastas = [(k, c) for k, c in melds if is_canasta(k, c)
                 and not (k == "wild" and opts.wild_melds == "italian")]   # deuce canastas do not count
    if opts.going_out_needs == "pennies":
        have = {N_("a canasta of sevens"): any(is_sevens_canasta(k, c) for k, c in canastas),
                N_("a wild canasta"): any(k == "wild" for k, c in canastas),
                N_("a natural canasta"): any(is_natural_canasta(k, c) and not is_sevens_canasta(k, c)
                                             for k, c in canastas),
                N_("a mixed canasta"): any(k == "group" and not is_sevens_canasta(k, c) and any(is_wild(x) for x in c)
                                           for k, c in canastas)}
        missing = [_(name) for name, ok in have.items() if not ok]
        if missing:
            return _("going out needs a canasta of sevens, a wild canasta, a natural and a mixed one; missing: "
                     "{missing}", missing=missing)
        return None
    need = opts.canastas_to_go_out
    if opts.tough_end:
        if opts.sequences:
            need = max(need, 2)
        elif any(is_natural_canasta(k, c) for k, c in canastas):
            need = 1
        else:
            need = max(need, 2)
            if len(canastas) < need:
                return _("going out needs two canastas or a natural one")
    if len(canastas) < need:
        return ngettext("going out needs {n} canasta on the side's table",
                        "going out needs {n} canastas on the side's table", need)
    if opts.sequence_to_go_out and not any(k == "sequence" for k, _c in canastas):
        return _("going out needs a sequence canasta (escalera) among the canastas")
    if opts.red_threes_per_canasta and red_threes < len(canastas):
        return _("going out needs as many red threes as canastas ({canastas}); the side has {red_threes}",
                 canastas=len(canastas), red_threes=red_threes)
    return None


CUBAN = {1: 100, 2: 300, 3: 500, 4: 1000}       # red threes, by how many the side has (n >= 1)


def red_three_points(n: int, counts_plus: bool, opts: OptionsLike, one_player_all: bool = False,
                     six_special: bool = False) -> int:
    """Red threes at the count (canasta/2.2), in points; negative when they count against the side.

    ``red_three_scale``: ``four_800`` (each its value, all four double), ``six_1200`` (100 each up to four, 1,000
    for five, 1,200 for six), ``all_plus_400`` (each its value, 400 more for every red three of the deck),
    ``one_player_doubles`` (each its value, double when one player collected all four).
    """
    opts = Options.of(opts)
    v = opts.red_three_value
    scale = opts.red_three_scale
    if scale == "six_1200":
        value = {5: 1000, 6: 1200}.get(n, 100 * n)
    elif scale == "all_plus_400":
        value = v * n + (400 if n == (6 if opts.packs == 3 else 4) else 0)
    elif scale == "one_player_doubles":
        value = v * n * (2 if one_player_all and n == 4 else 1)
    elif scale == "six_1000":
        value = 1000 if n == 6 else v * n
    elif scale == "six_2000":
        value = 2000 if n == 6 and six_special else v * n
    elif scale == "italian":
        value = (100 if n <= 3 else 200) * n
    elif scale == "eight_1000":
        value = 1000 if n == 8 else v * n
    elif scale == "cuban":
        value = CUBAN[n]
    elif scale == "cuban_each":
        value = n * CUBAN[n]
    else:
        value = v * n * (2 if n == 4 else 1)
    return value if counts_plus else -value


def black_three_points(n: int, opts: OptionsLike, doubled: bool = False) -> int | None:
    """Black threes left in hand (canasta/2.3): None when they count only their card value (5), else the points
    each set costs: 100 or 105 each, doubled for all four in one hand when the opponents went out (Russian)."""
    opts = Options.of(opts)
    mode = opts.black_three_in_hand
    if mode == "card_value" or not n:
        return None
    each = {"minus_100": 100, "minus_105": 105, "minus_200": 200}[mode]
    return -each * n * (2 if doubled and n == 4 else 1)


def meld_kind(cards: list[Card], opts: OptionsLike, going_out: bool = True) -> str:
    """:func:`classify` for melds already on the table (black threes allowed, as in the going-out turn)."""
    opts = Options.of(opts)
    return classify(cards, opts, going_out=going_out)


def natural_rank(cards: list[Card]) -> str | None:
    for c in cards:
        if c.rank not in _WILD_RANKS:       # not is_wild(c)
            return c.rank
    return None


def meld_key(kind: str, cards: list[Card], taken: set[str]) -> str:
    """The key a side's meld is filed under: its rank (groups), ``"3"``, ``"wild"``, or ``"seq:<suit>:<n>"``;
    further melds of one rank or of wild cards (same_rank_melds=many) are ``"K#2"``, ``"wild#2"``, ..."""
    if kind == "black_threes":
        return "3"
    if kind in ("group", "wild"):
        base = (natural_rank(cards) or "") if kind == "group" else "wild"     # a group has a natural card
        key, n = base, 1
        while key in taken:
            n += 1
            key = f"{base}#{n}"
        return key
    suit = cards[0].suit
    n = 0
    while f"seq:{suit}:{n}" in taken:
        n += 1
    return f"seq:{suit}:{n}"


@lru_cache(maxsize=1024)
def kind_of_key(key: str) -> str:
    key = key.split("#")[0]
    if key == "3":
        return "black_threes"
    if key == "wild":
        return "wild"
    if key.startswith("seq:"):
        return "sequence"
    return "group"


__all__ = ["MeldFault", "classify", "canasta_bonus", "is_canasta", "opening_minimum", "go_out_fault",
           "red_three_points", "black_three_points", "meld_key", "kind_of_key", "SEQUENCE_RANKS",
           "is_black_three"]
