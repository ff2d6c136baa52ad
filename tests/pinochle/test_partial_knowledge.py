"""Rule from what the table knows (two-handed play-off): a hand given in part ({"known", "unknown", "void"}); the
verdict is null with its conditions where it turns on cards nobody has seen (pinochle/5.2–5.4).

The common position: Ann and Bob, hearts trump, 22 of the 24 tricks played (12 with the stock, 10 in the
play-off), so each hand holds 12 - 10 = 2 cards; Ann leads KD and Bob is to play.  The 48-card deck holds two of
each card; outside Bob's hand only KD (on the table) is accounted for."""
import pytest


def body(hand, card, options=None, led="KD"):
    b = {"players": ["Ann", "Bob"], "dealer": "Ann",
         "position": {"phase": "play", "trump": "H", "tricks_done": 22, "hand": hand,
                      "trick": {"leader": "Ann", "cards": [led]}},
         "action": {"type": "play", "player": "Bob", "card": card}}
    if options:
        b["options"] = options
    return b


def P(api, b, status=200):
    return api("check", b, status=status, game="pinochle")


NO_D = {"rule": "pinochle/5.2", "player": "Bob", "lacks_suit": "D", "text": "legal only if Bob holds no diamonds"}
NO_H = {"rule": "pinochle/5.3", "player": "Bob", "lacks_suit": "H", "text": "legal only if Bob holds no hearts"}


def test_a_plain_card_turns_on_the_suit_led_and_on_trumps(api):
    # Bob holds 9S and one unknown card of the 48 - 9S - KD = 46 left: one of the 11 diamonds (AD AD 10D 10D KD QD QD
    # JD JD 9D 9D) binds him to follow (5.2), one of the 12 hearts to trump (5.3); 9S is legal only with neither.
    ans = P(api, body({"known": ["9S"], "unknown": 1}, "9S"))
    assert ans["legal"] is None
    assert ans["conditions"] == [NO_D, NO_H]
    assert ans["legal_actions"] == [{"type": "play", "player": "Bob", "card": "9S", "conditions": [NO_D, NO_H]}]


def test_a_void_in_the_led_suit_leaves_trumps(api):
    ans = P(api, body({"known": ["9S"], "unknown": 1, "void": ["D"]}, "9S"))
    assert ans["legal"] is None and ans["conditions"] == [NO_H]
    # void in hearts as well: the unknown card is a spade or a club, 9S is legal
    ans = P(api, body({"known": ["9S"], "unknown": 1, "void": ["D", "H"]}, "9S"))
    assert ans["legal"] is True and "conditions" not in ans


def test_heading_turns_on_a_higher_card_of_the_suit_led(api):
    # must_head always: QD follows, and Bob must head KD if able: AD or 10D (two of each) among the unknown would
    # oblige him; the other KD only ties, and a tie does not head.
    ans = P(api, body({"known": ["QD"], "unknown": 1}, "QD", {"must_head": "always"}))
    assert ans["legal"] is None
    assert ans["conditions"] == [{"rule": "pinochle/5.4", "player": "Bob", "lacks_higher_than": "KD",
                                  "text": "legal only if Bob holds no diamonds higher than KD"}]
    # by default (trump_lead_only) a plain-suit lead need not be headed: following decides it
    assert P(api, body({"known": ["QD"], "unknown": 1}, "QD"))["legal"] is True
    # one step over: the higher card known, 10D, decides it against QD
    ans = P(api, body({"known": ["QD", "10D"], "unknown": 0}, "QD", {"must_head": "always"}))
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/5.4"


def test_a_known_trump_decides_it(api):
    # void in diamonds and holding 9H: 9S is a failure to trump whatever else
    ans = P(api, body({"known": ["9S", "9H"], "unknown": 0, "void": ["D"]}, "9S"))
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/5.3"


@pytest.mark.parametrize("hand, card, pointer, detail", [
    # both KD known in the hand and a third on the table
    ({"known": ["KD", "KD"], "unknown": 0}, "KD", "/position/trick/cards/0",
     "KD appears more often than the Pinochle 48-card deck holds it (2 copies)"),
    # 2 cards in the play-off's 23rd trick, not 3
    ({"known": ["9S"], "unknown": 2}, "9S", "/position/hand",
     "at this point Bob holds 2 cards (hand and melded cards), not 3"),
    ({"known": ["9S"], "unknown": 1, "void": ["S"]}, "9S", "/position/hand/void/0",
     "the player is said to have no spades, but holds 9S"),
    ({"known": [], "unknown": 2, "void": ["S", "H", "D", "C"]}, "9S", "/position/hand/unknown",
     "only 0 cards not seen elsewhere could be in this hand, not 2"),
])
def test_contradicted_knowledge_is_a_422(api, hand, card, pointer, detail):
    err = P(api, body(hand, card), status=422)
    assert err["errors"] == [{"pointer": pointer, "detail": detail}]


def test_conditions_in_russian(client):
    b = body({"known": ["9п"], "unknown": 1, "void": ["б"]}, "9п")
    b["players"], b["dealer"], b["position"]["trick"]["leader"], b["action"]["player"] = \
        ["Аня", "Боря"], "Аня", "Аня", "Боря"
    ans = client.post("/v1/games/pinochle/check", json=b, headers={"Accept-Language": "ru"}).get_json()
    assert ans["conditions"] == [{"rule": "pinochle/5.3", "player": "Боря", "lacks_suit": "H",
                                  "text": "законно, только если Боря без ♥"}]


def test_the_stock_phase_needs_no_knowledge(api):
    # with the stock left (5 tricks played, 12 cards in hand) any card may be played (pinochle/3.1)
    b = body({"known": ["9S"], "unknown": 11}, "9S")
    b["position"]["tricks_done"] = 5
    assert P(api, b)["legal"] is True


def test_the_card_on_the_table_is_not_among_the_unknown(api):
    # At the first trick (12 cards each; Bob deals) Ann leads KD; Bob is said to lack spades, hearts and clubs, so his 12
    # cards would all be diamonds: the deck's 12 less KD on the table leaves 11 (pinochle/1.1).
    b = body({"known": [], "unknown": 12, "void": ["S", "H", "C"]}, "9D")
    b["position"]["tricks_done"] = 0
    b["dealer"] = "Bob"         # the non-dealer leads the first trick
    err = P(api, b, status=422)
    assert err["errors"] == [{"pointer": "/position/hand/unknown",
                              "detail": "only 11 cards not seen elsewhere could be in this hand, not 12"}]


def test_the_cards_melded_are_seen(api):
    # Ann has won the 3rd trick and melds (11 cards: KH known, 10 unseen); KH QH is the royal marriage for 40, its QH
    # one of the unseen cards.  Known to lack spades, she cannot meld KS QS.
    b = {"players": ["Ann", "Bob"], "dealer": "Bob",
         "position": {"phase": "meld", "trump": "H", "tricks_done": 3, "hand": {"known": ["KH"], "unknown": 10},
                      "melds": [], "played_from_table": []},
         "action": {"type": "meld", "player": "Ann", "cards": ["KH", "QH"]}}
    ans = P(api, b)
    assert ans["legal"] is True and ans["effects"]["points"] == 40
    b["position"]["hand"] = {"known": ["KH"], "unknown": 10, "void": ["S"]}
    b["action"]["cards"] = ["KS", "QS"]
    ans = P(api, b)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "pinochle/4.3"     # cards not held
