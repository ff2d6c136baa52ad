"""Issue 19 for Pinochle: whole logs as a log pipeline reads them: one ``deals`` entry per deal, ``replay`` strict
or as_played, logs in progress (``complete: false`` and the ``dealer``, ``state`` and ``position`` that check
takes to go on), and the CLI's per-deal records.

The logs are real games of three-hand auction Pinochle (48 cards, two of each; 15 a hand and a widow of 3), built
from the deal of tests/pinochle/test_logs.py with the seats turning: the player left of the dealer holds the twelve
spades and AH AH 10H, bids 300, names spades, takes the widow (10H 9C 9C), buries it and takes all 15 tricks.  That
is 1,520 meld (both spade flushes 1,500, two dixes 20) and 250 card points, so the bid of 300 is made: +300 to the
bidder, 0 to the others (pinochle/8.4).  Each deal is 52 events: the deal, 6 calls and actions, 45 plays.
"""
import copy
import json

import pytest
from click.testing import CliRunner

import referee
from referee import registry
from referee.cli import main
from tests.pinochle_helpers import THREE, WIDOW

VARIANT = "three-hand-auction"
BIDDER = "AS AS 10S 10S KS KS QS QS JS JS 9S 9S AH AH 10H"
SECOND = "KH KH QH QH JH JH 9H 9H AD AD 10D 10D KD KD QD"
DEALER = "QD JD JD 9D 9D AC AC 10C 10C KC KC QC QC JC JC"
BIDDER_PLAYS = BIDDER.split()                 # twelve spades, then AH AH 10H
# the second hand throws diamonds and hearts on the spades and keeps KH QH QD for the three heart tricks: it
# follows AH with KH, AH with QH, and throws QD on 10H (void in hearts then, and in spades)
SECOND_PLAYS = "AD AD 10D 10D KD KD KH 9H 9H JH JH QH KH QH QD".split()
# the same, with a revoke at the 13th trick: QD on AH while holding KH and QH (pinochle/5.2)
REVOKE_PLAYS = "AD AD 10D 10D KD KD KH 9H 9H JH JH QH QD QH KH".split()
DEALER_PLAYS = DEALER.split()
REVOKE_AT = 7 + 12 * 3 + 1                      # the 13th trick's second play, within a deal
DEAL_LEN = 52


def after(p):
    return THREE[(THREE.index(p) + 1) % 3]


def deal(dealer, second_plays=SECOND_PLAYS):
    """One three-hand deal dealt by ``dealer``: the player to the dealer's left bids 300 and takes every trick."""
    b1 = after(dealer)
    b2 = after(b1)
    log = [{"type": "deal", "dealer": dealer, "hands": {b1: BIDDER.split(), b2: SECOND.split(), dealer: DEALER.split()},
            "widow": WIDOW.split()},
           {"type": "bid", "player": b1, "amount": 300}, {"type": "pass", "player": b2},
           {"type": "pass", "player": dealer}, {"type": "trump", "player": b1, "suit": "S"},
           {"type": "widow", "player": b1}, {"type": "bury", "player": b1, "cards": WIDOW.split()}]
    for a, b, c in zip(BIDDER_PLAYS, second_plays, DEALER_PLAYS):
        log += [{"type": "play", "player": b1, "card": a}, {"type": "play", "player": b2, "card": b},
                {"type": "play", "player": dealer, "card": c}]
    assert len(log) == DEAL_LEN
    return log


def body(log, **kw):
    return {"variant": VARIANT, "players": THREE, "log": log, **kw}


def V(api, log, status=200, **kw):
    return api("validate", body(log, **kw), status=status, game="pinochle")


def totals(final):
    return final and {p["id"]: p["total_after"] for p in final["players"]}


def entries(ans):
    return [(d["index"], d["valid"], totals(d["final"]), d["as_played"]) for d in ans["deals"]]


def vio(ans):
    return [(v["index"], v["rule"], v["pointer"]) for v in ans["violations"]]


# ---------------------------------------------------------------- every deal reported

