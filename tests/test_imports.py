"""No import cycle in shiftdrive, and every module imports alone.

The graph is read from the source (ast): every `import` and `from ... import` of a shiftdrive
module, at module level and inside functions, except under `if TYPE_CHECKING:` (never run).
The rules must never import their bot, nor the engine a ruleset, and so on: a module that
imports one that imports it back works or fails depending on which is imported first.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import shiftdrive
from conftest import pure_only

SRC = Path(shiftdrive.__file__).resolve().parent.parent
PACKAGE = "shiftdrive"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {
    module_name(p): p for p in sorted((SRC / PACKAGE).rglob("*.py")) if "__pycache__" not in p.parts
}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under `node`, leaving out the body of `if TYPE_CHECKING:`."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from _imports_of(other)
            continue
        yield from _imports_of(child)


def _imports_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    yield from _imports(node)


def _resolve(module: str, node: ast.ImportFrom) -> str:
    """The absolute name `from ... import` reads from (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    is_package = MODULES[module].name == "__init__.py"
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _known(name: str) -> str | None:
    """The shiftdrive module `name` is, or the nearest enclosing one."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def imported(module: str, source: str) -> set[str]:
    """The shiftdrive modules `module` (whose text is `source`) imports."""
    targets: set[str] = set()
    for node in _imports(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = _resolve(module, node)
            # `from pkg import mod` imports the module pkg.mod; `from mod import name`, mod
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        for name in names:
            if name == PACKAGE or name.startswith(PACKAGE + "."):
                target = _known(name)
                if target is not None and target != module:
                    targets.add(target)
    return targets


def import_graph() -> dict[str, set[str]]:
    """Module -> the shiftdrive modules it imports."""
    return {m: imported(m, path.read_text(encoding="utf-8")) for m, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group of modules (Tarjan), as a path that
    ends where it starts."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return [_a_cycle(graph, group) for group in sorted(groups)]


def _a_cycle(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """A shortest cycle through the group's first module, staying inside the group."""
    start = group[0]
    members = set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & members):
            if w == start:
                return [*paths[v], start]
            if w not in paths:
                paths[w] = [*paths[v], w]
                queue.append(w)
    raise AssertionError(f"no cycle through {start}")  # a strongly connected group has one


SAMPLE = """
from shiftdrive.engine.events import Event
from shiftdrive.core import dice
from typing import TYPE_CHECKING
from . import overrides
if TYPE_CHECKING:
    from shiftdrive.engine.ruleset import Turn
else:
    from shiftdrive.engine.choices import Choice
def later():
    import shiftdrive.maps.paths
"""


def test_the_graph_is_read_from_the_source() -> None:
    assert imported("shiftdrive.engine.actions", SAMPLE) == {
        "shiftdrive.engine.events",
        "shiftdrive.core.dice",  # a module imported from its package
        "shiftdrive.engine.overrides",  # relative
        "shiftdrive.engine.choices",  # `else` of TYPE_CHECKING runs
        "shiftdrive.maps.paths",  # inside a function
    }
    graph = import_graph()
    assert set(graph) == set(MODULES)
    assert "shiftdrive.engine.ruleset" in graph["shiftdrive.engine.encounter"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set()}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle() -> None:
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


IMPORT_EACH_ALONE = """
import importlib, sys, traceback
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "shiftdrive" or m.startswith("shiftdrive.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception:
        failed.append(name + ":\\n" + traceback.format_exc(limit=-3))
print("\\n".join(failed))
sys.exit(1 if failed else 0)
"""


@pure_only  # a compiled module cannot be imported again once removed from sys.modules
def test_every_module_imports_alone() -> None:
    """Each module imported first, in a clean interpreter (one process, modules cleared
    between imports): a cycle that works only in one order fails here in the other."""
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_EACH_ALONE, *sorted(MODULES)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, f"modules that do not import alone:\n{run.stdout}{run.stderr}"
