"""Request bodies into Canasta states: cards (a rank alone where the suit does not matter), melds, sides and seats,
a finished deal for ``score``, a described position for ``check`` (a :class:`~.deal.DealState` and its facts), a
``deal`` event for ``validate``.

Everything here raises :class:`~referee.errors.InputError` (HTTP 422) for input no real game can produce, with the
JSON pointer of the field; rule violations in possible positions are for :mod:`.deal` to rule on.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, cast

from ..cards import JOKER, Card, DeckSpec
from ..common import UNSAID, Unsaid, distinct_names, first_unread, missing_scores
from ..errors import InputError, esc
from ..i18n import N_, Rank, _, alternatives, ngettext, number
from .cards import deck_of, is_black_three, is_red_three, is_wild
from .counts import deal_counts, side_counts
from .deal import UNSEEN, DealState, Layout, Pile, group_cards, natural_rank, same, take_from
from .melds import MeldFault, classify, excess_wilds, go_out_fault, is_canasta, meld_key, meld_ok, without_wilds
from .options import Options, OptionsLike, deal_size
from .pile import described, upcard_faults

if TYPE_CHECKING:       # the request records (the schemas' layer: read here, never imported at run time)
    from schemas.canasta_records import (
        Action,
        CheckRequest,
        Deal,
        DealSide,
        Event,
        FinishedDeal,
        Irregularity,
        PartialHand,
        Position,
        ScoreRequest,
        Side,
        TurnSoFar,
        ValidateRequest,
    )

PENALTIES = {  # irregularity type (one of the schema's) → (rule, points)
    "illegal_meld": ("canasta/8.2", 100),
    "red_three_not_laid_out": ("canasta/8.3", 500),
    "pile_taken_illegally": ("canasta/8.4", 100),
    "permission_breach": ("canasta/8.5", 100),
    "out_without_canasta": ("canasta/8.6", 100),
    "excess_wild_cards": ("canasta/8.2", 50),   # per excess wild card ("count")
}
IRREGULARITY_NOTES = {"illegal_meld": N_("illegal meld"), "red_three_not_laid_out": N_("red three not laid out"),
                      "pile_taken_illegally": N_("pile taken illegally"), "permission_breach": N_("permission breach"),
                      "out_without_canasta": N_("out without canasta")}

# the partnerships canasta/1.1 allows, by the number of players: the sides' sizes (smallest first), and what a table
# of equal sides that is not one of them is told (five are told theirs whatever the sizes)
_ALONE = N_("with two or three players each plays for himself: one player per side")
PARTNERSHIPS = {2: ([[1, 1]], _ALONE), 3: ([[1, 1, 1]], _ALONE),
                4: ([[2, 2]], N_("four play as two partnerships of two")),
                5: ([[2, 3]], N_("five play as a pair against a trio")),
                6: ([[3, 3], [2, 2, 2]], N_("six play as two sides of three or three sides of two"))}


# ---------------------------------------------------------------- input helpers

def _refuse(*checks: tuple[object, str, dict, str]) -> None:
    """The consistency checks of a request, as data: each ``(broken, words, params, pointer)``, in the order they
    are told.  InputError at the first that is broken, its words (a message id) in the request's language."""
    for broken, words, params, ptr in checks:
        if broken:
            raise InputError(_(words, **params), ptr)


_NO: dict[str, object] = {}    # a check's words without parameters



def _check_going_out(went_out: bool, double: bool, opts: Options, ptr: str) -> None:
    """A side's ``went_out`` and ``double_ending`` against the variant (canasta/6.2, 6.6), cards or counts alike."""
    _refuse((went_out and opts.no_going_out, N_("nobody goes out in this game: the deal runs to the end of the stock"),
             _NO, ptr + "/went_out"),
            (double and not (went_out and opts.double_ending),
             N_("a double ending is the going-out side's, and only where the game plays it"), _NO,
             ptr + "/double_ending"))


def _one_player_fits(one_player: bool | None, n_reds: int, opts: Options, ptr: str) -> None:
    """All four red threes said to be one player's (canasta/2.2): only where that doubles them, and only with four."""
    _refuse((one_player and opts.red_three_scale != "one_player_doubles",
             N_("all four red threes to one player count only where that doubles them"), _NO,
             ptr + "/one_player_all_reds"),
            (one_player and n_reds != 4,
             N_("one player is said to have collected all four red threes; the side shows {n}"), {"n": n_reds},
             ptr + "/one_player_all_reds"))


def _set_aside(ds: DealSide, opts: Options, ptr: str) -> int:
    """The black threes a side set aside from taken piles (option black_threes_set_aside, canasta/2.3)."""
    aside = ds.black_threes_set_aside or 0
    _refuse((aside and not opts.black_threes_set_aside,
             N_("black threes are set aside only in a game played that way"), _NO, ptr + "/black_threes_set_aside"))
    return aside


class Tally:
    """Copies of each card seen so far, against what the packs hold (canasta/1.2): 2 (3) of each suited card,
    8 (12) of a rank, 4 (6) jokers.  :meth:`add` returns the problems the new cards cause."""

    def __init__(self, deck: DeckSpec, rule: str = "canasta/1.2") -> None:
        self.deck, self.rule = deck, rule
        self.exact: Counter = Counter()
        self.by_rank: Counter = Counter()

    def add(self, ptr: str, cards: list[Card], single: bool = False) -> list[dict]:
        """Count ``cards`` (at ``ptr``; ``single``: ``ptr`` names one card, not a list)."""
        out = []
        deck = self.deck
        for i, c in enumerate(cards):
            self.by_rank[c.rank] += 1
            self.exact[c] += 1          # a joker's too (only suited cards are looked up)
            limit_rank = deck.jokers if c.rank == JOKER else deck.copies * 4
            if c.suit and self.exact[c] > deck.copies:
                where = ptr if single else f"{ptr}/{i}"
                out.append({"pointer": where, "detail": _("more copies of {card} than the {size}-card deck holds "
                                                          "({copies})", card=c, size=deck.size,
                                                          copies=deck.copies)})
            elif self.by_rank[c.rank] > limit_rank:
                detail = _("more jokers than the {size}-card deck holds ({limit})", size=deck.size,
                           limit=limit_rank) if c.rank == JOKER else \
                    _("more cards of rank {rank} than the {size}-card deck holds ({limit})", rank=Rank(c.rank),
                      size=deck.size, limit=limit_rank)
                out.append({"pointer": ptr if single else f"{ptr}/{i}", "detail": detail})
        return out


def conservation(groups: list[tuple[str, list[Card]]], deck: DeckSpec, rule: str = "canasta/1.2") -> list[dict]:
    """Problems where the cards of ``groups`` (``(pointer, cards)`` pairs) exceed the deck (see :class:`Tally`)."""
    tally = Tally(deck, rule)
    return [p for ptr, cards in groups for p in tally.add(ptr, cards)]


def player_at(value: str | None, layout: Layout, ptr: str) -> str:
    """One of the players, or InputError at ``ptr``."""
    players = {"players": list(layout.seats), "player": value, "name": repr(value)}
    _refuse((value is None, N_("name the player (one of {players})"), players, ptr),
            (value == layout.sitting_out, N_("{player} sits this deal out: the players are {players}"), players, ptr),
            (value not in layout.side_of, N_("{name} is not one of the players ({players})"), players, ptr))
    assert value is not None
    return value


