"""The barrel as the Russian texts say it whole: a barrel player on the forced 100 plays 120 at once (the second text,
thousand/7.8, option barrel_forced_floor), a third fall wipes the total (the second text, 14.6), and with four players
two may sit there and they fall together (the first text, 14.5, barrel_collision two_fall_together)."""
import pytest

from tests.thousand_helpers import FOUR, PLAYERS, QUIET_TALON, bidding, by_id, points_deal, score_body, totals

T = {"Anna": 6, "Boris": 1, "Vera": 1}
MADE_100 = {"Anna": 100, "Boris": 10, "Vera": 10}      # 120 card points in 8 tricks


# ---------------------------------------------------------------- 120 at once on the forced 100 (7.8)
# Vera deals, so Anna holds the forced 100; at 880 she is on the barrel.
ON_BARREL = {"scores": {"Anna": 880, "Boris": 0, "Vera": 0}}


@pytest.mark.parametrize("anna,amount,legal", [
    (880, 110, False),  # the tester's amount
    (880, 120, False),  # Anna's forced bid is 120 on the barrel: Boris must bid more
    (880, 125, True),   # one step over
    (875, 105, True),   # Anna one step under the barrel: the forced bid is 100, so 105 outbids it
])
def test_bidding_over_a_barrel_holder(api, anna, amount, legal):
    # Boris holds the hearts marriage (KH QH): his own limit is 220.
    ans = api("check", {"players": PLAYERS, "dealer": "Vera", "state": {"scores": {"Anna": anna, "Boris": 0, "Vera": 0}},
                        "position": {"phase": "bidding", "bids": [],
                                     "hand": ["KH", "QH", "AS", "10S", "9D", "JC", "9C"]},
                        "action": {"type": "bid", "player": "Boris", "amount": amount}})
    assert ans["legal"] is legal
    if not legal:
        assert [(v["rule"], v["message"]) for v in ans["violations"]] == [
            ("thousand/7.8", "Anna is on the barrel and on the forced bid, so plays 120 at once: Boris must bid more "
                             "than 120")]


def test_everyone_passes_and_the_barrel_holder_plays_120(api):
    ans = api("check", {"players": PLAYERS, "dealer": "Vera", "state": ON_BARREL,
                        "position": {"phase": "bidding", "bids": [{"player": "Boris", "type": "pass"}]},
                        "action": {"type": "pass", "player": "Vera"}})
    assert ans["effects"] == {"pass": "Vera", "declarer": "Anna", "contract": 120}


