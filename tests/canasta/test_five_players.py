"""Five-player Canasta (canasta/1.1): a deal that gives cards to the trio's member sitting it out says so, at the
field that gives them, in English and Russian; it used to answer that he was "not one of the players".

The seating: the trio T1, T2, T3 against the pair P1, P2; one of the trio sits each deal out and the four others
are dealt 11 cards each (two packs, 108 cards).
"""
import json
import pathlib

from referee.canasta.options import VARIANTS
from tests.canasta_helpers import S4, C, m

FIVE = [{"id": "T", "players": ["T1", "T2", "T3"]}, {"id": "P", "players": ["P1", "P2"]}]
DATA = pathlib.Path(__file__).resolve().parent.parent / "data" / "canasta_five_dealer.json"


def first_deal():
    """The first deal of the stored five-player log: P2 deals, T3 sits out, the pile 9C; 4 × 11 + 1 = 45 cards."""
    log = json.loads(DATA.read_text())["log"]
    return [log[0]]


def test_a_deal_that_deals_the_sitter_a_hand(api, client):
    # T3 sits out but is given 11 cards (each a second copy of one of T2's: within the 108)
    log = first_deal()
    log[0]["hands"]["T3"] = m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK")
    body = {"variant": "five-player", "sides": FIVE, "log": log}
    err = C(api, "validate", body, 422)["errors"]
    assert err == [{"pointer": "/log/0/hands/T3", "detail": "T3 sits this deal out and is dealt no cards"}]
    r = client.post("/v1/games/canasta/validate", json=body, headers={"Accept-Language": "ru"})
    assert r.get_json()["errors"][0]["detail"] == "игрок T3 пропускает эту сдачу, и карт ему не сдают"


def test_the_same_deal_without_the_sitters_hand(api):
    # the four players' hands only: the deal stands, and the log, stopping before anyone plays, is still going on
    ans = C(api, "validate", {"variant": "five-player", "sides": FIVE, "log": first_deal()})
    assert (ans["valid"], ans["complete"]) == (True, False)


def test_a_score_that_gives_the_trio_three_hands(api, client):
    # T2 sat out; the trio's side gives three hands (T1 went out with none): T2's is one too many
    deal = {"sitting_out": "T2", "sides": [
        {"id": "T", "melds": [["K"] * 7, m("9 9 9 9")], "went_out": True,
         "hands": [[], m("4 5 6"), m("4 5 6 7 8 10 J 4 5 6 7")]},
        {"id": "P", "melds": [m("Q Q Q")], "hands": [m("5 6 7 8 9 10 J A 4 5"), m("4 5 6 7 8 9 10 J Q A")]}]}
    body = {"variant": "five-player", "sides": FIVE, "deal": deal}
    assert C(api, "score", body, 422)["errors"] == [{
        "pointer": "/deal/sides/0/hands",
        "detail": "T2 sits this deal out and is dealt no cards: give the hands of T1, T3 only, in that order"
                  ""}]
    r = client.post("/v1/games/canasta/score", json=body, headers={"Accept-Language": "ru"})
    assert r.get_json()["errors"][0]["detail"] == (
        "игрок T2 пропускает эту сдачу, и карт ему не сдают: укажите руки только этих игроков — T1, T3, в этом порядке"
        "")
    # one hand fewer, T1's and T3's: scored (the worked totals are in tests/test_canasta_variants.py)
    del deal["sides"][0]["hands"][1]
    assert C(api, "score", body)["sides"][0]["id"] == "T"


POS = {"phase": "draw", "sitting_out": "T3", "hand": m("4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
       "pile": {"top": "8C", "size": 3}}


def test_a_position_whose_player_in_turn_sits_out(api):
    pos = dict(POS, to_act="T3")
    err = C(api, "check", {"variant": "five-player", "sides": FIVE, "position": pos,
                           "action": {"type": "draw", "player": "T1"}}, 422)["errors"]
    assert err == [{"pointer": "/position/to_act",
                    "detail": "T3 sits this deal out: the players are T1, P1, T2, P2"}]


def test_red_threes_held_by_the_sitter(api):
    # before play begins the others' dealt red threes may be given; the sitter was dealt none
    pos = dict(POS, red_threes_held={"T3": ["3H"]}, pile={"top": "8C", "size": 1})
    err = C(api, "check", {"variant": "five-player", "sides": FIVE, "position": pos,
                           "action": {"type": "draw", "player": "T1"}}, 422)["errors"]
    assert err == [{"pointer": "/position/red_threes_held/T3", "detail": "T3 sits this deal out and is dealt no cards"}]
    # T2 plays this deal: his dealt red three, still to be laid out, is a possible position, and T1 draws
    pos["red_threes_held"] = {"T2": ["3H"]}
    assert C(api, "check", {"variant": "five-player", "sides": FIVE, "position": pos,
                            "action": {"type": "draw", "player": "T1"}})["legal"] is True


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_five_player_the_player_sitting_out_is_named_as_such(api):
    body = {"variant": "five-player",
            "sides": [{"id": "P", "players": ["Ann", "Bob"]}, {"id": "T", "players": ["Cat", "Dan", "Eve"]}],
            "position": {"sitting_out": "Eve", "hand": m("9S 9H 5C 6D KH KC QD 8S 4H 7C 10D"),
                         "pile": {"top": "9D", "size": 5, "frozen_by": None}, "stock": 30},
            "action": {"type": "draw", "player": "Eve"}}
    err = C(api, "check", body, 422)["errors"][0]
    assert err["pointer"] == "/action/player" and err["detail"].startswith("Eve sits this deal out")


ROOT = pathlib.Path(__file__).resolve().parents[2]


def data(name):
    return json.loads((ROOT / "tests" / "data" / f"canasta_{name}.json").read_text())


# Found by black-box probing of the Canasta endpoints.
def test_five_player_dealer_passes_left(api):
    ans = C(api, "validate", data("five_dealer"))
    assert (ans["first_violation"]["rule"], ans["first_violation"]["pointer"]) == ("canasta/1.5", "/log/4/dealer")


def view_validate(log, variant="classic", sides=S4):
    from referee.canasta.views import validate
    from tests.canasta_helpers import loaded
    v = VARIANTS[variant]
    return validate(loaded("validate", {"sides": sides, "log": log}), v, v.resolve({}))


# A threshold the mutation pass over the Canasta engine found untested.
def test_the_player_sitting_out_does_not_deal():
    five = [{"id": "T", "players": ["T1", "T2", "T3"]}, {"id": "P", "players": ["P1", "P2"]}]
    ans = view_validate([{"type": "deal", "dealer": "T1", "sitting_out": "T1", "pile": ["9C"], "hands": {}}],
                        "five-player", five)
    assert (ans["first_violation"]["rule"], ans["first_violation"]["pointer"]) == ("canasta/1.5", "/log/0/dealer")
