"""``referee`` command line: the engine without a server.

    referee score FILE [--game G]          one score request body → the answer (JSON)
    referee check FILE [--game G]          one check request body → the ruling
    referee validate PATH... [--game G]    game logs: a .json body, JSONL (one body a line), a folder, or -
    referee rules GAME [--variant V]       the rulebook
    referee variants GAME                  the variants and their options

``--lang ru`` (before the command, or ``REFEREE_LANG``) gives every text of the answers and the summaries in
Russian; English is the default.

A body may name its game in a top-level ``"game"`` key (the CLI removes it); otherwise ``--game``
says it.  ``validate`` runs on every core (``--jobs``), or on Dask (``--dask``: a local cluster;
``--scheduler ADDRESS``: a real one, whose workers read their own parts of the input),
shows a progress bar on a terminal, prints a summary, writes one JSONL result per log (per deal with ``--per-deal``)
with ``--output``, and exits 1 when any log is invalid or unreadable (2 for a usage error).  ``--replay as_played``
judges every event of a log, applying an illegal one as logged.
"""
# ruff: noqa: E402  (Ctrl-C's start-up handler is set before the engine's imports)
from __future__ import annotations

import signal
import sys

# the one line said before the catalogs can be read (they load with the engine), in the run's language
_STOPPED_WHILE_LOADING = {
    "en": "referee: stopped (Ctrl-C) while starting: no log was read and nothing was written",
    "ru": "referee: остановлено (Ctrl-C) при запуске: ни один лог не прочитан, ничего не записано",
}


def _starting_language(argv: list[str]) -> str:
    """The language the command line asks for, read as the engine is not loaded yet: ``--lang X`` or ``--lang=X``
    before the command, else ``REFEREE_LANG``; English for anything else."""
    import os
    lang = os.environ.get("REFEREE_LANG", "").strip()
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
    return lang if lang in _STOPPED_WHILE_LOADING else "en"


def _stopped_while_loading(_signum: int, _frame: object) -> None:
    """Ctrl-C while the engine loads (about a second: the rulebooks, ICU, the schemas): one line and exit code 3, as a
    run cut short, never a traceback from the middle of an import.  Nothing has been read or written yet."""
    from multiprocessing import parent_process
    if parent_process() is None:        # a worker process loading the engine stops with its parent, silently
        print(_STOPPED_WHILE_LOADING[_starting_language(sys.argv[1:])], file=sys.stderr)
    raise SystemExit(3)


# until the engine is loaded (the end of this module's imports, below); a SIGINT ignored (a shell's background job)
# stays ignored
if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _stopped_while_loading)

import contextlib
import glob
import gzip
import io
import itertools
import json
import os
import re
import shutil
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

try:
    import click
    from rich.console import Console
    from rich.table import Table
except ImportError as e:     # an engine-only install: the command line is the cli extra (a usage error: exit 2)
    print(f"referee: the command line needs the cli extra ({e.name} is missing): pip install 'referee[cli]'",
          file=sys.stderr)
    raise SystemExit(2) from None

try:    # the limits are read once, at start-up: a bad value is a usage error of one line
    from . import settings  # noqa: F401  (REFEREE_MAX_BODY, REFEREE_MAX_EVENTS)
except ValueError as e:
    print(f"referee: {e}", file=sys.stderr)
    raise SystemExit(2) from None

from . import __version__, i18n, registry, service
from .errors import PROBLEM_BASE, InputError, RefereeError, TooLarge
from .i18n import _, ngettext
from .jsonio import BadJSON, parse_body
from .logs import WHOLE_SUFFIXES, Line, NoSuchFile, UnreadableFile, _kind, _lines_of, file_lines, iter_lines, log_files

if signal.getsignal(signal.SIGINT) is _stopped_while_loading:     # loaded: Ctrl-C is KeyboardInterrupt again
    signal.signal(signal.SIGINT, signal.default_int_handler)

ERR = Console(stderr=True)
_record_json = json.JSONEncoder(ensure_ascii=False).encode    # json.dumps(r, ensure_ascii=False), its encoder made once
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")      # C0, DEL and C1: escape sequences, bells, carriage returns


