"""Faults a black-box tester found in Canasta, each kept with its input (and its siblings): a short opening of any
kind carries canasta/8.1; amounts in messages are written as the language writes numbers; the 12-card classic's
last card kept is offered as an action; messages name no option, field or zero-based index; a red three kept past
its holder's turn breaks canasta/2.1.  Card values: joker 50, ace and 2 20, K to 8 10, 7 to 4 5."""
import pytest

from referee import service

SIDES = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
NB = "\u00a0"      # the Russian group separator


def check(body, lang="en"):
    return service.handle("canasta", "check", {"sides": SIDES, **body}, lang)


def brazilian(score, melds=(("AH", "AS", "AD"),)):
    # North, whose side has not melded, has drawn (15 + 2 = 17 cards) and melds three aces (60)
    return {"variant": "brazilian", "state": {"scores": {"NS": score, "EW": 0}},
            "position": {"phase": "play", "turn": {"drew_from": "stock"},
                         "hand": ["KH", "KS", "KD", "KC", "KH", "2C", "JK", "AH", "AS", "AD", "5C", "6D", "7C",
                                  "8D", "9C", "10D", "JC"],
                         "melds": {"EW": [["9H", "9S", "9D"]]}, "pile": {"top": "9D", "size": 5}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [list(m) for m in melds]}}


CANASTA_NOTE = ("add cards from the hand to make the canasta the opening needs, or take the cards back at no cost; "
                "the short opening stands if nobody objects before the next player draws")
COUNT_NOTE = ("add melds from the hand to reach the minimum, or take the cards back and the side's minimum rises by "
              "10 for this deal; the short opening stands if nobody objects before the next player draws")


@pytest.mark.parametrize("score,message,note", [
    # 6,995: the count table (120 from 3,000); three aces make 60
    (6995, "the side's first meld needs 120; these melds make 60 (bonuses never count)", COUNT_NOTE),
    (7000, "at 7,000 the side opens with a canasta", CANASTA_NOTE),      # the tester's input
    (7005, "at 7,005 the side opens with a canasta", CANASTA_NOTE),
    (7995, "at 7,995 the side opens with a canasta", CANASTA_NOTE),
    (8000, "at 8,000 the side opens with a canasta and 200 in cards", CANASTA_NOTE),
    (8995, "at 8,995 the side opens with a canasta and 200 in cards", CANASTA_NOTE),
    (9000, "at 9,000 the side opens with a natural canasta", CANASTA_NOTE),
])
def test_a_short_brazilian_opening_of_any_kind_carries_8_1(score, message, note):
    ans = check(brazilian(score))
    assert ans["legal"] is False
    assert [(v["rule"], v["message"]) for v in ans["violations"]] == [("canasta/4.1", message)]
    assert ans["penalties"] == [{"rule": "canasta/8.1", "side": "NS", "points": 0, "note": note}]
    assert "canasta/8.1" in {c["rule"] for c in ans["citations"]}


def test_a_short_brazilian_opening_in_russian():
    ans = check(brazilian(7000), "ru")
    assert ans["violations"][0]["message"] == f"при счёте 7{NB}000 сторона открывается канастой"
    assert ans["penalties"][0]["note"] == (
        "доложите карты с руки, чтобы составить нужную для открытия канасту, или без штрафа заберите карты обратно; "
        "недостаточное открытие остаётся в силе, если никто не возразил, пока следующий игрок не взял карту")
    ans = check(brazilian(9000), "ru")
    assert ans["violations"][0]["message"] == f"при счёте 9{NB}000 сторона открывается натуральной канастой"


def from_8000(melds):
    body = brazilian(8000, melds)
    body["position"]["hand"] = ["KH", "KS", "KD", "KC", "KH", "KS", "JK", "AH", "AS", "AD", "10S", "10H", "10C", "4S",
                                "4H", "4C", "JC"]
    return body


K6_J = ("KH", "KS", "KD", "KC", "KH", "KS", "JK")       # a mixed canasta: 6 x 10 + 50 = 110
ACES, TENS, FOURS = ("AH", "AS", "AD"), ("10S", "10H", "10C"), ("4S", "4H", "4C")     # 60, 30, 15


@pytest.mark.parametrize("melds,count", [
    ([K6_J], 110),
    ([K6_J, ACES], 170),
    ([K6_J, ACES, FOURS], 185),       # under the figure
    ([K6_J, ACES, TENS], 200),        # at it
])
def test_from_8000_a_canasta_short_of_200_is_a_short_count(melds, count):
    ans = check(from_8000(melds))
    if count >= 200:
        assert ans["legal"] is True
        return
    assert ans["violations"][0]["message"] == ("from 8,000 the opening holds a canasta and 200 in cards; these make "
                                               f"{count}")
    assert ans["penalties"] == [{"rule": "canasta/8.1", "side": "NS", "points": 0, "note": COUNT_NOTE}]


