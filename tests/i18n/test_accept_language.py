"""Accept-Language: the language an answer is written in, with regional tags and q-values."""
import pytest


# Found by a black-box probe of the running service (issue 20, hardening round 2).
@pytest.mark.parametrize("accept,lang", [("ru-RU, en;q=0.5", "ru"), ("de, ru-RU;q=0.8, en;q=0.7", "ru"),
                                         ("en-GB, ru;q=0.9", "en"), ("ru;q=0, en;q=0.1", "en"), ("ru-RU;q=0", "en")])
def test_a_regional_tag_counts_with_its_q_value(client, accept, lang):
    # "ru-RU, en;q=0.5" was answered in English: werkzeug matched en exactly and ru-RU not at all
    assert client.get("/healthz", headers={"Accept-Language": accept}).headers["Content-Language"] == lang
