"""A player's name may belong to a woman: no Russian message puts a masculine past-tense verb («взял», «объявил»,
«ходил», «вышел») or a masculine short adjective («должен», «обязан») in agreement with a name.

The catalog says it the players' way: «{player}: …» with an impersonal construction («{player}: сдано карт 6, а не
7»), a present tense («{player} сдаёт»), or the name in an oblique case after a noun («ход игрока {player}»).  A
noun in the nominative set beside the name («игрок {player} взял») does not help: the verb agrees with the name
(«игрок Анна взяла»), so such a name is a subject too.  A name is a placeholder for a person (``PERSON``);
when it starts its clause (the text's start, or after ``;``, ``:``, ``,``, a dash or a bracket) it is the subject of
the words that follow it up to the end of its clause (``;``, ``.``, a dash, or a colon after other words; a bracketed
aside is skipped), and it is the subject of a verb right before it («взял: {player}»).  The
masculine words are past-tense verbs (``-л``, ``-лся``; ``NOT_VERBS`` lists the nouns in ``-л`` that are not) and
the short adjectives of ``SHORT``.  «взял(а)» is no way out: a form with both endings is not written either."""
from __future__ import annotations

import pathlib
import re

import pytest
from babel.messages.pofile import read_po

ROOT = pathlib.Path(__file__).resolve().parents[2]
CATALOG = ROOT / "referee" / "locale" / "ru" / "LC_MESSAGES" / "messages.po"

# placeholders that stand for a person's name
PERSON = {"player", "name", "declarer", "turn", "holder", "winner", "partner", "leader", "dealer", "newcomer",
          "to_speak", "bidder", "loser", "sitter", "who"}
# masculine short adjectives and participles that agree with a subject
SHORT = {"должен", "обязан", "готов", "вынужден", "виноват", "прав", "свободен", "уверен", "сам", "лишён",
         "допущен"}
# words in -л that are not past-tense verbs
NOT_VERBS = {"стол", "угол", "пол", "зал", "мол", "пул", "нуль", "козел", "козёл"}
# masculine past-tense verbs without the -л ending («не мог», «не смог»)
PAST_WITHOUT_L = {"мог", "смог", "помог", "смогся", "лёг", "лег", "сел", "сжёг"}

# nouns in the nominative that may stand beside a name without taking its agreement from it
APPOSITION = re.compile(r"(?:^|\s)(?:игрок|заказчик|сдающий|противник|партнёр|победитель)\s*$", re.I)
PLACEHOLDER = re.compile(r"\{(\w+)(?:[:!][^}]*)?\}")
WORD = re.compile(r"[а-яё]+", re.I)


def masculine(word: str) -> bool:
    w = word.lower()
    if w in SHORT or w in PAST_WITHOUT_L:
        return True
    return bool(re.fullmatch(r"[а-яё]{2,}(?:л|лся)", w)) and w not in NOT_VERBS


def subject_clause(text: str, start: int) -> str:
    """The words after a name at ``start`` up to the end of its clause: a colon right after the name opens what is
    said of the player, any later colon, ``;``, ``.``, a dash or a bracket ends it."""
    rest = re.sub(r"\([^()]*\)", " ", text[start:])
    rest = re.sub(r"^\s*:", "", rest)
    return re.split(r"[;.:—]|\s-\s", rest, maxsplit=1)[0]


def disagreements(text: str) -> list[str]:
    """The masculine words that agree with a person's name in ``text``."""
    found = []
    for m in PLACEHOLDER.finditer(text):
        if m.group(1) not in PERSON:
            continue
        head = text[:m.start()].rstrip()
        beside = APPOSITION.search(head)       # «игрок {player}»: the name is still the subject
        if beside:
            head = head[:beside.start()].rstrip()
        last = re.search(r"([а-яё]+)(?:\s+ли)?\s*:?\s*$", head, re.I)     # «делал ли {player}» too
        if last and masculine(last.group(1)) and last.group(1).lower() not in SHORT:
            found.append(last.group(1))
        if beside or not head or head.endswith((";", ":", ",", "—", "(", "«")):
            found += [w for w in WORD.findall(subject_clause(text, m.end())) if masculine(w)]
    return found


def catalog():
    with CATALOG.open("rb") as f:
        for msg in read_po(f, locale="ru"):
            if msg.id:
                forms = msg.string if isinstance(msg.string, (list, tuple)) else [msg.string]
                for form in forms:
                    yield (msg.id if isinstance(msg.id, str) else msg.id[0]), form


