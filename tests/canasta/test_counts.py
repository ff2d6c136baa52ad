"""A Canasta side described by counts instead of cards (referee.canasta.counts): what a score pad writes down,
scored by every variant's own rules, and refused where no deal can produce it.

Card values (canasta/1.4): joker 50; ace and 2 20; K to 8 10; 7 to 4 and black threes 5, so every count of card
points is a multiple of 5.  Classic laws: natural canasta 500, mixed 300, red threes 100 each and 800 for all
four, going out 100, concealed 100 more; two packs hold 8 cards of each rank, 12 wild cards (4 jokers), 4 red
threes, and are worth 1,180 card points in all.
"""
import pytest

from referee import service
from referee.errors import InputError

SIDES = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
QUIET = {"counts": {"meld_points": 0, "hand_points": 10}}      # EW never melded; each of them holds a 5


def score(ns, ew=QUIET, variant=None, lang="en", scores=None):
    body = {"sides": SIDES, "deal": {"sides": [{"id": "NS", **ns}, {"id": "EW", **ew}]}}
    if variant:
        body["variant"] = variant
    if scores:
        body["state"] = {"scores": scores}
    return service.handle("canasta", "score", body, lang)


def lines(ans, side=0):
    return [(x["item"], x["points"]) for x in ans["sides"][side]["lines"]]


def refused(ns, ew=QUIET, variant=None):
    with pytest.raises(InputError) as e:
        score(ns, ew, variant)
    return e.value.errors[0]["pointer"], e.value.errors[0]["detail"]


def test_the_issue_example_classic():
    # one natural, one mixed, two red threes, 220 in melds, 40 in hand, not out: 500 + 300 + 200 + 220 - 40 = 1,180
    a = score({"counts": {"natural_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "meld_points": 220,
                          "hand_points": 40}})
    assert a["sides"][0]["hand_score"] == 1180
    assert lines(a) == [("natural canasta", 500), ("mixed canasta", 300), ("2 red threes", 200),
                        ("melded cards", 220), ("cards left in hand", -40)]
    assert a["sides"][0]["base_score"] == 1000 and a["sides"][0]["card_score"] == 180
    # EW: nothing melded, 10 in hand: -10
    assert a["sides"][1]["hand_score"] == -10


@pytest.mark.parametrize("reds,points", [(3, 300), (4, 800)])
def test_four_red_threes_double(reds, points):
    # three are 3 x 100 = 300; all four 4 x 100 doubled = 800 (red_three_scale four_800)
    a = score({"counts": {"natural_canastas": 1, "red_threes": reds, "meld_points": 100, "hand_points": 10}})
    assert (f"{reds} red threes", points) in lines(a)
    assert a["sides"][0]["hand_score"] == 500 + points + 100 - 10


def test_five_red_threes_are_more_than_two_packs_hold():
    assert refused({"counts": {"red_threes": 5, "meld_points": 0, "hand_points": 10}}) == (
        "/deal/sides/0/counts/red_threes", "the 108-card deck holds 4 red threes, not 5")


def test_red_threes_between_the_sides_at_most_four():
    ew = {"counts": {"red_threes": 2, "meld_points": 0, "hand_points": 10}}
    score({"counts": {"natural_canastas": 1, "red_threes": 2, "meld_points": 100, "hand_points": 10}}, ew)
    ptr, _why = refused({"counts": {"natural_canastas": 1, "red_threes": 3, "meld_points": 100, "hand_points": 10}},
                        ew)
    assert ptr == "/deal/sides/1/counts/red_threes"


def test_red_threes_of_a_side_that_never_melded_count_against_it():
    # red_threes_need "meld": EW melded nothing, so its 2 red threes are -200; 50 in hand: -250
    a = score({"counts": {"natural_canastas": 1, "meld_points": 100, "hand_points": 10}},
              {"counts": {"red_threes": 2, "meld_points": 0, "hand_points": 50}})
    assert a["sides"][1]["hand_score"] == -250


def test_melds_without_a_canasta_still_earn_the_red_threes():
    # 60 points melded (no canasta): the side has melded, so +200 for two red threes; 200 + 60 - 10 = 250
    a = score({"counts": {"red_threes": 2, "meld_points": 60, "hand_points": 10}})
    assert a["sides"][0]["hand_score"] == 250


