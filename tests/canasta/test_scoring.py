"""The Canasta scoring core under the classic options (canasta.md §3.1 S-vectors, §3.2 M-vectors), by hand."""
import pytest

from referee.canasta.cards import card_value
from referee.canasta.melds import MeldFault, canasta_bonus, classify, opening_minimum, red_three_points
from referee.canasta.options import VARIANTS
from referee.canasta.scoring import score_side
from referee.cards import parse_card
from tests.canasta_helpers import loaded

CLASSIC = VARIANTS["classic"].resolve({})


def side_score(melds, red_threes, hands, went_out=False, concealed=False, **options):
    """One side's score under the classic options (with ``options`` overridden)."""
    return score_side(melds, hands, {**CLASSIC, **options}, red_threes=red_threes, went_out=went_out,
                      concealed=concealed)


def meld_fault(cards, going_out=False):
    try:
        classify(cards, CLASSIC, going_out=going_out)
    except MeldFault as e:
        return str(e)
    return None


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
    ("2H 2D JK", "wild cards alone do not meld"),
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
    assert canasta_bonus("group", cards("KH KD KS KC KH KD KS"), CLASSIC) == ("natural canasta", 500)
    assert canasta_bonus("group", cards("9H 9D 9S 9C 9H 2D JK"), CLASSIC) == ("mixed canasta", 300)
    assert canasta_bonus("group", cards("9H 9D 9S 9C 9H 2D"), CLASSIC) is None


@pytest.mark.parametrize("n,melded,score", [(1, True, 100), (2, True, 200), (3, True, 300), (4, True, 800),
                                            (2, False, -200), (4, False, -800)])
def test_s6_s7_red_threes(n, melded, score):
    assert red_three_points(n, melded, CLASSIC) == score


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
    assert opening_minimum(score, CLASSIC) == minimum


def test_m7_negative_minimum_option():
    assert opening_minimum(-5, {**CLASSIC, "negative_minimum": 0}) == 0


def test_every_cited_rule_is_in_the_rulebook():
    import pathlib
    import re

    from referee.rulebook import Rulebook
    here = pathlib.Path(__file__).resolve().parents[2] / "referee" / "canasta"
    book = Rulebook.load(here / "rules.yaml")
    cited = set().union(*(re.findall(r'"(canasta/\d+\.\d+)"', f.read_text()) for f in here.glob("*.py")))
    assert cited and cited <= set(book.rules)
    assert all(r.source for r in book.rules.values())


# ---------------------------------------------------------------- the score view (not yet served over HTTP)

from referee.canasta.views import score  # noqa: E402
from referee.errors import InputError  # noqa: E402
from tests.canasta_helpers import S4, items, m  # noqa: E402

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
    return score(loaded("score", req), v, v.resolve(options or {}))


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
    # NS 3,650 + 1,355 = 5,005; EW 4,990 + 40 = 5,030: both past 5,000, EW higher (canasta/7.2, D19).
    ans = run(full_deal(), state={"scores": {"NS": 3650, "EW": 4990}})
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


@pytest.mark.parametrize("need,score", [(False, 200), (True, -200)])
def test_red_threes_need_canasta_option(need, score):
    # A side with a meld but no canasta and two red threes: +200 officially, -200 where a canasta is needed.
    s = side_score([cards("8H 8D 8S")], 2, [], red_threes_need="canasta" if need else "meld")
    assert s.base == score


def test_s9_tutorial_hand():
    # mixed canasta 9 x5 + 2 + JK (300 bonus; 50 + 20 + 50 = 120 in cards) and three tens (30): 150 melded;
    # going out 100; the partner keeps 5 5 5 (15): 300 + 100 + 150 - 15 = 535.
    s = side_score([cards("9H 9D 9S 9C 9H 2D JK"), cards("10H 10D 10S")], 0, [cards("5H 5D 5S")], went_out=True)
    assert (s.base, s.cards, s.total) == (400, 135, 535)


