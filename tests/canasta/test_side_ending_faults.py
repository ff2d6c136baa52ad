"""How a side's deal ended (went_out, concealed, double_ending) is read and checked in one place for a side given by
its cards and for a side given by counts: only going out can be concealed (canasta/6.4), and that is told before
anything the side's counts say, as it is before its cards are looked at for going out.

Popular Russian canasta (four players, two sides of two). NS, by counts, says it went out concealed without going
out; its meld_points, 101, are no multiple of 5 either: the ending is told first (until this check had one home,
the counts were read first and the 101 was told).
"""
import pytest

from tests.canasta_helpers import S4

EW = {"id": "EW", "counts": {"meld_points": 0, "hand_points": 10}}


def refused(client, ns, lang="en"):
    body = {"variant": "russian-popular", "sides": S4, "deal": {"sides": [ns, EW]}}
    r = client.post("/v1/games/canasta/score", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_data(as_text=True)
    return r.get_json()["errors"]


@pytest.mark.parametrize("lang,words", [("en", "only going out can be concealed"),
                                        ("ru", "скрытым бывает только выход")])
def test_a_side_by_counts_concealed_without_going_out_is_told_before_its_counts(client, lang, words):
    ns = {"id": "NS", "counts": {"natural_canastas": 1, "meld_points": 101, "hand_points": 5}, "concealed": True}
    assert refused(client, ns, lang) == [{"pointer": "/deal/sides/0/concealed", "detail": words}]


def test_a_side_by_counts_that_went_out_concealed_has_its_counts_read(client):
    # went_out with concealed: the ending holds, so the counts are read and the 101 is told (one step past 100)
    ns = {"id": "NS", "counts": {"natural_canastas": 1, "meld_points": 101, "hand_points": 0}, "concealed": True,
          "went_out": True}
    assert refused(client, ns) == [{"pointer": "/deal/sides/0/counts/meld_points",
                                    "detail": "every card is worth a multiple of 5 points, so 101 cannot be a count "
                                              "of cards"}]
