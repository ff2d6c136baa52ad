"""The quick questions' choice buttons by keyboard (Debian's headless Chromium at 390×844, Russian and English): a
group of which one button is chosen is a radio group (role radiogroup, each button a radio with aria-checked), one
stop of the Tab key (roving tabindex), and the arrow keys move through it and check the button they reach, round
from the last to the first; a group of which several may be pressed keeps its toggle buttons (aria-pressed), the
arrow keys moving through them without pressing.  axe-core is run in each state."""
from __future__ import annotations

import pytest
from page.browser_helpers import axe, no_console_errors, wait
from page.quick_helpers import Table, open_page
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def state(d, group):
    """Each button of the group: (id, aria-checked or aria-pressed, tabindex)."""
    return [(b.get_attribute("id"), b.get_attribute("aria-checked") or b.get_attribute("aria-pressed"),
             b.get_attribute("tabindex")) for b in d.find_elements(By.CSS_SELECTOR, f"#q-{group}-wrap button")]


def focused(d):
    return d.switch_to.active_element.get_attribute("id")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_arrow_keys_move_through_a_radio_group_and_check(d, server, lang):
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-follow")
    group = d.find_element(By.CSS_SELECTOR, "#q-trump-wrap .q-choices")
    assert group.get_attribute("role") == "radiogroup"
    assert group.get_attribute("aria-labelledby") == "q-trump-label"
    assert group.get_attribute("aria-required") == "true"
    # nothing chosen yet: the first button is the group's one stop
    assert state(d, "trump") == [("q-trump-none", "false", "0"), ("q-trump-S", "false", "-1"),
                                 ("q-trump-C", "false", "-1"), ("q-trump-D", "false", "-1"),
                                 ("q-trump-H", "false", "-1")]
    assert all(b.get_attribute("role") == "radio" for b in group.find_elements(By.TAG_NAME, "button"))
    d.find_element(By.ID, "q-trump-none").send_keys(Keys.ARROW_RIGHT)
    assert focused(d) == "q-trump-S"
    assert state(d, "trump")[:2] == [("q-trump-none", "false", "-1"), ("q-trump-S", "true", "0")]
    d.switch_to.active_element.send_keys(Keys.ARROW_DOWN)       # down is on, as right
    assert focused(d) == "q-trump-C" and state(d, "trump")[2] == ("q-trump-C", "true", "0")
    d.switch_to.active_element.send_keys(Keys.END)
    assert focused(d) == "q-trump-H" and state(d, "trump")[4] == ("q-trump-H", "true", "0")
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)      # round from the last to the first
    assert focused(d) == "q-trump-none" and state(d, "trump")[0] == ("q-trump-none", "true", "0")
    d.switch_to.active_element.send_keys(Keys.ARROW_LEFT)       # and back from the first to the last
    assert focused(d) == "q-trump-H"
    assert [s[1] for s in state(d, "trump")] == ["false", "false", "false", "false", "true"]
    axe(d, "a radio group checked by the arrow keys")
    # Tab leaves the group at once, for the next group's one stop
    d.switch_to.active_element.send_keys(Keys.TAB)
    assert focused(d) == "q-void-S"
    # a group of toggles: the arrow keys move, Space presses
    assert d.find_element(By.CSS_SELECTOR, "#q-void-wrap .q-choices").get_attribute("role") == "group"
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert focused(d) == "q-void-D"
    assert [s[1] for s in state(d, "void")] == ["false"] * 4
    assert [s[2] for s in state(d, "void")] == ["-1", "-1", "0", "-1"]
    d.switch_to.active_element.send_keys(Keys.SPACE)
    assert state(d, "void")[2] == ("q-void-D", "true", "0")
    axe(d, "toggles moved through by the arrow keys")
    no_console_errors(d)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_arrow_keys_stay_in_a_group_whose_tap_moves_the_cursor_on(d, server, lang):
    # «Сыграл ли заказ?»: a tap on the declarer puts the cursor in the contract box; the arrow keys choose the
    # declarer and stay in the group, and the choice is the one sent
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-made")
    t.d.find_element(By.ID, "q-declarer-0").send_keys(Keys.ARROW_RIGHT)
    wait(d, 2).until(lambda d: focused(d) == "q-declarer-1")
    d.execute_script("return new Promise(r => setTimeout(r, 50))")
    assert focused(d) == "q-declarer-1"
    assert [s[1] for s in state(d, "declarer")] == ["false", "true", "false"]
    axe(d, "the declarer chosen by the arrow keys")
    # a tap still moves the cursor on
    t.tap("#q-declarer-2")
    wait(d, 2).until(lambda d: focused(d) == "q-contract")
    no_console_errors(d)
