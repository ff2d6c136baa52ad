"""Replaying Thousand logs: legal deals, the first illegal event, card conservation, several deals."""
import copy

from tests.thousand_helpers import PLAYERS, README_TRICKS, by_id, readme_log, score_body


def validate(api, log, **kw):
    body = {"players": PLAYERS, "log": log}
    body.update(kw)
    return api("validate", body)


def test_readme_deal_replays_as_valid(api):
    ans = validate(api, readme_log())
    assert ans["valid"] is True and ans["first_violation"] is None
    assert ans["events_checked"] == 1 + 2 + 2 + 24
    final = by_id(ans["final"])
    assert {p: final[p]["card_points"] for p in PLAYERS} == {"Anna": 63, "Boris": 57, "Vera": 0}
    assert {p: final[p]["hand_score"] for p in PLAYERS} == {"Anna": 100, "Boris": 155, "Vera": 0}
    assert final["Boris"]["marriage_points"] == 100 and final["Anna"]["marriage_points"] == 40


def test_score_from_tricks_agrees_with_replay(api):
    # The same deal given to /score as tricks gives the same scores (one state machine behind both).
    ans = api("score", score_body({"declarer": "Anna", "contract": 100, "tricks": README_TRICKS,
                                   "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}))
    assert {p["id"]: p["hand_score"] for p in ans["players"]} == {"Anna": 100, "Boris": 155, "Vera": 0}


def test_revoke_is_the_first_violation(api):
    log = readme_log()
    # Trick 6: Boris, void in diamonds, discards AC instead of trumping with 9H (hearts are trump).
    i = next(k for k, e in enumerate(log) if e.get("card") == "9H")
    log[i]["card"] = "AC"
    ans = validate(api, log)
    assert ans["valid"] is False
    assert ans["first_violation"] == {"index": i, "event": "play", "rule": "thousand/11.3",
                                      "message": "Boris has no diamonds and must play a trump (hearts)",
                                      "pointer": f"/log/{i}/card"}
    assert ans["events_checked"] == i + 1  # the events after the revoke are not judged
    assert ans["final"] is None  # no continuation is invented


def test_marriage_before_winning_a_trick(api):
    log = readme_log()
    # Anna leads KS as a marriage on the first trick instead of AD.
    log[5] = {"type": "play", "player": "Anna", "card": "KS", "marriage": True}
    ans = validate(api, log)
    assert ans["first_violation"]["rule"] == "thousand/10.2" and ans["first_violation"]["index"] == 5


def test_card_conservation_in_the_deal(api):
    log = readme_log()
    log[0] = copy.deepcopy(log[0])
    log[0]["talon"] = ["9D", "JC", "AH"]  # AH is also in Anna's hand; 9S is missing
    ans = validate(api, log)
    assert ans["valid"] is False
    v = ans["violations"][0]
    assert (v["rule"], v["pointer"]) == ("thousand/3.5", "/log/0/talon/2")


def test_short_hand(api):
    log = readme_log()
    log[0] = copy.deepcopy(log[0])
    log[0]["hands"]["Vera"] = log[0]["hands"]["Vera"][:6]
    ans = validate(api, log)
    rules = [v["rule"] for v in ans["violations"]]
    assert rules[0] == "thousand/3.1"


def test_two_deals_and_dealer_rotation(api):
    # Deal 1 as in the README (Vera deals).  Deal 2 must be dealt by Anna (to Vera's left).
    log = readme_log() + readme_log(dealer="Boris")
    ans = validate(api, log)
    assert ans["first_violation"]["rule"] == "thousand/3.4"
    assert ans["first_violation"]["index"] == len(readme_log())


def test_log_ending_mid_deal(api):
    # a log still being played is not broken (issue 19): judged up to where it ends, and complete false
    ans = validate(api, readme_log()[:10])
    assert ans["valid"] is True and ans["violations"] == [] and ans["complete"] is False and ans["deals"] == []


def test_state_carried_into_replay(api):
    ans = validate(api, readme_log(), state={"scores": {"Anna": 0, "Boris": 400, "Vera": 0}})
    assert by_id(ans["final"])["Boris"]["total_after"] == 555 - 555  # 400 + 155 = 555: the dump truck


def test_redeal_event(api):
    log = [{"type": "deal", "dealer": "Vera",
            "hands": {"Anna": ["AH", "10H", "KS", "QS", "AD", "10D", "9C"],
                      "Boris": ["9H", "9S", "9D", "AS", "10S", "JD", "AC"],
                      "Vera": ["JH", "JS", "KD", "QD", "10C", "KC", "QC"]},
            "talon": ["KH", "QH", "JC"]},
           {"type": "redeal", "player": "Boris", "reason": "four_nines"}]
    ans = validate(api, log)
    assert ans["first_violation"]["rule"] == "thousand/6.1"  # Boris holds only three nines


def test_four_player_log_with_sitter(api):
    # Gleb deals and sits out; the other three play the README deal.  The talon 9D JC 9S is worth 2 card points
    # (the jack) under the preset's talon_points, and holds no ace and no marriage (0 under aces_40_marriage).
    four = PLAYERS + ["Gleb"]
    body = {"variant": "four-player", "players": four, "log": readme_log(dealer="Gleb")}
    final = by_id(api("validate", body)["final"])
    assert final["Gleb"]["role"] == "sitter" and final["Gleb"]["hand_score"] == 2
    assert final["Anna"]["hand_score"] == 100
    body["options"] = {"sitter_scoring": "aces_40_marriage"}
    assert by_id(api("validate", body)["final"])["Gleb"]["hand_score"] == 0


def test_weak_talon_only_at_100(api):
    pos = {"phase": "talon", "declarer": "Anna", "contract": 110, "talon": ["9H", "JS", "9D"], "talon_taken": True,
           "exchanged": False}   # claimed on taking the talon (thousand/6.4)
    body = {"players": PLAYERS, "dealer": "Vera", "position": pos,
            "action": {"type": "redeal", "player": "Anna", "reason": "weak_talon"},
            "options": {"redeal_weak_talon": 5, "redeal_weak_talon_only_at_100": True}}
    assert api("check", body)["violations"][0]["rule"] == "thousand/6.4"
    pos["contract"] = 100
    assert api("check", body)["legal"] is True


def test_an_irregularity_of_a_logged_deal_is_pointed_at_in_the_log(api):
    # a card exposed in the deal is the dealer's fault (thousand/5.1): Vera deals, so Anna's is refused at her name
    log = readme_log()
    log[0] = dict(log[0], irregularities=[{"type": "exposed_card", "player": "Anna"}])
    err = api("validate", {"players": PLAYERS, "log": log}, status=422)
    assert [e["pointer"] for e in err["errors"]] == ["/log/0/irregularities/0/player"]
