"""The debt pit (the first Russian text): under russian-classic a player whose total is below 0 may not bid
(thousand/7.7, silence_threshold 0), though the forced 100 is still played."""
import pytest

from tests.thousand_helpers import PLAYERS, by_id, points_deal, score_body

# Vera deals: Anna is on the forced 100, Boris speaks first.  Boris holds no marriage, so bids up to 120.
HAND = ["AS", "10S", "KS", "JD", "9D", "QC", "9H"]


def bid_check(api, boris_total, variant="russian-classic", amount=105):
    return api("check", {"players": PLAYERS, "dealer": "Vera", "variant": variant,
                         "state": {"scores": {"Anna": 0, "Boris": boris_total, "Vera": 0}},
                         "position": {"phase": "bidding", "hand": HAND, "bids": []},
                         "action": {"type": "bid", "player": "Boris", "amount": amount}})


@pytest.mark.parametrize("total,legal", [(-5, False), (0, True), (5, True)])
def test_the_threshold_is_0(api, total, legal):
    # One step under 0 (-5): in the pit, no bid; 0 and 5: free to bid.
    ans = bid_check(api, total)
    assert ans["legal"] is legal
    bids = [a for a in ans["legal_actions"] if a["type"] == "bid"]
    if legal:
        assert [(a["min"], a["max"]) for a in bids] == [(105, 120)]
    else:
        assert ans["violations"][0]["rule"] == "thousand/7.7"
        assert ans["violations"][0]["message"] == "Boris is below 0 and may not bid"
        assert bids == [] and {"type": "pass", "player": "Boris"} in ans["legal_actions"]


def test_pagat_has_no_pit(api):
    assert bid_check(api, -5, variant="pagat")["legal"] is True


def test_the_forced_100_is_played_from_the_pit(api):
    # Anna at -120 is on the forced 100: Boris and Vera pass, and she is the declarer at 100.
    ans = api("check", {"players": PLAYERS, "dealer": "Vera",
                        "state": {"scores": {"Anna": -120, "Boris": 0, "Vera": 0}},
                        "position": {"phase": "bidding", "bids": [{"player": "Boris", "type": "pass"}]},
                        "action": {"type": "pass", "player": "Vera"}})
    assert ans["legal"] is True and ans["effects"] == {"pass": "Vera", "declarer": "Anna", "contract": 100}


# ---- a contract from the pit: only the forced 100, and only in its holder's name (score, scoresheet, check)
def pit_score(api, anna, dealer, contract, variant=None, status=200):
    # Anna declares and takes all 120 card points in all 8 tricks; no marriage.
    body = score_body(points_deal("Anna", contract, {"Anna": 120, "Boris": 0, "Vera": 0},
                                  {"Anna": 8, "Boris": 0, "Vera": 0}),
                      state={"scores": {"Anna": anna, "Boris": 100, "Vera": 200}}, dealer=dealer, variant=variant)
    return api("score", body, status=status)


def test_the_tester_example_a_non_holder_in_the_pit_cannot_declare(api):
    # Anna deals, so Boris (on her left) holds the forced 100; Anna at -50 may not bid, so never won the auction.
    err = pit_score(api, -50, "Anna", 110, status=422)
    assert err["errors"][0]["pointer"] == "/deal/contract"
    assert err["errors"][0]["detail"] == "Anna is below 0 and may not bid, so cannot have won the auction"


@pytest.mark.parametrize("anna", [-5, 0])
def test_the_boundary_of_the_pit(api, anna):
    # one step under 0 (-5) is in the pit: 422; at 0 she may bid: 110 made (120 >= 110), 0 + 110 = 110
    if anna < 0:
        assert pit_score(api, anna, "Anna", 110, status=422)["errors"][0]["pointer"] == "/deal/contract"
    else:
        assert by_id(pit_score(api, anna, "Anna", 110))["Anna"]["total_after"] == 110


def test_the_holder_in_the_pit_plays_100_and_nothing_higher(api):
    # Vera deals, so Anna holds the forced 100: at 100 it stands (120 >= 100 made: -50 + 100 = 50) ...
    assert by_id(pit_score(api, -50, "Vera", 100))["Anna"]["total_after"] == 50
    # ... one step over, 105, she could have reached only by bidding or raising: impossible
    err = pit_score(api, -50, "Vera", 105, status=422)
    assert err["errors"][0]["pointer"] == "/deal/contract"
    assert err["errors"][0]["detail"] == ("Anna is below 0, so may neither bid nor raise: Anna plays only the forced "
                                          "100")


