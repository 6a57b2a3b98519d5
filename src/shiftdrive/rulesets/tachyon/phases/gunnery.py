"""Tachyon: phases.gunnery."""

from __future__ import annotations

from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.positions import large_short
from shiftdrive.rulesets.tachyon.state import (
    TachyonState,
    Unit,
)


def systems_for(state: TachyonState, u: Unit, t: Unit) -> list[str]:
    if large_short(state, u, t):
        return list(sysmod.SYSTEMS)
    return list(sysmod.LONG_RANGE_SYSTEMS)
