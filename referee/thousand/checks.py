"""Thousand: the checks a described deal shares, whether it is given as a position (:mod:`.parse`) or for scoring
(:mod:`.outcome`): a contract the rules allow and the forced bid (thousand/7.x), the marriages announced
(10.x), the irregularities (4.1, 5.x)."""
from __future__ import annotations

from itertools import chain, product
from typing import TYPE_CHECKING

from ..cards import Card, parse_suit
from ..common import parse_player
from ..errors import InputError
from ..i18n import N_, _, ngettext
from .deal import FORCED_BID, DealState, Layout
from .melds import ACES, marriage_name
from .options import Options, OptionsLike
from .read import refuse_all, refuse_if
from .scoring import IRREGULARITY_RULES, GameState

# the cards of each marriage (thousand/10.1): the king and queen of a suit, or the four aces
MARRIAGE_CARDS = {ACES: tuple(Card("A", s) for s in "SHDC"), **{s: (Card("K", s), Card("Q", s)) for s in "SHDC"}}

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import IrregularitySeen, MarriageSaid


def contract_value(value: int | None, opts: OptionsLike, ptr: str) -> int:
    """A contract (game points; the schema's integer, or None when not given) the rules allow: at least the forced
    100, in steps of ``bid_step`` (thousand/7.2), at most ``max_bid`` (7.5)."""
    opts = Options.of(opts)
    if value is None:
        raise InputError(_("the contract must be an integer"), ptr)
    refuse_if(((value < FORCED_BID, N_("no contract is below {contract}"), ptr),
               (value % opts.bid_step, N_("contracts go in steps of {step}; {value} is not one"), ptr),
               (value > opts.max_bid, N_("no contract exceeds {max_bid}"), ptr)),
              contract=FORCED_BID, step=opts.bid_step, value=value, max_bid=opts.max_bid)
    return value


# what a contract short of the forced bid is told (thousand/7.1, 7.8), by (its declarer holds the forced bid, the
# forced bid raised on the barrel, the first hand may take over the dealer's forced 100): its holder is short of it
# only when it is raised on the barrel (no contract is below 100); anyone else had to bid over it
_HOLDER_SHORT = N_("{holder} is on the barrel and on the forced bid, so plays {forced} at once: no contract is lower")
_NOT_HOLDER = {**dict.fromkeys(product((True,), (True, False), (True, False)), _HOLDER_SHORT),
               (False, True, True): N_("{holder} is on the barrel and on the forced bid, so plays {forced} at once: "
                                       "anyone else must bid more than {forced} to play"),
               (False, False, True): N_("{holder} is on the forced 100 and only {first} may take it over at 100: "
                                        "anyone else must bid more to play"),
               (False, False, False): N_("{holder} is on the forced 100: anyone else must bid more than 100 to play")}
_NOT_HOLDER[(False, True, False)] = _NOT_HOLDER[(False, True, True)]

# what a player below the silence threshold is told (thousand/7.7), by whether that player holds the forced bid
_PIT = {True: N_("{player} is below {threshold}, so may neither bid nor raise: {player} plays only the forced "
                 "{forced}"),
        False: N_("{player} is below {threshold} and may not bid, so cannot have won the auction")}


def check_forced_bid(layout: Layout, opts: OptionsLike, state: GameState, declarer: str, contract: int,
                     ptr: str) -> None:
    """A contract against the forced bid (thousand/7.1, 7.7, 7.8), told in this order.

    The debt pit (7.7): a player below the silence threshold neither bids nor raises, so holds a contract only as
    the forced bid's holder, at the forced bid itself.  A contract at the forced bid stands only in its holder's
    name (7.1): anyone else had to bid more, and a contract is never lowered.  With nobody on a forced 100 anyone
    may have opened at 100; with the dealer on it and ``forehand_opens_100`` the first hand may have taken it over.
    A holder on the barrel under ``barrel_forced_floor`` is bound to the barrel minimum (7.8), so no contract is
    lower."""
    opts = Options.of(opts)
    probe = DealState.new(layout, opts, scores=state.scores)
    holder, forced, thr = probe.forced_holder(), probe.forced_bid(), opts.silence_threshold
    first, own = layout.active[0], declarer == holder
    # a contract at the forced bid stands in its holder's name; anyone else's is at least the lowest bid over it
    # (the state machine's: a step more, or the forced bid itself for the first hand where it may take it over, any
    # contract when nobody holds it)
    refuse_if(((thr is not None and probe.scores[declarer] < thr and not (own and contract == forced), _PIT[own], ptr),
               (contract < (forced if own else probe.lowest_bid(declarer)),
                _NOT_HOLDER[(own, forced != FORCED_BID, probe.may_take_over(first))], ptr)),
              player=declarer, threshold=thr, forced=forced, holder=holder, first=first)


_GOLDEN_OFF = (False, N_("the golden round is not played in this game"))
_GOLDEN_OVER = (False, N_("the golden round has been played, so this deal is not a golden one"))
# a golden deal (thousand/18.1) as the options and the game so far tell it, by (golden_round on, the round over, a
# golden deal of it played): not golden with the option off or the round over, golden while it is under way, not
# told before (None); each with what a position saying otherwise is told
_GOLDEN_KNOWN = {(False, False, False): _GOLDEN_OFF, (False, False, True): _GOLDEN_OFF,
                 (False, True, False): _GOLDEN_OFF, (False, True, True): _GOLDEN_OFF,
                 (True, True, False): _GOLDEN_OVER, (True, True, True): _GOLDEN_OVER,
                 (True, False, True): (True, N_("the golden round is under way, so this deal is a golden one")),
                 (True, False, False): (None, "")}


