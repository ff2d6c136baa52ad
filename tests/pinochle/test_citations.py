"""Pinochle check: a legal action cites every rule that constrained it (a black-box tester's fault: the README's
play-off play with the default heading option cited only 5.2, not the 5.4 clause that let 9S stand).

A lead cites who leads (2.3 two-handed, with 3.1 while the stock lasts; 7.3 partnership; 8.5 three-hand); a card
that follows suit cites 5.2, and 5.4 where the player could head the suit led (the option says whether it had to)
or the trumped plain-suit trick let any card of the suit follow; a void player's trump or discard cites 5.3, and 5.4
where a trump already in the trick could be overtrumped.  Positions are physically possible (hand sizes: two-handed
12 in the stock, 12 - (done - 12) in the play-off; partnership 12 - done; three-hand 15 - done) and every expected
value is worked by hand in a comment."""
import pytest

from tests.pinochle_helpers import FOUR, THREE, TWO


def P(api, body, status=200):
    return api("check", body, status=status, game="pinochle")


def cited(ans):
    return [(c["rule"], c.get("options")) for c in ans["citations"]]


def plays(ans):
    return [a["card"] for a in ans["legal_actions"]]


def two(done, hand, card, trick=None, options=None):
    pos = {"phase": "play", "trump": "H", "tricks_done": done, "hand": hand.split()}
    if trick is not None:
        pos["trick"] = trick
    body = {"players": TWO, "dealer": "Ann", "position": pos, "action": {"type": "play", "player": "Ann",
                                                                        "card": card}}
    if options is not None:
        body["options"] = options
    return body


# the README's play-off position: 14 tricks done, so Ann holds 12 - 2 = 10; Bob has led KS
README_HAND = "AS 9S 10H QC 9D JD KD QD JC 9C"
KS_LED = {"leader": "Bob", "cards": ["KS"]}


@pytest.mark.parametrize("options", [{}, {"must_head": "trump_lead_only"}])
def test_the_testers_readme_play_cites_the_heading_rule(api, options):
    # Ann could head KS with AS; under trump_lead_only (the two-handed default) a plain-suit lead need not be
    # headed, so 9S is legal: 5.2 (she follows suit) and 5.4 with the option that decided it.
    ans = P(api, two(14, README_HAND, "9S", KS_LED, options))
    assert ans["legal"] is True and ans["violations"] == []
    assert cited(ans) == [("pinochle/5.2", None), ("pinochle/5.4", {"must_head": "trump_lead_only"})]
    assert plays(ans) == ["AS", "9S"]        # both spades follow; neither has to head


def test_heading_under_always_cites_the_heading_rule(api):
    # must_head always: AS heads KS and is the only legal card (9S is the README's violation)
    ans = P(api, two(14, README_HAND, "AS", KS_LED, {"must_head": "always"}))
    assert ans["legal"] is True
    assert cited(ans) == [("pinochle/5.2", None), ("pinochle/5.4", {"must_head": "always"})]
    assert plays(ans) == ["AS"]


@pytest.mark.parametrize("options", [{}, {"must_head": "always"}])
def test_the_twin_of_the_card_led_does_not_head_it(api, options):
    # Bob leads AS; Ann holds the other AS and 9S.  The twin does not beat the card led (of two identical cards the
    # first played wins, 3.2), so Ann cannot head and 5.4 decides nothing: 9S cites 5.2 alone, even under always.
    ans = P(api, two(14, "AS 9S 10H QC 9D JD KD QD JC 9C", "9S", {"leader": "Bob", "cards": ["AS"]}, options))
    assert ans["legal"] is True
    assert cited(ans) == [("pinochle/5.2", None)]
    assert plays(ans) == ["AS", "9S"]


def test_a_trump_lead_headed_cites_the_heading_rule(api):
    # Bob leads JH (trump); Ann holds QH and 9H.  She must beat JH if able: QH is the one legal card.
    ans = P(api, two(14, "QH 9H AS QC 9D JD KD QD JC 9C", "QH", {"leader": "Bob", "cards": ["JH"]}))
    assert cited(ans) == [("pinochle/5.2", None), ("pinochle/5.4", {"must_head": "trump_lead_only"})]
    assert plays(ans) == ["QH"]


