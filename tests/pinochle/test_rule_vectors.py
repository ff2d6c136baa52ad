"""Pinochle: vectors of ../shared/rules/pinochle.md §3 (M, S, L, P, W, E) and the disputes of §5, under the
default and the alternative options.  Expected values come from the notes' vectors or are worked by hand
in the comments."""
import json
import pathlib

import pytest

from referee.cards import parse_card
from referee.pinochle.deal import trick_winner
from referee.pinochle.melds import meld_in_hand
from referee.pinochle.options import VARIANTS
from referee.pinochle.scoring import round_points
from tests.pinochle_helpers import FOUR, THREE, TWO, P

EX = pathlib.Path(__file__).resolve().parents[2] / "examples" / "pinochle"


def cards(s):
    return [parse_card(c) for c in s.split()]


def count(api, hand, trump, **opts):
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "position": {"phase": "count", "hand": hand.split(), "trump": trump},
            "action": {"type": "count_meld", "player": "Ann"}}
    if opts:
        body["options"] = opts
    return P(api, "check", body)["effects"]["total"]


# ---------------------------------------------------------------- meld counter (simultaneous meld, pinochle/4.10)

@pytest.mark.parametrize("hand,expect", [  # M1–M7 (sdzpinochle TestMeld), trumps S H C D
    ("JD QD KD AD 10D JD QS QS KS AS 10S JS", (470, 340, 340, 470)),
    ("JD QD KD QD KD JH JC QS KS AS 10S JS", (270, 140, 140, 180)),
    ("9D QD KD AD 10D JD QS QS KS AS 9S 9S", (120, 80, 80, 220)),
    ("JD QD KD AD 10D JD QD KD AD 10D 10S JS", (40, 40, 40, 1500)),
    ("AD 10D KD KD QD QD JD AS KS 10H QS 9H", (120, 110, 100, 250)),
    ("AD AH AS AC KD KH KS KC QS QS JD JD", (520, 500, 500, 500)),
    ("QD QH QS QC QD QH QS QC 9S 9S JD 9D", (660, 640, 640, 650)),
])
def test_m1_m7(api, hand, expect):
    assert tuple(count(api, hand, t) for t in "SHCD") == expect


@pytest.mark.parametrize("hand,trump,expect", [
    ("KD QD KD QD KC QC", "D", 100),      # M9: two royal marriages 80 + clubs 20
    ("QD KD KD", "S", 20),                # M10: one and a half marriages = one
    ("AD AD AH AS", "D", 0),              # M11: four aces from three suits are no around
    ("AD 10D KD QD JD", "H", 20),         # M13: a flush out of trump is a plain marriage
    ("AC 10D KH QS JC", "H", 0),          # M14
    ("JD JD QS", "C", 40),                # M15
    ("9C 9C KS QS JD", "C", 80),          # M16: two dix 20 + marriage 20 + pinochle 40
    ("AH 10H KH QH JH KH QH", "H", 190),  # M17: flush 150 + an extra royal marriage 40
    ("KH QH KD QD KC QC KS QS", "C", 240),  # M18: royal 40 + three marriages 60 + kings 80 + queens 60
    ("9H", "H", 10), ("9H 9H", "H", 20),  # M19
    ("JD JH JC JS JD JH JC JS", "H", 400),  # M12: doubled jacks
    ("AD AH AC AS AD AH AC AS", "S", 1000),  # M12: doubled aces
])
def test_m9_m19(api, hand, trump, expect):
    assert count(api, hand, trump) == expect


def test_m8_whole_pack_once():
    # One of each of the 24 distinct cards: dix 10 + 3 marriages 60 + flush 150 + arounds 280 + pinochle 40
    opts = VARIANTS["partnership"].resolve({})
    one_each = cards("A 10 K Q J 9".replace(" ", "S ") + "S") + cards(" ".join(r + "H" for r in "A 10 K Q J 9".split())) \
        + cards(" ".join(r + "D" for r in "A 10 K Q J 9".split())) + cards(" ".join(r + "C" for r in "A 10 K Q J 9".split()))
    assert len(one_each) == 24
    assert sum(m["points"] for m in meld_in_hand(one_each, "H", opts)) == 540


def test_double_pinochle_option(api):
    # M1 under spades without the 300: flush 150 + diamonds 20 + two pinochles 80 = 250 (pinochle/4.5)
    assert count(api, "JD QD KD AD 10D JD QS QS KS AS 10S JS", "S", double_pinochle="none") == 250


# ---------------------------------------------------------------- trick winners (pinochle/3.2)

@pytest.mark.parametrize("trump,seq,winner", [
    ("C", "KD AD", 1), ("C", "AS QS", 0), ("C", "KD AH", 0), ("C", "AS 9C", 1), ("C", "AS 10C AC", 2),
    ("C", "KD AD AD", 1), ("H", "QH QH", 0), ("H", "AS AS", 0)])
def test_w1_w8(trump, seq, winner):
    plays = [(str(i), c) for i, c in enumerate(cards(seq))]
    assert trick_winner(plays, trump) == str(winner)


# ---------------------------------------------------------------- play legality

def play_check(api, hand, trick, trump, done, card, variant=None, players=TWO, leader=None, **opts):
    actor = "Ann"
    lead = leader or players[-1]
    body = {"players": players, "dealer": players[-1] if players != TWO else "Ann",
            "position": {"phase": "play", "trump": trump, "tricks_done": done, "hand": hand.split(),
                         "trick": {"leader": lead, "cards": trick.split()}},
            "action": {"type": "play", "player": actor, "card": card}}
    if variant:
        body["variant"] = variant
    if opts:
        body["options"] = opts
    return P(api, "check", body)


