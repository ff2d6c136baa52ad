"""The typed Thousand options: one attribute per option spec, same name, type and default."""
from __future__ import annotations

import dataclasses

import pytest
from declared_types import declared_hints

from referee.thousand.options import SPECS, VARIANTS, Options

# an option spec's type as the dataclass writes it (an enum's value is one of its allowed strings)
SPEC_TYPES = {("bool", False): bool, ("int", False): int, ("int", True): int | None, ("enum", False): str}


def test_fields_are_the_specs_in_order():
    assert [f.name for f in dataclasses.fields(Options)] == list(SPECS)


@pytest.mark.parametrize("name", list(SPECS))
def test_field_default_and_type_match_the_spec(name):
    spec = SPECS[name]
    field = {f.name: f for f in dataclasses.fields(Options)}[name]
    assert field.default == spec.default
    assert type(field.default) is type(spec.default)          # False is not 0, None stays None
    hints = declared_hints(Options)
    assert hints[name] == SPEC_TYPES[spec.type, spec.nullable]


def test_frozen_with_slots():
    opts = Options()
    assert not hasattr(opts, "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        opts.target = 1005  # type: ignore[misc]  # the point of the test: a frozen field refuses assignment


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_made_from_a_resolved_dict_reads_like_it(variant):
    resolved = VARIANTS[variant].resolve({})
    opts = Options.of(resolved)
    assert opts.as_dict() == resolved
    assert all(opts[k] == v and type(opts[k]) is type(v) for k, v in resolved.items())
    assert Options.of(opts) is opts


def test_polish_values_come_through():
    # the Polish preset rounds to 10 and locks at 800 (options.py, VARIANTS["polish"])
    opts = Options.of(VARIANTS["polish"].resolve({"stake": 50}))
    assert (opts.round_step, opts.barrel, opts.barrel_threshold, opts.stake) == (10, "lock", 800, 50)


def test_unknown_name_is_a_key_error():
    with pytest.raises(KeyError):
        Options()["no_such_option"]
    with pytest.raises(KeyError):
        Options()["of"]                 # a method is not an option


def test_missing_option_in_the_mapping_is_refused():
    resolved = VARIANTS["pagat"].resolve({})
    del resolved["target"]
    with pytest.raises(KeyError):
        Options.of(resolved)
