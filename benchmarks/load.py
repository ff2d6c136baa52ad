"""Load on loopback: the service started the way the README does, driven by wrk, against a bare Flask
endpoint under the same gunicorn configuration.

    .venv/bin/python benchmarks/load.py [--duration 60] [--connections 64] [--proxied] [--root DIR]

Needs wrk (Debian package `wrk`; installed with apt-get when missing and running as root).  Reports, for
a mix of real requests of every game and for /score alone: requests per second, p50 and p99 latency,
errors (non-2xx and socket errors), worker restarts and worker memory (RSS) before and after; then the
same for the bare endpoint (benchmarks/bare_app.py: it parses the same body with json.loads and logs each request
as Referee does) and the ratio of /score to it.  Both log as shipped.  With ``--proxied`` the service runs behind nginx
(``scripts/serve-proxied``) for the mix and /score; the bare endpoint is not run.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def bodies() -> list[tuple[str, dict]]:
    from tests.thousand_helpers import PLAYERS, README_TRICKS, readme_log

    def ex(name):
        b = json.loads((ROOT / "examples" / name).read_text())
        b.pop("game")
        return b
    t_score = {"players": PLAYERS, "dealer": "Vera", "deal": {"declarer": "Anna", "contract": 100,
               "tricks": README_TRICKS, "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}}
    return [("/v1/games/thousand/score", t_score), ("/v1/games/thousand/check", ex("thousand/check-revoke.json")),
            ("/v1/games/thousand/validate", {"players": PLAYERS, "log": readme_log()}),
            ("/v1/games/pinochle/score", ex("pinochle/two-handed-score.json")),
            ("/v1/games/pinochle/validate", ex("pinochle/two-handed-game.json")),
            ("/v1/games/canasta/score", ex("canasta/score-four-player.json")),
            ("/v1/games/canasta/check", ex("canasta/check-frozen-pile.json")),
            ("/v1/games/canasta/validate", ex("canasta/validate-concealed.json"))]


def workers(started: int) -> dict[int, int]:
    """gunicorn's worker pid → RSS in kB; ``started`` is gunicorn's master or the script that started it."""
    rows = subprocess.run(["ps", "-e", "-o", "pid=,ppid=,rss=,args="], capture_output=True, text=True).stdout
    procs = [ln.split(None, 3) for ln in rows.strip().splitlines()]
    if not any(int(p) == started and "gunicorn" in a for p, _, _, a in procs):
        started = next((int(p) for p, pp, _, a in procs if int(pp) == started and "gunicorn" in a), started)
    return {int(p): int(r) for p, pp, r, a in procs if int(pp) == started}


def start(cmd, env, url, cwd=ROOT):
    proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.2)
    else:
        raise SystemExit("the server did not start")
    time.sleep(1)
    for _ in range(50):  # gunicorn's master is the exec'd process; wait until its workers are up
        if workers(proc.pid):
            break
        time.sleep(0.2)
    return proc


def stop(proc):
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=30)


def wrk(url, path_file, duration, connections):
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--latency", "-s",
                          str(ROOT / "benchmarks" / "load_mix.lua"), url, "--", path_file],
                         capture_output=True, text=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    lat = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", out, re.M))
    non2xx = int((re.search(r"Non-2xx or 3xx responses: (\d+)", out) or [0, 0])[1])
    kinds = {k: int(v) for k, v in re.findall(r"(connect|read|write|timeout) (\d+)", out)}
    detail = ", ".join(f"{k} {v}" for k, v in [("non-2xx", non2xx), *kinds.items()] if v)
    return {"rps": rps, "p50": lat.get("50"), "p99": lat.get("99"), "errors": non2xx + sum(kinds.values()),
            "detail": detail}


def run(label, cmd, env, url, reqs, args, tmp, cwd=ROOT):
    f = tmp / (re.sub(r"\W+", "_", label) + ".txt")
    f.write_text("".join(f"{p} {json.dumps(b)}\n" for p, b in reqs))
    proc = start(cmd, env, url, cwd)
    before = workers(proc.pid)
    res = wrk(url, f, args.duration, args.connections)
    after = workers(proc.pid)
    stop(proc)
    res["restarts"] = len(set(after) - set(before))
    res["rss_before_mb"] = round(max(before.values()) / 1024, 1)
    res["rss_after_mb"] = round(max(after.values()) / 1024, 1)
    print(f"{label:<22} {res['rps']:>9.0f} {res['p50']:>8} {res['p99']:>8} {res['errors']:>6} {res['restarts']:>8} "
          f"{res['rss_before_mb']:>7} {res['rss_after_mb']:>7}" + (f"  ({res['detail']})" if res["detail"] else ""))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--duration", type=int, default=60)
    ap.add_argument("--connections", type=int, default=64)
    ap.add_argument("--proxied", action="store_true", help="run scripts/serve-proxied: nginx in front")
    ap.add_argument("--root", type=pathlib.Path, default=ROOT,
                    help="run the service of another checkout (an older commit unpacked with git archive) under "
                         "this checkout's gunicorn, as scripts/serve would")
    args = ap.parse_args()
    if not shutil.which("wrk"):
        if os.geteuid() == 0:
            subprocess.run(["apt-get", "install", "-y", "-qq", "wrk"], check=True)
        else:
            raise SystemExit("install wrk (Debian package wrk)")
    reqs = bodies()
    port = 8870
    url = f"http://127.0.0.1:{port}"
    # both sides log as shipped (INFO: one JSON line per request; the servers' stderr goes to /dev/null)
    env = dict(os.environ, REFEREE_BIND=f"127.0.0.1:{port}", REFEREE_UPSTREAM=f"127.0.0.1:{port + 1}")
    env.pop("REFEREE_LOG_LEVEL", None)
    from wsgi import app
    size = len(app.test_client().post(reqs[0][0], json=reqs[0][1]).get_data())
    (ROOT / "benchmarks" / "score_answer_size.txt").write_text(str(size))
    print(f"{'run':<22} {'req/s':>9} {'p50':>8} {'p99':>8} {'errors':>6} {'restarts':>8} {'MB bef':>7} {'MB aft':>7}")
    with tempfile.TemporaryDirectory() as d:
        tmp = pathlib.Path(d)
        serve = [str(ROOT / "scripts" / ("serve-proxied" if args.proxied else "serve"))]
        if args.root != ROOT:
            serve = [str(ROOT / ".venv" / "bin" / "gunicorn"), "--config", "gunicorn_conf.py", "wsgi:app"]
            env["PYTHONPATH"] = str(args.root)
        run("mix (every game)", serve, env, url, reqs, args, tmp, args.root)
        score = run("thousand /score", serve, env, url, reqs[:1], args, tmp, args.root)
        if args.proxied:
            return
        bare_cmd = [str(ROOT / ".venv" / "bin" / "gunicorn"), "--config", "gunicorn_conf.py",
                    "--chdir", str(ROOT / "benchmarks"), "bare_app:app"]
        bare = run("bare Flask endpoint", bare_cmd, env, url, reqs[:1], args, tmp)
    print(f"/score / bare = {score['rps'] / bare['rps']:.2f} (answer body {size} bytes)")


if __name__ == "__main__":
    main()
