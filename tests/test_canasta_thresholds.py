"""Thresholds and branches the mutation pass over the Canasta engine found untested (each test kills a mutant that
survived the rest of the suite).  Expected values are worked by hand in the comments; card values: joker 50, ace
and 2 20, K to 8 10, 7 to 4 and black threes 5.
"""
import pytest

from referee import service

from referee.canasta.melds import MeldFault, classify, go_out_fault
from referee.canasta.options import VARIANTS
from referee.canasta.scoring import score_side
from referee.cards import parse_card


def cards(s):
    return [parse_card(c) for c in s.split()]


def opts(variant, **over):
    return VARIANTS[variant].resolve(over)


def items(score):
    return [(x["item"], x["points"]) for x in score.lines]


# ---------------------------------------------------------------- Pennies from Heaven: the four canastas to go out

SEVENS, SEVENS_MIXED = cards("7S 7H 7D 7C 7S 7H 7D"), cards("7S 7H 7D 7C 7S 7H JK")
WILD, NATURAL, MIXED = cards("JK JK 2S 2H 2D 2C 2S"), cards("KS KH KD KC KS KH KD"), cards("QS QH QD QC QS QH 2D")


@pytest.mark.parametrize("melds,missing", [
    ([("group", SEVENS), ("wild", WILD), ("group", NATURAL), ("group", MIXED)], None),
    # the side's wild canasta is not its mixed one
    ([("group", SEVENS), ("wild", WILD), ("group", NATURAL)], "a mixed canasta"),
    # a natural canasta of sevens is its sevens canasta, not its natural one
    ([("group", SEVENS), ("wild", WILD), ("group", MIXED)], "a natural canasta"),
    # nor is a mixed canasta of sevens its mixed one
    ([("group", SEVENS_MIXED), ("wild", WILD), ("group", NATURAL)], "a mixed canasta"),
    ([("wild", WILD), ("group", NATURAL), ("group", MIXED)], "a canasta of sevens"),
])
def test_pennies_going_out_needs_each_of_four_canastas(melds, missing):
    why = go_out_fault(melds, opts("pennies-from-heaven"))
    if missing is None:
        assert why is None
    else:
        assert why == ("going out needs a canasta of sevens, a wild canasta, a natural and a mixed one; missing: "
                       + missing)


# ---------------------------------------------------------------- sequences and their wild cards

def test_a_sequence_with_a_wild_card_says_how_many_it_takes():
    # Samba: none; Hollywood: one, so 5H 6H 2C JK (two) is refused with the count
    with pytest.raises(MeldFault, match="^a sequence takes no wild card$"):
        classify(cards("5H 6H 2C"), opts("samba"))
    with pytest.raises(MeldFault, match="^a sequence takes at most 1 wild card$"):
        classify(cards("5H 6H 7H 2C JK"), opts("hollywood"))
    assert classify(cards("5H 6H 7H 2C"), opts("hollywood")) == "sequence"


# ---------------------------------------------------------------- Italian: five canastas, one below and at

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


# ---------------------------------------------------------------- score_side's defaults and constants

def test_a_plain_side_score_has_only_its_card_lines():
    # K K K melded (30), 4 and 5 in hand (10): no red three, black three set aside, double ending or going out
    s = score_side([cards("KS KH KD")], [cards("4S 5S")], opts("classic"))
    assert items(s) == [("melded cards", 30), ("cards left in hand", -10)] and s.total == 20
    # nor under the traditional game, whose double ending goes only with going out and the flag
    s = score_side([cards("KS KH KD KC KS KH KD")], [[], cards("4S")], opts("traditional"), went_out=True)
    assert items(s) == [("natural canasta of K", 500), ("going out", 100), ("melded cards", 70),
                        ("cards left in hand", -5)]


def test_popular_russian_four_red_threes_without_the_flag_are_not_doubled():
    # the library's default: one player is not known to have collected them, 4 x 105 = 420
    s = score_side([cards("KS KH KD KC KS KH KD")], [cards("4S")], opts("russian-popular"), red_threes=4)
    assert ("4 red threes", 420) in items(s)


def test_an_unfinished_palace_wild_meld_line():
    # five wild cards at the count cost 1,000 (the line and the base), and count 50 + 4 x 20 = 130
    s = score_side([cards("JK 2S 2H 2D 2C")], [cards("4S")], opts("palace", wild_melds="palace", jokers_per_pack=3))
    assert items(s)[0] == ("unfinished wild-card meld", -1000) and s.base == -1000


def test_a_mixed_sequence_is_named_by_the_suit_of_its_natural_cards():
    # Hollywood: 2C in a hearts sequence is a wild card; the canasta is "in H" (1,000 for a mixed one)
    s = score_side([cards("2C 5H 6H 7H 8H 9H 10H")], [cards("4S")], opts("hollywood"))
    assert items(s)[0] == ("mixed sequence canasta in H", 1000)


