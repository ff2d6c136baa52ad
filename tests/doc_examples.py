"""Matching a documented answer against the real one, shared by the tests that replay the README, the guides and
the examples of openapi.yaml: an answer may leave keys out, and a shown list is a selection of the actual items, in
order, but every key it shows must have the value shown."""
import pathlib

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
