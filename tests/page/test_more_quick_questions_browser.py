"""More quick questions of the first screen («Что случилось?») in a real browser, driven as players drive them at
390×844, in Russian and in English: the Thousand barrel and bolts, Canasta's «may I go out?» and «what does this
irregularity cost?», and a black or red three named as the pile's top card.

As in test_quick_questions_browser.py, a tap is a click on anything (the game's tap included), typing is counted in
characters, every request sent to the referee is counted, the headline is asserted word for word, and axe-core is
run in each state.  A box the page has already put the cursor in needs no tap.

Budgets (a tile's question, the Russian page): ≤ 8 taps + the numbers, 1 send, unless the question needs less.
Every expected value below is worked by hand from the rules of the game's default variant (Thousand:
russian-classic; Canasta: the official laws, classic).
"""
from __future__ import annotations

import pytest
from page.browser_helpers import axe, no_console_errors, small_targets, wait
from page.quick_helpers import Table, asked_again, open_page, ruling, sends
from selenium.webdriver.common.by import By

BUDGET = 8          # taps, the numbers apart, for one question


def rule_ids(d):
    return [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .rule-id")]


# ------------------------------------------------------------------ Thousand: the barrel

BARREL_FALL = {"ru": "✗ Анна слетает с бочки: 880 → 760", "en": "✗ Anna falls off the barrel: 880 → 760"}
BARREL_WIN = {"ru": "✓ Анна: сыграно с бочки — 1000, партия выиграна",
              "en": "✓ Anna finishes from the barrel: 1000 — the game is won"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_barrel_third_try_failed_falls_off(d, server, lang):
    # russian-classic: Анна sits on the barrel at 880 and may stay there 3 deals (thousand/14.2); this is her third.
    # She plays 120 and fails: a declarer failing on the barrel is not written off but stays and uses the deal
    # (thousand/14.4), and with the third deal used she falls off, losing 120: 880 − 120 = 760 (thousand/14.2).
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-barrel")
    t.tap("#q-try-3")
    t.tap("#q-outcome-failed")              # her contract is 120 unless changed
    t.tap("#quick-ask")
    assert ruling(t) == BARREL_FALL[lang]
    taps, chars = t.count()
    assert (taps, chars) == (4, 0) and taps <= BUDGET
    assert sends(t) == 1
    assert {"thousand/14.2", "thousand/14.4"} <= set(rule_ids(d))
    # her row alone, the others' standing for nothing asked: the deal −120 + 120 not written off − 120 for falling
    # off = −120; 760 after
    assert [r.text.split() for r in d.find_elements(By.CSS_SELECTOR, ".q-scores tbody tr")] == [
        [{"ru": "Анна", "en": "Anna"}[lang], "−120", "760"]]
    # the house rules in force for it: three deals on the barrel
    heading = {"ru": "Домашние правила, которые здесь действуют", "en": "House rules in force"}[lang]
    house = [li.text for li in d.find_elements(By.XPATH, f"//h3[.='{heading}']/following-sibling::ul[1]/li")]
    assert any(h.endswith("— 3") for h in house), house
    axe(d, "the barrel: falls off")
    assert small_targets(d) == []
    # the same barrel on her first try, making her 120: 880 + 120 = 1000, the target: she wins (thousand/15.1)
    t.tap("#q-try-1")
    t.tap("#q-outcome-made")
    assert asked_again(t, BARREL_FALL[lang]) == BARREL_WIN[lang]
    assert "thousand/15.1" in rule_ids(d)
    axe(d, "the barrel: finished")
    no_console_errors(d)


def test_the_barrel_stays_and_a_third_fall_wipes_the_total(d, server):
    # Борис plays (Анна defends) on her first barrel deal: her card points are not recorded (thousand/14.3) and the
    # deal is one of her three (every deal counts under russian-classic): she stays at 880, 1 of 3 used.
    t = Table(d)
    open_page(t, server.url, "ru")
    # the questions name the player on the barrel, whoever it is (no «его», «он сам» for Анна)
    t.tap("#tile-barrel")
    assert [d.find_element(By.ID, f"q-{k}-label").text.split(" *")[0] for k in ("outcome", "contract")] == [
        "Как прошла эта сдача для игрока на бочке?", "Заказ игрока на бочке"]
    for css in ("#q-try-1", "#q-outcome-other", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == "Анна остаётся на бочке (880): прошло сдач 1 из 3; чтобы закончить партию с бочки, нужно заказать и сыграть не меньше 120"
    assert t.count() == (4, 0) and sends(t) == 1
    axe(d, "the barrel: stays")
    # her third deal, having fallen off twice before: she falls (880 − 120 = 760), and the third fall wipes the
    # total to 0 (thousand/14.6)
    t.tap("#q-try-3")
    t.tap("#q-falls-2")
    assert asked_again(t, "Анна остаётся на бочке (880): прошло сдач 1 из 3; чтобы закончить партию с бочки, нужно заказать и сыграть не меньше 120") == "✗ Анна слетает с бочки: 880 → 0"
    assert "thousand/14.6" in rule_ids(d)


# ------------------------------------------------------------------ Thousand: bolts

BOLT_THIRD = {"ru": "✗ Борис: болт № 3 — штраф −120: 310 → 190",
              "en": "✗ Boris: bolt number 3 — it costs −120: 310 → 190"}
BOLT_SECOND = {"ru": "Борис: болт № 2 — пока без штрафа", "en": "Boris: bolt number 2 — no penalty yet"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_third_bolt_in_a_row_costs_120(d, server, lang):
    # russian-classic: a bolt is a deal without a trick, counted in a row (thousand/13.1); the third costs 120
    # (thousand/13.2).  Борис, at 310 with two bolts in a row, takes no trick again: 310 − 120 = 190.
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-bolts")
    t.tap("#q-prior_bolts-2")                # the cursor goes to his total
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-bolter_total")
    t.typed_here("310")
    t.tap("#quick-ask")
    assert ruling(t) == BOLT_THIRD[lang]
    taps, chars = t.count()
    assert (taps, chars) == (3, len("310")) and taps <= BUDGET
    assert sends(t) == 1
    assert {"thousand/13.1", "thousand/13.2"} <= set(rule_ids(d))
    assert not {"thousand/1.3", "thousand/12.1"} & set(rule_ids(d))     # the rules of the bolt, not of the scoring
    axe(d, "the third bolt")
    assert small_targets(d) == []
    # with one bolt before it this is his second: counted, no penalty yet (thousand/13.1)
    t.tap("#q-prior_bolts-1")
    assert asked_again(t, BOLT_THIRD[lang]) == BOLT_SECOND[lang]
    axe(d, "a second bolt")
    no_console_errors(d)


# ------------------------------------------------------------------ Canasta: may I go out?

OUT_YES = {"ru": "✓ Анна может выйти", "en": "✓ Anna may go out"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_may_i_go_out_with_a_canasta_on_the_table(d, server, lang):
    # the official laws: a side goes out once it has a canasta (canasta/6.2).  Анна's side has one on the table;
    # she melds three fives and discards a nine, her last card: she may go out.
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-goout")
    t.tap("#q-table-1")
    for _ in range(3):
        t.tap("#q-out_melds-5")
    t.tap("#q-out_discard-9")
    t.tap("#quick-ask")
    assert ruling(t) == OUT_YES[lang]
    taps, chars = t.count()
    assert (taps, chars) == (8, 0) and taps <= BUDGET
    assert sends(t) == 1
    assert "canasta/6.2" in rule_ids(d)
    axe(d, "may go out")
    assert small_targets(d) == []
    # without a canasta on the table she may not: she keeps two cards at least, and going out anyway costs her
    # side 100 (canasta/8.6)
    t.tap("#q-table-melds")
    assert asked_again(t, OUT_YES[lang]) == {
        "ru": "✗ Анна не может выйти: для выхода у стороны должна быть канаста; пока этого нет, игрок оставляет на "
              "руке не меньше двух карт",
        "en": "✗ Anna may not go out: going out needs 1 canasta on the side's table; without them a player keeps a "
              "card to discard and one more"}[lang]
    penalty = d.find_element(By.CSS_SELECTOR, "#quick-verdict ul.penalties li")
    assert penalty.text.startswith("Анна и Вера: штраф −100" if lang == "ru" else "−100 for Anna and Vera")
    assert penalty.find_element(By.CSS_SELECTOR, ".rule-id").text == "canasta/8.6"
    # what she may do instead: keep cards and discard one of them
    assert [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.instead li")] == \
        {"ru": ["сбросить 5", "сбросить 9"], "en": ["discard 5", "discard 9"]}[lang]
    axe(d, "may not go out")


def test_a_partner_who_said_no_stops_going_out(d, server):
    # the partner's answer binds (canasta/6.3): after «нет» Анна may not go out this turn, canasta or not
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-canasta", "#tile-goout", "#q-table-1", "#q-out_melds-5", "#q-out_melds-5",
                "#q-out_melds-5", "#q-out_discard-9", "#q-answer-no", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == "✗ Анна не может выйти: партнёр ответил «нет»: в этот ход игроку выходить нельзя"
    assert "canasta/6.3" in rule_ids(d)
    axe(d, "the partner said no")


def test_going_out_by_laying_off_with_a_wild_card(d, server):
    # a queen and a 2 of Анна's go onto her side's queens (three on the table, five after, one of them wild: no more
    # wild cards than naturals, canasta/3.1), her last card, a nine, is discarded, and the side has its canasta
    # (canasta/6.2): she may go out
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-canasta", "#tile-goout", "#q-table-1", "#q-out_melds-Q", "#q-out_melds-2",
                "#q-out_discard-9", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == "✓ Анна может выйти"
    assert t.count() == (7, 0) and sends(t) == 1
    # with three more wild cards (a joker, a joker, a 2) the queens would hold four wild cards: a meld holds three at
    # most (canasta/3.1)
    for css in ("#q-out_melds-JK", "#q-out_melds-JK", "#q-out_melds-2"):
        t.tap(css)
    assert asked_again(t, "✓ Анна может выйти") == \
        "✗ Анна не может выйти: добавление к комбинации стороны: в комбинации не больше 3 свободных карт"
    assert "canasta/3.1" in rule_ids(d)
    axe(d, "going out: too many wild cards")


def test_going_out_needs_its_cards_before_sending(d, server):
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-canasta", "#tile-goout", "#quick-ask"):
        t.tap(css)
    assert sends(t) == 0
    assert d.find_element(By.ID, "q-table-error").text == "Отметьте, что у стороны игрока выложено."
    assert d.find_element(By.ID, "q-out_melds-error").text == \
        "Отметьте карты, которые игрок выкладывает, или ту, которую сбрасывает."
    axe(d, "going out: fields marked")


# ------------------------------------------------------------------ Canasta: what does this irregularity cost?

PILE_PENALTY = {"ru": "Штраф: Анна и Вера теряют 100 очков", "en": "Penalty: Anna and Vera lose 100 points"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_what_taking_the_pile_illegally_costs(d, server, lang):
    # the official laws: a player who takes the pile before showing what takes it costs his side 100 (canasta/8.4);
    # only the offending side pays (canasta/8.10).  Анна plays with Вера.
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-irregularity")
    t.tap("#q-irregularity-pile_taken_illegally")
    t.tap("#quick-ask")
    assert ruling(t) == PILE_PENALTY[lang]
    taps, chars = t.count()
    assert (taps, chars) == (4, 0) and taps <= BUDGET
    assert sends(t) == 1
    assert rule_ids(d).count("canasta/8.4") == 2        # on the penalty and on the rule as it applies
    assert set(rule_ids(d)) == {"canasta/8.4"}
    axe(d, "an irregularity's penalty")
    assert small_targets(d) == []
    # Борис (with Глеб) kept a red three in hand to the end: 500 (canasta/8.3)
    t.tap("#q-offender-1")
    t.tap("#q-irregularity-red_three_not_laid_out")
    assert asked_again(t, PILE_PENALTY[lang]) == {
        "ru": "Штраф: Борис и Глеб теряют 500 очков", "en": "Penalty: Boris and Gleb lose 500 points"}[lang]
    assert "canasta/8.3" in rule_ids(d)
    axe(d, "a red three kept")
    no_console_errors(d)


def test_excess_wild_cards_cost_50_each(d, server):
    # two wild cards too many, found too late: 2 × 50 = 100 (canasta/8.2); the count box gets the cursor
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-canasta", "#tile-irregularity", "#q-irregularity-excess_wild_cards"):
        t.tap(css)
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-excess")
    t.typed_here("2")
    t.tap("#quick-ask")
    assert ruling(t) == "Штраф: Анна и Вера теряют 100 очков"
    assert t.count() == (4, 1)
    assert "canasta/8.2" in rule_ids(d)


# ------------------------------------------------------------------ Canasta: a three on top of the pile

BLACK_TOP = {"ru": "✗ Нельзя: чёрная тройка сверху сброса не даёт его взять",
             "en": "✗ Not allowed: a black three on top of the pile stops it from being taken"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_black_three_on_top_stops_the_pile(d, server, lang):
    # the official laws: a black three on top of the pile stops it from being taken (canasta/5.2), whatever is
    # offered: the offered cards are not asked for then
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-pile")
    t.tap("#q-top-3S")
    assert d.find_element(By.CSS_SELECTOR, "#q-top-3S .sr-only").get_attribute("textContent") == \
        {"ru": "чёрная тройка", "en": "black three"}[lang]
    t.tap("#q-frozen-none")
    t.tap("#q-opened-yes")
    t.tap("#quick-ask")
    assert ruling(t) == BLACK_TOP[lang]
    taps, chars = t.count()
    assert (taps, chars) == (6, 0) and taps <= BUDGET
    assert sends(t) == 1
    assert "canasta/5.2" in rule_ids(d)
    assert [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.instead li")] == \
        [{"ru": "взять карту из закрытой колоды", "en": "draw from the stock"}[lang]]
    axe(d, "a black three on top")
    assert small_targets(d) == []
    no_console_errors(d)


RED_TOP = ("✗ Красная тройка сверху сброса не лежит: открывшуюся после сдачи сразу накрывают следующей картой, а "
           "сбрасывать красные тройки нельзя — их выкладывают на стол")


def test_a_red_three_on_top_is_answered_at_once(d, server):
    # a red three turned up after the deal is covered at once (canasta/1.6), and red threes are never discarded but
    # laid out on the table (canasta/2.1): no pile has one on top, whatever is offered, so nothing else is asked and
    # nothing is sent; the verdict says so with its rules
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-canasta", "#tile-pile", "#q-top-3H", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == RED_TOP
    assert sends(t) == 0 and t.count() == (4, 0)
    assert d.find_element(By.ID, "q-offered-error").text == ""
    assert {"canasta/2.1", "canasta/1.6"} <= set(rule_ids(d))
    axe(d, "a red three as the top card")
    # the queen over it: a natural pair of queens takes a pile frozen by a red three (canasta/5.1)
    for css in ("#q-top-Q", "#q-offered-Q", "#q-offered-Q", "#q-frozen-red_three", "#q-opened-yes"):
        t.tap(css)
    assert asked_again(t, RED_TOP) == "✓ Можно взять сброс"
    assert sends(t) == 1


# ------------------------------------------------------------------ the barrel: every contract she can make

def barrel_row(d):
    """The score rows, each cell with its spaces taken out (a total of 1 000 is written with a thin space)."""
    return [["".join(c.text.split()) for c in r.find_elements(By.CSS_SELECTOR, "th, td")]
            for r in d.find_elements(By.CSS_SELECTOR, ".q-scores tbody tr")]


def test_the_barrel_takes_every_contract_that_can_be_made(d, server):
    # russian-classic: Анна on the barrel at 880, her first try, plays and makes her contract.  A made contract
    # scores the contract (thousand/12.1), and 880 + it reaches 1000: she finishes from the barrel (thousand/15.1).
    # Each contract up to 360 can be made: 120 card points and three marriages (♥ 100 + ♦ 80 + ♣ 60 = 240) at most,
    # a fourth marriage being impossible as a card is led before the first is announced (thousand/10.2).
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#tile-barrel", "#q-try-1", "#q-outcome-made"):
        t.tap(css)
    old = None
    for contract in (120, 220, 300, 355, 360):
        t.type("#q-contract", str(contract))
        headline = asked_again(t, old) if old else (t.tap("#quick-ask") or ruling(t))
        total = 880 + contract
        assert headline == f"✓ Анна: сыграно с бочки — {total}, партия выиграна", contract
        # her row alone, the deal's column the change in her total; nothing the table did not say (card points,
        # marriages) is shown
        assert barrel_row(d) == [["Анна", f"{contract}", f"{total}"]]
        assert d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.lines li") == []
        assert "марьяж" not in d.find_element(By.ID, "quick-verdict").text
        old = headline
    axe(d, "the barrel: 360 made")
    # 365 and the variant's maximum, 400, cannot be made (120 + 240 = 360 at most): said in words at the contract
    for contract in (365, 400):
        t.type("#q-contract", str(contract))
        t.tap("#quick-ask")
        assert d.find_element(By.ID, "q-contract-error").text == (
            f"Заказ {contract} сыграть невозможно: очки за карты и марьяжи, которые заказчик может объявить, дают не "
            "больше 360.")
    # failing 400 is possible: a declarer failing on the barrel stays and uses the deal (thousand/14.4)
    t.tap("#q-outcome-failed")
    assert asked_again(t, old) == "Анна остаётся на бочке (880): прошло сдач 1 из 3; чтобы закончить партию с бочки, нужно заказать и сыграть не меньше 120"
    assert barrel_row(d) == [["Анна", "0", "880"]]
    # a contract under 100 or off the step is named in words
    for typed in ("-5", "123", "405"):
        t.type("#q-contract", typed)
        t.tap("#quick-ask")
        assert d.find_element(By.ID, "q-contract-error").text == "Заказ — от 100 до 400, кратно 5."
    # her own contract from the barrel is 120 at least (thousand/7.8: 880 + 120 reaches 1000); 115, one step under,
    # and 100 are refused at the contract, and no ruling of the question as it stood before is left on the screen
    for typed in ("100", "115"):
        t.type("#q-contract", typed)
        t.tap("#quick-ask")
        assert d.find_element(By.ID, "q-contract-error").text == \
            "С бочки заказывают не меньше 120: меньший заказ партию не закончит."
        assert not d.find_element(By.ID, "quick-ruling").is_displayed()
    axe(d, "the barrel: a contract out of range")
    assert sends(t) == 6


def test_a_barrel_concession_shows_the_change_in_the_total(d, server):
    # Анна on the barrel at 880, her second try, concedes 120: the deal is one of her three (thousand/14.2) and her
    # total does not change, so the deal's column reads 0, not the −120 of a concession off the barrel
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#tile-barrel", "#q-try-2", "#q-outcome-conceded", "#quick-ask"):
        t.tap(css)
    headline = ruling(t)
    assert barrel_row(d) == [["Анна", "0", "880"]], headline
    assert d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.lines li") == []
    assert d.find_element(By.CSS_SELECTOR, "label[for=q-contract]") is not None
    assert d.find_element(By.ID, "q-try-label").text.startswith("Которая это сдача на бочке?")


# ------------------------------------------------------------------ bolts: the deal's column, and no bolt on the barrel

def test_a_bolt_shows_the_change_in_the_total_and_none_on_the_barrel(d, server):
    # Борис at 310 with two bolts takes none again: the third bolt costs 120 (thousand/13.2): the deal's column is
    # that change, −120 (his card points, 0, are not shown as if the table had said them)
    t = Table(d)
    open_page(t, server.url, "ru")
    t.tap("#tile-bolts")
    t.tap("#q-prior_bolts-2")
    t.typed_here("310")
    t.tap("#quick-ask")
    assert ruling(t) == "✗ Борис: болт № 3 — штраф −120: 310 → 190"
    assert barrel_row(d) == [["Борис", "−120", "190"]]
    assert d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.lines li") == []
    # at 880 he is on the barrel: a deal played there is no bolt (thousand/13.3, bolt_barrel_exempt on in
    # russian-classic), said in words with the rule as it applies
    t.type("#q-bolter_total", "880")
    assert asked_again(t, "✗ Борис: болт № 3 — штраф −120: 310 → 190") == \
        "Борис на бочке: сдача, сыгранная на бочке, болтом не считается"
    assert "thousand/13.3" in rule_ids(d)
    rule = d.find_element(By.XPATH, "//div[@class='citation'][.//span[.='thousand/13.3']]").text
    assert "на бочке" in rule
    axe(d, "no bolt on the barrel")


# ------------------------------------------------------------------ the pile: what the variant allows, the refusals

def test_the_pile_offers_what_the_variant_allows_and_refuses_five_jokers(d, server):
    # the official laws (classic): a black three does not freeze the pile (canasta/2.3): it is not offered
    t = Table(d)
    open_page(t, server.url, "ru")
    t.tap("#quick-game-canasta")
    t.tap("#tile-pile")
    wait(d, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#q-frozen-red_three"))
    wait(d, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#q-frozen-black_three"))
    # five jokers offered: two packs hold four; the referee's refusal is shown at the offered cards
    for _ in range(5):
        t.tap("#q-offered-JK")
    for css in ("#q-top-K", "#q-frozen-none", "#q-opened-yes", "#quick-ask"):
        t.tap(css)
    wait(d, 10).until(lambda d: d.find_element(By.ID, "q-offered-error").text)
    assert d.find_element(By.ID, "q-offered-error").text == "джокеров больше, чем в комплекте из 108 карт (4)"
    assert sends(t) == 1
    axe(d, "five jokers")


def test_a_short_opening_with_the_pile_says_what_it_lacks(d, server):
    # the official laws: a side that has not opened needs 90 at 1500 (canasta/4.1); a pair of kings with the top king
    # is 30: the pile may be taken only with other melds from the hand worth 60 more, and the page says so rather
    # than a flat no; nothing is charged (no penalty list), and no side id appears (never «Анна+Вера»)
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-canasta", "#tile-pile", "#q-offered-K", "#q-offered-K", "#q-top-K", "#q-frozen-none",
                "#q-opened-no"):
        t.tap(css)
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-side_total")
    t.typed_here("1500")
    t.tap("#quick-ask")
    assert ruling(t) == ("? Можно, если Анна выложит с руки ещё комбинации не меньше чем на 60 очков: для открытия "
                         "стороны нужно 90, а верхняя карта сброса с картами с руки дают 30")
    text = d.find_element(By.ID, "quick-verdict").text
    assert "Анна+Вера" not in text and not d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.penalties li")
    assert "canasta/4.1" in [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .rule-id")]
    axe(d, "a short opening with the pile")


def test_excess_wild_cards_are_asked_not_assumed(d, server):
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-canasta", "#tile-irregularity", "#q-irregularity-excess_wild_cards", "#quick-ask"):
        t.tap(css)
    assert sends(t) == 0
    assert d.find_element(By.ID, "q-excess-error").text == "Впишите, сколько свободных карт лишних."


# ------------------------------------------------------------------ a concession the table's rules forbid

@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_concession_on_the_barrel_is_refused_as_a_verdict(d, server, lang):
    # our table: russian-classic with «the player on the barrel may not concede» (thousand/9.4, option
    # rospis_on_barrel).  Анна sits on the barrel at 880 and asks what conceding 120 costs: the answer is that she may
    # not, with the rule, not a refused question
    d.get(server.url + "/")
    d.execute_script("""
        localStorage.setItem('referee.tables', JSON.stringify([{game: 'thousand', name: 'Дома',
          variant: 'russian-classic', options: {rospis_on_barrel: 'not_by_barrel_player'}}]));
        localStorage.setItem('referee.tables.chosen', JSON.stringify({thousand: 'Дома'}));""")
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-concede")
    t.tap("#q-declarer-0")
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-contract")
    for n in ("120", "880", "310"):
        t.typed_here(n, then_next=True)
    t.typed_here("455")
    t.tap("#quick-ask")
    assert ruling(t) == {"ru": "✗ Нельзя: сидящий на бочке не может расписать",
                         "en": "✗ Not allowed: a player on the barrel may not concede"}[lang]
    assert rule_ids(d) == ["thousand/9.4"]
    # the rule as our table has it, not as the variant does: the question and the rule are the two sends
    rule = d.find_element(By.XPATH, "//div[@class='citation'][.//span[.='thousand/9.4']]").text
    assert {"ru": "Заказчик, сидящий на бочке, расписать не может.",
            "en": "A declarer on the barrel may not concede."}[lang] in rule
    assert d.find_element(By.ID, "quick-errors").text == ""
    assert sends(t) == 2
    axe(d, "a concession the table forbids")
    # off the barrel (870) the same concession is scored: −120 for her, +60 to each opponent (thousand/9.2)
    t.type("#q-before0", "870")
    assert asked_again(t, {"ru": "✗ Нельзя: сидящий на бочке не может расписать",
                           "en": "✗ Not allowed: a player on the barrel may not concede"}[lang]) == \
        {"ru": "Анна: роспись 120 → 750 / 370 / 515", "en": "Anna concedes 120 → 750 / 370 / 515"}[lang]
