"""The Classic Canasta scoring core (canasta.md §3.1 S-vectors and §3.2 M-vectors), worked by hand."""
import pytest

from referee.canasta.core import (canasta_kind, card_value, initial_count, initial_minimum, meld_fault,
                                  red_three_score, side_score)
from referee.cards import parse_card


def cards(s):
    return [parse_card(c) for c in s.split()]


@pytest.mark.parametrize("card,value", [("JK", 50), ("2H", 20), ("AS", 20), ("KD", 10), ("8C", 10), ("7H", 5),
                                        ("4S", 5), ("3S", 5), ("3H", 0)])
def test_card_values(card, value):
    assert card_value(parse_card(card)) == value


@pytest.mark.parametrize("meld,fault", [
    ("5H 5D 2C", None), ("5H 2D 2C", "a meld needs at least two natural cards"),            # WIKI examples
    ("9H 9D 9S 2C 2D JK", None), ("9H 9D 2C 2D 2S JK", "a meld holds at most 3 wild cards"),
    ("9H 9D 9S 9C 2C 2D 2S JK", "a meld holds at most 3 wild cards"),                     # four wilds: illegal
    ("4H 5H 6H", "a meld holds cards of one rank (and wild cards); sequences do not count"),
    ("2H 2D JK", "a meld needs natural cards: wild cards alone do not meld"),
    ("3S 3C 3S", "black threes meld only when going out"),
    ("3H 3D 3H", "red threes are laid out, never melded"),
    ("KH KD", "a meld has at least three cards"),
])
def test_meld_legality(meld, fault):
    assert meld_fault(cards(meld)) == fault


def test_black_threes_going_out():
    assert meld_fault(cards("3S 3C 3S"), going_out=True) is None
    assert meld_fault(cards("3S 3C 2D"), going_out=True) == "a meld of black threes takes no wild card"
    assert meld_fault(cards("3S 3C 3S 2D"), going_out=True) == "a meld of black threes takes no wild card"


def test_canasta_kinds():
    assert canasta_kind(cards("KH KD KS KC KH KD KS")) == "natural"
    assert canasta_kind(cards("9H 9D 9S 9C 9H 2D JK")) == "mixed"
    assert canasta_kind(cards("9H 9D 9S 9C 9H 2D")) is None


@pytest.mark.parametrize("n,melded,score", [(1, True, 100), (2, True, 200), (3, True, 300), (4, True, 800),
                                            (2, False, -200), (4, False, -800)])
def test_s6_s7_red_threes(n, melded, score):
    assert red_three_score(n, melded) == score


KINGS7 = "KH KD KS KC KH KD KS"
ACES7 = "AH AD AS AC AH AD AS"


def test_s1_natural_canasta_of_kings():
    s = side_score([cards(KINGS7)], 0, [])
    assert (s.base, s.cards, s.total) == (500, 70, 570)


def test_s2_s3_going_out():
    # A×7 natural (140 in cards) + 2 red threes + going out: 500 + 200 + 100 = 800, total 940.
    assert side_score([cards(ACES7)], 2, [], went_out=True).total == 940
    # concealed, no red threes: 500 + 200 = 700, + 140 = 840.
    assert side_score([cards(ACES7)], 0, [], went_out=True, concealed=True).total == 840


def test_s4_s5_hands_count_against():
    assert side_score([cards("AH AD AS")], 0, [cards("KH 5C")]).total == 45          # 60 - 15
    assert side_score([], 2, [cards("KH 5C")]).total == -215                        # -200 - 15


def test_s8_stock_exhausted():
    a = side_score([cards("QH QD QS QC QH QD QS")], 1, [])
    b = side_score([], 1, [cards("9H 9D")])
    assert (a.total, b.total) == (670, -120)


