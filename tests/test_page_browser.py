"""The page for the table in a real browser: Debian's headless Chromium driven by selenium, against the app served
on a loopback port.  Three disputes are settled by clicking, one per game (a Thousand revoke, a Canasta frozen pile,
a Pinochle meld re-use), one of them in Russian; the 422 guidance, the shared link, the language switch, the
keyboard and the 360-pixel layout are checked too.  Screenshots go to ``artifacts/screenshots/`` (not committed).

Needs ``/usr/bin/chromium`` and ``/usr/bin/chromedriver`` (``.ci/run`` installs them with apt-get).
"""
from __future__ import annotations

import json
import pathlib
import re
import shutil
import tempfile
import threading
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait
from werkzeug.serving import make_server

from referee import i18n
from referee.i18n import _
from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
CYRILLIC = re.compile("[А-Яа-яЁё]")


def test_the_browser_is_debians():
    # not a skip: without the browser the page is untested, so say what to install (scripts/bootstrap --browser)
    assert pathlib.Path(CHROMIUM).exists() and pathlib.Path(DRIVER).exists(), \
        "apt-get install chromium chromium-driver (scripts/bootstrap --browser does it as root)"


@pytest.fixture(scope="module")
def base_url():
    server = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.port}"
    server.shutdown()
    thread.join(5)


def chromium(lang: str, width: int = 360, height: int = 800) -> webdriver.Chrome:
    """A fresh headless Chromium whose browser language is ``lang`` (its Accept-Language)."""
    profile = tempfile.mkdtemp(prefix="referee-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                f"--window-size={width},{height}", f"--lang={lang}"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    driver._referee_profile = profile
    driver.set_window_size(width, height)
    return driver


@pytest.fixture(scope="module")
def en():
    d = chromium("en-US")
    yield d
    d.quit()
    shutil.rmtree(d._referee_profile, ignore_errors=True)


@pytest.fixture(scope="module")
def ru():
    d = chromium("ru-RU,ru")
    yield d
    d.quit()
    shutil.rmtree(d._referee_profile, ignore_errors=True)


# ------------------------------------------------------------------ helpers: the page as a player uses it

def wait(d, timeout=10):
    return WebDriverWait(d, timeout)


def open_page(d, url):
    d.get(url)
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, '.field[data-ptr="/action/player"], '
                                                             '.field[data-ptr="/deal/sides"], #log-text'))
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#options .option"))


def field(d, ptr):
    return wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, f'.field[data-ptr="{ptr}"]')))


def choose(d, ptr, value):
    Select(field(d, ptr).find_element(By.CSS_SELECTOR, ":scope > select")).select_by_value(value)


def type_in(d, ptr, text):
    box = field(d, ptr).find_element(By.CSS_SELECTOR, ":scope > input")
    box.send_keys(Keys.CONTROL, "a")                 # (clear() would fire a change of its own)
    box.send_keys(str(text))
    ActionChains(d).send_keys(Keys.TAB).perform()   # leaving the box is what a player does: the change counts then


def pick(d, ptr, cards):
    """Tap the field's card button, then each card in the picker (a single card closes the picker by itself)."""
    field(d, ptr).find_element(By.CSS_SELECTOR, "button.pick").click()
    for card in cards:
        before = len(chips(d, ptr))
        tap(d, (By.CSS_SELECTOR, f'#deck button[data-card="{card}"]'))
        if len(cards) > 1:
            wait(d).until(lambda d, before=before: len(chips(d, ptr)) == before + 1)
    if d.find_element(By.ID, "picker").is_displayed():
        d.find_element(By.ID, "picker-done").click()


def chips(d, ptr):
    return field(d, ptr).find_elements(By.CSS_SELECTOR, ":scope > .cards-box .chip")


