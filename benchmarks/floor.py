"""The floor under validate: a lean replay of the same deal per game, measured side by side with the engine.

    .venv/bin/python benchmarks/floor.py [--rounds 7] [--games thousand,pinochle]

A lean replay does the work a whole-deal validate cannot do without, on the parsed JSON and nothing else, and
refuses an impossible deal by raising; no pointers, no texts, no options, no citations.  The script first checks
that it reaches the points the engine gives.

* Thousand (:func:`lean_thousand`, the README's deal): who holds which card, the talon and the exchange, following
  suit and trumping (thousand/11.3), trick winners, marriages announced on a lead by a player who has taken a trick
  and holds the pair (10.1), the trump they set, and the card points of every player.
* Pinochle (:func:`lean_pinochle`, ``examples/pinochle/two-handed-game.json``, two-handed, 75 events): who holds
  which card (two copies of each), the turn, the stock phase (any card; the winner melds once before the draw, the
  winner draws first, the loser takes the upcard last), melds (the cards form one, at least one new card from the
  hand, a melded card re-used only in another class or a higher meld), melded cards played from the table and back
  in the hand for the play-off, whose strict rules follow suit, head a trump lead and trump when void; trick
  winners, card points, the last trick's 10 and the meld points.

Figures, each the median of the rounds of CPU time in this process, ÷ ``json.loads`` of the same body:
  floor      — ``json.loads`` and the lean replay;
  engine     — the same deal through the game's ``DealState`` alone (cards already parsed, events prepared);
  validate   — ``parse_body`` + ``referee.service.handle`` (what POST /validate does short of HTTP);
and engine ÷ floor, the measure of issue 30's target (≤ 2×).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ratios import side_by_side  # noqa: E402

ORDER = {"9": 0, "J": 1, "Q": 2, "K": 3, "10": 4, "A": 5}
POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}
MARRIAGE = {"S": 40, "C": 60, "D": 80, "H": 100}


def lean_thousand(body: dict) -> dict[str, int]:
    """The card points (plus marriages) each player ends the deal with; raises ValueError on an illegal play."""
    log = body["log"]
    deal = log[0]
    hands = {p: set(cards) for p, cards in deal["hands"].items()}
    talon = list(deal["talon"])
    declarer = None
    order = list(body["players"])
    took = dict.fromkeys(order, 0)
    points = dict.fromkeys(order, 0)
    trump = None
    trick: list[tuple[str, str]] = []
    for ev in log[1:]:
        kind = ev["type"]
        if kind == "take_talon":
            declarer = ev["player"]
            hands[declarer].update(talon)
        elif kind == "exchange":
            for to, card in ev["gives"].items():
                hands[declarer].remove(card)
                hands[to].add(card)
        elif kind == "play":
            player, card = ev["player"], ev["card"]
            hand = hands[player]
            if card not in hand:
                raise ValueError("not held")
            suit = card[-1]
            if trick:
                led = trick[0][1][-1]
                if suit != led and any(c[-1] == led for c in hand):
                    raise ValueError("must follow")
                if suit != led and trump and suit != trump and any(c[-1] == trump for c in hand):
                    raise ValueError("must trump")
            elif ev.get("marriage"):
                mate = ("Q" if card[:-1] == "K" else "K") + suit
                if mate not in hand or not took[player]:
                    raise ValueError("no marriage")
                trump = suit
                points[player] += MARRIAGE[suit]
            hand.remove(card)
            trick.append((player, card))
            if len(trick) == 3:
                led = trick[0][1][-1]

                def strength(pc: tuple[str, str], trump=trump, led=led) -> int:
                    c = pc[1]
                    return (20 if c[-1] == trump else 10 if c[-1] == led else 0) + ORDER[c[:-1]]
                winner = max(trick, key=strength)[0]
                took[winner] += 1
                points[winner] += sum(POINTS[c[:-1]] for _p, c in trick)
                trick = []
    return points


def pinochle_melds(trump: str) -> dict[tuple[str, ...], tuple[str, int]]:
    """Two-handed melds with ``trump``: the sorted cards → (class, points) (pinochle/4.1, 4.5)."""
    table = {tuple(sorted(r + trump for r in ("A", "10", "K", "Q", "J"))): ("A", 150), (f"9{trump}",): ("A", 10),
             ("JD", "QS"): ("C", 40), ("JD", "JD", "QS", "QS"): ("C", 300)}
    for s in "SHDC":
        table[("K" + s, "Q" + s)] = ("A", 40 if s == trump else 20)
    for rank, pts in (("A", 100), ("K", 80), ("Q", 60), ("J", 40)):
        table[tuple(sorted(rank + s for s in "SHDC"))] = ("B", pts)
        table[tuple(sorted(rank + s for s in "SHDC" for _copy in (0, 1)))] = ("B", pts * 10)
    return table


def lean_take(hand: Counter, mine: list[list], card: str) -> None:
    """Take ``card`` from the player's melded cards on the table, else from the hand; raises ValueError if neither
    holds it."""
    on = next((t for t in mine if t[0] == card), None)
    if on is not None:
        mine.remove(on)
    elif hand[card]:
        hand[card] -= 1
    else:
        raise ValueError("not held")


def playoff_check(hand: Counter, lead: str, card: str, trump: str) -> None:
    """The play-off, two-handed (must_head ``trump_lead_only``): follow suit, beat a trump lead if able, trump when
    void (``hand`` less ``card``, which changes none of the three); raises ValueError."""
    led, suit = lead[-1], card[-1]
    if suit != led and any(c[-1] == led and k for c, k in hand.items()):
        raise ValueError("must follow")
    if (suit == led == trump and ORDER[card[:-1]] <= ORDER[lead[:-1]]
            and any(c[-1] == led and k and ORDER[c[:-1]] > ORDER[lead[:-1]] for c, k in hand.items())):
        raise ValueError("must head")
    if suit != led and suit != trump and any(c[-1] == trump and k for c, k in hand.items()):
        raise ValueError("must trump")


def lean_meld(cards: list[str], kind_pts: tuple[str, int], hand: Counter, mine: list[list]) -> None:
    """Lay ``cards``, a meld of (class, points), from ``hand`` and the player's melded cards ``mine``: a melded card
    serves again unless it has been in a meld of the class worth as much, and at least one card is new from the
    hand; raises ValueError."""
    free = [t for t in mine if not any(m[0] == kind_pts[0] and m[1] >= kind_pts[1] for m in t[1])]
    plan = {card: [t for t in free if t[0] == card][:k] for card, k in Counter(cards).items()}
    if all(len(reused) == cards.count(card) for card, reused in plan.items()):
        spare = next((card for card in plan if hand[card]), None)   # a meld needs a new card
        if spare is None:
            raise ValueError("no new card")
        plan[spare].pop()
    for card, reused in plan.items():
        k = cards.count(card) - len(reused)
        if hand[card] < k:
            raise ValueError("not held")
        for t in reused:
            t[1].append(kind_pts)
        hand[card] -= k
        mine.extend([card, [kind_pts]] for _copy in range(k))


def lean_pinochle(body: dict) -> dict[str, int]:
    """Two-handed: the card points (last trick included) plus meld points each player ends the deal with; raises
    ValueError on an illegal event."""
    log = body["log"]
    deal = log[0]
    players = list(body["players"])
    other = {players[0]: players[1], players[1]: players[0]}
    hands = {p: Counter(deal["hands"][p]) for p in players}
    upcard = deal["upcard"]
    trump = upcard[-1]
    melds = pinochle_melds(trump)
    table: dict[str, list[list]] = {p: [] for p in players}     # melded cards: [card, [(class, points), ...]]
    points = dict.fromkeys(players, 0)
    stock, done = 24, 0
    leader = other[deal["dealer"]]
    trick: list[tuple[str, str]] = []
    window, melded, to_draw = None, False, []
    for ev in log[1:]:
        kind, player = ev["type"], ev["player"]
        if kind == "play":
            card = ev["card"]
            if to_draw or player != (leader if not trick else other[leader]):
                raise ValueError("out of turn")
            lean_take(hands[player], table[player], card)
            if trick and done >= 12:        # the play-off's strict rules
                playoff_check(hands[player], trick[0][1], card, trump)
            window = None
            trick.append((player, card))
            if len(trick) == 2:
                (p0, c0), (p1, c1) = trick
                beats = (c1[-1] == c0[-1] and ORDER[c1[:-1]] > ORDER[c0[:-1]]) or (c1[-1] == trump != c0[-1])
                winner = p1 if beats else p0
                points[winner] += POINTS[c0[:-1]] + POINTS[c1[:-1]]
                done += 1
                leader, trick = winner, []
                if done == 24:
                    points[winner] += 10
                elif done <= 12:
                    window, melded, to_draw = winner, False, [winner, other[winner]]
                if done == 12:          # melded cards go back to the hands for the play-off
                    for p in players:
                        hands[p].update(t[0] for t in table[p])
                        table[p] = []
        elif kind == "meld":
            kind_pts = melds.get(tuple(sorted(ev["cards"])))
            if player != window or kind_pts is None or melded:
                raise ValueError("no meld")
            lean_meld(ev["cards"], kind_pts, hands[player], table[player])
            melded = True
            points[player] += kind_pts[1]
        elif kind == "draw":
            if not to_draw or player != to_draw[0] or (stock == 1 and ev["card"] != upcard):
                raise ValueError("no draw")
            to_draw.pop(0)
            hands[player][ev["card"]] += 1
            stock -= 1
            window = None
        else:
            raise ValueError(kind)
    return points


# ---------------------------------------------------------------------------------------------------- Canasta

WILD = ("2", "JK")
RED_THREES = ("3H", "3D")
VALUE = {"JK": 50, "A": 20, "2": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
         "7": 5, "6": 5, "5": 5, "4": 5, "3": 5}


def _rank(card: str) -> str:
    return card if card == "JK" else card[:-1]


def _value(card: str) -> int:
    return 0 if card in RED_THREES else VALUE[_rank(card)]


def _take(hand: list[str], cards: list[str]) -> list[str]:
    """``hand`` less ``cards``; ValueError when it lacks one."""
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def _meld_fault(cards: list[str]) -> str | None:
    """Why ``cards`` are no classic meld of a rank (three or more, two naturals or more, at most three wild cards,
    never more wild cards than naturals, no threes but black threes going out), or None."""
    naturals = [c for c in cards if _rank(c) not in WILD]
    wilds = len(cards) - len(naturals)
    if len(cards) < 3 or len(naturals) < 2 or wilds > 3 or wilds > len(naturals):
        return "not a meld"
    if len({_rank(c) for c in naturals}) != 1 or any(c in RED_THREES for c in naturals):
        return "not one rank"
    return None


def lean_canasta(body: dict) -> dict:
    """The end of one classic four-player deal of Canasta (melds, red threes, hands, who went out), for
    :func:`lean_canasta_score`; raises ValueError on an illegal event.  Checked: turn and phase, cards held, the draw
    (one card, red threes laid out and replaced), melds (of a rank, wild cards within bounds, the opening's 50), the
    pile (frozen by a wild card or a red three or for a side that has not melded: a natural pair; otherwise a pair, a
    natural and a wild card, or the side's meld of the rank; the opening count with the top card; a one-card pile),
    red threes kept past a turn, discards (no red three), going out (a canasta on the side's table), the stock
    running out."""
    log = body["log"]
    deal = log[0]
    side_of = {p: s["id"] for s in body["sides"] for p in s["players"]}
    members = [s["players"] for s in body["sides"]]
    seats = [m[k] for k in range(len(members[0])) for m in members]
    hands = {p: list(h) for p, h in deal["hands"].items()}
    pile = list(deal["pile"])
    frozen = any(_rank(c) in WILD or c in RED_THREES for c in pile)
    stock = 108 - sum(len(h) for h in hands.values()) - len(pile)
    melds: dict[str, dict[str, list[str]]] = {s["id"]: {} for s in body["sides"]}
    reds = dict.fromkeys(melds, 0)
    turn = seats[(seats.index(deal["dealer"]) + 1) % len(seats)]
    drawn = started = False
    melded_before: set[str] = set()
    kept: set[str] = set()
    went_out, concealed = None, False
    turn_melded = laid_on = False
    start_ranks: set[str] | None = None       # the side's melds before its first meld of the turn

    def lay(side: str, groups: list, count_from: int, top: str | None = None) -> dict[str, list[str]]:
        """The side's melds with ``groups`` (and the pile's ``top`` card joining the first) laid; the opening's
        count checked."""
        nonlocal laid_on, start_ranks
        if start_ranks is None:
            start_ranks = set(melds[side])
        made: dict[str, list[str]] = {}
        count = count_from
        for g in groups:
            cards = g["cards"] if isinstance(g, dict) else g
            ranks = {_rank(c) for c in cards if _rank(c) not in WILD}
            rank = g["rank"] if isinstance(g, dict) else (next(iter(ranks)) if len(ranks) == 1 else "?")
            if isinstance(g, dict) and rank not in made and rank not in melds[side]:
                raise ValueError("no meld of that rank")
            before = made.get(rank, melds[side].get(rank, []))
            if before and rank in start_ranks:
                laid_on = True
            combined = before + cards
            if _meld_fault(combined):
                raise ValueError("not a meld")
            made[rank] = combined
            count += sum(_value(c) for c in cards)
        if not melds[side] and made and count < 50:
            raise ValueError("opening short of 50")
        return made

    def canastas(side: str, made: dict[str, list[str]]) -> int:
        return sum(1 for r, m in {**melds[side], **made}.items() if len(m) >= 7)

    def pass_turn(player: str) -> None:
        nonlocal turn, drawn, turn_melded, laid_on, start_ranks
        if player not in kept and stock >= 1 and any(c in RED_THREES for c in hands[player]):
            kept.add(player)                                  # a red three kept past the turn (an irregularity)
        if turn_melded:
            melded_before.add(player)
        turn = seats[(seats.index(player) + 1) % len(seats)]
        drawn = turn_melded = laid_on = False
        start_ranks = None

    for ev in log[1:]:
        kind, player = ev["type"], ev["player"]
        if went_out is not None or (kind != "red_three" and player != turn):
            raise ValueError("out of turn")
        side = side_of[player]
        hand = hands[player]
        if kind == "red_three":
            if ev["card"] not in RED_THREES or (started and player != turn) or stock < 1:
                raise ValueError("not a red three to lay out")
            hands[player] = _take(hand, [ev["card"]]) + [ev["replacement"]]
            reds[side] += 1
            stock -= 1
        elif kind == "draw":
            cards = ev["cards"]
            naturals = [c for c in cards if c not in RED_THREES]
            if drawn or stock == 0 or len(cards) > stock or (len(naturals) != 1 and len(cards) != stock) \
                    or cards[-1] in RED_THREES and len(cards) != stock:
                raise ValueError("not a draw")
            stock -= len(cards)
            reds[side] += len(cards) - len(naturals)
            hand += naturals
            drawn = started = True
        elif kind == "take_pile":
            top, shown = pile[-1] if pile else None, ev["cards"]
            if drawn or top is None or _rank(top) in WILD or top in ("3S", "3C"):
                raise ValueError("the pile cannot be taken")
            rest = _take(hand, shown + [c for m in ev["melds"] for c in m])
            if len(pile) == 1 and len(hand) == 1:
                raise ValueError("one card and a pile of one")
            rank = _rank(top)
            naturals = [c for c in shown if _rank(c) not in WILD]
            if any(_rank(c) != rank for c in naturals):
                raise ValueError("the cards shown are not of the top card's rank")
            if frozen or not melds[side]:
                if len(naturals) < 2:
                    raise ValueError("a frozen pile needs a natural pair")
            elif not (len(naturals) >= 2 or (naturals and len(shown) >= 2) or rank in melds[side]):
                raise ValueError("nothing takes the pile")
            made = lay(side, [[top] + shown] + ev["melds"], 0, top)
            taken = pile[:-1]
            reds[side] += sum(1 for c in taken if c in RED_THREES)
            hands[player] = rest + [c for c in taken if c not in RED_THREES]
            melds[side].update(made)
            pile, frozen, drawn, started, turn_melded = [], False, True, True, True
        elif kind == "meld":
            if not drawn:
                raise ValueError("meld before the draw")
            groups = ev["melds"]
            rest = _take(hand, [c for g in groups for c in (g["cards"] if isinstance(g, dict) else g)])
            made = lay(side, groups, 0)
            if (len(rest) <= 1 and not canastas(side, made)) or ("3" in made and rest):
                raise ValueError("going out needs a canasta; black threes meld only going out")
            hands[player] = rest
            melds[side].update(made)
            turn_melded = True
            if not rest:
                went_out, concealed = player, player not in melded_before and not laid_on
        elif kind == "discard":
            card = ev["card"]
            if not drawn or card in RED_THREES:
                raise ValueError("not a discard")
            rest = _take(hand, [card])
            if not rest and not canastas(side, {}):
                raise ValueError("going out needs a canasta")
            hands[player] = rest
            pile.append(card)
            frozen = frozen or _rank(card) in WILD
            if not rest:
                went_out, concealed = player, player not in melded_before and not laid_on
            else:
                pass_turn(player)
        elif kind == "end":
            if drawn or stock:
                raise ValueError("the stock still holds cards")
            break
        else:
            raise ValueError(kind)
    return {"side_of": side_of, "melds": melds, "red_threes": reds, "hands": hands, "went_out": went_out,
            "concealed": concealed}


def lean_canasta_score(end: dict) -> dict[str, int]:
    """Each side's score for the deal :func:`lean_canasta` replayed (not timed: the engine's figure does not score
    either): canastas 500 natural, 300 mixed; red threes 100 each, 800 all four, against a side that has not
    melded; going out 100, concealed 200; melded cards plus, cards left in hand minus."""
    side_of, went_out = end["side_of"], end["went_out"]
    out = {}
    for s, melds in end["melds"].items():
        reds = end["red_threes"][s]
        base = sum(500 if not any(_rank(c) in WILD for c in m) else 300 for m in melds.values() if len(m) >= 7)
        base += (100 * reds * (2 if reds == 4 else 1)) * (1 if melds else -1)
        if went_out is not None and side_of[went_out] == s:
            base += 200 if end["concealed"] else 100
        cards = sum(_value(c) for m in melds.values() for c in m)
        cards -= sum(_value(c) for p, h in end["hands"].items() if side_of[p] == s for c in h)
        out[s] = base + cards
    return out


def thousand_runs():
    """The Thousand deal: (json text, floor, engine, the check that both reach the same points)."""
    from referee import service
    from referee.cards import parse_card
    from referee.jsonio import parse_body
    from referee.thousand.deal import DealState, Layout
    from referee.thousand.options import VARIANTS
    from tests.thousand_helpers import PLAYERS, README_HANDS, README_PLAYS, README_TALON, readme_log

    text = json.dumps({"players": PLAYERS, "log": readme_log()})
    answer = service.handle("thousand", "validate", parse_body(text.encode()))
    lean = lean_thousand(json.loads(text))
    # the floor must reach what the engine gives: card points plus marriages (Anna 63 + 40, Boris 57 + 100, Vera 0)
    engine_points = {p["id"]: p["card_points"] + p["marriage_points"] for p in answer["final"]["players"]}
    if lean != engine_points:
        raise SystemExit(f"thousand: the lean replay gives {lean}, the engine {engine_points}")

    opts = VARIANTS["russian-classic"].resolve({})
    hands = {p: [parse_card(c) for c in h] for p, h in README_HANDS.items()}
    talon = [parse_card(c) for c in README_TALON]
    plays = [(p[0], parse_card(p[1]), len(p) == 3) for p in README_PLAYS]
    gives = {"Boris": parse_card("9S"), "Vera": parse_card("9C")}

    def engine() -> None:
        st = DealState.new(Layout.of(PLAYERS, "Vera"), opts, hands=hands, talon=talon)
        st.apply_pass("Boris")
        st.apply_pass("Vera")
        st.apply_take_talon("Anna")
        st.apply_exchange("Anna", gives)
        for p, c, m in plays:
            st.apply_play(p, c, m)

    return text, lambda: lean_thousand(json.loads(text)), engine, lean


def pinochle_runs():
    """The two-handed Pinochle deal of ``examples/pinochle/``: (json text, floor, engine, points)."""
    from referee import service
    from referee.cards import parse_card
    from referee.jsonio import parse_body
    from referee.pinochle.deal import new_state, stock_tricks
    from referee.pinochle.options import VARIANTS

    body = json.loads((ROOT / "examples" / "pinochle" / "two-handed-game.json").read_text())
    body.pop("game")
    text = json.dumps(body)
    answer = service.handle("pinochle", "validate", parse_body(text.encode()))
    lean = lean_pinochle(json.loads(text))
    # card points with the last trick's 10, plus meld (Ann 74 + 20, Bob 176 + 20)
    engine_points = {p["id"]: p["raw_card_points"] + p["meld_points"] for p in answer["final"]["players"]}
    if lean != engine_points:
        raise SystemExit(f"pinochle: the lean replay gives {lean}, the engine {engine_points}")

    opts = VARIANTS["two-handed"].resolve({})
    players, deal = body["players"], body["log"][0]
    hands = {p: [parse_card(c) for c in deal["hands"][p]] for p in players}
    upcard = parse_card(deal["upcard"])
    # the events prepared as the replay hands them to the state machine: parsed cards, the draw's twin_out from
    # the copies seen (the deal's cards, then each draw)
    seen = Counter(c for h in hands.values() for c in h) + Counter([upcard])
    events = []
    for ev in body["log"][1:]:
        if ev["type"] == "draw":
            card = parse_card(ev["card"])
            events.append(("draw", ev["player"], card, seen[card] >= 2))
            seen[card] += 1
        elif ev["type"] == "meld":
            events.append(("meld", ev["player"], [parse_card(c) for c in ev["cards"]], False))
        else:
            events.append(("play", ev["player"], parse_card(ev["card"]), False))

    def engine() -> None:
        st = new_state(players, deal["dealer"], opts, upcard.suit, hands)
        st.upcard = st.turned_up = upcard
        st.stock_left = 2 * stock_tricks(opts)
        for kind, player, card, twin_out in events:
            if kind == "play":
                st.apply_play(player, card)
            elif kind == "draw":
                st.apply_draw(player, card, twin_out=twin_out)
            else:
                st.apply_meld(player, card, False, explain=False)     # as the replay does

    return text, lambda: lean_pinochle(json.loads(text)), engine, lean


def canasta_engine(sides: list[dict], log: list[dict]):
    """The deal of ``log`` through ``referee.canasta.deal.DealState`` alone: the events prepared as the replay hands
    them to the state machine (cards parsed, melds grouped), each applied and its irregularities collected."""
    from referee.canasta.deal import DealState, Layout, Pile
    from referee.canasta.options import VARIANTS, Options
    from schemas.canasta import read_card, read_melds

    def canasta_card(text, _ptr):
        return read_card(text)

    def meld_groups(melds, _ptr):
        return read_melds(melds or [])

    opts = Options.of(VARIANTS["classic"].resolve({}))     # as the replay's start_deal hands them over, once
    layout = Layout.of(sides)
    deal = log[0]
    hands = {p: [canasta_card(c, "") for c in h] for p, h in deal["hands"].items()}
    pile_cards = [canasta_card(c, "") for c in deal["pile"]]
    stock = 108 - sum(len(h) for h in hands.values()) - len(pile_cards)
    card = lambda c: canasta_card(c, "")  # noqa: E731
    steps: list[tuple] = []
    for ev in log[1:]:
        t, p = ev["type"], ev["player"]
        if t == "red_three":
            steps.append((DealState.apply_red_three, p, card(ev["card"]), card(ev["replacement"])))
        elif t == "draw":
            steps.append((DealState.apply_draw, p, [card(c) for c in ev["cards"]]))
        elif t == "take_pile":
            steps.append((DealState.apply_take_pile, p, [card(c) for c in ev["cards"]],
                          meld_groups(ev.get("melds"), "")))
        elif t == "meld":
            steps.append((DealState.apply_meld, p, meld_groups(ev["melds"], "")))
        elif t == "discard":
            steps.append((DealState.apply_discard, p, card(ev["card"])))
        else:
            steps.append((DealState.apply_end, p))

    def engine() -> None:
        pile = Pile.dealt(pile_cards, black_three_freezes=False, frozen_at_start=False)
        st = DealState(layout, opts, {"NS": 0, "EW": 0}, stock, pile, layout.after(deal["dealer"]),
                       {p: list(h) for p, h in hands.items()})
        for fn, *args in steps:
            fn(st, *args)
            st.take_irregularities()
        assert st.phase == "done"

    return engine


def canasta_runs():
    """Canasta: the classic four-player deal of ``benchmarks/ratios.py`` (``tests/canasta_sim.py``, seed 3):
    (json text, floor, engine, each side's score)."""
    from referee import service
    from referee.jsonio import parse_body
    from tests.canasta_sim import random_canasta_log

    sides, log, _ = random_canasta_log(3)
    text = json.dumps({"sides": sides, "log": log})
    answer = service.handle("canasta", "validate", parse_body(text.encode()))
    assert answer["valid"], answer["violations"]
    lean = lean_canasta_score(lean_canasta(json.loads(text)))
    engine_totals = {s["id"]: s["total_after"] for s in answer["final"]["sides"]}
    if lean != engine_totals:
        raise SystemExit(f"canasta: the lean replay gives {lean}, the engine {engine_totals}")
    return text, lambda: lean_canasta(json.loads(text)), canasta_engine(sides, log), lean


GAMES = {"thousand": thousand_runs, "pinochle": pinochle_runs, "canasta": canasta_runs}


def measure(game: str, rounds: int) -> None:
    """Print the ratios of one game, each measured side by side."""
    from referee import service
    from referee.jsonio import parse_body

    text, floor, engine, points = GAMES[game]()
    raw = text.encode()

    def loads() -> None:
        json.loads(text)

    def validate() -> None:
        service.handle(game, "validate", parse_body(raw))

    _, _, r_floor = side_by_side(floor, loads, rounds)
    _, _, r_engine = side_by_side(engine, loads, rounds)
    _, _, r_validate = side_by_side(validate, loads, rounds)
    _, _, engine_over_floor = side_by_side(engine, floor, rounds)
    _, _, validate_over_floor = side_by_side(validate, floor, rounds)
    print(f"{game}: points, the lean replay and the engine alike: {points}")
    print(f"  floor    ÷ json.loads: {r_floor:6.1f}×")
    print(f"  engine   ÷ json.loads: {r_engine:6.1f}×")
    print(f"  validate ÷ json.loads: {r_validate:6.1f}×")
    print(f"  engine   ÷ floor:      {engine_over_floor:6.1f}×   (target ≤ 2×)")
    print(f"  validate ÷ floor:      {validate_over_floor:6.1f}×")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated, of " + ", ".join(GAMES))
    args = ap.parse_args()
    for game in args.games.split(","):
        measure(game, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
