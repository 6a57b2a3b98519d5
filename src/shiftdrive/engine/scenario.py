"""Scenario files: YAML in, validated models out, errors that name the file, the field and why."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class ScenarioError(ValueError):
    """A scenario the engine cannot use. Carries every problem found, each with its field path."""

    def __init__(self, problems: Sequence[tuple[str, str]], source: str = "scenario") -> None:
        self.problems = list(problems)
        self.source = source
        super().__init__(self.describe())

    def describe(self) -> str:
        lines = (
            [f"{self.source}: {len(self.problems)} problem(s)"] if len(self.problems) > 1 else []
        )
        for path, reason in self.problems:
            where = f"{self.source}: {path}" if path else self.source
            lines.append(f"{where}: {reason}")
        return "\n".join(lines)

    def with_source(self, source: str) -> ScenarioError:
        return ScenarioError(self.problems, source)


def field_path(loc: Sequence[str | int]) -> str:
    """('sides', 0, 'characters', 1, 'skills') -> 'sides[0].characters[1].skills'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def validate_model(model: type[M], data: Any, prefix: Sequence[str | int] = ()) -> M:
    """Validate with pydantic, turning its errors into a ScenarioError with field paths."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = [*prefix, *(p for p in err["loc"] if not str(p).startswith("function-"))]
            msg = err["msg"]
            if err["type"] == "missing":
                msg = "is required"
            elif err["type"] == "extra_forbidden":
                msg = "is not a known field"
            elif msg.startswith("Value error, "):
                msg = msg[len("Value error, ") :]
            problems.append((field_path(loc), msg))
        raise ScenarioError(problems) from None


def read_yaml(path: Path) -> Mapping[str, Any]:
    """Read a scenario file's YAML, refusing anything but a mapping at the top."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError([("", "file not found")], source) from None
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


def ruleset_of(data: Mapping[str, Any], source: str) -> str:
    rid = data.get("ruleset")
    if not isinstance(rid, str) or not rid:
        raise ScenarioError([("ruleset", "is required: the id of a ruleset")], source)
    return rid