def legal(ans):
    return sorted(a["card"] for a in ans["legal_actions"])


def test_l0_no_obligation_while_the_stock_lasts(api):
    # L0: phase 1 (3 tricks done): any card, even a club on a spade lead
    hand = "AS 9H QC KD JD 10C 9C QD JH AH KH 9S"
    ans = play_check(api, hand, "KS", "H", 3, "QC")
    assert ans["legal"] is True and len(legal(ans)) == 12


@pytest.mark.parametrize("hand,lead,v_h,v_p", [  # L1–L7 (play-off: 14 tricks done, 10 cards each)
    ("AS 9S 10H QC 9D JD KD QD JC 9C", "KS", ["9S", "AS"], ["AS"]),
    ("9S JS 10H 9D JD KD QD JC 9C KC", "KS", ["9S", "JS"], ["9S", "JS"]),
    ("10H 9H QC 9D JD KD QD JC 9C KC", "KS", ["10H", "9H"], ["10H", "9H"]),
    ("AH 9H AS 9D JD KD QD JC 9C KC", "KH", ["AH"], ["AH"]),
    ("9H JH AS 9D JD KD QD JC 9C KC", "AH", ["9H", "JH"], ["9H", "JH"]),
    ("AS 9S 9D JD KD QD JC 9C KC QC", "AS", ["9S", "AS"], ["9S", "AS"]),
])
def test_l1_l7_play_off(api, hand, lead, v_h, v_p):
    h = play_check(api, hand, lead, "H", 14, v_h[0])
    p = play_check(api, hand, lead, "H", 14, v_p[0], must_head="always")
    assert sorted(legal(h)) == sorted(v_h) and sorted(legal(p)) == sorted(v_p)


def test_l1_ruling(api):
    hand = "AS 9S 10H QC 9D JD KD QD JC 9C"
    ans = play_check(api, hand, "KS", "H", 14, "9S", must_head="always")
    assert ans["violations"] == [{"rule": "pinochle/5.4", "message": "Ann can beat KS and must play AS",
                                  "pointer": "/action/card"}]


@pytest.mark.parametrize("trump,trick,hand,expect", [  # P1–P13: partnership, heading every trick (pre-1945)
    ("H", "10S", "9S AS KH", ["AS"]), ("H", "AS", "9S JS", ["9S", "JS"]), ("H", "10S", "9H AH KC", ["9H", "AH"]),
    ("H", "10S KH", "9H AH KC", ["AH"]), ("H", "10S", "KC 9D", ["9D", "KC"]), ("H", "10S 9H", "9S AS", ["9S", "AS"]),
    ("H", "AC KH", "9H AH", ["AH"]), ("H", "AC AH", "9S JH", ["JH"]),
    ("D", "9H 9D", "JD QS 9D 10H", ["10H"]), ("S", "9C", "JD QS 9D 10H", ["QS"]),
    ("D", "9C KD", "JD QS 9D 10H", ["9D", "JD"]), ("C", "9S", "JD 9D 10H", ["10H", "9D", "JD"]),
    ("D", "9D", "JD QS 9D 10H", ["JD"]),
])
def test_p1_p13(api, trump, trick, hand, expect):
    n_played = len(trick.split())
    leader = FOUR[(FOUR.index("Ann") - n_played) % 4]
    # pad the hand to the 12 − tricks_done cards the position needs, with cards that change nothing
    done = 12 - len(hand.split())
    ans = play_check(api, hand, trick, trump, done, expect[0], variant="partnership", players=FOUR, leader=leader)
    assert sorted(legal(ans)) == sorted(expect)


@pytest.mark.parametrize("trump,trick,hand,expect", [  # post-1945: head only on a trump lead
    ("H", "10S", "9S AS KH", ["9S", "AS"]), ("H", "10S KH", "9H AH KC", ["9H", "AH"]),
    ("H", "AC KH", "9H AH", ["9H", "AH"])])
def test_p_post_1945(api, trump, trick, hand, expect):
    leader = FOUR[(FOUR.index("Ann") - len(trick.split())) % 4]
    ans = play_check(api, hand, trick, trump, 12 - len(hand.split()), expect[0], variant="partnership",
                     players=FOUR, leader=leader, must_head="trump_lead_only")
    assert sorted(legal(ans)) == sorted(expect)


# ---------------------------------------------------------------- two-handed melds (S1–S13)

FILLER = "9C 9C JC JC 10C 10C AC AC 9D 9D JD JD 10D 10D AD AD".split()


def padded(hand: list[str], size: int, taken=()) -> list[str]:
    """``hand`` filled up to ``size`` cards with low clubs and diamonds that form no meld with it."""
    out = list(hand)
    used = list(hand) + list(taken)
    for c in FILLER:
        if len(out) >= size:
            break
        if used.count(c) < 2:
            out.append(c)
            used.append(c)
    return out


