"""The page for the table and the API reference, without a browser: the routes, their headers and policies, the
page's language, the texts and forms the script is given, the deck the API lists, and the spec served as YAML and
JSON.  (tests/test_page_browser.py uses the page in Chromium.)"""
from __future__ import annotations

import json
import pathlib
import re

import pytest
import yaml

from referee import registry, service, web
from referee.cards import Card
from referee.errors import InputError, UnknownVariant
from referee.web import forms

ROOT = pathlib.Path(__file__).resolve().parent.parent
CYRILLIC = re.compile("[А-Яа-яЁё]")


def page_config(html: str) -> dict:
    m = re.search(r'<script type="application/json" id="config">(.*?)</script>', html, re.S)
    return json.loads(m.group(1))


# ------------------------------------------------------------------ the page and its policy

def test_the_page_is_served_with_its_own_policy(client):
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html"
    csp = r.headers["Content-Security-Policy"]
    assert csp == web.PAGE_CSP
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    # self only: no inline script or style, no other origin, no frames
    assert directives["default-src"] == "'none'" and directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'" and directives["connect-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in csp and "http" not in csp
    assert r.headers["X-Frame-Options"] == "DENY" and r.headers["X-Content-Type-Options"] == "nosniff"
    html = r.get_data(as_text=True)
    assert "<script>" not in html and " style=" not in html and "onclick" not in html
    # every script and style is the app's own
    for src in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert src.startswith("/") or src.startswith("?") or src.startswith("#"), src


def test_the_game_sheet_is_a_page_of_its_own_origin_reached_from_the_first_screen(client):
    # «Партия» (/sheet): the page's policy, no inline script or style, the link to it on the first screen
    r = client.get("/sheet")
    assert r.status_code == 200 and r.headers["Content-Security-Policy"] == web.PAGE_CSP
    html = r.get_data(as_text=True)
    assert "<script>" not in html and " style=" not in html and "onclick" not in html
    assert all(src.startswith(("/", "?", "#")) for src in re.findall(r'(?:src|href)="([^"]+)"', html))
    assert re.search(r'<script src="/assets/sheet\.js\?v=[0-9a-f]{12}" defer>', html)     # fingerprinted
    assert 'id="sheet-link" class="button-link" href="/sheet"' in client.get("/").get_data(as_text=True)
    assert 'href="/sheet?lang=ru"' in client.get("/?lang=ru").get_data(as_text=True)


def test_the_game_sheet_is_given_every_text_in_the_pages_language(client):
    en = page_config(client.get("/sheet?lang=en").get_data(as_text=True))
    ru = page_config(client.get("/sheet", headers={"Accept-Language": "ru"}).get_data(as_text=True))
    assert en["lang"] == "en" and ru["lang"] == "ru"
    assert set(en["texts"]) == set(web.SHEET_TEXTS) == set(ru["texts"])
    for key, text in ru["texts"].items():
        assert CYRILLIC.search(text) and text != en["texts"][key], key
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", en["texts"][key])), key
        # no field, option or rule name in a sentence a player reads
        assert not re.search(r"[a-z]+_[a-z]+|thousand/|canasta/|pinochle/", text), key
    # the players' words
    assert [ru["texts"][k] for k in ("made", "failed", "conceded", "deal_n")] == \
        ["Сыгран", "Не сыгран", "Роспись", "Сдача {n}"]
    html = client.get("/sheet?lang=ru").get_data(as_text=True)
    assert "<h1>Партия</h1>" in html
    # a Canasta side's counts: every key a variant scores has its label, in Russian too
    assert all(CYRILLIC.search(t) for t in ru["counts"].values()) and set(ru["counts"]) == set(web.COUNT_LABELS)
    assert {k for keys in ru["canasta_keys"].values() for k in keys} <= set(ru["counts"])
    assert ru["canasta_keys"]["classic"] == ["natural_canastas", "mixed_canastas", "red_threes", "meld_points",
                                             "hand_points"]
    # samba scores sequences; Mexicana sevens; the graded-wild variant its mixed canastas by their wild cards
    assert "sequence_canastas" in ru["canasta_keys"]["samba"] and "sevens_canastas" in ru["canasta_keys"]["mexicana"]
    assert "mixed_canastas" not in ru["canasta_keys"]["graded-wild"]


