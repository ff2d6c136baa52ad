"""Three-hand auction Pinochle (48 cards, 15 each and a widow of 3) in the numbers a pad keeps: the bid, the bidder's
meld, every player's counters (the bidder's with the 3 cards he buried), who took the last trick.

The rules at play, default options: the cards count A 11, 10 10, K 4, Q 3, J 2, 9 0 (240 in the pack, 10 more for
the last trick, pinochle/1.3, 1.4); only the bidder melds (8.3); he scores the bid when meld and counters reach it,
else loses it twice (double bete), and the others score nothing (8.4); game to 1,000.  The bidder keeps 15 cards:
at most 1,900 in meld (a double flush 1,500, a double pinochle 300 and aces around 100).
"""
import pytest

THREE = ["Ann", "Bob", "Cid"]


def deal(meld=190, pts=(150, 50, 40), last="Ann", bid=300, bidder="Ann", **more):
    return {"bid": {"player": bidder, "amount": bid}, "trump": "H", "meld_points": {bidder: meld},
            "points": dict(zip(THREE, pts)), "last_trick": last, **more}


def score(client, d, status=200, lang="en", state=None):
    b = {"variant": "three-hand-auction", "players": THREE, "dealer": "Cid", "deal": d}
    if state:
        b["state"] = state
    r = client.post("/v1/games/pinochle/score", json=b, headers={"Accept-Language": lang})
    assert r.status_code == status, r.get_json()
    return r.get_json()


def hands(a):
    return [p["hand_score"] for p in a["players"]]


def pointer(client, d):
    return score(client, d, 422)["errors"][0]["pointer"]


@pytest.mark.parametrize("bid,hand", [(340, 340), (350, 350), (360, -720)])
def test_the_bid_made_exactly_or_double_bete(client, bid, hand):
    # meld 190 + counters 150 + the last 10 = 350: made at 340 and 350 (the bid scores), double bete at 360
    a = score(client, deal(bid=bid))
    assert hands(a) == [hand, 0, 0]
    assert [p["tricks"] for p in a["players"]] == [None, None, None]
    assert a["contract"]["made"] is (hand > 0)


def test_the_others_meld_nothing(client):
    d = deal()
    d["meld_points"] = {"Ann": 190, "Bob": 0, "Cid": 0}
    assert hands(score(client, d)) == [300, 0, 0]
    d["meld_points"]["Bob"] = 20
    assert pointer(client, d) == "/deal/meld_points/Bob"


@pytest.mark.parametrize("meld,ok", [(1900, True), (1910, False)])
def test_the_bidder_shows_at_most_one_hands_meld(client, meld, ok):
    d = deal(meld=meld)
    if ok:
        assert hands(score(client, d))[0] == 300
    else:
        assert pointer(client, d) == "/deal/meld_points/Ann"


@pytest.mark.parametrize("cid,ok", [(39, False), (40, True), (41, False)])
def test_the_counters_with_the_buried_cards_add_up_to_240(client, cid, ok):
    d = deal(pts=(150, 50, cid))
    if ok:
        score(client, d)
    else:
        assert pointer(client, d) == "/deal/points"


def test_the_buried_cards_are_in_the_bidders_counters(client):
    assert pointer(client, deal(buried=["9C", "9D", "9S"])) == "/deal/buried"


def test_a_player_with_no_counters_may_take_the_last_trick(client):
    # Cid takes the last trick with three nines (0): 10 card points; Ann 190 + 190 = 380 made at 300
    a = score(client, deal(pts=(190, 50, 0), last="Cid"))
    assert hands(a) == [300, 0, 0]
    assert [p["raw_card_points"] for p in a["players"]] == [190, 50, 10]


@pytest.mark.parametrize("bob,ok", [(1, False), (2, True)])
def test_counters_no_cards_can_give(client, bob, ok):
    d = deal(pts=(200 - bob, bob, 40))
    if ok:
        score(client, d)
    else:
        assert pointer(client, d) == "/deal/points"


@pytest.mark.parametrize("taken,ok", [(14, False), (15, True), (16, False)])
def test_the_tricks_taken_are_the_deals_fifteen(client, taken, ok):
    d = deal(tricks_taken={"Ann": taken - 6, "Bob": 3, "Cid": 3})
    if ok:
        assert [p["tricks"] for p in score(client, d)["players"]] == [9, 3, 3]
    else:
        assert pointer(client, d) == "/deal/tricks_taken"


def test_a_conceded_deal_has_no_meld(client):
    d = {"bid": {"player": "Ann", "amount": 300}, "trump": "H", "conceded": True, "meld_points": {"Ann": 100}}
    assert pointer(client, d) == "/deal/meld_points"


def test_a_three_hand_game_on_the_sheet_to_the_target(client):
    deals = [
        deal(),                                             # Cid deals; Ann 300 made → 300
        deal(bid=350, bidder="Bob", pts=(40, 150, 50), last="Bob"),  # Ann deals; Bob 190 + 160 = 350 made
        deal(bid=400, pts=(180, 30, 30)),                   # Bob deals; Ann 190 + 190 = 380 < 400: −800 → −500
        deal(meld=1500, bid=1200, bidder="Cid", pts=(40, 50, 150), last="Cid"),  # Cid 1500 + 160 made → 1,200
    ]
    r = client.post("/v1/games/pinochle/scoresheet", json={"variant": "three-hand-auction", "players": THREE,
                                                          "dealer": "Cid", "deals": deals})
    assert r.status_code == 200, r.get_json()
    a = r.get_json()
    assert [r["dealer"] for r in a["rows"]] == ["Cid", "Ann", "Bob", "Cid"]
    assert [[p["total_after"] for p in r["players"]] for r in a["rows"]] == [
        [300, 0, 0], [300, 350, 0], [-500, 350, 0], [-500, 350, 1200]]
    assert a["game_over"] and a["winner"] == "Cid"
    assert [e["kind"] for e in a["rows"][2]["events"]] == ["contract_set"]
