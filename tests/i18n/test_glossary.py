"""The Russian glossary (docs/glossary-ru.md) is enforced: no Russian text a person reads uses a word the glossary
bans for its game — rule titles, statements and every clause of every option, the message catalog, option
summaries and labels, variant titles and summaries, and the page for the table and its API reference as rendered
in Russian (their words, field labels, situations and action names, each counted for its game).

A banned word is caught in any of its forms (the stems below), and only as a whole word: «запас» catches «запаса»
and «запасом» but not «запасной»; «дикая» catches «диких» but not «дикс», the Pinochle meld.  A verb is caught in
the forms the glossary lists for it («раздать», «раздаёт», «раздал» …), each as a whole word."""
from __future__ import annotations

import html
import json
import pathlib
import re

import pytest
from babel.messages.pofile import read_po

from referee import i18n
from referee.registry import GAMES
from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary-ru.md"
CATALOG = ROOT / "referee" / "locale" / "ru" / "LC_MESSAGES" / "messages.po"

LETTER = "а-яёa-z"
ADJECTIVE = "(?:ая|яя|ое|ее|ой|ей|ую|юю|ые|ие|ых|их|ыми|ими|ым|им|ого|его|ому|ему|ом|ем|ый|ий)"


def word_pattern(word: str) -> str:
    """A Russian word in any of its forms, by the ending of the form written (its nominative): an adjective or
    participle (-ая, -ий, -ый, -ой, -ое), a noun in -ия, -ие, -а/-я, -ь or a consonant; anything else (a verb, an
    adverb) only as written."""
    w = word.lower().replace("ё", "е")
    if len(w) > 4 and re.search("(ая|яя|ий|ый|ой|ое|ее)$", w):
        return re.escape(w[:-2]) + ADJECTIVE
    if w.endswith("ия"):
        return re.escape(w[:-1]) + "(?:я|и|ю|ей|ею|й|ям|ями|ях)"
    if w.endswith("ие"):
        return re.escape(w[:-1]) + "(?:е|я|ю|ем|и|й|ям|ями|ях)"
    if re.search("[ая]$", w):
        return re.escape(w[:-1]) + "(?:а|я|ы|и|е|у|ю|ой|ей|ою|ею|ам|ям|ами|ями|ах|ях)?"
    if w.endswith("ь") and not w.endswith("ть"):
        return re.escape(w[:-1]) + "(?:ь|я|ю|ем|е|и|ей|ям|ями|ях)"
    if re.search("[бвгджзклмнпрстфхцчшщ]$", w):
        return re.escape(w) + "(?:а|у|ом|ем|е|ы|и|ов|ев|ей|ам|ям|ами|ями|ах|ях)?"
    return re.escape(w)


def banned_pattern(phrase: str) -> re.Pattern:
    """A banned word or phrase (its words in sequence, each in any form) as a whole-word pattern."""
    body = r"\s+".join(word_pattern(w) for w in phrase.split())
    return re.compile(rf"(?<![{LETTER}0-9]){body}(?![{LETTER}])", re.I)


def caught(phrase: str, text: str) -> bool:
    return bool(banned_pattern(phrase).search(text.replace("ё", "е").replace("Ё", "Е")))


def glossary() -> list[dict]:
    """The glossary's rows: ``{games, concept, english, terms, banned}``."""
    rows = []
    header = None
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if set("".join(cells)) <= set("-: "):
            continue
        row = dict(zip(header, cells))
        games = {g.strip() for g in row["game"].split(",")}
        rows.append({"games": set(GAMES) if games == {"all"} else games, "concept": row["concept"],
                     "english": row["English"], "terms": re.findall("«([^»]+)»", row["term"]),
                     "banned": re.findall("«([^»]+)»", row["not to be used"])})
    return rows


def rule_texts(game: str):
    """(where, text) for every Russian title, statement and clause of the game's rules."""
    for rule in GAMES[game].rulebook.rules.values():
        yield rule.id + " title", rule.title["ru"]
        if rule.text.get("ru"):
            yield rule.id, rule.text["ru"]
        for i, clause in enumerate(rule.clauses):
            yield f"{rule.id} clause {i + 1} {clause.when}", clause.text["ru"]


def catalog_texts():
    """(where, text, games) for every Russian text of the catalog; a message belongs to the games whose code
    holds it, a message of shared code to every game."""
    with CATALOG.open("rb") as f:
        catalog = read_po(f, locale="ru")
    for msg in catalog:
        if not msg.id:
            continue
        games = {g for g in GAMES for path, _line in msg.locations if path.startswith(f"referee/{g}/")}
        shared = any(not any(path.startswith(f"referee/{g}/") for g in GAMES) for path, _line in msg.locations)
        forms = msg.string if isinstance(msg.string, (list, tuple)) else [msg.string]
        for form in forms:
            yield (msg.id if isinstance(msg.id, str) else msg.id[0]), form, (set(GAMES) if shared or not games
                                                                            else games)


def option_and_variant_texts(game: str):
    """(where, text) for the game's variants (title, summary) and their options (summary, labels) in Russian."""
    with i18n.language("ru"):
        for variant in GAMES[game].variants.values():
            d = variant.describe()
            yield f"{game} variant {variant.id}", d["title"]
            yield f"{game} variant {variant.id} summary", d["summary"]
            for o in d["options"]:
                yield f"{game} option {o['name']}", o["summary"]
                for value, label in (o.get("labels") or {}).items():
                    yield f"{game} option {o['name']}={value}", label


def _strings(value, where: str):
    """(where, text) for every string inside a JSON value."""
    if isinstance(value, str):
        yield where, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, f"{where}/{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, f"{where}/{i}")


