"""Canasta: the rows of a position's and a finished deal's checks at their boundaries — each fault at its field, and
the position or deal one change away from it judged (the mutation pass over the builders found them untold)."""
from tests.canasta_helpers import S4, chk, m

# Classic, four players: North in his turn (phase play), five cards in hand, NS shows a canasta of kings (7) and
# three queens; the pile holds 9D 7C.  Cards in view: 5 + 10 + 2 = 17 of the 108.
HAND = ["5H", "6C", "8D", "QS", "AH"]
CANASTA = {"NS": [["KH", "KS", "KD", "KC", "KH", "KS", "KD"], ["QH", "QD", "QC"]]}


def play(**extra):
    return {"phase": "play", "hand": HAND, "melds": CANASTA, "pile": {"cards": ["9D", "7C"]}, "stock": 40, **extra}


def test_a_canasta_made_this_turn_needs_a_meld_this_turn(api):
    ans = chk(api, play(turn={"canasta_made": True}), {"type": "discard", "card": "5H"}, 422)
    assert ans["errors"] == [{"pointer": "/position/turn/canasta_made", "detail": "the player is said to have "
                              "completed a canasta this turn: the side shows one and the player melded"}]
    assert chk(api, play(turn={"canasta_made": True, "melded": True}), {"type": "discard", "card": "5H"})["legal"]


def test_laying_on_melds_after_melding_in_an_earlier_turn(api):
    # laid on the side's melds, not melded this turn: only a player who melded in an earlier turn may say so
    ans = chk(api, play(turn={"laid_on_partner": True}), {"type": "discard", "card": "5H"}, 422)
    assert ans["errors"] == [{"pointer": "/position/turn/laid_on_partner",
                              "detail": "laying cards on melds is melding: say that the player melded too"}]
    assert chk(api, play(turn={"laid_on_partner": True}, melded_before=True),
               {"type": "discard", "card": "5H"})["legal"] is True


def test_extra_cards_are_due_only_after_the_side_s_first_meld(api):
    # Mexicana (13 cards dealt, 13 more after the first meld): NS has not melded; North holds his 13 and the card
    # drawn (14), so the extra cards said to be due are the only fault
    hand = m("4C 5S 6H 7D 8C 9H 10D JS QC KD AS 4D 5D 6D")
    body = {"variant": "mexicana", "sides": S4,
            "position": {"phase": "play", "hand": hand, "pile": {"cards": ["9D", "7C"]}, "stock": 60},
            "action": {"type": "discard", "player": "North", "card": "4C"}}
    assert api("check", body, game="canasta")["legal"] is not None
    body["position"]["turn"] = {"extra_cards_due": True}
    assert api("check", body, status=422, game="canasta")["errors"] == [
        {"pointer": "/position/turn/extra_cards_due",
         "detail": "extra cards are due only after a side's first meld, in a game that gives them"}]


def test_the_last_stock_card_drawn_the_turn_goes_on(client):
    # Palace ends the hand with the discard after the last stock card (stock_end stop): a turn never begins with the
    # stock gone (tests/canasta/test_stock.py), but the player who drew the last card is still in his turn
    body = {"variant": "palace", "sides": S4,
            "position": {"phase": "play", "hand": m("5C 8D 4H"), "melds": {"NS": [m("9H 9S 9C 9H 9S 9C 2C")]},
                         "pile": {"top": "9D", "size": 3}, "stock": 0},
            "action": {"type": "discard", "player": "North", "card": "4H"}}
    r = client.post("/v1/games/canasta/check", json=body)
    assert r.status_code == 200, r.get_data(as_text=True)
