"""The curl examples of the README and the guides (read once), and matching a documented answer against the real
one, shared by the tests that replay the README, the guides and the examples of openapi.yaml: an answer may leave keys out, and a shown list is a selection of the actual items, in
order, but every key it shows must have the value shown."""
import pathlib
import re
import shlex
from typing import NamedTuple

ROOT = pathlib.Path(__file__).resolve().parent.parent


def subset(shown, actual, where="$"):
    if isinstance(shown, dict):
        assert isinstance(actual, dict), where
        for k, v in shown.items():
            assert k in actual, f"{where}.{k} missing"
            subset(v, actual[k], f"{where}.{k}")
    elif isinstance(shown, list):
        assert isinstance(actual, list), where
        # a shown list is a selection of the actual items, in order
        it = iter(actual)
        for i, v in enumerate(shown):
            for a in it:
                try:
                    subset(v, a, f"{where}[{i}]")
                    break
                except AssertionError:
                    continue
            else:
                raise AssertionError(f"{where}[{i}] not found in order")
    else:
        assert shown == actual, f"{where}: the docs show {shown!r}, service says {actual!r}"


DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SERVICE = "http://127.0.0.1:8000"
SHELLS = {"sh", "bash", "shell", "console", "zsh"}
FENCE = re.compile(r"^```([\w+-]*)[^\n]*\n(.*?)^```[ \t]*$", re.S | re.M)


def rel(path: pathlib.Path) -> str:
    return path.relative_to(ROOT).as_posix()


class Example(NamedTuple):
    file: str
    line: int
    cmd: str
    answer: str | None  # the json block shown after it; None when there is none


def examples_of(text: str, file: str = "README.md") -> list[Example]:
    """Every curl example of a Markdown text, with the answer shown after it."""
    blocks = list(FENCE.finditer(text))
    found = []
    for i, b in enumerate(blocks):
        lang, body = b.group(1).lower(), b.group(2).strip()
        body = re.sub(r"^\$\s+", "", body)
        if lang not in SHELLS or not body.startswith("curl ") or SERVICE not in body:
            continue
        answer = None
        if i + 1 < len(blocks):
            nxt = blocks[i + 1]
            between = text[b.end():nxt.start()]
            if nxt.group(1).lower() == "json" and not re.search(r"^#", between, re.M):
                answer = nxt.group(2)
        found.append(Example(file, text.count("\n", 0, b.start()) + 1, body, answer))
    return found


def all_examples() -> list[Example]:
    return [ex for path in DOC_FILES for ex in examples_of(path.read_text(encoding="utf-8"), rel(path))]


EXAMPLES = [ex for ex in all_examples() if ex.answer is not None]


class Curl(NamedTuple):
    method: str
    path: str
    headers: dict
    body: bytes | None


def parse_curl(cmd: str) -> Curl:
    """The request of a curl command as the guides write it (``-s``, ``-H``, ``-d``/``--data*`` inline or
    ``@file`` from the repository's root, ``-X``, ``--json``)."""
    args = shlex.split(cmd.replace("\\\n", " "))
    assert args[0] == "curl", cmd
    method, url, headers, body = None, None, {}, None
    it = iter(args[1:])
    for a in it:
        if a in ("-s", "-S", "-sS", "--silent", "--show-error", "--fail", "-f"):
            continue
        if a in ("-H", "--header"):
            name, value = next(it).split(":", 1)
            headers[name.strip()] = value.strip()
        elif a in ("-d", "--data", "--data-raw", "--data-binary", "--json"):
            data = next(it)
            if data.startswith("@") and a != "--data-raw":
                data = (ROOT / data[1:]).read_text(encoding="utf-8")
            body = data.encode("utf-8")
            if a == "--json":
                headers.setdefault("Content-Type", "application/json")
                headers.setdefault("Accept", "application/json")
        elif a in ("-X", "--request"):
            method = next(it)
        elif a.startswith(SERVICE) and url is None:
            url = a
        else:
            raise AssertionError(f"the test cannot replay {a!r} in: {cmd[:120]}")
    assert url, f"no {SERVICE} URL in: {cmd[:120]}"
    return Curl(method or ("POST" if body is not None else "GET"), url[len(SERVICE):] or "/", headers, body)


def headers_of(cmd: str) -> dict:
    """The ``-H 'Name: value'`` headers of a curl command."""
    return parse_curl(cmd).headers