def tap(d, locator):
    """Click what ``locator`` finds once it is clickable; the deck is redrawn after every card, so a button found
    just before a redraw is found again."""
    def clicked(d):
        try:
            d.find_element(*locator).click()
            return True
        except (StaleElementReferenceException, ElementClickInterceptedException):
            return False
    wait(d).until(clicked)


def add_item(d, ptr):
    field(d, ptr).find_element(By.CSS_SELECTOR, "button.add").click()


def game(d, game_id, question="check", situation=None):
    Select(d.find_element(By.ID, "game")).select_by_value(game_id)
    wait(d).until(lambda d: d.find_element(By.ID, "variant").get_attribute("value") and
                  d.find_elements(By.CSS_SELECTOR, f'#opt-{"deck" if game_id == "pinochle" else "packs" if game_id == "canasta" else "must_beat"}'))
    d.find_element(By.CSS_SELECTOR, f'#questions input[value="{question}"]').click()
    if situation:
        Select(d.find_element(By.ID, "situation")).select_by_value(situation)


def ask(d):
    old = d.find_elements(By.ID, "verdict-text")
    d.find_element(By.ID, "submit").click()
    if old:
        wait(d).until(EC.staleness_of(old[0]))
    wait(d).until(lambda d: d.find_elements(By.ID, "verdict-text") or d.find_element(By.ID, "form-errors").text)


def verdict(d):
    return d.find_element(By.ID, "verdict-text").text


def sent(d) -> dict:
    """The request the page sends, as it shows it ("The request as JSON")."""
    return json.loads(d.find_element(By.ID, "json").get_attribute("value"))


def api(base_url, path, body, lang="en"):
    req = urllib.request.Request(base_url + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "Accept-Language": lang})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def shot(d, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = d.execute_script("return document.documentElement.scrollHeight")
    width = d.get_window_size()["width"]
    d.set_window_size(width, min(height + 120, 6000))
    d.save_screenshot(str(SHOTS / f"{name}.png"))
    d.set_window_size(width, 800)


def no_console_errors(d):
    # a 4xx of the API is an answer the page shows, which Chromium logs as a failed load; anything else counts
    errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE"
              and not (e["source"] == "network" and "/v1/games/" in e["message"] and "status of 4" in e["message"])]
    assert not errors, errors


def in_russian(text):
    with i18n.language("ru"):
        out = _(text)
    assert CYRILLIC.search(out), out
    return out


# ------------------------------------------------------------------ the three disputes