def test_a_short_opening_with_the_pile_has_one_parenthesis():
    # at 1,500 (90) North takes the 9D with 9S 9H: 30, with 8S 8H 8C 30 more = 60 < 90
    body = {"state": {"scores": {"NS": 1500, "EW": 0}},
            "position": {"phase": "draw", "hand": ["9S", "9H", "8S", "8H", "8C", "4C", "5D", "6H", "7S", "JS", "QD"],
                         "pile": {"top": "9D", "size": 4}, "stock": 40},
            "action": {"type": "take_pile", "player": "North", "cards": ["9S", "9H"],
                       "melds": [["8S", "8H", "8C"]]}}
    ans = check(body)
    assert ans["violations"][0]["message"] == ("the side's first meld needs 90; these melds and the top card make 60 "
                                               "(the rest of the pile and bonuses never count)")
    assert ans["penalties"] == [{"rule": "canasta/8.1", "side": "NS", "points": 0, "note": COUNT_NOTE}]
    assert check(body, "ru")["violations"][0]["message"] == (
        "для первой комбинации стороны нужно 90; эти комбинации и верхняя карта сброса дают 60 (остальные карты "
        "сброса и премии не засчитываются)")


def test_the_game_over_amounts_are_numbers_of_the_language():
    body = {"state": {"scores": {"NS": 5000, "EW": 0}},
            "position": {"phase": "draw", "hand": ["4C"] * 11, "pile": {"top": "9D", "size": 4}, "stock": 40},
            "action": {"type": "draw", "player": "North"}}
    with pytest.raises(Exception) as e:
        check(body, "ru")
    assert f"5{NB}000" in str(e.value.errors[0]["detail"])


# ---------------------------------------------------------------- the 12-card classic: the last card is kept

def classic_12(action):
    return {"variant": "classic-12",
            "position": {"phase": "play", "turn": {"drew_from": "stock", "melded": True}, "hand": ["5C"],
                         "melds": {"NS": [["AH", "AS", "AD"], ["KH", "KS", "KD"]], "EW": [["QH", "QS", "QD"]]},
                         "pile": {"top": "9D", "size": 5}, "stock": 40},
            "action": {"player": "North", **action}}


def test_the_classic_12_ruling_offers_keeping_the_last_card():
    # no canasta: the last card is kept (6.2), the discard is charged 100 (8.6); ending the turn is what is left
    ans = check(classic_12({"type": "discard", "card": "5C"}))
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/6.2")
    assert ans["violations"][0]["message"] == ("going out needs 1 canasta on the side's table; without them the last "
                                               "card is kept, not discarded, and the turn passes")
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.6", -100)]
    assert ans["legal_actions"] == [{"type": "end", "player": "North"}]
    ru = check(classic_12({"type": "discard", "card": "5C"}), "ru")
    assert ru["violations"][0]["message"] == ("для выхода у стороны должна быть канаста; пока этого нет, последнюю "
                                              "карту оставляют на руке, а не сбрасывают, и ход переходит к следующему")
    ans = check(classic_12({"type": "end"}))
    assert ans["legal"] is True
    assert ans["effects"] == {"turn_passes": "North keeps his last card and skips the discard; East plays "
                                             "(canasta/6.2)"}
    assert "canasta/6.2" in {c["rule"] for c in ans["citations"]}


def test_with_a_canasta_the_classic_12_last_card_goes_out():
    # one canasta (seven aces) is what the 12-card classic needs: the discard goes out, no end is offered
    body = classic_12({"type": "discard", "card": "5C"})
    body["position"]["melds"]["NS"] = [["AH", "AS", "AD", "AC", "AH", "AS", "AD"], ["KH", "KS", "KD"]]
    ans = check(body)
    assert ans["legal"] is True and ans["effects"]["went_out"] is True
    assert {"type": "end", "player": "North"} not in ans["legal_actions"]
    body["action"] = {"type": "end", "player": "North"}
    assert check(body)["legal"] is False


# ---------------------------------------------------------------- plain words: no option names, counting from 1

