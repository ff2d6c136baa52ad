"""A take of the pile in natural order (a ``take_pile`` showing only the top card, then the same player's meld
events) is judged as one turn: the events it takes in are counted once, and a meld event that lays both the take's
melds and a meld made with a card the pile gave is judged whole at the take, never a second time on its own.

Deal A (West deals), upcard 9C; two packs:
  N KH KD KS KC KH KD KS QH QD QS QC      E AH AD AS 5S 6C 7H 8D 9S 10C JH 2C
  S 4S 5H 6D 7C 8H 9D 10S JD JC AC JK     W 4C 5D 6H 7S 8C 9H 10D JS AC 2D 4H
North draws AH and discards it: the pile is 9C, AH.  East (EW has not melded: the pile is frozen for him) takes it
with his natural pair AD AS under the top AH, 60 of the 50 a first meld needs, and in the same event lays 9C 9S 2C,
whose 9C only the pile gave him; 11 - 2 - 2 + 2 = 9 cards: AH 5S 6C 7H 8D 10C JH left, 5S discarded.

Deal B (West deals), upcard AH alone:
  N AD AS QH QD QS 5S 6S 7S 8S 9S KH      E 4H 4D 5H 6H 7H 8H 9H 10H JH QH 4C
  S 4S 5D 6D 7D 8D 9D 10D JD QD KS 5C     W 6C 7C 8C 9C 10C JC QC KC 4S 5S 6D
North's side stands at 1,500, so a first meld needs 90: AH AD AS (60) alone is short, and a log cut after it ends
inside the turn, judged once its melds are all there."""
from __future__ import annotations

SIDES = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]


def m(s: str) -> list[str]:
    return s.split()


DEAL_A = {"type": "deal", "dealer": "W", "pile": ["9C"], "hands": {
    "N": m("KH KD KS KC KH KD KS QH QD QS QC"), "E": m("AH AD AS 5S 6C 7H 8D 9S 10C JH 2C"),
    "S": m("4S 5H 6D 7C 8H 9D 10S JD JC AC JK"), "W": m("4C 5D 6H 7S 8C 9H 10D JS AC 2D 4H")}}
DEAL_B = {"type": "deal", "dealer": "W", "pile": ["AH"], "hands": {
    "N": m("AD AS QH QD QS 5S 6S 7S 8S 9S KH"), "E": m("4H 4D 5H 6H 7H 8H 9H 10H JH QH 4C"),
    "S": m("4S 5D 6D 7D 8D 9D 10D JD QD KS 5C"), "W": m("6C 7C 8C 9C 10C JC QC KC 4S 5S 6D")}}


def validate(api, log, **kw):
    return api("validate", {"sides": SIDES, "log": log, **kw}, game="canasta")


def test_a_meld_event_with_the_take_and_a_meld_the_pile_made_is_judged_once(api):
    log = [DEAL_A, {"type": "draw", "player": "N", "cards": ["AH"]}, {"type": "discard", "player": "N", "card": "AH"},
           {"type": "take_pile", "player": "E", "cards": ["AH"]},
           {"type": "meld", "player": "E", "melds": [m("AH AD AS"), m("9C 9S 2C")]},
           {"type": "discard", "player": "E", "card": "5S"}]
    ans = validate(api, log)
    assert (ans["valid"], ans["violations"], ans["complete"]) == (True, [], False)
    assert ans["events_checked"] == 6
    assert ans["position"]["melds"] == {"EW": [m("AH AD AS"), m("9C 9S 2C")]}
    assert ans["position"]["to_act"] == "S"


def test_a_log_cut_inside_a_natural_take_counts_the_meld_events_it_holds(api):
    take = {"type": "take_pile", "player": "N", "cards": ["AH"]}
    ans = validate(api, [DEAL_B, take, {"type": "meld", "player": "N", "melds": [m("AH AD AS")]}],
                   state={"scores": {"NS": 1500, "EW": 0}})
    assert (ans["valid"], ans["complete"]) == (True, False)
    assert ans["position"]["taking_pile"] == {"melds": [m("AH AD AS")]}
    # the deal, the take and the meld event taken in with it
    assert ans["events_checked"] == 3
    # one event fewer: the take alone, still open
    ans = validate(api, [DEAL_B, take], state={"scores": {"NS": 1500, "EW": 0}})
    assert (ans["complete"], ans["events_checked"]) == (False, 2)
