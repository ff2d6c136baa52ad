"""What the page asks for each question, in the players' words: the fields of a request body, per game.

A question (``check``, ``score``) offers situations (``what happened?``); a situation is a list of fields, each
bound to a JSON pointer of the request body (``/position/hand``), plus the values the situation fixes
(``/position/phase: play``).  The page builds the body from the fields, so a shared link (the body in the URL
fragment) fills the same fields again, and a 422's ``errors[].pointer`` marks the field it names.  Only the fields a
situation needs are shown; those a ruling only sometimes turns on are under "more details", opened when the
service names one of them.  Everything the form leaves out can still be written in the request's JSON, which the
page shows and lets the player edit.

Field kinds (the page's ``page.js`` renders them):

* ``text``, ``int``, ``bool``: a text box, a number box, a checkbox;
* ``names``: a list of names written "Anna, Boris, Vera";
* ``player`` / ``side``: one of the players (the canasta players of every side) / one of the sides' ids;
* ``suit``: one of ♠ ♥ ♦ ♣; ``select``: one of ``choices`` ``[value, label]``;
* ``card`` / ``cards``: one card / cards in order, picked from the variant's deck (``GET .../variants/{id}``);
* ``list``: items added and removed by the player, each with the ``items`` fields (``path`` relative to the item;
  ``""`` for an item that is itself the value); ``keep_empty``: a list with no items is sent as ``[]`` (nobody has
  spoken yet), not left out;
* ``map``: one ``of`` field per player or side (``keys``), written as ``{name: value}``.

Labels are catalog texts, marked here and translated when the page is rendered.
"""
from __future__ import annotations

from typing import Any

from referee.i18n import N_, _


def F(path: str, kind: str, label: str, **kw: Any) -> dict:
    return {"path": path, "kind": kind, "label": label, **kw}


MORE = {"more": True}

PLAYERS = F("/players", "names", N_("Players, in seat order"), help=N_("Names separated by commas"))
DEALER = F("/dealer", "player", N_("Dealer"))
SIDES = F("/sides", "list", N_("Sides, in seat order"), add=N_("Add a side"),
          items=[F("/id", "text", N_("Side")), F("/players", "names", N_("Its players"))])

SUIT_OF_MARRIAGE = [F("/player", "player", N_("Player")), F("/suit", "suit", N_("Suit"))]
CALLS = F("/position/bids", "list", N_("The auction so far, in order"), add=N_("Add a call"), keep_empty=True,
          items=[F("/player", "player", N_("Player")),
                 F("/type", "select", N_("Call"), choices=[["bid", N_("bid")], ["pass", N_("pass")]]),
                 F("/amount", "int", N_("Amount"))])
CALL = [F("/action/player", "player", N_("Who calls")),
        F("/action/type", "select", N_("The call"), choices=[["bid", N_("bid")], ["pass", N_("pass")]]),
        F("/action/amount", "int", N_("Amount bid"))]

THOUSAND = {
    "check": [
        {"id": "play", "label": N_("A card played (follow suit, trump, beat)"),
         "fixed": {"/position/phase": "play", "/action/type": "play"},
         "fields": [PLAYERS, DEALER,
                    F("/position/declarer", "player", N_("Declarer")),
                    F("/position/contract", "int", N_("Contract")),
                    F("/position/marriages", "list", N_("Marriages announced so far (the last one is trump)"),
                      add=N_("Add a marriage"), items=SUIT_OF_MARRIAGE),
                    F("/position/tricks_won", "map", N_("Tricks won so far"), keys="players",
                      of=F("", "int", "")),
                    F("/position/trick/leader", "player", N_("Who led this trick")),
                    F("/position/trick/cards", "cards", N_("Cards already in this trick, in order")),
                    F("/action/player", "player", N_("Who plays")),
                    F("/position/hand", "cards", N_("That player's hand, before playing")),
                    F("/action/card", "card", N_("The card played")),
                    F("/position/trump", "suit", N_("Trump, when no marriage names it"), **MORE),
                    F("/action/marriage", "bool", N_("A marriage is announced with this lead"), **MORE)]},
        {"id": "bid", "label": N_("A bid or a pass"),
         "fixed": {"/position/phase": "bidding"},
         "fields": [PLAYERS, DEALER, CALLS, *CALL,
                    F("/position/hand", "cards", N_("That player's hand (for a bid over 120)"), **MORE)]},
    ],
    "score": [
        {"id": "points", "label": N_("A deal played out: card points and tricks"),
         "fields": [PLAYERS, DEALER,
                    F("/state/scores", "map", N_("Totals before this deal"), keys="players", of=F("", "int", "")),
                    F("/deal/declarer", "player", N_("Declarer")),
                    F("/deal/contract", "int", N_("Contract")),
                    F("/deal/marriages", "list", N_("Marriages announced"), add=N_("Add a marriage"),
                      items=SUIT_OF_MARRIAGE),
                    # "in_play": the players of the deal (with four, all but the dealer, who sits out: thousand/3.1)
                    F("/deal/points", "map", N_("Card points taken"), keys="in_play", of=F("", "int", "")),
                    F("/deal/tricks_taken", "map", N_("Tricks taken"), keys="in_play", of=F("", "int", "")),
                    # with four the dealer sits out and scores the talon (thousand/3.6): its cards, or where the
                    # variant scores its card points, those (the service says which it needs)
                    F("/deal/talon", "cards", N_("The talon's three cards (the dealer sitting out scores them)"),
                      variants=["four-player"]),
                    F("/deal/talon_points", "int", N_("Or the talon's card points, in place of its cards"),
                      variants=["four-player"]),
                    F("/deal/conceded", "bool", N_("The declarer conceded"), **MORE)]},
    ],
}

