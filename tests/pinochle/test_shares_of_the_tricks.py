"""A deal written as numbers, with the tricks each took left out: some share of the deal's tricks must give every
player the tricks his numbers need and the cards his card points (pinochle/1.3, 1.4, 4.2).

Two-handed, 48 cards, classic counting (A 11, 10 10, K 4, Q 3, J 2, 9 0): 24 tricks of 2 cards, 240 card points in
the pack, and the eight 9s are its only cards worth nothing.  A meld needs a trick won, and one trick brings at most
the richest meld, 1,000 (a double around of aces).
"""
import pytest

NO_SHARE = {"en": "no share of the pack's cards and tricks gives these card points",
            "ru": "никакой расклад карт колоды по взяткам не даёт таких очков"}


def pad(meld):
    """Ann melded ``meld`` and took no card point; Bob took all 240 and the last trick."""
    return {"players": ["Ann", "Bob"], "dealer": "Bob", "deal": {
        "trump": "H", "meld_points": {"Ann": meld, "Bob": 0}, "points": {"Ann": 0, "Bob": 240},
        "last_trick": "Bob"}}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_meld_needs_as_many_tricks_as_thousands_it_reaches(client, lang):
    # 4,000 needs 4 tricks won: Ann's 4 tricks are the eight 9s, 0 card points; Bob's 20 tricks hold all 240
    r = client.post("/v1/games/pinochle/score", json=pad(4000), headers={"Accept-Language": lang})
    assert r.status_code == 200, r.get_json()
    # 4,010 needs a fifth trick: 10 cards worth nothing do not exist (eight 9s), so no share fits
    r = client.post("/v1/games/pinochle/score", json=pad(4010), headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [("/deal/points", NO_SHARE[lang])]
