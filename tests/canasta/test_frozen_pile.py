"""Canasta: the frozen pile — what freezes it, for whom, what a described pile may say about it, and what takes it while
frozen.
"""


import pytest

from referee import service
from tests.canasta_helpers import ELEVEN, S4, C, chk, m, message, pointer, ruling


# Found by black-box probing of the Canasta endpoints.
def test_wild_on_top_without_frozen_by_is_frozen(api):
    ans = chk(api, {"hand": ELEVEN, "pile": {"top": "2D", "size": 9}}, {"type": "draw"})
    assert ans["facts"]["frozen_by"] == "wild" and ans["facts"]["pile_frozen"] is True


# Found by black-box probing of the Canasta endpoints.
@pytest.mark.parametrize("pile", [{"top": "9S", "size": 1, "frozen_by": "wild"},
                                  {"top": None, "size": 0, "frozen_by": "wild"}])
def test_small_piles_cannot_be_frozen_by_a_card_in_them(api, pile):
    ans = chk(api, {"hand": ELEVEN, "pile": pile}, {"type": "draw"}, 422)
    assert pointer(ans) == "/position/pile/frozen_by"


SIDES = [{"id": "NS", "players": ["N", "S"]}, {"id": "EW", "players": ["E", "W"]}]


def check(api, hand, action, *, melds=None, pile=None, scores=None, phase="play", options=None, variant=None,
          status=200, sides=SIDES, **pos):
    body = {"sides": sides,
            "position": {"phase": phase, "hand": hand.split() if isinstance(hand, str) else hand,
                         "melds": melds or {}, "pile": pile or {"top": "8C", "size": 6}, **pos},
            "action": {"player": sides[0]["players"][0], **action}}
    if scores:
        body["state"] = {"scores": {**{s["id"]: 0 for s in sides}, **scores}}   # the others at 0
    if options:
        body["options"] = options
    if variant:
        body["variant"] = variant
    return C(api, "check", body, status)


POOL = "4C 5S 6H 7D 8C 9H 10D JS QC KD AS 4D 5H 6C 7S 8D 9C 10H".split()


def fill(hand, n):
    """``hand`` (a string) made up to ``n`` cards with cards of ranks it does not hold: a player whose side has
    not melded holds exactly his deal (11, or 12 after the turn's draw; canasta/1.5)."""
    cards = hand.split()
    ranks = {c[:-1] for c in cards}
    for c in POOL:
        if len(cards) >= n:
            break
        if c[:-1] not in ranks:
            cards.append(c)
            ranks.add(c[:-1])
    assert len(cards) == n
    return " ".join(cards)


MELDED = {"NS": [m("AH AD AS")]}


FROZEN = {"top": "9H", "size": 7, "frozen_by": "wild"}


CANASTA = {"NS": [m("KH KD KS KC KH KD KS")]}


def test_d2_natural_and_wild_needs_an_unfrozen_pile_and_a_melded_side(api):
    assert ruling(check(api, "9D JK 5C", {"type": "take_pile", "cards": ["9D", "JK"]}, phase="draw",
                        pile={"top": "9H", "size": 3}, melds=MELDED)) == (True, None)
    assert ruling(check(api, fill("9D JK 5C", 11), {"type": "take_pile", "cards": ["9D", "JK"]}, phase="draw",
                        pile={"top": "9H", "size": 3})) == (False, "canasta/5.1")


def test_frozen_pile_facts_name_what_froze_it(api):
    ans = check(api, "9D JK 5C", {"type": "take_pile", "cards": ["9D", "JK"]}, phase="draw", pile=FROZEN,
                melds=MELDED)
    assert ans["facts"] == {"side": "NS", "side_has_melded": True, "minimum": None, "opening_canasta": None, "pile_frozen": True,
                            "frozen_by": "wild", "pile_block": None, "canastas": 0, "stock": ans["facts"]["stock"]}
    assert ans["violations"][0]["pointer"] == "/action/cards"
    assert {"type": "draw", "player": "N"} in ans["legal_actions"]
    assert not any(a["type"] == "take_pile" for a in ans["legal_actions"])


def test_l25_a_discarded_wild_freezes_the_pile(api):
    ans = check(api, "2C 5H 6D", {"type": "discard", "card": "2C"}, melds=CANASTA)
    assert ans["legal"] and ans["effects"] == {"pile_frozen": True}


