"""Thousand: the trump a described play position gives must be the one its listed marriages set (thousand/10.5): the
last marriage's at once, or from the next trick on (none yet while the first is led to the current trick; either of
the last two when a marriage's trick is not given).  Each wrong trump is refused at /position/trump with what it
should be, in English and Russian, and the trump one step inside is accepted."""
import pytest

PLAYERS = ["Anna", "Boris", "Vera"]     # Vera deals; Anna declared 100 and made the exchange

# The README deal (tests/thousand_helpers.py): Anna held AH 10H KS QS AD 10D 9D JC at the first trick (7 dealt, the
# talon 9D JC 9S taken, 9S passed to Boris and 9C to Vera), Boris KH QH 9H AS 10S JD AC 9S.
# Trick 0: Anna AD, Boris JD, Vera KD (Anna).  Trick 1: Anna 10D or KS, Boris 9S (no diamond or spade), Vera QD or JS
# (Anna).  Anna has won 2 tricks, 2 played: 6 cards each left.
ANNA_AFTER_KS = ["AH", "10H", "QS", "10D", "9D", "JC"]       # KS led to trick 1, announcing spades
BORIS_AFTER_TWO = ["KH", "QH", "9H", "AS", "10S", "AC"]      # JD and 9S played
NEXT_TRICK = {"trump_timing": "next_trick"}


def post(client, body, lang="en"):
    r = client.post("/v1/games/thousand/check", json=body, headers={"Accept-Language": lang})
    return r.status_code, r.get_json()


def errors(ans):
    return [(e["pointer"], e["detail"]) for e in ans["errors"]]


def anna_leads_trick_2(marriages, trump, **extra):
    # Anna led KS to trick 1 announcing spades (listed with trick 1, or with none) and leads trick 2 with 9D
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 0, "Vera": 0},
           "marriages": marriages, "trump": trump, "trick": {"leader": "Anna", "cards": []},
           "hand": ANNA_AFTER_KS}
    return {"players": PLAYERS, "dealer": "Vera", "position": pos,
            "action": {"type": "play", "player": "Anna", "card": "9D"}, **extra}


def boris_follows_ks(marriages, trump, **extra):
    # Anna led 10D to trick 1 and now leads KS to trick 2 announcing spades; Boris follows with AS
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 0, "Vera": 0},
           "marriages": marriages, "trump": trump, "trick": {"leader": "Anna", "cards": ["KS"]},
           "hand": BORIS_AFTER_TWO}
    return {"players": PLAYERS, "dealer": "Vera", "position": pos,
            "action": {"type": "play", "player": "Boris", "card": "AS"}, **extra}


SPADES_AT_1 = [{"player": "Anna", "suit": "S", "trick": 1}]


@pytest.mark.parametrize("lang,detail", [
    ("en", "the last marriage announced (spades) is the trump, not hearts"),
    ("ru", "козырь — масть последнего объявленного марьяжа (♠), а не ♥"),
])
def test_at_once_the_trump_is_the_last_marriages(client, lang, detail):
    status, ans = post(client, anna_leads_trick_2(SPADES_AT_1, "H"), lang)
    assert status == 422
    assert errors(ans) == [("/position/trump", detail)]


def test_at_once_the_last_marriages_suit_is_accepted(client):
    status, ans = post(client, anna_leads_trick_2(SPADES_AT_1, "S"))
    assert status == 200 and ans["legal"] is True


@pytest.mark.parametrize("lang,detail", [
    ("en", "there is no trump before a marriage is announced: list the marriages announced, the one that made spades "
           "trump among them"),
    ("ru", "до объявления марьяжа козыря нет: перечислите объявленные марьяжи, среди них тот, что сделал ♠ козырем"),
])
def test_no_trump_before_any_marriage(client, lang, detail):
    status, ans = post(client, anna_leads_trick_2([], "S"), lang)
    assert status == 422
    assert errors(ans) == [("/position/trump", detail)]


def test_no_marriage_and_no_trump_is_accepted(client):
    status, ans = post(client, anna_leads_trick_2([], None))
    assert status == 200 and ans["legal"] is True


@pytest.mark.parametrize("lang,detail", [
    ("en", "a marriage makes trump from the next trick on, so the trump of this trick is spades, not hearts"),
    ("ru", "марьяж назначает козырь со следующей взятки, поэтому козырь этой взятки — ♠, а не ♥"),
])
def test_from_the_next_trick_a_marriage_of_an_earlier_trick_is_in_force(client, lang, detail):
    # spades were announced on trick 1, so they are trump from trick 2, the current one
    status, ans = post(client, anna_leads_trick_2(SPADES_AT_1, "H", options=NEXT_TRICK), lang)
    assert status == 422
    assert errors(ans) == [("/position/trump", detail)]


