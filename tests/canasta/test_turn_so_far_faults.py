"""Canasta: what a position says of the turn so far that its table contradicts — extra cards owed where the game
gives none (canasta/4.2), a canasta said to be completed this turn with none on the table (canasta/6.4), red
threes still held by other players after play has begun (canasta/2.1) — each refused at its field.

Classic, four players.  North is in his turn (phase play): five cards in hand, NS has a meld of three kings on the
table, the pile holds 9D 7C.  Cards in view: 5 + 3 + 2 = 10 of the 108 (East's 3H: 11).
"""
import pytest

from tests.canasta_helpers import chk

HAND = ["5H", "6C", "8D", "QS", "AH"]


def position(**extra):
    return {"phase": "play", "hand": HAND, "melds": {"NS": [["KH", "KS", "KD"]]}, "pile": {"cards": ["9D", "7C"]},
            "stock": 40, **extra}


@pytest.mark.parametrize("extra,where,words", [
    ({"turn": {"melded": True, "extra_cards_due": True}}, "/position/turn/extra_cards_due",
     "extra cards are due only after a side's first meld, in a game that gives them"),
    ({"turn": {"melded": True, "canasta_made": True}}, "/position/turn/canasta_made",
     "the player is said to have completed a canasta this turn: the side shows one and the player melded"),
    ({"red_threes_held": {"East": ["3H"]}}, "/position/red_threes_held/East",
     "red threes are held by the other players only before play begins, at the draw"),
])
def test_the_turn_so_far_against_the_table(api, extra, where, words):
    ans = chk(api, position(**extra), {"type": "discard", "card": "5H"}, 422)
    assert ans["errors"] == [{"pointer": where, "detail": words}]


def test_the_same_turn_without_them_is_judged(api):
    ans = chk(api, position(turn={"melded": True}), {"type": "discard", "card": "5H"})
    assert ans["legal"] is True


def test_a_player_without_a_partner_asks_nobody(api):
    # three players, each for himself: Ann is in her turn, 5 cards in hand, 3 kings melded, the pile 9D 7C
    sides = [{"id": p, "players": [p]} for p in ("Ann", "Bob", "Cid")]
    body = {"variant": "three-player", "sides": sides,
            "position": {**position(turn={"melded": True, "answer": "yes"}), "melds": {"Ann": [["KH", "KS", "KD"]]}},
            "action": {"type": "discard", "player": "Ann", "card": "5H"}}
    r = api("check", body, status=422, game="canasta")
    assert r["errors"] == [{"pointer": "/position/turn/answer", "detail": "a player without a partner asks nobody"}]
