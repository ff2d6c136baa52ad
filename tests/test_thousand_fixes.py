"""Faults found by a black-box tester, each kept as a test with its siblings: the four-nines window (6.1), a golden
deal told by the state (18.1, 9.4), the rule that makes a play legal cited (11.x), the all-pass redeal (7.6)."""
import pytest

from tests.thousand_helpers import PLAYERS

NINES = ["9S", "9H", "9D", "9C"]
FOUR = ["Anna", "Boris", "Vera", "Gleb"]


def check(api, position, action, options=None, variant=None, state=None, status=200, players=PLAYERS,
          dealer="Vera"):
    body = {"players": players, "dealer": dealer, "position": position, "action": action}
    for key, value in (("options", options), ("variant", variant), ("state", state)):
        if value is not None:
            body[key] = value
    return api("check", body, status=status)


def redeals(ans):
    return [a for a in ans["legal_actions"] if a["type"] == "redeal"]


# ================================================================ 6.1: four nines only until the claimant's first bid

def test_the_declarer_who_bid_has_no_four_nines_redeal_in_the_talon_phase(api):
    # The tester's input: Vera deals, Anna is on the forced 100, Boris won the auction at 120, so he bid; he has
    # taken the talon and made the exchange (7 + 3 - 2 = 8 cards) and holds all four nines.
    pos = {"phase": "talon", "declarer": "Boris", "contract": 120, "talon_taken": True, "exchanged": True,
           "hand": NINES + ["JS", "JH", "JD", "QC"]}
    ans = check(api, pos, {"type": "redeal", "player": "Boris", "reason": "four_nines"})
    assert ans["legal"] is False
    assert ans["violations"] == [{"rule": "thousand/6.1", "message": "Boris has bid, and so has given up the right "
                                  "to a redeal", "pointer": "/action/reason"}]
    assert redeals(ans) == []


def test_the_declarer_who_bid_has_no_four_nines_redeal_in_play(api):
    # the same hand in the play phase, before the first card: the claim is still out of its window
    pos = {"phase": "play", "declarer": "Boris", "contract": 120, "tricks_won": {},
           "hand": NINES + ["JS", "JH", "JD", "QC"]}
    ans = check(api, pos, {"type": "redeal", "player": "Boris", "reason": "four_nines"})
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/6.1"
    assert redeals(ans) == []
    assert {a["type"] for a in ans["legal_actions"]} == {"play"}


@pytest.mark.parametrize("contract,legal", [(100, True), (105, False)])
def test_the_forced_holder_on_100_never_bid(api, contract, legal):
    # Anna, on the forced 100, before the exchange (7 + 3 = 10 cards): at 100 everybody passed and she never bid,
    # so the claim is open; at 105 before any raise (a raise comes after the exchange) she bid 105
    pos = {"phase": "talon", "declarer": "Anna", "contract": contract, "talon_taken": True, "exchanged": False,
           "hand": NINES + ["JS", "JH", "JD", "QC", "KC", "AC"]}
    ans = check(api, pos, {"type": "redeal", "player": "Anna", "reason": "four_nines"})
    assert ans["legal"] is legal
    assert bool(redeals(ans)) is legal


def test_the_forced_holder_above_100_after_the_exchange_needs_the_auction(api):
    # Anna on the forced 100 now plays 120: she bid it, or raised it after the exchange (no bid); the position
    # cannot tell, so it is a 422 naming the auction; with the auction given it is judged
    pos = {"phase": "talon", "declarer": "Anna", "contract": 120, "talon_taken": True, "exchanged": True,
           "hand": NINES + ["JS", "JH", "JD", "QC"]}
    action = {"type": "redeal", "player": "Anna", "reason": "four_nines"}
    err = check(api, pos, action, status=422)
    assert err["errors"][0]["pointer"] == "/position/bids"
    # Boris and Vera passed: Anna stayed on 100 and raised to 120 after the exchange, never bidding
    passed = [{"player": "Boris", "type": "pass"}, {"player": "Vera", "type": "pass"}]
    assert check(api, {**pos, "bids": passed}, action)["legal"] is True
    # Boris bid 110, Anna 120, Boris passed, Vera passed: Anna bid
    bid = [{"player": "Boris", "type": "bid", "amount": 110}, {"player": "Vera", "type": "pass"},
           {"player": "Anna", "type": "bid", "amount": 120}, {"player": "Boris", "type": "pass"}]
    assert check(api, {**pos, "bids": bid}, action)["legal"] is False