def parse_table(req: ScoreRequest | CheckRequest | ValidateRequest, variant,
                opts: OptionsLike) -> tuple[Layout, dict[str, int], int]:
    """The sides in seat order, their totals before the deal and the game target (canasta/1.1, 7.2)."""
    opts = Options.of(opts)
    sides = req.sides
    ids, players = _seating(sides, variant)
    scores = _scores_before(req, ids, opts)
    target = _target_of(opts, scores, len(players))
    alone = max(len(s.players) for s in sides) < 2
    dealer = getattr(req, "dealer", None)          # validate's body names no dealer
    _refuse((alone and opts.double_ending,
             N_("the double ending is laid by a partner: it needs sides of two or more"), _NO,
             "/options/double_ending"),
            (alone and opts.ask_required, N_("a player asks his partner: asking needs sides of two or more"), _NO,
             "/options/ask_required"),
            (dealer is not None and dealer not in players, N_("{name} is not one of the players ({players})"),
             {"name": repr(dealer), "players": players}, "/dealer"))
    return Layout.of([{"id": s.id, "players": s.players} for s in sides]), scores, target


def _seating(sides: list[Side], variant) -> tuple[list[str], list[str]]:
    """The side ids and the players in seat order, ``(ids, players)``: names all different, as many players as the
    variant is played by, in the partnerships canasta/1.1 allows for their number."""
    ids = [s.id for s in sides]
    players = [p for s in sides for p in s.players]
    # a side may bear its only player's name; otherwise ids and names are all different
    clash = any(s.id in players and s.players != [s.id] for s in sides)
    sizes = sorted(len(s.players) for s in sides)
    allowed, why = PARTNERSHIPS.get(len(players), ([sizes], ""))
    _refuse((not distinct_names(ids) or not distinct_names(players) or clash,
             N_("side ids and player names must all be different, ignoring case and Unicode normalisation (a "
                "one-player side may bear its player's name)"), _NO, "/sides"),
            (len(players) not in variant.players, N_("variant {variant} is played by {counts} players, not {n}"),
             {"variant": variant.id, "counts": alternatives(variant.players), "n": len(players)}, "/sides"),
            (sizes not in allowed and (len(set(sizes)) == 1 or len(players) == 5), why, _NO, "/sides"),
            (sizes not in allowed, N_("every side has the same number of players"), _NO, "/sides"))
    return ids, players


def _scores_before(req: ScoreRequest | CheckRequest | ValidateRequest, ids: list[str],
                   opts: Options) -> dict[str, int]:
    """Each side's total before the deal (``state.scores``, 0 when not given; multiples of 5, canasta/7.1), and
    the deals played under option max_rounds (canasta/7.2)."""
    scores = dict.fromkeys(ids, 0)
    state = req.state or _NO_STATE
    rounds = state.rounds
    if rounds is not None and opts.max_rounds is not None and rounds >= opts.max_rounds:
        raise InputError(ngettext("{rounds} deals are played: the game ended after {n}",
                                  "{rounds} deals are played: the game ended after {n}",
                                  opts.max_rounds, rounds=rounds), "/state/rounds")
    missing = missing_scores({"scores": state.scores, "rounds": rounds}, ids, ("rounds",), sides=True)
    if missing:
        raise InputError(missing)
    for k, v in (state.scores or {}).items():
        _refuse((k not in scores, N_("{name} is not one of the sides ({sides})"), {"name": repr(k), "sides": ids},
                 f"/state/scores/{esc(k)}"),
                (v % 5, N_("a side's total: an integer multiple of 5 (every card and bonus is)"), _NO,
                 f"/state/scores/{esc(k)}"))
        scores[k] = v
    return scores


@dataclass(frozen=True)
class _NoState:
    """Stands for the ``state`` a request leaves out: a new game."""

    scores: None = None
    rounds: None = None


_NO_STATE = _NoState()


def _target_of(opts: Options, scores: dict[str, int], n_players: int) -> int:
    """The game's target (canasta/7.2): option target, or by the sides of the six-player game (10,000 for two,
    7,500 for three); no side is at or past it yet."""
    _refuse((opts.target is None and n_players != 6,
             N_("without a target only the six-player game picks one, by its sides; with {n} players give the target"),
             {"n": n_players}, "/options/target"))
    target = opts.target if opts.target is not None else (10000 if len(scores) == 2 else 7500)
    _refuse(*((v >= target, N_("{side} already has {total}, at or past the target of {target}: the game is over"),
               {"side": k, "total": number(v), "target": number(target)}, f"/state/scores/{esc(k)}")
              for k, v in scores.items()))
    return target



def irregularity_penalties(raw: list[Irregularity] | None, sides: list[str],
                           ptr: str = "/deal/irregularities") -> list[dict]:
    """Penalties for the irregularities reported with a deal (canasta/8.2–8.6, 8.10: only the offender pays)."""
    out = []
    for i, irr in enumerate(raw or []):
        p = f"{ptr}/{i}"
        excess = irr.type == "excess_wild_cards"
        count = irr.count if irr.count is not None else 1
        _refuse((irr.side not in sides, N_("name one of the sides ({sides})"), {"sides": list(sides)}, p + "/side"),
                (not excess and irr.count is not None, N_("a count is given only for excess wild cards"), _NO,
                 p + "/count"),
                (excess and irr.count is None, N_("give the number of wild cards over the limit (50 each)"), _NO,
                 p + "/count"),
                (not 1 <= count <= 9, N_("the number of wild cards over the limit is 1 to 9"), _NO, p + "/count"))
        rule, pts = PENALTIES[irr.type]
        note = _("excess wild cards ({count} x 50)", count=count) if excess else _(IRREGULARITY_NOTES[irr.type])
        out.append({"rule": rule, "side": irr.side, "points": -pts * count, "note": note})
    return out


def side_melds_of(melds: list[list[Card]], opts: OptionsLike, ptr: str, going_out: bool,
                  excess: list | None = None) -> list[str]:
    """Check a side's melds on the table (canasta/3.1–3.4, 2.3): each legal, one group per rank, one meld of
    wild cards.  Returns their kinds.  Melds carrying wild cards over the limit are collected in ``excess``
    (when given) for the irregularity excess_wild_cards (canasta/8.2)."""
    opts = Options.of(opts)
    kinds, seen = [], set()
    for j, m in enumerate(melds):
        try:
            kind = classify(m, opts, going_out=going_out)
        except MeldFault as e:
            over = excess_wilds(m, opts)
            if excess is not None and over and meld_ok(without_wilds(m, over), opts, going_out):
                excess.append((over, f"{ptr}/{j}"))
                kind = "group"
            else:
                raise InputError(str(e), f"{ptr}/{j}") from None      # the ruling in words (its rule is e.rule)
        key = natural_rank(m) if kind == "group" else ("wild" if kind == "wild" else None)
        if key is not None and key in seen and opts.same_rank_melds != "many":
            raise InputError(_("a side has one meld of wild cards") if key == "wild" else
                             _("a side has one meld of each rank: {rank} is melded twice",
                               rank=Rank(key)), f"{ptr}/{j}")
        seen.add(key)
        kinds.append(kind)
    return kinds


