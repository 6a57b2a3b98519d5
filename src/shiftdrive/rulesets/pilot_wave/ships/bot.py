"""A bot for a side of a ship fight. It runs dark (passive sensors, no change of speed, no
shots it is unlikely to land) until it strikes; then it sweeps actively, closes to its best
range and fires the shot that does the most harm, aiming at the drives of enemies faster than
itself. It counters when targeted, repairs what is down, boards what it matched, and jumps
away when its ship is badly hurt or has no weapons. It reads the state
and `query` only."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from shiftdrive.core.outcomes import MISHAP_SHIFTS
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave.ships import query
from shiftdrive.rulesets.pilot_wave.ships.state import ShipState

#: a dark ship fires only a shot at least this likely to land
DARK_SHOT: Fraction = Fraction(2, 5)
#: the share of its Tactics pool a side bids for side order (as the conflicts' bot)
BID_SHARE: int = 3
#: a hazardous roll this bad is a mishap (C2)
MISHAP: int = MISHAP_SHIFTS
#: consequences taken after which a ship tries to jump away
HURT: int = 2


def choose(ruleset: Any, state: ShipState, seat: str, rng: random.Random) -> Choice:
    turn: Turn | None = ruleset.turn_of(state, seat)
    legal: list[Choice] = ruleset.legal(state, seat)
    if turn is None:
        return rng.choice(legal)
    kind = turn.kind
    if kind == "bid":
        most = max(c.int_param("points") for c in legal)
        return next(c for c in legal if c.int_param("points") == most // BID_SHARE)
    if kind == "first_side":
        others = [c for c in legal if c.get("side") != seat]
        return others[0] if others else legal[0]
    if kind == "absorb_hit":
        return legal[0]
    if kind == "invoke":
        return _invoke(state, legal)
    ship = query.ship_of(state, turn)
    dark = query.dark(ship)
    if kind == "sensors":
        want = "passive" if dark else "active"
        return next((c for c in legal if c.get("mode") == want), legal[0])
    if kind == "movement":
        return _move(state, ship, legal, dark)
    if kind == "targeting":
        return _aim(state, ship, legal, dark)
    if kind == "countermeasures":
        best = max(
            (c for c in legal if c.action == "countermeasures"),
            key=lambda c: ship.station_skill(c.str_param("by")),
            default=None,
        )
        return best or legal[0]
    if kind == "boarding":
        for action in ("board", "repair"):
            found = [c for c in legal if c.action == action]
            if found:
                return found[0]
        if len(ship.consequences.taken()) >= HURT or not ship.weapons:
            jump = [c for c in legal if c.action == "jump" and c.int_param("parsecs") == 1]
            if jump:
                return jump[0]
        return next(c for c in legal if c.action == "stand_by")
    return legal[0]


#: the shifts at which each kind of crew roll succeeds (sensors: the next detection)
#: (a jump: P2's worst margin that still jumps, -3; on a hazardous roll -3 is a mishap: -2)
SUCCESS: dict[str, int] = {
    "attack": 0, "countermeasures": 1, "repair": 0, "high_g": 0, "jump": MISHAP,
}  # fmt: skip


def _invoke(state: ShipState, legal: list[Choice]) -> Choice:
    """Spend (free invokes, then just enough Tactics points, then fate points) only when that
    turns a failure into a success (a miss into a hit, no detection into one, no
    countermeasure into one, a failed repair, jump or high-G roll into a success) or a mishap
    into a plain miss; a success standing is kept as it is."""
    roll = state.roll
    assert roll is not None
    shifts = query.roll_shifts(state)
    reach = shifts + query.invoke_gain(state) + query.roving(state)
    floor = SUCCESS.get(roll["kind"])
    if roll["kind"] == "jump" and roll["hazardous"]:
        floor = MISHAP + 1
    if floor is None:  # sensors: any detection more is the success
        need = query.invoke_need(state)
        floor = None if need is None else shifts + need
    if floor is not None and shifts >= floor:
        floor = None
    if floor is not None and roll["hazardous"] and shifts <= MISHAP and reach < floor:
        floor = MISHAP + 1
    if floor is None or reach < floor:
        return next(c for c in legal if c.action == "pass")
    invokes = [c for c in legal if c.action == "invoke"]
    free = [c for c in invokes if c.get("payment") == "free"]
    # Tactics points come back next exchange: after free invokes, before fate points
    short = floor - shifts
    tactics = [c for c in legal if c.action == "tactics" and c.int_param("points") == short]
    return (free or tactics or invokes)[0]


def _move(state: ShipState, ship: Any, legal: list[Choice], dark: bool) -> Choice:
    enemies = query.seen_enemies(state, ship)
    want = max(1, query.reach(state, ship))
    centre = query.centre(state)
    best: tuple[float, int] | None = None
    pick = legal[0]
    for i, c in enumerate(legal):
        if c.action != "maneuver":
            continue
        dest = Hex.parse(c.str_param("to"))
        hexes = ship.at.distance(dest)
        change = abs(hexes - ship.last_moved)
        if enemies:
            gap = min(query.distance_to(dest, e) for e in enemies)
            score = abs(gap - want) + (100.0 if dark and change else 0.0) + 0.1 * change
            score += 0.3 * hexes - 1.5 * query.move_shift(hexes)
            if c.get("match") in {e.name for e in enemies}:
                score -= 0.5
        else:
            score = change + (0.0 if dark else 0.2 * dest.distance(centre))
        key = (score, i)
        if best is None or key < best:
            best, pick = key, c
    return pick


def _aim(state: ShipState, ship: Any, legal: list[Choice], dark: bool) -> Choice:
    best: tuple[Fraction, int] | None = None
    pick: Choice | None = None
    for i, c in enumerate(legal):
        if c.action != "aim":
            continue
        target = state.ships[c.str_param("target")]
        faster = target.drive > ship.drive and "drives" not in target.disabled()
        system = "drives" if faster else "hull"
        if c.str_param("system") != system:
            continue
        weapon = c.str_param("weapon")
        if dark and query.hit_chance(state, ship, target, weapon) < DARK_SHOT:
            continue
        harm = query.expected_harm(state, ship, target, weapon)
        key = (harm, -i)
        if best is None or key > best:
            best, pick = key, c
    return pick or next(c for c in legal if c.action == "hold_fire")
