"""Faults found by black-box probing of the Canasta endpoints, kept as tests (one per fault kind)."""
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]
K7 = ["KH", "KD", "KS", "KC", "KH", "KD", "KS"]
ELEVEN = ["4C", "5S", "6H", "7D", "8C", "9H", "10D", "JS", "QC", "KD", "AS"]


def C(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="canasta")


def chk(api, position, action, status=200, options=None, **extra):
    body = {"sides": S4, "position": position, "action": {"player": "North", **action}, **extra}
    if options:
        body["options"] = options
    return C(api, "check", body, status)


def readme_log():
    body = json.loads((ROOT / "examples/canasta/validate-concealed.json").read_text())
    body.pop("game")
    return body


def pointer(ans):
    return ans["errors"][0]["pointer"]


# ---------------------------------------------------------------- wrong rulings

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


def test_asking_after_taking_the_pile_is_too_late(api):
    ans = chk(api, {"phase": "play", "hand": ["5C", "9D", "6C", "8C", "4C"], "melds": {"NS": [["QH", "QD", "QS", "QC"]]},
                    "pile": {"size": 0}, "turn": {"drew_from": "pile"}}, {"type": "ask", "answer": "yes"})
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/6.3")
    assert [(p["rule"], p["points"]) for p in ans["penalties"]] == [("canasta/8.5", -100)]


def test_penalties_only_for_the_faults_the_laws_fine(api):
    # one card would remain after "going out": illegal, but not a canasta fault (no 8.6)
    ans = chk(api, {"phase": "play", "hand": ["5C", "7S"], "melds": {"NS": [K7]}, "pile": {"top": "6D", "size": 3}},
              {"type": "go_out", "melds": [], "card": "5C"})
    assert (ans["legal"], ans["violations"][0]["rule"], ans["penalties"]) == (False, "canasta/6.2", [])
    body = readme_log()
    body["log"].append({"type": "draw", "player": "East", "cards": ["6S"]})   # after North went out
    ans = C(api, "validate", body)
    assert ans["first_violation"]["rule"] == "canasta/6.2" and "penalty" not in ans["first_violation"]


def test_no_plus_ten_in_the_two_player_game(api):
    two = [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]
    hand = ELEVEN + ["4D", "5H", "6C", "7S"]
    ans = C(api, "check", {"variant": "two-player", "sides": two, "position": {
        "hand": hand, "pile": {"top": "8D", "size": 3}, "minimum_raised": 10},
        "action": {"type": "draw", "player": "Ann"}}, 422)
    assert pointer(ans) == "/position/minimum_raised"


# ---------------------------------------------------------------- impossible positions

@pytest.mark.parametrize("pile,where", [
    ({"top": "2D", "size": 9, "frozen_by": None}, "/position/pile/frozen_by"),     # a wild on top freezes
    ({"cards": ["5C", "3H", "9D"]}, "/position/pile/cards/1"),                   # a red three mid-pile
    ({"top": "6S", "size": 110}, "/position/pile/size"),                          # more than the deck
    ({}, "/position/pile"),                                                       # no pile described
])
def test_impossible_piles(api, pile, where):
    ans = chk(api, {"hand": ELEVEN, "pile": pile}, {"type": "draw"}, 422)
    assert pointer(ans) == where


def test_wild_on_top_without_frozen_by_is_frozen(api):
    ans = chk(api, {"hand": ELEVEN, "pile": {"top": "2D", "size": 9}}, {"type": "draw"})
    assert ans["facts"]["frozen_by"] == "wild" and ans["facts"]["pile_frozen"] is True


def test_stock_and_pile_together_fit_the_deck(api):
    ans = chk(api, {"hand": ELEVEN, "pile": {"top": "6S", "size": 90}, "stock": 60}, {"type": "draw"}, 422)
    assert pointer(ans) == "/position/stock"


