"""One English text is one entry of the Russian catalog, so it must mean one thing wherever the code uses it.  Option
labels are read by every answer that lists a variant's options: a page text that happens to share one of them must
not change it (the page's «What froze the pile: nothing» once turned Thousand's «ничего» into «ничем»)."""
from __future__ import annotations

import json
import re

from wsgi import create_app


def test_an_option_label_keeps_its_russian_beside_the_pages_texts():
    client = create_app().test_client()
    variant = client.get("/v1/games/thousand/variants/russian-classic", headers={"Accept-Language": "ru"}).get_json()
    labels = {o["name"]: o.get("labels") for o in variant["options"]}
    assert labels["rospis_declarer"]["nothing"] == "ничего"
    page = client.get("/?lang=ru").get_data(as_text=True)
    config = json.loads(re.search(r'<script type="application/json" id="config">(.*?)</script>', page, re.S).group(1))
    assert config["quick"]["texts"]["not_frozen"] == "не заморожен"
