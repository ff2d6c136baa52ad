"""The rulebooks are read with libyaml's safe loader where PyYAML has it (start-up time): the data it gives each game's
rules.yaml is the same as PyYAML's own safe loader gives, key order and types included."""
import json
import pathlib

import pytest
import yaml

from referee import rulebook

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", ["thousand", "pinochle", "canasta"])
def test_libyaml_reads_each_rulebook_as_pyyaml_does(game):
    text = (ROOT / "referee" / game / "rules.yaml").read_text(encoding="utf-8")
    fast = yaml.load(text, Loader=rulebook._LOADER)  # noqa: S506  (a safe loader)
    plain = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506
    assert json.dumps(fast, default=repr) == json.dumps(plain, default=repr)     # order-sensitive


def test_the_safe_loader_is_used():
    assert rulebook._LOADER in (getattr(yaml, "CSafeLoader", None), yaml.SafeLoader)
    with pytest.raises(yaml.YAMLError):         # a safe loader refuses to build Python objects
        yaml.load("!!python/object/apply:os.system ['true']", Loader=rulebook._LOADER)  # noqa: S506
