"""Checking one action in a Thousand position: trick play (R11), marriages (R10), bidding (R7),
the talon (R8), concessions (R9) and redeal claims (R6).  Vectors U2–U14, U21, U22, V29, V32–V34, V38."""
import pytest

from tests.thousand_helpers import PLAYERS


def check(api, position, action, options=None, variant=None, state=None, status=200):
    body = {"players": PLAYERS, "dealer": "Vera", "position": position, "action": action}
    if options:
        body["options"] = options
    if variant:
        body["variant"] = variant
    if state:
        body["state"] = state
    return api("check", body, status=status)


def play_position(hand, trick_cards, leader="Anna", trump=None, won=None, declarer="Anna"):
    won = won if won is not None else {"Anna": 2, "Boris": 1}
    pos = {"phase": "play", "declarer": declarer, "contract": 100, "trump": trump, "tricks_won": won,
           "hand": hand, "trick": {"leader": leader, "cards": trick_cards}}
    if trump:  # a trump exists only through an announced marriage (thousand/10.5)
        pos["marriages"] = [{"player": "Anna", "suit": trump}]
    return pos


def legal_cards(ans):
    return sorted(a["card"] for a in ans["legal_actions"] if a["type"] == "play" and not a.get("marriage"))


# ---------------------------------------------------------------- following, trumping, beating

def test_u7_follow_suit(api):
    # Anna leads AC; Boris holds 9C KC AH 10S (+ a spade): only the clubs may be played.
    pos = play_position(["9C", "KC", "AH", "10S", "JS"], ["AC"])
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "AH"})
    assert ans["legal"] is False
    assert ans["violations"] == [{"rule": "thousand/11.2", "message": "Boris holds clubs and must follow suit",
                                  "pointer": "/action/card"}]
    assert legal_cards(ans) == ["9C", "KC"]


def test_u8_must_trump_when_void(api):
    # Trump hearts, AC led, Boris has no clubs: he must play a heart.
    pos = play_position(["9H", "AH", "10S", "JS", "QD"], ["AC"], trump="H")
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "10S"})
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/11.3"
    assert legal_cards(ans) == ["9H", "AH"]


def test_u9_any_card_without_trump(api):
    pos = play_position(["AS", "10S", "JD", "QD", "KC"], ["9H"])
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "KC"})
    assert ans["legal"] is True
    assert legal_cards(ans) == ["10S", "AS", "JD", "KC", "QD"]


@pytest.mark.parametrize("options,legal", [({}, ["9H", "AH"]), ({"must_beat": True}, ["AH"])])
def test_v32_must_beat(api, options, legal):
    # 10H led; Boris holds AH 9H KC (and two spades).  Must-beat leaves only the ace.
    pos = play_position(["AH", "9H", "KC", "JS", "QS"], ["10H"])
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "9H"}, options=options)
    assert ans["legal"] is (legal == ["9H", "AH"])
    assert legal_cards(ans) == legal


def test_v33_beat_duty_lapses_once_trumped(api):
    # Trump diamonds; Anna leads 10H, Boris (void) trumps KD; Vera may play any heart.
    pos = play_position(["9H", "JH", "QH", "KH", "AH"], ["10H", "KD"], trump="D")
    ans = check(api, pos, {"type": "play", "player": "Vera", "card": "9H"}, options={"must_beat": True})
    assert ans["legal"] is True
    assert legal_cards(ans) == ["9H", "AH", "JH", "KH", "QH"]


@pytest.mark.parametrize("options,legal", [({}, ["10D", "9D", "AD"]), ({"must_overtrump": True}, ["10D", "AD"])])
def test_v34_must_overtrump(api, options, legal):
    # Trump diamonds; 9H led, Boris trumps JD; Vera holds 9D 10D AD and no heart.
    pos = play_position(["9D", "10D", "AD", "KS", "QC"], ["9H", "JD"], trump="D")
    ans = check(api, pos, {"type": "play", "player": "Vera", "card": "9D"}, options=options)
    assert legal_cards(ans) == legal
    if options:
        assert ans["violations"][0]["rule"] == "thousand/11.5"


