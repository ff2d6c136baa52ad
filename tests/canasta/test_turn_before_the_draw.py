"""What happened in the turn so far (``turn``: the draw, melds, a canasta, the partner's answer) is said only once
the cards are drawn (phase play, canasta/6.1): before the draw it is refused at the turn, in English and Russian.

Classic canasta, North's 11 cards dealt, the pile one card: he draws (phase draw) or has drawn (phase play, 12).
"""
from tests.canasta_helpers import S4, m

HAND = m("4C 5S 6H 7D 8C 9H 10D JS QC KD AS")


def check(client, phase, hand, lang="en"):
    body = {"variant": "classic", "sides": S4, "action": {"type": "draw", "player": "North"} if phase == "draw" else
            {"type": "discard", "player": "North", "card": "4C"},
            "position": {"phase": phase, "hand": hand, "pile": {"top": "8C", "size": 1}, "turn": {"melded": False,
                                                                                                "first_round": True}}}
    return client.post("/v1/games/canasta/check", json=body, headers={"Accept-Language": lang})


def test_the_turn_said_before_the_draw_is_refused(client):
    for lang, words in (("en", "what happened this turn after the draw is given only once the cards are drawn"),
                        ("ru", "что было в этот ход после взятия карт, указывают, только когда карты уже взяты")):
        r = check(client, "draw", HAND, lang)
        assert r.status_code == 422, r.get_data(as_text=True)
        assert r.get_json()["errors"] == [{"pointer": "/position/turn", "detail": words}]


def test_the_turn_said_after_the_draw_is_read(client):
    r = check(client, "play", HAND + m("4D"))
    assert r.status_code == 200, r.get_data(as_text=True)
