"""The citations of an answer are rendered once per (rulebook, variant, options, language, rules) and kept: an answer
given from what was kept is the answer rendered afresh, whatever was asked before it, and what a caller does to an
answer never reaches the next one."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from referee import registry, service

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FILES = {("thousand", "score"): "thousand/score-deal.json", ("thousand", "check"): "thousand/check-revoke.json",
         ("pinochle", "validate"): "pinochle/two-handed-game.json",
         ("pinochle", "score"): "pinochle/two-handed-score.json",
         ("canasta", "score"): "canasta/score-four-player.json", ("canasta", "check"): "canasta/check-frozen-pile.json",
         ("canasta", "validate"): "canasta/validate-concealed.json"}

# option values other than the variants' own, which the citations' texts show (the rule as it applies)
OPTIONS = {"thousand": {"barrel_threshold": 900, "rospis_third_penalty": 100}, "pinochle": {"target": 1500},
           "canasta": {"red_three_value": 200, "natural_canasta_bonus": 600}}


def _requests() -> list[tuple[str, str, dict, str]]:
    out = []
    for (game, endpoint), name in FILES.items():
        body = json.loads((EXAMPLES / name).read_text())
        body.pop("game", None)
        for variant in list(registry.get(game).variants)[:3]:
            for opts in (body.get("options", {}), {**body.get("options", {}), **OPTIONS[game]}):
                for lang in ("en", "ru"):
                    out.append((game, endpoint, {**body, "variant": variant, "options": opts}, lang))
    return out


def _answer(game, endpoint, body, lang):
    try:
        return service.handle(game, endpoint, copy.deepcopy(body), lang)
    except Exception as e:      # a variant the example does not fit: its refusal, alike either way
        return repr(e)


def _forget() -> None:
    service._LISTS.clear()
    service._CITED.clear()


def test_an_answer_from_kept_citations_is_the_answer_rendered_afresh():
    requests = _requests()
    fresh = []
    for r in requests:
        _forget()
        fresh.append(_answer(*r))
    cited = [a for a in fresh if isinstance(a, dict) and a["citations"]]
    assert len(cited) >= 20, len(cited)     # the comparison covers many answers, not refusals
    _forget()
    assert [_answer(*r) for r in requests] == fresh                     # each kept, then met again below
    assert [_answer(*r) for r in reversed(requests)] == fresh[::-1]
    assert [_answer(*r) for r in requests] == fresh


def test_what_a_caller_does_to_an_answers_citations_does_not_reach_the_next_answer():
    _forget()
    game, endpoint, body, lang = _requests()[0]
    first = _answer(game, endpoint, body, lang)
    expected = copy.deepcopy(first)
    for c in first["citations"]:
        c["title"] = "changed"
        c["source"].append({"source": "changed"})
        for s in c["source"]:
            s["source"] = "changed"
        if "options" in c:
            c["options"]["changed"] = True
    assert _answer(game, endpoint, body, lang) == expected


def test_an_answer_to_be_encoded_at_once_holds_the_citations_a_callers_answer_holds():
    # the web app's answer (encoded at once, its citations not copied) against a Python caller's, kept or afresh
    _forget()
    for game, endpoint, body, lang in _requests():
        try:
            encoded = service.handle(game, endpoint, copy.deepcopy(body), lang, to_encode=True)
        except Exception as e:
            encoded = repr(e)
        assert encoded == _answer(game, endpoint, body, lang)
        assert json.dumps(encoded, ensure_ascii=False) == json.dumps(_answer(game, endpoint, body, lang),
                                                                     ensure_ascii=False)
