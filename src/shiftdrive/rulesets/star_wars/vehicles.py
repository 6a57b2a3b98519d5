"""Vehicles by Size (S3, S10): weapon range, detection range, how a vehicle defends, the size
bonus, and the bonuses a vehicle attack carries (grouped stations, S3) — each rule once, used by
the attack, its odds and the bot alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from shiftdrive.rulesets.star_wars.state import Character, StarWarsState

#: S3: Size 3 and larger defend passively; smaller vehicles roll Pilot
PASSIVE_FROM_SIZE: Final = 3
PASSIVE_DEFENSE: Final = 0
#: S3: a smaller attacker gives the target twice the size difference
SMALLER_ATTACKER_FACTOR: Final = 2
HULL: Final = "hull"
DEFENSE_SKILL: Final = "Pilot"
WEAPON_SKILL: Final = "Shoot"


def weapon_range(size: int) -> int:
    """S3: max(0, floor(Size / 2) - 1) zones."""
    return max(0, size // 2 - 1)


def detection_range(detector: int, target: int, passive: bool = False) -> int:
    """S3: detector Size + target Size zones, halved (rounded down) once if either vehicle
    keeps its sensors passive."""
    zones = detector + target
    return zones // 2 if passive else zones


def rolls_defense(size: int) -> bool:
    """S3/S10: a vehicle up to Size 2 defends actively with Pilot; larger ones passively."""
    return size < PASSIVE_FROM_SIZE


def size_bonus(attacker: int, target: int) -> int:
    """S3: the target's defense bonus: the size difference when the attacker is larger,
    twice the difference when it is smaller."""
    if attacker > target:
        return attacker - target
    return SMALLER_ATTACKER_FACTOR * (target - attacker)


def vehicle_of(state: StarWarsState, f: Character) -> Character | None:
    """The vehicle `f` crews, if any."""
    return state.fighters[f.vehicle] if f.vehicle else None


def station_bonus(crew: Character) -> int:
    """S3: a group of nameless stations rolls once at +1 per station beyond the first."""
    return max(0, crew.stations - 1)


def fire_bonuses(state: StarWarsState, crew: Character, target: Character) -> tuple[int, int]:
    """A vehicle attack's bonuses: (to the attack: grouped stations; to the defense: the size
    bonus and the target's defense stunts)."""
    ship = vehicle_of(state, crew)
    assert ship is not None
    return station_bonus(crew), size_bonus(ship.size, target.size) + target.defense


def crew_of(state: StarWarsState, vehicle: str) -> list[Character]:
    """The vehicle's crew still in the fight."""
    return [f for f in state.active() if f.vehicle == vehicle]


def engaged(state: StarWarsState, actor: Character, target: Character) -> bool:
    """Who acts on whom: a character on foot on characters on foot who are not duelling
    someone else; a crew on other vehicles (the seed's mixed combat leaves the rest to the
    group: not automated)."""
    if actor.vehicle is None:
        duel = state.duel_of(target.name)
        if duel is not None and duel.other(target.name) != actor.name:
            return False  # S8: a duellist is in a formal 1:1 fight
        return target.vehicle is None and not target.is_vehicle
    return target.is_vehicle and target.name != actor.vehicle


def may_fire(state: StarWarsState, crew: Character) -> bool:
    """S9: a weapon station fires; a pilot fires only when flying alone (a fighter pilot moves
    and shoots in one turn)."""
    if crew.station == "gunner":
        return True
    return crew.station == "pilot" and all(f is crew for f in crew_of(state, crew.vehicle or ""))


def in_weapon_range(state: StarWarsState, crew: Character, target: Character, gap: int) -> bool:
    """S3: `target`, `gap` zones from the crew's vehicle, is within its weapon range."""
    ship = vehicle_of(state, crew)
    return ship is not None and gap <= weapon_range(ship.size)


#: S9: what a vehicle resists a crew's action with: its pilot's Pilot against a maneuver (and
#: a shot, S10), its pilot's Stealth against sensors
RESISTS: Final = {
    "attack": (DEFENSE_SKILL,),
    "advantage": (DEFENSE_SKILL,),
    "tail": (DEFENSE_SKILL,),
    "discover": ("Stealth",),
}


def detects(state: StarWarsState, crew: Character, target: Character, gap: int) -> bool:
    """S3/S9: sensors reach a vehicle `gap` zones away within detection range, halved once
    if either vessel's sensors are passive."""
    ship = vehicle_of(state, crew)
    if ship is None:
        return False
    passive = ship.passive_sensors or target.passive_sensors
    return gap <= detection_range(ship.size, target.size, passive)
