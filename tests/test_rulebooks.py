"""Every rulebook as a player reads it: rules written as a statement plus clauses tied to option values, in English
and Russian, rendered for each variant short and in plain words, naming no other variant; deliberations in notes;
sources from the game's bibliography.
"""
from __future__ import annotations

import re

import pytest
from babel.numbers import format_decimal

from referee import registry, service
from referee.i18n import placeholders

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
GAMES = list(registry.GAMES.values())
LANGS = ("en", "ru")
# words that name a variant, in each language: a rule rendered under one variant shows none of another's
VARIANT_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "thousand": {
        "polish": ("Polish", "Tysiąc", "польск", "Польск"),
        "two-player": ("two-player", "two talons", "10 cards", "вдвоём", "вдвоем", "два прикупа", "10 карт"),
        "four-player": ("four-player", "four at the table", "sitter", "sits out", "sat out", "вчетвером",
                        "пропускающ", "пропускав"),
    },
    "pinochle": {
        "two-handed": ("two-handed", "two players", "вдвоём"),
        "partnership": ("partnership", "partner", "парная", "парной", "партнёр", "партнер"),
        "three-hand-auction": ("three-hand", "three players", "втроём", "трое"),
    },
    "canasta": {
        "palace": ("Palace", "Палас", "Дворец"),
        "traditional": ("traditional", "традицион"),
        "classic-12": ("12-card", "12 карт"),
        "russian-popular": ("popular Russian", "популярн"),
        "samba": ("Samba", "Самба", "самб"),
        "bolivia": ("Bolivia", "Боливи", "боливи"),
        "brazilian": ("Brazil", "Бразил", "бразил"),
        "hollywood": ("Hollywood", "Голливуд"),
        "mexicana": ("Mexica", "Мексик", "мексик"),
        "pennies-from-heaven": ("Pennies", "Пенни"),
        "italian": ("Italian", "Итальян", "итальян"),
        "cuban": ("Cuba", "Кубин", "кубин"),
        "uruguay": ("Uruguay", "Уругва", "уругва"),
        "chile": ("Chile", "Tranca", "Чили", "Транка", "чилий"),
    },
}
SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+=\w+")     # an option name or value, not plain words


def rules_of(game):
    return list(game.rulebook.rules.values())


def texts_of(rule):
    yield "title", rule.title
    if any(rule.text.values()):
        yield "statement", rule.text
    for i, c in enumerate(rule.clauses):
        yield f"clause {i}", c.text
    for i, n in enumerate(rule.notes):
        yield f"note {i}", n


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_text_in_english_and_russian(game):
    for rule in rules_of(game):
        for where, texts in texts_of(rule):
            assert set(texts) >= set(LANGS), (rule.id, where)
            assert CYRILLIC.search(texts["ru"]), (rule.id, where, texts["ru"])
            assert texts["ru"] != texts["en"], (rule.id, where)
            # the same amounts in both languages
            assert placeholders(texts["ru"]) == placeholders(texts["en"]), (rule.id, where)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_clauses_name_real_options_and_values(game):
    specs = next(iter(game.variants.values())).specs
    for rule in rules_of(game):
        conds = [c.when for c in rule.clauses] + ([rule.when.when] if rule.when else [])
        for when in conds:
            assert when, (rule.id, "a clause with no condition belongs in the statement")
            for name, want in when.items():
                if name == "variant":
                    values = want["not"] if isinstance(want, dict) else want
                    assert set(values if isinstance(values, list) else [values]) <= set(game.variants), rule.id
                    continue
                assert name in specs, (rule.id, name)
                assert name in rule.options, (rule.id, f"the clause depends on {name}; list it in the rule's options")
                values = want["not"] if isinstance(want, dict) else want
                for v in (values if isinstance(values, list) else [values]):
                    specs[name].check(v)          # raises for a value the option does not take
        for _where, texts in texts_of(rule):
            for name in placeholders(texts["en"]):
                assert name in specs and specs[name].type == "int", (rule.id, name)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_sources_come_from_the_bibliography(game):
    bib = game.rulebook.sources
    ids = [s["id"] for s in bib]
    assert len(ids) == len(set(ids))
    for s in bib:
        assert s["title"] and s["language"], s["id"]     # an undated work has no year, an anonymous one no author
        assert isinstance(s.get("year", 0), int) or s["year"].startswith("c. "), s["id"]
    cited = set()
    for rule in rules_of(game):
        assert rule.source, rule.id
        for ref in rule.all_sources():
            assert ref["source"] in ids, (rule.id, ref)
            cited.add(ref["source"])
    assert cited == set(ids), f"bibliography entries no rule cites: {set(ids) - cited}"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_no_text_speaks_of_a_seed(game):
    # the user's documents are named by their own titles, never "seed text"
    for rule in rules_of(game):
        for where, texts in texts_of(rule):
            for lang, text in texts.items():
                assert not re.search(r"\bseed|сид\b", text, re.I), (rule.id, where, lang)
        for ref in rule.all_sources():
            sections = ref["section"].values() if isinstance(ref["section"], dict) else [ref["section"]]
            assert all("seed" not in sec.lower() for sec in sections), rule.id
    for s in game.rulebook.sources:
        assert "seed" not in s["title"].lower() and "seed" not in s["id"].lower()
    for v in game.variants.values():
        assert "seed" not in v.title.lower() and "seed" not in v.summary.lower(), v.id


