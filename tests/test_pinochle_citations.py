"""Pinochle check: a legal action cites every rule that constrained it (a black-box tester's fault: the README's
play-off play with the default heading option cited only 5.2, not the 5.4 clause that let 9S stand).

A lead cites who leads (2.3 two-handed, with 3.1 while the stock lasts; 7.3 partnership; 8.5 three-hand); a card
that follows suit cites 5.2, and 5.4 where the player could head the suit led (the option says whether it had to)
or the trumped plain-suit trick let any card of the suit follow; a void player's trump or discard cites 5.3, and 5.4
where a trump already in the trick could be overtrumped.  Positions are physically possible (hand sizes: two-handed
12 in the stock, 12 - (done - 12) in the play-off; partnership 12 - done; three-hand 15 - done) and every expected
value is worked by hand in a comment."""
import pytest

TWO = ["Ann", "Bob"]
THREE = ["Ann", "Bob", "Cid"]
FOUR = ["Ann", "Bob", "Cid", "Dee"]


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
