"""Canasta: a finished deal for ``score`` (``deal.sides[]`` by cards or by counts, the irregularities reported) into
what :func:`.scoring.settle` takes, checked against the deck, the seats and the rules."""
from __future__ import annotations

from itertools import filterfalse
from typing import TYPE_CHECKING

from ..cards import Card, DeckSpec
from ..errors import InputError, tell
from ..i18n import N_, _, ngettext
from .cards import deck_of, is_red_three, is_wild
from .counts import deal_counts, side_counts
from .deal import Layout
from .melds import excess_wilds, go_out_fault, is_canasta, without_wilds
from .options import Options, OptionsLike, deal_size
from .read import NO, Tally, holds_deal, refuse, side_melds_of
from .state import parse_table, sitting_out

if TYPE_CHECKING:       # the request records (the schemas' layer: read here, never imported at run time)
    from schemas.canasta_records import (
        Counts,
        DealSide,
        FinishedDeal,
        Irregularity,
        ScoreRequest,
    )


PENALTIES = {  # irregularity type (one of the schema's) → (rule, points)
    "illegal_meld": ("canasta/8.2", 100),
    "red_three_not_laid_out": ("canasta/8.3", 500),
    "pile_taken_illegally": ("canasta/8.4", 100),
    "permission_breach": ("canasta/8.5", 100),
    "out_without_canasta": ("canasta/8.6", 100),
    "excess_wild_cards": ("canasta/8.2", 50),   # per excess wild card ("count")
}
BLACK_THREES = (Card("3", "S"), Card("3", "C"))      # the spades and the clubs (canasta/2.3)
IRREGULARITY_NOTES = {"illegal_meld": N_("illegal meld"), "red_three_not_laid_out": N_("red three not laid out"),
                      "pile_taken_illegally": N_("pile taken illegally"), "permission_breach": N_("permission breach"),
                      "out_without_canasta": N_("out without canasta"),
                      "excess_wild_cards": N_("excess wild cards ({count} x 50)")}


DOUBLE_ENDING = N_("a double ending is the going-out side's, and only where the game plays it")


def _ending(ds: DealSide, opts: Options, ptr: str) -> tuple[bool, bool, bool]:
    """How a side's deal ended, ``(went_out, concealed, double_ending)``, against the variant, cards or counts
    alike: only going out can be concealed (canasta/6.4), nobody goes out where nobody does (canasta/6.2), and the
    double ending is the going-out side's where the game plays it (canasta/6.6)."""
    went_out, concealed, double = bool(ds.went_out), bool(ds.concealed), bool(ds.double_ending)
    refuse((concealed, went_out, N_("only going out can be concealed"), NO, ptr + "/concealed"),
           (went_out, not opts.no_going_out,
            N_("nobody goes out in this game: the deal runs to the end of the stock"), NO, ptr + "/went_out"),
            (double, went_out, DOUBLE_ENDING, NO, ptr + "/double_ending"),
            (double, opts.double_ending, DOUBLE_ENDING, NO, ptr + "/double_ending"))
    return went_out, concealed, double


def _one_player_fits(one_player: bool | None, n_reds: int, opts: Options, ptr: str) -> None:
    """All four red threes said to be one player's (canasta/2.2): only where that doubles them, and only with four."""
    refuse((one_player, opts.red_three_scale == "one_player_doubles",
             N_("all four red threes to one player count only where that doubles them"), NO,
             ptr + "/one_player_all_reds"),
            (one_player, n_reds == 4,
             N_("one player is said to have collected all four red threes; the side shows {n}"), {"n": n_reds},
             ptr + "/one_player_all_reds"))


def _set_aside(ds: DealSide, opts: Options, ptr: str) -> int:
    """The black threes a side set aside from taken piles (option black_threes_set_aside, canasta/2.3)."""
    aside = ds.black_threes_set_aside or 0
    refuse((aside, opts.black_threes_set_aside,
             N_("black threes are set aside only in a game played that way"), NO, ptr + "/black_threes_set_aside"))
    return aside


