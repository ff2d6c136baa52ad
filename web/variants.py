"""Each variant in players' terms, for the page where the variant is chosen («бочка 880, 3 попытки; болт — без
взятки, три подряд −120; самосвал 555»): a few phrases derived from the variant's resolved options, the ones a table
argues about.  Which texts a variant follows stays in its own summary, which the page keeps behind «Источники»."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from referee.i18n import N_, _, ngettext, number
from referee.thousand.options import SPECS as THOUSAND


@cache
def resolved(game: str) -> dict[str, dict]:
    """``{variant: {option: value}}``: every variant's options as it resolves them."""
    from referee import service
    index = next(g for g in service.games_index()["games"] if g["id"] == game)
    return {v["id"]: {o["name"]: o["default"] for o in service.variant_info(game, v["id"])["options"]}
            for v in index["variants"]}


BOLT_WHAT = {"no_tricks": N_("a bolt is a deal without a trick"), "zero_score": N_("a bolt is a deal scoring zero")}
BOLT_HOW = {"consecutive": N_("{what}, three in a row: {cost}"), "total": N_("{what}, three in the game: {cost}")}
ROSPIS = {"nothing": N_("a concession costs the declarer nothing"),
          "minus_contract": N_("a concession costs the declarer the contract"),
          "minus_120": N_("a concession costs the declarer 120")}
DUMP = {"off": N_("no dump at 555"), "positive": N_("dump at 555"), "both": N_("dump at 555 and at minus 555")}
HEAD = {"trump_lead_only": N_("beat only when trump is led"),
        "trump_lead_and_overtrump": N_("beat when trump is led, and overtrump"),
        "always": N_("beat every trick when able")}


def thousand(o: dict) -> list[str]:
    out = []
    if o["barrel"] == "barrel":
        out.append(ngettext("barrel at {threshold}, {n} attempt", "barrel at {threshold}, {n} attempts",
                            o["barrel_deals"], threshold=number(o["barrel_threshold"])))
    elif o["barrel"] == "lock":
        out.append(_("lock at {threshold}", threshold=number(o["barrel_threshold"])))
    else:
        out.append(_("no barrel"))
    if o["bolt_count"] == "off":
        out.append(_("bolts are not counted"))
    else:
        cost = _((THOUSAND["bolt_penalty"].labels or {})[o["bolt_penalty"]])     # «минус 120», «счёт обнуляется»
        out.append(_(BOLT_HOW[o["bolt_count"]], what=_(BOLT_WHAT[o["bolt_definition"]]), cost=cost))
    out.append(_(ROSPIS[o["rospis_declarer"]]))
    out.append(_(DUMP[o["dump_555"]]))
    return out


def pinochle(o: dict) -> list[str]:
    out = [_("game to {target}", target=number(o["target"])) if o["target"] else _("one deal a game"),
           _(HEAD[o["must_head"]])]
    if o["deck"] != 48:
        out.append(_("with the 8s and 7s"))
    return out


def canasta(o: dict) -> list[str]:
    out = [ngettext("{n} canasta to go out", "{n} canastas to go out", o["canastas_to_go_out"])]
    if o["max_wilds"] is None:
        out.append(_("any number of wild cards in a meld"))
    else:
        out.append(ngettext("at most {n} wild card in a meld", "at most {n} wild cards in a meld", o["max_wilds"]))
    out.append(_("the pile may be taken for the opening") if o["pile_for_opening"]
               else _("the pile is taken only after the opening"))
    if o["target"]:
        out.append(_("game to {target}", target=number(o["target"])))
    return out


PHRASES: dict[str, Callable[[dict], list[str]]] = {"thousand": thousand, "pinochle": pinochle, "canasta": canasta}


def summaries() -> dict[str, dict[str, str]]:
    """``{game: {variant: summary}}`` in the page's language."""
    return {game: {v: "; ".join(phrases(o)) + "." for v, o in resolved(game).items()}
            for game, phrases in PHRASES.items()}
