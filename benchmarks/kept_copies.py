"""Start-up: the rulebooks and the Russian catalog read afresh against read from their kept copies (referee/kept.py),
side by side in one process, CPU time, medians.

    .venv/bin/python benchmarks/kept_copies.py [--rounds 5]

Read afresh: the three rulebooks' YAML parsed, the catalog's .po parsed and compiled (as with
PYTHONDONTWRITEBYTECODE, where no copy is kept).  From the copies: the JSON and the .mo a first run keeps under
PYTHONPYCACHEPREFIX (here a temporary folder), each checked against the SHA-256 of its file.
"""
import argparse
import pathlib
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import i18n, rulebook  # noqa: E402

BOOKS = [ROOT / "referee" / g / "rules.yaml" for g in ("thousand", "pinochle", "canasta")]
PREFIX = tempfile.mkdtemp(prefix="referee-kept-")


def _writing(on: bool) -> None:
    sys.pycache_prefix = PREFIX if on else None
    sys.dont_write_bytecode = not on


def books(kept: bool) -> None:
    _writing(kept)
    for path in BOOKS:
        rulebook.read_rulebook_data(path)


def catalog(kept: bool) -> None:
    _writing(kept)
    i18n.translations.cache_clear()
    i18n.translations("ru")


def cpu_ms(fn, *args, n: int = 3) -> float:
    times = []
    for _ in range(n):
        start = time.process_time()
        fn(*args)
        times.append(time.process_time() - start)
    return statistics.median(times) * 1e3


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    rounds = ap.parse_args().rounds
    books(True)             # the copies made once, as a first run makes them
    catalog(True)
    print(f"{'what':<12} {'afresh ms':>10} {'kept ms':>8} {'afresh ÷ kept':>14}  (CPU, medians of {rounds} rounds)")
    for name, fn in (("rulebooks", books), ("ru catalog", catalog)):
        afresh, kept = [], []
        for _ in range(rounds):          # alternating, so that a busy machine weighs on both alike
            afresh.append(cpu_ms(fn, False))
            kept.append(cpu_ms(fn, True))
        a, k = statistics.median(afresh), statistics.median(kept)
        print(f"{name:<12} {a:>10.1f} {k:>8.1f} {a / k:>14.1f}")


if __name__ == "__main__":
    main()
