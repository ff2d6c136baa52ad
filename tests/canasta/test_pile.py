"""Canasta: the discard pile — what it may hold, how it is described, and taking it."""
import json
import pathlib

import pytest

from referee import service
from tests.canasta_helpers import ELEVEN, S4, C, chk, m, message, pointer, ruling


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_classic_12_upcard_is_replaced_not_covered(api):
    # CN-C12 (S4:75): a joker or a three turned up goes back into the pack; the pile starts with one natural card.
    hands = {"North": m("KH KD KS KC QH QD QS QC 4H 4D 5S 6C"), "East": m("4S 5H 6D 7C 8H 9D 10S JD AS AC 7D 8D"),
             "South": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 9S 10C"), "West": m("5C 6S 7H 8S 9C 10H JH JC AD 2C KH KD")}
    log = [{"type": "deal", "dealer": "West", "hands": hands, "pile": ["JK", "9D"]}]
    ans = C(api, "validate", {"variant": "classic-12", "sides": S4, "log": log})
    fv = ans["first_violation"]
    assert (fv["rule"], fv["pointer"]) == ("canasta/1.6", "/log/0/pile/0")


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_samba_top_card_onto_a_finished_canasta_is_explained(api):
    body = {"variant": "samba", "sides": S4,
            "position": {"phase": "draw", "hand": m("KS KD 4C 5C 6C JD JS QD QS AS AD 8H 9H 4H 5H"),
                         "melds": {"NS": [m("9S 9S 9C 9C 9D 9D 9H")], "EW": []}, "pile": {"cards": ["4S", "9H"]},
                         "stock": 60},
            "action": {"type": "take_pile", "player": "North", "cards": []}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/5.2") and "short of a canasta" in ans["violations"][0]["message"]


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_rule_5_2_text_agrees_with_the_top_card_onto_a_run(client):
    # Found by probing: Bolivia's take of a 10H onto the side's 4H-9H run is legal (3.4), and 5.2 must say so.
    rules = client.get("/v1/games/canasta/rules?variant=bolivia").get_json()["rules"]
    text = next(r["text"] for r in rules if r["id"] == "canasta/5.2")
    assert "never joins a run" not in text and "extend one of the side's sequences still short of seven" in text


# Found by black-box probing of the Canasta endpoints.
@pytest.mark.parametrize("pile,where", [
    ({"top": "2D", "size": 9, "frozen_by": None}, "/position/pile/frozen_by"),     # a wild on top freezes
    ({"cards": ["5C", "3H", "9D"]}, "/position/pile/cards/1"),                   # a red three mid-pile
    ({"top": "6S", "size": 110}, "/position/pile/size"),                          # more than the deck
    ({}, "/position/pile"),                                                       # no pile described
    ({"top": None, "size": 9, "frozen_by": "wild"}, "/position/pile/top"),        # nine cards, and no top card
    ({"top": "9D", "size": 0}, "/position/pile/size"),                            # a top card on an empty pile
])
def test_impossible_piles(api, pile, where):
    ans = chk(api, {"hand": ELEVEN, "pile": pile}, {"type": "draw"}, 422)
    assert pointer(ans) == where


# Found by black-box probing of the Canasta endpoints.
def test_take_pile_pointers(api):
    pos = {"hand": ["KH", "KD", "QH", "5C", "6D", "7S", "8H", "9C", "10S", "JD", "4H"],
           "pile": {"cards": ["QC", "QD", "KS"]}}
    ans = chk(api, pos, {"type": "take_pile", "cards": ["KH", "KD"], "melds": [["QH", "QC", "QD"]]})
    assert ans["violations"][0]["pointer"] == "/action/melds/0/1"        # QC is in the pile, not the hand
    pos["hand"] = ["KH", "KD", "JK", "4C", "6D", "7S", "8H", "9C", "10S", "JD", "4H"]
    ans = chk(api, pos, {"type": "take_pile", "cards": ["KH", "KD"], "melds": [["JK", "4C", "4H"]]})
    assert ans["legal"] is True        # K K K (30) and 4 4 JK (60): 90 from the top card and the hand
    ans = chk(api, pos, {"type": "take_pile", "cards": ["KH", "KD"], "melds": [["JK", "4C", "6D"]]})
    assert (ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == ("canasta/3.1", "/action/melds/0")


# Found by black-box probing of the Canasta endpoints.
def test_take_pile_reports_canastas_and_points_at_the_card(api):
    pos = {"hand": ["QH", "QS", "5C", "6D"], "melds": {"NS": [["QD", "QC", "QD", "QC", "QS"]]},
           "pile": {"top": "QH", "size": 4}}
    ans = chk(api, pos, {"type": "take_pile", "cards": ["QH", "QS"]})
    assert ans["effects"]["canastas"] == 1
    ans = chk(api, pos, {"type": "take_pile", "cards": ["QH", "KS"]})
    assert ans["violations"][0]["pointer"] == "/action/cards/1"


def check(body, variant="classic", **options):
    return service.handle("canasta", "check", {"variant": variant, "options": options, "sides": S4, **body})


# A threshold the mutation pass over the Canasta engine found untested.
def test_cards_taken_with_the_pile_that_make_no_meld():
    # Cuban canastas stop at seven: the top K and a pair of kings would make the side's K x7 ten cards
    body = {"position": {"hand": m("KH KD 5D 6D 7D 8D 10D JD QD 4S 4H 4C 5C"), "melds": {"NS": [["K"] * 5]},
                         "pile": {"top": "KC", "size": 5}, "stock": 40},
            "action": {"type": "take_pile", "player": "North", "cards": m("KH KD")}}
    assert message(check(body, "cuban")) == "adding to the side's Ks: a canasta holds at most 7 cards"
    # classic: a natural 9 and three wild cards with the top 9 are two naturals and three wild cards
    body = {"position": {"hand": m("9H 2C JK 2D 5D 6D 7D 8D 10D JD QD"), "melds": {"NS": [m("A A A")]},
                         "pile": {"top": "9C", "size": 5}, "stock": 40},
            "action": {"type": "take_pile", "player": "North", "cards": m("9H 2C JK 2D")}}
    assert message(check(body)) == "the top card and the cards shown: wild cards may not outnumber the natural cards"


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_pile_given_by_its_cards_and_its_top():
    body = {"sides": S4, "position": {"hand": m("9S 9H 5D 6D 7D 8D 10D JD QD 4S 4H"), "melds": {"NS": [m("A A A")]},
                                      "pile": {"cards": m("8C 5H 9C"), "top": "9C", "size": 3}, "stock": 40},
            "action": {"type": "take_pile", "player": "North", "cards": m("9S 9H")}}
    assert service.handle("canasta", "check", body)["legal"] is True


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("top,agrees", [("9C", True), ("9", True), ("9H", False), ("8C", False)])
def test_a_pile_top_given_beside_its_cards_agrees_with_them(top, agrees):
    from referee.errors import InputError
    body = {"sides": S4, "position": {"hand": m("9S 9H 5D 6D 7D 8D 10D JD QD 4S 4H"), "melds": {"NS": [m("A A A")]},
                                      "pile": {"cards": m("8C 5H 9C"), "top": top}, "stock": 40},
            "action": {"type": "take_pile", "player": "North", "cards": m("9S 9H")}}
    if agrees:
        assert service.handle("canasta", "check", body)["legal"] is True
    else:
        with pytest.raises(InputError) as e:
            service.handle("canasta", "check", body)
        assert e.value.errors[0]["pointer"] == "/position/pile/top"


ROOT = pathlib.Path(__file__).resolve().parents[2]


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_canasta_pile_taken_this_turn_is_empty(api):
    body = json.loads((ROOT / "examples/canasta/check-frozen-pile.json").read_text())
    body.pop("game")
    # North took the pile and now discards 5C: with the pile still shown at nine cards the position contradicts
    # itself; with the pile empty, the discard is an ordinary legal one
    body["position"].update(phase="play", turn={"drew_from": "pile"})
    body["action"] = {"type": "discard", "player": "North", "card": "5C"}
    err = api("check", body, status=422, game="canasta")["errors"][0]
    assert err == {"pointer": "/position/turn/drew_from",
                   "detail": "the player took the pile this turn, so it is empty until his discard"}
    body["position"]["pile"] = {"size": 0}
    assert api("check", body, game="canasta")["legal"] is True
