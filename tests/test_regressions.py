"""Inputs that once got a wrong answer (found by probing the service as a new user), kept as tests."""
import io
import json

import pytest

from tests.thousand_helpers import PLAYERS, by_id, points_deal, readme_log, score_body

GOOD = points_deal("Anna", 100, {"Anna": 100, "Boris": 10, "Vera": 10}, {"Anna": 6, "Boris": 1, "Vera": 1})


def raw(client, endpoint, text):
    return client.post(f"/v1/games/thousand/{endpoint}", data=text, headers={"Content-Type": "application/json"})


@pytest.mark.parametrize("text", [
    '{"players":["\\ud800","b","c"],"dealer":"\\ud800","deal":{"declarer":"\\ud800","contract":100,"conceded":true}}',
    '{"\\ud800":1,"players":["a","b","c"],"dealer":"a","deal":{"declarer":"a","contract":100,"conceded":true}}',
])
def test_lone_surrogate_is_400(client, text):
    r = raw(client, "score", text)
    assert r.status_code == 400 and r.get_json()["type"].endswith("malformed-json")


def test_huge_integer_is_400_without_internals(client):
    r = raw(client, "score", '{"players": ' + "9" * 5000 + "}")
    assert r.status_code == 400
    assert r.get_json()["detail"] == "the body is not valid JSON: a number is too long"


def test_405_has_allow_header(client):
    r = client.raw().get("/v1/games/thousand/score")
    assert r.status_code == 405 and "POST" in r.headers["Allow"].split(", ")


def test_auction_after_a_bid_over_120(api):
    # Boris's earlier 130 cannot be held to a cap (his hand is not known); Vera may pass or overbid.
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "bidding", "bids": [{"player": "Boris", "type": "bid", "amount": 130}],
                         "hand": ["KH", "QH", "AH", "9S", "9D", "JC", "QC"]},
            "action": {"type": "bid", "player": "Vera", "amount": 135}}
    assert api("check", body)["legal"] is True
    body["action"] = {"type": "bid", "player": "Vera", "amount": 225}  # hearts: 220 at most
    assert api("check", body)["violations"][0]["rule"] == "thousand/7.4"


def test_bid_over_120_needs_the_hand(api):
    body = {"players": PLAYERS, "dealer": "Vera", "position": {"phase": "bidding", "bids": []},
            "action": {"type": "bid", "player": "Boris", "amount": 125}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/hand"


def test_play_needs_the_hand(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 1},
                         "trick": {"leader": "Anna", "cards": ["AC"]}},
            "action": {"type": "play", "player": "Boris", "card": "AC"}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/hand"


def test_pointers_are_escaped(api):
    players = ["a/b", "~0", "Vera"]
    deal = points_deal("a/b", 100, {"a/b": 70, "~0": 40, "Vera": 11}, {"a/b": 6, "~0": 1, "Vera": 1})
    err = api("score", score_body(deal, players=players), status=422)
    assert err["errors"][0]["pointer"] == "/deal/points"
    err = api("score", score_body(GOOD, players=players, state={"scores": {"a/b": 3}}), status=422)
    assert err["errors"][0]["pointer"] == "/state/scores/a~1b"
    deal = points_deal("a/b", 100, {"a/b": 70, "~0": -40, "Vera": 10}, {"a/b": 6, "~0": 1, "Vera": 1})
    err = api("score", score_body(deal, players=players), status=422)
    assert err["errors"][0]["pointer"] == "/deal/points/~00"


def test_sitter_raw_talon_points_can_continue(api):
    four = PLAYERS + ["Gleb"]
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 10, "Vera": 10}, {"Anna": 6, "Boris": 1, "Vera": 1},
                       talon=["AS", "10H", "9C"])
    body = score_body(deal, players=four, dealer="Gleb", variant="four-player",
                      options={"sitter_scoring": "talon_points"}, state={"scores": {"Gleb": 21}})
    assert by_id(api("score", body))["Gleb"]["total_after"] == 42


