"""Thousand: the position builders' consistency checks that are stated once, as tables or one shared helper (the
marriages' cards, the talon against the hand, the golden deal, the irregularities' culprits, an action's needed
fields, the barrel's seats), each refused at its field with its message in English and Russian, and each with the
position one step inside the rule accepted."""
import pytest

from tests.thousand_helpers import README_TRICKS

PLAYERS = ["Anna", "Boris", "Vera"]     # Vera deals: Anna is first hand and holds the forced 100


def post(client, endpoint, body, lang="en"):
    r = client.post(f"/v1/games/thousand/{endpoint}", json=body, headers={"Accept-Language": lang})
    return r.status_code, r.get_json()


def errors(ans):
    return [(e["pointer"], e["detail"]) for e in ans["errors"]]


def check_body(position, action, players=PLAYERS, dealer="Vera", **extra):
    return {"players": players, "dealer": dealer, "position": position, "action": action, **extra}


# ---------------------------------------------------------------- a card played before the first marriage (10.2)

def boris_after_six_tricks(hand, suits):
    # Anna declared 100 and the talon phase is over.  Six tricks are played (Anna 2, Boris 3, Vera 1), Boris won the
    # last and leads the seventh: of his 8 cards at the first trick (7 dealt + 1 passed to him) 6 are gone, 2 in hand.
    # He has announced a marriage in each of the given suits (one per trick he won: 3 tricks, so up to 3).
    return {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 3, "Vera": 1},
            "marriages": [{"player": "Boris", "suit": s} for s in suits], "trick": {"leader": "Boris", "cards": []},
            "hand": hand}


LEAD_KS = {"type": "play", "player": "Boris", "card": "KS"}


@pytest.mark.parametrize("lang,detail", [
    ("en", "Boris has played 6 cards, all of them from the announced marriages, yet the first card played could not "
           "announce one and so broke its pair"),
    ("ru", "Boris: из сыгранных карт (6) все взяты из объявленных марьяжей, но первой картой марьяж объявить нельзя, "
           "так что она разбила бы свою пару"),
])
def test_six_cards_played_all_of_three_announced_marriages_is_refused(client, lang, detail):
    # Boris holds KS QS: his 6 played cards are exactly the K and Q of hearts, diamonds and clubs, the three marriages
    # he announced.  His first card played could not announce (he had won no trick yet), so it broke one of them.
    status, ans = post(client, "check", check_body(boris_after_six_tricks(["KS", "QS"], "HDC"), LEAD_KS), lang)
    assert status == 422
    assert errors(ans) == [("/position/marriages", detail)]


def test_one_played_card_of_no_announced_marriage_is_enough(client):
    # One step inside: Boris still holds KH (he announced hearts by leading QH), so of his 6 played cards 5 are of
    # the three marriages and 1 (the first) of none.
    status, ans = post(client, "check", check_body(boris_after_six_tricks(["KS", "KH"], "HDC"), LEAD_KS))
    assert status == 200 and ans["legal"] is True


def test_two_marriages_leave_two_free_cards(client):
    # Two marriages take 4 of the 6 cards played: 2 of none (KS QS in hand)
    status, ans = post(client, "check", check_body(boris_after_six_tricks(["KS", "QS"], "HD"), LEAD_KS))
    assert status == 200 and ans["legal"] is True


# ---------------------------------------------------------------- the talon against the hand (8.1)

TALON = ["9S", "9H", "JD"]
ANNA_DEALT = ["AH", "10H", "KS", "QS", "AD", "10D"]        # 6 of Anna's 7 dealt cards; the seventh unknown


def anna_in_talon_phase(talon_taken, received=None, known=ANNA_DEALT, unknown=1):
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": TALON, "talon_taken": talon_taken,
           "hand": {"known": known, "unknown": unknown}}
    if received is not None:
        pos["received"] = received
    return pos


