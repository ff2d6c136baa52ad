"""A granted redeal cites the rule that decided it: four nines 6.1 (6.2 for a nine received in the exchange), a weak
hand 6.3, a weak talon 6.4 — in check and in validate."""

import copy

import pytest

from tests.thousand_helpers import (
    NINES,
    PLAYERS,
    THOUSAND_TALON,
    bidding,
    by_id,
    points_deal,
    readme_log,
    redeals,
    score_body,
)

# Vera deals; Anna (first hand) is on the forced 100, Boris speaks first, then Vera.
# Boris: QS QC QD JH JD 9S 9D = 3+3+3+2+2+0+0 = 13 card points, under russian-detailed's 14.
WEAK = ["QS", "QC", "QD", "JH", "JD", "9S", "9D"]
# The rest of the 24 cards, counted by rank: aces (4) and KH KS KD to Anna = 7; KC, the four tens, QH, JS to Vera = 7;
# 9H 9C JC to the talon = 3.  7 + 7 + 7 + 3 = 24, every card once (nines: 9S 9D Boris, 9H 9C talon; jacks: JH JD
# Boris, JS Vera, JC talon; queens: QS QC QD Boris, QH Vera; kings: KH KS KD Anna, KC Vera).
WEAK_DEAL = {"type": "deal", "dealer": "Vera",
             "hands": {"Anna": ["AH", "AS", "AD", "AC", "KH", "KS", "KD"], "Boris": WEAK,
                       "Vera": ["KC", "10H", "10S", "10D", "10C", "QH", "JS"]},
             "talon": ["9H", "9C", "JC"]}   # the talon: 0 + 0 + 2 = 2 card points, under russian-detailed's 5
# Four nines to Boris: 9S 9D 9H 9C QS QC QD; the jacks JH JD JC go to the talon instead, the rest as above.
NINES_DEAL = {"type": "deal", "dealer": "Vera",
              "hands": {"Anna": ["AH", "AS", "AD", "AC", "KH", "KS", "KD"],
                        "Boris": ["9S", "9D", "9H", "9C", "QS", "QC", "QD"],
                        "Vera": ["KC", "10H", "10S", "10D", "10C", "QH", "JS"]},
              "talon": ["JH", "JD", "JC"]}


def body(position, action, variant="russian-detailed", **kw):
    return {"players": PLAYERS, "dealer": "Vera", "variant": variant, "position": position, "action": action} | kw


def cited(ans):
    return sorted(c["rule"] for c in ans["citations"])


def test_a_weak_hand_redeal_cites_6_3(api):
    # The example: 13 < 14, so the claim is granted, and 6.3 (not the four-nines rule) decided it.
    ans = api("check", body({"phase": "bidding", "hand": WEAK, "bids": []},
                            {"type": "redeal", "player": "Boris", "reason": "weak_hand"}))
    assert ans["legal"] is True
    assert cited(ans) == ["thousand/6.3"]


@pytest.mark.parametrize("threshold,legal", [(13, False), (14, True)])
def test_the_weak_hand_boundary_is_cited_as_6_3(api, threshold, legal):
    # 13 points: not fewer than 13 (refused), fewer than 14 (granted); either way 6.3 decides.
    ans = api("check", body({"phase": "bidding", "hand": WEAK, "bids": []},
                            {"type": "redeal", "player": "Boris", "reason": "weak_hand"},
                            options={"redeal_weak_hand": threshold}))
    assert ans["legal"] is legal
    assert cited(ans) == ["thousand/6.3"]


def test_a_weak_talon_redeal_cites_6_4(api):
    # Anna took the talon on the forced 100: 9H 9C JC = 2 < 5, granted under 6.4.
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": ["9H", "9C", "JC"], "talon_taken": True,
           "exchanged": False}
    ans = api("check", body(pos, {"type": "redeal", "player": "Anna", "reason": "weak_talon"}))
    assert ans["legal"] is True
    assert cited(ans) == ["thousand/6.4"]


def test_a_four_nines_redeal_still_cites_6_1(api):
    ans = api("check", body({"phase": "bidding", "hand": NINES_DEAL["hands"]["Boris"], "bids": []},
                            {"type": "redeal", "player": "Boris", "reason": "four_nines"}, variant="russian-classic"))
    assert ans["legal"] is True
    assert cited(ans) == ["thousand/6.1"]


def rules_of(ans):
    return {c["rule"] for c in ans["citations"]}


def test_validate_cites_6_3_for_a_weak_hand(api):
    log = [WEAK_DEAL, {"type": "redeal", "player": "Boris", "reason": "weak_hand"}]
    ans = api("validate", {"players": PLAYERS, "variant": "russian-detailed", "log": log})
    assert ans["valid"] is True
    assert "thousand/6.3" in rules_of(ans) and "thousand/6.1" not in rules_of(ans)


