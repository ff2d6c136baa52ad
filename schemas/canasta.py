"""marshmallow request schemas for Canasta (shape only; the engine checks the rules and the cards against the
variant's deck).  Each loads into its typed record of :mod:`schemas.canasta_records` (``MODEL``); a card is read
here, as Canasta writes it: a rank alone where the suit does not matter (:func:`read_card`)."""
from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from referee.cards import Card as CardValue
from referee.cards import parse_card, parse_rank
from referee.common import Unread
from referee.i18n import N_, _

from . import canasta_records as rec
from .bytype import ByType, narrowed
from .common import (
    MARSHMALLOW_MESSAGES,
    MAX_EVENTS,
    PRINTABLE,
    REPLAY,
    TOO_LONG,
    TOO_SHORT,
    Bool,
    CardField,
    Dict,
    Envelope,
    Hand,
    Int,
    Length,
    List,
    Name,
    Nested,
    OneOf,
    Raw,
    Strict,
    String,
    card_text,
    card_texts,
)
from .common import HandField as CommonHandField
from .fast import Fallback, card_reader, cards_reader, melds_reader

SIDE_ID = lambda **kw: String(validate=[Length(min=1, max=64), PRINTABLE], **kw)  # noqa: E731

SUITLESS_OK = frozenset("A K Q J 10 9 8 7 6 5 4 2".split())     # ranks whose suit decides nothing in Canasta
_READ: dict[str, CardValue] = {}    # the texts read as cards before (a few hundred spellings), each with its card


def read_card(text: str) -> CardValue:
    """A card as Canasta writes it: a rank alone where the suit does not matter (4 to A, and deuces), never for
    threes; otherwise :func:`referee.cards.parse_card`.  ValueError with the reason."""
    card = _READ.get(text)
    if card is None:
        t = parse_rank(text)          # A K Q J 10 … 2, T for 10, or the Russian Т К Д В
        if t in SUITLESS_OK:
            card = CardValue(t, "")
        elif t == "3":
            raise ValueError(_("a three needs its suit: red threes (3H, 3D) and black threes (3S, 3C) differ"))
        else:
            card = parse_card(text)
        if len(_READ) < 2048:
            _READ[text] = card
    return card


class CanastaCard(CardField):
    """A card in Canasta's notation (:func:`read_card`), loaded as a :class:`referee.cards.Card`.  ``lenient`` (a
    log event's card): a text of a card's length that names no card is kept as :class:`referee.common.Unread`, which
    the replay refuses where it reads the event (a stopped deal's events are never read)."""

    def __init__(self, lenient: bool = False, **kw) -> None:
        super().__init__(**kw)
        self.lenient = lenient

    def _deserialize(self, value, attr, data, **kwargs):
        text = card_text(value, jokers=True)
        try:
            return read_card(text)
        except ValueError as e:
            if self.lenient:
                return Unread(str(e))
            raise ValidationError(str(e)) from None

    def fast_converter(self):
        return card_reader(_READ, _fast_card, self.allow_none)


def _fast_card(value: Any) -> CardValue:
    """The card of a text not read before, for the sparse loader: :class:`Fallback` for a fault (marshmallow words
    it, at its place)."""
    if type(value) is str and 1 <= len(value) <= 4:
        try:
            return read_card(value)
        except ValueError:
            pass
    raise Fallback()


class CardList(List):
    """A list of cards (:class:`CanastaCard`), with a sparse loader that reads a list of texts met before at once
    (and runs the list's own validators, such as :func:`red_threes_only`, on the cards read)."""

    too_long = staticmethod(TOO_LONG["cards"])

    def fast_converter(self):
        most = min(v.max for v in self.validators if isinstance(v, Length) and v.max is not None)
        own = [v for v in self.validators if not isinstance(v, Length)]
        return cards_reader(_READ, _fast_card, most, own)


def Card(**kw) -> CanastaCard:
    return CanastaCard(**kw)


def Cards(max_len: int = 40, lenient: bool = False, **kw) -> CardList:
    return CardList(CanastaCard(lenient=lenient), validate=Length(max=max_len), **kw)


RED_THREES = frozenset({CardValue("3", "H"), CardValue("3", "D")})    # the hearts and the diamonds (canasta/2.1)


def red_threes_only(cards: list[CardValue]) -> None:
    """A list of red threes (laid out, or held): the first other card is refused at its place."""
    bad = next((j for j, c in enumerate(cards) if c not in RED_THREES), None)
    if bad is not None:
        raise ValidationError({bad: [_("{card} is not a red three", card=cards[bad])]})


