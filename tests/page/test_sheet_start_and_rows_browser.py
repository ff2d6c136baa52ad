"""«Партия» in a real browser (Chromium at 390×844, in Russian): what the start screen and the deal form check before
anything is sent, each problem said at its own box; the rows of the sheet adding up (a third concession's penalty,
points not written on the barrel); a whole game printed on one page; the share link; the form kept across pages.
axe-core is run in each new state.  The machinery (the server, the browser, the counting table) is
tests/page/test_sheet_browser.py's.
"""
from __future__ import annotations

import base64
import json

import pytest
from page.browser_helpers import Table, axe, begin, in_ru, pages, thousand_deal, wait
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

P = ["Анна", "Борис", "Вера"]


def ru(text, **params):
    """The Russian text as the page shows it, its parameters filled as the page fills them."""
    from referee.i18n import translations
    return translations("ru").gettext(text).format(**params)


ALL_TOOK = dict.fromkeys(P, True)


def start(t, base, names=P):
    """The start screen of Thousand for three, the names typed, the game not begun."""
    t.d.get(base + "/sheet")
    t.tap("#game-thousand")
    wait(t.d, 10).until(lambda d: d.switch_to.active_element.get_attribute("id") == "name-0")
    for i, n in enumerate(names):
        t.typed_here(n, then_next=i + 1 < len(names))


def invalid(d, box_id):
    """The box marked wrong, described by the line under it: that line's text (None when not marked)."""
    box = d.find_element(By.ID, box_id)
    if box.get_attribute("aria-invalid") != "true":
        return None
    line = d.find_element(By.ID, box.get_attribute("aria-describedby"))
    return line.get_attribute("textContent")


def made(who, contract, points, marriages=""):
    return {"declarer": who, "contract": contract, "points": points, "took_trick": ALL_TOOK,
            "marriages": [{"player": who, "suit": s} for s in marriages]}


def link(base, deals, players=P, dealer="Вера"):
    keep = {"game": "thousand", "variant": "russian-classic", "options": {}, "players": players, "dealer": dealer,
            "deals": deals}
    b64 = base64.urlsafe_b64encode(json.dumps(keep, ensure_ascii=False).encode()).decode().rstrip("=")
    return base + "/sheet#sheet=" + b64


def open_link(t, url, rows):
    t.d.get(url)
    wait(t.d, 15).until(lambda d: t.rows() == rows and not d.find_elements(By.CSS_SELECTOR, "#sheet-table tr.pending"))


STAKE_WRONG = ru("The stake is a whole number from {min} to {max}; leave it empty to play for no money.",
    min="10", max="1\u00a0000\u00a0000")


def test_the_start_screen_refuses_a_stake_outside_10_to_a_million_at_its_box(d, server):
    t = Table(d)
    start(t, server.url)
    # one step under each bound, and what is no whole number at all: never silently dropped
    for stake in ("5", "9", "1000001", "abc", "-5", "0", "10.5"):
        t.type("#stake", stake)
        t.tap("#begin")
        assert invalid(d, "stake") == STAKE_WRONG, stake
        assert d.switch_to.active_element.get_attribute("id") == "stake"
        assert d.find_element(By.ID, "start").is_displayed() and not d.find_element(By.ID, "play").is_displayed()
        said = d.find_element(By.ID, "start-error").get_attribute("textContent")
        assert said == in_ru("Check the boxes marked above.")
    axe(d, "a stake refused on the start screen")
    # the bounds themselves are taken
    t.type("#stake", "1000000")
    t.tap("#begin")
    t.find("#record")
    assert "ставка 1\u00a0000\u00a0000" in d.find_element(By.ID, "play-summary").get_attribute("textContent")
    t.tap("#new-game")
    d.switch_to.alert.accept()
    start(t, server.url)
    t.type("#stake", "10")
    t.tap("#begin")
    t.find("#record")
    assert "ставка 10" in d.find_element(By.ID, "play-summary").text