def test_v34_no_overtrump_possible(api):
    # AD already trumps the trick; Vera's 9D JD QD cannot beat it, so any of them is legal.
    pos = play_position(["9D", "JD", "QD", "KS", "QC"], ["9H", "AD"], trump="D", won={"Anna": 2, "Vera": 1})
    pos["marriages"] = [{"player": "Vera", "suit": "D"}]  # Vera led KD earlier and still holds QD
    ans = check(api, pos, {"type": "play", "player": "Vera", "card": "9D"}, options={"must_overtrump": True})
    assert ans["legal"] is True and legal_cards(ans) == ["9D", "JD", "QD"]


def test_wrong_player_to_play(api):
    pos = play_position(["9D", "JD", "QD", "KS", "QC"], ["9H"])
    ans = check(api, pos, {"type": "play", "player": "Vera", "card": "9D"})
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/11.1"


def test_card_not_in_hand(api):
    pos = play_position(["9D", "JD", "QD", "KS", "QC"], ["9H"])
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "AS"})
    assert ans["violations"][0]["rule"] == "thousand/3.5"


# ---------------------------------------------------------------- marriages

def test_u13_marriage_on_lead_sets_trump(api):
    pos = play_position(["KH", "QH", "AS", "9C", "JD"], [])
    ans = check(api, pos, {"type": "play", "player": "Anna", "card": "KH", "marriage": True})
    assert ans["legal"] is True
    assert ans["effects"]["marriage"] == {"suit": "H", "points": 100}
    assert ans["effects"]["trump"] == "H"
    assert {"thousand/10.1", "thousand/2.1"} <= {c["rule"] for c in ans["citations"]}


def test_u12_no_marriage_when_following(api):
    pos = play_position(["KH", "QH", "AS", "9C", "JD"], ["AH"])
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "KH", "marriage": True})
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/10.1"


def test_marriage_needs_the_partner(api):
    pos = play_position(["KH", "JH", "AS", "9C", "JD"], [])
    ans = check(api, pos, {"type": "play", "player": "Anna", "card": "KH", "marriage": True})
    assert ans["violations"][0] == {"rule": "thousand/10.1", "message": "Anna leads KH without holding QH",
                                    "pointer": "/action/card"}


@pytest.mark.parametrize("options,legal", [({}, False), ({"marriage_on_first_trick": True}, True)])
def test_q1_marriage_on_the_first_trick(api, options, legal):
    # Dispute 1: Russian/pagat forbid it; Polish (Kurnik) allow the declarer's first lead.
    pos = play_position(["KH", "QH", "AS", "9C", "JD", "10D", "KS", "9S"], [], won={})
    ans = check(api, pos, {"type": "play", "player": "Anna", "card": "QH", "marriage": True}, options=options)
    assert ans["legal"] is legal
    if not legal:
        assert ans["violations"][0]["rule"] == "thousand/10.2"


def test_u14_later_marriage_replaces_trump(api):
    pos = play_position(["KS", "QS", "AD", "9C", "JD"], [], leader="Boris", trump="H",
                        won={"Anna": 2, "Boris": 1})
    pos["marriages"] = [{"player": "Anna", "suit": "H"}]
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "KS", "marriage": True})
    assert ans["legal"] and ans["effects"]["trump"] == "S" and ans["effects"]["marriage"]["points"] == 40


def test_same_marriage_twice(api):
    pos = play_position(["KH", "QH", "AS", "9C", "JD"], [])
    pos["marriages"] = [{"player": "Anna", "suit": "H"}]
    ans = check(api, pos, {"type": "play", "player": "Anna", "card": "KH", "marriage": True})
    assert ans["legal"] is False


def test_ace_marriage_option(api):
    pos = play_position(["AH", "AS", "AD", "AC", "9C"], [])
    action = {"type": "play", "player": "Anna", "card": "AH", "marriage": True}
    assert check(api, pos, action)["violations"][0]["rule"] == "thousand/2.2"
    ans = check(api, pos, action, options={"ace_marriage": True})
    assert ans["legal"] and ans["effects"]["marriage"] == {"suit": "aces", "points": 200}
    assert "trump" not in ans["effects"]


