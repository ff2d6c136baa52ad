"""Every engine reports every rule its answer shows, as it decides it: the service cites the rules the engine
reports (its ``_rules``) and never walks the answer for them.  Here the walk is the oracle: for every request body
the project's tests and guides send, each ``rule`` anywhere in the answer (:func:`referee.service.collect_rules`)
must be among the rules reported, so that the citations, in rulebook order, are those the walk would give.

The bodies: the examples/ folder and the benchmarks' bodies (tests/example_bodies.py), the requests of the README and
the guides (tests/test_readme.py), the logs and positions of tests/data/, and the 400 bodies of
tests/data/json_bodies.jsonl; each also replayed as played (a log) and in three variants that break it (a key dropped,
a value swapped for another of the body's, a list cut short: faulty logs, illegal actions, penalties).  The score
sheets of the guides, and sheets made of the score bodies' deals, are checked deal by deal through the same judge,
and their rows' events against the sheet's citations.
"""
from __future__ import annotations

import copy
import importlib.util
import json
import pathlib
from collections import Counter

import pytest

from referee import i18n, service, sheet
from referee.errors import InputError, UnknownVariant
from tests.doc_examples import EXAMPLES, parse_curl
from tests.example_bodies import CORPUS

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
GAMES = ("thousand", "pinochle", "canasta")
ENDPOINTS = ("score", "check", "validate")


def _endpoint_of(body: dict) -> str | None:
    """The endpoint a body is shaped for, by its keys."""
    if "deals" in body:
        return "scoresheet"
    if "log" in body:
        return "validate"
    if "action" in body:
        return "check"
    if "deal" in body:
        return "score"
    return None