def test_blind_only_for_the_forced_holder(api):
    # Boris blind at 120, the blind game's contract: with Vera dealing only Anna may announce it.  (The contract was
    # 100, which is now refused first, at /deal/contract: the forced 100 stands in Anna's name, thousand/7.1.)
    deal = points_deal("Boris", 120, {"Anna": 10, "Boris": 100, "Vera": 10}, {"Anna": 1, "Boris": 6, "Vera": 1},
                       blind=True)
    err = api("score", score_body(deal, options={"blind": True}), status=422)
    assert err["errors"][0]["pointer"] == "/deal/blind"
    check = {"players": PLAYERS, "dealer": "Vera", "options": {"blind": True},
             "position": {"phase": "bidding", "bids": []},
             "action": {"type": "bid", "player": "Anna", "amount": 120, "blind": True}}
    ans = api("check", check)
    assert ans["legal"] is True and ans["effects"] == {"bid": 120, "player": "Anna", "blind": True}
    check["action"] = {"type": "bid", "player": "Boris", "amount": 120, "blind": True}
    assert api("check", check)["violations"][0]["rule"] == "thousand/17.1"


def test_four_nines_lost_after_bidding(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "bidding", "bids": [{"player": "Boris", "type": "bid", "amount": 105},
                                                      {"player": "Vera", "type": "pass"}],
                         "hand": ["9H", "9S", "9D", "9C", "QC", "AS", "KS"]},
            "action": {"type": "redeal", "player": "Boris", "reason": "four_nines"}}
    assert api("check", body)["violations"][0]["rule"] == "thousand/6.1"


@pytest.mark.parametrize("points,tricks", [
    ({"Anna": 54, "Boris": 33, "Vera": 33}, {"Anna": 6, "Boris": 1, "Vera": 1}),  # six aces would be needed
    ({"Anna": 119, "Boris": 1, "Vera": 0}, {"Anna": 7, "Boris": 1, "Vera": 0}),   # no card is worth 1
])
def test_points_that_no_deal_can_give(api, points, tricks):
    err = api("score", score_body(points_deal("Anna", 100, points, tricks)), status=422)
    assert err["errors"][0]["pointer"] == "/deal/points"


def play_pos(**extra):
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2},
           "trick": {"leader": "Anna", "cards": ["9D"]}, "hand": ["9H", "AC", "KC", "QC", "JC", "10C"]}
    pos.update(extra)
    return {"players": PLAYERS, "dealer": "Vera", "position": pos,
            "action": {"type": "play", "player": "Boris", "card": "AC"}}


def test_trump_follows_from_the_marriages(api):
    ans = api("check", play_pos(marriages=[{"player": "Anna", "suit": "H"}]))
    assert ans["violations"][0]["rule"] == "thousand/11.3"


@pytest.mark.parametrize("extra,pointer", [
    ({"trump": "H"}, "/position/trump"),
    ({"marriages": [{"player": "Anna", "suit": "H"}], "trump": "S"}, "/position/trump"),
    ({"marriages": [{"player": "Anna", "suit": "H"}, {"player": "Anna", "suit": "H"}]}, "/position/marriages/1/suit"),
    ({"marriages": [{"player": "Vera", "suit": "H"}]}, "/position/marriages/0"),
])
def test_contradictory_positions(api, extra, pointer):
    assert api("check", play_pos(**extra), status=422)["errors"][0]["pointer"] == pointer


def test_talon_and_hand_overlap(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": ["AS", "KS", "9S"],
                         "hand": ["AS", "10H", "KH", "QH", "9D", "JD", "QD"]},
            "action": {"type": "take_talon", "player": "Anna"}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/talon"


@pytest.mark.parametrize("unused,discards,pointer", [
    (["AS", "KS"], ["AS", "9S"], "/deal/discards/0"),
    (["KS", "KS"], ["AS", "9S"], "/deal/musik_unused/1"),
])
def test_two_player_duplicates(api, unused, discards, pointer):
    deal = points_deal("Anna", 100, {"Anna": 85, "Boris": 20}, {"Anna": 8, "Boris": 2},
                       musik_unused=unused, discards=discards)
    body = score_body(deal, players=["Anna", "Boris"], dealer="Boris", variant="two-player")
    assert api("score", body, status=422)["errors"][0]["pointer"] == pointer