def _counted_side(ds: DealSide, opts: Options, ptr: str, n_players: int) -> dict:
    """A side given by ``counts`` (:mod:`.counts`) in place of cards: what :func:`.scoring.settle` takes."""
    _refuse(*((v is not None, N_("a side is given by its cards or by counts, not both"), _NO, f"{ptr}/{k}")
              for k, v in (("melds", ds.melds), ("red_threes", ds.red_threes), ("hands", ds.hands))))
    went_out, concealed, double = bool(ds.went_out), bool(ds.concealed), bool(ds.double_ending)
    _check_going_out(went_out, double, opts, ptr)
    aside = _set_aside(ds, opts, ptr)
    assert ds.counts is not None        # a side by counts
    got = side_counts(ds.counts.given(), opts, ptr, n_players=n_players, went_out=went_out, concealed=concealed,
                      double_ending=double)
    one_player = ds.one_player_all_reds
    _one_player_fits(one_player, got["red_threes"], opts, ptr)
    per_player = got["red_threes_per_player"]
    if per_player is not None and opts.red_three_scale == "one_player_doubles":
        # the red threes given per player say whether one player collected all four (canasta/2.2)
        if one_player is not None and one_player != (4 in per_player):
            raise InputError(_("the red threes given player by player say otherwise"), ptr + "/one_player_all_reds")
        one_player = 4 in per_player
    return {**got, "went_out": went_out, "concealed": concealed, "double_ending": double,
            "one_player_all_reds": one_player, "black_threes_aside": aside, "n_players": n_players}


def _side_cards(ds: DealSide, ptr: str, sid: str, active: Layout, layout: Layout,
                n_players: int) -> tuple[list[list[Card]], list[Card], list[list[Card]]]:
    """A side's cards as the deal gives them: ``(melds, red threes laid out, each player's hand)``, one hand per
    player of the side in play (canasta/1.1); the red threes are red threes only (the schema's)."""
    melds, reds, hands = ds.melds or [], ds.red_threes or [], ds.hands or []
    if len(hands) != n_players:
        if active.sitting_out in layout.members[sid] and len(hands) == len(layout.members[sid]):
            # a hand for every member of the trio: one of them went to the player sitting out
            raise InputError(_("{player} sits this deal out and is dealt no cards: give the hands of {players} "
                               "only, in that order", player=active.sitting_out,
                               players=active.members[sid]), ptr + "/hands")
        raise InputError(_("give one hand per player of the side in play ({n}), in the order of its players",
                           n=n_players), ptr + "/hands")
    return melds, reds, hands


def _one_player_all_reds(ds: DealSide, ptr: str, reds: list[Card], kept_in_hand: list[int],
                         opts: Options) -> bool | None:
    """Whether one player of the side collected all four red threes (option red_three_scale one_player_doubles,
    canasta/2.2): as given (None: not said), or true where the deal shows all four in one hand."""
    one_player = ds.one_player_all_reds                # None: the request does not say
    if len(set(kept_in_hand)) > 1 and one_player:
        raise InputError(_("one player is said to have collected all four red threes; the deal shows red threes kept "
                           "in two players' hands"), ptr + "/one_player_all_reds")
    if len(kept_in_hand) == 4 and not reds:            # all four are in one hand: the deal shows it
        if one_player is False:
            raise InputError(_("one player holds all four red threes in his hand: say that one player collected them "
                               "all"),
                             ptr + "/one_player_all_reds")
        if opts.red_three_scale == "one_player_doubles":
            one_player = True
    return one_player


def _side_ending_fits(ds: DealSide, ptr: str, opts: Options, melds: list[list[Card]], hands: list[list[Card]],
                      kinds: list[str], deciding: list[list[Card]], reds: list[Card], n_reds: int,
                      one_player: bool | None, n_players: int, dealt: int) -> None:
    """How the side's deal ended fits its cards: going out (canasta/6.2) with the canastas it needs and only the
    player out (or, double ending, every player, canasta/6.6) left without cards; concealed (canasta/6.4) only
    going out, as the cards allow; all four red threes of one player only with four (canasta/2.2)."""
    went_out, concealed, double = bool(ds.went_out), bool(ds.concealed), bool(ds.double_ending)
    _refuse((concealed and not went_out, N_("only going out can be concealed"), _NO, ptr + "/concealed"))
    _check_going_out(went_out, double, opts, ptr)
    _one_player_fits(one_player, n_reds, opts, ptr)
    empty = [h for h in hands if not h]
    why = go_out_fault(list(zip(kinds, deciding)), opts, len(reds)) if went_out else None
    if why:
        raise InputError(f"{why} (canasta/6.2)", ptr + "/went_out")     # a ruling and its rule ID
    _refuse((went_out and len(empty) != (n_players if double else 1),
             N_("the player who went out holds no card and his partners hold at least one (all lay down with a "
                "double ending)"), _NO, ptr + "/hands"),
            (empty and not went_out, N_("only the player who went out can end with no card"), _NO, ptr + "/hands"))
    if concealed:
        _concealed_fits(melds, hands, dealt, opts, ptr)


def _side_card_count(ptr: str, opts: Options, melds: list[list[Card]], hands: list[list[Card]], aside: int,
                     kept_listed: int, dealt: int, n_players: int) -> tuple[int, int]:
    """The side's cards against its deal (canasta/1.5): ``(cards shown, cards dealt to it)``; a deal only adds to
    the cards dealt, and a side that never melded holds what its players were dealt."""
    held = sum(len(m) for m in melds) + sum(len(h) for h in hands) + aside + kept_listed
    dealt_side = dealt * n_players + (opts.opening_bonus_cards if melds else 0)
    if held < dealt_side:
        raise InputError(_("each player is dealt {dealt} cards and a deal only adds to them: the side shows "
                           "{held} cards in melds and hands, fewer than {least}", dealt=dealt,
                           held=held, least=dealt_side), ptr)
    if not melds:
        short = 0                                       # cards a kept red three given under red_threes stands for
        for j, h in enumerate(hands):
            short += max(0, dealt - len(h))
            if short > kept_listed or (opts.draw_count == 1 and len(h) > dealt):
                raise InputError(_("a player whose side never melded holds the {dealt} cards he was dealt"
                                   ", not {n}", dealt=dealt, n=len(h)), f"{ptr}/hands/{j}")
    return held, dealt_side


