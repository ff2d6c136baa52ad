"""A side's hand as a score pad writes it (canasta/7.1): counts of canastas and bonuses instead of cards.

``{"natural_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "meld_points": 220, "hand_points": 40}`` with
``went_out`` and ``concealed`` beside it, as they sit beside cards.  The counts are scored by the same code as
cards: each counted canasta (or other scoring meld) stands for one meld of cards built for it, which the variant
classifies and prices as it would the real one, so every variant's bonuses apply; ``meld_points`` and
``hand_points`` replace the card count of the melds and the hands.

Which keys a variant takes is found the same way: a key applies when its meld is a legal one under the options and
earns what the key names (a wild canasta only where wild cards meld, a canasta of sevens only where it has its own
bonus …).  Counts no deal can produce are refused, naming the field.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..cards import Card
from ..errors import InputError
from ..i18n import N_, _, ngettext
from .cards import card_value, deck_of
from .deal import known
from .melds import MeldFault, canasta_bonus, classify, go_out_fault
from .options import Options, OptionsLike
from .read import NO, refuse


def _c(text: str) -> Card:
    rank, suit = (text[:-1], text[-1]) if text[-1] in "SHDC" and text not in ("JK",) else (text, "")
    return Card(rank, suit)


def _cards(*specs: tuple[str, int]) -> list[Card]:
    return [_c(t) for t, n in specs for _i in range(n)]


SEQ = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
WILD_NAMES = {"wild canasta", "canasta of deuces", "bolivia", "free canasta", "seven-joker canasta"}
# key → (the melds that may stand for it, cheapest first; the canasta names it may earn, or None for a meld that is
# no canasta; the option that must be on, if any)
MELDS: dict[str, tuple[list[list[Card]], set | None]] = {
    "natural_canastas": ([_cards(("K", 7))], {"natural canasta"}),
    "mixed_canastas": ([_cards(("K", 7 - w), ("2", w)) for w in (1, 2, 3)], {"mixed canasta"}),
    "mixed_canastas_one_wild": ([_cards(("K", 6), ("2", 1))], {"mixed canasta"}),
    "mixed_canastas_two_wilds": ([_cards(("K", 5), ("2", 2))], {"mixed canasta"}),
    "mixed_canastas_three_wilds": ([_cards(("K", 4), ("2", 3))], {"mixed canasta"}),
    "sevens_canastas": ([_cards(("7", 7))], {"canasta of sevens"}),
    "mixed_sevens_canastas": ([_cards(("7", 7 - w), ("2", w)) for w in (1, 2, 3)],
                              {"canasta of sevens", "mixed canasta of sevens"}),
    "sequence_canastas": ([[_c(r + "H") for r in SEQ[:7]]], {"sequence canasta", "samba", "escalera"}),
    "mixed_sequence_canastas": ([[_c(r + "H") for r in SEQ[:6]] + [_c("2")]], {"mixed sequence canasta"}),
    "wild_canastas": ([_cards(("2", 7 - j), ("JK", j)) for j in range(8)], WILD_NAMES),
    "deuce_canastas": ([_cards(("2", 7))], {"canasta of seven 2s"}),
    "golden_canastas": ([_cards(("2", 7))], {"golden canasta"}),
    "diamond_canastas": ([_cards(("2", 3), ("JK", 4))], {"diamond canasta"}),
    "big_wild_canastas": ([_cards(("2", 3), ("JK", 4))], {"big wild canasta"}),
    "small_wild_canastas": ([_cards(("2", 4), ("JK", 3))], {"small wild canasta"}),
    "joker_canastas": ([_cards(("2", 3), ("JK", 4))], {"canasta of four jokers and three 2s"}),
    "unfinished_wild_melds": ([_cards(("2", 3))], None),
    "short_sequences": ([[_c(r + "H") for r in SEQ[:3]]], None),
    "long_sequences": ([[_c(r + "H") for r in SEQ[:5]]], None),
    "black_threes_melded": ([], None),
}
# keys that are no meld: red threes, card points, cards charged on their own
PLAIN = ("red_threes", "meld_points", "hand_points", "black_threes_in_hand", "sevens_in_hand")
KEYS = tuple(MELDS) + PLAIN
# the option a non-canasta meld key needs to score anything
NEEDS = {"unfinished_wild_melds": lambda o: o.get("wild_melds") == "palace",
         "short_sequences": lambda o: bool(o.get("short_sequence_penalty")),
         "long_sequences": lambda o: bool(o.get("long_sequence_bonus")),
         "black_threes_melded": lambda o: bool(o.get("four_black_threes_out")),
         "black_threes_in_hand": lambda o: o.get("black_three_in_hand", "card_value") != "card_value",
         "sevens_in_hand": lambda o: bool(o.get("sevens_in_hand")),
         "mixed_canastas": lambda o: o.get("mixed_canasta_bonus") != "graded",
         "mixed_canastas_one_wild": lambda o: o.get("mixed_canasta_bonus") == "graded",
         "mixed_canastas_two_wilds": lambda o: o.get("mixed_canasta_bonus") == "graded",
         "mixed_canastas_three_wilds": lambda o: o.get("mixed_canasta_bonus") == "graded",
         "sevens_canastas": lambda o: bool(o.get("sevens_canasta_bonus")),
         "mixed_sevens_canastas": lambda o: bool(o.get("mixed_sevens_bonus")) or (
             bool(o.get("sevens_canasta_bonus")) and bool(o.get("sevens_canasta_mixed")))}
WHY_NOT = N_("this variant has no such canasta or bonus to count")


def _needed(key: str, opts: Options) -> bool:
    """Whether the option a key needs (:data:`NEEDS`) is on; a key that needs none is."""
    need = NEEDS.get(key)
    return need is None or need(opts)



def _meld_for(key: str, opts: Options) -> list[Card] | None:
    """The cheapest legal meld that stands for ``key`` under ``opts``, or None when the variant has none."""
    if not _needed(key, opts):
        return None
    cands, names = MELDS[key]
    return next((m for m in cands if _earns(m, names, opts)), None)


def _earns(m: list[Card], names: set | None, opts: Options) -> bool:
    """Whether ``m`` is a legal meld going out that earns a canasta named in ``names`` (None: no canasta at all)."""
    try:
        bonus = canasta_bonus(classify(m, opts, going_out=True), m, opts)
    except MeldFault:
        return False
    return bonus is None if names is None else bonus is not None and bonus[0] in names


def applicable(opts: OptionsLike) -> list[str]:
    """The count keys the options give a meaning to, in the order of :data:`KEYS`."""
    opts = Options.of(opts)
    return [k for k in KEYS if (_meld_for(k, opts) is not None if k in MELD_KEYS else _needed(k, opts))]


# the keys that stand for melds of cards (black threes melded are priced on their own)
MELD_KEYS = frozenset(MELDS) - {"black_threes_melded"}


def _cheapest(m: list[Card]) -> int:
    """The fewest card points a meld like ``m`` can hold: its natural rank at the cheapest (a 4, 5 or 6)."""
    return sum(5 if c.rank not in ("2", "JK") else card_value(c) for c in m)


# the canastas of a rank, and the wild cards each holds
GROUPS = {"natural_canastas": 0, "mixed_canastas": 1, "mixed_canastas_one_wild": 1, "mixed_canastas_two_wilds": 2,
          "mixed_canastas_three_wilds": 3}
BLACK = [_c("3S"), _c("3C"), _c("3S"), _c("3C")]
# the melds not of a rank (their wild cards count as they stand), and the card value of each rank of a canasta
OTHERS = frozenset(k for k in MELDS if k not in GROUPS and k not in ("sevens_canastas", "mixed_sevens_canastas"))
RANK_VALUE = {r: 5 if r in ("4", "5", "6", "7") else 20 if r == "A" else 10 for r in SEQ}


def side_counts(counts: Any, opts: OptionsLike, side_ptr: str, *, n_players: int, went_out: bool,
                double_ending: bool) -> dict:
    """Check one side's counts and turn them into what :func:`.scoring.settle` scores (through
    :func:`.scoring.counted`): ``{"melds": the melds standing for the counted ones, "meld_points", "hand_points",
    "red_threes", "hands": the cards charged on their own, "counts"}``.
    ``side_ptr`` points at the side (its ``counts`` are under it).  What the sides hold together is checked by
    :func:`deal_counts`."""
    opts = Options.of(opts)
    ptr = side_ptr + "/counts"
    _counts_fit(counts, opts, ptr, n_players)
    deck = deck_of(opts)
    reds_in_deck = 2 * deck.copies
    reds_per_player = counts["red_threes"] if isinstance(counts.get("red_threes"), list) else None
    reds = _total(counts.get("red_threes", 0))
    if reds > reds_in_deck:
        raise InputError(ngettext("the {size}-card deck holds {most} red three, not {n}",
                                  "the {size}-card deck holds {most} red threes, not {n}",
                                  reds_in_deck, size=deck.size, most=reds_in_deck, n=reds), f"{ptr}/red_threes")
    melds = _counted_melds(counts, opts, ptr, deck, went_out)
    if went_out:
        why = go_out_fault([(classify(m, opts, going_out=True), m) for m in melds], opts, reds)
        if why:
            raise InputError(f"{why} (canasta/6.2)", f"{side_ptr}/went_out")
    if counts["meld_points"] and not melds:
        melds.append(_cards(("4", 3)))        # melds that earn no bonus: the side has melded
    hands = _charged_hands(counts, ptr, deck, n_players, went_out, double_ending)
    return {"melds": melds, "meld_points": counts["meld_points"], "hand_points": counts["hand_points"],
            "red_threes": reds, "red_threes_per_player": reds_per_player, "hands": hands, "counts": counts}


# the counts that may be given one number per player of the side: the most one player may hold, and what a list
# that is not one number per player is told
PER_PLAYER = {"black_threes_in_hand": (4, N_("black threes left in hand: a number, or one number (0 to 4) per player "
                                             "of the side")),
              "red_threes": (None, N_("red threes: a number, or one number per player of the side"))}


def _counts_fit(counts: dict, opts: Options, ptr: str, n_players: int) -> None:
    """The counts the variant knows (:func:`applicable`), each a whole number (black threes and red threes also
    one per player of the side), with the card points of the melds and hands, multiples of 5 (canasta/1.4).  The
    schema has read every count as a whole number, 0 or more (for red and black threes, or a list of numbers)."""
    keys = applicable(opts)
    for k, v in counts.items():
        if k not in keys:
            raise InputError(_(WHY_NOT), f"{ptr}/{k}")
        most, words = PER_PLAYER.get(k, (None, ""))
        if isinstance(v, list) and (len(v) != n_players or not all(0 <= x <= (most or x) for x in v)):
            raise InputError(_(words), f"{ptr}/{k}")
    for k in ("meld_points", "hand_points"):
        refuse((k not in counts, N_("give the card points of the side's melds and of the cards left in its hands, 0 "
                                    "when there are none"), NO, f"{ptr}/{k}"),
               (counts.get(k, 0) % 5, N_("every card is worth a multiple of 5 points, so {points} cannot be a count of "
                                         "cards"), {"points": counts.get(k)}, f"{ptr}/{k}"))


def _counted_melds(counts: dict, opts: Options, ptr: str, deck, went_out: bool) -> list[list[Card]]:
    """The cheapest melds standing for the counted ones: black threes melded
    only going out (canasta/2.3), each rank melded once where the variant allows one meld a rank (canasta/3.1), and
    the melds' card points at least what their cards must be worth (canasta/1.4)."""
    melds: list[list[Card]] = []
    least = 0
    for k in (k for k in MELDS if counts.get(k) and k != "black_threes_melded"):
        n = counts[k]
        m = known(_meld_for(k, opts))      # a count the variant has no meld for is refused before
        melds += [m] * n
        least += n * _cheapest(m)
    black = counts.get("black_threes_melded", 0)
    if black and (black not in (3, 4) or not went_out):
        raise InputError(_("black threes are melded three or four at once, in the going-out turn"),
                         f"{ptr}/black_threes_melded")
    melds += [BLACK[:black]] if black else []
    groups = {k: counts.get(k, 0) for k in GROUPS}
    grouped = opts.same_rank_melds != "many" and any(groups.values())
    least += 5 * black + (_ranked_least(counts, groups, opts, ptr) if grouped else 0)
    least += _wild_least(counts, opts, deck, grouped=grouped)
    if counts["meld_points"] < least:
        raise InputError(_("the melds counted hold at least {least} card points, more than {points}",
                           least=least, points=counts["meld_points"]), f"{ptr}/meld_points")
    return melds


