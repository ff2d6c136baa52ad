"""Request parsing shared by every game: seat lists and player names, with JSON pointers."""
from __future__ import annotations

from typing import Any

from .errors import InputError


def parse_players(req: dict, variant) -> list[str]:
    """``players``: distinct names in seat order (clockwise), as many as ``variant`` is played by."""
    players = req.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise InputError("players must be a list of player names in seat order (clockwise)", "/players")
    if len(set(players)) != len(players):
        raise InputError("player names must be distinct", "/players")
    if len(players) not in variant.players:
        want = " or ".join(map(str, variant.players))
        raise InputError(f"variant {variant.id} is played by {want} players, not {len(players)}", "/players")
    return players


def parse_player(value: Any, players: list[str], ptr: str, allowed: list[str] | None = None) -> str:
    """One of ``players`` (and of ``allowed``, when given), or :class:`InputError` at ``ptr``."""
    if not isinstance(value, str) or value not in players:
        raise InputError(f"{value!r} is not one of the players ({', '.join(players)})", ptr)
    if allowed is not None and value not in allowed:
        raise InputError(f"{value} does not play this deal (playing: {', '.join(allowed)})", ptr)
    return value
