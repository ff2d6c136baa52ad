"""Marriages that take every card a player holds cannot all be announced (thousand/10.1, 10.2): before the first
announcement the player plays a card that belongs to none of them, unless the declarer announces on the opening
lead (marriage_on_first_trick).  Three or four players hold 8 cards in play, two players 10."""

import pytest

from referee import registry
from referee.cards import parse_card
from referee.thousand.deal import DealState, Layout
from tests.thousand_helpers import PLAYERS, TRICKS, by_id, points_deal, score_body

FOUR_SUITS = [("Anna", "H"), ("Anna", "D"), ("Anna", "C"), ("Anna", "S")]
# Vera deals, Anna declares 300 (her limit with four marriages held is 120 + 280 = 400).  Card points
# 100 + 10 + 10 = 120 in tricks 6 + 1 + 1 = 8; Anna led at least four tricks after winning one.
PTS = {"Anna": 100, "Boris": 10, "Vera": 10}


def test_four_marriages_by_the_declarer_are_impossible_in_russian_classic(api):
    # KH QH KD QD KC QC KS QS are all eight of Anna's cards: her opening lead may not announce, so it breaks a pair.
    deal = points_deal("Anna", 300, PTS, TRICKS, FOUR_SUITS)
    err = api("score", score_body(deal, variant="russian-classic"), status=422)
    assert err["errors"][0]["pointer"] == "/deal/marriages/3"


def test_three_marriages_are_possible(api):
    # One step under: three pairs take 6 of the 8 cards.  100 + (100 + 80 + 60) = 340 >= 300: made, +300.
    deal = points_deal("Anna", 300, PTS, TRICKS, FOUR_SUITS[:3])
    assert by_id(api("score", score_body(deal, variant="russian-classic")))["Anna"]["hand_score"] == 300


def test_four_marriages_stay_possible_when_the_opening_lead_may_announce(api):
    # 100 + 280 = 380 >= 300: made, +300 (Anna announces on the opening lead, then on each lead after a won trick).
    deal = points_deal("Anna", 300, PTS, TRICKS, FOUR_SUITS)
    ans = api("score", score_body(deal, variant="russian-classic", options={"marriage_on_first_trick": True}))
    assert by_id(ans)["Anna"]["hand_score"] == 300


def test_a_defender_never_holds_four_announceable_marriages(api):
    # Boris defends: he plays a card to the first trick before he can ever lead, even where the declarer may announce
    # on the opening lead.  Points 30 + 80 + 10 = 120, tricks 2 + 5 + 1 = 8.
    pts, tricks = {"Anna": 30, "Boris": 80, "Vera": 10}, {"Anna": 2, "Boris": 5, "Vera": 1}
    four = [("Boris", s) for s in "HDCS"]
    opts = {"marriage_on_first_trick": True}
    err = api("score", score_body(points_deal("Anna", 100, pts, tricks, four), options=opts), status=422)
    assert err["errors"][0]["pointer"] == "/deal/marriages/3"
    ans = api("score", score_body(points_deal("Anna", 100, pts, tricks, four[:3]), options=opts))
    assert by_id(ans)["Boris"]["hand_score"] == 80 + 100 + 80 + 60     # 320, rounded to 5: 320


def test_the_ace_marriage_and_two_pairs_take_all_eight(api):
    # Four aces (200) + hearts + diamonds = 4 + 2 + 2 = 8 cards: impossible; the aces and one pair (6 cards) are not.
    opts = {"ace_marriage": True}
    aces = [("Anna", "aces"), ("Anna", "H"), ("Anna", "D")]
    err = api("score", score_body(points_deal("Anna", 300, PTS, TRICKS, aces), options=opts), status=422)
    assert err["errors"][0]["pointer"] == "/deal/marriages/2"
    ans = api("score", score_body(points_deal("Anna", 300, PTS, TRICKS, aces[:2]), options=opts))
    assert by_id(ans)["Anna"]["hand_score"] == 300      # 100 + 200 + 100 = 400 >= 300


