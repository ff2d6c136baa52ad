"""Sparse loading: a request schema compiled into plain functions that visit only the keys a body holds.

marshmallow visits every declared field of every nested object, present or not (a Thousand event declares 17, and
a play holds 3), and goes through its hooks, processors and error bookkeeping for each.  :func:`compile_schema`
turns a :class:`~schemas.common.Strict` schema into a function that walks the body's own keys, checks each value
exactly as the schema's field would (type, ``None``, length, range, choices, the field's own validators) and
builds the same result: the same values, in the schema's declaration order, as ``Schema.load`` returns.

It gives no errors.  Anything it doubts — an unknown key, a missing required field, a value a field refuses, a
field or hook it does not know — raises :class:`Fallback`, and the caller loads the body with marshmallow, which
finds and words every fault as before (its 422s, pointers and messages are marshmallow's own).  So the fast path
may only be stricter than marshmallow, never more lenient: what it accepts, marshmallow accepts with the same
result (``tests/test_schemas_fast.py`` checks both on every example and on faulty bodies).
"""
from __future__ import annotations

from collections.abc import Callable
from operator import call
from typing import Any

from marshmallow import RAISE, ValidationError, fields, validate
from marshmallow.utils import missing

Loader = Callable[[Any], Any]


class Fallback(Exception):
    """The fast path cannot vouch for a value: let marshmallow load it (raised afresh each time, so that no
    traceback is shared between threads or kept alive)."""


def _fail(*_a) -> None:
    raise Fallback()


# names and ids seen to pass a field's own validators (PRINTABLE): a log repeats its players' names in every event.
# Bounded, so that a worker's memory stays flat whatever names it is sent
_VOUCHED: dict[tuple[int, str], bool] = {}
_VOUCHED_MAX = 4096
_PLANS_MAX = 256          # the shapes of object remembered per schema (a log's events come in a dozen)


def _same(value):
    """A Dict's keys or values when the field declares no field for them: taken as they are."""
    return value


def _custom(check: Callable[[Any], Any]) -> Callable[[Any], None]:
    """A field's own validator (a function raising ValidationError) as a fast check; string values it passed are
    remembered."""
    ident = id(check)

    def run(value) -> None:
        key = (ident, value) if type(value) is str else None
        if key is not None and key in _VOUCHED:
            return
        try:
            check(value)
        except ValidationError:
            raise Fallback() from None
        if key is not None:
            if len(_VOUCHED) >= _VOUCHED_MAX:
                _VOUCHED.clear()
            _VOUCHED[key] = True
    return run


def _checks(field: fields.Field) -> list[Callable[[Any], None]] | None:
    """The field's validators as fast checks, or None if one is of a kind this module does not know."""
    out: list = []
    for v in field.validators:
        if isinstance(v, validate.Length):
            lo, hi, eq = v.min, v.max, v.equal
            if eq is not None:
                out.append(lambda x, eq=eq: None if len(x) == eq else _fail())
            else:
                lo = -1 if lo is None else lo
                hi = float("inf") if hi is None else hi
                out.append(lambda x, lo=lo, hi=hi: None if lo <= len(x) <= hi else _fail())
        elif isinstance(v, validate.Range):
            if not (v.min_inclusive and v.max_inclusive):
                return None
            lo = float("-inf") if v.min is None else v.min
            hi = float("inf") if v.max is None else v.max
            out.append(lambda x, lo=lo, hi=hi: None if lo <= x <= hi else _fail())
        elif isinstance(v, validate.OneOf):
            try:
                choices = frozenset(v.choices)
            except TypeError:
                return None
            out.append(lambda x, c=choices: None if x in c else _fail())
        elif isinstance(v, validate.Validator):
            return None        # marshmallow's other validators: not used by the request schemas
        elif callable(v):
            out.append(_custom(v))
        else:
            return None
    return out


