"""The build: setuptools (pyproject.toml holds the metadata), with the engine compiled by mypyc where it can be.

When a C compiler and Python's headers are found, and REFEREE_PURE is not set, the modules of :data:`COMPILED` are
compiled with mypyc into C extensions (one shared library, ``referee._native__mypyc``, and a small extension per
module next to its ``.py``).  Otherwise the install is the pure Python of the same files, which behaves the same.
``referee.compiled`` tells which one is running (docs/installing.md).
"""
from __future__ import annotations

import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent

# the engine modules mypyc compiles: every module of the three games' packages, and what they share (the replay of a
# log included).
# Left out, with the reason (docs/installing.md keeps the same list):
#   referee/service.py, answers.py, i18n.py, knowledge.py, … — outside the engine's packages; not tried yet
#   referee/<game>/__init__.py, referee/__init__.py — the packages' lazy loading and the build check stay Python
COMPILED = [
    "referee/cards.py",
    "referee/common.py",
    "referee/rulebook.py",
    "referee/replay.py",
    "referee/sparse.py",
    "referee/thousand/cards.py",
    "referee/thousand/melds.py",
    "referee/thousand/deal.py",
    "referee/thousand/scoring.py",
    "referee/thousand/options.py",
    "referee/thousand/parse.py",
    "referee/thousand/prior.py",
    "referee/thousand/outcome.py",
    "referee/thousand/dealt.py",
    "referee/thousand/actions.py",
    "referee/thousand/checks.py",
    "referee/thousand/read.py",
    "referee/thousand/views.py",
    "referee/thousand/pad.py",
    "referee/thousand/sheet.py",
    "referee/pinochle/cards.py",
    "referee/pinochle/melds.py",
    "referee/pinochle/deal.py",
    "referee/pinochle/scoring.py",
    "referee/pinochle/auction.py",
    "referee/pinochle/options.py",
    "referee/pinochle/parse.py",
    "referee/pinochle/state.py",
    "referee/pinochle/counts.py",
    "referee/pinochle/declared.py",
    "referee/pinochle/reading.py",
    "referee/pinochle/views.py",
    "referee/pinochle/sheet.py",
    "referee/canasta/cards.py",
    "referee/canasta/melds.py",
    "referee/canasta/deal.py",
    "referee/canasta/scoring.py",
    "referee/canasta/pile.py",
    "referee/canasta/counts.py",
    "referee/canasta/options.py",
    "referee/canasta/views.py",
    "referee/canasta/sheet.py",
    "referee/canasta/parse.py",
    "referee/canasta/read.py",
    "referee/canasta/state.py",
    "referee/canasta/outcome.py",
    "referee/canasta/dealt.py",
    "referee/canasta/position.py",
]


def why_pure() -> str | None:
    """Why this build stays pure Python, or None when mypyc can compile it."""
    if os.environ.get("REFEREE_PURE", "") not in ("", "0"):
        return "REFEREE_PURE is set"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(os.environ.get("CC", cc).split()[0]):
        return f"no C compiler ({cc}) was found"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "Python's C headers (Python.h; Debian: python3-dev) were not found"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc (the mypy package) is not installed"
    return None


def ext_modules() -> list:
    reason = why_pure()
    if reason:
        print(f"referee: building pure Python ({reason})", file=sys.stderr)
        return []
    from mypyc.build import mypycify
    print(f"referee: compiling {len(COMPILED)} engine modules with mypyc", file=sys.stderr)
    try:
        return mypycify(COMPILED, opt_level="3", group_name="referee._native")
    except SystemExit as e:     # mypyc's type check failed (it prints the errors and exits): install the pure Python
        if os.environ.get("REFEREE_REQUIRE_COMPILED", "") not in ("", "0"):
            raise
        print(f"referee: building pure Python (mypyc's type check failed, exit {e.code}; the errors are above)",
              file=sys.stderr)
        return []


if __name__ == "__main__":      # as pip's build runs it (scripts/build reads why_pure without building)
    setup(ext_modules=ext_modules())
