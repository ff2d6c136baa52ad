"""Canasta options and variants (rule IDs in rules.yaml).

Every point where the sources disagree, and every mechanic a rule set adds, is a typed option; a variant is a
named preset of them: the official laws for 2, 3, 4 and 6 players, Canasta Palace with its custom rules, the
traditional, 12-card classic and popular Russian games of the user's documents, their family of variants, and the
five-player form.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..i18n import N_, _
from ..rulebook import OptionSpec, _either, _quoted, preset

S = OptionSpec
SPECS = {s.name: s for s in [
    # --- cards and deal
    S("packs", "int", 2, "canasta/1.2", N_("Packs shuffled together: 2 (108 cards), 3 (162) or 4 (216)."),
      allowed=(2, 3, 4)),
    S("packet_size", "int", 0, "canasta/1.5",
      N_("A face-down packet dealt to each player beside his hand, added to it once he has completed a canasta "
         "(Pennies from Heaven: 11)."), allowed=(0, 11)),
    S("jokers_per_pack", "int", 2, "canasta/1.2", N_("Jokers added per pack (a club's house rule: 3)."),
      allowed=(2, 3)),
    S("deal_size", "int", 11, "canasta/1.5",
      N_("Cards dealt to each player, or as many as the number of players calls for."), allowed=(11, 12, 13, 15),
      nullable=True,
      labels={None: N_("by the number of players")}),
    S("deal_table", "enum", "official", "canasta/1.5",
      N_("Cards dealt by the number of players, where that decides: 15 for two, 13 for three, 11 for four or five, "
         "13 for six (15 with sequences); or as in the 12-card classic: 15, 13, 12."),
      allowed=("official", "twelve"),
      labels={"official": N_("the usual table"), "twelve": N_("the 12-card classic")}),
    S("draw_count", "int", 1, "canasta/6.1", N_("Cards drawn from the stock in a turn."), allowed=(1, 2)),
    S("opening_bonus_cards", "int", 0, "canasta/4.2",
      N_("Cards the player making his side's first meld draws from the stock at once (Mexicana: 13)."),
      allowed=(0, 13)),
    S("surprise", "bool", False, "canasta/1.5",
      N_("The Surprise: three cards are put aside under the stock at the start and never drawn.")),
    S("pile_count_off", "bool", False, "canasta/1.6",
      N_("Italian: the upcard's value in cards (J 11, Q 12, K 13, A or joker 20, a number its pips) is counted off "
         "face down under it to start the pile.")),
    S("black_three_upcard", "enum", "cover", "canasta/1.6",
      N_("A black three turned up is covered by more cards (the usual rule), or left as the upcard."),
      allowed=("cover", "leave"),
      labels={"cover": N_("covered"), "leave": N_("left as the upcard")}),
    S("upcard_replaced", "bool", False, "canasta/1.6",
      N_("A wild card or a three turned up goes back into the pack and another card is turned, so the pile starts "
         "with one natural card (the 12-card classic); otherwise it is covered by further cards (the usual rule).")),
    # --- threes
    S("red_three_value", "int", 100, "canasta/2.2", N_("Points of each red three at the count."), allowed=(100, 105)),
    S("red_three_scale", "enum", "four_800", "canasta/2.2",
      N_("What the red threes of a side score together, beyond their value each: all four double, or a higher "
         "figure for five, six or eight of a larger deck, or a graded scale."),
      allowed=("four_800", "six_1200", "six_1000", "all_plus_400", "one_player_doubles", "cuban", "eight_1000",
               "italian", "six_2000", "cuban_each"),
      labels={"four_800": N_("all four double: 800"),
              "six_1200": N_("100 each to four, 1,000 for five, 1,200 for six"),
              "six_1000": N_("100 each, 1,000 for all six"), "all_plus_400": N_("400 more for all of the deck"),
              "one_player_doubles": N_("double when one player has all four"),
              "cuban": N_("100, 300, 500, 1,000 for one to four"), "eight_1000": N_("100 each, 1,000 for all eight"),
              "italian": N_("100 each to three, 200 each from four"),
              "six_2000": N_("100 each, 2,000 for all six with a sevens game's canasta"),
              "cuban_each": N_("100, 300, 500, 1,000 each for one to four")}),
    S("red_threes_need", "enum", "meld", "canasta/2.2",
      N_("What makes red threes count plus: any meld (the usual rule), a canasta, two canastas (Samba), or winning "
         "the deal (the 12-card classic), or a canasta of sevens (Pennies from Heaven)."),
      allowed=("meld", "canasta", "two_canastas", "won_deal", "sevens_canasta"),
      labels={"meld": N_("any meld"), "canasta": N_("a canasta"), "two_canastas": N_("two canastas"),
              "won_deal": N_("winning the deal"), "sevens_canasta": N_("a canasta of sevens")}),
    S("black_three_freezes", "bool", False, "canasta/5.1",
      N_("A black three on the pile freezes it.")),
    S("black_three_in_hand", "enum", "card_value", "canasta/2.3",
      N_("A black three left in hand counts its 5 (the usual rule), 100 (traditional; a club's house rule) or 105 "
         "(Russian; doubled for all four in one hand when the opponents go out) or 200 (the sevens game)."),
      allowed=("card_value", "minus_100", "minus_105", "minus_200"),
      labels={"card_value": 5, "minus_100": 100, "minus_105": 105, "minus_200": 200}),
    S("sevens_in_hand", "int", 0, "canasta/2.3", N_("Points lost for each seven left in hand (the sevens game: "
                                                    "500)."), allowed=(0, 500)),
    # --- melds and canastas
    S("max_wilds", "int", 3, "canasta/3.1",
      N_("Wild cards a meld may hold (Samba and its family: 2), or no cap (popular Russian)."), allowed=(3, 2),
      nullable=True,
      labels={None: N_("no cap")}),
    S("wild_ratio", "enum", "not_more", "canasta/3.1",
      N_("How many wild cards a meld may hold beside its natural cards: never more wild cards (the usual rule); no "
         "ratio, up to the cap (the usual rule read word for word); fewer wild cards (a house rule); at most half "
         "as many (Samba); or two naturals a meld and four a canasta (popular Russian)."),
      allowed=("not_more", "none", "fewer", "half", "four_in_canasta"),
      labels={"not_more": N_("no more wild than natural"), "none": N_("no ratio"),
              "fewer": N_("fewer wild than natural"), "half": N_("naturals twice the wild cards"),
              "four_in_canasta": N_("two naturals, four in a canasta")}),
    S("same_rank_melds", "enum", "one", "canasta/3.1",
      N_("One meld of a rank per side (the usual rule), or several (Samba: a new list of cards opens another meld "
         "of the rank; cards laid by rank join the first that is not yet a canasta)."), allowed=("one", "many"),
      labels={"one": N_("one meld a rank"), "many": N_("several")}),
    S("canasta_max", "int", None, "canasta/3.2", N_("Cards a canasta may hold at most (Cuban: 7), or no limit."),
      nullable=True, allowed=(7,),
      labels={None: N_("no limit")}),
    S("mixed_canasta_bonus", "enum", "flat", "canasta/3.2",
      N_("Mixed canasta bonus: 300 (the usual rule), or graded by its wild cards, 400 / 300 / 200 for one / two / "
         "three (graded wild canasta)."), allowed=("flat", "graded"),
      labels={"flat": 300, "graded": N_("400, 300, 200 by the wild cards")}),
    S("min_naturals", "int", 2, "canasta/3.1", N_("Natural cards a meld needs at least (Hollywood: 3)."),
      allowed=(2, 3)),
    S("sequence_wilds", "int", 0, "canasta/3.4", N_("Wild cards a sequence may hold (Hollywood: 1; a mixed sequence "
                                                    "canasta scores 1,000)."), allowed=(0, 1)),
    S("natural_sequence_bonus", "int", 1500, "canasta/3.4",
      N_("Bonus of a natural sequence canasta (Hollywood: 2,000 or 1,500, as tables differ; 0 in the sevens game, "
         "which has no such bonus)."), allowed=(1500, 2000, 0)),
    S("sevens_canasta_bonus", "int", 0, "canasta/3.2",
      N_("Bonus of a natural canasta of sevens instead of the natural canasta's (Mexicana: 1,000; Pennies from "
         "Heaven: 1,500); 0: none."), allowed=(0, 1000, 1500)),
    S("mixed_sevens_bonus", "int", 0, "canasta/3.2",
      N_("Bonus of a mixed canasta of sevens when it differs from the natural one's (the sevens game: 1,000)."),
      allowed=(0, 1000)),
    S("sevens_canasta_mixed", "bool", False, "canasta/3.2",
      N_("A mixed canasta of sevens earns the sevens bonus too (Mexicana as Russian tables play it; Pennies from "
         "Heaven); otherwise only a natural one does.")),
    S("short_sequence_penalty", "int", 0, "canasta/3.4",
      N_("Points lost for each melded sequence shorter than five cards at the count (Brazilian: 1,000)."),
      allowed=(0, 1000)),
    S("long_sequence_bonus", "int", 0, "canasta/3.4",
      N_("Points won for each melded sequence of five cards or more at the count (1,000 in one reading of Brazilian "
         "canasta)."), allowed=(0, 1000)),
    S("strict_wild_cards", "bool", False, "canasta/3.1",
      N_("Strict wild cards: two wild cards a meld at most, none added to a canasta, and after the opening a meld "
         "takes wild cards only once it holds five naturals.")),
    S("wild_melds", "enum", "off", "canasta/3.3",
      N_("Whether melds of wild cards only may be laid, and what they score, as each game has them."),
      allowed=("off", "palace", "golden_diamond", "seven_jokers", "bolivia", "brazilian", "uruguay", "cuban",
               "free", "italian"),
      labels={"off": N_("none"), "palace": N_("the club game's: up to seven; 2,000, 1,000, unfinished -1,000"),
              "golden_diamond": N_("seven 2s 1,000; four jokers and three 2s 2,000"),
              "seven_jokers": N_("laid all at once, 1,000"), "bolivia": N_("Bolivia: 2,500"),
              "brazilian": N_("Brazilian: 2,000"), "uruguay": N_("Uruguay: 2,000"),
              "cuban": N_("Cuban: seven 2s 4,000, four jokers and three 2s 3,000, other 2,000"),
              "free": N_("1,000, the graded-wild game"),
              "italian": N_("Italian deuce melds: seven 2s 3,000, with jokers 2,000")}),
    S("sequences", "bool", False, "canasta/3.4",
      N_("Sequences: runs of one suit from 4 to A, 1,500 for seven; going out always 200.")),
    S("natural_canasta_bonus", "int", 500, "canasta/3.2", N_("Bonus of a natural canasta."), allowed=(500, 600)),
    # --- opening
    S("opening_table", "enum", "classic", "canasta/4.1",
      N_("The opening minimum by the side's total, as each game sets its steps."),
      allowed=("classic", "tougher", "russian", "seven_thousand", "brazilian", "pennies", "italian"),
      labels={"classic": N_("15, 50, 90, 120 (below 0, from 0, 1,500, 3,000)"),
              "tougher": N_("tougher: 50, 90, 120, 150"),
              "russian": N_("15, 50, 90, 120, 150 from 5,000"),
              "seven_thousand": N_("15, 50, 70, 90, 120 (the game to 7,000)"),
              "brazilian": N_("as the classic to 7,000, then canastas"),
              "pennies": N_("50, 90, 120, 150 from 0, 500, 1,000, 1,500"),
              "italian": N_("15 to 200 in seven steps, to 10,000")}),
    S("negative_minimum", "int", 15, "canasta/4.1",
      N_("Initial-meld minimum for a side below zero (50 goes with the tougher opening table)."), allowed=(15, 0, 50)),
    S("minimum_150_from", "int", None, "canasta/4.1",
      N_("Total from which the initial-meld minimum is the top figure (150; the six-player game to 10,000 uses "
         "7,500, Samba 7,000, Cuban 5,000), or never."), nullable=True, minimum=3000, maximum=100000, multiple_of=5,
      labels={None: N_("never")}),
    S("top_minimum", "int", 150, "canasta/4.1",
      N_("The top initial-meld minimum, where there is one: 150, or 160 (Samba)."),
      allowed=(150, 160)),
    S("opening_canasta_from", "int", None, "canasta/4.1",
      N_("Total from which a side must open with a canasta (the traditional game to 7,500: 5,000), or never."),
      nullable=True, minimum=1000, maximum=100000, multiple_of=5,
      labels={None: N_("never")}),
    S("canasta_in_hand_opens", "bool", False, "canasta/4.2",
      N_("An opening that lays a canasta needs no minimum (the 12-card classic).")),
    S("opening_naturals_only", "bool", False, "canasta/4.2", N_("The opening melds take no wild card (Italian).")),
    S("canasta_count_bonuses", "bool", False, "canasta/3.2",
      N_("Italian extra bonuses: five natural canastas 2,000; four natural and a mixed one 1,000; ten canastas "
         "2,000.")),
    S("five_canastas_bonus", "enum", "four_natural_one_mixed", "canasta/3.2",
      N_("What earns the Italian 1,000 for five canastas: four natural and a mixed one, or any five canastas with "
         "mixed ones among them."),
      allowed=("four_natural_one_mixed", "with_mixed"),
      labels={"four_natural_one_mixed": N_("four natural and a mixed one"), "with_mixed": N_("any five")}),
    S("red_threes_count_toward_opening", "bool", False, "canasta/4.2",
      N_("Red threes laid out count 5 each toward the opening (Russian).")),
    S("concealed_waives_minimum", "bool", True, "canasta/6.4",
      N_("Going out concealed after drawing from the stock needs no initial minimum.")),
    S("concealed_rule", "enum", "player", "canasta/6.4",
      N_("Going out concealed needs no earlier meld by the player (the usual rule) or by his side (the club game)."),
      allowed=("player", "side"),
      labels={"player": N_("by the player"), "side": N_("by the side")}),
    S("black_three_meld", "enum", "three_or_four", "canasta/2.3",
      N_("Black threes meld in the going-out turn as three or four (the usual rule), only all four (Russian), or as "
         "three or four at any time, nothing added (the sevens game)."),
      allowed=("three_or_four", "four_only", "any_time"),
      labels={"three_or_four": N_("three or four, going out"), "four_only": N_("all four only"),
              "any_time": N_("three or four at any time")}),
    S("going_out_discard", "enum", "optional", "canasta/6.2",
      N_("Going out may end with a meld or a discard (the usual rule), or must end with a discard (Russian)."),
      allowed=("optional", "required"),
      labels={"optional": N_("a meld or a discard"), "required": N_("a discard")}),
    # --- the pile
    S("pile_for_opening", "bool", True, "canasta/4.2",
      N_("A side that has not opened may take the pile for its opening; otherwise only after opening.")),
    S("natural_and_wild_takes", "bool", True, "canasta/5.2",
      N_("A natural card and a wild card take an unfrozen pile; otherwise a natural pair or the side's meld "
         "only.")),
    S("seven_on_pile", "enum", "free", "canasta/5.2",
      N_("Sevens and the pile: no rule (the usual game); a seven on top stops it from being taken (Mexicana); or it "
         "may be taken only with a seven on top (Mexicana, its rule read literally)."),
      allowed=("free", "blocks", "only"),
      labels={"free": N_("no rule"), "blocks": N_("a seven blocks it"), "only": N_("only with a seven on top")}),
    S("layoff_take", "enum", "any", "canasta/5.2",
      N_("The top card taken onto the side's meld of its rank: any such meld (the usual rule), or only one that is "
         "not yet a canasta (Samba)."), allowed=("any", "below_canasta"),
      labels={"any": N_("any such meld"), "below_canasta": N_("one not yet a canasta")}),
    S("strict_pile", "bool", False, "canasta/5.1", N_("Strict discard pile: always frozen.")),
    S("pile_frozen_at_start", "bool", False, "canasta/5.1",
      N_("The pile starts frozen for everybody (the 12-card classic).")),
    S("wild_block", "enum", "until_taken", "canasta/5.1",
      N_("A discarded wild card freezes the pile until it is taken (the usual rule); or it blocks the pile for one "
         "round, nobody taking it before its discarder's next turn (popular Russian); or nobody, the discarder "
         "included, until that turn is over (the same rule, the round counted in full)."),
      allowed=("until_taken", "one_round", "full_round"),
      labels={"until_taken": N_("until taken"), "one_round": N_("blocked to its discarder's next turn"),
              "full_round": N_("blocked through its discarder's next turn")}),
    S("own_canasta_blocks_pile", "bool", False, "canasta/5.2",
      N_("A side may not take the pile when the top card is of the rank of one of its canastas (one reading of "
         "traditional canasta).")),
    # --- going out and the end
    S("red_three_last_card", "enum", "no_meld", "canasta/6.5",
      N_("A red three drawn as the last stock card ends the hand at once, or after melding."),
      allowed=("no_meld", "meld_then_end"),
      labels={"no_meld": N_("at once"), "meld_then_end": N_("after melding")}),
    S("stock_end", "enum", "play_on", "canasta/6.5",
      N_("When the stock is gone: play goes on while the top discard fits a meld and must be taken (the usual "
         "rule), the hand ends with the discard after the last stock card (traditional; the club game), or the next "
         "player may still buy that discard once (the sevens game)."),
      allowed=("play_on", "stop", "one_buy"),
      labels={"play_on": N_("play goes on"), "stop": N_("the hand ends"), "one_buy": N_("one more buy")}),
    S("no_going_out", "bool", False, "canasta/6.2",
      N_("Nobody goes out: a player always keeps a card, and the deal runs to the end of the stock (the sevens "
         "game).")),
    S("first_canasta_bonus_cards", "int", 0, "canasta/4.2",
      N_("Cards from the stock for the first player of the deal to complete a canasta (the sevens game: 11)."),
      allowed=(0, 11)),
    S("canastas_to_go_out", "int", 1, "canasta/6.2", N_("Canastas a side needs before going out."), allowed=(1, 2)),
    S("extend_escalera_out", "bool", False, "canasta/3.4",
      N_("A player going out may extend a finished sequence at either end beyond seven (Brazilian).")),
    S("black_threes_set_aside", "bool", False, "canasta/2.3",
      N_("Black threes that come with a taken pile are set aside, 5 each or 100 for all four (Cuban).")),
    S("wild_pair_takes", "bool", False, "canasta/5.2",
      N_("A pair of 2s takes a 2 on top of the pile, a pair of jokers a joker; the three join the hand (Hollywood).")),
    S("opening_canasta_with_top_card", "bool", False, "canasta/4.1",
      N_("Where a side must open with a canasta, one player makes it with the pile's top card (the traditional game "
         "to 7,500); otherwise any canasta.")),
    S("keep_last_card", "bool", False, "canasta/6.2",
      N_("A player whose side may not go out may still meld down to one card, keep it and skip the discard (the "
         "12-card classic); otherwise he keeps a card to discard and one more (the usual rule).")),
    S("black_three_last_discard", "bool", True, "canasta/2.3",
      N_("A black three may be the last discard of a player going out (the usual rule); otherwise, as in "
         "traditional canasta, black threes held at the end are melded, never discarded last.")),
    S("black_threes_out_discard", "bool", True, "canasta/2.3",
      N_("A last discard may follow black threes melded in the going-out turn (the usual rule); otherwise, in a "
         "second reading of traditional canasta, a player who melds black threes goes out by melding.")),
    S("black_three_first_round", "bool", False, "canasta/2.3",
      N_("No black three is discarded in the first round of turns (Cuban).")),
    S("sequence_to_go_out", "bool", False, "canasta/6.2",
      N_("One of the canastas for going out must be a sequence (Bolivia's escalera).")),
    S("ask_required", "bool", False, "canasta/6.3", N_("A player must ask his partner before going out (Brazilian).")),
    S("going_out_needs", "enum", "canastas", "canasta/6.2",
      N_("What going out needs: the number of canastas the game asks (the usual rule), or a canasta of sevens, a "
         "wild canasta, a natural and a mixed one (Pennies from Heaven)."), allowed=("canastas", "pennies"),
      labels={"canastas": N_("the canastas asked"), "pennies": N_("four canastas of Pennies from Heaven")}),
    S("sevens_discard", "enum", "free", "canasta/6.1",
      N_("Sevens may be discarded freely (the usual rule), or not until each side has a canasta of sevens and never "
         "as the last card (Pennies from Heaven)."), allowed=("free", "after_sevens_canastas"),
      labels={"free": N_("freely"), "after_sevens_canastas": N_("after both canastas of sevens")}),
    S("red_threes_per_canasta", "bool", False, "canasta/6.2",
      N_("Going out needs at least as many red threes laid out as canastas (Mexicana).")),
    S("tough_end", "bool", False, "canasta/6.2",
      N_("The Tough End: two canastas or a natural one to go out (two with sequences); a completed wild canasta "
         "scores only for the side that goes out.")),
    S("going_out_bonus", "int", 100, "canasta/6.2", N_("Bonus for going out."), allowed=(100, 200, 300)),
    S("concealed_bonus", "int", 100, "canasta/6.4", N_("Extra bonus for going out concealed."), allowed=(0, 100)),
    S("four_black_threes_out", "bool", False, "canasta/6.2",
      N_("Going out with four black threes laid down scores 1,000 instead of the going-out bonus (Russian).")),
    S("double_ending", "bool", False, "canasta/6.6",
      N_("The partner of the player going out may also lay down his whole hand for 100 more (traditional).")),
    S("count_and_exposure_penalties", "bool", True, "canasta/8.11",
      N_("The insufficient-count (+10) and exposed-card penalties apply (not in the two-player game).")),
    S("target", "int", 5000, "canasta/7.2",
      N_("Score that ends the game, or 10,000 with two sides and 7,500 with three (six players)."),
      nullable=True, minimum=500, maximum=100000, multiple_of=5,
      labels={None: N_("by the sides: 10,000 or 7,500")}),
    S("max_rounds", "int", None, "canasta/7.2",
      N_("Deals after which the game ends anyway, or no limit."), nullable=True, minimum=1,
      maximum=1000,
      labels={None: N_("no limit")}),
]}


@dataclass(frozen=True, slots=True)
class Options:
    """The resolved options of one request, typed: one attribute per option spec (:data:`SPECS`: its name, its
    type, ``str`` for an enum, ``| None`` where null is allowed, and its default).

    Built from the resolved dict with :meth:`of`; ``opts["name"]`` still reads an attribute, so code written for the
    dict keeps working.  The JSON echo of ``options`` in answers stays the dict.
    """

    packs: int = 2
    packet_size: int = 0
    jokers_per_pack: int = 2
    deal_size: int | None = 11
    deal_table: str = "official"
    draw_count: int = 1
    opening_bonus_cards: int = 0
    surprise: bool = False
    pile_count_off: bool = False
    black_three_upcard: str = "cover"
    upcard_replaced: bool = False
    red_three_value: int = 100
    red_three_scale: str = "four_800"
    red_threes_need: str = "meld"
    black_three_freezes: bool = False
    black_three_in_hand: str = "card_value"
    sevens_in_hand: int = 0
    max_wilds: int | None = 3
    wild_ratio: str = "not_more"
    same_rank_melds: str = "one"
    canasta_max: int | None = None
    mixed_canasta_bonus: str = "flat"
    min_naturals: int = 2
    sequence_wilds: int = 0
    natural_sequence_bonus: int = 1500
    sevens_canasta_bonus: int = 0
    mixed_sevens_bonus: int = 0
    sevens_canasta_mixed: bool = False
    short_sequence_penalty: int = 0
    long_sequence_bonus: int = 0
    strict_wild_cards: bool = False
    wild_melds: str = "off"
    sequences: bool = False
    natural_canasta_bonus: int = 500
    opening_table: str = "classic"
    negative_minimum: int = 15
    minimum_150_from: int | None = None
    top_minimum: int = 150
    opening_canasta_from: int | None = None
    canasta_in_hand_opens: bool = False
    opening_naturals_only: bool = False
    canasta_count_bonuses: bool = False
    five_canastas_bonus: str = "four_natural_one_mixed"
    red_threes_count_toward_opening: bool = False
    concealed_waives_minimum: bool = True
    concealed_rule: str = "player"
    black_three_meld: str = "three_or_four"
    going_out_discard: str = "optional"
    pile_for_opening: bool = True
    natural_and_wild_takes: bool = True
    seven_on_pile: str = "free"
    layoff_take: str = "any"
    strict_pile: bool = False
    pile_frozen_at_start: bool = False
    wild_block: str = "until_taken"
    own_canasta_blocks_pile: bool = False
    red_three_last_card: str = "no_meld"
    stock_end: str = "play_on"
    no_going_out: bool = False
    first_canasta_bonus_cards: int = 0
    canastas_to_go_out: int = 1
    extend_escalera_out: bool = False
    black_threes_set_aside: bool = False
    wild_pair_takes: bool = False
    opening_canasta_with_top_card: bool = False
    keep_last_card: bool = False
    black_three_last_discard: bool = True
    black_threes_out_discard: bool = True
    black_three_first_round: bool = False
    sequence_to_go_out: bool = False
    ask_required: bool = False
    going_out_needs: str = "canastas"
    sevens_discard: str = "free"
    red_threes_per_canasta: bool = False
    tough_end: bool = False
    going_out_bonus: int = 100
    concealed_bonus: int = 100
    four_black_threes_out: bool = False
    double_ending: bool = False
    count_and_exposure_penalties: bool = True
    target: int | None = 5000
    max_rounds: int | None = None

    @classmethod
    def of(cls, mapping: Mapping[str, Any] | Options) -> Options:
        """The options of ``mapping`` (a resolved options dict; an option it lacks keeps its default); an
        :class:`Options` is returned as it is."""
        if isinstance(mapping, Options):
            return mapping
        return cls(**{name: mapping[name] for name in _FIELDS if name in mapping})

    def __getitem__(self, name: str) -> Any:
        """The option ``name``, as the resolved dict gives it (KeyError for a name that is no option)."""
        if name not in _FIELDS:
            raise KeyError(name)
        return getattr(self, name)

    def get(self, name: str, default: Any = None) -> Any:
        """The option ``name``, or ``default`` for a name that is no option (as ``dict.get``)."""
        return getattr(self, name) if name in _FIELDS else default

    def as_dict(self) -> dict[str, Any]:
        """The options as the resolved dict gives them."""
        return {name: getattr(self, name) for name in _FIELDS}


_FIELDS = frozenset(f.name for f in fields(Options))
# what the engine's entry points accept: the typed options, or the resolved dict that service.py and views.py pass
OptionsLike = Options | Mapping[str, Any]


def _checks(opts: OptionsLike) -> list[tuple[str, str]]:
    """Option combinations the sources forbid or leave meaningless (422 naming the options)."""
    opts = Options.of(opts)
    return _deck_checks(opts) + _opening_checks(opts) + _meld_checks(opts)


def _deck_checks(opts: Options) -> list[tuple[str, str]]:
    """The red threes' scale against the packs (canasta/2.2), and the sevens bonuses (canasta/3.2)."""
    out: list[tuple[str, str]] = []
    if opts.red_three_scale in ("six_1200", "six_1000") and opts.packs != 3:
        out.append(("red_three_scale", _("this scale scores five and six red threes, which only three packs hold: "
                                         "play with three packs")))
    if opts.red_three_scale in ("six_2000",) and opts.packs != 3:
        out.append(("red_three_scale", _("this scale scores six red threes, which only three packs hold")))
    if opts.mixed_sevens_bonus and not opts.sevens_canasta_bonus:
        out.append(("mixed_sevens_bonus", _("a bonus for a mixed canasta of sevens goes with a bonus for canastas "
                                            "of sevens")))
    if opts.red_three_scale == "eight_1000" and opts.packs != 4:
        out.append(("red_three_scale", _("this scale scores the eight red threes of four packs: play with four "
                                         "packs")))
    if opts.packs == 4 and opts.red_three_scale != "eight_1000":
        out.append(("packs", _("four packs hold eight red threes: score them 100 each, 1,000 for all eight")))
    if opts.red_three_scale in ("four_800", "one_player_doubles", "cuban", "cuban_each") and opts.packs == 3:
        labels = SPECS["red_three_scale"].value_labels()       # the scales of three packs, as the page names them
        scales = _either([_quoted(labels[k]) for k in ("six_1200", "six_1000", "all_plus_400")])
        out.append(("red_three_scale", _("this scale is for the four red threes of two packs; three packs are "
                                         "scored {scales}", scales=scales)))
    return out


