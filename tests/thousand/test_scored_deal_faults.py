"""Thousand: a deal given for scoring, checked against the deck, the seats and the rules by checks stated once as
tables: a marriage's lead (thousand/10.1), how the contract was reached (a golden deal 18.1, the forced 100 taken
over 7.1), a void deal (5.1), the card points and tricks adding up (1.3), the two-player game's cards (3.3), a
contract's bounds (7.2, 7.5) and an irregularity's culprit (4.1, 5.2).  Each is refused at its field with its message
in English and Russian, and the deal one step inside is scored."""
import pytest

from tests.thousand_helpers import README_TRICKS

PLAYERS = ["Anna", "Boris", "Vera"]     # Vera deals: Anna is first hand

# The README deal trick by trick (tests/thousand_helpers.py): Anna declared 100, announced spades leading KS to trick 2
# and Boris hearts leading KH to trick 3.  Card points Anna 63, Boris 57, Vera 0.
MARRIAGES = [{"player": "Anna", "suit": "S", "trick": 2}, {"player": "Boris", "suit": "H", "trick": 3}]
BY_TRICKS = {"declarer": "Anna", "contract": 100, "tricks": README_TRICKS, "marriages": MARRIAGES}
# The same deal as card points with tricks taken: Anna won tricks 0, 1, 3, 5 and Boris 2, 4, 6, 7 (4 + 4 + 0 = 8)
BY_POINTS = {"declarer": "Anna", "contract": 100, "points": {"Anna": 63, "Boris": 57, "Vera": 0},
             "tricks_taken": {"Anna": 4, "Boris": 4, "Vera": 0}}


def post(client, deal, lang="en", **extra):
    body = {"players": PLAYERS, "dealer": "Vera", "deal": deal, **extra}
    r = client.post("/v1/games/thousand/score", json=body, headers={"Accept-Language": lang})
    return r.status_code, r.get_json()


def errors(ans):
    return [(e["pointer"], e["detail"]) for e in ans["errors"]]


@pytest.mark.parametrize("deal", [BY_TRICKS, BY_POINTS])
def test_the_readme_deal_is_scored_in_either_form(client, deal):
    status, ans = post(client, deal)
    assert status == 200, ans


# ---------------------------------------------------------------- a marriage's lead (10.1)

@pytest.mark.parametrize("lang,detail", [
    ("en", "trick 3 was not led by Anna with the K or Q of spades"),
    ("ru", "во взятку 3 у игрока Anna не было хода с короля или дамы ♠"),
])
def test_a_marriage_given_on_a_trick_its_owner_did_not_lead(client, lang, detail):
    # trick 3 was Boris's lead (KH); Anna's KS was trick 2 (one step inside: BY_TRICKS)
    status, ans = post(client, {**BY_TRICKS, "marriages": [{"player": "Anna", "suit": "S", "trick": 3}, MARRIAGES[1]]},
                       lang)
    assert status == 422
    assert errors(ans) == [("/deal/marriages/0/trick", detail)]


@pytest.mark.parametrize("lang,detail", [
    ("en", "trick 2 was not led by Anna with an ace"),
    ("ru", "во взятку 2 не ходили с туза (Anna)"),
])
def test_the_ace_marriage_given_on_a_trick_led_with_a_king(client, lang, detail):
    status, ans = post(client, {**BY_TRICKS, "marriages": [{"player": "Anna", "suit": "aces", "trick": 2}]}, lang,
                       options={"ace_marriage": True})
    assert status == 422
    assert errors(ans) == [("/deal/marriages/0/trick", detail)]


@pytest.mark.parametrize("lang,suit,detail", [
    ("en", "C", "Vera never led the K or Q of clubs, so could not announce this marriage"),
    ("ru", "C", "у игрока Vera не было ни одного хода с короля или дамы ♣, поэтому этот марьяж объявить нельзя"),
    ("en", "aces", "Vera never led an ace, so could not announce this marriage"),
    ("ru", "aces", "у игрока Vera не было ни одного хода с туза, поэтому этот марьяж объявить нельзя"),
])
def test_a_marriage_of_a_player_who_never_led_one_of_its_cards(client, lang, suit, detail):
    # Vera led no trick at all in the README deal
    status, ans = post(client, {**BY_TRICKS, "marriages": MARRIAGES + [{"player": "Vera", "suit": suit}]}, lang,
                       options={"ace_marriage": True})
    assert status == 422
    assert errors(ans) == [("/deal/marriages/2", detail)]


# ---------------------------------------------------------------- how the contract was reached (18.1, 7.1)

ZERO = {"Anna": 0, "Boris": 0, "Vera": 0}
GOLDEN = {"golden_round": True}


