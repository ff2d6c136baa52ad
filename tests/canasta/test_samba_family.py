"""The Samba family and its neighbours (canasta.md §2.2–2.7, §3.1 S19–S22; seed-systems.md CN-SA, CN-BO, CN-BR,
CN-CU, CN-UY, CN-CL, CN-WG): one worked hand per variant, computed by hand in the comments (card values: joker 50,
ace and 2 20, K to 8 10, 7 to 4 and black threes 5)."""
import pytest

from referee.canasta.melds import canasta_bonus, red_three_points
from referee.canasta.options import VARIANTS
from referee.cards import parse_card
from tests.canasta_helpers import PENNIES, S4, C, m


def cards(s):
    return [parse_card(c) if c == "JK" or (len(c) > 1 and c[-1] in "SHDC") else parse_card(c + "S")
            for c in s.split()]


def totals(ans):
    return {s["id"]: (s["base_score"], s["card_score"], s["hand_score"]) for s in ans["sides"]}


def lines(ans, side):
    return [(x["item"], x["points"]) for x in next(s for s in ans["sides"] if s["id"] == side)["lines"]]


def samba_deal():
    return {"sides": [
        {"id": "NS", "went_out": True, "red_threes": ["3H", "3D"],
         "melds": [m("8H 9H 10H JH QH KH AH"), ["5"] * 7, ["K"] * 4, ["Q"] * 4, m("J J J 2")],
         "hands": [[], m("4 6 7 9")]},
        {"id": "EW", "red_threes": ["3H"], "melds": [m("A A A"), m("6 6 6 2")],
         "hands": [m("4 4 5 6 7 8 9 10 J Q K A"), m("4 5 6 7 8 9 10 J Q K 3S")]}]}


def test_samba_hand_with_a_samba(api):
    # NS went out: samba 8H-AH 1,500, natural fives 500, two red threes with two canastas 200, going out 200 =
    # 2,400.  Cards: samba 60 + 20 = 80, fives 35, K x4 40, Q x4 40, J J J 2 50 = 245, less South's 25: 220.
    # EW: one canasta short of two, so its red three is -100; cards A A A 60 + 6 6 6 2 35 = 95, less East's
    # 4 4 5 6 7 (25), 8 9 10 J Q K (60), A (20) and West's 4 5 6 7 (20), 8 9 10 J Q K (60), 3S (5): -190.
    ans = C(api, "score", {"variant": "samba", "sides": S4, "deal": samba_deal()})
    assert totals(ans) == {"NS": (2400, 220, 2620), "EW": (-100, -95, -195)}
    assert ("samba in H", 1500) in lines(ans, "NS") and ans["target"] == 10000


