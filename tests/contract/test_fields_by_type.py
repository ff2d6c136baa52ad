"""Each type of action and log event has its own schema (Thousand, Canasta and Pinochle): a field that belongs to
another type is refused at the field, in the players' words ("not part of a bid"), in English and Russian; the result
of loading holds the same fields and values, in the same order, as the one schema of every type gives (a dict, or the
type's typed record)."""
from __future__ import annotations

import copy
import dataclasses
import pathlib

import pytest
import yaml

from schemas import canasta, pinochle, thousand
from schemas.bytype import ByType
from schemas.common import Strict
from schemas.fast import Fallback

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))["components"]["examples"]


def body(name: str) -> dict:
    return copy.deepcopy(EXAMPLES[name]["value"])


def errors(client, game, endpoint, request, lang="en"):
    r = client.post(f"/v1/games/{game}/{endpoint}", json=request, headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_json()
    return r.get_json()["errors"]


def test_the_examples_are_answered(client):
    # the bodies the faults below are made from are sound as they stand
    for game, endpoint, name in (("thousand", "check", "ThousandCheckRequestBid"),
                                 ("thousand", "validate", "ThousandValidateRequestValid"),
                                 ("canasta", "check", "CanastaCheckRequestFrozenPile"),
                                 ("canasta", "validate", "CanastaValidateRequestConcealed"),
                                 ("pinochle", "check", "PinochleCheckRequestBid"),
                                 ("pinochle", "check", "PinochleCheckRequestPlayOff"),
                                 ("pinochle", "check", "PinochleCheckRequestMeld"),
                                 ("pinochle", "check", "PinochleCheckRequestDeclareOut"),
                                 ("pinochle", "check", "PinochleCheckRequestCountMeld"),
                                 ("pinochle", "validate", "PinochleValidateRequestTwoHanded"),
                                 ("pinochle", "validate", "PinochleValidateRequestConceded")):
        assert client.post(f"/v1/games/{game}/{endpoint}", json=body(name)).status_code == 200, name


def test_a_card_sent_with_a_bid_is_not_part_of_a_bid(client):
    request = body("ThousandCheckRequestBid")
    assert request["action"]["type"] == "bid"
    request["action"]["card"] = "KH"
    assert errors(client, "thousand", "check", request) == [{"pointer": "/action/card", "detail": "not part of a bid"}]
    assert errors(client, "thousand", "check", request, "ru") == [
        {"pointer": "/action/card", "detail": "не относится к заявке"}]


def test_a_field_of_no_type_at_all_is_refused_by_the_type_too(client):
    request = body("ThousandCheckRequestBid")
    request["action"]["colour"] = "red"
    assert errors(client, "thousand", "check", request) == [
        {"pointer": "/action/colour", "detail": "not part of a bid"}]


def test_the_fields_of_the_type_are_taken(client):
    # a bid's own fields, blind included, are read as before (the bid is then judged: 200)
    request = body("ThousandCheckRequestBid")
    request["action"]["blind"] = False
    assert client.post("/v1/games/thousand/check", json=request).status_code == 200


def test_an_unknown_type_is_refused_as_before(client):
    request = body("ThousandCheckRequestBid")
    request["action"]["type"] = "double"
    request["action"]["card"] = "KH"
    found = errors(client, "thousand", "check", request)
    assert found[0]["pointer"] == "/action/type" and found[0]["detail"].startswith("must be one of: bid, pass")
    assert {"pointer": "/action/card", "detail": "not part of a bid"} not in found


def test_log_events_each_by_their_type(client):
    request = body("ThousandValidateRequestValid")
    assert [e["type"] for e in request["log"][:2]] == ["deal", "pass"]
    request["log"][0]["player"] = request["log"][0]["dealer"]       # a deal names its dealer, not a player
    request["log"][1]["amount"] = 100
    assert errors(client, "thousand", "validate", request) == [
        {"pointer": "/log/0/player", "detail": "not part of a deal"},
        {"pointer": "/log/1/amount", "detail": "not part of a pass"}]
    assert [e["detail"] for e in errors(client, "thousand", "validate", request, "ru")] == [
        "не относится к сдаче", "не относится к пасу"]


def test_canasta_actions_and_events_by_their_type(client):
    request = body("CanastaCheckRequestFrozenPile")
    assert request["action"]["type"] == "take_pile"
    request["action"]["answer"] = "yes"
    assert errors(client, "canasta", "check", request) == [
        {"pointer": "/action/answer", "detail": "not part of taking the pile"}]
    assert errors(client, "canasta", "check", request, "ru") == [
        {"pointer": "/action/answer", "detail": "не относится к взятию сброса"}]
    log = body("CanastaValidateRequestConcealed")
    assert log["log"][4]["type"] == "discard"
    log["log"][4]["cards"] = [log["log"][4]["card"]]
    assert errors(client, "canasta", "validate", log) == [
        {"pointer": "/log/4/cards", "detail": "not part of a discard"}]


def test_pinochle_a_card_sent_with_a_bid_is_not_part_of_a_bid(client):
    request = body("PinochleCheckRequestBid")
    assert request["action"]["type"] == "bid"
    request["action"]["card"] = "AS"
    assert errors(client, "pinochle", "check", request) == [{"pointer": "/action/card", "detail": "not part of a bid"}]
    assert errors(client, "pinochle", "check", request, "ru") == [
        {"pointer": "/action/card", "detail": "не относится к заявке"}]


def test_pinochle_an_amount_sent_with_a_play_is_not_part_of_playing_a_card(client):
    # answered 200 before, the amount ignored
    request = body("PinochleCheckRequestPlayOff")
    assert request["action"]["type"] == "play"
    request["action"]["amount"] = 250
    assert errors(client, "pinochle", "check", request) == [
        {"pointer": "/action/amount", "detail": "not part of playing a card"}]
    assert errors(client, "pinochle", "check", request, "ru") == [
        {"pointer": "/action/amount", "detail": "не относится к ходу картой"}]


@pytest.mark.parametrize("kind, field, value, en, ru", [
    # a dix is the trump nine: it names no cards, and its exchange is taken (below)
    ("dix", "cards", ["9H"], "not part of the dix", "не относится к диксу"),
    ("meld", "card", "QS", "not part of declaring a meld", "не относится к объявлению комбинации"),
    ("draw", "cards", ["QS"], "not part of a draw", "не относится к взятию карты из колоды"),
    ("pass", "amount", 100, "not part of a pass", "не относится к пасу"),
])
def test_pinochle_actions_each_by_their_type(client, kind, field, value, en, ru):
    request = body("PinochleCheckRequestMeld")
    request["action"] = {"type": kind, "player": request["action"]["player"], field: value}
    assert errors(client, "pinochle", "check", request) == [{"pointer": f"/action/{field}", "detail": en}]
    assert errors(client, "pinochle", "check", request, "ru") == [{"pointer": f"/action/{field}", "detail": ru}]


def test_pinochle_actions_judged_on_the_position_take_no_card(client):
    declare = body("PinochleCheckRequestDeclareOut")
    declare["action"]["card"] = "AS"
    assert errors(client, "pinochle", "check", declare) == [
        {"pointer": "/action/card", "detail": "not part of declaring out"}]
    assert errors(client, "pinochle", "check", declare, "ru") == [
        {"pointer": "/action/card", "detail": "не относится к объявлению выхода"}]
    count = body("PinochleCheckRequestCountMeld")
    count["action"]["cards"] = count["position"]["hand"][:4]
    assert errors(client, "pinochle", "check", count) == [
        {"pointer": "/action/cards", "detail": "not part of counting the meld"}]
    assert errors(client, "pinochle", "check", count, "ru") == [
        {"pointer": "/action/cards", "detail": "не относится к подсчёту комбинаций"}]


def test_pinochle_the_fields_of_the_type_are_taken(client):
    # a meld's exchange and a dix's exchange are read as before: the answers are rulings (200), not refusals
    meld = body("PinochleCheckRequestMeld")
    meld["action"]["exchange"] = False
    assert client.post("/v1/games/pinochle/check", json=meld).status_code == 200
    dix = body("PinochleCheckRequestMeld")
    dix["action"] = {"type": "dix", "player": dix["action"]["player"], "exchange": True}
    assert client.post("/v1/games/pinochle/check", json=dix).status_code == 200


def test_pinochle_three_hand_log_events_each_by_their_type(client):
    request = body("PinochleValidateRequestConceded")
    assert [e["type"] for e in request["log"]] == [
        "deal", "bid", "pass", "pass", "trump", "widow", "bury", "concede"]
    request["log"][0]["player"] = request["log"][0]["dealer"]       # a deal names its dealer, not a player
    request["log"][4]["cards"] = request["log"][6]["cards"]         # the cards buried, sent with naming trump
    request["log"][5]["widow"] = request["log"][0]["widow"]         # the widow's cards, sent with taking it
    request["log"][6]["suit"] = request["log"][4]["suit"]
    request["log"][7]["amount"] = request["log"][1]["amount"]
    assert errors(client, "pinochle", "validate", request) == [
        {"pointer": "/log/0/player", "detail": "not part of a deal"},
        {"pointer": "/log/4/cards", "detail": "not part of naming trump"},
        {"pointer": "/log/5/widow", "detail": "not part of taking the widow"},
        {"pointer": "/log/6/suit", "detail": "not part of burying cards"},
        {"pointer": "/log/7/amount", "detail": "not part of conceding the bid"}]
    assert [e["detail"] for e in errors(client, "pinochle", "validate", request, "ru")] == [
        "не относится к сдаче", "не относится к назначению козыря", "не относится к взятию прикупа",
        "не относится к сносу", "не относится к отказу от заявки"]


def test_pinochle_two_handed_log_events_each_by_their_type(client):
    request = body("PinochleValidateRequestTwoHanded")
    assert [e["type"] for e in request["log"][:5]] == ["deal", "play", "play", "meld", "draw"]
    request["log"][1]["exchange"] = False
    request["log"][3]["card"] = request["log"][3]["cards"][0]
    request["log"][4]["amount"] = 100
    assert errors(client, "pinochle", "validate", request) == [
        {"pointer": "/log/1/exchange", "detail": "not part of playing a card"},
        {"pointer": "/log/3/card", "detail": "not part of declaring a meld"},
        {"pointer": "/log/4/amount", "detail": "not part of a draw"}]
    assert [e["detail"] for e in errors(client, "pinochle", "validate", request, "ru")] == [
        "не относится к ходу картой", "не относится к объявлению комбинации", "не относится к взятию карты из колоды"]


UNIONS = [thousand.Action, thousand.Event, canasta.Action, canasta.Event, pinochle.Action, pinochle.Event]


def _items():
    """Every action and event of the examples, with its union schema."""
    for name, example in EXAMPLES.items():
        value = example.get("value")
        game = next((m for m in (thousand, canasta, pinochle)
                     if name.startswith(m.__name__.split(".")[1].capitalize())), None)
        if not isinstance(value, dict) or game is None or "Request" not in name:
            continue
        for item in [value.get("action")] + list(value.get("log") or []):
            if isinstance(item, dict) and "type" in item:
                for union in UNIONS:
                    if union.__module__ == game.__name__ and item["type"] in union.TYPES \
                            and (union.__name__ == "Event") == ("action" not in value):
                        yield union, item


@pytest.mark.parametrize("union", UNIONS, ids=lambda u: f"{u.__module__}.{u.__name__}")
def test_each_type_loads_what_the_union_loads(union):
    # the same dict, keys in the same order, by the type's schema (fast or not) as by the union of every type
    items = [item for u, item in _items() if u is union]
    assert items, union
    schema = union()
    for item in items:
        whole = Strict.load(schema, item)           # the union, as every type was read before
        one = schema.TYPES[item["type"]]()
        model = type(one).MODEL                     # the type's record, made of those fields (None: the dict)
        want = model(**whole) if model is not None and not dataclasses.is_dataclass(whole) else whole
        assert _items_of(schema.load(item)) == _items_of(want)
        assert _items_of(one.fast_loader()(item)) == _items_of(want)
        made = super(Strict, one).load(item)
        assert _items_of(model(**made) if model is not None else made) == _items_of(want)


def _items_of(loaded):
    """A loaded dict's items in order, or a typed record's fields in order."""
    if dataclasses.is_dataclass(loaded):
        return [(f.name, getattr(loaded, f.name)) for f in dataclasses.fields(loaded)]
    return list(loaded.items())


def test_the_fast_path_never_vouches_for_a_field_of_another_type():
    fast = thousand.Action().fast_loader()
    loaded = _items_of(fast({"type": "bid", "player": "Anna", "amount": 100}))
    assert [(k, v) for k, v in loaded if v is not None] == [("type", "bid"), ("player", "Anna"), ("amount", 100)]
    for wrong in ({"type": "bid", "player": "Anna", "card": "KH"}, {"type": "nope", "player": "Anna"},
                  {"player": "Anna"}, ["bid"]):
        with pytest.raises(Fallback):
            fast(wrong)


def test_every_type_has_its_schema_and_refusal():
    for union in UNIONS:
        assert issubclass(union, ByType)
        choices = union._declared_fields["type"].validators[0].choices
        assert list(union.TYPES) == list(choices)
        for kind, schema in union.TYPES.items():
            assert schema().error_messages["unknown"] != Strict().error_messages["unknown"], kind
            assert set(schema._declared_fields) <= set(union._declared_fields), kind
