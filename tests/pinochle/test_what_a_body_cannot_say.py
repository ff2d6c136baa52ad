"""Pinochle: bodies that say something the game cannot have had, each refused at its place in English and in Russian,
beside the body one step away that is answered.

A trump no deal is without (pinochle/2.1), a declaration out where the option is off (6.4), a target that is no
step of 250 above the option's (6.3), earlier melds the table's rules refuse (4.4), an earlier call the auction
refuses (8.2), a card shown as meld that the tricks show its player never held (4.10), draws said to be made
where nobody draws (3.3), and a log's three-hand deal without its widow (8.1, a violation).
"""
import copy

import pytest

from tests.pinochle.test_declaring_out import declared_deal
from tests.pinochle.test_logs import three_log
from tests.pinochle_helpers import ANN, FOUR, PARTNER_HANDS, THREE, TWO


def post(client, endpoint, body, lang):
    r = client.post(f"/v1/games/pinochle/{endpoint}", json=body, headers={"Accept-Language": lang})
    return r.status_code, [(e["pointer"], e["detail"]) for e in r.get_json().get("errors", [])]


# 240 card points shared evenly, 12 tricks each, no meld: a two-handed deal with nothing else in it
EVEN = {"points": {"Ann": 120, "Bob": 120}, "tricks_taken": {"Ann": 12, "Bob": 12}, "last_trick": "Ann",
        "melds": []}


@pytest.mark.parametrize("lang,detail", [("en", "give the trump (or the upcard that fixed it)"),
                                         ("ru", "укажите козырь (или открытую карту, которая его определила)")])
def test_a_deal_names_its_trump(client, lang, detail):
    deal = {"players": TWO, "dealer": "Bob", "deal": dict(EVEN)}
    assert post(client, "score", deal, lang) == (422, [("/deal/trump", detail)])
    assert post(client, "score", {**deal, "deal": {**EVEN, "upcard": "AD"}}, lang) == (200, [])   # the upcard fixes it
    assert post(client, "score", {**deal, "deal": {**EVEN, "trump": "D"}}, lang) == (200, [])


@pytest.mark.parametrize("lang,detail", [("en", "declaring out is not played in this form"),
                                         ("ru", "в этой форме выход не объявляют")])
def test_no_declaration_out_where_the_option_is_off(client, lang, detail):
    assert post(client, "score", declared_deal(52), lang) == (200, [])
    off = {**declared_deal(52), "options": {"declare_out": False}}
    assert post(client, "score", off, lang) == (422, [("/deal/declared_out", detail)])


@pytest.mark.parametrize("lang,detail", [("en", "the target is 1000 or a later step of 250 above it"),
                                         ("ru", "цель партии — 1000 или следующая ступень по 250 выше")])
@pytest.mark.parametrize("target,fits", [(750, False), (1240, False), (1250, True), (1260, False)])
def test_the_target_rises_in_steps_of_250(client, lang, detail, target, fits):
    # both passed 1,000 (option by_step): the target in force is 1,250; 10 under or over it is no step
    body = {"players": TWO, "dealer": "Bob", "state": {"scores": {"Ann": 1010, "Bob": 1000}, "target": target},
            "deal": {**EVEN, "trump": "H"}}
    assert post(client, "score", body, lang) == ((200, []) if fits else (422, [("/state/target", detail)]))


@pytest.mark.parametrize("lang,detail", [
    ("en", "earlier melds are not legal: KH was already melded as royal marriage; it may be used again only in "
           "another class or in a higher meld of the same class"),
    ("ru", "прежние комбинации неправильны: К♥: эта карта уже была в комбинации «королевский марьяж»; снова её можно "
           "использовать только в другом классе или в более дорогой комбинации того же класса")])
def test_earlier_melds_follow_the_table_rules(client, lang, detail):
    # three tricks won; the pack's two KH and two QH make two royal marriages, a third would reuse a card in the
    # same meld (4.4).  Ann holds 8 cards in hand and 4 on the table: 12 while the stock lasts.
    marriage = {"cards": ["KH", "QH"]}
    pos = {"phase": "play", "trump": "H", "tricks_done": 3, "hand": "AH 10H JH 9H AS 10S KS QS".split(),
           "melds": [marriage, marriage], "trick": {"leader": "Ann"}}
    body = {"players": TWO, "dealer": "Bob", "position": pos, "action": {"type": "play", "player": "Ann", "card": "AH"}}
    assert post(client, "check", body, lang) == (200, [])
    pos["melds"] = [marriage, marriage, marriage]
    assert post(client, "check", body, lang) == (422, [("/position/melds/2", detail)])


@pytest.mark.parametrize("lang,detail", [
    ("en", "the earlier calls are not a legal auction: a bid must be a multiple of 10 and at least 310"),
    ("ru", "в прежней торговле есть нарушение: заявка кратна 10 и не меньше 310")])
def test_the_earlier_calls_are_a_legal_auction(client, lang, detail):
    # Ann opens at 300: Bob must bid at least 310 (pinochle/8.2)
    pos = {"phase": "bidding", "bids": [{"player": "Ann", "type": "bid", "amount": 300},
                                        {"player": "Bob", "type": "bid", "amount": 310}]}
    body = {"players": THREE, "dealer": "Cid", "variant": "three-hand-auction", "position": pos,
            "action": {"type": "pass", "player": "Cid"}}
    assert post(client, "check", body, lang) == (200, [])
    pos["bids"][1]["amount"] = 300
    assert post(client, "check", body, lang) == (422, [("/position/bids/1", detail)])


