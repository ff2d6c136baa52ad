"""Three-hand: a bidder who concedes before the first lead loses the bid once, and the deal is not played
(pinochle/8.4), so a conceded deal written with card points or tricks is refused at them."""
import pytest

TEXT = {"en": "a conceded deal is not played", "ru": "сдачу с отказом от заявки не разыгрывают"}


def conceded(**played):
    # Ann bid 300, named hearts and showed no meld, then gave up
    return {"variant": "three-hand-auction", "players": ["Ann", "Bob", "Cid"], "dealer": "Cid",
            "deal": {"bid": {"player": "Ann", "amount": 300}, "trump": "H", "meld": [], "conceded": True, **played}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_conceded_deal_has_no_card_points(client, lang):
    r = client.post("/v1/games/pinochle/score", json=conceded(points={"Ann": 0, "Bob": 120, "Cid": 120}),
                    headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [("/deal/points", TEXT[lang])]
    assert client.post("/v1/games/pinochle/score", json=conceded()).status_code == 200
