"""Canasta in Russian (issue 14): rulings, score lines, penalty notes and 422 details follow Accept-Language, cards
are shown as symbols (К♥, ♦), Russian card notation is read, also for a rank alone, and no text a person reads
calls the user's documents "seeds".

Card values in the hand-worked comments: joker 50, ace and 2 20, K to 8 10, 7 to 4 and black threes 5.
"""
import json
import pathlib
import re

import pytest

from referee import i18n, service
from referee.canasta import GAME
from referee.canasta.options import SPECS, VARIANTS
from referee.canasta.scoring import score_side
from referee.cards import parse_card

S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
GUIDE = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "canasta.md").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def english_around_each_test():
    """Each test starts in English and leaves the language as it found it (the app sets the request's language in
    the caller's context)."""
    with i18n.language("en"):
        yield


def m(s):
    return s.split()


def cards(s):
    return [parse_card(c) for c in s.split()]


def ru(endpoint, body):
    return service.handle("canasta", endpoint, body, "ru")


def lines(ans, side):
    return [(x["item"], x["points"]) for x in next(s for s in ans["sides"] if s["id"] == side)["lines"]]


def four_player_deal():
    # the Canasta guide's four-player hand (docs/canasta.md): NS 22 cards (7 + 7 + 4 + 3 + 3 melded, South's 8
    # in hand = 32 >= 22), EW 7 + 8 in hand and 7 melded (22); 8 kings, 6 of the 8 nines, 2 of the 4 jokers,
    # 3 red threes
    return {"sides": [
        {"id": "NS", "went_out": True, "red_threes": ["3H", "3D"],
         "melds": [["K"] * 7, m("9 9 9 9 9 2 JK"), m("A A A A"), m("8 8 8"), m("6 6 6")],
         "hands": [[], m("7 4 5 5 Q J 10 9")]},
        {"id": "EW", "red_threes": ["3H"], "melds": [m("Q Q Q 2"), m("J J J")],
         "hands": [m("JK Q 4 4 5 6 7"), m("5 6 K 10 10 7 4 4")]}]}


def test_score_lines_in_russian():
    # NS: natural kings 500, mixed nines 300, two red threes 200, going out 100; EW: one red three 100
    ans = ru("score", {"sides": S4, "state": {"scores": {"NS": 1250, "EW": 2310}}, "deal": four_player_deal()})
    assert lines(ans, "NS") == [("натуральная канаста из королей", 500), ("смешанная канаста из девяток", 300),
                                ("2 красные тройки", 200), ("выход", 100), ("выложенные карты", 315),
                                ("карты на руках", -60)]
    assert lines(ans, "EW")[0] == ("1 красная тройка", 100)
    # the numbers are the English answer's
    en = service.handle("canasta", "score", {"sides": S4, "state": {"scores": {"NS": 1250, "EW": 2310}},
                                            "deal": four_player_deal()})
    assert [s["hand_score"] for s in ans["sides"]] == [s["hand_score"] for s in en["sides"]] == [1355, 40]


@pytest.mark.parametrize("n,item", [(1, "1 красная тройка"), (2, "2 красные тройки"), (4, "4 красные тройки"),
                                    (5, "5 красных троек"), (6, "6 красных троек")])
def test_red_three_lines_take_the_russian_plural_forms(n, item):
    # three packs (six red threes): 100 each up to four, 1,000 for five, 1,200 for six (six_1200); the side has a
    # natural canasta of kings, so they count plus
    opts = VARIANTS["six-player"].resolve({})
    with i18n.language("ru"):
        s = score_side([cards("KS KH KD KC KS KH KD")], [cards("4S 5S")], opts, red_threes=n)
    assert s.lines[0] == {"item": "натуральная канаста из королей", "points": 500, "rule": "canasta/3.2"}
    assert s.lines[1] == {"item": item, "points": {5: 1000, 6: 1200}.get(n, 100 * n), "rule": "canasta/2.2"}


def test_red_threes_against_a_side_say_why_in_russian():
    # popular Russian: a side without a canasta counts its red three minus 105
    opts = VARIANTS["russian-popular"].resolve({})
    with i18n.language("ru"):
        s = score_side([cards("KS KH KD")], [cards("4S 5S")], opts, red_threes=1)
    assert s.lines[0] == {"item": "1 красная тройка: у стороны нет канасты", "points": -105, "rule": "canasta/2.2"}


def test_a_sequence_line_shows_its_suit_as_a_symbol():
    # Samba: hearts from 8 to A make a samba, 1,500; English keeps the suit letter of the card notation
    opts = VARIANTS["samba"].resolve({})
    seq = [parse_card(c) for c in m("8H 9H 10H JH QH KH AH")]
    with i18n.language("ru"):
        assert score_side([seq], [[]], opts).lines[0]["item"] == "самба (♥)"
    assert score_side([seq], [[]], opts).lines[0]["item"] == "samba in H"


def test_a_violation_in_russian_shows_the_card_as_symbols():
    # North has drawn (12 cards, his side melded nines) and discards a queen of spades he does not hold
    body = {"sides": S4, "position": {"phase": "play", "hand": m("9S JK 5C 6D KH KC QD 8S 4H 7C 10D 10D"),
                                      "melds": {"NS": [m("9H 9D 9C")]}, "pile": {"size": 0}, "stock": 40},
            "action": {"type": "discard", "player": "North", "card": "Дп"}}
    ans = ru("check", body)
    assert ans["legal"] is False
    assert ans["violations"] == [{"rule": "canasta/6.1", "message": "North: на руке нет Д♠", "pointer": "/action/card"}]
    assert service.handle("canasta", "check", body)["violations"][0]["message"] == "North does not hold QS"