def test_two_players_hold_ten_cards(api):
    # Boris deals, Anna (on the forced 100 as non-dealer) declares 395 and takes all ten tricks: her ten cards are the
    # four pairs and two more, one of which she leads first.  Card points 120 - JC 9C unused (2) = 118, discards 9S 9D
    # worth 0; 118 + 280 = 398 >= 395: made, +395.
    deal = points_deal("Anna", 395, {"Anna": 118, "Boris": 0}, {"Anna": 10, "Boris": 0}, FOUR_SUITS,
                       musik_unused=["JC", "9C"], discards=["9S", "9D"])
    ans = api("score", score_body(deal, players=["Anna", "Boris"], dealer="Boris", variant="two-player"))
    assert by_id(ans)["Anna"]["hand_score"] == 395


@pytest.mark.parametrize("first_trick,status", [(False, 422), (True, 200)])
def test_a_play_position_with_four_marriages(api, first_trick, status):
    # Anna led KH, KD, KC, KS announcing each and won those four tricks; she holds QH QD QC QS (8 - 4 = 4 cards).
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 4},
           "marriages": [{"player": "Anna", "suit": s} for s in "HDCS"], "trump": "S",
           "hand": ["QH", "QD", "QC", "QS"], "trick": {"leader": "Anna", "cards": []}}
    body = {"players": PLAYERS, "dealer": "Vera", "position": pos,
            "action": {"type": "play", "player": "Anna", "card": "QS"}, "options": {"marriage_on_first_trick": first_trick}}
    ans = api("check", body, status=status)
    if status == 422:
        assert ans["errors"][0]["pointer"] == "/position/marriages/3"
    else:
        assert ans["legal"] is True


# ---- check positions: with the hand known, the cards already played must include the first, which announced nothing
# Anna declares; 6 tricks won, 2 cards left.  KD QD in hand + the spade, heart and club pairs announced = all eight
# of her cards were kings and queens, so her opening lead (no announcement allowed on it) broke one of the three.
THREE = [{"player": "Anna", "suit": s} for s in "SHC"]


def four_body(hand, marriages=THREE, tricks_won=None, options=None, player="Anna", card="KD", marriage=True):
    pos = {"phase": "play", "declarer": "Anna", "contract": 120, "trump": marriages[-1]["suit"],
           "tricks_won": tricks_won or {"Anna": 6}, "marriages": marriages,
           "trick": {"leader": player, "cards": []}, "hand": hand}
    body = {"players": PLAYERS, "dealer": "Vera", "position": pos,
            "action": {"type": "play", "player": player, "card": card, "marriage": marriage}}
    return body | ({"options": options} if options else {})


def test_the_tester_example_is_an_impossible_position(api):
    err = api("check", four_body(["KD", "QD"]), status=422)
    assert err["errors"][0]["pointer"] == "/position/marriages"
    assert err["errors"][0]["detail"] == (
        "Anna has played 6 cards, all of them from the announced marriages, yet the first card played could not "
        "announce one and so broke its pair")
    # the same position without the new announcement is just as impossible
    assert api("check", four_body(["KD", "QD"], marriage=False), status=422)["errors"][0]["pointer"] == \
        "/position/marriages"


def test_one_card_over_makes_it_possible(api):
    # One step under: two pairs announced (4 cards) + KD QD in hand; of her 6 played cards 2 are of no marriage
    # (the first of them her opening lead).  The diamond marriage is her third: legal.
    ans = api("check", four_body(["KD", "QD"], marriages=THREE[:2]))
    assert ans["legal"] is True and ans["effects"]["marriage"] == {"suit": "D", "points": 80}


def test_the_opening_lead_may_announce(api):
    # under marriage_on_first_trick the declarer's opening lead announced: eight kings and queens, four marriages
    ans = api("check", four_body(["KD", "QD"], options={"marriage_on_first_trick": True}))
    assert ans["legal"] is True and ans["effects"]["marriage"] == {"suit": "D", "points": 80}