@pytest.mark.parametrize("declarer,contract,status", [
    ("Anna", 100, 422), ("Anna", 115, 422), ("Anna", 120, 200),      # the holder: nothing under 120
    ("Boris", 120, 422), ("Boris", 125, 200),                         # anyone else: more than 120
])
def test_score_on_the_barrel_holder(api, declarer, contract, status):
    pts = {p: (100 if p == declarer else 10) for p in PLAYERS}
    tricks = {p: (6 if p == declarer else 1) for p in PLAYERS}
    marriages = [(declarer, "S")]      # 100 + spades 40 = 140: every contract here is made
    ans = api("score", score_body(points_deal(declarer, contract, pts, tricks, marriages), state=ON_BARREL),
              status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/deal/contract"
    elif declarer == "Anna":
        assert totals(ans)["Anna"] == 1000 and ans["winner"] == "Anna"     # 880 + 120
    else:
        assert totals(ans)["Boris"] == 125


def test_pagat_lets_the_barrel_holder_play_100(api):
    # The other reading: the forced 100 stays 100; made, 880 + 100 = 980 < 1000, so she stays on the barrel at 880.
    ans = api("score", score_body(points_deal("Anna", 100, MADE_100, T), state=ON_BARREL, variant="pagat"))
    assert totals(ans)["Anna"] == 880 and not ans["game_over"]


def test_russian_detailed_takes_it_too(api):
    err = api("score", score_body(points_deal("Anna", 100, MADE_100, T), state=ON_BARREL, variant="russian-detailed"),
              status=422)
    assert err["errors"][0]["pointer"] == "/deal/contract"


# ---------------------------------------------------------------- the third fall wipes the total (14.6)

@pytest.mark.parametrize("variant,falls,total", [
    ("russian-classic", 1, 760),    # the second fall: 880 - 120
    ("russian-classic", 2, 0),      # the third fall: the total is wiped
    ("pagat", 2, 760),              # no such rule
])
def test_the_third_fall(api, variant, falls, total):
    # Boris is on the barrel for his third deal and defends Anna's made 100: his deals run out and he falls.
    state = {"scores": {"Anna": 0, "Boris": 880, "Vera": 0}, "barrel": {"Boris": {"deals": 2, "falls": falls}}}
    ans = api("score", score_body(points_deal("Anna", 100, MADE_100, T), state=state, variant=variant))
    assert totals(ans)["Boris"] == total


# ---------------------------------------------------------------- four players: two sit, and fall together (14.5)
TALON = ["AS", "10H", "9C"]     # Gleb sits out and scores its card points: 11 + 10 + 0 = 21


def four(api, state, options=None):
    # Gleb deals and sits out; Anna (on his left) plays the forced 100 and makes it: +100; Boris and Vera take 10
    # card points each (10 as defenders, nothing while on the barrel).
    body = score_body(points_deal("Anna", 100, MADE_100, T, talon=TALON), players=FOUR, dealer="Gleb",
                      variant="four-player", state=state, options=options)
    return totals(api("score", body))


@pytest.mark.parametrize("boris_deals,expected", [
    (1, {"Boris": 880, "Vera": 880}),   # Boris's second deal: nobody falls (Boris 2 deals used, Vera 1)
    (2, {"Boris": 760, "Vera": 760}),   # Boris's third: his deals run out, 880 - 120, and Vera falls with him
])
def test_two_on_the_barrel_fall_together(api, boris_deals, expected):
    state = {"scores": {"Anna": 0, "Boris": 880, "Vera": 880, "Gleb": 0},
             "barrel": {"Boris": {"deals": boris_deals, "falls": 0}, "Vera": {"deals": 0, "falls": 0}}}
    got = four(api, state)
    assert {p: got[p] for p in ("Boris", "Vera")} == expected
    assert (got["Anna"], got["Gleb"]) == (100, 21)


def test_side_by_side_stays_an_option(api):
    # coexist: Boris falls alone, Vera stays at 880.
    state = {"scores": {"Anna": 0, "Boris": 880, "Vera": 880, "Gleb": 0},
             "barrel": {"Boris": {"deals": 2, "falls": 0}, "Vera": {"deals": 0, "falls": 0}}}
    got = four(api, state, {"barrel_collision": "coexist"})
    assert (got["Boris"], got["Vera"]) == (760, 880)


@pytest.mark.parametrize("on_barrel,expected", [
    (["Vera"], {"Anna": 880, "Boris": 10, "Vera": 880}),       # the second seat is free: both sit (Boris 0 + 10)
    (["Boris", "Vera"], {"Anna": 880, "Boris": 760, "Vera": 760}),  # a third gets on: both are knocked off
])
def test_getting_on_beside_one_or_two(api, on_barrel, expected):
    # Anna climbs on: 780 + 100 = 880.
    scores = {"Anna": 780, "Boris": 0, "Vera": 0, "Gleb": 0} | dict.fromkeys(on_barrel, 880)
    got = four(api, {"scores": scores})
    assert {p: got[p] for p in ("Anna", "Boris", "Vera")} == expected


def test_with_three_players_the_value_knocks_off(api):
    # russian-classic with the four-player value: three at the table, one seat: Anna climbs on (780 + 100) and
    # knocks Vera off (880 - 120 = 760).
    state = {"scores": {"Anna": 780, "Boris": 0, "Vera": 880}}
    ans = api("score", score_body(points_deal("Anna", 100, MADE_100, T), state=state,
                                  options={"barrel_collision": "two_fall_together"}))
    assert (totals(ans)["Anna"], totals(ans)["Vera"]) == (880, 760)


def test_the_tester_example_cites_the_barrel_floor(api):
    # Anna at 880 on the barrel holds the forced bid (Vera deals): 120 at once.  Boris holds the spade marriage
    # (KS QS, limit 160) and bids 110, not over 120: the barrel floor of the forced bid (7.8) decides, not 7.9.
    ans = api("check", {"players": PLAYERS, "dealer": "Vera",
                        "state": {"scores": {"Anna": 880, "Boris": 300, "Vera": 200}},
                        "position": {"phase": "bidding", "bids": [],
                                     "hand": ["AS", "10S", "KS", "QS", "AH", "10H", "AD"]},
                        "action": {"type": "bid", "player": "Boris", "amount": 110}})
    assert ans["legal"] is False
    assert [(v["rule"], v["pointer"]) for v in ans["violations"]] == [("thousand/7.8", "/action/amount")]
    assert "thousand/7.8" in {c["rule"] for c in ans["citations"]}
    # once Boris has bid 125, Vera's 120 is simply under the current bid (7.9)
    ans = api("check", {"players": PLAYERS, "dealer": "Vera",
                        "state": {"scores": {"Anna": 880, "Boris": 300, "Vera": 200}},
                        "position": {"phase": "bidding", "bids": [{"player": "Boris", "type": "bid", "amount": 125}],
                                     "hand": ["KH", "QH", "9H", "JH", "JD", "JC", "9C"]},
                        "action": {"type": "bid", "player": "Vera", "amount": 120}})
    assert [(v["rule"], v["message"]) for v in ans["violations"]] == [("thousand/7.9",
                                                                       "a bid must exceed the current 125")]


@pytest.mark.parametrize("declarer,contract,message", [
    ("Boris", 105, "Anna сидит на бочке и на сотне, поэтому сразу играет 120: остальным, чтобы играть, нужно дать "
                   "больше 120"),
    ("Anna", 115, "Anna сидит на бочке и на сотне, поэтому сразу играет 120: меньшего заказа быть не может"
                  ""),
])
def test_score_under_the_barrel_forced_bid_says_whose_it_is(client, declarer, contract, message):
    # Boris under Anna's 120 is told that others must bid more; Anna herself that she plays no less
    pts = {p: (100 if p == declarer else 10) for p in PLAYERS}
    tricks = {p: (6 if p == declarer else 1) for p in PLAYERS}
    body = score_body(points_deal(declarer, contract, pts, tricks), state=ON_BARREL)
    r = client.post("/v1/games/thousand/score", json=body, headers={"Accept-Language": "ru"})
    assert r.status_code == 422
    err = r.get_json()["errors"][0]
    assert (err["pointer"], err["detail"]) == ("/deal/contract", message)


def test_once_the_barrel_holder_has_bid_the_current_bid_decides(api):
    # Boris 125, Vera passes, Anna (on the barrel, holding the forced bid) 130: Boris's 130 (his hearts marriage
    # allows 220) is under a real bid now (7.9)
    bids = [{"player": "Boris", "type": "bid", "amount": 125}, {"player": "Vera", "type": "pass"},
            {"player": "Anna", "type": "bid", "amount": 130}]
    ans = api("check", {"players": PLAYERS, "dealer": "Vera", "state": ON_BARREL,
                        "position": {"phase": "bidding", "bids": bids,
                                     "hand": ["KH", "QH", "9H", "JH", "JD", "JC", "9C"]},
                        "action": {"type": "bid", "player": "Boris", "amount": 130}})
    assert [(v["rule"], v["message"]) for v in ans["violations"]] == [("thousand/7.9",
                                                                       "a bid must exceed the current 130")]


@pytest.mark.parametrize("contract,status", [(115, 422), (120, 200)])
def test_the_first_hand_takes_over_the_dealers_barrel_bid_only_at_120(api, contract, status):
    # Vera deals, holds the forced bid (forced_bid_holder dealer) and sits at 880: she plays 120.  Anna, first hand,
    # may take it over (forehand_opens_100) at 120 itself, never under it.  Anna 100 + spades 40 = 140: made.
    opts = {"forced_bid_holder": "dealer", "forehand_opens_100": True}
    deal = points_deal("Anna", contract, {"Anna": 100, "Boris": 10, "Vera": 10}, T, [("Anna", "S")])
    ans = api("score", score_body(deal, state={"scores": {"Anna": 0, "Boris": 0, "Vera": 880}}, options=opts),
              status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/deal/contract"
    else:
        assert totals(ans)["Anna"] == 120


# ---------------------------------------------------------------- how many may sit on the barrel (14.5)
# A state cannot have more players at 880 than the collision rule seats: under knock_off a second player reaching
# the barrel knocks the first off, and two reaching it in the same deal both fall, so two at 880 never happens.
# Each player over the count is pointed at by their total; those with more barrel deals used were there first.
ONE_SEAT = ("{p} cannot be on the barrel too: {o} already sits there, and only one player can sit on the barrel "
            "(whoever reaches it knocks the one there off, and two reaching it in the same deal both fall)")
TWO_SEATS = ("{p} cannot be on the barrel too: two players already sit there, and no more than two can sit on the "
             "barrel (a third reaching it knocks both off)")
TWO_ON = {"scores": {"Anna": 880, "Boris": 880, "Vera": 200},
          "barrel": {"Anna": {"deals": 2, "falls": 0}, "Boris": {"deals": 0, "falls": 0},
                     "Vera": {"deals": 0, "falls": 0}}}
# Boris's 120 failed (100 card points): any deal will do, the state is refused before it is read
FAILED_120 = points_deal("Boris", 120, {"Anna": 10, "Boris": 100, "Vera": 10}, {"Anna": 1, "Boris": 6, "Vera": 1})
HAND = ["AS", "10S", "KS", "QS", "AH", "10H", "AD"]


def errors(ans):
    return [(e["pointer"], e["detail"]) for e in ans["errors"]]


@pytest.mark.parametrize("endpoint,body", [
    ("score", {"players": PLAYERS, "dealer": "Anna", "state": TWO_ON, "deal": FAILED_120}),
    ("check", {"players": PLAYERS, "dealer": "Vera", "state": TWO_ON,
               "position": {"phase": "bidding", "bids": [], "hand": HAND},
               "action": {"type": "bid", "player": "Boris", "amount": 125}}),
    ("scoresheet", {"players": PLAYERS, "dealer": "Anna", "state": TWO_ON, "deals": [FAILED_120]}),
    ("validate", {"players": PLAYERS, "state": TWO_ON, "log": [{"type": "deal", "dealer": "Anna"}]}),
])
def test_two_on_the_barrel_under_knock_off_is_refused_everywhere(api, endpoint, body):
    # russian-classic (the default): Anna has sat two deals; Boris at 880 beside her cannot be
    assert errors(api(endpoint, body, status=422)) == [("/state/scores/Boris", ONE_SEAT.format(p="Boris", o="Anna"))]


def test_two_on_the_barrel_in_russian(client):
    r = client.post("/v1/games/thousand/score", headers={"Accept-Language": "ru"},
                    json={"players": PLAYERS, "dealer": "Anna", "state": TWO_ON, "deal": FAILED_120})
    assert r.status_code == 422
    assert errors(r.get_json()) == [(
        "/state/scores/Boris",
        "Boris не может тоже сидеть на бочке: там уже сидит Anna, а на бочке может сидеть только один игрок (кто "
        "попадает на бочку, сбивает того, кто там сидит, а двое, попавшие на неё в одной сдаче, падают оба)")]


def test_the_newcomer_is_the_one_with_fewer_barrel_deals(api):
    # Boris has sat one deal, Anna none: Anna is the one who cannot be there; all three at 880: Anna and Vera
    state = {"scores": {"Anna": 880, "Boris": 880, "Vera": 200}, "barrel": {"Boris": {"deals": 1, "falls": 0}}}
    ans = api("score", score_body(FAILED_120, state=state), status=422)
    assert errors(ans) == [("/state/scores/Anna", ONE_SEAT.format(p="Anna", o="Boris"))]
    state["scores"]["Vera"] = 880
    ans = api("score", score_body(FAILED_120, state=state), status=422)
    assert errors(ans) == [("/state/scores/Anna", ONE_SEAT.format(p="Anna", o="Boris")),
                           ("/state/scores/Vera", ONE_SEAT.format(p="Vera", o="Boris"))]


def test_one_on_the_barrel_is_accepted(api):
    # Anna alone at 880 (no deals used); Boris makes 120 (110 card points + the spade marriage 40 = 150): 760 + 120
    # = 880, he climbs on and knocks Anna off (880 - 120 = 760); Vera 200 + 5.
    state = {"scores": {"Anna": 880, "Boris": 760, "Vera": 200}}
    deal = points_deal("Boris", 120, {"Anna": 5, "Boris": 110, "Vera": 5}, {"Anna": 1, "Boris": 6, "Vera": 1},
                       [("Boris", "S")])
    assert totals(api("score", score_body(deal, state=state, dealer="Anna"))) == {"Anna": 760, "Boris": 880,
                                                                                  "Vera": 205}


@pytest.mark.parametrize("options,expected", [
    # coexist (Anna has sat two deals): both sit; Anna's third deal runs out (880 - 120); Boris fails his 120 on the barrel and stays there,
    # a deal used (russian-classic: barrel_declarer_fail stay), 880; Vera 200 + 10
    ({"barrel_collision": "coexist"}, {"Anna": 760, "Boris": 880, "Vera": 210}),
    # a lock has no sitters, so nobody has barrel deals: Anna scores nothing as a defender at the lock, Boris fails (880 - 120)
    ({"barrel": "lock"}, {"Anna": 880, "Boris": 760, "Vera": 210}),
    # no barrel: 880 is a total like any other; Anna 880 + 10
    ({"barrel": "off"}, {"Anna": 890, "Boris": 760, "Vera": 210}),
])
def test_two_at_the_threshold_where_nobody_is_knocked_off(api, options, expected):
    state = TWO_ON if options.get("barrel", "barrel") == "barrel" else {"scores": TWO_ON["scores"]}
    body = {"players": PLAYERS, "dealer": "Anna", "state": state, "deal": FAILED_120, "options": options}
    assert totals(api("score", body)) == expected


def test_three_players_under_two_fall_together_seat_one(api):
    body = {"players": PLAYERS, "dealer": "Anna", "state": TWO_ON, "deal": FAILED_120,
            "options": {"barrel_collision": "two_fall_together"}}
    assert errors(api("score", body, status=422)) == [("/state/scores/Boris", ONE_SEAT.format(p="Boris", o="Anna"))]


def test_four_players_seat_two_not_three(client):
    # Boris has sat two deals, Vera one, Anna none: Anna is the third, refused (two at 880 are accepted in
    # test_getting_on_beside_one_or_two above)
    state = {"scores": {"Anna": 880, "Boris": 880, "Vera": 880, "Gleb": 0},
             "barrel": {"Boris": {"deals": 2, "falls": 0}, "Vera": {"deals": 1, "falls": 0}}}
    body = score_body(points_deal("Anna", 100, MADE_100, T, talon=TALON), players=FOUR, dealer="Gleb",
                      variant="four-player", state=state)
    r = client.post("/v1/games/thousand/score", json=body)
    assert r.status_code == 422
    assert errors(r.get_json()) == [("/state/scores/Anna", TWO_SEATS.format(p="Anna"))]
    r = client.post("/v1/games/thousand/score", json=body, headers={"Accept-Language": "ru"})
    assert errors(r.get_json()) == [("/state/scores/Anna", "Anna не может тоже сидеть на бочке: там уже сидят двое, а "
                                     "больше двух игроков на бочке сидеть не могут (третий, попав на бочку, сбивает "
                                     "обоих)")]


QUIET_TRICKS = {"Anna": 5, "Boris": 2, "Vera": 1}          # trick counts where they do not matter (8 tricks)


def check(api, position, action, options=None, variant=None, state=None, players=PLAYERS, dealer="Vera",
          status=200):
    body = {"players": players, "dealer": dealer, "position": position, "action": action}
    for key, value in (("options", options), ("variant", variant), ("state", state)):
        if value is not None:
            body[key] = value
    return api("check", body, status=status)


def four_player_deal(sitter_state, dealer="Gleb"):
    # Anna declares 100 and makes it with 100 card points in 6 tricks; Boris 20 in 2, Vera nothing (a bolt).
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0},
                       talon=QUIET_TALON)
    return score_body(deal, players=FOUR, dealer=dealer, variant="four-player", state=sitter_state)


