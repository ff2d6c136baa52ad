"""Thousand, round 2 (issue 16): the seven defects, the readings made options, the presets and Thousand for money.

Every expected value is worked by hand in the comment above it.  Seats: Anna, Boris, Vera (Vera deals, so Anna is
first hand); with four, Gleb deals and sits out, and Anna, Boris, Vera play.
"""
import pytest

from tests.thousand_helpers import PLAYERS, README_TRICKS, by_id, points_deal, readme_log, score_body

FOUR = ["Anna", "Boris", "Vera", "Gleb"]
T = {"Anna": 5, "Boris": 2, "Vera": 1}          # trick counts where they do not matter (8 tricks)
QUIET_TALON = ["9S", "9H", "JD"]                 # no ace, no marriage; card points 0 + 0 + 2 = 2 (four-player's sitter)


def totals(ans):
    return {p["id"]: p["total_after"] for p in ans["players"]}


def hands(ans):
    return {p["id"]: p["hand_score"] for p in ans["players"]}


def check(api, position, action, options=None, variant=None, state=None, players=PLAYERS, dealer="Vera",
          status=200):
    body = {"players": players, "dealer": dealer, "position": position, "action": action}
    for key, value in (("options", options), ("variant", variant), ("state", state)):
        if value is not None:
            body[key] = value
    return api("check", body, status=status)


def bidding(bids, hand=None):
    pos = {"phase": "bidding", "bids": bids}
    if hand is not None:
        pos["hand"] = hand
    return pos


# ================================================================ defect 1: the four-player golden round

GOLDEN_FAIL = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, golden=True, talon=QUIET_TALON)


@pytest.mark.parametrize("played,over", [(2, False), (3, True)])
def test_the_four_player_golden_round_has_four_deals(api, played, over):
    # Gleb deals, Anna (left of the dealer) plays the golden 120 and fails with 85 points: -240; Boris 20 and Vera
    # 15 doubled (every result of a golden deal doubles): 40 and 30; Gleb scores the talon's card points (the
    # four-player preset: 9S 9H JD = 0 + 0 + 2 = 2), doubled: 4.
    # After the third golden deal (played 2 before it) one player, the fourth, has not had a golden deal: the round
    # goes on and nothing is reset.  After the fourth (played 3) the round is over and, nobody having made 120,
    # every total is reset to 0.
    state = {"scores": {"Anna": 300, "Boris": 200, "Vera": 100, "Gleb": 50},
             "golden": {"played": played, "made": False}}
    ans = api("score", score_body(GOLDEN_FAIL, players=FOUR, dealer="Gleb", variant="four-player", state=state,
                                  options={"golden_round": True, "golden_fail_resets": True}))
    assert hands(ans) == {"Anna": -240, "Boris": 40, "Vera": 30, "Gleb": 4}
    if over:
        assert totals(ans) == {"Anna": 0, "Boris": 0, "Vera": 0, "Gleb": 0}
        assert ans["state_after"]["golden"] == {"played": 0, "made": False, "over": True}
    else:
        # 300 - 240 = 60, 200 + 40 = 240, 100 + 30 = 130, 50 + 4 = 54
        assert totals(ans) == {"Anna": 60, "Boris": 240, "Vera": 130, "Gleb": 54}
        assert ans["state_after"]["golden"] == {"played": 3, "made": False, "over": False}


@pytest.mark.parametrize("players,dealer,variant,played,status", [
    (FOUR, "Gleb", "four-player", 3, 200),       # three of four golden deals played: one to go
    (FOUR, "Gleb", "four-player", 4, 422),       # four played: the round would be over
    (PLAYERS, "Vera", None, 2, 200),
    (PLAYERS, "Vera", None, 3, 422),
])
def test_golden_deals_played_run_to_one_less_than_the_players(api, players, dealer, variant, played, status):
    deal = dict(GOLDEN_FAIL) if len(players) == 4 else {k: v for k, v in GOLDEN_FAIL.items() if k != "talon"}
    state = {"scores": {p: 0 for p in players}, "golden": {"played": played, "made": True}}
    ans = api("score", score_body(deal, players=players, dealer=dealer, variant=variant, state=state,
                                  options={"golden_round": True}), status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/state/golden/played"


# ================================================================ defect 2: the sitter on the barrel

def four_player_deal(sitter_state, dealer="Gleb"):
    # Anna declares 100 and makes it with 100 card points in 6 tricks; Boris 20 in 2, Vera nothing (a bolt).
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0},
                       talon=QUIET_TALON)
    return score_body(deal, players=FOUR, dealer=dealer, variant="four-player", state=sitter_state)


