"""The last two stock cards (pinochle/3.4): the winner of the twelfth trick takes the face-down card, the loser the
face-up one.  The draw is judged before the count of the card drawn: a winner who names the upcard while its twin is
already in play has taken the face-up card, which is a ruling under 3.4, not a third copy of the card (1.1).

The deal of the logs below, counted card by card (48 cards, two of each):

* the upcard JH (hearts trump), Bob deals, Ann leads;
* Ann: the twelve spades, AS AS 10S 10S KS KS QS QS JS JS 9S 9S;
* Bob: eleven clubs AC AC 10C 10C KC KC QC QC JC JC 9C, and one more card: the other JH (log A) or a 9D (log B);
* the stock, 23 cards: Ann draws AH AH 10H 10H KH KH QH QH 9H 9H 9C (11) after tricks 1 to 11, Bob draws ten
  diamonds AD AD 10D 10D KD KD QD QD JD JD and a 9D (11), and the last face-down card is a 9D (log A) or the other
  JH (log B).  12 + 12 + 1 + 23 = 48; hearts: 10 in the stock, JH twice (upcard and Bob's or the stock's);
  diamonds: 12 (one 9D is Bob's in log B, the last stock card in log A); clubs: 11 Bob's + 9C drawn.

Ann leads a spade to every trick and Bob throws a club (a diamond at the twelfth), so Ann wins all twelve.  The
events: the deal at 0, then four per trick (Ann's lead, Bob's card, Ann's draw, Bob's draw): trick k's events are
4k - 3 … 4k, so after the twelfth trick Ann draws at index 47 and Bob at 48.
"""
import pytest

from tests.pinochle_helpers import ANN, BOB_CLUBS, TWO, P

ANN_DRAWS = "AH AH 10H 10H KH KH QH QH 9H 9H 9C".split()
BOB_DRAWS = "AD AD 10D 10D KD KD QD QD JD JD 9D".split()


def stock_log(bob_extra: str, last_draws: tuple[str, str], **opts) -> dict:
    """The log up to the draws after the twelfth trick: ``last_draws`` (Ann's, Bob's)."""
    log = [{"type": "deal", "dealer": "Bob", "upcard": "JH", "hands": {"Ann": ANN, "Bob": BOB_CLUBS + [bob_extra]}}]
    for k in range(12):
        bob_card = BOB_CLUBS[k] if k < 11 else "AD"          # the twelfth: a diamond drawn at the first trick
        log += [{"type": "play", "player": "Ann", "card": ANN[k]}, {"type": "play", "player": "Bob", "card": bob_card}]
        ann, bob = (ANN_DRAWS[k], BOB_DRAWS[k]) if k < 11 else last_draws
        log += [{"type": "draw", "player": "Ann", "card": ann}, {"type": "draw", "player": "Bob", "card": bob}]
    body = {"players": TWO, "log": log}
    if opts:
        body["options"] = opts
    return body


def first(ans):
    v = ans["first_violation"]
    return v and (v["index"], v["rule"], v["pointer"])


# ---------------------------------------------------------------- validate

def test_the_winner_who_takes_the_upcard_breaks_3_4_not_the_deck(api):
    # log A: Bob holds the other JH, so the last face-down card is the 9D; Ann names JH: the face-up card.
    # Before the fix: "JH appears more often than the deck holds it" (1.1).
    ans = P(api, "validate", stock_log("JH", ("JH", "9D")))
    assert first(ans) == (47, "pinochle/3.4", "/log/47/card")
    assert ans["first_violation"]["message"] == (
        "Ann won the last trick before the stock ran out and must take the face-down card; JH is the face-up card "
        "(the other JH is already in play), which goes to the loser")
    assert ans["valid"] is False


def test_the_same_winner_taking_the_face_down_card_is_legal(api):
    # log A played right: Ann the 9D, Bob the upcard JH; the log stops at the play-off, still being played
    ans = P(api, "validate", stock_log("JH", ("9D", "JH")))
    assert (ans["valid"], ans["complete"], ans["violations"]) == (True, False, [])
    assert ans["position"]["phase"] == "play" and ans["position"]["tricks_done"] == 12


def test_the_upcards_twin_as_the_last_face_down_card(api):
    # log B: Bob was dealt the 9D and the other JH is the last face-down card: Ann's JH is that twin, legal, and Bob
    # then takes the upcard JH.  JH is seen twice (upcard, Ann's draw): within the deck.
    ans = P(api, "validate", stock_log("9D", ("JH", "JH")))
    assert (ans["valid"], ans["complete"], ans["violations"]) == (True, False, [])


def test_the_winner_may_take_the_upcard_when_the_option_says_so(api):
    # last_stock winner_chooses: Ann takes the face-up JH, Bob gets the face-down 9D; JH is not counted again
    ans = P(api, "validate", stock_log("JH", ("JH", "9D"), last_stock="winner_chooses"))
    assert (ans["valid"], ans["complete"], ans["violations"]) == (True, False, [])


