"""Tachyon: phases.damage_control."""

from __future__ import annotations

from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.state import (
    LARGE,
    TachyonState,
    Unit,
)


def repair(
    state: TachyonState, u: Unit, system: str, ok: bool, vis: frozenset[str] | None
) -> list[Event]:
    if not ok:
        return [Event("repair", f"{u.name}'s repairs fail", visible_to=vis)]
    if u.kind == LARGE:
        track = u.systems[system]
        before = set(sysmod.effects(u.systems).states)
        track.clear_last()  # T5: repair clears the last marked box of one track
        after = sysmod.effects(u.systems).states
        fixed = [s for s in before if s not in after]
        extra = f" ({', '.join(fixed)} no longer)" if fixed else ""
        return [
            Event(
                "repair",
                f"{u.name} repairs {sysmod.SYSTEM_NAMES[system]}: {track.render()}{extra}",
                {"unit": u.name, "system": system},
                visible_to=vis,
            )
        ]
    assert u.consequences is not None
    worst = u.consequences.taken()[-1]
    u.consequences.clear(worst.severity)
    if worst.aspect in state.aspects:
        state.aspects.remove(worst.aspect)
    return [
        Event(
            "repair",
            f"{u.name} repairs the worst damage: '{worst.aspect}' cleared",
            visible_to=vis,
        )
    ]