def test_exposed_card_cancels_the_deal(api):
    deal = dict(GOOD, irregularities=[{"type": "exposed_card", "player": "Vera"}])
    assert api("score", score_body(deal), status=422)["errors"][0]["pointer"] == "/deal/declarer"
    twice = {"irregularities": [{"type": "exposed_card", "player": "Vera"}] * 2}
    assert api("score", score_body(twice), status=422)["errors"][0]["pointer"] == "/deal/irregularities/1"


def test_exposed_card_in_a_log(api):
    log = readme_log()
    log[0] = dict(log[0], irregularities=[{"type": "exposed_card", "player": "Vera"}])
    ans = api("validate", {"players": PLAYERS, "log": log[:1]})
    assert ans["valid"] is True and by_id(ans["final"])["Vera"]["total_after"] == -120
    assert api("validate", {"players": PLAYERS, "log": log})["first_violation"]["index"] == 1


def test_a_made_contract_breaks_a_bolt_run(api):
    # Boris deals, so Vera (on his left) is on the forced 100 and may declare 100: with Vera dealing the 100 stands
    # in Anna's name and Vera could only outbid it (thousand/7.1), which the referee now refuses as impossible.
    deal = points_deal("Vera", 100, {"Anna": 10, "Boris": 10, "Vera": 100}, {"Anna": 1, "Boris": 1, "Vera": 6})
    ans = api("score", score_body(deal, options={"bolt_count": "consecutive"}, state={"bolts": {"Vera": 2}},
                                  dealer="Boris"))
    assert by_id(ans)["Vera"]["bolts"] == 0


def test_deal_with_wrong_dealer_is_not_scored(api):
    log = readme_log() + readme_log(dealer="Vera")
    ans = api("validate", {"players": PLAYERS, "log": log})
    assert ans["first_violation"]["rule"] == "thousand/3.4"
    assert by_id(ans["final"])["Anna"]["total_after"] == 100  # only the first deal counted


@pytest.mark.parametrize("event,pointer", [
    ({"type": "pass", "player": "Boris", "amount": 105}, "/log/1/amount"),
    ({"type": "pass", "player": "Boris", "card": "AH"}, "/log/1/card"),
])
def test_fields_that_do_not_belong(api, event, pointer):
    log = readme_log()
    log[1] = event
    assert api("validate", {"players": PLAYERS, "log": log}, status=422)["errors"][0]["pointer"] == pointer


def test_musiks_in_a_three_player_deal(api):
    log = readme_log()
    log[0] = dict(log[0], musiks=[["9D", "JC"], ["9S", "AH"]])
    assert api("validate", {"players": PLAYERS, "log": log}, status=422)["errors"][0]["pointer"] == "/log/0/musiks"


def test_sitter_cannot_bid(api):
    body = {"variant": "four-player", "players": PLAYERS + ["Gleb"], "dealer": "Gleb",
            "position": {"phase": "bidding"}, "action": {"type": "bid", "player": "Gleb", "amount": 105}}
    ans = api("check", body)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/3.2"


def test_take_talon_without_musik_points_at_musik(api):
    body = {"variant": "two-player", "players": ["Anna", "Boris"], "dealer": "Boris",
            "position": {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": False},
            "action": {"type": "take_talon", "player": "Anna"}}
    assert api("check", body)["violations"][0]["pointer"] == "/action/musik"


def test_variant_must_be_a_string(api):
    assert api("score", dict(score_body(GOOD), variant=5), status=422)["errors"][0]["pointer"] == "/variant"


def test_next_trick_timing_from_marriage_tricks(api):
    # Spades at trick 1, hearts at trick 2: from trick 3 hearts are trump, so Boris (void in clubs) must play 9H.
    body = {"players": PLAYERS, "dealer": "Vera", "options": {"trump_timing": "next_trick"},
            "position": {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 3},
                         "marriages": [{"player": "Anna", "suit": "S", "trick": 1},
                                       {"player": "Anna", "suit": "H", "trick": 2}],
                         "trick": {"leader": "Anna", "cards": ["9C"]}, "hand": ["9H", "JS", "9D", "JD", "AD"]},
            "action": {"type": "play", "player": "Boris", "card": "9H"}}
    assert api("check", body)["legal"] is True
    body["position"]["trump"] = "S"
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/trump"


