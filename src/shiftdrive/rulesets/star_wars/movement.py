"""Moving on foot (S4): one zone free before acting; one zone more is an Athletics overcome
against Fair (+2) that is the turn's action (a failure gets only the free zone)."""

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
from shiftdrive.rulesets.star_wars.characters import zone_map
from shiftdrive.rulesets.star_wars.state import StarWarsState

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

MOVE_PARAMS: Final = {"to": ParamKind.ZONE}
SPRINT_SKILL: Final = "Athletics"
#: S4 on foot: the free zones, and the zones a sprint reaches in all
FREE_ZONES: Final = 1
SPRINT_ZONES: Final = FREE_ZONES + 1


class Move(HostedAction[StarWarsState]):
    """The free move: to an adjacent zone, once a turn, before acting."""

    name = "move"
    params: ClassVar[Mapping[str, ParamKind]] = MOVE_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        if state.moved:
            return []
        f = state.fighters[turn.actor or ""]
        return [
            Choice.of("move", to=z, label=f"Move to {z} (free, then act)")
            for z in zone_map(state).neighbours(f.zone)
        ]

    def check(self, state: StarWarsState, turn: Turn, choice: Choice) -> str | None:
        if state.moved:
            return "the free move is already used this turn"
        return super().check(state, turn, choice)

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        f.zone = choice.str_param("to")
        state.moved = True
        state.announced = True
        return [Event("move", data={"who": f.name, "to": f.zone}, visible_to=None)]


class Sprint(RollAction[StarWarsState]):
    """S4: the free zone and one more, on an Athletics overcome against Fair."""

    name = "sprint"
    params: ClassVar[Mapping[str, ParamKind]] = MOVE_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        if state.moved:
            return []
        f = state.fighters[turn.actor or ""]
        by_distance = sorted(zone_map(state).distances_from(f.zone).items())
        return [
            Choice.of("sprint", to=z, label=f"Sprint to {z} ({SPRINT_ZONES} zones, {SPRINT_SKILL})")
            for z, d in by_distance
            if d == SPRINT_ZONES
        ]

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        new = Roll(action="sprint", actor=f.name, skill=SPRINT_SKILL)
        new.to_zone = choice.str_param("to")
        new.difficulty = int(state.settings["sprint_difficulty"])
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

    def odds(self, state: StarWarsState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        diff = int(state.settings["sprint_difficulty"])
        return action_odds(state, f, SPRINT_SKILL, difficulty=diff)

    def resolve(
        self, state: StarWarsState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        actor = state.fighters[roll.actor]
        to = roll.to_zone or actor.zone
        if outcome is Outcome.FAIL:
            path = zone_map(state).path(actor.zone, to) or [actor.zone]
            to = path[FREE_ZONES] if len(path) > FREE_ZONES else actor.zone
        actor.zone = to
        return [Event("move", data={"who": actor.name, "to": to}, visible_to=None)]
