"""Thousand: the checks a described deal shares, whether it is given as a position (:mod:`.parse`) or for scoring
(:mod:`.outcome`): a contract the rules allow and the forced bid (thousand/7.x), the marriages announced
(10.x), the irregularities (4.1, 5.x)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import parse_suit
from ..common import parse_player
from ..errors import InputError
from ..i18n import _, ngettext
from .deal import FORCED_BID, DealState, Layout
from .melds import ACES, marriage_name
from .options import Options, OptionsLike
from .scoring import IRREGULARITY_RULES, GameState

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import IrregularitySeen, MarriageSaid


def contract_value(value: int | None, opts: OptionsLike, ptr: str) -> int:
    """A contract (game points; the schema's integer, or None when not given) the rules allow: at least the forced
    100, in steps of ``bid_step`` (thousand/7.2), at most ``max_bid`` (7.5)."""
    opts = Options.of(opts)
    if value is None:
        raise InputError(_("the contract must be an integer"), ptr)
    if value < FORCED_BID:
        raise InputError(_("no contract is below {contract}", contract=FORCED_BID), ptr)
    if value % opts.bid_step:
        raise InputError(_("contracts go in steps of {step}; {value} is not one", step=opts.bid_step,
                           value=value), ptr)
    if value > opts.max_bid:
        raise InputError(_("no contract exceeds {max_bid}", max_bid=opts.max_bid), ptr)
    return value


def check_forced_bid(layout: Layout, opts: OptionsLike, state: GameState, declarer: str, contract: int,
                     ptr: str) -> None:
    """A contract at the forced bid stands only in its holder's name (thousand/7.1): anyone else had to bid more, and
    a contract is never lowered.  With nobody on a forced 100 anyone may have opened at 100; with the dealer on it
    and ``forehand_opens_100`` the first hand may have taken it over.  A holder on the barrel under
    ``barrel_forced_floor`` is bound to the barrel minimum (7.8), so no contract is lower."""
    opts = Options.of(opts)
    probe = DealState.new(layout, opts, scores=state.scores)
    holder, forced = probe.forced_holder(), probe.forced_bid()
    _check_pit(probe, declarer, contract, holder, forced, ptr)
    if holder is None or contract > forced:
        return
    if declarer == holder:
        if contract < forced:
            raise InputError(_("{holder} is on the barrel and on the forced bid, so plays {forced} at once: no "
                               "contract is lower", holder=holder, forced=forced), ptr)
        return
    first = layout.active[0]
    take_over = probe.opts.forehand_opens_100 and holder == layout.dealer   # the first hand may take it over
    if take_over and declarer == first and contract == forced:
        return
    if forced != FORCED_BID:
        raise InputError(_("{holder} is on the barrel and on the forced bid, so plays {forced} at once: anyone else "
                           "must bid more than {forced} to play", holder=holder, forced=forced),
                         ptr)
    if take_over:
        raise InputError(_("{holder} is on the forced 100 and only {first} may take it over at 100: anyone else "
                           "must bid more to play", holder=holder, first=first), ptr)
    raise InputError(_("{holder} is on the forced 100: anyone else must bid more than 100 to play",
                       holder=holder), ptr)


def _check_pit(probe: DealState, declarer: str, contract: int, holder: str | None, forced: int, ptr: str) -> None:
    """The debt pit (thousand/7.7): a player below the silence threshold neither bids nor raises, so holds a contract
    only as the forced bid's holder, at the forced bid itself."""
    thr = probe.opts.silence_threshold
    if thr is None or probe.scores[declarer] >= thr or (declarer == holder and contract == forced):
        return
    if declarer == holder:
        raise InputError(_("{player} is below {threshold}, so may neither bid nor raise: {player} plays only the "
                           "forced {forced}", player=declarer, threshold=thr, forced=forced), ptr)
    raise InputError(_("{player} is below {threshold} and may not bid, so cannot have won the auction"
                       "", player=declarer, threshold=thr), ptr)


def parse_marriage_suit(value: str, ptr: str) -> str:
    if value.strip().lower() == ACES:
        return ACES
    try:
        return parse_suit(value)
    except ValueError as e:
        raise InputError(_("{why}, or \"aces\" for the ace marriage", why=e), ptr) from None


def irregularities_of(given: list[IrregularitySeen] | None, layout: Layout, base: str = "/deal") -> list[dict]:
    """The irregularities of a deal (at ``base``): a known type, the player at fault (the dealer for an exposed card,
    5.1; not the dealer for a nine cut, 4.1), each once in a deal."""
    out: list[dict] = []
    for i, irr in enumerate(given or []):
        ptr = f"{base}/irregularities/{i}"
        t = irr.type
        if t not in IRREGULARITY_RULES:
            raise InputError(_("unknown irregularity {type}; known: {known}", type=repr(t),
                                   known=", ".join(IRREGULARITY_RULES)), ptr + "/type")
        p = parse_player(irr.player, layout.players, ptr + "/player")
        if t == "exposed_card" and p != layout.dealer:
            raise InputError(_("a card exposed in the deal is the dealer's fault ({dealer})",
                               dealer=layout.dealer),
                             ptr + "/player")
        if t == "nine_cut" and p == layout.dealer:
            raise InputError(_("the cutter, not the dealer, pays for the third nine"), ptr + "/player")
        if any(x["type"] == t and (x["player"] == p or t != "talon_peek") for x in out):
            raise InputError(_("{type} can happen once in a deal (the deal is then redealt or played)", type=t), ptr)
        out.append({"type": t, "player": p})
    return out


def marriage_list(raw: list[MarriageSaid] | None, base: str, layout: Layout, opts: Options,
                   max_trick: int | None = None) -> list[tuple[int, str, str, int | None]]:
    """Announced marriages ``[{"player", "suit", "trick"?}]`` at ``base`` → ``[(index, player, suit, trick)]``."""
    out, seen = [], set()
    for i, m in enumerate(raw or []):
        ptr = f"{base}/{i}"
        p = parse_player(m.player, layout.players, ptr + "/player", layout.active)
        s = parse_marriage_suit(m.suit, ptr + "/suit")
        if s == ACES and not opts.ace_marriage:
            raise InputError(_("the ace marriage is not played in this game"), ptr + "/suit")
        if s in seen:
            raise InputError(_("{marriage} can be announced only once in a deal", marriage=marriage_name(s)),
                             ptr + "/suit")
        seen.add(s)
        t = m.trick
        if t is not None and max_trick is not None and t > max_trick:
            raise InputError(_("the trick the marriage was led to, counted from 0: 0 to {last}",
                               last=max_trick), ptr + "/trick")
        out.append((i, p, s, t))
    return out


def check_marriage_cards(announced: list[str], player: str, declarer: str | None, layout: Layout, opts: OptionsLike,
                         ptr: str) -> None:
    """The cards a player's announced marriages take must leave one over (thousand/10.1, 10.2).

    A marriage is announced by leading one of its cards while the rest are still in hand: a king-queen pair takes
    two cards, the ace marriage all four aces.  Before a player's first announcement that player has played a card
    that belongs to none of them (to follow, or on a lead that cannot announce), unless it is the declarer announcing
    on the opening lead where that is allowed.  So marriages taking every card a player holds when play begins (8;
    10 with two players) are impossible: with three or four players, four marriages, or the aces and two marriages."""
    opts = Options.of(opts)
    if player == declarer and opts.marriage_on_first_trick:
        return
    held = layout.tricks    # the cards each player holds when the play begins: one per trick
    need = sum(4 if s == ACES else 2 for s in announced)
    if need >= held:
        raise InputError(ngettext("{player}'s announced marriages take all {n} card of the hand, but a card is played "
                                  "before the first announcement and breaks one of them",
                                  "{player}'s announced marriages take all {n} cards of the hand, but a card is "
                                  "played before the first announcement and breaks one of them",
                                  held, player=player), ptr)
