"""What a bot or a user interface may ask of a diaspora fight, through the rules' own
functions (never a copy of them)."""

from __future__ import annotations

from shiftdrive.core.consequences import Severity
from shiftdrive.rulesets.diaspora import damage
from shiftdrive.rulesets.diaspora.phases import sequence
from shiftdrive.rulesets.diaspora.state import DiasporaState, Hit, Ship


def enemies(state: DiasporaState, ship: str) -> list[Ship]:
    return sequence.enemies(state, state.ships[ship])


def distance(state: DiasporaState, a: str, b: str) -> int:
    return sequence.distance(state.ships[a], state.ships[b])


def heat_open(state: DiasporaState, ship: str) -> int:
    """Heat boxes above the highest marked one: how much burn the ship can take unhurt."""
    heat = state.ships[ship].tracks["heat"]
    highest = heat.highest_marked()
    return len(heat) - (0 if highest is None else highest + 1)


def waiting_hit(state: DiasporaState) -> Hit | None:
    return state.hits[0] if state.hits else None


def would_destroy(state: DiasporaState, hit: Hit, combo: tuple[Severity, ...]) -> bool:
    """Whether the hit, less the consequences `combo`, passes the track's last box."""
    ship = state.ships[hit.ship]
    left = hit.shifts - damage.reduction(ship, combo)
    return left > 0 and ship.tracks[hit.track].cascade_target(left) is None


def absorb_ways(state: DiasporaState, hit: Hit) -> tuple[tuple[Severity, ...], ...]:
    return damage.ways(state.ships[hit.ship], hit.shifts)


def way_text(combo: tuple[Severity, ...]) -> str:
    return damage.way_text(combo)


def outnumbered(state: DiasporaState, ship: str) -> bool:
    """Whether `ship`'s side has fewer ships fighting than its enemies."""
    side = state.ships[ship].side
    mine = sum(1 for s in state.fighting() if s.side == side)
    return mine < len(enemies(state, ship))


def open_shifts(state: DiasporaState) -> int | None:
    """The open attack's shifts as they stand (attack - the target's defence)."""
    contest = state.contest
    if contest is None:
        return None
    return contest.attack - state.defence[contest.target]


def attacking(state: DiasporaState, ship: str) -> bool:
    return state.contest is not None and state.contest.attacker == ship


def position_gap(state: DiasporaState, ship: str) -> int | None:
    """How far `ship`'s position roll is below the best other roll (negative: ahead)."""
    others = [r for name, r in state.rolls.items() if name != ship]
    if ship not in state.rolls or not others:
        return None
    return max(others) - state.rolls[ship]


def repair_shifts(state: DiasporaState) -> int | None:
    """The open repair roll's shifts against the highest marked box (D7), or None."""
    repair = state.repair
    if repair is None:
        return None
    track = state.ships[repair.ship].tracks[repair.track]
    highest = track.highest_marked()
    return None if highest is None else repair.result - track.boxes[highest]
