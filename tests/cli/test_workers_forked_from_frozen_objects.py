"""`referee validate --jobs N` freezes what the driver has loaded before it forks its workers (their collections
then leave the pages they share with it alone) and unfreezes it when they are gone: a program that runs the command
in its own process finds its garbage collector as it left it, with or without frozen objects of its own; the
workers run on frozen objects."""
from __future__ import annotations

import gc
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import cli
from referee.cli import main

ROOT = Path(__file__).resolve().parents[2]
BATCH = ROOT / "examples" / "thousand" / "batch.jsonl"


def run(jobs: int) -> int:
    return CliRunner().invoke(main, ["validate", str(BATCH), "--jobs", str(jobs)]).exit_code


@pytest.fixture
def host_freezes():
    """The host's own objects frozen (as a gunicorn worker's are, after pre_fork) for the test, then unfrozen."""
    gc.freeze()
    yield gc.get_freeze_count()
    gc.unfreeze()


def test_a_run_with_workers_leaves_the_collector_as_it_found_it():
    assert gc.get_freeze_count() == 0
    assert run(2) == 1          # the batch holds an invalid log
    assert gc.get_freeze_count() == 0


def test_a_host_whose_objects_are_frozen_keeps_them_frozen(host_freezes):
    assert host_freezes > 0
    assert run(2) == 1
    # still frozen (an object freed meanwhile leaves the frozen ones; an unfreeze would leave none)
    assert gc.get_freeze_count() > host_freezes // 2


def test_the_workers_are_forked_from_frozen_objects(monkeypatch):
    seen = []
    real = cli._freeze_loaded

    def freeze_and_look():
        froze = real()
        seen.append((froze, gc.get_freeze_count() > 0))
        return froze
    monkeypatch.setattr(cli, "_freeze_loaded", freeze_and_look)
    assert run(2) == 1 and seen == [(True, True)]
    assert gc.get_freeze_count() == 0


def test_one_worker_freezes_nothing(monkeypatch):
    monkeypatch.setattr(cli, "_freeze_loaded", lambda: pytest.fail("no pool, nothing to freeze"))
    assert run(1) == 1
