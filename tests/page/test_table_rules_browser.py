"""«Правила нашего стола» in a real browser (Debian's headless Chromium at 390×844, in Russian and in English): a
table's choices (the game, the variant, the house rules) saved under a name on the device, chosen, renamed and
deleted; shared by a link that holds all of it in its fragment (opening it loads the choices and offers to save
them); played by the quick questions and «Партия»; and printed as one A4 page of the rules as they apply under them.
Taps and typed characters are counted, and axe-core is run in each new state.

Budget: saving the choices made and sharing them takes ≤ 4 taps + the name (open «Правила нашего стола», the name
box, «Сохранить», «Скопировать ссылку»).
"""
from __future__ import annotations

import json
import re

import pytest
from page.browser_helpers import SOURCES, axe, no_console_errors, pages, wait
from page.browser_helpers import small_targets as sheet_small_targets
from page.quick_helpers import LANGS, Table
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from referee.thousand import options as thousand

TEXT = {
    "saved": {"ru": "Сохранено: «Наш стол». Быстрые вопросы и «Партия» теперь идут по этим правилам.",
              "en": "Saved: “Our table”. The quick questions and the score sheet play by it."},
    "offer": {"ru": "По ссылке пришли правила стола «Наш стол»: {variant}, изменено: 1.",
              "en": "The link brings the rules of the table “Our table”: {variant}, changed: 1."},
    "name": {"ru": "Наш стол", "en": "Our table"},
}


