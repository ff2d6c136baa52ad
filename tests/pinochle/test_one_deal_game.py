"""The one-deal game (pinochle/6.3, option one_deal_game): the user's Russian rules text lets each deal be a game,
won by the player with the higher score.  Two-handed only, not the default; declaring out goes off with it.

Card points (classic): A 11, 10 10, K 4, Q 3, J 2, 9 0; 240 in the cards and 10 for the last trick; a side's points
round to tens with 7, 8 and 9 up (6.2).
"""
import pytest

from tests.pinochle_helpers import ANN, BOB_CLUBS, TWO, P


def score(api, ann_pts, melds=(), status=200, **opts):
    # the points form: 24 tricks, 12 each, Ann took the last (+10); hearts trump
    deal = {"trump": "H", "points": {"Ann": ann_pts, "Bob": 240 - ann_pts}, "tricks_taken": {"Ann": 12, "Bob": 12},
            "last_trick": "Ann", "melds": [{"player": p, "cards": c.split()} for p, c in melds]}
    body = {"players": TWO, "dealer": "Bob", "deal": deal, "options": {"one_deal_game": True, **opts}}
    return P(api, "score", body, status)


def result(ans):
    return ans["game_over"], ans["winner"], [p["hand_score"] for p in ans["players"]], ans["events"][0]["note"]


def test_the_higher_score_wins(api):
    # Ann 117 + 10 = 127 → 130, Bob 123 → 120; no meld: 130 against 120
    assert result(score(api, 117)) == (True, "Ann", [130, 120], "one-deal game: Ann wins, 130 to 120")


def test_a_tie_one_step_below(api):
    # Ann 115 + 10 = 125 → 120, Bob 125 → 120: equal, nobody wins, and the game is still over
    assert result(score(api, 115)) == (True, None, [120, 120], "one-deal game: 120 each, a tie: nobody wins")


def test_meld_counts_for_the_deal(api):
    # the same cards as the first test, and Bob's marriage in spades (20): Ann 130, Bob 20 + 120 = 140
    assert result(score(api, 117, melds=[("Bob", "KS QS")])) == (
        True, "Bob", [130, 140], "one-deal game: Bob wins, 140 to 130")


def test_the_match_is_the_default(api):
    # without the option the same deal is one deal of a game to 1,000: 130 against 120, the game goes on
    deal = {"trump": "H", "points": {"Ann": 117, "Bob": 123}, "tricks_taken": {"Ann": 12, "Bob": 12},
            "last_trick": "Ann"}
    ans = P(api, "score", {"players": TWO, "dealer": "Bob", "deal": deal})
    assert (ans["game_over"], ans["winner"]) == (False, None)
    assert ans["options"]["one_deal_game"] is False and ans["options"]["declare_out"] is True


def test_the_option_turns_declaring_out_off_and_refuses_it_on(api):
    assert score(api, 117)["options"]["declare_out"] is False
    err = score(api, 117, status=422, declare_out=True)["errors"][0]
    assert err["pointer"] == "/options/declare_out"


def test_no_score_carries_into_a_one_deal_game(api):
    deal = {"trump": "H", "points": {"Ann": 117, "Bob": 123}, "tricks_taken": {"Ann": 12, "Bob": 12},
            "last_trick": "Ann"}
    body = {"players": TWO, "dealer": "Bob", "deal": deal, "options": {"one_deal_game": True},
            "state": {"scores": {"Ann": 0, "Bob": 40}}}
    assert P(api, "score", body, 422)["errors"][0]["pointer"] == "/state/scores/Bob"
    body["state"]["scores"]["Bob"] = 0                       # nothing carried: scored
    assert P(api, "score", body)["winner"] == "Ann"


@pytest.mark.parametrize("variant,players", [("partnership", ["Ann", "Bob", "Cid", "Dee"]),
                                             ("three-hand-auction", ["Ann", "Bob", "Cid"])])
def test_two_handed_only(api, variant, players):
    body = {"variant": variant, "players": players, "dealer": "Ann", "options": {"one_deal_game": True},
            "deal": {}}
    assert P(api, "score", body, 422)["errors"][0]["pointer"] == "/options/one_deal_game"


