"""Canasta's request bodies load into typed records (schemas/canasta_records.py): one record per event and action
type, cards as Card (a rank alone where Canasta lets the suit go), melds laid on another as LaidOn, a hand known in
part as PartialHand; both loaders (the sparse one and marshmallow's) make the same records."""
from __future__ import annotations

import pytest
from marshmallow import ValidationError

from referee import service
from referee.cards import Card
from referee.common import UNSAID, Unread
from referee.errors import InputError
from schemas import canasta
from schemas.canasta_records import (
    Ask,
    CheckRequest,
    Counts,
    Deal,
    DealSide,
    Discard,
    DoubleEnding,
    Draw,
    End,
    Expose,
    ExtraCards,
    FinishedDeal,
    GameState,
    GoOut,
    Irregularity,
    LaidOn,
    MeldCards,
    Packet,
    PartialHand,
    PileView,
    Position,
    RedThree,
    ScoreRequest,
    Side,
    TakePile,
    TurnSoFar,
    ValidateRequest,
)
from schemas.common import errors_to_pointers

S4 = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]
SIDES = [Side("NS", ["N", "S"]), Side("EW", ["E", "W"])]


def both(endpoint, body):
    """The record both loaders make of ``body`` (asserted equal)."""
    fast = canasta.REQUESTS[endpoint]()
    assert fast.fast_loader() is not None
    slow = canasta.REQUESTS[endpoint]()
    slow._fast = False
    got = fast.load(body)
    assert slow.load(body) == got
    return got


# one event of every type (the schema reads shapes, not legality: these need not make a legal deal)
LOG = [
    {"type": "deal", "dealer": "W", "hands": {"N": ["KH", "К", "2"]}, "pile": ["JK", "9C"]},
    {"type": "draw", "player": "N", "cards": ["3H", "4"]},
    {"type": "take_pile", "player": "E", "cards": ["9"], "melds": [["5", "5", "5"]]},
    {"type": "meld", "player": "E", "melds": [["Q", "Q", "2"], {"rank": "5", "cards": ["5D"]}]},
    {"type": "discard", "player": "E", "card": "3S"},
    {"type": "ask", "player": "S", "answer": "yes"},
    {"type": "go_out", "player": "S", "melds": [{"rank": "wild", "cards": ["JK"]}], "card": "7"},
    {"type": "double_ending", "player": "N", "melds": [["A", "A", "A"]]},
    {"type": "end", "player": "W"},
    {"type": "extra_cards", "player": "W", "cards": ["6", "10"]},
    {"type": "packet", "player": "W"},
    {"type": "expose", "player": "E", "cards": ["JS"]},
    {"type": "red_three", "player": "N", "card": "3D", "replacement": "8"},
]


def test_every_event_type_is_its_own_record_with_cards():
    got = both("validate", {"sides": S4, "log": LOG, "replay": "as_played"})
    k, q, five, ace = Card("K", ""), Card("Q", ""), Card("5", ""), Card("A", "")
    assert got == ValidateRequest(sides=SIDES, replay="as_played", log=[
        Deal("deal", dealer="W", hands={"N": [Card("K", "H"), k, Card("2", "")]},
             pile=[Card("JK", ""), Card("9", "C")]),
        Draw("draw", "N", [Card("3", "H"), Card("4", "")]),
        TakePile("take_pile", "E", [Card("9", "")], [[five, five, five]]),
        MeldCards("meld", "E", [[q, q, Card("2", "")], LaidOn("5", [Card("5", "D")])]),
        Discard("discard", "E", Card("3", "S")),
        Ask("ask", "S", "yes"),
        GoOut("go_out", "S", [LaidOn("wild", [Card("JK", "")])], Card("7", "")),
        DoubleEnding("double_ending", "N", [[ace, ace, ace]]),
        End("end", "W"),
        ExtraCards("extra_cards", "W", [Card("6", ""), Card("10", "")]),
        Packet("packet", "W"),
        Expose("expose", "E", [Card("J", "S")]),
        RedThree("red_three", "N", Card("3", "D"), Card("8", "")),
    ])
    assert isinstance(got.log[3].melds[1], tuple)       # the state machine's test of a meld laid on another


def test_a_position_with_a_hand_known_in_part():
    body = {"sides": S4, "dealer": "W", "state": {"scores": {"NS": 1500, "EW": 0}, "rounds": 2},
            "position": {"hand": {"known": ["KH", "K"], "unknown": 5}, "pile": {"top": "7C", "size": 9},
                         "melds": {"EW": [["Q", "Q", "Q"]]}, "turn": {"answer": None}},
            "action": {"type": "take_pile", "player": "N", "cards": ["7", "7"]}}
    seven = Card("7", "")
    assert both("check", body) == CheckRequest(
        sides=SIDES, dealer="W", state=GameState({"NS": 1500, "EW": 0}, 2),
        position=Position(hand=PartialHand([Card("K", "H"), Card("K", "")], 5, []),
                          pile=PileView(top=Card("7", "C"), size=9),
                          melds={"EW": [[Card("Q", ""), Card("Q", ""), Card("Q", "")]]},
                          turn=TurnSoFar(answer=None)),
        action=TakePile("take_pile", "N", [seven, seven]))


