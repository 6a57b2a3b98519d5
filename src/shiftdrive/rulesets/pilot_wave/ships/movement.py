"""The movement phase (seed "Space combat", P10, P12, P7): a ship that moved n hexes last
exchange moves between max(0, n - M) and n + M hexes now (M: its maneuver drive; drives
disabled: exactly n). Distance is the straight line on the hex map; ships may share a hex.
A ship that changes its speed uses its drive and signals. A ship may match vectors with a ship
that has moved this exchange: end beside it having moved as many hexes (no movement shift
between them; boarding needs it). Changing speed by more than 6 hexes is beyond 6G (P7)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from shiftdrive.core.aspects import Aspect, AspectKind
from shiftdrive.core.consequences import absorb_options
from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.engine.actions import Action, ParamKind
from shiftdrive.engine.choices import Choice
from shiftdrive.engine.events import Event
from shiftdrive.engine.ruleset import Turn
from shiftdrive.maps.hexgrid import Hex
from shiftdrive.rulesets.pilot_wave.catalog import (
    HIGH_G,
    HIGH_G_DEAD_SECONDS,
    HIGH_G_DIFFICULTY,
    HIGH_G_OUT_SECONDS,
)
from shiftdrive.rulesets.pilot_wave.ships import rolls
from shiftdrive.rulesets.pilot_wave.ships.space import members, tell
from shiftdrive.rulesets.pilot_wave.ships.state import (
    ADRIFT,
    DEAD,
    DEPARTED,
    OK,
    OUT,
    Ship,
    ShipState,
)
from shiftdrive.rulesets.pilot_wave.ships.tables import EXCHANGE_SECONDS


def speeds(ship: Ship) -> tuple[int, int]:
    """The fewest and most hexes the ship may move this exchange."""
    change = ship.drive if ship.works("drives") else 0
    return max(0, ship.last_moved - change), ship.last_moved + change


def destinations(state: ShipState, ship: Ship) -> list[Hex]:
    lo, hi = speeds(ship)
    here = ship.at
    return [h for h in here.spiral(hi) if h in state.hexes and here.distance(h) >= lo]


def vectors(state: ShipState, ship: Ship) -> list[Hex]:
    """The moves (as offsets) the ship, or its whole group, may make."""
    group = members(state, ship)
    offsets = [h - ship.at for h in destinations(state, ship)]
    if len(group) == 1:
        return offsets
    legal = [{h - m.at for h in destinations(state, m)} for m in group[1:]]
    return [v for v in offsets if all(v in ok for ok in legal)]


def matches(state: ShipState, ship: Ship) -> list[tuple[Hex, Ship]]:
    """(hex, ship) pairs where `ship` would match vectors with a ship that has moved."""
    lo, hi = speeds(ship)
    out: list[tuple[Hex, Ship]] = []
    for other in state.ships.values():
        if other is ship or not other.active or other.moved is None:
            continue
        if not state.sees(ship.side, other) or not lo <= other.moved <= hi:
            continue
        for h in sorted({other.at, *other.at.neighbours()}):
            if h in state.hexes and ship.at.distance(h) == other.moved:
                out.append((h, other))
    return out


class Maneuver(Action[ShipState]):
    name = "maneuver"
    params: ClassVar[Mapping[str, ParamKind]] = {"to": ParamKind.HEX, "match": ParamKind.UNIT}

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        here = ship.at
        out = [
            Choice.of("maneuver", f"Move {here.distance(here + v)} hexes to {here + v}",
                      to=str(here + v))
            for v in vectors(state, ship)
        ]  # fmt: skip
        if len(members(state, ship)) == 1:
            out += [
                Choice.of("maneuver", f"Match vectors with {o.name} at {h}", to=str(h),
                          match=o.name)
                for h, o in matches(state, ship)
            ]  # fmt: skip
        return out

    def check(self, state: ShipState, turn: Turn, choice: Choice) -> str | None:
        ship = state.ships[turn.actor or ""]
        try:
            dest = Hex.parse(choice.str_param("to"))
        except ValueError as exc:
            return f"to: {exc}"
        match = choice.str_param("match")
        if match:
            if any(h == dest and o.name == match for h, o in matches(state, ship)):
                return None
            return f"{ship.name} cannot match vectors with {match} at {dest}"
        if set(choice.free) or dict(choice.params).keys() != {"to"}:
            return "maneuver takes to=q,r (and match=SHIP)"
        if dest not in state.hexes:
            return f"{dest} is off the map"
        lo, hi = speeds(ship)
        d = ship.at.distance(dest)
        if not lo <= d <= hi:
            return f"{ship.name} moves {lo} to {hi} hexes this exchange, not {d}"
        if dest - ship.at not in vectors(state, ship):
            return f"the group of {ship.name} cannot all move that way"
        return None

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        dest = Hex.parse(choice.str_param("to"))
        match = choice.str_param("match")
        group = [ship] if match else members(state, ship)
        vector = dest - ship.at
        events: list[Event] = []
        for m in group:
            events += move(state, m, m.at + vector, dice)
        if match:
            state.matched.append([ship.name, match])
            # (only the sides that see both ships read it: the other names a ship)
            seen = state.seen_by(ship) & state.seen_by(state.ships[match])
            data = {"ship": ship.name, "with": match}
            events.append(Event("ship_matched", data=data, visible_to=seen))
        return events


class DriftOff(Action[ShipState]):
    """A ship whose slowest move leaves the map drifts off it and out of the fight."""

    name = "drift_off"

    def options(self, state: ShipState, turn: Turn) -> list[Choice]:
        ship = state.ships[turn.actor or ""]
        if destinations(state, ship):
            return []
        return [Choice.of("drift_off", "Drift off the map (leave the fight)")]

    def apply(self, state: ShipState, turn: Turn, choice: Choice, dice: DiceSource) -> list[Event]:
        ship = state.ships[turn.actor or ""]
        state.round.done(ship.name)
        event = tell("ship_departed", {"ship": ship.name, "side": ship.side}, state, ship)
        ship.status = DEPARTED
        return [event]


def move(state: ShipState, ship: Ship, dest: Hex, dice: DiceSource) -> list[Event]:
    """Move one ship; a change of speed signals; beyond 6G the crew rolls (P7)."""
    hexes = ship.at.distance(dest)
    state.round.done(ship.name)
    ship.hex = str(dest)
    ship.moved = hexes
    change = abs(hexes - ship.last_moved)
    if change:
        ship.signal = True
    events = [
        tell(
            "ship_moved",
            {"ship": ship.name, "hexes": hexes, "to": ship.hex, "change": change},
            state,
            ship,
        )
    ]
    if change > HIGH_G:
        events += high_g(state, ship, dice)
    return events


def high_g(state: ShipState, ship: Ship, dice: DiceSource) -> list[Event]:
    """P7: each crew member up rolls Space Ops against Difficult (+3) or takes the shortfall as
    a physical hit (absorbed the mildest way: a box alone first); time beyond 6G adds up: a
    minute takes the crew out, ten minutes kill it. A ship with nobody up is adrift. The crew
    roll together; each roll in turn may take invokes (`rolls`) before it is read."""
    ship.high_g_seconds += EXCHANGE_SECONDS[state.scale]
    queue: list[list[Any]] = [
        [ship.name, c.name, list(roll_fudge(dice, why="high G", who=ship.name).faces)]
        for c in ship.crew
        if c.status == OK
    ]
    queue.append([ship.name, None, []])  # then the time beyond 6G
    if state.roll is not None:  # a ship of the same group is still rolling: after it
        assert state.roll["kind"] == "high_g"
        state.roll["ctx"]["queue"] += queue
        return []
    return _next_high_g(state, queue)


def _next_high_g(state: ShipState, queue: list[list[Any]]) -> list[Event]:
    """The next crew roll in the queue (in hand), or a ship's time beyond 6G."""
    events: list[Event] = []
    while queue:
        (name, crew, faces), queue = queue[0], queue[1:]
        ship = state.ships[name]
        if crew is None:
            events += _after_high_g(state, ship)
            continue
        c = next(c for c in ship.crew if c.name == crew)
        return events + rolls.start(
            state, "high_g", ship.name, ship.crew_skill(c, "Space Ops"), faces, HIGH_G_DIFFICULTY,
            ctx={"crew": crew, "queue": queue},
        )  # fmt: skip
    return events


