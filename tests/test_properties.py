"""Property tests (hypothesis): notation round-trips, and random legal deals of each game replay as valid,
conserve the cards and share out exactly the points the pack holds (Thousand 120; Pinochle 250)."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import service
from referee.cards import RANKS, SUITS, parse_card
from referee.thousand.cards import DECK
from referee.thousand.deal import DealState, Layout
from referee.thousand.options import VARIANTS as THOUSAND

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@given(st.sampled_from(RANKS), st.sampled_from(SUITS), st.booleans(), st.booleans())
@SETTINGS
def test_card_notation_round_trip(rank, suit, lower, ten_as_t):
    text = ("T" if rank == "10" and ten_as_t else rank) + suit
    text = text.lower() if lower else text
    card = parse_card(text)
    assert str(card) == rank + suit and parse_card(str(card)) == card


def random_thousand_log(seed: int):
    """A random legal three-player deal: random hands, the forced bidder plays 100, random legal cards."""
    rng = random.Random(seed)
    players = ["A", "B", "C"]
    cards = DECK.cards()
    rng.shuffle(cards)
    hands = {"A": cards[:7], "B": cards[7:14], "C": cards[14:21]}
    talon = cards[21:]
    opts = THOUSAND["russian-classic"].resolve({})
    st_ = DealState.new(Layout.of(players, "C"), opts, hands=hands, talon=talon)
    log = [{"type": "deal", "dealer": "C", "hands": {p: [str(c) for c in h] for p, h in hands.items()},
            "talon": [str(c) for c in talon]},
           {"type": "pass", "player": "B"}, {"type": "pass", "player": "C"}, {"type": "take_talon", "player": "A"}]
    st_.apply_pass("B")
    st_.apply_pass("C")
    st_.apply_take_talon("A")
    give = rng.sample(st_.hands["A"], 2)
    st_.apply_exchange("A", {"B": give[0], "C": give[1]})
    log.append({"type": "exchange", "player": "A", "gives": {"B": str(give[0]), "C": str(give[1])}})
    while st_.phase != "done":
        p = st_.to_play if st_.phase == "play" else "A"
        acts = [a for a in st_.legal_actions(p) if a["type"] == "play"]
        a = rng.choice(acts)
        ev = {"type": "play", "player": p, "card": a["card"]}
        if a.get("marriage"):
            ev["marriage"] = True
        st_.apply_play(p, parse_card(a["card"]), bool(a.get("marriage")))
        log.append(ev)
    return players, log


@given(st.integers(0, 10 ** 9))
@SETTINGS
def test_random_thousand_deals_replay(seed):
    players, log = random_thousand_log(seed)
    ans = service.handle("thousand", "validate", {"players": players, "log": log})
    assert ans["valid"] is True
    final = ans["final"]["players"]
    assert sum(p["card_points"] for p in final) == 120
    for p in final:  # each player's lines add up to the change in total
        assert sum(x["points"] for x in p["lines"]) == p["total_after"] - p["total_before"]


def random_pinochle_log(seed: int):
    from referee.pinochle.cards import DECKS
    from referee.pinochle.deal import legal_cards, new_state
    from referee.pinochle.options import VARIANTS
    rng = random.Random(seed)
    opts = VARIANTS["two-handed"].resolve({})
    deck = DECKS[48].cards()
    rng.shuffle(deck)
    hands = {"Bob": deck[:12], "Ann": deck[12:24]}
    upcard, stock = deck[24], deck[25:]
    s = new_state(["Ann", "Bob"], "Ann", opts, upcard.suit, hands)
    s.upcard, s.stock_left = upcard, 24
    log = [{"type": "deal", "dealer": "Ann", "hands": {p: [str(c) for c in h] for p, h in hands.items()},
            "upcard": str(upcard)}]
    while not s.done:
        if s.tricks_done == 12 and not s.trick:
            s.start_playoff()
        p = s.to_play
        c = rng.choice(legal_cards(s.holding(p), s.trick, s.trump, s.strict, opts["must_head"], p))
        s.apply_play(p, c)
        log.append({"type": "play", "player": p, "card": str(c)})
        if s.to_draw:
            w = s.to_draw[0]
            for q in list(s.to_draw):
                card = stock.pop(0) if (s.stock_left > 2 or q == w) else upcard
                s.apply_draw(q, card)
                log.append({"type": "draw", "player": q, "card": str(card)})
    return log


@given(st.integers(0, 10 ** 9))
@SETTINGS
def test_random_pinochle_deals_replay(seed):
    log = random_pinochle_log(seed)
    ans = service.handle("pinochle", "validate", {"players": ["Ann", "Bob"], "log": log})
    assert ans["valid"] is True
    assert sum(p["raw_card_points"] for p in ans["final"]["players"]) == 250


@given(st.integers(0, 10 ** 9), st.sampled_from(["classic", "two-player", "three-player", "five-player", "six-player",
                                                 "palace", "palace-2", "traditional", "classic-12",
                                                 "russian-popular", "samba", "bolivia", "brazilian", "cuban",
                                                 "uruguay", "chile", "graded-wild", "hollywood", "mexicana",
                                                 "pennies-from-heaven", "italian", "sevens"]))
@SETTINGS
def test_random_canasta_deals_replay(seed, variant):
    """A random legal Canasta deal replays as valid; every card of the 108 (162) is somewhere at the end; each
    side's score lines add up to its hand score."""
    from canasta_sim import random_canasta_log

    from referee.canasta.cards import deck_for
    sides, log, st_ = random_canasta_log(seed, variant)
    ans = service.handle("canasta", "validate", {"variant": variant.replace("-2", ""), "sides": sides, "log": log})
    assert ans["valid"] is True, ans["first_violation"]
    held = sum(len(m) for melds in st_.melds.values() for m in melds.values()) \
        + sum(len(h) for h in st_.hands.values()) + sum(len(r) for r in st_.red_threes.values())
    from referee.canasta.options import VARIANTS as CANASTA
    o = CANASTA[variant.replace("-2", "")].resolve({})
    held += sum(len(c or []) for c in st_.packets.values()) + (3 if o["surprise"] else 0) \
        + sum(st_.set_aside.values())
    assert held + st_.pile.size + st_.stock == deck_for(o["packs"], o["jokers_per_pack"]).size
    for side in ans["final"]["sides"]:
        assert sum(x["points"] for x in side["lines"]) == side["hand_score"] == side["total_after"]


PALACE_RULES = [{"draw_count": 2}, {"strict_wild_cards": True}, {"strict_pile": True}, {"tough_end": True},
                {"sequences": True}, {"surprise": True}, {"packs": 3}, {"jokers_per_pack": 3},
                {"wild_melds": "palace"}, {"black_three_in_hand": "minus_100"}, {"opening_table": "tougher"},
                {"tough_end": True, "wild_melds": "palace", "sequences": True, "draw_count": 2, "packs": 3}]


@given(st.integers(0, 10 ** 9), st.sampled_from(PALACE_RULES), st.sampled_from(["palace", "palace-2"]))
@SETTINGS
def test_random_palace_deals_replay_under_custom_rules(seed, options, table):
    """Canasta Palace's custom rules, alone and combined, for two and four players: random legal deals replay."""
    from canasta_sim import random_canasta_log
    sides, log, _ = random_canasta_log(seed, table, options=options)
    ans = service.handle("canasta", "validate", {"variant": "palace", "options": options, "sides": sides, "log": log})
    assert ans["valid"] is True, ans["first_violation"]