PINOCHLE = {
    "check": [
        {"id": "play", "label": N_("A card played (follow suit, trump, head the trick)"),
         "fixed": {"/position/phase": "play", "/action/type": "play"},
         "fields": [PLAYERS, DEALER,
                    F("/position/trump", "suit", N_("Trump")),
                    F("/position/tricks_done", "int", N_("Tricks played so far")),
                    F("/position/trick/leader", "player", N_("Who led this trick")),
                    F("/position/trick/cards", "cards", N_("Cards already in this trick, in order")),
                    F("/action/player", "player", N_("Who plays")),
                    F("/position/hand", "cards", N_("That player's hand, before playing")),
                    F("/action/card", "card", N_("The card played"))]},
        {"id": "meld", "label": N_("A meld (new card, re-use of melded cards)"),
         "fixed": {"/position/phase": "meld", "/action/type": "meld"},
         "fields": [PLAYERS, DEALER,
                    F("/position/trump", "suit", N_("Trump")),
                    F("/position/tricks_done", "int", N_("Tricks played so far")),
                    F("/action/player", "player", N_("Who melds (just won a trick)")),
                    F("/position/hand", "cards", N_("That player's hand, without the cards on the table")),
                    F("/position/melds", "list", N_("That player's earlier melds still on the table"),
                      add=N_("Add a meld"), items=[F("/cards", "cards", N_("Meld"))]),
                    F("/action/cards", "cards", N_("The cards of the new meld")),
                    F("/position/melded_this_trick", "bool", N_("Already melded after this trick"), **MORE),
                    F("/position/played_from_table", "cards", N_("Melded cards since played from the table"),
                      **MORE)]},
        {"id": "bid", "label": N_("A bid or a pass"),
         "fixed": {"/position/phase": "bidding"},
         "fields": [PLAYERS, DEALER, CALLS, *CALL]},
    ],
    "score": [
        {"id": "points", "label": N_("A deal played out: meld, card points and tricks"),
         "fields": [PLAYERS, DEALER,
                    F("/state/scores", "map", N_("Totals before this deal"), keys="players", of=F("", "int", "")),
                    F("/deal/bid/player", "player", N_("Who won the auction"),
                      variants=["partnership", "three-hand-auction"]),
                    F("/deal/bid/amount", "int", N_("The winning bid"), variants=["partnership", "three-hand-auction"]),
                    F("/deal/trump", "suit", N_("Trump")),
                    F("/deal/melds", "list", N_("Melds, in the order declared"), add=N_("Add a meld"),
                      variants=["two-handed"],
                      items=[F("/player", "player", N_("Player")), F("/cards", "cards", N_("Meld"))]),
                    F("/deal/melds", "map", N_("The cards each player showed in meld"), keys="players",
                      variants=["partnership"], of=F("", "cards", "")),
                    F("/deal/meld", "cards", N_("The cards the bidder showed in meld"),
                      variants=["three-hand-auction"]),
                    F("/deal/buried", "cards", N_("The cards the bidder buried"), variants=["three-hand-auction"]),
                    F("/deal/points", "map", N_("Card points taken in tricks"), keys="players",
                      of=F("", "int", "")),
                    F("/deal/tricks_taken", "map", N_("Tricks taken"), keys="players", of=F("", "int", "")),
                    F("/deal/last_trick", "player", N_("Who took the last trick"))]},
    ],
}

MELDS_BY_SIDE = F("/position/melds", "map", N_("Melds on the table, by side"), keys="sides",
                  of=F("", "list", "", add=N_("Add a meld"), items=[F("", "cards", N_("Meld"))]))
