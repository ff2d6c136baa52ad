"""Thousand: checks of a request's position, scored deal, game so far and deal event that no other test reaches, each
refused at its field with its message in English and Russian, and next to each the body one step inside the rule,
judged (a position or a log), scored (a deal) or told as a violation (a deal event the replay rules on)."""
import pytest

from tests.thousand_helpers import PLAYERS, README_TRICKS, readme_log

# Vera deals: Anna is first hand and holds the forced 100.  The README deal as card points: Anna won tricks 0, 1, 3, 5
# and Boris 2, 4, 6, 7 (4 + 4 + 0 = 8 tricks), card points 63 + 57 + 0 = 120.
BY_POINTS = {"declarer": "Anna", "contract": 100, "points": {"Anna": 63, "Boris": 57, "Vera": 0},
             "tricks_taken": {"Anna": 4, "Boris": 4, "Vera": 0}}
NONE_WON = {"Anna": 0, "Boris": 0, "Vera": 0}
PASS = {"type": "pass", "player": "Boris"}       # an action that needs no hand: the position alone is judged


def post(client, endpoint, body, lang):
    r = client.post(f"/v1/games/thousand/{endpoint}", json=body, headers={"Accept-Language": lang})
    return r.status_code, r.get_json()


def score(deal, **extra):
    return "score", {"players": PLAYERS, "dealer": "Vera", "deal": deal, **extra}


def score_two(deal, **extra):
    return "score", {"variant": "two-player", "players": ["Anna", "Boris"], "dealer": "Boris", "deal": deal, **extra}


def check(position, action=PASS, **extra):
    return "check", {"players": PLAYERS, "dealer": "Vera", "position": position, "action": action, **extra}


def validate(log, **extra):
    return "validate", {"players": PLAYERS, "log": log, **extra}