def test_the_start_screen_checks_every_name_at_its_box(d, server):
    t = Table(d)
    start(t, server.url, ["Анна", "Анна", ""])
    t.tap("#begin")
    assert invalid(d, "name-0") is None
    assert invalid(d, "name-1") == in_ru("Another player has this name already.")
    # a box left empty takes the name it shows greyed (the probe's wasted tap: it looked filled in)
    assert invalid(d, "name-2") is None
    assert d.find_element(By.ID, "name-2").get_attribute("placeholder") == "Вера"
    assert d.switch_to.active_element.get_attribute("id") == "name-1"
    axe(d, "names refused on the start screen")
    # a name is 1 to 64 characters: the box takes 64 and not one more
    assert d.find_element(By.ID, "name-2").get_attribute("maxlength") == "64"
    t.type("#name-2", "В" * 65)
    assert len(d.find_element(By.ID, "name-2").get_attribute("value")) == 64
    t.type("#name-1", "Борис")
    t.type("#name-2", Keys.BACKSPACE)     # the 64 letters taken away: the box left empty again
    t.tap("#begin")
    t.find("#record")
    thousand_deal(t, 0, 120, {1: 20, 2: 20}, marriages="S")
    t.record()
    assert t.totals() == ["120", "20", "20"]
    assert [e.text for e in d.find_elements(By.CSS_SELECTOR, "#sheet-table thead th")][-3:] == ["Анна", "Борис", "Вера"]


def test_a_house_rule_number_is_checked_against_the_rules_bounds(d, server):
    t = Table(d)
    start(t, server.url)
    t.tap("#sheet-rules summary")
    # barrel_deals: 1 to 10 deals on the barrel
    t.type("#opt-barrel_deals", "11")
    t.tap("#begin")
    assert invalid(d, "opt-barrel_deals") == ru("A whole number from {min} to {max}.", min=1, max=10)
    axe(d, "a house rule refused")
    t.type("#opt-barrel_deals", "10")
    t.tap("#begin")
    t.find("#record")


CONTRACT_WRONG = ru("A contract is a whole number from {min} to {max}.", min=100, max=400)


def test_the_deal_numbers_are_checked_here_in_words_at_their_box(d, server):
    t = Table(d)
    begin(t, server.url, "thousand", P)
    t.tap("#decl-0")
    for contract in ("105105", "99", "401", "abc"):
        t.type("#contract", contract)
        t.tap("#record")
        assert invalid(d, "contract") == CONTRACT_WRONG, contract
        assert t.error() == CONTRACT_WRONG
        assert d.switch_to.active_element.get_attribute("id") == "contract"
    axe(d, "a contract refused")
    t.type("#contract", "120")
    t.tap("#outcome-made")
    points = ru("{what}: a whole number from 0 to 120 (all the cards of a deal are worth 120).", what="{what}")
    for wrong in ("abc", "10.5", "99999999999999999999", "121", "-1"):
        t.type("#points-1", wrong)
        t.tap("#record")
        assert invalid(d, "points-1") == points.format(what=ru("{name}: card points", name="Борис")), wrong
    axe(d, "card points refused")
    assert t.rows() == 0
    t.type("#points-1", "60")
    t.type("#points-2", "50")
    t.tap("#outcome-failed")
    t.record()
    assert t.cells(1)[0][1] == "−120"


def test_a_message_of_the_form_goes_to_the_box_it_is_about(d, server):
    t = Table(d)
    begin(t, server.url, "thousand", P)
    t.tap("#record")
    assert invalid(d, "decl-0") == in_ru("Tap the declarer.")
    t.tap("#decl-0")
    t.tap("#record")
    assert invalid(d, "contract") == in_ru("Type the contract.")
    assert d.switch_to.active_element.get_attribute("id") == "contract"
    axe(d, "the contract missing")
    # failed by the tap, made by the points: said at the first defender's points
    t.type("#contract", "120")
    t.tap("#outcome-failed")
    t.type("#points-1", "20")
    t.type("#points-2", "20")
    t.tap("#mar-0-S")
    t.tap("#record")
    wait(d, 10).until(lambda d: t.error())
    assert invalid(d, "points-1") == in_ru(
        "By these points the contract is made: check the points and the marriages.")
    assert d.switch_to.active_element.get_attribute("id") == "points-1"
    axe(d, "points that say otherwise")


def test_a_third_concession_shows_its_120_and_the_column_adds_up(d, server):
    t = Table(d)
    # Анна makes 120 twice (240), then concedes 105 three deals running: 135, 30, and the third −105 −120 = −195;
    # the others 60 each a concession: 20 + 20 + 180 = 220
    deals = [made("Анна", 120, {"Борис": 20, "Вера": 20}, "S")] * 2 + [
        {"declarer": "Анна", "contract": 105, "conceded": True}] * 3
    open_link(t, link(server.url, deals), 5)
    assert t.cells(5)[0] == ("−195", "−105")
    marks = t.marks(5)
    assert ("−120", "третья роспись подряд") in marks, marks
    # the column adds up: 30 − 105 − 120 = −195
    assert t.cells(4)[0][0] == "30"
    axe(d, "a third concession")


