"""Rulebooks, typed options and variants.

* A :class:`Rule` has a stable ID (``thousand/12.3``), a title, and a body: a short statement that always holds plus
  :class:`Clause` objects, each tied to the option values under which it holds (``when: {red_three_scale:
  six_1000}``).  Rendered for a request, a rule shows the statement and the clauses that hold under the request's
  effective options, in the language asked for; ``{option}`` in a text is the option's amount (``{target}`` →
  ``1,000``).  Readings, disagreements between sources and the team's choices are the rule's ``notes``, shown by
  the rulebook endpoints and never inside a ruling's citation.  ``source`` is a list of ``{"source": id,
  "section": "..."}`` whose ids name entries of the game's bibliography (:attr:`Rulebook.sources`).
* Texts are ``{language code: text}``; a language is added by giving every title, statement, clause and note a text
  in it (and a catalog, :mod:`referee.i18n`), nothing in the code.
* An :class:`OptionSpec` is one house-rule axis: type, default, allowed values, and the rule it
  governs (like OpenSpiel's parameter specs, the defaults are echoed back in every answer).
* A :class:`Variant` is a named preset: a player count and option overrides over the base
  defaults.  :meth:`Variant.resolve` merges the request's overrides and rejects unknown or
  ill-typed ones with :class:`~referee.errors.InputError` pointing at ``/options/<name>``.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .common import echo
from .errors import InputError, UnknownVariant, esc
from .i18n import DEFAULT_LANGUAGE, _, current, number
from .kept import read_through

Texts = dict[str, str]
_PARAM = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def yaml_loader() -> Any:
    """The YAML reader of the rulebooks: libyaml's safe loader where PyYAML was built with it (a rulebook read in a
    tenth of the time, the same data: tests/test_rulebook_loading.py), PyYAML's own safe loader otherwise.  PyYAML
    is imported only here, when a rulebook is read from its YAML: one read through its kept JSON copy never needs it
    (about 12 ms of every start-up)."""
    import yaml
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _yaml_data(raw: bytes) -> Any:
    """The data of rulebook YAML ``raw`` (:func:`yaml_loader`)."""
    import yaml
    return yaml.load(raw.decode("utf-8"), Loader=yaml_loader())  # noqa: S506  (a safe loader)


def _as_json(raw: bytes) -> bytes | None:
    """Rulebook YAML as JSON, or None where JSON would not give back the same data (a number as a key, a date)."""
    data = _yaml_data(raw)
    try:
        copy = json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError):         # a date, a not-a-number
        return None
    return copy if json.loads(copy) == data else None       # a number as a key comes back a string: no copy


def read_rulebook_data(path: Path) -> Any:
    """The data of rulebook file ``path`` (YAML), read through its JSON copy (:mod:`referee.kept`): about 45 ms for
    the three games' YAML at every start-up, 2 ms for their copies."""
    raw, copy = read_through(path, ".json", _as_json)
    if copy is not None:
        return json.loads(copy)
    return _yaml_data(raw)


def _pick(texts: Texts, lang: str) -> str:
    return texts.get(lang) or texts[DEFAULT_LANGUAGE]


@dataclass(frozen=True)
class Clause:
    """Part of a rule that holds only under some option values.

    ``when`` maps an option name to the values under which the clause holds (any of them), ``{"not": [...]}`` for
    every value but those; the special name ``variant`` lists variant ids.  Every entry must hold.  ``source``: the
    references that stand behind this clause only, shown with the rule's own while the clause holds.
    """

    when: dict[str, Any]
    text: Texts
    source: tuple[dict, ...] = ()

    def holds(self, options: dict[str, Any], variant_id: str | None = None) -> bool:
        for name, want in self.when.items():
            value = variant_id if name == "variant" else options.get(name)
            if isinstance(want, dict):
                if value in _values(want["not"]):
                    return False
            elif value not in _values(want):
                return False
        return True


def _values(want: Any) -> list:
    return want if isinstance(want, list) else [want]


