"""Shared marshmallow 4 pieces: the request envelope, error-to-pointer conversion, answer parts.

The fields and validators here speak the request's language: their error messages are catalog entries
(:class:`referee.i18n.Msg`), which marshmallow fills in through ``format``.  Request schemas use these classes, not
marshmallow's own.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence, Sized
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, cast

from marshmallow import RAISE, Schema, ValidationError, fields, pre_load, utils, validate

from referee.cards import parse_card
from referee.common import ECHO_MAX, echo, visible
from referee.i18n import N_, Msg, _, ngettext
from referee.settings import MAX_EVENTS as MAX_EVENTS  # the game schemas import it from here

from .fast import Fallback, Kinds, compile_schema

MAX_FAULTS = 100     # the faults a 422 lists (wsgi.MAX_ERRORS); a list stops reading its items past them

# marshmallow's own messages (tests check that every message the fields below can give is one of these, so a
# marshmallow upgrade that rewords one is noticed), each with the catalog text shown for it: lower case and without
# a full stop, as every other detail reads
MARSHMALLOW_MESSAGES = {
    "Missing data for required field.": N_("this field is required and missing"),
    "Field may not be null.": N_("may not be null"),
    "Invalid value.": N_("not a valid value"),
    "Not a valid string.": N_("not a valid string"),
    "Not a valid utf-8 string.": N_("not a valid UTF-8 string"),
    "Not a valid integer.": N_("not a valid integer"),
    "Not a valid number.": N_("not a valid number"),
    "Number too large.": N_("number too large"),
    "Not a valid boolean.": N_("must be true or false"),
    "Not a valid list.": N_("not a valid list"),
    "Not a valid mapping type.": N_("not a valid object"),
    "Invalid type.": N_("not a valid type"),
    "Invalid input type.": N_("not a valid type: an object is expected"),
    "Unknown field.": N_("unknown field"),
    "Length must be between {min} and {max}.": N_("length must be between {min} and {max}"),
    "Length must be {equal}.": N_("length must be {equal}"),
    "Longer than maximum length {max}.": N_("longer than the maximum length {max}"),
    "Shorter than minimum length {min}.": N_("shorter than the minimum length {min}"),
    "Must be one of: {choices}.": N_("must be one of: {choices}"),
    "Must be between {min} and {max}.": N_("must be between {min} and {max}"),
}
_OURS = MARSHMALLOW_MESSAGES


_F = TypeVar("_F", bound=fields.Field)


# marshmallow's type of a field's ``default_error_messages`` (ours are all strings: Msg)
ErrorMessages = dict[str, str | list[Any] | dict[Any, Any]]


def _localized_messages(cls: type[fields.Field], **extra: str) -> ErrorMessages:
    """The error messages of ``cls`` (its own and its bases', with ``extra``), each a catalog entry."""
    messages: dict[str, str] = {}
    for c in reversed(cls.__mro__):
        messages.update(getattr(c, "default_error_messages", {}))
    messages.update(extra)
    assert set(messages.values()) <= set(MARSHMALLOW_MESSAGES), set(messages.values()) - set(MARSHMALLOW_MESSAGES)
    return {k: Msg(_OURS[v]) for k, v in messages.items()}


def _localized(cls: type[_F], **extra: str) -> type[_F]:
    """``cls`` with every error message (its own and its bases') a catalog entry."""
    made = type(cls.__name__, (cls,), {"default_error_messages": _localized_messages(cls, **extra),
                                       "__module__": __name__})
    return cast("type[_F]", made)


String = _localized(fields.String)
Integer = _localized(fields.Integer)
Raw = _localized(fields.Raw)
Nested = _localized(fields.Nested)
Field = _localized(fields.Field)


class Length(validate.Length):
    message_min = Msg(_OURS["Shorter than minimum length {min}."])
    message_max = Msg(_OURS["Longer than maximum length {max}."])
    message_all = Msg(_OURS["Length must be between {min} and {max}."])
    message_equal = Msg(_OURS["Length must be {equal}."])


class OneOf(validate.OneOf):
    default_message = Msg(_OURS["Must be one of: {choices}."])


# validate's ``replay``: ``strict`` stops judging at a log's first illegal event; ``as_played`` applies an illegal
# event the cards allow and judges on (each violation listed), ending a deal's judging only at an event that cannot
# be applied
REPLAY = String(validate=OneOf(["strict", "as_played"]), metadata={"schema": "Replay"})


def Range(lo: int, hi: int) -> validate.Range:
    return validate.Range(lo, hi, error=Msg(_OURS["Must be between {min} and {max}."]))


_ASCII_CONTROL = re.compile(r"[\x00-\x1f\x7f]")     # ASCII's only characters of the categories below (Cc)


def _plain(value: str) -> None:
    """Names and ids are shown back in answers and logs, and compared: no control or invisible format characters
    (a NUL, a newline, a zero-width space), no spaces around them."""
    if value != value.strip():
        raise ValidationError(_("a name has no spaces before or after it"))
    if _ASCII_CONTROL.search(value) if value.isascii() else \
            any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in value):
        raise ValidationError(_("a name holds no control or invisible characters"))
    if not value.isascii() and not visible(value).strip():
        # a Hangul filler (U+3164) or a blank Braille pattern (U+2800) alone: a name nobody can see
        raise ValidationError(_("a name needs a character that can be seen"))


