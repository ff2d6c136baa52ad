"""Popular Russian canasta: a discarded joker blocks the pile for a round (canasta/5.1, wild_block one_round) whatever
else froze it: a red three turned up, a black three at the bottom (option black_three_freezes), a wild card turned
up at the deal, an earlier joker, or none because the pile was taken and rebuilt.

Each pile is played out twice: as a game log (validate) and as the position it leaves (check), which must agree on
the verdict and the rule.  Seats North, East, South, West; West deals, North plays first; every turn ends with a
discard, so a joker under k cards was discarded k + 1 turns before the turn of the player to act, and its block
lasts until its discarder's next turn (the seed's sentence, line 90).

The answer's ``facts`` say what froze the pile (``frozen_by``: the first card that froze it for everybody) and,
apart from that, the round's block (``pile_block``: its discarder and the wild card).
"""
import pytest

from tests.canasta_helpers import S4, C, m

RU = "russian-popular"
SIDE = {"North": "NS", "South": "NS", "East": "EW", "West": "EW"}


# ---------------------------------------------------------------- the tester's positions, worked by hand

MELDS = {"NS": [m("KH KC KS"), m("AH AD AS")], "EW": [m("QH QD QS"), m("10H 10S 10C")]}


def south_takes(api, pile, status=200, **extra):
    body = {"variant": RU, "sides": S4,
            "position": {"phase": "draw", "hand": ["9H", "9S", "4S"], "melds": MELDS, "pile": {"cards": pile, **extra}},
            "action": {"type": "take_pile", "player": "South", "cards": ["9H", "9S"]}}
    return C(api, "check", body, status)


def test_a_red_three_upcard_does_not_hide_the_jokers_block(api):
    # 3H turned up and covered by 8C (canasta/1.6); North (first) discarded JK, East 9D; South is second in North's
    # round: blocked, although the red three froze the pile first and a natural pair takes a frozen pile.
    ans = south_takes(api, ["3H", "8C", "JK", "9D"])
    assert ans["legal"] is False
    v = ans["violations"][0]
    assert (v["rule"], v["pointer"]) == ("canasta/5.1", "/action")
    assert v["message"] == "North discarded a joker: nobody may take the pile before North's next turn"
    assert ans["facts"]["frozen_by"] == "red_three"
    assert ans["facts"]["pile_block"] == {"discarder": "North", "card": "JK"}


def test_a_joker_turned_onto_the_red_three_is_no_discard(api):
    # [3H, JK, 9D]: the red three is covered by the joker, the joker by 9D, all three turned up at the deal; no turn
    # has been played, so no side can show melds: the position is impossible (not the block the tester expected)
    err = C(api, "check", {"variant": RU, "sides": S4,
                           "position": {"phase": "draw", "hand": ["9H", "9S", "4S"], "melds": MELDS,
                                        "pile": {"cards": ["3H", "JK", "9D"]}},
                           "action": {"type": "take_pile", "player": "South", "cards": ["9H", "9S"]}}, 422)
    assert err["errors"][0]["pointer"] == "/position/melds/NS"
    # without melds the take is a ruling: South's side has not opened, and the pile is not for an opening (5.2)
    ans = C(api, "check", {"variant": RU, "sides": S4,
                           "position": {"phase": "draw", "hand": m("9H 9S 4C 5C 6H 7D 8D JH JS QC AC 6S 7S"),
                                        "pile": {"cards": ["3H", "JK", "9D"]}},
                           "action": {"type": "take_pile", "player": "South", "cards": ["9H", "9S"]}})
    assert (ans["legal"], ans["violations"][0]["rule"], ans["facts"]["pile_block"]) == (False, "canasta/5.2", None)


def test_a_wild_card_at_the_bottom_says_whether_it_was_turned_up(api):
    # [2C, 8C, JK, 9D] without a red three: the 2C was turned up at the deal, or discarded onto a pile taken
    # before; the answer differs, so the position must say (upcards)
    err = south_takes(api, ["2C", "8C", "JK", "9D"], 422)["errors"][0]
    assert err["pointer"] == "/position/pile/upcards"
    assert south_takes(api, ["2C", "8C", "JK", "9D"], upcards=1, status=422)["errors"][0]["pointer"] == \
        "/position/pile/upcards"      # 2C is covered at the deal: two cards turned up, not one
    assert south_takes(api, ["3H", "8C", "JK", "9D"], upcards=0, status=422)["errors"][0]["pointer"] == \
        "/position/pile/upcards"      # a red three lies only among the cards turned up: never taken


def test_a_discarded_two_at_the_bottom_of_a_rebuilt_pile(api):
    # upcards 0, the pile taken since: the 2C under one card was discarded two turns before South's, by North, and
    # East covered it with 9D: blocked, and the two froze the pile itself
    ans = south_takes(api, ["2C", "9D"], upcards=0)
    assert ans["violations"][0]["message"] == "North discarded a two: nobody may take the pile before North's next turn"
    assert (ans["facts"]["frozen_by"], ans["facts"]["pile_block"]) == ("wild", {"discarder": "North", "card": "2C"})
    # upcards 2: the deal turned up 2C and 9D, and nobody has played yet: no melds on the table
    assert south_takes(api, ["2C", "9D"], upcards=2, status=422)["errors"][0]["pointer"] == "/position/melds/NS"


