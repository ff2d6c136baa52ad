"""Issue 18: the defects an outside audit found, rulings where a position got an error, the disputed readings made
options, and the thresholds the mutation sample left untested.

Every expected value is worked by hand in a comment (card values: joker 50, ace and 2 20, K to 8 10, 7 to 4 and
black threes 5; a red three has none).  Positions are possible ones: no card beyond the copies of the packs (two of
each card and four jokers in 108 cards, three and six in 162), and every side shows at least the cards its players
were dealt.
"""
import pytest

from referee.canasta.melds import MeldFault, canasta_bonus, classify, excess_wilds
from referee.canasta.options import VARIANTS
from referee.canasta.scoring import score_side
from referee.cards import parse_card

S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
TWO = [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]


def m(s):
    return s.split()


def cards(s):
    return [parse_card(c) for c in s.split()]


def C(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="canasta")


def opts(variant, **over):
    return VARIANTS[variant].resolve(over)


def side(ans, sid):
    return next(s for s in ans["sides"] if s["id"] == sid)


def lines(ans, sid):
    return [(x["item"], x["points"]) for x in side(ans, sid)["lines"]]


def items(score):
    return [(x["item"], x["points"]) for x in score.lines]


def ruling(ans):
    return ans["legal"], (ans["violations"][0]["rule"] if ans["violations"] else None)


# ---------------------------------------------------------------- defect 1: a red three left in a hand

def concealed_deal():
    """The README's concealed going out, scored: North melded K x7 and Q x4 from the stock and discarded; West, the
    dealer, never had a turn and still holds the 3H he was dealt among his 11 cards.  NS shows 11 melded + South's
    11 = 22; EW 11 + 11 = 22, neither having melded."""
    return {"sides": [
        {"id": "NS", "went_out": True, "concealed": True, "melds": [m("KH KD KS KC KH KD KS"), m("QH QD QS QC")],
         "hands": [[], m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK")]},
        {"id": "EW", "hands": [m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"), m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 3H")]}]}


def test_a_red_three_kept_by_a_player_who_never_had_a_turn(api):
    # NS: natural kings 500 + going out concealed 200 = 700; melded 70 + 40 = 110, South holds 5+5+5+5+10+10+10+10
    # +20+20+50 = 150: 700 - 40 = 660.  EW never melded: West's red three counts -100 and costs nothing more (he
    # never had a turn to lay it out); East holds 5+5+5+5+5+10+10+10+10+20+20 = 105 and West 5+5+5+5+10+10+10+10+20
    # +20 = 100 (the 3H has no card value): -100 - 205 = -305, as validate says of the same deal.
    ans = C(api, "score", {"sides": S4, "deal": concealed_deal()})
    assert [s["hand_score"] for s in ans["sides"]] == [660, -305]
    assert lines(ans, "EW") == [("1 red three, the side has not melded", -100), ("melded cards", 0),
                                ("cards left in hand", -205)]
    assert ans["penalties"] == []


def test_score_and_validate_agree_on_a_kept_red_three(api):
    # the same deal replayed: West is dealt the 3H and never lays it out; North draws 5C, melds and discards it
    log = [{"type": "deal", "dealer": "West", "pile": ["9C"], "hands": {
        "North": m("KH KD KS KC KH KD KS QH QD QS QC"), "East": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
        "South": m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK"), "West": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 3H")}},
        {"type": "draw", "player": "North", "cards": ["5C"]},
        {"type": "meld", "player": "North", "melds": [m("KH KD KS KC KH KD KS"), m("QH QD QS QC")]},
        {"type": "discard", "player": "North", "card": "5C"}]
    final = C(api, "validate", {"sides": S4, "log": log})["final"]
    assert [s["hand_score"] for s in final["sides"]] == [660, -305]


def test_a_red_three_kept_through_a_turn_costs_500(api):
    # reported as red_three_not_laid_out: the -305 above and 500 more (canasta/8.3): -805
    deal = concealed_deal()
    deal["irregularities"] = [{"type": "red_three_not_laid_out", "side": "EW"}]
    ans = C(api, "score", {"sides": S4, "deal": deal})
    assert [s["hand_score"] for s in ans["sides"]] == [660, -805]
    assert ans["penalties"] == [{"rule": "canasta/8.3", "side": "EW", "points": -500, "note": "red three not laid out"}]