@pytest.mark.parametrize("concealed,bonus,total", [(False, 100, 795), (True, 200, 895)])
def test_going_out_and_concealed(concealed, bonus, total):
    # one natural 500, out 100 (concealed 200), 200 melded, the partner's last card a 5: 500 + bonus + 200 - 5
    a = score({"counts": {"natural_canastas": 1, "meld_points": 200, "hand_points": 5}, "went_out": True,
               "concealed": concealed})
    assert ("going out concealed" if concealed else "going out", bonus) in lines(a)
    assert a["sides"][0]["hand_score"] == total


def test_a_concealed_out_with_no_canasta_is_impossible():
    ptr, why = refused({"counts": {"meld_points": 120, "hand_points": 5}, "went_out": True, "concealed": True})
    assert ptr == "/deal/sides/0/went_out" and "canasta/6.2" in why


def test_concealed_without_going_out_is_impossible():
    assert refused({"counts": {"natural_canastas": 1, "meld_points": 100, "hand_points": 10}, "concealed": True})[0] \
        == "/deal/sides/0/concealed"


@pytest.mark.parametrize("field", ["meld_points", "hand_points"])
@pytest.mark.parametrize("points,ok", [(220, True), (221, False), (224, False), (225, True)])
def test_card_points_are_multiples_of_five(field, points, ok):
    counts = {"natural_canastas": 1, "meld_points": 220, "hand_points": 40, field: points}
    if ok:
        score({"counts": counts})
    else:
        assert refused({"counts": counts})[0] == f"/deal/sides/0/counts/{field}"


@pytest.mark.parametrize("meld,ok", [(80, False), (85, True)])
def test_the_fewest_points_the_canastas_hold(meld, ok):
    # a natural canasta of 4s (7 x 5 = 35) and a mixed one of 5s (6 x 5 + a 2 = 50): 85 at the least
    counts = {"natural_canastas": 1, "mixed_canastas": 1, "meld_points": meld, "hand_points": 10}
    if ok:
        assert score({"counts": counts})["sides"][0]["hand_score"] == 500 + 300 + 85 - 10
    else:
        assert refused({"counts": counts}) == ("/deal/sides/0/counts/meld_points",
                                               "the melds counted hold at least 85 card points, more than 80"
                                               "")


@pytest.mark.parametrize("hand,ok", [(5, False), (10, True)])
def test_two_players_not_out_hold_a_card_each(hand, ok):
    counts = {"natural_canastas": 1, "meld_points": 100, "hand_points": hand}
    if ok:
        score({"counts": counts})
    else:
        assert refused({"counts": counts})[0] == "/deal/sides/0/counts/hand_points"


@pytest.mark.parametrize("hand,ok", [(0, False), (5, True)])
def test_the_partner_of_the_player_out_holds_a_card(hand, ok):
    counts = {"natural_canastas": 1, "meld_points": 100, "hand_points": hand}
    if ok:
        score({"counts": counts, "went_out": True})
    else:
        assert refused({"counts": counts, "went_out": True})[0] == "/deal/sides/0/counts/hand_points"


def test_one_side_eleven_natural_canastas_twelve_is_too_many():
    # eleven ranks from 4 to A, each melded once: 11 natural canastas hold 7 x (4 x 5 + 6 x 10 + 20) = 700 at least
    a = score({"counts": {"natural_canastas": 11, "meld_points": 700, "hand_points": 10}})
    assert a["sides"][0]["hand_score"] == 11 * 500 + 700 - 10
    assert refused({"counts": {"natural_canastas": 11, "meld_points": 695, "hand_points": 10}}) == (
        "/deal/sides/0/counts/meld_points", "the melds counted hold at least 700 card points, more than 695"
                                            "")
    ptr, why = refused({"counts": {"natural_canastas": 12, "meld_points": 800, "hand_points": 10}})
    assert ptr == "/deal/sides/0/counts/natural_canastas"
    assert why == "a side melds each rank once, and 11 ranks can make a canasta"


def test_natural_canastas_between_the_sides_one_a_rank():
    # 8 cards of a rank: a natural canasta takes 7, so one a rank, 11 in all: 6 + 5 fit, 6 + 6 do not
    score({"counts": {"natural_canastas": 6, "meld_points": 400, "hand_points": 10}},
          {"counts": {"natural_canastas": 5, "meld_points": 300, "hand_points": 10}})
    ptr, why = refused({"counts": {"natural_canastas": 6, "meld_points": 400, "hand_points": 10}},
                       {"counts": {"natural_canastas": 6, "meld_points": 400, "hand_points": 10}})
    assert ptr == "/deal/sides/1/counts/natural_canastas"
    assert why == ("the deck holds 8 cards of each rank: not enough for 12 natural and 0 mixed canastas between the "
                   "sides")


