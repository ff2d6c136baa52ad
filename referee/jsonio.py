"""Strict JSON reading shared by the web app and the command line.

Rejects what a referee must never guess about: duplicate keys, NaN/Infinity, invalid UTF-8,
lone surrogates, numbers too long to read, and nesting deeper than :data:`MAX_DEPTH`.

A body is read by orjson first (:func:`_fast`), at C speed, when a few byte-level checks show that orjson and the
strict reader below must agree on it: no backslash (so no escape, no surrogate, no quote inside a string), nesting
and containers surely within the limits, no number with a fraction or an exponent and none of 16 digits or more
(orjson reads those as floats; the strict reader makes 100.0 the integer 100).  A repeated key is then found by
counting colons in the body and in orjson's own rewriting of what it read: with no escapes, every string comes out
as it went in, so the two counts differ exactly when a repeated key (and its colon) was dropped.  Every other body,
and every body orjson refuses, goes to the strict reader (:func:`_strict`, the parser of before), which says what is
wrong: the values, and every refusal's words, are the strict reader's (tests/library/test_strict_json_equivalence.py
compares the two over a corpus of bodies).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

try:                    # the server extra brings it; the engine alone reads every body with the strict reader
    import orjson
except ImportError:     # pragma: no cover - the engine-only install
    orjson = None  # type: ignore[assignment]

from .common import ECHO_MAX, echo
from .errors import RefereeError
from .i18n import N_, _
from .settings import MAX_BODY

MAX_DEPTH = 32
# the most arrays and objects a body may hold: one per 8 bytes of the body limit (32,768 at 256 KiB).  A real
# request holds one per 18 bytes at the densest (a Canasta log of melds, compact); a body of nothing but empty
# lists holds one per 2 bytes and cost 50 times a good request to build and throw away.  Bounded so, the costliest
# body within the limits stays under 20 times a good one (benchmarks/README.md).
MAX_CONTAINERS = max(1024, MAX_BODY // 8)
# the bad \u escape, which the decoder names by a pattern of four hex digits: the catalog says it in full
BAD_U_ESCAPE = N_("Invalid \\u escape: four hexadecimal digits must follow \\u")
# what Python's JSON decoder says of a fault, so that the catalog can say it in every language
DECODER_MESSAGES = (N_("Expecting value"), N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"),
                    N_("Expecting property name enclosed in double quotes"), N_("Unterminated string starting"),
                    N_("Invalid control character"), N_("Invalid \\escape"), BAD_U_ESCAPE,
                    N_("Extra data"), N_("Illegal trailing comma before end of object"),
                    N_("Illegal trailing comma before end of array"))


def _decoder_words(msg: str) -> str:
    """The catalog's entry for a message of Python's JSON decoder: its own words, but for the bad ``\\u`` escape,
    which the catalog says in full.  A trailing "at" is left to the sentence, which says "at line … column …"."""
    return BAD_U_ESCAPE if msg.startswith("Invalid \\u") else msg.removesuffix(" at")


class BadJSON(RefereeError):
    """Why a body is not acceptable JSON (HTTP 400); ``pointer`` is the RFC 6901 pointer of the value at fault when
    the document could be read far enough to place it, ``""`` (the body as a whole) otherwise; ``kind`` is
    ``malformed-json`` or ``nesting-too-deep``."""

    status = 400

    def __init__(self, detail: str, kind: str = "malformed-json", pointer: str = "") -> None:
        super().__init__(detail)
        self.detail = detail
        self.kind = kind
        self.pointer = pointer


class _Fault:
    """Stands in the parsed document where a value or key cannot be accepted, so that the fault's pointer can be
    found once the whole document is read (the parser's hooks do not know where they are)."""

    def __init__(self, detail: str) -> None:
        self.detail = detail


class _Faulty(dict):
    """An object that repeated a key: ``fault`` names the key."""
    fault: tuple[str, str]


def _first_repeated(keys: Iterable[str]) -> str:
    """The first of ``keys`` met a second time (there is one)."""
    seen: set[str] = set()
    for k in keys:
        if k in seen:
            return k
        seen.add(k)
    raise ValueError("no key is repeated")


class _Hooks:
    """The decoder's hooks for one document: they mark what cannot be accepted (a repeated key, NaN or Infinity)
    and note that they did, so that a clean document is never walked a second time."""

    def __init__(self) -> None:
        self.faulty = False

    def pairs(self, pairs):
        out = dict(pairs)
        if len(out) == len(pairs):
            return out
        key = _first_repeated(k for k, _v in pairs)
        bad = _Faulty()
        bad.fault = (key, _("duplicate key {key} in an object", key=echo(key)))
        self.faulty = True
        return bad

    def constant(self, name):
        self.faulty = True
        return _Fault(_("{name} is not valid JSON", name=name))


def _number(text: str):
    """A JSON number with a fraction or exponent; 100.0 and 1e2 are the integer 100 (as JSON Schema reads them)."""
    f = float(text)
    return int(f) if f.is_integer() and abs(f) <= 2 ** 53 else f


def _step(key) -> str:
    return "/" + str(key).replace("~", "~0").replace("/", "~1")


def _first_fault(data: Any) -> tuple[str, str] | None:
    """The pointer and reason of the first fault in document order: a NaN/Infinity, a repeated key, or a string
    (key or value) that is not Unicode text (a lone surrogate)."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        x, ptr = stack.pop()
        if isinstance(x, _Fault):
            return ptr, x.detail
        if isinstance(x, str):
            if not _is_text(x):
                return ptr, _("a string that is not valid Unicode (a lone surrogate)")
        elif isinstance(x, dict):
            if isinstance(x, _Faulty):    # a key too long for a pointer is named by the detail alone
                return (ptr + _step(x.fault[0]) if len(x.fault[0]) <= ECHO_MAX else ptr), x.fault[1]
            items = list(x.items())
            for k, v in reversed(items):
                if not _is_text(k):
                    return ptr, _("a key that is not valid Unicode (a lone surrogate)")
                stack.append((v, ptr + _step(k)))
        elif isinstance(x, list):
            stack.extend((v, f"{ptr}/{i}") for i, v in reversed(list(enumerate(x))))
    return None


def _is_text(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


# a JSON string (the unrolled form of "(?:[^"\\]|\\.)*", which the regex engine runs without backtracking), and
# the brackets that are left once strings are taken out
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")
# only a \u escape can put a surrogate into a string: raw UTF-8 cannot encode one
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


# every byte but the brackets goes; opening ones become "(", closing ones ")"
_BRACKETS_ONLY = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[{]}")


def _shallow(raw: bytes, limit: int) -> bool:
    """True if the brackets of ``raw`` (strings included, so that this only errs on the deep side) surely nest at
    most ``limit`` deep: each pass of ``replace`` takes out the innermost pairs, so the passes count the depth, all
    at C speed.  False means :func:`_depth_ok` must look, skipping strings."""
    brackets = raw.translate(_BRACKETS_ONLY, _NOT_BRACKETS)
    for _depth in range(limit):
        if not brackets:
            return True
        shorter = brackets.replace(b"()", b"")
        if len(shorter) == len(brackets):
            return False                  # brackets in strings, or not JSON: look closely
        brackets = shorter
    return not brackets


def _depth_ok(text: str, limit: int) -> bool:
    """True if brackets nest at most ``limit`` deep (strings are skipped).  The strings and the text between the
    brackets are skipped by regular expressions, so the loop runs once per bracket, not once per character."""
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        if m.group() in "[{":
            depth += 1
            if depth > limit:
                return False
        else:
            depth -= 1
    return True


# the reasons Python's UTF-8 decoder gives (these three are all it has), in the words of the catalog
UTF8_FAULTS = {
    "invalid start byte": N_("a byte that cannot begin a character"),
    "invalid continuation byte": N_("a character broken off by a byte that cannot continue it"),
    "unexpected end of data": N_("a character cut off by the end of the body"),
}


# every digit made "0", and a point or a capital E made "e", so that a number with a fraction or an exponent (0e), or
# a long one, is found by bytes.find (C speed); strings holding such text (a name like "v1.2") only go the slow way
_NUMBER_MARKS = bytes.maketrans(b"123456789.E", b"000000000ee")
_LONG_NUMBER = b"0" * 16


def _nesting_ok(raw: bytes) -> bool:
    """True if ``raw`` surely holds at most :data:`MAX_CONTAINERS` arrays and objects nested at most
    :data:`MAX_DEPTH` deep (brackets in strings counted too: this only errs on the slow side)."""
    brackets = raw.translate(_BRACKETS_ONLY, _NOT_BRACKETS)
    if brackets.count(b"(") > MAX_CONTAINERS:
        return False
    for _depth in range(MAX_DEPTH):
        if not brackets:
            return True
        shorter = brackets.replace(b"()", b"")
        if len(shorter) == len(brackets):
            return False
        brackets = shorter
    return not brackets


def parse_body(raw: bytes | str) -> Any:
    """Parse one JSON document strictly; raise :class:`BadJSON` with the reason."""
    data = _fast(raw)
    return data if data is not _SLOW else _strict(raw)


_SLOW = object()       # what _fast returns when the strict reader must read the body


def _fast(raw: bytes | str) -> Any:
    """The document read by orjson, or :data:`_SLOW` when the strict reader must read it (see the module's text):
    only a body the strict reader would take, with the same value, is answered here."""
    if orjson is None:
        return _SLOW
    if isinstance(raw, str):
        try:
            raw = raw.encode("utf-8")
        except UnicodeEncodeError:
            return _SLOW
    if b"\\" in raw or not _nesting_ok(raw):
        return _SLOW
    marks = raw.translate(_NUMBER_MARKS)
    if b"0e" in marks or _LONG_NUMBER in marks:
        return _SLOW
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return _SLOW
    if isinstance(data, (dict, list)) and raw.count(b":") != orjson.dumps(data).count(b":"):
        return _SLOW                      # a repeated key was dropped, and its colon with it
    return data


def _strict(raw: bytes | str) -> Any:
    """Parse one JSON document strictly with Python's reader and the hooks above; raise :class:`BadJSON`."""
    if isinstance(raw, str):
        text = raw
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            reason = _(UTF8_FAULTS[e.reason])
            raise BadJSON(_("the body is not UTF-8: {reason} (byte {byte})", reason=reason, byte=e.start)) from None
    if text.startswith("\ufeff"):       # one byte order mark is ignored (RFC 8259 §8.1 allows it), over HTTP and
        text = text[1:]                  # in the CLI alike; a second one is a fault
        if text.startswith("\ufeff"):
            raise BadJSON(_("the body starts with more than one byte order mark"))
    if not text.strip():
        raise BadJSON(_("the body is empty; send a JSON object"))
    containers = text.count("[") + text.count("{")      # brackets in strings too: it only errs on refusing
    if containers > MAX_CONTAINERS:
        raise BadJSON(_("the body holds more than {n} arrays and objects", n=MAX_CONTAINERS), "too-many-values")
    if containers > MAX_DEPTH and not _shallow(
            raw if isinstance(raw, bytes) else text.encode("utf-8", "surrogatepass"), MAX_DEPTH) \
            and not _depth_ok(text, MAX_DEPTH):
        raise BadJSON(_("JSON nested deeper than {n} levels", n=MAX_DEPTH), "nesting-too-deep")
    hooks = _Hooks()
    try:
        data = json.loads(text, object_pairs_hook=hooks.pairs, parse_constant=hooks.constant, parse_float=_number)
    except json.JSONDecodeError as e:
        raise BadJSON(_("the body is not valid JSON: {why} at line {line} column {column}",
                        why=_(_decoder_words(e.msg)), line=e.lineno, column=e.colno)) from None
    except (ValueError, RecursionError):
        raise BadJSON(_("the body is not valid JSON: a number is too long")) from None
    # a clean document (no repeated key, NaN or surrogate escape: nearly every body) is not walked again
    if hooks.faulty or (_SURROGATE_ESCAPE.search(text) and not _check_strings(data)):
        ptr, why = _first_fault(data) or ("", _("the body holds a value that is not valid JSON"))
        raise BadJSON(why, pointer=ptr)
    return data


def _check_strings(data: Any) -> bool:
    """True if nothing in the document needs a second look: every string (key or value) is Unicode text, and no
    NaN/Infinity or repeated key was met.  Run only when the text holds a surrogate escape; :func:`_first_fault`
    places a fault."""
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            if not _is_text(x):
                return False
        elif isinstance(x, dict):
            if isinstance(x, _Faulty):
                return False
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, _Fault):
            return False
    return True
