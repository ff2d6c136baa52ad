"""Rule from what the table knows: a hand given in part ({"known", "unknown", "void"}) and trick counts given as
"some" / "none" (check).  The verdict is true or false where the known facts decide it, null with its conditions
where it turns on cards nobody has seen (thousand/11.2–11.5, 10.1).

The common position: Anna, Boris, Vera (Vera deals); Anna declared 120 and has announced the heart marriage, so
hearts are trump and KH, QH were Anna's.  After 6 tricks every hand holds 8 - 6 = 2 cards; Anna leads 9D.
Cards accounted for outside Boris's hand: 9D (on the table), KH and QH (Anna's marriage)."""
import pytest

PLAYERS = ["Anna", "Boris", "Vera"]


def body(hand, card="AC", led=("9D",), won=None, options=None, marriages=(("Anna", "H"),), leader="Anna",
         actor="Boris", players=PLAYERS, marriage=False):
    b = {"players": list(players), "dealer": players[2],
         "position": {"phase": "play", "declarer": players[0], "contract": 120,
                      "marriages": [{"player": p, "suit": s} for p, s in marriages],
                      "tricks_won": won if won is not None else {players[0]: 6, players[1]: 0, players[2]: 0},
                      "trick": {"leader": leader, "cards": list(led)}, "hand": hand},
         "action": {"type": "play", "player": actor, "card": card}}
    if marriages:
        b["position"]["trump"] = "H"
    if marriage:
        b["action"]["marriage"] = True
    if options:
        b["options"] = options
    return b


NO_HEARTS = {"rule": "thousand/11.3", "player": "Boris", "lacks_suit": "H", "text": "legal only if Boris holds no hearts"}


def test_void_in_the_led_suit_with_one_unknown_card_turns_on_hearts(api):
    # Boris lacks diamonds and holds AC and one card unknown.  It comes from 24 - AC - 9D - KH - QH = 20 cards less
    # the 5 other diamonds: 15 (AH 10H JH 9H, six spades, five clubs).  One of the four hearts makes him trump
    # (11.3), any of the other 11 leaves AC legal: null, on hearts alone.
    ans = api("check", body({"known": ["AC"], "unknown": 1, "void": ["D"]}))
    assert ans["legal"] is None
    assert ans["conditions"] == [NO_HEARTS]
    assert ans["violations"] == []
    assert ans["legal_actions"] == [{"type": "play", "player": "Boris", "card": "AC", "conditions": [NO_HEARTS]}]
    assert [c["rule"] for c in ans["citations"]] == ["thousand/11.3"]


def test_void_in_the_led_suit_and_in_trumps_decides_it(api):
    # Also void in hearts: the unknown card is one of the 11 spades and clubs left; AC is legal whatever it is.
    ans = api("check", body({"known": ["AC"], "unknown": 1, "void": ["D", "H"]}))
    assert ans["legal"] is True and "conditions" not in ans
    assert ans["legal_actions"] == [{"type": "play", "player": "Boris", "card": "AC"}]


@pytest.mark.parametrize("void,pointer", [(["D", "D"], "/position/hand/void/1"), (["D", "H", "б"], "/position/hand/void/2")])
def test_a_suit_lacked_listed_twice_is_refused(api, void, pointer):
    # "D" twice, or "D" and its Russian letter «б»: one suit said twice is a fault of the body, not two facts
    err = api("check", body({"known": ["AC"], "unknown": 1, "void": void}), status=422)
    assert [(e["pointer"], e["detail"]) for e in err["errors"]] == [
        (pointer, "the suits lacked name diamonds twice")]


def test_a_suit_lacked_listed_twice_in_russian(client):
    r = client.post("/v1/games/thousand/check", json=body({"known": ["AC"], "unknown": 1, "void": ["D", "D"]}),
                    headers={"Accept-Language": "ru"})
    assert r.status_code == 422 and [e["detail"] for e in r.get_json()["errors"]] == [
        "масть ♦ указана дважды среди мастей, которых нет на руке"]


def test_a_known_heart_decides_it(api):
    # After 5 tricks Boris holds 3: AC, 9H and one unknown.  A diamond among them binds him to follow (11.2),
    # otherwise 9H binds him to trump (11.3): AC is illegal either way, the fault read from the known cards.
    ans = api("check", body({"known": ["AC", "9H"], "unknown": 1}, won={"Anna": 5, "Boris": 0, "Vera": 0}))
    assert ans["legal"] is False
    assert [v["rule"] for v in ans["violations"]] == ["thousand/11.3"]
    assert "conditions" not in ans


