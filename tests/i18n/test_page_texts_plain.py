"""Every text the page can show, walked in Russian and in English, holds no Latin identifier (in Russian), no field
or option name, no JSON pointer, no rule ID and no source's name (tests/plain_words.py says what is found):

* the page's own texts: the tables rendered into / and /sheet for page.js, quick.js and sheet.js (labels of the
  question builder, the quick questions, the score sheet, the house rules' topics, the variants in players' terms)
  and the words of the templates themselves;
* what the API gives the page: every game's and variant's title, every house rule's summary and value labels;
* every detail a house-rule choice can be refused with: each option of each variant set to each of its values, to
  the values just past its bounds and off its step, to null and to a value of the wrong type;
* every text of the catalog: the 422 details, the rulings' violations, reasons and conditions, with their
  placeholders left out;
* the rules as they apply, title and text, under every variant's options;
* the rulings themselves as the service gives them: every text of the answer to each request example of the
  contract (violations, effects' reasons, conditions, citations), the players' names of the request left out.

A source is named only in the sources view: a variant's own summary, which the page keeps behind «Источники» /
"Sources"; even there no identifier is.  The command line's own texts (its --options, Dask) are not the page's."""
from __future__ import annotations

import json
import pathlib
import re

import pytest
import yaml
from babel.messages.pofile import read_po
from plain_words import findings

from referee import i18n, registry
from referee.errors import InputError

LANGS = ["ru", "en"]
SOURCES_VIEW = {v.summary for g in registry.GAMES.values() for v in g.variants.values()}


def _bad(texts: dict[str, str], lang: str, sources_view: bool = False) -> dict[str, list[str]]:
    return {where: found for where, text in texts.items() if (found := findings(text, lang, sources_view))}


def _config(client, path: str, lang: str) -> tuple[str, dict]:
    html = client.get(f"{path}?lang={lang}").get_data(as_text=True)
    m = re.search(r'<script type="application/json" id="config">(.*?)</script>', html, re.S)
    return html, json.loads(m.group(1))


def _form_texts(value, where: str, out: dict[str, str]) -> None:
    """The labels, hints and choice labels of the question builder's fields (paths and kinds are the API's)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("label", "help", "add") and isinstance(v, str):
                out[f"{where}.{k}"] = v
            elif k == "choices":
                out.update({f"{where}.choice.{val}": text for val, text in v})
            else:
                _form_texts(v, f"{where}.{k}", out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _form_texts(v, f"{where}[{i}]", out)


def page_texts(client, lang: str) -> dict[str, str]:
    """Every text of the page's and the score sheet's tables, as served: ``{where: text}``."""
    _, c = _config(client, "/", lang)
    _, s = _config(client, "/sheet", lang)
    q, h = c["quick"], c["house_rules"]
    out = {f"page.{k}": v for k, v in c["texts"].items()}
    out |= {f"quick.{k}": v for k, v in q["texts"].items() if k != "names"}
    out |= {f"sheet.{k}": v for k, v in s["texts"].items() if k != "names"}
    out |= {f"sheet.count.{k}": v for k, v in s["counts"].items()}
    for name, table in (("suit", c["suits"]), ("action", c["actions"]), ("quick.rank", q["rank_words"]),
                        ("quick.suit", q["suit_words"]), ("quick.game", q["games"]), ("house_rules", h["texts"])):
        out |= {f"{name}.{k}": v for k, v in table.items()}
    out |= {f"question.{k}": v for k, v in c["questions"]} | {f"score_key.{k}": v for k, v in c["score_keys"]}
    out |= {f"topic.{g}.{t}": label for g, plan in h["games"].items() for t, label, _ in plan["topics"]}
    out |= {f"variant_summary.{g}.{v}": text for g, vs in c["variant_summaries"].items() for v, text in vs.items()}
    _form_texts(c["forms"], "forms", out)
    return out


def template_texts(client, lang: str) -> dict[str, str]:
    """The words of the pages' templates: what lies between their tags, outside scripts and styles."""
    out = {}
    for path in ("/", "/sheet", "/docs"):
        html = client.get(f"{path}?lang={lang}").get_data(as_text=True)
        html = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
        html = re.sub(r'href="[^"]*"', "", html)                 # the spec's links (/openapi.yaml) are addresses
        words = re.sub(r"openapi\.(?:yaml|json)", "", re.sub(r"<[^>]+>", "\n", html))
        out |= {f"{path} line {i}": line.strip() for i, line in enumerate(words.splitlines()) if line.strip()}
    return out


