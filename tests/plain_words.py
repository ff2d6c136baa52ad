"""What in a text a player reads is not a player's word: a field or option name (snake_case, camelCase, a dotted
path like position.hand, an option's name), a JSON pointer, a rule ID (thousand/11.3), a source's name (pagat,
Hoyle, the official laws, the Arabic text, ...) and, in Russian, any Latin word at all.  Card codes (KH, 10S), suit
signs and {placeholders} are fine.  Shared by tests/i18n/test_plain_details.py (the catalog) and
tests/i18n/test_page_texts_plain.py (everything the page shows)."""
from __future__ import annotations

import re

from referee import registry

OPTION_NAMES = {n for g in registry.GAMES.values() for v in g.variants.values() for n in v.specs if "_" in n}
SOURCE = re.compile(
    r"\b(?:pagat|McLeod|Hoyle|HowStuffWorks|Bicycle|Wikipedia|Parlett|rummy-games|Britannica|Americana|Scarne|Hay|"
    r"Canasta Palace|official laws|Arabic text|encyclopedia text|traditional text|user's)\b|\b(?:Palace's|Хойл|"
    r"Википеди|Парлетт|официальн\w* правил|арабск\w* текст|энциклопедическ\w* текст|традиционн\w* текст)", re.I)
FINDINGS = {
    "rule ID": re.compile(r"\b(?:thousand|pinochle|canasta)/\d"),
    "source": SOURCE,
    "JSON pointer": re.compile(r"(?<![\w{}])/[a-z_]+\b"),
    "snake_case": re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b"),
    "camelCase": re.compile(r"\b[a-z]+[A-Z][A-Za-z]*\b"),
    # a site's name (pagat.com) is a source's, not a path
    "dotted path": re.compile(r"\b(?!e\.g\b|i\.e\b)[a-z_]+\.(?!com\b|org\b|net\b)[a-z_]+\b"),
}
# Latin a Russian text may hold: card codes and their letters, the formats and the API's name, the language switch
CARD_CODES = re.compile(r"(?<![A-Za-z])(?:10|[2-9AKQJT])[SHDC](?![A-Za-z])|\bJK\b|(?<![A-Za-z])[SHDCAKQJT](?![A-Za-z])")
LATIN_WORDS = {"JSON", "JSONL", "API", "UTF", "Unicode", "English"}
LATIN = re.compile(r"[A-Za-z][A-Za-z_]*")


def _unplaced(text: str) -> str:
    return re.sub(r"\{[^{}]*\}", "", text.replace("{{", "(").replace("}}", ")"))


def offences(text: str) -> list[str]:
    """What in ``text`` is not a player's word, in either language (placeholders left out):
    ``["snake_case: last_trick", ...]``."""
    plain = _unplaced(text)
    found = [f"{kind}: {m.group(0)}" for kind, rx in FINDINGS.items() for m in rx.finditer(plain)]
    found += [f"option: {w}" for w in re.findall(r"\b[a-z0-9_]+\b", plain) if w in OPTION_NAMES]
    if "{rule}" in text:
        found.append("rule ID: {rule}")
    return found


def latin(text: str) -> list[str]:
    """The Latin words of a Russian text that are none of :data:`LATIN_WORDS` or a card's code."""
    plain = CARD_CODES.sub("", _unplaced(text))
    return [f"Latin: {w}" for w in LATIN.findall(plain) if w not in LATIN_WORDS]


def findings(text: str, lang: str, sources_view: bool = False) -> list[str]:
    """Everything in ``text`` (in ``lang``) a player should not read; in the sources view a source may be named, and
    there it may be named as it is spelt."""
    found = offences(text)
    if lang == "ru" and not sources_view:
        found += latin(text)
    if sources_view:
        found = [f for f in found if not f.startswith("source: ")]
    return found