@pytest.mark.parametrize("options", [None, {"marriage_on_first_trick": True}])
def test_a_defender_too(api, options):
    # Boris defends: his first card follows Anna's opening lead, so the option never helps him.  He has won all 6
    # tricks so far (he leads now), announced three pairs and holds KD QD: all eight of his cards.
    marriages = [{"player": "Boris", "suit": s} for s in "SHC"]
    err = api("check", four_body(["KD", "QD"], marriages=marriages, tricks_won={"Boris": 6}, options=options,
                                 player="Boris"), status=422)
    assert err["errors"][0]["pointer"] == "/position/marriages"
    # with two pairs announced there is a card over: his diamond marriage stands
    ans = api("check", four_body(["KD", "QD"], marriages=marriages[:2], tricks_won={"Boris": 6}, options=options,
                                 player="Boris"))
    assert ans["legal"] is True


def test_a_partner_still_in_hand_was_not_played(api):
    # Anna led KC announcing clubs and keeps QC: her 8 cards were the three pairs, 9S and one more card, which she
    # led first.  Played 6 = that card + KS QS KH QH KC, so one played card is of no marriage: possible.
    ans = api("check", four_body(["QC", "9S"], card="QC", marriage=False))
    assert ans["legal"] is True


def test_the_ace_marriage_takes_four_cards(api):
    # The four aces (4 cards) + hearts (2) announced, KD QD in hand: 4 + 2 + 2 = all eight cards -> impossible.
    aces = [{"player": "Anna", "suit": "aces"}, {"player": "Anna", "suit": "H"}]
    err = api("check", four_body(["KD", "QD"], marriages=aces, options={"ace_marriage": True}), status=422)
    assert err["errors"][0]["pointer"] == "/position/marriages"


VARIANT = registry.get("thousand").variants["russian-classic"]


def cards(s):
    return [parse_card(c) for c in s.split()]


# A disputed question of thousand.md §4, under the default and the alternative option.
@pytest.mark.parametrize("timing,boris_legal,winner", [
    ("immediate", ["9C", "JS", "KD"], "Anna"),  # hearts are trump at once: Boris, void in hearts, plays anything
    ("next_trick", ["JS"], "Boris"),      # spades stay trump for this trick: Boris must trump, and wins it
])
def test_q4_trump_timing(timing, boris_legal, winner):
    # Trump is spades (from an earlier marriage).  Anna leads KH announcing hearts; Boris has no heart.
    opts = VARIANT.resolve({"trump_timing": timing})
    lay = Layout.of(PLAYERS, "Vera")
    st = DealState.new(lay, opts, hands={"Anna": cards("KH QH AD"), "Boris": cards("JS 9C KD"),
                                         "Vera": cards("9H QD JD")})
    st.start_play("Anna", 100)
    st.tricks_won["Anna"] = 5  # Anna has won tricks before
    st.trick_index = 5
    st.trump = "S"
    st.apply_play("Anna", parse_card("KH"), marriage=True)
    assert sorted(str(c) for c in st.legal_cards("Boris")) == boris_legal
    st.apply_play("Boris", parse_card("JS"))
    out = st.apply_play("Vera", parse_card("9H"))
    assert out["trick"]["winner"] == winner
    assert st.trump == ("H" if timing == "immediate" else "S")


# Once answered wrongly; found by probing the service as a new user.
def test_next_trick_timing_from_marriage_tricks(api):
    # Spades at trick 1, hearts at trick 2: from trick 3 hearts are trump, so Boris (void in clubs) must play 9H.
    body = {"players": PLAYERS, "dealer": "Vera", "options": {"trump_timing": "next_trick"},
            "position": {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 3},
                         "marriages": [{"player": "Anna", "suit": "S", "trick": 1},
                                       {"player": "Anna", "suit": "H", "trick": 2}],
                         "trick": {"leader": "Anna", "cards": ["9C"]}, "hand": ["9H", "JS", "9D", "JD", "AD"]},
            "action": {"type": "play", "player": "Boris", "card": "9H"}}
    assert api("check", body)["legal"] is True
    body["position"]["trump"] = "S"
    assert api("check", body, status=422)["errors"][0]["pointer"] == "/position/trump"
