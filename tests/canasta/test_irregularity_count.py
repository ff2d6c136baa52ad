"""An irregularity reported with a finished deal carries a count only when it is excess wild cards (50 each,
canasta/8.2): the other irregularities cost their points once, so a count beside them is refused at it.

Popular Russian canasta by counts: NS a natural canasta, 100 in melds, 10 in hand; EW 10 in hand.  NS reports an
illegal meld (100, canasta/8.2): with no count it costs 100; with a count it is refused.  Two excess wild cards cost
2 x 50.  A permission breach (100, canasta/8.5) needs a partner to ask: refused in the two-player game.
"""
from tests.canasta_helpers import S4

NS = {"id": "NS", "counts": {"natural_canastas": 1, "meld_points": 100, "hand_points": 10}}
EW = {"id": "EW", "counts": {"meld_points": 0, "hand_points": 10}}


def score(client, irregularity, lang="en"):
    body = {"variant": "russian-popular", "sides": S4,
            "deal": {"sides": [NS, EW], "irregularities": [irregularity]}}
    return client.post("/v1/games/canasta/score", json=body, headers={"Accept-Language": lang})


def test_an_illegal_meld_costs_its_hundred_once(client):
    r = score(client, {"type": "illegal_meld", "side": "NS"})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert [x["points"] for x in r.get_json()["sides"][0]["lines"] if x["rule"] == "canasta/8.2"] == [-100]


def test_a_count_beside_an_illegal_meld_is_refused(client):
    for lang, words in (("en", "a count is given only for excess wild cards"),
                        ("ru", "число указывают только для лишних свободных карт")):
        r = score(client, {"type": "illegal_meld", "side": "NS", "count": 2}, lang)
        assert r.status_code == 422, r.get_data(as_text=True)
        assert r.get_json()["errors"] == [{"pointer": "/deal/irregularities/0/count", "detail": words}]


def test_excess_wild_cards_cost_fifty_each_and_say_how_many(client):
    # two wild cards over the limit: 2 x 50 = 100, the note naming the two
    r = score(client, {"type": "excess_wild_cards", "side": "NS", "count": 2})
    assert r.status_code == 200, r.get_data(as_text=True)
    lines = [(x["points"], x["item"]) for x in r.get_json()["sides"][0]["lines"] if x["rule"] == "canasta/8.2"]
    assert lines == [(-100, "excess wild cards (2 x 50)")]


def test_a_permission_breach_needs_a_partner(client):
    # four players: the breach costs 100; two players, one a side: nobody to ask, refused at its type
    r = score(client, {"type": "permission_breach", "side": "NS"})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert [x["points"] for x in r.get_json()["sides"][0]["lines"] if x["rule"] == "canasta/8.5"] == [-100]
    two = [{"id": "A", "players": ["A"]}, {"id": "B", "players": ["B"]}]
    body = {"variant": "two-player", "sides": two,
            "deal": {"sides": [{"id": "A", "counts": {"natural_canastas": 2, "meld_points": 200, "hand_points": 5}},
                               {"id": "B", "counts": {"meld_points": 0, "hand_points": 10}}],
                     "irregularities": [{"type": "permission_breach", "side": "A"}]}}
    r = client.post("/v1/games/canasta/score", json=body)
    assert r.status_code == 422, r.get_data(as_text=True)
    assert r.get_json()["errors"] == [{"pointer": "/deal/irregularities/0/type",
                                       "detail": "a player without a partner asks nobody: no permission breach"}]
