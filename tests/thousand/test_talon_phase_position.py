"""Thousand: a described talon-phase position (thousand/8.1, 8.2): the exchange comes after the talon is taken, the
taken talon's cards are in the declarer's hand, and the declarer holds the dealt 7 and the talon's 3 until the
exchange.  Each fault is refused at its field in English and Russian, and the position one step inside is judged."""
import pytest

from tests.thousand_helpers import README_HANDS, README_TALON

PLAYERS = ["Anna", "Boris", "Vera"]     # Vera deals; Anna won the auction at 100
TAKEN = README_HANDS["Anna"] + README_TALON     # Anna's 7 dealt cards and the talon 9D JC 9S: 10 cards
EXCHANGE = {"type": "exchange", "player": "Anna", "gives": {"Boris": "9S", "Vera": "9C"}}


def post(client, position, action, lang="en"):
    body = {"players": PLAYERS, "dealer": "Vera", "position": {"phase": "talon", "declarer": "Anna", "contract": 100,
                                                               "talon": README_TALON, **position}, "action": action}
    r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": lang})
    return r.status_code, r.get_json()


def errors(ans):
    return [(e["pointer"], e["detail"]) for e in ans["errors"]]


@pytest.mark.parametrize("lang,detail", [("en", "the exchange comes after taking the talon"),
                                         ("ru", "карты отдают после того, как взят прикуп")])
def test_no_exchange_before_the_talon_is_taken(client, lang, detail):
    status, ans = post(client, {"talon_taken": False, "exchanged": True}, {"type": "take_talon", "player": "Anna"},
                       lang)
    assert status == 422
    assert errors(ans) == [("/position/exchanged", detail)]


def test_the_talon_not_yet_taken_nor_exchanged_is_taken(client):
    status, ans = post(client, {"talon_taken": False, "exchanged": False}, {"type": "take_talon", "player": "Anna"})
    assert status == 200 and ans["legal"] is True


@pytest.mark.parametrize("lang,detail", [("en", "the declarer has taken the talon, so its cards are in the hand"),
                                         ("ru", "заказчик взял прикуп, значит, его карты на руке")])
def test_the_taken_talon_is_in_the_declarers_hand(client, lang, detail):
    # 10 cards, but QC in place of the talon's 9S
    status, ans = post(client, {"talon_taken": True, "hand": README_HANDS["Anna"] + ["9D", "JC", "QC"]}, EXCHANGE,
                       lang)
    assert status == 422
    assert errors(ans) == [("/position/hand", detail)]


@pytest.mark.parametrize("lang,detail", [("en", "the declarer holds 10 cards at this point, not 9"),
                                         ("ru", "в этот момент карт у заказчика должно быть 10, а не 9")])
def test_the_declarer_holds_ten_cards_before_the_exchange(client, lang, detail):
    # the talon's 3 and 6 of the 7 dealt (AH left out): one card short
    status, ans = post(client, {"talon_taken": True, "exchanged": False, "hand": TAKEN[1:]}, EXCHANGE, lang)
    assert status == 422
    assert errors(ans) == [("/position/hand", detail)]


def test_the_declarers_ten_cards_with_the_talon_are_judged(client):
    status, ans = post(client, {"talon_taken": True, "hand": TAKEN}, EXCHANGE)
    assert status == 200 and ans["legal"] is True


def test_the_declarers_ten_cards_tell_the_talon_taken_when_it_is_not_said(client):
    # the same 10 cards (7 dealt + the talon's 3) with neither flag said: the hand's size tells that the talon is taken
    # and the exchange not yet made (10 = 7 + 3), so the talon's cards in the hand are where they belong
    status, ans = post(client, {"hand": TAKEN}, EXCHANGE)
    assert status == 200 and ans["legal"] is True
    assert ans["effects"] == {"gives": {"Boris": "9S", "Vera": "9C"}}


@pytest.mark.parametrize("lang,detail", [("en", "a card cannot be both in the hand and in the talon"),
                                         ("ru", "карта не может быть и на руке, и в прикупе")])
def test_the_talon_said_not_taken_is_not_in_the_declarers_hand(client, lang, detail):
    # one step outside: the talon said not taken, yet its 3 cards are among the 10
    status, ans = post(client, {"talon_taken": False, "hand": TAKEN}, {"type": "take_talon", "player": "Anna"}, lang)
    assert status == 422
    assert errors(ans) == [("/position/talon", detail)]
