"""Thousand: positions that cannot happen — cards held, played or on the table that do not add up, contradictory fields
— are refused with a pointer at the field.
"""


import pytest

from tests.thousand_helpers import PLAYERS, points_deal, readme_log, score_body


def check(api, position, action, options=None, variant=None, state=None, players=PLAYERS, dealer="Vera",
          status=200):
    body = {"players": players, "dealer": dealer, "position": position, "action": action}
    for key, value in (("options", options), ("variant", variant), ("state", state)):
        if value is not None:
            body[key] = value
    return api("check", body, status=status)


VERA_LED = ["AH", "10H", "KH", "QH", "AS", "10S", "KS"]   # Vera's 7 cards after leading AC to the first trick


def vera_led_ac(hand):
    return {"phase": "play", "declarer": "Vera", "contract": 100, "tricks_won": {},
            "trick": {"leader": "Vera", "cards": ["AC"]}, "hand": hand}


# Thousand round 2 (issue 16).
def test_an_actor_who_has_played_to_the_trick_holds_one_card_fewer(api):
    # Vera took the talon (10 cards), gave one to each opponent (8) and led AC: 7 left.  Conceding now is too late
    # (thousand/9.1: only before the first card): a ruling, not a 422.
    ans = check(api, vera_led_ac(VERA_LED), {"type": "concede", "player": "Vera"}, players=["Anna", "Boris", "Vera"],
                dealer="Boris")
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/9.1"


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("hand", [VERA_LED + ["9S"], VERA_LED[:6]])
def test_one_card_more_or_fewer_than_the_actor_can_hold_is_refused(api, hand):
    # 8 cards (the 7 and 9S) or 6 cannot be Vera's hand with AC on the table after no trick
    err = check(api, vera_led_ac(hand), {"type": "concede", "player": "Vera"}, players=["Anna", "Boris", "Vera"],
                dealer="Boris", status=422)
    assert err["errors"][0]["pointer"] == "/position/hand"


# Thousand round 2 (issue 16).
def test_a_card_played_twice_says_so(api):
    # The README deal: Anna leads KS with her spades marriage to the third trick (index 2).  In the fifth trick she
    # leads KS again instead of QS: KS was already played, in trick 3.
    log = readme_log()
    i = next(i for i, ev in enumerate(log) if ev.get("card") == "QS")
    log[i] = {"type": "play", "player": "Anna", "card": "KS"}
    ans = api("validate", {"players": PLAYERS, "log": log})
    v = ans["first_violation"]
    assert (v["index"], v["rule"], v["message"]) == (i, "thousand/3.5", "KS was already played, in trick 3")


# Thousand round 2 (issue 16).
def test_a_card_on_the_table_says_so(api):
    # Anna leads 9D; Boris (holding 9H and AC) names 9D, which is on the table
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 4, "Boris": 2},
           "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}], "trump": "H",
           "trick": {"leader": "Anna", "cards": ["9D"]}, "hand": ["9H", "AC"]}
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "9D"})
    assert ans["violations"][0]["message"] == "9D is already on the table in this trick"


def play_pos(**extra):
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2},
           "trick": {"leader": "Anna", "cards": ["9D"]}, "hand": ["9H", "AC", "KC", "QC", "JC", "10C"]}
    pos.update(extra)
    return {"players": PLAYERS, "dealer": "Vera", "position": pos,
            "action": {"type": "play", "player": "Boris", "card": "AC"}}


# Once answered wrongly; found by probing the service as a new user.
def test_play_needs_the_hand(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 1},
                         "trick": {"leader": "Anna", "cards": ["AC"]}},
            "action": {"type": "play", "player": "Boris", "card": "AC"}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/hand"


# Once answered wrongly; found by probing the service as a new user.
@pytest.mark.parametrize("points,tricks", [
    ({"Anna": 54, "Boris": 33, "Vera": 33}, {"Anna": 6, "Boris": 1, "Vera": 1}),  # six aces would be needed
    ({"Anna": 119, "Boris": 1, "Vera": 0}, {"Anna": 7, "Boris": 1, "Vera": 0}),   # no card is worth 1
])
def test_points_that_no_deal_can_give(api, points, tricks):
    err = api("score", score_body(points_deal("Anna", 100, points, tricks)), status=422)
    assert err["errors"][0]["pointer"] == "/deal/points"


# Once answered wrongly; found by probing the service as a new user.
@pytest.mark.parametrize("extra,pointer", [
    ({"trump": "H"}, "/position/trump"),
    ({"marriages": [{"player": "Anna", "suit": "H"}], "trump": "S"}, "/position/trump"),
    ({"marriages": [{"player": "Anna", "suit": "H"}, {"player": "Anna", "suit": "H"}]}, "/position/marriages/1/suit"),
    ({"marriages": [{"player": "Vera", "suit": "H"}]}, "/position/marriages/0"),
])
def test_contradictory_positions(api, extra, pointer):
    assert api("check", play_pos(**extra), status=422)["errors"][0]["pointer"] == pointer


