"""Rewrite the answer examples in openapi.yaml from what the app really answers to the request examples.

Run after changing what answers contain: `.venv/bin/python scripts/refresh_openapi_examples.py [GAME ...]` (only the
POST examples of the games named, when any are; the GET examples are refreshed only when no game is named or the
game is canasta, and GamesIndex always).
An answer example `<Game><Endpoint>Answer<Name>` is regenerated from `<Game><Endpoint>Request<Name>`;
the long options echo is cut to the options the request set.  The GET examples GamesIndex, CanastaVariantClassic
and CanastaRules (the rules it already shows) are regenerated too.  tests/test_openapi.py checks the result.
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
only = {g.lower() for g in sys.argv[1:]}
for name, ex in examples.items():
    m = re.fullmatch(r"(Thousand|Pinochle|Canasta)(Score|Check|Validate)Request(\w+)", name)
    if not m or (only and m[1].lower() not in only):
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

# ---------------------------------------------------------------- GET examples, in the file's compact YAML style
import json
import sys

import yaml


def scalar(x):
    return not isinstance(x, (list, dict))


def flat(x):
    return scalar(x) or (isinstance(x, list) and all(scalar(i) for i in x))


class D(yaml.SafeDumper):
    pass


def rep_list(d, data):
    return d.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=all(scalar(i) for i in data))


def rep_dict(d, data):
    small = all(flat(v) for v in data.values()) and len(json.dumps(data)) < 90 and d._in_list
    return d.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=small)


D.add_representer(list, rep_list)
D.add_representer(dict, rep_dict)


def dump(value, indent, in_list_flow=True):
    D._in_list = False

    class DD(D):
        pass

    def rep_list2(d, data):
        if all(scalar(i) for i in data):
            return d.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=True)
        node = yaml.SequenceNode("tag:yaml.org,2002:seq", [], flow_style=False)
        for i in data:
            if isinstance(i, dict) and all(flat(v) for v in i.values()) and len(json.dumps(i)) < 90:
                node.value.append(d.represent_mapping("tag:yaml.org,2002:map", i.items(), flow_style=True))
            else:
                node.value.append(d.represent_data(i))
        return node

    def rep_dict2(d, data):
        return d.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=False)

    DD.add_representer(list, rep_list2)
    DD.add_representer(dict, rep_dict2)
    s = yaml.dump(value, Dumper=DD, sort_keys=False, allow_unicode=True, width=110)
    return "\n".join(" " * indent + ln for ln in s.rstrip("\n").split("\n"))



gets = {"GamesIndex": client.get("/v1/games").get_json()}
totals = {}
for game, variant in (("thousand", "russian-classic"), ("pinochle", "two-handed"), ("canasta", "classic")):
    if only and game not in only:
        continue
    name = f"{game.capitalize()}Rules"
    shown = [r["id"] for r in examples[name]["value"]["rules"]]
    rules = client.get(f"/v1/games/{game}/rules").get_json()
    totals[name] = len(rules["rules"])
    rules["rules"] = [r for r in rules["rules"] if r["id"] in shown]
    cited = {s["source"] for r in rules["rules"] for s in r["source"]}
    rules["sources"] = [s for s in rules.get("sources", []) if s["id"] in cited]
    gets[name] = rules
if not only or "canasta" in only:
    gets["CanastaVariantClassic"] = client.get("/v1/games/canasta/variants/classic").get_json()
for name, value in gets.items():
    block = re.compile(rf"(\n    {name}:\n(?:      [^\n]*\n)*?      value:\n)(.*?)(?=\n {{0,5}}\S|\Z)", re.S)
    text, n = block.subn(lambda mm: mm[1] + dump(value, 8), text)
    assert n == 1, name
for name, total in totals.items():
    text = re.sub(rf"(    {name}:\n      summary: [^\n]*?\(3 of its )\d+( rules shown)",
                  lambda mm: f"{mm[1]}{total}{mm[2]}", text)
PATH.write_text(text, encoding="utf-8")
print("examples refreshed")