PRINTABLE = _plain


class Bool(fields.Boolean):
    """A JSON true/false only (marshmallow's Boolean also takes "yes", 1 and the like)."""

    default_error_messages = _localized_messages(fields.Boolean)

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def _refuse_long(field: fields.Field, value: object, kind: type[Sized], unit: Callable[[int, int], str]) -> None:
    """Refuse ``value`` longer than the field's ``Length(max=…)`` before any item is read: a body of 100,000 bad
    items gets one error at the container, not 100,000 (and not a second of work)."""
    if isinstance(value, kind):
        for v in field.validators:
            if isinstance(v, validate.Length) and v.max is not None and len(value) > v.max:
                raise ValidationError(unit(v.max, len(value)))


class _Unread:
    """Stands in the errors where reading stopped: at a list's first unread item (:class:`List`), or for an object
    whose unknown keys were more than an answer lists (:data:`MAX_FAULTS`, :class:`Strict`)."""


UNREAD = _Unread()


def count_faults(messages) -> int:
    """How many entries :func:`errors_to_pointers` makes of marshmallow's ``messages``."""
    if isinstance(messages, dict):
        return sum(count_faults(m) for m in messages.values())
    if isinstance(messages, list):
        return sum(count_faults(m) for m in messages)
    return 0 if messages is UNREAD else 1


def _items(most: int, n: int) -> str:
    return _("at most {most} items, not {n}", most=most, n=n)


# What a list longer than its ``Length(max=…)`` is told, by what it lists (``List(..., too_long=TOO_LONG["melds"])``):
# the most it may hold and how many it held, its items named as players name them
TOO_LONG: dict[str, Callable[[int, int], str]] = {
    "items": _items,
    "cards": lambda most, n: ngettext("at most {most} card, not {n}", "at most {most} cards, not {n}", most,
                                      most=most, n=n),
    "red threes": lambda most, n: ngettext("at most {most} red three, not {n}", "at most {most} red threes, not {n}",
                                           most, most=most, n=n),
    "melds": lambda most, n: ngettext("at most {most} meld, not {n}", "at most {most} melds, not {n}", most,
                                      most=most, n=n),
    "hands": lambda most, n: ngettext("at most {most} hand, not {n}", "at most {most} hands, not {n}", most,
                                      most=most, n=n),
    "players": lambda most, n: ngettext("at most {most} player, not {n}", "at most {most} players, not {n}", most,
                                        most=most, n=n),
    "sides": lambda most, n: ngettext("at most {most} side, not {n}", "at most {most} sides, not {n}", most,
                                      most=most, n=n),
    "tricks": lambda most, n: ngettext("at most {most} trick, not {n}", "at most {most} tricks, not {n}", most,
                                       most=most, n=n),
    "marriages": lambda most, n: ngettext("at most {most} marriage, not {n}", "at most {most} marriages, not {n}",
                                          most, most=most, n=n),
    "calls": lambda most, n: ngettext("at most {most} call, not {n}", "at most {most} calls, not {n}", most,
                                      most=most, n=n),
    "irregularities": lambda most, n: ngettext("at most {most} irregularity, not {n}",
                                               "at most {most} irregularities, not {n}", most, most=most, n=n),
    "events": lambda most, n: ngettext("at most {most} event, not {n}", "at most {most} events, not {n}", most,
                                       most=most, n=n),
    "talons": lambda most, n: ngettext("at most {most} talon, not {n}", "at most {most} talons, not {n}", most,
                                       most=most, n=n),
}


