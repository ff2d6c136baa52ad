"""Thousand house-rule options and variants (see docs/thousand-design.md)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..i18n import N_, _
from ..rulebook import OptionSpec, preset

Op = OptionSpec
SPECS = {s.name: s for s in [
    Op("round_step", "int", 5, "thousand/12.3", N_("Defenders' points are rounded to this step."), allowed=(5, 10)),
    Op("round_half", "enum", "up", "thousand/12.3",
       N_("Where an exact half step goes when points are rounded to tens."), allowed=("up", "down"),
      labels={"up": N_("rounded up"), "down": N_("rounded down")}),
    Op("round_declarer", "bool", False, "thousand/12.2",
       N_("Round the declarer's total before checking the contract.")),
    Op("declarer_score", "enum", "contract", "thousand/12.1",
      N_("A made contract scores the contract, or the declarer's actual rounded points."),
      allowed=("contract", "actual_rounded"),
      labels={"contract": N_("the contract"), "actual_rounded": N_("the declarer's points, rounded")}),
    Op("bid_step", "int", 5, "thousand/7.2", N_("Bids and raises go in multiples of this."), allowed=(5, 10)),
    Op("bid_cap", "enum", "marriages", "thousand/7.4",
      N_("How high a player may bid above 120: up to 120 plus the marriages held, anything once a marriage is "
         "held, or no limit."),
      allowed=("marriages", "marriage_unlocks", "none"),
      labels={"marriages": N_("120 plus the marriages held"), "marriage_unlocks": N_("over 120 with any marriage"),
              "none": N_("no limit")}),
    Op("max_bid", "int", 400, "thousand/7.5", N_("Absolute maximum contract."), minimum=120, maximum=400,
      multiple_of=5),
    Op("forced_bid_holder", "enum", "first_hand", "thousand/7.1",
      N_("Who is bound to the opening 100: the player left of the dealer, the dealer, or nobody (a deal "
         "everyone passes is then dealt again)."),
      allowed=("first_hand", "dealer", "none"),
      labels={"first_hand": N_("the player left of the dealer"), "dealer": N_("the dealer"), "none": N_("nobody")}),
    Op("forehand_opens_100", "bool", False, "thousand/7.1",
      N_("With the dealer on the forced 100, the player on the dealer's left may open at 100 and take it over.")),
    Op("raise_capped", "bool", True, "thousand/8.2", N_("The marriage cap also binds the raise after the exchange.")),
    Op("silence_threshold", "int", None, "thousand/7.7",
      N_("A player whose total is below this may not bid (except the forced 100); or no such rule."),
      nullable=True, minimum=-1000, maximum=0,
      labels={None: N_("no such rule")}),
    Op("marriage_on_first_trick", "bool", False, "thousand/10.2",
      N_("The declarer may announce a marriage when leading to the first trick.")),
    Op("marriage_needs_trick_to_score", "bool", False, "thousand/10.3",
      N_("A marriage scores only if its owner wins at least one trick in the deal.")),
    Op("trump_timing", "enum", "immediate", "thousand/10.5",
      N_("A new trump applies to the trick led with the marriage card, or from the next trick."),
      allowed=("immediate", "next_trick"),
      labels={"immediate": N_("from the marriage's own trick"), "next_trick": N_("from the next trick")}),
    Op("must_beat", "bool", False, "thousand/11.4", N_("A player following suit must beat the trick if able.")),
    Op("must_overtrump", "bool", False, "thousand/11.5", N_("A player trumping must overtrump if able.")),
    Op("must_undertrump", "bool", True, "thousand/11.3",
      N_("A void player who cannot beat a trump already in the trick must still play a lower trump; otherwise "
         "any card.")),
    Op("ace_marriage", "bool", False, "thousand/2.2", N_("Four aces held together may be announced for 200.")),
    Op("ace_marriage_raises_cap", "bool", True, "thousand/7.4",
      N_("Four aces count 200 towards the limit on bids above 120.")),
    Op("rospis_declarer", "enum", "nothing", "thousand/9.2",
      N_("What a conceding declarer loses: nothing, the contract, or a flat 120."),
      allowed=("nothing", "minus_contract", "minus_120"),
      labels={"nothing": N_("nothing"), "minus_contract": N_("the contract"), "minus_120": 120}),
    Op("rospis_opponents", "enum", "sixty_each", "thousand/9.2",
      N_("What each opponent gets for a concession: 60, or half the contract rounded to 5."),
      allowed=("sixty_each", "half_contract"),
      labels={"sixty_each": N_("60 each"), "half_contract": N_("half the contract")}),
    Op("rospis_third_count", "enum", "total", "thousand/9.3",
      N_("The third-concession charge counts a player's concessions in total, or only in a row."),
      allowed=("total", "consecutive"),
      labels={"total": N_("in total"), "consecutive": N_("in a row")}),
    Op("rospis_third_penalty", "int", 120, "thousand/9.3",
      N_("Extra loss on every third concession by the same player (0 = none)."), minimum=0, maximum=1000,
      multiple_of=5),
    Op("rospis_max", "int", None, "thousand/9.4", N_("Most concessions a player may make in a game, or no limit."),
      nullable=True, minimum=0, maximum=100,
      labels={None: N_("no limit")}),
    Op("rospis_in_golden", "bool", True, "thousand/9.4", N_("The declarer may concede a golden-round deal.")),
    Op("rospis_on_barrel", "enum", "allowed", "thousand/9.4", N_("Whether concessions are allowed near the barrel."),
      allowed=("allowed", "not_by_barrel_player", "not_while_anyone_on_barrel"),
      labels={"allowed": N_("allowed"), "not_by_barrel_player": N_("not by the player on the barrel"),
              "not_while_anyone_on_barrel": N_("not while anyone is on the barrel")}),
    Op("bolt_count", "enum", "total", "thousand/13.2",
      N_("Bolts are counted in total, or only in a row, or not at all."), allowed=("total", "consecutive", "off"),
      labels={"total": N_("in total"), "consecutive": N_("in a row"), "off": N_("not counted")}),
    Op("bolt_definition", "enum", "zero_score", "thousand/13.1",
      N_("A bolt is a deal scoring zero, or a deal without a trick."), allowed=("zero_score", "no_tricks"),
      labels={"zero_score": N_("a deal scoring zero"), "no_tricks": N_("a deal without a trick")}),
    Op("bolt_penalty", "enum", "minus_120", "thousand/13.2", N_("The third bolt costs 120, or resets the total to 0."),
      allowed=("minus_120", "reset_to_zero"),
      labels={"minus_120": N_("minus 120"), "reset_to_zero": N_("total reset to 0")}),
    Op("bolt_declarer_exempt", "bool", True, "thousand/13.3", N_("The declarer's own deal never counts as a bolt.")),
    Op("bolt_barrel_exempt", "bool", True, "thousand/13.3", N_("Deals played on the barrel never count as bolts.")),
    Op("barrel", "enum", "barrel", "thousand/14.1",
      N_("What happens at the threshold: a barrel holds a total there for a few deals, a lock (Polish) stops "
         "it there, or neither."),
      allowed=("barrel", "lock", "off"),
      labels={"barrel": N_("barrel"), "lock": N_("lock"), "off": N_("no barrel")}),
    Op("barrel_threshold", "int", 880, "thousand/14.1", N_("Where the barrel (or lock) starts."),
      allowed=(800, 850, 880, 900)),
    Op("barrel_deals", "int", 3, "thousand/14.2", N_("Deals a player may stay on the barrel."), minimum=1, maximum=10),
    Op("barrel_bid_floor", "bool", True, "thousand/7.8",
      N_("A player on the barrel may bid only a contract that reaches the target if made.")),
    Op("barrel_forced_floor", "bool", False, "thousand/7.8",
      N_("A player on the barrel who is on the forced 100 must play the barrel minimum (120 from 880) at once "
         "instead.")),
    Op("barrel_defender_finish", "bool", False, "thousand/14.3",
      N_("A defender on the barrel whose deal score reaches the target finishes the game.")),
    Op("barrel_penalty", "int", 120, "thousand/14.2", N_("Points lost on falling off the barrel."), minimum=0,
      maximum=1000, multiple_of=5),
    Op("barrel_attempts", "enum", "all_deals", "thousand/14.2",
      N_("Every deal counts against the barrel, or only the barrel player's own contracts."),
      allowed=("all_deals", "own_contracts"),
      labels={"all_deals": N_("every deal"), "own_contracts": N_("the player's own contracts")}),
    Op("barrel_declarer_fail", "enum", "fall", "thousand/14.4",
      N_("A declarer failing on the barrel loses the contract and falls off, or stays and uses a deal."),
      allowed=("fall", "stay"),
      labels={"fall": N_("falls off"), "stay": N_("stays, a deal used")}),
    Op("barrel_collision", "enum", "coexist", "thousand/14.5",
      N_("A second player reaching the barrel coexists with the first, or knocks them off; or, with four players, "
         "two may sit there and fall together (with three, the newcomer knocks the first off)."),
      allowed=("coexist", "knock_off", "two_fall_together"),
      labels={"coexist": N_("both stay"), "knock_off": N_("knocks the first off"),
              "two_fall_together": N_("with four, two sit and fall together")}),
    Op("barrel_reset_after_falls", "int", None, "thousand/14.6",
      N_("Falling off the barrel this many times resets the total to 0; or no such rule."), nullable=True,
      minimum=1, maximum=10,
      labels={None: N_("no such rule")}),
    Op("barrel_jump", "bool", True, "thousand/14.1",
      N_("A player below the barrel may reach the target in one deal without stopping on the barrel.")),
    Op("target", "int", 1000, "thousand/15.1", N_("Total that ends the game."), allowed=(1000, 1001, 1005)),
    Op("finish_cap", "bool", False, "thousand/15.1", N_("A total that reaches the target is recorded as the target.")),
    Op("double_finish", "enum", "declarer", "thousand/15.2",
      N_("Who wins when two players pass the target in one deal."), allowed=("declarer", "higher_total"),
      labels={"declarer": N_("the declarer"), "higher_total": N_("the higher total")}),
    Op("dump_555", "enum", "off", "thousand/16.1", N_("A total of exactly 555 becomes 0; in some games -555 too."),
      allowed=("off", "positive", "both"),
      labels={"off": N_("no"), "positive": 555, "both": N_("555 and minus 555")}),
    Op("blind", "bool", False, "thousand/17.1", N_("Blind (dark) contracts are allowed and score double.")),
    Op("blind_on_barrel", "bool", True, "thousand/17.1",
      N_("A blind game may be announced while someone is on the barrel.")),
    Op("blind_min_score", "int", 0, "thousand/17.1", N_("Total a player needs before playing blind."),
      minimum=0, maximum=1000),
    Op("golden_round", "bool", False, "thousand/18.1", N_("Golden-round deals (forced 120, doubled) are allowed.")),
    Op("golden_doubling", "enum", "all", "thousand/18.1",
      N_("In a golden deal every player's result is doubled, or only the declarer's."), allowed=("all", "declarer"),
      labels={"all": N_("every player"), "declarer": N_("the declarer only")}),
    Op("golden_fail_resets", "bool", False, "thousand/18.1",
      N_("If nobody makes the 120 in the golden round (one deal per player), every total is reset to 0.")),
    Op("redeal_four_nines", "bool", True, "thousand/6.1", N_("Four nines in one hand give the right to a redeal.")),
    Op("redeal_four_nines_after_exchange", "bool", True, "thousand/6.2",
      N_("Four nines completed by a card received in the exchange also count.")),
    Op("redeal_weak_hand", "int", None, "thousand/6.3",
      N_("A hand worth fewer card points than this may be thrown in; or no such rule."), nullable=True,
      minimum=1, maximum=40,
      labels={None: N_("no such rule")}),
    Op("redeal_weak_talon", "int", None, "thousand/6.4",
      N_("A talon worth fewer card points than this may be thrown in by the declarer; or no such rule."),
      nullable=True, minimum=1, maximum=30,
      labels={None: N_("no such rule")}),
    Op("redeal_weak_talon_only_at_100", "bool", False, "thousand/6.4",
      N_("The weak-talon redeal is open only to a declarer on the forced 100.")),
    Op("redeal_dealer", "enum", "same", "thousand/6.1",
      N_("After a redeal the same dealer deals again, or the deal passes to the next player."),
      allowed=("same", "next"),
      labels={"same": N_("the same dealer"), "next": N_("the next player")}),
    Op("misdeal_penalty", "int", 120, "thousand/5.1", N_("Points lost for a misdeal or a cutting fault."),
      minimum=0, maximum=1000, multiple_of=5),
    Op("sitter_scoring", "enum", "aces_40_marriage", "thousand/3.6",
      N_("What the dealer who sits out scores from the talon (four players)."),
      allowed=("none", "aces_40_marriage", "aces_50_marriage", "talon_points", "talon_points_rounded"),
      labels={"none": N_("nothing"), "aces_40_marriage": N_("aces and marriages in the talon, an ace 40"),
              "aces_50_marriage": N_("aces and marriages in the talon, an ace 50"),
              "talon_points": N_("the talon's card points"),
              "talon_points_rounded": N_("the talon's card points, rounded")}),
    Op("two_player_discards_count", "bool", True, "thousand/3.3",
      N_("In the two-player game the declarer's two discards count for the declarer.")),
    Op("stake", "int", None, "thousand/20.1",
      N_("Money each player puts in the bank; the winner takes it all; or not played for money."),
      nullable=True, minimum=10, maximum=1000000,
      labels={None: N_("not for money")}),
]}


@dataclass(frozen=True, slots=True)
class Options:
    """The resolved Thousand options as one typed, immutable record: one attribute per entry of :data:`SPECS`
    (same name, type and default; ``enum`` options are ``str``, a nullable option is ``None`` when off).

    ``opts["name"]`` still reads an attribute, so code written for the resolved dict keeps working; the JSON echo
    of ``options`` in an answer stays the dict the service resolved.
    """

    round_step: int = 5
    round_half: str = "up"
    round_declarer: bool = False
    declarer_score: str = "contract"
    bid_step: int = 5
    bid_cap: str = "marriages"
    max_bid: int = 400
    forced_bid_holder: str = "first_hand"
    forehand_opens_100: bool = False
    raise_capped: bool = True
    silence_threshold: int | None = None
    marriage_on_first_trick: bool = False
    marriage_needs_trick_to_score: bool = False
    trump_timing: str = "immediate"
    must_beat: bool = False
    must_overtrump: bool = False
    must_undertrump: bool = True
    ace_marriage: bool = False
    ace_marriage_raises_cap: bool = True
    rospis_declarer: str = "nothing"
    rospis_opponents: str = "sixty_each"
    rospis_third_count: str = "total"
    rospis_third_penalty: int = 120
    rospis_max: int | None = None
    rospis_in_golden: bool = True
    rospis_on_barrel: str = "allowed"
    bolt_count: str = "total"
    bolt_definition: str = "zero_score"
    bolt_penalty: str = "minus_120"
    bolt_declarer_exempt: bool = True
    bolt_barrel_exempt: bool = True
    barrel: str = "barrel"
    barrel_threshold: int = 880
    barrel_deals: int = 3
    barrel_bid_floor: bool = True
    barrel_forced_floor: bool = False
    barrel_defender_finish: bool = False
    barrel_penalty: int = 120
    barrel_attempts: str = "all_deals"
    barrel_declarer_fail: str = "fall"
    barrel_collision: str = "coexist"
    barrel_reset_after_falls: int | None = None
    barrel_jump: bool = True
    target: int = 1000
    finish_cap: bool = False
    double_finish: str = "declarer"
    dump_555: str = "off"
    blind: bool = False
    blind_on_barrel: bool = True
    blind_min_score: int = 0
    golden_round: bool = False
    golden_doubling: str = "all"
    golden_fail_resets: bool = False
    redeal_four_nines: bool = True
    redeal_four_nines_after_exchange: bool = True
    redeal_weak_hand: int | None = None
    redeal_weak_talon: int | None = None
    redeal_weak_talon_only_at_100: bool = False
    redeal_dealer: str = "same"
    misdeal_penalty: int = 120
    sitter_scoring: str = "aces_40_marriage"
    two_player_discards_count: bool = True
    stake: int | None = None

    @classmethod
    def of(cls, mapping: Mapping[str, Any] | Options) -> Options:
        """The options from a resolved mapping (every name of :data:`SPECS`); an :class:`Options` is returned as is."""
        if isinstance(mapping, Options):
            return mapping
        key = tuple(mapping.items())        # the same options made again for every request: made once, kept
        made = _MADE.get(key)
        if made is None:
            made = cls(*[mapping[name] for name in _ORDER])
            if len(_MADE) < _MADE_MOST:
                _MADE[key] = made
        return made

    def __getitem__(self, name: str) -> Any:
        """The option ``name``'s value, as the resolved dict gives it (a ``KeyError`` for an unknown name)."""
        if name not in _NAMES:
            raise KeyError(name)
        return getattr(self, name)

    def as_dict(self) -> dict[str, Any]:
        """``{name: value}`` in :data:`SPECS` order, as the service echoes the options."""
        return {name: getattr(self, name) for name in _ORDER}