def test_a_defender_with_four_dealt_nines(api):
    # Anna won at 120; Boris (7 cards, no exchange yet) holds four nines.  Whether he bid is not in the position:
    # a 422; with the auction, a pass keeps the claim open, a bid closes it.
    pos = {"phase": "talon", "declarer": "Anna", "contract": 120, "talon_taken": True, "exchanged": False,
           "hand": NINES + ["JS", "JH", "JD"]}
    action = {"type": "redeal", "player": "Boris", "reason": "four_nines"}
    assert check(api, pos, action, status=422)["errors"][0]["pointer"] == "/position/bids"
    passed = [{"player": "Boris", "type": "pass"}, {"player": "Vera", "type": "bid", "amount": 115},
              {"player": "Anna", "type": "bid", "amount": 120}, {"player": "Vera", "type": "pass"}]
    assert check(api, {**pos, "bids": passed}, action)["legal"] is True
    bid = [{"player": "Boris", "type": "bid", "amount": 115}, {"player": "Vera", "type": "pass"},
           {"player": "Anna", "type": "bid", "amount": 120}, {"player": "Boris", "type": "pass"}]
    ans = check(api, {**pos, "bids": bid}, action)
    assert ans["legal"] is False and ans["violations"][0]["message"] == ("Boris has bid, and so has given up the "
                                                                         "right to a redeal")
    # a play by the same defender is not refused for want of the auction: the claim is just not listed
    ans = check(api, {"phase": "play", "declarer": "Anna", "contract": 120, "tricks_won": {},
                      "trick": {"leader": "Anna", "cards": ["AS"]}, "hand": NINES + ["JS", "JH", "JD", "QC"]},
                {"type": "play", "player": "Boris", "card": "9S"})
    assert ans["legal"] is True and redeals(ans) == []


@pytest.mark.parametrize("bids,pointer", [
    ([{"player": "Boris", "type": "pass"}, {"player": "Vera", "type": "pass"}], "/position/bids"),  # ends on Anna 100
    ([{"player": "Boris", "type": "pass"}], "/position/bids"),                                      # not ended
])
def test_an_auction_that_does_not_end_with_the_declarer_on_the_contract_is_refused(api, bids, pointer):
    # before the exchange the contract is the last bid: 120 cannot follow an auction ending at Anna's 100
    pos = {"phase": "talon", "declarer": "Anna", "contract": 120, "talon_taken": True, "exchanged": False,
           "bids": bids, "hand": NINES + ["JS", "JH", "JD", "QC", "KC", "AC"]}
    err = check(api, pos, {"type": "redeal", "player": "Anna", "reason": "four_nines"}, status=422)
    assert err["errors"][0]["pointer"] == pointer


def test_weak_hand_and_weak_talon_windows(api):
    # weak hand (6.3): before the auction ends only; weak talon (6.4): the declarer, on taking the talon
    opts = {"redeal_weak_hand": 14, "redeal_weak_talon": 5}
    weak = ["9S", "9H", "9D", "JC", "QC", "KS", "KH"]          # 0+0+0+2+3+4+4 = 13 < 14
    talon = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": False, "talon": ["JS", "JH", "9C"],
             "hand": weak}
    ans = check(api, talon, {"type": "redeal", "player": "Anna", "reason": "weak_hand"}, options=opts)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/6.3"
    # the weak talon: worth 2 + 2 + 0 = 4 < 5; before it is taken nobody has seen it, after the exchange it is too
    # late; on taking it the claim stands
    for taken, exchanged, hand, legal in ((False, False, weak, False), (True, False, weak + ["JS", "JH", "9C"], True),
                                          (True, True, ["9S", "9H", "9D", "JC", "QC", "KS", "JS", "JH"], False)):
        pos = {**talon, "talon_taken": taken, "exchanged": exchanged, "hand": hand}
        ans = check(api, pos, {"type": "redeal", "player": "Anna", "reason": "weak_talon"}, options=opts)
        assert ans["legal"] is legal, (taken, exchanged)
        if not legal:
            assert ans["violations"][0]["rule"] == "thousand/6.4"


# ================================================================ 18.1, 9.4: a golden deal told by the state