def play(**fields):
    # the play phase of Anna's 100, no trick won yet
    return {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": NONE_WON, **fields}


def without(deal, key):
    return {k: v for k, v in deal.items() if k != key}


def log_with(**deal_fields):
    log = readme_log()
    log[0] = {k: v for k, v in {**log[0], **deal_fields}.items() if v is not None}
    return log


# A two-player deal as card points (thousand/3.3): Anna won 7 tricks (14 cards) and her 2 discards, 92 points; Boris
# 3 tricks (6 cards: A, 10, Q, J = 11 + 10 + 4 + 3), 28; the unused musik and the discards are nines (0), so
# 92 + 28 = 120
TWO = {"declarer": "Anna", "contract": 100, "points": {"Anna": 92, "Boris": 28}, "tricks_taken": {"Anna": 7, "Boris": 3},
       "musik_unused": ["9S", "9H"], "discards": ["9D", "9C"]}
GOLDEN_ON = {"golden_round": True}
SCORES_0 = {"Anna": 0, "Boris": 0, "Vera": 0}
# Boris won 1 trick of 3 cards worth 20 (two tens and a nine), Vera 1 of three nines (0), Anna the other 6 (100)
ONE_TRICK_BORIS = {**BY_POINTS, "points": {"Anna": 100, "Boris": 20, "Vera": 0},
                   "tricks_taken": {"Anna": 6, "Boris": 1, "Vera": 1}}

REFUSED = {
    # a scored deal: its form, the talon, the tricks, the marriages (thousand/1.3, 3.1, 3.3, 10.1)
    "neither tricks nor points": (
        score({"declarer": "Anna", "contract": 100}), "/deal",
        "give the deal either trick by trick or as card points with each player's number of tricks, not both or "
        "neither",
        "укажите сдачу либо по взяткам, либо очками вместе с числом взяток каждого игрока — что-то одно"),
    "both tricks and points": (
        score({**BY_POINTS, "tricks": README_TRICKS}), "/deal",
        "give the deal either trick by trick or as card points with each player's number of tricks, not both or "
        "neither",
        "укажите сдачу либо по взяткам, либо очками вместе с числом взяток каждого игрока — что-то одно"),
    "a talon with a card twice": (
        score({**BY_POINTS, "talon": ["9S", "9S", "9H"]}), "/deal/talon",
        "the talon holds 3 different cards", "в прикупе 3 разные карты"),
    "7 tricks of 8": (
        score({"declarer": "Anna", "contract": 100, "tricks": README_TRICKS[:7]}), "/deal/tricks",
        "a completed deal has 8 tricks, not 7", "в законченной сдаче взяток 8, а не 7"),
    "card points without tricks": (
        score(without(BY_POINTS, "tricks_taken")), "/deal/tricks_taken",
        "with card points, give each player's number of tricks",
        "вместе с очками укажите, сколько взяток у каждого игрока"),
    "two marriages on one trick won": (
        score({**ONE_TRICK_BORIS, "marriages": [{"player": "Boris", "suit": "H"}, {"player": "Boris", "suit": "D"}]}),
        "/deal/marriages/1", "Boris announced more marriages than the tricks they led allow",
        "Boris: марьяжей объявлено больше, чем позволяют ходы во взятки"),
    "an unused musik with three players": (
        score({**BY_POINTS, "musik_unused": ["9S", "9H"]}), "/deal/musik_unused",
        "only the two-player game has an unused musik", "неиспользованный прикуп бывает только в игре вдвоём"),
    "two players, no unused musik": (
        score_two(without(TWO, "musik_unused")), "/deal/musik_unused",
        "the two-player game needs the unused musik (2 cards) to account for all 24 cards",
        "в игре вдвоём нужен неиспользованный прикуп (2 карты), чтобы учесть все 24 карты"),
    "a musik of 3": (
        score_two({**TWO, "musik_unused": ["9S", "9H", "JS"]}), "/deal/musik_unused",
        "a musik holds 2 cards", "в прикупе 2 карты"),
    "1 discard": (
        score_two({**TWO, "discards": ["9D"]}), "/deal/discards",
        "the declarer discards 2 cards", "заказчик сбрасывает 2 карты"),
    "no discards where they count for nobody": (
        score_two(without(TWO, "discards"), options={"two_player_discards_count": False}), "/deal/discards",
        "give the declarer's 2 discards", "укажите 2 карты, сброшенные заказчиком"),
    "an irregularity of no known type": (
        score({"irregularities": [{"type": "misdeal", "player": "Vera"}]}), "/deal/irregularities/0/type",
        "unknown irregularity 'misdeal'; known: exposed_card, nine_cut, talon_peek",
        "неизвестное нарушение 'misdeal'; известны: exposed_card, nine_cut, talon_peek"),
    # the game so far (thousand/14.2, 14.6, 18.1)
    "a finished golden round with a deal in play": (
        score(BY_POINTS, options=GOLDEN_ON, state={"scores": SCORES_0, "golden": {"played": 1, "over": True}}),
        "/state/golden/over", "a finished golden round has no deals in play",
        "у законченного золотого кона нет текущих сдач"),
    "3 barrel deals where the third is the last": (
        score(BY_POINTS, state={"scores": {**SCORES_0, "Anna": 880}, "barrel": {"Anna": {"deals": 3}}}),
        "/state/barrel/Anna/deals", "must be an integer from 0 to 2", "должно быть целым числом от 0 до 2"),
    "barrel deals off the barrel": (
        score(BY_POINTS, state={"scores": {**SCORES_0, "Anna": 500}, "barrel": {"Anna": {"deals": 1}}}),
        "/state/barrel/Anna/deals", "Anna is not on the barrel (total 500), so has no barrel deals",
        "Anna: не на бочке (счёт 500), поэтому сдач на бочке нет"),
    # a position (thousand/6.x, 8.1, 10.5, 11.1, 18.1)
    "the talon not taken in the play": (
        check(play(talon_taken=False)), "/position/talon_taken",
        "in the play phase the talon is already taken and the exchange made",
        "в розыгрыше прикуп уже взят и карты отданы"),
    "the exchange not made in the play": (
        check(play(exchanged=False)), "/position/exchanged",
        "in the play phase the talon is already taken and the exchange made",
        "в розыгрыше прикуп уже взят и карты отданы"),
    "a card received not in the hand": (
        check(play(trick={"leader": "Anna", "cards": ["AS"]}, received="9C",
                   hand=["AH", "10H", "KH", "QH", "JH", "9H", "AD", "10D"])), "/position/received",
        "the card received in the exchange must be in the hand", "карта, полученная от заказчика, должна быть на руке"),
    "8 tricks won": (
        check(play(tricks_won={"Anna": 5, "Boris": 3, "Vera": 0}, trick={"leader": "Anna"})), "/position/tricks_won",
        "8 tricks already played: the deal is over", "сыграно взяток: 8; сдача окончена"),
    "3 cards on the table": (
        check(play(trick={"leader": "Anna", "cards": ["AS", "10S", "KS"]})), "/position/trick/cards",
        "the current trick is already complete", "текущая взятка уже собрана"),
    "a trump that is no suit": (
        check(play(trump="X")), "/position/trump",
        "'X' is not a suit (use S, H, D, C or ♠ ♥ ♦ ♣; or п ч б т к)", "'X' — не масть (пишите п, ч, б, т/к, S, H, D, C или ♠ ♥ ♦ ♣)"),
    "a call after the auction's end": (
        # Boris and Vera pass: Anna, on the forced 100, has won the auction at the second call, so the third (her
        # bid) comes after its end
        check({"phase": "bidding", "bids": [{"player": "Boris", "type": "pass"}, {"player": "Vera", "type": "pass"},
                                            {"player": "Anna", "type": "bid", "amount": 110}]}),
        "/position/bids/2", "the auction ended before this call", "торговля закончилась до этого слова"),
    "a golden deal's auction": (
        check({"phase": "talon", "declarer": "Anna", "contract": 120, "talon_taken": False, "golden": True,
               "bids": [{"player": "Boris", "type": "pass"}, {"player": "Vera", "type": "pass"}]},
              {"type": "take_talon", "player": "Anna"}, options=GOLDEN_ON),
        "/position/bids", "a golden deal has no auction", "в золотой сдаче торговли нет"),
    # a log's deal event (thousand/3.1)
    "a deal event without hands": (
        validate(log_with(hands=None)), "/log/0/hands",
        "the deal gives the hands: each player with his cards", "сдача указывает руки: у каждого игрока — его карты"),
    "a three-player deal event without a talon": (
        validate(log_with(talon=None)), "/log/0/talon", "expected a list of cards", "ожидался список карт"),
}

ACCEPTED = {
    "the deal in one form": score(BY_POINTS),
    "one marriage on one trick won": score({**ONE_TRICK_BORIS, "marriages": [{"player": "Boris", "suit": "H"}]}),
    "the two-player deal with its musik and discards": score_two(TWO),
    "no discards where they count for the declarer": score_two(without(TWO, "discards")),
    "2 barrel deals": score({**BY_POINTS, "contract": 120},
                            state={"scores": {**SCORES_0, "Anna": 880}, "barrel": {"Anna": {"deals": 2}}}),
    "the talon taken and the exchange made in the play": check(play(talon_taken=True, exchanged=True)),
    "a card received in the hand": check(play(trick={"leader": "Anna", "cards": ["AS"]}, received="9H",
                                              hand=["AH", "10H", "KH", "QH", "JH", "9H", "AD", "10D"])),
    "7 tricks won": check(play(tricks_won={"Anna": 5, "Boris": 2, "Vera": 0}, trick={"leader": "Anna"})),
    "2 cards on the table": check(play(trick={"leader": "Anna", "cards": ["AS", "10S"]})),
    "no trump yet": check(play(trump=None)),
    "the calls up to the auction's end": check({"phase": "bidding", "bids": [{"player": "Boris", "type": "pass"},
                                                                             {"player": "Vera", "type": "pass"}]}),
    "a golden deal without an auction": check({"phase": "talon", "declarer": "Anna", "contract": 120,
                                               "talon_taken": False, "golden": True},
                                              {"type": "take_talon", "player": "Anna"}, options=GOLDEN_ON),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("case", REFUSED)
def test_the_fault_is_refused_at_its_field(client, case, lang):
    (endpoint, body), pointer, en, ru = REFUSED[case]
    status, ans = post(client, endpoint, body, lang)
    assert status == 422, ans
    assert [(e["pointer"], e["detail"]) for e in ans["errors"]] == [(pointer, {"en": en, "ru": ru}[lang])]


@pytest.mark.parametrize("case", ACCEPTED)
def test_one_step_inside_the_rule_is_judged(client, case):
    endpoint, body = ACCEPTED[case]
    status, ans = post(client, endpoint, body, "en")
    assert status == 200, ans


@pytest.mark.parametrize("options,state,en,ru", [
    ({}, None, "the golden round is off under these options", "при этих настройках золотого кона нет"),
    (GOLDEN_ON, {"scores": SCORES_0, "golden": {"over": True}}, "the golden round has already been played",
     "золотой кон уже сыгран"),
    # the option off is told first, even with a round said to be over
    ({}, {"scores": SCORES_0, "golden": {"over": True}}, "the golden round is off under these options",
     "при этих настройках золотого кона нет"),
])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_golden_deal_event_the_game_does_not_allow_is_a_violation(client, options, state, en, ru, lang):
    extra = {"options": options} | ({"state": state} if state else {})
    status, ans = post(client, *validate(log_with(golden=True), **extra), lang)
    assert status == 200 and ans["valid"] is False
    first = ans["violations"][0]
    assert (first["rule"], first["pointer"], first["message"]) == ("thousand/18.1", "/log/0/golden",
                                                                    {"en": en, "ru": ru}[lang])


def test_a_golden_deal_event_in_a_round_under_way_is_dealt_for_the_first_hand(client):
    # the option on and the round not over: the deal is a golden one (no violation at its golden flag), Anna plays
    # 120 with the talon, so the auction's passes that follow in the log are out of place
    status, ans = post(client, *validate(log_with(golden=True), options=GOLDEN_ON), "en")
    assert status == 200 and ans["valid"] is False
    assert [v["pointer"] for v in ans["violations"]][:1] == ["/log/1"]


# ---------------------------------------------------------------- the talon in a partly known hand (thousand/6.1, 8.1)

def boris_claims_four_nines(client, taken, exchanged, unknown, lang="en"):
    # Boris knows 9S 9H 9D AS of his hand; the talon held 9C.  Before the exchange he holds his 7 dealt cards, after
    # it 8 (one passed to him)
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": ["9C", "KS", "QS"], "talon_taken": taken,
           "exchanged": exchanged, "hand": {"known": ["9S", "9H", "9D", "AS"], "unknown": unknown}}
    status, ans = post(client, *check(pos, {"type": "redeal", "player": "Boris", "reason": "four_nines"}), lang)
    assert status == 200, ans
    return ans


@pytest.mark.parametrize("lang,detail", [("en", "Boris holds 3 nines, not four"),
                                         ("ru", "Boris: на руке 3 девятки, а не четыре")])
@pytest.mark.parametrize("taken", [False, True])
def test_a_talon_not_passed_on_is_not_in_an_opponents_hand(client, taken, lang, detail):
    # the talon on the table, or taken into Anna's hand: 9C cannot be among Boris's 3 unknown cards
    ans = boris_claims_four_nines(client, taken, False, 3, lang)
    assert ans["legal"] is False
    assert [(v["rule"], v["message"]) for v in ans["violations"]] == [("thousand/6.1", detail)]


def test_a_talon_passed_on_may_be_in_an_opponents_hand(client):
    # after the exchange 9C may be the card Anna passed to Boris, one of his 4 unknown cards
    ans = boris_claims_four_nines(client, True, True, 4)
    assert ans["legal"] is None
    assert ans["conditions"] == [{"rule": "thousand/6.1", "player": "Boris", "holds": ["9C"],
                                  "text": "legal only if Boris holds 9C"}]


def test_the_talon_taken_is_shown_in_the_declarers_partly_known_hand(client):
    # Anna knows 7 cards of her 10 after taking the talon (9C KS QS): her 3 unknown cards are the talon's, so she
    # may pass KS and QS on in the exchange
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": ["9C", "KS", "QS"], "talon_taken": True,
           "exchanged": False, "hand": {"known": ["AH", "10H", "KH", "QH", "AD", "10D", "KD"], "unknown": 3}}
    status, ans = post(client, *check(pos, {"type": "exchange", "player": "Anna", "gives": {"Boris": "KS",
                                                                                            "Vera": "QS"}}), "en")
    assert (status, ans["legal"]) == (200, True)


