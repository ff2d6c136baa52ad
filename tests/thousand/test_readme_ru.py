"""The Thousand examples in Russian of the README and of docs/thousand.md are real: each ```bash curl with an
Accept-Language header is replayed with that header, and its shown answer must be a subset of the real one
(tests/test_readme.py replays every example of README.md and docs/*.md; this one insists on the Russian ones)."""
import json
import pathlib
import re

import pytest

from tests.doc_examples import subset

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
GUIDE = (ROOT / "docs" / "thousand.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```bash\n(curl [^`]*?/v1/games/thousand/[^`]*?)\n```\s*```json\n(.*?)\n```", re.S)
EXAMPLES = [(cmd, answer) for text in (README, GUIDE) for cmd, answer in BLOCK.findall(text) if "Accept-Language" in cmd]


def test_the_readme_and_the_guide_have_a_russian_thousand_answer():
    for text in (README, GUIDE):
        assert any("Accept-Language: ru" in cmd for cmd, _ in BLOCK.findall(text))


@pytest.mark.parametrize("cmd,answer", EXAMPLES, ids=[f"example{i}" for i in range(len(EXAMPLES))])
def test_russian_readme_example(client, cmd, answer):
    path = re.search(r"http://127\.0\.0\.1:8000([^\s']*)", cmd).group(1)
    lang = re.search(r"-H 'Accept-Language: ([^']+)'", cmd).group(1)
    body = re.search(r"-d '(.*)'\s*$", cmd, re.S).group(1)
    r = client.post(path, data=body.encode("utf-8"),
                    headers={"Content-Type": "application/json", "Accept-Language": lang})
    assert r.headers["Content-Language"] == lang
    subset(json.loads(answer), r.get_json())
