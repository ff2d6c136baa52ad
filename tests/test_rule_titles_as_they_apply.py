"""A rule's title never contradicts its statement as it applies under the table's options: a title names the
topic, and any number or claim it holds is one that every applied statement holds too (the house rules change the
statement, never the heading over it)."""
from __future__ import annotations

import re

import pytest

from referee.canasta import GAME as CANASTA
from referee.pinochle import GAME as PINOCHLE
from referee.thousand import GAME as THOUSAND

GAMES = (THOUSAND, PINOCHLE, CANASTA)
# numbers said in words, as titles say them («Три сдачи», "every third bolt")
WORDS = {"en": {"two": 2, "second": 2, "three": 3, "third": 3, "four": 4, "fourth": 4, "five": 5, "fifth": 5},
         "ru": {"два": 2, "две": 2, "двое": 2, "второй": 2, "вторая": 2, "три": 3, "трое": 3, "третий": 3,
                "третья": 3, "третье": 3, "четыре": 4, "четверо": 4, "пять": 5}}


def numbers(text: str, lang: str) -> set[int]:
    """The numbers a text states, in digits (1,000 and 1 000 read as one number) or in words."""
    joined = re.sub(r"(?<=\d)[ ,\u00a0\u202f](?=\d{3})", "", text)
    found = {int(n) for n in re.findall(r"\d+", joined)}
    return found | {v for w, v in WORDS[lang].items() if re.search(rf"(?<!\w){w}(?!\w)", joined, re.IGNORECASE)}


def option_names(rule) -> list[str]:
    names = {k for c in rule.clauses for k in c.when if k != "variant"}
    texts = rule.text["en"] + "".join(c.text["en"] for c in rule.clauses)
    return sorted(names | set(re.findall(r"\{([a-z][a-z0-9_]*)\}", texts)))


def option_values(spec, rule, name) -> set:
    """Every value a table can choose (the bounds of a range), and every value a clause of the rule names."""
    vals = {spec.default, *spec.allowed}
    if spec.type == "bool":
        vals |= {True, False}
    if spec.nullable:
        vals.add(None)
    vals |= {b for b in (spec.minimum, spec.maximum) if b is not None}
    for c in rule.clauses:
        want = c.when.get(name)
        if want is not None:
            want = want["not"] if isinstance(want, dict) else want
            vals |= set(want if isinstance(want, list) else [want])
    return vals


def applied_statements(game, rule, lang):
    """(variant, changed options, statement) for every variant, and every value of every option the rule's clauses
    depend on, set one at a time over the variant's own values."""
    for vid, variant in game.variants.items():
        base = variant.defaults()
        tables = [{}] + [{name: v} for name in option_names(rule)
                         for v in option_values(variant.specs[name], rule, name)]
        for changed in tables:
            yield vid, changed, rule.body(lang, {**base, **changed}, vid)


CASES = [(g, rid) for g in GAMES for rid, r in g.rulebook.rules.items() if option_names(r) or
         any("variant" in c.when for c in r.clauses)]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize(("game", "rule_id"), CASES, ids=[rid for _, rid in CASES])
def test_a_number_in_a_title_is_one_every_applied_statement_holds(game, rule_id, lang):
    # a number the title holds is a contradiction where some applied statement lacks it while another states it or
    # an option of the rule can take it as a value («Три сдачи на бочке» over «сдач на это даётся 2»); a number no
    # statement and no option value is about («Штрафы в игре вдвоём») names the setting, not a house rule
    rule = game.rulebook[rule_id]
    title = rule.title.get(lang, rule.title["en"])
    said = numbers(title, lang)
    if not said:
        return
    option_vals = {v for name in option_names(rule) for spec in [game.variants[game.default_variant].specs[name]]
                   for v in option_values(spec, rule, name) if isinstance(v, int) and not isinstance(v, bool)}
    applied = list(applied_statements(game, rule, lang))
    stated_somewhere = set().union(*(numbers(text, lang) for _, _, text in applied))
    for vid, changed, text in applied:
        lacking = {n for n in said - numbers(text, lang) if n in stated_somewhere or n in option_vals}
        assert not lacking, f"{rule_id} «{title}» under {vid} {changed}: {text}"


def test_the_checker_finds_a_number_the_house_rules_changed():
    # the titles before this fix: 120 and «третий» over «Болты не считаются», «Три» over «сдач на это даётся 2»
    assert numbers("Каждый третий болт — штраф 120", "ru") == {3, 120}
    assert numbers("Three deals on the barrel", "en") == {3}
    assert numbers("Партия до 5\u00a0000", "ru") == {5000}
    assert numbers("сдач на это даётся 2.", "ru") == {2}
    assert numbers("Тройки и третий", "ru") == {3}          # «Тройки» is a card, not a number word


HOUSE = {"variant": "russian-classic",
         "options": {"bolt_penalty": "reset_to_zero", "barrel_deals": 2, "dump_555": "off"}}


@pytest.mark.parametrize(("lang", "titles"), [
    ("ru", {"thousand/13.2": "Штраф за болты", "thousand/14.2": "Сколько сдач на бочке",
            "thousand/16.1": "Самосвал (555)"}),
    ("en", {"thousand/13.2": "Penalty for bolts", "thousand/14.2": "How many deals on the barrel",
            "thousand/16.1": "Dump truck (555)"}),
])
def test_the_printed_rules_of_a_table_with_its_own_bolts_barrel_and_555(client, lang, titles):
    answer = client.post("/v1/games/thousand/rules", json=HOUSE, headers={"Accept-Language": lang}).get_json()
    got = {r["id"]: r for r in answer["rules"]}
    assert {rid: got[rid]["title"] for rid in titles} == titles
    texts = {rid: got[rid]["text"] for rid in titles}
    if lang == "ru":
        assert "Третий болт обнуляет счёт" in texts["thousand/13.2"]
        assert "сдач на это даётся 2" in texts["thousand/14.2"]
        assert texts["thousand/16.1"].startswith("Самосвала нет")
    else:
        assert "The third bolt wipes the total to 0" in texts["thousand/13.2"]
        assert "has 2 deals" in texts["thousand/14.2"]
        assert texts["thousand/16.1"].startswith("There is no dump truck")
