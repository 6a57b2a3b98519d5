"""Tachyon: sight."""

from __future__ import annotations

from shiftdrive.core.aspects import Aspect
from shiftdrive.engine.events import GM
from shiftdrive.rulesets.tachyon.state import (
    TachyonState,
    Unit,
)


def pub(state: TachyonState, name: str) -> str:
    u = state.units.get(name)
    return name if u is None or u.detected else "a hidden craft"


def who_sees(state: TachyonState, *names: str | None) -> frozenset[str] | None:
    """Who may see an event naming these units: only the side of any Undetected one."""
    units = state.units
    sides: set[str] | None = None
    for n in names:
        if n is None:
            continue
        u = units.get(n)
        if u is not None and not u.detected:
            sides = {u.side} if sides is None else sides & {u.side}
    return None if sides is None else frozenset(sides)


def seen(state: TachyonState, u: Unit, seat: str) -> bool:
    return seat == GM or u.side == seat or u.detected


def aspect_visible(state: TachyonState, a: Aspect, seat: str) -> bool:
    if seat == GM:
        return True
    owner = state.units.get(a.owner or "")
    if owner is not None and not seen(state, owner, seat):
        return False
    if a.hidden:
        if owner is None:  # made on the scene by an Undetected craft (T7), or by the GM
            maker = state.units.get(state.secret_aspects.get(a.name, ""))
            return maker is not None and (maker.side == seat or maker.detected)
        return owner.side == seat
    return True


def aspect_maker(state: TachyonState, a: Aspect) -> str | None:
    """The Undetected craft that made a hidden scene aspect (T7), if one did."""
    return state.secret_aspects.get(a.name) if a.hidden and a.owner is None else None
