"""A random but legal Canasta deal, played by the engine's own verify_/can_ checks, as a validate log.

Used by the property tests and the benchmarks: any log it writes must replay as valid, conserve the 108 (162)
cards, and score by the laws.  Strategy: draw (or take the pile when a way is listed), open with a greedy set of
melds, add naturals to the side's melds, go out when the laws allow, discard a random legal card.
"""
from __future__ import annotations

import random

from referee.canasta.cards import deck_of, is_black_three, is_red_three, is_wild
from referee.canasta.deal import DealState, Layout, Pile, opening_melds, way_to_take
from referee.canasta.options import VARIANTS, deal_size

FOUR = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]
TWO = [{"id": "A", "players": ["A"]}, {"id": "B", "players": ["B"]}]
SIDES = {"classic": FOUR, "two-player": TWO,
         "three-player": [{"id": x, "players": [x]} for x in "ABC"],
         "five-player": [{"id": "T", "players": ["T1", "T2", "T3"]}, {"id": "P", "players": ["P1", "P2"]}],
         "six-player": [{"id": x, "players": [x + "1", x + "2"]} for x in "ABC"],
         "palace": FOUR, "palace-2": TWO, "traditional": FOUR, "classic-12": FOUR, "russian-popular": FOUR,
         "samba": FOUR, "bolivia": FOUR, "brazilian": FOUR, "cuban": FOUR, "uruguay": FOUR, "chile": FOUR,
         "graded-wild": FOUR, "hollywood": FOUR, "mexicana": FOUR,
         "italian": FOUR, "sevens": FOUR, "pennies-from-heaven": [{"id": x, "players": [x + "1", x + "2", x + "3"]} for x in "AB"]}


def s(cards):
    return [str(c) for c in cards]


def _extra(st, p, rest, log):
    """Draw the cards a side's first meld brings (Mexicana), red threes laid out and replaced; take the packet
    once a canasta is made (Pennies from Heaven)."""
    if p in st.packets and p in st.canasta_makers and st.phase == "play":
        st.apply_packet(p)
        log.append({"type": "packet", "player": p})
    n = st.extra_due.get(p)
    if not n:
        return
    drawn, got = [], 0
    while got < n and rest:
        c = rest.pop(0)
        drawn.append(c)
        if not is_red_three(c):
            got += 1
    st.apply_extra_cards(p, drawn)
    log.append({"type": "extra_cards", "player": p, "cards": s(drawn)})


