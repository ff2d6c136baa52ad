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

import referee
from referee import registry
from referee.canasta.options import VARIANTS
from referee.cli import main
from tests.canasta_helpers import DEAL, S4, m

ROOT = pathlib.Path(__file__).resolve().parents[2]
SIDES = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]


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
    from referee.canasta.options import VARIANTS
    from referee.canasta.views import validate
    from tests.canasta_helpers import loaded
    opts = VARIANTS["classic"].resolve({})
    ans = validate(loaded("validate", body(deal1(meld=[m("KC KC KH")]))), VARIANTS["classic"], opts)
    assert ans["first_violation"]["message"] == "N does not hold all the cards melded: KC is missing"
    assert ans["first_violation"]["pointer"] == "/log/3/melds/0/1"
    ans = validate(loaded("validate", body(deal1(meld=[["K"] * 6 + ["KH"], QUEENS])[:4])), VARIANTS["classic"],
                   opts)   # a rank: any suit
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
    common = {"source": str(src), "status": "invalid", "game": "canasta", "variant": "classic", "winner": None,
            "engine_version": referee.__version__, "edition": registry.GAMES["canasta"].rulebook.edition}
    assert recs == [
        {**common, "line": 1, "deal": 1, "index": 0, "valid": False, "as_played": True,
         "final": {"NS": 660, "EW": -315}},
        {**common, "line": 1, "deal": 2, "index": 6, "valid": True, "as_played": False,
         "final": {"NS": 445, "EW": 345}, "first_violation": None, "violations": []},
        {**common, "line": 2, "deal": 1, "index": 0, "valid": False, "as_played": False, "final": None},
        {**common, "line": 2, "deal": 2, "index": 4, "valid": True, "as_played": False,
         "final": {"NS": -215, "EW": 660}, "first_violation": None, "violations": []}]


# ---------------------------------------------------------------- the tester's round (fix2): take_pile in natural
# order cut off and at fault, red threes laid out by each player, every cut point checked against the whole log.
# Deal 4 (West deals, so North plays first), the upcard AH alone; North holds AD AS (a natural pair of aces) and
# QH QD QS, and no AH and no AC:
#   N AD AS QH QD QS 5S 6S 7S 8S 9S KH      E 4H 4D 5H 6H 7H 8H 9H 10H JH QH 4C
#   S 4S 5D 6D 7D 8D 9D 10D JD QD KS 5C     W 6C 7C 8C 9C 10C JC QC KC 4S 5S 6D
# 108 - 44 dealt - the upcard = 63 in the stock.  North takes the pile (AH) in natural order.
DEAL4 = {"type": "deal", "dealer": "W", "pile": ["AH"], "hands": {
    "N": m("AD AS QH QD QS 5S 6S 7S 8S 9S KH"), "E": m("4H 4D 5H 6H 7H 8H 9H 10H JH QH 4C"),
    "S": m("4S 5D 6D 7D 8D 9D 10D JD QD KS 5C"), "W": m("6C 7C 8C 9C 10C JC QC KC 4S 5S 6D")}}
TAKE = {"type": "take_pile", "player": "N", "cards": ["AH"]}
N_HAND = DEAL4["hands"]["N"]


def nmeld(*melds):
    return {"type": "meld", "player": "N", "melds": list(melds)}


def ndiscard(card):
    return {"type": "discard", "player": "N", "card": card}


def rulings(ans):
    return [(v["index"], v["event"], v["rule"], v["pointer"], v["message"]) for v in ans["violations"]]


