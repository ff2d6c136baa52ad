"""Details and rulings that read as plain sentences in both languages: one card said as one card, what is allowed
said once, marshmallow's messages in the catalog's lower case without a full stop like every other detail."""
from __future__ import annotations

import pytest


def _pinochle(hand, card):
    # two-handed, hearts trump, 14 tricks done (the play-off, no stock): Bob led K♠, Ann must head it (must_head
    # always)
    return {"players": ["Ann", "Bob"], "dealer": "Ann", "options": {"must_head": "always"},
            "position": {"phase": "play", "trump": "H", "tricks_done": 14, "hand": hand.split(),
                         "trick": {"leader": "Bob", "cards": ["KS"]}},
            "action": {"type": "play", "player": "Ann", "card": card}}


@pytest.mark.parametrize("hand,en,ru", [
    # only A♠ beats K♠: one card, named alone
    ("AS 9S 10H QC 9D JD KD QD JC 9C", "Ann can beat KS and must play AS",
     "Ann: К♠ можно побить — нужно бить: Т♠"),
    # A♠ and 10♠ beat it: one of two ("10♠ или Т♠" in Russian, as a choice is said)
    ("AS 10S 9S QC 9D JD KD QD JC 9C", "Ann can beat KS and must play one of 10S, AS",
     "Ann: К♠ можно побить — нужно бить: 10♠ или Т♠"),
])
def test_the_cards_that_head_a_trick(client, hand, en, ru):
    for lang, want in (("en", en), ("ru", ru)):
        ans = client.post("/v1/games/pinochle/check", json=_pinochle(hand, "9S"),
                          headers={"Accept-Language": lang}).get_json()
        assert ans["legal"] is False
        assert ans["violations"] == [{"rule": "pinochle/5.4", "message": want, "pointer": "/action/card"}]


def test_a_bool_option_says_what_is_allowed_once(client):
    body = {"players": ["Ann", "Bob", "Cy"], "dealer": "Ann", "options": {"must_beat": "yes"},
            "position": {"phase": "play", "declarer": "Ann", "contract": 100},
            "action": {"type": "pass", "player": "Ann"}}
    for lang, want in (("en", "yes or no"), ("ru", "да или нет")):
        r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": lang})
        assert r.status_code == 422
        assert r.get_json()["errors"] == [{"pointer": "/options/must_beat", "detail": want, "allowed": [True, False]}]


def test_marshmallows_messages_read_like_the_others(client):
    # frozen_by "" is none of the four causes; sides missing; players is not a Canasta field
    body = {"players": ["N", "E", "S", "W"], "dealer": "W",
            "position": {"phase": "draw", "hand": ["9D", "9S", "5C", "6D"],
                         "pile": {"top": "9H", "size": 7, "frozen_by": ""}},
            "action": {"type": "take_pile", "player": "N", "cards": ["9D", "9S"]}}
    want = {"en": [{"pointer": "/sides", "detail": "this field is required and missing"},
                   {"pointer": "/position/pile/frozen_by",
                    "detail": "must be one of: wild, red_three, black_three, start"},
                   {"pointer": "/players", "detail": "unknown field: not part of this request's shape"}],
            "ru": [{"pointer": "/sides", "detail": "обязательное поле не указано"},
                   {"pointer": "/position/pile/frozen_by",
                    "detail": "должно быть одним из: wild, red_three, black_three, start"},
                   {"pointer": "/players", "detail": "неизвестное поле: в запросах такого вида его нет"}]}
    for lang in ("en", "ru"):
        r = client.post("/v1/games/canasta/check", json=body, headers={"Accept-Language": lang})
        assert r.status_code == 422
        assert r.get_json()["errors"] == want[lang]


def test_every_marshmallow_message_is_lower_case_without_a_full_stop():
    from referee import i18n
    from referee.schemas.common import MARSHMALLOW_MESSAGES
    for lang in ("en", "ru"):
        with i18n.language(lang):
            for text in MARSHMALLOW_MESSAGES.values():
                shown = i18n._(text, min=1, max=2, equal=3, choices="a, b")
                assert shown[0].islower() and not shown.endswith("."), shown
