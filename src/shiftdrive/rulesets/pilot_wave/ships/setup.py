"""Setting up a ship fight: ships and crews from the scenario (skills with P3's defaults and
subjacent ratings, physical stress from Physique, C8a; hull per P12), momentum and signal from
before the fight, and the side-order roll (P8, P12)."""

from __future__ import annotations

from typing import Any

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import ConsequenceSlots, Severity
from shiftdrive.core.dice import DiceSource, roll_fudge
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.events import Event
from shiftdrive.engine.turns import PhasedRound
from shiftdrive.maps.hexgrid import Hex, HexMap
from shiftdrive.rulesets.pilot_wave.catalog import effective_skills
from shiftdrive.rulesets.pilot_wave.order import pool_of
from shiftdrive.rulesets.pilot_wave.ships import rolls
from shiftdrive.rulesets.pilot_wave.ships.scenario import ShipScenario
from shiftdrive.rulesets.pilot_wave.ships.state import Crew, Ship, ShipState
from shiftdrive.rulesets.pilot_wave.ships.tables import PHASES

#: side-order rolls tied for the top are rolled again, at most this many times (then the
#: listing order decides)
REROLLS = 10
#: a crew member's consequences (Fate Core, C9)
PERSONAL = (Severity.MILD, Severity.MODERATE, Severity.SEVERE)


def setup(sc: ShipScenario, dice: DiceSource) -> tuple[ShipState, list[Event]]:
    ships: dict[str, Ship] = {}
    aspects = AspectSet()
    for name in sc.aspects:
        aspects.add(Aspect(name, AspectKind.SITUATION))
    for side in sc.sides:
        for spec in side.ships:
            crew = [
                Crew(
                    name=c.name, station=station,
                    skills=effective_skills(c.rated(), c.physique, 0),
                    stress=StressTrack.fate_core("physical", c.physique),
                    consequences=ConsequenceSlots.fate_core(PERSONAL),
                )
                for station, c in spec.crew.items()
            ]  # fmt: skip
            ships[spec.name] = Ship(
                name=spec.name, side=side.name, type=spec.type, hex=str(Hex.parse(spec.at)),
                drive=spec.drive, armor=spec.armor, weapons=[w.lower() for w in spec.weapons],
                crew=crew,
                hull=StressTrack("hull", StressKind.FATE_CORE, list(range(1, spec.hull + 1))),
                consequences=ConsequenceSlots.fate_core(spec.consequences),
                jump_drive=spec.jump_drive,
                fate_points=FatePoints(spec.fate_points, spec.fate_points),
                last_moved=spec.speed, signal_last=not spec.dark,
            )  # fmt: skip
    state = ShipState(
        title=sc.title, scale=sc.scale, sides=[s.name for s in sc.sides], ships=ships,
        aspects=aspects, hexes=HexMap.from_dict(sc.map), round=PhasedRound(PHASES),
        groups={s.name: s.groups for s in sc.sides}, diameters=sc.diameters,
        follow_up=sc.follow_up, max_exchanges=sc.max_exchanges, gm_notes=sc.gm_notes,
        detected={s.name: [] for s in sc.sides},
    )  # fmt: skip
    events = [
        Event("ship_setup", data={"title": sc.title, "sides": list(state.sides), "scale": sc.scale})
    ]
    for name in state.sides:
        own = [s for s in ships.values() if s.side == name]
        events.append(
            Event(
                "ship_fleet",
                data={"side": name, "ships": [[s.name, s.type, s.hex] for s in own]},
                visible_to=frozenset({name}),
            )
        )
    # P6: a side with Tactics points bids in secret before the side-order roll
    state.bids = {side: (None if pool(state, side) else 0) for side in state.sides}
    if all(b is not None for b in state.bids.values()):
        events += side_order(state, dice)
    return state, events


def pool(state: ShipState, side: str) -> int:
    """P6: the sum of the Tactics of the side's crews still up aboard its ships in the fight."""
    return pool_of(
        c.skills["Tactics"]
        for s in state.ships.values()
        if s.side == side and s.active
        for c in s.crew
        if c.status == "ok"
    )


def reset_pools(state: ShipState) -> None:
    """P6: each exchange the pool is whole again, less what was bid for side order."""
    for side in state.sides:
        state.pools[side] = max(0, pool(state, side) - state.spent_on_order.get(side, 0))


def tactics_of(state: ShipState, side: str) -> tuple[int, int]:
    """P12: a side rolls its best tactician's Tactics and adds its best maneuver drive."""
    ships = [s for s in state.ships.values() if s.side == side and s.active]
    tactics = max((c.skills["Tactics"] for s in ships for c in s.crew if c.status == "ok"),
                  default=-2)  # fmt: skip
    drive = max((s.drive for s in ships if s.works("drives")), default=0)
    return tactics, drive


