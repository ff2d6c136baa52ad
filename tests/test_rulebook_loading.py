"""The rulebooks are read with libyaml's safe loader where PyYAML has it (start-up time): the data it gives each game's
rules.yaml is the same as PyYAML's own safe loader gives, key order and types included.  After the first read a JSON
copy kept like Python's bytecode (``__pycache__`` or PYTHONPYCACHEPREFIX) is read instead, only while it was made
from the same bytes and gives the same data."""
import hashlib
import json
import pathlib

import pytest
import yaml

from referee import rulebook

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", ["thousand", "pinochle", "canasta"])
def test_libyaml_reads_each_rulebook_as_pyyaml_does(game):
    text = (ROOT / "referee" / game / "rules.yaml").read_text(encoding="utf-8")
    fast = yaml.load(text, Loader=rulebook.yaml_loader())  # noqa: S506  (a safe loader)
    plain = yaml.load(text, Loader=yaml.SafeLoader)  # noqa: S506
    assert json.dumps(fast, default=repr) == json.dumps(plain, default=repr)     # order-sensitive


def test_the_safe_loader_is_used():
    assert rulebook.yaml_loader() in (getattr(yaml, "CSafeLoader", None), yaml.SafeLoader)
    with pytest.raises(yaml.YAMLError):         # a safe loader refuses to build Python objects
        yaml.load("!!python/object/apply:os.system ['true']", Loader=rulebook.yaml_loader())  # noqa: S506


# -- the JSON copy kept beside the bytecode (referee.kept) ----------------------------------------------------------

@pytest.fixture
def cache_prefix(tmp_path, monkeypatch):
    """Python writing bytecode under ``tmp_path/prefix`` (PYTHONPYCACHEPREFIX): the kept copies go there too."""
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    monkeypatch.setattr("sys.pycache_prefix", str(tmp_path / "prefix"))
    return tmp_path / "prefix"


def _copy_of(path, prefix, suffix=".json"):
    return pathlib.Path(str(prefix) + str(path.resolve().parent)) / (path.name + suffix)


def _payload(copy):
    digest, _, payload = copy.read_bytes().partition(b"\n")
    return digest.decode(), payload


@pytest.mark.parametrize("game", ["thousand", "pinochle", "canasta"])
def test_a_rulebook_read_through_its_copy_is_the_rulebook_read_from_yaml(game, cache_prefix):
    path = ROOT / "referee" / game / "rules.yaml"
    from_yaml = rulebook.Rulebook.load(path)                # no copy yet: read from the YAML, the copy written
    digest, payload = _payload(_copy_of(path, cache_prefix))
    assert digest == hashlib.sha256(path.read_bytes()).hexdigest()
    assert json.loads(payload) == yaml.load(path.read_text(encoding="utf-8"), Loader=rulebook.yaml_loader())  # noqa: S506
    from_copy = rulebook.Rulebook.load(path)
    assert from_copy.rules == from_yaml.rules and from_copy.sources == from_yaml.sources
    assert list(from_copy.rules) == list(from_yaml.rules)   # the rules' order too (GET /rules lists them so)


def _rulebook_file(tmp_path, text):
    path = tmp_path / "book" / "rules.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_copy_is_what_is_read_once_it_is_there(tmp_path, cache_prefix):
    path = _rulebook_file(tmp_path, "format: 2\ngame: g\nedition: '1'\n")
    rulebook.read_rulebook_data(path)
    copy = _copy_of(path, cache_prefix)
    digest, _ = _payload(copy)
    copy.write_bytes(digest.encode() + b'\n{"format": 2, "game": "g", "edition": "from the copy"}')
    assert rulebook.read_rulebook_data(path)["edition"] == "from the copy"


def test_an_edited_rulebook_is_read_afresh_not_from_its_old_copy(tmp_path, cache_prefix):
    path = _rulebook_file(tmp_path, "format: 2\ngame: g\nedition: '1'\n")
    assert rulebook.read_rulebook_data(path)["edition"] == "1"
    path.write_text("format: 2\ngame: g\nedition: '2'\n", encoding="utf-8")
    assert rulebook.read_rulebook_data(path)["edition"] == "2"
    assert json.loads(_payload(_copy_of(path, cache_prefix))[1])["edition"] == "2"   # the copy made again


