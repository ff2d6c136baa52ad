"""The position builder's checks at their boundaries: what a described position or deal must say to be possible,
one step each side of every limit (two-handed check positions, the pad's form, the auction forms' deals, the
state carried in).

Two-handed with 48 cards: 12 tricks while the stock lasts; the stock holds 24 cards with the upcard before the first
trick and 2 fewer a trick (pinochle/2.1, 3.3); a player holds 12 cards (hand and melded cards) between a trick's
draws and the next trick.  Partnership: 12 tricks of 4 cards, min_bid 100.  Three-hand: 15 tricks of 3 cards, the
bidder buries 3 (pinochle/8.3), min_bid 300.  Every scheme puts 240 card points in the pack (pinochle/1.3).
"""
import pytest

from referee import service
from referee.errors import InputError
from tests.pinochle_helpers import FOUR, THREE, TWO

# one of each heart and spade: 12 cards, a possible hand at any point of the stock phase
HAND12 = ["AH", "10H", "KH", "QH", "JH", "9H", "AS", "10S", "KS", "QS", "JS", "9S"]


def handle(endpoint, body):
    return service.handle("pinochle", endpoint, body)


def refused(endpoint, body):
    with pytest.raises(InputError) as e:
        handle(endpoint, body)
    return e.value.errors[0]["pointer"], e.value.errors[0]["detail"]


def check_two(position, action=None):
    return {"players": TWO, "dealer": "Bob", "position": {"trump": "H", **position},
            "action": action or {"type": "play", "player": "Ann", "card": "AH"}}


# ------------------------------------------------------------------ two-handed positions

@pytest.mark.parametrize("stock_left,ok", [(21, False), (22, True), (23, False)])
def test_the_stock_after_both_have_drawn(stock_left, ok):
    # one trick done, both drew: 24 - 2 = 22 cards left with the upcard; Ann (the winner) holds 12
    body = check_two({"phase": "meld", "tricks_done": 1, "drawn": True, "stock_left": stock_left, "hand": HAND12},
                     {"type": "meld", "player": "Ann", "cards": ["KS", "QS"]})
    if ok:
        assert handle("check", body)["legal"] is not None
    else:
        assert refused("check", body)[0] == "/position/stock_left"


@pytest.mark.parametrize("done,ok", [(11, True), (12, False)])
def test_the_upcard_goes_with_the_last_stock_card(done, ok):
    # after 11 tricks 2 cards are left, the upcard one of them; after the 12th draw it is in a hand (pinochle/3.4);
    # Ann holds 12 either way (12 − (12 − 12) in the play-off's first trick), the upcard JH the second copy
    body = check_two({"phase": "play", "tricks_done": done, "hand": HAND12, "upcard": "JH",
                      "trick": {"leader": "Ann", "cards": []}})
    if ok:
        assert handle("check", body)["legal"] is True
    else:
        assert refused("check", body)[0] == "/position/upcard"


@pytest.mark.parametrize("done,ok", [(1, False), (2, True)])
def test_two_melds_need_two_tricks_won(done, ok):
    # two marriages on Ann's table (4 cards) and 8 in hand: 12 held; one meld per trick won (pinochle/4.2)
    hand = [c for c in HAND12 if c not in ("KH", "QH", "KS", "QS")]
    body = check_two({"phase": "play", "tricks_done": done, "hand": hand, "trick": {"leader": "Ann", "cards": []},
                      "melds": [{"cards": ["KH", "QH"]}, {"cards": ["KS", "QS"]}]})
    if ok:
        assert handle("check", body)["legal"] is True
    else:
        assert refused("check", body)[0] == "/position/melds"


# ------------------------------------------------------------------ two-handed deals given for scoring

def score_two(deal, state=None):
    body = {"players": TWO, "dealer": "Bob", "deal": deal}
    if state:
        body["state"] = state
    return body


PAD = {"trump": "H", "meld_points": {"Ann": 40, "Bob": 20}, "points": {"Ann": 130, "Bob": 110}, "last_trick": "Bob"}


@pytest.mark.parametrize("bob,ok", [(100, False), (110, True), (120, False)])
def test_the_pads_card_points_add_up_to_the_pack(bob, ok):
    # 130 + 110 = 240 (pinochle/1.3); 10 short or over is no deal played out
    body = score_two({**PAD, "points": {"Ann": 130, "Bob": bob}})
    if ok:
        assert [p["total_after"] for p in handle("score", body)["players"]] == [170, 140]   # 40+130, 20+110+10
    else:
        pointer, detail = refused("score", body)
        assert pointer == "/deal/points" and "240" in detail


@pytest.mark.parametrize("exchange,ok", [(True, True), ("yes", False)])
def test_a_melds_exchange_is_true_or_false(exchange, ok):
    # the upcard AH fixed trump; Ann, who won tricks, exchanges the dix 9H for it (pinochle/4.7)
    deal = {"upcard": "AH", "points": {"Ann": 130, "Bob": 110}, "tricks_taken": {"Ann": 12, "Bob": 12},
            "last_trick": "Bob", "melds": [{"player": "Ann", "cards": ["9H"], "exchange": exchange}]}
    if ok:
        assert handle("score", score_two(deal))["players"][0]["meld_points"] == 10
    else:
        # refused by the schema, which reads each meld of the list (the message every true/false field gives)
        assert refused("score", score_two(deal)) == ("/deal/melds/0/exchange", "must be true or false")


