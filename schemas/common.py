"""Shared marshmallow 4 pieces: the request envelope, error-to-pointer conversion, answer parts.

The fields and validators here speak the request's language: their error messages are catalog entries
(:class:`referee.i18n.Msg`), which marshmallow fills in through ``format``.  Request schemas use these classes, not
marshmallow's own.
"""
from __future__ import annotations

import unicodedata

from marshmallow import RAISE, Schema, ValidationError, fields, validate

from referee.i18n import N_, Msg, _

# marshmallow's own messages, marked for the catalog (tests check that every message the fields below can give is
# one of these, so a marshmallow upgrade that rewords one is noticed)
MARSHMALLOW_MESSAGES = (
    N_("Missing data for required field."), N_("Field may not be null."), N_("Invalid value."),
    N_("Not a valid string."), N_("Not a valid utf-8 string."), N_("Not a valid integer."),
    N_("Not a valid number."), N_("Number too large."), N_("Not a valid boolean."), N_("Not a valid list."),
    N_("Not a valid mapping type."), N_("Invalid type."), N_("Invalid input type."), N_("Unknown field."),
    N_("Length must be between {min} and {max}."), N_("Length must be {equal}."),
    N_("Longer than maximum length {max}."), N_("Shorter than minimum length {min}."),
    N_("Must be one of: {choices}."), N_("Must be between {min} and {max}."),
)


def _localized(cls: type, **extra: str) -> type:
    """``cls`` with every error message (its own and its bases') a catalog entry."""
    messages: dict = {}
    for c in reversed(cls.__mro__):
        messages.update(getattr(c, "default_error_messages", {}))
    messages.update(extra)
    assert set(messages.values()) <= set(MARSHMALLOW_MESSAGES), set(messages.values()) - set(MARSHMALLOW_MESSAGES)
    return type(cls.__name__, (cls,), {"default_error_messages": {k: Msg(v) for k, v in messages.items()},
                                        "__module__": __name__})


String = _localized(fields.String)
Integer = _localized(fields.Integer)
Raw = _localized(fields.Raw)
Nested = _localized(fields.Nested)
Field = _localized(fields.Field)


class Length(validate.Length):
    message_min = Msg(N_("Shorter than minimum length {min}."))
    message_max = Msg(N_("Longer than maximum length {max}."))
    message_all = Msg(N_("Length must be between {min} and {max}."))
    message_equal = Msg(N_("Length must be {equal}."))


class OneOf(validate.OneOf):
    default_message = Msg(N_("Must be one of: {choices}."))


def Range(lo: int, hi: int) -> validate.Range:
    return validate.Range(lo, hi, error=Msg(N_("Must be between {min} and {max}.")))


def _plain(value: str) -> None:
    """Names and ids are shown back in answers and logs, and compared: no control or invisible format characters
    (a NUL, a newline, a zero-width space), no spaces around them."""
    if value != value.strip():
        raise ValidationError(_("a name has no spaces before or after it"))
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in value):
        raise ValidationError(_("a name holds no control or invisible characters"))


PRINTABLE = _plain


class Bool(_localized(fields.Boolean)):
    """A JSON true/false only (marshmallow's Boolean also takes "yes", 1 and the like)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def _refuse_long(field: fields.Field, value, kind: type, unit) -> None:
    """Refuse ``value`` longer than the field's ``Length(max=…)`` before any item is read: a body of 100,000 bad
    items gets one error at the container, not 100,000 (and not a second of work)."""
    if isinstance(value, kind):
        for v in field.validators:
            if isinstance(v, validate.Length) and v.max is not None and len(value) > v.max:
                raise ValidationError(unit(v.max, len(value)))


class List(_localized(fields.List)):
    """marshmallow's List with the early length check of :func:`_refuse_long`."""

    def _deserialize(self, value, attr, data, **kwargs):
        _refuse_long(self, value, list, lambda most, n: _("at most {most} items, not {n}", most=most, n=n))
        return super()._deserialize(value, attr, data, **kwargs)


class Dict(_localized(fields.Dict)):
    """marshmallow's Dict with the early length check of :func:`_refuse_long`."""

    def _deserialize(self, value, attr, data, **kwargs):
        _refuse_long(self, value, dict, lambda most, n: _("at most {most} entries, not {n}", most=most, n=n))
        return super()._deserialize(value, attr, data, **kwargs)


def Card(**kw):
    return String(validate=Length(min=1, max=4), **kw)


def Cards(max_len: int = 40, **kw):
    return List(Card(), validate=Length(max=max_len), **kw)


def Name(**kw):
    return String(validate=[Length(min=1, max=64), PRINTABLE], **kw)


def Int(lo: int = -100000, hi: int = 100000, **kw):
    return Integer(strict=True, validate=Range(lo, hi), **kw)


class Strict(Schema):
    """Base for request schemas: unknown fields are rejected, never dropped."""

    error_messages = {"type": Msg(N_("Invalid input type.")), "unknown": Msg(N_("Unknown field."))}

    class Meta:
        unknown = RAISE


class Envelope(Strict):
    """Fields every POST body carries (../shared/api.md)."""

    variant = String(validate=Length(min=1, max=64))
    options = Dict(keys=String(validate=Length(max=64)), validate=Length(max=100))


def errors_to_pointers(messages, prefix: str = "") -> list[dict]:
    """Flatten marshmallow's nested error dict into ``[{"pointer", "detail"}]`` (RFC 6901)."""
    out: list[dict] = []
    if isinstance(messages, dict):
        for key, sub in messages.items():
            k = str(key).replace("~", "~0").replace("/", "~1")
            if key == "_schema":
                out += errors_to_pointers(sub, prefix)
            elif key == "value" and isinstance(sub, (list, dict)) and prefix:
                out += errors_to_pointers(sub, prefix)
            elif key == "key" and prefix:
                out += [{"pointer": prefix, "detail": _("key: {why}", why=e["detail"])}
                        for e in errors_to_pointers(sub, prefix)]
            else:
                out += errors_to_pointers(sub, f"{prefix}/{k}")
    elif isinstance(messages, list):
        for m in messages:
            if isinstance(m, (dict, list)):
                out += errors_to_pointers(m, prefix)
            else:
                if m == "Unknown field.":
                    detail = _("unknown field: not part of this request's shape")
                else:
                    detail = m.translated() if isinstance(m, Msg) else str(m)
                out.append({"pointer": prefix, "detail": detail})
    else:
        out.append({"pointer": prefix, "detail": str(messages)})
    return out