_ORDER = tuple(f.name for f in fields(Options))
_NAMES = frozenset(_ORDER)
# Options.of's made records by the resolved items (each option has one type, so 1 never stands for True); a request's
# own option values add one entry each, so the number kept is bounded
_MADE: dict[tuple, Options] = {}
_MADE_MOST = 512


def _lock_threshold(resolved: dict) -> list[tuple[str, str]]:
    """Options that contradict each other (thousand/14.7, 18.1, 7.1): ``[(option name, why)]``."""
    opts = Options.of(resolved)
    out = []
    if opts.barrel == "lock" and opts.barrel_threshold >= opts.target:
        out.append(("barrel_threshold", _("the lock threshold must be below the target")))
    if opts.golden_fail_resets and not opts.golden_round:
        out.append(("golden_fail_resets", _("a failed golden round resets the totals only where the golden round is "
                                            "played")))
    if opts.forehand_opens_100 and opts.forced_bid_holder != "dealer":
        out.append(("forehand_opens_100", _("the player on the dealer's left takes over the 100 only when the "
                                            "dealer is bound to it")))
    return out


_variant = preset(SPECS, (_lock_threshold,))


# What the user's two Russian texts both say (each point checked against both; docs/thousand-design.md): a
# concession costs the declarer the contract, a bolt is a deal without a trick, and with three players only one
# sits on the barrel, a newcomer knocking the first off.  Where one text is clear and the other silent the clear
# one decides, its whole sentence taken (russian-classic, four-player): the first text's dump truck, bolts in a row,
# three concessions in a row, the debt pit (no bidding below 0), two on the barrel with four players falling
# together, and the sitter's talon points; the second's three tries on the barrel, 120 at once for a barrel player on
# the forced 100, and a third fall wiping the total.
RUSSIAN_TEXTS = {"rospis_declarer": "minus_contract", "bolt_definition": "no_tricks"}