def test_api_answers_keep_the_strict_policy(client):
    for path in ("/v1/games", "/healthz", "/openapi.yaml", "/openapi.json", "/assets/page.js",
                 "/docs/swagger-ui/swagger-ui-bundle.js"):
        r = client.raw().get(path)
        assert r.status_code == 200, path
        assert r.headers["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'", path


def test_the_page_follows_the_browser_and_the_switch(client):
    assert client.get("/").headers["Content-Language"] == "en"
    r = client.get("/", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"})
    assert r.headers["Content-Language"] == "ru" and "Accept-Language" in r.headers["Vary"]
    html = r.get_data(as_text=True)
    assert '<html lang="ru">' in html and "Спросить судью" in html
    r = client.get("/?lang=en", headers={"Accept-Language": "ru"})          # the switch wins
    assert r.headers["Content-Language"] == "en" and '<html lang="en">' in r.get_data(as_text=True)
    r = client.get("/?lang=ru")
    assert r.headers["Content-Language"] == "ru"
    # a language without a catalog, or junk, is ignored rather than refused; so is a query the page does not take
    # (messengers add their own)
    for q in ("?lang=de", "?lang=", "?lang=ru&lang=en", "?fbclid=abc"):
        r = client.get("/" + q, headers={"Accept-Language": "en"})
        assert r.status_code == 200, q


def test_the_script_is_given_every_text_in_the_pages_language(client):
    en = page_config(client.get("/?lang=en").get_data(as_text=True))
    ru = page_config(client.get("/?lang=ru").get_data(as_text=True))
    assert en["lang"] == "en" and ru["lang"] == "ru"
    assert set(en["texts"]) == set(web.TEXTS) == set(ru["texts"])
    for key, text in ru["texts"].items():
        assert CYRILLIC.search(text) and text != en["texts"][key], key
        # the script fills the parameters: they stay as they are, in both languages
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", en["texts"][key])), key
    assert ru["ranks"] == {"A": "Т", "K": "К", "Q": "Д", "J": "В", **{r: r for r in
                           ("10", "9", "8", "7", "6", "5", "4", "3", "2")}, "JK": "Дж"}
    assert en["ranks"]["Q"] == "Q" and ru["suits"]["S"] == "пики" and en["suits"]["S"] == "spades"
    assert [q for q, _ in ru["questions"]] == ["check", "score", "validate"]

    def labels(node):
        if isinstance(node, dict):
            for k in ("label", "help", "add"):
                if node.get(k):
                    yield node[k]
            for c in node.get("choices", []):
                yield c[1]
            for v in node.values():
                yield from labels(v)
        elif isinstance(node, list):
            for v in node:
                yield from labels(v)
    ru_labels = list(labels(ru["forms"]))
    assert len(ru_labels) > 100 and all(CYRILLIC.search(t) for t in ru_labels)
    assert sorted(labels(en["forms"])) == sorted(labels(forms.FORMS))


def test_a_text_with_markup_is_escaped_in_the_page(client, monkeypatch):
    monkeypatch.setitem(web.TEXTS, "loading", "</script><b>x</b>")
    html = client.get("/?lang=en").get_data(as_text=True)
    assert "</script><b>" not in html and page_config(html)["texts"]["loading"] == "</script><b>x</b>"


def test_the_forms_name_fields_of_the_request_shapes():
    """Every field of a form is a path the game's request schema has, with the right shape; every situation's
    fixed values are values the schema takes."""
    from referee.schemas import REQUESTS

    def schema_at(schema, tokens):
        from marshmallow import fields as mf
        node = schema
        for t in tokens:
            if hasattr(node, "_list") and hasattr(node, "_map"):     # a field of two forms (Pinochle's deal.melds)
                node = node._list if (t.isdigit() or t == "*") else node._map
            if isinstance(node, mf.Nested):
                node = node.schema
            if isinstance(node, mf.List):
                assert t.isdigit() or t == "*", tokens
                node = node.inner
                continue
            if isinstance(node, mf.Dict):
                node = node.value_field
                continue
            if isinstance(node, mf.Raw) and not isinstance(node, (mf.Nested, mf.List, mf.Dict)):
                return node          # melds: any list or object, judged by the engine
            assert t in node.fields, (tokens, t)
            node = node.fields[t]
        return node

    def walk(f, prefix, out):
        path = prefix + f["path"]
        out.append((path, f))
        if f["kind"] == "list":
            for sub in f["items"]:
                walk(sub, path + "/0", out)
        if f["kind"] == "map":
            walk({**f["of"], "path": "/x"}, path, out)
    for game, questions in forms.FORMS.items():
        for question, situations in questions.items():
            schema = REQUESTS[game][question]()
            for sit in situations:
                found = []
                for f in sit["fields"]:
                    walk(f, "", found)
                for path, _f in found:
                    tokens = [t for t in path.split("/")[1:] if t]
                    schema_at(schema, [("0" if t == "0" else t) for t in tokens])
                for path, _value in sit.get("fixed", {}).items():
                    schema_at(schema, path.split("/")[1:])
                paths = [p for p, f in found if not f.get("variants")]
                assert len(paths) == len(set(paths)), (game, sit["id"])


# ------------------------------------------------------------------ the deck

@pytest.mark.parametrize("game,variant,options,size,distinct,copies", [
    ("thousand", "russian-classic", {}, 24, 24, {"AS": 1, "9C": 1}),
    ("thousand", "two-player", {}, 24, 24, {"QH": 1}),
    ("pinochle", "two-handed", {}, 48, 24, {"AS": 2, "9C": 2}),
    ("pinochle", "two-handed", {"deck": 64}, 64, 32, {"7C": 2, "8H": 2}),
    ("pinochle", "partnership", {"deck": 48}, 48, 24, {"JD": 2}),
    ("canasta", "classic", {}, 108, 53, {"AS": 2, "3H": 2, "JK": 4}),
    ("canasta", "six-player", {}, 162, 53, {"AS": 3, "JK": 6}),
    ("canasta", "palace", {"packs": 3, "jokers_per_pack": 3}, 165, 53, {"2D": 3, "JK": 9}),
    ("canasta", "palace", {"jokers_per_pack": 3}, 110, 53, {"KS": 2, "JK": 6}),
])
def test_the_deck_the_options_play_with(client, game, variant, options, size, distinct, copies):
    body = {"variant": variant, **({"options": options} if options else {})}
    r = client.post(f"/v1/games/{game}/deck", json=body)
    assert r.status_code == 200, r.get_json()
    ans = r.get_json()
    deck = ans["deck"]
    assert deck["size"] == size and len(deck["cards"]) == distinct
    assert sum(c["copies"] for c in deck["cards"]) == size
    have = {c["card"]: c["copies"] for c in deck["cards"]}
    assert {k: have.get(k) for k in copies} == copies
    assert ans["variant"] == variant and all(ans["options"][k] == v for k, v in options.items())
    if not options:             # the variant's own deck is the one its description lists
        assert client.get(f"/v1/games/{game}/variants/{variant}").get_json()["deck"] == deck


def test_the_deck_lists_suits_in_order_then_the_joker():
    deck = service.variant_info("canasta", "classic")["deck"]["cards"]
    assert [c["card"] for c in deck[:13]] == ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S",
                                              "2S"]
    assert [c["card"][-1] for c in deck[:-1]] == [s for s in "SHDC" for _ in range(13)]
    assert deck[-1] == {"card": "JK", "copies": 4}
    thousand = [c["card"] for c in service.variant_info("thousand", "polish")["deck"]["cards"]]
    assert thousand[:6] == ["AS", "KS", "QS", "JS", "10S", "9S"] and len(set(thousand)) == 24


def test_every_game_gives_its_deck_as_the_engine_plays_it():
    """The listing is the engine's own deck (the deck a card is checked against), for every variant's values."""
    for game in registry.GAMES.values():
        for v in game.variants.values():
            opts = v.resolve({})
            deck = game.deck(opts)
            listed = service.deck_listing(deck)
            assert listed["size"] == deck.size == len(deck.cards())
            for c in listed["cards"]:
                rank, suit = ("JK", "") if c["card"] == "JK" else (c["card"][:-1], c["card"][-1])
                assert deck.max_copies(Card(rank, suit)) == c["copies"] >= 1


@pytest.mark.parametrize("body,pointer", [
    ({"options": {"packs": 5}}, "/options/packs"),
    ({"options": {"packs": 3}}, "/options/red_three_scale"),   # three packs under a two-pack red-three scale
    ({"options": {"no_such": 1}}, "/options/no_such"),
    ({"options": []}, "/options"),
    ({"options": None}, "/options"),      # null is no object of options (the fuzzer's 1,000 cases found it taken)
    ({"variant": 7}, "/variant"),
    ({"players": ["A", "B"]}, "/players"),
    ([], ""),
])
def test_a_deck_request_that_cannot_be_answered_is_a_422_naming_the_field(client, body, pointer):
    r = client.post("/v1/games/canasta/deck", json=body)
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert pointer in [e["pointer"] for e in r.get_json()["errors"]]


def test_a_deck_request_for_an_unknown_variant_or_game_is_a_404(client):
    r = client.post("/v1/games/pinochle/deck", json={"variant": "palace"})
    assert r.status_code == 404 and r.get_json()["errors"][0]["pointer"] == "/variant"
    assert client.post("/v1/games/bridge/deck", json={}).status_code == 404
    with pytest.raises(UnknownVariant):
        service.deck_info("pinochle", {"variant": "palace"})
    with pytest.raises(InputError):
        service.deck_info("thousand", {"options": {"target": "x"}})


def test_the_deck_route_is_transport_checked_like_every_post(client):
    raw = client.raw()
    assert raw.post("/v1/games/thousand/deck", data="{}").status_code == 415
    assert raw.post("/v1/games/thousand/deck", data="{", content_type="application/json").status_code == 400
    assert raw.get("/v1/games/thousand/deck").status_code == 405
    r = client.post("/v1/games/canasta/deck", json={"options": {"nope": 1}}, headers={"Accept-Language": "ru"})
    assert r.headers["Content-Language"] == "ru" and CYRILLIC.search(r.get_json()["errors"][0]["detail"])


# ------------------------------------------------------------------ the API reference

def test_the_spec_is_served_as_yaml_and_json(client):
    text = (ROOT / "openapi.yaml").read_text(encoding="utf-8")
    r = client.get("/openapi.yaml")
    assert r.status_code == 200 and r.mimetype == "application/yaml" and r.get_data(as_text=True) == text
    r = client.get("/openapi.json")
    assert r.status_code == 200 and r.mimetype == "application/json" and r.get_json() == yaml.safe_load(text)
    assert client.raw().get("/openapi.json?x=1").status_code == 400      # an API answer: no unknown query


def test_docs_is_swagger_ui_from_its_package_with_the_pages_policy(client):
    r = client.get("/docs")
    assert r.status_code == 200 and r.headers["Content-Security-Policy"] == web.PAGE_CSP
    html = r.get_data(as_text=True)
    assert "/docs/swagger-ui/swagger-ui-bundle.js" in html and "/assets/docs.js" in html
    assert "<script>" not in html and "cdn" not in html.lower() and "http" not in html
    bundle = client.raw().get("/docs/swagger-ui/swagger-ui-bundle.js")
    assert bundle.status_code == 200 and bundle.data == (web.SWAGGER_DIST / "swagger-ui-bundle.js").read_bytes()
    assert (web.SWAGGER_DIST / "VERSION").read_text().startswith("v5.")   # OpenAPI 3.1 needs Swagger UI 5
    assert client.raw().get("/docs/swagger-ui/nothing.js").status_code == 404
    assert 'href="/docs"' in client.get("/").get_data(as_text=True)


def test_an_empty_path_is_not_the_page(client):
    # werkzeug's test client sends "//x" as an empty path; no redirect built from the Host header, no page
    r = client.raw().get("//v1", headers={"Host": "evil.example"})
    assert r.status_code == 404 and "Location" not in r.headers
