"""Write examples/pinochle/*: a complete two-handed deal (log and tricks) played by a fixed-seed
random player that always chooses a legal card and melds whenever it can.

Run `.venv/bin/python scripts/make_pinochle_examples.py`.  tests/pinochle/test_rule_vectors.py replays the files.
"""
import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from referee.cards import Card  # noqa: E402
from referee.pinochle.cards import DECKS  # noqa: E402
from referee.pinochle.deal import legal_cards, new_state  # noqa: E402
from referee.pinochle.melds import meld_kind  # noqa: E402
from referee.pinochle.options import VARIANTS  # noqa: E402

OUT = ROOT / "examples" / "pinochle"
OUT.mkdir(parents=True, exist_ok=True)
P = ["Ann", "Bob"]
opts = VARIANTS["two-handed"].resolve({})
rng = random.Random(1000)
deck = DECKS[48].cards()
rng.shuffle(deck)
hands = {"Bob": deck[:12], "Ann": deck[12:24]}  # Ann deals, Bob is served first and leads
upcard, stock = deck[24], deck[25:]
st = new_state(P, "Ann", opts, upcard.suit, hands)
st.upcard, st.stock_left = upcard, 24
log = [{"type": "deal", "dealer": "Ann", "hands": {p: [str(c) for c in hands[p]] for p in P}, "upcard": str(upcard)}]
tricks, melds = [], []
CANDIDATES = [("K", "Q"), ("A", "10", "K", "Q", "J")]


def try_meld(p):
    hold = st.holding(p)
    tries = []
    for s in "SHDC":
        tries.append([Card("K", s), Card("Q", s)])
        tries.append([Card(r, s) for r in ("A", "10", "K", "Q", "J")])
    for r in "AKQJ":
        tries.append([Card(r, s) for s in "SHDC"])
    tries.append([Card("Q", "S"), Card("J", "D")])
    for cards in tries:
        if all(hold.count(c) >= cards.count(c) for c in cards) and meld_kind(cards, st.trump, opts):
            try:
                st.verify_meld(p, cards)
            except Exception:
                continue
            st.apply_meld(p, cards)
            log.append({"type": "meld", "player": p, "cards": [str(c) for c in cards]})
            melds.append({"player": p, "cards": [str(c) for c in cards]})
            return


while not st.done:
    cur = []
    for _ in range(2):
        p = st.to_play
        if st.n == 2 and st.tricks_done == 12 and not st.trick:
            st.start_playoff()
        options = legal_cards(st.holding(p), st.trick, st.trump, st.strict, opts["must_head"], p)
        c = rng.choice(options)
        out = st.apply_play(p, c)
        log.append({"type": "play", "player": p, "card": str(c)})
        cur.append(str(c))
    tricks.append({"leader": out["trick"]["leader"], "cards": cur})
    if st.to_draw:
        w = st.to_draw[0]
        try_meld(w)
        for p in list(st.to_draw):
            card = stock.pop(0) if (st.stock_left > 2 or p == w) else upcard
            st.apply_draw(p, card)
            log.append({"type": "draw", "player": p, "card": str(card)})

(OUT / "two-handed-game.json").write_text(json.dumps({"game": "pinochle", "players": P, "log": log}, indent=1) + "\n")
(OUT / "two-handed-score.json").write_text(json.dumps({
    "game": "pinochle", "players": P, "dealer": "Ann",
    "deal": {"upcard": str(upcard), "melds": melds, "tricks": tricks}}, indent=1) + "\n")
print("captured", st.captured, "melds", st.meld_points, "last", st.last_trick)

# A batch of two-handed logs, one a line: lines 2 and 3 are invalid on purpose (a revoke in the play-off,
# a third copy of a card in the deal); line 4 ends mid-deal.
import copy  # noqa: E402

game = json.loads((OUT / "two-handed-game.json").read_text())
revoke = copy.deepcopy(game)
plays = [i for i, e in enumerate(revoke["log"]) if e["type"] == "play"]
for k in range(24, 48, 2):
    lead, follow = revoke["log"][plays[k]], revoke["log"][plays[k + 1]]
    if lead["card"][-1] == follow["card"][-1]:
        held = [e["card"] for e in revoke["log"][plays[k + 2]:]
                if e.get("player") == follow["player"] and e["type"] == "play"]
        other = next((c for c in held if c[-1] != lead["card"][-1]), None)
        if other:
            revoke["log"][plays[k + 1]] = dict(follow, card=other)
            break
third = copy.deepcopy(game)
third["log"][0]["hands"]["Ann"][0] = third["log"][0]["hands"]["Bob"][0]
third["log"][0]["hands"]["Ann"][1] = third["log"][0]["hands"]["Bob"][0]
short = copy.deepcopy(game)
short["log"] = short["log"][:30]
with (OUT / "batch.jsonl").open("w") as fh:
    for obj in (game, revoke, third, short):
        fh.write(json.dumps(obj) + "\n")