def test_every_option_is_listed_by_the_rule_it_governs():
    """Citations show each rule's options; an option missing from its rule's list would never be shown."""
    import pathlib

    from referee.canasta.options import SPECS
    from referee.rulebook import Rulebook
    book = Rulebook.load(pathlib.Path(__file__).resolve().parents[2] / "referee" / "canasta" / "rules.yaml")
    unlisted = {name for name, spec in SPECS.items() if name not in book[spec.rule].options}
    assert not unlisted, unlisted
    assert all(spec.rule in book for spec in SPECS.values())
    assert all(o in SPECS for r in book.rules.values() for o in r.options)


@pytest.mark.parametrize("meld,variant,options,excess", [
    ("5H 5D 5S 2C 2D", "classic", {}, 0),                          # two wild cards on three naturals: allowed
    ("5H 5D 5S 2C 2D JK", "classic", {}, 0),                       # as many wild cards as naturals: allowed
    ("5H 5D 5S 2C 2D JK", "classic", {"wild_ratio": "fewer"}, 1),  # naturals must outnumber them: one too many
    ("5H 5D 5S 2C 2D", "samba", {}, 1),                            # half: three naturals carry one wild card
    ("5H 5D 5S 5C 2C 2D 2H", "samba", {}, 1),                      # two at most (max_wilds), and 4 // 2 = 2
    ("5H 5D 5S 2C 2D 2H JK", "classic", {}, 1),                     # four wild cards: three at most
    ("KH KD 2C 2D JK", "russian-popular", {}, 0),                  # no cap, no ratio below a canasta
])
def test_excess_wild_cards_by_ratio(meld, variant, options, excess):
    from referee.canasta.melds import excess_wilds
    assert excess_wilds(cards(meld), VARIANTS[variant].resolve(options)) == excess


# S14–S18 come from a four-pack "Pierson family" game (hand and foot, landoware/canasta-server), which Referee does
# not model; its canasta values are those of options we have, so the vectors are checked under them.
PIERSON = VARIANTS["classic"].resolve({"packs": 4, "red_three_scale": "eight_1000", "sevens_canasta_bonus": 1500,
                                       "wild_melds": "bolivia",
                                       "black_three_in_hand": "minus_100"})


@pytest.mark.parametrize("melds,hand,base,card_points", [
    (["10H 10D 10S 10C 10H 10D 10S"], "", 500, 70),            # S14: 70 + 500 = 570
    (["10H 10D 10S 10C 10H JK 2C"], "", 300, 120),             # S15: 50 + 50 + 20 + 300 = 420
    (["7H 7D 7S 7C 7H 7D 7S"], "", 1500, 35),                  # S16: 35 + 1,500 = 1,535
    (["JK JK JK 2C 2D 2H 2S"], "", 2500, 230),                 # S17: 150 + 80 + 2,500 = 2,730
    ([], "3S 3C", -200, 0),        # S18: two black threes in hand, -100 each (a base line replacing their 5 in cards)
])
def test_s14_s18_pierson_values_under_options(melds, hand, base, card_points):
    side = score_side([cards(x) for x in melds], [cards(hand)] if hand else [], PIERSON, red_threes=0,
                      went_out=False, concealed=False)
    assert (side.base, side.cards) == (base, card_points)


def opts(variant, **over):
    return VARIANTS[variant].resolve(over)