def test_a_log_cut_after_a_natural_take_is_in_progress(api):
    ans = C(api, "validate", body([DEAL4, TAKE]))
    assert (ans["valid"], ans["complete"], ans["violations"], ans["deals"]) == (True, False, [], [])
    assert (ans["dealer"], ans["state"]) == ("W", {"scores": {"NS": 0, "EW": 0}, "rounds": 0})
    # the position before the take, the take recorded: the next event is judged with it as one turn
    assert ans["position"] == {"phase": "draw", "to_act": "N", "hand": N_HAND, "melds": {}, "red_threes": {},
                               "pile": {"cards": ["AH"], "frozen_by": None}, "stock": 63,
                               "taking_pile": {"melds": []}}
    # the take itself, in check: legal, its melds to come
    took = C(api, "check", check_body({**ans, "position": {**ans["position"], "taking_pile": None}} | {
        "position": {k: v for k, v in ans["position"].items() if k != "taking_pile"}}, TAKE))
    assert (took["legal"], took["effects"]) == (True, {"taking_pile": True})
    # AH AD AS = 60 and QH QD QS = 30: 90 against the 50 a first meld needs, the pile (one card) taken with the
    # natural pair: legal, the pile's one card melded, North holds 11 - 5 = 6 cards
    ok = C(api, "check", check_body(ans, nmeld(m("AH AD AS"), m("QH QD QS"))))
    assert (ok["legal"], ok["violations"]) == (True, [])
    whole = C(api, "validate", body([DEAL4, TAKE, nmeld(m("AH AD AS"), m("QH QD QS")), ndiscard("5S")]))
    assert (whole["valid"], whole["position"]["melds"]) == (True, {"NS": [m("AH AD AS"), m("QH QD QS")]})
    # a discard with nothing melded: the pile rule, in check as in the whole log
    bad = C(api, "check", check_body(ans, ndiscard("5S")))
    assert [(v["rule"], v["pointer"]) for v in bad["violations"]] == [("canasta/5.2", "/action")]
    assert bad["penalties"][0]["rule"] == "canasta/8.4"


def test_a_natural_take_without_its_top_card_breaks_the_pile_rule_at_the_meld(api):
    no_top = "N took the pile: his first meld holds its top card AH, with the cards from his hand that take it"
    none = "N took the pile but melded nothing: its top card AH goes straight into a meld with the cards from his " \
        "hand that take it"
    ans = C(api, "validate", body([DEAL4, TAKE, nmeld(m("QH QD QS")), ndiscard("5S")]))
    assert rulings(ans) == [(2, "meld", "canasta/5.2", "/log/2/melds", no_top)]
    assert entries(ans) == [(0, False, None, False)] and ans["complete"]
    ans = C(api, "validate", body([DEAL4, TAKE, ndiscard("5S")]))
    assert rulings(ans) == [(2, "discard", "canasta/5.2", "/log/2", none)]
    # as played the pile (AH) joins the hand and judging goes on: QH QD QS alone is 30, short of 50 (canasta/4.1);
    # North then holds 11 + 1 - 3 = 9 cards, his turn still on
    ans = C(api, "validate", body([DEAL4, TAKE, nmeld(m("QH QD QS"))], replay="as_played"))
    assert [(v[0], v[2]) for v in rulings(ans)] == [(2, "canasta/5.2"), (2, "canasta/4.1")]
    assert (ans["complete"], ans["position"]["hand"]) == (False, m("AD AS 5S 6S 7S 8S 9S KH AH"))
    ans = C(api, "validate", body([DEAL4, TAKE, ndiscard("5S")], replay="as_played"))
    assert rulings(ans) == [(2, "discard", "canasta/5.2", "/log/2", none)]
    assert (ans["position"]["to_act"], ans["position"]["pile"]["cards"]) == ("E", ["5S"])


def test_the_top_card_in_the_second_meld_of_the_first_meld_event(api):
    # the melds of one event are laid at once: QH QD QS beside AH AD AS is the take with a further meld, 90 in all
    ans = C(api, "validate", body([DEAL4, TAKE, nmeld(m("QH QD QS"), m("AH AD AS")), ndiscard("5S")]))
    assert (ans["valid"], ans["violations"]) == (True, [])
    assert ans["position"]["melds"] == {"NS": [m("AH AD AS"), m("QH QD QS")]}
    # in a later event it is no take: the first meld event (QH QD QS) holds no top card
    ans = C(api, "validate", body([DEAL4, TAKE, nmeld(m("QH QD QS")), nmeld(m("AH AD AS"))]))
    assert [(v[0], v[2], v[3]) for v in rulings(ans)] == [(2, "canasta/5.2", "/log/2/melds")]


