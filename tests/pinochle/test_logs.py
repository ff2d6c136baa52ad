"""Pinochle logs and the state machine's actions one by one: complete partnership and three-hand deals replayed to
their scores, each auction-form action refused where the rules refuse it, two-handed melds and draws at the wrong
moment, and the PokerKit triple (verify / can / apply) of every action.

Every deal is a real one (48 cards, two of each); the scores are worked by hand in the comments.
"""
import copy

import pytest

from referee.cards import parse_card
from referee.errors import IllegalAction
from referee.pinochle.auction import Auction
from referee.pinochle.deal import new_state
from referee.pinochle.options import VARIANTS
from tests.pinochle_helpers import FOUR, PARTNER_HANDS, THREE, TWO, WIDOW, P, ev, partnership_log


def cards(s):
    return [parse_card(c) for c in s.split()]


def first(ans):
    v = ans["first_violation"]
    return v and (v["index"], v["rule"], v["message"], v["pointer"])


# ---------------------------------------------------------------- a complete partnership deal

def test_a_complete_partnership_deal(api):
    ans = P(api, "validate", {"variant": "partnership", "players": FOUR, "log": partnership_log()})
    assert ans["valid"] is True, ans["first_violation"]
    assert ans["events_checked"] == 1 + 5 + 48
    sides = {s["id"]: s for s in ans["final"]["sides"]}
    # Ann: both spade flushes 1,500 + two dixes 20 = 1,520; Cid two diamond marriages 40: 1,560, saved by the
    # tricks; all 240 card points and the last trick's 10 = 250.  Bid 100 made: 1,810.
    ac = sides["Ann+Cid"]
    assert (ac["meld_points"], ac["card_points"], ac["tricks"], ac["hand_score"]) == (1560, 250, 12, 1810)
    # Bob and Dee: two marriages each (80), lost with no trick taken; no card points
    bd = sides["Bob+Dee"]
    assert (bd["meld_points"], bd["card_points"], bd["tricks"], bd["hand_score"]) == (0, 0, 0, 0)
    assert bd["lines"][0] == {"item": "meld 80 lost: the side took no trick", "points": 0, "rule": "pinochle/7.4"}
    assert ans["final"]["winner"] == "Ann+Cid" and ans["final"]["game_over"] is True   # 1,810 ≥ 1,000 (7.7)
    per = {p["id"]: p["meld_points"] for p in ans["final"]["players"]}
    assert per == {"Ann": 1520, "Bob": 40, "Cid": 40, "Dee": 40}


@pytest.mark.parametrize("cut,spec,where", [
    (1, "bid Bob 100", ("pinochle/7.2", "it is Ann's turn to speak, not Bob's", "player")),
    (1, "bid Ann 105", ("pinochle/7.2", "a bid must be a multiple of 10 and at least 100", "amount")),
    (2, "bid Bob 100", ("pinochle/7.2", "a bid must be a multiple of 10 and at least 110", "amount")),
    (4, "bid Ann 110", ("pinochle/7.2", "it is Dee's turn to speak, not Ann's", "player")),
    (5, "trump Bob S", ("pinochle/7.3", "only the high bidder names trump, after the auction", "suit")),
    (3, "trump Ann S", ("pinochle/7.3", "only the high bidder names trump, after the auction", "suit")),
    (5, "play Ann AS", ("pinochle/7.3", "play starts once the auction is over and trump is named", "card")),
    (5, "widow Ann", ("pinochle/8.3", "the widow belongs to the three-hand auction", None)),
    (5, "declare_out Ann", ("pinochle/6.4", "declaring out is not played in this form", None)),
])
def test_partnership_actions_out_of_place(api, cut, spec, where):
    log = partnership_log()[:cut] + ev(spec)
    ans = P(api, "validate", {"variant": "partnership", "players": FOUR, "log": log})
    rule, message, field = where
    assert first(ans) == (cut, rule, message, f"/log/{cut}" + (f"/{field}" if field else ""))


