"""HTTP: the JSON pointers in a problem answer are escaped as RFC 6901 says."""
from tests.thousand_helpers import points_deal, score_body

GOOD = points_deal("Anna", 100, {"Anna": 100, "Boris": 10, "Vera": 10}, {"Anna": 6, "Boris": 1, "Vera": 1})


# Once answered wrongly; found by probing the service as a new user.
def test_pointers_are_escaped(api):
    players = ["a/b", "~0", "Vera"]
    deal = points_deal("a/b", 100, {"a/b": 70, "~0": 40, "Vera": 11}, {"a/b": 6, "~0": 1, "Vera": 1})
    err = api("score", score_body(deal, players=players), status=422)
    assert err["errors"][0]["pointer"] == "/deal/points"
    err = api("score", score_body(GOOD, players=players, state={"scores": {"a/b": 3}}), status=422)
    assert err["errors"][0]["pointer"] == "/state/scores/a~1b"
    deal = points_deal("a/b", 100, {"a/b": 70, "~0": -40, "Vera": 10}, {"a/b": 6, "~0": 1, "Vera": 1})
    err = api("score", score_body(deal, players=players), status=422)
    assert err["errors"][0]["pointer"] == "/deal/points/~00"