@pytest.mark.parametrize("lang,detail", [("en", "a card cannot be both in the hand and in the talon"),
                                         ("ru", "карта не может быть и на руке, и в прикупе")])
def test_a_card_revealed_in_the_hand_cannot_be_in_a_talon_not_taken(client, lang, detail):
    # Anna has not taken the talon (7 cards, 6 known); the card said received, JD, is revealed as her unknown
    # seventh, yet JD lies in the talon still on the table
    status, ans = post(client, "check", check_body(anna_in_talon_phase(False, received="JD"),
                                                   {"type": "take_talon", "player": "Anna"}), lang)
    assert status == 422
    assert errors(ans) == [("/position/talon", detail)]


def test_a_card_of_the_talon_taken_is_in_the_declarers_hand(client):
    # The talon taken (10 cards: 7 dealt with 3 of them unknown, and the talon), before the exchange: its cards are
    # in Anna's hand, and she passes one of them on
    pos = anna_in_talon_phase(True, known=ANNA_DEALT[:4] + TALON, unknown=3)
    status, ans = post(client, "check", check_body(pos, {"type": "exchange", "player": "Anna",
                                                         "gives": {"Boris": "9S", "Vera": "9H"}}))
    assert status == 200 and ans["legal"] is True


# ---------------------------------------------------------------- the golden deal as the game tells it (18.1)

FIRST_ON_120 = {"phase": "talon", "declarer": "Anna", "contract": 120, "talon_taken": False}
TAKE = {"type": "take_talon", "player": "Anna"}
PLAYED_ONE = {"scores": {"Anna": 0, "Boris": 0, "Vera": 0}, "golden": {"played": 1}}
OVER = {"scores": {"Anna": 0, "Boris": 0, "Vera": 0}, "golden": {"over": True}}


@pytest.mark.parametrize("options,state,said,en,ru", [
    ({}, None, True, "the golden round is not played in this game", "в этой игре золотого кона нет"),
    ({"golden_round": True}, OVER, True, "the golden round has been played, so this deal is not a golden one",
     "золотой кон уже сыгран, значит, эта сдача не золотая"),
    ({"golden_round": True}, PLAYED_ONE, False, "the golden round is under way, so this deal is a golden one",
     "золотой кон идёт, значит, эта сдача золотая"),
])
def test_a_golden_deal_said_against_the_game_is_refused(client, options, state, said, en, ru):
    body = check_body({**FIRST_ON_120, "golden": said}, TAKE, options=options)
    if state is not None:
        body["state"] = state
    for lang, detail in (("en", en), ("ru", ru)):
        status, ans = post(client, "check", body, lang)
        assert status == 422
        assert errors(ans) == [("/position/golden", detail)]


@pytest.mark.parametrize("options,state,said", [
    ({}, None, False), ({"golden_round": True}, OVER, False), ({"golden_round": True}, PLAYED_ONE, True),
])
def test_a_golden_deal_said_as_the_game_tells_it_is_judged(client, options, state, said):
    body = check_body({**FIRST_ON_120, "golden": said}, TAKE, options=options)
    if state is not None:
        body["state"] = state
    status, ans = post(client, "check", body)
    assert status == 200 and ans["legal"] is True


# ---------------------------------------------------------------- who is at fault for an irregularity (4.1, 5.x)

def void_deal(*irregularities):
    return {"players": PLAYERS, "dealer": "Vera",
            "deal": {"irregularities": [{"type": t, "player": p} for t, p in irregularities]}}


