"""What a player reads of a rule (its title, its statement and the clauses that hold) says the fact, never another
rule's number or ID: «(10.5)», «сказано в 6.2», «по 9.2» send a player to a rulebook the table does not have.  Only
the notes, the deliberations, may cite sources and rule IDs."""
from __future__ import annotations

import re

import pytest

from referee import registry

GAMES = list(registry.GAMES.values())
# a rule number (7.1, 10.5, 14.2) or a rule ID (thousand/7.1); no figure in a rule text is written with a point
RULE_REF = re.compile(r"(?<![\d.,])\d{1,2}\.\d{1,2}(?!\d)|\b(?:thousand|pinochle|canasta)/\d")


def test_the_pattern_finds_the_references_players_met():
    for text in ("an ace marriage (10.5)", "сказано в 6.2.", "сдача считается по 9.2", "see thousand/7.1",
                 "по 8.5", "правилам 5.2–5.4"):
        assert RULE_REF.search(text), text
    for text in ("120", "1,000", "1 000", "−120", "7 cards", "K♥ and Q♥", "за 10,5 очка"):
        assert not RULE_REF.search(text), text


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_no_statement_or_clause_cites_a_rule(game):
    found = []
    for rule in game.rulebook.rules.values():
        parts = [("title", rule.title), ("statement", rule.text)]
        parts += [(f"clause {i}", c.text) for i, c in enumerate(rule.clauses)]
        for where, texts in parts:
            for lang, text in texts.items():
                found += [(rule.id, where, lang, m[0]) for m in RULE_REF.finditer(text)]
    assert found == []


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rules_served_cite_no_rule(client, game, lang):
    for variant in game.variants:
        book = client.get(f"/v1/games/{game.id}/rules?variant={variant}", headers={"Accept-Language": lang}).get_json()
        said = [(r["id"], r["title"], r["text"]) for r in book["rules"]
                if RULE_REF.search(r["title"]) or RULE_REF.search(r["text"])]
        assert said == [], variant


def test_a_ruling_cites_the_rule_in_words(client):
    # Boris, first to speak, holds no marriage (A♠ 10♠ J♠ 9♠ A♣ 10♣ 9♣) and bids 130 where any marriage unlocks bids
    # above 120: the ruling cites the rule on bidding above 120, whose text once sent the player to «the maximum of
    # 7.5» / «до предела из 7.5»
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
            "position": {"phase": "bidding", "bids": [], "hand": ["AS", "10S", "JS", "9S", "AC", "10C", "9C"]},
            "action": {"type": "bid", "player": "Boris", "amount": 130}, "options": {"bid_cap": "marriage_unlocks"}}
    want = {"en": "No one may bid above 120 without a marriage in hand; any one marriage allows bids up to the "
                  "absolute maximum bid.",
            "ru": "Без марьяжа на руке нельзя заказать больше 120; любой один марьяж разрешает ставки до наибольшего "
                  "допустимого заказа."}
    for lang in ("en", "ru"):
        ans = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": lang}).get_json()
        assert ans["legal"] is False
        assert [c["rule"] for c in ans["citations"]] == ["thousand/7.4"]
        assert ans["citations"][0]["text"] == want[lang]
