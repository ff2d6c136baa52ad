"""Canasta: the frozen pile — what freezes it, for whom, what a described pile may say about it, and what takes it while frozen.
"""
import pytest

S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


ELEVEN = ["4C", "5S", "6H", "7D", "8C", "9H", "10D", "JS", "QC", "KD", "AS"]


def C(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="canasta")


def chk(api, position, action, status=200, options=None, **extra):
    body = {"sides": S4, "position": position, "action": {"player": "North", **action}, **extra}
    if options:
        body["options"] = options
    return C(api, "check", body, status)


def pointer(ans):
    return ans["errors"][0]["pointer"]


# Found by black-box probing of the Canasta endpoints.
def test_wild_on_top_without_frozen_by_is_frozen(api):
    ans = chk(api, {"hand": ELEVEN, "pile": {"top": "2D", "size": 9}}, {"type": "draw"})
    assert ans["facts"]["frozen_by"] == "wild" and ans["facts"]["pile_frozen"] is True


# Found by black-box probing of the Canasta endpoints.
@pytest.mark.parametrize("pile", [{"top": "9S", "size": 1, "frozen_by": "wild"},
                                  {"top": None, "size": 0, "frozen_by": "wild"}])
def test_small_piles_cannot_be_frozen_by_a_card_in_them(api, pile):
    ans = chk(api, {"hand": ELEVEN, "pile": pile}, {"type": "draw"}, 422)
    assert pointer(ans) == "/position/pile/frozen_by"
