"""The messages a person reads say each thing once: the decoder's "at" is not doubled by the sentence's
"at line … column …", and a record's location is not repeated inside its own error."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee import i18n
from referee.cli import main
from referee.jsonio import BadJSON, parse_body


@pytest.mark.parametrize("text, words", [
    ('{"a": "abc', "Unterminated string starting at line 1 column 7"),
    ('{"a": "a\x01"}', "Invalid control character at line 1 column 9"),
])
def test_the_decoders_at_is_said_once(text, words):
    with pytest.raises(BadJSON) as e:
        parse_body(text)
    assert words in e.value.detail and "at at" not in e.value.detail
    with i18n.language("ru"), pytest.raises(BadJSON) as ru:
        parse_body(text)
    assert "(строка 1, столбец" in ru.value.detail and " at" not in ru.value.detail


def test_a_log_without_a_game_names_its_place_once(tmp_path):
    src = tmp_path / "mixed.jsonl"
    src.write_text(json.dumps({"players": ["a", "b", "c"], "log": []}) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    r = CliRunner().invoke(main, ["validate", str(src), "-j", "1", "-o", str(out)])
    assert r.exit_code == 1, r.output
    assert r.output.count("mixed.jsonl:1") == 1, r.output
    assert '/game: name the game with --game or a top-level "game" key (thousand' in r.output
    err = json.loads(out.read_text(encoding="utf-8"))["error"]["errors"][0]
    assert err["pointer"] == "/game" and "mixed.jsonl" not in err["detail"]
    r = CliRunner().invoke(main, ["--lang", "ru", "validate", str(src), "-j", "1"])
    assert "назовите игру" in r.output and r.output.count("mixed.jsonl:1") == 1
