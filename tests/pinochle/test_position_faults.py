"""The position builder's checks that are stated once and shared: each refused at its field, with its message in
English and in Russian, one step each side of the limit.

- one reader of a number per player or per side (the points form, the pad's two-handed and partnership forms): a
  name that is no player, a side named twice;
- one check of who took the last trick (the points forms of every variant and the pad's): a player who took a trick;
- one reading of a meld (a scored deal's declared melds and a check position's melds on the table): cards that make
  a meld with trump;
- one reading of the tricks completed (a play position and a declaration out): 0 to one less than the deal's tricks.

Two-handed with 48 cards: 24 tricks of 2 cards, 240 card points in the pack (pinochle/1.3); a 9 counts nothing.
"""
import pytest

TWO = ["Ann", "Bob"]
FOUR = ["Ann", "Bob", "Cid", "Dee"]


def post(client, endpoint, body, lang):
    r = client.post(f"/v1/games/pinochle/{endpoint}", json=body, headers={"Accept-Language": lang})
    return r.status_code, r.get_json()


def refusal(client, endpoint, body, lang):
    status, answer = post(client, endpoint, body, lang)
    assert status == 422, answer
    return [(e["pointer"], e["detail"]) for e in answer["errors"]]


def points_form(points, taken, last, melds=None):
    """A two-handed deal given as card points and tricks taken, hearts trump."""
    deal = {"trump": "H", "points": points, "tricks_taken": taken, "last_trick": last}
    if melds is not None:
        deal["melds"] = melds
    return {"players": TWO, "dealer": "Bob", "deal": deal}


@pytest.mark.parametrize("lang,detail", [("en", "'Zed' is not a player"), ("ru", "'Zed' — не игрок")])
def test_a_count_for_somebody_who_does_not_play(client, lang, detail):
    # Ann took all 24 tricks and their 240 points; a third name in the points is nobody at the table
    body = points_form({"Ann": 240, "Bob": 0, "Zed": 0}, {"Ann": 24, "Bob": 0}, "Ann")
    assert refusal(client, "score", body, lang) == [("/deal/points/Zed", detail)]


@pytest.mark.parametrize("lang,detail", [("en", "'Cid+Ann' names the side Ann+Cid again"),
                                         ("ru", "'Cid+Ann' — это снова пара Ann+Cid")])
def test_a_side_named_twice_in_a_partnership_pad(client, lang, detail):
    # the pad per side: Ann+Cid 200 and Bob+Dee 40 card points (240); "Cid+Ann" is Ann+Cid again, partners reversed
    body = {"variant": "partnership", "players": FOUR, "dealer": "Dee", "deal": {
        "bid": {"player": "Ann", "amount": 250}, "trump": "S", "meld_points": {"Ann+Cid": 100, "Bob+Dee": 0},
        "points": {"Ann+Cid": 200, "Cid+Ann": 0, "Bob+Dee": 40}, "last_trick": "Ann"}}
    assert refusal(client, "score", body, lang) == [("/deal/points/Cid+Ann", detail)]
    del body["deal"]["points"]["Cid+Ann"]
    assert post(client, "score", body, lang)[0] == 200


@pytest.mark.parametrize("lang,detail", [("en", "Bob took no trick, so not the last one"),
                                         ("ru", "Bob: нет взяток, значит и последней")])
def test_the_last_trick_goes_to_a_player_who_took_one(client, lang, detail):
    # Bob took 0 tricks: he cannot have taken the last one; with 1 trick (two 9s, 0 points) he can, Ann's 23 tricks
    # then holding all 240 points
    assert refusal(client, "score", points_form({"Ann": 240, "Bob": 0}, {"Ann": 24, "Bob": 0}, "Bob"),
                   lang) == [("/deal/last_trick", detail)]
    status, answer = post(client, "score", points_form({"Ann": 240, "Bob": 0}, {"Ann": 23, "Bob": 1}, "Bob"), lang)
    assert status == 200, answer