GOLDEN_OPTS = {"golden_round": True, "rospis_in_golden": False}
GLEB_DEALS = {"variant": "four-player", "players": FOUR, "dealer": "Gleb"}
# Gleb deals and sits out; Anna, on his left, plays the golden 120 and has taken the talon (7 + 3 = 10 cards)
ANNA_120 = {"phase": "talon", "declarer": "Anna", "contract": 120, "talon_taken": True, "exchanged": False,
            "hand": ["AS", "10S", "KS", "QS", "JS", "9S", "AH", "10H", "KH", "QH"]}


def golden_state(played, over=False):
    return {"scores": {p: 0 for p in FOUR}, "golden": {"played": played, "made": False, "over": over}}


def test_a_golden_round_under_way_makes_this_deal_golden(api):
    # The tester's input: one golden deal played, the round not over, so this deal is golden: no concession
    ans = check(api, ANNA_120, {"type": "concede", "player": "Anna"}, options=GOLDEN_OPTS, state=golden_state(1),
                **GLEB_DEALS)
    assert ans["legal"] is False
    assert ans["violations"] == [{"rule": "thousand/9.4", "message": "no concession in a golden-round deal",
                                  "pointer": "/action"}]
    assert {a["type"] for a in ans["legal_actions"]} == {"exchange"}
    # the same golden deal cannot be raised after the exchange (18.1); Anna gave away 2 cards: 8 left
    after = {**ANNA_120, "exchanged": True, "hand": ANNA_120["hand"][:8]}
    ans = check(api, after, {"type": "raise", "player": "Anna", "amount": 125}, options=GOLDEN_OPTS,
                state=golden_state(1), **GLEB_DEALS)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/18.1"


def test_a_finished_golden_round_leaves_an_ordinary_deal(api):
    ans = check(api, ANNA_120, {"type": "concede", "player": "Anna"}, options=GOLDEN_OPTS,
                state=golden_state(0, over=True), **GLEB_DEALS)
    assert ans["legal"] is True and ans["effects"] == {"conceded": "Anna"}


def test_before_any_golden_deal_the_position_must_say(api):
    # nothing played yet: the first golden deal or an ordinary one; the state cannot tell, so a 422 naming it
    action = {"type": "concede", "player": "Anna"}
    err = check(api, ANNA_120, action, options=GOLDEN_OPTS, state=golden_state(0), status=422, **GLEB_DEALS)
    assert err["errors"][0]["pointer"] == "/position/golden"
    assert check(api, {**ANNA_120, "golden": True}, action, options=GOLDEN_OPTS, state=golden_state(0),
                 **GLEB_DEALS)["legal"] is False
    assert check(api, {**ANNA_120, "golden": False}, action, options=GOLDEN_OPTS, state=golden_state(0),
                 **GLEB_DEALS)["legal"] is True
    # a deal that cannot be golden (Boris declares, or 125) needs no word
    assert check(api, {**ANNA_120, "contract": 125}, action, options=GOLDEN_OPTS, state=golden_state(0),
                 **GLEB_DEALS)["legal"] is True


@pytest.mark.parametrize("position,pointer", [
    ({**ANNA_120, "golden": False}, "/position/golden"),          # contradicts the state
    ({**ANNA_120, "contract": 125}, "/position/contract"),        # a golden contract is 120
    ({**ANNA_120, "declarer": "Boris"}, "/position/declarer"),    # the first hand plays it
    ({"phase": "bidding", "bids": []}, "/position/phase"),        # a golden deal has no auction
])
def test_a_golden_position_that_cannot_be(api, position, pointer):
    action = ({"type": "pass", "player": "Anna"} if position["phase"] == "bidding" else
              {"type": "take_talon", "player": position["declarer"]})
    err = check(api, position, action, options=GOLDEN_OPTS, state=golden_state(2), status=422, **GLEB_DEALS)
    assert err["errors"][0]["pointer"] == pointer


def test_a_golden_position_without_the_golden_round(api):
    err = check(api, {**ANNA_120, "golden": True}, {"type": "concede", "player": "Anna"}, status=422, **GLEB_DEALS)
    assert err["errors"][0]["pointer"] == "/position/golden"


# ================================================================ 11.x: a legal play cites the rule that made it legal

def cited(ans):
    return {c["rule"]: c.get("options", {}) for c in ans["citations"]}