def test_a_kept_red_three_given_under_red_threes_is_one_of_the_cards_dealt(api):
    # the same, with the 3H listed under red_threes and West's hand showing the other 10: the kept three is one
    # of the 11 he was dealt, so EW still shows its 22 cards; -805 again
    deal = concealed_deal()
    east = deal["sides"][1]["hands"][0]
    deal["sides"][1].update(red_threes=["3H"], hands=[east, m("4C 5D 6H 7S 8C 9H 10D JS AH 2D")])
    deal["irregularities"] = [{"type": "red_three_not_laid_out", "side": "EW"}]
    assert [s["hand_score"] for s in C(api, "score", {"sides": S4, "deal": deal})["sides"]] == [660, -805]
    # one step under: nothing says the three was kept, so West's 10 cards are one short of his deal
    del deal["irregularities"]
    err = C(api, "score", {"sides": S4, "deal": deal}, 422)["errors"][0]
    assert err["pointer"] == "/deal/sides/1"


def test_a_kept_red_three_counts_plus_for_a_side_that_melded(api):
    # the README's four-player hand with EW's 3H still in East's hand (7 + 1 cards) instead of laid out: EW melded,
    # so it counts +100 as before; EW shows 7 melded + 8 + 8 = 23 cards.  EW: 100 + 80 - 140 = 40
    deal = {"sides": [
        {"id": "NS", "went_out": True, "red_threes": ["3H", "3D"],
         "melds": [["K"] * 7, m("9 9 9 9 9 2 JK"), m("A A A A"), m("8 8 8"), m("6 6 6")],
         "hands": [[], m("7 4 5 5 Q J 10 9")]},
        {"id": "EW", "melds": [m("Q Q Q 2"), m("J J J")],
         "hands": [m("JK Q 4 4 5 6 7 3H"), m("5 6 K 10 10 7 4 4")]}]}
    ans = C(api, "score", {"sides": S4, "deal": deal})
    assert side(ans, "EW")["hand_score"] == 40 and ("1 red three", 100) in lines(ans, "EW")


# ---------------------------------------------------------------- popular Russian: red threes of one player

def russian_deal(**ns):
    """NS went out with clean canastas of kings and queens (600 each) and going out 200; South keeps
    4 4 5 5 6 6 7 7 8 8 9 9 (8 x 5 + 4 x 10 = 80).  NS shows 14 + 12 = 26 cards, the 13 dealt to each; EW melded
    J J J and keep 12 and 13 cards (28)."""
    return {"variant": "russian-popular", "sides": S4, "deal": {"sides": [
        {"id": "NS", "went_out": True, "melds": [["K"] * 7, ["Q"] * 7], "hands": [[], m("4 4 5 5 6 6 7 7 8 8 9 9")],
         **ns},
        {"id": "EW", "melds": [m("J J J")], "hands": [m("4 5 6 7 8 9 10 10 A A 10 8"),
                                                     m("4 5 6 7 8 9 10 A A 6 7 5 4")]}]}}


@pytest.mark.parametrize("flag,item,points", [
    # 105 each: 420, or 840 when one player collected all four; not given, the deal cannot show who did
    (None, "4 red threes; not doubled: the deal does not show that one player collected all four", 420),
    (True, "4 red threes", 840),
    (False, "4 red threes", 420)])
def test_russian_red_threes_of_one_player(api, flag, item, points):
    extra = {"red_threes": m("3H 3D 3H 3D")} | ({} if flag is None else {"one_player_all_reds": flag})
    ans = C(api, "score", russian_deal(**extra))
    assert (item, points) in lines(ans, "NS")
    # base: 600 + 600 + red threes + going out 200
    assert side(ans, "NS")["base_score"] == 1400 + points