def test_a_partnership_player_who_passed_may_not_bid(api):
    # Ann bids 100, Bob passes, Cid bids 110, Dee passes, Ann bids 120: the turn skips Bob, who has passed
    log = partnership_log()[:1] + ev("bid Ann 100; pass Bob; bid Cid 110; pass Dee; bid Ann 120; bid Bob 130")
    ans = P(api, "validate", {"variant": "partnership", "players": FOUR, "log": log})
    assert first(ans) == (6, "pinochle/7.2", "Bob has passed and may not bid again", "/log/6/player")
    log[-1] = {"type": "bid", "player": "Cid", "amount": 130}     # Cid's turn: legal, then the log stops
    ans = P(api, "validate", {"variant": "partnership", "players": FOUR, "log": log})
    assert (ans["valid"], ans["complete"], ans["position"]["phase"]) == (True, False, "bidding")


def test_all_four_pass_and_the_deal_passes_on(api):
    # nobody bids: the deal is thrown in (nothing scored) and Ann deals next
    log = partnership_log()[:1] + ev("pass Ann; pass Bob; pass Cid; pass Dee")
    body = {"variant": "partnership", "players": FOUR, "log": log}
    ans = P(api, "validate", body)
    assert ans["valid"] is True and ans["final"] is None
    second = copy.deepcopy(partnership_log()[0])
    second["dealer"] = "Cid"      # the deal passes to the left of Dee: Ann, not Cid
    ans = P(api, "validate", dict(body, log=log + [second]))
    assert first(ans) == (5, "pinochle/7.3", "the deal passes to the left: Ann deals, not Cid", "/log/5/dealer")


# ---------------------------------------------------------------- a complete three-hand deal

THREE_HANDS = {"Ann": "AS AS 10S 10S KS KS QS QS JS JS 9S 9S AH AH 10H",
               "Bob": "KH KH QH QH JH JH 9H 9H AD AD 10D 10D KD KD QD",
               "Cid": "QD JD JD 9D 9D AC AC 10C 10C KC KC QC QC JC JC"}
# Ann leads twelve spades, then AH AH 10H; Bob and Cid hold no spade, so they throw anything, keeping for the
# last three tricks Bob KH KH QH (he must follow hearts) and Cid QC JC JC
BOB_PLAYS = "AD AD 10D 10D KD KD QD 9H 9H JH JH QH KH KH QH".split()
CID_PLAYS = "QD JD JD 9D 9D AC AC 10C 10C KC KC QC QC JC JC".split()
ANN_PLAYS = "AS AS 10S 10S KS KS QS QS JS JS 9S 9S AH AH 10H".split()


def three_log(prefix="bid Ann 300; pass Bob; pass Cid; trump Ann S; widow Ann; bury Ann 10H 9C 9C"):
    log = [{"type": "deal", "dealer": "Cid", "hands": {p: h.split() for p, h in THREE_HANDS.items()},
            "widow": WIDOW.split()}]
    return log + ev(prefix)


def three_plays():
    out = []
    for a, b, c in zip(ANN_PLAYS, BOB_PLAYS, CID_PLAYS):
        out += [{"type": "play", "player": "Ann", "card": a}, {"type": "play", "player": "Bob", "card": b},
                {"type": "play", "player": "Cid", "card": c}]
    return out


def test_a_complete_three_hand_deal(api):
    ans = P(api, "validate", {"variant": "three-hand-auction", "players": THREE, "log": three_log() + three_plays()})
    assert ans["valid"] is True, ans["first_violation"]
    final = ans["final"]
    # Ann keeps 12 spades and AH AH 10H: both flushes 1,500 + two dixes 20 = 1,520.  She takes every trick: the
    # 230 card points in play (240 less the buried 10H) + the last trick 10 + the buried 10 = 250; 1,770 ≥ 300.
    ann = final["players"][0]
    assert (ann["meld_points"], ann["raw_card_points"], ann["tricks"], ann["hand_score"]) == (1520, 250, 15, 300)
    assert final["contract"]["made"] is True and final["contract"]["conceded"] is False
    assert [p["hand_score"] for p in final["players"]] == [300, 0, 0]


def test_a_three_hand_concession(api):
    # Ann sees the widow and gives up before the first lead: a single bete, -300
    log = three_log("bid Ann 300; pass Bob; pass Cid; trump Ann S; widow Ann; concede Ann")
    ans = P(api, "validate", {"variant": "three-hand-auction", "players": THREE, "log": log})
    assert ans["valid"] is True
    assert ans["final"]["contract"]["conceded"] is True and ans["final"]["players"][0]["hand_score"] == -300


PRE = "bid Ann 300; pass Bob; pass Cid; trump Ann S"