# Thousand round 2 (issue 16).
def test_a_deal_sat_out_is_no_barrel_deal(api):
    # Gleb deals and sits out at 880 with 2 of 3 barrel deals used: he stays at 880 with 2 used (he was dropped to
    # 760 for a deal he did not play).
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 0, "Gleb": 880}, "barrel": {"Gleb": {"deals": 2}}}
    gleb = by_id(api("score", four_player_deal(state)))["Gleb"]
    assert (gleb["total_after"], gleb["barrel"]) == (880, {"on": True, "deals": 2, "falls": 0, "least_contract": 120})


# Thousand round 2 (issue 16).
def test_the_sitter_uses_the_barrel_deal_he_plays(api):
    # The next deal Anna deals and sits out; Gleb defends and takes nothing from his third barrel deal: he falls,
    # 880 - 120 = 760.  (Boris declares: 100 card points; Gleb 20, Vera 0.)
    deal = points_deal("Boris", 100, {"Boris": 100, "Gleb": 20, "Vera": 0}, {"Boris": 6, "Gleb": 2, "Vera": 0},
                       talon=QUIET_TALON)
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 0, "Gleb": 880}, "barrel": {"Gleb": {"deals": 2}}}
    gleb = by_id(api("score", score_body(deal, players=FOUR, dealer="Anna", variant="four-player", state=state)))[
        "Gleb"]
    assert (gleb["total_after"], gleb["barrel"]) == (760, {"on": False, "deals": 0, "falls": 1})


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("options,amount,legal", [
    ({}, 115, False), ({}, 120, True),                          # from 880 only 120 reaches 1000
    ({"barrel_bid_floor": False}, 105, True),                   # the floor lifted: any contract
])
def test_barrel_bid_floor(api, options, amount, legal):
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 880}}
    ans = check(api, bidding([{"player": "Boris", "type": "pass"}]), {"type": "bid", "player": "Vera",
                                                                     "amount": amount},
                options=options, state=state)
    assert ans["legal"] is legal


