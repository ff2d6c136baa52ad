"""Canasta: going out — the canastas it needs, the last discard, concealed going out, asking the partner's permission.
"""

import pytest

from referee import service
from referee.canasta.melds import go_out_fault
from referee.canasta.options import VARIANTS
from referee.canasta.scoring import score_side
from referee.cards import parse_card
from tests.canasta_helpers import DEAL3, S4, C, chk, items, m, message, pointer

TWO = [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]


def ruling(ans):
    return ans["legal"], (ans["violations"][0]["rule"] if ans["violations"] else None)


def go_out_position(variant="classic", sides=S4, hand="9S 9H 9C 5D"):
    player = sides[0]["players"][0]
    return {"variant": variant, "sides": sides,
            "position": {"phase": "play", "hand": m(hand), "melds": {sides[0]["id"]: [["K"] * 7]},
                         "pile": {"top": "8C", "size": 5}, "stock": 40, "melded_before": True},
            "action": {"type": "go_out", "player": player, "melds": [m("9S 9H 9C")], "card": "5D"}}


def cited(ans):
    return {c["rule"] for c in ans["citations"]}


def traditional_out(**options):
    """Traditional: North (his side has kings) goes out melding 9 9 9 and three black threes (3S 3C 3S of the four
    in two packs) and discarding the 5D."""
    return {"variant": "traditional", "options": options, "sides": S4,
            "position": {"phase": "play", "hand": m("9S 9H 9C 3S 3C 3S 5D"), "melds": {"NS": [["K"] * 7]},
                         "pile": {"top": "8C", "size": 5}, "stock": 40, "melded_before": True},
            "action": {"type": "go_out", "player": "North", "melds": [m("9S 9H 9C"), m("3S 3C 3S")], "card": "5D"}}


# Issue 18 (an outside audit of Canasta).
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


# Issue 18 (an outside audit of Canasta).
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


S6 = [{"id": "A", "players": ["P1", "P3", "P5"]}, {"id": "B", "players": ["P2", "P4", "P6"]}]


M9 = {"NS": [m("9H 9S 9C 9H 9S 9C 2C")]}


# Found by black-box probing of the Canasta variants (issues 4 and 5).
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


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_samba_red_three_is_never_the_going_out_discard(api):
    body = {"variant": "samba", "sides": S4, "state": {"scores": {"NS": 0, "EW": 0}},
            "position": {"phase": "play", "hand": m("5C 5D 5S 3H"),
                         "melds": {"NS": [m("KS KH KD KC KS KH KD"), m("QS QH QD QC QS QH QD")],
                                   "EW": [m("AH AS AC")]},
                         "pile": {"top": "9D", "size": 9, "frozen_by": None}, "stock": 40},
            "action": {"type": "go_out", "player": "North", "melds": [m("5C 5D 5S")], "card": "3H"}}
    assert ruling(C(api, "check", body)) == (False, "canasta/2.1")


# Found by black-box probing of the Canasta variants (issues 4 and 5).
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


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_classic_12_keeps_a_last_card_without_a_canasta(api):
    # CN-C12 (S4:79): without a canasta a player left with one card keeps it and skips the discard.
    body = {"variant": "classic-12", "sides": S4,
            "position": {"phase": "play", "hand": m("5C 5D 5H 7S"), "melds": {"NS": [m("9H 9S 9C")]},
                         "pile": {"top": "9D", "size": 5, "frozen_by": None}, "stock": 30, "melded_before": True},
            "action": {"type": "meld", "player": "North", "melds": [m("5C 5D 5H")]}}
    ans = C(api, "check", body)
    assert ans["legal"] is True
    assert ans["effects"]["turn_passes"] == ("North keeps his last card and skips the discard; East plays"
                                             "")
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


# Found by black-box probing of the Canasta variants (issues 4 and 5).
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


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_a_concealed_going_out_melds_a_whole_hand(api):
    # canasta/6.4: North held his 11 cards and drew one; going out concealed he melds at least 11 (12 less the
    # discard). NS show 10 melded cards: impossible.
    deal = {"sides": [
        {"id": "NS", "went_out": True, "concealed": True, "melds": [["Q"] * 7, ["5"] * 3],
         "hands": [[], m("J 9 2 4 4 6 6 7 7 8 8 K")]},
        {"id": "EW", "melds": [], "hands": [m("4 4 5 5 6 6 7 7 8 8 9"), m("A A 9 9 8 8 7 7 6 6 5")]}]}
    err = C(api, "score", {"sides": S4, "deal": deal}, 422)["errors"][0]
    assert err["pointer"] == "/deal/sides/0/concealed" and "at least 11 cards" in err["detail"]