def test_russian_red_threes_all_in_one_hand_are_doubled(api):
    # South kept all four in his hand (16 cards): the deal shows one player holding them, 840
    deal = russian_deal()
    deal["deal"]["sides"][0]["hands"][1] += m("3H 3D 3H 3D")
    ans = C(api, "score", deal)
    assert ("4 red threes", 840) in lines(ans, "NS")
    deal["deal"]["sides"][0]["one_player_all_reds"] = False              # contradicts the deal
    assert C(api, "score", deal, 422)["errors"][0]["pointer"] == "/deal/sides/0/one_player_all_reds"


def test_red_threes_kept_in_two_hands_are_not_one_players(api):
    # EW laid out 3H 3D; East keeps the other 3H and West the other 3D (13 and 14 cards): "one player collected all
    # four" contradicts the two hands that hold them
    deal = russian_deal()
    ew = deal["deal"]["sides"][1]
    ew.update(red_threes=m("3H 3D"), one_player_all_reds=True)
    ew["hands"][0] += ["3H"]
    ew["hands"][1] += ["3D"]
    assert C(api, "score", deal, 422)["errors"][0]["pointer"] == "/deal/sides/1/one_player_all_reds"


# ---------------------------------------------------------------- defect 2: Mexicana's canasta of sevens

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


# ---------------------------------------------------------------- defect 3: the wild-card ratio, by reading

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


def test_wild_ratio_none_counts_excess_only_over_the_cap():
    # 7 7 and four wild cards: one over the cap of three (none); two over the two naturals as well (not_more)
    meld = cards("7S 7H 2D 2C 2S JK")
    assert excess_wilds(meld, opts("classic", wild_ratio="none")) == 1
    assert excess_wilds(meld, opts("classic")) == 2


def test_a_meld_of_two_naturals_and_three_wild_cards_under_none(api):
    # North has drawn (his side melded kings) and lays 7 7 2 2 JK: legal only without the ratio
    body = {"sides": S4, "options": {"wild_ratio": "none"},
            "position": {"phase": "play", "hand": m("7S 7H 2D 2C JK 5H 6D 9S"), "melds": {"NS": [["K"] * 3]},
                         "pile": {"top": "8C", "size": 3}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [m("7S 7H 2D 2C JK")]}}
    assert C(api, "check", body)["legal"] is True
    body["options"] = {}
    assert ruling(C(api, "check", body)) == (False, "canasta/3.1")


# ---------------------------------------------------------------- rulings, not errors

def sevens_position(melds):
    """The sevens game (three packs, 15 dealt, draw two): North has drawn; his side has melded."""
    return {"variant": "sevens", "sides": S4,
            "position": {"phase": "play", "hand": m("3C 5H 6H 9D 10D JD QD 4S 4C 8H 8S 10S KS"),
                         "melds": {"NS": melds}, "pile": {"top": "8C", "size": 4}, "stock": 60},
            "action": {"type": "meld", "player": "North", "melds": [{"rank": "3", "cards": ["3C"]}]}}


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


def go_out_position(variant="classic", sides=S4, hand="9S 9H 9C 5D"):
    player = sides[0]["players"][0]
    return {"variant": variant, "sides": sides,
            "position": {"phase": "play", "hand": m(hand), "melds": {sides[0]["id"]: [["K"] * 7]},
                         "pile": {"top": "8C", "size": 5}, "stock": 40, "melded_before": True},
            "action": {"type": "go_out", "player": player, "melds": [m("9S 9H 9C")], "card": "5D"}}


def cited(ans):
    return {c["rule"] for c in ans["citations"]}


def test_a_legal_going_out_cites_the_permission_rule(api):
    # North did not ask: legal, and the permission rule that makes asking optional is cited with 6.2
    ans = C(api, "check", go_out_position())
    assert ans["legal"] is True and {"canasta/6.2", "canasta/6.3"} <= cited(ans)
    # going out by the last discard too
    body = go_out_position(hand="5D")
    body["action"] = {"type": "discard", "player": "North", "card": "5D"}
    ans = C(api, "check", body)
    assert ans["effects"]["went_out"] is True and {"canasta/6.2", "canasta/6.3"} <= cited(ans)
    # a player without a partner asks nobody: 6.2 only (two players: two canastas to go out)
    body = go_out_position("two-player", TWO)
    body["position"]["melds"]["A"].append(["Q"] * 7)
    ans = C(api, "check", body)
    assert ans["legal"] is True and "canasta/6.2" in cited(ans) and "canasta/6.3" not in cited(ans)
    # a draw is no going out: neither is cited
    body = go_out_position()
    body["position"]["phase"] = "draw"
    body["action"] = {"type": "draw", "player": "North"}
    assert not {"canasta/6.2", "canasta/6.3"} & cited(C(api, "check", body))


