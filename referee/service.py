"""Request handling without HTTP: envelope, schema, options, engine, citations.

:func:`handle` is what every POST endpoint does, so the same answers are available to Python
callers, the command line and the web app alike.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from marshmallow import ValidationError

from referee.schemas import REQUESTS, errors_to_pointers

from . import __version__, errors, i18n, registry
from .common import echo
from .errors import InputError, UnknownRule, UnknownVariant
from .i18n import DEFAULT_LANGUAGE, _

ENDPOINTS = ("score", "check", "validate")
VARIANT_MAX = 64        # the longest variant id a request may name (schemas.common.Envelope)
# one schema instance per request kind: building marshmallow schemas (and their nested fields) per request
# costs as much as judging the request; loading does not change them
_SCHEMAS = {(g, ep): cls() for g, eps in REQUESTS.items() for ep, cls in eps.items()}
# the languages answers are given in: English and every language with a message catalog
LANGUAGES = list(i18n.LANGUAGES)


def collect_rules(obj: Any, out: set[str]) -> set[str]:
    """Every value of a ``rule`` key anywhere in ``obj``: the oracle the engines' own reports of the rules they used
    are tested against (no answer is walked for them on the request path)."""
    if not isinstance(obj, (dict, list)):
        return out
    stack: list[dict | list] = [obj]
    push, pop = stack.append, stack.pop
    while stack:           # only containers are pushed: the strings and numbers of an answer are not visited
        x = pop()
        items: Iterable[Any] = x
        if isinstance(x, dict):
            r = x.get("rule")
            if isinstance(r, str):
                out.add(r)
            items = x.values()
        for v in items:
            t = type(v)
            if t is dict or t is list or (t not in _SCALARS and isinstance(v, (dict, list))):
                push(v)
    return out


_SCALARS = frozenset({str, int, bool, float, type(None)})


def handle(game_id: str, endpoint: str, body: Any, lang: str = DEFAULT_LANGUAGE, *, to_encode: bool = False) -> dict:
    """Judge one request body, every text of the answer (and of an error) in ``lang``.

    Returns the answer: ``{game, variant, options, ...endpoint fields..., citations, engine_version, edition}``:
    ``engine_version`` is :data:`referee.__version__`, ``edition`` the game's rulebook edition.
    Raises :class:`~referee.errors.UnknownGame` / :class:`~referee.errors.UnknownVariant` (404) and
    :class:`~referee.errors.InputError` (422) for requests that cannot be judged.

    ``to_encode``: the answer is only read, and at once (the web app encodes it as JSON): its citations are those
    kept between requests, not copies of them, and must not be changed.
    """
    if lang == i18n.current():      # the language already in force (the web app sets the request's): kept as it is
        return _handle(game_id, endpoint, body, to_encode)
    with i18n.language(lang):
        return _handle(game_id, endpoint, body, to_encode)


def _handle(game_id: str, endpoint: str, body: Any, to_encode: bool = False) -> dict:
    game, variant, opts, result, rules = judge(game_id, endpoint, body)
    return {"game": game.id, "variant": variant.id, "options": opts, **result,
            "citations": _citations(game, variant, opts, i18n.current(), rules, copy=not to_encode),
            "engine_version": __version__, "edition": game.rulebook.edition}


def judge(game_id: str, endpoint: str, body: Any) -> tuple:
    """What :func:`handle` does short of the citations: ``(game, variant, options, result, rules cited)``, in the
    current language (the score sheet judges many deals and cites their rules once)."""
    game = registry.get(game_id)
    if endpoint not in ENDPOINTS:
        raise ValueError(endpoint)
    if not isinstance(body, dict):
        raise InputError(_("the body must be a JSON object"), "")
    if "variant" in body and not isinstance(body["variant"], str):
        raise InputError(_("variant must be a string naming one of: {known}", known=", ".join(game.variants)),
                         "/variant")
    if isinstance(body.get("variant"), str) and len(body["variant"]) > VARIANT_MAX:
        # refused before it is looked up, and not shown back: no variant id is this long
        raise InputError(_("longer than the maximum length {max}", max=VARIANT_MAX), "/variant")
    try:
        variant = game.variant(body.get("variant"))
    except UnknownVariant as e:
        raise UnknownVariant(str(e), "/variant") from None
    try:
        data = _SCHEMAS[(game_id, endpoint)].load(body)
    except ValidationError as e:
        raise InputError(errors_to_pointers(e.messages, body=body)) from None
    opts = _resolve(game, variant, data.get("options") if type(data) is dict else data.options)
    result = getattr(game, endpoint)(data, variant, opts)
    # every engine reports the rules it used as it decides them (its answer is not walked for them: the test
    # tests/contract/test_rules_reported.py holds each report against collect_rules of the answer)
    rules = result.pop("_rules")
    unknown = rules.difference(game.rulebook.rules)     # (a set less a dict's keys walked the whole rulebook)
    assert not unknown, f"rules cited but not in the rulebook: {unknown}"
    return game, variant, opts, result, rules


# The work that depends only on the variant, the option values and the language, kept between requests.  Both
# caches are bounded (cleared when full), so that a worker's memory stays flat whatever option values it is sent.
_CACHE_MAX = 512
_DEFAULTS: dict[int, tuple[Any, dict | None]] = {}
_CITED: dict[tuple, tuple[Any, Any, dict]] = {}


def _resolve(game, variant, requested) -> dict:
    """``variant.resolve(requested)``; a request without options gets a copy of the variant's resolved defaults."""
    if requested is None or (isinstance(requested, dict) and not requested):
        entry = _DEFAULTS.get(id(variant))
        if entry is None or entry[0] is not variant:
            if len(_DEFAULTS) >= _CACHE_MAX:
                _DEFAULTS.clear()
            opts = variant.resolve(requested)
            scalar = all(v is None or type(v) in (str, int, bool) for v in opts.values())
            entry = _DEFAULTS[id(variant)] = (variant, opts if scalar else None)
        if entry[1] is not None:
            return dict(entry[1])       # every value a str, int, bool or None: a shallow copy is a whole one
    return variant.resolve(requested)