def test_without_the_void_the_led_suit_is_a_condition_too(api):
    # No void given: the unknown card may also be one of the 5 diamonds left (AD 10D KD QD JD), which binds him to
    # follow (11.2).  AC is legal only with neither a diamond nor a heart: two conditions, both must hold.
    ans = api("check", body({"known": ["AC"], "unknown": 1}))
    assert ans["legal"] is None
    assert ans["conditions"] == [
        {"rule": "thousand/11.2", "player": "Boris", "lacks_suit": "D", "text": "legal only if Boris holds no diamonds"},
        NO_HEARTS]


def test_playing_a_card_not_listed_as_known_shows_it(api):
    # Boris plays AH, one of his unknown cards: he holds a trump, so trumping is legal whatever else he holds.
    ans = api("check", body({"known": ["AC"], "unknown": 1, "void": ["D"]}, card="AH"))
    assert ans["legal"] is True
    # a card the void excludes, or one accounted for elsewhere, is not his (thousand/3.5)
    assert api("check", body({"known": ["AC"], "unknown": 1, "void": ["D"]}, card="AD"))["legal"] is False
    assert api("check", body({"known": ["AC"], "unknown": 1, "void": ["D"]}, card="KH"))["legal"] is False


def test_must_beat_turns_on_a_higher_card_of_the_suit(api):
    # must_beat: Anna leads QD; Boris holds 9D and one unknown card from 24 - 9D - QD - KH - QH = 20.  KD, 10D or AD
    # would oblige him to beat the queen (11.4); JD or any other card leaves 9D legal.
    ans = api("check", body({"known": ["9D"], "unknown": 1}, card="9D", led=("QD",), options={"must_beat": True}))
    assert ans["legal"] is None
    assert ans["conditions"] == [{"rule": "thousand/11.4", "player": "Boris", "lacks_higher_than": "QD",
                                  "text": "legal only if Boris holds no diamonds higher than QD"}]
    # one step over: known KD beats the queen, so 9D is illegal whatever the unknown card is
    ans = api("check", body({"known": ["9D", "KD"], "unknown": 0}, card="9D", led=("QD",),
                            options={"must_beat": True}))
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/11.4"
    # without must_beat following is enough: legal
    assert api("check", body({"known": ["9D"], "unknown": 1}, card="9D", led=("QD",)))["legal"] is True


def test_a_marriage_turns_on_the_partner_card(api):
    # Anna has won 5 tricks and leads again, holding 8 - 5 = 3 cards: KS known, 2 unknown.  Announcing the spade
    # marriage needs QS, which may be among the 2 unknown cards (nothing accounts for it elsewhere): null (10.1).
    b = body({"known": ["KS"], "unknown": 2}, card="KS", led=(), marriages=(), actor="Anna", marriage=True,
             won={"Anna": 5, "Boris": 0, "Vera": 0})
    ans = api("check", b)
    assert ans["legal"] is None
    assert ans["conditions"] == [{"rule": "thousand/10.1", "player": "Anna", "holds": ["QS"],
                                  "text": "legal only if Anna holds QS"}]
    assert {"type": "play", "player": "Anna", "card": "KS", "marriage": True,
            "conditions": ans["conditions"]} in ans["legal_actions"]
    # her whole 3 cards known, KS AH AD: QS is not hers, the announcement is illegal (10.1)
    b["position"]["hand"] = {"known": ["KS", "AH", "AD"], "unknown": 0}
    ans = api("check", b)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/10.1"


def test_some_and_none_tricks(api):
    # The exact count decides nothing here: Anna "some", the others "none".  Boris's 2 cards tell that 8 - 2 = 6
    # tricks have been played, at least the 1 that "some" means: the same null as with Anna 6.
    ans = api("check", body({"known": ["AC"], "unknown": 1, "void": ["D"]},
                            won={"Anna": "some", "Boris": "none", "Vera": "none"}))
    assert ans["legal"] is None and ans["conditions"] == [NO_HEARTS]
    # 3 "some" mean at least 3 tricks played, but a hand of 7 cards means 8 - 7 = 1: impossible
    err = api("check", body({"known": ["AC"], "unknown": 6, "void": ["D"]},
                            won={"Anna": "some", "Boris": "some", "Vera": "some"}), status=422)
    assert err["errors"][0]["pointer"] == "/position/hand"
    # one step under: 8 - 5 = 3 tricks played fits 3 "some"
    ans = api("check", body({"known": ["AC"], "unknown": 4, "void": ["D"]},
                            won={"Anna": "some", "Boris": "some", "Vera": "some"}))
    assert ans["legal"] is None