def rendered(game):
    """(variant, lang, rule, answer) for every rule of every variant's rulebook, under the variant's options."""
    for v in game.variants.values():
        for lang in LANGS:
            book = service.rules_info(game.id, v.id, lang)
            for r in book["rules"]:
                yield v, lang, game.rulebook[r["id"]], r


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_rendered_rules_are_short(game):
    lengths = [len(r["text"]) for _v, _l, _rule, r in rendered(game)]
    too_long = [(v.id, lang, r["id"], len(r["text"])) for v, lang, _rule, r in rendered(game) if len(r["text"]) > 1200]
    assert not too_long
    within = sum(1 for n in lengths if n <= 600) / len(lengths)
    assert within >= 0.95, f"{within:.1%} of rendered rules are at most 600 characters"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_rendered_rules_say_amounts_not_option_values(game):
    for v, lang, rule, r in rendered(game):
        for text in (r["text"], r["title"]):
            assert not SNAKE.search(text), (v.id, lang, rule.id, SNAKE.search(text)[0])
            assert "{" not in text and "}" not in text, (v.id, lang, rule.id)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_rendered_rule_names_no_other_variant(game):
    words = VARIANT_WORDS.get(game.id, {})
    for v, lang, rule, r in rendered(game):
        for other, names in words.items():
            if other == v.id:
                continue
            sections = " ".join(s["section"] for s in r["source"])
            for w in names:
                assert w not in r["text"] and w not in r["title"], (v.id, lang, rule.id, w)
                assert w not in sections, (v.id, rule.id, "a source section names another variant", w)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_notes_stay_out_of_citations(game):
    for v, lang, rule, r in rendered(game):
        cite = rule.render(lang, v, v.resolve({}))
        assert "notes" not in cite
        for n in r["notes"]:
            assert n not in cite["text"], (rule.id, n)


# ---------------------------------------------------------------- the format itself, on a small rulebook

SAMPLE = """
game: sample
edition: "2026-12-01"
format: 2
sources:
  - {id: book, title: "A Book of Games", author: "A. Writer", year: 1950, language: en}
rules:
  - id: sample/1.1
    title: {en: "Red threes", ru: "Красные тройки"}
    text: {en: "Each red three scores {red_three_value}.", ru: "Каждая красная тройка приносит {red_three_value}."}
    clauses:
      - when: {red_three_scale: four_800}
        text: {en: "All four score double.", ru: "Все четыре — вдвое."}
      - when: {red_three_scale: [six_1000, six_1200]}
        text: {en: "Six score more.", ru: "Шесть — больше."}
      - when: {red_three_scale: {not: [four_800, six_1000, six_1200]}}
        text: {en: "Another scale.", ru: "Другая шкала."}
      - when: {variant: two}
        text: {en: "Two players only.", ru: "Только вдвоём."}
        source: [{source: book, section: "p. 99"}]
    notes:
      - {en: "Sources disagree.", ru: "Источники расходятся."}
    source:
      - {source: book, section: "p. 12"}
      - {source: book, section: "p. 40", when: {red_three_scale: [six_1000, six_1200]}}
    options: [red_three_value, red_three_scale]
  - id: sample/1.2
    when: {red_three_scale: six_1000}
    title: {en: "Six", ru: "Шесть"}
    text: {en: "Three packs.", ru: "Три колоды."}
    source: [{source: book, section: "p. 13"}]
"""


