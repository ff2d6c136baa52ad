"""Russian beside English: every message of the code has its Russian text in the catalog, answers follow
Accept-Language, and Russian card notation is read."""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from referee import i18n, service
from referee.cards import Card, parse_card
from referee.i18n import LOCALE_DIR, _, ngettext, placeholders

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def catalog(lang="ru"):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


CODE = {m: flags for m, _locs, flags in i18n.extract()}


def test_the_code_has_messages_and_russian_is_a_language():
    assert i18n.LANGUAGES == ("en", "ru")
    assert len(CODE) > 100


@pytest.mark.parametrize("msgid", sorted(CODE, key=str), ids=lambda m: str(m)[:60])
def test_every_message_has_a_russian_text(msgid):
    entry = catalog().get(msgid)
    assert entry is not None, f"not in the catalog (run scripts/i18n): {msgid!r}"
    assert not entry.fuzzy
    forms = list(entry.string) if isinstance(entry.string, (list, tuple)) else [entry.string]
    english = [msgid] if isinstance(msgid, str) else list(msgid)
    assert len(forms) == (1 if isinstance(msgid, str) else 3)      # Russian has three plural forms
    wanted = set().union(*(placeholders(e) for e in english))
    for form in forms:
        assert form and CYRILLIC.search(form), (msgid, form)
        assert form not in english
        # the same parameters, so that a Russian text never lacks a value the English one shows ({n} may be left
        # to the form itself in a plural)
        assert placeholders(form) <= wanted and wanted - placeholders(form) <= {"n"}, (msgid, form)


def test_the_catalog_holds_only_messages_of_the_code():
    stale = [m.id for m in catalog() if m.id and m.id not in CODE]
    assert not stale, f"entries no longer in the code (run scripts/i18n): {stale}"


def test_russian_plural_forms():
    # one / few / many: 1 and 21 take the first form, 2-4 and 22 the second, 5-20 and 11-14 the third
    with i18n.language("ru"):
        got = {n: ngettext("{n} more fault from here on is not listed", "{n} more faults from here on are not listed",
                           n) for n in (1, 2, 4, 5, 11, 12, 21, 22, 25, 111)}
    assert got[1] == "дальше не показана ещё 1 ошибка"
    assert got[21] == "дальше не показана ещё 21 ошибка"
    for n in (2, 4, 22):
        assert got[n] == f"дальше не показаны ещё {n} ошибки"
    for n in (5, 11, 12, 25, 111):
        assert got[n] == f"дальше не показаны ещё {n} ошибок"


def test_english_is_the_default_and_untouched():
    assert _("{name} is not one of the players ({players})", name="'Bob'", players="Ann, Cid") == \
        "'Bob' is not one of the players (Ann, Cid)"
    with i18n.language("de"):          # a language without a catalog answers in English
        assert i18n.current() == "en"


def test_parameters_show_in_the_language():
    c = [Card("Q", "S"), Card("10", "H"), Card("A", "C"), Card("J", "D"), Card("JK", "")]
    with i18n.language("ru"):
        assert _("cards missing from the deal: {cards}", cards=c) == "в сдаче недостаёт карт: Д♠, 10♥, Т♣, В♦, Дж"
        assert i18n.show(i18n.Suit("H")) == "♥" and i18n.show(i18n.Rank("K")) == "К"
        assert i18n.number(1000) == "1\xa0000"
    assert i18n.show(c) == "QS, 10H, AC, JD, JK" and i18n.show(i18n.Suit("H")) == "hearts"
    assert i18n.number(1000) == "1,000"


@pytest.mark.parametrize("text,card", [
    ("Дб", Card("Q", "D")), ("Тк", Card("A", "C")), ("10ч", Card("10", "H")), ("Тт", Card("A", "C")),
    ("вп", Card("J", "S")), ("КЧ", Card("K", "H")), ("кк", Card("K", "C")), ("9Б", Card("9", "D")),
    ("Д♠", Card("Q", "S")), ("дж", Card("JK", "")), ("2т", Card("2", "C"))])