def high_g_need(state: ShipState, roll: dict[str, Any], shifts: int) -> int | None:
    """Every shift of a shortfall is a shift of the hit."""
    return 1 if shifts < 0 else None


def high_g_read(state: ShipState, roll: dict[str, Any]) -> list[Event]:
    """One crew member's roll: the shortfall is a physical hit; then the next one's roll."""
    ship = state.ships[roll["ship"]]
    c = next(c for c in ship.crew if c.name == roll["ctx"]["crew"])
    short = -rolls.shifts_of(roll)
    total = HIGH_G_DIFFICULTY - short
    outcome = "holds"
    if short > 0:
        ways = absorb_options(short, c.stress, c.consequences)
        if not ways:
            c.status = OUT
            outcome = "taken out"
        else:
            way = ways[0]
            if way.box is not None:
                c.stress.mark(way.box)
            for sev in way.consequences:
                text = state.aspects.unique_name(f"{c.name}: G-Force Injury")
                c.consequences.take(sev, text)
                state.aspects.add(Aspect(text, AspectKind.CONSEQUENCE, owner=c.name))
            outcome = f"hit {short}"
    data = {"ship": ship.name, "crew": c.name, "dice": list(roll["dice"]), "total": total,
            "invoked": list(roll["invoked"]), "outcome": outcome}  # fmt: skip
    told = rolls.told(state, roll, "ship_high_g", data, state.seen_by(ship))
    return [*told, *_next_high_g(state, list(roll["ctx"]["queue"]))]


def _after_high_g(state: ShipState, ship: Ship) -> list[Event]:
    """Time beyond 6G: a minute takes the crew out, ten minutes kill it; nobody up: adrift."""
    events: list[Event] = []
    if ship.high_g_seconds >= HIGH_G_DEAD_SECONDS:
        for c in ship.crew:
            c.status = DEAD
    elif ship.high_g_seconds >= HIGH_G_OUT_SECONDS:
        for c in ship.crew:
            if c.status == OK:
                c.status = OUT
    if not any(c.status == OK for c in ship.crew):
        ship.status = ADRIFT
        events.append(
            tell(
                "ship_adrift",
                {"ship": ship.name, "side": ship.side, "seconds": ship.high_g_seconds},
                state,
                ship,
            )
        )
    return events


rolls.register("high_g", rolls.Reading(high_g_need, high_g_read))