def test_the_missing_card_of_a_natural_take_is_named(api):
    ans = C(api, "validate", body([DEAL4, TAKE, nmeld(m("AH AD AS AC")), ndiscard("5S")]))
    assert rulings(ans) == [(2, "meld", "canasta/6.1", "/log/2/melds/0/3",
                             "N does not hold all the cards melded: AC is missing")]
    # the top card laid off again once melded: a plain meld after the take, that card named
    ans = C(api, "validate", body([DEAL4, TAKE, nmeld(m("AH AD AS")), nmeld({"rank": "A", "cards": ["AH"]}),
                                   ndiscard("5S")]))
    assert rulings(ans) == [(3, "meld", "canasta/6.1", "/log/3/melds/0/cards/0",
                             "N does not hold all the cards melded: AH is missing")]
    # the shown form names its card too
    ans = C(api, "validate", body([DEAL4, {"type": "take_pile", "player": "N", "cards": m("AD AC")}]))
    assert rulings(ans) == [(1, "take_pile", "canasta/6.1", "/log/1/cards/1",
                             "N does not hold all the cards shown: AC is missing")]
    ans = C(api, "validate", body([DEAL4, {"type": "take_pile", "player": "N", "cards": m("AD AS"),
                                           "melds": [m("QH QD QS QC")]}]))
    assert rulings(ans) == [(1, "take_pile", "canasta/6.1", "/log/1/melds/0/3",
                             "N does not hold all the cards of these melds: QC is missing")]


def test_cut_inside_a_natural_take_before_its_melds_are_all_there(api):
    # AH AD AS (60) is enough; cut after it the take is judged and applied, the turn goes on (QH QD QS next)
    cut = C(api, "validate", body([DEAL4, TAKE, nmeld(m("AH AD AS"))]))
    assert (cut["valid"], cut["complete"], cut["position"]["phase"]) == (True, False, "play")
    assert cut["position"]["hand"] == m("QH QD QS 5S 6S 7S 8S 9S KH")
    # a short first meld (AH AD AS under a 90 minimum: a side at 1,500) still being laid: no violation yet, the
    # position carries the melds so far; QH QD QS next makes 90 and the check of it agrees with the whole log
    st = {"scores": {"NS": 1500, "EW": 0}}
    log = [DEAL4, TAKE, nmeld(m("AH AD AS")), nmeld(m("QH QD QS")), ndiscard("5S")]
    cut = C(api, "validate", body(log[:3], state=st))
    assert (cut["valid"], cut["complete"], cut["position"]["taking_pile"]) == (True, False, {"melds": [m("AH AD AS")]})
    assert C(api, "check", check_body(cut, log[3]))["legal"] is True
    assert C(api, "validate", body(log, state=st))["valid"] is True
    # without the queens: 60 against 90 (canasta/4.1) at the discard's check, as the whole log rules it
    short = C(api, "check", check_body(cut, ndiscard("5S")))
    whole = C(api, "validate", body(log[:3] + [ndiscard("5S")], state=st))
    assert [(v["rule"], v["message"]) for v in short["violations"]] == [
        (v["rule"], v["message"]) for v in whole["violations"]]
    assert whole["violations"][0]["rule"] == "canasta/4.1" and whole["violations"][0]["pointer"] == "/log/2/melds/0"


def _docs_validate_bodies():
    import re
    out = []
    for doc in ("docs/canasta.md", "docs/canasta-logs.md"):
        text = (ROOT / doc).read_text()
        for block in re.findall(r"canasta/validate[^\n]*-d '\n(.*?)\n'", text, re.S):
            out.append((doc, json.loads(block)))
    for n, line in enumerate((ROOT / "examples/canasta/batch.jsonl").read_text().splitlines(), 1):
        if line.strip():
            req = json.loads(line)
            req.pop("game", None)
            out.append((f"batch.jsonl:{n}", req))
    return out


NATURAL_LOGS = [("natural", body(natural([m("AH AD AS 2C")]))),
                ("natural split", body(natural([m("AH AD AS")], [{"rank": "A", "cards": ["2C"]}]))),
                ("natural no top", body([DEAL4, TAKE, nmeld(m("QH QD QS")), ndiscard("5S")]))]