def meld_check(api, hand, earlier, meld, trump="H", done=3, played=(), action="meld", exchange=None, **opts):
    table = [c for m in earlier for c in m.split()]
    for c in played:
        table.remove(c)
    size = (12 if opts.get("drawn") else 11) - len(table)
    opts.pop("drawn", None)
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": trump, "tricks_done": done,
                         "hand": padded(hand.split(), size, table + list(played)),
                         "melds": [{"cards": m.split()} for m in earlier], "played_from_table": list(played)},
            "action": {"type": action, "player": "Ann"}}
    if meld:
        body["action"]["cards"] = meld.split()
    if exchange is not None:
        body["action"]["exchange"] = exchange
        body["position"]["upcard"] = "JH"
    if opts:
        body["options"] = opts
    return P(api, "check", body)


def test_s1_s2_royal_marriage_then_flush(api):
    ans = meld_check(api, "KH QH AH 10H JH", [], "KH QH")
    assert ans["legal"] and ans["effects"]["points"] == 40
    ans = meld_check(api, "AH 10H JH 9C", ["KH QH"], "AH 10H KH QH JH")
    # the flush re-uses the royal marriage's KH QH (a higher meld of class A) and brings AH 10H JH from the hand
    assert ans["legal"] and ans["effects"] == {
        "meld": "flush", "name": "flush", "class": "A", "points": 150,
        "reason": "Ann has just won a trick and melds flush for 150: 3 new cards from the hand, and KH, QH again "
                  "from the table, in another class or a higher meld"}


def test_s3_s4_no_royal_marriage_out_of_the_flush(api):
    ans = meld_check(api, "9C 9D", ["AH 10H KH QH JH"], "KH QH")
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/4.4"
    ans = meld_check(api, "KH 9C", ["AH 10H KH QH JH"], "KH QH")  # a new KH, the flush's QH
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/4.4"


def test_s5_second_royal_marriage_from_new_cards(api):
    ans = meld_check(api, "KH QH 9C", ["AH 10H KH QH JH"], "KH QH")
    assert ans["legal"] and ans["effects"]["points"] == 40


def test_s6_pinochle_then_marriage(api):
    ans = meld_check(api, "KS 9C", ["QS JD"], "KS QS")
    # QS served in the pinochle (class C); in the marriage (class A) it is used again, with KS new from the hand
    assert ans["legal"] and ans["effects"] == {
        "meld": "marriage in spades", "name": "marriage in spades", "class": "A", "points": 20,
        "reason": "Ann has just won a trick and melds marriage in spades for 20: 1 new card from the hand, and QS "
                  "again from the table, in another class or a higher meld"}


def test_s7_two_melds_at_once(api):
    # K♠ Q♠ J♦ are a marriage and a pinochle shown as one: one meld for each trick won (pinochle/4.2)
    ans = meld_check(api, "KS QS JD", [], "KS QS JD")
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/4.2"


def test_s8_no_second_kings_around(api):
    # Four kings melded (80); KS was later played; a new KS with the other three scores nothing.
    ans = meld_check(api, "KS 9C", ["KS KH KD KC"], "KS KH KD KC", played=["KS"])
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/4.4"


def test_s9_dix_does_not_use_up_the_meld(api):
    ans = meld_check(api, "9H KS QS", [], None, action="dix", exchange=True)
    assert ans["legal"] and ans["effects"]["points"] == 10 and ans["effects"]["took"] == "JH"
    ans = meld_check(api, "9H KS QS", ["9H"], "KS QS")  # the dix shown earlier this turn
    assert ans["legal"] and ans["effects"]["points"] == 20


@pytest.mark.parametrize("option,legal_double", [("300", True), ("none", False)])
def test_s11_double_pinochle(api, option, legal_double):
    ans = meld_check(api, "QS JD 9C", ["QS JD"], "QS QS JD JD", double_pinochle=option)
    assert ans["legal"] is legal_double
    if legal_double:
        assert ans["effects"]["points"] == 300
    # a second pinochle from two new cards is another 40 either way (pinochle/4.6)
    assert meld_check(api, "QS JD 9C", ["QS JD"], "QS JD", double_pinochle=option)["effects"]["points"] == 40


def test_s12_loser_cannot_meld(api):
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "draw", "trump": "H", "tricks_done": 3, "winner": "Bob",
                         "hand": padded(["KH", "QH"], 11)},
            "action": {"type": "meld", "player": "Ann", "cards": ["KH", "QH"]}}
    ans = P(api, "check", body)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/4.2"


def test_s13_no_meld_after_the_stock(api):
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "play", "trump": "H", "tricks_done": 14, "hand": padded(["KH", "QH"], 10),
                         "trick": {"leader": "Ann", "cards": []}},
            "action": {"type": "meld", "player": "Ann", "cards": ["KH", "QH"]}}
    ans = P(api, "check", body)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/4.8"


def test_last_stock_cards(api):
    # After trick 12 the winner (Ann) has taken the face-down card; the loser (Bob) must take the upcard JH.
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "draw", "trump": "H", "tricks_done": 12, "winner": "Ann", "winner_drew": True,
                         "upcard": "JH"},
            "action": {"type": "draw", "player": "Bob", "card": "9C"}}
    assert P(api, "check", body)["violations"][0]["rule"] == "pinochle/3.4"
    body["action"]["card"] = "JH"
    assert P(api, "check", body)["legal"] is True
    # The winner may take the upcard only where the winner chooses; then it is gone for the loser.
    body = {"players": TWO, "dealer": "Bob", "options": {"last_stock": "winner_chooses"},
            "position": {"phase": "draw", "trump": "H", "tricks_done": 12, "winner": "Ann", "upcard": "JH"},
            "action": {"type": "draw", "player": "Ann", "card": "JH"}}
    ans = P(api, "check", body)
    assert ans["legal"] is True and ans["effects"]["upcard"] is True