def test_raise_only_after_the_exchange(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True,
                         "talon": ["AS", "10S", "9S"],
                         "hand": ["KH", "QH", "KS", "QD", "9C", "JC", "AD", "AS", "10S", "9S"]},
            "action": {"type": "raise", "player": "Anna", "amount": 120}}
    ans = api("check", body)
    assert ans["violations"][0]["rule"] == "thousand/8.2"
    assert "raise" not in [a["type"] for a in ans["legal_actions"]]


def test_redeal_is_listed_when_open(api):
    body = {"players": PLAYERS, "dealer": "Vera", "position": {"phase": "deal", "hand": ["9H", "9D", "9C", "9S", "AH",
                                                                                          "KH", "QH"]},
            "action": {"type": "redeal", "player": "Boris", "reason": "four_nines"}}
    ans = api("check", body)
    assert {"type": "redeal", "player": "Boris", "reason": "four_nines"} in ans["legal_actions"]


def test_two_player_musik_in_check(api):
    body = {"variant": "two-player", "players": ["Anna", "Boris"], "dealer": "Anna",
            "position": {"phase": "talon", "declarer": "Boris", "contract": 100, "talon_taken": True,
                         "talon": ["JD", "10D"],
                         "hand": ["AH", "10H", "KH", "QH", "JH", "9H", "AS", "10S", "9C", "JC", "JD", "10D"]},
            "action": {"type": "discard", "player": "Boris", "cards": ["9C", "JC"]}}
    assert api("check", body)["legal"] is True


def test_blind_announcement_in_earlier_calls(api):
    body = {"players": PLAYERS, "dealer": "Vera", "options": {"blind": True},
            "position": {"phase": "bidding", "bids": [{"player": "Anna", "type": "bid", "amount": 120, "blind": True}],
                         "hand": ["AH", "10H", "AS", "KD", "9C", "JC", "QS"]},
            "action": {"type": "pass", "player": "Boris"}}
    assert api("check", body)["legal"] is True


@pytest.mark.parametrize("pos_extra,pointer", [
    ({"talon_taken": False, "exchanged": True}, "/position/exchanged"),
])
def test_impossible_talon_positions(api, pos_extra, pointer):
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": ["AS", "10S", "9S"]}
    pos.update(pos_extra)
    body = {"players": PLAYERS, "dealer": "Vera", "position": pos, "action": {"type": "concede", "player": "Anna"}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == pointer


def test_exchange_to_a_stranger(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True,
                         "hand": ["KH", "QH", "KS", "QD", "9C", "JC", "AD", "AS", "10S", "9S"]},
            "action": {"type": "exchange", "player": "Anna", "gives": {"Zed": "9S", "Vera": "9C"}}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/action/gives/Zed"


def test_marriage_contradicting_the_hand(api):
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 1},
                         "marriages": [{"player": "Anna", "suit": "S"}], "trick": {"leader": "Anna", "cards": ["9H"]},
                         "hand": ["AH", "KS", "QC", "JC", "9S", "JS", "10S"]},
            "action": {"type": "play", "player": "Boris", "card": "AH"}}
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/marriages/0"


def test_reset_to_zero_does_not_lift_a_negative_total(api):
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 0, "Vera": 20}, {"Anna": 6, "Boris": 0, "Vera": 2})
    ans = api("score", score_body(deal, options={"bolt_penalty": "reset_to_zero", "bolt_definition": "no_tricks"},
                                  state={"scores": {"Boris": -300}, "bolts": {"Boris": 2}}))
    assert by_id(ans)["Boris"]["total_after"] == -300


# ---------------------------------------------------------------- found by the third probe

def test_chunked_body_over_the_limit(client):
    big = b'{"players": ["Anna", "Boris", "Vera"], "pad": "' + b"x" * (300 * 1024) + b'"}'
    # no Content-Length: the body arrives as a stream of unknown length, as a chunked upload does
    r = client.raw().post("/v1/games/thousand/score", input_stream=io.BytesIO(big),
                          headers={"Content-Type": "application/json"},
                          environ_overrides={"wsgi.input_terminated": True})
    assert r.status_code == 413 and r.mimetype == "application/problem+json"


