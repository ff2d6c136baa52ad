"""Classic Canasta through HTTP: canasta.md §3 vectors (M, L), the §5 disputes D1–D20, the penalties of §1.8,
the 2-, 3- and 6-player forms, replayed logs and impossible input.

Expected values are computed by hand in the comments from the card values of canasta/1.4 (joker 50; ace and deuce
20; K to 8 10; 7 to 4 and black threes 5).
"""
import copy
import json
import pathlib

import pytest

from tests.canasta_helpers import C, m, ruling

ROOT = pathlib.Path(__file__).resolve().parents[2]
SIDES = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]
FILLER = ["4H", "5D", "6C", "7S", "8H"]          # cards that make no meld with anything around them


def check(api, hand, action, *, melds=None, pile=None, scores=None, phase="play", options=None, variant=None,
          status=200, sides=SIDES, **pos):
    body = {"sides": sides,
            "position": {"phase": phase, "hand": hand.split() if isinstance(hand, str) else hand,
                         "melds": melds or {}, "pile": pile or {"top": "8C", "size": 6}, **pos},
            "action": {"player": sides[0]["players"][0], **action}}
    if scores:
        body["state"] = {"scores": {**{s["id"]: 0 for s in sides}, **scores}}   # the others at 0
    if options:
        body["options"] = options
    if variant:
        body["variant"] = variant
    return C(api, "check", body, status)


POOL = "4C 5S 6H 7D 8C 9H 10D JS QC KD AS 4D 5H 6C 7S 8D 9C 10H".split()


def fill(hand, n):
    """``hand`` (a string) made up to ``n`` cards with cards of ranks it does not hold: a player whose side has
    not melded holds exactly his deal (11, or 12 after the turn's draw; canasta/1.5)."""
    cards = hand.split()
    ranks = {c[:-1] for c in cards}
    for c in POOL:
        if len(cards) >= n:
            break
        if c[:-1] not in ranks:
            cards.append(c)
            ranks.add(c[:-1])
    assert len(cards) == n
    return " ".join(cards)


# ---------------------------------------------------------------- initial meld (canasta.md §3.2)

M1_HAND = "6H 6D 6S KH KD KS 2C 9D 8S 7C 5H"


@pytest.mark.parametrize("meld,score,expect", [
    ([m("6H 6D 6S"), m("KH KD KS 2C")], 1600, (False, "canasta/4.1")),   # M1: 15 + 50 = 65 < 90
    ([m("6H 6D 6S"), m("AH AD AS 2C")], 1600, (True, None)),             # M2: 15 + 80 = 95 >= 90
    ([m("6H 6D 6S"), m("KH KD KS 2C")], 1495, (True, None)),             # M3: 65 >= 50 below 1,500
    ([m("6H 6D 6S"), m("AH AD AS 2C")], 3000, (False, "canasta/4.1")),  # M3: 95 < 120 from 3,000
])
def test_m1_m3_initial_meld_minimum(api, meld, score, expect):
    hand = "6H 6D 6S KH KD KS AH AD AS 2C 9D 5H"
    ans = check(api, hand, {"type": "meld", "melds": meld}, scores={"NS": score})
    assert ruling(ans) == expect


def test_m1_short_count_penalty_is_the_plus_ten(api):
    ans = check(api, fill(M1_HAND, 12), {"type": "meld", "melds": [m("6H 6D 6S"), m("KH KD KS 2C")]}, scores={"NS": 1600})
    assert ans["facts"]["minimum"] == 90
    assert ans["violations"][0]["message"].startswith("the side's first meld needs 90; these melds make 65")
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.1", 0)]


def test_d7_two_player_has_no_count_penalty(api):
    two = [{"id": "A", "players": ["A"]}, {"id": "B", "players": ["B"]}]
    hand = M1_HAND + " 4C 10D JS QC AS 4D"          # 17 cards: 15 dealt, a draw of two, no meld yet
    ans = check(api, hand, {"type": "meld", "melds": [m("6H 6D 6S")]}, variant="two-player", sides=two)
    assert ruling(ans) == (False, "canasta/4.1") and ans["penalties"] == []   # canasta/8.11


@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)])
def test_m7_minimum_table(api, score, minimum):
    ans = check(api, fill("9D 9S", 11), {"type": "draw"}, phase="draw", scores={"NS": score})
    assert ans["facts"]["minimum"] == minimum


def test_d6_negative_score_minimum_option(api):
    ans = check(api, fill("9D 9S", 11), {"type": "draw"}, phase="draw", scores={"NS": -5},
                options={"negative_minimum": 0})
    assert ans["facts"]["minimum"] == 0


PILE_M4 = {"cards": ["7C", "KC", "5D", "QS", "8H", "KH"]}   # the top K; a K and a Q lie lower down
HAND_M4 = "KD KS QH QD 2C 4H 5C 6D 7H 9S JH"


def test_m4_d8_only_the_top_discard_counts(api):
    # Top K with K-K from the hand (30) and Q-Q-2 from the hand (40): 70 >= 50.
    ans = check(api, HAND_M4, {"type": "take_pile", "cards": ["KD", "KS"], "melds": [m("QH QD 2C")]},
                phase="draw", pile=PILE_M4)
    assert ruling(ans) == (True, None) and ans["effects"]["cards_taken"] == 6


