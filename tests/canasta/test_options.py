"""Canasta: the options of a variant — the values a request gets, options that need their mechanics or contradict each
other, and options that would never apply.
"""

import pytest

from tests.canasta_helpers import DEAL3, ELEVEN, S4, C, m, pointer


def concealed_deal():
    """The README's concealed going out, scored: North melded K x7 and Q x4 from the stock and discarded; West, the
    dealer, never had a turn and still holds the 3H he was dealt among his 11 cards.  NS shows 11 melded + South's
    11 = 22; EW 11 + 11 = 22, neither having melded."""
    return {"sides": [
        {"id": "NS", "went_out": True, "concealed": True, "melds": [m("KH KD KS KC KH KD KS"), m("QH QD QS QC")],
         "hands": [[], m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK")]},
        {"id": "EW", "hands": [m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"), m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 3H")]}]}


# Issue 18 (an outside audit of Canasta).
def test_the_new_options_need_their_mechanics(api):
    body = {"sides": S4, "deal": concealed_deal()}
    for name, value in (("long_sequence_bonus", 1000), ("five_canastas_bonus", "with_mixed")):
        err = C(api, "score", {**body, "options": {name: value}}, 422)["errors"]
        assert err[0]["pointer"] == f"/options/{name}"


# Found by black-box probing of the Canasta variants (issues 4 and 5).
@pytest.mark.parametrize("variant,expected", [
    ("italian", {"going_out_bonus": 300, "concealed_bonus": 0}),     # canasta.md 2.8 / S23: 300, no concealed
    ("sevens", {"going_out_bonus": 200, "concealed_bonus": 0}),      # implied by sequences (canasta/3.4)
    ("classic", {"going_out_bonus": 100, "concealed_bonus": 100}),
])
def test_variant_listing_gives_the_values_a_request_gets(client, variant, expected):
    listing = client.get(f"/v1/games/canasta/variants/{variant}").get_json()
    defaults = {o["name"]: o["default"] for o in listing["options"]}
    assert {k: defaults[k] for k in expected} == expected


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_palace_refuses_four_packs_by_name(api):
    ans = C(api, "score", {"variant": "palace", "options": {"packs": 4}, "sides": S4,
                           "deal": {"sides": [{"id": "NS", "hands": [["4H"], ["5H"]]},
                                              {"id": "EW", "hands": [["4H"], ["5H"]]}]}}, 422)
    assert ans["errors"][0]["pointer"] == "/options/packs"


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_upcard_options_that_contradict_each_other(api):
    body = {"options": {"black_three_upcard": "leave", "upcard_replaced": True}, "sides": S4,
            "log": [dict(DEAL3, pile=["3S"])]}
    pointers = {e["pointer"] for e in C(api, "validate", body, 422)["errors"]}
    assert pointers == {"/options/upcard_replaced", "/options/black_three_upcard"}


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_a_null_target_is_the_six_player_games(api):
    deal = {"sides": [
        {"id": "NS", "went_out": True, "melds": [["K"] * 7, m("9 9 9")], "hands": [[], m("4 5 6 7 8 9 10 J Q A A A 4")]},
        {"id": "EW", "melds": [m("Q Q Q")], "hands": [m("4 4 5 5 6 6 7 10 8 8"), m("4 5 6 7 8 9 10 J Q JK 2")]}]}
    err = C(api, "score", {"options": {"target": None}, "sides": S4, "deal": deal}, 422)["errors"][0]
    assert err["pointer"] == "/options/target"


# Found by black-box probing of the Canasta endpoints.
def test_six_player_target_default_is_listed_as_null(client):
    opts = {o["name"]: o for o in client.get("/v1/games/canasta/variants/six-player").get_json()["options"]}
    assert opts["target"]["default"] is None


# Found by black-box probing of the Canasta endpoints.
@pytest.mark.parametrize("options,name", [({"minimum_150_from": 7500}, "minimum_150_from"),
                                          ({"top_minimum": 160}, "top_minimum")])
def test_options_that_would_never_apply(api, options, name):
    body = {"sides": S4, "options": options, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}},
            "action": {"type": "draw", "player": "North"}}
    assert pointer(C(api, "check", body, 422)) == f"/options/{name}"