def test_citation_wording_follows_the_options_in_force(api):
    # Polish rounds to 10; with round_step 5 the rule text must not say "nearest 10".
    deal = points_deal("Anna", 120, {"Anna": 95, "Boris": 14, "Vera": 11}, {"Anna": 6, "Boris": 1, "Vera": 1},
                       [("Anna", "H")])
    polish = api("score", score_body(deal, variant="polish"))
    override = api("score", score_body(deal, variant="polish", options={"round_step": 5}))
    text = {c["rule"]: c["text"] for c in override["citations"]}["thousand/12.3"]
    assert text != {c["rule"]: c["text"] for c in polish["citations"]}["thousand/12.3"]
    assert [p["hand_score"] for p in override["players"]] == [120, 15, 10]


@pytest.mark.parametrize("query", ["?variant=polish&variant=two-player", "?foo=1", "?must_beat=true"])
def test_rules_query_is_strict(client, query):
    r = client.get("/v1/games/thousand/rules" + query)
    assert r.status_code == 400 and r.get_json()["type"].endswith("bad-query")


def test_cors_lets_browsers_send_and_read_request_ids(monkeypatch):
    from wsgi import create_app
    monkeypatch.setenv("REFEREE_CORS_ORIGINS", "https://scores.example")
    c = create_app().test_client()
    pre = c.options("/v1/games/thousand/score", headers={"Origin": "https://scores.example",
                                                         "Access-Control-Request-Method": "POST",
                                                         "Access-Control-Request-Headers": "content-type, x-request-id"})
    assert "x-request-id" in pre.headers["Access-Control-Allow-Headers"].lower()
    get = c.get("/healthz", headers={"Origin": "https://scores.example"})
    assert "x-request-id" in get.headers["Access-Control-Expose-Headers"].lower()


@pytest.mark.parametrize("rule,dealer,valid", [("same", "Vera", True), ("same", "Anna", False),
                                                ("next", "Anna", True), ("next", "Vera", False)])
def test_who_deals_after_a_redeal(api, rule, dealer, valid):
    redeal = [{"type": "deal", "dealer": "Vera",
               "hands": {"Anna": ["AH", "10H", "KS", "QS", "AD", "10D", "9C"],
                         "Boris": ["9H", "9S", "9D", "JC", "10S", "JD", "AC"],
                         "Vera": ["JH", "JS", "KD", "QD", "10C", "KC", "QC"]},
               "talon": ["KH", "QH", "AS"]}]
    # Boris has only three nines here, so use a weak-hand claim (hand worth 0+0+0+2+10+2+11 = 25 < 30)
    redeal.append({"type": "redeal", "player": "Boris", "reason": "weak_hand"})
    log = redeal + readme_log(dealer=dealer)
    ans = api("validate", {"players": PLAYERS, "log": log,
                           "options": {"redeal_weak_hand": 30, "redeal_dealer": rule}})
    # (the README deal's calls fit Vera dealing; with Anna dealing they break later rules, not the dealer's)
    # a wrong dealer after a redeal claim breaks the rule that says who deals after a redeal (6.1, whose clause
    # follows redeal_dealer), not the deal passing to the left (3.4)
    first = ans["first_violation"] or {}
    assert (first.get("rule") == "thousand/6.1") is (not valid)


def test_integral_numbers_written_as_floats(client):
    body = json.dumps(score_body(GOOD)).replace('"contract": 100', '"contract": 1e2')
    r = client.post("/v1/games/thousand/score", data=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 200 and r.get_json()["contract"]["contract"] == 100


def test_unknown_variant_points_at_it(api):
    err = api("score", dict(score_body(GOOD), variant="klondike"), status=404)
    assert err["errors"][0]["pointer"] == "/variant"


def test_four_player_sitter_hand_may_be_empty(api):
    log = readme_log(dealer="Gleb")
    log[0] = dict(log[0], hands=dict(log[0]["hands"], Gleb=[]))
    ans = api("validate", {"variant": "four-player", "players": PLAYERS + ["Gleb"], "log": log})
    assert ans["valid"] is True
