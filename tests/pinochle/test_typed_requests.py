"""Pinochle's requests load into typed records (schemas/pinochle.py): one record per action and event type, cards
as Card, a field the body leaves out None; both loaders (the sparse one and marshmallow's) make the same record."""
import dataclasses

import pytest
from marshmallow import ValidationError

from referee.cards import Card
from schemas import pinochle as s
from schemas.common import errors_to_pointers


def both(schema_cls, body):
    """The record the sparse loader makes, checked equal to marshmallow's."""
    fast = schema_cls()
    assert fast.fast_loader() is not None
    slow = schema_cls()
    slow._fast = False
    got = fast.load(body)
    assert slow.load(body) == got
    return got


def C(text):
    rank, suit = text[:-1], text[-1]
    return Card(rank, suit)


# a three-hand log: the deal (15 cards each and a 3-card widow), the auction, trump, widow, burying, a concession
THREE = {"players": ["Ann", "Bob", "Cid"], "variant": "three-hand-auction", "log": [
    {"type": "deal", "dealer": "Cid", "hands": {"Ann": ["AS", "10S"], "Bob": ["KH"], "Cid": ["QD"]},
     "widow": ["9C", "JC", "Т♥"]},
    {"type": "bid", "player": "Ann", "amount": 250},
    {"type": "pass", "player": "Bob"},
    {"type": "trump", "player": "Ann", "suit": "H"},
    {"type": "widow", "player": "Ann"},
    {"type": "bury", "player": "Ann", "cards": ["9C", "JC", "10S"]},
    {"type": "concede", "player": "Ann"},
]}

# a two-handed log: the deal with its upcard, a play, a meld with the exchange, a dix, a draw, a declaration out
TWO = {"players": ["Ann", "Bob"], "replay": "as_played", "log": [
    {"type": "deal", "dealer": "Ann", "hands": {"Ann": ["9H"], "Bob": ["QS"]}, "upcard": "JH"},
    {"type": "play", "player": "Bob", "card": "QS"},
    {"type": "meld", "player": "Bob", "cards": ["KC", "QC"], "exchange": False},
    {"type": "dix", "player": "Ann", "exchange": True},
    {"type": "draw", "player": "Bob", "card": "10D"},
    {"type": "declare_out", "player": "Ann"},
]}


def test_every_event_type_of_a_log_is_its_own_record():
    got = both(s.ValidateRequest, THREE)
    assert got == s.ValidateBody(players=["Ann", "Bob", "Cid"], variant="three-hand-auction", log=[
        s.Dealt(type="deal", dealer="Cid", hands={"Ann": [C("AS"), C("10S")], "Bob": [C("KH")], "Cid": [C("QD")]},
                widow=[C("9C"), C("JC"), C("AH")]),
        s.BidCall(type="bid", player="Ann", amount=250),
        s.Pass(type="pass", player="Bob"),
        s.Trump(type="trump", player="Ann", suit="H"),
        s.Widow(type="widow", player="Ann"),
        s.Bury(type="bury", player="Ann", cards=[C("9C"), C("JC"), C("10S")]),
        s.Concede(type="concede", player="Ann"),
    ])
    got = both(s.ValidateRequest, TWO)
    assert got == s.ValidateBody(players=["Ann", "Bob"], replay="as_played", log=[
        s.Dealt(type="deal", dealer="Ann", hands={"Ann": [C("9H")], "Bob": [C("QS")]}, upcard=C("JH")),
        s.Play(type="play", player="Bob", card=C("QS")),
        s.Meld(type="meld", player="Bob", cards=[C("KC"), C("QC")], exchange=False),
        s.Dix(type="dix", player="Ann", exchange=True),
        s.Draw(type="draw", player="Bob", card=C("10D")),
        s.DeclareOut(type="declare_out", player="Ann"),
    ])
    # the Russian card (Т♥, the ace of hearts) is the same Card as AH
    assert got.log[0].upcard == Card("J", "H") and THREE["log"][0]["widow"][2] == "Т♥"


