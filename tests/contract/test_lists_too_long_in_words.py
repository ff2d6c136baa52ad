"""A list longer than the most it may hold is refused at the list, told in words what it lists ("at most 24 melds,
not 25"), in English and in Russian with the count's own form; one item fewer passes the list's length (what its
items say is the position's to judge)."""
from __future__ import annotations

import copy
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def example(name):
    body = json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))
    body.pop("game", None)
    return body


def errors(client, game, endpoint, body, lang="en"):
    r = client.post(f"/v1/games/{game}/{endpoint}", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_data(as_text=True)
    return r.get_json()["errors"]


def at(errs, pointer):
    return [e["detail"] for e in errs if e["pointer"] == pointer]


@pytest.mark.parametrize("lang,text", [("en", "at most 24 melds, not 25"), ("ru", "не более 24 комбинаций, а не 25")])
def test_a_side_s_melds_on_the_table_hold_at_most_24(client, lang, text):
    # the frozen-pile check of the README; North-South's melds given as 25 (then 24) melds of three nines
    body = example("canasta/check-frozen-pile.json")
    body["position"]["melds"] = {"NS": [["9S", "9H", "9D"]] * 25}
    assert errors(client, "canasta", "check", copy.deepcopy(body), lang) == [
        {"pointer": "/position/melds/NS", "detail": text}]
    body["position"]["melds"] = {"NS": [["9S", "9H", "9D"]] * 24}
    errs = errors(client, "canasta", "check", body, lang)       # 72 nines: the deck's copies refuse them, not the list
    assert at(errs, "/position/melds/NS") == [] and errs


@pytest.mark.parametrize("lang,text", [("en", "at most 3 hands, not 4"), ("ru", "не более 3 рук, а не 4")])
def test_a_side_s_hands_in_a_scored_deal_are_at_most_3(client, lang, text):
    # the four-player deal of examples/canasta: East-West's two hands, then four (the few form: «3 рук»)
    body = example("canasta/score-four-player.json")
    body["deal"]["sides"][1]["hands"] += [["4"], ["5"]]
    assert errors(client, "canasta", "score", copy.deepcopy(body), lang) == [
        {"pointer": "/deal/sides/1/hands", "detail": text}]
    body["deal"]["sides"][1]["hands"].pop()                     # three hands for a side of two: a fault of the side
    assert at(errors(client, "canasta", "score", body, lang), "/deal/sides/1/hands") != [text]


@pytest.mark.parametrize("lang,text", [("en", "at most 8 players, not 9"), ("ru", "не более 8 игроков, а не 9")])
def test_a_thousand_table_names_at_most_8_players(client, lang, text):
    body = example("thousand/check-revoke.json")
    names = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ilya", "Kira"]
    body["players"] = names
    assert errors(client, "thousand", "check", copy.deepcopy(body), lang) == [{"pointer": "/players", "detail": text}]
    body["players"] = names[:8]                                 # 8 names pass the list (Thousand seats 2 to 4)
    assert at(errors(client, "thousand", "check", body, lang), "/players") != [text]


@pytest.mark.parametrize("lang,text", [("en", "at most 2 talons, not 3"), ("ru", "не более 2 прикупов, а не 3")])
def test_a_thousand_deal_event_gives_at_most_two_talons(client, lang, text):
    # the README's deal (tests/thousand_helpers.py): its deal event with a third talon of three cards
    from tests.thousand_helpers import PLAYERS, readme_log
    log = readme_log()
    deal = next(e for e in log if e.get("type") == "deal")
    deal["musiks"] = [["9S", "9C", "10D"]] * 3
    assert errors(client, "thousand", "validate", {"players": PLAYERS, "log": log}, lang) == [
        {"pointer": f"/log/{log.index(deal)}/musiks", "detail": text}]


@pytest.mark.parametrize("lang,text", [("en", "at least 1 player, not 0"), ("ru", "не менее 1 игрока, а не 0")])
def test_an_empty_list_of_players_says_what_it_lacks(client, lang, text):
    body = example("thousand/check-revoke.json")
    body["players"] = []
    assert errors(client, "thousand", "check", copy.deepcopy(body), lang) == [{"pointer": "/players", "detail": text}]
    body["players"] = ["Anna"]                  # one passes the list: refused by the variant's number of players
    assert at(errors(client, "thousand", "check", body, lang), "/players") == [{
        "en": "“Thousand, Russian classic (3 players)” is played by 3 players, not 1",
        "ru": "«Тысяча, русская классика (3 игрока)»: число игроков — 3, а указано 1"}[lang]]
    body["players"] = [5]                       # one that is no name: told at the item, the list's length is right
    assert errors(client, "thousand", "check", body, "en") == [{"pointer": "/players/0", "detail": "not a valid string"}]


@pytest.mark.parametrize("game,lang,text", [("thousand", "en", "at least 1 event, not 0"),
                                            ("pinochle", "ru", "не менее 1 события, а не 0")])
def test_an_empty_log_says_what_it_lacks(client, game, lang, text):
    body = example(f"{game}/game.json" if game == "thousand" else "pinochle/two-handed-game.json")
    body["log"] = []
    assert errors(client, game, "validate", body, lang) == [{"pointer": "/log", "detail": text}]


@pytest.mark.parametrize("lang,text", [("en", "at least 1 side, not 0"), ("ru", "не менее 1 стороны, а не 0")])
def test_canasta_sides_and_a_side_s_hands_say_what_they_lack(client, lang, text):
    body = example("canasta/score-four-player.json")
    body["deal"]["sides"][1]["hands"] = []
    assert errors(client, "canasta", "score", copy.deepcopy(body), lang) == [
        {"pointer": "/deal/sides/1/hands", "detail": {"en": "at least 1 hand, not 0", "ru": "не менее 1 руки, а не 0"}[lang]}]
    body["sides"] = []
    assert errors(client, "canasta", "score", body, lang)[0] == {"pointer": "/sides", "detail": text}


@pytest.mark.parametrize("lang,text", [("en", "at most 64 melds, not 65"), ("ru", "не более 64 комбинаций, а не 65")])
def test_a_pinochle_deal_s_melds_are_at_most_64(client, lang, text):
    # the two-handed deal of examples/pinochle with its two melds given 65 times (then 64: refused for what they
    # hold, not for their number)
    body = example("pinochle/two-handed-score.json")
    meld = body["deal"]["melds"][0]
    body["deal"]["melds"] = [meld] * 65
    assert errors(client, "pinochle", "score", copy.deepcopy(body), lang) == [
        {"pointer": "/deal/melds", "detail": text}]
    body["deal"]["melds"] = [meld] * 64
    assert at(errors(client, "pinochle", "score", body, lang), "/deal/melds") != [text]


@pytest.mark.parametrize("lang,text", [("en", "at most 8 players, not 9"), ("ru", "не более 8 игроков, а не 9")])
def test_a_deal_s_points_name_at_most_8_players(client, lang, text):
    # a map keyed by players says players, not entries: 9 names (then 8: refused as names that are no players)
    body = {"players": ["Анна", "Борис", "Вера"], "dealer": "Вера",
            "deal": {"declarer": "Анна", "contract": 100, "points": {f"P{i}": 0 for i in range(9)}}}
    assert errors(client, "thousand", "score", copy.deepcopy(body), lang) == [
        {"pointer": "/deal/points", "detail": text}]
    body["deal"]["points"] = {f"P{i}": 0 for i in range(8)}
    assert at(errors(client, "thousand", "score", body, lang), "/deal/points") != [text]


@pytest.mark.parametrize("lang,text", [("en", "at most 6 sides, not 7"), ("ru", "не более 6 сторон, а не 7")])
def test_a_canasta_map_keyed_by_sides_names_sides(client, lang, text):
    body = example("canasta/check-frozen-pile.json")
    body["state"] = {"scores": {f"S{i}": 0 for i in range(7)}}
    assert errors(client, "canasta", "check", body, lang) == [{"pointer": "/state/scores", "detail": text}]


@pytest.mark.parametrize("lang,text", [("en", "at most 4 players, not 5"), ("ru", "не более 4 игроков, а не 5")])
def test_a_thousand_deal_event_s_hands_are_at_most_4_players(client, lang, text):
    # the README's deal (tests/thousand_helpers.py): its deal event's hands keyed by 5 names (then 4: refused for
    # the names, not for their number)
    from tests.thousand_helpers import PLAYERS, readme_log
    log = readme_log()
    deal = next(e for e in log if e.get("type") == "deal")
    i = log.index(deal)
    deal["hands"] = {f"P{k}": [] for k in range(5)}
    assert errors(client, "thousand", "validate", {"players": PLAYERS, "log": copy.deepcopy(log)}, lang) == [
        {"pointer": f"/log/{i}/hands", "detail": text}]
    deal["hands"] = {f"P{k}": [] for k in range(4)}
    assert at(errors(client, "thousand", "validate", {"players": PLAYERS, "log": log}, lang), f"/log/{i}/hands") != [
        text]
