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