@pytest.mark.parametrize("lang,detail", [
    ("en", "Bob shows AS as meld but never held it (the tricks show every card played)"),
    ("ru", "Bob: в комбинации показана Т♠, но её не было на руках (взятки показывают все сыгранные карты)")])
def test_a_card_shown_as_meld_was_held(client, lang, detail):
    # each partner holds one whole suit and plays it card by card; Ann (spades) leads every trick.  Bob held the
    # hearts: his AH may be shown, an AS (the other spade is Ann's, not shown) may not
    tricks = [{"leader": "Ann", "cards": [PARTNER_HANDS[p].split()[i] for p in FOUR]} for i in range(12)]
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "deal": {"bid": {"player": "Ann", "amount": 100}, "trump": "S",
                     "melds": {"Ann": ["KS", "QS"], "Bob": ["AH"]}, "tricks": tricks}}
    assert post(client, "score", body, lang) == (200, [])
    wrong = copy.deepcopy(body)
    wrong["deal"]["melds"]["Bob"] = ["AS"]
    assert post(client, "score", wrong, lang) == (422, [("/deal/melds/Bob", detail)])


# Bob's eleven cards after the 12th trick's draws have begun, or one played in the play-off (13 tricks: 12 - 1)
ELEVEN = "AH 10H KH QH JH 9H AS 10S KS QS JS".split()
POSITIONS = {
    # Ann won the trick and drew; Bob draws now (the draw phase)
    "winner_drew": ({"phase": "draw", "hand": ELEVEN, "winner": "Ann", "winner_drew": True},
                    {"type": "draw", "player": "Bob"}),
    # Ann won the trick and both have drawn (the meld phase: with meld_timing before_draw, melding now is late)
    "drawn": ({"phase": "meld", "hand": ELEVEN + ["9S"], "drawn": True},
              {"type": "meld", "player": "Ann", "cards": ["KH", "QH"]}),
}


@pytest.mark.parametrize("lang,detail", [("en", "nobody draws before the first trick or once the stock is exhausted"),
                                         ("ru", "до первой взятки и после конца колоды карты не добирают")])
@pytest.mark.parametrize("field", sorted(POSITIONS))
@pytest.mark.parametrize("done,drawing", [(0, False), (12, True), (13, False)])
def test_draws_follow_a_trick_won_while_the_stock_lasts(client, lang, detail, field, done, drawing):
    # the draws follow each of the 12 tricks played while the stock lasts (pinochle/3.3): after the 12th they are
    # due, before the first and after the 13th nobody draws, so a position saying draws were made is impossible
    pos, action = POSITIONS[field]
    body = {"players": TWO, "dealer": "Bob", "position": {**pos, "trump": "H", "tricks_done": done},
            "action": action}
    status, errors = post(client, "check", body, lang)
    assert (status, errors) == ((200, []) if drawing else (422, [(f"/position/{field}", detail)]))


@pytest.mark.parametrize("lang,message", [("en", "the widow holds 3 cards"), ("ru", "в прикупе 3 карты")])
def test_a_three_hand_deal_left_without_its_widow(client, lang, message):
    # the deal as a log gives it is judged, not refused: 15 cards each and no widow is a deal of 45, not 48
    # (pinochle/8.1), a violation at the widow's place
    log = three_log()[:1]
    body = {"variant": "three-hand-auction", "players": THREE, "log": log}
    r = client.post("/v1/games/pinochle/validate", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 200 and r.get_json()["violations"] == []
    del log[0]["widow"]
    r = client.post("/v1/games/pinochle/validate", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 200
    assert [(v["rule"], v["message"], v["pointer"]) for v in r.get_json()["violations"]] == [
        ("pinochle/8.1", message, "/log/0/widow")]


@pytest.mark.parametrize("lang,message", [
    ("en", "9H appears more often than the Pinochle 48-card deck holds it (2 copies)"),
    ("ru", "9♥: столько таких карт нет (колода из 48 карт: 2 экземпляра)")])
def test_a_logged_deal_with_a_third_copy(client, lang, message):
    # Ann the twelve spades, Bob the twelve hearts (both 9H among them): a 9D turned up is the 25th card, a 9H
    # turned up a third 9H (pinochle/1.1), a violation of the deal at the upcard (pointed at as the deal's count
    # places each card: the upcard is its one-card list)
    log = [{"type": "deal", "dealer": "Bob", "upcard": "9D",
            "hands": {"Ann": ANN, "Bob": "AH AH 10H 10H KH KH QH QH JH JH 9H 9H".split()}}]
    body = {"players": TWO, "log": log}
    r = client.post("/v1/games/pinochle/validate", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 200 and r.get_json()["violations"] == []
    log[0]["upcard"] = "9H"
    r = client.post("/v1/games/pinochle/validate", json=body, headers={"Accept-Language": lang})
    assert [(v["rule"], v["message"], v["pointer"]) for v in r.get_json()["violations"]] == [
        ("pinochle/1.1", message, "/log/0/upcard/0")]
