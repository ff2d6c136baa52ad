"""Pinochle: two-handed (the game of the user's Russian rules text), partnership auction and three-hand auction."""
from pathlib import Path

from ..i18n import N_
from ..rulebook import Game, Rulebook
from .cards import deck_of
from .options import DEFAULT_VARIANT, VARIANTS
from .views import check, score, validate

RULEBOOK = Rulebook.load(Path(__file__).with_name("rules.yaml"))

GAME = Game(id="pinochle", title=N_("Pinochle"), rulebook=RULEBOOK, variants=VARIANTS, default_variant=DEFAULT_VARIANT,
            score=score, check=check, validate=validate, deck=deck_of)