# Thousand round 2 (issue 16).
def test_a_low_contract_on_the_barrel_leaves_the_total_there(api):
    # Vera on the barrel makes 105 with 105 card points: 880 + 105 = 985 < 1000, back to 880, a barrel deal used
    deal = points_deal("Vera", 105, {"Anna": 10, "Boris": 5, "Vera": 105}, {"Anna": 1, "Boris": 1, "Vera": 6})
    ans = api("score", score_body(deal, state={"scores": {"Anna": 0, "Boris": 0, "Vera": 880}},
                                  options={"barrel_bid_floor": False}))
    vera = by_id(ans)["Vera"]
    assert (vera["total_after"], vera["barrel"]["deals"]) == (880, 1)


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("boris_points,finishes,total", [
    (20, True, 1000),     # 20 card points + hearts 100 = 120: 880 + 120 = 1000
    (15, False, 880),     # 15 + 100 = 115: one step short, held at 880
])
def test_a_barrel_defender_finishing(api, boris_points, finishes, total):
    # Anna declares 100 and makes it (100 or 105 card points); Boris, on the barrel, defends with a hearts marriage.
    anna = 120 - boris_points
    deal = points_deal("Anna", 100, {"Anna": anna, "Boris": boris_points, "Vera": 0},
                       {"Anna": 6, "Boris": 2, "Vera": 0}, [("Boris", "H")])
    ans = api("score", score_body(deal, state={"scores": {"Anna": 0, "Boris": 880, "Vera": 0}},
                                  options={"barrel_defender_finish": True}, variant="pagat"))
    assert totals(ans)["Boris"] == total and (ans["winner"] == "Boris") is finishes
    # without the reading the defender's points are never recorded on the barrel
    ans = api("score", score_body(deal, state={"scores": {"Anna": 0, "Boris": 880, "Vera": 0}}, variant="pagat"))
    assert totals(ans)["Boris"] == 880 and ans["winner"] is None


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("barrel,legal", [(880, False), (875, True)])
def test_no_blind_game_while_someone_is_on_the_barrel(api, barrel, legal):
    # Anna, on the forced 100, announces a blind 120 before anyone speaks; Boris is at 880 (on the barrel) or 875
    state = {"scores": {"Anna": 0, "Boris": barrel, "Vera": 0}}
    ans = check(api, bidding([]), {"type": "bid", "player": "Anna", "amount": 120, "blind": True},
                options={"blind": True, "blind_on_barrel": False}, state=state)
    assert ans["legal"] is legal
    assert check(api, bidding([]), {"type": "bid", "player": "Anna", "amount": 120, "blind": True},
                 options={"blind": True}, state=state)["legal"] is True


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("variant,total,deals", [
    ("russian-detailed", 880, 1),    # a failed try on the barrel: stays, one of three tries used
    ("russian-classic", 880, 1),     # the second text's three tries (the first is silent): the same
    ("pagat", 760, 0),               # pagat's reading: 880 - 120, off the barrel at once
])
def test_a_failed_contract_on_the_barrel(api, variant, total, deals):
    # Anna on the barrel bids 120 and takes 73 card points: fails
    deal = points_deal("Anna", 120, {"Anna": 73, "Boris": 22, "Vera": 25}, QUIET_TRICKS)
    ans = api("score", score_body(deal, state={"scores": {"Anna": 880, "Boris": 0, "Vera": 0}}, variant=variant))
    anna = by_id(ans)["Anna"]
    assert (anna["total_after"], anna["barrel"]["deals"]) == (total, deals)


