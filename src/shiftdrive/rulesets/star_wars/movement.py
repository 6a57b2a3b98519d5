"""Moving by zone kind (S4, S12): before acting, a character on foot moves one zone free; a
pilot moves the vehicle (and its crew): in space 0 or 1 zone, in the air 3 / 2 / 1 by Size
(1-2, 3-4, 5+), on the ground 3 for a car and 2 for an armored vehicle. One zone more is an
overcome that is the turn's action: Athletics against Fair (+2) on foot, Pilot against the
vehicle's Size; a failure gets only the free zones. Characters and ground vehicles stay on
ground zones; craft fly through space and air zones, and an aircraft crosses ground zones
on its way from one air zone to another (S12) without counting them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from shiftdrive.conflict.exchange import HostedAction, RollAction
from shiftdrive.conflict.invokes import roll_and_open
from shiftdrive.conflict.roll import Roll, priced
from shiftdrive.core.outcomes import Outcome
from shiftdrive.engine.actions import ParamKind
from shiftdrive.engine.choices import Choice, Kept
from shiftdrive.engine.events import Event
from shiftdrive.maps.paths import cheapest
from shiftdrive.rulesets.star_wars.characters import zone_map
from shiftdrive.rulesets.star_wars.state import Character, StarWarsState, made
from shiftdrive.rulesets.star_wars.vehicles import DEFENSE_SKILL, vehicle_of

if TYPE_CHECKING:
    from shiftdrive.core.dice import DiceSource
    from shiftdrive.core.odds import Odds
    from shiftdrive.engine.ruleset import Turn

MOVE_PARAMS: Final = {"to": ParamKind.ZONE}
SPRINT_SKILL: Final = "Athletics"
#: S4: the zones a turn's free move reaches on foot, in space (a craft may also stay put),
#: on the ground by vehicle, and in the air by Size (up to the Size in each row)
ON_FOOT: Final = 1
IN_SPACE: Final = 1
ON_GROUND: Final = {"car": 3, "armored": 2}
IN_AIR: Final = ((2, 3), (4, 2))
IN_AIR_LARGEST: Final = 1
#: S4: the extra zone an overcome buys
EXTRA_ZONES: Final = 1
GROUND: Final = "ground"
AIR: Final = "air"


def kind_of(state: StarWarsState, zone: str) -> str:
    kinds = state.settings["zone_kinds"]
    assert isinstance(kinds, dict)
    return str(kinds[zone])


def free_zones(state: StarWarsState, unit: Character) -> int:
    """S4: how far `unit` moves free this turn, by the kind of zone it is in."""
    if not unit.is_vehicle:
        return ON_FOOT
    if unit.mode in ON_GROUND:
        return ON_GROUND[unit.mode]
    if kind_of(state, unit.zone) == AIR:
        return next((n for size, n in IN_AIR if unit.size <= size), IN_AIR_LARGEST)
    return IN_SPACE


def may_stop(unit: Character, kind: str) -> bool:
    """S12: characters and ground vehicles stop on ground zones; craft in space or the air."""
    if unit.is_vehicle and unit.mode not in ON_GROUND:
        return kind != GROUND
    return kind == GROUND


def reach(state: StarWarsState, unit: Character, budget: int) -> dict[str, int]:
    """The zones `unit` may stop in within `budget` zones, with what each costs (S4, S12): an
    aircraft crosses ground zones without counting them; nobody else enters a zone it may not
    stop in. Remembered for the scenario (read-only) by all it reads of the unit: the zone,
    whether it is a vehicle and its mode."""
    key = (unit.zone, unit.is_vehicle, unit.mode, budget)
    found = state.reach_memo.get(key)
    if found is None:
        found = state.reach_memo[key] = _reach(state, unit, budget)
    return found


def _reach(state: StarWarsState, unit: Character, budget: int) -> dict[str, int]:
    zmap = zone_map(state)
    flying = unit.is_vehicle and unit.mode not in ON_GROUND and kind_of(state, unit.zone) == AIR

    def steps(zone: str) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        for z in zmap.neighbours(zone):
            kind = kind_of(state, z)
            if may_stop(unit, kind):
                out.append((z, 1))
            elif flying and kind == GROUND:
                out.append((z, 0))
        return out

    costs, _ = cheapest(unit.zone, steps, budget=budget)
    return {z: c for z, c in costs.items() if z != unit.zone and may_stop(unit, kind_of(state, z))}


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


#: each free move by (unit, zone), all it is made of
_MOVE: Kept[tuple[str, str]] = Kept()


def _move(unit: str, zone: str) -> Choice:
    """The choice to move `unit` to `zone` (the free move)."""
    found = _MOVE.get((unit, zone))
    if found is None:
        label = f"Move {unit} to {zone} (free, then act)"
        found = _MOVE.keep((unit, zone), made("move", label, to=zone))
    return found


class Move(HostedAction[StarWarsState]):
    """The free move: to an adjacent zone, once a turn, before acting."""

    name = "move"
    params: ClassVar[Mapping[str, ParamKind]] = MOVE_PARAMS

    def options(self, state: StarWarsState, turn: Turn) -> list[Choice]:
        unit = mover(state, state.fighters[turn.actor or ""])
        if state.moved or unit is None:
            return []
        return [_move(unit.name, z) for z in sorted(reach(state, unit, free_zones(state, unit)))]

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
        free = free_zones(state, unit)
        return [
            made("sprint", f"Dash {unit.name} to {z} ({d} zones, {skill})", to=z)
            for z, d in sorted(reach(state, unit, free + EXTRA_ZONES).items())
            if d == free + EXTRA_ZONES
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
        return priced(self.host, state, "sprint", f, skill, difficulty=difficulty)

    def resolve(
        self, state: StarWarsState, roll: Roll, shifts: int, outcome: Outcome
    ) -> list[Event]:
        unit = mover(state, state.fighters[roll.actor])
        assert unit is not None
        to = roll.to_zone or unit.zone
        if outcome is Outcome.FAIL:
            # only the free zones: the reachable zone on the way nearest the goal
            free = reach(state, unit, free_zones(state, unit))
            zmap = zone_map(state)
            to = min(free, key=lambda z: (zmap.distance(z, to) or 0, z), default=unit.zone)
        return go(state, unit, to)
