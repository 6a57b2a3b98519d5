"""Pilot Wave's ship tables as data (seed "Spaceship Scale", "Spaceship Combat", "Sensors";
RULINGS P4, P7, P12): scales, weapons by range, the sensor difficulties, stations and systems.
Pure functions over them; no state."""

from __future__ import annotations

from typing import Final

SCALES: Final[tuple[str, ...]] = ("far", "orbital", "extreme")
HEX_SIZE: Final[dict[str, str]] = {"far": "15 km", "orbital": "15,000 km", "extreme": "15 Mkm"}
EXCHANGE: Final[dict[str, str]] = {
    "far": "six seconds", "orbital": "one minute", "extreme": "ten minutes",
}  # fmt: skip
EXCHANGE_SECONDS: Final[dict[str, int]] = {"far": 6, "orbital": 60, "extreme": 600}
#: P4 / P12: the range difficulty of every attack at the scale
RANGE_DIFFICULTY: Final[dict[str, int]] = {"far": 1, "orbital": 2, "extreme": 3}

#: the phases of an exchange, in order (P12)
PHASES: Final[tuple[str, ...]] = (
    "sensors", "movement", "targeting", "countermeasures", "resolution", "boarding",
)  # fmt: skip

# --- stations and systems ------------------------------------------------------------------
#: P12: each station's crew member rolls its skill
STATIONS: Final[dict[str, str]] = {
    "pilot": "Space Ops",
    "gunner": "Space Combat",
    "sensors": "Space Combat",
    "engineer": "Engineering",
}
#: the systems a gunner may target (seed "Targeting Phase")
SYSTEMS: Final[tuple[str, ...]] = ("drives", "weapons", "sensors", "command", "hull")
#: P12: a ship with command disabled rolls every crew roll at this
COMMAND_PENALTY: Final = -1
#: P12: countermeasures roll against Mediocre (0); the station says how (evasion by the pilot
#: needs drives, point defense and decoys by the gunner need weapons, jamming needs sensors)
COUNTERMEASURES_DIFFICULTY: Final = 0
COUNTERMEASURE_SYSTEM: Final[dict[str, str]] = {
    "pilot": "drives", "gunner": "weapons", "sensors": "sensors",
}  # fmt: skip
#: P12: the hull stress track (Fate Core kind, C8a) and consequences of a ship by default
HULL_BOXES: Final = 4


# --- weapons (P4) ---------------------------------------------------------------------------
class ShipWeapon:
    """A ship weapon: its reach in hexes at each scale (none: not at that scale) and value."""

    def __init__(self, name: str, reach: dict[str, int], value: int, missile: bool) -> None:
        self.name = name
        self.reach = reach
        self.value = value
        self.missile = missile

    def reaches(self, scale: str, distance: int) -> bool:
        """Whether a ship `distance` hexes away is in reach at `scale`: 0 (the same hex: ships
        may share one) up to the table's reach; never at a scale the table leaves out."""
        reach = self.reach.get(scale)
        return reach is not None and 0 <= distance <= reach


#: P4: CPR/EPR adjacent only (at Far: it needs hours to cross a hex at larger scales),
#: missiles 2/2/3 hexes, KEW 2/2/-, DEW 3/3/4; damage 1, 2, 3, 4
WEAPONS: Final[dict[str, ShipWeapon]] = {
    w.name: w
    for w in (
        ShipWeapon("cpr", {"far": 1}, 1, False),
        ShipWeapon("missiles", {"far": 2, "orbital": 2, "extreme": 3}, 2, True),
        ShipWeapon("kew", {"far": 2, "orbital": 2}, 3, False),
        ShipWeapon("dew", {"far": 3, "orbital": 3, "extreme": 4}, 4, False),
    )
}
WEAPON_NAMES: Final[dict[str, str]] = {
    "cpr": "CPR/EPR", "missiles": "missiles", "kew": "KEW", "dew": "DEW",
}  # fmt: skip
#: P12: at Extreme scale a missile strikes in the next exchange's resolution, having flown
#: the seed's "eight hexes in an exchange"
MISSILE_HEXES_PER_EXCHANGE: Final = 8


def missiles_travel(scale: str) -> bool:
    return scale == "extreme"


# --- sensors (seed "Sensors" table; words on the C1 ladder) ---------------------------------
ADJACENT: Final = "adjacent"
#: row (adjacent or the scale) -> (active vs signal, passive vs signal, active vs drift,
#: passive vs drift): Certain -4, Effortless -2, Trivial 0, Routine 2, Formidable 4,
#: Impossible 6, Futile 8
SENSORS: Final[dict[str, tuple[int, int, int, int]]] = {
    ADJACENT: (-4, -2, 0, 2),
    "far": (-2, 0, 2, 4),
    "orbital": (0, 2, 4, 6),
    "extreme": (2, 4, 6, 8),
}


def sensor_difficulty(scale: str, distance: int, active: bool, signal: bool) -> int:
    """The seed's difficulty to detect a ship `distance` hexes away."""
    row = SENSORS[ADJACENT if distance <= 1 else scale]
    return row[(0 if active else 1) + (0 if signal else 2)]
