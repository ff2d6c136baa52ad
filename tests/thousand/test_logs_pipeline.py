"""Thousand logs as a log pipeline reads them (issue 19): a ``deals`` entry per deal, ``replay`` strict and
as_played, logs in progress handed on to ``check``, ``complete``, and the CLI's per-deal records.

Every log is built from the README deal (tests/thousand_helpers.py, worked by hand there: Vera deals, Anna is
declarer at 100 and scores 100, Boris 155, Vera 0) and from other real deals of the same 24 cards:

* ``rot(log, k)`` seats the same deal k places on: the cards and calls of Anna go to the k-th player after her,
  so ``rot(readme_log(), 1)`` is dealt by Anna and scores Boris 100, Vera 155, Anna 0, and ``rot(..., 2)``, dealt
  by Boris, scores Vera 100, Anna 155, Boris 0.
* ``revoke_log()``: the README deal where Boris, void in diamonds, discards AC on Anna's 9D at event 24 instead of
  trumping with 9H (thousand/11.3), and the table plays on.  Worked by hand, as played:
    trick 7 (events 23-25): Anna 9D, Boris AC, Vera KC -> Anna (diamonds led, no trump on it): 0 + 11 + 4 = 15
    trick 8 (events 26-28): Anna JC, Boris 9H (void in clubs, trumps), Vera 10C -> Boris: 2 + 0 + 10 = 12
  The first six tricks are the README's: Anna 17 + 13 + 17 + 16 = 63, Boris 17 + 13 = 30.  Card points: Anna
  63 + 15 = 78, Boris 30 + 12 = 42, Vera 0 (78 + 42 = 120).  Anna 78 + spades 40 = 118 >= 100: she makes her
  100.  Boris 42 + hearts 100 = 142, rounded to 140.  Vera 0 (a bolt).
* ``barrel_log()``: a sweep (the SWEEP deal of thousand_helpers) by Anna from 880 on the barrel, raised to 120.
"""
import copy
import json

import pytest
from click.testing import CliRunner

import referee
from referee import registry
from referee.cli import main
from tests.thousand_helpers import PLAYERS, readme_log

N = len(readme_log())   # 29 events: the deal, 2 passes, the talon, the exchange, 24 plays


def rot(log, k):
    m = {p: PLAYERS[(i + k) % 3] for i, p in enumerate(PLAYERS)}
    out = []
    for e in copy.deepcopy(log):
        for f in ("player", "dealer"):
            if f in e:
                e[f] = m[e[f]]
        for f in ("hands", "gives"):
            if f in e:
                e[f] = {m[p]: v for p, v in e[f].items()}
        out.append(e)
    return out


def revoke_log():
    log = readme_log()
    log[24] = {"type": "play", "player": "Boris", "card": "AC"}     # has 9H: must trump (thousand/11.3)
    log[26] = {"type": "play", "player": "Anna", "card": "JC"}      # Anna won trick 7, so she leads trick 8
    log[27] = {"type": "play", "player": "Boris", "card": "9H"}
    log[28] = {"type": "play", "player": "Vera", "card": "10C"}
    return log


# The SWEEP deal: Anna is dealt AH KH QH 10H AS 10S AD, Boris JH 9H KS QS JS 10D KD, Vera 9S QD JD 9D KC QC 9C,
# the talon is AC JC 10C (24 cards, each once).  Anna takes it, gives 10C to Boris and JC to Vera, raises to 120 and
# takes all eight tricks: 120 card points + hearts 100 = 220 >= 120, so 880 + 120 = 1000: the game is over.
SWEEP = [("AS", "JS", "9S"), ("KH", "9H", "9C"), ("AH", "JH", "9D"), ("10S", "QS", "JC"),
         ("AD", "10D", "QD"), ("AC", "10C", "KC"), ("QH", "KD", "QC"), ("10H", "KS", "JD")]


def barrel_log():
    log = [{"type": "deal", "dealer": "Vera", "talon": ["AC", "JC", "10C"],
            "hands": {"Anna": ["AH", "KH", "QH", "10H", "AS", "10S", "AD"],
                      "Boris": ["JH", "9H", "KS", "QS", "JS", "10D", "KD"],
                      "Vera": ["9S", "QD", "JD", "9D", "KC", "QC", "9C"]}},
           {"type": "pass", "player": "Boris"}, {"type": "pass", "player": "Vera"},
           {"type": "take_talon", "player": "Anna"},
           {"type": "exchange", "player": "Anna", "gives": {"Boris": "10C", "Vera": "JC"}},
           {"type": "raise", "player": "Anna", "amount": 120}]
    for t, cards in enumerate(SWEEP):
        for p, c in zip(PLAYERS, cards):
            log.append({"type": "play", "player": p, "card": c} | ({"marriage": True} if (t, p) == (1, "Anna") else {}))
    return log