def test_a_thousand_revoke_settled_by_clicking(en, base_url):
    """Anna leads 9♦; Boris has no diamond and plays A♣ though he holds 9♥, and hearts are trump (his marriage was
    the last): he must trump (thousand/11.3), and the page says so with the one play he has."""
    d = en
    open_page(d, base_url + "/")
    assert d.find_element(By.CSS_SELECTOR, ".field[data-ptr='/players'] input").get_attribute("value") == \
        "Anna, Boris, Vera"
    choose(d, "/position/declarer", "Anna")
    type_in(d, "/position/contract", 100)
    for i, (player, suit) in enumerate([("Anna", "S"), ("Boris", "H")]):
        add_item(d, "/position/marriages")
        choose(d, f"/position/marriages/{i}/player", player)
        choose(d, f"/position/marriages/{i}/suit", suit)
    type_in(d, "/position/tricks_won/Anna", 4)
    type_in(d, "/position/tricks_won/Boris", 2)
    choose(d, "/position/trick/leader", "Anna")
    pick(d, "/position/trick/cards", ["9D"])
    choose(d, "/action/player", "Boris")
    pick(d, "/position/hand", ["9H", "AC"])
    pick(d, "/action/card", ["AC"])
    ask(d)
    assert verdict(d) == "✗ Not legal"
    why = d.find_element(By.CSS_SELECTOR, "#verdict .why").text
    assert "Boris has no diamonds and must play a trump (hearts)" in why and "thousand/11.3" in why
    assert d.find_element(By.CSS_SELECTOR, "#verdict .instead").text == "Boris: play 9♥"
    cite = d.find_element(By.CSS_SELECTOR, "#verdict .citation").text
    answer = api(base_url, "/v1/games/thousand/check", sent(d))
    assert answer["citations"][0]["text"] in cite and answer["citations"][0]["rule"] in cite
    # the card played is marked as the field the ruling is about
    assert "flagged" in field(d, "/action/card").get_attribute("class")
    shot(d, "thousand-revoke-360")
    # the ruling as a phone shows it, the picture of docs/page.png
    d.set_window_size(390, 1100)
    d.execute_script("document.getElementById('h-game').scrollIntoView()")
    d.execute_script("window.scrollTo(0, document.getElementById('ruling').offsetTop - 300)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / "thousand-revoke-ruling.png"))
    d.set_window_size(360, 800)
    no_console_errors(d)


def test_a_canasta_frozen_pile_settled_by_clicking(en, base_url):
    """The pile is frozen by a wild card; Anna, whose side has melded nines, tries to take it with 9♠ and a joker:
    only a natural pair of nines takes a frozen pile (canasta/5.1), and the page names the penalty had she taken
    it."""
    d = en
    open_page(d, base_url + "/")
    game(d, "canasta", "check", "take_pile")
    choose(d, "/action/player", "Anna")
    pick(d, "/position/hand", ["9S", "JK", "5C", "6D", "KH", "KC", "QD", "8S", "4H", "7C", "10D"])
    pick(d, "/position/pile/top", ["9D"])
    type_in(d, "/position/pile/size", 9)
    choose(d, "/position/pile/frozen_by", "wild")
    add_item(d, "/position/melds/Anna+Vera")
    pick(d, "/position/melds/Anna+Vera/0", ["9H", "9D", "9C"])
    add_item(d, "/position/melds/Boris+Gleb")
    pick(d, "/position/melds/Boris+Gleb/0", ["AH", "AS", "2C"])
    pick(d, "/action/cards", ["9S", "JK"])
    ask(d)
    assert verdict(d) == "✗ Not legal"
    assert "only a natural pair of 9s from the hand takes it" in d.find_element(By.CSS_SELECTOR, "#verdict .why").text
    penalties = d.find_element(By.CSS_SELECTOR, "#verdict .penalties").text
    assert "Anna+Vera: -100" in penalties and "canasta/8.4" in penalties
    instead = d.find_element(By.CSS_SELECTOR, "#verdict .instead").text
    assert "Anna: draw" in instead
    answer = api(base_url, "/v1/games/canasta/check", sent(d))
    texts = d.find_element(By.CSS_SELECTOR, "#verdict .citations").text
    assert all(c["text"] in texts for c in answer["citations"])
    shot(d, "canasta-frozen-pile-360")
    no_console_errors(d)


def test_a_pinochle_meld_reuse_settled_by_clicking_in_russian(ru, base_url):
    """In Russian: Anna has a flush in hearts on the table and melds its K♥ Q♥ again as a royal marriage, a lower
    meld of the same class: not allowed (pinochle/4.4).  The page's own texts are the catalog's Russian ones, and the
    ruling shown is the one the API gives for the same request in Russian."""
    d = ru
    open_page(d, base_url + "/")
    assert d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ru"
    assert d.find_element(By.ID, "submit").text == in_russian("Ask the referee")
    assert d.find_element(By.CSS_SELECTOR, "label[for=situation]").text == in_russian("What happened?")
    names = in_russian("Anna, Boris, Vera, Gleb, Dina, Egor").split(", ")
    game(d, "pinochle", "check", "meld")
    assert field(d, "/position/hand").find_element(By.TAG_NAME, "label").text == \
        in_russian("That player's hand, without the cards on the table")
    choose(d, "/position/trump", "H")
    type_in(d, "/position/tricks_done", 5)
    choose(d, "/action/player", names[0])
    pick(d, "/position/hand", ["9C", "JC", "AS", "10S", "KD", "QS"])
    add_item(d, "/position/melds")
    pick(d, "/position/melds/0/cards", ["AH", "10H", "KH", "QH", "JH"])
    pick(d, "/action/cards", ["KH", "QH"])
    # cards are shown in the Russian notation
    chips = field(d, "/action/cards").find_elements(By.CSS_SELECTOR, ".chip")
    assert [c.text.replace("×", "").strip() for c in chips] == ["К♥", "Д♥"]
    ask(d)
    assert verdict(d) == "✗ " + in_russian("Not legal")
    answer = api(base_url, "/v1/games/pinochle/check", sent(d), lang="ru")
    assert answer["legal"] is False and answer["violations"][0]["rule"] == "pinochle/4.4"
    why = d.find_element(By.CSS_SELECTOR, "#verdict .why").text
    assert answer["violations"][0]["message"] in why
    texts = d.find_element(By.CSS_SELECTOR, "#verdict .citations").text
    assert all(c["text"] in texts and c["title"] in texts for c in answer["citations"])
    assert d.find_element(By.CSS_SELECTOR, "#verdict .citations h3").text == in_russian("The rule")
    shot(d, "pinochle-meld-reuse-ru-360")
    no_console_errors(d)


# ------------------------------------------------------------------ guidance, link, language, keyboard, layout

def test_the_services_422_marks_the_fields_it_names(en, base_url):
    """Asking with the hand left out: the service's own detail appears at the hand field and in the summary, whose
    link takes the keyboard there."""
    d = en
    open_page(d, base_url + "/")
    choose(d, "/action/player", "Boris")
    pick(d, "/action/card", ["AC"])
    ask(d)
    hand = field(d, "/position/hand")
    assert "invalid" in hand.get_attribute("class")
    detail = hand.find_element(By.CSS_SELECTOR, ".field-error").text
    answer_errors = []
    try:
        api(base_url, "/v1/games/thousand/check", sent(d))
    except urllib.error.HTTPError as e:
        answer_errors = json.loads(e.read())["errors"]
    assert detail and detail in [x["detail"] for x in answer_errors]
    summary = d.find_element(By.ID, "form-errors")
    assert "The referee cannot judge this yet" in summary.text and detail in summary.text
    summary.find_element(By.CSS_SELECTOR, "a").click()
    assert d.switch_to.active_element.get_attribute("id") == hand.find_element(By.CSS_SELECTOR, "button.pick").get_attribute("id")
    shot(d, "thousand-422-360")


def test_a_bad_house_rule_is_named_by_the_service(en, base_url):
    """Three packs under a red-three scale for two packs: the deck request's 422 is shown at the option."""
    d = en
    open_page(d, base_url + "/")
    game(d, "canasta")
    d.find_element(By.CSS_SELECTOR, "#house-rules summary").click()
    d.find_element(By.CSS_SELECTOR, "#topic-deal summary").click()       # the packs are in «Cards and the deal»
    Select(d.find_element(By.ID, "opt-packs")).select_by_value("3")
    wait(d).until(lambda d: d.find_element(By.ID, "opt-red_three_scale-error").text)
    assert "three packs are scored" in d.find_element(By.ID, "opt-red_three_scale-error").text
    Select(d.find_element(By.ID, "opt-red_three_scale")).select_by_value('"six_1200"')
    wait(d).until(lambda d: not d.find_element(By.ID, "opt-red_three_scale-error").text)
    assert d.find_element(By.ID, "rules-changed").text == "changed: 2"
    d.find_element(By.ID, "reset-options").click()


def test_the_deck_follows_the_variant_and_its_options(en, base_url):
    d = en
    open_page(d, base_url + "/")
    field(d, "/position/hand").find_element(By.CSS_SELECTOR, "button.pick").click()
    assert len(d.find_elements(By.CSS_SELECTOR, "#deck button.card")) == 24
    assert d.find_element(By.ID, "deck-size").text == "Cards in the deck: 24"
    game(d, "pinochle")
    field(d, "/position/hand").find_element(By.CSS_SELECTOR, "button.pick").click()
    cards = d.find_elements(By.CSS_SELECTOR, "#deck button.card")
    assert len(cards) == 24 and cards[0].text.split() == ["A♠", "×2"]
    d.find_element(By.CSS_SELECTOR, "#house-rules summary").click()
    d.find_element(By.CSS_SELECTOR, "#topic-cards summary").click()      # the deck is in «Cards and their points»
    Select(d.find_element(By.ID, "opt-deck")).select_by_value("64")
    wait(d).until(lambda d: d.find_element(By.ID, "deck-size").text == "Cards in the deck: 64")
    assert len(d.find_elements(By.CSS_SELECTOR, "#deck button.card")) == 32
    # a card picked as often as the deck holds it cannot be picked again
    d.find_element(By.CSS_SELECTOR, '#deck button[data-card="7C"]').click()
    d.find_element(By.CSS_SELECTOR, '#deck button[data-card="7C"]').click()
    assert not d.find_element(By.CSS_SELECTOR, '#deck button[data-card="7C"]').is_enabled()
    game(d, "canasta")
    field(d, "/position/hand").find_element(By.CSS_SELECTOR, "button.pick").click()
    assert d.find_element(By.ID, "deck-size").text == "Cards in the deck: 108"
    assert d.find_element(By.CSS_SELECTOR, '#deck button[data-card="JK"]').text.split() == ["JK", "×4"]


def test_the_shared_link_reproduces_the_question_and_the_switch_keeps_it(en, ru, base_url):
    d = en
    open_page(d, base_url + "/")
    choose(d, "/action/player", "Vera")
    pick(d, "/position/hand", ["QS", "10H"])
    link = d.find_element(By.ID, "share-link").get_attribute("value")
    assert "#" in link and "r=" in link
    open_page(ru, link)
    assert sent(ru)["position"]["hand"] == ["QS", "10H"] and sent(ru)["action"]["player"] == "Vera"
    assert ru.find_element(By.ID, "submit").text == in_russian("Ask the referee")
    chips = field(ru, "/position/hand").find_elements(By.CSS_SELECTOR, ".chip")
    assert [c.text.replace("×", "").strip() for c in chips] == ["Д♠", "10♥"]
    ru.find_element(By.ID, "lang-en").click()
    wait(ru).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en")
    open_page(ru, ru.current_url)
    assert ru.find_element(By.ID, "submit").text == "Ask the referee"
    assert sent(ru)["position"]["hand"] == ["QS", "10H"]


def test_a_request_pasted_as_json_fills_the_form_and_is_scored(en, base_url):
    """The README's Thousand deal, pasted into "The request as JSON": the form takes its fields, and the score table
    shows each player's lines, then before, this deal and the total, as the API scores it."""
    d = en
    open_page(d, base_url + "/")
    body = json.loads((ROOT / "examples" / "thousand" / "score-deal.json").read_text())
    d.find_element(By.CSS_SELECTOR, "#json-box summary").click()
    box = d.find_element(By.ID, "json")
    d.execute_script("arguments[0].value = arguments[1]", box, json.dumps(body))
    d.find_element(By.ID, "apply-json").click()
    wait(d).until(lambda d: d.find_element(By.CSS_SELECTOR, '#questions input[value="score"]').is_selected())
    assert field(d, "/state/scores/Vera").find_element(By.TAG_NAME, "input").get_attribute("value") == "875"
    ask(d)
    assert verdict(d) == "The score"
    body.pop("game")
    answer = api(base_url, "/v1/games/thousand/score", body)
    tables = d.find_elements(By.CSS_SELECTOR, "#verdict .scores table")
    assert [t.find_element(By.TAG_NAME, "caption").text for t in tables] == [p["id"] for p in answer["players"]]
    for t, p in zip(tables, answer["players"]):
        foot = [r.text for r in t.find_elements(By.CSS_SELECTOR, "tfoot tr")]
        assert foot == [f"Before {p['total_before']}", f"This deal {p['hand_score']}", f"Total {p['total_after']}"]
        lines = t.find_elements(By.CSS_SELECTOR, "tbody tr")
        assert len(lines) == len(p["lines"]) and p["lines"][0]["item"] in lines[0].text
    assert "Vera: bolt number 1" in d.find_element(By.ID, "verdict").text
    shot(d, "thousand-score-360")


def test_a_whole_log_pasted_and_a_jsonl_batch(en, base_url):
    d = en
    open_page(d, base_url + "/")
    d.find_element(By.CSS_SELECTOR, '#questions input[value="validate"]').click()
    lines = (ROOT / "examples" / "thousand" / "batch.jsonl").read_text().splitlines()
    box = d.find_element(By.ID, "log-text")
    assert box.is_displayed() and not d.find_elements(By.CSS_SELECTOR, "#fields .field")
    d.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", box,
                     lines[0])
    ask(d)
    assert verdict(d) == "✓ The log is valid"
    d.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('change'))", box,
                     "\n".join(lines))
    ask(d)
    items = d.find_elements(By.CSS_SELECTOR, "#verdict .batch li")
    assert len(items) == 8
    assert "thousand/11.3" in items[2].text and items[0].text == "line 1: ✓ The log is valid"
    assert items[7].text.startswith("line 8: This is not JSON")
    shot(d, "thousand-batch-360")
    no_console_errors(d)


