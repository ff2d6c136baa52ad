"""Pinochle: two-handed (the seed's game), partnership auction and three-hand auction."""
from pathlib import Path

from ..rulebook import Game, Rulebook
from .options import DEFAULT_VARIANT, VARIANTS
from .views import check, deck_of, score, validate

RULEBOOK = Rulebook.load(Path(__file__).with_name("rules.yaml"))

GAME = Game(id="pinochle", title="Pinochle", rulebook=RULEBOOK, variants=VARIANTS, default_variant=DEFAULT_VARIANT,
            score=score, check=check, validate=validate, deck=deck_of)
