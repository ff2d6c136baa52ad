"""Canasta: messages a person reads — numbers written as the language writes them, melds counted from one, no option
named.
"""
import pytest

from referee import service

SIDES = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


NB = "\u00a0"      # the Russian group separator


def check(body, lang="en"):
    return service.handle("canasta", "check", {"sides": SIDES, **body}, lang)


# Found by a black-box tester of Canasta.
def test_the_game_over_amounts_are_numbers_of_the_language():
    body = {"state": {"scores": {"NS": 5000, "EW": 0}},
            "position": {"phase": "draw", "hand": ["4C"] * 11, "pile": {"top": "9D", "size": 4}, "stock": 40},
            "action": {"type": "draw", "player": "North"}}
    with pytest.raises(Exception) as e:
        check(body, "ru")
    assert f"5{NB}000" in str(e.value.errors[0]["detail"])


# Found by a black-box tester of Canasta.
def test_meld_numbers_count_from_one_in_both_languages():
    body = {"options": {"wild_ratio": "fewer"},
            "position": {"phase": "play", "hand": ["9H", "9D", "9S", "2C", "2D", "JK", "5C", "7D"],
                         "melds": {"NS": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]]},
                         "pile": {"top": "9C", "size": 4}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [["9H", "9D", "9S", "2C", "2D", "JK"]]}}
    assert check(body)["violations"][0]["message"] == "meld 1: the natural cards must outnumber the wild cards"
    assert check(body, "ru")["violations"][0]["message"] == \
        "комбинация 1: натуральных карт должно быть больше, чем свободных"


# Found by a black-box tester of Canasta.
def test_no_ruling_names_an_option():
    # every ruling, note and score line of the engine, in both languages (options.py describes the options and
    # parse.py's 422 details name the request's fields, so they may)
    import re

    from referee.i18n import extract, translations
    ru = translations("ru")
    for mid, locs, _flags in extract():
        if not any("canasta" in loc[0] and not loc[0].endswith(("options.py", "parse.py")) for loc in locs):
            continue
        for text in ([mid] if isinstance(mid, str) else list(mid)):
            for shown in (text, ru.gettext(text)):
                assert not re.search(r"\([a-z]+_[a-z_]+|[a-z]+_[a-z]+\)|\) \(", shown), shown


# Found by a black-box tester of Canasta.
def test_a_russian_score_line_names_no_option():
    # four red threes in the Russian game, the deal not saying who collected them: 4 x 105 = 420, not doubled.
    # NS went out with clean canastas of kings and queens; South keeps 4 4 5 5 6 6 7 7 8 8 9 9: 14 + 12 = 26 cards,
    # the 13 dealt to each; EW melded J J J and keep 12 and 13 cards (28)
    body = {"variant": "russian-popular", "deal": {"sides": [
        {"id": "NS", "went_out": True, "red_threes": ["3H", "3D", "3H", "3D"], "melds": [["K"] * 7, ["Q"] * 7],
         "hands": [[], "4 4 5 5 6 6 7 7 8 8 9 9".split()]},
        {"id": "EW", "melds": [["J", "J", "J"]], "hands": ["4 5 6 7 8 9 10 10 A A 10 8".split(),
                                                         "4 5 6 7 8 9 10 A A 6 7 5 4".split()]}]}}
    ans = service.handle("canasta", "score", {"sides": SIDES, **body}, "ru")
    lines = [(x["item"], x["points"]) for x in ans["sides"][0]["lines"]]
    assert ("4 красные тройки; не удвоено: из сдачи не видно, что все четыре собрал один игрок", 420) in lines
