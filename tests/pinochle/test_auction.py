"""Pinochle: the auction — what a bid needs to be judged.
"""


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_a_pinochle_bid_needs_the_auction_so_far(api):
    body = {"players": ["Ann", "Bob", "Cid"], "dealer": "Cid", "variant": "three-hand-auction",
            "position": {"phase": "bidding"}, "action": {"type": "bid", "player": "Bob", "amount": 310}}
    assert api("check", body, status=422, game="pinochle")["errors"][0]["pointer"] == "/position/bids"
    body["position"]["bids"] = [{"player": "Ann", "type": "bid", "amount": 300}]
    assert api("check", body, game="pinochle")["legal"] is True
