"""Popular Russian canasta: a joker put on the discard pile blocks it for a round (canasta/5.1, option wild_block).

The seed's sentence (popular rules, line 90): a black three blocks the pile for one turn, a joker lets nobody take
it for one round; if its discarder does not take the pile on his own turn, the joker's effect is gone.  Read whole:
nobody takes the pile, not even with a natural pair, from the discard until the discarder's next turn; on that turn
the block is over (one_round, the preset).  With four players seated North, East, South, West: North discards the
joker; East, South and West are blocked (West, his right-hand neighbour, last); North is the first one free.  The
other reading, option full_round, blocks North's own next turn too and frees East's after it.

A described pile gives its cards bottom first; every turn ends with a discard, so a joker under k cards was discarded
k + 1 turns before the turn of the player to act.
"""
import json
import pathlib

from tests.canasta_helpers import S4, C, m

RU = "russian-popular"


# ---------------------------------------------------------------- check: the example and the boundary

# Both sides have opened: NS with North's K K K and A A A (30 + 60 = 90, at least the 50 a side at 0 needs), EW with
# East's Q Q Q and 10 10 10 (30 + 30 = 60).  The pile began with the upcard 8C; North discarded the joker.
MELDS = {"NS": [m("KH KC KS"), m("AH AD AS")], "EW": [m("QH QD QS"), m("10H 10S 10C")]}


def take(api, player, hand, pile, status=200, **opts):
    body = {"variant": RU, "sides": S4,
            "position": {"phase": "draw", "hand": m(hand), "melds": MELDS, "pile": {"cards": m(pile)}},
            "action": {"type": "take_pile", "player": player, "cards": ["9H", "9S"]}}
    if opts:
        body["options"] = opts
    return C(api, "check", body, status)


SOUTH = "9H 9S 4C 5C 6H 7D 8D JH JS QC AC 6S 7S"     # 13 cards, a natural pair of nines


def test_south_may_not_take_the_pile_the_joker_blocks(api):
    # [8C, JK, 9D]: North's joker, East's 9D; South is the second player of the round: blocked.  Before the fix
    # the joker was an ordinary freeze, which the natural pair took: legal.
    ans = take(api, "South", SOUTH, "8C JK 9D")
    assert ans["legal"] is False
    v = ans["violations"][0]
    assert (v["rule"], v["pointer"]) == ("canasta/5.1", "/action")
    assert v["message"] == "North discarded a joker: nobody may take the pile before North's next turn"
    assert ans["facts"]["frozen_by"] == "wild"
    # the pile is not among South's choices; a pile taken all the same costs his side 100 (canasta/8.4)
    assert [a["type"] for a in ans["legal_actions"]] == ["draw", "ask", "ask"]
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.4", -100)]


def test_the_block_is_said_in_russian(client):
    body = {"variant": RU, "sides": S4,
            "position": {"phase": "draw", "hand": m(SOUTH), "melds": MELDS, "pile": {"cards": m("8C JK 9D")}},
            "action": {"type": "take_pile", "player": "South", "cards": ["9H", "9S"]}}
    resp = client.post("/v1/games/canasta/check", json=body, headers={"Accept-Language": "ru"})
    v = resp.get_json()["violations"][0]
    assert v["message"] == "в сбросе джокер игрока North: до следующего хода игрока North сброс не может взять никто"


def test_west_the_last_turn_of_the_round_is_still_blocked(api):
    # [8C, JK, 9D, 9C]: East 9D, South 9C; West is the third and last player before North: blocked
    west = "9H 9S 4H 5D 6S 7H 8D 10D JD QC KD AC 4C"
    assert take(api, "West", west, "8C JK 9D 9C")["violations"][0]["rule"] == "canasta/5.1"


def test_north_the_discarder_is_free_on_his_next_turn(api):
    # [8C, JK, 9D, 4C, 9C]: East 9D, South 4C, West 9C; North's own turn: the block is over and the joker no longer
    # freezes the pile (frozen_by null), so his pair of nines takes it
    north = "9H 9S 4D 5S 6C 7S 10D"      # 13 dealt + 1 drawn - 6 melded - 1 discarded = 7
    ans = take(api, "North", north, "8C JK 9D 4C 9C")
    assert ans["legal"] is True
    assert (ans["facts"]["frozen_by"], ans["facts"]["pile_frozen"]) == (None, False)


def test_south_after_the_round_takes_the_same_way(api):
    # South's next turn: [8C, JK, 9D, 4C, 5D, 6S, 9C] (East, South, West, North, East): free
    assert take(api, "South", SOUTH.replace("4C", "4D"), "8C JK 9D 4C 5D 6S 9C")["legal"] is True


def test_full_round_blocks_the_discarder_too(api):
    # option full_round: North's own next turn is still blocked; East's after it (North discarded a 9H) is free
    north = "9H 9S 4D 5S 6C 7S 10D"
    ans = take(api, "North", north, "8C JK 9D 4C 9C", wild_block="full_round")
    assert ans["violations"][0]["message"] == (
        "North discarded a joker: nobody, North included, may take the pile until North's next turn is over")
    east = "9H 9S 4S 5H 6D 7C 8S"
    assert take(api, "East", east, "8C JK 9D 4C 9C 9H", wild_block="full_round")["legal"] is True