@pytest.mark.parametrize("spec,where", [
    (PRE + "; widow Ann; play Ann AS", ("pinochle/8.3", "the bidder takes the widow and buries 3 cards before play",
                                        "card")),
    (PRE + "; bury Ann 10H 9C 9C", ("pinochle/8.3", "the bidder buries once, after taking the widow", "cards")),
    (PRE + "; widow Ann; bury Ann 10H 9C 9C; bury Ann AS AS 10S",
     ("pinochle/8.3", "the bidder buries once, after taking the widow", "cards")),
    (PRE + "; widow Ann; bury Bob 10H 9C 9C", ("pinochle/8.3", "only the bidder may do this", "player")),
    (PRE + "; widow Ann; bury Ann 9C 9C", ("pinochle/8.3", "the bidder buries exactly 3 cards", "cards")),
    (PRE + "; widow Ann; bury Ann 9C 9C AD", ("pinochle/8.3", "Ann does not hold AD", "cards")),
    (PRE + "; widow Ann; bury Ann 10H 10H 10H", ("pinochle/8.3", "Ann does not hold 10H", "cards")),
    (PRE + "; widow Ann; widow Ann", ("pinochle/8.3", "the widow was already taken", None)),
    (PRE + "; widow Bob", ("pinochle/8.3", "only the bidder may do this", "player")),
    (PRE + "; widow Ann; bury Ann 10H 9C 9C; play Ann AS; concede Ann",
     ("pinochle/8.4", "a bid is conceded before the first lead", None)),
    ("bid Ann 300; pass Bob; trump Ann S", ("pinochle/7.3", "only the high bidder names trump, after the auction",
                                            "suit")),
    ("bid Ann 290", ("pinochle/8.2", "a bid must be a multiple of 10 and at least 300", "amount")),
])
def test_three_hand_actions_out_of_place(api, spec, where):
    log = three_log(spec)
    ans = P(api, "validate", {"variant": "three-hand-auction", "players": THREE, "log": log})
    rule, message, field = where
    i = len(log) - 1
    assert first(ans) == (i, rule, message, f"/log/{i}" + (f"/{field}" if field else ""))


def test_a_three_hand_player_must_follow_then_the_deal_goes_on(api):
    # after the twelve spades Ann leads AH; Bob holds KH KH QH and throws QC... he has no club: he plays KH.
    # Instead he tries a diamond he no longer holds: refused as not held.
    log = three_log() + three_plays()[:37] + [{"type": "play", "player": "Bob", "card": "AD"}]
    ans = P(api, "validate", {"variant": "three-hand-auction", "players": THREE, "log": log})
    assert first(ans)[1:3] == ("pinochle/1.1", "Bob does not hold AD")


# ---------------------------------------------------------------- two-handed logs: melds and draws at the wrong time

BASE = {"Ann": "KS KH KD KC AS 10S AD 10D AC 10C 9S 9D", "Bob": "QS QS QH QD QC JS JD JC 9C AH 10H 9H"}


def two_log(spec, hands=None, upcard="JH"):
    # Bob deals, JH turned up (hearts trump); Ann leads
    log = [{"type": "deal", "dealer": "Bob", "upcard": upcard,
            "hands": {p: h.split() for p, h in (hands or BASE).items()}}]
    return log + ev(spec)


def two(api, spec, **kw):
    return P(api, "validate", {"players": TWO, "log": two_log(spec, **kw)})


def test_the_non_dealer_leads(api):
    assert first(two(api, "play Bob QS")) == (1, "pinochle/2.3", "it is Ann's turn to play, not Bob's", "/log/1/player")


def test_no_meld_in_the_middle_of_a_trick(api):
    # Ann has led AS; before Bob plays, nobody has won a trick: a meld now is refused (4.2), not a draw fault
    assert first(two(api, "play Ann AS; meld Ann KS KH KD KC"))[1:3] == (
        "pinochle/4.2", "only the winner of the trick just played may meld, now")


def test_the_winner_melds_before_drawing(api):
    # Ann takes QS with AS and draws first; the meld comes too late (Hoyle order)
    assert first(two(api, "play Ann AS; play Bob QS; draw Ann KS; meld Ann KS KH KD KC"))[1:3] == (
        "pinochle/3.3", "the trick's winner melds before drawing, not after")


