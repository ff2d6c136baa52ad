"""Pinochle house-rule options and variants (see docs/pinochle-design.md)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..i18n import N_, _
from ..rulebook import OptionSpec, preset

Spec = OptionSpec
SPECS = {s.name: s for s in [
    Spec("deck", "int", 48, "pinochle/1.1",
      N_("48 cards, or 64 with the 8s and 7s (two-handed only; the dix is then the 7)."), allowed=(48, 64),
      labels={48: N_("48 cards"), 64: N_("64 cards, with 8s and 7s")}),
    Spec("card_points", "enum", "classic", "pinochle/1.3",
      N_("What the cards count in tricks: ace 11, ten 10, king 4, queen 3, jack 2; or ace, ten and king 10 "
         "each; or ace and ten 10 each, king and queen 5 each."),
      allowed=("classic", "counters", "ace_ten_kq"),
      labels={"classic": N_("A 11, 10 10, K 4, Q 3, J 2"), "counters": N_("A, 10, K 10 each"),
              "ace_ten_kq": N_("A, 10 10 each; K, Q 5 each")}),
    Spec("meld_timing", "enum", "before_draw", "pinochle/3.3",
      N_("The trick winner melds before drawing or after both have drawn."),
      allowed=("before_draw", "after_draw"),
      labels={"before_draw": N_("before drawing"), "after_draw": N_("after both have drawn")}),
    Spec("last_stock", "enum", "winner_takes_hidden", "pinochle/3.4",
      N_("At the end of the stock the winner takes the face-down card, or chooses."),
      allowed=("winner_takes_hidden", "winner_chooses"),
      labels={"winner_takes_hidden": N_("the face-down card"), "winner_chooses": N_("the winner chooses")}),
    Spec("double_pinochle", "enum", "300", "pinochle/4.5", N_("Both pinochles together score 300, or 40 each."),
      allowed=("300", "none"),
      labels={"300": 300, "none": N_("40 each")}),
    Spec("first_dix_must_exchange", "bool", False, "pinochle/4.7", N_("The first dix melded must be exchanged.")),
    Spec("must_head", "enum", "trump_lead_only", "pinochle/5.4",
      N_("Beat the trick only when trump is led; also overtrump when trumping a plain-suit lead (the classic "
         "auction game); or beat every trick when able (old tables, before 1945)."),
      allowed=("trump_lead_only", "trump_lead_and_overtrump", "always"),
      labels={"trump_lead_only": N_("when trump is led"),
              "trump_lead_and_overtrump": N_("when trump is led, and overtrump"), "always": N_("every trick")}),
    Spec("rounding", "enum", "seven_up_strict", "pinochle/6.2",
      N_("How a side's points are rounded to tens: 7, 8 and 9 up and the rest down; the same keeping a deal's "
         "250 whole; or not at all."),
      allowed=("seven_up_strict", "conserve_250", "none"),
      labels={"seven_up_strict": N_("7, 8, 9 up"), "conserve_250": N_("7, 8, 9 up, keeping 250"),
              "none": N_("not rounded")}),
    Spec("target", "int", 1000, "pinochle/6.3", N_("Score that ends the game."), minimum=100, maximum=10000,
      multiple_of=50),
    Spec("target_rise", "enum", "by_step", "pinochle/6.3",
      N_("Both past the target: it rises by 250 while both are past it, and a player past the risen target "
         "alone wins; or it rises past both totals and play goes on."),
      allowed=("by_step", "above_both"),
      labels={"by_step": N_("by 250 at a time"), "above_both": N_("past both totals")}),
    Spec("one_deal_game", "bool", False, "pinochle/6.3",
      N_("Each deal is a game of its own, won by the higher score for the deal (two-handed, as Russian tables play "
         "it); declaring out is then not played.")),
    Spec("declare_out", "bool", True, "pinochle/6.4", N_("A player may declare out during a deal.")),
    Spec("min_bid", "int", 100, "pinochle/7.2", N_("Lowest opening bid in the auction forms."),
         minimum=10, maximum=1000, multiple_of=10),
    Spec("meld_save", "enum", "one_trick", "pinochle/7.4",
      N_("A side's meld counts if it wins a trick, or 20 card points."), allowed=("one_trick", "twenty_points"),
      labels={"one_trick": N_("a trick"), "twenty_points": N_("20 card points")}),
]}


def _constraints(resolved: dict) -> list[tuple[str, str]]:
    opts = Options.of(resolved)
    if opts.one_deal_game and opts.declare_out:
        # declaring out claims the target (6.4); a one-deal game is won by the higher score, with no target
        return [("declare_out", _("declaring out claims the target, which the one-deal game does not have"))]
    return []


def _one_deal(resolved: dict, given: set) -> dict:
    """The one-deal game has no target to declare out on: declare_out is off unless the request says otherwise."""
    opts = Options.of(resolved)
    return {"declare_out": False} if opts.one_deal_game else {}


def _two_handed_only(resolved: dict) -> list[tuple[str, str]]:
    opts = Options.of(resolved)
    out = []
    if opts.deck == 64:
        # no source gives deal sizes for the 64-card pack in the auction forms
        out.append(("deck", _("the 64-card pack is played two-handed only")))
    if opts.declare_out:
        # the bidding side counts first (7.7), and only the bidder scores in three-hand play (8.4)
        out.append(("declare_out", _("declaring out is played two-handed only")))
    if opts.one_deal_game:
        # the user's text gives it for the game of two; the auction forms score a bid against a target (7.7, 8.4)
        out.append(("one_deal_game", _("the one-deal game is played two-handed only")))
    return out


_variant = preset(SPECS, (_constraints,), derive=(_one_deal,))
_auction_variant = preset(SPECS, (_two_handed_only,))


VARIANTS = {v.id: v for v in [
    _variant("two-handed", N_("Two-handed Pinochle"), (2,),
             N_("48 cards, 12 each, trump upcard and stock, one meld per trick won, play-off with obligations, "
                "game to 1000.")),
    _auction_variant("partnership", N_("Partnership auction Pinochle (four players)"), (4,),
             N_("Two sides, 12 cards each, auction from 100, everyone melds at once, meld saved by a trick."),
             must_head="always", declare_out=False, min_bid=100),
    _auction_variant("three-hand-auction", N_("Three-hand auction Pinochle"), (3,),
             N_("15 cards each and a widow of 3; the bidder takes the widow, melds alone and buries 3; "
                "single and double bete."),
             must_head="trump_lead_and_overtrump", declare_out=False, min_bid=300),
]}
DEFAULT_VARIANT = "two-handed"


@dataclass(frozen=True, slots=True)
class Options:
    """The resolved Pinochle options, typed: one attribute per :data:`SPECS` entry (same name, type and default).

    Built from the dict a variant resolves (:meth:`Options.of`); ``opts.name`` still reads an attribute, so
    code written against the dict keeps working.  The answers echo the dict, not this object.
    """

    deck: Literal[48, 64] = 48
    card_points: Literal["classic", "counters", "ace_ten_kq"] = "classic"
    meld_timing: Literal["before_draw", "after_draw"] = "before_draw"
    last_stock: Literal["winner_takes_hidden", "winner_chooses"] = "winner_takes_hidden"
    double_pinochle: Literal["300", "none"] = "300"
    first_dix_must_exchange: bool = False
    must_head: Literal["trump_lead_only", "trump_lead_and_overtrump", "always"] = "trump_lead_only"
    rounding: Literal["seven_up_strict", "conserve_250", "none"] = "seven_up_strict"
    target: int = 1000
    target_rise: Literal["by_step", "above_both"] = "by_step"
    one_deal_game: bool = False
    declare_out: bool = True
    min_bid: int = 100
    meld_save: Literal["one_trick", "twenty_points"] = "one_trick"

    @classmethod
    def of(cls, opts: OptionsLike) -> Options:
        """``opts`` as :class:`Options`: itself when it is one, else built from the resolved mapping (every option
        named; a name missing takes the base default, a name not an option is refused with a ``TypeError``)."""
        if isinstance(opts, Options):
            return opts
        key = tuple(opts.items())       # the values are str, int and bool: a request's options are few and repeat
        made = _MADE.get(key)
        if made is None:
            if len(_MADE) >= _MADE_MAX:
                _MADE.clear()
            made = _MADE[key] = cls(**opts)
        return made

    def __getitem__(self, name: str) -> Any:
        """``opts.deck``: the option's value, as the resolved dict gives it (``KeyError`` for a name that is not
        an option)."""
        if name not in SPECS:
            raise KeyError(name)
        return getattr(self, name)


# the Options made from each resolved dict seen (keyed by its items): views.py hands the engine the dict, and an
# entry point that reads a card of a 5,000-event log makes one; bounded, cleared when full
_MADE: dict[tuple, Options] = {}
_MADE_MAX = 512

# what an entry point of the engine accepts: the resolved dict (service.py, views.py) or the typed options
OptionsLike = Options | Mapping[str, Any]


# The house rules as the page shows them: the most argued first, then every option in exactly one topic
# (tests/pinochle/test_option_topics.py): must one beat, when melds are laid, the double pinochle, the meld that
# needs a trick, declaring out and the target.
MOST_ARGUED = ("must_head", "meld_timing", "double_pinochle", "meld_save", "declare_out", "target")
TOPICS = (
    ("cards", N_("Cards and their points"), ("deck", "card_points", "rounding")),
    ("melds", N_("Melds"), ("meld_timing", "double_pinochle", "first_dix_must_exchange", "meld_save")),
    ("play", N_("Play and the stock"), ("last_stock", "must_head")),
    ("bidding", N_("Bidding"), ("min_bid",)),
    ("end", N_("End of the game"), ("target", "target_rise", "one_deal_game", "declare_out")),
)