def RedThrees(max_len: int, **kw) -> CardList:
    """Red threes only (:func:`red_threes_only`), at most ``max_len``."""
    return CardList(CanastaCard(), validate=[Length(max=max_len), red_threes_only], too_long=TOO_LONG["red threes"],
                    **kw)


def _cards_of(value: list, errors: dict | None, key: Any) -> list[CardValue]:
    """The cards of ``value`` (texts the shape check has let through); each fault goes into ``errors[key]``, or with
    ``errors`` None (a log event's) is kept in the card's place as :class:`referee.common.Unread`."""
    out: list = []
    bad = {}
    for j, text in enumerate(value):
        try:
            out.append(read_card(text))
        except ValueError as e:
            if errors is None:
                out.append(Unread(str(e)))
            else:
                bad[j] = [str(e)]
    if bad and errors is not None:
        errors[key] = bad
    return out


def _melds(value):
    """A list of melds: each a list of cards, or {"rank", "cards"} for cards laid on the side's meld of a rank.  Each
    fault is told at its meld, and at the meld's rank or cards where it lies there."""
    if not isinstance(value, list) or len(value) > 24:
        raise ValidationError(_("a list of at most 24 melds"))
    faults: dict = {}
    for i, g in enumerate(value):
        fault = _laid_on_fault(g) if isinstance(g, dict) else _cards_fault(g)
        if fault:
            faults[i] = fault
    if faults:
        raise ValidationError(faults)


def _cards_fault(cards: Any) -> list | dict | None:
    """Why ``cards`` is not the cards of a meld (a list of at most 40 texts of cards), or None."""
    if not isinstance(cards, list) or len(cards) > 40:
        return [_(_MELD_CARDS)]
    try:
        card_texts(cards, jokers=True)
    except ValidationError as e:             # each at its place
        return e.messages
    return None


def _laid_on_fault(g: dict) -> list | dict | None:
    """Why ``g`` is not cards laid on a meld (``{"rank": "7", "cards": [...]}``), by its key, or None."""
    if set(g) - {"rank", "cards"}:
        return [_(_LAID_ON)]
    fault: dict = {}
    if "rank" not in g:
        fault["rank"] = [_(MARSHMALLOW_MESSAGES["Missing data for required field."])]
    elif not isinstance(g["rank"], str) or len(g["rank"]) > 4:
        fault["rank"] = [_(_NO_RANK)]
    if "cards" not in g:
        fault["cards"] = [_(MARSHMALLOW_MESSAGES["Missing data for required field."])]
    else:
        cards = _cards_fault(g["cards"])
        if cards:
            fault["cards"] = cards
    return fault or None


_LAID_ON = N_('a meld laid on another is {{"rank": "7" (or "wild", or "5H" for a sequence), "cards": [...]}}')
_MELD_CARDS = N_("each meld is a list of at most 40 cards such as 'KH', 'K', '2' or 'JK'")


def _meld_rank(rank: str) -> str | None:
    """The meld that cards laid on another join: ``"wild"``, ``"3"`` (the black threes), a natural rank, or a card of
    a sequence (``"5H"``); None for a text that names none of them."""
    r = parse_rank(rank.strip())
    if rank.strip().upper() == "WILD":
        return "wild"
    if r == "3" or (r in SUITLESS_OK and r != "2"):
        return r
    try:
        c = parse_card(rank)
    except ValueError:
        return None
    return None if c.rank in ("2", "3", "JK") else str(c)


class _Ranks(dict[str, str]):
    """The texts of a laid-on meld's rank (at most 4 characters) read before, each with the meld it names (what
    :func:`_meld_rank` gives); a text not read yet is read on lookup, and one that names no meld is a KeyError.  A
    few hundred at most, so that a worker's memory stays flat whatever texts it is sent."""

    def __missing__(self, text: str) -> str:
        rank = _meld_rank(text) if type(text) is str and len(text) <= 4 else None
        if rank is None:
            raise KeyError(text)
        if len(self) < _RANKS_MAX:
            self[text] = rank
        return rank


_RANKS = _Ranks()
_RANKS_MAX = 512


def read_melds(value: list, lenient: bool = False) -> list[rec.Meld]:
    """Melds as given (the shape :func:`_melds` checked): each a list of cards, or a :class:`~.canasta_records.LaidOn`
    for cards laid on the side's meld of a natural rank, on its meld of wild cards (``"wild"``) or on the sequence
    holding a card (``"5H"``); ValidationError with each fault at its place, or, ``lenient`` (a log event's melds),
    each fault kept in its place as :class:`referee.common.Unread`."""
    if lenient:
        return [_lenient_meld(g) for g in value]
    out: list[rec.Meld] = []
    errors: dict = {}
    for i, g in enumerate(value):
        if isinstance(g, dict):
            faults: dict = {}
            r = _meld_rank(g["rank"])
            if r is None:
                faults["rank"] = [_(_NO_RANK)]
            cards = _cards_of(g["cards"], faults, "cards")
            if not faults and not cards:
                faults["cards"] = [_(_EMPTY)]
            if faults:
                errors[i] = faults
            out.append(rec.LaidOn(r or "", cards))
        else:
            cards = _cards_of(g, errors, i)
            if i not in errors and not cards:
                errors[i] = [_(_EMPTY)]
            out.append(cards)
    if errors:
        raise ValidationError(errors)
    return out