def test_validate_cites_6_4_for_a_weak_talon(api):
    # Boris and Vera pass, Anna plays the forced 100 and takes the 2-point talon: granted under 6.4.
    log = [WEAK_DEAL, {"type": "pass", "player": "Boris"}, {"type": "pass", "player": "Vera"},
           {"type": "take_talon", "player": "Anna"}, {"type": "redeal", "player": "Anna", "reason": "weak_talon"}]
    ans = api("validate", {"players": PLAYERS, "variant": "russian-detailed", "log": log})
    assert ans["valid"] is True
    assert "thousand/6.4" in rules_of(ans) and "thousand/6.1" not in rules_of(ans)


def test_validate_cites_6_1_for_four_nines(api):
    log = [NINES_DEAL, {"type": "redeal", "player": "Boris", "reason": "four_nines"}]
    ans = api("validate", {"players": PLAYERS, "variant": "russian-classic", "log": log})
    assert ans["valid"] is True
    assert "thousand/6.1" in rules_of(ans)
    assert not {"thousand/6.3", "thousand/6.4"} & rules_of(ans)


# ---- who deals after a redeal: the option redeal_dealer (6.1; 7.6 when everyone passed), not the usual pass to the
# left (3.4).  Vera dealt the first deal; the next one is dealt again by Vera (same) or by Anna on her left (next).
def next_deal(dealer):
    return WEAK_DEAL | {"dealer": dealer}


def wrong_dealer(api, first, dealer, options):
    ans = api("validate", {"players": PLAYERS, "variant": "russian-detailed", "options": options,
                           "log": first + [next_deal(dealer)]})
    return [(v["rule"], v["pointer"], v["message"]) for v in ans["violations"]]


CLAIM = [WEAK_DEAL, {"type": "redeal", "player": "Boris", "reason": "weak_hand"}]


@pytest.mark.parametrize("option,right,wrong,message", [
    ("same", "Vera", "Anna", "after a redeal the same dealer deals again: Vera deals, not Anna"),
    ("next", "Anna", "Vera", "after a redeal the deal passes to the next player: Anna deals, not Vera"),
])
def test_after_a_granted_redeal_the_option_names_the_dealer(api, option, right, wrong, message):
    opts = {"redeal_dealer": option}
    assert wrong_dealer(api, CLAIM, right, opts) == []
    assert wrong_dealer(api, CLAIM, wrong, opts) == [("thousand/6.1", "/log/2/dealer", message)]


def test_the_tester_example_in_russian(client):
    # russian-detailed deals again by the same dealer: Vera, not Anna
    r = client.post("/v1/games/thousand/validate", headers={"Accept-Language": "ru"},
                    json={"players": PLAYERS, "variant": "russian-detailed", "log": CLAIM + [next_deal("Anna")]})
    v = r.get_json()["violations"][0]
    assert v["rule"] == "thousand/6.1"
    assert v["message"] == "после пересдачи сдаёт тот же игрок: сдаёт Vera, а не Anna"


@pytest.mark.parametrize("option,right,wrong", [("same", "Vera", "Anna"), ("next", "Anna", "Boris")])
def test_after_everyone_passed(api, option, right, wrong):
    # nobody on a forced 100: Anna, Boris and Vera pass, the deal is thrown in (7.6)
    passes = [WEAK_DEAL] + [{"type": "pass", "player": p} for p in ("Anna", "Boris", "Vera")]
    opts = {"redeal_dealer": option, "forced_bid_holder": "none"}
    assert wrong_dealer(api, passes, right, opts) == []
    assert [r for r, _p, _m in wrong_dealer(api, passes, wrong, opts)] == ["thousand/7.6"]


def test_after_a_played_deal_the_deal_passes_to_the_left(api):
    # no redeal: Boris and Vera pass, Anna concedes her 100 -> Anna deals next (3.4), not Vera
    played = [WEAK_DEAL, {"type": "pass", "player": "Boris"}, {"type": "pass", "player": "Vera"},
              {"type": "take_talon", "player": "Anna"}, {"type": "concede", "player": "Anna"}]
    assert wrong_dealer(api, played, "Anna", {}) == []
    assert wrong_dealer(api, played, "Vera", {}) == [
        ("thousand/3.4", "/log/5/dealer", "the deal passes to the left: Anna deals, not Vera")]


def check(api, position, action, options=None, variant=None, state=None, players=PLAYERS, dealer="Vera",
          status=200):
    body = {"players": players, "dealer": dealer, "position": position, "action": action}
    for key, value in (("options", options), ("variant", variant), ("state", state)):
        if value is not None:
            body[key] = value
    return api("check", body, status=status)


# Thousand round 2 (issue 16).
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


# Thousand round 2 (issue 16).
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


# Thousand round 2 (issue 16).
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


def cited_options(ans):
    return {c["rule"]: c.get("options", {}) for c in ans["citations"]}


# Found by a black-box tester (Thousand fixes).
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


# Found by a black-box tester (Thousand fixes).
def test_the_declarer_who_bid_has_no_four_nines_redeal_in_play(api):
    # the same hand in the play phase, before the first card: the claim is still out of its window
    pos = {"phase": "play", "declarer": "Boris", "contract": 120, "tricks_won": {},
           "hand": NINES + ["JS", "JH", "JD", "QC"]}
    ans = check(api, pos, {"type": "redeal", "player": "Boris", "reason": "four_nines"})
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/6.1"
    assert redeals(ans) == []
    assert {a["type"] for a in ans["legal_actions"]} == {"play"}