def test_mixed_canastas_between_the_sides_run_out_of_wild_cards():
    # 11 mixed canastas, one a rank, take a wild card each: 11 of the 12.  A 12th shares a rank with another: 16
    # cards of 8 → 6 wild cards on that rank, 10 + 6 = 16 wild cards, more than 12
    score({"counts": {"mixed_canastas": 6, "meld_points": 400, "hand_points": 10}},
          {"counts": {"mixed_canastas": 5, "meld_points": 300, "hand_points": 10}})
    ptr, why = refused({"counts": {"mixed_canastas": 6, "meld_points": 400, "hand_points": 10}},
                       {"counts": {"mixed_canastas": 6, "meld_points": 400, "hand_points": 10}})
    assert ptr == "/deal/sides/1/counts/mixed_canastas"
    assert why.startswith("the deck holds 12 wild cards (4 of them jokers)")


def test_more_card_points_than_the_deck_holds():
    # the two packs are worth 1,180: 1,100 melded and 80 in hands fit, 85 do not
    score({"counts": {"natural_canastas": 1, "meld_points": 1100, "hand_points": 10}},
          {"counts": {"meld_points": 0, "hand_points": 70}})
    assert refused({"counts": {"natural_canastas": 1, "meld_points": 1100, "hand_points": 10}},
                   {"counts": {"meld_points": 0, "hand_points": 75}})[0] == "/deal/sides/1/counts/hand_points"


def test_a_key_the_variant_does_not_score_is_refused():
    ptr, why = refused({"counts": {"wild_canastas": 1, "meld_points": 140, "hand_points": 10}})
    assert ptr == "/deal/sides/0/counts/wild_canastas"
    assert why == "this variant has no such canasta or bonus to count"


def test_counts_and_cards_together_are_refused():
    assert refused({"counts": {"meld_points": 0, "hand_points": 10}, "hands": [["5"], ["5"]]})[0] == \
        "/deal/sides/0/hands"


def test_a_side_of_cards_beside_a_side_of_counts():
    # NS by cards, 22 cards as two players were dealt: a natural canasta of kings and threes of Q, J, 10 and 9
    # melded (19 cards, 70 + 4 x 30 = 190), North out, South holds 4, 5, 6 (15): 500 + 100 + 190 - 15 = 775
    ns = {"melds": [["K"] * 7, ["Q"] * 3, ["J"] * 3, ["10"] * 3, ["9"] * 3], "hands": [[], ["4", "5", "6"]],
          "went_out": True}
    a = score(ns, {"counts": {"red_threes": 1, "meld_points": 30, "hand_points": 45}})
    assert a["sides"][0]["hand_score"] == 775
    # EW by counts: one red three (it melded), 30 - 45: 100 - 15 = 85
    assert a["sides"][1]["hand_score"] == 85


# ---------------------------------------------------------------- other variants' scoring applies to counts

def test_samba_a_sequence_canasta_and_going_out():
    # Samba: sequence (samba) 1500, natural 500, 2 red threes 200 (two canastas), out 200, 400 - 5
    a = score({"counts": {"sequence_canastas": 1, "natural_canastas": 1, "red_threes": 2, "meld_points": 400,
                          "hand_points": 5}, "went_out": True}, variant="samba")
    assert lines(a) == [("natural canasta", 500), ("samba", 1500), ("2 red threes", 200), ("going out", 200),
                        ("melded cards", 400), ("cards left in hand", -5)]
    assert a["sides"][0]["hand_score"] == 2795


def test_graded_mixed_canastas_by_their_wild_cards():
    # graded-wild: a mixed canasta with one wild card 400, with three 200; a free wild canasta 1000; one red three
    # with a canasta 100; 600 - 10: 400 + 200 + 1000 + 100 + 590 = 2290
    a = score({"counts": {"mixed_canastas_one_wild": 1, "mixed_canastas_three_wilds": 1, "wild_canastas": 1,
                          "red_threes": 1, "meld_points": 600, "hand_points": 10}}, variant="graded-wild")
    assert a["sides"][0]["hand_score"] == 2290
    assert refused({"counts": {"mixed_canastas": 1, "meld_points": 100, "hand_points": 10}},
                   variant="graded-wild")[0] == "/deal/sides/0/counts/mixed_canastas"


