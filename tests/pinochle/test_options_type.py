"""The typed options (referee.pinochle.options.Options) say exactly what the option specs say: one attribute per
spec, of the spec's name, with its default and its type; and the resolved dict of every variant builds one."""
from __future__ import annotations

import dataclasses
import typing

import pytest
from declared_types import declared_hints

from referee.pinochle.options import SPECS, VARIANTS, Options

HINTS = declared_hints(Options)
PLAIN = {"bool": bool, "int": int}


def test_the_fields_are_the_specs_names_in_order():
    assert [f.name for f in dataclasses.fields(Options)] == list(SPECS)


@pytest.mark.parametrize("name", list(SPECS))
def test_each_field_has_the_specs_default(name):
    field = {f.name: f for f in dataclasses.fields(Options)}[name]
    assert field.default == SPECS[name].default
    assert type(field.default) is type(SPECS[name].default)


@pytest.mark.parametrize("name", list(SPECS))
def test_each_field_has_the_specs_type(name):
    spec, hint = SPECS[name], HINTS[name]
    if spec.allowed:    # an enum, or an int of a few values: exactly those values
        assert typing.get_origin(hint) is typing.Literal
        assert typing.get_args(hint) == tuple(spec.allowed)
    else:
        assert hint is PLAIN[spec.type]
    assert not spec.nullable    # no pinochle option takes null; one that does needs "| None" here


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variants_resolved_options_build_the_type(variant):
    resolved = VARIANTS[variant].resolve({})
    opts = Options.of(resolved)
    assert {name: getattr(opts, name) for name in SPECS} == resolved
    assert all(opts[name] == resolved[name] for name in SPECS)
    assert Options.of(opts) is opts


def test_the_options_are_frozen_and_read_like_the_dict():
    opts = Options.of(VARIANTS["partnership"].resolve({"rounding": "none"}))
    assert opts.rounding == "none" and opts["rounding"] == "none"
    assert opts.must_head == "always"       # the partnership preset
    with pytest.raises(dataclasses.FrozenInstanceError):
        opts.rounding = "seven_up_strict"   # type: ignore[misc]  # the point: frozen
    with pytest.raises(KeyError):
        opts["no_such_option"]
    with pytest.raises(TypeError):
        Options.of({**VARIANTS["two-handed"].resolve({}), "no_such_option": 1})
