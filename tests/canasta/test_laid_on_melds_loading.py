"""Canasta's melds load by the sparse loader as read_melds reads them: each a list of 1 to 40 cards, or cards laid
on the side's meld of a rank ({"rank", "cards"}, a LaidOn); a rank text read once is remembered with the meld it
names, and a text that names none is not remembered.  What read_melds refuses (an action's meld) is handed on to
marshmallow; what it keeps as unread (a log event's) is kept the same."""
from __future__ import annotations

import pytest
from marshmallow import ValidationError

from referee.cards import Card
from referee.common import Unread
from referee.schemas import canasta, fast
from referee.schemas.canasta_records import LaidOn

ACTION = canasta.Melds().fast_converter()
EVENT = canasta.Melds(lenient=True).fast_converter()

# cards of a meld each read before by the card fields (the sparse path's lookups), and one of each length bound
for _text in ("9D", "9C", "9H", "JK", "2H", "5H", "5D", "5S", "K"):
    canasta._READ.setdefault(_text, canasta.read_card(_text))


def as_read(value, lenient):
    """What marshmallow's path makes of ``value``: its shape checked (_melds), then read."""
    try:
        canasta._melds(value)
        return canasta.read_melds(value, lenient)
    except ValidationError:
        return "refused"


def as_loaded(convert, value):
    try:
        return convert(value)
    except fast.Fallback:
        return "refused"


@pytest.mark.parametrize("value", [
    [["9D", "9C", "9H", "JK"], {"rank": "9", "cards": ["2H"]}],
    [{"rank": "wild", "cards": ["JK", "2H"]}],                 # a rank of 4 characters
    [{"rank": "5H", "cards": ["5D"]}],                         # the sequence holding a card
    [{"rank": "K", "cards": ["K"] * 40}],                      # the most cards a meld holds
    [{"rank": "K", "cards": ["K"] * 41}],                      # one more
    [{"rank": "K", "cards": []}],                              # none
    [["K"] * 40], [["K"] * 41], [[]],
    [{"rank": "wilds", "cards": ["JK"]}],                      # a rank of 5 characters
    [{"rank": "2", "cards": ["2H"]}],                          # deuces are no meld to lay on
    [{"rank": "X", "cards": ["9D"]}],
    [{"rank": 9, "cards": ["9D"]}], [{"rank": ["9"], "cards": ["9D"]}],
    [{"rank": "9", "cards": ["9D"], "extra": 1}], [{"rank": "9"}], [{"cards": ["9D"], "card": "9C"}],
    [{"rank": "9", "cards": "9D"}], [{"rank": "9", "cards": ["9D", "1X"]}],
    [["9D"]] * 24, [["9D"]] * 25,
])
def test_melds_load_as_read_melds_reads_them(value):
    for convert, lenient in ((ACTION, False), (EVENT, True)):
        got, want = as_loaded(convert, value), as_read(value, lenient)
        assert repr(got) == repr(want), (lenient, value)
        assert got == want or not isinstance(got, list) or any(isinstance(m, Unread) or isinstance(m, LaidOn) and
                                                                isinstance(m.rank, Unread) for m in got)


def test_a_laid_on_meld_is_a_laid_on_record():
    got = ACTION([{"rank": "9", "cards": ["2H", "JK"]}])
    assert got == [LaidOn("9", [Card("2", "H"), Card("JK", "")])] and type(got[0]) is LaidOn


def test_a_rank_that_names_no_meld_is_not_remembered():
    before = dict(canasta._RANKS)
    assert isinstance(EVENT([{"rank": "Y", "cards": ["9D"]}])[0].rank, Unread)
    with pytest.raises(fast.Fallback):
        ACTION([{"rank": "Y", "cards": ["9D"]}])
    assert "Y" not in canasta._RANKS and len(canasta._RANKS) == len(before)
    ACTION([{"rank": "wild", "cards": ["JK"]}])
    assert canasta._RANKS["wild"] == "wild"


def test_the_ranks_remembered_stay_few(monkeypatch):
    kept = dict(canasta._RANKS)         # the loaders read the one table of the module (built once): emptied here
    canasta._RANKS.clear()
    monkeypatch.setattr(canasta, "_RANKS_MAX", 3)
    try:
        texts = ["9", "wild", "5H", "K", "Q", "7", "5D"]
        for text in texts:
            assert ACTION([{"rank": text, "cards": ["9D"]}])[0].rank == canasta._meld_rank(text)
        assert len(canasta._RANKS) == 3
    finally:
        canasta._RANKS.clear()
        canasta._RANKS.update(kept)