def test_a_void_player_trumps_or_discards_under_5_3(api):
    # No spade in Ann's hand: with trumps she must trump (5.3), any trump (nothing to overtrump in a two-card trick)
    hand = "AH 9H QC 9D JD KD QD JC 9C 10C"
    ans = P(api, two(14, hand, "9H", KS_LED))
    assert cited(ans) == [("pinochle/5.3", None)]
    assert plays(ans) == ["AH", "9H"]
    # with neither spades nor trumps any card may go: 5.3 says so
    ans = P(api, two(14, "AD QC 9D JD KD QD JC 9C 10C AC", "9C", KS_LED))
    assert cited(ans) == [("pinochle/5.3", None)]
    assert len(plays(ans)) == 10


@pytest.mark.parametrize("done,rules", [
    (11, [("pinochle/3.1", None)]),      # the 12th trick is still a stock trick: no obligations
    (12, [("pinochle/5.2", None), ("pinochle/5.4", {"must_head": "trump_lead_only"})]),   # the first of the play-off
    (13, [("pinochle/5.2", None), ("pinochle/5.4", {"must_head": "trump_lead_only"})]),
])
def test_obligations_begin_with_the_play_off(api, done, rules):
    # Ann holds 12 up to and including the first play-off trick (12 done), 11 after 13
    hand = "AS 9S 10H QC 9D JD KD QD JC 9C AC 10C" if done <= 12 else "AS 9S 10H QC 9D JD KD QD JC 9C AC"
    ans = P(api, two(done, hand, "9S", KS_LED))
    assert ans["legal"] is True
    assert cited(ans) == rules


def test_a_lead_cites_who_leads(api):
    hand = "AS 9S 10H QC 9D JD KD QD JC 9C AC 10C"
    # while the stock lasts (3 tricks done, 12 cards): 2.3 (the winner of the last trick leads) and 3.1 (any card)
    ans = P(api, two(3, hand, "9S", {"leader": "Ann", "cards": []}))
    assert cited(ans) == [("pinochle/2.3", None), ("pinochle/3.1", None)]
    # in the play-off (14 done, 10 cards): 2.3 alone; a lead has no duty under 5.2-5.4
    ans = P(api, two(14, README_HAND, "9S", {"leader": "Ann", "cards": []}))
    assert cited(ans) == [("pinochle/2.3", None)]
    assert len(plays(ans)) == 10


def test_partnership_and_three_hand_leads(api):
    # partnership, the first trick: the player left of the dealer (Dee) leads, Ann, 12 cards (7.3)
    ans = P(api, {"variant": "partnership", "players": FOUR, "dealer": "Dee",
                  "position": {"phase": "play", "trump": "H", "tricks_done": 0,
                               "hand": "AH AH 10H KH QH JH 9H AS 10S KS QS AC".split()},
                  "action": {"type": "play", "player": "Ann", "card": "AS"}})
    assert ans["legal"] is True and cited(ans) == [("pinochle/7.3", None)]
    # three-hand, the first trick: the bidder leads after burying, 15 cards (8.5)
    ans = P(api, {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid",
                  "position": {"phase": "play", "trump": "H", "tricks_done": 0,
                               "hand": "AH AH 10H KH QH JH 9H AS 10S KS QS AC 10C KC QC".split(),
                               "trick": {"leader": "Ann", "cards": []}},
                  "action": {"type": "play", "player": "Ann", "card": "AH"}})
    assert ans["legal"] is True and cited(ans) == [("pinochle/8.5", None)]


def three_trumped(card, hand, options=None):
    # three-hand, 1 trick done: Ann led KS, Bob (void in spades) trumped with QH; Cid holds 15 - 1 = 14
    body = {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid",
            "position": {"phase": "play", "trump": "H", "tricks_done": 1, "hand": hand.split(),
                         "trick": {"leader": "Ann", "cards": ["KS", "QH"]}},
            "action": {"type": "play", "player": "Cid", "card": card}}
    if options is not None:
        body["options"] = options
    return body


VOID_KH_JH = "KH JH AD AD 10D KD QD JD 9D AC 10C KC QC JC"    # no spade; trumps KH (above QH) and JH (below)


