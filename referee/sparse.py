"""Sparse loading: a request schema compiled into plain functions that visit only the keys a body holds.

The request schemas use it as ``schemas.fast`` (which re-exports it); it lives here, below the schemas and importing
nothing of theirs, so that mypyc compiles it with the engine (setup.py's ``COMPILED``; docs/installing.md): a module
under ``schemas/`` would be compiled under the name ``schemas.fast``, not the ``referee.schemas.fast`` it is installed
as, and out of reach of the build's pure and stale-build checks (``referee._build``).

marshmallow visits every declared field of every nested object, present or not (a Thousand event declares 17, and
a play holds 3), and goes through its hooks, processors and error bookkeeping for each.  :func:`compile_schema`
turns a :class:`~schemas.common.Strict` schema into a function that walks the body's own keys, checks each value
exactly as the schema's field would (type, ``None``, length, range, choices, the field's own validators) and
builds the same result: the same values, in the schema's declaration order, as ``Schema.load`` returns, or the
schema's typed record made of them.

Per shape of object met (its keys in their order) the loader keeps a plan: one function of the body that unpacks its
values, loads each by its field's loader and sets it straight into a new record, the absent fields to the record's
defaults (:func:`_record_slots`, :data:`_BUILDERS`), with no dict between.  An object whose ``type`` picks its schema
goes from its type to that plan without a call between (:func:`by_type`).

It gives no errors.  Anything it doubts — an unknown key, a missing required field, a value a field refuses, a
field or hook it does not know — raises :class:`Fallback`, and the caller loads the body with marshmallow, which
finds and words every fault as before (its 422s, pointers and messages are marshmallow's own).  So the fast path
may only be stricter than marshmallow, never more lenient: what it accepts, marshmallow accepts with the same
result (``tests/test_schemas_fast.py`` checks both on every example and on faulty bodies).

Compiled by mypyc, every loader here is compiled code: the field loaders and object loaders (closures), and the
builders of a record, written out below by the count of keys a body gives.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import call
from types import MemberDescriptorType
from typing import Any, NamedTuple, Protocol, cast

from marshmallow import RAISE, Schema, ValidationError, fields, validate
from marshmallow.utils import missing

Loader = Callable[[Any], Any]
Check = Callable[[Any], None]


class Kinds(NamedTuple):
    """The classes of :mod:`schemas.common` this module compiles, handed in by
    :meth:`schemas.common.Strict.fast_loader` so that this module, below them, imports nothing of theirs: the
    JSON-only boolean, the list and the dict with their early length checks, and the request schemas' base."""

    boolean: type[fields.Field]
    list: type[fields.List]
    dict: type[fields.Dict]
    strict: type[Schema]


class _Sparse(Protocol):
    """A request schema of ``Kinds.strict``, as this module uses it: its own compiled loader (None if it has none)."""

    def fast_loader(self) -> Loader | None: ...


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


def _length_check(v: validate.Length) -> Check:
    """A ``Length`` validator as a fast check."""
    if v.equal is not None:
        eq = v.equal

        def equal(x) -> None:
            if len(x) != eq:
                _fail()
        return equal
    # (floats, as compiled code keeps a float: a length's bound is a whole number, compared the same)
    lo: float = -1.0 if v.min is None else float(v.min)
    hi: float = float("inf") if v.max is None else float(v.max)

    def between(x) -> None:
        if not lo <= len(x) <= hi:
            _fail()
    return between


def _range_check(v: validate.Range) -> Check | None:
    """A ``Range`` validator (inclusive at both ends; None otherwise) as a fast check."""
    if not (v.min_inclusive and v.max_inclusive):
        return None
    lo = float("-inf") if v.min is None else v.min
    hi = float("inf") if v.max is None else v.max

    def within(x) -> None:
        if not lo <= x <= hi:
            _fail()
    return within


def _one_of_check(v: validate.OneOf) -> Check | None:
    """A ``OneOf`` validator (of hashable choices; None otherwise) as a fast check."""
    try:
        choices = frozenset(v.choices)
    except TypeError:
        return None

    def among(x) -> None:
        if x not in choices:
            _fail()
    return among


