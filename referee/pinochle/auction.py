"""The auction of the partnership and three-hand forms (pinochle/7.2, 8.2).

:class:`Auction` is a small state machine: the player left of the dealer speaks first, then each in turn to the
left; a bid is a multiple of 10 from option ``min_bid`` and above the bid before it; a pass is final.  Per call
the PokerKit triple: ``verify_bid`` / ``verify_pass`` (raise :class:`~referee.errors.IllegalAction` naming the
rule), ``can_bid`` / ``can_pass``, ``apply_bid`` / ``apply_pass``.  ``calls`` keeps the calls made, in order, in
the shape of a check position's ``bids``.

As played (``as_played=True``, a log replayed with ``replay: "as_played"``): a call out of turn and a bid of an
amount the auction does not allow (pinochle/7.2, 8.2) are taken as made; a call after the auction is over or a bid
by a player who has passed still cannot be made.
"""
from __future__ import annotations

from dataclasses import InitVar, dataclass, field

from ..errors import IllegalAction, allowed
from ..i18n import _
from .options import Options, OptionsLike

STEP = 10


@dataclass
class Auction:
    players: list[str]
    dealer: str
    options: InitVar[OptionsLike]     # the resolved dict, or the typed options: kept as ``opts``
    high: int = 0
    high_bidder: str | None = None
    passed: set = field(default_factory=set)
    to_speak: str | None = None
    over: bool = False
    calls: list = field(default_factory=list)
    opts: Options = field(init=False)

    def __post_init__(self, options: OptionsLike) -> None:
        self.opts = Options.of(options)
        self.to_speak = self.players[(self.players.index(self.dealer) + 1) % len(self.players)]

    @property
    def rule(self) -> str:
        """pinochle/7.2 (partnership) or pinochle/8.2 (three-hand)."""
        return "pinochle/7.2" if len(self.players) == 4 else "pinochle/8.2"

    @property
    def lowest(self) -> int:
        """The lowest bid now: ``min_bid``, or 10 above the high bid."""
        return max(self.opts.min_bid, self.high + STEP)

    def verify_pass(self, player: str, as_played: bool = False) -> None:
        """Whether ``player`` may speak now: the auction is on, the player has not passed and it is their turn (as
        played: whatever the turn)."""
        if self.over:
            raise IllegalAction(self.rule, _("the auction is over"))
        if player in self.passed:
            raise IllegalAction(self.rule, _("{player} has passed and may not bid again", player=player),
                                pointer="player")
        if player != self.to_speak and not as_played:
            raise IllegalAction(self.rule, _("it is {turn}'s turn to speak, not {player}'s", turn=self.to_speak,
                                              player=player), pointer="player")

    def verify_bid(self, player: str, amount: int, as_played: bool = False) -> None:
        """A bid of ``amount``: a turn to speak (:meth:`verify_pass`) and a multiple of 10 from :attr:`lowest` (as
        played: any amount)."""
        self.verify_pass(player, as_played)
        low = self.lowest
        if (amount % STEP or amount < low) and not as_played:
            raise IllegalAction(self.rule, _("a bid must be a multiple of 10 and at least {low}", low=low),
                                pointer="amount")

    def can_bid(self, player: str, amount: int) -> bool:
        return allowed(self.verify_bid, player, amount)

    def can_pass(self, player: str) -> bool:
        return allowed(self.verify_pass, player)

    def apply_bid(self, player: str, amount: int, as_played: bool = False) -> dict:
        """Returns ``{"bid": amount}``, or ``{"declarer", "bid"}`` when the others have all passed."""
        self.verify_bid(player, amount, as_played)
        self.high, self.high_bidder = amount, player
        self.calls.append({"player": player, "type": "bid", "amount": amount})
        return self._next(player) or {"bid": amount}

    def apply_pass(self, player: str, as_played: bool = False) -> dict:
        """Returns ``{"pass": player}``, ``{"declarer", "bid"}`` when one bidder is left, or ``{"all_passed": True}``
        when nobody bid (the deal is thrown in and dealt again)."""
        self.verify_pass(player, as_played)
        self.passed.add(player)
        self.calls.append({"player": player, "type": "pass"})
        return self._next(player) or {"pass": player}

    def apply(self, player: str, amount: int | None) -> dict:
        """A call: a bid of ``amount``, or a pass when ``amount`` is None."""
        return self.apply_pass(player) if amount is None else self.apply_bid(player, amount)

    def _next(self, player: str) -> dict | None:
        live = [p for p in self.players if p not in self.passed]
        if not live:
            # nobody bid: the deal is thrown in and dealt again (pinochle/7.2, 8.2)
            self.over = True
            self.to_speak = None
            return {"all_passed": True}
        if len(live) == 1 and self.high_bidder == live[0]:
            self.over = True
            self.to_speak = None
            return {"declarer": self.high_bidder, "bid": self.high}
        nxt = self.after(player)
        while nxt in self.passed:
            nxt = self.after(nxt)
        self.to_speak = nxt
        return None

    def after(self, p):
        return self.players[(self.players.index(p) + 1) % len(self.players)]

    def legal(self, player) -> list[dict]:
        """The calls ``player`` may make now: a bid from :attr:`lowest` in steps of 10, and a pass."""
        if self.over or player != self.to_speak:
            return []
        return [{"type": "bid", "player": player, "min": self.lowest, "step": STEP},
                {"type": "pass", "player": player}]