def open_builder(t, base, lang):
    t.d.get(base + LANGS[lang])
    t.find("#quick-list .tile")
    t.d.execute_script("""
        window.__asked = [];
        const f = window.fetch;
        window.fetch = (url, opts) => {
          if (opts && opts.method === 'POST') window.__asked.push([String(url), opts.body]);
          return f(url, opts);
        };""")
    t.tap("#other-question")
    wait(t.d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#options .topic-first .option"))


def small_targets(d, within):
    """Buttons, links and boxes to type in, inside ``within``, smaller than 44×44 CSS pixels (the builder's own
    controls around it are not this file's business)."""
    return [x for x in sheet_small_targets(d) if d.execute_script(
        "const e = document.getElementById(arguments[0]); return !!e && !!e.closest(arguments[1]);", x[0], within)]


def stored(d, key):
    return json.loads(d.execute_script("return localStorage.getItem(arguments[0])", key) or "null")


def variant_title(lang, variant="russian-classic"):
    from referee import i18n, service
    with i18n.language(lang):
        game = next(g for g in service.games_index()["games"] if g["id"] == "thousand")
        return next(v["title"] for v in game["variants"] if v["id"] == variant)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_table_is_saved_shared_opened_elsewhere_and_played_by(d, server, lang):
    t = Table(d)
    open_builder(t, server.url, lang)
    # the table's choice: a player following suit must beat the trick (a house rule among the most argued)
    t.tap("#house-rules summary")
    t.tap("#opt-must_beat")
    wait(d).until(lambda d: d.find_element(By.ID, "rules-changed").text)
    t.taps = t.chars = 0
    # saved under a name and shared: ≤ 4 taps + the name
    t.tap("#table-rules summary")
    axe(d, "our table's rules: none saved yet")
    t.type("#table-name", TEXT["name"][lang])
    t.tap("#table-save")
    assert d.find_element(By.ID, "table-status").text == TEXT["saved"][lang]
    t.tap("#table-copy")
    taps, chars = t.count()
    assert taps == 4 and taps <= 4 and chars == len(TEXT["name"][lang])
    saved = stored(d, "referee.tables")
    assert saved == [{"name": TEXT["name"][lang], "game": "thousand", "variant": "russian-classic",
                      "options": {"must_beat": True}, "players": [3]}]
    assert stored(d, "referee.tables.chosen") == {"thousand": TEXT["name"][lang]}
    # the chosen table is checked in its radio group, and named beside the heading
    checked = d.find_elements(By.CSS_SELECTOR, "#table-list [role=radio][aria-checked=true]")
    assert [b.text for b in checked] == [TEXT["name"][lang]]
    assert d.find_element(By.ID, "table-chosen").text == TEXT["name"][lang]
    axe(d, "our table's rules: saved and chosen")
    assert small_targets(d, "#table-rules") == []
    # the link holds everything in its fragment: the service keeps nothing
    link = d.find_element(By.ID, "table-link").get_attribute("value")
    base, _, fragment = link.partition("#")
    assert base == server.url + LANGS[lang] and fragment.startswith("table=")
    # on another device (nothing saved there), the link loads the choices and offers to save them
    d.execute_script("localStorage.clear(); sessionStorage.clear();")
    d.get("about:blank")
    d.get(link)
    wait(d).until(lambda d: d.find_element(By.ID, "table-offer").is_displayed())
    assert d.find_element(By.ID, "table-offer-text").text == TEXT["offer"][lang].format(variant=variant_title(lang))
    assert d.find_element(By.ID, "opt-must_beat").get_attribute("checked")
    assert stored(d, "referee.tables") is None
    axe(d, "a shared table offered")
    t.tap("#table-offer-save")
    assert not d.find_element(By.ID, "table-offer").is_displayed()
    assert stored(d, "referee.tables") == saved
    axe(d, "a shared table saved")
    # the quick questions play by it: its variant and its house rules go with the question
    d.get(server.url + LANGS[lang])
    t.find("#quick-list .tile")
    assert d.find_element(By.ID, "quick-table").text == \
        {"ru": "Правила нашего стола: Наш стол", "en": "The rules of our table: Our table"}[lang]
    d.execute_script("""
        window.__asked = [];
        const f = window.fetch;
        window.fetch = (url, opts) => {
          if (opts && opts.method === 'POST') window.__asked.push([String(url), opts.body]);
          return f(url, opts);
        };""")
    for css in ("#tile-follow", "#q-trick-9D", "#q-card-AC", "#q-trump-H", "#q-void-D", "#q-holds-H", "#quick-ask"):
        t.tap(css)
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#quick-headline"))
    url, body = d.execute_script("return window.__asked[0]")
    sent = json.loads(body)
    assert url.endswith("/v1/games/thousand/check")
    assert sent["variant"] == "russian-classic" and sent["options"] == {"must_beat": True}
    axe(d, "a quick question under our table's rules")
    # and so does «Партия»: a new Thousand game starts with the table's rules
    d.get(server.url + "/sheet" + LANGS[lang].lstrip("/"))
    t.tap("#game-thousand")
    wait(d).until(lambda d: d.find_element(By.ID, "opt-must_beat").get_attribute("value") == "true")
    assert {"ru": "изменено домашних правил: 1", "en": "house rules changed: 1"}[lang] in \
        d.find_element(By.ID, "start-summary").text
    no_console_errors(d)


def test_tables_are_chosen_by_arrow_keys_renamed_and_deleted(d, server):
    t = Table(d)
    open_builder(t, server.url, "ru")
    t.tap("#table-rules summary")
    t.type("#table-name", "Дома")
    t.tap("#table-save")
    # the second table: the barrel at 900
    t.tap("#house-rules summary")
    t.tap("#topic-barrel summary")
    d.find_element(By.ID, "opt-barrel_threshold").send_keys("900")
    wait(d).until(lambda d: d.find_element(By.ID, "rules-changed").text)
    t.type("#table-name", "На даче")
    t.tap("#table-save")
    radios = d.find_elements(By.CSS_SELECTOR, "#table-list [role=radio]")
    assert [(r.text, r.get_attribute("aria-checked")) for r in radios] == [
        ("Правила варианта (стол не выбран)", "false"), ("Дома", "false"), ("На даче", "true")]
    assert d.find_element(By.CSS_SELECTOR, "#table-list [role=radiogroup]").get_attribute("aria-label") == \
        "Столы, сохранённые на этом устройстве"
    # the arrow keys move through the tables and choose the one they reach; its rules are loaded
    d.find_element(By.CSS_SELECTOR, "#table-list [aria-checked=true]").send_keys(Keys.ARROW_UP)
    wait(d).until(lambda d: d.find_element(By.CSS_SELECTOR, "#table-list [aria-checked=true]").text == "Дома")
    assert d.switch_to.active_element.text == "Дома"
    assert [r.get_attribute("tabindex") for r in d.find_elements(By.CSS_SELECTOR, "#table-list [role=radio]")] == \
        ["-1", "0", "-1"]
    wait(d).until(lambda d: d.find_element(By.ID, "opt-barrel_threshold").get_attribute("value") == "880")
    assert stored(d, "referee.tables.chosen") == {"thousand": "Дома"}
    # the first screen names the table in force
    assert d.find_element(By.ID, "quick-table").get_attribute("textContent") == "Правила нашего стола: Дома"
    axe(d, "a table chosen by the arrow keys")
    d.switch_to.active_element.send_keys(Keys.END)
    wait(d).until(lambda d: d.find_element(By.ID, "opt-barrel_threshold").get_attribute("value") == "900")
    # «the variant's rules»: no table, the house rules back at the variant's
    d.switch_to.active_element.send_keys(Keys.HOME)
    wait(d).until(lambda d: d.find_element(By.ID, "opt-barrel_threshold").get_attribute("value") == "880")
    assert d.find_element(By.ID, "rules-changed").text == ""
    assert stored(d, "referee.tables.chosen") == {}
    assert not d.find_element(By.ID, "quick-table").get_attribute("textContent")
    d.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    wait(d).until(lambda d: d.find_element(By.CSS_SELECTOR, "#table-list [aria-checked=true]").text == "Дома")
    # renamed
    t.tap("#table-rename")
    assert d.find_element(By.ID, "table-rename").text == "Переименовать «Дома»"
    box = d.switch_to.active_element
    assert box.get_attribute("id") == "table-new-name"
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("Дома у Веры" + Keys.ENTER)
    wait(d).until(lambda d: d.find_element(By.ID, "table-status").text == "Переименовано: «Дома у Веры».")
    assert [x["name"] for x in stored(d, "referee.tables")] == ["На даче", "Дома у Веры"]
    assert stored(d, "referee.tables.chosen") == {"thousand": "Дома у Веры"}
    axe(d, "a table renamed")
    # deleted: no table chosen, the variant's rules
    t.tap("#table-delete")
    wait(d).until(lambda d: d.find_element(By.ID, "table-status").text == "Удалено: «Дома у Веры».")
    assert [x["name"] for x in stored(d, "referee.tables")] == ["На даче"]
    assert stored(d, "referee.tables.chosen") == {}
    assert d.find_element(By.CSS_SELECTOR, "#table-list [aria-checked=true]").text == \
        "Правила варианта (стол не выбран)"
    assert not d.find_element(By.ID, "table-actions").is_displayed()
    axe(d, "a table deleted")
    # a name is needed to save
    t.tap("#table-save")
    assert d.find_element(By.ID, "table-name-error").text == "Введите название стола."
    assert d.find_element(By.ID, "table-name").get_attribute("aria-invalid") == "true"
    axe(d, "a table without a name")
    no_console_errors(d)


# a request's field names and JSON pointers, as a sentence must not hold them (in English a one-word field or option
# name is an English word too, «contract», «barrel»: the Russian sheet, which holds no Latin word at all, checks those)
FIELDS = re.compile(r"\b[a-z]+_[a-z_]+\b|(?:^|\s)/[a-z_]+(?:/|\b)")
RULE_ID = re.compile(r"\b(?:thousand|pinochle|canasta)/\d")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_rules_of_the_russian_classic_table_print_on_one_page(d, server, lang):
    t = Table(d)
    open_builder(t, server.url, lang)
    t.tap("#table-rules summary")
    t.type("#table-name", TEXT["name"][lang])
    t.tap("#table-save")
    d.execute_script("window.__printed = 0; window.print = () => { window.__printed += 1; };")
    t.tap("#table-print")
    wait(d).until(lambda d: d.execute_script("return window.__printed"))
    # the sheet: asked for once, the rules under the table's choices (here the variant's own)
    url, body = d.execute_script("return window.__asked[window.__asked.length - 1]")
    assert url.endswith("/v1/games/thousand/rules")
    assert json.loads(body) == {"variant": "russian-classic", "options": {}}
    pdf = d.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "printBackground": False})
    assert pages(pdf) == 1
    sheet = d.find_element(By.ID, "table-sheet")
    text = sheet.get_attribute("textContent")
    assert d.find_element(By.ID, "table-sheet-title").get_attribute("textContent") == \
        {"ru": "Правила нашего стола: Наш стол", "en": "Our table's rules: Our table"}[lang]
    # every rule of the rulebook under these choices, each with its number on a tag of its own
    from referee import service
    book = service.rules_info("thousand", "russian-classic", lang)
    tags = [e.get_attribute("textContent") for e in sheet.find_elements(By.CSS_SELECTOR, ".sheet-rule .rule-id")]
    assert tags == [r["id"].split("/", 1)[1] for r in book["rules"]]
    # the sentences: no rule ID, no field name, no option name, no source name
    sentences = [e.get_attribute("textContent") for e in sheet.find_elements(By.CSS_SELECTOR, "h1, h2, p, li")]
    for s in sentences:
        s = re.sub(r"^\d+\.\d+ ", "", s)                        # the rule's tag, before the sentence
        assert not RULE_ID.search(s), s
        assert not FIELDS.search(s), s
        assert not [name for name in thousand.SPECS if "_" in name and name in s], s
        assert not SOURCES.search(s), s
    assert "pagat" not in text.lower()
    if lang == "ru":    # a Russian sheet has no Latin word at all (the card signs and the numbers are not words)
        assert not re.search(r"[A-Za-z]{2,}", text), re.findall(r".{20}[A-Za-z]{2,}.{20}", text)
    # on the screen the sheet is not shown
    assert not sheet.is_displayed()
    no_console_errors(d)