def irregularity_penalties(irregularities: list[Irregularity], layout: Layout,
                           ptr: str = "/deal/irregularities") -> list[dict]:
    """Penalties for the irregularities reported with a deal (canasta/8.2–8.6, 8.10: only the offender pays),
    each against a side of the game (a permission breach against a side of partners)."""
    out = []
    sides = layout.sides
    for i, irr in enumerate(irregularities):
        p = f"{ptr}/{i}"
        excess = irr.type == "excess_wild_cards"
        count = irr.count if irr.count is not None else 1
        refuse((irr.side not in sides, N_("name one of the sides ({sides})"), {"sides": list(sides)}, p + "/side"),
                (irr.count is not None, excess, N_("a count is given only for excess wild cards"), NO,
                 p + "/count"),
                (excess, irr.count is not None, N_("give the number of wild cards over the limit (50 each)"), NO,
                 p + "/count"),
                (not 1 <= count <= 9, N_("the number of wild cards over the limit is 1 to 9"), NO, p + "/count"),
                (irr.type == "permission_breach", len(layout.members.get(irr.side, ())) > 1,
                 N_("a player without a partner asks nobody: no permission breach"), NO, p + "/type"))
        rule, pts = PENALTIES[irr.type]
        out.append({"rule": rule, "side": irr.side, "points": -pts * count,
                    "note": _(IRREGULARITY_NOTES[irr.type], count=count)})
    return out


CARDS_OR_COUNTS = N_("a side is given by its cards or by counts, not both")


def _counted_side(ds: DealSide, counts: Counts, opts: Options, ptr: str, n_players: int) -> dict:
    """A side given by ``counts`` (:mod:`.counts`) in place of cards: what :func:`.scoring.settle` takes."""
    refuse((ds.melds is not None, CARDS_OR_COUNTS, NO, ptr + "/melds"),
           (ds.red_threes is not None, CARDS_OR_COUNTS, NO, ptr + "/red_threes"),
           (ds.hands is not None, CARDS_OR_COUNTS, NO, ptr + "/hands"))
    went_out, concealed, double = _ending(ds, opts, ptr)
    aside = _set_aside(ds, opts, ptr)
    got = side_counts(counts.given(), opts, ptr, n_players=n_players, went_out=went_out, double_ending=double)
    one_player = ds.one_player_all_reds
    _one_player_fits(one_player, got["red_threes"], opts, ptr)
    per_player = got["red_threes_per_player"]
    if per_player is not None:
        # the red threes given per player say whether one player collected all four (canasta/2.2; said only where
        # that doubles them)
        refuse((one_player is not None, opts.red_three_scale != "one_player_doubles", one_player == (4 in per_player),
                N_("the red threes given player by player say otherwise"), NO, ptr + "/one_player_all_reds"))
        one_player = 4 in per_player
    return {**got, "went_out": went_out, "concealed": concealed, "double_ending": double,
            "one_player_all_reds": one_player, "black_threes_aside": aside, "n_players": n_players}


def _side_cards(ds: DealSide, ptr: str, sid: str, active: Layout, layout: Layout,
                n_players: int) -> tuple[list[list[Card]], list[Card], list[list[Card]]]:
    """A side's cards as the deal gives them: ``(melds, red threes laid out, each player's hand)``, one hand per
    player of the side in play (canasta/1.1); the red threes are red threes only (the schema's)."""
    melds, reds, hands = ds.melds or [], ds.red_threes or [], ds.hands or []
    # a hand for every member of the trio (one more than play it): one of them went to the player sitting out
    refuse((len(hands) == len(layout.members[sid]), active.sitting_out not in layout.members[sid],
            N_("{player} sits this deal out and is dealt no cards: give the hands of {players} only, in that order"),
            {"player": active.sitting_out, "players": active.members[sid]}, ptr + "/hands"),
           (len(hands) != n_players,
            N_("give one hand per player of the side in play ({n}), in the order of its players"), {"n": n_players},
            ptr + "/hands"))
    return melds, reds, hands


