"""Canasta options and variants (rule IDs in rules.yaml).

Every point where the sources disagree, and every mechanic a rule set adds, is a typed option; a variant is a
named preset of them: the official laws for 2, 3, 4 and 6 players, Canasta Palace with its custom rules, the
seeds' traditional, 12-card classic and popular Russian games, and the five-player form.
"""
from __future__ import annotations

from ..rulebook import OptionSpec, preset

O = OptionSpec
SPECS = {s.name: s for s in [
    # --- cards and deal
    O("packs", "int", 2, "canasta/1.2", "Packs shuffled together: 2 (108 cards) or 3 (162 cards).", allowed=(2, 3)),
    O("jokers_per_pack", "int", 2, "canasta/1.2", "Jokers added per pack (Canasta Palace's custom rule: 3).",
      allowed=(2, 3)),
    O("deal_size", "int", 11, "canasta/1.5",
      "Cards dealt to each player; null: by the number of players (deal_table).", allowed=(11, 12, 13, 15),
      nullable=True),
    O("deal_table", "enum", "official", "canasta/1.5",
      "Deal sizes when deal_size is null: official (15 for two, 13 for three, 11 for four or five, 13 for six; "
      "15 with sequences) or twelve (the seed's classic: 15, 13, 12).", allowed=("official", "twelve")),
    O("draw_count", "int", 1, "canasta/6.1", "Cards drawn from the stock in a turn.", allowed=(1, 2)),
    O("surprise", "bool", False, "canasta/1.5",
      "Canasta Palace's Surprise: three cards are put aside under the stock at the start and never drawn."),
    O("black_three_upcard", "enum", "cover", "canasta/1.6",
      "A black three turned up is covered by more cards (official laws), or left as the upcard (pagat, Palace).",
      allowed=("cover", "leave")),
    # --- threes
    O("red_three_value", "int", 100, "canasta/2.2", "Points of each red three at the count.", allowed=(100, 105)),
    O("red_three_scale", "enum", "four_800", "canasta/2.2",
      "four_800: all four count double (800); six_1200: 100 each up to four, 1,000 for five, 1,200 for six "
      "(three packs); all_plus_400: 400 more for every red three of the deck; one_player_doubles: double only "
      "when one player collected all four (Russian).",
      allowed=("four_800", "six_1200", "all_plus_400", "one_player_doubles")),
    O("red_threes_need", "enum", "meld", "canasta/2.2",
      "What makes red threes count plus: any meld (official), a canasta, or winning the deal (the seed's "
      "12-card classic).", allowed=("meld", "canasta", "won_deal")),
    O("black_three_freezes", "bool", False, "canasta/5.1", "A black three on the pile freezes it (one Hoyle line)."),
    O("black_three_in_hand", "enum", "card_value", "canasta/2.3",
      "A black three left in hand counts its 5 (official), 100 (traditional, Palace's custom rule) or 105 "
      "(Russian; doubled for all four in one hand when the opponents go out).",
      allowed=("card_value", "minus_100", "minus_105")),
    # --- melds and canastas
    O("strict_wild_cards", "bool", False, "canasta/3.1",
      "Canasta Palace's strict wild cards: two wild cards a meld at most, none added to a canasta, and after "
      "the opening a meld takes wild cards only once it holds five naturals."),
    O("wild_melds", "enum", "off", "canasta/3.3",
      "Melds of wild cards only: off, palace (up to seven; big 2,000, small 1,000, unfinished -1,000), "
      "golden_diamond (seven 2s 1,000; four jokers and three 2s 2,000), seven_jokers (laid all at once, 1,000).",
      allowed=("off", "palace", "golden_diamond", "seven_jokers")),
    O("sequences", "bool", False, "canasta/3.4",
      "Canasta Palace's sequences: runs of one suit from 4 to A, 1,500 for seven; going out always 200."),
    O("natural_canasta_bonus", "int", 500, "canasta/3.2", "Bonus of a natural canasta.", allowed=(500, 600)),
    # --- opening
    O("opening_table", "enum", "classic", "canasta/4.1",
      "Opening minimum by total: classic 15/50/90/120 (below 0/0/1,500/3,000), tougher 50/90/120/150 (Palace), "
      "russian 15/50/90/120/150 (and 5,000), seven_thousand 15/50/70/90/120 (the 12-card classic to 7,000).",
      allowed=("classic", "tougher", "russian", "seven_thousand")),
    O("negative_minimum", "int", 15, "canasta/4.1",
      "Initial-meld minimum for a side below zero (50 goes with the tougher table).", allowed=(15, 0, 50)),
    O("minimum_150_from", "int", None, "canasta/4.1",
      "Total from which the initial-meld minimum is 150 (the six-player game to 10,000 uses 7,500); null: never.",
      nullable=True, minimum=3000, maximum=100000, multiple_of=5),
    O("opening_canasta_from", "int", None, "canasta/4.1",
      "Total from which a side must open with a canasta (the traditional game to 7,500: 5,000); null: never.",
      nullable=True, minimum=1000, maximum=100000, multiple_of=5),
    O("canasta_in_hand_opens", "bool", False, "canasta/4.2",
      "An opening that lays a canasta needs no minimum (the seed's 12-card classic)."),
    O("red_threes_count_toward_opening", "bool", False, "canasta/4.2",
      "Red threes laid out count 5 each toward the opening (Russian)."),
    O("concealed_waives_minimum", "bool", True, "canasta/6.4",
      "Going out concealed after drawing from the stock needs no initial minimum."),
    O("concealed_rule", "enum", "player", "canasta/6.4",
      "Going out concealed needs no earlier meld by the player (official) or by his side (Canasta Palace).",
      allowed=("player", "side")),
    O("black_three_meld", "enum", "three_or_four", "canasta/2.3",
      "Black threes meld in the going-out turn as three or four (official), or only all four (Russian).",
      allowed=("three_or_four", "four_only")),
    O("going_out_discard", "enum", "optional", "canasta/6.2",
      "Going out may end with a meld or a discard (official), or must end with a discard (Russian).",
      allowed=("optional", "required")),
    # --- the pile
    O("pile_for_opening", "bool", True, "canasta/4.2",
      "A side that has not opened may take the pile for its opening (false: only after opening)."),
    O("natural_and_wild_takes", "bool", True, "canasta/5.2",
      "A natural card and a wild card take an unfrozen pile (false: a natural pair or the side's meld only)."),
    O("strict_pile", "bool", False, "canasta/5.1", "Canasta Palace's strict discard pile: always frozen."),
    O("pile_frozen_at_start", "bool", False, "canasta/5.1",
      "The pile starts frozen for everybody (the seed's 12-card classic)."),
    O("wild_block", "enum", "until_taken", "canasta/5.1",
      "A discarded wild card freezes the pile until it is taken (official), or for one round only (Russian).",
      allowed=("until_taken", "one_round")),
    O("own_canasta_blocks_pile", "bool", False, "canasta/5.2",
      "A side may not take the pile when the top card is of the rank of one of its canastas (one traditional "
      "copy)."),
    # --- going out and the end
    O("red_three_last_card", "enum", "no_meld", "canasta/6.5",
      "A red three drawn as the last stock card ends the hand at once, or after melding.",
      allowed=("no_meld", "meld_then_end")),
    O("stock_end", "enum", "play_on", "canasta/6.5",
      "When the stock is gone: play goes on while the top discard fits a meld and must be taken (official), or "
      "the hand ends with the discard after the last stock card (traditional, Canasta Palace).",
      allowed=("play_on", "stop")),
    O("canastas_to_go_out", "int", 1, "canasta/6.2", "Canastas a side needs before going out.", allowed=(1, 2)),
    O("tough_end", "bool", False, "canasta/6.2",
      "Canasta Palace's Tough End: two canastas or a natural one to go out (two with sequences); a completed "
      "wild canasta scores only for the side that goes out."),
    O("going_out_bonus", "int", 100, "canasta/6.2", "Bonus for going out.", allowed=(100, 200)),
    O("concealed_bonus", "int", 100, "canasta/6.4", "Extra bonus for going out concealed.", allowed=(0, 100)),
    O("four_black_threes_out", "bool", False, "canasta/6.2",
      "Going out with four black threes laid down scores 1,000 instead of the going-out bonus (Russian)."),
    O("double_ending", "bool", False, "canasta/6.6",
      "The partner of the player going out may also lay down his whole hand for 100 more (traditional)."),
    O("count_and_exposure_penalties", "bool", True, "canasta/8.11",
      "The insufficient-count (+10) and exposed-card penalties apply (not in the two-player game)."),
    O("target", "int", 5000, "canasta/7.2",
      "Score that ends the game; null: 10,000 with two sides and 7,500 with three (six players).",
      nullable=True, minimum=500, maximum=100000, multiple_of=5),
    O("max_rounds", "int", None, "canasta/7.2", "Deals after which the game ends anyway (Canasta Palace); null: no "
      "limit.", nullable=True, minimum=1, maximum=1000),
]}