@pytest.mark.parametrize("low,ok", [(990, False), (1000, True)])
def test_a_target_risen_by_a_step_needs_both_past_the_one_before(low, ok):
    # target 1,000 risen once to 1,250: both passed 1,000 (pinochle/6.3, option target_rise by_step)
    body = score_two(PAD, {"scores": {"Ann": low, "Bob": 1100}, "target": 1250})
    if ok:
        assert handle("score", body)["players"][0]["total_before"] == low
    else:
        assert refused("score", body)[0] == "/state/target"


@pytest.mark.parametrize("card_points,ok", [("ace_ten_kq", True), ("classic", False)])
def test_a_score_off_the_tens_only_where_the_cards_count_in_fives(card_points, ok):
    # rounding to tens makes every total a multiple of 10, unless kings and queens count 5 (pinochle/1.3, 6.2)
    body = {**score_two(PAD, {"scores": {"Ann": 135, "Bob": 0}}), "options": {"card_points": card_points}}
    if ok:
        assert handle("score", body)["players"][0]["total_before"] == 135
    else:
        assert refused("score", body)[0] == "/state/scores/Ann"


# ------------------------------------------------------------------ the auction forms

def partnership(deal=None, state=None, **over):
    # sides Ann+Cid (7 tricks, 28 cards, 150 points) and Bob+Dee (5 tricks, 20 cards, 90 points)
    d = {"trump": "H", "bid": {"player": "Ann", "amount": 250}, "points": {"Ann": 100, "Bob": 60, "Cid": 50, "Dee": 30},
         "tricks_taken": {"Ann": 4, "Bob": 3, "Cid": 3, "Dee": 2}, "last_trick": "Ann", **(deal or {})}
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee", "deal": d, **over}
    if state:
        body["state"] = state
    return body


@pytest.mark.parametrize("amount,ok", [(90, False), (100, True)])
def test_the_winning_bid_is_at_least_the_minimum(amount, ok):
    body = partnership({"bid": {"player": "Ann", "amount": amount}})
    if ok:
        assert handle("score", body)["contract"]["bid"] == amount
    else:
        assert refused("score", body)[0] == "/deal/bid/amount"


@pytest.mark.parametrize("last,ok", [("Dee", False), ("Bob", True)])
def test_the_last_trick_went_to_a_player_who_took_a_trick(last, ok):
    # Dee took no trick: Ann 5, Bob 4, Cid 3, Dee 0 (12); Ann+Cid 150 in 32 cards, Bob+Dee 90 in 16
    body = partnership({"points": {"Ann": 100, "Bob": 90, "Cid": 50, "Dee": 0},
                        "tricks_taken": {"Ann": 5, "Bob": 4, "Cid": 3, "Dee": 0}, "last_trick": last})
    if ok:
        assert handle("score", body)["contract"]["bid"] == 250
    else:
        assert refused("score", body)[0] == "/deal/last_trick"


@pytest.mark.parametrize("n,ok", [(12, True), (13, False)])
def test_a_player_shows_at_most_a_hand_as_meld(n, ok):
    cards = (HAND12 + ["AD"])[:n]
    body = partnership({"melds": {"Ann": cards}})
    if ok:
        assert handle("score", body)["contract"]["bid"] == 250
    else:
        assert refused("score", body)[0] == "/deal/melds/Ann"


@pytest.mark.parametrize("target,ok", [(1000, True), (1250, False)])
def test_the_target_never_rises_in_the_auction_forms(target, ok):
    # the bidding side counts first (pinochle/7.7): a side reaching 1,000 ends the game, the target never rises
    body = partnership(state={"scores": {"Ann+Cid": 0, "Bob+Dee": 0}, "target": target})
    if ok:
        assert handle("score", body)["contract"]["bid"] == 250
    else:
        assert refused("score", body) == ("/state/target", "the target never rises in this form: it is 1000"
                                                            "")


@pytest.mark.parametrize("buried,ok", [(["9S", "9C"], False), (["9S", "9C", "9D"], True)])
def test_the_bidder_buries_three_cards(buried, ok):
    # three-hand: 15 tricks of 3; the buried nines count 0, so the tricks hold all 240 card points
    body = {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid",
            "deal": {"trump": "H", "bid": {"player": "Ann", "amount": 300}, "meld": [], "buried": buried,
                     "points": {"Ann": 120, "Bob": 70, "Cid": 50}, "tricks_taken": {"Ann": 8, "Bob": 4, "Cid": 3},
                     "last_trick": "Ann"}}
    if ok:
        assert handle("score", body)["contract"]["bid"] == 300
    else:
        assert refused("score", body)[0] == "/deal/buried"


@pytest.mark.parametrize("trump,ok", [("H", True), ("S", False)])
def test_the_upcard_fixes_trump(trump, ok):
    # the upcard AH makes hearts trump (pinochle/2.1): a deal naming another trump is not possible
    deal = {**PAD, "trump": trump, "upcard": "AH"}
    if ok:
        assert [p["total_after"] for p in handle("score", score_two(deal))["players"]] == [170, 140]
    else:
        assert refused("score", score_two(deal))[0] == "/deal/trump"


def test_a_deal_gives_tricks_or_points_not_both():
    # refused before the tricks are read: the points say the same deal a second way
    deal = {**PAD, "tricks": [], "tricks_taken": {"Ann": 12, "Bob": 12}}
    deal.pop("meld_points")
    assert refused("score", score_two(deal))[0] == "/deal/points"