@pytest.mark.parametrize("lang,detail", [("en", "AS KH is not a meld with hearts trump"),
                                         ("ru", "Т♠ К♥ — не комбинация при козыре ♥")])
def test_a_meld_is_cards_that_make_one(client, lang, detail):
    # a scored deal's declared melds: the king and queen of trumps are a royal marriage; the ace of spades and the
    # king of hearts are nothing (Ann took every trick, so she held both)
    bad = points_form({"Ann": 240, "Bob": 0}, {"Ann": 24, "Bob": 0}, "Ann", [{"player": "Ann", "cards": ["AS", "KH"]}])
    assert refusal(client, "score", bad, lang) == [("/deal/melds/0/cards", detail)]
    good = points_form({"Ann": 240, "Bob": 0}, {"Ann": 24, "Bob": 0}, "Ann", [{"player": "Ann", "cards": ["KH", "QH"]}])
    assert post(client, "score", good, lang)[0] == 200
    # a check position's melds on the table, read the same way: Ann won the one trick done, and holds 12 cards,
    # 10 in hand and 2 on the table
    hand = ["AH", "10H", "KH", "QH", "JH", "9H", "AS", "10S", "KS", "QS"]
    check = {"players": TWO, "dealer": "Bob", "action": {"type": "play", "player": "Ann", "card": "AH"},
             "position": {"phase": "play", "trump": "H", "tricks_done": 1, "hand": hand,
                          "melds": [{"cards": ["AS", "KH"]}], "trick": {"leader": "Ann"}}}
    assert refusal(client, "check", check, lang) == [("/position/melds/0/cards", detail)]


def declaring(done):
    position = {"phase": "play", "trump": "H", "meld_points": 0, "card_points": 0}
    if done is not None:
        position["tricks_done"] = done
    return {"players": TWO, "dealer": "Bob", "position": position, "action": {"type": "declare_out", "player": "Ann"}}


@pytest.mark.parametrize("lang,detail", [("en", "the tricks completed run from 0 to 23"),
                                         ("ru", "сыгранных взяток — от 0 до 23")])
def test_a_declaration_out_comes_before_the_last_trick_ends(client, lang, detail):
    # 24 tricks two-handed with 48 cards: 23 completed is the last point of play, 24 is the deal over
    assert refusal(client, "check", declaring(24), lang) == [("/position/tricks_done", detail)]
    assert post(client, "check", declaring(23), lang)[0] == 200


@pytest.mark.parametrize("lang,detail", [
    ("en", "give the claimant's running count: a declaration out is judged on it"),
    ("ru", "укажите текущий счёт объявившего: по нему оценивают объявление выхода")])
def test_a_declaration_out_needs_the_tricks_completed(client, lang, detail):
    assert refusal(client, "check", declaring(None), lang) == [("/position/tricks_done", detail)]


def tricks_of(first):
    """24 tricks, Bob leading each, the first of the cards ``first`` (the others' cards do not matter here: a trick
    of the wrong size is refused before the pack is counted)."""
    return {"players": TWO, "dealer": "Bob", "deal": {"trump": "H", "tricks": [
        {"leader": "Bob", "cards": first}] + [{"leader": "Bob", "cards": ["9C", "9C"]}] * 23}}


@pytest.mark.parametrize("first,lang,detail", [
    (["AH"], "en", "a trick has 2 cards, not 1"), (["AH", "AS", "KH"], "en", "a trick has 2 cards, not 3"),
    (["AH"], "ru", "во взятке карт 2, а не 1"), (["AH", "AS", "KH"], "ru", "во взятке карт 2, а не 3")])
def test_a_two_handed_trick_has_two_cards(client, first, lang, detail):
    assert refusal(client, "score", tricks_of(first), lang) == [("/deal/tricks/0/cards", detail)]
    # two cards: this trick passes, and the pack is counted next (a 9 of clubs more than twice)
    assert refusal(client, "score", tricks_of(["AH", "AS"]), lang)[0][0].startswith("/deal/tricks/")


