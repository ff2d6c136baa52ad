"""Canasta's quick questions asked under our table's variant deal its hands as the variant deals them (canasta/1.5):
a side that has not opened holds its whole deal, 13 cards in the popular Russian canasta, 12 in the 12-card
classic, 15 in Samba, and the opening's minimum and the pile are judged on that hand, in a real browser at 390×844.

Expected values are the minimum counts of each variant's canasta/4.1 (docs/canasta.md): the popular Russian canasta
50 / 90 from 1,500 / 120 from 3,000 / 150 from 5,000; the 12-card classic 50 / 90 / 120 from 3,000; Samba adds 150
from 7,000.  Each threshold is asked one step under and at it.
"""
from __future__ import annotations

import json

import pytest
from page.browser_helpers import axe, wait
from page.quick_helpers import Table, asked_again, open_page, ruling, sends
from selenium.webdriver.common.by import By

MINIMUM = {"ru": "Для открытия нужно не меньше {n} очков", "en": "The first meld needs at least {n} points"}


def our_table(d, url, variant, options=None):
    d.get(url + "/")
    tables = [{"game": "canasta", "name": "Дома", "variant": variant, "options": options or {}}]
    d.execute_script(f"""
        localStorage.setItem('referee.tables', JSON.stringify({json.dumps(tables)}));
        localStorage.setItem('referee.tables.chosen', JSON.stringify({{canasta: 'Дома'}}));""")


def minimum_asked(d, server, lang, variant, score, options=None):
    """«Сколько нужно для открытия?» asked at ``score`` under our table of ``variant`` (with house ``options``): the
    page, as it then is."""
    our_table(d, server.url, variant, options)
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-minimum")
    t.typed_here(str(score))
    t.tap("#quick-ask")
    return t


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("variant,under,at,n_under,n_at", [
    ("russian-popular", 2995, 3000, 90, 120),
    ("russian-popular", 4995, 5000, 120, 150),
    ("classic-12", 2995, 3000, 90, 120),
    ("samba", 6995, 7000, 120, 150),
])
def test_the_opening_minimum_under_our_table_s_deal(d, server, lang, variant, under, at, n_under, n_at):
    t = minimum_asked(d, server, lang, variant, under)
    assert ruling(t) == MINIMUM[lang].format(n=n_under)
    t.type("#q-score", str(at))
    assert asked_again(t, MINIMUM[lang].format(n=n_under)) == MINIMUM[lang].format(n=n_at)
    assert sends(t) == 2


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_pile_for_the_opening_in_the_12_card_classic(d, server, lang):
    # as the classic's question (tests/page/test_quick_questions_browser.py), Анна's hand now the 12 cards the
    # 12-card classic deals: our side at 0 needs 50, a queen on top and a pair of queens make 30, 20 short
    our_table(d, server.url, "classic-12")
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    t.tap("#tile-pile")
    for css in ("#q-offered-Q", "#q-offered-Q", "#q-top-Q", "#q-frozen-none", "#q-opened-no"):
        t.tap(css)
    t.type("#q-side_total", "0")
    t.tap("#quick-ask")
    assert ruling(t) == {
        "ru": "? Можно, если Анна выложит с руки ещё комбинации не меньше чем на 20 очков: для открытия стороны "
              "нужно 50, а верхняя карта сброса с картами с руки дают 30",
        "en": "? Yes, if Anna also lays down melds from the hand worth at least 20: the side's opening needs 50, "
              "and the top card with the cards from the hand make 30",
    }[lang]
    assert sends(t) == 1
    axe(d, "the pile for the opening, 12 cards dealt")


BRAZILIAN = {  # canasta/4.1 under the Brazilian table: 120 from 3,000; from 7,000 a canasta whatever its count; from
               # 8,000 a canasta and 200 in cards; from 9,000 a natural canasta (or a sequence, or one of wild cards)
    6995: {"ru": "Для открытия нужно не меньше 120 очков", "en": "The first meld needs at least 120 points"},
    7000: {"ru": "Для открытия нужна канаста", "en": "The first meld must hold a canasta"},
    7995: {"ru": "Для открытия нужна канаста", "en": "The first meld must hold a canasta"},
    8000: {"ru": "Для открытия нужна канаста и не меньше 200 очков",
           "en": "The first meld needs a canasta and at least 200 points"},
    8995: {"ru": "Для открытия нужна канаста и не меньше 200 очков",
           "en": "The first meld needs a canasta and at least 200 points"},
    9000: {"ru": "Для открытия нужна натуральная канаста, канаста-последовательность или канаста из свободных карт",
           "en": "The first meld must hold a natural canasta, a sequence canasta or a canasta of wild cards"},
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_brazilian_opening_that_needs_a_canasta_says_so(d, server, lang):
    t = minimum_asked(d, server, lang, "brazilian", 6995)
    said = ruling(t)
    assert said == BRAZILIAN[6995][lang]
    # each threshold one step under and at it, in an order where every answer differs from the one before
    for score in (7995, 8000, 7000, 8995, 9000):
        t.type("#q-score", str(score))
        said = asked_again(t, said)
        assert said == BRAZILIAN[score][lang], score
    axe(d, "the Brazilian opening")


NOT_HERE = {"ru": "Эти вопросы — для игры на 4 игроков, а за нашим столом «Стол» играют в другом составе, поэтому "
                  "ответы — по обычным правилам игры",
            "en": "These questions are for 4 players: our table “Стол” seats another number, so they are answered "
                  "under the game's usual rules"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_table_of_six_is_said_not_to_be_in_force(d, server, lang):
    # a table saved from its link (as players share one) for the six-player game: the questions, asked of four, go
    # by the classic laws, and the page says so instead of applying it in silence; at 1,500 the classic opening
    # needs 90 (canasta/4.1)
    d.get(server.url + "/" + ("?lang=en" if lang == "en" else "")
          + '#table={"name":"Стол","game":"canasta","variant":"six-player","options":{}}')
    save = {"ru": "Сохранить на этом устройстве", "en": "Save them on this device"}[lang]
    wait(d, 10).until(lambda d: [b for b in d.find_elements(By.TAG_NAME, "button") if b.text == save])
    next(b for b in d.find_elements(By.TAG_NAME, "button") if b.text == save).click()
    t = Table(d)
    open_page(t, server.url, lang)
    t.tap("#quick-game-canasta")
    assert d.find_element(By.ID, "quick-table").text == NOT_HERE[lang]
    t.tap("#tile-minimum")
    t.typed_here("1500")
    t.tap("#quick-ask")
    assert ruling(t) == MINIMUM[lang].format(n=90)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_table_with_sequences_deals_15_where_its_variant_leaves_it_open(d, server, lang):
    # the 12-card classic deals by the number of players (12 for four), but with sequences every player is dealt 15
    # (canasta/1.5): at 1,500 the opening needs 90 (canasta/4.1); a 12-card hand would be refused
    t = minimum_asked(d, server, lang, "classic-12", 1500, {"sequences": True})
    assert ruling(t) == MINIMUM[lang].format(n=90)