def test_strict_pile_discards_report_a_frozen_pile(api):
    pos = {"phase": "play", "hand": m("5H 6D 7C"), "melds": {"NS": [["K"] * 3]}, "pile": {"top": "8H", "size": 3}}
    body = {"variant": "cuban", "sides": S4, "position": pos,
            "action": {"type": "discard", "player": "North", "card": "5H"}}
    assert C(api, "check", body)["effects"]["pile_frozen"] is True


def test_palace_strict_discard_pile_is_always_frozen(api):
    body = {"variant": "palace", "options": {"strict_pile": True}, "sides": S4,
            "position": {"hand": m("QD JK 5C 6D"), "melds": {"NS": [["A"] * 3]}, "pile": {"top": "QH", "size": 4}},
            "action": {"type": "take_pile", "player": "North", "cards": ["QD", "JK"]}}
    ans = C(api, "check", body)
    assert (ans["legal"], ans["violations"][0]["rule"], ans["facts"]["pile_frozen"]) == (False, "canasta/5.1", True)


def test_classic12_frozen_start_and_no_natural_with_wild(api):
    body = {"variant": "classic-12", "sides": S4,
            "position": {"hand": m("QD JK 5C 6D"), "melds": {"NS": [["A"] * 3]},
                         "pile": {"top": "QH", "size": 4}},
            "action": {"type": "take_pile", "player": "North", "cards": ["QD", "JK"]}}
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/5.2"
    body["position"]["pile"]["frozen_by"] = "start"
    assert C(api, "check", body)["violations"][0]["rule"] == "canasta/5.1"
    bad = {**body, "variant": "classic"}
    assert C(api, "check", bad, 422)["errors"][0]["pointer"] == "/position/pile/frozen_by"


def check_as(body, variant="classic", **options):
    return service.handle("canasta", "check", {"variant": variant, "options": options, "sides": S4, **body})


# A threshold the mutation pass over the Canasta engine found untested.
@pytest.mark.parametrize("variant,options,want", [
    ("classic", {}, "the top K needs a natural pair, a natural K and a wild card, or the side's meld of Ks"),
    ("russian-popular", {}, "the top K needs a natural pair or the side's meld of Ks"),
    ("samba", {"natural_and_wild_takes": True}, "the top K needs a natural pair, a natural K and a wild card, or the "
                                                "side's meld of Ks while it is short of a canasta (the side's is "
                                                "complete)"),
    ("samba", {}, "the top K needs a natural pair or the side's meld of Ks while it is short of a canasta (the side's "
                  "is complete)"),
])
def test_what_takes_an_unfrozen_pile_is_said_as_the_options_have_it(variant, options, want):
    # North's side has melded (a canasta of kings where it matters); a K tops an unfrozen pile and he shows nothing
    kings = ["K"] * 7 if variant == "samba" else ["K"] * 3
    body = {"position": {"hand": m("9S 5D 6D 7D 8D 10D JD QD 4S 4H 4C 5C 6C 7C 8C"), "melds": {"NS": [kings]},
                         "pile": {"top": "KC", "size": 5}, "stock": 60},
            "action": {"type": "take_pile", "player": "North", "cards": []}}
    if variant == "classic":
        body["position"]["hand"] = body["position"]["hand"][:11]
        body["position"]["melds"]["NS"] = [m("A A A")]
    if variant == "russian-popular":
        body["position"]["hand"] = body["position"]["hand"][:13]
        body["position"]["melds"]["NS"] = [m("A A A")]
    assert message(check_as(body, variant, **options)) == want


def check_body(variant, position, action, options=None, sides=S4, state=None):
    body = {"variant": variant, "sides": sides, "position": position, "action": action}
    if options:
        body["options"] = options
    if state:
        body["state"] = state
    return body


def test_strict_pile_message_and_canasta(api):
    pos = {"hand": m("5C 6D 7H"), "melds": {"NS": [m("KH KD KC")]}, "pile": {"top": "KS", "size": 5}}
    ans = C(api, "check", check_body("palace", pos, {"type": "take_pile", "player": "North", "cards": []},
                                     {"strict_pile": True}))
    assert ans["violations"][0]["message"] == "the pile is always frozen in this game: only a natural pair of Ks from the hand takes it"
    pos = {"hand": m("KS KH 5C 6D 7H"), "melds": {"NS": [m("KH KD KC KS KC 2C JK")]}, "pile": {"top": "KD", "size": 5}}
    ans = C(api, "check", check_body("palace", pos, {"type": "take_pile", "player": "North", "cards": ["KS", "KH"]},
                                     {"strict_pile": True}))
    assert "may not join the side's canasta" in ans["violations"][0]["message"]
