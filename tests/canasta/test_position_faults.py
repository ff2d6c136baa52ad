"""Canasta: faults of a request's shape that the request schema refuses at their own place, before the position
builder reads the body — a red three that is not one (laid out, held before play, or in a finished deal), an
irregularity of no known type — each with its pointer and its words in English and Russian, and the same answer
from the sparse loader as from marshmallow."""
import copy

import pytest

from referee import service
from referee.schemas.canasta import IRREGULARITY_TYPES
from referee.schemas.fast import Fallback
from tests.canasta_helpers import ELEVEN, S4, full_deal


def post(client, endpoint, body, lang):
    r = client.post(f"/v1/games/canasta/{endpoint}", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_data(as_text=True)
    return r.get_json()["errors"]


def check_body(**position):
    """North to draw: his eleven cards, a pile of four under a 6S (4 + 11 cards of 108 in view), plus ``position``."""
    return {"sides": S4, "position": {"hand": ELEVEN, "pile": {"top": "6S", "size": 4}, **position},
            "action": {"type": "draw", "player": "North"}}


# the card that is not a red three, at its place: the second of NS's two (3H is one, 4D is not)
@pytest.mark.parametrize("lang,words", [("en", "4D is not a red three"), ("ru", "4♦ — не красная тройка")])
def test_a_laid_out_red_three_that_is_not_one(client, lang, words):
    errors = post(client, "check", check_body(red_threes={"NS": ["3H", "4D"]}), lang)
    assert errors == [{"pointer": "/position/red_threes/NS/1", "detail": words}]


# a black three is a three but not a red one: one step past the red threes (3H, 3D)
@pytest.mark.parametrize("lang,words", [("en", "3S is not a red three"), ("ru", "3♠ — не красная тройка")])
def test_a_black_three_among_the_red_threes(client, lang, words):
    errors = post(client, "check", check_body(red_threes={"EW": ["3S"]}), lang)
    assert errors == [{"pointer": "/position/red_threes/EW/0", "detail": words}]


def test_both_red_threes_pass_the_schema(client):
    # 3H and 3D (one of each, 2 of the 8 in the two packs): the position loads and is judged
    r = client.post("/v1/games/canasta/check", json=check_body(red_threes={"NS": ["3H", "3D"]}))
    assert r.status_code == 200, r.get_data(as_text=True)


@pytest.mark.parametrize("lang,words", [("en", "KS is not a red three"), ("ru", "К♠ — не красная тройка")])
def test_a_held_red_three_that_is_not_one(client, lang, words):
    # before play begins East still holds a dealt 3D and, he says, a KS: the KS is refused at its place
    errors = post(client, "check", check_body(red_threes_held={"East": ["3D", "KS"]}), lang)
    assert errors == [{"pointer": "/position/red_threes_held/East/1", "detail": words}]


def test_an_empty_list_of_held_red_threes_is_refused_by_the_builder(client):
    errors = post(client, "check", check_body(red_threes_held={"East": []}), "en")
    assert errors == [{"pointer": "/position/red_threes_held/East",
                       "detail": "the red threes still held are red threes only"}]


@pytest.mark.parametrize("lang,words", [("en", "JK is not a red three"), ("ru", "Дж — не красная тройка")])
def test_a_finished_deals_red_three_that_is_not_one(client, lang, words):
    deal = full_deal()
    deal["sides"][1]["red_threes"] = ["JK"]              # EW's 3H replaced by a joker
    errors = post(client, "score", {"sides": S4, "deal": deal}, lang)
    assert errors == [{"pointer": "/deal/sides/1/red_threes/0", "detail": words}]


TYPES = ", ".join(IRREGULARITY_TYPES)


@pytest.mark.parametrize("lang,words", [("en", f"type is one of {TYPES}"), ("ru", f"вид — один из: {TYPES}")])
def test_an_irregularity_of_no_known_type(client, lang, words):
    deal = {**full_deal(), "irregularities": [{"type": "reneged", "side": "EW"}]}
    errors = post(client, "score", {"sides": S4, "deal": deal}, lang)
    assert errors == [{"pointer": "/deal/irregularities/0/type", "detail": words}]


def test_an_empty_irregularity_type_is_told_its_length_only(client):
    deal = {**full_deal(), "irregularities": [{"type": "", "side": "EW"}]}
    errors = post(client, "score", {"sides": S4, "deal": deal}, "en")
    assert errors == [{"pointer": "/deal/irregularities/0/type", "detail": "length must be between 1 and 64"}]


def test_the_schemas_types_are_the_engines():
    from referee.canasta.parse import PENALTIES
    assert list(PENALTIES) == IRREGULARITY_TYPES


@pytest.mark.parametrize("reds,fast", [(["3H", "3D"], True), (["3H", "4D"], False)])
def test_the_sparse_loader_reads_red_threes_as_marshmallow_does(reds, fast):
    schema = service._SCHEMAS[("canasta", "check")]
    body = check_body(red_threes={"NS": reds})
    if fast:
        assert schema.fast_loader()(copy.deepcopy(body)) == schema.load(copy.deepcopy(body))
    else:        # a card that is not a red three: marshmallow words it
        with pytest.raises(Fallback):
            schema.fast_loader()(copy.deepcopy(body))
