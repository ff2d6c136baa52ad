"""Which fault a Canasta body with several is told first: the sides themselves (a side named twice, a side left out,
a name that is no side) before anything of a side's own, and a pile's top card against its size in plain words.
Found by a new user's probe of the score sheet and of check (docs/canasta.md's examples, one thing changed)."""
import pytest

SIDES = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


def sheet(*deal_sides):
    return {"sides": SIDES, "dealer": "North", "state": {"scores": {"NS": 1200, "EW": 900}},
            "deals": [{"sides": list(deal_sides)}]}


# NS by counts: 1 natural + 1 mixed canasta, 2 red threes, 220 in melds; 5 left in hand is short of the 10 two
# players holding cards carry at least (a fault of the side's own), and the second side is named NS again
NS_SHORT = {"id": "NS", "counts": {"natural_canastas": 1, "mixed_canastas": 1, "red_threes": 2, "meld_points": 220,
                                   "hand_points": 5}}
EW_OUT = {"id": "EW", "counts": {"mixed_canastas": 1, "meld_points": 150, "hand_points": 5}, "went_out": True}


@pytest.mark.parametrize("lang,detail", [("en", "'NS' is not one of the sides (or is given twice)"),
                                         ("ru", "'NS' — не из числа сторон (или указана дважды)")])
def test_a_side_named_twice_is_told_before_its_counts(client, lang, detail):
    r = client.post("/v1/games/canasta/scoresheet", json=sheet(NS_SHORT, {**EW_OUT, "id": "NS"}),
                    headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [("/deals/0/sides/1/id", detail)]


@pytest.mark.parametrize("lang,detail", [("en", "give every side's cards (missing: EW)"),
                                         ("ru", "укажите карты каждой стороны (нет: EW)")])
def test_a_side_left_out_is_told_before_the_others_counts(client, lang, detail):
    r = client.post("/v1/games/canasta/scoresheet", json=sheet(NS_SHORT), headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [("/deals/0/sides", detail)]


def test_with_both_sides_named_once_the_counts_are_judged(client):
    # the same NS with 10 left in hand (two players holding cards, 5 each at least): taken; EW went out
    ns = {**NS_SHORT, "counts": {**NS_SHORT["counts"], "hand_points": 10}}
    assert client.post("/v1/games/canasta/scoresheet", json=sheet(ns, EW_OUT)).status_code == 200
    r = client.post("/v1/games/canasta/scoresheet", json=sheet(NS_SHORT, EW_OUT))
    assert [e["pointer"] for e in r.get_json()["errors"]] == ["/deals/0/sides/0/counts/hand_points"]


CHECK = {"sides": SIDES, "state": {"scores": {"NS": 1250, "XX": 2310}},
         "position": {"phase": "draw", "hand": ["9S", "JK", "5C", "6D", "KH", "KC", "QD", "8S", "4H", "7C", "10D"],
                      "melds": {"NS": [["9H", "9D", "9C"]], "EW": [["AH", "AS", "2C"]]},
                      "pile": {"top": "9D", "size": 9, "frozen_by": "wild"}, "stock": 52},
         "action": {"type": "take_pile", "player": "North", "cards": ["9S", "JK"]}}


def test_a_total_under_a_name_that_is_no_side_is_told_with_the_side_it_leaves_out(client):
    r = client.post("/v1/games/canasta/check", json=CHECK, headers={"Accept-Language": "ru"})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [
        ("/state/scores/XX", "'XX' — не из числа сторон (NS, EW)"),
        ("/state/scores/EW", "нет счёта стороны EW: в идущей партии указывают счёт каждой стороны (в новой партии "
                             "— ничей)")]


@pytest.mark.parametrize("pile,pointer,detail", [
    ({"top": "9D", "size": 0}, "/position/pile/size",
     "верхняя карта 9♦ лежит в сбросе, значит, в сбросе хотя бы одна карта, а не 0"),
    ({"size": 9, "frozen_by": "wild"}, "/position/pile/top", "в непустом сбросе есть верхняя карта: укажите её"),
    ({"size": 1}, "/position/pile/top", "в непустом сбросе есть верхняя карта: укажите её"),
])
def test_a_pile_s_top_card_against_its_size(client, pile, pointer, detail):
    body = {**CHECK, "state": {"scores": {"NS": 1250, "EW": 2310}}, "position": {**CHECK["position"], "pile": pile}}
    r = client.post("/v1/games/canasta/check", json=body, headers={"Accept-Language": "ru"})
    assert r.status_code == 422
    assert [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]] == [(pointer, detail)]
    # one card (the top) is the least a pile with a top holds: taken
    body["position"]["pile"] = {"top": "9D", "size": 1}
    assert client.post("/v1/games/canasta/check", json=body).status_code == 200
