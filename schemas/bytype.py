"""Objects whose ``type`` chooses their schema: each type of action and log event its own schema.

A :class:`ByType` schema is the union of its types' fields (what a body without a known ``type`` is read against,
as before) and names, in ``TYPES``, the schema of each type.  A body whose ``type`` is one of them is loaded by that
type's schema alone: a field that belongs to another type is refused there, at the field, with the type's own
message ("not part of a bid"), and the result is the same dict the union gives.  :func:`narrowed` makes a type's
schema from the union's own fields, so that a field is declared once.
"""
from __future__ import annotations

from typing import ClassVar, cast

from marshmallow import fields

from .common import OneOf, Strict, String, UnknownKey
from .fast import Loader, by_type


class ByType(Strict):
    """The union of ``TYPES`` (type → its schema class; see the module's doc)."""

    TYPES: ClassVar[dict[str, type[Strict]]] = {}
    _each: ClassVar[dict[str, Strict]]          # one instance of each type's schema (its fast loader is kept there)

    @classmethod
    def _schemas(cls) -> dict[str, Strict]:
        if "_each" not in cls.__dict__:
            cls._each = {t: schema() for t, schema in cls.TYPES.items()}
        return cls._each

    def _of_type(self, data) -> Strict | None:
        if type(data) is dict:
            t = data.get("type")
            if type(t) is str:
                return self._schemas().get(t)
        return None

    def load(self, data, *, many=None, partial=None, unknown=None):
        one = self._of_type(data) if many is None else None
        if one is not None:
            return one.load(data, partial=partial, unknown=unknown)
        return super().load(data, many=many, partial=partial, unknown=unknown)

    def fast_loader(self):
        if self._fast is None:
            loaders = {t: schema.fast_loader() for t, schema in self._schemas().items()}
            if all(loaders.values()):
                self._fast = by_type(cast(dict[str, Loader], loaders))
            else:
                self._fast = False
        return self._fast or None


def narrowed(union: type[Strict], kind: str, keys: set[str] | frozenset[str], refusal: str,
             suffix: str) -> type[Strict]:
    """The schema of one type ``kind`` of ``union`` (named after the type and ``suffix``: ``take_pile`` and
    ``Action`` make ``TakePileAction``): its ``type``, and the union's fields named in ``keys``, in the union's
    order; any other field is refused with ``refusal`` (a catalog entry: where a player reads it, in the players'
    words)."""
    declared: dict[str, fields.Field] = {}
    for field_name, field in union._declared_fields.items():
        if field_name == "type":
            declared["type"] = String(required=True, validate=OneOf([kind]), metadata=field.metadata)
        elif field_name in keys:
            declared[field_name] = field
    missing = set(keys) - set(declared)
    assert not missing, (union.__name__, kind, missing)
    name = "".join(word.capitalize() for word in kind.split("_")) + suffix
    return type(name, (Strict,), {**declared, "__module__": union.__module__,
                                  "error_messages": {"unknown": UnknownKey(refusal)}})
