"""Faults found by black-box probing of the Canasta variants (issues 4 and 5), each kept with the probe's input.

Expected values are rulings by the rule texts cited in each comment (seed-systems.md and canasta.md readings).
"""
import pytest

S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
S6 = [{"id": "A", "players": ["P1", "P3", "P5"]}, {"id": "B", "players": ["P2", "P4", "P6"]}]


def C(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="canasta")


def m(s):
    return s.split()


def ruling(ans):
    return (ans["legal"], ans["violations"][0]["rule"] if ans["violations"] else None)


# ---------------------------------------------------------------- a going-out discard after melds (issue 5, #1)

def test_pennies_seven_is_never_the_going_out_discard(api):
    # CN-PH: a seven is never the last discard, melds laid in the same go_out or not.
    body = {"variant": "pennies-from-heaven", "sides": S6, "state": {"scores": {"A": 0, "B": 0}},
            "position": {"phase": "play", "hand": m("5C 5D 5S 7C"),
                         "melds": {"A": [m("7S 7H 7D 7C 7S 7H 7D"), m("JK JK 2S 2H 2D 2C JK"),
                                         m("KS KH KD KC KS KH KD"), m("JS JH JD JC JS 2S 2H")],
                                   "B": [m("AS AH AD")]},
                         "pile": {"top": "9D", "size": 9, "frozen_by": None}, "stock": 40},
            "action": {"player": "P1", "type": "go_out", "melds": [m("5C 5D 5S")], "card": "7C"}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/6.1") and "never the last discard" in ans["violations"][0]["message"]
    assert ans["violations"][0]["pointer"] == "/action/card"


def test_samba_red_three_is_never_the_going_out_discard(api):
    body = {"variant": "samba", "sides": S4, "state": {"scores": {"NS": 0, "EW": 0}},
            "position": {"phase": "play", "hand": m("5C 5D 5S 3H"),
                         "melds": {"NS": [m("KS KH KD KC KS KH KD"), m("QS QH QD QC QS QH QD")],
                                   "EW": [m("AH AS AC")]},
                         "pile": {"top": "9D", "size": 9, "frozen_by": None}, "stock": 40},
            "action": {"type": "go_out", "player": "North", "melds": [m("5C 5D 5S")], "card": "3H"}}
    assert ruling(C(api, "check", body)) == (False, "canasta/2.1")


def test_cuban_black_three_not_discarded_in_the_first_round_when_going_out(api):
    body = {"variant": "cuban", "sides": S4, "state": {"scores": {"NS": 0, "EW": 0}},
            "position": {"phase": "play", "hand": m("5C 5D 5S 3S"), "melds": {"NS": [m("KS KH KD KC KS KH KD")]},
                         "pile": {"top": "9D", "size": 9, "frozen_by": None}, "stock": 40,
                         "turn": {"first_round": True}},
            "action": {"type": "go_out", "player": "North", "melds": [m("5C 5D 5S")], "card": "3S"}}
    assert ruling(C(api, "check", body)) == (False, "canasta/2.3")
    log = [{"type": "deal", "dealer": "West", "pile": ["4S"], "hands": {
        "North": m("KS KH KD KC KS KH KD 5S 5H 5D 6S 6H 3S"),
        "East": m("8H 8D 10D 5H 8S 5C 8C 6C 10S 4D 6S 4H 10S"),
        "South": m("4D 9C JS JK 6D 8H 10C 5D 10H 10D 6C JC JK"),
        "West": m("JC 9S 8C JD 5S 9H 4C 6H JD JH JK 9S 4H")}},
        {"type": "draw", "player": "North", "cards": ["6D"]},
        {"type": "go_out", "player": "North", "melds": [m("KS KH KD KC KS KH KD"), m("5S 5H 5D"), m("6S 6H 6D")],
         "card": "3S"}]
    ans = C(api, "validate", {"variant": "cuban", "sides": S4, "log": log})
    fv = ans["first_violation"]
    assert (ans["valid"], fv["index"], fv["rule"], fv["pointer"]) == (False, 2, "canasta/2.3", "/log/2/card")


# ---------------------------------------------------------------- listings, wording, facts (issue 5, #3-#5)

@pytest.mark.parametrize("variant,expected", [
    ("italian", {"going_out_bonus": 300, "concealed_bonus": 0}),     # canasta.md 2.8 / S23: 300, no concealed
    ("sevens", {"going_out_bonus": 200, "concealed_bonus": 0}),      # implied by sequences (canasta/3.4)
    ("classic", {"going_out_bonus": 100, "concealed_bonus": 100}),
])
def test_variant_listing_gives_the_values_a_request_gets(client, variant, expected):
    listing = client.get(f"/v1/games/canasta/variants/{variant}").get_json()
    defaults = {o["name"]: o["default"] for o in listing["options"]}
    assert {k: defaults[k] for k in expected} == expected


def test_sevens_extra_cards_follow_the_first_canasta(api):
    pos = {"phase": "play", "hand": m("KC KD 5H 6D 8C"), "melds": {"NS": [["K"] * 5]},
           "pile": {"top": "8D", "size": 3}}
    body = {"variant": "sevens", "sides": S4, "position": pos,
            "action": {"type": "extra_cards", "player": "North"}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/4.2")
    assert ans["violations"][0]["message"] == ("no extra cards are due: they follow the first canasta of the deal, "
                                               "once")


@pytest.mark.parametrize("score,minimum,canasta", [
    (6995, 120, None),            # Brazilian table below 7,000: a count
    (7000, None, "canasta"),      # 7,000: any canasta, whatever its count
    (8000, 200, "canasta_200"),   # 8,000: a canasta and 200 in cards
    (9000, None, "natural"),      # 9,000: a natural canasta or better
])
def test_brazilian_facts_name_the_opening_requirement(api, score, minimum, canasta):
    hand = m("KH KD KS KC 2C 2D 5H 6D 8C 9S 10H JC QD AS 4C")
    body = {"variant": "brazilian", "sides": S4, "state": {"scores": {"NS": score, "EW": 0}},
            "position": {"phase": "draw", "hand": hand, "pile": {"top": "8D", "size": 3}},
            "action": {"type": "draw", "player": "North"}}
    facts = C(api, "check", body)["facts"]
    assert (facts["minimum"], facts["opening_canasta"]) == (minimum, canasta)


def test_an_empty_meld_is_malformed(api):
    body = {"sides": S4, "position": {"phase": "play", "hand": m("5C 5D 5S 6H 7D 8C 9S 10H JC QD AS 4C"),
                                      "pile": {"top": "8D", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [[]]}}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/action/melds/0"


def test_a_natural_card_never_joins_a_meld_of_wild_cards(api):
    body = {"variant": "bolivia", "sides": S4,
            "position": {"phase": "play", "hand": m("5D 6H 7C 8S 9D"), "melds": {"NS": [m("2C 2D JK")]},
                         "pile": {"top": "8D", "size": 3}},
            "action": {"type": "meld", "player": "North", "melds": [{"rank": "wild", "cards": ["5D"]}]}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/3.3") and ans["violations"][0]["pointer"] == "/action/melds/0/cards"


# ---------------------------------------------------------------- issue 4 variants

def test_classic_12_keeps_a_last_card_without_a_canasta(api):
    # CN-C12 (S4:79): without a canasta a player left with one card keeps it and skips the discard.
    body = {"variant": "classic-12", "sides": S4,
            "position": {"phase": "play", "hand": m("5C 5D 5H 7S"), "melds": {"NS": [m("9H 9S 9C")]},
                         "pile": {"top": "9D", "size": 5, "frozen_by": None}, "stock": 30, "melded_before": True},
            "action": {"type": "meld", "player": "North", "melds": [m("5C 5D 5H")]}}
    ans = C(api, "check", body)
    assert ans["legal"] is True
    assert ans["effects"]["turn_passes"] == ("North keeps his last card and skips the discard; East plays "
                                             "(canasta/6.2)")
    # the official laws: he keeps a card to discard and one more
    body["variant"] = "classic"
    assert ruling(C(api, "check", body)) == (False, "canasta/6.2")
    # after that meld he holds one card and his side no canasta: discarding it would be going out without one, a
    # ruling (issue 18), not a 422; the laws charge 100 for going out without a canasta (8.6)
    body["variant"] = "classic-12"
    body["position"].update(hand=["7S"], melds={"NS": [m("9H 9S 9C"), m("5C 5D 5H")]}, turn={"melded": True})
    body["action"] = {"type": "discard", "player": "North", "card": "7S"}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/6.2")
    assert ans["violations"][0]["message"] == ("going out needs 1 canasta on the side's table; without them the last "
                                               "card is kept, not discarded, and the turn passes")
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.6", -100)]
    assert not [a for a in ans["legal_actions"] if a["type"] in ("discard", "go_out")]
    # with the canasta his side has made, the same discard goes out (one step over the threshold of 6.2)
    body["position"]["melds"]["NS"].append(["K"] * 7)
    assert C(api, "check", body)["effects"]["went_out"] is True


def test_traditional_black_three_is_not_the_last_discard(api):
    # CN-T (S1:21; S4:129): black threes held at the end are melded, not discarded last.
    body = {"variant": "traditional", "sides": S4,
            "position": {"phase": "play", "hand": m("9S 9H 9C 3S"), "melds": {"NS": [m("KH KC KD KS KH KC KD")]},
                         "pile": {"top": "8C", "size": 5, "frozen_by": None}, "melded_before": True, "stock": 30},
            "action": {"type": "go_out", "player": "North", "melds": [m("9S 9H 9C")], "card": "3S"}}
    assert ruling(C(api, "check", body)) == (False, "canasta/2.3")
    # nor may he meld down to the black three alone, which he could never discard
    body["action"] = {"type": "meld", "player": "North", "melds": [m("9S 9H 9C")]}
    assert ruling(C(api, "check", body)) == (False, "canasta/2.3")
    body["variant"] = "classic"                       # the official laws allow both
    assert C(api, "check", body)["legal"] is True
    body["action"] = {"type": "go_out", "player": "North", "melds": [m("9S 9H 9C")], "card": "3S"}
    assert C(api, "check", body)["legal"] is True


@pytest.mark.parametrize("meld,legal", [
    (m("KH KC 2S 2H JK"), True),                      # two naturals, three wild cards: no cap, no ratio (S1:79)
    (m("KH KC KD KS KH 2S 2H JK JK"), True),          # a canasta with five naturals and four wild cards (S1:80)
    (m("KH KC KD 2S 2H JK JK"), False),               # a canasta with three naturals: four are needed
])
def test_russian_popular_meld_floors(api, meld, legal):
    hand = meld + m("5C 6D")
    body = {"variant": "russian-popular", "sides": S4,
            "position": {"phase": "play", "hand": hand, "melds": {"NS": [m("9H 9S 9C")]},
                         "pile": {"top": "8C", "size": 5, "frozen_by": None}, "melded_before": True, "stock": 30},
            "action": {"type": "meld", "player": "North", "melds": [meld]}}
    ans = C(api, "check", body)
    assert ans["legal"] is legal
    if not legal:
        assert ans["violations"][0]["message"].endswith("a canasta holds at least four natural cards")


def test_palace_refuses_four_packs_by_name(api):
    ans = C(api, "score", {"variant": "palace", "options": {"packs": 4}, "sides": S4,
                           "deal": {"sides": [{"id": "NS", "hands": [["4H"], ["5H"]]},
                                              {"id": "EW", "hands": [["4H"], ["5H"]]}]}}, 422)
    assert ans["errors"][0]["pointer"] == "/options/packs"


def test_five_player_the_player_sitting_out_is_named_as_such(api):
    body = {"variant": "five-player",
            "sides": [{"id": "P", "players": ["Ann", "Bob"]}, {"id": "T", "players": ["Cat", "Dan", "Eve"]}],
            "position": {"sitting_out": "Eve", "hand": m("9S 9H 5C 6D KH KC QD 8S 4H 7C 10D"),
                         "pile": {"top": "9D", "size": 5, "frozen_by": None}, "stock": 30},
            "action": {"type": "draw", "player": "Eve"}}
    err = C(api, "check", body, 422)["errors"][0]
    assert err["pointer"] == "/action/player" and err["detail"].startswith("Eve sits this deal out")


def test_classic_12_upcard_is_replaced_not_covered(api):
    # CN-C12 (S4:75): a joker or a three turned up goes back into the pack; the pile starts with one natural card.
    hands = {"North": m("KH KD KS KC QH QD QS QC 4H 4D 5S 6C"), "East": m("4S 5H 6D 7C 8H 9D 10S JD AS AC 7D 8D"),
             "South": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 9S 10C"), "West": m("5C 6S 7H 8S 9C 10H JH JC AD 2C KH KD")}
    log = [{"type": "deal", "dealer": "West", "hands": hands, "pile": ["JK", "9D"]}]
    ans = C(api, "validate", {"variant": "classic-12", "sides": S4, "log": log})
    fv = ans["first_violation"]
    assert (fv["rule"], fv["pointer"]) == ("canasta/1.6", "/log/0/pile/0")


def test_classic_12_canasta_with_the_top_card_is_not_a_canasta_in_hand(api):
    # CN-C12 (S4:79): only a canasta held in the hand opens below the minimum; six fours and the top 4D make 35.
    body = {"variant": "classic-12", "state": {"scores": {"NS": 3000, "EW": 0}}, "sides": S4,
            "position": {"hand": m("4H 4C 4D 4S 4H 4C 5C 6D 7H 8S 9D 10C"),
                         "pile": {"top": "4D", "size": 5, "frozen_by": None}, "stock": 30},
            "action": {"type": "take_pile", "player": "North", "cards": m("4H 4C 4D 4S 4H 4C")}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/4.1") and "needs 120" in ans["violations"][0]["message"]


# ---------------------------------------------------------------- second round: logs and the classic game

def test_a_card_not_held_is_refused_as_such_before_the_sevens_rule(api):
    # Pennies from Heaven: discarding a 7S the player does not hold is "does not hold", not the sevens rule.
    body = {"variant": "pennies-from-heaven", "sides": S6,
            "position": {"phase": "play", "hand": m("5C 5D 6H 8S 9D"), "melds": {"A": [m("KS KH KD KC KS KH KD")]},
                         "pile": {"top": "9C", "size": 9, "frozen_by": None}, "stock": 40},
            "action": {"player": "P1", "type": "discard", "card": "7S"}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/6.1") and ans["violations"][0]["message"] == "P1 does not hold 7S"


def test_a_control_character_in_a_name_is_refused(api):
    sides = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "W\u0000x"]}]
    body = {"sides": sides, "position": {"phase": "draw", "hand": m("5C 5D 6H 8S 9D 10C JH QS KD AS 4C"),
                                         "pile": {"top": "9C", "size": 9}},
            "action": {"player": "North", "type": "draw"}}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/sides/1/players/1"


def test_a_concealed_going_out_melds_a_whole_hand(api):
    # canasta/6.4: North held his 11 cards and drew one; going out concealed he melds at least 11 (12 less the
    # discard). NS show 10 melded cards: impossible.
    deal = {"sides": [
        {"id": "NS", "went_out": True, "concealed": True, "melds": [["Q"] * 7, ["5"] * 3],
         "hands": [[], m("J 9 2 4 4 6 6 7 7 8 8 K")]},
        {"id": "EW", "melds": [], "hands": [m("4 4 5 5 6 6 7 7 8 8 9"), m("A A 9 9 8 8 7 7 6 6 5")]}]}
    err = C(api, "score", {"sides": S4, "deal": deal}, 422)["errors"][0]
    assert err["pointer"] == "/deal/sides/0/concealed" and "at least 11 cards" in err["detail"]


@pytest.mark.parametrize("player,stands", [("East", True), ("South", False)])
def test_a_draw_out_of_turn_by_the_next_player_stands(api, player, stands):
    # canasta/8.8: a card drawn out of turn goes back, unless the next player in order drew it: then the draw
    # stands but he may not take the pile.
    body = {"sides": S4, "position": {"hand": m("5S 5C 7H"), "to_act": "North",
                                      "melds": {"NS": [m("QH QC QS"), ["K"] * 7], "EW": [m("A A A")]},
                                      "pile": {"top": "9D", "size": 9, "frozen_by": None}, "stock": 52},
            "action": {"type": "draw", "player": player}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/8.8")
    assert ("his draw stands but he may not take the pile" in ans["violations"][0]["message"]) is stands


@pytest.mark.parametrize("hand,fined", [
    (m("5S 5C 5D 7H"), False),    # he can go out (meld 5-5-5 onto the side's canasta, discard 7H): he must, free
    (m("5S 6C 9D 7H"), True),     # he cannot go out: 100 (canasta/8.5)
])
def test_asking_late_costs_100_only_when_he_cannot_go_out(api, hand, fined):
    body = {"sides": S4, "position": {"phase": "play", "turn": {"melded": True}, "hand": hand,
                                      "melds": {"NS": [m("QH QC QS"), ["K"] * 7], "EW": []},
                                      "pile": {"top": "9D", "size": 9, "frozen_by": None}, "stock": 52},
            "action": {"type": "ask", "player": "North", "answer": "no"}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/6.3")
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == ([("canasta/8.5", -100)] if fined else [])


# ---------------------------------------------------------------- third round: corners and option interactions

DEAL3 = {"type": "deal", "dealer": "West", "pile": ["9C"], "hands": {
    "North": m("KH KD KS KC KH KD KS QH QD QS 5C"), "East": m("4H 4D 5S 6S 7H 8D 9S 10C JH AD 3H"),
    "South": m("4S 5H 6D 7S 8H 9D 10S JD AS AC JC"), "West": m("4C 5D 6H 7D 8S 9H 10D JS AH 2D 10H")}}
M9 = {"NS": [m("9H 9S 9C 9H 9S 9C 2C")]}


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


def test_excess_wild_cards_reported_beyond_the_wild_cards_melded(api):
    deal = {"sides": [
        {"id": "NS", "went_out": True, "melds": [["K"] * 7, m("9 9 9 9 2 JK JK")],
         "hands": [[], m("4 5 6 7 8 9 10 J")]},
        {"id": "EW", "melds": [m("Q Q Q")], "hands": [m("4 5 6 7 8 9 10 4 5 6"), m("4 5 6 7 8 9 10 A A")]}],
        "irregularities": [{"type": "excess_wild_cards", "side": "NS", "count": 4}]}     # NS melded three wild cards
    err = C(api, "score", {"sides": S4, "deal": deal}, 422)["errors"][0]
    assert err["pointer"] == "/deal/irregularities/0/count"


def test_illegal_meld_penalty_note_says_when_it_is_charged(api):
    hands = dict(DEAL3["hands"], North=m("KH KD KS 2C 2H JK JK QH QD 8C 5C"), West=m("4C 5D 6H 7D 8S 9H 10D JS AH "
                                                                                     "2D 10H"))
    log = [dict(DEAL3, hands=hands), {"type": "red_three", "player": "East", "card": "3H", "replacement": "6C"},
           {"type": "draw", "player": "North", "cards": ["QC"]},
           {"type": "meld", "player": "North", "melds": [m("KH KD KS 2C 2H JK JK")]}]
    fv = C(api, "validate", {"sides": S4, "log": log})["first_violation"]
    assert (fv["index"], fv["rule"], fv["penalty"]["points"]) == (3, "canasta/3.1", -100)
    assert fv["penalty"]["note"].endswith("charged only if pointed out before the next player draws")


def test_opening_with_the_top_card_needs_the_pile(api):
    body = {"variant": "traditional", "options": {"target": 7500, "pile_for_opening": False}, "sides": S4,
            "position": {"hand": m("KS KC KH KD KS JK 2C 5C 6C 7C 8C"), "pile": {"top": "KD", "size": 4}},
            "action": {"type": "draw", "player": "North"}}
    pointers = {e["pointer"] for e in C(api, "check", body, 422)["errors"]}
    assert pointers == {"/options/opening_canasta_with_top_card", "/options/pile_for_opening"}


def test_nobody_asks_where_nobody_goes_out(api):
    pos = {"phase": "play", "hand": m("5C 5D 5H 9D 8C"), "melds": M9, "pile": {"top": "8D", "size": 4}, "stock": 20}
    body = {"variant": "sevens", "sides": S4, "position": pos, "action": {"type": "ask", "player": "North",
                                                                          "answer": "yes"}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/6.2") and not any(a["type"] == "ask" for a in ans["legal_actions"])
    body["position"] = dict(pos, turn={"answer": "yes"})
    body["action"] = {"type": "discard", "player": "North", "card": "8C"}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/position/turn/answer"


def test_end_is_listed_after_a_last_red_three(api):
    # red_three_last_card=meld_then_end: the drawer of a last red three may meld, then ends the hand (6.5)
    body = {"sides": S4, "options": {"red_three_last_card": "meld_then_end"},
            "position": {"phase": "play", "hand": m("5C 5D 5H 9D 8C"), "melds": M9, "pile": {"top": "8D", "size": 4},
                         "stock": 0, "turn": {"last_red_three": True}},
            "action": {"type": "end", "player": "North"}}
    ans = C(api, "check", body)
    assert ans["legal"] is True and {"type": "end", "player": "North"} in ans["legal_actions"]


def test_a_late_question_lets_the_log_go_on(api):
    # canasta/8.5: asked after melding, North must go out if he can; he does, so the deal is scored.
    hands = dict(DEAL3["hands"], North=m("KH KD KS KC KH KD KS QH QD QS 5C"))
    log = [dict(DEAL3, hands=hands), {"type": "red_three", "player": "East", "card": "3H", "replacement": "6C"},
           {"type": "draw", "player": "North", "cards": ["QC"]},
           {"type": "meld", "player": "North", "melds": [m("KH KD KS KC KH KD KS")]},
           {"type": "ask", "player": "North", "answer": "yes"},
           {"type": "go_out", "player": "North", "melds": [m("QH QD QS QC")], "card": "5C"}]
    ans = C(api, "validate", {"sides": S4, "log": log})
    assert (ans["valid"], ans["first_violation"]["index"], ans["first_violation"]["rule"]) == (False, 4, "canasta/6.3")
    assert "penalty" not in ans["first_violation"]
    # NS: North melded his whole hand in this one turn (kings, queens and the discard), so concealed: natural
    # canasta 500 + going out concealed 200 = 700.
    ns = next(s for s in ans["final"]["sides"] if s["id"] == "NS")
    assert ns["base_score"] == 700


def test_a_red_three_is_laid_out_in_its_holders_turn(api):
    log = [DEAL3, {"type": "draw", "player": "North", "cards": ["QC"]},
           {"type": "red_three", "player": "East", "card": "3H", "replacement": "7C"}]
    fv = C(api, "validate", {"sides": S4, "log": log})["first_violation"]
    assert (fv["index"], fv["rule"]) == (2, "canasta/2.1")


def test_chile_red_threes_count_plus_with_one_canasta(api):
    # Chile: traditional rules, one canasta to go out (seed); its red threes follow the traditional canasta rule.
    deal = {"sides": [
        {"id": "NS", "went_out": True, "red_threes": m("3H 3H 3H 3D 3D 3D"), "melds": [["K"] * 7, m("9 9 9")],
         "hands": [[], m("4 5 6 7 8 10 J Q A 4 5 6 8 10 J 4 5 6 8 10")]},     # 10 melded + 20 held >= 30 dealt
        {"id": "EW", "melds": [m("A A A")], "hands": [m("4 5 6 7 8 9 10 J Q 4 5 6 7 8 9"),
                                                      m("4 5 6 7 8 9 10 J Q 4 5 6 7 8 9")]}]}
    lines = next(s for s in C(api, "score", {"variant": "chile", "sides": S4, "deal": deal})["sides"]
                 if s["id"] == "NS")["lines"]
    assert {"item": "6 red threes", "points": 1000, "rule": "canasta/2.2"} in lines    # Samba's six-pack scale


def test_upcard_options_that_contradict_each_other(api):
    body = {"options": {"black_three_upcard": "leave", "upcard_replaced": True}, "sides": S4,
            "log": [dict(DEAL3, pile=["3S"])]}
    pointers = {e["pointer"] for e in C(api, "validate", body, 422)["errors"]}
    assert pointers == {"/options/upcard_replaced", "/options/black_three_upcard"}


def test_palace_no_turn_begins_with_the_stock_gone(api):
    body = {"variant": "palace", "sides": S4,
            "position": {"phase": "draw", "hand": m("5C 8D"), "melds": M9, "pile": {"top": "9D", "size": 3},
                         "stock": 0},
            "action": {"type": "end", "player": "North"}}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/position/stock"


def test_a_penalty_card_is_not_the_card_kept(api):
    body = {"variant": "classic-12", "sides": S4,
            "position": {"phase": "play", "hand": m("5C 5D 5H KH"), "penalty_cards": ["KH"],
                         "melds": {"NS": [m("9H 9D 9C")]}, "pile": {"top": "4D", "size": 5}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [m("5C 5D 5H")]}}
    assert ruling(C(api, "check", body)) == (False, "canasta/8.7")


def test_check_lays_out_a_red_three_from_the_hand(api):
    # canasta/2.1: a red three in the hand is laid out in the holder's turn and replaced from the stock.
    hand = m("3H 5C 6D 7S 8H 9D 10C JH QS KD AS")
    body = {"sides": S4, "position": {"phase": "draw", "hand": hand, "pile": {"top": "9C", "size": 3}, "stock": 40},
            "action": {"type": "red_three", "player": "North", "card": "3H", "replacement": "4C"}}
    ans = C(api, "check", body)
    assert ans["legal"] is True and ans["effects"] == {"red_three_laid_out": "3H"}
    assert {"type": "red_three", "player": "North", "card": "3H"} in ans["legal_actions"]
    body["action"]["card"] = "3D"                      # not held
    assert ruling(C(api, "check", body)) == (False, "canasta/2.1")


# ---------------------------------------------------------------- fourth round: consistency

MEX_HAND = m("7H 7D 7S 7C 7H 7D 7S KH KD KS KC KH KD KS")


def test_mexicana_opening_that_empties_the_hand_brings_its_cards_first(api):
    # canasta/4.2 (Mexicana): the meld that opens the side brings 13 stock cards at once, so it never ends the deal
    pos = {"phase": "play", "hand": MEX_HAND, "red_threes": {"NS": ["3H", "3D"]}, "pile": {"cards": ["8C"]},
           "stock": 100, "turn": {"drew_from": "stock"}}
    melds = [MEX_HAND[:7], MEX_HAND[7:]]
    body = {"variant": "mexicana", "sides": S4, "position": pos,
            "action": {"type": "meld", "player": "North", "melds": melds}}
    ans = C(api, "check", body)
    assert ans["legal"] is True and ans["effects"] == {"canastas": 2, "extra_cards_due": 13}
    body["action"] = {"type": "go_out", "player": "North", "melds": melds}
    assert ruling(C(api, "check", body)) == (False, "canasta/4.2")


def test_a_null_target_is_the_six_player_games(api):
    deal = {"sides": [
        {"id": "NS", "went_out": True, "melds": [["K"] * 7, m("9 9 9")], "hands": [[], m("4 5 6 7 8 9 10 J Q A A A 4")]},
        {"id": "EW", "melds": [m("Q Q Q")], "hands": [m("4 4 5 5 6 6 7 10 8 8"), m("4 5 6 7 8 9 10 J Q JK 2")]}]}
    err = C(api, "score", {"options": {"target": None}, "sides": S4, "deal": deal}, 422)["errors"][0]
    assert err["pointer"] == "/options/target"


def test_samba_top_card_onto_a_finished_canasta_is_explained(api):
    body = {"variant": "samba", "sides": S4,
            "position": {"phase": "draw", "hand": m("KS KD 4C 5C 6C JD JS QD QS AS AD 8H 9H 4H 5H"),
                         "melds": {"NS": [m("9S 9S 9C 9C 9D 9D 9H")], "EW": []}, "pile": {"cards": ["4S", "9H"]},
                         "stock": 60},
            "action": {"type": "take_pile", "player": "North", "cards": []}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/5.2") and "short of a canasta" in ans["violations"][0]["message"]


def test_mexicana_log_opening_with_the_whole_hand_then_going_out(api):
    log = [{"type": "deal", "dealer": "West", "pile": ["8C"], "hands": {
        "North": m("3H 3D 7H 7D 7S 7C 7H 7D 7S KH KD KS KC"),
        "East": m("4H 4D 5S 6S 8H 8D 9S 10D JS QS KC AS 2C"),
        "South": m("4S 5H 6D 8S 9D 10S JD QH KH AH 5C 6C 9H"),
        "West": m("4C 5D 6H 8H 9C 10C JC QC KS AC 4D 5S 6S")}},
        {"type": "red_three", "player": "North", "card": "3H", "replacement": "KH"},
        {"type": "red_three", "player": "North", "card": "3D", "replacement": "KD"},
        {"type": "draw", "player": "North", "cards": ["KS"]},
        {"type": "meld", "player": "North", "melds": [m("7H 7D 7S 7C 7H 7D 7S"), m("KH KD KS KC KH KD KS")]},
        {"type": "extra_cards", "player": "North", "cards": m("AH AD AC QH QC QD JH JC JD 10H 10C 10S 9C")},
        {"type": "go_out", "player": "North", "melds": [m("AH AD AC"), m("QH QC QD"), m("JH JC JD"), m("10H 10C 10S")],
         "card": "9C"}]
    ans = C(api, "validate", {"variant": "mexicana", "sides": S4, "log": log})
    assert ans["valid"], ans["first_violation"]
    # NS: sevens canasta 1,000 + natural kings 500 + 2 red threes 200 + going out concealed 200 = 1,900 (two red
    # threes for two canastas: Mexicana's condition holds). Melded 35 + 70 + 60 + 30 + 30 + 30 = 255; South keeps
    # 4 5 6 5 6 (25) 8 9 10 J Q K 9 (70) A (20) = 115: cards 140.  EW never melded: East 20 + 70 + 40 = 130,
    # West 15 + 60 + 20 + 15 = 110: -240.
    got = {s["id"]: (s["base_score"], s["card_score"], s["hand_score"]) for s in ans["final"]["sides"]}
    assert got == {"NS": (1900, 140, 2040), "EW": (0, -240, -240)}


def test_rule_5_2_text_agrees_with_the_top_card_onto_a_run(client):
    # Found by probing: Bolivia's take of a 10H onto the side's 4H-9H run is legal (3.4), and 5.2 must say so.
    rules = client.get("/v1/games/canasta/rules?variant=bolivia").get_json()["rules"]
    text = next(r["text"] for r in rules if r["id"] == "canasta/5.2")
    assert "never joins a run" not in text and "extend one of the side's sequences still short of seven" in text
