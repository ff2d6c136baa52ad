"""``referee`` command line: the engine without a server.

    referee score FILE [--game G]          one score request body → the answer (JSON)
    referee check FILE [--game G]          one check request body → the ruling
    referee validate PATH... [--game G]    game logs: a .json body, JSONL (one body a line), a folder, or -
    referee rules GAME [--variant V]       the rulebook
    referee variants GAME                  the variants and their options

``--lang ru`` (before the command, or ``REFEREE_LANG``) gives every text of the answers and the summaries in
Russian; English is the default.

A body may name its game in a top-level ``"game"`` key (the CLI removes it); otherwise ``--game``
says it.  ``validate`` runs on every core (``--jobs``), or on Dask (``--dask``: a local cluster; ``--scheduler ADDRESS``:
a real one, whose workers read their own parts of the input),
shows a progress bar on a terminal, prints a summary, writes one JSONL result per log (per deal with ``--per-deal``) with
``--output``, and exits 1 when any log is invalid or unreadable (2 for a usage error).  ``--replay as_played`` judges
every event of a log, applying an illegal one as logged.
"""
from __future__ import annotations

import json
import multiprocessing
import os
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator

try:
    import click
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
    from rich.table import Table
except ImportError as e:     # an engine-only install: the command line is the cli extra
    raise SystemExit(f"referee: the command line needs the cli extra ({e.name} is missing): "
                     "pip install 'referee[cli]'") from None

from . import __version__, i18n, registry, service
from .errors import InputError, RefereeError
from .i18n import _, ngettext
from .jsonio import BadJSON, parse_body

ERR = Console(stderr=True)


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
        raise InputError(f"{where}: name the game with --game or a top-level \"game\" key "
                         f"({', '.join(registry.GAMES)})", "/game")
    if not isinstance(game, str):
        raise InputError(_("game must be a string"), "/game")
    return game, body


def judge_text(text: str | bytes, endpoint: str, game: str | None, where: str = "", replay: str | None = None) -> dict:
    """Judge one request body given as text or bytes (``replay``, when given, overrides the body's own).  Returns
    ``{"status", ...}``; never raises."""
    try:                                  # a byte order mark is read as over HTTP (referee.jsonio.parse_body)
        body = parse_body(text)
        g, body = _split_game(body, game, where)
        if replay is not None:
            body["replay"] = replay
        answer = service.handle(g, endpoint, body, i18n.current())
    except BadJSON as e:
        return {"status": "unreadable", "error": {"title": _("Malformed JSON"), "detail": e.detail, "pointer": e.pointer}}
    except InputError as e:
        return {"status": "unreadable", "error": {"title": _("The request cannot be judged"), "errors": e.errors}}
    except RefereeError as e:
        return {"status": "unreadable", "error": {"title": _("Not found"), "detail": str(e)}}
    return {"status": "ok", "answer": answer}


def _print_json(obj) -> None:
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2))


def _one(endpoint: str, file, game: str | None) -> None:
    res = judge_text(file.read(), endpoint, game, getattr(file, "name", "-"))
    if res["status"] != "ok":
        _print_json(res["error"])
        sys.exit(2)
    _print_json(res["answer"])
    ans = res["answer"]
    if ans.get("legal") is False or ans.get("valid") is False:
        sys.exit(1)


@click.group(help="Referee on the command line: score, check and validate card-game deals without a server.")
@click.version_option(__version__, "--version", "-V", prog_name="referee", message="%(prog)s %(version)s")
@click.option("--lang", type=click.Choice(i18n.LANGUAGES), envvar="REFEREE_LANG", default=i18n.DEFAULT_LANGUAGE,
              show_default=True, help="Language of the answers and summaries.")
def main(lang: str) -> None:
    i18n.set_language(lang)


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

def input_files(paths: Iterable[str]) -> Iterator[str]:
    """The files ``paths`` name, in order: a folder gives every .json/.jsonl file in it (sorted, recursively); a path
    that does not exist is kept (it is reported as unreadable)."""
    for p in paths:
        path = Path(p)
        if p != "-" and path.is_dir():
            yield from (str(f) for f in sorted(path.rglob("*")) if f.suffix in (".json", ".jsonl") and f.is_file())
        else:
            yield p


