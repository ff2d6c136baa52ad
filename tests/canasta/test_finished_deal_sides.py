"""A finished deal's sides checked together (canasta/4.2, 6.2): one side goes out at most, and where the first
canasta brings its maker stock cards (option first_canasta_bonus_cards, 11), a side with a canasta shows at least
that many cards beyond its deal; each at its boundary, in English and Russian.

The deal: the README's four-player hand (tests/canasta_helpers.full_deal): NS shows 24 cards melded and 8 in
South's hand, 32 against the 22 its two players were dealt (11 each): 10 beyond its deal, with a canasta.
"""
import pytest

from tests.canasta_helpers import S4, full_deal, m


def post(client, body, lang="en"):
    return client.post("/v1/games/canasta/score", json=body, headers={"Accept-Language": lang})


BONUS = {"en": "the first canasta of the deal brings its maker 11 stock cards: a side with a canasta shows at least "
               "11 cards more than its players were dealt",
         "ru": "первая канаста сдачи приносит тому, кто её собрал, 11 карт из колоды: у стороны с канастой карт "
               "хотя бы на 11 больше, чем сдано её игрокам"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ten_cards_beyond_the_deal_are_one_short_of_the_first_canastas_eleven(client, lang):
    r = post(client, {"sides": S4, "options": {"first_canasta_bonus_cards": 11}, "deal": full_deal()}, lang)
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/deal/sides", "detail": BONUS[lang]}]


def test_eleven_cards_beyond_the_deal_hold_the_first_canastas_stock_cards(client):
    # South keeps a sixth 6 as well (NS melds three, East and West hold one each: 6 of the 8): 33 cards, 11 beyond
    deal = full_deal()
    deal["sides"][0]["hands"][1] = m("7 4 5 5 Q J 10 9 6")
    r = post(client, {"sides": S4, "options": {"first_canasta_bonus_cards": 11}, "deal": deal})
    assert r.status_code == 200, r.get_data(as_text=True)


OUT = {"counts": {"natural_canastas": 1, "meld_points": 35, "hand_points": 5}, "went_out": True}


@pytest.mark.parametrize("lang,words", [("en", "only one side goes out"), ("ru", "выходит только одна сторона")])
def test_two_sides_do_not_both_go_out(client, lang, words):
    r = post(client, {"sides": S4, "deal": {"sides": [{"id": "NS", **OUT}, {"id": "EW", **OUT}]}}, lang)
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/deal/sides", "detail": words}]


def test_one_side_goes_out(client):
    # EW, not out, holds a 5 in each hand
    quiet = {"counts": {"meld_points": 0, "hand_points": 10}}
    r = post(client, {"sides": S4, "deal": {"sides": [{"id": "NS", **OUT}, {"id": "EW", **quiet}]}})
    assert r.status_code == 200, r.get_data(as_text=True)


@pytest.mark.parametrize("lang,words", [("en", "only going out can be concealed"),
                                        ("ru", "скрытым бывает только выход")])
def test_a_side_that_did_not_go_out_did_not_go_out_concealed(client, lang, words):
    deal = full_deal()
    deal["sides"][1]["concealed"] = True            # EW, by its cards, did not go out
    r = post(client, {"sides": S4, "deal": deal}, lang)
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/deal/sides/1/concealed", "detail": words}]