def _checks(opts: dict) -> list[tuple[str, str]]:
    """Option combinations the sources forbid or leave meaningless (422 naming the options)."""
    out = []
    if opts["red_three_scale"] == "six_1200" and opts["packs"] != 3:
        out.append(("red_three_scale", "six_1200 scores five and six red threes, which only three packs hold: set "
                                       "packs to 3 (canasta/2.2)"))
    if opts["red_three_scale"] in ("four_800", "one_player_doubles") and opts["packs"] == 3:
        out.append(("red_three_scale", f"{opts['red_three_scale']} is a scale for the four red threes of two packs; "
                                       "three packs use six_1200 or all_plus_400 (canasta/2.2)"))
    if opts["opening_table"] == "seven_thousand" and opts["target"] != 7000:
        out.append(("opening_table", "the seven_thousand table belongs to the game to 7,000: set target 7000 "
                                     "(canasta/4.1)"))
    if opts["opening_canasta_from"] is not None and (opts["target"] is None
                                                     or opts["opening_canasta_from"] >= opts["target"]):
        out.append(("opening_canasta_from", "a canasta opening from a total below the target: raise the target "
                                            "(the traditional option plays to 7,500 with canasta openings from "
                                            "5,000, canasta/4.1)"))
    if opts["tough_end"] and opts["canastas_to_go_out"] == 2 and not opts["sequences"]:
        out.append(("tough_end", "tough_end sets its own going-out requirement (two canastas or a natural one): "
                                 "leave canastas_to_go_out at 1 (canasta/6.2)"))
    if opts["sequences"]:
        for name, want in (("going_out_bonus", 200), ("concealed_bonus", 0)):
            if opts[name] != want:
                out.append((name, f"with sequences going out always scores 200 and there is no concealed bonus: "
                                  f"{name} is {want} (canasta/3.4)"))
        if opts["deal_size"] not in (None, 15):
            out.append(("deal_size", "with sequences every player is dealt 15 (canasta/3.4)"))
    if (opts["opening_table"] == "tougher") != (opts["negative_minimum"] == 50):
        out.append(("negative_minimum", "the tougher opening table asks 50 below zero, and only it does: "
                                        "negative_minimum 50 goes with opening_table tougher (canasta/4.1)"))
    if opts["deal_table"] == "twelve" and opts["target"] == 7000 and opts["opening_table"] != "seven_thousand":
        out.append(("opening_table", "the 12-card classic played to 7,000 opens by its own table: "
                                     "opening_table seven_thousand (canasta/4.1)"))
    if opts["double_ending"] and opts["sequences"]:
        out.append(("double_ending", "the double ending belongs to the traditional game, not to Palace "
                                     "sequences (canasta/6.6)"))
    return out


