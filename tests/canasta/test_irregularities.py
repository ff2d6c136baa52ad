"""Canasta irregularities without points: penalty cards (canasta/8.7) and drawing too many or out of turn (8.8).

The seed's official laws (irregularities: exposed card; wrong number of cards taken) give the remedies; no points
change hands, so the expected values are rulings and the scores of the logs, computed by hand in the comments
from the card values of canasta/1.4 (ace and deuce 20; K to 8 10; 7 to 4 5).
"""
import json
import pathlib

import pytest

from tests.canasta_helpers import C

ROOT = pathlib.Path(__file__).resolve().parents[2]
SIDES = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]
TWO = [{"id": "A", "players": ["A"]}, {"id": "B", "players": ["B"]}]


def check(api, position, action, status=200, sides=SIDES, variant=None):
    body = {"sides": sides, "position": {"pile": {"top": "8C", "size": 6}, **position},
            "action": {"player": sides[0]["players"][0], **action}}
    if variant:
        body["variant"] = variant
    return C(api, "check", body, status)


def totals(final):
    return {s["id"]: (s["base_score"], s["card_score"], s["hand_score"], s["total_after"]) for s in final["sides"]}


# Eleven cards of North's (unmelded side: 11 dealt, 12 after the draw; canasta/1.5).
HAND_12 = "9D KH KD 4C 5S 6H 7D JS QC AS 10H 4D".split()


# ---------------------------------------------------------------- penalty cards in a position

