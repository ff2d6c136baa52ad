"""Pinochle: positions that cannot happen, or leave out what the ruling needs, are refused with a pointer at the
field.
"""
import copy

PINOCHLE_PLAYOFF = {"players": ["Ann", "Bob"], "dealer": "Ann",
                    "position": {"phase": "play", "trump": "H", "tricks_done": 14,
                                 "hand": ["AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C"],
                                 "trick": {"leader": "Bob", "cards": ["KH"]}},
                    "action": {"type": "play", "player": "Ann", "card": "9S"}}


PIN3 = {"variant": "three-hand-auction", "players": ["Ann", "Bob", "Cid"], "dealer": "Cid",
        "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "S", "meld": ["AS", "10S", "KS", "QS", "JS"],
                 "points": {"Ann": 170, "Bob": 40, "Cid": 30}, "tricks_taken": {"Ann": 10, "Bob": 3, "Cid": 2},
                 "last_trick": "Ann", "buried": ["9H", "9D", "9C"]}}


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_pinochle_play_without_the_hand_is_422(api):
    # with the hand, 9S on a trump lead is a revoke (Ann holds 10H); without it the probe got legal: true
    assert api("check", PINOCHLE_PLAYOFF, game="pinochle")["legal"] is False
    body = copy.deepcopy(PINOCHLE_PLAYOFF)
    del body["position"]["hand"]
    err = api("check", body, status=422, game="pinochle")["errors"][0]
    assert err == {"pointer": "/position/hand",
                   "detail": "give the hand of Ann: this action cannot be judged without it"}
    body["action"] = {"type": "meld", "player": "Ann", "cards": ["KH", "QH"]}
    assert api("check", body, status=422, game="pinochle")["errors"][0]["pointer"] == "/position/hand"


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_pinochle_tricks_done_is_needed(api):
    # a 12-card hand fits the stock phase and the first play-off trick; only tricks_done tells whether Ann must
    # follow suit: with 12 she must (she holds AS and 9S), and without it the probe got legal: true
    body = {"players": ["Ann", "Bob"], "dealer": "Ann",
            "position": {"phase": "play", "trump": "H", "tricks_done": 12,
                         "hand": ["AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C", "AH", "KH"],
                         "trick": {"leader": "Bob", "cards": ["KS"]}},
            "action": {"type": "play", "player": "Ann", "card": "10H"}}
    assert api("check", body, game="pinochle")["violations"][0]["rule"] == "pinochle/5.2"
    del body["position"]["tricks_done"]
    assert api("check", body, status=422, game="pinochle")["errors"][0]["pointer"] == "/position/tricks_done"


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_three_hand_pinochle_names_what_is_missing(api):
    # Ann melds a run in spades (150) and takes 170 + 10 (last trick) in play, buried nines 0: 330 >= 300, made
    ans = api("score", PIN3, game="pinochle")
    assert ans["players"][0]["lines"][0]["item"] == "bid 300 made: meld 150 + card points 180 = 330, scores 300"
    body = copy.deepcopy(PIN3)
    del body["deal"]["buried"]        # was "no share of the pack's cards gives these card points"
    assert api("score", body, status=422, game="pinochle")["errors"][0]["pointer"] == "/deal/buried"
    body = copy.deepcopy(PIN3)
    body["deal"]["melds"] = [{"player": "Ann", "cards": ["AS", "10S", "KS", "QS", "JS"]}]
    err = api("score", body, status=422, game="pinochle")["errors"][0]
    assert err["pointer"] == "/deal/melds" and "give his meld as one list of cards, not per player" in err["detail"]
    body = copy.deepcopy(PIN3)
    del body["deal"]["last_trick"]    # was "None is not one of the players"
    assert api("score", body, status=422, game="pinochle")["errors"][0] == {
        "pointer": "/deal/last_trick", "detail": "missing: give one of the players (Ann, Bob, Cid)"}
