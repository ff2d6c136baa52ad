"""The quick questions of the first screen («Что случилось?») in a real browser: Debian's headless Chromium at
390×844, in Russian and in English, driven as players drive it.  Every tap and typed character is counted, and so is
every request sent to the referee; the budgets and the exact headline are asserted, and axe-core is run in each state.

A tap is a click on anything; typing is counted in characters, the keyboard's next key (Enter) included.  A box the
page has already put the cursor in needs no tap (after the declarer or the claimant is tapped, the next box).
"""
from __future__ import annotations

import pytest
from page.browser_helpers import HEIGHT, WIDTH, axe, no_console_errors, small_targets, wait
from page.quick_helpers import (
    HEADLINE,
    MUST_TRUMP,
    NO_TRUMP,
    Table,
    ask_button_in_view,
    open_page,
    ruling,
    sends,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_must_boris_trump(d, server, lang):
    # Анна led 9♦; Борис has shown he has no ♦ and is known to hold a heart; hearts are trump (Анна's marriage);
    # he wants to play the ace of clubs.  No diamond and a trump in hand: he must trump (thousand/11.3).
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-follow")
    assert ask_button_in_view(d)
    t.tap("#q-trick-9D")
    t.tap("#q-card-AC")
    t.tap("#q-trump-H")
    t.tap("#q-void-D")
    t.tap("#q-holds-H")
    assert ask_button_in_view(d)
    t.tap("#quick-ask")
    assert ruling(t) == MUST_TRUMP[lang]
    assert t.count() == (7, 0) and t.count()[0] <= 8
    assert sends(t) == 1
    # the ruling is scrolled into view, the rule cited on its own tag, the sources behind their link
    assert d.execute_script("return document.getElementById('quick-ruling').getBoundingClientRect().top") < HEIGHT
    assert "thousand/11.3" in [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .rule-id")]
    # what he may do instead; the ace, legal only without a heart, is not offered: he holds one
    assert [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.instead li")] == \
        [{"ru": "положить козырь (♥)", "en": "play a trump (♥)"}[lang]]
    assert not d.find_elements(By.CSS_SELECTOR, "#quick-verdict .condition")
    assert d.find_element(By.CSS_SELECTOR, "#quick-verdict details.sources summary").text == \
        {"ru": "Источники", "en": "Sources"}[lang]
    # each source by its title and publisher, not the bibliography's id (thousand/11.3 cites pagat.com first)
    t.tap("#quick-verdict details.sources summary")
    sources = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict details.sources li")]
    assert sources[0] == "thousand/11.3: Thousand (1000) (pagat.com) — Play"
    assert not [s for s in sources if s.split(": ", 1)[1].split(" — ")[0] in ("pagat", "cardparade", "ru-program", "mekedron")]
    axe(d, "must he trump: not allowed")
    # with no trump yet, a player without the suit led may play any card: one tap and one send more
    t.tap("#q-trump-none")
    t.tap("#quick-ask")
    wait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, HEADLINE).text != MUST_TRUMP[lang])
    assert ruling(t) == NO_TRUMP[lang]
    assert sends(t) == 2
    axe(d, "no trump yet: any card")
    no_console_errors(d)


def test_unseen_cards_leave_the_verdict_open_and_say_on_what(d, server):
    # the same play without knowing whether Борис holds a heart: legal only if he has none (thousand/11.3)
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#tile-follow", "#q-trick-9D", "#q-card-AC", "#q-trump-H", "#q-void-D", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == "? Зависит от карт, которых никто не видел: законно, только если Борис без ♥"
    axe(d, "a verdict that turns on unseen cards")


def test_the_required_fields_are_checked_before_sending(d, server):
    t = Table(d)
    open_page(t, server.url, "ru")
    t.tap("#tile-follow")
    t.tap("#quick-ask")
    assert sends(t) == 0
    err = d.find_element(By.ID, "q-trick-error")
    assert err.text == "Отметьте карту, с которой зашли."
    grid = d.find_element(By.CSS_SELECTOR, "#q-trick-wrap [role=group]")
    assert "q-trick-error" in grid.get_attribute("aria-describedby").split()
    assert grid.get_attribute("aria-invalid") == "true"
    assert d.find_element(By.ID, "q-trump-error").text == "Отметьте козырь или «козыря нет»."
    axe(d, "required fields marked")
    small = small_targets(d)
    assert small == [], small


def name(e):
    """What a screen reader reads for a card: the words, the sign beside them hidden from it."""
    return e.find_element(By.CSS_SELECTOR, ".sr-only").get_attribute("textContent")


def press(d, key):
    """A key of a Russian keyboard, sent as the browser gets it from one (chromedriver's send_keys gives a Cyrillic
    letter no key name)."""
    d.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyDown", "key": key, "text": key})
    d.execute_cdp_cmd("Input.dispatchKeyEvent", {"type": "keyUp", "key": key})


def test_the_card_picker_by_keyboard(d, server):
    t = Table(d)
    open_page(t, server.url, "ru")
    t.tap("#tile-follow")
    first = d.find_element(By.ID, "q-trick-AS")
    assert name(first) == "туз пик"
    first.send_keys(Keys.ARROW_RIGHT)
    assert d.switch_to.active_element.get_attribute("id") == "q-trick-10S"
    press(d, "Д")                                        # a rank typed: the next queen
    assert d.switch_to.active_element.get_attribute("id") == "q-trick-QS"
    assert name(d.switch_to.active_element) == "дама пик"
    d.switch_to.active_element.send_keys(Keys.ARROW_DOWN)  # a row down: the next suit
    assert d.switch_to.active_element.get_attribute("id") == "q-trick-QC"
    d.switch_to.active_element.send_keys("Q")            # Latin letters too
    assert d.switch_to.active_element.get_attribute("id") == "q-trick-QD"
    d.switch_to.active_element.send_keys(Keys.SPACE)
    assert d.find_element(By.ID, "q-trick-QD").get_attribute("aria-pressed") == "true"
    assert d.find_element(By.ID, "q-trick-picked").text == "Выбрано: Д♦"


MADE = {"ru": "Анна сыграла 120 → 540 / 330 / 470", "en": "Anna made her 120 → 540 / 330 / 470"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_did_anna_make_her_120(d, server, lang):
    # Анна bid 120 and took 85 card points with her ♠ marriage (40): 125 ≥ 120, made, she scores the contract:
    # 420 + 120 = 540.  Борис took 20 and Вера the rest, 120 − 85 − 20 = 15; no marriages of theirs, both round
    # to themselves (multiples of 5): 310 + 20 = 330, 455 + 15 = 470.
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-made")
    t.tap("#q-declarer-0")                    # the cursor goes to the contract
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-contract")
    t.typed_here("120", then_next=True)
    t.typed_here("85", then_next=True)
    t.typed_here("20", then_next=True)
    t.typed_here("", then_next=True)          # Вера's points: left empty, 120 less the others
    t.typed_here("420", then_next=True)
    t.typed_here("310", then_next=True)
    t.typed_here("455")
    t.tap("#q-mar0-S")
    t.tap("#quick-ask")
    assert ruling(t) == MADE[lang]
    taps, chars = t.count()
    assert taps == 4 and taps <= 8
    assert chars == len("120" "85" "20" "420" "310" "455") + 6
    assert sends(t) == 1
    assert [r.text.split() for r in d.find_elements(By.CSS_SELECTOR, ".q-scores tbody tr")] == [
        [MADE_NAMES[lang][0], "120", "540"], [MADE_NAMES[lang][1], "20", "330"], [MADE_NAMES[lang][2], "15", "470"]]
    # each line once with its points: a line that ends on them is not followed by them again (the probe's
    # «…, округлено до 15 (15)»); Анна's line says her sum (85 + 40 = 125) and ends on what it scores, the 120
    lines = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.lines li")]
    assert lines[1].startswith({"ru": "Борис: 20 за карты + 0 за марьяжи = 20",
                                "en": "Boris: 20"}[lang]) and "(20)" not in lines[1], lines
    assert lines[0].startswith({"ru": "Анна: заказ 120 сыгран: 85 за карты + 40 за марьяжи = 125, записывается 120",
                                "en": "Anna: contract 120 made: 85 card points + 40 marriage points = 125, scores 120"
                                }[lang]) and "(120)" not in lines[0], lines
    axe(d, "a deal scored")
    assert small_targets(d) == []
    no_console_errors(d)


MADE_NAMES = {"ru": ["Анна", "Борис", "Вера"], "en": ["Anna", "Boris", "Vera"]}

PILE = {"ru": "✓ Можно взять сброс", "en": "✓ Yes, the pile may be taken"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_may_we_take_the_frozen_pile(d, server, lang):
    # our side has opened; the pile is frozen by a wild card with a queen on top; we offer a natural pair of queens:
    # a natural pair matching the top takes a frozen pile (canasta/5.1), whatever the rest of the hand is
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-pile")
    t.tap("#q-offered-Q")
    t.tap("#q-offered-Q")
    t.tap("#q-top-Q")
    t.tap("#q-frozen-wild")
    t.tap("#q-opened-yes")
    assert ask_button_in_view(d)
    t.tap("#quick-ask")
    assert ruling(t) == PILE[lang]
    assert t.count() == (8, 0)
    assert sends(t) == 1
    axe(d, "the pile may be taken")
    assert small_targets(d) == []             # the 14 ranks, 7 a row, stay 44 px wide on a phone
    # a queen and a joker do not take a pile frozen against everybody: a natural pair is needed (canasta/5.1);
    # each tap on Q takes one more queen, up to the eight of two packs; the ninth clears them
    for css in ["#q-offered-Q"] * 8 + ["#q-offered-JK", "#quick-ask"]:
        t.tap(css)
    assert d.find_element(By.ID, "q-offered-picked").text == {"ru": "Выбрано: Д Дж", "en": "Picked: Q JK"}[lang]
    wait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, HEADLINE).text != PILE[lang])
    assert ruling(t) == {
        "ru": "✗ Нельзя: сброс заморожен свободной картой: взять его можно только натуральной парой дам с руки",
        "en": "✗ Not allowed: the pile is frozen by a wild card: only a natural pair of Qs from the hand takes it",
    }[lang]
    # the penalty, if the pile was already taken: 100 off our side (canasta/8.4)
    penalty = d.find_element(By.CSS_SELECTOR, "#quick-verdict ul.penalties li")
    assert penalty.text.startswith("Анна и Вера: штраф −100 (" if lang == "ru" else "−100 for Anna and Vera (")
    assert penalty.find_element(By.CSS_SELECTOR, ".rule-id").text == "canasta/8.4"
    axe(d, "the pile may not be taken")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_may_we_take_the_pile_for_our_opening(d, server, lang):
    # our side has not opened (total 0: the opening needs 50); a queen on top, a pair of queens offered: 3 x 10 = 30.
    # The other melds Анна lays from her hand with the take may make up the 20 short (canasta/4.1): the page says so
    # rather than a flat no, without asking for the rest of her hand
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-pile")
    for css in ("#q-offered-Q", "#q-offered-Q", "#q-top-Q", "#q-frozen-none", "#q-opened-no"):
        t.tap(css)
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-side_total")
    t.typed_here("0")       # the side's score: asked while it has not opened (a blank is not read as 0)
    t.tap("#quick-ask")
    assert ruling(t) == {
        "ru": "? Можно, если Анна выложит с руки ещё комбинации не меньше чем на 20 очков: для открытия стороны "
              "нужно 50, а верхняя карта сброса с картами с руки дают 30",
        "en": "? Yes, if Anna also lays down melds from the hand worth at least 20: the side's opening needs 50, "
              "and the top card with the cards from the hand make 30",
    }[lang]
    # the condition is the headline: not said again under it
    assert d.find_elements(By.CSS_SELECTOR, "#quick-verdict .condition") == []
    assert t.count() == (8, 1)
    assert sends(t) == 1
    axe(d, "the pile for the opening")


SCORE_ASKED = {"ru": "Укажите счёт стороны (в начале партии — 0): пока сторона не открылась, от него зависит, сколько "
                     "нужно для открытия.",
               "en": "Type the side's score (0 at the start of the game): until the side opens, it sets how much the "
                     "opening needs."}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_unopened_sides_score_is_asked_not_taken_as_0(d, server, lang):
    # two aces offered under an ace on top: 3 x 20 = 60, enough for an opening at 0 (50) and short of one at 1,500
    # (90, canasta/4.1): the score decides, so a blank is asked for before anything is sent
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-pile")
    for css in ("#q-offered-A", "#q-offered-A", "#q-top-A", "#q-frozen-none", "#q-opened-no", "#quick-ask"):
        t.tap(css)
    wait(d, 5).until(lambda d: d.find_element(By.ID, "q-side_total-error").text)
    assert d.find_element(By.ID, "q-side_total-error").text == SCORE_ASKED[lang]
    assert sends(t) == 0
    t.tap("#q-side_total")
    t.typed_here("0")       # at 0 the opening needs 50: the 60 takes it
    t.tap("#quick-ask")
    assert ruling(t) == {"ru": "✓ Можно взять сброс", "en": "✓ Yes, the pile may be taken"}[lang]
    axe(d, "an unopened side's score asked")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_one_card_alone_is_asked_again_before_sending(d, server, lang):
    # a single queen offered would be read as the top card taken alone, its melds to come, and ruled "so far legal";
    # the page asks for the cards that take the pile instead of sending it
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-pile")
    for css in ("#q-offered-Q", "#q-top-Q", "#q-frozen-wild", "#q-opened-yes", "#quick-ask"):
        t.tap(css)
    assert sends(t) == 0
    assert d.find_element(By.ID, "q-offered-error").text == {
        "ru": "Предложите две карты или больше: одна карта с верхней — ещё не комбинация.",
        "en": "Offer two cards or more: one card alone with the top card is no meld.",
    }[lang]


OUT = {"ru": "✗ Объявление неверно: 990 < 1000 — выигрывает Борис",
       "en": "✗ The claim is wrong: 990 < 1000 — Boris wins"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_i_declared_out_do_i_win(d, server, lang):
    # Анна had 920 banked, melded 30 and took 40 in counters: 920 + 30 + 40 = 990, short of 1000; a wrong claim
    # loses the game, so Борис wins (pinochle/6.4)
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-pinochle")
    t.tap("#tile-out")
    t.tap("#q-claimant-0")                   # the cursor goes to the banked score
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-banked")
    t.typed_here("920", then_next=True)
    t.typed_here("30", then_next=True)
    t.typed_here("40")
    t.tap("#quick-ask")
    assert ruling(t) == OUT[lang]
    taps, chars = t.count()
    assert taps == 4 and taps <= 5
    assert chars == len("920" "30" "40") + 2
    assert sends(t) == 1
    assert d.find_element(By.ID, "quick-reason").text == {
        "ru": "Анна: записано 920 + комбинации 30 + очки за карты 40 = 990, меньше 1000: выход объявлен ошибочно, "
              "выигрывает Борис",
        "en": "Anna: 920 banked + 30 meld + 40 card points = 990, short of 1000: the claim is wrong and Boris wins",
    }[lang]
    assert d.find_element(By.ID, "quick-winner").text == {"ru": "Победитель: Борис", "en": "Winner: Boris"}[lang]
    axe(d, "a wrong declaration out")
    no_console_errors(d)


def test_desktop_puts_the_form_and_the_ruling_side_by_side(d, server):
    d.set_window_size(1280, 900)
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-pinochle", "#tile-out", "#q-claimant-0"):
        t.tap(css)
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-banked")
    t.typed_here("920", then_next=True)
    t.typed_here("30", then_next=True)
    t.typed_here("40")
    t.tap("#quick-ask")
    ruling(t)
    form = d.find_element(By.ID, "quick-form").rect
    verdict = d.find_element(By.ID, "quick-ruling").rect
    assert verdict["x"] >= form["x"] + form["width"] - 1 and abs(verdict["y"] - form["y"]) < 200
    axe(d, "desktop")
    d.set_window_size(WIDTH, HEIGHT)


PLAYOFF = {"ru": ["✗ Нельзя: у Бориса нет ♦, он должен козырять (♥)",
                  "✗ Нельзя: у Бориса есть ♦, он должен ходить в масть"],
           "en": ["✗ Not allowed: Boris has no ♦, he must trump (♥)",
                  "✗ Not allowed: Boris has ♦, he must follow suit"]}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_pinochle_play_off_must_he_trump_or_follow(d, server, lang):
    # the play-off of two-handed Pinochle (the stock is gone): Анна leads K♦, hearts are trump; Борис has no ♦ and
    # holds a heart, and wants to play A♣: he must trump (pinochle/5.3).  Holding a ♦ instead, he must follow suit
    # (pinochle/5.2).
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#quick-game-pinochle", "#tile-playoff", "#q-trick-KD", "#q-card-AC", "#q-trump-H", "#q-void-D",
                "#q-holds-H", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == PLAYOFF[lang][0]
    assert t.count() == (8, 0) and sends(t) == 1
    assert [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.instead li")][0] == \
        {"ru": "положить козырь (♥)", "en": "play a trump (♥)"}[lang]
    assert "pinochle/5.3" in [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .rule-id")]
    axe(d, "pinochle: must trump")
    t.tap("#q-holds-D")                      # he holds a diamond after all: no longer void in it
    assert d.find_element(By.ID, "q-void-D").get_attribute("aria-pressed") == "false"
    t.tap("#quick-ask")
    wait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, HEADLINE).text != PLAYOFF[lang][0])
    assert ruling(t) == PLAYOFF[lang][1]
    axe(d, "pinochle: must follow")


BID = {"ru": ["✓ Вера может заказать 125", "✗ Вера не может заказать 125: марьяжей на руке для этого не хватает"],
       "en": ["✓ Vera may bid 125", "✗ Vera may not bid 125: the marriages in hand do not allow it"]}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_may_vera_bid_above_120(d, server, lang):
    # Борис bid 120; Вера holds the ♠ marriage (40): her bids may go up to 120 + 40 = 160 (thousand/7.4), so 125
    # is allowed.  Without a marriage (and the table sure she holds none) a bid above 120 is not.
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-bid")
    t.type("#q-amount", "125")
    t.tap("#q-bid_mar-S")
    t.tap("#quick-ask")
    assert ruling(t) == BID[lang][0]
    assert t.count() == (4, 3) and sends(t) == 1
    axe(d, "a bid allowed by a marriage")
    t.tap("#q-bid_mar-S")
    t.tap("#q-no_more-yes")
    t.tap("#quick-ask")
    wait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, HEADLINE).text != BID[lang][0])
    assert ruling(t) == BID[lang][1]
    assert "thousand/7.4" in [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .rule-id")]
    axe(d, "a bid without the marriages for it")


MINIMUM = {"ru": "Для открытия нужно не меньше {n} очков", "en": "The first meld needs at least {n} points"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_our_first_meld_minimum(d, server, lang):
    # classic laws (canasta/4.1): a side below 1500 needs 50 for its first meld, from 1500 to 2995 it needs 90;
    # one step under the threshold and at it
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-minimum")
    t.typed_here("1495")                     # the cursor is in the score box
    t.tap("#quick-ask")
    assert ruling(t) == MINIMUM[lang].format(n=50)
    assert t.count() == (3, 4) and sends(t) == 1
    axe(d, "the first meld's minimum")
    # written as the page prints numbers, with a space between the thousands: «1 500» is 1500
    t.type("#q-score", "1 500")
    t.tap("#quick-ask")
    wait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, HEADLINE).text != MINIMUM[lang].format(n=50))
    assert ruling(t) == MINIMUM[lang].format(n=90)
    # the minimum's rule alone: not the draw from the stock the question is asked with (canasta/6.1)
    assert [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .citation .rule-id")] == ["canasta/4.1"]


CONCEDE = {"ru": "Анна: роспись 120 → {totals}", "en": "Anna concedes 120 → {totals}"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_made_or_not_needs_no_totals(d, server, lang):
    # the same deal as above without the totals before it: made or not turns on the deal alone, so the verdict
    # comes with the deal's own scores (Анна +120, Борис +20, Вера +15) and nothing more is asked
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-made")
    t.tap("#q-declarer-0")
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-contract")
    t.typed_here("120", then_next=True)
    t.typed_here("85", then_next=True)
    t.typed_here("20")
    t.tap("#q-mar0-S")
    t.tap("#quick-ask")
    assert ruling(t) == {"ru": "Анна сыграла 120: за сдачу +120 / +20 / +15",
                         "en": "Anna made her 120: +120 / +20 / +15 for the deal"}[lang]
    assert t.count() == (4, len("1208520") + 2) and sends(t) == 1
    # one total typed and the others not: the others are asked for, nothing is sent
    t.type("#q-before0", "420")
    t.tap("#quick-ask")
    assert sends(t) == 1
    assert d.find_element(By.ID, "q-before1-error").text == {"ru": "Борис: впишите счёт до этой сдачи.",
                                                             "en": "Type Boris's total before this deal."}[lang]
    axe(d, "made, without the totals")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_concession_needs_no_totals(d, server, lang):
    # russian-classic: Анна concedes 120: −120 for her, +60 to each opponent (thousand/9.2), whatever the totals
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-concede")
    # the one who concedes did not play: the question says so
    assert d.find_element(By.ID, "q-declarer-label").text.split(" *")[0] == {"ru": "Кто расписывается", "en": "Who concedes"}[lang]
    t.tap("#q-declarer-0")
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-contract")
    t.typed_here("120")
    t.tap("#quick-ask")
    assert ruling(t) == {"ru": "Анна: роспись 120, за сдачу −120 / +60 / +60",
                         "en": "Anna concedes 120: −120 / +60 / +60 for the deal"}[lang]
    assert t.count() == (3, 3) and sends(t) == 1


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_what_a_concession_costs(d, server, lang):
    # russian-classic: a concession costs the declarer the contract and gives each opponent 60 (thousand/9.2):
    # 420 − 120 = 300, 310 + 60 = 370, 455 + 60 = 515.  Her third in a row costs another 120 (thousand/9.3):
    # 420 − 120 − 120 = 180.
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-concede")
    t.tap("#q-declarer-0")
    wait(d, 5).until(lambda d: d.switch_to.active_element.get_attribute("id") == "q-contract")
    for n in ("120", "420", "310"):
        t.typed_here(n, then_next=True)
    t.typed_here("455")
    t.tap("#quick-ask")
    assert ruling(t) == CONCEDE[lang].format(totals="300 / 370 / 515")
    assert t.count() == (3, len("120420310455") + 3) and sends(t) == 1
    axe(d, "a concession")
    t.tap("#q-prior-2")
    t.tap("#quick-ask")
    wait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, HEADLINE).text != CONCEDE[lang].format(
        totals="300 / 370 / 515"))
    assert ruling(t) == CONCEDE[lang].format(totals="180 / 370 / 515")
    assert "thousand/9.3" in [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .rule-id")]
    # the row adds up on sight: 420 − 240 = 180, the third concession's 120 in the deal's column; the penalty is
    # said once, on its score line (not again under «Штрафы»)
    assert [r.text.split()[1:] for r in d.find_elements(By.CSS_SELECTOR, ".q-scores tbody tr")] == [
        ["−240", "180"], ["60", "370"], ["60", "515"]]
    lines = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.lines li")]
    assert len([x for x in lines if "120" in x and "thousand/9.3" in x]) == 1, lines
    assert not d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.penalties")


MARRIAGE = {"ru": "✓ Можно: марьяж ♠ — 40, козырь ♠", "en": "✓ Allowed: the ♠ marriage scores 40, and ♠ is trump"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_may_anna_announce_her_marriage(d, server, lang):
    # Анна leads K♠ and shows Q♠ after taking a trick: the ♠ marriage scores 40 and makes ♠ trump (thousand/10.1);
    # before she has taken a trick she may not announce it (thousand/10.2)
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#tile-marriage", "#q-suit-S", "#q-took-yes", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == MARRIAGE[lang]
    assert t.count() == (4, 0) and sends(t) == 1
    axe(d, "a marriage announced")
    t.tap("#q-took-no")
    t.tap("#quick-ask")
    wait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, HEADLINE).text != MARRIAGE[lang])
    assert ruling(t).startswith({"ru": "✗ Нельзя: ", "en": "✗ Not allowed: "}[lang])
    # only the marriage's rule is cited (not the redeal her unseen cards might allow), and what she may do instead
    # is to lead either card without announcing the marriage
    assert [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .citation .rule-id")] == ["thousand/10.2"]
    assert [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.instead li")] == {
        "ru": ["положить К♠, не объявляя марьяжа", "положить Д♠"],
        "en": ["play K♠ without announcing the marriage", "play Q♠"]}[lang]
    axe(d, "a marriage on the first trick")


MELD = {"ru": "✓ Можно: пинокль — 40", "en": "✓ Allowed: pinochle — 40"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_is_this_meld_legal_and_worth_what(d, server, lang):
    # two-handed, hearts trump: Q♠ J♦ is a pinochle, 40 (pinochle/4.1); Q♠ J♠ is no meld at all
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#quick-game-pinochle", "#tile-meld", "#q-trump-H", "#q-meld_cards-QS", "#q-meld_cards-JD",
                "#quick-ask"):
        t.tap(css)
    assert ruling(t) == MELD[lang]
    assert t.count() == (6, 0) and sends(t) == 1
    assert d.find_element(By.ID, "quick-reason").text == {
        "ru": "Анна: взята взятка, комбинация «пинокль» — 40; новых карт из руки: 2",
        "en": "Anna has just won a trick and melds pinochle for 40: 2 new cards from the hand"}[lang]
    axe(d, "a meld")
    assert small_targets(d) == []
    # the cards taken back at once, and Q♠ J♠ picked instead: no meld at all
    t.tap("#q-meld_cards-clear")
    assert d.find_element(By.ID, "q-meld_cards-picked").text == ""
    assert not d.find_element(By.ID, "q-meld_cards-clear").is_displayed()
    t.tap("#q-meld_cards-QS")
    t.tap("#q-meld_cards-JS")
    assert d.find_element(By.ID, "q-meld_cards-picked").text == {"ru": "Выбрано: Д♠ В♠", "en": "Picked: Q♠ J♠"}[lang]
    t.tap("#quick-ask")
    wait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, HEADLINE).text != MELD[lang])
    assert ruling(t).startswith({"ru": "✗ Нельзя: ", "en": "✗ Not allowed: "}[lang])
    axe(d, "no meld")
    # back to the questions and the same question tapped again: a new question, nothing picked
    t.tap("#quick-back")
    t.tap("#tile-meld")
    assert d.find_element(By.ID, "q-meld_cards-picked").text == ""
    assert d.find_elements(By.CSS_SELECTOR, "#quick-fields [aria-pressed=true]") == []


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_card_of_an_earlier_meld_used_again(d, server, lang):
    # hearts trump: Анна showed K♠ Q♠ (a marriage, 20) after an earlier trick; now she adds J♦ to the Q♠ on the
    # table: a pinochle, another class of meld, so the queen may serve again (pinochle/4.4): allowed, 40.  The same
    # K♠ Q♠ shown again as a marriage takes no new card from the hand: refused
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#quick-game-pinochle", "#tile-meld", "#q-trump-H", "#q-meld_cards-QS", "#q-meld_cards-JD",
                "#q-earlier-KS", "#q-earlier-QS", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == MELD[lang]
    assert sends(t) == 1
    axe(d, "a meld with an earlier one on the table")
    t.tap("#q-meld_cards-clear")
    for css in ("#q-meld_cards-KS", "#q-meld_cards-QS"):
        t.tap(css)
    t.tap("#quick-ask")
    wait(d, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, HEADLINE).text != MELD[lang])
    assert ruling(t).startswith({"ru": "✗ Нельзя: ", "en": "✗ Not allowed: "}[lang])
    assert "pinochle/4.4" in [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .rule-id")]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_two_melds_shown_as_one_are_offered_apart(d, server, lang):
    # K♠ Q♠ J♦ with hearts trump hold a marriage (20) and a pinochle (40): one is declared for this trick
    # (pinochle/4.2), and the page offers each as what may be done instead
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#quick-game-pinochle", "#tile-meld", "#q-trump-H", "#q-meld_cards-KS", "#q-meld_cards-QS",
                "#q-meld_cards-JD", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == {"ru": "✗ Нельзя: К♠ Д♠ В♦ — не одна комбинация, а несколько: марьяж ♠ (20), пинокль (40); "
                               "за каждую взятую взятку объявляют одну",
                         "en": "✗ Not allowed: KS QS JD are not one meld but several: marriage in spades (20), "
                               "pinochle (40); one is declared for each trick won"}[lang]
    instead = [li.text for li in d.find_elements(By.CSS_SELECTOR, "#quick-verdict ul.instead li")]
    assert {"ru": "объявить К♠ Д♠", "en": "declare K♠ Q♠"}[lang] in instead
    assert {"ru": "объявить Д♠ В♦", "en": "declare Q♠ J♦"}[lang] in instead
    axe(d, "two melds shown as one")


def test_names_are_changed_and_remembered(d, server):
    # the table's own names: Борис is Олег here; the headline says «у Олега», and the names stay on the device
    t = Table(d)
    open_page(t, server.url, "ru")
    t.tap("#tile-follow")
    t.tap("#q-names summary")
    t.type("#q-name-1", "Олег")
    t.tap("#q-names-save")
    for css in ("#q-trick-9D", "#q-card-AC", "#q-trump-H", "#q-void-D", "#q-holds-H", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == "✗ Нельзя: у Олега нет ♦, он должен козырять (♥)"
    d.refresh()
    t.tap("#tile-made")
    assert d.find_element(By.CSS_SELECTOR, "#q-names summary").text == "Игроки: Анна, Олег, Вера"
    axe(d, "the names open")


def test_another_question_leads_to_the_question_builder(d, server):
    t = Table(d)
    open_page(t, server.url, "ru")
    t.tap("#other-question")
    assert d.switch_to.active_element.get_attribute("id") == "game"
