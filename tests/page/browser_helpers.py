"""What the page's browser tests share: the page as players drive it (:class:`Table`, counting taps and typed
characters), the app on a loopback port (:class:`Server`; the fixtures are in conftest.py), axe-core, tap targets,
screenshots, the browser's console, and the steps of a sheet's start and of a Thousand deal."""
from __future__ import annotations

import base64
import contextlib
import pathlib
import re
import threading

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait
from werkzeug.serving import make_server

from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
AXE = ROOT / ".venv" / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM, DRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
WIDTH, HEIGHT = 390, 844


def wait(d, timeout=10):
    """A wait that looks again when the sheet was redrawn under it (a row gone stale, a row not there yet)."""
    return WebDriverWait(d, timeout, ignored_exceptions=(StaleElementReferenceException, IndexError))


class Server:
    """The app on a fixed loopback port, which can be stopped and started again (the service going away)."""

    def __init__(self):
        self.app = create_app()
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.port = self.server.port
        self._run()

    def _run(self):
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)

    def start(self):
        self.server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        self._run()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"


class Table:
    """The page as players drive it, counting taps and typed characters."""

    def __init__(self, d):
        self.d = d
        self.taps = 0
        self.chars = 0

    def count(self):
        return self.taps, self.chars

    def find(self, css):
        return wait(self.d, 10).until(
            lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, css) if e.is_displayed() and e.is_enabled()),
                           None))

    def tap(self, css):
        """Tap the first shown, enabled element ``css`` finds; found again if the page redrew it between the finding
        and the tap (a draft restored, a list re-rendered), so that a redraw is never a failed tap."""
        for attempt in range(3):
            try:
                self.find(css).click()
                break
            except StaleElementReferenceException:
                if attempt == 2:
                    raise
        self.taps += 1

    def type(self, css, text, then_next=False):
        """Type ``text`` into the box; a box the cursor is not in is tapped first.  ``then_next``: the keyboard's
        next key after it."""
        box = self.find(css)
        if self.d.switch_to.active_element != box:
            box.click()
            self.taps += 1
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(str(text) + (Keys.ENTER if then_next else ""))
        self.chars += len(str(text)) + (1 if then_next else 0)

    def typed_here(self, text, then_next=False):
        """Type into the box the page has put the cursor in (the page moves it after a tap, a moment later: wait
        for it up to 5 s)."""
        with contextlib.suppress(TimeoutException):    # said by the assertion below, with the element
            wait(self.d, 5).until(lambda d: d.switch_to.active_element.tag_name == "input")
        box = self.d.switch_to.active_element
        assert box.tag_name == "input", box.get_attribute("outerHTML")
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(str(text) + (Keys.ENTER if then_next else ""))
        self.chars += len(str(text)) + (1 if then_next else 0)

    def record(self):
        before = self.rows()
        self.tap("#record")
        wait(self.d, 10).until(lambda d: self.rows() == before + 1 or self.error())
        assert not self.error(), self.error()
        self.settled()

    def save(self):
        self.tap("#record")
        wait(self.d, 10).until(lambda d: d.find_element(By.ID, "record").get_attribute("textContent")
                               == in_ru("Record the deal")
                                        or self.error())
        assert not self.error(), self.error()
        self.settled()

    def settled(self):
        wait(self.d, 10).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#sheet-table tr.pending"))

    def error(self):
        return self.d.find_element(By.ID, "deal-error").text

    def rows(self):
        return len(self.d.find_elements(By.CSS_SELECTOR, "#sheet-table tbody tr"))

    def cells(self, n):
        """Row ``n`` (from 1): each column's (total, this deal's score) as shown."""
        row = self.d.find_elements(By.CSS_SELECTOR, "#sheet-table tbody tr")[n - 1]
        return [(td.find_element(By.CSS_SELECTOR, ".total").text, td.find_element(By.CSS_SELECTOR, ".hand").text)
                for td in row.find_elements(By.CSS_SELECTOR, "td")]

    def totals(self):
        return [td.text for td in self.d.find_elements(By.CSS_SELECTOR, "#sheet-table tfoot td")]

    def marks(self, n):
        row = self.d.find_elements(By.CSS_SELECTOR, "#sheet-table tbody tr")[n - 1]
        return [(b.find_element(By.CSS_SELECTOR, "[aria-hidden]").text,
                 b.find_element(By.CSS_SELECTOR, ".sr-only").get_attribute("textContent"))
                for b in row.find_elements(By.CSS_SELECTOR, "button.mark")]


def in_ru(text):
    from referee import i18n
    from referee.i18n import _
    with i18n.language("ru"):
        return _(text)