def _plain_field(field: fields.Field) -> bool:
    """True if the field does nothing beyond its type, ``allow_none`` and validators (no defaults, renames or
    processors)."""
    return (field.data_key is None and field.attribute is None and field.load_default is missing
            and not getattr(field, "pre_load", None) and not getattr(field, "post_load", None))


def _bounds(field: fields.Field, kind: type) -> tuple[float, float] | None:
    """The (lowest, highest) that the field's validators of ``kind`` (Length or Range, inclusive) allow together."""
    lo, hi = float("-inf"), float("inf")
    for v in field.validators:
        if isinstance(v, kind):
            if kind is validate.Length and v.equal is not None:
                a = b = v.equal
            else:
                if kind is validate.Range and not (v.min_inclusive and v.max_inclusive):
                    return None
                a = lo if v.min is None else v.min
                b = hi if v.max is None else v.max
            lo, hi = max(lo, a), min(hi, b)
    return lo, hi


def _simple(field: fields.Field) -> Loader | None:
    """One closure for the commonest shapes, a string (length, choices, own validators), a strict integer in a
    range, a boolean, and a list of short strings (a list of cards), so that a value costs one call."""
    from .common import Bool, List

    allow_none = field.allow_none
    known = (validate.Length, validate.Range, validate.OneOf)
    if any(isinstance(v, validate.Validator) and not isinstance(v, known) for v in field.validators):
        return None
    if isinstance(field, Bool) and not field.validators and not allow_none:
        def load(value):
            if value is True or value is False:
                return value
            raise Fallback()
        return load
    if isinstance(field, fields.Integer) and field.strict and not allow_none \
            and type(field)._validated is fields.Integer._validated \
            and all(isinstance(v, validate.Range) for v in field.validators):
        bounds = _bounds(field, validate.Range)
        if bounds is None:
            return None
        lo, hi = bounds

        def load(value):
            if type(value) is int and lo <= value <= hi:
                return value
            raise Fallback()
        return load
    if isinstance(field, fields.String) and type(field)._deserialize is fields.String._deserialize \
            and not any(isinstance(v, validate.Range) for v in field.validators):
        lo, hi = _bounds(field, validate.Length)
        choices = [frozenset(v.choices) for v in field.validators if isinstance(v, validate.OneOf)]
        own = [_custom(v) for v in field.validators if not isinstance(v, validate.Validator)]
        if len(choices) > 1 or len(own) > 1:
            return None
        within = choices[0] if choices else None
        mine = own[0] if own else None

        def load(value):
            if type(value) is str and lo <= len(value) <= hi and (within is None or value in within):
                if mine is not None:
                    mine(value)
                return value
            if value is None and allow_none:
                return None
            raise Fallback()
        return load
    if isinstance(field, List) and not allow_none and all(isinstance(v, validate.Length) for v in field.validators):
        inner = field.inner
        if not (isinstance(inner, fields.String) and type(inner)._deserialize is fields.String._deserialize
                and not inner.allow_none and _plain_field(inner)
                and all(isinstance(v, validate.Length) for v in inner.validators)):
            return None
        lo, hi = _bounds(field, validate.Length)
        ilo, ihi = _bounds(inner, validate.Length)

        def load(value):
            if type(value) is list and lo <= len(value) <= hi:
                for x in value:
                    if type(x) is not str or not ilo <= len(x) <= ihi:
                        raise Fallback()
                return value[:]
            raise Fallback()
        return load
    return None


