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