_NO_RANK = N_("rank names the meld the cards join: a natural rank (A to 4), \"3\" for black threes, \"wild\", or a "
              "card of a sequence such as \"5H\"")
_EMPTY = N_("a meld holds at least one card")


def _lenient_meld(g: list | dict) -> Any:
    """One meld of a log event, each fault kept as :class:`referee.common.Unread` (see :func:`read_melds`)."""
    if isinstance(g, dict):
        r = _meld_rank(g["rank"])
        rank: Any = r if r is not None else Unread(_(_NO_RANK))
        cards: Any = _cards_of(g["cards"], None, "cards") or Unread(_(_EMPTY))
        return rec.LaidOn(rank, cards)
    cards = _cards_of(g, None, 0)
    return cards if cards else Unread(_(_EMPTY))


class MeldsField(fields.Raw):
    """Melds (:func:`_melds` checks their shape, :func:`read_melds` reads them)."""

    default_error_messages = Raw.default_error_messages

    def __init__(self, lenient: bool = False, **kw) -> None:
        super().__init__(validate=_melds, **kw)
        self.lenient = lenient

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        fields.Field._validate(self, value)
        return read_melds(value, self.lenient)

    def _validate(self, value) -> None:
        """The shape was checked on the body's value (above), not on the melds read."""

    def fast_converter(self):
        lenient = self.lenient

        def slow(value: Any) -> Any:
            # anything but melds of texts read before is read (and any fault found) by read_melds
            try:
                _melds(value)
                return read_melds(value, lenient)
            except ValidationError:
                raise Fallback() from None
        return melds_reader(_READ, _RANKS, rec.LaidOn, slow)


def Melds(lenient: bool = False, **kw) -> MeldsField:
    return MeldsField(lenient=lenient, **kw)


class HandField(CommonHandField):
    """A hand (:func:`schemas.common.Hand` checks its shape): its cards, or a
    :class:`~schemas.common.PartialHand`, each card read as Canasta writes it."""

    def __init__(self, max_len: int, **kw) -> None:
        super().__init__(Hand(max_len, jokers=True).validators[0], **kw)

    def read(self, value: Any) -> Any:
        return read_hand(value)


def read_hand(value: list | dict) -> list[CardValue] | rec.PartialHand:
    errors: dict = {}
    if isinstance(value, list):
        cards = _cards_of(value, errors, "hand")
        if errors:
            raise ValidationError(errors["hand"])
        return cards
    known = _cards_of(value.get("known", []), errors, "known")
    if errors:
        raise ValidationError(errors)
    return rec.PartialHand(known, value.get("unknown", 0), list(value.get("void", [])))


class SideSeat(Strict):
    """One side and its players."""
    MODEL = rec.Side
    id = SIDE_ID(required=True, metadata={"description": "A side's id, as given in `sides[].id`."})
    players = List(Name(), required=True, validate=Length(min=1, max=3),
                   too_long=TOO_LONG["players"], too_short=TOO_SHORT["players"], metadata={"description": (
        "The side's players, in the order they sit (see `CanastaSides`).")})


SIDES = List(Nested(SideSeat), required=True, validate=Length(min=1, max=6),
             too_long=TOO_LONG["sides"], too_short=TOO_SHORT["sides"], metadata={"description": (
    "The sides in seat order. Partners sit apart: the seat order takes one player of each side in turn (the first "
    "player of each side in the order of the sides, then the second, ...), clockwise, so `[{id: NS, players: [North, "
    "South]}, {id: EW, players: [East, West]}]` seats North, East, South, West. Side ids and player names are all "
    "different (a one-player side may bear its player's name), and every side has as many players as the others "
    "except with five: `classic`, `traditional`, `russian-popular` and the three-pack family (`samba`, `bolivia`, "
    "`brazilian`, `cuban`, `uruguay`, `chile`, `graded-wild`) are 4 players in two sides of 2, `two-player` 2 sides "
    "of 1, `three-player` 3 sides of 1, `palace` 2 sides of 1 or 2, `classic-12` 2 to 4 players, `five-player` a side "
    "of 3 against a side of 2 (the pair is seated with the trio's two players in the deal), `six-player` 2 sides of 3 "
    "or 3 sides of 2 (422 otherwise).")})


