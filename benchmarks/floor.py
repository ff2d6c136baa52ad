"""The floor under Thousand's validate: a lean replay of the same deal, measured side by side with the engine.

    .venv/bin/python benchmarks/floor.py [--rounds 7]

The lean replay (:func:`lean_thousand`) does the work a whole-deal validate cannot do without, on the parsed JSON
and nothing else: who holds which card, the talon and the exchange, following suit and trumping (thousand/11.3),
trick winners, marriages announced on a lead by a player who has taken a trick and holds the pair (10.1), the trump
they set, and the card points of every player.  No pointers, no texts, no options, no citations.  It refuses an
impossible deal by raising, and the script checks that it reaches the points the engine gives.

Figures, each the median of the rounds of CPU time in this process, ÷ ``json.loads`` of the same body:
  floor      — the lean replay;
  engine     — the same deal through ``referee.thousand.deal.DealState`` alone (cards already parsed);
  validate   — ``parse_body`` + ``referee.service.handle`` (what POST /validate does short of HTTP);
and engine ÷ floor, the measure of issue 30's target (≤ 2×).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

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

                def strength(pc: tuple[str, str]) -> int:
                    c = pc[1]
                    return (20 if c[-1] == trump else 10 if c[-1] == led else 0) + ORDER[c[:-1]]
                winner = max(trick, key=strength)[0]
                took[winner] += 1
                points[winner] += sum(POINTS[c[:-1]] for _p, c in trick)
                trick = []
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


def thousand_figures(rounds: int) -> None:
    """Thousand: the README's deal."""
    from referee import service
    from referee.cards import parse_card
    from referee.jsonio import parse_body
    from referee.thousand.deal import DealState, Layout
    from referee.thousand.options import VARIANTS
    from tests.thousand_helpers import PLAYERS, README_HANDS, README_PLAYS, README_TALON, readme_log

    body = {"players": PLAYERS, "log": readme_log()}
    text = json.dumps(body)
    raw = text.encode()
    answer = service.handle("thousand", "validate", parse_body(raw))
    lean = lean_thousand(json.loads(text))
    # the floor must reach what the engine gives: card points plus marriages (Anna 63 + 40, Boris 57 + 100, Vera 0)
    engine_points = {p["id"]: p["card_points"] + p["marriage_points"] for p in answer["final"]["players"]}
    if lean != engine_points:
        raise SystemExit(f"the lean replay gives {lean}, the engine {engine_points}")

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

    print(f"thousand: points, the lean replay and the engine alike: {lean}")
    report(text, lambda: lean_thousand(json.loads(text)), engine,
           lambda: service.handle("thousand", "validate", parse_body(raw)), rounds)


def canasta_engine(sides: list[dict], log: list[dict]):
    """The deal of ``log`` through ``referee.canasta.deal.DealState`` alone: the events prepared as the replay hands
    them to the state machine (cards parsed, melds grouped), each applied and its irregularities collected."""
    from referee.canasta.deal import DealState, Layout, Pile
    from referee.canasta.options import VARIANTS, Options
    from referee.canasta.views import canasta_card, meld_groups

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


def canasta_figures(rounds: int) -> None:
    """Canasta: the classic four-player deal of ``benchmarks/ratios.py`` (``tests/canasta_sim.py``, seed 3)."""
    from referee import service
    from referee.jsonio import parse_body
    from tests.canasta_sim import random_canasta_log

    sides, log, _ = random_canasta_log(3)
    text = json.dumps({"sides": sides, "log": log})
    raw = text.encode()
    answer = service.handle("canasta", "validate", parse_body(raw))
    assert answer["valid"], answer["violations"]
    lean = lean_canasta_score(lean_canasta(json.loads(text)))
    engine_totals = {s["id"]: s["total_after"] for s in answer["final"]["sides"]}
    if lean != engine_totals:
        raise SystemExit(f"the lean replay gives {lean}, the engine {engine_totals}")

    engine = canasta_engine(sides, log)
    print(f"canasta: {len(log)} events; each side's score, the lean replay and the engine alike: {lean}")
    report(text, lambda: lean_canasta(json.loads(text)), engine,
           lambda: service.handle("canasta", "validate", parse_body(raw)), rounds)


def report(text: str, floor, engine, validate, rounds: int) -> None:
    """The floor, the engine and validate, each ÷ ``json.loads`` of ``text``, and the engine and validate ÷ the
    floor, measured side by side."""
    def loads() -> None:
        json.loads(text)

    _, _, r_floor = side_by_side(floor, loads, rounds)
    _, _, r_engine = side_by_side(engine, loads, rounds)
    _, _, r_validate = side_by_side(validate, loads, rounds)
    _, _, engine_over_floor = side_by_side(engine, floor, rounds)
    _, _, validate_over_floor = side_by_side(validate, floor, rounds)
    print(f"  floor    ÷ json.loads: {r_floor:6.1f}×")
    print(f"  engine   ÷ json.loads: {r_engine:6.1f}×")
    print(f"  validate ÷ json.loads: {r_validate:6.1f}×")
    print(f"  engine   ÷ floor:      {engine_over_floor:6.1f}×   (target ≤ 2×)")
    print(f"  validate ÷ floor:      {validate_over_floor:6.1f}×")


GAMES = {"thousand": thousand_figures, "canasta": canasta_figures}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--game", choices=sorted(GAMES), action="append",
                    help="the game to measure (repeatable); every game by default")
    args = ap.parse_args()
    for game in args.game or list(GAMES):
        GAMES[game](args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
