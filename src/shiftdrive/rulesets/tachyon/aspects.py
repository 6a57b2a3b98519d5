"""Tachyon: aspects."""

from __future__ import annotations

import re
from typing import Final

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import (
    Roll,
    TachyonState,
    Unit,
)

# Create-advantage actions by phase: skill rolled and skill a targeted unit resists with.
ADVANTAGE: Final = {
    "maneuver": ("pilot", "pilot"),
    "advantage": ("gunnery", "pilot"),
    "ew_advantage": ("technology", "technology"),
}
# Suggested aspect names every seat is offered; as words they give nothing away.
SUGGESTED: Final = ("Watching your six", "Out of the sun", "Covering fire", "Jam their sensors",
                    "Sensor ghosts")  # fmt: skip
BOOST: Final = AspectKind.BOOST  # one name: reading the enum member costs more, per aspect


def add_aspect(
    state: TachyonState,
    name: str,
    owner: str | None,
    free: int,
    holder: str | None,
    *,
    zone: str | None = None,
    round_only: bool = False,
    kind: AspectKind = AspectKind.SITUATION,
) -> Aspect:
    existing = state.aspects.find(name)
    if existing is not None and existing.owner == owner and existing.kind == kind:
        if free and holder:
            existing.add_free(holder, free)
        return existing
    a = Aspect(unique(state.aspects, name), kind, owner=owner, zone=zone)
    if free and holder:
        a.add_free(holder, free)
    state.aspects.add(a)
    if round_only:
        state.round_aspects.append(a.name)
    return a


def advantage_outcome(
    state: TachyonState,
    roll: Roll,
    u: Unit,
    t: Unit | None,
    s: int,
    vis: frozenset[str] | None,
) -> list[Event]:
    """C5: fail nothing; tie a boost; success 1 free invoke; style 2."""
    name = str(roll.params.get("name") or "Advantage")
    owner = t.name if t else None
    zone = None if t else u.zone
    if s < 0:
        return [Event("advantage", f"{u.name} fails to create '{name}'", visible_to=vis)]
    if s == 0:
        return boost(state, u, name)
    free = 2 if s >= 3 else 1
    a = add_aspect(state, name, owner, free, u.name, zone=zone)
    where = f"on {t.name}" if t else f"in {u.zone}"
    return [
        Event(
            "advantage",
            f"{u.name} creates '{a.name}' {where} with {free} free invoke(s)",
            {"aspect": a.name},
            visible_to=vis,
        )
    ]


def boost(state: TachyonState, u: Unit, name: str = "") -> list[Event]:
    """C6: a boost, gone when invoked or at the end of the round (Tachyon)."""
    b = Aspect.boost(unique(state.aspects, name or f"Momentum ({u.name})"), u.name, owner=u.name)
    state.aspects.add(b)
    if state.quiet:
        return []
    return [
        Event("boost", f"{u.name} gains a boost '{b.name}'", visible_to=who_sees(state, u.name))
    ]


def base_name(name: str) -> str:
    """An aspect's name without the number `_unique` added to it."""
    return re.sub(r" \(\d+\)$", "", name)


def unique(aspects: AspectSet, name: str) -> str:
    if name not in aspects:
        return name
    n = 2
    while f"{name} ({n})" in aspects:
        n += 1
    return f"{name} ({n})"
