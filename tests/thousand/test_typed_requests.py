"""Thousand's requests load into typed records (schemas/thousand.py): one record per type of action and log event,
cards as :class:`referee.cards.Card`, the position, the scored deal and the game before it as records; a field the
body leaves out is the record's None.  Both loaders (the sparse one and marshmallow's) make the same records.

The deal used throughout (three players, Vera deals, so Anna is the first hand), counted twice, 24 cards:
Anna AH 10H KH QH AS 10S 9C; Boris JH 9H KS QS JS AD 10D; Vera KD QD JD 9D AC 10C KC; talon QC JC 9S.
Hearts A 10 K Q (Anna) J 9 (Boris); spades A 10 (Anna) K Q J (Boris) 9 (talon); diamonds A 10 (Boris) K Q J 9
(Vera); clubs 9 (Anna) A 10 K (Vera) Q J (talon): six of each suit.
"""
from __future__ import annotations

import copy

import pytest
from marshmallow import ValidationError

from referee.cards import Card
from schemas.common import errors_to_pointers
from schemas.thousand import (
    Barrel,
    Bid,
    CallMade,
    CheckBody,
    CheckRequest,
    Concede,
    DealEvent,
    Discard,
    Event,
    Exchange,
    Golden,
    IrregularitySeen,
    MarriageSaid,
    Pass,
    Play,
    PlayedDeal,
    PositionGiven,
    PriorState,
    Raise,
    Redeal,
    ScoreBody,
    ScoreRequest,
    TakeTalon,
    TrickInPlay,
    TrickPlayed,
    UnreadCard,
    ValidateBody,
    ValidateRequest,
)
from tests.thousand_helpers import README_TRICKS, readme_log

PLAYERS = ["Anna", "Boris", "Vera"]
HANDS = {"Anna": ["AH", "10H", "KH", "QH", "AS", "10S", "9C"], "Boris": ["JH", "9H", "KS", "QS", "JS", "AD", "10D"],
         "Vera": ["KD", "QD", "JD", "9D", "AC", "10C", "KC"]}


def cards(*texts: str) -> list[Card]:
    return [Card(t[:-1], t[-1]) for t in texts]


def both_loaders(schema_class, body):
    """The record of ``body`` by the sparse loader and by marshmallow alone, which must agree."""
    fast = schema_class()
    slow = schema_class()
    slow._fast = False
    made = fast.load(body)
    assert slow.load(body) == made
    return made


EVENTS = [
    ({"type": "deal", "dealer": "Vera", "hands": HANDS, "talon": ["QC", "JC", "9S"]},
     DealEvent(type="deal", dealer="Vera", hands={"Anna": cards("AH", "10H", "KH", "QH", "AS", "10S", "9C"),
                                                  "Boris": cards("JH", "9H", "KS", "QS", "JS", "AD", "10D"),
                                                  "Vera": cards("KD", "QD", "JD", "9D", "AC", "10C", "KC")},
               talon=cards("QC", "JC", "9S"))),
    ({"type": "deal", "dealer": "Boris", "hands": {"Anna": ["AH"], "Vera": ["KD"]}, "musiks": [["QC", "JC"], ["9S"]],
      "golden": True, "irregularities": [{"type": "exposed_card", "player": "Boris"}]},
     DealEvent(type="deal", dealer="Boris", hands={"Anna": cards("AH"), "Vera": cards("KD")},
               musiks=[cards("QC", "JC"), cards("9S")], golden=True,
               irregularities=[IrregularitySeen(type="exposed_card", player="Boris")])),
    ({"type": "bid", "player": "Anna", "amount": 100}, Bid(type="bid", player="Anna", amount=100)),
    ({"type": "bid", "player": "Anna", "amount": 120, "blind": True},
     Bid(type="bid", player="Anna", amount=120, blind=True)),
    ({"type": "pass", "player": "Boris"}, Pass(type="pass", player="Boris")),
    ({"type": "take_talon", "player": "Anna"}, TakeTalon(type="take_talon", player="Anna")),
    ({"type": "take_talon", "player": "Anna", "musik": 1}, TakeTalon(type="take_talon", player="Anna", musik=1)),
    ({"type": "exchange", "player": "Anna", "gives": {"Boris": "9S", "Vera": "Вк"}},
     Exchange(type="exchange", player="Anna", gives={"Boris": Card("9", "S"), "Vera": Card("J", "C")})),
    ({"type": "discard", "player": "Anna", "cards": ["9S", "JC"]},
     Discard(type="discard", player="Anna", cards=cards("9S", "JC"))),
    ({"type": "raise", "player": "Anna", "amount": 120}, Raise(type="raise", player="Anna", amount=120)),
    ({"type": "concede", "player": "Anna"}, Concede(type="concede", player="Anna")),
    ({"type": "play", "player": "Anna", "card": "Кч", "marriage": True},
     Play(type="play", player="Anna", card=Card("K", "H"), marriage=True)),
    ({"type": "redeal", "player": "Boris", "reason": "four_nines"},
     Redeal(type="redeal", player="Boris", reason="four_nines")),
]


