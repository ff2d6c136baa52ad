"""Thousand: the duties in play — follow suit, beat, trump, overtrump — and the rules a legal or illegal card cites."""

import pytest

from referee import registry
from referee.cards import parse_card
from referee.thousand.deal import DealState, Layout
from tests.thousand_helpers import PLAYERS, cited


def check(api, position, action, options=None, variant=None, state=None, players=PLAYERS, dealer="Vera",
          status=200):
    body = {"players": players, "dealer": dealer, "position": position, "action": action}
    for key, value in (("options", options), ("variant", variant), ("state", state)):
        if value is not None:
            body[key] = value
    return api("check", body, status=status)


# Thousand round 2 (issue 16).
@pytest.mark.parametrize("hand,card,undertrump,legal", [
    (["9D", "KC"], "KC", True, False),      # diamonds trump, hearts led and trumped with JD: 9D is lower; default:
    (["9D", "KC"], "KC", False, True),      # ... must still trump; without the duty KC may be thrown
    (["10D", "KC"], "KC", False, False),    # 10D beats JD, so the duty to trump stands either way
])
def test_no_duty_to_undertrump(api, hand, card, undertrump, legal):
    # Anna led AH (Anna announced diamonds earlier, so diamonds are trump); Boris, void in hearts, trumped with JD;
    # Vera, void in hearts too, holds `hand`.
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 5, "Boris": 1},
           "marriages": [{"player": "Anna", "suit": "D"}], "trump": "D",
           "trick": {"leader": "Anna", "cards": ["AH", "JD"]}, "hand": hand}
    ans = check(api, pos, {"type": "play", "player": "Vera", "card": card}, options={"must_undertrump": undertrump})
    assert ans["legal"] is legal


# Found by a black-box tester (Thousand fixes).
def test_a_void_player_keeping_a_low_trump_back_cites_11_3(api):
    # The tester's input, with Vera dealing instead of Boris (Boris dealing puts Vera on the forced 100, so Anna
    # could not declare 100: thousand/7.1; the dealer changes nothing else here): Anna declares, hearts trump (her
    # marriage); Anna
    # led 9D, Boris trumped with AH; Vera, void in diamonds, holds only 9H as trump, which cannot beat AH.  Without
    # the duty to undertrump she may throw KC (legal, by 11.3's reading); by default she must play 9H (11.3).
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "trump": "H", "tricks_won": {"Anna": 2},
           "marriages": [{"player": "Anna", "suit": "H"}], "trick": {"leader": "Anna", "cards": ["9D", "AH"]},
           "hand": ["9H", "KC", "QC", "JC", "10C", "9C"]}
    play = {"type": "play", "player": "Vera", "card": "KC"}
    ans = check(api, pos, play, options={"must_undertrump": False}, dealer="Vera")
    assert ans["legal"] is True
    rules = cited(ans)
    assert "thousand/11.3" in rules and rules["thousand/11.3"]["must_undertrump"] is False
    assert "thousand/11.6" in rules          # the trick is complete: its winner (Boris, AH)
    assert ans["effects"]["trick"]["winner"] == "Boris"
    ans = check(api, pos, play, dealer="Vera")
    assert ans["legal"] is False and ans["violations"][0]["rule"] == "thousand/11.3"


# Found by a black-box tester (Thousand fixes).
@pytest.mark.parametrize("options,card,legal,rule", [
    ({}, "9H", True, "thousand/11.4"),                    # could beat 10H with AH, need not: 11.4 decides
    ({"must_beat": True}, "AH", True, "thousand/11.4"),   # beats as it must
    ({"must_beat": True}, "9H", False, "thousand/11.4"),
])
def test_following_suit_cites_the_duty_to_beat(api, options, card, legal, rule):
    # no trump; Anna led 10H; Boris holds AH 9H KC
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 1},
           "trick": {"leader": "Anna", "cards": ["10H"]}, "hand": ["AH", "9H", "KC", "QS", "JS"]}
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": card}, options=options or None)
    assert ans["legal"] is legal
    assert rule in cited(ans)
    if legal:
        assert "thousand/11.2" in cited(ans)
        assert cited(ans)["thousand/11.4"]["must_beat"] is bool(options)


# Found by a black-box tester (Thousand fixes).
def test_following_without_a_higher_card_cites_only_11_2(api):
    # Anna led AH; Boris's hearts (9H) cannot beat it: the duty to beat never arises
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 1},
           "trick": {"leader": "Anna", "cards": ["AH"]}, "hand": ["9H", "KC", "QS", "JS", "9S"]}
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "9H"}, options={"must_beat": True})
    assert ans["legal"] is True
    assert {"thousand/11.2"} <= set(cited(ans)) and "thousand/11.4" not in cited(ans)


