"""A scored two-handed deal given trick by trick: a player who exchanged a dix for the upcard took the upcard into
his hand, so his tricks show it (pinochle/4.7; the complete tricks show every card each player had, 1.1).

The deal: 48 cards, hearts trump, the jack of hearts turned up (the dix is the 9 of hearts).  Ann leads each of the
24 tricks with one of her cards, Bob plays one of his: Ann's cards are the spades and diamonds, Bob's the hearts and
clubs, but for one 9 of spades Ann gave Bob for his 9 of hearts (the dix she shows).  Each card is there twice.
"""
import pytest

from tests.pinochle.test_play_off_in_a_scored_deal import deal as played_deal

RANKS = ["A", "10", "K", "Q", "J", "9"]
TEXT = {"en": "Ann exchanged a dix for JH but never played JH",
        "ru": "Ann: дикс обменян на В♥, но В♥ так и не сыграна"}


def deal(ann_has_jh):
    ann = [r + s for s in "SD" for r in RANKS for _copy in (1, 2)]
    bob = [r + s for s in "HC" for r in RANKS for _copy in (1, 2)]
    ann[ann.index("9S")], bob[bob.index("9H")] = "9H", "9S"
    if ann_has_jh:      # Ann played a jack of hearts, Bob a jack of diamonds in its place
        ann[ann.index("JD")], bob[bob.index("JH")] = "JH", "JD"
    tricks = [{"leader": "Ann", "cards": [a, b]} for a, b in zip(ann, bob)]
    return {"players": ["Ann", "Bob"], "dealer": "Bob",
            "deal": {"upcard": "JH", "melds": [{"player": "Ann", "cards": ["9H"], "exchange": True}],
                     "tricks": tricks}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_upcard_taken_for_a_dix_is_among_the_players_tricks(client, lang):
    r = client.post("/v1/games/pinochle/score", json=deal(False), headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [("/deal/melds/0/exchange", TEXT[lang])]
    # with a jack of hearts among Ann's cards the exchange stands; the tricks are then replayed, and Ann cannot have
    # led the second trick: Bob's ace of hearts, a trump, took her ace of spades in the first
    r = client.post("/v1/games/pinochle/score", json=deal(True), headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [e["pointer"] for e in r.get_json()["errors"]] == ["/deal/tricks/1/leader"]


@pytest.mark.parametrize("lang,detail", [("en", "the upcard cannot be exchanged here"),
                                         ("ru", "здесь открытую карту нельзя обменять")])
def test_no_dix_is_exchanged_where_no_upcard_is_given(client, lang, detail):
    # the play-off deal (hearts trump given, no upcard) with a 9 of hearts among Ann's leads: Ann, who won all
    # twelve tricks while the stock lasted, shows it as a dix; said to be exchanged, there is no upcard it was
    # exchanged for
    dix = {"player": "Ann", "cards": ["9H"]}
    assert client.post("/v1/games/pinochle/score", json=played_deal(melds=[dix], ann_holds_the_dix=True)).status_code \
        == 200
    r = client.post("/v1/games/pinochle/score", json=played_deal(melds=[{**dix, "exchange": True}],
                                                                  ann_holds_the_dix=True),
                    headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [("/deal/melds/0/exchange", detail)]
