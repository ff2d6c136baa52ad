"""A side given by counts gives the card points of its melds and of the cards left in its hands (canasta/1.4),
both, 0 when there are none: a count without one of them is refused at the missing key, in English and Russian.

Classic canasta, four players: NS counts one natural canasta and went out, the partner left with a 5; EW never
melded, each of its players holding a 5 (10 points in hand).
"""
import pytest

from tests.canasta_helpers import S4

WORDS = {"en": "give the card points of the side's melds and of the cards left in its hands, 0 when there are none",
         "ru": "укажите очки карт в выкладках стороны и карт, оставшихся у неё на руках (0, если их нет)"}
NS = {"id": "NS", "counts": {"natural_canastas": 1, "meld_points": 100, "hand_points": 5}, "went_out": True}


def post(client, ew_counts, lang="en"):
    body = {"sides": S4, "deal": {"sides": [NS, {"id": "EW", "counts": ew_counts}]}}
    return client.post("/v1/games/canasta/score", json=body, headers={"Accept-Language": lang})


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("missing", ["meld_points", "hand_points"])
def test_a_count_without_its_card_points_is_refused_at_the_missing_key(client, lang, missing):
    counts = {"meld_points": 0, "hand_points": 10}
    del counts[missing]
    r = post(client, counts, lang)
    assert r.status_code == 422, r.get_data(as_text=True)
    assert r.get_json()["errors"] == [{"pointer": f"/deal/sides/1/counts/{missing}", "detail": WORDS[lang]}]


def test_a_count_with_both_card_points_is_scored(client):
    # EW: nothing melded, 10 in hand: -10
    r = post(client, {"meld_points": 0, "hand_points": 10})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.get_json()["sides"][1]["hand_score"] == -10
