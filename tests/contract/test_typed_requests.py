"""Every request shape is described once, by its marshmallow schema, and loads into a typed record.

A schema names its record in ``MODEL``; both loaders (marshmallow's, and the sparse one of :mod:`schemas.fast`)
return that record, made from the fields the body holds (the record's defaults stand for the rest), and a card
field (``CardOf``/``CardsOf``) loads a :class:`referee.cards.Card`.  The record's attributes are exactly the schema's
fields: checked here for every schema of the package that names one.
"""
from __future__ import annotations

import dataclasses
import inspect

import pytest
from marshmallow import ValidationError

import schemas.canasta
import schemas.common
import schemas.pinochle
import schemas.thousand
from referee.cards import Card
from schemas.common import CardOf, CardsOf, Int, Nested, Strict, errors_to_pointers


@dataclasses.dataclass(frozen=True, slots=True)
class Spot:
    leader: str | None = None
    card: Card | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Round:
    number: int
    cards: list[Card]
    spot: Spot | None = None


class SpotSchema(Strict):
    MODEL = Spot
    leader = schemas.common.Name()
    card = CardOf()


class RoundSchema(Strict):
    MODEL = Round
    number = Int(0, 10, required=True)
    cards = CardsOf(3, required=True)
    spot = Nested(SpotSchema)


BODY = {"number": 2, "cards": ["10H", "Дп", "ДЖ"], "spot": {"card": "AS"}}
WANT = Round(2, [Card("10", "H"), Card("Q", "S"), Card("JK", "")], Spot(None, Card("A", "S")))


def test_both_loaders_make_the_record_with_its_cards():
    fast = RoundSchema()
    assert fast.fast_loader() is not None          # the sparse loader handles card fields
    assert fast.load(BODY) == WANT
    # marshmallow's own path (taken whenever the sparse one cannot vouch for a body) makes the same record
    slow = RoundSchema()
    slow._fast = False
    assert slow.load(BODY) == WANT


def test_a_text_that_is_no_card_is_refused_at_its_place():
    for fast in (True, False):
        schema = RoundSchema()
        if not fast:
            schema._fast = False
        with pytest.raises(ValidationError) as e:
            schema.load({"number": 1, "cards": ["10H", "1X"]})
        pointers = [f["pointer"] for f in errors_to_pointers(e.value.messages)]
        assert pointers == ["/cards/1"]
    with pytest.raises(ValidationError) as e:
        RoundSchema().load({"number": 1, "cards": ["10HHH"]})      # 5 characters: longer than any card
    assert [f["pointer"] for f in errors_to_pointers(e.value.messages)] == ["/cards/0"]


def _schemas_with_records():
    for module in (schemas.thousand, schemas.pinochle, schemas.canasta, schemas.common):
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, Strict) and cls.__dict__.get("MODEL") is not None:
                yield cls


def test_each_record_has_exactly_its_schemas_fields():
    for cls in list(_schemas_with_records()) + [RoundSchema, SpotSchema]:
        model = cls.MODEL
        assert dataclasses.is_dataclass(model), cls
        names = {f.name for f in dataclasses.fields(model)}
        assert names == set(cls().load_fields), cls