def split_lines(data: bytes, first: bool = True) -> Iterator[tuple[int, str]]:
    """``(index, text)`` of every line of a JSONL text: lines end at ``\\n`` (a ``\\r`` before it is dropped), the
    index counts every physical line from 0, blank lines are left out, and a byte-order mark opening the file
    (``first``) is dropped.  Text is UTF-8; undecodable bytes are kept as surrogates (reported as not UTF-8)."""
    if first and data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for i, raw in enumerate(data.split(b"\n")):
        text = raw.decode("utf-8", "surrogateescape").rstrip("\r")
        if text.strip():
            yield i, text


def iter_items(paths: Iterable[str]) -> Iterator[tuple[str, int, str]]:
    """Yield ``(source, line, text)`` for every log: a .json file is one body, a .jsonl file (or -)
    one body per non-blank line, a folder every .json/.jsonl file in it (sorted, recursively)."""
    for p in input_files(paths):
        if p == "-":
            data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode()
            for i, text in split_lines(data):
                yield "-", i + 1, text
            continue
        path = Path(p)
        if not path.exists():
            yield str(path), 0, ""  # reported as unreadable
            continue
        if path.suffix == ".json":
            yield str(path), 1, path.read_text(encoding="utf-8-sig", errors="surrogateescape")
            continue
        for i, text in split_lines(path.read_bytes()):
            yield str(path), i + 1, text


@dataclass(frozen=True)
class Job:
    """How every log of a run is judged: the game when no body names it, the answer's language, ``replay``
    (``strict`` or ``as_played``; None leaves the body's own) and whether one record is written per deal."""

    game: str | None
    lang: str
    replay: str | None = None
    per_deal: bool = False


def validate_item(item: tuple[str, int, str, Job]) -> list[dict]:
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


def _totals(final: dict | None) -> dict | None:
    return {p["id"]: p["total_after"] for p in final.get("players") or final["sides"]} if final else None


def _validate_item(source: str, line: int, text: str, job: Job) -> list[dict]:
    rec = {"source": source, "line": line}
    if line == 0:
        return [{**rec, "status": "unreadable", "error": {"title": _("No such file")}}]
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return [{**rec, "status": "unreadable", "error": {"title": _("Malformed JSON"), "detail": _("not UTF-8")}}]
    res = judge_text(text, "validate", job.game, f"{source}:{line}", replay=job.replay)
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
    deals = a.get("deals") or []
    for n, d in enumerate(deals, 1):
        end = deals[n]["index"] if n < len(deals) else None      # the next deal's deal event, or the log's end
        own = [v for v in a["violations"] if v["index"] >= d["index"] and (end is None or v["index"] < end)]
        out.append({"source": source, "line": line, "status": rec["status"], "game": a["game"],
                    "variant": a["variant"], "deal": n, "index": d["index"], "valid": d["valid"],
                    "as_played": d["as_played"], "final": _totals(d["final"]),
                    "winner": (d["final"] or {}).get("winner"),
                    "first_violation": own[0] if own else None, "violations": own})
    return out or [{**rec, "deal": None}]


