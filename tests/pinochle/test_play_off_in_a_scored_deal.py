"""Pinochle: a two-handed deal given trick by trick for scoring.  The last twelve tricks (the play-off, pinochle/5.1)
are played from the hands their cards show, under the play-off's obligations (a player holding the suit led follows
it, 5.2), so a card that breaks them is refused at its place; a meld needs a trick won while the stock lasted (4.2),
and tricks won in the play-off do not count for it.

The deal: 48 cards, hearts trump, no upcard given.  While the stock lasts Ann leads her twelve spades and Bob throws
his twelve diamonds: Ann wins all twelve tricks (the suit led, no trump), 2 × (11 + 10 + 4 + 3 + 2) = 60 card points
in each suit, 120.  In the play-off Ann holds the twelve clubs and Bob the twelve hearts: Ann leads a club, Bob
has none and trumps, and Bob then leads his trumps to the end: twelve tricks, 120 card points and the last trick's
10, 130.
"""
import pytest

RANKS = ["A", "10", "K", "Q", "J", "9"]


def twelve(suit):
    return [r + suit for r in RANKS for _copy in (1, 2)]


def deal(bob_keeps_a_club=False, melds=(), ann_holds_the_dix=False):
    ann, bob = twelve("C"), twelve("H")      # the play-off hands
    leads = twelve("S")                      # Ann's leads while the stock lasts
    if bob_keeps_a_club:                     # Ann holds a 9 of hearts, Bob a 9 of clubs in its place
        ann[-1], bob[-1] = "9H", "9C"
    if ann_holds_the_dix:                    # Ann leads (and wins with) a 9 of hearts, Bob a 9 of spades in the end
        leads[-1], bob[-1] = "9H", "9S"
    stock = [{"leader": "Ann", "cards": [a, b]} for a, b in zip(leads, twelve("D"))]
    play_off = [{"leader": "Ann", "cards": [ann[0], bob[0]]}] + \
        [{"leader": "Bob", "cards": [b, a]} for a, b in zip(ann[1:], bob[1:])]
    return {"players": ["Ann", "Bob"], "dealer": "Bob",
            "deal": {"trump": "H", "melds": list(melds), "tricks": stock + play_off}}


def post(client, body, lang):
    r = client.post("/v1/games/pinochle/score", json=body, headers={"Accept-Language": lang})
    answer = r.get_json()
    return r.status_code, answer.get("errors") or [(p["id"], p["card_points"], p["tricks"]) for p in answer["players"]]


@pytest.mark.parametrize("lang,detail", [
    ("en", "illegal play in a deal given for scoring: Bob holds clubs and must follow suit"),
    ("ru", "недопустимый ход в сдаче, поданной на подсчёт: Bob: есть ♣, нужно ходить в масть")])
def test_the_play_off_is_played_from_the_hands_its_tricks_show(client, lang, detail):
    assert post(client, deal(), lang) == (200, [("Ann", 120, 12), ("Bob", 130, 12)])
    # Bob trumps Ann's ace of clubs in the first trick of the play-off (the 13th, index 12) while his tricks show a
    # club he played later
    assert post(client, deal(bob_keeps_a_club=True), lang) == \
        (422, [{"pointer": "/deal/tricks/12/cards/1", "detail": detail}])


@pytest.mark.parametrize("lang,detail", [
    ("en", "Bob declared more melds than tricks won while the stock lasted"),
    ("ru", "Bob: объявлено больше комбинаций, чем взято взяток, пока была колода")])
def test_a_trick_won_in_the_play_off_brings_no_meld(client, lang, detail):
    ann, bob = {"player": "Ann", "cards": ["KS", "QS"]}, {"player": "Bob", "cards": ["KH", "QH"]}
    # Ann's marriage in spades follows one of her twelve tricks; Bob won his twelve only in the play-off
    assert post(client, deal(melds=[ann]), lang)[0] == 200
    assert post(client, deal(melds=[ann, bob]), lang) == (422, [{"pointer": "/deal/melds/1", "detail": detail}])