# Found by a black-box tester (Thousand fixes).
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


# Found by a black-box tester (Thousand fixes).
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


# Found by a black-box tester (Thousand fixes).
def test_everyone_passes_with_no_forced_bid(api):
    # The tester's input: nobody on a forced 100; Anna and Boris passed, Vera passes too: the deal is dealt again,
    # by Vera (the same dealer, by default) or by Anna (the next player, redeal_dealer next)
    pos = {"phase": "bidding", "bids": [{"player": "Anna", "type": "pass"}, {"player": "Boris", "type": "pass"}]}
    ans = check(api, pos, {"type": "pass", "player": "Vera"}, options={"forced_bid_holder": "none"})
    assert ans["legal"] is True
    assert ans["effects"] == {"pass": "Vera", "all_passed": True, "redealt_by": "Vera"}
    rules = cited_options(ans)
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


def check_plain(api, pos, action, options=None):
    body = {"players": PLAYERS, "dealer": "Vera", "position": pos, "action": action}
    if options:
        body["options"] = options
    return api("check", body)


# A disputed question of thousand.md §4, under the default and the alternative option.
@pytest.mark.parametrize("after_exchange,legal", [(True, True), (False, False)])
def test_q12_four_nines_after_the_exchange(api, after_exchange, legal):
    # Boris received 9C from the declarer and now holds all four nines.
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True, "exchanged": True,
           "hand": ["9H", "9S", "9D", "9C", "AH", "KD", "QS", "JC"], "received": "9C"}
    ans = check_plain(api, pos, {"type": "redeal", "player": "Boris", "reason": "four_nines"},
                options={"redeal_four_nines_after_exchange": after_exchange})
    assert ans["legal"] is legal
    if not legal:
        assert ans["violations"][0]["rule"] == "thousand/6.2"


GOOD = points_deal("Anna", 100, {"Anna": 100, "Boris": 10, "Vera": 10}, {"Anna": 6, "Boris": 1, "Vera": 1})


# Once answered wrongly; found by probing the service as a new user.
def test_four_nines_lost_after_bidding(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "bidding", "bids": [{"player": "Boris", "type": "bid", "amount": 105},
                                                      {"player": "Vera", "type": "pass"}],
                         "hand": ["9H", "9S", "9D", "9C", "QC", "AS", "KS"]},
            "action": {"type": "redeal", "player": "Boris", "reason": "four_nines"}}
    assert api("check", body)["violations"][0]["rule"] == "thousand/6.1"


# Once answered wrongly; found by probing the service as a new user.
def test_exposed_card_cancels_the_deal(api):
    deal = dict(GOOD, irregularities=[{"type": "exposed_card", "player": "Vera"}])
    assert api("score", score_body(deal), status=422)["errors"][0]["pointer"] == "/deal/declarer"
    twice = {"irregularities": [{"type": "exposed_card", "player": "Vera"}] * 2}
    assert api("score", score_body(twice), status=422)["errors"][0]["pointer"] == "/deal/irregularities/1"


# Once answered wrongly; found by probing the service as a new user.
def test_exposed_card_in_a_log(api):
    log = readme_log()
    log[0] = dict(log[0], irregularities=[{"type": "exposed_card", "player": "Vera"}])
    ans = api("validate", {"players": PLAYERS, "log": log[:1]})
    assert ans["valid"] is True and by_id(ans["final"])["Vera"]["total_after"] == -120
    assert api("validate", {"players": PLAYERS, "log": log})["first_violation"]["index"] == 1


# Once answered wrongly; found by probing the service as a new user.
def test_redeal_is_listed_when_open(api):
    body = {"players": PLAYERS, "dealer": "Vera", "position": {"phase": "deal", "hand": ["9H", "9D", "9C", "9S", "AH",
                                                                                          "KH", "QH"]},
            "action": {"type": "redeal", "player": "Boris", "reason": "four_nines"}}
    ans = api("check", body)
    assert {"type": "redeal", "player": "Boris", "reason": "four_nines"} in ans["legal_actions"]


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_a_weak_talon_claim_needs_the_talon(api):
    body = copy.deepcopy(THOUSAND_TALON)
    body["options"] = {"redeal_weak_talon": 14}
    body["position"].update(talon_taken=True, hand=["AH", "10H", "KS", "QS", "AD", "10D", "9C", "9D", "JC", "9S"])
    body["action"] = {"type": "redeal", "player": "Anna", "reason": "weak_talon"}
    err = api("check", body, status=422)["errors"][0]
    assert err == {"pointer": "/position/talon",
                   "detail": "give the talon: a weak-talon claim is judged by its cards"}
    body["position"]["talon"] = ["9D", "JC", "9S"]          # 0 + 2 + 0 = 2 < 14: a weak talon
    assert api("check", body)["legal"] is True
