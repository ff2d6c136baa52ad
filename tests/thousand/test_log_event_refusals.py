"""A log event that cannot be judged is refused (422) at its own field, whatever events came before it: a player
who is not at the table, a card that is not in the Thousand deck.

The log is the README's deal (tests/thousand_helpers.py: Vera deals; Boris and Vera pass, Anna takes the talon and
gives 9S to Boris and 9C to Vera; the plays follow from index 5, Anna leading, then Boris, then Vera).
"""
import pytest

from referee import service
from referee.errors import InputError
from tests.thousand_helpers import PLAYERS, readme_log


def refusal(log):
    with pytest.raises(InputError) as e:
        service.handle("thousand", "validate", {"players": PLAYERS, "log": log}, "en")
    return e.value.errors[0]["pointer"], e.value.errors[0]["detail"]


def test_the_readme_log_as_it_is_is_judged():
    ans = service.handle("thousand", "validate", {"players": PLAYERS, "log": readme_log()}, "en")
    assert ans["valid"] is True


@pytest.mark.parametrize("index", [1, 6, 28])      # the first event after the deal, one in the play, the last
def test_a_player_not_at_the_table_is_refused_at_that_events_player(index):
    log = readme_log()
    assert len(log) == 29 and log[index]["player"] in PLAYERS
    log[index]["player"] = "Gleb"
    pointer, detail = refusal(log)
    assert pointer == f"/log/{index}/player"
    assert detail == "'Gleb' is not one of the players (Anna, Boris, Vera)"


@pytest.mark.parametrize("index", [5, 16, 28])     # the first card played, one in the middle, the last
def test_a_card_outside_the_thousand_deck_is_refused_at_that_events_card(index):
    log = readme_log()
    assert log[index]["type"] == "play"
    log[index]["card"] = "2H"           # a card of the 52-card deck, not of Thousand's 24
    pointer, detail = refusal(log)
    assert pointer == f"/log/{index}/card"
    assert detail == "2H is not in the Thousand deck"