def test_overtrumping_cites_the_heading_rule(api):
    # the three-hand default trump_lead_and_overtrump: Cid must trump above QH, so KH only
    ans = P(api, three_trumped("KH", VOID_KH_JH))
    assert cited(ans) == [("pinochle/5.3", None), ("pinochle/5.4", {"must_head": "trump_lead_and_overtrump"})]
    assert plays(ans) == ["KH"]
    # trump_lead_only: any trump, JH too, and 5.4 is the rule that let the lower one stand
    ans = P(api, three_trumped("JH", VOID_KH_JH, {"must_head": "trump_lead_only"}))
    assert cited(ans) == [("pinochle/5.3", None), ("pinochle/5.4", {"must_head": "trump_lead_only"})]
    assert plays(ans) == ["KH", "JH"]


def test_no_higher_trump_no_heading_rule(api):
    # Cid's only trump is JH, below QH: she must trump (5.3) and cannot overtrump, so 5.4 decides nothing
    ans = P(api, three_trumped("JH", "JH 9H AD AD 10D KD QD JD 9D AC 10C KC QC JC"))
    assert cited(ans) == [("pinochle/5.3", None)]
    assert plays(ans) == ["JH", "9H"]


def partnership_trumped(card, hand, options=None):
    # partnership, 2 tricks done: Ann led KS, Bob trumped with 9H; Cid holds 12 - 2 = 10
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "position": {"phase": "play", "trump": "H", "tricks_done": 2, "hand": hand.split(),
                         "trick": {"leader": "Ann", "cards": ["KS", "9H"]}},
            "action": {"type": "play", "player": "Cid", "card": card}}
    if options is not None:
        body["options"] = options
    return body


def test_a_trumped_plain_lead_lets_any_card_of_the_suit_follow(api):
    # must_head always (the partnership default): the lead is trumped, so Cid need not head KS with AS; 9S stands
    # by 5.4's clause.  Her only other spade, QS, is below KS.
    ans = P(api, partnership_trumped("9S", "9S QS AD 10D KD QD JD AC 10C KC"))
    assert cited(ans) == [("pinochle/5.2", None), ("pinochle/5.4", {"must_head": "always"})]
    assert plays(ans) == ["QS", "9S"]
    # with AS she could head KS in the suit: still 5.4 (no duty once trumped)
    ans = P(api, partnership_trumped("9S", "9S AS AD 10D KD QD JD AC 10C KC"))
    assert cited(ans) == [("pinochle/5.2", None), ("pinochle/5.4", {"must_head": "always"})]
    # trump_lead_only, QS and 9S only: no card could head, no duty lapsed: 5.2 alone
    ans = P(api, partnership_trumped("9S", "9S QS AD 10D KD QD JD AC 10C KC", {"must_head": "trump_lead_only"}))
    assert cited(ans) == [("pinochle/5.2", None)]


# ---------------------------------------------------------------- the actions open in a ruling (legal_actions)

def meld_body(hand, cards, melds=(), done=3, options=None, **pos):
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "meld", "trump": "H", "tricks_done": done, "hand": hand.split(),
                         "melds": [{"cards": m.split()} for m in melds], **pos},
            "action": {"type": "meld", "player": "Ann", "cards": cards.split()}}
    if options is not None:
        body["options"] = options
    return body


FLUSH = "AH 10H KH QH JH"


def test_the_testers_refused_meld_lists_the_draw(api):
    # The tester's body: Ann won the 4th trick and has not drawn (before_draw, the default): 6 in hand + the flush
    # on the table = 11.  KH QH from the flush is a royal marriage of the same class and lower (4.4).  Nothing else
    # melds (KD without QD, QC without KC, no 9H for the dix, no QS for a pinochle), so the one action open is the
    # draw she owes, winner first (3.3).
    ans = P(api, meld_body("AS 9S QC 9D JD KD", "KH QH", [FLUSH]))
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/4.4"
    assert ans["legal_actions"] == [{"type": "draw", "player": "Ann"}]


