"""docs/library.md is real: its Python examples run, in order, in one namespace, from the repository's folder, and
their assertions hold."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_library_guide_examples_run(monkeypatch):
    blocks = re.findall(r"^```python\n(.*?)^```", (ROOT / "docs" / "library.md").read_text(encoding="utf-8"), re.S | re.M)
    assert len(blocks) >= 4
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "docs/library.md", "exec"), namespace)
    assert namespace["results"][-1] == (8, "malformed-json")
