"""Every module setup.py names for the compiled build exists.

The list is written by hand; a module deleted or renamed without it breaks `make fast` (and CI's
compiled phase) with mypyc's "Cannot read file", long after the pure tests pass.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compiled_modules() -> list[str]:
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return [str(v) for v in value]
    raise AssertionError("setup.py has no COMPILED list")


def test_every_compiled_module_exists() -> None:
    names = compiled_modules()
    assert names, "setup.py's COMPILED list is empty"
    missing = [n for n in names if not (ROOT / "src" / n).is_file()]
    assert missing == []


def test_no_module_is_compiled_twice() -> None:
    names = compiled_modules()
    assert len(names) == len(set(names))
