"""The faults an apply as played waives (``DealState.waived``) belong to that apply alone: the next event, judged
strictly, starts with none, whichever kind of event either is."""
from referee.cards import parse_card
from referee.thousand.deal import DealState, Layout
from referee.thousand.options import VARIANTS
from tests.thousand_helpers import PLAYERS, README_HANDS, README_TALON


def readme_deal() -> DealState:
    """The README's deal as dealt: Vera deals, Anna (first hand) is on the forced 100, Boris speaks first."""
    hands = {p: [parse_card(c) for c in h] for p, h in README_HANDS.items()}
    return DealState.new(Layout.of(PLAYERS, "Vera"), VARIANTS["russian-classic"].resolve({}), hands=hands,
                         talon=[parse_card(c) for c in README_TALON])


def test_a_call_after_a_waived_bid_starts_with_no_fault():
    st = readme_deal()
    st.apply_bid("Boris", 113, as_played=True)      # bids go in steps of 5 (thousand/7.2): waived as logged
    assert [w.rule for w in st.waived] == ["thousand/7.2"]
    st.apply_pass("Vera")                           # strict, and legal
    assert st.waived == []


def test_a_card_after_a_waived_revoke_starts_with_no_fault():
    st = readme_deal()
    st.apply_pass("Boris")
    st.apply_pass("Vera")
    st.apply_take_talon("Anna")
    st.apply_exchange("Anna", {"Boris": parse_card("9S"), "Vera": parse_card("9C")})
    st.apply_play("Anna", parse_card("AD"))
    # Boris holds JD but plays AS: not following suit (thousand/11.2), waived as logged
    st.apply_play("Boris", parse_card("AS"), as_played=True)
    assert [w.rule for w in st.waived] == ["thousand/11.2"]
    st.apply_play("Vera", parse_card("KD"))         # strict, and legal: Vera follows with a diamond
    assert st.waived == []
