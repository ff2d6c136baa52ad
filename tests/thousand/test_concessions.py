"""russian-classic counts three concessions in a row (the first Russian text: «3 росписи без перерыва – минус 120»,
thousand/9.3); pagat's count in total stays an option value."""
from tests.thousand_helpers import by_id, points_deal, score_body

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
