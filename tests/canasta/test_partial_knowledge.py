"""Rule from what the table knows: a hand given in part ({"known", "unknown"}).

Taking the pile turns only on the cards offered, the pile's top and what froze it, whether the side has opened
and its total, and how many cards the hand holds: the other cards need not be known, and the verdict is true or
false, except for a side's opening short of its minimum with no melds listed: the melds laid from three or more
unseen cards may complete it, and the verdict is null on that (canasta/4.1, ``melds_worth``).  A discard ends the turn, and a red three among the unseen cards would have had to be laid out first
(canasta/2.1): the verdict is null on that condition while a red three is unaccounted for.  Melding and going out
are judged on the whole hand (422 asking for it).

Ann and Cy play Bob and Dee with two packs and four jokers (108 cards: four red threes, 3H 3H 3D 3D)."""
import pytest

SIDES = [{"id": "us", "players": ["Ann", "Cy"]}, {"id": "them", "players": ["Bob", "Dee"]}]


def body(hand, action, phase="draw", melds=(("K", "K", "K"),), red_threes=None, stock=None, answer=None):
    b = {"sides": SIDES,
         "position": {"phase": phase, "hand": hand, "melds": {"us": [list(m) for m in melds]},
                      "pile": {"top": "Q", "size": 9, "frozen_by": "wild"}},
         "action": {"player": "Ann", **action}}
    if red_threes:
        b["position"]["red_threes"] = red_threes
    if stock is not None:
        b["position"]["stock"] = stock
    if answer:
        b["position"]["turn"] = {"answer": answer}
    return b


def P(api, b, status=200):
    return api("check", b, status=status, game="canasta")


TAKE_QQ = {"type": "take_pile", "cards": ["Q", "Q"]}


def test_the_side_has_opened_and_a_natural_pair_takes_the_frozen_pile(api):
    # The side shows K K K; the pile of 9 is frozen by a wild card with Q on top; Ann offers Q Q and holds 6 cards
    # nobody has seen (8 in all).  A natural pair of the top's rank takes a frozen pile: legal, all 9 cards taken.
    ans = P(api, body({"known": ["Q", "Q"], "unknown": 6}, TAKE_QQ))
    assert ans["legal"] is True and "conditions" not in ans
    assert ans["effects"] == {"cards_taken": 9, "canastas": 0}
    assert ans["facts"]["pile_frozen"] is True and ans["facts"]["side_has_melded"] is True


def test_a_pair_with_a_wild_card_does_not_take_a_frozen_pile(api):
    ans = P(api, body({"known": ["Q", "2"], "unknown": 6}, {"type": "take_pile", "cards": ["Q", "2"]}))
    assert ans["legal"] is False
    assert ans["violations"][0]["rule"] == "canasta/5.1"


def test_a_card_offered_that_was_not_known_is_one_of_the_unknown_ones(api):
    # one Q known, the second shown now: it was one of the 6 unknown cards, so the take is legal
    assert P(api, body({"known": ["Q"], "unknown": 6}, TAKE_QQ))["legal"] is True
    # with every card known (Q and 5), the second Q is not in the hand (canasta/6.1)
    ans = P(api, body({"known": ["Q", "5"], "unknown": 0}, TAKE_QQ))
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "canasta/6.1"


def test_an_unopened_side_may_complete_its_minimum_from_the_unseen_cards(api):
    # No melds on the table: Ann holds the 11 cards of her deal (Q Q and 9 unknown).  Q + Q Q = 3 x 10 = 30 < 50, the
    # first meld's minimum at a score of 0; no other melds are listed, and melds laid from the 9 unseen cards with
    # the take may bring the opening to 50: legal if they are worth 50 - 30 = 20 more (canasta/4.1).
    ans = P(api, body({"known": ["Q", "Q"], "unknown": 9}, TAKE_QQ, melds=()))
    assert ans["legal"] is None and ans["violations"] == [] and ans["penalties"] == []
    assert ans["conditions"] == [{"rule": "canasta/4.1", "player": "Ann", "melds_worth": 20,
                                  "text": "legal only if Ann also lays down melds from the hand worth at least 20 "
                                          "more, for the side's opening"}]
    assert ans["facts"]["minimum"] == 50
    # the minimum (4.1) and what counts toward it: the top card, not the rest of the pile (4.2)
    assert {"canasta/4.1", "canasta/4.2"} <= {c["rule"] for c in ans["citations"]}


