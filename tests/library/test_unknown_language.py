"""The library refuses a language it does not know, as the command line refuses REFEREE_LANG=xx, instead of
answering in English: an InputError (422, invalid-input) naming the ``lang`` parameter, raised before the body is
read; ``en`` and ``ru`` are taken."""
from __future__ import annotations

import pytest

import referee

BODY = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera"}      # no deal: an invalid body


@pytest.mark.parametrize("call", [referee.score, referee.check, referee.validate])
@pytest.mark.parametrize("lang", ["xx", "EN", "", "en-US"])
def test_an_unknown_language_is_refused(call, lang):
    with pytest.raises(referee.InputError) as caught:
        call("thousand", BODY, lang=lang)
    e = caught.value
    assert isinstance(e, referee.RefereeError) and (e.status, e.kind) == (422, "invalid-input")
    assert e.pointer is None
    assert e.errors == [{"parameter": "lang", "detail": f"unknown language {lang!r}; known: en, ru"}]


@pytest.mark.parametrize("lang, detail", [("en", "this field is required and missing"),
                                          ("ru", "обязательное поле не указано")])
def test_a_known_language_is_taken(lang, detail):
    with pytest.raises(referee.InputError) as caught:
        referee.score("thousand", BODY, lang=lang)
    assert caught.value.errors == [{"pointer": "/deal", "detail": detail}]
