"""Issue 19 for Canasta: whole logs as a log pipeline reads them -- every deal reported (`deals`), logs in progress
(`complete` false, and the `dealer`, `state` and `position` that `check` takes to go on), `replay` strict or
as_played, `take_pile` in natural order (the pile first, the turn's melds after), the card missing from a meld.

The deals are real two-pack deals (108 cards: two copies of each suited card, four jokers), built on the example
log examples/canasta/validate-concealed.json (tests/test_canasta.py counts its score):

Deal 1 (West deals; seats N, E, S, W, so North plays first), 11 cards each, upcard 9C:
  N KH KD KS KC KH KD KS QH QD QS QC      E 4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C
  S 4S 5H 6D 7C 8H 9D 10S JD AS AC JK     W 4C 5D 6H 7S 8C 9H 10D JS AH 2D 3H
  West lays out 3H (replaced by KC); North draws 5C, melds seven kings and four queens, discards 5C: out concealed.
  Card values: 4-7 5, 8-K 10, A and 2 20, joker 50.
  NS: natural canasta 500 + going out concealed 200 = 700; melded 7 x 10 + 4 x 10 = 110; South keeps
  4S 5H 6D 7C (20) 8H 9D 10S JD (40) AS AC (40) JK (50) = 150: cards 110 - 150 = -40, deal 660.
  EW never melded: West's red three -100; East keeps 4H 4D 5S 6C 7H (25) 8D 9S 10C JH (40) AD 2C (40) = 105,
  West 4C 5D 6H 7S (20) 8C 9H 10D JS (40) AH 2D (40) KC (10) = 110: cards -215, deal -315.
Deal 2 (North deals, so East plays first), upcard 9C, the same hands one seat on:
  E KH KD KS KC KH KD KS QH QD QS QC      S 4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C
  W 4S 5H 6D 7C 8H 9D 10S JD AS AC JK     N 4C 5D 6H 7S 8C 9H 10D JS AH 2D KC
  East draws 5C, melds kings and queens, discards 5C: EW 700 + 110 - West's 150 = 660; NS never melded, no red
  three: South 105, North 110, deal -215.
  After deal 1: NS 660, EW -315; after both: NS 660 - 215 = 445, EW -315 + 660 = 345.  Deal 2 alone (deal 1
  unjudged, strict): EW 660, NS -215.
"""
import json
import pathlib

import pytest

from referee.cli import main

ROOT = pathlib.Path(__file__).resolve().parent.parent
SIDES = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]


def m(s):
    return s.split()


DEAL1 = {"type": "deal", "dealer": "W", "hands": {
    "N": m("KH KD KS KC KH KD KS QH QD QS QC"), "E": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
    "S": m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK"), "W": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 3H")}, "pile": ["9C"]}
DEAL2 = {"type": "deal", "dealer": "N", "hands": {
    "E": m("KH KD KS KC KH KD KS QH QD QS QC"), "S": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
    "W": m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK"), "N": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D KC")}, "pile": ["9C"]}
KINGS, QUEENS = m("KH KD KS KC KH KD KS"), m("QH QD QS QC")


def deal1(meld=None):
    """Deal 1: indexes 0 deal, 1 red three, 2 draw, 3 the meld, 4 the discard (out)."""
    return [DEAL1, {"type": "red_three", "player": "W", "card": "3H", "replacement": "KC"},
            {"type": "draw", "player": "N", "cards": ["5C"]},
            {"type": "meld", "player": "N", "melds": meld or [KINGS, QUEENS]},
            {"type": "discard", "player": "N", "card": "5C"}]


def deal2():
    return [DEAL2, {"type": "draw", "player": "E", "cards": ["5C"]},
            {"type": "meld", "player": "E", "melds": [KINGS, QUEENS]},
            {"type": "discard", "player": "E", "card": "5C"}]


def body(log, **kw):
    return {"sides": SIDES, "log": log, **kw}


def C(api, endpoint, req, status=200):
    return api(endpoint, req, status=status, game="canasta")


def totals(final):
    return {s["id"]: s["total_after"] for s in final["sides"]} if final else None


def entries(ans):
    return [(d["index"], d["valid"], totals(d["final"]), d["as_played"]) for d in ans["deals"]]




def bad_deal1():
    """Deal 1 with a short opening applied as played: 3 North melds QH QD QS (30 against 50, canasta/4.1), 4 melds
    the kings and lays QC on his queens (legal: the side has melds), 5 discards 5C and is out.  As played the
    table is deal 1's (the same melds in the end, still concealed: all in one turn): NS 660, EW -315."""
    return deal1()[:3] + [{"type": "meld", "player": "N", "melds": [m("QH QD QS")]},
                          {"type": "meld", "player": "N", "melds": [KINGS, {"rank": "Q", "cards": ["QC"]}]},
                          {"type": "discard", "player": "N", "card": "5C"}]