@pytest.mark.parametrize("pile", [{"top": "6S", "size": 1}, {"cards": ["6S"]}])
def test_an_unknown_stock_is_reported_as_unknown(api, pile):
    assert chk(api, {"hand": ELEVEN, "pile": pile}, {"type": "draw"})["facts"]["stock"] is None


@pytest.mark.parametrize("hand", [ELEVEN[:5], ELEVEN + ELEVEN[:9]])
def test_unmelded_hand_must_be_the_deal(api, hand):
    ans = chk(api, {"hand": hand, "pile": {"top": "6S", "size": 4}}, {"type": "draw"}, 422)
    assert pointer(ans) == "/position/hand"


@pytest.mark.parametrize("turn,where", [({"melded": True}, "/position/turn/melded"),
                                        ({"laid_on_partner": True}, "/position/turn/laid_on_partner"),
                                        ({"drew_from": "pile"}, "/position/turn/drew_from")])
def test_turn_flags_need_melds(api, turn, where):
    ans = chk(api, {"phase": "play", "hand": ELEVEN + ["4D"], "pile": {"top": "6S", "size": 4}, "turn": turn},
              {"type": "discard", "card": "4D"}, 422)
    assert pointer(ans) == where


@pytest.mark.parametrize("action,where", [({"type": "discard", "card": "4C", "melds": [["4C"]]}, "/action/melds"),
                                          ({"type": "draw", "answer": "yes"}, "/action/answer")])
def test_fields_foreign_to_the_action(api, action, where):
    ans = chk(api, {"phase": "play" if action["type"] == "discard" else "draw",
                    "hand": ELEVEN + (["4D"] if action["type"] == "discard" else []),
                    "pile": {"top": "6S", "size": 4}}, action, 422)
    assert pointer(ans) == where


def test_kept_red_three_must_be_listed(api):
    body = json.loads((ROOT / "examples/canasta/score-four-player.json").read_text())
    body.pop("game")
    body["deal"]["sides"][1]["red_threes"] = []
    body["deal"]["irregularities"] = [{"type": "red_three_not_laid_out", "side": "EW"}]
    assert pointer(C(api, "score", body, 422)) == "/deal/irregularities"


def test_player_named_like_another_side(api):
    sides = [{"id": "NS", "players": ["NS", "South"]}, {"id": "EW", "players": ["East", "West"]}]
    body = {"sides": sides, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}},
            "action": {"type": "draw", "player": "NS"}}
    assert pointer(C(api, "check", body, 422)) == "/sides"


# ---------------------------------------------------------------- pointers and messages