def api_texts(client, lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """What the API gives the page to show: titles, house rules' summaries and labels; and apart, the variants'
    summaries (the sources view)."""
    shown, sources = {}, {}
    games = client.get("/v1/games", headers={"Accept-Language": lang}).get_json()["games"]
    for g in games:
        shown[f"{g['id']}.title"] = g["title"]
        for v in g["variants"]:
            info = client.get(f"/v1/games/{g['id']}/variants/{v['id']}", headers={"Accept-Language": lang}).get_json()
            where = f"{g['id']}/{v['id']}"
            shown[f"{where}.title"] = info["title"]
            sources[f"{where}.summary"] = info["summary"]
            for o in info["options"]:
                shown[f"{where}.{o['name']}.summary"] = o["summary"]
                shown |= {f"{where}.{o['name']}={k}": text for k, text in o.get("labels", {}).items()}
    return shown, sources


def _tries(spec) -> list:
    """Values to set an option to: each it allows, one past each bound, one off its step, null, a wrong type."""
    values = [True, False] if spec.type == "bool" else list(spec.allowed)
    if spec.minimum is not None:
        values += [spec.minimum - 1, spec.minimum]
    if spec.maximum is not None:
        values += [spec.maximum, spec.maximum + 1]
    if spec.multiple_of and spec.minimum is not None:
        values.append(spec.minimum + 1)
    return [*values, None, "x", 1.5]


def refusals(lang: str) -> tuple[dict[str, str], int]:
    """Every detail a single house-rule choice is refused with, under every variant: ``{where: detail}``, and how
    many choices were refused."""
    out, refused = {}, 0
    with i18n.language(lang):
        for g in registry.GAMES.values():
            for v in g.variants.values():
                for name, spec in v.specs.items():
                    for value in _tries(spec):
                        try:
                            v.resolve({name: value})
                        except InputError as e:
                            refused += 1
                            for err in e.errors:
                                out[f"{g.id}/{v.id} {name}={value!r} -> {err['pointer']}"] = err["detail"]
    return out, refused


def _transport(locations) -> bool:
    """A text of the HTTP transport alone: it names the protocol's own parts (HTTP/1.1, Content-Length, the Host
    header, application/json), never a field of a request; the page's own requests never get one."""
    return all(path.startswith("referee/http/") or path == "referee/jsonio.py" for path, _ in locations)


def catalog_texts(lang: str) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """Every text of the catalog in ``lang`` (the Russian translations, or the English texts), but the command
    line's own; apart, the variants' summaries (the sources view) and the transport's texts."""
    with (i18n.LOCALE_DIR / "ru" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as f:
        catalog = read_po(f)
    shown, sources, transport = {}, {}, {}
    for m in catalog:
        if not m.id or {path for path, _ in m.locations} == {"referee/cli.py"}:
            continue
        texts = m.string if lang == "ru" else m.id
        key = m.id if isinstance(m.id, str) else m.id[0]
        part = sources if key in SOURCES_VIEW else transport if _transport(m.locations) else shown
        for i, text in enumerate(texts if isinstance(texts, tuple) else (texts,)):
            part[f"{key} [{i}]"] = text
    return shown, sources, transport


def rule_texts(lang: str) -> dict[str, str]:
    """Every rule's title and text as it applies under every variant's own options."""
    out = {}
    for g in registry.GAMES.values():
        for v in g.variants.values():
            opts = v.resolve({})
            for rule in g.rulebook.rules.values():
                shown = rule.render(lang, v, opts)
                out[f"{v.id} {rule.id} title"] = shown["title"]
                out[f"{v.id} {rule.id} text"] = shown["text"]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_own_texts(client, lang):
    texts = page_texts(client, lang)
    assert len(texts) > 400 and "quick.tile_follow" in texts and "topic.thousand.barrel" in texts
    assert not _bad(texts, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_templates_words(client, lang):
    texts = template_texts(client, lang)
    assert any("Источники" in t for t in texts.values()) if lang == "ru" else texts
    assert not _bad(texts, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_titles_and_house_rules_from_the_api(client, lang):
    shown, sources = api_texts(client, lang)
    assert len(shown) > 1000 and len(sources) == sum(len(g.variants) for g in registry.GAMES.values())
    assert not _bad(shown, lang)
    # the sources view names its sources, and nothing else that is not a player's word
    assert not _bad(sources, lang, sources_view=True)
    assert any("pagat" in t for t in sources.values())


@pytest.mark.parametrize("lang", LANGS)
def test_every_refused_house_rule(lang):
    details, refused = refusals(lang)
    assert refused > 500 and len(details) > 2000
    assert not _bad(details, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_of_the_catalog(lang):
    shown, sources, transport = catalog_texts(lang)
    assert len(shown) > 1000 and len(transport) > 20
    assert not _bad(shown, lang)
    assert not _bad(sources, lang, sources_view=True)
    # the transport's texts may name the protocol's parts in Latin, and nothing of the API's
    assert not _bad(transport, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_as_it_applies(lang):
    texts = rule_texts(lang)
    assert len(texts) > 1000
    assert not _bad(texts, lang)


@pytest.mark.parametrize("text,lang,found", [
    # what the walk finds, one of each
    ("укажите melds", "ru", ["Latin: melds"]),
    ("give last_trick", "en", ["snake_case: last_trick"]),
    ("см. /position/hand", "ru", ["JSON pointer: /position", "Latin: position", "Latin: hand"]),
    ("как у pagat", "ru", ["source: pagat", "Latin: pagat"]),
    ("covered by more cards (official laws)", "en", ["source: official laws"]),
    # and what a player may read: card codes and suits, the formats' names, placeholders
    ("нужно бить: Т♠ (или AS), запрос в JSON, {player}", "ru", []),
])
def test_the_walk_finds_names_and_leaves_players_words(text, lang, found):
    assert findings(text, lang) == found


def test_the_sources_view_may_name_a_source_but_no_field():
    assert findings("как у pagat.com", "ru", sources_view=True) == []
    assert findings("как у pagat.com (position.hand)", "en", sources_view=True) == ["dotted path: position.hand"]


SPEC = yaml.safe_load((pathlib.Path(__file__).resolve().parents[2] / "openapi.yaml").read_text(encoding="utf-8"))
ANSWER_TEXTS = {"message", "detail", "reason", "note", "text", "title", "condition", "summary"}


def _resolve(obj: dict) -> dict:
    while "$ref" in obj:
        obj = SPEC["components"][obj["$ref"].split("/")[2]][obj["$ref"].rsplit("/", 1)[1]]
    return obj


def _strings(value) -> set[str]:
    if isinstance(value, dict):
        return set().union(*map(_strings, value.values()), set())
    if isinstance(value, list):
        return set().union(*map(_strings, value), set())
    return {value} if isinstance(value, str) else set()


def _answer_texts(value, where: str, out: dict[str, str]) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ANSWER_TEXTS and isinstance(v, str):
                out[f"{where}.{k}"] = v
            else:
                _answer_texts(v, f"{where}.{k}", out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _answer_texts(v, f"{where}[{i}]", out)


def ruling_texts(client, lang: str) -> dict[str, str]:
    """The texts of the answers to every request example of the contract, each example's names taken out."""
    out: dict[str, str] = {}
    for path, ops in SPEC["paths"].items():
        post = ops.get("post")
        if not post or "{game}" not in path:
            continue
        for name, example in post["requestBody"]["content"]["application/json"].get("examples", {}).items():
            body = _resolve(example)["value"]
            answer = client.post(path.replace("{game}", name.split("-")[0]), json=body,
                                 headers={"Accept-Language": lang}).get_json()
            texts: dict[str, str] = {}
            _answer_texts(answer, name, texts)
            names = sorted((s for s in _strings(body) if re.fullmatch(r"[A-Z][a-z]+", s)), key=len, reverse=True)
            for where, text in texts.items():
                for n in names:
                    text = re.sub(rf"\b{n}\b", "", text)
                out[where] = text
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_ruling_of_the_contracts_examples(client, lang):
    texts = ruling_texts(client, lang)
    assert len(texts) > 100 and any(".violations" in w for w in texts) and any(".conditions" in w for w in texts)
    assert not _bad(texts, lang)
