"""Canasta: request fields — fields foreign to an action or event, and the pointer a faulty field gets."""
import json
import pathlib

import pytest

from referee.canasta.options import VARIANTS
from tests.canasta_helpers import DEAL, ELEVEN, PENNIES, PENNY_HANDS, S4, C, chk, full_deal, m, pointer

ROOT = pathlib.Path(__file__).resolve().parents[2]


def readme_log():
    body = json.loads((ROOT / "examples/canasta/validate-concealed.json").read_text())
    body.pop("game")
    return body


# Found by black-box probing of the Canasta endpoints.
@pytest.mark.parametrize("action,where", [({"type": "discard", "card": "4C", "melds": [["4C"]]}, "/action/melds"),
                                          ({"type": "draw", "answer": "yes"}, "/action/answer")])
def test_fields_foreign_to_the_action(api, action, where):
    ans = chk(api, {"phase": "play" if action["type"] == "discard" else "draw",
                    "hand": ELEVEN + (["4D"] if action["type"] == "discard" else []),
                    "pile": {"top": "6S", "size": 4}}, action, 422)
    assert pointer(ans) == where


# Found by black-box probing of the Canasta endpoints.
def test_deal_event_refuses_a_player_field(api):
    body = readme_log()
    body["log"][0]["player"] = "Zed"
    assert pointer(C(api, "validate", body, 422)) == "/log/0/player"


# Found by black-box probing of the Canasta endpoints.
def test_wrong_draw_count_points_at_the_cards(api):
    body = readme_log()
    body["log"][2]["cards"] = ["5C", "6C"]
    ans = C(api, "validate", body)
    assert ans["first_violation"]["pointer"] == "/log/2/cards"


def view_score(deal, variant="classic", **options):
    """The score view itself (the request schema is not applied, as for a library caller)."""
    from referee.canasta.views import score
    from tests.canasta_helpers import loaded
    v = VARIANTS[variant]
    return score(loaded("score", {"sides": S4, "deal": deal}), v, v.resolve(options))


def fault(deal, variant="classic", **options):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_score(deal, variant, **options)
    return e.value.errors[0]


def irregular(**irr):
    d = full_deal()
    d["irregularities"] = [{"side": "EW", **irr}]
    return d


def view_validate(log, variant="classic", sides=S4):
    from referee.canasta.views import validate
    from tests.canasta_helpers import loaded
    v = VARIANTS[variant]
    return validate(loaded("validate", {"sides": sides, "log": log}), v, v.resolve({}))


def dealt(**change):
    return {**DEAL, **change}


PACKET = m("4S 5H 6H 7C 8C 9C 10S JS QS KS AS")


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("deal,pointer", [
    (irregular(type="misdeal"), "/deal/irregularities/0/type"),
    (irregular(type="illegal_meld", side="XY"), "/deal/irregularities/0/side"),
    (irregular(type="illegal_meld", count=1), "/deal/irregularities/0/count"),
    (irregular(type="excess_wild_cards", count=0), "/deal/irregularities/0/count"),
    (irregular(type="excess_wild_cards", count=10), "/deal/irregularities/0/count"),
])
def test_irregularities_name_the_faulty_field(deal, pointer):
    assert fault(deal)["pointer"] == pointer


# A threshold the mutation pass over the Canasta engine found untested.
def test_each_side_field_is_named():
    d = full_deal()
    del d["sides"][0]["id"]
    assert fault(d)["pointer"] == "/deal/sides/0/id"
    d = full_deal()
    d["sides"][1]["id"] = "NS"                                       # NS twice
    assert fault(d)["pointer"] == "/deal/sides/1/id"
    d = full_deal()
    d["sides"][1]["concealed"] = True                                # EW did not go out
    assert fault(d)["pointer"] == "/deal/sides/1/concealed"
    d = full_deal()
    d["sides"][0]["double_ending"] = True                            # no double ending in the classic game
    assert fault(d)["pointer"] == "/deal/sides/0/double_ending"
    d = full_deal()
    d["sides"][0]["hands"][1] = []                                   # South out of cards too: he melded 5 5 5 and
    d["sides"][0]["melds"] += [m("5 5 5"), m("Q Q Q"), m("10 10 10")]  # more, but the partner keeps at least one
    assert fault(d)["pointer"] == "/deal/sides/0/hands"
    d = full_deal()
    d["sides"][1]["hands"] = [[], m("JK Q 4 4 5 6 7 5 6 K 10 10 7 4 4")]   # EW did not go out, East holds none
    assert fault(d)["pointer"] == "/deal/sides/1/hands"


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("event,pointer", [
    ({"type": "draw", "player": "North"}, "/log/1/cards"),
    ({"type": "ask", "player": "North"}, "/log/1/answer"),
    ({"type": "shuffle", "player": "North"}, "/log/1/type"),
])
def test_log_events_name_their_faulty_field(event, pointer):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_validate([DEAL, event])
    assert e.value.errors[0]["pointer"] == pointer


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("event,pointer", [
    ({"type": "meld", "player": "North", "melds": []}, "/log/2/melds"),
    ({"type": "discard", "player": "North"}, "/log/2/card"),
    ({"type": "extra_cards", "player": "North"}, "/log/2/cards"),
])
def test_log_play_events_name_their_faulty_field(event, pointer):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_validate([DEAL, {"type": "draw", "player": "North", "cards": ["5C"]}, event])
    assert e.value.errors[0]["pointer"] == pointer


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("variant,sides,event,pointer", [
    ("classic", S4, dealt(hands=[]), "/log/0/hands"),
    ("classic", S4, dealt(hands={k: v for k, v in DEAL["hands"].items() if k != "East"}), "/log/0/hands"),
    ("classic", S4, dealt(pile=[]), "/log/0/pile"),
    ("classic", S4, dealt(packets={"North": PACKET}), "/log/0/packets"),
    ("pennies-from-heaven", PENNIES, dealt(dealer="A1", hands=PENNY_HANDS), "/log/0/packets"),
    ("pennies-from-heaven", PENNIES, dealt(dealer="A1", hands=PENNY_HANDS, packets={"A1": PACKET}), "/log/0/packets"),
])
def test_a_deal_event_names_its_faulty_field(variant, sides, event, pointer):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_validate([event], variant, sides)
    assert e.value.errors[0]["pointer"] == pointer


# A threshold the mutation pass over the Canasta engine found untested.
def test_an_event_whose_player_is_null():
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_validate([DEAL, {"type": "draw", "player": None, "cards": ["5C"]}])
    assert e.value.errors[0]["pointer"] == "/log/1/player"


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_missing_side_is_named():
    d = full_deal()
    del d["sides"][1]
    assert fault(d) == {"pointer": "/deal/sides", "detail": "give every side's cards (missing: EW)"}