VARIANTS = {v.id: v for v in [
    _variant("russian-classic", N_("Thousand, Russian classic (3 players)"), (3,),
             N_("Three players, 7 cards each and a 3-card talon, as the two Russian texts play where they agree (a "
                "concession costs the contract, a bolt is a deal without a trick, one player on the barrel) or one "
                "is clear and the other silent, each sentence taken whole: the first text's bolts in a row, three "
                "concessions in a row costing 120, no bidding with a total below 0 and the dump truck at 555; the "
                "second's three tries on the barrel for a declarer who fails there, 120 at once for a barrel player "
                "on the forced 100, and a third fall wiping the total. pagat.com where they are both silent."),
             dump_555="positive", barrel_collision="knock_off", bolt_count="consecutive",
             barrel_declarer_fail="stay", rospis_third_count="consecutive", silence_threshold=0,
             barrel_forced_floor=True, barrel_reset_after_falls=3, **RUSSIAN_TEXTS),
    _variant("pagat", N_("Thousand, the English-language reading (3 players)"), (3,),
             N_("Three players and pagat.com's reading throughout: a concession costs the declarer nothing, a bolt "
                "is a zero score, several players may sit on the barrel, no dump truck.")),
    _variant("russian-detailed", N_("Thousand, the detailed Russian rules (3 players)"), (3,),
             N_("Three players as the Russian text «1000 в карты — подробные правила игры» plays: redeal on a hand "
                "under 14 or a talon under 5, no contract above 300, three tries on the barrel with a newcomer "
                "knocking the sitter off and a third fall wiping the total, 120 at once for a barrel player on the "
                "forced 100, 120 for every third bolt, blind game."),
             redeal_weak_hand=14, redeal_weak_talon=5, max_bid=300, barrel_declarer_fail="stay",
             barrel_collision="knock_off", barrel_reset_after_falls=3, barrel_forced_floor=True, blind=True,
             **RUSSIAN_TEXTS),
    _variant("two-player", N_("Thousand for two (auction form)"), (2,),
             N_("Two players, 10 cards each and two musiks of 2; the declarer takes one and discards 2.")),
    _variant("four-player", N_("Thousand for four (dealer sits out)"), (4,),
             N_("Four players; the dealer deals to the other three, sits out, and scores the talon's card points "
                "(the first text); the two Russian texts where they agree (a concession costs the contract, a bolt "
                "is a deal without a trick), the first text's dump truck at 555 and its two players on the barrel, "
                "who fall together."),
             dump_555="positive", sitter_scoring="talon_points", barrel_collision="two_fall_together",
             **RUSSIAN_TEXTS),
    _variant("polish", N_("Tysiąc (Polish)"), (3,),
             N_("Rounding to 10, bids in tens, must beat and overtrump, 800 lock, marriage on the first trick."),
             round_step=10, round_half="up", bid_step=10, must_beat=True, must_overtrump=True,
             barrel="lock", barrel_threshold=800, marriage_on_first_trick=True, rospis_third_penalty=0),
]}
DEFAULT_VARIANT = "russian-classic"


