"""«Партия» with more players, in a real browser (Debian's headless Chromium at 390×844, in Russian; one check in
English): the partnership Pinochle game of four to its end at the target, Canasta for six (three sides of two, or two
of three) and for five (the trio sitting out in turn).  Taps and typed characters are counted as in
tests/page/test_sheet_browser.py (a box the page has put the cursor in needs no tap; the keyboard's next key moves on);
the budgets: one Pinochle deal ≤ 6 taps + the numbers, one Canasta hand by counts ≤ 14 taps + the numbers.  axe-core
is injected in each state.
"""
from __future__ import annotations

from page.browser_helpers import Table, axe, in_ru, no_console_errors, shot, small_targets, wait
from page.browser_helpers import begin_with_variant as begin
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

COUNT_KEYS = ("natural_canastas", "mixed_canastas", "red_threes", "meld_points", "hand_points")



def partnership_deal(t, bidder, bid, trump, meld_a, counters_a, meld_b, last):
    """One partnership deal as the pad keeps it: who won the bidding (the cursor goes to the bid), the bid, the trump
    (the cursor goes to the first side's meld), that side's meld and counters, the other side's meld (its counters
    are what is left of 240, filled in by the page), the last trick."""
    t.tap(f"#decl-{bidder}")
    t.typed_here(bid)
    t.tap(f"#trump-{trump}")
    t.typed_here(meld_a, then_next=True)
    t.typed_here(counters_a, then_next=True)
    t.typed_here(meld_b)
    t.tap(f"#last-{last}")


def contract_line(d, n):
    return d.find_elements(By.CSS_SELECTOR, "#sheet-table tbody tr")[n - 1].find_element(By.CSS_SELECTOR,
                                                                                          ".contract").text


def test_partnership_pinochle_to_the_target(d, server):
    t = Table(d)
    begin(t, server.url, "pinochle", ["Анна", "Борис", "Вера", "Глеб"], variant="partnership")
    assert [th.text for th in d.find_elements(By.CSS_SELECTOR, "#sheet-table thead th, #sheet-wrap th")][1:] in (
        [], ["Анна · Вера", "Борис · Глеб"])
    deals = [
        # Анна bids 500: Анна–Вера meld 500, counters 200 + the last trick's 10: 710, made; Борис–Глеб 20 + 40 = 60
        ((0, 500, "S", 500, 200, 20, 0), [("710", "+710"), ("60", "+60")], "Анна 500: сыгран"),
        # Борис bids 250: Борис–Глеб 100 + 90 = 190, set: −250 → −190; Анна–Вера 80 + 150 + 10 = 240 → 950
        ((1, 250, "H", 80, 150, 100, 0), [("950", "+240"), ("−190", "−250")], "Борис 250: не сыгран"),
        # Анна bids 250: 100 + 160 + 10 = 270, made → 1 220, past 1 000: Анна–Вера win; Борис–Глеб 0 + 80 → −110
        ((0, 250, "D", 100, 160, 0, 0), [("1 220", "+270"), ("−110", "+80")], "Анна 250: сыгран"),
    ]
    for n, (deal, cells, line) in enumerate(deals, 1):
        t0 = t.count()
        partnership_deal(t, *deal)
        t.record()
        taps = t.count()[0] - t0[0]
        assert taps <= 6 and taps == 4                   # who won the bidding, trump, last trick, record
        assert t.cells(n) == cells
        assert contract_line(d, n) == line
        if n == 1:
            axe(d, "a partnership Pinochle sheet")
            assert small_targets(d) == []
    assert [th.text for th in d.find_elements(By.CSS_SELECTOR, "#sheet-table thead th")][1:] == [
        "Анна · Вера", "Борис · Глеб"]
    assert t.totals() == ["1 220", "−110"]
    assert d.find_element(By.ID, "game-over").text == "Игра окончена.\nПобедитель: Анна · Вера"
    assert [m[0] for m in t.marks(2)] == ["✗"]
    axe(d, "a partnership Pinochle game over")
    shot(d, "sheet-pinochle-partnership-ru")
    no_console_errors(d)


def test_a_partnership_deal_the_referee_refuses_points_at_the_counters(d, server):
    t = Table(d)
    begin(t, server.url, "pinochle", ["Анна", "Борис", "Вера", "Глеб"], variant="partnership")
    # 130 and 120 are 250 counters: the pack holds 240
    partnership_deal(t, 0, 300, "S", 150, 130, 60, 0)
    t.type("#counters-1", 120)
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert "240" in t.error() and "250" in t.error()
    assert d.find_element(By.ID, "counters-0").get_attribute("aria-invalid") == "true"
    axe(d, "a refused partnership deal")
    no_console_errors(d)