def _ranked_least(counts: dict, groups: dict[str, int], opts: Options, ptr: str) -> int:
    """Where a side melds each rank once (canasta/3.1): the canastas of a rank on ranks of their own, no more of them
    than there are ranks, and the points they hold beyond their cheapest melds (priced before): the most naturals on
    the cheapest ranks hold the fewest points."""
    ranks = [r for r in SEQ if not (r == "7" and NEEDS["sevens_canastas"](opts))]
    if sum(groups.values()) > len(ranks):
        raise InputError(ngettext("a side melds each rank once, and {n} rank can make a canasta",
                                  "a side melds each rank once, and {n} ranks can make a canasta",
                                  len(ranks)), f"{ptr}/{_first(counts, tuple(GROUPS))}")
    naturals = sorted((7 - GROUPS[k] for k, n in groups.items() for _i in range(n)), reverse=True)
    return sum(k * v for k, v in zip(naturals, sorted(RANK_VALUE[r] for r in ranks))) \
        - sum(n * _cheapest(known(_meld_for(k, opts))) for k, n in groups.items() if n)


def _charged_hands(counts: dict, ptr: str, deck, n_players: int, went_out: bool,
                   double_ending: bool) -> list[list[Card]]:
    """The cards charged on their own (canasta/2.3): black threes (one hand per player when given per player)
    and sevens left in hand, within the deck (canasta/1.2); the hands' points at least 5 for each player who still
    holds a card (canasta/6.2)."""
    b3 = counts.get("black_threes_in_hand", 0)
    b3_total, sevens = _total(b3), counts.get("sevens_in_hand", 0)
    black = b3_total + counts.get("black_threes_melded", 0)
    if black > 2 * deck.copies:
        raise InputError(ngettext("the {size}-card deck holds {most} black three, not {n}",
                                  "the {size}-card deck holds {most} black threes, not {n}",
                                  2 * deck.copies, size=deck.size, most=2 * deck.copies, n=black),
                         f"{ptr}/black_threes_in_hand")
    # one hand of black threes per player when given per player, then the sevens (at most 4 a player, 6 in all)
    hands = [(BLACK * 2)[:n] for n in (b3 if isinstance(b3, list) else [b3])]
    hands += [[_c("7")] * sevens] if sevens else []
    holders = n_players - ((n_players if double_ending else 1) if went_out else 0)
    if not holders and b3_total + sevens + counts["hand_points"]:       # each 0 or more
        raise InputError(_("the side went out with every hand empty, so no card is left in hand"),
                         f"{ptr}/{_first(counts, ('hand_points', 'black_threes_in_hand', 'sevens_in_hand'))}")
    at_least = 5 * max(0, holders - b3_total - sevens)
    if counts["hand_points"] < at_least:
        raise InputError(ngettext("{n} player of the side still holds cards, so the cards left in hand are worth "
                                  "at least {least} points",
                                  "{n} players of the side still hold cards, so the cards left in hand are worth "
                                  "at least {least} points", holders, least=at_least),
                         f"{ptr}/hand_points")
    return hands