@pytest.mark.parametrize("name,req", _docs_validate_bodies() + NATURAL_LOGS, ids=lambda x: x if isinstance(x, str) else "")
def test_every_cut_goes_on_with_check_as_the_whole_log(api, name, req):
    """For each cut of the log inside a deal still being played, check with the next event gives the ruling the
    whole log gives that event (strict: up to the first violation of a deal, after which the deal is not judged)."""
    whole = C(api, "validate", {**req, "replay": "strict"})
    at = {}
    for v in whole["violations"]:
        at.setdefault(v["index"], v)
    log = req["log"]
    for k in range(1, len(log)):
        if log[k].get("type") == "deal":
            continue
        cut = C(api, "validate", {**req, "log": log[:k], "replay": "strict"})
        if cut["complete"]:
            continue                      # the deal ended or stopped being judged there
        ruling = C(api, "check", {"sides": req["sides"], "dealer": cut["dealer"], "state": cut["state"],
                                  "position": cut["position"], "action": log[k],
                                  **{key: req[key] for key in ("options", "variant") if key in req}})
        if k in at:
            assert (ruling["legal"], ruling["violations"][0]["rule"], ruling["violations"][0]["message"]) == (
                False, at[k]["rule"], at[k]["message"]), (name, k)
        elif not any(i > k for i in at) or k < min(at):
            # a natural take's fault is the meld's: the take event itself is legal in check
            assert ruling["legal"], (name, k, ruling["violations"])


def test_red_threes_laid_out_by_each_player_before_play_go_on_with_check(api):
    # deal 1 cut at the deal: North's turn, West still holds his dealt 3H (the position says so)
    cut = C(api, "validate", body(deal1()[:1]))
    assert cut["position"]["to_act"] == "N" and cut["position"]["red_threes_held"] == {"W": ["3H"]}
    ans = C(api, "check", check_body(cut, deal1()[1]))
    assert (ans["legal"], ans["effects"]) == (True, {"red_three_laid_out": "3H"})
    # a 3D he does not hold: refused as the whole log refuses it
    wrong = {"type": "red_three", "player": "W", "card": "3D", "replacement": "KC"}
    bad = C(api, "check", check_body(cut, wrong))
    whole = C(api, "validate", body(deal1()[:1] + [wrong]))
    assert (bad["violations"][0]["rule"], bad["violations"][0]["message"]) == (
        whole["first_violation"]["rule"], whole["first_violation"]["message"]) == ("canasta/2.1", "W holds no 3D")
    after = C(api, "validate", body(deal1()[:2]))         # laid out: nobody holds one any more
    assert "red_threes_held" not in after["position"]


def test_a_red_three_kept_through_a_turn_ended_as_played(api):
    # deal 1 without West's red three laid out: a first round of draws and discards (5C, 6D, 7H are each a second
    # copy of the two packs or not dealt; 3C is not dealt), West draws 3C and discards it in the first round
    # (black_three_first_round: canasta/2.3), keeping his 3H.  As played, the discard stands, and the turn it ends
    # kept the red three (canasta/2.1, 8.3: nothing to pay unless still held at the end); strict stops at 2.3.
    log = [DEAL1] + [{"type": t, "player": p, ("cards" if t == "draw" else "card"): [c] if t == "draw" else c}
                     for p, c in (("N", "5C"), ("E", "6D"), ("S", "7H"), ("W", "3C")) for t in ("draw", "discard")]
    opts = {"black_three_first_round": True}
    black = (8, "discard", "canasta/2.3", "/log/8/card", "no black three is discarded in the first round of turns")
    ans = C(api, "validate", body(log, replay="as_played", options=opts))
    assert rulings(ans) == [black, (8, "discard", "canasta/2.1", "/log/8", "W ends his turn with a red three in hand "
                                    "(3H): it is laid out in his turn and replaced from the stock")]
    assert ans["violations"][1]["penalty"] == {"rule": "canasta/8.3", "side": "EW", "points": 0, "note": (
        "laid out in a later turn the red three costs nothing; still in hand at the end of the deal it costs the side "
        "500")}
    assert (ans["complete"], ans["position"]["to_act"]) == (False, "N")
    assert rulings(C(api, "validate", body(log, options=opts))) == [black]


def view_validate(log, variant="classic", sides=S4):
    from referee.canasta.views import validate
    from tests.canasta_helpers import loaded
    v = VARIANTS[variant]
    return validate(loaded("validate", {"sides": sides, "log": log}), v, v.resolve({}))


# A threshold the mutation pass over the Canasta engine found untested.
def test_a_log_cut_off_mid_deal_is_in_progress_not_faulted():
    # issue 19: a log still being played is not broken; it says where it stands instead
    ans = view_validate([DEAL, {"type": "draw", "player": "North", "cards": ["5C"]}])
    assert (ans["valid"], ans["first_violation"], ans["complete"], ans["deals"]) == (True, None, False, [])
    assert (ans["position"]["to_act"], ans["position"]["phase"], ans["position"]["turn"]) == \
        ("North", "play", {"drew_from": "stock", "first_round": True})
