"""Workers SIGKILLed under load behind nginx (scripts/serve-proxied, two instances of one worker): 12 clients post
Thousand /score for about 9 s while a worker is killed every 0.8 s, ten times, alternating instances; prints the
answers and the errors the clients saw (a reset, a cut answer, a 5xx).

    .venv/bin/python benchmarks/kill_stress.py
"""
import json
import os
import signal
import sys
import time

sys.path.insert(0, "tests")
sys.path.insert(0, ".")
import importlib.util

spec = importlib.util.spec_from_file_location("tp", "tests/test_proxy.py")
tp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tp)
with tp.serve_proxied(**tp.GENEROUS) as (port, proc, _log):
    with tp.Load(port, n=12) as load:
        time.sleep(1)
        for i in range(10):
            masters = tp._gunicorn_masters(proc.pid)
            kids = tp._children(masters[i % 2])
            if kids:
                os.kill(kids[0], signal.SIGKILL)
            time.sleep(0.8)
    print(json.dumps({"ok": load.ok, "errors": len(load.errors), "kinds": sorted({e[:40] for e in load.errors})}))
