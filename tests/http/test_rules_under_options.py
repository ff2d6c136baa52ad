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
