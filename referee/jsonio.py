"""Strict JSON reading shared by the web app and the command line.

Rejects what a referee must never guess about: duplicate keys, NaN/Infinity, invalid UTF-8,
lone surrogates, numbers too long to read, and nesting deeper than :data:`MAX_DEPTH`.
"""
from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 32


class BadJSON(Exception):
    def __init__(self, detail: str, kind: str = "malformed-json") -> None:
        super().__init__(detail)
        self.detail = detail
        self.kind = kind


def _no_duplicates(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            raise BadJSON(f"duplicate key {k!r} in an object")
        out[k] = v
    return out


def _number(text: str):
    """A JSON number with a fraction or exponent; 100.0 and 1e2 are the integer 100 (as JSON Schema reads them)."""
    f = float(text)
    return int(f) if f.is_integer() and abs(f) <= 2 ** 53 else f


def _no_constants(name):
    raise BadJSON(f"{name} is not valid JSON")


def _depth_ok(text: str, limit: int) -> bool:
    """True if brackets nest at most ``limit`` deep (strings are skipped)."""
    depth = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse_body(raw: bytes | str) -> Any:
    """Parse one JSON document strictly; raise :class:`BadJSON` with the reason."""
    if isinstance(raw, str):
        text = raw
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise BadJSON(f"the body is not UTF-8 ({e.reason} at byte {e.start})") from None
    if not text.strip():
        raise BadJSON("the body is empty; send a JSON object")
    if text.count("[") + text.count("{") > MAX_DEPTH and not _depth_ok(text, MAX_DEPTH):
        raise BadJSON(f"JSON nested deeper than {MAX_DEPTH} levels", "nesting-too-deep")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants,
                          parse_float=_number)
    except BadJSON:
        raise
    except json.JSONDecodeError as e:
        raise BadJSON(f"the body is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except (ValueError, RecursionError):
        raise BadJSON("the body is not valid JSON: a number is too long") from None
    _check_strings(data)
    return data


def _check_strings(data: Any) -> None:
    """Reject strings (keys or values) that are not Unicode text, e.g. a lone surrogate escape."""
    stack = [data]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                raise BadJSON("the body holds a string that is not valid Unicode (a lone surrogate)") from None
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