SHORT = ("canasta/4.1", "/log/3/melds")


def test_every_deal_is_reported(api):
    ans = C(api, "validate", body(deal1() + deal2()))
    assert (ans["valid"], ans["replay"], ans["complete"], ans["events_checked"]) == (True, "strict", True, 9)
    assert entries(ans) == [(0, True, {"NS": 660, "EW": -315}, False), (5, True, {"NS": 445, "EW": 345}, False)]
    assert ans["deals"][-1]["final"] == ans["final"]
    assert [s["hand_score"] for s in ans["deals"][0]["final"]["sides"]] == [660, -315]
    assert not {"dealer", "state", "position"} & set(ans)


def test_strict_stops_the_deal_and_judges_the_next_from_the_totals_before(api):
    ans = C(api, "validate", body(bad_deal1() + deal2()))
    assert [(v["index"], v["rule"], v["pointer"]) for v in ans["violations"]] == [(3, *SHORT)]
    assert ans["violations"][0]["penalty"]["rule"] == "canasta/8.1"
    # deal 1 unjudged: deal 2 from 0 / 0
    assert entries(ans) == [(0, False, None, False), (6, True, {"NS": -215, "EW": 660}, False)]
    assert (ans["valid"], ans["complete"], totals(ans["final"])) == (False, True, {"NS": -215, "EW": 660})
    assert ans["events_checked"] == 1 + 3 + 4        # deal 1's 4 and 5 are not judged


def test_as_played_applies_the_fault_judges_on_and_carries_the_totals(api):
    ans = C(api, "validate", body(bad_deal1() + deal2(), replay="as_played"))
    assert ans["replay"] == "as_played"
    assert [(v["index"], v["rule"], v["pointer"]) for v in ans["violations"]] == [(3, *SHORT)]
    assert ans["first_violation"] == ans["violations"][0]
    assert entries(ans) == [(0, False, {"NS": 660, "EW": -315}, True), (6, True, {"NS": 445, "EW": 345}, False)]
    assert (ans["valid"], ans["complete"], ans["events_checked"]) == (False, True, 10)


def test_as_played_lists_every_later_fault(api):
    # ask_required: 4 leaves North one card, so it is going out without asking (canasta/6.3), and so is 5's last
    # discard; both are applied as played, and the deal scores as deal 1 (no points for 6.3 without a "no").
    ans = C(api, "validate", body(bad_deal1(), replay="as_played", options={"ask_required": True}))
    assert [(v["index"], v["rule"], v["pointer"]) for v in ans["violations"]] == [
        (3, *SHORT), (4, "canasta/6.3", "/log/4/melds"), (5, "canasta/6.3", "/log/5/card")]
    assert entries(ans) == [(0, False, {"NS": 660, "EW": -315}, True)]
    strict = C(api, "validate", body(bad_deal1(), options={"ask_required": True}))
    assert [v["index"] for v in strict["violations"]] == [3]


def test_an_event_the_cards_do_not_allow_ends_the_deal(api):
    # North holds one QS: a second one cannot be melded, so deal 1 is not played on; deal 2 from 0 / 0
    log = deal1(meld=[m("QH QD QS QS")])[:4] + deal2()
    ans = C(api, "validate", body(log, replay="as_played"))
    v = ans["first_violation"]
    assert (v["index"], v["rule"], v["pointer"], v["message"]) == (
        3, "canasta/6.1", "/log/3/melds/0/3", "N does not hold all the cards melded: QS is missing")
    assert entries(ans) == [(0, False, None, False), (4, True, {"NS": -215, "EW": 660}, False)]
    assert (ans["valid"], ans["complete"]) == (False, True)


def test_the_missing_card_is_named_by_suit():
    # a suited log is held to its suits: KH KD KS twice and KC, so a second KC is not there (deal.py docstring)
    from referee.canasta.views import validate
    from referee.canasta.options import VARIANTS
    opts = VARIANTS["classic"].resolve({})
    ans = validate(body(deal1(meld=[m("KC KC KH")])), VARIANTS["classic"], opts)
    assert ans["first_violation"]["message"] == "N does not hold all the cards melded: KC is missing"
    assert ans["first_violation"]["pointer"] == "/log/3/melds/0/1"
    ans = validate(body(deal1(meld=[["K"] * 6 + ["KH"], QUEENS])[:4]), VARIANTS["classic"], opts)   # a rank: any suit
    assert ans["valid"] and not ans["complete"]


