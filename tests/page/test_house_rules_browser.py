"""The house rules on the page in a real browser (Debian's headless Chromium at 390×844, in Russian): they open on
the most argued options, the other options wait in topics (collapsed), a search shows only the options holding its
words, and a changed option travels with the question.  axe-core is run in each state; no Russian text of the house
rules, nor the variant's summary above them, shows a Latin identifier or a source name (the sources are behind
«Источники»)."""
from __future__ import annotations

import json
import re

import pytest
from page.browser_helpers import SOURCES, axe, no_console_errors, wait
from page.quick_helpers import Table
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from referee.canasta import options as canasta
from referee.pinochle import options as pinochle
from referee.thousand import options as thousand

GAMES = {"thousand": thousand, "pinochle": pinochle, "canasta": canasta}


def open_house_rules(t, base, game="thousand"):
    t.d.get(base + "/")
    t.find("#quick-list .tile")
    # remember every question sent to the referee (the deck requests the options also make are left out)
    t.d.execute_script("""
        window.__asked = [];
        const f = window.fetch;
        window.fetch = (url, opts) => {
          if (opts && opts.method === 'POST' && !String(url).endsWith('/deck')) window.__asked.push(opts.body);
          return f(url, opts);
        };""")
    t.tap("#other-question")
    if game != "thousand":
        Select(t.find("#game")).select_by_value(game)
        wait(t.d).until(lambda d: d.find_elements(By.CSS_SELECTOR, f"#options #opt-{GAMES[game].MOST_ARGUED[0]}"))
    t.tap("#house-rules summary")
    wait(t.d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#options .topic-first .option"))


def shown(d):
    """The options in view, by name, in the page's order."""
    return [e.get_attribute("id")[len("opt-"):-len("-wrap")]
            for e in d.find_elements(By.CSS_SELECTOR, "#options .option") if e.is_displayed()]


def test_the_house_rules_open_on_the_most_argued_then_a_topic_then_a_search(d, server):
    t = Table(d)
    open_house_rules(t, server.url)
    # the variant in players' terms where it is chosen; which texts it follows behind «Источники»
    summary = d.find_element(By.ID, "variant-summary").text
    assert summary.startswith("бочка 880, 3 попытки; болт — без взятки, три подряд: минус 120;")
    assert not SOURCES.search(summary) and not re.search(r"[A-Za-z_]", summary)
    assert d.find_element(By.CSS_SELECTOR, "#variant-sources summary").text == "Источники"
    assert not d.find_element(By.ID, "variant-sources-text").is_displayed()
    t.tap("#variant-sources summary")
    assert "pagat.com" in d.find_element(By.ID, "variant-sources-text").text
    t.tap("#variant-sources summary")
    # the most argued first, under their heading; every topic collapsed, so nothing else is in view
    assert d.find_element(By.ID, "h-options-first").text == "О чём спорят чаще всего"
    assert shown(d) == list(thousand.MOST_ARGUED)
    topics = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#options details.topic > summary > span:first-child")]
    assert topics[:2] == ["Торговля", "Марьяжи"] and "Бочка" in topics and "Тёмная и золотой кон" in topics
    assert not d.find_elements(By.CSS_SELECTOR, "#options details.topic[open]")
    axe(d, "house rules: the most argued")
    # a topic opens on its options (the most argued of them stay at the top, once)
    barrel = {k: names for k, _, names in thousand.TOPICS}["barrel"]
    t.tap("#topic-barrel summary")
    assert shown(d) == list(thousand.MOST_ARGUED) + [n for n in barrel if n not in thousand.MOST_ARGUED]
    axe(d, "house rules: the barrel open")
    t.tap("#topic-barrel summary")
    # «бочк»: only the options that speak of the barrel, every topic holding one opened for it
    t.type("#option-search", "бочк")
    wait(d).until(lambda d: "opt-must_beat-wrap" not in [e.get_attribute("id") for e in
                                                         d.find_elements(By.CSS_SELECTOR, "#options .option")
                                                         if e.is_displayed()])
    found = shown(d)
    assert set(barrel) <= set(found)
    for name in found:
        assert "бочк" in d.find_element(By.ID, f"opt-{name}-wrap").get_attribute("textContent").lower(), name
    assert "bid_cap" not in found and "dump_555" not in found
    assert not d.find_element(By.ID, "options-none").is_displayed()
    axe(d, "house rules: searching «бочк»")
    # a word no rule holds says so; an empty search gives the topics back, collapsed
    t.type("#option-search", "ъъъ")
    wait(d).until(lambda d: d.find_element(By.ID, "options-none").is_displayed())
    assert shown(d) == [] and d.find_element(By.ID, "options-none").text == "Таких слов нет ни в одном правиле."
    t.type("#option-search", "бочк")
    wait(d).until(lambda d: shown(d))
    # a changed option is sent with the question
    Select(t.find("#opt-barrel_attempts")).select_by_value('"own_contracts"')
    assert d.find_element(By.ID, "rules-changed").text
    t.tap("#submit")
    wait(d).until(lambda d: d.execute_script("return window.__asked.length"))
    sent = json.loads(d.execute_script("return window.__asked[0]"))
    assert sent["variant"] == "russian-classic" and sent["options"] == {"barrel_attempts": "own_contracts"}
    no_console_errors(d)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_russian_text_of_the_house_rules_shows_an_identifier_or_a_source(d, server, game):
    t = Table(d)
    open_house_rules(t, server.url, game)
    box = d.find_element(By.ID, "house-rules")
    texts = [e.get_attribute("textContent").strip() for e in box.find_elements(
        By.CSS_SELECTOR, "summary, label, h3, p, option, .opt-summary")]
    texts += [e.get_attribute("placeholder") for e in box.find_elements(By.CSS_SELECTOR, "input[placeholder]")]
    assert len(texts) > len(GAMES[game].SPECS)
    latin = [x for x in texts if re.search(r"[A-Za-z_]", x)]
    sources = [x for x in texts if SOURCES.search(x)]
    assert latin == [] and sources == []


def test_a_refused_house_rule_is_listed_by_its_words_not_its_name(d, server):
    # max_bid 115: below the lowest cap, 120 (thousand/7.5); the list under the house rules names the rule as the
    # page shows it, with what it takes, and links to it
    t = Table(d)
    open_house_rules(t, server.url)
    d.execute_script("""const f = document.getElementById('opt-max_bid');
                        f.value = '115'; f.dispatchEvent(new Event('change'));""")
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#option-errors li a"))
    link = d.find_element(By.CSS_SELECTOR, "#option-errors li a")
    words = d.find_element(By.CSS_SELECTOR, "#opt-max_bid-wrap .opt-summary").get_attribute("textContent")
    assert link.get_attribute("textContent") == f"{words.rstrip('.')}: от 120 до 400, кратно 5"
    assert link.get_attribute("href").endswith("#opt-max_bid")
    assert not re.search(r"[A-Za-z_]", link.get_attribute("textContent"))
    assert d.find_element(By.ID, "opt-max_bid-error").text == "от 120 до 400, кратно 5"
    axe(d, "house rules: one refused")