@pytest.fixture()
def sample(tmp_path):
    from referee.rulebook import Rulebook
    path = tmp_path / "rules.yaml"
    path.write_text(SAMPLE, encoding="utf-8")
    return Rulebook.load(path)


def _variant(variant_id: str):
    """A variant of that id and nothing else (the rendering reads only its id); a real Variant, since the compiled
    rulebook takes nothing else."""
    from referee.rulebook import Variant
    return Variant(id=variant_id, title=variant_id, players=(2,), summary="", overrides={}, specs={})


@pytest.mark.parametrize("opts,variant,en", [
    ({"red_three_value": 100, "red_three_scale": "four_800"}, None, "Each red three scores 100. All four score double."),
    ({"red_three_value": 1000, "red_three_scale": "six_1200"}, None, "Each red three scores 1,000. Six score more."),
    ({"red_three_value": 105, "red_three_scale": "cuban"}, "two",
     "Each red three scores 105. Another scale. Two players only."),
])
def test_a_rule_shows_the_clauses_that_hold(sample, opts, variant, en):
    v = _variant(variant) if variant else None
    rule = sample["sample/1.1"]
    out = rule.render("en", v, opts)
    # the two-player clause brings its own source, and p. 40 stands behind the six-pack scales only: each is shown
    # only where it holds
    pages = ["p. 12"] + (["p. 40"] if opts["red_three_scale"] == "six_1200" else []) + (["p. 99"] if variant else [])
    assert out == {"id": "sample/1.1", "title": "Red threes", "text": en,
                   "source": [{"source": "book", "section": p} for p in pages], "options": opts}
    ru = rule.render("ru", v, opts, notes=True)
    assert ru["title"] == "Красные тройки" and ru["notes"] == ["Источники расходятся."]
    assert ru["text"].startswith("Каждая красная тройка приносит " + {100: "100", 1000: "1\xa0000", 105: "105"}[
        opts["red_three_value"]] + ".")


def test_a_section_in_our_own_words_is_shown_in_the_language_asked(tmp_path):
    # a heading quoted from the source stays as written; a label of ours ({en, ru}) follows the request's language
    from referee.rulebook import Rulebook
    path = tmp_path / "rules.yaml"
    path.write_text(SAMPLE.replace('{source: book, section: "p. 13"}',
                                   '{source: book, section: {en: "Samba paragraph", ru: "абзац о самбе"}}, '
                                   '{source: book, section: "Самба"}'), encoding="utf-8")
    rule = Rulebook.load(path)["sample/1.2"]
    opts = {"red_three_scale": "six_1000"}
    assert rule.render("en", None, opts)["source"] == [{"source": "book", "section": "Samba paragraph"},
                                                       {"source": "book", "section": "Самба"}]
    assert rule.render("ru", None, opts)["source"] == [{"source": "book", "section": "абзац о самбе"},
                                                       {"source": "book", "section": "Самба"}]
    with pytest.raises(ValueError):         # a label of ours has an English text at least
        Rulebook.load(_write(tmp_path, SAMPLE.replace('section: "p. 13"', 'section: {ru: "с. 13"}')))


def _write(tmp_path, text):
    path = tmp_path / "other.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# the team's own labels for a part of a source: a Russian reader sees them in Russian
