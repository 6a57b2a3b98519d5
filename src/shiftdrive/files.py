"""Files in and out: scenario YAML, saved encounters. The one module that touches the disk for
the engine; the CLI (and the server) use it, the engine and rulesets never do."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import yaml

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.encounter import Encounter, SaveFileError, check_save
from shiftdrive.engine.loading import load_encounter
from shiftdrive.engine.scenario import ScenarioError

#: Limits on what a file may hold: far beyond any table's fight, short of a hang. A scenario
#: is read by PyYAML's own (pure Python) reader at a few hundred kilobytes a second; the
#: largest a table needs (a 2,000-hex map's terrain) is some 50 kB.
MAX_SCENARIO_BYTES: Final = 256_000
MAX_SAVE_BYTES: Final = 50_000_000
MAX_DEPTH: Final = 40


class _ScenarioLoader(yaml.SafeLoader):
    """Safe YAML with only what a scenario needs: mappings, lists, text, numbers, booleans,
    null. No anchors or aliases (a few bytes of them expand past any memory), no dates
    (read as text), no sets or binary; nesting is refused as soon as it passes MAX_DEPTH,
    before the rest of the file is read."""

    depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.MarkedYAMLError(
                problem="anchors and aliases (&name, *name) are not allowed in a scenario",
                problem_mark=event.start_mark,
            )
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH + 1:  # the file's own mapping is not a level
                event = self.peek_event()  # type: ignore[no-untyped-call]
                raise yaml.MarkedYAMLError(
                    problem=f"nested deeper than {MAX_DEPTH} levels", problem_mark=event.start_mark
                )
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


_ScenarioLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if not tag.endswith(":timestamp")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _refuse_tag(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    raise yaml.MarkedYAMLError(
        problem=f"the YAML type {node.tag} is not used in scenarios", problem_mark=node.start_mark
    )


for _tag in ("set", "binary", "timestamp", "omap", "pairs"):
    _ScenarioLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _refuse_tag)
_ScenarioLoader.add_constructor(None, _refuse_tag)


def plain_data_problem(data: Any, limit: int = MAX_DEPTH) -> str | None:
    """Where data is not plain JSON-like data within `limit` levels, and why; None if it is."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > limit:
            return f"{where or 'the file'}: nested deeper than {limit} levels"
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    return f"{where or 'the file'}: the key {key!r} must be text"
                stack.append((item, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, float) and value != value:
            return f"{where}: not a number (nan)"
        elif value is not None and not isinstance(value, str | int | float | bool):
            return f"{where}: a {type(value).__name__} is not scenario data"
    return None


def read_yaml(path: Path) -> Mapping[str, Any]:
    """Read a scenario file's YAML, refusing anything but plain data under a mapping, and
    files or structures beyond the limits above (each refusal names the file and why)."""
    source = str(path)
    try:
        if path.stat().st_size > MAX_SCENARIO_BYTES:
            raise ScenarioError(
                [("", f"is larger than {MAX_SCENARIO_BYTES:,} bytes: not a scenario")], source
            )
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError([("", "file not found")], source) from None
    except IsADirectoryError:
        raise ScenarioError([("", "is a directory, not a scenario file")], source) from None
    except UnicodeDecodeError as exc:
        raise ScenarioError([("", f"is not UTF-8 text (byte {exc.start})")], source) from None
    except OSError as exc:
        raise ScenarioError([("", f"cannot read the file: {exc.strerror}")], source) from None
    return parse_yaml(text, source)


def parse_yaml(text: str, source: str) -> Mapping[str, Any]:
    """Scenario YAML text to data (see `read_yaml`)."""
    try:
        data = yaml.load(text, Loader=_ScenarioLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "somewhere"
        raise ScenarioError([("", f"not valid YAML at {where}: {exc.problem}")], source) from None
    except yaml.YAMLError as exc:
        raise ScenarioError([("", f"not valid YAML: {exc}")], source) from None
    except RecursionError:
        raise ScenarioError([("", f"nested deeper than {MAX_DEPTH} levels")], source) from None
    except ValueError:  # an integer of thousands of digits
        raise ScenarioError([("", "holds a number too long to read")], source) from None
    if not isinstance(data, dict):
        raise ScenarioError([("", "the file must hold a mapping with a 'ruleset' field")], source)
    problem = plain_data_problem(data)
    if problem:
        raise ScenarioError([("", problem)], source)
    return data


def write_yaml(path: Path, data: Mapping[str, Any]) -> None:
    """Plain data as a YAML file (a character sheet written by `character new`)."""
    path.write_text(
        yaml.safe_dump(dict(data), sort_keys=False, allow_unicode=True), encoding="utf-8"
    )


def start_from_file(
    path: Path,
    *,
    seed: int | None = None,
    dice: DiceSource | None = None,
    dice_kind: str | None = None,
) -> Encounter:
    """An encounter from a scenario file (errors name the file)."""
    return Encounter.start(
        read_yaml(path), source=str(path), seed=seed, dice=dice, dice_kind=dice_kind
    )


def read_save(path: Path) -> dict[str, Any]:
    """A saved encounter's JSON, refusing what is not one (errors name the file)."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveFileError(f"{path}: is larger than {MAX_SAVE_BYTES:,} bytes: not a save")
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveFileError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise SaveFileError(f"{path}: is a directory, not a saved encounter") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"{path}: is not UTF-8 text") from None
    except OSError as exc:
        raise SaveFileError(f"{path}: cannot read the file: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"{path}: not valid JSON (line {exc.lineno}): {exc.msg}") from None
    except RecursionError:
        raise SaveFileError(f"{path}: nested too deeply to be a save") from None
    except ValueError:  # an integer of thousands of digits
        raise SaveFileError(f"{path}: holds a number too long to read") from None
    return check_save(data, str(path))


def load(path: Path) -> Encounter:
    """A saved encounter, continuing where it stopped (seeded dice wound on)."""
    return load_encounter(read_save(path), source=str(path))


def save(enc: Encounter, path: Path) -> None:
    """Write the encounter as one JSON file, atomically: a temp file beside it, flushed to
    disk, then renamed over the old one, so a crash never leaves half a save."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as out:
        json.dump(enc.to_json(), out, indent=1)
        out.flush()
        os.fsync(out.fileno())
    tmp.replace(path)


__all__ = ["load", "parse_yaml", "read_save", "read_yaml", "save", "start_from_file"]