def _carded_side(ds: DealSide, deal: FinishedDeal, sid: str, ptr: str, opts: Options, active: Layout, layout: Layout,
                 dealt: int, excess: list) -> tuple[dict, tuple[int, bool], list[tuple[str, list[Card]]]]:
    """One side of a finished deal given by its cards: ``(its entry for settle, (cards beyond its deal, has a
    canasta), the groups of cards it shows with their pointers)``; ``excess`` collects its melds' excess wild
    cards (canasta/8.2)."""
    n_players = len(active.members[sid])
    melds, reds, hands = _side_cards(ds, ptr, sid, active, layout, n_players)
    # a red three still in a hand at the end is one of the cards dealt or drawn, never replaced: it counts for
    # or against the side like the others (canasta/2.2), and costs 500 only if its holder had a turn to lay it
    # out, which the irregularity red_three_not_laid_out reports (canasta/8.3)
    kept_in_hand = [j for j, h in enumerate(hands) for c in h if is_red_three(c)]
    kept_reported = len(_reported(deal, "red_three_not_laid_out", sid))
    kept_listed = max(0, kept_reported - len(kept_in_hand))   # kept threes given under red_threes instead
    n_reds = len(reds) + len(kept_in_hand)
    went_out, concealed, double = bool(ds.went_out), bool(ds.concealed), bool(ds.double_ending)
    one_player = _one_player_all_reds(ds, ptr, reds, kept_in_hand, opts)
    aside = _set_aside(ds, opts, ptr)
    kinds = side_melds_of(melds, opts, ptr + "/melds", went_out, excess)
    # excess wild cards left in a meld (canasta/8.2) count their points but make no canasta
    deciding = [without_wilds(m, excess_wilds(m, opts)) if k == "group" else m for k, m in zip(kinds, melds)]
    _side_ending_fits(ds, ptr, opts, melds, hands, kinds, deciding, reds, n_reds, one_player, n_players, dealt)
    held, dealt_side = _side_card_count(ptr, opts, melds, hands, aside, kept_listed, dealt, n_players)
    groups = [(f"{ptr}/melds/{j}", m) for j, m in enumerate(melds)] + [(ptr + "/red_threes", reds)]
    groups += [(f"{ptr}/hands/{j}", h) for j, h in enumerate(hands)]
    entry = {"melds": melds, "red_threes": n_reds, "went_out": went_out,
             "hands": [[c for c in h if not is_red_three(c)] for h in hands],
             "concealed": concealed, "double_ending": double, "one_player_all_reds": one_player,
             "black_threes_aside": aside}
    return entry, (held - dealt_side, any(is_canasta(k, m) for k, m in zip(kinds, deciding))), groups


def _deal_fits(deal: FinishedDeal, layout: Layout, scores: dict[str, int], opts: Options, deck: DeckSpec,
               per_side: dict[str, dict], surplus: dict[str, tuple[int, bool]], groups: list) -> None:
    """The sides together against the deck and the deal (canasta/1.2, 4.2, 6.2): every side given, one side out
    at most, the counted sides' totals, the first canasta's stock cards, the black threes and every card once."""
    missing = [s for s in layout.sides if s not in per_side]
    made = [n for n, canasta in surplus.values() if canasta]    # the cards beyond their deal of the sides with one
    bonus = opts.first_canasta_bonus_cards
    _refuse((missing, N_("give every side's cards (missing: {sides})"), {"sides": missing}, "/deal/sides"),
            (sum(v["went_out"] for v in per_side.values()) > 1, N_("only one side goes out"), _NO, "/deal/sides"))
    counted = [(f"/deal/sides/{i}/counts", per_side[ds.id]) for i, ds in enumerate(deal.sides) if ds.counts]
    if counted:
        deal_counts(counted, opts, len(layout.sides), any(v["went_out"] for v in per_side.values()))
    black = sum(is_black_three(c) for _p, cs in groups for c in cs) + sum(v["black_threes_aside"]
                                                                          for v in per_side.values())
    _refuse((bonus and made and max(made) < bonus,
             N_("the first canasta of the deal brings its maker {n} stock cards: a side with a canasta shows at least "
                "{n} cards more than its players were dealt"), {"n": bonus}, "/deal/sides"),
            (black > 2 * deck.copies, N_("the {size}-card deck holds {most} black threes; the deal shows {n}"),
             {"size": deck.size, "most": 2 * deck.copies, "n": black}, "/deal/sides"))
    problems = conservation(groups, deck)
    if problems:
        raise InputError(problems)


def _reported(deal: FinishedDeal, kind: str, sid: str) -> list[tuple[int, Irregularity]]:
    """The irregularities of type ``kind`` the deal reports against side ``sid``, with their places."""
    return [(k, irr) for k, irr in enumerate(deal.irregularities or []) if irr.type == kind and irr.side == sid]


def _excess_wilds_fit(deal: FinishedDeal, per_side: dict[str, dict], excess: dict[str, list]) -> None:
    """Excess wild cards left in melds (canasta/8.2) are reported as the irregularity excess_wild_cards, with their
    count, and stay in the side's melds of a rank."""
    for sid, items in excess.items():
        reports = _reported(deal, "excess_wild_cards", sid)
        reported = sum(irr.count or 0 for _k, irr in reports)
        if sum(o for o, _w in items) > reported:
            over, where = items[0]
            raise InputError(ngettext("this meld holds {n} wild card over the limit; excess wild cards stay in a "
                                      "meld only when found too late, reported as an irregularity of excess wild "
                                      "cards with their count",
                                      "this meld holds {n} wild cards over the limit; excess wild cards stay in a "
                                      "meld only when found too late, reported as an irregularity of excess wild "
                                      "cards with their count", over), where)
        # excess wild cards stay in their melds (naturals added later may bring a meld back within the ratio, so
        # the excess need not show; the wild cards themselves must)
        wild_in_groups = sum(sum(map(is_wild, m)) for m in per_side[sid]["melds"] if not all(map(is_wild, m)))
        if reported > wild_in_groups:
            raise InputError(ngettext("excess wild cards stay in their melds, and {side}'s melds of a rank hold {n} "
                                      "wild card in all, fewer than {reported}",
                                      "excess wild cards stay in their melds, and {side}'s melds of a rank hold {n} "
                                      "wild cards in all, fewer than {reported}", wild_in_groups,
                                      side=sid, reported=reported), f"/deal/irregularities/{reports[0][0]}/count")


def _kept_red_threes_fit(deal: FinishedDeal, layout: Layout, per_side: dict[str, dict]) -> None:
    """A red three reported kept in hand (canasta/8.3) is one of the side's red threes."""
    for sid in layout.sides:
        kept = len(_reported(deal, "red_three_not_laid_out", sid))
        if kept > per_side[sid]["red_threes"]:
            raise InputError(ngettext("{side} reports {n} red three kept in hand: give it in the hand that kept it, "
                                      "or with the side's red threes (it scores like the others)",
                                      "{side} reports {n} red threes kept in hand: give them in the hands that kept "
                                      "them, or with the side's red threes (they score like the others)", kept,
                                      side=sid), "/deal/irregularities")



def finished_deal(req: ScoreRequest, variant,
                  opts: OptionsLike) -> tuple[Layout, dict[str, int], int, dict[str, dict], list[dict]]:
    """A completed deal as ``score`` receives it (``deal.sides[]`` with melds, red threes, each player's cards left,
    who went out): ``(layout, scores before, target, per_side, penalties)``, ``per_side`` as :func:`.scoring.settle`
    takes it.  InputError for a deal no real game can produce."""
    opts = Options.of(opts)
    layout, scores, target = parse_table(req, variant, opts)
    deck = deck_of(opts)
    deal = req.deal
    active = layout.active(sitting_out(deal.sitting_out, layout, "/deal/sitting_out"))
    dealt = deal_size(opts, len(active.seats))
    per_side: dict[str, dict] = {}
    surplus: dict[str, tuple[int, bool]] = {}     # side → (cards shown beyond its deal, has a canasta)
    groups = []
    excess: dict[str, list] = {}
    for i, ds in enumerate(deal.sides):
        ptr = f"/deal/sides/{i}"
        sid = ds.id
        if sid not in scores or sid in per_side:
            raise InputError(_("{name} is not one of the sides (or is given twice)", name=repr(sid)), ptr + "/id")
        if ds.counts is not None:
            per_side[sid] = _counted_side(ds, opts, ptr, len(active.members[sid]))
            continue
        per_side[sid], surplus[sid], shown = _carded_side(ds, deal, sid, ptr, opts, active, layout, dealt,
                                                          excess.setdefault(sid, []))
        groups += shown
    _deal_fits(deal, layout, scores, opts, deck, per_side, surplus, groups)
    penalties = irregularity_penalties(deal.irregularities, layout.sides)
    for k, irr in enumerate(deal.irregularities or []):
        if irr.type == "permission_breach" and len(layout.members[irr.side]) < 2:
            raise InputError(_("a player without a partner asks nobody: no permission breach"),
                             f"/deal/irregularities/{k}/type")
    _excess_wilds_fit(deal, per_side, excess)
    _kept_red_threes_fit(deal, layout, per_side)
    return layout, scores, target, per_side, penalties