# ---------------------------------------------------------------- bidding

def bidding(hand, bids=()):
    return {"phase": "bidding", "hand": hand, "bids": list(bids)}


NO_MARRIAGE = ["AH", "10H", "AS", "KD", "9C", "JC", "QS"]
HEARTS = ["KH", "QH", "AS", "KD", "9C", "JC", "10S"]
HEARTS_SPADES = ["KH", "QH", "KS", "QS", "9C", "JC", "10S"]


def bid_range(ans):
    b = [a for a in ans["legal_actions"] if a["type"] == "bid"]
    return (b[0]["min"], b[0]["max"]) if b else None


def test_u10_v29_bid_caps(api):
    # Boris speaks after Anna's forced 100.  No marriage: 120; hearts: 220; hearts + spades: 260.
    ans = check(api, bidding(NO_MARRIAGE), {"type": "bid", "player": "Boris", "amount": 125})
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/7.4"
    assert bid_range(ans) == (105, 120)
    assert bid_range(check(api, bidding(HEARTS), {"type": "bid", "player": "Boris", "amount": 220})) == (105, 220)
    ans = check(api, bidding(HEARTS_SPADES), {"type": "bid", "player": "Boris", "amount": 265})
    assert ans["violations"][0]["message"] == "265 is above this hand's limit of 260 (marriages held: hearts, spades)"


def test_bid_cap_none(api):
    ans = check(api, bidding(NO_MARRIAGE), {"type": "bid", "player": "Boris", "amount": 200},
                options={"bid_cap": "none"})
    assert ans["legal"] is True


def test_bid_step(api):
    ans = check(api, bidding(NO_MARRIAGE), {"type": "bid", "player": "Boris", "amount": 115}, variant="polish")
    assert ans["violations"][0]["rule"] == "thousand/7.2"
    assert bid_range(ans) == (110, 120)


def test_u11_passing_is_final(api):
    bids = [{"player": "Boris", "type": "pass"}, {"player": "Vera", "type": "bid", "amount": 110}]
    ans = check(api, bidding(NO_MARRIAGE, bids), {"type": "bid", "player": "Anna", "amount": 115})
    assert ans["legal"] is True  # Anna (forced 100) may overbid
    bids.append({"player": "Anna", "type": "bid", "amount": 115})
    ans = check(api, bidding(NO_MARRIAGE, bids), {"type": "bid", "player": "Boris", "amount": 120})
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/7.3"


def test_u22_forced_bidder_plays_100(api):
    # Boris and Vera pass: the auction is over and Anna is declarer at 100.
    bids = [{"player": "Boris", "type": "pass"}, {"player": "Vera", "type": "pass"}]
    ans = check(api, bidding(NO_MARRIAGE, bids), {"type": "bid", "player": "Anna", "amount": 105})
    assert ans["legal"] is False
    assert "talon phase" in ans["violations"][0]["message"]


def test_out_of_turn_bid(api):
    ans = check(api, bidding(NO_MARRIAGE), {"type": "bid", "player": "Vera", "amount": 105})
    assert ans["violations"][0] == {"rule": "thousand/7.9", "message": "it is Boris's turn to speak, not Vera's",
                                    "pointer": "/action/player"}


def test_dealer_holds_forced_bid_option(api):
    # With the dealer (Vera) on 100, Anna speaks first.
    ans = check(api, bidding(NO_MARRIAGE), {"type": "bid", "player": "Anna", "amount": 105},
                options={"forced_bid_holder": "dealer"})
    assert ans["legal"] is True


