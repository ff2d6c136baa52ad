"""«Партия» open in two tabs of one browser keeps one game (Debian's headless Chromium at 390×844, in Russian, as
tests/page/test_sheet_browser.py drives it): a deal recorded in one tab shows in the other (the storage event), and a
tab whose copy is older never writes over the newer sheet (the sheet's revision), so no deal is lost.

Russian classic, three players; each deal a player makes 120 with 80 card points and the heart marriage (100) while
the other two take 20 each: +120 for the declarer, +20 for each defender.
"""
from __future__ import annotations

from page.browser_helpers import Table, axe, begin, no_console_errors, thousand_deal, wait
from selenium.webdriver.common.by import By


def made(t, seat):
    thousand_deal(t, seat, 120, {p: 20 for p in range(3) if p != seat}, marriages="H")


def test_two_tabs_keep_one_sheet(d, server):
    t = Table(d)
    begin(t, server.url, "thousand", ["Анна", "Борис", "Вера"])
    first = d.current_window_handle
    made(t, 0)
    t.record()                                                   # Анна 120, Борис 20, Вера 20
    # the second tab opens the same game
    d.switch_to.new_window("tab")
    d.get(server.url + "/sheet")
    wait(d, 10).until(lambda d: t.rows() == 1 and t.totals() == ["120", "20", "20"])
    second = d.current_window_handle
    made(t, 1)
    t.record()                                                   # Борис: 140, 140, 40
    # back in the first tab the sheet has the second tab's deal, and says where it came from
    d.switch_to.window(first)
    wait(d, 10).until(lambda d: t.rows() == 2 and t.totals() == ["140", "140", "40"])
    assert d.find_element(By.ID, "sheet-status").text == \
        "Эту партию изменили в другой вкладке: здесь теперь тот же лист."
    assert d.find_element(By.ID, "deal-title").text == "Сдача 3"
    axe(d, "a sheet brought in from another tab")
    made(t, 2)
    t.record()                                                   # Вера: 160, 160, 160
    d.switch_to.window(second)
    wait(d, 10).until(lambda d: t.rows() == 3 and t.totals() == ["160", "160", "160"])
    # a copy that did not hear of a newer sheet (written here behind the page's back, as another tab would):
    # deal 4 is deal 1 again (Анна 280, 180, 180).  Recording deal 5 in this tab, whose copy is older, puts it after
    # deal 4 instead of writing the three-deal copy over it: Борис 300, 300, 200
    d.execute_script("""
        const s = JSON.parse(localStorage.getItem('referee.sheet'));
        s.deals.push(s.deals[0]); s.rev += 1; s.answer = null; s.pending = true;
        localStorage.setItem('referee.sheet', JSON.stringify(s));""")
    made(t, 1)
    t.tap("#record")
    wait(d, 10).until(lambda d: t.rows() == 5 and t.totals() == ["300", "300", "200"])
    assert t.cells(4) == [("280", "+120"), ("180", "+20"), ("180", "+20")]
    # and the first tab shows the five deals too
    d.switch_to.window(first)
    wait(d, 10).until(lambda d: t.rows() == 5 and t.totals() == ["300", "300", "200"])
    no_console_errors(d)