def _concealed_fits(melds: list[list[Card]], hands: list[list[Card]], dealt: int, opts: Options, ptr: str) -> None:
    """A concealed going out melds a whole hand in one turn (canasta/6.4): the player held his deal, never having
    melded, and drew; so the side shows at least that many cards melded, less the last discard.  Under
    concealed_rule=side nobody of the side had melded, so each partner still holds his deal."""
    least = dealt + opts.draw_count - 1
    shown = sum(len(m) for m in melds)
    if shown < least:
        raise InputError(_("going out concealed melds a whole hand in one turn: at least {least} cards (the {dealt} "
                           "held and the draw, less the discard); the side shows {shown} melded",
                           least=least, dealt=dealt, shown=shown), ptr + "/concealed")
    if opts.concealed_rule == "side":
        for j, h in enumerate(hands):
            if h and (len(h) < dealt or (opts.draw_count == 1 and len(h) != dealt)):
                raise InputError(_("the side went out concealed, so this partner never melded and holds the {dealt} "
                                   "cards of his deal, not {n}", dealt=dealt, n=len(h)),
                                 f"{ptr}/hands/{j}")


def rounds_of(req: ScoreRequest | ValidateRequest) -> int:
    """Deals already played (``state.rounds``), for the round limit (canasta/7.2)."""
    return (req.state or _NO_STATE).rounds or 0


def sitting_out(value: str | None, layout: Layout, ptr: str) -> str | None:
    """The trio member who sits this deal out in the five-player game (canasta/1.1), or None."""
    five = len(layout.seats) == 5
    trio = deal_layout_trio(layout) if five else []
    _refuse((value is None and five, N_("with five players one member of the trio sits out: name him"), _NO, ptr),
            (value is not None and not five, N_("only the five-player game has a player sitting out"), _NO, ptr),
            (value is not None and value not in trio, N_("the player sitting out is one of the trio ({players})"),
             {"players": trio}, ptr))
    return value



# ---------------------------------------------------------------- check

def _position_hand(pos: Position, action: Action, tally: Tally, problems: list) -> tuple[list[Card], int]:
    """The acting player's hand (canasta/1.5): a list of cards, or ``{"known", "unknown"}`` for a hand known in part
    (then the cards the action shows are among it).  Returns ``(hand, number of unseen cards)``; the cards are
    counted into ``tally`` (its faults added to ``problems``); InputError for an empty hand."""
    if not isinstance(pos.hand, list):
        answer = pos.turn.answer if pos.turn is not None else None
        hand, revealed, unseen = _partial_hand(pos.hand, action, answer)
        problems += tally.add("/position/hand/known", hand[:len(hand) - len(revealed) - unseen])
        problems += tally.add("/action/cards", revealed)
    else:
        hand, unseen = pos.hand, 0
        problems += tally.add("/position/hand", hand)
    if not hand:
        raise InputError(_("a player still in the deal holds at least one card"), "/position/hand")
    return hand, unseen


def _one_of_the_sides(sid: str, layout: Layout, at: str) -> str:
    """The pointer of side ``sid``'s entry under ``at``; InputError there when it is not one of the sides."""
    ptr = f"{at}/{esc(sid)}"
    _refuse((sid not in layout.members, N_("{name} is not one of the sides ({sides})"),
             {"name": repr(sid), "sides": layout.sides}, ptr))
    return ptr


def _position_melds(pos: Position, layout: Layout, opts: Options, tally: Tally,
                    problems: list) -> dict[str, dict[str, list[Card]]]:
    """The sides' melds on the table: side → meld key → cards, each meld legal as it stands (canasta/3.1-3.4),
    its cards counted into ``tally``."""
    side_melds: dict[str, dict[str, list[Card]]] = {s: {} for s in layout.sides}
    for sid, melds in (pos.melds or {}).items():
        ptr = _one_of_the_sides(sid, layout, "/position/melds")
        for j, (kind, m) in enumerate(zip(side_melds_of(melds, opts, ptr, going_out=False), melds)):
            side_melds[sid][meld_key(kind, m, set(side_melds[sid]))] = m
            problems += tally.add(f"{ptr}/{j}", m)
    return side_melds


def _position_red_threes(pos: Position, layout: Layout, tally: Tally, problems: list) -> dict[str, list[Card]]:
    """The red threes each side has laid out (canasta/2.1): side → cards (red threes only, the schema's), counted
    into ``tally``."""
    reds: dict[str, list[Card]] = {s: [] for s in layout.sides}
    for sid, rs in (pos.red_threes or {}).items():
        ptr = _one_of_the_sides(sid, layout, "/position/red_threes")
        reds[sid] = rs                  # red threes only (the schema's)
        problems += tally.add(ptr, reds[sid])
    return reds


def _stock_room(pile: Pile, stock: int | None, phase: str, deck: DeckSpec, seen: int, unseen: int, seats: int,
                opts: Options) -> int:
    """The most cards the stock can hold (canasta/1.2): the deck less the cards in view, the pile's unseen cards
    and one card for each other player (and Palace's three Surprise cards).  InputError when the cards described
    are more than the deck, the stock given is more than that, or a turn begins with the stock gone under
    stock_end stop (canasta/6.5)."""
    others = seats - 1            # every other player holds at least one card
    room = deck.size - seen - pile.hidden - others - (3 if opts.surprise else 0)
    _refuse((room < 0 and unseen, N_("only {n} cards not seen elsewhere could be in this hand, not {unknown}"),
             {"n": max(0, unseen + room), "unknown": unseen}, "/position/hand/unknown"),
            (room < 0, N_("the pile of {size} cards, the {seen} cards in view and a card for each other player are "
                          "more than the {deck}-card deck"), {"size": pile.size, "seen": seen, "deck": deck.size},
             "/position/pile/size"),
            (stock is not None and stock > room,
             N_("the stock cannot hold {stock} cards: with the cards in view, the pile and a card for each other "
                "player at most {room} remain"), {"stock": stock, "room": room}, "/position/stock"),
            (stock == 0 and phase == "draw" and opts.stock_end == "stop",
             N_("where play stops with the stock, the hand ended with the discard after the last stock card: no turn "
                "begins with the stock gone"), _NO, "/position/stock"))
    return room


