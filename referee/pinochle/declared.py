"""Pinochle: the melds a scored two-handed deal declares, judged in the order declared (pinochle/4.2–4.9).

Each meld uses cards its player could hold (the complete tricks show every card each had, 1.1), needs a trick won
while the stock lasted (one meld a trick, a dix too, 4.2, 4.7), and is laid on the player's table by the table's
rules (4.3, 4.4); its points go to the player in the deal's state.
"""
from __future__ import annotations

from collections import Counter

from ..cards import Card
from ..errors import InputError
from ..i18n import Suit, _
from .cards import dix_rank
from .deal import DealState, shown, stock_tricks, trick_winner
from .melds import Meld, MeldFault, meld_kind
from .options import Options, OptionsLike

DeclaredMeld = tuple[int, str, list[Card], bool]    # a meld as declared: (index in deal.melds, player, cards, exchange)


def meld_at(cards: list[Card], trump: str, opts: OptionsLike, ptr: str) -> Meld:
    """The meld ``cards`` make with ``trump`` (pinochle/4.1); cards that make none are refused at ``ptr``."""
    meld = meld_kind(cards, trump, opts)
    if meld is None:
        raise InputError(_("{cards} is not a meld with {suit} trump", cards=shown(cards), suit=Suit(trump)), ptr)
    return meld


def check_meld_cards(melds, held, players, opts: OptionsLike, trump, upcard):
    """A meld may use only cards the player could hold (pinochle/1.1); a dix exchange gives the upcard."""
    opts = Options.of(opts)
    for i, p, cards, exchange in melds:
        cnt = Counter(cards)
        for c, k in cnt.items():
            if exchange and c.rank == dix_rank(opts):
                continue  # an exchanged dix ends in the stock, so maybe in the other player's tricks
            if k > 2 or (held is not None and held[p][c] < k):
                raise InputError(_("{player} never held {n} × {card} in this deal (their tricks show every card "
                                   "they had)", player=p, n=k, card=c),
                                 f"/deal/melds/{i}/cards")
        if exchange and held is not None and upcard is not None and held[p][upcard] == 0:
            raise InputError(_("{player} exchanged a dix for {card} but never played {card}", player=p, card=upcard),
                             f"/deal/melds/{i}/exchange")


def sequential_melds(melds, players, opts: OptionsLike, trump, st: DealState, phase1, held, upcard):
    """Judge the declared melds in order (pinochle/4.2–4.9) and add their points to ``st``.

    ``held``: every card each player had in the deal (from complete tricks), which bounds the copies
    available off the table; None when unknown.
    """
    opts = Options.of(opts)
    wins = dict.fromkeys(players, 0)
    if phase1 is not None:
        for s in phase1:
            wins[trick_winner(s, trump)] += 1
    else:
        wins = dict(st.won)
    used = dict.fromkeys(players, 0)
    held = {p: Counter(h) for p, h in held.items()} if held is not None else None
    dixes = 0
    for i, p, cards, exchange in melds:
        ptr = f"/deal/melds/{i}"
        meld = meld_kind(cards, trump, opts)
        if meld is None:
            raise InputError(_("{cards} is not a meld with {suit} trump", cards=shown(cards),
                               suit=Suit(trump)),
                             ptr + "/cards")
        if meld.name != "dix":
            used[p] += 1
            if used[p] > min(wins[p], stock_tricks(opts)):
                raise InputError(_("{player} declared more melds than tricks won while the stock lasted",
                                   player=p), ptr)
        if meld.name == "dix":
            if min(wins[p], stock_tricks(opts)) == 0:
                # a dix is shown or exchanged after a trick won, like any meld (it only does not use one up)
                raise InputError(_("{player} won no trick while the stock lasted, so melded no dix",
                                   player=p), ptr)
            dixes += 1
            if dixes > 2:
                raise InputError(_("both dixes have already been scored in this deal"), ptr)
            if exchange and (upcard is None or upcard.rank == dix_rank(opts) or st.exchanged):
                raise InputError(_("the upcard cannot be exchanged here"), ptr + "/exchange")
            if exchange and held is not None:
                # the dix left this player for the stock, and the upcard came in: both count as held
                held[p][cards[0]] += 1
        elif exchange:
            raise InputError(_("only a dix is exchanged for the upcard"), ptr + "/exchange")
        free = None
        if held is not None:
            free = Counter(held[p])
            free.subtract(t.card for t in st.tables[p].cards)
        plan = st.tables[p].plan(cards, meld, free, p)
        if isinstance(plan, MeldFault):
            raise InputError(plan.message, ptr + "/cards")
        st.tables[p].add(cards, meld, plan)
        if meld.name == "dix" and exchange:
            # the dix goes under the stock as the new upcard; the old upcard joins the player's hand
            st.tables[p].cards.pop()
            upcard = cards[0]
            st.exchanged = True
        total_on_table = Counter(t.card for q in players for t in st.tables[q].cards)
        if upcard is not None:
            total_on_table[upcard] += 1
        for c, k in total_on_table.items():
            if k > 2:
                raise InputError(_("more than two {card} have been melded", card=c), ptr + "/cards")
        st.meld_points[p] += meld.points
        st.melds.append({"player": p, "meld": meld.name, "class": meld.cls, "points": meld.points})