HOUSE_TITLES = {"ru": ["Штраф за болты", "Сколько сдач на бочке", "Самосвал (555)"],
                "en": ["Penalty for bolts", "How many deals on the barrel", "Dump truck (555)"]}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_printed_table_with_its_own_bolts_barrel_and_555_says_them_not_the_variants(d, server, lang):
    # the table: the third bolt wipes the total, 2 deals on the barrel, no dump truck; the variant (russian-classic)
    # has 120 for the bolts, 3 deals and the dump truck at 555, which its one-line summary states
    from urllib.parse import urlencode

    from referee import i18n
    from web import variants
    rec = {"name": TEXT["name"][lang], "game": "thousand", "variant": "russian-classic",
           "options": {"bolt_penalty": "reset_to_zero", "barrel_deals": 2, "dump_555": "off"}}
    d.get(server.url + LANGS[lang] + "#" + urlencode({"table": json.dumps(rec)}))
    wait(d).until(lambda d: d.find_element(By.ID, "table-offer").is_displayed())
    t = Table(d)
    t.tap("#table-offer-save")
    d.execute_script("window.__printed = 0; window.print = () => { window.__printed += 1; };")
    t.tap("#table-print")
    wait(d).until(lambda d: d.execute_script("return window.__printed"))
    sheet = d.find_element(By.ID, "table-sheet")
    with i18n.language(lang):
        summary = variants.summaries()["thousand"]["russian-classic"]
        header = f"{i18n._('Thousand')} · {i18n._('players: {n}', n=3)}"
    assert d.find_element(By.CSS_SELECTOR, "#table-sheet .sheet-variant").get_attribute("textContent") == header
    assert summary not in sheet.get_attribute("textContent")
    titles = {e.find_element(By.CSS_SELECTOR, ".rule-id").get_attribute("textContent"):
              e.find_element(By.CSS_SELECTOR, "strong").get_attribute("textContent")
              for e in sheet.find_elements(By.CSS_SELECTOR, ".sheet-rule")}
    assert [titles["13.2"], titles["14.2"], titles["16.1"]] == HOUSE_TITLES[lang]