def test_a_deal_sat_out_is_no_barrel_deal(api):
    # Gleb deals and sits out at 880 with 2 of 3 barrel deals used: he stays at 880 with 2 used (he was dropped to
    # 760 for a deal he did not play).
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 0, "Gleb": 880}, "barrel": {"Gleb": {"deals": 2}}}
    gleb = by_id(api("score", four_player_deal(state)))["Gleb"]
    assert (gleb["total_after"], gleb["barrel"]) == (880, {"on": True, "deals": 2, "falls": 0})


def test_the_sitter_uses_the_barrel_deal_he_plays(api):
    # The next deal Anna deals and sits out; Gleb defends and takes nothing from his third barrel deal: he falls,
    # 880 - 120 = 760.  (Boris declares: 100 card points; Gleb 20, Vera 0.)
    deal = points_deal("Boris", 100, {"Boris": 100, "Gleb": 20, "Vera": 0}, {"Boris": 6, "Gleb": 2, "Vera": 0},
                       talon=QUIET_TALON)
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 0, "Gleb": 880}, "barrel": {"Gleb": {"deals": 2}}}
    gleb = by_id(api("score", score_body(deal, players=FOUR, dealer="Anna", variant="four-player", state=state)))[
        "Gleb"]
    assert (gleb["total_after"], gleb["barrel"]) == (760, {"on": False, "deals": 0, "falls": 1})


# ================================================================ defect 3: golden doubling

GOLDEN_MADE = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, [("Anna", "S")], golden=True)


@pytest.mark.parametrize("doubling,expected", [
    ("all", {"Anna": 240, "Boris": 40, "Vera": 30}),         # 85 + 40 = 125 >= 120: 240; 20 and 15 doubled
    ("declarer", {"Anna": 240, "Boris": 20, "Vera": 15}),    # only the declarer's result doubles
])
def test_golden_doubling(api, doubling, expected):
    ans = api("score", score_body(GOLDEN_MADE, options={"golden_round": True, "golden_doubling": doubling}))
    assert hands(ans) == expected
    boris = by_id(ans)["Boris"]["lines"][0]
    assert boris["points"] == expected["Boris"] and boris["rule"] == "thousand/12.3"


def test_golden_doubling_reaches_the_sitter(api):
    # Four players: the talon AS 9H JD is worth 11 + 0 + 2 = 13 card points to the sitter (the four-player
    # preset's talon_points), doubled to 26; under aces_40_marriage its one ace gives 40, doubled to 80.
    deal = dict(GOLDEN_MADE, talon=["AS", "9H", "JD"])
    ans = api("score", score_body(deal, players=FOUR, dealer="Gleb", variant="four-player",
                                  options={"golden_round": True}))
    assert hands(ans) == {"Anna": 240, "Boris": 40, "Vera": 30, "Gleb": 26}
    ans = api("score", score_body(deal, players=FOUR, dealer="Gleb", variant="four-player",
                                  options={"golden_round": True, "sitter_scoring": "aces_40_marriage"}))
    assert hands(ans)["Gleb"] == 80


# ================================================================ defect 4: a card of the actor's on the table

VERA_LED = ["AH", "10H", "KH", "QH", "AS", "10S", "KS"]   # Vera's 7 cards after leading AC to the first trick


def vera_led_ac(hand):
    return {"phase": "play", "declarer": "Vera", "contract": 100, "tricks_won": {},
            "trick": {"leader": "Vera", "cards": ["AC"]}, "hand": hand}


