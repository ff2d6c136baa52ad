"""«Другой вопрос»: a fault the referee finds is named by the form's labels, never by a JSON pointer, and the form
shows every field the variant needs.  Debian's headless Chromium at a phone's size, in Russian."""
from __future__ import annotations

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select
from test_page_browser import ask, choose, field, game, open_page, sent, type_in, wait


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
                     "Три карты прикупа (их очки получает сдающий, сидящий на прикупе), "
                     "Или очки прикупа вместо его карт: обязательное поле не указано"], lines
    assert "invalid" in talon.get_attribute("class")


def map_keys(d, ptr, expected):
    """Whether the map at ``ptr`` comes to ask for ``expected``'s names, in order (the form is drawn anew when the
    dealer changes: a label found just before may be gone)."""
    def drawn(d):
        try:
            return [lab.text for lab in field(d, ptr).find_elements(By.CSS_SELECTOR, ".field > label")] == expected
        except StaleElementReferenceException:
            return False
    try:
        wait(d, 5).until(drawn)
    except TimeoutException:
        return False
    return True


def test_thousand_for_four_asks_nothing_of_the_dealer_who_sits_out(d, server):
    # Глеб deals and sits out (thousand/3.1): the deal's points and tricks are asked of the three who play, and the
    # talon may be given by its card points (the four-player variant scores the sitter those, 3.6)
    open_page(d, server.url + "/")
    game(d, "thousand", "score")
    Select(d.find_element(By.ID, "variant")).select_by_value("four-player")
    field(d, "/deal/talon_points")                      # the form drawn for four (a box found before is gone)
    type_in(d, "/players", "Анна, Борис, Вера, Глеб")
    choose(d, "/dealer", "Анна")
    assert map_keys(d, "/deal/points", ["Борис", "Вера", "Глеб"])
    type_in(d, "/deal/points/Глеб", 5)                 # a box filled before the dealer was put right ...
    choose(d, "/dealer", "Глеб")
    assert map_keys(d, "/deal/points", ["Анна", "Борис", "Вера"])
    assert map_keys(d, "/deal/tricks_taken", ["Анна", "Борис", "Вера"])
    choose(d, "/deal/declarer", "Анна")
    type_in(d, "/deal/contract", 100)
    # Анна 100 in 4 tricks, Борис 20 in 3, Вера 0 in 1: 120 in the three hands' 21 cards, the talon's 3 worth 0
    for name, points, tricks in (("Анна", 100, 4), ("Борис", 20, 3), ("Вера", 0, 1)):
        type_in(d, f"/deal/points/{name}", points)
        type_in(d, f"/deal/tricks_taken/{name}", tricks)
    type_in(d, "/deal/talon_points", 0)
    ask(d)
    assert "/deal/points/Глеб" not in str(sent(d))      # ... is not sent once he sits out
    assert sent(d)["deal"]["points"] == {"Анна": 100, "Борис": 20, "Вера": 0}
    # Анна made her 100 (12.1), Борис 20 and Вера 0 (12.3), Глеб the talon's 0 (3.6)
    text = d.find_element(By.ID, "verdict").text
    assert [line for line in text.splitlines() if line.startswith("Итого ")] == \
        ["Итого 100", "Итого 20", "Итого 0", "Итого 0"], text
    assert "Глеб\nСтатья Очки\nна прикупе: очки карт прикупа 0" in text


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