def test_one_meld_per_trick_but_a_dix_on_top(api):
    # Ann takes QS, melds her kings around (80), then a second meld for the same trick is refused
    hands = {"Ann": "KS KH KD KC AS 10S AD 10D AC QS JD 9H", "Bob": "QS QH QD QC JS JD JC 9C AH 10H 9H 9S"}
    ans = two(api, "play Ann AS; play Bob QS; meld Ann KS KH KD KC; meld Ann QS JD", hands=hands)
    assert first(ans)[1:3] == ("pinochle/4.2", "one meld per trick won (a dix may be added)")
    # a dix on top of the trick's meld is legal; the log then ends mid-deal, which is no violation
    ans = two(api, "play Ann AS; play Bob QS; meld Ann KS KH KD KC; dix Ann show", hands=hands)
    assert (ans["valid"], ans["complete"], ans["deals"]) == (True, False, [])


def test_four_kings_again_with_a_king_played(api):
    # S8 in a log: Ann melds kings around (80), draws the second KS, leads KS (the melded copy goes), takes the
    # trick, and melds KS with the KH KD KC of the first around: they have been in kings around, so nothing.
    spec = ("play Ann AS; play Bob QS; meld Ann KS KH KD KC; draw Ann KS; draw Bob 9D; "
            "play Ann KS; play Bob JS; meld Ann KS KH KD KC")
    ans = two(api, spec)
    assert first(ans)[:2] == (8, "pinochle/4.4") and first(ans)[3] == "/log/8/cards"
    assert first(ans)[2].startswith("KH was already melded as kings around")


def test_the_upcard_is_exchanged_once(api):
    # Ann exchanges her dix 9H for the upcard JH; later Bob, with the other 9H, may only show it
    hands = {"Ann": "KS KH KD KC AS 10S AD 10D AC 10C 9S 9H", "Bob": "QS QS QH QD QC JS JD JC 9C AH 10H 9H"}
    spec = ("play Ann AS; play Bob QS; dix Ann exchange; draw Ann 9D; draw Bob 9D; "
            "play Ann 9S; play Bob JS; dix Bob exchange")
    ans = two(api, spec, hands=hands)
    assert first(ans) == (8, "pinochle/4.7", "the upcard can no longer be exchanged", "/log/8/exchange")


def test_a_third_copy_drawn(api):
    # Bob was dealt both QS: a third cannot come from the stock
    ans = two(api, "play Ann AS; play Bob QS; draw Ann QS")
    assert first(ans)[1] == "pinochle/1.1" and first(ans)[3] == "/log/3/card"


def test_the_loser_of_the_last_stock_trick_takes_the_upcard(api):
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "draw", "trump": "H", "tricks_done": 12, "winner": "Ann", "winner_drew": True,
                         "upcard": "JH"},
            "action": {"type": "draw", "player": "Bob", "card": "JH"}}
    assert P(api, "check", body)["effects"] == {"drew": "JH", "stock_left": 0, "upcard": True}


def test_the_upcard_twin_drawn_from_the_stock_is_not_the_upcard(api):
    # after the fifth trick Ann draws the other JH from the stock: the upcard JH stays under it.  Before this
    # trick's draws the stock held 24 - 2 × 4 = 16 cards with the upcard; after Ann's draw, 15
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "draw", "trump": "H", "tricks_done": 5, "winner": "Ann", "upcard": "JH",
                         "hand": "AS 9S KS QS JS 9C AH 10H KH QH 9D".split()},
            "action": {"type": "draw", "player": "Ann", "card": "JH"}}
    assert P(api, "check", body)["effects"] == {"drew": "JH", "stock_left": 15, "upcard": False}


def test_no_play_while_a_draw_is_due(api):
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "draw", "trump": "H", "tricks_done": 5, "winner": "Ann",
                         "hand": "AS 9S KS QS JS 9C AH 10H KH QH 9D".split()},
            "action": {"type": "play", "player": "Ann", "card": "AS"}}
    ans = P(api, "check", body)
    # the one action open to Ann is the draw she owes (the winner draws first, 3.3)
    assert ans["violations"][0]["rule"] == "pinochle/3.3"
    assert ans["legal_actions"] == [{"type": "draw", "player": "Ann"}]


