"""Pinochle: the melds a scored two-handed deal declares, judged in the order declared (pinochle/4.2–4.9).

Each meld uses cards its player could hold (the complete tricks show every card each had, 1.1), needs a trick won
while the stock lasted (one meld a trick, a dix too, 4.2, 4.7), and is laid on the player's table by the table's
rules (4.3, 4.4); its points go to the player in the deal's state.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping

from ..cards import Card
from ..errors import InputError, refuse_first
from ..i18n import Suit, _
from .cards import dix_rank
from .deal import DealState, shown, stock_tricks
from .melds import Meld, MeldFault, meld_kind
from .options import OptionsLike

DeclaredMeld = tuple[int, str, list[Card], bool]    # a meld as declared: (index in deal.melds, player, cards, exchange)
# what a meld may use of a card when the tricks are not known: the pack's two
TWO_OF_EACH: defaultdict[Card, int] = defaultdict(lambda: 2)


def meld_at(cards: list[Card], trump: str, opts: OptionsLike, ptr: str) -> Meld:
    """The meld ``cards`` make with ``trump`` (pinochle/4.1); cards that make none are refused at ``ptr``."""
    meld = meld_kind(cards, trump, opts)
    if meld is None:
        raise InputError(_("{cards} is not a meld with {suit} trump", cards=shown(cards), suit=Suit(trump)), ptr)
    return meld


def check_meld_cards(melds: list[DeclaredMeld], held: Mapping[str, Mapping[Card, int]], opts: OptionsLike,
                     upcard: Card | None) -> None:
    """A meld may use only cards the player could hold (pinochle/1.1): ``held``, player → card → copies, the ones
    the player had when the complete tricks are known, else two of each (:data:`TWO_OF_EACH`); a dix exchange gives
    the upcard, which the player then held."""
    for i, p, cards, exchange in melds:
        most = held[p]
        # a dix exchanged for the upcard (anything else said to be exchanged is refused with the meld, by
        # sequential_melds): the dix went to the stock, so maybe to the other player's tricks, and the upcard came in
        if exchange:
            refuse_first(((upcard is not None and most[upcard] == 0,
                           _("{player} exchanged a dix for {card} but never played {card}", player=p, card=upcard),
                           f"/deal/melds/{i}/exchange"),))
        else:
            refuse_first((most[c] < k, _("{player} never held {n} × {card} in this deal (their tricks show every "
                                         "card they had)", player=p, n=k, card=c), f"/deal/melds/{i}/cards")
                         for c, k in Counter(cards).items())


def sequential_melds(melds: list[DeclaredMeld], st: DealState, wins: Mapping[str, int],
                     held: dict[str, Counter] | None) -> None:
    """Judge the declared melds in order (pinochle/4.2–4.9) and add their points to ``st``: each a meld with trump,
    at most one (a dix aside) per trick won while the stock lasted (``wins``: the tricks each won then), a dix only
    after such a trick (4.2, 4.7), two dixes at most and an exchange only for an upcard not yet exchanged (4.7),
    laid by the table's rules (4.3, 4.4), and no card melded more often than the pack holds it (1.1).

    ``held``: every card each player had in the deal (from complete tricks), which bounds the copies
    available off the table; None when unknown.  An exchanged dix's upcard is added to it (the player held it).
    """
    stock, upcard = stock_tricks(st.opts), st.upcard
    # the dix (the 9 of trump, the 7 with 64 cards): the upcard, once exchanged
    dix = Card(dix_rank(st.opts), st.trump_suit)
    used: Counter = Counter()       # the melds other than a dix each player has declared
    dixes = 0
    for i, p, cards, exchange in melds:
        ptr = f"/deal/melds/{i}"
        meld = meld_at(cards, st.trump_suit, st.opts, ptr + "/cards")
        is_dix, can = meld.name == "dix", min(wins[p], stock)
        used[p] += not is_dix
        dixes += is_dix
        refuse_first((
            (used[p] > can, _("{player} declared more melds than tricks won while the stock lasted", player=p), ptr),
            # a dix is shown or exchanged after a trick won, like any meld (it only does not use one up); any other
            # meld without a trick won is refused by the row above
            (can == 0, _("{player} won no trick while the stock lasted, so melded no dix", player=p), ptr),
            (dixes > 2, _("both dixes have already been scored in this deal"), ptr)))
        free = None
        if held is not None:
            # an exchanged dix left this player for the stock, and the upcard came in: both count as held
            held[p][cards[0]] += exchange
            free = Counter(held[p])
            free.subtract(t.card for t in st.tables[p].cards)
        plan = st.tables[p].plan(cards, meld, free, p)
        if isinstance(plan, MeldFault):
            raise InputError(plan.message, ptr + "/cards")
        if exchange:
            # only a dix is exchanged, for an upcard not yet exchanged: once exchanged, the upcard is the dix (4.7),
            # and the upcard is a trump (it fixes trump, 2.1)
            refuse_first(((not is_dix, _("only a dix is exchanged for the upcard"), ptr + "/exchange"),
                          (upcard in (None, dix), _("the upcard cannot be exchanged here"), ptr + "/exchange")))
            # the dix goes under the stock as the new upcard (it never lies on the table); the old upcard joins the
            # player's hand
            upcard, st.exchanged = cards[0], True
        else:
            st.tables[p].add(cards, meld, plan)
        on_table = Counter(t.card for q in st.players for t in st.tables[q].cards)
        on_table.update(filter(None, [upcard]))     # the upcard, when there is one
        refuse_first((k > 2, _("more than two {card} have been melded", card=c), ptr + "/cards")
                     for c, k in on_table.items())
        st.meld_points[p] += meld.points
        st.melds.append({"player": p, "meld": meld.name, "class": meld.cls, "points": meld.points})