def _wild_least(counts: dict, opts: Options, deck, *, grouped: bool) -> int:
    """The fewest card points of the wild cards in the melds counted: the 2s and the jokers a meld must hold, then
    those that may be either (a mixed canasta's one wild card, a wild canasta's seven …), 2s (20) while the deck has
    any left, then jokers (50); a natural card is worth no more than a 2, so the fewest wild cards are the
    cheapest.  Beyond the deck's wild cards nothing is added: :func:`deal_counts` refuses them.  ``grouped``: the
    canastas of a rank were priced without their wild cards."""
    must_twos = must_jokers = either = 0
    out = 0
    for k in MELDS:
        n = counts.get(k, 0)
        if not n or k == "black_threes_melded":
            continue
        m = known(_meld_for(k, opts))
        if k in GROUPS:
            if not grouped:
                out -= n * sum(card_value(c) for c in m if c.rank in ("2", "JK"))
            either += n * GROUPS[k]
            continue
        out -= n * sum(card_value(c) for c in m if c.rank in ("2", "JK"))     # priced by _cheapest: priced here
        t0, j0, both = _fewest_wilds(k, opts)
        must_twos += n * t0
        must_jokers += n * j0
        either += n * (both - t0 - j0)
    twos_left = sum(1 for c in deck.cards() if c.rank == "2") - must_twos
    jokers_left = sum(1 for c in deck.cards() if c.rank == "JK") - must_jokers
    as_twos = min(either, max(0, twos_left))
    return out + 20 * must_twos + 50 * must_jokers + 20 * as_twos + 50 * min(either - as_twos, max(0, jokers_left))