def test_three_deals_each_reported(api):
    # Cid deals (Ann bids and makes 300), then Ann (Bob makes 300), then Bob (Cid makes 300): 300 each
    log = deal("Cid") + deal("Ann") + deal("Bob")
    ans = V(api, log)
    assert (ans["valid"], ans["replay"], ans["complete"], ans["events_checked"]) == (True, "strict", True, 156)
    assert entries(ans) == [(0, True, {"Ann": 300, "Bob": 0, "Cid": 0}, False),
                            (52, True, {"Ann": 300, "Bob": 300, "Cid": 0}, False),
                            (104, True, {"Ann": 300, "Bob": 300, "Cid": 300}, False)]
    assert ans["final"] == ans["deals"][-1]["final"]           # final is the last scored deal's answer
    assert ans["deals"][1]["final"]["contract"] == {"declarer": "Bob", "bid": 300, "conceded": False, "made": True,
                                                    "meld": ans["deals"][1]["final"]["contract"]["meld"],
                                                    "rule": "pinochle/8.4"}
    assert "dealer" not in ans and "position" not in ans and "state" not in ans


def test_a_thrown_in_deal_has_an_entry_without_a_score(api):
    # everybody passes: the deal is over, valid, with nothing to score; Ann deals the next one
    log = deal("Cid")[:1] + [{"type": "pass", "player": p} for p in ("Ann", "Bob", "Cid")] + deal("Ann")
    ans = V(api, log)
    assert ans["valid"] and ans["complete"]
    assert entries(ans) == [(0, True, None, False), (4, True, {"Ann": 0, "Bob": 300, "Cid": 0}, False)]


# ---------------------------------------------------------------- strict and as_played

def revoke_log():
    return deal("Cid", REVOKE_PLAYS) + deal("Ann")


def test_strict_stops_the_deal_at_its_first_violation(api):
    # deal 1: Bob throws QD on Ann's AH at index 44 while holding KH QH: its judging stops there, no score; deal 2
    # (Bob makes 300) starts from the totals before deal 1: Bob 300, the others 0
    ans = V(api, revoke_log())
    assert ans["valid"] is False and ans["complete"] is True
    assert vio(ans) == [(REVOKE_AT, "pinochle/5.2", f"/log/{REVOKE_AT}/card")]
    assert ans["first_violation"]["message"] == "Bob holds hearts and must follow suit"
    assert entries(ans) == [(0, False, None, False), (52, True, {"Ann": 0, "Bob": 300, "Cid": 0}, False)]
    # deal 1's 45 events up to the revoke (the deal, 6, 38 plays), then deal 2's 52
    assert ans["events_checked"] == 45 + 52


def test_as_played_applies_the_revoke_and_judges_on(api):
    log = revoke_log()
    log[REVOKE_AT + 4]["card"] = "AC"      # and at the 14th trick Cid plays AC, which he played at the 6th
    ans = V(api, log, replay="as_played")
    assert ans["replay"] == "as_played" and ans["valid"] is False and ans["complete"] is True
    # the card not held ends deal 1's judging (no score); deal 2 from the totals before: Bob 300
    assert vio(ans) == [(REVOKE_AT, "pinochle/5.2", f"/log/{REVOKE_AT}/card"),
                        (REVOKE_AT + 4, "pinochle/1.1", f"/log/{REVOKE_AT + 4}/card")]
    assert entries(ans) == [(0, False, None, False), (52, True, {"Ann": 0, "Bob": 300, "Cid": 0}, False)]
    # the same log without the AC: the revoke is applied as logged, Bob's QD loses to AH all the same, Ann still
    # takes all 15 tricks and makes 300, scored as played; deal 2 starts from Ann 300, and Bob makes 300
    ans = V(api, revoke_log(), replay="as_played")
    assert vio(ans) == [(REVOKE_AT, "pinochle/5.2", f"/log/{REVOKE_AT}/card")]
    assert ans["first_violation"] == {**ans["violations"][0], "event": "play"}
    assert entries(ans) == [(0, False, {"Ann": 300, "Bob": 0, "Cid": 0}, True),
                            (52, True, {"Ann": 300, "Bob": 300, "Cid": 0}, False)]
    assert ans["events_checked"] == 104
    ann = ans["deals"][0]["final"]["players"][0]
    assert (ann["meld_points"], ann["raw_card_points"], ann["tricks"], ann["hand_score"]) == (1520, 250, 15, 300)


