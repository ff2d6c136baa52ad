"""What the CLI's process tests read of the process tree (Linux /proc): a process's children and whether a process
still runs; and the Thousand example logs they repeat into large inputs."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
THOUSAND_LINES = (ROOT / "examples" / "thousand" / "batch.jsonl").read_text(encoding="utf-8").splitlines()


def children(pid: int) -> list[int]:
    """The pids of ``pid``'s children, from every thread of it."""
    out = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        out += [int(x) for x in (task / "children").read_text().split()]
    return out


def alive(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"