def _total(v: Any) -> int:
    """A count given as a number or as one number per player."""
    return sum(v) if isinstance(v, list) else v


def _first(counts: dict, keys: tuple[str, ...]) -> str:
    return next((k for k in keys if counts.get(k)), keys[0])


WILD_KEYS = tuple(k for k in MELDS if k not in ("natural_canastas", "sevens_canastas", "sequence_canastas",
                                                  "short_sequences", "long_sequences", "black_threes_melded"))


def _wilds_most(opts: Options) -> int:
    """The most wild cards a canasta of a rank may hold under the options (canasta/3.1)."""
    return max((w for w in range(1, 7) if _legal(_cards(("K", 7 - w), ("2", w)), opts)), default=0)


def _legal(m: list[Card], opts: Options) -> bool:
    try:
        return classify(m, opts, going_out=True) == "group"
    except MeldFault:
        return False


def _rank_wilds(nat: int, mixed: int, cap: int, most: int, limit: int | None) -> int | None:
    """The fewest wild cards ``nat`` natural and ``mixed`` mixed canastas of one rank need, when the deck holds
    ``cap`` cards of the rank; None when they cannot all be made of it."""
    if limit is not None and nat + mixed > limit:
        return None
    need = max(mixed, 7 * (nat + mixed) - cap)        # a mixed canasta holds a wild card at least
    if need > mixed * most or 7 * nat > cap:
        return None
    return need


