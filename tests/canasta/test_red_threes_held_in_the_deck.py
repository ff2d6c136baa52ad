"""The red threes the other players still hold before play begins (``red_threes_held``, canasta/2.1) are cards of
the deck like the others: counted with the hand and the table, two packs hold two of each (canasta/1.2).

Classic canasta, North to draw, his hand 3H and ten other hearts.  East holds 3H and 3D: the two 3H of the packs
and one 3D, so North draws.  West said to hold another 3H makes three: refused at West's card, in English and in
Russian.
"""
from tests.canasta_helpers import S4, m

HAND = m("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")


def check(client, held, lang="en"):
    body = {"variant": "classic", "sides": S4, "action": {"type": "draw", "player": "North"},
            "position": {"phase": "draw", "hand": HAND, "pile": {"top": "8C", "size": 1}, "red_threes_held": held}}
    return client.post("/v1/games/canasta/check", json=body, headers={"Accept-Language": lang})


def test_two_copies_of_a_red_three_in_play_are_the_deck_s_two(client):
    r = check(client, {"East": ["3H", "3D"], "West": ["3D"]})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.get_json()["legal"] is True


def test_a_third_copy_of_a_red_three_is_refused_at_its_place(client):
    r = check(client, {"East": ["3H", "3D"], "West": ["3H"]})
    assert r.status_code == 422, r.get_data(as_text=True)
    assert r.get_json()["errors"] == [{"pointer": "/position/red_threes_held/West/0",
                                       "detail": "more copies of 3H than the 108-card deck holds (2)"}]
    ru = check(client, {"East": ["3H", "3D"], "West": ["3H"]}, "ru").get_json()["errors"]
    assert ru == [{"pointer": "/position/red_threes_held/West/0",
                   "detail": "3♥: экземпляров больше, чем в комплекте из 108 карт (2)"}]
