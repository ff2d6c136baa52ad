"""What a body may be before it is judged: one byte order mark, read alike over HTTP and by the CLI in both
languages; at most one array or object per 8 bytes of the body limit."""
import json

import pytest
from thousand_helpers import points_deal, score_body

from referee import cli, i18n, jsonio

GOOD = json.dumps(score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11},
                                         {"Anna": 6, "Boris": 1, "Vera": 1}, [("Anna", "H")])))


def _post(client, raw: bytes, lang: str = "en"):
    return client.post("/v1/games/thousand/score", data=raw,
                       headers={"Content-Type": "application/json", "Accept-Language": lang})


def test_one_byte_order_mark_is_ignored_over_http_and_by_the_cli(client):
    # over HTTP it was a 400 with the decoder's English words in the Russian answer, while the CLI took it
    plain = _post(client, GOOD.encode())
    marked = _post(client, b"\xef\xbb\xbf" + GOOD.encode())
    assert plain.status_code == marked.status_code == 200 and plain.get_json() == marked.get_json()
    assert cli.judge_text(b"\xef\xbb\xbf" + GOOD.encode(), "score", "thousand")["status"] == \
        cli.judge_text(GOOD.encode(), "score", "thousand")["status"]


@pytest.mark.parametrize("lang,detail", [("en", "the body starts with more than one byte order mark"),
                                         ("ru", "тело начинается больше чем с одной метки порядка байтов (BOM)")])
def test_two_byte_order_marks_are_a_fault_in_either_language(client, lang, detail):
    r = _post(client, b"\xef\xbb\xbf" * 2 + GOOD.encode(), lang)
    assert r.status_code == 400 and r.get_json()["detail"] == detail
    with i18n.language(lang):
        out = cli.judge_text(b"\xef\xbb\xbf" * 2 + GOOD.encode(), "score", "thousand")
    assert out["status"] == "unreadable" and out["error"]["detail"] == detail


@pytest.mark.parametrize("extra,status", [(0, 422), (1, 400)])
def test_arrays_and_objects_are_limited_per_byte_of_the_body_limit(client, extra, status):
    # 32,768 at the default 256 KiB: the body's own object and the players' list, then empty lists as the log
    assert jsonio.MAX_CONTAINERS == 32768
    lists = jsonio.MAX_CONTAINERS - 3 + extra        # the body, players, log
    raw = ('{"players": ["Anna", "Boris", "Vera"], "log": [' + ",".join(["[]"] * lists) + "]}").encode()
    assert raw.count(b"[") + raw.count(b"{") == jsonio.MAX_CONTAINERS + extra and len(raw) < 256 * 1024
    r = client.post("/v1/games/thousand/validate", data=raw, headers={"Content-Type": "application/json"})
    assert r.status_code == status
    if status == 400:
        doc = r.get_json()
        assert doc["type"].endswith("/too-many-values") and doc["title"] == "JSON too complex"
        assert doc["detail"] == "the body holds more than 32768 arrays and objects"