def random_canasta_log(seed: int, variant: str = "classic", max_turns: int = 400, dealer: str | None = None,
                       scores: dict | None = None, options: dict | None = None, sitter: str | None = None):
    """``(sides, log, final state)`` of one random legal deal; ``scores`` are the totals before it."""
    rng = random.Random(seed)
    opts = VARIANTS[variant.replace("-2", "")].resolve(options or {})
    full = Layout.of(SIDES[variant])
    sitter = (sitter or "T1") if variant == "five-player" else None
    layout = full.active(sitter)
    deck = deck_of(opts).cards()
    rng.shuffle(deck)
    dealer = dealer or layout.seats[-1]
    n = deal_size(opts, len(layout.seats))
    hands = {}
    order = [layout.seats[(layout.seats.index(dealer) + 1 + k) % len(layout.seats)] for k in range(len(layout.seats))]
    for k, p in enumerate(order):
        hands[p] = deck[k * n:(k + 1) * n]
    rest = deck[len(order) * n:]
    packets = {}
    if opts["packet_size"]:
        for p in order:
            packets[p], rest = rest[:opts["packet_size"]], rest[opts["packet_size"]:]
    pile_cards = []
    cover = opts["black_three_upcard"] == "cover"
    if opts["pile_count_off"]:
        from referee.canasta.cards import count_off
        up = rest.pop(0)
        n_off = count_off(up)
        pile_cards, rest = rest[:n_off] + [up], rest[n_off:]
    if opts["upcard_replaced"]:              # a wild card or a three turned up goes back into the pack
        k = next(i for i, c in enumerate(rest) if not is_wild(c) and c.rank != "3")
        pile_cards = [rest.pop(k)]
    while not opts["pile_count_off"] and not opts["upcard_replaced"]:
        c = rest.pop(0)
        pile_cards.append(c)
        if not (is_wild(c) or is_red_three(c) or (cover and is_black_three(c))):
            break
    log = [{"type": "deal", "dealer": dealer, "hands": {p: s(h) for p, h in hands.items()}, "pile": s(pile_cards)}]
    if sitter:
        log[0]["sitting_out"] = sitter
    if packets:
        log[0]["packets"] = {p: s(c) for p, c in packets.items()}
    if opts["surprise"]:
        rest = rest[:-3]                      # three cards lie under the stock, never drawn
    pile = Pile(None, 0, None, [])
    for c in pile_cards:
        pile.push(c, opts["black_three_freezes"])
    if opts["pile_frozen_at_start"] and pile.frozen_by is None:
        pile.frozen_by = "start"
    st_packets = {p: list(c) for p, c in packets.items()}
    st = DealState(layout, opts, dict(scores or dict.fromkeys(layout.sides, 0)), len(rest), pile, layout.after(dealer),
                   {p: list(h) for p, h in hands.items()})
    st.packets = st_packets
    for p in order:
        while any(is_red_three(c) for c in st.hands[p]) and rest:
            red = next(c for c in st.hands[p] if is_red_three(c))
            rep = rest.pop(0)
            st.apply_red_three(p, red, rep)
            log.append({"type": "red_three", "player": p, "card": str(red), "replacement": str(rep)})
    turns = 0
    while st.phase != "done" and turns < max_turns:
        turns += 1
        p = st.turn
        side = st.side(p)
        if st.stock == 0:
            way = way_to_take(st, p, st.hands[p])
            if way is None:
                st.apply_end(p)
                log.append({"type": "end", "player": p})
                break
            st.apply_take_pile(p, *way)
            log.append({"type": "take_pile", "player": p, "cards": s(way[0]), "melds": [s(m) for m in way[1]]})
            _extra(st, p, rest, log)
        else:
            way = way_to_take(st, p, st.hands[p]) if rng.random() < 0.8 else None
            if way is not None:
                st.apply_take_pile(p, *way)
                log.append({"type": "take_pile", "player": p, "cards": s(way[0]),
                            "melds": [s(m) for m in way[1]]})
                _extra(st, p, rest, log)
            else:
                drawn = []
                want = min(opts["draw_count"], len(rest))
                got = 0
                while got < want and rest:
                    c = rest.pop(0)
                    drawn.append(c)
                    if not is_red_three(c):
                        got += 1
                st.apply_draw(p, drawn)
                log.append({"type": "draw", "player": p, "cards": s(drawn)})
                if st.phase == "done":
                    break
        # melding
        hand = st.hands[p]
        if not st.has_melded(side):
            opening = opening_melds(hand, st.minimum(side), opts)
            if opening and st.can_meld(p, opening):
                st.apply_meld(p, opening)
                log.append({"type": "meld", "player": p, "melds": [s(m) for m in opening]})
                _extra(st, p, rest, log)
        if st.phase == "done":
            break
        if st.has_melded(side):
            for rank in sorted({c.rank for c in st.hands[p] if not is_wild(c) and c.rank != "3"}):
                cards = [c for c in st.hands[p] if c.rank == rank]
                if (rank in st.melds[side] or len(cards) >= 3) and st.can_meld(p, [cards]):
                    st.apply_meld(p, [cards])
                    log.append({"type": "meld", "player": p, "melds": [s(cards)]})
                    _extra(st, p, rest, log)
                    if st.phase == "done":
                        break
            if st.phase == "done":
                break
            wild = next((c for c in st.hands[p] if is_wild(c)), None)
            if wild is not None and rng.random() < 0.5:
                for rank in list(st.melds[side]):
                    if st.can_meld(p, [(rank, [wild])]):
                        st.apply_meld(p, [(rank, [wild])])
                        log.append({"type": "meld", "player": p, "melds": [{"rank": rank, "cards": [str(wild)]}]})
                        _extra(st, p, rest, log)
                        break
            if st.phase == "done":
                break
        if st.phase == "done":
            break
        if st.turn != p:            # keep_last_card: a player left with one card kept it and skipped the discard
            continue
        choices = [c for c in st.hands[p] if st.can_discard(p, c)]
        if not choices:
            break
        plain = [c for c in choices if not is_wild(c)] or choices
        c = rng.choice(plain)
        st.apply_discard(p, c)
        log.append({"type": "discard", "player": p, "card": str(c)})
    return SIDES[variant], log, st


def random_canasta_game(deals: int, seed: int = 7, variant: str = "classic", parts: list | None = None):
    """``(sides, log)`` of ``deals`` random legal deals in a row, the deal passing to the left and the totals
    (which set each side's initial minimum) carried from deal to deal.  ``parts``, when given, receives
    ``(totals before, the deal's events)`` for each deal."""
    from referee.canasta.scoring import settle_state
    opts = VARIANTS[variant].resolve({"target": 100000})
    layout = Layout.of(SIDES[variant])
    scores = dict.fromkeys(layout.sides, 0)
    log = []
    dealer = layout.seats[-1]
    for k in range(deals):
        sides, part, st = random_canasta_log(seed + k, variant, dealer=dealer, scores=scores)
        log += part
        if parts is not None:
            parts.append((dict(scores), part))
        res = settle_state(st, layout, opts, scores, 100000)
        scores = {sd["id"]: sd["total_after"] for sd in res["sides"]}
        dealer = layout.after(dealer)
    return SIDES[variant], log