# ---------------------------------------------------------------- two-handed scoring (E1–E4, E13, E14)

def two_score(api, ann_pts, last="Ann", melds=(), state=None, **extra):
    # card points in tricks (240 in all); the last trick's 10 is added for `last`
    deal = {"trump": "H", "points": {"Ann": ann_pts, "Bob": 240 - ann_pts}, "tricks_taken": {"Ann": 12, "Bob": 12},
            "last_trick": last, "melds": [{"player": p, "cards": c.split()} for p, c in melds]}
    deal.update(extra)
    body = {"players": TWO, "dealer": "Bob", "deal": deal}
    if state:
        body["state"] = state
    return P(api, "score", body)


def card_pts(ans):
    return [p["card_points"] for p in ans["players"]]


@pytest.mark.parametrize("ann,rounding,expect", [
    (117, "seven_up_strict", [130, 120]),   # E2: 127 / 123
    (116, "seven_up_strict", [120, 120]),   # E3: 126 / 124, ten points lost
    (116, "conserve_250", [130, 120]),      # E3: the 10 to the higher units
    (115, "seven_up_strict", [120, 120]),   # E4: 125 / 125
    (37, "seven_up_strict", [50, 200]),     # E1: 47 → 50 (and 203 → 200)
])
def test_e1_e4_rounding(api, ann, rounding, expect):
    # 37 card points cannot come from 12 tricks (the 24 lowest cards are already worth 40): give Ann 4
    tricks = {"Ann": 12, "Bob": 12} if ann > 40 else {"Ann": 4, "Bob": 20}
    deal = {"trump": "H", "points": {"Ann": ann, "Bob": 240 - ann}, "tricks_taken": tricks, "last_trick": "Ann"}
    ans = P(api, "score", {"players": TWO, "dealer": "Bob", "deal": deal, "options": {"rounding": rounding}})
    assert card_pts(ans) == expect


def test_e1_46_rounds_down():
    assert round_points(46, 204, "seven_up_strict", False) == (40, 200)


def test_e13_both_past_1000_raise_the_target(api):
    # Ann 900 + 110 (100 card points + 10 last trick) = 1010; Bob 900 + 140 = 1040: no winner, target 1250.
    ans = two_score(api, 100, state={"scores": {"Ann": 900, "Bob": 900}})
    assert [p["total_after"] for p in ans["players"]] == [1010, 1040]
    assert (ans["game_over"], ans["winner"], ans["target"]) == (False, None, 1250)


@pytest.mark.parametrize("banked,at_claim,winner", [(990, 0, "Ann"), (970, 5, "Bob")])
def test_e14_declaring_out(api, banked, at_claim, winner):
    # Ann has won one trick (two nines, 0 points; or Q+J, 5 points), melded clubs (20) and claims:
    # 990 + 20 + 0 = 1010 is right and wins; 970 + 20 + 5 = 995 is wrong and loses.  Play stops there.
    body = {"players": TWO, "dealer": "Bob", "state": {"scores": {"Ann": banked, "Bob": 500}},
            "deal": {"trump": "H", "points": {"Ann": at_claim, "Bob": 30}, "tricks_taken": {"Ann": 1, "Bob": 2},
                     "melds": [{"player": "Ann", "cards": ["KC", "QC"]}],
                     "declared_out": {"player": "Ann", "points_at_claim": at_claim}}}
    ans = P(api, "score", body)
    assert ans["winner"] == winner and ans["declared_out"]["right"] is (winner == "Ann")


def test_s10_dix_upcard_pays_the_dealer(api):
    ans = P(api, "score", {"players": TWO, "dealer": "Bob", "deal": {
        "upcard": "9H", "points": {"Ann": 120, "Bob": 120}, "tricks_taken": {"Ann": 12, "Bob": 12}, "last_trick": "Ann"}})
    assert [p["meld_points"] for p in ans["players"]] == [0, 10]


def test_meld_with_cards_nobody_holds(api):
    err = P(api, "score", {"players": TWO, "dealer": "Bob", "deal": {
        "trump": "H", "points": {"Ann": 120, "Bob": 120}, "tricks_taken": {"Ann": 12, "Bob": 12}, "last_trick": "Ann",
        "melds": [{"player": "Ann", "cards": ["QS", "JD"]}, {"player": "Bob", "cards": ["QS", "QS", "JD", "JD"]}]}},
        status=422)
    assert err["errors"][0]["pointer"] == "/deal/melds/1/cards"


# ---------------------------------------------------------------- a whole two-handed deal

def load(name):
    body = json.loads((EX / name).read_text())
    body.pop("game")
    return body


def test_example_deal_log_and_tricks_agree(api):
    # examples/pinochle: Ann deals, hearts are trump (upcard JH).  Bob melds clubs (20), Ann diamonds (20).
    # The tricks give Ann 74 card points and Bob 166 + the last trick 10 = 176 (250 in all); both round down
    # (74 → 70, 176 → 170), the case where ten points are lost.
    log = P(api, "validate", load("two-handed-game.json"))
    assert log["valid"] is True and log["events_checked"] == len(load("two-handed-game.json")["log"])
    sc = P(api, "score", load("two-handed-score.json"))
    for ans in (log["final"], sc):
        assert [(p["raw_card_points"], p["card_points"], p["meld_points"], p["hand_score"]) for p in ans["players"]] \
            == [(74, 70, 20, 90), (176, 170, 20, 190)]


