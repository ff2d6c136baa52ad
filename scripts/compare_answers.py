"""Show that a change of the code changed no answer: replay a corpus of requests through the app in process and
write every answer, then compare two such runs.

    REFEREE_RECORD_REQUESTS=/tmp/corpus.jsonl .venv/bin/python -m pytest -q tests   # the suite's requests
    .venv/bin/python scripts/compare_answers.py answers /tmp/corpus.jsonl /tmp/before.jsonl --mutants 3
    (change the code, or check out another commit)
    .venv/bin/python scripts/compare_answers.py answers /tmp/corpus.jsonl /tmp/after.jsonl --mutants 3
    .venv/bin/python scripts/compare_answers.py diff /tmp/before.jsonl /tmp/after.jsonl

``--mutants N`` adds N variants of every JSON body (a key dropped, a value replaced by another of the body's values,
a list cut short), seeded by the body itself, so both runs replay the same thousands of mostly faulty bodies.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _paths(value, at=()):
    yield at, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*at, i))


def _mutants(body: dict, n: int) -> list:
    rng = random.Random(hashlib.sha256(json.dumps(body, sort_keys=True).encode()).digest())
    spots = [(p, v) for p, v in _paths(body) if p]
    leaves = [v for _p, v in spots if not isinstance(v, (dict, list))]
    out = []
    for _ in range(n):
        if not spots:
            break
        copy = json.loads(json.dumps(body))
        path, value = rng.choice(spots)
        parent = copy
        for k in path[:-1]:
            parent = parent[k]
        how = rng.randrange(3)
        if how == 0 and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == 1 and leaves:
            parent[path[-1]] = rng.choice(leaves)
        elif isinstance(value, list) and value:
            parent[path[-1]] = value[: rng.randrange(len(value))]
        else:
            parent[path[-1]] = None
        out.append(copy)
    return out


def answers(corpus: Path, out: Path, mutants: int) -> None:
    sys.path.insert(0, str(ROOT))
    from wsgi import create_app
    client = create_app().test_client()
    seen: set[str] = set()
    with open(corpus, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as w:
        for line in f:
            req = json.loads(line)
            if req["path"].startswith("/metrics"):      # counts of the process itself
                continue
            bodies = [req["body"]]
            if mutants and req["method"] == "POST":
                try:
                    parsed = json.loads(req["body"])
                except (ValueError, RecursionError):     # a hostile body from the suite: replayed as it is
                    parsed = None
                if isinstance(parsed, dict):
                    bodies += [json.dumps(m, ensure_ascii=False) for m in _mutants(parsed, mutants)]
            for body in bodies:
                key = json.dumps([req["method"], req["path"], req["lang"], req["type"], body], ensure_ascii=False)
                if key in seen:
                    continue
                seen.add(key)
                headers = {"Accept-Language": req["lang"]} if req["lang"] else {}
                r = client.open(req["path"], method=req["method"], data=body.encode("utf-8", "surrogatepass"),
                                headers=headers,
                                content_type=req["type"])
                w.write(json.dumps({"request": key, "status": r.status_code,
                                    "answer": r.get_data(as_text=True)}) + "\n")
    print(f"{len(seen)} requests answered into {out}")


def diff(a: Path, b: Path) -> int:
    def load(p):
        with open(p, encoding="utf-8") as f:
            return {x["request"]: (x["status"], x["answer"]) for x in map(json.loads, f)}
    before, after = load(a), load(b)
    changed = [k for k in before if k in after and before[k] != after[k]]
    for k in changed[:50]:
        print("request:", k[:300])
        print("  before:", before[k][0], before[k][1][:400])
        print("  after: ", after[k][0], after[k][1][:400])
    print(f"{len(before)} before, {len(after)} after, {len(changed)} answers differ, "
          f"{len(set(before) ^ set(after))} requests in only one run")
    return 1 if changed else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("answers")
    a.add_argument("corpus", type=Path)
    a.add_argument("out", type=Path)
    a.add_argument("--mutants", type=int, default=0)
    d = sub.add_parser("diff")
    d.add_argument("before", type=Path)
    d.add_argument("after", type=Path)
    args = ap.parse_args()
    if args.cmd == "answers":
        answers(args.corpus, args.out, args.mutants)
        return 0
    return diff(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