def test_m5_buried_cards_do_not_reach_ninety(api):
    # At 1,600 the side needs 90: 70 from the top card and the hand; the buried K and Q (20) never count.
    ans = check(api, HAND_M4, {"type": "take_pile", "cards": ["KD", "KS"], "melds": [m("QH QD 2C")]},
                phase="draw", pile=PILE_M4, scores={"NS": 1600})
    assert ruling(ans) == (False, "canasta/4.1")
    assert "make 70" in ans["violations"][0]["message"]


SEVEN_FOURS = "4H 4D 4S 4C 4H 4D 4S"


def test_m6_a_canasta_bonus_never_counts(api):
    # Seven 4s are 35 in cards: short of 50 even though the canasta would be worth 500.
    ans = check(api, SEVEN_FOURS + " 9D 10S JC QH KS", {"type": "meld", "melds": [m(SEVEN_FOURS)]})
    assert ruling(ans) == (False, "canasta/4.1")


def test_s13_concealed_from_stock_waives_the_minimum(api):
    # Side at 3,000 (needs 120): from the stock the player melds seven 4s (35) and four 5s (20) and discards K.
    body = {"hand": SEVEN_FOURS + " 5H 5D 5S 5C KH", "action": {"type": "go_out", "melds": [m(SEVEN_FOURS),
                m("5H 5D 5S 5C")], "card": "KH"}, "scores": {"NS": 3000}}
    ans = check(api, body["hand"], body["action"], scores=body["scores"])
    assert ruling(ans) == (True, None) and ans["effects"] == {"went_out": True, "concealed": True}
    # with concealed_waives_minimum false the 120 applies to the same going out (55 < 120)
    ans = check(api, body["hand"], body["action"], scores=body["scores"],
                options={"concealed_waives_minimum": False})
    assert ruling(ans) == (False, "canasta/4.1")
    # The count (S13): natural canasta 500 + going out concealed 200 = base 700; melded cards 35 + 20 = 55.  South,
    # who never melded, keeps 11 cards: 6 6 7 7 (20) + 8 8 9 9 10 10 J (70) = 90, so NS make 700 + 55 - 90 = 665.
    # East and West keep 6 7 8 9 10 J Q K A 6 7 each: 5+5+10+10+10+10+10+10+20+5+5 = 100, so EW make -200.
    ew_hand = m("6 7 8 9 10 J Q K A 6 7")
    deal = {"sides": [
        {"id": "NS", "went_out": True, "concealed": True, "melds": [["4"] * 7, ["5"] * 4],
         "hands": [[], m("6 6 7 7 8 8 9 9 10 10 J")]},
        {"id": "EW", "melds": [], "hands": [ew_hand, ew_hand]}]}
    ans = C(api, "score", {"sides": SIDES, "deal": deal, "state": {"scores": {"NS": 3000, "EW": 0}}})
    assert totals(ans) == {"NS": (700, -35, 665, 3665), "EW": (0, -200, -200, -200)}
    ans = check(api, body["hand"], body["action"], scores=body["scores"],
                options={"concealed_waives_minimum": False})
    assert ruling(ans) == (False, "canasta/4.1")


def test_m8_minimum_raised_after_a_withdrawn_short_meld(api):
    # K-K-K (30) + five 5s (25) = 55: enough for 50, not for 60 after one withdrawal (+10, canasta/8.1).
    meld = {"type": "meld", "melds": [m("KH KD KS"), m("5H 5D 5S 5C 5H")]}
    hand = "KH KD KS 5H 5D 5S 5C 5H 9D 10S JC QD"
    assert ruling(check(api, hand, meld)) == (True, None)
    ans = check(api, hand, meld, minimum_raised=10)
    assert ruling(ans) == (False, "canasta/4.1") and ans["facts"]["minimum"] == 60


def test_m9_red_threes_do_not_count_toward_the_minimum(api):
    ans = check(api, fill("8H 8D 8S 9D 10S", 12), {"type": "meld", "melds": [m("8H 8D 8S")]},
                red_threes={"NS": ["3H"]})
    assert ruling(ans) == (False, "canasta/4.1")   # 30 < 50; the red three adds nothing


# ---------------------------------------------------------------- taking the pile (canasta.md §3.3)

MELDED = {"NS": [m("AH AD AS")]}
FROZEN = {"top": "9H", "size": 7, "frozen_by": "wild"}


@pytest.mark.parametrize("name,hand,cards,kw,expect", [
    ("L1", "9D JK 5C 6D", ["9D", "JK"], {"pile": FROZEN, "melds": MELDED}, (False, "canasta/5.1")),
    ("L2", "9D 9S 5C 6D", ["9D", "9S"], {"pile": FROZEN, "melds": MELDED}, (True, None)),
    ("L3", "QD JK 5C 6D", ["QD", "JK"], {"pile": {"top": "QH", "size": 4}, "melds": MELDED}, (True, None)),
    ("L4", fill("QD JK 5C 6D", 11), ["QD", "JK"], {"pile": {"top": "QH", "size": 4}}, (False, "canasta/5.1")),
    ("L6", "2D 2S 5C 6D", ["2D", "2S"], {"pile": {"top": "2H", "size": 4}, "melds": MELDED}, (False, "canasta/5.2")),
    ("L6j", "JK JK 5C 6D", ["JK", "JK"], {"pile": {"top": "JK", "size": 4}, "melds": MELDED},
     (False, "canasta/5.2")),
    ("L7", "3S 3C 5C 6D", ["3S", "3C"], {"pile": {"top": "3S", "size": 4}, "melds": MELDED},
     (False, "canasta/5.2")),
    ("L9", "5C 6D 7H", [], {"pile": {"top": "QH", "size": 4}, "melds": {"NS": [m("QS QC QD QH")]}}, (True, None)),
    ("L10", "QC 6D 7H", ["QC"], {"pile": {"top": "QH", "size": 4, "frozen_by": "wild"},
                                     "melds": {"NS": [m("QS QC QD")]}}, (False, "canasta/5.1")),
    ("L11", "QC QD 7H", ["QC", "QD"], {"pile": {"top": "QH", "size": 4, "frozen_by": "wild"},
                                           "melds": {"NS": [m("QS QC QD")]}}, (True, None)),
    ("L12", "QC", ["QC"], {"pile": {"top": "QH", "size": 1}, "melds": MELDED}, (False, "canasta/5.3")),
])
def test_l_vectors_taking_the_pile(api, name, hand, cards, kw, expect):
    ans = check(api, hand, {"type": "take_pile", "cards": cards}, phase="draw", **kw)
    assert ruling(ans) == expect, name
    if not expect[0]:
        assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.4", -100)]