def axe(d, state):
    """axe-core's WCAG 2.1 A/AA checks and its best practices: no violation in this state of the page."""
    if not d.execute_script("return !!window.axe"):
        d.execute_script(AXE.read_text(encoding="utf-8"))
    result = d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']})"
        ".then(r => done(r.violations.map(v => [v.id, v.nodes.map(n => n.target.join(' '))])));")
    assert result == [], (state, result)


def small_targets(d):
    """Buttons, links and boxes to type in smaller than 44×44 CSS pixels."""
    return d.execute_script("""
        return [...document.querySelectorAll('button, a[href], input, select, summary')]
          .filter(e => e.offsetParent !== null && !e.classList.contains('skip'))
          .map(e => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
          .filter(([, r]) => r.height < 44 || r.width < 44)
          .map(([n, r]) => [n, Math.round(r.width), Math.round(r.height)]);""")


def shot(d, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = d.execute_script("return document.documentElement.scrollHeight")
    d.set_window_size(WIDTH, min(height + 140, 6000))
    d.save_screenshot(str(SHOTS / f"{name}.png"))
    d.set_window_size(WIDTH, HEIGHT)


def no_console_errors(d, allow_network=False):
    errors = [e for e in d.get_log("browser") if e["level"] == "SEVERE"
              and not (e["source"] == "network" and "/v1/games/" in e["message"] and "status of 4" in e["message"])
              and not (allow_network and e["source"] == "network")]
    assert not errors, errors


def begin(t, base, game, names, variant=None, stake=None):
    """From the first screen to the game's first deal: the «Партия» link, the game, the names (the cursor is put in
    the first name box; the keyboard's next key moves on), the stake, the start."""
    t.d.get(base + "/")
    t.tap("#sheet-link")
    t.tap(f"#game-{game}")
    wait(t.d, 10).until(lambda d: d.find_elements(By.ID, f"name-{len(names) - 1}"))
    if variant:
        t.tap("#sheet-variant")
        Select(t.find("#sheet-variant")).select_by_value(variant)
        t.taps += 1
        wait(t.d, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#names input")) == len(names))
        t.tap("#name-0")
    wait(t.d, 10).until(lambda d: d.switch_to.active_element.get_attribute("id") == "name-0")
    for i, n in enumerate(names):
        t.typed_here(n, then_next=i + 1 < len(names))
    if stake:
        t.type("#stake", stake)
    t.tap("#begin")
    t.find("#record")


def thousand_deal(t, declarer, contract, points, marriages=(), outcome="made", no_trick=()):
    """One deal as a pulka keeps it: the declarer, the contract, made (or not), the others' points, the marriages,
    who took no trick.  ``declarer`` and ``points`` by seat (0, 1, 2)."""
    t.tap(f"#decl-{declarer}")
    if outcome == "conceded":
        t.tap("#outcome-conceded")
        t.type("#contract", contract)
        return
    t.typed_here(contract)                    # the cursor is in the contract box
    t.tap(f"#outcome-{outcome}")              # and then in the first defender's points
    others = [i for i in range(3) if i != declarer]
    t.typed_here(points[others[0]], then_next=True)
    t.typed_here(points[others[1]])
    for suit in marriages:
        t.tap(f"#mar-{declarer}-{suit}")
    for p in no_trick:
        t.tap(f"#notrick-{p}")


def pages(pdf):
    """The number of pages of a PDF printed by Chromium (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page[^s]", base64.b64decode(pdf["data"])))


# the names of the sources the rules notes cite, in both alphabets
SOURCES = re.compile(r"pagat|hoyle|хойл|howstuffworks|bicycle|rummy|wikipedia|википеди|parlett|парлетт|\bhay\b|хэй|"
                     r"palace|палас|mcleod", re.I)


def begin_with_variant(t, base, game, names, variant):
    """From the first screen to the game's first deal: the «Партия» link, the game, the variant (a tap on the list and
    one on the variant), the names (the first box tapped, the keyboard's next key moving on), the start."""
    t.d.get(base + "/")
    t.tap("#sheet-link")
    t.tap(f"#game-{game}")
    wait(t.d, 10).until(lambda d: d.find_elements(By.ID, "name-0"))
    t.tap("#sheet-variant")
    Select(t.find("#sheet-variant")).select_by_value(variant)
    t.taps += 1
    wait(t.d, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#names input")) == len(names))
    t.tap("#name-0")
    for i, n in enumerate(names):
        t.typed_here(n, then_next=i + 1 < len(names))
    t.tap("#begin")
    t.find("#record")