def test_meld_numbers_count_from_one_in_both_languages():
    body = {"options": {"wild_ratio": "fewer"},
            "position": {"phase": "play", "hand": ["9H", "9D", "9S", "2C", "2D", "JK", "5C", "7D"],
                         "melds": {"NS": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"]]},
                         "pile": {"top": "9C", "size": 4}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [["9H", "9D", "9S", "2C", "2D", "JK"]]}}
    assert check(body)["violations"][0]["message"] == "meld 1: the natural cards must outnumber the wild cards"
    assert check(body, "ru")["violations"][0]["message"] == \
        "комбинация 1: натуральных карт должно быть больше, чем свободных"


def test_no_ruling_names_an_option():
    # every ruling, note and score line of the engine, in both languages (options.py describes the options and
    # parse.py's 422 details name the request's fields, so they may)
    import re
    from referee.i18n import extract, translations
    ru = translations("ru")
    for mid, locs, _flags in extract():
        if not any("canasta" in l[0] and not l[0].endswith(("options.py", "parse.py")) for l in locs):
            continue
        for text in ([mid] if isinstance(mid, str) else list(mid)):
            for shown in (text, ru.gettext(text)):
                assert not re.search(r"\([a-z]+_[a-z_]+|[a-z]+_[a-z]+\)|\) \(", shown), shown


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


# ---------------------------------------------------------------- a red three kept past its holder's turn

def kept(stock, action=None):
    # North has drawn (11 + 1 = 12 cards) and holds a dealt 3H
    return {"position": {"phase": "play", "turn": {"drew_from": "stock"},
                         "hand": ["3H", "5C", "6D", "7C", "8D", "9C", "10D", "JC", "QH", "KS", "4S", "4D"],
                         "pile": {"top": "9D", "size": 5}, "stock": stock},
            "action": action or {"type": "discard", "player": "North", "card": "5C"}}


KEPT_NOTE = ("laid out in a later turn the red three costs nothing; still in hand at the end of the deal it costs the "
             "side 500")


@pytest.mark.parametrize("stock", [1, 40])
def test_a_discard_that_keeps_a_red_three_breaks_2_1(stock):
    ans = check(kept(stock))
    assert ans["legal"] is False
    assert ans["violations"] == [{"rule": "canasta/2.1", "pointer": "/action", "message":
                                  "North ends his turn with a red three in hand (3H): it is laid out in his turn and "
                                  "replaced from the stock"}]
    assert ans["penalties"] == [{"rule": "canasta/8.3", "side": "NS", "points": 0, "note": KEPT_NOTE}]
    # what is allowed: laying it out first (no discard while it is held)
    assert [a["type"] for a in ans["legal_actions"]] == ["red_three", "ask", "ask"]
    ru = check(kept(stock), "ru")
    assert ru["violations"][0]["message"] == ("North заканчивает ход с красной тройкой на руке (3♥): её выкладывают в "
                                              "свой ход и добирают вместо неё карту из колоды")
    assert check(kept(stock, {"type": "red_three", "player": "North", "card": "3H"}))["legal"] is True


def test_with_the_stock_gone_a_red_three_cannot_be_laid_out():
    # stock 0: no replacement, so keeping it is no fault of his (canasta/2.1); the discard stands
    ans = check(kept(0))
    assert ans["legal"] is True and ans["violations"] == []
    assert {"type": "discard", "player": "North", "card": "5C"} in ans["legal_actions"]


def test_a_red_three_laid_out_late_is_a_violation_without_the_500():
    # the README deal; West keeps 3H through his first turn (event 8) and lays it out in his second (event 13),
    # drawing KC for it; then North goes out concealed.  One violation, and no 500: the three is not in hand at the
    # end, so it scores with EW's red threes, -100 (EW never melded).
    deal = {"type": "deal", "dealer": "West", "pile": ["9C"], "hands": {
        "North": ["KH", "KD", "KS", "KC", "KH", "KD", "KS", "QH", "QD", "QS", "5D"],
        "East": ["4H", "4D", "5S", "6C", "7H", "8D", "9S", "10C", "JH", "AD", "2C"],
        "South": ["4S", "5H", "6D", "7C", "8H", "9D", "10S", "JD", "AS", "AC", "JK"],
        "West": ["4C", "5D", "6H", "7S", "8C", "9H", "10D", "JS", "AH", "2D", "3H"]}}

    def turn(p, card):
        return [{"type": "draw", "player": p, "cards": [card]}, {"type": "discard", "player": p, "card": card}]
    log = [deal] + turn("North", "5C") + turn("East", "6S") + turn("South", "7D") + turn("West", "8S") \
        + turn("North", "6D") + turn("East", "7S") + turn("South", "8D") \
        + [{"type": "red_three", "player": "West", "card": "3H", "replacement": "KC"}] + turn("West", "9S") + [
            {"type": "draw", "player": "North", "cards": ["QC"]},
            {"type": "go_out", "player": "North", "melds": [["KH", "KD", "KS", "KC", "KH", "KD", "KS"],
                                                            ["QH", "QD", "QS", "QC"]], "card": "5D"}]
    ans = service.handle("canasta", "validate", {"sides": SIDES, "log": log})
    assert [(v["index"], v["event"], v["rule"], v["pointer"]) for v in ans["violations"]] == \
        [(8, "discard", "canasta/2.1", "/log/8")]
    assert ans["violations"][0]["penalty"] == {"rule": "canasta/8.3", "side": "EW", "points": 0, "note": KEPT_NOTE}
    assert ans["final"]["penalties"] == []
    ew = ans["final"]["sides"][1]
    assert ew["base_score"] == -100 and ew["penalties"] == 0
