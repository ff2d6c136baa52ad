"""«Партия» keeps Thousand for two and for four in a real browser (Debian's headless Chromium at 390×844, in Russian,
one check in English), counting taps and typed characters as tests/page/test_sheet_browser.py does.

Card values A 11, 10 10, K 4, Q 3, J 2, 9 0; a made contract scores the contract, a failed one costs it; a
defender's points are rounded to 5.

Two players (variant two-player): the unused musik stays unseen, so both players' card points are written down
(the declarer's with the discards); they add up to 120 less that unseen pair, never 119 (no 2 cards are worth 1).
Four players (variant four-player): the dealer sits out and scores the talon's card points as they stand; the deal
passes to the left, so the sitter changes every deal.
"""
from __future__ import annotations

from page.browser_helpers import Table, axe, begin_with_variant, no_console_errors, shot, small_targets, wait
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


def begin(t, base, names, variant):
    """From the first screen to the first deal of Thousand's ``variant``: the «Партия» link, Thousand, the variant
    box and its choice, the first name box (the keyboard's next key moves on), start."""
    begin_with_variant(t, base, "thousand", names, variant)


def deal(t, declarer, contract, points, marriages=(), no_trick=(), talon=None):
    """Declarer (by seat), the contract (the cursor is put in its box), made, then the points boxes in seat order
    (the cursor is put in the first; the keyboard's next key moves on), the talon's points after them, the marriages
    (the declarer's), who took no trick."""
    t.tap(f"#decl-{declarer}")
    t.typed_here(contract)
    t.tap("#outcome-made")
    seats = sorted(points)
    for i, seat in enumerate(seats):
        t.typed_here(points[seat], then_next=i + 1 < len(seats) or talon is not None)
    if talon is not None:
        t.typed_here(talon)
    for suit in marriages:
        t.tap(f"#mar-{declarer}-{suit}")
    for p in no_trick:
        t.tap(f"#notrick-{p}")


def test_thousand_for_two(d, server):
    t = Table(d)
    begin(t, server.url, ["Анна", "Борис"], "two-player")
    # start: the link, Thousand, the variant box and its choice, the first name box, start: 6 taps + the names
    assert t.taps <= 6 and t.taps == 6, t.taps
    assert d.find_element(By.ID, "dealer-line").text == "Сдаёт Борис"
    axe(d, "a two-player sheet, empty")
    assert small_targets(d) == []
    # deal 1, Борис deals: Анна plays 100 with 95 (her tricks and the discards) + hearts 100 = 195: +100; Борис 25.
    # 95 + 25 = 120: the unseen musik held two nines.  Both players' points are typed
    t0 = t.count()
    deal(t, 0, 100, {0: 95, 1: 25}, marriages="H")
    t.record()
    taps, chars = t.count()[0] - t0[0], t.count()[1] - t0[1]
    assert taps <= 8 and taps == 4, taps            # declarer, made, the marriage, record
    assert chars == len("100") + len("95") + 1 + len("25")
    assert t.cells(1) == [("100", "+100"), ("25", "+25")]
    # deal 2, Анна deals: Борис plays 100 with 70 + spades 40 = 110: +100; Анна 50.  100 + 50 = 150, Борис 125
    assert d.find_element(By.ID, "dealer-line").text == "Сдаёт Анна"
    deal(t, 1, 100, {0: 50, 1: 70}, marriages="S")
    t.record()
    assert t.cells(2) == [("150", "+50"), ("125", "+100")]
    # deal 3: 94 + 25 = 119 would leave the unseen pair worth 1, which no 2 cards are: refused, in words
    deal(t, 0, 120, {0: 94, 1: 25})
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert t.error() == ("неиспользованный прикуп должен был бы стоить 1 (120 минус указанные 119), а никакие 2 "
                         "карты вне игры столько не стоят")
    axe(d, "a two-player deal refused")
    # Анна takes every trick: 120 (the unseen pair two nines), +120; Борис no trick: 0, a bolt.  270, 125
    deal(t, 0, 120, {0: 120, 1: 0}, no_trick=(1,))
    t.tap("#record")                                 # the refusal above stays shown until the deal is taken
    wait(d, 10).until(lambda d: t.rows() == 3)
    t.settled()
    assert t.cells(3) == [("270", "+120"), ("125", "0")]
    assert t.marks(3) == [("|", "болт № 1")]
    assert t.totals() == ["270", "125"]
    axe(d, "a two-player sheet of three deals")
    shot(d, "sheet-thousand-two-ru")
    no_console_errors(d)


