"""Thousand for two and for four as a pulka writes it down, over HTTP (POST /v1/games/thousand/score and
/scoresheet).

Card values: A 11, 10 10, K 4, Q 3, J 2, 9 0; 24 cards, 120 points, four of each value.  Sums of 2 cards: 0, 2 to 8,
10 to 15, 20 to 22 (never 1, 9, 16 to 19); sums of 3 cards: 0 to 33 but 1 and 27 to 29.

Two players (variant two-player): 10 cards each, two musiks of 2; the declarer takes one, discards 2 (which count
for the declarer), and the other musik stays unseen.  10 tricks of 2 cards.  So the pad writes the card points of
both players (the declarer's with the discards), and they add up to 120 less the unseen pair: 98 to 120, never 119
(a pair worth 1) nor 111 (worth 9) nor 101 to 104 (worth 16 to 19).  Ann is first hand when Bob deals.  Contract
made: +contract, failed: -contract; the defender's points rounded to 5.

Four players (variant four-player): the dealer sits out; the other three play 8 tricks of 3 cards with all 24 cards
(the talon goes back into play), and the dealer scores the talon's card points as they stand (the first Russian
text).  The pad writes those points instead of the talon's cards.
"""
import pytest

TWO = ["Ann", "Bob"]
FOUR = ["Ann", "Bob", "Cid", "Dan"]
BOTH = {"Ann": True, "Bob": True}
THREE = {"Ann": True, "Bob": True, "Cid": True}


def two(deal, options=None):
    body = {"variant": "two-player", "players": TWO, "dealer": "Bob", "deal": deal}
    if options:
        body["options"] = options
    return body


def four(deal, options=None, dealer="Dan"):
    body = {"variant": "four-player", "players": FOUR, "dealer": dealer, "deal": deal}
    if options:
        body["options"] = options
    return body


def scores(a):
    return [(p["id"], p["card_points"], p["tricks"], p["hand_score"]) for p in a["players"]]


def refusal(a):
    return [(e["pointer"], e["detail"]) for e in a["errors"]]


# --------------------------------------------------------------------------------------------- two players

def test_two_players_write_both_points_and_the_unseen_musik_is_what_is_left(api):
    # Ann 95 (tricks and discards) + the heart marriage 100 = 195 >= 100: made, +100; Bob 25: 25.  95 + 25 = 120:
    # the unseen musik is worth 0 (two nines)
    a = api("score", two({"declarer": "Ann", "contract": 100, "points": {"Ann": 95, "Bob": 25}, "took_trick": BOTH,
                          "marriages": [{"player": "Ann", "suit": "H"}]}))
    assert scores(a) == [("Ann", 95, None, 100), ("Bob", 25, None, 25)]


@pytest.mark.parametrize("total,ok", [(97, False), (98, True), (118, True), (119, False), (120, True),
                                      (121, False)])
def test_two_players_points_add_up_to_98_to_120(api, total, ok):
    # Bob 30, Ann the rest: the unseen pair is worth 120 - total; 22 (two aces) is the most, 0 (two nines) the
    # least, and 1 no pair makes (2 is a jack and a nine)
    body = two({"declarer": "Ann", "contract": 100, "points": {"Ann": total - 30, "Bob": 30}, "took_trick": BOTH})
    if ok:
        # Ann 68, 88 or 90 < 100: failed, -100; Bob 30
        assert scores(api("score", body)) == [("Ann", total - 30, None, -100), ("Bob", 30, None, 30)]
    elif total > 120:
        assert refusal(api("score", body, 422)) == [
            ("/deal/points", "the card points given add up to 121, more than the 120 of the deal")]
    else:
        assert refusal(api("score", body, 422)) == [
            ("/deal/points", f"the unused musik would be worth {120 - total} (120 less the {total} given), and no 2 "
                             "cards out of play are worth that")]


@pytest.mark.parametrize("total,ok", [(110, True), (111, False), (100, True), (101, False), (104, False),
                                      (105, True)])
def test_two_players_the_gaps_in_the_pairs(api, total, ok):
    # the unseen pair: 10 (a ten and a nine) but never 9; 20 (two tens) but never 19; 16 never, 15 (ace and king)
    body = two({"declarer": "Ann", "contract": 100, "points": {"Ann": total - 20, "Bob": 20}, "took_trick": BOTH})
    api("score", body, 200 if ok else 422)


