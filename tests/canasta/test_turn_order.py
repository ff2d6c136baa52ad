"""Canasta: the order of a turn — what comes first, as a ruling says it."""
from referee import service
from tests.canasta_helpers import S4, m, message


def check(body, variant="classic", **options):
    return service.handle("canasta", "check", {"variant": variant, "options": options, "sides": S4, **body})


# A threshold the mutation pass over the Canasta engine found untested.
def test_turn_order_rulings_say_what_comes_first():
    body = {"position": {"phase": "draw", "hand": m("9S 9H 9C 5D 6D 7D 8D 10D JD QD KD"), "melds": {"NS": [["K"] * 3]},
                         "pile": {"top": "8C", "size": 5}, "stock": 40},
            "action": {"type": "meld", "player": "North", "melds": [m("9S 9H 9C")]}}
    assert message(check(body)) == "the turn begins with a draw from the stock or the pile"
    body["position"]["phase"] = "play"
    body["action"] = {"type": "take_pile", "player": "North", "cards": m("8D 8D")}
    assert message(check(body)) == "the player has already drawn this turn"