def test_a_dix_shown_takes_nothing(api):
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": "H", "tricks_done": 3, "upcard": "JH",
                         "hand": "9H AS 9S KS QS JS 9C AH 10H KH 9D".split()},
            "action": {"type": "dix", "player": "Ann", "exchange": False}}
    assert P(api, "check", body)["effects"] == {
        "meld": "dix", "name": "dix", "class": "A", "points": 10,
        "reason": "Ann has just won a trick and shows the dix 9H for 10; a dix does not use up the trick's meld"}
    body["action"]["exchange"] = True
    assert P(api, "check", body)["effects"]["reason"] == (
        "Ann has just won a trick and exchanges the dix 9H for the upcard JH, for 10; a dix does not use up the "
        "trick's meld")


def test_a_second_meld_for_one_trick_in_check(api):
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": "H", "tricks_done": 3, "melded_this_trick": True,
                         "hand": "9H AS 9S KS QS JS 9C AH 10H KH 9D".split()},
            "action": {"type": "meld", "player": "Ann", "cards": ["KS", "QS"]}}
    assert P(api, "check", body)["violations"][0]["rule"] == "pinochle/4.2"
    body["action"] = {"type": "dix", "player": "Ann"}       # a dix still may come
    assert P(api, "check", body)["legal"] is True


def test_a_non_meld_is_named(api):
    # K♠ Q♠ 9♣: a marriage and a card that belongs to no meld
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": "H", "tricks_done": 3,
                         "hand": "9H AS 9S KS QS JD 9C AH 10H KH 9D".split()},
            "action": {"type": "meld", "player": "Ann", "cards": ["KS", "QS", "9C"]}}
    assert P(api, "check", body)["violations"][0] == {"rule": "pinochle/4.1", "pointer": "/action/cards",
                                                      "message": "KS QS 9C is not a meld with hearts trump"}


def test_two_melds_shown_as_one_are_named(api, client):
    # K♠ Q♠ J♦ with hearts trump: a marriage in spades (20) and a pinochle (Q♠ J♦, 40) sharing the queen; one is
    # declared for this trick won and the other after a later one (pinochle/4.2), never both as one meld
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": "H", "tricks_done": 3,
                         "hand": "9H AS 9S KS QS JD 9C AH 10H KH 9D".split()},
            "action": {"type": "meld", "player": "Ann", "cards": ["KS", "QS", "JD"]}}
    assert P(api, "check", body)["violations"][0] == {
        "rule": "pinochle/4.2", "pointer": "/action/cards",
        "message": "KS QS JD are not one meld but several: marriage in spades (20), pinochle (40); one is declared "
                   "for each trick won"}
    ru = client.post("/v1/games/pinochle/check", json=body, headers={"Accept-Language": "ru"}).get_json()
    assert ru["violations"][0]["message"] == ("К♠ Д♠ В♦ — не одна комбинация, а несколько: марьяж ♠ (20), пинокль (40); "
                                              "за каждую взятую взятку объявляют одну")


def test_the_example_deal_counts_tricks(api):
    import json
    import pathlib
    body = json.loads((pathlib.Path(__file__).resolve().parents[2] / "examples" / "pinochle"
                       / "two-handed-game.json").read_text())
    body.pop("game")
    ans = P(api, "validate", body)
    # the README's deal: Ann takes 7 tricks and Bob 17 of the 24
    assert [p["tricks"] for p in ans["final"]["players"]] == [7, 17]


@pytest.mark.parametrize("variant,players,lead,leader", [
    ("two-handed", TWO, "Ann", "Bob"),          # Ann deals, so Bob leads the first trick (pinochle/2.3)
    ("partnership", FOUR, "Bob", "Ann"),        # Dee deals, Ann (to her left) leads (pinochle/7.3)
])
def test_a_scored_deal_led_by_the_wrong_player(api, variant, players, lead, leader):
    if variant == "two-handed":
        import json
        import pathlib
        body = json.loads((pathlib.Path(__file__).resolve().parents[2] / "examples" / "pinochle"
                           / "two-handed-score.json").read_text())
        body.pop("game")
        body["deal"]["tricks"][0]["leader"] = lead
    else:
        # Bob "leads" the first trick: its cards in play order from him, Bob, Cid, Dee, Ann
        order = {"Ann": FOUR, "Bob": FOUR[1:] + FOUR[:1]}
        tricks = [{"leader": "Ann" if i else lead,
                   "cards": [PARTNER_HANDS[p].split()[i] for p in order["Ann" if i else lead]]} for i in range(12)]
        body = {"variant": variant, "players": players, "dealer": "Dee",
                "deal": {"bid": {"player": "Ann", "amount": 100}, "trump": "S",
                         "melds": {p: h.split() for p, h in PARTNER_HANDS.items()}, "tricks": tricks}}
    err = P(api, "score", body, status=422)["errors"][0]
    assert err["pointer"] == "/deal/tricks/0/leader" and err["detail"] == f"trick 0 must be led by {leader}, not {lead}"