def test_points_on_the_barrel_are_shown_not_written(d, server):
    t = Table(d)
    # Анна: 300 + 300 + 280 = 880, on the barrel; deal 4 Борис makes 140, Анна's 10 card points are not written
    deals = [made("Анна", 300, {"Борис": 20, "Вера": 20}, "HDS")] * 2 + [
        made("Анна", 280, {"Борис": 20, "Вера": 20}, "HDS"), made("Борис", 140, {"Анна": 10, "Вера": 10}, "S")]
    open_link(t, link(server.url, deals), 4)
    row = d.find_elements(By.CSS_SELECTOR, "#sheet-table tbody tr")[3]
    anna = row.find_elements(By.CSS_SELECTOR, "td")[0]
    assert anna.find_element(By.CSS_SELECTOR, ".total").text == "880"
    hand = anna.find_element(By.CSS_SELECTOR, ".hand")
    # what the deal wrote (0: 880 + 0 = 880), then the cards' 10 struck, said so
    assert hand.find_element(By.TAG_NAME, "s").text == "(+10)"
    assert hand.get_attribute("textContent") == "0 (+10) " + in_ru("the cards' score, not written")
    assert t.cells(4)[2] == ("70", "+10")        # Вера's 10 are written
    axe(d, "points not written on the barrel")


FAILED_ON_THE_BARREL = {
    "ru": ("0 (−120) очки по картам, не записаны", "заказ на бочке не сыгран: очки не списываются"),
    "en": ("0 (−120) the cards' score, not written", "failed contract on the barrel: not written off"),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_contract_failed_on_the_barrel_writes_0_for_the_deal(d, server, lang):
    # Анна 300 + 300 + 280 = 880, on the barrel (thousand/14.1); deal 4 she plays 120 and takes 100 card points, no
    # marriage (Борис 10, Вера 10): failed, but a failure on the barrel is not written off (thousand/14.4).  The
    # deal's column is what the deal wrote, 0 (880 + 0 = 880), the cards' −120 struck beside it; Борис and Вера
    # 60 + 10 = 70
    t = Table(d)
    deals = [made("Анна", 300, {"Борис": 20, "Вера": 20}, "HDS")] * 2 + [
        made("Анна", 280, {"Борис": 20, "Вера": 20}, "HDS"), made("Анна", 120, {"Борис": 10, "Вера": 10})]
    url = link(server.url, deals)
    open_link(t, url.replace("/sheet#", "/sheet?lang=en#") if lang == "en" else url, 4)
    anna = d.find_elements(By.CSS_SELECTOR, "#sheet-table tbody tr")[3].find_elements(By.CSS_SELECTOR, "td")[0]
    assert anna.find_element(By.CSS_SELECTOR, ".total").text == "880"
    column, why = FAILED_ON_THE_BARREL[lang]
    assert anna.find_element(By.CSS_SELECTOR, ".hand").get_attribute("textContent") == column
    assert why in [m[1] for m in t.marks(4)]
    assert t.cells(4)[1:] == [("70", "+10"), ("70", "+10")]
    assert t.totals() == ["880", "70", "70"]
    axe(d, "a contract failed on the barrel")


def test_a_total_held_at_880_writes_what_the_deal_added(d, server):
    # Анна 300 + 300 + 120 = 720; deal 4 she makes 200 (110 + hearts 100 = 210): 920, held at 880 on the barrel
    # (thousand/14.1).  The column is what the deal wrote, +160 (720 + 160 = 880), the cards' +200 struck beside
    # it; Борис and Вера 20 + 20 + 20 + 5 = 65
    t = Table(d)
    deals = [made("Анна", 300, {"Борис": 20, "Вера": 20}, "HDS")] * 2 + [
        made("Анна", 120, {"Борис": 20, "Вера": 20}, "H"), made("Анна", 200, {"Борис": 5, "Вера": 5}, "H")]
    open_link(t, link(server.url, deals), 4)
    assert t.cells(3)[0] == ("720", "+120")
    anna = d.find_elements(By.CSS_SELECTOR, "#sheet-table tbody tr")[3].find_elements(By.CSS_SELECTOR, "td")[0]
    assert anna.find_element(By.CSS_SELECTOR, ".total").text == "880"
    assert anna.find_element(By.CSS_SELECTOR, ".hand").get_attribute("textContent") == \
        "+160 (+200) очки по картам, не записаны"
    assert t.totals() == ["880", "65", "65"]


def test_a_game_of_30_deals_prints_on_one_page(d, server):
    t = Table(d)
    # each player in turn bids the forced 100 (the first hand): made with 10 + 10 to the others, then failed with
    # 50 + 50 to them; 30 deals, nobody near 880
    deals = []
    for i in range(30):
        who = P[i % 3]
        others = [p for p in P if p != who]
        pts = 10 if (i // 3) % 2 == 0 else 50
        deals.append(made(who, 100, dict.fromkeys(others, pts)))
    open_link(t, link(server.url, deals), 30)
    pdf = d.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69})
    assert pages(pdf) == 1


