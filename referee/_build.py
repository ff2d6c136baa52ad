"""Which build of the engine is loaded: the mypyc-compiled modules (setup.py's ``COMPILED``) or their pure Python.

Kept out of mypyc's reach itself (it decides whether compiled modules may load).  :func:`choose` runs once, when
``referee`` is imported.
"""
from __future__ import annotations

import importlib.machinery
import os
import sys
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType

_EXT = tuple(importlib.machinery.EXTENSION_SUFFIXES)
PROBE = "cards"    # referee/cards.py: compiled in every compiled build


class PureFinder:
    """Finds ``referee.*`` modules among the ``.py`` (and ``.pyc``) files only, never a compiled extension (a
    meta path finder: ``sys.meta_path`` asks it before the usual finders)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("referee.") or not path:
            return None
        loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
                   (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES)]
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, *loaders).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def compiled_modules(package_dir: str) -> list[tuple[str, str]]:
    """(compiled file, its .py) for every compiled module under the package's folder."""
    found = []
    for folder, _dirs, files in os.walk(package_dir):
        for name in files:
            if name.endswith(_EXT) and "__mypyc" not in name:
                source = os.path.join(folder, name.split(".", 1)[0] + ".py")
                if os.path.exists(source):
                    found.append((os.path.join(folder, name), source))
    return found


def stale(package_dir: str) -> list[str]:
    """In a source checkout (pyproject.toml beside the package), the .py files changed since their compiled build."""
    if not os.path.exists(os.path.join(os.path.dirname(package_dir), "pyproject.toml")):
        return []       # an installed wheel: its files' times are the install's, not the build's
    return sorted(os.path.relpath(py, os.path.dirname(package_dir)) for so, py in compiled_modules(package_dir)
                  if os.stat(py).st_mtime_ns > os.stat(so).st_mtime_ns)


def choose(package_dir: str, pure: bool) -> bool:
    """Load the package pure (a :class:`PureFinder` first on ``sys.meta_path``) when asked or when a compiled module
    is stale; return whether the compiled modules will load."""
    if not pure:
        changed = stale(package_dir)
        if changed:
            warnings.warn(f"referee: {', '.join(changed[:3])}{' …' if len(changed) > 3 else ''} changed since the "
                          "compiled build; running the pure Python (scripts/build compiles again)", RuntimeWarning,
                          stacklevel=3)
            pure = True
    if pure:
        if not any(isinstance(f, PureFinder) for f in sys.meta_path):
            sys.meta_path.insert(0, PureFinder())
        return False
    return any(name.startswith(PROBE + ".") and name.endswith(_EXT) for name in os.listdir(package_dir))