# What a list shorter than its ``Length(min=…)`` is told, by what it lists (``too_short=TOO_SHORT["players"]``)
TOO_SHORT: dict[str, Callable[[int, int], str]] = {
    "players": lambda least, n: ngettext("at least {least} player, not {n}", "at least {least} players, not {n}",
                                         least, least=least, n=n),
    "sides": lambda least, n: ngettext("at least {least} side, not {n}", "at least {least} sides, not {n}", least,
                                       least=least, n=n),
    "hands": lambda least, n: ngettext("at least {least} hand, not {n}", "at least {least} hands, not {n}", least,
                                       least=least, n=n),
    "events": lambda least, n: ngettext("at least {least} event, not {n}", "at least {least} events, not {n}", least,
                                        least=least, n=n),
}


class List(fields.List):
    """marshmallow's List with the early length check of :func:`_refuse_long`, which stops reading its items once
    they have given more than :data:`MAX_FAULTS` faults: a log of 5,000 events full of unknown keys costs the reading
    of its first events, not of 40,000 errors that no answer would list.  ``too_long``: what a list longer than its
    ``Length(max=…)`` is told (:data:`TOO_LONG`; "at most 24 items, not 25" by default); ``too_short``: what one
    shorter than its ``Length(min=…)`` is told (:data:`TOO_SHORT`; the length validator's words by default)."""

    default_error_messages = _localized_messages(fields.List)
    too_long: Callable[[int, int], str] = staticmethod(_items)

    def __init__(self, cls_or_instance: Any, *, too_long: Callable[[int, int], str] | None = None,
                 too_short: Callable[[int, int], str] | None = None, **kw: Any) -> None:
        super().__init__(cls_or_instance, **kw)
        if too_long is not None:
            self.too_long = too_long
        self.too_short = too_short

    def _deserialize(self, value, attr, data, **kwargs):
        _refuse_long(self, value, list, self.too_long)
        if self.too_short is not None and isinstance(value, list):
            for v in self.validators:
                if isinstance(v, validate.Length) and v.min is not None and len(value) < v.min:
                    raise ValidationError(self.too_short(v.min, len(value)))
        if not utils.is_collection(value):
            raise self.make_error("invalid")
        items = value if isinstance(value, Sequence) else list(value)
        result: list = []
        errors: dict = {}
        faults = 0
        for idx, each in enumerate(items):
            try:
                result.append(self.inner.deserialize(each, **kwargs))
            except ValidationError as error:
                if error.valid_data is not None:
                    result.append(error.valid_data)
                errors[idx] = error.messages
                faults += count_faults(error.messages)
                if faults > MAX_FAULTS and idx + 1 < len(items):
                    errors[idx + 1] = [UNREAD]
                    break
        if errors:
            raise ValidationError(errors, valid_data=result)
        return result


def _entries(most: int, n: int) -> str:
    return _("at most {most} entries, not {n}", most=most, n=n)


