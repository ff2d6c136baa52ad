"""Request parsing shared by every game: seat lists and player names, with JSON pointers."""
from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import icu

from .errors import InputError, esc
from .i18n import N_, _, alternatives

ECHO_MAX = 64          # characters of a client's text that an answer shows back
# ICU's implementation of the confusable detection of Unicode Technical Standard #39 (its checks are thread-safe
# once the checker is built)
_SPOOF = icu.SpoofChecker()


def echo(value: Any, most: int = ECHO_MAX) -> str:
    """``value`` as an error shows it back: its ``repr``, cut after ``most`` characters with "…" (a variant of
    250,000 characters is named by its first 64, not sent back whole)."""
    if isinstance(value, str) and len(value) > most:
        return repr(value[:most]) + "…"
    text = repr(value)
    return text if len(text) <= most + 2 else text[:most] + "…"


# characters that show nothing: Unicode's default-ignorable ones (the Hangul fillers U+3164 and U+115F, zero-width
# spaces and joiners), blank Braille (U+2800), and spaces other than the plain one (U+3000, U+00A0 ...)
_BLANK = frozenset("\u2800")


@lru_cache(maxsize=4096)
def invisible(ch: str) -> bool:
    """Whether the character ``ch`` shows nothing on a screen."""
    return (ch in _BLANK or (ch != " " and icu.Char.isUWhiteSpace(ch))
            or icu.Char.hasBinaryProperty(ch, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT))


def visible(name: str) -> str:
    """``name`` without its invisible characters (:func:`invisible`): what a player sees of it."""
    if name.isascii():
        return name
    return "".join(ch for ch in name if not invisible(ch))


# characters that draw as a blank the width of a letter or so: every Unicode space (the plain one, U+00A0, U+3000 ...)
# and the characters a font draws blank though they are letters or symbols: blank Braille and the Hangul fillers
_DRAWN_BLANK = frozenset("\u2800\u3164\u115f\u1160\uffa0")


@lru_cache(maxsize=4096)
def drawn_blank(ch: str) -> bool:
    """Whether the character ``ch`` shows as a blank between letters (a space, or a character drawn as one)."""
    return ch in _DRAWN_BLANK or icu.Char.isUWhiteSpace(ch)


def as_seen(name: str) -> str:
    """``name`` as it reads on a screen: every run of characters drawn as a blank (:func:`drawn_blank`) one space,
    none before or after the letters, and the other characters that show nothing (:func:`invisible`: zero-width
    spaces and joiners ...) left out: "A B", "A\u2800B", "A\u3164B" and "A  B" all read "A B"."""
    if name.isascii() and "  " not in name and name.strip(" ") == name and name.isprintable():
        return name
    words = "".join(" " if drawn_blank(ch) else ch for ch in name if drawn_blank(ch) or not invisible(ch))
    return " ".join(w for w in words.split(" ") if w)


def name_key(name: str) -> str:
    """What makes two names the same player: equal after Unicode NFKC normalisation and case folding, with the
    characters that show nothing left out ("Anna" and "anna", é written in one code point or two, the fullwidth
    "Ａnna" and "Anna" followed by a blank Braille pattern are one name)."""
    return unicodedata.normalize("NFKC", visible(name)).casefold()


def skeletons(name: str) -> set[str]:
    """The UTS #39 skeletons of ``name`` as written and as :func:`name_key` folds it: two names that share one look
    alike ("Anna" and "Аnna" with a Cyrillic А, "Ivan" and "lvan").  A name all in one alphabet has its own
    skeleton: "Анна" does not look like "Anna".  A third skeleton is that of the name as it reads (:func:`as_seen`):
    "A B" and "A\u2800B", or "A B" and "A  B", look alike."""
    seen = unicodedata.normalize("NFKC", as_seen(name)).casefold()
    return {_SPOOF.getSkeleton(0, name), _SPOOF.getSkeleton(0, name_key(name)), _SPOOF.getSkeleton(0, seen)}


def name_clash(names: list[str]) -> tuple[int, int, bool] | None:
    """The first pair ``(i, j, same)`` of ``names`` that cannot be told apart, ``i < j``: ``same`` when they are one
    name under :func:`name_key`, else they look alike (:func:`skeletons`); None when all can be told apart."""
    names = names if isinstance(names, (list, tuple)) else list(names)
    if all(type(n) is str for n in names):
        return _name_clash(tuple(names))       # a table's names come back with each of its requests
    return _name_clash.__wrapped__(names)