# ---------------------------------------------------------------- a redeal claim when the deal may be golden (18.1)

def claim_in_play_on_120(client, lang="en", **said):
    # Anna, first hand, plays 120 with the golden round on and none of it played yet: the deal may be a golden one
    pos = {"phase": "play", "declarer": "Anna", "contract": 120, "tricks_won": NONE_WON, **said}
    return post(client, *check(pos, {"type": "redeal", "player": "Boris", "reason": "weak_talon"},
                               options=GOLDEN_ON), lang)


@pytest.mark.parametrize("lang,detail", [
    ("en", "say whether this deal is a golden one: the game so far shows no golden deal played yet, and a golden deal "
           "is judged by other rules"),
    ("ru", "укажите, золотая ли это сдача: по ходу партии ни одной сдачи золотого кона ещё не сыграно, а золотая сдача "
           "судится по другим правилам"),
])
def test_a_redeal_claim_in_the_play_needs_the_golden_deal_said(client, lang, detail):
    status, ans = claim_in_play_on_120(client, lang)
    assert status == 422
    assert [(e["pointer"], e["detail"]) for e in ans["errors"]] == [("/position/golden", detail)]


def test_a_redeal_claim_in_a_deal_said_not_golden_is_judged(client):
    status, ans = claim_in_play_on_120(client, golden=False)
    assert status == 200 and ans["legal"] is False


