"""russian-classic counts three concessions in a row (the first Russian text: «3 росписи без перерыва – минус 120»,
thousand/9.3); pagat's count in total stays an option value."""
import pytest

from tests.thousand_helpers import PLAYERS, by_id, cited, points_deal, score_body, totals

# Anna (on the forced 100 with Vera dealing) concedes 120.  russian-classic: the declarer loses the contract (120),
# each opponent gets 60.
CONCEDE = {"declarer": "Anna", "contract": 120, "conceded": True}


def anna(ans):
    return by_id(ans)["Anna"]


def test_the_second_in_a_row_costs_only_the_contract(api):
    # One under: a run of 1 before, so this is the second in a row: -120.  (Counted in total, the old default, it was
    # the third concession, and cost -240.)
    ans = api("score", score_body(CONCEDE, state={"concessions": {"Anna": 2}, "concession_run": {"Anna": 1}}))
    assert anna(ans)["total_after"] == -120
    assert ans["state_after"]["concession_run"]["Anna"] == 2


def test_the_third_in_a_row_costs_120_more(api):
    # A run of 2 before: the third in a row, -120 for the contract and -120 more: -240; the run starts again.
    ans = api("score", score_body(CONCEDE, state={"concessions": {"Anna": 2}, "concession_run": {"Anna": 2}}))
    assert anna(ans)["total_after"] == -240
    assert [ln["rule"] for ln in anna(ans)["lines"]] == ["thousand/9.2", "thousand/9.3"]
    assert ans["state_after"]["concession_run"]["Anna"] == 0


def test_the_count_in_total_stays_an_option(api):
    # The same concession counted in total: the third concession of the game costs the extra 120 too (-240), and with
    # a run of 1 the russian-classic count would not have charged it.
    state = {"concessions": {"Anna": 2}, "concession_run": {"Anna": 1}}
    ans = api("score", score_body(CONCEDE, state=state, options={"rospis_third_count": "total"}))
    assert anna(ans)["total_after"] == -240


def test_a_contract_played_breaks_the_run(api):
    # Anna plays her 100 out (100 card points: made, +100): her run of 2 goes back to 0.
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 10, "Vera": 10}, {"Anna": 6, "Boris": 1, "Vera": 1})
    ans = api("score", score_body(deal, state={"concessions": {"Anna": 2}, "concession_run": {"Anna": 2}}))
    assert ans["state_after"]["concession_run"]["Anna"] == 0 and anna(ans)["total_after"] == 100


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("run,conceded_before,total_after", [
    (2, 2, 300 - 120 - 120),    # the third concession in a row: minus the contract (120) and 120 more
    (1, 2, 300 - 120),          # a played deal broke the run: the third in all costs nothing extra
])
def test_three_concessions_in_a_row(api, run, conceded_before, total_after):
    state = {"scores": {"Anna": 300, "Boris": 0, "Vera": 0}, "concessions": {"Anna": conceded_before},
             "concession_run": {"Anna": run}}
    ans = api("score", score_body({"declarer": "Anna", "contract": 120, "conceded": True}, state=state,
                                  options={"rospis_third_count": "consecutive"}))
    assert totals(ans)["Anna"] == total_after
    # the run starts again after its third; a run below 3 goes on
    assert ans["state_after"]["concession_run"]["Anna"] == (0 if run == 2 else run + 1)


# Thousand round 2 (issue 16).
def test_a_contract_played_out_breaks_the_run(api):
    state = {"scores": {"Anna": 300, "Boris": 0, "Vera": 0}, "concessions": {"Anna": 2},
             "concession_run": {"Anna": 2}}
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0})
    ans = api("score", score_body(deal, state=state, options={"rospis_third_count": "consecutive"}))
    assert ans["state_after"]["concession_run"]["Anna"] == 0


# Thousand round 2 (issue 16).
def test_a_run_longer_than_the_concessions_is_impossible(api):
    state = {"scores": {"Anna": 300, "Boris": 0, "Vera": 0}, "concessions": {"Anna": 1},
             "concession_run": {"Anna": 2}}
    err = api("score", score_body({"declarer": "Anna", "contract": 120, "conceded": True}, state=state), status=422)
    assert err["errors"][0]["pointer"] == "/state/concession_run/Anna"


def check(api, position, action, options=None, variant=None, state=None, status=200, players=PLAYERS,
          dealer="Vera"):
    body = {"players": players, "dealer": dealer, "position": position, "action": action}
    for key, value in (("options", options), ("variant", variant), ("state", state)):
        if value is not None:
            body[key] = value
    return api("check", body, status=status)


# Found by a black-box tester (Thousand fixes).
def test_a_concession_cites_the_limits_in_force(api):
    # Anna, declarer at 100, has taken the talon (10 cards); with at most 3 concessions and 2 used she may concede
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True, "exchanged": False,
           "hand": ["AS", "10S", "KS", "QS", "JS", "9S", "AH", "10H", "KH", "QH"]}
    ans = check(api, pos, {"type": "concede", "player": "Anna"}, options={"rospis_max": 3},
                state={"scores": {"Anna": 0, "Boris": 0, "Vera": 0}, "concessions": {"Anna": 2}})
    assert ans["legal"] is True and {"thousand/9.1", "thousand/9.4"} <= set(cited(ans))
    ans = check(api, pos, {"type": "concede", "player": "Anna"})
    assert ans["legal"] is True and "thousand/9.4" not in cited(ans)


# A defender conceding, or making another action of the declarer's, in the talon phase: refused for that alone
# (thousand/8.1, 8.2, 9.1), so the position need not say whether the talon was taken or the exchange made.
@pytest.mark.parametrize("action,rule,message", [
    ({"type": "concede"}, "thousand/9.1", "only the declarer may concede"),
    ({"type": "take_talon"}, "thousand/8.1", "only the declarer (Anna) takes the talon"),
])
def test_a_declarers_action_by_a_defender_needs_no_talon_flags(api, action, rule, message):
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
            "position": {"phase": "talon", "declarer": "Anna", "contract": 120},
            "action": {**action, "player": "Boris"}}
    ans = api("check", body)
    assert ans["legal"] is False and ans["legal_actions"] == []
    assert ans["violations"] == [{"rule": rule, "message": message, "pointer": "/action/player"}]


def test_the_declarers_own_concession_still_needs_the_talon_flag(api):
    # Anna's concession turns on whether she has seen the talon (9.1): without it or her hand, a 422 asks for it
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
            "position": {"phase": "talon", "declarer": "Anna", "contract": 120},
            "action": {"type": "concede", "player": "Anna"}}
    err = api("check", body, status=422)
    assert err["errors"] == [{"pointer": "/position/talon_taken",
                              "detail": "say whether the declarer has taken the talon, or give the declarer's hand"}]