def test_a_void_player_keeping_a_low_trump_back_cites_11_3(api):
    # The tester's input, with Vera dealing instead of Boris (Boris dealing puts Vera on the forced 100, so Anna
    # could not declare 100: thousand/7.1; the dealer changes nothing else here): Anna declares, hearts trump (her
    # marriage); Anna
    # led 9D, Boris trumped with AH; Vera, void in diamonds, holds only 9H as trump, which cannot beat AH.  Without
    # the duty to undertrump she may throw KC (legal, by 11.3's reading); by default she must play 9H (11.3).
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "trump": "H", "tricks_won": {"Anna": 2},
           "marriages": [{"player": "Anna", "suit": "H"}], "trick": {"leader": "Anna", "cards": ["9D", "AH"]},
           "hand": ["9H", "KC", "QC", "JC", "10C", "9C"]}
    play = {"type": "play", "player": "Vera", "card": "KC"}
    ans = check(api, pos, play, options={"must_undertrump": False}, dealer="Vera")
    assert ans["legal"] is True
    rules = cited(ans)
    assert "thousand/11.3" in rules and rules["thousand/11.3"]["must_undertrump"] is False
    assert "thousand/11.6" in rules          # the trick is complete: its winner (Boris, AH)
    assert ans["effects"]["trick"]["winner"] == "Boris"
    ans = check(api, pos, play, dealer="Vera")
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/11.3"


@pytest.mark.parametrize("options,card,legal,rule", [
    ({}, "9H", True, "thousand/11.4"),                    # could beat 10H with AH, need not: 11.4 decides
    ({"must_beat": True}, "AH", True, "thousand/11.4"),   # beats as it must
    ({"must_beat": True}, "9H", False, "thousand/11.4"),
])
def test_following_suit_cites_the_duty_to_beat(api, options, card, legal, rule):
    # no trump; Anna led 10H; Boris holds AH 9H KC
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 1},
           "trick": {"leader": "Anna", "cards": ["10H"]}, "hand": ["AH", "9H", "KC", "QS", "JS"]}
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": card}, options=options or None)
    assert ans["legal"] is legal
    assert rule in cited(ans)
    if legal:
        assert "thousand/11.2" in cited(ans)
        assert cited(ans)["thousand/11.4"]["must_beat"] is bool(options)


def test_following_without_a_higher_card_cites_only_11_2(api):
    # Anna led AH; Boris's hearts (9H) cannot beat it: the duty to beat never arises
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 1},
           "trick": {"leader": "Anna", "cards": ["AH"]}, "hand": ["9H", "KC", "QS", "JS", "9S"]}
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "9H"}, options={"must_beat": True})
    assert ans["legal"] is True
    assert {"thousand/11.2"} <= set(cited(ans)) and "thousand/11.4" not in cited(ans)


@pytest.mark.parametrize("options,card,legal,rules", [
    ({}, "9D", True, {"thousand/11.3", "thousand/11.5"}),                    # may play any trump
    ({"must_overtrump": True}, "AD", True, {"thousand/11.3", "thousand/11.5"}),
    ({"must_overtrump": True}, "9D", False, {"thousand/11.5"}),
])
def test_trumping_cites_the_duty_to_trump_and_to_overtrump(api, options, card, legal, rules):
    # diamonds trump (Anna's marriage); Anna led AH, Boris trumped with JD; Vera, void in hearts, holds 9D AD
    # (after 6 tricks, 8 - 6 = 2 cards): AD can overtrump JD, 9D cannot
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 5, "Boris": 1},
           "marriages": [{"player": "Anna", "suit": "D"}], "trump": "D",
           "trick": {"leader": "Anna", "cards": ["AH", "JD"]}, "hand": ["9D", "AD"]}
    ans = check(api, pos, {"type": "play", "player": "Vera", "card": card}, options=options or None)
    assert ans["legal"] is legal
    assert rules <= set(cited(ans))


def test_trumping_a_plain_trick_cites_11_3(api):
    # hearts trump; Anna led AC, Boris void in clubs trumps with 9H: the duty to trump (11.3) decides
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 1},
           "marriages": [{"player": "Anna", "suit": "H"}], "trump": "H",
           "trick": {"leader": "Anna", "cards": ["AC"]}, "hand": ["9H", "AH", "10S", "JS", "QD"]}
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "9H"})
    assert ans["legal"] is True and "thousand/11.3" in cited(ans) and "thousand/11.2" not in cited(ans)


