"""The sparse loader (schemas/fast.py) makes a schema's record in place: a frozen, slotted dataclass is made without
its ``__init__``, each field's slot set once, and must be the very record ``__init__`` makes of the same fields —
the fields the body gives, in whatever order, and the record's defaults for those it leaves out.  A record that
runs code when made, or that does not fit its schema, is made by calling it, as marshmallow's path does."""
from __future__ import annotations

import dataclasses

import pytest

from referee.cards import Card
from referee.schemas import fast
from referee.schemas.common import Bool, CardOf, Int, Name, Strict, String


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Lead:
    player: str
    card: Card | None = None
    tricks: int = 0
    note: str = "none"
    marriage: bool | None = None


class LeadSchema(Strict):
    MODEL = Lead
    player = Name(required=True)
    card = CardOf()
    tricks = Int(0, 10)
    note = String()
    marriage = Bool()


def loaded(schema: Strict, body: dict):
    load = schema.fast_loader()
    assert load is not None
    return load(body)


def test_a_record_made_in_place_is_the_record_its_init_makes():
    schema = LeadSchema()
    # every field given, in an order that is not the schema's
    got = loaded(schema, {"marriage": False, "note": "x", "tricks": 10, "card": "QS", "player": "Вера"})
    want = Lead(player="Вера", card=Card("Q", "S"), tricks=10, note="x", marriage=False)
    assert type(got) is Lead and got == want and hash(got) == hash(want) and repr(got) == repr(want)
    # the fields left out take the record's own defaults (None, 0, a text), not None for all
    got = loaded(schema, {"player": "Anna"})
    assert dataclasses.astuple(got) == ("Anna", None, 0, "none", None)
    assert got == Lead(player="Anna")
    # one field left out among given ones, each shape with its own plan
    assert loaded(schema, {"tricks": 0, "player": "Anna", "marriage": True}) == \
        Lead(player="Anna", tricks=0, marriage=True)


def test_a_record_made_in_place_stays_frozen():
    got = loaded(LeadSchema(), {"player": "Anna", "card": "10H"})
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.player = "Boris"      # type: ignore[misc]


def test_a_refused_body_makes_no_record():
    schema = LeadSchema()
    for body in ({"card": "QS"}, {"player": "Anna", "tricks": 11}, {"player": "Anna", "extra": 1},
                 {"player": "Anna", "card": "QS", "note": None}):
        with pytest.raises(fast.Fallback):
            loaded(schema, body)


@dataclasses.dataclass(frozen=True, slots=True)
class Upper:
    name: str
    note: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", self.name.upper())


class UpperSchema(Strict):
    MODEL = Upper
    name = Name(required=True)
    note = String()


def test_a_record_that_runs_code_when_made_is_made_by_calling_it():
    assert loaded(UpperSchema(), {"name": "anna"}) == Upper("ANNA")
    assert loaded(UpperSchema(), {"name": "anna"}).name == "ANNA"


@dataclasses.dataclass(frozen=True, slots=True)
class NoDefault:
    name: str
    note: str


class NoDefaultSchema(Strict):
    MODEL = NoDefault
    name = Name(required=True)
    note = String()           # optional in the schema, yet the record has no default for it


def test_a_record_without_a_default_for_a_field_left_out_is_not_given_one():
    assert loaded(NoDefaultSchema(), {"note": "x", "name": "Anna"}) == NoDefault("Anna", "x")
    with pytest.raises(TypeError):        # as NoDefault(**fields) refuses it, on either path
        loaded(NoDefaultSchema(), {"name": "Anna"})


def _pair(name: str, note: str | None = None) -> tuple:
    return ("pair", name, note)


class CalledSchema(Strict):
    MODEL = _pair
    note = String()
    name = Name(required=True)


def test_a_model_that_is_no_dataclass_is_called_with_the_fields():
    assert loaded(CalledSchema(), {"name": "Anna", "note": "x"}) == ("pair", "Anna", "x")
    assert loaded(CalledSchema(), {"name": "Anna"}) == ("pair", "Anna", None)


@dataclasses.dataclass(frozen=True, slots=True)
class Seven:
    a: int = -1
    b: int = -2
    c: int = -3
    d: int = -4
    e: int = -5
    f: int = -6
    g: int = -7


class SevenSchema(Strict):
    MODEL = Seven
    a, b, c, d, e, f, g = (Int(0, 10) for _ in range(7))


@pytest.mark.parametrize("given", range(8))
def test_every_count_of_keys_makes_the_record_its_init_makes(given):
    # the builders are written out for 1 to 5 keys and loop for none or more: every count from none to all seven,
    # the keys given last-first (not the schema's order), each its own value, the rest their own defaults
    names = "abcdefg"[:given][::-1]
    body = {k: "abcdefg".index(k) + 1 for k in names}      # a: 1, b: 2, …
    got = loaded(SevenSchema(), body)
    want = Seven(**body)
    assert type(got) is Seven and got == want
    assert dataclasses.astuple(got) == tuple(i + 1 if i < given else -(i + 1) for i in range(7))