class GameState(Strict):
    """The game before the deal (a fresh game when absent): `scores`, the total of every side by id (or none, for
    a new game). Totals are multiples of 5 (422 otherwise); they set each side's initial-meld minimum (canasta/4.1).
    """
    MODEL = rec.GameState
    scores = Dict(keys=SIDE_ID(), values=Int(-1000000, 1000000), validate=Length(max=6),
                  too_long=TOO_LONG["sides"], metadata={"description": (
        "Total per side.")})
    rounds = Int(0, 1000, metadata={"description": (
        "Deals already played, for the round limit `max_rounds` (canasta/7.2).")})


def _black_threes(value):
    """A count of threes: a whole number, 0 or more, or a list of up to three numbers (one per player of the side;
    how many and their range are the engine's, which knows the side's players)."""
    if isinstance(value, bool) or not (isinstance(value, int) or (isinstance(value, list) and len(value) <= 3
                                                                  and all(type(x) is int for x in value))):
        raise ValidationError(_("a number, or one number per player of the side"))
    if isinstance(value, int) and value < 0:
        raise ValidationError(_("a whole number, 0 or more"))


class Counts(Strict):
    """A side's hand in the numbers players write down. `meld_points` (the card points of the side's melds) and
    `hand_points` (of the cards left in its players' hands) are required, multiples of 5 (canasta/1.4); where black
    threes or sevens left in hand are charged on their own (`black_threes_in_hand`, `sevens_in_hand`) they are not
    in `hand_points`. The other keys count what the variant scores, and only those it scores (another key is a 422
    naming it): `natural_canastas`, `mixed_canastas` (under `mixed_canasta_bonus` `graded` instead
    `mixed_canastas_one_wild`, `_two_wilds`, `_three_wilds`), `red_threes`; where the variant has them
    `sevens_canastas`, `mixed_sevens_canastas`, `sequence_canastas`, `mixed_sequence_canastas`, wild canastas
    (`wild_canastas`; Cuban and Italian `deuce_canastas` of seven 2s, Cuban `joker_canastas` of four jokers and
    three 2s; popular Russian `golden_canastas` and `diamond_canastas`; Palace wild melds `big_wild_canastas`,
    `small_wild_canastas` and `unfinished_wild_melds`), `short_sequences` and `long_sequences` where they are
    charged or paid, `black_threes_melded` (3 or 4, going out) where four earn the going-out bonus of 1,000. Each
    counted canasta is scored as the variant scores such a meld of cards, so every bonus and condition applies (red
    threes against a side that has not melded, the canastas needed to go out, voided wild canastas …).

    Refused (422, naming the field): card points not a multiple of 5; fewer `meld_points` than the counted melds
    hold at the least (their cheapest ranks, one meld a rank where a side melds each rank once, the fewest wild
    cards, 2s while the deck has them and then jokers); a player of the side who still holds cards with
    `hand_points` too low for them (5 a card), or cards left when every hand of the side is empty; `concealed`
    without `went_out`; going out without the canastas the variant asks; more red threes, black threes (melded, in
    hand, set aside), canastas of a rank, sevens, 2s, jokers, wild cards or sequences than the deck holds, for a
    side and for the sides together; more card points than the deck is worth. A fault of the sides together names
    the first field that asks for more than is left, the sides taken in order and each side's counts in this order:
    the canastas and other melds (in the order of the keys below from `natural_canastas`), `black_threes_melded`,
    `red_threes`, `meld_points`, `hand_points`, `black_threes_in_hand`, `sevens_in_hand`, then the side's
    `black_threes_set_aside`. `black_threes_in_hand` is a number, or one number per player where four in one hand
    would count double; `red_threes` likewise, where one player holding all four doubles them.
    """
    MODEL = rec.Counts
    # the engine's reading of these numbers: referee.canasta.counts
    natural_canastas = Int(0, 60)
    mixed_canastas = Int(0, 60)
    mixed_canastas_one_wild = Int(0, 60)
    mixed_canastas_two_wilds = Int(0, 60)
    mixed_canastas_three_wilds = Int(0, 60)
    sevens_canastas = Int(0, 60)
    mixed_sevens_canastas = Int(0, 60)
    sequence_canastas = Int(0, 60)
    mixed_sequence_canastas = Int(0, 60)
    wild_canastas = Int(0, 60)
    deuce_canastas = Int(0, 60)
    golden_canastas = Int(0, 60)
    diamond_canastas = Int(0, 60)
    big_wild_canastas = Int(0, 60)
    small_wild_canastas = Int(0, 60)
    joker_canastas = Int(0, 60)
    unfinished_wild_melds = Int(0, 60)
    short_sequences = Int(0, 60)
    long_sequences = Int(0, 60)
    black_threes_melded = Int(0, 12)
    red_threes = Raw(validate=_black_threes, metadata={"description": (
        "A number, or one number per player of the side (`[4, 0]`), which says whether one player collected all four "
        "(doubled under red_three_scale one_player_doubles, canasta/2.2).")})
    meld_points = Int(0, 100000)
    hand_points = Int(0, 100000)
    black_threes_in_hand = Raw(validate=_black_threes)
    sevens_in_hand = Int(0, 60)


