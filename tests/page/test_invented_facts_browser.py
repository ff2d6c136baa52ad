"""What a quick question fills in that the player did not give must be a position the table's facts allow, and the
player is told what was assumed: Thousand's «must he follow suit or trump?» gives the trump's marriage to the player
who shows its king or queen (thousand/10.1: the holder announces it and keeps the other card), and Canasta's «may I
go out?» answers about going out when nothing is on the table yet, and says in words what it took the side's table
to hold.  Driven in Debian's headless Chromium at a phone's size, in Russian and in English; headlines word for word.
"""
from __future__ import annotations

import pytest
from page.browser_helpers import axe, no_console_errors, wait
from page.quick_helpers import HEADLINE, Table, asked_again, open_page, ruling, sends
from selenium.webdriver.common.by import By

ALLOWED = {"ru": "✓ Можно", "en": "✓ Allowed"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_trump_marriage_is_the_one_who_holds_its_king(d, server, lang):
    # Анна led A♦, Борис played 9♦; Вера, with no diamond, trumps with K♥ (hearts trump).  The hearts marriage was
    # Вера's (she holds its king, so she announced it with the queen after a trick won): she may trump (thousand/11.3)
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#tile-follow", "#q-he-2", "#q-trick-AD", "#q-trick-9D", "#q-card-KH", "#q-trump-H", "#q-void-D",
                "#quick-ask"):
        t.tap(css)
    assert ruling(t) == ALLOWED[lang]
    axe(d, "the trump's king in the hand that plays")
    # with the queen and no word on her diamonds: it turns on whether she has one, not a refused question
    t.tap("#q-card-QH")
    t.tap("#q-void-D")
    assert asked_again(t, ALLOWED[lang]) == {
        "ru": "? Зависит от карт, которых никто не видел: законно, только если Вера без ♦",
        "en": "? It depends on the cards nobody has seen: legal only if Vera holds no diamonds"}[lang]
    assert sends(t) == 2
    no_console_errors(d)


def test_the_trump_king_played_to_the_trick_is_its_players(d, server):
    # Анна led A♦, Борис trumped with K♥ (the hearts marriage his); Вера follows with 9♦: allowed
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#tile-follow", "#q-he-2", "#q-trick-AD", "#q-trick-KH", "#q-card-9D", "#q-trump-H", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == ALLOWED["ru"]


def test_a_trump_whose_king_and_queen_are_in_two_hands_is_asked_again(d, server):
    # Анна led Q♥ and Борис wants to play K♥: nobody held both, so no hearts marriage was announced and hearts
    # cannot be trump (thousand/10.1); the field says so before anything is sent
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#tile-follow", "#q-trick-QH", "#q-card-KH", "#q-trump-H", "#quick-ask"):
        t.tap(css)
    assert sends(t) == 0
    assert d.find_element(By.ID, "q-trump-error").text == \
        "♥ здесь не может быть козырем: К♥ и Д♥ у разных игроков, значит, марьяж ♥ никто не объявлял."
    # no trump yet: the question is answered
    t.tap("#q-trump-none")
    t.tap("#quick-ask")
    assert ruling(t) == ALLOWED["ru"]
    assert sends(t) == 1
    axe(d, "a trump nobody can have made")


OUT_NO_CANASTA = {
    "ru": "✗ Анна не может выйти: нет канасты, а если у стороны ещё ничего не выложено, выходят всей рукой сразу, "
          "и в ней должна быть канаста",
    "en": "✗ Anna may not go out: there is no canasta, and with nothing on the table yet the whole hand goes down "
          "at once with a canasta in it"}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_going_out_with_nothing_on_the_table_needs_a_canasta(d, server, lang):
    # nothing on the side's table: going out lays the whole hand down at once with a canasta (canasta/6.4, 6.2).
    # Three fives and a nine discarded have no canasta: the verdict is that, whatever the hand's size
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#quick-game-canasta", "#tile-goout", "#q-table-none", "#q-out_melds-5", "#q-out_melds-5",
                "#q-out_melds-5", "#q-out_discard-9", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == OUT_NO_CANASTA[lang]
    assert [e.text for e in d.find_elements(By.CSS_SELECTOR, "#quick-verdict .rule-id")] == ["canasta/6.2", "canasta/6.4"]
    assert sends(t) == 1
    axe(d, "going out with nothing on the table: no canasta")
    no_console_errors(d)


def test_a_concealed_going_out_short_of_the_hand_asks_for_the_whole_hand(d, server):
    # seven sevens and a nine: a canasta, but 8 cards where the hand holds 12 (11 dealt, one drawn; canasta/1.5):
    # the player is told to tap the whole hand, and no ruling stands
    t = Table(d)
    open_page(t, server.url, "ru")
    for css in ("#quick-game-canasta", "#tile-goout", "#q-table-none", *["#q-out_melds-7"] * 7, "#q-out_discard-9",
                "#quick-ask"):
        t.tap(css)
    wait(d, 10).until(lambda d: d.find_element(By.ID, "q-out_melds-error").text)
    assert d.find_element(By.ID, "q-out_melds-error").text == \
        "У стороны ещё ничего не выложено, значит, выходят всей рукой сразу: отметьте все 12 карт руки (11 сданных " \
        "и только что взятую) — и то, что выкладывается, и сброс. Отмечено: 8."
    assert not d.find_elements(By.CSS_SELECTOR, HEADLINE)
    # the whole hand: seven sevens and four fives melded, the nine discarded (12 cards): concealed going out
    for css in ("#q-out_melds-5", "#q-out_melds-5", "#q-out_melds-5", "#q-out_melds-5"):
        t.tap(css)
    t.tap("#quick-ask")
    assert ruling(t) == "✓ Анна может выйти — это скрытый выход"
    axe(d, "concealed going out")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_side_table_the_answer_assumed_is_said(d, server, lang):
    # «one canasta» on the table and a queen and a 2 laid off: the answer took the side to hold a canasta of kings
    # (a rank the question does not use) and three queens to lay off on; the ruling says so in words
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#quick-game-canasta", "#tile-goout", "#q-table-1", "#q-out_melds-Q", "#q-out_melds-2",
                "#q-out_discard-9", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == {"ru": "✓ Анна может выйти", "en": "✓ Anna may go out"}[lang]
    assert d.find_element(By.ID, "quick-assumed").text == {
        "ru": "Ответ исходит из того, что у стороны на столе: канаста из 7 королей; Д Д Д.",
        "en": "The answer takes the side to have on the table: a canasta of 7 kings; Q Q Q."}[lang]
    axe(d, "what the answer assumed")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_two_suits_to_lack_are_said_in_one_condition(d, server, lang):
    # Анна led A♦, Борис played 9♦; Вера plays K♣ with hearts trump and nothing said of her hand: she may only if she
    # has no diamond (to follow) and no heart (to trump) — one condition naming both suits, not the phrase twice
    t = Table(d)
    open_page(t, server.url, lang)
    for css in ("#tile-follow", "#q-he-2", "#q-trick-AD", "#q-trick-9D", "#q-card-KC", "#q-trump-H", "#quick-ask"):
        t.tap(css)
    assert ruling(t) == {
        "ru": "? Зависит от карт, которых никто не видел: законно, только если Вера без ♦ и без ♥",
        "en": "? It depends on the cards nobody has seen: legal only if Vera holds no diamonds and no hearts"}[lang]
