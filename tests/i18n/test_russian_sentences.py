"""Russian sentences as players say them, pinned whole over HTTP with Accept-Language: ru: ranks named in words and
declined («парой восьмёрок», «к верхней девятке», «к верхнему королю»), counts agreeing with their numbers, the
barrel's cut said with the rule's own verb, and no «округлено» where rounding changes nothing."""
from __future__ import annotations

import pytest
from thousand_helpers import PLAYERS, points_deal, score_body

RU = {"Accept-Language": "ru"}
S4 = [{"id": "NS", "players": ["North", "South"]}, {"id": "EW", "players": ["East", "West"]}]


def post(client, game, endpoint, body, status=200):
    r = client.post(f"/v1/games/{game}/{endpoint}", json=body, headers=RU)
    assert r.status_code == status, r.get_data(as_text=True)
    assert r.headers["Content-Language"] == "ru"
    return r.get_json()


def lines(ans, player):
    return [(x["item"], x["points"]) for x in next(p for p in ans["players"] if p["id"] == player)["lines"]]


# ---------------------------------------------------------------- Canasta: ranks in words

def canasta_take(top, shown, frozen_by=None, hand=None):
    # North (NS has opened with three nines) takes the pile of 9 cards topped by `top`; 11 cards in hand, 52 in the
    # stock: NS shows 3 melded, EW 3, the pile 9, North 11 — 26 of the 108 cards, well inside the deck
    pile = {"top": top, "size": 9}
    if frozen_by:
        pile["frozen_by"] = frozen_by
    return {"sides": S4, "state": {"scores": {"NS": 1250, "EW": 2310}},
            "position": {"phase": "draw",
                         "hand": hand or ["8п", "Дж", "5т", "6б", "Кч", "Кт", "Дб", "8ч", "4ч", "7т", "10б"],
                         "melds": {"NS": [["9ч", "9б", "9т"]], "EW": [["Тч", "Тп", "2т"]]},
                         "pile": pile, "stock": 52},
            "action": {"type": "take_pile", "player": "North", "cards": shown}}


def test_a_frozen_pile_is_taken_with_a_natural_pair_of_eights(client):
    # the pile is frozen by a joker; North shows 8♠ and a joker for the top 8♦: only a natural pair of eights takes it
    ans = post(client, "canasta", "check", canasta_take("8б", ["8п", "Дж"], frozen_by="wild"))
    assert ans["legal"] is False
    assert ans["violations"][0]["message"] == ("сброс заморожен свободной картой: взять его можно только "
                                               "натуральной парой восьмёрок с руки")


@pytest.mark.parametrize("top,hand,message", [
    # a feminine rank: «к верхней десятке … из десяток» (North holds 10♦, but shows nothing)
    ("10п", None, "к верхней десятке нужна натуральная пара, десятка со свободной картой или комбинация стороны "
                  "из десяток"),
    # a masculine one: «к верхнему королю … из королей» (North holds K♥ K♣, but shows none of them)
    ("Кб", None, "к верхнему королю нужна натуральная пара, король со свободной картой или комбинация стороны "
                 "из королей"),
])
def test_the_top_card_is_named_by_its_rank_in_words(client, top, hand, message):
    # the pile is not frozen (NS has opened, nothing wild in it) and North shows no card: a natural pair, one
    # natural card with a wild one, or the side's meld of that rank takes it (NS has only nines)
    body = canasta_take(top, [], hand=hand)
    body["action"]["cards"] = []
    ans = post(client, "canasta", "check", body)
    assert ans["legal"] is False
    assert [v["message"] for v in ans["violations"]] == [message]


def test_a_canasta_is_named_by_its_rank(client):
    # the Canasta guide's four-player hand (docs/canasta.md): NS has seven kings (natural, 500) and five nines with a
    # 2 and a joker (mixed, 300); 22 cards each side at least (NS 7 + 7 + 4 + 3 + 3 melded and 8 in hand, EW 4 + 3
    # melded and 15 in hand)
    m = str.split
    deal = {"sides": [
        {"id": "NS", "went_out": True, "red_threes": ["3H", "3D"],
         "melds": [["K"] * 7, m("9 9 9 9 9 2 JK"), m("A A A A"), m("8 8 8"), m("6 6 6")],
         "hands": [[], m("7 4 5 5 Q J 10 9")]},
        {"id": "EW", "red_threes": ["3H"], "melds": [m("Q Q Q 2"), m("J J J")],
         "hands": [m("JK Q 4 4 5 6 7"), m("5 6 K 10 10 7 4 4")]}]}
    ans = post(client, "canasta", "score", {"sides": S4, "deal": deal})
    ns = [x["item"] for x in next(s for s in ans["sides"] if s["id"] == "NS")["lines"]]
    assert ns[:2] == ["натуральная канаста из королей", "смешанная канаста из девяток"]


# ---------------------------------------------------------------- Thousand