# ------------------------------------------------------------------ names, replacing, deleting (ru at 390 px)

def save(t, name):
    box = t.find("#table-name")
    box.clear()
    t.type("#table-name", name)
    t.tap("#table-save")


def must_beat(t):
    """The house rule «a player following suit must beat the trick», changed from the variant's."""
    t.tap("#house-rules summary")
    t.tap("#opt-must_beat")
    wait(t.d).until(lambda d: d.find_element(By.ID, "rules-changed").text)
    t.tap("#house-rules summary")


def test_saving_under_a_taken_name_asks_before_replacing(d, server):
    t = Table(d)
    open_builder(t, server.url, "ru")
    t.tap("#table-rules summary")
    save(t, "Субботний стол")                          # the variant's rules
    assert stored(d, "referee.tables")[0]["options"] == {}
    must_beat(t)
    # the same name with other rules: asked first, nothing replaced yet
    save(t, "Субботний стол")
    wait(d).until(lambda d: d.find_element(By.ID, "table-replace").is_displayed())
    assert d.find_element(By.ID, "table-replace-text").text == "Заменить правила стола «Субботний стол»?"
    assert d.switch_to.active_element.get_attribute("id") == "table-replace-yes"
    assert [x["options"] for x in stored(d, "referee.tables")] == [{}]
    axe(d, "our table's rules: replace a table's rules?")
    assert small_targets(d, "#table-rules") == []
    # «Оставить прежние»: the saved rules stay as they were
    assert d.find_element(By.ID, "table-replace-no").text == "Оставить прежние"
    t.tap("#table-replace-no")
    assert not d.find_element(By.ID, "table-replace").is_displayed()
    assert [x["options"] for x in stored(d, "referee.tables")] == [{}]
    # asked again, and «Заменить»: one table of that name, with the new rules
    t.tap("#table-save")
    wait(d).until(lambda d: d.find_element(By.ID, "table-replace").is_displayed())
    assert d.find_element(By.ID, "table-replace-yes").text == "Заменить"
    t.tap("#table-replace-yes")
    assert stored(d, "referee.tables") == [{"name": "Субботний стол", "game": "thousand", "variant": "russian-classic",
                                           "options": {"must_beat": True}, "players": [3]}]
    assert d.find_element(By.ID, "table-status").text == \
        "Сохранено: «Субботний стол». Быстрые вопросы и «Партия» теперь идут по этим правилам."
    assert not d.find_element(By.ID, "table-replace").is_displayed()
    axe(d, "our table's rules: a table's rules replaced")
    # the same name with the same rules: nothing to replace, nothing asked
    save(t, "Субботний стол")
    assert not d.find_element(By.ID, "table-replace").is_displayed()
    assert len(stored(d, "referee.tables")) == 1
    no_console_errors(d)