def test_from_the_next_trick_the_earlier_marriages_suit_is_accepted(client):
    status, ans = post(client, anna_leads_trick_2(SPADES_AT_1, "S", options=NEXT_TRICK))
    assert status == 200 and ans["legal"] is True


@pytest.mark.parametrize("lang,detail", [
    ("en", "a marriage makes trump from the next trick on, so this trick has no trump yet, not spades"),
    ("ru", "марьяж назначает козырь со следующей взятки, поэтому в этой взятке козыря ещё нет, а не ♠"),
])
def test_from_the_next_trick_a_marriage_led_to_this_trick_is_not_trump_yet(client, lang, detail):
    status, ans = post(client, boris_follows_ks([{"player": "Anna", "suit": "S", "trick": 2}], "S",
                                                options=NEXT_TRICK), lang)
    assert status == 422
    assert errors(ans) == [("/position/trump", detail)]


def test_from_the_next_trick_no_trump_while_the_first_marriage_is_led(client):
    status, ans = post(client, boris_follows_ks([{"player": "Anna", "suit": "S", "trick": 2}], None,
                                                options=NEXT_TRICK))
    assert status == 200 and ans["legal"] is True


@pytest.mark.parametrize("lang,detail", [
    ("en", "a marriage makes trump from the next trick on: give the trump of the current trick, the suit of the last "
           "marriage or of the one before it (none if there is no trump yet)"),
    ("ru", "марьяж назначает козырь со следующей взятки: укажите козырь текущей взятки — масть последнего или "
           "предпоследнего марьяжа (никакой, если козыря ещё нет)"),
])
def test_without_the_marriages_trick_the_trump_is_one_of_the_last_two(client, lang, detail):
    status, ans = post(client, boris_follows_ks([{"player": "Anna", "suit": "S"}], "H", options=NEXT_TRICK), lang)
    assert status == 422
    assert errors(ans) == [("/position/trump", detail)]


@pytest.mark.parametrize("trump", ["S", None])
def test_without_the_marriages_trick_the_last_or_the_one_before_is_accepted(client, trump):
    # the one before the only marriage is no trump at all
    status, ans = post(client, boris_follows_ks([{"player": "Anna", "suit": "S"}], trump, options=NEXT_TRICK))
    assert status == 200 and ans["legal"] is True


# Trick 0: Anna AD, Boris JD, Vera QD (Anna).  Trick 1: Anna KS announcing spades, Boris AS, Vera JS (Boris).
# Trick 2: Boris KH announcing hearts, Anna AH, Vera JH (Anna).  Anna leads trick 3 from her 5 cards left.
ANNA_AT_TRICK_3 = ["10H", "QS", "10D", "9D", "JC"]
SPADES_THEN_HEARTS = [{"player": "Anna", "suit": "S", "trick": 1}, {"player": "Boris", "suit": "H", "trick": 2}]


def anna_leads_trick_3(marriages, trump):
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 1, "Vera": 0},
           "marriages": marriages, "trump": trump, "trick": {"leader": "Anna", "cards": []},
           "hand": ANNA_AT_TRICK_3}
    return {"players": PLAYERS, "dealer": "Vera", "position": pos,
            "action": {"type": "play", "player": "Anna", "card": "9D"}}


@pytest.mark.parametrize("listed", [SPADES_THEN_HEARTS, SPADES_THEN_HEARTS[::-1]])
def test_the_last_marriage_is_the_last_by_its_trick_whatever_the_order_listed(client, listed):
    # hearts, announced at trick 2, is the trump at trick 3 however the two marriages are listed
    status, ans = post(client, anna_leads_trick_3(listed, "H"))
    assert status == 200 and ans["legal"] is True
    status, ans = post(client, anna_leads_trick_3(listed, "S"))
    assert status == 422
    assert errors(ans) == [("/position/trump", "the last marriage announced (hearts) is the trump, not spades")]


@pytest.mark.parametrize("lang,detail", [
    ("en", "one card leads a trick: two marriages cannot both have been announced at trick 2"),
    ("ru", "взятку открывает одна карта: два марьяжа не могли быть объявлены в одной взятке (2)"),
])
def test_two_marriages_at_one_trick_are_refused(client, lang, detail):
    both_at_2 = [{"player": "Anna", "suit": "S", "trick": 2}, {"player": "Boris", "suit": "H", "trick": 2}]
    status, ans = post(client, anna_leads_trick_3(both_at_2, "H"), lang)
    assert status == 422
    assert errors(ans) == [("/position/marriages/1/trick", detail)]