def _check(v: Any) -> Check | None:
    """One of a field's validators as a fast check, or None if it is of a kind this module does not know."""
    if isinstance(v, validate.Length):
        return _length_check(v)
    if isinstance(v, validate.Range):
        return _range_check(v)
    if isinstance(v, validate.OneOf):
        return _one_of_check(v)
    if isinstance(v, validate.Validator):
        return None        # marshmallow's other validators: not used by the request schemas
    if callable(v):
        return _custom(v)
    return None


def _checks(field: fields.Field) -> list[Check] | None:
    """The field's validators as fast checks, or None if one is of a kind this module does not know."""
    out: list[Check] = []
    for v in field.validators:
        check = _check(v)
        if check is None:
            return None
        out.append(check)
    return out


def _plain_field(field: fields.Field) -> bool:
    """True if the field does nothing beyond its type, ``allow_none`` and validators (no defaults, renames or
    processors)."""
    return (field.data_key is None and field.attribute is None and field.load_default is missing
            and not getattr(field, "pre_load", None) and not getattr(field, "post_load", None))


def _length_bounds(field: fields.Field) -> tuple[float, float]:
    """The (shortest, longest) length that the field's ``Length`` validators allow together."""
    lo, hi = float("-inf"), float("inf")
    a: float
    b: float
    for v in field.validators:
        if isinstance(v, validate.Length):
            if v.equal is not None:
                a = b = float(v.equal)
            else:
                a = lo if v.min is None else float(v.min)
                b = hi if v.max is None else float(v.max)
            lo, hi = max(lo, a), min(hi, b)
    return lo, hi


def _range_bounds(field: fields.Field) -> tuple[float, float] | None:
    """The (lowest, highest) value that the field's ``Range`` validators allow together, or None if one of them
    excludes an end."""
    lo, hi = float("-inf"), float("inf")
    for v in field.validators:
        if isinstance(v, validate.Range):
            if not (v.min_inclusive and v.max_inclusive):
                return None
            a = lo if v.min is None else v.min
            b = hi if v.max is None else v.max
            lo, hi = max(lo, a), min(hi, b)
    return lo, hi


def _plain_string(field: fields.Field) -> bool:
    """True for marshmallow's String as it is (no ``_deserialize`` of its own)."""
    return isinstance(field, fields.String) and type(field)._deserialize is fields.String._deserialize


def _simple_bool(field: fields.Field) -> Loader | None:
    """A JSON true or false, with no validator and no None."""
    if field.validators or field.allow_none:
        return None

    def load(value):
        if value is True or value is False:
            return value
        raise Fallback()
    return load


def _simple_int(field: fields.Integer) -> Loader | None:
    """A strict integer within the field's ranges, not None."""
    if not field.strict or field.allow_none or type(field)._validated is not fields.Integer._validated \
            or not all(isinstance(v, validate.Range) for v in field.validators):
        return None
    bounds = _range_bounds(field)
    if bounds is None:
        return None
    lo, hi = bounds

    def load(value):
        if type(value) is int and lo <= value <= hi:
            return value
        raise Fallback()
    return load


def _simple_string(field: fields.String) -> Loader | None:
    """A string within the field's lengths, among its choices and passing its own validator (at most one of each)."""
    if not _plain_string(field) or any(isinstance(v, validate.Range) for v in field.validators):
        return None
    allow_none = field.allow_none
    lo, hi = _length_bounds(field)
    choices = [frozenset(v.choices) for v in field.validators if isinstance(v, validate.OneOf)]
    own = [v for v in field.validators if not isinstance(v, validate.Validator)]
    if len(choices) > 1 or len(own) > 1:
        return None
    if choices and not own:
        # only the choices a string of the right length can be (a string among them is then of that length)
        within = frozenset(c for c in choices[0] if isinstance(c, str) and lo <= len(c) <= hi)

        def among(value):
            if type(value) is str and value in within:
                return value
            if value is None and allow_none:
                return None
            raise Fallback()
        return among
    if own:
        # a name: its own check runs once per text (the texts it passed are remembered: _custom, and by this loader
        # in a set of its own, bounded likewise), looked up here without a call
        mine = _custom(own[0])
        passed: set[str] = set()
        within_or_none = choices[0] if choices else None

        def named(value):
            if type(value) is str and lo <= len(value) <= hi and (within_or_none is None or value in within_or_none):
                if value not in passed:
                    mine(value)
                    if len(passed) >= _VOUCHED_MAX:
                        passed.clear()
                    passed.add(value)
                return value
            if value is None and allow_none:
                return None
            raise Fallback()
        return named

    def load(value):
        if type(value) is str and lo <= len(value) <= hi:
            return value
        if value is None and allow_none:
            return None
        raise Fallback()
    return load