@pytest.mark.parametrize("irregularities,pointer,en,ru", [
    ((("exposed_card", "Anna"),), "/deal/irregularities/0/player",
     "a card exposed in the deal is the dealer's fault (Vera)", "за карту, открытую при сдаче, отвечает сдающий (Vera)"),
    ((("nine_cut", "Vera"),), "/deal/irregularities/0/player", "the cutter, not the dealer, pays for the third nine",
     "за третью девятку платит сдвигающий, а не сдающий"),
    ((("talon_peek", "Anna"), ("talon_peek", "Anna")), "/deal/irregularities/1",
     "talon_peek can happen once in a deal (the deal is then redealt or played)",
     "talon_peek бывает лишь раз за сдачу (после этого сдачу пересдают или играют)"),
    ((("nine_cut", "Anna"), ("nine_cut", "Boris")), "/deal/irregularities/1",
     "nine_cut can happen once in a deal (the deal is then redealt or played)",
     "nine_cut бывает лишь раз за сдачу (после этого сдачу пересдают или играют)"),
])
def test_an_irregularity_of_the_wrong_player_or_repeated_is_refused(client, irregularities, pointer, en, ru):
    for lang, detail in (("en", en), ("ru", ru)):
        status, ans = post(client, "score", void_deal(*irregularities), lang)
        assert status == 422
        assert errors(ans) == [(pointer, detail)]


@pytest.mark.parametrize("irregularities", [
    (("exposed_card", "Vera"),), (("nine_cut", "Anna"),), (("talon_peek", "Anna"), ("talon_peek", "Boris")),
])
def test_an_irregularity_of_the_right_player_is_scored(client, irregularities):
    # a peek at the talon is once a player; the others once a deal
    status, ans = post(client, "score", void_deal(*irregularities))
    assert status == 200, ans


# ---------------------------------------------------------------- what an action needs (the apply table)

BIDDING = {"phase": "bidding", "bids": []}
# Anna's 8 cards at the first trick, after the exchange
PLAY_FIRST = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {},
              "hand": ["AH", "10H", "KH", "QH", "AS", "10S", "KS", "QS"]}
EXCHANGE = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True, "exchanged": False}


@pytest.mark.parametrize("position,action,pointer,en,ru", [
    (BIDDING, {"type": "bid", "player": "Anna"}, "/action/amount", "the amount must be a whole number",
     "сумма должна быть целым числом"),
    (PLAY_FIRST, {"type": "play", "player": "Anna"}, "/action/card", "a card must be a string such as '10H' or 'QS'",
     "карта задаётся строкой, например «10ч» или «Дп» (или «10H», «QS»)"),
    (EXCHANGE, {"type": "exchange", "player": "Anna", "gives": {"Zed": "9S", "Vera": "9H"}}, "/action/gives/Zed",
     "'Zed' is not one of the players (Anna, Boris, Vera)", "'Zed' — не из числа игроков (Anna, Boris, Vera)"),
])
def test_an_action_without_what_its_type_needs_is_refused(client, position, action, pointer, en, ru):
    for lang, detail in (("en", en), ("ru", ru)):
        status, ans = post(client, "check", check_body(position, action), lang)
        assert status == 422
        assert errors(ans) == [(pointer, detail)]


@pytest.mark.parametrize("action,pointer", [
    ({"type": "play", "player": "Anna", "card": "8H"}, "/action/card"),
    ({"type": "exchange", "player": "Anna", "gives": {"Boris": "8H", "Vera": "9H"}}, "/action/gives/Boris"),
])
def test_a_card_of_another_deck_is_refused_where_it_is_named(client, action, pointer):
    position = PLAY_FIRST if action["type"] == "play" else EXCHANGE
    status, ans = post(client, "check", check_body(position, action))
    assert status == 422
    assert errors(ans) == [(pointer, "8H is not in the Thousand deck")]


# ---------------------------------------------------------------- the barrel's seats with two players (14.5)

TWO = ["Anna", "Boris"]