@pytest.mark.parametrize("lang,detail", [("en", "the one-deal game has no target to rise"),
                                         ("ru", "в партии из одной сдачи нет цели, которая могла бы подняться")])
def test_the_one_deal_game_carries_only_its_target(client, lang, detail):
    body = points_form({"Ann": 120, "Bob": 120}, {"Ann": 12, "Bob": 12}, "Ann")
    body["options"] = {"one_deal_game": True}
    body["state"] = {"target": 1000}        # the option's target (1,000 by default)
    assert post(client, "score", body, lang)[0] == 200
    body["state"] = {"target": 1250}        # a step of 250 above it, as two-handed play raises it
    assert refusal(client, "score", body, lang) == [("/state/target", detail)]


@pytest.mark.parametrize("lang,detail", [("en", "the current trick is already complete"),
                                         ("ru", "текущая взятка уже собрана")])
def test_the_trick_in_progress_lacks_a_card(client, lang, detail):
    # two-handed, Bob deals, Ann leads the first trick with the ace of spades and Bob, 12 cards in hand, plays to it;
    # a trick of 2 cards is no longer in progress
    hand = ["AH", "10H", "KH", "QH", "JH", "9H", "10S", "KS", "QS", "JS", "9S", "AD"]
    check = {"players": TWO, "dealer": "Bob", "action": {"type": "play", "player": "Bob", "card": "10S"},
             "position": {"phase": "play", "trump": "H", "tricks_done": 0, "hand": hand,
                          "trick": {"leader": "Ann", "cards": ["AS"]}}}
    assert post(client, "check", check, lang)[0] == 200
    check["position"]["trick"]["cards"] = ["AS", "9D"]
    assert refusal(client, "check", check, lang) == [("/position/trick/cards", detail)]


@pytest.mark.parametrize("lang,detail", [("en", "a card must be a string such as '10H' or 'QS'"),
                                         ("ru", "карта задаётся строкой, например «10ч» или «Дп» (или «10H», «QS»)")])
def test_a_play_names_its_card(client, lang, detail):
    # the same first trick: Bob plays to Ann's ace of spades, and the play left without its card is not judged
    hand = ["AH", "10H", "KH", "QH", "JH", "9H", "10S", "KS", "QS", "JS", "9S", "AD"]
    check = {"players": TWO, "dealer": "Bob", "action": {"type": "play", "player": "Bob"},
             "position": {"phase": "play", "trump": "H", "tricks_done": 0, "hand": hand,
                          "trick": {"leader": "Ann", "cards": ["AS"]}}}
    assert refusal(client, "check", check, lang) == [("/action/card", detail)]


@pytest.mark.parametrize("lang,detail", [
    ("en", "one meld per won trick: 1 trick cannot have brought these melds"),
    ("ru", "одна комбинация за взятку: 1 взятка не могла дать эти комбинации")])
def test_a_dix_on_the_table_uses_up_no_trick(client, lang, detail):
    # Ann won the one trick done and melded the marriage in spades for it, and showed the dix (the 9 of hearts,
    # trump) besides: a dix uses up no trick (pinochle/4.2, 4.7).  She holds 12 cards: 9 in hand, 3 on the table.
    hand = ["AH", "10H", "KH", "QH", "JH", "AS", "10S", "JS", "AD"]
    check = {"players": TWO, "dealer": "Bob", "action": {"type": "play", "player": "Ann", "card": "AH"},
             "position": {"phase": "play", "trump": "H", "tricks_done": 1, "hand": hand, "trick": {"leader": "Ann"},
                          "melds": [{"cards": ["KS", "QS"]}, {"cards": ["9H"]}]}}
    assert post(client, "check", check, lang)[0] == 200
    # a second marriage in place of the dix wants a second trick won
    check["position"]["melds"][1] = {"cards": ["KD", "QD"]}
    check["position"]["hand"] = hand[:-1]
    assert refusal(client, "check", check, lang) == [("/position/melds", detail)]
