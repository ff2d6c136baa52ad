"""A trick's card points as the deal counts them, under each value of option ``card_points`` (pinochle/1.3).

Two-handed, Bob deals and Ann leads; one trick of the stock phase, AH led and QH played to it: Ann's ace wins it
(same suit, higher), and the two cards are worth, by pinochle/1.3's table of each scheme:
  classic      A 11 + Q 3 = 14
  counters     A 10 + Q 0 = 10
  ace_ten_kq   A 10 + Q 5 = 15
"""
import pytest

from referee.cards import parse_card
from referee.pinochle.deal import new_state
from referee.pinochle.options import VARIANTS

# twelve cards each, no card twice (the 48-card pack holds two of each): 24 of the 48 dealt, the rest the stock
ANN = "AH AS 10S KS QS JS 9S AD 10D KD QD JD"
BOB = "QH AC 10C KC QC JC 9C 9D 10H KH JH 9H"


@pytest.mark.parametrize("scheme,points", [("classic", 14), ("counters", 10), ("ace_ten_kq", 15)])
def test_a_trick_counts_by_the_scheme(scheme, points):
    opts = VARIANTS["two-handed"].resolve({"card_points": scheme})
    hands = {"Ann": [parse_card(c) for c in ANN.split()], "Bob": [parse_card(c) for c in BOB.split()]}
    assert len(hands["Ann"]) == len(hands["Bob"]) == 12
    st = new_state(["Ann", "Bob"], "Bob", opts, "S", hands)
    st.apply_play("Ann", parse_card("AH"))
    out = st.apply_play("Bob", parse_card("QH"))
    assert out["trick"]["winner"] == "Ann" and out["trick"]["points"] == points
    assert st.captured == {"Ann": points, "Bob": 0}