def test_revoke_in_the_play_off(api):
    body = load("two-handed-game.json")
    log = body["log"]
    # find a play-off trick where the follower could follow suit, and make them play another suit
    plays = [i for i, e in enumerate(log) if e["type"] == "play"]
    for k in range(24, 48, 2):
        lead, follow = log[plays[k]], log[plays[k + 1]]
        if lead["card"][-1] == follow["card"][-1]:
            break
    i = plays[k + 1]
    held = [e["card"] for e in log[plays[k + 2]:] if e.get("player") == follow["player"] and e["type"] == "play"]
    other = next(c for c in held if c[-1] != lead["card"][-1])
    log[i] = dict(follow, card=other)
    ans = P(api, "validate", body)
    assert ans["first_violation"]["index"] == i and ans["first_violation"]["rule"] == "pinochle/5.2"


def test_three_copies_in_a_deal(api):
    body = load("two-handed-game.json")
    hands = body["log"][0]["hands"]
    hands["Ann"][0] = hands["Bob"][0]
    hands["Ann"][1] = hands["Bob"][0]
    ans = P(api, "validate", body)
    assert ans["valid"] is False and ans["first_violation"]["rule"] == "pinochle/1.1"


def test_thirteen_card_hand_in_check(api):
    ans = P(api, "check", {"players": TWO, "dealer": "Bob", "position": {
        "phase": "play", "trump": "H", "tricks_done": 3, "hand": "AS 9H QC KD JD 10C 9C QD JH AH KH 9S 10S".split(),
        "trick": {"leader": "Bob", "cards": ["KS"]}}, "action": {"type": "play", "player": "Ann", "card": "AS"}},
        status=422)
    assert ans["errors"][0]["pointer"] == "/position/hand"


# ---------------------------------------------------------------- partnership (E6–E8)

def partnership(api, bid_player, bid, melds, points, tricks, last, trump="H", **opts):
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "deal": {"bid": {"player": bid_player, "amount": bid}, "trump": trump,
                     "melds": {p: c.split() for p, c in melds.items()}, "points": points, "tricks_taken": tricks,
                     "last_trick": last}}
    if opts:
        body["options"] = opts
    return {s["id"]: s for s in P(api, "score", body)["sides"]}


def test_e6_bid_made(api):
    # Ann+Cid bid 300: meld 160 (Ann: spades flush 150 + dix 10) + card points 170 (90 + 70 + last 10) = 330.
    # Bob+Dee: queens around 60 + 80 card points = 140.
    s = partnership(api, "Ann", 300, {"Ann": "AS 10S KS QS JS 9S", "Bob": "QS QH QD QC"},
                    {"Ann": 90, "Cid": 70, "Bob": 50, "Dee": 30}, {"Ann": 5, "Cid": 3, "Bob": 2, "Dee": 2}, "Ann",
                    trump="S")
    assert (s["Ann+Cid"]["hand_score"], s["Bob+Dee"]["hand_score"]) == (330, 140)


def test_e7_bid_set(api):
    # Bob+Dee bid 400: meld 200 (aces 100 + kings 80 + clubs marriage 20) + 120 = 320 < 400: set, -400.
    # Ann+Cid: pinochle 40 + 130 (70 + 50 + last 10) = 170.
    s = partnership(api, "Bob", 400, {"Ann": "QS JD", "Bob": "AS AH AD AC KS KH KD KC QC"},
                    {"Ann": 70, "Cid": 50, "Bob": 60, "Dee": 60}, {"Ann": 3, "Cid": 3, "Bob": 3, "Dee": 3}, "Ann")
    assert (s["Bob+Dee"]["hand_score"], s["Ann+Cid"]["hand_score"]) == (-400, 170)


@pytest.mark.parametrize("save,lost", [("one_trick", True), ("twenty_points", True)])
def test_e8_meld_lost_without_a_trick(api, save, lost):
    # Bob+Dee take no trick: their queens (60) do not count.  Ann+Cid: 100 aces + 250 = 350.
    s = partnership(api, "Ann", 250, {"Ann": "AS AH AD AC", "Bob": "QS QH QD QC"},
                    {"Ann": 120, "Cid": 120, "Bob": 0, "Dee": 0}, {"Ann": 6, "Cid": 6, "Bob": 0, "Dee": 0}, "Ann",
                    meld_save=save)
    assert (s["Ann+Cid"]["hand_score"], s["Bob+Dee"]["hand_score"]) == (350, 0)


def test_partnership_bidding(api):
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "position": {"phase": "bidding", "bids": [{"player": "Ann", "type": "bid", "amount": 100}]},
            "action": {"type": "bid", "player": "Bob", "amount": 105}}
    ans = P(api, "check", body)
    assert ans["violations"][0]["rule"] == "pinochle/7.2"
    body["action"]["amount"] = 110
    assert P(api, "check", body)["legal"] is True


# ---------------------------------------------------------------- three-hand auction (8.x, E16)