_PLACES: dict[int, tuple[Any, dict[str, int]]] = {}


def _places(rulebook) -> dict[str, int]:
    """Each rule's place in ``rulebook`` (its rules never change once loaded), kept per rulebook."""
    entry = _PLACES.get(id(rulebook))
    if entry is None or entry[0] is not rulebook or len(entry[1]) != len(rulebook.rules):
        entry = _PLACES[id(rulebook)] = (rulebook, {rid: i for i, rid in enumerate(rulebook.rules)})
    return entry[1]


_LISTS: dict[tuple, tuple[Any, Any, list[tuple[dict, bool]]]] = {}


def _citations(game, variant, opts: dict, lang: str, rules: set[str], copy: bool = True) -> list[dict]:
    """The citations of ``rules`` in rulebook order, each rendered under ``opts`` in ``lang``: the list is kept once
    per (rulebook, variant, options, language, rules) and each answer gets a copy of it (``copy``; otherwise a new
    list of the kept citations themselves, for an answer that is only read)."""
    values = opts.values()
    # the options' names, their values' types (the type tells True from 1) and their values, in order
    frozen: object = (tuple(opts), tuple(map(type, values)), tuple(values))
    try:
        hash(frozen)
    except TypeError:           # a value that is not a scalar: rendered afresh (no option has one today)
        frozen = None
    rulebook = game.rulebook
    key = (id(rulebook), id(variant), lang, frozen, frozenset(rules))
    entry = _LISTS.get(key) if frozen is not None else None
    if entry is not None and entry[0] is rulebook and entry[1] is variant:
        prepared = entry[2]
    else:
        prepared = [(c, "options" in c) for c in _render_citations(rulebook, variant, opts, lang, rules, frozen)]
        if frozen is not None:
            if len(_LISTS) >= _CACHE_MAX:
                _LISTS.clear()
            _LISTS[key] = (rulebook, variant, prepared)
    if not copy:
        return [c for c, _has_options in prepared]
    # a fresh copy for each answer: nothing an answer's reader does reaches the cache
    return [{**c, "source": [dict(s) for s in c["source"]], "options": dict(c["options"])} if has_options
            else {**c, "source": [dict(s) for s in c["source"]]} for c, has_options in prepared]