def test_russian_card_notation(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["Тs", "Кh", "AП", "Qб", "Тх", "Ж♠", "Т", "Дбб"])
def test_a_card_in_two_alphabets_or_unknown_letters_is_refused(text):
    # Cyrillic Т is an ace and Latin T a ten: a card mixing the alphabets is never guessed
    with pytest.raises(ValueError):
        parse_card(text)


def test_russian_answers_over_http(client):
    for accept, lang in [("ru", "ru"), ("ru-RU", "ru"), ("ru-RU,ru;q=0.9,en;q=0.8", "ru"),
                         ("en;q=0.5, ru;q=0.9", "ru"), ("ru;q=0.4, en;q=0.9", "en"), ("fr", "en"), ("", "en"),
                         ("*", "en")]:
        r = client.get("/v1/games", headers={"Accept-Language": accept} if accept else {})
        assert r.headers["Content-Language"] == lang, accept
        assert "Accept-Language" in r.headers["Vary"]


def test_a_russian_problem(client):
    r = client.post("/v1/games/thousand/score", json={"players": ["Анна", "Борис", "Вера"]},
                    headers={"Accept-Language": "ru"})
    assert r.status_code == 422 and r.headers["Content-Language"] == "ru"
    body = r.get_json()
    assert body["title"] == "Запрос нельзя рассмотреть"
    assert {"pointer": "/deal", "detail": "обязательное поле не указано"} in body["errors"]
    r = client.get("/v1/games/thousand/nothing", headers={"Accept-Language": "ru"})
    assert r.status_code == 404 and r.get_json()["title"] == "Не найдено"
    r = client.post("/v1/games/thousand/score", data="{", headers={"Content-Type": "application/json",
                                                                    "Accept-Language": "ru"})
    assert r.get_json()["detail"] == "тело запроса — некорректный JSON: ожидалось имя поля в двойных кавычках " \
                                     "(строка 1, столбец 2)"


def test_russian_cards_in_a_request_come_back_canonical():
    # Anna leads the 9 of diamonds; Boris, holding no diamond, plays the ace of clubs although he holds a trump
    # (hearts, from his marriage): a revoke (thousand/11.3).  Cards are written the Russian way.
    body = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
            "position": {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 4, "Boris": 2},
                         "marriages": [{"player": "Anna", "suit": "п"}, {"player": "Boris", "suit": "ч"}],
                         "trick": {"leader": "Anna", "cards": ["9б"]}, "hand": ["9ч", "Тк"]},
            "action": {"type": "play", "player": "Boris", "card": "Тк"}}
    ans = service.handle("thousand", "check", body, "ru")
    assert ans["legal"] is False and ans["legal_actions"] == [{"type": "play", "player": "Boris", "card": "9H"}]
    assert ans["violations"][0]["rule"] == "thousand/11.3"


def test_a_russian_request_leaves_the_next_one_english(client):
    # the language is the request's: after a Russian answer, code outside any request speaks English again
    client.get("/v1/games", headers={"Accept-Language": "ru"})
    assert i18n.current() == "en"
    assert client.get("/v1/games").headers["Content-Language"] == "en"