@pytest.mark.parametrize("deal,extra,pointer,en,ru", [
    ({**BY_POINTS, "contract": 120, "golden": True}, {}, "/deal/golden",
     "the golden round is not played in this game", "в этой игре золотого кона нет"),
    ({**BY_POINTS, "contract": 120, "golden": False}, {"options": GOLDEN, "state": {"scores": ZERO,
                                                                                   "golden": {"played": 1}}},
     "/deal/golden", "the golden round is under way, so this deal is a golden one",
     "золотой кон идёт, значит, эта сдача золотая"),
    ({**BY_POINTS, "contract": 125, "golden": True}, {"options": GOLDEN}, "/deal/contract",
     "a golden-round contract is 120", "заказ золотого кона — 120"),
    ({**BY_POINTS, "contract": 115, "golden": True}, {"options": GOLDEN}, "/deal/contract",
     "a golden-round contract is 120", "заказ золотого кона — 120"),
    ({**BY_POINTS, "contract": 120, "golden": True, "blind": True}, {"options": {**GOLDEN, "blind": True}},
     "/deal/blind", "a golden deal has no auction, so no blind game",
     "в золотом кону нет торговли, а значит, и игры втёмную"),
    ({**BY_POINTS, "contract": 120, "golden": True}, {"options": GOLDEN, "state": {"scores": ZERO,
                                                                                  "golden": {"over": True}}},
     "/deal/golden", "the golden round has been played", "золотой кон уже сыгран"),
    ({**BY_POINTS, "declarer": "Boris", "contract": 120, "golden": True}, {"options": GOLDEN}, "/deal/declarer",
     "in a golden deal the player left of the dealer (Anna) plays the 120",
     "в сдаче золотого кона 120 играет игрок слева от сдающего (Anna)"),
])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_golden_deal_that_cannot_be(client, deal, extra, pointer, en, ru, lang):
    status, ans = post(client, deal, lang, **extra)
    assert status == 422
    assert errors(ans) == [(pointer, en if lang == "en" else ru)]


def test_a_golden_deal_of_the_first_hand_at_120_is_scored(client):
    status, ans = post(client, {**BY_POINTS, "contract": 120, "golden": True}, options=GOLDEN)
    assert status == 200, ans


TAKE_OVER = {"forced_bid_holder": "dealer", "forehand_opens_100": True}


@pytest.mark.parametrize("lang,detail", [
    ("en", "Vera is on the forced 100 and only Anna may take it over at 100: anyone else must bid more to play"),
    ("ru", "на сотне сидит Vera, забрать её за 100 может только Anna: остальным, чтобы играть, нужно дать больше"),
])
def test_only_the_first_hand_takes_the_dealers_100_over(client, lang, detail):
    status, ans = post(client, {**BY_POINTS, "declarer": "Boris"}, lang, options=TAKE_OVER)
    assert status == 422
    assert errors(ans) == [("/deal/contract", detail)]


def test_the_first_hand_takes_the_dealers_100_over(client):
    status, ans = post(client, BY_POINTS, options=TAKE_OVER)
    assert status == 200, ans


# ---------------------------------------------------------------- a void deal (5.1)

EXPOSED = [{"type": "exposed_card", "player": "Vera"}]


@pytest.mark.parametrize("deal,pointer,en,ru", [
    ({"contract": 100, "irregularities": EXPOSED}, "/deal/contract",
     "a card exposed in the deal cancels it: a void deal has no play",
     "карта, открытая при сдаче, отменяет сдачу: в отменённой сдаче нет игры"),
    ({}, "/deal/declarer", "a deal needs a declarer and contract, or only irregularities (a void deal)",
     "у сдачи должны быть заказчик и заказ или только нарушения (отменённая сдача)"),
    ({"tricks": README_TRICKS, "irregularities": [{"type": "talon_peek", "player": "Boris"}]}, "/deal/declarer",
     "a deal with play needs its declarer", "для сыгранной сдачи нужен заказчик"),
    ({"contract": 100, "irregularities": [{"type": "talon_peek", "player": "Boris"}]}, "/deal/declarer",
     "a deal with play needs its declarer", "для сыгранной сдачи нужен заказчик"),
])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_void_deal_has_no_play(client, deal, pointer, en, ru, lang):
    status, ans = post(client, deal, lang)
    assert status == 422
    assert errors(ans) == [(pointer, en if lang == "en" else ru)]


def test_a_deal_voided_by_an_exposed_card_is_scored(client):
    status, ans = post(client, {"irregularities": EXPOSED})
    assert status == 200, ans


# ---------------------------------------------------------------- the points and tricks add up (1.3)

