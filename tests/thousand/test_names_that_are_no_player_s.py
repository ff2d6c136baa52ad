"""A name given where a player of the deal goes (a key of the card points, of who took a trick, the dealer) that is
not one is told at that key: a player sitting the deal out does not play it, a name that is one of the players
written otherwise (another letter case, another Unicode form of a letter) is told so, any other name is not one of
the players.  A missing player is not told beside it (the name may be his)."""
from __future__ import annotations

import copy
import unicodedata

import pytest

PLAYERS = ["Анна", "Борис", "Вера"]
# Анна bids 100 and plays; Вера deals.  The card points of two players are given (the third's are worked out from
# them, thousand/1.3: 120 − 110 − 10 = 0 for Вера, who took no trick) and who took a trick: Анна makes her 100
DEAL = {"declarer": "Анна", "contract": 100, "points": {"Анна": 110, "Борис": 10},
        "took_trick": {"Анна": True, "Борис": True, "Вера": False}}
NOT_A_PLAYER = {"en": "'Boris' is not one of the players (Анна, Борис, Вера)",
                "ru": "'Boris' — не из числа игроков (Анна, Борис, Вера)"}
OTHERWISE = {"en": "{name} is written otherwise than {player} in the list of players (in other characters or letter "
                   "case): write it as the list writes it",
             "ru": "{name} записано иначе, чем {player} в списке игроков (другими символами или в другом регистре): "
                   "напишите так же, как в списке"}


def errors(client, path, body, lang="en"):
    r = client.post(path, json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_data(as_text=True)
    return r.get_json()["errors"]


def test_the_deal_as_given_is_scored(client):
    r = client.post("/v1/games/thousand/score", json={"players": PLAYERS, "dealer": "Вера", "deal": DEAL})
    assert r.status_code == 200, r.get_data(as_text=True)
    # Анна makes 100 (thousand/12.1); Борис writes his 10 card points, Вера her 0 (thousand/12.3)
    assert [(p["id"], p["card_points"], p["hand_score"]) for p in r.get_json()["players"]] == [
        ("Анна", 110, 100), ("Борис", 10, 10), ("Вера", 0, 0)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_stranger_s_card_points_are_told_at_his_key(client, lang):
    deal = copy.deepcopy(DEAL)
    deal["points"] = {"Анна": 100, "Boris": 10}          # Борис in Latin letters
    assert errors(client, "/v1/games/thousand/score", {"players": PLAYERS, "dealer": "Вера", "deal": deal}, lang) == [
        {"pointer": "/deal/points/Boris", "detail": NOT_A_PLAYER[lang]}]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_same_on_the_score_sheet_points_into_its_deal(client, lang):
    deal = {**copy.deepcopy(DEAL), "points": {"Анна": 100, "Boris": 10}}
    assert errors(client, "/v1/games/thousand/scoresheet", {"players": PLAYERS, "dealer": "Вера",
                                                            "deals": [deal]}, lang) == [
        {"pointer": "/deals/0/points/Boris", "detail": NOT_A_PLAYER[lang]}]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_player_written_in_another_case_is_told_so(client, lang):
    deal = {**copy.deepcopy(DEAL), "points": {"анна": 100, "Борис": 10}}
    assert errors(client, "/v1/games/thousand/score", {"players": PLAYERS, "dealer": "Вера", "deal": deal}, lang) == [
        {"pointer": "/deal/points/анна", "detail": OTHERWISE[lang].format(name="'анна'", player="'Анна'")}]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_dealer_in_another_unicode_form_is_told_so(client, lang):
    # «Андрей» with its й as и and a combining breve (NFD), as some keyboards and copies write it
    players = ["Анна", "Борис", "Андрей"]
    decomposed = unicodedata.normalize("NFD", "Андрей")
    assert decomposed != "Андрей"
    deal = {**copy.deepcopy(DEAL), "took_trick": {"Анна": True, "Борис": True, "Андрей": False}}
    assert errors(client, "/v1/games/thousand/score", {"players": players, "dealer": decomposed, "deal": deal},
                  lang) == [{"pointer": "/dealer", "detail": OTHERWISE[lang].format(name=repr(decomposed),
                                                                                     player="'Андрей'")}]


def test_a_stranger_among_who_took_a_trick_is_not_one_of_the_players(client):
    deal = {**copy.deepcopy(DEAL), "took_trick": {"Анна": True, "Борис": True, "Vera": False}}
    assert errors(client, "/v1/games/thousand/score", {"players": PLAYERS, "dealer": "Вера", "deal": deal}) == [
        {"pointer": "/deal/took_trick/Vera", "detail": "'Vera' is not one of the players (Анна, Борис, Вера)"}]


def test_the_sitter_of_four_does_not_play_the_deal(client):
    # four players, Глеб deals and sits out (thousand/3.2): his card points are his not to have
    deal = {**copy.deepcopy(DEAL), "points": {"Анна": 100, "Глеб": 10}, "talon_points": 0,
            "took_trick": {"Анна": True, "Борис": True, "Вера": False}}
    assert errors(client, "/v1/games/thousand/score", {"players": [*PLAYERS, "Глеб"], "variant": "four-player",
                                                       "dealer": "Глеб", "deal": deal}) == [
        {"pointer": "/deal/points/Глеб", "detail": "'Глеб' does not play this deal"}]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_look_alike_letter_is_told_as_another_writing(client, lang):
    # «Bерa» with a Latin B among Cyrillic letters looks like the players' «Вера»: told so, not "not one of the players"
    # while the list shows a name that reads the same
    look_alike = "Bера"
    assert look_alike != "Вера"
    assert errors(client, "/v1/games/thousand/score", {"players": PLAYERS, "dealer": look_alike, "deal": DEAL},
                  lang) == [{"pointer": "/dealer", "detail": OTHERWISE[lang].format(name="'Bера'", player="'Вера'")}]


def test_an_exchange_to_a_name_in_another_case_is_told_so(client):
    # Анна, the declarer, has taken the talon and gives a card to each opponent; Борис is written «борис»
    position = {"phase": "talon", "declarer": "Анна", "contract": 100, "talon_taken": True, "exchanged": False}
    action = {"type": "exchange", "player": "Анна", "gives": {"борис": "9S", "Вера": "9H"}}
    assert errors(client, "/v1/games/thousand/check", {"players": PLAYERS, "dealer": "Вера", "position": position,
                                                       "action": action}) == [
        {"pointer": "/action/gives/борис", "detail": OTHERWISE["en"].format(name="'борис'", player="'Борис'")}]