def test_an_actor_who_has_played_to_the_trick_holds_one_card_fewer(api):
    # Vera took the talon (10 cards), gave one to each opponent (8) and led AC: 7 left.  Conceding now is too late
    # (thousand/9.1: only before the first card): a ruling, not a 422.
    ans = check(api, vera_led_ac(VERA_LED), {"type": "concede", "player": "Vera"}, players=["Anna", "Boris", "Vera"],
                dealer="Boris")
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/9.1"


@pytest.mark.parametrize("hand", [VERA_LED + ["9S"], VERA_LED[:6]])
def test_one_card_more_or_fewer_than_the_actor_can_hold_is_refused(api, hand):
    # 8 cards (the 7 and 9S) or 6 cannot be Vera's hand with AC on the table after no trick
    err = check(api, vera_led_ac(hand), {"type": "concede", "player": "Vera"}, players=["Anna", "Boris", "Vera"],
                dealer="Boris", status=422)
    assert err["errors"][0]["pointer"] == "/position/hand"


# ================================================================ defect 5: a card played twice

def test_a_card_played_twice_says_so(api):
    # The README deal: Anna leads KS with her spades marriage to the third trick (index 2).  In the fifth trick she
    # leads KS again instead of QS: KS was already played, in trick 3.
    log = readme_log()
    i = next(i for i, ev in enumerate(log) if ev.get("card") == "QS")
    log[i] = {"type": "play", "player": "Anna", "card": "KS"}
    ans = api("validate", {"players": PLAYERS, "log": log})
    v = ans["first_violation"]
    assert (v["index"], v["rule"], v["message"]) == (i, "thousand/3.5", "KS was already played, in trick 3")


def test_a_card_on_the_table_says_so(api):
    # Anna leads 9D; Boris (holding 9H and AC) names 9D, which is on the table
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 4, "Boris": 2},
           "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}], "trump": "H",
           "trick": {"leader": "Anna", "cards": ["9D"]}, "hand": ["9H", "AC"]}
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "9D"})
    assert ans["violations"][0]["message"] == "9D is already on the table in this trick"


# ================================================================ defect 6: an earlier bid whose hand is unknown

@pytest.mark.parametrize("options,amount,status", [
    ({}, 360, 200),                                     # three marriages: 120 + 100 + 80 + 60 = 360
    ({}, 365, 422),                                     # one step over: no 7-card hand can
    ({"ace_marriage": True}, 380, 200),                 # four aces (200) + hearts (100) + 120 = 420, so up to 400
    ({"ace_marriage": True}, 400, 200),
    ({"ace_marriage": True, "ace_marriage_raises_cap": False}, 365, 422),   # aces do not count: 360 again
])
def test_an_earlier_bid_is_held_to_the_best_hand_of_its_size(api, options, amount, status):
    # Anna is on the forced 100; Boris bid `amount` without his hand given; Vera passes.
    ans = check(api, bidding([{"player": "Boris", "type": "bid", "amount": amount}]),
                {"type": "pass", "player": "Vera"}, options=options, status=status)
    if status == 200:
        assert ans["legal"] is True
    else:
        assert ans["errors"][0]["pointer"] == "/position/bids/0"


@pytest.mark.parametrize("amount", [380, 400])
def test_two_players_bid_up_to_all_four_marriages(api, amount):
    # Ten cards hold all four marriages: 120 + 100 + 80 + 60 + 40 = 400.  Boris deals, so Anna (on his left) is on
    # the forced 100 and Boris speaks first; his earlier bid stands, and Anna may pass.
    ans = check(api, bidding([{"player": "Boris", "type": "bid", "amount": amount}]),
                {"type": "pass", "player": "Anna"}, players=["Anna", "Boris"], dealer="Boris", variant="two-player")
    assert ans["legal"] is True


