"""A granted redeal cites the rule that decided it: four nines 6.1 (6.2 for a nine received in the exchange), a weak
hand 6.3, a weak talon 6.4 — in check and in validate."""
import pytest

from tests.thousand_helpers import PLAYERS

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