class Dict(fields.Dict):
    """marshmallow's Dict with the early length check of :func:`_refuse_long`; ``too_long``: what an object of more
    entries than its ``Length(max=…)`` is told (:data:`TOO_LONG`, by what its keys name: "at most 8 players, not 9";
    "at most 8 entries, not 9" by default)."""

    default_error_messages = _localized_messages(fields.Dict)

    def __init__(self, *, too_long: Callable[[int, int], str] | None = None, **kw: Any) -> None:
        super().__init__(**kw)
        self.too_long = too_long or _entries

    def _deserialize(self, value, attr, data, **kwargs):
        _refuse_long(self, value, dict, self.too_long)
        return super()._deserialize(value, attr, data, **kwargs)


def Card(**kw):
    return String(validate=Length(min=1, max=4), **kw)


class CardField(fields.String):
    """A card in the notation of :func:`referee.cards.parse_card` (``10H``, ``Т♥``, ``joker``…), loaded as a
    :class:`referee.cards.Card`; a text that names no card is refused at the field with the reason.  Whether the
    card belongs to the variant's deck is the position builder's to check (the deck depends on the options)."""

    default_error_messages = _localized_messages(fields.String)

    def __init__(self, **kw) -> None:
        super().__init__(validate=Length(min=1, max=4), **kw)

    def _deserialize(self, value, attr, data, **kwargs):
        text = card_text(value)
        try:
            return parse_card(text)
        except ValueError as e:
            raise ValidationError(str(e)) from None

    def _validate(self, value) -> None:
        """The validators ran on the text (above), not on the card."""

    def fast_converter(self) -> Callable[[Any], Any]:
        """The sparse loader's conversion (:mod:`schemas.fast`): a known card's text, or :class:`Fallback`."""
        allow_none = self.allow_none

        def convert(value: Any) -> Any:
            card = _CARDS.get(value) if type(value) is str else None
            if card is not None:
                return card
            if type(value) is str and 1 <= len(value) <= 4:
                try:
                    card = parse_card(value)
                except ValueError:
                    raise Fallback() from None
                if len(_CARDS) < _CARDS_MAX:
                    _CARDS[value] = card
                return card
            if value is None and allow_none:
                return None
            raise Fallback()
        return convert


# the texts already read as cards (a log names the same few dozen again and again), bounded so that a worker's
# memory stays flat whatever texts it is sent: at most 4 characters each, a few thousand in all
_CARDS: dict[str, Any] = {}
_CARDS_MAX = 4096


def CardOf(**kw) -> CardField:
    """One card, loaded as a :class:`referee.cards.Card` (:class:`CardField`)."""
    return CardField(**kw)


class CardList(List):
    """A list of cards (its items :class:`CardField`), whose sparse loader reads the texts already read as cards by
    one lookup each."""

    too_long = staticmethod(TOO_LONG["cards"])

    def fast_converter(self) -> Callable[[Any], Any]:
        """The sparse loader's conversion (:mod:`schemas.fast`): a list within the field's lengths, each text a card
        read before (:data:`_CARDS`) or read by the item's own conversion; :class:`Fallback` otherwise."""
        lengths = [v for v in self.validators if isinstance(v, validate.Length)]
        assert len(lengths) == len(self.validators) and all(v.equal is None for v in lengths), self.validators
        lo = max((v.min for v in lengths if v.min is not None), default=0)
        hi = min((v.max for v in lengths if v.max is not None), default=float("inf"))
        one = cast(CardField, self.inner).fast_converter()
        known, allow_none = _CARDS, self.allow_none

        def convert(value: Any) -> Any:
            if type(value) is list and lo <= len(value) <= hi:
                try:
                    return [known[text] for text in value]
                except (KeyError, TypeError):       # a text not read before, or no text
                    return [one(text) for text in value]
            if value is None and allow_none:
                return None
            raise Fallback()
        return convert


def CardsOf(max_len: int = 40, **kw):
    """A list of at most ``max_len`` cards, each loaded as a :class:`referee.cards.Card`."""
    return CardList(CardField(), validate=Length(max=max_len), **kw)