def test_a_two_handed_log_has_no_auction(api):
    assert first(two(api, "bid Ann 100"))[1:3] == ("pinochle/2.1", "two-handed pinochle has no auction")
    assert first(two(api, "pass Ann"))[1:3] == ("pinochle/2.1", "two-handed pinochle has no auction")


# ---------------------------------------------------------------- the PokerKit triple, action by action

def two_state(**opts):
    o = VARIANTS["two-handed"].resolve(opts)
    st = new_state(TWO, "Bob", o, "H", {p: cards(h) for p, h in BASE.items()})
    st.upcard, st.stock_left, st.turned_up = parse_card("JH"), 24, parse_card("JH")
    return st


def test_play_verify_can_apply():
    st = two_state()
    assert st.can_play("Ann", parse_card("AS")) is True
    assert st.can_play("Bob", parse_card("QS")) is False          # Ann leads
    assert st.can_play("Ann", parse_card("QH")) is False          # not held
    with pytest.raises(IllegalAction) as e:
        st.verify_play("Bob", parse_card("QS"))
    assert e.value.rule == "pinochle/2.3"
    st.apply_play("Ann", parse_card("AS"))
    assert st.apply_play("Bob", parse_card("QS"))["trick"] == {"cards": ["AS", "QS"], "leader": "Ann",
                                                                "winner": "Ann", "points": 14}
    assert st.won == {"Ann": 1, "Bob": 0} and st.to_draw == ["Ann", "Bob"]


def test_meld_and_draw_verify_can_apply():
    st = two_state()
    st.apply_play("Ann", parse_card("AS"))
    st.apply_play("Bob", parse_card("QS"))
    kings = cards("KS KH KD KC")
    assert st.can_meld("Bob", kings) is False                       # the loser
    assert st.can_meld("Ann", kings) is True and st.can_meld("Ann", kings, True) is False
    assert st.apply_meld("Ann", kings)["points"] == 80
    assert st.hands["Ann"] == cards("10S AD 10D AC 10C 9S 9D")      # the kings went to the table
    assert st.can_draw("Bob", parse_card("9D")) is False and st.can_draw("Ann", parse_card("9D")) is True
    assert st.apply_draw("Ann", parse_card("9D")) == {"drew": "9D", "stock_left": 23, "upcard": False}
    st.apply_draw("Bob", parse_card("10S"))
    assert st.can_draw("Ann", parse_card("9C")) is False             # nobody draws now
    st.to_draw, st.stock_left = ["Ann"], 0
    with pytest.raises(IllegalAction, match="the stock is exhausted"):
        st.verify_draw("Ann", parse_card("9C"))


def test_a_double_pinochle_takes_two_new_cards_from_the_hand():
    # Ann melds a pinochle (QS JD), then the double with the other QS and JD: one of each from the table, one of
    # each from the hand, which keeps the rest
    o = VARIANTS["two-handed"].resolve({})
    st = new_state(TWO, "Bob", o, "H", {"Ann": cards("QS QS JD JD 9C 9D"), "Bob": cards("9S")})
    st.window = "Ann"
    st.apply_meld("Ann", cards("QS JD"))
    st.melded_this_trick, st.window = False, "Ann"
    assert st.apply_meld("Ann", cards("QS QS JD JD"))["points"] == 300
    assert st.hands["Ann"] == cards("9C 9D") and len(st.tables["Ann"].cards) == 4


def test_declare_verify_can_apply():
    st = two_state()
    assert st.can_declare("Ann") is True
    off = two_state(declare_out=False)
    assert off.can_declare("Ann") is False
    st.done = True
    assert st.can_declare("Ann") is False


def three_state():
    o = VARIANTS["three-hand-auction"].resolve({})
    st = new_state(THREE, "Cid", o, None, {p: cards(h) for p, h in THREE_HANDS.items()})
    st.auction = Auction(THREE, "Cid", o)
    st.widow = cards(WIDOW)
    return st