def test_the_rule_as_it_applies(api):
    ans = score(api, 117)
    rule = next(c for c in ans["citations"] if c["rule"] == "pinochle/6.3")
    assert rule["text"].startswith("Each deal is a game of its own")
    assert "1,000" not in rule["text"]


# ---------------------------------------------------------------- validate: a whole deal, its winner

# The deal (48 cards, two of each): Bob deals, the upcard JH (hearts trump); Ann the twelve spades; Bob eleven clubs
# AC AC 10C 10C KC KC QC QC JC JC 9C and a JH; the stock 23: Ann draws AH AH 10H 10H KH KH QH QH 9H 9H 9C, Bob AD
# AD 10D 10D KD KD QD QD JD JD 9D, the last face-down card a 9D (Ann's) and the upcard JH (Bob's).
ANN_DRAWS = "AH AH 10H 10H KH KH QH QH 9H 9H 9C 9D".split()
BOB_DRAWS = "AD AD 10D 10D KD KD QD QD JD JD 9D JH".split()


def whole_deal(**opts) -> dict:
    log = [{"type": "deal", "dealer": "Bob", "upcard": "JH", "hands": {"Ann": ANN, "Bob": BOB_CLUBS + ["JH"]}}]
    # tricks 1-12: Ann's spade, Bob's club (the twelfth: AD); Ann wins each and draws first
    for k in range(12):
        log += [{"type": "play", "player": "Ann", "card": ANN[k]},
                {"type": "play", "player": "Bob", "card": BOB_CLUBS[k] if k < 11 else "AD"},
                {"type": "draw", "player": "Ann", "card": ANN_DRAWS[k]},
                {"type": "draw", "player": "Bob", "card": BOB_DRAWS[k]}]
    # the play-off: Ann leads AH AH (Bob follows with JH JH, unable to beat them), then 10H 10H KH KH QH QH 9H 9H
    # and 9C (Bob, out of hearts and clubs, throws 10D 10D KD KD QD QD JD JD 9D); last, Ann's 9D to Bob's AD
    bob = ["JH", "JH", "10D", "10D", "KD", "KD", "QD", "QD", "JD", "JD", "9D", "AD"]
    ann = ["AH", "AH", "10H", "10H", "KH", "KH", "QH", "QH", "9H", "9H", "9C", "9D"]
    for a, b in zip(ann, bob):
        log += [{"type": "play", "player": "Ann", "card": a}, {"type": "play", "player": "Bob", "card": b}]
    return {"players": TWO, "log": log, "options": opts}


def test_validate_scores_the_deal_and_names_the_winner(api):
    # Ann's tricks: 1-12, her spades 60 (22 + 20 + 8 + 6 + 4), Bob's clubs 60, his AD 11 = 131; 13-23, her hearts and
    # 9C 56 (22 + 20 + 8 + 6), Bob's JH JH 4 and 10D 10D KD KD QD QD JD JD 9D 38 = 98: 229 → 230.  Bob's: the last
    # trick, 9D + AD 11 and 10 = 21 → 20.  No meld.  229 + 11 = 240 in the cards.
    ans = P(api, "validate", whole_deal(one_deal_game=True))
    assert (ans["valid"], ans["complete"]) == (True, True)
    final = ans["final"]
    assert [(p["id"], p["raw_card_points"], p["hand_score"]) for p in final["players"]] == [
        ("Ann", 229, 230), ("Bob", 21, 20)]
    assert (final["game_over"], final["winner"]) == (True, "Ann")
    assert final["events"][0]["note"] == "one-deal game: Ann wins, 230 to 20"


def test_validate_without_the_option_plays_on(api):
    final = P(api, "validate", whole_deal())["final"]
    assert (final["game_over"], final["winner"]) == (False, None)


def test_validate_a_second_deal_after_a_one_deal_game(api):
    # the game ended with the deal: another deal in the same log is a violation (pinochle/6.3)
    body = whole_deal(one_deal_game=True)
    body["log"].append({"type": "deal", "dealer": "Ann", "upcard": "JH",
                        "hands": {"Ann": ANN, "Bob": BOB_CLUBS + ["JH"]}})
    v = P(api, "validate", body)["first_violation"]
    assert (v["index"], v["rule"]) == (len(body["log"]) - 1, "pinochle/6.3")
