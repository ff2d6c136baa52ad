"""Thousand: a body with two independent faults is told both at once, each at its field, in English and Russian (the
game before the deal, a position's current trick, a scored deal's fields); a body with one of them is told that one
alone (the single-fault tests are beside each check's own tests)."""
import pytest

from tests.thousand_helpers import PLAYERS

PASS = {"type": "pass", "player": "Boris"}       # an action that needs no hand: the position alone is judged
# Vera deals, Anna bid 100: the README deal as card points, 63 + 57 + 0 = 120 in 4 + 4 + 0 = 8 tricks
BY_POINTS = {"declarer": "Anna", "contract": 100, "points": {"Anna": 63, "Boris": 57, "Vera": 0},
             "tricks_taken": {"Anna": 4, "Boris": 4, "Vera": 0}}
# two players: Anna 7 tricks (14 cards) and her 2 discards, 92; Boris 3 tricks, 28; 92 + 28 = 120
TWO = {"declarer": "Anna", "contract": 100, "points": {"Anna": 92, "Boris": 28}, "tricks_taken": {"Anna": 7, "Boris": 3},
       "musik_unused": ["9S", "9H"], "discards": ["9D", "9C"]}


def errors_of(client, endpoint, body, lang):
    r = client.post(f"/v1/games/thousand/{endpoint}", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422
    return [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]]


def score(deal, **extra):
    return "score", {"players": PLAYERS, "dealer": "Vera", "deal": deal, **extra}


