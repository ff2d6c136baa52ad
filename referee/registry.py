"""The games the referee knows.  A new game adds its subpackage and one line here."""
from __future__ import annotations

from .canasta import GAME as CANASTA
from .common import echo
from .errors import UnknownGame
from .i18n import _
from .pinochle import GAME as PINOCHLE
from .rulebook import Game
from .thousand import GAME as THOUSAND

GAMES: dict[str, Game] = {g.id: g for g in (THOUSAND, CANASTA, PINOCHLE)}


def get(game_id: str) -> Game:
    """Return the game or raise :class:`UnknownGame`."""
    if game_id not in GAMES:
        raise UnknownGame(_("unknown game {game}; known: {known}", game=echo(game_id), known=", ".join(GAMES)))
    return GAMES[game_id]
