"""The quick questions speak of the player they are about in words that fit Анна as well as Борис, in a real browser
(Debian's Chromium at 390×844, Russian and English): the labels say «игрок», never «он», «его» (English "the
player", never "he", "his"); a score's events name whose they are, as its lines do; a canasta the answer assumes is
said in words, not «7 × К»."""
from __future__ import annotations

import pytest
from page.browser_helpers import axe, no_console_errors
from page.quick_helpers import Table, open_page, ruling, sends
from selenium.webdriver.common.by import By


def label(d, field):
    """A field's label as shown, without the required mark."""
    return d.execute_script(f"return document.getElementById('q-{field}-label').firstChild.textContent")


def hint(d, field):
    return d.find_element(By.CSS_SELECTOR, f"#q-{field}-wrap .hint").text


def buttons(d, field):
    return [b.text for b in d.find_elements(By.CSS_SELECTOR, f"#q-{field}-wrap .q-choices button")]


BARREL = {
    "ru": {"title": "Бочка: что будет с тем, кто на бочке?", "try_hint": "1 — первая сдача на бочке.",
           "outcome": ["заказ игрока на бочке: сыгран", "заказ игрока на бочке: не сыгран",
                       "заказ игрока на бочке: роспись"],
           "falls": "Сколько падений с бочки уже было"},
    "en": {"title": "The barrel: does the player stay, get off or fall?",
           "try_hint": "1 for the first deal since the player got on.",
           "outcome": ["the contract was theirs and was made", "the contract was theirs and failed",
                       "the contract was theirs and conceded"],
           "falls": "Times the player has fallen off the barrel before"},
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_barrel_asks_of_the_player_not_of_him(d, server, lang):
    t = Table(d)
    open_page(t, server.url, lang)
    assert d.find_element(By.CSS_SELECTOR, "#tile-barrel").text.startswith(BARREL[lang]["title"])
    t.tap("#tile-barrel")
    want = BARREL[lang]
    assert hint(d, "try") == want["try_hint"]
    assert buttons(d, "outcome")[:3] == want["outcome"]
    assert label(d, "falls") == want["falls"]
    axe(d, "the barrel's questions")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_bid_and_the_bolts_ask_of_the_player(d, server, lang):
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-bid")
    assert label(d, "amount") == {"ru": "Заказ игрока", "en": "The player's bid"}[lang]
    t.tap("#quick-back")
    t.tap("#tile-bolts")
    assert label(d, "prior_bolts") == {"ru": "Сколько у игрока уже болтов", "en": "Bolts the player already has"}[lang]
    assert label(d, "bolter_total") == {"ru": "Счёт игрока до этой сдачи",
                                        "en": "The player's total before this deal"}[lang]
    axe(d, "the bolts' questions")


GO_OUT = {
    "ru": ["Что у стороны игрока уже выложено", "Карты, которые игрок выкладывает сейчас",
           "Последняя карта, которую игрок сбрасывает"],
    "en": ["What the player's side already has on the table", "The cards the player melds now",
           "The last card the player discards"],
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_may_i_go_out_asks_of_the_player(d, server, lang):
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-goout")
    assert [label(d, f) for f in ("table", "out_melds", "out_discard")] == GO_OUT[lang]
    assert hint(d, "out_discard") == {"ru": "Оставьте пустым, если игрок выкладывает все карты.",
                                      "en": "Leave empty when the player melds every card."}[lang]
    axe(d, "may I go out: the questions")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_earlier_pinochle_meld_is_the_players(d, server, lang):
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-pinochle")
    t.tap("#tile-meld")
    assert label(d, "earlier") == {"ru": "Прошлая комбинация игрока на столе",
                                   "en": "The player's earlier meld still on the table"}[lang]


# in the order the referee gives them (the scoring's: Вера's bolt, then Анна's), each with its rule on a tag
BOLTS_NAMED = {"ru": ["Вера: болт № 1", "Анна: болт № 1"], "en": ["Vera: bolt number 1", "Anna: bolt number 1"]}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_bolts_of_a_deal_say_whose_they_are(d, server, lang):
    # Борис plays 120 and takes every trick (120 card points): Анна and Вера take none, a bolt each (thousand/13.1),
    # the first for both; Борис scores 120, they 0
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#tile-made")
    t.tap("#q-declarer-1")
    t.type("#q-contract", "120")
    t.type("#q-points0", "0")
    t.type("#q-points1", "120")
    t.tap("#q-notrick-0")
    t.tap("#q-notrick-2")
    t.tap("#quick-ask")
    assert ruling(t) == {"ru": "Борис: заказ 120 сыгран, за сдачу 0 / +120 / 0",
                         "en": "Boris made his 120: 0 / +120 / 0 for the deal"}[lang]
    assert sends(t) == 1
    events = d.find_elements(By.CSS_SELECTOR, "#quick-verdict p.event")
    assert [e.find_element(By.CSS_SELECTOR, ".rule-id").text for e in events] == ["thousand/13.1"] * 2
    assert [e.text.removesuffix("thousand/13.1") for e in events] == BOLTS_NAMED[lang]
    axe(d, "a deal with two bolts")
    no_console_errors(d)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_card_of_an_earlier_flush_is_refused_in_words_of_no_gender(d, server, lang):
    # hearts trump: Анна melded the flush (A K Q J 10 ♥) after an earlier trick; K♥ Q♥ shown now as a royal marriage
    # is a lower meld of the same class, so neither card may serve again (pinochle/4.4).  К♥ is a king: the Russian
    # says «эта карта», not «К♥ уже была»
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#quick-game-pinochle", "#tile-meld", "#q-trump-H", "#q-meld_cards-KH", "#q-meld_cards-QH",
                "#q-earlier-AH", "#q-earlier-KH", "#q-earlier-QH", "#q-earlier-JH", "#q-earlier-10H", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == {
        "ru": "✗ Нельзя: К♥: эта карта уже была в комбинации «флеш»; снова её можно использовать только в другом "
              "классе или в более дорогой комбинации того же класса",
        "en": "✗ Not allowed: KH was already melded as flush; it may be used again only in another class or in a "
              "higher meld of the same class"}[lang]
    axe(d, "a card of an earlier flush")
