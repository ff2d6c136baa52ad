"""Thousand for money: the stake, the bank, and who pays whom when the game ends."""
import pytest

from tests.thousand_helpers import FOUR, PLAYERS, QUIET_TALON, README_TRICKS, T, points_deal, readme_log, score_body


# Thousand round 2 (issue 16).
def test_the_deal_that_ends_the_game_settles_the_bank(api):
    # Anna on the barrel at 880 makes 120 (85 + spades 40 = 125): 1000, she wins.  Stake 10 each: the bank is 30;
    # Anna gains 30 - 10 = 20, Boris and Vera lose their 10.
    deal = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, [("Anna", "S")])
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}},
                                  options={"stake": 10}))
    assert ans["winner"] == "Anna"
    assert ans["settlement"] == {"stake": 10, "bank": 30, "net": {"Anna": 20, "Boris": -10, "Vera": -10},
                                 "rule": "thousand/20.1"}
    assert "thousand/20.1" in {c["rule"] for c in ans["citations"]}


# Thousand round 2 (issue 16).
def test_no_settlement_before_the_end_or_without_a_stake(api):
    deal = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, [("Anna", "S")])
    ans = api("score", score_body(deal, options={"stake": 10}))             # 0 + 120: the game goes on
    assert ans["game_over"] is False and "settlement" not in ans
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}}))   # no stake
    assert ans["game_over"] is True and "settlement" not in ans


# Thousand round 2 (issue 16).
def test_the_sitter_pays_into_the_bank(api):
    # Four players, stake 25: the bank is 100; Anna (from the barrel, 880 + 120) gains 75, the others lose 25 each.
    deal = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, [("Anna", "S")], talon=QUIET_TALON)
    ans = api("score", score_body(deal, players=FOUR, dealer="Gleb", variant="four-player", options={"stake": 25},
                                  state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0, "Gleb": 0}}))
    assert ans["settlement"]["bank"] == 100
    assert ans["settlement"]["net"] == {"Anna": 75, "Boris": -25, "Vera": -25, "Gleb": -25}


# Thousand round 2 (issue 16).
def test_validate_settles_in_its_final_answer(api):
    # The README deal with the barrel at 900: Anna, at 900, makes her 100 (63 + spades 40 = 103): 1000.  Stake 50:
    # the bank is 150; Anna gains 100, Boris and Vera lose 50.
    ans = api("validate", {"players": PLAYERS, "log": readme_log(), "options": {"stake": 50, "barrel_threshold": 900},
                           "state": {"scores": {"Anna": 900, "Boris": 310, "Vera": 875}}})
    assert ans["valid"] is True and ans["final"]["winner"] == "Anna"
    assert ans["final"]["settlement"]["net"] == {"Anna": 100, "Boris": -50, "Vera": -50}


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("stake,status", [(10, 200), (9, 422)])
def test_the_least_stake_is_10(api, stake, status):
    deal = {"declarer": "Anna", "contract": 100, "tricks": README_TRICKS,
            "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}
    api("score", score_body(deal, options={"stake": stake}), status=status)