def test_a_side_with_meld_and_no_counters_says_whether_it_took_a_trick(d, server):
    t = Table(d)
    begin(t, server.url, "pinochle", ["Анна", "Борис", "Вера", "Глеб"], variant="partnership")
    # Борис–Глеб show 60 in meld but take no counters, and Анна–Вера the last trick: a trick of four nines is worth
    # nothing, so the referee asks whether they won one
    partnership_deal(t, 0, 300, "S", 150, 240, 60, 0)
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert t.error() == in_ru("the side's meld counts only if it won a trick, and its card points do not say "
                              "whether it did: give the tricks each took")
    axe(d, "a partnership deal asking for the tricks")
    # they took none: their meld is lost (0); Анна–Вера 150 + 240 + 10 = 400, made
    t.tap("#notrick-1")
    t.record()
    assert t.cells(1) == [("400", "+400"), ("0", "0")]
    assert [m[0] for m in t.marks(1)] == ["✓", "комб. сгорели"]
    no_console_errors(d)


def test_three_hand_pinochle_deal(d, server):
    t = Table(d)
    begin(t, server.url, "pinochle", ["Анна", "Борис", "Вера"], variant="three-hand-auction")
    # Анна bids 300: meld 190, counters 150 (her buried cards in them) + the last trick 10: 350, made: +300; the
    # others score nothing.  Вера's counters are what is left: 240 − 150 − 50 = 40
    t0 = t.count()
    t.tap("#decl-0")
    t.typed_here(300)
    t.tap("#trump-H")                       # the cursor goes to the bidder's meld
    t.typed_here(190, then_next=True)
    t.typed_here(150, then_next=True)
    t.typed_here(50)
    t.tap("#last-0")
    t.record()
    assert t.count()[0] - t0[0] == 4
    assert d.find_element(By.ID, "counters-2").get_attribute("value") == ""      # a fresh form for deal 2
    assert t.cells(1) == [("300", "+300"), ("0", "0"), ("0", "0")]
    axe(d, "a three-hand Pinochle sheet")
    # deal 2: Борис bids 320 and gives up before the first lead, no trump named: the bid is off once (pinochle/8.4),
    # −320; nothing else is asked (no trump, no meld, no counters)
    t0 = t.count()
    t.tap("#decl-1")
    t.typed_here(250)                       # under the 300 the variant starts from: said once, at the box
    t.tap("#given-up")
    assert d.find_elements(By.ID, "bidder-meld") == [] and d.find_elements(By.ID, "counters-0") == []
    axe(d, "a three-hand deal given up")
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert t.error().lower().count("заявка") == 1, t.error()
    t.type("#bid", 320)
    t.record()
    assert t.count()[0] - t0[0] == 4       # the bidder, give up, record; (the cursor is put in the bid box) record
    assert t.cells(2) == [("300", "0"), ("−320", "−320"), ("0", "0")]
    assert contract_line(d, 2) == "Борис 320: отказ до первого хода, заявка списывается один раз"
    # its mark is Pinochle's word, not Thousand's «Р» (роспись)
    assert [m[0] for m in t.marks(2)] == ["отказ"]
    # corrected: the form has it given up again
    t.tap("#row-2")
    assert d.find_element(By.ID, "given-up").get_attribute("aria-pressed") == "true"
    no_console_errors(d)


def canasta_hand(t, numbers, out):
    """One Canasta hand by counts: every side's five numbers, the keyboard's next key between them (the first box
    tapped), then who went out."""
    first = True
    for i, side in enumerate(numbers):
        for k, (key, value) in enumerate(zip(COUNT_KEYS, side)):
            last = i == len(numbers) - 1 and k == len(COUNT_KEYS) - 1
            if first:
                t.type(f"#side{i}-{key}", value, then_next=True)
                first = False
            else:
                t.typed_here(value, then_next=not last)
    t.tap(f"#out-{out}")


def test_canasta_for_six_in_three_sides_of_two(d, server):
    t = Table(d)
    names = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Ефим"]
    begin(t, server.url, "canasta", names, variant="six-player")
    assert [th.text for th in d.find_elements(By.CSS_SELECTOR, "#sheet-table thead th")][1:] in ([], [
        "Анна · Глеб", "Борис · Дина", "Вера · Ефим"])
    # Анна–Глеб go out: 2 natural canastas (1 000), a mixed one (300), 2 red threes (200), 310 in melds, 5 left in
    # Глеб's hand, out (100): 1 905; Борис–Дина a mixed canasta, a red three, 150 − 40: 510; Вера–Ефим 60 − 75: −15.
    # The first meld next hand: from 1 500 90, from 0 50, below 0 15
    t0 = t.count()
    canasta_hand(t, [(2, 1, 2, 310, 5), (0, 1, 1, 150, 40), (0, 0, 0, 60, 75)], out=0)
    t.record()
    taps = t.count()[0] - t0[0]
    assert taps <= 14 and taps == 3                     # the first box, went out, record
    assert t.cells(1) == [("1 905", "+1 905"), ("510", "+510"), ("−15", "−15")]
    assert [m.text for m in d.find_elements(By.CSS_SELECTOR, "#sheet-table .minimum")] == [
        "открытие от 90", "открытие от 50", "открытие от 15"]
    assert [th.text for th in d.find_elements(By.CSS_SELECTOR, "#sheet-table thead th")][1:] == [
        "Анна · Глеб", "Борис · Дина", "Вера · Ефим"]
    axe(d, "a six-player Canasta sheet")
    assert small_targets(d) == []
    shot(d, "sheet-canasta-six-ru")
    no_console_errors(d)