def test_the_keyboard_alone(en, base_url):
    """Keys only: a player chosen by typing, cards picked with Enter and Tab in the picker, Escape back to the field,
    Enter in a box asks; the focus goes to the ruling (or to the list of what is missing)."""
    d = en
    open_page(d, base_url + "/")
    field(d, "/action/player").find_element(By.TAG_NAME, "select").send_keys("Boris")
    hand = field(d, "/position/hand").find_element(By.CSS_SELECTOR, "button.pick")
    hand.send_keys(Keys.ENTER)
    assert d.switch_to.active_element.get_attribute("data-card") == "AS"
    d.switch_to.active_element.send_keys(Keys.ENTER)
    # the one A♠ is taken: the focus moves on to the next card still to be had, K♠
    assert d.switch_to.active_element.get_attribute("data-card") == "KS"
    d.switch_to.active_element.send_keys(Keys.TAB, Keys.TAB, Keys.ENTER)    # past Q♠ to J♠
    assert d.switch_to.active_element.get_attribute("data-card") == "10S"
    d.switch_to.active_element.send_keys(Keys.ESCAPE)
    assert d.switch_to.active_element.get_attribute("id") == hand.get_attribute("id")
    assert d.find_element(By.ID, "picker").is_displayed() is False
    assert sent(d)["position"]["hand"] == ["AS", "JS"] and sent(d)["action"]["player"] == "Boris"
    field(d, "/position/contract").find_element(By.TAG_NAME, "input").send_keys("100", Keys.ENTER)
    wait(d).until(lambda d: d.find_element(By.ID, "form-errors").text)
    assert d.switch_to.active_element.get_attribute("id") == "form-errors"
    # a bid with nobody having spoken: the empty auction is sent as [] and the ruling takes the focus
    Select(d.find_element(By.ID, "situation")).select_by_value("bid")
    field(d, "/action/player").find_element(By.TAG_NAME, "select").send_keys("Anna")
    field(d, "/action/type").find_element(By.TAG_NAME, "select").send_keys("bid")
    field(d, "/action/amount").find_element(By.TAG_NAME, "input").send_keys("100", Keys.ENTER)
    wait(d).until(lambda d: d.find_elements(By.ID, "verdict-text"))
    assert sent(d)["position"]["bids"] == []
    assert d.switch_to.active_element.get_attribute("id") == "ruling"