def _simple_strings(field: fields.List) -> Loader | None:
    """A list of short strings (a list of cards) within the field's lengths, not None."""
    if field.allow_none or not all(isinstance(v, validate.Length) for v in field.validators):
        return None
    inner = field.inner
    if not (_plain_string(inner) and not inner.allow_none and _plain_field(inner)
            and all(isinstance(v, validate.Length) for v in inner.validators)):
        return None
    lo, hi = _length_bounds(field)
    ilo, ihi = _length_bounds(inner)

    def load(value):
        if type(value) is list and lo <= len(value) <= hi:
            for x in value:
                if type(x) is not str or not ilo <= len(x) <= ihi:
                    raise Fallback()
            return value[:]
        raise Fallback()
    return load


def _sized(field: fields.Field, kinds: Kinds) -> Loader | None:
    """A list or a dict, not None, within the field's lengths (its only validators), its items loaded by their
    fields' loaders: the length checked in the same call."""
    if field.allow_none or not all(isinstance(v, validate.Length) for v in field.validators):
        return None
    lo, hi = _length_bounds(field)
    if isinstance(field, kinds.list):
        inner = compile_field(field.inner, kinds)
        if inner is None:
            return None

        def load_list(value):
            if type(value) is not list or not lo <= len(value) <= hi:
                raise Fallback()
            return [inner(x) for x in value]
        return load_list
    assert isinstance(field, kinds.dict)
    keys = compile_field(field.key_field, kinds) if field.key_field is not None else _same
    values = compile_field(field.value_field, kinds) if field.value_field is not None else _same
    if keys is None or values is None:
        return None

    def load_dict(value):
        if type(value) is not dict or not lo <= len(value) <= hi:
            raise Fallback()
        return {keys(k): values(v) for k, v in value.items()}
    return load_dict


def _simple(field: fields.Field, kinds: Kinds) -> Loader | None:
    """One closure for the commonest shapes, a string (length, choices, own validators), a strict integer in a
    range, a boolean, a list of short strings (a list of cards), and a list or dict within lengths, so that a value
    costs one call."""
    known = (validate.Length, validate.Range, validate.OneOf)
    if any(isinstance(v, validate.Validator) and not isinstance(v, known) for v in field.validators):
        return None
    if isinstance(field, kinds.boolean):
        return _simple_bool(field)
    if isinstance(field, fields.Integer):
        return _simple_int(field)
    if isinstance(field, fields.String):
        return _simple_string(field)
    if isinstance(field, kinds.list):
        return _simple_strings(field) or _sized(field, kinds)
    if isinstance(field, kinds.dict):
        return _sized(field, kinds)
    return None


def _exactly(kind: type) -> Loader:
    """A value of exactly the JSON type ``kind`` (``bool`` also takes no integer, ``int`` no boolean)."""
    def convert(value):
        if type(value) is kind:
            return value
        raise Fallback()
    return convert


def _converter(field: fields.Field, kinds: Kinds) -> Loader | None:
    """The conversion of a present value by the field's type (its validators aside), or None if the field is of a
    kind not handled here."""
    if isinstance(field, kinds.boolean):
        return _exactly(bool)
    if isinstance(field, fields.Integer):
        if not field.strict or type(field)._validated is not fields.Integer._validated:
            return None
        return _exactly(int)
    if isinstance(field, fields.String):
        return _exactly(str) if _plain_string(field) else None
    if isinstance(field, kinds.list):
        return _list_converter(field, kinds)
    if isinstance(field, kinds.dict):
        return _dict_converter(field, kinds)
    if isinstance(field, fields.Nested):
        return _nested_converter(field, kinds)
    if type(field)._deserialize is fields.Field._deserialize:      # Raw, Field: the value as it came
        def convert(value):
            if value is None:          # None is the allow_none check's (compile_field) to let through
                raise Fallback()
            return value
        return convert
    return None