def deal_counts(counted: list[tuple[str, dict]], opts: OptionsLike, n_sides: int, anyone_out: bool) -> None:
    """What the sides given by counts hold together must fit in the deck (canasta/1.2): the red threes, the black
    threes (melded, in hand, set aside), the card points, the canastas of each rank and the sevens, the wild cards
    (2s and jokers apart and together) and the sequences.  ``counted``: ``(pointer of the side's counts, what
    :func:`side_counts` made of them)``.

    A fault is laid on the field that first asks for more than is left, the sides taken in order and each side's
    counts in the order of :data:`KEYS`: the side whose count exceeds what the sides before it left."""
    opts = Options.of(opts)
    for ptr, d in counted:
        b3 = d["counts"].get("black_threes_in_hand", 0)
        if anyone_out and not d["went_out"] and b3 == 4 and d["n_players"] > 1:
            raise InputError(_("four black threes in one hand count double when the other side went out"
                               ": give them per player, as a list"), f"{ptr}/black_threes_in_hand")
    views = [dict(d["counts"], black_threes_set_aside=d.get("black_threes_aside", 0)) for _p, d in counted]
    order = KEYS + ("black_threes_set_aside",)
    for check in _CHECKS:
        why = check(views, opts, n_sides)
        if why is None:
            continue
        # the first prefix of the counts (sides in order, keys in order) that the check already refuses
        for i, (ptr, _d) in enumerate(counted):
            for j, key in enumerate(order):
                if not views[i].get(key):
                    continue
                part = views[:i] + [{k: v for k, v in views[i].items() if k in order[:j + 1]}]
                if check(part, opts, n_sides) is not None:
                    where = (ptr[:-len("/counts")] if key == "black_threes_set_aside" else ptr) + "/" + key
                    raise InputError(why, where)
        raise InputError(why, f"{counted[-1][0]}")      # not reached: the whole is the last prefix