def test_sevens_canastas_and_sevens_and_black_threes_left_in_hand():
    # Sevens (three packs: 12 sevens; two wild cards a meld at most): canasta of sevens 1500, a red three 100; a
    # seven left in hand -500, a black three -200; 600 - 10: 1500 + 100 + 590 - 500 - 200 = 1490
    ns = {"sevens_canastas": 1, "sevens_in_hand": 1, "black_threes_in_hand": 1, "red_threes": 1, "meld_points": 600,
          "hand_points": 10}
    assert score({"counts": ns}, variant="sevens")["sides"][0]["hand_score"] == 1490
    # a mixed canasta of sevens as well (1000) takes 5 sevens at least (2 wild cards at most): 7 + 5 = 12, all of
    # them, 1500 + 1000 + 100 + 590 - 200 = 2990 with none in hand; the seven in hand is a 13th
    a = score({"counts": {**ns, "mixed_sevens_canastas": 1, "sevens_in_hand": 0}}, variant="sevens")
    assert a["sides"][0]["hand_score"] == 2990
    ptr, why = refused({"counts": {**ns, "mixed_sevens_canastas": 1}}, variant="sevens")
    assert ptr == "/deal/sides/0/counts/sevens_in_hand" and why.startswith("the deck holds 12 sevens")


def test_russian_four_black_threes_in_one_hand_are_asked_per_player_when_doubled():
    # popular Russian: black threes in hand cost 105 each, doubled for all four in one hand when the other side
    # went out; a count of 4 does not say whether one player held them
    out = {"counts": {"natural_canastas": 1, "meld_points": 100, "hand_points": 5}, "went_out": True}
    with pytest.raises(InputError) as e:
        score(out, {"counts": {"black_threes_in_hand": 4, "meld_points": 0, "hand_points": 10}},
              variant="russian-popular")
    assert e.value.errors[0]["pointer"] == "/deal/sides/1/counts/black_threes_in_hand"
    a = score(out, {"counts": {"black_threes_in_hand": [4, 0], "meld_points": 0, "hand_points": 5}},
              variant="russian-popular")
    # -4 x 105 x 2 = -840, and 5 in hand: -845
    assert a["sides"][1]["hand_score"] == -845
    a = score(out, {"counts": {"black_threes_in_hand": [2, 2], "meld_points": 0, "hand_points": 0}},
              variant="russian-popular")
    assert a["sides"][1]["hand_score"] == -420


def test_counts_in_russian():
    a = score({"counts": {"natural_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "meld_points": 220,
                          "hand_points": 40}}, lang="ru")
    assert [x["item"] for x in a["sides"][0]["lines"]][:2] == ["натуральная канаста", "смешанная канаста"]


def test_wild_cards_to_the_last_one():
    # Uruguay, two packs: 12 wild cards.  A wild canasta takes 7 and five mixed canastas one each: 12, all of them;
    # a sixth mixed canasta needs a 13th
    # all 12 are melded, so 8 are 2s (20 each) and 4 jokers (50): 360, and the mixed canastas' 30 naturals on the
    # cheapest ranks (6 each of 4, 5, 6, 7 at 5 and of 8 at 10): 180; 540 at the least (535 is too few)
    ns = {"wild_canastas": 1, "mixed_canastas": 5, "meld_points": 540, "hand_points": 10}
    score({"counts": ns}, variant="uruguay")
    assert refused({"counts": {**ns, "meld_points": 535}}, variant="uruguay") == (
        "/deal/sides/0/counts/meld_points",
        "the melds counted hold at least 540 card points, more than 535")
    # the counts taken in order: six mixed canastas leave 6 wild cards, and the wild canasta's 7 exceed them
    ptr, why = refused({"counts": {**ns, "mixed_canastas": 6, "meld_points": 600}}, variant="uruguay")
    assert ptr == "/deal/sides/0/counts/wild_canastas"
    assert why.startswith("the deck holds 12 wild cards (4 of them jokers)")