CANASTA = {
    "check": [
        {"id": "take_pile", "label": N_("Taking the discard pile (frozen or not)"),
         "fixed": {"/position/phase": "draw", "/action/type": "take_pile"},
         "fields": [SIDES,
                    F("/action/player", "player", N_("Who takes the pile")),
                    F("/position/hand", "cards", N_("That player's hand")),
                    F("/position/pile/top", "card", N_("Top card of the pile")),
                    F("/position/pile/size", "int", N_("Cards in the pile")),
                    F("/position/pile/frozen_by", "select", N_("The pile is frozen by"),
                      choices=[["", N_("nothing: not frozen")], ["wild", N_("a wild card")],
                               ["red_three", N_("a red three")], ["black_three", N_("a black three")],
                               ["start", N_("the start of the deal")]]),
                    MELDS_BY_SIDE,
                    F("/action/cards", "cards", N_("Cards from the hand shown with the top card")),
                    F("/state/scores", "map", N_("Totals before this deal"), keys="sides", of=F("", "int", ""),
                      **MORE),
                    F("/position/stock", "int", N_("Cards left in the stock"), **MORE),
                    F("/dealer", "player", N_("Dealer"), **MORE)]},
        {"id": "meld", "label": N_("A meld laid down (minimum, wild cards)"),
         "fixed": {"/position/phase": "play", "/action/type": "meld"},
         "fields": [SIDES,
                    F("/action/player", "player", N_("Who melds")),
                    F("/position/hand", "cards", N_("That player's hand")),
                    F("/position/pile/top", "card", N_("Top card of the pile")),
                    MELDS_BY_SIDE,
                    F("/action/melds", "list", N_("The melds laid down now"), add=N_("Add a meld"),
                      items=[F("", "cards", N_("Meld"))]),
                    F("/state/scores", "map", N_("Totals before this deal"), keys="sides", of=F("", "int", ""),
                      **MORE),
                    F("/dealer", "player", N_("Dealer"), **MORE)]},
        {"id": "discard", "label": N_("A discard"),
         "fixed": {"/position/phase": "play", "/action/type": "discard"},
         "fields": [SIDES,
                    F("/action/player", "player", N_("Who discards")),
                    F("/position/hand", "cards", N_("That player's hand")),
                    F("/position/pile/top", "card", N_("Top card of the pile")),
                    MELDS_BY_SIDE,
                    F("/action/card", "card", N_("The card discarded")),
                    F("/dealer", "player", N_("Dealer"), **MORE)]},
    ],
    "score": [
        {"id": "hand", "label": N_("A hand played out: melds, red threes, cards left"),
         "fields": [SIDES,
                    F("/state/scores", "map", N_("Totals before this hand"), keys="sides", of=F("", "int", "")),
                    F("/deal/sitting_out", "player", N_("Sits this deal out"), variants=["five-player"]),
                    F("/deal/sides", "list", N_("What each side has"), add=N_("Add a side"),
                      items=[F("/id", "side", N_("Side")),
                             F("/went_out", "bool", N_("Went out")),
                             F("/concealed", "bool", N_("Went out concealed (in one go)")),
                             F("/red_threes", "cards", N_("Red threes laid out")),
                             F("/melds", "list", N_("Melds"), add=N_("Add a meld"),
                               items=[F("", "cards", N_("Meld"))]),
                             F("/hands", "list", N_("Cards left in each player's hand"),
                               add=N_("Add a player's hand"), items=[F("", "cards", N_("Hand"))])]),
                    F("/dealer", "player", N_("Dealer"), **MORE)]},
    ],
}

FORMS = {"thousand": THOUSAND, "pinochle": PINOCHLE, "canasta": CANASTA}

QUESTIONS = [
    ("check", N_("Is this play, bid, meld or pile-take legal?")),
    ("score", N_("Score this deal")),
    ("validate", N_("Check a whole game log")),
]

# the names of action types in legal_actions and logs
ACTIONS = {
    "play": N_("play"), "bid": N_("bid"), "pass": N_("pass"), "meld": N_("meld"), "take_pile": N_("take the pile"),
    "draw": N_("draw"), "discard": N_("discard"), "ask": N_("ask the partner"), "go_out": N_("go out"),
    "take_talon": N_("take the talon"), "exchange": N_("pass cards"),
    "raise": N_("raise the contract"), "concede": N_("concede"), "redeal": N_("ask for a redeal"),
    "dix": N_("the dix"), "count_meld": N_("count the meld"), "end": N_("end the turn"),
    "double_ending": N_("lay down after the partner"), "extra_cards": N_("take extra cards"),
    "packet": N_("take the packet"), "expose": N_("expose"), "red_three": N_("lay out a red three"),
    "trump": N_("name trump"), "widow": N_("take the widow"), "bury": N_("bury"),
    "declare_out": N_("declare out"), "deal": N_("deal"),
}

# the numbers of a score answer's player or side, as the score table names them, in this order
SCORE_KEYS = [("total_before", N_("Before")), ("hand_score", N_("This deal")), ("total_after", N_("Total"))]

SUITS = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}


def translated(value: Any) -> Any:
    """``value`` with every ``label``, ``help``, ``add`` and choice label in the current language."""
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for k, v in value.items():
            if k in ("label", "help", "add") and isinstance(v, str):
                out[k] = _(v) if v else ""
            elif k == "choices":
                out[k] = [[val, _(text)] for val, text in v]
            else:
                out[k] = translated(v)
        return out
    if isinstance(value, list):
        return [translated(v) for v in value]
    return value