def check_body(ans, action):
    return {"sides": SIDES, "dealer": ans["dealer"], "state": ans["state"], "position": ans["position"],
            "action": action}


def test_a_log_in_progress_goes_on_with_check(api):
    cut = C(api, "validate", body(deal1()[:3]))          # North has drawn 5C
    assert (cut["valid"], cut["complete"], cut["deals"], cut["final"]) == (True, False, [], None)
    assert (cut["dealer"], cut["state"]) == ("W", {"scores": {"NS": 0, "EW": 0}, "rounds": 0})
    # 108 - 44 dealt - the upcard - West's replacement - North's draw = 61
    assert cut["position"] == {
        "phase": "play", "to_act": "N", "hand": m("KH KD KS KC KH KD KS QH QD QS QC 5C"),
        "melds": {}, "red_threes": {"EW": ["3H"]}, "pile": {"cards": ["9C"], "frozen_by": None}, "stock": 61,
        "turn": {"drew_from": "stock", "first_round": True}}
    # the legal next event: check allows it, and the whole log finds nothing there
    legal = C(api, "check", check_body(cut, deal1()[3]))
    assert (legal["legal"], legal["violations"]) == (True, [])
    assert C(api, "validate", body(deal1()[:4]))["violations"] == []
    # the illegal one: the same rule, message and penalty as the whole log gives it
    bad = C(api, "check", check_body(cut, bad_deal1()[3]))
    whole = C(api, "validate", body(bad_deal1()))["first_violation"]
    assert (bad["legal"], bad["violations"][0]["rule"], bad["violations"][0]["message"]) == (
        False, whole["rule"], whole["message"])
    assert bad["penalties"] == [whole["penalty"]] and whole["rule"] == "canasta/4.1"


def test_complete_at_the_end_of_a_deal_and_one_event_before(api):
    done = C(api, "validate", body(deal1()))
    assert (done["complete"], entries(done)) == (True, [(0, True, {"NS": 660, "EW": -315}, False)])
    before = C(api, "validate", body(deal1()[:4]))      # melded, 5C still to discard
    assert (before["valid"], before["complete"], before["deals"]) == (True, False, [])
    assert (before["position"]["hand"], before["position"]["melds"]) == (["5C"], {"NS": [KINGS, QUEENS]})
    assert before["position"]["turn"] == {"drew_from": "stock", "melded": True, "canasta_made": True,
                                          "first_round": True}
    out = C(api, "check", check_body(before, deal1()[4]))
    assert (out["legal"], out["effects"]) == (True, {"went_out": True, "concealed": True})
    # a second deal cut after its draw: the state is the game before it
    cut = C(api, "validate", body(deal1() + deal2()[:2]))
    assert (cut["complete"], cut["dealer"], cut["state"]) == (False, "N", {"scores": {"NS": 660, "EW": -315},
                                                                           "rounds": 1})
    assert len(cut["deals"]) == 1


def test_complete_at_game_over(api):
    # target 1,000: NS 500 + 660 = 1,160 ends the game with deal 1
    ans = C(api, "validate", body(deal1(), state={"scores": {"NS": 500, "EW": 0}}, options={"target": 1000}))
    assert (ans["complete"], ans["final"]["game_over"], entries(ans)) == (
        True, True, [(0, True, {"NS": 1160, "EW": -315}, False)])


def test_replay_is_strict_or_as_played(client):
    r = client.post("/v1/games/canasta/validate", json=body(deal1(), replay="x"))
    assert r.status_code == 422
    assert [e["pointer"] for e in r.get_json()["errors"]] == ["/replay"]


# ---------------------------------------------------------------- take_pile in natural order
# Deal 3 (West deals), upcard 9C; two packs: AH twice (East, North's draw), AC twice (South, West), the rest once or
# twice:
#   N KH KD KS KC KH KD KS QH QD QS QC      E AH AD AS 5S 6C 7H 8D 9S 10C JH 2C
#   S 4S 5H 6D 7C 8H 9D 10S JD JC AC JK     W 4C 5D 6H 7S 8C 9H 10D JS AC 2D 4H
# North draws AH and discards it; East takes the pile with AD AS and 2C: A A A 2 = 80, an opening (50), and the
# frozen pile (EW has not melded) is taken with a natural pair; East discards the 9C the pile gave him.
DEAL3 = {"type": "deal", "dealer": "W", "hands": {
    "N": m("KH KD KS KC KH KD KS QH QD QS QC"), "E": m("AH AD AS 5S 6C 7H 8D 9S 10C JH 2C"),
    "S": m("4S 5H 6D 7C 8H 9D 10S JD JC AC JK"), "W": m("4C 5D 6H 7S 8C 9H 10D JS AC 2D 4H")}, "pile": ["9C"]}