TEAM_LABELS = re.compile(r"\bparagraphs?$|^(tests|docs|engine|engine tests|settings|settings and tests|house rules): "
                         r"|^(bonus list|hand penalties|opening table|own-canasta line|seven-joker option|"
                         r"scoring tests|scoring code|full-game tests|four-player settings|deal invariants|"
                         r"open questions|rules notes|rules tests)\b")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_no_russian_citation_shows_an_english_label_of_ours(game):
    for v, lang, rule, r in rendered(game):
        if lang == "ru":
            for s in r["source"]:
                assert not TEAM_LABELS.search(s["section"]), (v.id, rule.id, s)


def test_a_rule_applies_only_where_its_condition_holds(sample):
    assert not sample["sample/1.2"].applies({"red_three_scale": "four_800"})
    assert sample["sample/1.2"].applies({"red_three_scale": "six_1000"})
    assert sample["sample/1.1"].applies({})
    assert sample.bibliography() == [{"id": "book", "title": "A Book of Games", "author": "A. Writer", "year": 1950,
                                      "language": "en"}]


def test_an_option_with_a_condition_is_shown_only_where_it_holds(tmp_path):
    # an option listed as {name, when} is shown by a citation only where it can have effect; still one of the rule's
    # options, so a clause may depend on it
    from referee.rulebook import Rulebook
    path = tmp_path / "rules.yaml"
    path.write_text(SAMPLE.replace("options: [red_three_value, red_three_scale]",
                                   "options: [red_three_value, {name: red_three_scale, when: {variant: two}}]"),
                    encoding="utf-8")
    rule = Rulebook.load(path)["sample/1.1"]
    assert rule.options == ("red_three_value", "red_three_scale")
    opts = {"red_three_value": 100, "red_three_scale": "four_800"}
    assert rule.render("en", _variant("two"), opts)["options"] == opts
    assert rule.render("en", _variant("four"), opts)["options"] == {"red_three_value": 100}


def test_a_source_outside_the_bibliography_is_refused(tmp_path):
    from referee.rulebook import Rulebook
    path = tmp_path / "rules.yaml"
    path.write_text(SAMPLE.replace("source: book, section: \"p. 13\"", "source: nowhere, section: \"p. 13\""))
    with pytest.raises(ValueError, match="nowhere"):
        Rulebook.load(path)