def test_the_auction_forms_verify_can_apply():
    st = three_state()
    assert st.can_bid("Ann", 300) is True and st.can_bid("Ann", 290) is False and st.can_bid("Bob", 300) is False
    assert st.can_pass("Ann") is True and st.can_pass("Bob") is False
    assert st.apply_bid("Ann", 300) == {"bid": 300}
    st.apply_pass("Bob")
    assert st.apply_pass("Cid") == {"declarer": "Ann", "bid": 300} and (st.declarer, st.bid) == ("Ann", 300)
    assert st.can_trump("Bob") is False and st.can_trump("Ann") is True
    st.apply_trump("Ann", "S")
    assert st.can_bury("Ann", cards(WIDOW)) is False                 # the widow first
    assert st.can_widow("Bob") is False and st.can_widow("Ann") is True
    st.apply_widow("Ann")
    assert st.can_widow("Ann") is False and len(st.hands["Ann"]) == 18
    assert st.can_bury("Ann", cards("10H 9C")) is False and st.can_bury("Ann", cards(WIDOW)) is True
    assert st.can_concede("Ann") is True and st.can_concede("Bob") is False
    st.apply_bury("Ann", cards(WIDOW))
    assert st.leader == "Ann" and st.kept == st.hands["Ann"] and len(st.kept) == 15
    st.apply_play("Ann", parse_card("AS"))
    assert st.can_concede("Ann") is False


def test_two_handed_has_no_auction_actions():
    st = two_state()
    assert not st.can_bid("Ann", 100) and not st.can_pass("Ann") and not st.can_trump("Ann")
    assert not st.can_widow("Ann") and not st.can_bury("Ann", cards("9S 9D AD")) and not st.can_concede("Ann")


def test_the_auction_alone():
    a = Auction(FOUR, "Dee", VARIANTS["partnership"].resolve({}))
    assert a.lowest == 100 and a.can_bid("Ann", 100) and not a.can_bid("Ann", 90) and not a.can_pass("Bob")
    a.apply_bid("Ann", 150)
    assert a.lowest == 160 and a.legal("Bob") == [{"type": "bid", "player": "Bob", "min": 160, "step": 10},
                                                  {"type": "pass", "player": "Bob"}]
    assert a.legal("Cid") == []
    for p in ("Bob", "Cid", "Dee"):
        a.apply_pass(p)
    assert a.over and a.high_bidder == "Ann" and a.legal("Ann") == []


# ---------------------------------------------------------------- turns, draws and the timing of melds, named

def test_who_must_draw_is_named(api):
    # Ann took the trick: she draws first, and nobody plays before both have drawn
    spec = "play Ann AS; play Bob QS; play Ann 10S"
    assert first(two(api, spec)) == (3, "pinochle/3.3", "Ann must draw from the stock first", "/log/3/player")
    assert first(two(api, "play Ann AS; play Bob QS; draw Bob 9D")) == (3, "pinochle/3.3", "Ann draws first",
                                                                         "/log/3/player")


def test_a_play_out_of_turn_inside_a_trick(api):
    # Ann has led; she may not play again before Bob (3.2: the trick goes on in turn)
    assert first(two(api, "play Ann AS; play Ann 10S")) == (2, "pinochle/3.2", "it is Bob's turn to play, not Ann's",
                                                             "/log/2/player")


def test_after_draw_the_winner_melds_once_both_have_drawn(api):
    # pagat/Hay order (meld_timing after_draw): Ann takes QS, and melding before the draws is too early
    body = {"players": TWO, "options": {"meld_timing": "after_draw"},
            "log": two_log("play Ann AS; play Bob QS; meld Ann KS KH KD KC")}
    assert first(P(api, "validate", body))[1:3] == (
        "pinochle/3.3", "the trick's winner melds after both have drawn")
    body["log"] = two_log("play Ann AS; play Bob QS; draw Ann 9D; draw Bob 10S; meld Ann KS KH KD KC")
    ans = P(api, "validate", body)
    assert (ans["valid"], ans["complete"]) == (True, False)   # the meld was legal; the log stops there


