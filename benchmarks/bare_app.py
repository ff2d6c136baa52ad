"""A bare Flask endpoint for comparison (benchmarks/load.py and benchmarks/ratios.py run it under the same gunicorn
configuration as Referee): POST /v1/games/<game>/score reads the body and parses it with ``json.loads``, as any
JSON endpoint must, logs one JSON line per request as Referee ships (python-json-logger on stderr, level
REFEREE_LOG_LEVEL, INFO by default), and answers a fixed JSON body of the size of a real Thousand score answer.
It judges nothing: what Referee costs beyond it is schema, engine, citations and its own checks."""
import json
import logging
import os
import pathlib
import time

from flask import Flask, Response, request
from pythonjsonlogger.json import JsonFormatter

_SIZE = pathlib.Path(__file__).with_name("score_answer_size.txt")
BODY = json.dumps({"pad": "x" * int(_SIZE.read_text() if _SIZE.exists() else "6000")})
app = Flask("bare")
log = logging.getLogger("bare")
_handler = logging.StreamHandler()
_handler.setFormatter(JsonFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
log.addHandler(_handler)
log.setLevel(os.environ.get("REFEREE_LOG_LEVEL", "INFO"))
log.propagate = False


@app.post("/v1/games/<game>/score")
def score(game):
    started = time.perf_counter()
    body = json.loads(request.get_data(cache=False))
    resp = Response(BODY, mimetype="application/json")
    log.info("request", extra={"request_id": "-", "method": request.method, "path": request.path,
                               "status": resp.status_code, "keys": len(body),
                               "ms": round((time.perf_counter() - started) * 1000, 2)})
    return resp


@app.get("/healthz")
def healthz():
    return Response('{"status": "ok"}', mimetype="application/json")