def _sum(views: list[dict], *keys: str) -> int:
    return sum(_total(v.get(k, 0)) for v in views for k in keys)


def _reds(views, opts: Options, n_sides):
    return _threes(views, opts, ("red_threes",), lambda count, **kw: ngettext(
        "the {size}-card deck holds {most} red three, and the sides count {n}",
        "the {size}-card deck holds {most} red threes, and the sides count {n}", count, **kw))


def _blacks(views, opts: Options, n_sides):
    return _threes(views, opts, ("black_threes_melded", "black_threes_in_hand", "black_threes_set_aside"),
                   lambda count, **kw: ngettext(
                       "the {size}-card deck holds {most} black three, and the sides count {n}",
                       "the {size}-card deck holds {most} black threes, and the sides count {n}",
                       count, **kw))


def _threes(views, opts: Options, keys, message):
    """The threes of one colour counted by the sides together (``keys``), against the two per pack the deck holds:
    ``message(count, size=, most=, n=)`` when they are more, else None."""
    deck = deck_of(opts)
    n = _sum(views, *keys)
    if n > 2 * deck.copies:
        return message(2 * deck.copies, size=deck.size, most=2 * deck.copies, n=n)
    return None


def _card_points(views, opts: Options, n_sides):
    deck = deck_of(opts)
    total = _sum(views, "meld_points", "hand_points")
    worth = sum(card_value(c) for c in deck.cards())
    if total > worth:
        return _("the sides count {total} card points in melds and hands, and the whole deck is worth {worth}"
                 "", total=total, worth=worth)
    return None


def _group_wilds(views, opts: Options, n_sides) -> int | None:
    """The fewest wild cards the canastas of a rank the sides count need, shared out over the ranks; None when
    the deck's cards of a rank cannot make them."""
    deck = deck_of(opts)
    per_rank = 4 * deck.copies
    sevens = NEEDS["sevens_canastas"](opts)
    ranks = len(SEQ) - (1 if sevens else 0)
    limit = n_sides if opts.same_rank_melds != "many" else None
    most = _wilds_most(opts)
    nat = _sum(views, "natural_canastas")
    mixed = _sum(views, *(k for k in GROUPS if k != "natural_canastas"))
    best: dict[tuple[int, int], int] = {(0, 0): 0}
    for _r in range(ranks):
        nxt: dict[tuple[int, int], int] = {}
        for (a, b), w in best.items():
            for da in range(0, nat - a + 1):
                for db in range(0, mixed - b + 1):
                    need = _rank_wilds(da, db, per_rank, most, limit)
                    if need is None:      # more mixed canastas of the rank need more still
                        break
                    key = (a + da, b + db)
                    if nxt.get(key, 1 << 30) > w + need:
                        nxt[key] = w + need
        best = nxt
    return best.get((nat, mixed))


def _ranks(views, opts: Options, n_sides):
    if _group_wilds(views, opts, n_sides) is None:
        n = 4 * deck_of(opts).copies
        return ngettext("the deck holds {n} card of each rank: not enough for {nat} natural and {mixed} mixed "
                        "canastas between the sides",
                        "the deck holds {n} cards of each rank: not enough for {nat} natural and {mixed} mixed "
                        "canastas between the sides", n, nat=_sum(views, "natural_canastas"),
                        mixed=_sum(views, *(k for k in GROUPS if k != "natural_canastas")))
    return None


def _seven_wilds(views, opts: Options, n_sides) -> int | None:
    """The fewest wild cards the canastas of sevens need, the sevens left in hand taken from the deck first."""
    s_nat, s_mixed = _sum(views, "sevens_canastas"), _sum(views, "mixed_sevens_canastas")
    cap = 4 * deck_of(opts).copies - _sum(views, "sevens_in_hand")
    if cap < 0:
        return None
    if not (s_nat or s_mixed):
        return 0
    limit = n_sides if opts.same_rank_melds != "many" else None
    return _rank_wilds(s_nat, s_mixed, cap, _wilds_most(opts), limit)


