"""Plural forms follow the number next to the noun: a message with two counts takes each noun's form from its own
number (the tester's case: "после 6 взяток у игрока Вера 2 карт", "Vera holds 1 cards")."""
from __future__ import annotations

import pytest

from referee import i18n
from referee.i18n import ngettext


def _thousand(tricks_won, hand):
    # three players, 8 cards each after the exchange; Vera plays third to the trick Anna led (9♦, then Boris's Д♦):
    # she holds 8 - (tricks played) cards
    return {"players": ["Анна", "Борис", "Вера"], "dealer": "Вера",
            "position": {"phase": "play", "declarer": "Анна", "contract": 100, "tricks_won": tricks_won,
                         "marriages": [{"player": "Анна", "suit": "S"}],
                         "trick": {"leader": "Анна", "cards": ["9D", "QD"]}, "hand": hand},
            "action": {"type": "play", "player": "Вера", "card": hand[0]}}


@pytest.mark.parametrize("tricks_won,hand,ru,en", [
    # 4 + 2 = 6 tricks played: 8 - 6 = 2 cards, 3 given (the tester's request)
    ({"Анна": 4, "Борис": 2}, ["JH", "AC", "KC"],
     "после 6 взяток у игрока Вера 2 карты, а не 3", "after 6 tricks Вера holds 2 cards, not 3"),
    # 5 + 2 = 7 tricks: 1 card, 2 given
    ({"Анна": 5, "Борис": 2}, ["JH", "AC"],
     "после 7 взяток у игрока Вера 1 карта, а не 2", "after 7 tricks Вера holds 1 card, not 2"),
    # 2 + 1 = 3 tricks: 5 cards, 6 given
    ({"Анна": 2, "Борис": 1}, ["JH", "AC", "KC", "AH", "KH", "QH"],
     "после 3 взяток у игрока Вера 5 карт, а не 6", "after 3 tricks Вера holds 5 cards, not 6"),
    # 1 trick: 7 cards, 3 given
    ({"Анна": 1}, ["JH", "AC", "KC"],
     "после 1 взятки у игрока Вера 7 карт, а не 3", "after 1 trick Вера holds 7 cards, not 3"),
])
def test_a_hand_of_the_wrong_size_counts_tricks_and_cards_each_by_its_own_number(client, tricks_won, hand, ru, en):
    body = _thousand(tricks_won, hand)
    for lang, want in (("ru", ru), ("en", en)):
        r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": lang})
        assert r.status_code == 422
        assert r.get_json()["errors"] == [{"pointer": "/position/hand", "detail": want}]


@pytest.mark.parametrize("n,tricks,cards", [
    (1, "после 1 взятки", "1 карта"), (2, "после 2 взяток", "2 карты"), (5, "после 5 взяток", "5 карт"),
    (21, "после 21 взятки", "21 карта")])
def test_the_russian_forms_of_one_two_five_twenty_one(n, tricks, cards):
    with i18n.language("ru"):
        after = ngettext("after {n} trick", "after {n} tricks", n)
        assert after == tricks
        assert ngettext("{after} {player} holds {n} card, not {given}", "{after} {player} holds {n} cards, not {given}",
                        n, after=after, player="Вера", given=0) == f"{tricks} у игрока Вера {cards}, а не 0"
        assert ngettext("{n} red three", "{n} red threes", n) == {
            1: "1 красная тройка", 2: "2 красные тройки", 5: "5 красных троек", 21: "21 красная тройка"}[n]


def test_the_players_count_is_not_a_plural_of_the_request_count(client):
    # two players given for the three-player classic: the noun belongs to the variant's count, so no plural of 2
    body = {**_thousand({"Анна": 4, "Борис": 2}, ["JH", "AC", "KC"]), "players": ["Анна", "Вера"]}
    r = client.post("/v1/games/thousand/check", json=body)
    assert r.status_code == 422
    assert {"pointer": "/players", "detail": "“Thousand, Russian classic (3 players)” is played by 3 players, not 2"} in \
        r.get_json()["errors"]
    r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": "ru"})
    assert {"pointer": "/players", "detail": "«Тысяча, русская классика (3 игрока)»: число игроков — 3, а указано 2"} in \
        r.get_json()["errors"]
