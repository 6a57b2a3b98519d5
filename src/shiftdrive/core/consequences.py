"""Consequences and absorbing a hit (RULINGS C8a, C9, C10, D5).

A hit is absorbed by at most one Fate Core stress box plus any free consequence slots;
`absorb_options` lists every minimal way (`each_absorption` one by one). An empty list
means the target is taken out (C10).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from typing import Any, Final, Self

from shiftdrive.core.errors import RuleError
from shiftdrive.core.stress import StressKind, StressTrack


class Severity(StrEnum):
    MILD = "mild"
    MODERATE = "moderate"
    SEVERE = "severe"
    EXTREME = "extreme"


_ORDER: Final[dict[Severity, int]] = {s: i for i, s in enumerate(Severity)}

FATE_CORE_VALUES: Final[dict[Severity, int]] = {
    Severity.MILD: 2,
    Severity.MODERATE: 4,
    Severity.SEVERE: 6,
    Severity.EXTREME: 8,
}
DIASPORA_VALUES: Final[dict[Severity, int]] = {
    Severity.MILD: 1,
    Severity.MODERATE: 2,
    Severity.SEVERE: 4,
}
TACHYON_VALUES: Final[dict[Severity, int]] = {
    Severity.MILD: 2,
    Severity.MODERATE: 4,
    Severity.SEVERE: 6,
}

# C9: (overcome difficulty to begin recovery, how long recovery then takes).
# An extreme consequence is not recovered by a roll: it lasts until a milestone.
RECOVERY: Final[dict[Severity, tuple[int, str]]] = {
    Severity.MILD: (2, "scene"),
    Severity.MODERATE: (4, "session"),
    Severity.SEVERE: (6, "scenario"),
    Severity.EXTREME: (8, "milestone"),
}


@dataclass(slots=True, init=False)
class Consequence:
    severity: Severity
    value: int
    aspect: str
    recovering: bool = False
    taken_in_conflict: bool = True

    def __init__(
        self,
        severity: Severity,
        value: int,
        aspect: str,
        recovering: bool = False,
        taken_in_conflict: bool = True,
    ) -> None:
        # Written out, not generated: the compiled build leaves a dataclass's __init__ interpreted.
        self.severity = severity
        self.value = value
        self.aspect = aspect
        self.recovering = recovering
        self.taken_in_conflict = taken_in_conflict

    def to_json(self) -> dict[str, Any]:
        return {
            "severity": self.severity.value,
            "value": self.value,
            "aspect": self.aspect,
            "recovering": self.recovering,
            "taken_in_conflict": self.taken_in_conflict,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            severity=Severity(data["severity"]),
            value=int(data["value"]),
            aspect=str(data["aspect"]),
            recovering=bool(data.get("recovering", False)),
            taken_in_conflict=bool(data.get("taken_in_conflict", True)),
        )


_SEVERITIES: Final = tuple(Severity)  # iterating the enum class walks Python code each time


#: each severity by its name (a dict lookup: calling the enum class runs Python code)
_BY_NAME: Final[dict[str, Severity]] = {s.value: s for s in _SEVERITIES}
#: each severity's name, in order (a dict lookup: an enum member's `.value` runs Python code)
SEVERITY_NAMES: Final[dict[Severity, str]] = {s: s.value for s in _SEVERITIES}


def _severity(key: Severity | str) -> Severity:
    if type(key) is Severity:
        return key
    found = _BY_NAME.get(key)
    return found if found is not None else Severity(key)  # (an unknown name: the enum's error)


def _ordered(values: Mapping[Severity, int] | Mapping[str, int]) -> dict[Severity, int]:
    """`values` keyed by severity, mildest first; a key that names no severity is refused.
    (A severity equals its name, so either key is found by the member: read in one pass.)"""
    # (a dict read as a dict: the compiled build calls a Mapping's methods generically)
    given: dict[Any, int] = values if isinstance(values, dict) else dict(values.items())
    out: dict[Severity, int] = {}
    for s in _SEVERITIES:
        value = given.get(s)
        if value is not None:
            out[s] = value
    if len(out) != len(values):
        for key in values:
            _severity(key)  # the unknown name: the enum's error
        raise ValueError(f"consequence values must be numbers: {dict(values)}")
    return out


@dataclass(slots=True, init=False)
class ConsequenceSlots:
    """One slot per severity in `values` (C9; D5: shared by all of a ship's tracks)."""

    values: dict[Severity, int]
    slots: dict[Severity, Consequence | None] = field(default_factory=dict)

    def __init__(
        self,
        values: Mapping[Severity, int] | Mapping[str, int],
        slots: Mapping[Severity, Consequence | None]
        | Mapping[str, Consequence | None]
        | None = None,
    ) -> None:
        # Written out (the compiled build leaves a dataclass's generated __init__ interpreted):
        # every craft of every simulated battle is made here. Keys that are already severities
        # are taken as they are.
        self.values = _ordered(values)
        if not slots:  # a fresh set (every battle's): all empty
            self.slots = dict.fromkeys(self.values)
            return
        given = {_severity(k): v for k, v in slots.items()}
        unknown = [s for s in given if s not in self.values]
        if unknown:
            raise ValueError(f"consequence slots {unknown} have no value")
        self.slots = {s: given.get(s) for s in self.values}

    @classmethod
    def of(cls, values: Mapping[Severity, int]) -> ConsequenceSlots:
        return cls(dict(values))

    @classmethod
    def fate_core(cls, severities: Iterable[Severity | str]) -> ConsequenceSlots:
        """A sheet's slots by severity name, each at its Fate Core value (C9: 2, 4, 6, 8)."""
        values: dict[Severity, int] = {}
        for name in severities:
            severity = _severity(name)
            values[severity] = FATE_CORE_VALUES[severity]
        return cls(values)

    def _available(self, severity: Severity) -> Severity:
        sev = Severity(severity)
        if sev not in self.values:
            raise RuleError(f"there is no {sev.value} consequence here")
        return sev

    def free(self) -> list[Severity]:
        """Empty slots, mild first."""
        out = []  # a plain loop: asked for every hit
        for severity, consequence in self.slots.items():
            if consequence is None:
                out.append(severity)
        return out

    def take(self, severity: Severity, aspect_name: str) -> Consequence:
        sev = self._available(severity)
        current = self.slots[sev]
        if current is not None:
            raise RuleError(f"the {sev.value} consequence is already taken ('{current.aspect}')")
        if not aspect_name.strip():
            raise RuleError("a consequence needs an aspect name")
        consequence = Consequence(sev, self.values[sev], aspect_name)
        self.slots[sev] = consequence
        return consequence

    def get(self, severity: Severity) -> Consequence | None:
        return self.slots[self._available(severity)]

    def clear(self, severity: Severity) -> Consequence | None:
        """Empty a slot (the consequence is gone); returns what was there."""
        sev = self._available(severity)
        old = self.slots[sev]
        self.slots[sev] = None
        return old

    def begin_recovery(self, severity: Severity, roll_shifts_or_result: int) -> bool:
        """C9: an overcome against the RECOVERY difficulty (Fair / Great / Fantastic).

        `roll_shifts_or_result` is the overcome's final result, compared to the difficulty;
        on result >= difficulty the consequence is marked recovering and True is returned.
        Raises RuleError for an empty slot, one already recovering, or an extreme consequence
        (which lasts until a milestone, C9).
        """
        sev = self._available(severity)
        consequence = self.slots[sev]
        if consequence is None:
            raise RuleError(f"there is no {sev.value} consequence to recover from")
        if consequence.recovering:
            raise RuleError(f"'{consequence.aspect}' is already recovering")
        if sev is Severity.EXTREME:
            raise RuleError(
                f"'{consequence.aspect}' is an extreme consequence: it lasts until a milestone"
            )
        if roll_shifts_or_result >= RECOVERY[sev][0]:
            consequence.recovering = True
            return True
        return False

    def taken(self) -> list[Consequence]:
        return [c for c in self.slots.values() if c is not None]

    def count_taken_in_conflict(self) -> int:
        """Consequences taken in the current conflict (they pay on concession, C7)."""
        return sum(1 for c in self.taken() if c.taken_in_conflict)

    def end_conflict(self) -> None:
        """The conflict is over: no consequence counts as taken in the next one."""
        for consequence in self.taken():
            consequence.taken_in_conflict = False

    def to_json(self) -> dict[str, Any]:
        return {
            "values": {s.value: v for s, v in self.values.items()},
            "slots": {s.value: (c.to_json() if c else None) for s, c in self.slots.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        values = {Severity(k): int(v) for k, v in data["values"].items()}
        slots = {
            Severity(k): (Consequence.from_json(c) if c is not None else None)
            for k, c in data.get("slots", {}).items()
        }
        return cls(values, slots)


@dataclass(slots=True, init=False, eq=False)
class Absorption:
    """One way to absorb a hit: an optional stress box index plus consequences.

    A value, never changed once made; not frozen, with `__init__`, `__eq__` and `__hash__`
    written out, for the reason `engine.ruleset.Turn` gives (every hit lists its ways).
    """

    box: int | None
    consequences: tuple[Severity, ...]
    absorbed: int

    def __init__(self, box: int | None, consequences: tuple[Severity, ...], absorbed: int) -> None:
        self.box = box
        self.consequences = consequences
        self.absorbed = absorbed

    def _key(self) -> tuple[int | None, tuple[Severity, ...], int]:
        return (self.box, self.consequences, self.absorbed)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Absorption) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def describe(self, track: StressTrack | None = None) -> str:
        parts: list[str] = []
        if self.box is not None:
            if track is not None and 0 <= self.box < len(track.boxes):
                parts.append(f"check {track.name} box [{track.boxes[self.box]}]")
            else:
                parts.append(f"check stress box {self.box + 1}")
        parts += [f"take a {SEVERITY_NAMES[s]} consequence" for s in self.consequences]
        if not parts:
            return "nothing to absorb"
        return " and ".join(parts) + f" (absorbs {self.absorbed})"

    def to_json(self) -> dict[str, Any]:
        return {
            "box": self.box,
            "consequences": [s.value for s in self.consequences],
            "absorbed": self.absorbed,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            data.get("box"),
            tuple(Severity(s) for s in data.get("consequences", [])),
            int(data["absorbed"]),
        )


def _way_key(
    found: tuple[tuple[tuple[int, ...], int, int], Absorption],
) -> tuple[tuple[int, ...], int, int]:
    return found[0]


def absorb_options(
    hit: int, track: StressTrack | None, slots: ConsequenceSlots | None
) -> list[Absorption]:
    """Every minimal way to absorb a whole hit (C8a, C9, C10), in `each_absorption`'s order.
    An empty list means the hit cannot be absorbed: the target is taken out (C10)."""
    return list(each_absorption(hit, track, slots))


def each_absorption(
    hit: int, track: StressTrack | None, slots: ConsequenceSlots | None
) -> Iterator[Absorption]:
    """Every minimal way to absorb a whole hit (C8a, C9, C10), one by one: whoever takes the
    first builds no other.

    A way is at most one open stress box of a Fate Core track (absorbing its value) plus any
    set of free consequence slots (each absorbing its value) whose total is at least `hit`,
    such that dropping any one part would leave the hit uncovered. In order: stress box alone
    first (smallest box first), then by number of consequences, their severities (mildest
    first), then the box value (none or smallest first). None at all means the hit cannot be
    absorbed: the target is taken out (C10). A hit of 0 or less needs nothing.
    """
    if hit <= 0:
        yield Absorption(None, (), 0)
        return
    if track is not None and track.kind is not StressKind.FATE_CORE:
        raise RuleError(
            f"only Fate Core stress boxes absorb hits this way; {track.name} is {track.kind.value}"
        )
    box_choices: list[int | None] = [None]
    if track is not None:
        box_choices += track.open_boxes()
    free = slots.free() if slots is not None else []
    values = slots.values if slots is not None else {}

    # The ways with fewer consequences come first, so each number of them is found and
    # ordered in turn (a bot taking the first way never looks at the larger sets). Each way
    # is ordered by its consequences' severities, then the box's value (none first), then the
    # box's index: its key is made as it is found (a consequence set's part once, not once
    # per stress box).
    for size in range(len(free) + 1):
        found: list[tuple[tuple[tuple[int, ...], int, int], Absorption]] = []
        for combo in combinations(free, size):
            # Each consequence set's sum and smallest part once, its severities once it
            # absorbs the hit (most sets do not).
            taken = [values[s] for s in combo]
            sum_taken = sum(taken)
            least_taken = min(taken, default=None)
            severities: tuple[int, ...] | None = None
            for box in box_choices:
                if box is not None and track is not None:
                    part = track.boxes[box]
                    total = sum_taken + part
                    least = part if least_taken is None or part < least_taken else least_taken
                    value, index = part, box
                elif least_taken is None:
                    continue  # nothing taken at all
                else:
                    total, least = sum_taken, least_taken
                    value, index = 0, -1
                # Minimal: the parts cover the hit, and dropping any one (the smallest is
                # enough to look at) would not.
                if total < hit or total - least >= hit:
                    continue
                if severities is None:
                    severities = tuple([_ORDER[s] for s in combo])
                found.append(((severities, value, index), Absorption(box, combo, total)))
        if len(found) > 1:
            found.sort(key=_way_key)
        for _, way in found:
            yield way
