"""The README's examples are real: each curl request is replayed and its shown answer must match
(the README may leave keys out of an answer, but every key it shows must have the value shown)."""
import json
import pathlib
import re

import pytest

README = (pathlib.Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```sh\n(curl [^`]*?)\n```\s*```json\n(.*?)\n```", re.S)
EXAMPLES = BLOCK.findall(README)


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
        assert shown == actual, f"{where}: README shows {shown!r}, service says {actual!r}"


def test_readme_has_examples_for_every_endpoint():
    paths = {re.search(r"http://127\.0\.0\.1:8000(/[^\s']*)", cmd).group(1).split("?")[0] for cmd, _ in EXAMPLES}
    for p in ["/healthz", "/v1/games", "/v1/games/thousand/variants/polish", "/v1/games/thousand/rules",
              "/v1/games/thousand/score", "/v1/games/thousand/check", "/v1/games/thousand/validate"]:
        assert p in paths
    assert "./scripts/serve" in README and "./scripts/test" in README


def headers_of(cmd: str) -> dict:
    """The ``-H 'Name: value'`` headers of a curl command."""
    return dict(h.split(": ", 1) for h in re.findall(r"-H '([^']*)'", cmd))


@pytest.mark.parametrize("cmd,answer", EXAMPLES, ids=[f"example{i}" for i in range(len(EXAMPLES))])
def test_readme_example(client, cmd, answer):
    path = re.search(r"http://127\.0\.0\.1:8000([^\s']*)", cmd).group(1)
    m = re.search(r"-d '(.*)'\s*$", cmd, re.S)
    headers = headers_of(cmd)
    if m:
        r = client.post(path, data=m.group(1), headers={"Content-Type": "application/json", **headers})
    else:
        r = client.get(path, headers=headers)
    subset(json.loads(answer), r.get_json())
    if "Accept-Language" in headers:
        assert r.headers["Content-Language"] == headers["Accept-Language"].split(",")[0].split("-")[0]