def test_take_pile_pointers(api):
    pos = {"hand": ["KH", "KD", "QH", "5C", "6D", "7S", "8H", "9C", "10S", "JD", "4H"],
           "pile": {"cards": ["QC", "QD", "KS"]}}
    ans = chk(api, pos, {"type": "take_pile", "cards": ["KH", "KD"], "melds": [["QH", "QC", "QD"]]})
    assert ans["violations"][0]["pointer"] == "/action/melds/0/1"        # QC is in the pile, not the hand
    pos["hand"] = ["KH", "KD", "JK", "4C", "6D", "7S", "8H", "9C", "10S", "JD", "4H"]
    ans = chk(api, pos, {"type": "take_pile", "cards": ["KH", "KD"], "melds": [["JK", "4C", "4H"]]})
    assert ans["legal"] is True        # K K K (30) and 4 4 JK (60): 90 from the top card and the hand
    ans = chk(api, pos, {"type": "take_pile", "cards": ["KH", "KD"], "melds": [["JK", "4C", "6D"]]})
    assert (ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == ("canasta/3.1", "/action/melds/0")


def test_meld_pointers(api):
    pos = {"phase": "play", "hand": ["5C", "5D", "5S", "6C", "6D", "2H", "9S"], "melds": {"NS": [K7]},
           "pile": {"top": "8C", "size": 3}}
    ans = chk(api, pos, {"type": "meld", "melds": [["5C", "5D", "5H"]]})
    assert ans["violations"][0]["pointer"] == "/action/melds/0/2" and ans["penalties"] == []
    ans = chk(api, pos, {"type": "meld", "melds": [["5C", "5D", "5S"], ["6C", "2H", "9S"]]})
    assert (ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == ("canasta/3.1", "/action/melds/1")
    ans = chk(api, pos, {"type": "meld", "melds": [{"rank": "A", "cards": ["2H"]}]})
    assert ans["violations"][0]["message"] == "meld 1: the side has no meld of As to add these cards to"


def test_conservation_pointers_resolve(api):
    ans = chk(api, {"hand": ELEVEN, "melds": {"NS": [["KC", "KC", "KD"]]}, "pile": {"top": "KC", "size": 4}},
              {"type": "draw"}, 422)
    assert pointer(ans) == "/position/pile/top"
    body = readme_log()
    body["log"][1]["replacement"] = "KH"          # North holds both KH
    ans = C(api, "validate", body)
    assert ans["first_violation"]["pointer"] == "/log/1/replacement"


def test_rank_limit_message(api):
    ans = chk(api, {"phase": "play", "hand": ["K", "K", "5C"], "melds": {"NS": [K7]},
                    "pile": {"top": "8C", "size": 3}}, {"type": "discard", "card": "5C"}, 422)
    assert ans["errors"][0]["detail"].startswith("more cards of rank K than the 108-card deck holds (8")


def test_missing_player_message(api):
    ans = C(api, "check", {"sides": S4, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}},
                           "action": {"type": "draw"}}, 422)
    assert pointer(ans) == "/action/player" and "None" not in ans["errors"][0]["detail"]
    body = readme_log()
    del body["log"][2]["player"]
    ans = C(api, "validate", body, 422)
    assert (pointer(ans), ans["errors"][0]["detail"]) == ("/log/2/player", "a draw names its player")


def test_six_player_target_default_is_listed_as_null(client):
    opts = {o["name"]: o for o in client.get("/v1/games/canasta/variants/six-player").get_json()["options"]}
    assert opts["target"]["default"] is None


def test_last_red_three_effects_and_no_actions_after(api):
    ans = chk(api, {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}, "stock": 1},
              {"type": "draw", "cards": ["3D"]})
    assert ans["effects"]["drawn"] == 0
    ans = chk(api, {"phase": "play", "hand": ELEVEN, "pile": {"top": "6S", "size": 4}, "stock": 0,
                    "turn": {"last_red_three": True}}, {"type": "discard", "card": "4C"})
    assert ans["legal_actions"] == [] and ans["violations"][0]["rule"] == "canasta/6.5"


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


# ---------------------------------------------------------------- second probing round (whole logs; tests/data)

def data(name):
    return json.loads((ROOT / "tests" / "data" / f"canasta_{name}.json").read_text())


def test_last_red_three_without_a_meld_ends_the_hand(api):
    # meld_then_end: West draws the last stock card, a red three, holds only JK JK and cannot meld: the hand
    # ends all the same and is scored.
    ans = C(api, "validate", data("meld_then_end"))
    assert ans["valid"] is True and ans["final"] is not None
    pos = {"phase": "play", "hand": ["JK", "JK"], "melds": {"NS": [K7]}, "pile": {"top": "8C", "size": 3},
           "stock": 0, "turn": {"last_red_three": True}}
    ans = chk(api, pos, {"type": "end"}, options={"red_three_last_card": "meld_then_end"})
    assert ans["legal"] is True


def test_cards_drawn_come_out_of_the_stock(api):
    # 105 cards in view, stock 2, one hidden card: Bob draws the last two; validate accepted the same step.
    assert C(api, "check", data("draw_stock"))["legal"] is True


