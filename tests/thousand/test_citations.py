"""Thousand: citations — the rule cited as it applies under the options in force."""
from tests.thousand_helpers import points_deal, score_body


# Once answered wrongly; found by probing the service as a new user.
def test_citation_wording_follows_the_options_in_force(api):
    # Polish rounds to 10; with round_step 5 the rule text must not say "nearest 10".
    deal = points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                       [("Anna", "H")])
    polish = api("score", score_body(deal, variant="polish"))
    override = api("score", score_body(deal, variant="polish", options={"round_step": 5}))
    text = {c["rule"]: c["text"] for c in override["citations"]}["thousand/12.3"]
    assert text != {c["rule"]: c["text"] for c in polish["citations"]}["thousand/12.3"]
    assert [p["hand_score"] for p in override["players"]] == [120, 15, 10]


def test_the_exact_half_is_a_house_rule_of_the_rounding_only_in_tens(api):
    # Boris's 14 and Vera's 11 (95 + 14 + 11 = 120): in fives 15 and 10 (thousand/12.3's first clause); the exact
    # half (round_half) is asked only when the step is 10, so the citation lists it only there (the probe saw «куда
    # идёт ровно половина шага» listed under a step of 5)
    deal = points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                       [("Anna", "H")])
    fives = {c["rule"]: c for c in api("score", score_body(deal))["citations"]}["thousand/12.3"]
    assert fives["options"] == {"round_step": 5}
    tens = {c["rule"]: c for c in api("score", score_body(deal, variant="polish"))["citations"]}["thousand/12.3"]
    assert tens["options"]["round_step"] == 10 and "round_half" in tens["options"]