def _table(n):
    """Sides for ``n`` players: one a side for 2 and 3, partnerships of two for 4, a pair and a trio for 5, two
    trios for 6."""
    return {2: [["P0"], ["P1"]], 3: [["P0"], ["P1"], ["P2"]], 4: [["N", "S"], ["E", "W"]],
            5: [["A", "B"], ["C", "D", "E"]], 6: [["A", "B", "C"], ["D", "E", "F"]]}[n]


# every variant, at its smallest table: the natural canasta's bonus (600 in popular Russian canasta, 500 elsewhere)
NATURAL = {"classic": (4, 500), "two-player": (2, 500), "three-player": (3, 500), "five-player": (5, 500),
           "six-player": (6, 500), "palace": (2, 500), "traditional": (4, 500), "classic-12": (2, 500),
           "russian-popular": (4, 600), "samba": (4, 500), "bolivia": (4, 500), "brazilian": (4, 500),
           "hollywood": (4, 500), "mexicana": (4, 500), "pennies-from-heaven": (6, 500), "italian": (4, 500),
           "sevens": (4, 500), "cuban": (4, 500), "uruguay": (4, 500), "chile": (4, 500), "graded-wild": (4, 500)}


@pytest.mark.parametrize("variant", sorted(NATURAL))
def test_every_variant_scores_a_natural_canasta_by_counts(variant):
    from referee.canasta.options import VARIANTS
    assert set(NATURAL) == set(VARIANTS)
    n, bonus = NATURAL[variant]
    players = _table(n)
    sides = [{"id": f"S{i}", "players": p} for i, p in enumerate(players)]
    # the first side: a natural canasta, 100 melded, a 5 in each hand; the others never melded, a 5 in each hand
    # (in five-player canasta E sits out: the trio plays with two)
    deal = {"sides": [{"id": s["id"], "counts": {"meld_points": 0, "hand_points": 5 * len(s["players"])}}
                      for s in sides]}
    deal["sides"][0]["counts"] = {"natural_canastas": 1, "meld_points": 100, "hand_points": 5 * len(players[0])}
    if n == 5:
        deal["sitting_out"] = "E"
        deal["sides"][1]["counts"]["hand_points"] = 10
    a = service.handle("canasta", "score", {"variant": variant, "sides": sides, "deal": deal})
    assert a["sides"][0]["hand_score"] == bonus + 100 - 5 * len(players[0])


@pytest.mark.parametrize("one_player,points", [(None, 420), (False, 420), (True, 840)])
def test_russian_red_threes_doubled_when_one_player_collected_all_four(one_player, points):
    # popular Russian: a red three 105, all four doubled only when one player collected them: 420 or 840
    ns = {"counts": {"natural_canastas": 1, "red_threes": 4, "meld_points": 100, "hand_points": 10}}
    if one_player is not None:
        ns["one_player_all_reds"] = one_player
    a = score(ns, variant="russian-popular")
    assert [x["points"] for x in a["sides"][0]["lines"] if x["rule"] == "canasta/2.2"] == [points]
    assert a["sides"][0]["hand_score"] == 600 + points + 100 - 10


# ---------------------------------------------------------------- what the sides count together, kind by kind

def test_black_threes_in_hand_between_the_sides_bolivia():
    # Bolivia: three packs, 6 black threes.  3 + 3 in the two sides' hands fit; 4 + 4 (and 3 + 4) do not, and the
    # fault is EW's, whose count exceeds the 3 (or 2) NS left
    ns = {"counts": {"natural_canastas": 1, "meld_points": 100, "hand_points": 10, "black_threes_in_hand": 3}}
    ew = {"counts": {"meld_points": 0, "hand_points": 10, "black_threes_in_hand": 3}}
    score(ns, ew, variant="bolivia")
    for a, b in ((3, 4), (4, 4)):
        ptr, why = refused({"counts": {**ns["counts"], "black_threes_in_hand": a}},
                           {"counts": {**ew["counts"], "black_threes_in_hand": b}}, variant="bolivia")
        assert ptr == "/deal/sides/1/counts/black_threes_in_hand"
        assert why == f"the 162-card deck holds 6 black threes, and the sides count {a + b}"