@pytest.mark.parametrize("change,pointer,en,ru", [
    ({"points": {"Anna": 63, "Boris": 57, "Vera": 1}}, "/deal/points",
     "the card points of a deal add up to 120, not 121", "очки за карты в сдаче дают в сумме 120, а не 121"),
    ({"points": {"Anna": 63, "Boris": 56, "Vera": 0}}, "/deal/points",
     "the card points of a deal add up to 120, not 119", "очки за карты в сдаче дают в сумме 120, а не 119"),
    ({"tricks_taken": {"Anna": 4, "Boris": 4, "Vera": 1}}, "/deal/tricks_taken",
     "a deal has 8 tricks, not 9", "в сдаче взяток 8, а не 9"),
    ({"tricks_taken": {"Anna": 4, "Boris": 3, "Vera": 0}}, "/deal/tricks_taken",
     "a deal has 8 tricks, not 7", "в сдаче взяток 8, а не 7"),
])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_card_points_and_tricks_add_up(client, change, pointer, en, ru, lang):
    # one point or one trick over and under the deal's (BY_POINTS, 120 in 8 tricks, is scored)
    status, ans = post(client, {**BY_POINTS, **change}, lang)
    assert status == 422
    assert errors(ans) == [(pointer, en if lang == "en" else ru)]


# ---------------------------------------------------------------- the two-player game's cards (3.3)

@pytest.mark.parametrize("field,en,ru", [
    ("musik_unused", "only the two-player game has an unused musik", "неиспользованный прикуп бывает только в игре вдвоём"),
    ("discards", "only the two-player game has discards laid aside", "сброс бывает только в игре вдвоём"),
])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_three_players_have_no_musik_or_discards(client, field, en, ru, lang):
    status, ans = post(client, {**BY_TRICKS, field: ["9D", "JC"]}, lang)
    assert status == 422
    assert errors(ans) == [(f"/deal/{field}", en if lang == "en" else ru)]


# ---------------------------------------------------------------- a contract's bounds (7.2, 7.5)

@pytest.mark.parametrize("contract,options,en,ru", [
    (95, {}, "no contract is below 100", "заказ не бывает меньше 100"),
    (105, {"bid_step": 10}, "contracts go in steps of 10; 105 is not one", "заказы идут с шагом 10; 105 не подходит"),
    (405, {}, "no contract exceeds 400", "заказ не бывает больше 400"),
])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_contract_the_rules_do_not_allow(client, contract, options, en, ru, lang):
    status, ans = post(client, {**BY_POINTS, "contract": contract}, lang, options=options)
    assert status == 422
    assert errors(ans) == [("/deal/contract", en if lang == "en" else ru)]


@pytest.mark.parametrize("contract,options", [(100, {}), (110, {"bid_step": 10}), (400, {})])
def test_a_contract_at_a_bound_is_scored(client, contract, options):
    status, ans = post(client, {**BY_POINTS, "contract": contract}, options=options)
    assert status == 200, ans


# ---------------------------------------------------------------- an irregularity's culprit (4.1, 5.2)

@pytest.mark.parametrize("irregularities,pointer,en,ru", [
    ([{"type": "nine_cut", "player": "Vera"}], "/deal/irregularities/0/player",
     "the cutter, not the dealer, pays for the third nine", "за третью девятку платит сдвигающий, а не сдающий"),
    ([{"type": "talon_peek", "player": "Boris"}, {"type": "talon_peek", "player": "Boris"}], "/deal/irregularities/1",
     "talon_peek can happen once in a deal (the deal is then redealt or played)",
     "talon_peek бывает лишь раз за сдачу (после этого сдачу пересдают или играют)"),
])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_irregularity_that_cannot_be(client, irregularities, pointer, en, ru, lang):
    status, ans = post(client, {"irregularities": irregularities}, lang)
    assert status == 422
    assert errors(ans) == [(pointer, en if lang == "en" else ru)]


@pytest.mark.parametrize("irregularities", [[{"type": "nine_cut", "player": "Boris"}],
                                            [{"type": "talon_peek", "player": "Boris"},
                                             {"type": "talon_peek", "player": "Anna"}]])
def test_an_irregularity_one_step_inside_is_scored(client, irregularities):
    status, ans = post(client, {"irregularities": irregularities})
    assert status == 200, ans


# ---------------------------------------------------------------- the sitter's talon (3.6) and a concession (9.1)

FOUR = ["Anna", "Boris", "Vera", "Gleb"]    # Gleb deals and sits out, scoring from the talon


def post_four(client, deal, lang="en"):
    body = {"variant": "four-player", "players": FOUR, "dealer": "Gleb", "deal": deal}
    r = client.post("/v1/games/thousand/score", json=body, headers={"Accept-Language": lang})
    return r.status_code, r.get_json()


