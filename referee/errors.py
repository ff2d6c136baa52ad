"""Exceptions raised by the engine.

Two kinds of trouble exist and they must not be confused:

* :class:`InputError` -- the request cannot be judged (impossible or malformed input).
  It carries one or more ``(pointer, detail)`` pairs, where ``pointer`` is an RFC 6901
  JSON pointer into the request body.  The HTTP layer turns it into a 422 problem.
* :class:`IllegalAction` -- the input is well formed but an action breaks a rule.
  That is a *ruling* (HTTP 200, ``legal: false``), and it names the rule ID.
"""
from __future__ import annotations

from collections.abc import Iterable

PROBLEM_BASE = "https://referee.example/problems/"   # the problem types' base: ``type`` is PROBLEM_BASE + kind


def esc(part: object) -> str:
    """Escape one JSON-pointer reference token (RFC 6901: ``~`` → ``~0``, ``/`` → ``~1``)."""
    return str(part).replace("~", "~0").replace("/", "~1")


class RefereeError(Exception):
    """Base class for every error the engine raises, with the machine data of the problem HTTP answers for it:
    ``status`` (the HTTP status), ``kind`` (the problem type's last part; ``type`` is the whole URI), ``pointer``
    (the RFC 6901 pointer of the request's value at fault, ``""`` for the body as a whole, None when the fault is
    not in the body) and ``errors`` (``{"pointer", "detail"}`` entries, as a problem's ``errors`` list)."""

    status: int = 500
    kind: str = "internal-error"
    pointer: str | None = None

    @property
    def type(self) -> str:
        """The problem type URI (RFC 9457 ``type``), as HTTP answers it and ``referee validate`` records it."""
        return PROBLEM_BASE + self.kind

    @property
    def errors(self) -> list[dict]:
        return [] if self.pointer is None else [{"pointer": self.pointer, "detail": str(self)}]


class InputError(RefereeError):
    """Impossible or invalid input (HTTP 422, ``invalid-input``).

    ``errors`` is a list of ``{"pointer": str, "detail": str}``; ``pointer`` is the first one's. ``detail``, when
    given, is the problem's own detail (what the whole request came to, such as where a score sheet stops) in place
    of the general one.
    """

    status = 422
    kind = "invalid-input"
    errors: list[dict] = []         # set by __init__ (shadows the base class's property)

    def __init__(self, errors: list[dict] | str, ptr: str = "", detail: str | None = None) -> None:
        if isinstance(errors, str):
            errors = [{"pointer": ptr, "detail": errors}]
        self.errors = errors
        self.detail = detail
        super().__init__("; ".join(f"{e['pointer'] or '/'}: {e['detail']}" for e in errors))

    @property
    def pointer(self) -> str | None:     # type: ignore[override]
        return self.errors[0]["pointer"] if self.errors else ""


class TooLarge(RefereeError):
    """A request body (or a line of a log file) over ``REFEREE_MAX_BODY`` bytes (HTTP 413): it is not read."""

    status = 413
    kind = "payload-too-large"
    pointer = ""


class NotFound(RefereeError):
    """Something the request names does not exist (HTTP 404, ``not-found``)."""

    status = 404
    kind = "not-found"
    parameter: str = ""          # the path parameter that names it, when the body does not

    @property
    def errors(self) -> list[dict]:
        """As HTTP answers it: ``{"pointer", "detail"}`` when the body named it, else ``{"parameter", "detail"}``."""
        if self.pointer is None and self.parameter:
            return [{"parameter": self.parameter, "detail": str(self)}]
        return super().errors


class UnknownGame(NotFound):
    """The game id is not one the referee knows."""

    parameter = "game"


class UnknownVariant(NotFound):
    """The variant id is not one the game knows (``pointer``: where the request named it, if in the body)."""

    parameter = "variant"

    def __init__(self, message: str, pointer: str | None = None) -> None:
        super().__init__(message)
        self.pointer = pointer


class UnknownRule(NotFound):
    """The rule id is not one of the game's rulebook."""

    parameter = "rule"


class IllegalAction(RefereeError):
    """An action breaks a rule.

    Attributes: ``rule`` (rule ID such as ``thousand/11.2``), ``message`` (why),
    ``pointer`` (JSON pointer of the offending input, filled in by the caller when known).
    """

    def __init__(self, rule: str, message: str, pointer: str = "") -> None:
        self.rule = rule
        self.message = message
        self.pointer = pointer
        super().__init__(f"{rule}: {message}")

    def as_violation(self, pointer: str | None = None) -> dict:
        return {"rule": self.rule, "message": self.message,
                "pointer": self.pointer if pointer is None else pointer}


def allowed(verify, *args, **kwargs) -> bool:
    """The ``can_*`` view of a state machine's ``verify_*`` check: True when it raises no :class:`IllegalAction`
    (every game's ``can_*`` is this, so a rule is written once, in its ``verify_*``)."""
    try:
        verify(*args, **kwargs)
    except IllegalAction:
        return False
    return True


def refuse_first(checks: Iterable[tuple[object, str, str]]) -> None:
    """The first of ``checks`` that fails, as an :class:`InputError` at its place; nothing when all hold.

    Each check is ``(broken, message, pointer)``, in the order a reader meets the fields: a table of the
    consistency checks of a position, stated once each (a generator keeps the later ones from being worked out
    once one has failed)."""
    for broken, message, ptr in checks:
        if broken:
            raise InputError(message, ptr)


def tell(problems: list[dict]) -> None:
    """Every one of ``problems`` (``{"pointer", "detail"}``, in the order found) in one :class:`InputError`; nothing
    when there is none: a reader that collects a body's independent faults tells them all at once."""
    if problems:
        raise InputError(problems)


def refuse_all(checks: Iterable[tuple[object, str, str]]) -> None:
    """Every one of ``checks`` that fails, in one :class:`InputError` listing them all (in the order given); nothing
    when all hold.  For checks of one body that do not depend on each other (a reader that collects its faults):
    each check is ``(broken, message, pointer)``, as for :func:`refuse_first`."""
    tell([{"pointer": ptr, "detail": message} for broken, message, ptr in checks if broken])