@pytest.mark.parametrize("kept", [b"", b"0" * 64, b"0" * 64 + b"\n{}", b"x" * 200])
def test_a_damaged_or_foreign_copy_is_ignored_and_made_again(tmp_path, cache_prefix, kept):
    path = _rulebook_file(tmp_path, "format: 2\ngame: g\nedition: '1'\n")
    copy = _copy_of(path, cache_prefix)
    copy.parent.mkdir(parents=True)
    copy.write_bytes(kept)
    assert rulebook.read_rulebook_data(path) == {"format": 2, "game": "g", "edition": "1"}
    assert _payload(copy)[0] == hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_copy_whose_digest_is_not_followed_by_its_line_end_is_not_used(tmp_path, cache_prefix):
    path = _rulebook_file(tmp_path, "format: 2\ngame: g\n")
    copy = _copy_of(path, cache_prefix)
    copy.parent.mkdir(parents=True)
    copy.write_bytes(hashlib.sha256(path.read_bytes()).hexdigest().encode() + b'{"game": "forged"}')
    assert rulebook.read_rulebook_data(path)["game"] == "g"


def test_data_json_cannot_hold_exactly_is_never_copied(tmp_path, cache_prefix):
    # a number as a key and a date would come back from JSON as strings; not-a-number is no JSON
    for text in ("format: 2\n1: one\n", "format: 2\nedition: 2026-12-06\n", "format: 2\nx: .nan\n"):
        path = _rulebook_file(tmp_path, text)
        data = rulebook.read_rulebook_data(path)
        assert not _copy_of(path, cache_prefix).exists()
        again = rulebook.read_rulebook_data(path)
        assert json.dumps(again, default=str) == json.dumps(data, default=str) == json.dumps(yaml.safe_load(text), default=str)


def test_no_copy_where_python_writes_no_bytecode(tmp_path, cache_prefix, monkeypatch):
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    path = _rulebook_file(tmp_path, "format: 2\ngame: g\n")
    assert rulebook.read_rulebook_data(path) == {"format": 2, "game": "g"}
    assert not _copy_of(path, cache_prefix).exists()


def test_a_folder_that_cannot_be_written_leaves_the_yaml_read_each_time(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setattr("sys.pycache_prefix", str(blocker))     # the copy's folder would be under a file: mkdir fails
    path = _rulebook_file(tmp_path, "format: 2\ngame: g\n")
    assert rulebook.read_rulebook_data(path) == {"format": 2, "game": "g"}
    assert rulebook.read_rulebook_data(path) == {"format": 2, "game": "g"}
    assert not list(tmp_path.rglob("*.tmp"))


def test_without_a_prefix_the_copy_sits_in_pycache_beside_the_rulebook(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    monkeypatch.setattr("sys.pycache_prefix", None)
    path = _rulebook_file(tmp_path, "format: 2\ngame: g\n")
    rulebook.read_rulebook_data(path)
    assert (path.parent / "__pycache__" / "rules.yaml.json").is_file()


def test_the_russian_catalog_read_through_its_compiled_copy_translates_as_the_po_does(cache_prefix):
    from referee import i18n
    po = i18n.LOCALE_DIR / "ru" / "LC_MESSAGES" / "messages.po"
    i18n.translations.cache_clear()
    try:
        fresh = i18n.translations("ru")                     # compiled from the .po, the copy written
        digest, mo = _payload(_copy_of(po, cache_prefix, ".mo"))
        assert digest == hashlib.sha256(po.read_bytes()).hexdigest() and mo[:4] == b"\xde\x12\x04\x95"  # .mo magic
        i18n.translations.cache_clear()
        kept = i18n.translations("ru")                      # read from the copy
        assert kept is not fresh
        for msgid in ("Sits this deal out", "The referee failed on this log"):
            assert kept.gettext(msgid) == fresh.gettext(msgid) != msgid
        assert kept.gettext("Sits this deal out") == "Пропускает сдачу"
    finally:
        i18n.translations.cache_clear()


def test_a_start_with_every_copy_kept_reads_no_yaml(tmp_path):
    """PyYAML is loaded only to read a rulebook's YAML: once the copies are kept, the engine starts without it (the
    first process writes them and needs it; the second, reading them, does not)."""
    import os
    import subprocess
    import sys
    code = ("import sys, referee.registry as r; [r.get(g) for g in r.GAMES]; "
            "print('yaml' in sys.modules)")
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(tmp_path / "prefix")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert (first.stdout.strip(), second.stdout.strip()) == ("True", "False")