def test_as_played_every_violation_listed(api):
    # deal 1: Bob opens 300 out of turn (Ann, left of the dealer Cid, speaks first: pinochle/8.2) and Ann overcalls
    # 310 (a legal amount after 300)
    log = deal("Cid")
    log[1:4] = [{"type": "bid", "player": "Bob", "amount": 300}, {"type": "bid", "player": "Ann", "amount": 310},
                {"type": "pass", "player": "Bob"}, {"type": "pass", "player": "Cid"}]
    # Bob's opening is out of turn (8.2, at /player); as played the auction goes on after Bob: Cid's turn, but Ann
    # bids (out of turn again, 8.2); then Bob and Cid pass: Ann is the bidder at 310, and makes it (1,770 ≥ 310)
    ans = V(api, log, replay="as_played")
    assert vio(ans) == [(1, "pinochle/8.2", "/log/1/player"), (2, "pinochle/8.2", "/log/2/player")]
    assert entries(ans) == [(0, False, {"Ann": 310, "Bob": 0, "Cid": 0}, True)]
    # strict: the deal stops at the first, nothing scored
    ans = V(api, log)
    assert vio(ans) == [(1, "pinochle/8.2", "/log/1/player")] and entries(ans) == [(0, False, None, False)]


def test_an_unappliable_event_ends_the_deal_and_the_next_is_judged(api):
    # as played, Bob bids in deal 1 after passing (he cannot: pinochle/8.2); deal 1's judging ends there and deal 2
    # is judged from its own deal event with the totals before: 0 each, then Bob +300
    log = deal("Cid")
    log.insert(3, {"type": "bid", "player": "Bob", "amount": 320})
    log = log[:DEAL_LEN + 1] + deal("Ann")
    ans = V(api, log, replay="as_played")
    assert vio(ans) == [(3, "pinochle/8.2", "/log/3/player")]
    assert ans["violations"][0]["message"] == "Bob has passed and may not bid again"
    assert entries(ans) == [(0, False, None, False), (53, True, {"Ann": 0, "Bob": 300, "Cid": 0}, False)]
    assert ans["events_checked"] == 4 + 52


def test_as_played_a_wrong_dealer_is_the_deal_dealt(api):
    # deal 2 dealt by Bob instead of Ann (pinochle/8.5): strict stops there, as played the deal is judged as dealt
    # (Cid, left of Bob, bids and makes 300)
    log = deal("Cid") + deal("Bob")
    ans = V(api, log)
    assert vio(ans) == [(52, "pinochle/8.5", "/log/52/dealer")]
    assert entries(ans)[1] == (52, False, None, False)
    ans = V(api, log, replay="as_played")
    assert entries(ans)[1] == (52, False, {"Ann": 300, "Bob": 0, "Cid": 300}, True)


def test_replay_must_be_strict_or_as_played(api):
    err = V(api, deal("Cid"), status=422, replay="x")["errors"][0]
    assert err["pointer"] == "/replay"


# ---------------------------------------------------------------- complete, and logs in progress

def test_complete_at_the_deals_last_event_and_not_one_earlier(api):
    log = deal("Cid") + deal("Ann")
    ans = V(api, log[:2 * DEAL_LEN])
    assert ans["complete"] is True and len(ans["deals"]) == 2
    ans = V(api, log[:2 * DEAL_LEN - 1])       # Ann's last card not yet played
    assert ans["valid"] is True and ans["complete"] is False and ans["violations"] == []
    assert entries(ans) == [(0, True, {"Ann": 300, "Bob": 0, "Cid": 0}, False)]   # deal 2 has no entry yet
    assert ans["dealer"] == "Ann" and ans["state"] == {"scores": {"Ann": 300, "Bob": 0, "Cid": 0}}
    # Bob led 10H and Cid threw QD: Ann, holding JC, plays last
    assert ans["position"] == {"phase": "play", "trump": "S", "tricks_done": 14, "hand": ["JC"],
                               "trick": {"leader": "Bob", "cards": ["10H", "QD"]}}


