"""A house-rule choice the others contradict is refused in words: the pointer names the option, the detail names
the thing as players do (a scale by its label, "sequences", "going out"), never an option's name or raw value."""
from __future__ import annotations

import pytest

from referee import i18n, registry
from referee.errors import InputError

CANASTA = registry.GAMES["canasta"]


def refused(variant: str, options: dict, lang: str) -> list[dict]:
    with i18n.language(lang), pytest.raises(InputError) as e:
        CANASTA.variants[variant].resolve(options)
    return e.value.errors


def test_a_two_pack_scale_with_three_packs_offers_the_three_pack_scales_by_their_labels():
    # six players play three packs (canasta/1.2); all four red threes doubled is a scale of two packs' four threes
    assert refused("six-player", {"red_three_scale": "four_800"}, "en") == [{
        "pointer": "/options/red_three_scale",
        "detail": "this scale is for the four red threes of two packs; three packs are scored “100 each to four, "
                  "1,000 for five, 1,200 for six” or “100 each, 1,000 for all six” or “400 more for all of the deck”"}]
    nb = "\u00a0"
    assert refused("six-player", {"red_three_scale": "four_800"}, "ru")[0]["detail"] == (
        f"эта шкала — для четырёх красных троек двух колод; в трёх колодах тройки считают так: «по 100 до четырёх, "
        f"1{nb}000 за пять, 1{nb}200 за шесть» или «по 100, 1{nb}000 за все шесть» или «ещё 400 за все красные "
        f"тройки комплекта»")


@pytest.mark.parametrize("bonus,ok", [(100, False), (200, True), (300, False)])
def test_with_sequences_going_out_scores_200(bonus, ok):
    # Palace sequences: going out always 200 (canasta/6.2); one step under and over
    options = {"sequences": True, "deal_size": 15, "going_out_bonus": bonus}
    if ok:
        assert CANASTA.variants["classic"].resolve(options)["going_out_bonus"] == 200
        return
    assert refused("classic", options, "en") == [{"pointer": "/options/going_out_bonus",
                                                  "detail": "with sequences going out scores 200"}]
    assert refused("classic", options, "ru")[0]["detail"] == "с последовательностями выход стоит 200"


def test_with_sequences_there_is_no_bonus_for_going_out_concealed():
    options = {"sequences": True, "deal_size": 15, "concealed_bonus": 100}
    assert refused("classic", options, "en") == [{"pointer": "/options/concealed_bonus",
                                                  "detail": "with sequences there is no bonus for going out concealed"}]
    assert refused("classic", options, "ru")[0]["detail"] == "с последовательностями премии за скрытый выход нет"


def test_a_sequence_bonus_without_sequences_says_so_without_its_name():
    assert refused("classic", {"natural_sequence_bonus": 2000}, "en") == [
        {"pointer": "/options/natural_sequence_bonus", "detail": "this goes only with sequences"}]
