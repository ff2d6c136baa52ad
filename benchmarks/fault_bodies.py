"""What a body packed with faults costs against a valid one-deal request (issue 20).

    .venv/bin/python benchmarks/fault_bodies.py [--repeat 20] [--root DIR]

For each game, through the WSGI app in process (the whole request: JSON reading, schema, engine, answer), it
times a valid one-deal /validate request and bodies of about 250 KB (under the 256 KiB limit) packed with faults:
a log of 5,000 events with 8 unknown keys each (the probe's), one event with 21,000 unknown keys, and 21,000
unknown keys beside the log.  It reports the CPU time of each (the median of ``--repeat`` runs), the memory a
faulty one allocates at its peak (tracemalloc), and its ratio to the valid request.  Target: the faulty body costs at most 20x the
valid one.  ``--root`` measures the app of another checkout (an older commit unpacked with ``git archive``).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import sys
import time
import tracemalloc

HERE = pathlib.Path(__file__).resolve().parent.parent
TARGET = 20


def valid_bodies() -> dict[str, dict]:
    from tests.thousand_helpers import PLAYERS, readme_log

    def example(name):
        body = json.loads((HERE / "examples" / name).read_text())
        body.pop("game")
        return body
    return {"thousand": {"players": PLAYERS, "log": readme_log()},
            "pinochle": example("pinochle/two-handed-game.json"),
            "canasta": example("canasta/validate-concealed.json")}


def faulty(valid: dict) -> dict[str, bytes]:
    """The valid body's seats with logs or keys packed with faults, each under the body limit."""
    seats = {k: v for k, v in valid.items() if k in ("players", "sides", "variant")}
    many = {f"k{i}": 0 for i in range(21000)}
    out = {"5,000 events x 8 keys": {**seats, "log": [dict.fromkeys("abcdefgh", 0)] * 5000},
           "1 event x 21,000 keys": {**seats, "log": [many]},
           "21,000 keys beside": {**seats, "log": valid["log"], **many}}
    out = {name: json.dumps(body, separators=(",", ":")).encode() for name, body in out.items()}
    assert all(200 * 1024 < len(raw) < 256 * 1024 for raw in out.values()), {k: len(v) for k, v in out.items()}
    return out


def cpu(client, game: str, raw: bytes, repeat: int) -> tuple[float, int]:
    """The median CPU seconds of one request, and its status."""
    path = f"/v1/games/{game}/validate"
    headers = {"Content-Type": "application/json"}
    status = client.post(path, data=raw, headers=headers).status_code      # warm up
    runs = []
    for _ in range(repeat):
        t = time.process_time()
        client.post(path, data=raw, headers=headers)
        runs.append(time.process_time() - t)
    return statistics.median(runs), status


def peak(client, game: str, raw: bytes) -> int:
    tracemalloc.start()
    client.post(f"/v1/games/{game}/validate", data=raw, headers={"Content-Type": "application/json"})
    top = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return top


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--root", type=pathlib.Path, default=HERE)
    args = ap.parse_args()
    os.environ["REFEREE_LOG_LEVEL"] = "WARNING"
    sys.path.insert(0, str(args.root))
    sys.path.insert(1, str(HERE))
    from wsgi import create_app

    client = create_app().test_client()
    print(f"{'game':<9} {'valid 1 deal':>13}  {'body of faults':<22} {'CPU':>10} {'peak memory':>12} {'ratio':>7}")
    worst = 0.0
    for game, body in valid_bodies().items():
        good, status = cpu(client, game, json.dumps(body).encode(), args.repeat)
        assert status == 200, (game, status)
        for name, bad_raw in faulty(body).items():
            bad, status = cpu(client, game, bad_raw, max(3, args.repeat // 4))
            assert status == 422, (game, name, status)
            ratio = bad / good
            worst = max(worst, ratio)
            print(f"{game:<9} {good * 1000:>10.2f} ms  {name:<22} {bad * 1000:>7.2f} ms "
                  f"{peak(client, game, bad_raw) / 1e6:>9.1f} MB {ratio:>6.1f}x")
    print(f"worst ratio {worst:.1f}x (target at most {TARGET}x): {'met' if worst <= TARGET else 'MISSED'}")


if __name__ == "__main__":
    main()
