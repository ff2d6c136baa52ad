"""Canasta: positions that cannot happen — hands, stock and pile that do not fit the deck or the deal — refused with a
pointer at the field.
"""
import json
import pathlib

import pytest

from referee import service
from referee.canasta.options import VARIANTS
from tests.canasta_helpers import DEAL, ELEVEN, K7, S4, C, chk, full_deal, m, pointer, ruling

S6 = [{"id": "A", "players": ["P1", "P3", "P5"]}, {"id": "B", "players": ["P2", "P4", "P6"]}]


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_a_card_not_held_is_refused_as_such_before_the_sevens_rule(api):
    # Pennies from Heaven: discarding a 7S the player does not hold is "does not hold", not the sevens rule.
    body = {"variant": "pennies-from-heaven", "sides": S6,
            "position": {"phase": "play", "hand": m("5C 5D 6H 8S 9D"), "melds": {"A": [m("KS KH KD KC KS KH KD")]},
                         "pile": {"top": "9C", "size": 9, "frozen_by": None}, "stock": 40},
            "action": {"player": "P1", "type": "discard", "card": "7S"}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/6.1") and ans["violations"][0]["message"] == "P1 does not hold 7S"


ROOT = pathlib.Path(__file__).resolve().parents[2]


def readme_log():
    body = json.loads((ROOT / "examples/canasta/validate-concealed.json").read_text())
    body.pop("game")
    return body


# Found by black-box probing of the Canasta endpoints.
def test_stock_and_pile_together_fit_the_deck(api):
    ans = chk(api, {"hand": ELEVEN, "pile": {"top": "6S", "size": 90}, "stock": 60}, {"type": "draw"}, 422)
    assert pointer(ans) == "/position/stock"


# Found by black-box probing of the Canasta endpoints.
@pytest.mark.parametrize("pile", [{"top": "6S", "size": 1}, {"cards": ["6S"]}])
def test_an_unknown_stock_is_reported_as_unknown(api, pile):
    assert chk(api, {"hand": ELEVEN, "pile": pile}, {"type": "draw"})["facts"]["stock"] is None


# Found by black-box probing of the Canasta endpoints.
@pytest.mark.parametrize("hand", [ELEVEN[:5], ELEVEN + ELEVEN[:9]])
def test_unmelded_hand_must_be_the_deal(api, hand):
    ans = chk(api, {"hand": hand, "pile": {"top": "6S", "size": 4}}, {"type": "draw"}, 422)
    assert pointer(ans) == "/position/hand"


# Found by black-box probing of the Canasta endpoints.
HAS_MELDS = "by this the side has melds on the table: give them with the melds"


@pytest.mark.parametrize("turn,where,detail", [
    ({"melded": True}, "/position/turn/melded", HAS_MELDS),
    ({"laid_on_partner": True}, "/position/turn/laid_on_partner", HAS_MELDS),
    # (the pile of 4 is told first: taken this turn, it is empty until the discard)
    ({"drew_from": "pile"}, "/position/turn/drew_from",
     "the player took the pile this turn, so it is empty until his discard")])
def test_turn_flags_need_melds(api, turn, where, detail):
    ans = chk(api, {"phase": "play", "hand": ELEVEN + ["4D"], "pile": {"top": "6S", "size": 4}, "turn": turn},
              {"type": "discard", "card": "4D"}, 422)
    assert ans["errors"] == [{"pointer": where, "detail": detail}]


# Found by black-box probing of the Canasta endpoints.
def test_player_named_like_another_side(api):
    sides = [{"id": "NS", "players": ["NS", "South"]}, {"id": "EW", "players": ["East", "West"]}]
    body = {"sides": sides, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}},
            "action": {"type": "draw", "player": "NS"}}
    assert pointer(C(api, "check", body, 422)) == "/sides"


# Found by black-box probing of the Canasta endpoints.
def test_conservation_pointers_resolve(api):
    ans = chk(api, {"hand": ELEVEN, "melds": {"NS": [["KC", "KC", "KD"]]}, "pile": {"top": "KC", "size": 4}},
              {"type": "draw"}, 422)
    assert pointer(ans) == "/position/pile/top"
    body = readme_log()
    body["log"][1]["replacement"] = "KH"          # North holds both KH
    ans = C(api, "validate", body)
    assert ans["first_violation"]["pointer"] == "/log/1/replacement"


# Found by black-box probing of the Canasta endpoints.
def test_rank_limit_message(api):
    ans = chk(api, {"phase": "play", "hand": ["K", "K", "5C"], "melds": {"NS": [K7]},
                    "pile": {"top": "8C", "size": 3}}, {"type": "discard", "card": "5C"}, 422)
    assert ans["errors"][0]["detail"].startswith("more cards of rank K than the 108-card deck holds (8")