@pytest.mark.parametrize("lang,detail", [("en", "Anna holds 3 nines, not four"),
                                         ("ru", "Anna: на руке 3 девятки, а не четыре")])
def test_a_talon_not_taken_is_not_in_the_declarers_partly_known_hand(client, lang, detail):
    # Anna, the declarer, has not taken the talon (9C KS QS): her 7 cards are 9S 9H 9D AS and 3 unknown, none of
    # them 9C
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon": ["9C", "KS", "QS"], "talon_taken": False,
           "hand": {"known": ["9S", "9H", "9D", "AS"], "unknown": 3}}
    status, ans = post(client, *check(pos, {"type": "redeal", "player": "Anna", "reason": "four_nines"}), lang)
    assert status == 200 and ans["legal"] is False
    assert [(v["rule"], v["message"]) for v in ans["violations"]] == [("thousand/6.1", detail)]


# The README's check (examples/thousand/check-revoke.json): after 6 tricks (Anna 4, Boris 2) Boris, who announced
# hearts, holds 9H AC and must follow Anna's 9D.  A hand of the wrong size is told at the hand, whatever marriages
# the player announced: the cards played before them are counted from a hand of the right size only.
REVOKE = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 4, "Boris": 2},
          "marriages": [{"player": "Anna", "suit": "S"}, {"player": "Boris", "suit": "H"}],
          "trick": {"leader": "Anna", "cards": ["9D"]}}
