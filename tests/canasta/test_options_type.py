"""Canasta's typed options: the frozen dataclass has one attribute per option spec, with the spec's name, type and
default, and reads like the resolved dict it is built from."""
import dataclasses

import pytest
from declared_types import declared_hints

from referee.canasta.options import SPECS, VARIANTS, Options

# the Python type each kind of spec stands for; a nullable spec (or one defaulting to null) also admits None
KINDS = {"int": int, "bool": bool, "enum": str}


def _hints():
    return declared_hints(Options)


def test_fields_are_exactly_the_specs_in_order():
    assert [f.name for f in dataclasses.fields(Options)] == list(SPECS)


@pytest.mark.parametrize("name", list(SPECS))
def test_field_default_and_type_match_the_spec(name):
    spec = SPECS[name]
    field = {f.name: f for f in dataclasses.fields(Options)}[name]
    assert field.default == spec.default
    assert type(field.default) is type(spec.default)      # 0 stays an int, False a bool
    expected = KINDS[spec.type]
    if spec.nullable or spec.default is None:
        assert _hints()[name] == (expected | None)
    else:
        assert _hints()[name] is expected


def test_frozen_and_slotted():
    o = Options()
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.packs = 3  # type: ignore[misc]  # the point: assigning must fail
    assert not hasattr(o, "__dict__")


def test_of_a_resolved_dict_and_item_access():
    # Samba's preset: three packs, 15 cards, draw two, sequences; max_wilds 2; minimum_150_from 7,000
    resolved = VARIANTS["samba"].resolve({"target": 15000})
    o = Options.of(resolved)
    assert (o.packs, o.deal_size, o.draw_count, o.sequences, o.max_wilds) == (3, 15, 2, True, 2)
    assert (o.minimum_150_from, o.target) == (7000, 15000)
    assert o["wild_ratio"] == "half" == resolved["wild_ratio"]
    assert o.as_dict() == resolved
    assert Options.of(o) is o
    with pytest.raises(KeyError):
        o["no_such_option"]
    assert o.get("no_such_option", 7) == 7


def test_a_partial_mapping_keeps_the_other_defaults():
    o = Options.of({"packs": 3})
    assert o.packs == 3 and o.deal_size == 11 and o.wild_block == "until_taken"