def test_the_barrel_cuts_the_total_and_the_rounding_is_said_only_where_it_changes_it(client):
    # Anna makes 100 from 800: 900 is cut to 880.  Boris took 12 card points (rounded to 10), Vera 8 (rounded to
    # 10); 100 + 12 + 8 = 120.
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 12, "Vera": 8}, {"Anna": 6, "Boris": 1, "Vera": 1})
    ans = post(client, "thousand", "score", score_body(deal, state={"scores": {"Anna": 800}}))
    assert lines(ans, "Anna")[-1] == ("900 срезается до 880: на бочке", -20)
    assert lines(ans, "Boris") == [("12 за карты + 0 за марьяжи = 12, округлено до 10", 10)]
    # 45 card points stay 45: nothing is rounded, and nothing is said about rounding
    deal = points_deal("Anna", 100, {"Anna": 75, "Boris": 45, "Vera": 0}, {"Anna": 5, "Boris": 3, "Vera": 0})
    ans = post(client, "thousand", "score", score_body(deal))
    assert lines(ans, "Boris") == [("45 за карты + 0 за марьяжи = 45", 45)]
    # the declarer's points rounded before the check (round_declarer): said where the rounding changes them (97 is
    # 95, short of 100), left out where it does not (75 stays 75, short too)
    opts = {"round_declarer": True}
    deal = points_deal("Anna", 100, {"Anna": 97, "Boris": 23, "Vera": 0}, {"Anna": 5, "Boris": 3, "Vera": 0})
    ans = post(client, "thousand", "score", score_body(deal, options=opts))
    assert lines(ans, "Anna") == [("заказ 100 не сыгран: 97 за карты + 0 за марьяжи = 97, округлено до 95, "
                                    "записывается -100", -100)]
    deal = points_deal("Anna", 100, {"Anna": 75, "Boris": 45, "Vera": 0}, {"Anna": 5, "Boris": 3, "Vera": 0})
    ans = post(client, "thousand", "score", score_body(deal, options=opts))
    assert lines(ans, "Anna") == [("заказ 100 не сыгран: 75 за карты + 0 за марьяжи = 75, записывается -100", -100)]


def test_a_newcomer_knocks_the_sitter_off_the_barrel(client):
    # Vera sits on the barrel; Anna climbs on (800 + 100 -> 880) and knocks her off: 880 - 120 = 760
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0})
    body = score_body(deal, state={"scores": {"Anna": 800, "Vera": 880}}, options={"barrel_collision": "knock_off"})
    ans = post(client, "thousand", "score", body)
    assert ("на бочку залезает Anna; Vera слетает с неё", -120) in lines(ans, "Vera")


def test_a_concession_line_says_what_the_opponent_gets(client):
    # Anna concedes 100: each opponent gets 60 (rospis_opponents sixty_each)
    deal = {"declarer": "Anna", "contract": 100, "conceded": True}
    ans = post(client, "thousand", "score", score_body(deal, options={"rospis_opponents": "sixty_each"}))
    assert lines(ans, "Boris") == [("роспись заказа 100: противнику 60", 60)]


@pytest.mark.parametrize("hand,legal,message", [
    # Q♠ Q♣ J♥ J♦ 9♠ 9♦ hold 3 + 3 + 2 + 2 = 10, and Q♦ 3 more: 13, under 14 — a redeal
    (["QS", "QC", "QD", "JH", "JD", "9S", "9D"], True, None),
    # K♦ for Q♦: 14, not under 14
    (["QS", "QC", "KD", "JH", "JD", "9S", "9D"], False, "в руке 14 очков — не меньше 14, пересдачи нет"),
    # A♠ K♠ Q♠ Q♣ and three nines: 11 + 4 + 3 + 3 = 21 («очко», the number's own form)
    (["AS", "KS", "QS", "QC", "9S", "9C", "9D"], False, "в руке 21 очко — не меньше 14, пересдачи нет"),
    # 11 + 10 + 2 = 23 («очка»)
    (["AS", "10S", "JS", "9S", "9C", "9D", "9H"], False, "в руке 23 очка — не меньше 14, пересдачи нет"),
])
def test_a_weak_hand_claim_counts_its_points_in_words(client, hand, legal, message):
    # russian-detailed: a hand under 14 card points may be shown for a redeal; dealer Vera, Boris claims
    body = {"variant": "russian-detailed", "players": PLAYERS, "dealer": "Vera",
            "position": {"phase": "bidding", "hand": hand, "bids": []},
            "action": {"type": "redeal", "player": "Boris", "reason": "weak_hand"}}
    ans = post(client, "thousand", "check", body)
    assert ans["legal"] is legal
    assert [v["message"] for v in ans.get("violations", [])] == ([message] if message else [])