def safe(text) -> str:
    """``text`` for a terminal: every control character (C0, DEL, C1) written as an escape (``\\x1b``), so that
    text from the logs (a player's name in a pointer or a message, a file name) cannot move the cursor, clear the
    screen or retitle the window."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


# ---------------------------------------------------------------- one body

def _split_game(body, game: str | None, where: str) -> tuple[str, dict]:
    if not isinstance(body, dict):
        raise InputError(_("a request body is a JSON object"), "")
    if "game" in body:
        g = body.pop("game")
        if game is not None and g != game:
            raise InputError(_("the body says game {body} but --game says {option}", body=repr(g), option=repr(game)),
                             "/game")
        game = g
    if game is None:
        raise InputError(_("name the game with --game or a top-level \"game\" key ({known})",
                           known=", ".join(registry.GAMES)), "/game")
    if not isinstance(game, str):
        raise InputError(_("name the game with a string"), "/game")
    return game, body


def judge_text(text: str | bytes, endpoint: str, game: str | None, where: str = "", replay: str | None = None,
               cite: bool = True) -> dict:
    """Judge one request body given as text or bytes (``replay``, when given, overrides the body's own).  Returns
    ``{"status", ...}``; never raises.  ``cite`` False: the answer without the citations, ``engine_version`` and
    ``edition`` (``validate``'s records show none of them; rendering the rules cited costs about as much as reading
    the body)."""
    g = None
    try:                                  # a byte order mark is read as over HTTP (referee.jsonio.parse_body)
        body = parse_body(text)
        g, body = _split_game(body, game, where)
        if replay is not None:
            body["replay"] = replay
        if cite:
            answer = service.handle(g, endpoint, body, i18n.current())
        else:
            judged, variant, opts, result, _rules = service.judge(g, endpoint, body)
            answer = {"game": judged.id, "variant": variant.id, "options": opts, **result}
    except RefereeError as e:
        # the game, where the body or --game named one it knows: the record gives its rulebook's edition
        known = {"game": g} if g in registry.GAMES else {}
        return {"status": "unreadable", "code": e.type, **known, "error": error_of(e)}
    return {"status": "ok", "answer": answer}


def error_of(e: RefereeError) -> dict:
    """A record's ``error``: the problem's ``code`` (its type URI, the same in every language), a title and the
    detail (or the list of ``errors``) in the run's language."""
    if isinstance(e, BadJSON):
        return {"code": e.type, "title": _("Malformed JSON"), "detail": e.detail, "pointer": e.pointer}
    if isinstance(e, InputError):
        return {"code": e.type, "title": _("The request cannot be judged"), "errors": e.errors}
    if isinstance(e, TooLarge):
        return {"code": e.type, "title": _("Request body too large"), "detail": str(e)}
    if isinstance(e, NoSuchFile):
        return {"code": e.type, "title": _("No such file"), "detail": str(e)}
    if isinstance(e, UnreadableFile):
        return {"code": e.type, "title": _("The file cannot be read"), "detail": str(e)}
    return {"code": e.type, "title": _("Not found"), "detail": str(e)}


def _print_json(obj) -> None:
    # JSON escapes C0 itself; DEL and C1 are escaped here too (\u007f, \u009b: the same JSON values)
    click.echo(re.sub("[\x7f-\x9f]", lambda m: f"\\u{ord(m.group()):04x}",
                      json.dumps(obj, ensure_ascii=False, indent=2)))


def _one(endpoint: str, file, game: str | None) -> None:
    res = judge_text(file.read(), endpoint, game, getattr(file, "name", "-"))
    if res["status"] != "ok":
        _print_json(res["error"])
        sys.exit(2)
    _print_json(res["answer"])
    ans = res["answer"]
    if ans.get("legal") is False or ans.get("valid") is False:
        sys.exit(1)


class _Group(click.Group):
    """The command group: an error of the tool itself (not of the logs, not of the usage) is one line on standard
    error and exit code 3, never a traceback with exit code 1, which means "some logs are invalid"."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except click.exceptions.ClickException as e:     # a usage error may quote a path or a name as given
            e.message = safe(e.message)     # type: ignore[misc]  # click declares it Final; escaped in place
            raise
        except (click.exceptions.Exit, click.exceptions.Abort, SystemExit):
            raise
        except KeyboardInterrupt:       # before a run began (validate says itself where its output stops)
            click.echo("referee: " + _("stopped (Ctrl-C) before any answer was written"), err=True)
            sys.exit(EXIT_FAILURE)
        except Exception as e:
            click.echo(safe(f"referee: {type(e).__name__}: {e}"), err=True)
            sys.exit(3)


@click.group(cls=_Group,
             help="Referee on the command line: score, check and validate card-game deals without a server.")
@click.version_option(__version__, "--version", "-V", prog_name="referee", message="%(prog)s %(version)s")
@click.option("--lang", type=click.Choice(i18n.LANGUAGES), default=None,
              help=f"Language of the answers and summaries (default: REFEREE_LANG, else {i18n.DEFAULT_LANGUAGE}).")
@click.pass_context
def main(ctx: click.Context, lang: str | None) -> None:
    # the language holds while the command runs and is put back after it: a program that calls the command in
    # its own process (or a test) keeps its own language
    ctx.with_resource(i18n.language(lang or _env_language()))


def _env_language() -> str:
    """``REFEREE_LANG``, checked: a value that is no language is a usage error of one line naming the setting."""
    raw = os.environ.get("REFEREE_LANG", "").strip()
    if not raw:
        return i18n.DEFAULT_LANGUAGE
    if raw not in i18n.LANGUAGES:
        click.echo(safe(f"referee: REFEREE_LANG={raw!r} is not one of {', '.join(i18n.LANGUAGES)}"), err=True)
        sys.exit(EXIT_USAGE)
    return raw


GAME = click.option("--game", "-g", default=None, help="thousand (or a \"game\" key in the body)")


@main.command(help="Score one completed deal (a score request body; - reads standard input).")
@click.argument("file", type=click.File("rb"))
@GAME
def score(file, game):
    _one("score", file, game)


@main.command(help="Rule on one action in a position (a check request body). Exit 1 if illegal.")
@click.argument("file", type=click.File("rb"))
@GAME
def check(file, game):
    _one("check", file, game)


@main.command(help="List a game's rulebook, with a variant's option values.")
@click.argument("game")
@click.option("--variant", "-v", default=None)
def rules(game, variant):
    try:
        info = service.rules_info(game, variant)
    except RefereeError as e:
        raise click.UsageError(str(e)) from None
    out = Console()
    out.print(f"[bold]{info['game']}[/bold] — " + _("variant {variant} (edition {edition})", variant=info["variant"],
                                                       edition=info["edition"]))
    titles = {s["id"]: s["title"] for s in info["sources"]}
    for r in info["rules"]:
        out.print(f"\n[bold]{r['id']}[/bold] {r['title']}")
        out.print(r["text"])
        for note in r.get("notes", []):
            out.print("[italic]" + _("Note: {text}", text=note) + "[/italic]")
        where = "; ".join(titles.get(s["source"], s["source"]) + (f", {s['section']}" if s["section"] else "")
                          for s in r["source"])
        opts = ", ".join(f"{k}={json.dumps(v)}" for k, v in (r.get("options") or {}).items())
        out.print("[dim]" + _("source: {where}", where=where) + (f"; options: {opts}" if opts else "") + "[/dim]")


@main.command(help="List a game's variants and their options.")
@click.argument("game")
def variants(game):
    try:
        g = registry.get(game)
    except RefereeError as e:
        raise click.UsageError(str(e)) from None
    out = Console()
    for v in g.variants.values():
        d = v.describe()
        table = Table(title=f"{d['id']} — {d['title']}")
        for col in ("option", "type", "default", "allowed", "rule"):
            table.add_column(col)
        for o in d["options"]:
            allowed = ", ".join(map(str, o.get("allowed", []))) or (
                f"{o.get('minimum', '')}..{o.get('maximum', '')}" if "minimum" in o else "")
            table.add_row(o["name"], o["type"], json.dumps(o["default"]), allowed, o["rule"])
        out.print(table)


# ---------------------------------------------------------------- bulk validation

FAILED_CODE = PROBLEM_BASE + "internal-error"    # a log the tool failed on (HTTP's 500): its worker died, or a bug
EXIT_VALID, EXIT_FINDINGS, EXIT_USAGE, EXIT_FAILURE = 0, 1, 2, 3
CHUNK = 16                  # logs sent to a worker process at a time
IN_FLIGHT = 4               # Dask: blocks submitted at a time per worker (memory bounded however many blocks)
ATTEMPTS = 2                # a chunk whose worker died is tried this many times, then each of its logs alone


@dataclass(frozen=True)
class Job:
    """How every log of a run is judged: the game when no body names it, the answer's language, ``replay``
    (``strict`` or ``as_played``; None leaves the body's own) and whether one record is written per deal."""

    game: str | None
    lang: str
    replay: str | None = None
    per_deal: bool = False


def validate_item(item: tuple[str, int, bytes | str, Job]) -> list[dict]:
    """Validate one log; the records written to ``--output`` (one per log, or one per deal with ``per_deal``; never
    raises).  Every record ends with the engine's version and the rulebook's edition (None when no game is known)."""
    source, line, text, job = item
    with i18n.language(job.lang):
        return [_stamp(r, job) for r in _validate_item(source, line, text, job)]


def _stamp(record: dict, job: Job) -> dict:
    game = record.get("game") or job.game
    edition = registry.GAMES[game].rulebook.edition if game in registry.GAMES else None
    record["engine_version"] = __version__
    record["edition"] = edition
    return record


def error_records(item: Line, job: Job) -> list[dict]:
    """The record of a log that could not be read (no such file, a broken gzip stream, a line over the limit)."""
    with i18n.language(job.lang):
        e = item.error
        assert e is not None, "a log that was read"
        return [_stamp({"source": item.source, "line": item.line, "status": "unreadable", "code": e.type,
                        "error": error_of(e)}, job)]


def failed_records(source: str, line: int, job: Job, why: str) -> list[dict]:
    """The record of a log the tool failed on: its worker process died each time it was tried, or a bug."""
    with i18n.language(job.lang):
        return [_stamp({"source": source, "line": line, "status": "failed", "code": FAILED_CODE,
                        "error": {"code": FAILED_CODE, "title": _("The referee failed on this log"),
                                  "detail": why}}, job)]


def _totals(final: dict | None) -> dict | None:
    return {p["id"]: p["total_after"] for p in final.get("players") or final["sides"]} if final else None


def _validate_item(source: str, line: int, text: bytes | str, job: Job) -> list[dict]:
    rec = {"source": source, "line": line}
    res = judge_text(text, "validate", job.game, f"{source}:{line}", replay=job.replay, cite=False)
    if res["status"] != "ok":
        return [{**rec, **res}]
    a = res["answer"]
    final = a.get("final")
    rec.update({"status": "valid" if a["valid"] else "invalid", "game": a["game"], "variant": a["variant"],
                "events_checked": a["events_checked"], "first_violation": a["first_violation"],
                "violations": a["violations"], "complete": a.get("complete", True),
                "final": _totals(final), "winner": final.get("winner") if final else None})
    if not job.per_deal:
        return [rec]
    out = []
    for n, d in enumerate(a.get("deals") or [], 1):
        own = [a["violations"][j] for j in d["violation_positions"]]     # the deal's own, as the engine says
        out.append({"source": source, "line": line, "status": rec["status"], "game": a["game"],
                    "variant": a["variant"], "deal": n, "index": d["index"], "valid": d["valid"],
                    "as_played": d["as_played"], "final": _totals(d["final"]),
                    "winner": (d["final"] or {}).get("winner"),
                    "first_violation": own[0] if own else None, "violations": own})
    return out or [{**rec, "deal": None}]


def validate_chunk(chunk: list[tuple[str, int, bytes, Job]]) -> list[list[dict]]:
    """Validate a few logs in a worker process: each log's records."""
    return [validate_item(item) for item in chunk]


def _chunks(items: Iterator[Line], job: Job) -> Iterator[list | Line]:
    """The logs in chunks of :data:`CHUNK` for the workers; a log that could not be read is a chunk of its own,
    recorded by the driver (``Line``), not sent."""
    chunk: list = []
    for item in items:
        if item.error is not None:
            if chunk:
                yield chunk
                chunk = []
            yield item
            continue
        chunk.append((item.source, item.line, item.data, job))
        if len(chunk) == CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def run_local(items: Iterator[Line], job: Job, jobs: int, sink) -> None:
    """Validate ``items`` on ``jobs`` worker processes and hand each log's records to ``sink`` as they finish, in
    input order.  At most ``4 × jobs`` chunks are in flight, so memory stays bounded however long the input.  A
    worker process that dies (the OOM killer, a kill) breaks the pool: a new pool takes the chunks that were in
    flight, and a chunk that was in flight :data:`ATTEMPTS` times is recorded as failed, never waited on."""
    chunks = _chunks(items, job)
    if jobs <= 1:
        for part in chunks:
            for records in ([error_records(part, job)] if isinstance(part, Line) else validate_chunk(part)):
                sink(records)
        return
    import multiprocessing
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    context = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")

    def pool():
        return ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_signals, initargs=(os.getpid(),))

    frozen = _freeze_loaded()
    executor = pool()
    pending: deque = deque()      # [chunk, future or ready results, attempts], in input order
    window = 4 * jobs
    try:
        while True:
            while len(pending) < window and (chunk := next(chunks, None)) is not None:
                if isinstance(chunk, Line):
                    pending.append([chunk, [error_records(chunk, job)], 0])
                else:
                    pending.append([chunk, _submit(executor, chunk), 1])
            if not pending:
                return
            chunk, work, attempts = pending[0]
            if isinstance(work, list):
                results = work
            else:
                try:
                    results = work.result()
                except BrokenProcessPool:
                    executor.shutdown(wait=True, cancel_futures=True)
                    executor = pool()
                    for entry in pending:
                        _retry(entry, executor, job, context)
                    continue
                except Exception as e:      # a bug in a worker: its logs are recorded as failed, the run goes on
                    results = [failed_records(s, n, job, f"{type(e).__name__}: {e}") for s, n, _t, _j in chunk]
            pending.popleft()
            for records in results:
                sink(records)
    except BaseException:           # Ctrl-C, SIGTERM (CutShort) or a failure: end the workers now, not their chunks
        _end_workers(executor)
        raise
    finally:
        executor.shutdown(wait=True, cancel_futures=True)
        if frozen:
            import gc
            gc.unfreeze()


def _submit(executor, chunk):
    """``chunk`` handed to the pool.  A pool whose worker has just died refuses new work at once: the chunk then gets
    a future that holds the break, and the run replaces the pool when it reaches that chunk, as for any chunk that
    was in flight."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool
    try:
        return executor.submit(validate_chunk, chunk)
    except BrokenProcessPool as e:
        broken: Future = Future()
        broken.set_exception(e)
        return broken


def _freeze_loaded() -> bool:
    """Before the workers are forked: everything loaded so far (the engine, its rulebooks and schemas, the
    catalogs), which lives as long as the run, is moved out of the garbage collector's generations (as gunicorn's
    ``pre_fork`` does for the server's workers, referee.http.gunicorn_conf).  A worker's collections then walk only
    what its logs make, and never write to the pages it shares with the driver (each write would copy a page):
    about 7 % of the CPU of a ``--jobs 2`` run (benchmarks/README.md).  Whether it froze them: not when the
    process has frozen objects of its own (a program running the command in its own process), which the run's end
    would otherwise unfreeze with its own (``gc.unfreeze`` after the workers are gone)."""
    import gc
    if gc.get_freeze_count():
        return False
    gc.freeze()
    return True


def _worker_signals(driver: int | None = None) -> None:
    """A worker process ignores Ctrl-C (the driver handles it and ends the workers) and dies of SIGTERM, and dies
    with its ``driver`` (killed with SIGKILL, as the OOM killer does, it cannot end its workers itself)."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if driver is not None:
        _die_with(driver)


def _die_with(driver: int) -> None:
    """End this process when ``driver``, its parent, dies: on Linux the kernel sends SIGKILL
    (``prctl(PR_SET_PDEATHSIG)``); elsewhere a daemon thread watches for the process being re-parented."""
    import signal
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(1, int(signal.SIGKILL), 0, 0, 0) == 0:      # 1: PR_SET_PDEATHSIG
                if os.getppid() != driver:           # the driver died before the call
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass
    import threading
    import time

    def watch() -> None:
        while os.getppid() == driver:
            time.sleep(0.5)
        os._exit(1)
    threading.Thread(target=watch, name="referee-driver-watch", daemon=True).start()


def _end_workers(executor) -> None:
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        p.terminate()
    for p in processes:
        p.join(5)


class CutShort(BaseException):
    """The run was stopped by a signal (SIGTERM; SIGINT is :class:`KeyboardInterrupt`)."""


def _retry(entry: list, executor, job: Job, context) -> None:
    """After a worker died: a chunk in flight goes to the new pool; one in flight for the :data:`ATTEMPTS`-th time
    has its logs judged one at a time, each alone in a worker of its own, so that only a log that kills its worker
    is recorded as failed."""
    chunk, work, attempts = entry
    if isinstance(work, list):
        return
    if work.done() and not work.cancelled() and work.exception() is None:
        entry[1] = work.result()
    elif attempts >= ATTEMPTS:
        entry[1] = [_alone(item, job, context) for item in chunk]
    else:
        entry[1] = _submit(executor, chunk)
        entry[2] = attempts + 1


def _alone(item: tuple, job: Job, context) -> list[dict]:
    """One log judged in a worker process of its own: its records, or a failed record if the worker dies."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    with ProcessPoolExecutor(1, mp_context=context, initializer=_worker_signals, initargs=(os.getpid(),)) as lone:
        try:
            return lone.submit(validate_chunk, [item]).result()[0]
        except BrokenProcessPool:
            with i18n.language(job.lang):
                why = ngettext("its worker process died while judging it ({n} try)",
                               "its worker process died while judging it ({n} tries)", ATTEMPTS + 1)
            return failed_records(item[0], item[1], job, why)


# ---------------------------------------------------------------- bulk validation on Dask

GZ_BLOCK = 4 << 20          # Dask: the most decompressed bytes of a gzipped file in one block (the driver ships them)


@dataclass(frozen=True)
class Block:
    """A part of one input file: the lines that start in bytes ``[start, end)`` of a JSONL file, which a Dask worker
    reads itself; or (``gz``) the ``lines`` lines that start in bytes ``[start, end)`` of a gzipped JSONL file's
    decompressed stream, which the driver reads in one streaming pass and ships (gzip cannot be read from the
    middle); or the whole of a ``.json`` file, or of a gzipped file whose stream is broken (``whole``: read as
    ``--jobs`` reads it); or a path that does not exist (``missing``).  ``path`` is absolute (the workers' folders
    are not the driver's); ``name`` is the path as given, which the records show."""

    path: str
    name: str = ""
    start: int = 0
    end: int = 0
    whole: bool = False
    missing: bool = False
    gz: bool = False
    lines: int = 0

    @property
    def shown(self) -> str:
        return self.name or self.path


def plan_blocks(files: Iterable[str], blocksize: int) -> list[Block]:
    """Blocks of about ``blocksize`` bytes over ``files``, in input order (the driver only looks at file sizes)."""
    out = []
    for f in files:
        path = Path(f)
        full = str(path.resolve())
        if not path.exists():
            out.append(Block(full, f, missing=True))
        elif _kind(f) in WHOLE_SUFFIXES:
            out.append(Block(full, f, whole=True))
        elif f.lower().endswith(".gz"):
            out += _plan_gzip(full, f, min(blocksize, GZ_BLOCK))
        else:
            size = path.stat().st_size
            out += [Block(full, f, a, min(a + blocksize, size)) for a in range(0, size, blocksize)] or [Block(full, f)]
    return out


def _plan_gzip(full: str, name: str, blocksize: int) -> list[Block]:
    """A gzipped JSONL file in blocks of whole lines of about ``blocksize`` decompressed bytes, from one streaming pass
    that holds 64 KiB at a time (a line longer than that is read in pieces); a file whose gzip stream is broken is
    one ``whole`` block, whose records are then those of ``--jobs`` (the lines before the break, then the break)."""
    out: list[Block] = []
    start = pos = lines = 0
    mid = False
    try:
        with gzip.open(full, "rb") as f:
            while raw := f.readline(1 << 16):
                pos += len(raw)
                mid = not raw.endswith(b"\n")
                if not mid:
                    lines += 1
                    if pos - start >= blocksize:
                        out.append(Block(full, name, start, pos, gz=True, lines=lines))
                        start, lines = pos, 0
    except (OSError, EOFError, zlib.error):        # gzip.BadGzipFile is an OSError
        return [Block(full, name, whole=True)]
    if pos > start or not out:
        out.append(Block(full, name, start, pos, gz=True, lines=lines + mid))
    return out


class _GzipFeed:
    """The driver's reader of gzipped blocks, handed them in input order: each block's lines as bytes, from one
    streaming pass over each file (a block already done, on ``--resume``, is skipped over).  A line longer than
    ``limit`` + 2 bytes is cut there and ended (the worker records it as too large, as ``--jobs`` does), so a block
    shipped holds at most about its size plus one line of ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit, self.path, self.pos = limit, "", 0
        self.f: gzip.GzipFile | None = None

    def read(self, block: Block) -> bytes:
        if self.f is None or self.path != block.path or self.pos > block.start:
            self.close()
            self.f = f = gzip.GzipFile(block.path, "rb")     # noqa: SIM115  (kept open from block to block)
            self.path, self.pos = block.path, 0
        else:
            f = self.f
        while self.pos < block.start and (skipped := f.read(min(1 << 20, block.start - self.pos))):
            self.pos += len(skipped)
        out = []
        while self.pos < block.end and (raw := f.readline(self.limit + 2)):
            self.pos += len(raw)
            if raw.endswith(b"\n") or len(raw) < self.limit + 2:
                out.append(raw)
                continue
            out.append(raw + b"\n")            # too long: the rest of the line is skipped, a little at a time
            while self.pos < block.end and (rest := f.readline(1 << 16)):
                self.pos += len(rest)
                if rest.endswith(b"\n"):
                    break
        return b"".join(out)

    def close(self) -> None:
        if self.f is not None:
            self.f.close()
            self.f = None


def _input_size(path: str) -> int:
    """About how many bytes ``path`` holds to be read: its size, or for a gzipped file the decompressed size its
    trailer states (modulo 4 GiB, and only the last member's: never taken below the compressed size), so that
    blocks are sized on what the workers judge."""
    size = os.stat(path).st_size
    if not path.lower().endswith(".gz") or size < 18:
        return size
    try:
        with open(path, "rb") as f:
            f.seek(-4, os.SEEK_END)
            return max(size, int.from_bytes(f.read(4), "little"))
    except OSError:
        return size


def _block_stream(block: Block, f):
    """Position ``f`` at the block's first line: a block that begins inside a line skips it (the block its first
    byte lies in reads it), reading a little at a time."""
    start = block.start
    if start:
        f.seek(start - 1)
        if f.read(1) != b"\n":
            while chunk := f.readline(1 << 16):
                if chunk.endswith(b"\n"):
                    break
    return f


class _Bounded:
    """The part of a file from its position up to the end of the line that starts last before ``end``."""

    def __init__(self, f, end: int) -> None:
        self.f, self.end, self.mid = f, end, False

    def readline(self, size: int) -> bytes:
        if not self.mid and self.f.tell() >= self.end:
            return b""
        raw = self.f.readline(size)
        self.mid = bool(raw) and not raw.endswith(b"\n")
        return raw


def block_lines(block: Block, limit: int | None = None, data: bytes | None = None) -> Iterator[Line]:
    """The logs of ``block`` (their line numbers counting from the block's first line as 1); a gzipped file's block
    from ``data``, its lines as the driver shipped them."""
    from .settings import MAX_BODY
    limit = MAX_BODY if limit is None else limit
    if block.gz:
        yield from _lines_of(io.BytesIO(data or b""), block.shown, limit, first=block.start == 0)
        return
    with open(block.path, "rb") as f:
        yield from _lines_of(_Bounded(_block_stream(block, f), block.end), block.shown, limit, first=block.start == 0)


def block_line_count(block: Block) -> int:
    """Physical lines that start in ``block`` (the line numbers of later blocks follow from it), read a little at
    a time."""
    if block.whole or block.missing:
        return 1
    if block.gz:
        return block.lines          # counted by the driver's pass
    count = 0
    with open(block.path, "rb") as f:
        stream = _Bounded(_block_stream(block, f), block.end)
        last = b"\n"
        while raw := stream.readline(1 << 16):
            if raw.endswith(b"\n"):
                count += 1
            last = raw
        if not last.endswith(b"\n"):
            count += 1          # a last line with no newline
    return count


def validate_block(block: Block, first_line: int, job: Job, part: str | None,
                   data: bytes | None = None) -> list[list[dict]]:
    """Validate every log of ``block`` (run by a Dask worker, which reads the block itself, or takes a gzipped
    file's block as the ``data`` the driver shipped): for each log its records.  With ``part`` the records go to
    that JSONL file, written under a temporary name and renamed when whole (a part file that exists is complete),
    and only each log's summary fields come back."""
    if block.missing:
        items: Iterable[Line] = [Line(block.shown, 0, None, NoSuchFile(_("no such file or folder: {path}",
                                                                          path=block.shown)))]
    elif block.whole:
        from .settings import MAX_BODY
        items = file_lines(block.path, MAX_BODY, block.shown)
    else:
        items = (Line(x.source, first_line + x.line - 1, x.data, x.error) for x in block_lines(block, data=data))
    judged = (_judged(x, job) for x in items)
    if part is None:
        return list(judged)
    tmp = part + ".tmp"
    summaries = []
    with open(tmp, "w", encoding="utf-8") as fh:     # each log's records written as judged, not held
        for records in judged:
            fh.write("".join(_record_json(r) + "\n" for r in records))
            summaries.append([{k: v for k, v in records[0].items() if k in SUMMARY_FIELDS}])
    os.replace(tmp, part)
    return summaries


def _judged(item: Line, job: Job) -> list[dict]:
    """The records of one log a Dask worker read: judged, or unreadable."""
    if item.error is not None or item.data is None:
        return error_records(item, job)
    return validate_item((item.source, item.line, item.data, job))


SUMMARY_FIELDS = ("source", "line", "status", "code", "first_violation", "error", "complete", "game", "edition")


def _manifest(blocks: list[Block], job: Job) -> dict:
    return {"engine_version": __version__, "job": [job.game, job.lang, job.replay, job.per_deal],
            "blocks": [[b.path, b.name, b.start, b.end, b.whole, b.missing, b.gz, b.lines] for b in blocks],
            "files": {b.path: [os.stat(b.path).st_size, os.stat(b.path).st_mtime_ns] for b in blocks if not b.missing}}


def _read_part(part: str) -> Iterator[list[dict]]:
    """The logs of a complete part file, each log's records (a log's records share its source and line), read one
    log at a time when they are handed on (the file is opened then, not before)."""
    log: list[dict] = []
    with open(part, encoding="utf-8") as fh:
        for text in fh:
            r = json.loads(text)
            if log and (log[0]["source"], log[0]["line"]) != (r["source"], r["line"]):
                yield log
                log = []
            log.append(r)
    if log:
        yield log


def run_dask(files: list[str], job: Job, address: str | None, jobs: int, output: str | None, sink,
             wait_workers: float = 60.0, resume: bool = False) -> None:
    """Validate ``files`` on Dask: on the scheduler at ``address``, or on a local cluster of ``jobs`` worker processes.

    The driver plans blocks of the input by file size (paths resolved first: a worker's folder is not the driver's);
    each worker reads its own blocks (a first pass counts their lines, so line numbers are exact; a gzipped JSONL
    file's blocks the driver cuts in a streaming pass and ships, see :class:`Block`), validates them
    and, with ``output``, writes one part file per block next to the output, under a temporary name renamed when
    whole; the driver then joins them in input order (on a cluster the output's folder must be shared with the
    workers).  If the run is cut short (the scheduler lost), the complete part files and the plan are kept and no
    partial one, and ``resume`` goes on from them.  The records are the same, in the same order, as with ``--jobs``."""
    client, cluster = _dask_client(address, jobs)
    if output:         # resolved on the driver: a worker writes the parts it is sent, relative to its own folder
        output = str(Path(output).resolve())
    parts_dir = Path(output).with_name(Path(output).name + ".parts") if output else None
    try:
        with client:
            workers = _wait_for_workers(client, address, wait_workers)
            total = sum(_input_size(f) for f in files if Path(f).exists())
            blocksize = max(64 * 1024, min(64 * 1024 * 1024, total // (4 * workers) + 1))
            blocks = plan_blocks(files, blocksize)
            parts: list[str | None] = [None] * len(blocks)
            done: list = [None] * len(blocks)
            if parts_dir is not None:
                blocks = _plan_parts(parts_dir, blocks, job, resume)
                named = [str(parts_dir / f"part-{i:05d}.jsonl") for i in range(len(blocks))]
                done = [_read_part(p) if resume and Path(p).exists() else None for p in named]
                parts = list(named)
            firsts = _first_lines(blocks, client.gather(client.map(block_line_count, blocks, pure=False)))
            _judge_blocks(client, workers, blocks, firsts, job, parts, done, sink)
    except BaseException as e:
        _stopped(e, parts_dir)
        raise
    finally:
        if cluster is not None:
            cluster.close()
    if output is not None and parts_dir is not None:
        _join_parts(output, [p for p in parts if p is not None], parts_dir)


def _dask_client(address: str | None, jobs: int):
    """A Dask client of the scheduler at ``address``, or of a new local cluster of ``jobs`` worker processes (then
    returned too, to be closed after the run)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise click.UsageError(_("Dask is not installed: pip install 'referee[dask]'")) from None
    cluster = None
    try:
        if address:
            client = Client(address, timeout="15s")
        else:
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None)
            client = Client(cluster)
    except (OSError, TimeoutError) as e:
        raise ToolFailure(_("cannot reach the Dask scheduler at {address}: {why}", address=address, why=e)) \
            from None
    return client, cluster


def _wait_for_workers(client, address: str | None, wait_workers: float) -> int:
    """How many worker threads the scheduler has, once one worker joined it (within ``wait_workers`` seconds; 0:
    one must be there already)."""
    try:
        if wait_workers > 0:
            client.wait_for_workers(1, timeout=wait_workers)
        elif not client.scheduler_info().get("workers"):     # 0: do not wait at all
            raise TimeoutError
    except (TimeoutError, OSError):
        raise ToolFailure(_("no Dask worker joined the scheduler at {address} within {n} s",
                            address=address or "local", n=f"{wait_workers:g}")) from None
    return max(1, len(client.ncores() or {}))


def _plan_parts(parts_dir: Path, blocks: list[Block], job: Job, resume: bool) -> list[Block]:
    """The blocks of a run that writes part files into ``parts_dir``: ``blocks``, written down as the run's plan
    in a fresh folder, or with ``resume`` the blocks of the plan there (which must be the same run's)."""
    plan = parts_dir / "plan.json"
    if resume and plan.exists():
        old = json.loads(plan.read_text(encoding="utf-8"))
        if old != json.loads(json.dumps(_manifest(_replan(old), job))):
            raise click.UsageError(_("--resume: the inputs or the options changed since the run began"))
        for stale in parts_dir.glob("*.tmp"):    # a straggler's part, written after the run stopped
            stale.unlink(missing_ok=True)
        return _replan(old)
    if resume:
        raise click.UsageError(_("--resume: no run to resume at {path}", path=str(parts_dir)))
    if parts_dir.exists():
        shutil.rmtree(parts_dir)
    parts_dir.mkdir()
    plan.write_text(json.dumps(_manifest(blocks, job)), encoding="utf-8")
    return blocks


def _first_lines(blocks: list[Block], counts: list[int]) -> list[int]:
    """The line number of each block's first line, from the count of lines that start in each block."""
    firsts, line = [], {}
    for b, n in zip(blocks, counts):
        if b.start == 0:
            line[b.path] = 1
        firsts.append(line[b.path])
        line[b.path] += n
    return firsts


def _judge_blocks(client, workers: int, blocks: list[Block], firsts: list[int], job: Job, parts: list[str | None],
                  done: list, sink) -> None:
    """Validate the blocks not ``done`` (submitted in input order, at most :data:`IN_FLIGHT` × ``workers`` at a
    time) and hand every block's records to ``sink`` in input order, as soon as the blocks before it are done."""
    from dask.distributed import as_completed

    from .settings import MAX_BODY

    index: dict = {}
    waiting = iter([i for i in range(len(blocks)) if done[i] is None])
    feed = _GzipFeed(MAX_BODY)

    def submit(i: int):
        data = feed.read(blocks[i]) if blocks[i].gz else None
        fut = client.submit(validate_block, blocks[i], firsts[i], job, parts[i], data, pure=False)
        index[fut.key] = i
        return fut
    try:
        flying = as_completed([submit(i) for i in itertools.islice(waiting, IN_FLIGHT * workers)])
        nxt = 0
        for fut in _completed(flying):
            done[index.pop(fut.key)] = fut.result()
            if (i := next(waiting, None)) is not None:
                flying.add(submit(i))
            while nxt < len(blocks) and done[nxt] is not None:    # hand on every block now in order
                for records in done[nxt]:
                    sink(records)
                done[nxt] = ()
                nxt += 1
    finally:
        feed.close()
    while nxt < len(blocks):
        for records in done[nxt]:
            sink(records)
        nxt += 1


def _stopped(e: BaseException, parts_dir: Path | None) -> None:
    """A run that writes part files was stopped by ``e``: no partial part is kept, and a failure (not a usage error
    or an interruption) becomes the tool's failure, saying how to resume."""
    if parts_dir is None or not parts_dir.exists():
        return
    for stale in parts_dir.glob("*.tmp"):        # a part being written when the run stopped
        stale.unlink(missing_ok=True)
    if isinstance(e, Exception) and not isinstance(e, click.ClickException):
        raise ToolFailure(_("the run stopped ({why}); its complete parts are kept in {path}: run the same "
                            "command again with --resume", why=f"{type(e).__name__}: {e}",
                            path=str(parts_dir))) from e


def _join_parts(output: str, parts: list[str], parts_dir: Path) -> None:
    """The part files joined into ``output``, in input order; then their folder goes."""
    with open(output, "w", encoding="utf-8") as out:
        for p in parts:
            with open(p, encoding="utf-8") as fh:
                shutil.copyfileobj(fh, out)
    shutil.rmtree(parts_dir)


def _replan(manifest: dict) -> list[Block]:
    return [Block(*row) for row in manifest["blocks"]]


def _completed(futures):
    """The futures as they complete (a seam for the tests, which cut a run short here)."""
    return futures


class ToolFailure(click.ClickException):
    """The tool itself failed (exit 3): no Dask worker, a run cut short, output that cannot be written."""

    exit_code = EXIT_FAILURE

    def show(self, file=None) -> None:
        click.echo(safe(f"referee: {self.message}"), err=True)


# ---------------------------------------------------------------- the summary

class Summary:
    """What the summary says about a run, counted as the records go by (memory bounded: the first
    :data:`SHOWN` logs of each kind are kept to be listed)."""

    SHOWN = 50

    def __init__(self) -> None:
        self.logs = 0
        self.status: Counter = Counter()
        self.rules: Counter = Counter()
        self.codes: Counter = Counter()
        self.incomplete = 0
        self.editions: dict[str, str] = {}
        self.shown: dict[str, list[dict]] = {"unreadable": [], "invalid": [], "failed": []}

    def add(self, record: dict) -> None:
        self.logs += 1
        status = record["status"]
        self.status[status] += 1
        if record.get("code"):
            self.codes[record["code"]] += 1
        if status == "invalid" and record.get("first_violation"):
            self.rules[record["first_violation"]["rule"]] += 1
        if status in ("valid", "invalid") and record.get("complete") is False:
            self.incomplete += 1
        if record.get("game") and record.get("edition"):
            self.editions[record["game"]] = record["edition"]
        kept = self.shown.get(status)
        if kept is not None and len(kept) < self.SHOWN:
            kept.append(record)

    @property
    def exit_code(self) -> int:
        if self.status["failed"]:
            return EXIT_FAILURE
        return EXIT_FINDINGS if self.status["invalid"] or self.status["unreadable"] else EXIT_VALID

    def as_json(self) -> dict:
        return {"logs": self.logs, "valid": self.status["valid"], "invalid": self.status["invalid"],
                "unreadable": self.status["unreadable"], "failed": self.status["failed"],
                "incomplete": self.incomplete, "first_violations": dict(sorted(self.rules.items())),
                "codes": dict(sorted(self.codes.items())), "engine_version": __version__,
                "editions": dict(sorted(self.editions.items())), "exit_code": self.exit_code}

    def print(self, console: Console, output: str | None = None) -> None:
        """The human summary: the counts, then the first :data:`SHOWN` logs of each kind that is not valid, and how
        many more there are and where they all are (``output``: the ``--output`` file, if any).  Every text from the
        logs (names, messages, paths) is printed as it is, its control characters escaped (:func:`safe`): the
        console reads no markup and no emoji codes in it."""
        table = Table(title=_("Validation summary"))
        table.add_column(_("result"))
        table.add_column(_("logs"), justify="right")
        table.add_row(_("valid"), str(self.status["valid"]))
        table.add_row(_("invalid"), str(self.status["invalid"]))
        first = _("first violation")        # the rule's ID is its own tag, after the words
        for rule, n in sorted(self.rules.items()):
            table.add_row(safe(f"  {first} {rule}"), str(n))
        table.add_row(_("incomplete (judged as far as they go)"), str(self.incomplete))
        table.add_row(_("unreadable"), str(self.status["unreadable"]))
        if self.status["failed"]:
            table.add_row(_("failed (the referee's fault)"), str(self.status["failed"]))
        console.print(table)
        for status in ("failed", "unreadable"):
            bad = self.shown[status]
            for r in bad:
                err = r["error"]
                detail = err.get("detail") or "; ".join(f"{e['pointer'] or '/'}: {e['detail']}"
                                                        for e in err.get("errors", []))
                where = "{}:{}".format(r["source"], r["line"])
                text = (_("failed {where}: {title}", where=where, title=err["title"]) if status == "failed" else
                        _("unreadable {where}: {title}", where=where, title=err["title"]))
                console.print(safe(text + (f" — {detail}" if detail else "")))
            self._more(console, status, output)
        for r in self.shown["invalid"]:
            v = r["first_violation"]
            where = "{}:{}".format(r["source"], r["line"])
            broken = _("invalid {where}: event {index} ({event}) breaks", where=where, index=v["index"],
                       event=v["event"])
            console.print(safe(f"{broken} {v['rule']}: {v['message']}"))     # the rule's ID is its own tag
        self._more(console, "invalid", output)

    def _more(self, console: Console, status: str, output: str | None) -> None:
        """The line after a list cut at :data:`SHOWN`: how many more logs of that kind, and where every record is."""
        more = self.status[status] - len(self.shown[status])
        if more <= 0:
            return
        if status == "unreadable":
            text = ngettext("... and {n} more unreadable line", "... and {n} more unreadable lines", more)
        elif status == "invalid":
            text = ngettext("... and {n} more invalid log", "... and {n} more invalid logs", more)
        else:
            text = ngettext("... and {n} more failed log", "... and {n} more failed logs", more)
        where = _("every record is in {file}", file=output) if output else _("--output FILE writes every record")
        console.print(safe(f"{text} ({where})"))


def plain_console(**kw) -> Console:
    """A console that prints third-party text as it is: no markup (a player named ``[/bold]``), no emoji codes
    (``:100:`` in ``batch.jsonl:100:``), no highlighting."""
    return Console(markup=False, emoji=False, highlight=False, **kw)


@main.command(help="Validate game logs: FILE.jsonl or .ndjson (one log a line), FILE.json (one log), each possibly "
                   "gzipped (.gz), a folder, a glob pattern, or - (JSONL on stdin). Exit 0: every log valid; 1: an "
                   "invalid or unreadable log; 2: a usage error; 3: the referee itself failed.")
@click.argument("paths", nargs=-1, required=True)
@GAME
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write one JSON record per log (JSONL), in input order, as the logs are judged.")
@click.option("--summary-json", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the run's summary as JSON (counts, first violations, codes, exit code) to this file.")
@click.option("--jobs", "-j", type=click.IntRange(1, 1024), default=None,
              help="Worker processes (default: all cores).")
@click.option("--dask", "use_dask", is_flag=True,
              help="Run on Dask: a local cluster of --jobs workers, or --scheduler.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="The Dask scheduler to run on (e.g. tcp://10.0.0.5:8786); implies --dask.")
@click.option("--wait-workers", type=click.FloatRange(0, None), default=60.0, show_default=True, metavar="SECONDS",
              help="With Dask: fail (exit 3) when no worker has joined the scheduler within this time (0: at once, "
                   "without waiting).")
@click.option("--resume", is_flag=True,
              help="With Dask and --output: go on with a run that was cut short, keeping its complete part files.")
@click.option("--replay", type=click.Choice(["strict", "as_played"]), default=None,
              help="strict: stop judging a deal at its first illegal event; as_played: apply it as logged and judge "
                   "on, listing every violation (overrides each body's own \"replay\"; without it the body's holds, "
                   "else strict).")
@click.option("--per-deal", is_flag=True,
              help="Write one JSONL record per deal (its index, validity and totals) instead of one per log.")
def validate(paths, game, output, summary_json, jobs, use_dask, scheduler, wait_workers, resume, replay, per_deal):
    use_dask = use_dask or scheduler is not None
    _check_usage(paths, game, output, summary_json, use_dask, resume)
    jobs = jobs or os.cpu_count() or 1
    job = Job(game, i18n.current(), replay, per_deal)
    summary = Summary()
    out = None
    if output and not use_dask:
        out = open(output, "w", encoding="utf-8")   # noqa: SIM115  (written log by log, closed when the run ends)
    show = ERR.is_terminal
    written: dict[str, Any] = {"logs": 0, "last": None}
    old_term = _on_sigterm()
    try:
        with _progress(show) as advance:

            def sink(records: list[dict]) -> None:
                summary.add(records[0])             # the summary counts logs
                if out is not None:         # one write a log: a signal stops the output between logs
                    out.write("".join(_record_json(r) + "\n" for r in records))
                written["logs"] += 1
                written["last"] = records[0]
                advance()
            if use_dask:
                run_dask(list(log_files(paths)), job, scheduler, jobs, output, sink, wait_workers, resume)
            else:
                run_local(iter_lines(paths), job, jobs, sink)
    except (KeyboardInterrupt, CutShort):
        if out is not None:
            out.close()
            out = None
        if summary_json:        # what was judged before the stop, and the stop's exit code: never an earlier run's
            _write_summary(summary_json, {**summary.as_json(), "exit_code": EXIT_FAILURE, "cut_short": True})
        _cut_short(output if not use_dask else None, written["logs"], written["last"],
                   _parts_of(output) if use_dask else None)
    finally:
        if out is not None:
            out.close()
        if old_term is not None:
            import signal
            signal.signal(signal.SIGTERM, old_term)
    summary.print(plain_console(soft_wrap=True), output)
    if summary_json:
        _write_summary(summary_json, {**summary.as_json(), "cut_short": False})
    sys.exit(summary.exit_code)


def _write_summary(path: str, summary: dict) -> None:
    """``--summary-json``: the summary written whole or not at all (a file beside it, then renamed over it)."""
    partial = f"{path}.{os.getpid()}.tmp"
    with open(partial, "w", encoding="utf-8") as fh:
        json.dump(summary, fh, ensure_ascii=False, indent=2)
        fh.write("\n")
    os.replace(partial, path)


@contextlib.contextmanager
def _progress(show: bool) -> Iterator[Callable[[], None]]:
    """The progress bar on a terminal (``show``), advanced once a log; elsewhere nothing is drawn, and rich's progress
    module is not even imported."""
    if not show:
        yield _no_progress
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    with Progress(TextColumn(_("validating")), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=ERR, transient=True) as bar:
        task = bar.add_task("logs", total=None)
        yield lambda: bar.advance(task)


def _no_progress() -> None:
    """A log judged, with no bar to show it."""


def _check_usage(paths, game: str | None, output: str | None, summary_json: str | None, use_dask: bool,
                 resume: bool) -> None:
    """The command's own mistakes, found before any log is read: each a usage error (exit 2)."""
    if output and _overwrites_input(output, paths):
        raise click.UsageError(_("--output would overwrite an input file"))
    if summary_json and _overwrites_input(summary_json, paths):
        raise click.UsageError(_("--summary-json would overwrite an input file"))
    for target in (output, summary_json):
        if target:
            new = not os.path.lexists(target)
            try:
                open(target, "a", encoding="utf-8").close()
            except OSError as e:
                raise click.UsageError(_("cannot write {path}: {why}", path=target, why=e.strerror)) from None
            if new and target == summary_json:      # written at the end: a run cut short leaves no empty one
                os.unlink(target)
    if game is not None:            # an unknown game is the command's mistake, not every log's (as --replay bogus)
        try:
            registry.get(game)
        except RefereeError as e:
            raise click.UsageError(str(e)) from None
    missing = [p for p in paths if p != "-" and not Path(p).exists() and not glob.glob(p, recursive=True)]
    if missing:
        raise click.UsageError(_("no such file or folder: {path}", path=missing[0]))
    if use_dask and "-" in paths:
        raise click.UsageError(_("Dask workers read the files themselves: give paths, not -"))
    if resume and not (use_dask and output):
        raise click.UsageError(_("--resume continues a Dask run that writes --output"))


def _overwrites_input(target: str, paths) -> bool:
    """Whether writing ``target`` would overwrite one of the input files ``paths`` name: the same file, however
    named (another path, a symbolic link, a hard link), compared by device and inode."""
    if target == "-" or not os.path.exists(target):
        return False
    for f in log_files(paths):
        if f == "-":
            continue
        try:
            if os.path.samefile(f, target):
                return True
        except OSError:
            continue
    return False


def _on_sigterm():
    """SIGTERM cuts the run short (:class:`CutShort`); returns the handler it replaced, or None when not on the
    main thread (an embedding caller's own handlers stand)."""
    import signal

    def on_term(signum, frame):
        raise CutShort(signum)
    try:
        return signal.signal(signal.SIGTERM, on_term)
    except ValueError:
        return None


def _parts_of(output: str | None) -> Path | None:
    """The folder of a Dask run's part files for ``output``, when it is there."""
    if not output:
        return None
    parts = Path(output).resolve()
    parts = parts.with_name(parts.name + ".parts")
    return parts if parts.is_dir() else None


def _cut_short(output: str | None, logs: int, last: dict | None, parts: Path | None = None) -> NoReturn:
    """The run was cut short after ``logs`` logs, ``last`` the last one written to ``output`` (a local run's), or
    a Dask run's complete ``parts`` kept for ``--resume``; one line says so and the tool exits 3."""
    if parts is not None:
        where = _("its complete parts are kept in {path}: run the same command again with --resume",
                  path=str(parts))
    elif output:
        where = (_("the output {path} stops after log {n} ({source}:{line}), each log whole", path=output,
                   n=logs, source=last["source"], line=last["line"]) if last else
                 _("the output {path} is empty", path=output))
    else:
        where = ngettext("{n} log was judged", "{n} logs were judged", logs)
    click.echo(safe("referee: " + _("the run was cut short; {where}", where=where)), err=True)
    sys.exit(EXIT_FAILURE)


if __name__ == "__main__":
    main()