def _opening_checks(opts: Options) -> list[tuple[str, str]]:
    """The opening tables and minimums against the target (canasta/4.1), going out with tough_end (canasta/6.2),
    and what sequences fix (canasta/3.4)."""
    out: list[tuple[str, str]] = []
    if opts.opening_table == "seven_thousand" and opts.target != 7000:
        out.append(("opening_table", _("this opening table belongs to the game to 7,000: play to 7,000")))
    if opts.opening_canasta_from is not None and (opts.target is None
                                                     or opts.opening_canasta_from >= opts.target):
        out.append(("opening_canasta_from", _("a canasta opening from a total below the target: raise the target "
                                              "(traditional canasta plays to 7,500 with canasta openings from "
                                              "5,000)")))
    if opts.tough_end and opts.canastas_to_go_out == 2 and not opts.sequences:
        out.append(("tough_end", _("the Tough End sets its own going-out requirement (two canastas or a natural "
                                   "one): leave one canasta to go out")))
    if opts.sequences:
        for name, want in (("going_out_bonus", 300 if opts.wild_melds == "italian" else 200),
                           ("concealed_bonus", 0)):
            if opts[name] != want:
                out.append((name, _("with sequences going out scores {value}", value=want) if want else
                            _("with sequences there is no bonus for going out concealed")))
        if opts.deal_size not in (None, 15):
            out.append(("deal_size", _("with sequences every player is dealt 15")))
    if (opts.opening_table == "tougher") != (opts.negative_minimum == 50):
        out.append(("negative_minimum", _("the tougher opening table asks 50 below zero, and only it does: choose "
                                          "both or neither")))
    if opts.deal_table == "twelve" and opts.target == 7000 and opts.opening_table != "seven_thousand":
        out.append(("opening_table", _("the 12-card classic played to 7,000 opens by its own table: that of the "
                                       "game to 7,000")))
    if opts.minimum_150_from is not None and opts.target is not None \
            and opts.minimum_150_from >= opts.target:
        out.append(("minimum_150_from", _("the top minimum from a total at or past the target would never apply: "
                                          "raise the target")))
    if opts.top_minimum != 150 and opts.minimum_150_from is None:
        out.append(("top_minimum", _("the top minimum applies from some total: say from which")))
    return out


