"""Where ships are and what they reach: distances on the hex map, the movement shift on
actions by and against a mover (P10, matched vectors), weapons' reach (P4), who a side may
target (detected, in the fight), groups of one type, and events told only to those who see."""

from __future__ import annotations

from typing import Any

from shiftdrive.engine.events import Event
from shiftdrive.rulesets.pilot_wave.catalog import move_shift
from shiftdrive.rulesets.pilot_wave.ships.state import Ship, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import WEAPONS


def distance(a: Ship, b: Ship) -> int:
    return a.at.distance(b.at)


def moved(ship: Ship) -> int:
    return ship.moved or 0


def movement_shift(state: ShipState, actor: Ship, target: Ship | None = None) -> int:
    """P10: the larger of the actor's and the target's shifts for hexes moved this exchange
    (-1 / -2 / -3 for 5 / 10 / 20 or more); none between ships that matched vectors."""
    shift = move_shift(moved(actor))
    if target is not None:
        if state.is_matched(actor.name, target.name):
            return 0
        shift = min(shift, move_shift(moved(target)))
    return shift


def enemies(state: ShipState, side: str) -> list[Ship]:
    return [s for s in state.ships.values() if s.side != side and s.active]


def targets(state: ShipState, ship: Ship) -> list[tuple[Ship, str]]:
    """Every (enemy, weapon) the ship may aim at: detected, in the fight, in the weapon's
    reach at this scale; none when its weapons are disabled."""
    if not ship.works("weapons"):
        return []
    out: list[tuple[Ship, str]] = []
    for enemy in enemies(state, ship.side):
        if not state.sees(ship.side, enemy):
            continue
        d = distance(ship, enemy)
        for w in ship.weapons:
            if WEAPONS[w].reaches(state.scale, d):
                out.append((enemy, w))
    return out


def members(state: ShipState, ship: Ship) -> list[Ship]:
    """The ship and, when its side acts in groups (P12), the other ships of its type that
    have not acted in this phase: one decision moves them all."""
    if not state.groups.get(ship.side):
        return [ship]
    return [ship] + [
        s
        for s in state.ships.values()
        if s is not ship and s.active and s.side == ship.side and s.type == ship.type
        and s.name not in state.round.acted
    ]  # fmt: skip


def tell(kind: str, data: dict[str, Any], state: ShipState, about: Ship) -> Event:
    """An event about `about`: only the sides that see it (and the GM) read it."""
    return Event(kind, data=data, visible_to=state.seen_by(about))
