"""Copies derived from the package's data files, kept like Python's bytecode.

The rulebooks (YAML) and the catalogs of translations (``.po``) are read at start-up in a form that is slow to parse
(about 45 ms for the three rulebooks, 50 ms for the Russian catalog).  :func:`read_through` keeps what is derived from
such a file (the rulebook as JSON, the catalog compiled to ``.mo``) where Python keeps the file's module bytecode:
``__pycache__/<name><suffix>`` beside it, or under ``sys.pycache_prefix`` (``PYTHONPYCACHEPREFIX``).  A copy starts
with the SHA-256 of the bytes it was made from and is used only while they match, so an edited file is read afresh.
No copy is written where Python would write no bytecode (``sys.dont_write_bytecode``) or cannot write (a read-only
install); the file is then derived each time, with the same result.
"""
from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from pathlib import Path

_DIGEST = 64            # a copy's first line: the SHA-256 (hex) of the file it was made from


def copy_path(path: Path, suffix: str) -> Path:
    """Where the copy of ``path`` with ``suffix`` is kept (``rules.yaml`` → ``__pycache__/rules.yaml.json``)."""
    folder = path.resolve().parent
    if sys.pycache_prefix:
        return Path(sys.pycache_prefix + str(folder)) / (path.name + suffix)
    return folder / "__pycache__" / (path.name + suffix)


def read_through(path: Path, suffix: str, derive: Callable[[bytes], bytes | None]) -> tuple[bytes, bytes | None]:
    """``(raw, derived)``: the bytes of file ``path`` and what ``derive`` makes of them, read from the kept copy when
    it was made from the same bytes; otherwise derived now and kept.  ``derive`` returns None for bytes it cannot
    make a faithful copy of; then nothing is kept and ``derived`` is None."""
    raw = path.read_bytes()
    digest = hashlib.sha256(raw).hexdigest().encode("ascii")
    copy = copy_path(path, suffix)
    try:
        kept = copy.read_bytes()
    except OSError:
        kept = b""
    if kept[:_DIGEST] == digest and kept[_DIGEST:_DIGEST + 1] == b"\n":
        return raw, kept[_DIGEST + 1:]
    made = derive(raw)
    if made is not None and not sys.dont_write_bytecode:
        try:
            copy.parent.mkdir(parents=True, exist_ok=True)
            partial = copy.with_name(f"{copy.name}.{os.getpid()}.tmp")
            partial.write_bytes(digest + b"\n" + made)
            os.replace(partial, copy)       # whole or not at all, as two processes may write it at once
        except OSError:
            pass
    return raw, made