def _one_player_all_reds(ds: DealSide, ptr: str, reds: list[Card], kept: list[int], opts: Options) -> bool | None:
    """Whether one player of the side collected all four red threes (option red_three_scale one_player_doubles,
    canasta/2.2): as given (None: not said), or true where the deal shows all four in one hand (``kept``: the red
    threes each hand kept)."""
    one_player = ds.one_player_all_reds                # None: the request does not say
    in_one_hand = sum(kept) == 4 and not reds          # all four are in one hand: the deal shows it
    keeping = len(kept) - kept.count(0)                # the hands that kept a red three
    refuse((one_player, keeping < 2,
            N_("one player is said to have collected all four red threes; the deal shows red threes kept in two "
               "players' hands"), NO, ptr + "/one_player_all_reds"),
           (in_one_hand, one_player is not False,
            N_("one player holds all four red threes in his hand: say that one player collected them all"), NO,
            ptr + "/one_player_all_reds"))
    if in_one_hand:             # (it doubles them only where red_three_scale is one_player_doubles)
        one_player = True
    return one_player


ONE_OUT = N_("the player who went out holds no card and his partners hold at least one (all lay down with a double "
             "ending)")


def _side_ending_fits(ds: DealSide, ptr: str, opts: Options, melds: list[list[Card]], hands: list[list[Card]],
                      kinds: list[str], deciding: list[list[Card]], reds: list[Card], n_reds: int,
                      one_player: bool | None, n_players: int, dealt: int) -> tuple[bool, bool, bool]:
    """How the side's deal ended fits its cards: going out (canasta/6.2) with the canastas it needs and only the
    player out (or, double ending, every player, canasta/6.6) left without cards; concealed (canasta/6.4) only
    going out, as the cards allow; all four red threes of one player only with four (canasta/2.2).  Returns
    ``(went_out, concealed, double_ending)``."""
    went_out, concealed, double = _ending(ds, opts, ptr)
    _one_player_fits(one_player, n_reds, opts, ptr)
    empty = hands.count([])                 # players without a card
    why = go_out_fault(list(zip(kinds, deciding)), opts, len(reds)) if went_out else None
    if why:
        raise InputError(f"{why} (canasta/6.2)", ptr + "/went_out")     # a ruling and its rule ID
    refuse((went_out, double, empty == 1, ONE_OUT, NO, ptr + "/hands"),
           (went_out, not double, empty == n_players, ONE_OUT, NO, ptr + "/hands"),       # all lay down
            (empty, went_out, N_("only the player who went out can end with no card"), NO, ptr + "/hands"))
    _concealed_fits(concealed, melds, hands, dealt, opts, ptr)
    return went_out, concealed, double


NEVER_MELDED = N_("a player whose side never melded holds the {dealt} cards he was dealt, not {n}")


def _side_card_count(ptr: str, opts: Options, melds: list[list[Card]], hands: list[list[Card]], aside: int,
                     kept_listed: int, dealt: int, n_players: int) -> tuple[int, int]:
    """The side's cards against its deal (canasta/1.5): ``(cards shown, cards dealt to it)``; a deal only adds to
    the cards dealt, and a side that never melded (no melds) holds what its players were dealt."""
    held = sum(map(len, melds)) + sum(map(len, hands)) + aside + kept_listed
    dealt_side = dealt * n_players + (opts.opening_bonus_cards if melds else 0)
    refuse((held < dealt_side, N_("each player is dealt {dealt} cards and a deal only adds to them: the side shows "
                                  "{held} cards in melds and hands, fewer than {least}"),
            {"dealt": dealt, "held": held, "least": dealt_side}, ptr))
    short = 0                                       # cards a kept red three given under red_threes stands for
    for j, h in enumerate(hands):
        short += max(0, dealt - len(h))
        said = {"dealt": dealt, "n": len(h)}
        refuse((short > kept_listed, melds, NEVER_MELDED, said, f"{ptr}/hands/{j}"),
               (len(h) > dealt, melds, opts.draw_count != 1, NEVER_MELDED, said, f"{ptr}/hands/{j}"))
    return held, dealt_side


