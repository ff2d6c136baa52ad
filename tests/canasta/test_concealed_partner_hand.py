"""Under concealed_rule=side (Palace) a side goes out concealed only if nobody of it had melded (canasta/6.4): the
partner of the player who went out still holds the cards of his deal, no more and no fewer where the game draws one
card a turn.

Palace for four: 11 cards each, one card drawn a turn.  North went out concealed with 11 cards melded (his 11, the
card drawn, less the discard): a natural canasta of kings and four queens.  East and West never melded and hold
their 11 cards each.  South, North's partner, holds 11 cards: 10 (one under) or 12 (one over) is refused at his
hand, in English and in Russian.
"""
import pytest

from tests.canasta_helpers import S4, m

NS_MELDS = [m("KH KH KS KS KD KD KC"), m("QH QH QS QD")]
EAST = m("4C 4C 4S 4S 4H 4H 4D 4D 5C 5C 5S")
WEST = m("6C 6C 6S 6S 6H 6H 6D 6D 7C 7C 7S")
SOUTH = m("8C 8C 8S 8S 8H 8H 8D 8D 9C 9C 9S 9S")      # twelve: the tests take 10, 11 or 12 of them


def score(client, south, lang="en"):
    ns = {"id": "NS", "melds": NS_MELDS, "hands": [[], south], "went_out": True, "concealed": True}
    ew = {"id": "EW", "hands": [EAST, WEST]}
    body = {"variant": "palace", "sides": S4, "deal": {"sides": [ns, ew]}}
    return client.post("/v1/games/canasta/score", json=body, headers={"Accept-Language": lang})


def test_the_partner_holding_his_eleven_cards_is_scored(client):
    r = score(client, SOUTH[:11])
    assert r.status_code == 200, r.get_data(as_text=True)


@pytest.mark.parametrize("n", [10, 12])
def test_the_partner_holding_other_than_his_deal_is_refused(client, n):
    r = score(client, SOUTH[:n])
    assert r.status_code == 422, r.get_data(as_text=True)
    assert r.get_json()["errors"] == [{
        "pointer": "/deal/sides/0/hands/1",
        "detail": f"the side went out concealed, so this partner never melded and holds the 11 cards of his deal, "
                  f"not {n}"}]


def test_the_partner_s_hand_is_told_in_russian(client):
    r = score(client, SOUTH[:10], "ru")
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["pointer"] == "/deal/sides/0/hands/1"
    assert r.get_json()["errors"][0]["detail"] == ("сторона вышла скрыто, значит, этот партнёр ничего не выкладывал и у "
                                                   "него должно быть ровно 11 сданных ему карт, а не 10")
