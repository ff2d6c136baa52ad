"""The seed rule sets as variants: Canasta Palace and its custom rules, traditional, classic-12, popular Russian and
the five-player form (seed-systems.md CP-0…CP-11, CN-T, CN-C12, CN-RU, CN-5; canasta.md §2.11, §2.12, §3.5).

Each worked hand is computed by hand in its comment (card values: joker 50, ace and 2 20, K to 8 10, 7 to 4 and
black threes 5).
"""
import pytest

from referee.canasta.deal import DealState, Layout, Pile
from referee.canasta.melds import canasta_bonus, opening_minimum, red_three_points
from referee.canasta.options import VARIANTS
from referee.canasta.scoring import score_side
from referee.cards import parse_card
from tests.canasta_helpers import S4, C, m

TWO = [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]
FIVE = [{"id": "T", "players": ["T1", "T2", "T3"]}, {"id": "P", "players": ["P1", "P2"]}]


def cards(s):
    """Cards from text; a bare rank is given a spade (suits do not matter to these scores)."""
    return [parse_card(c) if c == "JK" or (len(c) > 1 and c[-1] in "SHDC") else parse_card(c + "S")
            for c in s.split()]


def totals(ans):
    return {s["id"]: (s["base_score"], s["card_score"], s["hand_score"]) for s in ans["sides"]}


def opts(variant, **over):
    """The effective options of ``variant`` with ``over`` requested (implied values and checks applied)."""
    return VARIANTS[variant].resolve(over)


def lines(ans, side):
    return [(x["item"], x["points"]) for x in next(s for s in ans["sides"] if s["id"] == side)["lines"]]


# ---------------------------------------------------------------- Canasta Palace (CP-0 … CP-11)

def palace_wild_deal():
    return {"sides": [
        {"id": "NS", "melds": [["K"] * 7, ["JK", "JK", "JK", "JK", "2", "2", "2"]], "went_out": True,
         "hands": [[], m("4 5 6 7 8 9 10 J")]},
        {"id": "EW", "melds": [["Q"] * 3, ["2", "2", "2", "2", "2", "JK", "JK"]],
         "hands": [m("4 5 6 7 8 9"), m("4 5 6 7 8 9")]}]}


WILD_TOUGH = {"wild_melds": "palace", "tough_end": True, "jokers_per_pack": 3}


def test_palace_wild_canasta_with_tough_end(api):
    # NS: natural kings 500, big wild canasta (4 jokers > 3 twos) 2,000, going out 100 = 2,600; cards 70 + 200 + 60
    # = 330 less South's 60 = 270: 2,870.  EW's small wild canasta (5 twos > 2 jokers) is void under Tough End
    # because EW did not go out (CP2); EW cards 30 + 100 + 100 = 230 less 40 + 40 = 150.
    ans = C(api, "score", {"variant": "palace", "options": WILD_TOUGH, "sides": S4, "deal": palace_wild_deal()})
    assert totals(ans) == {"NS": (2600, 270, 2870), "EW": (0, 150, 150)}
    assert ("small wild canasta: void, the side did not go out", 0) in lines(ans, "EW")
    # without Tough End the small wild canasta counts 1,000
    ans = C(api, "score", {"variant": "palace", "options": {"wild_melds": "palace", "jokers_per_pack": 3},
                           "sides": S4, "deal": palace_wild_deal()})
    assert totals(ans)["EW"] == (1000, 150, 1150)


def test_cp1_wild_canasta_bonuses():
    o = opts("palace", wild_melds="palace", jokers_per_pack=3)
    assert canasta_bonus("wild", cards("JK JK JK JK 2 2 2"), o) == ("big wild canasta", 2000)
    assert canasta_bonus("wild", cards("JK JK JK 2 2 2 2"), o) == ("small wild canasta", 1000)
    unfinished = score_side([cards("JK 2 2 2 2")], [], o)       # five wild cards at the count: -1,000 and 130 in cards
    assert (unfinished.base, unfinished.cards) == (-1000, 130)


def test_cp3_tough_end_needs_two_canastas_or_a_natural_one(api):
    body = {"variant": "palace", "options": {"tough_end": True}, "sides": S4,
            "position": {"phase": "play", "hand": ["5H"], "melds": {"NS": [["K", "K", "K", "K", "K", "2", "JK"]]},
                         "pile": {"top": "8C", "size": 3}},
            "action": {"type": "discard", "player": "North", "card": "5H"}}
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/6.2")
    assert "two canastas or a natural one" in ans["violations"][0]["message"]
    body["position"]["melds"]["NS"] = [["K"] * 7]                 # a natural canasta is enough
    assert C(api, "check", body)["legal"] is True


def test_cp4_black_threes_left_in_hand(api):
    # Black threes custom rule: 100 each instead of their 5 (standard: the two would cost 10 in cards).
    deal = {"sides": [
        {"id": "NS", "melds": [["K"] * 7, m("9 9 9 9")], "went_out": True, "hands": [[], m("4 5 6 7 8 10 J 4 5 6 7")]},
        {"id": "EW", "hands": [m("3S 3C 5 6 7 8 9 10 J Q A"), m("4 5 6 7 8 9 10 J Q A A")]}]}
    std = C(api, "score", {"variant": "palace", "sides": S4, "deal": deal})
    cp11 = C(api, "score", {"variant": "palace", "options": {"black_three_in_hand": "minus_100"}, "sides": S4,
                            "deal": deal})
    # EW never melded: East holds 3S 3C (5 + 5) and 5 6 7 8 9 10 J Q A (15 + 50 + 20 = 85); West 4 5 6 7 (20),
    # 8 9 10 J Q (50), A A (40) = 110.  Standard: -(95 + 110) = -205.  Custom: -200 for the threes, -(85 + 110).
    assert totals(std)["EW"] == (0, -205, -205)
    assert totals(cp11)["EW"] == (-200, -195, -395)


