"""The replay of a game log that the three games' ``validate`` views share.

A log is a list of events; each deal begins with a ``deal`` event.  :class:`Replay` walks it once: it checks
that each event is an object of a known type, hands a deal event to :meth:`Replay.deal` and any other event to
:meth:`Replay.event`, and keeps the record every game answers with (the violations in order, the first one, the
rules cited, one entry per deal, the events looked at, the last deal's score).  Each game subclasses it with the
hooks that judge its events against its own state machine; the state of the deal being judged lives on that
object, not in closures.

The answer's keys keep the order each game has always given them (see :meth:`Replay.summary`).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from mypy_extensions import mypyc_attr

from .common import attach_violations
from .errors import InputError
from .i18n import _


def log_of(req: Any) -> list:
    """The request's ``log`` (of its typed record, or of a dict): a non-empty list, or
    :class:`~referee.errors.InputError` at ``/log``."""
    log = req.get("log") if type(req) is dict else getattr(req, "log", None)
    if not isinstance(log, list) or not log:
        raise InputError(_("log must be a non-empty list of events"), "/log")
    return log


@mypyc_attr(allow_interpreted_subclasses=True)    # compiled, a Python class may still subclass it
class Replay(ABC):
    """One replay of ``log`` under ``mode`` (``"strict"`` or ``"as_played"``) and its record.

    The hooks a game gives: :meth:`event_type` (the event's type, or the 422 for an event that is not one),
    :meth:`deal`, :meth:`event` and :meth:`answer`; :meth:`passes` and :meth:`end` when the game needs them."""

    def __init__(self, log: list, mode: str) -> None:
        self.log = log
        self.mode = mode
        self.as_played = mode == "as_played"
        self.violations: list[dict] = []
        self.first: dict | None = None         # a copy of the first violation
        self.final: dict | None = None         # the score answer of the last deal scored
        self.rules: set[str] = set()
        self.deals: list[dict] = []
        self.owners: list[int | None] = []     # the deal (its index) each violation belongs to
        self.checked = 0                       # the events looked at
        self.skipping = False                  # the judging of the current deal has stopped

    # ------------------------------------------------------------------ the hooks

    @abstractmethod
    def event_type(self, i: int, ev: Any, ptr: str) -> str:
        """The type of event ``i``; raises InputError for an event that is not an object of a known type."""

    def passes(self, i: int, t: str) -> bool:
        """Whether event ``i`` was already judged with an earlier one (then it is passed over)."""
        return False

    @abstractmethod
    def deal(self, i: int, ev: Any, ptr: str) -> None:
        """Judge a deal event: the end of the deal before it, and the new deal."""

    @abstractmethod
    def event(self, i: int, ev: Any, t: str, ptr: str) -> bool:
        """Judge any other event; False when the replay ends here (the log stops inside a turn)."""

    def end(self) -> None:  # noqa: B027 (a hook most games leave as it is)
        """What follows the last event (a deal the log leaves where nothing else could happen); nothing by default."""

    @abstractmethod
    def answer(self) -> dict:
        """The answer body, :meth:`summary` and the game's own keys."""

    # ------------------------------------------------------------------ the shared part

    def run(self) -> dict:
        """Replay the whole log and answer."""
        for i, ev in enumerate(self.log):
            ptr = f"/log/{i}"
            t = self.event_type(i, ev, ptr)
            if self.passes(i, t):
                continue
            if t == "deal":
                self.deal(i, ev, ptr)
            elif not self.event(i, ev, t, ptr):
                break
        self.end()
        attach_violations(self.deals, self.owners)
        return self.answer()

    def run_typed(self) -> dict:
        """:meth:`run` for a log whose events the schema loaded as typed records, each with its ``type``: the type
        read off the record, no event passed over, and an event other than a deal judged by :meth:`step`, which makes
        the event's pointer only where it needs one (for a fault, mostly), not for every event."""
        for i, ev in enumerate(self.log):
            t = ev.type
            if t == "deal":
                self.deal(i, ev, f"/log/{i}")
            elif not self.step(i, ev, t):
                break
        self.end()
        attach_violations(self.deals, self.owners)
        return self.answer()

    def step(self, i: int, ev: Any, t: str) -> bool:
        """:meth:`event`, the pointer left to the hook to make (:meth:`run_typed`); by default the event's made here."""
        return self.event(i, ev, t, f"/log/{i}")

    def record(self, i: int, ev_type: str | None, rule: str, msg: str, ptr: str, owner: int | None,
               penalty: dict | None = None) -> dict:
        """Record a violation of event ``i`` (``owner``: the index of the deal it belongs to) and return it."""
        v: dict[str, Any] = {"index": i, "event": ev_type, "rule": rule, "message": msg, "pointer": ptr}
        self.rules.add(rule)
        if penalty:
            v["penalty"] = penalty
            if "rule" in penalty:       # a penalty cites the rule that charges it (Canasta's do)
                self.rules.add(penalty["rule"])
        self.violations.append(v)
        self.owners.append(owner)
        if self.first is None:
            self.first = dict(v)
        return v

    def summary(self, **rest: Any) -> dict:
        """The keys every validate answer begins with, then ``rest`` in its order."""
        return {"valid": not self.violations, "events_checked": self.checked, "first_violation": self.first,
                "violations": self.violations, "final": self.final, "replay": self.mode, **rest}
