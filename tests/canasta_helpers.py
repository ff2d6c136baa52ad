"""Small helpers the Canasta tests share: cards from a string (``m``), the four seats, the canasta POST, the
Pennies-from-Heaven hands, a violation's pointer and rule.  Imported as ``from tests.canasta_helpers import ...``."""


def m(s):
    return s.split()


S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


def C(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="canasta")


PENNIES = [{"id": x, "players": [x + "1", x + "2", x + "3"]} for x in "AB"]


PENNY_HANDS = {p: m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C 5D 6D") for s in PENNIES for p in s["players"]}


def chk(api, position, action, status=200, options=None, **extra):
    body = {"sides": S4, "position": position, "action": {"player": "North", **action}, **extra}
    if options:
        body["options"] = options
    return C(api, "check", body, status)


def pointer(ans):
    return ans["errors"][0]["pointer"]


def ruling(ans):
    return (ans["legal"], ans["violations"][0]["rule"] if ans["violations"] else None)


ELEVEN = ["4C", "5S", "6H", "7D", "8C", "9H", "10D", "JS", "QC", "KD", "AS"]


def full_deal():
    """The README's four-player hand: NS 22 + 10 cards shown, EW 7 melded and 7 + 8 in hand (22)."""
    return {"sides": [
        {"id": "NS", "went_out": True, "red_threes": ["3H", "3D"],
         "melds": [["K"] * 7, m("9 9 9 9 9 2 JK"), m("A A A A"), m("8 8 8"), m("6 6 6")],
         "hands": [[], m("7 4 5 5 Q J 10 9")]},
        {"id": "EW", "red_threes": ["3H"], "melds": [m("Q Q Q 2"), m("J J J")],
         "hands": [m("JK Q 4 4 5 6 7"), m("5 6 K 10 10 7 4 4")]}]}


DEAL = {"type": "deal", "dealer": "West", "pile": ["9C"], "hands": {
    "North": m("KH KD KS KC KH KD KS QH QD QS QC"), "East": m("4H 4D 5S 6C 7H 8D 9S 10C JH AD 2C"),
    "South": m("4S 5H 6D 7C 8H 9D 10S JD AS AC JK"), "West": m("4C 5D 6H 7S 8C 9H 10D JS AH 2D 3H")}}


DEAL3 = {"type": "deal", "dealer": "West", "pile": ["9C"], "hands": {
    "North": m("KH KD KS KC KH KD KS QH QD QS 5C"), "East": m("4H 4D 5S 6S 7H 8D 9S 10C JH AD 3H"),
    "South": m("4S 5H 6D 7S 8H 9D 10S JD AS AC JC"), "West": m("4C 5D 6H 7D 8S 9H 10D JS AH 2D 10H")}}


K7 = ["KH", "KD", "KS", "KC", "KH", "KD", "KS"]


def items(score):
    return [(x["item"], x["points"]) for x in score.lines]


def message(ans):
    return ans["violations"][0]["message"] if ans["violations"] else None


def loaded(endpoint, body):
    """The typed record that Canasta's request schema makes of ``body`` for ``endpoint`` (what the service hands the
    game's views and position builder)."""
    from marshmallow import ValidationError

    from referee.errors import InputError
    from schemas.canasta import REQUESTS
    from schemas.common import errors_to_pointers
    try:
        return REQUESTS[endpoint]().load(body)
    except ValidationError as e:      # as the service answers it (422)
        raise InputError(errors_to_pointers(e.messages, body=body)) from None


def card_list(s):
    """``"4S 5S 6S"`` → the cards."""
    from referee.cards import parse_card
    return [parse_card(c) for c in s.split()]


def north_to_draw(stock):
    """Four players (S4), classic: North in turn, not yet drawn, holding 4S 5S 6S; the pile 9D, discarded by West;
    ``stock`` cards in the stock."""
    from referee.canasta.deal import DealState, Layout, Pile
    from referee.canasta.options import VARIANTS
    return DealState(Layout.of(S4), VARIANTS["classic"].resolve({}), {"NS": 0, "EW": 0}, stock,
                     Pile.dealt(card_list("9D"), black_three_freezes=False, frozen_at_start=False), "North",
                     {"North": card_list("4S 5S 6S"), "South": None, "East": None, "West": None})