@pytest.mark.parametrize("bid,conceded,expect", [(300, False, 300), (400, False, -800), (300, True, -300)])
def test_three_hand_bete(api, bid, conceded, expect):
    # Ann's meld: hearts flush 150 + pinochle 40 = 190; her tricks 150 + last 10 (buried nines: 0) = 160
    # → 350: makes 300 (+300), fails 400 (double bete, -800); conceding is a single bete (-bid).
    deal = {"bid": {"player": "Ann", "amount": bid}, "trump": "H", "meld": "AH 10H KH QH JH QS JD".split(),
            "buried": ["9C", "9D", "9S"], "conceded": conceded}
    if not conceded:
        deal.update(points={"Ann": 150, "Bob": 50, "Cid": 40}, tricks_taken={"Ann": 9, "Bob": 3, "Cid": 3},
                    last_trick="Ann")
    ans = P(api, "score", {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid", "deal": deal})
    assert [p["hand_score"] for p in ans["players"]] == [expect, 0, 0]


# ---------------------------------------------------------------- faults found by probing

@pytest.mark.parametrize("meld,pointer", [
    ({"player": "Ann", "cards": ["KC", "QC"], "note": "x"}, "/deal/melds/0/note"),
    ({"player": "Ann", "cards": ["KC", "QC"], "exchange": "yes"}, "/deal/melds/0/exchange"),
])
def test_meld_entries_are_strict(api, meld, pointer):
    body = {"players": TWO, "dealer": "Bob", "deal": {
        "trump": "H", "points": {"Ann": 120, "Bob": 120}, "tricks_taken": {"Ann": 12, "Bob": 12}, "last_trick": "Ann",
        "melds": [meld]}}
    assert P(api, "score", body, status=422)["errors"][0]["pointer"] == pointer


def test_partnership_all_pass(api):
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "position": {"phase": "bidding", "bids": [{"player": p, "type": "pass"} for p in ("Ann", "Bob", "Cid")]},
            "action": {"type": "pass", "player": "Dee"}}
    ans = P(api, "check", body)
    assert ans["legal"] is True and ans["effects"] == {"all_passed": True}


def test_conceded_bidder_shows_no_meld(api):
    deal = {"bid": {"player": "Ann", "amount": 300}, "trump": "H", "meld": "AH 10H KH QH JH".split(), "conceded": True}
    ans = P(api, "score", {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid", "deal": deal})
    assert ans["players"][0]["meld_points"] == 0 and ans["players"][0]["hand_score"] == -300


# ---------------------------------------------------------------- more vectors of §3 and disputes of §5

def test_m20_flush_alone(api):
    assert count(api, "AH 10H KH QH JH", "H") == 150


def test_e5_every_scheme_holds_250():
    from referee.pinochle.cards import DECKS, points_of
    for scheme in ("classic", "counters", "ace_ten_kq"):
        opts = dict(VARIANTS["two-handed"].resolve({"card_points": scheme}))
        assert points_of(DECKS[48].cards(), opts) + 10 == 250
    opts = VARIANTS["two-handed"].resolve({"deck": 64})
    assert points_of(DECKS[64].cards(), opts) == 240  # the 8s and 7s count nothing


def test_e11_e12_counting_methods():
    from referee.pinochle.cards import points_of
    counters = VARIANTS["partnership"].resolve({"card_points": "counters"})
    assert points_of(cards("9S 10H KH KD 9S JC"), counters) == 30  # E11: three counters
    method2 = VARIANTS["partnership"].resolve({"card_points": "ace_ten_kq"})
    assert points_of(cards("AH 10H 9H JH"), method2) + 10 == 30   # E12: A + 10, and the last trick


def test_e10_set_loses_only_the_bid(api):
    # Ann+Cid bid 300 with meld 200 (aces 100 + kings 80 + clubs marriage 20) and 20 card points: 220 < 300.
    s = partnership(api, "Ann", 300, {"Ann": "AS AH AD AC KS KH KD KC QC"},
                    {"Ann": 20, "Cid": 0, "Bob": 120, "Dee": 100}, {"Ann": 1, "Cid": 0, "Bob": 6, "Dee": 5}, "Bob")
    assert s["Ann+Cid"]["hand_score"] == -300 and s["Bob+Dee"]["hand_score"] == 230


def test_e15_bidders_count_first(api):
    # Both sides would pass 1000; the bidding side (Ann+Cid) wins.
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "state": {"scores": {"Ann+Cid": 800, "Bob+Dee": 900}},
            "deal": {"bid": {"player": "Ann", "amount": 200}, "trump": "H",
                     "melds": {"Ann": ["AS", "AH", "AD", "AC"], "Bob": ["KS", "KH", "KD", "KC"]},
                     "points": {"Ann": 100, "Cid": 40, "Bob": 60, "Dee": 40},
                     "tricks_taken": {"Ann": 5, "Cid": 2, "Bob": 3, "Dee": 2}, "last_trick": "Ann"}}
    ans = P(api, "score", body)
    assert {s["id"]: s["total_after"] for s in ans["sides"]} == {"Ann+Cid": 1050, "Bob+Dee": 1080}
    assert ans["winner"] == "Ann+Cid"


@pytest.mark.parametrize("timing,drawn,legal", [
    ("before_draw", False, False),  # S14, Hoyle: KC QC needs the QC just drawn, but the meld comes first
    ("before_draw", True, False),   # ... and after drawing the turn to meld is gone
    ("after_draw", True, True),     # pagat/Hay: draw first, then meld KC QC for 20
])
def test_s14_meld_and_the_draw(api, timing, drawn, legal):
    hand = padded(["KC"], 11) if not drawn else padded(["KC", "QC"], 12)
    body = {"players": TWO, "dealer": "Bob", "options": {"meld_timing": timing},
            "position": {"phase": "meld", "trump": "H", "tricks_done": 12, "drawn": drawn, "hand": hand},
            "action": {"type": "meld", "player": "Ann", "cards": ["KC", "QC"]}}
    ans = P(api, "check", body)
    assert ans["legal"] is legal


@pytest.mark.parametrize("must,legal", [(False, True), (True, False)])
def test_first_dix_must_exchange(api, must, legal):
    # Showing the first dix without exchanging it: allowed by default, not under the FE house rule.
    ans = meld_check(api, "9H KS", [], None, action="dix", exchange=False, first_dix_must_exchange=must)
    assert ans["legal"] is legal


@pytest.mark.parametrize("points,tricks", [
    ({"Ann": 100, "Bob": 140}, {"Ann": 1, "Bob": 23}),   # one trick holds at most 22
    ({"Ann": 1, "Bob": 239}, {"Ann": 6, "Bob": 18}),     # no card is worth 1
])
def test_impossible_two_handed_points(api, points, tricks):
    body = {"players": TWO, "dealer": "Bob", "deal": {"trump": "H", "points": points, "tricks_taken": tricks,
                                                      "last_trick": "Bob"}}
    assert P(api, "score", body, status=422)["errors"][0]["pointer"] == "/deal/points"


def test_counters_give_whole_tens(api):
    body = {"players": TWO, "dealer": "Bob", "options": {"card_points": "counters"},
            "deal": {"trump": "H", "points": {"Ann": 115, "Bob": 125}, "tricks_taken": {"Ann": 12, "Bob": 12},
                     "last_trick": "Bob"}}
    assert P(api, "score", body, status=422)["errors"][0]["pointer"] == "/deal/points"


def test_escalation_past_two_steps(api):
    # Ann 990 + flush 150 + 120 → 1260, Bob 990 + aces 100 + 120 → 1210: both pass 1000, the target becomes
    # 1250, which only Ann has passed: she wins.
    body = {"players": TWO, "dealer": "Ann", "state": {"scores": {"Ann": 990, "Bob": 990}},
            "deal": {"trump": "H", "melds": [{"player": "Ann", "cards": ["AH", "10H", "KH", "QH", "JH"]},
                                             {"player": "Bob", "cards": ["AS", "AH", "AD", "AC"]}],
                     "points": {"Ann": 116, "Bob": 124}, "tricks_taken": {"Ann": 12, "Bob": 12}, "last_trick": "Ann"}}
    ans = P(api, "score", body)
    assert (ans["target"], ans["winner"], ans["game_over"]) == (1250, "Ann", True)


def test_doubled_around_in_two_handed(api):
    ans = meld_check(api, "KS KS KH KH KD KD KC KC", [], "KS KS KH KH KD KD KC KC")
    assert ans["effects"] == {"meld": "double kings around", "name": "double kings around", "class": "B", "points": 800,
                              "reason": "Ann has just won a trick and melds double kings around for 800: 8 new cards "
                                        "from the hand"}


def test_bid_needs_an_amount(api):
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "position": {"phase": "bidding", "bids": [{"player": "Ann", "type": "bid", "amount": 100}]},
            "action": {"type": "bid", "player": "Bob"}}
    assert P(api, "check", body, status=422)["errors"][0]["pointer"] == "/action/amount"


def test_single_card_pointer(api):
    body = {"players": TWO, "dealer": "Ann", "position": {"phase": "play", "trump": "H", "tricks_done": 3,
            "hand": padded([], 12), "trick": {"leader": "Bob", "cards": ["KS"]}},
            "action": {"type": "play", "player": "Ann", "card": "1S"}}
    assert P(api, "check", body, status=422)["errors"][0]["pointer"] == "/action/card"


def test_sixty_four_cards_two_handed_only(api):
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee", "options": {"deck": 64},
            "position": {"phase": "count", "hand": ["AS"], "trump": "S"},
            "action": {"type": "count_meld", "player": "Ann"}}
    assert P(api, "check", body, status=422)["errors"][0]["pointer"] == "/options/deck"