@pytest.mark.parametrize("suits,ok", [(["H", "D"], True), (["H", "D", "C"], False)])
def test_two_players_an_announced_marriage_was_played_so_its_cards_are_not_out_of_play(api, suits, ok):
    # 82 + 30 = 112: the unseen pair is worth 8, which only two kings make (4 + 4).  With the heart and diamond
    # marriages played, the spade and club kings are left for it; with the club marriage too, only one king is
    deal = {"declarer": "Ann", "contract": 120, "points": {"Ann": 82, "Bob": 30}, "took_trick": BOTH,
            "marriages": [{"player": "Ann" if s != "D" else "Bob", "suit": s} for s in suits]}
    if ok:
        # Ann 82 + 100 = 182 >= 120: made, +120; Bob 30 + 80 = 110
        assert scores(api("score", two(deal))) == [("Ann", 82, None, 120), ("Bob", 30, None, 110)]
    else:
        assert refusal(api("score", two(deal), 422)) == [
            ("/deal/points", "the unused musik would be worth 8 (120 less the 112 given), and no 2 cards out of "
                             "play are worth that")]


@pytest.mark.parametrize("total,ok", [(75, False), (76, True)])
def test_two_players_with_discards_counting_for_nobody_four_cards_are_out_of_play(api, total, ok):
    # the discards and the unseen musik: 4 cards, at most the four aces, 44; so 76 at the least
    body = two({"declarer": "Ann", "contract": 100, "points": {"Ann": total - 30, "Bob": 30}, "took_trick": BOTH},
               {"two_player_discards_count": False})
    if ok:
        # Ann 46 < 100: failed, -100; Bob 30
        assert scores(api("score", body)) == [("Ann", 46, None, -100), ("Bob", 30, None, 30)]
    else:
        assert refusal(api("score", body, 422)) == [
            ("/deal/points", "the discards and the unused musik would be worth 45 (120 less the 75 given), and no 4 "
                             "cards out of play are worth that")]


def test_two_players_leaving_a_players_points_out_is_refused_unless_the_musik_is_given(api):
    deal = {"declarer": "Ann", "contract": 100, "points": {"Ann": 80}, "took_trick": BOTH}
    assert refusal(api("score", two(deal), 422)) == [
        ("/deal/points", "with two players the unused musik stays unseen, so the card points of both players are "
                         "written down")]
    # with its cards given (two aces, 22), Bob's points are worked out: 120 - 22 - 80 = 18 -> 20 rounded
    a = api("score", two(dict(deal, musik_unused=["AS", "AH"])))
    assert scores(a) == [("Ann", 80, None, -100), ("Bob", 18, None, 20)]


def test_two_players_a_player_without_a_trick(api):
    # Ann takes all 10 tricks: 120 with the discards (the unseen pair two nines); Bob 0, no trick: a bolt
    a = api("score", two({"declarer": "Ann", "contract": 120, "points": {"Ann": 120, "Bob": 0},
                          "took_trick": {"Ann": True, "Bob": False}}))
    assert scores(a) == [("Ann", 120, None, 120), ("Bob", 0, None, 0)]
    assert [(e["rule"], e["player"]) for e in a["events"]] == [("thousand/13.1", "Bob")]


def test_two_players_on_a_sheet_the_deal_passes_between_them(api):
    # deal 1: Bob deals, Ann 95 + hearts: +100, Bob 25; deal 2: Ann deals, Bob declares 100 with 70 + spades 40 =
    # 110: +100, Ann 50.  Ann 150, Bob 125
    d1 = {"declarer": "Ann", "contract": 100, "points": {"Ann": 95, "Bob": 25}, "took_trick": BOTH,
          "marriages": [{"player": "Ann", "suit": "H"}]}
    d2 = {"declarer": "Bob", "contract": 100, "points": {"Ann": 50, "Bob": 70}, "took_trick": BOTH,
          "marriages": [{"player": "Bob", "suit": "S"}]}
    a = api("scoresheet", {"variant": "two-player", "players": TWO, "dealer": "Bob", "deals": [d1, d2]})
    assert [r["dealer"] for r in a["rows"]] == ["Bob", "Ann"]
    assert a["totals"] == {"Ann": 150, "Bob": 125}


# --------------------------------------------------------------------------------------------- four players