def test_s10_full_hand():
    # NS went out: K×7 natural (70), five 9s + 2 + JK mixed (50 + 20 + 50 = 120), A-A-A (60), 2 red threes;
    # partner holds 7, 4 (10).  Base 500 + 300 + 200 + 100 = 1100; cards 250 - 10 = 240.
    ns = side_score([cards(KINGS7), cards("9H 9D 9S 9C 9H 2D JK"), cards("AH AD AS")], 2, [cards("7H 4C")],
                    went_out=True)
    assert (ns.base, ns.cards, ns.total) == (1100, 240, 1340)
    # EW: 8-8-8 (30), Q-Q-Q-2 (50), 1 red three; E holds JK, Q (60), W holds 5, 6, K (20).
    ew = side_score([cards("8H 8D 8S"), cards("QH QD QS 2C")], 1, [cards("JK QC"), cards("5H 6D KC")])
    assert (ew.base, ew.cards, ew.total) == (100, 0, 100)


def test_s11_never_melded_four_red_threes():
    assert side_score([], 4, [cards("AH KD 7S"), cards("4H 4D")]).total == -845


def test_s12_concealed():
    # Q×7 (70) + 5-5-5-5 (20) from stock, 1 red three; partner holds J, 9, 2 (40): 800 + 50 = 850.
    s = side_score([cards("QH QD QS QC QH QD QS"), cards("5H 5D 5S 5C")], 1, [cards("JH 9D 2C")],
                   went_out=True, concealed=True)
    assert s.total == 850


@pytest.mark.parametrize("score,minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)])
def test_m7_minimum_table(score, minimum):
    assert initial_minimum(score) == minimum


def test_m7_negative_minimum_option():
    assert initial_minimum(-5, negative_minimum=0) == 0


def test_m1_m3_initial_counts():
    m1 = initial_count([cards("6H 6D 6S"), cards("KH KD KS 2C")])   # 15 + 50 = 65
    m2 = initial_count([cards("6H 6D 6S"), cards("AH AD AS 2C")])   # 15 + 80 = 95
    assert (m1, m2) == (65, 95)
    assert (m1 >= initial_minimum(1600), m2 >= initial_minimum(1600)) == (False, True)
    assert (m1 >= initial_minimum(0), m2 >= initial_minimum(3000)) == (True, False)


def test_m4_m5_only_the_top_discard_counts():
    # Top discard K taken with K-K from hand, Q-Q-2 from hand; the buried K and Q of the pile are melded too.
    melds = [cards("KH KD KS KC"), cards("QH QD 2C QS")]
    count = initial_count(melds, pile_cards=cards("KC QS"))
    assert count == 70                      # 30 + 40: the buried K and Q do not count
    assert count >= initial_minimum(0) and count < initial_minimum(1600)


def test_m6_m9_bonuses_do_not_count():
    assert initial_count([cards("4H 4D 4S 4C 4H 4D 4S")]) == 35 < initial_minimum(0)  # a canasta's bonus is not count
    assert initial_count([cards("8H 8D 8S")]) == 30 < 50                               # red threes add nothing


def test_every_cited_rule_is_in_the_rulebook():
    import pathlib
    import re

    from referee.rulebook import Rulebook
    here = pathlib.Path(__file__).resolve().parent.parent / "referee" / "canasta"
    book = Rulebook.load(here / "rules.yaml")
    cited = set(re.findall(r'"(canasta/\d+\.\d+)"', (here / "core.py").read_text()))
    assert cited and cited <= set(book.rules)
    assert all(r.source and r.text["en"] for r in book.rules.values())


# ---------------------------------------------------------------- the score view (not yet served over HTTP)

from referee.canasta.options import VARIANTS  # noqa: E402
from referee.canasta.views import score  # noqa: E402
from referee.errors import InputError  # noqa: E402

SIDES = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]


def s10_deal():
    # canasta.md S10 (score-only arithmetic): NS went out; EW did not.
    return {"sides": [
        {"id": "NS", "melds": [KINGS7.split(), "9H 9D 9S 9C 9H 2D JK".split(), "AH AD AS".split()],
         "red_threes": ["3H", "3D"], "hands": [[], ["7H", "4C"]], "went_out": True},
        {"id": "EW", "melds": ["8H 8D 8S".split(), "QH QD QS 2C".split()], "red_threes": ["3H"],
         "hands": [["JK", "QC"], ["5H", "6D", "KC"]]}]}


