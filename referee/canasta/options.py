"""Classic Canasta options and variants (rule IDs in rules.yaml)."""
from __future__ import annotations

from ..rulebook import OptionSpec, preset

O = OptionSpec
SPECS = {s.name: s for s in [
    O("black_three_upcard", "enum", "cover", "canasta/1.6",
      "A black three turned up is covered by more cards (official laws), or left as the upcard (pagat).",
      allowed=("cover", "leave")),
    O("black_three_freezes", "bool", False, "canasta/5.1", "A black three on the pile freezes it (one Hoyle line)."),
    O("red_three_last_card", "enum", "no_meld", "canasta/6.5",
      "A red three drawn as the last stock card ends the hand at once, or after melding.",
      allowed=("no_meld", "meld_then_end")),
    O("negative_minimum", "int", 15, "canasta/4.1", "Initial-meld minimum for a side below zero.", allowed=(15, 0)),
    O("concealed_waives_minimum", "bool", True, "canasta/4.2",
      "Going out concealed after drawing from the stock needs no initial minimum."),
    O("red_threes_need_canasta", "bool", False, "canasta/2.2",
      "Red threes count plus only for a side with a canasta (instead of any meld)."),
    O("target", "int", 5000, "canasta/7.2", "Score that ends the game.", minimum=500, maximum=100000,
      multiple_of=5),
    O("canastas_to_go_out", "int", 1, "canasta/6.2", "Canastas a side needs before going out.", allowed=(1, 2)),
]}
_variant = preset(SPECS)
VARIANTS = {v.id: v for v in [
    _variant("classic", "Classic Canasta (four players)", (4,), "Two partnerships, 11 cards each."),
    _variant("two-player", "Canasta for two", (2,), "15 cards each, draw two and discard one, two canastas to go out.",
             canastas_to_go_out=2),
    _variant("three-player", "Canasta for three", (3,), "13 cards each, each player for himself."),
]}
DEFAULT_VARIANT = "classic"