def test_a_lead_cites_the_lead_rules(api):
    # the first trick: the declarer leads any card (8.3); a later trick: its leader (11.1)
    first = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {},
             "hand": ["AS", "10S", "KS", "QS", "JS", "9S", "AH", "10H"]}
    assert "thousand/8.3" in cited(check(api, first, {"type": "play", "player": "Anna", "card": "9S"}))
    later = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 1},
             "trick": {"leader": "Boris", "cards": []}, "hand": ["AS", "10S", "KS", "QS", "JS"]}
    assert "thousand/11.1" in cited(check(api, later, {"type": "play", "player": "Boris", "card": "AS"}))


# ================================================================ 7.6: the call that ends the auction says so

def test_everyone_passes_with_no_forced_bid(api):
    # The tester's input: nobody on a forced 100; Anna and Boris passed, Vera passes too: the deal is dealt again,
    # by Vera (the same dealer, by default) or by Anna (the next player, redeal_dealer next)
    pos = {"phase": "bidding", "bids": [{"player": "Anna", "type": "pass"}, {"player": "Boris", "type": "pass"}]}
    ans = check(api, pos, {"type": "pass", "player": "Vera"}, options={"forced_bid_holder": "none"})
    assert ans["legal"] is True
    assert ans["effects"] == {"pass": "Vera", "all_passed": True, "redealt_by": "Vera"}
    rules = cited(ans)
    assert "thousand/7.6" in rules and rules["thousand/7.6"]["forced_bid_holder"] == "none"
    # before her call Vera may still open at 100 or pass (legal_actions are those of the position as given)
    assert ans["legal_actions"] == [{"type": "bid", "player": "Vera", "min": 100, "max": 120, "step": 5},
                                    {"type": "pass", "player": "Vera"}]
    ans = check(api, pos, {"type": "pass", "player": "Vera"},
                options={"forced_bid_holder": "none", "redeal_dealer": "next"})
    assert ans["effects"] == {"pass": "Vera", "all_passed": True, "redealt_by": "Anna"}
    # the auction is over after the third pass: nothing more is open
    done = {"phase": "bidding", "bids": pos["bids"] + [{"player": "Vera", "type": "pass"}]}
    ans = check(api, done, {"type": "bid", "player": "Anna", "amount": 100}, options={"forced_bid_holder": "none"})
    assert ans["legal"] is False and ans["legal_actions"] == []


def test_the_call_that_ends_the_auction_names_the_declarer(api):
    # Anna on the forced 100; Boris passes, Vera passes: Anna is the declarer at 100 (7.6)
    pos = {"phase": "bidding", "bids": [{"player": "Boris", "type": "pass"}]}
    ans = check(api, pos, {"type": "pass", "player": "Vera"})
    assert ans["effects"] == {"pass": "Vera", "declarer": "Anna", "contract": 100}
    assert "thousand/7.6" in cited(ans)
    # no forced bid: Anna and Boris passed, Vera bids 100 and is the declarer at once
    pos = {"phase": "bidding", "bids": [{"player": "Anna", "type": "pass"}, {"player": "Boris", "type": "pass"}]}
    ans = check(api, pos, {"type": "bid", "player": "Vera", "amount": 100}, options={"forced_bid_holder": "none"})
    assert ans["effects"] == {"bid": 100, "player": "Vera", "declarer": "Vera", "contract": 100}
    # a call that leaves the auction open says only itself
    ans = check(api, {"phase": "bidding", "bids": []}, {"type": "pass", "player": "Boris"})
    assert ans["effects"] == {"pass": "Boris"} and "thousand/7.6" not in cited(ans)


# ================================================================ issue 16: the Russian presets where one text is clear

def test_the_russian_presets_take_the_clear_text(api):
    from referee.thousand.options import VARIANTS
    classic = VARIANTS["russian-classic"].resolve({})
    assert (classic["bolt_count"], classic["barrel_declarer_fail"]) == ("consecutive", "stay")   # text 1; text 2
    assert VARIANTS["russian-detailed"].resolve({})["bolt_count"] == "total"                    # text 2's count
    assert VARIANTS["four-player"].resolve({})["sitter_scoring"] == "talon_points"              # text 1, unrounded
    assert VARIANTS["pagat"].resolve({})["bolt_count"] == "total"


