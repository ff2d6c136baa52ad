"""Canasta: the deal — extra cards some variants deal, and the Italian count-off."""
from referee import service
from referee.canasta.options import VARIANTS

S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


def C(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="canasta")


def m(s):
    return s.split()


def ruling(ans):
    return (ans["legal"], ans["violations"][0]["rule"] if ans["violations"] else None)


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


DEAL = {"type": "deal", "dealer": "West", "pile": ["9C"], "hands": {
    "North": m("KH KD KS KC KH KD KS QH QD QS QC"), "East": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
    "South": m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK"), "West": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 3H")}}


def view_validate(log, variant="classic", sides=S4):
    from referee.canasta.views import validate
    v = VARIANTS[variant]
    return validate({"sides": sides, "log": log}, v, v.resolve({}))


def dealt(**change):
    return {**DEAL, **change}


PENNIES = [{"id": x, "players": [x + "1", x + "2", x + "3"]} for x in "AB"]


PENNY_HANDS = {p: m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 5D 6D") for s in PENNIES for p in s["players"]}


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