def test_a_true_third_copy_is_still_the_deck_rule(api):
    # earlier in the stock Ann draws a third AS (she holds both): no rule of the draw decides, the count does
    body = stock_log("JH", ("9D", "JH"))
    body["log"][3]["card"] = "AS"              # Ann's draw after the first trick
    v = P(api, "validate", body)["first_violation"]
    assert (v["index"], v["rule"], v["pointer"]) == (3, "pinochle/1.1", "/log/3/card")


# ---------------------------------------------------------------- check

def draw_position(hand: str, winner_drew: bool) -> dict:
    # after the twelfth trick, before its draws: the stock holds 24 - 2 × 11 = 2 cards with the upcard (1 after
    # the winner's draw); the player who draws holds 11 cards
    return {"phase": "draw", "trump": "H", "tricks_done": 12, "winner": "Ann", "winner_drew": winner_drew,
            "upcard": "JH", "hand": hand.split()}


# Ann's eleven: the other JH and ten more, or a 9H in its place (JH then unseen, maybe the last face-down card)
WITH_TWIN = "JH AH AH 10H 10H KH KH QH QH 9H 9C"
WITHOUT_TWIN = "9H AH AH 10H 10H KH KH QH QH 9H 9C"


def test_check_the_winner_holding_the_twin_takes_the_upcard(api):
    # Ann holds one JH and the other is the upcard: naming JH is taking the face-up card (before the fix, a 422
    # "Ann already holds both JH")
    ans = P(api, "check", {"players": TWO, "dealer": "Bob", "position": draw_position(WITH_TWIN, False),
                           "action": {"type": "draw", "player": "Ann", "card": "JH"}})
    assert ans["legal"] is False
    assert (ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == ("pinochle/3.4", "/action/card")


def test_check_the_winner_without_the_twin_may_draw_it_face_down(api):
    # one step away: Ann holds no JH, so the face-down card may be the other JH; the stock goes from 2 to 1
    ans = P(api, "check", {"players": TWO, "dealer": "Bob", "position": draw_position(WITHOUT_TWIN, False),
                           "action": {"type": "draw", "player": "Ann", "card": "JH"}})
    assert (ans["legal"], ans["effects"]) == (True, {"drew": "JH", "stock_left": 1, "upcard": False})


def test_check_winner_chooses_the_upcard_though_holding_the_twin(api):
    ans = P(api, "check", {"players": TWO, "dealer": "Bob", "options": {"last_stock": "winner_chooses"},
                           "position": draw_position(WITH_TWIN, False),
                           "action": {"type": "draw", "player": "Ann", "card": "JH"}})
    assert (ans["legal"], ans["effects"]) == (True, {"drew": "JH", "stock_left": 1, "upcard": True})


def test_check_the_loser_naming_a_card_he_holds_twice(api):
    # Bob, the loser, holds both 9D and names a 9D instead of the upcard: 3.4 decides (he takes the upcard), not
    # the count (before the fix, a 422 "Bob already holds both 9D")
    hand = "9D 9D AD 10D KD QD JD AC 10C KC QC"
    ans = P(api, "check", {"players": TWO, "dealer": "Bob", "position": draw_position(hand, True),
                           "action": {"type": "draw", "player": "Bob", "card": "9D"}})
    assert ans["legal"] is False
    assert (ans["violations"][0]["rule"], ans["violations"][0]["pointer"]) == ("pinochle/3.4", "/action/card")


def test_check_the_loser_out_of_turn_is_the_order_of_the_draws(api):
    # the winner has not drawn yet: Bob's draw of a card he holds twice is out of turn (3.3), judged first
    hand = "9D 9D AD 10D KD QD JD AC 10C KC QC"
    ans = P(api, "check", {"players": TWO, "dealer": "Bob", "position": draw_position(hand, False),
                           "action": {"type": "draw", "player": "Bob", "card": "9D"}})
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "pinochle/3.3")


@pytest.mark.parametrize("hand,status", [("QS QS 9S 9D KD QD JD AC 10C KC QC", 422),    # both QS: a third
                                         ("QS 9S 9S 9D KD QD JD AC 10C KC QC", 200)])   # one QS: the other may come
def test_check_a_third_copy_in_the_stock_is_still_impossible(api, hand, status):
    # after the fifth trick (stock 24 - 2 × 4 = 16 with the upcard) Ann draws QS
    pos = {"phase": "draw", "trump": "H", "tricks_done": 5, "winner": "Ann", "upcard": "JH", "hand": hand.split()}
    ans = P(api, "check", {"players": TWO, "dealer": "Bob", "position": pos,
                           "action": {"type": "draw", "player": "Ann", "card": "QS"}}, status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/action/card"
    else:
        assert ans["effects"] == {"drew": "QS", "stock_left": 15, "upcard": False}