def test_a_black_three_turned_up_under_the_red_three(api):
    # [3S, 3H, 8C, JK, 9D]: a black three turned up is covered (official laws), here by 3H, itself covered by 8C;
    # North's joker and East's 9D follow: blocked; the red three froze the pile (a black three does not by default)
    ans = south_takes(api, ["3S", "3H", "8C", "JK", "9D"])
    assert (ans["violations"][0]["rule"], ans["facts"]["frozen_by"]) == ("canasta/5.1", "red_three")


def test_a_pile_described_by_its_top_blocks_without_saying_who(api):
    body = {"variant": RU, "sides": S4,
            "position": {"phase": "draw", "hand": ["9H", "9S", "4S"], "melds": MELDS,
                         "pile": {"top": "9D", "size": 3, "frozen_by": "wild"}},
            "action": {"type": "take_pile", "player": "South", "cards": ["9H", "9S"]}}
    ans = C(api, "check", body)
    assert (ans["violations"][0]["rule"], ans["facts"]["pile_block"]) == (
        "canasta/5.1", {"discarder": None, "card": None})


HAND13 = m("9H 9S 4C 5C 6H 7D 8D JH JS QC AC 6S 7S")


def test_melds_on_the_table_need_a_turn_played(api):
    # [3H, 8C, 9D], never taken: one discard since the deal, by the player before South: East played first, and
    # only East's side can show melds.  South's side has not opened: the pile is not his (canasta/5.2).
    def body(melds):
        return {"variant": RU, "sides": S4,
                "position": {"phase": "draw", "hand": HAND13, "melds": melds, "pile": {"cards": ["3H", "8C", "9D"]}},
                "action": {"type": "take_pile", "player": "South", "cards": ["9H", "9S"]}}
    ans = C(api, "check", body({"EW": MELDS["EW"]}))
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/5.2")
    assert C(api, "check", body(MELDS), 422)["errors"][0]["pointer"] == "/position/melds/NS"


def test_the_player_in_turn_has_melded_before_any_discard(api):
    # [3H, 8C]: nobody has discarded yet; North, first to play, has drawn and melded (phase play): his melds stand
    body = {"variant": RU, "sides": S4,
            "position": {"phase": "play", "hand": m("JK 9H 9S 4D 5S 6C 7S 10H"), "melds": {"NS": MELDS["NS"]},
                         "pile": {"cards": ["3H", "8C"]}, "turn": {"melded": True}},
            "action": {"type": "discard", "player": "North", "card": "4D"}}
    assert C(api, "check", body)["legal"] is True
    del body["position"]["turn"]                  # before his draw he has not melded: impossible
    body["position"]["phase"] = "draw"
    body["action"] = {"type": "draw", "player": "North"}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/position/melds/NS"


# ---------------------------------------------------------------- the same piles as logs and as positions

HANDS = {"North": "KH KC KS AH AD AS JK 9H 9S 4D 5S 6C 7S",
         "East": "QH QD QS 10S 10C 9D 4S 5H 6D 7C 8S JC KD",
         "South": "9H 9S 9C 4C 5C 6H 7D 8D JH JS QC AC 6S",
         "West": "9C 9D 4H 5D 6S 7H 8D 10D JD QC KD AC 4C"}
N_OPENS = [{"type": "draw", "player": "North", "cards": ["10H"]},
           {"type": "meld", "player": "North", "melds": [m("KH KC KS"), m("AH AD AS")]}]
E_OPENS = [{"type": "draw", "player": "East", "cards": ["10H"]},
           {"type": "meld", "player": "East", "melds": [m("QH QD QS"), m("10H 10S 10C")]}]


def turn(player, draw, discard):
    return [{"type": "draw", "player": player, "cards": [draw]}, {"type": "discard", "player": player, "card": discard}]


def d(player, card):
    return {"type": "discard", "player": player, "card": card}


JOKER_ROUND = N_OPENS + [d("North", "JK")] + E_OPENS + [d("East", "9D")]
AFTER_ROUND = turn("South", "8S", "4C") + turn("West", "8H", "9C")

