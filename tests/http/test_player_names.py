"""Player names a person can see: a name of nothing but characters that show nothing is refused, and such
characters count for nothing when two names are compared."""
import json
import pathlib

import pytest
from thousand_helpers import points_deal, score_body

from referee.common import name_key, visible

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))
SAME = "player names must be distinct, ignoring case and Unicode normalisation"


def _errors(api, players, game="thousand"):
    body = {**GOOD, "players": players, "dealer": players[2]}
    return api("score", body, status=422)["errors"]


@pytest.mark.parametrize("blank", ["\u3164", "\u2800", "\u3164\u3164", "\u115f", "\uffa0", "\u2800\u3000\u2800"])
def test_a_name_nobody_can_see_is_refused(api, blank):
    assert _errors(api, ["Anna", blank, "Vera"])[0] == {"pointer": "/players/1",
                                                        "detail": "a name needs a character that can be seen"}


def test_one_character_that_shows_is_enough(api):
    # the boundary: a blank pattern beside one letter is a name (judged, not refused for the name)
    players = ["Anna", "\u2800B", "Vera"]
    body = {**GOOD, "players": players, "dealer": "Vera"}
    r = api("score", body, status=422)
    assert all(e["pointer"] != "/players/1" for e in r["errors"])


@pytest.mark.parametrize("twin", ["Anna\u2800", "\u3164Anna", "An\u3000na", "Ann\u2800a"])
def test_invisible_characters_count_for_nothing_in_a_clash(api, twin):
    # "Anna" beside "Anna" + U+2800 was taken as two players
    assert _errors(api, ["Anna", twin, "Vera"])[0] == {"pointer": "/players", "detail": SAME}


def test_the_russian_words(client):
    body = {**GOOD, "players": ["Anna", "\u3164", "Vera"], "dealer": "Vera"}
    r = client.post("/v1/games/thousand/score", json=body, headers={"Accept-Language": "ru"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["detail"] == \
        "в имени должен быть хотя бы один видимый символ"


def test_what_is_left_of_a_name():
    assert visible("Anna\u2800") == "Anna" and visible("Анна Мария") == "Анна Мария"
    assert name_key("An\u3000na") == name_key("anna") and name_key("Anna Maria") != name_key("AnnaMaria")


def test_canasta_names_too(api):
    body = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    body.pop("game")
    body["sides"][1]["players"] = ["East", "\u2800"]
    errors = api("score", body, status=422, game="canasta")["errors"]
    assert errors[0]["detail"] == "a name needs a character that can be seen"


def C(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="canasta")


def m(s):
    return s.split()


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_a_control_character_in_a_name_is_refused(api):
    sides = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "W\u0000x"]}]
    body = {"sides": sides, "position": {"phase": "draw", "hand": m("5C 5D 6H 8S 9D 10C JH QS KD AS 4C"),
                                         "pile": {"top": "9C", "size": 9}},
            "action": {"player": "North", "type": "draw"}}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/sides/1/players/1"


# Found by a black-box probe of the running service (issue 7, fifth round).
@pytest.mark.parametrize("players,pointer,detail", [
    (["Anna", "anna", "Vera"], "/players", "player names must be distinct, ignoring case and Unicode normalisation"),
    (["Anna", "e\u0301", "\u00e9"], "/players", "player names must be distinct, ignoring case and Unicode "
                                                 "normalisation"),
    (["Anna", "Anna ", "Vera"], "/players/1", "a name has no spaces before or after it"),
    (["Anna", "Anna\u200b", "Vera"], "/players/1", "a name holds no control or invisible characters"),
])
def test_names_that_look_alike_are_refused(api, players, pointer, detail):
    body = {**GOOD, "players": players, "dealer": players[2]}
    errors = api("score", body, status=422)["errors"]
    assert errors[0] == {"pointer": pointer, "detail": detail}


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_canasta_side_ids_and_names_that_look_alike(api):
    body = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    body.pop("game")
    assert api("score", body, game="canasta")["sides"][0]["id"] == "NS"
    body["sides"][1]["players"] = ["East", "north"]
    err = api("score", body, status=422, game="canasta")["errors"][0]
    assert err["pointer"] == "/sides" and "ignoring case" in err["detail"]


def pinochle_example(name):
    body = json.loads((ROOT / "examples" / "pinochle" / name).read_text())
    body.pop("game")
    return body


