"""Pinochle: a card the schema reads is still checked against the pack of the variant (48 cards: A 10 K Q J 9,
two of each, pinochle/1.1) — an 8 is a card, but not one of this pack — and a log's player against the seats.
The deals are the example game's (examples/pinochle/two-handed-game.json), one card or name changed."""
import copy
import json
import pathlib

import pytest

from tests.pinochle_helpers import FOUR, P

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAME = json.loads((ROOT / "examples" / "pinochle" / "two-handed-game.json").read_text())
GAME.pop("game")


def first(log, kind):
    return next(i for i, ev in enumerate(log) if ev["type"] == kind)


def test_a_play_of_a_card_the_pack_lacks_is_refused_at_the_card(api):
    body = copy.deepcopy(GAME)
    i = first(body["log"], "play")
    body["log"][i]["card"] = "8H"
    err = P(api, "validate", body, status=422)["errors"]
    assert [e["pointer"] for e in err] == [f"/log/{i}/card"]
    assert "8H is not in the" in err[0]["detail"]


def test_a_deal_of_a_card_the_pack_lacks_is_refused_at_the_card(api):
    body = copy.deepcopy(GAME)
    hand = body["log"][0]["hands"]["Ann"]
    hand[3] = "8C"
    err = P(api, "validate", body, status=422)["errors"]
    assert [e["pointer"] for e in err] == ["/log/0/hands/Ann/3"]
    assert "8C is not in the" in err[0]["detail"]


def test_an_upcard_the_pack_lacks_is_refused_at_the_upcard(api):
    body = {"players": ["Ann", "Bob"], "dealer": "Bob",
            "position": {"phase": "play", "trump": "H", "tricks_done": 0, "upcard": "8H",
                         "hand": "AS AS 10S 10S KS KS QS QS JS JS 9S 9S".split()},
            "action": {"type": "play", "player": "Ann", "card": "AS"}}
    err = P(api, "check", body, status=422)["errors"]
    assert [e["pointer"] for e in err] == ["/position/upcard"]
    assert "8H is not in the" in err[0]["detail"]


def test_a_log_event_by_someone_not_seated_is_refused_at_its_player(api):
    body = copy.deepcopy(GAME)
    i = first(body["log"], "play")
    body["log"][i]["player"] = "Zed"
    err = P(api, "validate", body, status=422)["errors"]
    assert err == [{"pointer": f"/log/{i}/player", "detail": "'Zed' is not one of the players (Ann, Bob)"}]


def test_a_partnership_deal_takes_its_melds_by_player_not_as_a_list(api):
    body = {"players": FOUR, "variant": "partnership", "dealer": "Dee",
            "deal": {"bid": {"player": "Ann", "amount": 250}, "trump": "S",
                     "melds": [{"player": "Ann", "cards": ["KS", "QS"]}]}}
    err = P(api, "score", body, status=422)["errors"]
    assert err == [{"pointer": "/deal/melds", "detail": "give the melds by player: each with the cards he melded"}]


@pytest.mark.parametrize("lang,details", [
    ("en", ["8C is not in the Pinochle 48-card deck", "7D is not in the Pinochle 48-card deck"]),
    ("ru", ["8♣: такой карты нет в колоде (колода из 48 карт)", "7♦: такой карты нет в колоде (колода из 48 карт)"])])
def test_every_card_the_pack_lacks_is_refused_at_its_place(client, lang, details):
    # two cards of Ann's hand outside the pack: each is told at its place, in the order of the hand
    body = copy.deepcopy(GAME)
    hand = body["log"][0]["hands"]["Ann"]
    hand[3], hand[5] = "8C", "7D"
    r = client.post("/v1/games/pinochle/validate", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == list(zip(
        ["/log/0/hands/Ann/3", "/log/0/hands/Ann/5"], details))
