"""The dice prompt: a command waiting for dice typed in at the table.

Nothing of the command is applied while it waits; the encounter asks the seat that rolls (or
the GM) with a `Decision(kind="dice")` and applies the command again from its start once the
faces are in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from shiftdrive.core.dice import DiceNeeded
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Decision

DICE: Final = "dice"


@dataclass(slots=True)
class AwaitingDice:
    """A command waiting for dice from the table: nothing of it is applied yet.

    `seat` submitted `choice` ("setup" and None for the set-up's own dice); `faces` are the
    draws given so far, in order; `need` is the next draw asked for, of `roller` (or the GM).
    """

    seat: str
    choice: Choice | None
    need: DiceNeeded
    roller: str
    faces: list[list[int]] = field(default_factory=list)

    def decision(self) -> Decision:
        need = self.need
        return Decision(
            self.roller, DICE, f"Roll {need.count}{need.die} for {need.why}", need.who or None
        )

    def choice_to_give(self) -> Choice:
        return Choice(
            DICE, (("faces", ""),), f"type the {self.need.count}{self.need.die}", ("faces",)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "choice": self.choice.to_json() if self.choice else None,
            "faces": [list(f) for f in self.faces],
        }