def _load_mutants():
    """scripts/compare_answers.py's maker of faulty variants (a script, so loaded by its path)."""
    spec = importlib.util.spec_from_file_location("compare_answers", ROOT / "scripts" / "compare_answers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module._mutants


_mutants = _load_mutants()


def _sources() -> list[tuple[str | None, str, dict]]:
    """(game or None when not known, endpoint, body) of every body the tests and guides send."""
    out: list[tuple[str | None, str, dict]] = [(g, ep, copy.deepcopy(b)) for g, ep, b in CORPUS]
    for ex in EXAMPLES:
        req = parse_curl(ex.cmd)
        parts = req.path.split("?")[0].split("/")
        if req.method == "POST" and len(parts) == 5 and parts[4] in (*ENDPOINTS, "scoresheet"):
            body = json.loads(req.body or b"null")
            if isinstance(body, dict):
                out.append((parts[3], parts[4], body))
    for path in sorted(DATA.glob("*.json")):
        body = json.loads(path.read_text(encoding="utf-8"))
        out.append((path.stem.split("_")[0], _endpoint_of(body) or "", body))
    for path in sorted([*DATA.glob("classic_logs/*.json"), *DATA.glob("family_logs/*.json")]):
        body = json.loads(path.read_text(encoding="utf-8"))
        out.append(("canasta", _endpoint_of(body) or "", body))
    for line in (DATA / "json_bodies.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            body = json.loads(json.loads(line)["body"])
        except ValueError:              # a body of the strict reader's tests that is no JSON
            continue
        if isinstance(body, dict) and _endpoint_of(body):
            out.append((None, _endpoint_of(body) or "", body))
    return out


def _requests() -> list[tuple[str, str, dict]]:
    """Every (game, endpoint, body) to judge: each source body, a log also as played, and two mutants of each."""
    out = []
    seen = set()
    for game, ep, body in _sources():
        if ep not in (*ENDPOINTS, "scoresheet"):
            continue
        bodies = [body]
        if ep == "validate":
            bodies.append({**body, "replay": "as_played"})
        if ep == "score":       # a sheet of the deal played twice
            envelope = {k: v for k, v in body.items() if k != "deal"}
            bodies.append({**envelope, "deals": [body["deal"], body["deal"]]})
        for b in list(bodies):
            bodies += _mutants(b, 3)
        for b in bodies:
            kind = _endpoint_of(b) if ep in ("score", "scoresheet") else ep
            for g in (game,) if game else GAMES:
                key = json.dumps([g, kind, b], sort_keys=True)
                if kind and key not in seen:
                    seen.add(key)
                    out.append((g, kind, b))
    return out


REQUESTS = _requests()


def _judged(game: str, endpoint: str, body: dict):
    """``service.judge``'s answer in English, or None for a body that cannot be judged (a 404 or a 422)."""
    with i18n.language("en"):
        try:
            return service.judge(game, endpoint, body)
        except (InputError, UnknownVariant):
            return None


def _faults(game_, variant, opts, result, reported) -> list[str]:
    """What the answer shows that the engine did not report, and a citation list that differs from the walk's."""
    walked = service.collect_rules(result, set())
    faults = [f"the answer shows {sorted(walked - reported)} and the engine did not report them"] \
        if not walked <= reported else []
    cited = service._citations(game_, variant, opts, "en", reported)
    oracle = service._citations(game_, variant, opts, "en", walked | reported)
    if cited != oracle:
        faults.append("the citations differ from those of the rules the answer shows")
    return faults


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_every_rule_an_answer_shows_is_reported(game, endpoint):
    judged, shown = 0, Counter()
    failures = []
    for g, ep, body in REQUESTS:
        if (g, ep) != (game, endpoint):
            continue
        got = _judged(g, ep, body)
        if got is None:
            continue
        judged += 1
        result = got[3]
        shown.update(k for k in ("violations", "penalties", "conditions") if result.get(k))
        shown.update(("as_played",) if result.get("replay") == "as_played" and result.get("violations") else ())
        faults = _faults(*got)
        if faults:
            failures.append((json.dumps(body)[:300], faults))
    assert not failures, f"{len(failures)} answers: {failures[:3]}"
    # the bodies judged reach far: answers with rules broken, logs with faults applied as played, verdicts that turn
    # on unseen cards
    assert judged >= 14, judged         # the fewest: Pinochle's score bodies and their variants, 14
    if endpoint != "score":
        assert shown["violations"] >= 10, shown
    if endpoint == "validate":
        assert shown["as_played"] >= 5, shown
    if endpoint == "check" and game != "canasta":
        assert shown["conditions"] >= 1, shown


def test_a_penalty_shown_with_a_violation_is_reported():
    # Canasta's penalties are shown inside a log's violations and beside a check's: each one's rule is reported
    with_penalty = 0
    for g, ep, body in REQUESTS:
        if g != "canasta" or ep not in ("check", "validate"):
            continue
        got = _judged(g, ep, body)
        if got is None:
            continue
        result = got[3]
        penalties = [v["penalty"] for v in result.get("violations", ()) if "penalty" in v] + \
            list(result.get("penalties", ()))
        with_penalty += bool(penalties)
        assert {p["rule"] for p in penalties} <= got[4]
    assert with_penalty >= 10, with_penalty


CANASTA_FOUR = [{"id": "us", "players": ["Ann", "Cy"]}, {"id": "them", "players": ["Bob", "Dee"]}]
SEVEN_KINGS = ["KH", "KD", "KS", "KC", "KH", "KD", "KS"]
THREE = ["Anna", "Boris", "Vera"]
# Rulings that show a rule nowhere but in a list beside the verdict, with the rules each must cite
RULINGS = {
    # Canasta, Ann has drawn: she holds 5 and 9 and 6 cards nobody has seen, and no red three is on the table, so each
    # discard is legal only if she holds none (2.1, listed with the discards); drawing again breaks 8.8
    "canasta: a discard legal only without an unseen red three": ("canasta", {
        "sides": CANASTA_FOUR, "action": {"player": "Ann", "type": "draw"},
        "position": {"phase": "play", "hand": {"known": ["5", "9"], "unknown": 6}, "melds": {"us": [["K", "K", "K"]]},
                     "pile": {"top": "Q", "size": 9, "frozen_by": "wild"}}}, {"canasta/8.8", "canasta/2.1"}),
    # Canasta, Ann's side has melded 9 9 9; she holds 3H 5C 6C and discards 5C, keeping the red three through her
    # turn (2.1 broken); the penalty shown beside it is 8.3's (nothing now, 500 if still held at the end)
    "canasta: a red three kept through the turn": ("canasta", {
        "sides": CANASTA_FOUR, "action": {"player": "Ann", "type": "discard", "card": "5C"},
        "position": {"phase": "play", "hand": ["3H", "5C", "6C"], "melds": {"us": [["9H", "9D", "9C"]]},
                     "pile": {"top": "6D", "size": 5}, "stock": 40}}, {"canasta/2.1", "canasta/8.3"}),
    # Canasta, Ann's side has a canasta of seven kings and Cy said yes to going out; Ann holds 5H 6D and discards
    # 5H: with 6D left she cannot go out, so the discard stands (6.1) and costs 100 (8.5, in penalties and effects)
    "canasta: a legal discard fined after the partner's yes": ("canasta", {
        "sides": CANASTA_FOUR, "action": {"player": "Ann", "type": "discard", "card": "5H"},
        "position": {"phase": "play", "hand": ["5H", "6D"], "melds": {"us": [SEVEN_KINGS]},
                     "pile": {"top": "8C", "size": 6}, "turn": {"answer": "yes"}}}, {"canasta/6.1", "canasta/8.5"}),
    # Thousand, nobody has bid: Boris holds KS 9S 9C JC 9D JD and one card unseen (7 cards, 3 in the talon). A bid of
    # 160 needs a marriage (7.4: QS would make one); the redeal for four nines is listed, legal only if the unseen
    # card is 9H (6.1)
    "thousand: a redeal listed under a condition": ("thousand", {
        "players": THREE, "dealer": "Vera", "action": {"type": "bid", "player": "Boris", "amount": 160},
        "position": {"phase": "bidding", "bids": [], "hand": {"known": ["KS", "9S", "9C", "JC", "9D", "JD"],
                                                              "unknown": 1}}}, {"thousand/6.1", "thousand/7.4"}),
    # Thousand, 6 of 8 tricks played, hearts trump: Anna leads 9D; Boris, void in diamonds, holds AC and one card
    # unseen. AD is not his (3.5); AC, listed, is legal only if the unseen card is no heart (11.3)
    "thousand: a play listed under a condition": ("thousand", {
        "players": THREE, "dealer": "Vera", "action": {"type": "play", "player": "Boris", "card": "AD"},
        "position": {"phase": "play", "declarer": "Anna", "contract": 120, "trump": "H",
                     "marriages": [{"player": "Anna", "suit": "H"}], "tricks_won": {"Anna": 6, "Boris": 0, "Vera": 0},
                     "trick": {"leader": "Anna", "cards": ["9D"]},
                     "hand": {"known": ["AC"], "unknown": 1, "void": ["D"]}}}, {"thousand/3.5", "thousand/11.3"}),
    # Pinochle two-handed, 22 of 24 tricks played, hearts trump: Ann leads KD; Bob, void in diamonds and clubs,
    # holds 9S and one card unseen (a heart or a spade). AC is not his (1.1); 9S, listed, is legal only if the
    # unseen card is no heart (5.3)
    "pinochle: a play listed under a condition": ("pinochle", {
        "players": ["Ann", "Bob"], "dealer": "Ann", "action": {"type": "play", "player": "Bob", "card": "AC"},
        "position": {"phase": "play", "trump": "H", "tricks_done": 22, "trick": {"leader": "Ann", "cards": ["KD"]},
                     "hand": {"known": ["9S"], "unknown": 1, "void": ["D", "C"]}}}, {"pinochle/1.1", "pinochle/5.3"}),
}


@pytest.mark.parametrize("case", RULINGS)
def test_a_ruling_cites_every_rule_it_shows(case):
    game, body, rules = RULINGS[case]
    got = _judged(game, "check", body)
    assert got is not None
    assert got[4] == rules
    assert service.collect_rules(got[3], set()) <= rules
    assert not _faults(*got)


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_score_sheet_shows_is_cited(game, monkeypatch):
    judge = service.judge
    faults: list = []

    def judged(game_id, endpoint, body):       # each deal of the sheet, judged as the sheet judges it
        got = judge(game_id, endpoint, body)
        faults.extend(_faults(*got))
        return got

    monkeypatch.setattr(service, "judge", judged)
    sheets = 0
    for g, ep, body in REQUESTS:
        if (g, ep) != (game, "scoresheet"):
            continue
        try:
            out = sheet.scoresheet(g, body, "en")
        except (InputError, UnknownVariant):
            continue
        sheets += 1
        shown = service.collect_rules({k: v for k, v in out.items() if k != "citations"}, set())
        cited = [c["rule"] for c in out["citations"]]
        assert shown <= set(cited), sorted(shown - set(cited))
    assert not faults, faults[:3]
    assert sheets >= 3, sheets