UNLABELLED = """
    return [...document.querySelectorAll('input, select, textarea, button')]
      .filter(e => e.offsetParent !== null && e.type !== 'hidden')
      .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
      .map(e => e.outerHTML.slice(0, 80));"""


def test_every_control_is_labelled_and_nothing_overflows_at_360(en, base_url):
    """Every situation of every game, with its house rules, its "more details" and a list item open, and the
    picker open on the innermost card field: every control has a label, and the page is no wider than the phone."""
    d = en
    open_page(d, base_url + "/")
    d.find_element(By.CSS_SELECTOR, "#house-rules summary").click()
    seen = 0
    for g in ("thousand", "pinochle", "canasta"):
        for q in ("check", "score", "validate"):
            game(d, g, q)
            ids = [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#situation option")]
            for sit in ids if q != "validate" else [None]:
                if sit:
                    Select(d.find_element(By.ID, "situation")).select_by_value(sit)
                more = d.find_element(By.ID, "more-details")
                if more.is_displayed() and more.get_attribute("open") is None:
                    more.find_element(By.TAG_NAME, "summary").click()
                for i in range(3):           # each added item redraws the form: find the buttons again
                    adds = d.find_elements(By.CSS_SELECTOR, "#fields button.add")
                    if i < len(adds):
                        adds[i].click()
                picks = d.find_elements(By.CSS_SELECTOR, "#fields button.pick")
                if picks:
                    picks[-1].click()
                assert not d.execute_script(UNLABELLED), (g, q, sit, d.execute_script(UNLABELLED))
                width = d.execute_script("return document.documentElement.scrollWidth")
                assert width <= 360, (g, q, sit, width)
                seen += 1
    assert seen == 2 + 1 + 1 + 3 + 1 + 1 + 3 + 1 + 1
    shot(d, "canasta-score-360")


def test_the_desktop_layout_and_the_api_reference(base_url):
    d = chromium("en-US", 1280, 900)
    try:
        open_page(d, base_url + "/")
        shot(d, "page-desktop")
        d.find_element(By.ID, "docs-link").click()
        wait(d, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".opblock"))
        assert "Referee" in d.find_element(By.CSS_SELECTOR, "#swagger-ui .title").text
        shot(d, "docs-desktop")
        no_console_errors(d)
    finally:
        d.quit()
        shutil.rmtree(d._referee_profile, ignore_errors=True)


