"""A scored two-handed deal's melds, judged in the order declared (pinochle/4.2–4.9), each refused at its place in
English and in Russian, one step each side of the limit.

The deals are given as card points and tricks taken (hearts trump, 24 tricks of 2 cards, 240 card points): the
tricks each player won while the stock lasted are then the tricks taken, and a meld may use at most the pack's two
copies of a card (pinochle/1.1).
"""
import pytest

TWO = ["Ann", "Bob"]
EVEN = ({"Ann": 120, "Bob": 120}, {"Ann": 12, "Bob": 12})     # card points, tricks: each won 12


def meld(player, *cards):
    return {"player": player, "cards": list(cards)}


def deal(melds, points=EVEN[0], taken=EVEN[1], last="Ann", **given):
    trump = {} if "upcard" in given else {"trump": "H"}
    return {"players": TWO, "dealer": "Bob", "deal": {**trump, **given, "points": points, "tricks_taken": taken,
                                                      "last_trick": last, "melds": melds}}


def post(client, body, lang):
    r = client.post("/v1/games/pinochle/score", json=body, headers={"Accept-Language": lang})
    answer = r.get_json()
    return r.status_code, [(e["pointer"], e["detail"]) for e in answer.get("errors", [])]


@pytest.mark.parametrize("lang,detail", [("en", "both dixes have already been scored in this deal"),
                                         ("ru", "оба дикса в этой сдаче уже засчитаны")])
def test_two_dixes_at_most(client, lang, detail):
    # the pack holds two 9s of trumps: a third dix is refused where it is declared
    assert post(client, deal([meld("Ann", "9H"), meld("Bob", "9H")]), lang) == (200, [])
    assert post(client, deal([meld("Ann", "9H"), meld("Ann", "9H"), meld("Bob", "9H")]),
                lang) == (422, [("/deal/melds/2", detail)])


@pytest.mark.parametrize("lang,detail", [
    ("en", "Ann declared more melds than tricks won while the stock lasted"),
    ("ru", "Ann: объявлено больше комбинаций, чем взято взяток, пока была колода")])
def test_one_meld_per_trick_won(client, lang, detail):
    # Ann won one trick (two 9s, no card points; Bob the other 23 and all 240): one marriage, not two
    pts, taken = {"Ann": 0, "Bob": 240}, {"Ann": 1, "Bob": 23}
    assert post(client, deal([meld("Ann", "KH", "QH")], pts, taken, "Bob"), lang) == (200, [])
    assert post(client, deal([meld("Ann", "KH", "QH"), meld("Ann", "KS", "QS")], pts, taken, "Bob"),
                lang) == (422, [("/deal/melds/1", detail)])


@pytest.mark.parametrize("lang,detail", [
    ("en", "Ann never held 3 × KH in this deal (their tricks show every card they had)"),
    ("ru", "Ann: в этой сдаче не было 3 × К♥ (взятки показывают все карты игрока)")])
def test_no_card_three_times_in_a_meld(client, lang, detail):
    assert post(client, deal([meld("Ann", "KH", "KH", "KH", "QH")]), lang) == (422, [("/deal/melds/0/cards", detail)])


@pytest.mark.parametrize("lang,detail", [("en", "more than two AH have been melded"),
                                         ("ru", "в комбинациях больше двух карт Т♥")])
def test_the_upcard_counts_among_the_melded_copies(client, lang, detail):
    # both show aces around: the two aces of hearts on the tables; with the ace of hearts turned up under the stock
    # that is a third one
    aces = [meld("Ann", "AH", "AS", "AD", "AC"), meld("Bob", "AH", "AS", "AD", "AC")]
    assert post(client, deal(aces), lang) == (200, [])
    assert post(client, deal(aces, upcard="AH"), lang) == (422, [("/deal/melds/1/cards", detail)])


@pytest.mark.parametrize("lang,detail", [("en", "the upcard cannot be exchanged here"),
                                         ("ru", "здесь открытую карту нельзя обменять")])
def test_a_dix_is_exchanged_only_for_an_upcard_not_a_dix(client, lang, detail):
    # hearts trump: a dix (9H) exchanged for the AH turned up scores 10; the AH goes to Ann's hand and the 9H lies
    # under the stock, so Bob's dix can only be shown; a 9H turned up at the deal cannot be exchanged either (4.7)
    def dix(player, exchange):
        return {"player": player, "cards": ["9H"], "exchange": exchange}
    assert post(client, deal([dix("Ann", True), dix("Bob", False)], upcard="AH"), lang) == (200, [])
    assert post(client, deal([dix("Ann", True), dix("Bob", True)], upcard="AH"),
                lang) == (422, [("/deal/melds/1/exchange", detail)])
    assert post(client, deal([dix("Ann", True)], upcard="9H"), lang) == (422, [("/deal/melds/0/exchange", detail)])


@pytest.mark.parametrize("lang,detail", [("en", "the upcard cannot be exchanged here"),
                                         ("ru", "здесь открытую карту нельзя обменять")])
def test_no_exchange_without_an_upcard(client, lang, detail):
    # the deal names hearts trump and no upcard: a dix is shown (200), there is nothing to exchange it for (4.7)
    assert post(client, deal([{"player": "Ann", "cards": ["9H"], "exchange": False}]), lang) == (200, [])
    assert post(client, deal([{"player": "Ann", "cards": ["9H"], "exchange": True}]),
                lang) == (422, [("/deal/melds/0/exchange", detail)])


@pytest.mark.parametrize("lang,detail", [("en", "only a dix is exchanged for the upcard"),
                                         ("ru", "на открытую карту меняют только дикс")])
def test_only_a_dix_is_exchanged(client, lang, detail):
    # a royal marriage (KH QH, hearts trump) is melded, never exchanged for the AH turned up (4.7)
    marriage = {"player": "Ann", "cards": ["KH", "QH"]}
    assert post(client, deal([marriage], upcard="AH"), lang) == (200, [])
    assert post(client, deal([{**marriage, "exchange": True}], upcard="AH"),
                lang) == (422, [("/deal/melds/0/exchange", detail)])
