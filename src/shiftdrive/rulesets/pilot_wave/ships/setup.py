"""Setting up a ship fight: ships and crews from the scenario (skills with P3's defaults and
subjacent ratings, physical stress from Physique, C8a; hull per P12), momentum and signal from
before the fight, and the side-order roll (P8, P12)."""

from __future__ import annotations

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
        events.append(side_order(state, dice))
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


def side_order(state: ShipState, dice: DiceSource) -> Event:
    """P8 + P12: each side rolls Tactics + its best drive + its bid (P6); the highest picks who
    acts first (a tie for the top is rolled again); the rest follow by their totals."""
    rolls: list[dict[str, object]] = []
    ranked: list[str] = list(state.sides)
    for _ in range(REROLLS):
        rolls = []
        for side in state.sides:
            tactics, drive = tactics_of(state, side)
            bid = state.bids.get(side) or 0
            faces = roll_fudge(dice, why=f"{side} side order")
            rolls.append(
                {
                    "side": side,
                    "tactics": tactics,
                    "drive": drive,
                    "bid": bid,
                    "dice": list(faces.faces),
                    "total": tactics + drive + bid + faces.total,
                }
            )
        totals = {str(r["side"]): int(str(r["total"])) for r in rolls}
        ranked = sorted(state.sides, key=lambda s: -totals[s])
        if totals[ranked[0]] != totals[ranked[1]]:
            break
    state.order = ranked
    state.chooser = state.picker = ranked[0]
    state.spent_on_order = {side: state.bids.get(side) or 0 for side in state.sides}
    reset_pools(state)
    return Event("ship_side_order", data={"rolls": rolls, "winner": ranked[0]})
