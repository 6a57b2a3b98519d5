"""Passive sensors (S3): a vehicle's crew may set its sensors to passive mode, or back to
active. Detection range (and so Sensors and Communications, S9) is halved, rounded down, once
if either vessel's sensors are passive. The switch is free: a crew member makes it on their
turn, once a turn, before or after a move, and then still takes the turn's action."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.star_wars.state import StarWarsState
from shiftdrive.rulesets.star_wars.vehicles import vehicle_of

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.engine.ruleset import Turn

SENSORS: Final = "sensors"
PASSIVE: Final = "passive"
ACTIVE: Final = "active"
SENSORS_PARAMS: Final = {"mode": ParamKind.OPTION}


class SensorMode(Action[StarWarsState]):
    """Switch the crew's vehicle's sensors to passive (harder to find, finds less) or back."""

    name = SENSORS
    params: ClassVar[Mapping[str, ParamKind]] = SENSORS_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        ship = vehicle_of(state, state.fighters[turn.actor or ""])
        if ship is None or state.switched:
            return []
        if ship.passive_sensors:
            return [Choice.of(SENSORS, mode=ACTIVE, label=f"Set {ship.name}'s sensors to active")]
        label = f"Set {ship.name}'s sensors to passive (detection range halved, free)"
        return [Choice.of(SENSORS, mode=PASSIVE, label=label)]

    def check(self, state: StarWarsState, turn: Turn, choice: Choice) -> str | None:
        if state.switched:
            return "the sensors were already switched this turn"
        return super().check(state, turn, choice)

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        ship = vehicle_of(state, f)
        assert ship is not None
        ship.passive_sensors = choice.str_param("mode") == PASSIVE
        state.switched = True
        state.announced = True
        data = {"who": f.name, "vehicle": ship.name, "mode": choice.str_param("mode")}
        return [Event(SENSORS, data=data, visible_to=None)]