def test_cp5_tougher_first_meld():
    assert [opening_minimum(s, opts("palace", opening_table="tougher")) for s in (-5, 0, 1600, 3000)] == \
        [50, 90, 120, 150]


def test_cp6_sequences_score_1500_and_going_out_200(api):
    # Palace for two with sequences (15 cards each).  Ann went out concealed: sequence canasta 4H-10H 1,500,
    # natural kings 500, going out 200 with no concealed bonus = 2,200; cards 20 + 30 (the run) + 70 + 30 = 150.
    # Bob never melded: 4 4 5 5 6 6 7 7 (40), 8 8 9 9 J J (60), A (20) = 120.
    deal = {"sides": [
        {"id": "A", "melds": [m("4H 5H 6H 7H 8H 9H 10H"), ["K"] * 7, m("Q Q Q")], "hands": [[]], "went_out": True,
         "concealed": True},
        {"id": "B", "hands": [m("4 4 5 5 6 6 7 7 8 8 9 9 J J A")]}]}
    ans = C(api, "score", {"variant": "palace", "options": {"sequences": True}, "sides": TWO, "deal": deal})
    assert totals(ans) == {"A": (2200, 150, 2350), "B": (0, -120, -120)}
    assert ("sequence canasta in H", 1500) in lines(ans, "A") and ("going out", 200) in lines(ans, "A")


def test_palace_sequence_meld_legality(api):
    body = {"variant": "palace", "options": {"sequences": True}, "sides": TWO,
            "position": {"phase": "play", "hand": m("5H 6H 7H 8D 9D 10D 2C JS QS KS 4C 4D 5S 6S 7S 8S 9S"),
                         "melds": {"A": [["K"] * 3]}, "pile": {"top": "8C", "size": 3}},
            "action": {"type": "meld", "player": "Ann", "melds": [m("5H 6H 7H")]}}
    assert C(api, "check", body)["legal"] is True
    body["action"]["melds"] = [m("5H 6H 7H 2C")]                   # no wild card in a sequence
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/3.4")
    body["action"]["melds"] = [m("8D 9D 10D JS")]                  # one suit only
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/3.4"


def test_palace_strict_wild_cards(api):
    body = {"variant": "palace", "options": {"strict_wild_cards": True}, "sides": S4,
            "position": {"phase": "play", "hand": m("9H 9D 9S 2C JK 5H 6D"), "melds": {"NS": [["K"] * 7]},
                         "pile": {"top": "8C", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [m("9H 9D 2C JK")]}}
    # after the opening a meld takes wild cards only once it holds five naturals: two nines and two wild cards are
    # refused for that (within the cap of two, which test_canasta_issue18 checks at its boundary), and so are three
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/3.1")
    assert "five natural cards" in ans["violations"][0]["message"]
    body["action"]["melds"] = [m("9H 9D 9S 2C")]
    ans = C(api, "check", body)
    assert "five natural cards" in ans["violations"][0]["message"]
    body["action"]["melds"] = [{"rank": "K", "cards": ["2C"]}]        # no wild card onto a canasta
    assert "added to a canasta" in C(api, "check", body)["violations"][0]["message"]


def test_palace_round_limit(api):
    deal = palace_wild_deal()
    body = {"variant": "palace", "options": {**WILD_TOUGH, "max_rounds": 3}, "sides": S4, "deal": deal,
            "state": {"scores": {"NS": 100, "EW": 900}, "rounds": 2}}
    ans = C(api, "score", body)
    # the third deal is the last: NS 100 + 2,870 = 2,970 against EW 900 + 150 = 1,050
    assert (ans["game_over"], ans["winner"], ans["rounds_played"]) == (True, "NS", 3)
    body["state"]["rounds"] = 3
    assert C(api, "score", body, 422)["errors"][0]["pointer"] == "/state/rounds"


def test_palace_two_players_deal_fifteen(api):
    body = {"variant": "palace", "sides": TWO,
            "position": {"hand": m("4C 5S 6H 7D 8C 9H 10D JS QC KD AS 4D 5H 6C 7S"), "pile": {"top": "8D", "size": 3}},
            "action": {"type": "draw", "player": "Ann"}}
    assert C(api, "check", body)["legal"] is True
    body["position"]["hand"] = body["position"]["hand"][:11]
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/position/hand"


def test_palace_black_three_may_stay_up(api):
    log = [{"type": "deal", "dealer": "West", "pile": ["3S"], "hands": {
        "North": m("KH KD KS KC KH KD KS QH QD QS QC"), "East": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
        "South": m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK"), "West": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 9C")}},
        {"type": "draw", "player": "North", "cards": ["5C"]},
        {"type": "meld", "player": "North", "melds": [m("KH KD KS KC KH KD KS"), m("QH QD QS QC")]},
        {"type": "discard", "player": "North", "card": "5C"}]
    ans = C(api, "validate", {"variant": "palace", "sides": S4, "log": log})
    assert ans["valid"] is True                                       # CP-0 leaves a black three as the upcard
    assert C(api, "validate", {"variant": "classic", "sides": S4, "log": log})["first_violation"]["rule"] == \
        "canasta/1.6"


