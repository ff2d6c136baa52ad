"""«Партия» marks penalties in the row, in a real browser (Debian's headless Chromium at 390×844, in Russian), as
tests/page/test_sheet_browser.py drives it.

Russian classic, three players; a misdeal or cutting fault costs 120 (the misdeal penalty): a card exposed in the
deal is the dealer's fault and the deal is not played (thousand/5.1); the cutter who cuts a nine to the bottom a
third time pays (4.1); a player who looks at the talon before the auction ends pays (5.2), and the deal is played.
The deal passes to the left: Вера deals deal 1, Анна deal 2, Борис deal 3.
"""
from __future__ import annotations

from page.browser_helpers import Table, axe, begin, no_console_errors, shot, small_targets, thousand_deal
from selenium.webdriver.common.by import By


def test_penalties_entered_in_two_taps_and_marked_in_the_row(d, server):
    t = Table(d)
    begin(t, server.url, "thousand", ["Анна", "Борис", "Вера"])
    # deal 1, Вера deals: Анна makes 100 with 100 card points; Борис 10, Вера 10; Борис looked at the talon: −120.
    # Анна 100, Борис 10 − 120 = −110, Вера 10
    thousand_deal(t, 0, 100, {1: 10, 2: 10})
    t0 = t.count()
    t.tap("#penalty")
    assert d.find_element(By.ID, "penalty").get_attribute("aria-expanded") == "true"
    axe(d, "the penalties open")
    assert small_targets(d) == []
    t.tap("#pen-talon_peek-1")
    assert t.count()[0] - t0[0] == 2                  # a penalty: two taps
    # once a penalty is chosen, the button says what closing it does
    assert d.find_element(By.ID, "penalty").text == "Убрать штрафы"
    t.record()
    assert t.cells(1) == [("100", "+100"), ("−110", "+10"), ("10", "+10")]
    assert t.marks(1) == [("!−120", "прикуп подсмотрен до конца торговли")]
    # the mark opens its rule
    t.tap("#sheet-table tbody tr:nth-child(1) td:nth-child(3) button.mark")
    box = d.find_element(By.ID, "rule-box")
    assert box.find_element(By.CSS_SELECTOR, ".rule-id").text == "thousand/5.2"
    assert box.find_element(By.TAG_NAME, "h3").text == "прикуп подсмотрен до конца торговли"
    axe(d, "a penalty's rule opened")
    # the form is clear again for the next deal: no penalty carried over
    assert d.find_element(By.ID, "penalty").get_attribute("aria-expanded") == "false"
    # deal 2, Анна deals and exposes a card: the deal is not played, Анна −120: −20
    t0 = t.count()
    t.tap("#penalty")
    t.tap("#pen-exposed_card-0")
    t.record()
    assert t.count()[0] - t0[0] == 3                  # two taps and record
    assert t.cells(2) == [("−20", "0"), ("−110", "0"), ("10", "0")]
    assert t.marks(2) == [("!−120", "карта открылась при сдаче")]
    assert "не сыграна" in d.find_element(By.CSS_SELECTOR, "#sheet-table tbody tr:nth-child(2) th").text
    # deal 3, Борис deals; Анна, below 0, may not bid, so Вера plays her forced 100 and makes it with 100 card points;
    # Анна 10, Борис 10; Анна cut a nine to the bottom a third time (−120): Анна −20 + 10 − 120 = −130, Борис −100,
    # Вера 110
    assert d.find_element(By.ID, "dealer-line").text == "Сдаёт Борис"
    thousand_deal(t, 2, 100, {0: 10, 1: 10})
    t.tap("#penalty")
    # the dealer does not cut: there is no nine-cut toggle for Борис
    assert not d.find_elements(By.ID, "pen-nine_cut-1")
    t.tap("#pen-nine_cut-0")
    t.record()
    assert t.cells(3) == [("−130", "+10"), ("−100", "+10"), ("110", "+100")]
    assert t.marks(3) == [("!−120", "девятка внизу колоды в третий раз")]
    # correcting deal 3: the penalty comes back into the form, and taken away the row loses its mark: Анна −10
    t.tap("#row-3")
    assert d.find_element(By.ID, "pen-nine_cut-0").get_attribute("aria-pressed") == "true"
    t.tap("#pen-nine_cut-0")
    t.save()
    assert t.cells(3) == [("−10", "+10"), ("−100", "+10"), ("110", "+100")]
    assert t.marks(3) == []
    axe(d, "a sheet with penalties")
    assert small_targets(d) == []
    shot(d, "sheet-thousand-penalties-ru")
    no_console_errors(d)


