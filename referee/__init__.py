"""Referee: rules engine for card-game disputes: Thousand, two-handed Pinochle and Canasta.

The engine has no web dependency.  Entry points:

* :func:`referee.service.handle` — one request body in, one answer body out (what HTTP serves);
* :data:`referee.registry.GAMES` — the games, each with its rulebook, variants and views.
"""
__version__ = "0.2.0"   # semantic versioning: docs/library.md, CHANGELOG.md
