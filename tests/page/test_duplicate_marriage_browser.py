"""A marriage announced twice is marked where it was entered the second time (Debian's headless Chromium at 390×844,
Russian and English).  The referee refuses such a deal (a suit's marriage is announced once a deal): its 422 points
at the second announcement, and the page (the quick question «Сыграл ли заказ?», «Партия») shows the message at the
box of the player who announced it again, not at the first player's nor the declarer's.  axe-core is run in the
state."""
from __future__ import annotations

import pytest
from page.browser_helpers import axe, no_console_errors, wait
from page.quick_helpers import Table, open_page, sends
from selenium.webdriver.common.by import By

TWICE = {"ru": "марьяж ♠: объявляется только раз за сдачу",
         "en": "the spades marriage can be announced only once in a deal"}


def made_with_marriages(t, taps):
    """«Сыграл ли заказ?»: Анна played 120; card points 85 / 20 / (the rest); totals 420 / 310 / 455; then the
    marriages tapped."""
    t.tap("#tile-made")
    t.tap("#q-declarer-0")
    wait(t.d).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-contract")
    for text in ("120", "85", "20", "", "420", "310"):
        t.typed_here(text, then_next=True)
    t.typed_here("455")
    for css in taps:
        t.tap(css)
    t.tap("#quick-ask")
    wait(t.d).until(lambda d: d.find_element(By.ID, "quick-errors").text)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_second_players_marriage_is_marked_at_his_box(d, server, lang):
    # Анна and Борис both say they announced the ♠ marriage: the second (Борис's) is the one refused
    t = Table(d)
    open_page(t, server.url, lang)
    made_with_marriages(t, ["#q-mar0-S", "#q-mar1-S"])
    assert sends(t) == 1
    assert d.find_element(By.ID, "q-mar1-error").text == TWICE[lang]
    assert d.find_element(By.ID, "q-mar0-error").text == ""
    assert "invalid" in d.find_element(By.ID, "q-mar1-wrap").get_attribute("class").split()
    assert "invalid" not in d.find_element(By.ID, "q-mar0-wrap").get_attribute("class").split()
    group = d.find_element(By.CSS_SELECTOR, "#q-mar1-wrap [role=group]")
    assert group.get_attribute("aria-invalid") == "true"
    assert "q-mar1-error" in group.get_attribute("aria-describedby").split()
    # the list at the top links to that box, and the cursor is in it
    assert [a.text for a in d.find_elements(By.CSS_SELECTOR, "#quick-errors li a")] == [TWICE[lang]]
    assert d.switch_to.active_element.get_attribute("id").startswith("q-mar1-")
    axe(d, "a marriage announced twice")
    no_console_errors(d)


def test_the_third_entry_is_marked_when_the_first_two_differ(d, server):
    # Анна ♥, Борис ♠, Вера ♠: the referee refuses the third announcement (Вера's), and only hers is marked
    t = Table(d)
    open_page(t, server.url, "ru")
    made_with_marriages(t, ["#q-mar0-H", "#q-mar1-S", "#q-mar2-S"])
    assert [d.find_element(By.ID, f"q-mar{i}-error").text for i in range(3)] == ["", "", TWICE["ru"]]
    no_console_errors(d)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_on_the_score_sheet_the_second_announcement_is_the_box_marked(d, server, lang):
    # «Партия»: Анна plays 120 and makes it; Борис took 20, Вера 15 (Анна 85); Анна's ♠ marriage is tapped, then
    # Борис's ♠: the referee refuses the second one, and Борис's ♠ box is the one marked, with the cursor in it
    t = Table(d)
    d.get(server.url + {"ru": "/", "en": "/?lang=en"}[lang])
    t.tap("#sheet-link")
    t.tap("#game-thousand")
    wait(d).until(lambda d: d.switch_to.active_element.get_attribute("id") == "name-0")
    for i, name in enumerate(["Анна", "Борис", "Вера"]):
        t.typed_here(name, then_next=i < 2)
    t.tap("#begin")
    t.tap("#decl-0")
    t.typed_here("120")
    t.tap("#outcome-made")
    t.typed_here("20", then_next=True)
    t.typed_here("15")
    t.tap("#mar-0-S")
    t.tap("#mar-1-S")
    t.tap("#record")
    wait(d).until(lambda d: d.find_element(By.ID, "deal-error").text)
    assert d.find_element(By.ID, "deal-error").text == TWICE[lang]
    assert d.find_element(By.ID, "mar-1-S").get_attribute("aria-invalid") == "true"
    assert d.find_element(By.ID, "mar-0-S").get_attribute("aria-invalid") is None
    assert d.switch_to.active_element.get_attribute("id") == "mar-1-S"
    assert d.find_element(By.ID, "mar-1-S").get_attribute("aria-describedby") == "deal-error"
    axe(d, "a marriage announced twice on the score sheet")
    no_console_errors(d)
