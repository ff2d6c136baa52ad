"""A position that leaves a fact out or says two things at once is refused, never guessed, in all three games."""
import copy
import json
import pathlib

from tests.thousand_helpers import points_deal, score_body

ROOT = pathlib.Path(__file__).resolve().parents[2]


GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))


def pinochle_example(name):
    body = json.loads((ROOT / "examples" / "pinochle" / name).read_text())
    body.pop("game")
    return body


PINOCHLE_PLAYOFF = {"players": ["Ann", "Bob"], "dealer": "Ann",
                    "position": {"phase": "play", "trump": "H", "tricks_done": 14,
                                 "hand": ["AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C"],
                                 "trick": {"leader": "Bob", "cards": ["KH"]}},
                    "action": {"type": "play", "player": "Ann", "card": "9S"}}


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_a_missing_total_is_not_read_as_zero(api):
    # Thousand: Vera's 875 dropped from the README's state came back as 0
    body = {**GOOD, "state": {"scores": {"Anna": 420, "Boris": 310}}}
    err = api("score", body, status=422)["errors"]
    assert [e["pointer"] for e in err] == ["/state/scores/Vera"]
    assert err[0]["detail"].startswith("no total for Vera: a game under way gives every player's total")
    # a new game: no state, or scores {}
    assert api("score", {**GOOD, "state": {"scores": {}}})["players"][2]["total_before"] == 0
    # Pinochle and Canasta alike
    pin = pinochle_example("two-handed-score.json")
    pin["state"] = {"scores": {"Ann": 500}}
    assert api("score", pin, status=422, game="pinochle")["errors"][0]["pointer"] == "/state/scores/Bob"
    can = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    can.pop("game")
    can["state"] = {"scores": {"EW": 2310}}
    assert api("score", can, status=422, game="canasta")["errors"] == [
        {"pointer": "/state/scores/NS",
         "detail": "no total for the side NS: a game under way gives every side's total (none at all for a new game)"}]


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_the_leader_of_a_later_trick_is_not_guessed(api):
    # Pinochle: after 14 tricks nobody can tell from the position who leads the fifteenth
    body = copy.deepcopy(PINOCHLE_PLAYOFF)
    body["position"]["trick"] = {"cards": []}
    err = api("check", body, status=422, game="pinochle")["errors"][0]
    assert err["pointer"] == "/position/trick/leader"
    # the first trick's leader is known: the player after the dealer (Bob, with Ann dealing)
    first = {"players": ["Ann", "Bob"], "dealer": "Ann",
             "position": {"phase": "play", "trump": "H", "tricks_done": 0, "stock_left": 24,
                          "hand": ["AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C", "KC", "AD"]},
             "action": {"type": "play", "player": "Bob", "card": "AS"}}
    assert api("check", first, game="pinochle")["legal"] is True
    # Thousand: six tricks played; the trick's leader must be given
    th = json.loads((ROOT / "examples/thousand/check-revoke.json").read_text())
    th.pop("game")
    del th["position"]["trick"]
    err = api("check", th, status=422)["errors"][0]
    assert err == {"pointer": "/position/trick/leader",
                   "detail": "give the leader of the current trick (the winner of the last one)"}


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_a_game_under_way_gives_its_totals(api):
    # Canasta: four deals played (state.rounds) but no totals was scored as a new game and could name a winner
    can = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    can.pop("game")
    can["state"] = {"rounds": 4}
    can["options"] = {"max_rounds": 5}
    err = api("score", can, status=422, game="canasta")["errors"][0]
    assert err == {"pointer": "/state/scores",
                   "detail": "the game is under way: give every player's total"}
    # Thousand: concessions or bolts belong to a game under way too
    body = {**GOOD, "state": {"bolts": {"Vera": 2}}}
    assert api("score", body, status=422)["errors"][0]["pointer"] == "/state/scores"


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_a_position_that_says_two_things_at_once(api):
    # Thousand: a bidding position with a contract and a trick, or a play position whose talon is not taken
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
            "position": {"phase": "bidding", "bids": [], "declarer": "Anna", "contract": 100,
                         "trick": {"leader": "Anna", "cards": []}},
            "action": {"type": "bid", "player": "Boris", "amount": 110}}
    assert [e["pointer"] for e in api("check", body, status=422)["errors"]] == \
        ["/position/declarer", "/position/contract", "/position/trick"]
    th = json.loads((ROOT / "examples/thousand/check-revoke.json").read_text())
    th.pop("game")
    th["position"]["exchanged"] = False
    assert api("check", th, status=422)["errors"][0] == {
        "pointer": "/position/exchanged",
        "detail": "in the play phase the talon is already taken and the exchange made"}
    # Pinochle: the draw phase's winner in a meld position
    body = {"players": ["Ann", "Bob"], "dealer": "Ann",
            "position": {"phase": "meld", "trump": "H", "tricks_done": 3, "winner": "Bob",
                         "hand": ["KH", "QH", "AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C"]},
            "action": {"type": "meld", "player": "Ann", "cards": ["KH", "QH"]}}
    assert api("check", body, status=422, game="pinochle")["errors"][0] == {
        "pointer": "/position/winner", "detail": "this is not part of a position in the meld phase"}
