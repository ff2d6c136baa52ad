"""Pinochle in Russian: every text a player reads (violations, score lines, event notes, 422 details, rule texts,
titles and summaries) follows Accept-Language; Russian card notation is read; card fields stay canonical.

The Pinochle guide's Russian example (docs/pinochle.md) is replayed here with its Accept-Language header
(tests/test_readme.py replays every example of the README and docs/ too)."""
import json
import pathlib
import re

from tests.doc_examples import ROOT, subset

GUIDE = (ROOT / "docs" / "pinochle.md").read_text(encoding="utf-8")

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
TWO = ["Ann", "Bob"]
FOUR = ["Ann", "Bob", "Cid", "Dee"]


def post(client, endpoint, body, lang="ru", status=200):
    r = client.post(f"/v1/games/pinochle/{endpoint}", json=body, headers={"Accept-Language": lang})
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.headers["Content-Language"] == lang
    return r.get_json()


def texts(obj, keys=("message", "item", "note", "detail", "title", "text", "summary", "name", "reason")):
    """Every string under one of ``keys`` anywhere in ``obj``."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in keys and isinstance(v, str):
                yield v
            else:
                yield from texts(v, keys)
    elif isinstance(obj, list):
        for v in obj:
            yield from texts(v, keys)


def all_russian(obj, keys=("message", "item", "note", "detail", "title", "text", "summary", "name", "reason")):
    found = list(texts(obj, keys))
    assert found
    for t in found:
        assert CYRILLIC.search(t), t


def test_the_guide_russian_example_is_real(client):
    m = re.search(r"```sh\n(curl [^`]*?Accept-Language: ru[^`]*?/pinochle/[^`]*?|curl [^`]*?/pinochle/[^`]*?"
                  r"Accept-Language: ru[^`]*?)\n```\s*\n[^\n]*\n\s*```json\n(.*?)\n```", GUIDE, re.S)
    assert m, "docs/pinochle.md has a Russian Pinochle example"
    cmd, shown = m.groups()
    path = re.search(r"http://127\.0\.0\.1:8000([^\s']*)", cmd).group(1)
    body = re.search(r"-d '(.*)'\s*$", cmd, re.S).group(1)
    r = client.post(path, data=body, headers={"Content-Type": "application/json", "Accept-Language": "ru"})
    assert r.headers["Content-Language"] == "ru"
    subset(json.loads(shown), r.get_json())


def test_a_two_handed_score_in_russian(client):
    body = json.loads((pathlib.Path(__file__).resolve().parents[2] / "examples" / "pinochle"
                       / "two-handed-score.json").read_text())
    body.pop("game")
    ans = post(client, "score", body)
    ann = ans["players"][0]
    # Ann melded diamonds (20) and took 74 card points, rounded down to 70 (the English lines of docs/pinochle.md)
    assert [x["item"] for x in ann["lines"]] == ["марьяж ♦ (класс A)", "очки за карты: 74, округлено до 70"]
    assert ans["players"][1]["lines"][1]["item"] == "очки за карты: 176, из них 10 за последнюю взятку; округлено до 170"
    assert ans["events"] == [{"rule": "pinochle/6.3", "note": "партия продолжается"}]
    all_russian(ans)
    assert {c["title"] for c in ans["citations"]} == {"Очки за карты", "Комбинации и их классы",
                                                      "Округление очков за карты", "Партия и цель"}


def test_a_meld_count_names_the_melds_in_russian(client):
    # M1 under spades: flush 150 + marriage in diamonds 20 + double pinochle 300 = 470
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee",
            "position": {"phase": "count", "trump": "п",
                         "hand": "Вб Дб Кб Тб 10б Вб Дп Дп Кп Тп 10п Вп".split()},
            "action": {"type": "count_meld", "player": "Ann"}}
    eff = post(client, "check", body)["effects"]
    assert [(m["meld"], m["name"], m["points"]) for m in eff["melds"]] == [
        ("flush", "флеш", 150), ("marriage in diamonds", "марьяж ♦", 20), ("double pinochle", "двойной пинокль", 300)]
    assert eff["total"] == 470


def test_a_void_player_must_trump_in_russian(client):
    # play-off, hearts trump: Bob leads K♠, Ann has no spade but a trump, and throws Q♣
    body = {"players": TWO, "dealer": "Ann",
            "position": {"phase": "play", "trump": "H", "tricks_done": 14,
                         "hand": "10H QC 9D JD KD QD JC 9C KC AD".split(), "trick": {"leader": "Bob", "cards": ["KS"]}},
            "action": {"type": "play", "player": "Ann", "card": "Дк"}}
    ans = post(client, "check", body)
    assert ans["violations"] == [{"rule": "pinochle/5.3", "message": "Ann: нет ♠, нужно козырять",
                                  "pointer": "/action/card"}]
    assert ans["legal_actions"] == [{"type": "play", "player": "Ann", "card": "10H"}]


def test_a_422_detail_in_russian(client):
    body = {"players": TWO, "dealer": "Bob", "deal": {"trump": "H", "points": {"Ann": 100, "Bob": 100},
                                                      "tricks_taken": {"Ann": 12, "Bob": 12}, "last_trick": "Ann"}}
    err = post(client, "score", body, status=422)["errors"][0]
    assert err["pointer"] == "/deal/points"
    assert err["detail"].startswith("очки за карты во взятках в сумме 240")


def test_a_log_violation_in_russian(client):
    body = json.loads((pathlib.Path(__file__).resolve().parents[2] / "examples" / "pinochle"
                       / "two-handed-game.json").read_text())
    body.pop("game")
    body["log"] = body["log"][:1] + [{"type": "play", "player": "Ann", "card": "9H"}]   # Ann deals: Bob leads
    ans = post(client, "validate", body)
    assert ans["first_violation"]["message"] == "сейчас ходит Bob, а не Ann"


def test_variants_and_options_in_russian(client):
    r = client.get("/v1/games/pinochle/variants/partnership", headers={"Accept-Language": "ru"})
    v = r.get_json()
    assert v["title"] == "Пинокль парами с торговлей (четверо)"
    all_russian(v, keys=("title", "summary"))   # every option's summary too
    games = client.get("/v1/games", headers={"Accept-Language": "ru"}).get_json()["games"]
    pin = next(g for g in games if g["id"] == "pinochle")
    assert pin["title"] == "Пинокль" and all(CYRILLIC.search(x["summary"]) for x in pin["variants"])


def test_the_rulebook_in_russian_cites_the_bibliography(client):
    book = client.get("/v1/games/pinochle/rules?variant=two-handed", headers={"Accept-Language": "ru"}).get_json()
    ids = {s["id"] for s in book["sources"]}
    assert "ru-1000-rules-page" in ids
    ru = next(s for s in book["sources"] if s["id"] == "ru-1000-rules-page")
    assert ru["title"].startswith("Правила игры в карты 1000 на троих") and ru["language"] == "ru"
    for rule in book["rules"]:
        assert CYRILLIC.search(rule["title"]) and CYRILLIC.search(rule["text"]), rule["id"]
        assert all(s["source"] in ids for s in rule["source"])
    # the two-handed rulebook leaves out the auction forms' rules
    assert not [r["id"] for r in book["rules"] if r["id"].startswith(("pinochle/7.", "pinochle/8."))]
    assert "pinochle/4.10" not in {r["id"] for r in book["rules"]}