def test_l5_unmelded_side_cannot_reach_the_minimum(api):
    # Q-Q with the top Q make 30; nothing else in the hand melds: short of 50.
    ans = check(api, "QD QS 5C 6D 7H 8S 9C 10D JH 4S KC", {"type": "take_pile", "cards": ["QD", "QS"]},
                phase="draw", pile={"top": "QH", "size": 5})
    assert ruling(ans) == (False, "canasta/4.1")


@pytest.mark.parametrize("options,expect", [({}, (True, None)),
                                            ({"black_three_freezes": True}, (False, "canasta/5.1"))])
def test_l8_d1_a_covered_black_three(api, options, expect):
    # The black three lies under the top 9: by default it no longer matters (pagat); one Hoyle line freezes.
    ans = check(api, "9D JK 5C", {"type": "take_pile", "cards": ["9D", "JK"]}, phase="draw",
                pile={"cards": ["7C", "3S", "9H"]}, melds=MELDED, options=options)
    assert ruling(ans) == expect


def test_d18_one_card_pile_with_one_card(api):
    ans = check(api, "QC", {"type": "take_pile", "cards": []}, phase="draw", pile={"top": "QH", "size": 1},
                melds={"NS": [m("QS QD QH")]})
    assert ruling(ans) == (False, "canasta/5.3")


# ---------------------------------------------------------------- melds (canasta/3.1, 2.3)

@pytest.mark.parametrize("meld,legal", [("5H 5D 2C", True), ("5H 2D 2C", False), ("9H 9D 9S 2C 2D JK", True),
                                        ("9H 9D 2C 2D 2S JK", False), ("6H 6D 6S 6C 2C JK JK JK", False)])
def test_l13_l14_d11_wild_card_limits(api, meld, legal):
    hand = meld + " 10S JC"
    ans = check(api, hand, {"type": "meld", "melds": [m(meld)]}, melds=MELDED)
    assert ans["legal"] is legal
    if not legal:   # four wild cards (L14) is illegal whatever OpenCanasta says; an illegal meld costs 100
        assert ruling(ans) == (False, "canasta/3.1")
        assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.2", -100)]


def test_d12_adding_to_a_finished_canasta(api):
    canasta = {"NS": [m("KH KD KS KC KH KD KS")]}
    assert ruling(check(api, "KC 2D 9S 10S", {"type": "meld", "melds": [m("KC 2D")]}, melds=canasta)) == (True, None)
    # a mixed canasta with three wild cards takes no fourth
    mixed = {"NS": [m("KH KD KS KC 2C 2D JK")]}
    ans = check(api, "2S 9S 10S", {"type": "meld", "melds": [{"rank": "K", "cards": ["2S"]}]}, melds=mixed)
    assert ruling(ans) == (False, "canasta/3.1")


def test_d13_same_rank_joins_the_side_meld(api):
    # The side has four sevens down; the player lays three more: one meld of seven sevens, a canasta (D13).
    table = {"NS": [m("7C 7H 7D 7S")]}
    ans = check(api, "7H 7D 7S 9S 10S", {"type": "meld", "melds": [m("7H 7D 7S")]}, melds=table)
    assert ruling(ans) == (True, None)
    assert ans["effects"]["canastas"] == 1
    # under same_rank_melds=many (the Samba family) the three sevens open a second meld: 4 + 3, no canasta
    ans = check(api, "7H 7D 7S 9S 10S", {"type": "meld", "melds": [m("7H 7D 7S")]}, melds=table,
                options={"same_rank_melds": "many"})
    assert ruling(ans) == (True, None)
    assert ans["effects"]["canastas"] == 0


@pytest.mark.parametrize("action,expect", [
    ({"type": "meld", "melds": [m("3S 3C 3S")]}, (False, "canasta/2.3")),                       # L16, not out
    ({"type": "go_out", "melds": [m("3S 3C 3S")]}, (True, None)),                               # L16, going out
    ({"type": "go_out", "melds": [m("3S 3C 2D")]}, (False, "canasta/2.3")),                     # L17
])
def test_l16_l17_black_threes(api, action, expect):
    hand = " ".join(action["melds"][0]) + (" 9S 10S" if action["type"] == "meld" else "")
    ans = check(api, hand, action, melds={"NS": [m("KH KD KS KC KH KD KS")]})
    assert ruling(ans) == expect


# ---------------------------------------------------------------- going out and permission

CANASTA = {"NS": [m("KH KD KS KC KH KD KS")]}


def test_l18_going_out_without_a_canasta(api):
    ans = check(api, "5H", {"type": "discard", "card": "5H"}, melds={"NS": [m("KH KD KS")]})
    assert ruling(ans) == (False, "canasta/6.2")
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.6", -100)]