def _list_converter(field: fields.List, kinds: Kinds) -> Loader | None:
    inner = compile_field(field.inner, kinds)
    if inner is None:
        return None

    def convert(value):
        if type(value) is not list:
            raise Fallback()
        return [inner(x) for x in value]
    return convert


def _dict_converter(field: fields.Dict, kinds: Kinds) -> Loader | None:
    keys = compile_field(field.key_field, kinds) if field.key_field is not None else _same
    values = compile_field(field.value_field, kinds) if field.value_field is not None else _same
    if keys is None or values is None:
        return None

    def convert(value):
        if type(value) is not dict:
            raise Fallback()
        return {keys(k): values(v) for k, v in value.items()}
    return convert


def _nested_converter(field: fields.Nested, kinds: Kinds) -> Loader | None:
    schema = field.schema
    if not isinstance(schema, kinds.strict) or field.many or field.unknown not in (None, RAISE) \
            or field.only is not None or field.exclude:
        return None
    return cast(_Sparse, schema).fast_loader()


def _checked(convert: Loader, checks: list[Check], allow_none: bool) -> Loader:
    """``convert`` followed by the field's ``checks``, with its ``None`` let through when ``allow_none``."""
    if not checks and not allow_none:
        return convert
    if len(checks) == 1 and not allow_none:
        check = checks[0]

        def load_one(value):
            out = convert(value)
            check(out)
            return out
        return load_one

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


def compile_field(field: fields.Field, kinds: Kinds) -> Loader | None:
    """A fast loader for one field's (present) value, or None if the field is of a kind not handled here."""
    if not _plain_field(field):
        return None
    own = getattr(field, "fast_converter", None)       # a field that converts its value itself (a card)
    if own is not None:
        return cast(Loader, own())
    checks = _checks(field)
    if checks is None:
        return None
    simple = _simple(field, kinds)
    if simple is not None:
        return simple
    convert = _converter(field, kinds)
    if convert is None:
        return None
    return _checked(convert, checks, field.allow_none)


def compile_schema(schema: Schema, kinds: Kinds, model: Callable[..., Any] | None = None) -> Loader | None:
    """A fast loader for a :class:`~schemas.common.Strict` schema instance (``kinds.strict``), or None if one of its
    fields or hooks is not of a kind handled here (that schema then always loads through marshmallow).  The loader
    returns the loaded fields as a dict in the schema's order or, with a ``model``, ``model(**that dict)`` (the
    schema's typed record: see :func:`_record_slots` for how a frozen, slotted dataclass is made)."""
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
        assert getattr(type(schema), "_few_unknown_keys", None) is getattr(kinds.strict, "_few_unknown_keys", None)
        loader = compile_field(f, kinds)
        if loader is None:
            return None
        at[name] = (i, loader)
    required = frozenset(n for n in order if schema.load_fields[n].required)
    slots = _record_slots(model, order, required) if model is not None else None
    return _sparse(at, required, model, slots)


class _Slots(NamedTuple):
    """How a record is made in place (:func:`_record_slots`): each field's slot setter, and the default of each
    field a body may leave out."""

    setters: dict[str, Callable[[Any, Any], None]]
    defaults: dict[str, Any]