BARREL = {"scores": {"Anna": 880, "Boris": 0, "Vera": 0}}
# The log plays the forced 100 as 100 on the barrel and raises it to 120 after the exchange.  russian-classic now binds
# a barrel player on the forced 100 to 120 at once (the second Russian text, thousand/7.8), where the raise to 120
# would not go above the contract; these logs keep the other reading, so the option is set off.
ON_100 = {"barrel_forced_floor": False}


def validate(api, log, **kw):
    return api("validate", {"players": PLAYERS, "log": log, **kw})


def totals(final):
    return {p["id"]: p["total_after"] for p in final["players"]} if final else None


def deals(ans):
    return [(d["index"], d["valid"], totals(d["final"]), d["as_played"]) for d in ans["deals"]]


def faults(ans):
    return [(v["index"], v["rule"], v["pointer"]) for v in ans["violations"]]


# ================================================================ deals

def test_every_deal_of_a_log_has_its_entry(api):
    # deal 1 (events 0-28): Anna 100, Boris 155, Vera 0; deal 2 (events 29-57, Anna deals): + Boris 100, Vera 155
    ans = validate(api, readme_log() + rot(readme_log(), 1))
    assert ans["valid"] is True and ans["complete"] is True and ans["replay"] == "strict"
    assert deals(ans) == [(0, True, {"Anna": 100, "Boris": 155, "Vera": 0}, False),
                          (29, True, {"Anna": 100, "Boris": 255, "Vera": 155}, False)]
    assert ans["final"] == ans["deals"][-1]["final"]      # final stays the last scored deal
    assert ans["events_checked"] == 58
    assert not {"dealer", "state", "position"} & set(ans)


