"""Thousand: the position builder, typed request records into states.

Each function reads one part of a request, a typed record of ``schemas/thousand.py`` (its types, its cards and the
fields each type of action takes already checked by the schema), into the engine's objects: ``state`` into a
:class:`~.scoring.GameState`, a scored ``deal`` into a :class:`~.scoring.DealOutcome`, a ``position`` into a
:class:`~.deal.DealState`, a log's ``deal`` event into a fresh :class:`~.deal.DealState`.  What is left to check here
needs the deck, the seats or the rules.  Impossible input raises :class:`~referee.errors.InputError` with JSON
pointers.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from typing import TYPE_CHECKING, Any, Protocol

from ..cards import Card, check_conservation, parse_card, parse_cards, parse_suit
from ..common import fields_out_of_phase, missing_scores, parse_player, points_feasible
from ..errors import IllegalAction, InputError, esc
from ..i18n import Suit, _, ngettext
from ..knowledge import Partial, account, read_hand
from .cards import DECK, POINTS, TOTAL_POINTS, card_points
from .deal import BLIND_CONTRACT, FORCED_BID, DealState, Layout
from .melds import ACES, marriage_name, marriage_value
from .options import Options, OptionsLike
from .scoring import IRREGULARITY_RULES, DealOutcome, GameState

if TYPE_CHECKING:       # the records are the schemas' (a layer beside the games): named for the annotations only
    from schemas.thousand import (
        ActionGiven,
        Barrel,
        Bid,
        CallMade,
        DealEvent,
        Discard,
        Exchange,
        Golden,
        IrregularitySeen,
        MarriageSaid,
        Play,
        PlayedDeal,
        PositionGiven,
        PriorState,
        Raise,
        Redeal,
        TakeTalon,
        TrickPlayed,
    )

ACE_CARDS = tuple(Card("A", s) for s in "SHDC")


def given(record: Any) -> dict[str, Any]:
    """The fields of ``record`` that the request gave (not None), as a dict (for the shared helpers that read one)."""
    return {f.name: v for f in dataclasses.fields(record) if (v := getattr(record, f.name)) is not None}


def unread(card: Card) -> str | None:
    """Why ``card`` names no card: a log's text kept as written (``schemas.thousand.UnreadCard``, refused where the
    replay reads it), else None."""
    try:
        parse_card(str(card))
    except ValueError as e:
        return str(e)
    return None


def in_deck(cards: list[Card], ptr: str) -> list[Card]:
    """``cards`` (read by the schema), each of the Thousand deck, or :class:`InputError` at each one that is not."""
    errors = [{"pointer": f"{ptr}/{i}", "detail": unread(c) or _("{card} is not in the {deck} deck", card=c,
                                                                   deck=DECK)}
              for i, c in enumerate(cards) if not DECK.holds(c)]
    if errors:
        raise InputError(errors)
    return cards


def parse_state(raw: PriorState | None, players: list[str], opts: OptionsLike) -> GameState:
    """The game before the deal (``state``), checked for totals that cannot happen.

    The request schema (schemas/thousand.py ``GameStateSchema``) has given every counter its type and range; this
    checks what needs the seats and the rules: counters of known players within the rules' bounds, then totals
    that the rules make impossible (thousand/12.3, 14.1, 15.1, 16.1).
    """
    opts = Options.of(opts)
    st = GameState.fresh(players)
    if raw is None:
        return st
    errors = _state_golden(raw.golden, st, players)
    for key in ("scores", "bolts", "concessions", "barrel", "concession_run"):
        for name, val in (getattr(raw, key) or {}).items():
            ptr = f"/state/{key}/{esc(name)}"
            if name not in players:
                errors.append({"pointer": ptr, "detail": _("{name} is not one of the players", name=repr(name))})
            elif key == "barrel":
                errors += _state_barrel(val, ptr, opts)
                st.barrel[name] = {"deals": val.deals, "falls": val.falls}
            else:
                errors += _state_counter(key, val, ptr, opts)
                getattr(st, key)[name] = val
    shape = given(raw)
    if raw.golden is not None:      # a golden round given with no counter says nothing of a game under way
        shape["golden"] = given(raw.golden)
    errors += missing_scores(shape, players, ("concessions", "bolts", "barrel", "golden", "concession_run"))
    errors += [{"pointer": f"/state/concession_run/{esc(p)}",
                "detail": ngettext("{player} has made {n} concession, so cannot have {run} in a row",
                                   "{player} has made {n} concessions, so cannot have {run} in a row",
                                   st.concessions[p], player=p, run=n)}
               for p, n in st.concession_run.items() if n > st.concessions[p]]
    if errors:
        raise InputError(errors)
    for p, s in st.scores.items():
        errors += _impossible_total(p, s, st, players, opts)
    errors += _crowded_barrel(st, players, opts)
    if errors:
        raise InputError(errors)
    return st


def _state_golden(g: Golden | None, st: GameState, players: list[str]) -> list[dict]:
    """thousand/18.1: ``state.golden`` (``{"played", "made", "over"}``) into ``st.golden``; golden deals played in a
    round under way run from 0 to one less than the players, and a finished round has none in play."""
    if g is None:
        return []
    played, made, over = g.played or 0, bool(g.made), bool(g.over)
    errors = []
    if not 0 <= played < len(players):
        errors.append({"pointer": "/state/golden/played",
                       "detail": _("golden deals played in the round: from 0 to one less than the players")})
    elif played and over:
        errors.append({"pointer": "/state/golden/over", "detail": _("a finished golden round has no deals in play")})
    st.golden = {"played": played, "made": made and played > 0, "over": over}
    return errors


def _state_barrel(val: Barrel, ptr: str, opts: Options) -> list[dict]:
    """thousand/14.2, 14.6: a player's barrel counters: deals on the barrel below ``barrel_deals``, falls below
    ``barrel_reset_after_falls`` (below 1000 with no such rule)."""
    errors = []
    for k, hi in (("deals", opts.barrel_deals - 1), ("falls", (opts.barrel_reset_after_falls or 1000) - 1)):
        if not 0 <= getattr(val, k) <= hi:
            errors.append({"pointer": f"{ptr}/{k}", "detail": _("must be an integer from 0 to {high}", high=hi)})
    return errors


def _state_counter(key: str, val: int, ptr: str, opts: Options) -> list[dict]:
    """A player's count under ``state.<key>``: bolts 0–2 (thousand/13.2), a run of concessions 0–2 (9.3),
    concessions 0 to ``rospis_max`` (9.4); a total (``scores``) is checked by :func:`_impossible_total`."""
    if key == "bolts" and not 0 <= val <= 2:
        return [{"pointer": ptr, "detail": _("a bolt counter runs from 0 to 2 (the third is paid)")}]
    if key == "concession_run" and not 0 <= val <= 2:
        return [{"pointer": ptr, "detail": _("a run of concessions counts from 0 to 2 (the third is paid)")}]
    if key == "concessions" and (val < 0 or (opts.rospis_max is not None and val > opts.rospis_max)):
        return [{"pointer": ptr, "detail": _("impossible number of concessions")}]
    return []


def _impossible_total(p: str, s: int, st: GameState, players: list[str], opts: Options) -> list[dict]:
    """Player ``p``'s total ``s`` (game points) against the rules: a multiple of 5 (thousand/12.3; a four-player
    sitter's raw talon points excepted, 3.6), below the target (15.1), not a dumped 555 (16.1), not between the
    barrel and the target (14.1); barrel deals only for a player on the barrel (14.2)."""
    T, target = opts.barrel_threshold, opts.target
    ptr = f"/state/scores/{esc(p)}"
    errors = []
    fives = not (len(players) == 4 and opts.sitter_scoring == "talon_points")
    if s % 5 and fives:
        errors.append({"pointer": ptr, "detail": _("{total} cannot happen: with three players every score is a "
                                                   "multiple of 5", total=s) if len(players) == 3
                       else _("{total} cannot happen: under these options every score is a multiple of 5",
                              total=s)})
    elif s >= target:
        errors.append({"pointer": ptr, "detail": _("{total} has already reached the target {target}: the game is "
                                                   "over", total=s, target=target)})
    elif opts.dump_555 != "off" and (s == 555 or (s == -555 and opts.dump_555 == "both")):
        errors.append({"pointer": ptr,
                       "detail": _("{total} cannot happen: a total of exactly {total} drops to 0", total=s)})
    elif opts.barrel == "barrel" and T < s < target:
        errors.append({"pointer": ptr, "detail": _("{total} cannot happen: totals from {threshold} to {last} are "
                                                   "held at {threshold}", total=s, threshold=T,
                                                   last=target - 1)})
    if st.barrel[p]["deals"] and not (opts.barrel == "barrel" and s == T):
        errors.append({"pointer": f"/state/barrel/{esc(p)}/deals",
                       "detail": _("{player} is not on the barrel (total {total}), so has no barrel deals",
                                   player=p, total=s)})
    return errors


def _crowded_barrel(st: GameState, players: list[str], opts: Options) -> list[dict]:
    """More players on the barrel than the collision rule lets sit there (thousand/14.5).

    Only the barrel proper has sitters (a total held at the threshold); a lock or no barrel has none, and under
    ``coexist`` any number may sit.  ``knock_off`` seats one; ``two_fall_together`` two with four players, one with
    three (as the engine settles it).  Those who have used more barrel deals were there first; the others, in seat
    order, are the ones that cannot be there, each pointed at by their total."""
    collision = opts.barrel_collision
    if opts.barrel != "barrel" or collision == "coexist":
        return []
    seats = 2 if collision == "two_fall_together" and len(players) == 4 else 1
    sitters = sorted((p for p in players if st.scores[p] == opts.barrel_threshold),
                     key=lambda p: (-st.barrel[p]["deals"], players.index(p)))
    if seats == 1:
        return [{"pointer": f"/state/scores/{esc(p)}",
                 "detail": _("{player} cannot be on the barrel too: {other} already sits there, and only one player "
                             "can sit on the barrel (whoever reaches it knocks the one there off, and two reaching "
                             "it in the same deal both fall)", player=p, other=sitters[0])}
                for p in sitters[seats:]]
    return [{"pointer": f"/state/scores/{esc(p)}",
             "detail": _("{player} cannot be on the barrel too: two players already sit there, and no more than two "
                         "can sit on the barrel (a third reaching it knocks both off)", player=p)}
            for p in sitters[seats:]]


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


def _irregularities(given: list[IrregularitySeen] | None, layout: Layout, base: str = "/deal") -> list[dict]:
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


def outcome_from_deal(deal: PlayedDeal, layout: Layout, opts: OptionsLike, state: GameState) -> DealOutcome:
    """Check the described deal and turn it into a :class:`DealOutcome`.

    The request schema (schemas/thousand.py ``Deal``) has given every field its type; this checks the deal against
    the deck, the seats and the rules: the talon, a void deal, a blind or golden contract, a concession, then the
    play given as tricks (:func:`_from_tricks`) or as points (:func:`_from_points`).
    """
    opts = Options.of(opts)
    irregularities = _irregularities(deal.irregularities, layout)
    talon = _deal_talon(deal, layout, opts)
    if deal.declarer is None or any(x["type"] == "exposed_card" for x in irregularities):
        _void_deal(deal, irregularities)
    if deal.declarer is None:
        return DealOutcome(None, None, void=True, irregularities=irregularities, talon=talon)
    d = parse_player(deal.declarer, layout.players, "/deal/declarer", layout.active)
    contract = contract_value(deal.contract, opts, "/deal/contract")
    blind, golden = bool(deal.blind), _golden_said(deal, opts, state)
    if blind:
        _blind_deal(layout, opts, state, d, contract)
    if golden:
        _golden_deal(layout, opts, state, d, contract, blind)
    if not golden:      # a golden deal has no auction: its 120 is the first hand's (18.1)
        check_forced_bid(layout, opts, state, d, contract, "/deal/contract")
    conceded = bool(deal.conceded)
    base = DealOutcome(d, contract, conceded=conceded, blind=blind, golden=golden, talon=talon,
                       irregularities=irregularities)
    if conceded:
        _conceded_deal(deal, layout, opts, state, d, contract, golden)
        return base
    if deal.points is not None and deal.tricks is None:
        return _from_points(deal, deal.points, layout, opts, base)
    if deal.tricks is None or deal.points is not None:
        raise InputError(_("give the deal either trick by trick or as card points with each player's number of "
                           "tricks, not both or neither"),
                         "/deal")
    return _from_tricks(deal, deal.tricks, layout, opts, base)


def _deal_talon(deal: PlayedDeal, layout: Layout, opts: Options) -> list[Card] | None:
    """``deal.talon``: 3 different cards of the deck (thousand/3.1); needed with four players when the sitter scores
    from it and the deal was bid (3.6)."""
    talon = deal.talon
    if talon is not None:
        in_deck(talon, "/deal/talon")
        if len(talon) != 3 or len(set(talon)) != 3:
            raise InputError(_("the talon holds 3 different cards"), "/deal/talon")
    if layout.sitter is not None and opts.sitter_scoring != "none" and talon is None \
            and deal.declarer is not None:
        raise InputError(_("with four players the dealer sitting out scores the talon: give the talon's cards"),
                         "/deal/talon")
    return talon


def _void_deal(deal: PlayedDeal, irregularities: list[dict]) -> None:
    """A deal with no play: a card exposed in the deal cancels it (thousand/5.1), so it has no play given; a deal
    without a declarer has no play and is void only through an irregularity."""
    if any(x["type"] == "exposed_card" for x in irregularities):
        for k in ("declarer", "contract", "tricks", "points", "marriages", "conceded"):
            if getattr(deal, k) not in (None, [], False):
                raise InputError(_("a card exposed in the deal cancels it: a void deal has no play"),
                                 f"/deal/{k}")
    if deal.declarer is None:
        for k in ("contract", "tricks", "points", "marriages"):
            if getattr(deal, k):
                raise InputError(_("a deal with play needs its declarer"), "/deal/declarer")
        if not irregularities:
            raise InputError(_("a deal needs a declarer and contract, or only irregularities (a void deal)"),
                             "/deal/declarer")


def _blind_deal(layout: Layout, opts: Options, state: GameState, d: str, contract: int) -> None:
    """thousand/17.1: whoever may announce a blind game before the auction may have played one, at 120 (doubled,
    never raised after the talon)."""
    try:
        DealState.new(layout, opts, scores=state.scores).verify_blind(d, BLIND_CONTRACT)
    except IllegalAction as e:
        raise InputError(e.message, "/deal/blind") from None
    if contract != BLIND_CONTRACT:
        raise InputError(_("a blind game is played at {contract}: the contract cannot be raised",
                           contract=BLIND_CONTRACT), "/deal/contract")


def _golden_said(deal: PlayedDeal, opts: Options, state: GameState) -> bool:
    """thousand/18.1: whether the deal is a golden one: said so, or a golden round under way (a deal of it played,
    the round not over), where it cannot be said not to be."""
    if opts.golden_round and state.golden["played"] and not state.golden["over"]:
        if deal.golden is False:
            raise InputError(_("the golden round is under way, so this deal is a golden one"),
                             "/deal/golden")
        return True
    return bool(deal.golden)


def _golden_deal(layout: Layout, opts: Options, state: GameState, d: str, contract: int, blind: bool) -> None:
    """thousand/18.1: a golden deal can be: the option on, 120 played by the player left of the dealer, the round
    not over, no blind game (17.1)."""
    if not opts.golden_round:
        raise InputError(_("the golden round is not played in this game"), "/deal/golden")
    if contract != 120:
        raise InputError(_("a golden-round contract is 120"), "/deal/contract")
    if state.golden["over"]:
        raise InputError(_("the golden round has been played"), "/deal/golden")
    if d != layout.active[0]:
        raise InputError(_("in a golden deal the player left of the dealer ({player}) plays the 120"
                           "", player=layout.active[0]), "/deal/declarer")
    if blind:
        raise InputError(_("a golden deal has no auction, so no blind game"), "/deal/blind")


def _conceded_deal(deal: PlayedDeal, layout: Layout, opts: Options, state: GameState, d: str, contract: int,
                   golden: bool) -> None:
    """thousand/9.1, 9.4: a conceded deal is not played (no tricks, points or marriages given), and the declarer
    may concede it here (the state machine's concession check after the talon is taken)."""
    for k in ("tricks", "points", "tricks_taken", "marriages"):
        if getattr(deal, k):
            raise InputError(_("a conceded deal is not played: give no tricks, points or marriages"), f"/deal/{k}")
    probe = DealState.new(layout, opts, scores=state.scores, concessions=state.concessions)
    probe.phase, probe.declarer, probe.contract, probe.talon_taken = "talon", d, contract, True
    probe.golden = golden
    try:
        probe.verify_concede(d)
    except IllegalAction as e:
        raise InputError(e.message, "/deal/conceded") from None


def _dead_cards(deal: PlayedDeal, layout: Layout, opts: OptionsLike, need: bool) -> tuple[list[Card], list[Card]]:
    """Two-player game: the unused musik and the discards (thousand/3.3)."""
    opts = Options.of(opts)
    unused, discards = deal.musik_unused, deal.discards
    if len(layout.active) != 2:
        for k, v in (("musik_unused", unused), ("discards", discards)):
            if v is not None:
                raise InputError(_("{field} belongs to the two-player game", field=k), f"/deal/{k}")
        return [], []
    if unused is None:
        raise InputError(_("the two-player game needs the unused musik (2 cards) to account for all 24 cards"),
                         "/deal/musik_unused")
    if len(in_deck(unused, "/deal/musik_unused")) != 2:
        raise InputError(_("a musik holds 2 cards"), "/deal/musik_unused")
    if discards is None:
        if need or not opts.two_player_discards_count:
            raise InputError(_("give the declarer's 2 discards"), "/deal/discards")
        return unused, []
    if len(in_deck(discards, "/deal/discards")) != 2:
        raise InputError(_("the declarer discards 2 cards"), "/deal/discards")
    return unused, discards


def _marriage_list(raw: list[MarriageSaid] | None, base: str, layout: Layout, opts: Options,
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


def _from_tricks(deal: PlayedDeal, tricks: list[TrickPlayed], layout: Layout, opts: Options,
                 base: DealOutcome) -> DealOutcome:
    """A deal given as its tricks (``[{"leader", "cards"}]``): the cards are the deck's (thousand/3.5), the seat
    order tells who played each, the marriages fit the leads (10.1), and every play is legal (8.3, 11.x).  Fills
    ``base`` with card points, tricks won and the marriages scored."""
    assert base.declarer is not None and base.contract is not None, "a played deal is bid (outcome_from_deal)"
    parsed = _parse_tricks(tricks, layout)
    unused, discards = _dead_cards(deal, layout, opts, need=True)
    groups = [(f"/deal/tricks/{i}/cards", c) for i, (_leader, c) in enumerate(parsed)]
    groups += [("/deal/musik_unused", unused), ("/deal/discards", discards)]
    check_conservation(groups, DECK, exact=True)
    hands, order = _seat_cards(parsed, layout)
    if base.talon is not None and len(layout.active) == 3:
        _talon_passed(hands, base.talon, base.declarer, layout)
    announce = _marriage_leads(_marriage_list(deal.marriages, "/deal/marriages", layout, opts), order)
    st = _replay_tricks(DealState.new(layout, opts, hands=hands), base.declarer, base.contract, order, announce)
    card_pts = dict(st.captured)
    if len(layout.active) == 2 and opts.two_player_discards_count:
        card_pts[base.declarer] += card_points(discards)
    base.card_points = card_pts
    base.tricks = dict(st.tricks_won)
    base.marriages = [{"player": m["player"], "suit": m["suit"], "points": m["points"]} for m in st.marriages]
    return base


def _parse_tricks(tricks: list[TrickPlayed], layout: Layout) -> list[tuple[str, list[Card]]]:
    """``deal.tricks`` → ``[(leader, cards)]``: a completed deal has one trick per card in a hand, each with one card
    per active player."""
    n, size = layout.tricks, len(layout.active)
    if len(tricks) != n:
        raise InputError(_("a completed deal has {n} tricks, not {given}", n=n, given=len(tricks)), "/deal/tricks")
    parsed = []
    errors = []
    for i, t in enumerate(tricks):
        ptr = f"/deal/tricks/{i}"
        leader = parse_player(t.leader, layout.players, ptr + "/leader", layout.active)
        cards = in_deck(t.cards, ptr + "/cards")
        if len(cards) != size:
            errors.append({"pointer": ptr + "/cards", "detail": _("a trick has {n} cards, not {given}", n=size,
                                                                  given=len(cards))})
        parsed.append((leader, cards))
    if errors:
        raise InputError(errors)
    return parsed


def _seat_cards(parsed: list[tuple[str, list[Card]]], layout: Layout) -> tuple[dict[str, list[Card]],
                                                                                list[list[tuple[str, Card]]]]:
    """Who played what: the seat order fixes the player of each card from the leader.  Returns each player's
    cards played, and each trick as ``[(player, card)]``."""
    hands: dict[str, list[Card]] = {p: [] for p in layout.active}
    order = []
    after = {p: layout.after(p) for p in layout.active}     # every leader is one of them (parse_player)
    for leader, cards in parsed:
        seq = []
        p = leader
        for c in cards:
            hands[p].append(c)
            seq.append((p, c))
            p = after[p]
        order.append(seq)
    return hands, order


def _talon_passed(hands: dict[str, list[Card]], talon: list[Card], declarer: str | None, layout: Layout) -> None:
    """thousand/8.1: the declarer takes the talon and passes one card to each opponent, so an opponent plays one
    talon card at most."""
    for p in layout.active:
        if p != declarer and sum(1 for c in hands[p] if c in talon) > 1:
            raise InputError(_("{player} played {cards} of the talon, but the declarer passes each opponent one "
                               "card of it at most", player=p,
                               cards=[c for c in hands[p] if c in talon]), "/deal/talon")


def _marriage_leads(marriages: list[tuple[int, str, str, int | None]],
                    order: list[list[tuple[str, Card]]]) -> dict[int, tuple[int, str]]:
    """thousand/10.1: the lead announcing each marriage: the trick given, or the owner's first lead of one of its
    cards (an ace for the ace marriage, the K or Q of the suit); one marriage per lead.  Returns
    ``{trick index: (marriage index, suit)}``."""
    announce: dict[int, tuple[int, str]] = {}
    for mi, p, s, t in marriages:
        ptr = f"/deal/marriages/{mi}"
        candidates = [i for i, seq in enumerate(order) if seq[0][0] == p and
                      (seq[0][1].rank == "A" if s == ACES else
                       seq[0][1].suit == s and seq[0][1].rank in ("K", "Q"))]
        if t is not None:
            if t not in candidates:
                why = (_("trick {trick} was not led by {player} with an ace", trick=t, player=p) if s == ACES else
                       _("trick {trick} was not led by {player} with the K or Q of {suit}", trick=t, player=p,
                         suit=Suit(s)))
                raise InputError(why, ptr + "/trick")
            idx = t
        elif not candidates:
            why = (_("{player} never led an ace, so could not announce this marriage", player=p)
                   if s == ACES else
                   _("{player} never led the K or Q of {suit}, so could not announce this marriage",
                     player=p, suit=Suit(s)))
            raise InputError(why, ptr)
        else:
            idx = candidates[0]
        if idx in announce:
            raise InputError(_("two marriages announced with the same lead"), ptr)
        announce[idx] = (mi, s)
    return announce


def _replay_tricks(st: DealState, declarer: str, contract: int, order: list[list[tuple[str, Card]]],
                   announce: dict[int, tuple[int, str]]) -> DealState:
    """Play the tricks through ``st`` from the declarer's lead (thousand/8.3, 11.1): each trick led by the winner of
    the last, every card a legal play (a deal given for scoring is not disputed: an illegal play is refused)."""
    st.start_play(declarer, contract)
    for i, seq in enumerate(order):
        for j, (p, c) in enumerate(seq):
            if j == 0 and p != st.to_play:
                raise InputError(_("trick {trick} must be led by {leader}, not {player}", trick=i,
                                   leader=st.to_play, player=p),
                                 f"/deal/tricks/{i}/leader")
            try:
                st.apply_play(p, c, marriage=(j == 0 and i in announce))
            except IllegalAction as e:
                ptr = (f"/deal/marriages/{announce[i][0]}" if j == 0 and i in announce
                       else f"/deal/tricks/{i}/cards/{j}")
                raise InputError(_("illegal play in a deal given for scoring: {why}", why=e.message), ptr) from None
    return st


def _from_points(deal: PlayedDeal, pts: dict[str, int], layout: Layout, opts: Options,
                 base: DealOutcome) -> DealOutcome:
    """A deal given as card points and tricks taken per player: every active player has both, the points add up
    to the deck's 120 less the cards out of play (thousand/1.3, 3.3), the tricks to a deal's, some share of the
    deck gives them (1.3), and the marriages fit the tricks (10.1, 10.2).  Fills ``base``."""
    taken = deal.tricks_taken
    if taken is None:
        raise InputError(_("with card points, give each player's number of tricks"), "/deal/tricks_taken")
    _points_shape(pts, taken, layout)
    unused, discards = _dead_cards(deal, layout, opts, need=False)
    check_conservation([("/deal/musik_unused", unused), ("/deal/discards", discards)], DECK)
    _points_add_up(pts, taken, unused, discards, layout, opts)
    _points_feasible(pts, taken, unused, discards, layout, opts, base.declarer)
    base.marriages = _points_marriages(deal, taken, layout, opts, base.declarer)
    base.card_points = {p: pts[p] for p in layout.active}
    base.tricks = {p: taken[p] for p in layout.active}
    return base


def _points_shape(pts: dict[str, int], taken: dict[str, int], layout: Layout) -> None:
    """``deal.points`` and ``deal.tricks_taken`` name the players of the deal, each with a whole number, 0 or
    more."""
    errors = []
    for key, obj in (("points", pts), ("tricks_taken", taken)):
        for name in obj:
            if name not in layout.active:
                errors.append({"pointer": f"/deal/{key}/{esc(name)}",
                               "detail": _("{name} does not play this deal", name=repr(name))})
        for p in layout.active:
            v = obj.get(p)
            if v is None or v < 0:
                errors.append({"pointer": f"/deal/{key}/{esc(p)}",
                               "detail": _("a whole number, 0 or more, for every player")})
    if errors:
        raise InputError(errors)


def _points_add_up(pts: dict[str, int], taken: dict[str, int], unused: list[Card], discards: list[Card],
                   layout: Layout, opts: Options) -> None:
    """thousand/1.3, 3.3: the card points add up to 120 less the cards out of play (the unused musik, and the
    discards unless they count for the declarer); the tricks to the deal's number."""
    dead = card_points(unused) + (0 if opts.two_player_discards_count else card_points(discards))
    expected = TOTAL_POINTS - dead
    total = sum(pts[p] for p in layout.active)
    if total != expected:
        why = (_("the card points of a deal add up to {expected} (120 less {dead} in cards out of play), not {total}"
                 "", expected=expected, dead=dead, total=total) if dead else
               _("the card points of a deal add up to {expected}, not {total}", expected=expected,
                 total=total))
        raise InputError(why, "/deal/points")
    n_tricks = sum(taken[p] for p in layout.active)
    if n_tricks != layout.tricks:
        raise InputError(_("a deal has {n} tricks, not {given}", n=layout.tricks, given=n_tricks),
                         "/deal/tricks_taken")


def _points_feasible(pts: dict[str, int], taken: dict[str, int], unused: list[Card], discards: list[Card],
                     layout: Layout, opts: Options, declarer: str | None) -> None:
    """thousand/1.3: some share of the deck's cards (values 11, 10, 4, 3, 2, 0) gives each player's card points in
    that player's tricks (one card per player a trick; the two-player declarer's pile also holds the discards)."""
    size = len(layout.active)
    pool = Counter(POINTS[c.rank] for c in DECK.cards())
    pool.subtract(POINTS[c.rank] for c in unused + discards)
    targets = []
    for p in layout.active:
        cards_n, pts_n = taken[p] * size, pts[p]
        if size == 2 and p == declarer and opts.two_player_discards_count:
            if discards:
                pts_n -= card_points(discards)
            else:
                cards_n += 2  # the two discards, not given, are in the declarer's pile
        if pts_n < 0:
            raise InputError(_("{player}: the points are less than the discards alone are worth", player=p),
                             f"/deal/points/{esc(p)}")
        targets.append((cards_n, pts_n))
    if not points_feasible(targets, +pool):
        shares = ", ".join(_("{player}: {points} in {tricks}", player=p, points=pts[p], tricks=taken[p])
                           for p in layout.active)
        raise InputError(_("no share of the deck's cards gives these card points for these numbers of tricks "
                           "({shares}); card values are 11, 10, 4, 3, 2 and 0", shares=shares),
                         "/deal/points")


def _points_marriages(deal: PlayedDeal, taken: dict[str, int], layout: Layout, opts: Options,
                      declarer: str | None) -> list[dict]:
    """thousand/10.1, 10.2: a marriage is led after winning a trick (so at most one per trick won), or by the
    declarer on the first trick where that is allowed; the cards the marriages take leave one over.  Returns
    ``[{"player", "suit", "points"}]``."""
    marriages: list[dict] = []
    for mi, p, s, _t in _marriage_list(deal.marriages, "/deal/marriages", layout, opts):
        ptr = f"/deal/marriages/{mi}"
        may_first = opts.marriage_on_first_trick and p == declarer
        room = taken[p] + (1 if may_first else 0)
        if room == 0:
            raise InputError(_("{player} won no trick, so could not lead a marriage", player=p), ptr)
        if sum(1 for m in marriages if m["player"] == p) + 1 > room:
            raise InputError(_("{player} announced more marriages than the tricks they led allow",
                               player=p), ptr)
        marriages.append({"player": p, "suit": s, "points": marriage_value(s)})
        check_marriage_cards([m["suit"] for m in marriages if m["player"] == p], p, declarer, layout, opts, ptr)
    return marriages



def _hand_cards(value: Any, ptr: str) -> list[Card]:
    """A hand's card texts (the schema leaves a hand as given: :func:`referee.knowledge.read_hand` reads its two
    forms) as cards of the deck, none twice."""
    return _distinct(parse_cards(value, DECK, ptr), ptr)


def _distinct(cards: list[Card], ptr: str) -> list[Card]:
    """``cards``, each of the deck and none twice."""
    if len(set(in_deck(cards, ptr))) != len(cards):
        raise InputError(_("the same card is listed twice"), ptr)
    return cards


def needs_hand(action: ActionGiven, opts: OptionsLike) -> bool:
    """Whether judging ``action`` needs the actor's hand (thousand/11.2–11.5, 7.4, 8.2, 6.x)."""
    opts = Options.of(opts)
    t = action.type
    amount = getattr(action, "amount", None)
    big = amount is not None and amount > 120 and opts.bid_cap != "none"
    return (t == "play" or (t == "redeal" and getattr(action, "reason", None) != "weak_talon")
            or (t == "bid" and big and not getattr(action, "blind", None))
            or (t == "raise" and big and opts.raise_capped))


class Pointers(Protocol):
    """Where an action's fields are (``ptrs.get("card", default)``): a dict of JSON pointers, or views' lazy map."""

    def get(self, field: str, default: str, /) -> str: ...


def _amount(action: Bid | Raise | CallMade, ptrs: Pointers) -> int:
    if action.amount is None:
        raise InputError(_("the amount must be a whole number"), ptrs.get("amount", "/action/amount"))
    return action.amount


def _bid(st: DealState, a: Bid | CallMade, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_bid(actor, _amount(a, ptrs), bool(a.blind), as_played)


def _pass(st: DealState, _a: Any, actor: str, _ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_pass(actor, as_played)


def _take_talon(st: DealState, a: TakeTalon, actor: str, _ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_take_talon(actor, a.musik, as_played)


def _exchange(st: DealState, a: Exchange, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    gp = ptrs.get("gives", "/action/gives")
    if a.gives is None:
        raise InputError(_("give each opponent the card given to him"), gp)
    for p, card in a.gives.items():
        if p not in st.layout.players:
            raise InputError(_("{name} is not one of the players", name=repr(p)), f"{gp}/{esc(p)}")
        if not DECK.holds(card):
            raise InputError(unread(card) or _("{card} is not in the Thousand deck", card=card), f"{gp}/{esc(p)}")
    return st.apply_exchange(actor, dict(a.gives), as_played)


def _discard(st: DealState, a: Discard, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    ptr = ptrs.get("cards", "/action/cards")
    if a.cards is None:
        raise InputError(_("cards are required here"), ptr)
    return st.apply_discard(actor, _distinct(a.cards, ptr), as_played)


def _raise(st: DealState, a: Raise, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_raise(actor, _amount(a, ptrs), as_played)


def _concede(st: DealState, _a: Any, actor: str, _ptrs: Pointers, as_played: bool) -> dict:
    return st.apply_concede(actor, as_played)


def _play(st: DealState, a: Play, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    if a.card is None:
        raise InputError(_("a card must be a string such as '10H' or 'QS'"), ptrs.get("card", "/action/card"))
    if not DECK.holds(a.card):
        raise InputError(unread(a.card) or _("{card} is not in the Thousand deck", card=a.card),
                         ptrs.get("card", "/action/card"))
    return st.apply_play(actor, a.card, bool(a.marriage), as_played)


def _redeal(st: DealState, a: Redeal, actor: str, ptrs: Pointers, as_played: bool) -> dict:
    if a.reason is None:
        raise InputError(_("the reason is four nines, a weak hand or a weak talon"),
                         ptrs.get("reason", "/action/reason"))
    return st.apply_redeal(actor, a.reason, as_played)


# each type of action (the schema knows no other) and what applies it
APPLY = {"bid": _bid, "pass": _pass, "take_talon": _take_talon, "exchange": _exchange, "discard": _discard,
         "raise": _raise, "concede": _concede, "play": _play, "redeal": _redeal}


def dispatch(st: DealState, action: ActionGiven | CallMade, actor: str, ptrs: Pointers,
             as_played: bool = False) -> dict:
    """Apply one action to ``st`` (raises IllegalAction, or InputError for an action that cannot be judged).  With
    ``as_played`` the faults the cards allow are waived into ``st.waived`` (see :mod:`.deal`)."""
    apply: Any = APPLY[action.type]
    return apply(st, action, actor, ptrs, as_played)


_PLAY_FIELDS = ("tricks_won", "marriages", "trick", "trump")
FOREIGN = {"deal": ("bids", "declarer", "contract", "talon_taken", "exchanged", "received") + _PLAY_FIELDS,
           "bidding": ("declarer", "contract", "talon_taken", "exchanged", "received") + _PLAY_FIELDS,
           "talon": _PLAY_FIELDS, "play": ()}


def build_position(pos: PositionGiven, layout: Layout, opts: OptionsLike, state: GameState, actor: str,
                   action_type: str | None = ""):
    """A :class:`DealState` for a described position.  Returns (state, action pointer map).

    The request schema (schemas/thousand.py ``Position``) has given every field its type; this checks what needs the
    deck, the seats and the rules, phase by phase: the fields the phase allows, the hand and the talon, the card
    received, then the auction (deal, bidding), the talon phase (thousand/8.x) or the play (11.x).
    """
    opts = Options.of(opts)
    phase = pos.phase
    _phase_fields(pos, phase)
    hand, part = (None, None) if pos.hand is None else \
        read_hand(pos.hand, "/position/hand", _hand_cards, DECK.cards())
    hsize = None if hand is None else part.size if part is not None else len(hand)
    hands = dict.fromkeys(layout.active)
    hands[actor] = hand
    st = DealState.new(layout, opts, hands=hands, scores=state.scores, concessions=state.concessions)
    _position_talon(pos, st, layout, phase, hand, hsize)
    ptrs = {k: f"/action/{k}" for k in ("amount", "card", "gives", "cards", "reason", "type")}
    hand, part = _position_received(pos, st, actor, hand, part)
    if phase == "bidding" and pos.bids is None and action_type in ("bid", "pass"):
        raise InputError(_("give the earlier calls of the auction (none when nobody has spoken)"),
                         "/position/bids")
    if phase in ("deal", "bidding"):
        _position_golden(pos, st, layout, opts, state, action_type)
        _replay_calls(st, pos.bids or [], layout)
        _knowledge(st, part, actor)
        return st, ptrs
    d = parse_player(pos.declarer, layout.players, "/position/declarer", layout.active)
    contract = contract_value(pos.contract, opts, "/position/contract")
    st.declarer, st.contract = d, contract
    _position_golden(pos, st, layout, opts, state, action_type)
    if not st.golden:   # a golden deal has no auction: its 120 is the first hand's (18.1)
        check_forced_bid(layout, opts, state, d, contract, "/position/contract")
    if phase == "talon":
        st.phase = "talon"
        _talon_flags(pos, st, layout, actor, d, hand, hsize)
        hand, part = _talon_cards(st, layout, actor, d, hand, part, hsize)
    else:
        _play_position(pos, st, layout, opts, actor, d, contract, hand, hsize)
    _auction_of(pos, st, layout, opts, state, d, contract)
    _knowledge(st, part, actor)
    return st, ptrs


def _phase_fields(pos: PositionGiven, phase: str) -> None:
    """Refuse fields that belong to a later phase than ``phase`` (:data:`FOREIGN`); in the play the talon is taken
    and the exchange made, so neither flag can be false (thousand/8.1)."""
    clash = fields_out_of_phase(given(pos), phase, FOREIGN)
    if phase == "play":
        clash += [{"pointer": f"/position/{f}", "detail": _("in the play phase the talon is already taken and the "
                                                            "exchange made")}
                  for f in ("talon_taken", "exchanged") if getattr(pos, f) is False]
    if clash:
        raise InputError(clash)


def _position_talon(pos: PositionGiven, st: DealState, layout: Layout, phase: str, hand: list[Card] | None,
                    hsize: int | None) -> None:
    """The talon (3 cards; a musik of 2 with two players, thousand/3.1–3.3) into ``st.talon``, and the actor's hand
    size (``hsize`` cards) against the phase: the dealt size before the talon is taken, never more than 3 over it;
    no card both in the hand and in a talon not yet taken."""
    if pos.talon is not None:
        st.talon = _distinct(pos.talon, "/position/talon")
        size = 2 if len(layout.active) == 2 else 3
        if len(st.talon) != size:
            raise InputError(_("the musik holds 2 cards (give the musik the declarer takes)") if size == 2 else
                             _("the talon holds 3 cards"), "/position/talon")
    if hand is None or hsize is None:
        return
    if phase in ("deal", "bidding") and hsize != layout.hand_size:
        raise InputError(_("a hand holds {n} cards at this point, not {given}", n=layout.hand_size,
                           given=hsize), "/position/hand")
    if hsize > layout.hand_size + 3:
        raise InputError(_("no hand ever holds {n} cards", n=hsize), "/position/hand")
    if st.talon and set(st.talon) & set(hand) and not (phase == "talon" and pos.talon_taken):
        raise InputError(_("a card cannot be both in the hand and in the talon"), "/position/talon")


def _position_received(pos: PositionGiven, st: DealState, actor: str, hand: list[Card] | None,
                       part: Partial | None) -> tuple[list[Card] | None, Partial | None]:
    """thousand/8.1: the card the actor received in the exchange is in the actor's hand (revealed in a partly known
    hand).  Returns the hand and the partial hand, updated."""
    got = pos.received
    if got is None:
        return hand, part
    if not DECK.holds(got):
        raise InputError(_("{card} is not in the {deck} deck", card=got, deck=DECK), "/position/received/0")
    if part is not None and hand is not None and got not in hand and part.may_hold(got):
        part = part.reveal(got)
        hand = st.hands[actor] = part.known
    if hand is not None and got not in hand:
        raise InputError(_("the card received in the exchange must be in the hand"), "/position/received")
    st.received[actor] = got
    return hand, part


def _talon_flags(pos: PositionGiven, st: DealState, layout: Layout, actor: str, d: str, hand: list[Card] | None,
                 hsize: int | None) -> None:
    """thousand/8.1: whether the declarer has taken the talon and made the exchange, as given or as the declarer's
    hand size (``hsize`` cards) tells; the exchange comes after the talon is taken."""
    known = hand is not None and actor == d      # the declarer's hand size tells both flags
    for flag in ("talon_taken", "exchanged"):
        if getattr(pos, flag) is None and not known and not (flag == "exchanged" and pos.talon_taken is False):
            why = (_("say whether the declarer has taken the talon, or give the declarer's hand")
                   if flag == "talon_taken" else
                   _("say whether the declarer has passed the cards, or give the declarer's hand"))
            raise InputError(why, f"/position/{flag}")
    three = len(layout.active) == 3
    size = hsize or 0
    st.talon_taken = size > layout.hand_size if pos.talon_taken is None else pos.talon_taken
    st.exchanged = (st.talon_taken and size == layout.hand_size + (1 if three else 0)) if pos.exchanged is None \
        else pos.exchanged
    if st.exchanged and not st.talon_taken:
        raise InputError(_("the exchange comes after taking the talon"), "/position/exchanged")


def _talon_cards(st: DealState, layout: Layout, actor: str, d: str, hand: list[Card] | None,
                 part: Partial | None, hsize: int | None) -> tuple[list[Card] | None, Partial | None]:
    """thousand/8.1, 8.2: where the talon's cards are in the talon phase (in the declarer's hand once taken and
    before the exchange; nowhere in another hand) and the declarer's hand size: the dealt size, plus the talon
    (3) or a musik (2) once taken, plus 1 (three players) or 0 (two) after the exchange.  Returns the hand and
    the partial hand, the talon's cards revealed in a declarer's partly known hand."""
    if part is not None and st.talon is not None and actor == d and st.talon_taken and not st.exchanged:
        for c in st.talon:          # the talon taken is in the declarer's hand: its cards are known there
            if c not in part.known and part.may_hold(c):
                part = part.reveal(c)
        hand = st.hands[actor] = part.known
    if hand is not None and st.talon is not None:
        if actor == d and st.talon_taken and not st.exchanged and not set(st.talon) <= set(hand):
            raise InputError(_("the declarer has taken the talon, so its cards are in the hand"), "/position/hand")
        if actor != d and set(st.talon) & set(hand):
            raise InputError(_("a card cannot be both in the hand and in the talon"), "/position/talon")
        if not st.talon_taken and set(st.talon) & set(hand):
            raise InputError(_("a card cannot be both in the hand and in the talon"), "/position/talon")
    if actor == d and hand is not None:
        three = len(layout.active) == 3
        if not st.talon_taken:
            expect = layout.hand_size
        elif not st.exchanged:  # the talon (3) or a musik (2) has joined the hand
            expect = layout.hand_size + (3 if three else 2)
        else:  # one card given to each opponent, or two discarded
            expect = layout.hand_size + (1 if three else 0)
        if hsize != expect:
            raise InputError(_("the declarer holds {n} cards at this point, not {given}", n=expect, given=hsize),
                             "/position/hand")
    return hand, part


def _play_position(pos: PositionGiven, st: DealState, layout: Layout, opts: Options, actor: str, d: str, contract: int,
                   hand: list[Card] | None, hsize: int | None) -> None:
    """The play phase (thousand/11.x): tricks won so far, the marriages and the trump, and the current trick."""
    st.start_play(d, contract)
    some = _tricks_won(pos, st, layout)
    done = sum(st.tricks_won.values())      # with "some", the fewest tricks that can have been played
    if done >= layout.tricks:
        raise InputError(_("{n} tricks already played: the deal is over", n=done), "/position/tricks_won")
    full = layout.hand_size + (1 if len(layout.active) == 3 else 0)     # cards in a hand at the first trick
    if some and hsize is not None:
        done = _tricks_by_hand(pos, layout, actor, done, full, hsize)
    st.trick_index = done
    _position_marriages(pos, st, layout, opts, d, some)
    _position_trump(pos, st, opts)
    _current_trick(pos, st, layout, actor, d, done)
    if hand is not None:
        _hand_in_play(st, actor, hand, hsize, done, full)


_SAID = {"some": 1, "none": 0}       # tricks won "some" (one or more: one is the fewest) or "none"


def _tricks_won(pos: PositionGiven, st: DealState, layout: Layout) -> set[str]:
    """``position.tricks_won`` into ``st.tricks_won``: a count, or "some" (at least one) / "none".  Returns the
    players said to have won "some" tricks."""
    some = set()        # players said to have won "some" tricks: at least one, how many decides nothing here
    for p, n in (pos.tricks_won or {}).items():
        parse_player(p, layout.players, f"/position/tricks_won/{esc(p)}", layout.active)
        if n == "some":
            some.add(p)
        count = _SAID[n] if isinstance(n, str) else n       # the schema's words ("some", "none"), or a number
        if count < 0:
            raise InputError(_("a number of tricks"), f"/position/tricks_won/{esc(p)}")
        st.tricks_won[p] = count
    return some


def _tricks_by_hand(pos: PositionGiven, layout: Layout, actor: str, done: int, full: int, hsize: int) -> int:
    """With tricks won given as "some", the tricks played so far as the actor's hand (``hsize`` cards of ``full``
    at the first trick) tells them: one more card gone if the actor has played to the current trick (which needs
    the leader: given, as no trick can be the first).  ``done`` is the fewest tricks the counts allow."""
    leader, cards = _trick_of(pos)
    own = 0
    if leader in layout.active:
        q = leader
        for _c in cards:
            own += q == actor
            q = layout.after(q)
    played_so_far = full - hsize - own
    if not done <= played_so_far < layout.tricks:
        raise InputError(_("a hand of {n} cards does not fit the tricks won so far", n=hsize), "/position/hand")
    return played_so_far


def _trick_of(pos: PositionGiven) -> tuple[str | None, list[Card]]:
    """The current trick's leader (None when not given) and cards (none when not given)."""
    trick = pos.trick
    return (None, []) if trick is None else (trick.leader, trick.cards or [])


def _current_trick(pos: PositionGiven, st: DealState, layout: Layout, actor: str, d: str, done: int) -> None:
    """The current trick's leader and cards (thousand/8.3, 11.1): the declarer leads to the first trick; later the
    leader won the last trick, so has won a trick; the trick is not complete."""
    leader, cards = _trick_of(pos)
    if leader is None:
        if done == 0:
            leader = d
        else:   # who won the last trick cannot be read from the position
            raise InputError(_("give the leader of the current trick (the winner of the last one)"),
                             "/position/trick/leader")
    leader = parse_player(leader, layout.players, "/position/trick/leader", layout.active)
    if done == 0 and leader != d:
        raise InputError(_("the declarer ({declarer}) leads to the first trick", declarer=d),
                         "/position/trick/leader")
    if done > 0 and st.tricks_won.get(leader, 0) == 0:
        raise InputError(_("{player} leads but has won no trick", player=leader),
                         "/position/trick/leader")
    st.leader = leader
    played = _distinct(cards, "/position/trick/cards")
    if len(played) >= len(layout.active):
        raise InputError(_("the current trick is already complete"), "/position/trick/cards")
    p = leader
    for c in played:
        st.trick.append((p, c))
        p = layout.after(p)


def _hand_in_play(st: DealState, actor: str, hand: list[Card], hsize: int | None, done: int, full: int) -> None:
    """The actor's hand in the play: no card of it on the table, and ``full`` cards (8 after the exchange, 10 with
    two players) less one for each trick played and for a card of the actor's already on the table."""
    if {c for _p, c in st.trick} & set(hand):
        raise InputError(_("a card on the table cannot also be in the hand"), "/position/trick/cards")
    own = sum(1 for p, _c in st.trick if p == actor)     # cards the acting player has played to the current trick
    expect = full - done - own
    if hsize != expect:
        # two counts, each with its own noun: the tricks' phrase takes its plural from the tricks, the cards'
        # from the cards
        after = (ngettext("after {n} trick and a card on the table", "after {n} tricks and a card on the table",
                          done) if own else ngettext("after {n} trick", "after {n} tricks", done))
        why = ngettext("{after} {player} holds {n} card, not {given}", "{after} {player} holds {n} cards, not {given}",
                       expect, after=after, player=actor, given=hsize)
        raise InputError(why, "/position/hand")


def _knowledge(st: DealState, part: Partial | None, actor: str) -> None:
    """The actor's partial hand, its unknown cards any not seen elsewhere: on the table, in a talon not in this
    hand, or in another player's announced marriage (its king and queen were that player's)."""
    if part is None:
        return
    seen = [c for _p, c in st.trick]
    if st.talon and (not st.talon_taken or (actor != st.declarer and not st.exchanged)):
        seen += st.talon
    for m in st.marriages:
        if m["player"] != actor:
            seen += ([Card("A", s) for s in "SHDC"] if m["suit"] == ACES else
                     [Card("K", m["suit"]), Card("Q", m["suit"])])
    st.partial[actor] = account(part, seen, "/position/hand")


def _replay_calls(st: DealState, bids: list[CallMade], layout: Layout) -> None:
    """Run the earlier calls of an auction (position.bids) through ``st``, each judged without its hand."""
    for i, b in enumerate(bids):
        ptr = f"/position/bids/{i}"
        p = parse_player(b.player, layout.players, ptr + "/player", layout.active)
        saved = st.hands[p]
        st.hands[p] = None  # earlier calls are judged without hands
        try:
            dispatch(st, b, p, {"amount": ptr + "/amount", "type": ptr + "/type"})
        except IllegalAction as e:
            raise InputError(_("the earlier calls are not a legal auction: {why}", why=e.message), ptr) from None
        finally:
            st.hands[p] = saved
        if st.phase != "bidding" and i != len(bids) - 1:
            raise InputError(_("the auction ended before this call"), ptr)


def _position_golden(pos: PositionGiven, st: DealState, layout: Layout, opts: Options, state: GameState,
                     action_type: str | None) -> None:
    """Whether the described deal is a golden one (thousand/18.1): the state tells it once a golden round is under
    way (a deal of it played) or over; before that position.golden must say so wherever it could be (the first hand
    on 120) and would change the ruling (the talon phase's raise and concession, a redeal claim)."""
    said = pos.golden
    if not opts.golden_round:
        if said:
            raise InputError(_("the golden round is not played in this game"), "/position/golden")
        return
    g = state.golden
    known = False if g["over"] else (True if g["played"] else None)
    if said is not None and known is not None and said != known:
        raise InputError(_("the golden round is under way, so this deal is a golden one")
                         if known else _("the golden round has been played, so this deal is not a golden one"),
                         "/position/golden")
    golden = known if known is not None else said
    phase = pos.phase
    if golden is None:
        could = phase in ("talon", "play") and st.declarer == layout.active[0] and st.contract == 120
        if could and (phase == "talon" or action_type == "redeal"):
            raise InputError(_("say whether this deal is a golden one: the game so far shows no golden deal played "
                               "yet, and a golden deal is judged by other rules"),
                             "/position/golden")
        golden = False
    if golden:
        if phase in ("deal", "bidding"):
            raise InputError(_("a golden deal has no auction: the first hand plays 120 with the talon"),
                             "/position/phase")
        if st.declarer != layout.active[0]:
            raise InputError(_("in a golden deal the player left of the dealer ({player}) plays the 120"
                               "", player=layout.active[0]), "/position/declarer")
        if st.contract != 120:
            raise InputError(_("a golden-round contract is 120"), "/position/contract")
    st.golden = golden


def _auction_of(pos: PositionGiven, st: DealState, layout: Layout, opts: Options, state: GameState, d: str,
                contract: int) -> None:
    """A talon or play position: who bid (thousand/6.1) from the whole auction in position.bids, when given; it must
    end with this declarer on this contract (or a lower one, raised after the exchange: thousand/8.2)."""
    bids = pos.bids
    if bids is None:
        st.auction_known = False
        return
    if st.golden:
        raise InputError(_("a golden deal has no auction"), "/position/bids")
    auction = DealState.new(layout, opts, scores=state.scores, concessions=state.concessions)
    _replay_calls(auction, bids, layout)
    if auction.phase != "talon" or auction.declarer != d or auction.contract is None or not (
            auction.contract == contract or st.exchanged and auction.contract < contract):
        raise InputError(_("these calls do not end the auction with {declarer} the declarer on {contract}",
                           declarer=d, contract=contract), "/position/bids")
    if auction.blind and contract != auction.contract:
        raise InputError(_("a blind game is played at {contract}: the contract cannot be raised",
                           contract=BLIND_CONTRACT), "/position/contract")
    st.bidders = set(auction.bidders)
    st.blind = auction.blind


def _position_marriages(pos: PositionGiven, st: DealState, layout: Layout, opts: Options, d: str,
                        some=frozenset()) -> None:
    """Marriages announced earlier in the deal; each must have been possible (thousand/10.1, 10.2)."""
    per_player: Counter = Counter()
    for i, p, suit, t in _marriage_list(pos.marriages, "/position/marriages", layout, opts, st.trick_index):
        ptr = f"/position/marriages/{i}"
        actor_hand = next((h for q, h in st.hands.items() if h is not None), None)
        if suit != ACES and actor_hand is not None and p not in [q for q, h in st.hands.items() if h is not None]:
            held = [c for c in actor_hand if c.suit == suit and c.rank in ("K", "Q")]
            if held:
                raise InputError(_("{player} cannot have announced {marriage}: {card} is in this hand"
                                   "", player=p, marriage=marriage_name(suit), card=held[0]), ptr)
        per_player[p] += 1
        # each announcement is a lead after a won trick, or the declarer's first lead where allowed
        room = st.tricks_won[p] + (1 if p == d and opts.marriage_on_first_trick else 0)
        if per_player[p] > room and p not in some:
            raise InputError(ngettext("{player} has won {n} trick, too few to have announced this marriage"
                                      "", "{player} has won {n} tricks, too few to have announced "
                                      "this marriage", st.tricks_won[p], player=p), ptr)
        st.marriages.append({"player": p, "suit": suit, "trick": t,
                             "points": marriage_value(suit)})
        check_marriage_cards([m["suit"] for m in st.marriages if m["player"] == p], p, d, layout, opts, ptr)
    for p, hand in st.hands.items():
        if hand is not None and per_player[p]:
            _first_card_free(p, hand, [m["suit"] for m in st.marriages if m["player"] == p], d, layout, opts)


def _first_card_free(player: str, hand: list[Card], announced: list[str], declarer: str, layout: Layout,
                     opts: Options) -> None:
    """With the hand known, the cards played so far are the hand's missing ones: among them must be a card of none
    of the announced marriages, the first card played, which could not announce (thousand/10.2; the declarer's
    opening lead excepted under marriage_on_first_trick).  Three marriages announced and the fourth pair in hand
    after six tricks are all eight cards, so the opening lead would have broken one of the three."""
    if player == declarer and opts.marriage_on_first_trick:
        return
    cards = {c for s in announced for c in (ACE_CARDS if s == ACES else (Card("K", s), Card("Q", s)))}
    played = layout.tricks - len(hand)
    free = played - len(cards - set(hand))   # the played cards of no announced marriage
    if free < 1:
        raise InputError(_("{player} has played {n} cards, all of them from the announced marriages, yet the first "
                           "card played could not announce one and so broke its pair",
                           player=player, n=played), "/position/marriages")


def _position_trump(pos: PositionGiven, st: DealState, opts: Options) -> None:
    """The trump in force must be the one the listed marriages set (thousand/10.5)."""
    suits = [m["suit"] for m in st.marriages if m["suit"] != ACES]
    raw = pos.trump
    trump = None
    if raw is not None:
        try:
            trump = parse_suit(raw)
        except ValueError as e:
            raise InputError(str(e), "/position/trump") from None
    if not suits:
        if trump is not None:
            raise InputError(_("there is no trump before a marriage is announced: list the marriages announced, the "
                               "one that made {trump} trump among them", trump=Suit(trump)),
                             "/position/trump")
        return
    if opts.trump_timing == "immediate":
        if trump is not None and trump != suits[-1]:
            raise InputError(_("the last marriage announced ({suit}) is the trump, not {trump}",
                               suit=Suit(suits[-1]), trump=Suit(trump)),
                             "/position/trump")
        st.trump = suits[-1]
        return
    timed = [m for m in st.marriages if m["suit"] != ACES and m["trick"] is not None]
    if len(timed) == len(suits):
        # next_trick: a marriage led to the current trick takes effect from the next one
        before = [m["suit"] for m in timed if m["trick"] < st.trick_index]
        now = before[-1] if before else None
        if trump is not None and trump != now:
            why = (_("a marriage makes trump from the next trick on, so this trick has no trump yet, not {trump}",
                     trump=Suit(trump)) if now is None else
                   _("a marriage makes trump from the next trick on, so the trump of this trick is {now}, not "
                     "{trump}",
                     now=Suit(now), trump=Suit(trump)))
            raise InputError(why, "/position/trump")
        st.trump = now
        current = [m["suit"] for m in timed if m["trick"] == st.trick_index]
        if current:
            st.pending_trump = current[-1]
        return
    allowed = {suits[-1], suits[-2] if len(suits) > 1 else None}
    if trump not in allowed:
        raise InputError(_("a marriage makes trump from the next trick on: give the trump of the current trick, the "
                           "suit of the last marriage or of the one before it (none if there is no trump yet)"),
                         "/position/trump")
    st.trump = trump
    if trump != suits[-1]:
        st.pending_trump = suits[-1]



def _start_deal(ev: DealEvent, layout: Layout, opts: OptionsLike, state: GameState, ptr: str):
    """Parse a deal event; return (state, problems) where problems are independent violations.

    A problem is ``(rule ID, text, pointer)``: the hands (thousand/3.1), the talon or the musiks (3.1, 3.3), the
    whole deck dealt once (3.5), a golden deal (18.1).  The event's types are the request schema's (``Event``).
    """
    opts = Options.of(opts)
    problems: list[tuple[str, str, str]] = []
    hands = _dealt_hands(ev, layout, ptr, problems)
    groups = [(f"{ptr}/hands/{esc(p)}", hands[p]) for p in layout.active]
    talon, musiks = _dealt_talon(ev, layout, ptr, problems, groups)
    _whole_deck(groups, ptr, problems)
    st = DealState.new(layout, opts, hands=hands, talon=talon, musiks=musiks, scores=state.scores,
                       concessions=state.concessions)
    st.golden = bool(ev.golden)
    if st.golden:
        if not opts.golden_round:
            problems.append(("thousand/18.1", _("the golden round is off under these options"), ptr + "/golden"))
        elif state.golden["over"]:
            problems.append(("thousand/18.1", _("the golden round has already been played"), ptr + "/golden"))
        else:  # forced 120, no auction: the first hand plays it
            st.declarer, st.contract, st.phase = layout.active[0], 120, "talon"
    st.irregularities = _irregularities(ev.irregularities, layout, ptr)
    return st, problems


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


def _dealt_talon(ev: DealEvent, layout: Layout, ptr: str, problems: list[tuple[str, str, str]],
                 groups: list[tuple[str, list[Card]]]) -> tuple[list[Card] | None, list[list[Card]] | None]:
    """thousand/3.1, 3.3: the talon of 3 (three or four players) or two musiks of 2 (two players), added to
    ``groups`` (pointer, cards).  Returns (talon, musiks), one of them None."""
    talon = musiks = None
    wrong = "talon" if len(layout.active) == 2 else "musiks"
    if getattr(ev, wrong) is not None:
        raise InputError(_("a two-player deal has no talon") if wrong == "talon" else
                         _("a {n}-player deal has no musiks", n=len(layout.active)), f"{ptr}/{wrong}")
    if len(layout.active) == 2:
        raw = ev.musiks
        if raw is None or len(raw) != 2:
            raise InputError(_("the two-player deal gives two musiks of 2 cards"), ptr + "/musiks")
        musiks = [in_deck(m, f"{ptr}/musiks/{k}") for k, m in enumerate(raw)]
        for k, m in enumerate(musiks):
            if len(m) != 2:
                problems.append(("thousand/3.3", _("musik {k} holds {given} cards, not 2", k=k, given=len(m)),
                                 f"{ptr}/musiks/{k}"))
            groups.append((f"{ptr}/musiks/{k}", m))
    else:
        talon = in_deck(ev.talon, ptr + "/talon") if ev.talon is not None else _no_talon(ptr)
        if len(talon) != 3:
            problems.append(("thousand/3.1", _("the talon holds {given} cards, not 3", given=len(talon)),
                             ptr + "/talon"))
        groups.append((ptr + "/talon", talon))
    return talon, musiks


def _no_talon(ptr: str) -> list[Card]:
    raise InputError(_("expected a list of cards"), ptr + "/talon")


def _whole_deck(groups: list[tuple[str, list[Card]]], ptr: str, problems: list[tuple[str, str, str]]) -> None:
    """thousand/3.5: the deal holds every card of the deck once (a problem for each card missing or repeated, or
    for the count)."""
    try:
        check_conservation(groups, DECK)
    except InputError as e:
        for err in e.errors:
            problems.append(("thousand/3.5", err["detail"], err["pointer"]))
    if not problems:
        total = sum(len(c) for _ptr, c in groups)
        if total != DECK.size:
            problems.append(("thousand/3.5", _("the deal holds {given} cards, not {n}", given=total, n=DECK.size),
                             ptr))


def _outcome_from_state(st: DealState, layout: Layout, opts: OptionsLike) -> DealOutcome:
    opts = Options.of(opts)
    out = DealOutcome(st.declarer, st.contract, conceded=st.conceded, blind=st.blind, golden=st.golden,
                      talon=st.talon, irregularities=st.irregularities)
    if not st.conceded:
        pts = dict(st.captured)
        if len(layout.active) == 2 and opts.two_player_discards_count and st.declarer is not None:
            pts[st.declarer] += card_points(st.discards)
        out.card_points = pts
        out.tricks = dict(st.tricks_won)
        out.marriages = [{"player": m["player"], "suit": m["suit"], "points": m["points"]} for m in st.marriages]
    return out


def position_of(st: DealState) -> dict:
    """The position a replayed deal has reached, in check's ``position`` shape (what :func:`build_position` reads
    back), with the hand of the player to act: the one who speaks in the auction, the declarer with the talon, the
    one to play in the tricks.  A golden deal is given as an ordinary one (a position has no golden flag)."""
    if st.phase == "bidding":
        actor = st.to_speak
        pos: dict = {"phase": "bidding", "bids": [dict(b) for b in st.bids]}
    elif st.phase == "talon":
        actor = st.declarer
        pos = {"phase": "talon", "declarer": st.declarer, "contract": st.contract, "talon_taken": st.talon_taken,
               "exchanged": st.exchanged}
        if st.talon is not None:
            pos["talon"] = [str(c) for c in st.talon]
    else:
        actor = st.to_play
        # between tricks a marriage's suit waiting for the next trick (trump_timing next_trick) is the trump now
        trump = st.pending_trump if not st.trick and st.pending_trump is not None else st.trump
        pos = {"phase": "play", "declarer": st.declarer, "contract": st.contract, "tricks_won": dict(st.tricks_won),
               "marriages": [{"player": m["player"], "suit": m["suit"], "trick": m["trick"]} for m in st.marriages],
               "trump": trump, "trick": {"leader": st.leader, "cards": [str(c) for _p, c in st.trick]}}
    hand = st.hands.get(actor) if actor is not None else None
    if hand is not None:
        pos["hand"] = [str(c) for c in hand]
    return pos
