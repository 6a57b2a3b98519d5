"""Full defense (Fate Core): give up the action for +2 to every defense until your next turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from shiftdrive.engine.actions import Action
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.fate_core.state import FateCoreState
from shiftdrive.rulesets.fate_core.turns import end_turn

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn


class FullDefense(Action[FateCoreState]):
    name = "full_defense"

    def options(self, state: FateCoreState, turn: Turn) -> list[Choice]:
        return [Choice.of("full_defense", label="Full defense (+2 to defend until your next turn)")]

    def apply(
        self, state: FateCoreState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        f.full_defense = True
        return [Event("full_defense", data={"who": f.name}, visible_to=None), *end_turn(state)]