def golden_known(opts: Options, state: GameState) -> tuple[bool | None, str]:
    """Whether a deal is a golden one as the options and the game so far tell it (thousand/18.1), and what a deal
    said to be otherwise is told: never with the option off or the round over, always while the round is under way
    (a golden deal of it played); None before that (the deal must say)."""
    return _GOLDEN_KNOWN[(bool(opts.golden_round), bool(state.golden["over"]), bool(state.golden["played"]))]


_ACES_WRITTEN = frozenset({ACES, "тузы"})      # the ace marriage (thousand/2.2), in English and Russian


def parse_marriage_suit(value: str, ptr: str) -> str:
    """A marriage's suit: a suit as :func:`~referee.cards.parse_suit` reads it, or the ace marriage, written
    ``aces`` or, as Russian players say it, ``тузы``."""
    if value.strip().lower() in _ACES_WRITTEN:
        return ACES
    try:
        return parse_suit(value)
    except ValueError as e:
        raise InputError(_("{why}, or \"aces\" for the ace marriage", why=e), ptr) from None


# who is at fault for an irregularity, where the type says (thousand/5.1, 4.1): (must be the dealer, what else is told)
_AT_FAULT = {"exposed_card": (True, N_("a card exposed in the deal is the dealer's fault ({dealer})")),
             "nine_cut": (False, N_("the cutter, not the dealer, pays for the third nine"))}


def irregularities_of(given: list[IrregularitySeen] | None, layout: Layout, base: str = "/deal") -> list[dict]:
    """The irregularities of a deal (at ``base``): a known type, the player at fault (the dealer for an exposed card,
    5.1; not the dealer for a nine cut, 4.1), each once in a deal (a talon peek once a player)."""
    out: list[dict] = []
    seen = set()
    for i, irr in enumerate(given or []):
        ptr = f"{base}/irregularities/{i}"
        t = irr.type
        p = parse_player(irr.player, layout.players, ptr + "/player")
        dealer, why = _AT_FAULT.get(t, ((p == layout.dealer), ""))     # a talon peek (or an unknown type): anyone's
        once = (t, p if t == "talon_peek" else None)
        refuse_if(((t not in IRREGULARITY_RULES, N_("unknown irregularity {given}; known: {known}"), ptr + "/type"),
                   ((p == layout.dealer) != dealer, why, ptr + "/player"),
                   (once in seen, N_("{type} can happen once in a deal (the deal is then redealt or played)"), ptr)),
                  dealer=layout.dealer, type=t, given=repr(t), known=", ".join(IRREGULARITY_RULES))
        seen.add(once)
        out.append({"type": t, "player": p})
    return out


def marriage_list(raw: list[MarriageSaid] | None, base: str, layout: Layout, opts: Options,
                  max_trick: int | None = None) -> list[tuple[int, str, str, int | None]]:
    """Announced marriages ``[{"player", "suit", "trick"?}]`` at ``base`` → ``[(index, player, suit, trick)]``; a
    trick given is at most ``max_trick`` (no bound by default).  A marriage's faults are told together."""
    out, seen = [], set()
    for i, m in enumerate(raw or []):
        ptr = f"{base}/{i}"
        p = parse_player(m.player, layout.players, ptr + "/player", layout.active)
        s = parse_marriage_suit(m.suit, ptr + "/suit")
        t = m.trick
        refuse_all(((s == ACES and not opts.ace_marriage, N_("the ace marriage is not played in this game"),
                     ptr + "/suit"),
                    (s in seen, N_("{marriage} can be announced only once in a deal"), ptr + "/suit"),
                    (t is not None and max_trick is not None and t > max_trick,
                     N_("the trick the marriage was led to, counted from 0: 0 to {last}"), ptr + "/trick")),
                   marriage=marriage_name(s), last=max_trick)
        seen.add(s)
        out.append((i, p, s, t))
    return out


def check_marriage_cards(announced: list[str], player: str, declarer: str | None, layout: Layout, opts: OptionsLike,
                         ptr: str, hand: list[Card] | None = None) -> None:
    """The cards a player's announced marriages take must leave one over (thousand/10.1, 10.2).

    A marriage is announced by leading one of its cards while the rest are still in hand: a king-queen pair takes
    two cards, the ace marriage all four aces.  Before a player's first announcement that player has played a card
    that belongs to none of them (to follow, or on a lead that cannot announce), unless it is the declarer announcing
    on the opening lead where that is allowed.  So marriages taking every card a player holds when play begins (8;
    10 with two players) are impossible: with three or four players, four marriages, or the aces and two marriages.

    With the player's ``hand`` known (some marriages announced), the cards played so far are the hand's missing ones:
    among them must be a card of none of the announced marriages, the first card played.  Three marriages announced
    and the fourth pair in hand after six tricks are all eight cards, so the opening lead would have broken one of
    the three."""
    opts = Options.of(opts)
    if player == declarer and opts.marriage_on_first_trick:
        return
    held = layout.tricks    # the cards each player holds when the play begins: one per trick
    taken = set(chain.from_iterable(MARRIAGE_CARDS[s] for s in announced))      # the cards the marriages take
    if len(taken) >= held:
        raise InputError(ngettext("{player}'s announced marriages take all {n} card of the hand, but a card is played "
                                  "before the first announcement and breaks one of them",
                                  "{player}'s announced marriages take all {n} cards of the hand, but a card is "
                                  "played before the first announcement and breaks one of them",
                                  held, player=player), ptr)
    if hand is not None and held - len(hand) - len(taken - set(hand)) < 1:     # no played card of none of them
        raise InputError(_("{player} has played {n} cards, all of them from the announced marriages, yet the first "
                           "card played could not announce one and so broke its pair",
                           player=player, n=held - len(hand)), ptr)