def test_sixty_four_card_stock_phase(api):
    # With 64 cards the stock lasts 20 tricks: after 13 there is still no obligation to follow.
    body = {"players": TWO, "dealer": "Ann", "options": {"deck": 64},
            "position": {"phase": "play", "trump": "H", "tricks_done": 13,
                         "hand": ["9S", "8C", "7C", "8D", "7D", "9D", "8H", "7H", "9C", "JC", "JD", "QD"],
                         "trick": {"leader": "Bob", "cards": ["KS"]}},
            "action": {"type": "play", "player": "Ann", "card": "8C"}}
    assert P(api, "check", body)["legal"] is True


def test_replay_stops_at_the_end_of_the_game(api):
    body = load("two-handed-game.json")
    body["state"] = {"scores": {"Ann": 840, "Bob": 840}}
    second = json.loads(json.dumps(body["log"]))
    second[0]["dealer"] = "Bob"
    body["log"] = body["log"] + second
    ans = P(api, "validate", body)
    assert ans["final"]["winner"] == "Bob"  # 840 + 190 = 1030 ends the game in the first deal
    assert ans["first_violation"]["rule"] == "pinochle/6.3"


def test_deal_alternates(api):
    body = load("two-handed-game.json")
    body["log"] = body["log"] + json.loads(json.dumps(body["log"]))  # Ann deals twice
    ans = P(api, "validate", body)
    assert ans["first_violation"]["rule"] == "pinochle/2.1"
    assert ans["first_violation"]["pointer"] == f"/log/{len(body['log']) // 2}/dealer"