def test_the_share_link_asks_before_replacing_a_game_and_works_in_an_open_tab(d, server):
    t = Table(d)
    begin(t, server.url, "thousand", P)
    thousand_deal(t, 0, 120, {1: 20, 2: 20}, marriages="S")
    t.record()
    own = d.find_element(By.ID, "share-link").get_attribute("value")
    assert "lang=" not in own and own.startswith(server.url + "/sheet#sheet=")
    other = link(server.url, [made("Борис", 120, {"Анна": 20, "Вера": 20}, "S")])
    # the link opened in this very tab, «Партия» open: asked; kept when refused
    d.execute_script("location.hash = arguments[0]", other.split("#", 1)[1])
    wait(d, 5).until(EC.alert_is_present())
    assert d.switch_to.alert.text == in_ru(
        "The link brings another game. Replace the game kept on this device with it?")
    d.switch_to.alert.dismiss()
    assert t.totals() == ["120", "20", "20"]
    # taken when agreed
    d.execute_script("location.hash = arguments[0]", other.split("#", 1)[1])
    wait(d, 5).until(EC.alert_is_present())
    d.switch_to.alert.accept()
    wait(d, 10).until(lambda d: t.totals() == ["20", "120", "20"])
    axe(d, "a game taken from a link")
    # the same game's link (a continuation) replaces nothing: no question
    d.get(other)
    wait(d, 10).until(lambda d: t.totals() == ["20", "120", "20"])


def test_the_form_keeps_focus_back_closes_the_editor_and_a_draft_survives(d, server):
    t = Table(d)
    begin(t, server.url, "thousand", P)
    thousand_deal(t, 0, 120, {1: 20, 2: 20}, marriages="S")
    d.find_element(By.ID, "record").send_keys(Keys.ENTER)
    wait(d, 10).until(lambda d: t.rows() == 1)
    t.settled()
    focused = d.switch_to.active_element
    assert focused.tag_name != "body" and focused.get_attribute("id") == "decl-0"
    # Back while correcting a deal closes the editor and stays on «Партия»
    t.tap("#row-1")
    assert d.find_element(By.ID, "cancel-edit").is_displayed()
    d.back()
    wait(d, 5).until(lambda d: not d.find_element(By.ID, "cancel-edit").is_displayed())
    assert d.current_url.split("#")[0].endswith("/sheet")
    # a deal half typed survives a language switch and back
    t.tap("#decl-1")
    t.typed_here("140")
    t.tap("#lang-en")
    wait(d, 10).until(lambda d: d.find_element(By.ID, "deal-title").text == "Deal 2")
    assert d.find_element(By.ID, "contract").get_attribute("value") == "140"
    d.find_element(By.ID, "lang-ru").click()
    wait(d, 10).until(lambda d: d.find_element(By.ID, "deal-title").text == "Сдача 2")
    assert d.find_element(By.ID, "contract").get_attribute("value") == "140"
    assert d.find_element(By.ID, "decl-1").get_attribute("aria-pressed") == "true"
    # and a visit to «Рассудить спор» and back by its link
    t.tap("#question-link")
    wait(d, 10).until(lambda d: not d.find_elements(By.ID, "deal-title"))
    d.get(server.url + "/sheet")
    wait(d, 10).until(lambda d: d.find_element(By.ID, "contract").get_attribute("value") == "140")
    # the penalty of a look at the talon, said the same of anyone
    t.tap("#penalty")
    label = d.find_element(By.ID, "pen-talon_peek-0").get_attribute("textContent")
    assert label == "Прикуп подсмотрен: Анна"
    axe(d, "a draft restored")


def test_names_typed_are_kept_through_a_change_of_variant(d, server):
    t = Table(d)
    start(t, server.url)
    Select(t.find("#sheet-variant")).select_by_value("two-player")
    wait(d, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#names input")) == 2)
    Select(t.find("#sheet-variant")).select_by_value("four-player")
    wait(d, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#names input")) == 4)
    assert [e.get_attribute("value") for e in d.find_elements(By.CSS_SELECTOR, "#names input")][:3] == P
