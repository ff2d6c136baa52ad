"""Referee: the rules engine for card-game disputes in Thousand, two-handed Pinochle and Canasta.

The engine has no web dependency (the HTTP service is the ``server`` extra, :mod:`referee.http`; the command line
the ``cli`` extra).  The library's API (docs/library.md):

* :func:`score`, :func:`check`, :func:`validate` — one request in, one typed answer out (as HTTP answers it);
* :func:`iter_logs` — game logs streamed from JSONL, ``.ndjson``, gzip, a folder or a glob, errors collected;
* :class:`RefereeError` and its kinds, carrying the problem HTTP would answer (``status``, ``type``, ``pointer``).
"""
__version__ = "0.2.0"   # semantic versioning: docs/library.md, CHANGELOG.md

from .answers import Answer, CheckAnswer, Citation, ScoreAnswer, ValidateAnswer, Violation  # noqa: E402
from .api import check, score, validate  # noqa: E402
from .errors import (InputError, NotFound, RefereeError, TooLarge, UnknownGame, UnknownRule,  # noqa: E402
                     UnknownVariant)
from .jsonio import BadJSON  # noqa: E402
from .logs import Log, NoSuchFile, UnreadableFile, iter_logs  # noqa: E402

__all__ = ["Answer", "BadJSON", "CheckAnswer", "Citation", "InputError", "Log", "NoSuchFile", "NotFound",
           "RefereeError", "ScoreAnswer", "TooLarge", "UnknownGame", "UnknownRule", "UnknownVariant",
           "UnreadableFile", "ValidateAnswer", "Violation", "__version__", "check", "iter_logs", "score", "validate"]