def test_left_out_and_null_differ_where_the_pile_reads_them():
    left_out = both("check", {"sides": S4, "position": {"hand": ["5H"], "pile": {"size": 0}},
                              "action": {"type": "draw", "player": "N"}}).position.pile
    assert left_out.top is UNSAID and left_out.frozen_by is UNSAID
    null = both("check", {"sides": S4, "position": {"hand": ["5H"], "pile": {"top": None, "frozen_by": None}},
                          "action": {"type": "draw", "player": "N"}}).position.pile
    assert null == PileView(top=None, frozen_by=None)


def test_a_finished_deal_by_cards_and_by_counts():
    body = {"sides": S4, "deal": {"sides": [
        {"id": "NS", "melds": [["K", "K", "K", "2"]], "red_threes": ["3H"], "hands": [[], ["4S"]], "went_out": True},
        {"id": "EW", "counts": {"natural_canastas": 1, "red_threes": [1, 0], "meld_points": 300, "hand_points": 10}},
    ], "irregularities": [{"type": "excess_wild_cards", "side": "EW", "count": 1}]}}
    k = Card("K", "")
    got = both("score", body)
    assert got == ScoreRequest(sides=SIDES, deal=FinishedDeal(sides=[
        DealSide("NS", melds=[[k, k, k, Card("2", "")]], red_threes=[Card("3", "H")], hands=[[], [Card("4", "S")]],
                 went_out=True),
        DealSide("EW", counts=Counts(natural_canastas=1, red_threes=[1, 0], meld_points=300, hand_points=10)),
    ], irregularities=[Irregularity("excess_wild_cards", "EW", 1)]))
    # the counts as the engine reads them: those given, in the schema's order
    counts = got.deal.sides[1].counts
    assert counts.given() == {"natural_canastas": 1, "red_threes": [1, 0], "meld_points": 300, "hand_points": 10}


@pytest.mark.parametrize("text,why", [("3", "a three needs its suit"), ("XZ", "'XZ' has no valid rank")])
def test_a_text_that_is_no_card_is_refused_at_its_place_in_check(text, why):
    body = {"sides": S4, "position": {"hand": ["5H", text], "pile": {"size": 0}},
            "action": {"type": "meld", "player": "N", "melds": [["Q", "Q"], {"rank": "Q", "cards": [text]}]}}
    with pytest.raises(ValidationError) as e:
        canasta.CheckRequest().load(body)
    faults = errors_to_pointers(e.value.messages)
    assert [f["pointer"] for f in faults] == ["/position/hand/1", "/action/melds/1/cards/0"]
    assert all(f["detail"].startswith(why) for f in faults)


def test_a_log_keeps_what_it_cannot_read_for_the_replay():
    # a log's event is judged only as far as the replay goes: its unreadable card waits in its place
    log = [LOG[0], {"type": "meld", "player": "E", "melds": [[], ["Q", "ZZ"]]}]
    got = canasta.ValidateRequest().load({"sides": S4, "log": log})
    assert got.log[1].melds == [Unread("a meld holds at least one card"),
                                [Card("Q", ""), Unread("'ZZ' has no valid rank (A K Q J 10 9 8 7 6 5 4 3 2, T for "
                                                       "10; or Т К Д В)")]]


def test_the_replay_refuses_an_unreadable_card_where_it_reads_the_event():
    from tests.canasta_helpers import m
    hands = {"N": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"), "E": m("4S 5H 6D 7C 8H 9D 10S JC QH KD AC"),
             "S": m("4C 5D 6S 7D 8S 9C 10H JD QS KH AS"), "W": m("5C 6H 7S 8C 9H 10D JS QC KS AH 4H")}
    deal = {"type": "deal", "dealer": "W", "hands": hands, "pile": ["9D"]}
    body = {"sides": S4, "log": [deal, {"type": "draw", "player": "N", "cards": ["ZZ"]}]}
    with pytest.raises(Exception) as e:
        service.handle("canasta", "validate", body)
    assert e.value.errors == [{"pointer": "/log/1/cards/0",
                               "detail": "'ZZ' has no valid rank (A K Q J 10 9 8 7 6 5 4 3 2, T for 10; or Т К Д В)"}]
    # the same card in an event of a deal whose judging stopped (E draws out of turn) is never read
    body = {"sides": S4, "log": [deal, {"type": "draw", "player": "E", "cards": ["4D"]},
                                 {"type": "draw", "player": "N", "cards": ["ZZ"]}]}
    ans = service.handle("canasta", "validate", body)
    assert ans["first_violation"]["index"] == 1 and ans["events_checked"] == 2