@pytest.mark.parametrize("timing,drawn,message", [
    ("before_draw", True, "the trick's winner melds before drawing"),
    ("after_draw", False, "the trick's winner melds after both have drawn"),
])
def test_s14_at_the_last_stock_trick(api, timing, drawn, message):
    # after the twelfth trick the winner's chance to meld depends on the order: refused with 3.3, not 4.8
    hand = "KC QC AS 9S KS QS JS 9C AH 10H KH QH".split()[:12 if drawn else 11]
    body = {"players": TWO, "dealer": "Bob", "options": {"meld_timing": timing},
            "position": {"phase": "meld", "trump": "H", "tricks_done": 12, "drawn": drawn, "hand": hand},
            "action": {"type": "meld", "player": "Ann", "cards": ["KS", "QS"]}}
    v = P(api, "check", body)["violations"][0]
    assert (v["rule"], v["message"]) == ("pinochle/3.3", message)


def test_both_dixes_score(api):
    # Ann shows 9H after her first trick, Bob shows the other 9H after his: both legal (10 each); the log ends
    hands = {"Ann": "KS KH KD KC AS 10S AD 10D AC 10C 9S 9H", "Bob": "QS QS QH QD QC JS JD JC 9C AH 10H 9H"}
    spec = ("play Ann AS; play Bob QS; dix Ann show; draw Ann 9D; draw Bob 9D; "
            "play Ann 9S; play Bob JS; draw Bob 10S; draw Ann KS; play Bob 10S; play Ann KS; dix Bob show")
    ans = two(api, spec, hands=hands)
    assert (ans["valid"], ans["complete"], ans["events_checked"]) == (True, False, 13)


def test_the_twin_of_the_top_trump_need_not_be_played(api):
    # three-hand, hearts trump: Bob leads AS, Cid trumps with AH; Ann, void in spades, holds the other AH and 9H.
    # Her AH cannot beat Cid's (the first of two identical cards wins), so either trump will do.
    body = {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid",
            "position": {"phase": "play", "trump": "H", "tricks_done": 10, "hand": "AH 9H 9D 10D KC".split(),
                         "trick": {"leader": "Bob", "cards": ["AS", "AH"]}},
            "action": {"type": "play", "player": "Ann", "card": "9H"}}
    ans = P(api, "check", body)
    assert ans["legal"] is True and sorted(a["card"] for a in ans["legal_actions"]) == ["9H", "AH"]


def test_two_copies_may_be_buried(api):
    # after the widow Ann holds both 10H: burying them with a 9C is legal (the log then stops)
    ans = P(api, "validate", {"variant": "three-hand-auction", "players": THREE,
                              "log": three_log(PRE + "; widow Ann; bury Ann 10H 10H 9C")})
    assert (ans["valid"], ans["complete"]) == (True, False)


def test_the_hidden_twin_of_the_upcard(api):
    # after the twelfth trick Ann (the winner) takes the last face-down card, which is the other JH: she does
    # not take the upcard, which is left for Bob
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "draw", "trump": "H", "tricks_done": 12, "winner": "Ann", "upcard": "JH",
                         "hand": "AS 9S KS QS JS 9C AH 10H KH QH 9D".split()},
            "action": {"type": "draw", "player": "Ann", "card": "JH"}}
    assert P(api, "check", body)["effects"] == {"drew": "JH", "stock_left": 1, "upcard": False}


def test_the_play_off_takes_the_melded_cards_back():
    # 12 tricks done and drawn: the first play of the play-off puts Ann's melded kings back in her hand
    st = two_state()
    st.window = "Ann"
    st.apply_meld("Ann", cards("KS KH KD KC"))
    st.tricks_done, st.stock_left, st.window = 12, 0, None
    st.leader = "Ann"
    st.apply_play("Ann", parse_card("AS"))
    assert st.tables["Ann"].cards == [] and sorted(map(str, st.hands["Ann"])) == sorted(
        "KS KH KD KC 10S AD 10D AC 10C 9S 9D".split())


def test_the_last_stock_card_takes_the_upcard_with_it():
    st = two_state()
    st.to_draw, st.stock_left = ["Bob"], 1
    assert st.apply_draw("Bob", None) == {"drew": None, "stock_left": 0, "upcard": False}
    assert st.upcard is None


def test_a_concession_ends_the_deal():
    st = three_state()
    st.apply_bid("Ann", 300)
    st.apply_pass("Bob")
    st.apply_pass("Cid")
    assert st.apply_concede("Ann") == {"conceded": True} and st.done and st.conceded
