"""POST /v1/games/{game}/rules: the rulebook under a table's own option values (the envelope alone), as the page's
«Правила нашего стола» prints it.  GET /v1/games/{game}/rules stays the rulebook under the variant's own values."""
from __future__ import annotations

import pytest


def rules(answer):
    return {r["id"]: r for r in answer["rules"]}


def test_without_options_it_is_the_rulebook_the_get_gives(client):
    got = client.get("/v1/games/thousand/rules?variant=russian-classic").get_json()
    posted = client.post("/v1/games/thousand/rules", json={"variant": "russian-classic"}).get_json()
    assert posted.pop("options")["barrel_threshold"] == 880
    assert posted == got


def test_a_house_rule_changes_the_rule_it_governs_and_only_that(client):
    # russian-classic: a player following suit may play any card of it (11.4); with must_beat on, the card must beat
    # the highest of the led suit in the trick if it can (the clause of 11.4 under must_beat)
    plain = rules(client.post("/v1/games/thousand/rules", json={}).get_json())
    r = client.post("/v1/games/thousand/rules", json={"options": {"must_beat": True}})
    assert r.status_code == 200
    beat = r.get_json()
    assert beat["options"]["must_beat"] is True
    assert plain["thousand/11.4"]["text"] == "A player following suit may play any card of that suit."
    changed = [k for k, v in rules(beat).items() if v["text"] != plain[k]["text"]]
    assert changed == ["thousand/11.4"]
    assert rules(beat)["thousand/11.4"]["text"].startswith("A player following suit must beat the highest card")


def test_the_barrel_threshold_is_written_into_every_rule_that_names_it(client):
    # the barrel at 900 instead of 880: 7.8 (bidding on the barrel), 14.1, 14.3 and 14.4 all name the threshold
    answer = client.post("/v1/games/thousand/rules", json={"options": {"barrel_threshold": 900}},
                         headers={"Accept-Language": "ru"})
    assert answer.headers["Content-Language"] == "ru"
    texts = {k: v["text"] for k, v in rules(answer.get_json()).items()}
    for rule in ("thousand/7.8", "thousand/14.1", "thousand/14.3", "thousand/14.4"):
        assert "900" in texts[rule] and "880" not in texts[rule], rule


@pytest.mark.parametrize(("body", "pointer"), [
    ({"options": {"dump_555": "sometimes"}}, "/options/dump_555"),
    ({"options": None}, "/options"),
    ({"variant": 7}, "/variant"),
    ({"deal": {}}, "/deal"),
])
def test_an_envelope_it_cannot_take_is_a_422_at_the_field(client, body, pointer):
    r = client.post("/v1/games/thousand/rules", json=body)
    assert r.status_code == 422, r.get_data(as_text=True)
    assert [e["pointer"] for e in r.get_json()["errors"]] == [pointer]


def test_an_unknown_variant_is_a_404_at_the_variant(client):
    r = client.post("/v1/games/canasta/rules", json={"variant": "nope"})
    assert r.status_code == 404


# ------------------------------------------------------------------ one rule: POST /v1/games/{game}/rules/{rule}

def test_one_rule_without_options_is_the_rule_the_get_gives(client):
    got = client.get("/v1/games/thousand/rules/9.4?variant=russian-classic").get_json()
    posted = client.post("/v1/games/thousand/rules/9.4", json={"variant": "russian-classic"}).get_json()
    assert posted == got and got["options"]["rospis_on_barrel"] == "allowed"


@pytest.mark.parametrize(("rule", "lang"), [("9.4", "ru"), ("9.4", "en")])
def test_one_rule_shows_the_clause_the_tables_option_picks(client, rule, lang):
    # thousand/9.4 under russian-classic: concessions are allowed whoever is on the barrel; a table with
    # rospis_on_barrel = not_by_barrel_player forbids the player on the barrel to concede (its clause); the
    # options that govern the rule are given with the table's values
    r = client.post(f"/v1/games/thousand/rules/{rule}", json={"variant": "russian-classic",
                    "options": {"rospis_on_barrel": "not_by_barrel_player"}}, headers={"Accept-Language": lang})
    assert r.status_code == 200
    a = r.get_json()
    assert a["id"] == "thousand/9.4" and a["options"]["rospis_on_barrel"] == "not_by_barrel_player"
    assert a["text"] == {
        "ru": "Расписывать можно сколько угодно раз. Заказчик, сидящий на бочке, расписать не может.",
        "en": "A player may concede any number of times. A declarer on the barrel may not concede."}[lang]
    assert {s["id"] for s in a["sources"]} == {s["source"] for s in a["source"]}


def test_one_rule_the_rulebook_lacks_is_a_404_and_a_bad_option_a_422(client):
    assert client.post("/v1/games/thousand/rules/99.9", json={}).status_code == 404
    r = client.post("/v1/games/thousand/rules/9.4", json={"options": {"rospis_on_barrel": "never"}})
    assert r.status_code == 422
    assert [e["pointer"] for e in r.get_json()["errors"]] == ["/options/rospis_on_barrel"]
