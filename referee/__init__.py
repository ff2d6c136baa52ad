"""Referee: the rules engine for card-game disputes in Thousand, two-handed Pinochle and Canasta.

The engine has no web dependency (the HTTP service is the ``server`` extra, :mod:`referee.http`; the command line
the ``cli`` extra).  The library's API (docs/library.md):

* :func:`score`, :func:`check`, :func:`validate` — one request in, one typed answer out (as HTTP answers it);
* :func:`iter_logs` — game logs streamed from JSONL, ``.ndjson``, gzip, a folder or a glob, errors collected;
* :class:`RefereeError` and its kinds, carrying the problem HTTP would answer (``status``, ``type``, ``pointer``).
"""
__version__ = "0.2.0"   # semantic versioning: docs/library.md, CHANGELOG.md

import os
from typing import TYPE_CHECKING

from . import _build

# which build runs (docs/installing.md): the engine's modules compiled by mypyc, or their pure Python.  REFEREE_PURE=1
# makes every referee module load from its .py even where compiled ones are installed; in a source checkout, a
# compiled module older than its .py (a source changed since scripts/build) makes the whole package load pure, with a
# warning, so that a stale build never runs in place of the source
compiled: bool = _build.choose(__path__[0], os.environ.get("REFEREE_PURE", "") not in ("", "0"))

# the API is loaded on first use, so that ``import referee`` (and referee.__version__) reads no setting and no
# rulebook: ``referee.http`` checks the settings itself and stops a bad start with one line
_API = {"Answer": "answers", "CheckAnswer": "answers", "Citation": "answers", "ScoreAnswer": "answers",
        "ValidateAnswer": "answers", "Violation": "answers", "PlayerScore": "answers", "SideScore": "answers",
        "Line": "answers", "check": "api", "score": "api", "validate": "api",
        "InputError": "errors", "NotFound": "errors", "RefereeError": "errors", "TooLarge": "errors",
        "UnknownGame": "errors", "UnknownRule": "errors", "UnknownVariant": "errors", "BadJSON": "jsonio",
        "Log": "logs", "NoSuchFile": "logs", "UnreadableFile": "logs", "iter_logs": "logs"}
__all__ = ["__version__", "compiled", *sorted(_API)]

if TYPE_CHECKING:   # what type checkers and IDEs see (each name re-exported: `X as X`)
    from .answers import Answer as Answer
    from .answers import CheckAnswer as CheckAnswer
    from .answers import Citation as Citation
    from .answers import Line as Line
    from .answers import PlayerScore as PlayerScore
    from .answers import ScoreAnswer as ScoreAnswer
    from .answers import SideScore as SideScore
    from .answers import ValidateAnswer as ValidateAnswer
    from .answers import Violation as Violation
    from .api import check as check
    from .api import score as score
    from .api import validate as validate
    from .errors import InputError as InputError
    from .errors import NotFound as NotFound
    from .errors import RefereeError as RefereeError
    from .errors import TooLarge as TooLarge
    from .errors import UnknownGame as UnknownGame
    from .errors import UnknownRule as UnknownRule
    from .errors import UnknownVariant as UnknownVariant
    from .jsonio import BadJSON as BadJSON
    from .logs import Log as Log
    from .logs import NoSuchFile as NoSuchFile
    from .logs import UnreadableFile as UnreadableFile
    from .logs import iter_logs as iter_logs


def __getattr__(name: str):
    if name not in _API:
        raise AttributeError(f"module 'referee' has no attribute {name!r}")
    import importlib
    value = getattr(importlib.import_module(f".{_API[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_API})