def test_samba_wild_cards_and_ratio(api):
    body = {"variant": "samba", "sides": S4,
            "position": {"phase": "play", "hand": m("5C 5D 5H 2C 2D 9S 10S JD QD KD"), "melds": {"NS": [["K"] * 3]},
                         "pile": {"top": "8D", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [m("5C 5D 5H 2C 2D")]}}
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/3.1")   # naturals < twice the wilds
    body["options"] = {"wild_ratio": "not_more"}                                      # Hoyle's reading
    assert C(api, "check", body)["legal"] is True


def test_samba_several_melds_of_a_rank(api):
    # Samba: a second meld of kings beside a finished canasta of kings; the top K may only join a meld that is
    # not yet a canasta, so with no such meld the pile is taken with a pair, which opens a new meld.
    pos = {"phase": "play", "hand": m("KC KD KH 9S 10S"), "melds": {"NS": [["K"] * 7]}, "pile": {"top": "8D", "size": 3}}
    body = {"variant": "samba", "sides": S4, "position": pos,
            "action": {"type": "meld", "player": "North", "melds": [m("KC KD KH")]}}
    assert C(api, "check", body)["legal"] is True
    pos = {"hand": m("5C 6D 7H 9S 10S JD QD 4C 4D 5S 6S 7S 8S 9D 10D"), "melds": {"NS": [["K"] * 7]},
           "pile": {"top": "KS", "size": 4}}
    body = {"variant": "samba", "sides": S4, "position": pos,
            "action": {"type": "take_pile", "player": "North", "cards": []}}
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/5.2"


def test_samba_red_threes():
    o = VARIANTS["samba"].resolve({})
    assert [red_three_points(n, True, o) for n in (1, 5, 6)] == [100, 500, 1000]
    assert red_three_points(6, False, o) == -1000


def bolivia_deal():
    return {"sides": [
        {"id": "NS", "went_out": True,
         "melds": [m("4H 5H 6H 7H 8H 9H 10H"), m("JK JK JK 2 2 2 2"), ["K"] * 5, ["Q"] * 4, m("J J J"), m("9 9 9")],
         "hands": [[], m("4 5 6 7")]},
        {"id": "EW", "melds": [m("A A A")],
         "hands": [m("4 4 5 6 7 8 9 10 J Q K A 3S 5 6"), m("4 5 6 7 8 9 10 J Q K 3S 3C 6 7")]}]}


def test_bolivia_hand_with_a_bolivia(api):
    # NS: escalera 4H-10H 1,500, bolivia (seven wild cards) 2,500, going out 200 = 4,200.  Cards: 4 5 6 7 (20) +
    # 8 9 10 (30) = 50; bolivia 150 + 80 = 230; K x5 50; Q x4 40; J J J 30; 9 9 9 30: 430, less South's 20: 410.
    # EW: A A A 60 less East's 4 4 5 6 7 (25) 8 9 10 J Q K (60) A (20) 5 6 (10) = 115, West's 4 5 6 7 (20)
    # 8 9 10 J Q K (60) 6 7 (10) = 90 (his two black threes cost 100 each, not 5): 60 - 205 = -145; base -200 for
    # the black threes (East's one and West's two: -300).
    ans = C(api, "score", {"variant": "bolivia", "sides": S4, "deal": bolivia_deal()})
    assert totals(ans)["NS"] == (4200, 410, 4610)
    assert ("bolivia", 2500) in lines(ans, "NS") and ("escalera in H", 1500) in lines(ans, "NS")
    assert totals(ans)["EW"] == (-300, 60 - 205, -300 + 60 - 205)


def test_bolivia_going_out_needs_an_escalera(api):
    pos = {"phase": "play", "hand": m("5H"), "melds": {"NS": [["K"] * 7, ["Q"] * 7]}, "pile": {"top": "8D", "size": 3}}
    body = {"variant": "bolivia", "sides": S4, "position": pos,
            "action": {"type": "discard", "player": "North", "card": "5H"}}
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/6.2")
    assert "escalera" in ans["violations"][0]["message"]


def test_brazilian_short_sequence_and_red_threes(api):
    # NS went out with natural K and Q canastas (1,000), five red threes with a canasta (1,000) and going out 200;
    # the 4-card sequence 4H-7H costs 1,000: base 1,200.  Cards 70 + 70 + 20 + 30 (J J J) = 190 less South's 25.
    deal = {"sides": [
        {"id": "NS", "went_out": True, "red_threes": m("3H 3H 3D 3D 3H"),
         "melds": [["K"] * 7, ["Q"] * 7, m("4H 5H 6H 7H"), m("J J J")], "hands": [[], m("4 6 7 9 5 5 5 6 6 7 7")]},
        {"id": "EW", "melds": [m("A A A")],
         "hands": [m("4 4 5 6 7 8 9 10 J Q K A 8 9"), m("4 5 6 7 8 9 10 J Q K 8 9 10")]}]}
    ans = C(api, "score", {"variant": "brazilian", "sides": S4, "deal": deal})
    ns = totals(ans)["NS"]
    # South keeps 4 6 7 9 5 5 5 6 6 7 7: 10 fives (50) and a 9 (10) = 60
    assert ns == (1200, 190 - 60, 1200 + 190 - 60)
    assert ("sequence of 4 in H, shorter than five", -1000) in lines(ans, "NS")
    assert ("5 red threes", 1000) in lines(ans, "NS")


@pytest.mark.parametrize("score,meld,legal", [
    (7000, [m("A A A A 2")], False),                 # from 7,000 the opening is a canasta
    (7000, [m("4 4 4 4 4 2 2")], True),              # any canasta, whatever its count
    (9000, [m("4 4 4 4 4 2 2")], False),             # from 9,000 a natural canasta
    (9000, [["4"] * 7], True),
])
def test_brazilian_canasta_openings(api, score, meld, legal):
    hand = [c for g in meld for c in g]
    hand += m("9S 10S JD QD KD 5H 6H 8C 9C 10C JH QH KC 5S 6S 8H 9H")[:17 - len(hand)]  # 15 dealt, two drawn
    body = {"variant": "brazilian", "sides": S4, "state": {"scores": {"NS": score, "EW": 0}},
            "position": {"phase": "play", "hand": hand, "pile": {"top": "8D", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": meld}}
    assert C(api, "check", body)["legal"] is legal


def test_brazilian_must_ask_before_going_out(api):
    pos = {"phase": "play", "hand": m("5H"), "melds": {"NS": [["K"] * 7, ["Q"] * 7]}, "pile": {"top": "8D", "size": 3}}
    body = {"variant": "brazilian", "sides": S4, "position": pos,
            "action": {"type": "discard", "player": "North", "card": "5H"}}
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/6.3"
    pos["turn"] = {"answer": "yes"}
    assert C(api, "check", body)["legal"] is True


def test_cuban_vectors():
    o = VARIANTS["cuban"].resolve({})
    # S21: seven 2s 4,000; four jokers and three 2s 3,000; S22: three red threes 500 with a canasta, -500 without
    assert canasta_bonus("wild", cards("2 2 2 2 2 2 2"), o) == ("canasta of seven 2s", 4000)
    assert canasta_bonus("wild", cards("JK JK JK JK 2 2 2"), o) == ("canasta of four jokers and three 2s", 3000)
    assert canasta_bonus("wild", cards("JK JK 2 2 2 2 2"), o) == ("wild canasta", 2000)
    assert (red_three_points(3, True, o), red_three_points(3, False, o), red_three_points(4, True, o)) == \
        (500, -500, 1000)


def test_cuban_canastas_of_seven_and_a_frozen_pile(api):
    pos = {"phase": "play", "hand": m("KC 9S 10S"), "melds": {"NS": [["K"] * 7]}, "pile": {"top": "8D", "size": 3}}
    body = {"variant": "cuban", "sides": S4, "position": pos,
            "action": {"type": "meld", "player": "North", "melds": [{"rank": "K", "cards": ["KC"]}]}}
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/3.2"
    pos = {"hand": m("QD JK 5C 6D"), "melds": {"NS": [["A"] * 3]}, "pile": {"top": "QH", "size": 4}}
    body = {"variant": "cuban", "sides": S4, "position": pos,
            "action": {"type": "take_pile", "player": "North", "cards": ["QD", "JK"]}}
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/5.1"


def test_uruguay_wild_canasta(api):
    # NS: natural kings 500, a wild canasta 2,000, going out 100; cards 70 + (100 + 100) = 270 less South's 30.
    deal = {"sides": [
        {"id": "NS", "went_out": True, "melds": [["K"] * 7, m("JK JK 2 2 2 2 2"), m("Q Q Q Q")],
         "hands": [[], m("4 5 6 7 8 9")]},
        {"id": "EW", "melds": [m("A A A")], "hands": [m("4 5 6 7 8 9 10 J Q"), m("4 5 6 7 8 9 10 J Q A")]}]}
    ans = C(api, "score", {"variant": "uruguay", "sides": S4, "deal": deal})
    assert totals(ans)["NS"] == (2600, 310 - 40, 2600 + 270)


def test_chile_sequences_and_wild_melds_one_canasta_to_go_out(api):
    pos = {"phase": "play", "hand": m("5H"), "melds": {"NS": [m("4H 5D 6D 7D 8D 9D 10D")]},
           "pile": {"top": "8D", "size": 3}}
    body = {"variant": "chile", "sides": S4, "position": pos,
            "action": {"type": "discard", "player": "North", "card": "5H"}}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/position/melds/NS/0"   # not one suit
    pos["melds"] = {"NS": [m("4D 5D 6D 7D 8D 9D 10D")]}
    assert C(api, "check", body)["legal"] is True


def test_graded_wild_bonuses():
    o = VARIANTS["graded-wild"].resolve({})
    assert [canasta_bonus("group", cards(c), o) for c in ("K K K K K K 2", "K K K K K 2 2", "K K K K 2 2 JK")] == \
        [("mixed canasta", 400), ("mixed canasta", 300), ("mixed canasta", 200)]
    assert canasta_bonus("wild", cards("JK JK 2 2 2 2 2"), o) == ("free canasta", 1000)


@pytest.mark.parametrize("variant", ["samba", "bolivia", "brazilian", "cuban", "uruguay", "chile", "graded-wild",
                                     "hollywood", "mexicana", "pennies-from-heaven", "italian", "sevens"])
def test_random_deals_replay(api, variant):
    import sys
    sys.path.insert(0, "tests")
    from canasta_sim import random_canasta_log
    for seed in range(3):
        sides, log, _ = random_canasta_log(seed, variant)
        ans = C(api, "validate", {"variant": variant, "sides": sides, "log": log})
        assert ans["valid"] is True, ans["first_violation"]


def test_hollywood_sequences_with_one_wild(api):
    # The default 2,000 departs from seed-systems.md §6 item 24, which proposed the seed's 1,500: where the seed and
    # a rulebook differ, the rulebook's reading (rummy-games, the one published Hollywood rulebook) is our default
    # and the seed's the option (natural_sequence_bonus=1500), as rule 3.4 says.
    # NS went out: a natural sequence canasta 4H-10H 2,000 (rummy-games; the seed's 1,500 is the option), a mixed
    # one 5D 6D 7D 2C 9D 10D JD 1,000, natural kings 500, going out 200 = 3,700.  Cards: 50 (the hearts run) +
    # 5+5+5+20+10+10+10 = 65 + 70 (kings) + 30 + 30 (Q Q Q, J J J) = 245, less South's 25 (4 6 7 9).
    deal = {"sides": [
        {"id": "NS", "went_out": True,
         "melds": [m("4H 5H 6H 7H 8H 9H 10H"), m("5D 6D 7D 2C 9D 10D JD"), ["K"] * 7, m("Q Q Q"), m("J J J")],
         "hands": [[], m("4 6 7 9")]},
        {"id": "EW", "melds": [m("A A A")],
         "hands": [m("4 4 5 6 7 8 9 10 J Q K A 5 6"), m("4 5 6 7 8 9 10 J Q K 8 9 10")]}]}
    ans = C(api, "score", {"variant": "hollywood", "sides": S4, "deal": deal})
    assert totals(ans)["NS"] == (3700, 245 - 25, 3700 + 220)
    assert ("mixed sequence canasta in D", 1000) in lines(ans, "NS") and ("samba in H", 2000) in lines(ans, "NS")
    ans = C(api, "score", {"variant": "hollywood", "options": {"natural_sequence_bonus": 1500}, "sides": S4,
                           "deal": deal})
    assert totals(ans)["NS"][0] == 3200


def test_hollywood_three_naturals_a_meld(api):
    pos = {"phase": "play", "hand": m("9S 9D 2C 10S JD QD KD 4C 5C 6C 7C 8C 9C 10C 4D 5D 6D"),
           "melds": {"NS": [["K"] * 3]}, "pile": {"top": "8D", "size": 3}}
    body = {"variant": "hollywood", "sides": S4, "position": pos,
            "action": {"type": "meld", "player": "North", "melds": [m("9S 9D 2C")]}}
    ans = C(api, "check", body)
    assert ans["violations"][0]["message"] == "meld 1: a meld needs at least three natural cards"


def test_mexicana_first_meld_brings_thirteen_cards(api):
    # North's opening must be followed by the 13 extra cards before anything else; a seven on top stops the pile.
    hand = m("AH AD AS KH KD KS 4C 5C 6C 8D 9D 10D JD QD")          # 13 dealt and the card drawn
    pos = {"phase": "play", "hand": hand, "pile": {"top": "8C", "size": 3}, "stock": 80}
    body = {"variant": "mexicana", "sides": S4, "position": pos,
            "action": {"type": "meld", "player": "North", "melds": [m("AH AD AS"), m("KH KD KS")]}}
    assert C(api, "check", body)["legal"] is True
    pos2 = {**pos, "hand": hand[6:], "melds": {"NS": [m("AH AD AS"), m("KH KD KS")]},
            "turn": {"melded": True, "extra_cards_due": True}}
    body2 = {**body, "position": pos2, "action": {"type": "discard", "player": "North", "card": "4C"}}
    assert C(api, "check", body2)["violations"][0]["rule"] == "canasta/4.2"
    body2["action"] = {"type": "extra_cards", "player": "North"}
    assert C(api, "check", body2)["effects"] == {"drawn": 13}
    seven = {"variant": "mexicana", "sides": S4, "position": {"hand": m("7C 7D 4C 5D 6H 8S 9H 10S JD QD KD 4D 5H"),
             "melds": {"NS": [m("AH AD AS")]}, "pile": {"top": "7H", "size": 3}},
             "action": {"type": "take_pile", "player": "North", "cards": ["7C", "7D"]}}
    assert C(api, "check", seven)["violations"][0]["message"] == \
        "a seven on top of the pile stops it from being taken"


def test_mexicana_going_out_needs_red_threes_and_scores_sevens(api):
    # Two canastas need two red threes; a canasta of sevens scores 1,000.
    pos = {"phase": "play", "hand": m("5H"), "melds": {"NS": [["K"] * 7, ["7"] * 7]}, "red_threes": {"NS": ["3H"]},
           "pile": {"top": "8D", "size": 3}}
    body = {"variant": "mexicana", "sides": S4, "position": pos,
            "action": {"type": "discard", "player": "North", "card": "5H"}}
    assert "as many red threes as canastas" in C(api, "check", body)["violations"][0]["message"]
    pos["red_threes"] = {"NS": ["3H", "3D"]}
    assert C(api, "check", body)["legal"] is True
    from referee.canasta.melds import canasta_bonus as bonus
    assert bonus("group", cards("7 7 7 7 7 7 7"), VARIANTS["mexicana"].resolve({})) == ("canasta of sevens", 1000)


def test_pennies_from_heaven_hand(api):
    # Side A went out with the four canastas it needs: sevens (mixed, 1,500), wild (1,000), natural kings (500),
    # mixed queens (300), and natural aces (500); all eight red threes 1,000 (it has a sevens canasta); going out
    # 100.  Side B holds 13 cards a player (it never opened a canasta).
    low = m("4 4 5 5 6 6 8 8 9 9 10 10 J")
    deal = {"sides": [
        {"id": "A", "went_out": True, "red_threes": m("3H 3H 3H 3H 3D 3D 3D 3D"),
         "melds": [m("7 7 7 7 7 7 JK"), m("JK JK 2 2 2 2 2"), ["K"] * 7, m("Q Q Q Q Q Q 2"), m("A A A A A A A"),
                   m("J J J J J")],
         "hands": [[], m("4 5 6"), m("8 9 10 J")]},
        {"id": "B", "melds": [m("A A A")], "hands": [low, low, m("4 4 5 5 6 6 8 8 9 9 10 10 Q")]}]}
    ans = C(api, "score", {"variant": "pennies-from-heaven", "sides": PENNIES, "deal": deal})
    a = totals(ans)["A"]
    # bonuses 1,500 + 1,000 + 500 + 500 (natural aces) + 300 + 1,000 + 100 = 4,900; cards 430 + 140 (A x7) + 50
    # (J x5) = 620 less 55
    assert a == (4900, 620 - 55, 4900 + 565)
    assert ("canasta of sevens", 1500) in lines(ans, "A") and ("8 red threes", 1000) in lines(ans, "A")


def test_pennies_going_out_needs_four_kinds_and_sevens_stay(api):
    pos = {"phase": "play", "hand": m("5H 7H"), "melds": {"A": [["K"] * 7, m("7 7 7 7 7 7 7")]},
           "pile": {"top": "8D", "size": 3}}
    body = {"variant": "pennies-from-heaven", "sides": PENNIES, "position": pos,
            "action": {"type": "discard", "player": "A1", "card": "7H"}}
    ans = C(api, "check", body)
    assert ans["violations"][0]["message"] == "no seven is discarded until each side has a canasta of sevens"
    pos["hand"] = m("5H")
    body["action"]["card"] = "5H"
    ans = C(api, "check", body)
    assert "missing: a wild canasta, a mixed canasta" in ans["violations"][0]["message"]


def test_pennies_packet_after_a_first_canasta(api):
    pos = {"phase": "play", "hand": m("5H 6D"), "melds": {"A": [["K"] * 7]}, "pile": {"top": "8D", "size": 3},
           "packet": True}
    body = {"variant": "pennies-from-heaven", "sides": PENNIES, "position": pos,
            "action": {"type": "packet", "player": "A1"}}
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/1.5"     # no canasta of his own yet
    pos["completed_canasta"] = True
    assert C(api, "check", body)["effects"] == {"packet": 11}


def italian_deal():
    return {"sides": [
        {"id": "NS", "went_out": True, "red_threes": m("3H 3H 3D 3D"),
         "melds": [["K"] * 7, ["Q"] * 7, ["J"] * 7, ["10"] * 7, m("9 9 9 9 9 9 JK"), m("2 2 2 2 2 2 2")],
         "hands": [[], m("4 5 6 7")]},
        {"id": "EW", "melds": [m("A A A"), m("2 2 2 JK")],
         "hands": [m("4 4 5 6 7 8 9 10 J Q K A 5 6"), m("4 5 6 7 8 9 10 J Q K 8 9 10")]}]}


def test_italian_hand(api):
    # NS went out (300, no concealed bonus) with four natural canastas (2,000) and a mixed one (300) — four natural
    # and one mixed: 1,000 more — and seven 2s (3,000, the side went out); four red threes 200 each = 800.
    # Base 300 + 2,000 + 300 + 1,000 + 3,000 + 800 = 7,400.  Cards: K, Q, J, 10 seven each = 280, 9 x6 + JK =
    # 110, 2 x7 = 140: 530, less South's 4 5 6 7 (20).
    # EW did not go out: its unfinished deuce meld scores only its cards (A A A 60, 2 2 2 JK 110), less its hands.
    ans = C(api, "score", {"variant": "italian", "sides": S4, "deal": italian_deal()})
    assert totals(ans)["NS"] == (7400, 510, 7910)
    assert ("four natural canastas and a mixed one", 1000) in lines(ans, "NS")
    assert ("4 red threes", 800) in lines(ans, "NS") and ("going out", 300) in lines(ans, "NS")
    assert ans["target"] == 12000


def test_italian_deuce_rules(api):
    # the deuce canasta does not count for going out: two other canastas are needed
    pos = {"phase": "play", "hand": m("5H"), "melds": {"NS": [["K"] * 7, m("2 2 2 2 2 2 2")]},
           "pile": {"top": "8D", "size": 3}}
    body = {"variant": "italian", "sides": S4, "position": pos,
            "action": {"type": "discard", "player": "North", "card": "5H"}}
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/6.2"
    # while the side's deuce meld is unfinished, no 2 goes into another meld as a wild card
    pos = {"phase": "play", "hand": m("9S 9D 2C 10S JD QD KD 4C"), "melds": {"NS": [["K"] * 3, m("2 2 2")]},
           "pile": {"top": "8D", "size": 3}}
    body = {"variant": "italian", "sides": S4, "position": pos,
            "action": {"type": "meld", "player": "North", "melds": [m("9S 9D 2C")]}}
    assert "deuce meld is unfinished" in C(api, "check", body)["violations"][0]["message"]


def test_italian_opening_is_natural_and_the_pile_counted_off(api):
    hand = m("AH AD AS KH KD KS 2C 4C 5C 6C 8D 9D 10D JD QD 4H 5H")
    body = {"variant": "italian", "sides": S4,
            "position": {"phase": "play", "hand": hand, "pile": {"top": "8C", "size": 9}},
            "action": {"type": "meld", "player": "North", "melds": [m("AH AD AS 2C"), m("KH KD KS")]}}
    assert C(api, "check", body)["violations"][0]["message"] == "the opening melds take no wild card"
    body["action"]["melds"] = [m("AH AD AS"), m("KH KD KS")]
    assert C(api, "check", body)["legal"] is True
    import sys
    sys.path.insert(0, "tests")
    from canasta_sim import random_canasta_log
    sides, log, _ = random_canasta_log(2, "italian")
    log[0]["pile"] = log[0]["pile"][1:]                 # one card too few counted off under the upcard
    ans = C(api, "validate", {"variant": "italian", "sides": sides, "log": log})
    assert (ans["first_violation"]["rule"], ans["first_violation"]["pointer"]) == ("canasta/1.6", "/log/0/pile")


def test_sevens_game_scores(api):
    # Nobody goes out: the deal ran to the end of the stock.  NS: natural sevens 1,500, mixed kings 300, an
    # escalera 4H-10H (no bonus figure in the seed: 0), all six red threes 2,000 (they follow the escalera);
    # base 3,800.  Cards: 35 + (50 + 20 + 20) + 50 = 175, 9 9 9 30: 205; North keeps a 7 (-500, not 5) and a 4;
    # South keeps 3S 3C (-200 each, not 5).  NS show 24 melded and 17 held, 41 cards: the 30 dealt and the 11 stock
    # cards their first canasta brought (a side with a canasta and fewer than 41 is refused below).
    deal = {"sides": [
        {"id": "NS", "red_threes": m("3H 3H 3D 3D 3H 3D"),
         "melds": [["7"] * 7, m("K K K K K 2 2"), m("4H 5H 6H 7H 8H 9H 10H"), m("9 9 9")],
         "hands": [m("7 4"), m("3S 3C 5 6 8 8 10 J Q 4 5 K Q J 10")]},
        {"id": "EW", "melds": [m("A A A")],
         "hands": [m("4 4 5 6 8 9 10 J Q K A 5 6 8 9"), m("4 5 6 8 9 10 J Q K 8 9 10 J Q")]}]}
    ans = C(api, "score", {"variant": "sevens", "sides": S4, "deal": deal})
    ns = lines(ans, "NS")
    assert ("canasta of sevens", 1500) in ns and ("6 red threes", 2000) in ns
    assert ("1 seven left in hand", -500) in ns and ("2 black threes left in hand", -400) in ns
    deal["sides"][0]["went_out"] = True
    deal["sides"][0]["hands"][0] = []
    assert C(api, "score", {"variant": "sevens", "sides": S4, "deal": deal}, 422)["errors"][0]["pointer"] == \
        "/deal/sides/0/went_out"
    # Found by probing: without South's last four cards NS show 37, short of the 41 a first canasta implies.
    deal["sides"][0]["went_out"] = False
    deal["sides"][0]["hands"] = [m("7 4"), m("3S 3C 5 6 8 8 10 J Q 4 5")]
    err = C(api, "score", {"variant": "sevens", "sides": S4, "deal": deal}, 422)["errors"][0]
    assert err["pointer"] == "/deal/sides" and "11 stock cards" in err["detail"]


def test_sevens_game_play(api):
    # black threes meld at any time; the last card is never discarded; the first canasta brings 11 stock cards
    pos = {"phase": "play", "hand": m("3S 3C 3S 5H 6D 8C"), "melds": {"NS": [["K"] * 3]},
           "pile": {"top": "8D", "size": 3}}
    body = {"variant": "sevens", "sides": S4, "position": pos,
            "action": {"type": "meld", "player": "North", "melds": [m("3S 3C 3S")]}}
    assert C(api, "check", body)["legal"] is True
    pos = {"phase": "play", "hand": m("5H"), "melds": {"NS": [["K"] * 7]}, "pile": {"top": "8D", "size": 3}}
    body = {"variant": "sevens", "sides": S4, "position": pos,
            "action": {"type": "discard", "player": "North", "card": "5H"}}
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/6.2"
    pos = {"phase": "play", "hand": m("KC KD 5H 6D 8C"), "melds": {"NS": [["K"] * 5]},
           "pile": {"top": "8D", "size": 3}}
    body = {"variant": "sevens", "sides": S4, "position": pos,
            "action": {"type": "meld", "player": "North", "melds": [{"rank": "K", "cards": ["KC", "KD"]}]}}
    assert C(api, "check", body)["effects"] == {"canastas": 1, "extra_cards_due": 11}


def test_s19_s20_s24_vectors():
    samba = VARIANTS["samba"].resolve({})
    # S19 (score-only arithmetic): samba 8-A (80) + natural fives (35) + going out 200 + two red threes 200:
    # 1,500 + 500 + 200 + 200 = 2,400 and 115 in cards: 2,515.
    from referee.canasta.scoring import score_side
    s19 = score_side([cards("8H 9H 10H JH QH KH AH"), cards("5 5 5 5 5 5 5")], [], samba, red_threes=2,
                     went_out=True)
    assert (s19.base, s19.cards, s19.total) == (2400, 115, 2515)
    # S20: a bolivia of three jokers and four 2s: 150 + 80 = 230 in cards and 2,500
    s20 = score_side([cards("JK JK JK 2 2 2 2")], [], VARIANTS["bolivia"].resolve({}))
    assert (s20.base, s20.cards) == (2500, 230)
    # S24: Brazilian red threes, five 1,000 and six 1,200 with a canasta
    br = VARIANTS["brazilian"].resolve({})
    assert (red_three_points(5, True, br), red_three_points(6, True, br)) == (1000, 1200)


def test_seed_readings_as_options(api):
    # Cuban red threes by the seed's per-card wording: three are 3 x 500 = 1,500 (S22's alternative)
    assert red_three_points(3, True, VARIANTS["cuban"].resolve({"red_three_scale": "cuban_each"})) == 1500
    # Mexicana's pile "only on a seven", the seed's literal reading
    body = {"variant": "mexicana", "options": {"seven_on_pile": "only"}, "sides": S4,
            "position": {"hand": m("QC QD 4C 5D 6H 8S 9H 10S JD KD 4D 5H 6C"), "melds": {"NS": [m("AH AD AS")]},
                         "pile": {"top": "QH", "size": 3}},
            "action": {"type": "take_pile", "player": "North", "cards": ["QC", "QD"]}}
    assert "only with a seven on top" in C(api, "check", body)["violations"][0]["message"]
    body["options"] = {}
    assert C(api, "check", body)["legal"] is True


def test_cuban_hand(api):
    # NS went out: natural kings 500, a canasta of seven 2s 4,000 (S21), three red threes with a canasta 500,
    # going out 100 (no concealed bonus): 5,100.  Cards 70 + 140 + 30 (Q Q Q) = 240, less South's 4 5 6 (15) and
    # the rest of his 13: 8 9 10 J (40), 4 5 6 (15) = 70.
    deal = {"sides": [
        {"id": "NS", "went_out": True, "red_threes": m("3H 3D 3H"),
         "melds": [["K"] * 7, ["2"] * 7, m("Q Q Q")], "hands": [[], m("4 5 6 8 9 10 J 4 5 6")]},
        {"id": "EW", "melds": [m("A A A")], "hands": [m("4 4 5 6 7 8 9 10 J Q 7 A"), m("4 5 6 7 8 9 10 J Q 9 8")]}]}
    ans = C(api, "score", {"variant": "cuban", "sides": S4, "deal": deal})
    assert totals(ans)["NS"] == (5100, 240 - 70, 5100 + 170)


def test_mexicana_and_chile_and_graded_hands(api):
    # Mexicana: NS went out with natural sevens (1,000 instead of 500) and natural kings 500, two red threes (200)
    # for its two canastas, going out 100: 1,800.  Cards 35 + 70 + 30 = 135, less South's hand.
    deal = {"sides": [
        {"id": "NS", "went_out": True, "red_threes": m("3H 3D"), "melds": [["7"] * 7, ["K"] * 7, m("Q Q Q")],
         "hands": [[], m("4 5 6 8 9 10 J 4 5 6 8 9 10 J 4 5 6 8 9 4 5 6")]},
        {"id": "EW", "melds": [m("A A A")],
         "hands": [m("4 4 5 6 8 9 10 J Q K A 5 6 8 9 10 J Q K A 4 5 6"), m("4 5 6 8 9 10 J Q K 8 9 10 J Q")]}]}
    ans = C(api, "score", {"variant": "mexicana", "sides": S4, "deal": deal})
    # South (13 dealt, 13 brought by the side's first meld, and his draws): 4 5 6 four times (60) and
    # 8 9 10 J 8 9 10 J 8 9 (100): 160
    assert totals(ans)["NS"] == (1800, 135 - 160, 1800 - 25)
    # graded-wild: a mixed canasta with one wild card scores 400
    deal = {"sides": [
        {"id": "NS", "went_out": True, "red_threes": ["3H"], "melds": [m("K K K K K K 2"), m("Q Q Q")],
         "hands": [[], m("4 5 6 8 9 10 J 4 5 6 8 9")]},
        {"id": "EW", "melds": [m("A A A")], "hands": [m("4 4 5 6 8 9 10 J Q K A"), m("4 5 6 8 9 10 J Q K 8 9")]}]}
    ans = C(api, "score", {"variant": "graded-wild", "sides": S4, "deal": deal})
    assert ("mixed canasta of K", 400) in lines(ans, "NS")


# ---------------------------------------------------------------- faults found by black-box probing, kept

def test_samba_top_card_onto_a_sequence(api):
    pos = {"hand": m("5C 6D 7H 9S 10S JD QD 4C 4D 5S 8S 9D 10D 8H 9H"), "melds": {"NS": [m("4S 5S 6S")]},
           "pile": {"top": "7S", "size": 4}}
    body = {"variant": "samba", "sides": S4, "position": pos,
            "action": {"type": "take_pile", "player": "North", "cards": []}}
    assert C(api, "check", body)["legal"] is True


def test_hollywood_sequences_need_three_naturals(api):
    deal = {"sides": [{"id": "NS", "melds": [m("2C 5S 6S")], "hands": [m("4 5 6 7 8 9 10 J Q K A 4 5 6 7"),
                                                                 m("4 5 6 7 8 9 10 J Q K A 4 5 6 7")]},
                      {"id": "EW", "hands": [m("4 5 6 7 8 9 10 J Q K A 4 5 6 7"),
                                             m("4 5 6 7 8 9 10 J Q K A 4 5 6 7")]}]}
    ans = C(api, "score", {"variant": "hollywood", "sides": S4, "deal": deal}, 422)
    assert ans["errors"][0]["pointer"] == "/deal/sides/0/melds/0"


def test_brazilian_escalera_opens_from_9000_and_black_threes(api):
    hand = m("4C 5C 6C 7C 8C 9C 10C 9S 10S JD QD KD 5H 6H 8D 9D 10D")
    body = {"variant": "brazilian", "sides": S4, "state": {"scores": {"NS": 9000, "EW": 0}},
            "position": {"phase": "play", "hand": hand, "pile": {"top": "8H", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [m("4C 5C 6C 7C 8C 9C 10C")]}}
    assert C(api, "check", body)["legal"] is True
    assert VARIANTS["brazilian"].resolve({})["black_three_in_hand"] == "minus_100"


def test_brazilian_escalera_extended_when_going_out(api):
    pos = {"phase": "play", "hand": m("JC 5D"), "melds": {"NS": [m("4C 5C 6C 7C 8C 9C 10C"), ["K"] * 7]},
           "pile": {"top": "8H", "size": 3}, "turn": {"answer": "yes"}}
    body = {"variant": "brazilian", "sides": S4, "position": pos,
            "action": {"type": "go_out", "player": "North", "melds": [{"rank": "5C", "cards": ["JC"]}], "card": "5D"}}
    assert C(api, "check", body)["legal"] is True


def test_cuban_no_black_three_in_the_first_round(api):
    pos = {"phase": "play", "hand": m("3S 5D 6H 7C 8S 9H 10D JC QS KD AH 4C 5C 6D"), "pile": {"top": "8H", "size": 3},
           "turn": {"first_round": True}}
    body = {"variant": "cuban", "sides": S4, "position": pos,
            "action": {"type": "discard", "player": "North", "card": "3S"}}
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/2.3"
    pos["turn"] = {}
    assert C(api, "check", body)["legal"] is True


def test_variant_listing_shows_the_bonuses_in_force(client):
    opts = {o["name"]: o["default"] for o in client.get("/v1/games/canasta/variants/samba").get_json()["options"]}
    assert (opts["going_out_bonus"], opts["concealed_bonus"]) == (200, 0)


def test_lay_off_by_rank_takes_that_rank(api):
    pos = {"phase": "play", "hand": m("7H 9S 10S JD QD KD 4C 5C 6C 8D 9D 10D JH 4H 5H 6H 8C"),
           "melds": {"NS": [["K"] * 3]}, "pile": {"top": "8H", "size": 3}}
    body = {"variant": "samba", "sides": S4, "position": pos,
            "action": {"type": "meld", "player": "North", "melds": [{"rank": "K", "cards": ["7H"]}]}}
    ans = C(api, "check", body)
    assert (ans["violations"][0]["rule"], ans["violations"][0]["message"]) == \
        ("canasta/3.1", "meld 1: cards laid on the side's Ks are Ks or wild cards")


def test_extra_cards_listed_while_due(api):
    pos = {"phase": "play", "hand": m("4C 5C 6C 8D"), "melds": {"NS": [m("AH AD AS"), m("KH KD KS")]},
           "pile": {"top": "8C", "size": 3}, "turn": {"melded": True, "extra_cards_due": True}}
    body = {"variant": "mexicana", "sides": S4, "position": pos,
            "action": {"type": "extra_cards", "player": "North"}}
    assert C(api, "check", body)["legal_actions"] == [{"type": "extra_cards", "player": "North"}]


def test_conflicting_preset_names_both_options(api):
    body = {"variant": "samba", "options": {"same_rank_melds": "one"}, "sides": S4,
            "deal": {"sides": [{"id": "NS", "hands": [[]]}]}}
    ans = C(api, "score", body, 422)
    assert {e["pointer"] for e in ans["errors"]} == {"/options/layoff_take", "/options/same_rank_melds"}


def test_hollywood_wild_pair_takes_a_wild_top(api):
    pos = {"hand": m("2D 2H 5C 6D 9S 10S JD QD 4C 4D 5S 8S 9D 10D 8H"), "melds": {"NS": [["K"] * 3]},
           "pile": {"top": "2C", "size": 4}}
    body = {"variant": "hollywood", "sides": S4, "position": pos,
            "action": {"type": "take_pile", "player": "North", "cards": ["2D", "2H"]}}
    assert C(api, "check", body)["effects"]["cards_taken"] == 4
    body["variant"] = "samba"
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/5.2"


def test_cuban_black_threes_set_aside(api):
    # Two black threes set aside from taken piles: 10; all four: 100.
    deal = {"sides": [
        {"id": "NS", "went_out": True, "black_threes_set_aside": 4, "melds": [["K"] * 7, m("Q Q Q")],
         "hands": [[], m("4 5 6 8 9 10 J 4 5 6 8 9 10")]},
        {"id": "EW", "melds": [m("A A A")],
         "hands": [m("4 4 5 6 7 8 9 10 J Q 7 A"), m("4 5 6 7 8 9 10 J Q 9 8")]}]}
    ans = C(api, "score", {"variant": "cuban", "sides": S4, "deal": deal})
    assert ("4 black threes set aside", 100) in lines(ans, "NS")
    from referee.canasta.scoring import score_side
    assert score_side([], [], VARIANTS["cuban"].resolve({}), black_threes_aside=2).base == 10
    deal["sides"][1]["black_threes_set_aside"] = 2        # six black threes: two packs hold four
    assert C(api, "score", {"variant": "cuban", "sides": S4, "deal": deal}, 422)["errors"][0]["pointer"] == \
        "/deal/sides"
