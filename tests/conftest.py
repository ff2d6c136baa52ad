"""Shared fixtures.

``client`` is Flask's test client wrapped so that every answer the suite receives is validated
against ``openapi.yaml``, and every request the app accepted (200) is validated against it too, which
keeps the spec true to the app in both directions.
"""
from __future__ import annotations

import json
import os
import pathlib

import pytest
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from werkzeug.test import EnvironBuilder

from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parent.parent
SPEC = OpenAPI.from_file_path(
    str(ROOT / "openapi.yaml"),
    config=Config(extra_media_type_deserializers={"application/problem+json": json.loads}))
_app = create_app()
SEEN: list[tuple[str, str, int]] = []  # (method, path, status) of every answer, for coverage checks
# REFEREE_RECORD_REQUESTS=FILE: every request the suite sends through ``client`` is appended to FILE (JSON lines), the
# corpus that scripts/compare_answers.py replays against two commits to show that a refactoring changed no answer
RECORD = os.environ.get("REFEREE_RECORD_REQUESTS")


class SpecCheckedClient:
    def __init__(self, app):
        self._c = app.test_client()

    def _send(self, method, path, **kw):
        resp = self._c.open(path, method=method, **kw)
        SEEN.append((method, path.split("?")[0], resp.status_code))
        # the app reads the body once, without caching it: rebuild the request for the validator
        req = EnvironBuilder(path=path, method=method, **kw).get_request()
        if RECORD:
            with open(RECORD, "a", encoding="utf-8") as f:
                f.write(json.dumps({"method": method, "path": path, "lang": req.headers.get("Accept-Language"),
                                    "type": req.headers.get("Content-Type"),
                                    "body": req.get_data(as_text=True)}, ensure_ascii=False) + "\n")
        oreq = WerkzeugOpenAPIRequest(req)
        try:
            SPEC.validate_response(oreq, WerkzeugOpenAPIResponse(resp))
        except (PathNotFound, OperationNotFound):
            # only routes the app does not have may be missing from the spec
            assert resp.status_code in (404, 405), (method, path, resp.status_code)
            return resp
        if resp.status_code == 200 and method == "POST":
            SPEC.validate_request(oreq)
        return resp

    def get(self, path, **kw):
        return self._send("GET", path, **kw)

    def post(self, path, **kw):
        return self._send("POST", path, **kw)

    def raw(self):
        return self._c


@pytest.fixture(scope="session")
def client():
    return SpecCheckedClient(_app)


@pytest.fixture(scope="session")
def api(client):
    """``api(endpoint, body, status=200)`` posts a Thousand request and returns the JSON answer."""
    def call(endpoint, body, status=200, game="thousand"):
        r = client.post(f"/v1/games/{game}/{endpoint}", json=body)
        assert r.status_code == status, r.get_data(as_text=True)
        return r.get_json()
    return call