@lru_cache(maxsize=1024)
def _name_clash(names) -> tuple[int, int, bool] | None:
    keys: dict[str, int] = {}
    shapes: dict[str, int] = {}
    for j, name in enumerate(names):
        key = name_key(name)
        if key in keys:
            return keys[key], j, True
        keys[key] = j
        for shape in skeletons(name):
            if shape in shapes and shapes[shape] != j:
                return shapes[shape], j, False
            shapes.setdefault(shape, j)
    return None


def distinct_names(names: list[str]) -> bool:
    """Whether every name of ``names`` can be told apart from the others (:func:`name_clash`)."""
    return name_clash(names) is None


def missing_scores(state: Any, keys: list[str], progress: tuple[str, ...] = (), sides: bool = False) -> list[dict]:
    """Errors for the players (or sides) that a non-empty ``state.scores`` leaves out: a game under way has a total
    for everybody, and the referee does not guess that a missing one is 0 (no ``state.scores``, or ``{}``, is a
    new game, unless a ``progress`` entry of ``state`` says the game is under way).  ``sides``: the keys are sides
    (Canasta), and the texts say so."""
    given = state.get("scores") if isinstance(state, dict) else None
    if not isinstance(given, dict) or not given:
        under_way = [k for k in progress if isinstance(state, dict) and state.get(k)]
        if under_way and not given:
            return [{"pointer": "/state/scores",
                     "detail": _("the game is under way: give every player's total",
                                 field=under_way[0])}]
        return []
    return [{"pointer": f"/state/scores/{esc(k)}",
             "detail": _("no total for the side {name}: a game under way gives every side's total (none at all for "
                         "a new game)", name=k) if sides else
             _("no total for {name}: a game under way gives every player's total (none at all for a new game)",
               name=k)} for k in keys if k not in given]


def parse_players(req: dict, variant) -> list[str]:
    """``players``: distinct names in seat order (clockwise), as many as ``variant`` is played by."""
    players = req.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise InputError(_("players must be a list of player names in seat order (clockwise)"), "/players")
    clash = name_clash(players)
    if clash and clash[2]:
        raise InputError(_("player names must be distinct, ignoring case and Unicode normalisation"), "/players")
    if clash:
        raise InputError(_("{first} and {second} look alike (letters of another alphabet, or characters that pass "
                           "for others): give names that can be told apart", first=echo(players[clash[0]]),
                           second=echo(players[clash[1]])), "/players")
    if len(players) not in variant.players:
        want = alternatives(map(str, variant.players))
        # the variant by its name in the reader's language, never its ID inside the sentence
        raise InputError(_("“{variant}” is played by {want} players, not {n}", variant=_(variant.title), want=want,
                           n=len(players)), "/players")
    return players


# what a name that is not one of the players is told (:func:`not_a_player`), as the games' tables of checks name it
NOT_A_PLAYER = N_("{name} is not one of the players ({players})")


def written_otherwise(value: Any, names: list[str]) -> str | None:
    """The one of ``names`` that ``value`` (not one of them) is written otherwise than: the same under
    :func:`name_key` (another case, another Unicode form of a letter, an invisible character), or looking like it
    (:func:`skeletons`: a Latin letter for a Cyrillic one); None for a name like none of them."""
    if not isinstance(value, str):
        return None
    key, shapes = name_key(value), skeletons(value)
    return next((p for p in names if name_key(p) == key), None) or next((p for p in names if skeletons(p) & shapes),
                                                                         None)


def not_a_player(value: Any, players: list[str]) -> str:
    """What a name that is not one of ``players`` is told: where it is one of them written otherwise
    (:func:`written_otherwise`), that it is written otherwise than the list writes it; else the players it may
    name."""
    same = written_otherwise(value, players)
    if same is not None:
        return _("{name} is written otherwise than {player} in the list of players (in other characters or letter "
                 "case): write it as the list writes it", name=repr(value), player=repr(same))
    return _(NOT_A_PLAYER, name=repr(value), players=", ".join(players))