def test_complete_at_game_over(api):
    # the partnership deal of tests/pinochle/test_logs.py ends the game (Ann+Cid 1,810 ≥ 1,000)
    from tests.pinochle_helpers import FOUR, partnership_log
    ans = api("validate", {"variant": "partnership", "players": FOUR, "log": partnership_log()}, game="pinochle")
    assert ans["complete"] is True and ans["final"]["game_over"] is True
    assert [(d["index"], d["valid"], d["as_played"]) for d in ans["deals"]] == [(0, True, False)]
    # a deal after the game is over: a violation, an entry not judged, and the log still complete
    later = copy.deepcopy(partnership_log()[:2])
    later[0]["dealer"] = "Ann"
    ans = api("validate", {"variant": "partnership", "players": FOUR, "log": partnership_log() + later},
              game="pinochle")
    assert vio(ans) == [(54, "pinochle/6.3", "/log/54")] and ans["complete"] is True
    assert [(d["index"], d["valid"], d["final"]) for d in ans["deals"]][1] == (54, False, None)


def check_from(api, ans, action, players=THREE, variant=VARIANT, options=None):
    """The check request a client builds from a cut-off log's answer, and its ruling (legal, rule)."""
    req = {"variant": variant, "players": players, "dealer": ans["dealer"], "state": ans["state"],
           "position": ans["position"], "action": action}
    if options:
        req["options"] = options
    got = api("check", req, game="pinochle")
    return got["legal"], (got["violations"][0]["rule"] if got["violations"] else None)


def whole(ans_whole, i):
    """The ruling the whole log gives its event ``i``: legal, or the rule of its violation."""
    v = [x for x in ans_whole["violations"] if x["index"] == i]
    return (not v, v[0]["rule"] if v else None)


@pytest.mark.parametrize("plays,legal", [(SECOND_PLAYS, (True, None)), (REVOKE_PLAYS, (False, "pinochle/5.2"))])
def test_a_cut_off_log_goes_on_with_check(api, plays, legal):
    # deal 2 (Ann deals, Bob bids) cut just before Cid's play to the 13th trick, where Bob has led AH and Cid holds
    # KH QH QD: KH follows (legal), QD revokes (5.2)
    log = deal("Cid") + deal("Ann", plays)
    i = DEAL_LEN + REVOKE_AT
    cut = V(api, log[:i])
    assert cut["complete"] is False and cut["valid"] is True
    assert cut["position"] == {"phase": "play", "trump": "S", "tricks_done": 12, "hand": ["KH", "QH", "QD"],
                               "trick": {"leader": "Bob", "cards": ["AH"]}}
    action = {k: v for k, v in log[i].items() if k != "type"} | {"type": "play"}
    assert check_from(api, cut, action) == whole(V(api, log), i) == legal


@pytest.mark.parametrize("event,legal", [({"type": "bid", "player": "Bob", "amount": 310}, (True, None)),
                                         ({"type": "bid", "player": "Ann", "amount": 310}, (False, "pinochle/8.2"))])
def test_a_log_cut_in_the_auction_goes_on_with_check(api, event, legal):
    # Ann opened 300 in deal 1: Bob speaks next; Ann bidding again is out of turn
    log = deal("Cid")[:2]
    cut = V(api, log)
    assert cut["position"] == {"phase": "bidding", "bids": [{"player": "Ann", "type": "bid", "amount": 300}]}
    assert cut["dealer"] == "Cid" and cut["state"] == {"scores": {"Ann": 0, "Bob": 0, "Cid": 0}}
    assert check_from(api, cut, event) == whole(V(api, log + [event]), 2) == legal


def two_handed_example():
    import pathlib
    b = json.loads((pathlib.Path(__file__).resolve().parents[2] / "examples" / "pinochle"
                    / "two-handed-game.json").read_text())
    return b["log"]


