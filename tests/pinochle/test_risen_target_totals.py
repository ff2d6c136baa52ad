"""The game before the deal when the two-handed target has risen under option target_rise = above_both (pinochle/6.3):
the target rises past both totals, so a risen target says both players had passed the base target (1,000) and one
of them the step below the risen one.  Each total is checked one step (10) under the base target and at it."""
import pytest

TEXT = {"en": "the target rose to 1500 only because both passed 1000 and one of them 1250",
        "ru": "цель поднялась до 1500, только если оба перешли 1000, а один из них — 1250"}


def body(bob):
    # the target at 1,500: Ann at 1,300 passed 1,250; Bob's total is the one tried.  The deal: Bob took all 24
    # tricks, their 240 card points and the last trick's 10, and nobody melded: Bob ends at bob + 250, under 1,500
    return {"players": ["Ann", "Bob"], "dealer": "Bob", "options": {"target_rise": "above_both"},
            "state": {"scores": {"Ann": 1300, "Bob": bob}, "target": 1500},
            "deal": {"trump": "H", "melds": [], "points": {"Ann": 0, "Bob": 240},
                     "tricks_taken": {"Ann": 0, "Bob": 24}, "last_trick": "Bob"}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_both_passed_the_base_target(client, lang):
    r = client.post("/v1/games/pinochle/score", json=body(990), headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [("/state/target", TEXT[lang])]
    r = client.post("/v1/games/pinochle/score", json=body(1000), headers={"Accept-Language": lang})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["target"] == 1500