def test_a_total_off_the_fives_is_refused_as_three_players_score(client):
    r = client.post("/v1/games/thousand/score", headers=RU,
                    json=score_body(points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0},
                                                {"Anna": 6, "Boris": 2, "Vera": 0}),
                                    state={"scores": {"Anna": 13}}))
    assert r.status_code == 422
    body = r.get_json()
    assert body["title"] == "Запрос нельзя рассмотреть"
    assert {"pointer": "/state/scores/Anna", "detail": "13 невозможно: втроём любой счёт кратен 5"} in body["errors"]


@pytest.mark.parametrize("shown,message", [
    # one penalty card: said in the singular, and it is the card to discard
    (["KH"], "N: открытой лежит штрафная карта К♥ — сбросить нужно её"),
    # two: one of them
    (["KH", "AS"], "N: открытыми лежат штрафные карты К♥, Т♠ — сбросить нужно одну из них"),
])
def test_a_penalty_card_is_said_in_the_number_it_has(client, shown, message):
    # North (unmelded side: 11 dealt, 12 after the draw) discards 9♦ while his penalty cards lie face up
    hand = "9D KH KD 4C 5S 6H 7D JS QC AS 10H 4D".split()
    body = {"sides": [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}],
            "position": {"phase": "play", "hand": hand, "penalty_cards": shown, "pile": {"top": "8C", "size": 6}},
            "action": {"type": "discard", "player": "N", "card": "9D"}}
    ans = post(client, "canasta", "check", body)
    assert ans["legal"] is False
    assert ans["violations"][0]["message"] == message


# ---------------------------------------------------------------- Canasta: a joker named in words inside a sentence

@pytest.mark.parametrize("meld,missing", [
    # North holds no joker: the sentence names it («не хватает джокера»), not by its sign «Дж»
    (["8п", "8ч", "Дж"], "джокера"),
    # a rank alone, as Canasta allows: North holds two kings (К♥ К♣), the third one is named in words
    (["К", "К", "К"], "короля"),
    # a card of a suit keeps its sign: North holds 8♠ 8♥ but not 8♣
    (["8п", "8ч", "8т"], "8♣"),
])
def test_a_missing_card_is_named_as_players_name_it(client, meld, missing):
    # the same position as above, in the play phase; North's 11 cards hold no joker and no third king
    body = canasta_take("8б", [], hand=["8п", "7ч", "5т", "6б", "Кч", "Кт", "Дб", "8ч", "4ч", "7т", "10б"])
    body["position"]["phase"] = "play"
    body["action"] = {"type": "meld", "player": "North", "melds": [meld]}
    ans = post(client, "canasta", "check", body)
    assert ans["legal"] is False
    assert [v["message"] for v in ans["violations"]] == [
        f"North: на руке нет всех выкладываемых карт — не хватает {missing}"]


@pytest.mark.parametrize("lang,item", [
    ("en", "contract 120 made: 85 card points + 40 marriage points = 125, scores 120"),
    ("ru", "заказ 120 сыгран: 85 за карты + 40 за марьяжи = 125, записывается 120"),
])
def test_a_score_line_ends_with_the_points_it_scores(client, lang, item):
    # Anna makes 120 with 85 in cards and the spade marriage (40): 125 made, the contract's 120 scored; the sum is
    # said once, unbracketed, and the line ends with its points (never «(… = 125) (120)»)
    deal = points_deal("Anna", 120, {"Anna": 85, "Boris": 35, "Vera": 0}, {"Anna": 5, "Boris": 3, "Vera": 0},
                       marriages=[("Anna", "S")])
    r = client.post("/v1/games/thousand/score", json=score_body(deal), headers={"Accept-Language": lang})
    assert lines(r.get_json(), "Anna") == [(item, 120)]


@pytest.mark.parametrize("lang,item", [
    ("en", "bid 350 failed: meld 150 + card points 180 = 330; double bete, scores -700"),
    ("ru", "заявка 350 не сыграна: комбинации 150 + очки за карты 180 = 330; списывается вдвойне: -700"),
])
def test_a_failed_auction_bid_ends_with_the_double_bete(client, lang, item):
    # three-hand auction: Ann bids 350, melds a spade run (150) and takes 170 + 10 for the last trick; 330 < 350, so
    # she loses twice the bid, and the line ends with it
    body = {"variant": "three-hand-auction", "players": ["Ann", "Bob", "Cid"], "dealer": "Cid",
            "deal": {"bid": {"player": "Ann", "amount": 350}, "trump": "S", "meld": ["AS", "10S", "KS", "QS", "JS"],
                     "points": {"Ann": 170, "Bob": 40, "Cid": 30}, "tricks_taken": {"Ann": 10, "Bob": 3, "Cid": 2},
                     "last_trick": "Ann", "buried": ["9H", "9D", "9C"]}}
    r = client.post("/v1/games/pinochle/score", json=body, headers={"Accept-Language": lang})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["players"][0]["lines"] == [{"item": item, "points": -700, "rule": "pinochle/8.4"}]