# A disputed question of thousand.md §4, under the default and the alternative option.
@pytest.mark.parametrize("attempts,total", [("all_deals", 760), ("own_contracts", 880)])
def test_q9_barrel_deals_declared_by_others(api, attempts, total):
    # Anna has used two barrel deals and defends the third: it counts (fall to 760) unless only her own
    # contracts count.
    # Anna deals, so Boris (on her left) is on the forced 100 and may declare 100: with Vera dealing the 100 stands in
    # Anna's name and Boris could only outbid it (thousand/7.1), which the referee now refuses as impossible.
    deal = points_deal("Boris", 100, {"Anna": 20, "Boris": 90, "Vera": 10}, {"Anna": 2, "Boris": 5, "Vera": 1})
    ans = api("score", score_body(deal, options={"barrel_attempts": attempts}, dealer="Anna",
                                  state={"scores": {"Anna": 880}, "barrel": {"Anna": {"deals": 2, "falls": 0}}}))
    assert by_id(ans)["Anna"]["total_after"] == total


# A disputed question of thousand.md §4, under the default and the alternative option.
@pytest.mark.parametrize("exempt,bolts", [(True, 0), (False, 1)])
def test_q8_bolts_on_the_barrel(api, exempt, bolts):
    # pagat: deals on the barrel never count as zero scores, even without a trick.
    # Anna deals, so Boris (on her left) is on the forced 100 and may declare 100: with Vera dealing the 100 stands in
    # Anna's name and Boris could only outbid it (thousand/7.1), which the referee now refuses as impossible.
    deal = points_deal("Boris", 100, {"Anna": 0, "Boris": 100, "Vera": 20}, {"Anna": 0, "Boris": 6, "Vera": 2})
    ans = api("score", score_body(deal, options={"bolt_barrel_exempt": exempt}, state={"scores": {"Anna": 880}},
                                  dealer="Anna"))
    assert by_id(ans)["Anna"]["bolts"] == bolts