# ---------------------------------------------------------------- popular Russian canasta (CN-RU, §2.12)

RU = "russian-popular"


def ru_deal():
    return {"sides": [
        {"id": "NS", "melds": [["2"] * 7, ["Q"] * 7, ["A"] * 4], "red_threes": ["3H", "3D"], "went_out": True,
         "hands": [[], m("4 5 6 7 8 9 10 J")]},
        {"id": "EW", "melds": [["K"] * 5 + ["JK"], m("9 9 9")], "red_threes": ["3H"],
         "hands": [m("4 4 5 5 6 6 7 10"), m("4 5 6 7 8 9 10 J Q")]}]}


def test_ru_golden_canasta_hand(api):
    # NS: golden canasta (seven 2s) 1,000, clean queens 600, two red threes with a canasta 2 x 105 = 210, going out
    # 200: 2,010.  Cards 140 + 70 + 80 = 290 less South's 60 = 230: 2,240.
    # EW: no canasta, so its red three is -105; cards 50 + 50 (K x5, JK) + 30 = 130 less 45 and 70 = 15: -90.
    ans = C(api, "score", {"variant": RU, "sides": S4, "deal": ru_deal()})
    assert totals(ans) == {"NS": (2010, 230, 2240), "EW": (-105, 15, -90)}
    assert ("golden canasta", 1000) in lines(ans, "NS") and ans["target"] == 10000


def test_ru3_bonuses():
    o = opts(RU)
    assert canasta_bonus("group", cards("Q Q Q Q Q Q Q"), o) == ("natural canasta", 600)
    assert canasta_bonus("group", cards("Q Q Q Q Q 2 JK"), o) == ("mixed canasta", 300)
    assert canasta_bonus("wild", cards("2 2 2 2 2 2 2"), o) == ("golden canasta", 1000)
    assert canasta_bonus("wild", cards("JK JK JK JK 2 2 2"), o) == ("diamond canasta", 2000)


def test_ru3_golden_and_diamond_never_in_one_deal(api):
    # RU3: the golden canasta takes seven 2s and the diamond three more; two packs hold eight 2s, so a deal showing
    # both is impossible: 422 at the ninth 2 (the second 2 of the diamond canasta, the first being the eighth).
    deal = ru_deal()
    deal["sides"][1]["melds"][0] = ["K"] * 6          # EW's joker goes: the diamond needs all four of them
    deal["sides"][1]["melds"].append(m("JK JK JK JK 2 2 2"))
    err = C(api, "score", {"variant": RU, "sides": S4, "deal": deal}, 422)["errors"][0]
    assert err["pointer"] == "/deal/sides/1/melds/2/5"


@pytest.mark.parametrize("n,plus,one_player,points", [(3, True, False, 315), (3, False, False, -315),
                                                       (4, True, True, 840), (4, False, True, -840),
                                                       (4, True, False, 420)])
def test_ru1_ru2_red_threes(n, plus, one_player, points):
    assert red_three_points(n, plus, opts(RU), one_player) == points


def test_ru4_four_black_threes(api):
    # North goes out laying 3S 3C 3S 3C (4 x 5 = 20) with the side's canasta: 1,000 instead of 200.  West holds
    # the other... (two packs hold four black threes): here East holds none; West's two would cost 2 x 105.
    deal = ru_deal()
    deal["sides"][0]["melds"].append(m("3S 3C 3S 3C"))
    deal["sides"][1]["hands"][1] = m("4 5 6 7 8 9 10 J Q")
    ans = C(api, "score", {"variant": RU, "sides": S4, "deal": deal})
    assert ("going out with four black threes", 1000) in lines(ans, "NS")
    assert totals(ans)["NS"] == (2810, 250, 3060)       # 2,010 - 200 + 1,000; cards 230 + 20
    # the other way round: East holds all four black threes when North goes out: 2 x (4 x 105) = -840
    deal = ru_deal()
    deal["sides"][1]["hands"][0] = m("3S 3C 3S 3C 4 4 5 5")
    ans = C(api, "score", {"variant": RU, "sides": S4, "deal": deal})
    assert ("4 black threes left in hand", -840) in lines(ans, "EW")


