"""Repair (S9): a crew member makes an Engineering overcome against the shifts a consequence
of its vehicle absorbed (2, 4 or 6); success (a tie too, C2) means the consequence is ignored
for the rest of the scene: it can no longer be invoked, and it no longer puts the hyperdrive
out (S6). It still fills its slot."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.exchange import RollAction
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import Roll, priced
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars.state import Character, StarWarsState, made
from shiftdrive.rulesets.star_wars.vehicles import vehicle_of

if TYPE_CHECKING:
    from shiftdrive.core.consequences import Consequence
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

REPAIR: Final = "repair"
REPAIR_SKILL: Final = "Engineering"
REPAIR_PARAMS: Final = {"consequence": ParamKind.ASPECT}


def repairable(state: StarWarsState, f: Character) -> list[Consequence]:
    """The consequences of `f`'s vehicle not yet repaired this scene."""
    ship = vehicle_of(state, f)
    if ship is None:
        return []
    return [c for c in ship.consequences.taken() if c.aspect not in state.repaired]


def difficulty(state: StarWarsState, f: Character, name: str) -> int:
    """S9: the shifts the consequence absorbed."""
    ship = vehicle_of(state, f)
    assert ship is not None
    c = next(c for c in ship.consequences.taken() if c.aspect == name)
    return ship.consequences.values[c.severity]


@lru_cache(maxsize=1024)
def _repair(aspect: str, difficulty: int) -> Choice:
    """Repairing the consequence `aspect` against `difficulty` (made once per pair)."""
    label = f"Repair '{aspect}' ({REPAIR_SKILL} against {difficulty})"
    return made(REPAIR, label, consequence=aspect)


class Repair(RollAction[StarWarsState]):
    name = REPAIR
    params: ClassVar[Mapping[str, ParamKind]] = REPAIR_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        out: list[Choice] = []
        for c in repairable(state, f):
            out.append(_repair(c.aspect, difficulty(state, f, c.aspect)))
        return out

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        roll = Roll(action=REPAIR, actor=f.name, skill=REPAIR_SKILL)
        roll.aspect = choice.str_param("consequence")
        roll.difficulty = difficulty(state, f, roll.aspect)
        state.roll = roll
        data = {
            "action": REPAIR, "who": f.name, "skill": REPAIR_SKILL, "aspect": roll.aspect,
            "difficulty": roll.difficulty,
        }  # fmt: skip
        return [
            Event("declare", data=data, visible_to=None),
            *roll_and_open(self.host, state, roll, dice),
        ]

    def odds(self, state: StarWarsState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        diff = difficulty(state, f, choice.str_param("consequence"))
        return priced(self.host, state, REPAIR, f, REPAIR_SKILL, difficulty=diff)

    def resolve(
        self, state: StarWarsState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        name = roll.aspect or ""
        if outcome is Outcome.FAIL:
            return [
                Event(
                    "repair",
                    data={"who": roll.actor, "aspect": name, "failed": True},
                    visible_to=None,
                )
            ]
        state.repaired.append(name)
        if name in state.aspects:
            state.aspects.remove(name)
        return [Event("repair", data={"who": roll.actor, "aspect": name}, visible_to=None)]
