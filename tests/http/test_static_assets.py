"""The page's static files: a version in the query is taken, the pages link each file with its fingerprint, the
files may be kept by caches (validators; a year when versioned) and are sent compressed to clients that take it."""
import gzip
import hashlib
import pathlib
import re

import pytest

from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def c():
    return create_app().test_client()


def test_a_version_in_the_query_is_taken(c):
    # /assets/page.js?v=1 was a 400 (an unknown query parameter)
    r = c.get("/assets/page.js?v=1")
    assert r.status_code == 200 and r.data == (ROOT / "web" / "static" / "page.js").read_bytes()


def test_the_pages_link_each_file_with_its_fingerprint(c):
    html = c.get("/").get_data(as_text=True)
    links = dict(re.findall(r'"/assets/([a-z.]+)\?v=([0-9a-f]{12})"', html))
    assert set(links) == {"favicon.svg", "page.css", "dom.js", "quick.js", "page.js"}
    for name, v in links.items():
        assert v == hashlib.sha256((ROOT / "web" / "static" / name).read_bytes()).hexdigest()[:12]


def test_a_versioned_file_is_kept_a_year_an_unversioned_one_a_day_with_validators(c):
    versioned = c.get("/assets/page.css?v=abc")
    assert versioned.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    plain = c.get("/assets/page.css")
    assert plain.headers["Cache-Control"] == "public, max-age=86400"
    assert plain.headers["ETag"] and plain.headers["Last-Modified"]
    again = c.get("/assets/page.css", headers={"If-None-Match": plain.headers["ETag"]})
    assert again.status_code == 304
    # the API's answers are still never kept
    assert c.get("/v1/games").headers["Cache-Control"] == "no-store"


def test_files_are_compressed_for_clients_that_take_it(c):
    r = c.get("/assets/page.js", headers={"Accept-Encoding": "gzip"})
    assert r.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in r.headers["Vary"]
    original = (ROOT / "web" / "static" / "page.js").read_bytes()
    assert gzip.decompress(r.data) == original and len(r.data) < len(original) / 2
    assert "Content-Encoding" not in c.get("/assets/page.js").headers       # none asked, none given
    # the validator names the coding, and a revalidation of the compressed file is a 304
    again = c.get("/assets/page.js", headers={"Accept-Encoding": "gzip", "If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304
    # the API's JSON is left as it is
    assert "Content-Encoding" not in c.get("/v1/games", headers={"Accept-Encoding": "gzip"}).headers


@pytest.mark.parametrize("path", ["/", "/sheet", "/docs"])
def test_a_compressed_page_is_kept_per_language(path):
    # a page is compressed once and kept; the Russian one must not be sent to the next English reader (it was,
    # when the kept copy was keyed by the path alone), whether the language comes from the switch or the browser
    client = create_app().test_client()

    def page(query, accept):
        r = client.get(path + query, headers={"Accept-Encoding": "gzip", "Accept-Language": accept})
        assert r.headers["Content-Encoding"] == "gzip"
        return r.headers["Content-Language"], gzip.decompress(r.get_data()).decode()

    lang, ru = page("?lang=ru", "en")
    assert lang == "ru" and '<html lang="ru"' in ru
    lang, en = page("?lang=en", "ru")
    assert lang == "en" and '<html lang="en"' in en
    lang, browser_ru = page("", "ru")
    assert lang == "ru" and '<html lang="ru"' in browser_ru
    lang, browser_en = page("", "en")
    assert lang == "en" and '<html lang="en"' in browser_en


@pytest.mark.parametrize("path,files", [
    ("/sheet", {"favicon.svg", "page.css", "sheet.css", "dom.js", "sheet.js"}),
    ("/docs", {"favicon.svg", "docs.css", "docs.js"}),
])
def test_the_other_pages_link_their_files_with_fingerprints_too(c, path, files):
    html = c.get(path).get_data(as_text=True)
    links = dict(re.findall(r'"/assets/([a-z.]+)\?v=([0-9a-f]{12})"', html))
    assert set(links) == files
    for name, v in links.items():
        assert v == hashlib.sha256((ROOT / "web" / "static" / name).read_bytes()).hexdigest()[:12]
    # Swagger UI's own files are fingerprinted as well, and kept a year under their version
    swagger = re.findall(r'"(/docs/swagger-ui/[a-z-]+\.(?:js|css)\?v=[0-9a-f]{12})"', html)
    if path == "/docs":
        assert len(swagger) == 2
        for url in swagger:
            r = c.get(url, headers={"Accept-Encoding": "gzip"})
            assert r.status_code == 200 and r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert r.headers["Content-Encoding"] == "gzip"