@pytest.mark.parametrize("n,line", [(9, None), (10, ("ten canastas", 2000)), (11, ("ten canastas", 2000))])
def test_italian_ten_canastas(n, line):
    # three packs: 12 of each rank; n natural canastas of different ranks (also five natural: 2,000 more)
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]
    melds = [cards(" ".join(f"{r}{s}" for s in "SHDCSHD")) for r in ranks[:n]]
    got = [x for x in items(score_side(melds, [cards("4S")], opts("italian"))) if x[0] == "ten canastas"]
    assert got == ([line] if line else [])


def test_going_out_with_four_black_threes_scores_1000():
    # popular Russian: the four black threes laid down in the going-out turn, with a clean canasta (600)
    s = score_side([cards("KS KH KD KC KS KH KD"), cards("3S 3C 3S 3C")], [[], cards("4S")],
                   opts("russian-popular"), went_out=True)
    assert ("going out with four black threes", 1000) in items(s)


@pytest.mark.parametrize("laid,kept,points", [
    ({"South": 2, "North": 2}, 0, 420),        # four red threes, two laid out by each: not one player's
    ({"North": 1}, 3, 420),                    # South laid out none and keeps three; North laid out one
    ({"South": 1}, 3, 840),                    # South laid out one and keeps three: all four his
])
def test_settling_a_replay_knows_who_collected_the_red_threes(laid, kept, points):
    from referee.canasta.deal import DealState, Layout, Pile
    from referee.canasta.scoring import settle_state
    sides = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
    layout, o = Layout.of(sides), opts("russian-popular")
    south = cards("4S 4H 4D 4C") + cards("3H 3D 3H")[:kept]
    st = DealState(layout, o, {"NS": 0, "EW": 0}, 30, Pile(None, 0), "North",
                   {"North": [], "South": south, "East": cards("5S 6S 7S 8S 5D 6D 7D 8D 10S 10D 5C 6C"),
                    "West": cards("5H 6H 7H 8H 7C 8C 10H 10C AS AH AD AC")})
    st.melds["NS"] = {"K": cards("KS KH KD KC KS KH KD"), "Q": cards("QS QH QD QC QS QH QD"),
                      "9": cards("9S 9H 9D 9C 9S 9H 9D")}
    st.melds["EW"] = {"J": cards("JS JH JD")}
    st.red_threes["NS"] = cards("3D 3H 3D 3H")[:4 - kept]
    st.red_by_player = dict(laid)
    st._end("North")
    ns = next(s for s in settle_state(st, layout, o, {"NS": 0, "EW": 0}, 10000)["sides"] if s["id"] == "NS")
    assert ("4 red threes", points) in [(x["item"], x["points"]) for x in ns["lines"]]


# ---------------------------------------------------------------- 422s of a finished deal: each names its field

S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


def m(s):
    return s.split()


def full_deal():
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
    v = VARIANTS[variant]
    return score({"sides": S4, "deal": deal}, v, v.resolve(options))


def fault(deal, variant="classic", **options):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_score(deal, variant, **options)
    return e.value.errors[0]


def irregular(**irr):
    d = full_deal()
    d["irregularities"] = [{"side": "EW", **irr}]
    return d


@pytest.mark.parametrize("deal,pointer", [
    (irregular(type="misdeal"), "/deal/irregularities/0/type"),
    (irregular(type="illegal_meld", side="XY"), "/deal/irregularities/0/side"),
    (irregular(type="illegal_meld", count=1), "/deal/irregularities/0/count"),
    (irregular(type="excess_wild_cards", count=0), "/deal/irregularities/0/count"),
    (irregular(type="excess_wild_cards", count=10), "/deal/irregularities/0/count"),
])
def test_irregularities_name_the_faulty_field(deal, pointer):
    assert fault(deal)["pointer"] == pointer


def test_each_side_field_is_named():
    d = full_deal()
    del d["sides"][0]["id"]
    assert fault(d)["pointer"] == "/deal/sides/0/id"
    d = full_deal()
    d["sides"][1]["id"] = "NS"                                       # NS twice
    assert fault(d)["pointer"] == "/deal/sides/1/id"
    d = full_deal()
    d["sides"][1]["concealed"] = True                                # EW did not go out
    assert fault(d)["pointer"] == "/deal/sides/1/concealed"
    d = full_deal()
    d["sides"][0]["double_ending"] = True                            # no double ending in the classic game
    assert fault(d)["pointer"] == "/deal/sides/0/double_ending"
    d = full_deal()
    d["sides"][0]["hands"][1] = []                                   # South out of cards too: he melded 5 5 5 and
    d["sides"][0]["melds"] += [m("5 5 5"), m("Q Q Q"), m("10 10 10")]  # more, but the partner keeps at least one
    assert fault(d)["pointer"] == "/deal/sides/0/hands"
    d = full_deal()
    d["sides"][1]["hands"] = [[], m("JK Q 4 4 5 6 7 5 6 K 10 10 7 4 4")]   # EW did not go out, East holds none
    assert fault(d)["pointer"] == "/deal/sides/1/hands"