def test_black_threes_melded_and_in_hand_between_the_sides_russian():
    # popular Russian, two packs: 4 black threes.  NS goes out melding all four (1,000); EW cannot hold a fifth
    out = {"counts": {"natural_canastas": 1, "black_threes_melded": 4, "meld_points": 120, "hand_points": 5},
           "went_out": True}
    score(out, {"counts": {"meld_points": 0, "hand_points": 10}}, variant="russian-popular")
    ptr, why = refused(out, {"counts": {"meld_points": 0, "hand_points": 10, "black_threes_in_hand": 1}},
                       variant="russian-popular")
    assert ptr == "/deal/sides/1/counts/black_threes_in_hand"
    assert why == "the 108-card deck holds 4 black threes, and the sides count 5"


def test_black_threes_melded_and_in_hand_of_one_side():
    # popular Russian: NS melds four going out, and its partner still holds a fifth: more than the 4 of two packs
    ptr, why = refused({"counts": {"natural_canastas": 1, "black_threes_melded": 4, "meld_points": 120,
                                   "hand_points": 0, "black_threes_in_hand": 1}, "went_out": True},
                       variant="russian-popular")
    assert ptr == "/deal/sides/0/counts/black_threes_in_hand"
    assert why == "the 108-card deck holds 4 black threes, not 5"


def test_too_many_card_points_are_laid_on_the_side_that_exceeds_the_deck():
    # NS counts 100 + 2,000 alone: more than the 1,180 of two packs, so NS's hand_points are at fault, not EW's
    ptr, why = refused({"counts": {"natural_canastas": 1, "meld_points": 100, "hand_points": 2000}})
    assert ptr == "/deal/sides/0/counts/hand_points"
    assert why == "the sides count 2110 card points in melds and hands, and the whole deck is worth 1180"


def test_too_many_2s_are_laid_on_the_canasta_that_exceeds_them():
    # popular Russian, two packs: 8 2s and 4 jokers.  NS's golden canasta (seven 2s) and diamond canasta (four
    # jokers and three 2s) need 10 2s: the diamond canasta, counted after the golden one, exceeds the one 2 left;
    # EW's mixed canasta is not at fault
    ns = {"counts": {"golden_canastas": 1, "diamond_canastas": 1, "meld_points": 400, "hand_points": 10}}
    ew = {"counts": {"mixed_canastas": 1, "meld_points": 100, "hand_points": 10}}
    ptr, why = refused(ns, ew, variant="russian-popular")
    assert ptr == "/deal/sides/0/counts/diamond_canastas"
    assert why.startswith("the deck holds 12 wild cards (4 of them jokers)")
    # the golden canasta alone with EW's mixed one: 7 + 1 = 8 2s, all of them
    score({"counts": {"golden_canastas": 1, "meld_points": 140, "hand_points": 10}}, ew, variant="russian-popular")


@pytest.mark.parametrize("reds,points,total", [([4, 0], 840, 1510), (4, 420, 1090), ([2, 2], 420, 1090)])
def test_russian_red_threes_per_player(reds, points, total):
    # popular Russian: 105 a red three, doubled when one player collected all four (canasta/2.2).  NS: a natural
    # canasta 600, 100 melded, 30 in hand: [4, 0] → 600 + 840 + 100 - 30 = 1510; 4 as a number does not say who
    # held them: 600 + 420 + 100 - 30 = 1090; [2, 2]: 1090
    a = score({"counts": {"natural_canastas": 1, "red_threes": reds, "meld_points": 100, "hand_points": 30}},
              variant="russian-popular")
    assert [x["points"] for x in a["sides"][0]["lines"] if x["rule"] == "canasta/2.2"] == [points]
    assert a["sides"][0]["hand_score"] == total


def test_red_threes_per_player_are_checked():
    # one number per player of the side, and together no more than the deck's 4
    assert refused({"counts": {"natural_canastas": 1, "red_threes": [4], "meld_points": 100, "hand_points": 30}},
                   variant="russian-popular")[0] == "/deal/sides/0/counts/red_threes"
    assert refused({"counts": {"natural_canastas": 1, "red_threes": [4, 1], "meld_points": 100, "hand_points": 30}},
                   variant="russian-popular")[0] == "/deal/sides/0/counts/red_threes"
    ptr, _why = refused({"counts": {"natural_canastas": 1, "red_threes": [3, 0], "meld_points": 100,
                                    "hand_points": 30}},
                        {"counts": {"red_threes": [0, 2], "meld_points": 0, "hand_points": 10}}, variant="russian-popular")
    assert ptr == "/deal/sides/1/counts/red_threes"
    # one_player_all_reds beside them must agree
    with pytest.raises(InputError) as e:
        score({"counts": {"natural_canastas": 1, "red_threes": [2, 2], "meld_points": 100, "hand_points": 30},
               "one_player_all_reds": True}, variant="russian-popular")
    assert e.value.errors[0]["pointer"] == "/deal/sides/0/one_player_all_reds"


