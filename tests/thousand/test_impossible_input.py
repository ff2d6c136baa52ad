"""Thousand input that cannot happen at the table is refused (422, pointing at the field), and the same input one
step inside the bound is judged: counters and totals in the state, hands and leaders in a position, the talon's
cards in the play, trick counts and marriages of a deal given as points, a dealt hand's size; and the raise open
at the cap.

Three players (Anna, Boris, Vera; Vera deals, Anna is first hand) take 8 tricks of 3 cards; 7 cards each are dealt
and 3 go to the talon; the declarer takes the talon (10 cards) and gives one card to each opponent (8 each).
"""
import copy

import pytest

from referee import service
from referee.errors import InputError
from tests.thousand_helpers import PLAYERS, SWEEP_TRICKS, by_id, readme_log, score_body

# A deal in points that fits: Anna 60 in 4 tricks, Boris 40 in 3, Vera 20 in 1 (e.g. 10 + 10 + a nine): 120 in 8.
POINTS = {"Anna": 60, "Boris": 40, "Vera": 20}
TRICKS = {"Anna": 4, "Boris": 3, "Vera": 1}


def handle(endpoint, body):
    return service.handle("thousand", endpoint, body, "en")


def refusal(endpoint, body):
    with pytest.raises(InputError) as e:
        handle(endpoint, body)
    return e.value.errors[0]["pointer"], e.value.errors[0]["detail"]


def points_body(state=None, options=None, **deal):
    d = {"declarer": "Anna", "contract": 100, "points": dict(POINTS), "tricks_taken": dict(TRICKS)}
    d.update(deal)
    return score_body(d, state=state, options=options)


# ---------------------------------------------------------------- the state


def test_a_bolt_counter_runs_to_two():
    # thousand/13.2: the third bolt is paid and the counter starts again, so 3 is never carried
    two = handle("score", points_body(state={"bolts": {"Anna": 0, "Boris": 2, "Vera": 0}}))
    assert two["state_after"]["bolts"]["Boris"] == 0            # Boris scored 40: no bolt, the run is kept at 2
    assert refusal("score", points_body(state={"bolts": {"Anna": 0, "Boris": 3, "Vera": 0}}))[0] == \
        "/state/bolts/Boris"


def test_a_total_at_the_target_has_ended_the_game():
    # thousand/15.1, with no barrel: 995 plays on, 1000 has finished the game
    off = {"barrel": "off"}
    assert by_id(handle("score", points_body(state={"scores": {"Boris": 995}}, options=off)))["Boris"][
        "total_before"] == 995
    ptr, why = refusal("score", points_body(state={"scores": {"Boris": 1000}}, options=off))
    assert ptr == "/state/scores/Boris" and "reached the target" in why


# ---------------------------------------------------------------- a position

SPADES_HEARTS = ["9S", "10S", "JS", "QS", "KS", "AS", "9H", "10H", "JH", "QH", "KH"]


def check_body(position, action):
    return {"players": PLAYERS, "dealer": "Vera", "position": position, "action": action}


def talon_position(hand):
    return {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True, "exchanged": False,
            "hand": hand}


def test_no_hand_holds_more_than_the_dealt_cards_and_the_talon():
    # 7 dealt + 3 of the talon = 10 (the declarer before the exchange); 11 cannot be held by anyone
    ten = handle("check", check_body(talon_position(SPADES_HEARTS[:10]), {"type": "concede", "player": "Anna"}))
    assert "legal" in ten
    ptr, why = refusal("check", check_body(talon_position(SPADES_HEARTS), {"type": "concede", "player": "Boris"}))
    assert (ptr, why) == ("/position/hand", "no hand ever holds 11 cards")


def play_position(leader, hand):
    # one trick played, won by Anna; Anna or Boris leads the second trick
    return {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 1, "Boris": 0, "Vera": 0},
            "trick": {"leader": leader, "cards": []}, "hand": hand}


def test_after_the_first_trick_only_a_trick_winner_leads():
    # thousand/11.1: the winner of the last trick leads; Boris has won none.  After one trick a hand holds 8 - 1 = 7
    hand = SPADES_HEARTS[:7]
    ok = handle("check", check_body(play_position("Anna", hand), {"type": "play", "player": "Anna", "card": "9S"}))
    assert ok["legal"] is True
    ptr, why = refusal("check", check_body(play_position("Boris", hand),
                                           {"type": "play", "player": "Boris", "card": "9S"}))
    assert ptr == "/position/trick/leader" and "has won no trick" in why


# ---------------------------------------------------------------- a deal for scoring


def sweep(talon):
    # SWEEP_TRICKS (thousand_helpers): Anna takes every trick with the heart marriage; Boris played JS, JH, KD among
    # others, Vera 9S, QD, JD among others
    return score_body({"declarer": "Anna", "contract": 120, "tricks": SWEEP_TRICKS, "talon": talon,
                       "marriages": [{"player": "Anna", "suit": "H"}]})