def page_texts():
    """(where, text, games) for the page for the table and the API reference as the service renders them in
    Russian: the words of the HTML, and the page's configuration (field labels, help, choices and situations per
    game; questions, action names and the page's other texts for every game)."""
    client = create_app().test_client()
    for path in ("/", "/docs"):
        r = client.get(path, headers={"Accept-Language": "ru"})
        assert r.status_code == 200, path
        page = r.get_data(as_text=True)
        config = re.search(r'<script type="application/json" id="config">(.*?)</script>', page, re.S)
        if config:
            data = json.loads(config.group(1))
            assert data["lang"] == "ru"
            for game, questions in data.pop("forms").items():
                for where, text in _strings(questions, f"page {path} forms/{game}"):
                    if not where.endswith(("/id", "/path", "/kind", "/keys")):
                        yield where, text, {game}
            # the house rules' topics, each game's under its game («Тёмная и золотой кон» is Thousand's own term)
            for game, plan in data["house_rules"].pop("games").items():
                for where, text in _strings(plan["topics"], f"page {path} house_rules/{game}/topics"):
                    yield where, text, {game}
            for where, text in _strings(data, f"page {path} config"):
                # the cards' names for screen readers («четвёрка пик» is the card 4, which Pinochle's deck does not
                # hold): they name cards, not the Pinochle meld the glossary keeps «четвёрка» from
                scope = set(GAMES) - {"pinochle"} if "/rank_words/" in where else set(GAMES)
                yield where, text, scope
        words = re.sub(r"<script.*?</script>|<style.*?</style>|<[^>]+>", " ", page, flags=re.S)
        yield f"page {path}", html.unescape(words), set(GAMES)


def every_text():
    """(where, text, games) for every Russian text a person reads."""
    for game in GAMES:
        for where, text in rule_texts(game):
            yield where, text, {game}
        for where, text in option_and_variant_texts(game):
            yield where, text, {game}
    yield from catalog_texts()
    yield from page_texts()


def test_the_glossary_is_a_table_of_terms():
    rows = glossary()
    assert len(rows) >= 30
    for row in rows:
        assert row["games"] <= set(GAMES), row
        assert row["terms"] and row["english"] and row["concept"], row
    # the three games each have their own terms, and every row with a banned word bans it somewhere
    for game in GAMES:
        assert sum(1 for r in rows if game in r["games"] and r["games"] != set(GAMES)) >= 8, game
    # no term of a game is banned for the same game by another row
    for row in rows:
        for other in rows:
            if row["games"] & other["games"]:
                for term in row["terms"]:
                    for word in other["banned"]:
                        assert not caught(word, term), (term, word, row["concept"], other["concept"])


@pytest.mark.parametrize("banned,text,hit", [
    ("запас", "взять карту из запаса", True),
    ("запас", "пока был запас", True),
    ("запас", "в запасе 23 карты", True),
    ("запас", "запасной игрок", False),
    ("раздача", "после раздачи карт", True),
    ("раздача", "сдающий раздаёт по одной карте", False),
    ("раздача карт", "прикуп и раздача карт", True),
    ("дикая карта", "натуральная карта с дикой картой", True),
    ("дикий", "лишние дикие карты", True),
    ("дикий", "дикс и дикса", False),
    ("пропускающий", "очки пропускающего", True),
    ("пропускающий", "игрок пропускает сдачу", False),
    ("доигрыш", "последняя в доигрыше", True),
    ("доигрыш", "сдачу всегда доигрывают", False),
    ("секвенция", "одна свободная карта в секвенции", True),
    ("четвёрка", "класс B, четвёрки тузов", True),
    ("четвёрка", "четвёртый игрок", False),
    ("трудный конец", "«Трудный конец» Canasta Palace", True),
    ("задерживается", "885 задерживается на 880", True),
    ("задерживается", "бочка задерживает счёт", False),
    ("бить взятку", "Бить взятку — значит", True),
    ("бить взятку", "нужно бить: 10♥ или Т♥", False),
    # a verb only in the forms listed, each as a whole word
    ("раздаёт", "сдающий раздаёт остальным по 7 карт", True),
    ("раздаёт", "сдающий сдаёт остальным по 7 карт", False),
    ("раздать", "раздать карты", True),
    ("закрылась", "Закрылась с руки", True),
    ("закрылась", "закрытая карта", False),
    ("сдаться", "сдаться", True),
    ("сдаться", "сдача", False),
    ("доигрывается", "Сдача доигрывается до конца", True),
    ("кон", "Счёт до этого кона", True),
    ("кон", "сдача кончается", False),
])
def test_a_banned_word_is_caught_in_its_forms_and_only_as_a_word(banned, text, hit):
    assert caught(banned, text) is hit


def test_the_texts_are_read():
    texts = list(every_text())
    # all three rulebooks, the catalog, the options and the variants of every game
    assert len(texts) > 2500
    assert {g for _w, _t, games in texts for g in games} == set(GAMES)
    assert any(w.startswith("canasta option ") for w, _t, _g in texts)
    assert any("clause" in w for w, _t, _g in texts)
    # the page's words, its action names and each game's field labels, rendered in Russian
    page = {w.split(" ", 2)[1]: t for w, t, _g in texts if w in ("page /", "page /docs")}
    assert "Вопрос" in page["/"] and "Судья: справочник API" in page["/docs"]
    assert ("page / config/actions/concede", "расписать", set(GAMES)) in texts
    assert ("page / forms/canasta/score/0/label", "Сыгранная сдача: комбинации, красные тройки, оставшиеся карты",
            {"canasta"}) in texts


def test_no_russian_text_uses_a_banned_word():
    rules = [(word, row["games"]) for row in glossary() for word in row["banned"]]
    found = [(where, word, text) for where, text, games in every_text() for word, scope in rules
             if games & scope and caught(word, text)]
    assert found == []
