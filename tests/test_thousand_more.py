"""Disputed questions of thousand.md §4 not covered elsewhere, each under the default and the
alternative option, and the two-player game."""
import pytest

from referee import registry
from referee.cards import parse_card
from referee.thousand.deal import DealState, Layout
from tests.thousand_helpers import PLAYERS, by_id, points_deal, score_body

VARIANT = registry.get("thousand").variants["russian-classic"]


def cards(s):
    return [parse_card(c) for c in s.split()]


@pytest.mark.parametrize("timing,boris_legal,winner", [
    ("immediate", ["9C", "JS", "KD"], "Anna"),  # hearts are trump at once: Boris, void in hearts, plays anything
    ("next_trick", ["JS"], "Boris"),      # spades stay trump for this trick: Boris must trump, and wins it
])
def test_q4_trump_timing(timing, boris_legal, winner):
    # Trump is spades (from an earlier marriage).  Anna leads KH announcing hearts; Boris has no heart.
    opts = VARIANT.resolve({"trump_timing": timing})
    lay = Layout.of(PLAYERS, "Vera")
    st = DealState.new(lay, opts, hands={"Anna": cards("KH QH AD"), "Boris": cards("JS 9C KD"),
                                         "Vera": cards("9H QD JD")})
    st.start_play("Anna", 100)
    st.tricks_won["Anna"] = 5  # Anna has won tricks before
    st.trick_index = 5
    st.trump = "S"
    st.apply_play("Anna", parse_card("KH"), marriage=True)
    assert sorted(str(c) for c in st.legal_cards("Boris")) == boris_legal
    st.apply_play("Boris", parse_card("JS"))
    out = st.apply_play("Vera", parse_card("9H"))
    assert out["trick"]["winner"] == winner
    assert st.trump == ("H" if timing == "immediate" else "S")


def test_q2_must_trump_default():
    opts = VARIANT.resolve({})
    st = DealState.new(Layout.of(PLAYERS, "Vera"), opts,
                       hands={"Anna": cards("AC"), "Boris": cards("9H KS"), "Vera": cards("9C")})
    st.start_play("Anna", 100)
    st.trick_index, st.trump = 7, "H"
    st.apply_play("Anna", parse_card("AC"))
    assert not st.can_play("Boris", parse_card("KS"))
    assert [str(c) for c in st.legal_cards("Boris")] == ["9H"]


def check(api, pos, action, options=None):
    body = {"players": PLAYERS, "dealer": "Vera", "position": pos, "action": action}
    if options:
        body["options"] = options
    return api("check", body)


@pytest.mark.parametrize("after_exchange,legal", [(True, True), (False, False)])
def test_q12_four_nines_after_the_exchange(api, after_exchange, legal):
    # Boris received 9C from the declarer and now holds all four nines.
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True, "exchanged": True,
           "hand": ["9H", "9S", "9D", "9C", "AH", "KD", "QS", "JC"], "received": "9C"}
    ans = check(api, pos, {"type": "redeal", "player": "Boris", "reason": "four_nines"},
                options={"redeal_four_nines_after_exchange": after_exchange})
    assert ans["legal"] is legal
    if not legal:
        assert ans["violations"][0]["rule"] == "thousand/6.2"


@pytest.mark.parametrize("attempts,total", [("all_deals", 760), ("own_contracts", 880)])
def test_q9_barrel_deals_declared_by_others(api, attempts, total):
    # Anna has used two barrel deals and defends the third: it counts (fall to 760) unless only her own
    # contracts count.
    # Anna deals, so Boris (on her left) is on the forced 100 and may declare 100: with Vera dealing the 100 stands in
    # Anna's name and Boris could only outbid it (thousand/7.1), which the referee now refuses as impossible.
    deal = points_deal("Boris", 100, {"Anna": 20, "Boris": 90, "Vera": 10}, {"Anna": 2, "Boris": 5, "Vera": 1})
    ans = api("score", score_body(deal, options={"barrel_attempts": attempts}, dealer="Anna",
                                  state={"scores": {"Anna": 880}, "barrel": {"Anna": {"deals": 2, "falls": 0}}}))
    assert by_id(ans)["Anna"]["total_after"] == total