def compile_field(field: fields.Field) -> Loader | None:
    """A fast loader for one field's (present) value, or None if the field is of a kind not handled here."""
    from .common import Bool, Dict, List, Strict

    if not _plain_field(field):
        return None
    checks = _checks(field)
    if checks is None:
        return None
    simple = _simple(field)
    if simple is not None:
        return simple
    allow_none = field.allow_none

    if isinstance(field, Bool):
        def convert(value):
            if value is True or value is False:
                return value
            raise Fallback()
    elif isinstance(field, fields.Integer):
        if not field.strict or type(field)._validated is not fields.Integer._validated:
            return None

        def convert(value):
            if type(value) is int:
                return value
            raise Fallback()
    elif isinstance(field, fields.String):
        if type(field)._deserialize is not fields.String._deserialize:
            return None

        def convert(value):
            if type(value) is str:
                return value
            raise Fallback()
    elif isinstance(field, List):
        inner = compile_field(field.inner)
        if inner is None:
            return None

        def convert(value):
            if type(value) is not list:
                raise Fallback()
            return [inner(x) for x in value]
    elif isinstance(field, Dict):
        keys = compile_field(field.key_field) if field.key_field is not None else _same
        values = compile_field(field.value_field) if field.value_field is not None else _same
        if keys is None or values is None:
            return None

        def convert(value):
            if type(value) is not dict:
                raise Fallback()
            return {keys(k): values(v) for k, v in value.items()}
    elif isinstance(field, fields.Nested):
        schema = field.schema
        if not isinstance(schema, Strict) or field.many or field.unknown not in (None, RAISE) \
                or field.only is not None or field.exclude:
            return None
        convert = schema.fast_loader()
        if convert is None:
            return None
    elif type(field)._deserialize is fields.Field._deserialize:      # Raw, Field: the value as it came
        def convert(value):
            if value is None:          # None is the allow_none check's (below) to let through
                raise Fallback()
            return value
    else:
        return None

    if not checks and not allow_none:
        return convert
    if len(checks) == 1 and not allow_none:
        check = checks[0]

        def load(value):
            out = convert(value)
            check(out)
            return out
        return load

    def load(value):
        if value is None:
            if allow_none:
                return None
            raise Fallback()
        out = convert(value)
        for check in checks:
            check(out)
        return out
    return load


def compile_schema(schema) -> Loader | None:
    """A fast loader for a :class:`~schemas.common.Strict` schema instance, or None if one of its fields or hooks
    is not of a kind handled here (that schema then always loads through marshmallow)."""
    from .common import Strict

    hooks = {k: v for k, v in schema._hooks.items() if v}
    if set(hooks) - {"pre_load"} or [h[0] for h in hooks.get("pre_load", [])] != ["_few_unknown_keys"]:
        return None
    if schema.unknown != RAISE or schema.many or schema.only is not None or schema.exclude or schema.partial:
        return None
    order = list(schema.load_fields)
    at: dict[str, tuple[int, Loader]] = {}
    for i, name in enumerate(order):
        f = schema.load_fields[name]
        # _few_unknown_keys only refuses what the fast path refuses anyway (unknown keys)
        assert type(schema)._few_unknown_keys is Strict._few_unknown_keys
        loader = compile_field(f)
        if loader is None:
            return None
        at[name] = (i, loader)
    required = frozenset(n for n in order if schema.load_fields[n].required)

    # the plan for each shape of object met (its keys in their order): the loaders in that order, and the keys in
    # the schema's order when they differ; a shape with an unknown key or without a required one has none
    plans: dict[tuple, tuple[tuple, tuple | None]] = {}

    def plan(shape: tuple):
        if len(shape) > len(at) or not set(shape) <= at.keys() or not required <= set(shape) \
                or len(set(shape)) != len(shape):
            raise Fallback()
        ranked = sorted(shape, key=lambda k: at[k][0])
        made = (tuple(at[k][1] for k in shape), None if ranked == list(shape) else tuple(ranked))
        if len(plans) >= _PLANS_MAX:
            plans.clear()
        plans[shape] = made
        return made

    def load(data):
        if type(data) is not dict:
            raise Fallback()
        shape = tuple(data)
        loaders, reorder = plans.get(shape) or plan(shape)
        out = dict(zip(shape, map(call, loaders, data.values())))
        if reorder is not None:
            out = {k: out[k] for k in reorder}
        return out
    return load