# ---------------------------------------------------------------- disputed readings, now options

def italian_side(natural, mixed):
    """``natural`` natural canastas and ``mixed`` mixed ones (six naturals and a joker), of different ranks."""
    ranks = ["K", "Q", "J", "10", "9", "8", "A"]
    out = []
    for r in ranks[:natural]:
        out.append(cards(" ".join(f"{r}{s}" for s in "SHDCSHD")))
    for r in ranks[natural:natural + mixed]:
        out.append(cards(" ".join(f"{r}{s}" for s in "SHDCSH") + " JK"))
    return out


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


@pytest.mark.parametrize("canastas,need,points", [
    (1, "meld", 200),                  # the preset: any meld (rummy-games gives no condition): 2 x 100
    (1, "two_canastas", -200),         # Samba's condition, which Italian may inherit: one canasta is not enough
    (2, "two_canastas", 200),
])
def test_italian_red_threes_of_a_side_without_two_canastas(canastas, need, points):
    s = score_side(italian_side(canastas, 0), [cards("4S")], opts("italian", red_threes_need=need), red_threes=2)
    assert [p for i, p in items(s) if "red three" in i] == [points]


def sequence(suit, n):
    ranks = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    return cards(" ".join(r + suit for r in ranks[:n]))


@pytest.mark.parametrize("n,penalty", [(3, -1000), (4, -1000), (5, None), (6, None)])
def test_brazilian_short_sequence_boundary(n, penalty):
    # a melded run shorter than five costs 1,000 at the count: four is one under the threshold, five is at it
    s = score_side([sequence("H", n)], [cards("4S")], opts("brazilian"))
    assert [p for i, p in items(s) if i.startswith("sequence of")] == ([penalty] if penalty else [])


@pytest.mark.parametrize("n,bonus", [(4, None), (5, 1000), (6, 1000), (7, 1000)])
def test_brazilian_run_of_five_scores_1000_as_the_arabic_text_reads(n, bonus):
    s = score_side([sequence("H", n)], [cards("4S")], opts("brazilian", long_sequence_bonus=1000,
                                                             short_sequence_penalty=0))
    assert [p for i, p in items(s) if i.startswith("sequence of")] == ([bonus] if bonus else [])
    if n == 7:                         # a finished escalera keeps its own bonus (1,500) beside the 1,000
        assert ("escalera in H", 1500) in items(s)


def test_the_new_options_need_their_mechanics(api):
    body = {"sides": S4, "deal": concealed_deal()}
    for name, value in (("long_sequence_bonus", 1000), ("five_canastas_bonus", "with_mixed")):
        err = C(api, "score", {**body, "options": {name: value}}, 422)["errors"]
        assert err[0]["pointer"] == f"/options/{name}"


def traditional_out(**options):
    """Traditional: North (his side has kings) goes out melding 9 9 9 and three black threes (3S 3C 3S of the four
    in two packs) and discarding the 5D."""
    return {"variant": "traditional", "options": options, "sides": S4,
            "position": {"phase": "play", "hand": m("9S 9H 9C 3S 3C 3S 5D"), "melds": {"NS": [["K"] * 7]},
                         "pile": {"top": "8C", "size": 5}, "stock": 40, "melded_before": True},
            "action": {"type": "go_out", "player": "North", "melds": [m("9S 9H 9C"), m("3S 3C 3S")], "card": "5D"}}