def test_l19_two_black_threes_alone(api):
    ans = check(api, "3S 3C", {"type": "go_out", "melds": [], "card": "3S"}, melds=CANASTA)
    assert ruling(ans) == (False, "canasta/2.3")


def test_l20_two_players_need_two_canastas(api):
    two = [{"id": "A", "players": ["A"]}, {"id": "B", "players": ["B"]}]
    ans = check(api, "5H", {"type": "discard", "card": "5H"}, melds={"A": [m("KH KD KS KC KH KD KS")]},
                variant="two-player", sides=two)
    assert ruling(ans) == (False, "canasta/6.2")


def test_l21_d14_the_answer_binds(api):
    no = check(api, "5H", {"type": "discard", "card": "5H"}, melds=CANASTA, turn={"answer": "no"})
    assert ruling(no) == (False, "canasta/6.3")
    assert [(p["rule"], p["points"]) for p in no["penalties"]] == [("canasta/8.5", -100)]
    # after a yes a player who can go out must (melding Q Q Q and discarding 7C would do it)...
    yes = check(api, "QH QD QS 7C", {"type": "discard", "card": "QH"}, melds=CANASTA, turn={"answer": "yes"})
    assert ruling(yes) == (False, "canasta/6.3")
    # ...and one who cannot plays on and pays 100 (canasta/8.5)
    cannot = check(api, "5H 6D", {"type": "discard", "card": "5H"}, melds=CANASTA, turn={"answer": "yes"})
    assert ruling(cannot) == (True, None)
    assert [(p["rule"], p["points"]) for p in cannot["penalties"]] == [("canasta/8.5", -100)]
    free = check(api, "5H", {"type": "discard", "card": "5H"}, melds=CANASTA)
    assert ruling(free) == (True, None) and free["effects"] == {"went_out": True, "concealed": False}


def test_d14_asking_after_melding(api):
    ans = check(api, "5H 6D", {"type": "ask", "answer": "yes"}, melds=CANASTA, turn={"melded": True})
    assert ruling(ans) == (False, "canasta/6.3")
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.5", -100)]
    assert ruling(check(api, "5H 6D", {"type": "ask", "answer": "yes"}, melds=CANASTA)) == (True, None)


def test_asking_without_a_partner(api):
    three = [{"id": x, "players": [x]} for x in "ABC"]
    hand = "5H 6D 4C 7D 8C 9H 10D JS QC KD AS 5S 6C 7S"      # 13 dealt and the card drawn
    ans = check(api, hand, {"type": "ask", "answer": "yes"}, variant="three-player", sides=three)
    assert ruling(ans) == (False, "canasta/6.3")


def test_l22_laying_off_on_partner_melds_is_not_concealed(api):
    # the partner's 4-4-4 is on the table; the player lays two more fours there while going out
    hand = "QH QD QS QC QH QD QS 4C 4D 5S"
    ans = check(api, hand, {"type": "go_out", "melds": [m("QH QD QS QC QH QD QS"), m("4C 4D")], "card": "5S"},
                melds={"NS": [m("4H 4S 4D")]})
    assert ruling(ans) == (True, None) and ans["effects"] == {"went_out": True, "concealed": False}
    ans = check(api, "QH QD QS QC QH QD QS 5S", {"type": "go_out", "melds": [m("QH QD QS QC QH QD QS")],
                                                 "card": "5S"}, melds={"NS": [m("4H 4S 4D")]})
    assert ans["effects"] == {"went_out": True, "concealed": True}


def test_d5_going_out_with_the_pile_meets_the_minimum(api):
    # D5 (pagat): going out concealed in the turn the pile is taken is allowed, but the initial-meld minimum then
    # applies; from the stock it is waived (concealed_waives_minimum).  NS stand at 3,000, so 120 is needed.
    # From the stock (the example log): seven kings (70) + four queens (40) = 110 < 120, concealed: legal.
    body = concealed_log()
    body["state"] = {"scores": {"NS": 3000, "EW": 0}}
    ans = C(api, "validate", body)
    assert ans["valid"], ans["first_violation"]
    assert totals(ans["final"])["NS"] == (700, -40, 660, 3660)
    # With the pile (top QC) taken by Q-Q: Q-Q-Q (30) + seven kings (70) = 100 < 120: the opening is short.
    take_the_queens_pile(body)
    ans = C(api, "validate", body)
    assert (ans["first_violation"]["rule"], ans["first_violation"]["index"]) == ("canasta/4.1", 2)


# ---------------------------------------------------------------- end of the stock

def test_l23_d9_red_three_as_last_stock_card(api):
    ans = check(api, fill("5H 6D", 11), {"type": "draw", "cards": ["3H"]}, phase="draw", stock=1)
    assert ans["legal"] and ans["effects"]["hand_ends"] == "a red three was the last stock card"
    meld = {"type": "meld", "melds": [m("QH QD QS")]}
    hand = "QH QD QS 5H"
    assert ruling(check(api, hand, meld, melds=CANASTA, stock=0, turn={"last_red_three": True})) == \
        (False, "canasta/6.5")
    assert ruling(check(api, hand, meld, melds=CANASTA, stock=0, turn={"last_red_three": True},
                        options={"red_three_last_card": "meld_then_end"})) == (True, None)
    assert ruling(check(api, hand, {"type": "discard", "card": "5H"}, melds=CANASTA, stock=0,
                        turn={"last_red_three": True}, options={"red_three_last_card": "meld_then_end"})) == \
        (False, "canasta/6.5")


