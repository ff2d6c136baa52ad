"""Canasta: melds — what may join a meld, the wild-card limits, sequences, wild-card and deuce melds, and what makes a
canasta.
"""
import json
import pathlib

import pytest

from referee import service
from referee.canasta.melds import MeldFault, canasta_bonus, classify, excess_wilds
from referee.canasta.options import VARIANTS
from referee.canasta.scoring import score_side
from referee.cards import parse_card
from tests.canasta_helpers import K7, S4, C, chk, full_deal, items, m, pointer


def cards(s):
    return [parse_card(c) for c in s.split()]


def opts(variant, **over):
    return VARIANTS[variant].resolve(over)


def ruling(ans):
    return ans["legal"], (ans["violations"][0]["rule"] if ans["violations"] else None)


def sevens_position(melds):
    """The sevens game (three packs, 15 dealt, draw two): North has drawn; his side has melded."""
    return {"variant": "sevens", "sides": S4,
            "position": {"phase": "play", "hand": m("3C 5H 6H 9D 10D JD QD 4S 4C 8H 8S 10S KS"),
                         "melds": {"NS": melds}, "pile": {"top": "8C", "size": 4}, "stock": 60},
            "action": {"type": "meld", "player": "North", "melds": [{"rank": "3", "cards": ["3C"]}]}}


def italian_side(natural, mixed):
    """``natural`` natural canastas and ``mixed`` mixed ones (six naturals and a joker), of different ranks."""
    ranks = ["K", "Q", "J", "10", "9", "8", "A"]
    out = []
    for r in ranks[:natural]:
        out.append(cards(" ".join(f"{r}{s}" for s in "SHDCSHD")))
    for r in ranks[natural:natural + mixed]:
        out.append(cards(" ".join(f"{r}{s}" for s in "SHDCSH") + " JK"))
    return out


def sequence(suit, n):
    ranks = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return cards(" ".join(r + suit for r in ranks[:n]))