def hand_by_counts(t):
    """The classic hand of the tests below by its counts (natural and mixed canastas, red threes, melds, hand) side
    by side: Анна–Вера 2, 1, 2, 410, 10; Борис–Глеб 0, 1, 0, 200, 50 (the first box tapped, the keyboard's next key
    moving on)."""
    for side, numbers in (("side0", (2, 1, 2, 410, 10)), ("side1", (0, 1, 0, 200, 50))):
        for i, (key, value) in enumerate(zip(("natural_canastas", "mixed_canastas", "red_threes", "meld_points",
                                              "hand_points"), numbers)):
            if side == "side0" and i == 0:
                t.type(f"#{side}-{key}", value, then_next=True)
            else:
                t.typed_here(value, then_next=not (side == "side1" and key == "hand_points"))


def test_a_canasta_irregularity_entered_in_two_taps_and_marked_in_the_row(d, server):
    t = Table(d)
    begin(t, server.url, "canasta", ["Анна", "Борис", "Вера", "Глеб"])
    # classic laws: Анна–Вера 2 natural (2 × 500), 1 mixed (300), 2 red threes (200), 410 in melds, 10 left in hand,
    # out (100): 2,000; Борис–Глеб 1 mixed (300), 200 in melds, 50 in hand: 450, and Борис asked for permission to go
    # out and did not (a permission breach, canasta/8.5): −100, 350
    hand_by_counts(t)
    t.tap("#out-0")
    t0 = t.count()
    t.tap("#penalty")
    axe(d, "Canasta's penalties open")
    assert small_targets(d) == []
    t.tap("#pen-permission_breach-1")
    assert t.count()[0] - t0[0] == 2                  # a penalty: two taps
    t.record()
    assert t.totals() == ["2 000", "350"]
    assert ("!−100", "нарушение правил о разрешении на выход") in t.marks(1)
    t.tap("#sheet-table tbody tr:nth-child(1) td:nth-child(3) button.mark:last-of-type")
    assert d.find_element(By.CSS_SELECTOR, "#rule-box .rule-id").text == "canasta/8.5"
    axe(d, "a Canasta penalty's rule opened")
    # correcting the hand: the penalty is in the form again
    t.tap("#row-1")
    assert d.find_element(By.ID, "pen-permission_breach-1").get_attribute("aria-pressed") == "true"
    no_console_errors(d)


def test_canasta_wild_cards_over_the_limit_cost_50_each(d, server):
    t = Table(d)
    begin(t, server.url, "canasta", ["Анна", "Борис", "Вера", "Глеб"])
    # the hand above, and Борис–Глеб kept a meld with two wild cards too many, found too late (canasta/8.2: 50 for
    # each): 450 − 2 × 50 = 350; Анна–Вера 2,000
    hand_by_counts(t)
    t.tap("#out-0")
    t.tap("#penalty")
    t.tap("#pen-excess_wild_cards-1")
    assert d.find_element(By.ID, "pen-excess-count-1").get_attribute("value") == "1"     # one, until told more
    axe(d, "wild cards over the limit asked")
    assert small_targets(d) == []
    # the count's bounds, said at the box: 1 to 9 (0 and 10 refused, and a box emptied is asked, not taken as 1)
    for wrong in ("0", "10", " "):
        t.type("#pen-excess-count-1", wrong)
        t.tap("#record")
        assert t.error() == "Сколько лишних свободных карт (Борис · Глеб): целое число от 1 до 9.", t.error()
    t.type("#pen-excess-count-1", "2")
    t.record()
    assert t.totals() == ["2 000", "350"]
    assert any(mark == "!−100" for mark, _ in t.marks(1)), t.marks(1)
    # correcting the hand: the penalty and its count are in the form again
    t.tap("#row-1")
    assert d.find_element(By.ID, "pen-excess_wild_cards-1").get_attribute("aria-pressed") == "true"
    assert d.find_element(By.ID, "pen-excess-count-1").get_attribute("value") == "2"
    no_console_errors(d)


def test_closing_the_penalties_says_it_takes_them_away(d, server):
    t = Table(d)
    begin(t, server.url, "thousand", ["Анна", "Борис", "Вера"])
    # Вера deals deal 1; a penalty chosen by mistake is taken back by closing the penalties: nothing is charged.
    # Анна makes 100 with 100 card points, Борис 10, Вера 10
    thousand_deal(t, 0, 100, {1: 10, 2: 10})
    t.tap("#penalty")
    assert d.find_element(By.ID, "penalty").text == "Штраф"          # nothing chosen: the button only opens
    t.tap("#pen-talon_peek-1")
    assert d.find_element(By.ID, "penalty").text == "Убрать штрафы"
    t.tap("#pen-talon_peek-1")                                       # taken back one by one: «Штраф» again
    assert d.find_element(By.ID, "penalty").text == "Штраф"
    t.tap("#pen-talon_peek-1")
    t.tap("#penalty")
    assert d.find_element(By.ID, "penalty").get_attribute("aria-expanded") == "false"
    assert d.find_element(By.ID, "penalty").text == "Штраф"
    axe(d, "the penalties closed")
    t.record()
    assert t.cells(1) == [("100", "+100"), ("10", "+10"), ("10", "+10")]
    assert t.marks(1) == []
    no_console_errors(d)