@dataclass(frozen=True)
class Rule:
    id: str
    title: Texts
    text: Texts
    source: tuple[dict, ...]
    options: tuple[str, ...] = ()
    clauses: tuple[Clause, ...] = ()
    notes: tuple[Texts, ...] = ()
    when: Clause | None = None          # the option values under which the rule applies at all (None: always)
    # options shown only under some option values or variants (where they can have effect): name -> condition
    options_when: tuple[tuple[str, Clause], ...] = ()

    def applies(self, options: dict[str, Any], variant_id: str | None = None) -> bool:
        """Whether the rule is part of the game under ``options`` (a Samba-only rule is not part of the classic
        game, whose rulebook leaves it out; a rule an answer cites is always shown)."""
        return self.when is None or self.when.holds(options, variant_id)

    def body(self, lang: str, options: dict[str, Any] | None, variant_id: str | None = None) -> str:
        """The statement and the clauses that hold under ``options``, with ``{option}`` amounts filled in."""
        parts = [_pick(self.text, lang)] if self.text else []
        parts += [_pick(c.text, lang) for c in self.clauses if c.holds(options or {}, variant_id)]
        text = " ".join(p.strip() for p in parts if p.strip())
        return _PARAM.sub(lambda m: _amount((options or {}).get(m[1]), lang, m[0]), text)

    def render(self, lang: str = DEFAULT_LANGUAGE, variant: Variant | None = None,
               options: dict[str, Any] | None = None, notes: bool = False) -> dict:
        """The rule as the API shows it: ``{id, title, text, source}`` as it applies under ``options``, plus
        ``options`` (the governing options' values; one listed with a ``when`` only where that holds, as where it
        can have effect) and, with ``notes``, the rule's ``notes``."""
        text = self.body(lang, options, variant.id if variant is not None else None)
        out: dict[str, Any] = {"id": self.id, "title": _pick(self.title, lang), "text": text,
               "source": self.sources_under(options, variant.id if variant is not None else None, lang)}
        if options is not None and self.options:
            vid = variant.id if variant is not None else None
            cond = dict(self.options_when)
            shown = {name: options[name] for name in self.options
                     if name in options and (name not in cond or cond[name].holds(options, vid))}
            if shown:
                out["options"] = shown
        if notes:
            out["notes"] = [_pick(n, lang) for n in self.notes]
        return out


    def sources_under(self, options: dict[str, Any] | None, variant_id: str | None = None,
                      lang: str = DEFAULT_LANGUAGE) -> list[dict]:
        """The rule's references and those of the clauses that hold under ``options``, each once, in order; a
        reference with its own ``when`` counts only where that holds too.  A section written in our own words
        (``{en: ..., ru: ...}``) is shown in ``lang``; one quoted from the source is a plain string."""
        opts = options or {}
        refs = list(self.source)
        for c in self.clauses:
            if c.source and c.holds(opts, variant_id):
                refs += c.source
        out: list[dict] = []
        for ref in refs:
            if "when" in ref and not ref["when"].holds(opts, variant_id):
                continue
            section = ref["section"]
            shown = {"source": ref["source"], "section": section if isinstance(section, str) else _pick(section, lang)}
            if shown not in out:
                out.append(shown)
        return out

    def all_sources(self) -> list[dict]:
        """Every reference of the rule and its clauses."""
        out = list(self.source)
        for c in self.clauses:
            out += [s for s in c.source if s not in out]
        return out