def test_thousand_for_four_the_dealer_sits_out(d, server):
    t = Table(d)
    begin(t, server.url, ["Анна", "Борис", "Вера", "Глеб"], "four-player")
    assert t.taps <= 6 and t.taps == 6, t.taps
    # Глеб deals first and sits out: he is not among those who may declare
    assert d.find_element(By.ID, "dealer-line").text == "Сдаёт Глеб и в этой сдаче не играет"
    assert not d.find_elements(By.ID, "decl-3") and not d.find_elements(By.ID, "points-3")
    axe(d, "a four-player sheet, empty")
    assert small_targets(d) == []
    # deal 1: Анна plays 120 with 100 + hearts 100 = 200: +120; Борис 15, Вера 120 - 115 = 5 (worked out); Глеб the
    # talon's 21 (A, 10, 9) as it stands
    t0 = t.count()
    deal(t, 0, 120, {1: 15, 2: 5}, marriages="H", talon=21)
    t.record()
    taps, chars = t.count()[0] - t0[0], t.count()[1] - t0[1]
    assert taps <= 8 and taps == 4, taps            # declarer, made, the marriage, record
    assert chars == len("120") + len("15") + 1 + len("5") + 1 + len("21")
    assert t.cells(1) == [("120", "+120"), ("15", "+15"), ("5", "+5"), ("21", "+21")]
    # the row says who sat out and what the talon gave; the mark opens the rule
    assert t.marks(1) == [("П", "на прикупе: очки карт прикупа 21")]
    t.tap("#sheet-table tbody tr:nth-child(1) td:nth-child(5) button.mark")
    box = d.find_element(By.ID, "rule-box")
    assert box.find_element(By.CSS_SELECTOR, ".rule-id").text == "thousand/3.6"
    axe(d, "the sitter's rule opened")
    # deal 2: the deal passes to the left, Анна deals and sits out; Борис plays 100 with 85 + spades 40 = 125: +100;
    # Вера 20, Глеб 120 - 105 = 15; Анна the talon's 10.  Анна 130, Борис 115, Вера 25, Глеб 36
    assert d.find_element(By.ID, "dealer-line").text == "Сдаёт Анна и в этой сдаче не играет"
    assert not d.find_elements(By.ID, "decl-0")
    deal(t, 1, 100, {2: 20, 3: 15}, marriages="S", talon=10)
    t.record()
    assert t.cells(2) == [("130", "+10"), ("115", "+100"), ("25", "+20"), ("36", "+15")]
    assert t.totals() == ["130", "115", "25", "36"]
    assert d.find_element(By.ID, "dealer-line").text == "Сдаёт Борис и в этой сдаче не играет"
    # a talon no 3 cards make (27) is refused at its box
    deal(t, 2, 100, {0: 10, 3: 10}, talon=27)
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert t.error() == "никакие 3 карты не дают в сумме 27 очков: карты стоят 11, 10, 4, 3, 2 и 0"
    assert d.switch_to.active_element.get_attribute("id") == "talon"
    axe(d, "a four-player deal refused")
    shot(d, "sheet-thousand-four-ru")
    # in English: the sitter's mark and the dealer line
    d.get(server.url + "/sheet?lang=en")
    wait(d, 10).until(lambda d: t.rows() == 2 and t.marks(1) == [("T", "sitting out: talon card points 21")])
    assert d.find_element(By.ID, "dealer-line").text == "Dealer: Борис, sitting out this deal"
    axe(d, "a four-player sheet in English")
    no_console_errors(d)


def test_thousand_for_four_where_the_sitter_scores_the_aces_the_talons_cards_are_typed(d, server):
    t = Table(d)
    t.d.get(server.url + "/")
    t.tap("#sheet-link")
    t.tap("#game-thousand")
    wait(d, 10).until(lambda d: d.find_elements(By.ID, "name-0"))
    Select(t.find("#sheet-variant")).select_by_value("four-player")
    wait(d, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#names input")) == 4)
    for i, n in enumerate(["Анна", "Борис", "Вера", "Глеб"]):
        t.type(f"#name-{i}", n)
    # the house rule: the sitter scores 40 an ace in the talon and a marriage in it
    t.tap("#sheet-rules summary")
    wait(d, 10).until(lambda d: d.find_elements(By.ID, "opt-sitter_scoring"))
    Select(t.find("#opt-sitter_scoring")).select_by_value('"aces_40_marriage"')
    t.tap("#begin")
    t.find("#record")
    # Глеб sits out; Анна plays 120 with 100 + hearts 100: +120; Борис 15, Вера 5; the talon A♠ K♦ Q♦ (written the
    # Russian way): one ace, 40, and the diamond marriage, 80: Глеб 120
    deal(t, 0, 120, {1: 15, 2: 5}, marriages="H", talon="Тп Кб Дб")
    assert d.find_element(By.CSS_SELECTOR, "label[for=talon]").text == "Глеб: 3 карты прикупа"
    axe(d, "the talon's cards asked for")
    t.record()
    assert t.cells(1) == [("120", "+120"), ("15", "+15"), ("5", "+5"), ("120", "+120")]
    no_console_errors(d)


TALON_EMPTY = {"ru": "Глеб сидит на прикупе: впишите очки прикупа.",
               "en": "Глеб sits out: type the talon's card points."}


def test_thousand_for_four_asks_for_the_talons_points_not_its_cards(d, server):
    # four-player: Глеб deals and sits out, and scores the talon's card points (thousand/3.6).  Анна's deal written
    # with the talon's box left empty is stopped at that box, asking for the points the box takes (the referee's
    # own message would ask for the talon's cards); nothing is written
    t = Table(d)
    begin(t, server.url, ["Анна", "Борис", "Вера", "Глеб"], "four-player")
    deal(t, 0, 120, {1: 15, 2: 5}, marriages="H")
    for lang in ("ru", "en"):
        if lang == "en":                  # the same page in English: the deal is kept in the form as typed
            d.get(server.url + "/sheet?lang=en")
            wait(d, 10).until(lambda d: d.find_element(By.ID, "points-1").get_attribute("value") == "15")
        t.tap("#record")
        wait(d, 10).until(lambda d: t.error())
        assert t.error() == TALON_EMPTY[lang]
        assert d.switch_to.active_element.get_attribute("id") == "talon"
        assert t.rows() == 0
        axe(d, "the talon's points left empty")
    # typed, the deal is written: Глеб the talon's 21
    t.type("#talon", "21")
    t.record()
    assert t.cells(1) == [("120", "+120"), ("15", "+15"), ("5", "+5"), ("21", "+21")]