def test_l24_d16_must_take_a_fitting_discard_when_the_stock_is_gone(api):
    ans = check(api, "5H 6D", {"type": "end"}, phase="draw", stock=0, pile={"top": "KC", "size": 3},
                melds=CANASTA)
    assert ruling(ans) == (False, "canasta/6.5")
    assert {"type": "take_pile", "player": "N", "cards": [], "melds": []} in ans["legal_actions"]
    # a discard that fits no meld of the side: the hand ends
    ok = check(api, "5H 6D", {"type": "end"}, phase="draw", stock=0, pile={"top": "QH", "size": 3}, melds=CANASTA)
    assert ruling(ok) == (True, None)
    assert ruling(check(api, "5H 6D", {"type": "draw"}, phase="draw", stock=0, pile={"top": "QH", "size": 3},
                        melds=CANASTA)) == (False, "canasta/6.5")


# ---------------------------------------------------------------- score (canasta/7.1, 2.2, 8.x)

def score_body(**over):
    body = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    body.pop("game")
    body.update(over)
    return body


def totals(ans):
    return {s["id"]: (s["base_score"], s["card_score"], s["hand_score"], s["total_after"]) for s in ans["sides"]}


def test_score_a_four_player_hand(api):
    # NS (N went out): natural K canasta 500 + mixed 9 canasta 300 + 2 red threes 200 + going out 100 = 1100;
    # melded 70 + 120 + 80 + 30 + 15 = 315, South keeps 7 4 5 5 Q J 10 9 = 60 (D17: the partner's hand counts).
    # EW: 1 red three 100; melded 50 + 30 = 80; East keeps JK Q 4 4 5 6 7 = 85, West 5 6 K 10 10 7 4 4 = 55.
    ans = C(api, "score", score_body())
    assert totals(ans) == {"NS": (1100, 255, 1355, 1250 + 1355), "EW": (100, -60, 40, 2310 + 40)}
    assert (ans["game_over"], ans["winner"], ans["target"]) == (False, None, 5000)
    assert {c["rule"] for c in ans["citations"]} >= {"canasta/2.2", "canasta/3.2", "canasta/6.2", "canasta/7.1"}


def test_d3_red_threes_with_a_meld_but_no_canasta(api):
    body = score_body()
    assert totals(C(api, "score", body))["EW"][0] == 100
    body["options"] = {"red_threes_need": "canasta"}
    assert totals(C(api, "score", body))["EW"][0] == -100


def test_d4_s7_four_red_threes_never_melded_is_minus_800(api):
    # EW never melded: 11 cards each in hand, all four red threes: -800 (not the -400 of one engine).
    body = score_body()
    body["deal"]["sides"][0]["red_threes"] = []
    body["deal"]["sides"][1] = {"id": "EW", "red_threes": ["3H", "3H", "3D", "3D"],
                                "hands": [m("4 4 5 5 6 6 7 7 8 8 9"), m("4 4 5 5 6 6 7 7 8 8 9")]}
    body["deal"]["sides"][0]["hands"][1] = ["7"]
    # each EW hand: 4 4 5 5 6 6 7 7 (8 x 5 = 40) and 8 8 9 (30) = 70; both hands 140.
    ans = C(api, "score", body)
    assert totals(ans)["EW"] == (-800, -140, -940, 2310 - 940)


def test_d19_both_past_5000_the_higher_total_wins(api):
    ans = C(api, "score", score_body(state={"scores": {"NS": 3650, "EW": 4970}}))
    # NS 3,650 + 1,355 = 5,005; EW 4,970 + 40 = 5,010
    assert (ans["game_over"], ans["winner"]) == (True, "EW")
    tie = C(api, "score", score_body(state={"scores": {"NS": 3655, "EW": 4970}}))   # 5,010 each
    assert (tie["game_over"], tie["winner"]) == (True, None)


@pytest.mark.parametrize("irr,ew", [
    ({"type": "illegal_meld"}, 40 - 100),
    ({"type": "red_three_not_laid_out"}, 40 - 500),                 # D15
    ({"type": "pile_taken_illegally"}, 40 - 100),
    ({"type": "permission_breach"}, 40 - 100),
    ({"type": "out_without_canasta"}, 40 - 100),
    ({"type": "excess_wild_cards", "count": 1}, 40 - 50),             # IR5: 50 per excess wild card; EW's melds
                                                                      # hold one wild card, so at most one
])
def test_d20_penalties_are_only_subtracted(api, irr, ew):
    body = score_body()
    body["deal"]["irregularities"] = [{**irr, "side": "EW"}]
    ans = C(api, "score", body)
    assert {k: v[2] for k, v in totals(ans).items()} == {"NS": 1355, "EW": ew}   # NS is not credited


