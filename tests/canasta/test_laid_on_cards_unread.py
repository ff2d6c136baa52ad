"""A log's meld that lays cards on the side's meld of a rank ({"rank", "cards"}) is read with its cards: a text
among them that names no card is refused at its place (422) when the replay comes to the event, as a card of any
other meld is.

The deal: DEAL of tests/canasta_helpers (West deals, North plays first and holds KH KD KS KC KH KD KS QH QD QS QC);
North draws the 5C (no hand holds it) and opens with four kings (40) and three queens (30): 70, over the 50 a side
at 0 needs (canasta/4.1).
"""
from tests.canasta_helpers import DEAL, S4, C, pointer


def body(laid_on):
    return {"sides": S4, "log": [
        DEAL, {"type": "draw", "player": "North", "cards": ["5C"]},
        {"type": "meld", "player": "North", "melds": [["KH", "KD", "KS", "KC"], ["QH", "QD", "QS"],
                                                        {"rank": "K", "cards": laid_on}]}]}


def test_an_unreadable_card_laid_on_a_meld_is_refused_at_its_place(api):
    ans = C(api, "validate", body(["KH", "KX"]), status=422)
    assert pointer(ans) == "/log/2/melds/2/cards/1"


def test_readable_cards_laid_on_a_meld_are_judged(api):
    # the same turn with the KH: five kings and three queens laid, 80 (the log ends inside North's turn)
    ans = C(api, "validate", body(["KH"]))
    assert ans["violations"] == [] and ans["events_checked"] == 3