def run_local(items: list, jobs: int, progress) -> list[dict]:
    if jobs <= 1 or len(items) < 2:
        return [progress(r) for r in map(validate_item, items)]
    chunk = max(1, min(64, len(items) // (jobs * 8) or 1))
    with multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork").Pool(jobs) as pool:
        return [progress(r) for r in pool.imap(validate_item, items, chunksize=chunk)]


# ---------------------------------------------------------------- bulk validation on Dask

@dataclass(frozen=True)
class Block:
    """A part of one input file that a Dask worker reads itself: the lines that start in bytes ``[start, end)`` of a
    JSONL file, or the whole of a ``.json`` file (``whole``), or a path that does not exist (``missing``)."""

    path: str
    start: int = 0
    end: int = 0
    whole: bool = False
    missing: bool = False


def plan_blocks(files: Iterable[str], blocksize: int) -> list[Block]:
    """Blocks of about ``blocksize`` bytes over ``files``, in input order (the driver only looks at file sizes)."""
    out = []
    for f in files:
        path = Path(f)
        if not path.exists():
            out.append(Block(f, missing=True))
        elif path.suffix == ".json":
            out.append(Block(f, whole=True))
        else:
            size = path.stat().st_size
            out += [Block(f, a, min(a + blocksize, size)) for a in range(0, size, blocksize)] or [Block(f)]
    return out


def _block_bytes(block: Block) -> bytes:
    """The bytes of the lines that start in ``block``: a line belongs to the block its first byte lies in, so a
    block that begins inside a line skips to the next one and one that ends inside a line reads it to its end."""
    with open(block.path, "rb") as f:
        start = block.start
        if start:
            f.seek(start - 1)
            if f.read(1) != b"\n":          # the block begins inside a line that an earlier block reads
                f.readline()
                start = f.tell()
        if start >= block.end:
            return b""
        data = f.read(block.end - start)
        if not data.endswith(b"\n"):
            data += f.readline()              # the last line runs past the block's end
    return data


def block_lines(block: Block) -> list[tuple[int, str]]:
    """``(index, text)`` of the non-blank lines that start in ``block``, the index counting physical lines from the
    block's first (as :func:`split_lines`)."""
    data = _block_bytes(block)
    return list(split_lines(data[:-1] if data.endswith(b"\n") else data, first=block.start == 0))


def block_line_count(block: Block) -> int:
    """Physical lines that start in ``block`` (the line numbers of later blocks follow from it)."""
    if block.whole or block.missing:
        return 1
    data = _block_bytes(block)
    return data.count(b"\n") + (bool(data) and not data.endswith(b"\n"))


def validate_block(block: Block, first_line: int, job: Job, part: str | None) -> list[list[dict]]:
    """Validate every log of ``block`` (run by a Dask worker, which reads the block itself): for each log its
    records.  With ``part`` the records go to that JSONL file and only each log's summary fields come back."""
    if block.missing:
        items = [(block.path, 0, "")]
    elif block.whole:
        items = [(block.path, 1, Path(block.path).read_text(encoding="utf-8-sig", errors="surrogateescape"))]
    else:
        items = [(block.path, first_line + i, text) for i, text in block_lines(block)]
    logs = [validate_item((src, line, text, job)) for src, line, text in items]
    if part is None:
        return logs
    with open(part, "w", encoding="utf-8") as fh:
        for records in logs:
            for r in records:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    return [[{k: v for k, v in records[0].items() if k in SUMMARY_FIELDS}] for records in logs]


SUMMARY_FIELDS = ("source", "line", "status", "first_violation", "error")


def run_dask(files: list[str], job: Job, address: str | None, jobs: int, output: str | None,
             progress) -> list[list[dict]]:
    """Validate ``files`` on Dask: on the scheduler at ``address``, or on a local cluster of ``jobs`` worker processes.

    The driver plans blocks of the input by file size; each worker reads its own blocks (a first pass counts their
    lines, so line numbers are exact), validates them and, with ``output``, writes one part file per block next to
    the output, which the driver then joins in input order (on a cluster the output's folder must be shared with the
    workers).  The records are the same, in the same order, as with ``--jobs``."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
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
        raise click.UsageError(_("cannot reach the Dask scheduler at {address}: {why}", address=address, why=e)) \
            from None
    try:
        with client:
            workers = max(1, len(client.ncores() or {}))
            total = sum(Path(f).stat().st_size for f in files if Path(f).exists())
            blocksize = max(64 * 1024, min(64 * 1024 * 1024, total // (4 * workers) + 1))
            blocks = plan_blocks(files, blocksize)
            counts = client.gather(client.map(block_line_count, blocks, pure=False))
            firsts, line = [], {}
            for b, n in zip(blocks, counts):
                if b.start == 0:
                    line[b.path] = 1
                firsts.append(line[b.path])
                line[b.path] += n
            parts_dir = None
            if output:
                parts_dir = Path(output).with_name(Path(output).name + ".parts")
                parts_dir.mkdir(exist_ok=True)
            parts = [str(parts_dir / f"part-{i:05d}.jsonl") if parts_dir else None for i in range(len(blocks))]
            futures = client.map(validate_block, blocks, firsts, [job] * len(blocks), parts, pure=False)
            index = {f.key: i for i, f in enumerate(futures)}
            done: list = [None] * len(blocks)
            for fut in as_completed(futures):
                done[index[fut.key]] = fut.result()
                for r in done[index[fut.key]]:
                    progress(r)
            results = [r for chunk in done for r in chunk]
    finally:
        if cluster is not None:
            cluster.close()
    if parts_dir is not None:
        with open(output, "w", encoding="utf-8") as out:
            for p in parts:
                with open(p, encoding="utf-8") as fh:
                    out.write(fh.read())
                os.remove(p)
        parts_dir.rmdir()
    return results


def summarise(results: list[dict], console: Console) -> None:
    by_status = Counter(r["status"] for r in results)
    by_rule = Counter(r["first_violation"]["rule"] for r in results if r["status"] == "invalid")
    table = Table(title=_("Validation summary"))
    table.add_column(_("result"))
    table.add_column(_("logs"), justify="right")
    table.add_row(_("valid"), str(by_status["valid"]))
    table.add_row(_("invalid"), str(by_status["invalid"]))
    for rule, n in sorted(by_rule.items()):
        table.add_row("  " + _("first violation {rule}", rule=rule), str(n))
    table.add_row(_("unreadable"), str(by_status["unreadable"]))
    console.print(table)
    bad = [r for r in results if r["status"] == "unreadable"]
    for r in bad[:50]:
        err = r["error"]
        detail = err.get("detail") or "; ".join(f"{e['pointer'] or '/'}: {e['detail']}" for e in err.get("errors", []))
        where = "{}:{}".format(r["source"], r["line"])
        console.print(_("unreadable {where}: {title}", where=where, title=err["title"])
                      + (f" — {detail}" if detail else ""))
    if len(bad) > 50:
        console.print(ngettext("... and {n} more unreadable line (see --output)",
                               "... and {n} more unreadable lines (see --output)", len(bad) - 50))
    for r in [r for r in results if r["status"] == "invalid"][:50]:
        v = r["first_violation"]
        where = "{}:{}".format(r["source"], r["line"])
        console.print(_("invalid {where}: event {index} ({event}) breaks {rule}: {message}",
                        where=where, index=v["index"], event=v["event"], rule=v["rule"],
                        message=v["message"]))


@main.command(help="Validate game logs: FILE.json, FILE.jsonl (one log a line), a folder, or - (JSONL on stdin).")
@click.argument("paths", nargs=-1, required=True)
@GAME
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write one JSON result per log (JSONL), in input order.")
@click.option("--jobs", "-j", type=click.IntRange(1, 1024), default=None, help="Worker processes (default: all cores).")
@click.option("--dask", "use_dask", is_flag=True, help="Run on Dask: a local cluster of --jobs workers, or --scheduler.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="The Dask scheduler to run on (e.g. tcp://10.0.0.5:8786); implies --dask.")
@click.option("--replay", type=click.Choice(["strict", "as_played"]), default=None,
              help="strict: stop judging a deal at its first illegal event; as_played: apply it as logged and judge "
                   "on, listing every violation (overrides each body's own \"replay\"; without it the body's holds, "
                   "else strict).")
@click.option("--per-deal", is_flag=True,
              help="Write one JSONL record per deal (its index, validity and totals) instead of one per log.")
def validate(paths, game, output, jobs, use_dask, scheduler, replay, per_deal):
    if output and any(p != "-" and Path(p).resolve() == Path(output).resolve() for p in paths):
        raise click.UsageError(_("--output would overwrite an input file"))
    if output:
        try:
            open(output, "a", encoding="utf-8").close()
        except OSError as e:
            raise click.UsageError(_("cannot write {path}: {why}", path=output, why=e.strerror)) from None
    missing = [p for p in paths if p != "-" and not Path(p).exists()]
    if missing:
        raise click.UsageError(_("no such file or folder: {path}", path=missing[0]))
    use_dask = use_dask or scheduler is not None
    if use_dask and "-" in paths:
        raise click.UsageError(_("Dask workers read the files themselves: give paths, not -"))
    jobs = jobs or os.cpu_count() or 1
    console = ERR
    job = Job(game, i18n.current(), replay, per_deal)
    files = list(input_files(paths)) if use_dask else []
    items = [] if use_dask else [(s, n, t, job) for s, n, t in iter_items(paths)]
    if not (files or items):
        raise click.UsageError(_("no game logs found (.json or .jsonl files, or JSONL on standard input)"))
    show = console.is_terminal and (len(items) > 1 or len(files) > 0)
    with Progress(TextColumn(_("validating")), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, disable=not show, transient=True) as bar:
        task = bar.add_task("logs", total=len(items) or None)

        def tick(r):
            bar.advance(task)
            return r
        if use_dask:
            logs = run_dask(files, job, scheduler, jobs, output, tick)
        else:
            logs = run_local(items, jobs, tick)
    if output and not use_dask:
        with open(output, "w", encoding="utf-8") as fh:
            for records in logs:
                for r in records:
                    fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    results = [records[0] for records in logs]     # the summary counts logs
    if not results:
        raise click.UsageError(_("no game logs found (.json or .jsonl files, or JSONL on standard input)"))
    summarise(results, Console(soft_wrap=True))
    if any(r["status"] != "valid" for r in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