def _render_citations(rulebook, variant, opts: dict, lang: str, rules: set[str], frozen: object) -> list[dict]:
    """The citations of ``rules`` in rulebook order, shared with the cache (the caller copies them); each rule's
    rendering kept under (rule, variant, language, options), so that a new list of rules renders only new rules."""
    cites = []
    place = _places(rulebook)
    for rid in sorted((r for r in rules if r in place), key=place.__getitem__):    # in rulebook order
        rule = rulebook[rid]
        key = (id(rule), id(variant), lang, frozen if frozen is not None else object())
        entry = _CITED.get(key)
        c = entry[2] if entry is not None and entry[0] is rule and entry[1] is variant else None
        if c is None:
            r = rule.render(lang, variant, opts)
            c = {"rule": r["id"], "title": r["title"], "text": r["text"], "source": r["source"]}
            if "options" in r:
                c["options"] = r["options"]
            if len(_CITED) >= _CACHE_MAX:
                _CITED.clear()
            _CITED[key] = (rule, variant, c)
        cites.append(c)
    return cites


def games_index() -> dict:
    """The games and their variants, titles and summaries in the current language."""
    return {"games": [{"id": g.id, "title": _(g.title), "default_variant": g.default_variant,
                       "variants": [{"id": v.id, "title": _(v.title), "players": list(v.players),
                                     "summary": _(v.summary)} for v in g.variants.values()]}
                      for g in registry.GAMES.values()]}


def variant_info(game_id: str, variant_id: str) -> dict:
    """The variant, its options and the ``deck`` it plays with under its own option values."""
    game = registry.get(game_id)
    v = game.variant(variant_id)
    return {"game": game.id, **v.describe(), "deck": deck_listing(game.deck(v.resolve({})))}


def deck_listing(deck) -> dict:
    """A :class:`~referee.cards.DeckSpec` as the API lists it: ``{size, cards: [{card, copies}]}``, the cards suit by
    suit (``S H D C``) in the deck's rank order, then the joker; ``copies`` is how many of that card the deck holds,
    and they add up to ``size``."""
    cards = [{"card": str(c), "copies": deck.max_copies(c)} for c in dict.fromkeys(deck.cards())]
    return {"size": deck.size, "cards": cards}


def deck_info(game_id: str, body: Any, lang: str = DEFAULT_LANGUAGE) -> dict:
    """``POST /v1/games/{game}/deck``: the deck a request with this envelope (``variant``, ``options``) plays with,
    for option values other than the variant's own (``GET .../variants/{id}`` lists the deck under those).

    Returns ``{game, variant, options, deck}``; raises :class:`~referee.errors.UnknownVariant` (404) and
    :class:`~referee.errors.InputError` (422: not an object, a field other than the envelope's, bad options)."""
    with i18n.language(lang):
        game, variant, opts = _envelope(game_id, body)
        return {"game": game.id, "variant": variant.id, "options": opts, "deck": deck_listing(game.deck(opts))}


def _envelope(game_id: str, body: Any):
    """The game, the variant and the effective options of a body that is the envelope alone (``variant``,
    ``options``): the deck's and the rulebook's POST."""
    game = registry.get(game_id)
    if not isinstance(body, dict):
        raise InputError(_("the body must be a JSON object"), "")
    extra = [{"pointer": "/" + errors.esc(k), "detail": _("unknown field: not part of this request's shape")}
             for k in body if k not in ("variant", "options")]
    if extra:
        raise InputError(extra)
    if "variant" in body and not isinstance(body["variant"], str):
        raise InputError(_("variant must be a string naming one of: {known}", known=", ".join(game.variants)),
                         "/variant")
    try:
        variant = game.variant(body.get("variant"))
    except UnknownVariant as e:
        raise UnknownVariant(str(e), "/variant") from None
    if "options" in body and body["options"] is None:      # null is no object of options (absent is: none)
        raise InputError(_("options must be an object of option name to value"), "/options")
    return game, variant, variant.resolve(body.get("options"))