def Cards(max_len: int = 40, **kw):
    return List(Card(), validate=Length(max=max_len), too_long=TOO_LONG["cards"], **kw)


def Name(**kw):
    return String(validate=[Length(min=1, max=64), PRINTABLE], **kw)


def Int(lo: int = -100000, hi: int = 100000, **kw):
    return Integer(strict=True, validate=Range(lo, hi), **kw)


class UnknownKey(Msg):
    """The message of a key that a schema does not declare (marshmallow adds these last, in set order, which
    :func:`errors_to_pointers` puts back in the body's order)."""


class Strict(Schema):
    """Base for request schemas: unknown fields are rejected, never dropped.  An object with more unknown keys than
    an answer lists (:data:`MAX_FAULTS`) is refused on its first ones, in document order, and not read further:
    20,000 unknown keys cost the reading of 101, not 20,000 errors.

    ``load`` first tries the schema's sparse loader (:mod:`schemas.fast`: only the keys present are visited), and
    loads through marshmallow only when that loader cannot vouch for the body, so that every fault is found and
    worded by marshmallow as before."""

    # The typed record a load returns: a class called with the loaded fields as keywords (the fields the body left
    # out are not passed, so the record's defaults stand for them); None: the loaded dict itself.  Each request
    # shape is described once, by its schema; the record's attributes are its fields (tests/contract/
    # test_typed_requests.py holds the two together).  The sparse loader makes a frozen, slotted dataclass in place,
    # the same record without the call (schemas.fast._record_slots).
    MODEL: ClassVar[Callable[..., Any] | None] = None

    _fast: Any = None           # the compiled loader (schemas.fast), built on first use; False if there is none

    def fast_loader(self) -> Callable[[Any], Any] | None:
        if self._fast is None:
            self._fast = compile_schema(self, FAST_KINDS, type(self).MODEL) or False
        return self._fast or None

    def load(self, data, *, many=None, partial=None, unknown=None):
        if many is None and partial is None and unknown is None:
            fast = self._fast if self._fast is not None else self.fast_loader()
            if fast:
                try:
                    return fast(data)
                except Fallback:
                    pass
        out = super().load(data, many=many, partial=partial, unknown=unknown)
        model = type(self).MODEL
        if model is None or many or partial:
            return out
        return model(**out)

    error_messages = {"type": Msg(_OURS["Invalid input type."]), "unknown": UnknownKey(_OURS["Unknown field."])}

    class Meta:
        unknown = RAISE

    @pre_load
    def _few_unknown_keys(self, data, **kwargs):
        if isinstance(data, dict) and len(data) > MAX_FAULTS:
            known = {f.data_key or name for name, f in self.load_fields.items()}
            unknown = [k for k in data if k not in known]
            if len(unknown) > MAX_FAULTS:
                errors: dict = {k: [self.error_messages["unknown"]] for k in unknown[:MAX_FAULTS + 1]}
                errors["_schema"] = [UNREAD]
                raise ValidationError(errors)
        return data


# the classes above that schemas.fast compiles (it sits below this module and is handed them)
FAST_KINDS = Kinds(boolean=Bool, list=List, dict=Dict, strict=Strict)


class Envelope(Strict):
    """Fields every POST body carries (../shared/api.md)."""

    variant = String(validate=Length(min=1, max=64), metadata={"description": (
        "The variant (`GET /v1/games` lists each game's; the game's default when left out).")})
    # metadata "schema": the shape openapi.yaml gives the field (scripts/openapi), where the engine checks more
    options = Dict(keys=String(validate=Length(max=64)), validate=Length(max=100),
                   metadata={"schema": "OptionOverrides"})


class Faults(list):
    """The ``[{"pointer", "detail"}]`` of a request, and ``unread``: the pointer of where reading stopped (a list's
    first unread item, an object with too many unknown keys), or None when the whole body was read."""

    unread: str | None = None


