"""`referee validate --jobs`: a driver killed with SIGKILL (as the out-of-memory killer kills) cannot end its
worker processes itself; they end with it, within seconds, instead of waiting for ever on their pipe as orphans."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from process_helpers import ROOT
from process_helpers import THOUSAND_LINES as LINES
from process_helpers import alive as _alive
from process_helpers import children as _children


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the process tree from /proc")
def test_the_workers_end_when_their_driver_is_killed_with_sigkill(tmp_path):
    src, out = tmp_path / "big.jsonl", tmp_path / "out.jsonl"
    src.write_text("\n".join(LINES * 4000) + "\n", encoding="utf-8")       # 32000 logs: some seconds on 2 cores
    proc = subprocess.Popen([sys.executable, "-m", "referee.cli", "validate", str(src), "-j", "2", "-o", str(out)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                            env={**os.environ, "REFEREE_LANG": "en"})
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while (not out.exists() or out.stat().st_size < 4096) and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _children(proc.pid)
        assert len(workers) >= 2 and proc.poll() is None
        proc.kill()                                   # SIGKILL: the driver runs no handler
        proc.wait(10)
        deadline = time.monotonic() + 5
        while [w for w in workers if _alive(w)] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [w for w in workers if _alive(w)]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for w in workers:                             # the test leaves no orphan, even when it fails
            if _alive(w):
                os.kill(w, signal.SIGKILL)


@pytest.mark.skipif(not hasattr(os, "fork") or not Path("/proc/self/stat").exists(), reason="forks, reads /proc")
def test_without_prctl_a_watching_thread_ends_the_worker_when_its_driver_dies():
    """The fallback where PR_SET_PDEATHSIG is not there (not Linux): the worker's thread sees it was re-parented."""
    code = (
        "import os, signal, sys, time\n"
        "from referee import cli\n"
        "r, w = os.pipe()\n"
        "ready_r, ready_w = os.pipe()\n"
        "driver = os.fork()\n"
        "if driver == 0:\n"
        "    me = os.getpid()\n"
        "    worker = os.fork()\n"
        "    if worker == 0:\n"
        "        sys.platform = 'darwin'\n"               # no prctl: the watching thread
        "        cli._die_with(me)\n"
        "        os.write(ready_w, b'ready')\n"
        "        time.sleep(30)\n"
        "        os._exit(0)\n"
        "    os.write(w, str(worker).encode().rjust(10))\n"
        "    time.sleep(30)\n"
        "    os._exit(0)\n"
        "worker = int(os.read(r, 10))\n"
        "assert os.read(ready_r, 5) == b'ready'\n"
        "os.kill(driver, signal.SIGKILL)\n"
        "os.waitpid(driver, 0)\n"
        "print(worker)\n")
    worker = int(subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=30,
                                check=True).stdout)
    try:
        deadline = time.monotonic() + 5
        while _alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _alive(worker)
    finally:
        if _alive(worker):
            os.kill(worker, signal.SIGKILL)