@pytest.mark.parametrize("name", ["palace_stock_end", "traditional_stock_end"])
def test_stock_end_stops_the_hand_in_palace_and_traditional(api, name):
    # The discard after the last stock card ends the hand (stock_end=stop); the log's closing "end" confirms it.
    ans = C(api, "validate", data(name))
    assert ans["valid"] is True and ans["final"] is not None


def test_russian_lapsed_block_agrees_between_check_and_validate(api):
    # The 2S lies under a full round of discards: its one-round block has lapsed, so West must take the pile.
    chk_ans = C(api, "check", data("russian_check"))
    val_ans = C(api, "validate", data("russian_validate"))
    assert (chk_ans["legal"], chk_ans["violations"][0]["rule"]) == (False, "canasta/6.5")
    assert val_ans["first_violation"]["rule"] == "canasta/6.5"


def test_five_player_dealer_passes_left(api):
    ans = C(api, "validate", data("five_dealer"))
    assert (ans["first_violation"]["rule"], ans["first_violation"]["pointer"]) == ("canasta/1.5", "/log/4/dealer")


@pytest.mark.parametrize("pile", [{"top": "9S", "size": 1, "frozen_by": "wild"},
                                  {"top": None, "size": 0, "frozen_by": "wild"}])
def test_small_piles_cannot_be_frozen_by_a_card_in_them(api, pile):
    ans = chk(api, {"hand": ELEVEN, "pile": pile}, {"type": "draw"}, 422)
    assert pointer(ans) == "/position/pile/frozen_by"


def test_deal_event_refuses_a_player_field(api):
    body = readme_log()
    body["log"][0]["player"] = "Zed"
    assert pointer(C(api, "validate", body, 422)) == "/log/0/player"


def test_wrong_draw_count_points_at_the_cards(api):
    body = readme_log()
    body["log"][2]["cards"] = ["5C", "6C"]
    ans = C(api, "validate", body)
    assert ans["first_violation"]["pointer"] == "/log/2/cards"


# ---------------------------------------------------------------- third probing round

def legal(api, body, action):
    """Post ``action`` back in the position of ``body``; return the ruling."""
    return C(api, "check", {**body, "action": {k: v for k, v in action.items()}})


@pytest.mark.parametrize("hand,top", [
    (["KS", "KC", "2H", "2D", "5C", "6D", "8S", "4H", "7C", "10D", "9S"], "KD"),    # the opening needs a wild card
    (["KS", "KC", "KH", "5C", "5D", "5S", "8S", "4H", "7C", "10D", "9S"], "KD"),    # ...or a third king and 5 5 5
])
def test_legal_actions_find_the_way_to_take_the_pile(api, hand, top):
    body = {"sides": S4, "position": {"phase": "draw", "hand": hand, "pile": {"top": top, "size": 5}, "stock": 52}}
    ans = C(api, "check", {**body, "action": {"type": "draw", "player": "North"}})
    take = [a for a in ans["legal_actions"] if a["type"] == "take_pile"]
    assert len(take) == 1 and legal(api, body, take[0])["legal"] is True


def test_legal_actions_find_openings_the_options_allow(api):
    ru = {"variant": "russian-popular", "sides": S4,
          "position": {"phase": "play", "hand": ["7S", "7C", "7D", "8S", "8C", "8D", "4C", "5S", "6H", "9D", "10C", "JH",
                                                 "QS", "KD"], "red_threes": {"NS": ["3H"]}, "pile": {"top": "4D", "size": 3}}}
    ans = C(api, "check", {**ru, "action": {"type": "discard", "player": "North", "card": "KD"}})
    meld = [a for a in ans["legal_actions"] if a["type"] == "meld"]
    assert meld and legal(api, ru, meld[0])["legal"] is True
    c12 = {"variant": "classic-12", "sides": S4, "state": {"scores": {"NS": 3000, "EW": 0}},
           "position": {"phase": "play", "hand": ["4H", "4D", "4S", "4C", "4H", "4D", "4S", "9D", "10C", "JH", "QS",
                                                  "KD", "5H"], "pile": {"top": "8D", "size": 3, "frozen_by": "start"}}}
    ans = C(api, "check", {**c12, "action": {"type": "discard", "player": "North", "card": "KD"}})
    meld = [a for a in ans["legal_actions"] if a["type"] == "meld"]
    assert meld and legal(api, c12, meld[0])["legal"] is True


