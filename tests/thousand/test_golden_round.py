"""A golden deal with four players (thousand/18.1, 3.6): the dealer sits out and scores the talon's card points."""
from referee import service
from tests.thousand_helpers import by_id


def handle(endpoint, body):
    return service.handle("thousand", endpoint, body, "en")


# ---------------------------------------------------------------- the sitter in a golden deal


def golden_four(**deal):
    # four players, Dan deals and sits out; the talon AH 10H KS is worth 11 + 10 + 4 = 25 (sitter: talon points)
    return {"players": ["Ann", "Bob", "Cid", "Dan"], "dealer": "Dan", "variant": "four-player",
            "options": {"golden_round": True},
            "deal": {"declarer": "Ann", "contract": 120, "golden": True, "talon": ["AH", "10H", "KS"], **deal}}


def test_the_sitters_talon_is_doubled_in_a_golden_deal_played_not_conceded():
    # thousand/18.1 doubles every result of a golden deal played (golden_doubling all): the sitter's 25 is 50; a
    # concession is not played, and its scores (9.2) and the sitter's stand as they are
    played = by_id(handle("score", golden_four(points={"Ann": 80, "Bob": 20, "Cid": 20},
                                               tricks_taken={"Ann": 6, "Bob": 1, "Cid": 1})))
    assert (played["Dan"]["hand_score"], played["Bob"]["hand_score"]) == (50, 40)
    conceded = by_id(handle("score", golden_four(conceded=True)))
    assert (conceded["Dan"]["hand_score"], conceded["Bob"]["hand_score"]) == (25, 60)