def test_a_check_is_its_position_and_its_action():
    body = {"players": ["Ann", "Bob"], "dealer": "Ann", "state": {"scores": {"Ann": 500, "Bob": 740}},
            "position": {"phase": "meld", "hand": ["AS", "KS"], "trump": "H", "tricks_done": 3, "upcard": "9H",
                         "melds": [{"cards": ["KH", "QH"]}], "played_from_table": ["QH"], "drawn": False,
                         "trick": {"leader": "Bob", "cards": ["10C"]}},
            "action": {"type": "meld", "player": "Ann", "cards": ["AS", "KS"]}}
    assert both(s.CheckRequest, body) == s.CheckBody(
        players=["Ann", "Bob"], dealer="Ann", state=s.Standing(scores={"Ann": 500, "Bob": 740}),
        position=s.Spot(phase="meld", hand=["AS", "KS"], trump="H", tricks_done=3, upcard=C("9H"),
                        melds=[s.TableMeld(cards=[C("KH"), C("QH")])], played_from_table=[C("QH")], drawn=False,
                        trick=s.TrickOn(leader="Bob", cards=[C("10C")])),
        action=s.Meld(type="meld", player="Ann", cards=[C("AS"), C("KS")]))
    bidding = {"players": ["Ann", "Bob", "Cid", "Dan"], "dealer": "Dan",
               "position": {"phase": "bidding", "bids": [{"player": "Ann", "type": "bid", "amount": 250},
                                                         {"player": "Bob", "type": "pass"}]},
               "action": {"type": "count_meld", "player": "Cid"}}
    got = both(s.CheckRequest, bidding)
    assert got.position.bids == [s.EarlierCall(player="Ann", type="bid", amount=250),
                                 s.EarlierCall(player="Bob", type="pass")]
    assert got.action == s.CountMeld(type="count_meld", player="Cid")


def test_a_scored_deal_is_its_tricks_bid_and_declaration():
    body = {"players": ["Ann", "Bob"], "dealer": "Ann", "state": {"target": 1250},
            "deal": {"upcard": "JH", "melds": [{"player": "Bob", "cards": ["KC", "QC"]}],
                     "tricks": [{"leader": "Bob", "cards": ["QD", "QS"]}],
                     "declared_out": {"player": "Bob", "points_at_claim": 40}, "bid": {"player": "Ann", "amount": 250},
                     "buried": ["9C", "JC", "10S"], "conceded": False}}
    got = both(s.ScoreRequest, body)
    assert got == s.ScoreBody(
        players=["Ann", "Bob"], dealer="Ann", state=s.Standing(target=1250),
        deal=s.DealPlayed(upcard=C("JH"), melds=[s.MeldShown(player="Bob", cards=[C("KC"), C("QC")])],
                          tricks=[s.PlayedTrick(leader="Bob", cards=[C("QD"), C("QS")])],
                          declared_out=s.Declaration(player="Bob", points_at_claim=40),
                          bid=s.WinningBid(player="Ann", amount=250), buried=[C("9C"), C("JC"), C("10S")],
                          conceded=False))
    with pytest.raises(dataclasses.FrozenInstanceError):
        got.dealer = "Bob"      # type: ignore[misc]
    # the partnership's melds: player → the cards shown
    four = {"players": ["Ann", "Bob", "Cid", "Dan"], "dealer": "Dan",
            "deal": {"bid": {"player": "Ann", "amount": 250}, "trump": "S", "melds": {"Ann": ["KS", "QS"], "Cid": []}}}
    assert both(s.ScoreRequest, four).deal.melds == {"Ann": [C("KS"), C("QS")], "Cid": []}


def test_every_type_schema_loads_into_the_record_of_its_type_with_exactly_its_fields():
    meld = s.DealMelds._Meld
    assert {f.name for f in dataclasses.fields(meld.MODEL)} == set(meld().load_fields)
    for union in (s.Action, s.Event):
        for t, schema in union.TYPES.items():
            record = schema.MODEL
            assert record is s.RECORDS[t]
            assert dataclasses.is_dataclass(record) and record.__dataclass_params__.frozen
            assert hasattr(record, "__slots__")
            assert {f.name for f in dataclasses.fields(record)} == set(schema().load_fields), (union, t)


def test_a_text_that_names_no_card_is_refused_by_the_schema_at_the_card():
    body = {"players": ["Ann", "Bob"], "log": [
        {"type": "deal", "dealer": "Ann", "hands": {"Ann": ["9H", "1X"], "Bob": ["QS"]}, "upcard": "JH"},
        {"type": "play", "player": "Bob", "card": "QQ"}]}
    for fast in (True, False):
        schema = s.ValidateRequest()
        if not fast:
            schema._fast = False
        with pytest.raises(ValidationError) as e:
            schema.load(body)
        assert [f["pointer"] for f in errors_to_pointers(e.value.messages)] == ["/log/0/hands/Ann/1",
                                                                               "/log/1/card"]