def _carded_side(ds: DealSide, irregularities: list[Irregularity], sid: str, ptr: str, opts: Options, active: Layout,
                 layout: Layout, dealt: int,
                 excess: list) -> tuple[dict, tuple[int, bool], list[tuple[str, list[Card]]]]:
    """One side of a finished deal given by its cards: ``(its entry for settle, (cards beyond its deal, has a
    canasta), the groups of cards it shows with their pointers)``; ``excess`` collects its melds' excess wild
    cards (canasta/8.2)."""
    n_players = len(active.members[sid])
    melds, reds, hands = _side_cards(ds, ptr, sid, active, layout, n_players)
    # a red three still in a hand at the end is one of the cards dealt or drawn, never replaced: it counts for
    # or against the side like the others (canasta/2.2), and costs 500 only if its holder had a turn to lay it
    # out, which the irregularity red_three_not_laid_out reports (canasta/8.3)
    kept = [sum(map(is_red_three, h)) for h in hands]          # the red threes each hand kept
    kept_reported = len(_reported(irregularities, "red_three_not_laid_out", sid))
    kept_listed = max(0, kept_reported - sum(kept))             # kept threes given under red_threes instead
    n_reds = len(reds) + sum(kept)
    one_player = _one_player_all_reds(ds, ptr, reds, kept, opts)
    aside = _set_aside(ds, opts, ptr)
    kinds = side_melds_of(melds, opts, ptr + "/melds", bool(ds.went_out), excess)
    # excess wild cards left in a meld (canasta/8.2) count their points but make no canasta
    deciding = [without_wilds(m, excess_wilds(m, opts)) if k == "group" else m for k, m in zip(kinds, melds)]
    went_out, concealed, double = _side_ending_fits(ds, ptr, opts, melds, hands, kinds, deciding, reds, n_reds,
                                                    one_player, n_players, dealt)
    held, dealt_side = _side_card_count(ptr, opts, melds, hands, aside, kept_listed, dealt, n_players)
    groups = [(f"{ptr}/melds/{j}", m) for j, m in enumerate(melds)] + [(ptr + "/red_threes", reds)]
    groups += [(f"{ptr}/hands/{j}", h) for j, h in enumerate(hands)]
    entry = {"melds": melds, "red_threes": n_reds, "went_out": went_out,
             "hands": [list(filterfalse(is_red_three, h)) for h in hands],     # the red threes scored apart
             "concealed": concealed, "double_ending": double, "one_player_all_reds": one_player,
             "black_threes_aside": aside}
    return entry, (held - dealt_side, any(is_canasta(k, m) for k, m in zip(kinds, deciding))), groups


NOT_A_SIDE = N_("{name} is not one of the sides (or is given twice)")


def _sides_named(deal: FinishedDeal, layout: Layout) -> None:
    """Every side of the game given once (canasta/1.2), said before anything of a side's own: a side named twice
    or not at all is the fault, whatever its cards or counts say."""
    missing = list(layout.sides)        # the sides not given yet
    for i, ds in enumerate(deal.sides):
        refuse((ds.id not in missing, NOT_A_SIDE, {"name": repr(ds.id)}, f"/deal/sides/{i}/id"))
        missing.remove(ds.id)
    refuse((missing, N_("give every side's cards (missing: {sides})"), {"sides": missing}, "/deal/sides"))


def _deal_fits(layout: Layout, opts: Options, deck: DeckSpec, per_side: dict[str, dict],
               surplus: dict[str, tuple[int, bool]], counted: list[tuple[str, dict]], groups: list) -> None:
    """The sides together against the deck and the deal (canasta/1.2, 4.2, 6.2): one side out at most, the
    counted sides' totals (``counted``: the pointer of each side's counts and its entry), the first canasta's stock
    cards, the black threes and every card once (``groups``: the carded sides' cards with their pointers)."""
    made = [n for n, canasta in surplus.values() if canasta]    # the cards beyond their deal of the sides with one
    bonus = opts.first_canasta_bonus_cards
    out = sum(v["went_out"] for v in per_side.values())
    refuse((out > 1, N_("only one side goes out"), NO, "/deal/sides"))
    deal_counts(counted, opts, len(layout.sides), out > 0)        # (none counted: nothing to say)
    tally = Tally(deck)
    problems = tally.add_all(groups)        # every card once: said after the black threes
    black = tally.exact[BLACK_THREES[0]] + tally.exact[BLACK_THREES[1]] + sum(v["black_threes_aside"]
                                                                              for v in per_side.values())
    refuse((bonus, max(made, default=bonus) >= bonus,           # (no side with a canasta: nothing to show)
             N_("the first canasta of the deal brings its maker {n} stock cards: a side with a canasta shows at least "
                "{n} cards more than its players were dealt"), {"n": bonus}, "/deal/sides"),
            (black > 2 * deck.copies, N_("the {size}-card deck holds {most} black threes; the deal shows {n}"),
             {"size": deck.size, "most": 2 * deck.copies, "n": black}, "/deal/sides"))
    tell(problems)