def test_an_opening_with_the_pile_is_judged_as_listed_when_melds_are_given(api):
    # Ann lists K K K with the take: Q + Q Q + K K K = 30 + 30 = 60 >= 50 legal; with 5 5 5 instead,
    # 30 + 15 = 45 < 50: the melds listed are the opening, so it is short (false, not null) whatever else she holds
    take = {"type": "take_pile", "cards": ["Q", "Q"], "melds": [["K", "K", "K"]]}
    assert P(api, body({"known": ["Q", "Q", "K", "K", "K"], "unknown": 6}, take, melds=()))["legal"] is True
    take = {"type": "take_pile", "cards": ["Q", "Q"], "melds": [["5", "5", "5"]]}
    ans = P(api, body({"known": ["Q", "Q", "5", "5", "5"], "unknown": 6}, take, melds=()))
    assert ans["legal"] is False and "conditions" not in ans
    assert ans["violations"][0]["rule"] == "canasta/4.1"


@pytest.mark.parametrize("unknown, legal", [(2, False), (3, None), (4, None)])
def test_a_meld_from_the_unseen_cards_needs_three_of_them(api, unknown, legal):
    # 11 cards in all: Q Q offered, 9 - unknown others known (fives), `unknown` nobody has seen.  A meld is three
    # cards at least (canasta/3.1): two unseen cards cannot complete the opening, three can.
    known = ["Q", "Q"] + ["5"] * (9 - unknown)
    ans = P(api, body({"known": known, "unknown": unknown}, TAKE_QQ, melds=()))
    assert ans["legal"] is legal
    if legal is None:
        assert [c["melds_worth"] for c in ans["conditions"]] == [20]


def test_the_points_short_follow_the_side_s_minimum(api, client):
    # at 1,500 the minimum is 90: Q + Q Q = 30, short by 60; in Russian the condition reads as players say it
    b = body({"known": ["Q", "Q"], "unknown": 9}, TAKE_QQ, melds=())
    b["state"] = {"scores": {"us": 1500, "them": 0}}
    ans = P(api, b)
    assert ans["facts"]["minimum"] == 90 and [c["melds_worth"] for c in ans["conditions"]] == [60]
    ans = client.post("/v1/games/canasta/check", json=b, headers={"Accept-Language": "ru"}).get_json()
    assert ans["conditions"][0]["text"] == ("законно, только если Ann выложит с руки ещё комбинации не меньше чем на "
                                            "60 очков — для открытия стороны")


def test_a_fully_known_hand_is_judged_as_offered(api):
    # every card known (Q Q, three 5s, three 6s, three 7s: melds of them possible, but none listed): short, false
    ans = P(api, body({"known": ["Q", "Q"] + ["5"] * 3 + ["6"] * 3 + ["7"] * 3, "unknown": 0}, TAKE_QQ, melds=()))
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "canasta/4.1"


def test_a_short_deal_of_an_unopened_side_is_refused(api):
    # 2 + 8 = 10 cards is not a deal of 11: a 422 at the hand
    err = P(api, body({"known": ["Q", "Q"], "unknown": 8}, TAKE_QQ, melds=()), status=422)
    assert err["errors"][0]["pointer"] == "/position/hand"


RED = {"rule": "canasta/2.1", "player": "Ann", "lacks_red_three": True, "text": "legal only if Ann holds no red three"}


