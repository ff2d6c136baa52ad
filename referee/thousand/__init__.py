"""Thousand (Тысяча, 1000; Polish Tysiąc) for 2, 3 and 4 players.

Usable without any web framework::

    from referee import service
    service.handle("thousand", "score", {"players": [...], "dealer": ..., "deal": {...}})

or directly: ``referee.thousand.GAME.score(request, variant, options)``.
"""
from pathlib import Path

from ..rulebook import Game, Rulebook
from .core import DECK
from .options import DEFAULT_VARIANT, VARIANTS
from .views import check, score, validate

RULEBOOK = Rulebook.load(Path(__file__).with_name("rules.yaml"))

GAME = Game(id="thousand", title="Thousand (1000, Тысяча, Tysiąc)", rulebook=RULEBOOK, variants=VARIANTS,
            default_variant=DEFAULT_VARIANT, score=score, check=check, validate=validate, deck=lambda options: DECK)