def errors_to_pointers(messages, prefix: str = "", body: Any = None) -> Faults:
    """Flatten marshmallow's nested error dict into ``[{"pointer", "detail"}]`` (RFC 6901).  A key longer than any
    field name (:data:`referee.common.ECHO_MAX`) is not put in a pointer: its faults point at the object that holds
    it and name the key's beginning.  With the ``body`` that was loaded, unknown keys are listed in the body's order
    (marshmallow finds them by a set difference, whose order changes from process to process)."""
    out = Faults()
    _flatten(messages if body is None else _in_body_order(messages, body), prefix, out)
    return out


def _in_body_order(messages, data):
    """``messages`` with the entries of unknown keys (which marshmallow adds last) in the order of ``data``'s keys,
    in every object; every other entry keeps its place."""
    if isinstance(messages, dict) and isinstance(data, dict):
        keep = {k: v for k, v in messages.items()
                if not (isinstance(v, list) and len(v) == 1 and isinstance(v[0], UnknownKey))}
        order = {k: i for i, k in enumerate(data)}
        late = sorted((k for k in messages if k not in keep), key=lambda k: order.get(k, len(order)))
        merged = {k: _in_body_order(v, data.get(k)) for k, v in keep.items()}
        merged.update((k, messages[k]) for k in late)
        return merged
    if isinstance(messages, dict) and isinstance(data, list):
        return {k: _in_body_order(v, data[k]) if isinstance(k, int) and 0 <= k < len(data) else v
                for k, v in messages.items()}
    return messages


def _flatten(messages, prefix: str, out: Faults, key: str | None = None) -> None:
    def add(detail: str) -> None:
        out.append({"pointer": prefix, "detail": detail if key is None else _("under the key {key}: {why}", key=key,
                                                                               why=detail)})

    if isinstance(messages, dict):
        for name, sub in messages.items():
            if name == "_schema" or (name == "value" and isinstance(sub, (list, dict)) and prefix):
                _flatten(sub, prefix, out, key)
            elif name == "key" and prefix:
                at = len(out)
                _flatten(sub, prefix, out, key)
                if key is None:         # a long key's faults say which key already
                    for e in out[at:]:
                        e["detail"] = _("key: {why}", why=e["detail"])
            elif len(str(name)) > ECHO_MAX:
                _flatten(sub, prefix, out, echo(name))
            else:
                _flatten(sub, prefix + "/" + str(name).replace("~", "~0").replace("/", "~1"), out, key)
    elif isinstance(messages, list):
        for m in messages:
            if isinstance(m, (dict, list)):
                _flatten(m, prefix, out, key)
            elif m is UNREAD:
                if out.unread is None:
                    out.unread = prefix
            elif m in ("Unknown field.", _OURS["Unknown field."]):
                add(_("unknown field: not part of this request's shape"))
            else:
                add(m.translated() if isinstance(m, Msg) else str(m))
    else:
        add(str(messages))


def Hand(max_len: int, jokers: bool = False, **kw):
    """A hand: a list of cards (the whole hand), or what is known of it, ``{"known": [cards], "unknown": n,
    "void": [suits]}`` (referee.knowledge); ``jokers``: the game's deck has jokers (:func:`not_a_card`)."""

    def check(value):
        if isinstance(value, list):
            if len(value) > max_len:
                raise ValidationError(_("a list of at most {n} cards such as 'KH'", n=max_len))
            card_texts(value, jokers)
            return
        if not isinstance(value, dict) or set(value) - {"known", "unknown", "void"}:
            raise ValidationError(_("a list of cards, or the cards known with how many others and the suits lacked"))
        known, unknown, void = value.get("known", []), value.get("unknown", 0), value.get("void", [])
        if not isinstance(known, list) or len(known) > max_len:
            raise ValidationError(_("the known cards are a list of at most {n} cards such as 'KH'", n=max_len))
        try:
            card_texts(known, jokers)
        except ValidationError as e:
            raise ValidationError({"known": e.messages}) from None
        if type(unknown) is not int or not 0 <= unknown <= max_len:
            raise ValidationError(_("the number of unknown cards is a whole number from 0 to {n}", n=max_len))
        if not isinstance(void, list) or len(void) > 4 or not all(isinstance(s, str) and 1 <= len(s) <= 2
                                                                  for s in void):
            raise ValidationError(_("the suits lacked are a list of at most 4 suits such as 'H'"))

    return HandField(check, **kw)


