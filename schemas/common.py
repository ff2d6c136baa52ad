"""Shared marshmallow 4 pieces: the request envelope, error-to-pointer conversion, answer parts."""
from __future__ import annotations

import unicodedata

from marshmallow import RAISE, Schema, ValidationError, fields, validate


def _plain(value: str) -> None:
    """Names and ids are shown back in answers and logs, and compared: no control or invisible format characters
    (a NUL, a newline, a zero-width space), no spaces around them."""
    if value != value.strip():
        raise ValidationError("a name has no spaces before or after it")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") for ch in value):
        raise ValidationError("a name holds no control or invisible characters")


PRINTABLE = _plain
NAME = fields.String(validate=[validate.Length(min=1, max=64), PRINTABLE])
CARD = fields.String(validate=validate.Length(min=1, max=4))


class Bool(fields.Boolean):
    """A JSON true/false only (marshmallow's Boolean also takes "yes", 1 and the like)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


def _refuse_long(field: fields.Field, value, kind: type, unit: str) -> None:
    """Refuse ``value`` longer than the field's ``Length(max=…)`` before any item is read: a body of 100,000 bad
    items gets one error at the container, not 100,000 (and not a second of work)."""
    if isinstance(value, kind):
        for v in field.validators:
            if isinstance(v, validate.Length) and v.max is not None and len(value) > v.max:
                raise ValidationError(f"at most {v.max} {unit}, not {len(value)}")


class List(fields.List):
    """marshmallow's List with the early length check of :func:`_refuse_long`."""

    def _deserialize(self, value, attr, data, **kwargs):
        _refuse_long(self, value, list, "items")
        return super()._deserialize(value, attr, data, **kwargs)


class Dict(fields.Dict):
    """marshmallow's Dict with the early length check of :func:`_refuse_long`."""

    def _deserialize(self, value, attr, data, **kwargs):
        _refuse_long(self, value, dict, "entries")
        return super()._deserialize(value, attr, data, **kwargs)


def Card(**kw):
    return fields.String(validate=validate.Length(min=1, max=4), **kw)


def Cards(max_len: int = 40, **kw):
    return List(Card(), validate=validate.Length(max=max_len), **kw)


def Name(**kw):
    return fields.String(validate=[validate.Length(min=1, max=64), PRINTABLE], **kw)


def Int(lo: int = -100000, hi: int = 100000, **kw):
    return fields.Integer(strict=True, validate=validate.Range(lo, hi), **kw)


class Strict(Schema):
    """Base for request schemas: unknown fields are rejected, never dropped."""

    class Meta:
        unknown = RAISE


class Envelope(Strict):
    """Fields every POST body carries (../shared/api.md)."""

    variant = fields.String(validate=validate.Length(min=1, max=64))
    options = Dict(keys=fields.String(validate=validate.Length(max=64)), validate=validate.Length(max=100))


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
                out += [{"pointer": prefix, "detail": f"key: {e['detail']}"} for e in errors_to_pointers(sub, prefix)]
            else:
                out += errors_to_pointers(sub, f"{prefix}/{k}")
    elif isinstance(messages, list):
        for m in messages:
            if isinstance(m, (dict, list)):
                out += errors_to_pointers(m, prefix)
            else:
                detail = str(m)
                if detail == "Unknown field.":
                    detail = "unknown field: not part of this request's shape"
                out.append({"pointer": prefix, "detail": detail})
    else:
        out.append({"pointer": prefix, "detail": str(messages)})
    return out