@pytest.mark.parametrize("cut,event,legal", [
    # Bob took the first trick (QD, Ann threw QS): his chance to meld before drawing; KC QC is a marriage
    (3, {"type": "meld", "player": "Bob", "cards": ["KC", "QC"]}, (True, None)),
    (3, {"type": "meld", "player": "Bob", "cards": ["KC", "QS"]}, (False, "pinochle/4.1")),
    # Bob has melded and drawn: Ann draws now
    (5, {"type": "draw", "player": "Ann", "card": "KS"}, (True, None)),
    # both have drawn: Bob leads
    (6, {"type": "play", "player": "Bob", "card": "AS"}, (True, None)),
    (6, {"type": "play", "player": "Bob", "card": "9C"}, (False, "pinochle/1.1")),
])
def test_a_two_handed_log_cut_off_goes_on_with_check(api, cut, event, legal):
    log = two_handed_example()[:cut] + [event]
    ans = api("validate", {"players": ["Ann", "Bob"], "log": log[:cut]}, game="pinochle")
    assert ans["complete"] is False and ans["state"] == {"scores": {"Ann": 0, "Bob": 0}, "target": 1000}
    whole_ans = api("validate", {"players": ["Ann", "Bob"], "log": log}, game="pinochle")
    assert check_from(api, ans, event, players=["Ann", "Bob"], variant="two-handed") == whole(whole_ans, cut) == legal


def test_the_position_of_a_two_handed_meld_turn(api):
    ans = api("validate", {"players": ["Ann", "Bob"], "log": two_handed_example()[:3]}, game="pinochle")
    # Bob (12 dealt, QD played) holds 11; the upcard JH is under the stock
    assert ans["position"] == {"phase": "meld", "trump": "H", "tricks_done": 1, "drawn": False,
                               "melded_this_trick": False,
                               "hand": ["JS", "10D", "AH", "10D", "AS", "AC", "JH", "QC", "KC", "QS", "QH"],
                               "upcard": "JH", "exchanged": False, "melds": [], "played_from_table": []}
    # after the marriage and both draws Bob leads: KC QC on the table, JC drawn into the hand
    ans = api("validate", {"players": ["Ann", "Bob"], "log": two_handed_example()[:6]}, game="pinochle")
    pos = ans["position"]
    assert (pos["phase"], pos["melds"], pos["trick"], len(pos["hand"])) == (
        "play", [{"cards": ["KC", "QC"]}], {"leader": "Bob", "cards": []}, 10)


# ---------------------------------------------------------------- the CLI, one record per deal

def test_the_cli_per_deal_as_played(tmp_path):
    src = tmp_path / "logs.jsonl"
    first = {"game": "pinochle", **body(revoke_log())}
    second = {"game": "pinochle", **body(deal("Cid"))}
    src.write_text(json.dumps(first) + "\n" + json.dumps(second) + "\n")
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["validate", str(src), "--replay", "as_played", "--per-deal", "--output", str(out)])
    assert r.exit_code == 1, r.output               # the first log has a violation
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    fv = {"index": REVOKE_AT, "event": "play", "rule": "pinochle/5.2",
          "message": "Bob holds hearts and must follow suit", "pointer": f"/log/{REVOKE_AT}/card"}
    common = {"source": str(src), "game": "pinochle", "variant": VARIANT,
            "engine_version": referee.__version__, "edition": registry.GAMES["pinochle"].rulebook.edition}
    assert recs == [
        {**common, "line": 1, "status": "invalid", "deal": 1, "index": 0, "valid": False, "as_played": True,
         "final": {"Ann": 300, "Bob": 0, "Cid": 0}, "winner": None, "first_violation": fv, "violations": [fv]},
        {**common, "line": 1, "status": "invalid", "deal": 2, "index": 52, "valid": True, "as_played": False,
         "final": {"Ann": 300, "Bob": 300, "Cid": 0}, "winner": None, "first_violation": None, "violations": []},
        {**common, "line": 2, "status": "valid", "deal": 1, "index": 0, "valid": True, "as_played": False,
         "final": {"Ann": 300, "Bob": 0, "Cid": 0}, "winner": None, "first_violation": None, "violations": []},
    ]