# Found by black-box probing of the Canasta variants (issues 4 and 5).
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


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_nobody_asks_where_nobody_goes_out(api):
    pos = {"phase": "play", "hand": m("5C 5D 5H 9D 8C"), "melds": M9, "pile": {"top": "8D", "size": 4}, "stock": 20}
    body = {"variant": "sevens", "sides": S4, "position": pos, "action": {"type": "ask", "player": "North",
                                                                          "answer": "yes"}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/6.2") and not any(a["type"] == "ask" for a in ans["legal_actions"])
    body["position"] = dict(pos, turn={"answer": "yes"})
    body["action"] = {"type": "discard", "player": "North", "card": "8C"}
    assert C(api, "check", body, 422)["errors"][0]["pointer"] == "/position/turn/answer"


# Found by black-box probing of the Canasta variants (issues 4 and 5).
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


# Found by black-box probing of the Canasta variants (issues 4 and 5).
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


# Found by black-box probing of the Canasta endpoints.
def test_asking_after_taking_the_pile_is_too_late(api):
    ans = chk(api, {"phase": "play", "hand": ["5C", "9D", "6C", "8C", "4C"], "melds": {"NS": [["QH", "QD", "QS", "QC"]]},
                    "pile": {"size": 0}, "turn": {"drew_from": "pile"}}, {"type": "ask", "answer": "yes"})
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/6.3")
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.5", -100)]


# Found by black-box probing of the Canasta endpoints.
def test_concealed_when_the_canasta_was_made_this_turn(api):
    pos = {"phase": "play", "hand": ["4C"], "melds": {"NS": [["QS", "QD", "QC"], ["7"] * 7, ["5"] * 4]},
           "pile": {"top": "8D", "size": 3},
           "turn": {"drew_from": "stock", "melded": True, "laid_on_partner": False, "canasta_made": True}}
    ans = chk(api, pos, {"type": "discard", "card": "4C"})
    assert ans["effects"] == {"went_out": True, "concealed": True}


# Found by black-box probing of the Canasta endpoints.
def test_no_permission_breach_without_a_partner(api):
    two = [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]
    deal = {"sides": [{"id": "A", "melds": [["K"] * 7, ["Q"] * 7, ["5"] * 4], "hands": [[]], "went_out": True},
                      {"id": "B", "hands": [["4", "4", "6", "6", "7", "7", "8", "8", "9", "9", "10", "10", "J", "J",
                                             "A", "A"]]}],
            "irregularities": [{"type": "permission_breach", "side": "B"}]}
    ans = C(api, "score", {"variant": "two-player", "sides": two, "deal": deal}, 422)
    assert pointer(ans) == "/deal/irregularities/0/type"


SIDES = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


def check(body, lang="en"):
    return service.handle("canasta", "check", {"sides": SIDES, **body}, lang)


def classic_12(action):
    return {"variant": "classic-12",
            "position": {"phase": "play", "turn": {"drew_from": "stock", "melded": True}, "hand": ["5C"],
                         "melds": {"NS": [["AH", "AS", "AD"], ["KH", "KS", "KD"]], "EW": [["QH", "QS", "QD"]]},
                         "pile": {"top": "9D", "size": 5}, "stock": 40},
            "action": {"player": "North", **action}}


# Found by a black-box tester of Canasta.
def test_the_classic_12_ruling_offers_keeping_the_last_card():
    # no canasta: the last card is kept (6.2), the discard is charged 100 (8.6); ending the turn is what is left
    ans = check(classic_12({"type": "discard", "card": "5C"}))
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/6.2")
    assert ans["violations"][0]["message"] == ("going out needs 1 canasta on the side's table; without them the last "
                                               "card is kept, not discarded, and the turn passes")
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.6", -100)]
    assert ans["legal_actions"] == [{"type": "end", "player": "North"}]
    ru = check(classic_12({"type": "discard", "card": "5C"}), "ru")
    assert ru["violations"][0]["message"] == ("для выхода у стороны должна быть канаста; пока этого нет, последнюю "
                                              "карту оставляют на руке, а не сбрасывают, и ход переходит к следующему")
    ans = check(classic_12({"type": "end"}))
    assert ans["legal"] is True
    assert ans["effects"] == {"turn_passes": "North keeps his last card and skips the discard; East plays"
                                             ""}
    assert "canasta/6.2" in {c["rule"] for c in ans["citations"]}


# Found by a black-box tester of Canasta.
def test_with_a_canasta_the_classic_12_last_card_goes_out():
    # one canasta (seven aces) is what the 12-card classic needs: the discard goes out, no end is offered
    body = classic_12({"type": "discard", "card": "5C"})
    body["position"]["melds"]["NS"] = [["AH", "AS", "AD", "AC", "AH", "AS", "AD"], ["KH", "KS", "KD"]]
    ans = check(body)
    assert ans["legal"] is True and ans["effects"]["went_out"] is True
    assert {"type": "end", "player": "North"} not in ans["legal_actions"]
    body["action"] = {"type": "end", "player": "North"}
    assert check(body)["legal"] is False


def cards(s):
    return [parse_card(c) for c in s.split()]


def opts(variant, **over):
    return VARIANTS[variant].resolve(over)


SEVENS, SEVENS_MIXED = cards("7S 7H 7D 7C 7S 7H 7D"), cards("7S 7H 7D 7C 7S 7H JK")


WILD, NATURAL, MIXED = cards("JK JK 2S 2H 2D 2C 2S"), cards("KS KH KD KC KS KH KD"), cards("QS QH QD QC QS QH 2D")


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


def check_as(body, variant="classic", **options):
    return service.handle("canasta", "check", {"variant": variant, "options": options, "sides": S4, **body})


def deal_state(variant, stock=30, hands=None, turn="North"):
    from referee.canasta.deal import DealState, Layout, Pile
    hands = hands or {"North": cards("4S 5S 6S"), "South": None, "East": None, "West": None}
    return DealState(Layout.of(S4), opts(variant), {"NS": 0, "EW": 0}, stock, Pile(None, 0), turn, hands)


# A threshold the mutation pass over the Canasta engine found untested.
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


# A threshold the mutation pass over the Canasta engine found untested.
def test_going_out_with_four_black_threes_scores_1000():
    # popular Russian: the four black threes laid down in the going-out turn, with a clean canasta (600)
    s = score_side([cards("KS KH KD KC KS KH KD"), cards("3S 3C 3S 3C")], [[], cards("4S")],
                   opts("russian-popular"), went_out=True)
    assert ("going out with four black threes", 1000) in items(s)


# A threshold the mutation pass over the Canasta engine found untested.
def test_going_out_by_a_discard_alone_leaves_the_rest_in_hand():
    body = {"position": {"phase": "play", "hand": m("5D 6D 7D"), "melds": {"NS": [["K"] * 7]},
                         "pile": {"top": "8C", "size": 5}, "stock": 40, "melded_before": True},
            "action": {"type": "go_out", "player": "North", "melds": [], "card": "5D"}}
    assert message(check_as(body)) == "going out leaves no card in hand; 2 would remain"


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_late_question_that_cannot_be_answered_by_going_out_costs_100():
    st = deal_state("classic")
    assert st.apply_late_ask("North") == {"rule": "canasta/8.5", "side": "NS", "points": -100,
                                          "note": "North asked late and could not go out"}


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("canastas,fault", [(1, True), (2, False)])
def test_tough_end_with_sequences_needs_two_canastas(canastas, fault):
    melds = [("group", NATURAL), ("group", MIXED)][:canastas]
    why = go_out_fault(melds, opts("palace", tough_end=True, sequences=True))
    assert (why is not None) is fault


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_meld_that_empties_the_hand_goes_out():
    body = {"sides": S4, "position": {"phase": "play", "hand": m("9S 9H 9C"), "melds": {"NS": [["K"] * 7]},
                                      "pile": {"top": "8C", "size": 5}, "stock": 40, "melded_before": True},
            "action": {"type": "meld", "player": "North", "melds": [m("9S 9H 9C")]}}
    assert service.handle("canasta", "check", body)["effects"] == {"canastas": 1, "went_out": True, "concealed": False}


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("canastas,fault", [(1, True), (2, False)])
def test_tough_end_without_a_natural_canasta_needs_two(canastas, fault):
    mixed = [("group", MIXED), ("group", cards("JS JH JD JC JS JH 2C"))][:canastas]
    why = go_out_fault(mixed, opts("palace", tough_end=True))
    assert why == ("going out needs two canastas or a natural one" if fault else None)
