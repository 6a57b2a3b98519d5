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
#: mixed combat: a character on foot is Size 0 on the seed's size scale
PERSON_SIZE: Final = 0
#: mixed combat: vehicles up to this Size carry weapons that can hit a person (default)
ANTI_PERSONNEL_UP_TO: Final = 2
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


def spent(v: Character) -> bool:
    """S10, seed: "An unnamed vehicle with unimportant NPCs is taken out as soon as it can
    absorb no more stress": a vehicle with no consequence slots and every hull box marked.
    (A named one goes on taking consequences, and is out on a hit it cannot absorb, C10.)"""
    return v.is_vehicle and not v.consequences.values and v.stress[HULL].is_full


def vehicle_of(state: StarWarsState, f: Character) -> Character | None:
    """The vehicle `f` crews, if any."""
    return state.fighters[f.vehicle] if f.vehicle else None


def station_bonus(crew: Character) -> int:
    """S3: a group of nameless stations rolls once at +1 per station beyond the first."""
    return max(0, crew.stations - 1)


def scale_of(state: StarWarsState, f: Character) -> int:
    """A unit's Size on the seed's scale: a vehicle's own, a crew's vehicle's, a person's 0."""
    if f.is_vehicle:
        return f.size
    ship = vehicle_of(state, f)
    return ship.size if ship is not None else PERSON_SIZE


def scaled(attacker: Character, target: Character) -> bool:
    """An attack the size scale governs (S3): fired from a vehicle, or at one."""
    return attacker.vehicle is not None or target.is_vehicle


def fire_bonuses(state: StarWarsState, crew: Character, target: Character) -> tuple[int, int]:
    """A scaled attack's bonuses: (to the attack: grouped stations; to the defense: the size
    bonus, a person counting as Size 0, and the target's defense stunts). Remembered for the
    scenario: sizes, stations and stunts never change."""
    key = (crew.name, target.name)
    found = state.bonus_memo.get(key)
    if found is None:
        stations = station_bonus(crew) if crew.vehicle is not None else 0
        bonus = size_bonus(scale_of(state, crew), scale_of(state, target))
        found = state.bonus_memo[key] = (stations, bonus + target.defense)
    return found


def engaged(state: StarWarsState, actor: Character, target: Character) -> bool:
    """Who acts on whom: a character on foot on characters on foot who are not duelling
    someone else, and on vehicles (an attack on one needs more: `may_harm_vehicle`); a crew
    on other vehicles, and on characters on foot when its vehicle is armed against people
    (mixed combat). Nobody reaches a crew member inside its vehicle but through the vehicle."""
    if target.is_vehicle:
        if target.name == actor.vehicle:
            return False
    elif target.vehicle is not None:
        return False
    else:
        ship = vehicle_of(state, actor)
        if ship is not None and not ship.anti_personnel:
            return False
    if not state.duels:  # (most battles have none)
        return True
    duel = state.duel_of(target.name)
    return duel is None or duel.other(target.name) == actor.name  # S8: a formal 1:1 fight


def may_harm_vehicle(state: StarWarsState, person: Character, target: Character) -> bool:
    """Mixed combat: a character on foot damages a vehicle only with appropriate equipment,
    or through an applicable aspect created on it (its side holds a free invoke on an aspect
    of the vehicle)."""
    if person.anti_vehicle:
        return True
    side = [f.name for f in state.active(person.side)]
    return any(a.owner == target.name and any(a.free_for(n) for n in side) for a in state.aspects)


def may_fire(state: StarWarsState, crew: Character) -> bool:
    """S9: a weapon station fires; a pilot fires only when flying alone (a fighter pilot moves
    and shoots in one turn)."""
    if crew.station == "gunner":
        return True
    if crew.station != "pilot":
        return False
    for name in state.crews.get(crew.vehicle or "", ()):  # nobody else aboard in the fight
        f = state.fighters[name]
        if f.active and f is not crew:
            return False
    return True


def weapon_reach(state: StarWarsState, crew: Character) -> int | None:
    """S3: how many zones the crew's vehicle's weapons reach (None aboard no vehicle)."""
    ship = vehicle_of(state, crew)
    return weapon_range(ship.size) if ship is not None else None


#: S9: a vehicle hides from sensors with its pilot's Stealth (a passive 0 when unrated)
STEALTH_SKILL: Final = "Stealth"
#: S9: what a vehicle resists a crew's action with: its pilot's Pilot against a maneuver (and
#: a shot, S10), its pilot's Stealth against sensors
RESISTS: Final = {
    "attack": (DEFENSE_SKILL,),
    "advantage": (DEFENSE_SKILL,),
    "tail": (DEFENSE_SKILL,),
    "discover": (STEALTH_SKILL,),
}


def detects(state: StarWarsState, crew: Character, target: Character, gap: int) -> bool:
    """S3/S9: sensors reach a vehicle `gap` zones away within detection range, halved once
    if either vessel's sensors are passive."""
    ship = vehicle_of(state, crew)
    if ship is None:
        return False
    passive = ship.passive_sensors or target.passive_sensors
    return gap <= detection_range(ship.size, target.size, passive)
