"""Write deploy/nginx/problems/<status>.<language>.json: the problem+json bodies of the answers nginx gives itself
(the error_page lines of referee.conf), in the catalog's words and as the app would give them.

    .venv/bin/python deploy/nginx/make_problems.py

Run it after changing one of wsgi.FRAMING's texts or a translation of them; tests/test_proxy.py checks that the
files are up to date.
"""
from __future__ import annotations

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = pathlib.Path(__file__).resolve().parent / "problems"
STATUSES = (400, 404, 408, 413, 414, 429, 431, 500, 501, 502, 503, 504, 505)   # referee.conf's error_page lines
LINE = 8190        # large_client_header_buffers 4 8k: a request line of 8 KiB with its CRLF


def bodies() -> dict[str, str]:
    """File name -> body, for every status of :data:`STATUSES` and every language of the catalog."""
    sys.path.insert(0, str(ROOT))
    import wsgi
    from referee import i18n

    out = {}
    for lang in i18n.LANGUAGES:
        with i18n.language(lang):
            for status in STATUSES:
                out[f"{status}.{lang}.json"] = json.dumps(wsgi.framing_problem(status, line=LINE),
                                                          ensure_ascii=False) + "\n"
    return out


def main() -> None:
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    for name, text in bodies().items():
        (OUT / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(list(OUT.glob('*.json')))} files to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