def rules_under(game_id: str, body: Any, lang: str = DEFAULT_LANGUAGE) -> dict:
    """``POST /v1/games/{game}/rules``: the rulebook as :func:`rules_info` gives it, under the option values of this
    envelope (``variant``, ``options``) instead of the variant's own: every rule that applies under them, its
    clauses as they apply, and the effective ``options``.  Errors as :func:`deck_info`'s."""
    with i18n.language(lang):
        game, v, opts = _envelope(game_id, body)
        return {"game": game.id, "variant": v.id, "options": opts, "edition": game.rulebook.edition,
                "sources": game.rulebook.bibliography(lang=lang),
                "rules": [r.render(lang, v, opts, notes=True) for r in game.rulebook.rules.values()
                          if r.applies(opts, v.id)]}


def rule_under(game_id: str, rule_id: str, body: Any, lang: str = DEFAULT_LANGUAGE) -> dict:
    """``POST /v1/games/{game}/rules/{rule}``: one rule as :func:`rule_info` gives it, under the option values of
    this envelope (``variant``, ``options``) instead of the variant's own: its clauses as they apply, and the
    values in force of the options that govern it (``options``).  Errors as :func:`deck_info`'s; an unknown rule
    is 404."""
    with i18n.language(lang):
        game, v, opts = _envelope(game_id, body)
        return {"game": game.id, "variant": v.id,
                **_one_rule(game, rule_id, lambda r: r.render(lang, v, opts, notes=True), lang)}


def _one_rule(game: Any, rule_id: str, render: Callable[[Any], dict], lang: str) -> dict:
    """The rule ``rule_id`` (its number, ``2.2``, or its whole ID, ``canasta/2.2``) rendered, with its rulebook's
    edition and the entries of the bibliography it cites; :class:`UnknownRule` when the rulebook has none."""
    full = rule_id if rule_id.startswith(game.id + "/") else f"{game.id}/{rule_id}"
    if full not in game.rulebook:
        raise UnknownRule(_("this game's rulebook has no rule {asked}", asked=echo(rule_id)))    # what was asked
    rule = render(game.rulebook[full])
    cited = {s["source"] for s in rule["source"]}
    return {"edition": game.rulebook.edition, **rule, "sources": game.rulebook.bibliography(cited, lang)}


def rules_info(game_id: str, variant_id: str | None, lang: str | None = None) -> dict:
    """The rulebook as it applies under the variant's own option values: every rule with its ``notes``, and the
    game's bibliography as ``sources``."""
    lang = lang or i18n.current()
    game = registry.get(game_id)
    v = game.variant(variant_id)
    opts = v.resolve({})        # the values a request without options gets, implied ones included
    return {"game": game.id, "variant": v.id, "edition": game.rulebook.edition,
            "sources": game.rulebook.bibliography(lang=lang),
            "rules": [r.render(lang, v, opts, notes=True) for r in game.rulebook.rules.values()
                      if r.applies(opts, v.id)]}


def rule_info(game_id: str, rule_id: str, variant_id: str | None, lang: str | None = None) -> dict:
    """One rule as :func:`rules_info` shows it, with the entries of the bibliography it cites.  ``rule_id`` is the
    number (``2.2``) or the whole ID (``canasta/2.2``)."""
    lang = lang or i18n.current()
    game = registry.get(game_id)
    v = game.variant(variant_id)
    opts = v.resolve({})
    return {"game": game.id, "variant": v.id, **_one_rule(game, rule_id, lambda r: r.render(lang, v, opts, notes=True),
                                                          lang)}