def _implied(opts: dict, requested: set) -> dict:
    """Values one option implies for others the request left alone."""
    out = {}
    if opts["sequences"]:
        out.update(going_out_bonus=200, concealed_bonus=0)
    if opts["opening_table"] == "tougher":
        out["negative_minimum"] = 50
    if opts["deal_table"] == "twelve" and opts["target"] == 7000:
        out["opening_table"] = "seven_thousand"
    return out


def _traditional_7500(opts: dict, requested: set) -> dict:
    """The traditional game to 7,500 opens with a canasta from 5,000 (its own option pairs them)."""
    return {"opening_canasta_from": 5000} if opts["target"] == 7500 else {}


_variant = preset(SPECS, constraints=(_checks,), derive=(_implied,))
VARIANTS = {v.id: v for v in [
    _variant("classic", "Classic Canasta (four players)", (4,), "Two partnerships, 11 cards each, game to 5,000."),
    _variant("two-player", "Canasta for two", (2,),
             "15 cards each, draw two and discard one, two canastas to go out, no count or exposure penalties.",
             deal_size=15, draw_count=2, canastas_to_go_out=2, count_and_exposure_penalties=False),
    _variant("three-player", "Canasta for three", (3,), "13 cards each, each player for himself.", deal_size=13),
    _variant("five-player", "Canasta for five", (5,),
             "A pair against a trio; the trio's members take turns sitting out, so four play each deal.",
             deal_size=11),
    _variant("six-player", "Canasta for six (three packs)", (6,),
             "162 cards, 13 each, two sides of three or three sides of two, two canastas to go out.",
             packs=3, deal_size=13, canastas_to_go_out=2, red_three_scale="six_1200", minimum_150_from=7500,
             target=None),
    _variant("palace", "Canasta Palace (2 or 4 players)", (2, 4),
             "The online site's game: 15 cards for two, 11 for four; a black three may stay up; red threes +400 "
             "for all; custom rules as options.",
             deal_size=None, black_three_upcard="leave", red_three_scale="all_plus_400", concealed_rule="side",
             stock_end="stop"),
    _variant("traditional", "Traditional canasta (the seeds' encyclopedia text)", (4,),
             "11 cards; red threes need a canasta; black threes in hand -100; double ending +100; options for "
             "7,500 with canasta openings, two canastas to go out and the seven-joker canasta.",
             red_threes_need="canasta", black_three_in_hand="minus_100", double_ending=True, stock_end="stop",
             derive_also=(_traditional_7500,)),
    _variant("classic-12", "Classic canasta with 12 cards (the seeds' text)", (2, 3, 4),
             "12 cards in four-hand, 13 in three, 15 in two; red threes by winning the deal; a canasta opens at any "
             "count; the pile starts frozen; game to 5,000 or 7,000.",
             deal_size=None, deal_table="twelve", red_threes_need="won_deal", canasta_in_hand_opens=True,
             pile_frozen_at_start=True, natural_and_wild_takes=False),
    _variant("russian-popular", "Popular Russian canasta", (4,),
             "13 cards; clean 600, dirty 300, golden 1,000, diamond 2,000; going out 200 (1,000 with four black "
             "threes); red and black threes 105; game to 10,000.",
             deal_size=13, natural_canasta_bonus=600, wild_melds="golden_diamond", going_out_bonus=200,
             concealed_bonus=0, four_black_threes_out=True, red_three_value=105,
             red_three_scale="one_player_doubles", red_threes_need="canasta", black_three_in_hand="minus_105",
             opening_table="russian", red_threes_count_toward_opening=True, pile_for_opening=False,
             natural_and_wild_takes=False, wild_block="one_round", target=10000, black_three_meld="four_only",
             going_out_discard="required"),
]}
DEFAULT_VARIANT = "classic"


def deal_size(opts: dict, players: int) -> int:
    """Cards dealt to each player under ``opts`` for ``players`` (canasta/1.5)."""
    if opts["deal_size"] is not None:
        return opts["deal_size"]
    if opts["sequences"]:
        return 15
    if opts["deal_table"] == "twelve":
        return {2: 15, 3: 13}.get(players, 12)
    return {2: 15, 3: 13, 6: 13}.get(players, 11)
