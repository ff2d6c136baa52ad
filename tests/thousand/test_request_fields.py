"""Thousand: request fields — fields that do not belong to an event, and the variant field."""
import pytest

from tests.thousand_helpers import PLAYERS, points_deal, readme_log, score_body

GOOD = points_deal("Anna", 100, {"Anna": 100, "Boris": 10, "Vera": 10}, {"Anna": 6, "Boris": 1, "Vera": 1})


# Once answered wrongly; found by probing the service as a new user.
@pytest.mark.parametrize("event,pointer", [
    ({"type": "pass", "player": "Boris", "amount": 105}, "/log/1/amount"),
    ({"type": "pass", "player": "Boris", "card": "AH"}, "/log/1/card"),
])
def test_fields_that_do_not_belong(api, event, pointer):
    log = readme_log()
    log[1] = event
    assert api("validate", {"players": PLAYERS, "log": log}, status=422)["errors"][0]["pointer"] == pointer


# Once answered wrongly; found by probing the service as a new user.
def test_variant_must_be_a_string(api):
    assert api("score", dict(score_body(GOOD), variant=5), status=422)["errors"][0]["pointer"] == "/variant"


# Once answered wrongly; found by probing the service as a new user.
def test_unknown_variant_points_at_it(api):
    err = api("score", dict(score_body(GOOD), variant="klondike"), status=404)
    assert err["errors"][0]["pointer"] == "/variant"