def _reported(irregularities: list[Irregularity], kind: str, sid: str) -> list[tuple[int, Irregularity]]:
    """The irregularities of type ``kind`` the deal reports (``irregularities``) against side ``sid``, with their
    places."""
    return [(k, irr) for k, irr in enumerate(irregularities) if (irr.type, irr.side) == (kind, sid)]


def _excess_wilds_fit(irregularities: list[Irregularity], per_side: dict[str, dict], excess: dict[str, list]) -> None:
    """Excess wild cards left in melds (canasta/8.2) are reported as the irregularity excess_wild_cards, with their
    count, and stay in the side's melds of a rank."""
    for sid, items in excess.items():
        reports = _reported(irregularities, "excess_wild_cards", sid)
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


def _kept_red_threes_fit(irregularities: list[Irregularity], layout: Layout, per_side: dict[str, dict]) -> None:
    """A red three reported kept in hand (canasta/8.3) is one of the side's red threes."""
    for sid in layout.sides:
        kept = len(_reported(irregularities, "red_three_not_laid_out", sid))
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
    irregularities = deal.irregularities or []
    active = layout.active(sitting_out(deal.sitting_out, layout, "/deal/sitting_out"))
    dealt = deal_size(opts, len(active.seats))
    per_side: dict[str, dict] = {}
    surplus: dict[str, tuple[int, bool]] = {}     # side → (cards shown beyond its deal, has a canasta)
    groups = []
    counted = []        # the sides given by counts: (the pointer of their counts, their entry)
    excess: dict[str, list] = {}
    _sides_named(deal, layout)
    for i, ds in enumerate(deal.sides):
        ptr = f"/deal/sides/{i}"
        sid = ds.id
        if ds.counts is not None:
            per_side[sid] = _counted_side(ds, ds.counts, opts, ptr, len(active.members[sid]))
            counted.append((ptr + "/counts", per_side[sid]))
            continue
        per_side[sid], surplus[sid], shown = _carded_side(ds, irregularities, sid, ptr, opts, active, layout, dealt,
                                                          excess.setdefault(sid, []))
        groups += shown
    _deal_fits(layout, opts, deck, per_side, surplus, counted, groups)
    penalties = irregularity_penalties(irregularities, layout)
    _excess_wilds_fit(irregularities, per_side, excess)
    _kept_red_threes_fit(irregularities, layout, per_side)
    return layout, scores, target, per_side, penalties


def _concealed_fits(concealed: bool, melds: list[list[Card]], hands: list[list[Card]], dealt: int, opts: Options,
                    ptr: str) -> None:
    """A concealed going out (``concealed``; nothing to check otherwise) melds a whole hand in one turn
    (canasta/6.4): the player held his deal, never having melded, and drew; so the side shows at least that many
    cards melded, less the last discard.  Under concealed_rule=side nobody of the side had melded, so each partner
    still holds his deal."""
    least = dealt + opts.draw_count - 1
    shown = sum(map(len, melds))
    refuse((concealed, shown >= least,
            N_("going out concealed melds a whole hand in one turn: at least {least} cards (the {dealt} held and the "
               "draw, less the discard); the side shows {shown} melded"),
            {"least": least, "dealt": dealt, "shown": shown}, ptr + "/concealed"))
    refuse(*((h, not concealed, opts.concealed_rule != "side", holds_deal(len(h), dealt, opts),
              N_("the side went out concealed, so this partner never melded and holds the {dealt} cards of his deal, "
                 "not {n}"), {"dealt": dealt, "n": len(h)}, f"{ptr}/hands/{j}") for j, h in enumerate(hands)))