def test_silence_and_barrel_minimum(api):
    ans = check(api, bidding(NO_MARRIAGE), {"type": "bid", "player": "Boris", "amount": 105},
                options={"silence_threshold": -120}, state={"scores": {"Anna": 0, "Boris": -150, "Vera": 0}})
    assert ans["violations"][0]["rule"] == "thousand/7.7"
    assert [a["type"] for a in ans["legal_actions"]] == ["pass"]
    ans = check(api, bidding(HEARTS), {"type": "bid", "player": "Boris", "amount": 105},
                state={"scores": {"Anna": 0, "Boris": 880, "Vera": 0}})
    assert ans["violations"][0]["rule"] == "thousand/7.8"
    assert bid_range(ans) == (120, 220)


# ---------------------------------------------------------------- talon, raise, concession

TEN = ["KH", "QH", "AS", "KD", "9C", "JC", "10S", "AD", "10D", "9H"]


def test_exchange_one_card_each(api):
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "hand": TEN, "talon_taken": True}
    ok = check(api, pos, {"type": "exchange", "player": "Anna", "gives": {"Boris": "9C", "Vera": "9H"}})
    assert ok["legal"] is True
    bad = check(api, pos, {"type": "exchange", "player": "Anna", "gives": {"Boris": "9C"}})
    assert bad["violations"][0]["rule"] == "thousand/8.1"


def test_raise_never_lower_and_capped(api):
    pos = {"phase": "talon", "declarer": "Anna", "contract": 120, "hand": TEN, "talon_taken": True}
    # before the exchange no raise (thousand/8.2)
    assert check(api, pos, {"type": "raise", "player": "Anna", "amount": 130})["violations"][0]["rule"] == "thousand/8.2"
    pos = {"phase": "talon", "declarer": "Anna", "contract": 120, "hand": [c for c in TEN if c not in ("9C", "9H")],
           "talon_taken": True, "exchanged": True}
    assert check(api, pos, {"type": "raise", "player": "Anna", "amount": 110})["violations"][0]["rule"] == "thousand/8.2"
    assert check(api, pos, {"type": "raise", "player": "Anna", "amount": 220})["legal"] is True
    assert check(api, pos, {"type": "raise", "player": "Anna", "amount": 225})["legal"] is False
    ans = check(api, pos, {"type": "raise", "player": "Anna", "amount": 225}, options={"raise_capped": False})
    assert ans["legal"] is True


def test_concession_before_talon_is_illegal(api):
    pos = {"phase": "talon", "declarer": "Anna", "contract": 120, "talon_taken": False}
    ans = check(api, pos, {"type": "concede", "player": "Anna"})
    assert ans["violations"][0]["rule"] == "thousand/9.1"


# ---------------------------------------------------------------- redeal claims

def test_u21_four_nines(api):
    pos = {"phase": "deal", "hand": ["9H", "9S", "9D", "9C", "AH", "KD", "QS"]}
    assert check(api, pos, {"type": "redeal", "player": "Boris", "reason": "four_nines"})["legal"] is True
    pos = {"phase": "deal", "hand": ["9H", "9S", "9D", "JC", "AH", "KD", "QS"]}
    ans = check(api, pos, {"type": "redeal", "player": "Boris", "reason": "four_nines"})
    assert ans["violations"][0]["message"] == "Boris holds 3 nines, not four"


@pytest.mark.parametrize("threshold,legal", [(18, True), (14, False), (None, False)])
def test_v38_weak_hand(api, threshold, legal):
    # AS KD JH 9C 9D 9H 9S holds 11 + 4 + 2 = 17 card points: a weak hand under a threshold of 18, not of 14.
    pos = {"phase": "bidding", "hand": ["AS", "KD", "JH", "9C", "9D", "9H", "9S"]}
    ans = check(api, pos, {"type": "redeal", "player": "Boris", "reason": "weak_hand"},
                options={"redeal_weak_hand": threshold})
    assert ans["legal"] is legal


def test_weak_talon(api):
    # claimed on taking the talon, before the exchange (thousand/6.4)
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": ["9H", "JS", "9D"], "talon_taken": True,
           "exchanged": False}
    ans = check(api, pos, {"type": "redeal", "player": "Anna", "reason": "weak_talon"}, options={"redeal_weak_talon": 5})
    assert ans["legal"] is True  # 0 + 2 + 0 = 2 < 5
