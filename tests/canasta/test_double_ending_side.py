"""The double ending (canasta/6.6) is laid by the partner of the player who went out: a side says it only with
going out, and only where the game plays it (traditional canasta does).  Told at the side's double_ending, for a
side by counts as for a side by cards.

Traditional canasta, four players.  EW holds 10 points in hand; NS, by counts, says double_ending.
"""
import pytest

from tests.canasta_helpers import S4

EW = {"id": "EW", "counts": {"meld_points": 0, "hand_points": 10}}
NS = {"id": "NS", "counts": {"natural_canastas": 1, "meld_points": 300, "hand_points": 0}, "double_ending": True}


def score(client, ns, lang="en"):
    body = {"variant": "traditional", "sides": S4, "deal": {"sides": [ns, EW]}}
    return client.post("/v1/games/canasta/score", json=body, headers={"Accept-Language": lang})


@pytest.mark.parametrize("lang,words", [
    ("en", "a double ending is the going-out side's, and only where the game plays it"),
    ("ru", "двойное окончание бывает только у вышедшей стороны и только там, где его играют")])
def test_a_double_ending_without_going_out_is_refused(client, lang, words):
    r = score(client, NS, lang)
    assert r.status_code == 422, r.get_data(as_text=True)
    assert r.get_json()["errors"] == [{"pointer": "/deal/sides/0/double_ending", "detail": words}]


def test_a_double_ending_with_going_out_is_scored(client):
    r = score(client, dict(NS, went_out=True))
    assert r.status_code == 200, r.get_data(as_text=True)