CYRILLIC = points_deal("Анна", 120, {"Анна": 95, "Борис": 14, "Вера": 11}, {"Анна": 6, "Борис": 1, "Вера": 1},
                       [("Анна", "H")])


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("players,detail", [
    (["\uff21nna", "Anna", "Vera"], "player names must be distinct, ignoring case and Unicode normalisation"),
    (["Anna", "\u0410nna", "Vera"], "'Anna' and '\u0410nna' look alike (letters of another alphabet, or characters "
                                    "that pass for others): give names that can be told apart"),
    (["Ivan", "lvan", "Vera"], "'Ivan' and 'lvan' look alike"),
    (["ANNA", "\u0430nn\u0430", "Vera"], "'ANNA' and '\u0430nn\u0430' look alike"),
    (["Вера", "Bepa", "Anna"], "'Вера' and 'Bepa' look alike"),
])
def test_names_that_pass_for_each_other_are_refused(api, players, detail):
    # fullwidth Ａnna folded to Anna only under NFKC, and a Cyrillic А in "Аnna" beside a Latin "Anna" passed
    body = {**GOOD, "players": players, "dealer": players[2]}
    err = api("score", body, status=422)["errors"][0]
    assert err["pointer"] == "/players" and err["detail"].startswith(detail)


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_names_all_in_cyrillic_are_fine(api):
    # Russian players use Russian names: one alphabet throughout looks like nothing else at the table
    ans = api("score", score_body(CYRILLIC, players=["Анна", "Борис", "Вера"], dealer="Вера"))
    # Анна bid 120 and took 95 + the hearts marriage 100: the contract, 120; Борис 14 and Вера 11 round to 15, 10
    assert [p["hand_score"] for p in ans["players"]] == [120, 15, 10]
    # a Cyrillic name beside a Latin one that does not look like it is fine too (н is not n)
    mixed = points_deal("Анна", 120, {"Анна": 95, "Anna": 14, "Вера": 11}, {"Анна": 6, "Anna": 1, "Вера": 1},
                        [("Анна", "H")])
    assert api("score", score_body(mixed, players=["Анна", "Anna", "Вера"], dealer="Вера"))["game"] == "thousand"


# Found by a black-box probe of the running service (issue 20, hardening round 2).
def test_confusable_names_in_the_other_games(api):
    pin = pinochle_example("two-handed-score.json")
    names = pin["players"]
    pin["players"] = [names[0], names[0].replace("A", "\u0410", 1)]
    assert api("score", pin, status=422, game="pinochle")["errors"][0]["detail"].endswith(
        "give names that can be told apart")
    can = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    can.pop("game")
    can["sides"][1]["players"][0] = can["sides"][0]["players"][0].replace("o", "\u043e")      # Cyrillic о
    assert api("score", can, status=422, game="canasta")["errors"][0]["pointer"] == "/sides"


# ---------------------------------------------------------------- a blank is a blank, whatever draws it

def _table(first: str, second: str) -> dict:
    # the probe's deal under the names first, second, Vera: the first bid 120 and took 95 + the hearts marriage 100,
    # the second took 14, Vera 11 (95 + 14 + 11 = 120 card points; 6 + 1 + 1 = 8 tricks)
    deal = points_deal(first, 120, {first: 95, second: 14, "Vera": 11}, {first: 6, second: 1, "Vera": 1},
                       [(first, "H")])
    return score_body(deal, players=[first, second, "Vera"], dealer="Vera")


LOOK_ALIKE = {"en": "{first} and {second} look alike (letters of another alphabet, or characters that pass for "
                    "others): give names that can be told apart",
              "ru": "{first} и {second} выглядят одинаково (буквы другого алфавита или знаки, похожие на другие): "
                    "дайте игрокам имена, которые можно различить"}
SAME_IN = {"en": SAME, "ru": "имена игроков должны различаться (без учёта регистра и нормализации Юникода)"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("twin", ["A\u2800B", "A\u3164B", "A  B", "A\u00a0B", "A\u115fB", "A\u1160B", "A\uffa0B",
                                  "A\u3000B", "A\u2800\u3164B", "A \u2800 B"])
def test_a_blank_drawn_by_any_character_reads_as_one_space(client, lang, twin):
    # "A B" beside "A" + blank Braille + "B" (or a Hangul filler, or two spaces) was taken as two players, while
    # "A" + no-break space + "B" was already refused: every blank is one space to the eye, and runs of them one
    r = client.post("/v1/games/thousand/score", json=_table("A B", twin), headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert r.get_json()["errors"][0] == {"pointer": "/players",
                                         "detail": LOOK_ALIKE[lang].format(first=repr("A B"), second=repr(twin))}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("twin", ["An\u2800na", "\u2800Anna", "Anna\u2800"])
def test_a_blank_that_parts_no_letters_still_counts_for_nothing(client, lang, twin):
    # Anna beside An + U+2800 + na, or Anna after a blank pattern: one name, as before (the blank is left out)
    r = client.post("/v1/games/thousand/score", json=_table("Anna", twin), headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert r.get_json()["errors"][0] == {"pointer": "/players", "detail": SAME_IN[lang]}


@pytest.mark.parametrize("second", ["AB", "A C", "A\u2800C", "A B C", "A\u3164BB", "B A"])
def test_names_that_differ_by_more_than_their_blanks_are_two_players(api, second):
    # the boundary: a space against none, or other letters around the blank, are names that can be told apart;
    # the first bid 120 and made it (95 + 100 for the hearts marriage), the second 14 → 15, Vera 11 → 10
    ans = api("score", _table("A B", second))
    assert [p["hand_score"] for p in ans["players"]] == [120, 15, 10]
