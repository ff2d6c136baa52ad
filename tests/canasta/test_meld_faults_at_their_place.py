"""Canasta: a meld of an action or of a log event whose shape is wrong is refused at that meld, and at its rank or
its cards where the fault lies there, with the reason (a meld that is no list, a 41st card, a laid-on meld without
its cards or with a rank that names nothing, a key of its own), in English and Russian."""
import pytest

from tests.canasta_helpers import DEAL, ELEVEN, S4

OK = ["KH", "KC", "KD"]
A_LIST = "each meld is a list of at most 40 cards such as 'KH', 'K', '2' or 'JK'"
NO_RANK = ('rank names the meld the cards join: a natural rank (A to 4), "3" for black threes, "wild", or a card of a '
           'sequence such as "5H"')
LAID_ON = 'a meld laid on another is {"rank": "7" (or "wild", or "5H" for a sequence), "cards": [...]}'


def errors(client, endpoint, body, lang="en"):
    r = client.post(f"/v1/games/canasta/{endpoint}", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_data(as_text=True)
    return [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]]


def meld_action(meld):
    """North to draw (his eleven cards, a pile of four under a 6S) asks about a meld whose fourth group is ``meld``."""
    return {"sides": S4, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}},
            "action": {"type": "meld", "player": "North", "melds": [OK, OK, OK, meld]}}


@pytest.mark.parametrize("meld,where,detail", [
    (None, "", A_LIST),
    ("KH KC KD", "", A_LIST),
    (["K"] * 41, "", A_LIST),       # (40, the most, loads: tests/canasta/test_laid_on_melds_loading.py)
    ({"rank": "A"}, "/cards", "this field is required and missing"),
    ({"cards": ["AH"]}, "/rank", "this field is required and missing"),
    ({"rank": "A", "cards": ["A"] * 41}, "/cards", A_LIST),
    ({"rank": None, "cards": ["2C"]}, "/rank", NO_RANK),
    ({"rank": 1, "cards": ["2C"]}, "/rank", NO_RANK),
    ({"rank": "wilds", "cards": ["2C"]}, "/rank", NO_RANK),     # five characters: no rank is written so
    ({"rank": "A", "cards": ["AH"], "side": "NS"}, "", LAID_ON),
    (["KH", "1X"], "/1", "'1X' has no valid rank (A K Q J 10 9 8 7 6 5 4 3 2, T for 10; or Т К Д В)"),
])
def test_a_meld_of_an_action_is_refused_at_its_place(client, meld, where, detail):
    assert errors(client, "check", meld_action(meld)) == [(f"/action/melds/3{where}", detail)]


@pytest.mark.parametrize("meld,where,detail", [
    ({"rank": "A"}, "/cards", "обязательное поле не указано"),
    ({"rank": "свободные", "cards": ["2C"]}, "/rank",
     "комбинацию, к которой добавляют карты, называют достоинством: натуральным (от туза до 4), «3» для чёрных "
     "троек, словом для свободных карт или картой последовательности, например «5ч»"),
    ({"rank": "A", "cards": ["AH"], "side": "NS"}, "",
     "комбинация, добавляемая к другой, — это её достоинство (или свободные карты, или карта последовательности) и "
     "карты"),
])
def test_in_russian_the_reason_is_told_at_its_place(client, meld, where, detail):
    # (in players' words: the catalog's Russian names no key or token of the request, tests/i18n)
    assert errors(client, "check", meld_action(meld), "ru") == [(f"/action/melds/3{where}", detail)]


def test_a_meld_of_a_log_event_is_refused_at_its_place(client):
    body = {"sides": S4, "log": [DEAL, {"type": "meld", "player": "North", "melds": [OK, {"rank": "K"}]}]}
    assert errors(client, "validate", body) == [("/log/1/melds/1/cards", "this field is required and missing")]
