"""The shared replay's own checks, called directly (over HTTP the request schemas refuse an empty log first, so
these paths are reached only from Python)."""
from __future__ import annotations

import pytest

from referee.errors import InputError
from referee.replay import Replay, log_of


class Bare(Replay):
    """The shared record alone: no game's hooks (the replay's bookkeeping is what these tests look at)."""

    def event_type(self, i, ev, ptr):
        return ev["type"]

    def deal(self, i, ev, ptr):
        pass

    def event(self, i, ev, t, ptr):
        return True

    def answer(self):
        return {}


@pytest.mark.parametrize("req", [{}, {"log": []}, {"log": {"type": "deal"}}, {"log": "deal"}])
def test_a_log_that_is_not_a_non_empty_list_is_refused_at_its_pointer(req):
    with pytest.raises(InputError) as e:
        log_of(req)
    assert [x["pointer"] for x in e.value.errors] == ["/log"]


def test_a_log_of_one_event_is_taken_as_it_is():
    # the boundary: no event is refused (above), one event is a log
    log = [{"type": "deal"}]
    assert log_of({"log": log}) is log


def test_a_violation_is_recorded_in_order_with_its_deal_and_the_first_kept_apart():
    r = Bare([{"type": "deal"}], "as_played")
    r.record(0, "deal", "thousand/3.4", "first", "/log/0/dealer", 0)
    r.record(2, "play", "thousand/11.2", "second", "/log/2/card", 0, {"points": -10})
    r.checked = 3
    assert r.as_played
    assert r.owners == [0, 0]
    assert r.rules == {"thousand/3.4", "thousand/11.2"}
    assert r.violations[1]["penalty"] == {"points": -10} and "penalty" not in r.violations[0]
    # a penalty's own rule is cited too
    r.record(3, "discard", "canasta/5.4", "third", "/log/3/card", 0, {"rule": "canasta/8.5", "points": -100})
    assert r.rules == {"thousand/3.4", "thousand/11.2", "canasta/5.4", "canasta/8.5"}
    assert r.first == r.violations[0] and r.first is not r.violations[0]    # a copy: the answer shows both
    assert r.summary(complete=True) == {
        "valid": False, "events_checked": 3, "first_violation": r.violations[0], "violations": r.violations,
        "final": None, "replay": "as_played", "complete": True}
    assert list(r.summary(deals=[], complete=False)) == [
        "valid", "events_checked", "first_violation", "violations", "final", "replay", "deals", "complete"]


def test_a_replay_without_violations_is_valid():
    r = Bare([{"type": "deal"}], "strict")
    assert not r.as_played
    assert r.summary()["valid"] is True and r.summary()["first_violation"] is None