def test_four_players_the_sitter_scores_the_talon_points_written_down(api):
    # Dan deals and sits out; Ann 100 + the heart marriage 100 = 200 >= 120: made, +120; Bob 15; Cid 120 - 115 = 5;
    # Dan the talon's 21 as it stands
    a = api("score", four({"declarer": "Ann", "contract": 120, "points": {"Ann": 100, "Bob": 15}, "took_trick": THREE,
                           "marriages": [{"player": "Ann", "suit": "H"}], "talon_points": 21}))
    assert scores(a) == [("Ann", 100, None, 120), ("Bob", 15, None, 15), ("Cid", 5, None, 5), ("Dan", 0, None, 21)]
    assert [(ln["item"], ln["points"]) for ln in a["players"][3]["lines"]] == [
        ("sitting out: talon card points 21", 21)]


@pytest.mark.parametrize("talon,ok", [(0, True), (1, False), (26, True), (27, False), (29, False), (30, True),
                                      (33, True)])
def test_four_players_the_talon_points_are_three_cards_worth(api, talon, ok):
    # 3 cards: 0 (three nines), 26 (two aces and a king), 30 (three tens), 33 (three aces); never 1, nor 27 to 29
    body = four({"declarer": "Ann", "contract": 100, "points": {"Ann": 100, "Bob": 10}, "took_trick": THREE,
                 "talon_points": talon})
    if ok:
        assert scores(api("score", body))[3] == ("Dan", 0, None, talon)
    else:
        assert refusal(api("score", body, 422)) == [
            ("/deal/talon_points", f"no 3 cards are worth {talon}: card values are 11, 10, 4, 3, 2 and 0")]


@pytest.mark.parametrize("talon,word", [(1, "очко"), (27, "очков"), (29, "очков")])
def test_four_players_the_talon_points_no_cards_make_are_told_in_russian_with_the_counted_word(client, talon, word):
    # 1 очко, 27 очков, 29 очков (the forms 2–4 would take, очка, no three cards miss: 2, 3, 4 and 22 to 24 are
    # all made: 2 a jack and two nines, 24 two aces and a jack)
    body = four({"declarer": "Ann", "contract": 100, "points": {"Ann": 100, "Bob": 10}, "took_trick": THREE,
                 "talon_points": talon})
    r = client.post("/v1/games/thousand/score", json=body, headers={"Accept-Language": "ru"})
    assert r.status_code == 422
    assert refusal(r.get_json()) == [("/deal/talon_points", f"никакие 3 карты не дают в сумме {talon} {word}: карты "
                                                            "стоят 11, 10, 4, 3, 2 и 0")]


def test_four_players_more_than_three_aces_is_refused_by_the_shape(api):
    body = four({"declarer": "Ann", "contract": 100, "points": {"Ann": 100, "Bob": 10}, "took_trick": THREE,
                 "talon_points": 34})
    assert [e["pointer"] for e in api("score", body, 422)["errors"]] == ["/deal/talon_points"]


def test_four_players_rounded_talon_points(api):
    # the talon's 21 rounded to 5: 20
    a = api("score", four({"declarer": "Ann", "contract": 100, "points": {"Ann": 100, "Bob": 10},
                           "took_trick": THREE, "talon_points": 21}, {"sitter_scoring": "talon_points_rounded"}))
    assert scores(a)[3] == ("Dan", 0, None, 20)


@pytest.mark.parametrize("options,why", [
    ({"sitter_scoring": "none"}, "here the dealer who sits out scores nothing"),
    ({"sitter_scoring": "aces_40_marriage"}, "here the dealer who sits out scores the aces and the marriage in the "
                                             "talon: give the talon's cards")])
def test_four_players_talon_points_only_where_the_sitter_scores_them(api, options, why):
    body = four({"declarer": "Ann", "contract": 100, "points": {"Ann": 100, "Bob": 10}, "took_trick": THREE,
                 "talon_points": 21}, options)
    assert refusal(api("score", body, 422)) == [("/deal/talon_points", why)]


def test_talon_points_with_the_talon_or_with_three_players_are_refused(api):
    body = four({"declarer": "Ann", "contract": 100, "points": {"Ann": 100, "Bob": 10}, "took_trick": THREE,
                 "talon_points": 21, "talon": ["AS", "10H", "9C"]})
    assert refusal(api("score", body, 422)) == [
        ("/deal/talon_points", "give the talon's cards or its card points, not both")]
    three = {"players": ["Ann", "Bob", "Cid"], "dealer": "Cid",
             "deal": {"declarer": "Ann", "contract": 100, "points": {"Ann": 100, "Bob": 10}, "took_trick": THREE,
                      "talon_points": 21}}
    assert refusal(api("score", three, 422)) == [
        ("/deal/talon_points", "the talon's points are written down only with four players, for the dealer who "
                               "sits out")]