def _record_slots(model: Callable[..., Any], order: list[str], required: frozenset[str]) -> _Slots | None:
    """The slots of ``model`` when it is a frozen, slotted dataclass whose fields are exactly the schema's
    (``order``), each with a plain default unless the schema requires it, and nothing run on creation (no
    ``__post_init__``, no ``InitVar``); None otherwise (the record is then made by ``model(**fields)``).

    Such a record is made by ``object.__new__`` and one slot setter per field: the same object its ``__init__`` makes
    (which sets each field by ``object.__setattr__``, the frozen class's own ``__setattr__`` refusing), at about a
    third of the cost, and without the dict of keywords.  ``__init__`` is the one dataclass writes: a record that
    defines its own is not a plain record (tests/test_schemas_fast.py compares both loaders' records)."""
    if not (isinstance(model, type) and dataclasses.is_dataclass(model)):
        return None
    params = getattr(model, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in model.__dict__ or hasattr(model, "__post_init__"):
        return None
    fields_ = dataclasses.fields(model)
    if len(fields_) != len(model.__dataclass_fields__) or sorted(f.name for f in fields_) != sorted(order):
        return None             # an InitVar (not a field, yet an argument of __init__), or other fields
    setters: dict[str, Callable[[Any, Any], None]] = {}
    defaults: dict[str, Any] = {}
    for f in fields_:
        member = model.__dict__.get(f.name)
        if not f.init or type(member) is not MemberDescriptorType or f.default_factory is not dataclasses.MISSING:
            return None
        if f.default is not dataclasses.MISSING:
            defaults[f.name] = f.default
        elif f.name not in required:
            return None         # model(**fields) would refuse a body that leaves it out: let it
        setters[f.name] = member.__set__
    return _Slots(setters, defaults)


Setter = Callable[[Any, Any], None]
Rest = tuple[tuple[Setter, Any], ...]       # the fields a body leaves out: each one's slot setter and default


# The builders of a record from a body of n keys (:func:`_sparse`'s plans): ``_build_<n>(new, model, setters,
# loaders, rest)`` gives ``build(data)``, which unpacks the body's values (in its keys' order: its shape, which the
# setters and loaders follow), makes the record with ``new(model)``, sets each given field to its loader's value and
# each absent one to its default, and returns it.  Written out for the counts a request's objects come in (a field
# costs its loader's call and one slot setter, with no loop and no dict), and :func:`_build_any` for more.

def _build_1(new: Callable[[Any], Any], model: Any, setters: tuple[Setter, ...], loaders: tuple[Loader, ...],
             rest: Rest) -> Loader:
    (s0,), (l0,) = setters, loaders

    def build(data: dict) -> Any:
        (v0,) = data.values()
        o = new(model)
        s0(o, l0(v0))
        for r, d in rest:
            r(o, d)
        return o
    return build


def _build_2(new: Callable[[Any], Any], model: Any, setters: tuple[Setter, ...], loaders: tuple[Loader, ...],
             rest: Rest) -> Loader:
    (s0, s1), (l0, l1) = setters, loaders

    def build(data: dict) -> Any:
        v0, v1 = data.values()
        o = new(model)
        s0(o, l0(v0))
        s1(o, l1(v1))
        for r, d in rest:
            r(o, d)
        return o
    return build


def _build_3(new: Callable[[Any], Any], model: Any, setters: tuple[Setter, ...], loaders: tuple[Loader, ...],
             rest: Rest) -> Loader:
    (s0, s1, s2), (l0, l1, l2) = setters, loaders

    def build(data: dict) -> Any:
        v0, v1, v2 = data.values()
        o = new(model)
        s0(o, l0(v0))
        s1(o, l1(v1))
        s2(o, l2(v2))
        for r, d in rest:
            r(o, d)
        return o
    return build


def _build_4(new: Callable[[Any], Any], model: Any, setters: tuple[Setter, ...], loaders: tuple[Loader, ...],
             rest: Rest) -> Loader:
    (s0, s1, s2, s3), (l0, l1, l2, l3) = setters, loaders

    def build(data: dict) -> Any:
        v0, v1, v2, v3 = data.values()
        o = new(model)
        s0(o, l0(v0))
        s1(o, l1(v1))
        s2(o, l2(v2))
        s3(o, l3(v3))
        for r, d in rest:
            r(o, d)
        return o
    return build


def _build_5(new: Callable[[Any], Any], model: Any, setters: tuple[Setter, ...], loaders: tuple[Loader, ...],
             rest: Rest) -> Loader:
    (s0, s1, s2, s3, s4), (l0, l1, l2, l3, l4) = setters, loaders

    def build(data: dict) -> Any:
        v0, v1, v2, v3, v4 = data.values()
        o = new(model)
        s0(o, l0(v0))
        s1(o, l1(v1))
        s2(o, l2(v2))
        s3(o, l3(v3))
        s4(o, l4(v4))
        for r, d in rest:
            r(o, d)
        return o
    return build


def _build_any(new: Callable[[Any], Any], model: Any, setters: tuple[Setter, ...], loaders: tuple[Loader, ...],
               rest: Rest) -> Loader:
    """The builder for any count of keys (none, or more than the written-out builders take), by a loop."""
    given = tuple(zip(setters, loaders))

    def build(data: dict) -> Any:
        o = new(model)
        for (s, loader), v in zip(given, data.values()):
            s(o, loader(v))
        for r, d in rest:
            r(o, d)
        return o
    return build


# the builder by the count of keys a body gives
_BUILDERS: tuple[Callable[[Callable[[Any], Any], Any, tuple[Setter, ...], tuple[Loader, ...], Rest], Loader], ...] = (
    _build_any, _build_1, _build_2, _build_3, _build_4, _build_5)


Plans = tuple[dict[tuple, Loader], Callable[[tuple], Loader]]
# how an object loader of _sparse makes the builder of a shape, ``make(shape, given)``, with the fields in ``given``
# taken as they are (their values already checked), and the loader of each of its fields by name
Maker = Callable[[tuple, frozenset[str]], Loader]
# each object loader's maker and field loaders (_sparse), so that by_type goes from an object's type to its builder
# without a call between: by the loader's id, the loader kept with them (so that its id is not another's while it is
# here).  Bounded: the request schemas make a few dozen object loaders in all; a loader no longer here is called as it
# is by by_type (load_any), with the same result
_PLANS: dict[int, tuple[Loader, Maker, dict[str, Loader]]] = {}
_OBJECTS_MAX = 1024


def _typed_plans(loader: Loader, t: str) -> Plans | None:
    """The plans of one of :func:`_sparse`'s object loaders for objects whose ``type`` is ``t`` (by_type's, which
    picked the loader by it): the builder of each shape met and the function that makes one, the ``type`` taken as it
    is where the loader's own field gives ``t`` back as it is; None for a loader not of _sparse."""
    found = _PLANS.get(id(loader))
    if found is None or found[0] is not loader:
        return None
    make, fields_ = found[1], found[2]
    given: frozenset[str] = frozenset()
    if "type" in fields_:
        try:
            if fields_["type"](t) is t:
                given = frozenset(("type",))
        except Fallback:
            pass
    plans: dict[tuple, Loader] = {}

    def plan(shape: tuple) -> Loader:
        made = make(shape, given)
        if len(plans) >= _PLANS_MAX:
            plans.clear()
        plans[shape] = made
        return made
    return plans, plan


def _sparse(at: dict[str, tuple[int, Loader]], required: frozenset[str], model: Callable[..., Any] | None,
            slots: _Slots | None) -> Loader:
    """The loader of an object whose fields are ``at`` (name: its place in the schema, its loader): a dict of the
    loaded fields in the schema's order, or the ``model`` record made of them (in place, with ``slots``)."""
    # the plan for each shape of object met (its keys in their order): a function of the body that loads it; a shape
    # with an unknown key, a key twice or without a required one has none
    plans: dict[tuple, Loader] = {}
    new = object.__new__

    def make(shape: tuple, given: frozenset[str]) -> Loader:
        if len(shape) > len(at) or not set(shape) <= at.keys() or not required <= set(shape) \
                or len(set(shape)) != len(shape):
            raise Fallback()
        loaders = tuple(_same if k in given else at[k][1] for k in shape)
        made: Loader
        if slots is not None:
            rest = tuple((slots.setters[k], slots.defaults[k]) for k in at if k not in shape)
            builder = _BUILDERS[len(shape)] if len(shape) < len(_BUILDERS) else _build_any
            made = builder(new, model, tuple(slots.setters[k] for k in shape), loaders, rest)
        else:
            ranked = sorted(shape, key=lambda k: at[k][0])
            made = _as_dict(shape, loaders, None if ranked == list(shape) else tuple(ranked), model)
        return made

    def plan(shape: tuple) -> Loader:
        made = make(shape, frozenset())
        if len(plans) >= _PLANS_MAX:
            plans.clear()
        plans[shape] = made
        return made

    def load(data):
        if type(data) is not dict:
            raise Fallback()
        build = plans.get(tuple(data))
        if build is None:
            build = plan(tuple(data))
        return build(data)
    if len(_PLANS) >= _OBJECTS_MAX:
        _PLANS.clear()
    _PLANS[id(load)] = (load, make, {k: f for k, (_i, f) in at.items()})
    return load


def by_type(loaders: dict[str, Loader]) -> Loader:
    """The loader of an object whose ``type`` (a string) picks its schema's loader among ``loaders`` (type → the
    loader of that type's schema); an object of no type among them is :class:`Fallback`."""
    found = {t: _typed_plans(one, t) for t, one in loaders.items()}
    if not all(found.values()):         # a type's loader is not an object loader of _sparse: called as it is
        def load_any(data):
            t = data.get("type") if type(data) is dict else None
            one = loaders.get(t) if type(t) is str else None
            if one is None:
                raise Fallback()
            return one(data)
        return load_any
    tables = cast(dict[str, Plans], found)

    def load(data):
        t = data.get("type") if type(data) is dict else None
        table = tables.get(t) if type(t) is str else None
        if table is None:
            raise Fallback()
        plans, plan = table
        shape = tuple(data)
        build = plans.get(shape)
        if build is None:
            build = plan(shape)
        return build(data)
    return load


def _as_dict(shape: tuple, loaders: tuple, reorder: tuple | None, model: Callable[..., Any] | None) -> Loader:
    """The loader of a body of ``shape``: a dict of its loaded values in the schema's order (``reorder`` when it
    differs from the body's), made into ``model`` if there is one."""
    def build(data):
        out = dict(zip(shape, map(call, loaders, data.values())))
        if reorder is not None:
            out = {k: out[k] for k in reorder}
        return out if model is None else model(**out)
    return build


# -- the loaders of a game's cards, for the fields that read their own (schemas.canasta): compiled with the engine,
# so that the texts read before are looked up at C speed; a text not read yet, and any fault, go to the field's own
# reading (``unread``, ``slow``), which reads it or raises :class:`Fallback`

def card_reader(read: dict[Any, Any], unread: Loader, allow_none: bool) -> Loader:
    """The loader of one card: a text read before (``read``: text → card), else ``unread(value)``; None where the
    field allows it; :class:`Fallback` for anything else."""
    def convert(value: Any) -> Any:
        if type(value) is str:
            card = read.get(value)
            if card is not None:
                return card
            return unread(value)
        if value is None and allow_none:
            return None
        raise Fallback()
    return convert


def cards_reader(read: dict[Any, Any], unread: Loader, most: int, checks: list[Callable[[Any], Any]]) -> Loader:
    """The loader of a list of at most ``most`` cards: the texts read before at once, else each by ``unread``; then
    the list's own ``checks`` (marshmallow validators) on the cards, a refusal :class:`Fallback` (marshmallow words
    it, at its place)."""
    def convert(value: Any) -> Any:
        if type(value) is not list or len(value) > most:
            raise Fallback()
        try:
            cards = [read[v] for v in value]
        except (KeyError, TypeError):       # a text not read before, or not a text
            cards = [unread(v) for v in value]
        try:
            for check in checks:
                check(cards)
        except ValidationError:
            raise Fallback() from None
        return cards
    return convert


def melds_reader(read: dict[Any, Any], ranks: Any, laid_on: Callable[[Any, Any], Any], slow: Loader) -> Loader:
    """The loader of a list of melds whose texts were all read before (nearly every one): at most 24 melds, each a
    list of 1 to 40 cards, or ``{"rank", "cards"}`` (cards laid on the meld ``ranks[rank]`` names; ``ranks`` reads
    a text not read yet, a KeyError for one that names no meld) made into ``laid_on(rank, cards)``; anything else is
    ``slow(value)``."""
    def convert(value: Any) -> Any:
        if type(value) is list and len(value) <= 24:
            out: list[Any] = []
            whole = True
            try:
                for g in value:
                    if type(g) is list and 0 < len(g) <= 40:
                        out.append([read[c] for c in g])
                    elif type(g) is dict and len(g) == 2:
                        rank, cards = ranks[g["rank"]], g["cards"]
                        if type(cards) is not list or not 0 < len(cards) <= 40:
                            whole = False
                            break
                        out.append(laid_on(rank, [read[c] for c in cards]))
                    else:
                        whole = False
                        break
            except (KeyError, TypeError):       # a text not read before, or not a text
                whole = False
            if whole:
                return out
        return slow(value)
    return convert
