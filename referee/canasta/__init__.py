"""Classic Canasta (work in progress): the scoring core in :mod:`referee.canasta.core` and the rulebook
``rules.yaml``.  The game is not registered with the service yet (issue 3 adds its views and schemas)."""