def test_one_player_all_reds_with_three_red_threes():
    d = full_deal()
    d["sides"][0].update(one_player_all_reds=True, red_threes=m("3H 3D 3H"))
    d["sides"][1]["red_threes"] = []
    d["sides"][1]["hands"][0].append("7")
    err = fault(d, "russian-popular", deal_size=11)
    assert err == {"pointer": "/deal/sides/0/one_player_all_reds",
                   "detail": "one_player_all_reds says one player collected all four red threes; the side shows 3"}


def test_a_second_meld_of_wild_cards_is_refused():
    # Uruguay: one meld of wild cards a side; NS shows two (JK 2 2 and 2 2 JK)
    d = full_deal()
    d["sides"][0]["melds"][1] = m("9 9 9 9 9 9 9")
    d["sides"][0]["melds"] += [m("JK 2 2"), m("2 2 JK")]
    d["sides"][1]["melds"][0] = m("Q Q Q")
    assert fault(d, "uruguay") == {"pointer": "/deal/sides/0/melds/6",
                                   "detail": "a side has one meld of wild cards (canasta/3.1)"}


def test_black_threes_in_a_deal():
    # three black threes melded by the side that went out are fine (two packs hold four) ...
    d = full_deal()
    d["sides"][0]["melds"].append(m("3S 3C 3S"))
    assert view_score(d)["sides"][0]["card_score"] == 255 + 15
    # ... five are not
    d["sides"][1]["hands"][0] += m("3C 3S")
    assert fault(d) == {"pointer": "/deal/sides", "detail": "the 108-card deck holds 4 black threes; the deal shows 5 "
                                                            "(canasta/1.2)"}


def test_a_player_whose_side_never_melded_holds_exactly_his_deal():
    # EW never melded: East 12 and West 11 make 23, enough for the side, but East holds one card too many
    d = full_deal()
    d["sides"][1].update(melds=[], hands=[m("JK Q 4 4 5 6 7 Q Q Q 2 J"), m("5 6 K 10 10 7 4 4 J J 10")])
    assert fault(d)["pointer"] == "/deal/sides/1/hands/0"


