"""Thousand: reaching the target — ties between players who finish in one deal and the cap on a finishing total."""
import pytest

from tests.thousand_helpers import T, by_id, points_deal, score_body


def double_finish(defender_before):
    # Anna on the barrel (880) makes 120 with 40 card points + diamonds 80 = 120: 1000.  Boris takes 35 card points
    # + hearts 100 = 135; Vera 45 (40 + 35 + 45 = 120 card points; tricks 3 + 2 + 3 = 8).
    deal = points_deal("Anna", 120, {"Anna": 40, "Boris": 35, "Vera": 45}, {"Anna": 3, "Boris": 2, "Vera": 3},
                       [("Anna", "D"), ("Boris", "H")])
    return score_body(deal, state={"scores": {"Anna": 880, "Boris": defender_before, "Vera": 0}}, variant="pagat")


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("rule,boris_before,winner", [
    ("declarer", 870, "Anna"),          # 870 + 135 = 1005: both finish; the declarer wins
    ("higher_total", 870, "Boris"),     # 1005 beats 1000
    ("higher_total", 865, "Anna"),      # 865 + 135 = 1000: equal totals, the declarer wins
    ("higher_total", 860, "Anna"),      # 860 + 135 = 995 goes onto the barrel (880): only Anna finishes
])
def test_double_finish_tie_break(api, rule, boris_before, winner):
    body = double_finish(boris_before)
    body["options"] = {"double_finish": rule}
    ans = api("score", body)
    assert ans["winner"] == winner and ans["game_over"] is True


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("contract,cap_line", [(140, True), (120, False)])
def test_finish_cap(api, contract, cap_line):
    # Anna on the barrel makes 140 (60 card points + hearts 100 = 160): 880 + 140 = 1020, recorded as 1000; a
    # contract of 120 lands on exactly 1000 and needs no cap.
    deal = points_deal("Anna", contract, {"Anna": 60, "Boris": 30, "Vera": 30}, T, [("Anna", "H")])
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}},
                                  options={"finish_cap": True}))
    anna = by_id(ans)["Anna"]
    assert anna["total_after"] == 1000 and ans["winner"] == "Anna"
    assert any(line["rule"] == "thousand/15.1" for line in anna["lines"]) is cap_line
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}}))
    assert by_id(ans)["Anna"]["total_after"] == 880 + contract