# Found by black-box probing of the Canasta endpoints.
def test_missing_player_message(api):
    ans = C(api, "check", {"sides": S4, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}},
                           "action": {"type": "draw"}}, 422)
    assert pointer(ans) == "/action/player" and "None" not in ans["errors"][0]["detail"]
    body = readme_log()
    del body["log"][2]["player"]
    ans = C(api, "validate", body, 422)
    assert (pointer(ans), ans["errors"][0]["detail"]) == ("/log/2/player", "a draw names its player")


def view_score(deal, variant="classic", **options):
    """The score view itself (the request schema is not applied, as for a library caller)."""
    from referee.canasta.views import score
    from tests.canasta_helpers import loaded
    v = VARIANTS[variant]
    return score(loaded("score", {"sides": S4, "deal": deal}), v, v.resolve(options))


def fault(deal, variant="classic", **options):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_score(deal, variant, **options)
    return e.value.errors[0]


def check(body, variant="classic", **options):
    return service.handle("canasta", "check", {"variant": variant, "options": options, "sides": S4, **body})


def view_validate(log, variant="classic", sides=S4):
    from referee.canasta.views import validate
    from tests.canasta_helpers import loaded
    v = VARIANTS[variant]
    return validate(loaded("validate", {"sides": sides, "log": log}), v, v.resolve({}))


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_player_whose_side_never_melded_holds_exactly_his_deal():
    # EW never melded: East 12 and West 11 make 23, enough for the side, but East holds one card too many
    d = full_deal()
    d["sides"][1].update(melds=[], hands=[m("JK Q 4 4 5 6 7 Q Q Q 2 J"), m("5 6 K 10 10 7 4 4 J J 10")])
    assert fault(d)["pointer"] == "/deal/sides/1/hands/0"


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_hand_of_the_wrong_size_says_what_it_should_hold():
    # EW has not melded: in the play phase East holds his 11 and the card drawn, 12; two players: the 15 dealt and
    # the two drawn, 17
    from referee.errors import InputError
    body = {"position": {"phase": "play", "to_act": "East", "hand": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
                         "pile": {"top": "9C", "size": 1}, "stock": 40},
            "action": {"type": "discard", "player": "East", "card": "4H"}}
    with pytest.raises(InputError) as e:
        check(body)
    assert e.value.errors[0]["detail"] == ("a player whose side has not melded holds the 11 cards of his deal and the "
                                           "card just drawn (12), not 11")
    two = {"position": {"phase": "play", "hand": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 4S 5H 6D 7C 8H"),
                        "pile": {"top": "9C", "size": 1}, "stock": 40},
           "action": {"type": "discard", "player": "Ann", "card": "4H"},
           "sides": [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]}
    with pytest.raises(InputError) as e:
        service.handle("canasta", "check", {"variant": "two-player", **two})
    assert e.value.errors[0]["detail"] == ("a player whose side has not melded holds at least the 15 cards of his deal "
                                           "and the 2 just drawn (17), not 16")


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("variant,sides,hand,want", [
    # before the draw a player whose side has not melded holds exactly his deal (draw one), at least it (draw two)
    ("classic", S4, "4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 4S",
     "a player whose side has not melded holds exactly the 11 cards of his deal, not 12"),
    ("two-player", [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}],
     "4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 4S 5H 6D",
     "a player whose side has not melded holds at least the 15 cards of his deal, not 14"),
])
def test_a_hand_of_the_wrong_size_before_the_draw(variant, sides, hand, want):
    from referee.errors import InputError
    player = sides[0]["players"][0]
    body = {"variant": variant, "sides": sides,
            "position": {"hand": m(hand), "pile": {"top": "9C", "size": 1}, "stock": 40},
            "action": {"type": "draw", "player": player}}
    with pytest.raises(InputError) as e:
        service.handle("canasta", "check", body)
    assert e.value.errors[0]["detail"] == want


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_draw_of_a_card_whose_copies_are_all_in_view():
    from referee.errors import InputError
    body = {"sides": S4, "position": {"hand": m("KH KH 5D 6D 7D 8D 10D JD QD 4S 4H"), "melds": {"NS": [m("A A A")]},
                                      "pile": {"top": "9C", "size": 5}, "stock": 40},
            "action": {"type": "draw", "player": "North", "cards": ["KH"]}}
    with pytest.raises(InputError) as e:
        service.handle("canasta", "check", body)
    assert e.value.errors[0]["pointer"] == "/action/cards/0"


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_copy_too_many_stops_the_judging_of_its_deal():
    # North draws a third KH: a violation of 1.2, and the deal's later events (a discard he cannot make) are not judged
    ans = view_validate([DEAL, {"type": "draw", "player": "North", "cards": ["KH"]},
                         {"type": "discard", "player": "North", "card": "9S"}])
    assert [(v["index"], v["rule"]) for v in ans["violations"]] == [(1, "canasta/1.2")]