# what an engine entry point accepts: the resolved dict the service hands over, or the typed record
OptionsLike = Options | Mapping[str, Any]


# The house rules as the page shows them: the most argued first, then every option in exactly one topic
# (tests/thousand/test_option_topics.py).  The most argued follow the questions and the rules notes:
# following and beating, a marriage on the first trick, bidding above 120, the declarer's score, the concession,
# the barrel, bolts and the 555 dump.
MOST_ARGUED = ("must_beat", "marriage_on_first_trick", "bid_cap", "declarer_score", "rospis_declarer",
               "barrel_deals", "bolt_penalty", "dump_555")
TOPICS = (
    ("bidding", N_("Bidding"), ("bid_step", "bid_cap", "max_bid", "forced_bid_holder", "forehand_opens_100",
                                "raise_capped", "silence_threshold")),
    ("marriages", N_("Marriages"), ("marriage_on_first_trick", "marriage_needs_trick_to_score", "trump_timing",
                                    "ace_marriage", "ace_marriage_raises_cap")),
    ("play", N_("Following, beating, trumping"), ("must_beat", "must_overtrump", "must_undertrump")),
    ("scoring", N_("Counting the points"), ("round_step", "round_half", "round_declarer", "declarer_score",
                                            "two_player_discards_count", "sitter_scoring")),
    ("concession", N_("Concession"), ("rospis_declarer", "rospis_opponents", "rospis_third_count",
                                      "rospis_third_penalty", "rospis_max", "rospis_in_golden", "rospis_on_barrel")),
    ("bolts", N_("Bolts"), ("bolt_count", "bolt_definition", "bolt_penalty", "bolt_declarer_exempt",
                            "bolt_barrel_exempt")),
    ("barrel", N_("Barrel"), ("barrel", "barrel_threshold", "barrel_deals", "barrel_bid_floor", "barrel_forced_floor",
                              "barrel_defender_finish", "barrel_penalty", "barrel_attempts", "barrel_declarer_fail",
                              "barrel_collision", "barrel_reset_after_falls", "barrel_jump")),
    ("end", N_("End of the game"), ("target", "finish_cap", "double_finish", "dump_555")),
    ("blind_golden", N_("Blind and golden round"), ("blind", "blind_on_barrel", "blind_min_score", "golden_round",
                                                     "golden_doubling", "golden_fail_resets")),
    ("deal", N_("Dealing and redeals"), ("redeal_four_nines", "redeal_four_nines_after_exchange",
                                         "redeal_weak_hand", "redeal_weak_talon", "redeal_weak_talon_only_at_100",
                                         "redeal_dealer", "misdeal_penalty")),
    ("stakes", N_("Stakes"), ("stake",)),
)


# the values of sitter_scoring under which the talon's card points alone decide the sitter's score (thousand/3.6):
# a deal may give them (``talon_points``) in the talon's cards' stead
POINT_MODES = ("talon_points", "talon_points_rounded")