def test_an_opponent_plays_at_most_one_card_of_the_talon():
    # thousand/8.1: the declarer passes each opponent one card of the talon
    one_each = handle("score", sweep(["JS", "9S", "AH"]))               # Boris JS, Vera 9S, Anna AH
    assert by_id(one_each)["Anna"]["hand_score"] == 120
    ptr, why = refusal("score", sweep(["JS", "JH", "9S"]))             # Boris played JS and JH
    assert ptr == "/deal/talon" and "Boris" in why


def test_the_tricks_taken_are_the_deals_eight():
    assert by_id(handle("score", points_body()))["Anna"]["tricks"] == 4
    ptr, why = refusal("score", points_body(tricks_taken={"Anna": 4, "Boris": 2, "Vera": 1}))
    assert (ptr, why) == ("/deal/tricks_taken", "a deal has 8 tricks, not 7")


def test_a_player_without_a_trick_leads_no_marriage():
    # thousand/10.2: a marriage is led after winning a trick; Vera took one, Boris none
    tricks = {"Anna": 5, "Boris": 0, "Vera": 3}
    pts = {"Anna": 70, "Boris": 0, "Vera": 50}
    vera = handle("score", points_body(points=pts, tricks_taken=tricks, marriages=[{"player": "Vera", "suit": "D"}]))
    assert by_id(vera)["Vera"]["marriage_points"] == 80
    ptr, why = refusal("score", points_body(points=pts, tricks_taken=tricks,
                                            marriages=[{"player": "Boris", "suit": "D"}]))
    assert ptr == "/deal/marriages/0" and "won no trick" in why


def test_a_card_exposed_in_the_deal_leaves_no_declarer():
    # thousand/5.1: the deal is cancelled, so a deal with a declarer and an exposed card cannot be scored
    void = handle("score", score_body({"irregularities": [{"type": "exposed_card", "player": "Vera"}]}))
    assert void["contract"] is None
    ptr, why = refusal("score", points_body(irregularities=[{"type": "exposed_card", "player": "Vera"}]))
    assert ptr == "/deal/declarer" and "cancels" in why


# ---------------------------------------------------------------- a dealt hand


def test_a_dealt_hand_of_eight_is_a_misdeal():
    # thousand/3.1: 7 cards each; Vera dealt the talon's 9D too holds 8, the talon 2 (24 cards still)
    log = readme_log()
    log[0] = copy.deepcopy(log[0])
    log[0]["hands"]["Vera"].append(log[0]["talon"].pop(0))
    ans = handle("validate", {"players": PLAYERS, "log": log})
    first = ans["violations"][0]
    assert (first["rule"], first["pointer"]) == ("thousand/3.1", "/log/0/hands/Vera")


def test_tricks_told_by_the_hand_leave_a_trick_to_play():
    # tricks won given as "some": the hand tells how many were played (8 cards at the first trick, one fewer each);
    # one card left is the last trick, no card left is a deal already over
    def position(hand):
        return {"phase": "play", "declarer": "Anna", "contract": 100,
                "tricks_won": {"Anna": "some", "Boris": "none", "Vera": "none"},
                "trick": {"leader": "Anna", "cards": []}, "hand": hand}
    last = handle("check", check_body(position(["AS"]), {"type": "play", "player": "Anna", "card": "AS"}))
    assert last["legal"] is True
    ptr, why = refusal("check", check_body(position([]), {"type": "play", "player": "Anna", "card": "AS"}))
    assert ptr == "/position/hand" and "does not fit" in why


# after the exchange, no king or queen: the marriage cap keeps Anna's contract at 120 at most (thousand/7.4, 8.2)
NO_MARRIAGE = ["AS", "10S", "AH", "10H", "AD", "10D", "AC", "10C"]


def raises(contract):
    pos = {"phase": "talon", "declarer": "Anna", "contract": contract, "talon_taken": True, "exchanged": True,
           "hand": NO_MARRIAGE}
    ans = handle("check", check_body(pos, {"type": "concede", "player": "Anna"}))
    return [(a["min"], a["max"]) for a in ans["legal_actions"] if a["type"] == "raise"]


def test_a_raise_of_one_step_to_the_cap_is_open():
    assert raises(115) == [(120, 120)]
    assert raises(120) == []


def test_the_points_left_out_are_what_the_others_leave_of_120():
    # thousand/1.3: Vera's points left out are 120 less the others'; 60 + 60 leaves 0, 60 + 61 leaves none to give
    tricks = {"Anna": 4, "Boris": 4, "Vera": 0}
    zero = handle("score", points_body(points={"Anna": 60, "Boris": 60}, tricks_taken=tricks))
    assert by_id(zero)["Vera"]["card_points"] == 0
    ptr, why = refusal("score", points_body(points={"Anna": 60, "Boris": 61}, tricks_taken=tricks))
    assert ptr == "/deal/points" and "add up to 121, more than the 120" in why

