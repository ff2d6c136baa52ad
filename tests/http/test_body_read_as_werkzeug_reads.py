"""A POST body of a declared length, under a server that bounds the body by it (gunicorn's ``wsgi.input_terminated``),
is read by the route itself, without werkzeug's wrappers: the same reads, the same bytes and the same faults as
``request.get_data()``, whose reading (a ``LimitedStream`` of ``MAX_CONTENT_LENGTH``) is the oracle here."""
from __future__ import annotations

import io
import json

import pytest
from thousand_helpers import PLAYERS, README_TRICKS
from werkzeug.exceptions import ClientDisconnected
from werkzeug.wsgi import LimitedStream

from referee.http.routes import _declared_length, _read_declared
from referee.settings import MAX_BODY

SCORE = "/v1/games/thousand/score"
# a deal of the README, as benchmarks/load.py sends it: 3 players, 24 cards played in 8 tricks
BODY = {"players": PLAYERS, "dealer": "Vera",
        "deal": {"declarer": "Anna", "contract": 100, "tricks": README_TRICKS,
                 "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}}


class Recording:
    """A body stream that notes the size of every read and has no ``readinto``, like the server's body."""

    def __init__(self, data: bytes, fail: BaseException | None = None) -> None:
        self._data = io.BytesIO(data)
        self.sizes: list[int | None] = []
        self.fail = fail

    def read(self, size=None):
        self.sizes.append(size)
        if self.fail is not None:
            fail, self.fail = self.fail, None      # once, as a socket that timed out (the client reads on after)
            raise fail
        return self._data.read(size)


@pytest.mark.parametrize("size", [0, 1, 600, 64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, MAX_BODY - 1, MAX_BODY])
def test_the_same_bytes_in_reads_of_the_same_sizes(size):
    data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
    ours, theirs = Recording(data), Recording(data)
    assert _read_declared(ours) == LimitedStream(theirs, MAX_BODY, is_max=True).read() == data
    assert ours.sizes == theirs.sizes
    # 600 bytes: one read takes them all, the next comes back empty (64 KiB asked each time)
    if size == 600:
        assert ours.sizes == [64 * 1024, 64 * 1024]


@pytest.mark.parametrize("fault", [TimeoutError("read timeout"), ConnectionResetError(), OSError("cut short"),
                                   ValueError("closed")])
def test_a_failing_stream_is_a_client_gone_as_werkzeug_says(fault):
    with pytest.raises(ClientDisconnected):
        LimitedStream(Recording(b"{}", fault), MAX_BODY, is_max=True).read()
    with pytest.raises(ClientDisconnected):
        _read_declared(Recording(b"{}", fault))


@pytest.mark.parametrize(("environ", "expected"), [
    ({"wsgi.input_terminated": True, "CONTENT_LENGTH": "600"}, 600),
    ({"wsgi.input_terminated": True, "CONTENT_LENGTH": "0"}, 0),
    ({"wsgi.input_terminated": True, "CONTENT_LENGTH": str(MAX_BODY)}, MAX_BODY),       # the limit: read here
    ({"wsgi.input_terminated": True, "CONTENT_LENGTH": str(MAX_BODY + 1)}, None),       # one over: werkzeug's 413
    ({"CONTENT_LENGTH": "600"}, None),                                   # a server that does not bound the body
    ({"wsgi.input_terminated": True}, None),                             # no length
    ({"wsgi.input_terminated": True, "CONTENT_LENGTH": ""}, None),
    ({"wsgi.input_terminated": True, "CONTENT_LENGTH": "+600"}, None),
    ({"wsgi.input_terminated": True, "CONTENT_LENGTH": "６００"}, None),  # digits, but not ASCII ones
    ({"wsgi.input_terminated": True, "CONTENT_LENGTH": "600", "HTTP_TRANSFER_ENCODING": "chunked"}, None),
])
def test_which_bodies_are_read_so(environ, expected):
    assert _declared_length(environ) == expected


def _answer(client, data: bytes, terminated: bool, **environ):
    overrides = {"wsgi.input_terminated": True} if terminated else {}
    r = client.post(SCORE, data=data, content_type="application/json",
                    headers={"X-Request-Id": "same-id"}, environ_overrides={**overrides, **environ})
    return r.status, r.headers.to_wsgi_list(), r.get_data()


@pytest.mark.parametrize("data", [json.dumps(BODY).encode(), b"", b"{", b'{"a": 1, "a": 2}', b"\xff", b"[]",
                                  b"{" + b" " * (MAX_BODY - 2) + b"}"])
def test_the_same_answer_read_either_way(client, data):
    assert _answer(client, data, terminated=True) == _answer(client, data, terminated=False)


def test_a_scored_deal_read_by_the_route(client):
    status, _headers, body = _answer(client, json.dumps(BODY).encode(), terminated=True)
    assert status == "200 OK"
    assert json.loads(body)["game"] == "thousand"


def test_a_body_cut_short_is_the_same_timeout_either_way(client):
    data = json.dumps(BODY).encode()
    stream = Recording(data, TimeoutError("the request body did not arrive within the read timeout"))
    status, _h, body = _answer(client, data, terminated=True, **{"wsgi.input": stream})
    assert status.startswith("408")
    assert json.loads(body)["type"].endswith("request-timeout")
