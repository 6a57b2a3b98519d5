"""Files in and out: scenario YAML, saved encounters. The one module that touches the disk for
the engine; the CLI (and the server) use it, the engine and rulesets never do."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from shiftdrive.core.dice import DiceSource
from shiftdrive.engine.encounter import Encounter, SaveFileError, check_save
from shiftdrive.engine.scenario import ScenarioError


def read_yaml(path: Path) -> Mapping[str, Any]:
    """Read a scenario file's YAML, refusing anything but a mapping at the top."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError([("", "file not found")], source) from None
    except IsADirectoryError:
        raise ScenarioError([("", "is a directory, not a scenario file")], source) from None
    except UnicodeDecodeError:
        raise ScenarioError([("", "is not UTF-8 text")], source) from None
    except OSError as exc:
        raise ScenarioError([("", f"cannot read the file: {exc.strerror}")], source) from None
    try:
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "somewhere"
        raise ScenarioError([("", f"not valid YAML at {where}: {exc.problem}")], source) from None
    except yaml.YAMLError as exc:
        raise ScenarioError([("", f"not valid YAML: {exc}")], source) from None
    if not isinstance(data, dict):
        raise ScenarioError([("", "the file must hold a mapping with a 'ruleset' field")], source)
    return data


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
    return check_save(data, str(path))


def load(path: Path) -> Encounter:
    """A saved encounter, continuing where it stopped (seeded dice wound on)."""
    return Encounter.from_json(read_save(path), source=str(path))


def save(enc: Encounter, path: Path) -> None:
    """Write the encounter as one JSON file, atomically: a temp file beside it, flushed to
    disk, then renamed over the old one, so a crash never leaves half a save."""
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as out:
        json.dump(enc.to_json(), out, indent=1)
        out.flush()
        os.fsync(out.fileno())
    tmp.replace(path)


__all__ = ["load", "read_save", "read_yaml", "save", "start_from_file"]