def _amount(value: Any, lang: str, raw: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{raw} in a rule text needs an option whose value is an amount, not {value!r}")
    return number(value, lang)


def _texts(value: Any, where: str) -> Texts:
    if isinstance(value, str):
        return {DEFAULT_LANGUAGE: value}
    if not isinstance(value, dict) or DEFAULT_LANGUAGE not in value:
        raise ValueError(f"{where}: a text is {{language: text}} with at least an English text")
    return dict(value)


def _sources(value: Any, where: str) -> tuple[dict, ...]:
    """References ``{source, section}``; one may hold only under some option values (``when``, as a clause's): a
    clause shared by several games cites each game's own page where that game is played."""
    if not isinstance(value, list):
        raise ValueError(f"{where}: sources are a list of {{source, section}} references to the bibliography")
    out = []
    for s in value:
        section = s.get("section", "")
        ref = {"source": s["source"],
               "section": _texts(section, where) if isinstance(section, dict) else str(section)}
        if s.get("when"):
            ref["when"] = Clause(when=dict(s["when"]), text={})
        out.append(ref)
    return tuple(out)


class Rulebook:
    """The numbered rules of one game and its bibliography, loaded from a YAML data file."""

    format = 2      # every rule written as statement, clauses, notes and sources of the bibliography

    def __init__(self, game: str, edition: str, rules: list[Rule], sources: list[dict] | None = None) -> None:
        self.game = game
        self.edition = edition
        self.rules = {r.id: r for r in rules}
        self.sources = list(sources or [])
        known = {s["id"] for s in self.sources}
        for r in rules:
            for s in r.all_sources():
                if s["source"] not in known:
                    raise ValueError(f"{r.id} cites {s['source']!r}, which is not in the bibliography")

    @classmethod
    def load(cls, path: Path) -> Rulebook:
        data = read_rulebook_data(Path(path))
        if data.get("format") != 2:
            raise ValueError(f"{path}: a rulebook is written in the second format (format: 2, docs/rulebooks.md)")
        rules = []
        for r in data["rules"]:
            rid = r["id"]
            rules.append(Rule(
                id=rid, title=_texts(r["title"], rid), text=_texts(r.get("text") or {DEFAULT_LANGUAGE: ""}, rid),
                source=_sources(r["source"], rid),
                options=tuple(o["name"] if isinstance(o, dict) else o for o in r.get("options") or ()),
                options_when=tuple((o["name"], Clause(when=dict(o["when"]), text={}))
                                   for o in r.get("options") or () if isinstance(o, dict)),
                clauses=tuple(Clause(when=dict(c["when"]), text=_texts(c["text"], rid),
                                     source=_sources(c["source"], rid) if c.get("source") else ())
                              for c in r.get("clauses") or ()),
                notes=tuple(_texts(n, rid) for n in r.get("notes") or ()),
                when=Clause(when=dict(r["when"]), text={}) if r.get("when") else None))
        return cls(data["game"], str(data["edition"]), rules, data.get("sources"))

    def __getitem__(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self.rules

    def bibliography(self, ids: set[str] | None = None, lang: str = DEFAULT_LANGUAGE) -> list[dict]:
        """The sources (all, or those of ``ids``), in the file's order: ``{id, title, author|publisher, year,
        language, url}``.  A descriptive field written ``{en, ru}`` (a publisher described rather than named) comes
        in ``lang``; a work's own title stays as published."""
        return [{k: (_pick(v, lang) if isinstance(v, dict) else v) for k, v in s.items()}
                for s in self.sources if ids is None or s["id"] in ids]


# ---------------------------------------------------------------- options

@dataclass(frozen=True)
class OptionSpec:
    """One typed house-rule option.

    ``type`` is ``bool``, ``int``, ``enum``; ``nullable`` allows ``null`` (meaning "off").  ``summary`` is an
    English text of the message catalog, shown in the language of the request.
    ``allowed`` lists the permitted values (enum, or int choices); ``minimum``/``maximum``
    bound free ints.  ``rule`` is the ID of the rule the option governs.  ``labels`` names values in plain words
    (catalog texts, or an amount; ``None`` for ``null``): an amount without one is shown as the language writes it.
    """

    name: str
    type: str
    default: Any
    rule: str
    summary: str
    allowed: tuple = ()
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    multiple_of: int | None = None
    labels: dict | None = None

    def value_labels(self) -> dict[str, str]:
        """``{value as a JSON key: label}`` in the current language, for every allowed value (both for a bool) and
        for ``null`` where it is allowed: what a person chooses among, in plain words."""
        named = self.labels or {}
        values = (True, False) if self.type == "bool" else self.allowed
        out = {}
        for v in values:
            if v in named and not isinstance(v, bool):
                text = number(named[v]) if isinstance(named[v], int) else _(named[v])
            elif isinstance(v, bool):
                text = _("yes") if v else _("no")
            elif isinstance(v, int):
                text = number(v)
            else:
                raise ValueError(f"option {self.name}: value {v!r} has no label")
            out[_json(v).strip('"')] = text
        if self.nullable:
            if None not in named:
                raise ValueError(f"option {self.name}: null has no label")
            out["null"] = _(named[None])
        return out

    def describe(self, default: Any = ...) -> dict:
        """The option as the variants endpoint lists it; ``default`` is the variant's value (``...``: the base)."""
        out = {"name": self.name, "type": self.type + ("|null" if self.nullable else ""),
               "default": self.default if default is ... else default, "rule": self.rule,
               "summary": _(self.summary)}
        if self.allowed:
            out["allowed"] = list(self.allowed)
        labels = self.value_labels()
        if labels:
            out["labels"] = labels
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.multiple_of is not None:
            out["multiple_of"] = self.multiple_of
        return out

    def allowed_text(self) -> str:
        """What the option takes, in players' words and without its name: «от 120 до 400, кратно 5», «да или нет»,
        or the labels of its values (the pointer of an error says which option it is)."""
        if self.type == "bool" or self.allowed:
            labels = list(self.value_labels().values())
            if self.type == "enum":     # labels are phrases: each quoted, so "no, 555 or 555 and minus 555" reads apart
                labels = [_quoted(text) for text in labels]
            return _either(labels)
        if self.minimum is not None and self.maximum is not None:
            vals = _("from {low} to {high}", low=number(self.minimum), high=number(self.maximum))
        elif self.minimum is not None:
            vals = _("{low} or more", low=number(self.minimum))
        elif self.maximum is not None:
            vals = _("at most {high}", high=number(self.maximum))
        else:
            vals = _("a whole number")
        if self.multiple_of is not None:
            vals = _("{values}, a multiple of {step}", values=vals, step=number(self.multiple_of))
        return _either([vals, self.value_labels()["null"]]) if self.nullable else vals

    def allowed_values(self) -> list | None:
        """The JSON values the option takes, for a program (a 422's ``allowed``): both booleans, or the listed values
        (``null`` last where it is allowed); ``None`` for a range, which :meth:`allowed_text` states in numbers."""
        if self.type == "bool":
            return [True, False]
        if not self.allowed:
            return None
        return [*self.allowed, None] if self.nullable else list(self.allowed)

    def check(self, value: Any) -> Any:
        """Return ``value`` if it fits this option, else raise :class:`ValueError`."""
        if value is None:
            if self.nullable:
                return None
            raise ValueError(_("null is not allowed"))
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise ValueError(_("not a boolean"))     # what is allowed is said after it, once
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(_("must be an integer"))
            if self.allowed and value not in self.allowed:
                raise ValueError(_("not an allowed value"))
            if self.minimum is not None and value < self.minimum:
                raise ValueError(_("too small"))
            if self.maximum is not None and value > self.maximum:
                raise ValueError(_("too large"))
            if self.multiple_of and value % self.multiple_of:
                raise ValueError(_("must be a multiple of {step}", step=self.multiple_of))
            return value
        if self.type == "enum":
            if isinstance(value, str) and value in self.allowed:
                return value
            raise ValueError(_("not an allowed value"))
        raise AssertionError(self.type)


def preset(specs: dict[str, OptionSpec], constraints=(), derive=()):
    """A factory of :class:`Variant` objects over ``specs`` that checks each override's value.

    ``derive``: functions ``(options, names the request set) -> {option: value}`` giving the values one option
    implies for others the request left alone (a variant may add its own with ``derive_also=``, and its own checks
    with ``constraints_also=``).
    """
    def make(id: str, title: str, players: tuple[int, ...], summary: str, derive_also=(), constraints_also=(),
             **overrides) -> Variant:
        for k, v in overrides.items():
            specs[k].check(v)
        return Variant(id=id, title=title, players=players, summary=summary, overrides=overrides, specs=specs,
                       constraints=tuple(constraints_also) + tuple(constraints),
                       derive=tuple(derive) + tuple(derive_also))
    return make


def _quoted(text: str) -> str:
    """``text`` in the current language's quotation marks: «…» in Russian, “…” in English."""
    return f"«{text}»" if current() == "ru" else f"“{text}”"


def _either(choices: list[str]) -> str:
    """``a, b or c`` in the current language (``1,000 or 1,001 or 1,005`` where a choice has a comma of its own)."""
    if len(choices) == 1:
        return choices[0]
    if any("," in c for c in choices):
        return (" " + _("or") + " ").join(choices)
    return _("{values} or {last}", values=", ".join(choices[:-1]), last=choices[-1])


def _json(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)


@dataclass(frozen=True)
class Variant:
    """A named preset over a game's base options."""

    id: str
    title: str
    players: tuple[int, ...]
    summary: str
    overrides: dict[str, Any]
    specs: dict[str, OptionSpec]
    # extra cross-option checks: fn(options) -> list of (option name, detail)
    constraints: tuple[Callable[[dict], list[tuple[str, str]]], ...] = ()
    # implied values: fn(options, names set by the request) -> {option: value} for options the request left alone
    derive: tuple[Callable[[dict, set], dict], ...] = ()

    def defaults(self) -> dict[str, Any]:
        out = {name: spec.default for name, spec in self.specs.items()}
        out.update(self.overrides)
        return out

    def resolve(self, requested: Any) -> dict[str, Any]:
        """Effective options: variant defaults updated with ``requested`` (validated).

        Raises :class:`InputError` naming each unknown or ill-typed option and its allowed values.
        """
        if requested is None:
            requested = {}
        if not isinstance(requested, dict):
            raise InputError(_("options must be an object of option name to value"), "/options")
        opts = self.defaults()
        errors = []
        for name, value in requested.items():
            spec = self.specs.get(name)
            if spec is None:
                errors.append({"pointer": f"/options/{esc(name)}", "detail": _("this game has no such option")})
                continue
            try:
                opts[name] = spec.check(value)
            except ValueError:      # what the option takes, said once in players' words; the pointer names it,
                # and ``allowed`` lists the values to send where they are a list
                fault: dict[str, Any] = {"pointer": f"/options/{esc(name)}", "detail": spec.allowed_text()}
                values = spec.allowed_values()
                if values is not None:
                    fault["allowed"] = values
                errors.append(fault)
        if not errors:
            for fn in self.derive:
                for name, value in fn(opts, set(requested)).items():
                    if name not in requested:
                        opts[name] = value
            for check in self.constraints:
                for name, detail in check(opts):
                    errors.append({"pointer": f"/options/{esc(name)}", "detail": detail})
        if errors:
            raise InputError(errors)
        return opts

    def describe(self) -> dict:
        """The variant and its options, each with the value a request that sets no option gets (presets and the
        values they imply)."""
        defaults = self.resolve({})
        return {"id": self.id, "title": _(self.title), "players": list(self.players),
                "summary": _(self.summary),
                "options": [spec.describe(defaults[name]) for name, spec in self.specs.items()]}




@dataclass
class Game:
    """A game the referee knows: rulebook, variants, and the three views of its state machine.

    ``score``, ``check`` and ``validate`` take ``(request: dict, variant: Variant, options: dict)``
    and return the answer body (without the envelope fields, which :func:`referee.api.handle`
    adds).  They raise :class:`InputError` for impossible input.
    """

    id: str
    title: str
    rulebook: Rulebook
    variants: dict[str, Variant]
    default_variant: str
    score: Callable[..., dict]
    check: Callable[..., dict]
    validate: Callable[..., dict]
    # the deck the effective options play with: options -> referee.cards.DeckSpec (each game's own deck function)
    deck: Callable[[dict], Any]

    def variant(self, variant_id: str | None) -> Variant:
        vid = self.default_variant if variant_id is None else variant_id
        if not isinstance(vid, str) or vid not in self.variants:
            raise UnknownVariant(_("{game} has no variant {variant}; known: {known}", game=self.id,
                                   variant=echo(vid), known=", ".join(self.variants)))
        return self.variants[vid]