# ---------------------------------------------------------------- found by the second probe (bodies in tests/data)

DATA = pathlib.Path(__file__).resolve().parents[1] / "data"


def data(name):
    return json.loads((DATA / name).read_text())


def test_nothing_after_the_deal_ends(api):
    body = load("two-handed-game.json")
    body["log"].append({"type": "declare_out", "player": "Ann"})
    ans = P(api, "validate", body)
    assert ans["first_violation"]["rule"] == "pinochle/2.3"
    assert [p["total_after"] for p in ans["final"]["players"]] == [90, 190]  # scored once


def test_dix_exchange_in_score_points_form(api):
    # Bob exchanges 9S for the upcard QS, then melds a pinochle with that QS: only two QS were melded.
    body = {"players": TWO, "dealer": "Ann", "deal": {
        "upcard": "QS", "melds": [{"player": "Bob", "cards": ["9S"], "exchange": True},
                                  {"player": "Bob", "cards": ["QS", "JD"]}, {"player": "Ann", "cards": ["KS", "QS"]}],
        "points": {"Ann": 100, "Bob": 140}, "tricks_taken": {"Ann": 10, "Bob": 14}, "last_trick": "Bob"}}
    ans = P(api, "score", body)
    assert [p["meld_points"] for p in ans["players"]] == [40, 50]  # Ann royal marriage; Bob dix 10 + pinochle 40


@pytest.mark.parametrize("name", ["pinochle_exchange_tricks.json", "pinochle_two_dix_tricks.json"])
def test_dix_exchange_in_score_tricks_form(api, name):
    assert P(api, "score", data(name))["game"] == "pinochle"


def test_sixty_four_card_log(api):
    assert P(api, "validate", data("pinochle_deck64_log.json"))["valid"] is True


def test_a_dix_scores_once(api):
    ans = P(api, "validate", data("pinochle_triple_dix_log.json"))
    assert ans["first_violation"]["rule"] == "pinochle/4.7"


@pytest.mark.parametrize("name,pointer", [("pinochle_partner_foreign_meld.json", "/deal/melds/Ann"),
                                          ("pinochle_three_foreign_meld.json", "/deal/meld")])
def test_meld_of_cards_never_held(api, name, pointer):
    assert P(api, "score", data(name), status=422)["errors"][0]["pointer"] == pointer


def test_no_third_copy_with_the_upcard(api):
    body = {"players": TWO, "dealer": "Bob", "position": {"phase": "draw", "trump": "H", "tricks_done": 5,
            "winner": "Ann", "upcard": "JH", "hand": ["AS", "AS", "KS", "QS", "JS", "9S", "AH", "10H", "KH", "QH", "JH"]},
            "action": {"type": "draw", "player": "Ann", "card": "JH"}}
    assert P(api, "check", body, status=422)["errors"][0]["pointer"] == "/action/card"


@pytest.mark.parametrize("extra,pointer", [
    ({"upcard": "JC"}, "/position/upcard"),                               # the upcard is a trump
    ({"upcard": "JH", "exchanged": True}, "/position/upcard"),            # after an exchange it is the dix
    ({"melds": [{"cards": ["KD", "QD"]}], "tricks_done": 0}, "/position/melds"),  # no trick won yet
])
def test_impossible_play_positions(api, extra, pointer):
    pos = {"phase": "play", "trump": "H", "tricks_done": 5, "hand": padded([], 12),
           "trick": {"leader": "Bob", "cards": ["KS"]}}
    pos.update(extra)
    if pos.get("melds"):
        pos["hand"] = padded([], 12 - 2)
    body = {"players": TWO, "dealer": "Ann", "position": pos, "action": {"type": "play", "player": "Ann", "card": "9C"}}
    assert P(api, "check", body, status=422)["errors"][0]["pointer"] == pointer


def test_declared_out_points_form_counts_only_the_tricks_played(api):
    # Bob claims after 5 tricks: 980 banked + kings around 80 = 1060 at once, whatever the cards.
    body = {"players": TWO, "dealer": "Ann", "state": {"scores": {"Ann": 500, "Bob": 980}},
            "deal": {"trump": "H", "points": {"Ann": 15, "Bob": 40}, "tricks_taken": {"Ann": 2, "Bob": 3},
                     "melds": [{"player": "Bob", "cards": ["KS", "KH", "KD", "KC"]}],
                     "declared_out": {"player": "Bob", "points_at_claim": 40}}}
    ans = P(api, "score", body)
    assert ans["winner"] == "Bob" and [p["raw_card_points"] for p in ans["players"]] == [15, 40]


def test_partnership_answer_per_player(api):
    # E6 again: each player carries the side's hand score and totals, as the contract asks per player.
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "S",
                     "melds": {"Ann": "AS 10S KS QS JS 9S".split(), "Bob": "QS QH QD QC".split()},
                     "points": {"Ann": 90, "Cid": 70, "Bob": 50, "Dee": 30},
                     "tricks_taken": {"Ann": 5, "Cid": 3, "Bob": 2, "Dee": 2}, "last_trick": "Ann"}}
    ans = P(api, "score", body)
    per = {p["id"]: (p["meld_points"], p["hand_score"], p["total_after"]) for p in ans["players"]}
    assert per == {"Ann": (160, 330, 330), "Cid": (0, 330, 330), "Bob": (60, 140, 140), "Dee": (0, 140, 140)}
