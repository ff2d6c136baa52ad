"""Thousand: the talon (musik) — taking it, the exchange, and the positions around it."""
import copy

from tests.thousand_helpers import (
    PLAYERS,
    README_HANDS,
    README_TALON,
    THOUSAND_TALON,
    by_id,
    points_deal,
    readme_log,
    score_body,
)


# Once answered wrongly; found by probing the service as a new user.
def test_sitter_raw_talon_points_can_continue(api):
    four = PLAYERS + ["Gleb"]
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 10, "Vera": 10}, {"Anna": 6, "Boris": 1, "Vera": 1},
                       talon=["AS", "10H", "9C"])
    body = score_body(deal, players=four, dealer="Gleb", variant="four-player",
                      options={"sitter_scoring": "talon_points"}, state={"scores": {"Gleb": 21}})
    assert by_id(api("score", body))["Gleb"]["total_after"] == 42


# Once answered wrongly; found by probing the service as a new user.
def test_musiks_in_a_three_player_deal(api):
    log = readme_log()
    log[0] = dict(log[0], musiks=[["9D", "JC"], ["9S", "AH"]])
    assert api("validate", {"players": PLAYERS, "log": log}, status=422)["errors"][0]["pointer"] == "/log/0/musiks"


# Once answered wrongly; found by probing the service as a new user.
def test_take_talon_without_musik_points_at_musik(api):
    body = {"variant": "two-player", "players": ["Anna", "Boris"], "dealer": "Boris",
            "position": {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": False},
            "action": {"type": "take_talon", "player": "Anna"}}
    assert api("check", body)["violations"][0]["pointer"] == "/action/musik"


# Once answered wrongly; found by probing the service as a new user.
def test_two_player_musik_in_check(api):
    body = {"variant": "two-player", "players": ["Anna", "Boris"], "dealer": "Anna",
            "position": {"phase": "talon", "declarer": "Boris", "contract": 100, "talon_taken": True,
                         "talon": ["JD", "10D"],
                         "hand": ["AH", "10H", "KH", "QH", "JH", "9H", "AS", "10S", "9C", "JC", "JD", "10D"]},
            "action": {"type": "discard", "player": "Boris", "cards": ["9C", "JC"]}}
    assert api("check", body)["legal"] is True


# Once answered wrongly; found by probing the service as a new user.
def test_exchange_to_a_stranger(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True,
                         "hand": ["KH", "QH", "KS", "QD", "9C", "JC", "AD", "AS", "10S", "9S"]},
            "action": {"type": "exchange", "player": "Anna", "gives": {"Zed": "9S", "Vera": "9C"}}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/action/gives/Zed"


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_thousand_talon_phase_says_where_the_exchange_stands(api):
    # without talon_taken/exchanged (or the declarer's hand, whose size tells both) the probe got "may be raised
    # only after the exchange", a ruling on flags nobody gave
    err = api("check", THOUSAND_TALON, status=422)["errors"][0]
    assert err["pointer"] == "/position/talon_taken"
    body = copy.deepcopy(THOUSAND_TALON)
    body["position"].update(talon_taken=True)
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/exchanged"
    body["position"].update(exchanged=True)
    assert api("check", body)["legal"] is True
    # the declarer's hand tells both: 7 + 3 = 10 cards is taken, not yet exchanged
    body = copy.deepcopy(THOUSAND_TALON)
    body["position"]["hand"] = ["AH", "10H", "KS", "QS", "AD", "10D", "9C", "9D", "JC", "9S"]
    assert api("check", body)["violations"][0]["rule"] == "thousand/8.2"


def test_the_declarers_hand_size_tells_whether_the_talon_is_taken(api):
    # Vera deals; Anna declares 100 and gives her hand without saying whether she has taken the talon: 7 cards
    # (README_HANDS) is the hand as dealt, so the talon is still to take; 10 (the 7 and the talon's 3) is taken
    hand = README_HANDS["Anna"]
    body = {"players": PLAYERS, "dealer": "Vera", "action": {"type": "take_talon", "player": "Anna"},
            "position": {"phase": "talon", "declarer": "Anna", "contract": 100, "hand": hand}}
    assert api("check", body)["legal"] is True
    body["position"] = dict(body["position"], hand=hand + README_TALON)
    ans = api("check", body)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/8.1"


def test_the_declarer_leads_only_after_the_exchange(api):
    # Anna has taken the talon (10 cards) but not yet given a card to each opponent: a lead now is out of its phase
    log = readme_log()[:4] + [{"type": "play", "player": "Anna", "card": "AD"}]
    ans = api("validate", {"players": PLAYERS, "log": log})
    assert ans["first_violation"] == {"index": 4, "event": "play", "rule": "thousand/11.1",
                                      "message": "this action belongs to the trick play phase, but the deal is in "
                                                 "the talon phase",
                                      "pointer": "/log/4/card"}