def _meld_checks(opts: Options) -> list[tuple[str, str]]:
    """The options that need another: sequences (canasta/3.4, 6.2), several melds of a rank (canasta/5.2), the
    Italian bonuses (canasta/3.2), the double ending (canasta/6.6), the pile's start (canasta/1.6, 4.1)."""
    out: list[tuple[str, str]] = []
    if opts.layoff_take == "below_canasta" and opts.same_rank_melds != "many":
        for name in ("layoff_take", "same_rank_melds"):
            out.append((name, _("the top card taken only onto a meld not yet a canasta goes with several melds of a "
                                "rank, as in Samba")))
    for name in ("sequence_wilds", "natural_sequence_bonus", "extend_escalera_out"):
        if opts[name] != SPECS[name].default and not opts.sequences:
            out.append((name, _("this goes only with sequences")))
    if opts.sevens_canasta_mixed and not opts.sevens_canasta_bonus:
        out.append(("sevens_canasta_mixed", _("a mixed canasta of sevens earns the bonus for canastas of sevens: "
                                              "set that bonus")))
    if opts.sequence_to_go_out and not opts.sequences:
        out.append(("sequence_to_go_out", _("a sequence canasta needs sequences")))
    if opts.short_sequence_penalty and not opts.sequences:
        out.append(("short_sequence_penalty", _("a penalty for short sequences needs sequences")))
    if opts.long_sequence_bonus and not opts.sequences:
        out.append(("long_sequence_bonus", _("a bonus for sequences of five needs sequences")))
    if opts.five_canastas_bonus != "four_natural_one_mixed" and not opts.canasta_count_bonuses:
        out.append(("five_canastas_bonus", _("what earns the bonus for five canastas matters only with the Italian "
                                             "extra bonuses: turn them on")))
    if opts.double_ending and opts.sequences:
        out.append(("double_ending", _("the double ending belongs to traditional canasta, not to the club game's "
                                       "sequences")))
    if opts.opening_canasta_with_top_card and opts.opening_canasta_from is not None \
            and not opts.pile_for_opening:
        for name in ("opening_canasta_with_top_card", "pile_for_opening"):
            out.append((name, _("an opening canasta made with the pile's top card needs the pile for the opening: a "
                                "side that must open with a canasta could never open")))
    if opts.upcard_replaced and opts.pile_count_off:
        for name in ("upcard_replaced", "pile_count_off"):
            out.append((name, _("the pile starts either with one natural card or with cards counted off under the "
                                "upcard, not both")))
    if opts.upcard_replaced and opts.black_three_upcard == "leave":
        for name in ("upcard_replaced", "black_three_upcard"):
            out.append((name, _("a three turned up is either replaced or left up, not both")))
    return out