@pytest.mark.parametrize("collision", ["knock_off", "two_fall_together"])
def test_two_players_seat_one_on_the_barrel(client, collision):
    # both at the threshold (880), neither has used a barrel deal: Boris, second in seat order, cannot be there too
    body = {"variant": "two-player", "players": TWO, "dealer": "Boris", "options": {"barrel_collision": collision},
            "state": {"scores": {"Anna": 880, "Boris": 880}}, "position": BIDDING,
            "action": {"type": "pass", "player": "Anna"}}
    status, ans = post(client, "check", body)
    assert status == 422
    assert errors(ans) == [("/state/scores/Boris", "Boris cannot be on the barrel too: Anna already sits there, and "
                            "only one player can sit on the barrel (whoever reaches it knocks the one there off, "
                            "and two reaching it in the same deal both fall)")]
    body["state"]["scores"]["Boris"] = 875          # one step below the barrel: Anna sits there alone
    status, ans = post(client, "check", body)
    assert status == 200, ans


# ---------------------------------------------------------------- the talon phase as the declarer's hand tells it (8.1)

ANNA_AFTER_EXCHANGE = ["AH", "10H", "KS", "QS", "AD", "10D", "9D", "JC"]    # the README deal: 7 + 3 - 2 passed on


def test_eight_cards_after_taking_the_talon_tell_the_exchange_is_made(client):
    # exchanged not given: 8 cards are the dealt 7 and 1 (three taken, one passed to each opponent)
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True, "hand": ANNA_AFTER_EXCHANGE}
    status, ans = post(client, "check", check_body(pos, {"type": "concede", "player": "Anna"}))
    assert status == 200, ans


@pytest.mark.parametrize("lang,detail", [("en", "the declarer holds 10 cards at this point, not 9"),
                                         ("ru", "в этот момент карт у заказчика должно быть 10, а не 9")])
def test_nine_cards_after_taking_the_talon_are_neither_before_nor_after_the_exchange(client, lang, detail):
    # 9 cards: not 8 (the exchange made), so before it, when the hand holds the 7 and the talon's 3
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True,
           "hand": ANNA_AFTER_EXCHANGE + ["9S"]}
    status, ans = post(client, "check", check_body(pos, {"type": "concede", "player": "Anna"}), lang)
    assert status == 422
    assert errors(ans) == [("/position/hand", detail)]


# ---------------------------------------------------------------- a marriage's trump from the next trick (10.5)

def hearts_led_to_trick(trick, trump):
    # Anna (declarer) won the first trick and leads KH with the hearts marriage to trick `trick`; Boris, 7 cards
    # left of his 8, is to play.  Under next_trick the hearts are trump only from the trick after it.
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 1},
           "marriages": [{"player": "Anna", "suit": "H", "trick": trick}],
           "trick": {"leader": "Anna", "cards": ["KH"]}, "hand": ["9H", "AS", "10S", "AD", "10D", "KD", "QD"]}
    if trump is not None:
        pos["trump"] = trump
    return check_body(pos, {"type": "play", "player": "Boris", "card": "9H"}, options={"trump_timing": "next_trick"})


@pytest.mark.parametrize("lang,detail", [
    ("en", "a marriage makes trump from the next trick on, so this trick has no trump yet, not hearts"),
    ("ru", "марьяж назначает козырь со следующей взятки, поэтому в этой взятке козыря ещё нет, а не ♥"),
])
def test_the_trick_a_marriage_is_led_to_has_no_trump_from_it(client, lang, detail):
    status, ans = post(client, "check", hearts_led_to_trick(1, "H"), lang)
    assert status == 422
    assert errors(ans) == [("/position/trump", detail)]


def test_the_trick_after_a_marriage_has_its_trump(client):
    # one step on: the marriage was led to trick 0 (which Anna won), so trick 1 has hearts trump
    status, ans = post(client, "check", hearts_led_to_trick(0, "H"))
    assert status == 200, ans


# ---------------------------------------------------------------- an auction's earlier calls (6.x)