def test_the_same_bid_with_its_hand_is_legal(api):
    # Boris holds the four aces, KH QH and 9S: 120 + 200 + 100 = 420, capped at 400; 380 is within it.
    ans = check(api, bidding([], hand=["AS", "AH", "AD", "AC", "KH", "QH", "9S"]),
                {"type": "bid", "player": "Boris", "amount": 380}, options={"ace_marriage": True})
    assert ans["legal"] is True
    ans = check(api, bidding([], hand=["AS", "AH", "AD", "AC", "KH", "QH", "9S"]),
                {"type": "bid", "player": "Boris", "amount": 225},
                options={"ace_marriage": True, "ace_marriage_raises_cap": False})
    # without the aces the limit is 120 + 100 = 220: 225 is one step over
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/7.4"


# ================================================================ defect 7: thresholds at the boundary

@pytest.mark.parametrize("amount,legal", [(100, False), (105, False), (110, True)])
def test_a_bid_must_exceed_the_high_bid(api, amount, legal):
    # Anna on 100, Boris bid 105; Vera must bid more than 105: 105 (equal) and 100 (under) are illegal, 110 legal
    ans = check(api, bidding([{"player": "Boris", "type": "bid", "amount": 105}]),
                {"type": "bid", "player": "Vera", "amount": amount})
    assert ans["legal"] is legal
    if not legal:
        assert ans["violations"][0]["rule"] == "thousand/7.9"


@pytest.mark.parametrize("total,legal", [(-115, True), (-120, True), (-125, False)])
def test_silence_threshold_boundary(api, total, legal):
    # silence at -120: a total equal to it may still bid; one step under (-125) may not
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": total}}
    ans = check(api, bidding([{"player": "Boris", "type": "pass"}]), {"type": "bid", "player": "Vera", "amount": 105},
                options={"silence_threshold": -120}, state=state)
    assert ans["legal"] is legal
    if not legal:
        assert ans["violations"][0]["rule"] == "thousand/7.7"


def double_finish(defender_before):
    # Anna on the barrel (880) makes 120 with 40 card points + diamonds 80 = 120: 1000.  Boris takes 35 card points
    # + hearts 100 = 135; Vera 45 (40 + 35 + 45 = 120 card points; tricks 3 + 2 + 3 = 8).
    deal = points_deal("Anna", 120, {"Anna": 40, "Boris": 35, "Vera": 45}, {"Anna": 3, "Boris": 2, "Vera": 3},
                       [("Anna", "D"), ("Boris", "H")])
    return score_body(deal, state={"scores": {"Anna": 880, "Boris": defender_before, "Vera": 0}}, variant="pagat")


@pytest.mark.parametrize("rule,boris_before,winner", [
    ("declarer", 870, "Anna"),          # 870 + 135 = 1005: both finish; the declarer wins
    ("higher_total", 870, "Boris"),     # 1005 beats 1000
    ("higher_total", 865, "Anna"),      # 865 + 135 = 1000: equal totals, the declarer wins
    ("higher_total", 860, "Anna"),      # 860 + 135 = 995 goes onto the barrel (880): only Anna finishes
])
def test_double_finish_tie_break(api, rule, boris_before, winner):
    body = double_finish(boris_before)
    body["options"] = {"double_finish": rule}
    ans = api("score", body)
    assert ans["winner"] == winner and ans["game_over"] is True


# ================================================================ readings made options

def test_no_forced_bid_all_pass_is_redealt(api):
    # Nobody is on a forced 100: Anna, Boris and Vera pass; the deal is dealt again by the same dealer (redeal
    # option same), so a log of that deal alone is complete, and the next deal is Vera's again.
    log = readme_log()[:1] + [{"type": "pass", "player": p} for p in PLAYERS]
    ans = api("validate", {"players": PLAYERS, "log": log, "options": {"forced_bid_holder": "none"}})
    assert ans["valid"] is True and ans["final"] is None
    assert "thousand/7.6" in {c["rule"] for c in ans["citations"]}
    again = log + readme_log()[:1] + [{"type": "pass", "player": p} for p in PLAYERS]
    assert api("validate", {"players": PLAYERS, "log": again, "options": {"forced_bid_holder": "none"}})["valid"]
    # under the default forced 100 the same passes make Anna the declarer at 100: the log stops mid-deal, with
    # Anna to take the talon
    ans = api("validate", {"players": PLAYERS, "log": log[:1] + log[2:]})
    assert ans["valid"] is True and ans["complete"] is False
    assert (ans["position"]["phase"], ans["position"]["declarer"], ans["position"]["contract"]) == ("talon", "Anna", 100)


