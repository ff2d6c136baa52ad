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


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
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

    def loads() -> None:
        json.loads(text)

    def floor() -> None:
        lean_thousand(json.loads(text))

    def validate() -> None:
        service.handle("thousand", "validate", parse_body(raw))

    t_loads, t_floor, r_floor = side_by_side(floor, loads, args.rounds)
    t_engine, _, r_engine = side_by_side(engine, loads, args.rounds)
    t_validate, _, r_validate = side_by_side(validate, loads, args.rounds)
    _, _, engine_over_floor = side_by_side(engine, floor, args.rounds)
    _, _, validate_over_floor = side_by_side(validate, floor, args.rounds)
    print(f"points, the lean replay and the engine alike: {lean}")
    print(f"floor    ÷ json.loads: {r_floor:6.1f}×")
    print(f"engine   ÷ json.loads: {r_engine:6.1f}×")
    print(f"validate ÷ json.loads: {r_validate:6.1f}×")
    print(f"engine   ÷ floor:      {engine_over_floor:6.1f}×   (target ≤ 2×)")
    print(f"validate ÷ floor:      {validate_over_floor:6.1f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