def test_names_that_only_look_different_are_one_table(d, server):
    t = Table(d)
    open_builder(t, server.url, "ru")
    t.tap("#table-rules summary")
    # spaces around and inside a name are not kept
    save(t, "  Субботний   стол ")
    assert [x["name"] for x in stored(d, "referee.tables")] == ["Субботний стол"]
    assert stored(d, "referee.tables.chosen") == {"thousand": "Субботний стол"}
    must_beat(t)
    # a Latin «C» and «o» among the Cyrillic letters, other spaces, another case: the same table, asked about by the
    # name it has
    for typed in ("Cубботний стoл", "  Субботний   стол ", "субботний СТОЛ"):
        save(t, typed)
        wait(d).until(lambda d: d.find_element(By.ID, "table-replace").is_displayed())
        assert d.find_element(By.ID, "table-replace-text").text == "Заменить правила стола «Субботний стол»?", typed
        t.tap("#table-replace-no")
    axe(d, "our table's rules: a look-alike name asked about")
    t.find("#table-name").clear()
    t.type("#table-name", "Cубботний стoл")
    t.tap("#table-save")
    t.tap("#table-replace-yes")
    assert [(x["name"], x["options"]) for x in stored(d, "referee.tables")] == [("Субботний стол", {"must_beat": True})]
    # a name one letter away is another table
    save(t, "Субботний стол 2")
    assert [x["name"] for x in stored(d, "referee.tables")] == ["Субботний стол", "Субботний стол 2"]
    # renamed to a look-alike of the other table: refused; to its own name in other letters' case: renamed
    t.tap("#table-rename")
    box = d.switch_to.active_element
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("Cубботний  стoл" + Keys.ENTER)
    wait(d).until(lambda d: d.find_element(By.ID, "table-status").text == "Стол с таким названием уже есть.")
    assert [x["name"] for x in stored(d, "referee.tables")] == ["Субботний стол", "Субботний стол 2"]
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("  субботний стол   2" + Keys.ENTER)
    wait(d).until(lambda d: d.find_element(By.ID, "table-status").text == "Переименовано: «субботний стол 2».")
    assert [x["name"] for x in stored(d, "referee.tables")] == ["Субботний стол", "субботний стол 2"]
    axe(d, "our table's rules: a look-alike rename refused, then renamed")
    no_console_errors(d)


