"""The fixtures of the page's browser tests: the app on a loopback port (one per module) and Debian's headless
Chromium at a phone's size in Russian (one per test)."""
from __future__ import annotations

import shutil
import tempfile

import pytest
from page.browser_helpers import AXE, CHROMIUM, DRIVER, HEIGHT, WIDTH, Server
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


@pytest.fixture(scope="module")
def server():
    s = Server()
    yield s
    s.stop()


@pytest.fixture()
def d():
    assert AXE.exists(), "scripts/bootstrap --browser fetches axe-core from the npm registry (npm install axe-core)"
    profile = tempfile.mkdtemp(prefix="referee-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}",
                f"--window-size={WIDTH},{HEIGHT}", "--lang=ru-RU"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"intl.accept_languages": "ru-RU,ru"})
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    driver.set_window_size(WIDTH, HEIGHT)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