def test_russian_classic_counts_bolts_in_a_row(api):
    from tests.thousand_helpers import points_deal, score_body
    # Vera's last two deals were bolts in a row (state.bolts is the run under this count); she takes no trick
    # again: the third in a row costs 120 (200 - 120 = 80) and the run starts again.  Anna makes 100 with 100 card
    # points (6 tricks), Boris 20 (2 tricks).
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0})
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 200}, "bolts": {"Vera": 2}}
    ans = api("score", score_body(deal, state=state))
    vera = {p["id"]: p for p in ans["players"]}["Vera"]
    assert (vera["total_after"], vera["bolts"]) == (80, 0)
    assert "thousand/13.2" in {c["rule"] for c in ans["citations"]}
    # one bolt behind her: the second in a row costs nothing yet (200 + 0 = 200, run 2)
    ans = api("score", score_body(deal, state={**state, "bolts": {"Vera": 1}}))
    vera = {p["id"]: p for p in ans["players"]}["Vera"]
    assert (vera["total_after"], vera["bolts"]) == (200, 2)


# ================================================================ the limits that let a call stand are cited too

def test_a_bid_above_120_cites_the_marriage_cap(api):
    # Boris holds the hearts marriage: his limit is 120 + 100 = 220; 220 is legal by 7.4, 225 is not; 120 needs
    # no marriage, so 7.4 is not what let it stand
    hand = ["KH", "QH", "9S", "JS", "QD", "9C", "JC"]
    pos = {"phase": "bidding", "bids": [], "hand": hand}
    for amount, legal, with_cap in ((120, True, False), (220, True, True), (225, False, True)):
        ans = check(api, pos, {"type": "bid", "player": "Boris", "amount": amount})
        assert ans["legal"] is legal
        assert ("thousand/7.4" in cited(ans)) is with_cap
        assert "thousand/7.9" in cited(ans) or not legal


def test_a_bid_from_the_barrel_cites_the_floor(api):
    # Boris on the barrel (880) must bid at least 1000 - 880 = 120: 120 stands by 7.8
    pos = {"phase": "bidding", "bids": [], "hand": ["KH", "QH", "9S", "JS", "QD", "9C", "JC"]}
    ans = check(api, pos, {"type": "bid", "player": "Boris", "amount": 120},
                state={"scores": {"Anna": 0, "Boris": 880, "Vera": 0}})
    assert ans["legal"] is True and "thousand/7.8" in cited(ans)


def test_a_concession_cites_the_limits_in_force(api):
    # Anna, declarer at 100, has taken the talon (10 cards); with at most 3 concessions and 2 used she may concede
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True, "exchanged": False,
           "hand": ["AS", "10S", "KS", "QS", "JS", "9S", "AH", "10H", "KH", "QH"]}
    ans = check(api, pos, {"type": "concede", "player": "Anna"}, options={"rospis_max": 3},
                state={"scores": {"Anna": 0, "Boris": 0, "Vera": 0}, "concessions": {"Anna": 2}})
    assert ans["legal"] is True and {"thousand/9.1", "thousand/9.4"} <= set(cited(ans))
    ans = check(api, pos, {"type": "concede", "player": "Anna"})
    assert ans["legal"] is True and "thousand/9.4" not in cited(ans)


def test_score_takes_a_golden_deal_from_the_state(api):
    from tests.thousand_helpers import score_body
    # One golden deal played, the round not over: Anna's concession of the 120 is in a golden deal, which the
    # options forbid (422 at deal.conceded, as with golden: true); allowed, it is scored as any concession (18.1's
    # note): the contract, 120, off Anna and 60 to each opponent.  Saying golden: false contradicts the state.
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 0}, "golden": {"played": 1, "made": False, "over": False}}
    deal = {"declarer": "Anna", "contract": 120, "conceded": True}
    err = api("score", score_body(deal, state=state, options=GOLDEN_OPTS), status=422)
    assert err["errors"][0]["pointer"] == "/deal/conceded"
    ans = api("score", score_body(deal, state=state, options={"golden_round": True}))
    assert {p["id"]: p["hand_score"] for p in ans["players"]} == {"Anna": -120, "Boris": 60, "Vera": 60}
    err = api("score", score_body({**deal, "golden": False}, state=state, options={"golden_round": True}), status=422)
    assert err["errors"][0]["pointer"] == "/deal/golden"
