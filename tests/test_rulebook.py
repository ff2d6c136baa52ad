"""The rulebook and option model: every rule ID is known, every option governs a real rule."""
import re

import pytest

from referee import registry
from referee.cards import Card, parse_card
from referee.errors import InputError
from referee.thousand.cards import DECK, POINTS, round_to

GAME = registry.get("thousand")


def test_rule_ids_are_well_formed_and_sourced():
    assert len(GAME.rulebook.rules) == 67
    for v in GAME.variants.values():
        opts = v.resolve({})
        for rid, rule in GAME.rulebook.rules.items():
            assert re.fullmatch(r"thousand/\d+\.\d+", rid)
            # every rule says something under every variant's options, and names its sources
            assert rule.title["en"] and rule.body("en", opts, v.id) and rule.source


def test_every_option_governs_a_rule_that_names_it():
    for name, spec in next(iter(GAME.variants.values())).specs.items():
        assert spec.rule in GAME.rulebook, name
        assert name in GAME.rulebook[spec.rule].options, (name, spec.rule)


def test_every_rule_cited_in_the_engine_exists():
    import pathlib
    src = "".join(p.read_text() for p in pathlib.Path("referee/thousand").glob("*.py"))
    cited = set(re.findall(r'"(thousand/\d+\.\d+)"', src))
    assert cited and cited <= set(GAME.rulebook.rules)


def test_variant_presets_are_valid():
    for v in GAME.variants.values():
        opts = v.resolve({})
        assert set(opts) == set(v.specs)
    assert GAME.variants["polish"].resolve({})["round_step"] == 10


def test_unknown_option_names_allowed():
    with pytest.raises(InputError) as e:
        GAME.variants["russian-classic"].resolve({"target": 999})
    # in words for a person, and the values to send for a program
    assert e.value.errors == [{"pointer": "/options/target", "detail": "1,000 or 1,001 or 1,005",
                               "allowed": [1000, 1001, 1005]}]


def test_a_nullable_listed_option_gives_null_last():
    # Canasta's deal_size: 11, 12, 13 or 15 cards, or null (the variant's own size): 14 is none of them
    from referee import registry
    with pytest.raises(InputError) as e:
        registry.get("canasta").variant(None).resolve({"deal_size": 14})
    assert e.value.errors[0]["pointer"] == "/options/deal_size"
    assert e.value.errors[0]["allowed"] == [11, 12, 13, 15, None]


def test_a_range_option_is_said_in_numbers_without_a_list():
    # barrel_deals takes 1 to 10 (a range, no list to give): the detail alone says it
    with pytest.raises(InputError) as e:
        GAME.variants["russian-classic"].resolve({"barrel_deals": 11})
    assert e.value.errors == [{"pointer": "/options/barrel_deals", "detail": "from 1 to 10"}]


def test_u1_deck_is_worth_120():
    assert len(DECK.cards()) == 24
    assert sum(POINTS[c.rank] for c in DECK.cards()) == 120
    for s in "SHDC":
        assert sum(POINTS[c.rank] for c in DECK.cards() if c.suit == s) == 30


@pytest.mark.parametrize("text,card", [("10H", Card("10", "H")), ("th", Card("10", "H")), ("Q♠", Card("Q", "S")),
                                       ("a♦", Card("A", "D")), ("JK", Card("JK", "")), ("9c", Card("9", "C")),
                                       ("A♤", Card("A", "S")), ("10♡", Card("10", "H"))])
def test_card_notation(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["1H", "10", "HH", "10X", "", "AHH", "11S"])
def test_bad_cards(text):
    with pytest.raises(ValueError):
        parse_card(text)


@pytest.mark.parametrize("text,why", [
    (" 9c ", "' 9c ' has spaces around it: write the card alone, e.g. '10H'"),
    ("AC\n", "'AC\\n' has spaces around it: write the card alone, e.g. '10H'"),
    ("AS\u0301", "'AS\u0301' is not a card: after the rank A comes one suit (S H D C or ♠ ♥ ♦ ♣; or п ч б т к)"),
    ("ACC", "'ACC' is not a card: after the rank A comes one suit (S H D C or ♠ ♥ ♦ ♣; or п ч б т к)"),
    ("A♣\ufe0f", "'A♣\ufe0f' is not a card: after the rank A comes one suit (S H D C or ♠ ♥ ♦ ♣; or п ч б т к)"),
    # the rank as written, whichever alphabet (a probe's "Т" was said to lack a suit after "A")
    ("Т", "'Т' is not a card: after the rank Т comes one suit (S H D C or ♠ ♥ ♦ ♣; or п ч б т к)"),
    ("10", "'10' is not a card: after the rank 10 comes one suit (S H D C or ♠ ♥ ♦ ♣; or п ч б т к)"),
    # a mixture is answered with this card in each alphabet (a probe's "Tк" was told to write the ace of spades)
    ("Tк", "'Tк' mixes Latin and Russian letters: write 10C or 10к, not a mixture"),
    ("Aп", "'Aп' mixes Latin and Russian letters: write AS or Тп, not a mixture"),
    ("Дh", "'Дh' mixes Latin and Russian letters: write QH or Дч, not a mixture"),
    ("AX", "'AX' has no valid suit (S H D C or ♠ ♥ ♦ ♣; or п ч б т к)"),
    ("XS", "'XS' has no valid rank (A K Q J 10 9 8 7 6 5 4 3 2, T for 10; or Т К Д В)"),
])
def test_bad_cards_say_what_is_wrong(text, why):
    # the probe's cards with a good rank and a bad suit were all said to have "no valid rank"
    with pytest.raises(ValueError) as e:
        parse_card(text)
    assert str(e.value) == why


@pytest.mark.parametrize("value,expected", [  # RU-app table, SEC-mek, boompig, EN-UBCG (thousand.md R12.3, V2)
    (10, 10), (11, 10), (12, 10), (13, 15), (14, 15), (15, 15), (16, 15), (17, 15), (18, 20), (19, 20),
    (23, 25), (73, 75), (22, 20), (67, 65), (26, 25), (51, 50), (53, 55)])
def test_v2_round_to_five(value, expected):
    assert round_to(value, 5, "up") == expected


@pytest.mark.parametrize("half,values,expected", [  # V1, V37
    ("up", [15, 16, 25, 26, 111], [20, 20, 30, 30, 110]),
    ("down", [15, 16, 25, 26], [10, 20, 20, 30])])
def test_v1_round_to_ten(half, values, expected):
    assert [round_to(v, 10, half) for v in values] == expected


def test_allowed_is_the_can_view_of_a_verify_check():
    # every game's can_* is allowed(verify_*, ...): a broken rule is False, a clean check True, and a request that
    # cannot be judged is not swallowed into a False
    from referee.errors import IllegalAction, InputError, allowed

    def verify(n, *, limit=3):
        if n is None:
            raise InputError("give n", "/n")
        if n > limit:
            raise IllegalAction("sample/1.1", f"{n} is over {limit}")
    assert allowed(verify, 3) is True and allowed(verify, 4) is False
    assert allowed(verify, 4, limit=4) is True
    with pytest.raises(InputError):
        allowed(verify, None)
