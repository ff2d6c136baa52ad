"""The house rules a ruling lists are those that bear on it: a rule switched off (another variant's, or an
alternative not taken) is not listed unless it is one of the game's most argued, and the trump's rules are not
listed when there is no trump yet.  Debian's headless Chromium at a phone's size, in Russian."""
from __future__ import annotations

from page.quick_helpers import Table, open_page, ruling
from selenium.webdriver.common.by import By

HEADING = "Домашние правила, которые здесь действуют"


def house(d):
    return [li.text for li in d.find_elements(By.XPATH, f"//h3[.='{HEADING}']/following-sibling::ul[1]/li")]


def test_a_pile_question_lists_no_other_variants_rules(d, server):
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-canasta", "#tile-pile", "#q-offered-Q", "#q-offered-Q", "#q-top-Q", "#q-frozen-wild",
                "#q-opened-yes", "#quick-ask"):
        t.tap(css)
    ruling(t)
    # before: a dozen, half of them other variants' rules each «нет» (strict pile, Hollywood's pair of wild cards,
    # sequences, a black three freezing...); now those that decide the classic game's pile, by their first words
    listed = house(d)
    assert [h.split(" ")[0] for h in listed] == ["Сброшенная", "Натуральной", "Верхнюю", "Одна", "Сторона,", "Семёрки"], listed
    assert not [h for h in listed if h.endswith("— нет")]
    assert listed[4] == "Сторона, которая ещё не открылась, может взять сброс для открытия; иначе только после " \
                        "открытия. — да"


def test_no_trump_yet_lists_no_trump_rules(d, server):
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#tile-follow", "#q-trick-9D", "#q-card-AC", "#q-trump-none", "#q-void-D", "#quick-ask"):
        t.tap(css)
    ruling(t)
    # no trump yet: «the player without the suit still plays a low trump» decided nothing; nothing is listed
    assert house(d) == []


def test_a_bid_lists_no_rule_switched_off(d, server):
    t = Table(d)
    open_page(t, server.url, "ru")
    t.tap("#tile-bid")
    t.type("#q-amount", "125")
    for css in ("#q-bid_mar-S", "#quick-ask"):
        t.tap(css)
    ruling(t)
    # «four aces may be announced for 200 — no» (switched off) is not listed beside «four aces add 200 — yes»,
    # nor «no bidding below this score — 0» (no such rule); nor the redeal's rules (four nines, who deals after a
    # redeal), which a bid's ruling does not rest on: the tile keeps to the auction's rules
    assert house(d) == [
        "Как высоко можно заказать больше 120: до 120 плюс марьяжи на руке, сколько угодно при любом марьяже на руке "
        "или без ограничения. — 120 плюс марьяжи на руке",
        "Четыре туза добавляют 200 к пределу ставок выше 120. — да"]
    cited = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .citation .rule-id")]
    assert cited and all(c.startswith("thousand/7.") for c in cited), cited


def test_a_bid_says_what_may_be_done_instead(d, server):
    # Вера bids 125 holding no marriage she has tapped: the answer turns on her hand; instead she may pass, or,
    # holding four nines, ask for a redeal (thousand/6.1) — each said in words
    t = Table(d)
    open_page(t, server.url, "ru")
    t.tap("#tile-bid")
    t.type("#q-amount", "125")
    t.tap("#quick-ask")
    ruling(t)
    instead = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.instead li")]
    assert instead == ["пас", "потребовать пересдачи: четыре девятки на руке (законно, только если у игрока Вера есть "
                              "9♠, 9♥, 9♦, 9♣)"], instead


def test_a_most_argued_rule_switched_off_is_listed(d, server):
    # Анна announces the ♠ marriage before taking a trick: not allowed (thousand/10.2).  That the declarer may not
    # announce on the first lead is a most argued house rule, switched off («нет»): it decided this, so it is listed
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#tile-marriage", "#q-suit-S", "#q-took-no", "#quick-ask"):
        t.tap(css)
    ruling(t)
    assert house(d) == ["Заказчик может объявить марьяж первым же ходом. — нет"]