def test_a_penalty_card_must_be_the_next_discard(api):
    ans = check(api, {"phase": "play", "hand": HAND_12, "penalty_cards": ["KH"]}, {"type": "discard", "card": "9D"})
    assert (ans["legal"], ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == \
        (False, "canasta/8.7", "/action/card")
    assert ans["penalties"] == []                        # no points for an exposed card
    # the only discards left are kings: KH itself or KD, a card of the same rank
    assert [a["card"] for a in ans["legal_actions"] if a["type"] == "discard"] == ["KH", "KD"]
    assert check(api, {"phase": "play", "hand": HAND_12, "penalty_cards": ["KH"]},
                 {"type": "discard", "card": "KH"})["legal"] is True


def test_expose_out_of_turn_makes_a_penalty_card(api):
    # East drops his 9S while North is playing his turn (North has drawn): it is a penalty card of East's, whoever
    # is in turn. East holds his 11 dealt cards: it is not his turn, so he has drawn nothing.
    hand = "4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C".split()
    ans = check(api, {"phase": "play", "hand": hand, "to_act": "N"}, {"type": "expose", "player": "E", "cards": ["9S"]})
    assert ans["legal"] is True and ans["effects"] == {"penalty_cards": ["9S"]}
    assert "canasta/8.7" in {c["rule"] for c in ans["citations"]}


@pytest.mark.parametrize("pos,pointer", [
    ({"phase": "play", "hand": HAND_12, "penalty_cards": ["QH"]}, "/position/penalty_cards"),      # not in hand
    ({"phase": "play", "hand": HAND_12, "penalty_cards": ["9D", "9D"]}, "/position/penalty_cards"),  # one 9D held
])
def test_penalty_cards_come_from_the_hand(api, pos, pointer):
    ans = check(api, pos, {"type": "discard", "card": "9D"}, status=422)
    assert ans["errors"][0]["pointer"] == pointer


def test_expose_of_a_card_not_held_is_illegal(api):
    ans = check(api, {"phase": "draw", "hand": HAND_12[:11]}, {"type": "expose", "cards": ["QH"]})
    assert (ans["legal"], ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == \
        (False, "canasta/6.1", "/action/cards")


def test_an_empty_expose_is_refused(api):
    ans = check(api, {"phase": "draw", "hand": HAND_12[:11]}, {"type": "expose", "cards": []}, status=422)
    assert ans["errors"][0]["pointer"] == "/action/cards"


# Fifteen cards of A's in the two-player game (15 dealt).
HAND_15 = "9D KH KD 4C 5S 6H 7D JS QC AS 10H 4D 5H 6C 7S".split()


def test_two_player_game_has_no_penalty_cards(api):
    # canasta/8.11: exposed cards carry no obligation with two players.
    ans = check(api, {"phase": "draw", "hand": HAND_15}, {"type": "expose", "cards": ["KH"]}, sides=TWO,
                variant="two-player")
    assert ans["legal"] is True
    assert ans["effects"] == {"penalty_cards": [], "note": "no penalty cards in this game"}
    ans = check(api, {"phase": "draw", "hand": HAND_15, "penalty_cards": ["KH"]}, {"type": "draw"}, sides=TWO,
                variant="two-player", status=422)
    assert ans["errors"][0]["pointer"] == "/position/penalty_cards"


# ---------------------------------------------------------------- drawing too many, or out of turn

def test_a_second_draw_in_the_turn(api):
    ans = check(api, {"phase": "play", "hand": HAND_12}, {"type": "draw"})
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/8.8")
    assert ans["penalties"] == []


def test_a_draw_out_of_turn(api):
    ans = check(api, {"phase": "draw", "hand": HAND_12[:11], "to_act": "E"}, {"type": "draw"})
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/8.8")
    assert "E's turn" in ans["violations"][0]["message"]


def test_drawing_two_cards_where_one_is_due(api):
    ans = check(api, {"phase": "draw", "hand": HAND_12[:11], "stock": 50}, {"type": "draw", "cards": ["5C", "6C"]})
    assert (ans["legal"], ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == \
        (False, "canasta/8.8", "/action/cards")
    # too few is not 8.8: the two-player game draws two (canasta/6.1)
    ans = check(api, {"phase": "draw", "hand": HAND_15, "stock": 50}, {"type": "draw", "cards": ["5C"]}, sides=TWO,
                variant="two-player")
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/6.1")


# ---------------------------------------------------------------- logs

def concealed_log():
    body = json.loads((ROOT / "examples/canasta/validate-concealed.json").read_text())
    body.pop("game")
    return body


def round_of_turns(east_discard):
    """North's concealed example, with East dropping his 9S at the start (a penalty card) and a round of turns
    before North goes out concealed on his second turn."""
    body = concealed_log()
    deal, red_three = body["log"][:2]
    body["log"] = [deal, red_three, {"type": "expose", "player": "East", "cards": ["9S"]},
                   {"type": "draw", "player": "North", "cards": ["5C"]},
                   {"type": "discard", "player": "North", "card": "5C"},
                   {"type": "draw", "player": "East", "cards": ["7D"]},
                   {"type": "discard", "player": "East", "card": east_discard},
                   {"type": "draw", "player": "South", "cards": ["8S"]},
                   {"type": "discard", "player": "South", "card": "8S"},
                   {"type": "draw", "player": "West", "cards": ["6S"]},
                   {"type": "discard", "player": "West", "card": "6S"},
                   {"type": "draw", "player": "North", "cards": ["6C"]},
                   {"type": "go_out", "player": "North",
                    "melds": [["KH", "KD", "KS", "KC", "KH", "KD", "KS"], ["QH", "QD", "QS", "QC"]], "card": "6C"}]
    return body


def test_log_penalty_card_discarded_at_the_next_turn(api):
    ans = C(api, "validate", round_of_turns("9S"))
    assert ans["valid"], ans["first_violation"]
    # NS: natural canasta 500 + concealed going out 200 = 700; melds 70 + 40 less South's 150 = -40; 660.
    # EW: red three -100 (no meld). East kept 4H 4D 5S 6C 7H 8D 10C JH AD 2C 7D: 25 + 40 + 40 - 10 (9S gone)
    # + 5 (7D) = 100; West 4C 5D 6H 7S 8C 9H 10D JS AH 2D KC = 110; cards -210; total -310.
    assert totals(ans["final"]) == {"NS": (700, -40, 660, 660), "EW": (-100, -210, -310, -310)}


def test_log_discarding_another_card_over_a_penalty_card(api):
    ans = C(api, "validate", round_of_turns("7D"))
    fv = ans["first_violation"]
    assert (ans["valid"], fv["index"], fv["rule"], fv["pointer"]) == (False, 6, "canasta/8.7", "/log/6/card")


def test_log_a_melded_penalty_card_stops_being_one(api):
    # North drops a KH, then melds all seven kings and discards 5C, keeping the queens: legal, the KH is melded.
    body = concealed_log()
    deal, red_three = body["log"][:2]
    body["log"] = [deal, red_three, {"type": "expose", "player": "North", "cards": ["KH"]},
                   {"type": "draw", "player": "North", "cards": ["5C"]},
                   {"type": "meld", "player": "North", "melds": [["KH", "KD", "KS", "KC", "KH", "KD", "KS"]]},
                   {"type": "discard", "player": "North", "card": "5C"},
                   {"type": "draw", "player": "East", "cards": ["7D"]},
                   {"type": "discard", "player": "East", "card": "7D"},
                   {"type": "draw", "player": "South", "cards": ["8S"]},
                   {"type": "discard", "player": "South", "card": "8S"},
                   {"type": "draw", "player": "West", "cards": ["6S"]},
                   {"type": "discard", "player": "West", "card": "6S"},
                   {"type": "draw", "player": "North", "cards": ["6C"]},
                   {"type": "go_out", "player": "North", "melds": [["QH", "QD", "QS", "QC"]], "card": "6C"}]
    ans = C(api, "validate", body)
    assert ans["valid"], ans["first_violation"]
    # NS: natural canasta 500 + going out 100 (North melded on an earlier turn: not concealed) = 600;
    # melds 70 + 40 less South's 150 = -40; 560.  EW as in the concealed example: -100, -(105 + 110) = -215.
    assert totals(ans["final"]) == {"NS": (600, -40, 560, 560), "EW": (-100, -215, -315, -315)}


def test_log_a_second_draw(api):
    body = concealed_log()
    body["log"] = body["log"][:3] + [{"type": "draw", "player": "North", "cards": ["6C"]}]
    fv = C(api, "validate", body)["first_violation"]
    assert (fv["index"], fv["rule"]) == (3, "canasta/8.8")