def test_house_rules_read_as_labels_in_russian(ru, base_url):
    """The tester's fault: the Russian page listed each house rule's raw values (marriages, none) and its name in
    code beside the summary.  The selects now show the labels the variant info gives in Russian."""
    d = ru
    open_page(d, base_url + "/")
    game(d, "thousand", "check")
    info = json.loads(urllib.request.urlopen(urllib.request.Request(
        base_url + "/v1/games/thousand/variants/russian-classic", headers={"Accept-Language": "ru"})).read())
    by = {o["name"]: o for o in info["options"]}
    shown = [o.get_attribute("textContent") for o in Select(d.find_element(By.ID, "opt-bid_cap")).options]
    assert shown == ["120 плюс марьяжи на руке", "больше 120 при любом марьяже", "без ограничения"]
    shown = [o.get_attribute("textContent") for o in Select(d.find_element(By.ID, "opt-silence_threshold")).options] \
        if d.find_elements(By.CSS_SELECTOR, "select#opt-silence_threshold") else None
    assert shown is None        # a free amount is typed in; its placeholder is the label of null
    assert d.find_element(By.ID, "opt-stake").get_attribute("placeholder") == by["stake"]["labels"]["null"]
    summaries = d.find_elements(By.CSS_SELECTOR, "#options .opt-summary")
    assert summaries and not d.find_elements(By.CSS_SELECTOR, "#options .opt-summary code")
    assert all("_" not in s.get_attribute("textContent") for s in summaries)
    no_console_errors(d)