def _implied(opts: OptionsLike, requested: set) -> dict:
    """Values one option implies for others the request left alone."""
    opts = Options.of(opts)
    out: dict[str, Any] = {}
    if opts.sequences:
        out.update(going_out_bonus=300 if opts.wild_melds == "italian" else 200, concealed_bonus=0)
    if opts.opening_table == "tougher":
        out["negative_minimum"] = 50
    if opts.deal_table == "twelve" and opts.target == 7000:
        out["opening_table"] = "seven_thousand"
    return out


def _palace_packs(opts: OptionsLike) -> list[tuple[str, str]]:
    """Canasta Palace plays with two packs, or three under its custom rule (CP-1)."""
    opts = Options.of(opts)
    if opts.packs not in (2, 3):
        return [("packs", _("the online club game plays with two packs, or three under its house rule"))]
    return []


def _traditional_7500(opts: OptionsLike, requested: set) -> dict:
    """The traditional game to 7,500 opens with a canasta from 5,000 (its own option pairs them)."""
    opts = Options.of(opts)
    return {"opening_canasta_from": 5000} if opts.target == 7500 else {}


_variant = preset(SPECS, constraints=(_checks,), derive=(_implied,))
VARIANTS = {v.id: v for v in [
    _variant("classic", N_("Classic Canasta (four players)"), (4,),
             N_("Two partnerships, 11 cards each, game to 5,000.")),
    _variant("two-player", N_("Canasta for two"), (2,),
             N_("15 cards each, draw two and discard one, two canastas to go out, no count or exposure penalties."),
             deal_size=15, draw_count=2, canastas_to_go_out=2, count_and_exposure_penalties=False),
    _variant("three-player", N_("Canasta for three"), (3,), N_("13 cards each, each player for himself."),
             deal_size=13),
    _variant("five-player", N_("Canasta for five"), (5,),
             N_("A pair against a trio; the trio's members take turns sitting out, so four play each deal."),
             deal_size=11),
    _variant("six-player", N_("Canasta for six (three packs)"), (6,),
             N_("162 cards, 13 each, two sides of three or three sides of two, two canastas to go out."),
             packs=3, deal_size=13, canastas_to_go_out=2, red_three_scale="six_1200", minimum_150_from=7500,
             target=None),
    _variant("palace", N_("Online club canasta (2 or 4 players)"), (2, 4),
             N_("The online site's game: 15 cards for two, 11 for four; a black three may stay up; red threes +400 "
                "for all; custom rules as options."),
             deal_size=None, black_three_upcard="leave", red_three_scale="all_plus_400", concealed_rule="side",
             stock_end="stop", constraints_also=(_palace_packs,)),
    _variant("traditional", N_("Traditional canasta"), (4,),
             N_("11 cards; red threes need a canasta; black threes in hand -100; double ending +100; options for "
                "7,500 with canasta openings, two canastas to go out and the seven-joker canasta."),
             red_threes_need="canasta", black_three_in_hand="minus_100", double_ending=True, stock_end="stop",
             black_three_last_discard=False, opening_canasta_with_top_card=True, derive_also=(_traditional_7500,)),
    _variant("classic-12", N_("Classic canasta with 12 cards"), (2, 3, 4),
             N_("12 cards in four-hand, 13 in three, 15 in two; red threes by winning the deal; a canasta opens at any "
                "count; the pile starts frozen; game to 5,000 or 7,000."),
             deal_size=None, deal_table="twelve", red_threes_need="won_deal", canasta_in_hand_opens=True,
             pile_frozen_at_start=True, natural_and_wild_takes=False, keep_last_card=True, upcard_replaced=True),
    _variant("russian-popular", N_("Popular Russian canasta"), (4,),
             N_("13 cards; clean 600, dirty 300, golden 1,000, diamond 2,000; going out 200 (1,000 with four black "
                "threes); red and black threes 105; game to 10,000."),
             deal_size=13, natural_canasta_bonus=600, wild_melds="golden_diamond", going_out_bonus=200,
             concealed_bonus=0, four_black_threes_out=True, red_three_value=105,
             red_three_scale="one_player_doubles", red_threes_need="canasta", black_three_in_hand="minus_105",
             opening_table="russian", red_threes_count_toward_opening=True, pile_for_opening=False,
             natural_and_wild_takes=False, wild_block="one_round", target=10000, black_three_meld="four_only",
             going_out_discard="required", max_wilds=None, wild_ratio="four_in_canasta"),
]}
SAMBA = {"packs": 3, "deal_size": 15, "draw_count": 2, "sequences": True, "max_wilds": 2, "wild_ratio": "half",
         "same_rank_melds": "many", "layoff_take": "below_canasta", "natural_and_wild_takes": False,
         "minimum_150_from": 7000, "canastas_to_go_out": 2, "red_three_scale": "six_1000",
         "red_threes_need": "two_canastas", "going_out_bonus": 200, "concealed_bonus": 0, "target": 10000}
