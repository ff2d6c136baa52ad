"""Write examples/thousand/* from the hand-worked deals in tests/thousand_helpers.py.

Run `.venv/bin/python scripts/make_examples.py`; tests/cli/test_examples.py checks the files and their verdicts.
"""
import copy
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.test_thousand_more import TWO, two_player_log  # noqa: E402

from tests.thousand_helpers import PLAYERS, README_TRICKS, readme_log  # noqa: E402

OUT = ROOT / "examples" / "thousand"
OUT.mkdir(parents=True, exist_ok=True)


def dump(name, obj):
    (OUT / name).write_text(json.dumps(obj, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


dump("score-deal.json", {
    "game": "thousand", "players": PLAYERS, "dealer": "Vera",
    "state": {"scores": {"Anna": 420, "Boris": 310, "Vera": 875}},
    "deal": {"declarer": "Anna", "contract": 100, "tricks": README_TRICKS,
             "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}]}})
dump("check-revoke.json", {
    "game": "thousand", "players": PLAYERS, "dealer": "Vera",
    "position": {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 4, "Boris": 2},
                 "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}],
                 "trick": {"leader": "Anna", "cards": ["9D"]}, "hand": ["9H", "AC"]},
    "action": {"type": "play", "player": "Boris", "card": "AC"}})
dump("game.json", {"game": "thousand", "players": PLAYERS, "log": readme_log()})

# A batch: one log a line.  Lines 3, 5, 6 and 7 are invalid and line 8 is unreadable, on purpose.
revoke = readme_log()
revoke[next(k for k, e in enumerate(revoke) if e.get("card") == "9H")]["card"] = "AC"
early_marriage = readme_log()
early_marriage[5] = {"type": "play", "player": "Anna", "card": "KS", "marriage": True}
dup = readme_log()
dup[0] = copy.deepcopy(dup[0])
dup[0]["talon"] = ["9D", "JC", "AH"]
two_games = readme_log() + readme_log(dealer="Anna")
lines = [
    {"game": "thousand", "players": PLAYERS, "log": readme_log()},
    {"game": "thousand", "variant": "two-player", "players": TWO, "log": two_player_log()},
    {"game": "thousand", "players": PLAYERS, "log": revoke},
    {"game": "thousand", "variant": "four-player", "players": PLAYERS + ["Gleb"], "log": readme_log(dealer="Gleb")},
    {"game": "thousand", "players": PLAYERS, "log": early_marriage},
    {"game": "thousand", "players": PLAYERS, "log": dup},
    # a log cut off after event 11, then a new deal: the cut-off deal was never finished (thousand/3.7)
    {"game": "thousand", "players": PLAYERS, "log": readme_log()[:12] + readme_log(dealer="Anna")},
]
with (OUT / "batch.jsonl").open("w", encoding="utf-8") as fh:
    for obj in lines:
        fh.write(json.dumps(obj, ensure_ascii=False) + "\n")
    fh.write('{"game": "thousand", "players": ["Anna", "Boris", "Vera"], "log": [\n')  # a corrupt line
print("examples written to", OUT)