OPEN = [DEAL3, {"type": "draw", "player": "N", "cards": ["AH"]}, {"type": "discard", "player": "N", "card": "AH"}]
AFTER = [{"type": "discard", "player": "E", "card": "9C"}]


def natural(*melds):
    return OPEN + [{"type": "take_pile", "player": "E", "cards": ["AH"]}] + \
        [{"type": "meld", "player": "E", "melds": ms} for ms in melds] + AFTER


def test_take_pile_then_melds_is_the_shown_form(api):
    nat = C(api, "validate", body(natural([m("AH AD AS 2C")])))
    shown = C(api, "validate", body(OPEN + [{"type": "take_pile", "player": "E", "cards": m("AD AS 2C")}] + AFTER))
    assert (nat["valid"], shown["valid"], nat["complete"], nat["events_checked"]) == (True, True, False, 6)
    assert nat["position"] == shown["position"]
    assert nat["position"]["melds"] == {"EW": [m("AH AD AS 2C")]} and nat["position"]["to_act"] == "S"
    # one meld per event: the turn is judged as a whole all the same
    split = C(api, "validate", body(natural([m("AH AD AS")], [{"rank": "A", "cards": ["2C"]}])))
    assert split["position"] == nat["position"] and split["events_checked"] == 7


def test_take_pile_then_melds_faults_point_at_the_meld(api):
    # one ace shown with the top one: the frozen pile needs a natural pair from the hand (canasta/5.1)
    ans = C(api, "validate", body(natural([m("AH AD 2C")])))
    v = ans["first_violation"]
    assert (v["index"], v["event"], v["rule"], v["pointer"]) == (4, "meld", "canasta/5.1", "/log/4/melds/0")
    # a later meld of the turn that is no meld (canasta/3.1) is pointed at in its own event
    ans = C(api, "validate", body(natural([m("AH AD AS")], [m("5S 6C 7H")])))
    v = ans["first_violation"]
    assert (v["index"], v["rule"], v["pointer"]) == (5, "canasta/3.1", "/log/5/melds/0")
    # as played, the first is applied (a take the cards allow) and the turn goes on
    ans = C(api, "validate", body(natural([m("AH AD 2C")]), replay="as_played"))
    assert [v["index"] for v in ans["violations"]] == [4]
    assert ans["position"]["melds"] == {"EW": [m("AH AD 2C")]} and ans["position"]["to_act"] == "S"


# ---------------------------------------------------------------- the CLI

def test_cli_per_deal_as_played(tmp_path):
    from click.testing import CliRunner
    src = tmp_path / "logs.jsonl"
    src.write_text("\n".join(json.dumps({"game": "canasta", **body(log)}) for log in (
        bad_deal1() + deal2(), deal1(meld=[m("QH QD QS QS")])[:4] + deal2())) + "\n")
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["validate", str(src), "--replay", "as_played", "--per-deal", "--output", str(out)])
    assert r.exit_code == 1, r.output
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    short = {"index": 3, "event": "meld", "rule": "canasta/4.1", "pointer": "/log/3/melds"}
    first = recs[0].pop("first_violation")
    assert {k: first[k] for k in short} == short
    assert recs[0].pop("violations") == [first]       # each deal's record carries its own violations
    missing = recs[2].pop("first_violation")
    assert (missing["index"], missing["rule"]) == (3, "canasta/6.1")
    assert recs[2].pop("violations") == [missing]
    common = {"source": str(src), "status": "invalid", "game": "canasta", "variant": "classic", "winner": None}
    assert recs == [
        {**common, "line": 1, "deal": 1, "index": 0, "valid": False, "as_played": True,
         "final": {"NS": 660, "EW": -315}},
        {**common, "line": 1, "deal": 2, "index": 6, "valid": True, "as_played": False,
         "final": {"NS": 445, "EW": 345}, "first_violation": None, "violations": []},
        {**common, "line": 2, "deal": 1, "index": 0, "valid": False, "as_played": False, "final": None},
        {**common, "line": 2, "deal": 2, "index": 4, "valid": True, "as_played": False,
         "final": {"NS": -215, "EW": 660}, "first_violation": None, "violations": []}]
