"""Canasta: what a request says of the sides and the seats, checked once by the position builder against the
table — a side id that is not one of the sides (melds and red threes on the table), the player sitting out
(five players only, one of the trio), a total already at the target — each at its pointer, in English and Russian.

The table: NS (North, South) against EW (East, West), classic (target 5,000), or five-player: the trio T (T1, T2,
T3) against the pair P (P1, P2).
"""
import pytest

from tests.canasta_helpers import ELEVEN, S4, m

FIVE = [{"id": "T", "players": ["T1", "T2", "T3"]}, {"id": "P", "players": ["P1", "P2"]}]


def post(client, endpoint, body, lang="en", status=422):
    r = client.post(f"/v1/games/canasta/{endpoint}", json=body, headers={"Accept-Language": lang})
    assert r.status_code == status, r.get_data(as_text=True)
    return r.get_json()["errors"] if status == 422 else r.get_json()


def check_body(**position):
    """North to draw: his eleven cards, a pile of four under a 6S (4 + 11 cards of 108 in view), plus ``position``."""
    return {"sides": S4, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}, **position},
            "action": {"type": "draw", "player": "North"}}


NOT_A_SIDE = {"en": "'XY' is not one of the sides (NS, EW)", "ru": "'XY' — не из числа сторон (NS, EW)"}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("field,cards", [("melds", [["KH", "KD", "KS"]]), ("red_threes", ["3H"])])
def test_melds_and_red_threes_of_a_side_that_is_not_one(client, lang, field, cards):
    errors = post(client, "check", check_body(**{field: {"XY": cards}}), lang)
    assert errors == [{"pointer": f"/position/{field}/XY", "detail": NOT_A_SIDE[lang]}]


@pytest.mark.parametrize("field,cards", [("melds", [["KH", "KD", "KS"]]), ("red_threes", ["3H"])])
def test_melds_and_red_threes_of_one_of_the_sides(client, field, cards):
    # the same cards under EW: judged (EW has melds or a red three out; North draws)
    assert post(client, "check", check_body(**{field: {"EW": cards}}), status=200)["legal"] is True


def five_position(**position):
    pos = {"phase": "draw", "hand": m("4H 5H 6H 7H 8H 9H 10H JH QH KH AH"), "pile": {"top": "8C", "size": 3},
           **position}
    return {"variant": "five-player", "sides": FIVE, "position": pos, "action": {"type": "draw", "player": "T1"}}


@pytest.mark.parametrize("lang,words", [("en", "with five players one member of the trio sits out: name him"),
                                        ("ru", "при пятерых один из тройки пропускает сдачу: укажите его")])
def test_five_players_name_the_one_sitting_out(client, lang, words):
    assert post(client, "check", five_position(), lang) == [{"pointer": "/position/sitting_out", "detail": words}]


@pytest.mark.parametrize("lang,words", [("en", "the player sitting out is one of the trio (T1, T2, T3)"),
                                        ("ru", "сдачу пропускает один из тройки (T1, T2, T3)")])
def test_the_one_sitting_out_is_of_the_trio(client, lang, words):
    # P2 is of the pair: refused; T3 (below) is of the trio
    assert post(client, "check", five_position(sitting_out="P2"), lang) == [
        {"pointer": "/position/sitting_out", "detail": words}]


def test_a_trio_member_sits_out(client):
    assert post(client, "check", five_position(sitting_out="T3"), status=200)["legal"] is True


@pytest.mark.parametrize("lang,words", [("en", "only the five-player game has a player sitting out"),
                                        ("ru", "пропускать сдачу можно только в игре на пятерых")])
def test_four_players_have_nobody_sitting_out(client, lang, words):
    assert post(client, "check", check_body(sitting_out="East"), lang) == [
        {"pointer": "/position/sitting_out", "detail": words}]


def test_a_total_one_step_under_the_target_plays_on(client):
    # classic: the game is to 5,000; 4,995 (totals are multiples of 5) has not reached it
    body = {**check_body(), "state": {"scores": {"NS": 4995, "EW": 0}}}
    assert post(client, "check", body, status=200)["legal"] is True


@pytest.mark.parametrize("lang,words", [
    ("en", "NS already has 5,000, at or past the target of 5,000: the game is over"),
    ("ru", "у стороны NS уже 5\u00a0000 — цель 5\u00a0000 достигнута: партия окончена")])
def test_a_total_at_the_target_ends_the_game(client, lang, words):
    body = {**check_body(), "state": {"scores": {"NS": 5000, "EW": 0}}}
    assert post(client, "check", body, lang) == [{"pointer": "/state/scores/NS", "detail": words}]