BOLIVIA = {**SAMBA, "wild_melds": "bolivia", "sequence_to_go_out": True, "black_three_in_hand": "minus_100",
           "target": 15000}
VARIANTS.update({v.id: v for v in [
    _variant("samba", N_("Samba (three packs, sequences)"), (4,),
             N_("162 cards, 15 each, draw two; sequences of one suit (a samba of seven 1,500); two wild cards a meld "
                "at most; several melds of a rank; two canastas to go out; game to 10,000."), **SAMBA),
    _variant("bolivia", N_("Bolivia"), (4,),
             N_("Samba with melds of wild cards (a bolivia of seven 2,500); one of the two canastas for going out must "
                "be an escalera (sequence); black threes left in hand -100; game to 15,000."), **BOLIVIA),
    _variant("brazilian", N_("Brazilian canasta"), (4,),
             N_("Bolivia with wild canastas of 2,000; canasta openings from 7,000 (from 9,000 natural); no pile for "
                "the opening; sequences shorter than five cost 1,000; red threes 1,000 for five, 1,200 for six; ask "
                "before going out; game to 10,000."),
             **{**BOLIVIA, "wild_melds": "brazilian", "sequence_to_go_out": False, "minimum_150_from": None,
                "target": 10000, "opening_table": "brazilian", "pile_for_opening": False, "extend_escalera_out": True,
                "short_sequence_penalty": 1000, "red_three_scale": "six_1200", "red_threes_need": "canasta",
                "ask_required": True}),
    _variant("hollywood", N_("Hollywood canasta"), (4,),
             N_("Samba with three naturals in every meld, one wild card allowed in a sequence (mixed sequence canasta "
                "1,000; natural 2,000 per rummy-games, 1,500 per the Arabic text) and canastas of seven at most."),
             **{**SAMBA, "min_naturals": 3, "sequence_wilds": 1, "natural_sequence_bonus": 2000, "canasta_max": 7,
                "wild_ratio": "not_more", "wild_pair_takes": True}),
    _variant("mexicana", N_("Mexicana (Mexican canasta)"), (4,),
             N_("Three packs, 13 each; the player making his side's first meld draws 13 more cards; a seven on top "
                "stops the pile; a canasta of sevens 1,000, natural or mixed; two canastas and as many red threes as "
                "canastas to go out."),
             packs=3, deal_size=13, red_three_scale="six_1200", canastas_to_go_out=2, opening_bonus_cards=13,
             seven_on_pile="blocks", sevens_canasta_bonus=1000, sevens_canasta_mixed=True, red_threes_per_canasta=True),
    _variant("pennies-from-heaven", N_("Pennies from Heaven"), (6,),
             N_("Four packs (216 cards), two sides of three, 13 each and a packet of 11 taken after a first canasta; "
                "draw two; canastas of seven at most; sevens canasta 1,500, wild 1,000; going out needs a sevens, a "
                "wild, a natural and a mixed canasta; red threes need a sevens canasta; game to 20,000."),
             packs=4, deal_size=13, packet_size=11, draw_count=2, wild_melds="free", sevens_canasta_bonus=1500,
             sevens_canasta_mixed=True, canasta_max=7, red_three_scale="eight_1000", red_threes_need="sevens_canasta",
             going_out_needs="pennies", sevens_discard="after_sevens_canastas", opening_table="pennies",
             target=20000),
    _variant("italian", N_("Italian canasta"), (4,),
             N_("Samba with a pile counted off under the upcard and always frozen; deuce melds (seven 2s 3,000, 2s "
                "with jokers 2,000, for the side that goes out); openings of natural cards by a table up to 200; "
                "going out 300 with two canastas other than of deuces; red threes 200 each from four; extra bonuses "
                "for five and ten canastas; game to 12,000."),
             **{**SAMBA, "pile_count_off": True, "strict_pile": True, "wild_melds": "italian",
                "opening_table": "italian", "minimum_150_from": None, "opening_naturals_only": True,
                "red_three_scale": "italian", "red_threes_need": "meld", "canasta_count_bonuses": True,
                "target": 12000}),
    _variant("sevens", N_("Sevens canasta (three packs)"), (4,),
             N_("Three packs, 15 each, draw two; no going out: play to the end of the stock; the first canasta "
                "brings 11 stock cards; sevens canastas 1,500 natural, 1,000 mixed; bolivia 2,000; black threes "
                "melded at any time, -200 in hand; sevens in hand -500; red threes 2,000 for all six after a "
                "bolivia, escalera or natural sevens canasta; game to 10,000."),
             packs=3, deal_size=15, draw_count=2, max_wilds=2, natural_and_wild_takes=False, sequences=True,
             natural_sequence_bonus=0, wild_melds="brazilian", sevens_canasta_bonus=1500, mixed_sevens_bonus=1000,
             black_three_meld="any_time", black_three_in_hand="minus_200", sevens_in_hand=500, no_going_out=True,
             stock_end="one_buy", first_canasta_bonus_cards=11, red_three_scale="six_2000", target=10000),
    _variant("cuban", N_("Cuban canasta"), (4,),
             N_("Two packs, 13 each; the pile always frozen; canastas of seven at most; wild canastas 4,000 / 3,000 / "
                "2,000; red threes 100 / 300 / 500 / 1,000 with a canasta; no concealed bonus; game to 7,500."),
             deal_size=13, strict_pile=True, target=7500, minimum_150_from=5000, red_three_scale="cuban",
             red_threes_need="canasta", canasta_max=7, wild_melds="cuban", concealed_bonus=0,
             black_three_first_round=True, black_threes_set_aside=True),
    _variant("uruguay", N_("Uruguay"), (4,), N_("Classic canasta with melds of wild cards (2,000 for seven); the "
                                                "pile always frozen."), wild_melds="uruguay", strict_pile=True),
    _variant("chile", N_("Chile (Tranca)"), (4,),
             N_("Three packs with Samba's sequences and Bolivia's melds of wild cards; draw one; one canasta to go out "
                "(the encyclopedia text's figures; bonuses as in Samba and Bolivia)."),
             **{**SAMBA, "wild_melds": "bolivia", "draw_count": 1, "canastas_to_go_out": 1,
                "red_threes_need": "canasta"}),
    _variant("graded-wild", N_("Graded wild canasta"), (4,),
             N_("Traditional rules with a free canasta of wild cards worth 1,000 and mixed canastas worth 400 / 300 "
                "/ 200 by their one, two or three wild cards."),
             red_threes_need="canasta", black_three_in_hand="minus_100", double_ending=True, stock_end="stop",
             black_three_last_discard=False, wild_melds="free", mixed_canasta_bonus="graded"),
]})
DEFAULT_VARIANT = "classic"