@pytest.mark.parametrize("change,message", [
    (("format: 2\n", "format: 1\n"), "second format"),          # the first format is no longer read
    (("format: 2\n", ""), "second format"),                     # nor a file that does not say
    (('source: [{source: book, section: "p. 13"}]', 'source: "A Book of Games, p. 13"'),
     "sources are a list"),                                     # a reference is to the bibliography, never a line
])
def test_a_rulebook_in_another_shape_is_refused(tmp_path, change, message):
    from referee.rulebook import Rulebook
    assert change[0] in SAMPLE
    path = tmp_path / "rules.yaml"
    path.write_text(SAMPLE.replace(*change), encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        Rulebook.load(path)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_bibliography_names_works_and_describes_them_in_both_languages(game):
    # a probe read "PLAYOK_3P_800_CANDIDATE.md (...)" as a title, "the user's copy names none" as a publisher and
    # "n.d." as a year, all in English under Accept-Language: ru
    for lang in LANGS:
        for entry in game.rulebook.bibliography(lang=lang):
            assert all(isinstance(v, (str, int)) for v in entry.values()), entry
            words = " ".join(str(v) for k, v in entry.items() if k != "url")
            assert not re.search(r"\.md\b|n\.d\.|not named|user's|unnamed|seed", words), entry
    for entry in game.rulebook.sources:
        for key, value in entry.items():
            if isinstance(value, dict):
                assert set(value) == set(LANGS) and CYRILLIC.search(value["ru"]), (entry["id"], key)


def test_a_described_source_comes_in_the_language_of_the_request():
    book = registry.GAMES["thousand"].rulebook
    ru, = book.bibliography({"kurnik"}, "ru")
    en, = book.bibliography({"kurnik"}, "en")
    assert ru == {"id": "kurnik", "title": "Tysi-c-The-Game", "about": "правила Kurnik/PlayOK для троих, с открытыми вопросами",
                  "author": "Jozzpoly", "publisher": "GitHub", "year": 2026, "language": "en",
                  "url": "https://github.com/Jozzpoly/Tysi-c-The-Game"}
    assert en == {**ru, "about": "the Kurnik/PlayOK rules for three players, with open questions"}


# ---------------------------------------------------------------- numbers written the language's way

_NUMBER = re.compile(r"(?<![\w\d.])(\d{1,3}(?:[ ,\u00a0]\d{3})+|\d{4,})(?![\d\w])")
_YEAR_BEFORE = re.compile(r"(pre-|post-|EB|до |в )$")


def _misspelt_numbers(text: str, lang: str) -> list[str]:
    """Amounts of four digits or more not written the language's way (``1,130``; Russian ``1 130`` with the
    no-break space of babel's format_decimal), outside «quoted» source words; a year (``pre-1945``) stays as it is
    and a name with digits (``winMoreThan1000``) is no number."""
    bad = []
    for i, part in enumerate(re.split(r"(«[^»]*»)", text)):
        if i % 2:
            continue
        for m in _NUMBER.finditer(part):
            tok = m[1]
            if re.fullmatch(r"\d{4}", tok) and 1800 <= int(tok) <= 2030 and (
                    _YEAR_BEFORE.search(part[:m.start()]) or re.match(r"\s*(год|year)", part[m.end():])):
                continue
            want = format_decimal(int(re.sub(r"\D", "", tok)), locale=lang)
            if tok != want:
                bad.append(tok)
    return bad


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["thousand", "pinochle", "canasta"])
def test_every_number_of_four_digits_is_written_the_languages_way(game, lang):
    g = registry.GAMES[game]
    bad = set()
    for v in g.variants.values():
        info = service.rules_info(game, v.id, lang)
        for r in info["rules"]:
            for part in [r["title"], r["text"]] + r.get("notes", []):
                bad |= {(r["id"], tok) for tok in _misspelt_numbers(part, lang)}
    assert not bad


def test_the_testers_pinochle_numbers_in_russian():
    nb = "\u00a0"
    rules = {r["id"]: r for r in service.rules_info("pinochle", "two-handed", "ru")["rules"]}
    assert f"при 1{nb}130 против 1{nb}000" in " ".join([rules["pinochle/6.3"]["text"]] + rules["pinochle/6.3"]["notes"])
    en = {r["id"]: r for r in service.rules_info("pinochle", "two-handed", "en")["rules"]}
    assert "1,130" in " ".join([en["pinochle/6.3"]["text"]] + en["pinochle/6.3"]["notes"])
    part = {r["id"]: r for r in service.rules_info("pinochle", "partnership", "ru")["rules"]}
    assert f"тузы — 1{nb}000" in part["pinochle/4.9"]["text"]
    assert f"Оба флеша вместе — 1{nb}500" in part["pinochle/4.10"]["text"]


# Russian Canasta has one word for each heap: «сброс» is the discard pile, «колода» the stock (and the packs); the
# talon's «прикуп» and the pile-as-«колода» of some translations stay out (a source's own heading is quoted as is)
CANASTA_OTHER_WORDS = re.compile(r"прикуп|колод\w* сброса|стопк\w* сброса|замороженн\w* колод|взять колоду",
                                 re.I)


def test_russian_canasta_keeps_the_pile_and_the_stock_apart():
    from babel.messages.pofile import read_po
    game = registry.GAMES["canasta"]
    for rule in rules_of(game):
        for where, texts in texts_of(rule):
            text = re.sub(r"«[^»]*»", "", texts.get("ru", ""))
            assert not CANASTA_OTHER_WORDS.search(text), (rule.id, where, CANASTA_OTHER_WORDS.search(text)[0])
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "referee/locale/ru/LC_MESSAGES/messages.po"
    with path.open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if m.id and any("canasta" in loc for loc, _ in m.locations):
            for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
                assert not CANASTA_OTHER_WORDS.search(text or ""), (m.id, text)