class DealSide(Strict):
    """One side's cards at the end of a hand. `melds`: the side's melds on the table (one per rank; black threes
    only for the side that went out); `red_threes`: its red threes laid out; `hands`: the cards left in each
    player's hand, in the order of the side's players (the player who went out holds none, his partners at
    least one); `went_out` and `concealed` (canasta/6.2, 6.4). Every player is dealt `deal_size` cards, so a
    side shows at least that many per player in melds and hands (422 otherwise). A red three still in a
    player's hand at the end is given in that hand: it was dealt or drawn and never replaced, it scores like
    the side's other red threes (canasta/2.2), and it costs 500 only when the irregularity
    `red_three_not_laid_out` says its holder had a turn to lay it out (canasta/8.3; a player who never had a
    turn pays nothing). A kept red three given under `red_threes` with that irregularity counts as one of the
    cards its holder was dealt.

    **Or by counts**, as a score pad writes the hand: `counts` (see `CanastaCounts`) in place of `melds`,
    `red_threes` and `hands`, with `went_out`, `concealed` and the other flags beside it as they sit beside
    cards. A side gives `hands` or `counts`, never both; the sides of one deal may mix the two forms.
    """
    MODEL = rec.DealSide
    id = SIDE_ID(required=True, metadata={"description": "A side's id, as given in `sides[].id`."})
    melds = List(Cards(60), validate=Length(max=24), too_long=TOO_LONG["melds"])
    red_threes = RedThrees(8)
    hands = List(Cards(120), validate=Length(min=1, max=3), too_long=TOO_LONG["hands"], too_short=TOO_SHORT["hands"])
    counts = Nested(Counts)
    went_out = Bool(metadata={"description": "A player of this side went out (at most one side did)."})
    concealed = Bool(metadata={"description": "The going out was concealed (canasta/6.4); only with `went_out`."})
    double_ending = Bool(metadata={"description": (
        "The partner laid down his whole hand too (canasta/6.6, option `double_ending`); every hand of the side is "
        "then empty.")})
    one_player_all_reds = Bool(metadata={"description": (
        "One player collected the side's four red threes (doubles them under `red_three_scale` `one_player_doubles`, "
        "canasta/2.2). Left out, it is read from the deal where the deal shows it (all four kept in one player's "
        "hand, true); otherwise the four are not doubled and their score line says that the deal does not show who "
        "collected them. `true` is refused (422) when the deal shows red threes kept in two players' hands, `false` "
        "when one hand holds all four.")})
    black_threes_set_aside = Int(0, 12, metadata={"description": (
        "Black threes the side set aside from taken piles (option `black_threes_set_aside`, Cuban): 5 each, 100 for "
        "all four (canasta/2.3).")})


# the irregularities a finished deal may report (the engine's table of their rules and points:
# referee/canasta/parse.py PENALTIES, the same names)
IRREGULARITY_TYPES = ["illegal_meld", "red_three_not_laid_out", "pile_taken_illegally", "permission_breach",
                      "out_without_canasta", "excess_wild_cards"]


def _irregularity_type(value: str) -> None:
    """One of :data:`IRREGULARITY_TYPES` (a text its length check refuses is that check's alone)."""
    if 1 <= len(value) <= 64 and value not in IRREGULARITY_TYPES:
        raise ValidationError(_("type is one of {types}", types=IRREGULARITY_TYPES))


class Irregularity(Strict):
    """An irregularity in the deal; the offending side pays (canasta/8.10). `type` is one of
    `illegal_meld` (100, canasta/8.2), `red_three_not_laid_out` (500, 8.3), `pile_taken_illegally`
    (100, 8.4), `permission_breach` (100, 8.5), `out_without_canasta` (100, 8.6) and `excess_wild_cards`
    (50 for each of `count` wild cards over the limit, 1–9, 8.2; `count` is given only for this type).
    """
    MODEL = rec.Irregularity
    type = String(required=True, validate=[Length(min=1, max=64), _irregularity_type])
    side = SIDE_ID(required=True, metadata={"description": "A side's id, as given in `sides[].id`."})
    count = Int(0, 100)