def parse_player(value: Any, players: list[str], ptr: str, allowed: list[str] | None = None) -> str:
    """One of ``players`` (and of ``allowed``, when given), or :class:`InputError` at ``ptr``
    (:func:`not_a_player`)."""
    if value is None:
        raise InputError(_("missing: give one of the players ({players})", players=", ".join(players)), ptr)
    if not isinstance(value, str) or value not in players:
        raise InputError(not_a_player(value, players), ptr)
    if allowed is not None and value not in allowed:
        raise InputError(_("{name} does not play this deal (playing: {players})", name=value,
                           players=", ".join(allowed)), ptr)
    return value


def points_feasible(targets: list[tuple[int, int]], pool: dict[int, int]) -> bool:
    """Whether cards worth ``pool`` (card value → number of cards) can be shared out so that player i
    takes exactly ``targets[i] = (cards, points)``, every card going to someone (the card-point rules of each game).

    A small dynamic programme over the six card values; at most three players.
    """
    if sum(c for c, _ in targets) != sum(pool.values()) or \
            sum(p for _, p in targets) != sum(v * k for v, k in pool.items()):
        return False
    t = list(targets) + [(0, 0)] * (3 - len(targets))
    (c1max, p1max), (c2max, p2max), (c3max, p3max) = t
    states = {(0, 0, 0, 0)}
    used_c = used_p = 0
    for v, k in sorted(pool.items(), reverse=True):
        nxt = set()
        used_c, used_p = used_c + k, used_p + v * k
        for c1, p1, c2, p2 in states:
            for k1 in range(k + 1):
                a1, b1 = c1 + k1, p1 + v * k1
                if a1 > c1max or b1 > p1max:
                    break
                for k2 in range(k - k1 + 1):
                    a2, b2 = c2 + k2, p2 + v * k2
                    if a2 > c2max or b2 > p2max:
                        break
                    if used_c - a1 - a2 <= c3max and used_p - b1 - b2 <= p3max:
                        nxt.add((a1, b1, a2, b2))
        states = nxt
    return (c1max, p1max, c2max, p2max) in states


def fields_out_of_phase(pos: dict, phase: Any, foreign: dict[str, tuple[str, ...]]) -> list[dict]:
    """Errors for position fields that belong to another phase than ``phase`` (``foreign``: phase → the fields it
    cannot carry): a position that says two things at once is not judged on either."""
    return [{"pointer": f"/position/{name}", "detail": _("this is not part of a position in the {phase} phase",
                                                         phase=_(phase))}
            for name in foreign.get(phase, ()) if pos.get(name) is not None]


def attach_violations(deals: list[dict], owners: list) -> None:
    """Give each deal of a validate answer the positions, in the answer's ``violations``, of the violations that are
    its own (``owners``: the index of the deal each violation belongs to, in order): a deal is judged by the
    violations it owns, which is not always by index (a new deal begun before the last one ended breaks the last)."""
    for d in deals:
        d["violation_positions"] = [j for j, owner in enumerate(owners) if owner == d["index"]]


class Unsaid(enum.Enum):
    """The default of a request record's field where leaving the field out of the body says something else than
    giving it as null (a Canasta pile's ``top`` and ``frozen_by``)."""

    UNSAID = "unsaid"


UNSAID = Unsaid.UNSAID


@dataclass(frozen=True, slots=True)
class Unread:
    """A value of a log event that its request schema could not read (a text that names no card, a meld without a
    card), kept in its place with the reason.  A log's events are judged only as far as its replay goes (the rest
    of a deal whose judging stopped is passed over), so the game refuses such a value, at its place, when it reads
    the event (:func:`first_unread`)."""

    reason: str


def first_unread(value: Any, ptr: str) -> tuple[str, str] | None:
    """The first :class:`Unread` in ``value`` (a request record, or a list, dict or named tuple of its values):
    ``(its JSON pointer under ptr, the reason)``, or None."""
    if type(value) is Unread:
        return ptr, value.reason
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        items: Any = zip(value._fields, value)
    elif isinstance(value, list):
        items = enumerate(value)
    elif isinstance(value, dict):
        items = value.items()
    elif hasattr(value, "__dataclass_fields__"):
        items = ((name, getattr(value, name)) for name in value.__dataclass_fields__)
    else:
        return None
    for key, item in items:
        found = first_unread(item, f"{ptr}/{esc(str(key))}")
        if found is not None:
            return found
    return None