@pytest.mark.parametrize("meld,ok", [(820, False), (905, False), (910, True)])
def test_the_fewest_points_of_eleven_mixed_canastas(meld, ok):
    # classic, two packs: 8 2s and 4 jokers.  11 mixed canastas, one a rank: each holds a wild card at least, and a
    # natural card (5 to 20) is never dearer than a 2 (20), so 6 naturals and 1 wild card each: naturals 6 x (4 x 5
    # for 4-7, 6 x 10 for 8-K, 20 for A) = 600; 11 wild cards: 8 2s (160) and 3 jokers (150) = 310; 910 at the least
    # (4 naturals and 3 wild cards each would need 33 wild cards of 12)
    ns = {"counts": {"mixed_canastas": 11, "meld_points": meld, "hand_points": 10}}
    if ok:
        assert score(ns)["sides"][0]["hand_score"] == 11 * 300 + meld - 10
    else:
        assert refused(ns) == ("/deal/sides/0/counts/meld_points",
                               f"the melds counted hold at least 910 card points, more than {meld}")


@pytest.mark.parametrize("meld,ok", [(815, False), (820, True)])
def test_the_fewest_points_of_eleven_mixed_canastas_three_packs(meld, ok):
    # three packs: 12 2s, so the 11 wild cards are all 2s: 600 + 220 = 820
    body = {"sides": SIDES, "options": {"packs": 3, "red_three_scale": "six_1200"},
            "deal": {"sides": [{"id": "NS", "counts": {"mixed_canastas": 11, "meld_points": meld, "hand_points": 10}},
                               {"id": "EW", **QUIET}]}}
    if ok:
        service.handle("canasta", "score", body)
    else:
        with pytest.raises(InputError) as e:
            service.handle("canasta", "score", body)
        assert e.value.errors[0]["pointer"] == "/deal/sides/0/counts/meld_points"


@pytest.mark.parametrize("ns,ew,variant,detail", [
    ({"red_threes": 5}, None, None, "в комплекте из 108 карт 4 красные тройки, а не 5"),
    ({"red_threes": 3}, {"red_threes": 2}, None,
     "в комплекте из 108 карт 4 красные тройки, а у сторон их 5"),
    ({"black_threes_in_hand": 4}, {"black_threes_in_hand": 4}, "bolivia",
     "в комплекте из 162 карт 6 чёрных троек, а у сторон их 8"),
    ({"mixed_canastas": 6}, {"mixed_canastas": 7}, None,
     "в комплекте 12 свободных карт (из них джокеров: 4) — указанным канастам нужно больше"),
])
def test_what_the_deck_holds_in_russian(ns, ew, variant, detail):
    # the number agrees with its noun: 4 красные тройки, 6 чёрных троек, 12 свободных карт
    body = {"sides": SIDES, "deal": {"sides": [
        {"id": "NS", "counts": {"natural_canastas": 1, "meld_points": 500, "hand_points": 10, **ns}},
        {"id": "EW", "counts": {"meld_points": 500 if ew and "mixed_canastas" in ew else 0, "hand_points": 10,
                                **(ew or {})}}]}}
    if variant:
        body["variant"] = variant
    with pytest.raises(InputError) as e:
        service.handle("canasta", "score", body, "ru")
    assert e.value.errors[0]["detail"] == detail


def test_the_2s_run_out_before_the_wild_cards_do():
    # popular Russian with three packs: 12 2s and 6 jokers, 18 wild cards.  A golden canasta (seven 2s) each: 14 2s
    # of 12, though 14 wild cards of 18 would do; EW's, counted second, is at fault.  One alone: 1000 + 140 - 10
    def body(ew):
        return {"variant": "russian-popular", "options": {"packs": 3, "red_three_scale": "six_1200"}, "sides": SIDES,
                "deal": {"sides": [{"id": "NS", "counts": {"golden_canastas": 1, "meld_points": 140, "hand_points": 10}},
                                   {"id": "EW", "counts": {"golden_canastas": ew, "meld_points": 140 * ew,
                                                           "hand_points": 10}}]}}
    assert service.handle("canasta", "score", body(0))["sides"][0]["hand_score"] == 1130
    with pytest.raises(InputError) as e:
        service.handle("canasta", "score", body(1))
    assert e.value.errors[0]["pointer"] == "/deal/sides/1/counts/golden_canastas"


