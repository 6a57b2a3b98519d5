"""Tachyon: positions."""

from __future__ import annotations

from typing import Final

from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.tachyon.state import (
    ACTIVE,
    CRAFT,
    FLIGHT,
    LARGE,
    TURRET,
    TachyonState,
    Unit,
)

ON_TAIL: Final = "On their tail"
DIVING_IN: Final = "Diving in"
SMALL: Final = (CRAFT, FLIGHT)  # the kinds `Unit.small` is true for


def zmap(state: TachyonState) -> ZoneMap:
    assert isinstance(state.zmap, ZoneMap)
    return state.zmap


def dist(state: TachyonState, a: str, b: str) -> int:
    d = zmap(state).distance(a, b)
    return 99 if d is None else d


def fighting(state: TachyonState, side: str) -> list[Unit]:
    return [
        u
        for u in state.units.values()
        if u.side == side and u.status == ACTIVE and u.kind != TURRET
    ]


def sides_fighting(state: TachyonState) -> list[str]:
    """Sides with a craft, flight or ship still in the fight, in side order."""
    alive: set[str] = set()
    for u in state.units.values():
        if u.status == ACTIVE and u.kind != TURRET and u.side not in alive:
            alive.add(u.side)
            if len(alive) == len(state.sides):
                return list(state.sides)  # all still in it (asked after every step)
    return [s for s in state.sides if s in alive]


def enemies(state: TachyonState, u: Unit, *, small: bool = True) -> list[Unit]:
    """Enemy small craft (or large targets) in the fight and detected. The `active` and
    `small` properties are read directly: asked for every menu (~150 times a battle)."""
    side = u.side
    if small:
        return [
            e
            for e in state.units.values()
            if e.side != side and e.status == ACTIVE and e.detected and e.kind in SMALL
        ]
    return [
        e
        for e in state.units.values()
        if e.side != side and e.status == ACTIVE and e.detected and e.kind == LARGE
    ]


def foes(state: TachyonState, u: Unit, zone: str | None = None) -> tuple[list[Unit], list[Unit]]:
    """`_enemies` both ways in one pass, (small craft, large targets): a menu naming both
    walks the units once. Given a zone, only those in it."""
    side = u.side
    craft: list[Unit] = []
    ships: list[Unit] = []
    for e in state.units.values():
        if e.side != side and e.status == ACTIVE and e.detected:
            if zone is not None and e.zone != zone:
                continue
            kind = e.kind
            if kind in SMALL:
                craft.append(e)
            elif kind == LARGE:
                ships.append(e)
    return craft, ships


def weapon_range(u: Unit) -> int:
    return max(u.weapons.values(), default=-1)


def dead_last(state: TachyonState, u: Unit) -> None:
    others = [x.initiative for x in state.units.values() if x.active and x is not u]
    if others:
        u.initiative = min(u.initiative, min(others) - 1)
    u.tie_rank = 0  # an earlier refocus or push no longer places it (T8)


def large_short(state: TachyonState, u: Unit, target: Unit) -> bool:
    """T4: short range only in the target's zone while holding Diving in on it."""
    return u.zone == target.zone and on(DIVING_IN, u.name, target.name) in state.aspects


def on_tail(state: TachyonState, u: Unit, target: str) -> bool:
    """Whether `u` is On their tail of `target` this round (T10)."""
    return on(ON_TAIL, u.name, target) in state.aspects


def tailing(state: TachyonState, u: Unit) -> set[str]:
    """The craft `u` is On their tail of this round (T10), by name."""
    return {t for t in state.units if on_tail(state, u, t)}


def on(position: str, craft: str, target: str) -> str:
    """The aspect a craft holds on its target (T10): "On their tail (Viper-1 on Raider-2)"."""
    return f"{position} ({craft} on {target})"