def test_six_player_three_sides(api):
    six = [{"id": x, "players": [x + "1", x + "2"]} for x in "ABC"]
    # A went out with two natural canastas (K, Q: 500 each), J x4, 10 x4, 9 x4, five red threes (1,000 on the
    # three-pack scale), going out 100: base 2100; cards 70 + 70 + 40 + 40 + 40 = 260 less A2's 4 (5) = 255.
    # B never melded: one red three -100; each holds 4 4 4 5 5 5 6 6 6 7 7 7 8 = 70: -140.
    # C melded 8 8 8 (30) and 7 7 7 (15); C1 holds A A A 5 5 5 6 6 6 9 (100), C2 4 4 4 4 J J Q K K 2 (90).
    low = m("4 4 4 5 5 5 6 6 6 7 7 7 8")
    deal = {"sides": [
        {"id": "A", "melds": [["K"] * 7, ["Q"] * 7, ["J"] * 4, ["10"] * 4, ["9"] * 4],
         "red_threes": m("3H 3H 3H 3D 3D"), "hands": [[], ["4"]], "went_out": True},
        {"id": "B", "red_threes": ["3D"], "hands": [low, low]},
        {"id": "C", "melds": [["8"] * 3, ["7"] * 3], "hands": [m("A A A 5 5 5 6 6 6 9"), m("4 4 4 4 J J Q K K 2")]}]}
    ans = C(api, "score", {"variant": "six-player", "sides": six, "deal": deal,
                           "state": {"scores": {"A": 5200, "B": 3000, "C": 4000}}})
    assert totals(ans) == {"A": (2100, 255, 2355, 7555), "B": (-100, -140, -240, 2760),
                           "C": (0, 45 - 190, -145, 3855)}
    assert (ans["target"], ans["game_over"], ans["winner"]) == (7500, True, "A")   # three sides play to 7,500


def test_two_player_needs_two_canastas_to_go_out(api):
    two = [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]
    deal = {"sides": [{"id": "A", "melds": [["K"] * 7, ["5"] * 6], "hands": [[]], "went_out": True},
                      {"id": "B", "hands": [m("4 4 6 6 7 7 8 8 9 9 10 10 J J Q Q")]}]}
    ans = C(api, "score", {"variant": "two-player", "sides": two, "deal": deal}, status=422)
    assert ans["errors"][0]["pointer"] == "/deal/sides/0/went_out"   # one canasta (K) only
    deal = {"sides": [{"id": "A", "melds": [["K"] * 7, ["5"] * 7, ["Q"] * 7], "hands": [[]], "went_out": True},
                      {"id": "B", "hands": [m("4 4 6 6 7 7 8 8 9 9 10 10 J J A A")]}]}
    ans = C(api, "score", {"variant": "two-player", "sides": two, "deal": deal})
    # Ann: K and Q natural canastas 1000, 5 x7 natural 500, going out 100; cards 70 + 35 + 70 = 175.
    # Bob never melded: 16 cards 4 4 6 6 7 7 (30) 8 8 9 9 10 10 J J (80) A A (40) = 150.
    assert totals(ans) == {"A": (1600, 175, 1775, 1775), "B": (0, -150, -150, -150)}


# ---------------------------------------------------------------- impossible input (422 naming the field)

@pytest.mark.parametrize("mutate,pointer", [
    (lambda b: b["deal"]["sides"][1]["hands"][0].__setitem__(0, "ZZ"), "/deal/sides/1/hands/0/0"),
    (lambda b: b["deal"]["sides"][0]["melds"][3].append("3H"), "/deal/sides/0/melds/3"),
    (lambda b: b["deal"]["sides"][1]["hands"][1].extend(["5H", "5H", "5H"]), "/deal/sides/1/hands/1/10"),
    (lambda b: b["deal"]["sides"][1]["hands"][1].__delitem__(slice(0, 5)), "/deal/sides/1"),
    (lambda b: b["deal"]["sides"][1]["hands"][0].append("3"), "/deal/sides/1/hands/0/7"),
])
def test_impossible_score_input(api, mutate, pointer):
    body = score_body()
    mutate(body)
    ans = C(api, "score", body, status=422)
    assert ans["errors"][0]["pointer"] == pointer


def test_never_melded_side_holds_exactly_its_deal(api):
    body = score_body()
    body["deal"]["sides"][1] = {"id": "EW", "red_threes": [], "hands": [m("4 4 5 5 6 6 7 7 8 8"),
                                                                        m("4 4 5 5 6 6 7 7 8 8 9 9")]}
    ans = C(api, "score", body, status=422)
    assert ans["errors"][0]["pointer"] == "/deal/sides/1/hands/0"


@pytest.mark.parametrize("pos,pointer", [
    ({"pile": {"top": "3H", "size": 2}}, "/position/pile"),
    ({"pile": {"cards": ["7C", "2D", "9H"], "frozen_by": None}}, "/position/pile/frozen_by"),
    ({"pile": {"top": "9H", "size": 3, "frozen_by": "black_three"}}, "/position/pile/frozen_by"),
    ({"hand": []}, "/position/hand"),
    ({"stock": 120}, "/position/stock"),
    ({"melds": {"XX": [["KH", "KD", "KS"]]}}, "/position/melds/XX"),
])
def test_impossible_positions(api, pos, pointer):
    body = {"sides": SIDES, "position": {"phase": "draw", "hand": ["5H"], "pile": {"top": "8C", "size": 3}},
            "action": {"type": "draw", "player": "N"}}
    body["position"].update(pos)
    ans = C(api, "check", body, status=422)
    assert ans["errors"][0]["pointer"] == pointer


# ---------------------------------------------------------------- validate

def take_the_queens_pile(body):
    """The example log changed so that North goes out in one turn with the pile (top QC): he takes it with Q-Q,
    opening with Q-Q-Q and seven kings, adds QS to his queens and discards 5H."""
    deal = body["log"][0]
    deal["pile"] = ["QC"]
    deal["hands"]["North"] = m("KH KD KS KC KH KD KS QH QD QS 5H")
    body["log"][2:] = [
        {"type": "take_pile", "player": "North", "cards": ["QH", "QD"], "melds": [m("KH KD KS KC KH KD KS")]},
        {"type": "meld", "player": "North", "melds": [["QS"]]},
        {"type": "discard", "player": "North", "card": "5H"}]