@pytest.mark.parametrize("hand, led, pointer", [
    # a known card on the table
    ({"known": ["9D", "AC"], "unknown": 0}, ("9D",), "/position/trick/cards"),
    # a void suit contradicted by a known card
    ({"known": ["AC", "9D"], "unknown": 0, "void": ["C"]}, ("QD",), "/position/hand/void/0"),
    # 2 cards after 6 tricks, not 4
    ({"known": ["AC"], "unknown": 3}, ("9D",), "/position/hand"),
])
def test_contradicted_knowledge_is_a_422(api, hand, led, pointer):
    err = api("check", body(hand, led=led), status=422)
    assert err["errors"][0]["pointer"] == pointer


def test_more_unknown_cards_than_the_deck_can_supply(api):
    # First trick: Anna leads 9D, Boris holds 8 cards, none known, void in diamonds, hearts and spades.  Only the 6
    # clubs can be his (no marriage yet, so no trump): 6 < 8 is a 422 at the count; void in two suits, 12 >= 8 fits.
    b = body({"known": [], "unknown": 8, "void": ["D", "H", "S"]}, marriages=(), won={"Anna": 0, "Boris": 0, "Vera": 0})
    err = api("check", b, status=422)
    assert err["errors"] == [{"pointer": "/position/hand/unknown",
                              "detail": "only 6 cards not seen elsewhere could be in this hand, not 8"}]
    b["position"]["hand"]["void"] = ["D", "H"]
    assert api("check", b)["legal"] is True       # no trump yet: a void player plays any card


def test_conditions_in_russian(client):
    b = body({"known": ["Тк"], "unknown": 1, "void": ["б"]}, card="Тк", led=("9б",), players=["Анна", "Борис", "Вера"],
             marriages=(("Анна", "ч"),), leader="Анна", actor="Борис", won={"Анна": 6, "Борис": 0, "Вера": 0})
    ans = client.post("/v1/games/thousand/check", json=b, headers={"Accept-Language": "ru"}).get_json()
    assert ans["legal"] is None
    assert ans["conditions"] == [{"rule": "thousand/11.3", "player": "Борис", "lacks_suit": "H",
                                  "text": "законно, только если Борис без ♥"}]
    b["options"] = {"must_beat": True}
    b["position"]["hand"] = {"known": ["9б"], "unknown": 1}
    b["position"]["trick"]["cards"] = ["Дб"]
    b["action"]["card"] = "9б"
    ans = client.post("/v1/games/thousand/check", json=b, headers={"Accept-Language": "ru"}).get_json()
    assert ans["conditions"][0]["text"] == "законно, только если Борис без ♦ старше Д♦"


def test_a_whole_hand_is_judged_as_before(api):
    # the list form is unchanged: AC with 9H in hand on a diamond lead, hearts trump, is a revoke (11.3)
    ans = api("check", body(["AC", "9H"]))
    assert ans["legal"] is False and "conditions" not in ans
    assert ans["violations"][0]["rule"] == "thousand/11.3"


def bid_body(hand, amount, options=None):
    b = {"players": PLAYERS, "dealer": "Vera", "position": {"phase": "bidding", "bids": [], "hand": hand},
         "action": {"type": "bid", "player": "Boris", "amount": amount}}
    if options:
        b["options"] = options
    return b


# Boris holds the spade marriage (KS QS), lacks hearts and diamonds, and 5 more cards nobody has seen (7 in all).
# They come from 24 - KS - QS - 12 hearts and diamonds = 10: AS 10S JS 9S and the six clubs.  His known limit is
# 120 + 40 = 160; with KC and QC among the unseen cards, 120 + 40 + 60 = 220 (the most he can hold).
SPADES = {"known": ["KS", "QS"], "unknown": 5, "void": ["H", "D"]}


# Boris's 7 cards all unseen: any marriage is possible, the smallest being spades (40); the next, clubs (60)
NOTHING_KNOWN = {"known": [], "unknown": 7}


