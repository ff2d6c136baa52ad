"""The library's API: judge one request from Python as the service does over HTTP, with typed answers.

    >>> import referee
    >>> answer = referee.score("thousand", body)          # a ScoreAnswer; raises a RefereeError
    >>> for log in referee.iter_logs("logs/*.jsonl.gz"):  # streamed, errors collected
    ...     ...

``request`` is a JSON object (a ``Mapping``) or its text (``str`` or ``bytes``, read strictly, as HTTP reads a body,
and at most ``REFEREE_MAX_BODY`` bytes).  Its top-level ``"game"`` key, when present, is taken off and must agree with
``game``; ``game`` may be None when the body names it.  Errors are :class:`~referee.errors.RefereeError`\\ s carrying
the problem HTTP would answer: ``status``, ``type``, ``pointer`` and ``errors``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from . import i18n, registry, service
from .answers import CheckAnswer, ScoreAnswer, ValidateAnswer
from .errors import InputError, RefereeError, TooLarge, esc
from .i18n import _, ngettext
from .jsonio import BadJSON, parse_body
from .settings import MAX_BODY

Request = Mapping[str, Any] | str | bytes


def _body(game: str | None, request: Request) -> tuple[str, dict]:
    if isinstance(request, (str, bytes)):
        size = len(request.encode("utf-8", "surrogatepass") if isinstance(request, str) else request)
        if size > MAX_BODY:
            raise TooLarge(_("bodies are limited to {n} KiB", n=MAX_BODY // 1024) if MAX_BODY % 1024 == 0
                           else ngettext("bodies are limited to {n} byte", "bodies are limited to {n} bytes",
                                         MAX_BODY))
        request = parse_body(request)
    if not isinstance(request, Mapping):
        raise InputError(_("a request body is a JSON object"), "")
    body = cast(dict, _as_json(request, ""))       # a copy: the caller's object is left as it was
    if "game" in body:
        named = body.pop("game")
        if not isinstance(named, str):
            raise InputError(_("name the game with a string"), "/game")
        if game is not None and named != game:
            raise InputError(_("the body says game {body} but the call says {game}", body=repr(named),
                               game=repr(game)), "/game")
        game = named
    if game is None:
        raise InputError(_("name the game: one of {known}", known=", ".join(registry.GAMES)), "/game")
    return game, body


def _as_json(value: Any, pointer: str) -> Any:
    """``value`` as a body read from its JSON text holds it, or the fault a text could not hold, at its pointer.

    Objects and lists are copied (a tuple is a list); a float with no fraction is the integer it is (``120.0`` →
    ``120``, as the strict reader reads ``120.0`` and ``1.2e2``, up to 2**53); NaN and the infinities are refused as
    the reader refuses them (:class:`~referee.jsonio.BadJSON`, 400); a set (its order would follow the hash seed),
    bytes (never decoded on a guess), a key that is not a string and any other Python object are refused (422)."""
    if isinstance(value, Mapping):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise InputError(_("a key of an object is a string"), pointer)
            out[k] = _as_json(v, f"{pointer}/{esc(k)}")
        return out
    if isinstance(value, (list, tuple)):
        return [_as_json(v, f"{pointer}/{i}") for i, v in enumerate(value)]
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise BadJSON(_("{name} is not valid JSON", name="NaN" if value != value else
                            "Infinity" if value > 0 else "-Infinity"), pointer=pointer)
        return int(value) if value.is_integer() and abs(value) <= 2 ** 53 else value
    if value is None or isinstance(value, (str, bool, int)):
        return value
    raise InputError(_("not a JSON value (Python {kind}): give a list, a string, a number, true, false, null "
                       "or an object", kind=type(value).__name__), pointer)


class UnknownLanguage(InputError):
    """A ``lang`` that is not one of :data:`referee.i18n.LANGUAGES` (422, ``invalid-input``; the fault is in the
    call, not the body: ``pointer`` is None and ``errors`` names the ``lang`` parameter)."""

    def __init__(self, lang: object) -> None:
        message = f"unknown language {lang!r}; known: {', '.join(i18n.LANGUAGES)}"
        RefereeError.__init__(self, message)
        self.errors = [{"parameter": "lang", "detail": message}]
        self.detail = None

    @property
    def pointer(self) -> str | None:     # type: ignore[override]
        return None


def _judge(endpoint: str, game: str | None, request: Request, lang: str) -> dict:
    if lang not in i18n.LANGUAGES:            # as the command line refuses REFEREE_LANG=xx, never English instead
        raise UnknownLanguage(lang)
    with i18n.language(lang):                 # the texts of an error in ``lang`` too
        game, body = _body(game, request)
        return service.handle(game, endpoint, body, lang)


def score(game: str | None, request: Request, *, lang: str = i18n.DEFAULT_LANGUAGE) -> ScoreAnswer:
    """Score one completed deal (the body of ``POST /v1/games/{game}/score``)."""
    return cast(ScoreAnswer, _judge("score", game, request, lang))


def check(game: str | None, request: Request, *, lang: str = i18n.DEFAULT_LANGUAGE) -> CheckAnswer:
    """Rule on one action in a position (the body of ``POST /v1/games/{game}/check``)."""
    return cast(CheckAnswer, _judge("check", game, request, lang))


def validate(game: str | None, request: Request, *, lang: str = i18n.DEFAULT_LANGUAGE) -> ValidateAnswer:
    """Judge a whole log (the body of ``POST /v1/games/{game}/validate``)."""
    return cast(ValidateAnswer, _judge("validate", game, request, lang))
