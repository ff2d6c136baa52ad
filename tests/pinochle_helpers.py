"""Pinochle helpers shared by the log tests: the event shorthand and the complete partnership deal (Dee deals, each
player holds one whole suit)."""

FOUR = ["Ann", "Bob", "Cid", "Dee"]


def ev(spec):
    """``"bid Ann 300; pass Bob; trump Ann S; play Ann AS; bury Ann 10H 9C 9C"`` → log events."""
    out = []
    for part in spec.split(";"):
        kind, player, *rest = part.split()
        e = {"type": kind, "player": player}
        if kind == "bid":
            e["amount"] = int(rest[0])
        elif kind == "trump":
            e["suit"] = rest[0]
        elif kind in ("play", "draw"):
            e["card"] = rest[0]
        elif kind in ("meld", "bury"):
            e["cards"] = rest
        elif kind == "dix":
            e["exchange"] = rest == ["exchange"]
        out.append(e)
    return out


PARTNER_HANDS = {"Ann": "AS AS 10S 10S KS KS QS QS JS JS 9S 9S", "Bob": "AH AH 10H 10H KH KH QH QH JH JH 9H 9H",
                 "Cid": "AD AD 10D 10D KD KD QD QD JD JD 9D 9D", "Dee": "AC AC 10C 10C KC KC QC QC JC JC 9C 9C"}


def partnership_log():
    # Dee deals; each player holds one whole suit.  Ann bids 100 and the others pass; Ann names spades.  Ann leads
    # her spades one by one and wins every trick (the others hold neither spades nor trumps, so any card goes).
    log = [{"type": "deal", "dealer": "Dee", "hands": {p: h.split() for p, h in PARTNER_HANDS.items()}}]
    log += ev("bid Ann 100; pass Bob; pass Cid; pass Dee; trump Ann S")
    hands = {p: h.split() for p, h in PARTNER_HANDS.items()}
    for i in range(12):
        log += [{"type": "play", "player": p, "card": hands[p][i]} for p in FOUR]
    return log


# shared by several test files (each had its own copy)
TWO = ["Ann", "Bob"]


THREE = ["Ann", "Bob", "Cid"]


def P(api, endpoint, body, status=200):
    return api(endpoint, body, status=status, game="pinochle")


def events(spec):
    """``"play Ann AS; draw Bob 9D; meld Ann KS QS"`` → log events."""
    out = []
    for part in spec.split(";"):
        kind, player, *cards = part.split()
        ev = {"type": kind, "player": player}
        if kind in ("play", "draw"):
            ev["card"] = cards[0]
        elif kind == "meld":
            ev["cards"] = cards
        out.append(ev)
    return out


ANN = "AS AS 10S 10S KS KS QS QS JS JS 9S 9S".split()


WIDOW = "10H 9C 9C"


BOB_CLUBS = "AC AC 10C 10C KC KC QC QC JC JC 9C".split()