def full_deal_mt():
    """The README's four-player hand: NS 22 + 10 cards shown, EW 7 melded and 7 + 8 in hand (22)."""
    return {"sides": [
        {"id": "NS", "went_out": True, "red_threes": ["3H", "3D"],
         "melds": [["K"] * 7, m("9 9 9 9 9 2 JK"), m("A A A A"), m("8 8 8"), m("6 6 6")],
         "hands": [[], m("7 4 5 5 Q J 10 9")]},
        {"id": "EW", "red_threes": ["3H"], "melds": [m("Q Q Q 2"), m("J J J")],
         "hands": [m("JK Q 4 4 5 6 7"), m("5 6 K 10 10 7 4 4")]}]}


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


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("natural,mixed,line", [
    (4, 0, None),                                             # four natural canastas and no mixed one: nothing
    (4, 1, ("four natural canastas and a mixed one", 1000)),
    (4, 2, ("four natural canastas and a mixed one", 1000)),  # more mixed ones do not take it away
])
def test_italian_four_natural_and_a_mixed_canasta(natural, mixed, line):
    ranks = ["K", "Q", "J", "10", "9", "8", "A"]
    melds = [cards(" ".join(f"{r}{s}" for s in "SHDCSHD")) for r in ranks[:natural]]
    melds += [cards(" ".join(f"{r}{s}" for s in "SHDCSH") + " JK") for r in ranks[natural:natural + mixed]]
    got = [x for x in items(score_side(melds, [cards("4S")], opts("italian")))
           if x[0] == "four natural canastas and a mixed one"]
    assert got == ([line] if line else [])


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_plain_side_score_has_only_its_card_lines():
    # K K K melded (30), 4 and 5 in hand (10): no red three, black three set aside, double ending or going out
    s = score_side([cards("KS KH KD")], [cards("4S 5S")], opts("classic"))
    assert items(s) == [("melded cards", 30), ("cards left in hand", -10)] and s.total == 20
    # nor under the traditional game, whose double ending goes only with going out and the flag
    s = score_side([cards("KS KH KD KC KS KH KD")], [[], cards("4S")], opts("traditional"), went_out=True)
    assert items(s) == [("natural canasta of K", 500), ("going out", 100), ("melded cards", 70),
                        ("cards left in hand", -5)]


# A threshold the mutation pass over the Canasta engine found untested.
def test_an_unfinished_palace_wild_meld_line():
    # five wild cards at the count cost 1,000 (the line and the base), and count 50 + 4 x 20 = 130
    s = score_side([cards("JK 2S 2H 2D 2C")], [cards("4S")], opts("palace", wild_melds="palace", jokers_per_pack=3))
    assert items(s)[0] == ("unfinished wild-card meld", -1000) and s.base == -1000


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("n,line", [(9, None), (10, ("ten canastas", 2000)), (11, ("ten canastas", 2000))])
def test_italian_ten_canastas(n, line):
    # three packs: 12 of each rank; n natural canastas of different ranks (also five natural: 2,000 more)
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
    melds = [cards(" ".join(f"{r}{s}" for s in "SHDCSHD")) for r in ranks[:n]]
    got = [x for x in items(score_side(melds, [cards("4S")], opts("italian"))) if x[0] == "ten canastas"]
    assert got == ([line] if line else [])


# A threshold the mutation pass over the Canasta engine found untested.
def test_black_threes_in_a_deal():
    # three black threes melded by the side that went out are fine (two packs hold four) ...
    d = full_deal_mt()
    d["sides"][0]["melds"].append(m("3S 3C 3S"))
    assert view_score(d)["sides"][0]["card_score"] == 255 + 15
    # ... five are not
    d["sides"][1]["hands"][0] += m("3C 3S")
    assert fault(d) == {"pointer": "/deal/sides", "detail": "the 108-card deck holds 4 black threes; the deal shows 5"
                                                            ""}


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("total", [True, 1252])
def test_a_side_total_is_a_multiple_of_5(total):
    from referee.canasta.parse import parse_table
    from referee.errors import InputError
    v = VARIANTS["classic"]
    with pytest.raises(InputError) as e:
        parse_table(loaded("validate", {"sides": S4, "state": {"scores": {"NS": total, "EW": 0}}, "log": [{"type": "end"}]}),
                    v, v.resolve({}))
    assert e.value.errors[0]["pointer"] == "/state/scores/NS"
