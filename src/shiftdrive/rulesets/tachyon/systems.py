"""Large-target system tracks (seed 001 "Large target damage"; rulings T3, T5, T6).

Each row is two counting boxes; a row's effect applies once both boxes are marked (T5).
Penalties of one kind take the largest N among completed rows; states accumulate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from shiftdrive.core.stress import StressKind, StressTrack

GUNS_OUT: Final = "gun emplacements out of action"
ANTISHIP_OUT: Final = "anti-ship weapons out of action"
SHIELD_OFFLINE: Final = "long-range shield offline"
DEAD: Final = "dead in the water"
FUEL_FIRE: Final = "fuel fire"
EXPLODED: Final = "catastrophic explosion"
BRIDGE_OUT: Final = "bridge out of action"

# Penalty kinds: gun_gunnery / gun_tactics (all gun emplacements), technology and defense
# (the large target's own rolls), long_shield (long-range shield rating minus N).
SYSTEMS: Final[dict[str, list[dict[str, Any]]]] = {
    "gun_emplacements": [
        {"gun_gunnery": 1},
        {"gun_gunnery": 2},
        {"state": GUNS_OUT},
    ],
    "antiship_weapons": [{}, {}, {"state": ANTISHIP_OUT}],
    "long_range_shield_generator": [
        {"long_shield": 2},
        {"long_shield": 3},
        {"state": SHIELD_OFFLINE},
    ],
    "propulsion": [
        {"gun_tactics": 1},
        {"gun_tactics": 1, "technology": 1},
        {"gun_tactics": 2, "technology": 1},
        {"state": DEAD},
        {"state": FUEL_FIRE},
        {"state": EXPLODED},
    ],
    "bridge": [
        {"gun_gunnery": 1},
        {"gun_gunnery": 1, "defense": 1},
        {"gun_gunnery": 2, "defense": 1},
        {"defense": 2, "state": BRIDGE_OUT},
    ],
}
SYSTEM_NAMES: Final = {
    "gun_emplacements": "gun emplacements",
    "antiship_weapons": "anti-ship weapons",
    "long_range_shield_generator": "long-range shield generator",
    "propulsion": "propulsion",
    "bridge": "bridge",
}
# Seed: the gun emplacement rows minimize the guns' dice "on Gunnery attacks", the bridge's
# "on Gunnery rolls": these tracks' penalties count on the guns' attacks only (T6).
ATTACKS_ONLY: Final = frozenset({"gun_emplacements"})
# T4: short range may target every system; long range only these.
LONG_RANGE_SYSTEMS: Final = ("antiship_weapons", "propulsion")
# T3: system bonuses.
DEFENSE_BONUS: Final = {"bridge": 1}
ARMOR_BONUS: Final = {"propulsion": 1}


def new_tracks() -> dict[str, StressTrack]:
    return {
        name: StressTrack(name, StressKind.COUNTING, [1] * (2 * len(rows)))
        for name, rows in SYSTEMS.items()
    }


@dataclass(slots=True)
class Effects:
    minimize: dict[str, int] = field(default_factory=dict)
    states: list[str] = field(default_factory=list)


def effects(tracks: dict[str, StressTrack], attack: bool = True) -> Effects:
    """T5: completed rows combine (largest N per penalty kind; states accumulate). For a roll
    that is no attack (`attack` False), the penalties of `ATTACKS_ONLY` tracks do not count."""
    out = Effects()
    for name, rows in SYSTEMS.items():
        track = tracks[name]
        penalties = attack or name not in ATTACKS_ONLY
        for i, row in enumerate(rows):
            if not (track.marked[2 * i] and track.marked[2 * i + 1]):
                continue
            for key, value in row.items():
                if key == "state":
                    if value not in out.states:
                        out.states.append(value)
                elif penalties:
                    out.minimize[key] = max(out.minimize.get(key, 0), int(value))
    return out


def completed_rows(track: StressTrack) -> int:
    return sum(
        1 for i in range(len(track.marked) // 2) if track.marked[2 * i] and track.marked[2 * i + 1]
    )