def side_order(state: ShipState, dice: DiceSource) -> list[Event]:
    """P8 + P12: each side rolls Tactics + its best drive + its bid (P6), all at once; then,
    as in any contest, the sides may invoke on their own rolls (C4): a side behind the best
    total is asked (`order_windows`) while its invokes could put it ahead, until no side that
    is behind can or will; then the highest picks who acts first (a tie for the top is rolled
    again) and the rest follow by their totals."""
    events: list[Event] = []
    while True:
        state.order_tied = False
        state.order_rolls = {}
        state.order_stood = []
        for side in state.sides:
            tactics, drive = tactics_of(state, side)
            bid = state.bids.get(side) or 0
            faces = list(roll_fudge(dice, why=f"{side} side order").faces)
            state.order_rolls[side] = {
                "side": side, "tactics": tactics, "drive": drive, "bid": bid, "dice": faces,
                "total": tactics + drive + bid + sum(faces), "paid": [],
            }  # fmt: skip
        events.append(Event("ship_order_dice", data={"rolls": _shown(state)}))
        events += order_windows(state)
        if not state.order_tied:  # (settled, or a side's roll waits on its invokes)
            return events


def _shown(state: ShipState) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "paid"} for r in state.order_rolls.values()]


def _tactician_ship(state: ShipState, side: str) -> Ship | None:
    """The ship of the side's best tactician (its crew's fate points pay the side's invokes
    on the side-order roll; its aspects and its crew's are the side's own)."""
    best: tuple[int, Ship] | None = None
    for s in state.ships.values():
        if s.side != side or not s.active:
            continue
        for c in s.crew:
            if c.status == "ok" and (best is None or c.skills["Tactics"] > best[0]):
                best = (c.skills["Tactics"], s)
    return None if best is None else best[1]


def _best_other(state: ShipState, side: str) -> int:
    return max(int(r["total"]) for s, r in state.order_rolls.items() if s != side)


def order_windows(state: ShipState) -> list[Event]:
    """The next side behind the best total that has not let its total stand since the totals
    last changed gets its roll in hand (`rolls.start`), against the best of the others: it is
    asked only if its invokes could put it ahead (`rolls.may_change`), else the roll stands at
    once. When none is left, the order is settled (`settle_order`)."""
    for side in state.sides:
        r = state.order_rolls[side]
        if side in state.order_stood or int(r["total"]) > _best_other(state, side):
            continue
        ship = _tactician_ship(state, side)
        if ship is None:
            state.order_stood.append(side)
            continue
        dice_total = sum(int(d) for d in r["dice"])
        return rolls.start(
            state, rolls.SIDE_ORDER, ship.name, int(r["total"]) - dice_total, list(r["dice"]),
            _best_other(state, side), ctx={"side": side}, paid=list(r["paid"]),
        )  # fmt: skip
    return settle_order(state)


def order_need(state: ShipState, roll: dict[str, Any], shifts: int) -> int | None:
    """To lead, a side's total must beat the best of the others (a tie for the top is rolled
    again, so only a lead changes the outcome for it)."""
    return None if shifts >= 1 else 1 - shifts


def order_read(state: ShipState, roll: dict[str, Any]) -> list[Event]:
    """The side's total with its invokes stands; a side that invoked changed the totals, so
    the others may answer; then the next window, or the order."""
    side = str(roll["ctx"]["side"])
    r = state.order_rolls[side]
    r["total"] = int(r["total"]) + int(roll["bonus"])
    r["paid"] = list(roll["paid"])
    state.order_stood = [side] if roll["bonus"] else [*state.order_stood, side]
    return order_windows(state)


rolls.register(rolls.SIDE_ORDER, rolls.Reading(order_need, order_read))


def settle_order(state: ShipState) -> list[Event]:
    """The highest total picks who acts first; a tie for the top is rolled again (bids stand,
    up to `REROLLS` rolls in all: `order_tied`, rolled by `side_order` at once or, after a
    decision, by `flow.advance`); the rest follow by their totals."""
    totals = {side: int(r["total"]) for side, r in state.order_rolls.items()}
    ranked = sorted(state.sides, key=lambda s: -totals[s])
    shown = _shown(state)
    state.order_rerolls += 1
    if totals[ranked[0]] == totals[ranked[1]] and state.order_rerolls < REROLLS:
        state.order_tied = True
        return [Event("ship_order_tied", data={"rolls": shown})]
    state.order_rolls = {}
    state.order_stood = []
    state.order = ranked
    state.chooser = state.picker = ranked[0]
    state.spent_on_order = {side: state.bids.get(side) or 0 for side in state.sides}
    reset_pools(state)
    return [Event("ship_side_order", data={"rolls": shown, "winner": ranked[0]})]
