"""Pennies from Heaven deals each player a face-down packet of 11 beside his hand of 13 (canasta/1.5): a deal event
giving a packet of another size is a fault of the deal, one card under or over.

Four packs: 216 cards.  Six players, two sides of three: 6 x 13 = 78 in hands, 6 x 11 = 66 in packets, and one
natural card turned up to start the pile: 145 cards dealt, 71 left in the stock.
"""
import pytest

from referee.canasta.cards import deck_of
from referee.canasta.deal import Layout
from referee.canasta.options import VARIANTS
from referee.canasta.parse import start_deal
from tests.canasta_helpers import loaded

SIDES = [{"id": "A", "players": ["P1", "P3", "P5"]}, {"id": "B", "players": ["P2", "P4", "P6"]}]
PLAYERS = ["P1", "P2", "P3", "P4", "P5", "P6"]


def _deal(packet_of_p4):
    opts = VARIANTS["pennies-from-heaven"].resolve({})
    layout = Layout.of(SIDES)
    deck = deck_of(opts)
    # natural cards only, so no red three or wild card disturbs the deal: 4 packs x 4 suits of K..4 = 160 of them
    cards = [c for c in deck.cards() if c.rank in ("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")]
    hands = {p: cards[13 * i:13 * i + 13] for i, p in enumerate(PLAYERS)}           # 78 cards
    rest = cards[78:]
    packets, at = {}, 0
    for p in PLAYERS:
        size = packet_of_p4 if p == "P4" else 11
        packets[p], at = rest[at:at + size], at + size
    pile = [rest[at]]
    ev = {"type": "deal", "dealer": "P6", "hands": {p: [str(c) for c in h] for p, h in hands.items()},
          "packets": {p: [str(c) for c in cs] for p, cs in packets.items()}, "pile": [str(c) for c in pile]}
    ev = loaded("validate", {"sides": SIDES, "log": [ev]}).log[0]
    st, _tally, problems = start_deal(ev, layout, opts, {"A": 0, "B": 0}, deck, "/log/0")
    return st, problems


def test_packets_of_eleven_are_the_deal():
    st, problems = _deal(11)
    assert problems == []
    assert st.stock == 216 - 78 - 66 - 1 == 71
    assert {p: len(c) for p, c in st.packets.items()} == dict.fromkeys(PLAYERS, 11)


@pytest.mark.parametrize("size", [10, 12])
def test_a_packet_one_card_short_or_over_is_a_fault(size):
    _st, problems = _deal(size)
    assert problems == [("canasta/1.5", f"P4's packet holds {size} cards, not 11", "/log/0/packets/P4")]
