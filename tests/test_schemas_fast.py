"""The sparse loader (schemas/fast.py) against marshmallow: it may only be stricter, never more lenient.

Whatever it accepts, marshmallow accepts with the same result (values and key order); whatever it doubts goes to
marshmallow, so every fault keeps marshmallow's pointer and message.  Checked on every example body and on
thousands of mutated ones (keys dropped or added, values of the wrong type, None, too long, out of range).
"""
import copy
import json
import pathlib
import random

import pytest
from marshmallow import Schema, ValidationError

from referee import service
from referee.schemas import REQUESTS, errors_to_pointers, fast
from referee.schemas.common import Strict
from tests.example_bodies import CORPUS

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _slow_load(self, data, *, many=None, partial=None, unknown=None):
    """:meth:`Strict.load` without its fast path: marshmallow's load, made into the schema's record (``MODEL``)."""
    out = Schema.load(self, data, many=many, partial=partial, unknown=unknown)
    model = type(self).MODEL
    return out if model is None or many or partial else model(**out)


def dumped(loaded):
    """What a load gave, as text to compare: a typed record (and a card in it) by its repr."""
    return json.dumps(loaded, default=repr)


def marshmallow_only(schema, body, monkeypatch):
    """``schema.load(body)`` through marshmallow alone (no fast path at any depth): the result or the pointers."""
    with monkeypatch.context() as m:
        m.setattr(Strict, "load", _slow_load)
        try:
            return "ok", dumped(schema.load(body))
        except ValidationError as e:
            return "error", errors_to_pointers(e.messages)


def as_loaded(schema, body):
    try:
        return "ok", dumped(schema.load(body))
    except ValidationError as e:
        return "error", errors_to_pointers(e.messages)


def test_every_request_schema_compiles():
    for game, eps in REQUESTS.items():
        for ep in eps:
            assert service._SCHEMAS[(game, ep)].fast_loader() is not None, (game, ep)


@pytest.mark.parametrize("game,endpoint,body", CORPUS, ids=[f"{g}-{e}-{i}" for i, (g, e, _) in enumerate(CORPUS)])
def test_valid_bodies_load_the_same(game, endpoint, body, monkeypatch):
    schema = service._SCHEMAS[(game, endpoint)]
    expected = marshmallow_only(schema, body, monkeypatch)
    if expected[0] == "ok":
        assert dumped(schema.fast_loader()(copy.deepcopy(body))) == expected[1]
    assert as_loaded(schema, body) == expected


ODD_VALUES = [None, True, False, 0, -1, 1, 10 ** 6, 1.5, "", " x", "x" * 70, "A\u200bB", "a\nb", "JK", "10H",
              "Вера", [], ["AS"], [None], ["x" * 5], {}, {"k": 1}, {"Anna": "AS"}, {"Anna": ["AS", "KS"]}]


def mutate(body, rng: random.Random):
    """A copy of ``body`` with one change at a random place: a key dropped or added, a value replaced."""
    body = copy.deepcopy(body)
    spots = []

    def walk(x):
        if isinstance(x, dict):
            for k in x:
                spots.append((x, k))
                walk(x[k])
        elif isinstance(x, list):
            for i in range(len(x)):
                spots.append((x, i))
                walk(x[i])
    walk(body)
    if not spots:
        return body
    holder, key = rng.choice(spots)
    r = rng.random()
    if r < 0.15 and isinstance(holder, dict):
        del holder[key]
    elif r < 0.25 and isinstance(holder, dict):
        holder[rng.choice(["extra", "type", "player", "cards", "card", "amount"]) + rng.choice(["", "_"])] = \
            rng.choice(ODD_VALUES)
    elif r < 0.35 and isinstance(holder[key], list):
        holder[key] = holder[key] * rng.choice([0, 2, 30])
    else:
        holder[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    return body


def test_mutated_bodies_are_judged_as_marshmallow_judges_them(monkeypatch):
    rng = random.Random(13)
    seen = {"ok": 0, "error": 0}
    for game, endpoint, body in CORPUS:
        schema = service._SCHEMAS[(game, endpoint)]
        for _ in range(150):
            bad = mutate(body, rng)
            expected = marshmallow_only(schema, bad, monkeypatch)
            assert as_loaded(schema, bad) == expected, (game, endpoint, bad)
            try:
                got = schema.fast_loader()(copy.deepcopy(bad))
            except fast.Fallback:
                pass
            else:                      # what the fast path accepts, marshmallow accepts with the same result
                assert expected == ("ok", dumped(got)), (game, endpoint, bad)
            seen[expected[0]] += 1
    assert seen["ok"] > 100 and seen["error"] > 1000, seen


def test_the_names_vouched_for_stay_few():
    schema = service._SCHEMAS[("thousand", "score")]
    body = next(b for g, e, b in CORPUS if (g, e) == ("thousand", "score"))
    for i in range(fast._VOUCHED_MAX + 50):
        b = copy.deepcopy(body)
        b["dealer"] = f"name {i}"
        schema.fast_loader()(b)
    assert len(fast._VOUCHED) <= fast._VOUCHED_MAX