class Deal(Strict):
    """A completed hand, side by side, with the irregularities to penalise."""
    MODEL = rec.FinishedDeal
    sides = List(Nested(DealSide), required=True, validate=Length(min=1, max=6),
                 too_long=TOO_LONG["sides"], too_short=TOO_SHORT["sides"],
                 metadata={"description": (
        "One entry per side (every side once).")})
    sitting_out = Name(metadata={"description": (
        "Five players only (required then): the trio's member who sat this deal out; his side gives hands for its two "
        "other players (canasta/1.1).")})
    irregularities = List(Nested(Irregularity), validate=Length(max=50), too_long=TOO_LONG["irregularities"])


class ScoreRequest(Envelope):
    MODEL = rec.ScoreRequest
    sides = SIDES
    dealer = Name(metadata={"description": "The dealer (accepted; the score does not depend on it)."})
    state = Nested(GameState)
    deal = Nested(Deal, required=True)


class PileView(Strict):
    """The discard pile: either `top`, `size` and `frozen_by` (what froze it for both sides; `null` or absent
    for nothing, except that a wild card on top is always read as freezing it; under option `wild_block`
    `one_round` or `full_round`, `wild` says that a wild card discarded within the last round still blocks it,
    canasta/5.1),
    or its `cards` bottom first (`top`, `size`, `frozen` and `frozen_by`, when given with them, must agree).
    `frozen` says whether a wild card or red three (or a black three under option black_three_freezes) froze
    it; a pile frozen only against a side that has not melded needs neither.
    """
    MODEL = rec.PileView
    top = Card(allow_none=True, metadata={"description": "The top card (`null` for an empty pile)."})
    size = Int(0, 216)
    frozen = Bool(allow_none=True)
    frozen_by = String(allow_none=True,
                              validate=OneOf(["wild", "red_three", "black_three", "start"]), metadata={"description": (
        "What froze the pile for everybody; `start` when it is frozen from the start of the deal (option "
        "`pile_frozen_at_start`) and not taken since.")})
    cards = Cards(216, metadata={"description": "Every card of the pile, bottom first."})
    upcards = Int(0, 216, metadata={"description": (
        "With `cards`, how many cards at the bottom were turned up at the deal (the upcard and the wild cards or "
        "threes it covers, canasta/1.6), 0 when the pile has been taken since. Read from the cards when a red three "
        "lies in the pile (it was never taken); required under option `wild_block` `one_round` or `full_round` when "
        "the pile begins with a wild card and holds no red three, since only a discarded wild card blocks the pile "
        "for a round (canasta/5.1).")})


class TurnSoFar(Strict):
    """What happened so far in the acting player's turn (phase `play`, after the draw); a flag left out is false."""
    MODEL = rec.TurnSoFar
    drew_from = String(validate=OneOf(["stock", "pile"]), metadata={"description": (
        "Where the turn's draw came from (default `stock`).")})
    melded = Bool(metadata={"description": "The player has melded or laid off this turn."})
    canasta_made = Bool(metadata={"description": (
        "The player completed a canasta with his melds this turn (for going out concealed, canasta/6.4).")})
    extra_cards_due = Bool(metadata={"description": (
        "The player's meld this turn opened his side and the cards it brings (option `opening_bonus_cards`, Mexicana) "
        "are still to be drawn (`extra_cards`).")})
    first_round = Bool(metadata={"description": (
        "The turn is in the deal's first round (no black three discarded then under `black_three_first_round`, "
        "Cuban).")})
    laid_on_partner = Bool(metadata={"description": (
        "Cards went onto melds the side had before this turn (no concealed going out).")})
    answer = String(allow_none=True, validate=OneOf(["yes", "no"]), metadata={"description": (
        "The partner's answer to \"may I go out?\" asked this turn, `null` if not asked.")})
    last_red_three = Bool(metadata={"description": (
        "The draw took a red three as the last stock card (only with `stock` 0).")})


class TakingPile(Strict):
    MODEL = rec.TakingPile
    melds = Melds()


