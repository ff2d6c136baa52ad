"""Options as a person reads them: every value a house rule can take has a label in the request's language, and
the summaries say what the option does in plain words, never naming a raw value or another option."""
from __future__ import annotations

import re

import pytest

from referee import i18n, registry

NB = "\u00a0"          # the no-break space of Russian numbers (babel's format_decimal)
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# the names of sources and of a published game a Russian summary may quote as they are spelled
PROPER_NAMES = {"Canasta", "Palace", "Hoyle", "Bicycle", "pagat", "HowStuffWorks", "rummy", "games"}

VARIANTS = [(g.id, v.id) for g in registry.GAMES.values() for v in g.variants.values()]


def _json_key(v):
    return "null" if v is None else ("true" if v is True else "false" if v is False else str(v))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game,variant", VARIANTS)
def test_every_choice_of_every_option_has_a_label(client, game, variant, lang):
    info = client.get(f"/v1/games/{game}/variants/{variant}", headers={"Accept-Language": lang}).get_json()
    for o in info["options"]:
        values = [True, False] if o["type"] == "bool" else list(o.get("allowed", []))
        if o["type"].endswith("|null"):
            values.append(None)
        assert set(o.get("labels", {})) == {_json_key(v) for v in values}, o["name"]
        for key, label in o.get("labels", {}).items():
            assert label.strip(), (o["name"], key)
            assert "_" not in label, (o["name"], key, label)
            if lang == "ru" and not re.fullmatch(r"[\d\s\u00a0,\-]+", label):
                assert CYRILLIC.search(label), (o["name"], key, label)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_summaries_name_no_value_and_no_option(game, lang):
    specs = next(iter(registry.GAMES[game].variants.values())).specs
    names = {n for n in specs if "_" in n}      # "target", "barrel", "deck" are plain words too
    values = {str(v) for s in specs.values() for v in s.allowed if isinstance(v, str) and "_" in v}
    with i18n.language(lang):
        for s in specs.values():
            text = i18n._(s.summary)
            words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
            assert not words & names, (s.name, text)
            assert not words & values, (s.name, text)
            assert not words & {"null", "true", "false"}, (s.name, text)
            if lang == "ru":
                latin = set(re.findall(r"[A-Za-z]{2,}", text)) - PROPER_NAMES
                assert not latin, (s.name, text)


def test_the_russian_page_data_for_canasta_classic(client):
    # the tester's case: red_three_scale and deal_table listed their raw values inside the Russian summaries
    info = client.get("/v1/games/canasta/variants/classic", headers={"Accept-Language": "ru"}).get_json()
    by = {o["name"]: o for o in info["options"]}
    assert by["red_three_scale"]["summary"] == (
        "Сколько вместе дают красные тройки стороны сверх своей цены: все четыре вдвойне, особая сумма за пять, "
        "шесть или восемь в большем комплекте или ступенчатая шкала.")
    assert by["red_three_scale"]["labels"]["four_800"] == "все четыре вдвойне: 800"
    assert by["red_three_scale"]["labels"]["six_1200"] == f"по 100 до четырёх, 1{NB}000 за пять, 1{NB}200 за шесть"
    assert by["deal_size"]["labels"] == {"11": "11", "12": "12", "13": "13", "15": "15", "null": "по числу игроков"}
    assert by["deal_table"]["labels"] == {"official": "обычная таблица", "twelve": "классика с 12 картами"}
    assert by["surprise"]["labels"] == {"true": "да", "false": "нет"}
    # an amount without a label of its own is written the language's way
    assert by["natural_sequence_bonus"]["labels"] == {"1500": f"1{NB}500", "2000": f"2{NB}000", "0": "0"}


def test_thousand_labels_in_both_languages(client):
    en = {o["name"]: o for o in client.get("/v1/games/thousand/variants/russian-classic").get_json()["options"]}
    ru = {o["name"]: o for o in client.get("/v1/games/thousand/variants/russian-classic",
                                           headers={"Accept-Language": "ru"}).get_json()["options"]}
    assert en["bid_cap"]["labels"] == {"marriages": "120 plus the marriages held",
                                       "marriage_unlocks": "over 120 with any marriage", "none": "no limit"}
    assert ru["bid_cap"]["labels"] == {"marriages": "120 плюс марьяжи на руке",
                                       "marriage_unlocks": "больше 120 при любом марьяже", "none": "без ограничения"}
    assert en["barrel"]["labels"] == {"barrel": "barrel", "lock": "lock", "off": "no barrel"}
    assert ru["barrel"]["labels"] == {"barrel": "бочка", "lock": "замок", "off": "без бочки"}
    assert ru["barrel"]["summary"] == ("Что происходит у порога: бочка задерживает счёт на несколько сдач, замок "
                                       "(по-польски) останавливает его там, или ни то ни другое.")
    assert ru["stake"]["labels"] == {"null": "не на деньги"}
    assert ru["rospis_declarer"]["labels"]["minus_120"] == "120"
    assert en["target"]["labels"] == {"1000": "1,000", "1001": "1,001", "1005": "1,005"}
    assert ru["target"]["labels"] == {"1000": f"1{NB}000", "1001": f"1{NB}001", "1005": f"1{NB}005"}


def test_pinochle_labels(client):
    ru = {o["name"]: o for o in client.get("/v1/games/pinochle/variants/two-handed",
                                           headers={"Accept-Language": "ru"}).get_json()["options"]}
    assert ru["card_points"]["labels"] == {"classic": "туз 11, десятка 10, король 4, дама 3, валет 2",
                                           "counters": "туз, десятка, король — по 10",
                                           "ace_ten_kq": "туз и десятка — по 10, король и дама — по 5"}
    assert ru["double_pinochle"]["labels"] == {"300": "300", "none": "по 40"}
