"""Sparse loading: a request schema compiled into plain functions that visit only the keys a body holds.

The loader lives in :mod:`referee.sparse` (see its doc), below the schemas, so that mypyc compiles it with the engine
(docs/installing.md); the schemas and their tests use it by this name.
"""
from referee.sparse import (
    _VOUCHED,
    _VOUCHED_MAX,
    Check,
    Fallback,
    Kinds,
    Loader,
    by_type,
    card_reader,
    cards_reader,
    compile_field,
    compile_schema,
    melds_reader,
)

__all__ = ["_VOUCHED", "_VOUCHED_MAX", "Check", "Fallback", "Kinds", "Loader", "by_type", "card_reader",
           "cards_reader", "compile_field", "compile_schema", "melds_reader"]