class Position(Strict):
    """A position in a hand, as the acting player sees it: his `hand` and the table. Other players' hands are
    unknown.
    """
    MODEL = rec.Position
    phase = String(validate=OneOf(["draw", "play"]), metadata={"description": (
        "`draw` (the turn has not begun; the default) or `play` (drawn; melds and the discard follow).")})
    sitting_out = Name(metadata={"description": (
        "Five players only (required then): the trio's member who sits this deal out.")})
    to_act = Name(metadata={"description": "The player whose turn it is (default the acting player)."})
    hand = HandField(120, required=True, metadata={"description": (
        "The acting player's hand (at least one card), as a list, or for `draw`, `take_pile`, `ask` and `end` as what "
        "is known of it (`PartialHand` without `void`): the cards shown and how many others the hand holds decide "
        "those. Melding, discarding and going out are judged on the whole hand (a red three it may hold must be laid "
        "out first), so they are a 422 asking for the list.")})
    melds = Dict(keys=SIDE_ID(), values=List(Cards(60), validate=Length(max=24), too_long=TOO_LONG["melds"]),
                 validate=Length(max=6), too_long=TOO_LONG["sides"], metadata={"description": (
        "Side id → the side's melds on the table, each a list of cards; a side left out has nothing on the table (it "
        "has not melded).")})
    red_threes = Dict(keys=SIDE_ID(), values=RedThrees(8), validate=Length(max=6),
                      too_long=TOO_LONG["sides"], metadata={"description": (
        "Side id → the red threes the side has laid out.")})
    pile = Nested(PileView, required=True)
    stock = Int(0, 216, metadata={"description": (
        "Cards left in the stock; when omitted, every card not in view (at least 1).")})
    melded_before = Bool(metadata={"description": (
        "The acting player has melded earlier in this hand (he can no longer go out concealed).")})
    minimum_raised = Int(0, 1000, metadata={"description": (
        "What the side's initial-meld minimum has been raised by (10 per short opening taken back, canasta/8.1).")})
    turn = Nested(TurnSoFar)
    went_out = Name(metadata={"description": (
        "The acting player's partner who has just gone out, for a `double_ending` (canasta/6.6).")})
    packet = Bool(metadata={"description": "The acting player still has his face-down packet (option `packet_size`)."})
    completed_canasta = Bool(metadata={"description": (
        "The acting player has completed a canasta in this deal (he may take his packet).")})
    penalty_cards = Cards(40, metadata={"description": (
        "Cards of the acting player's hand lying face up as penalty cards after he showed them by accident "
        "(canasta/8.7); each is melded or becomes his next discard. Not in a game without exposure penalties "
        "(two-player, canasta/8.11).")})
    taking_pile = Nested(TakingPile, metadata={"description": (
        "The player in turn has taken the pile in natural order (a `take_pile` with the top card alone, its melds to "
        "follow; see docs/canasta-logs.md). The position is his before the take (`phase` draw, the pile as it lay); "
        "`melds` are the melds of his turn so far, the first holding the top card. The next action is judged with "
        "them as one turn, as `validate` judges it.")})
    red_threes_held = Dict(keys=Name(), values=RedThrees(4), validate=Length(max=5),
                           too_long=TOO_LONG["players"], metadata={"description": (
        "Before play begins (`phase` draw), other players → the red threes dealt to them that they still hold; each "
        "may lay his out before the first turn (canasta/2.1), so a `red_three` by one of them is judged with these "
        "cards as his hand.")})


ACTION_TYPES = ["draw", "take_pile", "meld", "discard", "ask", "go_out", "end", "double_ending", "extra_cards",
                "packet", "expose", "red_three"]


# the fields each type takes besides `type` and `player` (referee/canasta/parse.py's ACTION_FIELDS: the same sets)
FIELDS = {
    "draw": {"cards"}, "take_pile": {"cards", "melds"}, "meld": {"melds"}, "discard": {"card"}, "ask": {"answer"},
    "go_out": {"melds", "card"}, "end": set(), "red_three": {"card", "replacement"}, "double_ending": {"melds"},
    "extra_cards": {"cards"}, "packet": set(), "expose": {"cards"},
    "deal": {"dealer", "hands", "pile", "sitting_out", "packets"},
}
# what a field of another type is told, at the field (a player may read it: the players' words)
REFUSALS = {
    "deal": N_("not part of a deal"), "draw": N_("not part of a draw"), "take_pile": N_("not part of taking the pile"),
    "meld": N_("not part of a meld"), "discard": N_("not part of a discard"),
    "ask": N_("not part of asking the partner to go out"), "go_out": N_("not part of going out"),
    "end": N_("not part of ending the deal"), "double_ending": N_("not part of the double ending"),
    "extra_cards": N_("not part of drawing the extra cards"), "packet": N_("not part of taking the packet"),
    "expose": N_("not part of showing cards by accident"), "red_three": N_("not part of laying out a red three"),
}


def _typed(union: type[ByType]) -> None:
    """Each type's schema of ``union`` loads into its record (one record per type: ``draw`` a ``Draw`` …)."""
    for t, schema in union.TYPES.items():
        schema.MODEL = rec.RECORDS[t]


