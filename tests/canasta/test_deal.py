"""Canasta: the deal — extra cards some variants deal, and the Italian count-off."""
from referee import service
from referee.canasta.options import VARIANTS
from tests.canasta_helpers import DEAL, S4, C, m, ruling


# Found by black-box probing of the Canasta variants (issues 4 and 5).
def test_sevens_extra_cards_follow_the_first_canasta(api):
    pos = {"phase": "play", "hand": m("KC KD 5H 6D 8C"), "melds": {"NS": [["K"] * 5]},
           "pile": {"top": "8D", "size": 3}}
    body = {"variant": "sevens", "sides": S4, "position": pos,
            "action": {"type": "extra_cards", "player": "North"}}
    ans = C(api, "check", body)
    assert ruling(ans) == (False, "canasta/4.2")
    assert ans["violations"][0]["message"] == ("no extra cards are due: they follow the first canasta of the deal, "
                                               "once")


def view_validate(log, variant="classic", sides=S4):
    from referee.canasta.views import validate
    from tests.canasta_helpers import loaded
    v = VARIANTS[variant]
    return validate(loaded("validate", {"sides": sides, "log": log}), v, v.resolve({}))


def dealt(**change):
    return {**DEAL, **change}


# A threshold the mutation pass over the Canasta engine found untested.
def test_the_italian_count_off_is_checked():
    # a king turned up has 13 cards counted off under it; the log shows 5 (the Italian deal is 15 cards each)
    hands = {p: m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 5D 6D 7D 8H") for p in ("North", "East", "South", "West")}
    ans = view_validate([dealt(hands=hands, pile=m("4S 5S 6S 7S 8S KC"))], "italian")
    fv = ans["first_violation"]
    assert (fv["rule"], fv["message"], fv["pointer"]) == \
        ("canasta/1.6", "the upcard KC has 13 cards counted off under it, not 5", "/log/0/pile")


# A threshold the mutation pass over the Canasta engine found untested.
def test_extra_cards_are_as_many_as_due():
    # Mexicana: the player whose meld opened the side draws 13 more; 12 are refused, 13 accepted
    body = {"variant": "mexicana", "sides": S4,
            "position": {"phase": "play", "hand": m("5D 6D 7D 8D"), "melds": {"NS": [m("K K K")]},
                         "turn": {"melded": True, "extra_cards_due": True}, "pile": {"size": 0}, "stock": 60},
            "action": {"type": "extra_cards", "player": "North", "cards": m("4S 5S 6S 7S 8S 9S 10S JS QS 4H 5H 6H")}}
    ans = service.handle("canasta", "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"]) == (False, "canasta/4.2")
    body["action"]["cards"].append("7H")
    assert service.handle("canasta", "check", body)["effects"] == {"drawn": 13}


# A threshold the mutation pass over the Canasta engine found untested.
def test_extra_cards_from_a_short_stock():
    # Mexicana: 13 are due but the stock holds 10; he takes all ten
    body = {"variant": "mexicana", "sides": S4,
            "position": {"phase": "play", "hand": m("5D 6D 7D 8D"), "melds": {"NS": [m("K K K")]},
                         "turn": {"melded": True, "extra_cards_due": True}, "pile": {"size": 0}, "stock": 10},
            "action": {"type": "extra_cards", "player": "North", "cards": m("4S 5S 6S 7S 8S 9S 10S JS QS 4H")}}
    assert service.handle("canasta", "check", body)["effects"] == {"drawn": 10}
