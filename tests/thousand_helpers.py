"""Builders for Thousand requests used across the tests."""
PLAYERS = ["Anna", "Boris", "Vera"]  # seat order; with Vera dealing, Anna is first hand


def points_deal(declarer, contract, points, tricks, marriages=(), **extra):
    deal = {"declarer": declarer, "contract": contract, "points": points, "tricks_taken": tricks,
            "marriages": [{"player": p, "suit": s} for p, s in marriages]}
    deal.update(extra)
    return deal


def at_zero(state, keys):
    """``state`` with the totals its ``scores`` leaves out set to 0: a game under way gives every player's total
    (the tests name only the ones that matter to them)."""
    if not state or not (state.get("scores") or any(state.get(k) for k in ("concessions", "bolts", "barrel", "golden"))):
        return state
    return {**state, "scores": {**dict.fromkeys(keys, 0), **(state.get("scores") or {})}}


def score_body(deal, state=None, options=None, variant=None, players=PLAYERS, dealer="Vera"):
    body = {"players": players, "dealer": dealer, "deal": deal}
    if state is not None:
        body["state"] = at_zero(state, players)
    if options is not None:
        body["options"] = options
    if variant is not None:
        body["variant"] = variant
    return body


def by_id(answer):
    return {p["id"]: p for p in answer["players"]}


# A complete, legal three-player deal worked out by hand (after the exchange):
#   Anna:  AH KH QH 10H AS 10S AD AC     Boris: JH 9H KS QS JS 10D KD 10C     Vera: 9S QD JD 9D KC QC JC 9C
# T0 Anna AS, Boris JS, Vera 9S      -> Anna (11+2+0 = 13)
# T1 Anna KH + hearts marriage (100, trump hearts), Boris 9H, Vera 9C (no hearts, no trump) -> Anna (4)
# T2 Anna AH, Boris JH, Vera 9D      -> Anna (13)
# T3 Anna 10S, Boris QS, Vera JC     -> Anna (15)
# T4 Anna AD, Boris 10D, Vera QD     -> Anna (24)
# T5 Anna AC, Boris 10C, Vera KC     -> Anna (25)
# T6 Anna QH, Boris KD, Vera QC      -> Anna (10)
# T7 Anna 10H, Boris KS, Vera JD     -> Anna (16)
# Anna takes all 120 card points and all 8 tricks; Boris and Vera take nothing.
SWEEP_TRICKS = [
    {"leader": "Anna", "cards": ["AS", "JS", "9S"]},
    {"leader": "Anna", "cards": ["KH", "9H", "9C"]},
    {"leader": "Anna", "cards": ["AH", "JH", "9D"]},
    {"leader": "Anna", "cards": ["10S", "QS", "JC"]},
    {"leader": "Anna", "cards": ["AD", "10D", "QD"]},
    {"leader": "Anna", "cards": ["AC", "10C", "KC"]},
    {"leader": "Anna", "cards": ["QH", "KD", "QC"]},
    {"leader": "Anna", "cards": ["10H", "KS", "JD"]},
]


# A second hand-worked deal, used by the README: Vera deals, Anna (first hand) is on the forced 100
# and Boris and Vera pass.  Dealt hands and talon:
#   Anna  AH 10H KS QS AD 10D 9C      Boris KH QH 9H AS 10S JD AC      Vera JH JS KD QD 10C KC QC
#   talon 9D JC 9S.  Anna takes it and gives 9S to Boris and 9C to Vera.
# Play (winner, card points):
#   T0 Anna AD, Boris JD, Vera KD               -> Anna 17
#   T1 Anna 10D, Boris 9S, Vera QD              -> Anna 13   (no trump yet: Boris may discard)
#   T2 Anna KS + spades marriage (40, trump S), Boris AS, Vera JS -> Boris 17
#   T3 Boris KH + hearts marriage (100, trump H), Vera JH, Anna AH -> Anna 17
#   T4 Anna QS, Boris 10S, Vera 9C              -> Boris 13  (Vera: no spades, no hearts)
#   T5 Boris QH, Vera QC, Anna 10H              -> Anna 16
#   T6 Anna 9D, Boris 9H (void in diamonds, must trump), Vera KC -> Boris 4
#   T7 Boris AC, Vera 10C, Anna JC              -> Boris 23
# Card points: Anna 17+13+17+16 = 63, Boris 17+13+4+23 = 57, Vera 0 (sum 120).
# Scores: Anna 63 + 40 = 103 >= 100 -> +100; Boris 57 + 100 = 157 -> 155; Vera 0 (a bolt).
README_HANDS = {"Anna": ["AH", "10H", "KS", "QS", "AD", "10D", "9C"],
                "Boris": ["KH", "QH", "9H", "AS", "10S", "JD", "AC"],
                "Vera": ["JH", "JS", "KD", "QD", "10C", "KC", "QC"]}
README_TALON = ["9D", "JC", "9S"]
README_PLAYS = [
    ("Anna", "AD"), ("Boris", "JD"), ("Vera", "KD"),
    ("Anna", "10D"), ("Boris", "9S"), ("Vera", "QD"),
    ("Anna", "KS", True), ("Boris", "AS"), ("Vera", "JS"),
    ("Boris", "KH", True), ("Vera", "JH"), ("Anna", "AH"),
    ("Anna", "QS"), ("Boris", "10S"), ("Vera", "9C"),
    ("Boris", "QH"), ("Vera", "QC"), ("Anna", "10H"),
    ("Anna", "9D"), ("Boris", "9H"), ("Vera", "KC"),
    ("Boris", "AC"), ("Vera", "10C"), ("Anna", "JC"),
]


def readme_log(dealer="Vera"):
    log = [{"type": "deal", "dealer": dealer, "hands": README_HANDS, "talon": README_TALON},
           {"type": "pass", "player": "Boris"}, {"type": "pass", "player": "Vera"},
           {"type": "take_talon", "player": "Anna"},
           {"type": "exchange", "player": "Anna", "gives": {"Boris": "9S", "Vera": "9C"}}]
    for p in README_PLAYS:
        ev = {"type": "play", "player": p[0], "card": p[1]}
        if len(p) == 3:
            ev["marriage"] = True
        log.append(ev)
    return log


README_TRICKS = [{"leader": README_PLAYS[i][0], "cards": [p[1] for p in README_PLAYS[i:i + 3]]}
                 for i in range(0, 24, 3)]


# shared by several test files (each had its own copy)
FOUR = ["Anna", "Boris", "Vera", "Gleb"]


T = {"Anna": 5, "Boris": 2, "Vera": 1}


QUIET_TALON = ["9S", "9H", "JD"]


def totals(ans):
    return {p["id"]: p["total_after"] for p in ans["players"]}


def bidding(bids, hand=None):
    pos = {"phase": "bidding", "bids": bids}
    if hand is not None:
        pos["hand"] = hand
    return pos


NINES = ["9S", "9H", "9D", "9C"]


def cited(ans):
    return {c["rule"]: c.get("options", {}) for c in ans["citations"]}


TRICKS = {"Anna": 6, "Boris": 1, "Vera": 1}


def redeals(ans):
    return [a for a in ans["legal_actions"] if a["type"] == "redeal"]


def hands(ans):
    return {p["id"]: p["hand_score"] for p in ans["players"]}


THOUSAND_TALON = {"players": ["Anna", "Boris", "Vera"], "dealer": "Vera",
                  "position": {"phase": "talon", "declarer": "Anna", "contract": 100},
                  "action": {"type": "raise", "player": "Anna", "amount": 120}}
