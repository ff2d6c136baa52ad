"""Pinochle: melds as a request gives them — their shape per form, and an empty meld.
"""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def pinochle_example(name):
    body = json.loads((ROOT / "examples" / "pinochle" / name).read_text())
    body.pop("game")
    return body


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_two_handed_melds_given_as_an_empty_object_are_refused(api):
    # {} is the partnership shape; in the two-handed game it used to pass as "no melds" (both meld_points 0)
    body = pinochle_example("two-handed-score.json")
    body["deal"]["melds"] = {}
    err = api("score", body, status=422, game="pinochle")["errors"][0]
    assert err == {"pointer": "/deal/melds", "detail": "two-handed melds are a list in the order declared"}


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_an_empty_meld_is_named_as_no_cards(api):
    body = pinochle_example("two-handed-score.json")
    body["deal"]["melds"] = [{"player": body["players"][0], "cards": []}] + body["deal"]["melds"]
    err = api("score", body, status=422, game="pinochle")["errors"][0]
    assert err["pointer"] == "/deal/melds/0/cards" and err["detail"].startswith("no cards is not a meld with ")
