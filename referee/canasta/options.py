"""Classic Canasta options and variants (rule IDs in rules.yaml).

Every point where the sources disagree is a typed option; a variant is a named preset of them.
"""
from __future__ import annotations

from ..rulebook import OptionSpec, preset

O = OptionSpec
SPECS = {s.name: s for s in [
    O("packs", "int", 2, "canasta/1.2", "Packs shuffled together: 2 (108 cards, 4 jokers) or 3 (162 cards, 6 jokers).",
      allowed=(2, 3)),
    O("deal_size", "int", 11, "canasta/1.5", "Cards dealt to each player.", allowed=(11, 12, 13, 15)),
    O("draw_count", "int", 1, "canasta/6.1", "Cards drawn from the stock in a turn (the two-player game draws 2).",
      allowed=(1, 2)),
    O("black_three_upcard", "enum", "cover", "canasta/1.6",
      "A black three turned up is covered by more cards (official laws), or left as the upcard (pagat).",
      allowed=("cover", "leave")),
    O("black_three_freezes", "bool", False, "canasta/5.1", "A black three on the pile freezes it (one Hoyle line)."),
    O("red_three_last_card", "enum", "no_meld", "canasta/6.5",
      "A red three drawn as the last stock card ends the hand at once, or after melding.",
      allowed=("no_meld", "meld_then_end")),
    O("negative_minimum", "int", 15, "canasta/4.1", "Initial-meld minimum for a side below zero.", allowed=(15, 0)),
    O("minimum_150_from", "int", None, "canasta/4.1",
      "Total from which the initial-meld minimum is 150 (the six-player game to 10,000 uses 7,500); null: never.",
      nullable=True, minimum=3000, maximum=100000, multiple_of=5),
    O("concealed_waives_minimum", "bool", True, "canasta/6.4",
      "Going out concealed after drawing from the stock needs no initial minimum."),
    O("red_threes_need_canasta", "bool", False, "canasta/2.2",
      "Red threes count plus only for a side with a canasta (instead of any meld)."),
    O("red_three_scale", "enum", "four_800", "canasta/2.2",
      "Red-three bonus: 100 each and 800 for four (two packs), or 100 each up to four, 1,000 for five and "
      "1,200 for six (three packs).", allowed=("four_800", "six_1200")),
    O("pile_for_opening", "bool", True, "canasta/4.2",
      "A side that has not opened may take the pile for its opening (false: only after opening)."),
    O("canastas_to_go_out", "int", 1, "canasta/6.2", "Canastas a side needs before going out.", allowed=(1, 2)),
    O("count_and_exposure_penalties", "bool", True, "canasta/8.11",
      "The insufficient-count (+10) and exposed-card penalties apply (not in the two-player game)."),
    O("target", "int", 5000, "canasta/7.2",
      "Score that ends the game; null: 10,000 with two sides and 7,500 with three (six players).",
      nullable=True, minimum=500, maximum=100000, multiple_of=5),
]}


def _three_pack_checks(opts: dict) -> list[tuple[str, str]]:
    out = []
    if (opts["red_three_scale"] == "six_1200") != (opts["packs"] == 3):
        out.append(("red_three_scale", "red_three_scale goes with the packs: four_800 for two packs (four red "
                                       "threes), six_1200 for three packs (six red threes) (canasta/2.2)"))
    return out


_variant = preset(SPECS, constraints=(_three_pack_checks,))
VARIANTS = {v.id: v for v in [
    _variant("classic", "Classic Canasta (four players)", (4,), "Two partnerships, 11 cards each, game to 5,000."),
    _variant("two-player", "Canasta for two", (2,),
             "15 cards each, draw two and discard one, two canastas to go out, no count or exposure penalties.",
             deal_size=15, draw_count=2, canastas_to_go_out=2, count_and_exposure_penalties=False),
    _variant("three-player", "Canasta for three", (3,), "13 cards each, each player for himself."
             , deal_size=13),
    _variant("six-player", "Canasta for six (three packs)", (6,),
             "162 cards, 13 each, two sides of three or three sides of two, two canastas to go out.",
             packs=3, deal_size=13, canastas_to_go_out=2, red_three_scale="six_1200", minimum_150_from=7500,
             target=None),
]}
DEFAULT_VARIANT = "classic"