def deal_size(opts: OptionsLike, players: int) -> int:
    """Cards dealt to each player under ``opts`` for ``players`` (canasta/1.5)."""
    opts = Options.of(opts)
    if opts.deal_size is not None:
        return opts.deal_size
    if opts.sequences:
        return 15
    if opts.deal_table == "twelve":
        return {2: 15, 3: 13}.get(players, 12)
    return {2: 15, 3: 13, 6: 13}.get(players, 11)


# The house rules as the page shows them: the most argued first, then every option in exactly one topic
# (tests/canasta/test_option_topics.py): taking the pile (before opening, with a wild card, a wild card's block),
# the opening minimum, wild cards in a meld, what red threes need, going out and its discard.
MOST_ARGUED = ("pile_for_opening", "natural_and_wild_takes", "wild_block", "opening_table", "max_wilds",
               "red_threes_need", "canastas_to_go_out", "going_out_discard")
TOPICS = (
    ("deal", N_("Cards and the deal"), ("packs", "packet_size", "jokers_per_pack", "deal_size", "deal_table",
                                        "draw_count", "surprise", "pile_count_off", "black_three_upcard",
                                        "upcard_replaced")),
    ("threes", N_("Red and black threes"), ("red_three_value", "red_three_scale", "red_threes_need",
                                            "black_three_in_hand", "black_three_meld", "black_three_last_discard",
                                            "black_threes_out_discard", "black_three_first_round",
                                            "black_threes_set_aside", "red_three_last_card")),
    ("melds", N_("Melds and wild cards"), ("max_wilds", "wild_ratio", "same_rank_melds", "min_naturals",
                                           "strict_wild_cards", "wild_melds", "sequences", "sequence_wilds",
                                           "extend_escalera_out")),
    ("canastas", N_("Canastas and bonuses"), ("canasta_max", "mixed_canasta_bonus", "natural_canasta_bonus",
                                              "sevens_canasta_bonus", "mixed_sevens_bonus", "sevens_canasta_mixed",
                                              "natural_sequence_bonus", "short_sequence_penalty",
                                              "long_sequence_bonus", "canasta_count_bonuses", "five_canastas_bonus",
                                              "sevens_in_hand", "first_canasta_bonus_cards")),
    ("opening", N_("Opening"), ("opening_table", "negative_minimum", "minimum_150_from", "top_minimum",
                                "opening_canasta_from", "canasta_in_hand_opens", "opening_naturals_only",
                                "red_threes_count_toward_opening", "opening_canasta_with_top_card",
                                "opening_bonus_cards")),
    ("pile", N_("Taking the discard pile"), ("pile_for_opening", "natural_and_wild_takes", "seven_on_pile",
                                             "layoff_take", "strict_pile", "pile_frozen_at_start", "wild_block",
                                             "own_canasta_blocks_pile", "wild_pair_takes", "black_three_freezes",
                                             "sevens_discard")),
    ("going_out", N_("Going out"), ("concealed_waives_minimum", "concealed_rule", "going_out_discard",
                                    "no_going_out", "canastas_to_go_out", "keep_last_card", "sequence_to_go_out",
                                    "ask_required", "going_out_needs", "red_threes_per_canasta", "tough_end",
                                    "going_out_bonus", "concealed_bonus", "four_black_threes_out", "double_ending")),
    ("end", N_("End of the game and penalties"), ("stock_end", "count_and_exposure_penalties", "target",
                                                  "max_rounds")),
)
