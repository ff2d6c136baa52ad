"""Thousand: the golden round (the first deals played at double value) — how many deals it has, what a position must say
about it, doubling, and what it forbids.
"""
import pytest

from referee import service
from tests.thousand_helpers import FOUR, PLAYERS, QUIET_TALON, T, by_id, hands, points_deal, score_body, totals

GOLDEN_FAIL = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, golden=True, talon=QUIET_TALON)


GOLDEN_MADE = points_deal("Anna", 120, {"Anna": 85, "Boris": 20, "Vera": 15}, T, [("Anna", "S")], golden=True)


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("played,over", [(2, False), (3, True)])
def test_the_four_player_golden_round_has_four_deals(api, played, over):
    # Gleb deals, Anna (left of the dealer) plays the golden 120 and fails with 85 points: -240; Boris 20 and Vera
    # 15 doubled (every result of a golden deal doubles): 40 and 30; Gleb scores the talon's card points (the
    # four-player preset: 9S 9H JD = 0 + 0 + 2 = 2), doubled: 4.
    # After the third golden deal (played 2 before it) one player, the fourth, has not had a golden deal: the round
    # goes on and nothing is reset.  After the fourth (played 3) the round is over and, nobody having made 120,
    # every total is reset to 0.
    state = {"scores": {"Anna": 300, "Boris": 200, "Vera": 100, "Gleb": 50},
             "golden": {"played": played, "made": False}}
    ans = api("score", score_body(GOLDEN_FAIL, players=FOUR, dealer="Gleb", variant="four-player", state=state,
                                  options={"golden_round": True, "golden_fail_resets": True}))
    assert hands(ans) == {"Anna": -240, "Boris": 40, "Vera": 30, "Gleb": 4}
    if over:
        assert totals(ans) == {"Anna": 0, "Boris": 0, "Vera": 0, "Gleb": 0}
        assert ans["state_after"]["golden"] == {"played": 0, "made": False, "over": True}
    else:
        # 300 - 240 = 60, 200 + 40 = 240, 100 + 30 = 130, 50 + 4 = 54
        assert totals(ans) == {"Anna": 60, "Boris": 240, "Vera": 130, "Gleb": 54}
        assert ans["state_after"]["golden"] == {"played": 3, "made": False, "over": False}


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("players,dealer,variant,played,status", [
    (FOUR, "Gleb", "four-player", 3, 200),       # three of four golden deals played: one to go
    (FOUR, "Gleb", "four-player", 4, 422),       # four played: the round would be over
    (PLAYERS, "Vera", None, 2, 200),
    (PLAYERS, "Vera", None, 3, 422),
])
def test_golden_deals_played_run_to_one_less_than_the_players(api, players, dealer, variant, played, status):
    deal = dict(GOLDEN_FAIL) if len(players) == 4 else {k: v for k, v in GOLDEN_FAIL.items() if k != "talon"}
    state = {"scores": dict.fromkeys(players, 0), "golden": {"played": played, "made": True}}
    ans = api("score", score_body(deal, players=players, dealer=dealer, variant=variant, state=state,
                                  options={"golden_round": True}), status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/state/golden/played"


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("doubling,expected", [
    ("all", {"Anna": 240, "Boris": 40, "Vera": 30}),         # 85 + 40 = 125 >= 120: 240; 20 and 15 doubled
    ("declarer", {"Anna": 240, "Boris": 20, "Vera": 15}),    # only the declarer's result doubles
])
def test_golden_doubling(api, doubling, expected):
    ans = api("score", score_body(GOLDEN_MADE, options={"golden_round": True, "golden_doubling": doubling}))
    assert hands(ans) == expected
    boris = by_id(ans)["Boris"]["lines"][0]
    assert boris["points"] == expected["Boris"] and boris["rule"] == "thousand/12.3"


# Thousand round 2 (issue 16).
def test_golden_doubling_reaches_the_sitter(api):
    # Four players: the talon AS 9H JD is worth 11 + 0 + 2 = 13 card points to the sitter (the four-player
    # preset's talon_points), doubled to 26; under aces_40_marriage its one ace gives 40, doubled to 80.
    deal = dict(GOLDEN_MADE, talon=["AS", "9H", "JD"])
    ans = api("score", score_body(deal, players=FOUR, dealer="Gleb", variant="four-player",
                                  options={"golden_round": True}))
    assert hands(ans) == {"Anna": 240, "Boris": 40, "Vera": 30, "Gleb": 26}
    ans = api("score", score_body(deal, players=FOUR, dealer="Gleb", variant="four-player",
                                  options={"golden_round": True, "sitter_scoring": "aces_40_marriage"}))
    assert hands(ans)["Gleb"] == 80


# Thousand round 2 (issue 16).
def test_no_concession_in_a_golden_deal(api):
    deal = {"declarer": "Anna", "contract": 120, "conceded": True, "golden": True}
    ans = api("score", score_body(deal, options={"golden_round": True}))
    assert hands(ans) == {"Anna": -120, "Boris": 60, "Vera": 60}    # allowed by default (russian-classic: -120)
    err = api("score", score_body(deal, options={"golden_round": True, "rospis_in_golden": False}), status=422)
    assert err["errors"][0]["pointer"] == "/deal/conceded"


def check(api, position, action, options=None, variant=None, state=None, status=200, players=PLAYERS,
          dealer="Vera"):
    body = {"players": players, "dealer": dealer, "position": position, "action": action}
    for key, value in (("options", options), ("variant", variant), ("state", state)):
        if value is not None:
            body[key] = value
    return api("check", body, status=status)


GOLDEN_OPTS = {"golden_round": True, "rospis_in_golden": False}


GLEB_DEALS = {"variant": "four-player", "players": FOUR, "dealer": "Gleb"}


# Gleb deals and sits out; Anna, on his left, plays the golden 120 and has taken the talon (7 + 3 = 10 cards)
ANNA_120 = {"phase": "talon", "declarer": "Anna", "contract": 120, "talon_taken": True, "exchanged": False,
            "hand": ["AS", "10S", "KS", "QS", "JS", "9S", "AH", "10H", "KH", "QH"]}


def golden_state(played, over=False):
    return {"scores": dict.fromkeys(FOUR, 0), "golden": {"played": played, "made": False, "over": over}}


# Found by a black-box tester (Thousand fixes).
def test_a_golden_round_under_way_makes_this_deal_golden(api):
    # The tester's input: one golden deal played, the round not over, so this deal is golden: no concession
    ans = check(api, ANNA_120, {"type": "concede", "player": "Anna"}, options=GOLDEN_OPTS, state=golden_state(1),
                **GLEB_DEALS)
    assert ans["legal"] is False
    assert ans["violations"] == [{"rule": "thousand/9.4", "message": "no concession in a golden-round deal",
                                  "pointer": "/action"}]
    assert {a["type"] for a in ans["legal_actions"]} == {"exchange"}
    # the same golden deal cannot be raised after the exchange (18.1); Anna gave away 2 cards: 8 left
    after = {**ANNA_120, "exchanged": True, "hand": ANNA_120["hand"][:8]}
    ans = check(api, after, {"type": "raise", "player": "Anna", "amount": 125}, options=GOLDEN_OPTS,
                state=golden_state(1), **GLEB_DEALS)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/18.1"


# Found by a black-box tester (Thousand fixes).
def test_a_finished_golden_round_leaves_an_ordinary_deal(api):
    ans = check(api, ANNA_120, {"type": "concede", "player": "Anna"}, options=GOLDEN_OPTS,
                state=golden_state(0, over=True), **GLEB_DEALS)
    assert ans["legal"] is True and ans["effects"] == {"conceded": "Anna"}


# Found by a black-box tester (Thousand fixes).
def test_before_any_golden_deal_the_position_must_say(api):
    # nothing played yet: the first golden deal or an ordinary one; the state cannot tell, so a 422 naming it
    action = {"type": "concede", "player": "Anna"}
    err = check(api, ANNA_120, action, options=GOLDEN_OPTS, state=golden_state(0), status=422, **GLEB_DEALS)
    assert err["errors"][0]["pointer"] == "/position/golden"
    assert check(api, {**ANNA_120, "golden": True}, action, options=GOLDEN_OPTS, state=golden_state(0),
                 **GLEB_DEALS)["legal"] is False
    assert check(api, {**ANNA_120, "golden": False}, action, options=GOLDEN_OPTS, state=golden_state(0),
                 **GLEB_DEALS)["legal"] is True
    # a deal that cannot be golden (Boris declares, or 125) needs no word
    assert check(api, {**ANNA_120, "contract": 125}, action, options=GOLDEN_OPTS, state=golden_state(0),
                 **GLEB_DEALS)["legal"] is True


# Found by a black-box tester (Thousand fixes).
@pytest.mark.parametrize("position,pointer", [
    ({**ANNA_120, "golden": False}, "/position/golden"),          # contradicts the state
    ({**ANNA_120, "contract": 125}, "/position/contract"),        # a golden contract is 120
    ({**ANNA_120, "declarer": "Boris"}, "/position/declarer"),    # the first hand plays it
    ({"phase": "bidding", "bids": []}, "/position/phase"),        # a golden deal has no auction
])
def test_a_golden_position_that_cannot_be(api, position, pointer):
    action = ({"type": "pass", "player": "Anna"} if position["phase"] == "bidding" else
              {"type": "take_talon", "player": position["declarer"]})
    err = check(api, position, action, options=GOLDEN_OPTS, state=golden_state(2), status=422, **GLEB_DEALS)
    assert err["errors"][0]["pointer"] == pointer


# Found by a black-box tester (Thousand fixes).
def test_a_golden_position_without_the_golden_round(api):
    err = check(api, {**ANNA_120, "golden": True}, {"type": "concede", "player": "Anna"}, status=422, **GLEB_DEALS)
    assert err["errors"][0]["pointer"] == "/position/golden"


# Found by a black-box tester (Thousand fixes).
def test_score_takes_a_golden_deal_from_the_state(api):
    from tests.thousand_helpers import score_body
    # One golden deal played, the round not over: Anna's concession of the 120 is in a golden deal, which the
    # options forbid (422 at deal.conceded, as with golden: true); allowed, it is scored as any concession (18.1's
    # note): the contract, 120, off Anna and 60 to each opponent.  Saying golden: false contradicts the state.
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 0}, "golden": {"played": 1, "made": False, "over": False}}
    deal = {"declarer": "Anna", "contract": 120, "conceded": True}
    err = api("score", score_body(deal, state=state, options=GOLDEN_OPTS), status=422)
    assert err["errors"][0]["pointer"] == "/deal/conceded"
    ans = api("score", score_body(deal, state=state, options={"golden_round": True}))
    assert {p["id"]: p["hand_score"] for p in ans["players"]} == {"Anna": -120, "Boris": 60, "Vera": 60}
    err = api("score", score_body({**deal, "golden": False}, state=state, options={"golden_round": True}), status=422)
    assert err["errors"][0]["pointer"] == "/deal/golden"


