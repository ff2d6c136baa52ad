"""`referee validate` off a terminal, with one worker, loads only what it uses: no progress bar (nothing is drawn)
and no process pool."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BATCH = ROOT / "examples" / "thousand" / "batch.jsonl"

PROBE = """
import sys
from referee.cli import main
try:
    main(["validate", sys.argv[1], "--jobs", sys.argv[2]])
except SystemExit:
    pass
print("loaded:", " ".join(m for m in ("rich.progress", "multiprocessing") if m in sys.modules), file=sys.stderr)
"""


def loaded(jobs: int) -> str:
    r = subprocess.run([sys.executable, "-c", PROBE, str(BATCH), str(jobs)], capture_output=True, text=True,
                       cwd=ROOT, timeout=120)
    [line] = [x for x in r.stderr.splitlines() if x.startswith("loaded:")]
    return line


def test_one_worker_off_a_terminal_loads_no_progress_bar_and_no_pool():
    assert loaded(1) == "loaded: "


def test_two_workers_load_the_pool():
    assert loaded(2) == "loaded: multiprocessing"