def concealed_log():
    body = json.loads((ROOT / "examples/canasta/validate-concealed.json").read_text())
    body.pop("game")
    return body


def test_validate_a_concealed_going_out(api):
    # North draws 5C, melds seven kings (70) and four queens (40) and discards 5C: concealed, 500 + 200.
    # South keeps 4S 5H 6D 7C 8H 9D 10S JD AS AC JK = 20 + 40 + 40 + 50 = 150: NS 700 + 110 - 150 = 660.
    # EW never melded: West's red three -100; East keeps 105 (4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C), West 100 + KC.
    ans = C(api, "validate", concealed_log())
    assert ans["valid"] and ans["events_checked"] == 5
    assert totals(ans["final"]) == {"NS": (700, -40, 660, 660), "EW": (-100, -215, -315, -315)}


def test_validate_red_three_kept_to_the_end(api):
    # West keeps his red three through a turn of his own: he breaks canasta/2.1 when his discard (event 8) ends that
    # turn, and the replay goes on; North goes out, so the three is still in West's hand at the end: 500
    # (canasta/8.3, D15) besides its -100.
    body = concealed_log()
    body["log"] = body["log"][:1] + [
        {"type": "draw", "player": "North", "cards": ["5C"]}, {"type": "discard", "player": "North", "card": "5C"},
        {"type": "draw", "player": "East", "cards": ["7D"]}, {"type": "discard", "player": "East", "card": "7D"},
        {"type": "draw", "player": "South", "cards": ["8S"]}, {"type": "discard", "player": "South", "card": "8S"},
        {"type": "draw", "player": "West", "cards": ["6S"]}, {"type": "discard", "player": "West", "card": "6S"},
        {"type": "draw", "player": "North", "cards": ["6C"]},
        {"type": "go_out", "player": "North", "melds": [m("KH KD KS KC KH KD KS"), m("QH QD QS QC")], "card": "6C"}]
    ans = C(api, "validate", body)
    assert not ans["valid"] and ans["events_checked"] == 11
    assert ans["violations"] == [{
        "index": 8, "event": "discard", "rule": "canasta/2.1", "pointer": "/log/8",
        "message": "West ends his turn with a red three in hand (3H): it is laid out in his turn and replaced from the "
                   "stock",
        "penalty": {"rule": "canasta/8.3", "side": "EW", "points": 0,
                    "note": "laid out in a later turn the red three costs nothing; still in hand at the end of the deal "
                            "it costs the side 500"}}]
    assert ans["first_violation"] == ans["violations"][0]
    # EW: red three -100, penalty -500, hands East 105 + West 100 (without the three) = -805.
    assert totals(ans["final"])["EW"] == (-100, -205, -805, -805)
    assert totals(ans["final"])["NS"] == (700, -40, 660, 660)
    assert [(p["rule"], p["side"], p["points"]) for p in ans["final"]["penalties"]] == [("canasta/8.3", "EW", -500)]


def test_validate_no_penalty_when_the_holder_never_had_a_turn(api):
    body = concealed_log()
    del body["log"][1]                      # West never lays his red three out: North went out first
    ans = C(api, "validate", body)
    assert ans["valid"] and ans["final"]["penalties"] == []
    assert totals(ans["final"])["EW"] == (-100, -205, -305, -305)


def test_validate_stops_at_an_illegal_take(api):
    body = concealed_log()
    body["log"][2] = {"type": "take_pile", "player": "North", "cards": ["KH", "KD"]}   # top 9C: no kings fit it
    ans = C(api, "validate", body)
    assert ans["valid"] is False and ans["final"] is None
    fv = ans["first_violation"]
    assert (fv["index"], fv["rule"], fv["pointer"]) == (2, "canasta/5.2", "/log/2/cards")
    assert fv["penalty"] == {"rule": "canasta/8.4", "side": "NS", "points": -100,
                             "note": "if the pile was taken: the opponents rebuild it and the player draws from "
                                     "the stock"}


def test_validate_deal_problems_are_collected(api):
    body = concealed_log()
    body["log"][0]["hands"]["East"] = body["log"][0]["hands"]["East"][1:]
    body["log"][0]["pile"] = ["2C", "9C"]
    body["log"][0]["hands"]["South"][0] = "2C"   # a third 2C: the pile and East already hold two
    ans = C(api, "validate", body)
    assert [(v["rule"], v["pointer"]) for v in ans["violations"]] == [
        ("canasta/1.5", "/log/0/hands/East"), ("canasta/1.2", "/log/0/pile/0")]


def test_validate_upcard_black_three(api):
    body = concealed_log()
    body["log"][0]["pile"] = ["3S"]
    body["log"][0]["hands"]["South"][0] = "9C"   # (the 9C that was the upcard now sits in South's hand)
    ans = C(api, "validate", body)
    assert (ans["first_violation"]["rule"], ans["first_violation"]["pointer"]) == ("canasta/1.6", "/log/0/pile/0")
    body["options"] = {"black_three_upcard": "leave"}   # L27, D10: pagat leaves it up
    assert C(api, "validate", body)["valid"] is True


def test_validate_ends_mid_deal(api):
    body = concealed_log()
    body["log"] = body["log"][:3]
    ans = C(api, "validate", body)        # in progress, not a violation (issue 19)
    assert (ans["valid"], ans["first_violation"], ans["complete"]) == (True, None, False)


