"""marshmallow request schemas, one module per game; :data:`REQUESTS` maps game → endpoint → schema."""
from . import canasta, pinochle, thousand
from .common import errors_to_pointers

REQUESTS = {"thousand": thousand.REQUESTS, "pinochle": pinochle.REQUESTS, "canasta": canasta.REQUESTS}

__all__ = ["REQUESTS", "errors_to_pointers"]