def strict_position(meld):
    """Canasta Palace with strict wild cards: NS has opened with kings; North holds five nines (two packs: 9H twice),
    two 2s and a joker."""
    return {"variant": "palace", "options": {"strict_wild_cards": True}, "sides": S4,
            "position": {"phase": "play", "hand": m("9H 9D 9S 9C 9H 2C 2D JK 5H 6D"), "melds": {"NS": [["K"] * 7]},
                         "pile": {"top": "8C", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [m(meld)]}}


# Issue 18 (an outside audit of Canasta).
def test_mexicana_sevens_natural_or_mixed_score_1000():
    o = opts("mexicana")
    assert canasta_bonus("group", cards("7S 7H 7D 7C 7S 7H 7D"), o) == ("canasta of sevens", 1000)
    assert canasta_bonus("group", cards("7S 7H 7D 7C 7S 7H 2D"), o) == ("canasta of sevens", 1000)
    # the other reading (a natural one only): the mixed one is an ordinary mixed canasta, 300
    assert canasta_bonus("group", cards("7S 7H 7D 7C 7S 7H 2D"), opts("mexicana", sevens_canasta_mixed=False)) == \
        ("mixed canasta", 300)
    # the line: 1,000 and 6 x 5 + 20 = 50 in cards
    s = score_side([cards("7S 7H 7D 7C 7S 7H 2D")], [cards("4S")], o)
    assert items(s)[:2] == [("canasta of sevens", 1000), ("melded cards", 50)]


# Issue 18 (an outside audit of Canasta).
@pytest.mark.parametrize("meld,not_more,none", [
    ("7S 7H 2D", True, True),                  # 2 naturals, 1 wild
    ("7S 7H 2D 2C", True, True),               # 2 and 2: equal is allowed by both
    ("7S 7H 2D 2C JK", False, True),           # 2 and 3: the official laws as written allow up to three
    ("7S 7H 2D 2C 2S JK", False, False),       # 2 and 4: over the cap of three under any reading
    ("7S 7H 7D 2D 2C JK", True, True),         # 3 and 3
    ("7S 7H 7D 7C 2D 2C JK", True, True),      # a mixed canasta, 4 and 3
])
def test_wild_ratio_none_is_the_cap_alone(meld, not_more, none):
    for ratio, legal in (("not_more", not_more), ("none", none)):
        o = opts("classic", wild_ratio=ratio)
        if legal:
            assert classify(cards(meld), o) == "group"
        else:
            with pytest.raises(MeldFault):
                classify(cards(meld), o)


# Issue 18 (an outside audit of Canasta).
def test_wild_ratio_none_counts_excess_only_over_the_cap():
    # 7 7 and four wild cards: one over the cap of three (none); two over the two naturals as well (not_more)
    meld = cards("7S 7H 2D 2C 2S JK")
    assert excess_wilds(meld, opts("classic", wild_ratio="none")) == 1
    assert excess_wilds(meld, opts("classic")) == 2


# Issue 18 (an outside audit of Canasta).
def test_a_meld_of_two_naturals_and_three_wild_cards_under_none(api):
    # North has drawn (his side melded kings) and lays 7 7 2 2 JK: legal only without the ratio
    body = {"sides": S4, "options": {"wild_ratio": "none"},
            "position": {"phase": "play", "hand": m("7S 7H 2D 2C JK 5H 6D 9S"), "melds": {"NS": [["K"] * 3]},
                         "pile": {"top": "8C", "size": 3}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [m("7S 7H 2D 2C JK")]}}
    assert C(api, "check", body)["legal"] is True
    body["options"] = {}
    assert ruling(C(api, "check", body)) == (False, "canasta/3.1")


# Issue 18 (an outside audit of Canasta).
def test_nothing_joins_a_meld_of_black_threes(api):
    # a ruling under canasta/2.3, with the 100 of an illegal meld (8.2); 3S 3S 3C melded and 3C in hand: 4 of the
    # 6 black threes of three packs
    ans = C(api, "check", sevens_position([m("3S 3S 3C"), m("K K K")]))
    assert ruling(ans) == (False, "canasta/2.3")
    assert ans["violations"][0] == {"rule": "canasta/2.3", "message": "meld 1: nothing is added to a meld of black "
                                                                      "threes", "pointer": "/action/melds/0/rank"}
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.2", -100)]
    # a side without black threes melded has nothing to add them to
    ans = C(api, "check", sevens_position([m("K K K")]))
    assert ruling(ans) == (False, "canasta/3.1")
    assert ans["violations"][0]["message"] == "meld 1: the side has no meld of black threes to add these cards to"


# Issue 18 (an outside audit of Canasta).
@pytest.mark.parametrize("natural,mixed,default,with_mixed", [
    (4, 1, ("four natural canastas and a mixed one", 1000), ("five canastas, mixed ones among them", 1000)),
    (3, 2, None, ("five canastas, mixed ones among them", 1000)),     # the Arabic text's reading only
    (3, 1, None, None),                                               # four canastas: one short of five
    (2, 4, None, ("five canastas, mixed ones among them", 1000)),     # six canastas, two natural
    (5, 0, ("five natural canastas", 2000), ("five natural canastas", 2000)),
    (5, 1, ("five natural canastas", 2000), ("five natural canastas", 2000)),   # never both
])
def test_italian_five_canastas(natural, mixed, default, with_mixed):
    for reading, want in (("four_natural_one_mixed", default), ("with_mixed", with_mixed)):
        s = score_side(italian_side(natural, mixed), [cards("4S")], opts("italian", five_canastas_bonus=reading))
        got = [x for x in items(s) if x[0] in ("four natural canastas and a mixed one", "five natural canastas",
                                               "five canastas, mixed ones among them")]
        assert got == ([want] if want else [])


# Issue 18 (an outside audit of Canasta).
@pytest.mark.parametrize("n,penalty", [(3, -1000), (4, -1000), (5, None), (6, None)])
def test_brazilian_short_sequence_boundary(n, penalty):
    # a melded run shorter than five costs 1,000 at the count: four is one under the threshold, five is at it
    s = score_side([sequence("H", n)], [cards("4S")], opts("brazilian"))
    assert [p for i, p in items(s) if i.startswith("sequence of")] == ([penalty] if penalty else [])


# Issue 18 (an outside audit of Canasta).
@pytest.mark.parametrize("n,bonus", [(4, None), (5, 1000), (6, 1000), (7, 1000)])
def test_brazilian_run_of_five_scores_1000_as_the_arabic_text_reads(n, bonus):
    s = score_side([sequence("H", n)], [cards("4S")], opts("brazilian", long_sequence_bonus=1000,
                                                             short_sequence_penalty=0))
    assert [p for i, p in items(s) if i.startswith("sequence of")] == ([bonus] if bonus else [])
    if n == 7:                         # a finished escalera keeps its own bonus (1,500) beside the 1,000
        assert ("escalera in H", 1500) in items(s)


# Issue 18 (an outside audit of Canasta).
def test_the_sevens_game_escalera_bonus():
    # the paragraph gives no figure for an escalera: 0 by default; Bolivia's 1,500 is the option's other value
    run = sequence("H", 7)          # 4H to 10H: 4 x 5 + 3 x 10 = 50 in cards
    assert items(score_side([run], [cards("4S")], opts("sevens")))[0] == ("sequence canasta in H", 0)
    assert items(score_side([run], [cards("4S")], opts("sevens", natural_sequence_bonus=1500)))[0] == \
        ("sequence canasta in H", 1500)


# Issue 18 (an outside audit of Canasta).
@pytest.mark.parametrize("meld,legal", [
    ("9H 9D 9S 9C 9H 2C", True),               # one wild card
    ("9H 9D 9S 9C 9H 2C JK", True),            # two: the cap
    ("9H 9D 9S 9C 9H 2C 2D JK", False),        # three: over it, though five naturals carry three anywhere else
])
def test_strict_wild_cards_cap_of_two(api, meld, legal):
    ans = C(api, "check", strict_position(meld))
    assert ans["legal"] is legal
    if not legal:
        assert ans["violations"][0]["message"] == "meld 1: a meld holds at most 2 wild cards"
        body = strict_position(meld)
        body["options"] = {}
        assert C(api, "check", body)["legal"] is True        # the classic cap of three lets it stand


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_an_empty_meld_is_malformed(api):
    body = {"sides": S4, "position": {"phase": "play", "hand": m("5C 5D 5S 6H 7D 8C 9S 10H JC QD AS 4C"),
                                      "pile": {"top": "8D", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [[]]}}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/action/melds/0"


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_a_natural_card_never_joins_a_meld_of_wild_cards(api):
    body = {"variant": "bolivia", "sides": S4,
            "position": {"phase": "play", "hand": m("5D 6H 7C 8S 9D"), "melds": {"NS": [m("2C 2D JK")]},
                         "pile": {"top": "8D", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [{"rank": "wild", "cards": ["5D"]}]}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/3.3") and ans["violations"][0]["pointer"] == "/action/melds/0/cards"


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_classic_12_canasta_with_the_top_card_is_not_a_canasta_in_hand(api):
    # CN-C12 (S4:79): only a canasta held in the hand opens below the minimum; six fours and the top 4D make 35.
    body = {"variant": "classic-12", "state": {"scores": {"NS": 3000, "EW": 0}}, "sides": S4,
            "position": {"hand": m("4H 4C 4D 4S 4H 4C 5C 6D 7H 8S 9D 10C"),
                         "pile": {"top": "4D", "size": 5, "frozen_by": None}, "stock": 30},
            "action": {"type": "take_pile", "player": "North", "cards": m("4H 4C 4D 4S 4H 4C")}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/4.1") and "needs 120" in ans["violations"][0]["message"]


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_excess_wild_cards_make_no_canasta(api):
    # 9 9 9 with five wild cards: two are excess (canasta/3.1 allows three, never more than the naturals), left in
    # the meld when found late (8.2); without them the meld holds six cards: no canasta, so no going out (6.2).
    deal = {"sides": [
        {"id": "NS", "went_out": True, "melds": [m("9 9 9 2 2 2 JK JK"), m("K K K")],
         "hands": [[], m("4 5 6 7 8 9 10 J K K K K")]},
        {"id": "EW", "melds": [m("Q Q Q")], "hands": [m("4 5 6 7 8 9 10 4 5 6"), m("4 5 6 7 8 9 10 A A")]}],
        "irregularities": [{"type": "excess_wild_cards", "side": "NS", "count": 2}]}
    assert C(api, "score", {"sides": S4, "deal": deal}, 422)["errors"][0]["pointer"] == "/deal/sides/0/went_out"
    # nobody out: the meld scores its cards (9 x 3 = 30, 2 x 3 = 60, JK x 2 = 100) but no canasta bonus
    deal["sides"][0].update(went_out=False, hands=[m("4"), m("4 5 6 7 8 9 10 J K K K K")])
    lines = next(s for s in C(api, "score", {"sides": S4, "deal": deal})["sides"] if s["id"] == "NS")["lines"]
    assert not any("canasta" in ln["item"] for ln in lines)
    assert {"item": "melded cards", "points": 190 + 30, "rule": "canasta/7.1"} in lines


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_excess_wild_cards_reported_beyond_the_wild_cards_melded(api):
    deal = {"sides": [
        {"id": "NS", "went_out": True, "melds": [["K"] * 7, m("9 9 9 9 2 JK JK")],
         "hands": [[], m("4 5 6 7 8 9 10 J")]},
        {"id": "EW", "melds": [m("Q Q Q")], "hands": [m("4 5 6 7 8 9 10 4 5 6"), m("4 5 6 7 8 9 10 A A")]}],
        "irregularities": [{"type": "excess_wild_cards", "side": "NS", "count": 4}]}     # NS melded three wild cards
    err = C(api, "score", {"sides": S4, "deal": deal}, 422)["errors"][0]
    assert err["pointer"] == "/deal/irregularities/0/count"


ROOT = pathlib.Path(__file__).resolve().parents[2]


# Found by black-box probing of the Canasta endpoints.
def test_meld_pointers(api):
    pos = {"phase": "play", "hand": ["5C", "5D", "5S", "6C", "6D", "2H", "9S"], "melds": {"NS": [K7]},
           "pile": {"top": "8C", "size": 3}}
    ans = chk(api, pos, {"type": "meld", "melds": [["5C", "5D", "5H"]]})
    assert ans["violations"][0]["pointer"] == "/action/melds/0/2" and ans["penalties"] == []
    ans = chk(api, pos, {"type": "meld", "melds": [["5C", "5D", "5S"], ["6C", "2H", "9S"]]})
    assert (ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == ("canasta/3.1", "/action/melds/1")
    ans = chk(api, pos, {"type": "meld", "melds": [{"rank": "A", "cards": ["2H"]}]})
    assert ans["violations"][0]["message"] == "meld 1: the side has no meld of As to add these cards to"


# Found by black-box probing of the Canasta endpoints.
def test_excess_wild_cards_stay_when_reported(api):
    # IR5: a meld of K K K K + 2 2 2 JK JK (five wild cards: two over the limit of three) found too late stays;
    # the side is charged 2 x 50.  Unreported, the same meld is impossible input.
    body = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    body.pop("game")
    ew = body["deal"]["sides"][1]
    ew["melds"] = [["Q", "Q", "Q", "Q", "2", "2", "JK", "JK", "2"], ["J", "J", "J"]]
    ew["hands"] = [["4", "4", "5", "6", "7", "Q"], ["5", "6", "K", "10", "10", "7", "4", "4"]]
    assert pointer(C(api, "score", body, 422)) == "/deal/sides/1/melds/0"
    body["deal"]["irregularities"] = [{"type": "excess_wild_cards", "side": "EW", "count": 2}]
    ans = C(api, "score", body)
    ew_ans = ans["sides"][1]
    # mixed canasta 300 + red three 100; melds 40 + 60 + 100 + 30 = 230; East keeps 4 4 5 6 7 Q (35) and West
    # 5 6 K 10 10 7 4 4 (55): 230 - 90 = 140; penalty -100
    assert (ew_ans["base_score"], ew_ans["card_score"], ew_ans["penalties"], ew_ans["hand_score"]) == \
        (400, 140, -100, 440)


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
def test_a_sequence_with_a_wild_card_says_how_many_it_takes():
    # Samba: none; Hollywood: one, so 5H 6H 2C JK (two) is refused with the count
    with pytest.raises(MeldFault, match="^a sequence takes no wild card$"):
        classify(cards("5H 6H 2C"), opts("samba"))
    with pytest.raises(MeldFault, match="^a sequence takes at most 1 wild card$"):
        classify(cards("5H 6H 7H 2C JK"), opts("hollywood"))
    assert classify(cards("5H 6H 7H 2C"), opts("hollywood")) == "sequence"


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_mixed_sequence_is_named_by_the_suit_of_its_natural_cards():
    # Hollywood: 2C in a hearts sequence is a wild card; the canasta is "in H" (1,000 for a mixed one)
    s = score_side([cards("2C 5H 6H 7H 8H 9H 10H")], [cards("4S")], opts("hollywood"))
    assert items(s)[0] == ("mixed sequence canasta in H", 1000)


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_second_meld_of_wild_cards_is_refused():
    # Uruguay: one meld of wild cards a side; NS shows two (JK 2 2 and 2 2 JK)
    d = full_deal()
    d["sides"][0]["melds"][1] = m("9 9 9 9 9 9 9")
    d["sides"][0]["melds"] += [m("JK 2 2"), m("2 2 JK")]
    d["sides"][1]["melds"][0] = m("Q Q Q")
    assert fault(d, "uruguay") == {"pointer": "/deal/sides/0/melds/6",
                                   "detail": "a side has one meld of wild cards"}


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_meld_of_wild_cards_holds_seven():
    assert classify(cards("JK JK 2S 2H 2D 2C 2S"), opts("uruguay")) == "wild"
    with pytest.raises(MeldFault, match="at most seven"):
        classify(cards("JK JK 2S 2H 2D 2C 2S 2H"), opts("uruguay"))


# A threshold the mutation pass over the Canasta engine found untested.
def test_an_italian_deuce_meld_holds_two_2s_at_least():
    assert classify(cards("2S 2H JK"), opts("italian")) == "wild"
    with pytest.raises(MeldFault, match="at least two 2s"):
        classify(cards("2S JK JK"), opts("italian"))


# A threshold the mutation pass over the Canasta engine found untested.
def test_italian_deuces_are_no_wild_cards_while_the_deuce_meld_is_unfinished():
    body = {"variant": "italian", "sides": S4,
            "position": {"phase": "play", "hand": m("KS KH 2C 5D 6D 7D"), "melds": {"NS": [m("2S 2H 2D"), m("Q Q Q")]},
                         "pile": {"size": 0}, "stock": 60},
            "action": {"type": "meld", "player": "North", "melds": [m("KS KH 2C")]}}
    ans = service.handle("canasta", "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/3.3")
    body["position"]["melds"]["NS"][0] = m("2S 2H 2D 2C 2S 2H 2D")          # the deuce canasta is complete
    body["position"]["hand"] = m("KS KH 2C 5D 6D 7D")
    assert service.handle("canasta", "check", body)["legal"] is True
