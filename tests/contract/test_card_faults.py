"""A value that cannot be a card (a number, a list, a text longer than any card, such as "joker") is refused at its
own place, said as what it is not, in English and Russian: in a hand given whole or in part, in a trick, in an
action.  A text of a card's length that names no card keeps its own reason ('1X' has no valid rank …)."""
from __future__ import annotations

import copy
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
NOT_A_CARD = {"en": "not a card: a card is its rank and suit, such as '10H', 'KS' or 'Кч'",
              "ru": "это не карта: карта пишется достоинством и мастью, например «10ч», «Кп» или «Дб»"}


def example(name):
    body = json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))
    body.pop("game", None)
    return body


def faults(client, game, endpoint, body, lang="en"):
    r = client.post(f"/v1/games/{game}/{endpoint}", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_data(as_text=True)
    return r.get_json()["errors"]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("bad", [5, "joker", ["KH"]])
def test_a_hand_item_that_cannot_be_a_card_is_refused_at_the_item(client, lang, bad):
    # Thousand: Boris's hand ["9H", "AC"] with its first card replaced
    body = example("thousand/check-revoke.json")
    body["position"]["hand"][0] = bad
    assert faults(client, "thousand", "check", body, lang) == [
        {"pointer": "/position/hand/0", "detail": NOT_A_CARD[lang]}]


def test_the_known_part_of_a_hand_points_at_its_item(client):
    body = example("thousand/check-revoke.json")
    body["position"]["hand"] = {"known": ["9H", 10], "unknown": 1}
    assert faults(client, "thousand", "check", body) == [
        {"pointer": "/position/hand/known/1", "detail": NOT_A_CARD["en"]}]


@pytest.mark.parametrize("game,path", [("pinochle", "pinochle/two-handed-score.json"),
                                       ("canasta", "canasta/check-frozen-pile.json")])
def test_every_game_s_hand_or_deal_points_at_the_item(client, game, path):
    body = example(path)
    if game == "canasta":
        body["position"]["hand"][2] = 7
        want = "/position/hand/2"
    else:
        first = body["deal"]["tricks"][0]
        first["cards"][1] = "joker"
        want = "/deal/tricks/0/cards/1"
    assert faults(client, game, "check" if game == "canasta" else "score", body) == [
        {"pointer": want, "detail": NOT_A_CARD["en"]}]


def test_a_text_of_a_card_s_length_keeps_its_own_reason(client):
    # '1X' is short enough to be a card: what is wrong with it is said (the rank), not "not a card"
    body = example("thousand/score-deal.json")
    body["deal"]["tricks"][0]["cards"][2] = "1X"
    (fault,) = faults(client, "thousand", "score", copy.deepcopy(body))
    assert fault["pointer"] == "/deal/tricks/0/cards/2" and fault["detail"].startswith("'1X' has no valid rank")
    body["deal"]["tricks"][0]["cards"][2] = "jokers"
    assert faults(client, "thousand", "score", body) == [
        {"pointer": "/deal/tricks/0/cards/2", "detail": NOT_A_CARD["en"]}]


def test_a_canasta_meld_s_item_that_cannot_be_a_card_is_refused_at_the_item(client):
    # the check's action melds three cards, the second a number; and laid-on cards with a list in them
    body = example("canasta/check-frozen-pile.json")
    body["action"] = {"type": "meld", "player": "North", "melds": [["9п", 5, "Дж"], {"rank": "9", "cards": [["9ч"]]}]}
    assert faults(client, "canasta", "check", body) == [
        {"pointer": "/action/melds/0/1", "detail": NOT_A_CARD["en"]},
        {"pointer": "/action/melds/1/cards/0", "detail": NOT_A_CARD["en"]}]


JOKER_WRITTEN = {"en": "not a card: a joker is written JK or Дж", "ru": "это не карта: джокер пишется «Дж»"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("word", ["Joker", "JOKER", "joker", "Джокер", "джокер"])
def test_a_canasta_joker_written_as_a_word_is_told_how_a_joker_is_written(client, lang, word):
    # Canasta's deck has jokers: North's hand (11 cards, the joker among them) and his meld name it in a word
    body = example("canasta/check-frozen-pile.json")
    body["position"]["hand"][1] = word
    body["action"] = {"type": "meld", "player": "North", "melds": [["9S", "9H", word]]}
    assert faults(client, "canasta", "check", body, lang) == [
        {"pointer": "/position/hand/1", "detail": JOKER_WRITTEN[lang]},
        {"pointer": "/action/melds/0/2", "detail": JOKER_WRITTEN[lang]}]


def test_a_word_that_is_no_joker_stays_not_a_card_in_canasta(client):
    # one letter short of the word, and the word in a game without jokers: the plain fault
    body = example("canasta/check-frozen-pile.json")
    body["position"]["hand"][1] = "Jokr "
    assert faults(client, "canasta", "check", body) == [{"pointer": "/position/hand/1", "detail": NOT_A_CARD["en"]}]
    body = example("thousand/check-revoke.json")
    body["position"]["hand"][0] = "Joker"
    assert faults(client, "thousand", "check", body) == [{"pointer": "/position/hand/0", "detail": NOT_A_CARD["en"]}]


def test_a_canasta_log_s_joker_written_as_a_word_is_told_at_its_event(client):
    # a legal four-player deal (tests/canasta_sim.py, seed 1) whose first discard and North's first dealt card are
    # written as words
    from tests.canasta_sim import random_canasta_log
    sides, log, _ = random_canasta_log(1)
    i = next(k for k, e in enumerate(log) if e["type"] == "discard")
    log[i]["card"] = "Joker"
    log[0]["hands"]["N"][0] = "джокер"
    assert faults(client, "canasta", "validate", {"sides": sides, "log": log}, "ru") == [
        {"pointer": "/log/0/hands/N/0", "detail": JOKER_WRITTEN["ru"]},
        {"pointer": f"/log/{i}/card", "detail": JOKER_WRITTEN["ru"]}]


def test_a_canasta_hand_known_in_part_tells_a_joker_word_at_its_item(client):
    # North about to draw (the README's frozen pile): what is known of his 11 cards, a joker written as a word
    body = example("canasta/check-frozen-pile.json")
    body["position"]["hand"] = {"known": ["9S", "Joker"], "unknown": 9}
    body["action"] = {"type": "draw", "player": "North"}
    assert faults(client, "canasta", "check", body) == [
        {"pointer": "/position/hand/known/1", "detail": JOKER_WRITTEN["en"]}]
