"""Rewrite the answer examples in openapi.yaml from what the app really answers to the request examples.

Run after changing what answers contain: `.venv/bin/python scripts/refresh_openapi_examples.py`.
An answer example `<Game><Endpoint>Answer<Name>` is regenerated from `<Game><Endpoint>Request<Name>`;
the long options echo is cut to the options the request set.  tests/test_openapi.py checks the result.
"""
import pathlib
import re
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from wsgi import app  # noqa: E402

PATH = ROOT / "openapi.yaml"
text = PATH.read_text(encoding="utf-8")
spec = yaml.safe_load(text)
client = app.test_client()
examples = spec["components"]["examples"]
for name, ex in examples.items():
    m = re.fullmatch(r"(Thousand|Pinochle|Canasta)(Score|Check|Validate)Request(\w+)", name)
    if not m:
        continue
    answer_name = f"{m[1]}{m[2]}Answer{m[3]}"
    body = ex["value"]
    r = client.post(f"/v1/games/{m[1].lower()}/{m[2].lower()}", json=body)
    assert r.status_code == 200, (name, r.get_json())
    ans = r.get_json()
    ans["options"] = {k: v for k, v in ans["options"].items() if k in (body.get("options") or {})}
    value = yaml.safe_dump(ans, sort_keys=False, allow_unicode=True, width=110)
    value = "\n".join("        " + ln for ln in value.rstrip("\n").split("\n"))
    block = re.compile(rf"(\n    {answer_name}:\n(?:      [^\n]*\n|        [^\n]*\n)*?      value:\n)(.*?)(?=\n {{0,5}}\S|\Z)", re.S)
    text, n = block.subn(lambda mm: mm[1] + value, text)
    assert n == 1, answer_name
PATH.write_text(text, encoding="utf-8")
print("examples refreshed")
