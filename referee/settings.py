"""Settings read once at start-up from the environment.

``REFEREE_MAX_BODY``
    the largest request body, in bytes (default 262144, 256 KiB); a larger one is answered 413.
``REFEREE_MAX_EVENTS``
    the most events a game log may hold (default 5000); a longer ``log`` is a 422 at ``/log``.

A value that is not a whole number in its range stops the service at start-up with a message naming the setting,
rather than serving with a limit nobody chose.
"""
from __future__ import annotations

import os


class SettingError(ValueError):
    """A setting in the environment that cannot be used."""


def _int_setting(name: str, default: int, low: int, high: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw.replace("_", ""))
    except ValueError:
        raise SettingError(f"{name}={raw!r} is not a whole number") from None
    if not low <= value <= high:
        raise SettingError(f"{name}={value} is outside {low}..{high}")
    return value


MAX_BODY = _int_setting("REFEREE_MAX_BODY", 256 * 1024, 1024, 64 * 1024 * 1024)
MAX_EVENTS = _int_setting("REFEREE_MAX_EVENTS", 5000, 1, 1_000_000)
