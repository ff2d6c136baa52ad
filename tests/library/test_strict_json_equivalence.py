"""parse_body reads most bodies with orjson (referee.jsonio._fast) and leaves the rest to the strict reader
(referee.jsonio._strict, Python's json module with hooks: the parser the service had before orjson).  Over a corpus
of bodies, each must give the same value, or the same refusal in the same words, either way.

The corpus: a sample of the requests the suite sends (tests/data/json_bodies.jsonl, 400 bodies), each also with a
key repeated at a depth of its own, and a set of hostile bodies: repeated keys at depth, byte order marks, lone
surrogates (escaped and raw), huge and long numbers, fractions and exponents, NaN/Infinity, deep nesting, too many
containers, bytes that are not UTF-8, white space before a colon, escaped quotes in keys.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from referee import jsonio
from referee.jsonio import BadJSON, parse_body

DATA = Path(__file__).resolve().parents[1] / "data" / "json_bodies.jsonl"


def _outcome(fn, raw):
    """What ``fn`` makes of ``raw``: the value's repr (1, True and 1.0 differ) or the refusal's fields."""
    try:
        return "value", repr(fn(raw))
    except BadJSON as e:
        return "refused", e.detail, e.kind, e.pointer


def _corpus() -> list[bytes]:
    return [json.loads(line)["body"].encode("utf-8", "surrogatepass") for line in DATA.read_text().splitlines()]


def _pairs_text(value, repeat_at: int, rng: random.Random, counter: list[int]) -> str:
    """``value`` as JSON text, the ``repeat_at``-th object with a key (counted as each is closed) given its first key
    a second time."""
    if isinstance(value, dict):
        items = [json.dumps(k) + ": " + _pairs_text(v, repeat_at, rng, counter) for k, v in value.items()]
        counter[0] += bool(value)
        if counter[0] == repeat_at and value:
            key = next(iter(value))
            items.insert(rng.randrange(len(items) + 1), json.dumps(key) + ": " + json.dumps(rng.choice([1, "x", None])))
        return "{" + ", ".join(items) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_pairs_text(v, repeat_at, rng, counter) for v in value) + "]"
    return json.dumps(value)


def _objects(value) -> int:
    if isinstance(value, dict):
        return bool(value) + sum(_objects(v) for v in value.values())
    if isinstance(value, list):
        return sum(_objects(v) for v in value)
    return 0


def _with_repeated_keys(bodies: list[bytes]) -> list[bytes]:
    out = []
    rng = random.Random(30)
    for raw in bodies:
        try:
            value = json.loads(raw)
        except ValueError:
            continue
        n = _objects(value)
        if n:
            out.append(_pairs_text(value, rng.randrange(1, n + 1), rng, [0]).encode())
    return out


DEEP = 40
HOSTILE: list[bytes | str] = [
    b'{"a": 1, "a": 2}', b'{"a": {"b": [1, {"c": 1, "d": 2, "c": 3}]}}', b'[{"x": 1}, {"x": 1, "y": 2, "x": 1}]',
    b'{"a": ":", "a": 1}', b'{"a": 1, "b": {"a": 1}}', b'{"\\u0061": 1, "a": 2}', b'{"a\\"": 1, "a\\"": 2}',
    # a repeated key the count of colons would miss but for the check of escapes (the escape becomes a colon)
    b'{"a": 1, "a": 2, "b": "\\u003a"}', b'{"a": 1, "a": 2, "b": "\\u0022:"}',
    b'{"a" : 1, "a": 2, "b": 3}', b'{"a"\n: 1, "a": 2, "b": 3}',
    b'{"a\\\\": 1}', b'{"a" : 1}', b'{"a"\n: 1, "a"\t:2}', b'{"k": "v :", "k2": " :x"}', b'{"":1,"":2}',
    b"\xef\xbb\xbf{}", b"\xef\xbb\xbf\xef\xbb\xbf{}", b'\xef\xbb\xbf{"a": 1, "a": 2}', "\ufeff{}",
    b'"\\ud800"', b'{"\\udc00": 1}', b'["\\ud83d\\ude00"]', b'["\xed\xa0\x80"]', "[\"\ud800\"]", b'["\\uZZZZ"]',
    b"[18446744073709551616]", b"[123456789012345]", b"[1234567890123456]", b"[" + b"9" * 5000 + b"]",
    b"[-0]", b"[-0.0]", b"[100.0]", b"[1e2]", b"[1E2]", b"[1.5]", b"[1e400]", b"[9007199254740993.0]",
    b'{"v": "1.5"}', b'{"v": "10e"}', b"[NaN]", b"[Infinity]", b"[-Infinity]", b'{"a": NaN, "a": 1}',
    b"[" * DEEP + b"]" * DEEP, b"[" * 32 + b"]" * 32, b"[" * 33 + b"]" * 33, b'["' + b"[" * 40 + b'"]',
    b"[" + b"[]," * 40000 + b"[]]", b"", b"   ", b"\n", b"{", b"[1,]", b'{"a":1,}', b"{} {}", b"nul", b"true",
    b"1", b'"x"', b"\xff{}", b'{"a": "\xc3"}', b'{"a": "\xe2\x82"}', b'{"\xd0\xba\xd0\xbb\xd1\x8e\xd1\x87": 1}',
    b'{"a": "\x01"}', b'{"a": "tab\there"}', b"{\"a\": 'x'}", b'{a: 1}', b'[1 2]', b"[01]", b"[+1]", b"[.5]",
    b'{"a": [1, 2, {"b": {"c": {"d": 1, "d": [1]}}}]}', b"\t{\"a\":\r\n1}\n", b"\x00", b'{"a":1}\x00',
]


def _assert_same(raw) -> None:
    assert _outcome(parse_body, raw) == _outcome(jsonio._strict, raw), raw[:200]


@pytest.mark.parametrize("raw", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_body_gets_the_strict_readers_value_or_refusal(raw):
    _assert_same(raw)


def test_the_suites_bodies_get_the_strict_readers_values_and_most_take_the_fast_path():
    bodies = _corpus()
    assert len(bodies) >= 300
    for raw in bodies:
        _assert_same(raw)
    fast = sum(jsonio._fast(raw) is not jsonio._SLOW for raw in bodies)
    assert fast >= 0.8 * len(bodies), fast       # the fast path is what is measured, not a path never taken


def test_a_key_repeated_at_any_depth_is_refused_with_the_strict_readers_words():
    repeated = _with_repeated_keys(_corpus())
    assert len(repeated) >= 300
    for raw in repeated:
        outcome = _outcome(parse_body, raw)
        assert outcome == _outcome(jsonio._strict, raw), raw[:200]
        assert outcome[0] == "refused" and "duplicate key" in outcome[1], raw[:200]


def test_a_body_whose_strings_hold_key_like_text_is_read_fast_and_alike():
    # a value holding a colon is counted alike in the body and in orjson's rewriting: no key is thought repeated
    raw = b'{"a": ":x", "b": [":", "y:"], "c": {"d": ":", "e": "\xd0\xba:"}}'
    assert jsonio._fast(raw) is not jsonio._SLOW
    _assert_same(raw)


def test_without_orjson_every_body_goes_to_the_strict_reader(monkeypatch):
    # the engine-only install (no server extra) has no orjson: the same values, the same refusals
    from referee import jsonio
    monkeypatch.setattr(jsonio, "orjson", None)
    assert jsonio.parse_body(b'{"a": [1, 2.5, "x:y"]}') == {"a": [1, 2.5, "x:y"]}
    with pytest.raises(jsonio.BadJSON):
        jsonio.parse_body(b'{"a": 1, "a": 2}')