@pytest.mark.parametrize("body,lang,detail", [
    # a probe's "\xff\xfe" under ru read "тело запроса не в UTF-8 (invalid start byte, байт 0)": Python's own words
    (b"\xff\xfe", "ru", "тело запроса не в UTF-8: байт, с которого не может начинаться символ (байт 0)"),
    (b"\xff\xfe", "en", "the body is not UTF-8: a byte that cannot begin a character (byte 0)"),
    (b'{"a": "\xd0\x41"}', "ru", "тело запроса не в UTF-8: символ прерван байтом, который не может его продолжать "
                                 "(байт 7)"),
    (b'{"a": "\xd0', "en", "the body is not UTF-8: a character cut off by the end of the body (byte 7)"),
    # an encoded surrogate: its second byte is out of the range that may follow \xed
    (b'{"a": "\xed\xa0\x80"}', "en", "the body is not UTF-8: a character broken off by a byte that cannot continue "
                                     "it (byte 7)"),
])
def test_a_body_that_is_not_utf8_is_told_in_the_language_asked(client, body, lang, detail):
    r = client.post("/v1/games/thousand/score", data=body, content_type="application/json",
                    headers={"Accept-Language": lang})
    assert r.status_code == 400 and r.headers["Content-Language"] == lang
    assert r.get_json()["detail"] == detail


@pytest.mark.parametrize("lang,detail", [
    ("en", "the body is not valid JSON: Invalid \\u escape: four hexadecimal digits must follow \\u at line 1 "
           "column 9"),
    ("ru", "тело запроса — некорректный JSON: недопустимая последовательность \\u: после \\u нужны четыре "
           "шестнадцатеричные цифры (строка 1, столбец 9)"),
])
def test_a_bad_u_escape_is_said_in_full_in_the_language_asked(client, lang, detail):
    # {"a": "\u12"}: two hex digits where four must follow \u (the decoder names the fault by its pattern)
    r = client.post("/v1/games/thousand/score", data=b'{"a": "\\u12"}', content_type="application/json",
                    headers={"Accept-Language": lang})
    assert r.status_code == 400 and r.get_json()["detail"] == detail


@pytest.mark.parametrize("game,body", [
    ("thousand", {"players": ["Анна", "Борис", "Вера"], "dealer": "Вера",
                  "position": {"phase": "play", "declarer": "Анна", "contract": 100, "trump": "ч",
                               "tricks_won": {"Анна": 4, "Борис": 2}, "trick": {"leader": "Анна", "cards": ["9б"]}},
                  "action": {"type": "play", "player": "Борис", "card": "Тк"}}),
    ("pinochle", {"players": ["Ann", "Bob"], "dealer": "Ann",
                  "position": {"phase": "play", "trump": "H", "tricks_done": 14,
                               "trick": {"leader": "Bob", "cards": ["KS"]}},
                  "action": {"type": "play", "player": "Ann", "card": "9S"}}),
])
def test_a_missing_hand_is_asked_for_without_an_english_action_name(client, game, body):
    # a new user's README body without position.hand read "без неё play не рассудить": the action's type name
    r = client.post(f"/v1/games/{game}/check", json=body, headers={"Accept-Language": "ru"})
    player = body["action"]["player"]
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/position/hand",
                                       "detail": f"укажите руку игрока {player}: без неё этот ход не рассудить"}]


def test_an_amount_is_written_in_each_language_it_is_asked_in_whatever_came_first():
    # the same amount asked in Russian, English, Russian again: each answer in its own language (1 000 with a
    # no-break space in Russian, 1,000 in English), not the form of the language that asked first
    with i18n.language("ru"):
        assert i18n.number(7500) == "7\xa0500"
    assert i18n.number(7500) == "7,500"
    assert i18n.number(7500, "ru") == "7\xa0500"
    assert i18n.number(-250) == "-250" and i18n.number(10000, "en") == "10,000"


def test_the_amounts_kept_stay_within_their_bound(monkeypatch):
    # with room for 3 amounts: the 3rd fits, the 4th empties the store first; every answer stays right
    monkeypatch.setattr(i18n, "_NUMBERS", {})
    monkeypatch.setattr(i18n, "_NUMBERS_MAX", 3)
    for n, shown in ((1000, "1,000"), (2000, "2,000"), (3000, "3,000")):
        assert i18n.number(n, "en") == shown
    assert len(i18n._NUMBERS) == 3
    assert i18n.number(4000, "en") == "4,000"
    assert len(i18n._NUMBERS) == 1
    assert i18n.number(1000, "en") == "1,000"