def _sevens(views, opts: Options, n_sides):
    if _seven_wilds(views, opts, n_sides) is None:
        n = 4 * deck_of(opts).copies
        return ngettext("the deck holds {n} seven: not enough for the canastas of sevens and the sevens in hand "
                        "the sides count",
                        "the deck holds {n} sevens: not enough for the canastas of sevens and the sevens in hand "
                        "the sides count", n)
    return None


def _wilds(views, opts: Options, n_sides):
    """2s and jokers: the melds of fixed make-up take theirs; the canastas of a rank and of sevens take any."""
    group, seven = _group_wilds(views, opts, n_sides), _seven_wilds(views, opts, n_sides)
    if group is None or seven is None:
        return None                     # refused by the check of ranks or of sevens
    twos = jokers = fixed = 0       # the fewest 2s, the fewest jokers and all the wild cards of the other melds
    for v in views:
        for k in v.keys() & OTHERS:
            t0, j0, both = _fewest_wilds(k, opts)
            twos, jokers, fixed = twos + v.get(k, 0) * t0, jokers + v.get(k, 0) * j0, fixed + v.get(k, 0) * both
    cards = deck_of(opts).cards()
    twos_in_deck = sum(1 for c in cards if c.rank == "2")
    jokers_in_deck = sum(1 for c in cards if c.rank == "JK")
    if twos > twos_in_deck or jokers > jokers_in_deck or fixed + group + seven > twos_in_deck + jokers_in_deck:
        return ngettext("the deck holds {n} wild card ({jokers} of them jokers): fewer than the canastas the "
                        "sides count need",
                        "the deck holds {n} wild cards ({jokers} of them jokers): fewer than the canastas the "
                        "sides count need", twos_in_deck + jokers_in_deck, jokers=jokers_in_deck)
    return None


@lru_cache(maxsize=4096)       # option sets are many: keep the cache small
def _compositions(k: str, opts: Options) -> list[tuple[int, int]]:
    """The (2s, jokers) a meld standing for ``k`` may hold under the options: each meld of :data:`MELDS` with any of
    its 2s made jokers or its jokers 2s, where the variant still classifies and prices it as ``k``."""
    cands, names = MELDS[k]
    out: set[tuple[int, int]] = set()
    for m in cands if _needed(k, opts) else []:
        wild = sum(1 for c in m if c.rank in ("2", "JK"))
        plain = [c for c in m if c.rank not in ("2", "JK")]
        out |= {(wild - j, j) for j in range(wild + 1)
                if _earns(plain + [_c("2")] * (wild - j) + [_c("JK")] * j, names, opts)}
    return sorted(out)


def _fewest_wilds(k: str, opts: Options) -> tuple[int, int, int]:
    """The fewest 2s, the fewest jokers and the fewest wild cards in all a meld standing for ``k`` holds
    (:func:`_compositions`, which finds the meld :func:`_meld_for` stands for a counted key among them; none for
    a key the variant has no meld for)."""
    comps = _compositions(k, opts) or [(0, 0)]
    return min(t for t, _j in comps), min(j for _t, j in comps), min(t + j for t, j in comps)



def _sequences(views, opts: Options, n_sides):
    deck = deck_of(opts)
    natural_seq = _sum(views, "sequence_canastas")
    all_seq = natural_seq + _sum(views, "mixed_sequence_canastas")
    if natural_seq > 4 * (len(SEQ) * deck.copies // 7) or all_seq > 4 * (len(SEQ) * deck.copies // 6):
        n = len(SEQ) * deck.copies
        return ngettext("the deck holds {n} card of each suit from 4 to A: not enough for the sequences the sides "
                        "count",
                        "the deck holds {n} cards of each suit from 4 to A: not enough for the sequences the sides "
                        "count", n)
    return None


_CHECKS = (_reds, _blacks, _card_points, _ranks, _sevens, _wilds, _sequences)