@pytest.mark.parametrize("amount,legal", [(95, False), (100, True)])
def test_no_forced_bid_opens_at_100(api, amount, legal):
    ans = check(api, bidding([]), {"type": "bid", "player": "Anna", "amount": amount},
                options={"forced_bid_holder": "none"})
    assert ans["legal"] is legal


@pytest.mark.parametrize("reading,player,bids,legal", [
    (True, "Anna", [], True),           # Anna, first to speak, opens 100 over Vera's forced 100
    (False, "Anna", [], False),         # without the reading she must bid more than 100
    (True, "Boris", [{"player": "Anna", "type": "pass"}], False),   # only the first hand, speaking first, may
])
def test_the_forehand_opens_over_the_dealers_100(api, reading, player, bids, legal):
    opts = {"forced_bid_holder": "dealer"}
    if reading:
        opts["forehand_opens_100"] = True
    ans = check(api, bidding(bids), {"type": "bid", "player": player, "amount": 100}, options=opts)
    assert ans["legal"] is legal


def test_the_forehand_reading_needs_the_dealer_on_100(api):
    err = check(api, bidding([]), {"type": "pass", "player": "Boris"}, options={"forehand_opens_100": True},
                status=422)
    assert err["errors"][0]["pointer"] == "/options/forehand_opens_100"


@pytest.mark.parametrize("options,amount,legal", [
    ({}, 115, False), ({}, 120, True),                          # from 880 only 120 reaches 1000
    ({"barrel_bid_floor": False}, 105, True),                   # the floor lifted: any contract
])
def test_barrel_bid_floor(api, options, amount, legal):
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 880}}
    ans = check(api, bidding([{"player": "Boris", "type": "pass"}]), {"type": "bid", "player": "Vera",
                                                                     "amount": amount},
                options=options, state=state)
    assert ans["legal"] is legal


def test_a_low_contract_on_the_barrel_leaves_the_total_there(api):
    # Vera on the barrel makes 105 with 105 card points: 880 + 105 = 985 < 1000, back to 880, a barrel deal used
    deal = points_deal("Vera", 105, {"Anna": 10, "Boris": 5, "Vera": 105}, {"Anna": 1, "Boris": 1, "Vera": 6})
    ans = api("score", score_body(deal, state={"scores": {"Anna": 0, "Boris": 0, "Vera": 880}},
                                  options={"barrel_bid_floor": False}))
    vera = by_id(ans)["Vera"]
    assert (vera["total_after"], vera["barrel"]["deals"]) == (880, 1)


@pytest.mark.parametrize("boris_points,finishes,total", [
    (20, True, 1000),     # 20 card points + hearts 100 = 120: 880 + 120 = 1000
    (15, False, 880),     # 15 + 100 = 115: one step short, held at 880
])
def test_a_barrel_defender_finishing(api, boris_points, finishes, total):
    # Anna declares 100 and makes it (100 or 105 card points); Boris, on the barrel, defends with a hearts marriage.
    anna = 120 - boris_points
    deal = points_deal("Anna", 100, {"Anna": anna, "Boris": boris_points, "Vera": 0},
                       {"Anna": 6, "Boris": 2, "Vera": 0}, [("Boris", "H")])
    ans = api("score", score_body(deal, state={"scores": {"Anna": 0, "Boris": 880, "Vera": 0}},
                                  options={"barrel_defender_finish": True}, variant="pagat"))
    assert totals(ans)["Boris"] == total and (ans["winner"] == "Boris") is finishes
    # without the reading the defender's points are never recorded on the barrel
    ans = api("score", score_body(deal, state={"scores": {"Anna": 0, "Boris": 880, "Vera": 0}}, variant="pagat"))
    assert totals(ans)["Boris"] == 880 and ans["winner"] is None