def concealed_ew(kept_in_hand=True, irregularities=()):
    """EW never melded; West keeps the 3H he was dealt (in his hand, or given under red_threes)."""
    d = full_deal()
    west = m("4C 5D 6H 7S 8C 9H 10D JS AH 2D") + (["3H"] if kept_in_hand else [])
    d["sides"][1] = {"id": "EW", "red_threes": [] if kept_in_hand else ["3H"],
                     "hands": [m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"), west]}
    d["irregularities"] = list(irregularities)
    return d


def test_a_kept_red_three_is_counted_once():
    # reported and in the hand: the floor counts it there, not twice; with East one card short EW shows 21 < 22
    kept = [{"type": "red_three_not_laid_out", "side": "EW"}]
    d = concealed_ew(True, kept)
    assert view_score(d)["sides"][1]["hand_score"] == -305 - 500
    d["sides"][1]["hands"][0].pop()
    assert fault(d)["pointer"] == "/deal/sides/1"
    # another irregularity does not say the three was kept: West's 10 cards without it are one short
    d = concealed_ew(False, [{"type": "illegal_meld", "side": "EW"}])
    assert fault(d)["pointer"] == "/deal/sides/1"
    assert view_score(concealed_ew(False, kept))["sides"][1]["hand_score"] == -305 - 500


def test_one_kept_red_three_may_be_one_players_fourth():
    # popular Russian (13 each): South laid out three and keeps the fourth, one_player_all_reds: 840, not a 422
    d = {"sides": [
        {"id": "NS", "went_out": True, "red_threes": m("3H 3D 3H"), "one_player_all_reds": True,
         "melds": [["K"] * 7, ["Q"] * 7], "hands": [[], m("4 4 5 5 6 6 7 7 8 8 9 9 3D")]},
        {"id": "EW", "melds": [m("J J J")],
         "hands": [m("4 5 6 7 8 9 10 10 A A 10 8"), m("4 5 6 7 8 9 10 A A 6 7 5 4")]}]}
    lines = view_score(d, "russian-popular")["sides"][0]["lines"]
    assert {"item": "4 red threes", "points": 840, "rule": "canasta/2.2"} in lines


# ---------------------------------------------------------------- rulings whose wording depends on the position

def check(body, variant="classic", **options):
    return service.handle("canasta", "check", {"variant": variant, "options": options, "sides": S4, **body})


def message(ans):
    return ans["violations"][0]["message"] if ans["violations"] else None


def test_a_hand_of_the_wrong_size_says_what_it_should_hold():
    # EW has not melded: in the play phase East holds his 11 and the card drawn, 12; two players: the 15 dealt and
    # the two drawn, 17
    from referee.errors import InputError
    body = {"position": {"phase": "play", "to_act": "East", "hand": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
                         "pile": {"top": "9C", "size": 1}, "stock": 40},
            "action": {"type": "discard", "player": "East", "card": "4H"}}
    with pytest.raises(InputError) as e:
        check(body)
    assert e.value.errors[0]["detail"] == ("a player whose side has not melded holds the 11 cards of his deal and the "
                                           "card just drawn (12), not 11 (canasta/1.5)")
    two = {"position": {"phase": "play", "hand": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 4S 5H 6D 7C 8H"),
                        "pile": {"top": "9C", "size": 1}, "stock": 40},
           "action": {"type": "discard", "player": "Ann", "card": "4H"},
           "sides": [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]}
    with pytest.raises(InputError) as e:
        service.handle("canasta", "check", {"variant": "two-player", **two})
    assert e.value.errors[0]["detail"] == ("a player whose side has not melded holds at least the 15 cards of his deal "
                                           "and the 2 just drawn (17), not 16 (canasta/1.5)")


@pytest.mark.parametrize("total,want", [(9000, "at 9,000 the side opens with a natural canasta"),
                                        (8000, "at 8,000 the side opens with a canasta and 200 in cards"),
                                        (7000, "at 7,000 the side opens with a canasta")])
def test_a_brazilian_canasta_opening_says_which_canasta(total, want):
    # NS has not melded; North has drawn (15 + 2 = 17) and opens with three aces
    body = {"state": {"scores": {"NS": total, "EW": 0}},
            "position": {"phase": "play", "hand": m("AH AD AS 4S 5S 6S 7S 8S 9S 10S JS QS KS 4D 5D 6D 7D"),
                         "pile": {"top": "9C", "size": 1}, "stock": 60},
            "action": {"type": "meld", "player": "North", "melds": [m("AH AD AS")]}}
    assert message(check(body, "brazilian")) == want


def test_red_threes_never_count_toward_a_classic_opening():
    # 5 5 5 (15) and K K K (30) make 45 < 50, a red three on the table notwithstanding (canasta.md M9); in the popular
    # Russian game it counts 5 and the opening is exactly 50 (RU5)
    body = {"position": {"phase": "play", "hand": m("5H 5D 5S KH KD KS 4C 6C 7C 8C 9C 10C"),
                         "red_threes": {"NS": ["3H"]}, "pile": {"top": "9D", "size": 1}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [m("5H 5D 5S"), m("KH KD KS")]}}
    assert message(check(body)) == ("the side's first meld needs 50; these melds make 45 (bonuses never count)")
    body["position"]["hand"] += ["4D", "6D"]                       # popular Russian: 13 dealt, 14 after the draw
    assert check(body, "russian-popular")["legal"] is True


def test_turn_order_rulings_say_what_comes_first():
    body = {"position": {"phase": "draw", "hand": m("9S 9H 9C 5D 6D 7D 8D 10D JD QD KD"), "melds": {"NS": [["K"] * 3]},
                         "pile": {"top": "8C", "size": 5}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [m("9S 9H 9C")]}}
    assert message(check(body)) == "the turn begins with a draw from the stock or the pile"
    body["position"]["phase"] = "play"
    body["action"] = {"type": "take_pile", "player": "North", "cards": m("8D 8D")}
    assert message(check(body)) == "the player has already drawn this turn"


@pytest.mark.parametrize("variant,options,want", [
    ("classic", {}, "the top K needs a natural pair, a natural K and a wild card, or the side's meld of Ks"),
    ("russian-popular", {}, "the top K needs a natural pair or the side's meld of Ks"),
    ("samba", {"natural_and_wild_takes": True}, "the top K needs a natural pair, a natural K and a wild card, or the "
                                                "side's meld of Ks while it is short of a canasta (the side's is "
                                                "complete)"),
    ("samba", {}, "the top K needs a natural pair or the side's meld of Ks while it is short of a canasta (the side's "
                  "is complete)"),
])
def test_what_takes_an_unfrozen_pile_is_said_as_the_options_have_it(variant, options, want):
    # North's side has melded (a canasta of kings where it matters); a K tops an unfrozen pile and he shows nothing
    kings = ["K"] * 7 if variant == "samba" else ["K"] * 3
    body = {"position": {"hand": m("9S 5D 6D 7D 8D 10D JD QD 4S 4H 4C 5C 6C 7C 8C"), "melds": {"NS": [kings]},
                         "pile": {"top": "KC", "size": 5}, "stock": 60},
            "action": {"type": "take_pile", "player": "North", "cards": []}}
    if variant == "classic":
        body["position"]["hand"] = body["position"]["hand"][:11]
        body["position"]["melds"]["NS"] = [m("A A A")]
    if variant == "russian-popular":
        body["position"]["hand"] = body["position"]["hand"][:13]
        body["position"]["melds"]["NS"] = [m("A A A")]
    assert message(check(body, variant, **options)) == want


def test_cards_taken_with_the_pile_that_make_no_meld():
    # Cuban canastas stop at seven: the top K and a pair of kings would make the side's K x7 ten cards
    body = {"position": {"hand": m("KH KD 5D 6D 7D 8D 10D JD QD 4S 4H 4C 5C"), "melds": {"NS": [["K"] * 5]},
                         "pile": {"top": "KC", "size": 5}, "stock": 40},
            "action": {"type": "take_pile", "player": "North", "cards": m("KH KD")}}
    assert message(check(body, "cuban")) == "adding to the side's Ks: a canasta holds at most 7 cards"
    # classic: a natural 9 and three wild cards with the top 9 are two naturals and three wild cards
    body = {"position": {"hand": m("9H 2C JK 2D 5D 6D 7D 8D 10D JD QD"), "melds": {"NS": [m("A A A")]},
                         "pile": {"top": "9C", "size": 5}, "stock": 40},
            "action": {"type": "take_pile", "player": "North", "cards": m("9H 2C JK 2D")}}
    assert message(check(body)) == "the top card and the cards shown: wild cards may not outnumber the natural cards"


def test_going_out_by_a_discard_alone_leaves_the_rest_in_hand():
    body = {"position": {"phase": "play", "hand": m("5D 6D 7D"), "melds": {"NS": [["K"] * 7]},
                         "pile": {"top": "8C", "size": 5}, "stock": 40, "melded_before": True},
            "action": {"type": "go_out", "player": "North", "melds": [], "card": "5D"}}
    assert message(check(body)) == "going out leaves no card in hand; 2 would remain"


# ---------------------------------------------------------------- a log: each event names its faulty field

DEAL = {"type": "deal", "dealer": "West", "pile": ["9C"], "hands": {
    "North": m("KH KD KS KC KH KD KS QH QD QS QC"), "East": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
    "South": m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK"), "West": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 3H")}}


def view_validate(log, variant="classic", sides=S4):
    from referee.canasta.views import validate
    v = VARIANTS[variant]
    return validate({"sides": sides, "log": log}, v, v.resolve({}))


@pytest.mark.parametrize("event,pointer", [
    ({"type": "draw", "player": "North"}, "/log/1/cards"),
    ({"type": "ask", "player": "North"}, "/log/1/answer"),
    ({"type": "shuffle", "player": "North"}, "/log/1/type"),
])
def test_log_events_name_their_faulty_field(event, pointer):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_validate([DEAL, event])
    assert e.value.errors[0]["pointer"] == pointer


@pytest.mark.parametrize("event,pointer", [
    ({"type": "meld", "player": "North", "melds": []}, "/log/2/melds"),
    ({"type": "discard", "player": "North"}, "/log/2/card"),
    ({"type": "extra_cards", "player": "North"}, "/log/2/cards"),
])
def test_log_play_events_name_their_faulty_field(event, pointer):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_validate([DEAL, {"type": "draw", "player": "North", "cards": ["5C"]}, event])
    assert e.value.errors[0]["pointer"] == pointer


def test_a_log_cut_off_mid_deal_is_in_progress_not_faulted():
    # issue 19: a log still being played is not broken; it says where it stands instead
    ans = view_validate([DEAL, {"type": "draw", "player": "North", "cards": ["5C"]}])
    assert (ans["valid"], ans["first_violation"], ans["complete"], ans["deals"]) == (True, None, False, [])
    assert (ans["position"]["to_act"], ans["position"]["phase"], ans["position"]["turn"]) == \
        ("North", "play", {"drew_from": "stock", "first_round": True})


def test_the_player_sitting_out_does_not_deal():
    five = [{"id": "T", "players": ["T1", "T2", "T3"]}, {"id": "P", "players": ["P1", "P2"]}]
    ans = view_validate([{"type": "deal", "dealer": "T1", "sitting_out": "T1", "pile": ["9C"], "hands": {}}],
                        "five-player", five)
    assert (ans["first_violation"]["rule"], ans["first_violation"]["pointer"]) == ("canasta/1.5", "/log/0/dealer")


@pytest.mark.parametrize("variant,sides,hand,want", [
    # before the draw a player whose side has not melded holds exactly his deal (draw one), at least it (draw two)
    ("classic", S4, "4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 4S",
     "a player whose side has not melded holds exactly the 11 cards of his deal, not 12 (canasta/1.5)"),
    ("two-player", [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}],
     "4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 4S 5H 6D",
     "a player whose side has not melded holds at least the 15 cards of his deal, not 14 (canasta/1.5)"),
])
def test_a_hand_of_the_wrong_size_before_the_draw(variant, sides, hand, want):
    from referee.errors import InputError
    player = sides[0]["players"][0]
    body = {"variant": variant, "sides": sides,
            "position": {"hand": m(hand), "pile": {"top": "9C", "size": 1}, "stock": 40},
            "action": {"type": "draw", "player": player}}
    with pytest.raises(InputError) as e:
        service.handle("canasta", "check", body)
    assert e.value.errors[0]["detail"] == want


