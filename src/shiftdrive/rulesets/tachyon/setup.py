"""Tachyon: setup."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from shiftdrive.core.aspects import Aspect, AspectKind, AspectSet
from shiftdrive.core.consequences import TACHYON_VALUES, ConsequenceSlots, Severity
from shiftdrive.core.dice import DiceSource
from shiftdrive.core.fate_points import FatePoints
from shiftdrive.core.stress import StressKind, StressTrack
from shiftdrive.engine.events import Event
from shiftdrive.maps.zones import ZoneMap
from shiftdrive.rulesets.tachyon import systems as sysmod
from shiftdrive.rulesets.tachyon.detection import detection
from shiftdrive.rulesets.tachyon.flow import advance, start_round
from shiftdrive.rulesets.tachyon.rolls import flight_mods, roll_skill
from shiftdrive.rulesets.tachyon.scenario import (
    Catalog,
    CraftSpec,
    FlightSpec,
    TachyonScenario,
)
from shiftdrive.rulesets.tachyon.sight import who_sees
from shiftdrive.rulesets.tachyon.state import (
    CRAFT,
    FLIGHT,
    LARGE,
    TURRET,
    Swarm,
    TachyonState,
    Unit,
)


def set_up(scenario: TachyonScenario, dice: DiceSource) -> tuple[TachyonState, list[Event]]:
    sc: TachyonScenario = scenario
    cat = sc.merged_catalog()
    zmap = sc.zone_map
    aspects = AspectSet()
    for z in sc.map.zones:
        for name in z.aspects:
            aspects.add(Aspect(name, AspectKind.SITUATION, zone=zmap.canonical(z.name)))
    units: dict[str, Unit] = {}
    swarms: dict[str, Swarm] = {}
    for side in sc.sides:
        specs: list[CraftSpec | FlightSpec] = [*side.craft, *side.flights]
        for spec in specs:
            u = small_craft(spec, side.name, cat, zmap)
            units[u.name] = u
            add_aspects(aspects, spec.aspects, u.name)
        for lg in side.large:
            lt = cat.large[lg.template]

            def pick(field: str, spec: Any = lg, tmpl: Any = lt) -> int:
                v = getattr(spec, field)
                return int(v if v is not None else getattr(tmpl, field))

            u = Unit(
                name=lg.name, side=side.name, kind=LARGE, zone=zmap.canonical(lg.zone),
                skills={"tactics": pick("tactics"), "technology": pick("technology"),
                        "notice": lt.notice, "defense_short": pick("defense_short"),
                        "defense_long": pick("defense_long")},
                large_crew=True, shield_short=pick("shield_short"),
                shield_long=pick("shield_long"), pd_short=pick("pd_short"),
                pd_long=pick("pd_long"), systems=sysmod.new_tracks(),
            )  # fmt: skip
            units[u.name] = u
            add_aspects(aspects, lg.aspects, u.name)
            guns = lg.guns or lt.guns
            for i in range(guns.count):
                name = f"{lg.name} gun {i + 1}"
                units[name] = Unit(
                    name=name,
                    side=side.name,
                    kind=TURRET,
                    zone=u.zone,
                    skills={"gunnery": guns.gunnery, "tactics": guns.tactics},
                    weapons={guns.weapon: cat.weapons[guns.weapon].range},
                    large_crew=True,
                    parent=lg.name,
                )
        for sw in side.swarms:
            swarms[sw.name] = Swarm(
                sw.name, side.name, sw.aspect, zmap.canonical(sw.zone), sw.pilot
            )
            # T11: one situation aspect with one free invoke for its side.
            aspects.add(Aspect(sw.aspect, AspectKind.SITUATION, free_invokes={side.name: 1}))
    state = TachyonState(
        title=sc.title, sides=[s.name for s in sc.sides],
        goals={s.name: s.goal for s in sc.sides},
        destroy={s.name: [units[find(units, n)].name for n in s.destroy] for s in sc.sides},
        units=units, swarms=swarms, aspects=aspects, zones=list(zmap.names),
        end_zones=zmap.end_zones(),
        options={**sc.options.model_dump(),
                 "ordnance_speeds": {k: o.speed for k, o in cat.ordnance.items()}},
        max_rounds=sc.max_rounds, time_limit_winner=sc.time_limit_winner,
    )  # fmt: skip
    state.zmap = zmap
    events = [
        Event(
            "setup",
            data={"title": sc.title, "sides": state.sides, "goals": state.goals},
            visible_to=None,
        )
    ]
    if sc.options.detection:
        events += detection(state, sc, dice)
    events += initiative(state, dice)
    for u in units.values():
        events.append(
            Event(
                "unit",
                data={
                    "unit": u.name,
                    "side": u.side,
                    "kind": u.kind,
                    "zone": u.zone,
                    "tactics": u.skills.get("tactics", 0),
                    "dice": [u.init_faces, u.init_min, 0],
                    "mods": flight_mods(state, u),
                    "initiative": u.initiative,
                },
                visible_to=who_sees(state, u.name),
            )
        )
    events += start_round(state)
    events += advance(state, dice)
    return state, events


def initiative(state: TachyonState, dice: DiceSource) -> list[Event]:
    """T8: initiative = tactics + 4dF, for small craft, flights, large targets, turrets."""
    for i, u in enumerate(state.units.values(), start=1):
        u.initiative, r = roll_skill(state, dice, u, "tactics", f"initiative {i}")
        u.init_faces, u.init_min = list(r.faces), r.minimized
    return []


def small_craft(spec: CraftSpec | FlightSpec, side: str, cat: Catalog, zmap: ZoneMap) -> Unit:
    """A lone craft or a flight from its spec; unset ratings come from the template (T1)."""
    t = cat.craft[spec.template]
    skills = {
        s: getattr(spec, s) if getattr(spec, s) is not None else getattr(t, s)
        for s in ("pilot", "gunnery", "tactics", "technology", "notice")
    }
    size = spec.size if isinstance(spec, FlightSpec) else 1
    ordnance = spec.ordnance if spec.ordnance is not None else t.ordnance
    weapons = spec.weapons if spec.weapons is not None else t.weapons  # [] is none
    u = Unit(
        name=spec.name, side=side, kind=FLIGHT if isinstance(spec, FlightSpec) else CRAFT,
        zone=zmap.canonical(spec.zone), skills=skills,
        weapons={w: cat.weapons[w].range for w in weapons},
        ordnance={k: v * size for k, v in ordnance.items()},
        load=dict(ordnance) if isinstance(spec, FlightSpec) else {},
        shields=shields(spec.shields if spec.shields is not None else t.shields),
        size=size, large_crew=t.large_crew,
    )  # fmt: skip
    if isinstance(spec, CraftSpec):
        u.consequences = ConsequenceSlots.of(consequence_values(tuple(spec.consequences)))
        if spec.large_crew is not None:
            u.large_crew = spec.large_crew
        if spec.pc:
            u.pc = True
            points = spec.fate_points if spec.fate_points is not None else spec.refresh
            u.fate_points = FatePoints(points, spec.refresh)
            u.stress = StressTrack.counting("stress", spec.stress_boxes)
    return u


@lru_cache(maxsize=64)
def consequence_values(names: tuple[str, ...]) -> Mapping[Severity, int]:
    """The slots' values a craft's consequences give (C9), made once per list of names: every
    battle of a simulation sets up the same craft. Read only (`ConsequenceSlots.of` copies)."""
    return {Severity(s): TACHYON_VALUES[Severity(s)] for s in names}


def shields(n: int) -> StressTrack | None:
    return StressTrack("shields", StressKind.COUNTING, [1] * n) if n > 0 else None


def find(units: Mapping[str, Unit], name: str) -> str:
    return next(k for k in units if k.lower() == name.lower())


def add_aspects(aspects: AspectSet, names: list[str], owner: str) -> None:
    for n in names:
        aspects.add(Aspect(aspects.unique_name(n), AspectKind.CHARACTER, owner=owner))
