"""The two builds of the engine (docs/installing.md): the modules of setup.py's COMPILED list compiled by mypyc, or
their pure Python.  ``referee.compiled`` says which one runs; REFEREE_PURE=1 makes it the pure Python even where a
compiled build is there; in a source checkout a compiled module older than its .py is never loaded in its place.

Which build the suite itself runs against is the machine's: compiled where scripts/build could compile (a C compiler
and Python's headers), pure Python elsewhere; CI runs it both ways (.ci/run)."""
from __future__ import annotations

import json
import os
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import referee

ROOT = Path(__file__).resolve().parents[2]
SETUP = runpy.run_path(str(ROOT / "setup.py"))
PROBE = ("import json, sys, warnings\n"
         "warnings.simplefilter('always')\n"
         "import referee, referee.cards, referee.thousand.deal, referee.canasta.melds, referee.answers\n"
         "print(json.dumps([referee.compiled] + [sys.modules[m].__file__ for m in "
         "('referee.cards', 'referee.thousand.deal', 'referee.canasta.melds', 'referee.answers')]))")


def probe(cwd: Path, **env: str) -> tuple[bool, list[str], str]:
    """referee.compiled and the files four modules were loaded from, in a fresh interpreter run in ``cwd``."""
    clean = {k: v for k, v in os.environ.items() if k != "REFEREE_PURE"}
    r = subprocess.run([sys.executable, "-c", PROBE], cwd=cwd, capture_output=True, text=True, timeout=120,
                       env={**clean, **env})
    assert r.returncode == 0, r.stderr[-2000:]
    compiled, *files = json.loads(r.stdout)
    return compiled, files, r.stderr


def built() -> bool:
    """A compiled build of this checkout is there (scripts/build)."""
    return any(p.name.startswith("cards.") for p in (ROOT / "referee").glob("cards.*.so"))


def test_this_process_runs_the_build_the_machine_can_make():
    # scripts/test runs scripts/build first: compiled where mypyc can compile, unless REFEREE_PURE asks for pure
    pure = os.environ.get("REFEREE_PURE", "") not in ("", "0")
    reason = SETUP["why_pure"]()
    expected = not pure and reason is None
    assert referee.compiled is expected, (f"referee.compiled is {referee.compiled}; expected {expected} "
                                          f"({reason or 'mypyc can compile here'}): run scripts/build")
    suffix = ".so" if expected else ".py"
    assert sys.modules["referee.cards"].__file__.endswith(suffix)


def test_referee_pure_loads_every_module_from_its_source():
    compiled, files, _ = probe(ROOT, REFEREE_PURE="1")
    assert compiled is False
    assert [Path(f).name for f in files] == ["cards.py", "deal.py", "melds.py", "answers.py"]


def test_the_compiled_build_loads_the_compiled_modules_and_the_rest_as_python():
    if not built():
        pytest.skip("no compiled build in this checkout (scripts/build: no C compiler, or REFEREE_PURE)")
    compiled, files, _ = probe(ROOT, REFEREE_PURE="0")      # "0" is the same as unset
    assert compiled is True
    assert [Path(f).suffix for f in files] == [".so", ".so", ".so", ".py"]      # answers.py is not compiled


def test_a_source_changed_after_the_build_is_loaded_instead_of_its_stale_compiled_module(tmp_path):
    if not built():
        pytest.skip("no compiled build in this checkout (scripts/build: no C compiler, or REFEREE_PURE)")
    # a copy of the checkout's package with its compiled build, and pyproject.toml beside it (a source checkout)
    shutil.copytree(ROOT / "referee", tmp_path / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    compiled, files, _ = probe(tmp_path)
    assert compiled is True and files[1].endswith(".so") and files[1].startswith(str(tmp_path))
    deal = tmp_path / "referee" / "thousand" / "deal.py"
    so = next(deal.parent.glob("deal.*.so"))
    os.utime(deal, ns=(so.stat().st_mtime_ns + 1_000_000_000,) * 2)       # edited a second after the build
    compiled, files, err = probe(tmp_path)
    assert compiled is False
    assert [Path(f).suffix for f in files] == [".py", ".py", ".py", ".py"]    # the whole package, not one module
    assert "referee/thousand/deal.py changed since the compiled build" in err


def test_the_request_schemas_load_bodies_with_the_loader_of_the_running_build():
    # the schemas' sparse loader (schemas.fast) is referee.sparse, in setup.py's COMPILED list: compiled with the
    # engine, pure with it, under both names of the schemas package
    from referee import sparse
    from referee.schemas import fast as installed_name
    from schemas import fast as checkout_name
    assert "referee/sparse.py" in SETUP["COMPILED"]
    assert installed_name.compile_schema is checkout_name.compile_schema is sparse.compile_schema
    assert installed_name.Fallback is checkout_name.Fallback is sparse.Fallback
    assert sparse.__file__.endswith(".so" if referee.compiled else ".py")
