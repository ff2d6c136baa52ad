"""The examples of the README and of every guide in docs/ are real: each curl request is replayed against the app and
its shown answer must match (an answer may leave keys out, and a shown list is a selection of the actual items, in
order, but every key it shows must have the value shown).

Every ``docs/*.md`` is read, so a guide added there is checked without touching this file. An example is a fenced
``sh`` (or ``bash``, ``shell``, ``console``) block holding one ``curl`` to http://127.0.0.1:8000, and its answer is
the next fenced block, a ``json`` one, with no heading between (a line of prose may introduce it). The README stays
a front door: under 300 lines, and every relative link in it and in the guides leads to a file that exists."""
from __future__ import annotations

import json
import pathlib
import re

import pytest

from tests.doc_examples import (
    DOC_FILES,
    EXAMPLES,
    FENCE,
    examples_of,
    parse_curl,
    rel,
    subset,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_and_every_guide_are_read():
    files = {rel(p) for p in DOC_FILES}
    assert {"README.md", "docs/thousand.md", "docs/pinochle.md", "docs/canasta.md"} <= files
    with_examples = {ex.file for ex in EXAMPLES}
    assert {"README.md", "docs/thousand.md", "docs/pinochle.md", "docs/canasta.md", "docs/api.md"} <= with_examples


def test_examples_cover_every_endpoint():
    paths = {parse_curl(ex.cmd).path.split("?")[0] for ex in EXAMPLES}
    for p in ["/healthz", "/v1/games", "/v1/games/thousand/variants/polish", "/v1/games/thousand/rules",
              "/v1/games/thousand/validate", "/v1/games/canasta/validate"]:
        assert p in paths
    for game in ("thousand", "pinochle", "canasta"):
        in_guide = {parse_curl(ex.cmd).path for ex in EXAMPLES if ex.file == f"docs/{game}.md"}
        for endpoint in ("score", "check"):
            assert f"/v1/games/{game}/{endpoint}" in in_guide, (game, endpoint)


def test_the_readme_is_a_front_door():
    lines = README.splitlines()
    assert len(lines) < 300, f"README.md has {len(lines)} lines; move detail to docs/"
    # the two commands of a fresh machine, as scripts/ has them
    assert "```sh\n./scripts/serve\n```" in README and "```sh\n./scripts/test\n```" in README
    assert (ROOT / "scripts" / "serve").is_file() and (ROOT / "scripts" / "test").is_file()
    ours = [ex for ex in EXAMPLES if ex.file == "README.md"]
    for game in ("thousand", "pinochle", "canasta"):
        assert any(f"/v1/games/{game}/" in ex.cmd and "Accept-Language" not in ex.cmd for ex in ours), game
    assert any("-H 'Accept-Language: ru'" in ex.cmd for ex in ours)
    for target in ("docs/page.png", "/docs", "/openapi.yaml", "/v1/games/{game}/rules/{rule}", "problem+json"):
        assert target in README, target


@pytest.mark.parametrize("path", DOC_FILES, ids=rel)
def test_every_curl_example_shows_its_answer(path):
    # an example without its answer could go stale unseen: each one is followed by the json it gets
    orphans = [ex.line for ex in examples_of(path.read_text(encoding="utf-8"), rel(path)) if ex.answer is None]
    assert not orphans, f"{rel(path)}: the curl examples at lines {orphans} show no ```json answer after them"


@pytest.mark.parametrize("ex", EXAMPLES, ids=[f"{ex.file}:{ex.line}" for ex in EXAMPLES])
def test_example(client, ex):
    req = parse_curl(ex.cmd)
    if req.method == "POST":
        r = client.post(req.path, data=req.body, headers={"Content-Type": "application/json", **req.headers})
    else:
        assert req.method == "GET" and req.body is None, ex.cmd[:120]
        r = client.get(req.path, headers=req.headers)
    actual = r.get_json(silent=True)
    assert actual is not None, f"{ex.file}:{ex.line}: {r.status_code} {r.content_type} is not JSON"
    try:
        shown = json.loads(ex.answer)
    except json.JSONDecodeError as e:
        raise AssertionError(f"{ex.file}:{ex.line}: the answer shown is not JSON: {e}") from None
    subset(shown, actual)
    if "Accept-Language" in req.headers:
        assert r.headers["Content-Language"] == req.headers["Accept-Language"].split(",")[0].split("-")[0]


LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|(?:src|href)=\"([^\"]+)\"")


def relative_links(text: str):
    """(line, target) of every relative link and image outside code blocks."""
    fenced = [(m.start(), m.end()) for m in FENCE.finditer(text)]
    for m in LINK.finditer(text):
        if any(a <= m.start() < b for a, b in fenced):
            continue
        target = m.group(1) or m.group(2)
        if re.match(r"[a-zA-Z][\w+.-]*:|#|//", target):
            continue
        yield text.count("\n", 0, m.start()) + 1, target


@pytest.mark.parametrize("path", DOC_FILES, ids=rel)
def test_relative_links_lead_to_files(path):
    text = path.read_text(encoding="utf-8")
    broken = [(line, t) for line, t in relative_links(text)
              if not (path.parent / re.split(r"[#?]", t)[0]).exists()]
    assert not broken, f"{rel(path)}: links to files that do not exist: {broken}"


def test_link_checker_sees_links():
    text = "[a](docs/x.md#y) ![b](docs/page.png) [c](https://x.org) [d](#top)\n```sh\n[e](f.md)\n```\n"
    assert [t for _, t in relative_links(text)] == ["docs/x.md#y", "docs/page.png"]
    assert len(list(relative_links(README))) >= 10
