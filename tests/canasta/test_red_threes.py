"""Canasta: red threes — laid out in the holder's turn, kept in hand, counted plus or minus, doubled, and the variants'
own tables.
"""
import json
import pathlib

import pytest

from referee import service
from referee.canasta.options import VARIANTS
from referee.canasta.scoring import score_side
from referee.cards import parse_card
from tests.canasta_helpers import DEAL3, ELEVEN, K7, S4, C, chk, full_deal, items, m, pointer, ruling


def cards(s):
    return [parse_card(c) for c in s.split()]


def opts(variant, **over):
    return VARIANTS[variant].resolve(over)


def side(ans, sid):
    return next(s for s in ans["sides"] if s["id"] == sid)


def lines(ans, sid):
    return [(x["item"], x["points"]) for x in side(ans, sid)["lines"]]


def concealed_deal():
    """The README's concealed going out, scored: North melded K x7 and Q x4 from the stock and discarded; West, the
    dealer, never had a turn and still holds the 3H he was dealt among his 11 cards.  NS shows 11 melded + South's
    11 = 22; EW 11 + 11 = 22, neither having melded."""
    return {"sides": [
        {"id": "NS", "went_out": True, "concealed": True, "melds": [m("KH KD KS KC KH KD KS"), m("QH QD QS QC")],
         "hands": [[], m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK")]},
        {"id": "EW", "hands": [m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"), m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 3H")]}]}


def russian_deal(**ns):
    """NS went out with clean canastas of kings and queens (600 each) and going out 200; South keeps
    4 4 5 5 6 6 7 7 8 8 9 9 (8 x 5 + 4 x 10 = 80).  NS shows 14 + 12 = 26 cards, the 13 dealt to each; EW melded
    J J J and keep 12 and 13 cards (28)."""
    return {"variant": "russian-popular", "sides": S4, "deal": {"sides": [
        {"id": "NS", "went_out": True, "melds": [["K"] * 7, ["Q"] * 7], "hands": [[], m("4 4 5 5 6 6 7 7 8 8 9 9")],
         **ns},
        {"id": "EW", "melds": [m("J J J")], "hands": [m("4 5 6 7 8 9 10 10 A A 10 8"),
                                                     m("4 5 6 7 8 9 10 A A 6 7 5 4")]}]}}


def italian_side(natural, mixed):
    """``natural`` natural canastas and ``mixed`` mixed ones (six naturals and a joker), of different ranks."""
    ranks = ["K", "Q", "J", "10", "9", "8", "A"]
    out = []
    for r in ranks[:natural]:
        out.append(cards(" ".join(f"{r}{s}" for s in "SHDCSHD")))
    for r in ranks[natural:natural + mixed]:
        out.append(cards(" ".join(f"{r}{s}" for s in "SHDCSH") + " JK"))
    return out


# Issue 18 (an outside audit of Canasta).
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


# Issue 18 (an outside audit of Canasta).
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


# Issue 18 (an outside audit of Canasta).
def test_a_red_three_kept_through_a_turn_costs_500(api):
    # reported as red_three_not_laid_out: the -305 above and 500 more (canasta/8.3): -805
    deal = concealed_deal()
    deal["irregularities"] = [{"type": "red_three_not_laid_out", "side": "EW"}]
    ans = C(api, "score", {"sides": S4, "deal": deal})
    assert [s["hand_score"] for s in ans["sides"]] == [660, -805]
    assert ans["penalties"] == [{"rule": "canasta/8.3", "side": "EW", "points": -500, "note": "red three not laid out"}]


# Issue 18 (an outside audit of Canasta).
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


# Issue 18 (an outside audit of Canasta).
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


# Issue 18 (an outside audit of Canasta).
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


# Issue 18 (an outside audit of Canasta).
def test_russian_red_threes_all_in_one_hand_are_doubled(api):
    # South kept all four in his hand (16 cards): the deal shows one player holding them, 840
    deal = russian_deal()
    deal["deal"]["sides"][0]["hands"][1] += m("3H 3D 3H 3D")
    ans = C(api, "score", deal)
    assert ("4 red threes", 840) in lines(ans, "NS")
    deal["deal"]["sides"][0]["one_player_all_reds"] = False              # contradicts the deal
    assert C(api, "score", deal, 422)["errors"][0]["pointer"] == "/deal/sides/0/one_player_all_reds"


# Issue 18 (an outside audit of Canasta).
def test_red_threes_kept_in_two_hands_are_not_one_players(api):
    # EW laid out 3H 3D; East keeps the other 3H and West the other 3D (13 and 14 cards): "one player collected all
    # four" contradicts the two hands that hold them
    deal = russian_deal()
    ew = deal["deal"]["sides"][1]
    ew.update(red_threes=m("3H 3D"), one_player_all_reds=True)
    ew["hands"][0] += ["3H"]
    ew["hands"][1] += ["3D"]
    assert C(api, "score", deal, 422)["errors"][0]["pointer"] == "/deal/sides/1/one_player_all_reds"


# Issue 18 (an outside audit of Canasta).
@pytest.mark.parametrize("canastas,need,points", [
    (1, "meld", 200),                  # the preset: any meld (rummy-games gives no condition): 2 x 100
    (1, "two_canastas", -200),         # Samba's condition, which Italian may inherit: one canasta is not enough
    (2, "two_canastas", 200),
])
def test_italian_red_threes_of_a_side_without_two_canastas(canastas, need, points):
    s = score_side(italian_side(canastas, 0), [cards("4S")], opts("italian", red_threes_need=need), red_threes=2)
    assert [p for i, p in items(s) if "red three" in i] == [points]


# Issue 18 (an outside audit of Canasta).
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


M9 = {"NS": [m("9H 9S 9C 9H 9S 9C 2C")]}


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_end_is_listed_after_a_last_red_three(api):
    # red_three_last_card=meld_then_end: the drawer of a last red three may meld, then ends the hand (6.5)
    body = {"sides": S4, "options": {"red_three_last_card": "meld_then_end"},
            "position": {"phase": "play", "hand": m("5C 5D 5H 9D 8C"), "melds": M9, "pile": {"top": "8D", "size": 4},
                         "stock": 0, "turn": {"last_red_three": True}},
            "action": {"type": "end", "player": "North"}}
    ans = C(api, "check", body)
    assert ans["legal"] is True and {"type": "end", "player": "North"} in ans["legal_actions"]


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_a_red_three_is_laid_out_in_its_holders_turn(api):
    log = [DEAL3, {"type": "draw", "player": "North", "cards": ["QC"]},
           {"type": "red_three", "player": "East", "card": "3H", "replacement": "7C"}]
    fv = C(api, "validate", {"sides": S4, "log": log})["first_violation"]
    assert (fv["index"], fv["rule"]) == (2, "canasta/2.1")


# Found by black-box probing of the Canasta variants (issues 4 and 5).
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


# Found by black-box probing of the Canasta variants (issues 4 and 5).
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


ROOT = pathlib.Path(__file__).resolve().parents[2]


def readme_log():
    body = json.loads((ROOT / "examples/canasta/validate-concealed.json").read_text())
    body.pop("game")
    return body


def data(name):
    return json.loads((ROOT / "tests" / "data" / f"canasta_{name}.json").read_text())


# Found by black-box probing of the Canasta endpoints.
def test_a_red_three_is_never_discarded(api):
    ans = chk(api, {"phase": "play", "hand": ["3H", "5C", "6C"], "melds": {"NS": [["9H", "9D", "9C"]]},
                    "pile": {"top": "6D", "size": 5}, "stock": 40}, {"type": "discard", "card": "3H"})
    assert (ans["legal"], ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == \
        (False, "canasta/2.1", "/action/card")
    body = readme_log()
    body["log"] = body["log"][:1] + [
        {"type": "draw", "player": "North", "cards": ["5C"]}, {"type": "discard", "player": "North", "card": "5C"},
        {"type": "draw", "player": "East", "cards": ["7D"]}, {"type": "discard", "player": "East", "card": "7D"},
        {"type": "draw", "player": "South", "cards": ["8S"]}, {"type": "discard", "player": "South", "card": "8S"},
        {"type": "draw", "player": "West", "cards": ["6S"]}, {"type": "discard", "player": "West", "card": "3H"}]
    ans = C(api, "validate", body)
    assert (ans["first_violation"]["index"], ans["first_violation"]["rule"]) == (8, "canasta/2.1")


# Found by black-box probing of the Canasta endpoints.
def test_kept_red_three_must_be_listed(api):
    body = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    body.pop("game")
    body["deal"]["sides"][1]["red_threes"] = []
    body["deal"]["irregularities"] = [{"type": "red_three_not_laid_out", "side": "EW"}]
    assert pointer(C(api, "score", body, 422)) == "/deal/irregularities"


# Found by black-box probing of the Canasta endpoints.
def test_last_red_three_effects_and_no_actions_after(api):
    ans = chk(api, {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}, "stock": 1},
              {"type": "draw", "cards": ["3D"]})
    assert ans["effects"]["drawn"] == 0
    ans = chk(api, {"phase": "play", "hand": ELEVEN, "pile": {"top": "6S", "size": 4}, "stock": 0,
                    "turn": {"last_red_three": True}}, {"type": "discard", "card": "4C"})
    assert ans["legal_actions"] == [] and ans["violations"][0]["rule"] == "canasta/6.5"


# Found by black-box probing of the Canasta endpoints.
def test_last_red_three_without_a_meld_ends_the_hand(api):
    # meld_then_end: West draws the last stock card, a red three, holds only JK JK and cannot meld: the hand
    # ends all the same and is scored.
    ans = C(api, "validate", data("meld_then_end"))
    assert ans["valid"] is True and ans["final"] is not None
    pos = {"phase": "play", "hand": ["JK", "JK"], "melds": {"NS": [K7]}, "pile": {"top": "8C", "size": 3},
           "stock": 0, "turn": {"last_red_three": True}}
    ans = chk(api, pos, {"type": "end"}, options={"red_three_last_card": "meld_then_end"})
    assert ans["legal"] is True


SIDES = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


def check(body, lang="en"):
    return service.handle("canasta", "check", {"sides": SIDES, **body}, lang)


def kept(stock, action=None):
    # North has drawn (11 + 1 = 12 cards) and holds a dealt 3H
    return {"position": {"phase": "play", "turn": {"drew_from": "stock"},
                         "hand": ["3H", "5C", "6D", "7C", "8D", "9C", "10D", "JC", "QH", "KS", "4S", "4D"],
                         "pile": {"top": "9D", "size": 5}, "stock": stock},
            "action": action or {"type": "discard", "player": "North", "card": "5C"}}


KEPT_NOTE = ("laid out in a later turn the red three costs nothing; still in hand at the end of the deal it costs the "
             "side 500")


# Found by a black-box tester of Canasta.
@pytest.mark.parametrize("stock", [1, 40])
def test_a_discard_that_keeps_a_red_three_breaks_2_1(stock):
    ans = check(kept(stock))
    assert ans["legal"] is False
    assert ans["violations"] == [{"rule": "canasta/2.1", "pointer": "/action", "message":
                                  "North ends his turn with a red three in hand (3H): it is laid out in his turn and "
                                  "replaced from the stock"}]
    assert ans["penalties"] == [{"rule": "canasta/8.3", "side": "NS", "points": 0, "note": KEPT_NOTE}]
    # what is allowed: laying it out first (no discard while it is held)
    assert [a["type"] for a in ans["legal_actions"]] == ["red_three", "ask", "ask"]
    ru = check(kept(stock), "ru")
    assert ru["violations"][0]["message"] == ("North заканчивает ход с красной тройкой на руке (3♥): её выкладывают в "
                                              "свой ход и добирают вместо неё карту из колоды")
    assert check(kept(stock, {"type": "red_three", "player": "North", "card": "3H"}))["legal"] is True


# Found by a black-box tester of Canasta.
def test_with_the_stock_gone_a_red_three_cannot_be_laid_out():
    # stock 0: no replacement, so keeping it is no fault of his (canasta/2.1); the discard stands
    ans = check(kept(0))
    assert ans["legal"] is True and ans["violations"] == []
    assert {"type": "discard", "player": "North", "card": "5C"} in ans["legal_actions"]


# Found by a black-box tester of Canasta.
def test_a_red_three_laid_out_late_is_a_violation_without_the_500():
    # the README deal; West keeps 3H through his first turn (event 8) and lays it out in his second (event 13),
    # drawing KC for it; then North goes out concealed.  One violation, and no 500: the three is not in hand at the
    # end, so it scores with EW's red threes, -100 (EW never melded).
    deal = {"type": "deal", "dealer": "West", "pile": ["9C"], "hands": {
        "North": ["KH", "KD", "KS", "KC", "KH", "KD", "KS", "QH", "QD", "QS", "5D"],
        "East": ["4H", "4D", "5S", "6C", "7H", "8D", "9S", "10C", "JH", "AD", "2C"],
        "South": ["4S", "5H", "6D", "7C", "8H", "9D", "10S", "JD", "AS", "AC", "JK"],
        "West": ["4C", "5D", "6H", "7S", "8C", "9H", "10D", "JS", "AH", "2D", "3H"]}}

    def turn(p, card):
        return [{"type": "draw", "player": p, "cards": [card]}, {"type": "discard", "player": p, "card": card}]
    log = [deal] + turn("North", "5C") + turn("East", "6S") + turn("South", "7D") + turn("West", "8S") \
        + turn("North", "6D") + turn("East", "7S") + turn("South", "8D") \
        + [{"type": "red_three", "player": "West", "card": "3H", "replacement": "KC"}] + turn("West", "9S") + [
            {"type": "draw", "player": "North", "cards": ["QC"]},
            {"type": "go_out", "player": "North", "melds": [["KH", "KD", "KS", "KC", "KH", "KD", "KS"],
                                                            ["QH", "QD", "QS", "QC"]], "card": "5D"}]
    ans = service.handle("canasta", "validate", {"sides": SIDES, "log": log})
    assert [(v["index"], v["event"], v["rule"], v["pointer"]) for v in ans["violations"]] == \
        [(8, "discard", "canasta/2.1", "/log/8")]
    assert ans["violations"][0]["penalty"] == {"rule": "canasta/8.3", "side": "EW", "points": 0, "note": KEPT_NOTE}
    assert ans["final"]["penalties"] == []
    ew = ans["final"]["sides"][1]
    assert ew["base_score"] == -100 and ew["penalties"] == 0


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


def concealed_ew(kept_in_hand=True, irregularities=()):
    """EW never melded; West keeps the 3H he was dealt (in his hand, or given under red_threes)."""
    d = full_deal()
    west = m("4C 5D 6H 7S 8C 9H 10D JS AH 2D") + (["3H"] if kept_in_hand else [])
    d["sides"][1] = {"id": "EW", "red_threes": [] if kept_in_hand else ["3H"],
                     "hands": [m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"), west]}
    d["irregularities"] = list(irregularities)
    return d


def deal_state(variant, stock=30, hands=None, turn="North"):
    from referee.canasta.deal import DealState, Layout, Pile
    hands = hands or {"North": cards("4S 5S 6S"), "South": None, "East": None, "West": None}
    return DealState(Layout.of(S4), opts(variant), {"NS": 0, "EW": 0}, stock, Pile(None, 0), turn, hands)


# A threshold the mutation pass over the Canasta engine found untested.
def test_popular_russian_four_red_threes_without_the_flag_are_not_doubled():
    # the library's default: one player is not known to have collected them, 4 x 105 = 420
    s = score_side([cards("KS KH KD KC KS KH KD")], [cards("4S")], opts("russian-popular"), red_threes=4)
    assert ("4 red threes", 420) in items(s)


# A threshold the mutation pass over the Canasta engine found untested.
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


# A threshold the mutation pass over the Canasta engine found untested.
def test_one_player_all_reds_with_three_red_threes():
    d = full_deal()
    d["sides"][0].update(one_player_all_reds=True, red_threes=m("3H 3D 3H"))
    d["sides"][1]["red_threes"] = []
    d["sides"][1]["hands"][0].append("7")
    err = fault(d, "russian-popular", deal_size=11)
    assert err == {"pointer": "/deal/sides/0/one_player_all_reds",
                   "detail": "one player is said to have collected all four red threes; the side shows 3"}


# A threshold the mutation pass over the Canasta engine found untested.
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


# A threshold the mutation pass over the Canasta engine found untested.
def test_one_kept_red_three_may_be_one_players_fourth():
    # popular Russian (13 each): South laid out three and keeps the fourth, one_player_all_reds: 840, not a 422
    d = {"sides": [
        {"id": "NS", "went_out": True, "red_threes": m("3H 3D 3H"), "one_player_all_reds": True,
         "melds": [["K"] * 7, ["Q"] * 7], "hands": [[], m("4 4 5 5 6 6 7 7 8 8 9 9 3D")]},
        {"id": "EW", "melds": [m("J J J")],
         "hands": [m("4 5 6 7 8 9 10 10 A A 10 8"), m("4 5 6 7 8 9 10 A A 6 7 5 4")]}]}
    lines = view_score(d, "russian-popular")["sides"][0]["lines"]
    assert {"item": "4 red threes", "points": 840, "rule": "canasta/2.2"} in lines


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("sevens,points", [("7S 7H 7D 7C 7S 7H 7D", 2000), ("7S 7H 7D 7C 7S 7H 2D", 600)])
def test_all_six_red_threes_of_the_sevens_game(sevens, points):
    # all six score 2,000 only after a natural canasta of sevens (or a bolivia or an escalera); otherwise 6 x 100
    s = score_side([cards(sevens)], [cards("4S")], opts("sevens"), red_threes=6)
    assert [p for i, p in items(s) if "red three" in i] == [points]


# A threshold the mutation pass over the Canasta engine found untested.
def test_laying_out_a_red_three_counts_one_for_its_player():
    st = deal_state("russian-popular", hands={"North": cards("3H 3D 5S"), "South": None, "East": None, "West": None})
    st.apply_red_three("North", parse_card("3H"), parse_card("6S"))
    st.apply_red_three("North", parse_card("3D"), parse_card("7S"))
    assert (st.red_by_player, len(st.red_threes["NS"]), st.stock) == ({"North": 2}, 2, 28)
