"""Canasta: the stock — drawing from it, and the end of the hand when it runs out."""
import json
import pathlib

import pytest

from referee.canasta.options import VARIANTS
from referee.cards import parse_card
from tests.canasta_helpers import S4, C, m

M9 = {"NS": [m("9H 9S 9C 9H 9S 9C 2C")]}


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_palace_no_turn_begins_with_the_stock_gone(api):
    body = {"variant": "palace", "sides": S4,
            "position": {"phase": "draw", "hand": m("5C 8D"), "melds": M9, "pile": {"top": "9D", "size": 3},
                         "stock": 0},
            "action": {"type": "end", "player": "North"}}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/position/stock"


ROOT = pathlib.Path(__file__).resolve().parents[2]


def data(name):
    return json.loads((ROOT / "tests" / "data" / f"canasta_{name}.json").read_text())


# Found by black-box probing of the Canasta endpoints.
def test_cards_drawn_come_out_of_the_stock(api):
    # 105 cards in view, stock 2, one hidden card: Bob draws the last two; validate accepted the same step.
    assert C(api, "check", data("draw_stock"))["legal"] is True


# Found by black-box probing of the Canasta endpoints.
@pytest.mark.parametrize("name", ["palace_stock_end", "traditional_stock_end"])
def test_stock_end_stops_the_hand_in_palace_and_traditional(api, name):
    # The discard after the last stock card ends the hand (stock_end=stop); the log's closing "end" confirms it.
    ans = C(api, "validate", data(name))
    assert ans["valid"] is True and ans["final"] is not None


def cards(s):
    return [parse_card(c) for c in s.split()]


def opts(variant, **over):
    return VARIANTS[variant].resolve(over)


def deal_state(variant, stock=30, hands=None, turn="North"):
    from referee.canasta.deal import DealState, Layout, Pile
    hands = hands or {"North": cards("4S 5S 6S"), "South": None, "East": None, "West": None}
    return DealState(Layout.of(S4), opts(variant), {"NS": 0, "EW": 0}, stock, Pile(None, 0), turn, hands)


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("stock,window", [(1, False), (0, True)])
def test_the_sevens_game_last_discard_may_be_bought_once(stock, window):
    # the discard after the last stock card opens the buy; one before it does not
    st = deal_state("sevens", stock)
    st.phase, st.drew_from = "play", "stock"
    st.melds["NS"] = {"K": cards("KS KH KD")}
    st.apply_discard("North", parse_card("4S"))
    assert (st.buy_window, st.phase) == (window, "draw")
