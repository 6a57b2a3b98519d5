"""Tachyon: aspects."""

from __future__ import annotations

import re
from typing import Final

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.engine.events import Event
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import (
    TachyonState,
    Unit,
)

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
    a = Aspect(state.aspects.unique_name(name), kind, owner=owner, zone=zone)
    if free and holder:
        a.add_free(holder, free)
    state.aspects.add(a)
    if round_only:
        state.round_aspects.append(a.name)
    return a


def boost(state: TachyonState, u: Unit, name: str = "") -> list[Event]:
    """C6: a boost, gone when invoked or at the end of the round (Tachyon)."""
    b = Aspect.boost(
        state.aspects.unique_name(name or f"Momentum ({u.name})"), u.name, owner=u.name
    )
    state.aspects.add(b)
    return [
        Event("boost", data={"unit": u.name, "aspect": b.name}, visible_to=who_sees(state, u.name))
    ]


def base_name(name: str) -> str:
    """An aspect's name without the number `_unique` added to it."""
    return re.sub(r" \(\d+\)$", "", name)
