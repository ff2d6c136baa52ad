"""The form's table follows the variant: a variant that seats another number of players than the table holds makes
the table anew (players, dealer) for it, and a variant that seats the same number keeps the names typed.  Seen in
the request the page shows as JSON (the «JSON» box under the form), in Debian's headless Chromium."""
from __future__ import annotations

import json

from page.browser_helpers import no_console_errors, wait
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


def body(d):
    """The request the form would send (the JSON box's text, written by the page on every change)."""
    box = d.find_element(By.ID, "json-box")
    if not box.get_attribute("open"):
        d.find_element(By.CSS_SELECTOR, "#json-box > summary").click()
    return json.loads(d.find_element(By.ID, "json").get_attribute("value"))


def choose_variant(d, variant):
    Select(d.find_element(By.ID, "variant")).select_by_value(variant)
    wait(d, 10).until(lambda d: body(d).get("variant") == variant)


def test_a_four_player_variant_seats_four_and_back_to_three(d, server):
    d.get(server.url + "/")
    wait(d, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#variant option"))
    assert len(body(d)["players"]) == 3                      # russian-classic: three at the table
    choose_variant(d, "four-player")                         # Thousand for four: the dealer sits out (thousand/2)
    players = body(d)["players"]
    assert len(players) == 4 and len(set(players)) == 4
    choose_variant(d, "russian-classic")
    three = body(d)["players"]
    assert len(three) == 3
    choose_variant(d, "pagat")                               # three again: the table is kept as it is
    assert body(d)["players"] == three
    no_console_errors(d)
