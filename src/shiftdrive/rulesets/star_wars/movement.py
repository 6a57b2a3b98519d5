"""Moving (S4): a character on foot moves one zone free before acting; a pilot moves the
vehicle (and its crew) one zone free in space. One zone more is an overcome that is the turn's
action: Athletics against Fair (+2) on foot, Pilot against the vehicle's Size; a failure gets
only the free zone."""

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
from shiftdrive.rulesets.star_wars.state import Character, StarWarsState
from shiftdrive.rulesets.star_wars.vehicles import DEFENSE_SKILL, vehicle_of

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

MOVE_PARAMS: Final = {"to": ParamKind.ZONE}
SPRINT_SKILL: Final = "Athletics"
#: S4: the zones a turn's free move reaches (on foot; a spacecraft, which may also stay put)
FREE_ZONES: Final = 1


def mover(state: StarWarsState, f: Character) -> Character | None:
    """What `f`'s move moves: itself on foot, its vehicle when it pilots one, nothing at a
    weapon station."""
    if f.vehicle is None:
        return f
    return vehicle_of(state, f) if f.station == "pilot" else None


def sprint_roll(state: StarWarsState, f: Character) -> tuple[str, int]:
    """S4: the skill and difficulty of one zone more: Athletics against Fair on foot, the
    pilot's Pilot against the vehicle's Size."""
    unit = mover(state, f)
    if unit is not None and unit.is_vehicle:
        return DEFENSE_SKILL, unit.size
    return SPRINT_SKILL, int(state.settings["sprint_difficulty"])


def go(state: StarWarsState, unit: Character, zone: str) -> list[Event]:
    """`unit` (and the crew aboard it) moves to `zone`."""
    unit.zone = zone
    for f in state.fighters.values():
        if f.vehicle == unit.name:
            f.zone = zone
    return [Event("move", data={"who": unit.name, "to": zone}, visible_to=None)]


class Move(HostedAction[StarWarsState]):
    """The free move: to an adjacent zone, once a turn, before acting."""

    name = "move"
    params: ClassVar[Mapping[str, ParamKind]] = MOVE_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        unit = mover(state, state.fighters[turn.actor or ""])
        if state.moved or unit is None:
            return []
        return [
            Choice.of("move", to=z, label=f"Move {unit.name} to {z} (free, then act)")
            for z, d in sorted(zone_map(state).distances_from(unit.zone).items())
            if 1 <= d <= FREE_ZONES
        ]

    def check(self, state: StarWarsState, turn: Turn, choice: Choice) -> str | None:
        if state.moved:
            return "the free move is already used this turn"
        return super().check(state, turn, choice)

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        unit = mover(state, state.fighters[turn.actor or ""])
        assert unit is not None
        state.moved = True
        state.announced = True
        return go(state, unit, choice.str_param("to"))


class Sprint(RollAction[StarWarsState]):
    """S4: the free zones and one more, on an overcome (the turn's action)."""

    name = "sprint"
    params: ClassVar[Mapping[str, ParamKind]] = MOVE_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        f = state.fighters[turn.actor or ""]
        unit = mover(state, f)
        if state.moved or unit is None:
            return []
        skill, _ = sprint_roll(state, f)
        return [
            Choice.of("sprint", to=z, label=f"Dash {unit.name} to {z} ({d} zones, {skill})")
            for z, d in sorted(zone_map(state).distances_from(unit.zone).items())
            if d == FREE_ZONES + 1
        ]

    def apply(
        self, state: StarWarsState, turn: Turn, choice: Choice, dice: DiceSource
    ) -> list[Event]:
        f = state.fighters[turn.actor or ""]
        skill, difficulty = sprint_roll(state, f)
        new = Roll(action="sprint", actor=f.name, skill=skill)
        new.to_zone = choice.str_param("to")
        new.difficulty = difficulty
        state.roll = new
        data = {
            "action": "sprint",
            "who": f.name,
            "skill": skill,
            "to": new.to_zone,
            "difficulty": difficulty,
        }
        return [
            Event("declare", data=data, visible_to=None),
            *roll_and_open(self.host, state, new, dice),
        ]

    def odds(self, state: StarWarsState, turn: Turn, choice: Choice) -> Odds | None:
        f = state.fighters[turn.actor or ""]
        skill, difficulty = sprint_roll(state, f)
        return action_odds(state, f, skill, difficulty=difficulty)

    def resolve(
        self, state: StarWarsState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        unit = mover(state, state.fighters[roll.actor])
        assert unit is not None
        to = roll.to_zone or unit.zone
        if outcome is Outcome.FAIL:
            path = zone_map(state).path(unit.zone, to) or [unit.zone]
            to = path[FREE_ZONES] if len(path) > FREE_ZONES else unit.zone
        return go(state, unit, to)
