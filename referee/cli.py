"""``referee`` command line: the engine without a server.

    referee score FILE [--game G]          one score request body → the answer (JSON)
    referee check FILE [--game G]          one check request body → the ruling
    referee validate PATH... [--game G]    game logs: a .json body, JSONL (one body a line), a folder, or -
    referee rules GAME [--variant V]       the rulebook
    referee variants GAME                  the variants and their options

``--lang ru`` (before the command, or ``REFEREE_LANG``) gives every text of the answers and the summaries in
Russian; English is the default.

A body may name its game in a top-level ``"game"`` key (the CLI removes it); otherwise ``--game``
says it.  ``validate`` runs on every core (``--jobs``), or on a Dask cluster (``--dask ADDRESS``),
shows a progress bar on a terminal, prints a summary, writes one JSONL result per log with
``--output``, and exits 1 when any log is invalid or unreadable (2 for a usage error).
"""
from __future__ import annotations

import json
import multiprocessing
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Iterable, Iterator

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from . import i18n, registry, service
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


def judge_text(text: str | bytes, endpoint: str, game: str | None, where: str = "") -> dict:
    """Judge one request body given as text or bytes.  Returns ``{"status", ...}``; never raises."""
    if isinstance(text, bytes) and text.startswith(b"\xef\xbb\xbf"):
        text = text[3:]
    elif isinstance(text, str):
        text = text.lstrip("\ufeff")
    try:
        body = parse_body(text)
        g, body = _split_game(body, game, where)
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

def iter_items(paths: Iterable[str]) -> Iterator[tuple[str, int, str]]:
    """Yield ``(source, line, text)`` for every log: a .json file is one body, a .jsonl file (or -)
    one body per non-blank line, a folder every .json/.jsonl file in it (sorted, recursively)."""
    for p in paths:
        if p == "-":
            for n, line in enumerate(sys.stdin, 1):
                if line.strip():
                    yield "-", n, line.rstrip("\r\n")
            continue
        path = Path(p)
        if path.is_dir():
            files = sorted(f for f in path.rglob("*") if f.suffix in (".json", ".jsonl") and f.is_file())
            yield from iter_items(map(str, files))
            continue
        if not path.exists():
            yield str(path), 0, ""  # reported as unreadable
            continue
        if path.suffix == ".json":
            yield str(path), 1, path.read_text(encoding="utf-8-sig", errors="surrogateescape")
            continue
        with path.open(encoding="utf-8-sig", errors="surrogateescape") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    yield str(path), n, line.rstrip("\r\n")


def validate_item(item: tuple[str, int, str, str | None]) -> dict:
    """Validate one log; the record written to ``--output`` (never raises)."""
    source, line, text, game, lang = item
    with i18n.language(lang):
        return _validate_item(source, line, text, game)


def _validate_item(source: str, line: int, text: str, game: str | None) -> dict:
    rec = {"source": source, "line": line}
    if line == 0:
        return {**rec, "status": "unreadable", "error": {"title": _("No such file")}}
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return {**rec, "status": "unreadable", "error": {"title": _("Malformed JSON"), "detail": _("not UTF-8")}}
    res = judge_text(text, "validate", game, f"{source}:{line}")
    if res["status"] != "ok":
        return {**rec, **res}
    a = res["answer"]
    final = a.get("final")
    rec.update({"status": "valid" if a["valid"] else "invalid", "game": a["game"], "variant": a["variant"],
                "events_checked": a["events_checked"], "first_violation": a["first_violation"],
                "violations": a["violations"],
                "final": ({p["id"]: p["total_after"] for p in final.get("players") or final["sides"]}
                          if final else None),
                "winner": final.get("winner") if final else None})
    return rec


def run_local(items: list, jobs: int, progress) -> list[dict]:
    if jobs <= 1 or len(items) < 2:
        return [progress(validate_item(it)) for it in items]
    chunk = max(1, min(64, len(items) // (jobs * 8) or 1))
    with multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork").Pool(jobs) as pool:
        return [progress(r) for r in pool.imap(validate_item, items, chunksize=chunk)]


def run_dask(items: list, address: str) -> list[dict]:
    try:
        import dask.bag as db
        from dask.distributed import Client
    except ImportError:
        raise click.UsageError(_("Dask is not installed: pip install 'referee[dask]'")) from None
    try:
        client = Client(address, timeout="15s")
    except (OSError, TimeoutError) as e:
        raise click.UsageError(_("cannot reach the Dask scheduler at {address}: {why}", address=address, why=e)) from None
    with client:
        bag = db.from_sequence(items, npartitions=max(1, min(len(items), 8 * len(client.ncores() or [1]))))
        return bag.map(validate_item).compute()


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
@click.option("--dask", "dask_address", default=None, help="Run on the Dask scheduler at this address.")
def validate(paths, game, output, jobs, dask_address):
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
    items = [(s, n, t, game, i18n.current()) for s, n, t in iter_items(paths)]
    if not items:
        raise click.UsageError(_("no game logs found (.json or .jsonl files, or JSONL on standard input)"))
    console = ERR
    if dask_address:
        results = run_dask(items, dask_address)
    else:
        jobs = jobs or os.cpu_count() or 1
        show = console.is_terminal and len(items) > 1
        with Progress(TextColumn("validating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=console, disable=not show, transient=True) as bar:
            task = bar.add_task("logs", total=len(items))

            def tick(r):
                bar.advance(task)
                return r
            results = run_local(items, jobs, tick)
    if output:
        with open(output, "w", encoding="utf-8") as fh:
            for r in results:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    summarise(results, Console(soft_wrap=True))
    if any(r["status"] != "valid" for r in results):
        sys.exit(1)


if __name__ == "__main__":
    main()
