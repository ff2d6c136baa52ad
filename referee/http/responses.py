"""A successful answer as JSON: the encoder and the 200 response (below the routes and the probes, which both write
answers)."""
from __future__ import annotations

import importlib
import json
from types import ModuleType

from flask import Response
from werkzeug.datastructures import Headers

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
    return encoded(dumps(body))


# an answer's first headers, by language: what ``Response(..., mimetype="application/json", headers={...})`` made
# of them, in its order (Content-Length follows, from the body, where werkzeug's set_data puts it: last)
_HEADERS = {lang: (("Content-Language", lang), ("Vary", "Accept-Language"), ("Content-Type", "application/json"))
            for lang in i18n.LANGUAGES}


def encoded(data: bytes | str) -> Response:
    """The answer of status 200 whose JSON text ``dumps`` wrote, in the language of the request."""
    lang = i18n.current()
    prepared = _HEADERS.get(lang)
    if prepared is None:        # pragma: no cover  (the language is always one of LANGUAGES)
        prepared = (("Content-Language", lang), *_HEADERS[i18n.DEFAULT_LANGUAGE][1:])
    body = data.encode() if isinstance(data, str) else data
    return Answer(body, status=200, headers=prepared_headers((*prepared, ("Content-Length", str(len(body))))))


# werkzeug keeps a Headers' fields, in order, in its list ``_list``; where it does, the app's own fields are put there
# as they are (see prepared_headers)
_LIST_INSIDE = isinstance(getattr(Headers(), "_list", None), list)


def prepared_headers(fields: tuple[tuple[str, str], ...]) -> Headers:
    """Headers holding ``fields`` in their order, as ``Headers(fields)`` makes them, for fields the app itself
    wrote (names and values of letters, digits and punctuation, no line break), which werkzeug need not check one
    by one as it does for any field."""
    headers = Headers()
    if _LIST_INSIDE:
        headers._list = list(fields)
    else:                       # pragma: no cover  (a werkzeug that keeps its fields otherwise)
        headers.extend(fields)
    return headers


def append_prepared(headers: Headers, fields: tuple[tuple[str, str], ...]) -> None:
    """``headers.extend(fields)`` for fields the app itself wrote (see :func:`prepared_headers`)."""
    if _LIST_INSIDE and type(headers) is Headers:
        headers._list.extend(fields)
    else:                       # pragma: no cover
        headers.extend(fields)


class Answer(Response):
    """An answer of the API's own.  werkzeug copies a response's headers before sending them, to make a Location
    absolute, a Content-Location a URI or the Content-Length right for the status; an answer of status 200 with its
    Content-Length and neither of the others needs none of that, and its headers are sent as they are (the same
    list)."""

    def get_wsgi_headers(self, environ) -> Headers:
        headers = self.headers
        if self.status_code != 200:
            return super().get_wsgi_headers(environ)
        length = False
        for key, _value in headers:
            low = key.lower()
            if low == "content-length":
                length = True
            elif low == "location" or low == "content-location":
                return super().get_wsgi_headers(environ)
        return headers if length else super().get_wsgi_headers(environ)
