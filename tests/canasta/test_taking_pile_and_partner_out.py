"""Canasta, a position for ``check``: a pile being taken (``taking_pile``) is the player in turn's, at his draw,
from a pile with a top card; a partner said to have just gone out (``went_out``) is the acting player's partner, and
his side has melds. Each refused at its place in English and Russian, next to the position that passes.

The table: four players, two sides of two (canasta/1.1). North holds eleven cards (4C … AS); the pile is four cards
under a 6S: 15 of the 108 cards in view.
"""
import pytest

from tests.canasta_helpers import ELEVEN, S4

TAKER = {"en": "a pile being taken is taken by the player in turn, who is laying its melds: the position is his, "
               "before the take, as he draws",
         "ru": "сброс берёт игрок, чей ход, и выкладывает из него комбинации: позиция — его, до взятия сброса, "
               "когда он берёт карту"}
PARTNER = {"en": "the player who has just gone out is the acting player's partner (a double ending follows)",
           "ru": "только что вышедший — партнёр действующего игрока (следует двойное окончание)"}
MELDS = {"en": "a side that went out has melds: give them with the melds",
         "ru": "у вышедшей стороны есть комбинации: укажите их среди комбинаций"}
NS_MELDS = {"NS": [["KH", "KD", "KS"]]}     # 3 more cards in view: 18


def check(client, lang="en", action=None, **position):
    body = {"sides": S4, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}, **position},
            "action": action or {"type": "draw", "player": "North"}}
    return client.post("/v1/games/canasta/check", json=body, headers={"Accept-Language": lang})


def refused(r):
    assert r.status_code == 422, r.get_data(as_text=True)
    return r.get_json()["errors"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_pile_being_taken_after_the_draw_is_refused(client, lang):
    r = check(client, lang, phase="play", taking_pile={"melds": []})
    assert refused(r) == [{"pointer": "/position/taking_pile", "detail": TAKER[lang]}]


def test_a_pile_being_taken_by_another_than_the_player_in_turn_is_refused(client):
    # East is in turn; North acts
    r = check(client, to_act="East", taking_pile={"melds": []})
    assert refused(r) == [{"pointer": "/position/taking_pile", "detail": TAKER["en"]}]


@pytest.mark.parametrize("lang,words", [("en", "the pile being taken has a top card"),
                                        ("ru", "у забираемого сброса есть верхняя карта")])
def test_a_pile_being_taken_has_a_top_card(client, lang, words):
    r = check(client, lang, pile={"size": 0}, taking_pile={"melds": []})
    assert refused(r) == [{"pointer": "/position/pile", "detail": words}]


def test_a_pile_being_taken_by_the_player_in_turn_at_his_draw_is_judged(client):
    r = check(client, taking_pile={"melds": []})
    assert r.status_code == 200, r.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_player_gone_out_is_a_partner(client, lang):
    # East is an opponent of North
    r = check(client, lang, melds=NS_MELDS, went_out="East")
    assert refused(r) == [{"pointer": "/position/went_out", "detail": PARTNER[lang]}]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_side_gone_out_has_melds(client, lang):
    # South is North's partner, but NS shows no melds
    r = check(client, lang, went_out="South")
    assert refused(r) == [{"pointer": "/position/went_out", "detail": MELDS[lang]}]


def test_a_partner_gone_out_from_a_side_with_melds_is_judged(client):
    # South, North's partner, and NS shows a meld of kings
    r = check(client, melds=NS_MELDS, went_out="South")
    assert r.status_code == 200, r.get_data(as_text=True)