def test_a_wild_canasta_takes_jokers_when_the_2s_run_out():
    # Uruguay with three packs: 12 2s and 6 jokers.  Two wild canastas hold 14 wild cards: NS's seven 2s (140), EW's
    # five 2s and two jokers (100 + 100 = 200); each scores 2000 + its cards - 10 in hand
    body = {"variant": "uruguay", "options": {"packs": 3, "red_three_scale": "six_1200"}, "sides": SIDES,
            "deal": {"sides": [{"id": "NS", "counts": {"wild_canastas": 1, "meld_points": 140, "hand_points": 10}},
                               {"id": "EW", "counts": {"wild_canastas": 1, "meld_points": 200, "hand_points": 10}}]}}
    assert [s["hand_score"] for s in service.handle("canasta", "score", body)["sides"]] == [2130, 2190]


@pytest.mark.parametrize("meld,ok", [(335, False), (340, True)])
def test_two_wild_canastas_of_one_side_need_jokers_past_the_2s(meld, ok):
    # Uruguay with three packs: 12 2s and 6 jokers.  NS's two wild canastas hold 14 wild cards: all 12 2s (240) and
    # 2 jokers (100): 340 at the least
    body = {"variant": "uruguay", "options": {"packs": 3, "red_three_scale": "six_1200"}, "sides": SIDES,
            "deal": {"sides": [{"id": "NS", "counts": {"wild_canastas": 2, "meld_points": meld, "hand_points": 10}},
                               {"id": "EW", **QUIET}]}}
    if ok:
        assert service.handle("canasta", "score", body)["sides"][0]["hand_score"] == 2 * 2000 + 340 - 10
    else:
        with pytest.raises(InputError) as e:
            service.handle("canasta", "score", body)
        assert e.value.errors[0] == {"pointer": "/deal/sides/0/counts/meld_points", "detail":
                                     "the melds counted hold at least 340 card points, more than 335"}


@pytest.mark.parametrize("variant,counts,least", [
    # popular Russian: a diamond canasta must hold four jokers and three 2s: 4 x 50 + 3 x 20 = 260
    ("russian-popular", {"diamond_canastas": 1}, 260),
    # a golden canasta takes seven of the eight 2s; two mixed canastas then have one 2 and a joker: 140 + 20 + 50,
    # and their 12 naturals on 4 and 5 (5 each): 60; 270
    ("russian-popular", {"golden_canastas": 1, "mixed_canastas": 2}, 270),
    # Samba melds a rank more than once: a mixed canasta of six 4s and a 2, 30 + 20 = 50
    ("samba", {"mixed_canastas": 1}, 50),
])
def test_the_fewest_points_with_the_wild_cards_a_meld_must_hold(variant, counts, least):
    ns = {"counts": {**counts, "meld_points": least, "hand_points": 10}}
    score(ns, variant=variant)
    assert refused({"counts": {**ns["counts"], "meld_points": least - 5}}, variant=variant) == (
        "/deal/sides/0/counts/meld_points",
        f"the melds counted hold at least {least} card points, more than {least - 5}")


@pytest.mark.parametrize("n, ok", [(2, False), (4, True), (5, False)])
def test_black_threes_melded_three_or_four(n, ok):
    # popular Russian (the count of melded black threes is its 1,000 for going out with four): black threes meld
    # three or four at once, going out (canasta/2.3); five is one over, two under three.  NS: a natural canasta (at
    # least 7 fours, 35) and the black threes (5 each) in 120 card points; the partner holds a 5
    side = {"counts": {"natural_canastas": 1, "black_threes_melded": n, "meld_points": 120, "hand_points": 5},
            "went_out": True}
    if ok:
        score(side, variant="russian-popular")
        return
    ptr, why = refused(side, variant="russian-popular")
    assert ptr == "/deal/sides/0/counts/black_threes_melded"
    assert why == "black threes are melded three or four at once, in the going-out turn"