def _held_hands(pos: Position, layout: Layout, actor: str, to_act: str, hand: list[Card], phase: str, tally: Tally,
                problems: list) -> tuple[dict[str, list[Card] | None], str]:
    """The hands the position knows: the acting player's, and before play begins the red threes other players
    were dealt and still hold (``red_threes_held``, canasta/2.1).  Returns ``(player → cards or None, owner)``,
    ``owner`` being whose hand ``hand`` is: the player in turn's when the actor lays out his own red threes."""
    hands: dict[str, list[Card] | None] = dict.fromkeys(layout.seats)
    hands[actor] = hand
    owner = actor                             # whose hand ``hand`` is
    # before play begins: other players' dealt red threes, still to lay out
    for p, cards in (pos.red_threes_held or {}).items():
        hptr = f"/position/red_threes_held/{esc(p)}"
        _refuse((p == layout.sitting_out, N_("{player} sits this deal out and is dealt no cards"), {"player": p}, hptr),
                (p not in layout.side_of or p == to_act,
                 N_("the red threes still held are listed for the other players, each with those in his hand before "
                    "play begins"), _NO, hptr),
                (not cards, N_("the red threes still held are red threes only"), _NO, hptr),  # each one: the schema's
                (phase != "draw", N_("red threes are held by the other players only before play begins, at the draw"),
                 _NO, hptr))
        problems += tally.add(hptr, cards)
        if p == actor:                            # he lays his out: the hand described is the player in turn's
            hands[to_act], hands[actor], owner = hand, cards, to_act
    return hands, owner


def _side_facts(st: DealState, pos: Position, opts: Options, actor: str, side: str, hand: list[Card]) -> None:
    """What the position says of the acting player and his side beyond the cards: a minimum raised by withdrawn
    short openings (canasta/8.1), his penalty cards face up (canasta/8.7), whether he has melded before."""
    raise_by = pos.minimum_raised or 0
    shown = pos.penalty_cards or []
    penalties, melded = opts.count_and_exposure_penalties, st.has_melded(side)
    _refuse((raise_by % 10, N_("the minimum rises by 10 for each withdrawn short initial meld"), _NO,
             "/position/minimum_raised"),
            (raise_by and not penalties, N_("the +10 for a withdrawn short initial meld does not apply in this game"),
             _NO, "/position/minimum_raised"),
            (raise_by and melded, N_("a side that has melded has no initial minimum left to raise"), _NO,
             "/position/minimum_raised"),
            (shown and not penalties, N_("there are no penalty cards in this game"), _NO, "/position/penalty_cards"),
            (take_from(hand, shown) is None, N_("penalty cards are part of the hand: each is one of the hand's cards"),
             _NO, "/position/penalty_cards"),
            (pos.melded_before and not melded,
             N_("the player has melded before, so his side has melds: give them with the melds"), _NO,
             "/position/melded_before"))
    st.minimum_raise[side] = raise_by
    st.melded_before[actor] = bool(pos.melded_before)
    spare = list(hand)                  # the penalty cards as the hand's own cards: "5" names the 5 it holds
    for c in sorted(shown, key=lambda c: not c.suit):     # exact cards first, then those named by rank
        st.penalty_cards.setdefault(actor, []).append(
            spare.pop(next(i for i, h in enumerate(spare) if h == c or same(h, c))))


@dataclass(frozen=True)
class _NoTurn:
    """Stands for the ``turn`` a position leaves out: nothing said."""

    drew_from: None = None
    melded: None = None
    canasta_made: None = None
    extra_cards_due: None = None
    first_round: None = None
    laid_on_partner: None = None
    answer: Unsaid = UNSAID
    last_red_three: None = None


def _turn_so_far(st: DealState, pos: Position, opts: Options, actor: str, side: str, phase: str,
                 stock: int | None) -> None:
    """What happened in the turn so far (``turn``, phase play: the draw, melds, a canasta, the partner's answer,
    a last red three; canasta/6.1-6.5), set on ``st``; InputError where it contradicts the rest of the position."""
    turn = pos.turn if pos.turn is not None else cast("TurnSoFar", _NoTurn())
    if phase != "play":
        if any(getattr(turn, f.name) is not f.default for f in fields(turn)):
            raise InputError(_("what happened this turn after the draw is given only once the cards are drawn"),
                             "/position/turn")
        return
    _turn_draw_and_melds(st, pos, turn, opts, actor, side)
    _turn_answer_and_end(st, turn, opts, actor, side, stock)


def _turn_draw_and_melds(st: DealState, pos: Position, turn: TurnSoFar, opts: Options, actor: str, side: str) -> None:
    """The draw and the melds of the turn so far (canasta/6.1): where the player drew, whether he melded or laid
    on his side's melds, completed a canasta, took his packet (canasta/1.5) or is owed extra cards (canasta/4.2);
    whether the first round is still on (the discards made so far)."""
    st.phase = "play"
    st.drew_from = turn.drew_from or "stock"
    st.turn_melded = bool(turn.melded) or st.drew_from == "pile"   # taking the pile melds its top
    st.laid_on_partner = bool(turn.laid_on_partner)
    st.own_canasta = bool(turn.canasta_made)
    _refuse((pos.packet and not opts.packet_size, N_("packets are dealt only in a game played with packets"), _NO,
             "/position/packet"),
            (turn.extra_cards_due and not (opts.opening_bonus_cards and st.has_melded(side)),
             N_("extra cards are due only after a side's first meld, in a game that gives them"), _NO,
             "/position/turn/extra_cards_due"),
            (st.own_canasta and not (st.turn_melded and st.canastas(side)),
             N_("the player is said to have completed a canasta this turn: the side shows one and the player melded"),
             _NO, "/position/turn/canasta_made"))
    if pos.packet:
        st.packets[actor] = None
        if turn.canasta_made or pos.completed_canasta:
            st.canasta_makers.add(actor)
    st.discards = 0 if turn.first_round else len(st.layout.seats)
    if turn.extra_cards_due:
        st.extra_due[actor] = opts.opening_bonus_cards
        st.extra_given.add(side)


def _turn_answer_and_end(st: DealState, turn: TurnSoFar, opts: Options, actor: str, side: str,
                         stock: int | None) -> None:
    """The partner's answer (canasta/6.3), a red three drawn as the last stock card (canasta/6.5, ``stock`` 0), and
    the turn's flags checked against the melds on the table."""
    st.answer = turn.answer if turn.answer is not UNSAID else None
    st.last_red_three = bool(turn.last_red_three)
    # the first flag that says the side has melds on the table
    said = next((flag for flag, value in (("melded", turn.melded), ("laid_on_partner", turn.laid_on_partner),
                                          ("drew_from", turn.drew_from)) if value not in (None, False, "stock")), None)
    _refuse((st.answer is not None and opts.no_going_out, N_("nobody goes out in this game, so nobody asks"), _NO,
             "/position/turn/answer"),
            (st.answer is not None and not st.layout.partners(actor), N_("a player without a partner asks nobody"),
             _NO, "/position/turn/answer"),
            (st.last_red_three and stock != 0,
             N_("a red three was the last stock card only when the stock is empty (0 cards)"), _NO,
             "/position/turn/last_red_three"),
            (st.last_red_three and st.drew_from == "pile",
             N_("the last stock card was drawn, so the pile was not taken"), _NO, "/position/turn/drew_from"),
            (st.drew_from == "pile" and st.pile.size,
             N_("the player took the pile this turn, so it is empty until his discard"), _NO,
             "/position/turn/drew_from"),
            (said is not None and not st.has_melded(side),
             N_("by this the side has melds on the table: give them with the melds"), _NO, f"/position/turn/{said}"),
            (st.laid_on_partner and st.melded_before[actor] is False and not st.turn_melded,
             N_("laying cards on melds is melding: say that the player melded too"), _NO,
             "/position/turn/laid_on_partner"))