def test_four_players_a_concession_with_the_talon_points(api):
    # Ann concedes 100: -100 (a concession costs the contract); Bob and Cid 60 each; Dan the talon's 33 (three aces)
    a = api("score", four({"declarer": "Ann", "contract": 100, "conceded": True, "talon_points": 33}))
    assert [(p["id"], p["hand_score"]) for p in a["players"]] == [("Ann", -100), ("Bob", 60), ("Cid", 60),
                                                                   ("Dan", 33)]


def test_four_players_on_a_sheet_the_sitter_changes_and_the_row_says_it(api):
    # deal 1: Dan deals and sits out, as above: Ann +120, Bob 15, Cid 5, Dan 21.
    # deal 2: Ann deals and sits out; Bob (first hand) declares 100 with 85 + spades 40 = 125: +100; Cid 20;
    # Dan 120 - 105 = 15; Ann the talon's 10 (a ten and two nines).  Ann 130, Bob 115, Cid 25, Dan 36
    d1 = {"declarer": "Ann", "contract": 120, "points": {"Ann": 100, "Bob": 15}, "took_trick": THREE,
          "marriages": [{"player": "Ann", "suit": "H"}], "talon_points": 21}
    d2 = {"declarer": "Bob", "contract": 100, "points": {"Bob": 85, "Cid": 20},
          "took_trick": {"Bob": True, "Cid": True, "Dan": True}, "marriages": [{"player": "Bob", "suit": "S"}],
          "talon_points": 10}
    a = api("scoresheet", {"variant": "four-player", "players": FOUR, "dealer": "Dan", "deals": [d1, d2]})
    assert [r["dealer"] for r in a["rows"]] == ["Dan", "Ann"]
    assert [[(p["id"], p["hand_score"]) for p in r["players"]] for r in a["rows"]] == [
        [("Ann", 120), ("Bob", 15), ("Cid", 5), ("Dan", 21)], [("Ann", 10), ("Bob", 100), ("Cid", 20), ("Dan", 15)]]
    assert a["totals"] == {"Ann": 130, "Bob": 115, "Cid": 25, "Dan": 36}
    assert [[(e["kind"], e["player"], e["rule"], e["text"]) for e in r["events"]] for r in a["rows"]] == [
        [("sitting_out", "Dan", "thousand/3.6", "sitting out: talon card points 21")],
        [("sitting_out", "Ann", "thousand/3.6", "sitting out: talon card points 10")]]
    assert "points" not in a["rows"][0]["events"][0]       # the sitter's score is the hand score, not on top of it


def test_four_players_where_the_sitter_scores_nothing_the_row_still_says_who_sat_out(api):
    a = api("scoresheet", {"variant": "four-player", "options": {"sitter_scoring": "none"}, "players": FOUR,
                           "dealer": "Dan", "deals": [{"declarer": "Ann", "contract": 100,
                                                       "points": {"Ann": 100, "Bob": 10}, "took_trick": THREE}]})
    assert [(e["kind"], e["rule"], e["text"]) for e in a["rows"][0]["events"]] == [
        ("sitting_out", "thousand/3.2", "Dan deals and sits out this deal")]
    assert a["totals"] == {"Ann": 100, "Bob": 10, "Cid": 10, "Dan": 0}


@pytest.mark.parametrize("total,ok", [(98, True), (99, False)])
def test_two_players_discards_given_that_count_for_nobody_come_off_the_120(api, total, ok):
    # the discards two aces (22) count for nobody: at most 120 - 22 = 98 in tricks, the unseen musik then two nines
    body = two({"declarer": "Ann", "contract": 100, "points": {"Ann": total - 30, "Bob": 30}, "took_trick": BOTH,
                "discards": ["AS", "AH"]}, {"two_player_discards_count": False})
    if ok:
        assert scores(api("score", body)) == [("Ann", 68, None, -100), ("Bob", 30, None, 30)]
    else:
        assert refusal(api("score", body, 422)) == [
            ("/deal/points", "the card points given add up to 99, more than the 98 of the deal")]