@pytest.mark.parametrize("text,found", [
    ("{player} взял двенадцатую взятку и должен взять закрытую карту", ["взял", "должен"]),
    ("{player} взял двенадцатую взятку (последнюю) и должен взять закрытую карту", ["взял", "должен"]),
    ("{player} пропускает сдачу и сам не сдаёт", ["сам"]),
    ("ход игрока {player}, сброс не может взять никто, даже тот, кто его сбросил", []),
    ("{player} объявил выход с {total}: верно, победа", ["объявил"]),
    ("{player}: ни разу не ходил с туза", ["ходил"]),
    ("{player} вышел первым", ["вышел"]),
    ("{player} сдаёт; стол пуст", []),
    ("игрок {player} взял двенадцатую взятку и должен взять закрытую карту", ["взял", "должен"]),
    ("двенадцатая взятка у игрока {player}, поэтому ему полагается закрытая карта", []),
    ("заказчик {declarer} сыграл", ["сыграл"]),
    ("{player}, следующий по очереди, взял карту", ["взял"]),
    ("{player}: ни одного хода с туза, поэтому этот марьяж объявить нельзя", []),
    ("сейчас ходит {turn}; {player}, следующий по очереди, взял карту", ["взял"]),
    ("{player} пропускает эту сдачу: сдача переходит налево", []),
    ("{n} карт взял {player}", ["взял"]),
    ("карта (взял: {player}) возвращается в колоду", ["взял"]),
    ("джокер сбросил игрок {player}", ["сбросил"]),
    ("в сбросе джокер игрока {player}", []),
    ("{player}: сдано карт {given}, а не {n}", []),
    ("ход игрока {player}: он ещё не кончился", []),
    ("{player} — {n} очков; заказ сыграл другой", []),
    ("{player}: не мог объявить {marriage} — {card} на этой руке", ["мог"]),
    ("{player}: не смог выйти после ответа партнёра «да»", ["смог"]),
    ("решается тем, делал ли {player} ставку", ["делал"]),
    ("{who} сыграл {contract}", ["сыграл"]),
    ("{player}: нельзя было объявить {marriage} — {card} на этой руке", []),
])
def test_a_masculine_word_after_a_name_is_found(text, found):
    assert disagreements(text) == found


def test_no_message_makes_a_name_masculine():
    texts = list(catalog())
    assert len(texts) > 1000
    assert sum(1 for _id, t in texts if "{player}" in t) > 100
    found = [(msgid, text, words) for msgid, text in texts if (words := disagreements(text))]
    assert found == []
    assert [text for _id, text in texts if re.search(r"[а-яё]\((?:а|ла|ась|на)\)", text)] == []


@pytest.mark.parametrize("lang,detail", [
    ("en", "Анна cannot have announced the hearts marriage: KH is in this hand"),
    ("ru", "Анна: нельзя было объявить марьяж ♥ — К♥ на этой руке"),
])
def test_a_marriage_nobody_could_announce_is_said_of_anna_without_a_masculine_verb(client, lang, detail):
    # Анна led A♦ and took a trick, and is said to have announced hearts; but К♥ is in Вера's hand, who plays it
    # (7 cards: 8 after the exchange less the one trick played): nobody but Вера could announce that marriage
    body = {"players": ["Анна", "Борис", "Вера"], "dealer": "Вера",
            "position": {"phase": "play", "declarer": "Анна", "contract": 100,
                         "marriages": [{"player": "Анна", "suit": "H"}],
                         "tricks_won": {"Анна": 1, "Борис": 0, "Вера": 0},
                         "trick": {"leader": "Анна", "cards": ["AD", "9D"]},
                         "hand": ["KH", "9C", "JC", "QC", "10C", "AC", "9S"]},
            "action": {"type": "play", "player": "Вера", "card": "KH"}}
    r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/position/marriages/0", "detail": detail}]


# the page's labels speak of «the player» (Анна, Вера as often as Борис): never «он», «его», «у него» in Russian, nor
# "he", "his" in English.  A text of a pair picked by the player's gender (``*_m`` / ``*_f``) may, and so may a
# pronoun standing for a thing, each named here
RU_HE = re.compile(r"(?<![а-яё])(?:он|его|ему|него|нему|им|ним|сам)(?![а-яё])", re.I)   # «её»: a card, a hand, a side
EN_HE = re.compile(r"\b(?:he|his|him|himself|she|her|hers|herself)\b", re.I)
PRONOUN_OF_A_THING = {
    "deal_refused": "он",            # «сдачу он не принял»: the referee
    "side_total_hint": "него",       # «от него зависит минимум»: the side's score
    "need_side_total": "него",       # the side's score too
    "names_invisible": "его",        # «впишите его заново»: the name
}


def page_labels():
    import web
    with CATALOG.open("rb") as f:
        ru = {m.id: m.string for m in read_po(f, locale="ru") if m.id}
    for group in ("TEXTS", "SHEET_TEXTS", "QUICK_TEXTS"):
        for key, en in getattr(web, group).items():
            if isinstance(en, str) and not key.endswith(("_m", "_f", "_m_deal", "_f_deal")):
                yield key, en, ru.get(en) or ""


def test_the_pronoun_check_finds_a_player_said_he():
    assert RU_HE.findall("Что у его стороны уже выложено") == ["его"]
    assert RU_HE.findall("1 — первая сдача после того, как он сел на бочку.") == ["он"]
    assert RU_HE.findall("Онлайн: кого нет, того нет") == []
    assert EN_HE.findall("His earlier meld still on the table") == ["His"]
    assert EN_HE.findall("The player's earlier meld; the heart marriage") == []


def test_no_page_label_calls_the_player_he_or_his():
    labels = list(page_labels())
    assert len(labels) > 300
    found = [(key, en, ru) for key, en, ru in labels
             if EN_HE.search(en) or ((m := RU_HE.search(ru)) and PRONOUN_OF_A_THING.get(key) != m.group(0).lower())]
    assert found == []