@pytest.mark.parametrize("contract,cap_line", [(140, True), (120, False)])
def test_finish_cap(api, contract, cap_line):
    # Anna on the barrel makes 140 (60 card points + hearts 100 = 160): 880 + 140 = 1020, recorded as 1000; a
    # contract of 120 lands on exactly 1000 and needs no cap.
    deal = points_deal("Anna", contract, {"Anna": 60, "Boris": 30, "Vera": 30}, T, [("Anna", "H")])
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}},
                                  options={"finish_cap": True}))
    anna = by_id(ans)["Anna"]
    assert anna["total_after"] == 1000 and ans["winner"] == "Anna"
    assert any(line["rule"] == "thousand/15.1" for line in anna["lines"]) is cap_line
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}}))
    assert by_id(ans)["Anna"]["total_after"] == 880 + contract


@pytest.mark.parametrize("hand,card,undertrump,legal", [
    (["9D", "KC"], "KC", True, False),      # diamonds trump, hearts led and trumped with JD: 9D is lower; default:
    (["9D", "KC"], "KC", False, True),      # ... must still trump; without the duty KC may be thrown
    (["10D", "KC"], "KC", False, False),    # 10D beats JD, so the duty to trump stands either way
])
def test_no_duty_to_undertrump(api, hand, card, undertrump, legal):
    # Anna led AH (Anna announced diamonds earlier, so diamonds are trump); Boris, void in hearts, trumped with JD;
    # Vera, void in hearts too, holds `hand`.
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 5, "Boris": 1},
           "marriages": [{"player": "Anna", "suit": "D"}], "trump": "D",
           "trick": {"leader": "Anna", "cards": ["AH", "JD"]}, "hand": hand}
    ans = check(api, pos, {"type": "play", "player": "Vera", "card": card}, options={"must_undertrump": undertrump})
    assert ans["legal"] is legal


def test_no_concession_in_a_golden_deal(api):
    deal = {"declarer": "Anna", "contract": 120, "conceded": True, "golden": True}
    ans = api("score", score_body(deal, options={"golden_round": True}))
    assert hands(ans) == {"Anna": -120, "Boris": 60, "Vera": 60}    # allowed by default (russian-classic: -120)
    err = api("score", score_body(deal, options={"golden_round": True, "rospis_in_golden": False}), status=422)
    assert err["errors"][0]["pointer"] == "/deal/conceded"


@pytest.mark.parametrize("barrel,legal", [(880, False), (875, True)])
def test_no_blind_game_while_someone_is_on_the_barrel(api, barrel, legal):
    # Anna, on the forced 100, announces a blind 120 before anyone speaks; Boris is at 880 (on the barrel) or 875
    state = {"scores": {"Anna": 0, "Boris": barrel, "Vera": 0}}
    ans = check(api, bidding([]), {"type": "bid", "player": "Anna", "amount": 120, "blind": True},
                options={"blind": True, "blind_on_barrel": False}, state=state)
    assert ans["legal"] is legal
    assert check(api, bidding([]), {"type": "bid", "player": "Anna", "amount": 120, "blind": True},
                 options={"blind": True}, state=state)["legal"] is True


@pytest.mark.parametrize("run,conceded_before,total_after", [
    (2, 2, 300 - 120 - 120),    # the third concession in a row: minus the contract (120) and 120 more
    (1, 2, 300 - 120),          # a played deal broke the run: the third in all costs nothing extra
])
def test_three_concessions_in_a_row(api, run, conceded_before, total_after):
    state = {"scores": {"Anna": 300, "Boris": 0, "Vera": 0}, "concessions": {"Anna": conceded_before},
             "concession_run": {"Anna": run}}
    ans = api("score", score_body({"declarer": "Anna", "contract": 120, "conceded": True}, state=state,
                                  options={"rospis_third_count": "consecutive"}))
    assert totals(ans)["Anna"] == total_after
    # the run starts again after its third; a run below 3 goes on
    assert ans["state_after"]["concession_run"]["Anna"] == (0 if run == 2 else run + 1)


