from tests.pinochle_helpers import THREE, P

"""Pinochle: the duties in play — follow, head the trick, trump, overtrump — in three-hand play."""


def three_play(hand, trick, card, leader="Bob", trump="H", done=10, **opts):
    body = {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid",
            "position": {"phase": "play", "trump": trump, "tricks_done": done, "hand": hand.split(),
                         "trick": {"leader": leader, "cards": trick.split()}},
            "action": {"type": "play", "player": "Ann", "card": card}}
    if opts:
        body["options"] = opts
    return body


def legal_cards(ans):
    return sorted(a["card"] for a in ans["legal_actions"])


# Pinochle, issue 17.
def test_the_issue_case_a_void_player_overtrumps(api):
    # Bob leads AS, Cid trumps with 9H; Ann has no spade, 9H and AH: she must trump above the 9H, so AH only.
    # 10 tricks done: 5 cards left in Ann's hand.
    ans = P(api, "check", three_play("9H AH 9D 10D KC", "AS 9H", "9H"))
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/5.4"
    assert legal_cards(ans) == ["AH"]
    assert ans["options"]["must_head"] == "trump_lead_and_overtrump"   # the three-hand default
    # the older reading (beat a trump lead only) lets her under-trump
    assert P(api, "check", three_play("9H AH 9D 10D KC", "AS 9H", "9H", must_head="trump_lead_only"))["legal"]


# Pinochle, issue 17.
def test_a_void_player_who_cannot_overtrump_still_trumps(api):
    # Cid trumped with AH; Ann holds only 9H in trumps: she must still trump (5.3), with the 9H
    ans = P(api, "check", three_play("9H 9D 10D KC QC", "AS AH", "KC"))
    assert ans["violations"][0]["rule"] == "pinochle/5.3" and legal_cards(ans) == ["9H"]


# Pinochle, issue 17.
def test_following_a_plain_suit_need_not_beat(api):
    # Bob leads KS, Cid follows with QS; Ann holds AS and 9S: either is legal (no duty to head a plain-suit lead,
    # unlike must_head always)
    ans = P(api, "check", three_play("AS 9S 9D 10D KC", "KS QS", "9S"))
    assert ans["legal"] is True and legal_cards(ans) == ["9S", "AS"]
    always = P(api, "check", three_play("AS 9S 9D 10D KC", "KS QS", "9S", must_head="always"))
    assert always["legal"] is False and legal_cards(always) == ["AS"]


# Pinochle, issue 17.
def test_a_trump_lead_must_be_beaten(api):
    # Bob leads KH (trump), Cid plays 9H; Ann holds AH and JH: she must beat the KH, so AH only
    ans = P(api, "check", three_play("AH JH 9D 10D KC", "KH 9H", "JH"))
    assert ans["legal"] is False and legal_cards(ans) == ["AH"]


# A corner the mutation pass over Pinochle found untested.
def test_the_three_hand_bidder_leads_first(api):
    # after the burial the bidder (Ann) leads; Bob may not
    hands = {"Ann": "AS AS 10S 10S KS KS QS QS JS JS 9S 9S AH AH 10H",
             "Bob": "KH KH QH QH JH JH 9H 9H AD AD 10D 10D KD KD QD",
             "Cid": "QD JD JD 9D 9D AC AC 10C 10C KC KC QC QC JC JC"}
    log = [{"type": "deal", "dealer": "Cid", "hands": {p: h.split() for p, h in hands.items()},
            "widow": ["10H", "9C", "9C"]},
           {"type": "bid", "player": "Ann", "amount": 300}, {"type": "pass", "player": "Bob"},
           {"type": "pass", "player": "Cid"}, {"type": "trump", "player": "Ann", "suit": "S"},
           {"type": "widow", "player": "Ann"}, {"type": "bury", "player": "Ann", "cards": ["10H", "9C", "9C"]},
           {"type": "play", "player": "Bob", "card": "KH"}]
    v = P(api, "validate", {"variant": "three-hand-auction", "players": THREE, "log": log})["first_violation"]
    assert (v["index"], v["rule"], v["message"]) == (7, "pinochle/8.5", "it is Ann's turn to play, not Bob's")