def position_state(req: CheckRequest, layout: Layout, opts: OptionsLike, scores: dict,
                   actor: str) -> tuple[DealState, dict]:
    """Build the deal state a position describes, and its facts; InputError for anything no deal can reach."""
    opts = Options.of(opts)
    pos = req.position
    deck = deck_of(opts)
    tally = Tally(deck)
    problems: list[dict] = []
    action = req.action
    hand, unseen = _position_hand(pos, action, tally, problems)
    phase = pos.phase or "draw"
    side_melds = _position_melds(pos, layout, opts, tally, problems)
    reds = _position_red_threes(pos, layout, tally, problems)
    # the pile's block names its discarder by his seat before the player in turn (checked below: the actor if not
    # a player of the deal; whether the block lapsed, and every fault of the pile, do not turn on who it is)
    to_act = pos.to_act or actor
    seat = to_act if to_act in layout.seats else actor
    pile = described(pos.pile, opts, list(layout.seats), seat)
    if pos.pile.cards is not None:
        problems += tally.add("/position/pile/cards", pos.pile.cards)
    elif pile.top is not None:
        problems += tally.add("/position/pile/top", [pile.top], single=True)
    seen = sum(tally.by_rank.values()) + unseen     # the cards drawn below come out of the stock: not counted here
    drawn = revealed(action, action.type, "/action")       # the cards a draw shows come out of the stock
    if drawn is not None:
        problems += tally.add(*drawn)
    if problems:
        raise InputError(problems)
    stock = pos.stock
    room = _stock_room(pile, stock, phase, deck, seen, unseen, len(layout.seats), opts)
    player_at(to_act, layout, "/position/to_act")     # a player of this deal (not the one sitting out)
    hands, owner = _held_hands(pos, layout, actor, to_act, hand, phase, tally, problems)
    if problems:
        raise InputError(problems)
    # an unknown stock is taken as holding enough cards for any draw
    _melds_fit_pile(pile, side_melds, layout, to_act, phase, opts)
    st = DealState(layout, opts, scores, stock if stock is not None else max(room, 2), pile, to_act, hands)
    st.melds = side_melds
    st.red_threes = reds
    if unseen:      # the red threes of the packs that nobody has seen: the unseen cards may hold one
        st.unseen_red_threes = 2 * deck.copies - tally.exact[Card("3", "H")] - tally.exact[Card("3", "D")]
    side = layout.side_of[actor]
    _side_facts(st, pos, opts, actor, side, hand)
    _turn_so_far(st, pos, opts, actor, side, phase, stock)
    taking = pos.taking_pile
    if taking is not None:
        if phase != "draw" or to_act != actor:
            raise InputError(_("a pile being taken is taken by the player in turn, who is laying its melds: the "
                               "position is his, before the take, as he draws"), "/position/taking_pile")
        if pile.top is None:
            raise InputError(_("the pile being taken has a top card"), "/position/pile")
        st.taking = list(taking.melds or [])
    # out of turn: no draw yet
    _hand_size_fits(st, owner, hand, phase if to_act == owner else "draw", layout.side_of[owner])
    if st.last_red_three and opts.red_three_last_card == "no_meld":
        st.end_hand(None)
    went = pos.went_out
    if went is not None:
        if went not in layout.partners(actor):
            raise InputError(_("the player who has just gone out is the acting player's partner (a double ending "
                               "follows)"), "/position/went_out")
        if not st.has_melded(side):
            raise InputError(_("a side that went out has melds: give them with the melds"), "/position/went_out")
        st.end_hand(went, False)
    need, canasta = (None, None) if st.has_melded(side) else st.opening_requirement(side)
    facts = {"side": side, "side_has_melded": st.has_melded(side), "minimum": need, "opening_canasta": canasta,
             "pile_frozen": st.frozen_for(side), "frozen_by": st.pile.frozen_by, "pile_block": st.pile.block_fact(),
             "canastas": st.canastas(side), "stock": stock}
    return st, facts


# the actions a hand known in part can be judged for: the draw phase's, which turn only on the cards shown and on
# how many the hand holds, and the discard, which also turns on whether the unseen cards hold a red three that had to
# be laid out first (canasta/2.1: a condition); melding and going out are judged on the whole hand, so they ask for it
PARTIAL_ACTIONS = ("draw", "take_pile", "ask", "end", "discard")


def _partial_hand(raw: PartialHand, action: Action, answer: Any) -> tuple[list[Card], list[Card], int]:
    """A hand given as ``{"known", "unknown"}``: the known cards, then the cards the action shows that are not
    among them (taken from the unknown ones: the table sees them now), then one :data:`UNSEEN` per card still
    unknown.  Returns ``(hand, revealed, unseen)``."""
    _refuse((raw.void, N_("in Canasta the suits a player lacks decide nothing: give the known cards and how many "
                          "others the hand holds"), _NO, "/position/hand/void"),
            # after the partner's yes, a player who can go out must: that turns on the whole hand (canasta/6.3)
            (action.type not in PARTIAL_ACTIONS or (action.type == "discard" and answer == "yes"),
             N_("this action is judged on every card of the hand: give the whole hand as a list"), _NO,
             "/position/hand"))
    known, unknown = raw.known, raw.unknown
    shown = list(getattr(action, "cards", None) or [])
    for g in (getattr(action, "melds", None) or []) if action.type == "take_pile" else []:
        shown += group_cards(g)
    rest, revealed = list(known), list[Card]()
    for c in shown:
        left = take_from(rest, [c])
        if left is not None:
            rest = left
        elif len(revealed) < unknown:
            revealed.append(c)      # a card shown now that was not known: one of the unknown cards
    unseen = unknown - len(revealed)
    return known + revealed + [UNSEEN] * unseen, revealed, unseen


def _hand_size_fits(st: DealState, actor: str, hand: list[Card], phase: str, side: str) -> None:
    """A player whose side never melded holds exactly his deal (draw one, discard one; canasta/1.5)."""
    if st.has_melded(side):
        return
    dealt = deal_size(st.opts, len(st.layout.seats))
    if st.opts.draw_count == 1:
        want = dealt + (1 if phase == "play" and not st.last_red_three else 0)
        if len(hand) != want:
            raise InputError(_("a player whose side has not melded holds the {dealt} cards of his deal and the card "
                               "just drawn ({want}), not {n}", dealt=dealt, want=want, n=len(hand))
                             if want > dealt else
                             _("a player whose side has not melded holds exactly the {dealt} cards of his deal, not "
                               "{n}", dealt=dealt, n=len(hand)), "/position/hand")
    else:
        least = dealt + (st.opts.draw_count if phase == "play" and not st.last_red_three else 0)
        if len(hand) < least:
            raise InputError(_("a player whose side has not melded holds at least the {dealt} cards of his deal and "
                               "the {drawn} just drawn ({least}), not {n}", dealt=dealt,
                               drawn=st.opts.draw_count, least=least, n=len(hand)) if least > dealt else
                             _("a player whose side has not melded holds at least the {dealt} cards of his deal, "
                               "not {n}", dealt=dealt, n=len(hand)),
                             "/position/hand")