@dataclass(frozen=True, slots=True)
class PartialHand:
    """What is known of a hand (the object form of :func:`Hand`): the cards shown, how many others it holds, the
    suits it lacks.  The cards are as the game's schema reads them (Thousand and Pinochle keep their texts, for the
    position builder to read against the variant's deck; Canasta reads them as cards)."""

    known: list[Any]
    unknown: int
    void: list[str]


class HandField(fields.Raw):
    """A hand: its shape checked by ``shape`` (:func:`Hand`'s check) on the body's value, then loaded by
    :meth:`read`: a list as it stands, the object form as a :class:`PartialHand`."""

    default_error_messages = Raw.default_error_messages

    def __init__(self, shape: Callable[[Any], None], **kw) -> None:
        self._shape = shape
        super().__init__(validate=shape, **kw)

    def read(self, value: Any) -> Any:
        """The hand loaded from a value of the right shape."""
        if isinstance(value, list):
            return value
        return PartialHand(list(value.get("known", [])), value.get("unknown", 0), list(value.get("void", [])))

    def _deserialize(self, value, attr, data, **kwargs):
        value = super()._deserialize(value, attr, data, **kwargs)
        fields.Field._validate(self, value)
        return self.read(value)

    def _validate(self, value) -> None:
        """The shape was checked on the body's value (above), not on the hand read."""

    def fast_converter(self) -> Callable[[Any], Any]:
        shape, read = self._shape, self.read

        def convert(value: Any) -> Any:
            try:
                shape(value)
                return read(value)
            except ValidationError:
                raise Fallback() from None
        return convert


def card_texts(values: list, jokers: bool = False) -> None:
    """ValidationError at each item of ``values`` that cannot be a card's text (not a string, or longer than any
    card is written); what each text names is the position builder's to read.  ``jokers``: the game's deck has
    jokers (:func:`not_a_card`)."""
    bad = {i: [not_a_card(c, jokers)] for i, c in enumerate(values) if not (isinstance(c, str) and 1 <= len(c) <= 4)}
    if bad:
        raise ValidationError(bad)


def card_text(value: Any, jokers: bool = False) -> str:
    """``value`` as a card's text to read, or ValidationError when it cannot be one: not a string, or longer than any
    card is written (a number, a list, "joker": said as what it is not).  ``jokers``: the game's deck has jokers
    (:func:`not_a_card`)."""
    if not isinstance(value, str) or not 1 <= len(value) <= 4:
        raise ValidationError(not_a_card(value, jokers))
    return value


# a joker written out in words, which a deck with jokers names in two letters (JK, Дж: referee.cards.parse_card)
_JOKER_WORDS = frozenset({"joker", "джокер"})


def not_a_card(value: Any = None, jokers: bool = False) -> str:
    """The fault of a value that cannot be a card: not a string, or longer than any card is written; in a deck with
    jokers, a joker written out as a word ("Joker", «джокер») is told how a joker is written."""
    if jokers and isinstance(value, str) and value.strip().casefold() in _JOKER_WORDS:
        return _("not a card: a joker is written JK or Дж")
    return _("not a card: a card is its rank and suit, such as '10H', 'KS' or 'Кч'")


def _trick_count(value):
    if value in ("some", "none"):
        return
    if type(value) is not int or not -100000 <= value <= 100000:
        raise ValidationError(_("a number of tricks, or some or none"))


def TrickCount(**kw):
    """A player's tricks: a number, or ``"some"`` / ``"none"`` where the exact count decides nothing."""
    return Raw(validate=_trick_count, **kw)