def test_a_refused_meld_lists_every_meld_still_open(api):
    # Ann holds AS 9H QS JD KD QD and the flush (11 cards); the upcard 10H can still be taken for the dix.  Open:
    # the diamond marriage KD QD (new cards), the dix 9H exchanged or shown (the exchange is optional), the pinochle
    # QS JD, and the draw.  Not open: the flush again and KH QH (no new card, 4.3, 4.4); kings around (one king, KD,
    # in hand besides the table's KH, no spade or club king).
    ans = P(api, meld_body("AS 9H QS JD KD QD", "KH QH", [FLUSH], upcard="10H"))
    assert ans["violations"][0]["rule"] == "pinochle/4.4"
    assert ans["legal_actions"] == [
        {"type": "meld", "player": "Ann", "cards": ["KD", "QD"]},
        {"type": "dix", "player": "Ann", "exchange": True},
        {"type": "dix", "player": "Ann", "exchange": False},
        {"type": "meld", "player": "Ann", "cards": ["QS", "JD"]},
        {"type": "draw", "player": "Ann"},
    ]


def test_a_legal_meld_lists_the_actions_open_before_it(api):
    # the same position, the pinochle melded: legal, and the list is the same one (the actions before the meld)
    ans = P(api, meld_body("AS 9H QS JD KD QD", "QS JD", [FLUSH], upcard="10H"))
    assert ans["legal"] is True and ans["effects"]["points"] == 40
    assert len(ans["legal_actions"]) == 5 and ans["legal_actions"][-1] == {"type": "draw", "player": "Ann"}


def test_after_the_draws_the_winner_melds_or_leads(api):
    # meld_timing after_draw: both have drawn, Ann holds 7 + the flush = 12 and no meld but the refused KH QH; she
    # leads instead, any of her 12 cards while the stock lasts (3.1), in suit order C D H S, highest first
    ans = P(api, meld_body("AS 9S QC 9D JD KD AC", "KH QH", [FLUSH], options={"meld_timing": "after_draw"},
                           drawn=True))
    assert ans["violations"][0]["rule"] == "pinochle/4.4"
    assert [a["card"] for a in ans["legal_actions"]] == ["AC", "QC", "KD", "JD", "9D", "AH", "10H", "KH", "QH", "JH",
                                                       "AS", "9S"]
    assert {a["type"] for a in ans["legal_actions"]} == {"play"}


def test_a_meld_in_the_play_off_lists_the_lead(api):
    # 13 tricks done (the play-off): Ann won the 13th and holds 12 - 1 = 11.  No meld (4.8), but she leads the 14th,
    # any card; the dealer is Ann, so it is the trick she won that makes her the leader, not the deal.
    body = meld_body("KS QS AH 10H AD 10D AC 10C JD 9C 9H", "KS QS", done=13)
    body["dealer"] = "Ann"
    ans = P(api, body)
    assert ans["violations"][0]["rule"] == "pinochle/4.8"
    assert [a["card"] for a in ans["legal_actions"]] == ["AC", "10C", "9C", "AD", "10D", "JD", "AH", "10H", "9H", "KS",
                                                       "QS"]


@pytest.mark.parametrize("done,stock,card", [(11, 3, None), (12, 1, "AH")])
def test_the_last_stock_draw_lists_the_upcard(api, done, stock, card):
    # Ann won trick `done` and drew; Bob, 11 cards, draws.  The stock before the draws holds 2*12 - 2*(done-1)
    # cards with the upcard: 4 after 11 tricks, 2 after 12; one drawn leaves 3 (any card) or 1, the upcard AH, which
    # Bob must take (3.4).
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "draw", "trump": "H", "tricks_done": done, "winner": "Ann", "winner_drew": True,
                         "upcard": "AH", "stock_left": stock, "hand": "KH QH 9H AS 9S QC 9D JD KD QS AC".split()},
            "action": {"type": "draw", "player": "Bob", **({"card": card} if card else {})}}
    ans = P(api, body)
    assert ans["legal"] is True
    assert ans["legal_actions"] == [{"type": "draw", "player": "Bob", **({"card": card} if card else {})}]
    # the winner has drawn (12 cards): nothing is hers to do until Bob has drawn and she leads
    body["action"]["player"] = "Ann"
    body["position"]["hand"].append("10C")
    ans = P(api, body)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/3.3"
    assert ans["legal_actions"] == []