def dealt(**change):
    return {**DEAL, **change}


PENNIES = [{"id": x, "players": [x + "1", x + "2", x + "3"]} for x in "AB"]
PENNY_HANDS = {p: m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 5D 6D") for s in PENNIES for p in s["players"]}
PACKET = m("4S 5H 6H 7C 8C 9C 10S JS QS KS AS")


@pytest.mark.parametrize("variant,sides,event,pointer", [
    ("classic", S4, dealt(hands=[]), "/log/0/hands"),
    ("classic", S4, dealt(hands={k: v for k, v in DEAL["hands"].items() if k != "East"}), "/log/0/hands"),
    ("classic", S4, dealt(pile=[]), "/log/0/pile"),
    ("classic", S4, dealt(packets={"North": PACKET}), "/log/0/packets"),
    ("pennies-from-heaven", PENNIES, dealt(dealer="A1", hands=PENNY_HANDS), "/log/0/packets"),
    ("pennies-from-heaven", PENNIES, dealt(dealer="A1", hands=PENNY_HANDS, packets={"A1": PACKET}), "/log/0/packets"),
])
def test_a_deal_event_names_its_faulty_field(variant, sides, event, pointer):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_validate([event], variant, sides)
    assert e.value.errors[0]["pointer"] == pointer


def test_the_italian_count_off_is_checked():
    # a king turned up has 13 cards counted off under it; the log shows 5 (the Italian deal is 15 cards each)
    hands = {p: m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 5D 6D 7D 8H") for p in ("North", "East", "South", "West")}
    ans = view_validate([dealt(hands=hands, pile=m("4S 5S 6S 7S 8S KC"))], "italian")
    fv = ans["first_violation"]
    assert (fv["rule"], fv["message"], fv["pointer"]) == \
        ("canasta/1.6", "the upcard KC has 13 cards counted off under it, not 5", "/log/0/pile")


# ---------------------------------------------------------------- a sample of the rest of the engine

def deal_state(variant, stock=30, hands=None, turn="North"):
    from referee.canasta.deal import DealState, Layout, Pile
    hands = hands or {"North": cards("4S 5S 6S"), "South": None, "East": None, "West": None}
    return DealState(Layout.of(S4), opts(variant), {"NS": 0, "EW": 0}, stock, Pile(None, 0), turn, hands)


@pytest.mark.parametrize("stock,window", [(1, False), (0, True)])
def test_the_sevens_game_last_discard_may_be_bought_once(stock, window):
    # the discard after the last stock card opens the buy; one before it does not
    st = deal_state("sevens", stock)
    st.phase, st.drew_from = "play", "stock"
    st.melds["NS"] = {"K": cards("KS KH KD")}
    st.apply_discard("North", parse_card("4S"))
    assert (st.buy_window, st.phase) == (window, "draw")


def test_a_draw_of_a_card_whose_copies_are_all_in_view():
    from referee.errors import InputError
    body = {"sides": S4, "position": {"hand": m("KH KH 5D 6D 7D 8D 10D JD QD 4S 4H"), "melds": {"NS": [m("A A A")]},
                                      "pile": {"top": "9C", "size": 5}, "stock": 40},
            "action": {"type": "draw", "player": "North", "cards": ["KH"]}}
    with pytest.raises(InputError) as e:
        service.handle("canasta", "check", body)
    assert e.value.errors[0]["pointer"] == "/action/cards/0"


def test_an_event_whose_player_is_null():
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        view_validate([DEAL, {"type": "draw", "player": None, "cards": ["5C"]}])
    assert e.value.errors[0]["pointer"] == "/log/1/player"


def test_a_meld_of_wild_cards_holds_seven():
    assert classify(cards("JK JK 2S 2H 2D 2C 2S"), opts("uruguay")) == "wild"
    with pytest.raises(MeldFault, match="at most seven"):
        classify(cards("JK JK 2S 2H 2D 2C 2S 2H"), opts("uruguay"))


@pytest.mark.parametrize("sevens,points", [("7S 7H 7D 7C 7S 7H 7D", 2000), ("7S 7H 7D 7C 7S 7H 2D", 600)])
def test_all_six_red_threes_of_the_sevens_game(sevens, points):
    # all six score 2,000 only after a natural canasta of sevens (or a bolivia or an escalera); otherwise 6 x 100
    s = score_side([cards(sevens)], [cards("4S")], opts("sevens"), red_threes=6)
    assert [p for i, p in items(s) if "red three" in i] == [points]


def test_extra_cards_are_as_many_as_due():
    # Mexicana: the player whose meld opened the side draws 13 more; 12 are refused, 13 accepted
    body = {"variant": "mexicana", "sides": S4,
            "position": {"phase": "play", "hand": m("5D 6D 7D 8D"), "melds": {"NS": [m("K K K")]},
                         "turn": {"melded": True, "extra_cards_due": True}, "pile": {"size": 0}, "stock": 60},
            "action": {"type": "extra_cards", "player": "North", "cards": m("4S 5S 6S 7S 8S 9S 10S JS QS 4H 5H 6H")}}
    ans = service.handle("canasta", "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/4.2")
    body["action"]["cards"].append("7H")
    assert service.handle("canasta", "check", body)["effects"] == {"drawn": 13}


def test_a_late_question_that_cannot_be_answered_by_going_out_costs_100():
    st = deal_state("classic")
    assert st.apply_late_ask("North") == {"rule": "canasta/8.5", "side": "NS", "points": -100,
                                          "note": "North asked late and could not go out"}


def test_a_copy_too_many_stops_the_judging_of_its_deal():
    # North draws a third KH: a violation of 1.2, and the deal's later events (a discard he cannot make) are not judged
    ans = view_validate([DEAL, {"type": "draw", "player": "North", "cards": ["KH"]},
                         {"type": "discard", "player": "North", "card": "9S"}])
    assert [(v["index"], v["rule"]) for v in ans["violations"]] == [(1, "canasta/1.2")]


@pytest.mark.parametrize("sides,target", [
    ([{"id": x, "players": [x + "1", x + "2", x + "3"]} for x in "AB"], 10000),
    ([{"id": x, "players": [x + "1", x + "2"]} for x in "ABC"], 7500),
])
def test_six_players_play_as_two_sides_of_three_or_three_of_two(sides, target):
    from referee.canasta.parse import parse_table
    v = VARIANTS["six-player"]
    assert parse_table({"sides": sides}, v, v.resolve({}))[2] == target


@pytest.mark.parametrize("variant,sides", [
    ("six-player", [{"id": f"S{k}", "players": [f"P{k}"]} for k in range(6)]),
    ("two-player", [{"id": "A", "players": ["Ann", "Bob"]}]),
    ("three-player", [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob", "Cid"]}]),
])
def test_sides_the_player_counts_do_not_allow(variant, sides):
    from referee.canasta.parse import parse_table
    from referee.errors import InputError
    v = VARIANTS[variant]
    with pytest.raises(InputError) as e:
        parse_table({"sides": sides}, v, v.resolve({}))
    assert e.value.errors[0]["pointer"] == "/sides"


@pytest.mark.parametrize("total", [True, 1252])
def test_a_side_total_is_a_multiple_of_5(total):
    from referee.canasta.parse import parse_table
    from referee.errors import InputError
    v = VARIANTS["classic"]
    with pytest.raises(InputError) as e:
        parse_table({"sides": S4, "state": {"scores": {"NS": total, "EW": 0}}}, v, v.resolve({}))
    assert e.value.errors[0]["pointer"] == "/state/scores/NS"


def test_laying_out_a_red_three_counts_one_for_its_player():
    st = deal_state("russian-popular", hands={"North": cards("3H 3D 5S"), "South": None, "East": None, "West": None})
    st.apply_red_three("North", parse_card("3H"), parse_card("6S"))
    st.apply_red_three("North", parse_card("3D"), parse_card("7S"))
    assert (st.red_by_player, len(st.red_threes["NS"]), st.stock) == ({"North": 2}, 2, 28)


def test_the_twelve_card_classic_to_7000_opens_by_its_own_table(api):
    err = api("score", {"variant": "classic-12", "options": {"target": 7000, "opening_table": "classic"}, "sides": S4,
                        "deal": full_deal()}, status=422, game="canasta")["errors"][0]
    assert err["pointer"] == "/options/opening_table"


@pytest.mark.parametrize("canastas,fault", [(1, True), (2, False)])
def test_tough_end_with_sequences_needs_two_canastas(canastas, fault):
    melds = [("group", NATURAL), ("group", MIXED)][:canastas]
    why = go_out_fault(melds, opts("palace", tough_end=True, sequences=True))
    assert (why is not None) is fault


def test_a_meld_that_empties_the_hand_goes_out():
    body = {"sides": S4, "position": {"phase": "play", "hand": m("9S 9H 9C"), "melds": {"NS": [["K"] * 7]},
                                      "pile": {"top": "8C", "size": 5}, "stock": 40, "melded_before": True},
            "action": {"type": "meld", "player": "North", "melds": [m("9S 9H 9C")]}}
    assert service.handle("canasta", "check", body)["effects"] == {"canastas": 1, "went_out": True, "concealed": False}


def test_a_pile_given_by_its_cards_and_its_top():
    body = {"sides": S4, "position": {"hand": m("9S 9H 5D 6D 7D 8D 10D JD QD 4S 4H"), "melds": {"NS": [m("A A A")]},
                                      "pile": {"cards": m("8C 5H 9C"), "top": "9C", "size": 3}, "stock": 40},
            "action": {"type": "take_pile", "player": "North", "cards": m("9S 9H")}}
    assert service.handle("canasta", "check", body)["legal"] is True


def test_an_italian_deuce_meld_holds_two_2s_at_least():
    assert classify(cards("2S 2H JK"), opts("italian")) == "wild"
    with pytest.raises(MeldFault, match="at least two 2s"):
        classify(cards("2S JK JK"), opts("italian"))


def test_a_missing_side_is_named():
    d = full_deal()
    del d["sides"][1]
    assert fault(d) == {"pointer": "/deal/sides", "detail": "give every side's cards (missing: EW)"}


def test_russian_red_threes_in_a_short_opening_count():
    # 5 5 5 and 7 7 7 make 30, two red threes 10 more: 40 < 50 (RU5's rule, one step short)
    body = {"position": {"phase": "play", "hand": m("5H 5D 5S 7H 7D 7S 4C 6C 8C 9C 10C JC QC KC"),
                         "red_threes": {"NS": ["3H", "3D"]}, "pile": {"top": "9D", "size": 1}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [m("5H 5D 5S"), m("7H 7D 7S")]}}
    assert message(check(body, "russian-popular")) == ("the side's first meld needs 50; these melds and the side's red "
                                                       "threes at 5 each make 40 (canasta bonuses never count)")


@pytest.mark.parametrize("variant,options,rounds", [("palace", {"max_rounds": 10}, 1), ("classic", {}, None)])
def test_the_next_state_carries_the_rounds_only_with_a_round_limit(variant, options, rounds):
    ans = view_score(full_deal(), variant, **options)
    assert ans["state_after"].get("rounds") == rounds and ans.get("rounds_played") == rounds


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


@pytest.mark.parametrize("canastas,fault", [(1, True), (2, False)])
def test_tough_end_without_a_natural_canasta_needs_two(canastas, fault):
    mixed = [("group", MIXED), ("group", cards("JS JH JD JC JS JH 2C"))][:canastas]
    why = go_out_fault(mixed, opts("palace", tough_end=True))
    assert why == ("going out needs two canastas or a natural one" if fault else None)


def test_extra_cards_from_a_short_stock():
    # Mexicana: 13 are due but the stock holds 10; he takes all ten
    body = {"variant": "mexicana", "sides": S4,
            "position": {"phase": "play", "hand": m("5D 6D 7D 8D"), "melds": {"NS": [m("K K K")]},
                         "turn": {"melded": True, "extra_cards_due": True}, "pile": {"size": 0}, "stock": 10},
            "action": {"type": "extra_cards", "player": "North", "cards": m("4S 5S 6S 7S 8S 9S 10S JS QS 4H")}}
    assert service.handle("canasta", "check", body)["effects"] == {"drawn": 10}


@pytest.mark.parametrize("top,agrees", [("9C", True), ("9", True), ("9H", False), ("8C", False)])
def test_a_pile_top_given_beside_its_cards_agrees_with_them(top, agrees):
    from referee.errors import InputError
    body = {"sides": S4, "position": {"hand": m("9S 9H 5D 6D 7D 8D 10D JD QD 4S 4H"), "melds": {"NS": [m("A A A")]},
                                      "pile": {"cards": m("8C 5H 9C"), "top": top}, "stock": 40},
            "action": {"type": "take_pile", "player": "North", "cards": m("9S 9H")}}
    if agrees:
        assert service.handle("canasta", "check", body)["legal"] is True
    else:
        with pytest.raises(InputError) as e:
            service.handle("canasta", "check", body)
        assert e.value.errors[0]["pointer"] == "/position/pile/top"
