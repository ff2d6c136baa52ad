"""Every text of the Russian catalog that can reach a player — 422 details, rulings, conditions, option errors,
everything extracted from referee/, schemas/ and web/ — is a sentence in players' words: no field or option name
(snake_case, camelCase, a dotted path like position.hand), no JSON pointer, no rule ID (thousand/11.3) and no
source's name (pagat, Hoyle, ...) inside it, in English (msgid) or Russian (msgstr).  The pointer of an error says
which field; the page maps pointers to its fields.  Card codes (KH, 10S), suit signs and {placeholders} are fine."""
from __future__ import annotations

import pytest
from babel.messages.pofile import read_po
from plain_words import offences

from referee import i18n, registry

CATALOG = i18n.LOCALE_DIR / "ru" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
# A variant's summary says which texts it follows: the page shows it only behind «Источники» / "Sources", so it
# may name a source (and nothing else that is not a player's word)
SOURCES_VIEW = {v.summary for g in registry.GAMES.values() for v in g.variants.values()}


def _texts(message) -> list[str]:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return [*ids, *strings]


def _offenders() -> dict[str, list[str]]:
    with CATALOG.open("rb") as f:
        catalog = read_po(f)
    out = {}
    for m in catalog:
        if not m.id:
            continue
        found = [o for t in _texts(m) for o in offences(t)]
        if m.id in SOURCES_VIEW:
            found = [o for o in found if not o.startswith("source: ")]
        if found:
            out[m.id if isinstance(m.id, str) else m.id[0]] = found
    return out


@pytest.mark.parametrize("text,found", [
    ("give last_trick: who took the last trick", ["snake_case: last_trick"]),
    ("give the hand of {player} (position.hand)", ["dotted path: position.hand"]),
    ("contracts go in steps of {step} (thousand/7.2)", ["rule ID: thousand/7"]),
    ("as pagat describes it", ["source: pagat"]),
    ("as pagat.com describes it", ["source: pagat"]),
    ("covered by more cards (official laws)", ["source: official laws"]),
    ("see /position/hand", ["JSON pointer: /position"]),
    ("tricksTaken is missing", ["camelCase: tricksTaken"]),
    ("{why} ({rule})", ["rule ID: {rule}"]),
    # what a player may read: card codes, suits, placeholders, numbers, a plain word that is also an option's name
    ("{player} must play KH or 10S (♥), e.g. to the target of 1,000 on the barrel", []),
    ("на бочке {player} играет Т♠ — от 120 до 400, кратно 5", []),
])
def test_the_scan_finds_names_and_leaves_players_words(text, found):
    assert offences(text) == found


def test_no_message_names_a_field_an_option_a_rule_or_a_source():
    found = _offenders()
    assert not found, "\n".join(f"{k!r}: {v}" for k, v in found.items())


def test_a_variant_summary_may_name_its_sources_and_nothing_else():
    # the sources view: pagat is named there, behind «Источники»; a field name would still be found
    pagat = next(v.summary for v in registry.GAMES["thousand"].variants.values() if v.id == "pagat")
    assert pagat in SOURCES_VIEW and "pagat" in pagat
    assert "position.hand" not in pagat and offences(pagat + " (position.hand)")[-1] == "dotted path: position.hand"


@pytest.mark.parametrize("value,ok", [(115, False), (120, True), (122, False), (125, True), (400, True),
                                      (405, False)])
def test_a_contract_cap_out_of_range_reads_from_120_to_400_a_multiple_of_5(client, value, ok):
    # max_bid: 120 to 400 in steps of 5 (thousand/7.5); one step under and over each bound, and off the step
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera", "options": {"max_bid": value},
            "position": {"phase": "bidding", "bids": []}, "action": {"type": "pass", "player": "Anna"}}
    for lang, want in (("ru", "от 120 до 400, кратно 5"), ("en", "from 120 to 400, a multiple of 5")):
        r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": lang})
        if ok:
            assert r.status_code == 200, r.get_json()
        else:
            assert r.status_code == 422
            assert r.get_json()["errors"] == [{"pointer": "/options/max_bid", "detail": want}]


@pytest.mark.parametrize("lang,want", [("ru", "«игрок слева от сдающего», «сдающий» или «никто»"),
                                       ("en", "“the player left of the dealer”, “the dealer” or “nobody”")])
def test_an_enum_option_error_offers_its_values_by_their_labels(client, lang, want):
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera", "options": {"forced_bid_holder": "left"},
            "position": {"phase": "bidding", "bids": []}, "action": {"type": "pass", "player": "Anna"}}
    r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422
    # the values to send, for a program, beside the words (the probe: "yes" was refused with «yes or no»)
    assert r.get_json()["errors"] == [{"pointer": "/options/forced_bid_holder", "detail": want,
                                       "allowed": ["first_hand", "dealer", "none"]}]
