"""What a bot or a UI may ask about a ship fight, through the rules' own functions: the
turn's ship, its speeds, the enemies it sees and their distance, each shot's odds and the
harm it may do, what it may board or repair."""

from __future__ import annotations

from fractions import Fraction

from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave.catalog import move_shift
from shiftdrive.rulesets.pilot_wave.ships.boarding import boardable, repairable
from shiftdrive.rulesets.pilot_wave.ships.movement import speeds
from shiftdrive.rulesets.pilot_wave.ships.resolution import attack_odds
from shiftdrive.rulesets.pilot_wave.ships.rolls import (
    invoke_gain,
    invoke_need,
    open_invokes,
    roving,
    shifts_of,
)
from shiftdrive.rulesets.pilot_wave.ships.space import enemies
from shiftdrive.rulesets.pilot_wave.ships.state import Ship, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import WEAPONS

__all__ = [
    "boardable", "invoke_gain", "invoke_need", "move_shift", "open_invokes", "repairable",
    "roving", "speeds",
]  # fmt: skip


def ship_of(state: ShipState, turn: Turn) -> Ship:
    return state.ships[turn.actor or ""]


def seen_enemies(state: ShipState, ship: Ship) -> list[Ship]:
    return [e for e in enemies(state, ship.side) if state.sees(ship.side, e)]


def reach(state: ShipState, ship: Ship) -> int:
    """The longest reach of the ship's weapons at this scale (0: none)."""
    return max((WEAPONS[w].reach.get(state.scale, 0) for w in ship.weapons), default=0)


def expected_harm(state: ShipState, ship: Ship, target: Ship, weapon: str) -> Fraction:
    """The mean shifts of harm a shot would do after armor (misses and boosts count 0)."""
    o = attack_odds(state, ship, target, weapon)
    value = WEAPONS[weapon].value - target.armor
    return sum(
        (p * (s + value) for s, p in o.shifts.items() if s >= 0 and s + value > 0), Fraction(0)
    )


def hit_chance(state: ShipState, ship: Ship, target: Ship, weapon: str) -> Fraction:
    return attack_odds(state, ship, target, weapon).at_least_tie


def distance_to(a: Hex, ship: Ship) -> int:
    return a.distance(ship.at)


def dark(ship: Ship) -> bool:
    """Running dark: no signal now or last exchange, and no shot fired yet."""
    return not (ship.fired or ship.signal or ship.signal_last)


def centre(state: ShipState) -> Hex:
    """The hex nearest the middle of the map (where a search sweeps toward)."""
    hexes = sorted(state.hexes)
    qs = sorted(h.q for h in hexes)
    rs = sorted(h.r for h in hexes)
    mid = Hex(qs[len(qs) // 2], rs[len(rs) // 2])
    return min(hexes, key=lambda h: (h.distance(mid), h))


def roll_shifts(state: ShipState) -> int:
    """The shifts of the crew roll waiting for invokes, with those made so far."""
    assert state.roll is not None
    return shifts_of(state.roll)
