"""All four red threes said to be one player's (one_player_all_reds, canasta/2.2) count only where that doubles them
(red_three_scale one_player_doubles, popular Russian canasta) and only with four red threes.  Told at the side's
one_player_all_reds, here for a side by counts.

NS by counts: a natural canasta, 100 in melds, 10 in hand; EW 10 in hand.
"""
from tests.canasta_helpers import S4

EW = {"id": "EW", "counts": {"meld_points": 0, "hand_points": 10}}


def score(client, variant, reds, lang="en"):
    ns = {"id": "NS", "counts": {"natural_canastas": 1, "red_threes": reds, "meld_points": 100, "hand_points": 10},
          "one_player_all_reds": True}
    body = {"variant": variant, "sides": S4, "deal": {"sides": [ns, EW]}}
    return client.post("/v1/games/canasta/score", json=body, headers={"Accept-Language": lang})


def test_where_the_game_does_not_double_them_it_is_refused(client):
    r = score(client, "classic", 4)
    assert r.status_code == 422, r.get_data(as_text=True)
    assert r.get_json()["errors"] == [{"pointer": "/deal/sides/0/one_player_all_reds",
                                       "detail": "all four red threes to one player count only where that doubles "
                                                 "them"}]
    ru = score(client, "classic", 4, "ru").get_json()["errors"]
    assert ru[0]["detail"] == "все четыре красные тройки у одного игрока учитываются, только если за это удваивают"


def test_three_red_threes_are_not_all_four(client):
    r = score(client, "russian-popular", 3)
    assert r.status_code == 422, r.get_data(as_text=True)
    assert r.get_json()["errors"] == [{"pointer": "/deal/sides/0/one_player_all_reds",
                                       "detail": "one player is said to have collected all four red threes; the side "
                                                 "shows 3"}]


def test_four_where_the_game_doubles_them_are_scored(client):
    r = score(client, "russian-popular", 4)
    assert r.status_code == 200, r.get_data(as_text=True)
