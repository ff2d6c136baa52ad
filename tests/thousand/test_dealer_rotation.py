"""Thousand: who deals next, after a scored deal and after a redeal."""
import pytest

from tests.thousand_helpers import PLAYERS, by_id, readme_log


# Once answered wrongly; found by probing the service as a new user.
def test_deal_with_wrong_dealer_is_not_scored(api):
    log = readme_log() + readme_log(dealer="Vera")
    ans = api("validate", {"players": PLAYERS, "log": log})
    assert ans["first_violation"]["rule"] == "thousand/3.4"
    assert by_id(ans["final"])["Anna"]["total_after"] == 100  # only the first deal counted


# Once answered wrongly; found by probing the service as a new user.
@pytest.mark.parametrize("rule,dealer,valid", [("same", "Vera", True), ("same", "Anna", False),
                                                ("next", "Anna", True), ("next", "Vera", False)])
def test_who_deals_after_a_redeal(api, rule, dealer, valid):
    redeal = [{"type": "deal", "dealer": "Vera",
               "hands": {"Anna": ["AH", "10H", "KS", "QS", "AD", "10D", "9C"],
                         "Boris": ["9H", "9S", "9D", "JC", "10S", "JD", "AC"],
                         "Vera": ["JH", "JS", "KD", "QD", "10C", "KC", "QC"]},
               "talon": ["KH", "QH", "AS"]}]
    # Boris has only three nines here, so use a weak-hand claim (hand worth 0+0+0+2+10+2+11 = 25 < 30)
    redeal.append({"type": "redeal", "player": "Boris", "reason": "weak_hand"})
    log = redeal + readme_log(dealer=dealer)
    ans = api("validate", {"players": PLAYERS, "log": log,
                           "options": {"redeal_weak_hand": 30, "redeal_dealer": rule}})
    # (the README deal's calls fit Vera dealing; with Anna dealing they break later rules, not the dealer's)
    # a wrong dealer after a redeal claim breaks the rule that says who deals after a redeal (6.1, whose clause
    # follows redeal_dealer), not the deal passing to the left (3.4)
    first = ans["first_violation"] or {}
    assert (first.get("rule") == "thousand/6.1") is (not valid)