# ---------------------------------------------------------------- the lowest contract from the barrel (7.8)
@pytest.mark.parametrize("options,barrel,least", [
    ({}, 880, 120),                                        # 1000 − 880 = 120, a whole step of 5
    ({"barrel_threshold": 900}, 900, 100),                 # 1000 − 900
    ({"barrel_threshold": 850}, 850, 150),
    ({"target": 1005}, 880, 125),                          # 125: exactly five steps of 5 past 100
    ({"target": 1001}, 880, 125),                          # 121 rounds up to the next step of 5
    ({"target": 1001, "bid_step": 10}, 880, 130),          # 121 rounds up to the next step of 10
    ({"barrel_bid_floor": False}, 880, None),              # no floor: none is given
])
def test_a_player_on_the_barrel_is_told_the_lowest_contract(api, options, barrel, least):
    # Anna, on the forced 100 (Vera deals), makes it with 100 card points; Vera, on the barrel, defends with 10: her
    # points are not recorded and she stays on it with one barrel deal used; the row says what she must bid from it
    deal = points_deal("Anna", 100, MADE_100, T)
    vera = by_id(api("score", score_body(deal, state={"scores": {"Vera": barrel}}, options=options)))["Vera"]
    expected = {"on": True, "deals": 1, "falls": 0} | ({"least_contract": least} if least is not None else {})
    assert (vera["total_after"], vera["barrel"]) == (barrel, expected)


@pytest.mark.parametrize("before,after,barrel", [
    (865, 875, {"on": False, "deals": 0, "falls": 0}),                       # 865 + 10 = 875: short of the barrel
    (870, 880, {"on": True, "deals": 0, "falls": 0, "least_contract": 120}),  # 870 + 10 = 880: onto it
])
def test_the_lowest_contract_is_given_only_while_on_the_barrel(api, before, after, barrel):
    # Vera defends with 10 card points: under the barrel she is not on it and no contract is named
    deal = points_deal("Anna", 100, MADE_100, T)
    vera = by_id(api("score", score_body(deal, state={"scores": {"Vera": before}})))["Vera"]
    assert (vera["total_after"], vera["barrel"]) == (after, barrel)