def test_validate_two_deals_carry_the_totals(api):
    body = concealed_log()
    second = {"type": "deal", "dealer": "N", "hands": {
        "E": m("KH KD KS KC KH KD KS QH QD QS QC"), "S": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
        "W": m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK"), "N": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D KC")}, "pile": ["9C"]}
    body["sides"] = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]
    log = body["log"]
    for ev in log:
        for k in ("player", "dealer"):
            if k in ev:
                ev[k] = ev[k][0]
        if "hands" in ev:
            ev["hands"] = {p[0]: h for p, h in ev["hands"].items()}
    log += [second, {"type": "draw", "player": "E", "cards": ["5C"]},
            {"type": "meld", "player": "E", "melds": [m("KH KD KS KC KH KD KS"), m("QH QD QS QC")]},
            {"type": "discard", "player": "E", "card": "5C"}]
    ans = C(api, "validate", body)
    assert ans["valid"], ans["first_violation"]
    # deal 2: EW 700 + 110 - West's 150 = 660 on -315 -> 345; NS never melded: North 110, South 105 -> 660 - 215.
    assert totals(ans["final"]) == {"EW": (700, -40, 660, 345), "NS": (0, -215, -215, 445)}


def test_validate_wrong_dealer(api):
    body = concealed_log()
    body["log"].append(copy.deepcopy(body["log"][0]))      # West deals again: North's turn to deal
    ans = C(api, "validate", body)
    assert (ans["first_violation"]["rule"], ans["first_violation"]["pointer"]) == ("canasta/1.5", "/log/5/dealer")


def test_validate_draw_beyond_the_deck(api):
    body = concealed_log()
    body["log"][2]["cards"] = ["KH"]     # North already holds both KH
    ans = C(api, "validate", body)
    assert (ans["first_violation"]["rule"], ans["first_violation"]["index"]) == ("canasta/1.2", 2)


def test_d5_concealed_going_out_with_the_pile_taken_that_turn(api):
    # North takes the pile (top QC) with Q-Q, opening with Q-Q-Q (30) and seven kings (70) from his hand: 100 >= 50.
    # He adds QS to his queens and discards 5H: out, concealed, though the pile was taken (pagat; canasta/6.4).
    # NS: 500 + 200 and 70 + 40 melded less South's 150 = 660.
    body = concealed_log()
    take_the_queens_pile(body)
    ans = C(api, "validate", body)
    assert ans["valid"], ans["first_violation"]
    assert totals(ans["final"])["NS"] == (700, -40, 660, 660)
    assert any(line["item"] == "going out concealed" for line in ans["final"]["sides"][0]["lines"])


def test_legal_actions_show_a_way_out(api):
    # With a canasta on the table, Q Q Q + the 2 and a 5 on the side's fives empty the hand: going out is listed,
    # and the listed action is itself legal.
    pos = {"melds": {"NS": [["K"] * 7, m("5S 5D 5C")]}}
    ans = check(api, "QH QD QS 5H 2C", {"type": "discard", "card": "2C"}, **pos)
    out = [a for a in ans["legal_actions"] if a["type"] == "go_out"]
    assert out == [{"type": "go_out", "player": "N", "melds": [m("QH QD QS 2C"), {"rank": "5", "cards": ["5H"]}]}]
    act = {k: v for k, v in out[0].items() if k != "player"}
    assert check(api, "QH QD QS 5H 2C", act, **pos)["legal"] is True
    # without a canasta there is no way out
    ans = check(api, "QH QD QS 5H 2C", {"type": "discard", "card": "2C"}, melds={"NS": [m("5S 5D 5C")]})
    assert not any(a["type"] == "go_out" for a in ans["legal_actions"])


def test_ir6_late_question_then_not_going_out(api):
    # IR6: North draws 5C and melds seven kings (shown cards), then asks "may I go out?": asked late, and since he
    # can go out (Q Q Q Q and discard 5C) he now must, at no cost (canasta/8.5).  He discards QC instead: -100.
    body = concealed_log()
    body["log"][3]["melds"] = [m("KH KD KS KC KH KD KS")]
    body["log"][4:] = [{"type": "ask", "player": "North", "answer": "no"},
                       {"type": "discard", "player": "North", "card": "QC"}]
    ans = C(api, "validate", body)
    assert [(v["index"], v["rule"], v.get("penalty", {}).get("points")) for v in ans["violations"]] == \
        [(4, "canasta/6.3", None), (5, "canasta/6.3", -100)]
    assert ans["violations"][1]["message"] == "the player asked late: the player can go out, so he must"


def test_l15_d11_more_naturals_than_wilds_house_rule(api):
    # L15: 9-9-9-2-2-joker holds as many wild cards as naturals: legal in Classic (D11), illegal under the house
    # rule that the naturals outnumber the wild cards (wild_ratio=fewer); 9-9-9-2-2 passes both.
    meld = {"type": "meld", "melds": [m("9H 9D 9S 2C 2D JK")]}
    hand = "9H 9D 9S 2C 2D JK 5C 7D"
    assert ruling(check(api, hand, meld, melds=CANASTA)) == (True, None)
    ans = check(api, hand, meld, melds=CANASTA, options={"wild_ratio": "fewer"})
    assert ruling(ans) == (False, "canasta/3.1")
    assert ans["violations"][0]["message"] == "meld 1: the natural cards must outnumber the wild cards"
    two = {"type": "meld", "melds": [m("9H 9D 9S 2C 2D")]}
    assert ruling(check(api, hand, two, melds=CANASTA, options={"wild_ratio": "fewer"})) == (True, None)