def test_a_contract_played_out_breaks_the_run(api):
    state = {"scores": {"Anna": 300, "Boris": 0, "Vera": 0}, "concessions": {"Anna": 2},
             "concession_run": {"Anna": 2}}
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0})
    ans = api("score", score_body(deal, state=state, options={"rospis_third_count": "consecutive"}))
    assert ans["state_after"]["concession_run"]["Anna"] == 0


def test_a_run_longer_than_the_concessions_is_impossible(api):
    state = {"scores": {"Anna": 300, "Boris": 0, "Vera": 0}, "concessions": {"Anna": 1},
             "concession_run": {"Anna": 2}}
    err = api("score", score_body({"declarer": "Anna", "contract": 120, "conceded": True}, state=state), status=422)
    assert err["errors"][0]["pointer"] == "/state/concession_run/Anna"


# ================================================================ the presets

def test_russian_classic_follows_both_russian_texts(api):
    # a concession costs the contract (both texts); each opponent 60
    ans = api("score", score_body({"declarer": "Anna", "contract": 120, "conceded": True}))
    assert hands(ans) == {"Anna": -120, "Boris": 60, "Vera": 60}
    # a bolt is a deal without a trick: Vera's one trick of three nines scores 0 but is no bolt
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 5, "Boris": 2, "Vera": 1})
    assert by_id(api("score", score_body(deal)))["Vera"]["bolts"] == 0
    assert by_id(api("score", score_body(deal, variant="pagat")))["Vera"]["bolts"] == 1


def test_pagat_is_the_base_reading(api):
    from referee.thousand.options import SPECS, VARIANTS
    assert VARIANTS["pagat"].resolve({}) == {name: spec.default for name, spec in SPECS.items()}


@pytest.mark.parametrize("hand,legal", [
    (["9S", "9H", "9D", "JC", "QC", "KS", "KH"], True),     # 0 + 0 + 0 + 2 + 3 + 4 + 4 = 13 < 14: a redeal
    (["9S", "9H", "9D", "JC", "KD", "KS", "KH"], False),    # 2 + 4 + 4 + 4 = 14: not under 14
])
def test_russian_detailed_redeals_a_weak_hand(api, hand, legal):
    ans = check(api, bidding([], hand=hand), {"type": "redeal", "player": "Anna", "reason": "weak_hand"},
                variant="russian-detailed")
    assert ans["legal"] is legal
    # russian-classic has no weak-hand redeal
    ans = check(api, bidding([], hand=hand), {"type": "redeal", "player": "Anna", "reason": "weak_hand"})
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/6.3"


@pytest.mark.parametrize("talon,contract,legal", [
    (["JS", "JH", "9C"], 100, True),     # 2 + 2 + 0 = 4 < 5
    (["JS", "QH", "9C"], 100, False),    # 2 + 3 + 0 = 5: not under 5
    (["JS", "JH", "9C"], 105, True),     # the detailed rules set no condition of the forced 100
])
def test_russian_detailed_redeals_a_weak_talon(api, talon, contract, legal):
    pos = {"phase": "talon", "declarer": "Anna", "contract": contract, "talon_taken": True, "exchanged": False,
           "talon": talon}
    ans = check(api, pos, {"type": "redeal", "player": "Anna", "reason": "weak_talon"}, variant="russian-detailed")
    assert ans["legal"] is legal


@pytest.mark.parametrize("amount,legal", [(300, True), (305, False)])
def test_russian_detailed_caps_contracts_at_300(api, amount, legal):
    # Boris holds three marriages (120 + 240 = 360), but no contract may exceed 300 here
    hand = ["KH", "QH", "KD", "QD", "KC", "QC", "9S"]
    ans = check(api, bidding([], hand=hand), {"type": "bid", "player": "Boris", "amount": amount},
                variant="russian-detailed")
    assert ans["legal"] is legal
    if not legal:
        assert ans["violations"][0]["rule"] == "thousand/7.5"