@pytest.mark.parametrize("score,legal", [(0, True), (4000, False)])
def test_ru5_red_three_counts_five_toward_the_opening(api, score, legal):
    # 7-7-7 (15) + 8-8-8 (30) + a red three on the table (5) = 50: enough at 0, not at 4,000 (needs 120).
    body = {"variant": RU, "sides": S4, "state": {"scores": {"NS": score, "EW": 0}},
            "position": {"phase": "play", "hand": m("7H 7D 7S 8H 8D 8S 4C 5S 6H 9D 10C JH QS KD"),
                         "red_threes": {"NS": ["3H"]}, "pile": {"top": "4D", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [m("7H 7D 7S"), m("8H 8D 8S")]}}
    ans = C(api, "check", body)
    assert ans["legal"] is legal


def test_ru_pile_only_after_opening(api):
    body = {"variant": RU, "sides": S4,
            "position": {"hand": m("QD QS 5C 6D 7H 8S 9C 10D JH 4S KC AD AS"), "pile": {"top": "QH", "size": 5}},
            "action": {"type": "take_pile", "player": "North", "cards": ["QD", "QS"], "melds": [m("AD AS KC")]}}
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/5.2")


def test_ru_joker_blocks_for_one_round():
    # North (side opened) discards a 2: the pile is frozen; the block lapses when North's next turn ends without
    # his taking the pile (one_round), whereas officially it stays until the pile is taken.
    for block, frozen_after in (("one_round", False), ("until_taken", True)):
        o = opts(RU, wild_block=block)
        layout = Layout.of(S4)
        hands = {p: cards("4 5 6 7 8 9 10 J Q K A 4 5") for p in layout.seats}
        hands["North"] = cards("2 5 6")
        st = DealState(layout, o, {"NS": 0, "EW": 0}, 40, Pile(parse_card("8C"), 3), "North", hands)
        st.melds["NS"] = {"K": cards("K K K")}
        st.apply_draw("North", [parse_card("9H")])
        st.apply_discard("North", parse_card("2S"))
        assert st.pile.frozen_by == "wild"
        for p, c in (("East", "4H"), ("South", "5H"), ("West", "6H")):
            st.apply_draw(p, [parse_card(c)])
            st.apply_discard(p, parse_card(c))
        st.apply_draw("North", [parse_card("7H")])
        st.apply_discard("North", parse_card("7H"))
        assert (st.pile.frozen_by == "wild") is frozen_after


# ---------------------------------------------------------------- traditional (CN-T)

def test_traditional_double_ending_and_black_threes(api):
    # NS went out and South laid his whole hand too: natural K and Q canastas 1,000, red three with a canasta 100,
    # going out 100, double ending 100 = 1,300; cards 70 + 70 + 40 + 40 = 220.
    # EW never melded: East's two black threes cost 100 each; his other cards 4 4 5 5 6 6 7 7 (40) and 8 (10);
    # West 4 5 6 7 (20), 8 9 9 (30), A A (40), 2 (20), JK (50) = 160.
    deal = {"sides": [
        {"id": "NS", "melds": [["K"] * 7, ["Q"] * 7, ["J"] * 4, ["10"] * 4], "red_threes": ["3H"], "went_out": True,
         "double_ending": True, "hands": [[], []]},
        {"id": "EW", "hands": [m("3S 3C 4 4 5 5 6 6 7 7 8"), m("4 5 6 7 8 9 9 A A 2 JK")]}]}
    ans = C(api, "score", {"variant": "traditional", "sides": S4, "deal": deal})
    assert totals(ans) == {"NS": (1300, 220, 1520), "EW": (-200, -210, -410)}
    assert ("double ending", 100) in lines(ans, "NS")


def test_traditional_red_threes_need_a_canasta(api):
    deal = {"sides": [
        {"id": "NS", "melds": [["K"] * 7, m("9 9 9 9")], "went_out": True, "hands": [[], m("4 5 6 7 8 10 J 4 5 6 7")]},
        {"id": "EW", "melds": [m("Q Q Q")], "red_threes": ["3H", "3D"],
         "hands": [m("5 6 7 8 9 10 J A 4 5"), m("4 5 6 7 8 9 10 J Q A")]}]}
    assert lines(C(api, "score", {"variant": "traditional", "sides": S4, "deal": deal}), "EW")[0] == \
        ("2 red threes, the side has no canasta", -200)
    assert lines(C(api, "score", {"variant": "classic", "sides": S4, "deal": deal}), "EW")[0] == ("2 red threes", 200)


@pytest.mark.parametrize("meld,legal", [([m("AH AD AS AC 2C JK")], False), ([m("4H 4D 4S 4C 4H 4D 4S")], True)])
def test_traditional_canasta_opening_from_5000(api, meld, legal):
    # In the game to 7,500 a side at 5,000 or more opens with a canasta whatever its count: 130 in aces and wild
    # cards is refused, seven fours (35) is accepted (here without the seed's top-card condition, tested below).
    hand = [c for g in meld for c in g] + m("9D 10C JH QS KD 5H")
    hand = hand[:12] if len(hand) >= 12 else hand + m("8C 6S 7D")[:12 - len(hand)]
    body = {"variant": "traditional", "options": {"target": 7500, "opening_canasta_from": 5000,
                                                  "opening_canasta_with_top_card": False}, "sides": S4,
            "state": {"scores": {"NS": 5200, "EW": 0}},
            "position": {"phase": "play", "hand": hand, "pile": {"top": "8D", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": meld}}
    ans = C(api, "check", body)
    assert ans["legal"] is legal
    if not legal:
        assert "opens with a canasta" in ans["violations"][0]["message"]


def test_traditional_opening_canasta_is_made_with_the_top_card(api):
    # Found by probing: the seed's 7,500 game has the opening canasta made by one player with the pile's top card.
    # Seven fours melded from the hand after a draw are refused (target 7500 alone implies the canasta opening).
    hand = m("4H 4C 4D 4S 4H 4C 4D 5C 6D 7H 8S 9D")
    body = {"variant": "traditional", "options": {"target": 7500}, "sides": S4, "state": {"scores": {"NS": 5200, "EW": 0}},
            "position": {"phase": "play", "hand": hand, "pile": {"top": "9C", "size": 5, "frozen_by": None},
                         "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [hand[:7]]}}
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/4.1")
    assert "top card" in ans["violations"][0]["message"]
    assert ans["facts"]["opening_canasta"] == "canasta" and ans["facts"]["minimum"] is None
    # Six fours shown with the top 4S make the canasta (35 points, no count needed): legal.
    body["position"] = {"phase": "draw", "hand": hand[:6] + m("5C 6D 7H 8S 9D"),
                        "pile": {"top": "4S", "size": 5, "frozen_by": None}, "stock": 40}
    body["action"] = {"type": "take_pile", "player": "North", "cards": hand[:6]}
    assert C(api, "check", body)["legal"] is True
    # ... but three fours with the top card are no canasta.
    body["action"] = {"type": "take_pile", "player": "North", "cards": hand[:2]}
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/4.1")


def test_traditional_seven_joker_canasta(api):
    o = opts("traditional", wild_melds="seven_jokers")
    assert canasta_bonus("wild", cards("JK JK JK JK 2 2 2"), o) == ("seven-joker canasta", 1000)
    body = {"variant": "traditional", "options": {"wild_melds": "seven_jokers"}, "sides": S4,
            "position": {"phase": "play", "hand": m("JK JK JK 2 2 2 2 5H 6D"), "melds": {"NS": [["K"] * 3]},
                         "pile": {"top": "8D", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [m("JK JK JK 2 2 2 2")]}}
    assert C(api, "check", body)["legal"] is True
    body["action"]["melds"] = [m("JK JK JK 2")]                       # never built up from fewer
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/3.3"


def test_traditional_own_canasta_blocks_the_pile(api):
    body = {"variant": "traditional", "options": {"own_canasta_blocks_pile": True}, "sides": S4,
            "position": {"hand": m("KC KD 5C 6D"), "melds": {"NS": [["K"] * 7]}, "pile": {"top": "K", "size": 4}},
            "action": {"type": "take_pile", "player": "North", "cards": ["KC", "KD"]}}
    ans = C(api, "check", body, 422)   # nine kings: impossible; with a different layout below
    assert ans["errors"]
    body["position"]["hand"] = m("5C 6D 7H")
    body["action"]["cards"] = []
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/5.2")


# ---------------------------------------------------------------- classic-12 (CN-C12)

def test_classic12_red_threes_follow_the_deal(api):
    # 12 cards each: each side shows at least 24.  NS went out; EW melded but lost the deal: its red threes count
    # minus although it melded.
    deal = {"sides": [
        {"id": "NS", "melds": [["K"] * 7, m("9 9 9 9")], "red_threes": ["3H"], "went_out": True,
         "hands": [[], m("4 5 6 7 8 10 J 4 5 6 7 8 10")]},
        {"id": "EW", "melds": [m("Q Q Q")], "red_threes": ["3D"],
         "hands": [m("5 6 7 8 9 10 J A 4 5 6"), m("4 5 6 7 8 9 10 J Q A")]}]}
    ans = C(api, "score", {"variant": "classic-12", "sides": S4, "deal": deal})
    assert lines(ans, "NS")[1] == ("1 red three", 100)
    assert lines(ans, "EW")[0] == ("1 red three, the side did not win the deal", -100)


def test_classic12_a_canasta_opens_at_any_count(api):
    body = {"variant": "classic-12", "sides": S4,
            "position": {"phase": "play", "hand": m("4H 4D 4S 4C 4H 4D 4S 9D 10C JH QS KD 5H"),
                         "pile": {"top": "8D", "size": 3, "frozen_by": "start"}},
            "action": {"type": "meld", "player": "North", "melds": [m("4H 4D 4S 4C 4H 4D 4S")]}}
    assert C(api, "check", body)["legal"] is True                     # 35 < 50, but a canasta
    assert C(api, "check", {**body, "variant": "classic", "position": {**body["position"], "hand": body["position"][
        "hand"][:12], "pile": {"top": "8D", "size": 3}}})["legal"] is False


def test_classic12_game_to_7000(api):
    body = {"variant": "classic-12", "options": {"target": 7000, "opening_table": "seven_thousand"}, "sides": S4,
            "state": {"scores": {"NS": 1600, "EW": 0}},
            "position": {"hand": m("4C 5S 6H 7D 8C 9H 10D JS QC KD AS 4D"), "pile": {"top": "8D", "size": 3}},
            "action": {"type": "draw", "player": "North"}}
    assert C(api, "check", body)["facts"]["minimum"] == 70


# ---------------------------------------------------------------- five players (CN-5)

def five_deal():
    return {"sitting_out": "T2", "sides": [
        {"id": "T", "melds": [["K"] * 7, m("9 9 9 9")], "went_out": True, "hands": [[], m("4 5 6 7 8 10 J 4 5 6 7")]},
        {"id": "P", "melds": [m("Q Q Q")], "hands": [m("5 6 7 8 9 10 J A 4 5"), m("4 5 6 7 8 9 10 J Q A")]}]}


def test_five_players_score_the_four_who_played(api):
    # T1 went out (T2 sat out): natural kings 500 + going out 100; cards 70 + 40 less T3's 4 5 6 7 (20), 8 10 J
    # (30), 4 5 6 7 (20) = 70: 40.  P: Q Q Q 30 less 5 6 7 8 9 10 J A 4 5 (85) and 4 5 6 7 8 9 10 J Q A (90): -145.
    ans = C(api, "score", {"variant": "five-player", "sides": FIVE, "deal": five_deal()})
    assert totals(ans) == {"T": (600, 40, 640), "P": (0, -145, -145)}
    deal = five_deal()
    del deal["sitting_out"]
    assert C(api, "score", {"variant": "five-player", "sides": FIVE, "deal": deal}, 422)["errors"][0]["pointer"] == \
        "/deal/sitting_out"


def test_five_players_sit_out_in_turn(api):
    import sys
    sys.path.insert(0, "tests")
    from canasta_sim import random_canasta_log
    sides, log1, _ = random_canasta_log(3, "five-player")                    # T1 sits out
    second = random_canasta_log(4, "five-player", sitter="T3")[1]            # T2's turn to sit out, not T3's
    ans = C(api, "validate", {"variant": "five-player", "sides": sides, "log": log1 + second})
    rules = [(v["rule"], v["pointer"]) for v in ans["violations"]]
    assert ("canasta/1.1", f"/log/{len(log1)}/sitting_out") in rules


# ---------------------------------------------------------------- option combinations the sources forbid

@pytest.mark.parametrize("variant,options,name", [
    ("classic", {"red_three_scale": "six_1200"}, "red_three_scale"),
    ("six-player", {"red_three_scale": "four_800"}, "red_three_scale"),
    ("classic-12", {"opening_table": "seven_thousand"}, "opening_table"),
    ("traditional", {"opening_canasta_from": 5000}, "opening_canasta_from"),
    ("palace", {"tough_end": True, "canastas_to_go_out": 2}, "tough_end"),
])
def test_forbidden_combinations(api, variant, options, name):
    body = {"variant": variant, "options": options, "sides": S4, "deal": {"sides": [{"id": "NS", "hands": [[]]}]}}
    ans = C(api, "score", body, 422)
    assert [e["pointer"] for e in ans["errors"]] == [f"/options/{name}"]


def test_variants_list_each_option_with_its_rule(client):
    for variant in ("palace", "traditional", "classic-12", "russian-popular", "five-player"):
        v = client.get(f"/v1/games/canasta/variants/{variant}").get_json()
        assert v["id"] == variant and all(o["rule"].startswith("canasta/") for o in v["options"])
    palace = {o["name"]: o["default"] for o in client.get("/v1/games/canasta/variants/palace").get_json()["options"]}
    assert (palace["deal_size"], palace["black_three_upcard"], palace["red_three_scale"]) == \
        (None, "leave", "all_plus_400")


# ---------------------------------------------------------------- faults found by black-box probing, kept

def check_body(variant, position, action, options=None, sides=S4, state=None):
    body = {"variant": variant, "sides": sides, "position": position, "action": action}
    if options:
        body["options"] = options
    if state:
        body["state"] = state
    return body


def test_laying_off_on_a_sequence_and_on_the_wild_meld(api):
    pos = {"phase": "play", "hand": m("8H 9S 5S 6S 7S 8S 9D 10S JH QH KS AS"),
           "melds": {"NS": [m("4H 5H 6H 7H"), m("KH KD KC")], "EW": [m("AH AD AC")]},
           "pile": {"top": "8D", "size": 5}, "stock": 40}
    ans = C(api, "check", check_body("palace", pos, {"type": "meld", "player": "North",
                                                     "melds": [{"rank": "5H", "cards": ["8H"]}]}, {"sequences": True}))
    assert ans["legal"] is True
    pos = {"phase": "play", "hand": m("JK 5S 6S"), "melds": {"NS": [m("KH KD KC"), m("2C 2D JK")]},
           "pile": {"top": "8D", "size": 5}}
    ans = C(api, "check", check_body("palace", pos, {"type": "meld", "player": "North",
                                                     "melds": [{"rank": "wild", "cards": ["JK"]}]},
                                     {"wild_melds": "palace"}))
    assert ans["legal"] is True


def test_palace_concealed_needs_a_side_without_melds(api):
    pos = {"phase": "play", "hand": m("KH KD KC KS KH KD KC 5H"), "melds": {"NS": [m("QH QD QC")]},
           "pile": {"top": "8D", "size": 5}}
    act = {"type": "go_out", "player": "North", "melds": [m("KH KD KC KS KH KD KC")], "card": "5H"}
    assert C(api, "check", check_body("palace", pos, act))["effects"]["concealed"] is False
    assert C(api, "check", check_body("classic", pos, act))["effects"]["concealed"] is True


def test_russian_black_threes_only_all_four_and_a_discard(api):
    pos = {"phase": "play", "hand": m("3S 3S 3C 5H"), "melds": {"NS": [["K"] * 7]}, "pile": {"top": "8D", "size": 5}}
    act = {"type": "go_out", "player": "North", "melds": [m("3S 3S 3C")], "card": "5H"}
    assert C(api, "check", check_body(RU, pos, act))["violations"][0]["rule"] == "canasta/2.3"
    pos["hand"] = m("3S 3S 3C 3C")
    act = {"type": "go_out", "player": "North", "melds": [m("3S 3S 3C 3C")]}
    assert C(api, "check", check_body(RU, pos, act))["violations"][0]["rule"] == "canasta/6.2"   # no discard
    deal = ru_deal()
    deal["sides"][0]["melds"].append(m("3S 3S 3C"))
    assert C(api, "score", {"variant": RU, "sides": S4, "deal": deal}, 422)["errors"][0]["pointer"] == \
        "/deal/sides/0/melds/3"


@pytest.mark.parametrize("options,name", [({"sequences": True, "going_out_bonus": 100}, "going_out_bonus"),
                                          ({"sequences": True, "concealed_bonus": 100}, "concealed_bonus"),
                                          ({"sequences": True, "deal_size": 11}, "deal_size"),
                                          ({"opening_table": "tougher", "negative_minimum": 0}, "negative_minimum"),
                                          ({"double_ending": True}, "double_ending")])
def test_overridden_or_meaningless_options_are_refused(api, options, name):
    body = {"variant": "palace", "options": options, "sides": TWO, "deal": {"sides": [{"id": "A", "hands": [[]]}]}}
    assert [e["pointer"] for e in C(api, "score", body, 422)["errors"]] == [f"/options/{name}"]


def test_implied_options_are_echoed(client):
    ans = client.post("/v1/games/canasta/check", json=check_body(
        "palace", {"hand": m("4C 5S 6H 7D 8C 9H 10D JS QC KD AS 4D 5H 6C 7S"), "pile": {"top": "8D", "size": 3}},
        {"type": "draw", "player": "Ann"}, {"sequences": True, "opening_table": "tougher"}, sides=TWO)).get_json()
    o = ans["options"]
    assert (o["going_out_bonus"], o["concealed_bonus"], o["negative_minimum"]) == (200, 0, 50)
    seven = client.post("/v1/games/canasta/check", json=check_body(
        "classic-12", {"hand": m("4C 5S 6H 7D 8C 9H 10D JS QC KD AS 4D"), "pile": {"top": "8D", "size": 3}},
        {"type": "draw", "player": "North"}, {"target": 7000}, state={"scores": {"NS": 3000, "EW": 0}})).get_json()
    assert (seven["options"]["opening_table"], seven["facts"]["minimum"]) == ("seven_thousand", 90)
    trad = client.post("/v1/games/canasta/score", json={"variant": "traditional", "options": {"target": 7500},
                                                        "sides": S4, "deal": {"sides": [{"id": "NS", "hands": [[]]}]}})
    assert trad.status_code == 422      # the deal is incomplete; the options resolved first:
    ok = client.get("/v1/games/canasta/variants/traditional").get_json()
    assert {o["name"]: o["default"] for o in ok["options"]}["opening_canasta_from"] is None


def test_a_finished_game_is_not_scored_on(api):
    body = {"variant": "palace", "sides": S4, "deal": palace_wild_deal(), "state": {"scores": {"NS": 5000, "EW": 0}}}
    assert C(api, "score", body, 422)["errors"][0]["pointer"] == "/state/scores/NS"


def test_draw_two_hand_sizes(api):
    # CP-6 (Draw 2): a player whose side has not melded holds his 11 dealt cards and, in the play phase, the cards
    # just drawn: exactly 12 with one drawn (draw one, discard one), at least 13 with Draw 2 (two drawn and one
    # discarded each turn, so the hand grows by one a turn).
    thirteen = m("4C 5S 6H 7D 8C 9H 10D JS QC KD AS 4D 5H")
    act = {"type": "discard", "player": "North", "card": "QC"}
    pos = {"phase": "play", "hand": thirteen, "pile": {"top": "8D", "size": 3}}
    err = C(api, "check", check_body("palace", pos, act), 422)["errors"][0]
    assert err["pointer"] == "/position/hand" and "(12), not 13" in err["detail"]
    assert C(api, "check", check_body("palace", pos, act, {"draw_count": 2}))["legal"] is True
    pos["hand"] = thirteen[:12]
    assert C(api, "check", check_body("palace", pos, act))["legal"] is True
    err = C(api, "check", check_body("palace", pos, act, {"draw_count": 2}), 422)["errors"][0]
    assert err["pointer"] == "/position/hand" and "(13), not 12" in err["detail"]


def test_russian_lapsed_joker_block_can_be_described(api):
    # a pile described by its top and size, nothing freezing it: a joker's block, if any, has lapsed
    pos = {"hand": m("9S 9H 5C 6D 7H 8S 4C 10D JH QS KD AD 4H"), "melds": {"NS": [m("KH KC KS")]},
           "pile": {"top": "9D", "size": 4, "frozen_by": None}}
    ans = C(api, "check", check_body(RU, pos, {"type": "take_pile", "player": "North", "cards": ["9S", "9H"]}))
    assert ans["legal"] is True and ans["facts"]["frozen_by"] is None
    # its cards say more: South's JK under West's 9D still blocks the pile on North's turn (canasta/5.1), so a
    # frozen_by null given with them disagrees
    pos["pile"] = {"cards": ["5D", "6D", "JK", "9D"], "frozen_by": None}
    ans = C(api, "check", check_body(RU, pos, {"type": "take_pile", "player": "North", "cards": ["9S", "9H"]}), 422)
    assert ans["errors"][0]["pointer"] == "/position/pile/frozen_by"


def test_double_ending_in_check(api):
    pos = {"phase": "play", "hand": m("QH QD QS"), "melds": {"NS": [["K"] * 7]}, "pile": {"top": "8D", "size": 5},
           "went_out": "North"}
    body = {"variant": "traditional", "sides": S4, "position": pos,
            "action": {"type": "double_ending", "player": "South", "melds": [m("QH QD QS")]}}
    assert C(api, "check", body)["legal"] is True
    body["action"]["melds"] = [m("QH QD")]                      # the whole hand, or nothing
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/6.6"
    body["action"]["melds"] = [m("QH QD QS")[:2] + ["JK"]]       # South holds no joker
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/6.1"


def test_excess_wild_cards_needs_its_count(api):
    body = {"variant": "palace", "sides": S4, "deal": palace_wild_deal(),
            "options": WILD_TOUGH}
    body["deal"]["irregularities"] = [{"type": "excess_wild_cards", "side": "NS"}]
    assert C(api, "score", body, 422)["errors"][0]["pointer"] == "/deal/irregularities/0/count"


def palace_threes_deal(reds, east=None, west=None):
    """NS went out with natural kings and queens, A A A and 10 10 10 (cards 70 + 70 + 60 + 30 = 230) and red threes
    ``reds``; South keeps 4 5 6 (15).  EW melded J J J and 9 9 9 (60); by default East keeps 4 5 6 7 8 twice (60)
    and West 8 9 10 4 5 6 (45).  Each side shows the 22 cards its players were dealt at least (canasta/1.5)."""
    return {"sides": [
        {"id": "NS", "went_out": True, "red_threes": reds, "melds": [["K"] * 7, ["Q"] * 7, m("A A A"), m("10 10 10")],
         "hands": [[], m("4 5 6")]},
        {"id": "EW", "melds": [m("J J J"), m("9 9 9")],
         "hands": [east or m("4 5 6 7 8 4 5 6 7 8"), west or m("8 9 10 4 5 6")]}]}


def test_cp1_three_packs_six_red_threes(api):
    # CP-1 (three packs) with the site's red-three rule (+400 for all of them): six red threes exist, so all six
    # make 600 + 400 = 1,000.  NS: two natural canastas 1,000 + going out 100 + 1,000 = 2,100; cards 230 - 15 = 215.
    # EW: 60 less 60 and 45 = -45.
    six = ["3H", "3D"] * 3
    ans = C(api, "score", {"variant": "palace", "options": {"packs": 3}, "sides": S4, "deal": palace_threes_deal(six)})
    assert totals(ans) == {"NS": (2100, 215, 2315), "EW": (0, -45, -45)}
    # four of the six are 400, with no bonus: 1,000 + 100 + 400 = 1,500
    ans = C(api, "score", {"variant": "palace", "options": {"packs": 3}, "sides": S4,
                           "deal": palace_threes_deal(six[:4])})
    assert totals(ans)["NS"] == (1500, 215, 1715)
    # with two packs (the base game) all four make 400 + 400 = 800, and a fifth red three is impossible
    ans = C(api, "score", {"variant": "palace", "sides": S4, "deal": palace_threes_deal(six[:4])})
    assert totals(ans)["NS"] == (1900, 215, 2115)
    err = C(api, "score", {"variant": "palace", "sides": S4, "deal": palace_threes_deal(six[:5])}, 422)
    assert err["errors"][0]["pointer"] == "/deal/sides/0/red_threes/4"


def test_cp2_three_jokers_a_pack_is_110_cards(api):
    # CP-2 read as its name says: three jokers in each of two packs, six in all (110 cards, not 109).  East keeps
    # four jokers and 4 5 6 7 8 4 (235), West two jokers and 10 4 5 6 (125): EW's cards 60 - 235 - 125 = -300.
    east = m("JK JK JK JK 4 5 6 7 8 4")
    ans = C(api, "score", {"variant": "palace", "options": {"jokers_per_pack": 3}, "sides": S4,
                           "deal": palace_threes_deal([], east, m("JK JK 10 4 5 6"))})
    assert totals(ans)["EW"] == (0, -300, -300)
    # a seventh joker is one too many; with the base two a pack, the fifth is
    err = C(api, "score", {"variant": "palace", "options": {"jokers_per_pack": 3}, "sides": S4,
                           "deal": palace_threes_deal([], east, m("JK JK JK 4 5 6"))}, 422)
    assert err["errors"][0]["pointer"] == "/deal/sides/1/hands/1/2"
    err = C(api, "score", {"variant": "palace", "sides": S4, "deal": palace_threes_deal([], east, m("JK 10 4 5 6 7"))},
            422)
    assert err["errors"][0]["pointer"] == "/deal/sides/1/hands/1/0"


def test_cp10_surprise_sets_three_cards_aside(api):
    # CP-10: three cards go under the stock and are never drawn.  North holds 12 cards and the pile shows its top
    # card of 3: 108 - 12 - 3 (pile) - 3 (a card at least for each other player) = 90 may remain in the stock, 87
    # with the Surprise.
    pos = {"phase": "play", "hand": m("4C 5S 6H 7D 8C 9H 10D JS QC KD AS 4D"), "pile": {"top": "8D", "size": 3},
           "stock": 88}
    act = {"type": "discard", "player": "North", "card": "QC"}
    assert C(api, "check", check_body("palace", pos, act))["legal"] is True
    err = C(api, "check", check_body("palace", pos, act, {"surprise": True}), 422)["errors"][0]
    assert err["pointer"] == "/position/stock" and "at most 87 remain" in err["detail"]