def test_a_described_pile_that_does_not_say_who(api):
    # top and size only, frozen_by wild: a wild card discarded within the round, its discarder not given: blocked
    body = {"variant": RU, "sides": S4,
            "position": {"phase": "draw", "hand": m(SOUTH), "melds": MELDS,
                         "pile": {"top": "9D", "size": 3, "frozen_by": "wild"}},
            "action": {"type": "take_pile", "player": "South", "cards": ["9H", "9S"]}}
    v = C(api, "check", body)["violations"][0]
    assert (v["rule"], v["message"]) == ("canasta/5.1", "a joker or two discarded within the last round blocks the "
                                                        "pile: nobody may take it before its discarder's next turn")


def test_the_official_freeze_is_taken_by_a_natural_pair(api):
    # the same South under until_taken (official laws): the joker freezes the pile, and a natural pair takes it
    assert take(api, "South", SOUTH, "8C JK 9D", wild_block="until_taken")["legal"] is True


# ---------------------------------------------------------------- validate

# The deal (West deals, North plays first), 52 cards dealt and the upcard 8C; the draws 10H, 10H, 8S, 8H come from
# the stock.  Nines: North 9H 9S, South 9H 9S 9C, East 9D, West 9C 9D: all eight.  No card more than twice.
HANDS = {"North": "KH KC KS AH AD AS JK 9H 9S 4D 5S 6C 7S",
         "East": "QH QD QS 10S 10C 9D 4S 5H 6D 7C 8S JC KD",
         "South": "9H 9S 9C 4C 5C 6H 7D 8D JH JS QC AC 6S",
         "West": "9C 9D 4H 5D 6S 7H 8D 10D JD QC KD AC 4C"}
ROUND = [  # North opens with 90 and discards the joker; East opens with 60 and discards the 9D
    {"type": "draw", "player": "North", "cards": ["10H"]},
    {"type": "meld", "player": "North", "melds": [m("KH KC KS"), m("AH AD AS")]},
    {"type": "discard", "player": "North", "card": "JK"},
    {"type": "draw", "player": "East", "cards": ["10H"]},
    {"type": "meld", "player": "East", "melds": [m("QH QD QS"), m("10H 10S 10C")]},
    {"type": "discard", "player": "East", "card": "9D"}]


def log(*events):
    return {"variant": RU, "sides": S4,
            "log": [{"type": "deal", "dealer": "West", "pile": ["8C"],
                     "hands": {p: m(h) for p, h in HANDS.items()}}] + ROUND + list(events)}


def test_validate_south_blocked(api):
    # events: 0 the deal, 1-3 North, 4-6 East, 7 South's take
    ans = C(api, "validate", log({"type": "take_pile", "player": "South", "cards": ["9H", "9S"]}))
    v = ans["first_violation"]
    assert (v["index"], v["rule"], v["pointer"]) == (7, "canasta/5.1", "/log/7")
    assert v["message"] == "North discarded a joker: nobody may take the pile before North's next turn"


def test_validate_west_blocked_north_free(api):
    south = [{"type": "draw", "player": "South", "cards": ["8S"]}, {"type": "discard", "player": "South", "card": "9C"}]
    # West, the last of the round, takes South's 9C with 9C 9D: index 9, blocked
    v = C(api, "validate", log(*south, {"type": "take_pile", "player": "West", "cards": ["9C", "9D"]}))["first_violation"]
    assert (v["index"], v["rule"]) == (9, "canasta/5.1")
    # West draws and discards 9C instead; North's turn: free, his 9H 9S take West's 9C (and he discards the 4D)
    ans = C(api, "validate", log(*south, {"type": "draw", "player": "West", "cards": ["8H"]},
                                 {"type": "discard", "player": "West", "card": "9C"},
                                 {"type": "take_pile", "player": "North", "cards": ["9H", "9S"]},
                                 {"type": "discard", "player": "North", "card": "4D"}))
    assert (ans["valid"], ans["violations"], ans["complete"]) == (True, [], False)


def test_validate_full_round_blocks_north(api):
    body = log({"type": "draw", "player": "South", "cards": ["8S"]}, {"type": "discard", "player": "South", "card": "4C"},
               {"type": "draw", "player": "West", "cards": ["8H"]}, {"type": "discard", "player": "West", "card": "9C"},
               {"type": "take_pile", "player": "North", "cards": ["9H", "9S"]})
    body["options"] = {"wild_block": "full_round"}
    v = C(api, "validate", body)["first_violation"]
    assert (v["index"], v["rule"]) == (11, "canasta/5.1")


ROOT = pathlib.Path(__file__).resolve().parents[2]


def data(name):
    return json.loads((ROOT / "tests" / "data" / f"canasta_{name}.json").read_text())


# Found by black-box probing of the Canasta endpoints.
def test_russian_lapsed_block_agrees_between_check_and_validate(api):
    # The 2S lies under a full round of discards: its one-round block has lapsed, so West must take the pile.
    chk_ans = C(api, "check", data("russian_check"))
    val_ans = C(api, "validate", data("russian_validate"))
    assert (chk_ans["legal"], chk_ans["violations"][0]["rule"]) == (False, "canasta/6.5")
    assert val_ans["first_violation"]["rule"] == "canasta/6.5"