def handle(endpoint, body):
    return service.handle("thousand", endpoint, body, "en")


# ---------------------------------------------------------------- the sitter in a golden deal


def golden_four(**deal):
    # four players, Dan deals and sits out; the talon AH 10H KS is worth 11 + 10 + 4 = 25 (sitter: talon points)
    return {"players": ["Ann", "Bob", "Cid", "Dan"], "dealer": "Dan", "variant": "four-player",
            "options": {"golden_round": True},
            "deal": {"declarer": "Ann", "contract": 120, "golden": True, "talon": ["AH", "10H", "KS"], **deal}}


def test_the_sitters_talon_is_doubled_in_a_golden_deal_played_not_conceded():
    # thousand/18.1 doubles every result of a golden deal played (golden_doubling all): the sitter's 25 is 50; a
    # concession is not played, and its scores (9.2) and the sitter's stand as they are
    played = by_id(handle("score", golden_four(points={"Ann": 80, "Bob": 20, "Cid": 20},
                                               tricks_taken={"Ann": 6, "Bob": 1, "Cid": 1})))
    assert (played["Dan"]["hand_score"], played["Bob"]["hand_score"]) == (50, 40)
    conceded = by_id(handle("score", golden_four(conceded=True)))
    assert (conceded["Dan"]["hand_score"], conceded["Bob"]["hand_score"]) == (25, 60)


def test_a_golden_round_given_with_nothing_in_it_says_no_game_is_under_way(api):
    # no totals: a new game, unless the state shows the game under way; an empty golden round shows nothing, a round
    # with a count of golden deals played (even 0) is a game under way, which needs every total
    deal = {"declarer": "Anna", "contract": 100, "points": {"Anna": 70, "Boris": 30, "Vera": 20},
            "tricks_taken": {"Anna": 5, "Boris": 2, "Vera": 1}}
    body = {"players": PLAYERS, "dealer": "Vera", "deal": deal, "state": {"golden": {}}}
    # Anna takes 70 card points on her 100: she goes down 100
    assert by_id(api("score", body))["Anna"]["total_after"] == -100
    err = api("score", dict(body, state={"golden": {"played": 0}}), status=422)
    assert err["errors"] == [{"pointer": "/state/scores", "detail": "the game is under way: give every player's total"}]
