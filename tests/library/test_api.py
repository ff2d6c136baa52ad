"""referee.score, check and validate: the service's answers as typed dictionaries, the body as a Mapping or as
text, and errors that carry the problem HTTP would answer."""
from __future__ import annotations

import json
import typing
from pathlib import Path

import pytest

import referee
from referee.settings import MAX_BODY

ROOT = Path(__file__).resolve().parents[2]
CASES = [(referee.score, referee.ScoreAnswer, "thousand/score-deal.json"),
         (referee.score, referee.ScoreAnswer, "pinochle/two-handed-score.json"),
         (referee.score, referee.ScoreAnswer, "canasta/score-four-player.json"),
         (referee.check, referee.CheckAnswer, "thousand/check-revoke.json"),
         (referee.check, referee.CheckAnswer, "canasta/check-frozen-pile.json"),
         (referee.validate, referee.ValidateAnswer, "thousand/game.json"),
         (referee.validate, referee.ValidateAnswer, "pinochle/two-handed-game.json"),
         (referee.validate, referee.ValidateAnswer, "canasta/validate-concealed.json")]


def body_of(name: str) -> dict:
    return json.loads((ROOT / "examples" / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("judge, kind, name", CASES)
def test_the_answer_has_its_types_keys(judge, kind, name):
    answer = judge(None, body_of(name))
    hints = typing.get_type_hints(kind)
    assert kind.__required_keys__ <= answer.keys()          # every required key is there
    assert answer.keys() <= hints.keys()                     # and no key the type does not know


def test_a_body_as_text_or_bytes_is_read_as_http_reads_it_and_the_callers_dict_is_left_alone():
    body = body_of("thousand/score-deal.json")
    text = json.dumps(body)
    assert referee.score("thousand", text) == referee.score("thousand", text.encode()) == referee.score(None, body)
    assert body["game"] == "thousand"            # not popped from the caller's dict


@pytest.mark.parametrize("extra, refused", [(0, False), (1, True)])
def test_a_text_over_the_body_limit_is_too_large(extra, refused):
    text = json.dumps(body_of("thousand/score-deal.json"))
    text = text[:-1] + " " * (MAX_BODY - len(text) + extra) + "}"
    if refused:
        with pytest.raises(referee.TooLarge) as e:
            referee.score("thousand", text)
        assert (e.value.status, e.value.kind, e.value.pointer) == (413, "payload-too-large", "")
    else:
        assert referee.score("thousand", text)["game"] == "thousand"


def test_the_game_named_twice_must_agree():
    with pytest.raises(referee.InputError) as e:
        referee.score("canasta", body_of("thousand/score-deal.json"))
    assert e.value.pointer == "/game" and e.value.status == 422
    body = body_of("thousand/score-deal.json")
    del body["game"]
    with pytest.raises(referee.InputError) as e:
        referee.score(None, body)
    assert e.value.pointer == "/game"


def test_errors_come_in_the_calls_language():
    with pytest.raises(referee.InputError) as e:
        referee.score("thousand", {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera"}, lang="ru")
    assert e.value.pointer == "/deal" and e.value.errors[0]["detail"] != "this field is required and missing"


def test_the_error_hierarchy():
    assert issubclass(referee.UnknownVariant, referee.NotFound) and issubclass(referee.NotFound, referee.RefereeError)
    assert issubclass(referee.BadJSON, referee.RefereeError) and issubclass(referee.TooLarge, referee.RefereeError)
    with pytest.raises(referee.UnknownVariant) as e:
        referee.score(None, {**body_of("thousand/score-deal.json"), "variant": "no-such"})
    assert (e.value.status, e.value.pointer, e.value.type) == (404, "/variant",
                                                               "https://referee.example/problems/not-found")
