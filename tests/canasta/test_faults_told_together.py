"""Canasta: independent faults of one body told together, each at its field — the totals before the deal (a name
that is no side, a total that is no multiple of 5, canasta/7.1) and a deal event's players left without a hand
(canasta/1.5) — in English and in Russian."""
import copy

import pytest

from referee.canasta.cards import deck_of
from referee.canasta.deal import Layout
from referee.canasta.options import VARIANTS
from referee.canasta.parse import start_deal
from referee.errors import InputError
from referee.i18n import language
from tests.canasta_helpers import DEAL, S4, full_deal, loaded


@pytest.mark.parametrize("lang,unknown,five", [
    ("en", "'XX' is not one of the sides (NS, EW)", "a side's total: an integer multiple of 5 (every card and bonus is)"),
    ("ru", "'XX' — не из числа сторон (NS, EW)", "счёт стороны — целое число, кратное 5 (как каждая карта и премия)"),
])
def test_a_name_that_is_no_side_and_a_total_that_is_no_multiple_of_5(client, lang, unknown, five):
    # NS 1,203 (cards and bonuses all count in fives) and a total for XX, which is no side: two faults, both told
    body = {"sides": S4, "deal": full_deal(), "state": {"scores": {"NS": 1203, "EW": 900, "XX": 500}}}
    r = client.post("/v1/games/canasta/score", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [
        ("/state/scores/XX", unknown), ("/state/scores/NS", five)]


@pytest.mark.parametrize("lang,east,west", [
    ("en", "the deal gives no hand for East", "the deal gives no hand for West"),
    ("ru", "в сдаче нет руки игрока East", "в сдаче нет руки игрока West"),
])
def test_every_player_given_no_hand_is_told(lang, east, west):
    # the event deals North and South only: East and West are both left out, told in seat order
    ev = copy.deepcopy(DEAL)
    del ev["hands"]["West"], ev["hands"]["East"]
    opts = VARIANTS["classic"].resolve({})
    ev = loaded("validate", {"sides": S4, "log": [ev]}).log[0]
    with language(lang), pytest.raises(InputError) as e:
        start_deal(ev, Layout.of(S4), opts, {"NS": 0, "EW": 0}, deck_of(opts), "/log/0")
    assert e.value.errors == [{"pointer": "/log/0/hands", "detail": east},
                              {"pointer": "/log/0/hands", "detail": west}]