@pytest.mark.parametrize("exempt,bolts", [(True, 0), (False, 1)])
def test_q8_bolts_on_the_barrel(api, exempt, bolts):
    # pagat: deals on the barrel never count as zero scores, even without a trick.
    # Anna deals, so Boris (on her left) is on the forced 100 and may declare 100: with Vera dealing the 100 stands in
    # Anna's name and Boris could only outbid it (thousand/7.1), which the referee now refuses as impossible.
    deal = points_deal("Boris", 100, {"Anna": 0, "Boris": 100, "Vera": 20}, {"Anna": 0, "Boris": 6, "Vera": 2})
    ans = api("score", score_body(deal, options={"bolt_barrel_exempt": exempt}, state={"scores": {"Anna": 880}},
                                  dealer="Anna"))
    assert by_id(ans)["Anna"]["bolts"] == bolts


# ---------------------------------------------------------------- two players
# Boris deals, so Anna is first hand on the forced 100; Boris passes.
#   Anna  AH 10H KH QH AS 10S AD 10D AC 10C     Boris JH 9H KS QS JS 9S KD QD JD 9D
#   musiks [KC QC] [JC 9C].  Anna takes musik 0 and discards KC QC (7 points, which count for her).
# Tricks (Anna leads and wins each): AS 9S 11 | KH+marriage 9H 4 | AH JH 13 | 10S JS 12 | AD 9D 11 |
#   10D JD 12 | AC KS 15 (Boris: no clubs, no hearts left) | 10C QS 13 | QH KD 7 | 10H QD 13  = 111.
# Anna: 111 + 7 discarded = 118 (+ hearts 100); the unused musik JC 9C (2 points) is out of play.
TWO = ["Anna", "Boris"]
HANDS2 = {"Anna": "AH 10H KH QH AS 10S AD 10D AC 10C".split(), "Boris": "JH 9H KS QS JS 9S KD QD JD 9D".split()}
PLAY2 = [("AS", "9S"), ("KH", "9H"), ("AH", "JH"), ("10S", "JS"), ("AD", "9D"), ("10D", "JD"), ("AC", "KS"),
         ("10C", "QS"), ("QH", "KD"), ("10H", "QD")]


def two_player_log():
    log = [{"type": "deal", "dealer": "Boris", "hands": HANDS2, "musiks": [["KC", "QC"], ["JC", "9C"]]},
           {"type": "pass", "player": "Boris"},
           {"type": "take_talon", "player": "Anna", "musik": 0},
           {"type": "discard", "player": "Anna", "cards": ["KC", "QC"]}]
    for i, (a, b) in enumerate(PLAY2):
        ev = {"type": "play", "player": "Anna", "card": a}
        if i == 1:
            ev["marriage"] = True
        log += [ev, {"type": "play", "player": "Boris", "card": b}]
    return log


def test_two_player_log(api):
    ans = api("validate", {"variant": "two-player", "players": TWO, "log": two_player_log()})
    assert ans["valid"] is True
    final = by_id(ans["final"])
    assert (final["Anna"]["card_points"], final["Anna"]["hand_score"]) == (118, 100)
    assert (final["Boris"]["hand_score"], final["Boris"]["bolts"]) == (0, 1)


def test_two_player_points(api):
    deal = points_deal("Anna", 100, {"Anna": 118, "Boris": 0}, {"Anna": 10, "Boris": 0}, [("Anna", "H")],
                       musik_unused=["JC", "9C"], discards=["KC", "QC"])
    ans = api("score", score_body(deal, players=TWO, dealer="Boris", variant="two-player"))
    assert by_id(ans)["Anna"]["hand_score"] == 100
    deal["points"] = {"Anna": 120, "Boris": 0}
    err = api("score", score_body(deal, players=TWO, dealer="Boris", variant="two-player"), status=422)
    assert err["errors"][0] == {"pointer": "/deal/points", "detail":
                                "the card points of a deal add up to 118 (120 less 2 in cards out of play), "
                                "not 120 (thousand/1.3)"}


def test_two_player_discard_check(api):
    pos = {"phase": "talon", "declarer": "Anna", "contract": 100, "talon_taken": True,
           "hand": HANDS2["Anna"] + ["KC", "QC"]}
    body = {"variant": "two-player", "players": TWO, "dealer": "Boris", "position": pos,
            "action": {"type": "discard", "player": "Anna", "cards": ["KC", "QC"]}}
    assert api("check", body)["legal"] is True
    body["action"] = {"type": "exchange", "player": "Anna", "gives": {"Boris": "KC"}}
    assert api("check", body)["violations"][0]["rule"] == "thousand/3.3"