class Action(ByType):
    """One action by `player`. The fields that matter per `type`: `draw` — `cards` (optional: the cards taken
    from the stock in order, red threes and their replacements included); `take_pile` — `cards` (shown from
    the hand to go with the top card) and `melds` (further melds from the hand, for an initial meld);
    `meld` — `melds`; `discard` — `card`; `ask` — `answer` (`yes` or `no`: the partner's reply to "may I go
    out?"); `go_out` — `melds` and `card` (the last discard, if any); `end` — nothing (the stock is gone and
    the player cannot or will not take the pile); `double_ending` — `melds`: the whole hand of the partner of
    the player who just went out (`position.went_out`, option `double_ending`); `packet` — nothing: the
    player adds his face-down packet to his hand once he has completed a canasta (`packet_size`); `extra_cards` —
    `cards` (optional in check): the cards the player whose meld opened his side draws at once under
    `opening_bonus_cards` (Mexicana), red threes and their replacements included; `expose` — `cards`: cards
    the player showed or dropped by accident, at any moment (not only in his turn); they become penalty cards
    (canasta/8.7); `red_three` — `card` and, optionally, its `replacement`: a red three in the hand laid out
    (canasta/2.1).
    """
    type = String(required=True, validate=OneOf(ACTION_TYPES))
    player = Name(required=True)
    cards = Cards(40)
    melds = Melds()
    card = Card()
    replacement = Card(metadata={"description": "`red_three`: the stock card drawn to replace it (optional in check)."})
    answer = String(validate=OneOf(["yes", "no"]))


Action.TYPES = {t: narrowed(Action, t, FIELDS[t] | {"player"}, REFUSALS[t], "Action") for t in ACTION_TYPES}
_typed(Action)


class CheckRequest(Envelope):
    MODEL = rec.CheckRequest
    sides = SIDES
    dealer = Name(metadata={"description": "The dealer (accepted; the ruling does not depend on it)."})
    state = Nested(GameState)
    position = Nested(Position, required=True)
    action = Nested(Action, required=True)


class Event(ByType):
    """One event of a game log. `deal` starts a deal: `dealer`, `hands` (player → the cards dealt) and `pile`
    (the cards turned up to start the pile, bottom first: a joker, deuce or red three turned up, and a black
    three under black_three_upcard=cover, is covered by the next stock card). `red_three` — `player`, `card`
    (a red three from the hand laid out) and `replacement` (the stock card drawn for it). The other types are
    the actions of `CanastaAction` with the same fields (`player` is required for them by the replay); a
    `draw` gives in `cards` every card taken from the stock, in order, red threes and their replacements
    included. `double_ending` (option `double_ending`) — right after a player went out, his partner lays his
    whole hand down in `melds` (canasta/6.6).
    """
    type = String(required=True, validate=OneOf(["deal"] + ACTION_TYPES))
    player = Name()
    dealer = Name()
    sitting_out = Name(metadata={"description": (
        "`deal` with five players: the trio member who sits the deal out (they take turns).")})
    hands = Dict(keys=Name(), values=Cards(20, lenient=True), validate=Length(max=6), too_long=TOO_LONG["players"])
    packets = Dict(keys=Name(), values=Cards(20, lenient=True), validate=Length(max=6),
                   too_long=TOO_LONG["players"], metadata={"description": (
        "`deal` with `packet_size` (Pennies from Heaven): player → his face-down packet.")})
    pile = Cards(30, lenient=True)
    card = Card(lenient=True)
    replacement = Card(lenient=True)
    cards = Cards(40, lenient=True)
    melds = Melds(lenient=True)
    answer = String(validate=OneOf(["yes", "no"]))


# in a log `player` stays optional, as before (the replay asks for it where it is missing); a deal has none
Event.TYPES = {t: narrowed(Event, t, FIELDS[t] | ({"player"} if t != "deal" else set()), REFUSALS[t], "Event")
               for t in ["deal", *ACTION_TYPES]}
_typed(Event)


class ValidateRequest(Envelope):
    MODEL = rec.ValidateRequest
    sides = SIDES
    state = Nested(GameState)
    log = List(Nested(Event), required=True, validate=Length(min=1, max=MAX_EVENTS),
               too_long=TOO_LONG["events"], too_short=TOO_SHORT["events"],
               metadata={"description": (
        "The events in order, starting with a `deal` (at most `REFEREE_MAX_EVENTS`, 5000 unless the service is set "
        "otherwise).")})
    replay = REPLAY


REQUESTS = {"score": ScoreRequest, "check": CheckRequest, "validate": ValidateRequest}
