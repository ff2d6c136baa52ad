"""Thousand: the named presets (pagat, the Russian texts) and the readings each one takes."""

from tests.thousand_helpers import by_id, hands, points_deal, score_body


# Thousand round 2 (issue 16).
def test_russian_classic_follows_both_russian_texts(api):
    # a concession costs the contract (both texts); each opponent 60
    ans = api("score", score_body({"declarer": "Anna", "contract": 120, "conceded": True}))
    assert hands(ans) == {"Anna": -120, "Boris": 60, "Vera": 60}
    # a bolt is a deal without a trick: Vera's one trick of three nines scores 0 but is no bolt
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 5, "Boris": 2, "Vera": 1})
    assert by_id(api("score", score_body(deal)))["Vera"]["bolts"] == 0
    assert by_id(api("score", score_body(deal, variant="pagat")))["Vera"]["bolts"] == 1


# Thousand round 2 (issue 16).
def test_pagat_is_the_base_reading(api):
    from referee.thousand.options import SPECS, VARIANTS
    assert VARIANTS["pagat"].resolve({}) == {name: spec.default for name, spec in SPECS.items()}


# Found by a black-box tester (Thousand fixes).
def test_the_russian_presets_take_the_clear_text(api):
    from referee.thousand.options import VARIANTS
    classic = VARIANTS["russian-classic"].resolve({})
    assert (classic["bolt_count"], classic["barrel_declarer_fail"]) == ("consecutive", "stay")   # text 1; text 2
    assert VARIANTS["russian-detailed"].resolve({})["bolt_count"] == "total"                    # text 2's count
    assert VARIANTS["four-player"].resolve({})["sitter_scoring"] == "talon_points"              # text 1, unrounded
    assert VARIANTS["pagat"].resolve({})["bolt_count"] == "total"