def full_deal():
    """A complete four-player hand (each side shows at least the 22 cards its players were dealt).

    NS went out (N): K x7 natural 500, 9 x5 + 2 + JK mixed 300, two red threes 200, going out 100: base 1100.
    Melded cards 70 + (50 + 20 + 50) + 80 (four aces) + 30 (8 x3) + 15 (6 x3) = 315; S keeps 7 4 5 5 Q J 10 9 = 60.
    EW: one red three 100; melds Q Q Q 2 (50) and J J J (30) = 80; E keeps JK Q 4 4 5 6 7 = 85, W keeps
    5 6 K 10 10 7 4 4 = 55.
    """
    return {"sides": [
        {"id": "NS", "melds": [["K"] * 7, ["9", "9", "9", "9", "9", "2", "JK"], ["A"] * 4, ["8"] * 3, ["6"] * 3],
         "red_threes": ["3H", "3D"], "hands": [[], ["7", "4", "5", "5", "Q", "J", "10", "9"]], "went_out": True},
        {"id": "EW", "melds": [["Q", "Q", "Q", "2"], ["J", "J", "J"]], "red_threes": ["3H"],
         "hands": [["JK", "Q", "4", "4", "5", "6", "7"], ["5", "6", "K", "10", "10", "7", "4", "4"]]}]}


def run(deal, options=None, state=None, variant="classic"):
    v = VARIANTS[variant]
    req = {"sides": SIDES, "deal": deal}
    if state:
        req["state"] = state
    return score(req, v, v.resolve(options or {}))


def test_score_view_full_hand():
    ans = run(full_deal())
    got = {s["id"]: (s["base_score"], s["card_score"], s["hand_score"]) for s in ans["sides"]}
    assert got == {"NS": (1100, 315 - 60, 1355), "EW": (100, 80 - 140, 40)}


def test_score_view_refuses_score_only_vectors():
    # S10 shows 19 cards for NS: no real deal leaves fewer than the 22 its two players were dealt.
    with pytest.raises(InputError) as e:
        run(s10_deal())
    assert e.value.errors[0]["pointer"] == "/deal/sides/0"


@pytest.mark.parametrize("ns,ew,winner", [(3650, 4970, "EW"),    # NS 5,005 and EW 5,010: both past, EW higher
                                          (3700, 4900, "NS")])   # NS 5,055 and EW 4,940: only NS past 5,000
def test_score_view_game_end(ns, ew, winner):
    ans = run(full_deal(), state={"scores": {"NS": ns, "EW": ew}})
    assert (ans["game_over"], ans["winner"]) == (True, winner)


def test_score_view_both_past_target_higher_wins():
    # NS 3,700 + 1,355 = 5,055; EW 5,030 + 40 = 5,070: both past 5,000, EW higher (canasta/7.2, D19).
    ans = run(full_deal(), state={"scores": {"NS": 3700, "EW": 5030}})
    assert (ans["game_over"], ans["winner"]) == (True, "EW")


@pytest.mark.parametrize("mutate,pointer", [
    (lambda d: d["sides"][0]["melds"].append("KH KD 2C".split()), "/deal/sides/0/melds/5"),   # second K meld
    (lambda d: d["sides"][1]["hands"][0].extend(["JK", "JK", "JK"]), "/deal/sides/1/hands/0/9"),  # a fifth joker
    (lambda d: d["sides"][1].update(went_out=True), "/deal/sides/1/went_out"),                 # no canasta
    (lambda d: d["sides"][0]["red_threes"].append("3S"), "/deal/sides/0/red_threes/2"),
])
def test_score_view_bad_input(mutate, pointer):
    deal = full_deal()
    mutate(deal)
    with pytest.raises(InputError) as e:
        run(deal)
    assert e.value.errors[0]["pointer"] == pointer


def test_score_view_penalty():
    deal = full_deal()
    deal["irregularities"] = [{"type": "red_three_not_laid_out", "side": "EW"}]
    ans = run(deal)
    assert {s["id"]: s["hand_score"] for s in ans["sides"]} == {"NS": 1355, "EW": 40 - 500}