CASES = {
    # three players: golden deals played run 0–2, and a finished round has none in play; 3 played and over breaks both
    "golden round": (
        score(BY_POINTS, state={"scores": dict.fromkeys(PLAYERS, 0), "golden": {"played": 3, "over": True}},
              options={"golden_round": True}),
        [("/state/golden/played", "golden deals played in the round: from 0 to one less than the players",
          "сыгранные сдачи золотого кона: от 0 до числа игроков без одного"),
         ("/state/golden/over", "a finished golden round has no deals in play",
          "у законченного золотого кона нет текущих сдач")]),
    # 7 is no multiple of 5, and a total of 7 is not the barrel's 880, so no barrel deals
    "a total and its barrel deals": (
        score(BY_POINTS, state={"scores": {"Anna": 7, "Boris": 0, "Vera": 0}, "barrel": {"Anna": {"deals": 1}}}),
        [("/state/scores/Anna", "7 cannot happen: with three players every score is a multiple of 5",
          "7 невозможно: втроём любой счёт кратен 5"),
         ("/state/barrel/Anna/deals", "Anna is not on the barrel (total 7), so has no barrel deals",
          "Anna: не на бочке (счёт 7), поэтому сдач на бочке нет")]),
    # no trick won yet, so the declarer leads the first one; and a trick of three players holds at most 2 cards
    # before the last is played
    "the current trick": (
        ("check", {"players": PLAYERS, "dealer": "Vera", "action": PASS,
                   "position": {"phase": "play", "declarer": "Anna", "contract": 100,
                                "tricks_won": {"Anna": 0, "Boris": 0, "Vera": 0},
                                "trick": {"leader": "Boris", "cards": ["9S", "9H", "9D"]}}}),
        [("/position/trick/leader", "the declarer (Anna) leads to the first trick",
          "в первую взятку ходит заказчик (Anna)"),
         ("/position/trick/cards", "the current trick is already complete", "текущая взятка уже собрана")]),
    # a marriage: the ace marriage is off, and after 1 trick won the current trick is trick 1 (counted from 0), so
    # no marriage was led to trick 3
    "a marriage's suit and trick": (
        ("check", {"players": PLAYERS, "dealer": "Vera", "action": PASS, "options": {"ace_marriage": False},
                   "position": {"phase": "play", "declarer": "Anna", "contract": 100,
                                "tricks_won": {"Anna": 1, "Boris": 0, "Vera": 0}, "trick": {"leader": "Anna"},
                                "marriages": [{"player": "Anna", "suit": "aces", "trick": 3}]}}),
        [("/position/marriages/0/suit", "the ace marriage is not played in this game",
          "в этой игре тузового марьяжа нет"),
         ("/position/marriages/0/trick", "the trick the marriage was led to, counted from 0: 0 to 1",
          "номер взятки, в которую пошли с марьяжа, считая с 0: от 0 до 1")]),
    # the bidding has no trump yet, and Anna's bid is judged after the calls before it, which are not given
    "a bidding position's fields and calls": (
        ("check", {"players": PLAYERS, "dealer": "Vera", "position": {"phase": "bidding", "trump": "H"},
                   "action": {"type": "bid", "player": "Anna", "amount": 110}}),
        [("/position/trump", "this is not part of a position in the bidding phase",
          "это не часть позиции в фазе «торговля»"),
         ("/position/bids", "give the earlier calls of the auction (none when nobody has spoken)",
          "укажите прежние слова торговли (пусто, если никто ещё не говорил)")]),
    # two players: the unused musik is 2 cards (1 given), the discards 2 (3 given)
    "a two-player deal's cards out of play": (
        ("score", {"variant": "two-player", "players": ["Anna", "Boris"], "dealer": "Boris",
                   "deal": {**TWO, "musik_unused": ["9S"], "discards": ["9D", "9C", "9H"]}}),
        [("/deal/musik_unused", "a musik holds 2 cards", "в прикупе 2 карты"),
         ("/deal/discards", "the declarer discards 2 cards", "заказчик сбрасывает 2 карты")]),
    # three players have neither an unused musik nor discards laid aside
    "two-player fields in a three-player deal": (
        score({**BY_POINTS, "musik_unused": ["9S", "9H"], "discards": ["9D", "9C"]}),
        [("/deal/musik_unused", "only the two-player game has an unused musik",
          "неиспользованный прикуп бывает только в игре вдвоём"),
         ("/deal/discards", "only the two-player game has discards laid aside", "сброс бывает только в игре вдвоём")]),
    # a conceded deal is not played: neither its points nor a marriage
    "a conceded deal's play": (
        score({"declarer": "Anna", "contract": 100, "conceded": True, "points": BY_POINTS["points"],
               "marriages": [{"player": "Anna", "suit": "S"}]}),
        [("/deal/points", "a conceded deal is not played: give no tricks, points or marriages",
          "расписанную сдачу не играют: не указывайте взяток, очков и марьяжей"),
         ("/deal/marriages", "a conceded deal is not played: give no tricks, points or marriages",
          "расписанную сдачу не играют: не указывайте взяток, очков и марьяжей")]),
    # 63 + 50 + 0 = 113 card points, not 120; 4 + 3 + 0 = 7 tricks, not 8
    "points and tricks adding up": (
        score({**BY_POINTS, "points": {"Anna": 63, "Boris": 50, "Vera": 0},
               "tricks_taken": {"Anna": 4, "Boris": 3, "Vera": 0}}),
        [("/deal/points", "the card points of a deal add up to 120, not 113",
          "очки за карты в сдаче дают в сумме 120, а не 113"),
         ("/deal/tricks_taken", "a deal has 8 tricks, not 7", "в сдаче взяток 8, а не 7")]),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_independent_faults_are_both_told(client, case, lang):
    (endpoint, body), faults = CASES[case]
    told = [(ptr, en if lang == "en" else ru) for ptr, en, ru in faults]
    assert errors_of(client, endpoint, body, lang) == told


def test_one_fault_of_the_pair_is_told_alone(client):
    # the two-player deal's discards right (2 cards), its musik one short: only the musik is told
    body = {"variant": "two-player", "players": ["Anna", "Boris"], "dealer": "Boris",
            "deal": {**TWO, "musik_unused": ["9S"]}}
    assert errors_of(client, "score", body, "en") == [("/deal/musik_unused", "a musik holds 2 cards")]
    # the trick led by the declarer, but complete: only the cards are told
    body = {"players": PLAYERS, "dealer": "Vera", "action": PASS,
            "position": {"phase": "play", "declarer": "Anna", "contract": 100,
                         "tricks_won": {"Anna": 0, "Boris": 0, "Vera": 0},
                         "trick": {"leader": "Anna", "cards": ["9S", "9H", "9D"]}}}
    assert errors_of(client, "check", body, "ru") == [("/position/trick/cards", "текущая взятка уже собрана")]


@pytest.mark.parametrize("lang, told", [("en", "no contract is below 100"), ("ru", "заказ не бывает меньше 100")])
def test_a_fault_that_rests_on_another_is_not_told_with_it(client, lang, told):
    # 97 is below 100 and not a step of 5 either; the steps are counted from 100, so only the first is told
    body = {"players": PLAYERS, "dealer": "Vera", "action": PASS,
            "position": {"phase": "play", "declarer": "Anna", "contract": 97,
                         "tricks_won": {"Anna": 0, "Boris": 0, "Vera": 0}}}
    assert errors_of(client, "check", body, lang) == [("/position/contract", told)]


def judged(client, position, action):
    r = client.post("/v1/games/thousand/check", json={"players": PLAYERS, "dealer": "Vera", "position": position,
                                                       "action": action})
    return r.status_code, r.get_json()


def test_tricks_said_as_some_are_counted_by_the_hand_with_the_card_on_the_table(client):
    # Anna won "some" tricks and leads the current one: Anna 9S, Boris JS.  Boris held 8 cards at the first trick
    # (7 dealt and 1 from the talon), so 5 left after the JS are 8 - 5 - 1 = 2 tricks played: the position holds,
    # and Boris, who has played to this trick, may not play again
    position = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": "some", "Boris": 0,
                                                                                      "Vera": 0},
                "trick": {"leader": "Anna", "cards": ["9S", "JS"]}, "hand": ["AH", "KH", "QD", "JD", "10C"]}
    status, ruling = judged(client, position, {"type": "play", "player": "Boris", "card": "AH"})
    assert (status, ruling["legal"]) == (200, False)


def test_a_player_said_to_have_won_some_tricks_may_have_announced_more_than_one_marriage(client):
    # "some" is one trick or more: Boris's two marriages need two leads after won tricks, which "some" allows; one
    # trick won exactly does not
    position = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 0, "Boris": "some",
                                                                                      "Vera": 0},
                "trick": {"leader": "Boris"}, "trump": "S",
                "marriages": [{"player": "Boris", "suit": "H"}, {"player": "Boris", "suit": "S"}]}
    assert judged(client, position, {"type": "pass", "player": "Vera"})[0] == 200
    status, problem = judged(client, {**position, "tricks_won": {"Anna": 0, "Boris": 1, "Vera": 0}},
                             {"type": "pass", "player": "Vera"})
    assert (status, problem["errors"]) == (422, [{"pointer": "/position/marriages/1", "detail": (
        "Boris has won 1 trick, too few to have announced this marriage")}])
