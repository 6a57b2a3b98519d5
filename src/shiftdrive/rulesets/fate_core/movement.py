"""Moving between zones: one free move to an adjacent zone per turn, then act; a sprint of
two or three zones is an Athletics overcome (+1 per zone beyond the first) and a failure
gets only one zone along the way."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.exchange import HostedAction, RollAction
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import Roll, action_odds
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.fate_core.fighters import zone_map
from shiftdrive.rulesets.fate_core.state import FateCoreState

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

MOVE_PARAMS: Final = {"to": ParamKind.ZONE}
SPRINT_SKILL: Final = "Athletics"
SPRINT_MIN: Final = 2
SPRINT_MAX: Final = 3


def sprint_difficulty(state: FateCoreState, zones: int) -> int:
    return int(state.settings["sprint_difficulty"]) * (zones - 1)


class Move(HostedAction[FateCoreState]):
    """The free move: to an adjacent zone, once a turn, before acting."""

    name = "move"
    params: ClassVar[Mapping[str, ParamKind]] = MOVE_PARAMS

    def options(self, state: FateCoreState, turn: Turn) -> list[Choice]:
        if state.moved:
            return []
        f = state.fighters[turn.actor or ""]
        return [
            Choice.of("move", to=z, label=f"Move to {z} (free, then act)")
            for z in zone_map(state).neighbours(f.zone)
        ]

    def check(self, state: FateCoreState, turn: Turn, choice: Choice) -> str | None:
        if state.moved:
            return "the free move is already used this turn"
        return super().check(state, turn, choice)

    def apply(
        self, state: FateCoreState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        f.zone = choice.str_param("to")
        state.moved = True
        return [Event("move", data={"who": f.name, "to": f.zone}, visible_to=None)]


class Sprint(RollAction[FateCoreState]):
    name = "sprint"
    params: ClassVar[Mapping[str, ParamKind]] = MOVE_PARAMS

    def options(self, state: FateCoreState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        by_distance = sorted(
            zone_map(state).distances_from(f.zone).items(), key=lambda kv: (kv[1], kv[0])
        )
        return [
            Choice.of("sprint", to=z, label=f"Sprint to {z} ({d} zones, {SPRINT_SKILL})")
            for z, d in by_distance
            if SPRINT_MIN <= d <= SPRINT_MAX
        ]

    def apply(
        self, state: FateCoreState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        new = Roll(action="sprint", actor=f.name, skill=SPRINT_SKILL)
        new.to_zone = choice.str_param("to")
        d = self.host.distance(state, f.zone, new.to_zone) or 1
        new.difficulty = sprint_difficulty(state, d)
        state.roll = new
        data = {
            "action": "sprint",
            "who": f.name,
            "skill": SPRINT_SKILL,
            "to": new.to_zone,
            "difficulty": new.difficulty,
        }
        return [
            Event("declare", data=data, visible_to=None),
            *roll_and_open(self.host, state, new, dice),
        ]

    def odds(self, state: FateCoreState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        d = self.host.distance(state, f.zone, choice.str_param("to")) or 1
        return action_odds(state, f, SPRINT_SKILL, difficulty=sprint_difficulty(state, d))

    def resolve(
        self, state: FateCoreState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        actor = state.fighters[roll.actor]
        to = roll.to_zone or actor.zone
        if outcome is Outcome.FAIL:
            path = zone_map(state).path(actor.zone, to) or [actor.zone]
            to = path[1] if len(path) > 1 else actor.zone
        actor.zone = to
        return [Event("move", data={"who": actor.name, "to": to}, visible_to=None)]