@pytest.mark.parametrize("lang,detail", [
    ("en", "give the earlier calls of the auction (none when nobody has spoken)"),
    ("ru", "укажите прежние слова торговли (пусто, если никто ещё не говорил)"),
])
def test_a_pass_in_the_bidding_needs_the_calls_before_it(client, lang, detail):
    status, ans = post(client, "check", check_body({"phase": "bidding"}, {"type": "pass", "player": "Boris"}), lang)
    assert status == 422
    assert errors(ans) == [("/position/bids", detail)]


def test_a_pass_with_no_call_before_it_is_judged(client):
    status, ans = post(client, "check", check_body({"phase": "bidding", "bids": []},
                                                   {"type": "pass", "player": "Boris"}))
    assert status == 200, ans


# ---------------------------------------------------------------- a marriage's lead in a deal given trick by trick

@pytest.mark.parametrize("lang,detail", [
    ("en", "Vera never led the K or Q of diamonds, so could not announce this marriage"),
    ("ru", "у игрока Vera не было ни одного хода с короля или дамы ♦, поэтому этот марьяж объявить нельзя"),
])
def test_a_marriage_never_led_is_refused(client, lang, detail):
    # the README deal (Anna's spades and Boris's hearts announced) with a diamonds marriage for Vera, who never led
    marriages = [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}, {"player": "Vera", "suit": "D"}]
    body = {"players": PLAYERS, "dealer": "Vera",
            "deal": {"declarer": "Anna", "contract": 100, "tricks": README_TRICKS, "marriages": marriages}}
    status, ans = post(client, "score", body, lang)
    assert status == 422
    assert errors(ans) == [("/deal/marriages/2", detail)]
    body["deal"]["marriages"] = marriages[:2]
    assert post(client, "score", body)[0] == 200


# ---------------------------------------------------------------- card points with every player's tricks (1.3)

@pytest.mark.parametrize("lang,detail", [("en", "a whole number, 0 or more, for every player"),
                                         ("ru", "целое число, 0 или больше, для каждого игрока")])
def test_card_points_need_every_players_tricks(client, lang, detail):
    # Anna made 100 with 6 tricks (110 points), Boris 2 (10 points); Vera's tricks left out, so the 8 cannot be told
    deal = {"declarer": "Anna", "contract": 100, "points": {"Anna": 110, "Boris": 10, "Vera": 0},
            "tricks_taken": {"Anna": 6, "Boris": 2}}
    status, ans = post(client, "score", {"players": PLAYERS, "dealer": "Vera", "deal": deal}, lang)
    assert status == 422
    assert errors(ans) == [("/deal/tricks_taken/Vera", detail)]
    deal["tricks_taken"]["Vera"] = 0          # Vera took none: the deal is whole
    assert post(client, "score", {"players": PLAYERS, "dealer": "Vera", "deal": deal})[0] == 200


# ---------------------------------------------------------------- tricks won: a count from 0, or "some" / "none"

@pytest.mark.parametrize("lang,detail", [
    ("en", 'tricks won are a number from 0 up, or "some" or "none"'),
    ("ru", "число взятых взяток не бывает меньше 0"),
])
def test_a_negative_count_of_tricks_won_is_refused(client, lang, detail):
    # Anna declared 100 and leads the first trick: nobody has won a trick, so -1 for Boris is impossible; 0 is not
    position = {"phase": "play", "declarer": "Anna", "contract": 100,
                "tricks_won": {"Anna": 0, "Boris": -1, "Vera": 0}, "trick": {"leader": "Anna", "cards": []},
                "hand": {"known": ["AS"], "unknown": 7}}     # 7 dealt + 3 of the talon - 2 passed
    status, ans = post(client, "check", check_body(position, {"type": "play", "player": "Anna", "card": "AS"}), lang)
    assert status == 422 and errors(ans) == [("/position/tricks_won/Boris", detail)]
    position["tricks_won"]["Boris"] = 0
    status, ans = post(client, "check", check_body(position, {"type": "play", "player": "Anna", "card": "AS"}))
    assert status == 200 and ans["legal"] is True