def changed_three(t):
    """Three house rules changed: a player following suit must beat, two deals on the barrel, and the barrel at 900."""
    t.tap("#house-rules summary")
    t.tap("#opt-must_beat")
    t.tap("#topic-barrel summary")
    t.d.find_element(By.ID, "opt-barrel_deals").send_keys(Keys.CONTROL, "a")
    t.d.find_element(By.ID, "opt-barrel_deals").send_keys("2" + Keys.TAB)
    t.d.find_element(By.ID, "opt-barrel_threshold").send_keys("900")
    wait(t.d).until(lambda d: d.find_element(By.ID, "rules-changed").text)


def test_a_deleted_table_is_brought_back_and_its_house_rules_go_with_it(d, server):
    t = Table(d)
    open_builder(t, server.url, "ru")
    changed_three(t)
    changed = d.find_element(By.ID, "rules-changed").text
    t.tap("#table-rules summary")
    save(t, "Субботний стол")
    rec = stored(d, "referee.tables")
    assert rec[0]["options"] == {"must_beat": True, "barrel_deals": 2, "barrel_threshold": 900}
    # deleted at once: the variant's rules are checked, and in force — none of the table's three is left
    t.tap("#table-delete")
    wait(d).until(lambda d: d.find_element(By.ID, "table-status").text == "Удалено: «Субботний стол».")
    assert stored(d, "referee.tables") == [] and stored(d, "referee.tables.chosen") == {}
    assert d.find_element(By.CSS_SELECTOR, "#table-list [aria-checked=true]").text == \
        "Правила варианта (стол не выбран)"
    assert d.find_element(By.ID, "rules-changed").text == ""
    assert not d.find_element(By.ID, "opt-must_beat").get_attribute("checked")
    assert d.find_element(By.ID, "opt-barrel_deals").get_attribute("value") == "3"
    assert d.find_element(By.ID, "opt-barrel_threshold").get_attribute("value") == "880"
    undo = d.find_element(By.ID, "table-undo")
    assert undo.is_displayed() and undo.text == "Вернуть"
    axe(d, "a table deleted, «Вернуть» offered")
    assert small_targets(d, "#table-rules") == []
    # «Вернуть»: the table is back, chosen, with its three house rules
    t.tap("#table-undo")
    wait(d).until(lambda d: d.find_element(By.ID, "table-status").text == "Возвращено: «Субботний стол».")
    assert stored(d, "referee.tables") == rec
    assert stored(d, "referee.tables.chosen") == {"thousand": "Субботний стол"}
    assert d.find_element(By.CSS_SELECTOR, "#table-list [aria-checked=true]").text == "Субботний стол"
    wait(d).until(lambda d: d.find_element(By.ID, "rules-changed").text == changed)
    assert d.find_element(By.ID, "opt-must_beat").get_attribute("checked")
    assert d.find_element(By.ID, "opt-barrel_deals").get_attribute("value") == "2"
    assert not d.find_element(By.ID, "table-undo").is_displayed()
    axe(d, "a deleted table brought back")
    # deleted again, and left: «Вернуть» goes after a few seconds, the table with it
    t.tap("#table-delete")
    wait(d).until(lambda d: d.find_element(By.ID, "table-undo").is_displayed())
    wait(d, 15).until(lambda d: not d.find_element(By.ID, "table-undo").is_displayed())
    assert stored(d, "referee.tables") == []
    no_console_errors(d)


