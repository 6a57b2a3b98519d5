"""Stress tracks of the three kinds in RULINGS C8.

Boxes are addressed by **index** (0-based) in every method; `boxes[i]` is the box's value.

* Fate Core (C8a): boxes [1][2], +[3] for a rating of Average/Fair, +[3][4] for Good or
  better. A hit is absorbed by checking one empty box worth at least the hit (`mark`); see
  `consequences.absorb_options` for stress plus consequences.
* Cascading (C8b, Diaspora): boxes [1]..[n]; `take_hit`.
* Counting (C8c): every box is worth 1; each shift fills the next empty box (`fill`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Self

from shiftdrive.core.errors import RuleError


class StressKind(StrEnum):
    FATE_CORE = "fate_core"
    CASCADING = "cascading"
    COUNTING = "counting"


@dataclass(slots=True, init=False)
class StressTrack:
    name: str
    kind: StressKind
    boxes: list[int]
    marked: list[bool] = field(default_factory=list)

    def __init__(
        self, name: str, kind: StressKind, boxes: list[int], marked: list[bool] | None = None
    ) -> None:
        # Written out: the compiled build leaves a dataclass's generated __init__ interpreted,
        # and every battle makes a track per character.
        self.name = name
        # (the enum call costs more than the check)
        self.kind = kind if type(kind) is StressKind else StressKind(kind)
        self.boxes = boxes
        self.marked = marked if marked else [False] * len(boxes)
        if len(self.marked) != len(self.boxes):
            raise ValueError(
                f"stress track '{self.name}': {len(self.boxes)} boxes but {len(self.marked)} marks"
            )
        for value in self.boxes:  # a plain loop: every craft of every battle passes here
            if value < 1:
                raise ValueError(f"stress track '{self.name}': box values must be at least 1")

    # --- constructors ------------------------------------------------------------------------

    @classmethod
    def fate_core(cls, name: str, skill_rating: int) -> StressTrack:
        """C8a: [1][2]; +[3] for Average/Fair (1-2); +[3][4] for Good (3) or better."""
        boxes = [1, 2]
        if skill_rating >= 3:
            boxes += [3, 4]
        elif skill_rating >= 1:
            boxes += [3]
        return cls(name, StressKind.FATE_CORE, boxes)

    @classmethod
    def cascading(cls, name: str, length: int = 5) -> StressTrack:
        """C8b: boxes worth 1..length (D8: 5 by default)."""
        if length < 1:
            raise ValueError("a stress track needs at least one box")
        return cls(name, StressKind.CASCADING, list(range(1, length + 1)))

    @classmethod
    def counting(cls, name: str, length: int) -> StressTrack:
        """C8c: `length` boxes worth one shift each."""
        if length < 1:
            raise ValueError("a stress track needs at least one box")
        return cls(name, StressKind.COUNTING, [1] * length)

    # --- common ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.boxes)

    @property
    def marked_count(self) -> int:
        # (typed loops: the compiled build calls the builtins `sum` and `all` generically, and
        # every turn's end asks whether each nameless vehicle's hull is full)
        count = 0
        for marked in self.marked:
            if marked:
                count += 1
        return count

    @property
    def is_full(self) -> bool:
        return False not in self.marked

    def open_boxes(self) -> list[int]:
        """Indexes of the empty boxes, lowest first."""
        return [i for i, m in enumerate(self.marked) if not m]

    def highest_marked(self) -> int | None:
        """Index of the last marked box, or None."""
        for i in range(len(self.marked) - 1, -1, -1):
            if self.marked[i]:
                return i
        return None

    def _check_index(self, index: int) -> None:
        if not 0 <= index < len(self.boxes):
            raise RuleError(f"{self.name} has no box {index + 1} (it has {len(self.boxes)} boxes)")

    def _require(self, kind: StressKind, method: str) -> None:
        if self.kind is not kind:
            raise RuleError(
                f"{method} is for {kind.value} stress tracks; {self.name} is {self.kind.value}"
            )

    def clear(self) -> None:
        self.marked = [False] * len(self.boxes)

    def clear_box(self, index: int) -> bool:
        """Empty one box; returns False if it was already empty."""
        self._check_index(index)
        was = self.marked[index]
        self.marked[index] = False
        return was

    def clear_last(self) -> int | None:
        """Empty the last marked box (a repair, T5; Diaspora's bleed-off, D3).

        Returns its index, or None when nothing was marked.
        """
        index = self.highest_marked()
        if index is not None:
            self.marked[index] = False
        return index

    def clear_through(self, index: int) -> None:
        """Empty box `index` and every box below it (Diaspora damage control, D7)."""
        self._check_index(index)
        for i in range(index + 1):
            self.marked[i] = False

    def set_box(self, index: int, marked: bool) -> None:
        """GM helper: set one box either way."""
        self._check_index(index)
        self.marked[index] = marked

    def render(self) -> str:
        """'[1][x][3]': x for a marked box, else its value (counting boxes show '[ ]')."""
        parts = []
        for value, mark in zip(self.boxes, self.marked, strict=True):
            if mark:
                parts.append("[x]")
            elif self.kind is StressKind.COUNTING:
                parts.append("[ ]")
            else:
                parts.append(f"[{value}]")
        return "".join(parts)

    # --- Fate Core ---------------------------------------------------------------------------

    def boxes_for(self, hit: int) -> list[int]:
        """Fate Core: indexes of empty boxes worth at least `hit` (each can take it alone)."""
        return [i for i in self.open_boxes() if self.boxes[i] >= hit]

    def mark(self, index: int) -> int:
        """Fate Core: check box `index`; returns the shifts it absorbs (its value)."""
        self._require(StressKind.FATE_CORE, "mark")
        self._check_index(index)
        if self.marked[index]:
            raise RuleError(f"{self.name} box [{self.boxes[index]}] is already checked")
        self.marked[index] = True
        return self.boxes[index]

    # --- cascading ---------------------------------------------------------------------------

    def cascade_target(self, hit: int) -> int | None:
        """Cascading: the index `take_hit(hit)` marks up to, or None when the hit goes past
        the last box. `hit` must be at least 1."""
        if hit < 1:
            raise ValueError("a cascading hit is at least 1")
        index = hit - 1
        while index < len(self.boxes) and self.marked[index]:
            index += 1
        return index if index < len(self.boxes) else None

    def take_hit(self, n: int) -> bool:
        """Cascading (C8b): a hit of N marks box N (index N-1) and every box below it.

        If box N is already marked, the next higher open box is marked instead, with every
        box below it. If there is no such box (N is past the last box, or every box from N
        up is marked) the hit goes past the track: every box is marked and True is returned
        (taken out / destroyed). Otherwise returns False. A hit of 0 or less does nothing.
        """
        self._require(StressKind.CASCADING, "take_hit")
        if n <= 0:
            return False
        target = self.cascade_target(n)
        if target is None:
            self.marked = [True] * len(self.boxes)
            return True
        for i in range(target + 1):
            self.marked[i] = True
        return False

    # --- counting ----------------------------------------------------------------------------

    def fill(self, shifts: int) -> int:
        """Counting (C8c): each shift fills the next empty box in order; returns the
        shifts that did not fit. Zero or fewer shifts do nothing."""
        self._require(StressKind.COUNTING, "fill")
        left = max(0, shifts)
        for i in range(len(self.marked)):
            if left == 0:
                break
            if not self.marked[i]:
                self.marked[i] = True
                left -= 1
        return left

    # --- JSON --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "boxes": list(self.boxes),
            "marked": list(self.marked),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        return cls(
            name=str(data["name"]),
            kind=StressKind(data["kind"]),
            boxes=[int(v) for v in data["boxes"]],
            marked=[bool(m) for m in data["marked"]],
        )