@pytest.mark.parametrize("body,record", EVENTS, ids=[f"{b['type']}-{i}" for i, (b, _r) in enumerate(EVENTS)])
def test_each_event_type_loads_its_own_record(body, record):
    made = both_loaders(Event, body)
    assert made == record
    assert type(made) is type(record)


def test_a_log_loads_into_its_record_with_a_record_per_event():
    body = {"players": PLAYERS, "replay": "as_played", "state": {"scores": {"Anna": 0, "Boris": 0, "Vera": 0}},
            "log": [b for b, _r in EVENTS[:1]] + [{"type": "bid", "player": "Anna", "amount": 100},
                                                   {"type": "pass", "player": "Boris"}]}
    assert both_loaders(ValidateRequest, body) == ValidateBody(
        players=PLAYERS, replay="as_played", state=PriorState(scores={"Anna": 0, "Boris": 0, "Vera": 0}),
        log=[EVENTS[0][1], Bid(type="bid", player="Anna", amount=100), Pass(type="pass", player="Boris")])


def test_a_log_keeps_a_text_that_names_no_card_for_the_replay_to_refuse_where_it_reads_it():
    # the replay judges no event after a deal stops being judged, so such a card is refused only where it is read
    made = both_loaders(Event, {"type": "play", "player": "Anna", "card": "Vera"})
    assert made == Play(type="play", player="Anna", card=UnreadCard("Vera", ""))
    assert isinstance(made.card, UnreadCard)
    with pytest.raises(ValidationError) as e:      # longer than any card: refused by the schema, as before
        Event().load({"type": "play", "player": "Anna", "card": "Boris"})
    assert [f["pointer"] for f in errors_to_pointers(e.value.messages)] == ["/card"]


def test_a_check_loads_its_position_and_its_action():
    body = {"players": PLAYERS, "dealer": "Vera",
            "state": {"scores": {"Anna": 120, "Boris": 0, "Vera": 880}, "barrel": {"Vera": {"deals": 1}},
                      "golden": {"played": 0}},
            "position": {"phase": "play", "hand": ["10H", "QH", "AS", "10S", "9C", "QC"], "declarer": "Anna",
                         "contract": 100, "trump": "H", "tricks_won": {"Anna": 1, "Boris": "none"},
                         "marriages": [{"player": "Anna", "suit": "H", "trick": 1}],
                         "trick": {"leader": "Boris", "cards": ["KS"]}, "talon": ["QC", "JC", "9S"],
                         "received": "QC", "golden": False},
            "action": {"type": "play", "player": "Vera", "card": "AC"}}
    assert both_loaders(CheckRequest, body) == CheckBody(
        players=PLAYERS, dealer="Vera",
        state=PriorState(scores={"Anna": 120, "Boris": 0, "Vera": 880}, barrel={"Vera": Barrel(deals=1)},
                         golden=Golden(played=0)),
        position=PositionGiven(phase="play", hand=["10H", "QH", "AS", "10S", "9C", "QC"], declarer="Anna",
                               contract=100, trump="H", tricks_won={"Anna": 1, "Boris": "none"},
                               marriages=[MarriageSaid(player="Anna", suit="H", trick=1)],
                               trick=TrickInPlay(leader="Boris", cards=[Card("K", "S")]),
                               talon=cards("QC", "JC", "9S"), received=Card("Q", "C"), golden=False),
        action=Play(type="play", player="Vera", card=Card("A", "C")))