def test_traditional_no_discard_after_black_threes(api):
    assert C(api, "check", traditional_out())["legal"] is True                 # the first reading (default)
    ans = C(api, "check", traditional_out(black_threes_out_discard=False))     # the second reading
    assert ruling(ans) == (False, "canasta/2.3") and ans["violations"][0]["pointer"] == "/action/card"
    # nor may he meld down to the 5D, which would have to be discarded
    body = traditional_out(black_threes_out_discard=False)
    body["action"] = {"type": "meld", "player": "North", "melds": [m("9S 9H 9C"), m("3S 3C 3S")]}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/2.3") and ans["violations"][0]["pointer"] == "/action/melds"
    # going out by melding everything is what that reading wants: a fourth nine instead of the 5D
    body = traditional_out(black_threes_out_discard=False)
    body["position"]["hand"] = m("9S 9H 9C 9D 3S 3C 3S")
    body["action"] = {"type": "go_out", "player": "North", "melds": [m("9S 9H 9C 9D"), m("3S 3C 3S")]}
    assert C(api, "check", body)["effects"]["went_out"] is True


def test_the_sevens_game_escalera_bonus():
    # the paragraph gives no figure for an escalera: 0 by default; Bolivia's 1,500 is the option's other value
    run = sequence("H", 7)          # 4H to 10H: 4 x 5 + 3 x 10 = 50 in cards
    assert items(score_side([run], [cards("4S")], opts("sevens")))[0] == ("sequence canasta in H", 0)
    assert items(score_side([run], [cards("4S")], opts("sevens", natural_sequence_bonus=1500)))[0] == \
        ("sequence canasta in H", 1500)


# ---------------------------------------------------------------- boundaries

def strict_position(meld):
    """Canasta Palace with strict wild cards: NS has opened with kings; North holds five nines (two packs: 9H twice),
    two 2s and a joker."""
    return {"variant": "palace", "options": {"strict_wild_cards": True}, "sides": S4,
            "position": {"phase": "play", "hand": m("9H 9D 9S 9C 9H 2C 2D JK 5H 6D"), "melds": {"NS": [["K"] * 7]},
                         "pile": {"top": "8C", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [m(meld)]}}


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


def test_validate_counts_a_kept_red_three_as_collected_by_its_holder():
    # popular Russian, replayed to the end: South laid out three red threes and still holds the fourth after a turn;
    # he collected all four: 4 x 105 doubled, 840, and 500 for the one kept (8.3).  NS (13 dealt to each: 21 melded
    # and South's 5 make 26): clean kings, queens and nines 3 x 600, going out 200, 840; melded 3 x 70 = 210; South
    # keeps four 4s (20) and the 3D.  EW: J J J melded and 12 + 12 in hand (27)
    from referee.canasta.deal import DealState, Layout, Pile
    from referee.canasta.scoring import settle_state
    layout = Layout.of(S4)
    o = opts("russian-popular")
    st = DealState(layout, o, {"NS": 0, "EW": 0}, 30, Pile(None, 0), "North",
                   {"North": [], "South": cards("4S 4H 4D 4C 3D"),
                    "East": cards("5S 6S 7S 8S 5D 6D 7D 8D 10S 10D 5C 6C"),
                    "West": cards("5H 6H 7H 8H 7C 8C 10H 10C AS AH AD AC")})
    st.melds["NS"] = {"K": cards("KS KH KD KC KS KH KD"), "Q": cards("QS QH QD QC QS QH QD"),
                      "9": cards("9S 9H 9D 9C 9S 9H 9D")}
    st.melds["EW"] = {"J": cards("JS JH JD")}
    st.red_threes["NS"] = cards("3H 3D 3H")
    st.red_by_player = {"South": 3}
    st.had_turn = {"North", "South", "East", "West"}
    st._end("North")
    ans = settle_state(st, layout, o, {"NS": 0, "EW": 0}, 10000)
    ns = side(ans, "NS")
    assert ("4 red threes", 840) in [(x["item"], x["points"]) for x in ns["lines"]]
    assert ns["penalties"] == -500 and ns["hand_score"] == 3 * 600 + 200 + 840 + 210 - 20 - 500
    # had he laid out only two and kept one (three in all, one of them his): 315, not doubled
    st.red_threes["NS"] = cards("3H 3D")
    st.red_by_player = {"South": 2}
    ans = settle_state(st, layout, o, {"NS": 0, "EW": 0}, 10000)
    assert ("3 red threes", 315) in [(x["item"], x["points"]) for x in side(ans, "NS")["lines"]]
