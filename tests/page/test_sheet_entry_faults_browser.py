"""«Партия» as a new player fills it in, where it went wrong: a real browser (Debian's headless Chromium at 390×844,
in Russian, some checks in English), driven as tests/page/test_sheet_browser.py drives it, axe-core in every state.

- Thousand: a box of points left empty is asked for by name before anything is sent (not counted as 0); the last
  box may stay empty only where the referee counts it from the others (two players write both players' points).
- Names that look the same (a Latin A in «Aнна», a zero-width space) are refused as the same name is, and as the
  referee refuses them.
- Pinochle: the counters add up to 240, so the box left empty is filled from the others, whichever it is; a box so
  filled follows the boxes typed until the player types in it.
- Three-hand Pinochle: a failed bid is said in plain words.
- Canasta for five: the row says who of the trio sat the deal out.
- At 390 px no word of the sheet is broken inside itself.
- A number's error names the number.
"""
from __future__ import annotations

from page.browser_helpers import Table, axe, begin, no_console_errors, small_targets, thousand_deal, wait
from page.browser_helpers import begin_with_variant as begin_variant
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

# Thousand: A 11, 10 10, K 4, Q 3, J 2, 9 0 (120 in the pack); a made contract scores the contract


def start_screen(t, base, game, names, variant=None, lang=None):
    """The start screen of ``game`` with ``names`` typed (each box tapped), not yet begun."""
    t.d.get(base + "/sheet" + (f"?lang={lang}" if lang else ""))
    t.tap(f"#game-{game}")
    wait(t.d, 10).until(lambda d: d.find_elements(By.ID, "name-0"))
    if variant:
        Select(t.find("#sheet-variant")).select_by_value(variant)
    wait(t.d, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#names input")) == len(names))
    for i, n in enumerate(names):
        t.type(f"#name-{i}", n)


def broken_words(d):
    """The words shown on the page that a line break cuts inside (a word: letters between spaces, hyphens and
    slashes), and the buttons whose text does not fit in them, each as (the element, the word)."""
    return d.execute_script("""
        const bad = [];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
          const node = walk.currentNode, el = node.parentElement;
          if (!el || el.closest('[hidden], .sr-only, script, style, select, option, [aria-hidden=true]')) continue;
          if (!el.getClientRects().length) continue;
          const re = /[^\\s\\-\\u2010-\\u2014\\/]+/g;
          let m;
          while ((m = re.exec(node.data))) {
            const r = document.createRange();
            r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
            const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.bottom)));
            if (lines.size > 1) bad.push([el.id || el.tagName, m[0]]);
          }
        }
        for (const b of document.querySelectorAll('button')) {
          if (b.getClientRects().length && b.scrollWidth > b.clientWidth) bad.push([b.id || 'button', b.textContent]);
        }
        return bad;""")


def record_after_error(t, rows):
    """Record the deal once the error shown is put right: the sheet has ``rows`` rows and no error is left."""
    t.tap("#record")
    wait(t.d, 10).until(lambda d: t.rows() == rows)
    assert not t.error(), t.error()
    t.settled()


def invalid(d):
    return [e.get_attribute("id") for e in d.find_elements(By.CSS_SELECTOR, "[aria-invalid=true]")]


# ---------------------------------------------------------------- Thousand: the points left empty

def test_thousand_points_left_empty_are_asked_for_by_name_before_sending(d, server):
    t = Table(d)
    begin(t, server.url, "thousand", ["Анна", "Борис", "Вера"])
    # Анна, left of the dealer Вера, is on the forced 100: Борис plays 110, made; the others' points are not typed:
    # nothing is sent, Анна's box is asked for
    t.tap("#decl-1")
    t.typed_here(110)
    t.tap("#outcome-made")
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert t.error() == "Анна: впишите очки за карты."
    assert invalid(d) == ["points-0"]
    assert d.switch_to.active_element.get_attribute("id") == "points-0"
    assert t.rows() == 0
    axe(d, "a Thousand deal with the points not typed")
    # Анна's typed, Вера's not: Вера's is asked for (the declarer's are what the referee counts)
    t.typed_here(5)
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error() == "Вера: впишите очки за карты.")
    assert invalid(d) == ["points-2"]
    assert t.rows() == 0
    # both typed: Анна 5, Вера 5, Борис the other 110 of 120: made, +110; 5 and 5 as written
    t.typed_here(5)
    record_after_error(t, 1)
    assert t.cells(1) == [("5", "+5"), ("110", "+110"), ("5", "+5")]
    no_console_errors(d)