# ---------------------------------------------------------------- pile and going out (canasta.md §3.3)

from referee.canasta.core import Pile, go_out_fault, take_pile_fault  # noqa: E402

C = parse_card


def take(top, hand, size=5, wild=False, melded=True, ranks=(), minimum=0, b3=False, b3_freezes=False):
    return take_pile_fault(Pile(C(top), size, wild, b3), cards(hand), set(ranks), melded, minimum, b3_freezes)


def rule(fault):
    return fault[0] if fault else None


@pytest.mark.parametrize("args,expect", [
    (dict(top="9H", hand="9D JK 5C", wild=True), "canasta/5.1"),          # L1: frozen, one 9 and a joker
    (dict(top="9H", hand="9D 9S 5C", wild=True), None),                  # L2: a natural pair
    (dict(top="QH", hand="QD JK 5C"), None),                              # L3: unfrozen, natural + wild
    (dict(top="QH", hand="QD JK 5C", melded=False), "canasta/5.1"),       # L4: frozen against an unmelded side
    (dict(top="2H", hand="2D 2S 5C"), "canasta/5.2"),                     # L6: a wild on top
    (dict(top="3S", hand="3C 3S 5C"), "canasta/5.2"),                     # L7: a black three on top
    (dict(top="9H", hand="9D JK", b3=True), None),                        # L8 default: black threes never freeze
    (dict(top="9H", hand="9D JK", b3=True, b3_freezes=True), "canasta/5.1"),  # L8 alternative
    (dict(top="QH", hand="5C 6D", ranks={"Q"}), None),                     # L9: lay the top card on the Q meld
    (dict(top="QH", hand="QC 6D", wild=True, ranks={"Q"}), "canasta/5.1"),  # L10
    (dict(top="QH", hand="QC QD", wild=True, ranks={"Q"}), None),          # L11
    (dict(top="QH", hand="QC", size=1), "canasta/5.3"),                    # L12
])
def test_l_vectors_taking_the_pile(args, expect):
    assert rule(take(**args)) == expect


def test_l5_minimum_unreachable():
    # Unmelded side at min 50 with Q-Q and nothing else meldable: Q-Q-Q is 30.
    assert rule(take("QH", "QD QS 5C 6D 7H 8S 9C 10D JH 4S KC", melded=False, minimum=50)) == "canasta/4.2"
    # M4: K on top, K-K and Q-Q-2 in hand: 30 + 40 = 70 reaches 50 (the buried cards never count).
    assert take("KH", "KD KS QH QD 2C 5C", melded=False, minimum=50) is None


@pytest.mark.parametrize("canastas,hand,needed,permission,expect", [
    (0, "5H", 1, None, "canasta/6.2"),          # L18
    (1, "3S 3C", 1, None, "canasta/2.3"),       # L19
    (1, "5H", 2, None, "canasta/6.2"),          # L20: two players need two canastas
    (1, "5H", 1, "no", "canasta/6.3"),          # L21
    (1, "5H", 1, "yes", None),
])
def test_l_vectors_going_out(canastas, hand, needed, permission, expect):
    assert rule(go_out_fault(canastas, cards(hand), needed, permission)) == expect


@pytest.mark.parametrize("need,score", [(False, 200), (True, -200)])
def test_red_threes_need_canasta_option(need, score):
    # A side with a meld but no canasta and two red threes: +200 officially, -200 where a canasta is needed.
    s = side_score([cards("8H 8D 8S")], 2, [], red_threes_need_canasta=need)
    assert s.base == score


def test_s9_tutorial_hand():
    # mixed canasta 9 x5 + 2 + JK (300 bonus; 50 + 20 + 50 = 120 in cards) and three tens (30): 150 melded;
    # going out 100; the partner keeps 5 5 5 (15): 300 + 100 + 150 - 15 = 535.
    s = side_score([cards("9H 9D 9S 9C 9H 2D JK"), cards("10H 10D 10S")], 0, [cards("5H 5D 5S")], went_out=True)
    assert (s.base, s.cards, s.total) == (400, 135, 535)
