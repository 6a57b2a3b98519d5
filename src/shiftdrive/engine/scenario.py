"""Scenario data: validated models out, errors that name the file, the field and why (files are
read by `shiftdrive.files`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Final, TypeVar

from pydantic import BaseModel, BeforeValidator, Strict, ValidationError

M = TypeVar("M", bound=BaseModel)

# How much a scenario may hold: far beyond any table's fight, short of a check or a bot battle
# that runs for minutes (docs/table.md, "Limits"). Each ruleset's model applies them.
#: sides in one fight
MAX_SIDES: Final = 8
#: characters (craft, flights, large targets, swarms) in one fight, all sides together
MAX_UNITS: Final = 40
#: problems an error lists before it says how many more there are
SHOWN_PROBLEMS: Final = 20


def _shown(value: object) -> str:
    """A scenario value as the file wrote it, for an error."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, int | float):
        return repr(value)
    if value is None:
        return "empty (null)"
    return "a list" if isinstance(value, list) else "a mapping"


def _number(value: object) -> object:
    """A number field takes a whole number only: never a flag (YAML's true is not 1), nor
    text or a fraction (pydantic's lax mode would take all three)."""
    if type(value) is not int:
        raise ValueError(f"must be a whole number, not {_shown(value)}")
    return value


def _flag(value: object) -> object:
    """A flag takes true or false only: never a number (1) or text ("yes")."""
    if type(value) is not bool:
        raise ValueError(f"must be true or false, not {_shown(value)}")
    return value


#: a whole number in a scenario file (strict, with an error that says what was given); each
#: ruleset's model bounds it with `Field(ge=..., le=...)`
Number = Annotated[int, BeforeValidator(_number), Strict()]
#: a flag in a scenario file: true or false
Flag = Annotated[bool, BeforeValidator(_flag), Strict()]


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
        for path, reason in self.problems[:SHOWN_PROBLEMS]:
            where = f"{self.source}: {path}" if path else self.source
            lines.append(f"{where}: {reason}")
        if len(self.problems) > SHOWN_PROBLEMS:
            lines.append(f"{self.source}: … and {len(self.problems) - SHOWN_PROBLEMS} more")
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


def refuse_crowds(units: int, what: str) -> None:
    """Refuse a fight of more than MAX_UNITS units, before any check that grows with them."""
    if units > MAX_UNITS:
        raise ScenarioError(
            [("sides", f"hold {units} {what}; a scenario may have at most {MAX_UNITS}")]
        )


def ruleset_of(data: Mapping[str, Any], source: str) -> str:
    rid = data.get("ruleset")
    if not isinstance(rid, str) or not rid:
        raise ScenarioError([("ruleset", "is required: the id of a ruleset")], source)
    return rid
