"""Pinochle: the auction — what a bid needs to be judged."""
from referee.pinochle.auction import Auction
from referee.pinochle.options import VARIANTS
from tests.pinochle_helpers import TWO


# Found by a black-box probe of the running service (issue 7, fifth round).
def test_a_pinochle_bid_needs_the_auction_so_far(api):
    body = {"players": ["Ann", "Bob", "Cid"], "dealer": "Cid", "variant": "three-hand-auction",
            "position": {"phase": "bidding"}, "action": {"type": "bid", "player": "Bob", "amount": 310}}
    assert api("check", body, status=422, game="pinochle")["errors"][0]["pointer"] == "/position/bids"
    body["position"]["bids"] = [{"player": "Ann", "type": "bid", "amount": 300}]
    assert api("check", body, game="pinochle")["legal"] is True


# A corner the mutation pass over Pinochle found untested.
def test_the_lowest_opening_bid():
    # with min_bid 10 the first bid may be 10 (and 20 after it): the opening is the option, not 10 above nothing
    a = Auction(TWO + ["Cid"], "Cid", VARIANTS["three-hand-auction"].resolve({"min_bid": 10}))
    assert a.lowest == 10 and a.can_bid("Ann", 10) and a.can_pass("Ann")
    a.apply_bid("Ann", 10)
    assert a.lowest == 20 and not a.can_bid("Bob", 10) and a.can_bid("Bob", 20)
