"""Settings read once at start-up from the environment, each checked there: a value that cannot be used stops the
start with one line naming it (``referee: REFEREE_WORKERS='two' is not a whole number``), never a Python traceback
and never a service running on a value nobody chose.

The limits (the engine and the CLI read them):

``REFEREE_MAX_BODY``
    the largest request body, in bytes (default 262144, 256 KiB); a larger one is answered 413.
``REFEREE_MAX_EVENTS``
    the most events a game log may hold (default 5000); a longer ``log`` is a 422 at ``/log``.

The server's (:func:`server`, read by gunicorn_conf.py and the app):

``REFEREE_BIND``, ``REFEREE_WORKERS``, ``REFEREE_THREADS``, ``REFEREE_READ_TIMEOUT``, ``REFEREE_LOG_LEVEL``,
``REFEREE_CORS_ORIGINS``, ``REFEREE_TRUSTED_PROXIES``, ``REFEREE_METRICS``: see docs/serving.md.
"""
from __future__ import annotations

import ipaddress
import os
import re
from dataclasses import dataclass


class SettingError(ValueError):
    """A setting in the environment that cannot be used."""


def _raw(name: str) -> str:
    return os.environ.get(name, "").strip()


def _int_setting(name: str, default: int, low: int, high: int) -> int:
    raw = _raw(name)
    if not raw:
        return default
    try:
        value = int(raw.replace("_", ""))
    except ValueError:
        raise SettingError(f"{name}={raw!r} is not a whole number") from None
    if not low <= value <= high:
        raise SettingError(f"{name}={value} is outside {low}..{high}")
    return value


def _seconds(name: str, default: float, low: float, high: float) -> float:
    raw = _raw(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingError(f"{name}={raw!r} is not a number of seconds") from None
    if not low <= value <= high:       # NaN fails both comparisons
        raise SettingError(f"{name}={raw} is outside {low:g}..{high:g} seconds")
    return value


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")


def _choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    raw = _raw(name)
    if not raw:
        return default
    if raw.upper() not in choices:
        raise SettingError(f"{name}={raw!r} is not one of {', '.join(choices)}")
    return raw.upper()


def _flag(name: str, default: bool) -> bool:
    raw = _raw(name).lower()
    if not raw:
        return default
    if raw in ("1", "on", "yes", "true"):
        return True
    if raw in ("0", "off", "no", "false"):
        return False
    raise SettingError(f"{name}={raw!r} is not on or off")


def _origins(name: str) -> tuple[str, ...]:
    """Browser origins allowed to call the service (CORS): each ``scheme://host[:port]`` exactly, as browsers send
    it; a wildcard would silently match nothing, so it is refused here."""
    out = []
    for entry in (o.strip() for o in _raw(name).split(",")):
        if not entry:
            continue
        if "*" in entry:
            raise SettingError(f"{name}: {entry!r} has a wildcard; list each origin in full (https://club.example)")
        if not ORIGIN.fullmatch(entry.rstrip("/")):
            raise SettingError(f"{name}: {entry!r} is not an origin like https://club.example or "
                               f"http://127.0.0.1:8080")
        out.append(entry.rstrip("/"))
    return tuple(out)


def _networks(name: str, default: str) -> tuple:
    raw = _raw(name) or default
    out = []
    for entry in (e.strip() for e in raw.split(",")):
        if not entry:
            continue
        try:
            out.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            raise SettingError(f"{name}: {entry!r} is not an address or network (127.0.0.1, 10.0.0.0/8)") from None
    return tuple(out)


@dataclass(frozen=True)
class Server:
    """The server's settings, checked."""
    bind: str
    workers: int
    threads: int
    read_timeout: float
    log_level: str
    cors_origins: tuple[str, ...]
    trusted_proxies: tuple
    metrics: bool


def server() -> Server:
    """Read and check every server setting; :class:`SettingError` names the first that cannot be used."""
    bind = _raw("REFEREE_BIND") or "127.0.0.1:8000"
    if not re.fullmatch(r"(unix:/\S+|\[[0-9A-Fa-f:.]+\]:[0-9]{1,5}|[A-Za-z0-9.-]+:[0-9]{1,5})", bind) \
            or (not bind.startswith("unix:") and not 0 < int(bind.rsplit(":", 1)[1]) < 65536):
        raise SettingError(f"REFEREE_BIND={bind!r} is not host:port (127.0.0.1:8000) or unix:/path")
    return Server(
        bind=bind,
        workers=_int_setting("REFEREE_WORKERS", os.cpu_count() or 1, 1, 64),
        threads=_int_setting("REFEREE_THREADS", 16, 1, 256),
        read_timeout=_seconds("REFEREE_READ_TIMEOUT", 10.0, 0.5, 300),
        log_level=_choice("REFEREE_LOG_LEVEL", "INFO", LOG_LEVELS),
        cors_origins=_origins("REFEREE_CORS_ORIGINS"),
        trusted_proxies=_networks("REFEREE_TRUSTED_PROXIES", "127.0.0.1,::1"),
        metrics=_flag("REFEREE_METRICS", True),
    )


# at most 8 MiB: a body at the limit costs about 1.3 s and 200 MB of a worker's memory at its peak (returned after
# the answer), and a worker may serve as many at once as it has threads; 64 MiB took 15 s and 1.1 GB each
# (docs/serving.md)
MAX_BODY = _int_setting("REFEREE_MAX_BODY", 256 * 1024, 1024, 8 * 1024 * 1024)
MAX_EVENTS = _int_setting("REFEREE_MAX_EVENTS", 5000, 1, 1_000_000)
