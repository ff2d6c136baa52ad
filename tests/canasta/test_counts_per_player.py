"""A side given by counts (referee.canasta.counts) may give its red threes and its black threes left in hand as one
number, or as one number per player of the side: the builder refuses a list of the wrong length or a player over the
4 black threes a player can hold, and the schema a number below 0 (as it reads every other count, 0 or more), at
the count's own place, in English and Russian.

Popular Russian canasta (four players, two sides of two; red threes 105 each, doubled when one player collected
all four; a black three left in hand costs 105): NS melded one natural canasta and went out, EW never melded.
"""
import pytest

from tests.canasta_helpers import S4

OUT = {"id": "NS", "counts": {"natural_canastas": 1, "meld_points": 100, "hand_points": 5}, "went_out": True}


def body(ew_counts):
    # EW never melded: its counts hold only what is left in its two players' hands
    return {"variant": "russian-popular", "sides": S4,
            "deal": {"sides": [OUT, {"id": "EW", "counts": {"meld_points": 0, "hand_points": 0, **ew_counts}}]}}


def refused(client, ew_counts, lang="en"):
    r = client.post("/v1/games/canasta/score", json=body(ew_counts), headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_data(as_text=True)
    return r.get_json()["errors"]


def scored(client, ew_counts):
    r = client.post("/v1/games/canasta/score", json=body(ew_counts))
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()["sides"][1]["hand_score"]


BLACK_EN = "black threes left in hand: a number, or one number (0 to 4) per player of the side"
BLACK_RU = "чёрные тройки на руках: одно число или по числу (от 0 до 4) на каждого игрока стороны"
REDS_EN = "red threes: a number, or one number per player of the side"
REDS_RU = "красные тройки: одно число или по числу на каждого игрока стороны"


def test_four_black_threes_in_one_hand_are_the_most_a_player_holds(client):
    # [4, 0]: all four black threes in one hand, doubled as the other side went out: -4 x 105 x 2 = -840
    assert scored(client, {"black_threes_in_hand": [4, 0]}) == -840


@pytest.mark.parametrize("lang,words", [("en", BLACK_EN), ("ru", BLACK_RU)])
def test_five_black_threes_in_one_hand_are_refused(client, lang, words):
    # one step over the 4 a player can hold (two packs hold 4 black threes in all)
    assert refused(client, {"black_threes_in_hand": [5, 0]}, lang) == [
        {"pointer": "/deal/sides/1/counts/black_threes_in_hand", "detail": words}]


@pytest.mark.parametrize("given", [[2], [1, 1, 0]])
def test_black_threes_per_player_give_one_number_per_player(client, given):
    # the side has two players: one number, or three, is not one per player
    assert refused(client, {"black_threes_in_hand": given}) == [
        {"pointer": "/deal/sides/1/counts/black_threes_in_hand", "detail": BLACK_EN}]


def test_red_threes_per_player_at_zero_are_counted(client):
    # [0, 1]: one red three, West's, laid out by a side that never melded: -105; a 5 in each hand: -10; -115
    assert scored(client, {"red_threes": [0, 1], "hand_points": 10}) == -115


@pytest.mark.parametrize("lang,words", [("en", REDS_EN), ("ru", REDS_RU)])
def test_red_threes_per_player_below_zero_are_refused(client, lang, words):
    assert refused(client, {"red_threes": [-1, 1]}, lang) == [
        {"pointer": "/deal/sides/1/counts/red_threes", "detail": words}]


@pytest.mark.parametrize("key", ["red_threes", "black_threes_in_hand"])
@pytest.mark.parametrize("lang,words", [("en", "a whole number, 0 or more"), ("ru", "целое число, 0 или больше")])
def test_a_single_count_below_zero_is_refused(client, key, lang, words):
    # -1, one step under 0 (0 is scored: below)
    assert refused(client, {key: -1}, lang) == [{"pointer": f"/deal/sides/1/counts/{key}", "detail": words}]


@pytest.mark.parametrize("key", ["red_threes", "black_threes_in_hand"])
def test_a_single_count_of_zero_is_scored(client, key):
    # no such three; a 5 in each of the two hands: EW scores -10
    assert scored(client, {key: 0, "hand_points": 10}) == -10


@pytest.mark.parametrize("lang,words", [("en", "a whole number, 0 or more"), ("ru", "целое число, 0 или больше")])
def test_a_single_count_below_zero_is_the_schemas_and_told_before_a_key_the_variant_lacks(client, lang, words):
    # joker_canastas is Cuban: popular Russian canasta has no such canasta (the builder's fault, once told first);
    # the schema reads the red threes, -1, before the builder sees the keys
    assert refused(client, {"joker_canastas": 1, "red_threes": -1}, lang) == [
        {"pointer": "/deal/sides/1/counts/red_threes", "detail": words}]
