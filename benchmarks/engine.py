"""In-process speed of the engine: score, check and validate per game, and replay time against log length.

    .venv/bin/python benchmarks/engine.py

Each request goes through referee.service.handle (schema, options, engine, citations) with no HTTP;
"engine only" replays a Thousand deal through the state machine without the request layer.
"""
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from referee import service  # noqa: E402
from referee.cards import parse_card  # noqa: E402
from referee.thousand.deal import DealState, Layout  # noqa: E402
from referee.thousand.options import VARIANTS  # noqa: E402
from tests.thousand_helpers import PLAYERS, README_HANDS, README_PLAYS, README_TALON, README_TRICKS, readme_log  # noqa: E402


def rate(fn, seconds=2.0):
    fn()
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        n += 1
    return n / (time.perf_counter() - start)


def load(name):
    body = json.loads((ROOT / "examples" / name).read_text())
    body.pop("game")
    return body


def main():
    rows = []
    t_score = {"players": PLAYERS, "dealer": "Vera", "deal": {"declarer": "Anna", "contract": 100,
               "tricks": README_TRICKS, "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}}
    t_check = load("thousand/check-revoke.json")
    t_log = {"players": PLAYERS, "log": readme_log()}
    rows.append(("thousand", "score (tricks)", rate(lambda: service.handle("thousand", "score", t_score))))
    rows.append(("thousand", "check (play)", rate(lambda: service.handle("thousand", "check", t_check))))
    rows.append(("thousand", "validate (1 deal)", rate(lambda: service.handle("thousand", "validate", t_log))))
    opts = VARIANTS["russian-classic"].resolve({})
    hands = {p: [parse_card(c) for c in h] for p, h in README_HANDS.items()}
    talon = [parse_card(c) for c in README_TALON]
    plays = [(p[0], parse_card(p[1]), len(p) == 3) for p in README_PLAYS]

    def engine_only():
        st = DealState.new(Layout.of(PLAYERS, "Vera"), opts, hands=hands, talon=talon)
        st.apply_pass("Boris")
        st.apply_pass("Vera")
        st.apply_take_talon("Anna")
        st.apply_exchange("Anna", {"Boris": parse_card("9S"), "Vera": parse_card("9C")})
        for p, c, m in plays:
            st.apply_play(p, c, m)
    rows.append(("thousand", "deal replay, engine only", rate(engine_only)))
    p_score = load("pinochle/two-handed-score.json")
    p_log = load("pinochle/two-handed-game.json")
    p_check = {"players": ["Ann", "Bob"], "dealer": "Ann", "position": {"phase": "play", "trump": "H", "tricks_done": 14,
               "hand": ["AS", "9S", "10H", "QC", "9D", "JD", "KD", "QD", "JC", "9C"],
               "trick": {"leader": "Bob", "cards": ["KS"]}}, "action": {"type": "play", "player": "Ann", "card": "9S"}}
    rows.append(("pinochle", "score (24 tricks)", rate(lambda: service.handle("pinochle", "score", p_score))))
    rows.append(("pinochle", "check (play-off)", rate(lambda: service.handle("pinochle", "check", p_check))))
    rows.append(("pinochle", "validate (1 deal)", rate(lambda: service.handle("pinochle", "validate", p_log))))
    rows += canasta_rows()
    print(f"{'game':<9} {'operation':<26} {'per second':>10}")
    for g, op, r in rows:
        print(f"{g:<9} {op:<26} {r:>10.0f}")
    # replay time against log length: a game of 1 deal vs one of 10 deals (random legal deals, dealers rotating)
    one = {"players": PLAYERS3, "log": random_game(1)}
    ten = {"players": PLAYERS3, "log": random_game(10), "options": {"target": 1005}}
    assert service.handle("thousand", "validate", ten)["valid"]
    r1 = rate(lambda: service.handle("thousand", "validate", one))
    r10 = rate(lambda: service.handle("thousand", "validate", ten))
    print(f"thousand validate: 1 deal {1000 / r1:.2f} ms, 10 deals {1000 / r10:.2f} ms, "
          f"10 deals cost {r1 / r10:.1f}x one deal")
    from tests.canasta_sim import random_canasta_game
    parts: list = []
    sides, log10 = random_canasta_game(10, parts=parts)
    ten = {"sides": sides, "log": log10, "options": {"target": 100000}}
    singles = [{"sides": sides, "log": part, "state": {"scores": before}, "options": {"target": 100000}}
               for before, part in parts]
    assert service.handle("canasta", "validate", ten)["valid"]
    assert all(service.handle("canasta", "validate", b)["valid"] for b in singles)
    r10 = rate(lambda: service.handle("canasta", "validate", ten))
    parts_ms = sum(1000 / rate(lambda b=b: service.handle("canasta", "validate", b), 0.5) for b in singles)
    print(f"canasta validate: the 10 deals one by one {parts_ms:.2f} ms in all, as one 10-deal log "
          f"({len(log10)} events) {1000 / r10:.2f} ms: {1000 / r10 / parts_ms:.2f}x")


def canasta_rows():
    """Canasta through the service, and one deal replayed through the state machine alone."""
    from referee.canasta.deal import DealState as CDeal
    from referee.canasta.deal import Layout as CLayout
    from referee.canasta.deal import Pile
    from referee.canasta.options import VARIANTS as CANASTA
    from schemas.canasta import read_card, read_melds

    def canasta_card(text, _ptr):
        return read_card(text)

    def meld_groups(melds, _ptr):
        return read_melds(melds or [])
    from tests.canasta_sim import random_canasta_log
    c_score = load("canasta/score-four-player.json")
    c_check = load("canasta/check-frozen-pile.json")
    sides, log, _ = random_canasta_log(3)
    c_log = {"sides": sides, "log": log}
    rows = [("canasta", "score (4 players)", rate(lambda: service.handle("canasta", "score", c_score))),
            ("canasta", "check (take the pile)", rate(lambda: service.handle("canasta", "check", c_check))),
            ("canasta", f"validate (1 deal, {len(log)} ev.)",
             rate(lambda: service.handle("canasta", "validate", c_log)))]
    opts = CANASTA["classic"].resolve({})
    layout = CLayout.of(sides)
    deal = log[0]
    hands = {p: [canasta_card(c, "") for c in h] for p, h in deal["hands"].items()}
    pile_cards = [canasta_card(c, "") for c in deal["pile"]]
    steps = []
    for ev in log[1:]:
        t, p = ev["type"], ev["player"]
        if t == "red_three":
            steps.append((CDeal.apply_red_three, p, canasta_card(ev["card"], ""), canasta_card(ev["replacement"], "")))
        elif t == "draw":
            steps.append((CDeal.apply_draw, p, [canasta_card(c, "") for c in ev["cards"]]))
        elif t == "take_pile":
            steps.append((CDeal.apply_take_pile, p, [canasta_card(c, "") for c in ev["cards"]],
                          meld_groups(ev.get("melds"), "")))
        elif t == "meld":
            steps.append((CDeal.apply_meld, p, meld_groups(ev["melds"], "")))
        elif t == "discard":
            steps.append((CDeal.apply_discard, p, canasta_card(ev["card"], "")))
        elif t == "end":
            steps.append((CDeal.apply_end, p))
    stock = 108 - sum(len(h) for h in hands.values()) - len(pile_cards)

    def engine_only():
        pile = Pile(None, 0, None, [])
        for c in pile_cards:
            pile.push(c, False)
        st = CDeal(layout, opts, {"NS": 0, "EW": 0}, stock, pile, layout.after(deal["dealer"]),
                   {p: list(h) for p, h in hands.items()})
        for fn, *args in steps:
            fn(st, *args)
        assert st.phase == "done"
    rows.append(("canasta", "deal replay, engine only", rate(engine_only)))
    return rows


PLAYERS3 = ["A", "B", "C"]


def random_game(deals: int, seed: int = 7) -> list:
    """A legal game log of ``deals`` deals: random hands, the forced bidder plays 100, random legal cards."""
    import random

    from referee.thousand.cards import DECK
    rng = random.Random(seed)
    opts = VARIANTS["russian-classic"].resolve({"target": 1005})
    log = []
    for k in range(deals):
        dealer = PLAYERS3[(2 + k) % 3]
        lay = Layout.of(PLAYERS3, dealer)
        cards = DECK.cards()
        rng.shuffle(cards)
        hands = {p: cards[7 * i:7 * i + 7] for i, p in enumerate(lay.active)}
        talon = cards[21:]
        st = DealState.new(lay, opts, hands=hands, talon=talon)
        first, second, third = lay.active
        log += [{"type": "deal", "dealer": dealer, "hands": {p: [str(c) for c in h] for p, h in hands.items()},
                 "talon": [str(c) for c in talon]},
                {"type": "pass", "player": second}, {"type": "pass", "player": third},
                {"type": "take_talon", "player": first}]
        st.apply_pass(second)
        st.apply_pass(third)
        st.apply_take_talon(first)
        give = st.hands[first][:2]
        st.apply_exchange(first, {second: give[0], third: give[1]})
        log.append({"type": "exchange", "player": first, "gives": {second: str(give[0]), third: str(give[1])}})
        while st.phase != "done":
            p = st.to_play if st.phase == "play" else first
            a = rng.choice([a for a in st.legal_actions(p) if a["type"] == "play"])
            st.apply_play(p, parse_card(a["card"]), bool(a.get("marriage")))
            log.append({"type": "play", "player": p, "card": a["card"], **({"marriage": True} if a.get("marriage") else {})})
    return log


if __name__ == "__main__":
    main()
