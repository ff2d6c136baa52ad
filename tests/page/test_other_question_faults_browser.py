"""«Другой вопрос»: a fault the referee finds is named by the form's labels, never by a JSON pointer, and the form
shows every field the variant needs.  Debian's headless Chromium at a phone's size, in Russian."""
from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_page_browser import ask, field, game, open_page


def summary(d):
    return [li.text for li in d.find_elements(By.CSS_SELECTOR, "#form-errors li")]


def test_a_deal_left_out_is_named_by_its_fields(d, server):
    # «Подсчитать сдачу» asked with nothing filled in: the service says the deal is missing (/deal); the summary
    # names the deal's fields by their labels and marks them
    open_page(d, server.url + "/")
    game(d, "thousand", "score")
    ask(d)
    lines = summary(d)
    assert lines == ["Заказчик, Заказ, Объявленные марьяжи, Взятые очки за карты, Взятые взятки: "
                     "обязательное поле не указано"], lines
    assert not [x for x in lines if "/deal" in x]
    assert "invalid" in field(d, "/deal/declarer").get_attribute("class")


def test_thousand_for_four_asks_for_the_talon(d, server):
    # with four the dealer sits out and scores the talon (thousand/3.1): the form has its field, and a fault in it
    # stands there under its label
    open_page(d, server.url + "/")
    game(d, "thousand", "score")
    Select(d.find_element(By.ID, "variant")).select_by_value("four-player")
    talon = field(d, "/deal/talon")
    assert talon.find_element(By.CSS_SELECTOR, "label").text == \
        "Три карты прикупа (их очки получает сдающий, сидящий на прикупе)"
    ask(d)
    lines = summary(d)
    assert lines == ["Заказчик, Заказ, Объявленные марьяжи, Взятые очки за карты, Взятые взятки, "
                     "Три карты прикупа (их очки получает сдающий, сидящий на прикупе): обязательное поле не указано"], lines
    assert "invalid" in talon.get_attribute("class")


def test_canasta_for_five_asks_who_sits_the_deal_out(d, server):
    # with five, one of the trio sits each deal out and is dealt nothing (canasta/1.1): the score form asks who, and
    # only in that variant
    open_page(d, server.url + "/")
    game(d, "canasta", "score")
    assert not d.find_elements(By.CSS_SELECTOR, '.field[data-ptr="/deal/sitting_out"]')
    Select(d.find_element(By.ID, "variant")).select_by_value("five-player")
    sitter = field(d, "/deal/sitting_out")
    assert sitter.find_element(By.CSS_SELECTOR, "label").text == "Пропускает сдачу"
    Select(d.find_element(By.ID, "variant")).select_by_value("classic")
    d.find_element(By.CSS_SELECTOR, '.field[data-ptr="/deal/sides"]')
    assert not d.find_elements(By.CSS_SELECTOR, '.field[data-ptr="/deal/sitting_out"]')