def test_a_discard_turns_on_an_unseen_red_three(api):
    # Ann has drawn; she holds 5 and 9 and 6 cards nobody has seen, and no red three is on the table: all four may be
    # among them, and a red three held at the end of the turn breaks canasta/2.1.
    ans = P(api, body({"known": ["5", "9"], "unknown": 6}, {"type": "discard", "card": "5"}, phase="play"))
    assert ans["legal"] is None
    assert ans["conditions"] == [RED]
    assert {"type": "discard", "player": "Ann", "card": "5", "conditions": [RED]} in ans["legal_actions"]
    # three of the four laid out: the fourth may still be Ann's
    three = {"us": ["3H", "3H"], "them": ["3D"]}
    assert P(api, body({"known": ["5", "9"], "unknown": 6}, {"type": "discard", "card": "5"}, phase="play",
                       red_threes=three))["legal"] is None
    # all four laid out: none can be in her hand, the discard is legal
    four = {"us": ["3H", "3H"], "them": ["3D", "3D"]}
    ans = P(api, body({"known": ["5", "9"], "unknown": 6}, {"type": "discard", "card": "5"}, phase="play",
                      red_threes=four))
    assert ans["legal"] is True and "conditions" not in ans
    # the stock gone: a red three can no longer be replaced and laid out in turn (canasta/2.1 asks a card to draw)
    assert P(api, body({"known": ["5", "9"], "unknown": 6}, {"type": "discard", "card": "5"}, phase="play",
                       stock=0))["legal"] is True
    assert P(api, body({"known": ["5", "9"], "unknown": 6}, {"type": "discard", "card": "5"}, phase="play",
                       stock=1))["legal"] is None


@pytest.mark.parametrize("hand, action, kw, pointer, detail", [
    # melding is judged on the whole hand
    ({"known": ["5", "9"], "unknown": 6}, {"type": "meld", "melds": [["5", "5", "5"]]}, {"phase": "play"},
     "/position/hand", "this action is judged on every card of the hand: give the whole hand as a list"),
    # after the partner's yes, whether Ann can go out (and so must) turns on the whole hand (canasta/6.3)
    ({"known": ["5", "9"], "unknown": 6}, {"type": "discard", "card": "5"}, {"phase": "play", "answer": "yes"},
     "/position/hand", "this action is judged on every card of the hand: give the whole hand as a list"),
    ({"known": ["Q", "Q"], "unknown": 6, "void": ["H"]}, TAKE_QQ, {}, "/position/hand/void",
     "in Canasta the suits a player lacks decide nothing: give the known cards and how many others the hand holds"),
    # 108 - (Q Q, K K K, the top Q) - the 8 pile cards under it - a card for each of the 3 others = 91 < 100
    ({"known": ["Q", "Q"], "unknown": 100}, TAKE_QQ, {}, "/position/hand/unknown",
     "only 91 cards not seen elsewhere could be in this hand, not 100"),
])
def test_what_cannot_be_judged_from_part_of_the_hand_is_a_422(api, hand, action, kw, pointer, detail):
    err = P(api, body(hand, action, **kw), status=422)
    assert err["errors"] == [{"pointer": pointer, "detail": detail}]


def test_one_unknown_card_more_fits(api):
    # one step under the 422 above: 91 unknown cards is what the deck can supply (legal take)
    assert P(api, body({"known": ["Q", "Q"], "unknown": 91}, TAKE_QQ))["legal"] is True
    err = P(api, body({"known": ["Q", "Q"], "unknown": 92}, TAKE_QQ), status=422)
    assert err["errors"] == [{"pointer": "/position/hand/unknown",
                              "detail": "only 91 cards not seen elsewhere could be in this hand, not 92"}]


def test_conditions_in_russian(client):
    b = body({"known": ["5", "9"], "unknown": 6}, {"type": "discard", "card": "5"}, phase="play")
    b["sides"] = [{"id": "мы", "players": ["Аня", "Кирилл"]}, {"id": "они", "players": ["Боря", "Даша"]}]
    b["position"]["melds"] = {"мы": [["К", "К", "К"]]}
    b["action"]["player"] = "Аня"
    ans = client.post("/v1/games/canasta/check", json=b, headers={"Accept-Language": "ru"}).get_json()
    assert ans["legal"] is None
    assert ans["conditions"] == [{"rule": "canasta/2.1", "player": "Аня", "lacks_red_three": True,
                                  "text": "законно, только если Аня без красной тройки"}]
