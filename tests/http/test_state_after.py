"""The state_after of a scored deal is the next deal's state, in all three games."""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def pinochle_example(name):
    body = json.loads((ROOT / "examples" / "pinochle" / name).read_text())
    body.pop("game")
    return body


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_state_after_is_the_next_deals_state(api):
    # the README promises the new state comes back; Pinochle and Canasta returned totals but no state_after, and a
    # two-handed game whose target had risen was refused when the client sent only the scores
    pin = pinochle_example("two-handed-score.json")
    pin["state"] = {"scores": {"Ann": 950, "Bob": 900}}
    first = api("score", pin, game="pinochle")
    # both pass 1,000 (Ann 950 + 90, Bob 900 + 190) and nobody declared out: the target rises to 1,250
    assert first["state_after"] == {"scores": {"Ann": 1040, "Bob": 1090}, "target": 1250}
    nxt = pinochle_example("two-handed-score.json")
    nxt["state"] = first["state_after"]
    assert api("score", nxt, game="pinochle")["players"][0]["total_before"] == 1040
    can = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    can.pop("game")
    can["options"] = {"max_rounds": 5}
    can["state"] = {"scores": {"NS": 100, "EW": 300}, "rounds": 2}
    # NS 100 + 1,355 and EW 300 + 40 (the README's hand), third deal of five
    assert api("score", can, game="canasta")["state_after"] == {"scores": {"NS": 1455, "EW": 340}, "rounds": 3}