def test_a_deal_entry_is_what_score_answers(api):
    ans = validate(api, readme_log())
    from tests.thousand_helpers import README_TRICKS
    scored = api("score", {"players": PLAYERS, "dealer": "Vera", "deal": {
        "declarer": "Anna", "contract": 100, "tricks": README_TRICKS, "talon": ["9D", "JC", "9S"],
        "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}})
    for k in ("players", "state_after", "game_over", "winner"):
        assert ans["deals"][0]["final"][k] == scored[k]


def test_strict_stops_the_faulty_deal_and_judges_the_next_from_the_totals_before(api):
    ans = validate(api, revoke_log() + rot(readme_log(), 1))
    assert ans["valid"] is False and ans["replay"] == "strict"
    assert faults(ans) == [(24, "thousand/11.3", "/log/24/card")]
    # deal 2 from 0: Boris 100, Vera 155, Anna 0
    assert deals(ans) == [(0, False, None, False), (29, True, {"Anna": 0, "Boris": 100, "Vera": 155}, False)]
    assert ans["events_checked"] == 25 + 29       # events 0-24 of deal 1, then all of deal 2
    assert ans == validate(api, revoke_log() + rot(readme_log(), 1), replay="strict")


def test_as_played_applies_the_revoke_and_carries_the_totals_as_played(api):
    ans = validate(api, revoke_log() + rot(readme_log(), 1), replay="as_played")
    assert ans["valid"] is False and ans["replay"] == "as_played" and ans["complete"] is True
    assert ans["first_violation"] == ans["violations"][0] == {
        "index": 24, "event": "play", "rule": "thousand/11.3", "pointer": "/log/24/card",
        "message": "Boris has no diamonds and must play a trump (hearts)"}
    assert len(ans["violations"]) == 1                 # events 25-28, judged after it, are legal
    # deal 1 as played (module doc): Anna 100, Boris 140, Vera 0; deal 2 on top: Boris 240, Vera 155
    assert deals(ans) == [(0, False, {"Anna": 100, "Boris": 140, "Vera": 0}, True),
                          (29, True, {"Anna": 100, "Boris": 240, "Vera": 155}, False)]
    d1 = {p["id"]: p for p in ans["deals"][0]["final"]["players"]}
    assert (d1["Anna"]["card_points"], d1["Boris"]["card_points"], d1["Vera"]["card_points"]) == (78, 42, 0)
    assert ans["events_checked"] == 58


def test_as_played_lists_every_fault(api):
    # deal 2 (Anna deals, Boris holds the forced 100, Vera speaks first): Vera bids 113 (not a step of 5,
    # thousand/7.2: waived, her hearts marriage allows 113), Anna and Boris pass, so Vera is the declarer at 113;
    # the log then has Boris take the talon (event 33): only the declarer does (thousand/8.1), not applied.
    d2 = rot(readme_log(), 1)
    d2[1:3] = [{"type": "bid", "player": "Vera", "amount": 113}, {"type": "pass", "player": "Anna"},
               {"type": "pass", "player": "Boris"}]
    ans = validate(api, revoke_log() + d2, replay="as_played")
    assert faults(ans)[:2] == [(24, "thousand/11.3", "/log/24/card"), (30, "thousand/7.2", "/log/30/amount")]
    assert ans["deals"][0]["as_played"] is True and ans["deals"][1]["valid"] is False
    assert faults(ans)[2] == (33, "thousand/8.1", "/log/33/player")
    assert deals(ans)[1] == (29, False, None, False)


def test_an_event_that_cannot_be_applied_ends_the_deal(api):
    # deal 2 (Anna deals): at event 35 Vera plays AH, which Anna holds: not applied (thousand/3.5), the rest of
    # deal 2 is not judged, and deal 3 (Boris deals) starts from deal 1's totals as played:
    # Anna 100 + 155 = 255, Boris 140 + 0 = 140, Vera 0 + 100 = 100
    bad = rot(readme_log(), 1)
    bad[6] = {"type": "play", "player": "Vera", "card": "AH"}
    ans = validate(api, revoke_log() + bad + rot(readme_log(), 2), replay="as_played")
    assert faults(ans) == [(24, "thousand/11.3", "/log/24/card"), (35, "thousand/3.5", "/log/35/card")]
    assert ans["violations"][1]["message"] == "Vera does not hold AH"
    assert deals(ans) == [(0, False, {"Anna": 100, "Boris": 140, "Vera": 0}, True), (29, False, None, False),
                          (58, True, {"Anna": 255, "Boris": 140, "Vera": 100}, False)]
    assert ans["events_checked"] == 29 + 7 + 29
    # strict: deal 1 stops at 24, deal 2 at 35, deal 3 from 0
    ans = validate(api, revoke_log() + bad + rot(readme_log(), 2))
    assert deals(ans) == [(0, False, None, False), (29, False, None, False),
                          (58, True, {"Anna": 155, "Boris": 0, "Vera": 100}, False)]


def test_out_of_turn_is_not_applied_as_played(api):
    # the README's faulty log: after Boris's AC at 24 Anna wins trick 7, but the log has Boris lead AC again at 26
    log = readme_log()
    log[24] = {"type": "play", "player": "Boris", "card": "AC"}
    ans = validate(api, log, replay="as_played")
    assert faults(ans) == [(24, "thousand/11.3", "/log/24/card"), (26, "thousand/11.1", "/log/26/player")]
    assert deals(ans) == [(0, False, None, False)] and ans["complete"] is True


def test_a_wrong_dealer_is_played_as_dealt(api):
    # deal 2 dealt by Boris instead of Anna (thousand/3.4): strict stops it; as played scores it as Boris's deal
    log = readme_log() + rot(readme_log(), 2)
    strict = validate(api, log)
    assert faults(strict) == [(29, "thousand/3.4", "/log/29/dealer")]
    assert deals(strict)[1] == (29, False, None, False)
    played = validate(api, log, replay="as_played")
    assert faults(played) == [(29, "thousand/3.4", "/log/29/dealer")]
    # Vera 100, Anna 155, Boris 0 on top of 100, 155, 0
    assert deals(played)[1] == (29, False, {"Anna": 255, "Boris": 155, "Vera": 100}, True)


def test_a_redeal_is_an_entry_without_a_score(api):
    log = [readme_log()[0]] + [{"type": "pass", "player": p} for p in PLAYERS]
    ans = validate(api, log, options={"forced_bid_holder": "none"})
    assert deals(ans) == [(0, True, None, False)] and ans["complete"] is True


def test_a_false_redeal_claim_is_thrown_in_as_played(api):
    # Anna holds one nine (9C): no four nines (thousand/6.1); as played the deal is thrown in and Vera deals again
    log = [readme_log()[0], {"type": "redeal", "player": "Anna", "reason": "four_nines"}]
    strict = validate(api, log)
    assert faults(strict) == [(1, "thousand/6.1", "/log/1/reason")] and deals(strict) == [(0, False, None, False)]
    played = validate(api, log + readme_log(), replay="as_played")
    assert faults(played) == [(1, "thousand/6.1", "/log/1/reason")]
    assert deals(played) == [(0, False, None, False), (2, True, {"Anna": 100, "Boris": 155, "Vera": 0}, False)]


# ================================================================ complete, and the game's end

def test_complete_at_a_deal_end_and_not_one_event_earlier(api):
    whole = validate(api, readme_log())
    assert whole["complete"] is True and not {"dealer", "state", "position"} & set(whole)
    cut = validate(api, readme_log()[:-1])
    assert cut["valid"] is True and cut["complete"] is False and cut["deals"] == [] and cut["final"] is None
    # trick 8 so far: Boris AC, Vera 10C; Anna to play her last card, JC
    assert cut["dealer"] == "Vera"
    assert cut["position"] == {"phase": "play", "declarer": "Anna", "contract": 100,
                               "tricks_won": {"Anna": 4, "Boris": 3, "Vera": 0},
                               "marriages": [{"player": "Anna", "suit": "S", "trick": 2},
                                             {"player": "Boris", "suit": "H", "trick": 3}],
                               "trump": "H", "trick": {"leader": "Boris", "cards": ["AC", "10C"]}, "hand": ["JC"]}
    assert cut["state"]["scores"] == {"Anna": 0, "Boris": 0, "Vera": 0}


def test_complete_at_game_over_and_a_deal_after_it(api):
    ans = validate(api, barrel_log(), state=BARREL, options=ON_100)
    assert ans["valid"] is True and ans["complete"] is True
    assert deals(ans) == [(0, True, {"Anna": 1000, "Boris": 0, "Vera": 0}, False)]
    assert (ans["final"]["game_over"], ans["final"]["winner"]) == (True, "Anna")
    after = validate(api, barrel_log() + rot(readme_log(), 1), state=BARREL, options=ON_100)
    assert faults(after) == [(N + 1, "thousand/15.1", f"/log/{N + 1}")]
    assert deals(after)[1] == (N + 1, False, None, False) and after["complete"] is True
    assert after["final"] == ans["final"]


def test_replay_must_be_strict_or_as_played(api):
    err = api("validate", {"players": PLAYERS, "log": readme_log(), "replay": "x"}, status=422)
    assert [e["pointer"] for e in err["errors"]] == ["/replay"]


# ================================================================ a log in progress, handed on to check

def ruling_of(ans, index):
    v = [x for x in ans["violations"] if x["index"] == index]
    return (False, v[0]["rule"], v[0]["message"]) if v else (True, None, None)


def go_on(api, log, k, state=None, **kw):
    """Validate ``log[:k]``, and check ``log[k]`` in the position it reached: (legal, rule, message)."""
    body = {"players": PLAYERS, "log": log[:k], **kw}
    if state is not None:
        body["state"] = state
    cut = api("validate", body)
    assert cut["complete"] is False and cut["valid"] is True, k
    action = log[k]
    ans = api("check", {"players": PLAYERS, "dealer": cut["dealer"], "state": cut["state"],
                        "position": cut["position"], "action": action, **kw})
    v = ans["violations"]
    return (True, None, None) if ans["legal"] else (False, v[0]["rule"], v[0]["message"])


@pytest.mark.parametrize("k", range(1, N))
def test_every_cut_of_the_readme_deal_goes_on_in_check(api, k):
    # every next event is legal in the whole log, and check finds it legal from the cut-off log's position
    assert go_on(api, readme_log(), k) == ruling_of(validate(api, readme_log()), k) == (True, None, None)


@pytest.mark.parametrize("k", [N + 1, N + 3, N + 4, N + 5, N + 12, N + 20, 2 * N - 1])
def test_a_cut_in_the_second_deal_carries_the_state(api, k):
    log = readme_log() + rot(readme_log(), 1)
    assert go_on(api, log, k) == (True, None, None)


def test_a_cut_in_a_raised_barrel_deal(api):
    for k in (4, 5, 6, 10, 14):     # the exchange, the raise, the first lead, the marriage, a trump lead
        assert go_on(api, barrel_log(), k, state=BARREL, options=ON_100) == (True, None, None), k


def test_an_illegal_next_event_gets_the_same_ruling_in_check(api):
    whole = validate(api, revoke_log())
    assert go_on(api, revoke_log(), 24) == ruling_of(whole, 24) == (
        False, "thousand/11.3", "Boris has no diamonds and must play a trump (hearts)")
    # an illegal call: Vera, second to speak after Boris's pass, bids 103 (steps of 5, thousand/7.2)
    log = readme_log()
    log[2] = {"type": "bid", "player": "Vera", "amount": 103}
    assert go_on(api, log, 2) == ruling_of(validate(api, log), 2) == (
        False, "thousand/7.2", "bids go in steps of 5; 103 is not one")


# ================================================================ the CLI, one record per deal

def test_cli_per_deal_as_played(tmp_path):
    src = tmp_path / "logs.jsonl"
    src.write_text("\n".join(json.dumps({"game": "thousand", "players": PLAYERS, "log": log})
                             for log in (readme_log() + rot(readme_log(), 1), revoke_log() + rot(readme_log(), 1)))
                   + "\n")
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["validate", str(src), "--replay", "as_played", "--per-deal", "--output", str(out)])
    assert r.exit_code == 1, r.output       # the second log is invalid
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    base = {"source": str(src), "game": "thousand", "variant": "russian-classic", "winner": None,
            "engine_version": referee.__version__, "edition": registry.GAMES["thousand"].rulebook.edition}
    fv = {"index": 24, "event": "play", "rule": "thousand/11.3", "pointer": "/log/24/card",
          "message": "Boris has no diamonds and must play a trump (hearts)"}
    assert recs == [
        {**base, "line": 1, "status": "valid", "deal": 1, "index": 0, "valid": True, "as_played": False,
         "final": {"Anna": 100, "Boris": 155, "Vera": 0}, "first_violation": None, "violations": []},
        {**base, "line": 1, "status": "valid", "deal": 2, "index": 29, "valid": True, "as_played": False,
         "final": {"Anna": 100, "Boris": 255, "Vera": 155}, "first_violation": None, "violations": []},
        {**base, "line": 2, "status": "invalid", "deal": 1, "index": 0, "valid": False, "as_played": True,
         "final": {"Anna": 100, "Boris": 140, "Vera": 0}, "first_violation": fv, "violations": [fv]},
        {**base, "line": 2, "status": "invalid", "deal": 2, "index": 29, "valid": True, "as_played": False,
         "final": {"Anna": 100, "Boris": 240, "Vera": 155}, "first_violation": None, "violations": []},
    ]


# ================================================================ from the mutation pass of views.validate

def test_a_deal_left_unfinished_gets_its_entry_when_the_next_begins(api):
    # deal 1 stops after event 11 and deal 2 (Anna deals) begins at 12: deal 1 never finished (thousand/3.7)
    ans = validate(api, readme_log()[:12] + rot(readme_log(), 1))
    assert faults(ans) == [(12, "thousand/3.7", "/log/12")]
    assert deals(ans) == [(0, False, None, False), (12, True, {"Anna": 0, "Boris": 100, "Vera": 155}, False)]


def test_an_event_after_a_deal_ended_leaves_its_score_but_not_its_validity(api):
    ans = validate(api, readme_log() + [{"type": "play", "player": "Anna", "card": "JC"}])
    assert faults(ans) == [(N, "thousand/11.1", f"/log/{N}/card")]      # the deal is already over
    assert deals(ans) == [(0, False, {"Anna": 100, "Boris": 155, "Vera": 0}, False)] and ans["complete"] is True


def test_a_void_deal_is_scored_in_its_entry(api):
    # Vera exposes a card in dealing (thousand/5.1): the deal is void, and its penalty scored
    void = dict(readme_log()[0], irregularities=[{"type": "exposed_card", "player": "Vera"}])
    ans = validate(api, [void])
    assert ans["complete"] is True
    # Vera pays 120 for the exposed card (thousand/5.1)
    assert deals(ans) == [(0, True, {"Anna": 0, "Boris": 0, "Vera": -120}, False)]
    assert ans["deals"][0]["final"] == ans["final"]


def test_the_state_of_a_cut_in_the_second_deal_is_the_first_deals_totals(api):
    cut = validate(api, readme_log() + rot(readme_log(), 1)[:5])
    assert cut["state"]["scores"] == {"Anna": 100, "Boris": 155, "Vera": 0}
    assert cut["state"]["bolts"]["Vera"] == 1 and cut["dealer"] == "Anna"