def test_the_barrel_offers_the_tries_of_the_table_and_a_refusal_ends_the_wait(d, server):
    t = Table(d)
    open_builder(t, server.url, "ru")
    t.tap("#house-rules summary")
    t.tap("#topic-barrel summary")
    d.find_element(By.ID, "opt-barrel_deals").send_keys(Keys.CONTROL, "a")
    d.find_element(By.ID, "opt-barrel_deals").send_keys("2" + Keys.TAB)
    wait(d).until(lambda d: d.find_element(By.ID, "rules-changed").text)
    # and no floor on a contract from the barrel (thousand/7.8): the page then lets 100 through to the referee
    t.tap("#opt-barrel_bid_floor")
    t.tap("#table-rules summary")
    save(t, "Субботний стол")
    d.get(server.url + LANGS["ru"])
    t.find("#quick-list .tile")
    t.tap("#tile-barrel")
    # two deals on the barrel at this table: tries 1 and 2 (under the variant's rules the tile offers 1 to 3)
    tries = [b.text for b in d.find_elements(By.CSS_SELECTOR, "#q-try-wrap [role=radio]")]
    assert tries == ["1", "2"]
    # Анна at 880 on her second and last try; Борис plays (she defends): the deal counts, her tries are used up and
    # she falls off, losing 120 (her card points are not written on the barrel): 880 − 120 = 760
    t.tap("#q-try-2")
    t.tap("#q-outcome-other")
    t.tap("#quick-ask")
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#quick-headline"))
    assert d.find_element(By.ID, "quick-headline").text == "✗ Анна слетает с бочки: 880 → 760"
    axe(d, "the barrel under our table's two deals")
    # a question the referee refuses ends the wait: the headline says so in words. A contract of 100 passes the
    # page's own check (100 to 400, by 5; this table sets no barrel floor) but not the referee's: the 100 is the
    # forced bid of another seat, so Анна cannot have played it (a contract out of range, such as 5000, is stopped
    # by the page before it is sent)
    t.tap("#q-outcome-made")
    box = t.find("#q-contract")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("100")
    t.tap("#quick-ask")
    wait(d).until(lambda d: d.find_element(By.ID, "quick-headline").text.startswith("Судья не принял вопрос: "))
    detail = d.find_element(By.ID, "q-contract-error").text
    assert detail and d.find_element(By.ID, "quick-headline").text == "Судья не принял вопрос: " + detail
    assert "Спрашиваем судью" not in d.find_element(By.ID, "quick-verdict").text
    axe(d, "the barrel: a refused question")
    no_console_errors(d)
