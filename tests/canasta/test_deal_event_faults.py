"""Canasta: a deal event's hands and packets against the players in the deal (canasta/1.5) — a player given no hand
or no packet is refused at the hands (the packets), and hands or packets of the wrong size are faults of the deal,
told for the hands in seat order and for the packets in the order the event gives them."""
import copy

import pytest

from referee.canasta.cards import deck_of
from referee.canasta.deal import Layout
from referee.canasta.options import VARIANTS
from referee.canasta.parse import start_deal
from referee.errors import InputError
from tests.canasta_helpers import DEAL, S4, loaded

PENNY_SIDES = [{"id": "A", "players": ["P1", "P3", "P5"]}, {"id": "B", "players": ["P2", "P4", "P6"]}]
PENNY_PLAYERS = ["P1", "P2", "P3", "P4", "P5", "P6"]


def dealt(ev, sides, variant):
    opts = VARIANTS[variant].resolve({})
    ev = loaded("validate", {"sides": sides, "log": [ev]}).log[0]
    ids = [s["id"] for s in sides]
    return start_deal(ev, Layout.of(sides), opts, dict.fromkeys(ids, 0), deck_of(opts), "/log/0")


def test_a_player_given_no_hand():
    ev = copy.deepcopy(DEAL)
    del ev["hands"]["West"]
    with pytest.raises(InputError) as e:
        dealt(ev, S4, "classic")
    assert e.value.errors == [{"pointer": "/log/0/hands", "detail": "the deal gives no hand for West"}]


def test_hands_of_the_wrong_size_are_told_in_seat_order():
    # East's 2C dealt to North: North 12 cards, East 10 (44 cards in all, as four hands of 11 hold); the event
    # lists the hands West, South, East, North, and the faults come in seat order, North first
    ev = copy.deepcopy(DEAL)
    ev["hands"]["East"].remove("2C")
    ev["hands"]["North"].append("2C")
    ev["hands"] = {p: ev["hands"][p] for p in ("West", "South", "East", "North")}
    _st, _tally, problems = dealt(ev, S4, "classic")
    assert problems == [("canasta/1.5", "North was dealt 12 cards, not 11", "/log/0/hands/North"),
                        ("canasta/1.5", "East was dealt 10 cards, not 11", "/log/0/hands/East")]


def penny_deal(sizes, order):
    """Pennies from Heaven: six hands of 13 and packets of ``sizes`` (11 unless said), in the event in ``order``;
    natural cards only (160 of the 216), the pile one natural card."""
    cards = [str(c) for c in deck_of(VARIANTS["pennies-from-heaven"].resolve({})).cards()
             if c.rank in ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")]
    hands = {p: cards[13 * i:13 * i + 13] for i, p in enumerate(PENNY_PLAYERS)}     # 78 cards
    packets, at = {}, 78
    for p in PENNY_PLAYERS:
        packets[p], at = cards[at:at + sizes.get(p, 11)], at + sizes.get(p, 11)
    return {"type": "deal", "dealer": "P6", "hands": hands, "packets": {p: packets[p] for p in order},
            "pile": [cards[at]]}


def test_packets_of_the_wrong_size_are_told_in_the_events_order():
    # P4's packet 12 cards, P2's 10: the event gives P4's first
    ev = penny_deal({"P4": 12, "P2": 10}, ["P4", "P1", "P2", "P3", "P5", "P6"])
    _st, _tally, problems = dealt(ev, PENNY_SIDES, "pennies-from-heaven")
    assert problems == [("canasta/1.5", "P4's packet holds 12 cards, not 11", "/log/0/packets/P4"),
                        ("canasta/1.5", "P2's packet holds 10 cards, not 11", "/log/0/packets/P2")]


def test_a_player_given_no_packet():
    ev = penny_deal({}, ["P1", "P2", "P3", "P4", "P5"])
    with pytest.raises(InputError) as e:
        dealt(ev, PENNY_SIDES, "pennies-from-heaven")
    assert e.value.errors == [{"pointer": "/log/0/packets", "detail": "the deal gives no packet for P6"}]