def _refusal(body):
    from referee.errors import InputError
    with pytest.raises(InputError) as e:
        service.handle("canasta", "check", body)
    return e.value.errors[0]["pointer"], e.value.errors[0]["detail"]


def test_a_wild_card_on_top_freezes_the_pile_unless_the_body_says_nothing_did():
    # hand: North holds 11 (his deal) before the draw; the pile of 3 with a joker on top
    hand = ["4H", "4D", "5S", "6C", "7H", "8D", "9S", "10C", "JH", "AD", "KC"]
    body = {"sides": S4, "position": {"hand": hand, "pile": {"top": "JK", "size": 3}, "stock": 40},
            "action": {"type": "draw", "player": "N"}}
    assert service.handle("canasta", "check", body)["facts"]["frozen_by"] == "wild"
    body["position"]["pile"]["frozen_by"] = None          # said: nothing froze it, with a joker on top
    assert _refusal(body) == ("/position/pile/frozen_by", "a wild card on top lies in the pile, which it freezes")


@pytest.mark.parametrize("turn,said", [({}, False), ({"melded": False}, True), ({"answer": None}, True)])
def test_a_turn_is_said_by_any_key_even_false_or_null(turn, said):
    hand = ["4H", "4D", "5S", "6C", "7H", "8D", "9S", "10C", "JH", "AD", "KC"]
    body = {"sides": S4, "position": {"hand": hand, "pile": {"top": "9C", "size": 3}, "stock": 40, "turn": turn},
            "action": {"type": "draw", "player": "N"}}
    if said:        # before the draw (phase draw, the default) nothing has happened in the turn
        assert _refusal(body) == ("/position/turn", "what happened this turn after the draw is given only once the "
                                                    "cards are drawn")
    else:
        assert service.handle("canasta", "check", body)["legal"] is True


def test_a_logged_event_names_its_player():
    from referee.errors import InputError
    from tests.canasta_helpers import m
    hands = {"N": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"), "E": m("4S 5H 6D 7C 8H 9D 10S JC QH KD AC"),
             "S": m("4C 5D 6S 7D 8S 9C 10H JD QS KH AS"), "W": m("5C 6H 7S 8C 9H 10D JS QC KS AH 4H")}
    body = {"sides": S4, "log": [{"type": "deal", "dealer": "W", "hands": hands, "pile": ["9D"]},
                                 {"type": "draw", "cards": ["4D"]}]}
    with pytest.raises(InputError) as e:
        service.handle("canasta", "validate", body)
    assert e.value.errors == [{"pointer": "/log/1/player", "detail": "a draw names its player"}]


def test_a_deal_event_reads_each_hand_after_its_owner():
    # five players: T3 sits out, and a hand given for him is refused as his, before its cards are read
    from referee.errors import InputError
    sides = [{"id": "T", "players": ["T1", "T2", "T3"]}, {"id": "P", "players": ["P1", "P2"]}]
    body = {"variant": "five-player", "sides": sides,
            "log": [{"type": "deal", "dealer": "P2", "sitting_out": "T3", "pile": ["9C"], "hands": {"T3": ["ZZ"]}}]}
    with pytest.raises(InputError) as e:
        service.handle("canasta", "validate", body)
    assert e.value.errors == [{"pointer": "/log/0/hands/T3", "detail": "T3 sits this deal out and is dealt no cards"}]


@pytest.mark.parametrize("where", ["hands", "pile"])
def test_an_unreadable_card_in_a_deal_event_is_refused_at_its_place(where):
    # the deal event's own cards are read when the deal starts; a compiled build once took the kept text for a card
    # and failed (500) instead of refusing it: N's fifth card, or the pile's card, is "West"
    from tests.canasta_helpers import m
    hands = {"N": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"), "E": m("4S 5H 6D 7C 8H 9D 10S JC QH KD AC"),
             "S": m("4C 5D 6S 7D 8S 9C 10H JD QS KH AS"), "W": m("5C 6H 7S 8C 9H 10D JS QC KS AH 4H")}
    deal = {"type": "deal", "dealer": "W", "hands": hands, "pile": ["9D"]}
    if where == "hands":
        hands["N"][4] = "West"
    else:
        deal["pile"] = ["West"]
    with pytest.raises(InputError) as e:
        service.handle("canasta", "validate", {"sides": S4, "log": [deal]})
    pointer = "/log/0/hands/N/4" if where == "hands" else "/log/0/pile/0"
    assert e.value.errors == [{"pointer": pointer,
                               "detail": "'West' has no valid rank (A K Q J 10 9 8 7 6 5 4 3 2, T for 10; or Т К Д В)"}]
