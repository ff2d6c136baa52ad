"""Thousand: a log's ``deal`` event (a typed record of :mod:`schemas.thousand`) into a fresh
:class:`~.deal.DealState`: the hands, the talon or the musiks, the whole deck dealt once (thousand/3.x), a golden
deal (18.1) and the irregularities of the deal (4.1, 5.x); the faults the replay rules on come back as problems."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Card, conservation_faults
from ..common import parse_player
from ..errors import InputError, esc
from ..i18n import N_, _, ngettext
from .cards import DECK
from .checks import irregularities_of
from .deal import DealState, Layout
from .options import Options, OptionsLike
from .read import in_deck
from .scoring import GameState

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import DealEvent


def start_deal(ev: DealEvent, layout: Layout, opts: OptionsLike, state: GameState, ptr: str):
    """Parse a deal event; return (state, problems) where problems are independent violations.

    A problem is ``(rule ID, text, pointer)``: the hands (thousand/3.1), the talon or the musiks (3.1, 3.3), the
    whole deck dealt once (3.5), a golden deal (18.1).  The event's types are the request schema's (``Event``).
    """
    opts = Options.of(opts)
    problems: list[tuple[str, str, str]] = []
    hands = _dealt_hands(ev, layout, ptr, problems)
    groups = [(f"{ptr}/hands/{esc(p)}", hands[p]) for p in layout.active]
    # the talon of 3 (three or four players) or two musiks of 2 (two players), added to groups
    n = len(layout.active)
    wrong, not_dealt = _NOT_DEALT[n]
    if getattr(ev, wrong) is not None:
        raise InputError(_(not_dealt, n=n), f"{ptr}/{wrong}")
    talon, musiks = _DEALT[n](ev, ptr, problems, groups)
    problems += conservation_faults(groups, DECK, "thousand/3.5")    # the whole deck dealt once
    st = DealState.new(layout, opts, hands=hands, talon=talon, musiks=musiks, scores=state.scores,
                       concessions=state.concessions)
    st.golden = bool(ev.golden)
    if st.golden:
        why = _NO_GOLDEN.get((bool(opts.golden_round), bool(state.golden["over"])))
        if why:
            problems.append(("thousand/18.1", _(why), ptr + "/golden"))
        else:  # forced 120, no auction: the first hand plays it
            st.declarer, st.contract, st.phase = layout.active[0], 120, "talon"
    st.irregularities = irregularities_of(ev.irregularities, layout, ptr)
    return st, problems


# why a golden deal cannot be dealt (thousand/18.1), by (golden_round on, the round over): the option off, or the
# round played (while it is under way, none)
_NO_GOLDEN = {(False, False): N_("the golden round is off under these options"),
              (False, True): N_("the golden round is off under these options"),
              (True, True): N_("the golden round has already been played")}


def _dealt_hands(ev: DealEvent, layout: Layout, ptr: str,
                 problems: list[tuple[str, str, str]]) -> dict[str, list[Card]]:
    """thousand/3.1: the event's hands, one per active player (the sitter's, if given, empty), each of the dealt
    size (a problem otherwise)."""
    hands_raw = ev.hands
    if hands_raw is None:
        raise InputError(_("the deal gives the hands: each player with his cards"), ptr + "/hands")
    hands = {}
    for p, cards in hands_raw.items():
        if p == layout.sitter and cards == []:
            continue  # the dealer who sits out holds no cards
        parse_player(p, layout.players, f"{ptr}/hands/{esc(p)}", layout.active)
        hands[p] = in_deck(cards, f"{ptr}/hands/{esc(p)}")
    for p in layout.active:
        if p not in hands:
            raise InputError(_("the deal gives no hand for {player}", player=p), ptr + "/hands")
        if len(hands[p]) != layout.hand_size:
            problems.append(("thousand/3.1", _("{player} was dealt {given} cards, not {n}", player=p,
                                               given=len(hands[p]), n=layout.hand_size),
                             f"{ptr}/hands/{esc(p)}"))
    return hands


def _two_musiks(ev: DealEvent, ptr: str, problems: list[tuple[str, str, str]],
                groups: list[tuple[str, list[Card]]]) -> tuple[None, list[list[Card]]]:
    """thousand/3.3: the two-player deal's two musiks of 2 cards."""
    raw = ev.musiks
    if raw is None or len(raw) != 2:
        raise InputError(_("the two-player deal gives two musiks of 2 cards"), ptr + "/musiks")
    musiks = []
    for k, given in enumerate(raw):
        m = in_deck(given, f"{ptr}/musiks/{k}")
        if len(m) != 2:
            why = ngettext("the first musik holds {given} card, not 2", "the first musik holds {given} cards, not 2",
                           len(m), given=len(m)) if k == 0 else \
                ngettext("the second musik holds {given} card, not 2", "the second musik holds {given} cards, not 2",
                         len(m), given=len(m))
            problems.append(("thousand/3.3", why, f"{ptr}/musiks/{k}"))
        groups.append((f"{ptr}/musiks/{k}", m))
        musiks.append(m)
    return None, musiks


def _talon(ev: DealEvent, ptr: str, problems: list[tuple[str, str, str]],
           groups: list[tuple[str, list[Card]]]) -> tuple[list[Card], None]:
    """thousand/3.1: the talon of 3 cards (three or four players)."""
    if ev.talon is None:
        raise InputError(_("expected a list of cards"), ptr + "/talon")
    talon = in_deck(ev.talon, ptr + "/talon")
    if len(talon) != 3:
        why = ngettext("the talon holds {given} card, not 3", "the talon holds {given} cards, not 3", len(talon),
                       given=len(talon))
        problems.append(("thousand/3.1", why, ptr + "/talon"))
    groups.append((ptr + "/talon", talon))
    return talon, None


# the part of a deal event a deal of n players has not (a talon with two, musiks with three or four), and what it is
# told; and what reads the part it has
_NOT_DEALT = {2: ("talon", N_("a two-player deal has no talon")), 3: ("musiks", N_("a {n}-player deal has no musiks"))}
_DEALT = {2: _two_musiks, 3: _talon}