def test_rank_only_cards_in_russian_notation():
    # the same four-player hand written with Т К Д В and Дж, 3ч and 3б: the same score, canonical cards
    latin = four_player_deal()
    text = json.dumps(latin)
    for a, b in (('"K"', '"К"'), ('"Q"', '"Д"'), ('"A"', '"Т"'), ('"J"', '"В"'), ('"JK"', '"Дж"'),
                 ('"3H"', '"3ч"'), ('"3D"', '"3б"')):
        text = text.replace(a, b)
    russian = json.loads(text)
    assert "К" in russian["sides"][0]["melds"][0] and "Дж" in russian["sides"][1]["hands"][0]
    en = service.handle("canasta", "score", {"sides": S4, "deal": latin})
    assert service.handle("canasta", "score", {"sides": S4, "deal": russian})["sides"] == en["sides"]


def test_a_layoff_names_its_meld_by_a_russian_rank():
    # North has drawn: K, Q, Q, Q, 9 and a 5 (6 cards, his side has melded queens) and lays two queens on them
    # by {"rank": "Д"}: four cards stay, the side's queens become Q Q Q Q Q
    body = {"sides": S4, "position": {"phase": "play", "hand": m("KS QH QD QC 9S 5H"),
                                      "melds": {"NS": [m("QS QH QD")]}, "pile": {"size": 0}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [{"rank": "Д", "cards": ["Дч", "Дб"]}]}}
    assert ru("check", body)["legal"] is True


def test_reported_excess_wild_cards_in_russian():
    # NS melded 9 9 9 with five wild cards: two too many (three at most), found late and reported (8.2, 50 each);
    # nobody went out.  The excess is read from the irregularity, never from its note, so Russian works too.
    deal = {"sides": [
        {"id": "NS", "melds": [m("9 9 9 2 2 2 JK JK"), m("K K K")], "hands": [m("4"), m("4 5 6 7 8 9 10 J K K K K")]},
        {"id": "EW", "melds": [m("Q Q Q")], "hands": [m("4 5 6 7 8 9 10 4 5 6"), m("4 5 6 7 8 9 10 A A")]}],
        "irregularities": [{"type": "excess_wild_cards", "side": "NS", "count": 2}]}
    ans = ru("score", {"sides": S4, "deal": deal})
    assert ("лишние свободные карты (2 × 50)", -100) in lines(ans, "NS")
    assert ans["penalties"] == [{"rule": "canasta/8.2", "side": "NS", "points": -100,
                                 "note": "лишние свободные карты (2 × 50)"}]
    # the citation's title names both figures of the rule: a player looking up −100 for two wild cards must not
    # read "illegal meld (100)" alone
    assert [c["title"] for c in ans["citations"] if c["rule"] == "canasta/8.2"] == \
        ["Неправильная комбинация (100; лишняя свободная карта — 50)"]


def test_a_422_detail_in_russian(client):
    # EW never melded, so each of them holds exactly the 11 cards he was dealt (22 in all, which they show);
    # East shows 10 and West 12
    deal = four_player_deal()
    deal["sides"][1].update(melds=[], hands=[m("JK Q 4 4 5 6 7 Q Q 2"), m("5 6 K 10 10 7 4 4 J J J Q")])
    r = client.post("/v1/games/canasta/score", json={"sides": S4, "deal": deal}, headers={"Accept-Language": "ru"})
    assert r.status_code == 422 and r.headers["Content-Language"] == "ru"
    assert {"pointer": "/deal/sides/1/hands/0",
            "detail": "у игрока, чья сторона ничего не выложила, на руке должно быть ровно 11 сданных ему карт, а не 10"
                      ""} \
        in r.get_json()["errors"]


def test_an_option_conflict_in_russian():
    with pytest.raises(Exception) as e:
        ru("score", {"options": {"red_three_scale": "six_1000"}, "sides": S4, "deal": four_player_deal()})
    assert e.value.errors == [{"pointer": "/options/red_three_scale",
                               "detail": "эта шкала считает пять и шесть красных троек, а они бывают только в "
                                         "трёх колодах: играйте тремя колодами"}]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_titles_and_summaries_never_say_seed(lang):
    with i18n.language(lang):
        texts = [i18n._(GAME.title)] + [t for v in VARIANTS.values() for t in (v.describe()["title"],
                                                                              v.describe()["summary"])]
        texts += [i18n._(s.summary) for s in SPECS.values()]
        traditional = VARIANTS["traditional"].describe()["title"]
    assert not [t for t in texts if re.search(r"\bseeds?\b|сид", t, re.I)]
    if lang == "ru":
        assert texts[0] == "Канаста"
        assert traditional == "Традиционная канаста"


def test_the_guide_russian_example():
    # the Russian example of docs/canasta.md, replayed with Accept-Language (test_readme replays it too, as a subset)
    block = re.search(r"## The same ruling in Russian.*?```sh\n(curl [^`]*?)\n```.*?```json\n(.*?)\n```", GUIDE,
                      re.S)
    cmd, shown = block.groups()
    assert "-H 'Accept-Language: ru'" in cmd
    body = json.loads(re.search(r"-d '(.*)'\s*$", cmd, re.S).group(1))
    ans = ru("check", body)
    shown = json.loads(shown)
    for key in ("legal", "violations", "penalties", "legal_actions"):
        assert ans[key] == shown[key], key
