"""What the quick questions' browser tests share: the page opened in a language with its sends counted, the
table that scrolls to what it taps, the verdict's headline once the referee has answered."""
from __future__ import annotations

from page.browser_helpers import HEIGHT, wait
from page.browser_helpers import Table as Pad
from selenium.webdriver.common.by import By

HEADLINE = "#quick-headline"

# the page's language: the browser asks for Russian; ?lang=en switches to English
LANGS = {"ru": "/", "en": "/?lang=en"}


class Table(Pad):
    """As «Партия»'s tests count, with the thing tapped scrolled to the middle first, as a thumb scrolls to it (the
    ask button stays at the bottom of the screen over the form)."""

    def tap(self, css):
        e = self.find(css)
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", e)
        e.click()
        self.taps += 1


def open_page(t, base, lang):
    t.d.get(base + LANGS[lang])
    t.find("#quick-list .tile")
    # count what is sent to the referee: every POST the page makes
    t.d.execute_script("""
        window.__sends = 0;
        const f = window.fetch;
        window.fetch = (url, opts) => {
          if (opts && opts.method === 'POST') window.__sends++;
          return f(url, opts);
        };""")


def sends(t):
    return t.d.execute_script("return window.__sends")


def ruling(t):
    """The headline once the referee has answered."""
    wait(t.d, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, HEADLINE)
                        or d.find_element(By.ID, "quick-errors").text)
    errors = t.d.find_element(By.ID, "quick-errors").text
    assert not errors, errors
    return t.d.find_element(By.CSS_SELECTOR, HEADLINE).text


def ask_button_in_view(d):
    r = d.execute_script("const r = document.getElementById('quick-ask').getBoundingClientRect();"
                         "return [r.top, r.bottom];")
    return 0 <= r[0] and r[1] <= HEIGHT


MUST_TRUMP = {"ru": "✗ Нельзя: у Бориса нет ♦, он должен козырять (♥)",
              "en": "✗ Not allowed: Boris has no ♦, he must trump (♥)"}
NO_TRUMP = {"ru": "✓ Козыря ещё нет — можно любую карту", "en": "✓ No trump yet — any card may be played"}


def asked_again(t, old):
    """Send once more and wait for the new headline."""
    t.tap("#quick-ask")
    wait(t.d, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, HEADLINE)
                        and d.find_element(By.CSS_SELECTOR, HEADLINE).text not in (old, "")
                        or d.find_element(By.ID, "quick-errors").text)
    return ruling(t)
