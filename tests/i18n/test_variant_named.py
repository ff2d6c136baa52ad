"""A variant inside a sentence a player reads is named by its name in the reader's language, never by the ID a
request sends («four-player»)."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("lang,detail", [
    ("en", "“Thousand for four (dealer sits out)” is played by 4 players, not 3"),
    ("ru", "«Тысяча вчетвером (сдающий не играет)»: число игроков — 4, а указано 3"),
])
def test_a_wrong_player_count_names_the_variant(client, lang, detail):
    # three players for the four-player variant (dealer sits out): four are needed
    body = {"variant": "four-player", "players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
            "position": {"phase": "bidding", "bids": []}, "action": {"type": "pass", "player": "Anna"}}
    r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert {"pointer": "/players", "detail": detail} in r.get_json()["errors"]


@pytest.mark.parametrize("lang,detail", [
    ("en", "“Canasta for five” is played by 5 players, not 4"),
    ("ru", "«Канаста на пятерых»: число игроков — 5, а указано 4"),
])
def test_a_wrong_player_count_names_the_canasta_variant(client, lang, detail):
    # two partnerships of two (4 players) for the five-player variant: five are needed
    sides = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
    body = {"variant": "five-player", "sides": sides,
            "position": {"hand": ["4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"],
                         "pile": {"top": "6S", "size": 4}},
            "action": {"type": "draw", "player": "North"}}
    r = client.post("/v1/games/canasta/check", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/sides", "detail": detail}]