def test_thousand_for_two_both_players_points_are_asked_for(d, server):
    t = Table(d)
    start_screen(t, server.url, "thousand", ["Анна", "Борис"], variant="two-player")
    t.tap("#begin")
    t.find("#record")
    # Анна plays 100 with 95; Борис's box left empty: the unused musik is unseen, so the referee cannot count his
    # from hers, and the page asks for it rather than send 0
    t.tap("#decl-0")
    t.typed_here(100)
    t.tap("#outcome-made")
    t.typed_here(95)
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert t.error() == "Борис: впишите очки за карты." and invalid(d) == ["points-1"]
    assert t.rows() == 0
    axe(d, "a two-player deal with the second points not typed")
    # 95 + 25 = 120 (the musik held two nines); Анна's hearts marriage, 100: 195, made, +100; Борис 25
    t.typed_here(25)
    t.tap("#mar-0-H")
    record_after_error(t, 1)
    assert t.cells(1) == [("100", "+100"), ("25", "+25")]
    no_console_errors(d)


def test_thousand_points_left_empty_in_english(d, server):
    t = Table(d)
    start_screen(t, server.url, "thousand", ["Ann", "Bob", "Cid"], lang="en")
    t.tap("#begin")
    t.tap("#decl-1")
    t.typed_here(120)
    t.tap("#outcome-made")
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert t.error() == "Type Ann's card points."
    assert invalid(d) == ["points-0"]
    axe(d, "the points asked for in English")
    no_console_errors(d)


# ---------------------------------------------------------------- names that look the same

def test_names_that_look_the_same_are_refused_as_the_same_name_is(d, server):
    t = Table(d)
    start_screen(t, server.url, "thousand", ["Анна", "Aнна", "Вера"])      # the second with a Latin A
    t.tap("#begin")
    error = d.find_element(By.ID, "start-error")
    assert error.text == ("«Анна» и «Aнна» выглядят одинаково (буквы другого алфавита): дайте игрокам имена, "
                          "которые можно различить.")
    assert invalid(d) == ["name-1"] and not d.find_element(By.ID, "start").get_attribute("hidden")
    axe(d, "names that look alike")
    # a zero-width space after the name: it shows nothing, and the referee takes no such name
    t.type("#name-1", "Анна\u200b")
    t.tap("#begin")
    assert error.text == "В имени игрока 2 есть невидимые знаки: сотрите имя и впишите его заново."
    assert invalid(d) == ["name-1"]
    # the same name in other letters' case is the same name
    t.type("#name-1", "анна")
    t.tap("#begin")
    assert error.text == "Впишите имена всех игроков, у каждого своё."
    # «Анна» and the Latin «Anna» can be told apart (н is not n), as the referee tells them
    t.type("#name-1", "Anna")
    t.tap("#begin")
    t.find("#record")
    assert [th.text for th in d.find_elements(By.CSS_SELECTOR, "#sheet-table thead th")][1:] in ([], [
        "Анна", "Anna", "Вера"])
    assert "Анна, Anna, Вера" in d.find_element(By.ID, "play-summary").text
    no_console_errors(d)


def test_names_that_look_the_same_in_english(d, server):
    t = Table(d)
    start_screen(t, server.url, "canasta", ["Ann", "Bob", "Аnn", "Dee"], lang="en")   # the third with a Cyrillic А
    t.tap("#begin")
    assert d.find_element(By.ID, "start-error").text == (
        "“Ann” and “Аnn” look alike (letters of another alphabet): give names that can be told apart.")
    assert invalid(d) == ["name-2"]
    axe(d, "names that look alike in English")
    no_console_errors(d)


# ---------------------------------------------------------------- Pinochle: the counters