def test_canasta_for_six_in_two_sides_of_three(d, server):
    t = Table(d)
    d.get(server.url + "/sheet")
    t.tap("#game-canasta")
    wait(d, 10).until(lambda d: d.find_elements(By.ID, "name-3"))
    Select(t.find("#sheet-variant")).select_by_value("six-player")
    wait(d, 10).until(lambda d: d.find_elements(By.ID, "sides-3"))
    for i, n in enumerate(["Анна", "Борис", "Вера", "Глеб", "Дина", "Ефим"]):
        t.type(f"#name-{i}", n)
    t.tap("#sides-3")
    assert d.find_element(By.ID, "sides-3").get_attribute("aria-pressed") == "true"
    axe(d, "the start screen with the sides of six")
    t.tap("#begin")
    t.find("#record")
    # Анна–Вера–Дина go out: 2 natural canastas (1 000), all six red threes (1 200), 400 in melds, 10 in the two
    # other hands, out (100): 2 690; Борис–Глеб–Ефим a mixed canasta, 200 − 90: 410
    t0 = t.count()
    canasta_hand(t, [(2, 0, 6, 400, 10), (0, 1, 0, 200, 90)], out=0)
    t.record()
    assert t.count()[0] - t0[0] == 3
    assert t.cells(1) == [("2 690", "+2 690"), ("410", "+410")]
    assert [th.text for th in d.find_elements(By.CSS_SELECTOR, "#sheet-table thead th")][1:] == [
        "Анна · Вера · Дина", "Борис · Глеб · Ефим"]
    # a reload keeps the sides as chosen, and the sheet
    d.refresh()
    wait(d, 10).until(lambda d: t.rows() == 1 and t.totals() == ["2 690", "410"])
    assert [th.text for th in d.find_elements(By.CSS_SELECTOR, "#sheet-table thead th")][1:] == [
        "Анна · Вера · Дина", "Борис · Глеб · Ефим"]
    no_console_errors(d)


def test_canasta_for_five_the_trio_sits_out_in_turn(d, server):
    t = Table(d)
    begin(t, server.url, "canasta", ["Анна", "Борис", "Вера", "Глеб", "Дина"], variant="five-player")
    # the trio Анна, Вера, Дина (seats 1, 3, 5) against Борис and Глеб; Дина sits the first deal out, Анна the next
    assert [b.get_attribute("aria-pressed") for b in d.find_elements(By.CSS_SELECTOR, "[id^=sitter-]")] == [
        "false", "false", "true"]
    # the trio goes out: a natural and a mixed canasta (800), a red three (100), 200 in melds, 5 in Вера's hand,
    # out (100): 1 195; the pair a mixed canasta, 150 − 40: 410
    t0 = t.count()
    canasta_hand(t, [(1, 1, 1, 200, 5), (0, 1, 0, 150, 40)], out=0)
    t.record()
    assert t.count()[0] - t0[0] == 3
    assert t.cells(1) == [("1 195", "+1 195"), ("410", "+410")]
    assert [b.get_attribute("aria-pressed") for b in d.find_elements(By.CSS_SELECTOR, "[id^=sitter-]")] == [
        "true", "false", "false"]
    axe(d, "a five-player Canasta sheet")
    no_console_errors(d)


def test_partnership_pinochle_in_english(d, server):
    t = Table(d)
    d.get(server.url + "/sheet?lang=en")
    t.tap("#game-pinochle")
    wait(d, 10).until(lambda d: d.find_elements(By.ID, "name-1"))
    Select(t.find("#sheet-variant")).select_by_value("partnership")
    wait(d, 10).until(lambda d: d.find_elements(By.ID, "name-3"))
    assert d.find_element(By.CSS_SELECTOR, "label[for=name-0]").text == "Seat 1 (seats 1 and 3 play together)"
    for i, n in enumerate(["Ann", "Bob", "Cid", "Dee"]):
        t.type(f"#name-{i}", n)
    t.tap("#begin")
    t.find("#record")
    assert d.find_element(By.CSS_SELECTOR, "#deal-fields .group-label").text == "Who won the bidding"
    # Ann bids 300: Ann+Cid 150 + 170 + 10 = 330, made; Bob+Dee 60 + 70 = 130
    partnership_deal(t, 0, 300, "S", 150, 170, 60, 0)
    t.record()
    assert t.cells(1) == [("330", "+330"), ("130", "+130")]
    assert contract_line(d, 1) == "Ann 300: made"
    axe(d, "a partnership sheet in English")
    no_console_errors(d)
