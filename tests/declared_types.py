"""The types a class declares for its attributes, read from its module's source.

Under mypyc a compiled dataclass keeps one run-time type per attribute in ``__annotations__`` (``int | None`` and
``Literal[...]`` read as ``type``), so ``typing.get_type_hints`` cannot see what the source says.  The ``.py`` file
is the same in both builds: its class body's annotations, evaluated in the module's namespace, are what
``typing.get_type_hints`` gives for the pure Python.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path


def declared_hints(cls: type) -> dict[str, object]:
    """``{attribute: type}`` as the class body of ``cls`` declares them, in the order written."""
    module = sys.modules[cls.__module__]
    package, _, name = cls.__module__.rpartition(".")
    source = Path(sys.modules[package].__file__).with_name(name + ".py")    # a compiled module's __file__ is not it
    tree = ast.parse(source.read_text(encoding="utf-8"))
    body = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == cls.__name__)
    namespace = dict(vars(module))
    return {node.target.id: eval(ast.unparse(node.annotation), namespace)  # noqa: S307  # the project's own source
            for node in body.body if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)}