def test_partnership_counters_fill_the_empty_side_whichever_is_typed(d, server):
    t = Table(d)
    begin_variant(t, server.url, "pinochle", ["Анна", "Борис", "Вера", "Глеб"], variant="partnership")
    counters = lambda: [d.find_element(By.ID, f"counters-{i}").get_attribute("value") for i in (0, 1)]  # noqa: E731
    t.tap("#decl-0")
    t.typed_here(300)
    t.tap("#trump-S")
    # the second side typed first: the first side gets 240 − 100
    t.type("#counters-1", 100)
    assert counters() == ["140", "100"]
    # the filled box follows what is typed
    t.type("#counters-1", 30)
    assert counters() == ["210", "30"]
    # typed past 240 it leaves no number: the filled box is emptied, not kept at the stale 210
    t.type("#counters-1", 300)
    assert counters() == ["", "300"]
    t.type("#counters-1", 70)
    assert counters() == ["170", "70"]
    # the player types in the filled box: it is his now, and the other box no longer changes it
    t.type("#counters-0", 160)
    t.type("#counters-1", 60)
    assert counters() == ["160", "60"]
    t.type("#counters-1", 80)
    assert counters() == ["160", "80"]
    # Анна–Вера meld 150 + 160 + the last trick 10 = 320: made, +320; Борис–Глеб 40 + 80 = 120
    t.type("#meld-0", 150)
    t.type("#meld-1", 40)
    t.tap("#last-0")
    t.record()
    assert t.cells(1) == [("320", "+320"), ("120", "+120")]
    axe(d, "a partnership deal with the counters filled")
    no_console_errors(d)


def test_a_refused_partnership_deal_keeps_no_stale_counters(d, server):
    t = Table(d)
    begin_variant(t, server.url, "pinochle", ["Анна", "Борис", "Вера", "Глеб"], variant="partnership")
    counters = lambda: [d.find_element(By.ID, f"counters-{i}").get_attribute("value") for i in (0, 1)]  # noqa: E731
    t.tap("#decl-0")
    t.typed_here(300)
    t.tap("#trump-S")
    # Борис–Глеб show 60 in meld and take no counters: the referee asks whether they took a trick (refused)
    t.type("#meld-0", 150)
    t.type("#counters-0", 240)
    t.type("#meld-1", 60)
    t.tap("#last-0")
    assert counters() == ["240", "0"]
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert t.rows() == 0
    # the counters corrected after the refusal: the filled box follows them
    t.type("#counters-0", 30)
    assert counters() == ["30", "210"]
    t.type("#counters-0", 200)
    assert counters() == ["200", "40"]
    # 150 + 200 + 10 = 360: made, +360; Борис–Глеб 60 + 40 = 100
    record_after_error(t, 1)
    assert t.cells(1) == [("360", "+360"), ("100", "+100")]
    no_console_errors(d)


def test_three_hand_counters_fill_whichever_player_is_left(d, server):
    t = Table(d)
    begin_variant(t, server.url, "pinochle", ["Анна", "Борис", "Вера"], variant="three-hand-auction")
    counters = lambda: [d.find_element(By.ID, f"counters-{i}").get_attribute("value") for i in (0, 1, 2)]  # noqa: E731
    t.tap("#decl-0")
    t.typed_here(350)
    t.tap("#trump-H")
    t.typed_here(190)                                   # the bidder's meld
    # Борис and Вера typed, Анна's counters filled: 240 − 50 − 90 = 100
    t.type("#counters-2", 90)
    assert counters() == ["", "", "90"]
    t.type("#counters-1", 50)
    assert counters() == ["100", "50", "90"]
    t.tap("#last-1")
    # Анна: 190 + 100 = 290, short of 350: the bid off twice, −700; in plain words, no «бет»
    t.record()
    assert t.cells(1) == [("−700", "−700"), ("0", "0"), ("0", "0")]
    marks = t.marks(1)
    assert marks and all("бет" not in text for _, text in marks)
    # the sum first, then what it costs: the line ends on its points
    assert ("✗", "заявка 350 не сыграна: комбинации 190 + очки за карты 100 = 290; списывается вдвойне: -700") in marks, \
        marks
    axe(d, "a failed three-hand bid")
    no_console_errors(d)


# ---------------------------------------------------------------- Canasta for five: who sat out

