"""A successful answer as JSON: the encoder and the 200 response (below the routes and the probes, which both write
answers)."""
from __future__ import annotations

import importlib
import json
from types import ModuleType

from flask import Response

from referee import i18n


def _orjson() -> ModuleType | None:
    """orjson, which encodes answers several times faster than json.dumps (None in an environment set up before it
    was a dependency)."""
    try:
        return importlib.import_module("orjson")
    except ImportError:         # pragma: no cover
        return None


orjson = _orjson()


def dumps(body: dict) -> bytes | str:
    """The answer as JSON in UTF-8, keys in their order: orjson's compact form when it can write the value (every
    answer the referee gives), Python's otherwise (the same text but for the spaces after ``,`` and ``:``)."""
    if orjson is not None:
        try:
            encoded: bytes = orjson.dumps(body)
            return encoded
        except TypeError:   # orjson's JSONEncodeError: a key that is not a string, an integer past 64 bits
            pass
    return json.dumps(body, ensure_ascii=False)


def ok(body: dict) -> Response:
    """The answer ``body`` with status 200, in the language of the request."""
    return Response(dumps(body), status=200, mimetype="application/json",
                    headers={"Content-Language": i18n.current(), "Vary": "Accept-Language"})