def _melds_fit_pile(pile: Pile, melds: dict, layout: Layout, to_act: str, phase: str, opts: Options) -> None:
    """A pile never taken since the deal counts the turns played: one discard each (canasta/1.5), the last by the
    player before the one in turn.  A side shows melds only when one of its players has had a turn (or is in his
    own, phase play)."""
    if not pile.turned_up or pile.cards is None or opts.keep_last_card:
        return
    seats = list(layout.seats)
    turns = min(len(pile.cards) - pile.turned_up, len(seats))
    played = {seats[(seats.index(to_act) - k) % len(seats)] for k in range(1, turns + 1)}
    if phase == "play":
        played.add(to_act)
    for sid, ms in melds.items():
        if ms and not played & set(layout.members[sid]):
            raise InputError(ngettext("the pile, never taken since the deal, shows {n} discard since: no player of "
                                      "{side} has had a turn, so the side has no melds",
                                      "the pile, never taken since the deal, shows {n} discards since: no player of "
                                      "{side} has had a turn, so the side has no melds",
                                      len(pile.cards) - pile.turned_up, side=sid), f"/position/melds/{esc(sid)}")




# ---------------------------------------------------------------- validate

def deal_layout_trio(layout: Layout) -> list[str]:
    return next(layout.members[sid] for sid in layout.sides if len(layout.members[sid]) == 3)


def revealed(ev: Event, t: str, ptr: str) -> tuple[str, list[Card]] | tuple[str, list[Card], bool] | None:
    """Cards an event brings into view from the stock (draws and red-three replacements), for conservation."""
    cards = getattr(ev, "cards", None) if t in ("draw", "extra_cards") else None
    if cards is not None:
        return ptr + "/cards", cards
    replacement = getattr(ev, "replacement", None) if t == "red_three" else None
    if replacement is not None:
        return ptr + "/replacement", [replacement], True
    return None


def start_deal(ev: Deal, layout: Layout, opts: OptionsLike, scores: dict, deck: DeckSpec, ptr: str):
    """Parse a deal event; return (state, tally of the cards seen, problems), problems being independent
    violations."""
    opts = Options.of(opts)
    problems: list[tuple[str, str, str]] = []
    hands = _dealt_hands(ev, layout, opts, ptr, problems)
    packets = _dealt_packets(ev, layout, opts, ptr, problems)
    pile_cards = _logged(ev.pile or [], ptr + "/pile")
    if not pile_cards:
        raise InputError(_("the deal turns up at least one card to start the pile: give the pile's cards from "
                           "bottom to top"),
                         ptr + "/pile")
    seen = [(f"{ptr}/hands/{esc(p)}", hands[p]) for p in layout.seats] + [(ptr + "/pile", pile_cards)]
    seen += [(f"{ptr}/packets/{esc(p)}", c) for p, c in packets.items()]
    problems += upcard_faults(pile_cards, opts, ptr + "/pile")
    tally = Tally(deck)
    for p, cards in seen:
        for item in tally.add(p, cards):
            problems.append(("canasta/1.2", item["detail"], item["pointer"]))
    stock = deck.size - sum(len(c) for _p, c in seen) - (3 if opts.surprise else 0)    # hands, pile, packets
    pile = Pile.dealt(pile_cards, black_three_freezes=opts.black_three_freezes,
                      frozen_at_start=opts.pile_frozen_at_start)
    assert ev.dealer is not None        # the replay has named him (player_at)
    st = DealState(layout, opts, dict(scores), max(stock, 0), pile, layout.after(ev.dealer),
                   {p: list(h) for p, h in hands.items()})
    st.packets = {p: list(c) for p, c in packets.items()}
    return st, tally, problems


def _logged(cards: list[Any], ptr: str) -> list[Card]:
    """Cards of a deal event, read now: a text its schema could not read as a card (kept as
    :class:`~referee.common.Unread`) is refused at its place (hands, then packets, then the pile, as before).
    ``cards`` is typed ``Any`` on purpose: it may hold an ``Unread``, which compiled code would refuse as a ``Card``."""
    if all(type(c) is Card for c in cards):
        return cards
    found = first_unread(cards, ptr)
    if found is not None:
        raise InputError(found[1], found[0])
    return cards


def _dealt_hands(ev: Deal, layout: Layout, opts: Options, ptr: str, problems: list) -> dict[str, list[Card]]:
    """The hands a deal event gives: player → cards, one hand for each player in the deal, of the deal's size
    (canasta/1.5; a wrong size is added to ``problems``)."""
    if ev.hands is None:
        raise InputError(_("the deal gives the hands: each player with his cards"), ptr + "/hands")
    return _per_player(ev.hands, layout, f"{ptr}/hands", deal_size(opts, len(layout.seats)), problems, _HANDS)


def _dealt_packets(ev: Deal, layout: Layout, opts: Options, ptr: str, problems: list) -> dict[str, list[Card]]:
    """The face-down packets of option packet_size (canasta/1.5): player → cards, one for each player in the deal,
    of the packet's size (a wrong size is added to ``problems``); none without the option."""
    if not opts.packet_size and ev.packets is not None:
        raise InputError(_("packets are dealt only in a game played with packets"), ptr + "/packets")
    if not opts.packet_size:
        return {}
    if ev.packets is None:
        raise InputError(_("each player is dealt a face-down packet of {n}: give each player's packet",
                           n=opts.packet_size), ptr + "/packets")
    return _per_player(ev.packets, layout, f"{ptr}/packets", opts.packet_size, problems, _PACKETS)


# what a deal event's hands and packets are told: a name not of the players, a player given none, a wrong size; and
# whether their sizes are told in seat order (hands) or in the event's order (packets)
_HANDS = (N_("{name} is not one of the players ({players})"), N_("the deal gives no hand for {player}"),
          N_("{player} was dealt {n} cards, not {dealt}"), True)
_PACKETS = (N_("{name} is not one of the players in the deal"), N_("the deal gives no packet for {player}"),
            N_("{player}'s packet holds {n} cards, not {size}"), False)


def _per_player(raw: dict[str, list[Card]], layout: Layout, ptr: str, size: int, problems: list,
                words: tuple[str, str, str, bool]) -> dict[str, list[Card]]:
    """The cards a deal event gives each player (``raw``, at ``ptr``): player → cards, one entry for each player
    in the deal (the one sitting out is dealt nothing), each of ``size`` cards (a wrong size is added to
    ``problems``, canasta/1.5).  ``words``: see :data:`_HANDS`."""
    stranger, missing, wrong_size, seat_order = words
    out: dict[str, list[Card]] = {}
    for p, cards in raw.items():
        if p == layout.sitting_out:         # five players: the trio's member sitting out is dealt nothing
            raise InputError(_("{player} sits this deal out and is dealt no cards", player=p), f"{ptr}/{esc(p)}")
        if p not in layout.side_of:
            raise InputError(_(stranger, name=repr(p), players=list(layout.seats)), f"{ptr}/{esc(p)}")
        out[p] = _logged(cards, f"{ptr}/{esc(p)}")
    absent = next((p for p in layout.seats if p not in out), None)
    if absent is not None:
        raise InputError(_(missing, player=absent), ptr)
    problems += [("canasta/1.5", _(wrong_size, player=p, n=len(out[p]), size=size, dealt=size), f"{ptr}/{esc(p)}")
                 for p in (layout.seats if seat_order else out) if len(out[p]) != size]
    return out
