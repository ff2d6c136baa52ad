"""A Thousand deal as a pulka writes it: the declarer, the contract, the card points with the last player's worked out
(120 less the others), the marriages, and whether each player took a trick instead of how many.

Card values: A 11, 10 10, K 4, Q 3, J 2, 9 0 (120 in all, four 9s worth nothing); three players take 8 tricks of 3
cards.  Russian classic: a contract made scores the contract, failed costs it; defenders score their card points and
marriages rounded to 5; a player who took no trick has a bolt (not the declarer); a marriage scores only for a player
who took a trick (thousand/10.3) and is led after a trick won.
"""
import pytest

from referee import service
from referee.errors import InputError

PLAYERS = ["Ann", "Bob", "Cid"]


def score(deal, lang="en"):
    return service.handle("thousand", "score", {"players": PLAYERS, "dealer": "Cid", "deal": deal}, lang)


def refused(deal):
    with pytest.raises(InputError) as e:
        score(deal)
    return e.value.errors[0]["pointer"], e.value.errors[0]["detail"]


def cells(a):
    return [(p["id"], p["card_points"], p["tricks"], p["hand_score"]) for p in a["players"]]


ALL = {"Ann": True, "Bob": True, "Cid": True}


def test_the_last_players_points_are_worked_out():
    # Ann 95 + the heart marriage 100 = 195 ≥ 120: made, 120; Bob 14 → 15; Cid 120 - 95 - 14 = 11 → 10
    a = score({"declarer": "Ann", "contract": 120, "points": {"Ann": 95, "Bob": 14}, "took_trick": ALL,
               "marriages": [{"player": "Ann", "suit": "H"}]})
    assert cells(a) == [("Ann", 95, None, 120), ("Bob", 14, None, 15), ("Cid", 11, None, 10)]


def test_with_trick_counts_the_last_points_are_worked_out_too():
    a = score({"declarer": "Ann", "contract": 120, "points": {"Ann": 100, "Bob": 10},
               "tricks_taken": {"Ann": 6, "Bob": 1, "Cid": 1}})
    # Ann 100 < 120: failed, -120; Bob 10; Cid 120 - 110 = 10
    assert cells(a) == [("Ann", 100, 6, -120), ("Bob", 10, 1, 10), ("Cid", 10, 1, 10)]


def test_two_players_left_out_are_refused():
    assert refused({"declarer": "Ann", "contract": 120, "points": {"Ann": 100}, "took_trick": ALL})[0] == \
        "/deal/points"


@pytest.mark.parametrize("given,ok", [(120, True), (125, False)])
def test_the_points_given_fit_in_120(given, ok):
    deal = {"declarer": "Ann", "contract": 120, "points": {"Ann": given - 10, "Bob": 10}, "took_trick": ALL}
    if ok:
        # Cid's points worked out: 0, in a trick of 9s
        assert cells(score(deal))[2] == ("Cid", 0, None, 0)
    else:
        assert refused(deal) == ("/deal/points", "the card points given add up to 125, more than the 120 of the "
                                                 "deal")


def test_no_trick_is_a_bolt():
    a = score({"declarer": "Ann", "contract": 120, "points": {"Ann": 120, "Bob": 0},
               "took_trick": {"Ann": True, "Bob": False, "Cid": True}})
    assert [(e["player"], e["note"]) for e in a["events"]] == [("Bob", "bolt number 1")]
    # Cid took a trick of three 9s: 0 points and no bolt
    assert cells(a)[2] == ("Cid", 0, None, 0)


def test_a_trick_worth_nothing_is_no_bolt_but_only_four_cards_are_worth_nothing():
    # Bob and Cid each took a trick with 0 points: 6 cards worth 0, and the deck has four 9s
    ptr, why = refused({"declarer": "Ann", "contract": 120, "points": {"Ann": 120, "Bob": 0}, "took_trick": ALL})
    assert ptr == "/deal/points" and why.startswith("no share of the deck's cards")


