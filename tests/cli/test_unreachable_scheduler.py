"""`referee validate --scheduler` on an address where no scheduler answers: the tool failed (exit 3, as with no Dask
worker), not a usage error, so a pipeline can retry; one line names the address, within the connect deadline."""
from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main

pytest.importorskip("dask.distributed")
ROOT = Path(__file__).resolve().parents[2]


def test_an_unreachable_scheduler_is_the_tool_failing(tmp_path):
    with socket.socket() as s:                 # a port that was free a moment ago: nothing listens there
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    began = time.monotonic()
    r = CliRunner().invoke(main, ["validate", str(ROOT / "examples" / "thousand" / "batch.jsonl"),
                                  "--scheduler", f"tcp://127.0.0.1:{port}", "-o", str(tmp_path / "out.jsonl")])
    assert time.monotonic() - began < 40
    assert r.exit_code == 3, r.output
    assert r.output.startswith(f"referee: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: ")
    assert len(r.output.strip().splitlines()) == 1