@pytest.mark.parametrize("amount, en, ru", [
    # 10 over 120, said as the marriage that covers it: any one (no marriage is worth 10)
    (130, "legal only if Boris holds a marriage", "законно, только если у игрока Boris есть марьяж"),
    # 40 over: still any marriage (the spade marriage is 40)
    (160, "legal only if Boris holds a marriage", "законно, только если у игрока Boris есть марьяж"),
    # 45 over: spades alone no longer covers it; the least that does is 60 (clubs)
    (165, "legal only if Boris holds marriages worth at least 60 in all",
     "законно, только если у игрока Boris на руке марьяжи в сумме не меньше чем на 60"),
    # 65 over: the diamond marriage (80) is the least total reaching it (40 + 60 = 100 is more)
    (185, "legal only if Boris holds marriages worth at least 80 in all",
     "законно, только если у игрока Boris на руке марьяжи в сумме не меньше чем на 80"),
])
def test_the_marriages_a_bid_needs_are_said_as_marriages_can_make_them(client, amount, en, ru):
    for lang, text in (("en", en), ("ru", ru)):
        r = client.post("/v1/games/thousand/check", json=bid_body(NOTHING_KNOWN, amount),
                        headers={"Accept-Language": lang})
        assert r.get_json()["legal"] is None
        assert r.get_json()["conditions"] == [{"rule": "thousand/7.4", "player": "Boris",
                                               "marriages_worth": amount - 120, "text": text}]


@pytest.mark.parametrize("amount, legal, condition", [
    (160, True, None),                                      # the known marriage allows it
    # 45 more than 120: with hearts and diamonds void only the club marriage (60) can join the spades, 100 in all
    (165, None, {"rule": "thousand/7.4", "player": "Boris", "marriages_worth": 45,
                 "text": "legal only if Boris holds marriages worth at least 100 in all"}),
    (220, None, {"rule": "thousand/7.4", "player": "Boris", "marriages_worth": 100,
                 "text": "legal only if Boris holds marriages worth at least 100 in all"}),
    (225, False, None),                                     # above 220 whatever the unseen cards are
])
def test_a_bid_above_the_known_limit_turns_on_the_unseen_marriages(api, amount, legal, condition):
    ans = api("check", bid_body(SPADES, amount))
    assert ans["legal"] is legal
    assert ans.get("conditions") == ([condition] if condition else None)
    if legal is False:
        assert ans["violations"][0] == {"rule": "thousand/7.4", "pointer": "/action/amount", "message":
                                        "225 is above the highest limit this hand can have, 220, whatever its unseen "
                                        "cards"}


def test_a_bid_where_any_marriage_unlocks_the_limit(api):
    # bid_cap marriage_unlocks: KS known and 6 unseen cards; QS (or any other pair) among them allows 140
    ans = api("check", bid_body({"known": ["KS"], "unknown": 6}, 140, {"bid_cap": "marriage_unlocks"}))
    assert ans["legal"] is None
    assert ans["conditions"] == [{"rule": "thousand/7.4", "player": "Boris", "holds_marriage": True,
                                  "text": "legal only if Boris holds a marriage"}]


def test_a_hand_with_no_unknown_card_is_judged_as_a_whole_hand(api):
    # {"known": [AC, 9S], "unknown": 0} is Boris's whole hand: no diamond, no heart, so AC is legal (11.3 lapses)
    ans = api("check", body({"known": ["AC", "9S"], "unknown": 0}))
    assert ans["legal"] is True and "conditions" not in ans


def test_the_unknown_cards_may_take_every_card_left(api):
    # Clubs are trump (Anna's club marriage: KC, QC were hers); Anna led AC, Boris played 10C; Vera, void in
    # diamonds, hearts and spades, holds 2 cards after 6 tricks.  Only JC and 9C are left for her: 2 cards, just
    # enough.  She follows with JC: legal.
    b = body({"known": [], "unknown": 2, "void": ["D", "H", "S"]}, card="JC", led=("AC", "10C"),
             marriages=(("Anna", "C"),), actor="Vera")
    b["position"]["trump"] = "C"
    ans = api("check", b)
    assert ans["legal"] is True
    # one more suit lacked leaves her 2 unknown cards nothing to be
    b["position"]["hand"] = {"known": [], "unknown": 2, "void": ["D", "H", "S", "C"]}
    err = api("check", b, status=422)
    assert err["errors"] == [{"pointer": "/position/hand/unknown",
                              "detail": "only 0 cards not seen elsewhere could be in this hand, not 2"}]


def redeal_body(hand, reason="four_nines"):
    return {"players": PLAYERS, "dealer": "Vera", "position": {"phase": "bidding", "bids": [], "hand": hand},
            "action": {"type": "redeal", "player": "Boris", "reason": reason}}