# (name, deal pile, events before the take, taker, shown cards, options, upcards given to check, verdict)
CASES = [
    # the red three turned up and covered by 8C; South is inside North's round
    ("red three upcard, blocked", ["3H", "8C"], JOKER_ROUND, "South", ["9H", "9S"], {}, None,
     ("canasta/5.1", "red_three", {"discarder": "North", "card": "JK"})),
    # North's next turn: the block is over; the red three still freezes, and his natural pair takes West's 9C
    ("red three upcard, round over", ["3H", "8C"], JOKER_ROUND + AFTER_ROUND, "North", ["9H", "9S"], {}, None,
     (None, "red_three", None)),
    # a black three turned up is covered by 8C and freezes the pile under black_three_freezes
    ("black three upcard, blocked", ["3S", "8C"], JOKER_ROUND, "South", ["9H", "9S"], {"black_three_freezes": True},
     None, ("canasta/5.1", "black_three", {"discarder": "North", "card": "JK"})),
    # a two turned up at the deal freezes the pile until taken; North's joker blocks it besides
    ("wild upcard, blocked", ["2C", "8C"], JOKER_ROUND, "South", ["9H", "9S"], {}, 2,
     ("canasta/5.1", "wild", {"discarder": "North", "card": "JK"})),
    # after the round the two turned up still freezes it (a natural pair takes it); the joker's block is gone
    ("wild upcard, round over", ["2C", "8C"], JOKER_ROUND + AFTER_ROUND, "North", ["9H", "9S"], {}, 2,
     (None, "wild", None)),
    # a black three discarded by North once his joker's round is over freezes the pile (black_three_freezes);
    # South's natural pair takes East's 6D
    ("black three after the round", ["8C"], JOKER_ROUND + AFTER_ROUND + turn("North", "3S", "3S")
     + turn("East", "5C", "6D"), "South", ["6H", "6S"], {"black_three_freezes": True}, None,
     (None, "black_three", None)),
    # two jokers: North's (its round over at his next turn) and East's, drawn and discarded; North, inside East's
    # round, may not take West's 9D.  The first joker froze the pile and stopped freezing it when its round ended.
    ("two jokers", ["8C"], N_OPENS + [d("North", "JK")] + E_OPENS + [d("East", "5H")]
     + turn("South", "8S", "4C") + turn("West", "8H", "4H") + turn("North", "5D", "4D") + turn("East", "JK", "JK")
     + turn("South", "7C", "5C") + turn("West", "6D", "9D"), "North", ["9H", "9S"], {}, None,
     ("canasta/5.1", "wild", {"discarder": "East", "card": "JK"})),
    # the pile taken by South (6D with 6H 6S) and rebuilt from his 4C; North's joker on it blocks South's turn
    ("rebuilt pile", ["8C"], N_OPENS + [d("North", "4D")] + E_OPENS + [d("East", "6D"),
     {"type": "take_pile", "player": "South", "cards": ["6H", "6S"]}, d("South", "4C")] + turn("West", "8H", "4H")
     + turn("North", "5D", "JK") + turn("East", "8S", "9D"), "South", ["9H", "9S"], {}, None,
     ("canasta/5.1", "wild", {"discarder": "North", "card": "JK"})),
]


def replay(deal_pile, events):
    """Hands, melds and pile after ``events``: the bookkeeping of the table, card by card."""
    hands = {p: m(h) for p, h in HANDS.items()}
    melds = {"NS": [], "EW": []}
    pile = list(deal_pile)
    for e in events:
        p = e["player"]
        if e["type"] == "draw":
            hands[p] += e["cards"]
        elif e["type"] == "meld":
            for meld in e["melds"]:
                for c in meld:
                    hands[p].remove(c)
                melds[SIDE[p]].append(list(meld))
        elif e["type"] == "discard":
            hands[p].remove(e["card"])
            pile.append(e["card"])
        else:                                     # take_pile: the top card and the pair shown make a meld
            for c in e["cards"]:
                hands[p].remove(c)
            melds[SIDE[p]].append([pile.pop()] + e["cards"])
            hands[p] += pile
            pile = []
    return hands, melds, pile


@pytest.mark.parametrize("name, deal_pile, events, taker, shown, options, upcards, verdict", CASES,
                         ids=[c[0] for c in CASES])
def test_check_and_validate_agree(api, name, deal_pile, events, taker, shown, options, upcards, verdict):
    rule, frozen_by, block = verdict
    take = {"type": "take_pile", "player": taker, "cards": shown}
    log = {"variant": RU, "sides": S4, "options": options,
           "log": [{"type": "deal", "dealer": "West", "pile": deal_pile,
                    "hands": {p: m(h) for p, h in HANDS.items()}}] + events + [take]}
    ans = C(api, "validate", log)
    if rule is None:
        assert (ans["valid"], ans["violations"]) == (True, [])
    else:
        v = ans["first_violation"]
        assert (v["index"], v["rule"]) == (len(events) + 1, rule)
    hands, melds, pile = replay(deal_pile, events)
    position = {"phase": "draw", "hand": hands[taker], "melds": {s: ms for s, ms in melds.items() if ms},
                "pile": {"cards": pile} | ({"upcards": upcards} if upcards is not None else {})}
    ans = C(api, "check", {"variant": RU, "sides": S4, "options": options, "position": position, "action": take})
    assert ans["legal"] is (rule is None)
    assert [x["rule"] for x in ans["violations"]] == ([rule] if rule else [])
    assert (ans["facts"]["frozen_by"], ans["facts"]["pile_block"]) == (frozen_by, block)