# Found by a black-box tester (Thousand fixes).
@pytest.mark.parametrize("options,card,legal,rules", [
    ({}, "9D", True, {"thousand/11.3", "thousand/11.5"}),                    # may play any trump
    ({"must_overtrump": True}, "AD", True, {"thousand/11.3", "thousand/11.5"}),
    ({"must_overtrump": True}, "9D", False, {"thousand/11.5"}),
])
def test_trumping_cites_the_duty_to_trump_and_to_overtrump(api, options, card, legal, rules):
    # diamonds trump (Anna's marriage); Anna led AH, Boris trumped with JD; Vera, void in hearts, holds 9D AD
    # (after 6 tricks, 8 - 6 = 2 cards): AD can overtrump JD, 9D cannot
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 5, "Boris": 1},
           "marriages": [{"player": "Anna", "suit": "D"}], "trump": "D",
           "trick": {"leader": "Anna", "cards": ["AH", "JD"]}, "hand": ["9D", "AD"]}
    ans = check(api, pos, {"type": "play", "player": "Vera", "card": card}, options=options or None)
    assert ans["legal"] is legal
    assert rules <= set(cited(ans))


# Found by a black-box tester (Thousand fixes).
def test_trumping_a_plain_trick_cites_11_3(api):
    # hearts trump; Anna led AC, Boris void in clubs trumps with 9H: the duty to trump (11.3) decides
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 1},
           "marriages": [{"player": "Anna", "suit": "H"}], "trump": "H",
           "trick": {"leader": "Anna", "cards": ["AC"]}, "hand": ["9H", "AH", "10S", "JS", "QD"]}
    ans = check(api, pos, {"type": "play", "player": "Boris", "card": "9H"})
    assert ans["legal"] is True and "thousand/11.3" in cited(ans) and "thousand/11.2" not in cited(ans)


# Found by a black-box tester (Thousand fixes).
def test_a_lead_cites_the_lead_rules(api):
    # the first trick: the declarer leads any card (8.3); a later trick: its leader (11.1)
    first = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {},
             "hand": ["AS", "10S", "KS", "QS", "JS", "9S", "AH", "10H"]}
    assert "thousand/8.3" in cited(check(api, first, {"type": "play", "player": "Anna", "card": "9S"}))
    later = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2, "Boris": 1},
             "trick": {"leader": "Boris", "cards": []}, "hand": ["AS", "10S", "KS", "QS", "JS"]}
    assert "thousand/11.1" in cited(check(api, later, {"type": "play", "player": "Boris", "card": "AS"}))


VARIANT = registry.get("thousand").variants["russian-classic"]


def cards(s):
    return [parse_card(c) for c in s.split()]


# A disputed question of thousand.md §4, under the default and the alternative option.
def test_q2_must_trump_default():
    opts = VARIANT.resolve({})
    st = DealState.new(Layout.of(PLAYERS, "Vera"), opts,
                       hands={"Anna": cards("AC"), "Boris": cards("9H KS"), "Vera": cards("9C")})
    st.start_play("Anna", 100)
    st.trick_index, st.trump = 7, "H"
    st.apply_play("Anna", parse_card("AC"))
    assert not st.can_play("Boris", parse_card("KS"))
    assert [str(c) for c in st.legal_cards("Boris")] == ["9H"]


def play_pos(**extra):
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "tricks_won": {"Anna": 2},
           "trick": {"leader": "Anna", "cards": ["9D"]}, "hand": ["9H", "AC", "KC", "QC", "JC", "10C"]}
    pos.update(extra)
    return {"players": PLAYERS, "dealer": "Vera", "position": pos,
            "action": {"type": "play", "player": "Boris", "card": "AC"}}


# Once answered wrongly; found by probing the service as a new user.
def test_trump_follows_from_the_marriages(api):
    ans = api("check", play_pos(marriages=[{"player": "Anna", "suit": "H"}]))
    assert ans["violations"][0]["rule"] == "thousand/11.3"


def test_a_completed_trick_names_its_trump(api):
    # Hearts are trump (Anna's marriage); Anna led 9D, Boris trumped with AH; Vera, void in diamonds, plays her 9H:
    # the trick is complete and Boris's AH takes it, 0 + 11 + 0 card points (thousand/11.6)
    pos = {"phase": "play", "declarer": "Anna", "contract": 100, "trump": "H", "tricks_won": {"Anna": 2},
           "marriages": [{"player": "Anna", "suit": "H"}], "trick": {"leader": "Anna", "cards": ["9D", "AH"]},
           "hand": ["9H", "KC", "QC", "JC", "10C", "9C"]}
    ans = check(api, pos, {"type": "play", "player": "Vera", "card": "9H"})
    assert ans["legal"] is True
    assert ans["effects"]["trick"] == {"leader": "Anna", "cards": ["9D", "AH", "9H"], "winner": "Boris",
                                       "points": 11, "trump": "H"}
