"""Thousand: bolts (deals that score nothing) — counting them in a row, what breaks a run, and the fine they bring."""


from tests.thousand_helpers import by_id, points_deal, score_body, totals


# Thousand round 2 (issue 16).
def test_russian_detailed_third_fall_wipes_the_total(api):
    # Boris on the barrel with 2 deals used and 2 falls behind him defends a third deal and falls again: the third
    # fall wipes his total (880 - 120 = 760, then 0).  Anna makes 100 with 100 card points.
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0})
    state = {"scores": {"Anna": 0, "Boris": 880, "Vera": 0}, "barrel": {"Boris": {"deals": 2, "falls": 2}}}
    ans = api("score", score_body(deal, state=state, variant="russian-detailed"))
    assert totals(ans)["Boris"] == 0


# Thousand round 2 (issue 16).
def test_russian_detailed_every_third_bolt_costs_120(api):
    # Vera has two bolts behind her (not in a row: counted in total) and takes no trick again: -120
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0})
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 200}, "bolts": {"Vera": 2}}
    ans = api("score", score_body(deal, state=state, variant="russian-detailed"))
    assert totals(ans)["Vera"] == 80 and by_id(ans)["Vera"]["bolts"] == 0


# Found by a black-box tester (Thousand fixes).
def test_russian_classic_counts_bolts_in_a_row(api):
    from tests.thousand_helpers import points_deal, score_body
    # Vera's last two deals were bolts in a row (state.bolts is the run under this count); she takes no trick
    # again: the third in a row costs 120 (200 - 120 = 80) and the run starts again.  Anna makes 100 with 100 card
    # points (6 tricks), Boris 20 (2 tricks).
    deal = points_deal("Anna", 100, {"Anna": 100, "Boris": 20, "Vera": 0}, {"Anna": 6, "Boris": 2, "Vera": 0})
    state = {"scores": {"Anna": 0, "Boris": 0, "Vera": 200}, "bolts": {"Vera": 2}}
    ans = api("score", score_body(deal, state=state))
    vera = {p["id"]: p for p in ans["players"]}["Vera"]
    assert (vera["total_after"], vera["bolts"]) == (80, 0)
    assert "thousand/13.2" in {c["rule"] for c in ans["citations"]}
    # one bolt behind her: the second in a row costs nothing yet (200 + 0 = 200, run 2)
    ans = api("score", score_body(deal, state={**state, "bolts": {"Vera": 1}}))
    vera = {p["id"]: p for p in ans["players"]}["Vera"]
    assert (vera["total_after"], vera["bolts"]) == (200, 2)


# Once answered wrongly; found by probing the service as a new user.
def test_a_made_contract_breaks_a_bolt_run(api):
    # Boris deals, so Vera (on his left) is on the forced 100 and may declare 100: with Vera dealing the 100 stands
    # in Anna's name and Vera could only outbid it (thousand/7.1), which the referee now refuses as impossible.
    deal = points_deal("Vera", 100, {"Anna": 10, "Boris": 10, "Vera": 100}, {"Anna": 1, "Boris": 1, "Vera": 6})
    ans = api("score", score_body(deal, options={"bolt_count": "consecutive"}, state={"bolts": {"Vera": 2}},
                                  dealer="Boris"))
    assert by_id(ans)["Vera"]["bolts"] == 0