MORE = ["9C", "10C", "JC", "QC", "KC", "JH", "10H", "AH"]


@pytest.mark.parametrize("n", [3, 6, 9])      # one over; where the marriages were checked first (6 up); 9: "-1 cards"
@pytest.mark.parametrize("lang,detail", [
    ("en", "after 6 tricks Boris holds 2 cards, not {n}"),
    ("ru", "после 6 взяток у игрока Boris 2 карты, а не {n}"),
])
def test_a_hand_of_the_wrong_size_is_told_before_the_marriages(client, n, lang, detail):
    body = check({**REVOKE, "hand": (["9H", "AC"] + MORE)[:n]}, {"type": "play", "player": "Boris", "card": "AC"})
    status, ans = post(client, *body, lang)
    assert status == 422
    assert [(e["pointer"], e["detail"]) for e in ans["errors"]] == [("/position/hand", detail.format(n=n))]


def test_the_hand_of_the_right_size_is_judged(client):
    # one step inside, the hand of 2 is judged: Boris has no diamond and must trump with 9H (hearts, his marriage,
    # are trump), so AC breaks thousand/11.3, the README's ruling
    body = check({**REVOKE, "hand": ["9H", "AC"]}, {"type": "play", "player": "Boris", "card": "AC"})
    status, ans = post(client, *body, "en")
    assert status == 200 and ans["legal"] is False
    assert [v["rule"] for v in ans["violations"]] == ["thousand/11.3"]
