"""Canasta: the legal actions a check lists, and that each can be posted back."""
import pytest

from tests.canasta_helpers import ELEVEN, S4, C


def legal(api, body, action):
    """Post ``action`` back in the position of ``body``; return the ruling."""
    return C(api, "check", {**body, "action": dict(action.items())})


# Found by black-box probing of the Canasta endpoints.
@pytest.mark.parametrize("hand,top", [
    (["KS", "KC", "2H", "2D", "5C", "6D", "8S", "4H", "7C", "10D", "9S"], "KD"),    # the opening needs a wild card
    (["KS", "KC", "KH", "5C", "5D", "5S", "8S", "4H", "7C", "10D", "9S"], "KD"),    # ...or a third king and 5 5 5
])
def test_legal_actions_find_the_way_to_take_the_pile(api, hand, top):
    body = {"sides": S4, "position": {"phase": "draw", "hand": hand, "pile": {"top": top, "size": 5}, "stock": 52}}
    ans = C(api, "check", {**body, "action": {"type": "draw", "player": "North"}})
    take = [a for a in ans["legal_actions"] if a["type"] == "take_pile"]
    assert len(take) == 1 and legal(api, body, take[0])["legal"] is True


# Found by black-box probing of the Canasta endpoints.
def test_legal_actions_find_openings_the_options_allow(api):
    ru = {"variant": "russian-popular", "sides": S4,
          "position": {"phase": "play", "hand": ["7S", "7C", "7D", "8S", "8C", "8D", "4C", "5S", "6H", "9D", "10C", "JH",
                                                 "QS", "KD"], "red_threes": {"NS": ["3H"]}, "pile": {"top": "4D", "size": 3}}}
    ans = C(api, "check", {**ru, "action": {"type": "discard", "player": "North", "card": "KD"}})
    meld = [a for a in ans["legal_actions"] if a["type"] == "meld"]
    assert meld and legal(api, ru, meld[0])["legal"] is True
    c12 = {"variant": "classic-12", "sides": S4, "state": {"scores": {"NS": 3000, "EW": 0}},
           "position": {"phase": "play", "hand": ["4H", "4D", "4S", "4C", "4H", "4D", "4S", "9D", "10C", "JH", "QS",
                                                  "KD", "5H"], "pile": {"top": "8D", "size": 3, "frozen_by": "start"}}}
    ans = C(api, "check", {**c12, "action": {"type": "discard", "player": "North", "card": "KD"}})
    meld = [a for a in ans["legal_actions"] if a["type"] == "meld"]
    assert meld and legal(api, c12, meld[0])["legal"] is True


# Found by black-box probing of the Canasta endpoints.
def test_listed_ask_can_be_posted_back(api):
    body = {"sides": S4, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}}}
    ans = C(api, "check", {**body, "action": {"type": "draw", "player": "North"}})
    asks = [a for a in ans["legal_actions"] if a["type"] == "ask"]
    assert [a["answer"] for a in asks] == ["yes", "no"]
    assert all(legal(api, body, a)["legal"] for a in asks)