def test_four_nines_from_a_hand_known_in_part(api):
    # Boris shows 9S 9H; his other 5 cards are unseen and 9D, 9C are accounted for nowhere: null on holding both
    cond = {"rule": "thousand/6.1", "player": "Boris", "holds": ["9D", "9C"], "text": "legal only if Boris holds 9D, 9C"}
    ans = api("check", redeal_body({"known": ["9S", "9H"], "unknown": 5}))
    assert ans["legal"] is None and ans["conditions"] == [cond]
    assert {"type": "redeal", "player": "Boris", "reason": "four_nines", "conditions": [cond]} in ans["legal_actions"]
    # known to lack diamonds: no fourth nine, the claim fails (two nines, not four)
    ans = api("check", redeal_body({"known": ["9S", "9H"], "unknown": 5, "void": ["D"]}))
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/6.1"
    # all four known: legal
    assert api("check", redeal_body({"known": ["9S", "9H", "9D", "9C"], "unknown": 3}))["legal"] is True


def test_a_weak_hand_needs_the_whole_hand(api):
    # the weak-hand threshold on (a hand worth less than 14 may be thrown in): the unseen cards' points decide it
    body = redeal_body({"known": ["9S", "9H"], "unknown": 5}, "weak_hand")
    body["options"] = {"redeal_weak_hand": 14}
    err = api("check", body, status=422)
    assert err["errors"] == [{"pointer": "/position/hand",
                              "detail": "a weak hand is judged by the points of all its cards: give the whole hand"}]


def test_the_cards_given_in_the_exchange_are_seen(api):
    # Anna has taken the talon (10 cards): AS known, 9 unseen.  She gives 9C and 9D: they were among the unseen
    # cards (legal); known to lack clubs, she cannot give 9C (8.1).
    b = {"players": PLAYERS, "dealer": "Vera",
         "position": {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True, "exchanged": False,
                      "hand": {"known": ["AS"], "unknown": 9}},
         "action": {"type": "exchange", "player": "Anna", "gives": {"Boris": "9C", "Vera": "9D"}}}
    ans = api("check", b)
    assert ans["legal"] is True and ans["effects"] == {"gives": {"Boris": "9C", "Vera": "9D"}}
    b["position"]["hand"]["void"] = ["C"]
    ans = api("check", b)
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/8.1"


def test_a_bid_needs_enough_unseen_cards_for_the_missing_marriage(api):
    # Boris shows 6 of his 7 cards (KS 9S 9C JC 9D JD) and one is unseen: QS would make the spade marriage
    # (120 + 40 = 160); any other marriage needs two cards he does not show.  160 is null, 165 illegal.
    hand = {"known": ["KS", "9S", "9C", "JC", "9D", "JD"], "unknown": 1}
    ans = api("check", bid_body(hand, 160))
    assert ans["legal"] is None and ans["conditions"][0]["marriages_worth"] == 40
    ans = api("check", bid_body(hand, 165))
    assert ans["legal"] is False
    assert ans["violations"][0]["message"] == "165 is above the highest limit this hand can have, 160, whatever its " \
                                              "unseen cards"


def test_a_verdict_no_phrase_describes_falls_back_to_a_plain_condition():
    # Library level: legal exactly when one of two suits is held, not both and not neither.  No per-suit phrase says
    # that, so the condition says it turns on the cards (and cites the fault's rule).
    from referee.cards import Card
    from referee.errors import IllegalAction
    from referee.knowledge import Undecided, verdict
    f = IllegalAction("thousand/11.2", "x")
    cases = [({"D": None, "H": None}, f), ({"D": Card("A", "D"), "H": None}, None),
             ({"D": None, "H": Card("A", "H")}, None), ({"D": Card("A", "D"), "H": Card("A", "H")}, f)]
    with pytest.raises(Undecided) as e:
        verdict(cases, "Boris", {}, lambda s, k: "thousand/11.2", lambda c: 1)
    assert e.value.conditions == [{"rule": "thousand/11.2", "player": "Boris",
                                   "text": "legal only if the cards Boris holds allow it"}]


def test_the_conditions_in_russian_name_the_player_without_agreeing_with_the_name(client):
    # the same two conditions as above, as a Russian table reads them: «у игрока Boris …», no colon after the name
    # and no verb or adjective that would have to agree with it
    def condition(body):
        r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": "ru"})
        return r.get_json()["conditions"][0]["text"]
    assert condition(bid_body(SPADES, 165)) == \
        "законно, только если у игрока Boris на руке марьяжи в сумме не меньше чем на 100"
    assert condition(bid_body({"known": ["KS"], "unknown": 6}, 140, {"bid_cap": "marriage_unlocks"})) == \
        "законно, только если у игрока Boris есть марьяж"