def test_points_without_a_trick_are_refused():
    assert refused({"declarer": "Ann", "contract": 120, "points": {"Ann": 100, "Bob": 10},
                    "took_trick": {"Ann": True, "Bob": False, "Cid": True}}) == \
        ("/deal/points/Bob", "Bob took no trick, so no card points")


def test_a_marriage_of_a_player_without_a_trick_is_refused():
    assert refused({"declarer": "Ann", "contract": 120, "points": {"Ann": 115, "Cid": 5},
                    "took_trick": {"Ann": True, "Bob": False, "Cid": True},
                    "marriages": [{"player": "Bob", "suit": "S"}]})[0] == "/deal/marriages/0"


def test_a_defenders_marriage():
    # Ann 115 < 120: failed, -120; Bob 5 worked out + the spade marriage 40 = 45; Cid took no trick: a bolt
    a = score({"declarer": "Ann", "contract": 120, "points": {"Ann": 115, "Cid": 0},
               "took_trick": {"Ann": True, "Bob": True, "Cid": False}, "marriages": [{"player": "Bob", "suit": "S"}]})
    assert cells(a) == [("Ann", 115, None, -120), ("Bob", 5, None, 45), ("Cid", 0, None, 0)]


def test_took_trick_beside_trick_counts_is_refused():
    assert refused({"declarer": "Ann", "contract": 120, "points": {"Ann": 120, "Bob": 0},
                    "took_trick": ALL, "tricks_taken": {"Ann": 8, "Bob": 0, "Cid": 0}})[0] == "/deal/took_trick"


def test_every_player_says_whether_he_took_a_trick():
    assert refused({"declarer": "Ann", "contract": 120, "points": {"Ann": 120, "Bob": 0},
                    "took_trick": {"Ann": True, "Bob": False}})[0] == "/deal/took_trick/Cid"


def test_a_concession_is_still_conceded_true():
    a = score({"declarer": "Ann", "contract": 120, "conceded": True})
    assert cells(a) == [("Ann", 0, 0, -120), ("Bob", 0, 0, 60), ("Cid", 0, 0, 60)]


def test_a_sheet_in_the_pulka_form_three_bolts():
    # Ann makes 120 three times with all 120 points; Bob takes no trick (bolts 1, 2, 3: -120); Cid takes a trick of
    # 9s.  Ann 360, Bob -120, Cid 0
    from referee import sheet
    d = {"declarer": "Ann", "contract": 120, "points": {"Ann": 120, "Bob": 0},
         "took_trick": {"Ann": True, "Bob": False, "Cid": True}}
    a = sheet.scoresheet("thousand", {"players": PLAYERS, "dealer": "Cid", "deals": [d, d, d]})
    assert a["totals"] == {"Ann": 360, "Bob": -120, "Cid": 0}
    assert [e["kind"] for e in a["rows"][2]["events"]] == ["bolt", "bolt_penalty"]


def test_a_fault_in_the_worked_out_points_names_the_field_that_decides():
    # Cid's points are left out: 120 - 100 - 10 = 10; Cid took no trick, so the fault is his took_trick, never the
    # points the request lacks; with trick counts, the share of the cards that fails is the points given
    ptr, why = refused({"declarer": "Ann", "contract": 120, "points": {"Ann": 100, "Bob": 10},
                        "took_trick": {"Ann": True, "Bob": True, "Cid": False}})
    assert (ptr, why) == ("/deal/took_trick/Cid", "Cid took no trick, so no card points")
    ptr, why = refused({"declarer": "Ann", "contract": 120, "points": {"Ann": 100, "Bob": 10},
                        "tricks_taken": {"Ann": 7, "Bob": 1, "Cid": 0}})
    assert ptr == "/deal/points" and "Cid: 10 in 0" in why
    # given, Cid's own points are the field at fault, as before
    assert refused({"declarer": "Ann", "contract": 120, "points": {"Ann": 100, "Bob": 10, "Cid": 10},
                    "took_trick": {"Ann": True, "Bob": True, "Cid": False}})[0] == "/deal/points/Cid"
