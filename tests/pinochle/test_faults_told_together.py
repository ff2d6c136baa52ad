"""Pinochle: a body with several faults that do not hang on each other is told every one of them at once, each at its
own place, in English and in Russian; the same body with one fault put right is told the others.

Three such tables: what a two-handed deal given for scoring says of its shape (a trump or the upcard, the melds as a
list, tricks or points, declaring out only where the form plays it: pinochle/2.1, 4.2, 6.4), a three-hand deal the
bidder gave up (not played: no tricks, no points, 8.4), and a declaration out (during the play, on the claimant's
running count, 6.4).
"""
import pytest

from tests.pinochle.test_conceded_deal_not_played import conceded
from tests.pinochle.test_declaring_out import claim
from tests.pinochle_helpers import TWO

TEXTS = {
    "en": {"trump": "give the trump (or the upcard that fixed it)",
           "melds": "two-handed melds are a list in the order declared",
           "form": "give the tricks or the points, not both",
           "declare": "declaring out is not played in this form",
           "conceded": "a conceded deal is not played",
           "phase": "a player declares out during the play: in the tricks, the meld or the draw",
           "count": "give the claimant's running count: a declaration out is judged on it"},
    "ru": {"trump": "укажите козырь (или открытую карту, которая его определила)",
           "melds": "комбинации при игре вдвоём — список в порядке объявления",
           "form": "укажите взятки или очки, но не то и другое",
           "declare": "в этой форме выход не объявляют",
           "conceded": "сдачу с отказом от заявки не разыгрывают",
           "phase": "выход объявляют во время игры: в розыгрыше, при объявлении комбинаций или при доборе",
           "count": "укажите текущий счёт объявившего: по нему оценивают объявление выхода"},
}

# 240 card points shared evenly, 12 tricks each, no meld: a two-handed deal with nothing else in it
EVEN = {"points": {"Ann": 120, "Bob": 120}, "tricks_taken": {"Ann": 12, "Bob": 12}, "last_trick": "Ann",
        "melds": []}


def told(client, endpoint, body, lang):
    r = client.post(f"/v1/games/pinochle/{endpoint}", json=body, headers={"Accept-Language": lang})
    return r.status_code, [(e["pointer"], e["detail"]) for e in r.get_json().get("errors", [])]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_two_handed_deal_is_told_every_fault_of_its_shape(client, lang):
    t = TEXTS[lang]
    # no trump and no upcard; the melds by player (the partnership's shape); tricks beside the points; a declaration
    # out where option declare_out is off: four faults, none of which depends on another
    body = {"players": TWO, "dealer": "Bob", "options": {"declare_out": False},
            "deal": {**EVEN, "melds": {}, "tricks": [], "declared_out": {"player": "Ann"}}}
    assert told(client, "score", body, lang) == (422, [("/deal/trump", t["trump"]), ("/deal/melds", t["melds"]),
                                                       ("/deal/points", t["form"]),
                                                       ("/deal/declared_out", t["declare"])])
    # two of them: each is told
    two = {"players": TWO, "dealer": "Bob", "deal": {**EVEN, "melds": {}}}
    assert told(client, "score", two, lang) == (422, [("/deal/trump", t["trump"]), ("/deal/melds", t["melds"])])
    # the trump given: the melds alone; the melds a list too: answered
    assert told(client, "score", {**two, "deal": {**EVEN, "melds": {}, "trump": "H"}}, lang) == \
        (422, [("/deal/melds", t["melds"])])
    assert told(client, "score", {**two, "deal": {**EVEN, "trump": "H"}}, lang) == (200, [])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_conceded_deal_is_told_both_its_tricks_and_its_points(client, lang):
    t = TEXTS[lang]
    body = conceded(tricks=[], points={"Ann": 0, "Bob": 120, "Cid": 120})
    assert told(client, "score", body, lang) == (422, [("/deal/tricks", t["conceded"]),
                                                       ("/deal/points", t["conceded"])])
    assert told(client, "score", conceded(tricks=[]), lang) == (422, [("/deal/tricks", t["conceded"])])
    assert told(client, "score", conceded(), lang) == (200, [])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_declaration_out_is_told_its_phase_and_every_count_left_out(client, lang):
    t = TEXTS[lang]
    # declared in the bidding, the meld points and card points left out: three faults
    body = claim(30, 52)
    body["position"] = {"phase": "bidding", "tricks_done": 5}
    assert told(client, "check", body, lang) == (422, [("/position/phase", t["phase"]),
                                                       ("/position/meld_points", t["count"]),
                                                       ("/position/card_points", t["count"])])
    # in the play, with only the card points left out: that one
    body["position"] = {"phase": "play", "tricks_done": 5, "meld_points": 30}
    assert told(client, "check", body, lang) == (422, [("/position/card_points", t["count"])])
    assert told(client, "check", claim(30, 52), lang)[0] == 200
