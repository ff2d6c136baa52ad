"""Thousand for two players: a whole log, the points and the discard."""
from tests.thousand_helpers import by_id, points_deal, score_body

# ---------------------------------------------------------------- two players
# Boris deals, so Anna is first hand on the forced 100; Boris passes.
#   Anna  AH 10H KH QH AS 10S AD 10D AC 10C     Boris JH 9H KS QS JS 9S KD QD JD 9D
#   musiks [KC QC] [JC 9C].  Anna takes musik 0 and discards KC QC (7 points, which count for her).
# Tricks (Anna leads and wins each): AS 9S 11 | KH+marriage 9H 4 | AH JH 13 | 10S JS 12 | AD 9D 11 |
#   10D JD 12 | AC KS 15 (Boris: no clubs, no hearts left) | 10C QS 13 | QH KD 7 | 10H QD 13  = 111.
# Anna: 111 + 7 discarded = 118 (+ hearts 100); the unused musik JC 9C (2 points) is out of play.
TWO = ["Anna", "Boris"]


HANDS2 = {"Anna": "AH 10H KH QH AS 10S AD 10D AC 10C".split(), "Boris": "JH 9H KS QS JS 9S KD QD JD 9D".split()}


PLAY2 = [("AS", "9S"), ("KH", "9H"), ("AH", "JH"), ("10S", "JS"), ("AD", "9D"), ("10D", "JD"), ("AC", "KS"),
         ("10C", "QS"), ("QH", "KD"), ("10H", "QD")]


def two_player_log():
    log = [{"type": "deal", "dealer": "Boris", "hands": HANDS2, "musiks": [["KC", "QC"], ["JC", "9C"]]},
           {"type": "pass", "player": "Boris"},
           {"type": "take_talon", "player": "Anna", "musik": 0},
           {"type": "discard", "player": "Anna", "cards": ["KC", "QC"]}]
    for i, (a, b) in enumerate(PLAY2):
        ev = {"type": "play", "player": "Anna", "card": a}
        if i == 1:
            ev["marriage"] = True
        log += [ev, {"type": "play", "player": "Boris", "card": b}]
    return log


# A disputed question of thousand.md §4, under the default and the alternative option.
def test_two_player_log(api):
    ans = api("validate", {"variant": "two-player", "players": TWO, "log": two_player_log()})
    assert ans["valid"] is True
    final = by_id(ans["final"])
    assert (final["Anna"]["card_points"], final["Anna"]["hand_score"]) == (118, 100)
    assert (final["Boris"]["hand_score"], final["Boris"]["bolts"]) == (0, 1)


# A disputed question of thousand.md §4, under the default and the alternative option.
def test_two_player_points(api):
    deal = points_deal("Anna", 100, {"Anna": 118, "Boris": 0}, {"Anna": 10, "Boris": 0}, [("Anna", "H")],
                       musik_unused=["JC", "9C"], discards=["KC", "QC"])
    ans = api("score", score_body(deal, players=TWO, dealer="Boris", variant="two-player"))
    assert by_id(ans)["Anna"]["hand_score"] == 100
    deal["points"] = {"Anna": 120, "Boris": 0}
    err = api("score", score_body(deal, players=TWO, dealer="Boris", variant="two-player"), status=422)
    assert err["errors"][0] == {"pointer": "/deal/points", "detail":
                                "the card points of a deal add up to 118 (120 less 2 in cards out of play), "
                                "not 120"}


# A disputed question of thousand.md §4, under the default and the alternative option.
def test_two_player_discard_check(api):
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True,
           "hand": HANDS2["Anna"] + ["KC", "QC"]}
    body = {"variant": "two-player", "players": TWO, "dealer": "Boris", "position": pos,
            "action": {"type": "discard", "player": "Anna", "cards": ["KC", "QC"]}}
    assert api("check", body)["legal"] is True
    body["action"] = {"type": "exchange", "player": "Anna", "gives": {"Boris": "KC"}}
    assert api("check", body)["violations"][0]["rule"] == "thousand/3.3"


# The same deal given for scoring trick by trick: Anna's tricks hold 111 card points (the comment above); her discards
# KC QC (4 + 3 = 7) are hers when they count (the default), out of play when not.
def test_two_player_tricks_count_the_discards_for_the_declarer_where_they_count(api):
    deal = {"declarer": "Anna", "contract": 100, "tricks": [{"leader": "Anna", "cards": [a, b]} for a, b in PLAY2],
            "marriages": [{"player": "Anna", "suit": "H", "trick": 1}], "musik_unused": ["JC", "9C"],
            "discards": ["KC", "QC"]}
    for options, anna in (({}, 118), ({"two_player_discards_count": False}, 111)):
        ans = api("score", score_body(deal, options=options, players=TWO, dealer="Boris", variant="two-player"))
        assert (by_id(ans)["Anna"]["card_points"], by_id(ans)["Boris"]["card_points"]) == (anna, 0)


def test_a_musik_of_one_card_is_a_violation_of_the_deal(api):
    # one step under a musik's 2 cards (KC of [KC QC]); the rest of the log as above
    log = two_player_log()
    log[0]["musiks"] = [["KC"], ["JC", "9C"]]
    ans = api("validate", {"variant": "two-player", "players": TWO, "log": log})
    assert ans["valid"] is False
    assert [(v["rule"], v["pointer"], v["message"]) for v in ans["violations"]][0] == (
        "thousand/3.3", "/log/0/musiks/0", "the first musik holds 1 card, not 2")


def test_a_two_player_deal_given_trick_by_trick_needs_the_discards_even_where_they_count(client):
    # trick by trick every card is accounted for, the discards too (they count for Anna by default): left out, they
    # are asked for, not passed over as cards missing from the deal (as a deal given as points may leave them)
    deal = {"declarer": "Anna", "contract": 100, "tricks": [{"leader": "Anna", "cards": [a, b]} for a, b in PLAY2],
            "marriages": [{"player": "Anna", "suit": "H", "trick": 1}], "musik_unused": ["JC", "9C"]}
    r = client.post("/v1/games/thousand/score", json=score_body(deal, players=TWO, dealer="Boris",
                                                                variant="two-player"))
    assert (r.status_code, r.get_json()["errors"]) == (422, [{"pointer": "/deal/discards",
                                                              "detail": "give the declarer's 2 discards"}])
