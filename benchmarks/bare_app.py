"""A bare Flask endpoint for comparison: POST /v1/games/<game>/score answers a fixed JSON body of the size
of a real Thousand score answer, with no parsing or rules (benchmarks/load.py runs it under gunicorn)."""
import json
import pathlib

from flask import Flask, Response

BODY = json.dumps({"pad": "x" * int((pathlib.Path(__file__).with_name("score_answer_size.txt").read_text()
                                     if pathlib.Path(__file__).with_name("score_answer_size.txt").exists()
                                     else "6000"))})
app = Flask("bare")


@app.post("/v1/games/<game>/score")
def score(game):
    return Response(BODY, mimetype="application/json")


@app.get("/healthz")
def healthz():
    return Response('{"status": "ok"}', mimetype="application/json")