@pytest.mark.parametrize("lang,detail", [
    ("en", "with four players the dealer sitting out scores the talon's points: give the talon's cards or its card "
           "points"),
    ("ru", "вчетвером сдающий, сидящий на прикупе, получает очки прикупа: укажите карты прикупа или его очки"),
])
def test_a_bid_deal_of_four_gives_the_sitters_talon(client, lang, detail):
    # the four-player variant scores the sitter the talon's card points: its cards or its points will do
    status, ans = post_four(client, {"declarer": "Anna", "contract": 100, "conceded": True}, lang)
    assert status == 422
    assert errors(ans) == [("/deal/talon", detail)]


@pytest.mark.parametrize("talon", [{"talon": ["9S", "9C", "9D"]}, {"talon_points": 0}])
def test_the_talons_cards_or_its_points_settle_the_sitter(client, talon):
    # three nines are worth 0, so Gleb, sitting out, scores 0 (3.6, talon_points); Anna concedes her 100 and loses
    # it (9.2, minus_contract in four-player), Boris and Vera score 60 each (9.2, sixty_each)
    status, ans = post_four(client, {"declarer": "Anna", "contract": 100, "conceded": True, **talon})
    assert status == 200, ans
    assert {p["id"]: p["hand_score"] for p in ans["players"]} == {"Anna": -100, "Boris": 60, "Vera": 60, "Gleb": 0}


@pytest.mark.parametrize("scoring", ["aces_40_marriage", "aces_50_marriage"])
@pytest.mark.parametrize("lang,detail", [
    ("en", "with four players the dealer sitting out scores the aces and the marriage in the talon: give the talon's "
           "cards"),
    ("ru", "вчетвером сдающий, сидящий на прикупе, получает за тузы и марьяж в прикупе: укажите карты прикупа"),
])
def test_where_the_sitter_scores_aces_and_marriages_only_the_talons_cards_will_do(client, scoring, lang, detail):
    body = {"variant": "four-player", "players": FOUR, "dealer": "Gleb", "options": {"sitter_scoring": scoring},
            "deal": {"declarer": "Anna", "contract": 100, "conceded": True}}
    r = client.post("/v1/games/thousand/score", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert errors(r.get_json()) == [("/deal/talon", detail)]


def test_a_void_deal_of_four_needs_no_talon(client):
    # no declarer: nothing was bid, so the sitter scores nothing from the talon
    status, ans = post_four(client, {"irregularities": [{"type": "talon_peek", "player": "Boris"}]})
    assert status == 200, ans


@pytest.mark.parametrize("lang,detail", [
    ("en", "a conceded deal is not played: give no tricks, points or marriages"),
    ("ru", "расписанную сдачу не играют: не указывайте взяток, очков и марьяжей"),
])
def test_a_conceded_deal_has_no_tricks_taken(client, lang, detail):
    status, ans = post(client, {"declarer": "Anna", "contract": 100, "conceded": True,
                                "tricks_taken": {"Anna": 4, "Boris": 4, "Vera": 0}}, lang)
    assert status == 422
    assert errors(ans) == [("/deal/tricks_taken", detail)]


def test_a_conceded_deal_is_scored(client):
    status, ans = post(client, {"declarer": "Anna", "contract": 100, "conceded": True})
    assert status == 200, ans


def ace_marriage_deal(suit):
    # Anna's 100 in tricks and her four aces announced; Boris 10, Vera 10 (each took a trick)
    return {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera", "options": {"ace_marriage": True},
            "deal": {"declarer": "Anna", "contract": 100, "points": {"Anna": 100, "Boris": 10, "Vera": 10},
                     "took_trick": {"Anna": True, "Boris": True, "Vera": True},
                     "marriages": [{"player": "Anna", "suit": suit}]}}


@pytest.mark.parametrize("suit", ["aces", "тузы", "Тузы "])
def test_the_ace_marriage_is_written_aces_or_as_russian_players_say_it(client, suit):
    # 100 card points + 200 for the aces (2.2) = 300: the contract of 100 made, scored 100 (12.1)
    r = client.post("/v1/games/thousand/score", json=ace_marriage_deal(suit))
    assert r.status_code == 200, r.get_json()
    anna = r.get_json()["players"][0]
    assert anna["lines"][0]["item"] == "contract 100 made: 100 card points + 200 marriage points = 300, scores 100"


@pytest.mark.parametrize("lang,detail", [
    ("en", "'короли' is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣; or п ч б т к), or \"aces\" for the ace marriage"),
    ("ru", "'короли' — не масть (пишите п, ч, б, т/к, S, H, D, C или ♠ ♥ ♦ ♣); или «тузы» для тузового марьяжа"),
])
def test_a_marriage_of_no_suit_is_told_the_word_for_the_ace_marriage(client, lang, detail):
    r = client.post("/v1/games/thousand/score", json=ace_marriage_deal("короли"), headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert errors(r.get_json()) == [("/deal/marriages/0/suit", detail)]
