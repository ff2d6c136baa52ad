"""Languages: gettext catalogs through Babel, and the language of the request being judged.

Every text a person reads is written in English in the code and wrapped in :func:`_` (or :func:`ngettext` when a
count decides the wording, :func:`N_` where the text is only marked at import time and translated when shown).
The English text is the message id; ``referee/locale/<lang>/LC_MESSAGES/messages.po`` gives the other languages
(``scripts/i18n`` extracts the ids and updates the catalogs).  Rule texts are not in the catalog: they live, one
text per language, in each game's ``rules.yaml``.

The language is a context variable, set for the duration of one request by :func:`language` (the web app sets it
from ``Accept-Language``; :func:`referee.service.handle` from its ``lang`` argument), so the engine stays a plain
library that never passes a language around.

Parameters are named (``_("{player} does not hold {card}", player=p, card=c)``) and shown in the language:
a :class:`~referee.cards.Card` as ``QS`` in English and ``Д♠`` in Russian, a :class:`Suit` as ``spades`` or ``♠``,
a :class:`Rank` as ``Q`` or ``Д``; a list or tuple of cards is joined with ", ".  Write messages so that a name
or a card never has to be declined: Russian texts put them after a colon or use symbols.
"""
from __future__ import annotations

import io
import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal
from babel.support import NullTranslations, Translations

from .kept import read_through

DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "messages"
LANGUAGES: tuple[str, ...] = (DEFAULT_LANGUAGE,) + tuple(
    sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")))

_current: ContextVar[str] = ContextVar("referee_language", default=DEFAULT_LANGUAGE)


def current() -> str:
    """The language of the request being judged (a code of :data:`LANGUAGES`)."""
    return _current.get()


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Judge in ``lang`` inside the ``with`` block (unknown or ``None``: English)."""
    code = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    token = _current.set(code)
    try:
        yield code
    finally:
        _current.reset(token)


def set_language(lang: str | None) -> str:
    """Set the language for the rest of this context (a web request); returns the code in force."""
    code = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    _current.set(code)
    return code


@cache
def translations(lang: str) -> NullTranslations:
    """The catalog of ``lang``, read from its ``.po`` file with Babel and compiled once per process (or read from
    the compiled copy a run before kept, :mod:`referee.kept`)."""
    if lang == DEFAULT_LANGUAGE:
        return NullTranslations()
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    _raw, mo = read_through(path, ".mo", lambda po: _compiled(po, lang))
    return Translations(io.BytesIO(mo or b""), domain=DOMAIN)


def _compiled(po: bytes, lang: str) -> bytes:
    """A ``.po`` catalog compiled to ``.mo`` (Babel), as gettext reads it; kept like bytecode by
    :mod:`referee.kept` (reading and compiling the Russian catalog takes about 50 ms)."""
    # imported here: a run that reads the kept copy never loads them
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    catalog = read_po(io.BytesIO(po), locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    return buf.getvalue()


class Suit(str):
    """A suit letter (``S H D C``) shown as a word in English (``spades``) and as a symbol elsewhere (``♠``)."""

    NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

    def show(self, lang: str) -> str:
        if lang == DEFAULT_LANGUAGE:
            return self.NAMES.get(self, str(self))
        return self.SYMBOLS.get(self, str(self))


# Russian names of the ranks, as players say them, in the cases messages need: ``{rank:gen_pl}`` in a Russian text
# is «восьмёрок», ``{rank:nom_sg}`` «девятка»; the last item is the gender («m» or «f»), which
# ``{rank:?верхний|верхняя}`` chooses by (masculine|feminine).
RANK_WORDS_RU = {
    # rank: (nom_sg, gen_sg, dat_sg, acc_sg, ins_sg, nom_pl, gen_pl, dat_pl, ins_pl, gender)
    "A": ("туз", "туза", "тузу", "туза", "тузом", "тузы", "тузов", "тузам", "тузами", "m"),
    "K": ("король", "короля", "королю", "короля", "королём", "короли", "королей", "королям", "королями", "m"),
    "Q": ("дама", "дамы", "даме", "даму", "дамой", "дамы", "дам", "дамам", "дамами", "f"),
    "J": ("валет", "валета", "валету", "валета", "валетом", "валеты", "валетов", "валетам", "валетами", "m"),
    "10": ("десятка", "десятки", "десятке", "десятку", "десяткой", "десятки", "десяток", "десяткам", "десятками", "f"),
    "9": ("девятка", "девятки", "девятке", "девятку", "девяткой", "девятки", "девяток", "девяткам", "девятками", "f"),
    "8": ("восьмёрка", "восьмёрки", "восьмёрке", "восьмёрку", "восьмёркой", "восьмёрки", "восьмёрок", "восьмёркам",
          "восьмёрками", "f"),
    "7": ("семёрка", "семёрки", "семёрке", "семёрку", "семёркой", "семёрки", "семёрок", "семёркам", "семёрками", "f"),
    "6": ("шестёрка", "шестёрки", "шестёрке", "шестёрку", "шестёркой", "шестёрки", "шестёрок", "шестёркам",
          "шестёрками", "f"),
    "5": ("пятёрка", "пятёрки", "пятёрке", "пятёрку", "пятёркой", "пятёрки", "пятёрок", "пятёркам", "пятёрками", "f"),
    "4": ("четвёрка", "четвёрки", "четвёрке", "четвёрку", "четвёркой", "четвёрки", "четвёрок", "четвёркам",
          "четвёрками", "f"),
    "3": ("тройка", "тройки", "тройке", "тройку", "тройкой", "тройки", "троек", "тройкам", "тройками", "f"),
    "2": ("двойка", "двойки", "двойке", "двойку", "двойкой", "двойки", "двоек", "двойкам", "двойками", "f"),
    "JK": ("джокер", "джокера", "джокеру", "джокера", "джокером", "джокеры", "джокеров", "джокерам", "джокерами", "m"),
}
RANK_CASES = ("nom_sg", "gen_sg", "dat_sg", "acc_sg", "ins_sg", "nom_pl", "gen_pl", "dat_pl", "ins_pl")
RANK_WORDS = {"ru": RANK_WORDS_RU}
# how a language writes a rank in the notation (Russian «Т К Д В», «Дж» for a joker; numbers are the same everywhere).
# Here, below the cards, so that a Rank shows itself without importing referee.cards (which reads the same letters
# back: :data:`referee.cards.RU_RANKS`)
RANK_TEXT = {"ru": {"A": "Т", "K": "К", "Q": "Д", "J": "В", "JK": "Дж"}}


def rank_text(rank: str, lang: str) -> str:
    """A rank as ``lang`` writes it (Russian ``Т К Д В``; numbers are the same everywhere)."""
    return RANK_TEXT.get(lang, {}).get(rank, rank)


class Rank(str):
    """A card rank (``A K Q J 10 … 2``) shown in the notation of the language (Russian ``Т К Д В``).

    Where players name the rank in words, a text asks for its case: ``{rank:gen_pl}`` (Russian «парой восьмёрок»),
    and ``{rank:?верхний|верхняя}`` picks a word by the rank's gender; a language without the words (English) shows
    the notation."""

    def show(self, lang: str) -> str:
        return rank_text(self, lang)

    def word(self, lang: str, spec: str) -> str:
        """The rank's name in case ``spec`` (``gen_pl``…), or the word of ``masc|fem`` after ``?`` by its gender."""
        words = RANK_WORDS.get(lang, {}).get(str(self))
        if words is None:
            return self.show(lang)
        if spec.startswith("?"):
            masc, fem = spec[1:].split("|")
            return masc if words[-1] == "m" else fem
        return words[RANK_CASES.index(spec)]


class OneOf(tuple):
    """Things of which one is to be chosen, as a message parameter: ``10H, AH`` in English (after "one of"), and as
    Russian says a choice, ``10♥ или Т♥`` (the last two joined by the language's "or")."""

    def show(self, lang: str) -> str:
        shown = [show(v, lang) for v in self]
        if lang == DEFAULT_LANGUAGE or len(shown) < 2:
            return ", ".join(shown)
        return ", ".join(shown[:-1]) + " " + translations(lang).gettext("or") + " " + shown[-1]


def show(value: Any, lang: str | None = None) -> str:
    """One message parameter as the language writes it."""
    lang = lang or current()
    if hasattr(value, "show"):
        return value.show(lang)
    if isinstance(value, (list, tuple)) and value and all(hasattr(v, "show") for v in value):
        return ", ".join(v.show(lang) for v in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(show(v, lang) for v in value)
    return str(value)


class _Params(dict):
    """Message parameters rendered on use; a name the text does not use costs nothing."""

    def __init__(self, params: dict, lang: str) -> None:
        super().__init__(params)
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        value = dict.__getitem__(self, key)
        return _Shown(show(value, self.lang), value, self.lang)


class _Shown(str):
    """A parameter as shown, which a format spec can ask for in words (``{rank:gen_pl}``, see :class:`Rank`)."""

    value: Any
    lang: str

    def __new__(cls, text: str, value: Any, lang: str) -> _Shown:
        obj = super().__new__(cls, text)
        obj.value, obj.lang = value, lang
        return obj

    def __format__(self, spec: str) -> str:
        return _as_spec(str(self), self.value, self.lang, spec)


def _as_spec(shown: str, value: Any, lang: str, spec: str) -> str:
    """A parameter shown as ``shown`` under the format spec ``spec``: a rank's name in words (``{rank:gen_pl}``)."""
    if spec and hasattr(value, "word"):
        return value.word(lang, spec)
    if spec in RANK_CASES or spec.startswith("?"):
        return shown                     # a card's sign or a name asked in words: shown as it is
    return str.__format__(shown, spec)


_FORMATTER = string.Formatter()
# Each message text read once into its literal parts and fields (:func:`_parts`).  The texts are the code's and the
# catalogs' (a few hundred); bounded all the same, cleared when full.
_PARTS_MAX = 2048
_PARTS: dict[str, tuple[tuple[str, str | None, str], ...] | None] = {}


def _parts(text: str) -> tuple[tuple[str, str | None, str], ...] | None:
    """``text`` as ``(literal, name, spec)`` parts (the literal with ``{{``/``}}`` made single braces; ``name`` None
    after the last field), or None for a text :func:`_format` leaves to ``str.format_map``: a field of another form
    (an index, an attribute, a conversion, a spec with a field in it) or a malformed text."""
    try:
        return _PARTS[text]
    except KeyError:
        pass
    parts: list[tuple[str, str | None, str]] | None = []
    try:
        for literal, name, spec, conversion in _FORMATTER.parse(text):
            if name is not None and (conversion is not None or not name.isidentifier() or "{" in (spec or "")):
                parts = None
                break
            assert parts is not None
            parts.append((literal, name, spec or ""))
    except ValueError:                  # a single brace: str.format_map says so
        parts = None
    if len(_PARTS) >= _PARTS_MAX:
        _PARTS.clear()
    found = _PARTS[text] = tuple(parts) if parts is not None else None
    return found


def _format(text: str, params: dict, lang: str) -> str:
    """Fill ``{name}`` parameters (``{{`` and ``}}`` are literal braces, with or without parameters): what
    ``text.format_map`` gives with each parameter shown in the language (:class:`_Params`), joined from the text's
    parts read once, a plain string or int shown as it is."""
    parts = _parts(text)
    if parts is None:
        return text.format_map(_Params(params, lang))
    out = []
    for literal, name, spec in parts:
        if literal:
            out.append(literal)
        if name is None:
            continue
        value = params[name]
        t = type(value)
        shown = value if t is str else str(value) if t is int else show(value, lang)
        out.append(_as_spec(shown, value, lang, spec) if spec else shown)
    return "".join(out)


def _(message: str, /, **params: Any) -> str:
    """``message`` (an English text, the message id) in the current language, with ``{name}`` parameters filled."""
    lang = _current.get()
    text = message if lang == DEFAULT_LANGUAGE else translations(lang).gettext(message)
    return _format(text, params, lang)


gettext = _


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of a message that the count ``n`` takes in the current language (Russian has three); ``{n}`` is
    filled with ``n`` unless ``params`` says otherwise."""
    lang = _current.get()
    if lang == DEFAULT_LANGUAGE:
        text = singular if n == 1 else plural
    else:
        text = translations(lang).ngettext(singular, plural, n)
    params.setdefault("n", n)
    return _format(text, params, lang)


def alternatives(items) -> str:
    """``2 or 3 or 4`` in the current language."""
    return (" " + _("or") + " ").join(show(i) for i in items)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (texts defined at import time, translated with
    :func:`_` when they are shown)."""
    return message


_NUMBERS: dict[tuple[type, int, str], str] = {}
_NUMBERS_MAX = 4096     # bounded (cleared when full): a worker's memory stays flat whatever amounts it is sent


def number(value: int, lang: str | None = None) -> str:
    """An amount as the language writes it: ``1,000`` in English, ``1 000`` in Russian.  Each (amount, language)
    is formatted by babel once (about 7 µs a call) and kept; its type is in the key, so 1 and True stay apart."""
    lang = lang or _current.get()
    key = (type(value), value, lang)
    text = _NUMBERS.get(key)
    if text is None:
        if len(_NUMBERS) >= _NUMBERS_MAX:
            _NUMBERS.clear()
        text = _NUMBERS[key] = format_decimal(value, locale=lang)
    return text


def placeholders(text: str) -> set[str]:
    """The ``{name}`` parameters of a message text."""
    return {name for _lit, name, _spec, _conv in _FORMATTER.parse(text) if name}


class Msg(str):
    """A message id whose ``format`` translates before filling in: marshmallow calls ``message.format(**values)``
    on its error messages, so giving it these makes its errors speak the request's language."""

    def format(self, *args: Any, **kwargs: Any) -> str:   # noqa: A003 (str's own name)
        return _(str(self), **kwargs)

    def translated(self) -> str:
        return _(str(self))


def extract(root: Path | None = None) -> list[tuple[str | tuple[str, str], list[tuple[str, None]], set[str]]]:
    """Every message of the code, as ``pybabel extract -F babel.cfg`` finds it: ``(msgid, locations, flags)``,
    ``msgid`` a pair ``(singular, plural)`` for :func:`ngettext`.  Used by ``scripts/i18n`` and the tests."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    root = root or LOCALE_DIR.parent.parent
    with (root / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: dict = {}
    for filename, _lineno, message, _comments, _context in extract_from_dir(
            str(root), method_map, options_map, directory_filter=lambda d: not Path(d).name.startswith(".")):
        msgid = message if isinstance(message, str) else tuple(message)
        locs, flags = found.setdefault(msgid, ([], set()))
        if (filename, None) not in locs:
            locs.append((filename, None))
        text = msgid if isinstance(msgid, str) else " ".join(msgid)
        if placeholders(text):
            flags.add("python-brace-format")
    return [(m, locs, flags) for m, (locs, flags) in found.items()]