def test_a_bidding_position_loads_its_calls():
    body = {"players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "bidding", "bids": [{"player": "Anna", "type": "bid", "amount": 100},
                                                      {"player": "Boris", "type": "pass"}]},
            "action": {"type": "bid", "player": "Vera", "amount": 110}}
    made = both_loaders(CheckRequest, body)
    assert made.position.bids == [CallMade(player="Anna", type="bid", amount=100),
                                  CallMade(player="Boris", type="pass")]
    assert made.action == Bid(type="bid", player="Vera", amount=110)


def test_a_check_refuses_a_text_that_names_no_card_at_its_place():
    body = {"players": PLAYERS, "dealer": "Vera", "position": {"phase": "play", "declarer": "Anna", "contract": 100,
                                                              "trick": {"leader": "Anna", "cards": ["Vera"]}},
            "action": {"type": "play", "player": "Boris", "card": "KS"}}
    with pytest.raises(ValidationError) as e:
        CheckRequest().load(body)
    assert [f["pointer"] for f in errors_to_pointers(e.value.messages)] == ["/position/trick/cards/0"]


def test_a_scored_deal_loads_its_tricks_and_marriages():
    body = {"players": PLAYERS, "dealer": "Vera",
            "deal": {"declarer": "Anna", "contract": 120, "talon": ["QC", "JC", "9S"],
                     "marriages": [{"player": "Anna", "suit": "♥"}],
                     "tricks": [{"leader": "Anna", "cards": ["KH", "JH", "KD"]}]}}
    assert both_loaders(ScoreRequest, body) == ScoreBody(
        players=PLAYERS, dealer="Vera",
        deal=PlayedDeal(declarer="Anna", contract=120, talon=cards("QC", "JC", "9S"),
                        marriages=[MarriageSaid(player="Anna", suit="♥")],
                        tricks=[TrickPlayed(leader="Anna", cards=cards("KH", "JH", "KD"))]))


def test_a_deal_as_the_pad_writes_it_loads_its_points_and_who_took_a_trick():
    body = {"players": PLAYERS, "dealer": "Vera",
            "deal": {"declarer": "Anna", "contract": 100, "points": {"Anna": 80, "Boris": 40},
                     "took_trick": {"Anna": True, "Boris": True, "Vera": False}, "conceded": False}}
    assert both_loaders(ScoreRequest, body).deal == PlayedDeal(
        declarer="Anna", contract=100, points={"Anna": 80, "Boris": 40},
        took_trick={"Anna": True, "Boris": True, "Vera": False}, conceded=False)


def test_a_card_that_names_no_card_in_a_log_is_refused_only_where_the_replay_reads_it(api):
    log = readme_log()
    i = next(k for k, e in enumerate(log) if e.get("card") == "9H")
    log[i]["card"] = "AC"          # a revoke (thousand/11.3): the deal stops being judged there
    log[-1]["card"] = "Vera"       # a later event, never judged: the answer is the ruling, as before
    ans = api("validate", {"players": PLAYERS, "log": log})
    assert ans["first_violation"]["index"] == i and ans["events_checked"] == i + 1
    log = readme_log()
    log[-1]["card"] = "Vera"       # judged: refused where it is read, with the reason
    problem = api("validate", {"players": PLAYERS, "log": log}, status=422)
    assert problem["errors"] == [{"pointer": f"/log/{len(log) - 1}/card", "detail": (
        "'Vera' has no valid rank (A K Q J 10 9 8 7 6 5 4 3 2, T for 10; or Т К Д В)")}]


def test_a_card_of_another_deck_is_refused_by_the_builder_at_its_place(api):
    # the schema reads any card; the deck is the game's: an 8 (no Thousand card) in a trick, a joker dealt in a log
    tricks = copy.deepcopy(README_TRICKS)
    assert tricks[1]["cards"] == ["10D", "9S", "QD"]
    tricks[1]["cards"][1] = "8S"
    problem = api("score", {"players": PLAYERS, "dealer": "Vera",
                            "deal": {"declarer": "Anna", "contract": 100, "tricks": tricks}}, status=422)
    assert problem["errors"] == [{"pointer": "/deal/tricks/1/cards/1",
                                  "detail": "8S is not in the Thousand 24-card deck"}]
    log = readme_log()
    log[0] = dict(log[0], hands=dict(log[0]["hands"], Vera=["JH", "JS", "KD", "QD", "10C", "KC", "JK"]))
    problem = api("validate", {"players": PLAYERS, "log": log}, status=422)
    assert problem["errors"] == [{"pointer": "/log/0/hands/Vera/6", "detail": "JK is not in the Thousand 24-card deck"}]
