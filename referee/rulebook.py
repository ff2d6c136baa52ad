"""Rulebooks, typed options and variants.

* A :class:`Rule` has a stable ID (``thousand/12.3``), a title and text per language, a source
  and the names of the options that govern it.
* An :class:`OptionSpec` is one house-rule axis: type, default, allowed values, and the rule it
  governs (like OpenSpiel's parameter specs, the defaults are echoed back in every answer).
* A :class:`Variant` is a named preset: a player count and option overrides over the base
  defaults.  :meth:`Variant.resolve` merges the request's overrides and rejects unknown or
  ill-typed ones with :class:`~referee.errors.InputError` pointing at ``/options/<name>``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

from .errors import InputError, UnknownVariant, esc

DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Rule:
    id: str
    title: dict[str, str]
    text: dict[str, str]
    source: str
    options: tuple[str, ...] = ()
    variant_text: dict[str, dict[str, str]] = field(default_factory=dict)

    def render(self, lang: str = DEFAULT_LANGUAGE, variant: "Variant | None" = None,
               options: dict[str, Any] | None = None) -> dict:
        """The rule as the API shows it: ``{id, title, text, source}`` (+ ``options`` in force)."""
        text = self.text
        if variant is not None and variant.id in self.variant_text:
            preset = variant.resolve({})
            # the variant's wording holds while its own values of the governing options are in force
            if options is None or all(options.get(n) == preset.get(n) for n in self.options):
                text = self.variant_text[variant.id]
        out = {"id": self.id, "title": _pick(self.title, lang), "text": _pick(text, lang),
               "source": self.source}
        if options is not None and self.options:
            out["options"] = {name: options[name] for name in self.options if name in options}
        return out


def _pick(texts: dict[str, str], lang: str) -> str:
    return texts.get(lang) or texts[DEFAULT_LANGUAGE]


class Rulebook:
    """The numbered rules of one game, loaded from a YAML data file."""

    def __init__(self, game: str, edition: str, rules: list[Rule]) -> None:
        self.game = game
        self.edition = edition
        self.rules = {r.id: r for r in rules}

    @classmethod
    def load(cls, path: Path) -> "Rulebook":
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
        rules = [Rule(id=r["id"], title=r["title"], text=r["text"], source=r["source"],
                      options=tuple(r.get("options") or ()),
                      variant_text=r.get("variant_text") or {})
                 for r in data["rules"]]
        return cls(data["game"], str(data["edition"]), rules)

    def __getitem__(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def __contains__(self, rule_id: str) -> bool:
        return rule_id in self.rules


# ---------------------------------------------------------------- options

@dataclass(frozen=True)
class OptionSpec:
    """One typed house-rule option.

    ``type`` is ``bool``, ``int``, ``enum``; ``nullable`` allows ``null`` (meaning "off").
    ``allowed`` lists the permitted values (enum, or int choices); ``minimum``/``maximum``
    bound free ints.  ``rule`` is the ID of the rule the option governs.
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

    def describe(self, default: Any = ...) -> dict:
        """The option as the variants endpoint lists it; ``default`` is the variant's value (``...``: the base)."""
        out = {"name": self.name, "type": self.type + ("|null" if self.nullable else ""),
               "default": self.default if default is ... else default, "rule": self.rule,
               "summary": self.summary}
        if self.allowed:
            out["allowed"] = list(self.allowed)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.multiple_of is not None:
            out["multiple_of"] = self.multiple_of
        return out

    def allowed_text(self) -> str:
        if self.type == "bool":
            return "true or false"
        if self.allowed:
            vals = ", ".join(map(_json, self.allowed))
        else:
            lo = "" if self.minimum is None else f" >= {self.minimum}"
            hi = "" if self.maximum is None else f" <= {self.maximum}"
            mul = "" if self.multiple_of is None else f", a multiple of {self.multiple_of}"
            vals = f"an integer{lo}{' and' if lo and hi else ''}{hi}{mul}"
        return vals + (" or null" if self.nullable else "")

    def check(self, value: Any) -> Any:
        """Return ``value`` if it fits this option, else raise :class:`ValueError`."""
        if value is None:
            if self.nullable:
                return None
            raise ValueError("null is not allowed")
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            raise ValueError("must be true or false")
        if self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError("must be an integer")
            if self.allowed and value not in self.allowed:
                raise ValueError("not an allowed value")
            if self.minimum is not None and value < self.minimum:
                raise ValueError("too small")
            if self.maximum is not None and value > self.maximum:
                raise ValueError("too large")
            if self.multiple_of and value % self.multiple_of:
                raise ValueError(f"must be a multiple of {self.multiple_of}")
            return value
        if self.type == "enum":
            if isinstance(value, str) and value in self.allowed:
                return value
            raise ValueError("not an allowed value")
        raise AssertionError(self.type)


def preset(specs: dict[str, "OptionSpec"], constraints=(), derive=()):
    """A factory of :class:`Variant` objects over ``specs`` that checks each override's value.

    ``derive``: functions ``(options, names the request set) -> {option: value}`` giving the values one option
    implies for others the request left alone (a variant may add its own with ``derive_also=``, and its own checks
    with ``constraints_also=``).
    """
    def make(id: str, title: str, players: tuple[int, ...], summary: str, derive_also=(), constraints_also=(),
             **overrides) -> "Variant":
        for k, v in overrides.items():
            specs[k].check(v)
        return Variant(id=id, title=title, players=players, summary=summary, overrides=overrides, specs=specs,
                       constraints=tuple(constraints_also) + tuple(constraints),
                       derive=tuple(derive) + tuple(derive_also))
    return make


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
            raise InputError("options must be an object of option name to value", "/options")
        opts = self.defaults()
        errors = []
        for name, value in requested.items():
            spec = self.specs.get(name)
            if spec is None:
                errors.append({"pointer": f"/options/{esc(name)}",
                               "detail": f"unknown option {name!r}; known options: "
                                         + ", ".join(sorted(self.specs))})
                continue
            try:
                opts[name] = spec.check(value)
            except ValueError as e:
                errors.append({"pointer": f"/options/{esc(name)}",
                               "detail": f"{name}: {e}; allowed: {spec.allowed_text()}"})
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
        return {"id": self.id, "title": self.title, "players": list(self.players),
                "summary": self.summary,
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

    def variant(self, variant_id: str | None) -> Variant:
        vid = self.default_variant if variant_id is None else variant_id
        if not isinstance(vid, str) or vid not in self.variants:
            raise UnknownVariant(f"{self.id} has no variant {vid!r}; known: {', '.join(self.variants)}")
        return self.variants[vid]