def test_listed_ask_can_be_posted_back(api):
    body = {"sides": S4, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}}}
    ans = C(api, "check", {**body, "action": {"type": "draw", "player": "North"}})
    asks = [a for a in ans["legal_actions"] if a["type"] == "ask"]
    assert [a["answer"] for a in asks] == ["yes", "no"]
    assert all(legal(api, body, a)["legal"] for a in asks)


def test_concealed_when_the_canasta_was_made_this_turn(api):
    pos = {"phase": "play", "hand": ["4C"], "melds": {"NS": [["QS", "QD", "QC"], ["7"] * 7, ["5"] * 4]},
           "pile": {"top": "8D", "size": 3},
           "turn": {"drew_from": "stock", "melded": True, "laid_on_partner": False, "canasta_made": True}}
    ans = chk(api, pos, {"type": "discard", "card": "4C"})
    assert ans["effects"] == {"went_out": True, "concealed": True}


def test_short_opening_with_the_pile_is_the_plus_ten(api):
    pos = {"hand": ["7H", "7D", "5C", "5D", "5S", "5H", "5C", "9S", "10S", "JD", "QD"], "pile": {"top": "7S", "size": 1}}
    ans = chk(api, pos, {"type": "take_pile", "cards": ["7H", "7D"], "melds": [["5C", "5D", "5S", "5H", "5C"]]},
              state={"scores": {"NS": 3000, "EW": 0}})
    # 7 7 7 (15) and five 5s (25) make 40 < 120: an insufficient count (canasta/8.1), not a pile taken illegally
    assert (ans["violations"][0]["rule"], [(p["rule"], p["points"]) for p in ans["penalties"]]) == \
        ("canasta/4.1", [("canasta/8.1", 0)])


def test_take_pile_reports_canastas_and_points_at_the_card(api):
    pos = {"hand": ["QH", "QS", "5C", "6D"], "melds": {"NS": [["QD", "QC", "QD", "QC", "QS"]]},
           "pile": {"top": "QH", "size": 4}}
    ans = chk(api, pos, {"type": "take_pile", "cards": ["QH", "QS"]})
    assert ans["effects"]["canastas"] == 1
    ans = chk(api, pos, {"type": "take_pile", "cards": ["QH", "KS"]})
    assert ans["violations"][0]["pointer"] == "/action/cards/1"


def test_no_permission_breach_without_a_partner(api):
    two = [{"id": "A", "players": ["Ann"]}, {"id": "B", "players": ["Bob"]}]
    deal = {"sides": [{"id": "A", "melds": [["K"] * 7, ["Q"] * 7, ["5"] * 4], "hands": [[]], "went_out": True},
                      {"id": "B", "hands": [["4", "4", "6", "6", "7", "7", "8", "8", "9", "9", "10", "10", "J", "J",
                                             "A", "A"]]}],
            "irregularities": [{"type": "permission_breach", "side": "B"}]}
    ans = C(api, "score", {"variant": "two-player", "sides": two, "deal": deal}, 422)
    assert pointer(ans) == "/deal/irregularities/0/type"


@pytest.mark.parametrize("options,name", [({"minimum_150_from": 7500}, "minimum_150_from"),
                                          ({"top_minimum": 160}, "top_minimum")])
def test_options_that_would_never_apply(api, options, name):
    body = {"sides": S4, "options": options, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}},
            "action": {"type": "draw", "player": "North"}}
    assert pointer(C(api, "check", body, 422)) == f"/options/{name}"
