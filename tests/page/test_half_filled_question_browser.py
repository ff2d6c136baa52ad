"""A quick question half filled in keeps its answers (Debian's headless Chromium at 390×844, in Russian and in
English): the browser's Back leaves the tile for the tiles and Forward brings it back as it was left, so does Back
from another page (the score sheet), and the language switch opens the same tile, in the other language, with the
same answers.  Nothing is tapped twice: the question is finished where it was left (taps counted), and axe-core is
run in each new state."""
from __future__ import annotations

import pytest
from page.browser_helpers import axe, no_console_errors, wait
from page.quick_helpers import MUST_TRUMP, Table, open_page, ruling, sends
from selenium.webdriver.common.by import By

OTHER = {"ru": "en", "en": "ru"}
TITLE = {"ru": "Должен ли игрок козырять / ходить в масть?", "en": "Must the player follow suit, trump or beat?"}


def tile_open(d):
    body, tiles = d.find_element(By.ID, "quick-body"), d.find_element(By.ID, "quick-tiles")
    return body.is_displayed() and not tiles.is_displayed()


def pressed(d):
    """The answers as the tile shows them: the buttons pressed or checked."""
    return sorted(e.get_attribute("id") for e in d.find_elements(
        By.CSS_SELECTOR, "#quick-fields [aria-pressed=true], #quick-fields [aria-checked=true]"))


HALF = ["q-card-AC", "q-he-1", "q-trick-9D", "q-trump-H"]     # Борис (the default), 9♦ led, his A♣, ♥ trump


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_back_and_forward_keep_a_half_filled_tile(d, server, lang):
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#tile-follow", "#q-trick-9D", "#q-card-AC", "#q-trump-H"):
        t.tap(css)
    assert pressed(d) == HALF
    d.back()                                                  # the browser's Back: the tiles
    wait(d).until(lambda d: d.find_element(By.ID, "quick-tiles").is_displayed())
    assert not d.find_element(By.ID, "quick-body").is_displayed()
    axe(d, "back to the tiles")
    d.forward()                                               # Forward: the tile as it was left
    wait(d).until(tile_open)
    assert d.find_element(By.ID, "quick-title").text == TITLE[lang]
    assert pressed(d) == HALF
    axe(d, "forward to the half-filled tile")
    # to another page and Back: the page is loaded again, and the tile with it
    d.execute_script("window.location.href = document.getElementById('sheet-link').href")
    wait(d).until(lambda d: "/sheet" in d.current_url)
    d.back()
    wait(d).until(lambda d: d.find_elements(By.ID, "quick-body") and tile_open(d))
    assert pressed(d) == HALF
    # the page's own «← All questions» is the browser's Back too; Forward from there brings the tile again
    t.tap("#quick-back")
    wait(d).until(lambda d: d.find_element(By.ID, "quick-tiles").is_displayed())
    d.forward()
    wait(d).until(tile_open)
    assert pressed(d) == HALF
    # finished where it was left: two taps and the ask
    t.taps = 0
    d.execute_script("window.__sends = 0; const f = window.fetch; window.fetch = (u, o) => "
                     "{ if (o && o.method === 'POST') window.__sends++; return f(u, o); };")
    for css in ("#q-void-D", "#q-holds-H", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == MUST_TRUMP[lang]
    assert t.count() == (3, 0) and sends(t) == 1
    no_console_errors(d)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_language_switch_keeps_a_half_filled_tile(d, server, lang):
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#tile-follow", "#q-trick-9D", "#q-card-AC", "#q-trump-H"):
        t.tap(css)
    t.tap(f"#lang-{OTHER[lang]}")
    wait(d).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == OTHER[lang])
    wait(d).until(tile_open)
    assert d.find_element(By.ID, "quick-title").text == TITLE[OTHER[lang]]
    assert pressed(d) == HALF
    axe(d, "the half-filled tile in the other language")
    d.execute_script("window.__sends = 0; const f = window.fetch; window.fetch = (u, o) => "
                     "{ if (o && o.method === 'POST') window.__sends++; return f(u, o); };")
    for css in ("#q-void-D", "#q-holds-H", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == MUST_TRUMP[OTHER[lang]]
    assert t.count() == (4 + 1 + 3, 0) and sends(t) == 1    # the tile and 3 answers, the switch, 2 answers and the ask
    no_console_errors(d)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_numbers_typed_survive_the_language_switch_and_back(d, server, lang):
    # «Сыграл ли заказ?»: the declarer and the contract typed, then the language switched, then Back
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-made")
    t.tap("#q-declarer-0")
    wait(d).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-contract")
    t.typed_here("120", then_next=True)
    t.typed_here("85")
    t.tap(f"#lang-{OTHER[lang]}")
    wait(d).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == OTHER[lang])
    wait(d).until(tile_open)
    assert d.find_element(By.ID, "q-contract").get_attribute("value") == "120"
    assert d.find_element(By.ID, "q-points0").get_attribute("value") == "85"
    assert d.find_element(By.ID, "q-declarer-0").get_attribute("aria-checked") == "true"
    axe(d, "a half-typed deal in the other language")
    d.back()                                                  # Back to the first language: still there
    wait(d).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang)
    wait(d).until(tile_open)
    assert d.find_element(By.ID, "q-contract").get_attribute("value") == "120"
    assert d.find_element(By.ID, "q-points0").get_attribute("value") == "85"
    assert d.find_element(By.ID, "quick-title").text == \
        {"ru": "Сыграл ли заказ?", "en": "Did the declarer make the contract?"}[lang]
    no_console_errors(d)
