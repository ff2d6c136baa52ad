"""A contract of 100 stands only in the name of the player on the forced 100 (thousand/7.1): anyone else had to bid
more, and a contract is never lowered.  Who holds it: the player left of the dealer (three players; four, where the
dealer sits out; two, where that is the non-dealer), the dealer under forced_bid_holder=dealer (with three players;
with four the sitting-out dealer passes it to the player on the left), nobody under forced_bid_holder=none."""
import pytest

from tests.thousand_helpers import FOUR, NINES, PLAYERS, SWEEP_TRICKS, TRICKS, by_id, points_deal, redeals, score_body

# A 100 made: 100 + 10 + 10 = 120 card points, tricks 6 + 1 + 1 = 8.
POINTS = {"Anna": 100, "Boris": 10, "Vera": 10}


def deal_by(declarer, contract=100):
    pts = {p: (100 if p == declarer else 10) for p in PLAYERS}
    tricks = {p: (6 if p == declarer else 1) for p in PLAYERS}
    return points_deal(declarer, contract, pts, tricks)


# Seats: Anna, Boris, Vera clockwise.  Vera deals -> Anna (her left) holds the 100; Anna deals -> Boris; Boris -> Vera.
@pytest.mark.parametrize("dealer,declarer,status", [
    ("Vera", "Anna", 200), ("Vera", "Boris", 422), ("Vera", "Vera", 422),
    ("Anna", "Boris", 200), ("Anna", "Anna", 422), ("Boris", "Vera", 200), ("Boris", "Anna", 422),
])
def test_the_points_form_takes_100_only_from_the_holder(api, dealer, declarer, status):
    ans = api("score", score_body(deal_by(declarer), dealer=dealer), status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/deal/contract"
    else:   # 100 card points >= 100: made, +100
        assert by_id(ans)[declarer]["hand_score"] == 100


def test_the_issue_example_and_one_step_over(api):
    # Vera deals, so the 100 stands in Anna's name: Boris at 100 is impossible, Boris at 105 outbid it.
    err = api("score", score_body(deal_by("Boris"), dealer="Vera"), status=422)
    assert err["errors"][0]["pointer"] == "/deal/contract"
    ans = api("score", score_body(deal_by("Boris", 105), dealer="Vera"))
    assert by_id(ans)["Boris"]["hand_score"] == -105    # 100 card points < 105: failed


def test_the_tricks_form_too(api):
    # SWEEP_TRICKS: Anna leads and wins all eight.  With Vera dealing she holds the 100; with Anna dealing Boris does.
    deal = {"declarer": "Anna", "contract": 100, "tricks": SWEEP_TRICKS, "marriages": [{"player": "Anna", "suit": "H"}]}
    assert by_id(api("score", score_body(deal, dealer="Vera")))["Anna"]["hand_score"] == 100
    err = api("score", score_body(deal, dealer="Anna"), status=422)
    assert err["errors"][0]["pointer"] == "/deal/contract"


@pytest.mark.parametrize("options,ok,bad", [
    ({"forced_bid_holder": "dealer"}, ["Vera"], ["Anna", "Boris"]),
    ({"forced_bid_holder": "dealer", "forehand_opens_100": True}, ["Vera", "Anna"], ["Boris"]),
    ({"forced_bid_holder": "none"}, ["Anna", "Boris", "Vera"], []),
])
def test_the_holder_follows_the_options(api, options, ok, bad):
    # Vera deals: on the dealer's 100 only Vera (or Anna, first hand, taking it over) can play 100; with nobody on a
    # forced 100 anyone may have opened at 100.
    for p in ok:
        assert by_id(api("score", score_body(deal_by(p), dealer="Vera", options=options)))[p]["hand_score"] == 100
    for p in bad:
        err = api("score", score_body(deal_by(p), dealer="Vera", options=options), status=422)
        assert err["errors"][0]["pointer"] == "/deal/contract"


@pytest.mark.parametrize("options", [{}, {"forced_bid_holder": "dealer"}])
def test_four_players(api, options):
    # Gleb deals and sits out; Anna, on his left, holds the 100 (the dealer would, but sits out: it passes to her).
    talon = ["AS", "10H", "9C"]
    ans = api("score", score_body(points_deal("Anna", 100, POINTS, TRICKS, talon=talon), players=FOUR, dealer="Gleb",
                                  variant="four-player", options=options))
    assert by_id(ans)["Anna"]["hand_score"] == 100
    pts = {"Anna": 10, "Boris": 100, "Vera": 10}
    err = api("score", score_body(points_deal("Boris", 100, pts, {"Anna": 1, "Boris": 6, "Vera": 1}, talon=talon),
                                  players=FOUR, dealer="Gleb", variant="four-player", options=options), status=422)
    assert err["errors"][0]["pointer"] == "/deal/contract"


def test_two_players(api):
    # Boris deals, so Anna (the non-dealer) holds the 100.  Her 100: 118 card points with the discards, made.
    two = ["Anna", "Boris"]
    deal = points_deal("Anna", 100, {"Anna": 118, "Boris": 0}, {"Anna": 10, "Boris": 0}, [("Anna", "H")],
                       musik_unused=["JC", "9C"], discards=["KC", "QC"])
    assert by_id(api("score", score_body(deal, players=two, dealer="Boris", variant="two-player")))["Anna"][
        "hand_score"] == 100
    # The same cards with Anna dealing: Boris holds the 100, so Anna at 100 is impossible.
    err = api("score", score_body(deal, players=two, dealer="Anna", variant="two-player"), status=422)
    assert err["errors"][0]["pointer"] == "/deal/contract"


@pytest.mark.parametrize("phase", ["talon", "play"])
def test_check_positions(api, phase):
    pos = {"phase": phase, "declarer": "Boris", "contract": 100}
    if phase == "talon":
        pos |= {"talon_taken": False, "exchanged": False}
    else:       # the declarer's 8 cards before the first lead (7 + 3 taken - 2 given)
        pos |= {"hand": ["AS", "10S", "KS", "QS", "JS", "9S", "AH", "10H"]}
    action = ({"type": "take_talon", "player": "Boris"} if phase == "talon" else
              {"type": "play", "player": "Boris", "card": "AS"})
    body = {"players": PLAYERS, "dealer": "Vera", "position": pos, "action": action}
    err = api("check", body, status=422)
    assert err["errors"][0]["pointer"] == "/position/contract"
    body["dealer"] = "Anna"     # now Boris is on the forced 100
    assert api("check", body)["legal"] is True


def test_validate_refuses_a_second_100(api):
    # Vera deals; Boris speaks first over Anna's forced 100 and may not bid 100 itself.
    log = [{"type": "deal", "dealer": "Vera",
            "hands": {"Anna": ["AH", "AS", "AD", "AC", "KH", "KS", "KD"],
                      "Boris": ["QS", "QC", "QD", "JH", "JD", "9S", "9D"],
                      "Vera": ["KC", "10H", "10S", "10D", "10C", "QH", "JS"]},
            "talon": ["9H", "9C", "JC"]},
           {"type": "bid", "player": "Boris", "amount": 100}]
    ans = api("validate", {"players": PLAYERS, "log": log})
    v = ans["first_violation"]
    assert (v["index"], v["rule"], v["message"]) == (1, "thousand/7.9", "a bid must exceed the current 100")


def check(api, position, action, options=None, variant=None, state=None, status=200, players=PLAYERS,
          dealer="Vera"):
    body = {"players": players, "dealer": dealer, "position": position, "action": action}
    for key, value in (("options", options), ("variant", variant), ("state", state)):
        if value is not None:
            body[key] = value
    return api("check", body, status=status)


# Found by a black-box tester (Thousand fixes).
@pytest.mark.parametrize("contract,legal", [(100, True), (105, False)])
def test_the_forced_holder_on_100_never_bid(api, contract, legal):
    # Anna, on the forced 100, before the exchange (7 + 3 = 10 cards): at 100 everybody passed and she never bid,
    # so the claim is open; at 105 before any raise (a raise comes after the exchange) she bid 105
    pos = {"phase": "talon", "declarer": "Anna", "contract": contract, "talon_taken": True, "exchanged": False,
           "hand": NINES + ["JS", "JH", "JD", "QC", "KC", "AC"]}
    ans = check(api, pos, {"type": "redeal", "player": "Anna", "reason": "four_nines"})
    assert ans["legal"] is legal
    assert bool(redeals(ans)) is legal


# Found by a black-box tester (Thousand fixes).
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
