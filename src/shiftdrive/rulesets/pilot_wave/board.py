"""The hex map at the scenario's scale: where characters stand, what a weapon reaches (P9's
range bands), line of sight, and the movement shift on actions by and against a mover (P10)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.maps.hexwalks import HexWalks
from shiftdrive.rulesets.pilot_wave.catalog import (
    ADJACENT,
    HAND,
    UNARMED,
    Weapon,
    band_at,
    move_shift,
)

if TYPE_CHECKING:
    from shiftdrive.rulesets.pilot_wave.state import Fighter, PilotWaveState


#: the settings entry `band` remembers its answers in
BANDS_SEEN: Final = "bands seen"
#: how many of `band`'s answers one map, scale and weapon table keeps before forgetting them
BANDS_KEPT: Final = 200_000
#: no band: what `band`'s memo gives for a question not asked yet
UNSEEN: Final = -1
#: how many maps and scales `band` keeps answers for
MAPS_KEPT: Final = 32

#: `band`'s answers by map (its walks) and scale, with the weapon table they were found for:
#: a scenario's battles share its map and its table, so each answer serves them all
_BANDS: dict[
    tuple[HexWalks, str], tuple[dict[str, Weapon], dict[tuple[str, str, str], int | None]]
] = {}


def walks_of(data: Mapping[str, Any]) -> HexWalks:
    """The scenario's map with its walks, built once per distinct map and shared by every
    battle on it: the map never changes, and what it remembers (lines of sight, walks)
    serves them all."""
    return _walks_from(json.dumps(data, sort_keys=True))


@lru_cache(maxsize=32)
def _walks_from(text: str) -> HexWalks:
    return HexWalks(HexMap.from_dict(json.loads(text)))


def hex_map(state: PilotWaveState) -> HexMap:
    return walks(state).map


def walks(state: PilotWaveState) -> HexWalks:
    """Where one can step on the map, and the walks asked so far."""
    found = state.settings["walks"]
    assert isinstance(found, HexWalks)
    return found


def where(f: Fighter) -> Hex:
    return Hex.parse(f.zone)


def distance(a: str, b: str) -> int:
    return Hex.parse(a).distance(Hex.parse(b))


def weapon_of(state: PilotWaveState, f: Fighter) -> Weapon:
    table: dict[str, Weapon] = state.settings["weapons"]
    found = table.get(f.weapon)  # the table is by lower-case name, as most names are
    return found if found is not None else table.get(f.weapon.lower(), UNARMED)


def occupied(state: PilotWaveState, but: str = "") -> frozenset[Hex]:
    """Hexes where a character still in the fight stands (nobody passes through them)."""
    return frozenset(where(f) for f in state.active() if f.name != but)


def band(state: PilotWaveState, shooter: Fighter, target: Fighter) -> int | None:
    """The range band of `target` for `shooter`'s ranged weapon, None when out of range or
    out of sight (walls block a shot; P9's bands scaled to the map's scale). Remembered by
    weapon and hexes for as long as the map, the scale and the weapon table stay the same,
    across the battles of a scenario (`_bands`): menus and bots ask it for every enemy and
    fire mode."""
    settings = state.settings
    paths, weapons = settings["walks"], settings["weapons"]
    seen = settings.get(BANDS_SEEN)
    if seen is None or seen[0] is not paths or seen[1] != state.scale or seen[2] is not weapons:
        seen = settings[BANDS_SEEN] = (
            paths,
            state.scale,
            weapons,
            _bands(paths, state.scale, weapons),
        )
    memo: dict[tuple[str, str, str], int | None] = seen[3]
    key = (shooter.weapon, shooter.zone, target.zone)
    found = memo.get(key, UNSEEN)
    if found != UNSEEN:
        return found
    found = band_between(state, weapon_of(state, shooter), where(shooter), where(target))
    if len(memo) >= BANDS_KEPT:
        memo.clear()
    memo[key] = found
    return found


def _bands(
    paths: HexWalks, scale: str, weapons: dict[str, Weapon]
) -> dict[tuple[str, str, str], int | None]:
    """The answers `band` has found on this map at this scale with this weapon table."""
    found = _BANDS.get((paths, scale))
    if found is None or found[0] is not weapons:
        if len(_BANDS) >= MAPS_KEPT:
            _BANDS.clear()
        found = _BANDS[(paths, scale)] = (weapons, {})
    return found[1]


def band_between(state: PilotWaveState, weapon: Weapon, a: Hex, b: Hex) -> int | None:
    """The range band of hex `b` from hex `a` for `weapon` (None: out of range or sight)."""
    found = band_by_distance(state, weapon, a.distance(b))
    if found is None or not hex_map(state).line_of_sight(a, b):
        return None
    return found


def band_by_distance(state: PilotWaveState, weapon: Weapon, hexes: int) -> int | None:
    """The range band of a target `hexes` away for `weapon`, sight aside (None: not a ranged
    weapon, or out of range)."""
    if not weapon.ranged:
        return None
    return band_at(weapon.kind, state.scale, hexes)


def adjacent(a: Fighter, b: Fighter) -> bool:
    return where(a).distance(where(b)) == ADJACENT


def movement_shift(state: PilotWaveState, actor: Fighter, target: Fighter | None) -> int:
    """P10: the larger of the actor's and the target's move shifts this exchange (<= 0); none
    when both moved and the scene has attackers matching vectors (`matched_vectors`)."""
    shift = move_shift(actor.moved)
    if target is not None:
        if state.settings.get("matched_vectors") and actor.moved and target.moved:
            return 0
        shift = min(shift, move_shift(target.moved))
    return shift


def melee_value(state: PilotWaveState, f: Fighter) -> int:
    """Hand-to-hand weapon value: a hand weapon's own; a long gun's butt is Average (1, the
    seed's note); a pistol or bare hands Mediocre (0)."""
    weapon = weapon_of(state, f)
    if weapon.kind == HAND:
        return weapon.value
    return 1 if weapon.kind in ("carbine", "rifle") else 0