@pytest.mark.parametrize("variant,total,deals", [
    ("russian-detailed", 880, 1),    # a failed try on the barrel: stays, one of three tries used
    ("russian-classic", 880, 1),     # the second text's three tries (the first is silent): the same
    ("pagat", 760, 0),               # pagat's reading: 880 - 120, off the barrel at once
])
def test_a_failed_contract_on_the_barrel(api, variant, total, deals):
    # Anna on the barrel bids 120 and takes 73 card points: fails
    deal = points_deal("Anna", 120, {"Anna": 73, "Boris": 22, "Vera": 25}, T)
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}}, variant=variant))
    anna = by_id(ans)["Anna"]
    assert (anna["total_after"], anna["barrel"]["deals"]) == (total, deals)


def test_russian_detailed_third_fall_wipes_the_total(api):
    # Boris on the barrel with 2 deals used and 2 falls behind him defends a third deal and falls again: the third
    # fall wipes his total (880 - 120 = 760, then 0).  Anna makes 100 with 100 card points.
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0})
    state = {"scores": {"Anna": 0, "Boris": 880, "Vera": 0}, "barrel": {"Boris": {"deals": 2, "falls": 2}}}
    ans = api("score", score_body(deal, state=state, variant="russian-detailed"))
    assert totals(ans)["Boris"] == 0


def test_russian_detailed_every_third_bolt_costs_120(api):
    # Vera has two bolts behind her (not in a row: counted in total) and takes no trick again: -120
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0})
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 200}, "bolts": {"Vera": 2}}
    ans = api("score", score_body(deal, state=state, variant="russian-detailed"))
    assert totals(ans)["Vera"] == 80 and by_id(ans)["Vera"]["bolts"] == 0


# ================================================================ Thousand for money

def test_the_deal_that_ends_the_game_settles_the_bank(api):
    # Anna on the barrel at 880 makes 120 (85 + spades 40 = 125): 1000, she wins.  Stake 10 each: the bank is 30;
    # Anna gains 30 - 10 = 20, Boris and Vera lose their 10.
    deal = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, [("Anna", "S")])
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}},
                                  options={"stake": 10}))
    assert ans["winner"] == "Anna"
    assert ans["settlement"] == {"stake": 10, "bank": 30, "net": {"Anna": 20, "Boris": -10, "Vera": -10},
                                 "rule": "thousand/20.1"}
    assert "thousand/20.1" in {c["rule"] for c in ans["citations"]}


def test_no_settlement_before_the_end_or_without_a_stake(api):
    deal = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, [("Anna", "S")])
    ans = api("score", score_body(deal, options={"stake": 10}))             # 0 + 120: the game goes on
    assert ans["game_over"] is False and "settlement" not in ans
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}}))   # no stake
    assert ans["game_over"] is True and "settlement" not in ans


def test_the_sitter_pays_into_the_bank(api):
    # Four players, stake 25: the bank is 100; Anna (from the barrel, 880 + 120) gains 75, the others lose 25 each.
    deal = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, [("Anna", "S")], talon=QUIET_TALON)
    ans = api("score", score_body(deal, players=FOUR, dealer="Gleb", variant="four-player", options={"stake": 25},
                                  state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0, "Gleb": 0}}))
    assert ans["settlement"]["bank"] == 100
    assert ans["settlement"]["net"] == {"Anna": 75, "Boris": -25, "Vera": -25, "Gleb": -25}


def test_validate_settles_in_its_final_answer(api):
    # The README deal with the barrel at 900: Anna, at 900, makes her 100 (63 + spades 40 = 103): 1000.  Stake 50:
    # the bank is 150; Anna gains 100, Boris and Vera lose 50.
    ans = api("validate", {"players": PLAYERS, "log": readme_log(), "options": {"stake": 50, "barrel_threshold": 900},
                           "state": {"scores": {"Anna": 900, "Boris": 310, "Vera": 875}}})
    assert ans["valid"] is True and ans["final"]["winner"] == "Anna"
    assert ans["final"]["settlement"]["net"] == {"Anna": 100, "Boris": -50, "Vera": -50}


@pytest.mark.parametrize("stake,status", [(10, 200), (9, 422)])
def test_the_least_stake_is_10(api, stake, status):
    deal = {"declarer": "Anna", "contract": 100, "tricks": README_TRICKS,
            "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}
    api("score", score_body(deal, options={"stake": stake}), status=status)