# Once answered wrongly; found by probing the service as a new user.
def test_talon_and_hand_overlap(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": ["AS", "KS", "9S"],
                         "hand": ["AS", "10H", "KH", "QH", "9D", "JD", "QD"]},
            "action": {"type": "take_talon", "player": "Anna"}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/talon"


# Once answered wrongly; found by probing the service as a new user.
@pytest.mark.parametrize("unused,discards,pointer", [
    (["AS", "KS"], ["AS", "9S"], "/deal/discards/0"),
    (["KS", "KS"], ["AS", "9S"], "/deal/musik_unused/1"),
])
def test_two_player_duplicates(api, unused, discards, pointer):
    deal = points_deal("Anna", 100, {"Anna": 85, "Boris": 20}, {"Anna": 8, "Boris": 2},
                       musik_unused=unused, discards=discards)
    body = score_body(deal, players=["Anna", "Boris"], dealer="Boris", variant="two-player")
    assert api("score", body, status=422)["errors"][0]["pointer"] == pointer


# Once answered wrongly; found by probing the service as a new user.
@pytest.mark.parametrize("pos_extra,pointer", [
    ({"talon_taken": False, "exchanged": True}, "/position/exchanged"),
])
def test_impossible_talon_positions(api, pos_extra, pointer):
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": ["AS", "10S", "9S"]}
    pos.update(pos_extra)
    body = {"players": PLAYERS, "dealer": "Vera", "position": pos, "action": {"type": "concede", "player": "Anna"}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == pointer


# Once answered wrongly; found by probing the service as a new user.
def test_marriage_contradicting_the_hand(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 1},
                         "marriages": [{"player": "Anna", "suit": "S"}], "trick": {"leader": "Anna", "cards": ["9H"]},
                         "hand": ["AH", "KS", "QC", "JC", "9S", "JS", "10S"]},
            "action": {"type": "play", "player": "Boris", "card": "AH"}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/marriages/0"


# Once answered wrongly; found by probing the service as a new user.
def test_four_player_sitter_hand_may_be_empty(api):
    log = readme_log(dealer="Gleb")
    log[0] = dict(log[0], hands=dict(log[0]["hands"], Gleb=[]))
    ans = api("validate", {"variant": "four-player", "players": PLAYERS + ["Gleb"], "log": log})
    assert ans["valid"] is True


GOOD = score_body(points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                              [("Anna", "H")]))


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_a_total_the_555_rule_forbids_is_impossible(api):
    # russian-classic plays dump_555=positive: landing on 555 drops to 0, so no game stands at 555
    body = {**GOOD, "state": {"scores": {"Anna": 555, "Boris": 0, "Vera": 0}}}
    err = api("score", body, status=422)["errors"][0]
    assert err == {"pointer": "/state/scores/Anna",
                   "detail": "555 cannot happen: a total of exactly 555 drops to 0"}
    assert api("score", {**body, "options": {"dump_555": "off"}})["players"][0]["total_before"] == 555
    # -555 only under dump_555=both; Anna below 0 may not bid under russian-classic (7.7), so her 120 needs the
    # debt-pit rule off here
    body["state"]["scores"]["Anna"] = -555
    no_pit = {"silence_threshold": None}
    assert api("score", {**body, "options": no_pit})["players"][0]["total_before"] == -555
    assert api("score", {**body, "options": {**no_pit, "dump_555": "both"}}, status=422)["errors"][0]["pointer"] == \
        "/state/scores/Anna"


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_a_talon_the_tricks_contradict(api):
    # README deal, talon given: Anna kept 9D and JC and passed 9S to Boris (9C to Vera from her own hand).  A talon
    # of AS KC QC cannot be: Vera played both KC and QC, and the declarer passes each opponent one talon card.
    from tests.thousand_helpers import README_TRICKS
    deal = {"declarer": "Anna", "contract": 100, "tricks": README_TRICKS,
            "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}
    four = {"variant": "four-player", "players": ["Anna", "Boris", "Vera", "Dima"], "dealer": "Dima"}
    ok = api("score", {**four, "deal": {**deal, "talon": ["9D", "JC", "9S"]}})
    assert ok["players"][0]["total_after"] == 100
    err = api("score", {**four, "deal": {**deal, "talon": ["AS", "KC", "QC"]}}, status=422)["errors"][0]
    assert err["pointer"] == "/deal/talon" and err["detail"].startswith("Vera played QC, KC of the talon")