def test_a_bid_in_the_two_handed_play_lists_the_plays(api):
    # no auction two-handed (2.1); Ann, the non-dealer, leads the first trick with any of her 12 cards
    body = {"players": TWO, "dealer": "Bob",
            "position": {"phase": "play", "trump": "H", "tricks_done": 0,
                         "hand": "KH QH 9H AS 9S QC 9D JD KD QS AC 10C".split()},
            "action": {"type": "bid", "player": "Ann", "amount": 300}}
    ans = P(api, body)
    assert ans["violations"][0]["rule"] == "pinochle/2.1"
    assert len(ans["legal_actions"]) == 12 and ans["legal_actions"][0] == {"type": "play", "player": "Ann",
                                                                           "card": "AC"}


def test_a_declaration_out_lists_itself(api):
    # the docs' claim: 920 banked + 30 meld + 52 card points = 1002 >= 1000; the position is a running count, so
    # the one action it shows open is the declaration
    ans = P(api, {"players": TWO, "dealer": "Ann", "state": {"scores": {"Ann": 920, "Bob": 700}},
                  "position": {"phase": "play", "tricks_done": 5, "meld_points": 30, "card_points": 52},
                  "action": {"type": "declare_out", "player": "Ann"}})
    assert ans["effects"]["total"] == 1002 and ans["effects"]["right"] is True
    assert ans["legal_actions"] == [{"type": "declare_out", "player": "Ann"}]


# ---------------------------------------------------------------- legal melds and bids cite the limits in force

def test_a_legal_dix_cites_the_dix_rule_and_the_meld_timing(api):
    # Ann won the 3rd trick (3 done) and has not drawn: 11 cards.  She exchanges 9H for the upcard 10H: 10 points, legal by 4.7 (the exchange is
    # optional, option shown) in the time 3.3 gives (before the draw, option shown).
    ans = P(api, meld_body("AS 9H QS JD KD QD 9S QC 9D JD AC", "9H", upcard="10H"))
    ans2 = P(api, {**meld_body("AS 9H QS JD KD QD 9S QC 9D JD AC", "9H", upcard="10H"),
                   "action": {"type": "dix", "player": "Ann", "exchange": True}})
    for a in (ans, ans2):
        assert a["legal"] is True and a["effects"]["points"] == 10
        rules = dict(cited(a))
        assert rules["pinochle/4.7"] == {"first_dix_must_exchange": False}
        assert rules["pinochle/3.3"] == {"meld_timing": "before_draw"}
        assert "pinochle/4.8" not in rules and "pinochle/4.5" not in rules
    assert ans2["effects"]["took"] == "10H"


def test_double_pinochle_cites_its_rule(api):
    # both QS and both JD from the hand: double pinochle, 300 under the default double_pinochle "300" (4.5)
    ans = P(api, meld_body("QS QS JD JD AS 9S QC 9D KD AC 10C", "QS QS JD JD"))
    assert ans["legal"] is True and ans["effects"]["points"] == 300
    assert dict(cited(ans))["pinochle/4.5"] == {"double_pinochle": "300"}


@pytest.mark.parametrize("done,last", [(11, False), (12, True)])
def test_the_last_meld_of_the_stock_cites_where_melding_stops(api, done, last):
    # the 12th trick is the last with the stock: its winner's meld stands, and 4.8 (melding stops with the stock)
    # is the limit it met; after the 11th it is not yet in play.  Ann holds 11 (has not drawn).
    ans = P(api, meld_body("KS QS AH 10H AD 10D AC 10C JD 9C 9D", "KS QS", done=done))
    assert ans["legal"] is True and ans["effects"]["points"] == 20     # spades, hearts trump: a plain marriage
    assert ("pinochle/4.8" in dict(cited(ans))) is last


@pytest.mark.parametrize("amount,legal", [(90, False), (100, True), (110, True)])
def test_an_opening_bid_cites_the_lowest_bid_in_force(api, amount, legal):
    # partnership, min_bid 100: the opening bid is a multiple of 10 from 100 (7.2, the option shown either way)
    ans = P(api, {"variant": "partnership", "players": FOUR, "dealer": "Dee",
                  "position": {"phase": "bidding", "bids": []},
                  "action": {"type": "bid", "player": "Ann", "amount": amount}})
    assert ans["legal"] is legal
    assert cited(ans) == [("pinochle/7.2", {"min_bid": 100})]