def test_canasta_for_five_the_row_says_who_sat_out(d, server):
    t = Table(d)
    begin_variant(t, server.url, "canasta", ["Анна", "Борис", "Вера", "Глеб", "Дина"], variant="five-player")
    keys = ("natural_canastas", "mixed_canastas", "red_threes", "meld_points", "hand_points")
    # Дина sits the first deal out; the trio a natural and a mixed canasta (800), a red three (100), 200 in melds,
    # 5 in hand, out (100): 1 195; the pair a mixed canasta, 150 − 40: 410
    for i, side in enumerate([(1, 1, 1, 200, 5), (0, 1, 0, 150, 40)]):
        for key, value in zip(keys, side):
            t.type(f"#side{i}-{key}", value)
    t.tap("#out-0")
    t.record()
    assert t.cells(1) == [("1 195", "+1 195"), ("410", "+410")]
    trio, pair = d.find_elements(By.CSS_SELECTOR, "#sheet-table tbody tr")[0].find_elements(By.CSS_SELECTOR, "td")
    sat = [(b.find_element(By.CSS_SELECTOR, "[aria-hidden]").text, b.find_element(By.CSS_SELECTOR, ".sr-only")
            .get_attribute("textContent")) for b in trio.find_elements(By.CSS_SELECTOR, "button.mark")]
    assert ("Дина пропускает", "Дина пропускает эту сдачу") in sat
    assert not pair.find_elements(By.CSS_SELECTOR, "button.mark")
    axe(d, "a five-player Canasta row with its sitter")
    assert small_targets(d) == []
    assert broken_words(d) == []
    no_console_errors(d)


# ---------------------------------------------------------------- a number's error names the number

def test_a_canasta_count_out_of_range_is_named_in_the_error(d, server):
    t = Table(d)
    begin(t, server.url, "canasta", ["Анна", "Борис", "Вера", "Глеб"])
    t.type("#side0-hand_points", -5)
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert t.error() == "Анна · Вера: очки на руках — должно быть от 0 до 100000"
    assert invalid(d) == ["side0-hand_points"]
    axe(d, "a Canasta count out of range")
    no_console_errors(d)


# ---------------------------------------------------------------- no word broken at 390 px

def test_no_word_of_the_sheet_is_broken_at_390_px(d, server):
    t = Table(d)
    start_screen(t, server.url, "thousand", ["Анна", "Борис", "Вера"])
    assert broken_words(d) == [], "the start screen"
    t.tap("#begin")
    thousand_deal(t, 1, 110, {0: 5, 2: 5})
    t.record()
    assert d.find_element(By.ID, "copy-share").text == "Копировать ссылку"
    assert broken_words(d) == [], "a Thousand sheet"
    axe(d, "a Thousand sheet at 390 px")
    t.tap("#row-1")
    wait(d, 10).until(lambda d: not d.find_element(By.ID, "delete-deal").get_attribute("hidden"))
    assert broken_words(d) == [], "a deal being corrected"
    for game, names, variant in (("canasta", ["Анна", "Борис", "Вера", "Глеб"], None),
                                 ("pinochle", ["Анна", "Борис", "Вера", "Глеб"], "partnership")):
        d.execute_script("localStorage.removeItem('referee.sheet')")
        start_screen(t, server.url, game, names, variant=variant)
        assert broken_words(d) == [], game + ": the start screen"
        t.tap("#begin")
        t.find("#record")
        assert broken_words(d) == [], game + ": the first deal"
    no_console_errors(d)


def test_no_word_of_the_sheet_is_broken_at_390_px_in_english(d, server):
    t = Table(d)
    start_screen(t, server.url, "thousand", ["Ann", "Bob", "Cid"], lang="en")
    assert broken_words(d) == [], "the start screen"
    t.tap("#begin")
    t.tap("#decl-1")
    t.typed_here(110)
    t.tap("#outcome-made")
    t.typed_here(5, then_next=True)
    t.typed_here(5)
    t.record()
    assert d.find_element(By.ID, "copy-share").text == "Copy the link"
    assert broken_words(d) == [], "a Thousand sheet"
    axe(d, "a Thousand sheet at 390 px in English")
    no_console_errors(d)