def test_pagat_has_no_pit_in_the_score(api):
    # no silence threshold: Anna at -50 bid 110 and made it: -50 + 110 = 60
    assert by_id(pit_score(api, -50, "Anna", 110, variant="pagat"))["Anna"]["total_after"] == 60


def test_the_scoresheet_tracks_the_pit(api):
    # Deal 1 (Vera deals, Anna on 100): Boris plays 120 and goes down: 100 card points < 120, so -120.
    # Deal 2 (Anna deals, Boris on 100): Boris at -120 plays the forced 100, makes it (110 >= 100): -20.
    # Deal 3 (Boris deals, Vera on 100): Boris, still at -20, declares 105: he could not have bid -> 422 there.
    down = points_deal("Boris", 120, {"Anna": 10, "Boris": 100, "Vera": 10}, {"Anna": 1, "Boris": 6, "Vera": 1})
    made = points_deal("Boris", 100, {"Anna": 5, "Boris": 110, "Vera": 5}, {"Anna": 1, "Boris": 6, "Vera": 1})
    late = points_deal("Boris", 105, {"Anna": 5, "Boris": 110, "Vera": 5}, {"Anna": 1, "Boris": 6, "Vera": 1})
    body = {"players": PLAYERS, "dealer": "Vera", "deals": [down, made]}
    ans = api("scoresheet", body)
    assert ans["totals"] == {"Anna": 10 + 5, "Boris": -20, "Vera": 10 + 5}
    err = api("scoresheet", body | {"deals": [down, made, late]}, status=422)
    assert err["errors"][0]["pointer"] == "/deals/2/contract"
    assert "below 0" in err["errors"][0]["detail"]


def pit_position(api, contract, action, anna=-50, dealer="Vera", hand=None):
    # Talon phase after the exchange: Anna declares; the hand is the blind test's 8 cards with the hearts marriage.
    pos = {"phase": "talon", "declarer": "Anna", "contract": contract, "talon_taken": True, "exchanged": True,
           "hand": hand or ["KH", "QH", "AH", "10H", "AS", "10S", "AD", "AC"]}
    return api("check", {"players": PLAYERS, "dealer": dealer,
                         "state": {"scores": {"Anna": anna, "Boris": 0, "Vera": 0}},
                         "position": pos, "action": action},
               status=422 if action is None else 200)


PLAY_AS = {"type": "play", "player": "Anna", "card": "AS"}


def test_a_check_position_from_the_pit(api):
    # Anna deals (Boris on 100): Anna at -50 cannot be the declarer at 110
    err = api("check", {"players": PLAYERS, "dealer": "Anna",
                        "state": {"scores": {"Anna": -50, "Boris": 0, "Vera": 0}},
                        "position": {"phase": "talon", "declarer": "Anna", "contract": 110, "talon_taken": True,
                                     "exchanged": True, "hand": ["KH", "QH", "AH", "10H", "AS", "10S", "AD", "AC"]},
                        "action": PLAY_AS}, status=422)
    assert err["errors"][0]["pointer"] == "/position/contract"
    # Vera deals (Anna on 100): 100 stands, 105 cannot
    assert pit_position(api, 100, PLAY_AS)["legal"] is True
    err = api("check", {"players": PLAYERS, "dealer": "Vera",
                        "state": {"scores": {"Anna": -50, "Boris": 0, "Vera": 0}},
                        "position": {"phase": "talon", "declarer": "Anna", "contract": 105, "talon_taken": True,
                                     "exchanged": True, "hand": ["KH", "QH", "AH", "10H", "AS", "10S", "AD", "AC"]},
                        "action": PLAY_AS}, status=422)
    assert err["errors"][0]["pointer"] == "/position/contract"


@pytest.mark.parametrize("anna,legal", [(-5, False), (0, True)])
def test_no_raise_from_the_pit(api, anna, legal):
    # Anna on the forced 100 with the hearts marriage (limit 220): from 0 she may raise to 140; from -5 she may not.
    ans = pit_position(api, 100, {"type": "raise", "player": "Anna", "amount": 140}, anna=anna)
    assert ans["legal"] is legal
    raises = [a for a in ans["legal_actions"] if a["type"] == "raise"]
    if legal:
        assert [(a["min"], a["max"]) for a in raises] == [(105, 220)]
        assert "thousand/7.7" in {c["rule"] for c in ans["citations"]}
    else:
        assert [v["rule"] for v in ans["violations"]] == ["thousand/7.7"]
        assert ans["violations"][0]["message"] == "Anna is below 0 and may not raise the contract"
        assert raises == []
